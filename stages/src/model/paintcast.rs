//! Checks and normal forms of the paint and stroke fields of elements (each a `FieldCast`
//! of `elements.rs`), with Typst 0.15's wording: text, page and cell fills that take a
//! gradient or tiling as well as a color, and the strokes of rectangles, squares, boxes
//! and blocks, which may differ per side.
//!
//! A per-side stroke is written as a dictionary with the keys `left`, `top`, `right`,
//! `bottom`, `x`, `y` and `rest` (the more specific key wins). It is kept as a dictionary
//! of the sides that were given, in the order left, top, right, bottom, each a stroke or
//! `none`; when all four sides are given and equal, as that one stroke (or `none`).

use ecow::{EcoString, EcoVec, eco_format};

use super::{Dict, FromValue, Stroke, Value};
use crate::base::{SourceDiagnostic, SourceResult, Span};

/// The diagnostics sink every cast receives (casts here do not warn).
type Sink<'a> = &'a mut EcoVec<SourceDiagnostic>;

fn fail<T>(span: Span, message: impl Into<EcoString>) -> SourceResult<T> {
    Err(ecow::eco_vec![SourceDiagnostic::error(span, message.into())])
}

/// Fails a stroke given as a dictionary, with Typst's hint when the value that failed
/// in it is an integer where a length would do (`(left: 1)`, `(thickness: 5)`,
/// `(top: (dash: (1, 2)))`). A value that is itself an integer gets the hint where every
/// field cast gets it.
fn fail_in<T>(span: Span, message: EcoString, value: &Value) -> SourceResult<T> {
    let mut error = SourceDiagnostic::error(span, message.clone());
    if let Value::Dict(dict) = value
        && let Some(hint) = dict_hint(&message, dict, value)
    {
        error = error.with_hint(hint);
    }
    Err(ecow::eco_vec![error])
}

/// The hint for a failed stroke dictionary: about the part of a stroke, or the side of
/// a per-side stroke, that failed (sides are read in the order `sides` reads them).
fn dict_hint(message: &str, dict: &Dict, value: &Value) -> Option<EcoString> {
    if !names_sides(dict) {
        return Stroke::cast_hint(message, None, value);
    }
    let expected = eco_format!("{STROKE_PARTS}, or none");
    let side = ["rest", "x", "y", "left", "top", "right", "bottom"].iter().find_map(|key| {
        let side = dict.get(key)?;
        one_stroke(side.clone(), &expected).is_err().then_some(side)
    })?;
    Stroke::cast_hint(message, None, side)
}

fn found(expected: &str, value: &Value) -> EcoString {
    eco_format!("expected {expected}, found {}", value.ty().long_name())
}

/// Whether the value is a paint (a color, a gradient or a tiling).
fn is_paint(value: &Value) -> bool {
    matches!(value, Value::Color(_) | Value::Gradient(_) | Value::Tiling(_))
}

/// What a paint is relative to, when it says so (`None` for `auto` and colors).
fn relative_to(value: &Value) -> Option<&str> {
    match value {
        Value::Gradient(g) => g.0.relative.as_deref(),
        Value::Tiling(t) => t.0.relative.as_deref(),
        _ => None,
    }
}

/// `text.fill`: a color, gradient or tiling; a gradient or tiling relative to itself is
/// refused, as text has no box of its own.
pub fn text_fill(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    if !is_paint(&value) {
        return fail(span, found("color, gradient, or tiling", &value));
    }
    if relative_to(&value) == Some("self") {
        return Err(ecow::eco_vec![
            SourceDiagnostic::error(
                span,
                "gradients and tilings on text must be relative to the parent"
            )
            .with_hint("make sure to set `relative: auto` on your text fill")
        ]);
    }
    Ok(value)
}

/// `page.fill`, `grid.cell.fill` and `table.cell.fill`: a paint, `none` or `auto`.
pub fn paint_or_auto(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    if is_paint(&value) || matches!(value, Value::None | Value::Auto) {
        return Ok(value);
    }
    fail(span, found("color, gradient, tiling, none, or auto", &value))
}

