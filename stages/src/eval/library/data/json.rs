//! JSON writing: a value → compact or pretty (two-space) JSON text, with floats written
//! as Typst writes them (`1e20`, where serde_json's float formatter writes `1e+20`); and
//! the words and place of a parse error as Typst gives them.

use std::io::{self, Write};

use serde::Serialize;
use serde_json::ser::{CompactFormatter, Formatter, PrettyFormatter};

use super::encode::Encode;
use crate::model::Value;

/// The value as JSON text.
pub fn to_string(value: &Value, pretty: bool) -> Result<String, serde_json::Error> {
    let mut out = Vec::new();
    if pretty {
        let formatter = PlainExponent(PrettyFormatter::new());
        Encode(value)
            .serialize(&mut serde_json::Serializer::with_formatter(&mut out, formatter))?;
    } else {
        let formatter = PlainExponent(CompactFormatter);
        Encode(value)
            .serialize(&mut serde_json::Serializer::with_formatter(&mut out, formatter))?;
    }
    // The serializer writes only valid UTF-8.
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// The message of a JSON parse error and its one-based line and column. A string that
/// is not valid UTF-8 is reported where it ends (at its closing quote), as Typst does;
/// serde_json reports the first bad byte.
pub fn describe(data: &[u8], err: &serde_json::Error) -> (String, (usize, usize)) {
    let (line, column) = (err.line(), err.column());
    let message = err.to_string();
    let bad_string = "invalid unicode code point";
    if !message.starts_with(bad_string) {
        return (message, (line, column));
    }
    let Some(quote) = closing_quote(data, line, column) else {
        return (message, (line, column));
    };
    let column = column + quote;
    (format!("{bad_string} at line {line} column {column}"), (line, column))
}

/// How many bytes after the one at `line` and byte `column` (one-based) the string that
/// holds it closes, if it closes on the same line.
fn closing_quote(data: &[u8], line: usize, column: usize) -> Option<usize> {
    let start = data.split(|&b| b == b'\n').nth(line.checked_sub(1)?)?;
    let rest = start.get(column.checked_sub(1)?..)?;
    let mut escaped = false;
    for (i, &b) in rest.iter().enumerate() {
        match b {
            _ if escaped => escaped = false,
            b'\\' => escaped = true,
            b'"' => return Some(i),
            _ => {}
        }
    }
    None
}

/// A formatter that writes exponents without a plus sign and leaves everything else to
/// the formatter it wraps.
struct PlainExponent<F>(F);

impl<F: Formatter> Formatter for PlainExponent<F> {
    fn write_f64<W: ?Sized + Write>(&mut self, writer: &mut W, value: f64) -> io::Result<()> {
        let mut buffer = Vec::new();
        self.0.write_f64(&mut buffer, value)?;
        if let Some(plus) = buffer.windows(2).position(|w| w == b"e+") {
            buffer.remove(plus + 1);
        }
        writer.write_all(&buffer)
    }

    fn begin_array<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.begin_array(writer)
    }

    fn end_array<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_array(writer)
    }

    fn begin_array_value<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.0.begin_array_value(writer, first)
    }

    fn end_array_value<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_array_value(writer)
    }

    fn begin_object<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.begin_object(writer)
    }

    fn end_object<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_object(writer)
    }

    fn begin_object_key<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.0.begin_object_key(writer, first)
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.begin_object_value(writer)
    }

    fn end_object_value<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_object_value(writer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Array, Dict};

    #[test]
    fn floats_keep_typst_exponents_and_layout() {
        let check = |value: Value, pretty: bool, expected: &str| {
            assert_eq!(to_string(&value, pretty).unwrap(), expected);
        };
        check(Value::Float(1e20), false, "1e20");
        check(Value::Float(1e-7), false, "1e-7");
        check(Value::Float(0.5), false, "0.5");
        let mut dict = Dict::new();
        dict.insert("a".into(), Value::Array(Array::new()));
        check(Value::Dict(dict.clone()), true, "{\n  \"a\": []\n}");
        check(Value::Dict(dict), false, "{\"a\":[]}");
    }

    #[test]
    fn bad_utf8_is_reported_at_the_closing_quote() {
        let describe_bytes = |data: &[u8]| {
            let err = serde_json::from_slice::<serde_json::Value>(data).unwrap_err();
            describe(data, &err)
        };
        let (message, pos) = describe_bytes(b"[\"a\xff\\\"b\"]");
        assert_eq!(message, "invalid unicode code point at line 1 column 8");
        assert_eq!(pos, (1, 8));
        let (_, pos) = describe_bytes(b"[1,\n 2, x]");
        assert_eq!(pos, (2, 5));
    }
}
