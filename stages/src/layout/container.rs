//! Containers: `block` (block-level, breakable across regions) and `box` (inline-level) →
//! frames holding the body padded by the inset, sized by `width` and `height`, filled and
//! stroked around the outset with rounded corners, and optionally clipped.
//!
//! A block with `auto` width or height is as large as its body plus inset, as in Typst
//! (long text fills the width by wrapping); a breakable block whose body continues into
//! further regions gives one frame per region, each filled, stroked and padded by the inset,
//! and each only as tall as its part of the body (none stretches to its region's end).

use crate::base::{Abs, Locator, Point, Size, SourceResult, Span};
use crate::doc::{Curve, Frame, FrameItem, Geometry, GroupItem};
use crate::layout::pad::{first_baseline, grow, has_baseline, layout_padded};
use crate::layout::props::{Corners, Props, Sides};
use crate::layout::shapes::{outline, sized_region};
use crate::layout::{Fragment, LayoutContext, Regions};
use crate::model::{Content, FromValue, Rel, Styles, Value};

/// Lays out a `block`.
pub(super) fn layout_block(
    cx: &mut LayoutContext,
    content: &Content,
    styles: &Styles,
    locator: Locator,
    regions: Regions,
) -> SourceResult<Fragment> {
    let props = Props::new(content, styles);
    let (size, forced) = sized_region(&props, &regions);
    // Only given sizes are forced: an `auto` block is as wide as its body, also in a
    // region that expands (the flow aligns it).
    let expand = forced;
    let inset = props.sides("inset");
    let breakable = props.get("breakable", true) && regions.breakable && !forced.1;

    let mut frames = match body_of(&props) {
        None => vec![empty_body(size, expand, inset, props.font_size)],
        Some(body) if breakable => {
            let pod = Regions {
                size: Size::new(size.width, regions.size.height),
                full: regions.full,
                expand: (expand.0, false),
                breakable: true,
            };
            let mut frames =
                layout_padded(cx, &body, styles, locator, pod, inset, props.font_size)?.0;
            // A body with nothing in the first region (its flow did not fit there) gives
            // an empty first frame, so that the flow moves the whole block on.
            if frames.len() > 1 && frames[0].is_empty() && regions.size.height < regions.full {
                frames[0] = Frame::new(Size::new(frames[0].width(), Abs::zero()));
                let rest = layout_block(cx, content, styles, locator, regions.next())?;
                frames.truncate(1);
                frames.extend(rest.0);
                return Ok(Fragment(frames));
            }
            // Each piece is as tall as its part of the body plus inset: like Typst, a
            // piece that breaks early does not stretch to the end of its region.
            frames
        }
        Some(body) => {
            let pod = Regions::one(size, expand);
            let frame = layout_padded(cx, &body, styles, locator, pod, inset, props.font_size)?
                .into_frame();
            vec![frame]
        }
    };

    for frame in &mut frames {
        let width = if forced.0 { size.width } else { frame.width() };
        let height = if forced.1 { size.height } else { frame.height() };
        if frame.size() != Size::new(width, height) {
            frame.set_size(Size::new(width, height));
        }
        decorate(frame, &props, content.span());
    }
    Ok(Fragment(frames))
}

