//! The number types' constructors and type scopes: `int(..)`, `float(..)`,
//! `decimal(..)`, `version(..)`, `int.from-bytes`, `float.from-bytes`, `int.max`,
//! `int.min`, `float.inf`, `float.nan`, and the fields of numeric and alignment values
//! (`length.em`, `relative.ratio`, `alignment.x`, `version.major`).

use ecow::{EcoString, EcoVec, eco_format, eco_vec};

use super::native;
use crate::base::{SourceDiagnostic, SourceResult, Span};
use crate::eval::Engine;
use crate::model::{
    Args, Decimal, Func, Length, Type, Value, Version, mismatch, repr_float, repr_str,
};

native!(INT_FROM_BYTES, "from-bytes", int_from_bytes);
native!(FLOAT_FROM_BYTES, "from-bytes", float_from_bytes);

/// An error at `span`.
fn error(span: Span, message: impl Into<EcoString>) -> EcoVec<SourceDiagnostic> {
    eco_vec![SourceDiagnostic::error(span, message)]
}

/// Runs the constructor of a number type, `None` for other types. Leftover arguments
/// are the caller's to reject.
pub fn construct(engine: &mut Engine, ty: Type, args: &mut Args) -> Option<SourceResult<Value>> {
    Some(match ty {
        Type::Int => construct_int(args),
        Type::Float => construct_float(args),
        Type::Decimal => construct_decimal(engine, args),
        Type::Version => construct_version(args),
        _ => return None,
    })
}

/// The constants and functions reachable from a number type.
pub fn type_scope(ty: Type, name: &str) -> Option<Value> {
    Some(match (ty, name) {
        (Type::Int, "from-bytes") => Value::Func(Func::from(&INT_FROM_BYTES)),
        (Type::Int, "max") => Value::Int(i64::MAX),
        (Type::Int, "min") => Value::Int(i64::MIN),
        (Type::Float, "from-bytes") => Value::Func(Func::from(&FLOAT_FROM_BYTES)),
        (Type::Float, "inf") => Value::Float(f64::INFINITY),
        (Type::Float, "nan") => Value::Float(f64::NAN),
        _ => return None,
    })
}

/// `int(value)`. As in Typst, the value is converted before the base is looked at, so a
/// float out of range fails before a base given for it does.
fn construct_int(args: &mut Args) -> SourceResult<Value> {
    let (value, span) = args.expect_spanned::<Value>("value")?;
    let int = match &value {
        Value::Bool(b) => Some(i64::from(*b)),
        Value::Int(i) => Some(*i),
        Value::Float(f) => Some(float_to_int(*f).map_err(|e| error(span, e))?),
        Value::Decimal(d) => Some(d.trunc_to_int().ok_or_else(|| error(span, "number too large"))?),
        Value::Str(_) | Value::Symbol(_) => None,
        v => {
            return Err(error(span, mismatch("integer, boolean, float, decimal, or string", v)));
        }
    };
    let base: Option<(i64, crate::base::Span)> = args.named_spanned("base")?;
    if let Some(int) = int {
        if let Some((_, base_span)) = base {
            return Err(error(base_span, "base is only supported for strings"));
        }
        return Ok(Value::Int(int));
    }
    let text = match &value {
        Value::Str(s) => s.as_str(),
        Value::Symbol(s) => s.get(),
        _ => unreachable!("only strings and symbols are left"),
    };
    let radix = match base {
        Some((base, _)) if (2..=36).contains(&base) => base as u32,
        Some((_, base_span)) => return Err(error(base_span, "base must be between 2 and 36")),
        None => 10,
    };
    parse_int_radix(text, radix).map(Value::Int).map_err(|e| eco_vec![e.at(span, radix)])
}

/// A float truncated to an integer; NaN is zero.
fn float_to_int(f: f64) -> Result<i64, EcoString> {
    if f.abs() >= 9_223_372_036_854_775_808.0 {
        return Err("number too large".into());
    }
    Ok(f as i64)
}

/// Why a string is not an integer.
#[derive(Debug, Copy, Clone, Eq, PartialEq)]
pub enum ParseIntError {
    Empty,
    InvalidDigit,
    TooLarge,
    TooSmall,
}

