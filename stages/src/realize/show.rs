//! Show rules: an element and the styles in effect → the element prepared (its fields
//! materialized, counted, tagged) and transformed by the innermost applicable recipe, or
//! handed to its built-in look.
//!
//! The steps follow Typst's:
//! 1. The recipes in effect are scanned innermost first. Those whose selector matches the
//!    element (with its fields materialized, so `heading.where(level: 1)` sees the level
//!    a `set` rule gave) contribute their show-set styles; the first function or content
//!    recipe not yet applied to this element is the step to take.
//! 2. An element seen for the first time is prepared: its fields are materialized under
//!    the show-set styles, and locatable elements (headings, figures, labelled content)
//!    leave their tags and step their counters.
//! 3. The step's output is realized with the show-set styles and a mark saying that this
//!    recipe was applied to this element (`marks.rs`): when the output holds the element
//!    again (`show heading: it => block(it)`), that recipe is skipped and the element is
//!    not prepared a second time. Without a step, the built-in look applies.

use ecow::EcoString;

use super::builtin;
use super::marks::{self, Prepared};
use super::walk::{Realizer, concat};
use crate::base::{Locator, SourceResult, Span, Tag, TagInfo};
use crate::model::{
    Args, Content, FIGURE, HEADING, Recipe, Selector, Style, StyleChain, Styles, Transformation,
    Value,
};

/// How deeply show rules may nest before realization gives up.
const MAX_SHOW_DEPTH: usize = 64;

/// Keeps the locators of show rule outputs apart from those of an element's children.
const OUTPUT_KEY: u64 = 1 << 61;

/// Keeps the locations of label tags apart from the labelled element's own.
pub(super) const LABEL_KEY: u64 = 1 << 60;

/// Applies the show rules in effect to `content`; `false` if there was nothing to do
/// (no recipe applies and the element needs no preparation).
pub(super) fn visit_show(
    r: &mut Realizer,
    content: &Content,
    styles: &Styles,
    loc: Locator,
) -> SourceResult<bool> {
    let indices = r.recipes.indices(styles);
    let all = styles.iter().as_slice();
    let recipes: Vec<(usize, &Recipe)> = indices
        .iter()
        .filter_map(|&i| match &all[i] {
            Style::Recipe(recipe) => Some((i, recipe)),
            Style::Property(_) => None,
        })
        .filter(|(_, recipe)| recipe.selector.as_ref().is_some_and(|s| may_match(s, content)))
        .collect();
    if recipes.is_empty() && !locatable(content) && !builtin::has_show_set(content) {
        return Ok(false);
    }

    let shown = materialize(content, styles);
    let prepared = marks::prepared(styles, &shown);
    let guards = prepared.as_ref().map(|(_, guards)| guards.as_slice()).unwrap_or(&[]);

    let mut map = Styles::new();
    let mut step = None;
    for &(index, recipe) in &recipes {
        if !recipe.selector.as_ref().is_some_and(|s| s.matches(&shown)) {
            continue;
        }
        match &recipe.transform {
            Transformation::Styles(styles) => {
                if prepared.is_none() {
                    map = concat(styles, &map);
                }
            }
            _ => {
                if step.is_none() && !guards.contains(&index) {
                    step = Some((index, recipe));
                }
            }
        }
    }

    let (prepared, inner) = match prepared {
        Some((prepared, _)) => (prepared, styles.clone()),
        None => {
            map = concat(&builtin::show_set(&shown, styles), &map);
            if step.is_none() && map.is_empty() && !locatable(content) {
                return Ok(false);
            }
            let inner = concat(styles, &map);
            let elem = if map.is_empty() { shown } else { materialize(content, &inner) };
            let numbers = prepare(r, &elem, &inner, loc)?;
            (Prepared { elem, numbers }, inner)
        }
    };

    let Some((index, recipe)) = step else {
        builtin::show(r, &prepared.elem, &inner, loc, prepared.numbers.as_deref())?;
        return Ok(true);
    };
    apply(r, recipe, index, &prepared, &inner, loc)?;
    Ok(true)
}

/// Applies recipe number `index` to a prepared element and realizes the output under
/// `styles` with the mark that the recipe was applied.
fn apply(
    r: &mut Realizer,
    recipe: &Recipe,
    index: usize,
    prepared: &Prepared,
    styles: &Styles,
    loc: Locator,
) -> SourceResult<()> {
    if marks::depth(styles) >= MAX_SHOW_DEPTH {
        crate::bail!(recipe.span, "maximum show rule depth exceeded";
            hint: "maybe a show rule matches its own output";
            hint: "maybe there are too deeply nested elements");
    }
    let output = match &recipe.transform {
        Transformation::Func(func) => {
            let args = Args::new(recipe.span, [Value::Content(prepared.elem.clone())]);
            func.call(r.engine, args)?.display()
        }
        Transformation::Content(replacement) => replacement.clone(),
        Transformation::Styles(own) => prepared.elem.clone().styled(own.clone()),
    };
    let mut out_styles = styles.clone();
    out_styles.push(marks::applied(prepared, index));
    r.visit(&output, &out_styles, loc.child(OUTPUT_KEY | index as u64))
}

