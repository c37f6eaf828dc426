//! Methods reached through their type (`array.len`, `str.split`, `int.signum`): a
//! function that takes the value the method acts on as its first positional argument,
//! `self`, and calls the method with the rest.

use super::{align, args, array, bytes, color, content, datetime, dict, duration, float};
use super::{func, gradient, int, numeric, str};
use crate::base::SourceResult;
use crate::eval::{Engine, library};
use crate::model::{Args, Type, Value, expected, mismatch};

/// The method names of a type.
fn names(ty: Type) -> &'static [&'static str] {
    match ty {
        Type::Str => str::NAMES,
        Type::Array => array::NAMES,
        Type::Dict => dict::NAMES,
        Type::Content => content::NAMES,
        Type::Func => func::NAMES,
        Type::Selector => func::SELECTOR_NAMES,
        Type::Length => numeric::LENGTH_NAMES,
        Type::Int => int::NAMES,
        Type::Float => float::NAMES,
        Type::Version => numeric::VERSION_NAMES,
        Type::Alignment => align::ALIGNMENT_NAMES,
        Type::Direction => align::DIRECTION_NAMES,
        Type::Angle => numeric::ANGLE_NAMES,
        Type::Color => color::NAMES,
        Type::Spot => color::SPOT_NAMES,
        Type::Args => args::NAMES,
        Type::Datetime => datetime::NAMES,
        Type::Bytes => bytes::NAMES,
        Type::Duration => duration::NAMES,
        Type::Gradient => gradient::NAMES,
        Type::Counter => library::COUNTER_METHODS,
        Type::State => library::STATE_METHODS,
        Type::Location => library::LOCATION_METHODS,
        _ => &[],
    }
}

/// The method `name` of type `ty`, as the static name a function value keeps.
pub fn type_method(ty: Type, name: &str) -> Option<&'static str> {
    names(ty).iter().copied().find(|n| *n == name)
}

/// Calls the method `name` of type `ty` with `self` taken from the arguments.
pub fn call_type_method(
    engine: &mut Engine,
    ty: Type,
    name: &str,
    mut args: Args,
) -> SourceResult<Value> {
    let span = args.span;
    if let Some(arg) = args.items.iter().find(|arg| arg.name.as_deref() == Some("self")) {
        crate::bail!(arg.span, "the argument `self` is positional");
    }
    let Some(i) = args.items.iter().position(|arg| arg.name.is_none()) else {
        return Err(ecow::eco_vec![args.missing_argument("self")]);
    };
    let arg = args.items.remove(i);
    let target = coerce_self(arg.value.clone(), ty).map_err(|message| {
        // With Typst's cast hint (`length.pt(5)`: a length needs a unit).
        let hint = crate::model::cast_hint(&message, &arg.value);
        let error = crate::base::SourceDiagnostic::error(arg.value_span, message);
        ecow::eco_vec![match hint {
            Some(hint) => error.with_hint(hint),
            None => error,
        }]
    })?;
    let mut target = target;
    if super::is_mutating(name)
        && let Some(output) = super::call_mut(&mut target, name, args.clone(), span)?
    {
        return Ok(output);
    }
    super::call(engine, target, arg.value_span, name, args, span)
}

/// The value a method acts on, with the coercions a parameter of type `ty` makes.
fn coerce_self(value: Value, ty: Type) -> Result<Value, ecow::EcoString> {
    if value.ty() == ty {
        return Ok(value);
    }
    if ty == Type::Func {
        return <crate::model::Func as crate::model::FromValue>::from_value(value).map(Value::Func);
    }
    crate::model::coerce(value.clone(), &[ty])
        .map_err(|_| mismatch(&expected(&[ty]), &value))
        .and_then(|v| if v.ty() == ty { Ok(v) } else { Err(mismatch(&expected(&[ty]), &value)) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_methods_of_types() {
        assert_eq!(type_method(Type::Array, "len"), Some("len"));
        assert_eq!(type_method(Type::Str, "split"), Some("split"));
        assert_eq!(type_method(Type::Int, "nope"), None);
        assert_eq!(type_method(Type::None, "len"), None);
    }
}
