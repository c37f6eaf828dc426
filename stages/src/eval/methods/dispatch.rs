//! Method dispatch: `value.name(args)` goes to the table of the value's type. Each type
//! family has its own module with its `NAMES` and a `call` (and `call_mut` for methods that
//! mutate a place); counters and locations live in `library::introspection`.

use crate::base::{SourceResult, Span};
use crate::eval::{Engine, library};
use crate::model::{Args, Value};

use super::gradient;
use super::{align, float, int};
use super::{args, array, bytes, color, content, datetime, dict, duration, func, numeric, str};

/// Whether `name` is a method that mutates its target (for some type).
pub fn is_mutating(name: &str) -> bool {
    matches!(name, "push" | "pop" | "insert" | "remove")
}

/// The method names of a value's type.
fn names(value: &Value) -> &'static [&'static str] {
    match value {
        Value::Str(_) => str::NAMES,
        Value::Array(_) => array::NAMES,
        Value::Dict(_) => dict::NAMES,
        Value::Content(_) => content::NAMES,
        Value::Func(_) => func::NAMES,
        Value::Selector(_) => func::SELECTOR_NAMES,
        Value::Length(_) => numeric::LENGTH_NAMES,
        Value::Int(_) => int::NAMES,
        Value::Float(_) => float::NAMES,
        Value::Version(_) => numeric::VERSION_NAMES,
        Value::Alignment(_) => align::ALIGNMENT_NAMES,
        Value::Direction(_) => align::DIRECTION_NAMES,
        Value::Angle(_) => numeric::ANGLE_NAMES,
        Value::Color(_) => color::NAMES,
        Value::Colorant(_) => color::SPOT_NAMES,
        Value::Args(_) => args::NAMES,
        Value::Datetime(_) => datetime::NAMES,
        Value::Bytes(_) => bytes::NAMES,
        Value::Duration(_) => duration::NAMES,
        Value::Gradient(_) => gradient::NAMES,
        Value::Counter(_) => library::COUNTER_METHODS,
        Value::State(_) => library::STATE_METHODS,
        Value::Location(_) => library::LOCATION_METHODS,
        _ => &[],
    }
}

/// Whether the value's type has a method `name`.
pub fn has_method(value: &Value, name: &str) -> bool {
    names(value).contains(&name)
}

/// Calls a mutating method on a place. `None` if the target's type has no such
/// mutating method.
pub fn call_mut(
    target: &mut Value,
    name: &str,
    mut args: Args,
    span: Span,
) -> SourceResult<Option<Value>> {
    let output = match target {
        Value::Array(array) => array::call_mut(array, name, &mut args, span),
        Value::Dict(dict) => dict::call_mut(dict, name, &mut args, span),
        _ => Ok(None),
    };
    // Unlike other methods, a mutating one reports its own failure (`array is empty`)
    // before arguments nobody took, as in Typst.
    let output = output?;
    if output.is_some() {
        args.finish()?;
    }
    Ok(output)
}

/// Calls a non-mutating method; `target_span` locates the target, where an error about
/// the target itself points (`"ab".to-unicode()`), as in Typst.
pub fn call(
    engine: &mut Engine,
    target: Value,
    target_span: Span,
    name: &str,
    mut args: Args,
    span: Span,
) -> SourceResult<Value> {
    let output = (|| -> SourceResult<Value> {
        let args = &mut args;
        Ok(match target {
            Value::Str(s) => str::call(engine, &s, target_span, name, args, span)?,
            Value::Array(array) => array::call(engine, array, name, args, span)?,
            Value::Dict(dict) => dict::call(engine, dict, name, args, span)?,
            Value::Content(content) => content::call(content, name, args, span)?,
            Value::Func(func) => func::call(func, name, args, span)?,
            Value::Selector(selector) => func::call_selector(selector, name, args)?,
            Value::Length(length) => numeric::call_length(engine, length, name, args, span)?,
            Value::Int(v) => int::call(v, name, args, span)?,
            Value::Float(v) => float::call(v, name, args, span)?,
            Value::Version(v) => numeric::call_version(&v, name, args, span)?,
            Value::Alignment(v) => align::call_alignment(v, name, args)?,
            Value::Direction(v) => align::call_direction(v, name, args, target_span)?,
            Value::Angle(angle) => numeric::call_angle(angle, name, args)?,
            Value::Color(color) => color::call(color, name, args, span)?,
            Value::Colorant(c) => color::call_colorant(c, name, args, span)?,
            Value::Datetime(dt) => datetime::call(dt, name, args, span)?,
            Value::Bytes(b) => bytes::call(&b, name, args, span)?,
            Value::Duration(d) => duration::call(d, name, args, span)?,
            Value::Gradient(g) => gradient::call(g, name, args, span)?,
            Value::Args(target) => args::call(engine, &target, name, args, span)?,
            Value::Counter(counter) => library::counter_method(engine, &counter, name, args, span)?,
            Value::State(state) => library::state_method(engine, &state, name, args, span)?,
            Value::Location(location) => {
                library::location_method(engine, location, name, args, span)?
            }
            v => crate::bail!(span, "type {} has no method `{name}`", v.ty().short_name()),
        })
    })();
    let output = args.leftover_first(output)?;
    args.finish()?;
    Ok(output)
}
