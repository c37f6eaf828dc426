//! Page encoding: a laid-out [`Page`] → an [`EncodedPage`]: its compressed content stream
//! (PDF 1.7, 8 Graphics) with everything the stream refers to, under page-local names.
//!
//! The stream starts by flipping the y axis (`1 0 0 -1 0 h cm`), so that frame coordinates
//! (top-left origin, y down) are written as they are. Fonts are named `/F0`, `/F1`, …,
//! images `/I0`, …, transparency states `/G0`, … and separation colour spaces (spot inks)
//! `/S0`, … in order of first use on the page;
//! the assembler maps these names to document-wide objects. Nothing here depends on other
//! pages, so pages can be encoded on any thread in any order.
//!
//! Text runs are encoded in `text.rs`, which extends the [`Encoder`] defined here.

use std::collections::{BTreeMap, HashMap};
use std::num::NonZeroUsize;

use ecow::EcoString;
use pdf_writer::types::{LineCapStyle, LineJoinStyle, TextRenderingMode};
use pdf_writer::{Content, Name};
use quire_stages::base::{Abs, Point, Size, Transform};
use quire_stages::doc::{
    Color, Curve, CurveItem, Destination, FillRule, FixedStroke, Frame, FrameItem, Geometry,
    GroupItem, Image, Ink, LineCap, LineJoin, Page, PageFill, Paint, Shape,
};

use super::compress::deflate;
use super::font::FontKey;
use super::hash::StableHasher;

/// One page, encoded and ready to be merged into a document.
///
/// Produced by [`encode_page`], which is pure, so that pages can be encoded on worker
/// threads; consumed by [`PdfExporter::add_encoded`](super::PdfExporter::add_encoded).
#[derive(Debug, Clone)]
pub struct EncodedPage {
    /// The physical page number, from 1.
    pub(super) number: NonZeroUsize,
    /// The page size (the media box).
    pub(super) size: Size,
    /// The page label, if the page is numbered.
    pub(super) label: Option<EcoString>,
    /// The content stream, zlib-compressed (`FlateDecode`).
    pub(super) content: Vec<u8>,
    /// A stable hash of the uncompressed content stream, for the document ID.
    pub(super) hash: u128,
    /// The fonts used, in the order of their names `/F0`, `/F1`, ….
    pub(super) fonts: Vec<PageFont>,
    /// The images used, in the order of their names `/I0`, `/I1`, ….
    pub(super) images: Vec<Image>,
    /// The constant-alpha states used, in the order of their names `/G0`, `/G1`, ….
    pub(super) alphas: Vec<Alphas>,
    /// The spot inks used, in the order of their colour space names `/S0`, `/S1`, ….
    pub(super) inks: Vec<&'static Ink>,
    /// Link areas, in PDF coordinates (origin bottom-left), in drawing order.
    pub(super) links: Vec<PageLink>,
    /// The language of the page's first text run.
    pub(super) lang: Option<EcoString>,
}

/// A font used on a page, with the glyphs drawn in it.
#[derive(Debug, Clone)]
pub(super) struct PageFont {
    pub key: FontKey,
    /// Glyph id → its width and text.
    pub glyphs: BTreeMap<u16, GlyphUse>,
}

/// What the font dictionary needs to know about a glyph.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct GlyphUse {
    /// The advance written to `/W`, in thousandths of an em. Text positioning in content
    /// streams assumes exactly this width.
    pub width: f32,
    /// The text the glyph stands for (several characters for a ligature, empty for the
    /// second and later glyphs of a cluster).
    pub text: EcoString,
}

/// Fill and stroke alpha of an `ExtGState` (PDF 1.7, 11.6.4.4 Constant area opacity).
#[derive(Debug, Copy, Clone, PartialEq)]
pub(super) struct Alphas {
    pub fill: f32,
    pub stroke: f32,
}

/// A link area on a page.
#[derive(Debug, Clone)]
pub(super) struct PageLink {
    /// `[x0, y0, x1, y1]` in PDF user space (points, origin bottom-left).
    pub rect: [f32; 4],
    pub dest: Destination,
}

/// Encodes a page: its background, its frame and the resources they use.
///
/// A pure function of the page, safe to call from rayon workers.
pub fn encode_page(page: &Page) -> EncodedPage {
    let size = page.frame.size();
    let mut encoder = Encoder::new(size.height);
    encoder.content.transform([1.0, 0.0, 0.0, -1.0, 0.0, pt(size.height)]);
    if let PageFill::Paint(paint) = &page.fill {
        let shape = Shape {
            geometry: Geometry::Rect(size),
            fill: Some(*paint),
            fill_rule: FillRule::NonZero,
            stroke: None,
        };
        encoder.shape(Point::zero(), &shape);
    }
    encoder.frame(&page.frame);
    encoder.finish(page.number, size, page.label.clone())
}

