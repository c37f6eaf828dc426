//! Shapes: `rect`, `square`, `circle` and `ellipse` (sized, filled and stroked, with an
//! optional body padded by the inset), `line` and `polygon` → frames; and the outlines
//! (rounded rectangles, ellipses) that blocks and boxes draw their fill and stroke with.
//!
//! Without a body a shape takes its given size, else 45pt × 30pt bounded by the space
//! (squares and circles the shorter side). A stroke of `auto` is 1pt black when there is
//! no fill and nothing otherwise. The body of a round shape gets extra relative inset so
//! that its corners stay inside the ellipse.

use crate::base::{Abs, Locator, Point, Size, SourceResult, Span};
use crate::doc::{
    Curve, CurveItem, DashPattern, FillRule, FixedStroke, Frame, FrameItem, Geometry, LineCap,
    LineJoin, Paint, Shape,
};
use crate::layout::pad::layout_padded;
use crate::layout::props::{Corners, Props, Sides, resolve_length, resolve_rel};
use crate::layout::{LayoutContext, Regions};
use crate::model::{
    CURVE_CLOSE, CURVE_CUBIC, CURVE_LINE, CURVE_MOVE, CURVE_QUAD, Content, DashItem, FromValue,
    Length, Ratio, Rel, SIDE_KEYS, Stroke, Style, Value,
};

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
    let frame = match body {
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
    let auto = fill.is_none().then(FixedStroke::default);
    let strokes = folded_side_strokes(&props, auto);
    Ok(decorate(frame, &props, kind.is_round(), fill, strokes, content.span()))
}

/// A frame with its fill and stroke drawn behind it, grown by the `outset` field: an
/// ellipse (`round`) or a rectangle rounded by the `radius` field. Sides stroked alike
/// make one outline with the fill; sides stroked differently are drawn one by one over
/// the fill (boxes and blocks draw their outline with this too).
pub(super) fn decorate(
    mut frame: Frame,
    props: &Props,
    round: bool,
    fill: Option<Paint>,
    strokes: Sides<Option<FixedStroke>>,
    span: Span,
) -> Frame {
    let uniform = strokes.left == strokes.top
        && strokes.left == strokes.right
        && strokes.left == strokes.bottom;
    let stroke = if uniform { strokes.left.clone() } else { None };
    if fill.is_none() && stroke.is_none() && uniform {
        return frame;
    }
    let outset = resolve_sides(props, props.sides("outset"), frame.size());
    let outer = Size::new(frame.width() + outset.horizontal(), frame.height() + outset.vertical());
    let pos = Point::new(-outset.left, -outset.top);
    if fill.is_some() || stroke.is_some() {
        let geometry = if round {
            Geometry::Curve(ellipse(outer))
        } else {
            outline(frame.size(), outset, props.corners("radius"), props.font_size)
        };
        let shape = Shape { geometry, fill, fill_rule: FillRule::NonZero, stroke };
        frame = under(frame, pos, shape, span);
    }
    if !uniform {
        let radius = resolved_radius(props, outer);
        for (side, stroke) in side_paths(outer, radius, strokes) {
            let shape = Shape {
                geometry: Geometry::Curve(side),
                fill: None,
                fill_rule: FillRule::NonZero,
                stroke: Some(stroke),
            };
            frame = over(frame, pos, shape, span);
        }
    }
    frame
}

/// The corner radii of a shape of `outer` size, resolved as `outline` does.
fn resolved_radius(props: &Props, outer: Size) -> Corners<Abs> {
    let shorter = outer.width.min(outer.height);
    props
        .corners("radius")
        .map(|r| resolve_rel(r, shorter, props.font_size).max(Abs::zero()).min(shorter / 2.0))
}

