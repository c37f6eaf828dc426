//! Methods of dictionaries: `len`, `at`, `keys`, `values`, `pairs`, and on a place
//! `insert` and `remove`.

use crate::base::{SourceResult, Span};
use crate::eval::At;
use crate::model::{Args, Array, Dict, Str, Value};

/// The names of the dictionary methods.
pub(super) const NAMES: &[&str] = &["len", "at", "insert", "remove", "keys", "values", "pairs"];

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
            match dict.remove(&key) {
                Some(v) => v,
                None => match default {
                    Some(d) => d,
                    None => return Err(crate::model::Dict::missing_key_err(&key)).at(span),
                },
            }
        }
        _ => return Ok(None),
    }))
}

pub(super) fn call(dict: Dict, name: &str, args: &mut Args, span: Span) -> SourceResult<Value> {
    Ok(match name {
        "len" => Value::Int(dict.len() as i64),
        "at" => {
            let key: Str = args.expect("key")?;
            let default: Option<Value> = args.named("default")?;
            match dict.at(&key) {
                Ok(v) => v.clone(),
                Err(e) => default.ok_or(e).at(span)?,
            }
        }
        "keys" => Value::Array(dict.iter().map(|(k, _)| Value::Str(k.clone())).collect()),
        "values" => Value::Array(dict.iter().map(|(_, v)| v.clone()).collect()),
        "pairs" => Value::Array(
            dict.iter()
                .map(|(k, v)| Value::Array(Array::from_iter([Value::Str(k.clone()), v.clone()])))
                .collect(),
        ),
        _ => crate::bail!(span, "cannot mutate a temporary value"),
    })
}