/// Realizes text under the text show rules in effect (`show "word": ..`): the earliest
/// occurrence of a selected string (the innermost rule on a tie) is cut out and shown
/// by its rule, the text around it goes on as text. Gives `false` if no rule applies.
pub(super) fn visit_text(
    r: &mut Realizer,
    text: &str,
    styles: &Styles,
    span: Span,
    loc: Locator,
) -> SourceResult<bool> {
    let indices = r.recipes.indices(styles);
    let all = styles.iter().as_slice();
    let mut best: Option<(usize, usize, &Recipe, &str)> = None;
    for &i in indices.iter() {
        let Style::Recipe(recipe) = &all[i] else { continue };
        let Some(Selector::Text(needle)) = &recipe.selector else { continue };
        if needle.is_empty() {
            continue;
        }
        let Some(start) = text.find(needle.as_str()) else { continue };
        if best.is_some_and(|(s, ..)| s <= start) {
            continue;
        }
        let matched = Content::text(needle.clone());
        if marks::prepared(styles, &matched).is_some_and(|(_, guards)| guards.contains(&i)) {
            continue;
        }
        best = Some((start, i, recipe, needle.as_str()));
    }
    let Some((start, index, recipe, needle)) = best else { return Ok(false) };
    let end = start + needle.len();
    if start > 0 {
        r.visit(&Content::text(&text[..start]).spanned(span), styles, loc.child(0))?;
    }
    let prepared = Prepared { elem: Content::text(needle).spanned(span), numbers: None };
    apply(r, recipe, index, &prepared, styles, loc.child(1))?;
    if end < text.len() {
        r.visit(&Content::text(&text[end..]).spanned(span), styles, loc.child(2))?;
    }
    Ok(true)
}

/// The positions of the recipes in a style list, innermost first, remembered for the
/// last list asked about (siblings share their list, so most elements hit).
#[derive(Debug, Default)]
pub(super) struct RecipeCache {
    /// The list last asked about, kept alive so that its address stays its own.
    styles: Styles,
    indices: std::rc::Rc<[usize]>,
}

impl RecipeCache {
    /// The positions of the recipes in `styles`, innermost first.
    pub fn indices(&mut self, styles: &Styles) -> std::rc::Rc<[usize]> {
        let (a, b) = (self.styles.iter().as_slice(), styles.iter().as_slice());
        let cached = a.len() == b.len() && std::ptr::eq(a.as_ptr(), b.as_ptr());
        if !cached {
            self.styles = styles.clone();
            self.indices = b
                .iter()
                .enumerate()
                .rev()
                .filter(|(_, s)| matches!(s, Style::Recipe(_)))
                .map(|(i, _)| i)
                .collect();
        }
        self.indices.clone()
    }
}

/// Whether a selector could match the element before its fields are known (a cheap
/// filter: most elements meet no recipe at all).
fn may_match(selector: &Selector, content: &Content) -> bool {
    match selector {
        Selector::Elem(elem, _) => content.is(*elem),
        Selector::Label(label) => content.label() == Some(label),
        Selector::Text(_) => false,
        Selector::Or(list) => list.iter().any(|s| may_match(s, content)),
        Selector::And(list) => list.iter().all(|s| may_match(s, content)),
    }
}

/// Whether an element must be prepared even when no recipe applies: it is counted or
/// leaves a tag.
fn locatable(content: &Content) -> bool {
    content.label().is_some() || content.is(HEADING) || content.is(FIGURE)
}

/// The element with every settable field it was not given filled in from the styles
/// (else the default), as show rules see it; the element itself when nothing is missing.
pub(super) fn materialize(content: &Content, styles: &Styles) -> Content {
    let elem = content.elem();
    let chain = StyleChain::new(styles);
    let mut out = content.clone();
    let mut changed = false;
    for (i, field) in elem.fields().iter().enumerate() {
        if !field.settable || field.internal || content.field_at(i as u8).is_some() {
            continue;
        }
        let value = match chain.get(elem, field.name) {
            Some(value) => value.clone(),
            None => builtin::default(elem, field.name).unwrap_or_else(field.default),
        };
        out.push_field(i as u8, value);
        changed = true;
    }
    if elem == HEADING && matches!(out.field("level"), Some(Value::Auto)) {
        let level = builtin::heading_level(&out, styles);
        out = out.with_field("level", Value::Int(level as i64));
        changed = true;
    }
    if changed { out } else { content.clone() }
}

/// Prepares an element seen for the first time: the tags of headings and labelled
/// content, and the numbers of headings and figures. Gives the element's number as
/// displayed, if it is numbered.
fn prepare(
    r: &mut Realizer,
    elem: &Content,
    styles: &Styles,
    loc: Locator,
) -> SourceResult<Option<EcoString>> {
    let mut numbers = None;
    if elem.is(HEADING) {
        r.finish_par();
        let level = builtin::heading_level(elem, styles);
        // As in Typst, only numbered headings step the heading counter.
        if builtin::numbered(elem, styles) {
            let counted = r.counters.step("heading", level);
            numbers = builtin::number(r, elem, styles, &counted)?;
        }
        let outlined = matches!(elem.field("outlined"), Some(Value::Bool(true)) | None);
        let bookmarked = match elem.field("bookmarked") {
            Some(Value::Bool(b)) => *b,
            _ => outlined,
        };
        let title = match elem.field("body") {
            Some(Value::Content(body)) => body.plain_text(),
            _ => EcoString::new(),
        };
        let info =
            TagInfo::Heading { level, numbers: numbers.clone(), title, outlined, bookmarked };
        r.tag(Tag { location: loc.location(), info });
    } else if elem.is(FIGURE) {
        r.finish_par();
        if builtin::numbered(elem, styles) {
            let key = builtin::figure_counter(elem);
            let counted = r.counters.step(&key, 1);
            numbers = builtin::number(r, elem, styles, &counted)?;
        }
        let supplement = builtin::figure_supplement(elem, styles).map(|s| s.plain_text());
        let info = TagInfo::Figure { supplement, numbers: numbers.clone() };
        r.tag(Tag { location: loc.location(), info });
    }
    if let Some(label) = elem.label() {
        let info = TagInfo::Labelled { label: label.0.clone() };
        r.tag(Tag { location: loc.child(LABEL_KEY).location(), info });
    }
    Ok(numbers)
}
