//! Built-in looks: an element after show rules → what it stands for. Text-level elements
//! become paragraph pieces (`strong` and `emph` style their body, `raw` is monospace text,
//! `link` marks its body's pieces; smart quotes are decided earlier, in `walk.rs`),
//! headings and figures become blocks, a numbered block equation steps the equation
//! counter and records its number, `align` and `par` style their body, `context` is
//! evaluated, and the elements `layout` draws become block or box items.
//!
//! Typst's look of each element is written down where it is built; the numbers (heading
//! sizes and spacing, raw text size) are Typst 0.15's.

use std::hash::{Hash, Hasher};
use std::num::NonZeroUsize;

use ecow::{EcoString, eco_format};

use super::marks::{self, Counters};
use super::walk::{Realizer, concat, prop, with};
use super::{Parity, Spacing};
use crate::base::{
    Asked, Em, FxHasher64, Introspection, Introspector, Location, Locator, Payload, Point,
    Question, SourceDiagnostic, SourceResult, Span, Tag, TagInfo, Unsettled, observed_hint,
};
use crate::doc::Destination;
use crate::eval::Here;
use crate::model::{
    ALIGN_ELEM, Alignment, Args, BIBLIOGRAPHY, BLOCK, CONTEXT, Color, Content, ENUM, EQUATION,
    Element, FIGURE, FIGURE_CAPTION, FOOTNOTE_ENTRY, Func, H, HAlign, HEADING, LINE, LINEBREAK,
    LIST, Length, PAD, PAGE, PAR, RAW, RAW_LINE, Rel, SMARTQUOTE, STYLED, StyleChain, Styles,
    TERMS, TEXT, V, VAlign, Value,
};
use crate::model::{
    CounterKey, CounterUpdate, ElementData, FieldData, METADATA, Property, Selector, Style,
    fingerprint, read_counter_update,
};

/// The space between a heading's number and its body (Typst's `h(0.3em, weak: true)`).
const HEADING_NUMBER_GAP: f64 = 0.3;

/// Fails a citation (at `span`) in a document without a bibliography, as Typst does. The
/// error is delayed: it holds only if the settled document has none.
fn check_bibliography(engine: &mut crate::eval::Engine, span: Span) {
    let introspector = engine.introspect(Introspection::Elements, span, "citation");
    let found = introspector.records().iter().any(|record| match &record.info {
        TagInfo::Element(payload) => {
            payload.downcast::<Content>().is_some_and(|elem| elem.is(BIBLIOGRAPHY))
        }
        _ => false,
    });
    if !found {
        let message = "the document does not contain a bibliography";
        engine.delay(SourceDiagnostic::error(span, message));
    }
}

