//! Padding: a body and four relative side lengths → the body laid out in regions shrunk
//! by the padding, each frame grown back around it. Used by `pad` itself and for the
//! insets of blocks, boxes, shapes and cells.
//!
//! A relative padding is a share of the *padded* size: the regions shrink by the ratio of
//! their own size, and each frame grows so that the ratio of its new size is the padding
//! (`(size + abs) / (1 - ratio)`), as in Typst.

use crate::base::{Abs, Locator, Point, Size, SourceResult};
use crate::doc::{Frame, FrameItem};
use crate::layout::flow::layout_content;
use crate::layout::props::{Props, Sides, resolve_rel};
use crate::layout::{Fragment, LayoutContext, Regions};
use crate::model::{Content, Rel, Styles};

/// Lays out a `pad` element.
pub(super) fn layout_pad(
    cx: &mut LayoutContext,
    content: &Content,
    styles: &Styles,
    locator: Locator,
    regions: Regions,
) -> SourceResult<Fragment> {
    let props = Props::new(content, styles);
    let side = |names: &[&str]| {
        names.iter().find_map(|name| match props.value(name) {
            crate::model::Value::None => None,
            value => <Rel as crate::model::FromValue>::from_value(value).ok(),
        })
    };
    let padding = Sides {
        left: side(&["left", "x", "rest"]).unwrap_or_default(),
        top: side(&["top", "y", "rest"]).unwrap_or_default(),
        right: side(&["right", "x", "rest"]).unwrap_or_default(),
        bottom: side(&["bottom", "y", "rest"]).unwrap_or_default(),
    };
    let body: Content = props.get("body", Content::empty());
    layout_padded(cx, &body, styles, locator, regions, padding, props.font_size)
}

/// Lays out `body` inside `padding` (at least one frame).
pub(super) fn layout_padded(
    cx: &mut LayoutContext,
    body: &Content,
    styles: &Styles,
    locator: Locator,
    regions: Regions,
    padding: Sides<Rel>,
    font_size: Abs,
) -> SourceResult<Fragment> {
    let pod = shrink_regions(regions, padding, font_size);
    let mut fragment = layout_content(cx, body, styles, locator, pod)?;
    // Padding around nothing still takes space.
    if fragment.0.is_empty() {
        let width =
            if pod.expand.0 && pod.size.width.is_finite() { pod.size.width } else { Abs::zero() };
        let height =
            if pod.expand.1 && pod.size.height.is_finite() { pod.size.height } else { Abs::zero() };
        fragment.0.push(Frame::new(Size::new(width, height)));
    }
    for frame in &mut fragment.0 {
        grow(frame, padding, font_size);
    }
    Ok(fragment)
}

/// The regions inside `padding`.
pub(super) fn shrink_regions(regions: Regions, padding: Sides<Rel>, font_size: Abs) -> Regions {
    let size = shrink(regions.size, padding, font_size);
    let full = shrink(Size::new(regions.size.width, regions.full), padding, font_size).height;
    Regions { size, full, ..regions }
}

/// A size less the padding, the padding taken relative to the size.
pub(super) fn shrink(size: Size, padding: Sides<Rel>, font_size: Abs) -> Size {
    let p = padding;
    let w =
        resolve_rel(p.left, size.width, font_size) + resolve_rel(p.right, size.width, font_size);
    let h =
        resolve_rel(p.top, size.height, font_size) + resolve_rel(p.bottom, size.height, font_size);
    Size::new((size.width - w).max(Abs::zero()), (size.height - h).max(Abs::zero()))
}

/// Grows `frame` around its items by `padding` (relative parts of the grown size), moving
/// the items and the baseline.
pub(super) fn grow(frame: &mut Frame, padding: Sides<Rel>, font_size: Abs) {
    let grow_axis = |inner: Abs, a: Rel, b: Rel| {
        let abs = resolve_rel(a, Abs::inf(), font_size) + resolve_rel(b, Abs::inf(), font_size);
        let ratio = a.rel.get() + b.rel.get();
        let total = inner + abs;
        if ratio > 0.0 && ratio < 1.0 { total / (1.0 - ratio) } else { total }
    };
    let size = Size::new(
        grow_axis(frame.width(), padding.left, padding.right),
        grow_axis(frame.height(), padding.top, padding.bottom),
    );
    let offset = Point::new(
        resolve_rel(padding.left, size.width, font_size),
        resolve_rel(padding.top, size.height, font_size),
    );
    place_within(frame, size, offset);
}

/// Resizes `frame` to `size` with its old contents moved by `offset`, keeping the
/// baseline on its first line of content (none stays at the bottom edge).
pub(super) fn place_within(frame: &mut Frame, size: Size, offset: Point) {
    let baseline = first_baseline(frame).map(|b| b + offset.y);
    frame.translate(offset);
    frame.set_size(size);
    if let Some(baseline) = baseline {
        frame.set_baseline(baseline);
    }
}

/// Whether the frame's baseline was set by its layouter (one at the bottom edge counts as
/// the default).
pub(super) fn has_baseline(frame: &Frame) -> bool {
    frame.baseline() != frame.height()
}

/// The baseline of the frame's first line of text: its own baseline if set, else that
/// of the first untransformed group or text run that has one.
pub(super) fn first_baseline(frame: &Frame) -> Option<Abs> {
    if has_baseline(frame) {
        return Some(frame.baseline());
    }
    frame.items().find_map(|(pos, item)| match item {
        FrameItem::Text(_) => Some(pos.y),
        FrameItem::Group(group) if group.transform.is_identity() => {
            first_baseline(&group.frame).map(|b| pos.y + b)
        }
        _ => None,
    })
}
