//! Page → SVG document. Walks the page's frame tree and writes groups (`<g>` with a
//! transform and a clip path), shapes, text, images and links; what is defined once and
//! reused (glyph outlines, images, clip paths) goes into one `<defs>` block before the
//! content, with ids numbered by first use on the page (`g0`, `i0`, `c0`), so that the
//! same page always gives the same text.
//!
//! Conventions follow Typst's SVG export: sizes in `pt` with a `viewBox` in points, the
//! `xlink` namespace for references, and a transparent page unless its fill is a paint.

use std::collections::HashMap;
use std::fmt::Write;

use quire_shaping::{Font, Variation};
use quire_stages::base::Point;
use quire_stages::doc::{Destination, Frame, FrameItem, GroupItem, Image, Page, PageFill, Paint};

use super::write::{LEN, color_attrs, curve_data, escaped, num, transform_attr};
use super::{image, shape, text};

/// Renders `page` as a standalone SVG document.
///
/// The root's `width` and `height` are the page size in points and its `viewBox` spans
/// the same numbers, so one user unit is one point. Only URL links become `<a>` elements:
/// a link to a position has no target inside a single-page SVG.
pub fn render_page(page: &Page) -> String {
    let mut svg = Svg::default();
    let size = page.frame.size();
    if let PageFill::Paint(Paint::Solid(color)) = &page.fill {
        svg.body.push_str("<rect width=\"");
        num(&mut svg.body, size.width.to_pt(), LEN);
        svg.body.push_str("\" height=\"");
        num(&mut svg.body, size.height.to_pt(), LEN);
        svg.body.push('"');
        color_attrs(&mut svg.body, "fill", *color);
        svg.body.push_str("/>\n");
    }
    svg.frame(&page.frame);

    let mut out = String::with_capacity(svg.body.len() + svg.defs.len() + 256);
    let (w, h) = (size.width.to_pt(), size.height.to_pt());
    out.push_str("<svg class=\"typst-doc\" viewBox=\"0 0 ");
    num(&mut out, w, LEN);
    out.push(' ');
    num(&mut out, h, LEN);
    out.push_str("\" width=\"");
    num(&mut out, w, LEN);
    out.push_str("pt\" height=\"");
    num(&mut out, h, LEN);
    out.push_str(
        "pt\" xmlns=\"http://www.w3.org/2000/svg\" \
         xmlns:xlink=\"http://www.w3.org/1999/xlink\">\n",
    );
    if !svg.defs.is_empty() {
        out.push_str("<defs>\n");
        out.push_str(&svg.defs);
        out.push_str("</defs>\n");
    }
    out.push_str(&svg.body);
    out.push_str("</svg>\n");
    out
}

/// The key of a glyph definition: the same glyph of the same face at the same
/// coordinates has the same outline at every size.
pub(super) type GlyphKey = (Font, u16, Vec<Variation>);

/// An SVG page being written: the content and the definitions it refers to.
#[derive(Default)]
pub(super) struct Svg {
    /// The content, in drawing order.
    pub body: String,
    /// The `<defs>` children, in order of first use.
    pub defs: String,
    /// Glyphs already defined (`Some(index)` for `g{index}`) or known to have no outline.
    pub glyphs: HashMap<GlyphKey, Option<usize>>,
    /// How many glyphs are defined.
    pub glyph_count: usize,
    /// Images already defined, by their index (`i{index}`).
    pub images: HashMap<Image, usize>,
    /// How many clip paths are defined.
    pub clip_count: usize,
}

impl Svg {
    /// Writes the items of `frame` in order.
    fn frame(&mut self, frame: &Frame) {
        for (pos, item) in frame.items() {
            match item {
                FrameItem::Group(group) => self.group(*pos, group),
                FrameItem::Text(run) => text::write_text(self, *pos, run),
                FrameItem::Shape(geometry, _) => shape::write_shape(self, *pos, geometry),
                FrameItem::Image(img, size, _) => image::write_image(self, *pos, img, *size),
                FrameItem::Link(Destination::Url(url), size) => {
                    self.body.push_str("<a xlink:href=\"");
                    escaped(&mut self.body, url);
                    self.body.push_str("\"><rect x=\"");
                    num(&mut self.body, pos.x.to_pt(), LEN);
                    self.body.push_str("\" y=\"");
                    num(&mut self.body, pos.y.to_pt(), LEN);
                    self.body.push_str("\" width=\"");
                    num(&mut self.body, size.width.to_pt(), LEN);
                    self.body.push_str("\" height=\"");
                    num(&mut self.body, size.height.to_pt(), LEN);
                    self.body.push_str("\" fill=\"transparent\"/></a>\n");
                }
                FrameItem::Link(Destination::Position { .. }, _) | FrameItem::Tag(_) => {}
            }
        }
    }

    /// Writes a group as `<g>` with its position and transform, and its clip path (in the
    /// group's own coordinates, which the `transform` attribute establishes).
    fn group(&mut self, pos: Point, group: &GroupItem) {
        self.body.push_str("<g");
        transform_attr(&mut self.body, pos, group.transform);
        if let Some(clip) = &group.clip {
            let id = self.clip_count;
            self.clip_count += 1;
            let _ = write!(self.defs, "<clipPath id=\"c{id}\"><path d=\"");
            curve_data(&mut self.defs, clip, Point::zero());
            self.defs.push_str("\"/></clipPath>\n");
            let _ = write!(self.body, " clip-path=\"url(#c{id})\"");
        }
        self.body.push_str(">\n");
        self.frame(&group.frame);
        self.body.push_str("</g>\n");
    }
}
