//! The `World`: everything evaluation needs from outside — the library, the main file,
//! and sources and raw files by id — and `FileError`, with Typst's wording for failures.
//!
//! File ids are project-relative paths (`/chapters/one.typ`); the world maps them to
//! storage (the file system in the CLI, memory in tests). Evaluation never does I/O itself.

use std::fmt::{self, Display, Formatter};
use std::sync::Arc;

use ecow::EcoString;

use crate::base::FileId;
use crate::model::{Datetime, Scope, Styles};
use crate::syntax::Source;

/// What evaluation reads from its surroundings. Shared by the parallel layout workers,
/// hence `Sync`.
pub trait World: Sync {
    /// The global scope: the standard library (see `library::std_library`), possibly
    /// with extra globals (the test suite adds `test` and `print`).
    fn library(&self) -> &Scope;

    /// The file compilation starts at.
    fn main(&self) -> FileId;

    /// The parsed source of a file.
    fn source(&self, id: FileId) -> Result<Source, FileError>;

    /// The raw bytes of a file (images, data).
    fn file(&self, id: FileId) -> Result<Arc<[u8]>, FileError>;

    /// The styles the document starts with, below its own set rules (empty for a real
    /// document; the test suite uses them for its small pages).
    fn styles(&self) -> Styles {
        Styles::new()
    }

    /// Today's date, in UTC shifted by `offset` hours (`None`: the local time zone), or
    /// `None` when the world does not tell (a reproducible build without a timestamp).
    fn today(&self, offset: Option<i64>) -> Option<Datetime> {
        let _ = offset;
        None
    }
}

/// Why a file could not be read.
#[derive(Debug, Clone, Eq, PartialEq, Hash)]
pub enum FileError {
    /// No file at the path; holds the path that was searched (on the storage side).
    NotFound(EcoString),
    /// The path leaves the project root or may not be read.
    AccessDenied,
    /// The path is a directory.
    IsDirectory,
    /// The file is not valid UTF-8 (for a source).
    InvalidUtf8,
    /// Another failure, described.
    Other(EcoString),
}

impl FileError {
    /// A hint to show with the error, if any.
    pub fn hint(&self) -> Option<&'static str> {
        match self {
            Self::AccessDenied => Some("cannot read file outside of project root"),
            _ => None,
        }
    }
}

impl Display for FileError {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        match self {
            Self::NotFound(path) => write!(f, "file not found (searched at {path})"),
            Self::AccessDenied => f.write_str("failed to load file (access denied)"),
            Self::IsDirectory => f.write_str("failed to load file (is a directory)"),
            Self::InvalidUtf8 => f.write_str("file is not valid utf-8"),
            Self::Other(message) => write!(f, "failed to load file ({message})"),
        }
    }
}
