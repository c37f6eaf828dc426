//! Lists: `list`, `enum` and `terms` → frames with one entry per item, items separated
//! by `spacing` (`auto`: the paragraph leading for tight lists, the paragraph spacing
//! otherwise) and broken across regions between items or inside a breaking body.
//!
//! A bullet or numbered item is laid out as `indent`, the marker column (as wide as the
//! widest marker; numbers are aligned by `number-align`, at the end by default), the
//! `body-indent`, then the body; the marker sits on the body's first baseline. Bullets
//! come from `marker` by nesting depth; numbers from `numbering` (a pattern or a
//! function), counting from `start` (`reversed` counts down) and continuing after an
//! item with an explicit number. A term item is one paragraph: the term in strong
//! emphasis, the `separator`, then the description, hanging by `hanging-indent`.

use crate::base::{Abs, Locator, Point, Size, SourceResult, Span};
use crate::doc::Frame;
use crate::eval::library::level_pattern;
use crate::layout::flow::layout_content;
use crate::layout::pad::first_baseline;
use crate::layout::props::Props;
use crate::layout::{Fragment, LayoutContext, Regions};
use crate::model::{
    Args, Content, ENUM, ENUM_ITEM, Element, FromValue, H, HAlign, LIST_ITEM, Length, PAR,
    Property, Rel, STRONG, Style, StyleChain, Styles, TERM_ITEM, Value,
};

/// Which kind of list.
#[derive(Debug, Copy, Clone, Eq, PartialEq)]
pub(super) enum ListKind {
    List,
    Enum,
    Terms,
}

/// One item, ready to be stacked: its marker (none for terms), body and the styles the
/// body is laid out with.
struct Entry {
    marker: Option<Frame>,
    body: Content,
    styles: Styles,
    locator: Locator,
}

