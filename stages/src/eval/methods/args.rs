//! Methods of arguments: `len`, `pos`, `named`, `at` (by index or name, with a default),
//! and `map` and `filter` over the values (keeping names and order).

use ecow::eco_format;

use crate::base::{SourceResult, Span};
use crate::eval::{At, Engine};
use crate::model::{Arg, Args, Func, Value, mismatch};

/// The names of the arguments methods.
pub(super) const NAMES: &[&str] = &["len", "pos", "named", "at", "map", "filter"];

/// The value of a named argument (the last one given wins), or Typst's error.
pub fn named_field(target: &Args, name: &str) -> Result<Value, ecow::EcoString> {
    target
        .items
        .iter()
        .rev()
        .find(|arg| arg.name.as_deref() == Some(name))
        .map(|arg| arg.value.clone())
        .ok_or_else(|| eco_format!("no named argument {}", crate::model::repr_str(name)))
}

/// Calls an arguments method.
pub(super) fn call(
    engine: &mut Engine,
    target: &Args,
    name: &str,
    args: &mut Args,
    span: Span,
) -> SourceResult<Value> {
    Ok(match name {
        "len" => Value::Int(target.items.len() as i64),
        "pos" => Value::Array(target.positional().cloned().collect()),
        "named" => Value::Dict(target.named_items().map(|(k, v)| (k.clone(), v.clone())).collect()),
        "at" => {
            let (key, key_span): (Value, Span) = args.expect_spanned("key")?;
            let default: Option<Value> = args.named("default")?;
            let found = match &key {
                Value::Int(i) => {
                    let pos: Vec<&Value> = target.positional().collect();
                    let len = pos.len() as i64;
                    let index = if *i < 0 { len.checked_add(*i) } else { Some(*i) };
                    index
                        .filter(|&index| (0..len).contains(&index))
                        .map(|index| pos[index as usize].clone())
                        .ok_or_else(|| eco_format!("no positional argument at index {i}"))
                }
                Value::Str(s) => named_field(target, s),
                v => return Err(mismatch("integer or string", v)).at(key_span),
            };
            match (found, default) {
                (Ok(v), _) => v,
                (Err(_), Some(default)) => default,
                (Err(e), None) => {
                    return Err(eco_format!("{e} and no default value was specified")).at(span);
                }
            }
        }
        "map" => {
            let f: Func = args.expect("mapper")?;
            // Leftover arguments are refused before the function runs.
            args.take().finish()?;
            let mut out = target.clone();
            for arg in out.items.make_mut() {
                let value = std::mem::take(&mut arg.value);
                arg.value = f.call(engine, Args::new(f.span(), [value]))?;
            }
            Value::Args(std::sync::Arc::new(out))
        }
        "filter" => {
            let f: Func = args.expect("test")?;
            // Leftover arguments are refused before the function runs.
            args.take().finish()?;
            let mut kept: Vec<Arg> = Vec::new();
            for arg in target.items.iter() {
                match f.call(engine, Args::new(f.span(), [arg.value.clone()]))? {
                    Value::Bool(true) => kept.push(arg.clone()),
                    Value::Bool(false) => {}
                    v => return Err(mismatch("boolean", &v)).at(f.span()),
                }
            }
            Value::Args(std::sync::Arc::new(Args {
                span: target.span,
                items: kept.into(),
                failed: false,
            }))
        }
        _ => crate::bail!(span, "type arguments has no method `{name}`"),
    })
}