/// Shows `content` by its built-in look. `numbers` is what preparation counted for a
/// heading or figure.
pub(super) fn show(
    r: &mut Realizer,
    content: &Content,
    styles: &Styles,
    loc: Locator,
    numbers: Option<&str>,
) -> SourceResult<()> {
    let span = content.span();
    match content.elem().name() {
        // A symbol outside math shows as the text it is.
        "text" | "symbol" => {
            if let Some(Value::Str(text)) = content.field("text")
                && (r.realized || !super::show::visit_text(r, text, styles, span, loc)?)
            {
                // Inside an equation, in math letters.
                let text = super::math::shown_text(content, text, styles);
                r.par.text(&text, styles, span, r.link.as_ref());
            }
        }
        "space" => r.par.space(styles, span),
        "linebreak" => {
            let justify = get(content, styles, "justify") == Value::Bool(true);
            r.par.linebreak(justify, styles, span);
        }
        "parbreak" => r.finish_par(),
        "h" => {
            if let Some(amount) = spacing(content.field("amount")) {
                let weak = get(content, styles, "weak") == Value::Bool(true);
                r.h(amount, weak, styles, span);
            }
        }
        "v" => {
            if let Some(amount) = spacing(content.field("amount")) {
                let weak = get(content, styles, "weak") == Value::Bool(true);
                let styles = styles.clone();
                r.block(super::FlowItem::Spacing { amount, weak, styles });
            }
        }
        "colbreak" => {
            let weak = get(content, styles, "weak") == Value::Bool(true);
            r.block(super::FlowItem::Colbreak { weak });
        }
        "pagebreak" => {
            let weak = get(content, styles, "weak") == Value::Bool(true);
            let to = match get(content, styles, "to") {
                Value::Str(s) if s.as_str() == "odd" => Some(Parity::Odd),
                Value::Str(s) if s.as_str() == "even" => Some(Parity::Even),
                Value::Str(_) => crate::bail!(span, "expected \"odd\" or \"even\""),
                _ => None,
            };
            r.pagebreak(weak, to, styles, span)?;
        }
        "strong" => {
            let delta = get(content, styles, "delta");
            let inner = with(styles, prop(TEXT, "delta", delta));
            visit_body(r, content, &inner, loc)?;
        }
        "emph" => {
            let inner = with(styles, prop(TEXT, "emph", Value::Bool(true)));
            visit_body(r, content, &inner, loc)?;
        }
        "raw" => raw(r, content, styles, loc)?,
        "link" => link(r, content, styles, loc)?,
        "heading" => heading(r, content, styles, loc, numbers)?,
        "figure" => figure(r, content, styles, loc, numbers)?,
        "figure.caption" => r.visit(&caption_line(content), styles, loc.child(0))?,
        "footnote" => super::footnote::footnote(r, content, styles, loc)?,
        "footnote.entry" => super::footnote::entry(r, content, styles, loc)?,
        "outline.entry" => outline_entry(r, content, styles, loc)?,
        "raw.line" => visit_body(r, content, styles, loc)?,
        "grid.cell" | "table.cell" => super::grid::cell(r, content, styles, loc)?,
        "title" => title(r, content, styles, loc)?,
        "divider" => {
            let line = Content::new(LINE)
                .with_field("length", Value::Relative(Rel::from(crate::model::Ratio(1.0))));
            let block = Content::new(BLOCK)
                .with_field("width", Value::Relative(Rel::from(crate::model::Ratio(1.0))))
                .with_field("body", Value::Content(line))
                .spanned(span);
            r.visit(&block, styles, loc.child(0))?;
        }
        "math.equation" => {
            let block = get(content, styles, "block") == Value::Bool(true);
            if block {
                r.finish_par();
            }
            tag_queryable(r, content, styles, loc);
            let number = if block { equation_number(r, content, styles, loc)? } else { None };
            super::math::equation(r, content, styles, loc, number)?;
        }
        name if name.starts_with("math.") => super::math::show(r, content, styles, loc)?,
        "align" => {
            let mut alignment = match get(content, styles, "alignment") {
                Value::Alignment(a) => a,
                _ => Alignment::h(HAlign::Start),
            };
            // Alignments fold: `align(center)` inside `align(bottom)` keeps the bottom.
            if let Some(Value::Alignment(outer)) =
                StyleChain::new(styles).get(ALIGN_ELEM, "alignment")
            {
                alignment.x = alignment.x.or(outer.x);
                alignment.y = alignment.y.or(outer.y);
            }
            let inner = with(styles, prop(ALIGN_ELEM, "alignment", Value::Alignment(alignment)));
            r.finish_par();
            visit_body(r, content, &inner, loc)?;
            r.finish_par();
        }
        "par" => {
            let mut inner = styles.clone();
            for (i, field) in PAR.fields().iter().enumerate() {
                if field.settable
                    && let Some(value) = content.field_at(i as u8)
                {
                    inner.push(prop(PAR, field.name, value.clone()));
                }
            }
            r.finish_par();
            if let Some(Value::Content(body)) = content.field("body") {
                r.visit_par_body(body, &inner, loc.child(0))?;
            }
        }
        "list.item" => r.visit_gathered(&wrap(LIST, content), styles, loc)?,
        "enum.item" => r.visit_gathered(&wrap(ENUM, content), styles, loc)?,
        "terms.item" => r.visit_gathered(&wrap(TERMS, content), styles, loc)?,
        "context" => context(r, content, styles, loc)?,
        "metadata" | "state-update" | "counter-update" => invisible(r, content, loc)?,
        "sequence" => r.visit_sequence(content, styles, loc)?,
        "styled" => r.visit_styled(content, styles, loc)?,
        "hide" => {
            // The text is made invisible here; layout drops what hidden content would
            // draw (text, shapes, images, links), keeping its room and its tags.
            let clear = Value::Color(Color::BLACK.with_alpha(0.0));
            let mut inner = with(styles, prop(TEXT, "fill", clear));
            inner.push(Style::Property(Property {
                elem: HIDDEN,
                field: 0,
                value: Value::Bool(true),
                span: Span::detached(),
            }));
            visit_body(r, content, &inner, loc)?;
        }
        "quote" => quote(r, content, styles, loc)?,
        // Decorations are marked in the styles of their body's pieces, with their fields
        // resolved; layout draws them (see `realize::decorations`).
        "underline" | "strike" | "overline" | "highlight" => {
            let deco = super::show::materialize_drawn(content, styles);
            let inner = with(styles, marks::decoration(deco));
            visit_body(r, content, &inner, loc)?;
        }
        // Sub- and superscripts are marked like decorations; shaping uses the font's
        // script glyphs or synthesizes them (the text size stays, as in Typst).
        "sub" | "super" => {
            let script = super::show::materialize(content, styles);
            let inner = with(styles, marks::decoration(script));
            visit_body(r, content, &inner, loc)?;
        }
        // Small capitals need a font feature that would override the user's features;
        // the body shows plainly.
        "smallcaps" => visit_body(r, content, styles, loc)?,
        // An artifact's marking matters to tagged PDF only, which quire does not write:
        // its body shows as it is.
        "pdf.artifact" => visit_body(r, content, styles, loc)?,
        // An attachment has no look; its tag (see `show.rs`) lets queries find it. (The
        // PDF does not embed it yet.)
        "pdf.attach" => {}
        // A constructed document belongs to a bundle, which paged export is not.
        "document" => {
            crate::bail!(span, "constructing a document is only supported in the bundle target";
                hint: "try enabling the bundle target";
                hint: "or use a `set document(..)` rule to configure metadata")
        }
        "ref" => {
            let shown = super::reference::reference(r.engine, content, styles)?;
            r.visit(&shown, styles, loc.child(0))?;
        }
        "outline" => {
            let shown = super::outline::outline(r.engine, content, styles)?;
            r.visit(&shown, styles, loc.child(0))?;
        }
        "box" => r.layout_box(content, styles, loc),
        "cite" => {
            check_bibliography(r.engine, span);
            r.layout_box(content, styles, loc)
        }
        "list" | "enum" | "terms" => {
            super::show::tag_labelled_items(r, content, styles, loc)?;
            // Typst puts weak spacing of the list's item spacing (the leading for a tight
            // list) before a tight list that directly follows a paragraph; being weak, it
            // replaces the paragraph spacing there.
            r.finish_par();
            let after_par = matches!(
                r.items.iter().rev().find(|i| !matches!(i, super::FlowItem::Tag(_))),
                Some(super::FlowItem::Par(_))
            );
            if after_par && get(content, styles, "tight") != Value::Bool(false) {
                let amount = match get(content, styles, "spacing") {
                    Value::Auto => match get(&Content::new(PAR), styles, "leading") {
                        Value::Length(l) => Some(Spacing::Rel(Rel::from(l))),
                        _ => None,
                    },
                    other => spacing(Some(&other)),
                };
                if let Some(amount) = amount {
                    let styles = styles.clone();
                    r.block(super::FlowItem::Spacing { amount, weak: true, styles });
                }
            }
            r.layout_block(content, styles, loc);
        }
        // A bibliography is queryable (citations look for one); `layout` draws it.
        "bibliography" => {
            tag_queryable(r, content, styles, loc);
            r.layout_block(content, styles, loc);
        }
        "place" => {
            check_place(content, styles)?;
            r.layout_block(content, styles, loc);
        }
        // `block`, `pad`, `stack`, `grid`, `table`, images, shapes, `place`,
        // `columns`, transformations, `repeat`, block quotes, outlines: block-level
        // elements that `layout` draws.
        _ => r.layout_block(content, styles, loc),
    }
    Ok(())
}

