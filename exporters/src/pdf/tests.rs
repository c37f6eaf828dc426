//! PDF export tests: small documents built from descriptions → PDF bytes, checked with
//! real readers (qpdf and poppler's tools) and by looking at the bytes.
//!
//! The tools are required: a missing one fails the test with a hint to install
//! `qpdf` and `poppler-utils`.

use std::io::Cursor;
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock};

use ecow::EcoString;
use quire_shaping::{
    Font, FontBook, FontData, FontVariant, ShapeSettings, Shaper, ShapingContext, Tag, Variation,
};
use quire_stages::base::{Abs, Angle, Em, Point, Size, Span, Transform};
use quire_stages::doc::{
    Color, Destination, DocumentDate, DocumentInfo, FillRule, FixedStroke, Frame, FrameItem,
    Geometry, Glyph, GroupItem, Image, ImageFormat, Ink, InkName, OutlineItem, Page, PageFill,
    PagedDocument, Paint, Shape, Spot, TextItem, Timestamp,
};

use super::*;

// ---------------------------------------------------------------------------------------
// Building documents.

static BOOK: LazyLock<FontBook> = LazyLock::new(FontBook::embedded);
static SHAPER: LazyLock<ShapingContext> = LazyLock::new(ShapingContext::new);

/// The size of every test page.
const PAGE: Size = Size::new(Abs::pt(200.0), Abs::pt(100.0));

fn pt(v: f64) -> Abs {
    Abs::pt(v)
}

fn at(x: f64, y: f64) -> Point {
    Point::new(pt(x), pt(y))
}

/// A text run of `text` in `family` at `size` points, shaped like layout would.
fn shaped(text: &str, family: &str, size: f64) -> TextItem {
    let id = BOOK.select(family, FontVariant::default()).expect("embedded family");
    let font = BOOK.font(id).expect("embedded font loads");
    shaped_in(text, font, &[], size)
}

/// A text run of `text` in `font` at the variation coordinates `variations`.
fn shaped_in(text: &str, font: Font, variations: &[Variation], size: f64) -> TextItem {
    let settings = ShapeSettings {
        language: Some("en".into()),
        variations: variations.to_vec(),
        ..ShapeSettings::default()
    };
    let shaped = SHAPER.shape(text, &font, &settings);
    let glyphs = shaped
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let end = shaped.get(i + 1).map_or(text.len(), |next| next.cluster);
            Glyph {
                id: g.glyph_id,
                x_advance: Em::new(g.x_advance),
                x_offset: Em::new(g.x_offset),
                y_offset: Em::new(g.y_offset),
                range: g.cluster as u16..end as u16,
                span: (Span::detached(), 0),
            }
        })
        .collect();
    TextItem {
        font,
        variations: variations.iter().copied().collect(),
        size: pt(size),
        fill: Paint::Solid(Color::BLACK),
        stroke: None,
        lang: "en".into(),
        text: text.into(),
        glyphs,
    }
}

/// A rectangle filled with `color`.
fn rect(size: Size, color: Color) -> FrameItem {
    let shape = Shape {
        geometry: Geometry::Rect(size),
        fill: Some(Paint::Solid(color)),
        fill_rule: FillRule::NonZero,
        stroke: None,
    };
    FrameItem::Shape(shape, Span::detached())
}

/// A spot ink with an sRGB fallback.
static PANTONE: LazyLock<Ink> = LazyLock::new(|| Ink {
    name: InkName::Custom("PANTONE 2221 C".into()),
    fallback: Color::rgb8(0x23, 0x9d, 0xad),
});

/// The ink of every plate, with a grey fallback.
static ALL: LazyLock<Ink> =
    LazyLock::new(|| Ink { name: InkName::All, fallback: Color::Luma { l: 0.2, a: 1.0 } });

/// `ink` at `tint`, previewed as its fallback lightened toward white.
fn spot(ink: &'static Ink, tint: f32) -> Color {
    let [r, g, b, _] = ink.fallback.to_rgba();
    let preview = [r, g, b, 1.0].map(|v| ((1.0 - tint * (1.0 - v)) * 255.0).round() as u8);
    Color::Spot(Spot { ink, tint, preview })
}

