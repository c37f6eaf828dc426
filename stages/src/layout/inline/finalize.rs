//! Finalization: chosen line ranges → one frame per line.
//!
//! For each line: the items in the range are gathered in logical order (runs cut where the
//! line starts or ends are sliced, or shaped again when the cut is not safe to break),
//! trailing spaces and leading weak spacing are dropped, a hyphen is added after a
//! hyphenated break, spaces are stretched or shrunk to justify, fractional spacing and
//! fractional boxes share the remaining space (the boxes are laid out in their share by
//! the caller's callback), bidi reorders the pieces into visual order (right-to-left runs
//! with their glyphs reversed), and the line is aligned within the paragraph width after
//! the first-line or hanging indent.
//!
//! Text with a link gets a `FrameItem::Link` over its advance and the line's height, and
//! the paragraph's tags become `FrameItem::Tag`s at the x of the text they stand before
//! (on the baseline's line top).
//!
//! The line box reaches from the highest top edge to the lowest bottom edge of its text
//! (Typst's `top-edge` and `bottom-edge`, by default the cap height and the baseline) and
//! of its inline boxes; the frame's baseline is the highest top edge.
//!
//! The file runs past 700 lines because it holds the paragraph's end-to-end tests, all
//! through one `check` helper.

use std::borrow::Cow;

use ecow::{EcoString, EcoVec};
use quire_shaping::OutlineCache;
use unicode_bidi::{BidiInfo, Level};

use crate::base::{Abs, Em, Point, Size, SourceResult};
use crate::doc::{Frame, FrameItem, Glyph, TextItem};

use super::deco::decorate;
use super::linebreak::{BreakKind, LineSpec, SHRINK, available, item_at, trim_end};
use super::shape::{Item, Prepared, RunGlyph, SOFT_HYPHEN, ShapedRun, shape_range};
use super::{BottomEdge, Dir, HAlign, InlineContext, Line, ParStyle, TopEdge};

/// One piece of a line, in logical order.
enum Piece<'a> {
    /// A run of glyphs, with the hyphen glyph when the line is hyphenated after it.
    Text {
        run: ShapedRun<'a>,
        hyphen: Option<RunGlyph>,
    },
    Absolute(Abs),
    /// Fractional spacing, or with an id a fractional box not laid out yet.
    Fractional(f64, Option<usize>),
    Frame(Cow<'a, Frame>),
}

impl Piece<'_> {
    fn width(&self) -> Abs {
        match self {
            Piece::Text { run, hyphen } => {
                let glyphs = run.glyphs.iter().chain(hyphen);
                glyphs.map(|g| g.x_advance.at(run.size())).sum()
            }
            Piece::Absolute(amount) => *amount,
            Piece::Fractional(..) => Abs::zero(),
            Piece::Frame(frame) => frame.width(),
        }
    }
}

/// Builds the frames of the chosen lines, laying out fractional boxes with `frbox`.
pub(super) fn finalize(
    ctx: &InlineContext,
    p: &Prepared,
    lines: &[LineSpec],
    par: &ParStyle,
    frbox: &mut dyn FnMut(usize, Abs) -> SourceResult<Frame>,
) -> SourceResult<Vec<Line>> {
    let mut outlines = None;
    let mut prev = None;
    let mut out = Vec::with_capacity(lines.len());
    for spec in lines {
        out.push(finalize_line(ctx, p, spec, prev, par, &mut outlines, frbox)?);
        prev = Some(spec);
    }
    Ok(out)
}

