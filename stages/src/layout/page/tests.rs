//! The page tests: page runs built from `page` styles and flow items, laid out, paginated
//! and finalized, checked through one `check` helper on the final pages.

use ecow::EcoString;

use crate::base::{Abs, Locator, Size, Span};
use crate::doc::{Color as DocColor, FrameItem, Page, PageFill, Paint};
use crate::layout::testing::{TestWorld, with_cx};
use crate::layout::{LaidPage, PageNumber, page};
use crate::model::{
    Alignment, Args, Color, Content, Dict, HAlign, Length, PAGE, Ratio, Rel, Str, Styles, VAlign,
    Value,
};
use crate::realize::{FlowItem, InlinePiece, PageRun, Par, Parity};

/// A run with `page` properties `props` and `paragraphs` paragraphs of text.
fn run(
    index: usize,
    props: &[(&str, Value)],
    paragraphs: usize,
    parity: Option<Parity>,
) -> PageRun {
    let mut styles = Styles::new();
    for (field, value) in props {
        let mut args = Args::new(Span::detached(), []);
        args.push_named(Span::detached(), Span::detached(), (*field).into(), value.clone());
        styles.extend(PAGE.set(&mut args).unwrap());
    }
    let items = (0..paragraphs)
        .map(|i| {
            let text = EcoString::from(format!("Paragraph {i} with a few words in it."));
            let piece = InlinePiece::Text {
                text,
                styles: styles.clone(),
                span: Span::detached(),
                link: None,
            };
            FlowItem::Par(Par {
                items: vec![piece],
                styles: styles.clone(),
                span: Span::detached(),
            })
        })
        .collect();
    let locator = Locator::root().child(index as u64);
    PageRun { index, styles, parity, items, lead: 0, tail: 0, locator }
}

/// Lays out, paginates and finalizes `runs` and hands the pages to `f`.
fn check<T>(runs: &[PageRun], f: impl FnOnce(&[LaidPage], &[Page]) -> T) -> T {
    let world = TestWorld::new("");
    with_cx(&world, |cx| {
        let laid: Vec<Vec<LaidPage>> =
            runs.iter().map(|r| page::layout_run(cx, r).unwrap()).collect();
        let laid = page::paginate(laid);
        let pages: Vec<Page> = laid
            .iter()
            .enumerate()
            .map(|(i, p)| page::finalize_page(cx, p, PageNumber::new(i + 1).unwrap()).unwrap())
            .collect();
        f(&laid, &pages)
    })
}

fn len(pt: f64) -> Value {
    Value::Length(Length::abs(Abs::pt(pt)))
}

fn near(a: Abs, b: Abs) -> bool {
    (a - b).to_pt().abs() < 1e-6
}

/// The text of every text item in a frame and its groups, with its page position.
fn texts(frame: &crate::doc::Frame) -> Vec<(crate::base::Point, String)> {
    let mut out = Vec::new();
    walk(frame, crate::base::Point::zero(), &mut out);
    out
}

fn walk(
    frame: &crate::doc::Frame,
    offset: crate::base::Point,
    out: &mut Vec<(crate::base::Point, String)>,
) {
    for (pos, item) in frame.items() {
        match item {
            FrameItem::Group(g) => walk(&g.frame, offset + *pos, out),
            FrameItem::Text(t) => out.push((offset + *pos, t.text.to_string())),
            _ => {}
        }
    }
}

#[test]
fn page_sizes_come_from_papers_and_dimensions() {
    check(&[run(0, &[], 1, None)], |_, pages| {
        let size = pages[0].frame.size();
        assert!(near(size.width, Abs::mm(210.0)) && near(size.height, Abs::mm(297.0)));
    });
    let props = [("paper", Value::str("us-letter")), ("flipped", Value::Bool(true))];
    check(&[run(0, &props, 1, None)], |_, pages| {
        let size = pages[0].frame.size();
        assert!(near(size.width, Abs::inches(11.0)) && near(size.height, Abs::inches(8.5)));
    });
    // An `auto` height grows to fit the content on one page.
    let props = [("width", len(120.0)), ("height", Value::Auto), ("margin", len(10.0))];
    check(&[run(0, &props, 30, None)], |laid, pages| {
        assert_eq!(pages.len(), 1);
        assert_eq!(laid[0].frame.width(), Abs::pt(120.0));
        assert!(laid[0].frame.height() > Abs::pt(400.0));
    });
}

