//! Shapes: `rect`, `square`, `circle` and `ellipse` (sized, filled and stroked, with an
//! optional body padded by the inset), `line` and `polygon` → frames; and the outlines
//! (rounded rectangles, ellipses) that blocks and boxes draw their fill and stroke with.
//!
//! Without a body a shape takes its given size, else 45pt × 30pt bounded by the space
//! (squares and circles the shorter side). A stroke of `auto` is 1pt black when there is
//! no fill and nothing otherwise. The body of a round shape gets extra relative inset so
//! that its corners stay inside the ellipse.

use crate::base::{Abs, Locator, Point, Size, SourceResult, Span};
use crate::doc::{Curve, CurveItem, FillRule, FixedStroke, Frame, FrameItem, Geometry, Shape};
use crate::layout::pad::layout_padded;
use crate::layout::props::{Corners, Props, Sides, resolve_rel, stroke_of};
use crate::layout::{LayoutContext, Regions};
use crate::model::{Content, FromValue, Length, Ratio, Rel, Value};

/// The closed shapes.
#[derive(Debug, Copy, Clone, Eq, PartialEq)]
pub(super) enum ShapeKind {
    Rect,
    Square,
    Ellipse,
    Circle,
}

impl ShapeKind {
    fn is_round(self) -> bool {
        matches!(self, Self::Ellipse | Self::Circle)
    }

    fn is_quadratic(self) -> bool {
        matches!(self, Self::Square | Self::Circle)
    }
}

/// The size an element with `width` and `height` fields is laid out at: given sizes are
/// forced (the `bool`s say which), the others leave the available space. A relative
/// length is relative to the region's base size; a fractional height takes the height
/// left in the current region when it is finite.
pub(super) fn sized_region(props: &Props, regions: &Regions) -> (Size, (bool, bool)) {
    let base = regions.base();
    let width = Rel::from_value(props.value("width")).ok().map(|w| props.rel(w, base.width));
    let height = match props.value("height") {
        Value::Fraction(_) if regions.size.height.is_finite() => Some(regions.size.height),
        value => Rel::from_value(value).ok().map(|h| props.rel(h, base.height)),
    };
    (
        Size::new(width.unwrap_or(regions.size.width), height.unwrap_or(regions.size.height)),
        (width.is_some(), height.is_some()),
    )
}

/// Lays out a closed shape.
pub(super) fn layout_shape(
    cx: &mut LayoutContext,
    content: &Content,
    styles: &crate::model::Styles,
    locator: Locator,
    regions: Regions,
    kind: ShapeKind,
) -> SourceResult<Frame> {
    let props = Props::new(content, styles);
    let (mut size, mut expand) = sized_region(&props, &regions);
    // A square's `size` and a circle's `radius` fix both sides.
    let fixed = match kind {
        ShapeKind::Square => Length::from_value(props.value("size")).ok().map(|l| props.length(l)),
        ShapeKind::Circle => {
            Length::from_value(props.value("radius")).ok().map(|l| props.length(l) * 2.0)
        }
        _ => None,
    };
    if let Some(length) = fixed {
        size = Size::new(length, length);
        expand = (true, true);
    } else if kind.is_quadratic() && expand.0 != expand.1 {
        let length = if expand.0 { size.width } else { size.height };
        size = Size::new(length, length);
        expand = (true, true);
    }

    let body = match props.value("body") {
        Value::Content(body) => Some(body),
        _ => None,
    };
    let mut frame = match body {
        Some(body) => {
            let mut inset = match props.value("inset") {
                Value::None => Sides::splat(Rel::from(Length::abs(Abs::pt(5.0)))),
                _ => props.sides("inset"),
            };
            if kind.is_round() {
                // Half the side less the inscribed square's half side, as a ratio.
                let extra = Ratio(0.5 - std::f64::consts::SQRT_2 / 4.0);
                inset = inset.map(|side| side + Rel::from(extra));
            }
            let pod = Regions::one(size, expand);
            let mut frame = layout_padded(cx, &body, styles, locator, pod, inset, props.font_size)?
                .into_frame();
            if kind.is_quadratic() {
                let longer = frame.width().max(frame.height());
                let length = longer.min(size.width.min(size.height));
                let pod = Regions::one(Size::new(length, length), (true, true));
                frame = layout_padded(cx, &body, styles, locator, pod, inset, props.font_size)?
                    .into_frame();
            }
            frame
        }
        None => {
            let default = Size::new(Abs::pt(45.0), Abs::pt(30.0));
            let mut shape = Size::new(
                if expand.0 { size.width } else { default.width.min(size.width) },
                if expand.1 { size.height } else { default.height.min(size.height) },
            );
            if kind.is_quadratic() {
                let side = shape.width.min(shape.height);
                shape = Size::new(side, side);
            }
            Frame::new(shape)
        }
    };

    let fill = props.fill("fill");
    let stroke = props.stroke("stroke", fill.is_none().then(FixedStroke::default));
    if fill.is_some() || stroke.is_some() {
        let outset = resolve_sides(&props, props.sides("outset"), frame.size());
        let geometry = if kind.is_round() {
            let size =
                Size::new(frame.width() + outset.horizontal(), frame.height() + outset.vertical());
            Geometry::Curve(ellipse(size))
        } else {
            let radius = props.corners("radius");
            outline(frame.size(), outset, radius, props.font_size)
        };
        let shape = Shape { geometry, fill, fill_rule: FillRule::NonZero, stroke };
        frame = under(frame, Point::new(-outset.left, -outset.top), shape, content.span());
    }
    Ok(frame)
}