fn finalize_line(
    ctx: &InlineContext,
    p: &Prepared,
    spec: &LineSpec,
    prev: Option<&LineSpec>,
    par: &ParStyle,
    outlines: &mut Option<OutlineCache>,
    frbox: &mut dyn FnMut(usize, Abs) -> SourceResult<Frame>,
) -> SourceResult<Line> {
    let end = trim_end(p, spec.start, spec.end);
    let mut ranges = Vec::new();
    let mut pieces = gather(ctx, p, spec.start, end, &mut ranges);
    if let Some(piece) = repeated_hyphen(p, prev, spec) {
        pieces.insert(0, piece);
        ranges.insert(0, spec.start..spec.start);
    }
    let mut hyphenated = false;
    if spec.kind == BreakKind::Hyphen
        && let Some((Piece::Text { run, hyphen }, _)) = pieces.last_mut()
    {
        *hyphen = run.hyphen.clone();
        hyphenated = hyphen.is_some();
    }

    let natural: Abs = pieces.iter().map(|(piece, _)| piece.width()).sum();
    let available = available(par, spec.start);
    let fr: f64 = pieces
        .iter()
        .map(|(piece, _)| if let Piece::Fractional(fr, _) = piece { *fr } else { 0.0 })
        .sum();
    let mut width = natural;
    let mut fr_unit = Abs::zero();
    if fr > 0.0 {
        // Like Typst, fractions share nothing of an unbounded line.
        let remaining = (available - natural).max(Abs::zero());
        if remaining.is_finite() {
            fr_unit = remaining / fr;
            width += remaining;
        }
    } else if spec.justified(par) {
        width += justify(&mut pieces, available - natural);
    }
    // Fractional boxes are laid out in their share; a box wider than that (a body
    // that cannot shrink) pushes what follows it to the right, as in Typst.
    for (piece, _) in &mut pieces {
        if let Piece::Fractional(share, Some(id)) = *piece {
            *piece = Piece::Frame(Cow::Owned(frbox(id, fr_unit * share)?));
        }
    }

    let (ascent, descent) = vertical_metrics(p, spec, &pieces, outlines);
    let mut frame = Frame::new(Size::new(par.width.max(Abs::zero()), ascent + descent));
    frame.set_baseline(ascent);

    let indent = if spec.start == 0 { par.first_line_indent } else { par.hanging_indent };
    let free = available - width;
    let rtl = par.dir == Dir::Rtl;
    let share = match (par.align, rtl) {
        (HAlign::Left, _) | (HAlign::Start, false) | (HAlign::End, true) => 0.0,
        (HAlign::Center, _) => 0.5,
        (HAlign::Right, _) | (HAlign::End, false) | (HAlign::Start, true) => 1.0,
    };
    let mut x = if rtl { Abs::zero() } else { indent } + free * share;

    let levels: Vec<Level> = pieces.iter().map(|(_, level)| *level).collect();
    let order = BidiInfo::reorder_visual(&levels);
    let mut starts = vec![Abs::zero(); pieces.len()];
    for index in order {
        let (piece, _) = &pieces[index];
        starts[index] = x;
        match piece {
            Piece::Text { run, hyphen } => {
                let item = text_item(p, run, hyphen.as_ref());
                let advance = item.width();
                if let Some(dest) = &run.source.style.link {
                    let size = Size::new(advance, frame.height());
                    frame.push(Point::new(x, Abs::zero()), FrameItem::Link(dest.clone(), size));
                }
                let shift = run.source.style.baseline;
                let pos = Point::new(x, ascent + shift - run.rise);
                let decos = &run.source.style.decos;
                if decos.is_empty() {
                    frame.push(pos, FrameItem::Text(item));
                } else {
                    let drawn = decorate(decos, &item, pos, shift, outlines);
                    for (at, under) in drawn.under {
                        frame.push(at, under);
                    }
                    frame.push(pos, FrameItem::Text(item));
                    for (at, over) in drawn.over {
                        frame.push(at, over);
                    }
                }
                x += advance;
            }
            Piece::Absolute(amount) => x += *amount,
            Piece::Fractional(share, _) => x += fr_unit * *share,
            Piece::Frame(inline) => {
                let inline_frame: Frame = inline.as_ref().clone();
                frame.push_frame(Point::new(x, ascent - inline.baseline()), inline_frame);
                x += inline.width();
            }
        }
    }
    place_tags(p, spec, &pieces, &ranges, &starts, x, &mut frame);
    Ok(Line { frame, natural_width: natural, width, hyphenated })
}

/// The hyphen that starts a line after one that broke at a hard hyphen, in languages
/// that repeat it there (as Typst does for Czech, Croatian, Lower Sorbian, Polish,
/// Portuguese and Slovak, and for Spanish before a lowercase letter), styled like the
/// text before the break.
fn repeated_hyphen<'a>(
    p: &Prepared<'a>,
    prev: Option<&LineSpec>,
    spec: &LineSpec,
) -> Option<(Piece<'a>, Level)> {
    let prev = prev?;
    if prev.end == 0 || !p.text[prev.start..prev.end].ends_with('-') {
        return None;
    }
    let Some(Item::Text(base)) = p.items.get(item_at(p, prev.end - 1)) else { return None };
    let following = &p.text[spec.start..];
    let repeat = match base.source.style.lang.as_str() {
        "dsb" | "cs" | "hr" | "pl" | "pt" | "sk" => true,
        "es" => following.chars().next().is_some_and(|c| !c.is_uppercase()),
        _ => false,
    };
    if !repeat {
        return None;
    }
    let mut hyphen = base.hyphen.clone()?;
    // A one-byte range marks the hyphen as a hard one (see `text_item`).
    hyphen.range = 0..1;
    let run =
        ShapedRun { range: prev.end..prev.end, glyphs: Vec::new(), hyphen: None, ..base.clone() };
    Some((Piece::Text { run, hyphen: Some(hyphen) }, base.source.level))
}

/// Adds the tags that stand in the line: at the x of the character they precede, or at
/// the line's end `end_x` when nothing follows them in the line.
fn place_tags(
    p: &Prepared,
    spec: &LineSpec,
    pieces: &[(Piece, Level)],
    ranges: &[std::ops::Range<usize>],
    starts: &[Abs],
    end_x: Abs,
    frame: &mut Frame,
) {
    let last = spec.end >= p.text.len();
    for &(pos, tag) in &p.tags {
        let inside = pos >= spec.start && (pos < spec.end || (last && pos <= spec.end));
        if !inside {
            continue;
        }
        let found = ranges.iter().position(|r| r.start <= pos && pos < r.end);
        let x = match found {
            Some(i) => match &pieces[i].0 {
                Piece::Text { run, .. } => {
                    let before: Abs = run
                        .glyphs
                        .iter()
                        .filter(|g| g.range.start < pos)
                        .map(|g| g.x_advance.at(run.size()))
                        .sum();
                    if run.source.level.is_rtl() {
                        starts[i] + pieces[i].0.width() - before
                    } else {
                        starts[i] + before
                    }
                }
                _ => starts[i],
            },
            None => ranges.iter().position(|r| r.start >= pos).map_or(end_x, |i| starts[i]),
        };
        // As in Typst, a tag in a line stands on its baseline.
        frame.push(Point::new(x, frame.baseline()), FrameItem::Tag(tag.clone()));
    }
}