/// `grid.fill` and `table.fill`: a paint, `none`, an array of fills or a function.
pub fn celled_paint(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    if let Value::Array(items) = &value {
        // Each item is the paint of a column.
        if let Some(item) =
            items.as_slice().iter().find(|v| !is_paint(v) && !matches!(v, Value::None))
        {
            return fail(span, found("color, gradient, tiling, or none", item));
        }
        return Ok(value);
    }
    if is_paint(&value) || matches!(value, Value::None | Value::Func(_)) {
        return Ok(value);
    }
    fail(span, found("color, gradient, tiling, none, array, or function", &value))
}

/// The keys of a per-side stroke dictionary.
pub const SIDE_KEYS: [&str; 7] = ["left", "top", "right", "bottom", "x", "y", "rest"];

/// What makes one stroke, as the errors list it.
const STROKE_PARTS: &str = "length, color, gradient, tiling, dictionary, stroke";

/// A stroke from a value that makes one (`none` stays `none`).
fn one_stroke(value: Value, expected: &str) -> Result<Value, EcoString> {
    match value {
        Value::None => Ok(Value::None),
        Value::Stroke(_) => Ok(value),
        v @ (Value::Length(_)
        | Value::Color(_)
        | Value::Gradient(_)
        | Value::Tiling(_)
        | Value::Dict(_)) => Ok(Value::Stroke(std::sync::Arc::new(Stroke::from_value(v)?))),
        v => Err(found(expected, &v)),
    }
}

/// A per-side stroke dictionary in its normal form (see the module documentation).
fn sides(mut dict: Dict) -> Result<Value, EcoString> {
    let unknown: Vec<&str> =
        dict.iter().map(|(k, _)| k.as_str()).filter(|k| !SIDE_KEYS.contains(k)).collect();
    if !unknown.is_empty() {
        return Err(super::sides::unexpected_keys(&unknown, Some(&SIDE_KEYS)));
    }
    let side_expected = eco_format!("{STROKE_PARTS}, or none");
    let mut take = |key: &str| -> Result<Option<Value>, EcoString> {
        dict.remove(key).map(|v| one_stroke(v, &side_expected)).transpose()
    };
    let rest = take("rest")?;
    let x = take("x")?.or_else(|| rest.clone());
    let y = take("y")?.or_else(|| rest.clone());
    let left = take("left")?.or_else(|| x.clone());
    let top = take("top")?.or_else(|| y.clone());
    let right = take("right")?.or_else(|| x.clone());
    let bottom = take("bottom")?.or_else(|| y.clone());
    if let (Some(l), Some(t), Some(r), Some(b)) = (&left, &top, &right, &bottom)
        && l == t
        && l == r
        && l == b
    {
        return Ok(l.clone());
    }
    let mut out = Dict::new();
    for (key, side) in [("left", left), ("top", top), ("right", right), ("bottom", bottom)] {
        if let Some(side) = side {
            out.insert(key.into(), side);
        }
    }
    Ok(Value::Dict(out))
}

/// Whether a dictionary names sides (any side key) rather than the parts of one stroke.
fn names_sides(dict: &Dict) -> bool {
    dict.iter().any(|(k, _)| SIDE_KEYS.contains(&k.as_str())) || dict.is_empty()
}

/// A stroke that may differ per side; `auto` is allowed when `auto` says so.
fn sided_stroke(value: Value, span: Span, auto: bool) -> SourceResult<Value> {
    let expected = if auto {
        eco_format!("{STROKE_PARTS}, none, or auto")
    } else {
        eco_format!("{STROKE_PARTS}, or none")
    };
    let result = match value.clone() {
        Value::Auto if auto => Ok(Value::Auto),
        Value::Dict(dict) if names_sides(&dict) => sides(dict),
        v => one_stroke(v, &expected),
    };
    result.or_else(|message| fail_in(span, message, &value))
}

/// A table's default stroke: a stroke leaving every part to its default (1pt, black),
/// which Typst shows as `1pt + black`.
pub fn default_stroke() -> Value {
    Value::Stroke(std::sync::Arc::new(Stroke::default()))
}

