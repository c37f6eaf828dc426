//! Glyph outlines: font + glyph + variation coordinates → the glyph's path in font units
//! (y up, unhinted) and its exact bounding box, read with swash.
//!
//! swash's `ScaleContext` keeps per-font caches and is not `Sync`, so an
//! [`OutlineCache`] belongs to one thread at a time: exporters keep one per worker. It
//! also caches finished outlines, which are shared by `Arc`.

use std::sync::Arc;

use swash::scale::ScaleContext;
use swash::zeno::{self, PathData};

use crate::cache::BoundedCache;
use crate::font::Font;
use crate::variation::Variation;

/// A point in font units, y up.
#[derive(Debug, Default, Copy, Clone, PartialEq)]
pub struct Point {
    /// Horizontal position.
    pub x: f64,
    /// Vertical position, up from the baseline.
    pub y: f64,
}

impl Point {
    /// A point from its coordinates.
    pub fn new(x: f64, y: f64) -> Self {
        Self { x, y }
    }
}

/// One step of a glyph path.
#[derive(Debug, Copy, Clone, PartialEq)]
pub enum PathCommand {
    /// Starts a contour at the point.
    MoveTo(Point),
    /// A straight line to the point.
    LineTo(Point),
    /// A quadratic Bézier curve: control point, end point.
    QuadTo(Point, Point),
    /// A cubic Bézier curve: two control points, end point.
    CurveTo(Point, Point, Point),
    /// Closes the contour back to its start.
    Close,
}

/// An axis-aligned rectangle in font units.
#[derive(Debug, Copy, Clone, PartialEq)]
pub struct BoundingBox {
    /// Left edge.
    pub x_min: f64,
    /// Bottom edge.
    pub y_min: f64,
    /// Right edge.
    pub x_max: f64,
    /// Top edge.
    pub y_max: f64,
}

impl BoundingBox {
    fn point(p: Point) -> Self {
        Self { x_min: p.x, y_min: p.y, x_max: p.x, y_max: p.y }
    }

    fn include(&mut self, p: Point) {
        self.x_min = self.x_min.min(p.x);
        self.y_min = self.y_min.min(p.y);
        self.x_max = self.x_max.max(p.x);
        self.y_max = self.y_max.max(p.y);
    }

    /// The width of the box.
    pub fn width(&self) -> f64 {
        self.x_max - self.x_min
    }

    /// The height of the box.
    pub fn height(&self) -> f64 {
        self.y_max - self.y_min
    }
}

/// The outline of one glyph in font units.
#[derive(Debug, Clone, PartialEq)]
pub struct GlyphOutline {
    /// The path, contour by contour.
    pub commands: Vec<PathCommand>,
    /// The tight bounding box of the path (curve extrema included, control points
    /// that lie outside the curve excluded); `None` for an empty glyph such as a space.
    pub bbox: Option<BoundingBox>,
}

impl GlyphOutline {
    /// A glyph outline from its path, computing the bounding box.
    pub fn new(commands: Vec<PathCommand>) -> Self {
        let bbox = tight_bbox(&commands);
        Self { commands, bbox }
    }

    /// How many contours the path has.
    pub fn contours(&self) -> usize {
        self.commands.iter().filter(|c| matches!(c, PathCommand::MoveTo(_))).count()
    }
}

/// How many outlines an [`OutlineCache`] keeps by default.
pub const DEFAULT_OUTLINE_CAPACITY: usize = 4096;

/// Reads glyph outlines and caches them; one per thread (see the module docs).
pub struct OutlineCache {
    scale: ScaleContext,
    outlines: BoundedCache<(Font, u16, Vec<Variation>), Option<Arc<GlyphOutline>>>,
}

impl OutlineCache {
    /// A cache keeping up to [`DEFAULT_OUTLINE_CAPACITY`] outlines.
    pub fn new() -> Self {
        Self::with_capacity(DEFAULT_OUTLINE_CAPACITY)
    }

    /// A cache keeping up to `capacity` outlines.
    pub fn with_capacity(capacity: usize) -> Self {
        Self { scale: ScaleContext::new(), outlines: BoundedCache::new(capacity) }
    }

    /// The unhinted outline of `glyph` at the instance given by `variations` (user-space
    /// coordinates; empty for the default instance).
    ///
    /// Returns `None` when the face has no outline for the glyph (an id out of range, or
    /// a bitmap-only glyph).
    pub fn outline(
        &mut self,
        font: &Font,
        glyph: u16,
        variations: &[Variation],
    ) -> Option<Arc<GlyphOutline>> {
        let key = (font.clone(), glyph, variations.to_vec());
        if let Some(outline) = self.outlines.get(&key) {
            return outline;
        }
        let outline = self.read(font, glyph, variations).map(Arc::new);
        self.outlines.insert(key, outline)
    }