/// Resolves relative sides against a size (left and right against its width).
pub(super) fn resolve_sides(props: &Props, sides: Sides<Rel>, size: Size) -> Sides<Abs> {
    Sides {
        left: props.rel(sides.left, size.width),
        top: props.rel(sides.top, size.height),
        right: props.rel(sides.right, size.width),
        bottom: props.rel(sides.bottom, size.height),
    }
}

/// The outline of a box of `size` grown by `outset`, its corners rounded by `radius`
/// (relative to the shorter side, at most half of it), relative to the outset corner.
pub(super) fn outline(
    size: Size,
    outset: Sides<Abs>,
    radius: Corners<Rel>,
    font_size: Abs,
) -> Geometry {
    let outer = Size::new(size.width + outset.horizontal(), size.height + outset.vertical());
    let shorter = outer.width.min(outer.height);
    let radius =
        radius.map(|r| resolve_rel(r, shorter, font_size).max(Abs::zero()).min(shorter / 2.0));
    if [radius.top_left, radius.top_right, radius.bottom_right, radius.bottom_left]
        .iter()
        .all(|r| r.is_zero())
    {
        Geometry::Rect(outer)
    } else {
        Geometry::Curve(rounded_rect(outer, radius))
    }
}

/// A frame of the same size with `shape` at `pos` behind the old frame's items.
pub(super) fn under(frame: Frame, pos: Point, shape: Shape, span: Span) -> Frame {
    let mut out = Frame::new(frame.size());
    if super::pad::has_baseline(&frame) {
        out.set_baseline(frame.baseline());
    }
    out.push(pos, FrameItem::Shape(shape, span));
    out.push_frame(Point::zero(), frame);
    out
}

/// How far along the tangents the control points of a quarter circle lie (of the radius).
const KAPPA: f64 = 0.552_284_749_8;

/// A rectangle from the origin with rounded corners.
pub(super) fn rounded_rect(size: Size, radius: Corners<Abs>) -> Curve {
    let (w, h) = (size.width, size.height);
    let pt = |x: Abs, y: Abs| Point::new(x, y);
    let Corners { top_left: tl, top_right: tr, bottom_right: br, bottom_left: bl } = radius;
    let k = |r: Abs| r * (1.0 - KAPPA);
    let mut items = vec![CurveItem::Move(pt(tl, Abs::zero()))];
    items.push(CurveItem::Line(pt(w - tr, Abs::zero())));
    if !tr.is_zero() {
        items.push(CurveItem::Cubic(pt(w - k(tr), Abs::zero()), pt(w, k(tr)), pt(w, tr)));
    }
    items.push(CurveItem::Line(pt(w, h - br)));
    if !br.is_zero() {
        items.push(CurveItem::Cubic(pt(w, h - k(br)), pt(w - k(br), h), pt(w - br, h)));
    }
    items.push(CurveItem::Line(pt(bl, h)));
    if !bl.is_zero() {
        items.push(CurveItem::Cubic(
            pt(k(bl), h),
            pt(Abs::zero(), h - k(bl)),
            pt(Abs::zero(), h - bl),
        ));
    }
    items.push(CurveItem::Line(pt(Abs::zero(), tl)));
    if !tl.is_zero() {
        items.push(CurveItem::Cubic(
            pt(Abs::zero(), k(tl)),
            pt(k(tl), Abs::zero()),
            pt(tl, Abs::zero()),
        ));
    }
    items.push(CurveItem::Close);
    Curve(items)
}

