//! Methods of strings: `len`, `at`, `slice`, `split`, `replace`, `match`, `trim`, … with
//! Typst's names, parameters and errors. Every method that takes a pattern accepts a
//! string (or symbol) and a regex; indices are byte offsets that must fall on character
//! boundaries.
//!
//! One dispatch table with the pattern helpers it needs; a uniform list, hence longer than
//! most files.

use ecow::{EcoString, eco_format};
use unicode_normalization::UnicodeNormalization;
use unicode_segmentation::UnicodeSegmentation;

use crate::base::{SourceResult, Span};
use crate::eval::{At, Engine};
use crate::model::{
    Alignment, Args, Array, Dict, FromValue, Func, HAlign, Regex, Str, StrResult, Value, mismatch,
};

/// The names of the string methods.
pub(super) const NAMES: &[&str] = &[
    "len",
    "first",
    "last",
    "at",
    "slice",
    "clusters",
    "codepoints",
    "to-unicode",
    "normalize",
    "contains",
    "starts-with",
    "ends-with",
    "find",
    "position",
    "match",
    "matches",
    "replace",
    "rev",
    "split",
    "trim",
];

/// A pattern: literal text or a regular expression.
pub(crate) enum Pattern {
    Text(Str),
    Regex(Regex),
}

impl FromValue for Pattern {
    fn from_value(value: Value) -> StrResult<Self> {
        match value {
            Value::Str(s) => Ok(Self::Text(s)),
            Value::Symbol(s) => Ok(Self::Text(Str::from(s.get()))),
            Value::Regex(r) => Ok(Self::Regex(r)),
            v => Err(mismatch("string or regex", &v)),
        }
    }
}

/// An optional pattern, where `none` means whitespace (`split`, `trim`).
struct MaybePattern(Option<Pattern>);

impl FromValue for MaybePattern {
    fn from_value(value: Value) -> StrResult<Self> {
        match value {
            Value::None => Ok(Self(None)),
            v => {
                let found = v.ty().long_name();
                Pattern::from_value(v)
                    .map(|p| Self(Some(p)))
                    .map_err(|_| eco_format!("expected string, regex, or none, found {found}"))
            }
        }
    }
}

/// Text given as a string or a symbol (which stands for its text).
struct Text(Str);

impl FromValue for Text {
    fn from_value(value: Value) -> StrResult<Self> {
        match value {
            Value::Str(s) => Ok(Self(s)),
            Value::Symbol(s) => Ok(Self(Str::from(s.get()))),
            v => Err(mismatch("string", &v)),
        }
    }
}

/// The replacement of `replace`: literal text or a function of the match.
enum Replacement {
    Text(Str),
    Func(Func),
}

impl FromValue for Replacement {
    fn from_value(value: Value) -> StrResult<Self> {
        match value {
            Value::Str(s) => Ok(Self::Text(s)),
            Value::Symbol(s) => Ok(Self::Text(Str::from(s.get()))),
            v @ (Value::Func(_) | Value::Type(_)) => Func::from_value(v).map(Self::Func),
            v => Err(mismatch("string or function", &v)),
        }
    }
}

/// Where `trim` trims: `start`, `end` or both.
#[derive(Copy, Clone, Eq, PartialEq)]
enum Side {
    Start,
    End,
}

impl FromValue for Side {
    fn from_value(value: Value) -> StrResult<Self> {
        match Alignment::from_value(value)? {
            Alignment { x: Some(HAlign::Start), y: None } => Ok(Self::Start),
            Alignment { x: Some(HAlign::End), y: None } => Ok(Self::End),
            _ => Err("expected either `start` or `end`".into()),
        }
    }
}

/// A Unicode normalization form.
#[derive(Copy, Clone)]
enum Form {
    Nfc,
    Nfd,
    Nfkc,
    Nfkd,
}

impl FromValue for Form {
    fn from_value(value: Value) -> StrResult<Self> {
        const EXPECTED: &str = "expected \"nfc\", \"nfd\", \"nfkc\", or \"nfkd\"";
        match value {
            Value::Str(s) => match s.as_str() {
                "nfc" => Ok(Self::Nfc),
                "nfd" => Ok(Self::Nfd),
                "nfkc" => Ok(Self::Nfkc),
                "nfkd" => Ok(Self::Nfkd),
                _ => Err(EXPECTED.into()),
            },
            v => Err(eco_format!("{EXPECTED}, found {}", v.ty().long_name())),
        }
    }
}

/// A string value.
fn text(s: &str) -> Value {
    Value::Str(Str::from(s))
}

