//! Methods of integers: `signum`, the bitwise operations (`bit-not`, `bit-and`, `bit-or`,
//! `bit-xor`, `bit-lshift`, `bit-rshift` with `logical`) and `to-bytes`.

use ecow::{EcoString, EcoVec, eco_vec};

use crate::base::{SourceDiagnostic, SourceResult, Span};
use crate::eval::library::{Endian, endian};
use crate::model::{Args, Bytes, Value};

/// The names of the integer methods.
pub(super) const NAMES: &[&str] =
    &["signum", "bit-not", "bit-and", "bit-or", "bit-xor", "bit-lshift", "bit-rshift", "to-bytes"];

/// An error at `span`.
fn error(span: Span, message: impl Into<EcoString>) -> EcoVec<SourceDiagnostic> {
    eco_vec![SourceDiagnostic::error(span, message)]
}

/// A shift amount: an integer that fits 32 bits unsigned (`check_shift` has checked it).
fn shift(args: &mut Args) -> SourceResult<u32> {
    let shift: i64 = args.expect("shift")?;
    Ok(u32::try_from(shift).unwrap_or(u32::MAX))
}

/// Checks that a shift amount fits 32 bits unsigned, as Typst casts it, failing at the
/// argument.
fn check_shift(args: &Args) -> SourceResult<()> {
    if let Some(arg) = args.items.iter().find(|a| a.name.is_none())
        && let Value::Int(i) = arg.value
    {
        if i < 0 {
            return Err(error(arg.span, "number must be at least zero"));
        }
        if i > i64::from(u32::MAX) {
            return Err(error(arg.span, "number too large"));
        }
    }
    Ok(())
}

/// Calls an integer method.
pub(super) fn call(v: i64, name: &str, args: &mut Args, span: Span) -> SourceResult<Value> {
    Ok(Value::Int(match name {
        "signum" => v.signum(),
        "bit-not" => !v,
        "bit-and" => v & args.expect::<i64>("rhs")?,
        "bit-or" => v | args.expect::<i64>("rhs")?,
        "bit-xor" => v ^ args.expect::<i64>("rhs")?,
        "bit-lshift" => {
            check_shift(args)?;
            let shift = shift(args)?;
            v.checked_shl(shift).ok_or_else(|| error(span, "the result is too large"))?
        }
        "bit-rshift" => {
            check_shift(args)?;
            let shift = shift(args)?;
            let logical = args.named::<bool>("logical")?.unwrap_or(false);
            if logical {
                (v as u64).checked_shr(shift).unwrap_or(0) as i64
            } else {
                v.checked_shr(shift).unwrap_or(if v < 0 { -1 } else { 0 })
            }
        }
        "to-bytes" => return to_bytes(v, args),
        _ => unreachable!("dispatch only calls listed methods"),
    }))
}

/// `int.to-bytes(endian: "little", size: 8)`: the two's complement bytes, cut to `size`
/// (keeping the least significant ones) or padded with zeros.
fn to_bytes(v: i64, args: &mut Args) -> SourceResult<Value> {
    let endian = endian(args)?;
    let size: usize = args.named("size")?.unwrap_or(8);
    let mut bytes: Vec<u8> = v.to_le_bytes().to_vec();
    bytes.resize(size, 0);
    if endian == Endian::Big {
        bytes.reverse();
    }
    Ok(Value::Bytes(Bytes(bytes.into_iter().collect())))
}