/// A page of the test size holding `items`.
fn page(number: usize, items: Vec<(Point, FrameItem)>) -> Page {
    let mut frame = Frame::new(PAGE);
    for (pos, item) in items {
        frame.push(pos, item);
    }
    Page { frame, fill: PageFill::Auto, number: NonZeroUsize::new(number).unwrap(), label: None }
}

/// A document of pages, without metadata.
fn document(pages: Vec<Page>) -> PagedDocument {
    PagedDocument { pages, ..Default::default() }
}

/// One page with one line of text at (10, 50).
fn page_with_text(text: &str, family: &str, size: f64) -> PagedDocument {
    document(vec![page(1, vec![(at(10.0, 50.0), FrameItem::Text(shaped(text, family, size)))])])
}

/// Exports with default options, failing the test on error.
fn pdf(doc: &PagedDocument) -> Vec<u8> {
    export(doc, &PdfOptions::default()).expect("export succeeds")
}

/// A PNG of `w`×`h` pixels: the left half opaque blue, the right half transparent.
fn png_with_alpha(w: u32, h: u32) -> Image {
    let image = ::image::RgbaImage::from_fn(w, h, |x, _| {
        if x < w / 2 { ::image::Rgba([0, 0, 255, 255]) } else { ::image::Rgba([255, 0, 0, 0]) }
    });
    let mut bytes = Vec::new();
    image.write_to(&mut Cursor::new(&mut bytes), ::image::ImageFormat::Png).unwrap();
    Image::new(Arc::from(bytes), ImageFormat::Png, w, h, None)
}

/// A solid green JPEG of `w`×`h` pixels.
fn green_jpeg(w: u32, h: u32) -> Image {
    let image = ::image::RgbImage::from_pixel(w, h, ::image::Rgb([0, 200, 0]));
    let mut bytes = Vec::new();
    image.write_to(&mut Cursor::new(&mut bytes), ::image::ImageFormat::Jpeg).unwrap();
    Image::new(Arc::from(bytes), ImageFormat::Jpg, w, h, None)
}

