//! Text decorations: a run of text with its resolved underlines, strikethroughs,
//! overlines and highlights → the run's text item with lines and rectangles around it in
//! the line frame, placed as Typst places them.
//!
//! A line sits at the font's decoration metrics (or the given `offset`) relative to the
//! unshifted baseline, as thick as the font says unless the stroke gives a thickness,
//! in the text's fill unless the stroke gives a paint, and reaches `extent` past both
//! ends. An evading underline or overline leaves gaps where it would cross a glyph's
//! outline (padded by 0.08 em, pieces shorter than 0.162 em dropped). A highlight is a
//! rectangle from the highest top edge to the lowest bottom edge of the run's glyphs.
//! Lines go over the text unless `background` is set; highlights always go behind it,
//! and what goes behind is drawn behind what went behind before (Typst prepends).

use quire_shaping::{OutlineCache, PathCommand};

use crate::base::{Abs, Point, Size, Span};
use crate::doc::{FillRule, FixedStroke, FrameItem, Geometry, Paint, Shape, TextItem};
use crate::layout::props::{Corners, Sides};
use crate::layout::shapes::{rounded_rect, side_paths};

use super::{BottomEdge, TopEdge};

/// One decoration of a run of text, its lengths resolved.
#[derive(Debug, Clone, PartialEq)]
pub struct Decoration {
    pub line: DecoLine,
    /// How far the decoration reaches past the text at each end.
    pub extent: Abs,
}

/// What a decoration draws.
#[derive(Debug, Clone, PartialEq)]
pub enum DecoLine {
    /// An underline, strikethrough or overline.
    Line {
        kind: LineKind,
        stroke: DecoStroke,
        /// The line's distance below the baseline; `None` takes the font's.
        offset: Option<Abs>,
        /// Whether the line leaves gaps around glyphs that cross it.
        evade: bool,
        /// Whether the line goes behind the text.
        background: bool,
    },
    /// A background rectangle.
    Highlight(Box<Highlight>),
}

/// Which of the font's decoration metrics a line uses.
#[derive(Debug, Copy, Clone, PartialEq, Eq)]
pub enum LineKind {
    Underline,
    Strikethrough,
    Overline,
}

/// A line's stroke; the paint and thickness it leaves open come from the text's fill and
/// the font's metrics.
#[derive(Debug, Clone, PartialEq)]
pub struct DecoStroke {
    pub paint: Option<Paint>,
    pub thickness: Option<Abs>,
    /// The remaining properties (cap, join, dash, miter limit).
    pub rest: FixedStroke,
}

/// A highlight's look.
#[derive(Debug, Clone, PartialEq)]
pub struct Highlight {
    pub fill: Option<Paint>,
    /// The strokes of the left, top, right and bottom sides.
    pub strokes: [Option<FixedStroke>; 4],
    /// The corner radii (top left, top right, bottom right, bottom left): an absolute part
    /// and a ratio of the rectangle's shorter side.
    pub radius: [(Abs, f64); 4],
    pub top_edge: TopEdge,
    pub bottom_edge: BottomEdge,
}

/// Items to draw around one text item: `under` goes before it (in drawing order), `over`
/// after it.
#[derive(Default)]
pub(super) struct Decorated {
    pub under: Vec<(Point, FrameItem)>,
    pub over: Vec<(Point, FrameItem)>,
}

