//! Field casts for values given per side or per corner of a box: `inset`/`outset`
//! (sides: `left`, `top`, `right`, `bottom`, `x`, `y`, `rest`), `radius` (corners:
//! `top-left` …, a side for both of its corners, `rest`) and a page's `margin` (sides,
//! `inside`/`outside`, each side `auto` or a relative length). A dictionary is checked
//! key by key with Typst 0.15's wording and stored in its normal form: the sides or
//! corners it sets, in a fixed order, or one relative length when it sets all of them
//! alike. Also the page's `binding`, `number-align` and `paper` checks. Each function is
//! a `FieldCast` of `elements.rs`.

use ecow::{EcoString, EcoVec, eco_format};

use super::{Alignment, Dict, FromValue, HAlign, Rel, Str, VAlign, Value, mismatch};
use crate::base::{SourceDiagnostic, SourceResult, Span};

/// The diagnostics sink every cast receives (these casts do not warn).
type Sink<'a> = &'a mut EcoVec<SourceDiagnostic>;

/// The keys of a sides dictionary, in the order Typst lists them.
const SIDE_KEYS: &[&str] = &["left", "top", "right", "bottom", "x", "y", "rest"];

/// The keys of a corners dictionary, in the order Typst lists them.
const CORNER_KEYS: &[&str] = &[
    "top-left",
    "top-right",
    "bottom-right",
    "bottom-left",
    "left",
    "top",
    "right",
    "bottom",
    "rest",
];

/// The keys of a margin dictionary, in the order Typst lists them.
const MARGIN_KEYS: &[&str] =
    &["left", "top", "right", "bottom", "outside", "inside", "x", "y", "rest"];

fn fail<T>(span: Span, message: impl Into<EcoString>) -> SourceResult<T> {
    Err(ecow::eco_vec![SourceDiagnostic::error(span, message.into())])
}

/// Quoted names joined as a list: `"a"`, `"a" and "b"`, `"a", "b", and "c"`.
pub(super) fn quoted_list(names: &[&str]) -> EcoString {
    let quoted: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
    match quoted.as_slice() {
        [] => EcoString::new(),
        [one] => one.into(),
        [a, b] => eco_format!("{a} and {b}"),
        [init @ .., last] => eco_format!("{}, and {last}", init.join(", ")),
    }
}

/// Typst's error for dictionary keys that nothing takes, naming every one of them
/// (`unexpected keys "x" and "y", valid keys are ..`); the valid keys are listed when
/// given.
pub(super) fn unexpected_keys(unexpected: &[&str], valid: Option<&[&str]>) -> EcoString {
    let noun = if unexpected.len() == 1 { "key" } else { "keys" };
    let mut message = eco_format!("unexpected {noun} {}", quoted_list(unexpected));
    if let Some(valid) = valid {
        message.push_str(&eco_format!(", valid keys are {}", quoted_list(valid)));
    }
    message
}

/// A dictionary whose entries are taken out one key at a time; what is left over is an
/// error.
struct Taker<'a> {
    dict: &'a Dict,
    taken: Vec<&'static str>,
    span: Span,
}

impl<'a> Taker<'a> {
    fn new(dict: &'a Dict, span: Span) -> Self {
        Self { dict, taken: Vec::new(), span }
    }

    /// The value of `key` cast to `T`, if the dictionary has it.
    fn take<T: FromValue>(&mut self, key: &'static str) -> SourceResult<Option<T>> {
        self.taken.push(key);
        match self.dict.get(key) {
            Some(value) => match T::from_value(value.clone()) {
                Ok(v) => Ok(Some(v)),
                Err(message) => fail(self.span, message),
            },
            None => Ok(None),
        }
    }

