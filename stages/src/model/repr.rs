//! `repr`: values → the source-like text Typst prints for them (`1.0`, `12pt`, `"a\n"`,
//! `(1, 2)`, `(a: 1)`, `<label>`, `heading(depth: 1, body: [Hi])`), and the number formats
//! shared with `display` (which uses the typographic minus sign).
//!
//! Arrays and dictionaries print on one line while short, else one item per line, and
//! show at most 40 items.

use ecow::{EcoString, eco_format};

use super::{Selector, Value};
use crate::syntax::is_ident;

impl Value {
    /// The value as Typst's `repr` writes it.
    pub fn repr(&self) -> EcoString {
        match self {
            Self::None => "none".into(),
            Self::Auto => "auto".into(),
            Self::Bool(v) => eco_format!("{v}"),
            Self::Int(v) => format_int(*v, false),
            Self::Float(v) => repr_float(*v),
            Self::Length(v) => repr_length(*v),
            Self::Angle(v) => with_unit(v.to_deg(), "deg"),
            Self::Ratio(v) => with_unit(v.0 * 100.0, "%"),
            Self::Relative(v) => {
                eco_format!("{} + {}", with_unit(v.rel.0 * 100.0, "%"), repr_length(v.abs))
            }
            Self::Fraction(v) => with_unit(v.0, "fr"),
            Self::Color(v) => v.repr(),
            Self::Alignment(v) => v.repr(),
            Self::Direction(v) => v.name().into(),
            Self::Stroke(v) => v.repr(),
            Self::Datetime(v) => v.repr(),
            Self::Str(v) => repr_str(v),
            Self::Label(v) => v.repr(),
            Self::Content(v) => v.repr(),
            Self::Array(v) => {
                let mut items: Vec<EcoString> =
                    v.0.iter().take(MAX_ITEMS).map(Value::repr).collect();
                if v.len() > MAX_ITEMS {
                    items.push(eco_format!(".. ({} items omitted)", v.len() - MAX_ITEMS));
                }
                pretty_list(&items, v.len() == 1)
            }
            Self::Dict(v) => {
                if v.is_empty() {
                    return "(:)".into();
                }
                let mut items: Vec<EcoString> = v
                    .iter()
                    .take(MAX_ITEMS)
                    .map(|(k, v)| eco_format!("{}: {}", repr_key(k), v.repr()))
                    .collect();
                if v.len() > MAX_ITEMS {
                    items.push(eco_format!(".. ({} pairs omitted)", v.len() - MAX_ITEMS));
                }
                pretty_list(&items, false)
            }
            Self::Func(v) => v.repr(),
            Self::Args(v) => {
                let items: Vec<EcoString> = v
                    .items
                    .iter()
                    .map(|arg| match &arg.name {
                        Some(name) => eco_format!("{}: {}", name, arg.value.repr()),
                        None => arg.value.repr(),
                    })
                    .collect();
                eco_format!("arguments{}", pretty_list(&items, false))
            }
            Self::Module(v) => eco_format!("<module {}>", v.name()),
            // The types of `none` and `auto` would read as the values themselves.
            Self::Type(v @ (super::Type::None | super::Type::Auto)) => {
                eco_format!("type({})", v.short_name())
            }
            Self::Type(v) => v.short_name().into(),
            Self::Styles(_) => "styles(..)".into(),
            Self::Selector(v) => repr_selector(v),
            Self::Counter(v) => v.repr(),
            Self::State(v) => v.repr(),
            // Typst hides a location's identity.
            Self::Location(_) => "location(..)".into(),
            Self::Bytes(v) => v.repr(),
            Self::Decimal(v) => v.repr(),
            Self::Duration(v) => v.repr(),
            Self::Version(v) => v.repr(),
            Self::Regex(v) => v.repr(),
            Self::Symbol(v) => v.repr(),
            Self::Gradient(v) => v.repr(),
            Self::Tiling(v) => v.repr(),
            Self::Colorant(v) => v.repr(),
            Self::Path(v) => v.repr(),
        }
    }
}

/// The most items of an array or pairs of a dictionary `repr` shows; the rest are
/// summarized as `.. (N items omitted)`.
const MAX_ITEMS: usize = 40;

/// A dictionary key: bare if it is an identifier, quoted otherwise.
fn repr_key(key: &str) -> EcoString {
    if is_ident(key) { key.into() } else { repr_str(key) }
}

