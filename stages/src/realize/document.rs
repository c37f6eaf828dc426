//! SCAFFOLD (replaced by the realize engineer): the entry points of realization.

use crate::base::{Locator, SourceResult};
use crate::doc::DocumentInfo;
use crate::eval::Engine;
use crate::model::{Content, Styles};
use crate::realize::{FlowItem, PageRun};

/// Realizes the document's content into page runs, handing each to `emit` as soon as it
/// is complete; returns the document's metadata from `set document(..)` rules.
pub fn realize_document(
    engine: &mut Engine,
    content: &Content,
    styles: &Styles,
    locator: Locator,
    emit: &mut dyn FnMut(PageRun),
) -> SourceResult<DocumentInfo> {
    let _ = (engine, content, styles, locator, emit);
    Ok(DocumentInfo::default())
}

/// Realizes nested content (a block's body, a cell, a header) into flow items; page
/// breaks are not allowed here.
pub fn realize_flow(
    engine: &mut Engine,
    content: &Content,
    styles: &Styles,
    locator: Locator,
) -> SourceResult<Vec<FlowItem>> {
    let _ = (engine, content, styles, locator);
    Ok(Vec::new())
}
