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
use super::{Alignment, Content, Dict, Element, FromValue, Func, Str, Stroke, Value};
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

    /// The value set for `field` of `elem`, folded from the outermost property inwards
    /// as Typst folds it: an inner stroke keeps what it leaves unset from the outer one
    /// (`set rect(stroke: blue)` then `set rect(stroke: 2pt)` gives `2pt + blue`); sides
    /// and corners (`inset`, `radius`, a container's `stroke`, the page `margin`) keep the
    /// outer value of every side the inner one leaves out, starting from the field's
    /// default; an alignment keeps the outer axis it leaves out; font features merge.
    /// Any other value hides what is further out. `None` if no style sets the field.
    pub fn get_folded(&self, elem: Element, field: &str) -> Option<Value> {
        self.fold_in(elem, field, None)
    }

    /// `inner` (the value an element was given itself) folded over the styles for
    /// `field` of `elem`, as layout reads a folding field.
    pub fn get_folded_over(&self, elem: Element, field: &str, inner: &Value) -> Value {
        self.fold_in(elem, field, Some(inner)).unwrap_or_else(|| inner.clone())
    }

    /// The values for `field` of `elem`, with `inner` innermost, folded.
    fn fold_in(&self, elem: Element, field: &str, inner: Option<&Value>) -> Option<Value> {
        let folding = folding(elem, field);
        let mut values = Vec::new();
        for value in inner.into_iter().chain(self.values(elem, field)) {
            values.push(value);
            // Strokes fold with each other only; anything else hides what is outside.
            let stroke =
                matches!(folding, Folding::Plain { .. }) && matches!(value, Value::Stroke(_));
            if matches!(folding, Folding::Plain { .. } | Folding::Replace) && !stroke {
                break;
            }
        }
        if values.is_empty() {
            return None;
        }
        // A grid's or table's inset and stroke may be an array or a function (per cell):
        // innermost, that replaces everything further out; further in, a plain value
        // skips over them to fold with the values outside (and the default).
        let celled = matches!(elem.name(), "table" | "grid") && matches!(field, "inset" | "stroke");
        if celled || folding == Folding::Strokes {
            if celled && matches!(values[0], Value::Array(_) | Value::Func(_)) {
                return Some(values[0].clone());
            }
            values.retain(|v| !matches!(v, Value::Array(_) | Value::Func(_)));
        }
        let mut values = values.into_iter().rev().cloned();
        let first = match folding {
            Folding::Plain { over_default: true } => {
                let default = elem.fields().iter().find(|f| f.name == field).map(|f| (f.default)());
                match default.map(<Stroke as FromValue>::from_value) {
                    Some(Ok(stroke)) => Value::Stroke(Arc::new(stroke)),
                    _ => values.next()?,
                }
            }
            Folding::Plain { .. } | Folding::Replace | Folding::Strokes => values.next()?,
            _ => match elem.fields().iter().find(|f| f.name == field) {
                Some(f) => (f.default)(),
                None => values.next()?,
            },
        };
        let folded = values.fold(first, |outer, inner| fold_as(folding, outer, inner));
        Some(match folding {
            Folding::Sides(keys) => collapse(keys, folded),
            // The default fills in the sides no style gives, without folding into them.
            Folding::Strokes => match elem.fields().iter().find(|f| f.name == field) {
                Some(f) => collapse(SIDES, fill_unset((f.default)(), folded)),
                None => collapse(SIDES, folded),
            },
            _ => folded,
        })
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

/// How the values of one field from several set rules combine.
#[derive(Debug, Copy, Clone, PartialEq, Eq)]
enum Folding {
    /// Strokes fold; any other inner value replaces the outer one. `over_default`: a
    /// stroke folds over the field's default stroke too (a cancel line's thickness).
    Plain { over_default: bool },
    /// The inner value replaces the outer one, strokes included.
    Replace,
    /// Sides or corners, by these keys in Typst's order.
    Sides(&'static [&'static str]),
    /// Strokes per side, where `none` outside stands for every side (a grid's or table's
    /// stroke may also be an array or a function).
    Strokes,
    /// An alignment keeps the outer axis the inner one leaves out.
    Align,
    /// Dictionaries merge, the inner pairs winning.
    Merge,
}

/// The sides of an inset, outset or container stroke.
const SIDES: &[&str] = &["left", "top", "right", "bottom"];
/// The corners of a radius.
const CORNERS: &[&str] = &["top-left", "top-right", "bottom-right", "bottom-left"];
/// The page margins.
const MARGINS: &[&str] = &["top", "bottom", "left", "right", "inside", "outside"];

