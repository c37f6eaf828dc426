//! The cast layer: `FromValue` turns a `Value` into a Rust type (with the coercions the
//! language makes, e.g. integer → float, symbol → string), and `coerce` checks a value
//! against the types an element field accepts. Both fail with Typst's
//! `expected X, found Y` wording.

use ecow::{EcoString, eco_format};

use super::{
    Args, Array, Color, Content, Dict, Fr, Func, Label, Length, Ratio, Rel, Str, Styles, Type,
    Value,
};
use crate::base::Angle;

/// A result whose error is a message without a span yet (attached with `.at(span)`).
pub type StrResult<T> = Result<T, EcoString>;

/// `expected X, found Y`, with the long type name of `found`.
pub fn mismatch(expected: &str, found: &Value) -> EcoString {
    eco_format!("expected {expected}, found {}", found.ty().long_name())
}

/// The types a parameter accepts, as an error message lists them: `integer`,
/// `integer or auto`, `length, ratio, or fraction`.
pub fn expected(types: &[Type]) -> EcoString {
    let names: Vec<&str> = types.iter().map(|t| t.long_name()).collect();
    match names.as_slice() {
        [] => "anything".into(),
        [one] => (*one).into(),
        [a, b] => eco_format!("{a} or {b}"),
        [init @ .., last] => eco_format!("{}, or {last}", init.join(", ")),
    }
}

/// Checks `value` against the accepted types of a field (empty: anything), making the
/// language's coercions: integer → float, length or ratio → relative length, string or
/// symbol → content, symbol → string, `none` → empty content.
pub fn coerce(value: Value, accepts: &[Type]) -> StrResult<Value> {
    if accepts.is_empty() || accepts.contains(&value.ty()) {
        return Ok(value);
    }
    let has = |ty| accepts.contains(&ty);
    Ok(match value {
        Value::Int(v) if has(Type::Float) => Value::Float(v as f64),
        Value::Length(v) if has(Type::Relative) => Value::Relative(v.into()),
        Value::Ratio(v) if has(Type::Relative) => Value::Relative(v.into()),
        Value::Str(v) if has(Type::Content) => Value::Content(Content::text(v.0)),
        Value::Symbol(v) if has(Type::Str) => Value::Str(Str::from(v.get())),
        Value::Symbol(v) if has(Type::Content) => Value::Content(super::symbol_content(v.get())),
        Value::None if has(Type::Content) => Value::Content(Content::empty()),
        // A type stands for its constructor where a function is expected.
        v @ Value::Type(_) if has(Type::Func) => Value::Func(Func::from_value(v)?),
        v @ (Value::Length(_)
        | Value::Color(_)
        | Value::Gradient(_)
        | Value::Tiling(_)
        | Value::Dict(_))
            if has(Type::Stroke) =>
        {
            Value::Stroke(std::sync::Arc::new(<super::Stroke as FromValue>::from_value(v)?))
        }
        v => return Err(mismatch(&expected_field(accepts, false), &v)),
    })
}

/// `coerce` for an element field, whose error lists the types as Typst does for it:
/// `none` and `auto` last (they wrap the field's real type), except for a size that may
/// be a fraction (`auto, relative length, or fraction`) unless it is spacing; a stroke
/// as everything that makes one.
pub fn coerce_field(value: Value, accepts: &[Type], spacing: bool) -> StrResult<Value> {
    coerce(value, accepts).map_err(|message| {
        let Some((_, found)) = message.rsplit_once(", found ") else { return message };
        let sizing =
            !spacing && accepts.contains(&Type::Fraction) && accepts.first() == Some(&Type::Auto);
        eco_format!("expected {}, found {found}", expected_field(accepts, sizing))
    })
}

fn expected_field(accepts: &[Type], sizing: bool) -> EcoString {
    const STROKE_PARTS: &[Type] =
        &[Type::Length, Type::Color, Type::Gradient, Type::Tiling, Type::Dict];
    let wrapper =
        |ty: &&Type| matches!(ty, Type::None | Type::Auto) && !(sizing && **ty == Type::Auto);
    let mut types: Vec<Type> = Vec::with_capacity(accepts.len() + 5);
    for ty in accepts.iter().filter(|ty| !wrapper(ty)) {
        if *ty == Type::Stroke {
            types.extend(STROKE_PARTS.iter().filter(|t| !accepts.contains(t)));
        }
        types.push(*ty);
    }
    types.extend(accepts.iter().filter(wrapper));
    expected(&types)
}

/// The hint Typst gives with a failed cast (`message` says what was expected): a
/// unit for an integer where a length would do, the way to make a label from a string,
/// the explicit conversion of a decimal to a float.
pub fn cast_hint(message: &str, found: &Value) -> Option<EcoString> {
    let listed = message.strip_prefix("expected ")?.rsplit_once(", found ")?.0;
    let lists = |name: &str| {
        listed
            .split(", ")
            .flat_map(|part| part.split(" or "))
            .any(|part| part.strip_prefix("or ").unwrap_or(part) == name)
    };
    match found {
        Value::Int(i) if lists("length") => {
            Some(eco_format!("a length needs a unit - did you mean {i}pt?"))
        }
        Value::Str(s) if lists("label") => {
            let literal = !s.is_empty()
                && s.chars().all(|c| crate::syntax::is_id_continue(c) || matches!(c, ':' | '.'));
            Some(if literal {
                eco_format!("use `<{}>` or `label({})` to create a label", s.as_str(), found.repr())
            } else {
                eco_format!("use `label({})` to create a label", found.repr())
            })
        }
        Value::Decimal(_) if lists("float") => Some(
            "if loss of precision is acceptable, explicitly cast the decimal to a float with \
             `float(value)`"
                .into(),
        ),
        _ => None,
    }
}

