//! The PDF exporter's public surface: options, errors, the streaming [`PdfExporter`] that
//! takes pages as they are laid out, and [`export`] for a whole document at once.

use std::collections::BTreeMap;
use std::fmt;

use quire_stages::doc::{DocumentInfo, OutlineItem, Page, PagedDocument, Timestamp};
use rayon::prelude::*;

use super::assemble::assemble;
use super::page::{EncodedPage, encode_page};

/// Settings for PDF export.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct PdfOptions {
    /// The creation time written as `CreationDate` and `ModDate` when the document sets
    /// no date of its own (Typst's `--creation-timestamp`). `None` writes no dates, which
    /// keeps the output reproducible.
    pub timestamp: Option<Timestamp>,
}

/// Why a PDF could not be written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PdfError {
    /// A font could not be subset or embedded (its data is malformed or of a kind that
    /// cannot be embedded).
    Font {
        /// The font's family name.
        family: String,
        /// What went wrong.
        message: String,
    },
    /// An image could not be decoded.
    Image {
        /// What went wrong.
        message: String,
    },
    /// Two pages with the same physical page number were handed to the exporter.
    DuplicatePage {
        /// The page number, from 1.
        number: usize,
    },
}

impl fmt::Display for PdfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Font { family, message } => {
                write!(f, "failed to embed font {family:?} in the pdf: {message}")
            }
            Self::Image { message } => write!(f, "failed to embed image in the pdf: {message}"),
            Self::DuplicatePage { number } => {
                write!(f, "page {number} was handed to the pdf exporter twice")
            }
        }
    }
}

impl std::error::Error for PdfError {}

/// Builds a PDF from pages handed over one at a time, in any order.
///
/// [`add_page`](Self::add_page) encodes a page right away, so that memory holds compressed
/// content streams rather than frames; to spread that work over threads, call
/// [`encode_page`] on workers and hand the results to [`add_encoded`](Self::add_encoded).
/// Pages are ordered by their physical page number, whatever order they arrive in.
#[derive(Debug)]
pub struct PdfExporter {
    options: PdfOptions,
    pages: BTreeMap<usize, EncodedPage>,
    duplicate: Option<usize>,
}

impl PdfExporter {
    /// An exporter without pages.
    pub fn new(options: PdfOptions) -> Self {
        Self { options, pages: BTreeMap::new(), duplicate: None }
    }

    /// Encodes a page and keeps it for the document.
    pub fn add_page(&mut self, page: &Page) {
        self.add_encoded(encode_page(page));
    }

    /// Keeps a page encoded elsewhere (see [`encode_page`]). A second page with the same
    /// number makes [`finish`](Self::finish) fail.
    pub fn add_encoded(&mut self, page: EncodedPage) {
        let number = page.number.get();
        if self.pages.insert(number, page).is_some() && self.duplicate.is_none() {
            self.duplicate = Some(number);
        }
    }

    /// How many pages were handed over so far.
    pub fn page_count(&self) -> usize {
        self.pages.len()
    }

    /// Writes the document: the pages in page-number order, the metadata and the outline
    /// (bookmarks, whose `page` is an index into the document's pages, i.e. the page
    /// number minus one).
    pub fn finish(self, info: &DocumentInfo, outline: &[OutlineItem]) -> Result<Vec<u8>, PdfError> {
        if let Some(number) = self.duplicate {
            return Err(PdfError::DuplicatePage { number });
        }
        let pages: Vec<EncodedPage> = self.pages.into_values().collect();
        assemble(&pages, info, outline, &self.options)
    }
}

/// Writes a whole document: pages are encoded in parallel on the current rayon pool and
/// merged in page order, so the bytes are the same for any number of threads.
pub fn export(doc: &PagedDocument, options: &PdfOptions) -> Result<Vec<u8>, PdfError> {
    let encoded: Vec<EncodedPage> = doc.pages.par_iter().map(encode_page).collect();
    let mut exporter = PdfExporter::new(options.clone());
    for page in encoded {
        exporter.add_encoded(page);
    }
    exporter.finish(&doc.info, &doc.outline)
}
