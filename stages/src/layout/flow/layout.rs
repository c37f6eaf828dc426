//! The flow's entry points: content → realized flow items → frames, and flow items →
//! frames (collection, then distribution), for nested flows and for a page's.

use crate::base::{Locator, SourceResult};
use crate::layout::{Fragment, LayoutContext, Regions};
use crate::model::{Content, Styles};
use crate::realize::FlowItem;

use super::collect::collect;
use super::distribute::distribute;

/// Realizes `content` under `styles` and lays out its flow into `regions` (block bodies,
/// cells, headers and footers).
pub fn layout_content(
    cx: &mut LayoutContext,
    content: &Content,
    styles: &Styles,
    locator: Locator,
    regions: Regions,
) -> SourceResult<Fragment> {
    let items = crate::realize::realize_flow(cx.engine, content, styles, locator)?;
    layout_flow(cx, &items, regions)
}

/// Lays out flow items into `regions`: one frame per region used (at least one).
pub fn layout_flow(
    cx: &mut LayoutContext,
    items: &[FlowItem],
    regions: Regions,
) -> SourceResult<Fragment> {
    let children = collect(cx, items, &regions)?;
    distribute(cx, &children, regions, None)
}

/// Lays out the flow of a page run with `styles` into its body regions: as
/// [`layout_flow`], and the entries of the footnotes whose markers land in a region go
/// to its bottom.
pub fn layout_page_flow(
    cx: &mut LayoutContext,
    items: &[FlowItem],
    regions: Regions,
    styles: &Styles,
) -> SourceResult<Fragment> {
    let children = collect(cx, items, &regions)?;
    distribute(cx, &children, regions, Some((styles, items)))
}
