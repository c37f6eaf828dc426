//! Geometry in absolute units: lengths (`Abs`, in raw units exact for pt, mm, cm and in),
//! `Em`, angles, points, sizes and affine transforms. Plain `f64` arithmetic that never
//! yields NaN; equality and hashing by bits so that frames can be compared and cached
//! deterministically.

use std::fmt::{self, Debug, Formatter};
use std::hash::{Hash, Hasher};
use std::iter::Sum;
use std::ops::{Add, AddAssign, Div, Mul, Neg, Sub, SubAssign};

/// Implements Eq/Hash by bit pattern (with `-0.0` folded into `0.0`) for an `f64` newtype.
macro_rules! scalar_eq_hash {
    ($ty:ident) => {
        impl Eq for $ty {}
        impl Hash for $ty {
            fn hash<H: Hasher>(&self, state: &mut H) {
                let v = if self.0 == 0.0 { 0.0f64 } else { self.0 };
                v.to_bits().hash(state);
            }
        }
    };
}

/// An absolute length. It is stored in raw units, 127 to the point, so that whole numbers
/// of points, millimetres (360 raw units), centimetres (3600) and inches (9144) are all
/// exact: `3cm / 1cm` is exactly `3.0`, and `1cm / 1in` is `3600 / 9144`, as in Typst.
/// A NaN result of arithmetic becomes zero, so a length is never NaN.
#[derive(Default, Copy, Clone, PartialEq, PartialOrd)]
pub struct Abs(f64);
scalar_eq_hash!(Abs);

/// Raw units per point, millimetre, centimetre and inch.
const RAW_PER_PT: f64 = 127.0;
const RAW_PER_MM: f64 = 360.0;
const RAW_PER_CM: f64 = 3600.0;
const RAW_PER_IN: f64 = 9144.0;

/// A float with NaN replaced by zero.
const fn not_nan(v: f64) -> f64 {
    if v.is_nan() { 0.0 } else { v }
}

impl Abs {
    /// Zero length.
    pub const fn zero() -> Self {
        Self(0.0)
    }
    /// An infinite length: the height of a region that grows as needed.
    pub const fn inf() -> Self {
        Self(f64::INFINITY)
    }
    /// A length in raw units.
    const fn raw(raw: f64) -> Self {
        Self(not_nan(raw))
    }
    /// Points.
    pub const fn pt(pt: f64) -> Self {
        Self::raw(pt * RAW_PER_PT)
    }
    /// Millimetres.
    pub fn mm(mm: f64) -> Self {
        Self::raw(mm * RAW_PER_MM)
    }
    /// Centimetres.
    pub fn cm(cm: f64) -> Self {
        Self::raw(cm * RAW_PER_CM)
    }
    /// Inches.
    pub fn inches(inches: f64) -> Self {
        Self::raw(inches * RAW_PER_IN)
    }
    /// The value in points.
    pub const fn to_pt(self) -> f64 {
        self.0 / RAW_PER_PT
    }
    /// The value in millimetres.
    pub fn to_mm(self) -> f64 {
        self.0 / RAW_PER_MM
    }
    /// The value in centimetres.
    pub fn to_cm(self) -> f64 {
        self.0 / RAW_PER_CM
    }
    /// The value in inches.
    pub fn to_inches(self) -> f64 {
        self.0 / RAW_PER_IN
    }
    /// Whether the length is zero.
    pub fn is_zero(self) -> bool {
        self.0 == 0.0
    }
    /// Whether the length is finite.
    pub fn is_finite(self) -> bool {
        self.0.is_finite()
    }
    /// The larger of two lengths.
    pub fn max(self, other: Self) -> Self {
        Self(self.0.max(other.0))
    }
    /// The smaller of two lengths.
    pub fn min(self, other: Self) -> Self {
        Self(self.0.min(other.0))
    }
    /// The absolute value.
    pub fn abs(self) -> Self {
        Self(self.0.abs())
    }
    /// Whether `self` and `other` are equal up to a small tolerance (1e-9 pt).
    pub fn approx_eq(self, other: Self) -> bool {
        (self.0 - other.0).abs() < 1e-9 * RAW_PER_PT
    }
}

impl Debug for Abs {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        write!(f, "{}pt", self.to_pt())
    }
}

