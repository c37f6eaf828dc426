//! The flow's tests: flow items built directly (paragraphs of plain text, spacing,
//! fixed-height blocks, breaks, tags, placed content) laid out into regions, checked
//! through one `check` helper on the frames' lines and blocks.

use ecow::EcoString;

use crate::base::{Abs, Locator, Point, Size, Span, Tag, TagInfo};
use crate::doc::{Destination, Frame, FrameItem};
use crate::layout::testing::{TestWorld, with_cx};
use crate::layout::{Regions, flow::layout_flow};
use crate::model::{
    ALIGN_ELEM, Alignment, Args, BLOCK, Content, Dict, Element, Fr, HAlign, Length, PLACE, Rel,
    Styles, VAlign, Value,
};
use crate::realize::{FlowItem, InlinePiece, Par, Spacing};

const LOREM: &str = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod \
    tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud \
    exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.";

/// What a region's frame holds, in order: a line (`Line`) or block (`Block`) with its
/// position and size, or a tag.
#[derive(Debug, Clone, PartialEq)]
enum Placed {
    Line { pos: Point, size: Size },
    Block { pos: Point, size: Size },
    Tag { pos: Point },
}

impl Placed {
    fn bottom(&self) -> Abs {
        match self {
            Placed::Line { pos, size } | Placed::Block { pos, size } => pos.y + size.height,
            Placed::Tag { pos } => pos.y,
        }
    }

    fn top(&self) -> Abs {
        match self {
            Placed::Line { pos, .. } | Placed::Block { pos, .. } | Placed::Tag { pos } => pos.y,
        }
    }
}

/// Lays out `items` into `regions` and hands each frame with its contents to `f`.
fn check<T>(
    items: &[FlowItem],
    regions: Regions,
    f: impl FnOnce(&[Frame], Vec<Vec<Placed>>) -> T,
) -> T {
    let world = TestWorld::new("");
    let fragment = with_cx(&world, |cx| layout_flow(cx, items, regions)).unwrap();
    let placed = fragment.0.iter().map(contents).collect();
    f(&fragment.0, placed)
}

fn contents(frame: &Frame) -> Vec<Placed> {
    frame
        .items()
        .filter_map(|(pos, item)| match item {
            FrameItem::Group(group) => {
                let text = group.frame.items().any(|(_, i)| matches!(i, FrameItem::Text(_)));
                let size = group.frame.size();
                Some(if text {
                    Placed::Line { pos: *pos, size }
                } else {
                    Placed::Block { pos: *pos, size }
                })
            }
            FrameItem::Tag(_) => Some(Placed::Tag { pos: *pos }),
            _ => None,
        })
        .collect()
}

fn lines(placed: &[Placed]) -> Vec<&Placed> {
    placed.iter().filter(|p| matches!(p, Placed::Line { .. })).collect()
}

fn styles(elem: Element, field: &str, value: Value) -> Styles {
    let mut args = Args::new(Span::detached(), []);
    if elem.fields().iter().any(|f| f.name == field && f.positional) {
        args.push(Span::detached(), value);
    } else {
        args.push_named(Span::detached(), Span::detached(), field.into(), value);
    }
    elem.set(&mut args).unwrap()
}

fn par(text: &str) -> FlowItem {
    par_styled(text, Styles::new())
}

fn par_styled(text: &str, styles: Styles) -> FlowItem {
    par_pieces(vec![piece(text, styles.clone())], styles)
}

fn piece(text: &str, styles: Styles) -> InlinePiece {
    InlinePiece::Text { text: EcoString::from(text), styles, span: Span::detached(), link: None }
}

fn par_pieces(items: Vec<InlinePiece>, styles: Styles) -> FlowItem {
    FlowItem::Par(Par { items, styles, span: Span::detached() })
}

fn v(pt: f64, weak: bool) -> FlowItem {
    let amount = Spacing::Rel(Rel::from(Length::abs(Abs::pt(pt))));
    FlowItem::Spacing { amount, weak, styles: Styles::new() }
}