/// The error for an index outside the string.
fn out_of_bounds(index: i64, len: usize) -> EcoString {
    eco_format!("string index out of bounds (index: {index}, len: {len})")
}

/// The error for an index inside a character.
fn not_boundary(index: i64) -> EcoString {
    eco_format!("string index {index} is not a character boundary")
}

/// The byte offset of `index` (negative from the end); the length itself is allowed when
/// `allow_end`.
fn locate(s: &str, index: i64, allow_end: bool) -> StrResult<usize> {
    let len = s.len();
    let resolved = if index < 0 { (len as i64).checked_add(index) } else { Some(index) };
    let i = resolved
        .and_then(|i| usize::try_from(i).ok())
        .filter(|&i| i < len || (allow_end && i == len))
        .ok_or_else(|| out_of_bounds(index, len))?;
    if !s.is_char_boundary(i) {
        return Err(not_boundary(index));
    }
    Ok(i)
}

/// The match dictionary Typst gives for a match: `start`, `end`, `text`, `captures`.
fn match_dict(start: usize, matched: &str, captures: Array) -> Value {
    let mut dict = Dict::new();
    dict.insert("start".into(), Value::Int(start as i64));
    dict.insert("end".into(), Value::Int((start + matched.len()) as i64));
    dict.insert("text".into(), text(matched));
    dict.insert("captures".into(), Value::Array(captures));
    Value::Dict(dict)
}

/// The match dictionary of a regex match.
fn regex_dict(caps: &regex::Captures) -> Value {
    let whole = caps.get(0).expect("a match has a whole group");
    let captures = caps.iter().skip(1).map(|c| c.map_or(Value::None, |c| text(c.as_str())));
    match_dict(whole.start(), whole.as_str(), captures.collect())
}

/// The matches of a pattern as (start, matched text, captures) dictionaries.
fn all_matches(s: &str, pattern: &Pattern) -> Vec<Value> {
    match pattern {
        Pattern::Text(p) => {
            s.match_indices(p.as_str()).map(|(i, m)| match_dict(i, m, Array::new())).collect()
        }
        Pattern::Regex(re) => re.0.captures_iter(s).map(|caps| regex_dict(&caps)).collect(),
    }
}

/// The first match of a pattern as (byte start, matched text).
fn first_match<'a>(s: &'a str, pattern: &Pattern) -> Option<(usize, &'a str)> {
    match pattern {
        Pattern::Text(p) => s.find(p.as_str()).map(|i| (i, &s[i..i + p.len()])),
        Pattern::Regex(re) => re.0.find(s).map(|m| (m.start(), m.as_str())),
    }
}

/// Whether a regex matches some suffix of `s`: matches may overlap, so after each match
/// the search restarts one character after its start.
fn regex_ends_with(s: &str, re: &regex::Regex) -> bool {
    let mut from = 0;
    while let Some(m) = re.find_at(s, from) {
        if m.end() == s.len() {
            return true;
        }
        match s[m.start()..].chars().next() {
            Some(c) => from = m.start() + c.len_utf8(),
            None => break,
        }
    }
    false
}