/// Lays out a list, enum or term list.
pub(super) fn layout_list(
    cx: &mut LayoutContext,
    content: &Content,
    styles: &Styles,
    locator: Locator,
    regions: Regions,
    kind: ListKind,
) -> SourceResult<Fragment> {
    let props = Props::new(content, styles);
    let items: Vec<Content> = match props.value("children") {
        Value::Array(children) => children
            .as_slice()
            .iter()
            .filter_map(|v| match v {
                // A term list also takes `(term, description)` pairs.
                Value::Array(pair) if pair.len() == 2 => {
                    let part = |i: usize| Content::from_value(pair.as_slice()[i].clone()).ok();
                    Some(
                        Content::new(TERM_ITEM)
                            .with_field("term", Value::Content(part(0)?))
                            .with_field("description", Value::Content(part(1)?)),
                    )
                }
                v => Content::from_value(v.clone()).ok(),
            })
            .collect(),
        _ => Vec::new(),
    };
    let chain = StyleChain::new(styles);
    let spacing = match props.value("spacing") {
        Value::Auto | Value::Fraction(_) => {
            let field = if props.get("tight", true) { "leading" } else { "spacing" };
            let default =
                Length::em(crate::base::Em::new(if field == "leading" { 0.65 } else { 1.2 }));
            props.length(chain.get_cast(PAR, field, default))
        }
        value => Rel::from_value(value)
            .map(|rel| props.rel(rel, regions.base().height))
            .unwrap_or_default(),
    };
    let indent = props.length(props.get("indent", Length::zero()));
    let body_indent = match kind {
        ListKind::Terms => Abs::zero(),
        _ => props.length(props.get("body-indent", Length::em(crate::base::Em::new(0.5)))),
    };

    let depth = nesting_depth(styles, content.elem());
    let nested = nested_styles(styles, content.elem(), depth + 1);
    let marker_region = Regions::one(Size::new(regions.size.width, Abs::inf()), (false, false));
    let mut entries = Vec::with_capacity(items.len());
    let mut number = enum_start(&props, &items);
    let reversed = props.get("reversed", false);
    let parents = enum_parents(styles, kind);
    for (i, item) in items.iter().enumerate() {
        let loc = locator.child(i as u64);
        let entry = match kind {
            ListKind::List => {
                let body = field_or(item, LIST_ITEM, "body");
                let marker = list_marker(cx, &props, depth)?;
                let frame =
                    layout_content(cx, &marker, styles, loc.child(1), marker_region)?.into_frame();
                Entry { marker: Some(frame), body, styles: nested.clone(), locator: loc.child(0) }
            }
            ListKind::Enum => {
                let body = field_or(item, ENUM_ITEM, "body");
                if item.is(ENUM_ITEM)
                    && let Some(Value::Int(n)) = item.field("number")
                {
                    number = *n;
                }
                let marker = enum_marker(cx, &props, &parents, number, content.span())?;
                let styles_of_body = with_parents(&nested, &parents, number);
                number = if reversed { number.saturating_sub(1) } else { number.saturating_add(1) };
                let frame =
                    layout_content(cx, &marker, styles, loc.child(1), marker_region)?.into_frame();
                Entry { marker: Some(frame), body, styles: styles_of_body, locator: loc.child(0) }
            }
            ListKind::Terms => {
                let (body, item_styles) = term_paragraph(&props, item, indent, styles);
                Entry { marker: None, body, styles: item_styles, locator: loc.child(0) }
            }
        };
        entries.push(entry);
    }

    let marker_width = entries
        .iter()
        .filter_map(|e| e.marker.as_ref().map(Frame::width))
        .fold(Abs::zero(), Abs::max);
    let body_x = match kind {
        ListKind::Terms => Abs::zero(),
        _ => indent + marker_width + body_indent,
    };
    let marker_end = kind == ListKind::Enum
        && !matches!(
            props.value("number-align"),
            Value::Alignment(crate::model::Alignment { x: Some(HAlign::Start | HAlign::Left), .. })
        );
    let centred = matches!(
        props.value("number-align"),
        Value::Alignment(crate::model::Alignment { x: Some(HAlign::Center), .. })
    );

    let mut stacker =
        Stacker { regions, frames: Vec::new(), pieces: Vec::new(), used: Abs::zero() };
    for (i, entry) in entries.into_iter().enumerate() {
        if i > 0 {
            stacker.used += spacing;
        }
        let body_width = (regions.size.width - body_x).max(Abs::zero());
        let mut fragment = stacker.layout_body(cx, &entry, body_width)?;
        // An item that does not fit moves to the next region (unless the region is empty).
        // An item that does not fit moves to the next region, unless the region holds
        // nothing else (an empty first region is left behind when the next has more
        // room). A body's flow signals that it does not fit by an empty first frame.
        let misfit = |fragment: &Fragment, used: Abs, region: Abs| match fragment.0.as_slice() {
            [first, _, ..] if first.is_empty() && first.height().to_pt() <= 1e-6 => true,
            [first, ..] => used + first.height() > region,
            [] => false,
        };
        let region = stacker.regions.size.height;
        let movable = !stacker.pieces.is_empty()
            || (stacker.frames.is_empty() && region < stacker.regions.full);
        if stacker.regions.breakable
            && region.is_finite()
            && movable
            && misfit(&fragment, stacker.used, region)
        {
            stacker.finish();
            fragment = stacker.layout_body(cx, &entry, body_width)?;
        }
        // A body that still does not fit starts in the next region with its marker.
        if let [first, _, ..] = fragment.0.as_slice()
            && first.is_empty()
            && first.height().to_pt() <= 1e-6
        {
            fragment.0.remove(0);
            if !stacker.pieces.is_empty() {
                stacker.finish();
            }
        }
        for (j, body) in fragment.0.into_iter().enumerate() {
            if j > 0 {
                stacker.finish();
            }
            let mut piece = Piece { body, marker: None, top: stacker.used };
            if j == 0
                && let Some(marker) = &entry.marker
            {
                let free = marker_width - marker.width();
                let x = indent
                    + if marker_end {
                        free
                    } else if centred {
                        free / 2.0
                    } else {
                        Abs::zero()
                    };
                let marker_baseline = first_baseline(marker).unwrap_or(marker.height());
                let body_baseline = first_baseline(&piece.body).unwrap_or(marker_baseline);
                let dy = body_baseline - marker_baseline;
                piece.marker = Some((Point::new(x, dy), marker.clone()));
            }
            let height = piece.height();
            stacker.used += height;
            stacker.pieces.push((body_x, piece));
        }
    }
    stacker.finish();
    Ok(Fragment(stacker.frames))
}