/// The graphics state as far as the encoder has set it; `None` is "not set yet".
#[derive(Debug, Default, Clone, PartialEq)]
pub(super) struct GraphicsState {
    pub fill: Option<Color>,
    pub stroke: Option<Color>,
    pub line_width: Option<f32>,
    pub cap: Option<LineCap>,
    pub join: Option<LineJoin>,
    pub miter_limit: Option<f32>,
    pub dash: Option<Option<(Vec<f32>, f32)>>,
    pub alphas: Option<usize>,
    pub font: Option<usize>,
    pub render_mode: Option<TextRenderingMode>,
}

/// Builds one page's content stream and collects what it uses.
pub(super) struct Encoder<'a> {
    pub content: Content,
    /// The page height, to flip link rectangles into PDF coordinates.
    height: Abs,
    /// Frame coordinates of the current group → page coordinates (top-left origin).
    transform: Transform,
    pub state: GraphicsState,
    stack: Vec<(GraphicsState, Transform)>,
    pub fonts: Vec<PageFont>,
    pub font_lookup: HashMap<FontKey, usize>,
    /// Parsed faces for measuring glyphs, parallel to `fonts`.
    pub faces: Vec<Option<ttf_parser::Face<'a>>>,
    images: Vec<Image>,
    image_lookup: HashMap<Image, usize>,
    alphas: Vec<Alphas>,
    inks: Vec<&'static Ink>,
    /// Ink → its index in `inks`, by value.
    ink_lookup: HashMap<&'static Ink, usize>,
    links: Vec<PageLink>,
    pub lang: Option<EcoString>,
}

impl<'a> Encoder<'a> {
    fn new(height: Abs) -> Self {
        Self {
            content: Content::new(),
            height,
            transform: Transform::identity(),
            state: GraphicsState::default(),
            stack: Vec::new(),
            fonts: Vec::new(),
            font_lookup: HashMap::new(),
            faces: Vec::new(),
            images: Vec::new(),
            image_lookup: HashMap::new(),
            alphas: Vec::new(),
            inks: Vec::new(),
            ink_lookup: HashMap::new(),
            links: Vec::new(),
            lang: None,
        }
    }

    fn finish(self, number: NonZeroUsize, size: Size, label: Option<EcoString>) -> EncodedPage {
        let raw = self.content.finish().into_vec();
        let mut hasher = StableHasher::new();
        hasher.write(&raw);
        EncodedPage {
            number,
            size,
            label,
            content: deflate(&raw),
            hash: hasher.finish(),
            fonts: self.fonts,
            images: self.images,
            alphas: self.alphas,
            inks: self.inks,
            links: self.links,
            lang: self.lang,
        }
    }

    /// Encodes a frame's items in drawing order.
    fn frame(&mut self, frame: &'a Frame) {
        for (pos, item) in frame.items() {
            match item {
                FrameItem::Group(group) => self.group(*pos, group),
                FrameItem::Text(text) => self.text(*pos, text),
                FrameItem::Shape(shape, _) => self.shape(*pos, shape),
                FrameItem::Image(image, size, _) => self.image(*pos, image, *size),
                FrameItem::Link(dest, size) => self.link(*pos, dest, *size),
                FrameItem::Tag(_) => {}
            }
        }
    }

    /// Saves the graphics state (`q`).
    fn save(&mut self) {
        self.content.save_state();
        self.stack.push((self.state.clone(), self.transform));
    }

    /// Restores the graphics state (`Q`).
    fn restore(&mut self) {
        self.content.restore_state();
        if let Some((state, transform)) = self.stack.pop() {
            self.state = state;
            self.transform = transform;
        }
    }

    /// A nested frame: `q`, its transform (`cm`), its clip (`W n`), its items, `Q`.
    fn group(&mut self, pos: Point, group: &'a GroupItem) {
        let local = Transform::translate(pos.x, pos.y).pre_concat(group.transform);
        self.save();
        if !local.is_identity() {
            self.content.transform(local.to_array().map(|v| v as f32));
            self.transform = self.transform.pre_concat(local);
        }
        if let Some(clip) = &group.clip {
            self.path(Point::zero(), clip);
            self.content.clip_nonzero();
            self.content.end_path();
        }
        self.frame(&group.frame);
        self.restore();
    }