/// A selector as the code that builds it.
pub(super) fn repr_selector(selector: &Selector) -> EcoString {
    match selector {
        Selector::Elem(elem, None) => elem.short_name().into(),
        Selector::Elem(elem, Some(fields)) => {
            let dict = Value::Dict(fields.clone()).repr();
            let inner = dict.strip_prefix('(').and_then(|d| d.strip_suffix(')')).unwrap_or("");
            eco_format!("{}.where({})", elem.short_name(), inner)
        }
        Selector::Label(label) => label.repr(),
        Selector::Regex(regex) => regex.repr(),
        Selector::Location(_) => "location(..)".into(),
        Selector::Or(list) | Selector::And(list) => {
            let name = if matches!(selector, Selector::Or(_)) { "or" } else { "and" };
            let items: Vec<EcoString> = list.iter().map(repr_selector).collect();
            eco_format!("selector.{name}({})", items.join(", "))
        }
        Selector::Before { selector: inner, end: other, inclusive }
        | Selector::After { selector: inner, start: other, inclusive } => {
            let name = if matches!(selector, Selector::Before { .. }) { "before" } else { "after" };
            let flag = if *inclusive { "" } else { ", inclusive: false" };
            eco_format!("{}.{name}({}{flag})", repr_selector(inner), repr_selector(other))
        }
        Selector::Within { selector: inner, ancestor } => {
            eco_format!("{}.within({})", repr_selector(inner), repr_selector(ancestor))
        }
    }
}

/// A string literal with escapes.
pub fn repr_str(s: &str) -> EcoString {
    let mut out = EcoString::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&eco_format!("\\u{{{:x}}}", c as u32)),
            // Like Rust's debug escapes: combining marks, invisible and unusual spaces.
            c if c != '\'' && c.escape_debug().count() > 1 => out.extend(c.escape_debug()),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A list of item reprs in parentheses: on one line while that stays within 50 bytes
/// (not counting the parentheses), otherwise one item per line, indented by two spaces
/// and each followed by a comma. `trailing_comma` marks a one-item array: `(1,)`.
pub fn pretty_list(items: &[EcoString], trailing_comma: bool) -> EcoString {
    let width =
        items.iter().map(|item| item.len()).sum::<usize>() + 2 * items.len().saturating_sub(1);
    let multiline = items.iter().any(|item| item.contains('\n'));
    if width <= 50 && !multiline {
        let comma = if trailing_comma { "," } else { "" };
        return eco_format!("({}{comma})", items.join(", "));
    }
    let mut out = EcoString::from("(\n");
    for item in items {
        for line in item.split('\n') {
            out.push_str("  ");
            out.push_str(line);
            out.push('\n');
        }
        out.pop();
        out.push_str(",\n");
    }
    out.push(')');
    out
}

/// An integer; with `display`, negative numbers take the typographic minus sign.
pub fn format_int(v: i64, display: bool) -> EcoString {
    if display && v < 0 { eco_format!("\u{2212}{}", v.unsigned_abs()) } else { eco_format!("{v}") }
}

/// A float as `repr` writes it: the shortest digits that read back to the same float,
/// always with a decimal point or an exponent (`1.0`, `1e-7`, `1e16`), and `float.inf`,
/// `-float.inf`, `float.nan`.
pub fn repr_float(v: f64) -> EcoString {
    if v.is_nan() {
        "float.nan".into()
    } else if v.is_infinite() {
        if v > 0.0 { "float.inf".into() } else { "-float.inf".into() }
    } else {
        eco_format!("{v:?}")
    }
}

/// A float as plain digits without a needless `.0` and without an exponent (`1.5`, `-2`,
/// `100000000000000000000`), `inf`, `-inf` or `NaN`.
pub fn format_float(v: f64) -> EcoString {
    if v.is_nan() {
        "NaN".into()
    } else if v.is_infinite() {
        if v > 0.0 { "inf".into() } else { "-inf".into() }
    } else {
        eco_format!("{v}")
    }
}

/// A float as placed into markup or converted with `str`: like `format_float`, with the
/// typographic minus sign and `∞` for infinity.
pub fn format_float_display(v: f64) -> EcoString {
    if v.is_nan() {
        return "NaN".into();
    }
    let s = if v.is_infinite() { "\u{221E}".into() } else { eco_format!("{}", v.abs()) };
    if v.is_sign_negative() && v != 0.0 { eco_format!("\u{2212}{s}") } else { s }
}

