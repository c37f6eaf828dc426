//! Methods of floats: `is-nan`, `is-infinite`, `signum` and `to-bytes`.

use crate::base::{SourceResult, Span};
use crate::eval::library::{Endian, endian};
use crate::model::{Args, Bytes, Value};

/// The names of the float methods.
pub(super) const NAMES: &[&str] = &["is-nan", "is-infinite", "signum", "to-bytes"];

/// Calls a float method.
pub(super) fn call(v: f64, name: &str, args: &mut Args, span: Span) -> SourceResult<Value> {
    Ok(match name {
        "is-nan" => Value::Bool(v.is_nan()),
        "is-infinite" => Value::Bool(v.is_infinite()),
        "signum" => Value::Float(v.signum()),
        "to-bytes" => {
            let endian = endian(args)?;
            let size: usize = args.named("size")?.unwrap_or(8);
            let mut bytes = match size {
                8 => v.to_le_bytes().to_vec(),
                4 => (v as f32).to_le_bytes().to_vec(),
                _ => crate::bail!(span, "size must be either 4 or 8"),
            };
            if endian == Endian::Big {
                bytes.reverse();
            }
            Value::Bytes(Bytes(bytes.into_iter().collect()))
        }
        _ => unreachable!("dispatch only calls listed methods"),
    })
}