/// A document that uses every feature once, on three pages.
fn rich_document() -> PagedDocument {
    let mut stroked = shaped("Outlined", "Libertinus Serif", 20.0);
    stroked.stroke = Some(FixedStroke { thickness: pt(0.5), ..FixedStroke::default() });
    stroked.fill = Paint::Solid(Color::Rgb { r: 0.0, g: 0.5, b: 0.0, a: 0.5 });
    let dashed = Shape {
        geometry: Geometry::Line(at(100.0, 0.0)),
        fill: None,
        fill_rule: FillRule::NonZero,
        stroke: Some(FixedStroke {
            paint: Paint::Solid(Color::Cmyk { c: 0.1, m: 0.2, y: 0.3, k: 0.4 }),
            dash: Some(quire_stages::doc::DashPattern {
                array: vec![pt(2.0), pt(1.0)],
                phase: pt(0.0),
            }),
            ..FixedStroke::default()
        }),
    };
    let mut inner = Frame::new(Size::new(pt(50.0), pt(50.0)));
    inner.push(at(0.0, 0.0), rect(Size::new(pt(20.0), pt(20.0)), Color::Luma { l: 0.5, a: 0.3 }));
    inner.push(
        at(0.0, 0.0),
        FrameItem::Link(
            Destination::Url("https://example.com/".into()),
            Size::new(pt(20.0), pt(20.0)),
        ),
    );
    let group = GroupItem {
        frame: inner,
        transform: Transform::rotate(Angle::deg(30.0)),
        clip: Some(quire_stages::doc::Curve::rect(Size::new(pt(15.0), pt(15.0)))),
    };
    let mut first = page(
        1,
        vec![
            (at(10.0, 30.0), FrameItem::Text(shaped("Hello, World!", "Libertinus Serif", 12.0))),
            (at(10.0, 60.0), FrameItem::Text(stroked)),
            (at(10.0, 80.0), FrameItem::Shape(dashed, Span::detached())),
            (at(120.0, 10.0), FrameItem::Group(group)),
            (
                at(150.0, 60.0),
                FrameItem::Image(
                    png_with_alpha(8, 8),
                    Size::new(pt(20.0), pt(20.0)),
                    Span::detached(),
                ),
            ),
            (
                at(175.0, 60.0),
                FrameItem::Image(green_jpeg(8, 8), Size::new(pt(20.0), pt(20.0)), Span::detached()),
            ),
        ],
    );
    first.fill = PageFill::Paint(Paint::Solid(Color::rgb8(255, 255, 240)));
    first.label = Some("i".into());
    let mut second = page(
        2,
        vec![
            (at(10.0, 30.0), FrameItem::Text(shaped("fn main() {}", "DejaVu Sans Mono", 10.0))),
            (at(100.0, 60.0), rect(Size::new(pt(20.0), pt(20.0)), spot(&PANTONE, 0.7))),
            (
                at(150.0, 60.0),
                FrameItem::Image(
                    png_with_alpha(8, 8),
                    Size::new(pt(10.0), pt(10.0)),
                    Span::detached(),
                ),
            ),
            (
                at(10.0, 50.0),
                FrameItem::Link(
                    Destination::Position {
                        page: NonZeroUsize::new(1).unwrap(),
                        point: at(0.0, 30.0),
                    },
                    Size::new(pt(40.0), pt(12.0)),
                ),
            ),
        ],
    );
    second.label = Some("1".into());
    let mut third = page(
        3,
        vec![(at(10.0, 30.0), FrameItem::Text(shaped("The end", "Libertinus Serif", 12.0)))],
    );
    third.label = Some("2".into());

    let heading = |title: &str, level: usize, page: usize| OutlineItem {
        title: title.into(),
        level: NonZeroUsize::new(level).unwrap(),
        page,
        y: pt(20.0),
    };
    PagedDocument {
        pages: vec![first, second, third],
        info: DocumentInfo {
            title: Some("A Rich Test".into()),
            author: vec!["Ada Lovelace".into(), "Charles Babbage".into()],
            description: Some("Every feature once".into()),
            keywords: vec!["pdf".into(), "quire".into()],
            date: DocumentDate::None,
        },
        outline: vec![
            heading("Chapter 1", 1, 0),
            heading("Section 1.1", 2, 1),
            heading("Section 1.2", 2, 1),
            heading("Chapter 2", 1, 2),
        ],
    }
}

// ---------------------------------------------------------------------------------------
// Running the tools.

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// A scratch directory holding one PDF for tools to read; removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    /// Writes `pdf` into a fresh directory.
    fn new(pdf: &[u8]) -> Self {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("quire-pdf-test-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("test.pdf"), pdf).unwrap();
        Self(dir)
    }

    /// The PDF file.
    fn pdf(&self) -> PathBuf {
        self.0.join("test.pdf")
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// What to do when a tool is missing.
const INSTALL: &str = "install qpdf and poppler-utils (apt-get install -y qpdf poppler-utils)";

/// Runs a tool, failing the test when it is missing; returns its status and output.
fn run(tool: &str, args: &[&str], file: &Path) -> (bool, String) {
    let output = Command::new(tool)
        .args(args)
        .arg(file)
        .output()
        .unwrap_or_else(|e| panic!("could not run `{tool}` ({e}): {INSTALL}"));
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    (output.status.success(), text)
}

/// Runs a tool that must succeed and returns its standard output.
fn tool(tool: &str, args: &[&str], pdf: &[u8]) -> String {
    let (ok, text) = run(tool, args, &Scratch::new(pdf).pdf());
    assert!(ok, "`{tool}` failed:\n{text}");
    text
}

/// The text poppler extracts, with surrounding whitespace trimmed.
fn extracted_text(pdf: &[u8]) -> String {
    let scratch = Scratch::new(pdf);
    let output = Command::new("pdftotext")
        .arg(scratch.pdf())
        .arg("-")
        .output()
        .unwrap_or_else(|e| panic!("could not run `pdftotext` ({e}): {INSTALL}"));
    assert!(output.status.success(), "pdftotext failed");
    String::from_utf8_lossy(&output.stdout).trim().to_string()
}

/// Renders page 1 at 72 dpi (one pixel per point) with poppler.
fn render(pdf: &[u8]) -> ::image::RgbImage {
    let scratch = Scratch::new(pdf);
    let prefix = scratch.0.join("page");
    let status = Command::new("pdftoppm")
        .args(["-png", "-r", "72", "-singlefile"])
        .arg(scratch.pdf())
        .arg(&prefix)
        .status()
        .unwrap_or_else(|e| panic!("could not run `pdftoppm` ({e}): {INSTALL}"));
    assert!(status.success(), "pdftoppm failed");
    ::image::open(prefix.with_extension("png")).expect("pdftoppm wrote a png").to_rgb8()
}

/// Asserts that a pixel is within a small distance of a colour.
fn assert_pixel(image: &::image::RgbImage, x: u32, y: u32, expected: [u8; 3]) {
    let actual = image.get_pixel(x, y).0;
    let close = actual.iter().zip(expected).all(|(&a, e)| a.abs_diff(e) <= 12);
    assert!(close, "pixel ({x}, {y}) is {actual:?}, expected about {expected:?}");
}

/// The body of every indirect object `N 0 obj … endobj`, as lossy text.
fn objects(pdf: &[u8]) -> Vec<(i32, String)> {
    let text = String::from_utf8_lossy(pdf);
    let mut out = Vec::new();
    for part in text.split("endobj").filter(|p| p.contains(" 0 obj")) {
        let (head, body) = part.split_once(" 0 obj").unwrap();
        if let Some(Ok(id)) = head.split_whitespace().last().map(str::parse::<i32>) {
            out.push((id, body.to_string()));
        }
    }
    out
}

/// The body of the object whose dictionary contains `needle`.
fn object_with<'a>(objects: &'a [(i32, String)], needle: &str) -> &'a (i32, String) {
    objects
        .iter()
        .find(|(_, body)| body.contains(needle))
        .unwrap_or_else(|| panic!("no object contains {needle}"))
}

