//! Styles: what `set` and `show` rules evaluate to. A `Styles` list holds properties (a
//! default for one field of one element) and recipes (a selector and a transformation);
//! a `StyleChain` links the style lists in effect from the innermost outwards, and answers
//! `get(elem, field)` with the innermost property.
//!
//! Applying recipes (realization) is not done here; this module only builds and reads the
//! values.

use std::sync::Arc;

use ecow::EcoVec;

pub use super::selector::Selector;
use super::{Content, Element, FromValue, Func, Stroke, Value};
use crate::base::Span;

/// A list of style properties and show rules. Cheap to clone.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Styles(EcoVec<Style>);

/// One style.
#[derive(Debug, Clone, PartialEq)]
pub enum Style {
    /// A default for a field: `set text(fill: red)` gives one for `text.fill`.
    Property(Property),
    /// A show rule.
    Recipe(Recipe),
}

/// A default value for one field of one element.
#[derive(Debug, Clone, PartialEq)]
pub struct Property {
    pub elem: Element,
    /// The field's index in the element's field table.
    pub field: u8,
    pub value: Value,
    /// The span of the `set` rule's arguments.
    pub span: Span,
}

/// A show rule: which content it applies to and what it does with it.
#[derive(Debug, Clone, PartialEq)]
pub struct Recipe {
    /// What the rule applies to; `None` for `show: ..`, which applies to everything after it.
    pub selector: Option<Selector>,
    pub transform: Transformation,
    pub span: Span,
}

/// What a show rule does with the content it selects.
#[derive(Debug, Clone, PartialEq)]
pub enum Transformation {
    /// Calls a function with the selected content.
    Func(Func),
    /// Replaces the selected content.
    Content(Content),
    /// Applies styles to the selected content.
    Styles(Styles),
}

impl Styles {
    /// No styles.
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether there are no styles.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The number of styles.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Appends a style.
    pub fn push(&mut self, style: Style) {
        self.0.push(style);
    }

    /// Appends all of `other`'s styles (which take precedence over these).
    pub fn extend(&mut self, other: Styles) {
        self.0.extend(other.0);
    }

    /// The styles, outermost first.
    pub fn iter(&self) -> std::slice::Iter<'_, Style> {
        self.0.iter()
    }
}

impl From<Style> for Styles {
    fn from(style: Style) -> Self {
        Self(ecow::eco_vec![style])
    }
}

/// The styles in effect at a point: a linked list of style lists, innermost first.
#[derive(Debug, Default, Copy, Clone)]
pub struct StyleChain<'a> {
    head: &'a [Style],
    tail: Option<&'a StyleChain<'a>>,
}

impl<'a> StyleChain<'a> {
    /// A chain with only `styles` in it.
    pub fn new(styles: &'a Styles) -> Self {
        Self { head: &styles.0, tail: None }
    }

    /// This chain with `styles` pushed on as the innermost list.
    pub fn chain<'b>(&'b self, styles: &'b Styles) -> StyleChain<'b> {
        StyleChain { head: &styles.0, tail: Some(self) }
    }

    /// The values set for `field` of `elem`, innermost first.
    fn values(&self, elem: Element, field: &str) -> impl Iterator<Item = &'a Value> + use<'a> {
        let index = elem.field_index(field);
        let mut link = Some(*self);
        let mut styles: &'a [Style] = &[];
        std::iter::from_fn(move || {
            let index = index?;
            loop {
                while let Some((last, rest)) = styles.split_last() {
                    styles = rest;
                    if let Style::Property(p) = last
                        && p.elem == elem
                        && p.field == index
                    {
                        return Some(&p.value);
                    }
                }
                let chain = link?;
                styles = chain.head;
                link = chain.tail.copied();
            }
        })
    }