fn block(height: f64) -> FlowItem {
    block_styled(height, Styles::new(), false)
}

fn block_styled(height: f64, styles: Styles, sticky: bool) -> FlowItem {
    let height = Value::Relative(Rel::from(Length::abs(Abs::pt(height))));
    // A fill gives the block something to draw, so that it shows up in the frame.
    let content = Content::new(BLOCK)
        .with_field("height", height)
        .with_field("sticky", Value::Bool(sticky))
        .with_field("fill", Value::Color(crate::model::Color::BLACK));
    FlowItem::Block { content, styles, locator: Locator::root() }
}

fn tag(key: u64) -> Tag {
    Tag { location: Locator::root().child(key).location(), info: TagInfo::Context }
}

fn pages(width: f64, height: f64) -> Regions {
    Regions::repeat(Size::new(Abs::pt(width), Abs::pt(height)), (true, true))
}

fn near(a: Abs, b: Abs) -> bool {
    (a - b).to_pt().abs() < 1e-6
}

/// The bottom of the last line of a paragraph laid out alone, with its line count.
fn natural(text: &str, width: f64) -> (usize, Vec<Abs>) {
    let regions = Regions::one(Size::new(Abs::pt(width), Abs::inf()), (true, false));
    check(&[par(text)], regions, |_, placed| {
        let lines = lines(&placed[0]);
        (lines.len(), lines.iter().map(|l| l.bottom()).collect())
    })
}

#[test]
fn flow_breaks_many_paragraphs_into_regions() {
    let items: Vec<FlowItem> =
        (0..100).map(|i| par(&format!("Paragraph {i} {}", &LOREM[..60]))).collect();
    check(&items, pages(150.0, 120.0), |frames, placed| {
        assert!(frames.len() > 5, "{}", frames.len());
        let total: usize = placed.iter().map(|p| lines(p).len()).sum();
        assert!(total >= 200);
        for (frame, placed) in frames.iter().zip(&placed) {
            assert_eq!(frame.size(), Size::new(Abs::pt(150.0), Abs::pt(120.0)));
            assert!(!placed.is_empty());
            for p in placed {
                assert!(p.bottom() <= Abs::pt(120.0) + Abs::pt(1e-6), "{p:?}");
            }
            // Nothing starts a region with spacing.
            assert!(near(placed[0].top(), Abs::zero()));
        }
    });
}

#[test]
fn flow_avoids_widows_and_orphans() {
    let (count, bottoms) = natural(LOREM, 120.0);
    assert!(count >= 5);
    // Room for all lines but the last: the last two move on together.
    let height = bottoms[count - 2].to_pt();
    check(&[par(LOREM)], pages(120.0, height), |_, placed| {
        assert_eq!(placed.len(), 2);
        assert_eq!(lines(&placed[0]).len(), count - 2);
        assert_eq!(lines(&placed[1]).len(), 2);
    });
    // A short first region (what is left below other content) may stay empty; a full
    // one never does.
    let first = bottoms[0].to_pt();
    let short =
        Regions { size: Size::new(Abs::pt(120.0), Abs::pt(first + 2.0)), ..pages(120.0, 500.0) };
    check(&[par(LOREM)], short, |frames, placed| {
        assert_eq!(frames.len(), 2);
        assert!(placed[0].is_empty() && frames[0].height() <= Abs::pt(first + 2.0));
        assert_eq!(lines(&placed[1]).len(), count);
    });
    check(&[par(LOREM)], pages(120.0, first + 2.0), |_, placed| {
        assert!(placed.iter().all(|p| !lines(p).is_empty()));
    });
    // A block leaves room for one line only: the paragraph starts in the next region.
    let height = 50.0 + 13.2 + first + 2.0;
    check(&[block(50.0), par(LOREM)], pages(120.0, height), |_, placed| {
        assert!(lines(&placed[0]).is_empty());
        assert!(lines(&placed[1]).len() >= 2);
    });
}

