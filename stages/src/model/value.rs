//! `Value`: everything an expression can evaluate to, in 32 bytes. Large or rare payloads
//! sit behind `Arc`s; strings, arrays and content are cheap to clone.

use crate::base::{Angle, Location};

use super::{
    Alignment, Args, Array, Color, Content, Counter, Datetime, Dict, Dir, Fr, Func, Label, Length,
    Module, Ratio, Rel, Selector, Str, Stroke, Styles, Type,
};
use super::{Bytes, Decimal, Duration, FilePath, Gradient, Regex, Symbol, Tiling, Version};
use std::sync::Arc;

/// A value of the language.
#[derive(Debug, Clone, Default)]
pub enum Value {
    /// The absence of a value: `none`.
    #[default]
    None,
    /// A value to be chosen automatically: `auto`.
    Auto,
    Bool(bool),
    Int(i64),
    Float(f64),
    Length(Length),
    Angle(Angle),
    Ratio(Ratio),
    Relative(Rel),
    Fraction(Fr),
    Color(Color),
    Alignment(Alignment),
    Direction(Dir),
    Stroke(Arc<Stroke>),
    Datetime(Datetime),
    Str(Str),
    Label(Label),
    Content(Content),
    Array(Array),
    Dict(Dict),
    Func(Func),
    Args(Arc<Args>),
    Module(Module),
    Type(Type),
    Styles(Styles),
    Selector(Arc<Selector>),
    Counter(Arc<Counter>),
    /// A state (`state(key, init)`).
    State(Arc<super::State>),
    /// The place of a locatable element (`here()`, `locate(..)`).
    Location(Location),
    Bytes(Bytes),
    Decimal(Decimal),
    Duration(Duration),
    Version(Version),
    Regex(Regex),
    Symbol(Symbol),
    Gradient(Gradient),
    Tiling(Tiling),
    /// A path resolved against the file that made it (`path("x.json")`).
    Path(FilePath),
    /// A spot colorant (`color.spot("PANTONE 2221 C", rgb("#239dad"))`).
    Colorant(super::Colorant),
}

impl Value {
    /// The value's type.
    pub fn ty(&self) -> Type {
        match self {
            Self::None => Type::None,
            Self::Auto => Type::Auto,
            Self::Bool(_) => Type::Bool,
            Self::Int(_) => Type::Int,
            Self::Float(_) => Type::Float,
            Self::Length(_) => Type::Length,
            Self::Angle(_) => Type::Angle,
            Self::Ratio(_) => Type::Ratio,
            Self::Relative(_) => Type::Relative,
            Self::Fraction(_) => Type::Fraction,
            Self::Color(_) => Type::Color,
            Self::Alignment(_) => Type::Alignment,
            Self::Direction(_) => Type::Direction,
            Self::Stroke(_) => Type::Stroke,
            Self::Datetime(_) => Type::Datetime,
            Self::Str(_) => Type::Str,
            Self::Label(_) => Type::Label,
            Self::Content(_) => Type::Content,
            Self::Array(_) => Type::Array,
            Self::Dict(_) => Type::Dict,
            Self::Func(_) => Type::Func,
            Self::Args(_) => Type::Args,
            Self::Module(_) => Type::Module,
            Self::Type(_) => Type::Type,
            Self::Styles(_) => Type::Styles,
            Self::Selector(_) => Type::Selector,
            Self::Counter(_) => Type::Counter,
            Self::State(_) => Type::State,
            Self::Location(_) => Type::Location,
            Self::Bytes(_) => Type::Bytes,
            Self::Decimal(_) => Type::Decimal,
            Self::Duration(_) => Type::Duration,
            Self::Version(_) => Type::Version,
            Self::Regex(_) => Type::Regex,
            Self::Symbol(_) => Type::Symbol,
            Self::Gradient(_) => Type::Gradient,
            Self::Tiling(_) => Type::Tiling,
            Self::Path(_) => Type::Path,
            Self::Colorant(_) => Type::Spot,
        }
    }

    /// A string value.
    pub fn str(s: impl Into<Str>) -> Self {
        Self::Str(s.into())
    }

    /// The value as content, for placing it into markup: `none` is nothing, content is
    /// itself, strings and numbers become text, anything else its `repr` as text.
    pub fn display(self) -> Content {
        match self {
            Self::None => Content::empty(),
            Self::Int(v) => Content::text(super::format_int(v, true)),
            Self::Float(v) => Content::text(super::format_float_display(v)),
            Self::Str(s) => Content::text(s.0),
            Self::Decimal(v) => Content::text(v.display()),
            Self::Version(v) => Content::text(v.display()),
            Self::Content(c) => c,
            // A symbol shows as symbol content, which becomes text outside math.
            Self::Symbol(s) => super::symbol_content(s.get()),
            Self::Module(module) => module.content().clone(),
            // Everything else shows its code, as inline raw text.
            other => Content::new(super::RAW)
                .with_field("text", Self::Str(other.repr().into()))
                .with_field("block", Self::Bool(false))
                .with_field("lang", Self::Str("typc".into())),
        }
    }
}

impl PartialEq for Value {
    fn eq(&self, other: &Self) -> bool {
        super::equal(self, other)
    }
}

impl From<bool> for Value {
    fn from(v: bool) -> Self {
        Self::Bool(v)
    }
}

impl From<i64> for Value {
    fn from(v: i64) -> Self {
        Self::Int(v)
    }
}

impl From<f64> for Value {
    fn from(v: f64) -> Self {
        Self::Float(v)
    }
}

impl From<Content> for Value {
    fn from(v: Content) -> Self {
        Self::Content(v)
    }
}

impl From<Str> for Value {
    fn from(v: Str) -> Self {
        Self::Str(v)
    }
}

impl From<Array> for Value {
    fn from(v: Array) -> Self {
        Self::Array(v)
    }
}

impl From<Dict> for Value {
    fn from(v: Dict) -> Self {
        Self::Dict(v)
    }
}

impl From<Func> for Value {
    fn from(v: Func) -> Self {
        Self::Func(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_is_small() {
        assert!(size_of::<Value>() <= 32);
    }
}
