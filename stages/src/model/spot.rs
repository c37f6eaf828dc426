//! Spot colors: a colorant (`color.spot("PANTONE 2221 C", rgb("#239dad"))`, a value of
//! type `spot`) names an ink that a print shop mixes ahead of time, with a process color
//! that stands in for it where the ink is unavailable; `colorant.tint(70%)` is a color
//! that puts that much of the ink on the medium.
//!
//! Colorants are interned: each distinct (name, fallback) pair is leaked once and shared by
//! every value that uses it, so that `Colorant` and `SpotColor` (and with them the color
//! and value types) stay `Copy` and small, and so that export sees one ink per colorant.
//! A document defines a handful of colorants, so the leak is bounded in practice.
//!
//! Operations on spot colors act on the tint (`lighten` takes ink away, `negate` inverts
//! the tint); anything that needs a process color uses the fallback lightened by
//! `1 - tint`, as Typst does.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{LazyLock, Mutex};

use ecow::{EcoString, EcoVec, eco_format, eco_vec};

use super::repr::repr_str;
use super::{Color, ColorSpace, Ratio, Value};
use crate::base::{SourceDiagnostic, SourceResult, Span};
use crate::doc::{Ink, Spot};

/// The name of a colorant: `"all"` (every plate), `none` (no plate) or any other string;
/// the same as the ink's name that export sees.
pub use crate::doc::InkName as ColorantName;

impl ColorantName {
    /// The name as `color.spot` takes it: `"all"` is special, other strings name an ink.
    pub fn from_name(name: Option<&str>) -> Self {
        match name {
            None => Self::None,
            Some("all") => Self::All,
            Some(name) => Self::Custom(name.into()),
        }
    }

    /// The name as Typst writes it: `"all"`, `none` or the string.
    pub fn repr(&self) -> EcoString {
        match self {
            Self::All => repr_str("all"),
            Self::None => "none".into(),
            Self::Custom(name) => repr_str(name),
        }
    }

    /// The name as a value: a string, or `none`.
    pub fn to_value(&self) -> Value {
        match self {
            Self::All => Value::str("all"),
            Self::None => Value::None,
            Self::Custom(name) => Value::str(name.clone()),
        }
    }
}

/// What a colorant is made of.
#[derive(Debug)]
struct ColorantData {
    /// A process color (never a spot color).
    fallback: Color,
    /// The colorant as export sees it: its name and the fallback in an output space.
    ink: Ink,
}

/// A spot colorant, interned: copying it copies a reference.
#[derive(Debug, Copy, Clone)]
pub struct Colorant(&'static ColorantData);

/// What tells colorants apart when interning: the name, and the fallback's space and
/// exact component bits (finer than color equality, which rounds RGB to 8 bits, so that
/// a colorant keeps the fallback it was given).
type Key = (ColorantName, ColorSpace, [u32; 4]);

/// Every colorant made so far.
static COLORANTS: LazyLock<Mutex<HashMap<Key, &'static ColorantData>>> =
    LazyLock::new(Default::default);

impl Colorant {
    /// The colorant with this name and fallback, which must be a process color.
    pub fn new(name: ColorantName, fallback: Color) -> Self {
        let key = (name.clone(), fallback.space(), fallback.to_vec4().map(f32::to_bits));
        // A poisoned lock only means another thread panicked while inserting; the map
        // itself is still consistent.
        let mut colorants = COLORANTS.lock().unwrap_or_else(|poison| poison.into_inner());
        let data = *colorants.entry(key).or_insert_with(|| {
            let ink = Ink { name, fallback: fallback.to_doc() };
            &*Box::leak(Box::new(ColorantData { fallback, ink }))
        });
        Self(data)
    }

    /// The colorant's name.
    pub fn name(self) -> &'static ColorantName {
        &self.0.ink.name
    }

    /// The process color that stands in for the full-strength ink.
    pub fn fallback(self) -> Color {
        self.0.fallback
    }

    /// The colorant at `tint`, which must lie in `0%..=100%`.
    pub fn tint(self, tint: Ratio) -> Result<SpotColor, &'static str> {
        if tint.0 < 0.0 {
            return Err("spot color tint must be positive");
        }
        if tint.0 > 1.0 {
            return Err("spot color tint must not exceed 100%");
        }
        Ok(SpotColor { colorant: self, tint: tint.0 })
    }

    /// The colorant as Typst's `repr` writes it: `color.spot("name", rgb("#239dad"))`.
    pub fn repr(self) -> EcoString {
        eco_format!("color.spot({}, {})", self.0.ink.name.repr(), self.0.fallback.repr())
    }
}

/// Like Typst, colorants are equal when their names and fallbacks are.
impl PartialEq for Colorant {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
            || (self.0.ink.name == other.0.ink.name && self.0.fallback == other.0.fallback)
    }
}

impl Eq for Colorant {}

/// Equal colorants have equal names, so the name alone is a consistent hash.
impl Hash for Colorant {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.ink.name.hash(state);
    }
}