#[test]
fn flow_spaces_paragraphs_and_lines() {
    let (_, bottoms) = natural("a", 100.0);
    let line = bottoms[0];
    let regions = Regions::one(Size::new(Abs::pt(100.0), Abs::inf()), (true, false));
    check(&[par("a"), par("b")], regions, |frames, placed| {
        // Paragraph spacing 1.2em of 11pt between the lines, none around.
        let lines = lines(&placed[0]);
        assert!(near(lines[1].top() - lines[0].bottom(), Abs::pt(13.2)));
        assert!(near(frames[0].height(), line * 2.0 + Abs::pt(13.2)));
    });
    check(&[par("a\nb")], regions, |_, placed| {
        let lines = lines(&placed[0]);
        assert!(near(lines[1].top() - lines[0].bottom(), Abs::pt(0.65 * 11.0)));
    });
}

#[test]
fn flow_collapses_weak_spacing() {
    let regions = Regions::one(Size::new(Abs::pt(100.0), Abs::inf()), (true, false));
    // Weak `v` beats paragraph spacing; of two weak ones, the larger stays.
    check(&[par("a"), v(10.0, true), v(20.0, true), par("b")], regions, |_, placed| {
        let lines = lines(&placed[0]);
        assert!(near(lines[1].top() - lines[0].bottom(), Abs::pt(20.0)));
    });
    check(&[par("a"), v(0.0, true), par("b")], regions, |_, placed| {
        let lines = lines(&placed[0]);
        assert!(near(lines[1].top() - lines[0].bottom(), Abs::zero()));
    });
    // Hard spacing adds to the paragraph spacing before it, which the one after it
    // joins.
    check(&[par("a"), v(10.0, false), par("b")], regions, |_, placed| {
        let lines = lines(&placed[0]);
        assert!(near(lines[1].top() - lines[0].bottom(), Abs::pt(10.0 + 13.2)));
    });
    // Weak spacing vanishes at the edges of a region.
    check(&[v(30.0, true), par("a"), v(30.0, true)], regions, |frames, placed| {
        assert!(near(lines(&placed[0])[0].top(), Abs::zero()));
        assert!(near(frames[0].height(), lines(&placed[0])[0].bottom()));
    });
}

#[test]
fn flow_gives_fractional_spacing_the_rest() {
    let fr = FlowItem::Spacing { amount: Spacing::Fr(Fr(1.0)), weak: false, styles: Styles::new() };
    check(&[par("a"), fr, block(20.0)], pages(100.0, 200.0), |_, placed| {
        let last = placed[0].last().unwrap();
        assert!(matches!(last, Placed::Block { .. }));
        assert!(near(last.bottom(), Abs::pt(200.0)), "{last:?}");
    });
    // Two fractions share in proportion.
    let frs =
        |n| FlowItem::Spacing { amount: Spacing::Fr(Fr(n)), weak: false, styles: Styles::new() };
    check(&[frs(1.0), block(10.0), frs(3.0)], pages(100.0, 90.0), |_, placed| {
        assert!(near(placed[0][0].top(), Abs::pt(20.0)), "{:?}", placed[0]);
    });
}

#[test]
fn flow_breaks_columns_and_moves_blocks_on() {
    check(
        &[par("a"), FlowItem::Colbreak { weak: false }, par("b")],
        pages(100.0, 100.0),
        |frames, _| {
            assert_eq!(frames.len(), 2);
        },
    );
    // A weak break at the start of a region does nothing.
    check(&[FlowItem::Colbreak { weak: true }, par("b")], pages(100.0, 100.0), |frames, _| {
        assert_eq!(frames.len(), 1);
    });
    // A block that does not fit goes to the next region; a region never stays empty.
    check(&[block(60.0), block(60.0), block(150.0)], pages(100.0, 100.0), |_, placed| {
        assert_eq!(placed.len(), 3);
        assert!(placed.iter().all(|p| p.len() == 1));
    });
}

