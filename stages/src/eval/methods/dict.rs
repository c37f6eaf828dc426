//! Methods of dictionaries: `len`, `at`, `keys`, `values`, `pairs`, `map` and `filter`
//! (over the values, keeping the keys), on a place `insert` and `remove`, and the
//! `dictionary(module)` constructor.

use ecow::eco_format;

use crate::base::{SourceResult, Span};
use crate::eval::{At, Engine};
use crate::model::{Args, Array, Dict, Func, Str, Value, mismatch};

/// The names of the dictionary methods.
pub(super) const NAMES: &[&str] =
    &["len", "at", "insert", "remove", "keys", "values", "pairs", "map", "filter"];

/// Calls a mutating method on a dictionary in place; `None` if `name` is not one.
pub(super) fn call_mut(
    dict: &mut Dict,
    name: &str,
    args: &mut Args,
    span: Span,
) -> SourceResult<Option<Value>> {
    Ok(Some(match name {
        "insert" => {
            let key: Str = args.expect("key")?;
            let value: Value = args.expect("value")?;
            dict.insert(key, value);
            Value::None
        }
        "remove" => {
            let key: Str = args.expect("key")?;
            let default: Option<Value> = args.named("default")?;
            match (dict.remove(&key), default) {
                (Some(v), _) => v,
                (None, Some(default)) => default,
                (None, None) => return Err(Dict::missing_key_err(&key)).at(span),
            }
        }
        _ => return Ok(None),
    }))
}

/// Calls a predicate on a value, which must return a boolean.
fn test(engine: &mut Engine, f: &Func, value: Value) -> SourceResult<bool> {
    match f.call(engine, Args::new(f.span(), [value]))? {
        Value::Bool(b) => Ok(b),
        v => Err(mismatch("boolean", &v)).at(f.span()),
    }
}

pub(super) fn call(
    engine: &mut Engine,
    dict: Dict,
    name: &str,
    args: &mut Args,
    span: Span,
) -> SourceResult<Value> {
    Ok(match name {
        "len" => Value::Int(dict.len() as i64),
        "at" => {
            let key: Str = args.expect("key")?;
            let default: Option<Value> = args.named("default")?;
            match (dict.get(&key), default) {
                (Some(v), _) => v.clone(),
                (None, Some(default)) => default,
                (None, None) => {
                    let missing = Dict::missing_key_err(&key);
                    return Err(eco_format!("{missing} and no default value was specified"))
                        .at(span);
                }
            }
        }
        "keys" => Value::Array(dict.iter().map(|(k, _)| Value::Str(k.clone())).collect()),
        "values" => Value::Array(dict.iter().map(|(_, v)| v.clone()).collect()),
        "pairs" => Value::Array(
            dict.iter()
                .map(|(k, v)| Value::Array(Array::from_iter([Value::Str(k.clone()), v.clone()])))
                .collect(),
        ),
        "map" => {
            let f: Func = args.expect("mapper")?;
            // Leftover arguments are refused before the function runs.
            args.take().finish()?;
            let mut out = Dict::new();
            for (key, value) in dict.iter() {
                out.insert(key.clone(), f.call(engine, Args::new(f.span(), [value.clone()]))?);
            }
            Value::Dict(out)
        }
        "filter" => {
            let f: Func = args.expect("test")?;
            // Leftover arguments are refused before the function runs.
            args.take().finish()?;
            let mut out = Dict::new();
            for (key, value) in dict.iter() {
                if test(engine, &f, value.clone())? {
                    out.insert(key.clone(), value.clone());
                }
            }
            Value::Dict(out)
        }
        "insert" | "remove" => crate::bail!(span, "cannot mutate a temporary value"),
        _ => crate::bail!(span, "type dictionary has no method `{name}`"),
    })
}

/// `dictionary(module)`: the bindings of a module as a dictionary.
pub fn construct(args: &mut Args) -> SourceResult<Value> {
    let (value, span): (Value, Span) = args.expect_spanned("value")?;
    match value {
        Value::Module(module) => Ok(Value::Dict(
            module.scope().iter().map(|(k, v)| (Str(k.clone()), v.clone())).collect(),
        )),
        v => Err(mismatch("module", &v)).at(span),
    }
}
