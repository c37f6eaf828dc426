//! `Decimal`: exact base-10 numbers (`decimal("0.1") + decimal("0.2")`), on top of
//! `rust_decimal` (28 significant digits, at most 28 after the point): parsing from
//! strings, conversion from integers and floats, checked arithmetic, rounding, and the
//! `repr` and display Typst gives them.

use ecow::{EcoString, eco_format};
use rust_decimal::RoundingStrategy;
use rust_decimal::prelude::ToPrimitive;

/// A fixed-point decimal number.
#[derive(Debug, Copy, Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Decimal(pub rust_decimal::Decimal);

impl Decimal {
    /// Zero.
    pub const ZERO: Self = Self(rust_decimal::Decimal::ZERO);

    /// The decimal as Typst's `repr` writes it: `decimal("1.5")`.
    pub fn repr(&self) -> EcoString {
        eco_format!("decimal(\"{}\")", self.0)
    }

    /// The decimal as `str` and markup show it: `1.50`, `−1.5` with the typographic minus.
    pub fn display(&self) -> EcoString {
        if self.0.is_sign_negative() && !self.0.is_zero() {
            eco_format!("\u{2212}{}", self.0.abs())
        } else {
            eco_format!("{}", self.0)
        }
    }

    /// Parses a decimal written with digits and at most one point (`-1.50`, `−2`); no
    /// exponent, no surrounding space, and not more digits than the type holds.
    pub fn parse(text: &str) -> Option<Self> {
        let text = text.replace('\u{2212}', "-");
        rust_decimal::Decimal::from_str_exact(&text).ok().map(Self)
    }

    /// The exact value of a float, cut to the digits a decimal holds; `None` for infinite,
    /// NaN and too large floats.
    pub fn from_float(v: f64) -> Option<Self> {
        rust_decimal::Decimal::from_f64_retain(v).map(Self)
    }

    /// The nearest float.
    pub fn to_float(self) -> f64 {
        self.0.to_f64().unwrap_or(0.0)
    }

    /// The integer part as an integer, `None` if it does not fit.
    pub fn trunc_to_int(self) -> Option<i64> {
        self.0.trunc().to_i64()
    }

    /// Whether the decimal is zero.
    pub fn is_zero(self) -> bool {
        self.0.is_zero()
    }

    /// `self + other`, `None` on overflow.
    pub fn checked_add(self, other: Self) -> Option<Self> {
        self.0.checked_add(other.0).map(Self)
    }

    /// `self - other`, `None` on overflow.
    pub fn checked_sub(self, other: Self) -> Option<Self> {
        self.0.checked_sub(other.0).map(Self)
    }

    /// `self * other`, `None` on overflow.
    pub fn checked_mul(self, other: Self) -> Option<Self> {
        self.0.checked_mul(other.0).map(Self)
    }

    /// `self / other`, `None` on overflow or division by zero.
    pub fn checked_div(self, other: Self) -> Option<Self> {
        self.0.checked_div(other.0).map(Self)
    }

    /// The remainder of `self / other` with the sign of `self`, `None` for a zero divisor.
    pub fn checked_rem(self, other: Self) -> Option<Self> {
        self.0.checked_rem(other.0).map(Self)
    }

    /// The absolute value.
    pub fn abs(self) -> Self {
        Self(self.0.abs())
    }

    /// The integer part, with the sign of `self`.
    pub fn trunc(self) -> Self {
        Self(self.0.trunc())
    }

    /// The fractional part, with the sign of `self`.
    pub fn fract(self) -> Self {
        Self(self.0.fract())
    }

    /// Rounded down, up, or towards zero to an integer; `None` if that does not fit.
    pub fn floor_int(self) -> Option<i64> {
        self.0.floor().to_i64()
    }

    /// See `floor_int`.
    pub fn ceil_int(self) -> Option<i64> {
        self.0.ceil().to_i64()
    }

    /// `self` to an integer power (a negative one divides one by the positive power), by
    /// the method `rust_decimal`'s `checked_powi` uses; `None` on overflow.
    pub fn checked_powi(self, exp: i64) -> Option<Self> {
        use rust_decimal::MathematicalOps;
        self.0.checked_powi(exp).map(Self)
    }

    /// Rounds to `digits` decimal places (negative: to tens, hundreds, ...), half away from
    /// zero; `None` if the result does not fit.
    pub fn round(self, digits: i64) -> Option<Self> {
        let strategy = RoundingStrategy::MidpointAwayFromZero;
        if digits >= 0 {
            let digits = u32::try_from(digits).unwrap_or(u32::MAX);
            return Some(Self(self.0.round_dp_with_strategy(digits, strategy)));
        }
        let places = digits.unsigned_abs();
        let Some(scale) = 10i64.checked_pow(u32::try_from(places).unwrap_or(u32::MAX)) else {
            return Some(Self::ZERO);
        };
        let scale = rust_decimal::Decimal::from(scale);
        let shifted = self.0.checked_div(scale)?.round_dp_with_strategy(0, strategy);
        shifted.checked_mul(scale).map(Self)
    }
}

impl std::ops::Neg for Decimal {
    type Output = Self;
    fn neg(self) -> Self {
        Self(-self.0)
    }
}

impl From<i64> for Decimal {
    fn from(v: i64) -> Self {
        Self(rust_decimal::Decimal::from(v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Decimal {
        Decimal::parse(s).unwrap()
    }

    #[test]
    fn parsing_and_display() {
        assert_eq!(d("1.50").repr(), "decimal(\"1.50\")");
        assert_eq!(d("\u{2212}1.5").display(), "\u{2212}1.5");
        assert!(Decimal::parse("1e5").is_none());
        assert!(Decimal::parse(" 1").is_none());
        assert!(Decimal::parse("0.00000000000000000000000000001").is_none());
        assert_eq!(
            Decimal::from_float(0.1).unwrap().repr(),
            "decimal(\"0.1000000000000000055511151231\")"
        );
        assert!(Decimal::from_float(f64::NAN).is_none());
    }

    #[test]
    fn rounding() {
        assert_eq!(d("1.555").round(2), Some(d("1.56")));
        assert_eq!(d("15").round(-1).unwrap().repr(), "decimal(\"20\")");
        assert_eq!(d("1.5").round(-1).unwrap().repr(), "decimal(\"0\")");
        assert_eq!(d("1.5").round(-40), Some(Decimal::ZERO));
        assert_eq!(d("79228162514264337593543950335").round(-1), None);
        assert_eq!(
            d("1.5").checked_powi(-1).unwrap().repr(),
            "decimal(\"0.6666666666666666666666666667\")"
        );
    }
}
