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
//!    leave their tags and step their counters. One more tag carries the prepared
//!    element itself, for `query`.
//! 3. The step's output is realized with the show-set styles and a mark saying that this
//!    recipe was applied to this element (`marks.rs`): when the output holds the element
//!    again (`show heading: it => block(it)`), that recipe is skipped and the element is
//!    not prepared a second time. A content replacement never holds the element it
//!    replaced, so its mark only counts the depth (`show text: [X]` shows its own `X`
//!    again until the depth limit, as in Typst). Without a step, the built-in look
//!    applies.
//!
//! Text rules (`show "word": ..`, `show regex(..): ..`) cut their matches out of text
//! (`visit_text`), and out of runs of sibling texts, spaces and smart quotes that a match
//! spans (`visit_textual_run`: `don't`, `a#[b]c`). Errors of function recipes on elements
//! are delayed, as in Typst: they hold only if they remain once the document settled.

use std::hash::{Hash, Hasher};

use ecow::EcoString;

use super::builtin;
use super::marks::{self, Prepared};
use super::walk::{Realizer, concat};
use crate::base::{FxHasher64, Location, Locator, SourceResult, Span, Tag, TagInfo};
use crate::eval::Here;
use crate::model::{
    Args, Content, ENUM, ENUM_ITEM, FIGURE, HEADING, IMAGE, PAGE, PAR, RAW, REF, Recipe,
    SMARTQUOTE, SPACE, Selector, Style, StyleChain, Styles, TABLE, TEXT, Transformation, Value,
};

/// How deeply show rules may nest before realization gives up.
pub(super) const MAX_SHOW_DEPTH: usize = 64;

/// Keeps the locators of show rule outputs apart from those of an element's children.
const OUTPUT_KEY: u64 = 1 << 61;

/// Keeps the locations of label tags apart from the labelled element's own.
pub(super) const LABEL_KEY: u64 = 1 << 60;

/// Keeps the locations of element tags (for queries) apart from the element's own.
const ELEMENT_KEY: u64 = 1 << 59;

