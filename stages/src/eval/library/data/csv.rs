//! CSV: bytes → an array of rows, each an array of strings or (with `row-type:
//! dictionary`) a dictionary from the header row's names, with Typst's errors for a
//! bad `delimiter` or `row-type` and for rows of the wrong length.

use ecow::{EcoString, eco_format};

use crate::model::{Array, Dict, Str, Type, Value, mismatch};

/// The byte of a `delimiter` argument: one ASCII character.
pub fn delimiter(value: Value) -> Result<u8, EcoString> {
    let Value::Str(text) = value else {
        return Err(mismatch("string", &value));
    };
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii() => Ok(c as u8),
        (Some(_), None) => Err("delimiter must be an ASCII character".into()),
        _ => Err("expected exactly one character".into()),
    }
}

/// Whether a `row-type` argument asks for dictionaries (`dictionary`) or arrays (`array`).
pub fn row_type(value: Value) -> Result<bool, EcoString> {
    match value {
        Value::Type(Type::Array) => Ok(false),
        Value::Type(Type::Dict) => Ok(true),
        Value::Type(_) => Err("expected `array` or `dictionary`".into()),
        v => Err(mismatch("type", &v)),
    }
}

/// Where a CSV error happened: the byte where the reader stood, when it says, else the
/// one-based line of the record.
#[derive(Debug, Copy, Clone, Eq, PartialEq)]
pub enum Place {
    Byte(usize),
    Line(usize),
}

/// The rows of a CSV file, or the error's message with its place.
pub fn parse(data: &[u8], delimiter: u8, dictionaries: bool) -> Result<Value, (EcoString, Place)> {
    let mut reader = ::csv::ReaderBuilder::new()
        .has_headers(dictionaries)
        .delimiter(delimiter)
        .from_reader(data);
    let headers: Vec<Str> = if dictionaries {
        reader.headers().map_err(describe)?.iter().map(Str::from).collect()
    } else {
        Vec::new()
    };
    let mut rows = Array::new();
    for record in reader.records() {
        let record = record.map_err(describe)?;
        let row = if dictionaries {
            let mut dict = Dict::new();
            for (key, field) in headers.iter().zip(record.iter()) {
                dict.insert(key.clone(), Value::Str(Str::from(field)));
            }
            Value::Dict(dict)
        } else {
            Value::Array(record.iter().map(|field| Value::Str(Str::from(field))).collect())
        };
        rows.0.push(row);
    }
    Ok(Value::Array(rows))
}

/// Typst's words for a CSV error and where it happened.
fn describe(err: ::csv::Error) -> (EcoString, Place) {
    let line = err.position().map_or(1, |pos| pos.line() as usize);
    let place = match err.kind() {
        ::csv::ErrorKind::Utf8 { pos: Some(pos), .. }
        | ::csv::ErrorKind::UnequalLengths { pos: Some(pos), .. } => {
            Place::Byte(pos.byte() as usize)
        }
        _ => Place::Line(line),
    };
    let message = match err.kind() {
        ::csv::ErrorKind::Utf8 { .. } => "file is not valid UTF-8".into(),
        ::csv::ErrorKind::UnequalLengths { expected_len, len, pos } => {
            // The message counts records (a quoted field may span lines), from one.
            let record = pos.as_ref().map_or(line, |pos| pos.record() as usize + 1);
            eco_format!("found {len} instead of {expected_len} fields in line {record}")
        }
        _ => eco_format!("{err}"),
    };
    (message, place)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(data: &str, dictionaries: bool, expected: &str) {
        let out = match parse(data.as_bytes(), b',', dictionaries) {
            Ok(value) => value.repr(),
            Err((message, place)) => eco_format!("{message} at {place:?}"),
        };
        assert_eq!(out, expected, "{data:?}");
    }

    #[test]
    fn rows_become_arrays_or_dictionaries() {
        check("a,b\n1,2", false, "((\"a\", \"b\"), (\"1\", \"2\"))");
        check("a,b\n1,2", true, "((a: \"1\", b: \"2\"),)");
        check("a,b\n1,2,3", false, "found 3 instead of 2 fields in line 2 at Byte(4)");
        check("", false, "()");
        check("a,b\n\"1\n2\",3\n4", false, "found 1 instead of 2 fields in line 3 at Byte(12)");
    }
}