/// An item's body, or the whole child when it is not an item of `kind`.
fn field_or(item: &Content, kind: Element, field: &str) -> Content {
    if item.is(kind)
        && let Some(Value::Content(body)) = item.field(field)
    {
        return body.clone();
    }
    item.clone()
}

/// The nesting depth of lists of kind `elem` in effect (0 outside any), read from the
/// element's `depth` field where it has one.
fn nesting_depth(styles: &Styles, elem: Element) -> usize {
    if elem.field_index("depth").is_none() {
        return 0;
    }
    StyleChain::new(styles).get_cast::<i64>(elem, "depth", 0).max(0) as usize
}

/// The styles for the bodies of a list at `depth`, which nested lists read.
fn nested_styles(styles: &Styles, elem: Element, depth: usize) -> Styles {
    let mut out = styles.clone();
    if let Some(field) = elem.field_index("depth") {
        out.push(Style::Property(Property {
            elem,
            field,
            value: Value::Int(depth as i64),
            span: Span::detached(),
        }));
    }
    out
}

/// The bullet of a list at `depth`.
fn list_marker(cx: &mut LayoutContext, props: &Props, depth: usize) -> SourceResult<Content> {
    Ok(match props.value("marker") {
        Value::Array(markers) if !markers.is_empty() => {
            markers.as_slice()[depth % markers.len()].clone().display()
        }
        Value::Func(func) => {
            let args = Args::new(props.content.span(), [Value::Int(depth as i64)]);
            func.call(cx.engine, args)?.display()
        }
        Value::Content(marker) => marker,
        _ => Content::text("•"),
    })
}

/// The first number of an enum: `start`, else 1 (or the item count when reversed).
fn enum_start(props: &Props, items: &[Content]) -> i64 {
    if props.content.elem() != ENUM {
        return 1;
    }
    match props.value("start") {
        Value::Int(start) => start,
        _ if props.get("reversed", false) => items.len() as i64,
        _ => 1,
    }
}

