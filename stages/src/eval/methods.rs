//! Methods: `value.name(args)` for strings, arrays, dictionaries, content, functions,
//! lengths, angles, colors, counters and locations (those two in `library::introspection`),
//! with Typst's names, parameters and errors. Mutating methods (`push`, `pop`, `insert`,
//! `remove`) act on a place; the rest on a value.
//!
//! One dispatch table per type; a uniform list, hence longer than most files.

use std::cmp::Ordering;
use std::sync::Arc;

use ecow::{EcoString, EcoVec, eco_format};

use super::{At, Engine};
use crate::base::{SourceResult, Span};
use crate::model::{Args, Array, Color, Content, Dict, Func, Selector, Str, Value, compare, join};

/// Whether `name` is a method that mutates its target (for some type).
pub fn is_mutating(name: &str) -> bool {
    matches!(name, "push" | "pop" | "insert" | "remove")
}

/// Whether the value's type has a method `name`.
pub fn has_method(value: &Value, name: &str) -> bool {
    let names: &[&str] = match value {
        Value::Str(_) => &[
            "len",
            "first",
            "last",
            "at",
            "slice",
            "clusters",
            "codepoints",
            "contains",
            "starts-with",
            "ends-with",
            "find",
            "position",
            "split",
            "trim",
            "replace",
            "rev",
        ],
        Value::Array(_) => &[
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
        ],
        Value::Dict(_) => &["len", "at", "insert", "remove", "keys", "values", "pairs"],
        Value::Content(_) => &["func", "fields", "has", "at"],
        Value::Func(_) => &["with", "where"],
        Value::Selector(_) => &["or", "and"],
        Value::Length(_) => &["pt", "mm", "cm", "inches"],
        Value::Angle(_) => &["deg", "rad"],
        Value::Color(_) => &["transparentize", "opacify"],
        Value::Args(_) => &["pos", "named", "at"],
        Value::Datetime(_) => {
            &["year", "month", "day", "hour", "minute", "second", "weekday", "ordinal", "display"]
        }
        Value::Counter(_) => super::library::COUNTER_METHODS,
        Value::Location(_) => super::library::LOCATION_METHODS,
        _ => &[],
    };
    names.contains(&name)
}