/// Conversion from a value, with the language's coercions.
pub trait FromValue: Sized {
    /// Converts the value or says what was expected.
    fn from_value(value: Value) -> StrResult<Self>;
}

impl FromValue for Value {
    fn from_value(value: Value) -> StrResult<Self> {
        Ok(value)
    }
}

/// Implements `FromValue` for a type held by one variant.
macro_rules! from_variant {
    ($ty:ty, $variant:ident, $name:literal) => {
        impl FromValue for $ty {
            fn from_value(value: Value) -> StrResult<Self> {
                match value {
                    Value::$variant(v) => Ok(v),
                    v => Err(mismatch($name, &v)),
                }
            }
        }
    };
}

from_variant!(bool, Bool, "boolean");
from_variant!(i64, Int, "integer");
from_variant!(Array, Array, "array");
from_variant!(Dict, Dict, "dictionary");
from_variant!(Angle, Angle, "angle");
from_variant!(Ratio, Ratio, "ratio");
from_variant!(Fr, Fraction, "fraction");
from_variant!(Color, Color, "color");
from_variant!(super::Alignment, Alignment, "alignment");
from_variant!(super::Dir, Direction, "direction");
from_variant!(super::Datetime, Datetime, "datetime");
from_variant!(Label, Label, "label");
from_variant!(Length, Length, "length");
from_variant!(Styles, Styles, "styles");
from_variant!(Type, Type, "type");

impl FromValue for Func {
    fn from_value(value: Value) -> StrResult<Self> {
        match value {
            Value::Func(f) => Ok(f),
            // Types with a constructor are callable: it stands in for them.
            Value::Type(ty) if crate::eval::library::has_constructor(ty) => {
                Ok(Func::new(super::FuncRepr::Type(ty), crate::base::Span::detached()))
            }
            Value::Type(ty) => {
                Err(eco_format!("type {} does not have a constructor", ty.long_name()))
            }
            // So are accent and delimiter symbols (`map(sym.hat)`).
            Value::Symbol(s) if crate::eval::library::symbol_callable(&s) => {
                Ok(Func::new(super::FuncRepr::Symbol(s), crate::base::Span::detached()))
            }
            Value::Symbol(s) => Err(eco_format!("symbol {} is not callable", s.get())),
            v => Err(mismatch("function", &v)),
        }
    }
}

impl FromValue for f64 {
    fn from_value(value: Value) -> StrResult<Self> {
        match value {
            Value::Int(v) => Ok(v as f64),
            Value::Float(v) => Ok(v),
            v => Err(mismatch("float", &v)),
        }
    }
}

impl FromValue for usize {
    fn from_value(value: Value) -> StrResult<Self> {
        let v = i64::from_value(value)?;
        usize::try_from(v).map_err(|_| "number must be at least zero".into())
    }
}

impl FromValue for Str {
    fn from_value(value: Value) -> StrResult<Self> {
        match value {
            Value::Str(v) => Ok(v),
            // A symbol stands for its text wherever a string is expected.
            Value::Symbol(v) => Ok(Str::from(v.get())),
            v => Err(mismatch("string", &v)),
        }
    }
}

impl FromValue for EcoString {
    fn from_value(value: Value) -> StrResult<Self> {
        Str::from_value(value).map(|s| s.0)
    }
}

impl FromValue for Content {
    fn from_value(value: Value) -> StrResult<Self> {
        match coerce(value, &[Type::Content])? {
            Value::Content(c) => Ok(c),
            _ => unreachable!("coerce to content gives content"),
        }
    }
}

impl FromValue for Rel {
    fn from_value(value: Value) -> StrResult<Self> {
        match value {
            Value::Length(v) => Ok(v.into()),
            Value::Ratio(v) => Ok(v.into()),
            Value::Relative(v) => Ok(v),
            v => Err(mismatch("relative length", &v)),
        }
    }
}

impl FromValue for Args {
    fn from_value(value: Value) -> StrResult<Self> {
        match value {
            Value::Args(v) => Ok(std::sync::Arc::unwrap_or_clone(v)),
            v => Err(mismatch("arguments", &v)),
        }
    }
}

/// A value that may be left to be chosen automatically: `auto` or a `T`.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Hash)]
pub enum Smart<T> {
    Auto,
    Custom(T),
}

impl<T> Smart<T> {
    /// The custom value, or `default` for `auto`.
    pub fn unwrap_or(self, default: T) -> T {
        match self {
            Self::Auto => default,
            Self::Custom(v) => v,
        }
    }
}

impl<T: FromValue> FromValue for Smart<T> {
    fn from_value(value: Value) -> StrResult<Self> {
        match value {
            Value::Auto => Ok(Self::Auto),
            v => T::from_value(v).map(Self::Custom).map_err(|e| match e.split_once(", found ") {
                Some((exp, found)) => eco_format!("{exp} or auto, found {found}"),
                None => e,
            }),
        }
    }
}

impl<T: FromValue> FromValue for Option<T> {
    fn from_value(value: Value) -> StrResult<Self> {
        match value {
            Value::None => Ok(None),
            v => T::from_value(v).map(Some).map_err(|e| {
                // `expected integer, found string` → `expected integer or none, found string`.
                match e.split_once(", found ") {
                    Some((exp, found)) => eco_format!("{exp} or none, found {found}"),
                    None => e,
                }
            }),
        }
    }
}
