//! PNG export tests: pages built from small descriptions, rendered, and checked pixel by
//! pixel, plus one reviewed reference image.
//!
//! The reference `tests/ref/png-sample.png` is rewritten by running these tests with
//! `QUIRE_UPDATE_REF=1` (then look at it before committing).

mod raster_support;

use quire_exporters::png::{DEFAULT_PPI, Pixmap, PngError, encode_png, export_page, render_page};
use quire_stages::base::{Abs, Point, Transform};
use quire_stages::doc::{
    Color, Curve, CurveItem, DashPattern, FillRule, Geometry, LineCap, Page, PageFill, Paint, Shape,
};
use raster_support::{Item, build_page, png_file, rotate, serif, shape_text, stroke};

const RED: Color = Color::Rgb { r: 1.0, g: 0.0, b: 0.0, a: 1.0 };
const BLUE: Color = Color::Rgb { r: 0.0, g: 0.0, b: 1.0, a: 1.0 };

/// Renders `page` at `ppi` and returns the pixmap.
fn render(page: &Page, ppi: f32) -> Pixmap {
    render_page(page, ppi / 72.0).expect("page renders")
}

/// The RGBA of pixel (x, y) (the pixmap is opaque where these tests look, so premultiplied
/// and straight alpha agree).
fn rgba(pixmap: &Pixmap, x: u32, y: u32) -> [u8; 4] {
    let p = pixmap.pixel(x, y).expect("pixel inside the pixmap");
    [p.red(), p.green(), p.blue(), p.alpha()]
}

/// Whether pixel (x, y) is dark (its red channel below one half).
fn dark(pixmap: &Pixmap, x: u32, y: u32) -> bool {
    rgba(pixmap, x, y)[0] < 128
}

const WHITE: [u8; 4] = [255, 255, 255, 255];

#[test]
fn rect_fills_its_box_on_white() {
    let page =
        build_page(100.0, 50.0, PageFill::Auto, vec![(10.0, 10.0, Item::Rect(50.0, 20.0, RED))]);
    let pixmap = render(&page, 72.0);
    assert_eq!((pixmap.width(), pixmap.height()), (100, 50));
    assert_eq!(rgba(&pixmap, 20, 15), [255, 0, 0, 255]);
    assert_eq!(rgba(&pixmap, 5, 5), WHITE);
    assert_eq!(rgba(&pixmap, 65, 15), WHITE);
}

#[test]
fn resolution_scales_the_pixmap() {
    let page =
        build_page(100.0, 50.0, PageFill::Auto, vec![(10.0, 10.0, Item::Rect(50.0, 20.0, RED))]);
    let pixmap = render(&page, 144.0);
    assert_eq!((pixmap.width(), pixmap.height()), (200, 100));
    assert_eq!(rgba(&pixmap, 40, 30), [255, 0, 0, 255]);
    assert_eq!(rgba(&pixmap, 19, 19), WHITE);
    // Fractional sizes round up; the default resolution is 2 px/pt.
    let odd = page_sized(10.2, 0.0);
    assert_eq!(render(&odd, 72.0).width(), 11);
    assert_eq!(render(&odd, 72.0).height(), 1);
    let png = export_page(&page, DEFAULT_PPI).unwrap();
    let decoded = Pixmap::decode_png(&png).unwrap();
    assert_eq!((decoded.width(), decoded.height()), (200, 100));
}

fn page_sized(width: f64, height: f64) -> Page {
    build_page(width, height, PageFill::Auto, vec![])
}

#[test]
fn page_fill_none_and_paint() {
    let none = render(&build_page(4.0, 4.0, PageFill::None, vec![]), 72.0);
    assert_eq!(rgba(&none, 1, 1), [0, 0, 0, 0]);
    let blue = render(&build_page(4.0, 4.0, PageFill::Paint(Paint::Solid(BLUE)), vec![]), 72.0);
    assert_eq!(rgba(&blue, 1, 1), [0, 0, 255, 255]);
}