#[test]
fn flow_moves_sticky_blocks_with_their_successor() {
    let heading = block_styled(10.0, Styles::new(), true);
    check(&[block(70.0), heading, block(40.0)], pages(100.0, 100.0), |_, placed| {
        assert_eq!(placed[0].len(), 1);
        assert_eq!(placed[1].len(), 2);
        assert!(near(placed[1][0].top(), Abs::zero()));
    });
}

#[test]
fn flow_places_tags_and_links() {
    let mut link = piece("link", Styles::new());
    if let InlinePiece::Text { link: dest, .. } = &mut link {
        *dest = Some(Destination::Url("https://typst.app".into()));
    }
    let items = [
        FlowItem::Tag(tag(1)),
        par_pieces(vec![piece("a ", Styles::new()), InlinePiece::Tag(tag(2)), link], Styles::new()),
        block(10.0),
        FlowItem::Tag(tag(3)),
    ];
    let regions = Regions::one(Size::new(Abs::pt(100.0), Abs::inf()), (true, false));
    check(&items, regions, |frames, placed| {
        let tags: Vec<Abs> =
            placed[0].iter().filter(|p| matches!(p, Placed::Tag { .. })).map(|p| p.top()).collect();
        assert_eq!(tags, [Abs::zero(), frames[0].height()]);
        let line = frames[0]
            .items()
            .find_map(|(_, item)| match item {
                FrameItem::Group(g)
                    if g.frame.items().any(|(_, i)| matches!(i, FrameItem::Text(_))) =>
                {
                    Some(g.frame.clone())
                }
                _ => None,
            })
            .unwrap();
        let tag_x = line
            .items()
            .find_map(|(pos, i)| matches!(i, FrameItem::Tag(_)).then_some(pos.x))
            .unwrap();
        let link = line.items().find_map(|(pos, i)| match i {
            FrameItem::Link(Destination::Url(url), size) => Some((pos.x, url.clone(), *size)),
            _ => None,
        });
        let (link_x, url, size) = link.unwrap();
        assert_eq!(url, "https://typst.app");
        assert!(tag_x > Abs::zero() && near(tag_x, link_x), "{tag_x:?} {link_x:?}");
        assert!(size.width > Abs::zero() && near(size.height, line.height()));
    });
}

#[test]
fn flow_places_content_without_taking_space() {
    let bottom_right = Alignment { x: Some(HAlign::Right), y: Some(VAlign::Bottom) };
    let rect = Content::new(BLOCK)
        .with_field("width", Value::Relative(Rel::from(Length::abs(Abs::pt(10.0)))))
        .with_field("height", Value::Relative(Rel::from(Length::abs(Abs::pt(10.0)))))
        .with_field("fill", Value::Color(crate::model::Color::BLACK));
    let place = Content::new(PLACE)
        .with_field("alignment", Value::Alignment(bottom_right))
        .with_field("body", Value::Content(rect));
    let items = [
        FlowItem::Block { content: place, styles: Styles::new(), locator: Locator::root() },
        par("a"),
    ];
    check(&items, pages(100.0, 100.0), |frames, placed| {
        assert!(near(lines(&placed[0])[0].top(), Abs::zero()));
        let group = frames[0]
            .items()
            .find_map(|(pos, item)| match item {
                FrameItem::Group(g)
                    if !g.frame.items().any(|(_, i)| matches!(i, FrameItem::Text(_))) =>
                {
                    Some(*pos)
                }
                _ => None,
            })
            .unwrap();
        assert_eq!(group, Point::new(Abs::pt(90.0), Abs::pt(90.0)));
    });
}

