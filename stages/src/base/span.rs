//! Spans: 8-byte handles that point from any value back to the syntax node it came from.
//!
//! A span packs a `FileId` (16 bits) and the node's *number* (48 bits). The parser's tree is
//! numbered in pre-order after parsing (`SyntaxNode::numberize`), so a span resolves to a
//! byte range by descending the tree of its file (`Source::range`). Numbering, not byte
//! offsets, keeps spans stable when text before a node changes length.

use std::fmt::{self, Debug, Formatter};
use std::num::{NonZeroU16, NonZeroU64};

use super::FileId;

/// Points to a syntax node in a file, or nowhere (`Span::detached`).
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash)]
pub struct Span(NonZeroU64);

impl Span {
    /// The first number the parser hands out; smaller numbers are reserved.
    pub const FIRST: u64 = 2;
    /// One past the largest number a span can hold.
    pub const LIMIT: u64 = 1 << Self::BITS;
    const BITS: u32 = 48;
    const DETACHED: u64 = 1;

    /// A span that points nowhere (generated values, tests).
    pub const fn detached() -> Self {
        match NonZeroU64::new(Self::DETACHED) {
            Some(v) => Self(v),
            None => unreachable!(),
        }
    }

    /// A span for node `number` in file `id`. Returns `None` if the number is out of range.
    pub fn new(id: FileId, number: u64) -> Option<Self> {
        if !(Self::FIRST..Self::LIMIT).contains(&number) {
            return None;
        }
        let bits = (u64::from(id.into_raw().get()) << Self::BITS) | number;
        NonZeroU64::new(bits).map(Self)
    }

    /// Whether this span points nowhere.
    pub const fn is_detached(self) -> bool {
        self.0.get() == Self::DETACHED
    }

    /// The file this span points into, if it is attached.
    pub fn id(self) -> Option<FileId> {
        let raw = u16::try_from(self.0.get() >> Self::BITS).ok()?;
        NonZeroU16::new(raw).map(FileId::from_raw)
    }

    /// The node number within its file.
    pub const fn number(self) -> u64 {
        self.0.get() & ((1 << Self::BITS) - 1)
    }

    /// `self` unless it is detached, else `other`.
    pub fn or(self, other: Self) -> Self {
        if self.is_detached() { other } else { self }
    }
}

impl Debug for Span {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        match self.id() {
            Some(id) => write!(f, "Span({:?}, {})", id.path(), self.number()),
            None => f.write_str("Span(detached)"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn span_packs_file_and_number() {
        let id = FileId::new("/span-test.typ");
        let span = Span::new(id, 1234).unwrap();
        assert_eq!(span.id(), Some(id));
        assert_eq!(span.number(), 1234);
        assert!(!span.is_detached());
        assert!(Span::detached().is_detached());
        assert_eq!(Span::detached().id(), None);
        assert!(Span::new(id, 1).is_none());
        assert!(Span::new(id, Span::LIMIT).is_none());
        assert_eq!(std::mem::size_of::<Option<Span>>(), 8);
    }
}
