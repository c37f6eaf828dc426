//! Finalization: a laid page and its physical number → the final page. The page number
//! is formatted with `page.numbering` (for the PDF page label and the automatic footer),
//! the header and footer are laid out in the margins (`header-ascent` and
//! `footer-descent`, 30% of the margin by default, keep them off the body), the
//! background goes below the body and the foreground above it, and the fill is set.
//!
//! The number shown is the page counter's (`counter(page).update(..)` changes it): at the
//! start of the page for an automatic header, at its end for an automatic footer, with
//! the final value as the total when the numbering takes two numbers (`"1 / 1"`).
//! Headers and footers see their page through `Engine.here` (page and numbering), so
//! that `context counter(page).display()` works in them. Every page also gets a tag of
//! its own (a `PageMark`: its numbering and supplement), through which later iterations
//! learn how the page a location landed on is numbered.

use crate::base::{Abs, Point, Size, SourceResult, Span, Tag, TagInfo};
use crate::doc::{Frame, FrameItem, Page, PageFill};
use crate::eval::library::{is_numbering_pattern, page_number, page_total};
use crate::layout::flow::layout_content;
use crate::layout::text::{paint, resolve_rel};
use crate::layout::{LaidPage, LayoutContext, PageNumber, Regions};
use crate::model::{
    ALIGN_ELEM, Alignment, Args, Content, HAlign, PAGE, PageMark, Property, Ratio, Rel, Style,
    StyleChain, Styles, VAlign, Value,
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

    // The automatic header or footer: the page number, at the number alignment.
    let number_align = match chain.get(PAGE, "number-align") {
        Some(Value::Alignment(a)) => *a,
        _ => Alignment { x: Some(HAlign::Center), y: Some(VAlign::Bottom) },
    };
    let number_on_top = number_align.y == Some(VAlign::Top);

    let formatted = match &numbering {
        Some(numbering) => {
            // A header shows the page counter at the start of its page, a footer at its
            // end (after the page's own updates).
            let current = page_number(cx.engine, number.get(), !number_on_top)?;
            Some(format_number(cx, numbering, current)?)
        }
        None => None,
    };
    let label = formatted.as_ref().map(|content| content.plain_text());
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

    // The page's own tag, for what later iterations ask about the page a location is on.
    let mark = PageMark {
        numbering: numbering.clone().unwrap_or(Value::None),
        supplement: chain.get(PAGE, "supplement").cloned().unwrap_or(Value::Auto),
    };
    let info = TagInfo::element(mark.clone(), mark.fingerprint());
    let tag = Tag { location: locator.child(MARK_KEY).location(), info };
    frame.push(Point::zero(), FrameItem::Tag(tag));

    let fill = match chain.get(PAGE, "fill") {
        Some(Value::None) => PageFill::None,
        Some(Value::Color(color)) => PageFill::Paint(paint(*color)),
        _ => PageFill::Auto,
    };
    Ok(Page { frame, fill, number, label })
}

/// The locator key of a page's own tag (apart from its header, footer, background and
/// foreground).
const MARK_KEY: u64 = 0x6d61_726b;

/// Formats a page number with a numbering function (given the number and the total) or
/// pattern (given the total too when it has a second counting symbol: `"1 / 1"`).
fn format_number(
    cx: &mut LayoutContext,
    numbering: &Value,
    number: usize,
) -> SourceResult<Content> {
    let span = Span::detached();
    let int = |n: usize| Value::Int(i64::try_from(n).unwrap_or(i64::MAX));
    let both = match numbering {
        Value::Str(pattern) => counting_symbols(pattern) >= 2,
        _ => true,
    };
    let mut numbers = vec![int(number)];
    if both {
        numbers.push(int(page_total(cx.engine)?));
    }
    let value = match numbering {
        Value::Func(func) => func.call(cx.engine, Args::new(span, numbers))?,
        pattern => match cx.engine.world.library().get("numbering") {
            Some(Value::Func(func)) => {
                let func = func.clone();
                let args = std::iter::once(pattern.clone()).chain(numbers);
                func.call(cx.engine, Args::new(span, args))?
            }
            _ => int(number),
        },
    };
    Ok(value.display())
}

/// How many counting symbols a numbering pattern has (`"1 / 1"` has two).
fn counting_symbols(pattern: &str) -> usize {
    let mut buf = [0; 4];
    pattern.chars().filter(|c| is_numbering_pattern(c.encode_utf8(&mut buf))).count()
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
