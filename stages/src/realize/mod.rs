//! Realization: evaluated content + styles → what layout consumes. Show rules are applied
//! here (element, `where`, label and everything-selectors; function, content and style
//! transformations; show-set), built-in elements get their default look (headings become
//! styled blocks, `strong` and `emph` become text styles, `raw` becomes monospace text),
//! paragraphs are grouped, list items are gathered into lists, `context` is evaluated, and
//! the document's top-level flow is split into page runs at page breaks and page-style
//! changes.
//!
//! The items carry their styles *flattened* (outermost first) so that they are owned and
//! can be laid out on any thread; siblings share one `Styles` (a reference count).
//! Locatable elements (headings, `context`, labelled content) get `Location`s from the
//! `Locator` of their place in the tree and leave `Tag`s that layout puts into frames.
//!
//! Reading order: `document` (entry points, page runs), `walk` (the traversal), `show`
//! (show rules), `builtin` (built-in looks), `outline` and `reference` (outlines and
//! references from the previous layout's records), `par` (paragraph building), `quotes`,
//! `marks` (bookkeeping carried in the styles).

mod document;
mod items;

mod builtin;
mod footnote;
mod grid;
mod marks;
mod math;
mod outline;
mod par;
mod quotes;
mod reference;
mod show;
mod walk;

#[cfg(test)]
mod tests;

pub use self::builtin::hidden;
pub use self::document::{realize_document, realize_flow};
pub use self::footnote::{entry_locator, entry_tag, footnote_entry, is_reference};
pub use self::items::{FlowItem, InlinePiece, PageRun, Par, Parity, Spacing};
pub use self::marks::decorations;