#[test]
fn flow_aligns_blocks_and_shrinks_to_fit() {
    let centered = styles(ALIGN_ELEM, "alignment", Value::Alignment(Alignment::h(HAlign::Center)));
    let narrow = Content::new(BLOCK)
        .with_field("width", Value::Relative(Rel::from(Length::abs(Abs::pt(40.0)))))
        .with_field("height", Value::Relative(Rel::from(Length::abs(Abs::pt(10.0)))))
        .with_field("fill", Value::Color(crate::model::Color::BLACK));
    let items =
        [FlowItem::Block { content: narrow, styles: centered.clone(), locator: Locator::root() }];
    check(&items, pages(100.0, 100.0), |_, placed| {
        assert_eq!(placed[0][0].top(), Abs::zero());
        let Placed::Block { pos, .. } = placed[0][0] else { panic!() };
        assert!(near(pos.x, Abs::pt(30.0)));
    });
    // In a region that need not be filled, the frame is as wide as the widest line, and
    // centered lines are centered within that width.
    let regions = Regions::one(Size::new(Abs::pt(300.0), Abs::inf()), (false, false));
    check(&[par_styled("a\nlonger line", centered)], regions, |frames, placed| {
        let width = frames[0].width();
        assert!(width < Abs::pt(100.0) && width > Abs::zero());
        let lines = lines(&placed[0]);
        let Placed::Line { size, .. } = lines[0] else { panic!() };
        assert!(near(size.width, width));
    });
}

#[test]
fn flow_keeps_paragraph_order_in_parallel() {
    let items: Vec<FlowItem> = (0..40).map(|i| par(&"word ".repeat(i + 1))).collect();
    let regions = Regions::one(Size::new(Abs::pt(100.0), Abs::inf()), (true, false));
    check(&items, regions, |_, placed| {
        let lines = lines(&placed[0]);
        // Paragraph i has about i / 16 + 1 lines; longer paragraphs come later.
        assert!(lines.len() > 40);
        assert!(lines.windows(2).all(|w| w[0].top() < w[1].top()));
    });
}

#[test]
fn flow_lets_set_block_spacing_beat_paragraph_spacing() {
    let regions = Regions::one(Size::new(Abs::pt(100.0), Abs::inf()), (true, false));
    // A heading-like block with `below: 5pt` sits 5pt above the next paragraph, although
    // the paragraph spacing is larger; unset block spacing is the paragraph spacing.
    let below = styles(BLOCK, "below", Value::Length(Length::abs(Abs::pt(5.0))));
    check(&[block_styled(10.0, below, true), par("a")], regions, |_, placed| {
        let block = &placed[0][0];
        let line = lines(&placed[0])[0];
        assert!(near(line.top() - block.bottom(), Abs::pt(5.0)), "{placed:?}");
    });
    check(&[par("a"), block(10.0)], regions, |_, placed| {
        let line = lines(&placed[0])[0];
        let block = placed[0].last().unwrap();
        assert!(near(block.top() - line.bottom(), Abs::pt(13.2)), "{placed:?}");
    });
}

#[test]
fn flow_indents_only_consecutive_paragraphs() {
    use crate::model::PAR;
    let regions = Regions::one(Size::new(Abs::pt(200.0), Abs::inf()), (true, false));
    let indent = styles(PAR, "first-line-indent", Value::Length(Length::abs(Abs::pt(20.0))));
    let first_x = |frame: &Frame, index: usize| {
        let groups: Vec<(Point, Frame)> = frame
            .items()
            .filter_map(|(pos, item)| match item {
                FrameItem::Group(g) => Some((*pos, g.frame.clone())),
                _ => None,
            })
            .collect();
        let line = &groups[index].1;
        line.items().find_map(|(pos, i)| matches!(i, FrameItem::Text(_)).then_some(pos.x)).unwrap()
    };
    let items = [
        par_styled("a", indent.clone()),
        par_styled("b", indent.clone()),
        block(5.0),
        par_styled("c", indent.clone()),
    ];
    check(&items, regions, |frames, _| {
        assert_eq!(first_x(&frames[0], 0), Abs::zero());
        assert_eq!(first_x(&frames[0], 1), Abs::pt(20.0));
        assert_eq!(first_x(&frames[0], 3), Abs::zero());
    });
    let mut all = Dict::new();
    all.insert("amount".into(), Value::Length(Length::abs(Abs::pt(20.0))));
    all.insert("all".into(), Value::Bool(true));
    let all = styles(PAR, "first-line-indent", Value::Dict(all));
    check(&[par_styled("a", all)], regions, |frames, _| {
        assert_eq!(first_x(&frames[0], 0), Abs::pt(20.0));
    });
}

