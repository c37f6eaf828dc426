//! PDF export: laid-out pages → a PDF 1.7 file, written with `pdf-writer`.
//!
//! Pages are encoded one by one into self-contained [`EncodedPage`]s (a compressed content
//! stream plus the fonts, glyphs, images and links it uses, named page-locally), which can
//! happen on any thread and in any order; [`PdfExporter::finish`] merges them in page order,
//! subsets the fonts, encodes the images and writes the document. The output depends only
//! on the pages and the metadata, never on thread count or arrival order.
//!
//! Glyphs are written as two-byte codes equal to their glyph id in the original font, so
//! that a page can be encoded before the document's glyph set is known; the font module
//! maps those codes to the subset's glyphs (see `font.rs`).

// The public surface.
mod exporter;

// Encoding one page.
mod page;
mod text;

// Document-wide resources, written at the end.
mod cff;
mod font;
mod image;
mod separation;

// The document around the pages.
mod assemble;
mod metadata;
mod outline;

// Helpers.
mod compress;
mod hash;

#[cfg(test)]
mod tests;

pub use self::exporter::{PdfError, PdfExporter, PdfOptions, export};
pub use self::page::{EncodedPage, encode_page};
