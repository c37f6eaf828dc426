//! Methods of content: `func`, `fields`, `has`, `at` (with a default) and `location`.

use ecow::eco_format;

use crate::base::{SourceResult, Span};
use crate::eval::At;
use crate::model::{Args, Content, Str, Value};

/// The names of the content methods.
pub(super) const NAMES: &[&str] = &["func", "fields", "has", "at", "location"];

pub(super) fn call(
    content: Content,
    name: &str,
    args: &mut Args,
    span: Span,
) -> SourceResult<Value> {
    Ok(match name {
        "func" => Value::Func(content.elem().into()),
        "fields" => Value::Dict(content.fields()),
        "has" => {
            let field: Str = args.expect("field")?;
            Value::Bool(content.get(&field).is_ok())
        }
        "location" => content.location().map_or(Value::None, Value::Location),
        _ => {
            let field: Str = args.expect("field")?;
            let default: Option<Value> = args.named("default")?;
            match (content.get(&field), default) {
                (Ok(v), _) => v,
                (Err(_), Some(default)) => default,
                (Err(e), None) => {
                    return Err(eco_format!("{e} and no default was specified")).at(span);
                }
            }
        }
    })
}