/// Keeps the locators of a list's labelled items apart from the list's other children.
const ITEMS_KEY: u64 = 1 << 56;

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
        if queryable(content) && content.location().is_none() {
            tag_inline(r, &materialize(content, styles), loc);
        }
        return Ok(false);
    }

    let mut shown = materialize(content, styles);
    if shown.is(FIGURE) {
        check_figure_supplement(&shown)?;
    }
    if shown.is(REF) {
        // Show rules see what the reference refers to (Typst's synthesized fields).
        shown = super::reference::synthesized(r.engine, shown);
    }
    let prepared = marks::prepared(styles, content);
    let guards = prepared.as_ref().map(|(_, guards)| guards.as_slice()).unwrap_or(&[]);

    let target = match_target(&shown, styles);
    let mut map = Styles::new();
    let mut step = None;
    for &(index, recipe) in &recipes {
        if !recipe.selector.as_ref().is_some_and(|s| s.matches(&target)) {
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
            // An element that a query gave keeps its location (Typst's): shown again,
            // it is neither counted nor tagged a second time.
            let queried = content.location();
            if step.is_none() && map.is_empty() && !locatable(content) {
                if queryable(content) && queried.is_none() {
                    tag_inline(r, &shown, loc);
                }
                return Ok(false);
            }
            let inner = concat(styles, &map);
            let mut elem = if map.is_empty() { shown } else { materialize(content, &inner) };
            let numbers = match queried {
                Some(location) => {
                    elem = elem.located(location);
                    queried_numbers(r, &elem, location)
                }
                None => {
                    if let Some(location) = location(&elem, loc) {
                        elem = elem.located(location);
                    }
                    prepare(r, &elem, &inner, loc)?
                }
            };
            if let Some(numbers) = &numbers {
                elem = builtin::number_caption(&elem, numbers);
            }
            (Prepared { elem, numbers }, inner)
        }
    };

    let Some((index, recipe)) = step else {
        r.builtin(&prepared.elem, &inner, loc, prepared.numbers.as_deref())?;
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
        // As in Typst, the error points at the element that was about to be shown once
        // more (usually what the rule itself produced).
        let span = prepared.elem.span();
        let span = if span.is_detached() { recipe.span } else { span };
        crate::bail!(span, "maximum show rule depth exceeded";
            hint: "maybe a show rule matches its own output";
            hint: "maybe there are too deeply nested elements");
    }
    let output = match &recipe.transform {
        Transformation::Func(func) => {
            // Typst binds the arguments at the function the rule names.
            // (an element function makes an element placed at the rule, as in Typst).
            let named = !func.span().is_detached() && func.element().is_none();
            // A type's constructor has no place of its own (`show heading: str`).
            let constructor = matches!(func.repr_kind(), crate::model::FuncRepr::Type(_));
            let span = if named {
                func.span()
            } else if constructor {
                Span::detached()
            } else {
                recipe.span
            };
            let args = Args::new(span, [Value::Content(prepared.elem.clone())]);
            // As in Typst, the function knows the context of a located element: its
            // location is `here()`.
            let outer = match prepared.elem.location() {
                Some(location) => {
                    let numbering = match StyleChain::new(styles).get(PAGE, "numbering") {
                        Some(Value::None) | None => None,
                        Some(value) => Some(value.clone()),
                    };
                    let here =
                        Here { location: Some(location), page: r.engine.here.page, numbering };
                    Some(std::mem::replace(&mut r.engine.here, here))
                }
                None => None,
            };
            // It also sees the styles the element is shown with, show-set rules included
            // (`show heading: set text(8pt)` makes `text.size` 8pt in the rule).
            let outer_styles = std::mem::replace(&mut r.engine.styles, styles.clone());
            let mut result = func.call(r.engine, args);
            r.engine.styles = outer_styles;
            // As in Typst, errors of a rule with a selector say which element was shown.
            if recipe.selector.is_some() {
                let name = prepared.elem.elem().short_name();
                let note = || ecow::eco_format!("while showing {name} element");
                result = r.engine.trace(result, prepared.elem.span(), note);
            }
            if let Some(outer) = outer {
                r.engine.here = outer;
            }
            match result {
                Ok(value) => value.display(),
                // As in Typst, a failing show rule on an element does not end the
                // compilation: its error holds only if it is still there once the
                // document has settled (a rule that queries the document may fail
                // before the first layout). Text rules fail at once, as in Typst.
                Err(errors) if matches!(recipe.selector, Some(Selector::Regex(_))) => {
                    return Err(errors);
                }
                Err(errors) => {
                    errors.into_iter().for_each(|error| r.engine.delay(error));
                    return Ok(());
                }
            }
        }
        Transformation::Content(replacement) => replacement.clone(),
        Transformation::Styles(own) => prepared.elem.clone().styled(own.clone()),
    };
    let mut out_styles = styles.clone();
    if matches!(recipe.transform, Transformation::Content(_)) && prepared.elem.location().is_none()
    {
        // The replacement never holds the element it replaced, except when the element
        // came from the replacement itself (`show text: [X]`): as in Typst, that is new
        // content each time, which the rule shows again until the depth limit. The mark
        // records a copy of the element (located, so not the same), so it guards nothing.
        let location = loc.child(OUTPUT_KEY | index as u64).location();
        let copy = prepared.elem.clone().located(location);
        let copy = Prepared { elem: copy, numbers: prepared.numbers.clone() };
        out_styles.push(marks::applied(&copy, index));
    } else {
        out_styles.push(marks::applied(prepared, index));
    }
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
    let revoked = marks::text_recipes(styles);
    let mut best: Option<(usize, usize, &Recipe, &str)> = None;
    for &i in indices.iter() {
        let Style::Recipe(recipe) = &all[i] else { continue };
        let Some(Selector::Regex(regex)) = &recipe.selector else { continue };
        if revoked.contains(&i) {
            continue;
        }
        // As in Typst, a rule whose first match is empty selects nothing here.
        let Some(found) = regex.0.find(text).filter(|m| !m.is_empty()) else { continue };
        let start = found.start();
        if best.is_some_and(|(s, ..)| s <= start) {
            continue;
        }
        best = Some((start, i, recipe, found.as_str()));
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

/// Whether a show rule in effect would transform `content` (not only style it): one
/// that selects it and was not yet applied to it.
pub(super) fn transforms(r: &mut Realizer, content: &Content, styles: &Styles) -> bool {
    let indices = r.recipes.indices(styles);
    let all = styles.iter().as_slice();
    let mut shown = None;
    let guards = marks::prepared(styles, content).map(|(_, guards)| guards).unwrap_or_default();
    indices.iter().any(|&i| {
        let Style::Recipe(recipe) = &all[i] else { return false };
        let Some(selector) = &recipe.selector else { return false };
        if matches!(recipe.transform, Transformation::Styles(_))
            || guards.contains(&i)
            || !may_match(selector, content)
        {
            return false;
        }
        selector.matches(
            shown.get_or_insert_with(|| match_target(&materialize(content, styles), styles)),
        )
    })
}

/// Whether a `show par` rule is in effect under `styles`.
pub(super) fn has_par_rules(r: &mut Realizer, styles: &Styles) -> bool {
    let indices = r.recipes.indices(styles);
    let all = styles.iter().as_slice();
    let par = Content::new(PAR);
    indices.iter().any(|&i| {
        matches!(&all[i], Style::Recipe(recipe)
            if recipe.selector.as_ref().is_some_and(|s| may_match(s, &par)))
    })
}

/// Whether text show rules are in effect.
pub(super) fn has_text_rules(r: &mut Realizer, styles: &Styles) -> bool {
    let indices = r.recipes.indices(styles);
    let all = styles.iter().as_slice();
    indices.iter().any(|&i| {
        matches!(&all[i], Style::Recipe(recipe) if matches!(recipe.selector, Some(Selector::Regex(_))))
    })
}

/// Realizes a run of sibling texts, spaces and smart quotes (`don't`, `a#[b]c`) under
/// the text show rules in effect: as in Typst, the rules see the run's text as one
/// (a smart quote as its plain quote), so a match may span several siblings; such a
/// match is cut out as one text and shown by its rule, and so is a match of a smart
/// quote. Matches inside one text sibling are left to `visit_text`, which sees that
/// sibling's text.
pub(super) fn visit_textual_run(
    r: &mut Realizer,
    run: &[(Content, Locator)],
    styles: &Styles,
) -> SourceResult<()> {
    let mut joined = String::new();
    let mut ends = Vec::with_capacity(run.len());
    for (k, (child, _)) in run.iter().enumerate() {
        // Spaces in a row collapse into one, as they will in the paragraph.
        let repeated = k > 0 && child.is(SPACE) && run[k - 1].0.is(SPACE);
        if !repeated {
            joined.push_str(&plain(child));
        }
        ends.push(joined.len());
    }
    // The child holding byte `at` of the joined text.
    let child_of = |at: usize| ends.partition_point(|&end| end <= at);
    let mut from = 0;
    let spanning = loop {
        let Some((start, end, index)) = leftmost_match(r, &joined, from, styles) else {
            break None;
        };
        let (a, b) = (child_of(start), child_of(end - 1));
        // A match inside a smart quote is the quote, taken as its plain character.
        if a != b || run[a].0.is(SMARTQUOTE) {
            break Some((start, end, index, a, b));
        }
        from = end;
    };
    let Some((start, end, index, a, b)) = spanning else {
        for (child, loc) in run {
            r.visit(child, styles, *loc)?;
        }
        return Ok(());
    };
    for (child, loc) in &run[..a] {
        r.visit(child, styles, *loc)?;
    }
    let (first, first_loc) = &run[a];
    let first_start = if a == 0 { 0 } else { ends[a - 1] };
    if start > first_start {
        let before = Content::text(&joined[first_start..start]).spanned(first.span());
        r.visit(&before, styles, first_loc.child(0))?;
    }
    let all = styles.iter().as_slice();
    let Style::Recipe(recipe) = &all[index] else { return Ok(()) };
    let matched = Content::text(&joined[start..end]).spanned(first.span());
    let prepared = Prepared { elem: matched, numbers: None };
    apply(r, recipe, index, &prepared, styles, first_loc.child(1))?;
    // What follows the match (the rest of its last sibling and the siblings after it)
    // may hold more matches.
    let (last, last_loc) = &run[b];
    let mut rest = Vec::with_capacity(run.len() - b);
    if end < ends[b] {
        rest.push((Content::text(&joined[end..ends[b]]).spanned(last.span()), last_loc.child(2)));
    }
    rest.extend(run[b + 1..].iter().cloned());
    visit_textual_run(r, &rest, styles)
}

/// The text a sibling contributes to a run that text rules see.
fn plain(content: &Content) -> EcoString {
    if content.is(SMARTQUOTE) {
        let double = !matches!(content.field("double"), Some(Value::Bool(false)));
        return if double { "\"".into() } else { "'".into() };
    }
    if content.is(SPACE) {
        return " ".into();
    }
    match content.field("text") {
        Some(Value::Str(text)) => text.0.clone(),
        _ => EcoString::new(),
    }
}

/// Whether a sibling can be part of a run that text rules see as one text.
pub(super) fn textual(content: &Content) -> bool {
    // A symbol outside math is text (`#sym.pi`).
    (content.is(TEXT)
        || content.is(crate::model::SYMBOL)
        || content.is(SPACE)
        || content.is(SMARTQUOTE))
        && content.label().is_none()
}

/// The leftmost non-empty match at or after `from` of the text rules in effect (the
/// innermost rule on a tie), skipping rules whose output this text is: its range
/// and the rule's position among the styles.
fn leftmost_match(
    r: &mut Realizer,
    text: &str,
    from: usize,
    styles: &Styles,
) -> Option<(usize, usize, usize)> {
    let indices = r.recipes.indices(styles);
    let all = styles.iter().as_slice();
    let revoked = marks::text_recipes(styles);
    let mut best: Option<(usize, usize, usize)> = None;
    for &i in indices.iter() {
        let Style::Recipe(recipe) = &all[i] else { continue };
        let Some(Selector::Regex(regex)) = &recipe.selector else { continue };
        if revoked.contains(&i) {
            continue;
        }
        let Some(found) = regex.0.find_at(text, from).filter(|m| !m.is_empty()) else {
            continue;
        };
        if best.is_some_and(|(s, ..)| s <= found.start()) {
            continue;
        }
        best = Some((found.start(), found.end(), i));
    }
    best
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
        Selector::Location(location) => content.location() == Some(*location),
        Selector::Or(list) => list.iter().any(|s| may_match(s, content)),
        Selector::And(list) => list.iter().all(|s| may_match(s, content)),
        // Text is matched by `visit_text`; show rules refuse the other selectors.
        Selector::Regex(_)
        | Selector::Before { .. }
        | Selector::After { .. }
        | Selector::Within { .. } => false,
    }
}

