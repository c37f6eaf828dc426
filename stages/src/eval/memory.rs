//! An in-memory `World`: one main source (`/main.typ`), optional extra files by path, and
//! the standard library. For tests, benches and embedding; nothing is read from disk.

use std::sync::{Arc, LazyLock};

use super::{FileError, World, library};
use crate::base::FileId;
use crate::model::{Dict, Scope};
use crate::syntax::Source;

/// The standard library without inputs, built once for every memory world.
static LIBRARY: LazyLock<Scope> = LazyLock::new(|| library::std_library(Dict::new()));

/// A world held in memory.
#[derive(Debug, Clone)]
pub struct MemoryWorld {
    main: Source,
    files: Vec<(FileId, Arc<[u8]>)>,
}

impl MemoryWorld {
    /// A world whose main file `/main.typ` holds `text`.
    pub fn new(text: impl Into<String>) -> Self {
        Self { main: Source::new(FileId::new("/main.typ"), text.into()), files: Vec::new() }
    }

    /// The world with the bytes of a further file at `path` (absolute in the project).
    pub fn with_file(mut self, path: &str, data: impl Into<Arc<[u8]>>) -> Self {
        self.files.push((FileId::new(path), data.into()));
        self
    }

    /// The main source.
    pub fn main_source(&self) -> &Source {
        &self.main
    }
}

impl World for MemoryWorld {
    fn library(&self) -> &Scope {
        &LIBRARY
    }

    fn main(&self) -> FileId {
        self.main.id()
    }

    fn source(&self, id: FileId) -> Result<Source, FileError> {
        if id == self.main.id() {
            return Ok(self.main.clone());
        }
        let bytes = self.file(id)?;
        let text = String::from_utf8(bytes.to_vec()).map_err(|_| FileError::InvalidUtf8)?;
        Ok(Source::new(id, text))
    }

    fn file(&self, id: FileId) -> Result<Arc<[u8]>, FileError> {
        if id == self.main.id() {
            return Ok(Arc::from(self.main.text().as_bytes()));
        }
        self.files
            .iter()
            .find(|(path, _)| *path == id)
            .map(|(_, data)| Arc::clone(data))
            .ok_or_else(|| FileError::NotFound(id.path().into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serves_the_main_file_and_added_files_only() {
        let world = MemoryWorld::new("= Hi").with_file("/a.typ", b"#let x = 1".to_vec());
        assert_eq!(world.source(world.main()).unwrap().text(), "= Hi");
        assert_eq!(world.source(FileId::new("/a.typ")).unwrap().text(), "#let x = 1");
        assert_eq!(world.file(FileId::new("/b.png")), Err(FileError::NotFound("/b.png".into())));
    }
}