#[test]
fn page_margins_resolve() {
    let body_x = |pages: &[Page]| texts(&pages[0].frame)[0].0.x;
    // Auto margins on A4: 2.5/21 of the width.
    check(&[run(0, &[], 1, None)], |_, pages| {
        assert!(near(body_x(pages), Abs::mm(210.0) * (2.5 / 21.0)));
    });
    let mut dict = Dict::new();
    dict.insert(Str::from("x"), len(30.0));
    dict.insert(Str::from("left"), len(50.0));
    dict.insert(Str::from("rest"), Value::Ratio(Ratio(0.1)));
    let props = [("width", len(200.0)), ("height", len(300.0)), ("margin", Value::Dict(dict))];
    check(&[run(0, &props, 1, None)], |_, _| {
        let g = page::Geometry::resolve(&run(0, &props, 0, None).styles, None);
        assert_eq!((g.left, g.right), (Abs::pt(50.0), Abs::pt(30.0)));
        assert!(near(g.top, Abs::pt(30.0)) && near(g.bottom, Abs::pt(30.0)));
    });
    let rel = Value::Relative(Rel { abs: Length::abs(Abs::pt(5.0)), rel: Ratio(0.1) });
    let g = page::Geometry::resolve(
        &run(0, &[("width", len(100.0)), ("height", len(200.0)), ("margin", rel)], 0, None).styles,
        None,
    );
    assert_eq!((g.left, g.top), (Abs::pt(15.0), Abs::pt(25.0)));
}

#[test]
fn page_runs_break_into_pages_and_columns() {
    let props = [("width", len(200.0)), ("height", len(150.0)), ("margin", len(20.0))];
    check(&[run(0, &props, 40, None)], |laid, pages| {
        assert!(pages.len() > 3);
        assert!(laid.iter().all(|p| p.run == 0 && !p.blank));
        for page in pages {
            for (pos, _) in texts(&page.frame) {
                assert!(pos.y <= Abs::pt(130.0) && pos.y >= Abs::pt(20.0), "{pos:?}");
            }
        }
    });
    let two = [
        ("width", len(200.0)),
        ("height", len(150.0)),
        ("margin", len(20.0)),
        ("columns", Value::Int(2)),
    ];
    check(&[run(0, &two, 40, None)], |_, pages| {
        // Text sits in two columns, the second right of the gutter (4% of 160pt).
        let xs: Vec<Abs> = texts(&pages[0].frame).iter().map(|(p, _)| p.x).collect();
        let column = (Abs::pt(160.0) - Abs::pt(6.4)) / 2.0;
        assert!(xs.iter().any(|x| near(*x, Abs::pt(20.0))));
        assert!(xs.iter().any(|x| near(*x, Abs::pt(20.0) + column + Abs::pt(6.4))));
    });
}

#[test]
fn paginate_inserts_blank_pages_for_parity() {
    let props = [("width", len(100.0)), ("height", len(100.0))];
    let runs = [
        run(0, &props, 1, None),
        run(1, &props, 1, Some(Parity::Odd)),
        run(2, &props, 1, Some(Parity::Odd)),
    ];
    check(&runs, |laid, _| {
        let kinds: Vec<(usize, bool)> = laid.iter().map(|p| (p.run, p.blank)).collect();
        assert_eq!(kinds, [(0, false), (0, true), (1, false), (1, true), (2, false)]);
        assert_eq!(laid[1].frame.size(), laid[0].frame.size());
    });
    let runs = [run(0, &props, 1, None), run(1, &props, 1, Some(Parity::Even))];
    check(&runs, |laid, _| assert_eq!(laid.len(), 2));
}