    fn read(&mut self, font: &Font, glyph: u16, variations: &[Variation]) -> Option<GlyphOutline> {
        if glyph >= font.glyph_count() {
            return None;
        }
        let settings = variations.iter().map(|v| (v.tag.to_u32(), v.value));
        let mut scaler =
            self.scale.builder(font.swash()).size(0.0).hint(false).variations(settings).build();
        let outline = scaler.scale_outline(glyph)?;
        let at = |v: zeno::Vector| Point::new(f64::from(v.x), f64::from(v.y));
        let commands = outline
            .path()
            .commands()
            .map(|command| match command {
                zeno::Command::MoveTo(p) => PathCommand::MoveTo(at(p)),
                zeno::Command::LineTo(p) => PathCommand::LineTo(at(p)),
                zeno::Command::QuadTo(c, p) => PathCommand::QuadTo(at(c), at(p)),
                zeno::Command::CurveTo(c1, c2, p) => PathCommand::CurveTo(at(c1), at(c2), at(p)),
                zeno::Command::Close => PathCommand::Close,
            })
            .collect();
        Some(GlyphOutline::new(commands))
    }
}

impl Default for OutlineCache {
    fn default() -> Self {
        Self::new()
    }
}

impl std::fmt::Debug for OutlineCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OutlineCache").field("outlines", &self.outlines.len()).finish()
    }
}

/// The exact bounding box of a path: end points plus the extrema of each curve.
fn tight_bbox(commands: &[PathCommand]) -> Option<BoundingBox> {
    let mut bbox: Option<BoundingBox> = None;
    let mut add = |p: Point| match &mut bbox {
        Some(b) => b.include(p),
        None => bbox = Some(BoundingBox::point(p)),
    };
    let mut current = Point::default();
    let mut start = Point::default();
    for command in commands {
        match *command {
            PathCommand::MoveTo(p) => {
                add(p);
                current = p;
                start = p;
            }
            PathCommand::LineTo(p) => {
                add(p);
                current = p;
            }
            PathCommand::QuadTo(c, p) => {
                for t in quad_extrema(current, c, p) {
                    add(quad_at(current, c, p, t));
                }
                add(p);
                current = p;
            }
            PathCommand::CurveTo(c1, c2, p) => {
                for t in cubic_extrema(current, c1, c2, p) {
                    add(cubic_at(current, c1, c2, p, t));
                }
                add(p);
                current = p;
            }
            PathCommand::Close => current = start,
        }
    }
    bbox
}

/// Parameters in (0, 1) where a quadratic curve turns in x or y.
fn quad_extrema(p0: Point, c: Point, p1: Point) -> Vec<f64> {
    // B'(t) = 0 at t = (p0 - c) / (p0 - 2c + p1), per coordinate.
    [(p0.x, c.x, p1.x), (p0.y, c.y, p1.y)]
        .into_iter()
        .filter_map(|(a, b, c)| {
            let d = a - 2.0 * b + c;
            (d != 0.0).then(|| (a - b) / d)
        })
        .filter(|t| *t > 0.0 && *t < 1.0)
        .collect()
}

/// Parameters in (0, 1) where a cubic curve turns in x or y.
fn cubic_extrema(p0: Point, c1: Point, c2: Point, p1: Point) -> Vec<f64> {
    let mut out = Vec::new();
    for (a, b, c, d) in [(p0.x, c1.x, c2.x, p1.x), (p0.y, c1.y, c2.y, p1.y)] {
        // B'(t)/3 = qa t² + qb t + qc.
        let qa = -a + 3.0 * b - 3.0 * c + d;
        let qb = 2.0 * (a - 2.0 * b + c);
        let qc = b - a;
        if qa.abs() < 1e-12 {
            if qb != 0.0 {
                out.push(-qc / qb);
            }
            continue;
        }
        let disc = qb * qb - 4.0 * qa * qc;
        if disc >= 0.0 {
            let root = disc.sqrt();
            out.push((-qb + root) / (2.0 * qa));
            out.push((-qb - root) / (2.0 * qa));
        }
    }
    out.retain(|t| *t > 0.0 && *t < 1.0);
    out
}