/// The pieces of the line from `start` to `end` (trimmed) with their bidi levels.
fn gather<'a>(
    ctx: &InlineContext,
    p: &Prepared<'a>,
    start: usize,
    end: usize,
    ranges: &mut Vec<std::ops::Range<usize>>,
) -> Vec<(Piece<'a>, Level)> {
    let mut pieces = Vec::new();
    if start >= end || p.items.is_empty() {
        return pieces;
    }
    let level_at = |pos: usize| p.levels.get(pos).copied().unwrap_or_else(Level::ltr);
    let mut push = |piece: Piece<'a>, level: Level, range: std::ops::Range<usize>| {
        pieces.push((piece, level));
        ranges.push(range);
    };
    for item in &p.items[item_at(p, start)..] {
        let range = item.range();
        if range.start >= end {
            break;
        }
        match item {
            Item::Text(run) => {
                let sub = range.start.max(start)..range.end.min(end);
                if sub.is_empty() {
                    continue;
                }
                let level = run.source.level;
                if sub == run.range {
                    push(Piece::Text { run: run.clone(), hyphen: None }, level, sub);
                } else if run.safe_at(sub.start) && run.safe_at(sub.end) {
                    let run = run.slice_clusters(sub.clone());
                    push(Piece::Text { run, hyphen: None }, level, sub);
                } else {
                    for run in shape_range(ctx, &p.text, sub, run.source) {
                        let range = run.range.clone();
                        push(Piece::Text { run, hyphen: None }, level, range);
                    }
                }
            }
            Item::Absolute { amount, weak, .. } => {
                if !(*weak && range.start <= start) {
                    push(Piece::Absolute(*amount), level_at(range.start), range);
                }
            }
            Item::Fractional { fr, id, .. } => {
                push(Piece::Fractional(*fr, *id), level_at(range.start), range)
            }
            Item::Frame { frame, .. } => {
                push(Piece::Frame(Cow::Borrowed(frame)), level_at(range.start), range)
            }
            Item::Linebreak { .. } => {}
        }
    }
    pieces
}

/// Spreads `extra` over the justifiable spaces and returns how much was spread. Spaces
/// shrink to two thirds of their width at most, so an overfull line stays overfull
/// rather than overlapping its words.
fn justify(pieces: &mut [(Piece, Level)], extra: Abs) -> Abs {
    let mut count = 0usize;
    let mut spaces = Abs::zero();
    for (piece, _) in pieces.iter() {
        if let Piece::Text { run, .. } = piece {
            for glyph in run.glyphs.iter().filter(|g| g.justifiable) {
                count += 1;
                spaces += glyph.x_advance.at(run.size());
            }
        }
    }
    let extra = extra.max(-(spaces * SHRINK).max(Abs::zero()));
    if count == 0 || extra.is_zero() {
        return Abs::zero();
    }
    let each = extra / count as f64;
    for (piece, _) in pieces {
        if let Piece::Text { run, .. } = piece {
            let size = run.size().to_pt();
            if size <= 0.0 {
                continue;
            }
            for glyph in run.glyphs.iter_mut().filter(|g| g.justifiable) {
                glyph.x_advance = glyph.x_advance + Em::new(each.to_pt() / size);
            }
        }
    }
    extra
}

/// The line's ascent (the baseline's distance from the top) and descent.
fn vertical_metrics(
    p: &Prepared,
    spec: &LineSpec,
    pieces: &[(Piece, Level)],
    outlines: &mut Option<OutlineCache>,
) -> (Abs, Abs) {
    let mut ascent = Abs::zero();
    let mut descent = Abs::zero();
    let mut any_text = false;
    for (piece, _) in pieces {
        match piece {
            Piece::Text { run, .. } => {
                // Like Typst, a baseline shift moves the glyphs but not the line's
                // edges: shifted text may overhang the line.
                let (top, bottom) = edges(run, outlines);
                ascent = ascent.max(top);
                descent = descent.max(bottom);
                any_text = true;
            }
            Piece::Frame(frame) => {
                ascent = ascent.max(frame.baseline());
                descent = descent.max(frame.height() - frame.baseline());
            }
            Piece::Absolute(_) | Piece::Fractional(..) => {}
        }
    }
    if !any_text && let Some(run) = fallback_run(p, spec.start, spec.end) {
        let (top, bottom) = edges(&ShapedRun { glyphs: Vec::new(), ..run.clone() }, outlines);
        ascent = ascent.max(top);
        descent = descent.max(bottom);
    }
    (ascent, descent)
}

