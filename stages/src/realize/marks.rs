//! Realization's own bookkeeping, carried *in the styles* so that it travels with the
//! flow items into layout and back into `realize_flow`: which elements were already
//! prepared (located, counted, tagged) and which show rules they went through, and the
//! counter state (heading numbers, figure numbers per kind) at the start of nested
//! content.
//!
//! Both are properties of private elements that no user code can name, set or select.
//! Typst keeps the same facts on the element itself; quire's `Content` has no slot for
//! them, and styles are the one thing that reaches nested realization unchanged.
//!
//! Recipes are identified by their index in the flattened style list (outermost first):
//! a nested flow's styles extend its parent's, so the index of a recipe never changes.

use ecow::{EcoString, EcoVec};

use crate::base::Span;
use crate::model::{
    Array, Content, Element, ElementData, FieldData, Property, Str, Style, Styles, TEXT, Value,
};

/// "This element was prepared, and recipe `recipe` was applied to it."
static PREPARED: Element = Element(&ElementData {
    name: "realize.prepared",
    title: "Prepared",
    fields: &[FieldData::internal("entry")],
    scope: &[],
    styles_body: false,
});

/// "The counters stood at this state here."
static COUNTERS: Element = Element(&ElementData {
    name: "realize.counters",
    title: "Counters",
    fields: &[FieldData::internal("state")],
    scope: &[],
    styles_body: false,
});

/// "This text decoration is in effect."
static DECORATION: Element = Element(&ElementData {
    name: "realize.decoration",
    title: "Decoration",
    fields: &[FieldData::internal("deco")],
    scope: &[],
    styles_body: false,
});

/// The style that marks text as decorated by `deco` (an `underline`, `strike`,
/// `overline` or `highlight` element with its fields resolved).
pub(super) fn decoration(deco: Content) -> Style {
    private(DECORATION, Value::Content(deco))
}

/// The text decorations in effect under `styles`, outermost first: `underline`,
/// `strike`, `overline` and `highlight` elements whose fields (`stroke`, `offset`,
/// `extent`, `evade`, `background`, `fill`) are all filled in from the styles in effect
/// where the decoration was applied. Layout draws them over (or under) the text.
pub fn decorations(styles: &Styles) -> impl Iterator<Item = &Content> {
    styles.iter().filter_map(|s| match s {
        Style::Property(p) if p.elem == DECORATION => match &p.value {
            Value::Content(deco) => Some(deco),
            _ => None,
        },
        _ => None,
    })
}

/// What preparing an element established.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Prepared {
    /// The element as shown (fields materialized from the styles).
    pub elem: Content,
    /// A heading's number as displayed, or a figure's.
    pub numbers: Option<EcoString>,
}

/// The recipes already applied to an element, and what its preparation established;
/// `None` if it was never prepared. As in Typst, only the element itself counts (the
/// `it` a show rule got and gave back): an equal element the rule built anew is new,
/// so a rule that keeps rebuilding what it matches runs into the depth limit.
pub(super) fn prepared(styles: &Styles, elem: &Content) -> Option<(Prepared, Vec<usize>)> {
    let mut found: Option<Prepared> = None;
    let mut guards = Vec::new();
    for style in styles.iter() {
        let Style::Property(p) = style else { continue };
        if p.elem != PREPARED {
            continue;
        }
        let Value::Array(entry) = &p.value else { continue };
        let [Value::Content(e), Value::Int(recipe), numbers] = entry.as_slice() else {
            continue;
        };
        // Text rules revoke themselves in their output (`text_recipes`), so text, too,
        // is guarded only as itself: `show text: it => [(#it.text)]` never ends.
        if !e.is_same(elem) {
            continue;
        }
        guards.push(*recipe as usize);
        found.get_or_insert_with(|| Prepared {
            elem: e.clone(),
            numbers: match numbers {
                Value::Str(s) => Some(s.0.clone()),
                _ => None,
            },
        });
    }
    found.map(|p| (p, guards))
}

/// How many recipes were applied on the way here (the show rule nesting depth).
pub(super) fn depth(styles: &Styles) -> usize {
    styles.iter().filter(|s| matches!(s, Style::Property(p) if p.elem == PREPARED)).count()
}

/// The recipes applied to text on the way here: a text rule's output is shown without
/// that rule, as in Typst (`show regex("\d+"): it => str(int(it.text) + 1)`).
pub(super) fn text_recipes(styles: &Styles) -> Vec<usize> {
    styles
        .iter()
        .filter(|style| is_applied_to(style, TEXT))
        .filter_map(|style| match style {
            Style::Property(p) => match &p.value {
                Value::Array(entry) => match entry.as_slice().get(1) {
                    Some(Value::Int(recipe)) => Some(*recipe as usize),
                    _ => None,
                },
                _ => None,
            },
            Style::Recipe(_) => None,
        })
        .collect()
}

