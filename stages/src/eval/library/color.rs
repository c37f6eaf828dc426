//! Color constructors (`rgb` with components or a hex string, `luma`, `cmyk`) and the named
//! colors (`red`, `blue`, …) of the global scope.

use super::native;
use crate::base::SourceResult;
use crate::eval::{At, Engine};
use crate::model::{Args, Color, Func, Scope, Value, mismatch};

native!(RGB, "rgb", rgb);
native!(LUMA, "luma", luma);
native!(CMYK, "cmyk", cmyk);

/// Adds the color constructors and named colors to the global scope.
pub fn define(scope: &mut Scope) {
    for native in [&RGB, &LUMA, &CMYK] {
        scope.define(native.name, Func::from(native));
    }
    for (name, _) in Color::NAMED {
        if let Some(color) = Color::named(name) {
            scope.define(*name, Value::Color(color));
        }
    }
}

/// A component given as an integer `0..=255` or a ratio `0%..=100%`.
fn component(args: &mut Args, what: &str) -> SourceResult<f32> {
    let span = args.items.iter().find(|a| a.name.is_none()).map_or(args.span, |a| a.value_span);
    match args.expect::<Value>(what)? {
        Value::Int(i) if (0..=255).contains(&i) => Ok(i as f32 / 255.0),
        Value::Int(_) => crate::bail!(span, "number must be between 0 and 255"),
        Value::Ratio(r) if (0.0..=1.0).contains(&r.get()) => Ok(r.get() as f32),
        Value::Ratio(_) => crate::bail!(span, "ratio must be between 0% and 100%"),
        v => Err(mismatch("integer or ratio", &v)).at(span),
    }
}

/// A component given as a ratio `0%..=100%`.
fn ratio(args: &mut Args, what: &str) -> SourceResult<f32> {
    let span = args.items.iter().find(|a| a.name.is_none()).map_or(args.span, |a| a.value_span);
    match args.expect::<Value>(what)? {
        Value::Ratio(r) if (0.0..=1.0).contains(&r.get()) => Ok(r.get() as f32),
        Value::Ratio(_) => crate::bail!(span, "ratio must be between 0% and 100%"),
        v => Err(mismatch("ratio", &v)).at(span),
    }
}

fn rgb(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    if let Some(hex) = args.find::<crate::model::Str>()? {
        return Color::from_hex(&hex).map(Value::Color).at(args.span);
    }
    if let Some(color) = args.find::<Color>()? {
        return Ok(Value::Color(color));
    }
    let r = component(args, "red")?;
    let g = component(args, "green")?;
    let b = component(args, "blue")?;
    let a = if args.positional().next().is_some() { component(args, "alpha")? } else { 1.0 };
    Ok(Value::Color(Color::Rgb([r, g, b, a])))
}

fn luma(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let lightness = component(args, "lightness")?;
    let alpha = if args.positional().next().is_some() { ratio(args, "alpha")? } else { 1.0 };
    Ok(Value::Color(Color::Luma { lightness, alpha }))
}

fn cmyk(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let c = ratio(args, "cyan")?;
    let m = ratio(args, "magenta")?;
    let y = ratio(args, "yellow")?;
    let k = ratio(args, "key")?;
    Ok(Value::Color(Color::Cmyk([c, m, y, k])))
}