/// The text run whose font gives a line without visible text its height: as in Typst,
/// a line of trimmed spaces has the spaces' height, one ending in a forced break that of
/// the text around the break, and one of nothing but boxes has its boxes' height only.
fn fallback_run<'p, 'a>(
    p: &'p Prepared<'a>,
    start: usize,
    end: usize,
) -> Option<&'p ShapedRun<'a>> {
    let items = p.items[item_at(p, start).min(p.items.len())..].iter();
    for item in items.take_while(|item| item.range().start < end) {
        match item {
            Item::Text(run) if run.range.end > start => return Some(run),
            Item::Linebreak { .. } => return nearest_run(p, start),
            _ => {}
        }
    }
    None
}

/// The text run closest to `pos`, looking backwards first.
fn nearest_run<'p, 'a>(p: &'p Prepared<'a>, pos: usize) -> Option<&'p ShapedRun<'a>> {
    let at = item_at(p, pos);
    let text = |item: &'p Item<'a>| if let Item::Text(run) = item { Some(run) } else { None };
    p.items[..at.min(p.items.len())]
        .iter()
        .rev()
        .find_map(text)
        .or_else(|| p.items[at.min(p.items.len())..].iter().find_map(text))
}

/// The top edge above and the bottom edge below the baseline of a run.
fn edges(run: &ShapedRun, outlines: &mut Option<OutlineCache>) -> (Abs, Abs) {
    let style = run.source.style;
    let metrics = run.font.metrics();
    let size = style.size;
    let needs_bounds = style.top_edge == TopEdge::Bounds || style.bottom_edge == BottomEdge::Bounds;
    let bounds = if needs_bounds && !run.glyphs.is_empty() {
        let cache = outlines.get_or_insert_with(OutlineCache::new);
        let mut top = f64::NEG_INFINITY;
        let mut bottom = f64::INFINITY;
        for glyph in &run.glyphs {
            if let Some(bbox) =
                cache.outline(&run.font, glyph.id, &run.variations).and_then(|o| o.bbox)
            {
                top = top.max(run.font.to_em(bbox.y_max) + glyph.y_offset.get());
                bottom = bottom.min(run.font.to_em(bbox.y_min) + glyph.y_offset.get());
            }
        }
        top.is_finite().then_some((top, bottom))
    } else {
        None
    };
    let top = match style.top_edge {
        TopEdge::Ascender => Em::new(metrics.ascender).at(size),
        TopEdge::CapHeight => Em::new(metrics.cap_height).at(size),
        TopEdge::XHeight => Em::new(metrics.x_height).at(size),
        TopEdge::Baseline => Abs::zero(),
        TopEdge::Bounds => Em::new(bounds.map_or(metrics.ascender, |b| b.0)).at(size),
        TopEdge::Length(length) => length,
    };
    let bottom = match style.bottom_edge {
        BottomEdge::Baseline => Abs::zero(),
        BottomEdge::Descender => -Em::new(metrics.descender).at(size),
        BottomEdge::Bounds => -Em::new(bounds.map_or(metrics.descender, |b| b.1)).at(size),
        BottomEdge::Length(length) => length,
    };
    (top, bottom)
}

/// The frame item of a run: glyphs in visual order, ranges relative to the item's text.
fn text_item(p: &Prepared, run: &ShapedRun, hyphen: Option<&RunGlyph>) -> TextItem {
    let style = run.source.style;
    let base = run.range.start;
    let mut text = EcoString::from(&p.text[run.range.clone()]);
    let short = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
    let mut glyphs: Vec<Glyph> = run
        .glyphs
        .iter()
        .map(|g| Glyph {
            id: g.id,
            x_advance: g.x_advance,
            x_offset: g.x_offset,
            y_offset: g.y_offset,
            range: short(g.range.start - base)..short(g.range.end - base),
            span: (run.source.span, short(run.span_offset(g.range.start))),
        })
        .collect();
    if let Some(h) = hyphen {
        // A hyphen added at a break stands for a soft hyphen in the text; one repeated
        // at a line's start (marked by its one-byte range) is a hard one.
        let at = text.len();
        text.push(if h.range.len() == 1 { '-' } else { SOFT_HYPHEN });
        glyphs.push(Glyph {
            id: h.id,
            x_advance: h.x_advance,
            x_offset: h.x_offset,
            y_offset: h.y_offset,
            range: short(at)..short(text.len()),
            span: (run.source.span, short(run.span_offset(run.range.end))),
        });
    }
    if run.source.level.is_rtl() {
        glyphs.reverse();
    }
    let mut lang = style.lang.clone();
    if let Some(region) = &style.region {
        lang.push('-');
        lang.push_str(region);
    }
    TextItem {
        font: run.font.clone(),
        variations: run.variations.iter().copied().collect::<EcoVec<_>>(),
        size: run.size(),
        fill: style.fill,
        stroke: None,
        lang,
        text,
        glyphs,
    }
}

#[cfg(test)]
mod tests {
    use quire_shaping::{FontBook, ShapeSettings, Shaper, ShapingContext};

    use super::*;
    use crate::base::Span;
    use crate::doc::{FillRule, Geometry, Shape};
    use crate::layout::inline::{
        InlineItem, Linebreaks, Spacing, TextStyle, layout_lines, layout_lines_with,
    };

    const LOREM: &str = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do \
        eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, \
        quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.";

    /// Lays out `items` with `par` and hands the lines to `f`.
    fn check<T>(items: &[InlineItem], par: ParStyle, f: impl FnOnce(&[Line]) -> T) -> T {
        let book = FontBook::embedded();
        let shaper = ShapingContext::new();
        let ctx = InlineContext { book: &book, shaper: &shaper };
        f(&layout_lines(&ctx, items, &par))
    }