// ---------------------------------------------------------------------------------------
// Tests.

#[test]
fn qpdf_accepts_every_feature() {
    let bytes = pdf(&rich_document());
    assert!(bytes.starts_with(b"%PDF-1.7"));
    let report = tool("qpdf", &["--check"], &bytes);
    assert!(report.contains("No syntax or stream encoding errors found"), "{report}");
    // Poppler parses it without complaints too.
    let scratch = Scratch::new(&bytes);
    let prefix = scratch.0.join("page");
    let (ok, text) =
        run("pdftoppm", &["-r", "10", "-png", &scratch.pdf().to_string_lossy()], &prefix);
    assert!(ok && !text.contains("Error"), "{text}");
}

#[test]
fn text_is_extracted_exactly() {
    let bytes = pdf(&page_with_text("Hello, World!", "Libertinus Serif", 12.0));
    assert_eq!(extracted_text(&bytes), "Hello, World!");
    let bytes = pdf(&page_with_text("let x = 42;", "DejaVu Sans Mono", 10.0));
    assert_eq!(extracted_text(&bytes), "let x = 42;");
}

#[test]
fn ligatures_extract_as_their_letters() {
    let item = shaped("fine office", "Libertinus Serif", 12.0);
    assert!(item.glyphs.len() < "fine office".len(), "the font should form ligatures");
    let bytes = pdf(&page_with_text("fine office", "Libertinus Serif", 12.0));
    assert_eq!(extracted_text(&bytes), "fine office");
}

#[test]
fn glyph_shared_by_two_texts_extracts_as_each() {
    // The soft hyphen is drawn with the space glyph; the space before it claims the
    // glyph's ToUnicode entry, so the hyphen needs `/ActualText`.
    let text = "ab cd\u{AD}ef";
    let item = shaped(text, "Libertinus Serif", 12.0);
    let ids: Vec<u16> = item.glyphs.iter().map(|g| g.id).collect();
    assert_eq!(ids[2], ids[5], "space and soft hyphen should share a glyph: {ids:?}");
    let bytes = pdf(&page_with_text(text, "Libertinus Serif", 12.0));
    assert_eq!(extracted_text(&bytes), text);
}