/// A placement's settings agree, as Typst checks them when it lays the placement out
/// (so with the set rules in effect): a float goes to the top or bottom or is placed
/// automatically, and only a float is placed automatically or in the parent's scope.
fn check_place(elem: &Content, styles: &Styles) -> SourceResult<()> {
    let span = elem.span();
    let float = get(elem, styles, "float") == Value::Bool(true);
    let alignment = get(elem, styles, "alignment");
    let hint = "you can enable floating placement with `place(float: true, ..)`";
    match alignment {
        Value::Alignment(align)
            if float && !matches!(align.y, Some(VAlign::Top | VAlign::Bottom)) =>
        {
            crate::bail!(span, "vertical floating placement must be `auto`, `top`, or `bottom`");
        }
        Value::Auto if !float => {
            crate::bail!(span, "automatic positioning is only available for floating placement";
                hint: "{hint}");
        }
        _ => {}
    }
    if !float
        && matches!(get(elem, styles, "scope"), Value::Str(scope) if scope.as_str() == "parent")
    {
        crate::bail!(span,
            "parent-scoped positioning is currently only available for floating placement";
            hint: "{hint}");
    }
    Ok(())
}

/// "This content is hidden": set by `hide` for its body, read by layout.
static HIDDEN: Element = Element(&ElementData {
    name: "realize.hidden",
    title: "Hidden",
    fields: &[FieldData::internal("hidden")],
    scope: &[],
    styles_body: false,
});

/// Whether content under `styles` is hidden (inside `hide`): layout gives it its room
/// but draws nothing of it.
pub fn hidden(styles: &Styles) -> bool {
    styles.iter().any(|style| matches!(style, Style::Property(p) if p.elem == HIDDEN))
}

/// Realizes the `body` field of `content` under `styles`.
fn visit_body(
    r: &mut Realizer,
    content: &Content,
    styles: &Styles,
    loc: Locator,
) -> SourceResult<()> {
    if let Some(Value::Content(body)) = content.field("body") {
        r.visit(body, styles, loc.child(0))?;
    }
    Ok(())
}

/// The value of `field`: given, else set by a style, else the default.
pub(super) fn get(content: &Content, styles: &Styles, field: &str) -> Value {
    if let Some(value) = content.field(field) {
        return value.clone();
    }
    let elem = content.elem();
    if let Some(value) = StyleChain::new(styles).get(elem, field) {
        return value.clone();
    }
    default(elem, field)
        .or_else(|| elem.fields().iter().find(|f| f.name == field).map(|f| (f.default)()))
        .unwrap_or(Value::None)
}

/// Typst's default for a field whose default in the element table differs from it.
pub(super) fn default(elem: Element, field: &str) -> Option<Value> {
    match (elem.name(), field) {
        ("figure" | "footnote", "numbering") => Some(Value::str("1")),
        ("figure", "gap") => Some(Value::Length(Length::em(Em::new(0.65)))),
        _ => None,
    }
}

/// The element `list` holding `item` alone.
fn wrap(list: Element, item: &Content) -> Content {
    Content::new(list)
        .with_field(
            "children",
            Value::Array(crate::model::Array::from_iter([Value::Content(item.clone())])),
        )
        .spanned(item.span())
}

/// A spacing amount as written (`h`, `v`).
fn spacing(value: Option<&Value>) -> Option<Spacing> {
    Some(match value? {
        Value::Length(l) => Spacing::Rel(Rel::from(*l)),
        Value::Ratio(r) => Spacing::Rel(Rel::from(*r)),
        Value::Relative(r) => Spacing::Rel(*r),
        Value::Fraction(fr) => Spacing::Fr(*fr),
        _ => return None,
    })
}

/// The show-set styles an element brings itself (applied before materializing, and to
/// the output of user recipes too, as in Typst).
pub(super) fn show_set(elem: &Content, styles: &Styles) -> Styles {
    let mut out = Styles::new();
    if elem.is(HEADING) {
        // Typst 0.15: sizes 1.4em, 1.2em, 1em; bold; above 1.8em/1.44em and below 0.75em
        // of the surrounding size, written relative to the heading's own size.
        let level = heading_level(elem, styles);
        let scale = match level {
            1 => 1.4,
            2 => 1.2,
            _ => 1.0,
        };
        let above = if level == 1 { 1.8 } else { 1.44 } / scale;
        let below = 0.75 / scale;
        let em = |v: f64| Value::Length(Length::em(Em::new(v)));
        out.push(prop(TEXT, "size", em(scale)));
        out.push(prop(TEXT, "weight", Value::str("bold")));
        out.push(prop(BLOCK, "above", em(above)));
        out.push(prop(BLOCK, "below", em(below)));
        out.push(prop(BLOCK, "sticky", Value::Bool(true)));
    } else if elem.is(RAW) {
        out.push(prop(TEXT, "overhang", Value::Bool(false)));
        out.push(prop(TEXT, "lang", Value::str("en")));
        out.push(prop(TEXT, "hyphenate", Value::Bool(false)));
        out.push(prop(TEXT, "size", Value::Length(Length::em(Em::new(0.8)))));
        out.push(prop(TEXT, "font", Value::str("DejaVu Sans Mono")));
        if get(elem, styles, "block") == Value::Bool(true) {
            out.push(prop(PAR, "justify", Value::Bool(false)));
        }
    } else if is_block_equation(elem) {
        // Typst 0.15 centres a block equation and keeps it in one piece.
        let centred = Value::Alignment(Alignment::h(HAlign::Center));
        out.push(prop(ALIGN_ELEM, "alignment", centred));
        out.push(prop(BLOCK, "breakable", Value::Bool(false)));
    } else if elem.is(FOOTNOTE_ENTRY) {
        out.push(prop(PAR, "leading", Value::Length(Length::em(Em::new(0.5)))));
        out.push(prop(TEXT, "size", Value::Length(Length::em(Em::new(0.85)))));
    }
    out
}

/// Whether an element has show-set styles of its own.
pub(super) fn has_show_set(elem: &Content) -> bool {
    elem.is(HEADING) || elem.is(RAW) || elem.is(FOOTNOTE_ENTRY) || is_block_equation(elem)
}

