//! Sizes that evaluation asks layout for.
//!
//! - `layout(size => ..)`: calls the element's function with the size of the region it
//!   is laid out in (`(width: .., height: ..)`, infinite along an axis that may grow
//!   without bound) and lays out the content it returns into the same regions. The
//!   function runs as a `context` does: it sees the styles where it stands and its place.
//! - `measure`: the layout side of `eval::Typesetter`, implemented by the fonts of a
//!   compilation (`InlineContext`): content is realized and laid out into one region that
//!   need not be filled, and the first frame's size, at most the region's, is the
//!   answer. The frames are
//!   dropped, so measured content leaves no tags, but its introspections are recorded
//!   like any others. Whether a font family exists is the font book's answer.

use crate::base::{Abs, Locator, Size, SourceResult};
use crate::eval::{Engine, Here, Typesetter};
use crate::layout::flow::layout_content;
use crate::layout::inline::InlineContext;
use crate::layout::{Fragment, LayoutContext, Regions};
use crate::model::{Args, Content, Dict, Func, Length, Str, Styles, Value};

/// The key of the locator branch that measured content is realized under, so that its
/// locations never collide with those of the content placed in the document.
const MEASURED: u64 = 0x6d65_6173_7572_6564;

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

impl Typesetter for InlineContext<'_> {
    fn font_family_exists(&self, family: &str) -> bool {
        self.book.contains_family(family)
    }

    fn measure(
        &self,
        engine: &mut Engine,
        content: &Content,
        styles: &Styles,
        region: Size,
    ) -> SourceResult<Size> {
        let place = engine.here.location.map_or(0, |location| location.as_u64());
        let locator = Locator::root().child(MEASURED).child(place);
        let mut cx = LayoutContext { engine, fonts: *self };
        let regions = Regions::one(region, (false, false));
        let fragment = layout_content(&mut cx, content, styles, locator, regions)?;
        // Content that overflows the region is measured as the region, as in Typst.
        let size = fragment.into_frame().size();
        Ok(Size::new(size.width.min(region.width), size.height.min(region.height)))
    }
}