#[test]
fn notdef_extracts_only_where_its_text_differs_from_the_first() {
    // No embedded font has these characters: all are `.notdef`, which has no ToUnicode
    // entry. The first text it stood for extracts as nothing, other texts as themselves.
    let text = "a\u{1F382}b\u{1F382}c\u{1F422}d";
    let item = shaped(text, "Libertinus Serif", 12.0);
    assert!(item.glyphs.iter().filter(|g| g.id == 0).count() == 3, "expected three .notdef");
    let bytes = pdf(&page_with_text(text, "Libertinus Serif", 12.0));
    // Poppler may show the gaps the tofu boxes leave as spaces.
    let extracted: String = extracted_text(&bytes).split_whitespace().collect();
    assert_eq!(extracted, "abc\u{1F422}d");
}

#[test]
fn fonts_are_embedded_subsets_of_both_flavours() {
    let doc = rich_document();
    let listing = tool("pdffonts", &[], &pdf(&doc));
    let rows: Vec<&str> = listing.lines().skip(2).collect();
    assert_eq!(rows.len(), 2, "{listing}");
    let libertinus = rows.iter().find(|r| r.contains("LibertinusSerif")).expect(&listing);
    let dejavu = rows.iter().find(|r| r.contains("DejaVuSansMono")).expect(&listing);
    assert!(libertinus.contains("CID Type 0C"), "{listing}");
    assert!(dejavu.contains("CID TrueType"), "{listing}");
    for row in [libertinus, dejavu] {
        let name = row.split_whitespace().next().unwrap();
        let (tag, _) = name.split_once('+').expect("subset tag");
        assert!(tag.len() == 6 && tag.chars().all(|c| c.is_ascii_uppercase()), "{name}");
        assert!(row.contains("Identity-H"), "{row}");
        assert!(row.contains("yes yes yes"), "emb sub uni: {row}");
    }
}

#[test]
fn red_rect_renders_red() {
    let doc = document(vec![page(
        1,
        vec![(at(20.0, 20.0), rect(Size::new(pt(50.0), pt(30.0)), Color::rgb8(255, 0, 0)))],
    )]);
    let image = render(&pdf(&doc));
    assert_eq!(image.dimensions(), (200, 100));
    assert_pixel(&image, 45, 35, [255, 0, 0]);
    assert_pixel(&image, 10, 10, [255, 255, 255]);
    // The rectangle is 20pt from the top, not from the bottom.
    assert_pixel(&image, 45, 75, [255, 255, 255]);
}

#[test]
fn spot_inks_paint_through_separations() {
    let pantone = rect(Size::new(pt(50.0), pt(50.0)), spot(&PANTONE, 0.7));
    let outlined = Shape {
        geometry: Geometry::Rect(Size::new(pt(40.0), pt(40.0))),
        fill: None,
        fill_rule: FillRule::NonZero,
        stroke: Some(FixedStroke {
            paint: Paint::Solid(spot(&ALL, 1.0)),
            thickness: pt(4.0),
            ..FixedStroke::default()
        }),
    };
    let doc = document(vec![
        page(
            1,
            vec![
                (at(0.0, 0.0), pantone.clone()),
                (at(120.0, 20.0), FrameItem::Shape(outlined, Span::detached())),
            ],
        ),
        page(2, vec![(at(0.0, 0.0), pantone)]),
    ]);
    let bytes = pdf(&doc);
    let report = tool("qpdf", &["--check"], &bytes);
    assert!(report.contains("No syntax or stream encoding errors found"), "{report}");

    // One colour space per ink, shared by the pages that use it.
    let objects = objects(&bytes);
    let separations = objects.iter().filter(|(_, body)| body.contains("/Separation")).count();
    assert_eq!(separations, 2);
    let (_, pantone) = object_with(&objects, "/Separation /PANTONE#202221#20C /DeviceRGB");
    assert!(pantone.contains("/FunctionType 2") && pantone.contains("/C1"), "{pantone}");
    object_with(&objects, "/Separation /All /DeviceGray");

    // The content stream selects the colour space and paints at the tint.
    let encoded = encode_page(&doc.pages[0]);
    let mut content = String::new();
    std::io::Read::read_to_string(
        &mut flate2::read::ZlibDecoder::new(encoded.content.as_slice()),
        &mut content,
    )
    .unwrap();
    assert!(content.contains("/S0 cs\n0.7 scn"), "fill: {content}");
    assert!(content.contains("/S1 CS\n1 SCN"), "stroke: {content}");

    // Readers without the ink paint the fallback at the tint.
    let image = render(&bytes);
    assert_pixel(&image, 25, 25, [0x65, 0xba, 0xc6]);
    assert_pixel(&image, 121, 40, [51, 51, 51]);
}

