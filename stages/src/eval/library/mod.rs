//! The standard library: `std_library` builds the global scope (foundations, `calc`,
//! colors, `numbering`, element functions, types, `sys`, `math`), and `construct` runs the constructor
//! of a callable type (`int("1")`, `str(1)`).

mod calc;
mod color;
mod data;
mod files;
mod foundations;
mod geometry;
mod introspection;
mod math_module;
mod measure;
mod numbering;
mod numbers;
mod paint;
mod symbols;
mod text;
mod time;
mod updates;

use crate::base::{SourceResult, Span};
use crate::eval::Engine;
use crate::model::{
    Alignment, Args, Content, Dict, Dir, EQUATION, Func, LIBRARY_ELEMENTS, Module, PDF_ARTIFACT,
    PDF_ATTACH, Scope, Symbol, Type, Value,
};

/// Declares a native function: `native!(NAME, "name", function)` or with a scope of
/// further natives: `native!(NAME, "name", function, [&A, &B])`.
macro_rules! native {
    ($(#[$attr:meta])* $id:ident, $name:literal, $call:path $(, [$($child:expr),*])?) => {
        $(#[$attr])*
        pub static $id: $crate::model::NativeFunc = $crate::model::NativeFunc {
            name: $name,
            call: $call,
            scope: &[$($($child),*)?],
        };
    };
}
pub(crate) use native;

pub use self::color::{SPOT_METHODS, space_arg_or_auto as color_space_arg_or_auto, spot_method};
pub use self::color::{
    mix_with as color_mix_with, space_arg as color_space_arg, space_value as color_space_value,
};
pub use self::files::{check_element_files, check_set_files, has_extension};
pub use self::introspection::{COUNTER_METHODS, LOCATION_METHODS, counter_method, location_method};
pub use self::introspection::{STATE_METHODS, state_method};
pub use self::introspection::{page_numbering_at, page_supplement_at};
pub use self::math_module::{delimited, delimited_parts, math_style, symbol_delimiters};
pub use self::numbering::{is_numbering_pattern, level_pattern};
pub use self::numbers::{Endian, endian, field as number_field};
pub use self::paint::gradient_kind_value;
pub use self::symbols::binding_deprecation;
pub use self::text::check_font_families;
pub(crate) use self::updates::apply as apply_counter_update;
pub use self::updates::page_number;
pub use self::updates::page_total;

/// The global scope of the standard library. `inputs` becomes `sys.inputs`.
pub fn std_library(inputs: Dict) -> Scope {
    let mut scope = Scope::new();
    foundations::define(&mut scope);
    color::define(&mut scope);
    data::define(&mut scope);
    numbering::define(&mut scope);
    introspection::define(&mut scope);
    measure::define(&mut scope);
    symbols::define(&mut scope);
    for elem in LIBRARY_ELEMENTS {
        scope.define(elem.name(), Func::from(**elem));
    }
    for ty in Type::GLOBAL {
        scope.define(ty.short_name(), Value::Type(*ty));
    }
    for (name, align) in Alignment::NAMED {
        scope.define(*name, Value::Alignment(*align));
    }
    for (name, dir) in Dir::NAMED {
        scope.define(*name, Value::Direction(*dir));
    }
    scope.define("calc", Module::new("calc", calc::scope(), Content::empty()));

    let mut math = Scope::new();
    math.define("equation", Func::from(EQUATION));
    math_module::define(&mut math, &scope);
    scope.define("math", Module::new("math", math, Content::empty()));

    let mut pdf = Scope::new();
    pdf.define("attach", Func::from(PDF_ATTACH));
    pdf.define("artifact", Func::from(PDF_ARTIFACT));
    scope.define("pdf", Module::new("pdf", pdf, Content::empty()));

    let mut sys = Scope::new();
    // In Typst's order, which `dictionary(sys)` shows.
    sys.define("version", Value::Version(crate::model::Version(ecow::eco_vec![0, 15, 1])));
    sys.define("inputs", inputs);
    scope.define("sys", Module::new("sys", sys, Content::empty()));
    scope.reorder(STD_ORDER);

    // `std` reaches the library even where a name is shadowed (`std.int`); it is the
    // global module, which does not hold `std` itself.
    let global = Module::new("global", scope.clone(), Content::empty());
    scope.define("std", global);
    scope
}

/// The global bindings in Typst's order, which `dictionary(std)` shows.
#[rustfmt::skip]
const STD_ORDER: &[&str] = &[
    "bool", "int", "float", "str", "label", "bytes", "content", "array", "dictionary",
    "function", "arguments", "type", "module", "regex", "selector", "datetime", "decimal",
    "symbol", "duration", "version", "path", "repr", "panic", "assert", "eval", "plugin",
    "target", "calc", "sys", "document", "par", "parbreak", "strong", "emph", "list", "enum",
    "terms", "link", "title", "heading", "divider", "figure", "quote", "footnote", "outline",
    "ref", "cite", "bibliography", "table", "numbering", "text", "linebreak", "smartquote",
    "sub", "super", "underline", "overline", "strike", "highlight", "smallcaps", "raw",
    "lower", "upper", "lorem", "length", "angle", "ratio", "relative", "fraction", "direction",
    "alignment", "page", "pagebreak", "v", "h", "box", "block", "stack", "grid", "columns",
    "colbreak", "place", "align", "pad", "repeat", "move", "scale", "rotate", "skew", "hide",
    "measure", "layout", "color", "gradient", "tiling", "stroke", "image", "line", "rect",
    "square", "ellipse", "circle", "polygon", "curve", "location", "counter", "state",
    "metadata", "here", "query", "locate", "read", "csv", "json", "toml", "yaml", "cbor",
    "xml", "emoji", "sym", "math", "pdf", "black", "gray", "silver", "white", "navy", "blue",
    "aqua", "teal", "eastern", "purple", "fuchsia", "maroon", "red", "orange", "yellow",
    "olive", "green", "lime", "luma", "oklab", "oklch", "rgb", "cmyk", "range", "ltr", "rtl",
    "ttb", "btt", "start", "left", "center", "right", "end", "top", "horizon", "bottom",
];

/// Whether a symbol can be called as a function: an accent or a delimiter.
pub fn symbol_callable(symbol: &Symbol) -> bool {
    super::math::symbol_callable(symbol)
}

/// Calls a symbol as the function Typst makes of it (`hat(x)`, `paren.l(x)`).
pub fn call_symbol(symbol: &Symbol, args: Args, span: Span) -> SourceResult<Value> {
    super::math::call_symbol(symbol, args, span)
}

/// A function reachable through a type: `array.range`, `str.from-unicode`.
pub fn type_scope(ty: Type, name: &str) -> Option<Value> {
    if let Some(value) = numbers::type_scope(ty, name) {
        return Some(value);
    }
    if let Some(value) = text::type_scope(ty, name) {
        return Some(value);
    }
    foundations::type_scope(ty, name)
}

/// Calls the constructor of a type. All arguments must be taken; one nobody took is
/// reported before the constructor's own failure (`Args::leftover_first`).
pub fn construct(engine: &mut Engine, ty: Type, mut args: Args) -> SourceResult<Value> {
    let result = construct_from(engine, ty, &mut args);
    let value = args.leftover_first(result)?;
    args.finish()?;
    Ok(value)
}

/// Whether a type can be called to make a value (`int("1")`); calling one that cannot
/// fails before its arguments are evaluated.
pub fn has_constructor(ty: Type) -> bool {
    use crate::model::Type as T;
    matches!(
        ty,
        T::Int
            | T::Float
            | T::Decimal
            | T::Str
            | T::Bytes
            | T::Array
            | T::Dict
            | T::Args
            | T::Type
            | T::Label
            | T::Selector
            | T::Regex
            | T::Datetime
            | T::Duration
            | T::Version
            | T::Symbol
            | T::Stroke
            | T::Tiling
            | T::Counter
            | T::State
            | T::Path
            | T::Spot
    )
}

/// Runs the constructor of a type on the arguments it takes from `args`.
fn construct_from(engine: &mut Engine, ty: Type, args: &mut Args) -> SourceResult<Value> {
    if ty == Type::Counter {
        return introspection::construct_counter(args);
    }
    if ty == Type::State {
        return introspection::construct_state(args);
    }
    if ty == Type::Spot {
        return color::construct_spot(args);
    }
    if ty == Type::Symbol {
        return symbols::construct(args);
    }
    if let Some(value) = text::construct(ty, args) {
        return value;
    }
    if let Some(value) = numbers::construct(engine, ty, args) {
        return value;
    }
    foundations::construct(engine, ty, args)
}
