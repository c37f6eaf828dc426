//! Collection: flow items → children for distribution. Paragraphs are laid out into lines
//! here, all of one flow in parallel (their lines depend on the width only, not on where
//! they land), each task with its own engine whose warnings and reads are merged back in
//! input order. Spacing is resolved to lengths, blocks get their `above`/`below` spacing,
//! and every line gets what it needs to keep widows and orphans away.
//!
//! Weak spacing carries a weakness: 0 is hard spacing, weak `v` is 1, block spacing that
//! was set (`above`, `below`, `spacing`) 3, paragraph spacing (which blocks without set
//! spacing use too) 4 and the leading between lines 5. Of adjacent weak spacings the less
//! weak wins, and of equally weak ones the larger (see `distribute`): so a heading's
//! `below` decides the gap to the paragraph after it, as in Typst.

use rayon::prelude::*;

use crate::base::{Abs, Em, Locator, Point, SourceResult, Tag};
use crate::doc::{Frame, FrameItem};
use crate::eval::Engine;
use crate::layout::blocks::{fractional_box, layout_inline_elem, layout_par_lines};
use crate::layout::inline::{self, HAlign, InlineItem, Line, TextStyle};
use crate::layout::text::{
    alignment, font_size, indent_all, paint, par_spacing, par_style, resolve_length, resolve_rel,
    text_style, x_share, y_share,
};
use crate::layout::{LayoutContext, Regions};
use crate::model::{
    Alignment, BLOCK, Color, Content, PLACE, PLACE_FLUSH, Rel, StyleChain, Styles, VAlign, Value,
};
use crate::realize::{FlowItem, InlinePiece, Par, Spacing};

use super::lines::Marker;

/// The weakness of a weak `v`.
pub(super) const WEAK_V: u8 = 1;
/// The weakness of block spacing that was set.
pub(super) const BLOCK_SPACING: u8 = 3;
/// The weakness of paragraph spacing.
pub(super) const PAR_SPACING: u8 = 4;
/// The weakness of the leading between lines.
pub(super) const LEADING: u8 = 5;

/// One piece of the flow, ready to be distributed into regions.
#[derive(Debug)]
pub(super) enum Child<'a> {
    /// A line of a paragraph.
    Line(LineChild),
    /// Spacing of `amount` plus `ratio` of the region's full height.
    Rel {
        amount: Abs,
        ratio: f64,
        weakness: u8,
    },
    /// Fractional spacing.
    Fr(f64),
    /// A block-level element, laid out once its region is known.
    Block(BlockChild<'a>),
    /// Content placed out of the flow (`place`).
    Place(PlaceChild<'a>),
    /// `place.flush`: the floats still waiting are placed before what follows.
    Flush,
    Colbreak {
        weak: bool,
    },
    Tag(Tag),
}

/// A laid-out line.
#[derive(Debug)]
pub(super) struct LineChild {
    pub frame: Frame,
    /// The height that must fit for the line to stay in the region: more than the line
    /// itself where taking it alone would leave an orphan or a widow.
    pub need: Abs,
    /// The horizontal and vertical alignment shares.
    pub x: f64,
    pub y: f64,
}

/// A block-level element.
#[derive(Debug)]
pub(super) struct BlockChild<'a> {
    pub content: &'a Content,
    pub styles: &'a Styles,
    pub locator: Locator,
    pub x: f64,
    pub y: f64,
    /// Whether it moves to the next region with the block after it.
    pub sticky: bool,
}

/// A placed element.
#[derive(Debug)]
pub(super) struct PlaceChild<'a> {
    pub body: Content,
    pub styles: &'a Styles,
    pub locator: Locator,
    /// The horizontal share; the vertical one, `None` where it is the flow position.
    pub x: f64,
    pub y: Option<f64>,
    pub float: bool,
    pub clearance: Abs,
    pub dx: Rel,
    pub dy: Rel,
}

/// A paragraph laid out into lines.
struct ParLines {
    lines: Vec<Line>,
    leading: Abs,
    spacing: Abs,
    x: f64,
    y: f64,
    /// The paragraph's tags, kept only when it has no lines to carry them.
    tags: Vec<Tag>,
}