/// A language stroke resolved: thickness, paint (a gradient by its first stop), cap,
/// join, dash pattern and miter limit, with Typst's defaults (1pt black, butt caps, miter
/// joins) for what it leaves open; `None` when it is zero thick, which draws nothing.
pub(super) fn resolve_stroke(stroke: &Stroke, font_size: Abs) -> Option<FixedStroke> {
    let mut fixed = FixedStroke::default();
    if let Some(color) = stroke.color() {
        fixed.paint = Paint::Solid(color.to_doc());
    }
    if let Some(thickness) = stroke.thickness {
        fixed.thickness = resolve_length(thickness, font_size);
    }
    if fixed.thickness.is_zero() {
        return None;
    }
    fixed.cap = match stroke.cap.as_deref() {
        Some("round") => LineCap::Round,
        Some("square") => LineCap::Square,
        _ => LineCap::Butt,
    };
    fixed.join = match stroke.join.as_deref() {
        Some("round") => LineJoin::Round,
        Some("bevel") => LineJoin::Bevel,
        _ => LineJoin::Miter,
    };
    if let Some(Some(pattern)) = &stroke.dash {
        let thickness = fixed.thickness;
        let array: Vec<Abs> = pattern
            .array
            .iter()
            .map(|item| match item {
                DashItem::Dot => thickness,
                DashItem::Length(l) => resolve_length(*l, font_size),
            })
            .collect();
        if !array.is_empty() {
            fixed.dash =
                Some(DashPattern { array, phase: resolve_length(pattern.phase, font_size) });
        }
    }
    if let Some(limit) = stroke.miter_limit {
        fixed.miter_limit = limit.max(1.0).round() as u32;
    }
    Some(fixed)
}

/// The stroke a `stroke` value draws (a stroke or anything that makes one); `auto` and
/// unset values give `auto`.
pub(super) fn stroke_value(
    value: &Value,
    font_size: Abs,
    auto: Option<FixedStroke>,
) -> Option<FixedStroke> {
    match value {
        Value::Auto => auto,
        Value::None => None,
        Value::Stroke(stroke) => resolve_stroke(stroke, font_size),
        other => resolve_stroke(&Stroke::from_value(other.clone()).ok()?, font_size),
    }
}

/// The strokes of a rectangle's sides as given, before defaults: a side left unset is
/// `None`, a side set to `none` is `Some(None)`.
type SideSpec = Sides<Option<Option<Stroke>>>;

/// One `stroke` value as sides; `None` for `auto`.
fn side_spec(value: &Value) -> Option<SideSpec> {
    let one = |value: &Value| -> Option<Option<Stroke>> {
        match value {
            Value::None => Some(None),
            Value::Stroke(stroke) => Some(Some((**stroke).clone())),
            other => Stroke::from_value(other.clone()).ok().map(Some),
        }
    };
    match value {
        Value::Auto => None,
        Value::Dict(dict) if dict.iter().all(|(k, _)| SIDE_KEYS.contains(&k.as_str())) => {
            let side = |keys: &[&str]| keys.iter().find_map(|k| dict.get(k)).and_then(one);
            Some(Sides {
                left: side(&["left", "x", "rest"]),
                top: side(&["top", "y", "rest"]),
                right: side(&["right", "x", "rest"]),
                bottom: side(&["bottom", "y", "rest"]),
            })
        }
        other => Some(Sides::splat(one(other))),
    }
}

/// An inner stroke completed by an outer one: what the inner leaves unset comes from
/// the outer (`set rect(stroke: 2pt)` then `rect(stroke: blue)` is `2pt + blue`).
pub(super) fn fold_stroke(inner: Stroke, outer: &Stroke) -> Stroke {
    Stroke {
        paint: inner.paint.or_else(|| outer.paint.clone()),
        thickness: inner.thickness.or(outer.thickness),
        cap: inner.cap.or_else(|| outer.cap.clone()),
        join: inner.join.or_else(|| outer.join.clone()),
        dash: inner.dash.or_else(|| outer.dash.clone()),
        miter_limit: inner.miter_limit.or(outer.miter_limit),
    }
}

/// Sides folded as Typst folds them: per side, an inner stroke is completed by the outer
/// one, `none` overrides, and an unset side keeps the outer one.
fn fold_sides(inner: SideSpec, outer: &SideSpec) -> SideSpec {
    let side = |inner: Option<Option<Stroke>>, outer: &Option<Option<Stroke>>| match (inner, outer)
    {
        (Some(Some(i)), Some(Some(o))) => Some(Some(fold_stroke(i, o))),
        (None, o) => o.clone(),
        (i, _) => i,
    };
    Sides {
        left: side(inner.left, &outer.left),
        top: side(inner.top, &outer.top),
        right: side(inner.right, &outer.right),
        bottom: side(inner.bottom, &outer.bottom),
    }
}

