//! Methods of arrays: reading (`at`, `slice`, `find`), transforming (`map`, `filter`,
//! `sorted`, `zip`, …), mutating on a place (`push`, `pop`, `insert`, `remove`), the
//! `array(..)` constructor and `array.range`, with Typst's parameters and error wording.
//!
//! One dispatch table; a uniform list, hence longer than most files.

use ecow::{EcoString, EcoVec, eco_format, eco_vec};

use crate::base::{SourceDiagnostic, SourceResult, Span};
use crate::eval::{At, Engine};
use crate::model::{
    Args, Array, Dict, FromValue, Func, Str, Value, compare, equal, join, mismatch, ops_fns as ops,
};

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
    "intersperse",
    "chunks",
    "windows",
    "sorted",
    "dedup",
    "to-dict",
    "reduce",
];

/// Typst's error for a read past the end where no default was given.
fn no_default(index: i64, len: usize) -> EcoString {
    eco_format!("{} and no default value was specified", Array::out_of_bounds_err(index, len))
}

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
            match (array.locate(index, false), default) {
                (Some(i), _) => array.0.remove(i),
                (None, Some(default)) => default,
                (None, None) => return Err(no_default(index, array.len())).at(span),
            }
        }
        _ => return Ok(None),
    }))
}

/// Refuses arguments left over once a method has taken its own, before it calls any
/// function, so that a misplaced argument is reported rather than the function's error.
fn done(args: &mut Args) -> SourceResult<()> {
    args.take().finish()
}

/// Calls `f` with positional values.
fn call_func(
    engine: &mut Engine,
    f: &Func,
    values: impl IntoIterator<Item = Value>,
) -> SourceResult<Value> {
    // The arguments are located at the function, as errors about them concern it; a
    // type called as a function has no place, and neither have these errors then.
    f.call(engine, Args::new(f.span(), values))
}

/// Calls a predicate, which must return a boolean (the error points at the function).
fn test(engine: &mut Engine, f: &Func, value: Value) -> SourceResult<bool> {
    match call_func(engine, f, [value])? {
        Value::Bool(b) => Ok(b),
        v => Err(mismatch("boolean", &v)).at(f.span()),
    }
}

