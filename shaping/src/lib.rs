//! Fonts and shaping: font loading, matching and fallback, shaping with rustybuzz, glyph
//! outlines with swash and font metrics. Knows nothing of layout units or spans.
//!
//! Filled in by the pipeline issue (issue 3); the syntax foundation needs no fonts yet.
