//! SCAFFOLD (replaced by the flow engineer): page runs → laid pages → final pages.

use crate::base::SourceResult;
use crate::doc::Page;
use crate::layout::{LaidPage, LayoutContext, PageNumber};
use crate::realize::PageRun;

/// Lays out a page run into pages (bodies only).
pub fn layout_run(cx: &mut LayoutContext, run: &PageRun) -> SourceResult<Vec<LaidPage>> {
    let _ = (cx, run);
    Ok(Vec::new())
}

/// Concatenates the runs' pages in order, inserting blank pages where a run's parity asks.
pub fn paginate(runs: Vec<Vec<LaidPage>>) -> Vec<LaidPage> {
    runs.into_iter().flatten().collect()
}

/// Numbers a page and lays out its header, footer, background and foreground.
pub fn finalize_page(
    cx: &mut LayoutContext,
    page: &LaidPage,
    number: PageNumber,
) -> SourceResult<Page> {
    let _ = cx;
    Ok(Page { frame: page.frame.clone(), fill: Default::default(), number, label: None })
}
