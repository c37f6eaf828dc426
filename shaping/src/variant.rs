//! Font variants: style, weight and stretch of a face, as read from a font or asked for
//! by a document.

use std::fmt;

/// How a face is posed, matched before anything else when a face is selected.
#[derive(Debug, Default, Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FontStyle {
    /// Upright glyphs.
    #[default]
    Normal,
    /// Cursive glyphs designed as italics.
    Italic,
    /// Slanted upright glyphs.
    Oblique,
}

impl FontStyle {
    /// The lowercase name Typst uses for this style (`"normal"`, `"italic"`, `"oblique"`).
    pub fn name(self) -> &'static str {
        match self {
            Self::Normal => "normal",
            Self::Italic => "italic",
            Self::Oblique => "oblique",
        }
    }
}

/// The thickness of a face's strokes on the CSS scale from 100 (thin) to 900 (black).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FontWeight(u16);

impl FontWeight {
    /// Weight 100.
    pub const THIN: Self = Self(100);
    /// Weight 200.
    pub const EXTRALIGHT: Self = Self(200);
    /// Weight 300.
    pub const LIGHT: Self = Self(300);
    /// Weight 400, the weight of body text.
    pub const REGULAR: Self = Self(400);
    /// Weight 500.
    pub const MEDIUM: Self = Self(500);
    /// Weight 600.
    pub const SEMIBOLD: Self = Self(600);
    /// Weight 700.
    pub const BOLD: Self = Self(700);
    /// Weight 800.
    pub const EXTRABOLD: Self = Self(800);
    /// Weight 900.
    pub const BLACK: Self = Self(900);

    /// A weight from a number, clamped to 100..=900.
    pub fn from_number(weight: u16) -> Self {
        Self(weight.clamp(100, 900))
    }

    /// The weight as a number in 100..=900.
    pub fn to_number(self) -> u16 {
        self.0
    }

    /// The absolute difference of two weights.
    pub fn distance(self, other: Self) -> u16 {
        self.0.abs_diff(other.0)
    }
}

impl Default for FontWeight {
    fn default() -> Self {
        Self::REGULAR
    }
}

impl fmt::Debug for FontWeight {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// How condensed or expanded a face is, as a ratio of the normal width from 0.5
/// (ultra-condensed) to 2.0 (ultra-expanded).
///
/// Stored in thousandths so that it can be compared and hashed exactly.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FontStretch(u16);

impl FontStretch {
    /// 50 % of the normal width.
    pub const ULTRA_CONDENSED: Self = Self(500);
    /// 62.5 % of the normal width.
    pub const EXTRA_CONDENSED: Self = Self(625);
    /// 75 % of the normal width.
    pub const CONDENSED: Self = Self(750);
    /// 87.5 % of the normal width.
    pub const SEMI_CONDENSED: Self = Self(875);
    /// The normal width.
    pub const NORMAL: Self = Self(1000);
    /// 112.5 % of the normal width.
    pub const SEMI_EXPANDED: Self = Self(1125);
    /// 125 % of the normal width.
    pub const EXPANDED: Self = Self(1250);
    /// 150 % of the normal width.
    pub const EXTRA_EXPANDED: Self = Self(1500);
    /// 200 % of the normal width.
    pub const ULTRA_EXPANDED: Self = Self(2000);

    /// A stretch from a ratio of the normal width, clamped to 0.5..=2.0 and rounded to
    /// thousandths. A ratio that is not a number gives the normal width.
    pub fn from_ratio(ratio: f64) -> Self {
        if ratio.is_nan() {
            return Self::NORMAL;
        }
        Self((ratio.clamp(0.5, 2.0) * 1000.0).round() as u16)
    }

    /// A stretch from an OpenType width class (OS/2 `usWidthClass`, 1..=9); values
    /// outside that range give the nearest class.
    pub fn from_width_class(class: u16) -> Self {
        match class {
            0 | 1 => Self::ULTRA_CONDENSED,
            2 => Self::EXTRA_CONDENSED,
            3 => Self::CONDENSED,
            4 => Self::SEMI_CONDENSED,
            5 => Self::NORMAL,
            6 => Self::SEMI_EXPANDED,
            7 => Self::EXPANDED,
            8 => Self::EXTRA_EXPANDED,
            _ => Self::ULTRA_EXPANDED,
        }
    }

    /// The stretch as a ratio of the normal width.
    pub fn to_ratio(self) -> f64 {
        f64::from(self.0) / 1000.0
    }

    /// The stretch in thousandths of the normal width (500..=2000).
    pub fn to_thousandths(self) -> u16 {
        self.0
    }

    /// The absolute difference of two stretches, in thousandths.
    pub fn distance(self, other: Self) -> u16 {
        self.0.abs_diff(other.0)
    }
}

impl Default for FontStretch {
    fn default() -> Self {
        Self::NORMAL
    }
}

impl fmt::Debug for FontStretch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}%", f64::from(self.0) / 10.0)
    }
}

/// The properties that tell the faces of one family apart.
#[derive(Debug, Default, Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FontVariant {
    /// Upright, italic or oblique.
    pub style: FontStyle,
    /// Stroke thickness.
    pub weight: FontWeight,
    /// Width relative to normal.
    pub stretch: FontStretch,
}

impl FontVariant {
    /// A variant from its three parts.
    pub fn new(style: FontStyle, weight: FontWeight, stretch: FontStretch) -> Self {
        Self { style, weight, stretch }
    }
}

impl fmt::Display for FontVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "style: {}, weight: {}, stretch: {:?}",
            self.style.name(),
            self.weight.0,
            self.stretch
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_stretch(ratio: f64, thousandths: u16) {
        assert_eq!(FontStretch::from_ratio(ratio).to_thousandths(), thousandths, "{ratio}");
    }

    #[test]
    fn stretch_clamps_and_rounds() {
        check_stretch(0.1, 500);
        check_stretch(0.8755, 876);
        check_stretch(3.0, 2000);
        check_stretch(f64::NAN, 1000);
        assert_eq!(FontStretch::from_width_class(3), FontStretch::CONDENSED);
        assert_eq!(FontStretch::from_width_class(42), FontStretch::ULTRA_EXPANDED);
    }

    #[test]
    fn weight_clamps() {
        assert_eq!(FontWeight::from_number(1).to_number(), 100);
        assert_eq!(FontWeight::from_number(950).to_number(), 900);
        assert_eq!(FontWeight::BOLD.distance(FontWeight::REGULAR), 300);
    }
}