/// Turns the flow's items into children.
pub(super) fn collect<'a>(
    cx: &mut LayoutContext,
    items: &'a [FlowItem],
    regions: &Regions,
) -> SourceResult<Vec<Child<'a>>> {
    // A paragraph right after another one (tags aside) gets its first-line indent.
    let mut pars: Vec<(&Par, bool)> = Vec::new();
    let mut after_par = false;
    for item in items {
        match item {
            FlowItem::Par(par) => {
                pars.push((par, after_par));
                after_par = true;
            }
            FlowItem::Tag(_) => {}
            _ => after_par = false,
        }
    }
    let mut laid = layout_pars(cx, &pars, regions)?.into_iter();
    let mut out = Vec::with_capacity(items.len() * 4);
    for item in items {
        match item {
            FlowItem::Par(_) => {
                if let Some(par) = laid.next() {
                    push_par(&mut out, par);
                }
            }
            FlowItem::Spacing { amount, weak, styles } => {
                let weakness = if *weak { WEAK_V } else { 0 };
                match amount {
                    Spacing::Rel(rel) => out.push(Child::Rel {
                        amount: resolve_length(styles, rel.abs),
                        ratio: rel.rel.get(),
                        weakness,
                    }),
                    Spacing::Fr(fr) => out.push(Child::Fr(fr.get())),
                }
            }
            FlowItem::Block { content, styles, locator } => {
                if content.is(PLACE) {
                    out.push(Child::Place(place_child(content, styles, *locator)));
                    continue;
                }
                if content.is(PLACE_FLUSH) {
                    out.push(Child::Flush);
                    continue;
                }
                let get = |name: &str| block_field(content, styles, name);
                let spacing = get("spacing");
                out.push(spacing_child(get("above").or_else(|| spacing.clone()), styles));
                let (x, y) = alignment(styles);
                let dir = crate::layout::text::dir(styles);
                out.push(Child::Block(BlockChild {
                    content,
                    styles,
                    locator: *locator,
                    x: x_share(x, dir),
                    y: y_share(y),
                    sticky: matches!(get("sticky"), Some(Value::Bool(true))),
                }));
                out.push(spacing_child(get("below").or(spacing), styles));
            }
            FlowItem::Colbreak { weak } => out.push(Child::Colbreak { weak: *weak }),
            FlowItem::Tag(tag) => out.push(Child::Tag(tag.clone())),
        }
    }
    Ok(out)
}

/// A `block` property of a block-level element: its own field for `block`s, else the
/// one set by `set block(..)`; `auto` counts as unset.
fn block_field(content: &Content, styles: &Styles, name: &str) -> Option<Value> {
    let own = if content.is(BLOCK) { content.field(name) } else { None };
    own.or_else(|| StyleChain::new(styles).get(BLOCK, name))
        .filter(|value| !matches!(value, Value::Auto | Value::None))
        .cloned()
}

/// Block spacing from a `block.above`/`below`/`spacing` value; without one, the
/// paragraph spacing.
fn spacing_child<'a>(value: Option<Value>, styles: &Styles) -> Child<'a> {
    let rel = |rel: Rel| Child::Rel {
        amount: resolve_length(styles, rel.abs),
        ratio: rel.rel.get(),
        weakness: BLOCK_SPACING,
    };
    match value {
        Some(Value::Relative(r)) => rel(r),
        Some(Value::Length(l)) => rel(l.into()),
        Some(Value::Ratio(r)) => rel(r.into()),
        Some(Value::Fraction(fr)) => Child::Fr(fr.get()),
        _ => Child::Rel { amount: par_spacing(styles), ratio: 0.0, weakness: PAR_SPACING },
    }
}

/// The settings of a `place` element.
fn place_child<'a>(content: &Content, styles: &'a Styles, locator: Locator) -> PlaceChild<'a> {
    let chain = StyleChain::new(styles);
    let get = |name: &str| content.field(name).or_else(|| chain.get(PLACE, name)).cloned();
    let dir = crate::layout::text::dir(styles);
    let (x, y) = match get("alignment") {
        Some(Value::Alignment(Alignment { x, y })) => (x, y),
        Some(Value::Auto) => (None, None),
        _ => (None, Some(VAlign::Top)),
    };
    let x = x_share(x.unwrap_or(crate::model::HAlign::Start), dir);
    let rel = |name: &str| match get(name) {
        Some(Value::Relative(r)) => r,
        Some(Value::Length(l)) => l.into(),
        Some(Value::Ratio(r)) => r.into(),
        _ => Rel::default(),
    };
    let clearance = match get("clearance") {
        Some(Value::Length(l)) => resolve_length(styles, l),
        _ => Em::new(1.5).at(font_size(styles)),
    };
    PlaceChild {
        body: match get("body") {
            Some(Value::Content(body)) => body,
            _ => Content::empty(),
        },
        styles,
        locator,
        x,
        y: y.map(y_share),
        float: matches!(get("float"), Some(Value::Bool(true))),
        clearance,
        dx: rel("dx"),
        dy: rel("dy"),
    }
}

