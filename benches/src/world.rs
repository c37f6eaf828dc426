//! An in-memory `World` for benches: one generated main file, the standard library, no
//! other files. Reading anything else fails with `file not found`.

use std::sync::Arc;

use quire_stages::base::FileId;
use quire_stages::eval::{FileError, World, library};
use quire_stages::model::{Dict, Scope};
use quire_stages::syntax::Source;

/// A world whose only file is the main source.
#[derive(Debug)]
pub struct MemoryWorld {
    main: Source,
    library: Scope,
}

impl MemoryWorld {
    /// A world around `text` as `/main.typ`.
    pub fn new(text: String) -> Self {
        let main = Source::new(FileId::new("/main.typ"), text);
        Self { main, library: library::std_library(Dict::new()) }
    }
}

impl World for MemoryWorld {
    fn library(&self) -> &Scope {
        &self.library
    }

    fn main(&self) -> FileId {
        self.main.id()
    }

    fn source(&self, id: FileId) -> Result<Source, FileError> {
        if id == self.main.id() {
            Ok(self.main.clone())
        } else {
            Err(FileError::NotFound(id.path().into()))
        }
    }

    fn file(&self, id: FileId) -> Result<Arc<[u8]>, FileError> {
        if id == self.main.id() {
            Ok(Arc::from(self.main.text().as_bytes()))
        } else {
            Err(FileError::NotFound(id.path().into()))
        }
    }
}
