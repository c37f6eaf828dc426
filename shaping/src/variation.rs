//! Variable fonts: OpenType tags, the axes of a face's `fvar` table, and the coordinates
//! of an instance chosen from a variant, a size and explicit overrides.
//!
//! The registered axes follow from the request as in CSS Fonts Level 4 §7: `wght` from the
//! weight, `wdth` from the stretch (in percent), `opsz` from the size in points, `ital`
//! and `slnt` from the style. Explicit variations override them. All values are clamped
//! to the axis range, and axes left at their default are dropped, so that an instance at
//! the default location has no coordinates at all.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

use crate::variant::{FontStyle, FontVariant};

/// A four-byte OpenType tag such as `wght` or `liga`.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tag([u8; 4]);

impl Tag {
    /// The weight axis.
    pub const WGHT: Self = Self(*b"wght");
    /// The width axis (percent of normal width).
    pub const WDTH: Self = Self(*b"wdth");
    /// The optical size axis (points).
    pub const OPSZ: Self = Self(*b"opsz");
    /// The italic axis (0 or 1).
    pub const ITAL: Self = Self(*b"ital");
    /// The slant axis (degrees, counter-clockwise).
    pub const SLNT: Self = Self(*b"slnt");

    /// A tag from its four bytes.
    pub const fn new(bytes: &[u8; 4]) -> Self {
        Self(*bytes)
    }

    /// The tag's four bytes.
    pub const fn to_bytes(self) -> [u8; 4] {
        self.0
    }

    /// The tag as a big-endian number, as it is stored in font files.
    pub const fn to_u32(self) -> u32 {
        u32::from_be_bytes(self.0)
    }

    /// A tag from its big-endian number.
    pub const fn from_u32(value: u32) -> Self {
        Self(value.to_be_bytes())
    }
}

/// Why a string is not a tag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TagError;

impl fmt::Display for TagError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("tag must be one to four printable ascii characters")
    }
}

impl std::error::Error for TagError {}

impl FromStr for Tag {
    type Err = TagError;

    /// Parses one to four printable ASCII characters; shorter tags are padded with spaces.
    fn from_str(s: &str) -> Result<Self, TagError> {
        let bytes = s.as_bytes();
        if bytes.is_empty() || bytes.len() > 4 || !bytes.iter().all(|b| (0x20..0x7f).contains(b)) {
            return Err(TagError);
        }
        let mut tag = [b' '; 4];
        tag[..bytes.len()].copy_from_slice(bytes);
        Ok(Self(tag))
    }
}

impl fmt::Display for Tag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&String::from_utf8_lossy(&self.0))
    }
}

impl fmt::Debug for Tag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tag({self})")
    }
}

/// One design axis of a variable face (an `fvar` axis record), in user-space units.
#[derive(Debug, Copy, Clone, PartialEq)]
pub struct VariationAxis {
    /// The axis tag, e.g. `wght`.
    pub tag: Tag,
    /// The smallest value.
    pub min: f64,
    /// The value of the default instance.
    pub default: f64,
    /// The largest value.
    pub max: f64,
    /// Whether the font asks applications not to show the axis to users.
    pub hidden: bool,
}

impl VariationAxis {
    /// `value` clamped to the axis range; the default when the range is malformed
    /// (reversed, or not numbers).
    pub fn clamp(&self, value: f64) -> f64 {
        if self.min <= self.max { value.clamp(self.min, self.max) } else { self.default }
    }
}

/// A coordinate on one axis, in user-space units (`wght` = 700).
///
/// Equality and hashing go by the bits of the value (with -0 taken as 0), so
/// coordinates can key caches.
#[derive(Debug, Copy, Clone)]
pub struct Variation {
    /// The axis.
    pub tag: Tag,
    /// The value on the axis.
    pub value: f32,
}

impl Variation {
    /// A coordinate on the axis `tag`.
    pub fn new(tag: Tag, value: f32) -> Self {
        Self { tag, value }
    }

    fn bits(&self) -> u32 {
        // Adding 0.0 turns -0.0 into +0.0, so both hash alike.
        (self.value + 0.0).to_bits()
    }
}

impl PartialEq for Variation {
    fn eq(&self, other: &Self) -> bool {
        self.tag == other.tag && self.bits() == other.bits()
    }
}

impl Eq for Variation {}

impl Hash for Variation {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.tag.hash(state);
        self.bits().hash(state);
    }
}

/// The slant CSS gives to `oblique` without an angle, in `slnt` units (clockwise lean is
/// negative).
const OBLIQUE_SLANT: f64 = -14.0;

