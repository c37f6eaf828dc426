//! Methods of bytes: `len`, `at` and `slice`, with Typst's index errors.

use crate::base::{SourceResult, Span};
use crate::eval::At;
use crate::model::{Args, Bytes, Value};

/// The names of the bytes methods.
pub(super) const NAMES: &[&str] = &["len", "at", "slice"];

pub(super) fn call(bytes: &Bytes, name: &str, args: &mut Args, span: Span) -> SourceResult<Value> {
    Ok(match name {
        "len" => Value::Int(bytes.len() as i64),
        "at" => {
            let index: i64 = args.expect("index")?;
            let default: Option<Value> = args.named("default")?;
            match (bytes.locate(index, false), default) {
                (Some(i), _) => Value::Int(i64::from(bytes.as_slice()[i])),
                (None, Some(default)) => default,
                (None, None) => crate::bail!(
                    span,
                    "{} and no default value was specified",
                    bytes.out_of_bounds(index)
                ),
            }
        }
        "slice" => {
            let start: i64 = args.expect("start")?;
            let end: Option<Option<i64>> = args.eat()?;
            let count: Option<i64> = args.named("count")?;
            let start_i =
                bytes.locate(start, true).ok_or_else(|| bytes.out_of_bounds(start)).at(span)?;
            // Unlike arrays, bytes let an explicit end win over a count, which is taken
            // from the resolved start.
            let end = end.flatten().or(count.map(|count| (start_i as i64).wrapping_add(count)));
            let end_i = match end {
                Some(end) => {
                    bytes.locate(end, true).ok_or_else(|| bytes.out_of_bounds(end)).at(span)?
                }
                None => bytes.len(),
            };
            Value::Bytes(Bytes::from(&bytes.as_slice()[start_i..end_i.max(start_i)]))
        }
        _ => crate::bail!(span, "type bytes has no method `{name}`"),
    })
}
