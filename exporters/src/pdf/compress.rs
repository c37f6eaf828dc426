//! Stream compression: bytes → zlib data for `/Filter /FlateDecode` (PDF 1.7, 7.4.4).
//! pdf-writer never compresses by itself.

use std::io::Write;

use flate2::Compression;
use flate2::write::ZlibEncoder;

/// Compresses `data` with zlib at the default level (6), a good balance of size and
/// speed for content streams, fonts and images.
pub(super) fn deflate(data: &[u8]) -> Vec<u8> {
    let mut encoder =
        ZlibEncoder::new(Vec::with_capacity(data.len() / 2 + 64), Compression::default());
    // Writing into a `Vec` cannot fail.
    let _ = encoder.write_all(data);
    encoder.finish().unwrap_or_default()
}
