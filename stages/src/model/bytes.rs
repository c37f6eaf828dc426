//! `Bytes`: an immutable, cheaply cloned byte buffer (`bytes("abc")`, `read(.., encoding:
//! none)`, the encoders of the data formats).

use ecow::{EcoString, EcoVec, eco_format};

/// A sequence of bytes.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Bytes(pub EcoVec<u8>);

impl Bytes {
    /// The bytes as Typst's `repr` writes them: their count.
    pub fn repr(&self) -> EcoString {
        eco_format!("bytes({})", self.0.len())
    }
}