impl ParseIntError {
    /// The error at `span` for a string read in `radix`, with Typst's hints for values
    /// out of range.
    fn at(self, span: Span, radix: u32) -> SourceDiagnostic {
        let message: EcoString = match self {
            Self::Empty => "string must not be empty".into(),
            Self::InvalidDigit if radix == 10 => "string contains invalid digits".into(),
            Self::InvalidDigit => {
                eco_format!("string contains invalid digits for a base {radix} integer")
            }
            Self::TooLarge => "integer value is too large".into(),
            Self::TooSmall => "integer value is too small".into(),
        };
        let diag = SourceDiagnostic::error(span, message);
        if matches!(self, Self::TooLarge | Self::TooSmall) {
            diag.with_hint("value does not fit into a signed 64-bit integer")
                .with_hint("try using a floating point number")
        } else {
            diag
        }
    }
}

/// Parses an integer in `radix` (2 to 36; letters in either case), optionally after a
/// sign (`-` or the typographic minus for negative numbers, `+`).
pub fn parse_int_radix(text: &str, radix: u32) -> Result<i64, ParseIntError> {
    let (negative, digits) = match text.strip_prefix(['-', '\u{2212}']) {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let too_far = if negative { ParseIntError::TooSmall } else { ParseIntError::TooLarge };
    let magnitude = u64::from_str_radix(digits, radix).map_err(|e| {
        use std::num::IntErrorKind;
        match e.kind() {
            IntErrorKind::Empty => ParseIntError::Empty,
            IntErrorKind::PosOverflow | IntErrorKind::NegOverflow => too_far,
            _ => ParseIntError::InvalidDigit,
        }
    })?;
    if negative {
        0i64.checked_sub_unsigned(magnitude).ok_or(too_far)
    } else {
        i64::try_from(magnitude).map_err(|_| too_far)
    }
}

/// `float(value)`.
fn construct_float(args: &mut Args) -> SourceResult<Value> {
    let (value, span) = args.expect_spanned::<Value>("value")?;
    let float = match value {
        Value::Bool(b) => f64::from(u8::from(b)),
        Value::Int(i) => i as f64,
        Value::Float(f) => f,
        Value::Decimal(d) => d.to_float(),
        Value::Ratio(r) => r.get(),
        Value::Str(s) => parse_float(&s).map_err(|e| error(span, e))?,
        Value::Symbol(s) => parse_float(s.get()).map_err(|e| error(span, e))?,
        v => {
            return Err(error(
                span,
                mismatch("float, boolean, integer, decimal, ratio, or string", &v),
            ));
        }
    };
    Ok(Value::Float(float))
}

/// Parses a float as Rust reads one (`1.5`, `.5`, `1e5`, `inf`, `NaN`), with the
/// typographic minus accepted.
pub fn parse_float(text: &str) -> Result<f64, EcoString> {
    text.replace('\u{2212}', "-").parse::<f64>().map_err(|_| eco_format!("invalid float: {text}"))
}

/// `decimal(value)`; a float literal argument warns that it may have lost precision.
fn construct_decimal(engine: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let (value, span) = args.expect_spanned::<Value>("value")?;
    let decimal = match value {
        Value::Bool(b) => Decimal::from(i64::from(b)),
        Value::Int(i) => Decimal::from(i),
        Value::Decimal(d) => d,
        Value::Float(f) => {
            // A leftover argument fails the call before Typst would warn.
            if args.items.is_empty()
                && let Some(literal) = float_literal(engine, span)
            {
                engine.warnings.push(crate::warning!(
                    span,
                    "creating a decimal using imprecise float literal";
                    hint: "use a string in the decimal constructor to avoid loss of precision: \
                           `decimal({})`",
                    repr_str(&literal)
                ));
            }
            Decimal::from_float(f).ok_or_else(|| {
                error(span, eco_format!("float is not a valid decimal: {}", repr_float(f)))
            })?
        }
        Value::Str(s) => Decimal::parse(&s)
            .ok_or_else(|| error(span, eco_format!("invalid decimal: {}", s.as_str())))?,
        Value::Symbol(s) => Decimal::parse(s.get())
            .ok_or_else(|| error(span, eco_format!("invalid decimal: {}", s.get())))?,
        v => {
            return Err(error(span, mismatch("decimal, integer, boolean, float, or string", &v)));
        }
    };
    Ok(Value::Decimal(decimal))
}

/// The source text at `span` if it is a float literal (`1.5`, `.5`, `1e5`).
fn float_literal(engine: &Engine, span: Span) -> Option<EcoString> {
    let source = engine.world.source(span.id()?).ok()?;
    let text = source.text().get(source.range(span)?)?;
    let first = text.chars().next()?;
    let numeric =
        text.chars().all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-'));
    let float = text.contains(['.', 'e', 'E']);
    (numeric && float && (first.is_ascii_digit() || first == '.')).then(|| text.into())
}

/// `version(..components)`: integers and arrays of integers, flattened. As in Typst,
/// every argument is checked and each bad one reported (an array at its first bad item).
fn construct_version(args: &mut Args) -> SourceResult<Value> {
    let mut parts = EcoVec::new();
    let mut errors = EcoVec::new();
    while args.items.iter().any(|arg| arg.name.is_none()) {
        let (value, span) = args.expect_spanned::<Value>("components")?;
        let checked: Result<Vec<u32>, EcoString> = match value {
            Value::Int(i) => component(i).map(|c| vec![c]),
            Value::Array(items) => items
                .0
                .iter()
                .map(|item| match item {
                    Value::Int(i) => component(*i),
                    other => Err(mismatch("integer", other)),
                })
                .collect(),
            v => Err(mismatch("integer or array", &v)),
        };
        match checked {
            Ok(components) => parts.extend(components),
            Err(message) => errors.extend(error(span, message)),
        }
    }
    if !errors.is_empty() {
        args.failed = true;
        return Err(errors);
    }
    Ok(Value::Version(Version(parts)))
}

/// A version component: a non-negative 32-bit integer.
fn component(i: i64) -> Result<u32, EcoString> {
    if i < 0 {
        return Err("number must be at least zero".into());
    }
    u32::try_from(i).map_err(|_| "number too large".into())
}

/// Which end of a byte sequence holds the most significant byte.
#[derive(Debug, Copy, Clone, Eq, PartialEq)]
pub enum Endian {
    Big,
    Little,
}

/// The `endian` argument: `"big"` or `"little"` (the default).
pub fn endian(args: &mut Args) -> SourceResult<Endian> {
    match args.named_spanned::<Value>("endian")? {
        None => Ok(Endian::Little),
        Some((Value::Str(s), _)) if s.as_str() == "big" => Ok(Endian::Big),
        Some((Value::Str(s), _)) if s.as_str() == "little" => Ok(Endian::Little),
        Some((Value::Str(_), span)) => Err(error(span, "expected \"big\" or \"little\"")),
        Some((v, span)) => Err(error(span, mismatch("\"big\" or \"little\"", &v))),
    }
}

/// The bytes argument of `from-bytes`.
fn bytes_arg(args: &mut Args) -> SourceResult<EcoVec<u8>> {
    match args.expect_spanned::<Value>("bytes")? {
        (Value::Bytes(b), _) => Ok(b.0),
        (v, span) => Err(error(span, mismatch("bytes", &v))),
    }
}

/// `int.from-bytes(bytes, endian: "little", signed: true)`.
fn int_from_bytes(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let span = args.span;
    let bytes = bytes_arg(args)?;
    let endian = endian(args)?;
    let signed = match args.named_spanned::<Value>("signed")? {
        None => true,
        Some((Value::Bool(b), _)) => b,
        Some((v, span)) => return Err(error(span, mismatch("boolean", &v))),
    };
    if bytes.len() > 8 {
        crate::bail!(span, "too many bytes to convert to a 64 bit number");
    }
    let mut buf = [0u8; 8];
    let len = bytes.len();
    let negative = signed
        && len > 0
        && (match endian {
            Endian::Little => bytes[len - 1],
            Endian::Big => bytes[0],
        }) & 0x80
            != 0;
    if negative {
        buf = [0xff; 8];
    }
    match endian {
        Endian::Little => buf[..len].copy_from_slice(&bytes),
        Endian::Big => buf[8 - len..].copy_from_slice(&bytes),
    }
    let bits = match endian {
        Endian::Little => u64::from_le_bytes(buf),
        Endian::Big => u64::from_be_bytes(buf),
    };
    Ok(Value::Int(bits as i64))
}

/// `float.from-bytes(bytes, endian: "little")`: four or eight bytes of an IEEE 754 float.
fn float_from_bytes(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let span = args.span;
    let bytes = bytes_arg(args)?;
    let endian = endian(args)?;
    let value = match bytes.len() {
        4 => {
            let mut buf = [0u8; 4];
            buf.copy_from_slice(&bytes);
            f64::from(match endian {
                Endian::Little => f32::from_le_bytes(buf),
                Endian::Big => f32::from_be_bytes(buf),
            })
        }
        8 => {
            let mut buf = [0u8; 8];
            buf.copy_from_slice(&bytes);
            match endian {
                Endian::Little => f64::from_le_bytes(buf),
                Endian::Big => f64::from_be_bytes(buf),
            }
        }
        _ => crate::bail!(span, "bytes must have a length of 4 or 8"),
    };
    Ok(Value::Float(value))
}

/// The field `name` of a numeric, alignment or version value; `None` for values whose
/// fields are looked up elsewhere.
pub fn field(value: &Value, name: &str) -> Option<Result<Value, EcoString>> {
    Some(match value {
        Value::Length(length) => match name {
            "abs" => Ok(Value::Length(Length::abs(length.abs))),
            "em" => Ok(Value::Float(length.em.get())),
            _ => Err(eco_format!("length does not contain field \"{name}\"")),
        },
        Value::Relative(rel) => match name {
            "ratio" => Ok(Value::Ratio(rel.rel)),
            "length" => Ok(Value::Length(rel.abs)),
            _ => Err(eco_format!("relative length does not contain field \"{name}\"")),
        },
        Value::Alignment(align) => match name {
            "x" => Ok(align.x_part().map_or(Value::None, Value::Alignment)),
            "y" => Ok(align.y_part().map_or(Value::None, Value::Alignment)),
            _ => Err(eco_format!("alignment does not contain field \"{name}\"")),
        },
        Value::Version(version) => version.field(name),
        Value::Bool(_)
        | Value::Int(_)
        | Value::Float(_)
        | Value::Decimal(_)
        | Value::Angle(_)
        | Value::Ratio(_)
        | Value::Fraction(_)
        | Value::Direction(_) => {
            Err(eco_format!("cannot access fields on type {}", value.ty().long_name()))
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_from_strings() {
        use ParseIntError::*;
        let parse = |text| parse_int_radix(text, 10);
        assert_eq!(parse("42"), Ok(42));
        assert_eq!(parse("\u{2212}42"), Ok(-42));
        assert_eq!(parse("+5"), Ok(5));
        assert_eq!(parse("-9223372036854775808"), Ok(i64::MIN));
        assert_eq!(parse("-"), Err(Empty));
        assert_eq!(parse(""), Err(Empty));
        assert_eq!(parse("+"), Err(InvalidDigit));
        assert_eq!(parse(" 42"), Err(InvalidDigit));
        assert_eq!(parse("99999999999999999999"), Err(TooLarge));
        assert_eq!(parse("-9223372036854775809"), Err(TooSmall));
        assert_eq!(parse_int_radix("-99999999999999999", 16), Err(TooSmall));
    }

    #[test]
    fn floats_from_strings() {
        assert_eq!(parse_float("1e5"), Ok(100000.0));
        assert_eq!(parse_float("\u{2212}1.5"), Ok(-1.5));
        assert_eq!(parse_float("infinity"), Ok(f64::INFINITY));
        assert_eq!(parse_float(" 1.5"), Err("invalid float:  1.5".into()));
        assert_eq!(float_to_int(-9_223_372_036_854_775_808.0), Err("number too large".into()));
        assert_eq!(float_to_int(f64::NAN), Ok(0));
        assert_eq!(float_to_int(-2.7), Ok(-2));
    }

    #[test]
    fn version_components() {
        assert_eq!(component(4_294_967_295), Ok(u32::MAX));
        assert_eq!(component(4_294_967_296), Err("number too large".into()));
        assert_eq!(component(-1), Err("number must be at least zero".into()));
    }
}
