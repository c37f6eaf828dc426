//! Test support shared by the PNG and SVG exporter tests: small page descriptions → laid-out
//! `Page`s, with text shaped for real (embedded Libertinus Serif, `ShapingContext`).

#![allow(dead_code)] // Each test crate uses a different part of this module.

use std::num::NonZeroUsize;
use std::sync::Arc;

use quire_shaping::{Font, FontBook, FontVariant, ShapeSettings, Shaper, ShapingContext};
use quire_stages::base::{Abs, Angle, Em, Point, Size, Span, Transform};
use quire_stages::doc::{
    Color, Curve, Destination, FixedStroke, Frame, FrameItem, Geometry, Glyph, GroupItem, Image,
    ImageFormat, Page, PageFill, Paint, Shape, TextItem,
};

/// One thing on a test page, with its position in points.
pub enum Item {
    /// A filled rectangle: width, height, colour.
    Rect(f64, f64, Color),
    /// A shape as given.
    Shape(Shape),
    /// Text in Libertinus Serif: the text and its size; the position is the baseline.
    Text(&'static str, f64),
    /// A group: its transform, an optional clip rectangle (width, height) and its items.
    Group(Transform, Option<(f64, f64)>, Vec<(f64, f64, Item)>),
    /// A PNG image stretched to width × height.
    Png(Vec<u8>, f64, f64),
    /// A link to a URL over width × height.
    Link(&'static str, f64, f64),
}

/// Builds a `width` × `height` page (in points) with `fill` and the described items.
pub fn build_page(width: f64, height: f64, fill: PageFill, items: Vec<(f64, f64, Item)>) -> Page {
    Page { frame: build_frame(width, height, items), fill, number: NonZeroUsize::MIN, label: None }
}

fn build_frame(width: f64, height: f64, items: Vec<(f64, f64, Item)>) -> Frame {
    let mut frame = Frame::new(size(width, height));
    for (x, y, item) in items {
        let pos = Point::new(Abs::pt(x), Abs::pt(y));
        let item = match item {
            Item::Rect(w, h, color) => FrameItem::Shape(
                Shape {
                    geometry: Geometry::Rect(size(w, h)),
                    fill: Some(Paint::Solid(color)),
                    fill_rule: Default::default(),
                    stroke: None,
                },
                Span::detached(),
            ),
            Item::Shape(shape) => FrameItem::Shape(shape, Span::detached()),
            Item::Text(text, size) => FrameItem::Text(shape_text(text, size)),
            Item::Group(transform, clip, items) => FrameItem::Group(GroupItem {
                frame: build_frame(width, height, items),
                transform,
                clip: clip.map(|(w, h)| Curve::rect(size(w, h))),
            }),
            Item::Png(data, w, h) => {
                let decoded = image_header(&data);
                let image =
                    Image::new(Arc::from(data), ImageFormat::Png, decoded.0, decoded.1, None);
                FrameItem::Image(image, size(w, h), Span::detached())
            }
            Item::Link(url, w, h) => FrameItem::Link(Destination::Url(url.into()), size(w, h)),
        };
        frame.push(pos, item);
    }
    frame
}

/// A size in points.
pub fn size(width: f64, height: f64) -> Size {
    Size::new(Abs::pt(width), Abs::pt(height))
}

/// A rotation by `degrees` (clockwise on the page).
pub fn rotate(degrees: f64) -> Transform {
    Transform::rotate(Angle::deg(degrees))
}

/// Embedded Libertinus Serif Regular.
pub fn serif() -> Font {
    let book = FontBook::embedded();
    let id = book.select("Libertinus Serif", FontVariant::default()).expect("embedded serif");
    book.font(id).expect("serif loads")
}

/// `text` shaped in Libertinus Serif at `size` points, black.
pub fn shape_text(text: &str, size: f64) -> TextItem {
    let font = serif();
    let glyphs = ShapingContext::new()
        .shape(text, &font, &ShapeSettings::default())
        .into_iter()
        .map(|g| Glyph {
            id: g.glyph_id,
            x_advance: Em::new(g.x_advance),
            x_offset: Em::new(g.x_offset),
            y_offset: Em::new(g.y_offset),
            range: g.cluster as u16..g.cluster as u16 + 1,
            span: (Span::detached(), 0),
        })
        .collect();
    TextItem {
        font,
        variations: Default::default(),
        size: Abs::pt(size),
        fill: Paint::Solid(Color::BLACK),
        stroke: None,
        lang: "en".into(),
        text: text.into(),
        glyphs,
    }
}

/// A stroke of `thickness` points in `color`, otherwise Typst's defaults.
pub fn stroke(thickness: f64, color: Color) -> FixedStroke {
    FixedStroke {
        paint: Paint::Solid(color),
        thickness: Abs::pt(thickness),
        ..FixedStroke::default()
    }
}

/// A PNG file of `width` × `height` pixels with the given RGBA pixels (row by row).
pub fn png_file(width: u32, height: u32, pixels: &[[u8; 4]]) -> Vec<u8> {
    let mut pixmap = tiny_skia::Pixmap::new(width, height).unwrap();
    for (px, rgba) in pixmap.pixels_mut().iter_mut().zip(pixels) {
        let [r, g, b, a] = *rgba;
        *px = tiny_skia::ColorU8::from_rgba(r, g, b, a).premultiply();
    }
    pixmap.encode_png().unwrap()
}

/// The pixel size in a PNG's header.
fn image_header(data: &[u8]) -> (u32, u32) {
    let word = |at: usize| u32::from_be_bytes(data[at..at + 4].try_into().unwrap());
    (word(16), word(20))
}
