//! Methods of arrays: reading (`at`, `slice`, `find`), transforming (`map`, `filter`,
//! `sorted`, `zip`, …) and mutating on a place (`push`, `pop`, `insert`, `remove`).
//!
//! One dispatch table; a uniform list, hence longer than most files.

use std::cmp::Ordering;

use ecow::{EcoString, EcoVec, eco_format};

use crate::base::{SourceResult, Span};
use crate::eval::{At, Engine};
use crate::model::{Args, Array, Dict, Func, Value, compare, join};

/// The names of the array methods.
pub(super) const NAMES: &[&str] = &[
    "len",
    "first",
    "last",
    "at",
    "push",
    "pop",
    "insert",
    "remove",
    "slice",
    "contains",
    "find",
    "position",
    "filter",
    "map",
    "enumerate",
    "zip",
    "fold",
    "sum",
    "product",
    "any",
    "all",
    "flatten",
    "rev",
    "split",
    "join",
    "sorted",
    "dedup",
    "intersperse",
    "chunks",
    "windows",
    "reduce",
    "to-dict",
];

/// Calls a mutating method on an array in place; `None` if `name` is not one.
pub(super) fn call_mut(
    array: &mut Array,
    name: &str,
    args: &mut Args,
    span: Span,
) -> SourceResult<Option<Value>> {
    Ok(Some(match name {
        "push" => {
            let value: Value = args.expect("value")?;
            array.0.push(value);
            Value::None
        }
        "pop" => array.0.pop().ok_or("array is empty".into()).at(span)?,
        "insert" => {
            let index: i64 = args.expect("index")?;
            let value: Value = args.expect("value")?;
            let i = array.locate_or_err(index, true).at(span)?;
            array.0.insert(i, value);
            Value::None
        }
        "remove" => {
            let index: i64 = args.expect("index")?;
            let default: Option<Value> = args.named("default")?;
            match array.locate(index, false) {
                Some(i) => array.0.remove(i),
                None => match default {
                    Some(d) => d,
                    None => {
                        return Err(crate::model::Array::out_of_bounds_err(index, array.len()))
                            .at(span);
                    }
                },
            }
        }
        _ => return Ok(None),
    }))
}

/// Calls `f` with positional values.
fn call_func(
    engine: &mut Engine,
    f: &Func,
    span: Span,
    values: impl IntoIterator<Item = Value>,
) -> SourceResult<Value> {
    f.call(engine, Args::new(span, values))
}

/// Calls a predicate, which must return a boolean.
fn test(engine: &mut Engine, f: &Func, span: Span, value: Value) -> SourceResult<bool> {
    match call_func(engine, f, span, [value])? {
        Value::Bool(b) => Ok(b),
        v => crate::bail!(span, "expected boolean from function, found {}", v.ty().long_name()),
    }
}

