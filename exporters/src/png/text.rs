//! Text in pixels: a run of glyphs → each glyph's outline (font units, y up) filled as a
//! path, scaled by size / units-per-em with y flipped and placed at the glyph's pen
//! position and offsets; a text stroke outlines the same paths.
//!
//! Glyphs without an outline (bitmap-only or colour-bitmap glyphs) draw nothing.

use quire_shaping::{GlyphOutline, PathCommand};
use quire_stages::doc::TextItem;
use tiny_skia::{FillRule, Path, PathBuilder, Pixmap};

use super::render::State;
use super::shape::{skia_paint, stroke_path};
use crate::raster_glyphs::{glyph_outline, place_glyphs, units_to_pt};

/// Draws `text` with its baseline origin at the state's origin.
pub(super) fn render_text(canvas: &mut Pixmap, state: State, text: &TextItem) {
    let scale = units_to_pt(text) as f32;
    if !(scale.is_finite() && scale > 0.0) {
        return;
    }
    let fill = skia_paint(&text.fill);
    for placed in place_glyphs(text) {
        let Some(outline) = glyph_outline(text, placed.glyph.id) else {
            continue;
        };
        let Some(path) = outline_path(&outline) else {
            continue;
        };
        let ts = state.ts.pre_translate(placed.x as f32, -placed.y as f32).pre_scale(scale, -scale);
        canvas.fill_path(&path, &fill, FillRule::Winding, ts, state.mask);
        if let Some(stroke) = &text.stroke {
            stroke_path(canvas, &path, stroke, scale, ts, state.mask);
        }
    }
}

/// A glyph outline as a path in font units. `None` for an empty glyph (a space).
fn outline_path(outline: &GlyphOutline) -> Option<Path> {
    let mut builder =
        PathBuilder::with_capacity(outline.commands.len(), outline.commands.len() * 2);
    let xy = |p: quire_shaping::Point| (p.x as f32, p.y as f32);
    for command in &outline.commands {
        match *command {
            PathCommand::MoveTo(p) => {
                let (x, y) = xy(p);
                builder.move_to(x, y);
            }
            PathCommand::LineTo(p) => {
                let (x, y) = xy(p);
                builder.line_to(x, y);
            }
            PathCommand::QuadTo(c, p) => {
                let ((x1, y1), (x, y)) = (xy(c), xy(p));
                builder.quad_to(x1, y1, x, y);
            }
            PathCommand::CurveTo(c1, c2, p) => {
                let ((x1, y1), (x2, y2), (x, y)) = (xy(c1), xy(c2), xy(p));
                builder.cubic_to(x1, y1, x2, y2, x, y);
            }
            PathCommand::Close => builder.close(),
        }
    }
    builder.finish()
}
