//! Methods of lengths (`pt`, `mm`, `cm`, `inches`) and angles (`deg`, `rad`).

use crate::base::{Angle, SourceResult, Span};
use crate::model::{Args, Length, Value};

/// The names of the length methods.
pub(super) const LENGTH_NAMES: &[&str] = &["pt", "mm", "cm", "inches"];

/// The names of the angle methods.
pub(super) const ANGLE_NAMES: &[&str] = &["deg", "rad"];

/// Calls a length method: the absolute part in a unit.
pub(super) fn call_length(
    length: Length,
    name: &str,
    _: &mut Args,
    span: Span,
) -> SourceResult<Value> {
    if length.em.get() != 0.0 {
        crate::bail!(span, "cannot convert a length with non-zero em units (`{}`) to {name}",
            Value::Length(length).repr();
            hint: "use `length.to-absolute()` to resolve its em component");
    }
    Ok(Value::Float(match name {
        "pt" => length.abs.to_pt(),
        "mm" => length.abs.to_mm(),
        "cm" => length.abs.to_cm(),
        _ => length.abs.to_inches(),
    }))
}

/// Calls an angle method: the angle in a unit.
pub(super) fn call_angle(angle: Angle, name: &str, _: &mut Args) -> SourceResult<Value> {
    Ok(Value::Float(if name == "deg" { angle.to_deg() } else { angle.to_rad() }))
}
