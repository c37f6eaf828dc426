//! Spans: 8-byte handles that point from any value back to the syntax node it came from.
//!
//! A span packs a `FileId` (16 bits) and the node's *number* (48 bits). The parser's tree is
//! numbered in pre-order after parsing (`SyntaxNode::numberize`), so a span resolves to a
//! byte range by descending the tree of its file (`Source::range`). Numbering, not byte
//! offsets, keeps spans stable when text before a node changes length.
//!
//! Files that are not parsed (data files such as JSON) have no nodes: a span into one
//! holds a byte range instead (`Span::from_range`), marked by the number's top bit; node
//! numbers stay below it.

use std::fmt::{self, Debug, Formatter};
use std::num::{NonZeroU16, NonZeroU64};

use super::FileId;

/// Points to a syntax node in a file, or nowhere (`Span::detached`).
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash)]
pub struct Span(NonZeroU64);

impl Span {
    /// The first number the parser hands out; smaller numbers are reserved.
    pub const FIRST: u64 = 2;
    /// One past the largest node number a span can hold.
    pub const LIMIT: u64 = Self::RANGE_FLAG;
    const BITS: u32 = 48;
    const DETACHED: u64 = 1;
    /// Marks a span that holds a byte range: 24 bits of start, then 23 bits of length.
    const RANGE_FLAG: u64 = 1 << (Self::BITS - 1);
    const LENGTH_BITS: u32 = 23;
    const MAX_START: usize = (1 << (Self::BITS - 1 - Self::LENGTH_BITS)) - 1;
    const MAX_LENGTH: usize = (1 << Self::LENGTH_BITS) - 1;

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

    /// A span for the bytes `range` of file `id`, a file without syntax nodes. Offsets
    /// past 16 MiB (lengths past 8 MiB) are clamped.
    pub fn from_range(id: FileId, range: std::ops::Range<usize>) -> Self {
        let start = range.start.min(Self::MAX_START);
        let length = range.end.saturating_sub(range.start).min(Self::MAX_LENGTH);
        let number = Self::RANGE_FLAG | ((start as u64) << Self::LENGTH_BITS) | length as u64;
        let bits = (u64::from(id.into_raw().get()) << Self::BITS) | number;
        NonZeroU64::new(bits).map_or(Self::detached(), Self)
    }

    /// The byte range of a span made by `from_range`.
    pub fn range(self) -> Option<std::ops::Range<usize>> {
        let number = self.number();
        if self.is_detached() || number & Self::RANGE_FLAG == 0 {
            return None;
        }
        let start = ((number & !Self::RANGE_FLAG) >> Self::LENGTH_BITS) as usize;
        let length = (number & Self::MAX_LENGTH as u64) as usize;
        Some(start..start + length)
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
        assert_eq!(span.range(), None);
    }

    #[test]
    fn spans_into_unparsed_files_hold_byte_ranges() {
        let id = FileId::new("/data.json");
        let span = Span::from_range(id, 12..15);
        assert_eq!((span.id(), span.range()), (Some(id), Some(12..15)));
        assert_eq!(Span::from_range(id, 7..7).range(), Some(7..7));
        // Far offsets are clamped, never wrapped into another range.
        let far = Span::from_range(id, 20_000_000..20_000_004).range().unwrap();
        assert_eq!(far, Span::MAX_START..Span::MAX_START + 4);
        assert_eq!(Span::detached().range(), None);
    }
}
