//! Visual primitives of laid-out frames: output colours, paints, strokes and shapes.
//!
//! Colours here are the spaces that output formats understand (grey, sRGB, CMYK) and
//! tints of spot inks (separations); the language's richer colour spaces convert to these
//! when content is laid out.

use std::hash::{Hash, Hasher};

use ecow::EcoString;

use crate::base::{Abs, Point, Size};

/// A colour in an output colour space, components in `0.0..=1.0`.
#[derive(Debug, Copy, Clone, PartialEq)]
pub enum Color {
    /// Grey: lightness and alpha.
    Luma { l: f32, a: f32 },
    /// sRGB with alpha.
    Rgb { r: f32, g: f32, b: f32, a: f32 },
    /// Device CMYK (opaque).
    Cmyk { c: f32, m: f32, y: f32, k: f32 },
    /// A tint of a spot ink (opaque).
    Spot(Spot),
}

/// A tint of a spot ink: how much of the ink goes onto the medium.
#[derive(Debug, Copy, Clone, PartialEq)]
pub struct Spot {
    /// The ink, interned by the model (one per colorant), compared by value.
    pub ink: &'static Ink,
    /// From 0.0 (no ink) to 1.0 (full strength).
    pub tint: f32,
    /// The 8-bit sRGB colour (with alpha) that formats without separations paint: the
    /// fallback lightened by `1 - tint` in the fallback's own colour space.
    pub preview: [u8; 4],
}

/// A spot ink as a separation colour space names it (PDF 1.7, 8.6.6.4 Separation colour
/// spaces): the colorant a print shop puts on its own plate, and the device colour that
/// stands in for the full-strength ink where it is not available.
#[derive(Debug, Clone, Eq, PartialEq, Hash)]
pub struct Ink {
    pub name: InkName,
    /// A grey, sRGB or CMYK colour (never a spot), whose alpha is ignored.
    pub fallback: Color,
}

/// The colorant of an [`Ink`].
#[derive(Debug, Clone, Eq, PartialEq, Hash)]
pub enum InkName {
    /// Every plate of the output at once (`/All`, for registration marks).
    All,
    /// No plate at all (`/None`, for cut lines or varnish proofs).
    None,
    /// A named colorant, such as `PANTONE 2221 C`.
    Custom(EcoString),
}

impl Color {
    /// Opaque black.
    pub const BLACK: Self = Self::Luma { l: 0.0, a: 1.0 };
    /// Opaque white.
    pub const WHITE: Self = Self::Luma { l: 1.0, a: 1.0 };

    /// An opaque sRGB colour from 8-bit components.
    pub fn rgb8(r: u8, g: u8, b: u8) -> Self {
        Self::Rgb {
            r: f32::from(r) / 255.0,
            g: f32::from(g) / 255.0,
            b: f32::from(b) / 255.0,
            a: 1.0,
        }
    }

    /// The alpha component (1.0 for CMYK and spot inks).
    pub fn alpha(self) -> f32 {
        match self {
            Self::Luma { a, .. } | Self::Rgb { a, .. } => a,
            Self::Cmyk { .. } | Self::Spot(_) => 1.0,
        }
    }

    /// The colour as sRGB components (CMYK converted naively, as viewers do without a
    /// profile; a spot ink as its preview), for raster and SVG output.
    pub fn to_rgba(self) -> [f32; 4] {
        match self {
            Self::Luma { l, a } => [l, l, l, a],
            Self::Rgb { r, g, b, a } => [r, g, b, a],
            Self::Cmyk { c, m, y, k } => {
                [(1.0 - c) * (1.0 - k), (1.0 - m) * (1.0 - k), (1.0 - y) * (1.0 - k), 1.0]
            }
            Self::Spot(spot) => spot.preview.map(|v| f32::from(v) / 255.0),
        }
    }

    /// The colour as 8-bit sRGB components.
    pub fn to_rgba8(self) -> [u8; 4] {
        self.to_rgba().map(|v| (v.clamp(0.0, 1.0) * 255.0).round() as u8)
    }
}

impl Eq for Color {}

impl Hash for Color {
    fn hash<H: Hasher>(&self, state: &mut H) {
        std::mem::discriminant(self).hash(state);
        let parts: [f32; 4] = match *self {
            Self::Luma { l, a } => [l, a, 0.0, 0.0],
            Self::Rgb { r, g, b, a } => [r, g, b, a],
            Self::Cmyk { c, m, y, k } => [c, m, y, k],
            Self::Spot(spot) => {
                spot.ink.hash(state);
                spot.preview.hash(state);
                [spot.tint, 0.0, 0.0, 0.0]
            }
        };
        parts.map(f32::to_bits).hash(state);
    }
}