#[test]
fn finalize_numbers_pages_and_lays_out_marginals() {
    let props = [
        ("width", len(200.0)),
        ("height", len(200.0)),
        ("margin", len(40.0)),
        ("numbering", Value::str("i")),
        ("header", Value::Content(Content::text("Head"))),
        ("fill", Value::Color(Color::Rgb([1.0, 0.0, 0.0, 1.0]))),
    ];
    let runs = [run(0, &props, 1, None), run(1, &props, 1, None), run(2, &props, 1, None)];
    check(&runs, |_, pages| {
        assert_eq!(pages[2].label.as_deref(), Some("iii"));
        assert_eq!(pages[2].number.get(), 3);
        assert_eq!(
            pages[0].fill,
            PageFill::Paint(Paint::Solid(DocColor::Rgb { r: 1.0, g: 0.0, b: 0.0, a: 1.0 }))
        );
        let texts = texts(&pages[2].frame);
        // The header sits in the top margin, above the header ascent (30% of 40pt).
        let (head, _) = texts.iter().find(|(_, t)| t == "Head").unwrap();
        assert!(near(head.y, Abs::pt(28.0)), "{head:?}");
        // The automatic footer: the number, centred, below the footer descent.
        let (foot, _) = texts.iter().find(|(_, t)| t == "iii").unwrap();
        assert!(foot.y > Abs::pt(160.0 + 12.0), "{foot:?}");
        assert!(foot.x > Abs::pt(90.0) && foot.x < Abs::pt(100.0), "{foot:?}");
    });
    // Without numbering there is no footer and no label.
    check(&[run(0, &[("footer", Value::None)], 1, None)], |_, pages| {
        assert_eq!(pages[0].label, None);
        assert_eq!(pages[0].fill, PageFill::Auto);
    });
    // The number moves to the header when aligned to the top.
    let top = Alignment { x: Some(HAlign::Right), y: Some(VAlign::Top) };
    let props = [
        ("height", len(200.0)),
        ("numbering", Value::str("1")),
        ("number-align", Value::Alignment(top)),
    ];
    check(&[run(0, &props, 1, None)], |_, pages| {
        let texts = texts(&pages[0].frame);
        let (pos, _) = texts.iter().find(|(_, t)| t == "1").unwrap();
        assert!(pos.y < Abs::pt(30.0));
        let _ = Size::zero();
    });
}

/// Evaluates and realizes `source`, then lays out, paginates and finalizes its runs.
fn check_source<T>(source: &str, f: impl FnOnce(&[Page]) -> T) -> T {
    use crate::eval::World;
    let world = TestWorld::new(source);
    let main = world.source(world.main()).unwrap();
    let module = crate::eval::eval(&world, &main).unwrap();
    with_cx(&world, |cx| {
        let mut runs = Vec::new();
        crate::realize::realize_document(
            cx.engine,
            module.content(),
            &Styles::new(),
            Locator::root(),
            &mut |run| runs.push(run),
        )
        .unwrap();
        let laid: Vec<Vec<LaidPage>> =
            runs.iter().map(|r| page::layout_run(cx, r).unwrap()).collect();
        let pages: Vec<Page> = page::paginate(laid)
            .iter()
            .enumerate()
            .map(|(i, p)| page::finalize_page(cx, p, PageNumber::new(i + 1).unwrap()).unwrap())
            .collect();
        f(&pages)
    })
}

#[test]
fn pages_of_a_document_flow_and_number() {
    let source = "#set page(width: 120pt, height: 120pt, margin: 10pt, numbering: \"1 of 1\")\n\
        = Title\n#lorem(80)\n#pagebreak(to: \"odd\")\nEnd";
    check_source(source, |pages| {
        assert!(pages.len() >= 4, "{}", pages.len());
        let last = pages.last().unwrap();
        assert_eq!(last.number.get() % 2, 1);
        // The total is the final page counter of the previous layout: unknown (one) in
        // this single pass.
        assert_eq!(last.label.as_deref(), Some(format!("{} of 1", last.number).as_str()));
        // The body's text stays within the margins (the footer's baseline may reach a
        // little past the page in a margin this small, as in Typst).
        for page in pages {
            let body = texts(&page.frame);
            let (footer, body) = body.split_last().unwrap();
            assert!(body.iter().all(|(pos, _)| pos.y <= Abs::pt(110.0)), "{body:?}");
            assert!(footer.0.y > Abs::pt(113.0));
        }
        let first = texts(&pages[0].frame);
        assert_eq!(first[0].1, "Title");
    });
}

