//! Methods of durations: the length in a unit, as a float (`seconds` … `weeks`).

use crate::base::{SourceResult, Span};
use crate::model::{Args, Duration, Value};

/// The names of the duration methods.
pub(super) const NAMES: &[&str] = &["seconds", "minutes", "hours", "days", "weeks"];

/// Calls a duration method.
pub(super) fn call(d: Duration, name: &str, _: &mut Args, span: Span) -> SourceResult<Value> {
    let unit = match name {
        "seconds" => 1.0,
        "minutes" => 60.0,
        "hours" => 3_600.0,
        "days" => 86_400.0,
        "weeks" => 604_800.0,
        _ => crate::bail!(span, "type duration has no method `{name}`"),
    };
    Ok(Value::Float(d.as_seconds() / unit))
}