/// Whether an element is a block equation (`$ x $`).
fn is_block_equation(elem: &Content) -> bool {
    elem.is(EQUATION) && matches!(elem.field("block"), Some(Value::Bool(true)))
}

/// A heading's level: given, or its depth plus the offset.
pub(super) fn heading_level(elem: &Content, styles: &Styles) -> usize {
    if let Value::Int(level) = get(elem, styles, "level") {
        return level.clamp(1, 1 << 16) as usize;
    }
    let depth = match get(elem, styles, "depth") {
        Value::Int(d) => d,
        _ => 1,
    };
    let offset = match get(elem, styles, "offset") {
        Value::Int(o) => o,
        _ => 0,
    };
    (depth + offset).clamp(1, 1 << 16) as usize
}

/// Whether a heading or figure is numbered (only those step their counters).
pub(super) fn numbered(elem: &Content, styles: &Styles) -> bool {
    !matches!(get(elem, styles, "numbering"), Value::None)
}

/// The number of a heading or figure as displayed under its `numbering`, if any.
pub(super) fn number(
    r: &mut Realizer,
    elem: &Content,
    styles: &Styles,
    counted: &[usize],
) -> SourceResult<Option<EcoString>> {
    let numbering = get(elem, styles, "numbering");
    if matches!(numbering, Value::None) {
        return Ok(None);
    }
    let numbers: Vec<usize> = if elem.is(FIGURE) {
        counted.last().copied().into_iter().collect()
    } else {
        counted.to_vec()
    };
    // As in Typst, the numbering runs where the element stands: a function may ask for
    // other counters there (`counter(heading).get()` in a figure's numbering).
    let outer = elem.location().map(|location| {
        let here = Here { location: Some(location), page: None, ..r.engine.here.clone() };
        std::mem::replace(&mut r.engine.here, here)
    });
    let result = format_numbers(r, numbering, &numbers, elem.span()).map(Some);
    if let Some(outer) = outer {
        r.engine.here = outer;
    }
    result
}

/// Formats numbers by a pattern or function (through the library's `numbering`).
fn format_numbers(
    r: &mut Realizer,
    numbering: Value,
    numbers: &[usize],
    span: Span,
) -> SourceResult<EcoString> {
    let values = std::iter::once(numbering).chain(numbers.iter().map(|&n| Value::Int(n as i64)));
    let args = Args::new(span, values);
    let func = match r.engine.world.library().get("numbering") {
        Some(Value::Func(func)) => func.clone(),
        _ => crate::bail!(span, "the library has no `numbering` function"),
    };
    let value = func.call(r.engine, args)?;
    Ok(match value {
        Value::Str(s) => s.0,
        other => other.display().plain_text(),
    })
}

/// The counter a figure steps: one per kind.
pub(super) fn figure_counter(elem: &Content) -> EcoString {
    eco_format!("figure:{}", figure_kind(elem))
}

/// A figure's kind: given, or the kind of the first image, table or raw in its body.
fn figure_kind(elem: &Content) -> EcoString {
    match elem.field("kind") {
        Some(Value::Str(s)) => return s.0.clone(),
        Some(Value::Func(f)) => {
            if let Some(e) = f.element() {
                return e.name().into();
            }
        }
        _ => {}
    }
    fn find(content: &Content) -> Option<&'static str> {
        for name in ["image", "table", "raw"] {
            if content.elem().name() == name {
                return Some(name);
            }
        }
        children(content).find_map(find)
    }
    match elem.field("body") {
        Some(Value::Content(body)) => find(body).unwrap_or("image").into(),
        _ => "image".into(),
    }
}