/// Calls a mutating method on a place. `None` if the target's type has no such
/// mutating method.
pub fn call_mut(
    target: &mut Value,
    name: &str,
    mut args: Args,
    span: Span,
) -> SourceResult<Option<Value>> {
    let output = match (target, name) {
        (Value::Array(array), "push") => {
            let value: Value = args.expect("value")?;
            array.0.push(value);
            Value::None
        }
        (Value::Array(array), "pop") => array.0.pop().ok_or("array is empty".into()).at(span)?,
        (Value::Array(array), "insert") => {
            let index: i64 = args.expect("index")?;
            let value: Value = args.expect("value")?;
            let i = array.locate_or_err(index, true).at(span)?;
            array.0.insert(i, value);
            Value::None
        }
        (Value::Array(array), "remove") => {
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
        (Value::Dict(dict), "insert") => {
            let key: Str = args.expect("key")?;
            let value: Value = args.expect("value")?;
            dict.insert(key, value);
            Value::None
        }
        (Value::Dict(dict), "remove") => {
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
    };
    args.finish()?;
    Ok(Some(output))
}

/// Calls a non-mutating method.
pub fn call(
    engine: &mut Engine,
    target: Value,
    name: &str,
    mut args: Args,
    span: Span,
) -> SourceResult<Value> {
    let output = match target {
        Value::Str(s) => str_method(&s, name, &mut args, span)?,
        Value::Array(array) => array_method(engine, array, name, &mut args, span)?,
        Value::Dict(dict) => dict_method(dict, name, &mut args, span)?,
        Value::Content(content) => content_method(content, name, &mut args, span)?,
        Value::Func(func) => func_method(func, name, &mut args, span)?,
        Value::Length(length) => {
            if length.em.get() != 0.0 {
                crate::bail!(span, "cannot convert a length with non-zero em units (`{}`) to {name}",
                    Value::Length(length).repr();
                    hint: "use `length.to-absolute()` to resolve its em component");
            }
            Value::Float(match name {
                "pt" => length.abs.to_pt(),
                "mm" => length.abs.to_mm(),
                "cm" => length.abs.to_cm(),
                _ => length.abs.to_inches(),
            })
        }
        Value::Angle(angle) => {
            Value::Float(if name == "deg" { angle.to_deg() } else { angle.to_rad() })
        }
        Value::Color(color) => {
            let ratio: crate::model::Ratio = args.expect("scale")?;
            let alpha = match color {
                Color::Luma { alpha, .. } => alpha,
                Color::Rgb(c) => c[3],
                Color::Cmyk(_) => 1.0,
            };
            let factor = ratio.get() as f32;
            let alpha = if name == "transparentize" {
                alpha - alpha * factor
            } else {
                alpha + (1.0 - alpha) * factor
            };
            Value::Color(color.with_alpha(alpha.clamp(0.0, 1.0)))
        }
        Value::Datetime(dt) => {
            let part = |v: Option<i64>| v.map_or(Value::None, Value::Int);
            match name {
                "year" => part(dt.date.map(|d| i64::from(d.0))),
                "month" => part(dt.date.map(|d| i64::from(d.1))),
                "day" => part(dt.date.map(|d| i64::from(d.2))),
                "hour" => part(dt.time.map(|t| i64::from(t.0))),
                "minute" => part(dt.time.map(|t| i64::from(t.1))),
                "second" => part(dt.time.map(|t| i64::from(t.2))),
                "weekday" => part(dt.weekday().map(i64::from)),
                "ordinal" => part(dt.ordinal().map(i64::from)),
                _ => {
                    let pattern: Option<crate::model::Smart<Str>> = args.eat()?;
                    let pattern = match &pattern {
                        Some(crate::model::Smart::Custom(p)) => p.as_str(),
                        _ => dt.default_pattern(),
                    };
                    Value::str(dt.display(pattern).at(span)?)
                }
            }
        }
        Value::Selector(selector) => {
            let mut list = ecow::eco_vec![Arc::unwrap_or_clone(selector)];
            for arg in std::mem::take(&mut args.items) {
                if let Some(name) = &arg.name {
                    crate::bail!(arg.span, "unexpected argument: {}", name);
                }
                list.push(crate::eval::selector_of(arg.value).at(arg.value_span)?);
            }
            Value::Selector(Arc::new(if name == "or" {
                crate::model::Selector::Or(list)
            } else {
                crate::model::Selector::And(list)
            }))
        }
        Value::Args(a) => match name {
            "pos" => Value::Array(a.positional().cloned().collect()),
            "named" => Value::Dict(
                a.items
                    .iter()
                    .filter_map(|arg| arg.name.clone().map(|n| (n, arg.value.clone())))
                    .collect(),
            ),
            _ => {
                let key: Value = args.expect("key")?;
                match &key {
                    Value::Int(i) => {
                        let pos: Array = a.positional().cloned().collect();
                        pos.at(*i).cloned().at(span)?
                    }
                    Value::Str(s) => a
                        .items
                        .iter()
                        .rev()
                        .find(|arg| arg.name.as_ref() == Some(s))
                        .map(|arg| arg.value.clone())
                        .ok_or_else(|| eco_format!("arguments do not contain key {}", key.repr()))
                        .at(span)?,
                    v => crate::bail!(
                        span,
                        "expected integer or string, found {}",
                        v.ty().long_name()
                    ),
                }
            }
        },
        Value::Counter(counter) => {
            super::library::counter_method(engine, &counter, name, &mut args, span)?
        }
        Value::Location(location) => {
            super::library::location_method(engine, location, name, &mut args, span)?
        }
        v => crate::bail!(span, "type {} has no method `{name}`", v.ty().short_name()),
    };
    Ok(output)
}

/// A string's grapheme cluster at byte index `i`.
fn grapheme_at(s: &Str, i: usize) -> &str {
    use unicode_segmentation::UnicodeSegmentation;
    s[i..].graphemes(true).next().unwrap_or("")
}

fn str_method(s: &Str, name: &str, args: &mut Args, span: Span) -> SourceResult<Value> {
    let str_value = |v: &str| Value::Str(Str::from(v));
    Ok(match name {
        "len" => Value::Int(s.len() as i64),
        "first" => str_value(s.graphemes().next().ok_or("string is empty".into()).at(span)?),
        "last" => str_value(s.graphemes().next_back().ok_or("string is empty".into()).at(span)?),
        "at" => {
            let index: i64 = args.expect("index")?;
            let default: Option<Value> = args.named("default")?;
            match s.locate(index, false) {
                Ok(i) => str_value(grapheme_at(s, i)),
                Err(e) => default.ok_or(e).at(span)?,
            }
        }
        "slice" => {
            let start: i64 = args.expect("start")?;
            let end: Option<i64> = args.eat()?;
            let count: Option<i64> = args.named("count")?;
            let start_i = s.locate(start, true).at(span)?;
            let end_i = match (end, count) {
                (Some(end), _) => s.locate(end, true).at(span)?,
                (None, Some(count)) => s.locate(start.saturating_add(count), true).at(span)?,
                (None, None) => s.len(),
            };
            str_value(s.get(start_i..end_i.max(start_i)).unwrap_or(""))
        }
        "clusters" => Value::Array(s.graphemes().map(str_value).collect()),
        "codepoints" => Value::Array(s.chars().map(|c| Value::str(c.to_string())).collect()),
        "contains" => {
            let pattern: Str = args.expect("pattern")?;
            Value::Bool(s.contains(pattern.as_str()))
        }
        "starts-with" => {
            let pattern: Str = args.expect("pattern")?;
            Value::Bool(s.starts_with(pattern.as_str()))
        }
        "ends-with" => {
            let pattern: Str = args.expect("pattern")?;
            Value::Bool(s.ends_with(pattern.as_str()))
        }
        "find" => {
            let pattern: Str = args.expect("pattern")?;
            if s.contains(pattern.as_str()) { Value::Str(pattern) } else { Value::None }
        }
        "position" => {
            let pattern: Str = args.expect("pattern")?;
            s.find(pattern.as_str()).map_or(Value::None, |i| Value::Int(i as i64))
        }
        "split" => {
            let pattern: Option<Str> = args.eat()?;
            match pattern {
                None => Value::Array(s.split_whitespace().map(str_value).collect()),
                Some(p) if p.is_empty() => {
                    let mut parts: Array = s.graphemes().map(str_value).collect();
                    parts.0.insert(0, str_value(""));
                    parts.0.push(str_value(""));
                    Value::Array(parts)
                }
                Some(p) => Value::Array(s.split(p.as_str()).map(str_value).collect()),
            }
        }
        "trim" => {
            let pattern: Option<Str> = args.eat()?;
            let repeat: bool = args.named("repeat")?.unwrap_or(true);
            match pattern {
                None => str_value(s.trim()),
                Some(p) if p.is_empty() => str_value(s),
                Some(p) => {
                    let mut rest: &str = s;
                    loop {
                        let before = rest.len();
                        rest = rest.strip_prefix(p.as_str()).unwrap_or(rest);
                        rest = rest.strip_suffix(p.as_str()).unwrap_or(rest);
                        if !repeat || rest.len() == before {
                            break;
                        }
                    }
                    str_value(rest)
                }
            }
        }
        "replace" => {
            let pattern: Str = args.expect("pattern")?;
            let replacement: Str = args.expect("replacement")?;
            let count: Option<usize> = args.named("count")?;
            match count {
                Some(n) => str_value(&s.replacen(pattern.as_str(), replacement.as_str(), n)),
                None => str_value(&s.replace(pattern.as_str(), replacement.as_str())),
            }
        }
        "rev" => {
            let reversed: String = s.graphemes().rev().collect();
            Value::str(reversed)
        }
        _ => crate::bail!(span, "type str has no method `{name}`"),
    })
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

fn array_method(
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

fn dict_method(dict: Dict, name: &str, args: &mut Args, span: Span) -> SourceResult<Value> {
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

fn content_method(
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
            Value::Bool(if field.as_str() == "label" {
                content.label().is_some()
            } else {
                content.field(&field).is_some()
            })
        }
        _ => {
            let field: Str = args.expect("field")?;
            let default: Option<Value> = args.named("default")?;
            match content.get(&field) {
                Ok(v) => v,
                Err(e) => default.ok_or(e).at(span)?,
            }
        }
    })
}

fn func_method(func: Func, name: &str, args: &mut Args, span: Span) -> SourceResult<Value> {
    Ok(match name {
        "with" => Value::Func(func.with(args.take())),
        _ => {
            let Some(elem) = func.element() else {
                crate::bail!(span, "`where()` can only be called on element functions");
            };
            let mut fields = Dict::new();
            for arg in std::mem::take(&mut args.items) {
                let Some(name) = arg.name else {
                    crate::bail!(arg.span, "unexpected argument");
                };
                if elem.field_index(&name).is_none() {
                    crate::bail!(arg.span, "{} does not have field \"{}\"", elem.name(), name);
                }
                fields.insert(name, arg.value);
            }
            Value::Selector(Arc::new(Selector::Elem(elem, Some(fields))))
        }
    })
}
