//! SVG text primitives: numbers (compact and deterministic), attribute escaping, colours,
//! transforms and path data from curves and glyph outlines.
//!
//! Numbers are rounded to a fixed number of decimals and written without trailing zeros and
//! without `-0`, so the same value always gives the same characters: lengths in points to
//! [`LEN`] decimals, glyph coordinates in font units to [`UNITS`], and the linear part of
//! transforms to [`RATIO`] (a 10pt glyph of a 2048-unit font is scaled by 0.0048828125).

use std::fmt::Write;

use quire_shaping::{GlyphOutline, PathCommand};
use quire_stages::base::{Point, Transform};
use quire_stages::doc::{Color, Curve, CurveItem};

/// Decimals of lengths in points.
pub(super) const LEN: usize = 4;
/// Decimals of glyph coordinates in font units.
pub(super) const UNITS: usize = 2;
/// Decimals of transform coefficients (scales, rotations, skews).
pub(super) const RATIO: usize = 8;

/// Appends `value` rounded to `decimals` places, trailing zeros trimmed, never `-0`; a
/// non-finite value is written as `0`.
pub(super) fn num(out: &mut String, value: f64, decimals: usize) {
    let value = if value.is_finite() { value } else { 0.0 };
    let start = out.len();
    let _ = write!(out, "{value:.decimals$}");
    if out[start..].contains('.') {
        let trimmed = out[start..].trim_end_matches('0').trim_end_matches('.').len();
        out.truncate(start + trimmed);
    }
    if &out[start..] == "-0" {
        out.truncate(start);
        out.push('0');
    }
}

/// Appends `value` with XML's special characters escaped, for an attribute in double
/// quotes.
pub(super) fn escaped(out: &mut String, value: &str) {
    for c in value.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
}

/// Appends a colour attribute (`fill` or `stroke`) as `#rrggbb`, with a separate
/// `…-opacity` attribute when the colour is not opaque (8-digit hex is not SVG 1.1).
pub(super) fn color_attrs(out: &mut String, name: &str, color: Color) {
    let [r, g, b, a] = color.to_rgba8();
    let _ = write!(out, r##" {name}="#{r:02x}{g:02x}{b:02x}""##);
    if a < 255 {
        let _ = write!(out, " {name}-opacity=\"");
        num(out, f64::from(a) / 255.0, 3);
        out.push('"');
    }
}

/// Appends a `transform` attribute for `ts` after a translation to `pos`, or nothing when
/// the two together are the identity. A pure translation is written as `translate(x y)`.
pub(super) fn transform_attr(out: &mut String, pos: Point, ts: Transform) {
    let ts = Transform::translate(pos.x, pos.y).pre_concat(ts);
    if ts.is_identity() {
        return;
    }
    out.push_str(" transform=\"");
    matrix(out, ts.to_array());
    out.push('"');
}

/// Appends `translate(e f)` when the linear part of `[a b c d e f]` is the identity, else
/// `matrix(a b c d e f)`.
pub(super) fn matrix(out: &mut String, [a, b, c, d, e, f]: [f64; 6]) {
    if [a, b, c, d] == [1.0, 0.0, 0.0, 1.0] {
        out.push_str("translate(");
    } else {
        out.push_str("matrix(");
        for v in [a, b, c, d] {
            num(out, v, RATIO);
            out.push(' ');
        }
    }
    num(out, e, LEN);
    out.push(' ');
    num(out, f, LEN);
    out.push(')');
}

/// Appends the path data of `curve` moved by `offset`, e.g. `M 0 0 L 10 0 Z`.
pub(super) fn curve_data(out: &mut String, curve: &Curve, offset: Point) {
    let points = |out: &mut String, command: &str, ps: &[Point]| {
        sep(out);
        out.push_str(command);
        for p in ps {
            out.push(' ');
            num(out, (p.x + offset.x).to_pt(), LEN);
            out.push(' ');
            num(out, (p.y + offset.y).to_pt(), LEN);
        }
    };
    for item in &curve.0 {
        match *item {
            CurveItem::Move(p) => points(out, "M", &[p]),
            CurveItem::Line(p) => points(out, "L", &[p]),
            CurveItem::Cubic(c1, c2, p) => points(out, "C", &[c1, c2, p]),
            CurveItem::Close => {
                sep(out);
                out.push('Z');
            }
        }
    }
}

/// Appends the path data of a glyph outline in font units (y up, as in the font).
pub(super) fn outline_data(out: &mut String, outline: &GlyphOutline) {
    let points = |out: &mut String, command: &str, ps: &[quire_shaping::Point]| {
        sep(out);
        out.push_str(command);
        for p in ps {
            out.push(' ');
            num(out, p.x, UNITS);
            out.push(' ');
            num(out, p.y, UNITS);
        }
    };
    for command in &outline.commands {
        match *command {
            PathCommand::MoveTo(p) => points(out, "M", &[p]),
            PathCommand::LineTo(p) => points(out, "L", &[p]),
            PathCommand::QuadTo(c, p) => points(out, "Q", &[c, p]),
            PathCommand::CurveTo(c1, c2, p) => points(out, "C", &[c1, c2, p]),
            PathCommand::Close => {
                sep(out);
                out.push('Z');
            }
        }
    }
}

/// A space before the next path command, except for the first one, which follows the
/// attribute's opening quote (`d="`) directly.
fn sep(out: &mut String) {
    if !out.ends_with('"') {
        out.push(' ');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(value: f64, decimals: usize, expected: &str) {
        let mut out = String::new();
        num(&mut out, value, decimals);
        assert_eq!(out, expected, "{value} to {decimals} decimals");
    }

    #[test]
    fn numbers_are_compact() {
        check(10.0, LEN, "10");
        check(0.5, LEN, "0.5");
        check(1.0 / 3.0, LEN, "0.3333");
        check(-0.00001, LEN, "0");
        check(-0.0, LEN, "0");
        check(-2.25, LEN, "-2.25");
        check(f64::NAN, LEN, "0");
        check(20.0 / 1000.0, RATIO, "0.02");
        check(1234.0, 0, "1234");
    }

    #[test]
    fn spot_inks_paint_their_preview() {
        static INK: quire_stages::doc::Ink = quire_stages::doc::Ink {
            name: quire_stages::doc::InkName::None,
            fallback: Color::BLACK,
        };
        let preview = [0x65, 0xba, 0xc6, 128];
        let spot = quire_stages::doc::Spot { ink: &INK, tint: 0.7, preview };
        let mut out = String::new();
        color_attrs(&mut out, "fill", Color::Spot(spot));
        assert_eq!(out, r##" fill="#65bac6" fill-opacity="0.502""##);
    }

    #[test]
    fn attributes_are_escaped() {
        let mut out = String::new();
        escaped(&mut out, r#"https://a.org/?q=1&r="<x>""#);
        assert_eq!(out, "https://a.org/?q=1&amp;r=&quot;&lt;x&gt;&quot;");
    }
}