    fn text(s: &str) -> InlineItem {
        styled(s, TextStyle::default())
    }

    fn styled(s: &str, style: TextStyle) -> InlineItem {
        InlineItem::Text { text: s.into(), style, span: Span::detached() }
    }

    fn par(width: f64) -> ParStyle {
        ParStyle { width: Abs::pt(width), ..ParStyle::default() }
    }

    /// The text items of a line with their positions.
    fn texts(line: &Line) -> Vec<(Point, &TextItem)> {
        line.frame
            .items()
            .filter_map(|(pos, item)| match item {
                FrameItem::Text(text) => Some((*pos, text)),
                _ => None,
            })
            .collect()
    }

    /// Where the line's last text item ends.
    fn right_edge(line: &Line) -> Abs {
        texts(line).iter().map(|(pos, item)| pos.x + item.width()).fold(Abs::zero(), Abs::max)
    }

    fn near(a: Abs, b: Abs) -> bool {
        (a - b).abs() < Abs::pt(1e-6)
    }

    #[test]
    fn finalize_fits_a_short_paragraph_on_one_line() {
        let book = FontBook::embedded();
        let font = book.font(book.select("libertinus serif", Default::default()).unwrap()).unwrap();
        let settings = ShapeSettings { language: Some("en".into()), ..ShapeSettings::default() };
        let shaped = ShapingContext::new().shape("Hello world", &font, &settings);
        let expected = Abs::pt(11.0 * shaped.iter().map(|g| g.x_advance).sum::<f64>());
        check(&[text("Hello world")], par(200.0), |lines| {
            assert_eq!(lines.len(), 1);
            assert!(near(lines[0].natural_width, expected), "{:?}", lines[0].natural_width);
            assert!(near(right_edge(&lines[0]), expected));
            assert_eq!(lines[0].frame.width(), Abs::pt(200.0));
            assert_eq!(texts(&lines[0])[0].1.text, "Hello world");
        });
    }

    #[test]
    fn finalize_breaks_lorem_within_the_width() {
        check(&[text(LOREM)], par(120.0), |lines| {
            assert_eq!(lines.len(), 11);
            for line in lines {
                assert!(line.natural_width <= Abs::pt(120.0), "{:?}", line.natural_width);
                assert!(right_edge(line) <= Abs::pt(120.0) + Abs::pt(1e-9));
                // No line keeps its trailing space.
                let (_, last) = *texts(line).last().unwrap();
                assert!(!last.text.ends_with(' '), "{:?}", last.text);
            }
        });
    }

    #[test]
    fn finalize_justifies_every_line_but_the_last() {
        for linebreaks in [Linebreaks::Simple, Linebreaks::Optimized] {
            let par = ParStyle { justify: true, linebreaks: Some(linebreaks), ..par(120.0) };
            check(&[text(LOREM)], par, |lines| {
                assert!(lines.len() > 5);
                let (last, rest) = lines.split_last().unwrap();
                for line in rest {
                    assert!(near(line.width, Abs::pt(120.0)), "{:?}", line.width);
                    assert!(near(right_edge(line), Abs::pt(120.0)), "{:?}", right_edge(line));
                }
                assert!(near(last.width, last.natural_width));
                assert!(last.width < Abs::pt(120.0));
            });
        }
    }

    #[test]
    fn finalize_adds_hyphens_only_when_hyphenating() {
        let items = |hyphenate| {
            [styled(LOREM, TextStyle { hyphenate: Some(hyphenate), ..TextStyle::default() })]
        };
        check(&items(true), par(80.0), |lines| {
            let hyphenated: Vec<&Line> = lines.iter().filter(|l| l.hyphenated).collect();
            assert!(!hyphenated.is_empty());
            for line in hyphenated {
                let (_, last) = *texts(line).last().unwrap();
                assert!(last.text.ends_with('\u{ad}'), "{:?}", last.text);
                assert_ne!(last.glyphs.last().unwrap().id, 0);
            }
        });
        check(&items(false), par(80.0), |lines| {
            for line in lines {
                assert!(!line.hyphenated);
                assert!(texts(line).iter().all(|(_, t)| !t.text.ends_with('\u{ad}')));
            }
        });
    }

    #[test]
    fn finalize_breaks_with_a_hyphen_at_soft_hyphens() {
        let style = TextStyle { hyphenate: Some(false), ..TextStyle::default() };
        check(&[styled("Bar\u{ad}ankauf", style)], par(20.0), |lines| {
            assert_eq!(lines.len(), 2);
            assert!(lines[0].hyphenated);
            let (_, last) = *texts(&lines[0]).last().unwrap();
            assert_eq!(last.text, "Bar\u{ad}\u{ad}");
        });
    }

    #[test]
    fn finalize_repeats_hard_hyphens_in_some_languages() {
        let first_texts = |lang: &str, words: &str| {
            let style = TextStyle { lang: lang.into(), ..TextStyle::default() };
            check(&[styled(words, style)], par(30.0), |lines| {
                lines.iter().map(|l| texts(l)[0].1.text.to_string()).collect::<Vec<_>>()
            })
        };
        assert_eq!(first_texts("pt", "arco-da"), ["arco-", "-"]);
        assert_eq!(first_texts("en", "arco-da"), ["arco-", "da"]);
        // Spanish repeats it before lowercase letters only.
        assert_eq!(first_texts("es", "arco-Da"), ["arco-", "Da"]);
    }

