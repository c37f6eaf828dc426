//! Methods of datetimes: the components (`year` … `second`, `weekday`, `ordinal`) and
//! `display` with a format description.

use crate::base::{SourceResult, Span};
use crate::eval::At;
use crate::model::{Args, Datetime, Smart, Str, Value};

/// The names of the datetime methods.
pub(super) const NAMES: &[&str] =
    &["year", "month", "day", "hour", "minute", "second", "weekday", "ordinal", "display"];

/// Calls a datetime method.
pub(super) fn call(dt: Datetime, name: &str, args: &mut Args, span: Span) -> SourceResult<Value> {
    let part = |v: Option<i64>| v.map_or(Value::None, Value::Int);
    Ok(match name {
        "year" => part(dt.date.map(|d| i64::from(d.0))),
        "month" => part(dt.date.map(|d| i64::from(d.1))),
        "day" => part(dt.date.map(|d| i64::from(d.2))),
        "hour" => part(dt.time.map(|t| i64::from(t.0))),
        "minute" => part(dt.time.map(|t| i64::from(t.1))),
        "second" => part(dt.time.map(|t| i64::from(t.2))),
        "weekday" => part(dt.weekday().map(i64::from)),
        "ordinal" => part(dt.ordinal().map(i64::from)),
        "display" => {
            // Errors in the pattern point at it; missing information at the call.
            let pattern_span =
                args.items.iter().find(|a| a.name.is_none()).map_or(span, |a| a.value_span);
            let pattern: Option<Smart<Str>> = args.eat()?;
            // Leftover arguments are reported before the pattern is used.
            args.take().finish()?;
            let pattern = match &pattern {
                Some(Smart::Custom(p)) => p.as_str(),
                _ => dt.default_pattern(),
            };
            match dt.display(pattern) {
                Ok(text) => Value::str(text),
                Err(Ok(invalid)) => return Err(invalid).at(pattern_span),
                Err(Err(failed)) => return Err(failed).at(span),
            }
        }
        _ => crate::bail!(span, "type datetime has no method `{name}`"),
    })
}
