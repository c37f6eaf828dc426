//! The `curve` element and its components (`curve.move`, `curve.line`, `curve.quad`,
//! `curve.cubic`, `curve.close`), as element data like those of `elements.rs`, and the
//! cast of a point field (`(x, y)` of two relative lengths), shared with `line` and
//! `polygon`.
//!
//! A point is checked when the element is built, with Typst's wording, and kept as an
//! array of two relative lengths (`(0% + 1pt, 50% + 0pt)`), as Typst prints it.

use ecow::{EcoVec, eco_format};

use super::content::{ElementData, FieldData as F, none};
use super::{Element, FromValue, Rel, Type, Value};
use crate::base::{SourceDiagnostic, SourceResult, Span};

use Type as T;

/// The diagnostics sink every cast receives (casts here do not warn).
type Sink<'a> = &'a mut EcoVec<SourceDiagnostic>;

fn no() -> Value {
    Value::Bool(false)
}

fn auto() -> Value {
    Value::Auto
}

fn smooth() -> Value {
    Value::str("smooth")
}

fn non_zero() -> Value {
    Value::str("non-zero")
}

/// A point: an array of exactly two relative lengths, kept as relative lengths; other
/// values (`none`, `auto`, where the field allows them) pass unchanged.
pub fn point(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    let Value::Array(items) = &value else { return Ok(value) };
    let [x, y] = items.as_slice() else {
        crate::bail!(span, "array must contain exactly two items";
            hint: "the first item determines the value for the X axis and the second item \
                   the value for the Y axis");
    };
    let rel = |v: &Value| {
        Rel::from_value(v.clone())
            .map(Value::Relative)
            .map_err(|message| ecow::eco_vec![SourceDiagnostic::error(span, message)])
    };
    Ok(Value::Array([rel(x)?, rel(y)?].into_iter().collect()))
}

/// `curve.fill-rule` (and `polygon.fill-rule`): `"non-zero"` or `"even-odd"`.
pub fn fill_rule(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    match &value {
        Value::Str(s) if matches!(s.as_str(), "non-zero" | "even-odd") => Ok(value),
        Value::Str(_) => crate::bail!(span, "expected \"non-zero\" or \"even-odd\""),
        other => crate::bail!(
            span,
            "{}",
            eco_format!("expected \"non-zero\" or \"even-odd\", found {}", other.ty().long_name())
        ),
    }
}

/// `curve.close.mode`: `"smooth"` or `"straight"`.
fn close_mode(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    match &value {
        Value::Str(s) if matches!(s.as_str(), "smooth" | "straight") => Ok(value),
        Value::Str(_) => crate::bail!(span, "expected \"smooth\" or \"straight\""),
        other => crate::bail!(
            span,
            "{}",
            eco_format!("expected \"smooth\" or \"straight\", found {}", other.ty().long_name())
        ),
    }
}

/// A component of a curve: one of the curve's scoped elements.
fn component(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    let parts = [&CURVE_MOVE, &CURVE_LINE, &CURVE_QUAD, &CURVE_CUBIC, &CURVE_CLOSE];
    match &value {
        Value::Content(c) if parts.iter().any(|p| c.elem() == **p) => Ok(value),
        _ => crate::bail!(span, "expecting a curve element"),
    }
}

/// A path of moves, lines, Bézier segments and closes, filled and stroked.
pub static CURVE: Element = Element(&ElementData {
    name: "curve",
    title: "Curve",
    fields: &[
        F::named("fill", &[T::None, T::Color, T::Gradient, T::Tiling], none),
        F::named("fill-rule", &[], non_zero).cast_with(fill_rule),
        F::named("stroke", &[], auto).cast_with(super::paintcast::plain_stroke),
        F::variadic("components", &[T::Content]).cast_with(component),
    ],
    scope: &[&CURVE_MOVE, &CURVE_LINE, &CURVE_QUAD, &CURVE_CUBIC, &CURVE_CLOSE],
    styles_body: false,
});

/// Starts a new component of a curve at `start`.
pub static CURVE_MOVE: Element = Element(&ElementData {
    name: "curve.move",
    title: "Curve Move",
    fields: &[
        F::required("start", &[T::Array]).cast_with(point),
        F::named("relative", &[T::Bool], no),
    ],
    scope: &[],
    styles_body: false,
});

/// A straight segment of a curve to `end`.
pub static CURVE_LINE: Element = Element(&ElementData {
    name: "curve.line",
    title: "Curve Line",
    fields: &[
        F::required("end", &[T::Array]).cast_with(point),
        F::named("relative", &[T::Bool], no),
    ],
    scope: &[],
    styles_body: false,
});

/// A quadratic Bézier segment of a curve to `end`.
pub static CURVE_QUAD: Element = Element(&ElementData {
    name: "curve.quad",
    title: "Curve Quadratic Segment",
    fields: &[
        F::required("control", &[T::None, T::Auto, T::Array]).cast_with(point),
        F::required("end", &[T::Array]).cast_with(point),
        F::named("relative", &[T::Bool], no),
    ],
    scope: &[],
    styles_body: false,
});

/// A cubic Bézier segment of a curve to `end`.
pub static CURVE_CUBIC: Element = Element(&ElementData {
    name: "curve.cubic",
    title: "Curve Cubic Segment",
    fields: &[
        F::required("control-start", &[T::None, T::Auto, T::Array]).cast_with(point),
        F::required("control-end", &[T::None, T::Array]).cast_with(point),
        F::required("end", &[T::Array]).cast_with(point),
        F::named("relative", &[T::Bool], no),
    ],
    scope: &[],
    styles_body: false,
});

/// Closes the current component of a curve.
pub static CURVE_CLOSE: Element = Element(&ElementData {
    name: "curve.close",
    title: "Curve Close",
    fields: &[F::named("mode", &[], smooth).cast_with(close_mode)],
    scope: &[],
    styles_body: false,
});

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::Abs;
    use crate::model::{Array, Length};

    fn pt(v: f64) -> Value {
        Value::Length(Length::abs(Abs::pt(v)))
    }

    #[test]
    fn points_become_relative_lengths() {
        let mut sink = EcoVec::new();
        let value = Value::Array(Array([pt(1.0), pt(2.0)].into_iter().collect()));
        let Value::Array(out) = point(value, Span::detached(), &mut sink).unwrap() else {
            panic!("expected an array")
        };
        assert!(out.as_slice().iter().all(|v| matches!(v, Value::Relative(_))));
    }

    #[test]
    fn points_need_two_relative_lengths() {
        let mut sink = EcoVec::new();
        let one = Value::Array(Array([pt(1.0)].into_iter().collect()));
        let err = point(one, Span::detached(), &mut sink).unwrap_err();
        assert_eq!(err[0].message, "array must contain exactly two items");
        let bad = Value::Array(Array([pt(1.0), Value::Bool(true)].into_iter().collect()));
        let err = point(bad, Span::detached(), &mut sink).unwrap_err();
        assert_eq!(err[0].message, "expected relative length, found boolean");
        assert_eq!(point(Value::Auto, Span::detached(), &mut sink).unwrap(), Value::Auto);
    }
}
