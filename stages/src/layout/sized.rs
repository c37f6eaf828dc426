//! `layout(size => ..)`: calls the element's function with the size of the region it is
//! laid out in (`(width: .., height: ..)`, infinite along an axis that may grow without
//! bound) and lays out the content it returns into the same regions. The function runs
//! as a `context` does: it sees the styles where it stands and its place.

use crate::base::{Abs, Locator, SourceResult};
use crate::eval::Here;
use crate::layout::flow::layout_content;
use crate::layout::{Fragment, LayoutContext, Regions};
use crate::model::{Args, Content, Dict, Func, Length, Str, Styles, Value};

/// Lays out a `layout` element into `regions`.
pub(super) fn layout_sized(
    cx: &mut LayoutContext,
    content: &Content,
    styles: &Styles,
    locator: Locator,
    regions: Regions,
) -> SourceResult<Fragment> {
    let Some(Value::Func(func)) = content.field("func") else {
        return Ok(Fragment::frame(Default::default()));
    };
    let func: Func = func.clone();
    let base = regions.base();
    let mut size = Dict::new();
    size.insert(Str::from("width"), length(base.width));
    size.insert(Str::from("height"), length(base.height));

    let here = Here { location: Some(locator.location()), ..cx.engine.here.clone() };
    let outer_here = std::mem::replace(&mut cx.engine.here, here);
    let outer_styles = std::mem::replace(&mut cx.engine.styles, styles.clone());
    let result = func.call(cx.engine, Args::new(content.span(), [Value::Dict(size)]));
    cx.engine.here = outer_here;
    cx.engine.styles = outer_styles;

    let body = result?.display();
    layout_content(cx, &body, styles, locator.child(0), regions)
}

/// An absolute size as a length value.
fn length(abs: Abs) -> Value {
    Value::Length(Length::abs(abs))
}