/// The content held in an element's fields (arrays of content included), in order.
fn children(content: &Content) -> impl Iterator<Item = &Content> {
    let count = content.elem().fields().len();
    (0..count).filter_map(|i| content.field_at(i as u8)).flat_map(|value| {
        let items: Vec<&Content> = match value {
            Value::Content(c) => vec![c],
            Value::Array(items) => items
                .as_slice()
                .iter()
                .filter_map(|v| match v {
                    Value::Content(c) => Some(c),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        };
        items
    })
}

/// Steps `counters` past the headings, figures and numbered equations that nested content
/// holds (what its realization in layout will count), skipping those already prepared here.
pub(super) fn scan_counters(counters: &mut Counters, content: &Content, styles: &Styles) {
    if content.is(CONTEXT) {
        return;
    }
    if content.is(STYLED) {
        if let (Some(Value::Content(child)), Some(Value::Styles(own))) =
            (content.field("child"), content.field("styles"))
        {
            scan_counters(counters, child, &concat(styles, own));
        }
        return;
    }
    // Function updates need evaluation: only realization applies them.
    if let Some((counter, update @ (CounterUpdate::Step(_) | CounterUpdate::Set(_)))) =
        read_counter_update(content)
        && let Some(key) = realized_counter(counter)
    {
        apply_realized(counters, &key, update);
    }
    let counted = content.is(HEADING) || content.is(FIGURE);
    if counted && numbered(content, styles) && marks::prepared(styles, content).is_none() {
        if content.is(HEADING) {
            counters.step("heading", heading_level(content, styles));
        } else {
            counters.step(&figure_counter(content), 1);
        }
    }
    let block = || get(content, styles, "block") == Value::Bool(true);
    if content.is(EQUATION) && block() && numbered(content, styles) {
        counters.step(EQUATION_COUNTER, 1);
    }
    for child in children(content) {
        scan_counters(counters, child, styles);
    }
}

/// An invisible element (`metadata`, a state or counter update): it shows nothing and
/// leaves the tag through which queries, states and counters find it (labelled
/// metadata got its tag when it was prepared). An update of the heading counter or of a
/// figure kind's counter also moves the numbers realization gives.
fn invisible(r: &mut Realizer, elem: &Content, loc: Locator) -> SourceResult<()> {
    if let Some((counter, update)) = read_counter_update(elem)
        && let Some(key) = realized_counter(counter)
    {
        let update = match update {
            CounterUpdate::Func(func) => {
                let numbers = r.counters.get(&key);
                let state = crate::model::CounterState::from_numbers(&numbers);
                let state = crate::eval::library::apply_counter_update(
                    r.engine,
                    state,
                    CounterUpdate::Func(func),
                )?;
                CounterUpdate::Set(state.numbers().to_vec())
            }
            plain => plain,
        };
        apply_realized(&mut r.counters, &key, update);
    }
    let update = !elem.is(METADATA);
    if !update && elem.label().is_some() {
        return Ok(());
    }
    let location = loc.location();
    let mut hasher = FxHasher64::default();
    location.hash(&mut hasher);
    fingerprint(&Value::Content(elem.clone())).hash(&mut hasher);
    let located = elem.clone().located(location);
    let payload = if update {
        Payload::update(located, hasher.finish())
    } else {
        Payload::new(located, hasher.finish())
    };
    r.tag(Tag { location, info: TagInfo::Element(payload) });
    Ok(())
}

/// Tags an element that queries find but preparation did not tag (it has no label):
/// the element as show rules see it, at its own location.
fn tag_queryable(r: &mut Realizer, elem: &Content, styles: &Styles, loc: Locator) {
    if elem.label().is_some() {
        return;
    }
    // A prepared element keeps the location its preparation tagged.
    let location = elem.location().unwrap_or_else(|| loc.location());
    let shown = super::show::materialize(elem, styles).located(location);
    let mut hasher = FxHasher64::default();
    location.hash(&mut hasher);
    shown.repr().hash(&mut hasher);
    r.tag(Tag { location, info: TagInfo::element(shown, hasher.finish()) });
}

/// The key under which realization counts what `counter` counts, if it numbers
/// headings or the figures of one kind.
fn realized_counter(counter: &crate::model::Counter) -> Option<EcoString> {
    if counter.is_heading() {
        return Some("heading".into());
    }
    if let CounterKey::Selector(Selector::Elem(elem, None)) = counter.key()
        && *elem == EQUATION
    {
        return Some(EQUATION_COUNTER.into());
    }
    let CounterKey::Selector(Selector::Elem(elem, Some(fields))) = counter.key() else {
        return None;
    };
    if *elem != FIGURE || fields.len() != 1 {
        return None;
    }
    match fields.get("kind")? {
        Value::Str(kind) => Some(eco_format!("figure:{}", kind.as_str())),
        Value::Func(func) => Some(eco_format!("figure:{}", func.element()?.name())),
        _ => None,
    }
}

/// Applies a step or set to realization's counter `key`.
fn apply_realized(counters: &mut Counters, key: &str, update: CounterUpdate) {
    match update {
        CounterUpdate::Step(level) => {
            counters.step(key, level);
        }
        CounterUpdate::Set(numbers) => counters.set(key, numbers),
        CounterUpdate::Func(_) => {}
    }
}

/// A heading: its tag came with preparation; here its block with the number and body.
fn heading(
    r: &mut Realizer,
    elem: &Content,
    styles: &Styles,
    loc: Locator,
    numbers: Option<&str>,
) -> SourceResult<()> {
    let body = match elem.field("body") {
        Some(Value::Content(body)) => body.clone(),
        _ => Content::empty(),
    };
    let realized = match numbers {
        Some(numbers) => {
            let gap = Content::new(H)
                .with_field("amount", Value::Length(Length::em(Em::new(HEADING_NUMBER_GAP))))
                .with_field("weak", Value::Bool(true));
            Content::sequence([Content::text(numbers), gap, body])
        }
        None => body,
    };
    let block =
        Content::new(BLOCK).with_field("body", Value::Content(realized)).spanned(elem.span());
    r.visit(&block, styles, loc.child(0))
}

/// A figure's supplement: the one set, else the word for its kind ("Figure" for images,
/// "Table", "Listing") in the language in effect.
pub(super) fn figure_supplement(elem: &Content, styles: &Styles) -> Option<Content> {
    match get(elem, styles, "supplement") {
        Value::Content(c) => Some(c),
        Value::Str(s) => Some(Content::text(s.0)),
        Value::None => None,
        _ => {
            let lang = super::reference::lang(styles);
            let kind = figure_kind(elem);
            figure_word(&lang, &kind).map(Content::text)
        }
    }
}

/// The number of a numbered block equation as displayed, which steps the equation
/// counter; its record (beside the label's) tells references the supplement and number.
fn equation_number(
    r: &mut Realizer,
    elem: &Content,
    styles: &Styles,
    loc: Locator,
) -> SourceResult<Option<EcoString>> {
    if !numbered(elem, styles) {
        return Ok(None);
    }
    let counted = r.counters.step(EQUATION_COUNTER, 1);
    let numbers = number(r, elem, styles, &counted)?;
    let supplement = equation_supplement(elem, styles).map(|s| s.plain_text());
    let info = TagInfo::Figure { supplement, numbers: numbers.clone() };
    r.tag(Tag { location: loc.child(EQUATION_NUMBER_KEY).location(), info });
    Ok(numbers)
}

/// The key under which realization counts numbered block equations.
const EQUATION_COUNTER: &str = "math.equation";

/// The locator key of a numbered equation's record.
const EQUATION_NUMBER_KEY: u64 = 1 << 57;

/// An equation's supplement: its own, else the word for "Equation" in the language
/// in effect.
pub(super) fn equation_supplement(elem: &Content, styles: &Styles) -> Option<Content> {
    match get(elem, styles, "supplement") {
        Value::Content(c) => Some(c),
        Value::Str(s) => Some(Content::text(s.0)),
        Value::None => None,
        _ => Some(Content::text(equation_word(&super::reference::lang(styles)))),
    }
}

/// Typst 0.15's word for an equation in `lang`, English for languages without one here.
fn equation_word(lang: &str) -> &'static str {
    match lang {
        "de" => "Gleichung",
        "fr" => "Équation",
        "es" => "Ecuación",
        "it" => "Equazione",
        "pt" => "Equação",
        "nl" => "Vergelijking",
        "ru" => "Уравнение",
        "uk" => "Рівняння",
        "zh" | "ja" => "式",
        "pl" => "Równanie",
        "cs" => "Rovnice",
        "sv" => "Ekvation",
        "da" | "nb" => "Ligning",
        "fi" => "Yhtälö",
        "tr" => "Denklem",
        _ => "Equation",
    }
}

/// Typst 0.15's word for a figure of `kind` (`image`, `table`, `raw`) in `lang`,
/// English for languages without one here.
fn figure_word(lang: &str, kind: &str) -> Option<&'static str> {
    let words: [&str; 3] = match lang {
        "de" => ["Abbildung", "Tabelle", "Listing"],
        "fr" => ["Fig.", "Tableau", "Liste"],
        "es" => ["Figura", "Tabla", "Listado"],
        "it" => ["Figura", "Tabella", "Codice"],
        "pt" => ["Figura", "Tabela", "Listagem"],
        "nl" => ["Figuur", "Tabel", "Listing"],
        "ru" => ["Рис.", "Таблица", "Листинг"],
        "uk" => ["Рисунок", "Таблиця", "Лістинг"],
        "zh" => ["图", "表", "代码"],
        "ja" => ["図", "表", "リスト"],
        "pl" => ["Rysunek", "Tabela", "Listing"],
        "cs" => ["Obrázek", "Tabulka", "Výpis"],
        "sv" => ["Figur", "Tabell", "Kodlistning"],
        "da" => ["Figur", "Tabel", "Liste"],
        "nb" => ["Figur", "Tabell", "Utskrift"],
        "fi" => ["Kuva", "Taulukko", "Listaus"],
        "tr" => ["Şekil", "Tablo", "Liste"],
        "el" => ["Σχήμα", "Πίνακας", "Παράθεση"],
        "hu" => ["Ábra", "Táblázat", "Listing"],
        "ro" => ["Figura", "Tabelul", "Listă"],
        "ca" => ["Figura", "Taula", "Llistat"],
        "ar" => ["شكل", "جدول", "قائمة"],
        _ => ["Figure", "Table", "Listing"],
    };
    match kind {
        "image" => Some(words[0]),
        "table" => Some(words[1]),
        "raw" => Some(words[2]),
        _ => None,
    }
}