/// Rounds `value` to `digits` decimal places (negative: to tens, hundreds, ...), half away
/// from zero. A no-op where the float cannot hold that many digits (infinite, NaN, at
/// least 2^53 with non-negative digits, or 15 and more digits); below -308 digits the
/// result is a zero of the value's sign.
pub fn round_with_precision(value: f64, digits: i64) -> f64 {
    if !value.is_finite() || (digits >= 0 && value.abs() >= 9_007_199_254_740_992.0) || digits >= 15
    {
        return value;
    }
    if digits < -308 {
        return value * 0.0;
    }
    // `exp10` is exact for the powers of ten a float holds exactly and correctly rounded
    // beyond, where repeated squaring would drift (`digits: -300`).
    if digits > 0 {
        let offset = libm::exp10(digits as f64);
        libm::round(value * offset) / offset
    } else {
        let offset = libm::exp10(-digits as f64);
        libm::round(value / offset) * offset
    }
}

/// `base` to an integer power by repeated squaring, multiplying in the same order as the
/// `powi` intrinsic of Rust's standard library (compiler-rt's `__powidf2`), so that results
/// are identical on every platform.
pub fn powi(base: f64, exp: i32) -> f64 {
    let mut a = base;
    let mut b = exp;
    let mut r = 1.0;
    loop {
        if b & 1 != 0 {
            r *= a;
        }
        b /= 2;
        if b == 0 {
            break;
        }
        a *= a;
    }
    if exp < 0 { 1.0 / r } else { r }
}

/// A number with a unit, rounded to two decimals: `12pt`, `33.33%`, `-0pt`; an infinite
/// number as the product that makes it: `float.inf * 1pt`.
fn with_unit(v: f64, unit: &str) -> EcoString {
    let v = if v.is_nan() { 0.0 } else { v };
    if v.is_infinite() {
        return eco_format!("{} * 1{unit}", repr_float(v));
    }
    eco_format!("{}{unit}", format_float(round_with_precision(v, 2)))
}

/// A length: `12pt`, `2em`, `12pt + -2em`.
fn repr_length(v: super::Length) -> EcoString {
    let em = v.em.get();
    if em == 0.0 {
        with_unit(v.abs.to_pt(), "pt")
    } else if v.abs.is_zero() {
        with_unit(em, "em")
    } else {
        eco_format!("{} + {}", with_unit(v.abs.to_pt(), "pt"), with_unit(em, "em"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats() {
        assert_eq!(repr_float(1.0), "1.0");
        assert_eq!(repr_float(1e-7), "1e-7");
        assert_eq!(repr_float(1e15), "1000000000000000.0");
        assert_eq!(repr_float(1e16), "1e16");
        assert_eq!(repr_float(-0.0), "-0.0");
        assert_eq!(repr_float(f64::NEG_INFINITY), "-float.inf");
        assert_eq!(format_float_display(-1.5), "\u{2212}1.5");
        assert_eq!(format_float_display(1e20), "100000000000000000000");
        assert_eq!(format_float_display(f64::NEG_INFINITY), "\u{2212}\u{221E}");
        assert_eq!(format_float_display(-0.0), "0");
    }

    #[test]
    fn rounding() {
        assert_eq!(round_with_precision(1.005, 2), 1.0);
        assert_eq!(round_with_precision(1.23456, 2), 1.23);
        assert_eq!(round_with_precision(1234.5678, -2), 1200.0);
        assert_eq!(round_with_precision(1e300, 10), 1e300);
        assert_eq!(round_with_precision(1.5, -400).to_bits(), 0.0f64.to_bits());
        assert_eq!(with_unit(-0.004, "pt"), "-0pt");
        assert_eq!(with_unit(12.345678, "pt"), "12.35pt");
    }

    #[test]
    fn lists() {
        let short: Vec<EcoString> = vec!["1".into(), "2".into()];
        assert_eq!(pretty_list(&short, false), "(1, 2)");
        let one: Vec<EcoString> = vec!["1".into()];
        assert_eq!(pretty_list(&one, true), "(1,)");
        let long: Vec<EcoString> = vec!["a".repeat(49).into(), "1".into()];
        assert_eq!(pretty_list(&long, false), eco_format!("(\n  {},\n  1,\n)", "a".repeat(49)));
    }
}
