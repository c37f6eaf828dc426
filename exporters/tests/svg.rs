//! SVG export tests: pages built from small descriptions, rendered, and parsed back with a
//! real XML parser (roxmltree) to check the elements and attributes.

mod raster_support;

use base64::Engine;
use quire_exporters::svg::render_page;
use quire_stages::base::{Abs, Point, Transform};
use quire_stages::doc::{
    Color, DashPattern, FillRule, Geometry, LineCap, LineJoin, Page, PageFill, Paint, Shape,
};
use raster_support::{Item, build_page, png_file, rotate, stroke};
use roxmltree::{Document, Node};

const SVG_NS: &str = "http://www.w3.org/2000/svg";
const XLINK_NS: &str = "http://www.w3.org/1999/xlink";
const RED: Color = Color::Rgb { r: 1.0, g: 0.0, b: 0.0, a: 1.0 };

/// Renders `page`, checks that it renders the same a second time, parses it and hands the
/// document to `check`.
fn check(page: &Page, check: impl FnOnce(&Document)) {
    let svg = render_page(page);
    assert_eq!(svg, render_page(page), "rendering is deterministic");
    let doc = Document::parse(&svg).unwrap_or_else(|err| panic!("invalid XML ({err}):\n{svg}"));
    assert!(doc.root_element().has_tag_name((SVG_NS, "svg")));
    check(&doc);
}

/// The elements named `name` in document order.
fn elements<'a>(doc: &'a Document, name: &str) -> Vec<Node<'a, 'a>> {
    doc.descendants().filter(|n| n.has_tag_name((SVG_NS, name))).collect()
}

/// The `xlink:href` of an element.
fn href<'a>(node: Node<'a, 'a>) -> &'a str {
    node.attribute((XLINK_NS, "href")).expect("xlink:href")
}

#[test]
fn root_has_the_page_size() {
    let page = build_page(100.0, 50.5, PageFill::Auto, vec![]);
    check(&page, |doc| {
        let root = doc.root_element();
        assert_eq!(root.attribute("width"), Some("100pt"));
        assert_eq!(root.attribute("height"), Some("50.5pt"));
        assert_eq!(root.attribute("viewBox"), Some("0 0 100 50.5"));
        // An automatic page fill is transparent in SVG, and nothing needs defining.
        assert!(elements(doc, "rect").is_empty() && elements(doc, "defs").is_empty());
    });
    let blue = Paint::Solid(Color::Rgb { r: 0.0, g: 0.0, b: 1.0, a: 0.5 });
    check(&build_page(10.0, 10.0, PageFill::Paint(blue), vec![]), |doc| {
        let rect = elements(doc, "rect")[0];
        assert_eq!(rect.attribute("width"), Some("10"));
        assert_eq!(rect.attribute("fill"), Some("#0000ff"));
        assert_eq!(rect.attribute("fill-opacity"), Some("0.502"));
    });
}

#[test]
fn glyphs_are_defined_once_and_used_per_glyph() {
    let page =
        build_page(120.0, 40.0, PageFill::Auto, vec![(10.0, 30.0, Item::Text("Hello", 20.0))]);
    check(&page, |doc| {
        let defs = elements(doc, "defs");
        assert_eq!(defs.len(), 1);
        let glyphs: Vec<_> =
            defs[0].children().filter(|n| n.has_tag_name((SVG_NS, "path"))).collect();
        let uses = elements(doc, "use");
        assert_eq!((glyphs.len(), uses.len()), (4, 5), "H, e, l, o defined; H e l l o used");
        let ids: Vec<_> = glyphs.iter().map(|g| g.attribute("id").unwrap()).collect();
        assert_eq!(ids, ["g0", "g1", "g2", "g3"]);
        let used: Vec<_> = uses.iter().map(|u| href(*u)).collect();
        assert_eq!(used, ["#g0", "#g1", "#g2", "#g2", "#g3"]);
        assert!(glyphs.iter().all(|g| g.attribute("d").unwrap().starts_with("M ")));
        // The run's group scales font units (1000 per em) to 20pt, flips y, and places the
        // baseline; pens advance in font units.
        let run = uses[0].parent().unwrap();
        assert_eq!(run.attribute("transform"), Some("matrix(0.02 0 0 -0.02 10 30)"));
        assert_eq!(run.attribute("fill"), Some("#000000"));
        assert_eq!(uses[0].attribute("x"), Some("0"));
        let advance: f64 = uses[1].attribute("x").unwrap().parse().unwrap();
        assert!((600.0..800.0).contains(&advance), "H advances {advance} units");
    });
    // The same glyphs at another size reuse the definitions.
    let page = build_page(
        120.0,
        80.0,
        PageFill::Auto,
        vec![(10.0, 30.0, Item::Text("Hello", 20.0)), (10.0, 60.0, Item::Text("hole", 10.0))],
    );
    check(&page, |doc| {
        let defs = elements(doc, "defs")[0];
        assert_eq!(defs.children().filter(|n| n.has_tag_name((SVG_NS, "path"))).count(), 5);
        assert_eq!(elements(doc, "use").len(), 9);
    });
    // A space has no outline and no use.
    check(
        &build_page(60.0, 20.0, PageFill::Auto, vec![(0.0, 15.0, Item::Text("l l", 10.0))]),
        |doc| {
            assert_eq!(elements(doc, "use").len(), 2);
        },
    );
}