/// What stands between a figure's number and its caption in `lang`.
fn caption_separator(lang: &str) -> &'static str {
    match lang {
        "fr" => ". – ",
        "ru" => ". ",
        "zh" => "\u{2003}",
        _ => ": ",
    }
}

/// The counter of the figures of `kind` (a string or an element function).
fn kind_counter(kind: Value) -> Value {
    let mut fields = crate::model::Dict::new();
    fields.insert("kind".into(), kind);
    let selector = Selector::Elem(FIGURE, Some(fields));
    Value::Counter(std::sync::Arc::new(crate::model::Counter::new(CounterKey::Selector(selector))))
}

/// A figure as Typst synthesizes it before show rules see it: with the counter of its
/// kind, and its caption knowing the figure's kind, supplement, numbering and counter,
/// with its separator resolved.
pub(super) fn synthesize_figure(figure: &Content, styles: &Styles) -> Content {
    let kind = match figure.field("kind") {
        Some(kind @ (Value::Str(_) | Value::Func(_))) => kind.clone(),
        _ => Value::Func(crate::model::IMAGE.into()),
    };
    let mut out = figure.clone().with_field("counter", kind_counter(kind));
    if let Some(Value::Content(caption)) = figure.field("caption") {
        let caption = synthesize_caption(figure, caption, styles);
        out = out.with_field("caption", Value::Content(caption));
    }
    out
}

/// A numbered figure whose caption knows the number as displayed, so that the caption
/// shows it also where a show rule places it alone (`show figure: it => it.caption`).
pub(super) fn number_caption(figure: &Content, numbers: &str) -> Content {
    match figure.field("caption") {
        Some(Value::Content(caption)) if figure.is(FIGURE) && caption.is(FIGURE_CAPTION) => {
            let caption = caption.clone().with_field("number", Value::str(numbers));
            figure.clone().with_field("caption", Value::Content(caption))
        }
        _ => figure.clone(),
    }
}

/// A figure's caption with the fields it takes from its figure, and its separator
/// resolved for the language in effect.
fn synthesize_caption(figure: &Content, caption: &Content, styles: &Styles) -> Content {
    let caption = if caption.is(FIGURE_CAPTION) {
        caption.clone()
    } else {
        Content::new(FIGURE_CAPTION).with_field("body", Value::Content(caption.clone()))
    };
    let separator = match get(&caption, styles, "separator") {
        Value::Content(c) => c,
        _ => Content::text(caption_separator(&super::reference::lang(styles))),
    };
    let kind = match figure.field("kind") {
        Some(kind @ (Value::Str(_) | Value::Func(_))) => kind.clone(),
        _ => Value::Func(crate::model::IMAGE.into()),
    };
    let supplement = match figure_supplement(figure, styles) {
        Some(c) => Value::Content(c),
        None => Value::None,
    };
    caption
        .with_field("separator", Value::Content(separator))
        .with_field("kind", kind.clone())
        .with_field("supplement", supplement)
        .with_field("numbering", get(figure, styles, "numbering"))
        .with_field("counter", kind_counter(kind))
}

/// A figure's caption as show rules see it: synthesized, with its position resolved.
fn realized_caption(
    figure: &Content,
    caption: &Content,
    styles: &Styles,
    numbers: Option<&str>,
) -> Content {
    let caption = synthesize_caption(figure, caption, styles);
    let position = get(&caption, styles, "position");
    let mut out = caption.with_field("position", position);
    if let Some(numbers) = numbers {
        out = out.with_field("number", Value::str(numbers));
    }
    out.spanned(figure.span())
}

/// A caption's built-in look: "Figure 1: body" (without the number and separator when
/// the figure is not numbered).
fn caption_line(caption: &Content) -> Content {
    let mut line = Vec::new();
    if let Some(Value::Str(number)) = caption.field("number") {
        if let Some(Value::Content(supplement)) = caption.field("supplement") {
            line.push(supplement.clone());
            line.push(Content::text("\u{A0}"));
        }
        line.push(Content::text(number.0.clone()));
        if let Some(Value::Content(separator)) = caption.field("separator") {
            line.push(separator.clone());
        }
    }
    if let Some(Value::Content(body)) = caption.field("body") {
        line.push(body.clone());
    }
    Content::sequence(line)
}