#[test]
fn page_fill_and_transparency_render() {
    let mut p = page(
        1,
        vec![(
            at(0.0, 0.0),
            rect(Size::new(pt(100.0), pt(100.0)), Color::Rgb { r: 0.0, g: 0.0, b: 1.0, a: 0.5 }),
        )],
    );
    p.fill = PageFill::Paint(Paint::Solid(Color::rgb8(255, 0, 0)));
    let image = render(&pdf(&document(vec![p])));
    // Half-transparent blue over red, and plain red beside it.
    assert_pixel(&image, 50, 50, [128, 0, 128]);
    assert_pixel(&image, 150, 50, [255, 0, 0]);
}

#[test]
fn images_embed_and_render() {
    let doc = document(vec![page(
        1,
        vec![
            (
                at(0.0, 0.0),
                FrameItem::Image(
                    png_with_alpha(8, 8),
                    Size::new(pt(80.0), pt(80.0)),
                    Span::detached(),
                ),
            ),
            (
                at(100.0, 0.0),
                FrameItem::Image(green_jpeg(8, 8), Size::new(pt(80.0), pt(80.0)), Span::detached()),
            ),
            (
                at(100.0, 85.0),
                FrameItem::Image(green_jpeg(8, 8), Size::new(pt(10.0), pt(10.0)), Span::detached()),
            ),
        ],
    )]);
    let bytes = pdf(&doc);
    let text = String::from_utf8_lossy(&bytes);
    assert!(text.contains("/DCTDecode") && text.contains("/SMask"));
    // The same JPEG twice is one object.
    assert_eq!(text.matches("/DCTDecode").count(), 1);
    let image = render(&bytes);
    assert_pixel(&image, 20, 40, [0, 0, 255]);
    assert_pixel(&image, 60, 40, [255, 255, 255]);
    assert_pixel(&image, 140, 40, [0, 200, 0]);
    assert_pixel(&image, 105, 90, [0, 200, 0]);
}

#[test]
fn links_become_annotations() {
    let mut inner = Frame::new(Size::new(pt(50.0), pt(50.0)));
    inner.push(
        at(5.0, 15.0),
        FrameItem::Link(
            Destination::Url("https://typst.app/docs".into()),
            Size::new(pt(30.0), pt(10.0)),
        ),
    );
    let group = GroupItem { frame: inner, transform: Transform::identity(), clip: None };
    let target =
        Destination::Position { page: NonZeroUsize::new(2).unwrap(), point: at(0.0, 40.0) };
    let doc = document(vec![
        page(
            1,
            vec![
                (at(10.0, 5.0), FrameItem::Group(group)),
                (at(0.0, 0.0), FrameItem::Link(target, Size::new(pt(10.0), pt(10.0)))),
            ],
        ),
        page(2, vec![]),
    ]);
    let bytes = pdf(&doc);
    let objects = objects(&bytes);
    let (_, uri) = object_with(&objects, "/URI");
    assert!(uri.contains("/URI (https://typst.app/docs)"), "{uri}");
    // (10 + 5, 5 + 15) to (45, 30) in frame coordinates; y flipped on a 100pt page.
    assert!(uri.contains("/Rect [15 70 45 80]"), "{uri}");
    let (_, internal) = object_with(&objects, "/Dest");
    let (page2, _) = objects
        .iter()
        .filter(|(_, b)| b.contains("/Type /Page\n") || b.contains("/Type /Page "))
        .nth(1)
        .expect("two pages");
    assert!(internal.contains(&format!("/Dest [{page2} 0 R /XYZ 0 60 ")), "{internal}");
    let report = tool("qpdf", &["--check"], &bytes);
    assert!(report.contains("No syntax or stream encoding errors found"), "{report}");
}

