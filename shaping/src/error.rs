//! Errors of the font layer: what can go wrong when font data is read or parsed.

use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

/// Why a font could not be used.
///
/// Font problems are never panics: a broken file in a font directory is skipped while
/// the book is built, and a file that vanished afterwards is reported when its face is
/// first loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FontError {
    /// The bytes are not an OpenType/TrueType font, or the face index is out of range.
    Malformed {
        /// The face index that was asked for.
        index: u32,
    },
    /// The id was not handed out by this font book.
    UnknownId,
    /// A font file could not be read.
    Io {
        /// The file that was read.
        path: Arc<PathBuf>,
        /// The operating system's description of the failure.
        message: String,
    },
}

impl fmt::Display for FontError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Malformed { index } => write!(f, "failed to parse font face {index}"),
            Self::UnknownId => f.write_str("font id is not in this font book"),
            Self::Io { path, message } => {
                write!(f, "failed to read font file {}: {message}", path.display())
            }
        }
    }
}

impl std::error::Error for FontError {}
