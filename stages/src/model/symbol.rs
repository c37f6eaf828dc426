//! `Symbol`: a character with named variants (`sym.arrow.r`, `emoji.face`), as the
//! `sym` and `emoji` modules give them.

use ecow::{EcoString, eco_format};

use super::repr_str;

/// A symbol: the text of its current variant.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Symbol(pub EcoString);

impl Symbol {
    /// The symbol as Typst's `repr` writes it.
    pub fn repr(&self) -> EcoString {
        eco_format!("symbol({})", repr_str(&self.0))
    }
}
