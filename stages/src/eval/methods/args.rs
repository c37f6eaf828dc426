//! Methods of arguments: `pos`, `named`, `at`.

use ecow::eco_format;

use crate::base::{SourceResult, Span};
use crate::eval::At;
use crate::model::{Args, Array, Value};

/// The names of the arguments methods.
pub(super) const NAMES: &[&str] = &["pos", "named", "at"];

/// Calls an arguments method.
pub(super) fn call(target: &Args, name: &str, args: &mut Args, span: Span) -> SourceResult<Value> {
    Ok(match name {
        "pos" => Value::Array(target.positional().cloned().collect()),
        "named" => Value::Dict(
            target
                .items
                .iter()
                .filter_map(|arg| arg.name.clone().map(|n| (n, arg.value.clone())))
                .collect(),
        ),
        _ => {
            let key: Value = args.expect("key")?;
            match &key {
                Value::Int(i) => {
                    let pos: Array = target.positional().cloned().collect();
                    pos.at(*i).cloned().at(span)?
                }
                Value::Str(s) => target
                    .items
                    .iter()
                    .rev()
                    .find(|arg| arg.name.as_ref() == Some(s))
                    .map(|arg| arg.value.clone())
                    .ok_or_else(|| eco_format!("arguments do not contain key {}", key.repr()))
                    .at(span)?,
                v => crate::bail!(span, "expected integer or string, found {}", v.ty().long_name()),
            }
        }
    })
}
