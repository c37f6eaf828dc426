//! `Decimal`: exact base-10 numbers (`decimal("0.1") + decimal("0.2")`), on top of
//! `rust_decimal`.

use ecow::{EcoString, eco_format};

/// A fixed-point decimal number.
#[derive(Debug, Copy, Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Decimal(pub rust_decimal::Decimal);

impl Decimal {
    /// The decimal as Typst's `repr` writes it: `decimal("1.5")`.
    pub fn repr(&self) -> EcoString {
        eco_format!("decimal(\"{}\")", self.0)
    }
}