#[test]
fn page_paper_set_later_replaces_width_and_height() {
    let size = |source: &str| check_source(source, |pages| pages[0].frame.size());
    // A later paper replaces an earlier width and height.
    let later = size("#set page(width: 120pt, height: auto)\n#set page(paper: \"a10\")\nA");
    assert!(near(later.width, Abs::mm(26.0)) && near(later.height, Abs::mm(37.0)));
    // A later width replaces the paper's width only.
    let width = size("#set page(paper: \"a10\")\n#set page(width: 50pt)\nA");
    assert!(near(width.width, Abs::pt(50.0)) && near(width.height, Abs::mm(37.0)));
    // Within one set rule, the width wins.
    let same = size("#set page(width: 50pt, paper: \"a10\")\nA");
    assert!(near(same.width, Abs::pt(50.0)) && near(same.height, Abs::mm(37.0)));
}

#[test]
fn hidden_content_keeps_its_room_and_draws_nothing() {
    let words = |source: &str| {
        check_source(source, |pages| {
            let frame = &pages[0].frame;
            (texts(frame), crate::layout::testing::shapes(frame).len())
        })
    };
    let page = "#set page(width: 120pt, height: 150pt, margin: 10pt)\n";
    let (hidden, shapes) = words(&format!(
        "{page}Hello Jane \\\n#hide[Hello #box(rect(width: 5pt))] Joe\n#hide[= Title]\nEnd"
    ));
    let (shown, _) =
        words(&format!("{page}Hello Jane \\\nHello #box(rect(width: 5pt)) Joe\n= Title\nEnd"));
    let text: Vec<&str> = hidden.iter().map(|(_, t)| t.trim()).collect();
    assert_eq!(text, ["Hello Jane", "Joe", "End"]);
    assert_eq!(shapes, 0);
    // What follows the hidden content stands where it would after visible content.
    let at = |list: &[(crate::base::Point, String)], word: &str| {
        list.iter().find(|(_, t)| t.trim() == word).map(|(p, _)| *p).unwrap()
    };
    assert_eq!(at(&hidden, "Joe"), at(&shown, "Joe"));
    assert_eq!(at(&hidden, "End"), at(&shown, "End"));
}

#[test]
fn footnote_entries_follow_the_text_at_the_page_bottom() {
    let source = "#set page(width: 120pt, height: 100pt, margin: 10pt)\n\
        A#footnote[One] B#footnote[Two]\n\nC";
    check_source(source, |pages| {
        let mut texts = texts(&pages[0].frame);
        texts.sort_by(|a, b| a.0.y.to_pt().total_cmp(&b.0.y.to_pt()));
        let runs: Vec<&str> = texts.iter().map(|(_, t)| t.trim()).collect();
        // The markers (numbered from the previous layout: none in this single pass)
        // are raised above their words; the entries come after the text, in order,
        // at the bottom of the body (the page is 100pt high, with 10pt margins).
        let at = |run: &str| texts.iter().find(|(_, t)| t.trim() == run).unwrap().0;
        assert!(at("C").y < at("One").y && at("One").y < at("Two").y, "{runs:?}");
        assert!(at("Two").y > Abs::pt(80.0), "{runs:?}");
        assert!(at("A").y < at("C").y);
    });
}

#[test]
fn numbered_lines_get_numbers_in_the_margin() {
    let source = "#set page(width: 120pt, height: 100pt, margin: (left: 30pt, rest: 10pt))\n\
        #set par.line(numbering: \"1\", numbering-scope: \"page\")\n\
        First \\\nSecond\n#block[Third]\n#pagebreak()\nFourth";
    check_source(source, |pages| {
        let runs = |page: &Page| {
            let mut texts = texts(&page.frame);
            texts.sort_by(|a, b| {
                (a.0.y.to_pt(), a.0.x.to_pt()).partial_cmp(&(b.0.y.to_pt(), b.0.x.to_pt())).unwrap()
            });
            texts
        };
        let first = runs(&pages[0]);
        let words: Vec<&str> = first.iter().map(|(_, t)| t.trim()).collect();
        assert_eq!(words, ["1", "First", "2", "Second", "3", "Third"]);
        // Each number stands in the left margin on its line's baseline.
        for pair in first.chunks(2) {
            assert_eq!(pair[0].0.y, pair[1].0.y);
            assert!(pair[0].0.x < Abs::pt(30.0) && pair[1].0.x >= Abs::pt(30.0));
        }
        // Page-scoped numbers start anew.
        let second = runs(&pages[1]);
        let words: Vec<&str> = second.iter().map(|(_, t)| t.trim()).collect();
        assert_eq!(words, ["1", "Fourth"]);
    });
}
