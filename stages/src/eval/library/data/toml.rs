//! TOML writing: a dictionary → TOML text (pretty or compact) through the `toml` crate,
//! with string values quoted the way Typst quotes them.
//!
//! Typst's writer prefers a literal string (`'…'`, or `'''…'''` when the text holds a
//! single quote or a newline) for text with a double quote or a backslash, and a basic
//! string (`"…"`, or `"""…"""` across lines) otherwise or when a literal cannot hold the
//! text. The `toml` crate chooses differently for some texts, so every string value is
//! first swapped for a marker, and the markers in the crate's output are then replaced
//! by the strings as Typst writes them.

use super::encode::Encode;
use crate::model::{Array, Dict, Value};

/// The characters around a marker's number.
const OPEN: char = '\u{E000}';
const CLOSE: char = '\u{E001}';

/// The value as TOML text (the caller checks that it is a dictionary).
pub fn to_string(value: &Value, pretty: bool) -> Result<String, ::toml::ser::Error> {
    // Markers are only safe where no key could be mistaken for one.
    let markable = !has_marker_key(value);
    let mut strings = Vec::new();
    let swapped = if markable { swap_strings(value, &mut strings) } else { value.clone() };
    let text = if pretty {
        ::toml::to_string_pretty(&Encode(&swapped))?
    } else {
        ::toml::to_string(&Encode(&swapped))?
    };
    Ok(if markable { restore(&text, &strings) } else { text })
}

/// Whether a dictionary key anywhere in the value holds a marker character.
fn has_marker_key(value: &Value) -> bool {
    match value {
        Value::Array(array) => array.0.iter().any(has_marker_key),
        Value::Dict(dict) => dict
            .iter()
            .any(|(key, value)| key.as_str().contains([OPEN, CLOSE]) || has_marker_key(value)),
        _ => false,
    }
}

/// The value with each string value replaced by a marker holding its index in `strings`.
fn swap_strings(value: &Value, strings: &mut Vec<String>) -> Value {
    match value {
        Value::Str(text) => {
            strings.push(text.as_str().to_string());
            Value::Str(format!("{OPEN}{}{CLOSE}", strings.len() - 1).as_str().into())
        }
        Value::Array(array) => {
            Value::Array(array.0.iter().map(|v| swap_strings(v, strings)).collect::<Array>())
        }
        Value::Dict(dict) => Value::Dict(
            dict.iter().map(|(key, v)| (key.clone(), swap_strings(v, strings))).collect::<Dict>(),
        ),
        other => other.clone(),
    }
}

/// The text with each quoted marker replaced by its string, quoted as Typst quotes it.
fn restore(text: &str, strings: &[String]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(OPEN) {
        let after = &rest[start + OPEN.len_utf8()..];
        let marker = after.find(CLOSE).and_then(|end| {
            let index: usize = after[..end].parse().ok()?;
            let quote = rest[..start].chars().next_back()?;
            let tail = &after[end + CLOSE.len_utf8()..];
            (matches!(quote, '"' | '\'') && tail.starts_with(quote)).then_some((index, end, quote))
        });
        match marker.and_then(|(index, end, quote)| Some((strings.get(index)?, end, quote))) {
            Some((string, end, quote)) => {
                out.push_str(&rest[..start - quote.len_utf8()]);
                out.push_str(&quoted(string));
                rest = &after[end + CLOSE.len_utf8() + quote.len_utf8()..];
            }
            None => {
                out.push_str(&rest[..start + OPEN.len_utf8()]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// A string value as TOML, quoted as Typst quotes it.
fn quoted(text: &str) -> String {
    let multiline = text.contains('\n');
    let prefers_literal = text.contains(['"', '\\']);
    // A literal string has no escapes: it cannot hold control characters but tabs (and
    // newlines, across lines).
    let literal_fits = !text.chars().any(|c| is_control(c) && c != '\t' && c != '\n');
    // A triple-quoted literal ends at the first `'''` and cannot end with a quote.
    let triple_fits = !text.contains("'''") && !text.ends_with('\'');
    if prefers_literal && literal_fits {
        if multiline && triple_fits {
            return format!("'''\n{text}'''");
        }
        if !multiline && !text.contains('\'') {
            return format!("'{text}'");
        }
        if !multiline && triple_fits {
            return format!("'''{text}'''");
        }
    }
    let mut out = String::from(if multiline { "\"\"\"\n" } else { "\"" });
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push('\n'),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if is_control(c) => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push_str(if multiline { "\"\"\"" } else { "\"" });
    out
}

/// Whether TOML counts the character as a control character (it must be escaped).
fn is_control(c: char) -> bool {
    c <= '\u{1f}' || c == '\u{7f}'
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_quoted_as_typst_quotes_them() {
        assert_eq!(quoted("plain"), "\"plain\"");
        assert_eq!(quoted("it's"), "\"it's\"");
        assert_eq!(quoted("say \"hi\""), "'say \"hi\"'");
        assert_eq!(quoted("C:\\dir"), "'C:\\dir'");
        assert_eq!(quoted("\"it's\" ok"), "'''\"it's\" ok'''");
        assert_eq!(quoted("\"quoted\" ends'"), "\"\\\"quoted\\\" ends'\"");
        assert_eq!(quoted("two\nlines"), "\"\"\"\ntwo\nlines\"\"\"");
        assert_eq!(quoted("\"two\"\nlines"), "'''\n\"two\"\nlines'''");
        assert_eq!(quoted("tab\there\n\"x\"'"), "\"\"\"\ntab\\there\n\\\"x\\\"'\"\"\"");
        assert_eq!(quoted("bell\u{7}\"'"), "\"bell\\u0007\\\"'\"");
    }

    #[test]
    fn markers_are_replaced_by_their_strings() {
        let strings = vec!["a\"b'c".to_string(), "x".to_string()];
        let text = format!("k = \"{OPEN}0{CLOSE}\"\nl = [\"{OPEN}1{CLOSE}\"]\n");
        assert_eq!(restore(&text, &strings), "k = '''a\"b'c'''\nl = [\"x\"]\n");
        assert_eq!(restore("no markers", &strings), "no markers");
    }
}