/// Why a color cannot be brought into a space (or mixed there): Typst's message and hints.
#[derive(Debug, Clone, PartialEq)]
pub struct ColorError {
    pub message: EcoString,
    pub hints: EcoVec<EcoString>,
}

impl ColorError {
    /// An error without hints.
    pub fn new(message: impl Into<EcoString>) -> Self {
        Self { message: message.into(), hints: EcoVec::new() }
    }

    /// A process color asked for in the space of `target`.
    pub fn process_into(target: Colorant) -> Self {
        Self {
            message: "cannot convert process color to spot colorant space".into(),
            hints: eco_vec![
                eco_format!(
                    "process color cannot be expressed in spot colorant `{}`",
                    target.name().repr()
                ),
                "try converting the spot color to the process space instead".into(),
            ],
        }
    }

    /// A tint of `from` asked for in the space of another colorant, `to`.
    pub fn between(from: Colorant, to: Colorant) -> Self {
        Self {
            message: "cannot convert spot color to different spot colorant".into(),
            hints: eco_vec![
                eco_format!("colorant of the color is `{}`", from.name().repr()),
                eco_format!("colorant of the color space is `{}`", to.name().repr()),
            ],
        }
    }

    /// The error as a diagnostic at `span`.
    pub fn diagnostic(self, span: Span) -> SourceDiagnostic {
        SourceDiagnostic::error(span, self.message).with_hints(self.hints)
    }

    /// The error as a failed result at `span`.
    pub fn at<T>(self, span: Span) -> SourceResult<T> {
        Err(eco_vec![self.diagnostic(span)])
    }
}

/// A color made of one colorant at a tint.
#[derive(Debug, Copy, Clone, PartialEq)]
pub struct SpotColor {
    pub colorant: Colorant,
    /// From 0.0 (no ink) to 1.0 (full strength), as a ratio keeps it.
    pub tint: f64,
}

impl SpotColor {
    /// The same colorant at `tint`, clamped to `0.0..=1.0` (for mixing and sampling).
    pub fn with_tint(self, tint: f64) -> Self {
        Self { tint: tint.clamp(0.0, 1.0), ..self }
    }

    /// Takes away `factor` of the ink.
    pub fn lighten(self, factor: f64) -> Self {
        Self { tint: (self.tint - self.tint * factor).clamp(0.0, 1.0), ..self }
    }

    /// Adds `factor` of the ink that is missing.
    pub fn darken(self, factor: f64) -> Self {
        Self { tint: (self.tint + (1.0 - self.tint) * factor).clamp(0.0, 1.0), ..self }
    }

    /// Inverts the tint.
    pub fn negate(self) -> Self {
        Self { tint: 1.0 - self.tint, ..self }
    }

    /// The process color that stands in for this tint: the fallback lightened by
    /// `1 - tint`.
    pub fn fallback(self) -> Color {
        self.colorant.fallback().lighten((1.0 - self.tint) as f32)
    }

    /// The color for layout and the exporters: the ink at the tint, with the fallback
    /// as preview for formats without separations.
    pub fn to_doc(self) -> Spot {
        Spot {
            ink: &self.colorant.0.ink,
            tint: self.tint as f32,
            preview: self.fallback().to_rgba8(),
        }
    }

    /// The color as Typst's `repr` writes it: `color.spot("a", rgb("#ff4136")).tint(70%)`.
    pub fn repr(self) -> EcoString {
        eco_format!("{}.tint({})", self.colorant.repr(), Value::Ratio(Ratio(self.tint)).repr())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pantone() -> Colorant {
        let fallback = Color::from_hex("#239dad").unwrap();
        Colorant::new(ColorantName::from_name(Some("PANTONE 2221 C")), fallback)
    }

    #[test]
    fn colorants_are_interned() {
        assert!(std::ptr::eq(pantone().0, pantone().0));
        let all = Colorant::new(ColorantName::from_name(Some("all")), Color::BLACK);
        assert_ne!(all, pantone());
        assert_eq!(all.repr(), "color.spot(\"all\", luma(0%))");
    }

    #[test]
    fn tints_and_their_operations() {
        let spot = pantone().tint(Ratio(0.7)).unwrap();
        assert_eq!(spot.repr(), "color.spot(\"PANTONE 2221 C\", rgb(\"#239dad\")).tint(70%)");
        assert_eq!(spot.fallback().to_hex(), "#65bac6");
        assert_eq!(spot.lighten(0.2).repr(), pantone().tint(Ratio(0.56)).unwrap().repr());
        assert_eq!(spot.darken(0.2).tint, 0.76);
        assert!((spot.negate().tint - 0.3).abs() < 1e-12);
        assert_eq!(spot.to_doc().preview, [0x65, 0xba, 0xc6, 255]);
        assert_eq!(pantone().tint(Ratio(-0.01)), Err("spot color tint must be positive"));
        assert_eq!(pantone().tint(Ratio(1.01)), Err("spot color tint must not exceed 100%"));
    }
}