/// Lays out a `box` in a region of `region`.
pub(super) fn layout_box(
    cx: &mut LayoutContext,
    content: &Content,
    styles: &Styles,
    locator: Locator,
    region: Size,
) -> SourceResult<Frame> {
    let props = Props::new(content, styles);
    let regions = Regions::one(region, (false, false));
    let (size, forced) = sized_region(&props, &regions);
    // A fractional width takes the whole region: the inline layout gives such a box its
    // share of the line as the region's width.
    let fractional = matches!(props.value("width"), Value::Fraction(_)) && region.width.is_finite();
    let forced = (forced.0 || fractional, forced.1);
    let size = Size::new(if forced.0 { size.width } else { region.width }, size.height);
    let inset = props.sides("inset");

    let mut frame = match body_of(&props) {
        None => empty_body(size, forced, inset, props.font_size),
        Some(body) => {
            let pod = Regions::one(size, forced);
            layout_padded(cx, &body, styles, locator, pod, inset, props.font_size)?.into_frame()
        }
    };
    let width = if forced.0 { size.width } else { frame.width() };
    let height = if forced.1 { size.height } else { frame.height() };
    frame.set_size(Size::new(width, height));

    // The baseline where `at` puts it (the body's own for `auto`), shifted up by `shift`.
    let chain = crate::model::StyleChain::new(styles);
    let parts = match content.field("baseline") {
        Some(own) => chain.get_folded_over(crate::model::BOX, "baseline", own),
        None => chain.get_folded(crate::model::BOX, "baseline").unwrap_or(Value::None),
    };
    let part = |key: &str| match &parts {
        Value::Dict(parts) => parts.get(key).cloned(),
        _ => None,
    };
    let baseline = match part("at") {
        Some(Value::Alignment(crate::model::Alignment { y: Some(y), .. })) => match y {
            crate::model::VAlign::Top => Abs::zero(),
            crate::model::VAlign::Horizon => frame.height() / 2.0,
            crate::model::VAlign::Bottom => frame.height(),
        },
        _ => first_baseline(&frame).unwrap_or(frame.height()),
    };
    let shift = part("shift").and_then(|v| Rel::from_value(v).ok()).unwrap_or_default();
    let shift = props.rel(shift, frame.height());
    decorate(&mut frame, &props, content.span());
    frame.set_baseline(baseline - shift);
    Ok(frame)
}

/// The body of a container, unless it is `none`.
fn body_of(props: &Props) -> Option<Content> {
    match props.value("body") {
        Value::Content(body) => Some(body),
        _ => None,
    }
}

/// The frame of a container without a body: its forced size, else nothing, plus inset.
fn empty_body(size: Size, expand: (bool, bool), inset: Sides<Rel>, font_size: Abs) -> Frame {
    let inner = crate::layout::pad::shrink(size, inset, font_size);
    let mut frame = Frame::new(Size::new(
        if expand.0 { inner.width } else { Abs::zero() },
        if expand.1 && inner.height.is_finite() { inner.height } else { Abs::zero() },
    ));
    grow(&mut frame, inset, font_size);
    frame
}