#[test]
fn outline_nests_by_level() {
    let bytes = pdf(&rich_document());
    let objects = objects(&bytes);
    let (root, root_body) = object_with(&objects, "/Type /Outlines");
    assert!(root_body.contains("/Count 4"), "{root_body}");
    let (chapter, chapter_body) = object_with(&objects, "/Title (Chapter 1)");
    let (_, section_body) = object_with(&objects, "/Title (Section 1.1)");
    let (_, second_body) = object_with(&objects, "/Title (Chapter 2)");
    assert!(chapter_body.contains(&format!("/Parent {root} 0 R")), "{chapter_body}");
    assert!(chapter_body.contains("/Count 2"), "{chapter_body}");
    assert!(section_body.contains(&format!("/Parent {chapter} 0 R")), "{section_body}");
    assert!(second_body.contains(&format!("/Prev {chapter} 0 R")), "{second_body}");
    assert!(second_body.contains("/Dest ["), "{second_body}");
    let catalog = &object_with(&objects, "/Type /Catalog").1;
    assert!(catalog.contains(&format!("/Outlines {root} 0 R")), "{catalog}");
}

#[test]
fn metadata_is_written() {
    let mut doc = rich_document();
    doc.info.date = DocumentDate::Set(Timestamp {
        year: 2024,
        month: 5,
        day: 17,
        hour: 9,
        minute: 30,
        second: 0,
    });
    let info = tool("pdfinfo", &[], &pdf(&doc));
    for expected in [
        "Title:           A Rich Test",
        "Subject:         Every feature once",
        "Keywords:        pdf, quire",
        "Author:          Ada Lovelace, Charles Babbage",
        "Pages:           3",
        "PDF version:     1.7",
        "Page size:       200 x 100 pts",
    ] {
        assert!(info.contains(expected), "missing {expected:?} in\n{info}");
    }
    assert!(info.contains("CreationDate:") && info.contains("2024"), "{info}");

    let bytes = pdf(&doc);
    let objects = objects(&bytes);
    let catalog = &object_with(&objects, "/Type /Catalog").1;
    assert!(catalog.contains("/Lang (en)"), "{catalog}");
    assert!(catalog.contains("/PageLabels"), "{catalog}");
    let text = String::from_utf8_lossy(&bytes);
    assert!(text.contains("/S /r") && text.contains("/S /D"), "page label styles");
    assert!(text.contains("/ID ["), "file identifier");
}

#[test]
fn dates_come_from_options_when_the_document_has_none() {
    let doc = page_with_text("x", "Libertinus Serif", 12.0);
    let without = String::from_utf8_lossy(&pdf(&doc)).into_owned();
    assert!(!without.contains("/CreationDate"));
    let options = PdfOptions {
        timestamp: Some(Timestamp { year: 2020, month: 1, day: 2, hour: 3, minute: 4, second: 5 }),
    };
    let with = export(&doc, &options).unwrap();
    assert!(String::from_utf8_lossy(&with).contains("/CreationDate (D:20200102030405Z)"));

    // `set document(date: none)` keeps the creation time out.
    let mut undated = doc.clone();
    undated.info.date = DocumentDate::None;
    let none = export(&undated, &options).unwrap();
    assert!(!String::from_utf8_lossy(&none).contains("/CreationDate"));
}

/// Pages whose fonts and images are first used in different orders.
fn many_pages() -> PagedDocument {
    let pages = (1..=12)
        .map(|n| {
            let (a, b) = if n % 2 == 0 {
                ("Libertinus Serif", "DejaVu Sans Mono")
            } else {
                ("DejaVu Sans Mono", "Libertinus Serif")
            };
            let mut items = vec![
                (at(10.0, 20.0), FrameItem::Text(shaped(&format!("Page {n} of twelve"), a, 11.0))),
                (
                    at(10.0, 40.0),
                    FrameItem::Text(shaped(&"abcdefghijklmnopqrstuvwxyz"[n..n + 5], b, 9.0)),
                ),
            ];
            if n % 3 == 0 {
                items.push((
                    at(100.0, 50.0),
                    FrameItem::Image(
                        green_jpeg(4, 4),
                        Size::new(pt(8.0), pt(8.0)),
                        Span::detached(),
                    ),
                ));
            }
            if n % 4 == 0 {
                items.push((
                    at(120.0, 50.0),
                    FrameItem::Image(
                        png_with_alpha(4, 4),
                        Size::new(pt(8.0), pt(8.0)),
                        Span::detached(),
                    ),
                ));
            }
            let mut p = page(n, items);
            p.label = Some(EcoString::from(format!("{n}")));
            p
        })
        .collect();
    PagedDocument { pages, ..rich_document() }
}

