//! `Bytes`: an immutable, cheaply cloned byte buffer (`bytes("abc")`, `read(.., encoding:
//! none)`, the encoders of the data formats), with Typst's indexing errors.

use ecow::{EcoString, EcoVec, eco_format};

/// A sequence of bytes.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Bytes(pub EcoVec<u8>);

impl Bytes {
    /// The bytes as a slice.
    pub fn as_slice(&self) -> &[u8] {
        &self.0
    }

    /// The number of bytes.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are no bytes.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The bytes as Typst's `repr` writes it: their count.
    pub fn repr(&self) -> EcoString {
        eco_format!("bytes({})", self.0.len())
    }

    /// The position of `index` (negative from the end); the length itself is allowed when
    /// `allow_end`. `None` when out of bounds.
    pub fn locate(&self, index: i64, allow_end: bool) -> Option<usize> {
        let len = self.0.len();
        let i = if index < 0 { (len as i64).checked_add(index)? } else { index };
        let i = usize::try_from(i).ok()?;
        (i < len || (allow_end && i == len)).then_some(i)
    }

    /// The error for an index out of bounds.
    pub fn out_of_bounds(&self, index: i64) -> EcoString {
        eco_format!("byte index out of bounds (index: {index}, len: {})", self.0.len())
    }

    /// The two buffers one after the other.
    pub fn concat(&self, other: &Self) -> Self {
        let mut out = self.0.clone();
        out.extend_from_slice(&other.0);
        Self(out)
    }
}

impl From<Vec<u8>> for Bytes {
    fn from(v: Vec<u8>) -> Self {
        Self(v.into_iter().collect())
    }
}

impl From<&[u8]> for Bytes {
    fn from(v: &[u8]) -> Self {
        Self(v.into())
    }
}

impl From<&str> for Bytes {
    fn from(v: &str) -> Self {
        Self(v.as_bytes().into())
    }
}

impl AsRef<[u8]> for Bytes {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}