/// The coordinates of the instance of a face with `axes` for a request: `variant`, the
/// font size in points (`None` leaves `opsz` alone) and explicit `overrides`, which win
/// over the automatic values.
///
/// The result follows the order of `axes`, holds only axes of the face, is clamped to
/// each axis range and omits axes at their default value. Values that are not numbers
/// are ignored.
pub fn instance_variations(
    axes: &[VariationAxis],
    variant: FontVariant,
    size: Option<f64>,
    overrides: &[Variation],
) -> Vec<Variation> {
    let has = |tag: Tag| axes.iter().any(|axis| axis.tag == tag);
    let mut out = Vec::new();
    for axis in axes {
        let explicit = overrides.iter().rev().find(|v| v.tag == axis.tag && !v.value.is_nan());
        let automatic = match axis.tag {
            Tag::WGHT => Some(f64::from(variant.weight.to_number())),
            Tag::WDTH => Some(variant.stretch.to_ratio() * 100.0),
            Tag::OPSZ => size.filter(|s| s.is_finite()),
            Tag::ITAL => Some(if variant.style == FontStyle::Italic { 1.0 } else { 0.0 }),
            Tag::SLNT => match variant.style {
                FontStyle::Oblique => Some(OBLIQUE_SLANT),
                FontStyle::Italic if !has(Tag::ITAL) => Some(OBLIQUE_SLANT),
                _ => None,
            },
            _ => None,
        };
        let Some(value) = explicit.map(|v| f64::from(v.value)).or(automatic) else {
            continue;
        };
        let value = axis.clamp(value);
        if value != axis.default {
            out.push(Variation::new(axis.tag, value as f32));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{FontStretch, FontWeight};

    fn axis(tag: &[u8; 4], min: f64, default: f64, max: f64) -> VariationAxis {
        VariationAxis { tag: Tag::new(tag), min, default, max, hidden: false }
    }

    fn check(
        variant: FontVariant,
        size: Option<f64>,
        overrides: &[(&str, f32)],
        expected: &[(&str, f32)],
    ) {
        let axes = [
            axis(b"wght", 100.0, 400.0, 1000.0),
            axis(b"wdth", 25.0, 100.0, 151.0),
            axis(b"opsz", 8.0, 14.0, 144.0),
            axis(b"slnt", -10.0, 0.0, 0.0),
            axis(b"GRAD", -200.0, 0.0, 150.0),
        ];
        let parse = |list: &[(&str, f32)]| -> Vec<Variation> {
            list.iter().map(|(t, v)| Variation::new(t.parse().unwrap(), *v)).collect()
        };
        let got = instance_variations(&axes, variant, size, &parse(overrides));
        assert_eq!(got, parse(expected));
    }

    #[test]
    fn automatic_axes_are_set_and_clamped() {
        let regular = FontVariant::default();
        check(regular, None, &[], &[]);
        check(regular, Some(14.0), &[], &[]);
        check(regular, Some(200.0), &[], &[("opsz", 144.0)]);
        let bold_condensed =
            FontVariant::new(FontStyle::Normal, FontWeight::BOLD, FontStretch::CONDENSED);
        check(bold_condensed, Some(10.0), &[], &[("wght", 700.0), ("wdth", 75.0), ("opsz", 10.0)]);
        // Without an `ital` axis, italic falls back to the slant axis, clamped to -10.
        let italic = FontVariant::new(FontStyle::Italic, FontWeight::REGULAR, FontStretch::NORMAL);
        check(italic, None, &[], &[("slnt", -10.0)]);
    }

    #[test]
    fn overrides_win_and_unknown_axes_are_dropped() {
        let bold = FontVariant::new(FontStyle::Normal, FontWeight::BOLD, FontStretch::NORMAL);
        check(
            bold,
            None,
            &[("wght", 900.0), ("GRAD", 50.0), ("XXXX", 3.0), ("wdth", f32::NAN)],
            &[("wght", 900.0), ("GRAD", 50.0)],
        );
        check(bold, None, &[("wght", 400.0)], &[]);
    }

    #[test]
    fn tags_parse_and_print() {
        assert_eq!("wght".parse::<Tag>(), Ok(Tag::WGHT));
        assert_eq!("cv1".parse::<Tag>().map(|t| t.to_string()), Ok("cv1 ".to_string()));
        assert_eq!("toolong".parse::<Tag>(), Err(TagError));
        assert_eq!("".parse::<Tag>(), Err(TagError));
        assert_eq!(Tag::from_u32(Tag::OPSZ.to_u32()), Tag::OPSZ);
        assert_eq!(Variation::new(Tag::SLNT, -0.0), Variation::new(Tag::SLNT, 0.0));
    }
}