/// Draws `decos` for `text` placed at `pos` (its baseline origin, `shift` below the
/// line's baseline).
pub(super) fn decorate(
    decos: &[Decoration],
    text: &TextItem,
    pos: Point,
    shift: Abs,
    outlines: &mut Option<OutlineCache>,
) -> Decorated {
    let mut out = Decorated::default();
    let width = text.width();
    for deco in decos {
        match &deco.line {
            DecoLine::Highlight(highlight) => {
                let (top, bottom) = highlight_edges(text, highlight, outlines);
                let size = Size::new(width + 2.0 * deco.extent, top + bottom);
                let origin = Point::new(pos.x - deco.extent, pos.y - top - shift);
                let shapes = highlight_shapes(highlight, size);
                let items =
                    shapes.into_iter().map(|s| (origin, FrameItem::Shape(s, Span::detached())));
                out.under.splice(0..0, items);
            }
            DecoLine::Line { kind, stroke, offset, evade, background } => {
                let metrics = text.font.metrics();
                let line = match kind {
                    LineKind::Underline => metrics.underline,
                    LineKind::Strikethrough => metrics.strikethrough,
                    LineKind::Overline => metrics.overline,
                };
                let offset = offset.unwrap_or(-line.position * text.size) - shift;
                let stroke = FixedStroke {
                    paint: stroke.paint.unwrap_or(text.fill),
                    thickness: stroke.thickness.unwrap_or(line.thickness * text.size),
                    ..stroke.rest.clone()
                };
                let start = pos.x - deco.extent;
                let end = pos.x + width + deco.extent;
                let segments = if *evade {
                    let gap = 0.08 * text.size;
                    let min = 0.162 * text.size;
                    let mut cuts = crossings(text, pos.x, offset, outlines);
                    cuts.push(start - gap);
                    cuts.push(end + gap);
                    cuts.sort_by(|a, b| a.to_pt().total_cmp(&b.to_pt()));
                    cuts.windows(2)
                        .filter(|w| w[1] - w[0] >= gap)
                        .map(|w| (w[0] + gap, w[1] - gap))
                        .filter(|(from, to)| *to - *from >= min)
                        .collect()
                } else {
                    vec![(start, end)]
                };
                for (from, to) in segments {
                    let geometry = Geometry::Line(Point::new(to - from, Abs::zero()));
                    let shape = Shape {
                        geometry,
                        fill: None,
                        fill_rule: FillRule::NonZero,
                        stroke: Some(stroke.clone()),
                    };
                    let item = (
                        Point::new(from, pos.y + offset),
                        FrameItem::Shape(shape, Span::detached()),
                    );
                    if *background {
                        out.under.insert(0, item);
                    } else {
                        out.over.push(item);
                    }
                }
            }
        }
    }
    out
}

/// The highest top edge and lowest bottom edge of the glyphs of `text` (zero without
/// glyphs), by the highlight's edge settings.
fn highlight_edges(
    text: &TextItem,
    highlight: &Highlight,
    outlines: &mut Option<OutlineCache>,
) -> (Abs, Abs) {
    let metrics = text.font.metrics();
    let size = text.size;
    let mut top = Abs::zero();
    let mut bottom = Abs::zero();
    for glyph in &text.glyphs {
        let mut bbox = || {
            let cache = outlines.get_or_insert_with(OutlineCache::new);
            cache.outline(&text.font, glyph.id, &text.variations).and_then(|o| o.bbox)
        };
        let t = match highlight.top_edge {
            TopEdge::Ascender => metrics.ascender * size,
            TopEdge::CapHeight => metrics.cap_height * size,
            TopEdge::XHeight => metrics.x_height * size,
            TopEdge::Baseline => Abs::zero(),
            TopEdge::Bounds => bbox().map_or(Abs::zero(), |b| text.font.to_em(b.y_max) * size),
            TopEdge::Length(length) => length,
        };
        let b = match highlight.bottom_edge {
            BottomEdge::Baseline => Abs::zero(),
            BottomEdge::Descender => -metrics.descender * size,
            BottomEdge::Bounds => bbox().map_or(Abs::zero(), |b| -text.font.to_em(b.y_min) * size),
            BottomEdge::Length(length) => length,
        };
        top = top.max(t);
        bottom = bottom.max(b);
    }
    (top, bottom)
}

/// The shapes of a highlight rectangle of `size`: one rectangle when its sides are
/// stroked alike and its corners are sharp, else a rounded fill with each side stroked
/// on its own.
fn highlight_shapes(highlight: &Highlight, size: Size) -> Vec<Shape> {
    let [left, top, right, bottom] = highlight.strokes.clone();
    let strokes = Sides { left, top, right, bottom };
    let uniform = strokes.left == strokes.top
        && strokes.left == strokes.right
        && strokes.left == strokes.bottom;
    let shorter = size.width.min(size.height).max(Abs::zero());
    let [tl, tr, br, bl] = highlight
        .radius
        .map(|(abs, ratio)| (abs + ratio * shorter).max(Abs::zero()).min(shorter / 2.0));
    let radius = Corners { top_left: tl, top_right: tr, bottom_right: br, bottom_left: bl };
    let sharp = [tl, tr, br, bl].iter().all(|r| r.is_zero());
    let shape =
        |geometry, fill, stroke| Shape { geometry, fill, fill_rule: FillRule::NonZero, stroke };
    if uniform && sharp {
        return vec![shape(Geometry::Rect(size), highlight.fill, strokes.top)];
    }
    let mut shapes = Vec::new();
    let outline =
        if sharp { Geometry::Rect(size) } else { Geometry::Curve(rounded_rect(size, radius)) };
    let stroke = if uniform { strokes.top.clone() } else { None };
    if highlight.fill.is_some() || stroke.is_some() {
        shapes.push(shape(outline, highlight.fill, stroke));
    }
    if !uniform {
        for (curve, stroke) in side_paths(size, radius, strokes) {
            shapes.push(shape(Geometry::Curve(curve), None, Some(stroke)));
        }
    }
    shapes
}

