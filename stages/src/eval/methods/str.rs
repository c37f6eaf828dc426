//! Methods of strings: `len`, `at`, `slice`, `split`, `replace`, … with Typst's names,
//! parameters and errors.

use crate::base::{SourceResult, Span};
use crate::eval::At;
use crate::model::{Args, Array, Str, Value};

/// The names of the string methods.
pub(super) const NAMES: &[&str] = &[
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
];

/// A string's grapheme cluster at byte index `i`.
fn grapheme_at(s: &Str, i: usize) -> &str {
    use unicode_segmentation::UnicodeSegmentation;
    s[i..].graphemes(true).next().unwrap_or("")
}

pub(super) fn call(s: &Str, name: &str, args: &mut Args, span: Span) -> SourceResult<Value> {
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
