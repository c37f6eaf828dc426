//! `repr`: values → the source-like text Typst prints for them (`1.0`, `12pt`, `"a\n"`,
//! `(1, 2)`, `(a: 1)`, `<label>`, `heading(depth: 1, body: [Hi])`), and the number formats
//! shared with `display` (which uses the typographic minus sign).
//!
//! Arrays and dictionaries print on one line regardless of length.

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
                if v.rel.is_zero() {
                    repr_length(v.abs)
                } else if v.abs.is_zero() {
                    with_unit(v.rel.0 * 100.0, "%")
                } else {
                    eco_format!("{} + {}", with_unit(v.rel.0 * 100.0, "%"), repr_length(v.abs))
                }
            }
            Self::Fraction(v) => with_unit(v.0, "fr"),
            Self::Color(v) => v.repr(),
            Self::Alignment(v) => v.repr(),
            Self::Direction(v) => v.name().into(),
            Self::Stroke(v) => v.repr(),
            Self::Datetime(v) => v.repr(),
            Self::Str(v) => repr_str(v),
            Self::Label(v) => eco_format!("<{}>", v.0),
            Self::Content(v) => v.repr(),
            Self::Array(v) => {
                let items: Vec<EcoString> = v.0.iter().map(Value::repr).collect();
                if items.len() == 1 {
                    eco_format!("({},)", items[0])
                } else {
                    eco_format!("({})", items.join(", "))
                }
            }
            Self::Dict(v) => {
                if v.is_empty() {
                    return "(:)".into();
                }
                let items: Vec<EcoString> =
                    v.iter().map(|(k, v)| eco_format!("{}: {}", repr_key(k), v.repr())).collect();
                eco_format!("({})", items.join(", "))
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
                eco_format!("arguments({})", items.join(", "))
            }
            Self::Module(v) => eco_format!("<module {}>", v.name()),
            Self::Type(v) => v.short_name().into(),
            Self::Styles(_) => "..".into(),
            Self::Selector(v) => repr_selector(v),
            Self::Counter(v) => v.repr(),
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
        }
    }
}

/// A dictionary key: bare if it is an identifier, quoted otherwise.
fn repr_key(key: &str) -> EcoString {
    if is_ident(key) { key.into() } else { repr_str(key) }
}

/// A selector as the code that builds it.
pub(super) fn repr_selector(selector: &Selector) -> EcoString {
    match selector {
        Selector::Elem(elem, None) => elem.name().into(),
        Selector::Elem(elem, Some(fields)) => {
            let dict = Value::Dict(fields.clone()).repr();
            let inner = dict.strip_prefix('(').and_then(|d| d.strip_suffix(')')).unwrap_or("");
            eco_format!("{}.where({})", elem.name(), inner)
        }
        Selector::Label(label) => eco_format!("<{}>", label.0),
        Selector::Text(text) => repr_str(text),
        Selector::Or(list) | Selector::And(list) => {
            let name = if matches!(selector, Selector::Or(_)) { "or" } else { "and" };
            let items: Vec<EcoString> = list.iter().map(repr_selector).collect();
            eco_format!("selector.{name}({})", items.join(", "))
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
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// An integer; with `display`, negative numbers take the typographic minus sign.
pub fn format_int(v: i64, display: bool) -> EcoString {
    if display && v < 0 { eco_format!("\u{2212}{}", v.unsigned_abs()) } else { eco_format!("{v}") }
}

/// A float as `repr` writes it: always with a fractional part (`1.0`), `float.inf`,
/// `float.nan`.
fn repr_float(v: f64) -> EcoString {
    if v.is_nan() {
        "float.nan".into()
    } else if v.is_infinite() {
        if v > 0.0 { "float.inf".into() } else { "-float.inf".into() }
    } else {
        eco_format!("{v:?}")
    }
}

/// A float as `str` and `display` write it: without a needless `.0`.
pub fn format_float(v: f64) -> EcoString {
    if v.is_nan() {
        "NaN".into()
    } else if v.is_infinite() {
        if v > 0.0 { "inf".into() } else { "-inf".into() }
    } else {
        eco_format!("{v}")
    }
}

/// A float as placed into markup: like `format_float`, with the typographic minus sign.
pub fn format_float_display(v: f64) -> EcoString {
    let s = format_float(v);
    match s.strip_prefix('-') {
        Some(rest) => eco_format!("\u{2212}{rest}"),
        None => s,
    }
}

/// A number with a unit, rounded to two decimals: `12pt`, `33.33%`.
fn with_unit(v: f64, unit: &str) -> EcoString {
    let rounded = (v * 100.0).round() / 100.0;
    let rounded = if rounded == 0.0 { 0.0 } else { rounded };
    eco_format!("{}{unit}", format_float(rounded))
}

/// A length: `12pt`, `2em`, `12pt + 2em`.
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