/// How `field` of `elem` folds.
fn folding(elem: Element, field: &str) -> Folding {
    let container = matches!(elem.name(), "box" | "block" | "rect" | "square");
    let shape = container || matches!(elem.name(), "ellipse" | "circle");
    match (elem.name(), field) {
        (_, "inset" | "outset") if shape => Folding::Sides(SIDES),
        ("table" | "grid", "inset") => Folding::Sides(SIDES),
        (_, "stroke") if container => Folding::Strokes,
        ("table" | "grid" | "table.cell" | "grid.cell" | "highlight", "stroke") => Folding::Strokes,
        (_, "radius") if container || elem.name() == "highlight" => Folding::Sides(CORNERS),
        ("page", "margin") => Folding::Sides(MARGINS),
        ("align", "alignment") | ("rotate" | "scale" | "skew", "origin") => Folding::Align,
        ("text", "features" | "costs") | ("par", "first-line-indent") => Folding::Merge,
        // A text stroke does not fold in Typst.
        ("text", "stroke") => Folding::Replace,
        // A cancel line's stroke folds over its default thickness, as in Typst.
        ("math.cancel", "stroke") => Folding::Plain { over_default: true },
        _ => Folding::Plain { over_default: false },
    }
}

/// An inner value over an outer one, folded the field's way.
fn fold_as(folding: Folding, outer: Value, inner: Value) -> Value {
    match (folding, outer, inner) {
        (Folding::Sides(keys), outer, inner) => fold_sides(keys, outer, inner),
        (Folding::Strokes, Value::None, inner) => {
            let none = SIDES.iter().map(|&k| (Str::from(k), Value::None)).collect();
            fold_sides(SIDES, Value::Dict(none), inner)
        }
        (Folding::Strokes, outer, inner) => fold_sides(SIDES, outer, inner),
        (Folding::Align, Value::Alignment(outer), Value::Alignment(inner)) => {
            Value::Alignment(Alignment { x: inner.x.or(outer.x), y: inner.y.or(outer.y) })
        }
        (Folding::Merge, Value::Dict(mut outer), Value::Dict(inner)) => {
            outer.extend(inner);
            Value::Dict(outer)
        }
        (_, outer, inner) => fold(outer, inner),
    }
}

/// Inner sides over outer ones: each side the inner value gives wins (a stroke folding
/// with the outer one), the others keep the outer value. A value that is not a dictionary
/// stands for every side; `auto` and `none` outside leave nothing to keep.
fn fold_sides(keys: &[&str], outer: Value, inner: Value) -> Value {
    let outer = match outer {
        Value::Dict(dict) => dict,
        Value::Auto | Value::None => return inner,
        value => keys.iter().take(4).map(|&k| (Str::from(k), value.clone())).collect(),
    };
    let inner = match inner {
        Value::Dict(dict) => dict,
        // A stroke over per-side strokes folds into each of them.
        Value::Stroke(stroke) if !outer.is_empty() => {
            keys.iter().take(4).map(|&k| (Str::from(k), Value::Stroke(stroke.clone()))).collect()
        }
        value => return value,
    };
    // Left and right margins replace inside and outside ones, and the other way round.
    let two_sided = |d: &Dict| d.contains("inside") || d.contains("outside");
    let one_sided = |d: &Dict| d.contains("left") || d.contains("right");
    let mut out = Dict::new();
    for &key in keys {
        let dropped = match key {
            "left" | "right" => two_sided(&inner) && !one_sided(&inner),
            "inside" | "outside" => one_sided(&inner) && !two_sided(&inner),
            _ => false,
        };
        let value = match (outer.get(key).filter(|_| !dropped), inner.get(key)) {
            (Some(o), Some(i)) => fold(o.clone(), i.clone()),
            (None, Some(i)) => i.clone(),
            (Some(o), None) => o.clone(),
            (None, None) => continue,
        };
        out.insert(key.into(), value);
    }
    Value::Dict(out)
}

/// Per-side strokes with the sides they leave out taken from `default` (a stroke for
/// every side, or a dictionary of sides; `none` and `auto` defaults leave them out).
fn fill_unset(default: Value, value: Value) -> Value {
    let Value::Dict(given) = value else { return value };
    let default = match default {
        Value::Dict(dict) => dict,
        Value::None | Value::Auto => return Value::Dict(given),
        other => SIDES.iter().map(|&k| (Str::from(k), other.clone())).collect(),
    };
    let mut out = Dict::new();
    for &key in SIDES {
        if let Some(value) = given.get(key).or_else(|| default.get(key)) {
            out.insert(key.into(), value.clone());
        }
    }
    Value::Dict(out)
}

/// Sides that are all given and equal, as the one value they share (as Typst shows them).
fn collapse(keys: &[&str], value: Value) -> Value {
    let Value::Dict(dict) = &value else { return value };
    let first = dict.get(keys[0]);
    let all = keys.iter().take(4).all(|k| dict.get(k).is_some() && dict.get(k) == first);
    match first {
        Some(first) if all && dict.len() == 4 => first.clone(),
        _ => value,
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