    /// A filled and/or stroked shape.
    pub(super) fn shape(&mut self, pos: Point, shape: &Shape) {
        let is_line = matches!(shape.geometry, Geometry::Line(_));
        let fill = shape.fill.filter(|_| !is_line);
        let stroke = shape.stroke.as_ref().filter(|s| s.thickness.to_pt() > 0.0);
        if fill.is_none() && stroke.is_none() {
            return;
        }
        if let Some(paint) = fill {
            self.set_fill(paint);
        }
        if let Some(stroke) = stroke {
            self.set_stroke(stroke);
        }
        self.set_alphas(
            fill.map_or(1.0, |p| paint_color(p).alpha()),
            stroke.map_or(1.0, |s| paint_color(s.paint).alpha()),
        );
        match &shape.geometry {
            Geometry::Line(to) => {
                self.content.move_to(pt(pos.x), pt(pos.y));
                self.content.line_to(pt(pos.x + to.x), pt(pos.y + to.y));
            }
            Geometry::Rect(size) => {
                self.content.rect(pt(pos.x), pt(pos.y), pt(size.width), pt(size.height));
            }
            Geometry::Curve(curve) => self.path(pos, curve),
        }
        let even_odd = shape.fill_rule == FillRule::EvenOdd;
        match (fill.is_some(), stroke.is_some(), even_odd) {
            (true, true, false) => self.content.fill_nonzero_and_stroke(),
            (true, true, true) => self.content.fill_even_odd_and_stroke(),
            (true, false, false) => self.content.fill_nonzero(),
            (true, false, true) => self.content.fill_even_odd(),
            (false, _, _) => self.content.stroke(),
        };
    }

    /// Appends a curve's segments, offset by `pos`, to the current path.
    fn path(&mut self, pos: Point, curve: &Curve) {
        let at = |p: Point| (pt(pos.x + p.x), pt(pos.y + p.y));
        for item in &curve.0 {
            match *item {
                CurveItem::Move(p) => {
                    let (x, y) = at(p);
                    self.content.move_to(x, y);
                }
                CurveItem::Line(p) => {
                    let (x, y) = at(p);
                    self.content.line_to(x, y);
                }
                CurveItem::Cubic(a, b, c) => {
                    let ((x1, y1), (x2, y2), (x3, y3)) = (at(a), at(b), at(c));
                    self.content.cubic_to(x1, y1, x2, y2, x3, y3);
                }
                CurveItem::Close => {
                    self.content.close_path();
                }
            }
        }
    }

    /// An image scaled to `size` with its top-left corner at `pos`.
    fn image(&mut self, pos: Point, image: &Image, size: Size) {
        let index = match self.image_lookup.get(image) {
            Some(&index) => index,
            None => {
                let index = self.images.len();
                self.images.push(image.clone());
                self.image_lookup.insert(image.clone(), index);
                index
            }
        };
        // The unit square's bottom edge (v = 0) is the image's last row, so it goes to
        // the bottom of the area, which is `y + h` in the flipped page space.
        let (w, h) = (pt(size.width), pt(size.height));
        self.save();
        self.content.transform([w, 0.0, 0.0, -h, pt(pos.x), pt(pos.y) + h]);
        self.content.x_object(Name(format!("I{index}").as_bytes()));
        self.restore();
    }

    /// A link area: its rectangle through the current transform, as an axis-aligned box
    /// in PDF coordinates.
    fn link(&mut self, pos: Point, dest: &Destination, size: Size) {
        let corners = [
            pos,
            Point::new(pos.x + size.width, pos.y),
            Point::new(pos.x, pos.y + size.height),
            Point::new(pos.x + size.width, pos.y + size.height),
        ]
        .map(|p| p.transform(self.transform));
        let xs = corners.map(|p| p.x.to_pt());
        let ys = corners.map(|p| (self.height - p.y).to_pt());
        let min = |v: [f64; 4]| v.into_iter().fold(f64::INFINITY, f64::min) as f32;
        let max = |v: [f64; 4]| v.into_iter().fold(f64::NEG_INFINITY, f64::max) as f32;
        let rect = [min(xs), min(ys), max(xs), max(ys)];
        if rect.iter().all(|v| v.is_finite()) {
            self.links.push(PageLink { rect, dest: dest.clone() });
        }
    }

