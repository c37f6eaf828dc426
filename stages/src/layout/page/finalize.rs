//! Finalization: a laid page and its physical number → the final page. The page number
//! is formatted with `page.numbering` (for the PDF page label and the automatic footer),
//! the header and footer are laid out in the margins (`header-ascent` and
//! `footer-descent`, 30% of the margin by default, keep them off the body), the
//! background goes below the body and the foreground above it, and the fill is set.
//!
//! Headers and footers see their page through `Engine.here` (page and numbering), so
//! that `context counter(page).display()` works in them.

use crate::base::{Abs, Point, Size, SourceResult, Span};
use crate::doc::{Frame, Page, PageFill};
use crate::layout::flow::layout_content;
use crate::layout::text::{paint, resolve_rel};
use crate::layout::{LaidPage, LayoutContext, PageNumber, Regions};
use crate::model::{
    ALIGN_ELEM, Alignment, Args, Content, HAlign, PAGE, Property, Ratio, Rel, Style, StyleChain,
    Styles, VAlign, Value,
};

use super::run::Geometry;

/// Numbers a page and lays out its header, footer, background and foreground.
pub fn finalize_page(
    cx: &mut LayoutContext,
    page: &LaidPage,
    number: PageNumber,
) -> SourceResult<Page> {
    let styles = &page.styles;
    let chain = StyleChain::new(styles);
    let size = page.frame.size();
    let geometry = Geometry::resolve(styles, Some(size.height));
    let numbering = chain.get(PAGE, "numbering").filter(|v| !matches!(v, Value::None)).cloned();
    cx.engine.here.page = Some(number.get());
    cx.engine.here.numbering = numbering.clone();

    let formatted = match &numbering {
        Some(numbering) => Some(format_number(cx, numbering, number.get())?),
        None => None,
    };
    let label = formatted.as_ref().map(|content| content.plain_text());

    // The automatic header or footer: the page number, at the number alignment.
    let number_align = match chain.get(PAGE, "number-align") {
        Some(Value::Alignment(a)) => *a,
        _ => Alignment { x: Some(HAlign::Center), y: Some(VAlign::Bottom) },
    };
    let number_on_top = number_align.y == Some(VAlign::Top);
    let marginal = |name: &str, auto: bool| match chain.get(PAGE, name) {
        Some(Value::Content(content)) => Some((content.clone(), None)),
        Some(Value::None) => None,
        _ if auto => formatted.clone().map(|n| (n, Some(Alignment { x: number_align.x, y: None }))),
        _ => None,
    };
    let header = marginal("header", number_on_top);
    let footer = marginal("footer", !number_on_top);
    let content = |name: &str| match chain.get(PAGE, name) {
        Some(Value::Content(content)) => Some(content.clone()),
        _ => None,
    };
    let background = content("background");
    let foreground = content("foreground");

    let rel = |name: &str| match chain.get(PAGE, name) {
        Some(Value::Relative(r)) => *r,
        Some(Value::Length(l)) => (*l).into(),
        Some(Value::Ratio(r)) => (*r).into(),
        _ => Rel::from(Ratio(0.3)),
    };
    let ascent = resolve_rel(styles, rel("header-ascent"), geometry.top);
    let descent = resolve_rel(styles, rel("footer-descent"), geometry.bottom);
    let body_width = geometry.body().width;

    let mut frame = Frame::new(size);
    let locator = page.locator;
    if let Some(background) = background {
        let centered = Alignment { x: Some(HAlign::Center), y: Some(VAlign::Horizon) };
        let sub = layout_marginal(cx, &background, styles, centered, size, locator.child(2))?;
        frame.push_frame(Point::zero(), sub);
    }
    for (pos, item) in page.frame.items() {
        frame.push(*pos, item.clone());
    }
    if let Some((header, align)) = header {
        let area = Size::new(body_width, (geometry.top - ascent).max(Abs::zero()));
        let align = align.unwrap_or(Alignment::h(HAlign::Start));
        let align = Alignment { y: Some(VAlign::Bottom), ..align };
        let sub = layout_marginal(cx, &header, styles, align, area, locator.child(0))?;
        frame.push_frame(Point::new(geometry.left, Abs::zero()), sub);
    }
    if let Some((footer, align)) = footer {
        let area = Size::new(body_width, (geometry.bottom - descent).max(Abs::zero()));
        let align = align.unwrap_or(Alignment::h(HAlign::Start));
        let align = Alignment { y: Some(VAlign::Top), ..align };
        let sub = layout_marginal(cx, &footer, styles, align, area, locator.child(1))?;
        let y = size.height - geometry.bottom + descent;
        frame.push_frame(Point::new(geometry.left, y), sub);
    }
    if let Some(foreground) = foreground {
        let centered = Alignment { x: Some(HAlign::Center), y: Some(VAlign::Horizon) };
        let sub = layout_marginal(cx, &foreground, styles, centered, size, locator.child(3))?;
        frame.push_frame(Point::zero(), sub);
    }

    let fill = match chain.get(PAGE, "fill") {
        Some(Value::None) => PageFill::None,
        Some(Value::Color(color)) => PageFill::Paint(paint(*color)),
        _ => PageFill::Auto,
    };
    Ok(Page { frame, fill, number, label })
}

/// Formats a page number with a numbering pattern or function.
fn format_number(
    cx: &mut LayoutContext,
    numbering: &Value,
    number: usize,
) -> SourceResult<Content> {
    let span = Span::detached();
    let n = Value::Int(i64::try_from(number).unwrap_or(i64::MAX));
    let value = match numbering {
        Value::Func(func) => func.call(cx.engine, Args::new(span, [n]))?,
        pattern => match cx.engine.world.library().get("numbering") {
            Some(Value::Func(func)) => {
                let func = func.clone();
                func.call(cx.engine, Args::new(span, [pattern.clone(), n]))?
            }
            _ => Value::Int(number as i64),
        },
    };
    Ok(value.display())
}

/// Lays out a header, footer, background or foreground into `area` (filled), aligned by
/// default as given (the content's own alignment wins).
fn layout_marginal(
    cx: &mut LayoutContext,
    content: &Content,
    styles: &Styles,
    align: Alignment,
    area: Size,
    locator: crate::base::Locator,
) -> SourceResult<Frame> {
    let mut styles = styles.clone();
    if let Some(field) = ALIGN_ELEM.field_index("alignment") {
        styles.push(Style::Property(Property {
            elem: ALIGN_ELEM,
            field,
            value: Value::Alignment(align),
            span: Span::detached(),
        }));
    }
    let regions = Regions::one(area, (true, true));
    Ok(layout_content(cx, content, &styles, locator, regions)?.into_frame())
}
