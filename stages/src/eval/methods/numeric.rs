//! Methods of lengths (`pt`, `mm`, `cm`, `inches`, `to-absolute`), angles (`deg`, `rad`)
//! and versions (`at`).

use crate::base::{Angle, SourceResult, Span};
use crate::eval::{At, Engine};
use crate::model::{Args, Length, Value, Version};

/// The names of the length methods.
pub(super) const LENGTH_NAMES: &[&str] = &["pt", "mm", "cm", "inches", "to-absolute"];

/// The names of the angle methods.
pub(super) const ANGLE_NAMES: &[&str] = &["deg", "rad"];

/// The names of the version methods.
pub(super) const VERSION_NAMES: &[&str] = &["at"];

/// Calls a length method: the absolute part in a unit, or the length made absolute.
pub(super) fn call_length(
    engine: &Engine,
    length: Length,
    name: &str,
    args: &mut Args,
    span: Span,
) -> SourceResult<Value> {
    if name == "to-absolute" {
        // Arguments are checked before the context is.
        std::mem::replace(args, Args::new(args.span, [])).finish()?;
        crate::eval::require_context(engine, span)?;
        return Ok(Value::Length(crate::eval::to_absolute(engine, length)));
    }
    if length.em.get() != 0.0 {
        crate::bail!(span, "cannot convert a length with non-zero em units (`{}`) to {name}",
            Value::Length(length).repr();
            hint: "use `length.to-absolute()` to resolve its em component (requires context)";
            hint: "or use `length.abs.{name}()` instead to ignore its em component");
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
    Ok(Value::Float(if name == "deg" {
        angle.to_rad() / (std::f64::consts::PI / 180.0)
    } else {
        angle.to_rad()
    }))
}

/// Calls a version method.
pub(super) fn call_version(
    version: &Version,
    name: &str,
    args: &mut Args,
    span: Span,
) -> SourceResult<Value> {
    debug_assert_eq!(name, "at");
    let index: i64 = args.expect("index")?;
    version.at(index).at(span)
}