#[test]
fn bad_resolutions_are_errors() {
    let page = page_sized(10.0, 10.0);
    assert_eq!(render_page(&page, 0.0).unwrap_err(), PngError::InvalidScale(0.0));
    assert!(matches!(render_page(&page, f32::NAN), Err(PngError::InvalidScale(_))));
    let huge = page_sized(1e12, 10.0);
    assert!(matches!(render_page(&huge, 1.0), Err(PngError::TooLarge { .. })));
}

#[test]
fn text_stays_in_its_box() {
    let (x, baseline, size) = (10.0, 30.0, 20.0);
    let page =
        build_page(120.0, 40.0, PageFill::Auto, vec![(x, baseline, Item::Text("Hello", size))]);
    let pixmap = render(&page, 72.0);
    let run = shape_text("Hello", size);
    let metrics = *serif().metrics();
    let left = x - 1.0;
    let right = x + run.width().to_pt() + 1.0;
    let top = baseline - metrics.ascender * size - 1.0;
    let bottom = baseline - metrics.descender * size + 1.0;
    let mut inside = 0;
    for py in 0..pixmap.height() {
        for px in 0..pixmap.width() {
            if !dark(&pixmap, px, py) {
                continue;
            }
            let (fx, fy) = (f64::from(px) + 0.5, f64::from(py) + 0.5);
            assert!(
                fx >= left && fx <= right && fy >= top && fy <= bottom,
                "dark pixel ({px}, {py}) outside the text box"
            );
            inside += 1;
        }
    }
    // "Hello" at 20pt: thin serif strokes cover roughly a tenth of its box.
    let area = (right - left) * (bottom - top);
    assert!(inside > 80 && f64::from(inside) < area * 0.4, "{inside} dark pixels in {area}");
    // The H's left stem sits just right of the origin, from the baseline to cap height.
    assert!(dark(&pixmap, 12, 20));
}

#[test]
fn groups_rotate_their_content() {
    // A 20×5 bar rotated by 90° (clockwise) about the group's position hangs down from it,
    // to its left: x in 45..50, y in 10..30.
    let bar = vec![(0.0, 0.0, Item::Rect(20.0, 5.0, RED))];
    let page = build_page(
        80.0,
        40.0,
        PageFill::Auto,
        vec![(50.0, 10.0, Item::Group(rotate(90.0), None, bar))],
    );
    let pixmap = render(&page, 72.0);
    assert_eq!(rgba(&pixmap, 47, 25), [255, 0, 0, 255]);
    assert_eq!(rgba(&pixmap, 60, 12), WHITE);
    assert_eq!(rgba(&pixmap, 47, 32), WHITE);
    // Transforms concatenate: scaling by 2 inside the rotation doubles the length.
    let scaled = vec![(
        0.0,
        0.0,
        Item::Group(Transform::scale(2.0, 1.0), None, vec![(0.0, 0.0, Item::Rect(10.0, 5.0, RED))]),
    )];
    let page = build_page(
        80.0,
        40.0,
        PageFill::Auto,
        vec![(50.0, 10.0, Item::Group(rotate(90.0), None, scaled))],
    );
    let twice = render(&page, 72.0);
    assert_eq!(twice.data(), pixmap.data());
}

#[test]
fn clips_hide_what_is_outside() {
    let wide = vec![(0.0, 0.0, Item::Rect(60.0, 30.0, RED))];
    let page = build_page(
        80.0,
        40.0,
        PageFill::Auto,
        vec![(10.0, 5.0, Item::Group(Transform::identity(), Some((20.0, 20.0)), wide))],
    );
    let pixmap = render(&page, 72.0);
    assert_eq!(rgba(&pixmap, 15, 15), [255, 0, 0, 255]);
    assert_eq!(rgba(&pixmap, 40, 15), WHITE);
    assert_eq!(rgba(&pixmap, 15, 30), WHITE);
    // Nested clips intersect.
    let inner = vec![(
        0.0,
        0.0,
        Item::Group(
            Transform::identity(),
            Some((40.0, 5.0)),
            vec![(0.0, 0.0, Item::Rect(60.0, 30.0, RED))],
        ),
    )];
    let page = build_page(
        80.0,
        40.0,
        PageFill::Auto,
        vec![(10.0, 5.0, Item::Group(Transform::identity(), Some((20.0, 20.0)), inner))],
    );
    let pixmap = render(&page, 72.0);
    assert_eq!(rgba(&pixmap, 15, 7), [255, 0, 0, 255]);
    assert_eq!(rgba(&pixmap, 15, 15), WHITE);
    assert_eq!(rgba(&pixmap, 35, 7), WHITE);
}

