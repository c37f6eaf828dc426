//! Fonts and shaping for quire: loading faces, the font book (matching and fallback),
//! variable-font instances, shaping with rustybuzz, glyph outlines with swash, and font
//! metrics.
//!
//! Deliberately absent: layout units and spans. Lengths are plain `f64` in em (metrics,
//! shaped advances) or font units (outlines); callers scale by the font size. Errors are
//! typed ([`FontError`]); nothing here panics on font data or text. No hidden globals:
//! caches live in values the caller owns ([`ShapingContext`], [`OutlineCache`]).

// What a face is.
mod coverage;
mod error;
mod font;
mod metrics;
mod variant;
mod variation;

// Finding faces.
mod book;
mod matching;

// Using faces.
mod cache;
mod outline;
mod shape;

pub use book::{DEFAULT_FALLBACKS, FamilyInfo, FontBook, FontId, FontOptions};
pub use coverage::Coverage;
pub use error::FontError;
pub use font::{Font, FontData, FontFlags, FontInfo, face_count};
pub use matching::{MatchKey, VariantRange, match_key};
pub use metrics::{FontMetrics, LineMetrics, ScriptMetrics};
pub use outline::{
    BoundingBox, DEFAULT_OUTLINE_CAPACITY, GlyphOutline, OutlineCache, PathCommand, Point,
};
pub use shape::{
    DEFAULT_CACHE_CAPACITY, Direction, Feature, ShapeSettings, ShapedGlyph, Shaper, ShapingContext,
};
pub use variant::{FontStretch, FontStyle, FontVariant, FontWeight};
pub use variation::{Tag, TagError, Variation, VariationAxis, instance_variations};
