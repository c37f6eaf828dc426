//! Text runs in frames: a font at a size with a paint, and its positioned glyphs with the
//! text they came from (for copyable PDF text and SVG/HTML output).

use std::ops::Range;

use ecow::{EcoString, EcoVec};
use quire_shaping::{Font, Variation};

use crate::base::{Abs, Em, Span};
use crate::doc::{FixedStroke, Paint};

/// A run of shaped glyphs in one font, size and paint. The item's position in its frame is
/// the baseline origin of the first glyph.
#[derive(Debug, Clone)]
pub struct TextItem {
    pub font: Font,
    /// Variable-font coordinates the glyphs were shaped with (empty for static fonts).
    pub variations: EcoVec<Variation>,
    pub size: Abs,
    pub fill: Paint,
    pub stroke: Option<FixedStroke>,
    /// The BCP 47 language tag of the text (e.g. `en`, `de-CH`).
    pub lang: EcoString,
    /// The text the glyphs were shaped from.
    pub text: EcoString,
    pub glyphs: Vec<Glyph>,
}

impl TextItem {
    /// The total advance width of the run.
    pub fn width(&self) -> Abs {
        self.glyphs.iter().map(|g| g.x_advance.at(self.size)).sum()
    }
}

/// One glyph of a text run.
#[derive(Debug, Clone, Eq, PartialEq, Hash)]
pub struct Glyph {
    /// The glyph id in the font.
    pub id: u16,
    /// How far the pen moves after this glyph.
    pub x_advance: Em,
    /// Horizontal offset of the glyph from the pen position.
    pub x_offset: Em,
    /// Vertical offset of the glyph from the baseline, upwards positive.
    pub y_offset: Em,
    /// The byte range in `TextItem::text` this glyph represents (cluster).
    pub range: Range<u16>,
    /// The source node and the byte offset inside it.
    pub span: (Span, u16),
}

impl Glyph {
    /// The byte range in the run's text as `usize`s.
    pub fn range(&self) -> Range<usize> {
        usize::from(self.range.start)..usize::from(self.range.end)
    }
}

// Font has identity equality; variations compare by their bits. Text items compare by
// every field so that identical pages are detected across runs.
impl PartialEq for TextItem {
    fn eq(&self, other: &Self) -> bool {
        self.font == other.font
            && self.variations.len() == other.variations.len()
            && self
                .variations
                .iter()
                .zip(&other.variations)
                .all(|(a, b)| a.tag == b.tag && a.value.to_bits() == b.value.to_bits())
            && self.size == other.size
            && self.fill == other.fill
            && self.stroke == other.stroke
            && self.lang == other.lang
            && self.text == other.text
            && self.glyphs == other.glyphs
    }
}

impl Eq for TextItem {}

impl std::hash::Hash for TextItem {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.font.hash(state);
        for v in &self.variations {
            v.tag.hash(state);
            v.value.to_bits().hash(state);
        }
        self.size.hash(state);
        self.fill.hash(state);
        self.stroke.hash(state);
        self.lang.hash(state);
        self.text.hash(state);
        self.glyphs.hash(state);
    }
}