#[test]
fn images_are_scaled_to_their_box() {
    let png = png_file(
        2,
        2,
        &[[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [255, 255, 255, 255]],
    );
    let page =
        build_page(60.0, 60.0, PageFill::None, vec![(10.0, 10.0, Item::Png(png, 40.0, 40.0))]);
    let pixmap = render(&page, 72.0);
    // Quadrant centres away from the bilinear seams take one source pixel each.
    let close = |got: [u8; 4], want: [u8; 4]| got.iter().zip(want).all(|(g, w)| g.abs_diff(w) <= 8);
    assert!(close(rgba(&pixmap, 14, 14), [255, 0, 0, 255]), "{:?}", rgba(&pixmap, 14, 14));
    assert!(close(rgba(&pixmap, 45, 14), [0, 255, 0, 255]), "{:?}", rgba(&pixmap, 45, 14));
    assert!(close(rgba(&pixmap, 14, 45), [0, 0, 255, 255]), "{:?}", rgba(&pixmap, 14, 45));
    assert_eq!(rgba(&pixmap, 5, 5), [0, 0, 0, 0]);
    assert_eq!(rgba(&pixmap, 55, 30), [0, 0, 0, 0]);
    // Undecodable bytes draw nothing instead of failing.
    let broken = build_page(
        20.0,
        20.0,
        PageFill::Auto,
        vec![(
            0.0,
            0.0,
            Item::Png(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x02\0\0\0\x02".to_vec(), 20.0, 20.0),
        )],
    );
    assert!(render(&broken, 72.0).pixels().iter().all(|p| p.red() == 255));
}

#[test]
fn dashes_leave_gaps() {
    let mut dashed = stroke(4.0, Color::BLACK);
    dashed.dash =
        Some(DashPattern { array: vec![Abs::pt(10.0), Abs::pt(10.0)], phase: Abs::zero() });
    let line = Shape {
        geometry: Geometry::Line(Point::new(Abs::pt(80.0), Abs::zero())),
        fill: None,
        fill_rule: FillRule::NonZero,
        stroke: Some(dashed),
    };
    let page = build_page(100.0, 50.0, PageFill::Auto, vec![(10.0, 25.0, Item::Shape(line))]);
    let pixmap = render(&page, 72.0);
    for (x, on) in [(15, true), (25, false), (35, true), (45, false), (75, true), (85, false)] {
        assert_eq!(dark(&pixmap, x, 25), on, "x = {x}");
    }
    // The stroke is 4pt thick around the line.
    assert!(dark(&pixmap, 15, 23) && !dark(&pixmap, 15, 28));
}

#[test]
fn fill_rules_and_caps() {
    // Two nested squares in one curve: even-odd leaves a hole, non-zero does not.
    let square = |at: f64, side: f64| {
        let p = |x: f64, y: f64| Point::new(Abs::pt(x), Abs::pt(y));
        [
            CurveItem::Move(p(at, at)),
            CurveItem::Line(p(at + side, at)),
            CurveItem::Line(p(at + side, at + side)),
            CurveItem::Line(p(at, at + side)),
            CurveItem::Close,
        ]
    };
    let rings = |rule| Shape {
        geometry: Geometry::Curve(Curve([square(0.0, 30.0), square(10.0, 10.0)].concat())),
        fill: Some(Paint::Solid(RED)),
        fill_rule: rule,
        stroke: None,
    };
    let page = build_page(
        80.0,
        40.0,
        PageFill::Auto,
        vec![
            (0.0, 0.0, Item::Shape(rings(FillRule::EvenOdd))),
            (40.0, 0.0, Item::Shape(rings(FillRule::NonZero))),
        ],
    );
    let pixmap = render(&page, 72.0);
    assert_eq!(rgba(&pixmap, 15, 15), WHITE);
    assert_eq!(rgba(&pixmap, 55, 15), [255, 0, 0, 255]);

    // A square cap extends the line by half the thickness; a butt cap does not.
    let capped = |cap| {
        let mut s = stroke(6.0, Color::BLACK);
        s.cap = cap;
        Shape {
            geometry: Geometry::Line(Point::new(Abs::pt(20.0), Abs::zero())),
            fill: None,
            fill_rule: FillRule::NonZero,
            stroke: Some(s),
        }
    };
    let page = build_page(
        60.0,
        40.0,
        PageFill::Auto,
        vec![
            (10.0, 10.0, Item::Shape(capped(LineCap::Butt))),
            (10.0, 30.0, Item::Shape(capped(LineCap::Square))),
        ],
    );
    let pixmap = render(&page, 72.0);
    assert!(!dark(&pixmap, 31, 10) && dark(&pixmap, 31, 30));
}

#[test]
fn rendering_is_deterministic_across_threads() {
    let sample = sample_page();
    let here = encode_png(&render(&sample, 144.0)).unwrap();
    let there =
        std::thread::spawn(move || encode_png(&render(&sample, 144.0)).unwrap()).join().unwrap();
    assert_eq!(here, there);
}

/// Text and shapes together: the reference page.
fn sample_page() -> Page {
    let mut outlined = shape_text("Quire", 28.0);
    outlined.fill = Paint::Solid(Color::rgb8(255, 220, 0));
    outlined.stroke = Some(stroke(0.5, BLUE));
    let mut dashed = stroke(2.0, Color::rgb8(0, 128, 0));
    dashed.cap = LineCap::Round;
    dashed.dash = Some(DashPattern { array: vec![Abs::pt(6.0), Abs::pt(4.0)], phase: Abs::zero() });
    let frame = Shape {
        geometry: Geometry::Rect(raster_support::size(140.0, 70.0)),
        fill: Some(Paint::Solid(Color::Luma { l: 0.9, a: 1.0 })),
        fill_rule: FillRule::NonZero,
        stroke: Some(dashed),
    };
    let mut page = build_page(
        160.0,
        90.0,
        PageFill::Auto,
        vec![
            (10.0, 10.0, Item::Shape(frame)),
            (20.0, 35.0, Item::Text("Hello, world!", 16.0)),
            (
                100.0,
                20.0,
                Item::Group(
                    rotate(30.0),
                    None,
                    vec![(
                        0.0,
                        0.0,
                        Item::Rect(30.0, 12.0, Color::Rgb { r: 1.0, g: 0.0, b: 0.0, a: 0.6 }),
                    )],
                ),
            ),
        ],
    );
    page.frame.push(
        Point::new(Abs::pt(20.0), Abs::pt(70.0)),
        quire_stages::doc::FrameItem::Text(outlined),
    );
    page
}

#[test]
fn sample_matches_reference() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/ref/png-sample.png");
    let pixmap = render(&sample_page(), 144.0);
    if std::env::var_os("QUIRE_UPDATE_REF").is_some() {
        std::fs::write(path, encode_png(&pixmap).unwrap()).unwrap();
    }
    let reference = Pixmap::decode_png(
        &std::fs::read(path).expect("reference exists (QUIRE_UPDATE_REF=1 writes it)"),
    )
    .unwrap();
    assert_eq!((pixmap.width(), pixmap.height()), (reference.width(), reference.height()));
    let differing = pixmap.pixels().iter().zip(reference.pixels()).filter(|(a, b)| a != b).count();
    assert_eq!(
        differing, 0,
        "pixels differ from {path}; rerun with QUIRE_UPDATE_REF=1 after a reviewed change"
    );
}