    /// The innermost value set for `field` of `elem`.
    pub fn get(&self, elem: Element, field: &str) -> Option<&'a Value> {
        self.values(elem, field).next()
    }

    /// The value set for `field` of `elem`, folded from the outermost property inwards:
    /// as in Typst, an inner stroke keeps what it leaves unset from the outer one
    /// (`set rect(stroke: blue)` then `set rect(stroke: 2pt)` gives `2pt + blue`); for
    /// other values the innermost wins.
    pub fn get_folded(&self, elem: Element, field: &str) -> Option<Value> {
        let mut values = Vec::new();
        for value in self.values(elem, field) {
            values.push(value);
            // Only a stroke folds; anything else hides what is further out.
            if !matches!(value, Value::Stroke(_)) {
                break;
            }
        }
        let mut values = values.into_iter().rev();
        let first = values.next()?.clone();
        Some(values.fold(first, |outer, inner| fold(outer, inner.clone())))
    }

    /// The innermost value for `field` of `elem`, or the field's default, cast to `T`.
    /// Falls back to `default` if the value does not cast (set rules check types, so this
    /// only happens for a mismatched `T`).
    pub fn get_cast<T: FromValue>(&self, elem: Element, field: &str, default: T) -> T {
        let value = match self.get(elem, field) {
            Some(v) => v.clone(),
            None => match elem.fields().iter().find(|f| f.name == field) {
                Some(f) => (f.default)(),
                None => return default,
            },
        };
        T::from_value(value).unwrap_or(default)
    }

    /// The recipes in effect, innermost first.
    pub fn recipes(&self) -> impl Iterator<Item = &'a Recipe> {
        let mut out = Vec::new();
        let mut link = Some(self);
        while let Some(chain) = link {
            out.extend(chain.head.iter().rev().filter_map(|s| match s {
                Style::Recipe(r) => Some(r),
                Style::Property(_) => None,
            }));
            link = chain.tail;
        }
        out.into_iter()
    }
}

/// An inner value over an outer one: the parts of a stroke it leaves unset come from
/// the outer stroke; any other inner value replaces the outer one.
fn fold(outer: Value, inner: Value) -> Value {
    match (outer, inner) {
        (Value::Stroke(outer), Value::Stroke(inner)) => {
            let (outer, inner) = (Arc::unwrap_or_clone(outer), Arc::unwrap_or_clone(inner));
            Value::Stroke(Arc::new(Stroke {
                paint: inner.paint.or(outer.paint),
                thickness: inner.thickness.or(outer.thickness),
                cap: inner.cap.or(outer.cap),
                join: inner.join.or(outer.join),
                dash: inner.dash.or(outer.dash),
                miter_limit: inner.miter_limit.or(outer.miter_limit),
            }))
        }
        (_, inner) => inner,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Args, HEADING, RECT, TEXT};

    /// The styles of `rect(stroke: ..)` with one value.
    fn stroke(value: Value) -> Styles {
        let mut args = Args::new(Span::detached(), []);
        args.push_named(Span::detached(), Span::detached(), "stroke".into(), value);
        RECT.set(&mut args).unwrap()
    }

    #[test]
    fn strokes_fold_other_values_do_not() {
        let red = Value::Color(crate::model::Color::BLACK);
        let thick = Value::Length(crate::model::Length::abs(crate::base::Abs::pt(3.0)));
        let (outer, inner) = (stroke(red), stroke(thick));
        let chain = StyleChain::new(&outer);
        let chain = chain.chain(&inner);
        let Some(Value::Stroke(folded)) = chain.get_folded(RECT, "stroke") else {
            panic!("expected a stroke");
        };
        let Some(Value::Stroke(outer)) = StyleChain::new(&outer).get(RECT, "stroke") else {
            panic!("expected a stroke");
        };
        assert_eq!(folded.paint, outer.paint);
        assert!(folded.paint.is_some() && folded.thickness.is_some());
        // `none` hides the strokes further out.
        let cleared = stroke(Value::None);
        let chain = chain.chain(&cleared);
        assert_eq!(chain.get_folded(RECT, "stroke"), Some(Value::None));
        assert_eq!(chain.get_folded(RECT, "fill"), None);
    }

    #[test]
    fn innermost_property_wins() {
        let mut args = Args::new(Span::detached(), []);
        args.push_named(Span::detached(), Span::detached(), "lang".into(), Value::str("de"));
        let outer = TEXT.set(&mut args).unwrap();
        let mut args = Args::new(Span::detached(), []);
        args.push_named(Span::detached(), Span::detached(), "lang".into(), Value::str("fr"));
        let inner = TEXT.set(&mut args).unwrap();
        let chain = StyleChain::new(&outer);
        assert_eq!(chain.get(TEXT, "lang"), Some(&Value::str("de")));
        let chain = chain.chain(&inner);
        assert_eq!(chain.get(TEXT, "lang"), Some(&Value::str("fr")));
        assert_eq!(chain.get(HEADING, "numbering"), None);
        let depth: i64 = chain.get_cast(HEADING, "depth", 0);
        assert_eq!(depth, 1);
        assert_eq!(chain.recipes().count(), 0);
        let level: crate::model::Smart<i64> =
            chain.get_cast(HEADING, "level", crate::model::Smart::Custom(0));
        assert_eq!(level, crate::model::Smart::Auto);
    }
}