/// Adds a paragraph's lines with leading between them and paragraph spacing around.
fn push_par(out: &mut Vec<Child>, par: ParLines) {
    let ParLines { lines, leading, spacing, x, y, tags } = par;
    if lines.is_empty() {
        out.extend(tags.into_iter().map(Child::Tag));
        return;
    }
    out.push(Child::Rel { amount: spacing, ratio: 0.0, weakness: PAR_SPACING });
    let len = lines.len();
    let prevent_orphans = len >= 2 && !lines[1].frame.is_empty();
    let prevent_widows = len >= 2 && !lines[len - 2].frame.is_empty();
    let prevent_all = len == 3 && prevent_orphans && prevent_widows;
    let height = |i: usize| lines.get(i).map_or(Abs::zero(), |l| l.frame.height());
    let (front_1, front_2) = (height(0), height(1));
    let (back_2, back_1) = (height(len.saturating_sub(2)), height(len - 1));
    for (i, line) in lines.into_iter().enumerate() {
        if i > 0 {
            out.push(Child::Rel { amount: leading, ratio: 0.0, weakness: LEADING });
        }
        // Keep at least two lines together at either end of a paragraph: the first line
        // needs room for the second, the second to last for the last.
        let need = if prevent_all && i == 0 {
            front_1 + leading + front_2 + leading + back_1
        } else if prevent_orphans && i == 0 {
            front_1 + leading + front_2
        } else if prevent_widows && i >= 2 && i + 2 == len {
            back_2 + leading + back_1
        } else {
            line.frame.height()
        };
        out.push(Child::Line(LineChild { frame: line.frame, need, x, y }));
    }
    out.push(Child::Rel { amount: spacing, ratio: 0.0, weakness: PAR_SPACING });
}

/// Lays out the paragraphs, in parallel when there are several.
fn layout_pars(
    cx: &mut LayoutContext,
    pars: &[(&Par, bool)],
    regions: &Regions,
) -> SourceResult<Vec<ParLines>> {
    if pars.len() <= 1 {
        return pars.iter().map(|&(par, indent)| layout_par(cx, par, indent, regions)).collect();
    }
    let world = cx.engine.world;
    let introspector = cx.engine.introspector;
    let (here, depth, fonts) = (&cx.engine.here, cx.engine.depth, cx.fonts);
    let results: Vec<_> = pars
        .par_iter()
        .map(|&(par, indent)| {
            let mut engine = Engine::with_introspector(world, introspector);
            engine.here = here.clone();
            engine.depth = depth;
            let result =
                layout_par(&mut LayoutContext { engine: &mut engine, fonts }, par, indent, regions);
            (result, engine.warnings, engine.reads)
        })
        .collect();
    let mut out = Vec::with_capacity(results.len());
    for (result, warnings, reads) in results {
        cx.engine.warnings.extend(warnings);
        cx.engine.reads.extend(reads);
        out.push(result?);
    }
    Ok(out)
}