fn quad_at(p0: Point, c: Point, p1: Point, t: f64) -> Point {
    let u = 1.0 - t;
    Point::new(
        u * u * p0.x + 2.0 * u * t * c.x + t * t * p1.x,
        u * u * p0.y + 2.0 * u * t * c.y + t * t * p1.y,
    )
}

fn cubic_at(p0: Point, c1: Point, c2: Point, p1: Point, t: f64) -> Point {
    let u = 1.0 - t;
    let (a, b, c, d) = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
    Point::new(a * p0.x + b * c1.x + c * c2.x + d * p1.x, a * p0.y + b * c1.y + c * c2.y + d * p1.y)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::font::FontData;
    use crate::variation::Tag;

    fn font(postscript: &str) -> Font {
        crate::font::embedded_by_postscript_name(postscript)
    }

    /// Reads the outline of `c` and checks its contour count and rounded bounding box.
    fn check(
        cache: &mut OutlineCache,
        font: &Font,
        c: char,
        variations: &[Variation],
        contours: usize,
        bbox: [i64; 4],
    ) {
        let glyph = font.glyph_index(c).unwrap();
        let outline = cache.outline(font, glyph, variations).unwrap();
        assert_eq!(outline.contours(), contours, "{c:?}");
        let b = outline.bbox.unwrap();
        let got = [b.x_min, b.y_min, b.x_max, b.y_max].map(|v| v.round() as i64);
        assert_eq!(got, bbox, "{c:?} at {variations:?}");
        // The font's own box spans the control points too, so it contains the tight one.
        if variations.is_empty() {
            let rect = font.ttf().glyph_bounding_box(ttf_parser::GlyphId(glyph)).unwrap();
            assert!(
                f64::from(rect.x_min) <= b.x_min + 0.5 && f64::from(rect.y_min) <= b.y_min + 0.5
            );
            assert!(
                f64::from(rect.x_max) >= b.x_max - 0.5 && f64::from(rect.y_max) >= b.y_max - 0.5
            );
        }
    }

    #[test]
    fn outlines_of_static_glyphs() {
        let serif = font("LibertinusSerif-Regular");
        let mut cache = OutlineCache::new();
        check(&mut cache, &serif, 'H', &[], 1, [15, -2, 710, 647]);
        check(&mut cache, &serif, 'o', &[], 2, [41, -10, 463, 439]);
        let h = serif.glyph_index('H').unwrap();
        let first = cache.outline(&serif, h, &[]).unwrap();
        assert!(Arc::ptr_eq(&first, &cache.outline(&serif, h, &[]).unwrap()));
        let space = cache.outline(&serif, serif.glyph_index(' ').unwrap(), &[]).unwrap();
        assert_eq!((space.commands.len(), space.bbox), (0, None));
        assert_eq!(cache.outline(&serif, u16::MAX, &[]), None);
    }

    #[test]
    fn outlines_follow_variations() {
        let var = Font::new(FontData::Static(font_test_data::VAZIRMATN_VAR), 0).unwrap();
        let mut cache = OutlineCache::new();
        check(&mut cache, &var, 'A', &[], 3, [29, 0, 1310, 1456]);
        let heavy = [Variation::new(Tag::WGHT, 900.0)];
        let light = [Variation::new(Tag::WGHT, 100.0)];
        let a = var.glyph_index('A').unwrap();
        let mut width = |v: &[Variation]| cache.outline(&var, a, v).unwrap().bbox.unwrap().width();
        let (regular, heavy, light) = (width(&[]), width(&heavy), width(&light));
        assert!(light < regular && regular < heavy, "{light} {regular} {heavy}");
    }

    #[test]
    fn bounding_boxes_are_tight() {
        let p = Point::new;
        let arch = GlyphOutline::new(vec![
            PathCommand::MoveTo(p(0.0, 0.0)),
            PathCommand::QuadTo(p(50.0, 100.0), p(100.0, 0.0)),
            PathCommand::Close,
        ]);
        assert_eq!(
            arch.bbox,
            Some(BoundingBox { x_min: 0.0, y_min: 0.0, x_max: 100.0, y_max: 50.0 })
        );
        let wave = GlyphOutline::new(vec![
            PathCommand::MoveTo(p(0.0, 0.0)),
            PathCommand::CurveTo(p(0.0, 100.0), p(100.0, 100.0), p(100.0, 0.0)),
        ]);
        assert_eq!(wave.bbox.map(|b| b.y_max), Some(75.0));
        assert_eq!(GlyphOutline::new(vec![]).bbox, None);
    }
}
