//! The realized forms of content that layout consumes: page runs of flow items, and
//! paragraphs of inline pieces. Plain data, owned, cheap to clone.

use ecow::EcoString;

use crate::base::{Locator, Span, Tag};
use crate::doc::Destination;
use crate::model::{Content, Fr, Rel, Styles};

/// A stretch of the document that shares one page style: laid out independently of (and
/// in parallel with) the other runs.
#[derive(Debug, Clone)]
pub struct PageRun {
    /// The run's place in the document, from 0.
    pub index: usize,
    /// The styles in effect for the run's pages (the `page` properties among them).
    pub styles: Styles,
    /// The parity the run's first page must have (`pagebreak(to: "odd")`).
    pub parity: Option<Parity>,
    /// The run's flow, in order.
    pub items: Vec<FlowItem>,
    /// How many of the first `items` are tags that stand between the previous page and
    /// this run's first page (they came before a `set page(..)` or a weak page break that
    /// had nothing to break): they land at the very start of that page, before its
    /// header, as in Typst.
    pub lead: usize,
    /// How many of the last `items` are tags that came after a weak page break at the
    /// very end of the document: as in Typst, they land at the very end of the run's
    /// last page, after its footer, rather than on a page of their own.
    pub tail: usize,
    /// Where the run sits in the content tree (for locations of content made in layout).
    pub locator: Locator,
}

/// Page parity, for `pagebreak(to: ..)`.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Hash)]
pub enum Parity {
    Odd,
    Even,
}

/// One piece of a flow (a page run, a block's body, a cell).
#[derive(Debug, Clone)]
pub enum FlowItem {
    /// A paragraph.
    Par(Par),
    /// Vertical spacing (`v`); `styles` resolve `em`.
    Spacing { amount: Spacing, weak: bool, styles: Styles },
    /// A block-level element for a layouter of `layout` (block, pad, stack, grid, table,
    /// list, enum, terms, image, shapes, place, align's body, raw blocks …), after show
    /// rules; `styles` are in effect for it.
    Block { content: Content, styles: Styles, locator: Locator },
    /// A column break (a page break inside a run is a run boundary instead).
    Colbreak { weak: bool },
    /// A locatable element starts here (a heading's tag precedes its block).
    Tag(Tag),
}

/// Vertical or horizontal spacing as written.
#[derive(Debug, Copy, Clone, PartialEq)]
pub enum Spacing {
    Rel(Rel),
    Fr(Fr),
}

/// A paragraph: inline pieces in logical order.
#[derive(Debug, Clone)]
pub struct Par {
    pub items: Vec<InlinePiece>,
    /// The styles in effect for the paragraph's `par` properties (those at its end).
    pub styles: Styles,
    pub span: Span,
}

/// One piece of a paragraph.
#[derive(Debug, Clone)]
pub enum InlinePiece {
    /// Text (spaces, resolved smart quotes and shorthands included) with its styles and,
    /// inside a `link`, its destination.
    Text { text: EcoString, styles: Styles, span: Span, link: Option<Destination> },
    /// Horizontal spacing (`h`).
    Spacing { amount: Spacing, weak: bool, styles: Styles },
    /// A forced line break.
    Linebreak { justify: bool },
    /// An inline-level element for `layout` (box, inline image or shape, inline
    /// equation), after show rules.
    Box { content: Content, styles: Styles, locator: Locator, link: Option<Destination> },
    /// A locatable element starts here.
    Tag(Tag),
}