/// How a shape or glyph is filled or stroked.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Hash)]
pub enum Paint {
    /// A single colour.
    Solid(Color),
}

impl From<Color> for Paint {
    fn from(color: Color) -> Self {
        Self::Solid(color)
    }
}

/// The ends of stroked open paths.
#[derive(Debug, Default, Copy, Clone, Eq, PartialEq, Hash)]
pub enum LineCap {
    #[default]
    Butt,
    Round,
    Square,
}

/// The corners of stroked paths.
#[derive(Debug, Default, Copy, Clone, Eq, PartialEq, Hash)]
pub enum LineJoin {
    #[default]
    Miter,
    Round,
    Bevel,
}

/// A dash pattern: alternating dash and gap lengths, starting `phase` into the pattern.
#[derive(Debug, Clone, Eq, PartialEq, Hash)]
pub struct DashPattern {
    pub array: Vec<Abs>,
    pub phase: Abs,
}

/// A fully resolved stroke.
#[derive(Debug, Clone, Eq, PartialEq, Hash)]
pub struct FixedStroke {
    pub paint: Paint,
    pub thickness: Abs,
    pub cap: LineCap,
    pub join: LineJoin,
    pub dash: Option<DashPattern>,
    /// The miter limit, as a ratio of the stroke thickness (Typst's default is 4).
    pub miter_limit: u32,
}

impl Default for FixedStroke {
    /// Typst's default stroke: 1pt black, butt caps, miter joins, miter limit 4.
    fn default() -> Self {
        Self {
            paint: Paint::Solid(Color::BLACK),
            thickness: Abs::pt(1.0),
            cap: LineCap::Butt,
            join: LineJoin::Miter,
            dash: None,
            miter_limit: 4,
        }
    }
}

/// Which regions of a self-intersecting path are inside.
#[derive(Debug, Default, Copy, Clone, Eq, PartialEq, Hash)]
pub enum FillRule {
    #[default]
    NonZero,
    EvenOdd,
}

/// One segment command of a curve.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Hash)]
pub enum CurveItem {
    Move(Point),
    Line(Point),
    /// A cubic Bézier: two control points, then the end point.
    Cubic(Point, Point, Point),
    Close,
}

/// A path made of lines and cubic Béziers.
#[derive(Debug, Default, Clone, Eq, PartialEq, Hash)]
pub struct Curve(pub Vec<CurveItem>);

impl Curve {
    /// A rectangle from the origin.
    pub fn rect(size: Size) -> Self {
        let (w, h) = (size.width, size.height);
        Self(vec![
            CurveItem::Move(Point::zero()),
            CurveItem::Line(Point::new(w, Abs::zero())),
            CurveItem::Line(Point::new(w, h)),
            CurveItem::Line(Point::new(Abs::zero(), h)),
            CurveItem::Close,
        ])
    }
}

/// The outline of a shape.
#[derive(Debug, Clone, Eq, PartialEq, Hash)]
pub enum Geometry {
    /// A line from the item's position to this point (relative).
    Line(Point),
    /// A rectangle with its top-left corner at the item's position.
    Rect(Size),
    /// An arbitrary curve, relative to the item's position.
    Curve(Curve),
}

/// A filled and/or stroked geometry.
#[derive(Debug, Clone, Eq, PartialEq, Hash)]
pub struct Shape {
    pub geometry: Geometry,
    pub fill: Option<Paint>,
    pub fill_rule: FillRule,
    pub stroke: Option<FixedStroke>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colors_convert_to_srgb() {
        assert_eq!(Color::rgb8(255, 128, 0).to_rgba8(), [255, 128, 0, 255]);
        assert_eq!(Color::Luma { l: 0.5, a: 1.0 }.to_rgba8(), [128, 128, 128, 255]);
        assert_eq!(Color::Cmyk { c: 0.0, m: 0.0, y: 0.0, k: 1.0 }.to_rgba8(), [0, 0, 0, 255]);
        assert_eq!(Curve::rect(Size::zero()).0.len(), 5);
    }

    #[test]
    fn spot_inks_show_their_preview() {
        static INK: Ink = Ink { name: InkName::All, fallback: Color::BLACK };
        let spot = Color::Spot(Spot { ink: &INK, tint: 0.5, preview: [128, 128, 128, 255] });
        assert_eq!(spot.to_rgba8(), [128, 128, 128, 255]);
        assert_eq!(spot.alpha(), 1.0);
    }
}