pub(super) fn call(
    engine: &mut Engine,
    s: &Str,
    target_span: Span,
    name: &str,
    args: &mut Args,
    span: Span,
) -> SourceResult<Value> {
    Ok(match name {
        "len" => Value::Int(s.len() as i64),
        "first" | "last" => {
            let default: Option<Text> = args.named("default")?;
            let mut clusters = s.graphemes();
            let cluster = if name == "first" { clusters.next() } else { clusters.next_back() };
            match (cluster, default) {
                (Some(cluster), _) => text(cluster),
                (None, Some(Text(default))) => Value::Str(default),
                (None, None) => crate::bail!(span, "string is empty"),
            }
        }
        "at" => {
            let index: i64 = args.expect("index")?;
            let default: Option<Value> = args.named("default")?;
            at(s, index, default).at(span)?
        }
        "slice" => {
            let start: i64 = args.expect("start")?;
            let end: Option<Option<i64>> = args.eat()?;
            let count: Option<i64> = args.named("count")?;
            slice(s, start, end.flatten(), count).at(span)?
        }
        "clusters" => Value::Array(s.graphemes().map(text).collect()),
        "codepoints" => {
            Value::Array(s.char_indices().map(|(i, c)| text(&s[i..i + c.len_utf8()])).collect())
        }
        "to-unicode" => {
            let mut chars = s.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => Value::Int(i64::from(u32::from(c))),
                // The target is what is not a character (Typst casts it to one).
                _ => crate::bail!(target_span, "expected exactly one character"),
            }
        }
        "normalize" => {
            let form: Form = args.named("form")?.unwrap_or(Form::Nfc);
            let out: String = match form {
                Form::Nfc => s.nfc().collect(),
                Form::Nfd => s.nfd().collect(),
                Form::Nfkc => s.nfkc().collect(),
                Form::Nfkd => s.nfkd().collect(),
            };
            Value::str(out)
        }
        "contains" => {
            let pattern: Pattern = args.expect("pattern")?;
            Value::Bool(match &pattern {
                Pattern::Text(p) => s.contains(p.as_str()),
                Pattern::Regex(re) => re.0.is_match(s),
            })
        }
        "starts-with" => {
            let pattern: Pattern = args.expect("pattern")?;
            Value::Bool(match &pattern {
                Pattern::Text(p) => s.starts_with(p.as_str()),
                Pattern::Regex(re) => re.0.find(s).is_some_and(|m| m.start() == 0),
            })
        }
        "ends-with" => {
            let pattern: Pattern = args.expect("pattern")?;
            Value::Bool(match &pattern {
                Pattern::Text(p) => s.ends_with(p.as_str()),
                Pattern::Regex(re) => regex_ends_with(s, &re.0),
            })
        }
        "find" => {
            let pattern: Pattern = args.expect("pattern")?;
            first_match(s, &pattern).map_or(Value::None, |(_, m)| text(m))
        }
        "position" => {
            let pattern: Pattern = args.expect("pattern")?;
            first_match(s, &pattern).map_or(Value::None, |(i, _)| Value::Int(i as i64))
        }
        "match" => {
            let pattern: Pattern = args.expect("pattern")?;
            match &pattern {
                Pattern::Text(p) => s
                    .find(p.as_str())
                    .map_or(Value::None, |i| match_dict(i, &s[i..i + p.len()], Array::new())),
                Pattern::Regex(re) => re.0.captures(s).map_or(Value::None, |c| regex_dict(&c)),
            }
        }
        "matches" => {
            let pattern: Pattern = args.expect("pattern")?;
            Value::Array(all_matches(s, &pattern).into_iter().collect())
        }
        "replace" => {
            let pattern: Pattern = args.expect("pattern")?;
            let replacement: Replacement = args.expect("replacement")?;
            let count: Option<usize> = args.named("count")?;
            replace(engine, s, &pattern, &replacement, count)?
        }
        "rev" => Value::str(s.graphemes().rev().collect::<String>()),
        "split" => {
            let pattern: Option<MaybePattern> = args.eat()?;
            let parts: Array = match pattern.and_then(|p| p.0) {
                None => s.split_whitespace().map(text).collect(),
                Some(Pattern::Text(p)) => s.split(p.as_str()).map(text).collect(),
                Some(Pattern::Regex(re)) => re.0.split(s).map(text).collect(),
            };
            Value::Array(parts)
        }
        "trim" => {
            let pattern: Option<MaybePattern> = args.eat()?;
            let at: Option<Side> = args.named("at")?;
            let repeat: bool = args.named("repeat")?.unwrap_or(true);
            let (start, end) = match at {
                None => (true, true),
                Some(Side::Start) => (true, false),
                Some(Side::End) => (false, true),
            };
            text(trim(s, pattern.and_then(|p| p.0).as_ref(), start, end, repeat))
        }
        _ => crate::bail!(span, "type string has no method `{name}`"),
    })
}

/// `str.at(index, default: ..)`: the grapheme cluster starting at a byte index.
fn at(s: &str, index: i64, default: Option<Value>) -> StrResult<Value> {
    match locate(s, index, false) {
        Ok(i) => Ok(text(s[i..].graphemes(true).next().unwrap_or(""))),
        // An index inside a character is an error even with a default.
        Err(e) if e.ends_with("character boundary") => Err(e),
        Err(e) => default.ok_or_else(|| eco_format!("no default value was specified and {e}")),
    }
}

/// `str.slice(start, end, count: ..)`.
fn slice(s: &str, start: i64, end: Option<i64>, count: Option<i64>) -> StrResult<Value> {
    if end.is_some() && count.is_some() {
        return Err("`end` and `count` are mutually exclusive".into());
    }
    let start_i = locate(s, start, true)?;
    // A count runs from the resolved start, so it also counts from a negative one.
    let end = end.or_else(|| count.map(|count| (start_i as i64).wrapping_add(count)));
    let end_i = match end {
        Some(end) => locate(s, end, true)?,
        None => s.len(),
    };
    Ok(text(&s[start_i..end_i.max(start_i)]))
}

