//! The standard library: `std_library` builds the global scope (foundations, `calc`,
//! colors, `numbering`, element functions, types, `sys`, `math`), and `construct` runs the constructor
//! of a callable type (`int("1")`, `str(1)`).

mod calc;
mod color;
mod foundations;
mod introspection;
mod numbering;

use crate::base::SourceResult;
use crate::eval::Engine;
use crate::model::{
    Alignment, Args, Content, Dict, Dir, EQUATION, Func, LIBRARY_ELEMENTS, Module, Scope, Type,
    Value,
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

pub use self::introspection::{COUNTER_METHODS, LOCATION_METHODS, counter_method, location_method};

/// The global scope of the standard library. `inputs` becomes `sys.inputs`.
pub fn std_library(inputs: Dict) -> Scope {
    let mut scope = Scope::new();
    foundations::define(&mut scope);
    color::define(&mut scope);
    numbering::define(&mut scope);
    introspection::define(&mut scope);
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
    scope.define("math", Module::new("math", math, Content::empty()));

    let mut sys = Scope::new();
    sys.define("inputs", inputs);
    scope.define("sys", Module::new("sys", sys, Content::empty()));
    scope
}

/// A function reachable through a type: `array.range`, `str.from-unicode`.
pub fn type_scope(ty: Type, name: &str) -> Option<Value> {
    foundations::type_scope(ty, name)
}

/// Calls the constructor of a type.
pub fn construct(engine: &mut Engine, ty: Type, mut args: Args) -> SourceResult<Value> {
    if ty == Type::Counter {
        let counter = introspection::construct_counter(&mut args)?;
        args.finish()?;
        return Ok(counter);
    }
    foundations::construct(engine, ty, args)
}
