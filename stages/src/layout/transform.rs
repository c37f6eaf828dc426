//! Transformations: `move`, `rotate`, `scale` and `skew` → the body's frame in a group with a
//! transform. They do not affect layout: the frame keeps the body's size, unless
//! `reflow` asks for the bounding box of the transformed body instead.
//!
//! Rotation, scaling and skewing happen around `origin` (the centre by default); `move` shifts by
//! `dx` and `dy`, relative to the region's size.

use crate::base::{Abs, Angle, Locator, Point, Size, SourceDiagnostic, SourceResult, Transform};
use crate::doc::{Frame, FrameItem, GroupItem};
use crate::layout::flow::layout_content;
use crate::layout::props::Props;
use crate::layout::{LayoutContext, Regions};
use crate::model::{
    Alignment, Content, FromValue, HAlign, Length, MOVE, ROTATE, Ratio, Rel, SCALE, SKEW, Styles,
    VAlign, Value,
};

/// Lays out a `move`, `rotate`, `scale` or `skew` element.
pub(super) fn layout_transform(
    cx: &mut LayoutContext,
    content: &Content,
    styles: &Styles,
    locator: Locator,
    regions: Regions,
) -> SourceResult<Frame> {
    let props = Props::new(content, styles);
    let body: Content = props.get("body", Content::empty());
    let pod = Regions::one(regions.size, (false, false));
    let frame = layout_content(cx, &body, styles, locator.child(0), pod)?.into_frame();
    let size = frame.size();
    let elem = content.elem();

    let transform = if elem == MOVE {
        let base = regions.base();
        let dx = props.rel(props.get("dx", Rel::default()), base.width);
        let dy = props.rel(props.get("dy", Rel::default()), base.height);
        Transform::translate(dx, dy)
    } else {
        let inner = if elem == ROTATE {
            Transform::rotate(props.get("angle", Angle::zero()))
        } else if elem == SCALE {
            let (sx, sy) = scale_factors(&props, content, size)?;
            Transform::scale(sx, sy)
        } else if elem == SKEW {
            Transform::skew(props.get("ax", Angle::zero()), props.get("ay", Angle::zero()))
        } else {
            Transform::identity()
        };
        let origin = origin_point(props.get("origin", center()), size);
        Transform::translate(origin.x, origin.y)
            .pre_concat(inner)
            .pre_concat(Transform::translate(-origin.x, -origin.y))
    };

    let reflow = elem != MOVE && props.get("reflow", false);
    let (out_size, transform) = if reflow {
        let corners = [
            Point::zero(),
            Point::new(size.width, Abs::zero()),
            size.to_point(),
            Point::new(Abs::zero(), size.height),
        ]
        .map(|p| p.transform(transform));
        let min_x = corners.iter().map(|p| p.x).fold(Abs::inf(), Abs::min);
        let min_y = corners.iter().map(|p| p.y).fold(Abs::inf(), Abs::min);
        let max_x = corners.iter().map(|p| p.x).fold(-Abs::inf(), Abs::max);
        let max_y = corners.iter().map(|p| p.y).fold(-Abs::inf(), Abs::max);
        let shift = Transform::translate(-min_x, -min_y);
        (Size::new(max_x - min_x, max_y - min_y), shift.pre_concat(transform))
    } else {
        (size, transform)
    };

    let mut out = Frame::new(out_size);
    if !frame.is_empty() {
        let group = GroupItem { transform, ..GroupItem::new(frame) };
        out.push(Point::zero(), FrameItem::Group(group));
    }
    Ok(out)
}

/// The horizontal and vertical factors of a `scale`: a ratio, or a length the body's
/// side is scaled to; `factor` stands for both axes where `x` or `y` is not given. An
/// `auto` axis takes the other's factor, keeping the aspect ratio; both cannot be `auto`.
fn scale_factors(props: &Props, content: &Content, size: Size) -> SourceResult<(f64, f64)> {
    let factor = |value: Value, side: Abs| -> Option<f64> {
        match value {
            Value::Ratio(Ratio(r)) => Some(r),
            value => Length::from_value(value)
                .ok()
                .map(|l| if side.is_zero() { 1.0 } else { props.length(l) / side }),
        }
    };
    let both = props.value("factor");
    let axis = |name: &str, side: Abs| match props.value(name) {
        Value::Auto => None,
        value => Some(factor(value, side).or_else(|| factor(both.clone(), side)).unwrap_or(1.0)),
    };
    match (axis("x", size.width), axis("y", size.height)) {
        (Some(sx), Some(sy)) => Ok((sx, sy)),
        (Some(s), None) | (None, Some(s)) => Ok((s, s)),
        (None, None) => {
            let message = "x and y cannot both be auto";
            Err(ecow::eco_vec![SourceDiagnostic::error(content.span(), message)])
        }
    }
}

/// The centre of a frame, as an alignment.
fn center() -> Alignment {
    Alignment { x: Some(HAlign::Center), y: Some(VAlign::Horizon) }
}

/// The point of a frame of `size` an origin alignment names (centre on missing axes).
fn origin_point(origin: Alignment, size: Size) -> Point {
    let x = match origin.x.unwrap_or(HAlign::Center) {
        HAlign::Start | HAlign::Left => 0.0,
        HAlign::Center => 0.5,
        HAlign::Right | HAlign::End => 1.0,
    };
    let y = match origin.y.unwrap_or(VAlign::Horizon) {
        VAlign::Top => 0.0,
        VAlign::Horizon => 0.5,
        VAlign::Bottom => 1.0,
    };
    Point::new(size.width * x, size.height * y)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::testing::{TestWorld, pt, region};

    /// The frame of the first transformation in `src` and its group's transform.
    fn check(src: &str) -> (Size, Transform) {
        let frame = TestWorld::new(src).layout(region(100.0, 100.0)).unwrap().into_frame();
        let Some((_, FrameItem::Group(group))) = frame.items().next() else { panic!("no group") };
        (frame.size(), group.transform)
    }

    #[test]
    fn transformations_keep_or_reflow_the_size() {
        let (size, ts) = check("#move(dx: 5pt, dy: 10%, rect(width: 20pt, height: 10pt))");
        assert_eq!((pt(size.width), pt(size.height)), (20.0, 10.0));
        assert_eq!((pt(ts.tx), pt(ts.ty)), (5.0, 10.0));
        let (size, ts) = check("#rotate(90deg, rect(width: 20pt, height: 10pt))");
        assert_eq!(pt(size.width), 20.0);
        let corner = Point::zero().transform(ts);
        assert_eq!((pt(corner.x), pt(corner.y)), (15.0, -5.0));
        let (size, _) = check("#rotate(90deg, reflow: true, rect(width: 20pt, height: 10pt))");
        assert_eq!((pt(size.width), pt(size.height)), (10.0, 20.0));
        let (size, ts) = check(
            "#scale(x: 50%, y: 200%, origin: top + left, reflow: true, rect(width: 20pt, height: 10pt))",
        );
        assert_eq!((pt(size.width), pt(size.height)), (10.0, 20.0));
        assert_eq!((ts.sx.0, ts.sy.0), (0.5, 2.0));
    }
}
