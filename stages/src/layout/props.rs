//! Element properties for the block- and inline-level layouters: a field's value (given
//! in the call, else set by a style, else the element's default) and its resolution into
//! absolute layout values — lengths against the font size and a base, sides and corners
//! from dictionaries (folded over set rules and defaults, as in Typst), paints and strokes.

use std::ops::Add;

use crate::base::Abs;
use crate::doc::Paint;
use crate::model::{
    Color, Content, Dict, FromValue, Length, Rel, Style, StyleChain, Styles, TEXT, Value,
};

/// The properties of one element as laid out under `styles`.
#[derive(Copy, Clone)]
pub(super) struct Props<'a> {
    pub content: &'a Content,
    pub styles: &'a Styles,
    /// The font size in effect, for `em` lengths.
    pub font_size: Abs,
}

impl<'a> Props<'a> {
    /// The properties of `content` under `styles`.
    pub fn new(content: &'a Content, styles: &'a Styles) -> Self {
        Self { content, styles, font_size: font_size(styles) }
    }

    /// The value of `field`: the one given in the call, else the innermost style, else
    /// the element's default (`none` for a field the element does not have).
    pub fn value(&self, field: &str) -> Value {
        if let Some(value) = self.content.field(field) {
            return value.clone();
        }
        let elem = self.content.elem();
        match StyleChain::new(self.styles).get(elem, field) {
            Some(value) => value.clone(),
            None => elem
                .fields()
                .iter()
                .find(|f| f.name == field)
                .map_or(Value::None, |f| (f.default)()),
        }
    }

    /// The value of `field` cast to `T`, or `fallback` if it does not cast (the field's
    /// type check at construction makes that a mismatch of `T`, not of the user's input).
    pub fn get<T: FromValue>(&self, field: &str, fallback: T) -> T {
        T::from_value(self.value(field)).unwrap_or(fallback)
    }

    /// A length in points at the font size in effect.
    pub fn length(&self, length: Length) -> Abs {
        resolve_length(length, self.font_size)
    }

    /// A relative length against `base`.
    pub fn rel(&self, rel: Rel, base: Abs) -> Abs {
        resolve_rel(rel, base, self.font_size)
    }

    /// The values of `field` from the innermost to the outermost: the one given in the
    /// call, those set by styles, then the element's default.
    fn layers(&self, field: &str) -> Vec<Value> {
        let elem = self.content.elem();
        let mut layers: Vec<Value> = self.content.field(field).cloned().into_iter().collect();
        if let Some(index) = elem.field_index(field) {
            layers.extend(self.styles.iter().rev().filter_map(|style| match style {
                Style::Property(p) if p.elem == elem && p.field == index => Some(p.value.clone()),
                _ => None,
            }));
        }
        if let Some(default) = elem.fields().iter().find(|f| f.name == field) {
            layers.push((default.default)());
        }
        layers
    }

    /// The sides of an `inset`/`outset`-like field (a relative length for all sides or a
    /// dictionary by side), unresolved. As in Typst, a dictionary sets only its sides:
    /// the others come from further out (a set rule, else the element's default).
    pub fn sides(&self, field: &str) -> Sides<Rel> {
        let layers = self.layers(field);
        let side = |keys: &[&str]| {
            layers.iter().find_map(|layer| layer_part(layer, keys)).unwrap_or_default()
        };
        Sides {
            left: side(&["left", "x", "rest"]),
            top: side(&["top", "y", "rest"]),
            right: side(&["right", "x", "rest"]),
            bottom: side(&["bottom", "y", "rest"]),
        }
    }

    /// The corners of a `radius`-like field, unresolved, folded like `sides`.
    pub fn corners(&self, field: &str) -> Corners<Rel> {
        let layers = self.layers(field);
        let corner = |keys: &[&str]| {
            layers.iter().find_map(|layer| layer_part(layer, keys)).unwrap_or_default()
        };
        Corners {
            top_left: corner(&["top-left", "top", "left", "rest"]),
            top_right: corner(&["top-right", "top", "right", "rest"]),
            bottom_right: corner(&["bottom-right", "bottom", "right", "rest"]),
            bottom_left: corner(&["bottom-left", "bottom", "left", "rest"]),
        }
    }

    /// The fill of a `fill` field.
    pub fn fill(&self, field: &str) -> Option<Paint> {
        match self.value(field) {
            Value::Color(color) => Some(paint(color)),
            // Gradients are not painted yet: their first stop stands in.
            Value::Gradient(gradient) => Some(paint(gradient.first_color())),
            _ => None,
        }
    }
}