/// The location show rules see on an element (`it.location()`): that of its tag for
/// headings, figures and labelled content, else its place for the other elements Typst
/// locates; `None` for elements that are not locatable.
fn location(elem: &Content, loc: Locator) -> Option<Location> {
    if elem.is(HEADING) || elem.is(FIGURE) {
        Some(loc.location())
    } else if elem.label().is_some() {
        Some(loc.child(LABEL_KEY).location())
    } else if Selector::Elem(elem.elem(), None).check_locatable().is_ok() {
        Some(loc.location())
    } else {
        None
    }
}

/// Whether an element must be prepared even when no recipe applies: it is counted or
/// leaves a tag.
fn locatable(content: &Content) -> bool {
    content.label().is_some() || content.is(HEADING) || content.is(FIGURE)
}

/// `materialize`, with a stroke the element was given folded over the stroke set for
/// it, as a decoration draws it (Typst's `2pt` set and `red` given draw `2pt + red`;
/// show rules still see the given `red`).
pub(super) fn materialize_drawn(content: &Content, styles: &Styles) -> Content {
    let out = materialize(content, styles);
    match content.field("stroke") {
        Some(given) => {
            let folded = StyleChain::new(styles).get_folded_over(content.elem(), "stroke", given);
            out.with_field("stroke", folded)
        }
        None => out,
    }
}

