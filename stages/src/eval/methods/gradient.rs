//! Methods of gradients: what they are made of (`kind`, `stops`, `space`, `relative`,
//! `angle`, `center`, `radius`, `focal-center`, `focal-radius`), sampling (`sample`,
//! `samples`) and derived gradients (`sharp`, `repeat`).

use crate::base::{SourceResult, Span};
use crate::eval::At;
use crate::eval::library::{color_space_value, gradient_kind_value};
use crate::model::{Args, Array, Gradient, GradientKind, Ratio, StrResult, Value, mismatch};

/// The names of the gradient methods.
pub(super) const NAMES: &[&str] = &[
    "kind",
    "stops",
    "space",
    "relative",
    "angle",
    "center",
    "radius",
    "focal-center",
    "focal-radius",
    "sample",
    "samples",
    "sharp",
    "repeat",
];

/// Calls a gradient method.
pub(super) fn call(g: Gradient, name: &str, args: &mut Args, span: Span) -> SourceResult<Value> {
    let pair = |(x, y): (Ratio, Ratio)| {
        Value::Array([Value::Ratio(x), Value::Ratio(y)].into_iter().collect())
    };
    let data = &*g.0;
    Ok(match (name, &data.kind) {
        ("kind", _) => gradient_kind_value(&g),
        ("stops", _) => Value::Array(
            data.stops
                .iter()
                .map(|(c, r)| {
                    Value::Array([Value::Color(*c), Value::Ratio(*r)].into_iter().collect())
                })
                .collect(),
        ),
        ("space", _) => color_space_value(data.space),
        ("relative", _) => data.relative.clone().map_or(Value::Auto, Value::str),
        ("angle", GradientKind::Linear { angle } | GradientKind::Conic { angle, .. }) => {
            Value::Angle(*angle)
        }
        ("center", GradientKind::Radial { center, .. } | GradientKind::Conic { center, .. }) => {
            pair(*center)
        }
        ("radius", GradientKind::Radial { radius, .. }) => Value::Ratio(*radius),
        ("focal-center", GradientKind::Radial { focal_center, .. }) => pair(*focal_center),
        ("focal-radius", GradientKind::Radial { focal_radius, .. }) => Value::Ratio(*focal_radius),
        ("angle" | "center" | "radius" | "focal-center" | "focal-radius", _) => Value::None,
        ("sample", _) => {
            let (value, arg_span) = next(args, "t", span)?;
            Value::Color(g.sample(position(value).at(arg_span)?))
        }
        ("samples", _) => {
            let mut out = Array::new();
            while let Some(i) = args.items.iter().position(|a| a.name.is_none()) {
                let arg = args.items.remove(i);
                out.0.push(Value::Color(g.sample(position(arg.value).at(arg.span)?)));
            }
            Value::Array(out)
        }
        ("sharp", _) => {
            let (value, arg_span) = next(args, "steps", span)?;
            let steps = count(value).at(arg_span)?;
            let smooth_span = args
                .items
                .iter()
                .rev()
                .find(|a| a.name.as_deref() == Some("smoothness"))
                .map_or(span, |a| a.value_span);
            let smoothness: Ratio = args.named("smoothness")?.unwrap_or(Ratio(0.0));
            if steps < 2 {
                crate::bail!(arg_span, "sharp gradients must have at least two stops");
            }
            if !(0.0..=1.0).contains(&smoothness.get()) {
                crate::bail!(smooth_span, "smoothness must be between 0 and 1");
            }
            Value::Gradient(g.sharp(steps, smoothness.get()))
        }
        ("repeat", _) => {
            let (value, arg_span) = next(args, "repetitions", span)?;
            let n = count(value).at(arg_span)?;
            let mirror: bool = args.named("mirror")?.unwrap_or(false);
            if n == 0 {
                crate::bail!(arg_span, "must repeat at least once");
            }
            Value::Gradient(g.repeat(n, mirror))
        }
        _ => crate::bail!(span, "type gradient has no method `{name}`"),
    })
}

/// Takes the next positional argument with its span, which must be there.
fn next(args: &mut Args, what: &str, span: Span) -> SourceResult<(Value, Span)> {
    match args.items.iter().position(|a| a.name.is_none()) {
        Some(i) => {
            let arg = args.items.remove(i);
            Ok((arg.value, arg.span))
        }
        // Given by name: Typst says that the argument is positional.
        None if args.items.iter().any(|a| a.name.as_deref() == Some(what)) => {
            Err(ecow::eco_vec![args.missing_argument(what)])
        }
        None => crate::bail!(span, "missing argument: {what}"),
    }
}

/// A sampling position: a ratio, or an angle as a part of a full turn (taken modulo one
/// turn, so `-90deg` samples at 75%).
fn position(value: Value) -> StrResult<f64> {
    match value {
        Value::Ratio(r) => Ok(r.get()),
        Value::Angle(a) => Ok(a.to_rad().rem_euclid(std::f64::consts::TAU) / std::f64::consts::TAU),
        v => Err(mismatch("ratio or angle", &v)),
    }
}

/// A count: a non-negative integer.
fn count(value: Value) -> StrResult<usize> {
    match value {
        Value::Int(i) => usize::try_from(i).map_err(|_| "number must be at least zero".into()),
        v => Err(mismatch("integer", &v)),
    }
}