/// The strokes of a rectangle's sides from its own `stroke` and those of its set rules,
/// folded from the outermost in; `auto` (also the default) gives `auto` on every side.
pub(super) fn folded_side_strokes(
    props: &Props,
    auto: Option<FixedStroke>,
) -> Sides<Option<FixedStroke>> {
    let elem = props.content.elem();
    let mut values: Vec<&Value> = Vec::new();
    if let Some(index) = elem.field_index("stroke") {
        for style in props.styles.iter() {
            if let Style::Property(p) = style
                && p.elem == elem
                && p.field == index
            {
                values.push(&p.value);
            }
        }
    }
    values.extend(props.content.field("stroke"));
    let mut folded: Option<SideSpec> = None;
    for value in values {
        folded = match (side_spec(value), folded) {
            (Some(inner), Some(outer)) => Some(fold_sides(inner, &outer)),
            (inner, _) => inner,
        };
    }
    match folded {
        None => Sides::splat(auto),
        Some(spec) => {
            spec.map(|side| side.flatten().and_then(|s| resolve_stroke(&s, props.font_size)))
        }
    }
}

/// The midpoint of two points.
fn mid(a: Point, b: Point) -> Point {
    Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0)
}

/// A cubic Bézier split in halves at its middle.
fn split(c: [Point; 4]) -> ([Point; 4], [Point; 4]) {
    let (m01, m12, m23) = (mid(c[0], c[1]), mid(c[1], c[2]), mid(c[2], c[3]));
    let (m012, m123) = (mid(m01, m12), mid(m12, m23));
    let m = mid(m012, m123);
    ([c[0], m01, m012, m], [m, m123, m23, c[3]])
}

/// The open paths of the stroked sides of a rectangle of `size` with rounded corners,
/// each from the middle of one corner to the middle of the next (clockwise: top, right,
/// bottom, left).
pub(super) fn side_paths(
    size: Size,
    radius: Corners<Abs>,
    strokes: Sides<Option<FixedStroke>>,
) -> Vec<(Curve, FixedStroke)> {
    let (w, h, z) = (size.width, size.height, Abs::zero());
    let pt = Point::new;
    let k = |r: Abs| r * (1.0 - KAPPA);
    let Corners { top_left: tl, top_right: tr, bottom_right: br, bottom_left: bl } = radius;
    // Each corner's arc, clockwise, with its radius.
    let corners = [
        ([pt(z, tl), pt(z, k(tl)), pt(k(tl), z), pt(tl, z)], tl),
        ([pt(w - tr, z), pt(w - k(tr), z), pt(w, k(tr)), pt(w, tr)], tr),
        ([pt(w, h - br), pt(w, h - k(br)), pt(w - k(br), h), pt(w - br, h)], br),
        ([pt(bl, h), pt(k(bl), h), pt(z, h - k(bl)), pt(z, h - bl)], bl),
    ];
    let sides = [strokes.top, strokes.right, strokes.bottom, strokes.left];
    let mut out = Vec::new();
    for (i, stroke) in sides.into_iter().enumerate() {
        let Some(stroke) = stroke else { continue };
        let (from, r0) = corners[i];
        let (to, r1) = corners[(i + 1) % 4];
        let mut items = Vec::with_capacity(4);
        if r0.is_zero() {
            items.push(CurveItem::Move(from[3]));
        } else {
            let (_, second) = split(from);
            items.push(CurveItem::Move(second[0]));
            items.push(CurveItem::Cubic(second[1], second[2], second[3]));
        }
        items.push(CurveItem::Line(to[0]));
        if !r1.is_zero() {
            let (first, _) = split(to);
            items.push(CurveItem::Cubic(first[1], first[2], first[3]));
        }
        out.push((Curve(items), stroke));
    }
    out
}