    /// Sets the fill colour (`g`, `rg`, `k`, or `cs` and `scn` for a spot ink) unless it
    /// is already set.
    pub(super) fn set_fill(&mut self, paint: Paint) {
        let color = paint_color(paint);
        if self.state.fill == Some(color) {
            return;
        }
        match color {
            Color::Luma { l, .. } => self.content.set_fill_gray(l),
            Color::Rgb { r, g, b, .. } => self.content.set_fill_rgb(r, g, b),
            Color::Cmyk { c, m, y, k } => self.content.set_fill_cmyk(c, m, y, k),
            Color::Spot(spot) => {
                let name = self.ink_name(spot.ink);
                self.content.set_fill_color_space(Name(name.as_bytes()));
                self.content.set_fill_color([spot.tint])
            }
        };
        self.state.fill = Some(color);
    }

    /// The page-local name (`/S0`, …) of a spot ink's separation colour space.
    fn ink_name(&mut self, ink: &'static Ink) -> String {
        let index = *self.ink_lookup.entry(ink).or_insert_with(|| {
            self.inks.push(ink);
            self.inks.len() - 1
        });
        format!("S{index}")
    }

    /// Sets the stroke colour and line parameters that differ from the current ones.
    pub(super) fn set_stroke(&mut self, stroke: &FixedStroke) {
        let color = paint_color(stroke.paint);
        if self.state.stroke != Some(color) {
            match color {
                Color::Luma { l, .. } => self.content.set_stroke_gray(l),
                Color::Rgb { r, g, b, .. } => self.content.set_stroke_rgb(r, g, b),
                Color::Cmyk { c, m, y, k } => self.content.set_stroke_cmyk(c, m, y, k),
                Color::Spot(spot) => {
                    let name = self.ink_name(spot.ink);
                    self.content.set_stroke_color_space(Name(name.as_bytes()));
                    self.content.set_stroke_color([spot.tint])
                }
            };
            self.state.stroke = Some(color);
        }
        let width = pt(stroke.thickness);
        if self.state.line_width != Some(width) {
            self.content.set_line_width(width);
            self.state.line_width = Some(width);
        }
        if self.state.cap != Some(stroke.cap) {
            self.content.set_line_cap(match stroke.cap {
                LineCap::Butt => LineCapStyle::ButtCap,
                LineCap::Round => LineCapStyle::RoundCap,
                LineCap::Square => LineCapStyle::ProjectingSquareCap,
            });
            self.state.cap = Some(stroke.cap);
        }
        if self.state.join != Some(stroke.join) {
            self.content.set_line_join(match stroke.join {
                LineJoin::Miter => LineJoinStyle::MiterJoin,
                LineJoin::Round => LineJoinStyle::RoundJoin,
                LineJoin::Bevel => LineJoinStyle::BevelJoin,
            });
            self.state.join = Some(stroke.join);
        }
        // PDF's miter limit is a ratio like ours, but must be at least 1.
        let miter = (stroke.miter_limit as f32).max(1.0);
        if self.state.miter_limit != Some(miter) {
            self.content.set_miter_limit(miter);
            self.state.miter_limit = Some(miter);
        }
        let dash = stroke.dash.as_ref().and_then(|dash| {
            let array: Vec<f32> = dash.array.iter().map(|&l| pt(l)).collect();
            // An all-zero array is invalid in PDF; it draws nothing, like no stroke.
            let valid =
                array.iter().all(|v| *v >= 0.0 && v.is_finite()) && array.iter().any(|v| *v > 0.0);
            valid.then(|| (array, pt(dash.phase)))
        });
        if self.state.dash.as_ref() != Some(&dash) {
            match &dash {
                Some((array, phase)) => {
                    self.content.set_dash_pattern(array.iter().copied(), *phase)
                }
                None => self.content.set_dash_pattern([], 0.0),
            };
            self.state.dash = Some(dash);
        }
    }

    /// Sets the constant alphas (`gs`) unless they are already in effect.
    pub(super) fn set_alphas(&mut self, fill: f32, stroke: f32) {
        let alphas = Alphas { fill: fill.clamp(0.0, 1.0), stroke: stroke.clamp(0.0, 1.0) };
        let current = self.state.alphas.map(|i| self.alphas[i]);
        let opaque = Alphas { fill: 1.0, stroke: 1.0 };
        if current == Some(alphas) || (current.is_none() && alphas == opaque) {
            return;
        }
        let index = match self.alphas.iter().position(|a| *a == alphas) {
            Some(index) => index,
            None => {
                self.alphas.push(alphas);
                self.alphas.len() - 1
            }
        };
        self.content.set_parameters(Name(format!("G{index}").as_bytes()));
        self.state.alphas = Some(index);
    }
}

/// The colour of a paint.
pub(super) fn paint_color(paint: Paint) -> Color {
    match paint {
        Paint::Solid(color) => color,
    }
}

/// A length in points as written to PDF.
pub(super) fn pt(length: Abs) -> f32 {
    length.to_pt() as f32
}
