//! Glyph helpers shared by the PNG and SVG exporters: a text run → where each glyph sits
//! (in points, from the run's baseline origin) and its outline in font units, read through
//! a per-thread [`OutlineCache`].
//!
//! The cache is thread-local because swash's scaler is not `Sync`: each rayon worker that
//! renders pages keeps its own, and outlines are pure functions of (font, glyph,
//! coordinates), so which worker reads a glyph never changes the output.

use std::cell::RefCell;
use std::sync::Arc;

use quire_shaping::{GlyphOutline, OutlineCache};
use quire_stages::doc::{Glyph, TextItem};

thread_local! {
    /// This thread's outlines, shared by every page it renders.
    static OUTLINES: RefCell<OutlineCache> = RefCell::new(OutlineCache::new());
}

/// A glyph of a run with its position relative to the run's baseline origin, in points:
/// `x` to the right, `y` upwards (the glyph's vertical offset).
#[derive(Debug, Copy, Clone)]
pub(crate) struct PlacedGlyph<'a> {
    pub glyph: &'a Glyph,
    pub x: f64,
    pub y: f64,
}

/// The glyphs of `text` with their positions: the pen advances by each glyph's advance, and
/// each glyph is drawn at the pen plus its offsets.
pub(crate) fn place_glyphs(text: &TextItem) -> impl Iterator<Item = PlacedGlyph<'_>> {
    let size = text.size.to_pt();
    let mut pen = 0.0;
    text.glyphs.iter().map(move |glyph| {
        let x = pen + glyph.x_offset.get() * size;
        let y = glyph.y_offset.get() * size;
        pen += glyph.x_advance.get() * size;
        PlacedGlyph { glyph, x, y }
    })
}

/// How many points one font unit of the run's font measures.
pub(crate) fn units_to_pt(text: &TextItem) -> f64 {
    text.size.to_pt() / text.font.units_per_em()
}

/// The outline of `glyph` in the run's font at the run's variation coordinates, from this
/// thread's cache. `None` when the font has no outline for it (bitmap-only glyphs).
pub(crate) fn glyph_outline(text: &TextItem, glyph: u16) -> Option<Arc<GlyphOutline>> {
    OUTLINES.with(|cache| cache.borrow_mut().outline(&text.font, glyph, &text.variations))
}