/// The frame with `shape` at `pos` over its items.
fn over(mut frame: Frame, pos: Point, shape: Shape, span: Span) -> Frame {
    frame.push(pos, FrameItem::Shape(shape, span));
    frame
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
        Value::None | Value::Auto => Some(FixedStroke::default()),
        value => stroke_value(&value, props.font_size, None),
    };
    let mut frame = Frame::new(size);
    // A stroke of zero thickness draws nothing.
    if let Some(stroke) = stroke {
        let shape = Shape {
            geometry: Geometry::Line(delta),
            fill: None,
            fill_rule: FillRule::NonZero,
            stroke: Some(stroke),
        };
        frame.push(start, FrameItem::Shape(shape, content.span()));
    }
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
    let auto = fill.is_none().then(FixedStroke::default);
    let stroke = stroke_value(&props.value("stroke"), props.font_size, auto);
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

/// Where the previous segment of a curve left its last control point, for a following
/// segment whose control point is `auto` (mirrored about the current point).
#[derive(Copy, Clone)]
enum LastControl {
    None,
    Quad(Point),
    Cubic(Point),
}

/// `p` mirrored about `center`.
fn mirror(p: Point, center: Point) -> Point {
    Point::new(center.x * 2.0 - p.x, center.y * 2.0 - p.y)
}