/// A numbered figure of a kind named by a string has no word for its supplement: Typst
/// asks for one.
fn check_figure_supplement(figure: &Content) -> SourceResult<()> {
    let named = matches!(figure.field("kind"), Some(Value::Str(_)));
    let auto = matches!(figure.field("supplement"), Some(Value::Auto));
    let numbered = !matches!(figure.field("numbering"), Some(Value::None) | None);
    if named && auto && numbered {
        crate::bail!(figure.span(), "please specify the figure's supplement");
    }
    Ok(())
}

/// The element with every settable field it was not given filled in from the styles
/// (else the default), as show rules see it; the element itself when nothing is missing.
pub(super) fn materialize(content: &Content, styles: &Styles) -> Content {
    let elem = content.elem();
    if elem == TEXT {
        // As in Typst, show rules on text see only its text (`it.size` is not known).
        return content.clone();
    }
    let (mut out, mut changed) = with_settable(content, styles);
    if elem == HEADING && matches!(out.field("level"), Some(Value::Auto)) {
        let level = builtin::heading_level(&out, styles);
        out = out.with_field("level", Value::Int(level as i64));
        changed = true;
    }
    if elem == HEADING {
        // Typst's heading offset defaults to 0 and an automatic supplement is the word
        // for a section in the language in effect.
        if matches!(out.field("offset"), Some(Value::None)) {
            out = out.with_field("offset", Value::Int(0));
            changed = true;
        }
        if matches!(out.field("supplement"), Some(Value::Auto)) {
            let word = super::reference::heading_supplement(&super::reference::lang(styles));
            out = out.with_field("supplement", Value::Content(Content::text(word)));
            changed = true;
        } else if matches!(out.field("supplement"), Some(Value::None)) {
            // Typst shows no supplement as empty content.
            out = out.with_field("supplement", Value::Content(Content::empty()));
            changed = true;
        }
    }
    if elem == crate::model::EQUATION {
        // An automatic supplement is the word for an equation in the language in effect,
        // and none is empty content, as in Typst.
        match out.field("supplement") {
            Some(Value::Auto) => {
                if let Some(supplement) = builtin::equation_supplement(&out, styles) {
                    out = out.with_field("supplement", Value::Content(supplement));
                    changed = true;
                }
            }
            Some(Value::None) => {
                out = out.with_field("supplement", Value::Content(Content::empty()));
                changed = true;
            }
            _ => {}
        }
    }
    if elem == FIGURE && matches!(out.field("kind"), Some(Value::Auto)) {
        // Typst resolves an automatic kind to the function of the body's first image,
        // table or raw block (`figure.where(kind: table)` selects by it), and the
        // automatic supplement to that kind's word.
        let key = builtin::figure_counter(&out);
        let kind = match key.strip_prefix("figure:").unwrap_or(&key) {
            "table" => Value::Func(TABLE.into()),
            "raw" => Value::Func(RAW.into()),
            _ => Value::Func(IMAGE.into()),
        };
        out = out.with_field("kind", kind);
        if matches!(out.field("supplement"), Some(Value::Auto))
            && let Some(supplement) = builtin::figure_supplement(&out, styles)
        {
            out = out.with_field("supplement", Value::Content(supplement));
        }
        changed = true;
    }
    if elem == ENUM
        && let Some(Value::Array(children)) = out.field("children").cloned()
    {
        // The items of an enumeration show their settable `number` too (`auto` when
        // the markup gave none), as in Typst.
        let items = children.as_slice().iter().map(|child| match child {
            Value::Content(item) if item.is(ENUM_ITEM) => Value::Content(materialize(item, styles)),
            other => other.clone(),
        });
        out = out.with_field("children", Value::Array(items.collect()));
        changed = true;
    }
    if elem == FIGURE {
        // As in Typst, a figure knows its counter, and its caption the figure's kind,
        // supplement, numbering and counter, and its separator resolved.
        out = builtin::synthesize_figure(&out, styles);
        changed = true;
    }
    if changed { out } else { content.clone() }
}

