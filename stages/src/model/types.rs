//! Types of values: the `Type` enum, with the short name `repr` and `type(..)` show
//! (`int`) and the long name error messages use (`integer`).

/// The type of a value. Types are values too (`type(1) == int`).
#[derive(Debug, Copy, Clone, Eq, PartialEq, Hash)]
pub enum Type {
    None,
    Auto,
    Bool,
    Int,
    Float,
    Length,
    Angle,
    Ratio,
    Relative,
    Fraction,
    Color,
    Alignment,
    Direction,
    Stroke,
    Datetime,
    Str,
    Label,
    Content,
    Array,
    Dict,
    Func,
    Args,
    Module,
    Type,
    Styles,
    Selector,
    Counter,
    Location,
}

impl Type {
    /// The name under which the type is a global value and which `repr` shows: `int`.
    pub fn short_name(self) -> &'static str {
        match self {
            Self::None => "none",
            Self::Auto => "auto",
            Self::Bool => "bool",
            Self::Int => "int",
            Self::Float => "float",
            Self::Length => "length",
            Self::Angle => "angle",
            Self::Ratio => "ratio",
            Self::Relative => "relative",
            Self::Fraction => "fraction",
            Self::Color => "color",
            Self::Alignment => "alignment",
            Self::Direction => "direction",
            Self::Stroke => "stroke",
            Self::Datetime => "datetime",
            Self::Str => "str",
            Self::Label => "label",
            Self::Content => "content",
            Self::Array => "array",
            Self::Dict => "dictionary",
            Self::Func => "function",
            Self::Args => "arguments",
            Self::Module => "module",
            Self::Type => "type",
            Self::Styles => "styles",
            Self::Selector => "selector",
            Self::Counter => "counter",
            Self::Location => "location",
        }
    }

    /// The name error messages use: `cannot add integer and string`.
    pub fn long_name(self) -> &'static str {
        match self {
            Self::Bool => "boolean",
            Self::Int => "integer",
            Self::Relative => "relative length",
            Self::Str => "string",
            other => other.short_name(),
        }
    }

    /// Every type that has a global name (`int`, `str`, …), for the library.
    pub const GLOBAL: &'static [Type] = &[
        Self::Bool,
        Self::Int,
        Self::Float,
        Self::Length,
        Self::Angle,
        Self::Ratio,
        Self::Relative,
        Self::Fraction,
        Self::Color,
        Self::Alignment,
        Self::Direction,
        Self::Stroke,
        Self::Datetime,
        Self::Str,
        Self::Label,
        Self::Content,
        Self::Array,
        Self::Dict,
        Self::Func,
        Self::Args,
        Self::Module,
        Self::Type,
        Self::Styles,
        Self::Selector,
        Self::Counter,
        Self::Location,
    ];
}