/// Whether `style` records a recipe as applied to an element of kind `elem`.
pub(super) fn is_applied_to(style: &Style, elem: Element) -> bool {
    let Style::Property(p) = style else { return false };
    p.elem == PREPARED
        && matches!(&p.value, Value::Array(entry)
            if matches!(entry.as_slice().first(), Some(Value::Content(e)) if e.is(elem)))
}

/// The style that records `recipe` as applied to the prepared element.
pub(super) fn applied(prepared: &Prepared, recipe: usize) -> Style {
    let numbers = match &prepared.numbers {
        Some(n) => Value::Str(Str(n.clone())),
        None => Value::None,
    };
    let entry = Array(EcoVec::from([
        Value::Content(prepared.elem.clone()),
        Value::Int(recipe as i64),
        numbers,
    ]));
    private(PREPARED, Value::Array(entry))
}

fn private(elem: Element, value: Value) -> Style {
    Style::Property(Property { elem, field: 0, value, span: Span::detached() })
}

/// Counter states by key (`heading`, `figure:image`, …), in first-use order.
#[derive(Debug, Default, Clone, PartialEq)]
pub(super) struct Counters(Vec<(EcoString, Vec<usize>)>);

impl Counters {
    /// The counters as recorded in `styles` (zero if none were).
    pub fn from_styles(styles: &Styles) -> Self {
        let last = styles.iter().rev().find_map(|s| match s {
            Style::Property(p) if p.elem == COUNTERS => Some(&p.value),
            _ => None,
        });
        let Some(Value::Array(entries)) = last else { return Self::default() };
        let mut out = Vec::new();
        for entry in entries.as_slice() {
            let Value::Array(pair) = entry else { continue };
            let [Value::Str(key), Value::Array(numbers)] = pair.as_slice() else { continue };
            let numbers = numbers
                .as_slice()
                .iter()
                .filter_map(|n| match n {
                    Value::Int(n) => Some(*n as usize),
                    _ => None,
                })
                .collect();
            out.push((key.0.clone(), numbers));
        }
        Self(out)
    }

    /// The style that records this state.
    pub fn to_style(&self) -> Style {
        let entries = self.0.iter().map(|(key, numbers)| {
            let numbers = numbers.iter().map(|&n| Value::Int(n as i64)).collect::<Array>();
            Value::Array(Array::from_iter([Value::Str(Str(key.clone())), Value::Array(numbers)]))
        });
        private(COUNTERS, Value::Array(entries.collect()))
    }

    /// Steps the counter `key` at `level` (from 1): deeper levels restart, and missing
    /// shallower ones stay 0 as in Typst (`0.1` for a level-2 heading before any level-1
    /// one). Gives the numbers after the step.
    pub fn step(&mut self, key: &str, level: usize) -> Vec<usize> {
        let level = level.max(1);
        let numbers = match self.0.iter_mut().find(|(k, _)| k == key) {
            Some((_, numbers)) => numbers,
            None => {
                self.0.push((key.into(), Vec::new()));
                &mut self.0.last_mut().expect("just pushed").1
            }
        };
        numbers.resize(level.max(numbers.len()), 0);
        numbers[level - 1] += 1;
        numbers.truncate(level);
        numbers.clone()
    }

    /// Whether nothing was counted yet.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The numbers of the counter `key` (empty if it never counted).
    pub fn get(&self, key: &str) -> Vec<usize> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, n)| n.clone()).unwrap_or_default()
    }

    /// Sets the counter `key` to `numbers` (`counter(heading).update(..)`).
    pub fn set(&mut self, key: &str, numbers: Vec<usize>) {
        match self.0.iter_mut().find(|(k, _)| k == key) {
            Some((_, slot)) => *slot = numbers,
            None => self.0.push((key.into(), numbers)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counters_step_and_round_trip() {
        let mut counters = Counters::default();
        assert_eq!(counters.step("heading", 2), vec![0, 1]);
        assert_eq!(counters.step("heading", 1), vec![1]);
        assert_eq!(counters.step("heading", 2), vec![1, 1]);
        assert_eq!(counters.step("heading", 2), vec![1, 2]);
        assert_eq!(counters.step("heading", 1), vec![2]);
        assert_eq!(counters.step("figure:image", 1), vec![1]);
        let styles = Styles::from(counters.to_style());
        assert_eq!(Counters::from_styles(&styles), counters);
        assert!(Counters::from_styles(&Styles::new()).is_empty());
    }

    #[test]
    fn prepared_elements_carry_their_guards() {
        let elem = Content::text("x");
        let prepared_elem = Prepared { elem: elem.clone(), numbers: Some("1.2".into()) };
        let mut styles = Styles::new();
        assert!(prepared(&styles, &elem).is_none());
        styles.push(applied(&prepared_elem, 3));
        styles.push(applied(&prepared_elem, 7));
        let (found, guards) = prepared(&styles, &elem).unwrap();
        assert_eq!(found, prepared_elem);
        assert_eq!(guards, vec![3, 7]);
        assert_eq!(depth(&styles), 2);
        assert!(prepared(&styles, &Content::text("y")).is_none());
    }
}
