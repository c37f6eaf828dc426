//! Shapes in SVG: a geometry with fill and stroke → one `<path>` in page coordinates with
//! `fill`, `fill-rule` and `stroke-*` attributes. Also the stroke attributes that text
//! runs share. Attributes equal to SVG's defaults (non-zero rule, butt caps, miter joins,
//! miter limit 4) are left out; `fill="none"` is written because SVG fills black by default.

use quire_stages::base::Point;
use quire_stages::doc::{Curve, FillRule, FixedStroke, Geometry, LineCap, LineJoin, Paint, Shape};

use super::render::Svg;
use super::write::{LEN, color_attrs, curve_data, num};

/// Writes `shape` with its origin at `pos`.
pub(super) fn write_shape(svg: &mut Svg, pos: Point, shape: &Shape) {
    let curve = match &shape.geometry {
        Geometry::Line(to) => Curve(vec![
            quire_stages::doc::CurveItem::Move(Point::zero()),
            quire_stages::doc::CurveItem::Line(*to),
        ]),
        Geometry::Rect(size) => Curve::rect(*size),
        Geometry::Curve(curve) => curve.clone(),
    };
    let out = &mut svg.body;
    out.push_str("<path d=\"");
    curve_data(out, &curve, pos);
    out.push('"');
    match &shape.fill {
        Some(Paint::Solid(color)) if !matches!(shape.geometry, Geometry::Line(_)) => {
            color_attrs(out, "fill", *color);
            if shape.fill_rule == FillRule::EvenOdd {
                out.push_str(" fill-rule=\"evenodd\"");
            }
        }
        _ => out.push_str(" fill=\"none\""),
    }
    if let Some(stroke) = &shape.stroke {
        stroke_attrs(out, stroke, 1.0);
    }
    out.push_str("/>\n");
}

/// Appends the attributes of `stroke` for content drawn in units of `unit` points each (1
/// for shapes, the font unit for text). A stroke of zero or negative thickness is not drawn.
pub(super) fn stroke_attrs(out: &mut String, stroke: &FixedStroke, unit: f64) {
    let width = stroke.thickness.to_pt() / unit;
    if !(width.is_finite() && width > 0.0) {
        return;
    }
    match stroke.paint {
        Paint::Solid(color) => color_attrs(out, "stroke", color),
    }
    out.push_str(" stroke-width=\"");
    num(out, width, LEN);
    out.push('"');
    match stroke.cap {
        LineCap::Butt => {}
        LineCap::Round => out.push_str(" stroke-linecap=\"round\""),
        LineCap::Square => out.push_str(" stroke-linecap=\"square\""),
    }
    match stroke.join {
        LineJoin::Miter => {}
        LineJoin::Round => out.push_str(" stroke-linejoin=\"round\""),
        LineJoin::Bevel => out.push_str(" stroke-linejoin=\"bevel\""),
    }
    if stroke.miter_limit != 4 {
        out.push_str(" stroke-miterlimit=\"");
        num(out, f64::from(stroke.miter_limit.max(1)), 0);
        out.push('"');
    }
    if let Some(dash) = &stroke.dash {
        // An empty, negative or all-zero pattern draws a solid line, as in PNG export.
        let lengths: Vec<f64> = dash.array.iter().map(|d| d.to_pt() / unit).collect();
        let valid =
            lengths.iter().all(|d| d.is_finite() && *d >= 0.0) && lengths.iter().sum::<f64>() > 0.0;
        if valid {
            out.push_str(" stroke-dasharray=\"");
            for (i, d) in lengths.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                num(out, *d, LEN);
            }
            out.push('"');
            let phase = dash.phase.to_pt() / unit;
            if phase != 0.0 {
                out.push_str(" stroke-dashoffset=\"");
                num(out, phase, LEN);
                out.push('"');
            }
        }
    }
}
