//! Shapes in pixels: a geometry with fill and stroke → tiny-skia paths filled and stroked on
//! the pixmap. Also the conversions that text drawing shares: colours, paints, curves to
//! paths, and strokes (width, caps, joins, dashes, miter limit) to tiny-skia strokes.

use quire_stages::doc::{
    Color, Curve, CurveItem, DashPattern, FillRule, FixedStroke, Geometry, LineCap, LineJoin,
    Paint, Shape,
};
use tiny_skia::{Mask, Path, PathBuilder, Pixmap, StrokeDash, Transform};

use super::render::State;

/// Fills and then strokes `shape`, whose coordinates start at the state's origin. Lines
/// have no inside and are only stroked.
pub(super) fn render_shape(canvas: &mut Pixmap, state: State, shape: &Shape) {
    let Some(path) = geometry_path(&shape.geometry) else {
        return;
    };
    if let Some(fill) = &shape.fill
        && !matches!(shape.geometry, Geometry::Line(_))
    {
        let rule = skia_fill_rule(shape.fill_rule);
        canvas.fill_path(&path, &skia_paint(fill), rule, state.ts, state.mask);
    }
    if let Some(stroke) = &shape.stroke {
        stroke_path(canvas, &path, stroke, 1.0, state.ts, state.mask);
    }
}

/// Strokes `path`, given in units of `unit` points each (1 for shapes, the font's unit for
/// glyph outlines), with `ts` mapping those units to pixels, under `mask`. A stroke of zero or negative
/// thickness is not drawn.
pub(super) fn stroke_path(
    canvas: &mut Pixmap,
    path: &Path,
    stroke: &FixedStroke,
    unit: f32,
    ts: Transform,
    mask: Option<&Mask>,
) {
    let width = stroke.thickness.to_pt() as f32 / unit;
    if !(width.is_finite() && width > 0.0) {
        return;
    }
    let skia = tiny_skia::Stroke {
        width,
        miter_limit: stroke.miter_limit as f32,
        line_cap: match stroke.cap {
            LineCap::Butt => tiny_skia::LineCap::Butt,
            LineCap::Round => tiny_skia::LineCap::Round,
            LineCap::Square => tiny_skia::LineCap::Square,
        },
        line_join: match stroke.join {
            LineJoin::Miter => tiny_skia::LineJoin::Miter,
            LineJoin::Round => tiny_skia::LineJoin::Round,
            LineJoin::Bevel => tiny_skia::LineJoin::Bevel,
        },
        dash: stroke.dash.as_ref().and_then(|dash| skia_dash(dash, unit)),
    };
    canvas.stroke_path(path, &skia_paint(&stroke.paint), &skia, ts, mask);
}

/// A dash pattern in path units. An odd-length array repeats once (as in SVG and PDF);
/// an empty, negative or all-zero one gives `None`, a solid stroke.
fn skia_dash(dash: &DashPattern, unit: f32) -> Option<StrokeDash> {
    let mut array: Vec<f32> = dash.array.iter().map(|d| d.to_pt() as f32 / unit).collect();
    if array.len() % 2 == 1 {
        array.extend_from_within(..);
    }
    StrokeDash::new(array, dash.phase.to_pt() as f32 / unit)
}

/// The path of a geometry, from the item's origin. `None` when it has no segment.
fn geometry_path(geometry: &Geometry) -> Option<Path> {
    let mut builder = PathBuilder::new();
    match geometry {
        Geometry::Line(to) => {
            builder.move_to(0.0, 0.0);
            builder.line_to(to.x.to_pt() as f32, to.y.to_pt() as f32);
        }
        Geometry::Rect(size) => {
            // Built by hand rather than from a `Rect`, which refuses zero and negative
            // sizes that still have a visible stroke.
            let (w, h) = (size.width.to_pt() as f32, size.height.to_pt() as f32);
            builder.move_to(0.0, 0.0);
            builder.line_to(w, 0.0);
            builder.line_to(w, h);
            builder.line_to(0.0, h);
            builder.close();
        }
        Geometry::Curve(curve) => return curve_path(curve),
    }
    builder.finish()
}

/// The path of a curve. `None` when it has no segment.
pub(super) fn curve_path(curve: &Curve) -> Option<Path> {
    let mut builder = PathBuilder::new();
    let xy = |p: quire_stages::base::Point| (p.x.to_pt() as f32, p.y.to_pt() as f32);
    for item in &curve.0 {
        match *item {
            CurveItem::Move(p) => {
                let (x, y) = xy(p);
                builder.move_to(x, y);
            }
            CurveItem::Line(p) => {
                let (x, y) = xy(p);
                builder.line_to(x, y);
            }
            CurveItem::Cubic(c1, c2, p) => {
                let ((x1, y1), (x2, y2), (x, y)) = (xy(c1), xy(c2), xy(p));
                builder.cubic_to(x1, y1, x2, y2, x, y);
            }
            CurveItem::Close => builder.close(),
        }
    }
    builder.finish()
}

/// A document paint as an anti-aliased tiny-skia paint.
pub(super) fn skia_paint(paint: &Paint) -> tiny_skia::Paint<'static> {
    let mut skia = tiny_skia::Paint::default();
    match paint {
        Paint::Solid(color) => skia.set_color(skia_color(*color)),
    }
    skia
}

/// A document colour in sRGB with 8-bit precision, as the PNG will store it.
pub(super) fn skia_color(color: Color) -> tiny_skia::Color {
    let [r, g, b, a] = color.to_rgba8();
    tiny_skia::Color::from_rgba8(r, g, b, a)
}

/// tiny-skia's name for a fill rule.
pub(super) fn skia_fill_rule(rule: FillRule) -> tiny_skia::FillRule {
    match rule {
        FillRule::NonZero => tiny_skia::FillRule::Winding,
        FillRule::EvenOdd => tiny_skia::FillRule::EvenOdd,
    }
}