/// Clips a container's frame and puts its fill and stroke behind it.
fn decorate(frame: &mut Frame, props: &Props, span: Span) {
    let radius: Corners<Rel> = props.corners("radius");
    if props.get("clip", false) {
        let clip = match outline(frame.size(), Sides::default(), radius, props.font_size) {
            Geometry::Curve(curve) => curve,
            _ => Curve::rect(frame.size()),
        };
        let inner = std::mem::replace(frame, Frame::new(frame.size()));
        if has_baseline(&inner) {
            frame.set_baseline(inner.baseline());
        }
        let group = GroupItem { clip: Some(clip), ..GroupItem::new(inner) };
        frame.push(Point::zero(), FrameItem::Group(group));
    }
    // Strokes may differ per side (`stroke: (left: 2pt)`), as for rectangles.
    let fill = props.fill("fill");
    let strokes = super::shapes::folded_side_strokes(props, None);
    let inner = std::mem::take(frame);
    *frame = super::shapes::decorate(inner, props, false, fill, strokes, span);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::testing::{TestWorld, pages, pt, region, shapes, texts};

    /// Lays out the first container of `src` into `regions`.
    fn check(src: &str, regions: Regions) -> Vec<Frame> {
        TestWorld::new(src).layout(regions).unwrap().0
    }

    #[test]
    fn sized_block_is_filled_and_stroked() {
        let frames = check(
            "#block(width: 50pt, height: 20pt, fill: red, stroke: 2pt, inset: 5pt)",
            region(100.0, 100.0),
        );
        let frame = &frames[0];
        assert_eq!((pt(frame.width()), pt(frame.height())), (50.0, 20.0));
        let (pos, shape) = &shapes(frame)[0];
        assert_eq!(*pos, Point::zero());
        assert_eq!(shape.geometry, Geometry::Rect(frame.size()));
        assert!(shape.fill.is_some());
        assert_eq!(shape.stroke.as_ref().map(|s| pt(s.thickness)), Some(2.0));
    }

    #[test]
    fn auto_block_fits_its_body_plus_inset() {
        let frames =
            check("#block(inset: 4pt, rect(width: 30pt, height: 10pt))", region(100.0, 100.0));
        assert_eq!((pt(frames[0].width()), pt(frames[0].height())), (38.0, 18.0));
        let expanding = Regions::one(Size::new(Abs::pt(100.0), Abs::pt(100.0)), (true, false));
        let frames = check("#block(inset: 4pt, rect(width: 30pt, height: 10pt))", expanding);
        assert_eq!(pt(frames[0].width()), 38.0);
        let frames = check("#block(width: 100%, rect(width: 30pt, height: 10pt))", expanding);
        assert_eq!(pt(frames[0].width()), 100.0);
    }

    #[test]
    fn breakable_block_gives_one_filled_frame_per_region() {
        let src = "#block(fill: red, inset: 5pt)[#rect(height: 30pt) #rect(height: 30pt) #rect(height: 30pt)]";
        let frames = check(src, pages(100.0, 50.0));
        assert!(frames.len() >= 2, "{} frames", frames.len());
        // The first piece holds one rect plus the inset above and below it; it does not
        // stretch to the end of its 50pt region.
        assert_eq!(pt(frames[0].height()), 40.0);
        for frame in &frames {
            assert!(shapes(frame).iter().any(|(_, s)| s.fill.is_some()));
        }
        let frames = check(
            "#block(breakable: false, fill: red)[#rect(height: 30pt) #rect(height: 30pt)]",
            pages(100.0, 50.0),
        );
        assert_eq!(frames.len(), 1);
    }

    #[test]
    fn box_baseline_follows_its_first_line() {
        let world = TestWorld::new("#box(inset: 3pt, fill: red)[Hello]");
        let (content, styles) = world.element();
        let frame = crate::layout::testing::with_cx(&world, |cx| {
            layout_box(
                cx,
                &content,
                &styles,
                Locator::root(),
                Size::new(Abs::pt(100.0), Abs::inf()),
            )
        })
        .unwrap();
        let text = texts(&frame);
        assert_eq!(text.len(), 1);
        assert!((frame.baseline() - text[0].0.y).abs() < Abs::pt(1e-6));
        assert!(frame.baseline() < frame.height());
        let shifted = TestWorld::new("#box(baseline: 2pt)[Hello]");
        let (content, styles) = shifted.element();
        let other = crate::layout::testing::with_cx(&shifted, |cx| {
            layout_box(
                cx,
                &content,
                &styles,
                Locator::root(),
                Size::new(Abs::pt(100.0), Abs::inf()),
            )
        })
        .unwrap();
        let (_, line) = &texts(&other)[0];
        let filler = TestWorld::new("#box(width: 1fr)[x]");
        let (content, styles) = filler.element();
        let wide = crate::layout::testing::with_cx(&filler, |cx| {
            layout_box(cx, &content, &styles, Locator::root(), Size::new(Abs::pt(70.0), Abs::inf()))
        })
        .unwrap();
        assert_eq!(pt(wide.width()), 70.0);
        assert_eq!(line, "Hello");
        assert!((other.baseline() - (texts(&other)[0].0.y - Abs::pt(2.0))).abs() < Abs::pt(1e-6));
    }

    #[test]
    fn clipped_block_groups_its_body_with_a_clip() {
        let frames = check(
            "#block(clip: true, radius: 3pt, width: 20pt, height: 10pt, rect(width: 40pt))",
            region(100.0, 100.0),
        );
        let clipped = frames[0]
            .items()
            .any(|(_, item)| matches!(item, FrameItem::Group(g) if g.clip.is_some()));
        assert!(clipped);
    }
}