#[test]
fn shapes_carry_their_paint() {
    let mut dashed = stroke(2.0, Color::rgb8(0, 0, 255));
    dashed.cap = LineCap::Round;
    dashed.join = LineJoin::Bevel;
    dashed.miter_limit = 10;
    dashed.dash =
        Some(DashPattern { array: vec![Abs::pt(3.0), Abs::pt(1.5)], phase: Abs::pt(1.0) });
    let rect = Shape {
        geometry: Geometry::Rect(raster_support::size(50.0, 20.0)),
        fill: Some(Paint::Solid(RED)),
        fill_rule: FillRule::EvenOdd,
        stroke: Some(dashed),
    };
    let line = Shape {
        geometry: Geometry::Line(Point::new(Abs::pt(30.0), Abs::pt(-0.00001))),
        fill: Some(Paint::Solid(RED)),
        fill_rule: FillRule::NonZero,
        stroke: Some(stroke(1.0, Color::BLACK)),
    };
    let page = build_page(
        100.0,
        50.0,
        PageFill::Auto,
        vec![(10.0, 10.0, Item::Shape(rect)), (5.0, 40.0, Item::Shape(line))],
    );
    check(&page, |doc| {
        let paths = elements(doc, "path");
        let rect = paths[0];
        assert_eq!(rect.attribute("d"), Some("M 10 10 L 60 10 L 60 30 L 10 30 Z"));
        assert_eq!(rect.attribute("fill"), Some("#ff0000"));
        assert_eq!(rect.attribute("fill-rule"), Some("evenodd"));
        assert_eq!(rect.attribute("stroke"), Some("#0000ff"));
        assert_eq!(rect.attribute("stroke-width"), Some("2"));
        assert_eq!(rect.attribute("stroke-linecap"), Some("round"));
        assert_eq!(rect.attribute("stroke-linejoin"), Some("bevel"));
        assert_eq!(rect.attribute("stroke-miterlimit"), Some("10"));
        assert_eq!(rect.attribute("stroke-dasharray"), Some("3 1.5"));
        assert_eq!(rect.attribute("stroke-dashoffset"), Some("1"));
        // Lines are never filled; defaults are left out; no `-0`.
        let line = paths[1];
        assert_eq!(line.attribute("d"), Some("M 5 40 L 35 40"));
        assert_eq!(line.attribute("fill"), Some("none"));
        assert_eq!(line.attribute("stroke"), Some("#000000"));
        assert_eq!(line.attribute("stroke-linecap"), None);
        assert_eq!(line.attribute("stroke-miterlimit"), None);
    });
}

#[test]
fn text_strokes_are_in_font_units() {
    let mut run = raster_support::shape_text("H", 20.0);
    run.fill = Paint::Solid(Color::Rgb { r: 1.0, g: 0.0, b: 0.0, a: 0.25 });
    run.stroke = Some(stroke(0.5, Color::BLACK));
    let mut page = build_page(40.0, 40.0, PageFill::Auto, vec![]);
    page.frame
        .push(Point::new(Abs::pt(5.0), Abs::pt(30.0)), quire_stages::doc::FrameItem::Text(run));
    check(&page, |doc| {
        let run = elements(doc, "use")[0].parent().unwrap();
        assert_eq!(run.attribute("fill"), Some("#ff0000"));
        assert_eq!(run.attribute("fill-opacity"), Some("0.251"));
        assert_eq!(run.attribute("stroke"), Some("#000000"));
        // 0.5pt at 20pt per 1000 units is 25 units.
        assert_eq!(run.attribute("stroke-width"), Some("25"));
    });
}