    #[test]
    fn finalize_keeps_offsets_into_the_source_text() {
        check(&[text("ab\r\ncd")], par(100.0), |lines| {
            let (_, item) = texts(&lines[1])[0];
            let offsets: Vec<u16> = item.glyphs.iter().map(|g| g.span.1).collect();
            assert_eq!(offsets, [4, 5]);
        });
    }

    #[test]
    fn finalize_breaks_at_linebreak_items() {
        let items = [text("a b"), InlineItem::Linebreak { justify: false }, text("c")];
        check(&items, par(200.0), |lines| {
            assert_eq!(lines.len(), 2);
            assert_eq!(texts(&lines[0])[0].1.text, "a b");
            assert_eq!(texts(&lines[1])[0].1.text, "c");
        });
        // A justified break stretches the line before it.
        let items = [text("a b"), InlineItem::Linebreak { justify: true }, text("c")];
        check(&items, par(200.0), |lines| assert!(near(right_edge(&lines[0]), Abs::pt(200.0))));
    }

    #[test]
    fn finalize_picks_fonts_per_cluster() {
        check(&[text("Hello ∑ שלום 𝔸─")], par(300.0), |lines| {
            let fonts: Vec<(String, String)> = texts(&lines[0])
                .iter()
                .map(|(_, t)| (t.font.family().to_lowercase(), t.text.to_string()))
                .collect();
            let expected = [
                ("libertinus serif", "Hello ∑ "),
                ("libertinus serif", "שלום"),
                ("libertinus serif", " "),
                ("new computer modern math", "𝔸"),
                ("dejavu sans mono", "─"),
            ];
            let expected: Vec<(String, String)> =
                expected.iter().map(|(f, t)| (f.to_string(), t.to_string())).collect();
            assert_eq!(fonts, expected);
            assert!(texts(&lines[0]).iter().all(|(_, t)| t.glyphs.iter().all(|g| g.id != 0)));
        });
    }

    #[test]
    fn finalize_keeps_notdef_boxes_of_the_first_family() {
        check(&[text("\u{378}x")], par(100.0), |lines| {
            let items = texts(&lines[0]);
            assert_eq!(items[0].1.font.family().to_lowercase(), "libertinus serif");
            assert_eq!(items[0].1.glyphs[0].id, 0);
            assert!(items[0].1.width() > Abs::zero());
        });
    }

    #[test]
    fn finalize_sets_rtl_text_right_aligned_in_visual_order() {
        let par = ParStyle { dir: Dir::Rtl, ..par(200.0) };
        check(&[text("שלום עולם")], par, |lines| {
            assert_eq!(lines.len(), 1);
            assert!(near(right_edge(&lines[0]), Abs::pt(200.0)));
            let items = texts(&lines[0]);
            let starts: Vec<u16> =
                items.iter().flat_map(|(_, t)| t.glyphs.iter().map(|g| g.range.start)).collect();
            let mut sorted = starts.clone();
            sorted.sort_by(|a, b| b.cmp(a));
            assert_eq!(starts, sorted, "glyphs must run from the last character to the first");
        });
    }

    #[test]
    fn finalize_reorders_mixed_directions() {
        check(&[text("abc אבג def")], par(300.0), |lines| {
            let items = texts(&lines[0]);
            let order: Vec<&str> = items.iter().map(|(_, t)| t.text.as_str()).collect();
            assert_eq!(order, ["abc ", "אבג", " def"]);
            assert!(items.windows(2).all(|w| w[0].0.x < w[1].0.x));
        });
    }

    #[test]
    fn finalize_places_boxes_on_the_baseline() {
        let mut inline = Frame::new(Size::new(Abs::pt(10.0), Abs::pt(30.0)));
        inline.set_baseline(Abs::pt(25.0));
        inline.push(
            Point::zero(),
            FrameItem::Text(TextItem {
                font: FontBook::embedded()
                    .font(
                        FontBook::embedded()
                            .select("libertinus serif", Default::default())
                            .unwrap(),
                    )
                    .unwrap(),
                variations: EcoVec::new(),
                size: Abs::pt(10.0),
                fill: TextStyle::default().fill,
                stroke: None,
                lang: "en".into(),
                text: "x".into(),
                glyphs: Vec::new(),
            }),
        );
        let items = [text("a"), InlineItem::Frame { frame: inline, span: Span::detached() }];
        check(&items, par(100.0), |lines| {
            let line = &lines[0];
            assert_eq!(line.frame.baseline(), Abs::pt(25.0));
            assert_eq!(line.frame.height(), Abs::pt(30.0));
            let group = line
                .frame
                .items()
                .find_map(|(pos, item)| matches!(item, FrameItem::Group(_)).then_some(*pos));
            let (a_pos, a) = texts(line)[0];
            assert_eq!(group, Some(Point::new(a.width(), Abs::zero())));
            assert_eq!(a_pos.y, Abs::pt(25.0));
        });
    }

