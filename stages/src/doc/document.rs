//! Whole documents: pages with their numbers and fill, plus metadata and the outline that
//! exporters write (PDF bookmarks, document info).

use std::num::NonZeroUsize;

use ecow::EcoString;

use crate::base::Abs;
use crate::doc::{Frame, Paint};

/// A laid-out paged document.
#[derive(Debug, Default, Clone, Eq, PartialEq, Hash)]
pub struct PagedDocument {
    pub pages: Vec<Page>,
    pub info: DocumentInfo,
    /// Bookmarks, in document order.
    pub outline: Vec<OutlineItem>,
}

/// One page.
#[derive(Debug, Clone, Eq, PartialEq, Hash)]
pub struct Page {
    pub frame: Frame,
    pub fill: PageFill,
    /// The physical page number, from 1.
    pub number: NonZeroUsize,
    /// The page's label as numbered (e.g. `iv`), for PDF page labels.
    pub label: Option<EcoString>,
}

/// The page background.
#[derive(Debug, Default, Clone, Eq, PartialEq, Hash)]
pub enum PageFill {
    /// Typst's `auto`: white in raster output, transparent in PDF and SVG.
    #[default]
    Auto,
    /// Explicitly transparent.
    None,
    /// A paint.
    Paint(Paint),
}

/// Document metadata from `set document(..)`.
#[derive(Debug, Default, Clone, Eq, PartialEq, Hash)]
pub struct DocumentInfo {
    pub title: Option<EcoString>,
    pub author: Vec<EcoString>,
    pub description: Option<EcoString>,
    pub keywords: Vec<EcoString>,
    /// The document date.
    pub date: DocumentDate,
}

/// The date `set document(date: ..)` gave.
#[derive(Debug, Default, Copy, Clone, Eq, PartialEq, Hash)]
pub enum DocumentDate {
    /// `auto` (the default): the creation time of the compilation, if it has one.
    #[default]
    Auto,
    /// `none`: no date is written.
    None,
    /// A date the document set.
    Set(Timestamp),
}

impl DocumentDate {
    /// The date to write, with `now` standing in for `auto`.
    pub fn resolve(self, now: Option<Timestamp>) -> Option<Timestamp> {
        match self {
            Self::Auto => now,
            Self::None => None,
            Self::Set(date) => Some(date),
        }
    }
}

/// A calendar date and time (UTC), for metadata.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Hash)]
pub struct Timestamp {
    pub year: i32,
    pub month: u8,
    pub day: u8,
    pub hour: u8,
    pub minute: u8,
    pub second: u8,
}

/// A bookmark: a heading's title and where it is.
#[derive(Debug, Clone, Eq, PartialEq, Hash)]
pub struct OutlineItem {
    pub title: EcoString,
    /// Nesting level, from 1.
    pub level: NonZeroUsize,
    /// Index of the page in `PagedDocument::pages`.
    pub page: usize,
    /// Distance of the heading from the page's top edge.
    pub y: Abs,
}