    /// Fails on keys that were not taken, listing the valid ones when the dictionary
    /// has at least one of them or `always_list` is set.
    fn finish(&self, valid: &[&str], always_list: bool) -> SourceResult<()> {
        let unexpected: Vec<&str> =
            self.dict.iter().map(|(k, _)| k.as_str()).filter(|k| !self.taken.contains(k)).collect();
        if unexpected.is_empty() {
            return Ok(());
        }
        let list = always_list || unexpected.len() < self.dict.len();
        fail(self.span, unexpected_keys(&unexpected, list.then_some(valid)))
    }
}

/// Sides or corners in a fixed order as a value: one value when all are set alike,
/// else a dictionary of those that are set.
fn normal_form<T: PartialEq + Clone>(
    parts: Vec<(&str, Option<T>)>,
    into: impl Fn(T) -> Value,
) -> Value {
    let first = parts.first().and_then(|(_, v)| v.clone());
    if let Some(first) = first
        && parts.iter().all(|(_, v)| v.as_ref() == Some(&first))
    {
        return into(first);
    }
    let mut dict = Dict::new();
    for (key, value) in parts {
        if let Some(value) = value {
            dict.insert(Str::from(key), into(value));
        }
    }
    Value::Dict(dict)
}

fn rel_value(rel: Rel) -> Value {
    Value::Relative(rel)
}

/// An `inset`/`outset`-like field: a relative length for all sides or a dictionary by
/// side (`left` over `x` over `rest`).
pub fn sides(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    let Value::Dict(dict) = &value else { return Ok(value) };
    let mut taker = Taker::new(dict, span);
    let rest = taker.take::<Rel>("rest")?;
    let x = taker.take::<Rel>("x")?.or(rest);
    let y = taker.take::<Rel>("y")?.or(rest);
    let left = taker.take::<Rel>("left")?.or(x);
    let top = taker.take::<Rel>("top")?.or(y);
    let right = taker.take::<Rel>("right")?.or(x);
    let bottom = taker.take::<Rel>("bottom")?.or(y);
    taker.finish(SIDE_KEYS, false)?;
    Ok(normal_form(
        vec![("left", left), ("top", top), ("right", right), ("bottom", bottom)],
        rel_value,
    ))
}

/// A grid's or table's `inset`: like `sides`, also for each item of an array of insets
/// by column, where a plain length or ratio becomes a relative length as Typst keeps it
/// (`(0% + 1pt, 50% + 0pt)`); a function is checked when it is called.
pub fn sides_each(value: Value, span: Span, sink: Sink) -> SourceResult<Value> {
    match value {
        Value::Array(items) => {
            let mut out = EcoVec::with_capacity(items.len());
            for item in items.as_slice() {
                let item = match item {
                    Value::Length(l) => Value::Relative((*l).into()),
                    Value::Ratio(r) => Value::Relative((*r).into()),
                    Value::Relative(_) | Value::Dict(_) => item.clone(),
                    v => return fail(span, mismatch("relative length or dictionary", v)),
                };
                out.push(sides(item, span, sink)?);
            }
            Ok(Value::Array(super::Array(out)))
        }
        value => sides(value, span, sink),
    }
}

/// A `radius`-like field: a relative length for all corners or a dictionary by corner
/// (a corner's own key, else the vertical side it touches, else the horizontal one, with
/// `rest` standing in for each side).
pub fn corners(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    let Value::Dict(dict) = &value else { return Ok(value) };
    let mut taker = Taker::new(dict, span);
    let rest = taker.take::<Rel>("rest")?;
    let left = taker.take::<Rel>("left")?.or(rest);
    let top = taker.take::<Rel>("top")?.or(rest);
    let right = taker.take::<Rel>("right")?.or(rest);
    let bottom = taker.take::<Rel>("bottom")?.or(rest);
    let top_left = taker.take::<Rel>("top-left")?.or(top).or(left);
    let top_right = taker.take::<Rel>("top-right")?.or(top).or(right);
    let bottom_right = taker.take::<Rel>("bottom-right")?.or(bottom).or(right);
    let bottom_left = taker.take::<Rel>("bottom-left")?.or(bottom).or(left);
    taker.finish(CORNER_KEYS, false)?;
    Ok(normal_form(
        vec![
            ("top-left", top_left),
            ("top-right", top_right),
            ("bottom-right", bottom_right),
            ("bottom-left", bottom_left),
        ],
        rel_value,
    ))
}

