//! SCAFFOLD (replaced by the flow engineer): realizes content and lays out its flow.

use crate::base::{Locator, SourceResult};
use crate::layout::{Fragment, LayoutContext, Regions};
use crate::model::{Content, Styles};

/// Realizes `content` under `styles` and lays out its flow into `regions`.
pub fn layout_content(
    cx: &mut LayoutContext,
    content: &Content,
    styles: &Styles,
    locator: Locator,
    regions: Regions,
) -> SourceResult<Fragment> {
    let _ = (cx, content, styles, locator, regions);
    Ok(Fragment::default())
}