/// The numbers of the enum items an enum is nested in, outermost first.
fn enum_parents(styles: &Styles, kind: ListKind) -> Vec<i64> {
    if kind != ListKind::Enum {
        return Vec::new();
    }
    match StyleChain::new(styles).get(ENUM, "parents") {
        Some(Value::Array(numbers)) => numbers
            .as_slice()
            .iter()
            .filter_map(|n| match n {
                Value::Int(n) => Some(*n),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// The styles of an enum item's body: nested enums see `parents` and `number`.
fn with_parents(styles: &Styles, parents: &[i64], number: i64) -> Styles {
    let mut out = styles.clone();
    if let Some(field) = ENUM.field_index("parents") {
        let numbers = parents.iter().chain([&number]).map(|&n| Value::Int(n));
        out.push(Style::Property(Property {
            elem: ENUM,
            field,
            value: Value::Array(numbers.collect()),
            span: Span::detached(),
        }));
    }
    out
}

/// The number of an enum item, formatted by the enum's `numbering`: with `full`, the
/// numbers of all enclosing items too; otherwise a pattern writes the number with the
/// counting symbol of its nesting level (`"1.a)"` numbers nested items `a)`, `b)`).
fn enum_marker(
    cx: &mut LayoutContext,
    props: &Props,
    parents: &[i64],
    number: i64,
    span: Span,
) -> SourceResult<Content> {
    let full = props.get("full", false);
    let numbers: Vec<Value> =
        if full { parents.iter().chain([&number]).collect() } else { vec![&number] }
            .into_iter()
            .map(|&n| Value::Int(n.max(0)))
            .collect();
    let value = match props.value("numbering") {
        Value::Func(func) => func.call(cx.engine, Args::new(span, numbers))?,
        Value::Str(pattern) if !full => {
            let pattern = Value::Str(level_pattern(&pattern, parents.len()).into());
            call_numbering(cx, span, pattern, numbers)?
        }
        pattern => call_numbering(cx, span, pattern, numbers)?,
    };
    Ok(value.display())
}

/// `numbering(pattern, ..numbers)` through the standard library's function.
fn call_numbering(
    cx: &mut LayoutContext,
    span: Span,
    pattern: Value,
    numbers: Vec<Value>,
) -> SourceResult<Value> {
    match cx.engine.world.library().get("numbering").cloned() {
        Some(Value::Func(func)) => {
            func.call(cx.engine, Args::new(span, std::iter::once(pattern).chain(numbers)))
        }
        _ => Ok(numbers.into_iter().next().unwrap_or(Value::None)),
    }
}

/// A term item as one paragraph (`indent`, the strong term, the separator, the
/// description) and the styles that hang it.
fn term_paragraph(
    props: &Props,
    item: &Content,
    indent: Abs,
    styles: &Styles,
) -> (Content, Styles) {
    let term = field_or(item, TERM_ITEM, "term");
    let description = if item.is(TERM_ITEM) {
        field_or(item, TERM_ITEM, "description")
    } else {
        Content::empty()
    };
    let separator = match props.value("separator") {
        Value::Content(separator) => separator,
        _ => Content::new(H)
            .with_field("amount", Value::Relative(Length::em(crate::base::Em::new(0.6)).into()))
            .with_field("weak", Value::Bool(true)),
    };
    let mut parts = Vec::new();
    if !indent.is_zero() {
        parts.push(
            Content::new(H).with_field("amount", Value::Relative(Length::abs(indent).into())),
        );
    }
    parts.push(Content::new(STRONG).with_field("body", Value::Content(term)));
    parts.push(separator);
    parts.push(description);
    let hanging =
        props.length(props.get("hanging-indent", Length::em(crate::base::Em::new(2.0)))) + indent;
    let mut item_styles = styles.clone();
    if let Some(field) = PAR.field_index("hanging-indent") {
        item_styles.push(Style::Property(Property {
            elem: PAR,
            field,
            value: Value::Length(Length::abs(hanging)),
            span: Span::detached(),
        }));
    }
    (Content::sequence(parts), item_styles)
}

/// A piece of an item in a region: its body frame and, for the first piece, the marker.
struct Piece {
    body: Frame,
    /// The marker and its position relative to the body's top-left corner.
    marker: Option<(Point, Frame)>,
    top: Abs,
}

impl Piece {
    /// The height the piece takes (a marker may reach below or above the body).
    fn height(&self) -> Abs {
        let marker = self.marker.as_ref().map_or(Abs::zero(), |(pos, m)| pos.y + m.height());
        let lift = self.marker.as_ref().map_or(Abs::zero(), |(pos, _)| (-pos.y).max(Abs::zero()));
        self.body.height().max(marker) + lift
    }
}

/// The list being built, region by region.
struct Stacker {
    regions: Regions,
    frames: Vec<Frame>,
    /// The pieces of the current region with their horizontal offset.
    pieces: Vec<(Abs, Piece)>,
    used: Abs,
}

impl Stacker {
    fn layout_body(
        &self,
        cx: &mut LayoutContext,
        entry: &Entry,
        width: Abs,
    ) -> SourceResult<Fragment> {
        let remaining = (self.regions.size.height - self.used).max(Abs::zero());
        let pod = Regions {
            size: Size::new(width, remaining),
            expand: (self.regions.expand.0, false),
            ..self.regions
        };
        let fragment = layout_content(cx, &entry.body, &entry.styles, entry.locator, pod)?;
        if fragment.0.is_empty() {
            return Ok(Fragment::frame(Frame::new(Size::new(Abs::zero(), Abs::zero()))));
        }
        Ok(fragment)
    }

    /// Arranges the current region's pieces into a frame.
    fn finish(&mut self) {
        let pieces = std::mem::take(&mut self.pieces);
        let width = if self.regions.expand.0 && self.regions.size.width.is_finite() {
            self.regions.size.width
        } else {
            pieces
                .iter()
                .map(|(x, p)| {
                    let marker =
                        p.marker.as_ref().map_or(Abs::zero(), |(pos, m)| pos.x + m.width());
                    (*x + p.body.width()).max(marker)
                })
                .fold(Abs::zero(), Abs::max)
        };
        // The spacing before an item that moved on does not count.
        let height = match pieces.is_empty() {
            true => self.used,
            false => pieces.iter().map(|(_, p)| p.top + p.height()).fold(Abs::zero(), Abs::max),
        };
        let mut frame = Frame::new(Size::new(width, height));
        let mut baseline = None;
        for (x, piece) in pieces {
            let lift =
                piece.marker.as_ref().map_or(Abs::zero(), |(pos, _)| (-pos.y).max(Abs::zero()));
            let top = piece.top + lift;
            if baseline.is_none() {
                baseline = first_baseline(&piece.body).map(|b| top + b);
            }
            if let Some((pos, marker)) = piece.marker {
                frame.push_frame(Point::new(pos.x, top + pos.y), marker);
            }
            frame.push_frame(Point::new(x, top), piece.body);
        }
        if let Some(baseline) = baseline {
            frame.set_baseline(baseline);
        }
        self.frames.push(frame);
        self.used = Abs::zero();
        self.regions = self.regions.next();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::testing::{TestWorld, pages, pt, region, texts};

    /// The text runs (x, baseline y, text) of the first list in `src`, per region.
    fn check(src: &str, regions: Regions) -> Vec<Vec<(f64, f64, String)>> {
        let fragment = TestWorld::new(src).layout(regions).unwrap();
        fragment
            .0
            .iter()
            .map(|f| texts(f).into_iter().map(|(p, t)| (pt(p.x), pt(p.y), t)).collect())
            .collect()
    }

    #[test]
    fn bullets_sit_on_the_first_baseline() {
        let runs = check("#list[Alpha][Beta]", region(100.0, 100.0));
        let runs = &runs[0];
        assert_eq!(runs.len(), 4);
        let (bullet, alpha) = (&runs[0], &runs[1]);
        assert_eq!(bullet.2, "•");
        assert_eq!(alpha.2, "Alpha");
        assert_eq!(bullet.0, 0.0);
        assert!(alpha.0 > 5.0);
        assert_eq!(bullet.1, alpha.1);
        assert!(runs[3].1 > alpha.1);
    }

    #[test]
    fn enums_count_from_start_and_align_numbers_at_the_end() {
        let runs = check("#enum(start: 9)[A][B]", region(100.0, 100.0));
        let numbers: Vec<&str> = runs[0].iter().map(|r| r.2.as_str()).collect();
        assert_eq!(numbers, ["9.", "A", "10.", "B"]);
        assert!(runs[0][0].0 > runs[0][2].0);
        let runs = check("#enum(reversed: true)[A][B][C]", region(100.0, 100.0));
        assert_eq!(runs[0][0].2, "3.");
    }

    #[test]
    fn terms_are_paragraphs_and_lists_break_between_items() {
        let runs = check("#terms(([Term], [Desc]))", region(100.0, 100.0));
        let words: Vec<&str> = runs[0].iter().map(|r| r.2.as_str()).collect();
        assert!(words.concat().contains("Term") && words.concat().contains("Desc"), "{words:?}");
        let regions = check("#list(..range(8).map(i => [Item]))", pages(100.0, 30.0));
        assert!(regions.len() > 1);
        assert!(regions.iter().all(|r| r.first().is_some_and(|f| f.2 == "•")));
    }
}