/// One side of a margin: `auto` or a relative length.
#[derive(Debug, Copy, Clone, PartialEq)]
enum MarginSide {
    Auto,
    Rel(Rel),
}

impl FromValue for MarginSide {
    fn from_value(value: Value) -> super::StrResult<Self> {
        match value {
            Value::Auto => Ok(Self::Auto),
            Value::Length(_) | Value::Ratio(_) | Value::Relative(_) => {
                Rel::from_value(value).map(Self::Rel)
            }
            v => Err(mismatch("relative length or auto", &v)),
        }
    }
}

fn margin_value(side: MarginSide) -> Value {
    match side {
        MarginSide::Auto => Value::Auto,
        MarginSide::Rel(rel) => Value::Relative(rel),
    }
}

/// A page's `margin`: `auto`, a relative length, or a dictionary by side, where
/// `inside`/`outside` (towards and away from the binding) replace `left`/`right`.
pub fn margin(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    let dict = match value {
        Value::Auto | Value::Relative(_) => return Ok(value),
        Value::Length(_) | Value::Ratio(_) => {
            return Ok(Value::Relative(Rel::from_value(value).unwrap_or_default()));
        }
        Value::Dict(dict) => dict,
        v => return fail(span, mismatch("relative length, auto, or dictionary", &v)),
    };
    let mut taker = Taker::new(&dict, span);
    let rest = taker.take::<MarginSide>("rest")?;
    let x = taker.take::<MarginSide>("x")?.or(rest);
    let y = taker.take::<MarginSide>("y")?.or(rest);
    let top = taker.take::<MarginSide>("top")?.or(y);
    let bottom = taker.take::<MarginSide>("bottom")?.or(y);
    let outside = taker.take::<MarginSide>("outside")?;
    let inside = taker.take::<MarginSide>("inside")?;
    let left = taker.take::<MarginSide>("left")?;
    let right = taker.take::<MarginSide>("right")?;
    let two_sided = outside.is_some() || inside.is_some();
    if two_sided && (left.is_some() || right.is_some()) {
        return fail(span, "`inside` and `outside` are mutually exclusive with `left` and `right`");
    }
    taker.finish(MARGIN_KEYS, true)?;
    let (left, right) = if two_sided { (None, None) } else { (left.or(x), right.or(x)) };
    let (inside, outside) = if two_sided { (inside.or(x), outside.or(x)) } else { (None, None) };
    let sides = vec![("top", top), ("bottom", bottom), ("left", left), ("right", right)];
    if !two_sided {
        return Ok(normal_form(sides, margin_value));
    }
    let mut all = sides;
    all.extend([("inside", inside), ("outside", outside)]);
    Ok(normal_form_never_uniform(all))
}

/// A margin dictionary of the sides that are set (a two-sided margin never collapses
/// into one value).
fn normal_form_never_uniform(parts: Vec<(&str, Option<MarginSide>)>) -> Value {
    let mut dict = Dict::new();
    for (key, value) in parts {
        if let Some(value) = value {
            dict.insert(Str::from(key), margin_value(value));
        }
    }
    Value::Dict(dict)
}

/// The default inset of a shape: 5pt on every side.
pub fn shape_inset() -> Value {
    Value::Relative(Rel::from(super::Length::abs(crate::base::Abs::pt(5.0))))
}

/// The default of a field set per side or corner: nothing set, `(:)`.
pub fn unset() -> Value {
    Value::Dict(Dict::new())
}

/// The default of a page's `number-align`: `center + bottom`.
pub fn center_bottom() -> Value {
    Value::Alignment(Alignment { x: Some(HAlign::Center), y: Some(VAlign::Bottom) })
}