pub(super) fn call(
    engine: &mut Engine,
    array: Array,
    name: &str,
    args: &mut Args,
    span: Span,
) -> SourceResult<Value> {
    let empty = || EcoString::from("array is empty");
    Ok(match name {
        "len" => Value::Int(array.len() as i64),
        "first" => array.0.first().cloned().ok_or_else(empty).at(span)?,
        "last" => array.0.last().cloned().ok_or_else(empty).at(span)?,
        "at" => {
            let index: i64 = args.expect("index")?;
            let default: Option<Value> = args.named("default")?;
            match array.at(index) {
                Ok(v) => v.clone(),
                Err(e) => default.ok_or(e).at(span)?,
            }
        }
        "slice" => {
            let start: i64 = args.expect("start")?;
            let end: Option<i64> = args.eat()?;
            let count: Option<i64> = args.named("count")?;
            let start_i = array.locate_or_err(start, true).at(span)?;
            let end_i = match (end, count) {
                (Some(end), _) => array.locate_or_err(end, true).at(span)?,
                (None, Some(count)) => {
                    array.locate_or_err(start.saturating_add(count), true).at(span)?
                }
                (None, None) => array.len(),
            };
            Value::Array(Array(array.0[start_i..end_i.max(start_i)].iter().cloned().collect()))
        }
        "contains" => {
            let value: Value = args.expect("value")?;
            Value::Bool(array.0.contains(&value))
        }
        "find" => {
            let f: Func = args.expect("searcher")?;
            for item in array {
                if test(engine, &f, span, item.clone())? {
                    return Ok(item);
                }
            }
            Value::None
        }
        "position" => {
            let f: Func = args.expect("searcher")?;
            for (i, item) in array.into_iter().enumerate() {
                if test(engine, &f, span, item)? {
                    return Ok(Value::Int(i as i64));
                }
            }
            Value::None
        }
        "filter" => {
            let f: Func = args.expect("test")?;
            let mut out = EcoVec::new();
            for item in array {
                if test(engine, &f, span, item.clone())? {
                    out.push(item);
                }
            }
            Value::Array(Array(out))
        }
        "map" => {
            let f: Func = args.expect("mapper")?;
            let mut out = EcoVec::with_capacity(array.len());
            for item in array {
                out.push(call_func(engine, &f, span, [item])?);
            }
            Value::Array(Array(out))
        }
        "enumerate" => {
            let start: i64 = args.named("start")?.unwrap_or(0);
            Value::Array(
                array
                    .into_iter()
                    .enumerate()
                    .map(|(i, v)| Value::Array(Array::from_iter([Value::Int(start + i as i64), v])))
                    .collect(),
            )
        }
        "zip" => {
            let exact: bool = args.named("exact")?.unwrap_or(false);
            let others: Vec<Array> = args.all()?;
            let len = others.iter().map(Array::len).fold(array.len(), usize::min);
            if exact && others.iter().any(|o| o.len() != array.len()) {
                crate::bail!(
                    span,
                    "second array has different length ({}) from first array ({})",
                    others.iter().find(|o| o.len() != array.len()).map_or(0, Array::len),
                    array.len()
                );
            }
            Value::Array(
                (0..len)
                    .map(|i| {
                        let mut tuple = EcoVec::with_capacity(others.len() + 1);
                        tuple.push(array.0[i].clone());
                        tuple.extend(others.iter().map(|o| o.0[i].clone()));
                        Value::Array(Array(tuple))
                    })
                    .collect(),
            )
        }
        "fold" => {
            let mut acc: Value = args.expect("init")?;
            let f: Func = args.expect("folder")?;
            for item in array {
                acc = call_func(engine, &f, span, [acc, item])?;
            }
            acc
        }
        "reduce" => {
            let f: Func = args.expect("reducer")?;
            let mut items = array.into_iter();
            let Some(mut acc) = items.next() else { return Ok(Value::None) };
            for item in items {
                acc = call_func(engine, &f, span, [acc, item])?;
            }
            acc
        }
        "sum" | "product" => {
            let default: Option<Value> = args.named("default")?;
            let mut items = array.into_iter();
            let Some(mut acc) = items.next() else {
                return default
                    .ok_or_else(|| {
                        eco_format!("cannot calculate {name} of empty array with no default")
                    })
                    .at(span);
            };
            for item in items {
                acc = if name == "sum" {
                    crate::model::ops_fns::add(acc, item)
                } else {
                    crate::model::ops_fns::mul(acc, item)
                }
                .at(span)?;
            }
            acc
        }
        "any" | "all" => {
            let f: Func = args.expect("test")?;
            let want = name == "any";
            for item in array {
                if test(engine, &f, span, item)? == want {
                    return Ok(Value::Bool(want));
                }
            }
            Value::Bool(!want)
        }
        "flatten" => {
            fn flatten(array: Array, out: &mut EcoVec<Value>) {
                for item in array {
                    match item {
                        Value::Array(inner) => flatten(inner, out),
                        v => out.push(v),
                    }
                }
            }
            let mut out = EcoVec::new();
            flatten(array, &mut out);
            Value::Array(Array(out))
        }
        "rev" => Value::Array(array.into_iter().rev().collect()),
        "split" => {
            let at: Value = args.expect("at")?;
            let mut parts = EcoVec::new();
            let mut current = EcoVec::new();
            for item in array {
                if item == at {
                    parts.push(Value::Array(Array(std::mem::take(&mut current))));
                } else {
                    current.push(item);
                }
            }
            parts.push(Value::Array(Array(current)));
            Value::Array(Array(parts))
        }
        "join" => {
            let separator: Option<Value> = args.eat()?;
            let last: Option<Value> = args.named("last")?;
            let len = array.len();
            let mut out = Value::None;
            for (i, item) in array.into_iter().enumerate() {
                if i > 0 {
                    let sep = if i == len - 1 && last.is_some() {
                        last.clone()
                    } else {
                        separator.clone()
                    };
                    if let Some(sep) = sep {
                        out = join(out, sep).at(span)?;
                    }
                }
                out = join(out, item).at(span)?;
            }
            out
        }
        "intersperse" => {
            let separator: Value = args.expect("separator")?;
            let mut out = EcoVec::new();
            for (i, item) in array.into_iter().enumerate() {
                if i > 0 {
                    out.push(separator.clone());
                }
                out.push(item);
            }
            Value::Array(Array(out))
        }
        "sorted" => {
            let key: Option<Func> = args.named("key")?;
            let mut keyed = Vec::with_capacity(array.len());
            for item in array {
                let k = match &key {
                    Some(f) => call_func(engine, f, span, [item.clone()])?,
                    None => item.clone(),
                };
                keyed.push((k, item));
            }
            // A stable merge sort that stops at the first pair that cannot be compared.
            let mut error = None;
            keyed.sort_by(|(a, _), (b, _)| match compare(a, b) {
                Ok(o) => o,
                Err(e) => {
                    error.get_or_insert(e);
                    Ordering::Equal
                }
            });
            if let Some(e) = error {
                crate::bail!(span, "{}", e);
            }
            Value::Array(keyed.into_iter().map(|(_, v)| v).collect())
        }
        "dedup" => {
            let key: Option<Func> = args.named("key")?;
            let mut seen: Vec<Value> = Vec::new();
            let mut out = EcoVec::new();
            for item in array {
                let k = match &key {
                    Some(f) => call_func(engine, f, span, [item.clone()])?,
                    None => item.clone(),
                };
                if !seen.contains(&k) {
                    seen.push(k);
                    out.push(item);
                }
            }
            Value::Array(Array(out))
        }
        "chunks" | "windows" => {
            let size: usize =
                args.expect(if name == "chunks" { "chunk-size" } else { "window-size" })?;
            if size == 0 {
                crate::bail!(
                    span,
                    "{} size must not be zero",
                    if name == "chunks" { "chunk" } else { "window" }
                );
            }
            let exact: bool =
                if name == "chunks" { args.named("exact")?.unwrap_or(false) } else { true };
            let items = array.as_slice();
            let groups: Vec<&[Value]> = if name == "chunks" {
                items.chunks(size).filter(|c| !exact || c.len() == size).collect()
            } else {
                items.windows(size).collect()
            };
            Value::Array(
                groups
                    .into_iter()
                    .map(|g| Value::Array(Array(g.iter().cloned().collect())))
                    .collect(),
            )
        }
        "to-dict" => {
            let mut dict = Dict::new();
            for item in array {
                match item {
                    Value::Array(pair) if pair.len() == 2 => {
                        let mut pair = pair.into_iter();
                        let key = pair.next().unwrap_or_default();
                        let value = pair.next().unwrap_or_default();
                        match key {
                            Value::Str(k) => dict.insert(k, value),
                            v => {
                                crate::bail!(span, "expected string, found {}", v.ty().long_name())
                            }
                        }
                    }
                    _ => crate::bail!(span, "expected (key, value) pair"),
                }
            }
            Value::Dict(dict)
        }
        "push" | "pop" | "insert" | "remove" => {
            crate::bail!(span, "cannot mutate a temporary value")
        }
        _ => crate::bail!(span, "type array has no method `{name}`"),
    })
}