    #[test]
    fn finalize_indents_the_first_line_only() {
        let first = ParStyle { first_line_indent: Abs::pt(15.0), ..par(120.0) };
        check(&[text(LOREM)], first, |lines| {
            assert_eq!(texts(&lines[0])[0].0.x, Abs::pt(15.0));
            assert!(lines[1..].iter().all(|l| texts(l)[0].0.x == Abs::zero()));
            assert!(lines[0].natural_width <= Abs::pt(105.0));
        });
        let hanging = ParStyle { hanging_indent: Abs::pt(15.0), ..par(120.0) };
        check(&[text(LOREM)], hanging, |lines| {
            assert_eq!(texts(&lines[0])[0].0.x, Abs::zero());
            assert!(lines[1..].iter().all(|l| texts(l)[0].0.x == Abs::pt(15.0)));
        });
    }

    #[test]
    fn finalize_adds_tracking_after_every_cluster() {
        let plain = TextStyle::default();
        let tracked = TextStyle { tracking: Abs::pt(2.0), ..TextStyle::default() };
        let mut widths = Vec::new();
        for style in [plain, tracked] {
            check(&[styled("Hello", style)], par(200.0), |lines| {
                widths.push(lines[0].natural_width)
            });
        }
        assert!(near(widths[1] - widths[0], Abs::pt(10.0)), "{widths:?}");
    }

    #[test]
    fn finalize_sizes_lines_by_top_and_bottom_edges() {
        let book = FontBook::embedded();
        let font = book.font(book.select("libertinus serif", Default::default()).unwrap()).unwrap();
        let m = *font.metrics();
        check(&[text("Hxg")], par(100.0), |lines| {
            assert!(near(lines[0].frame.height(), Abs::pt(11.0 * m.cap_height)));
            assert_eq!(lines[0].frame.baseline(), lines[0].frame.height());
        });
        let style = TextStyle {
            top_edge: TopEdge::Ascender,
            bottom_edge: BottomEdge::Descender,
            ..TextStyle::default()
        };
        check(&[styled("Hxg", style.clone())], par(100.0), |lines| {
            assert!(near(lines[0].frame.height(), Abs::pt(11.0 * (m.ascender - m.descender))));
            assert!(near(lines[0].frame.baseline(), Abs::pt(11.0 * m.ascender)));
        });
        let bounds =
            TextStyle { top_edge: TopEdge::Bounds, bottom_edge: BottomEdge::Bounds, ..style };
        check(&[styled("xg", bounds)], par(100.0), |lines| {
            let (height, baseline) = (lines[0].frame.height(), lines[0].frame.baseline());
            assert!(baseline < Abs::pt(11.0 * m.cap_height), "{baseline:?}");
            assert!(height - baseline > Abs::zero());
        });
    }

    #[test]
    fn finalize_aligns_mixed_sizes_on_one_baseline() {
        let book = FontBook::embedded();
        let font = book.font(book.select("libertinus serif", Default::default()).unwrap()).unwrap();
        let cap = font.metrics().cap_height;
        let big = TextStyle { size: Abs::pt(20.0), ..TextStyle::default() };
        let lowered = TextStyle { baseline: Abs::pt(3.0), ..TextStyle::default() };
        check(&[text("a"), styled("B", big), styled("c", lowered)], par(100.0), |lines| {
            let line = &lines[0];
            assert!(near(line.frame.baseline(), Abs::pt(20.0 * cap)));
            // The lowered text overhangs the line instead of making it taller.
            assert!(near(line.frame.height(), Abs::pt(20.0 * cap)));
            let ys: Vec<Abs> = texts(line).iter().map(|(pos, _)| pos.y).collect();
            let base = line.frame.baseline();
            assert_eq!(ys, [base, base, base + Abs::pt(3.0)]);
        });
    }

    #[test]
    fn finalize_gives_fractional_spacing_the_rest() {
        let items =
            [text("a"), InlineItem::Spacing { amount: Spacing::Fr(1.0), weak: false }, text("b")];
        check(&items, par(100.0), |lines| {
            assert!(near(right_edge(&lines[0]), Abs::pt(100.0)));
            assert!(near(lines[0].width, Abs::pt(100.0)));
        });
    }

