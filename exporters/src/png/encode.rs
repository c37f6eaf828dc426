//! PNG files: a rendered pixmap → PNG bytes, and the one-call page export with a
//! resolution in pixels per inch (Typst's `--ppi`, 144 by default).

use std::fmt::{self, Display, Formatter};

use quire_stages::doc::Page;
use tiny_skia::Pixmap;

use super::render::render_page;

/// The default resolution of PNG export in pixels per inch, as in Typst (2 pixels per pt).
pub const DEFAULT_PPI: f32 = 144.0;

/// Why a page could not be exported as PNG.
#[derive(Debug, Clone, PartialEq)]
pub enum PngError {
    /// The resolution (in pixels per point) is zero, negative or not a number.
    InvalidScale(f32),
    /// The page at this resolution needs a pixmap that cannot be allocated.
    TooLarge {
        /// The width in pixels.
        width: u32,
        /// The height in pixels.
        height: u32,
    },
    /// The PNG encoder failed.
    Encode(String),
}

impl Display for PngError {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        match self {
            Self::InvalidScale(scale) => {
                write!(f, "pixel density must be a positive number (got {} per inch)", scale * 72.0)
            }
            Self::TooLarge { width, height } => {
                write!(f, "page is too large to render ({width}×{height} pixels)")
            }
            Self::Encode(message) => write!(f, "failed to encode PNG: {message}"),
        }
    }
}

impl std::error::Error for PngError {}

/// Encodes a rendered pixmap as a PNG file (RGBA, 8 bits per channel, non-premultiplied).
/// The same pixmap always gives the same bytes.
pub fn encode_png(pixmap: &Pixmap) -> Result<Vec<u8>, PngError> {
    pixmap.encode_png().map_err(|err| PngError::Encode(err.to_string()))
}

/// Renders `page` at `ppi` pixels per inch and encodes it as PNG (see [`render_page`]).
pub fn export_page(page: &Page, ppi: f32) -> Result<Vec<u8>, PngError> {
    encode_png(&render_page(page, ppi / 72.0)?)
}