#[test]
fn groups_transform_and_clip() {
    let inner = vec![(0.0, 0.0, Item::Rect(60.0, 30.0, RED))];
    let page = build_page(
        100.0,
        60.0,
        PageFill::Auto,
        vec![
            (50.0, 10.0, Item::Group(rotate(90.0), Some((20.0, 20.0)), inner)),
            (
                5.0,
                5.0,
                Item::Group(
                    Transform::identity(),
                    None,
                    vec![(1.0, 2.0, Item::Rect(3.0, 4.0, RED))],
                ),
            ),
        ],
    );
    check(&page, |doc| {
        let groups = elements(doc, "g");
        assert_eq!(groups[0].attribute("transform"), Some("matrix(0 1 -1 0 50 10)"));
        assert_eq!(groups[0].attribute("clip-path"), Some("url(#c0)"));
        let clip = elements(doc, "clipPath")[0];
        assert_eq!(clip.attribute("id"), Some("c0"));
        assert_eq!(
            clip.first_element_child().unwrap().attribute("d"),
            Some("M 0 0 L 20 0 L 20 20 L 0 20 Z")
        );
        assert_eq!(groups[1].attribute("transform"), Some("translate(5 5)"));
        assert_eq!(groups[1].attribute("clip-path"), None);
        let nested = groups[1].first_element_child().unwrap();
        assert_eq!(nested.attribute("d"), Some("M 1 2 L 4 2 L 4 6 L 1 6 Z"));
    });
}

#[test]
fn images_are_embedded_once() {
    let png = png_file(2, 1, &[[255, 0, 0, 255], [0, 0, 255, 128]]);
    let page = build_page(
        100.0,
        50.0,
        PageFill::Auto,
        vec![
            (10.0, 10.0, Item::Png(png.clone(), 40.0, 20.0)),
            (60.0, 10.0, Item::Png(png.clone(), 20.0, 20.0)),
        ],
    );
    check(&page, |doc| {
        let images = elements(doc, "image");
        assert_eq!(images.len(), 1);
        let image = images[0];
        assert_eq!(image.attribute("preserveAspectRatio"), Some("none"));
        let data = href(image).strip_prefix("data:image/png;base64,").expect("a PNG data URL");
        assert_eq!(base64::engine::general_purpose::STANDARD.decode(data).unwrap(), png);
        let uses: Vec<_> = elements(doc, "use")
            .into_iter()
            .map(|u| (href(u), u.attribute("transform").unwrap()))
            .collect();
        assert_eq!(uses, [("#i0", "matrix(40 0 0 20 10 10)"), ("#i0", "matrix(20 0 0 20 60 10)")]);
    });
}

#[test]
fn links_wrap_a_transparent_rect() {
    let page = build_page(
        100.0,
        50.0,
        PageFill::Auto,
        vec![(10.0, 20.0, Item::Link("https://typst.app/?a=1&b=2", 30.0, 12.0))],
    );
    check(&page, |doc| {
        let link = elements(doc, "a")[0];
        assert_eq!(href(link), "https://typst.app/?a=1&b=2");
        let rect = link.first_element_child().unwrap();
        let attrs: Vec<_> = ["x", "y", "width", "height", "fill"]
            .iter()
            .map(|a| rect.attribute(*a).unwrap())
            .collect();
        assert_eq!(attrs, ["10", "20", "30", "12", "transparent"]);
    });
}

#[test]
fn output_is_identical_across_threads() {
    let page = || {
        build_page(
            120.0,
            60.0,
            PageFill::Auto,
            vec![
                (10.0, 30.0, Item::Text("Hello, world", 12.0)),
                (
                    0.0,
                    0.0,
                    Item::Group(
                        rotate(10.0),
                        Some((50.0, 50.0)),
                        vec![(5.0, 45.0, Item::Text("olleH", 9.0))],
                    ),
                ),
            ],
        )
    };
    let here = render_page(&page());
    let there = std::thread::spawn(move || render_page(&page())).join().unwrap();
    assert_eq!(here, there);
}