/// The x positions where a horizontal line `offset` below the baseline crosses the
/// outlines of the glyphs of `text` (placed from `x`), between the text's ends.
fn crossings(
    text: &TextItem,
    x: Abs,
    offset: Abs,
    outlines: &mut Option<OutlineCache>,
) -> Vec<Abs> {
    let cache = outlines.get_or_insert_with(OutlineCache::new);
    let size = text.size.to_pt();
    let scale = size / text.font.metrics().units_per_em;
    let y = offset.to_pt();
    let (left, right) = (x.to_pt(), (x + text.width()).to_pt());
    let mut out = Vec::new();
    let mut pen = x.to_pt();
    for glyph in &text.glyphs {
        let dx = pen + glyph.x_offset.get() * size;
        pen += glyph.x_advance.get() * size;
        let Some(outline) = cache.outline(&text.font, glyph.id, &text.variations) else {
            continue;
        };
        // Only glyphs whose bounding box the line passes through can cross it.
        let Some(bbox) = outline.bbox else { continue };
        if y < -bbox.y_max * scale || y > -bbox.y_min * scale {
            continue;
        }
        // Points in the frame's coordinates (y down), relative to the baseline.
        let at = |p: quire_shaping::Point| (dx + p.x * scale, -p.y * scale);
        let mut start = (0.0, 0.0);
        let mut current = (0.0, 0.0);
        for command in &outline.commands {
            let (xs, ys, end) = match *command {
                PathCommand::MoveTo(p) => {
                    start = at(p);
                    current = start;
                    continue;
                }
                PathCommand::LineTo(p) => {
                    let p = at(p);
                    (vec![current.0, p.0], vec![current.1, p.1], p)
                }
                PathCommand::QuadTo(c, p) => {
                    let (c, p) = (at(c), at(p));
                    (vec![current.0, c.0, p.0], vec![current.1, c.1, p.1], p)
                }
                PathCommand::CurveTo(c1, c2, p) => {
                    let (c1, c2, p) = (at(c1), at(c2), at(p));
                    (vec![current.0, c1.0, c2.0, p.0], vec![current.1, c1.1, c2.1, p.1], p)
                }
                PathCommand::Close => {
                    let p = start;
                    (vec![current.0, p.0], vec![current.1, p.1], p)
                }
            };
            current = end;
            for t in bezier_roots(&ys, y) {
                let cx = bezier_at(&xs, t);
                if cx >= left && cx <= right {
                    out.push(Abs::pt(cx));
                }
            }
        }
    }
    out
}

/// The value at `t` of a Bézier curve (of degree 1 to 3) with control values `c`.
fn bezier_at(c: &[f64], t: f64) -> f64 {
    let s = 1.0 - t;
    match *c {
        [a, b] => s * a + t * b,
        [a, b, d] => s * s * a + 2.0 * s * t * b + t * t * d,
        [a, b, d, e] => s * s * s * a + 3.0 * s * s * t * b + 3.0 * s * t * t * d + t * t * t * e,
        _ => 0.0,
    }
}

/// The parameters in [0, 1] where a Bézier curve with control values `c` equals `v`.
fn bezier_roots(c: &[f64], v: f64) -> Vec<f64> {
    // The curve as a polynomial in t (power basis), minus `v`.
    let poly = match *c {
        [a, b] => [0.0, 0.0, b - a, a - v],
        [a, b, d] => [0.0, a - 2.0 * b + d, 2.0 * (b - a), a - v],
        [a, b, d, e] => {
            [-a + 3.0 * b - 3.0 * d + e, 3.0 * a - 6.0 * b + 3.0 * d, 3.0 * (b - a), a - v]
        }
        _ => return Vec::new(),
    };
    const EPS: f64 = 1e-9;
    solve_cubic(poly).into_iter().filter(|t| (-EPS..=1.0 + EPS).contains(t)).collect()
}