/// A figure: its body, then the caption ("Figure 1: ..."), centred in an unbreakable
/// block.
fn figure(
    r: &mut Realizer,
    elem: &Content,
    styles: &Styles,
    loc: Locator,
    numbers: Option<&str>,
) -> SourceResult<()> {
    let body = match elem.field("body") {
        Some(Value::Content(body)) => body.clone(),
        _ => Content::empty(),
    };
    let mut parts = vec![body];
    if let Value::Content(caption) = get(elem, styles, "caption") {
        let caption = realized_caption(elem, &caption, styles, numbers);
        let top = matches!(
            caption.field("position"),
            Some(Value::Alignment(Alignment { y: Some(VAlign::Top), .. }))
        );
        let gap = match get(elem, styles, "gap") {
            Value::Length(l) => l,
            _ => Length::em(Em::new(0.65)),
        };
        // Weak, so that it replaces the spacing between body and caption instead of
        // adding to it.
        let v = Content::new(V).with_field("amount", Value::Length(gap));
        let v = v.with_field("weak", Value::Bool(true));
        if top {
            parts.insert(0, v);
            parts.insert(0, caption);
        } else {
            parts.push(v);
            parts.push(caption);
        }
    }
    // The centring styles the block itself, not only its body: an `auto`-width block is
    // as wide as its body, and the flow places it by the alignment in effect for it.
    let block = Content::new(BLOCK)
        .with_field("breakable", Value::Bool(false))
        .with_field("body", Value::Content(Content::sequence(parts)))
        .spanned(elem.span());
    let centred = Content::new(ALIGN_ELEM)
        .with_field("alignment", Value::Alignment(Alignment::h(HAlign::Center)))
        .with_field("body", Value::Content(block))
        .spanned(elem.span());
    r.visit(&centred, styles, loc.child(0))
}

/// An outline entry made by code: its element must be one that was laid out (located);
/// it shows the element's body.
fn outline_entry(
    r: &mut Realizer,
    elem: &Content,
    styles: &Styles,
    loc: Locator,
) -> SourceResult<()> {
    let span = elem.span();
    let Some(Value::Content(target)) = elem.field("element") else { return Ok(()) };
    let outlinable =
        target.is(HEADING) || target.is(FIGURE) || target.elem().name() == "math.equation";
    if !outlinable {
        crate::bail!(span, "cannot outline {}", target.elem().short_name());
    }
    if target.location().is_none() {
        crate::bail!(span, "{} must have a location", target.elem().short_name();
            hint: "try using a show rule to customize the outline.entry instead");
    }
    let body = match target.field("body") {
        Some(Value::Content(body)) => body.clone(),
        _ => Content::empty(),
    };
    let block = Content::new(BLOCK).with_field("body", Value::Content(body)).spanned(span);
    r.visit(&block, styles, loc.child(0))
}

/// The document's title: its body, else the title the document was given, in a block of
/// large bold text.
fn title(r: &mut Realizer, elem: &Content, styles: &Styles, loc: Locator) -> SourceResult<()> {
    let span = elem.span();
    let body = match elem.field("body") {
        Some(Value::Content(body)) => body.clone(),
        _ => match StyleChain::new(styles).get(crate::model::DOCUMENT, "title") {
            Some(Value::Content(body)) => body.clone(),
            Some(Value::Str(title)) => Content::text(title.0.clone()),
            _ => crate::bail!(span, "document title was not set";
                hint: "set the title with `set document(title: [...])`";
                hint: "or provide an explicit body with `title[..]`"),
        },
    };
    let em = |v: f64| Value::Length(Length::em(Em::new(v)));
    let mut inner = styles.clone();
    inner.push(prop(TEXT, "size", em(1.7)));
    inner.push(prop(TEXT, "weight", Value::str("bold")));
    inner.push(prop(BLOCK, "below", em(1.0)));
    let block = Content::new(BLOCK).with_field("body", Value::Content(body)).spanned(span);
    r.visit(&block, &inner, loc.child(0))
}

/// Raw text: monospace (the show-set styles came with preparation); a raw block is a
/// block of lines.
fn raw(r: &mut Realizer, elem: &Content, styles: &Styles, loc: Locator) -> SourceResult<()> {
    let text = match elem.field("text") {
        Some(Value::Str(s)) => s.0.clone(),
        _ => EcoString::new(),
    };
    let tab = match get(elem, styles, "tab-size") {
        Value::Int(n) => n.clamp(0, 64) as usize,
        _ => 2,
    };
    let block = get(elem, styles, "block") == Value::Bool(true);
    let mut lines = Vec::new();
    let raw_lines = crate::model::raw_lines(&text, tab.max(1));
    let count = raw_lines.len();
    for (i, line) in raw_lines.into_iter().enumerate() {
        if i > 0 {
            lines.push(Content::new(LINEBREAK));
        }
        // Each line is a `raw.line` that show rules can restyle.
        let body = if line.is_empty() {
            Content::empty()
        } else {
            Content::text(line.clone()).spanned(elem.span())
        };
        let line = Content::new(RAW_LINE)
            .with_field("number", Value::Int(i as i64 + 1))
            .with_field("count", Value::Int(count as i64))
            .with_field("text", Value::str(line))
            .with_field("body", Value::Content(body))
            .spanned(elem.span());
        lines.push(line);
    }
    let realized = Content::sequence(lines);
    if !block {
        return r.visit(&realized, styles, loc.child(0));
    }
    // Only an alignment that is given (not the default, `start`) wraps the lines.
    let given = elem.field("align").or_else(|| StyleChain::new(styles).get(elem.elem(), "align"));
    let body = match given.cloned().unwrap_or(Value::None) {
        Value::Alignment(alignment) => Content::new(ALIGN_ELEM)
            .with_field("alignment", Value::Alignment(alignment))
            .with_field("body", Value::Content(realized)),
        _ => realized,
    };
    let block = Content::new(BLOCK).with_field("body", Value::Content(body)).spanned(elem.span());
    r.visit(&block, styles, loc.child(0))
}

