//! Constructors of the text-like types and their type-scope functions: `str(value, base:
//! ..)`, `str.from-unicode`, `str.to-unicode`, `regex(pattern)`, `bytes(value)` and
//! `label(name)`, with Typst's conversions and errors; and the check that the font
//! families a `text` call or `set text` names exist.

use ecow::{EcoString, eco_format};

use super::native;
use crate::base::{SourceResult, Span};
use crate::eval::{At, Engine};
use crate::model::{
    Args, Bytes, Element, Label, Regex, Str, StrResult, TEXT, Type, Value, format_float,
    format_int, mismatch,
};

native!(FROM_UNICODE, "from-unicode", from_unicode);
native!(TO_UNICODE, "to-unicode", to_unicode);

/// The functions in the scope of `str`: `str.from-unicode`, `str.to-unicode`.
pub fn type_scope(ty: Type, name: &str) -> Option<Value> {
    let native = match (ty, name) {
        (Type::Str, "from-unicode") => &FROM_UNICODE,
        (Type::Str, "to-unicode") => &TO_UNICODE,
        _ => return None,
    };
    Some(Value::Func(crate::model::Func::from(native)))
}

/// Runs the constructor of `str`, `regex`, `bytes` or `label`; `None` for other types.
/// Leftover arguments are the caller's to reject.
pub fn construct(ty: Type, args: &mut Args) -> Option<SourceResult<Value>> {
    Some(match ty {
        Type::Str => construct_str(args),
        Type::Regex => construct_regex(args),
        Type::Bytes => construct_bytes(args),
        Type::Label => construct_label(args),
        _ => return None,
    })
}

/// Warns `unknown font family: name`, at the argument's value, for each family that a
/// `font` argument of a `text` call or `set text` rule names and no font has. Runs when
/// the arguments are read (so a text never placed still warns, and a `context` warns
/// from the final layout iteration only); nothing for a malformed value, whose error
/// comes from the element, nor where no fonts are known (evaluation on its own).
pub fn check_font_families(engine: &mut Engine, elem: Element, args: &Args) {
    if elem != TEXT {
        return;
    }
    let Some(typesetter) = engine.world.typesetter() else { return };
    for arg in args.items.iter().filter(|arg| arg.name.as_deref() == Some("font")) {
        let Some(families) = font_families(&arg.value) else { continue };
        for family in families {
            if !typesetter.font_family_exists(family) {
                let family = family.to_lowercase();
                let warning = crate::warning!(arg.value_span, "unknown font family: {family}");
                engine.warnings.push(warning);
            }
        }
    }
}

/// The family names of a well-formed `font` value: a name, a `(name: .., covers: ..)`
/// dictionary, or a non-empty array of those; `None` for anything else.
fn font_families(value: &Value) -> Option<Vec<&str>> {
    fn family(value: &Value) -> Option<&str> {
        match value {
            Value::Str(name) => Some(name.as_str()),
            Value::Dict(dict) => {
                let covers_ok = match dict.get("covers") {
                    None | Some(Value::Regex(_)) => true,
                    Some(Value::Str(covers)) => covers.as_str() == "latin-in-cjk",
                    Some(_) => false,
                };
                match dict.get("name") {
                    Some(Value::Str(name)) if covers_ok => Some(name.as_str()),
                    _ => None,
                }
            }
            _ => None,
        }
    }
    match value {
        Value::Array(items) if items.is_empty() => None,
        Value::Array(items) => items.as_slice().iter().map(family).collect(),
        other => family(other).map(|name| vec![name]),
    }
}

/// Takes the next positional argument with the span errors about it point at.
fn expect_spanned(args: &mut Args, what: &str) -> SourceResult<(Value, Span)> {
    let span = args.items.iter().find(|arg| arg.name.is_none()).map_or(args.span, |arg| arg.span);
    Ok((args.expect(what)?, span))
}

/// Takes a named argument with the span of its value.
fn named_spanned(args: &mut Args, name: &str) -> SourceResult<Option<(Value, Span)>> {
    let span = args
        .items
        .iter()
        .rev()
        .find(|arg| arg.name.as_deref() == Some(name))
        .map_or(args.span, |arg| arg.value_span);
    Ok(args.named::<Value>(name)?.map(|v| (v, span)))
}

/// `str(value, base: 10)`.
fn construct_str(args: &mut Args) -> SourceResult<Value> {
    let (value, span) = expect_spanned(args, "value")?;
    // The value must be convertible before the base is looked at.
    let (int, text) = match value {
        Value::Int(n) => (Some(n), format_int(n, true)),
        v => (None, to_str(v).at(span)?),
    };
    if let Some((base, base_span)) = named_spanned(args, "base")? {
        let Value::Int(base) = base else {
            crate::bail!(base_span, "{}", mismatch("integer", &base));
        };
        let Some(n) = int else {
            crate::bail!(base_span, "base is only supported for integers");
        };
        if base == 1 && n > 0 {
            crate::bail!(
                base_span, "base must be between 2 and 36";
                hint: "generate a unary representation with `\"1\" * {}`", n
            );
        }
        if !(2..=36).contains(&base) {
            crate::bail!(base_span, "base must be between 2 and 36");
        }
        return Ok(Value::str(int_in_base(n, base as u32)));
    }
    Ok(Value::Str(Str(text)))
}