#[test]
fn output_is_identical_for_any_thread_count_and_order() {
    let doc = many_pages();
    let with_threads = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        pool.install(|| export(&doc, &PdfOptions::default()).unwrap())
    };
    let one = with_threads(1);
    let four = with_threads(4);
    assert!(one == four, "1 and 4 threads differ");

    // Pages encoded out of order and handed over in reverse.
    let mut encoded: Vec<EncodedPage> = doc.pages.iter().rev().map(encode_page).collect();
    encoded.swap(0, 5);
    let mut exporter = PdfExporter::new(PdfOptions::default());
    for page in encoded {
        exporter.add_encoded(page);
    }
    assert_eq!(exporter.page_count(), 12);
    let streamed = exporter.finish(&doc.info, &doc.outline).unwrap();
    assert!(streamed == one, "arrival order changed the output");

    let mut exporter = PdfExporter::new(PdfOptions::default());
    for page in doc.pages.iter().rev() {
        exporter.add_page(page);
    }
    assert!(exporter.finish(&doc.info, &doc.outline).unwrap() == one);
    assert_eq!(extracted_text(&one).lines().next(), Some("Page 1 of twelve"));
}

#[test]
fn duplicate_pages_are_an_error() {
    let mut exporter = PdfExporter::new(PdfOptions::default());
    exporter.add_page(&page(1, vec![]));
    exporter.add_page(&page(1, vec![]));
    let error = exporter.finish(&DocumentInfo::default(), &[]).unwrap_err();
    assert_eq!(error, PdfError::DuplicatePage { number: 1 });
}

#[test]
fn empty_documents_are_valid() {
    let bytes = pdf(&document(vec![]));
    let report = tool("qpdf", &["--check"], &bytes);
    assert!(report.contains("No syntax or stream encoding errors found"), "{report}");
}

#[test]
fn variable_fonts_are_instanced_per_coordinates() {
    let font = Font::new(FontData::Static(font_test_data::VAZIRMATN_VAR), 0).unwrap();
    let regular = shaped_in("A", font.clone(), &[], 60.0);
    let heavy = shaped_in("A", font, &[Variation::new(Tag::WGHT, 900.0)], 60.0);
    assert!(heavy.glyphs[0].x_advance.get() > regular.glyphs[0].x_advance.get());
    let doc = document(vec![page(
        1,
        vec![(at(10.0, 70.0), FrameItem::Text(regular)), (at(110.0, 70.0), FrameItem::Text(heavy))],
    )]);
    let bytes = pdf(&doc);
    let report = tool("qpdf", &["--check"], &bytes);
    assert!(report.contains("No syntax or stream encoding errors found"), "{report}");

    // Two font resources, both embedded TrueType subsets.
    let listing = tool("pdffonts", &[], &bytes);
    let rows: Vec<&str> = listing.lines().skip(2).collect();
    assert_eq!(rows.len(), 2, "{listing}");
    assert!(
        rows.iter().all(|r| r.contains("CID TrueType") && r.contains("yes yes yes")),
        "{listing}"
    );

    // The heavy instance is wider in `/W` and darker when rendered.
    let objects = objects(&bytes);
    let widths: Vec<f64> = objects
        .iter()
        .filter_map(|(_, body)| body.split("/W [").nth(1))
        .map(|w| w.split(['[', ']']).nth(1).unwrap().trim().parse().unwrap())
        .collect();
    assert!(widths.len() == 2 && widths[1] > widths[0], "{widths:?}");
    let image = render(&bytes);
    let ink = |x0: u32| {
        (x0..x0 + 90)
            .flat_map(|x| (0..100).map(move |y| (x, y)))
            .filter(|&(x, y)| image.get_pixel(x, y).0[0] < 128)
            .count()
    };
    let (light, dark) = (ink(0), ink(100));
    assert!(light > 50 && dark > light * 3 / 2, "ink: {light} vs {dark}");
}