impl Add for Abs {
    type Output = Self;
    fn add(self, rhs: Self) -> Self {
        Self::raw(self.0 + rhs.0)
    }
}
impl Sub for Abs {
    type Output = Self;
    fn sub(self, rhs: Self) -> Self {
        Self::raw(self.0 - rhs.0)
    }
}
impl Neg for Abs {
    type Output = Self;
    fn neg(self) -> Self {
        Self(-self.0)
    }
}
impl Mul<f64> for Abs {
    type Output = Self;
    fn mul(self, rhs: f64) -> Self {
        Self::raw(self.0 * rhs)
    }
}
impl Mul<Abs> for f64 {
    type Output = Abs;
    fn mul(self, rhs: Abs) -> Abs {
        rhs * self
    }
}
impl Div<f64> for Abs {
    type Output = Self;
    fn div(self, rhs: f64) -> Self {
        Self::raw(self.0 / rhs)
    }
}
impl Div for Abs {
    type Output = f64;
    fn div(self, rhs: Self) -> f64 {
        self.0 / rhs.0
    }
}
impl AddAssign for Abs {
    fn add_assign(&mut self, rhs: Self) {
        *self = *self + rhs;
    }
}
impl SubAssign for Abs {
    fn sub_assign(&mut self, rhs: Self) {
        *self = *self - rhs;
    }
}
impl Sum for Abs {
    fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
        Self::raw(iter.map(|a| a.0).sum())
    }
}

/// A length relative to the font size.
#[derive(Default, Copy, Clone, PartialEq, PartialOrd)]
pub struct Em(f64);
scalar_eq_hash!(Em);

impl Em {
    /// Zero em.
    pub const fn zero() -> Self {
        Self(0.0)
    }
    /// One em.
    pub const fn one() -> Self {
        Self(1.0)
    }
    /// A number of em (NaN becomes zero).
    pub const fn new(em: f64) -> Self {
        Self(not_nan(em))
    }
    /// The number of em.
    pub const fn get(self) -> f64 {
        self.0
    }
    /// The absolute length at font size `size`.
    pub fn at(self, size: Abs) -> Abs {
        let resolved = size * self.0;
        if resolved.is_finite() { resolved } else { Abs::zero() }
    }
}

impl Debug for Em {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        write!(f, "{}em", self.0)
    }
}

impl Add for Em {
    type Output = Self;
    fn add(self, rhs: Self) -> Self {
        Self::new(self.0 + rhs.0)
    }
}

/// An angle, stored in radians. Degrees convert through the factor `π / 180` in both
/// directions (multiplying and dividing), as in Typst, so `90deg.deg()` is exactly `90.0`.
#[derive(Default, Copy, Clone, PartialEq, PartialOrd)]
pub struct Angle(f64);
scalar_eq_hash!(Angle);

impl Angle {
    /// Zero angle.
    pub const fn zero() -> Self {
        Self(0.0)
    }
    /// An angle in radians.
    pub const fn rad(rad: f64) -> Self {
        Self(not_nan(rad))
    }
    /// An angle in degrees.
    pub fn deg(deg: f64) -> Self {
        Self::rad(deg * RAD_PER_DEG)
    }
    /// The angle in radians.
    pub const fn to_rad(self) -> f64 {
        self.0
    }
    /// The angle in degrees.
    pub fn to_deg(self) -> f64 {
        self.0 / RAD_PER_DEG
    }
}

/// Radians per degree.
const RAD_PER_DEG: f64 = std::f64::consts::PI / 180.0;

impl Debug for Angle {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        write!(f, "{}deg", self.to_deg())
    }
}

/// A point in a frame: `x` to the right, `y` downwards, from the top-left corner.
#[derive(Debug, Default, Copy, Clone, Eq, PartialEq, Hash)]
pub struct Point {
    pub x: Abs,
    pub y: Abs,
}

impl Point {
    /// The origin.
    pub const fn zero() -> Self {
        Self { x: Abs::zero(), y: Abs::zero() }
    }
    /// A point from its coordinates.
    pub const fn new(x: Abs, y: Abs) -> Self {
        Self { x, y }
    }
    /// The point transformed by `ts`.
    pub fn transform(self, ts: Transform) -> Self {
        Self::new(
            ts.sx.0 * self.x + ts.kx.0 * self.y + ts.tx,
            ts.ky.0 * self.x + ts.sy.0 * self.y + ts.ty,
        )
    }
}

impl Add for Point {
    type Output = Self;
    fn add(self, rhs: Self) -> Self {
        Self::new(self.x + rhs.x, self.y + rhs.y)
    }
}
impl Sub for Point {
    type Output = Self;
    fn sub(self, rhs: Self) -> Self {
        Self::new(self.x - rhs.x, self.y - rhs.y)
    }
}

/// A width and a height.
#[derive(Debug, Default, Copy, Clone, Eq, PartialEq, Hash)]
pub struct Size {
    pub width: Abs,
    pub height: Abs,
}

