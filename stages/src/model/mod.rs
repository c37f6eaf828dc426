//! The value model of evaluation: values and their types, operators and `repr`, the cast
//! layer, arguments and functions, scopes and modules, content as a tree of elements with
//! dynamic fields, and styles.
//!
//! Nothing here evaluates syntax; the `eval` module builds these values from the AST.
//! Native functions receive the evaluator's `Engine` (for calling back into closures), the
//! only place where `model` refers to `eval`.

mod types;

mod align;
mod bytes;
mod color;
mod datetime;
mod decimal;
mod duration;
mod gradient;
mod numeric;
mod path;
mod regex;
mod spot;
mod str;
mod stroke;
mod symbol;
mod version;

mod array;
mod dict;
mod value;

mod ops;
mod repr;

mod args;
mod cast;
mod func;
mod scope;

mod content;
mod convert;
mod counter;
mod curve;
mod elements;
mod fieldcast;
mod math;
mod paintcast;
mod selector;
mod sides;
mod state;
mod styles;

pub use self::align::{Alignment, HAlign, VAlign};
pub use self::args::{Arg, Args};
pub use self::array::{Array, MAX_VALUE_BYTES, fits_in_memory};
pub use self::bytes::Bytes;
pub use self::cast::coerce;
pub use self::cast::{FromValue, Smart, StrResult, cast_hint, expected, mismatch};
pub use self::color::Color;
pub use self::color::ColorSpace;
pub use self::content::raw_lines;
pub use self::content::{Content, Element, ElementData, FieldData};
pub use self::counter::{Counter, CounterKey, CounterState, PageMark};
pub use self::curve::{CURVE, CURVE_CLOSE, CURVE_CUBIC, CURVE_LINE, CURVE_MOVE, CURVE_QUAD};
pub use self::datetime::Datetime;
pub use self::decimal::Decimal;
pub use self::dict::Dict;
pub use self::duration::Duration;
pub use self::elements::*;
pub use self::func::{Closure, ClosureKind, Func, FuncRepr, NativeFunc};
pub use self::gradient::GradientKind;
pub use self::gradient::{Gradient, GradientData, Tiling, TilingData};
pub use self::math::*;
pub use self::numeric::{Fr, Length, Ratio, Rel};
pub use self::ops::{compare, equal, join};
pub use self::paintcast::SIDE_KEYS;
pub use self::path::FilePath;
pub use self::regex::Regex;
pub use self::repr::{format_float, format_float_display, format_int, repr_str};
pub use self::repr::{powi, pretty_list, repr_float, round_with_precision};
pub use self::scope::{Module, Scope};
pub use self::spot::{ColorError, Colorant, ColorantName, SpotColor};
pub use self::state::{
    COUNTER_UPDATE, CounterUpdate, METADATA, STATE_UPDATE, State, counter_update, fingerprint,
    read_counter_update, read_state_update,
};
pub use self::state::{check_locatable, is_invisible, locatable_selector};
pub use self::str::{Label, Str};
pub use self::stroke::{DashItem, DashPattern, Paint, STROKE_KEYS};
pub use self::stroke::{Dir, Stroke};
pub use self::styles::{Property, Recipe, Selector, Style, StyleChain, Styles, Transformation};
pub use self::symbol::Symbol;
pub use self::types::Type;
pub use self::value::Value;
pub use self::version::Version;

/// Operators on values: `ops::add(a, b)`, `ops::neg(v)`, …
pub mod ops_fns {
    pub use super::ops::*;
}