#[test]
fn flow_moves_tags_on_with_their_content() {
    let tags =
        |placed: &[Placed]| placed.iter().filter(|p| matches!(p, Placed::Tag { .. })).count();
    check(&[block(60.0), FlowItem::Tag(tag(1)), block(60.0)], pages(100.0, 100.0), |_, placed| {
        assert_eq!((tags(&placed[0]), tags(&placed[1])), (0, 1));
        assert_eq!(placed[1][0], Placed::Tag { pos: Point::zero() });
    });
    // A heading's tag goes with the heading when the heading moves on with the block
    // after it.
    let items =
        [block(70.0), FlowItem::Tag(tag(2)), block_styled(10.0, Styles::new(), true), block(40.0)];
    check(&items, pages(100.0, 100.0), |_, placed| {
        assert_eq!((tags(&placed[0]), tags(&placed[1])), (0, 1));
        assert_eq!(placed[1].len(), 3);
    });
    // At the end of the flow, a tag stays.
    check(&[block(60.0), FlowItem::Tag(tag(3))], pages(100.0, 100.0), |frames, placed| {
        assert_eq!(frames.len(), 1);
        assert_eq!(tags(&placed[0]), 1);
    });
}

#[test]
fn flow_floats_to_the_edges_and_takes_space() {
    let rect = Content::new(BLOCK)
        .with_field("height", Value::Relative(Rel::from(Length::abs(Abs::pt(30.0)))))
        .with_field("fill", Value::Color(crate::model::Color::BLACK));
    let float = |y: VAlign| {
        let place = Content::new(PLACE)
            .with_field("alignment", Value::Alignment(Alignment::v(y)))
            .with_field("float", Value::Bool(true))
            .with_field("body", Value::Content(rect.clone()));
        FlowItem::Block { content: place, styles: Styles::new(), locator: Locator::root() }
    };
    let items: Vec<FlowItem> =
        std::iter::once(float(VAlign::Bottom)).chain((0..6).map(|_| par(LOREM))).collect();
    check(&items, pages(120.0, 200.0), |_, placed| {
        // The float sits at the bottom of the first region; lines stop above it and its
        // clearance (1.5em).
        let float = placed[0].iter().find(|p| matches!(p, Placed::Block { .. })).unwrap();
        assert!(near(float.bottom(), Abs::pt(200.0)));
        let last = lines(&placed[0]).last().unwrap().bottom();
        assert!(last <= Abs::pt(200.0 - 30.0 - 16.5) + Abs::pt(1e-6), "{last:?}");
    });
    check(&[par("a"), float(VAlign::Top)], pages(120.0, 200.0), |_, placed| {
        let float = placed[0].iter().find(|p| matches!(p, Placed::Block { .. })).unwrap();
        assert!(near(float.top(), Abs::zero()));
        assert!(near(lines(&placed[0])[0].top(), Abs::pt(30.0 + 16.5)));
    });
}

#[test]
fn flow_collapses_spacing_across_floats() {
    let rect = Content::new(BLOCK)
        .with_field("height", Value::Relative(Rel::from(Length::abs(Abs::pt(10.0)))))
        .with_field("fill", Value::Color(crate::model::Color::BLACK));
    let top = Alignment { x: None, y: Some(VAlign::Top) };
    let float = Content::new(PLACE)
        .with_field("alignment", Value::Alignment(top))
        .with_field("float", Value::Bool(true))
        .with_field("body", Value::Content(rect));
    let items = [
        par("a"),
        FlowItem::Block { content: float, styles: Styles::new(), locator: Locator::root() },
        par("b"),
    ];
    check(&items, pages(100.0, 200.0), |_, placed| {
        // The float is out of the flow: the paragraphs keep one paragraph spacing.
        let lines = lines(&placed[0]);
        assert!(near(lines[1].top() - lines[0].bottom(), Abs::pt(13.2)));
    });
}