/// Lays out one paragraph into lines as wide as the region, or, in a region that need
/// not be filled, as wide as its widest line. Its first line is indented only when
/// `indent` (it follows another paragraph) or `first-line-indent` says `all`.
fn layout_par(
    cx: &mut LayoutContext,
    par: &Par,
    indent: bool,
    regions: &Regions,
) -> SourceResult<ParLines> {
    let width = regions.size.width;
    let mut items = Vec::with_capacity(par.items.len());
    let mut tags = Vec::new();
    let mut cached: Option<(&Styles, TextStyle)> = None;
    for (index, piece) in par.items.iter().enumerate() {
        match piece {
            InlinePiece::Text { text, styles, span, link } => {
                let mut style = match &cached {
                    Some((prev, style)) if *prev == styles => style.clone(),
                    _ => {
                        let style = text_style(styles);
                        cached = Some((styles, style.clone()));
                        style
                    }
                };
                style.link = link.clone();
                items.push(InlineItem::Text { text: text.clone(), style, span: *span });
            }
            InlinePiece::Spacing { amount, weak, styles } => {
                let amount = match amount {
                    Spacing::Rel(rel) => inline::Spacing::Abs(resolve_rel(styles, *rel, width)),
                    Spacing::Fr(fr) => inline::Spacing::Fr(fr.get()),
                };
                items.push(InlineItem::Spacing { amount, weak: *weak });
            }
            InlinePiece::Linebreak { justify } => {
                items.push(InlineItem::Linebreak { justify: *justify })
            }
            InlinePiece::Box { content, styles, locator, link } => {
                if let Some(item) = fractional_box(index, piece) {
                    items.push(item);
                    continue;
                }
                let mut frame = layout_inline_elem(cx, content, styles, *locator, regions.base())?;
                if crate::realize::hidden(styles) {
                    hide(&mut frame);
                }
                if let Some(dest) = link {
                    let size = frame.size();
                    frame.push(Point::zero(), FrameItem::Link(dest.clone(), size));
                }
                items.push(InlineItem::Frame { frame, span: content.span() });
            }
            InlinePiece::Tag(tag) => {
                items.push(InlineItem::Tag(tag.clone()));
                tags.push(tag.clone());
            }
        }
    }

    let mut style = par_style(&par.styles, width);
    if !indent && !indent_all(&par.styles) {
        style.first_line_indent = Abs::zero();
    }
    let (_, y) = alignment(&par.styles);
    let x = align_share(style.align, style.dir);
    let shrink = !regions.expand.0 || !width.is_finite();
    if shrink {
        // Lines are laid out flush left and aligned below once the width is known.
        style.align = HAlign::Left;
    }
    let mut lines = layout_par_lines(cx, &par.items, &items, &style, regions.base())?;
    // Hidden text was shaped with the invisible fill that `hide` sets: its runs go.
    if par.items.iter().any(
        |piece| matches!(piece, InlinePiece::Text { styles, .. } if crate::realize::hidden(styles)),
    ) {
        let invisible = paint(Color::BLACK.with_alpha(0.0));
        let keep = |item: &FrameItem| !matches!(item, FrameItem::Text(t) if t.fill == invisible);
        for line in &mut lines {
            retain(&mut line.frame, &keep);
        }
    }
    // Numbered lines carry a marker at their baseline for the page's flow.
    if let Some(marker) = Marker::of(&par.styles) {
        for line in &mut lines {
            let baseline = line.frame.baseline();
            line.frame.push(Point::new(Abs::zero(), baseline), FrameItem::Tag(marker.tag()));
        }
    }
    if shrink && !lines.is_empty() {
        let indent = |i: usize| if i == 0 { style.first_line_indent } else { style.hanging_indent };
        let target = lines
            .iter()
            .enumerate()
            .map(|(i, line)| line.width + indent(i))
            .fold(Abs::zero(), Abs::max);
        let target = if width.is_finite() { target.min(width.max(Abs::zero())) } else { target };
        for (i, line) in lines.iter_mut().enumerate() {
            let shift = (target - indent(i) - line.width).max(Abs::zero()) * x;
            let (height, baseline) = (line.frame.height(), line.frame.baseline());
            line.frame.set_size(crate::base::Size::new(target, height));
            line.frame.set_baseline(baseline);
            line.frame.translate(Point::new(shift, Abs::zero()));
        }
    }
    Ok(ParLines {
        lines,
        leading: style.leading,
        spacing: par_spacing(&par.styles),
        x,
        y: y_share(y),
        tags,
    })
}

/// The share of free space left of a line for a paragraph alignment.
fn align_share(align: HAlign, dir: inline::Dir) -> f64 {
    let rtl = dir == inline::Dir::Rtl;
    match (align, rtl) {
        (HAlign::Left, _) | (HAlign::Start, false) | (HAlign::End, true) => 0.0,
        (HAlign::Center, _) => 0.5,
        (HAlign::Right, _) | (HAlign::End, false) | (HAlign::Start, true) => 1.0,
    }
}

/// Removes what `frame` draws, keeping its size and its tags: the look of hidden
/// content.
pub(super) fn hide(frame: &mut Frame) {
    retain(frame, &|item| matches!(item, FrameItem::Tag(_)));
}

/// Keeps of `frame`'s items (searching its groups) those that `keep` picks.
pub(super) fn retain(frame: &mut Frame, keep: &dyn Fn(&FrameItem) -> bool) {
    let nested = |item: &FrameItem| matches!(item, FrameItem::Group(_));
    if frame.items().all(|(_, item)| keep(item) && !nested(item)) {
        return;
    }
    let mut out = Frame::new(frame.size());
    out.set_baseline(frame.baseline());
    for (pos, item) in frame.items() {
        match item {
            FrameItem::Group(group) => {
                let mut group = group.clone();
                retain(&mut group.frame, keep);
                out.push(*pos, FrameItem::Group(group));
            }
            item if keep(item) => out.push(*pos, item.clone()),
            _ => {}
        }
    }
    *frame = out;
}