/// An integer written in `base` (2 to 36) with lowercase digits and the typographic minus.
fn int_in_base(n: i64, base: u32) -> EcoString {
    if n == 0 {
        return "0".into();
    }
    let mut magnitude = n.unsigned_abs();
    let mut digits = Vec::new();
    while magnitude > 0 {
        let digit = (magnitude % u64::from(base)) as u32;
        digits.push(char::from_digit(digit, base).unwrap_or('0'));
        magnitude /= u64::from(base);
    }
    if n < 0 {
        digits.push('\u{2212}');
    }
    digits.into_iter().rev().collect()
}

/// A float as `str` writes it: shortest round-trip digits, no exponent, the typographic
/// minus, `∞` and `NaN`.
fn float_text(v: f64) -> EcoString {
    if v.is_nan() {
        "NaN".into()
    } else if v.is_infinite() {
        if v > 0.0 { "∞".into() } else { "\u{2212}∞".into() }
    } else if v == 0.0 {
        "0".into()
    } else {
        let s = format_float(v);
        match s.strip_prefix('-') {
            Some(rest) => eco_format!("\u{2212}{rest}"),
            None => s,
        }
    }
}

/// The conversions of `str(value)`.
pub fn to_str(value: Value) -> StrResult<EcoString> {
    Ok(match value {
        Value::Int(i) => format_int(i, true),
        Value::Float(f) => float_text(f),
        Value::Decimal(d) => {
            let s = eco_format!("{}", d.0.abs());
            if d.0.is_sign_negative() && !d.0.is_zero() { eco_format!("\u{2212}{s}") } else { s }
        }
        Value::Version(v) => {
            let parts: Vec<String> = v.0.iter().map(u32::to_string).collect();
            parts.join(".").into()
        }
        Value::Bytes(b) => match std::str::from_utf8(b.as_slice()) {
            Ok(s) => s.into(),
            Err(_) => return Err("bytes are not valid UTF-8".into()),
        },
        Value::Label(l) => l.0,
        Value::Type(t) => t.long_name().into(),
        Value::Str(s) => s.0,
        Value::Symbol(s) => s.get().into(),
        v => {
            return Err(mismatch(
                "integer, float, decimal, version, bytes, label, type, or string",
                &v,
            ));
        }
    })
}

/// `str.from-unicode(value)`.
fn from_unicode(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let (code, span) = args.expect_spanned::<usize>("value")?;
    // The value must fit a code point's integer type before it is checked as one.
    let Ok(code) = u32::try_from(code) else {
        args.failed = true;
        crate::bail!(span, "number too large");
    };
    let c = char::from_u32(code)
        .ok_or_else(|| eco_format!("{code:#x} is not a valid codepoint"))
        .at(args.span)?;
    Ok(Value::str(c.to_string()))
}

/// `str.to-unicode(character)`.
fn to_unicode(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let (value, span) = expect_spanned(args, "character")?;
    let s = match value {
        Value::Str(s) => s,
        Value::Symbol(s) => Str::from(s.get()),
        v => crate::bail!(span, "{}", mismatch("string", &v)),
    };
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Ok(Value::Int(i64::from(u32::from(c)))),
        _ => crate::bail!(span, "expected exactly one character"),
    }
}

/// `regex(pattern)`.
fn construct_regex(args: &mut Args) -> SourceResult<Value> {
    let (value, span) = expect_spanned(args, "regex")?;
    let pattern = match value {
        Value::Str(s) => s,
        Value::Symbol(s) => Str::from(s.get()),
        v => crate::bail!(span, "{}", mismatch("string", &v)),
    };
    Regex::new(&pattern).map(Value::Regex).at(span)
}

/// `bytes(value)`: the UTF-8 encoding of a string, an array of integers from 0 to 255, or
/// bytes as they are.
fn construct_bytes(args: &mut Args) -> SourceResult<Value> {
    let (value, span) = expect_spanned(args, "value")?;
    let bytes = match value {
        Value::Str(s) => Bytes::from(s.as_str()),
        Value::Symbol(s) => Bytes::from(s.get()),
        Value::Bytes(b) => b,
        Value::Array(array) => {
            let mut out = Vec::with_capacity(array.len());
            for item in array.0.iter() {
                match item {
                    Value::Int(i) => match u8::try_from(*i) {
                        Ok(b) => out.push(b),
                        Err(_) => crate::bail!(span, "number must be between 0 and 255"),
                    },
                    v => crate::bail!(span, "{}", mismatch("integer", v)),
                }
            }
            Bytes::from(out)
        }
        v => crate::bail!(span, "{}", mismatch("string, array, or bytes", &v)),
    };
    Ok(Value::Bytes(bytes))
}

/// `label(name)`.
fn construct_label(args: &mut Args) -> SourceResult<Value> {
    let (value, span) = expect_spanned(args, "name")?;
    let name = match value {
        Value::Str(s) => s,
        Value::Symbol(s) => Str::from(s.get()),
        v => crate::bail!(span, "{}", mismatch("string", &v)),
    };
    if name.is_empty() {
        crate::bail!(args.span, "label name must not be empty");
    }
    Ok(Value::Label(Label(name.0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bases() {
        assert_eq!(int_in_base(255, 16), "ff");
        assert_eq!(int_in_base(-10, 2), "\u{2212}1010");
        assert_eq!(int_in_base(i64::MIN, 16), "\u{2212}8000000000000000");
        assert_eq!(int_in_base(0, 7), "0");
    }

    #[test]
    fn floats() {
        assert_eq!(float_text(1.0), "1");
        assert_eq!(float_text(-0.0), "0");
        assert_eq!(float_text(-5.5), "\u{2212}5.5");
        assert_eq!(float_text(1e-7), "0.0000001");
        assert_eq!(float_text(f64::NEG_INFINITY), "\u{2212}∞");
    }
}