/// An ellipse inscribed in a box of `size` from the origin, as four cubic Béziers.
pub(super) fn ellipse(size: Size) -> Curve {
    let (rx, ry) = (size.width / 2.0, size.height / 2.0);
    let (kx, ky) = (rx * KAPPA, ry * KAPPA);
    let pt = |x: Abs, y: Abs| Point::new(x, y);
    let (w, h, z) = (size.width, size.height, Abs::zero());
    Curve(vec![
        CurveItem::Move(pt(w, ry)),
        CurveItem::Cubic(pt(w, ry + ky), pt(rx + kx, h), pt(rx, h)),
        CurveItem::Cubic(pt(rx - kx, h), pt(z, ry + ky), pt(z, ry)),
        CurveItem::Cubic(pt(z, ry - ky), pt(rx - kx, z), pt(rx, z)),
        CurveItem::Cubic(pt(rx + kx, z), pt(w, ry - ky), pt(w, ry)),
        CurveItem::Close,
    ])
}

/// A point given as an array of two relative lengths, resolved against `base`.
fn point_of(props: &Props, value: &Value, base: Size) -> Option<Point> {
    let Value::Array(items) = value else { return None };
    let [x, y] = items.as_slice() else { return None };
    let x = Rel::from_value(x.clone()).ok()?;
    let y = Rel::from_value(y.clone()).ok()?;
    Some(Point::new(props.rel(x, base.width), props.rel(y, base.height)))
}

/// Lays out a `line`: from `start` to `end`, or `length` long at `angle`.
pub(super) fn layout_line(
    content: &Content,
    styles: &crate::model::Styles,
    region: Size,
) -> SourceResult<Frame> {
    let props = Props::new(content, styles);
    let start = point_of(&props, &props.value("start"), region).unwrap_or_default();
    let delta = match point_of(&props, &props.value("end"), region) {
        Some(end) => end - start,
        None => {
            let length = Rel::from_value(props.value("length"))
                .unwrap_or_else(|_| Length::abs(Abs::pt(30.0)).into());
            let length = props.rel(length, region.width);
            let angle = props.get("angle", crate::base::Angle::zero()).to_rad();
            Point::new(length * libm::cos(angle), length * libm::sin(angle))
        }
    };
    let end = start + delta;
    let size = Size::new(start.x.max(end.x).max(Abs::zero()), start.y.max(end.y).max(Abs::zero()));
    if !size.width.is_finite() || !size.height.is_finite() {
        crate::bail!(content.span(), "cannot create line with infinite length");
    }
    let stroke = match props.value("stroke") {
        Value::None | Value::Auto => FixedStroke::default(),
        value => stroke_of(&value, props.font_size).unwrap_or_default(),
    };
    let mut frame = Frame::new(size);
    let shape = Shape {
        geometry: Geometry::Line(delta),
        fill: None,
        fill_rule: FillRule::NonZero,
        stroke: Some(stroke),
    };
    frame.push(start, FrameItem::Shape(shape, content.span()));
    Ok(frame)
}