/// The element with every settable field it was not given filled in from the styles
/// (else the default), and whether any was missing.
fn with_settable(content: &Content, styles: &Styles) -> (Content, bool) {
    let elem = content.elem();
    let chain = StyleChain::new(styles);
    let mut out = content.clone();
    let mut changed = false;
    for (i, field) in elem.fields().iter().enumerate() {
        if !field.settable
            || field.internal
            || elem.is_shorthand(field.name)
            || content.field_at(i as u8).is_some()
        {
            continue;
        }
        let value = match chain.get_folded(elem, field.name) {
            Some(value) => value,
            None => builtin::default(elem, field.name).unwrap_or_else(field.default),
        };
        out.push_field(i as u8, value);
        changed = true;
    }
    (out, changed)
}

/// What a selector of a show rule is matched against: the element as shown, except
/// text, whose `where` fields are looked up in the styles too (Typst's
/// `text.where(fill: red)` selects red text, though the shown text knows no fill).
fn match_target(shown: &Content, styles: &Styles) -> Content {
    if shown.is(TEXT) { with_settable(shown, styles).0 } else { shown.clone() }
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
    // The tags go where the element stands: inside the paragraph if a show rule makes
    // it inline, else out of it (trailing tags leave a finished paragraph).
    if elem.is(HEADING) {
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
    if locatable(elem) {
        // A labelled block shares its locator with its body's first element (nested
        // realization starts there): their element tags must not share a location.
        let base = if elem.label().is_some() { loc.child(LABEL_KEY) } else { loc };
        r.tag(Tag { location: base.child(ELEMENT_KEY).location(), info: element_info(elem) });
    } else if elem.elem().name() == "math.equation"
        && let Some(location) = elem.location()
    {
        // An equation is counted where it stands even when a show rule replaces it
        // (`counter(math.equation).display()` in the rule); its built-in look tags the
        // same location again, which the records keep once.
        r.tag(Tag { location, info: element_info(elem) });
    } else if queryable(elem) {
        r.tag(Tag { location: loc.location(), info: element_info(elem) });
    }
    Ok(numbers)
}

/// Tags the labelled items of a list, enum or term list (Typst locates labelled content
/// wherever it stands; the items themselves are laid out without being shown).
pub(super) fn tag_labelled_items(
    r: &mut Realizer,
    list: &Content,
    styles: &Styles,
    loc: Locator,
) -> SourceResult<()> {
    let Some(Value::Array(children)) = list.field("children") else { return Ok(()) };
    for (k, child) in children.as_slice().iter().enumerate() {
        let Value::Content(item) = child else { continue };
        if item.label().is_none() || item.location().is_some() {
            continue;
        }
        let loc = loc.child(ITEMS_KEY).child(k as u64);
        let elem = materialize(item, styles).located(loc.child(LABEL_KEY).location());
        prepare(r, &elem, styles, loc)?;
    }
    Ok(())
}

/// The number that a heading or figure from a query had where it stands in the
/// document (as displayed under its own numbering), if it is numbered.
fn queried_numbers(r: &mut Realizer, elem: &Content, location: Location) -> Option<EcoString> {
    if !elem.is(HEADING) && !elem.is(FIGURE) {
        return None;
    }
    let what = crate::base::Introspection::TargetOf(location);
    let introspector = r.engine.introspect(what, elem.span(), "the number of a queried element");
    match &introspector.record(location)?.info {
        TagInfo::Heading { numbers, .. } | TagInfo::Figure { numbers, .. } => numbers.clone(),
        _ => None,
    }
}

/// The elements that Typst locates besides headings, figures and labelled content: they
/// leave no tag but their element tag, which stands at their own location (so that the
/// location a query or show rule gives them answers `page()`).
const QUERYABLE: &[&str] = &[
    "list",
    "enum",
    "terms",
    "table",
    "outline",
    "title",
    "pdf.attach",
    "strong",
    "emph",
    "link",
    "ref",
    "quote",
    "footnote",
    "cite",
    "underline",
    "strike",
    "highlight",
    "overline",
    "raw",
    "figure.caption",
];

/// Whether queries find `content` by an element tag at its own location.
fn queryable(content: &Content) -> bool {
    QUERYABLE.contains(&content.elem().name())
}

/// Tags a materialized inline element that goes to its built-in look unprepared.
fn tag_inline(r: &mut Realizer, elem: &Content, loc: Locator) {
    let elem = elem.clone().located(loc.location());
    r.tag(Tag { location: loc.location(), info: element_info(&elem) });
}

/// The info of the tag that queries find an element by: the element as show rules see
/// it (fields materialized, location set), identified by its label, location and a
/// fingerprint of what its repr shows, which cover everything a query can read from it.
fn element_info(elem: &Content) -> TagInfo {
    let mut hasher = FxHasher64::default();
    elem.location().map(|l| l.as_u64()).hash(&mut hasher);
    elem.label().map(|l| l.0.as_str()).hash(&mut hasher);
    fingerprint(&Value::Content(elem.clone()), &mut hasher);
    TagInfo::element(elem.clone(), hasher.finish())
}

/// Feeds what `repr` writes of `value` into `hasher`, walking content, arrays and
/// dictionaries instead of writing them out: the repr of nested content is re-indented
/// at every level, which made deeply nested elements cost the cube of their depth.
fn fingerprint(value: &Value, hasher: &mut FxHasher64) {
    match value {
        Value::Content(content) => {
            content.elem().name().hash(hasher);
            let fields = content.fields();
            fields.len().hash(hasher);
            for (name, field) in fields.iter() {
                name.as_str().hash(hasher);
                fingerprint(field, hasher);
            }
        }
        Value::Array(items) => {
            items.len().hash(hasher);
            items.as_slice().iter().for_each(|item| fingerprint(item, hasher));
        }
        Value::Dict(dict) => {
            dict.len().hash(hasher);
            for (key, item) in dict.iter() {
                key.as_str().hash(hasher);
                fingerprint(item, hasher);
            }
        }
        other => other.repr().hash(hasher),
    }
}

#[cfg(test)]
mod tests {
    use crate::realize::tests::paragraph_texts as realized;

    #[test]
    fn where_selectors_see_folded_strokes() {
        let source = "#set rect(stroke: black)\n#set rect(stroke: 3pt)\n\
            #show rect.where(stroke: 3pt + black): [folded]\n\
            #show rect.where(stroke: 3pt): [innermost]\n#rect()";
        assert_eq!(realized(source), ["folded"]);
    }

    #[test]
    fn where_selectors_see_defaults() {
        let source = "= Top <top>\n#show ref.where(form: \"normal\"): [normal]\n@top";
        assert_eq!(realized(source), ["normal"]);
    }

    #[test]
    fn decorations_draw_the_given_stroke_folded_over_the_set_one() {
        use crate::base::Abs;
        use crate::base::Span;
        use crate::model::{Args, Color, Content, Length, Type, UNDERLINE, Value, coerce};
        let two = Length::abs(Abs::pt(2.0));
        let mut args = Args::new(Span::detached(), []);
        args.push_named(Span::detached(), Span::detached(), "stroke".into(), Value::Length(two));
        let styles = UNDERLINE.set(&mut args).unwrap();
        let given = coerce(Value::Color(Color::BLACK), &[Type::Stroke]).unwrap();
        let content = Content::new(UNDERLINE).with_field("stroke", given.clone());
        // Show rules see the given stroke; the decoration draws both folded.
        assert_eq!(super::materialize(&content, &styles).field("stroke"), Some(&given));
        let drawn = super::materialize_drawn(&content, &styles);
        let Some(Value::Stroke(stroke)) = drawn.field("stroke") else { panic!("no stroke") };
        assert_eq!(stroke.thickness, Some(two));
        assert!(stroke.paint.is_some());
    }

    #[test]
    fn text_rules_see_spaces_in_a_row_as_one() {
        let source = "#show \"don't stop\": set text(red)\ndon't #[ ] stop";
        // The match is cut out as text: its quote is the plain one it matched as.
        assert_eq!(realized(source), ["don't stop"]);
    }
}