/// The font size in effect under `styles` (sizes in `em` fold into the outer size).
pub(super) fn font_size(styles: &Styles) -> Abs {
    let Some(index) = TEXT.field_index("size") else {
        return Abs::pt(11.0);
    };
    let mut size = Abs::pt(11.0);
    for style in styles.iter() {
        if let Style::Property(p) = style
            && p.elem == TEXT
            && p.field == index
            && let Value::Length(length) = &p.value
        {
            size = resolve_length(*length, size);
        }
    }
    size
}

/// A length in points at font size `font_size`.
pub(super) fn resolve_length(length: Length, font_size: Abs) -> Abs {
    length.abs + length.em.at(font_size)
}

/// A relative length against `base` (a ratio of an infinite base contributes nothing).
pub(super) fn resolve_rel(rel: Rel, base: Abs, font_size: Abs) -> Abs {
    let abs = resolve_length(rel.abs, font_size);
    if rel.rel.is_zero() || !base.is_finite() { abs } else { abs + base * rel.rel.get() }
}

/// A language colour as an output paint.
pub(super) fn paint(color: Color) -> Paint {
    Paint::Solid(color.to_doc())
}

/// Four sides of a box.
#[derive(Debug, Default, Copy, Clone, PartialEq)]
pub(super) struct Sides<T> {
    pub left: T,
    pub top: T,
    pub right: T,
    pub bottom: T,
}

impl<T: Clone> Sides<T> {
    /// The same value on all sides.
    pub fn splat(value: T) -> Self {
        Self { left: value.clone(), top: value.clone(), right: value.clone(), bottom: value }
    }

    /// Each side mapped.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> Sides<U> {
        Sides { left: f(self.left), top: f(self.top), right: f(self.right), bottom: f(self.bottom) }
    }
}

impl<T: Copy + Add<Output = T>> Sides<T> {
    /// Left plus right.
    pub fn horizontal(&self) -> T {
        self.left + self.right
    }

    /// Top plus bottom.
    pub fn vertical(&self) -> T {
        self.top + self.bottom
    }
}

/// What one layer of a sides or corners field says about a part, looked up by `keys`
/// (most specific first): a single value sets every part, a dictionary only those it
/// names, `none` nothing.
fn layer_part(layer: &Value, keys: &[&str]) -> Option<Rel> {
    match layer {
        Value::Dict(dict) => keys.iter().find_map(|k| dict_rel(dict, k)),
        Value::None | Value::Auto => None,
        other => Rel::from_value(other.clone()).ok(),
    }
}

fn dict_rel(dict: &Dict, key: &str) -> Option<Rel> {
    dict.get(key).and_then(|v| Rel::from_value(v.clone()).ok())
}

/// Four corners of a box.
#[derive(Debug, Default, Copy, Clone, PartialEq)]
pub(super) struct Corners<T> {
    pub top_left: T,
    pub top_right: T,
    pub bottom_right: T,
    pub bottom_left: T,
}

impl<T> Corners<T> {
    /// Each corner mapped.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> Corners<U> {
        Corners {
            top_left: f(self.top_left),
            top_right: f(self.top_right),
            bottom_right: f(self.bottom_right),
            bottom_left: f(self.bottom_left),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::Span;
    use crate::model::{Args, RECT, Str};

    fn pt(v: f64) -> Value {
        Value::Length(Length::abs(Abs::pt(v)))
    }

    fn rel(v: f64) -> Rel {
        Rel::from(Length::abs(Abs::pt(v)))
    }

    #[test]
    fn sides_fold_over_set_rules_and_the_default() {
        let mut set = Dict::new();
        set.insert(Str::from("x"), pt(3.0));
        let mut args = Args::new(Span::detached(), []);
        args.push_named(Span::detached(), Span::detached(), "inset".into(), Value::Dict(set));
        let styles = RECT.set(&mut args).unwrap();
        let mut own = Dict::new();
        own.insert(Str::from("top"), pt(1.0));
        let content = Content::new(RECT).with_field("inset", Value::Dict(own));
        let sides = Props::new(&content, &styles).sides("inset");
        assert_eq!((sides.left, sides.right), (rel(3.0), rel(3.0)));
        assert_eq!((sides.top, sides.bottom), (rel(1.0), rel(5.0)));
        let corners = Props::new(&content, &styles).corners("radius");
        assert_eq!(corners.top_left, Rel::default());
    }
}