/// Lays out a `curve` from its components: moves start new parts, lines and Bézier
/// segments extend them (a quadratic one drawn as the equivalent cubic), a close goes
/// back to the part's start, smoothly or straight.
// `blocks.rs` routes `curve` here once its dispatch lists the element.
#[cfg_attr(not(test), allow(dead_code))]
pub(super) fn layout_curve(
    content: &Content,
    styles: &crate::model::Styles,
    region: Size,
) -> SourceResult<Frame> {
    let props = Props::new(content, styles);
    let Value::Array(components) = props.value("components") else {
        return Ok(Frame::default());
    };
    let mut items: Vec<CurveItem> = Vec::new();
    let mut points: Vec<Point> = Vec::new();
    let (mut start, mut current) = (Point::zero(), Point::zero());
    let mut open = false;
    let mut last = LastControl::None;
    // The first control point of the current part, for a smooth close.
    let mut first_control: Option<Option<Point>> = None;
    for component in components.as_slice() {
        let Value::Content(component) = component else { continue };
        let elem = component.elem();
        let part = Props::new(component, styles);
        let relative = matches!(part.value("relative"), Value::Bool(true));
        let at = |field: &str, current: Point| -> Option<Point> {
            let p = point_of(&part, &part.value(field), region)?;
            Some(if relative { p + current } else { p })
        };
        if elem == CURVE_MOVE {
            let p = at("start", current).unwrap_or_default();
            items.push(CurveItem::Move(p));
            points.push(p);
            (start, current, open, last, first_control) = (p, p, true, LastControl::None, None);
            continue;
        }
        if elem == CURVE_CLOSE {
            if !open {
                continue;
            }
            let smooth = !matches!(part.value("mode"), Value::Str(s) if s.as_str() == "straight");
            if smooth {
                let from = match last {
                    LastControl::Quad(c) | LastControl::Cubic(c) => mirror(c, current),
                    LastControl::None => current,
                };
                let to = match first_control.flatten() {
                    Some(c) => mirror(c, start),
                    None => start,
                };
                if from != current || to != start {
                    items.push(CurveItem::Cubic(from, to, start));
                    points.extend([from, to]);
                }
            }
            items.push(CurveItem::Close);
            (current, open, last, first_control) = (start, false, LastControl::None, None);
            continue;
        }
        if !open {
            items.push(CurveItem::Move(current));
            points.push(current);
            (start, open, first_control) = (current, true, None);
        }
        let Some(end) = at("end", current) else { continue };
        if elem == CURVE_LINE {
            items.push(CurveItem::Line(end));
            first_control.get_or_insert(None);
            last = LastControl::None;
        } else if elem == CURVE_QUAD {
            let control = match part.value("control") {
                Value::Auto => match last {
                    LastControl::Quad(c) => mirror(c, current),
                    _ => current,
                },
                Value::None => end,
                _ => at("control", current).unwrap_or(end),
            };
            let c1 = current
                + Point::new(
                    (control.x - current.x) * (2.0 / 3.0),
                    (control.y - current.y) * (2.0 / 3.0),
                );
            let c2 = end
                + Point::new((control.x - end.x) * (2.0 / 3.0), (control.y - end.y) * (2.0 / 3.0));
            items.push(CurveItem::Cubic(c1, c2, end));
            points.push(control);
            first_control.get_or_insert(Some(control));
            last = LastControl::Quad(control);
        } else if elem == CURVE_CUBIC {
            let c1 = match part.value("control-start") {
                Value::Auto => match last {
                    LastControl::Cubic(c) => mirror(c, current),
                    _ => current,
                },
                Value::None => current,
                _ => at("control-start", current).unwrap_or(current),
            };
            let c2 = match part.value("control-end") {
                Value::None => end,
                _ => at("control-end", current).unwrap_or(end),
            };
            items.push(CurveItem::Cubic(c1, c2, end));
            points.extend([c1, c2]);
            first_control.get_or_insert(Some(c1));
            last = LastControl::Cubic(c2);
        } else {
            continue;
        }
        points.push(end);
        current = end;
    }
    let size = points
        .iter()
        .fold(Size::zero(), |size, p| Size::new(size.width.max(p.x), size.height.max(p.y)));
    if !size.width.is_finite() || !size.height.is_finite() {
        crate::bail!(content.span(), "cannot create curve with infinite size");
    }
    let mut frame = Frame::new(size);
    let fill = props.fill("fill");
    let auto = fill.is_none().then(FixedStroke::default);
    let stroke = stroke_value(&props.value("stroke"), props.font_size, auto);
    if items.is_empty() || (fill.is_none() && stroke.is_none()) {
        return Ok(frame);
    }
    let fill_rule = match props.value("fill-rule") {
        Value::Str(rule) if rule.as_str() == "even-odd" => FillRule::EvenOdd,
        _ => FillRule::NonZero,
    };
    let shape = Shape { geometry: Geometry::Curve(Curve(items)), fill, fill_rule, stroke };
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
            // The named color keeps Typst's own components, not multiples of 1/255.
            Some(Paint::Solid(Color::Rgb { r: 1.0, g: 0.254902, b: 0.211765, a: 1.0 }))
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
    fn sides_stroked_differently_are_drawn_one_by_one() {
        let frame = check("#rect(width: 20pt, height: 10pt, stroke: (left: red, top: 2pt + blue))");
        let drawn = shapes(&frame);
        assert_eq!(drawn.len(), 2);
        let thickness: Vec<f64> =
            drawn.iter().filter_map(|(_, s)| s.stroke.as_ref().map(|s| pt(s.thickness))).collect();
        assert_eq!(thickness, [2.0, 1.0]);
        // The top side runs from the top-left corner to the top-right one.
        let (_, top) = &drawn[0];
        let Geometry::Curve(curve) = &top.geometry else { panic!("expected a curve") };
        assert_eq!(
            curve.0,
            [
                CurveItem::Move(Point::zero()),
                CurveItem::Line(Point::new(Abs::pt(20.0), Abs::zero()))
            ]
        );
        // Equal sides make one outline.
        let frame = check("#rect(stroke: (x: 2pt, y: 2pt))");
        assert_eq!(shapes(&frame).len(), 1);
    }

    #[test]
    fn set_rules_fold_into_the_strokes_of_sides() {
        let frame = check("#set rect(stroke: 3pt)\n#rect(stroke: red)");
        let drawn = shapes(&frame);
        let stroke = drawn[0].1.stroke.as_ref().unwrap();
        assert_eq!(pt(stroke.thickness), 3.0);
        assert_ne!(stroke.paint, FixedStroke::default().paint);
        // A side set to `none` inside hides the outer stroke of that side only.
        let frame = check("#set rect(stroke: (left: 2pt, top: 2pt))\n#rect(stroke: (left: none))");
        let drawn = shapes(&frame);
        assert_eq!(drawn.len(), 1);
        assert_eq!(pt(drawn[0].1.stroke.as_ref().unwrap().thickness), 2.0);
    }

    #[test]
    fn rounded_sides_end_halfway_round_their_corners() {
        let frame = check("#rect(radius: 4pt, stroke: (bottom: red, rest: 2pt))");
        let drawn = shapes(&frame);
        assert_eq!(drawn.len(), 4);
        for (_, shape) in &drawn {
            let Geometry::Curve(curve) = &shape.geometry else { panic!("expected a curve") };
            // Half a corner, the straight side, half the next corner.
            assert_eq!(curve.0.len(), 4);
        }
    }

    #[test]
    fn strokes_keep_dashes_caps_and_zero_draws_nothing() {
        let frame = check(
            "#line(length: 20pt, stroke: (thickness: 2pt, dash: \"dotted\", cap: \"round\"))",
        );
        let (_, shape) = &shapes(&frame)[0];
        let stroke = shape.stroke.as_ref().unwrap();
        assert_eq!(stroke.cap, LineCap::Round);
        let dash = stroke.dash.as_ref().unwrap();
        assert_eq!(dash.array.iter().map(|a| pt(*a)).collect::<Vec<_>>(), [2.0, 2.0]);
        assert!(shapes(&check("#line(length: 20pt, stroke: 0pt)")).is_empty());
        assert!(shapes(&check("#rect(stroke: 0pt + red)")).is_empty());
    }

    /// Lays out the first curve of `src` in a 100pt × 80pt region.
    fn curve(src: &str) -> SourceResult<Frame> {
        fn find(content: &Content) -> Option<Content> {
            if content.elem() == crate::model::CURVE {
                return Some(content.clone());
            }
            content.children().find_map(find)
        }
        let world = TestWorld::new(src);
        let module = crate::eval::eval(&world, world.main_source()).unwrap();
        let content = find(module.content()).expect("a curve");
        layout_curve(
            &content,
            &crate::model::Styles::new(),
            Size::new(Abs::pt(100.0), Abs::pt(80.0)),
        )
    }

    #[test]
    fn curves_follow_their_components() {
        let frame = curve(
            "#curve(curve.move((10pt, 10pt)), curve.line((20pt, 0pt), relative: true), \
             curve.quad((40pt, 40pt), (50%, 10pt)), curve.close(mode: \"straight\"))",
        )
        .unwrap();
        assert_eq!((pt(frame.width()), pt(frame.height())), (50.0, 40.0));
        let (_, shape) = &shapes(&frame)[0];
        let Geometry::Curve(path) = &shape.geometry else { panic!("expected a curve") };
        let p = |x: f64, y: f64| Point::new(Abs::pt(x), Abs::pt(y));
        assert_eq!(path.0[0], CurveItem::Move(p(10.0, 10.0)));
        assert_eq!(path.0[1], CurveItem::Line(p(30.0, 10.0)));
        let CurveItem::Cubic(c1, _, end) = path.0[2] else { panic!("expected a cubic") };
        assert_eq!(end, p(50.0, 10.0));
        assert!((pt(c1.x) - (30.0 + 20.0 / 3.0)).abs() < 0.01, "{c1:?}");
        assert_eq!(path.0[3], CurveItem::Close);
        assert_eq!(shape.stroke, Some(FixedStroke::default()));
    }

    #[test]
    fn smooth_close_mirrors_the_control_points() {
        let frame = curve(
            "#curve(fill: red, curve.move((0pt, 10pt)), \
             curve.cubic((0pt, 0pt), (20pt, 0pt), (20pt, 10pt)), curve.close())",
        )
        .unwrap();
        let (_, shape) = &shapes(&frame)[0];
        assert_eq!(shape.stroke, None);
        let Geometry::Curve(path) = &shape.geometry else { panic!("expected a curve") };
        let p = |x: f64, y: f64| Point::new(Abs::pt(x), Abs::pt(y));
        assert_eq!(path.0[2], CurveItem::Cubic(p(20.0, 20.0), p(0.0, 20.0), p(0.0, 10.0)));
    }

    #[test]
    fn infinite_curves_are_refused() {
        let error = curve("#curve(curve.line((float.inf * 1pt, 0pt)))").unwrap_err();
        assert_eq!(error[0].message, "cannot create curve with infinite size");
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