/// A page's `binding`: `auto`, `left` or `right`.
pub fn binding(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    match &value {
        Value::Auto => Ok(value),
        Value::Alignment(Alignment { x: Some(HAlign::Left | HAlign::Right), y: None }) => Ok(value),
        Value::Alignment(_) => fail(span, "must be `left` or `right`"),
        v => fail(span, mismatch("alignment or auto", v)),
    }
}

/// A page's `number-align`: its vertical part, if any, must be `top` or `bottom`.
pub fn number_align(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    if let Value::Alignment(Alignment { y: Some(VAlign::Horizon), .. }) = value {
        return fail(span, "expected `top` or `bottom`, found horizon");
    }
    Ok(value)
}

/// A page's `paper`: one of the named paper sizes.
pub fn paper(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    if let Value::Str(name) = &value
        && crate::layout::page::paper_names().all(|n| n != name.as_str())
    {
        let names: Vec<String> =
            crate::layout::page::paper_names().map(|n| format!("\"{n}\"")).collect();
        let (last, init) = names.split_last().expect("there are paper sizes");
        return fail(span, eco_format!("expected {}, or {last}", init.join(", ")));
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::Abs;
    use crate::model::Length;

    fn pt(v: f64) -> Value {
        Value::Length(Length::abs(Abs::pt(v)))
    }

    fn dict(pairs: &[(&str, Value)]) -> Value {
        let mut dict = Dict::new();
        for (k, v) in pairs {
            dict.insert(Str::from(*k), v.clone());
        }
        Value::Dict(dict)
    }

    fn run(cast: super::super::content::FieldCast, value: Value) -> Result<EcoString, EcoString> {
        cast(value, Span::detached(), &mut EcoVec::new())
            .map(|v| v.repr())
            .map_err(|e| e[0].message.clone())
    }

    #[test]
    fn sides_take_the_most_specific_key() {
        let value = dict(&[("rest", pt(1.0)), ("x", pt(2.0)), ("left", pt(3.0))]);
        assert_eq!(
            run(sides, value).unwrap(),
            "(\n  left: 0% + 3pt,\n  top: 0% + 1pt,\n  right: 0% + 2pt,\n  bottom: 0% + 1pt,\n)"
        );
        assert_eq!(run(sides, dict(&[("x", pt(1.0)), ("y", pt(1.0))])).unwrap(), "0% + 1pt");
    }

    #[test]
    fn unexpected_keys_list_the_valid_ones_only_beside_a_valid_key() {
        let mixed = dict(&[("x", pt(1.0)), ("foo", pt(1.0))]);
        assert_eq!(
            run(sides, mixed).unwrap_err(),
            "unexpected key \"foo\", valid keys are \"left\", \"top\", \"right\", \"bottom\", \
             \"x\", \"y\", and \"rest\""
        );
        let alien = dict(&[("foo", pt(1.0)), ("bar", pt(1.0))]);
        assert_eq!(run(sides, alien).unwrap_err(), "unexpected keys \"foo\" and \"bar\"");
    }

    #[test]
    fn corners_prefer_the_vertical_side() {
        let value = dict(&[("left", pt(2.0)), ("top", pt(1.0))]);
        assert_eq!(
            run(corners, value).unwrap(),
            "(\n  top-left: 0% + 1pt,\n  top-right: 0% + 1pt,\n  bottom-left: 0% + 2pt,\n)"
        );
    }

    #[test]
    fn margins_keep_two_sided_keys_apart() {
        let both = dict(&[("inside", pt(1.0)), ("left", pt(2.0))]);
        assert_eq!(
            run(margin, both).unwrap_err(),
            "`inside` and `outside` are mutually exclusive with `left` and `right`"
        );
        assert_eq!(run(margin, dict(&[("rest", Value::Auto)])).unwrap(), "auto");
        assert_eq!(
            run(margin, dict(&[("top", pt(1.0)), ("x", pt(2.0))])).unwrap(),
            "(top: 0% + 1pt, left: 0% + 2pt, right: 0% + 2pt)"
        );
    }
}