/// The real roots of `a t³ + b t² + c t + d`, falling back to lower degrees when the
/// leading coefficients vanish.
fn solve_cubic([a, b, c, d]: [f64; 4]) -> Vec<f64> {
    let scale = b.abs().max(c.abs()).max(d.abs());
    if a.abs() <= 1e-12 * scale.max(1e-300) {
        return solve_quadratic(b, c, d);
    }
    // Depressed cubic u³ + p u + q = 0 with t = u - b / 3a.
    let (b, c, d) = (b / a, c / a, d / a);
    let shift = b / 3.0;
    let p = c - b * b / 3.0;
    let q = 2.0 * b * b * b / 27.0 - b * c / 3.0 + d;
    let disc = q * q / 4.0 + p * p * p / 27.0;
    if disc > 0.0 {
        let root = disc.sqrt();
        let u = libm::cbrt(-q / 2.0 + root) + libm::cbrt(-q / 2.0 - root);
        vec![u - shift]
    } else if p == 0.0 {
        vec![-shift]
    } else {
        let r = (-p / 3.0).sqrt();
        let phi = libm::acos((-q / (2.0 * r * r * r)).clamp(-1.0, 1.0));
        (0..3)
            .map(|k| {
                let angle = (phi - 2.0 * std::f64::consts::PI * f64::from(k)) / 3.0;
                2.0 * r * libm::cos(angle) - shift
            })
            .collect()
    }
}

/// The real roots of `a t² + b t + c` (a line's root when `a` vanishes).
fn solve_quadratic(a: f64, b: f64, c: f64) -> Vec<f64> {
    let scale = b.abs().max(c.abs());
    if a.abs() <= 1e-12 * scale.max(1e-300) {
        if b.abs() <= 1e-12 * c.abs().max(1e-300) || b == 0.0 {
            return Vec::new();
        }
        return vec![-c / b];
    }
    let disc = b * b - 4.0 * a * c;
    if disc < 0.0 {
        return Vec::new();
    }
    let root = disc.sqrt();
    // The numerically stable pair of roots.
    let q = -0.5 * (b + b.signum() * root);
    if q == 0.0 {
        return vec![0.0];
    }
    vec![q / a, c / q]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn near(roots: Vec<f64>, expected: &[f64]) {
        let mut roots = roots;
        roots.sort_by(f64::total_cmp);
        assert_eq!(roots.len(), expected.len(), "{roots:?}");
        for (r, e) in roots.iter().zip(expected) {
            assert!((r - e).abs() < 1e-9, "{roots:?} vs {expected:?}");
        }
    }

    #[test]
    fn deco_solves_polynomials() {
        // (t - 0.2)(t - 0.5)(t - 0.9)
        near(solve_cubic([1.0, -1.6, 0.73, -0.09]), &[0.2, 0.5, 0.9]);
        near(solve_cubic([0.0, 1.0, -1.0, 0.21]), &[0.3, 0.7]);
        near(solve_cubic([0.0, 0.0, 2.0, -1.0]), &[0.5]);
        near(solve_cubic([0.0, 0.0, 0.0, 1.0]), &[]);
        near(solve_cubic([1.0, 0.0, 1.0, 0.0]), &[0.0]);
    }

    #[test]
    fn deco_finds_curve_crossings() {
        // A line from y=0 to y=10 reaches 2.5 at a quarter.
        near(bezier_roots(&[0.0, 10.0], 2.5), &[0.25]);
        // A symmetric cubic arch from 0 up and back crosses its half height twice.
        let roots = bezier_roots(&[0.0, 4.0, 4.0, 0.0], 1.5);
        assert_eq!(roots.len(), 2);
        for t in roots {
            assert!((bezier_at(&[0.0, 4.0, 4.0, 0.0], t) - 1.5).abs() < 1e-9);
        }
        assert!(bezier_roots(&[0.0, 1.0, 0.0], 5.0).is_empty());
    }
}
