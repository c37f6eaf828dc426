//! The numeric layout values of the language: `Length` (absolute + font-relative part),
//! `Ratio` (a percentage), `Rel` (a length plus a ratio) and `Fr` (a fraction of the
//! remaining space), with their arithmetic.

use std::ops::{Add, Div, Mul, Neg, Sub};

use crate::base::{Abs, Em};

/// A length: `12pt`, `2em`, or `12pt + 2em`.
#[derive(Debug, Default, Copy, Clone, PartialEq, Eq, Hash)]
pub struct Length {
    /// The absolute part.
    pub abs: Abs,
    /// The part relative to the font size.
    pub em: Em,
}

impl Length {
    /// The zero length.
    pub const fn zero() -> Self {
        Self { abs: Abs::zero(), em: Em::zero() }
    }

    /// An absolute length.
    pub const fn abs(abs: Abs) -> Self {
        Self { abs, em: Em::zero() }
    }

    /// A font-relative length.
    pub const fn em(em: Em) -> Self {
        Self { abs: Abs::zero(), em }
    }

    /// Whether both parts are zero.
    pub fn is_zero(self) -> bool {
        self.abs.is_zero() && self.em.get() == 0.0
    }

    /// The ratio `self / other` when both lie on the same axis (both absolute or both em).
    pub fn try_div(self, other: Self) -> Option<f64> {
        if self.em.get() == 0.0 && other.em.get() == 0.0 {
            Some(self.abs / other.abs)
        } else if self.abs.is_zero() && other.abs.is_zero() {
            Some(self.em.get() / other.em.get())
        } else {
            None
        }
    }

    /// How two lengths compare when both lie on the same axis.
    pub fn partial_cmp(self, other: Self) -> Option<std::cmp::Ordering> {
        if self.em.get() == 0.0 && other.em.get() == 0.0 {
            self.abs.partial_cmp(&other.abs)
        } else if self.abs.is_zero() && other.abs.is_zero() {
            self.em.get().partial_cmp(&other.em.get())
        } else {
            None
        }
    }
}

impl Add for Length {
    type Output = Self;
    fn add(self, rhs: Self) -> Self {
        Self { abs: self.abs + rhs.abs, em: self.em + rhs.em }
    }
}

impl Neg for Length {
    type Output = Self;
    fn neg(self) -> Self {
        Self { abs: -self.abs, em: Em::new(-self.em.get()) }
    }
}

impl Sub for Length {
    type Output = Self;
    fn sub(self, rhs: Self) -> Self {
        self + -rhs
    }
}

impl Mul<f64> for Length {
    type Output = Self;
    fn mul(self, rhs: f64) -> Self {
        Self { abs: self.abs * rhs, em: Em::new(self.em.get() * rhs) }
    }
}

impl Div<f64> for Length {
    type Output = Self;
    fn div(self, rhs: f64) -> Self {
        Self { abs: self.abs / rhs, em: Em::new(self.em.get() / rhs) }
    }
}

/// A ratio, stored as a fraction of one: `50%` is `0.5`.
#[derive(Debug, Default, Copy, Clone, PartialEq, PartialOrd)]
pub struct Ratio(pub f64);

impl Ratio {
    /// The ratio as a fraction of one.
    pub const fn get(self) -> f64 {
        self.0
    }

    /// Whether the ratio is zero.
    pub fn is_zero(self) -> bool {
        self.0 == 0.0
    }
}

/// A length relative to the size of a container: `50% + 2pt`.
#[derive(Debug, Default, Copy, Clone, PartialEq)]
pub struct Rel {
    /// The absolute part.
    pub abs: Length,
    /// The relative part.
    pub rel: Ratio,
}

impl Rel {
    /// Whether both parts are zero.
    pub fn is_zero(self) -> bool {
        self.abs.is_zero() && self.rel.is_zero()
    }

    /// The ratio `self / other` when both lie on the same axis.
    pub fn try_div(self, other: Self) -> Option<f64> {
        if self.rel.is_zero() && other.rel.is_zero() {
            self.abs.try_div(other.abs)
        } else if self.abs.is_zero() && other.abs.is_zero() {
            Some(self.rel.0 / other.rel.0)
        } else {
            None
        }
    }

    /// How two relative lengths compare when both lie on the same axis.
    pub fn partial_cmp(self, other: Self) -> Option<std::cmp::Ordering> {
        if self.rel.is_zero() && other.rel.is_zero() {
            self.abs.partial_cmp(other.abs)
        } else if self.abs.is_zero() && other.abs.is_zero() {
            self.rel.partial_cmp(&other.rel)
        } else {
            None
        }
    }
}

impl Add for Rel {
    type Output = Self;
    fn add(self, rhs: Self) -> Self {
        Self { abs: self.abs + rhs.abs, rel: Ratio(self.rel.0 + rhs.rel.0) }
    }
}

impl Neg for Rel {
    type Output = Self;
    fn neg(self) -> Self {
        Self { abs: -self.abs, rel: Ratio(-self.rel.0) }
    }
}

impl Mul<f64> for Rel {
    type Output = Self;
    fn mul(self, rhs: f64) -> Self {
        Self { abs: self.abs * rhs, rel: Ratio(self.rel.0 * rhs) }
    }
}

impl Div<f64> for Rel {
    type Output = Self;
    fn div(self, rhs: f64) -> Self {
        Self { abs: self.abs / rhs, rel: Ratio(self.rel.0 / rhs) }
    }
}

impl From<Length> for Rel {
    fn from(abs: Length) -> Self {
        Self { abs, rel: Ratio(0.0) }
    }
}

impl From<Ratio> for Rel {
    fn from(rel: Ratio) -> Self {
        Self { abs: Length::zero(), rel }
    }
}

/// A fraction of the remaining space: `1fr`.
#[derive(Debug, Default, Copy, Clone, PartialEq, PartialOrd)]
pub struct Fr(pub f64);

impl Fr {
    /// The number of fractions.
    pub const fn get(self) -> f64 {
        self.0
    }
}
