//! PNG export: a laid-out page → pixels (tiny-skia) → PNG bytes. Each page renders
//! independently, so the pipeline can call these from any number of workers.

mod encode;
mod image;
mod render;
mod shape;
mod text;

pub use self::encode::{DEFAULT_PPI, PngError, encode_png, export_page};
pub use self::render::render_page;
/// The pixel buffer that [`render_page`] returns, re-exported so callers need no tiny-skia.
pub use tiny_skia::Pixmap;