    #[test]
    fn finalize_shares_the_rest_among_fractional_boxes() {
        let frbox = |fr, id| InlineItem::FrBox { fr, id, span: Span::detached() };
        let h = |fr| InlineItem::Spacing { amount: Spacing::Fr(fr), weak: false };
        let items = [text("a"), frbox(1.0, 7), h(1.0), frbox(2.0, 8), text("b")];
        let book = FontBook::embedded();
        let shaper = ShapingContext::new();
        let ctx = InlineContext { book: &book, shaper: &shaper };
        let mut asked = Vec::new();
        let mut layout = |id: usize, width: Abs| {
            asked.push((id, width));
            let mut frame = Frame::new(Size::new(width, Abs::pt(20.0)));
            frame.set_baseline(Abs::pt(15.0));
            let shape = Shape {
                geometry: Geometry::Rect(frame.size()),
                fill: Some(TextStyle::default().fill),
                fill_rule: FillRule::NonZero,
                stroke: None,
            };
            frame.push(Point::zero(), FrameItem::Shape(shape, Span::detached()));
            Ok(frame)
        };
        let lines = layout_lines_with(&ctx, &items, &par(100.0), &mut layout).unwrap();
        assert_eq!(lines.len(), 1);
        let line = &lines[0];
        // The boxes get a quarter and a half of what the text leaves, the spacing the rest.
        let rest = Abs::pt(100.0) - line.natural_width;
        assert_eq!(asked.len(), 2);
        assert_eq!(asked[0].0, 7);
        assert!(near(asked[0].1, rest / 4.0) && near(asked[1].1, rest / 2.0), "{asked:?}");
        assert!(near(right_edge(line), Abs::pt(100.0)));
        // The boxes sit on the baseline and make the line as tall as they are.
        assert_eq!(line.frame.baseline(), Abs::pt(15.0));
        assert_eq!(line.frame.height(), Abs::pt(20.0));
        let groups: Vec<Point> = line
            .frame
            .items()
            .filter_map(|(pos, item)| matches!(item, FrameItem::Group(_)).then_some(*pos))
            .collect();
        let a = texts(line)[0].1.width();
        assert_eq!(groups.len(), 2);
        assert!(near(groups[0].x, a) && near(groups[1].x, a + rest / 2.0), "{groups:?}");
        // Errors of a box's layout come back.
        let mut failing = |_: usize, _: Abs| -> SourceResult<Frame> {
            crate::bail!(Span::detached(), "broken box")
        };
        assert!(layout_lines_with(&ctx, &items, &par(100.0), &mut failing).is_err());
    }

    #[test]
    fn finalize_survives_degenerate_input() {
        check(&[], par(100.0), |lines| assert!(lines.is_empty()));
        check(&[text("")], par(100.0), |lines| assert!(lines.is_empty()));
        // Without any text, a line has no height to take.
        check(&[InlineItem::Linebreak { justify: false }], par(100.0), |lines| {
            assert_eq!(lines.len(), 1);
            assert_eq!(lines[0].frame.height(), Abs::zero());
        });
        // An empty line between text is as tall as the text.
        let br = InlineItem::Linebreak { justify: false };
        check(&[text("a"), br.clone(), br, text("b")], par(100.0), |lines| {
            assert_eq!(lines.len(), 3);
            assert!(near(lines[1].frame.height(), lines[0].frame.height()));
            assert!(lines[1].frame.is_empty());
        });
        for width in [0.0, -5.0] {
            check(&[text("aa bb cc")], par(width), |lines| assert_eq!(lines.len(), 3));
        }
        let huge = "x".repeat(5000);
        let justified = ParStyle { justify: true, ..par(50.0) };
        check(&[text(&huge), text(" y")], justified, |lines| {
            assert_eq!(lines.len(), 2);
            assert!(lines[0].natural_width > Abs::pt(50.0));
        });
        // An overfull justified line shrinks its spaces no further than two thirds.
        let unbreakable = TextStyle { hyphenate: Some(false), ..TextStyle::default() };
        let items = [
            styled("incomprehensibilities\u{A0}abc", unbreakable),
            InlineItem::Linebreak { justify: true },
        ];
        check(&items, par(20.0), |lines| {
            let line = &lines[0];
            assert!(line.width < line.natural_width);
            let space = texts(line)[0].1.glyphs.iter().find(|g| g.range == (21..23)).cloned();
            let size = TextStyle::default().size;
            let natural = line.natural_width - line.width;
            assert!(space.unwrap().x_advance.at(size) > natural, "{natural:?}");
        });
        let style = TextStyle { families: vec!["no such family".into()], ..TextStyle::default() };
        check(&[styled("abc", style)], par(100.0), |lines| {
            assert_eq!(texts(&lines[0])[0].1.glyphs.len(), 3);
        });
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

        /// Any text at any width gives lines as wide as the paragraph, without panics.
        #[test]
        fn finalize_never_panics(
            text in "[a-z \u{5D0}-\u{5EA}\u{300}\u{2211}\u{1D538}\n\u{2028}-]{0,60}",
            width in -20.0f64..200.0,
            justify in proptest::bool::ANY,
            optimized in proptest::bool::ANY,
            rtl in proptest::bool::ANY,
        ) {
            let par = ParStyle {
                width: Abs::pt(width),
                justify,
                linebreaks: Some(if optimized { Linebreaks::Optimized } else { Linebreaks::Simple }),
                dir: if rtl { Dir::Rtl } else { Dir::Ltr },
                first_line_indent: Abs::pt(5.0),
                ..ParStyle::default()
            };
            let items = [
                styled(&text, TextStyle { hyphenate: Some(true), ..TextStyle::default() }),
                InlineItem::Spacing { amount: Spacing::Abs(Abs::pt(3.0)), weak: true },
                text_item_after(&text),
            ];
            check(&items, par, |lines| {
                for line in lines {
                    proptest::prop_assert_eq!(line.frame.width(), Abs::pt(width.max(0.0)));
                    proptest::prop_assert!(line.frame.baseline() <= line.frame.height());
                }
                Ok(())
            })?;
        }
    }

    /// A second text item so that runs meet at item boundaries.
    fn text_item_after(s: &str) -> InlineItem {
        text(&s.chars().rev().collect::<String>())
    }
}
