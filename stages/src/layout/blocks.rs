//! SCAFFOLD (replaced by the blocks engineer): block- and inline-level element dispatch.

use crate::base::{Locator, Size, SourceResult};
use crate::doc::Frame;
use crate::layout::{Fragment, LayoutContext, Regions};
use crate::model::{Content, Styles};

/// Lays out a block-level element (block, pad, stack, grid, table, list, enum, terms,
/// image, shapes, …) into regions.
pub fn layout_block_elem(
    cx: &mut LayoutContext,
    content: &Content,
    styles: &Styles,
    locator: Locator,
    regions: Regions,
) -> SourceResult<Fragment> {
    let _ = (cx, content, styles, locator, regions);
    Ok(Fragment::default())
}

/// Lays out an inline-level element (box, inline image or shape) within `region`.
pub fn layout_inline_elem(
    cx: &mut LayoutContext,
    content: &Content,
    styles: &Styles,
    locator: Locator,
    region: Size,
) -> SourceResult<Frame> {
    let _ = (cx, content, styles, locator, region);
    Ok(Frame::default())
}