/// Lays out a `polygon` through its vertices.
pub(super) fn layout_polygon(
    content: &Content,
    styles: &crate::model::Styles,
    region: Size,
) -> SourceResult<Frame> {
    let props = Props::new(content, styles);
    let Value::Array(vertices) = props.value("vertices") else {
        return Ok(Frame::default());
    };
    let mut points = Vec::with_capacity(vertices.len());
    for vertex in vertices.as_slice() {
        match point_of(&props, vertex, region) {
            Some(point) => points.push(point),
            None => crate::bail!(content.span(), "point array must contain exactly two entries"),
        }
    }
    let size = points
        .iter()
        .fold(Size::zero(), |size, p| Size::new(size.width.max(p.x), size.height.max(p.y)));
    if !size.width.is_finite() || !size.height.is_finite() {
        crate::bail!(content.span(), "cannot create polygon with infinite size");
    }
    let mut frame = Frame::new(size);
    let Some((first, rest)) = points.split_first() else { return Ok(frame) };
    let fill = props.fill("fill");
    let stroke = props.stroke("stroke", fill.is_none().then(FixedStroke::default));
    if fill.is_none() && stroke.is_none() {
        return Ok(frame);
    }
    let fill_rule = match props.value("fill-rule") {
        Value::Str(rule) if rule.as_str() == "even-odd" => FillRule::EvenOdd,
        _ => FillRule::NonZero,
    };
    let mut curve = vec![CurveItem::Move(*first)];
    curve.extend(rest.iter().map(|p| CurveItem::Line(*p)));
    curve.push(CurveItem::Close);
    let shape = Shape { geometry: Geometry::Curve(Curve(curve)), fill, fill_rule, stroke };
    frame.push(Point::zero(), FrameItem::Shape(shape, content.span()));
    Ok(frame)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doc::{Color, Paint};
    use crate::layout::testing::{TestWorld, pt, region, shapes};

    /// Lays out the first shape of `src` in a 100pt × 80pt region.
    fn check(src: &str) -> Frame {
        TestWorld::new(src).layout(region(100.0, 80.0)).unwrap().into_frame()
    }

    #[test]
    fn rect_without_body_takes_default_size_and_stroke() {
        let frame = check("#rect()");
        assert_eq!((pt(frame.width()), pt(frame.height())), (45.0, 30.0));
        let shapes = shapes(&frame);
        assert_eq!(shapes.len(), 1);
        let (_, shape) = &shapes[0];
        assert_eq!(shape.geometry, Geometry::Rect(frame.size()));
        assert_eq!(shape.stroke, Some(FixedStroke::default()));
        assert_eq!(shape.fill, None);
    }

    #[test]
    fn filled_rect_has_no_stroke_and_rounded_corners() {
        let frame = check("#rect(width: 50%, height: 20pt, fill: red, radius: 4pt, outset: 2pt)");
        assert_eq!((pt(frame.width()), pt(frame.height())), (50.0, 20.0));
        let (pos, shape) = &shapes(&frame)[0];
        assert_eq!((pt(pos.x), pt(pos.y)), (-2.0, -2.0));
        assert_eq!(shape.stroke, None);
        assert_eq!(
            shape.fill,
            Some(Paint::Solid(Color::Rgb { r: 1.0, g: 65.0 / 255.0, b: 54.0 / 255.0, a: 1.0 }))
        );
        let Geometry::Curve(curve) = &shape.geometry else { panic!("expected a curve") };
        assert_eq!(curve.0.iter().filter(|i| matches!(i, CurveItem::Cubic(..))).count(), 4);
    }

    #[test]
    fn squares_and_circles_are_quadratic() {
        let frame = check("#square(width: 50pt)");
        assert_eq!((pt(frame.width()), pt(frame.height())), (50.0, 50.0));
        let frame = check("#circle(radius: 10pt, stroke: 2pt + blue)");
        assert_eq!((pt(frame.width()), pt(frame.height())), (20.0, 20.0));
        let (_, shape) = &shapes(&frame)[0];
        assert!(matches!(shape.geometry, Geometry::Curve(_)));
        assert_eq!(shape.stroke.as_ref().map(|s| pt(s.thickness)), Some(2.0));
        let frame = check("#set square(size: 12pt)\n#square()");
        assert_eq!(pt(frame.width()), 12.0);
    }

    #[test]
    fn lines_go_by_end_or_by_length_and_angle() {
        let frame = check("#line(start: (10pt, 5pt), end: (30pt, 25pt))");
        assert_eq!((pt(frame.width()), pt(frame.height())), (30.0, 25.0));
        let (pos, shape) = &shapes(&frame)[0];
        assert_eq!((pt(pos.x), pt(pos.y)), (10.0, 5.0));
        assert_eq!(shape.geometry, Geometry::Line(Point::new(Abs::pt(20.0), Abs::pt(20.0))));
        let frame = check("#line(length: 40pt, angle: 90deg)");
        assert_eq!((pt(frame.width()), pt(frame.height())), (0.0, 40.0));
        let frame = check("#line()");
        assert_eq!(pt(frame.width()), 30.0);
    }

    #[test]
    fn polygons_span_their_vertices() {
        let frame = check("#polygon(fill: red, (0pt, 0pt), (20pt, 10pt), (0pt, 30pt))");
        assert_eq!((pt(frame.width()), pt(frame.height())), (20.0, 30.0));
        let (_, shape) = &shapes(&frame)[0];
        let Geometry::Curve(curve) = &shape.geometry else { panic!("expected a curve") };
        assert_eq!(curve.0.len(), 4);
        assert_eq!(shape.stroke, None);
    }
}