/// `str.replace(pattern, replacement, count: ..)`. Replacement text is taken literally;
/// a function receives each match's dictionary and must return a string.
fn replace(
    engine: &mut Engine,
    s: &str,
    pattern: &Pattern,
    replacement: &Replacement,
    count: Option<usize>,
) -> SourceResult<Value> {
    let count = count.unwrap_or(usize::MAX);
    let mut out = String::with_capacity(s.len());
    let mut last = 0;
    for m in all_matches(s, pattern).into_iter().take(count) {
        let Value::Dict(dict) = &m else { continue };
        let (Some(Value::Int(start)), Some(Value::Int(end))) = (dict.get("start"), dict.get("end"))
        else {
            continue;
        };
        let (start, end) = (*start as usize, *end as usize);
        out.push_str(&s[last..start]);
        match replacement {
            Replacement::Text(t) => out.push_str(t),
            // As in Typst, the call and the error point at the function itself (a
            // closure's parameters; nowhere for a type such as `int`), not at the whole
            // argument.
            Replacement::Func(f) => match f.call(engine, Args::new(f.span(), [m.clone()]))? {
                Value::Str(t) => out.push_str(&t),
                Value::Symbol(t) => out.push_str(t.get()),
                v => crate::bail!(f.span(), "{}", mismatch("string", &v)),
            },
        }
        last = end;
    }
    out.push_str(&s[last..]);
    Ok(Value::str(out))
}

/// `str.trim(pattern, at: .., repeat: ..)`: removes matches of the pattern (whitespace
/// for `none`) at the start and/or end; with `repeat`, as many adjacent ones as there are.
fn trim<'a>(
    s: &'a str,
    pattern: Option<&Pattern>,
    start: bool,
    end: bool,
    repeat: bool,
) -> &'a str {
    let (from, to) = match pattern {
        None => {
            let from = if start { s.len() - s.trim_start().len() } else { 0 };
            let to = if end { s.trim_end().len() } else { s.len() };
            (from, to)
        }
        Some(Pattern::Text(p)) if p.is_empty() => (0, s.len()),
        Some(Pattern::Text(p)) => {
            let p = p.as_str();
            let mut from = 0;
            if start {
                while s[from..].starts_with(p) {
                    from += p.len();
                    if !repeat {
                        break;
                    }
                }
            }
            let mut to = s.len();
            if end {
                while to >= from + p.len() && s[..to].ends_with(p) {
                    to -= p.len();
                    if !repeat {
                        break;
                    }
                }
            }
            (from, to)
        }
        Some(Pattern::Regex(re)) => {
            let matches: Vec<(usize, usize)> =
                re.0.find_iter(s).map(|m| (m.start(), m.end())).collect();
            let mut from = 0;
            if start {
                for &(a, b) in &matches {
                    if a != from || a == b {
                        break;
                    }
                    from = b;
                    if !repeat {
                        break;
                    }
                }
            }
            let mut to = s.len();
            if end {
                for &(a, b) in matches.iter().rev() {
                    // An empty match at the end removes nothing and does not stop the run.
                    if a == b && b == to {
                        continue;
                    }
                    if a == b || b != to {
                        break;
                    }
                    to = a;
                    if !repeat {
                        break;
                    }
                }
            }
            (from, to)
        }
    };
    &s[from..to.max(from)]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_trim(s: &str, pattern: &str, start: bool, end: bool, repeat: bool, expected: &str) {
        let re = Regex::new(pattern).unwrap();
        assert_eq!(trim(s, Some(&Pattern::Regex(re)), start, end, repeat), expected);
    }

    #[test]
    fn regex_trim() {
        check_trim("12abc34", r"\d", true, true, true, "abc");
        check_trim("12abc34", r"\d", true, true, false, "2abc3");
        check_trim("12abc34", r"\d+", false, true, true, "12abc");
        check_trim("abab", "b|ab", false, true, true, "");
        check_trim("ab", "a*", true, true, true, "b");
        check_trim("aba", "aba", true, true, false, "");
        check_trim("abc", "^", true, true, true, "abc");
    }

    #[test]
    fn overlapping_suffix() {
        assert!(regex_ends_with("aaa", &regex::Regex::new("aa").unwrap()));
        assert!(!regex_ends_with("abc", &regex::Regex::new("b").unwrap()));
    }

    #[test]
    fn indices() {
        assert_eq!(locate("abc", -1, false), Ok(2));
        assert_eq!(locate("abc", 3, true), Ok(3));
        assert_eq!(locate("abc", 3, false), Err(out_of_bounds(3, 3)));
        assert_eq!(locate("éa", 1, false), Err(not_boundary(1)));
    }
}
