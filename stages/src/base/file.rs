//! File identities: a project-relative path → a 2-byte interned `FileId`.
//!
//! Ids are interned in a process-wide table so that a `Span` can carry its file in 16 bits
//! and every stage (on any thread) can turn an id back into its path for diagnostics.
//! The table only ever grows; it holds paths, not file contents.

use std::collections::HashMap;
use std::fmt::{self, Debug, Formatter};
use std::num::NonZeroU16;
use std::sync::{LazyLock, RwLock};

/// An interned file path (relative to the project root, with forward slashes).
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash)]
pub struct FileId(NonZeroU16);

struct Interner {
    to_id: HashMap<&'static str, FileId>,
    paths: Vec<&'static str>,
}

static INTERNER: LazyLock<RwLock<Interner>> =
    LazyLock::new(|| RwLock::new(Interner { to_id: HashMap::new(), paths: Vec::new() }));

impl FileId {
    /// The id of `path`, interning it on first use.
    ///
    /// Panics only if more than 65 535 distinct files are interned in one process, which
    /// a span's 16-bit file field cannot represent.
    pub fn new(path: &str) -> Self {
        if let Some(&id) = read_interner().to_id.get(path) {
            return id;
        }
        let mut interner = INTERNER.write().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(&id) = interner.to_id.get(path) {
            return id;
        }
        let number = u16::try_from(interner.paths.len() + 1)
            .ok()
            .and_then(NonZeroU16::new)
            .expect("more than 65535 distinct files in one process");
        let id = FileId(number);
        let leaked: &'static str = Box::leak(path.to_owned().into_boxed_str());
        interner.paths.push(leaked);
        interner.to_id.insert(leaked, id);
        id
    }

    /// The path this id was interned from.
    pub fn path(self) -> &'static str {
        read_interner().paths[usize::from(self.0.get()) - 1]
    }

    /// The raw 16-bit number, for packing into a `Span`.
    pub(crate) const fn into_raw(self) -> NonZeroU16 {
        self.0
    }

    /// The id from its raw number, as packed into a `Span`.
    pub(crate) const fn from_raw(raw: NonZeroU16) -> Self {
        FileId(raw)
    }
}

fn read_interner() -> std::sync::RwLockReadGuard<'static, Interner> {
    INTERNER.read().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Debug for FileId {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        write!(f, "FileId({:?})", self.path())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interning_is_stable() {
        let a = FileId::new("/chapters/one.typ");
        let b = FileId::new("/chapters/two.typ");
        assert_ne!(a, b);
        assert_eq!(a, FileId::new("/chapters/one.typ"));
        assert_eq!(a.path(), "/chapters/one.typ");
        assert_eq!(b.path(), "/chapters/two.typ");
    }
}
