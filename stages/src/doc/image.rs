//! Images in frames: the encoded bytes with their format and pixel size. Exporters decode
//! them (JPEG can be passed through to PDF as is).

use std::fmt::{self, Debug, Formatter};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use ecow::EcoString;

/// The encoding of an image's bytes.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Hash)]
pub enum ImageFormat {
    Png,
    Jpg,
    Gif,
}

/// An encoded raster image. Cheap to clone; equality and hashing use a content hash taken
/// once at creation.
#[derive(Clone)]
pub struct Image(Arc<Repr>);

struct Repr {
    data: Arc<[u8]>,
    hash: u64,
    format: ImageFormat,
    width: u32,
    height: u32,
    alt: Option<EcoString>,
}

impl Image {
    /// An image from its encoded bytes, format and pixel size (as read from its header by
    /// whoever created it).
    pub fn new(
        data: Arc<[u8]>,
        format: ImageFormat,
        width: u32,
        height: u32,
        alt: Option<EcoString>,
    ) -> Self {
        let hash = fnv1a(&data);
        Self(Arc::new(Repr { data, hash, format, width, height, alt }))
    }

    /// The encoded bytes.
    pub fn data(&self) -> &Arc<[u8]> {
        &self.0.data
    }
    /// The encoding.
    pub fn format(&self) -> ImageFormat {
        self.0.format
    }
    /// The width in pixels.
    pub fn width(&self) -> u32 {
        self.0.width
    }
    /// The height in pixels.
    pub fn height(&self) -> u32 {
        self.0.height
    }
    /// The alternative text.
    pub fn alt(&self) -> Option<&str> {
        self.0.alt.as_deref()
    }
    /// A stable hash of the bytes (identical images share one PDF object).
    pub fn content_hash(&self) -> u64 {
        self.0.hash
    }
}

/// FNV-1a, a stable (platform- and run-independent) hash for deduplication keys.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

impl PartialEq for Image {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
            || (self.0.hash == other.0.hash
                && self.0.format == other.0.format
                && self.0.alt == other.0.alt
                && self.0.data == other.0.data)
    }
}

impl Eq for Image {}

impl Hash for Image {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash.hash(state);
    }
}

impl Debug for Image {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        write!(f, "Image({:?}, {}x{})", self.0.format, self.0.width, self.0.height)
    }
}
