//! Encoding values into data: a serde `Serialize` for `Value`, shared by the JSON, YAML,
//! TOML and CBOR encoders, with Typst's conversions.
//!
//! `none` is a null, numbers, strings, booleans, arrays and dictionaries map directly,
//! symbols are their text, content is a map of its fields under `func` (its element),
//! bytes are a byte string in binary formats and their `repr` in text formats, and every
//! other value is its `repr`.

use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};

use crate::model::{Content, Value};

/// A value to encode.
pub struct Encode<'a>(pub &'a Value);

impl Serialize for Encode<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Value::None => serializer.serialize_none(),
            Value::Bool(v) => serializer.serialize_bool(*v),
            Value::Int(v) => serializer.serialize_i64(*v),
            Value::Float(v) => serializer.serialize_f64(*v),
            Value::Str(v) => serializer.serialize_str(v.as_str()),
            Value::Symbol(v) => serializer.serialize_str(v.get()),
            Value::Bytes(v) if !serializer.is_human_readable() => serializer.serialize_bytes(&v.0),
            Value::Array(array) => {
                let mut seq = serializer.serialize_seq(Some(array.len()))?;
                for value in array.0.iter() {
                    seq.serialize_element(&Encode(value))?;
                }
                seq.end()
            }
            Value::Dict(dict) => {
                let mut map = serializer.serialize_map(Some(dict.len()))?;
                for (key, value) in dict.iter() {
                    map.serialize_entry(key.as_str(), &Encode(value))?;
                }
                map.end()
            }
            Value::Content(content) => EncodeContent(content).serialize(serializer),
            other => serializer.serialize_str(&other.repr()),
        }
    }
}

/// Content as a map: `func` (the element's name), then its fields in order.
struct EncodeContent<'a>(&'a Content);

impl Serialize for EncodeContent<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let fields = self.0.fields();
        let mut map = serializer.serialize_map(Some(fields.len() + 1))?;
        map.serialize_entry("func", self.0.elem().short_name())?;
        for (key, value) in fields.iter() {
            map.serialize_entry(key.as_str(), &Encode(value))?;
        }
        map.end()
    }
}