/// One value of a grid's or table's `stroke` (the whole field, or one item of its
/// array): a stroke or `none`, which may differ per side, in its normal form.
pub fn cell_sides(value: Value) -> Result<Value, EcoString> {
    let expected = eco_format!("{STROKE_PARTS}, or none");
    match value {
        Value::Dict(dict) if names_sides(&dict) => sides(dict),
        v => one_stroke(v, &expected),
    }
}

/// `rect.stroke` and `square.stroke`: per side, or `auto` for the default.
pub fn shape_stroke(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    sided_stroke(value, span, true)
}

/// `box.stroke`, `block.stroke`, `highlight.stroke` and the `stroke` of grid and table
/// cells: per side, or `none`.
pub fn container_stroke(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    sided_stroke(value, span, false)
}

/// A stroke of one line (`line.stroke`): neither `none` nor `auto`.
pub fn line_stroke(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    const EXPECTED: &str = "length, color, gradient, tiling, dictionary, or stroke";
    match value {
        Value::None => fail(span, found(EXPECTED, &value)),
        v => one_stroke(v.clone(), EXPECTED).or_else(|message| fail_in(span, message, &v)),
    }
}

/// The stroke of a closed shape without sides (`circle`, `ellipse`, `polygon`, `curve`):
/// one stroke, `none` or `auto`.
pub fn plain_stroke(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    match value {
        Value::Auto => Ok(Value::Auto),
        v => one_stroke(v.clone(), &eco_format!("{STROKE_PARTS}, none, or auto"))
            .or_else(|message| fail_in(span, message, &v)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Color, Length, Paint};

    fn red() -> Value {
        Value::Color(Color::named("red").unwrap())
    }

    fn dict(pairs: &[(&str, Value)]) -> Dict {
        let mut d = Dict::new();
        for (k, v) in pairs {
            d.insert((*k).into(), v.clone());
        }
        d
    }

    #[test]
    fn equal_sides_collapse_to_one_stroke() {
        let value = sides(dict(&[("x", red()), ("y", red())])).unwrap();
        let Value::Stroke(stroke) = value else { panic!("expected a stroke") };
        assert_eq!(stroke.paint, Some(Paint::Color(Color::named("red").unwrap())));
    }

    #[test]
    fn specific_sides_win_and_unset_sides_are_left_out() {
        let thin = Value::Length(Length::abs(crate::base::Abs::pt(1.0)));
        let value = sides(dict(&[("x", thin), ("left", red())])).unwrap();
        let Value::Dict(out) = value else { panic!("expected a dictionary") };
        let keys: Vec<&str> = out.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["left", "right"]);
    }

    #[test]
    fn every_unexpected_key_is_named() {
        let pairs = [("left", red()), ("a", red()), ("paint", red()), ("b", red())];
        let err = sides(dict(&pairs)).unwrap_err();
        assert!(err.starts_with("unexpected keys \"a\", \"paint\", and \"b\", valid keys"));
        let err = sides(dict(&pairs[..3])).unwrap_err();
        assert!(err.starts_with("unexpected keys \"a\" and \"paint\", valid keys"));
    }

    #[test]
    fn cell_sides_spread_and_check_stroke_keys() {
        let value = cell_sides(Value::Dict(dict(&[("rest", red()), ("x", Value::None)])));
        let Ok(Value::Dict(out)) = value else { panic!("expected a dictionary") };
        let keys: Vec<&str> = out.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["left", "top", "right", "bottom"]);
        assert_eq!(out.get("left"), Some(&Value::None));
        let err = cell_sides(Value::Dict(dict(&[("a", red())]))).unwrap_err();
        assert!(err.starts_with("unexpected key \"a\", valid keys are \"paint\""));
        assert!(cell_sides(Value::Auto).is_err());
    }

    #[test]
    fn stroke_keys_among_sides_are_refused() {
        let err = sides(dict(&[("left", red()), ("thickness", red())])).unwrap_err();
        assert!(err.starts_with("unexpected key \"thickness\", valid keys are \"left\""));
        let err = sides(dict(&[("left", Value::Auto)])).unwrap_err();
        assert!(err.ends_with("stroke, or none, found auto"));
    }
}