/// A positive size argument (`chunks`, `windows`).
fn positive(args: &mut Args, what: &str) -> SourceResult<usize> {
    let (size, value_span): (i64, Span) = args.expect_spanned(what)?;
    match usize::try_from(size) {
        Ok(size) if size > 0 => Ok(size),
        _ => Err("number must be positive".into()).at(value_span),
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
        "first" | "last" => {
            let default: Option<Value> = args.named("default")?;
            let item = if name == "first" { array.0.first() } else { array.0.last() };
            match (item, default) {
                (Some(item), _) => item.clone(),
                (None, Some(default)) => default,
                (None, None) => return Err(empty()).at(span),
            }
        }
        "at" => {
            let index: i64 = args.expect("index")?;
            let default: Option<Value> = args.named("default")?;
            match (array.locate(index, false), default) {
                (Some(i), _) => array.0[i].clone(),
                (None, Some(default)) => default,
                (None, None) => return Err(no_default(index, array.len())).at(span),
            }
        }
        "slice" => {
            let start: i64 = args.expect("start")?;
            let end: Option<i64> = args.eat::<Option<i64>>()?.flatten();
            let count: Option<i64> = args.named("count")?;
            if end.is_some() && count.is_some() {
                crate::bail!(span, "`end` and `count` are mutually exclusive");
            }
            let start_i = array.locate_or_err(start, true).at(span)?;
            // A count is taken from the resolved start; the sum may wrap around and
            // then fail as an index, as in Typst.
            let end = end.or_else(|| count.map(|count| (start_i as i64).wrapping_add(count)));
            let end_i = match end {
                Some(end) => array.locate_or_err(end, true).at(span)?,
                None => array.len(),
            };
            Value::Array(Array(array.0[start_i..end_i.max(start_i)].iter().cloned().collect()))
        }
        "contains" => {
            let value: Value = args.expect("value")?;
            Value::Bool(array.0.iter().any(|item| equal(item, &value)))
        }
        "find" => {
            let f: Func = args.expect("searcher")?;
            done(args)?;
            for item in array {
                if test(engine, &f, item.clone())? {
                    return Ok(item);
                }
            }
            Value::None
        }
        "position" => {
            let f: Func = args.expect("searcher")?;
            done(args)?;
            for (i, item) in array.into_iter().enumerate() {
                if test(engine, &f, item)? {
                    return Ok(Value::Int(i as i64));
                }
            }
            Value::None
        }
        "filter" => {
            let f: Func = args.expect("test")?;
            done(args)?;
            let mut out = EcoVec::new();
            for item in array {
                if test(engine, &f, item.clone())? {
                    out.push(item);
                }
            }
            Value::Array(Array(out))
        }
        "map" => {
            let f: Func = args.expect("mapper")?;
            done(args)?;
            let mut out = EcoVec::with_capacity(array.len());
            for item in array {
                out.push(call_func(engine, &f, [item])?);
            }
            Value::Array(Array(out))
        }
        "enumerate" => {
            let start: i64 = args.named("start")?.unwrap_or(0);
            let mut out = EcoVec::with_capacity(array.len());
            for (i, item) in array.into_iter().enumerate() {
                let index = start
                    .checked_add(i as i64)
                    .ok_or_else(|| EcoString::from("array index is too large"))
                    .at(span)?;
                out.push(Value::Array(Array(eco_vec![Value::Int(index), item])));
            }
            Value::Array(Array(out))
        }
        "zip" => zip(array, args)?,
        "fold" => {
            let mut acc: Value = args.expect("init")?;
            let f: Func = args.expect("folder")?;
            done(args)?;
            for item in array {
                acc = call_func(engine, &f, [acc, item])?;
            }
            acc
        }
        "reduce" => {
            let f: Func = args.expect("reducer")?;
            done(args)?;
            let mut items = array.into_iter();
            let Some(mut acc) = items.next() else { return Ok(Value::None) };
            for item in items {
                acc = call_func(engine, &f, [acc, item])?;
            }
            acc
        }
        "sum" | "product" => {
            let default: Option<Value> = args.named("default")?;
            done(args)?;
            let mut items = array.into_iter();
            let Some(mut acc) = items.next() else {
                return default
                    .ok_or_else(|| {
                        eco_format!("cannot calculate {name} of empty array with no default")
                    })
                    .at(span);
            };
            for item in items {
                acc = if name == "sum" { ops::add(acc, item) } else { ops::mul(acc, item) }
                    .at(span)?;
            }
            acc
        }
        "any" | "all" => {
            let f: Func = args.expect("test")?;
            done(args)?;
            let want = name == "any";
            for item in array {
                if test(engine, &f, item)? == want {
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
                if equal(&item, &at) {
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
            let default: Option<Value> = args.named("default")?;
            done(args)?;
            let len = array.len();
            if len == 0 {
                return Ok(default.unwrap_or(Value::None));
            }
            let separator = separator.unwrap_or(Value::None);
            let mut out = Value::None;
            for (i, item) in array.into_iter().enumerate() {
                if i > 0 {
                    let sep = match &last {
                        Some(last) if i + 1 == len => last.clone(),
                        _ => separator.clone(),
                    };
                    out = join(out, sep).at(span)?;
                }
                out = join(out, item).at(span)?;
            }
            out
        }
        "intersperse" => {
            let separator: Value = args.expect("separator")?;
            let mut out = EcoVec::with_capacity((2 * array.len()).saturating_sub(1));
            for (i, item) in array.into_iter().enumerate() {
                if i > 0 {
                    out.push(separator.clone());
                }
                out.push(item);
            }
            Value::Array(Array(out))
        }
        "chunks" => {
            let size = positive(args, "chunk-size")?;
            let exact: bool = args.named("exact")?.unwrap_or(false);
            let groups = array.as_slice().chunks(size).filter(|c| !exact || c.len() == size);
            groups
                .map(|g| Value::Array(Array(g.iter().cloned().collect())))
                .collect::<Array>()
                .into()
        }
        "windows" => {
            let size = positive(args, "window-size")?;
            let groups = array.as_slice().windows(size);
            groups
                .map(|g| Value::Array(Array(g.iter().cloned().collect())))
                .collect::<Array>()
                .into()
        }
        "sorted" => sorted(engine, array, args, span)?,
        "dedup" => {
            let key: Option<Func> = args.named("key")?;
            done(args)?;
            let mut seen: Vec<Value> = Vec::new();
            let mut out = EcoVec::new();
            for item in array {
                let k = match &key {
                    Some(f) => call_func(engine, f, [item.clone()])?,
                    None => item.clone(),
                };
                if !seen.iter().any(|s| equal(s, &k)) {
                    seen.push(k);
                    out.push(item);
                }
            }
            Value::Array(Array(out))
        }
        "to-dict" => {
            let mut dict = Dict::new();
            for item in array {
                let pair = match item {
                    Value::Array(pair) => pair,
                    v => crate::bail!(
                        span,
                        "expected (str, any) pairs, found {}",
                        v.ty().long_name()
                    ),
                };
                if pair.len() != 2 {
                    crate::bail!(span, "expected pairs of length 2, found length {}", pair.len());
                }
                let mut pair = pair.into_iter();
                let key = pair.next().unwrap_or_default();
                let value = pair.next().unwrap_or_default();
                // A symbol key stands for its text. Typst's error names the type of the
                // value, not of the key.
                let Ok(key) = Str::from_value(key) else {
                    crate::bail!(span, "expected key of type str, found {}", value.ty().long_name())
                };
                dict.insert(key, value);
            }
            Value::Dict(dict)
        }
        "push" | "pop" | "insert" | "remove" => {
            crate::bail!(span, "cannot mutate a temporary value")
        }
        _ => crate::bail!(span, "type array has no method `{name}`"),
    })
}

/// `array.zip(..others, exact: false)`: tuples of the items at the same index; with
/// `exact`, every other array must have the first one's length.
fn zip(array: Array, args: &mut Args) -> SourceResult<Value> {
    let exact: bool = args.named("exact")?.unwrap_or(false);
    // Typst chooses its way by the number of positional arguments left: one must be the
    // second array, several are all cast (each failure reported).
    let remaining = args.positional().count();
    let others: Vec<(Array, Span)> = match remaining {
        0 => Vec::new(),
        1 => vec![args.expect_spanned("others")?],
        _ => args.all_spanned()?,
    };
    if exact {
        let only = remaining == 1;
        let errors: EcoVec<SourceDiagnostic> = others
            .iter()
            .filter(|(other, _)| other.len() != array.len())
            .map(|(other, span)| {
                let which = if only { "second array" } else { "array" };
                SourceDiagnostic::error(
                    *span,
                    eco_format!(
                        "{which} has different length ({}) from first array ({})",
                        other.len(),
                        array.len()
                    ),
                )
            })
            .collect();
        if !errors.is_empty() {
            // Typst checks the lengths before it looks for unexpected arguments.
            args.take();
            return Err(errors);
        }
    }
    let len = others.iter().map(|(o, _)| o.len()).fold(array.len(), usize::min);
    let mut out = EcoVec::with_capacity(len);
    for i in 0..len {
        let mut tuple = EcoVec::with_capacity(others.len() + 1);
        tuple.push(array.0[i].clone());
        tuple.extend(others.iter().map(|(o, _)| o.0[i].clone()));
        out.push(Value::Array(Array(tuple)));
    }
    Ok(Value::Array(Array(out)))
}

/// `array.sorted(key: none, by: none)`: a stable sort by the items (or their keys),
/// compared with the language's ordering or the `by` function's "comes before".
fn sorted(engine: &mut Engine, array: Array, args: &mut Args, span: Span) -> SourceResult<Value> {
    let key: Option<Func> = args.named("key")?;
    let by: Option<Func> = args.named("by")?;
    done(args)?;
    // As in Typst, a key is computed when its item is first compared, so an array of one
    // item never calls `key`; keys are pure and computed once each.
    let mut keys: Vec<Option<Value>> = vec![None; array.len()];
    let mut key_of = |engine: &mut Engine, (i, item): &(usize, Value)| -> SourceResult<Value> {
        if let Some(k) = &keys[*i] {
            return Ok(k.clone());
        }
        let k = match &key {
            Some(f) => call_func(engine, f, [item.clone()])?,
            None => item.clone(),
        };
        keys[*i] = Some(k.clone());
        Ok(k)
    };
    let mut is_less = |a: &(usize, Value), b: &(usize, Value)| -> SourceResult<bool> {
        // With `by`, Typst computes the earlier item's key first; without, the later's.
        let (ka, kb) = if by.is_some() && a.0 > b.0 {
            let kb = key_of(engine, b)?;
            (key_of(engine, a)?, kb)
        } else {
            (key_of(engine, a)?, key_of(engine, b)?)
        };
        match &by {
            None => match compare(&ka, &kb) {
                Ok(order) => Ok(order == std::cmp::Ordering::Less),
                Err(message) => Err(ecow::eco_vec![
                    crate::base::SourceDiagnostic::error(span, message).with_hint(if key.is_some() {
                        "consider defining the comparison with `by` or choosing a different `key`"
                    } else {
                        "consider choosing a `key` or defining the comparison with `by`"
                    })
                ]),
            },
            // `by(x, y)` says whether `x` may come before `y`; `a` is strictly less
            // than `b` when `b` may not come before `a`, which keeps the sort stable
            // for a non-strict `by` such as `(x, y) => x <= y`.
            Some(by) => match call_func(engine, by, [kb, ka])? {
                Value::Bool(before) => Ok(!before),
                v => crate::bail!(
                    span,
                    "expected boolean from `by` function, got {}",
                    v.ty().long_name()
                ),
            },
        }
    };
    let keyed = merge_sort(array.into_iter().enumerate().collect(), &mut is_less)?;
    Ok(Value::Array(keyed.into_iter().map(|(_, v)| v).collect()))
}

/// A stable sort with a fallible comparison that may be inconsistent (a user's `by`
/// function): it never panics and stops at the first error. Short runs are sorted by
/// insertion, comparing each new item with its left neighbours, as Rust's standard sort
/// does, so that errors about incomparable items name them in the same order.
fn merge_sort<T>(
    mut items: Vec<T>,
    is_less: &mut dyn FnMut(&T, &T) -> SourceResult<bool>,
) -> SourceResult<Vec<T>> {
    const RUN: usize = 20;
    if items.len() <= RUN {
        for i in 1..items.len() {
            let mut j = i;
            while j > 0 && is_less(&items[j], &items[j - 1])? {
                items.swap(j, j - 1);
                j -= 1;
            }
        }
        return Ok(items);
    }
    let right = items.split_off(items.len() / 2);
    let left = merge_sort(items, is_less)?;
    let right = merge_sort(right, is_less)?;
    let mut out = Vec::with_capacity(left.len() + right.len());
    let mut left = left.into_iter().peekable();
    let mut right = right.into_iter().peekable();
    while let (Some(l), Some(r)) = (left.peek(), right.peek()) {
        // Taking from the right only when strictly less keeps the sort stable.
        let next = if is_less(r, l)? { right.next() } else { left.next() };
        out.extend(next);
    }
    out.extend(left);
    out.extend(right);
    Ok(out)
}

/// `array(value)`: an array from an array, bytes (their values) or a version (its
/// components).
pub fn construct(args: &mut Args) -> SourceResult<Value> {
    let (value, span): (Value, Span) = args.expect_spanned("value")?;
    Ok(Value::Array(match value {
        Value::Array(array) => array,
        Value::Bytes(bytes) => bytes.as_slice().iter().map(|&b| Value::Int(i64::from(b))).collect(),
        Value::Version(version) => version.0.iter().map(|&c| Value::Int(i64::from(c))).collect(),
        v => return Err(mismatch("array, bytes, or version", &v)).at(span),
    }))
}

/// `array.range(start: 0, end, step: 1, inclusive: false)`: the integers from `start`
/// up to `end` (reached only when `inclusive`), `step` apart.
pub fn range(args: &mut Args) -> SourceResult<Value> {
    // Typst takes the named arguments before the positional ones.
    let inclusive: bool = args.named("inclusive")?.unwrap_or(false);
    let step = match args.named_spanned::<i64>("step")? {
        Some((0, span)) => return Err("number must not be zero".into()).at(span),
        Some((step, _)) => step,
        None => 1,
    };
    let first: i64 = args.expect("end")?;
    let (start, end) = match args.eat::<i64>()? {
        Some(second) => (first, second),
        None => (0, first),
    };
    let before_end = |x: i64| match (step > 0, inclusive) {
        (true, false) => x < end,
        (true, true) => x <= end,
        (false, false) => x > end,
        (false, true) => x >= end,
    };
    // The number of items, known before any is made: past the memory limit, an error
    // (Typst aborts when the allocator fails).
    let distance = (i128::from(end) - i128::from(start)).unsigned_abs();
    let stride = u128::from(step.unsigned_abs());
    let count = match (before_end(start), inclusive) {
        (false, _) => 0,
        (true, true) => distance / stride + 1,
        (true, false) => distance.div_ceil(stride),
    };
    if !usize::try_from(count).is_ok_and(crate::model::fits_in_memory::<Value>) {
        let message: EcoString = eco_format!("cannot create a range of {count} numbers");
        return Err(message).at(args.span);
    }
    let mut out = EcoVec::new();
    let mut x = start;
    while before_end(x) {
        out.push(Value::Int(x));
        match x.checked_add(step) {
            Some(next) => x = next,
            None => break,
        }
    }
    Ok(Value::Array(Array(out)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sorts integers with a comparison that may fail.
    fn check(input: &[i64], expected: &[i64]) {
        let mut is_less = |a: &i64, b: &i64| -> SourceResult<bool> { Ok(a < b) };
        let sorted = merge_sort(input.to_vec(), &mut is_less).unwrap();
        assert_eq!(sorted, expected);
    }

    #[test]
    fn merge_sort_sorts_short_and_long_inputs() {
        check(&[], &[]);
        check(&[3, 1, 2], &[1, 2, 3]);
        let long: Vec<i64> = (0..100).map(|i| (i * 37) % 101).collect();
        let mut expected = long.clone();
        expected.sort();
        check(&long, &expected);
    }

    #[test]
    fn merge_sort_survives_inconsistent_comparisons() {
        let mut always = |_: &i64, _: &i64| -> SourceResult<bool> { Ok(true) };
        let items: Vec<i64> = (0..50).collect();
        let sorted = merge_sort(items, &mut always).unwrap();
        assert_eq!(sorted.len(), 50);
    }

    #[test]
    fn merge_sort_is_stable() {
        let items: Vec<(i64, i64)> = (0..60).map(|i| (i % 3, i)).collect();
        let mut by_key = |a: &(i64, i64), b: &(i64, i64)| -> SourceResult<bool> { Ok(a.0 < b.0) };
        let sorted = merge_sort(items, &mut by_key).unwrap();
        assert!(sorted.windows(2).all(|w| w[0].0 < w[1].0 || w[0].1 < w[1].1));
    }
}
