//! Decoding data into values: a serde `Deserialize` for `Value`, shared by the JSON,
//! YAML, TOML and CBOR loaders, with Typst's conversions and its error wording
//! (`invalid type: enum, expected a Typst value`).
//!
//! Whole numbers become integers (those outside the range of `i64` become floats), `null`
//! becomes `none`, byte strings become bytes, maps become dictionaries in source order
//! (a repeated key keeps its first place and its last value), and TOML's date-times (which
//! serde sees as a one-entry map under a private key) become datetimes where they fit.

use std::fmt::{self, Formatter};

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

use crate::model::{Array, Bytes, Datetime, Dict, Str, Value};

/// The key under which the `toml` crate hands a date-time to serde.
const TOML_DATETIME_KEY: &str = "$__toml_private_datetime";

/// A value decoded from a data format.
pub struct Decoded(pub Value);

impl<'de> Deserialize<'de> for Decoded {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(ValueVisitor).map(Decoded)
    }
}

/// Builds a `Value` from whatever the format holds.
struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut Formatter) -> fmt::Result {
        f.write_str("a Typst value")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Int(v))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Value, E> {
        Ok(i64::try_from(v).map_or(Value::Float(v as f64), Value::Int))
    }

    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Value, E> {
        Ok(i64::try_from(v).map_or(Value::Float(v as f64), Value::Int))
    }

    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Value, E> {
        Ok(i64::try_from(v).map_or(Value::Float(v as f64), Value::Int))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Value, E> {
        Ok(Value::Float(v))
    }

    fn visit_char<E: de::Error>(self, v: char) -> Result<Value, E> {
        Ok(Value::Str(Str::from(v.to_string().as_str())))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Value, E> {
        Ok(Value::Str(Str::from(v)))
    }

    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Value, E> {
        Ok(Value::Bytes(Bytes(v.into())))
    }

    fn visit_none<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::None)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::None)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(ValueVisitor)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut array = Array::new();
        while let Some(Decoded(value)) = seq.next_element()? {
            array.0.push(value);
        }
        Ok(Value::Array(array))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut dict = Dict::new();
        while let Some((Key(key), Decoded(value))) = map.next_entry()? {
            dict.insert(key, value);
        }
        Ok(toml_datetime(&dict).map_or(Value::Dict(dict), Value::Datetime))
    }
}

/// A dictionary key: a string (YAML gives the text of other scalars as it is written).
struct Key(Str);

impl<'de> Deserialize<'de> for Key {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(KeyVisitor).map(Key)
    }
}

struct KeyVisitor;

impl Visitor<'_> for KeyVisitor {
    type Value = Str;

    fn expecting(&self, f: &mut Formatter) -> fmt::Result {
        f.write_str("a string")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Str, E> {
        Ok(Str::from(v))
    }
}

/// The datetime a TOML date-time stands for: a local date, a local time, or a date with
/// a time (in UTC or without offset; other offsets and fractional seconds stay a
/// dictionary, as in Typst).
fn toml_datetime(dict: &Dict) -> Option<Datetime> {
    if dict.len() != 1 {
        return None;
    }
    let Some(Value::Str(text)) = dict.get(TOML_DATETIME_KEY) else {
        return None;
    };
    let text = text.as_str();
    let (date, time) = match text.split_once(['T', 't', ' ']) {
        Some((date, time)) => (Some(date), Some(time)),
        None if text.contains(':') => (None, Some(text)),
        None => (Some(text), None),
    };
    let date = match date {
        Some(date) => Some(parse_date(date)?),
        None => None,
    };
    let time = match time {
        Some(time) => {
            let time = time.strip_suffix(['Z', 'z']).unwrap_or(time);
            Some(parse_time(time)?)
        }
        None => None,
    };
    Datetime::new(date, time)
}

/// `YYYY-MM-DD`.
fn parse_date(text: &str) -> Option<(i32, u8, u8)> {
    let mut parts = text.split('-');
    let year = parts.next()?.parse().ok()?;
    let month = parts.next()?.parse().ok()?;
    let day = parts.next()?.parse().ok()?;
    parts.next().is_none().then_some((year, month, day))
}

/// `HH:MM:SS` (or `HH:MM`), without fraction or offset.
fn parse_time(text: &str) -> Option<(u8, u8, u8)> {
    let mut parts = text.split(':');
    let hour = parts.next()?.parse().ok()?;
    let minute = parts.next()?.parse().ok()?;
    let second = match parts.next() {
        Some(second) => second.parse().ok()?,
        None => 0,
    };
    parts.next().is_none().then_some((hour, minute, second))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(toml_text: &str, expected: Option<Datetime>) {
        let mut dict = Dict::new();
        dict.insert(TOML_DATETIME_KEY.into(), Value::Str(toml_text.into()));
        assert_eq!(toml_datetime(&dict), expected, "{toml_text}");
    }

    #[test]
    fn toml_datetimes_become_datetimes_where_they_fit() {
        check("1979-05-27", Datetime::new(Some((1979, 5, 27)), None));
        check("07:32:00", Datetime::new(None, Some((7, 32, 0))));
        check("1979-05-27T07:32:00Z", Datetime::new(Some((1979, 5, 27)), Some((7, 32, 0))));
        check("1979-05-27 07:32:00", Datetime::new(Some((1979, 5, 27)), Some((7, 32, 0))));
        check("1979-05-27T07:32:00.5+02:00", None);
        check("1979-05-27T07:32:00+02:00", None);
    }
}