/// A link: its body's pieces carry the destination.
fn link(r: &mut Realizer, elem: &Content, styles: &Styles, loc: Locator) -> SourceResult<()> {
    let dest = match elem.field("dest") {
        Some(dest) => destination(r, dest, elem.span()),
        None => None,
    };
    let outer = std::mem::replace(&mut r.link, dest);
    let result = match (elem.field("dest"), elem.field("body")) {
        // A URL without a body shows the URL, without a `mailto:` or `tel:` scheme.
        (Some(Value::Str(url)), None | Some(Value::None)) => {
            let shown = url.0.trim_start_matches("mailto:").trim_start_matches("tel:");
            r.visit(&Content::text(shown), styles, loc.child(0))
        }
        (_, None | Some(Value::None)) => {
            Err(ecow::eco_vec![SourceDiagnostic::error(elem.span(), "missing argument: body")])
        }
        _ => visit_body(r, elem, styles, loc),
    };
    r.link = outer;
    result
}

/// Where a link goes: a URL, a labelled element's position (known from the previous
/// layout, `None` before it), or an explicit page position.
fn destination(r: &mut Realizer, dest: &Value, span: Span) -> Option<Destination> {
    match dest {
        Value::Str(url) => Some(Destination::Url(url.0.clone())),
        Value::Label(label) => {
            // As in Typst: first the one element with the label, then where it is.
            let what = eco_format!("link to <{}>", label.as_str());
            let question = Introspection::Label(label.0.clone());
            let introspector = r.engine.introspect(question, span, what.clone());
            let Some(found) = introspector.label(label.as_str()) else {
                // Missing or repeated: an error once the document settles that way.
                r.engine.delay(crate::base::missing_label(introspector, label.as_str(), span));
                return None;
            };
            let location = found.location;
            let asked = Asked::new(location.as_u64() ^ 0x6669_7273_7420_6174, FirstAt(location));
            let introspector = r.engine.introspect(Introspection::Custom(asked), span, what);
            let record = introspector.record(location)?;
            let page = NonZeroUsize::new(record.page)?;
            Some(Destination::Position { page, point: record.position })
        }
        Value::Dict(dict) => {
            let page = match dict.get("page") {
                Some(Value::Int(p)) => NonZeroUsize::new(usize::try_from(*p).ok()?)?,
                _ => return None,
            };
            let coord = |key: &str| match dict.get(key) {
                Some(Value::Length(l)) => l.abs,
                _ => crate::base::Abs::zero(),
            };
            Some(Destination::Position { page, point: Point::new(coord("x"), coord("y")) })
        }
        _ => None,
    }
}

/// Where the element at a location stands, as the destination of a link: Typst words
/// it as a query for the first element at that location.
struct FirstAt(Location);

impl Question for FirstAt {
    fn answer(&self, introspector: &dyn Introspector) -> u64 {
        let mut hasher = FxHasher64::default();
        let place = introspector.record(self.0).map(|r| (r.page, r.position));
        place
            .map(|(page, at)| (page, at.x.to_pt().to_bits(), at.y.to_pt().to_bits()))
            .hash(&mut hasher);
        hasher.finish()
    }

    fn describe(&self, introspector: &dyn Introspector) -> EcoString {
        eco_format!("{}", usize::from(introspector.record(self.0).is_some()))
    }

    fn unsettled(&self, _: &str, observed: &[EcoString]) -> Option<Unsettled> {
        let message = "query for the first element matching `location(..)` did not stabilize";
        let same = matches!(observed, [.., a, b] if a == b);
        let intro = "the following numbers of elements were observed:";
        let hints = if same { Vec::new() } else { vec![observed_hint(intro, observed)] };
        Some((message.into(), hints))
    }
}

/// A quotation: inline, its body in the language's quotes; as a block, its body padded
/// by 1em on both sides with the attribution ("— who") aligned to the end below it.
fn quote(r: &mut Realizer, elem: &Content, styles: &Styles, loc: Locator) -> SourceResult<()> {
    let span = elem.span();
    let block = get(elem, styles, "block") == Value::Bool(true);
    let quoted = match get(elem, styles, "quotes") {
        Value::Bool(b) => b,
        _ => !block,
    };
    let body = match elem.field("body") {
        Some(Value::Content(body)) => body.clone(),
        _ => Content::empty(),
    };
    let body = if quoted {
        let quote = |double| Content::new(SMARTQUOTE).with_field("double", Value::Bool(double));
        Content::sequence([quote(true), body, quote(true)])
    } else {
        body
    };
    if !block {
        return r.visit(&body, styles, loc.child(0));
    }
    let em = |v: f64| Value::Length(Length::em(Em::new(v)));
    let mut parts = vec![Content::new(BLOCK).with_field("body", Value::Content(body))];
    if let Value::Content(attribution) = get(elem, styles, "attribution") {
        parts.push(
            Content::new(V).with_field("amount", em(0.9)).with_field("weak", Value::Bool(true)),
        );
        let line = Content::sequence([Content::text("—\u{A0}"), attribution]);
        parts.push(
            Content::new(ALIGN_ELEM)
                .with_field("alignment", Value::Alignment(Alignment::h(HAlign::End)))
                .with_field("body", Value::Content(line)),
        );
    }
    let padded = Content::new(PAD)
        .with_field("left", em(1.0))
        .with_field("right", em(1.0))
        .with_field("body", Value::Content(Content::sequence(parts)))
        .spanned(span);
    r.visit(&padded, styles, loc.child(0))
}

/// `context`: evaluates its closure where it stands, then realizes the result.
fn context(r: &mut Realizer, elem: &Content, styles: &Styles, loc: Locator) -> SourceResult<()> {
    let Some(Value::Func(func)) = elem.field("func") else { return Ok(()) };
    let func: Func = func.clone();
    let location = loc.location();
    r.tag(Tag { location, info: TagInfo::Context });
    let numbering = match StyleChain::new(styles).get(PAGE, "numbering") {
        Some(Value::None) | None => None,
        Some(value) => Some(value.clone()),
    };
    let here = Here { location: Some(location), page: r.engine.here.page, numbering };
    let outer = std::mem::replace(&mut r.engine.here, here);
    // The closure sees the styles where it stands (`text.size`, `to-absolute`).
    let outer_styles = std::mem::replace(&mut r.engine.styles, styles.clone());
    let result = func.call(r.engine, Args::new(elem.span(), []));
    r.engine.here = outer;
    r.engine.styles = outer_styles;
    let output = result?.display();
    r.visit(&output, styles, loc.child(0))
}
