//! Text in SVG: a run of glyphs → one `<g>` that scales font units to points (y flipped)
//! and places the run's baseline origin, holding a `<use>` per drawn glyph at its pen
//! position in font units. Each distinct glyph outline is defined once per page as a
//! `<path id="g…">` in font units, whatever the size it is used at.
//!
//! The run's fill and stroke sit on the `<g>` and are inherited by its `<use>`s; a stroke's
//! width and dashes are given in font units, since they are drawn inside the scaling.
//! Glyphs without an outline (spaces, bitmap-only glyphs) get no `<use>`.

use std::fmt::Write;

use quire_stages::base::{Point, Transform};
use quire_stages::doc::{Paint, TextItem};

use super::render::Svg;
use super::shape::stroke_attrs;
use super::write::{UNITS, color_attrs, num, outline_data, transform_attr};
use crate::raster_glyphs::{glyph_outline, place_glyphs, units_to_pt};

/// Writes `text` with its baseline origin at `pos`.
pub(super) fn write_text(svg: &mut Svg, pos: Point, text: &TextItem) {
    let scale = units_to_pt(text);
    if !(scale.is_finite() && scale > 0.0) {
        return;
    }
    let mut uses = String::new();
    for placed in place_glyphs(text) {
        let Some(id) = glyph_def(svg, text, placed.glyph.id) else {
            continue;
        };
        let _ = write!(uses, "<use xlink:href=\"#g{id}\" x=\"");
        num(&mut uses, placed.x / scale, UNITS);
        uses.push('"');
        if placed.y != 0.0 {
            uses.push_str(" y=\"");
            num(&mut uses, placed.y / scale, UNITS);
            uses.push('"');
        }
        uses.push_str("/>\n");
    }
    if uses.is_empty() {
        return;
    }

    let out = &mut svg.body;
    out.push_str("<g");
    transform_attr(out, pos, Transform::scale(scale, -scale));
    match text.fill {
        Paint::Solid(color) => color_attrs(out, "fill", color),
    }
    if let Some(stroke) = &text.stroke {
        stroke_attrs(out, stroke, scale);
    }
    out.push_str(">\n");
    out.push_str(&uses);
    out.push_str("</g>\n");
}

/// The index of the definition of `glyph` in the run's font, defining it on first use.
/// `None` when the glyph has no outline or an empty one.
fn glyph_def(svg: &mut Svg, text: &TextItem, glyph: u16) -> Option<usize> {
    let key = (text.font.clone(), glyph, text.variations.to_vec());
    if let Some(id) = svg.glyphs.get(&key) {
        return *id;
    }
    let id = glyph_outline(text, glyph).filter(|o| !o.commands.is_empty()).map(|outline| {
        let id = svg.glyph_count;
        svg.glyph_count += 1;
        let _ = write!(svg.defs, "<path id=\"g{id}\" d=\"");
        outline_data(&mut svg.defs, &outline);
        svg.defs.push_str("\"/>\n");
        id
    });
    svg.glyphs.insert(key, id);
    id
}