impl Size {
    /// The zero size.
    pub const fn zero() -> Self {
        Self { width: Abs::zero(), height: Abs::zero() }
    }
    /// A size from width and height.
    pub const fn new(width: Abs, height: Abs) -> Self {
        Self { width, height }
    }
    /// The size as the point at its bottom-right corner.
    pub const fn to_point(self) -> Point {
        Point::new(self.width, self.height)
    }
}

/// A unit-less ratio inside a transform (no `Abs` semantics).
#[derive(Debug, Default, Copy, Clone, PartialEq, PartialOrd)]
pub struct Factor(pub f64);
scalar_eq_hash!(Factor);

/// An affine transform `[sx kx tx; ky sy ty; 0 0 1]` mapping `(x, y)` to
/// `(sx·x + kx·y + tx, ky·x + sy·y + ty)`.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Hash)]
pub struct Transform {
    pub sx: Factor,
    pub ky: Factor,
    pub kx: Factor,
    pub sy: Factor,
    pub tx: Abs,
    pub ty: Abs,
}

impl Default for Transform {
    fn default() -> Self {
        Self::identity()
    }
}

impl Transform {
    /// The identity transform.
    pub const fn identity() -> Self {
        Self {
            sx: Factor(1.0),
            ky: Factor(0.0),
            kx: Factor(0.0),
            sy: Factor(1.0),
            tx: Abs::zero(),
            ty: Abs::zero(),
        }
    }
    /// A translation.
    pub const fn translate(tx: Abs, ty: Abs) -> Self {
        Self { tx, ty, ..Self::identity() }
    }
    /// A scaling by `sx` horizontally and `sy` vertically.
    pub const fn scale(sx: f64, sy: f64) -> Self {
        Self { sx: Factor(sx), sy: Factor(sy), ..Self::identity() }
    }
    /// A rotation (clockwise on the page, since `y` points down).
    pub fn rotate(angle: Angle) -> Self {
        let (sin, cos) = (angle.to_rad().sin(), angle.to_rad().cos());
        Self {
            sx: Factor(cos),
            ky: Factor(sin),
            kx: Factor(-sin),
            sy: Factor(cos),
            ..Self::identity()
        }
    }
    /// A skew by the given horizontal and vertical angles.
    pub fn skew(x: Angle, y: Angle) -> Self {
        Self { kx: Factor(x.to_rad().tan()), ky: Factor(y.to_rad().tan()), ..Self::identity() }
    }
    /// Whether this is the identity.
    pub fn is_identity(self) -> bool {
        self == Self::identity()
    }
    /// `self` applied after `inner`: first `inner`, then `self`.
    pub fn pre_concat(self, inner: Self) -> Self {
        Self {
            sx: Factor(self.sx.0 * inner.sx.0 + self.kx.0 * inner.ky.0),
            ky: Factor(self.ky.0 * inner.sx.0 + self.sy.0 * inner.ky.0),
            kx: Factor(self.sx.0 * inner.kx.0 + self.kx.0 * inner.sy.0),
            sy: Factor(self.ky.0 * inner.kx.0 + self.sy.0 * inner.sy.0),
            tx: self.sx.0 * inner.tx + self.kx.0 * inner.ty + self.tx,
            ty: self.ky.0 * inner.tx + self.sy.0 * inner.ty + self.ty,
        }
    }
    /// The six coefficients `[sx, ky, kx, sy, tx, ty]` with translations in points, the
    /// order PDF (`cm`), SVG (`matrix`) and tiny-skia (`from_row`) use.
    pub fn to_array(self) -> [f64; 6] {
        [self.sx.0, self.ky.0, self.kx.0, self.sy.0, self.tx.to_pt(), self.ty.to_pt()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_convert() {
        assert!(Abs::inches(1.0).approx_eq(Abs::pt(72.0)));
        assert!(Abs::cm(2.54).approx_eq(Abs::pt(72.0)));
        assert!((Abs::mm(10.0).to_mm() - 10.0).abs() < 1e-12);
        assert_eq!(Em::new(0.5).at(Abs::pt(10.0)), Abs::pt(5.0));
        assert_eq!(Abs::pt(-0.0), Abs::zero());
    }

    #[test]
    fn transforms_compose() {
        let p = Point::new(Abs::pt(1.0), Abs::pt(0.0));
        let ts = Transform::translate(Abs::pt(10.0), Abs::pt(5.0))
            .pre_concat(Transform::scale(2.0, 3.0));
        assert_eq!(p.transform(ts), Point::new(Abs::pt(12.0), Abs::pt(5.0)));
        let r = p.transform(Transform::rotate(Angle::deg(90.0)));
        assert!(r.x.approx_eq(Abs::zero()) && r.y.approx_eq(Abs::pt(1.0)));
        assert!(Transform::identity().pre_concat(Transform::identity()).is_identity());
    }
}
