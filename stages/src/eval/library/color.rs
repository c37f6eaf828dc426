//! Color constructors (`rgb`, `luma`, `cmyk`, `oklab`, `oklch`, and in the color type's
//! scope `color.linear-rgb`, `color.hsl`, `color.hsv`, `color.mix`), the named colors
//! (`red`, `blue`, …) of the global scope, and color spaces as values (the constructor
//! functions stand for their space in `space:` arguments and `color.space()`, as spot
//! colorants stand for theirs), the `color.spot` type's constructor, and the `color.map`
//! module of predefined color maps (arrays of RGB colors for gradients).

use std::sync::OnceLock;

use ecow::EcoString;

use super::native;
use crate::base::{SourceDiagnostic, SourceResult, Span};
use crate::eval::{At, Engine};
use crate::model::{
    Args, Array, Color, ColorSpace, Colorant, ColorantName, Content, Func, Module, Ratio, Scope,
    Str, StrResult, Type, Value, cast_hint, mismatch,
};

/// The color maps of `color.map`, a line each: `name:` and the colors as six hex digits
/// each, in the order Typst lists them.
const COLOR_MAPS: &str = include_str!("colormaps.txt");

native!(RGB, "rgb", rgb);
native!(LUMA, "luma", luma);
native!(CMYK, "cmyk", cmyk);
native!(OKLAB, "oklab", oklab);
native!(OKLCH, "oklch", oklch);
native!(LINEAR_RGB, "linear-rgb", linear_rgb);
native!(HSL, "hsl", hsl);
native!(HSV, "hsv", hsv);
native!(MIX, "mix", mix);

/// The constructors by space.
const SPACES: [(ColorSpace, &crate::model::NativeFunc); 8] = [
    (ColorSpace::Rgb, &RGB),
    (ColorSpace::Luma, &LUMA),
    (ColorSpace::Cmyk, &CMYK),
    (ColorSpace::Oklab, &OKLAB),
    (ColorSpace::Oklch, &OKLCH),
    (ColorSpace::LinearRgb, &LINEAR_RGB),
    (ColorSpace::Hsl, &HSL),
    (ColorSpace::Hsv, &HSV),
];

/// Adds the color constructors and named colors to the global scope.
pub fn define(scope: &mut Scope) {
    for native in [&RGB, &LUMA, &CMYK, &OKLAB, &OKLCH] {
        scope.define(native.name, Func::from(native));
    }
    for (name, _) in Color::NAMED {
        if let Some(color) = Color::named(name) {
            scope.define(*name, Value::Color(color));
        }
    }
}

/// The color type's scope: the constructors, `mix`, `map` and the named colors
/// (`color.red`).
pub fn type_scope(ty: Type, name: &str) -> Option<Value> {
    if ty != Type::Color {
        return None;
    }
    if name == "map" {
        return Some(Value::Module(color_maps().clone()));
    }
    if name == "spot" {
        return Some(Value::Type(Type::Spot));
    }
    if let Some(color) = Color::named(name) {
        return Some(Value::Color(color));
    }
    let native = SPACES.iter().map(|(_, n)| *n).chain([&MIX]).find(|n| n.name == name)?;
    Some(Value::Func(Func::from(native)))
}

/// The `color.map` module, built once.
fn color_maps() -> &'static Module {
    static MAPS: OnceLock<Module> = OnceLock::new();
    MAPS.get_or_init(|| {
        let mut scope = Scope::new();
        for line in COLOR_MAPS.lines() {
            let Some((name, hex)) = line.split_once(':') else { continue };
            let colors = hex
                .as_bytes()
                .chunks(6)
                .filter_map(|digits| std::str::from_utf8(digits).ok())
                .filter_map(|digits| Color::from_hex(digits).ok())
                .map(Value::Color)
                .collect();
            scope.define(name, Value::Array(Array(colors)));
        }
        Module::new("map", scope, Content::empty())
    })
}

/// `color.spot(name, fallback)`: a colorant named `"all"`, `none` or any string, with a
/// process color as fallback. Both arguments are cast before anything else is checked.
pub fn construct_spot(args: &mut Args) -> SourceResult<Value> {
    let result = spot_parts(args);
    args.failed |= result.is_err();
    result
}

fn spot_parts(args: &mut Args) -> SourceResult<Value> {
    let (name, span) = args.expect_spanned::<Value>("name")?;
    let name = match name {
        Value::None => ColorantName::None,
        Value::Str(name) => ColorantName::from_name(Some(name.as_str())),
        other => return Err(mismatch("\"all\", string, or none", &other)).at(span),
    };
    let (fallback, span) = args.expect_spanned::<Color>("fallback")?;
    if let Color::Spot(_) = fallback {
        crate::bail!(span, "spot color found where process color is required");
    }
    Ok(Value::Colorant(Colorant::new(name, fallback)))
}

/// The methods of spot colorants.
pub const SPOT_METHODS: &[&str] = &["tint"];

/// Calls a method of a spot colorant: `tint(value)`.
pub fn spot_method(
    colorant: Colorant,
    name: &str,
    args: &mut Args,
    span: Span,
) -> SourceResult<Value> {
    if name != "tint" {
        crate::bail!(span, "type spot colorant has no method `{name}`");
    }
    let (tint, span) = args.expect_spanned::<Ratio>("value")?;
    match colorant.tint(tint) {
        Ok(spot) => Ok(Value::Color(Color::Spot(spot))),
        Err(message) => crate::bail!(span, "{message}"),
    }
}

/// The constructor function that stands for a space (its value, for a colorant).
pub fn space_value(space: ColorSpace) -> Value {
    if let ColorSpace::Spot(colorant) = space {
        return Value::Colorant(colorant);
    }
    let native = SPACES.iter().find(|(s, _)| *s == space).map_or(&RGB, |(_, n)| *n);
    Value::Func(Func::from(native))
}

/// The space a `space:` argument names. A process space excludes spot colorants
/// (`rotate` takes only those), and Typst's message then leaves them out too.
pub fn space_of(value: &Value, process: bool) -> StrResult<ColorSpace> {
    let expected = if process {
        "expected `rgb`, `luma`, `cmyk`, `oklab`, `oklch`, `color.linear-rgb`, `color.hsl`, \
         or `color.hsv`"
    } else {
        "expected `rgb`, `luma`, `cmyk`, `oklab`, `oklch`, `color.linear-rgb`, `color.hsl`, \
         `color.hsv`, or spot colorant"
    };
    if let Value::Colorant(colorant) = value
        && !process
    {
        return Ok(ColorSpace::Spot(*colorant));
    }
    if let Value::Func(func) = value {
        for (space, native) in SPACES {
            if *func == Func::from(native) {
                return Ok(space);
            }
        }
        return Err(expected.into());
    }
    Err(ecow::eco_format!("{expected}, found {}", value.ty().long_name()))
}

/// The named argument `space` (default `default`). Unless `process` is set, `auto`
/// stands for the default too.
pub fn space_arg(args: &mut Args, default: ColorSpace, process: bool) -> SourceResult<ColorSpace> {
    Ok(space_arg_or_auto(args, process)?.unwrap_or(default))
}

/// The named argument `space`, `None` where it is missing (or, unless `process` is set,
/// `auto`) and the operation picks the space itself.
pub fn space_arg_or_auto(args: &mut Args, process: bool) -> SourceResult<Option<ColorSpace>> {
    let span = args.named_span("space");
    match args.named::<Value>("space")? {
        Some(Value::Auto) if !process => Ok(None),
        Some(v) => {
            let space = space_of(&v, process).at(span);
            args.failed |= space.is_err();
            space.map(Some)
        }
        None => Ok(None),
    }
}

/// Takes the next positional argument with its span.
fn next(args: &mut Args) -> Option<(Value, Span)> {
    let i = args.items.iter().position(|a| a.name.is_none())?;
    let arg = args.items.remove(i);
    Some((arg.value, arg.span))
}

/// How a component is given.
#[derive(Copy, Clone)]
enum Kind {
    /// An integer `0..=255` or a ratio.
    Component,
    /// A ratio.
    Ratio,
    /// A float or a ratio of 0.4 (Oklab's `a`, `b` and Oklch's chroma).
    Chroma,
}

/// A component of kind `kind`, which must be there (`what` names it in the error).
fn component(args: &mut Args, what: &str, kind: Kind) -> SourceResult<f32> {
    match next(args) {
        Some((value, span)) => cast_at(value, kind, span),
        None => crate::bail!(args.span, "missing argument: {what}"),
    }
}

/// A value given at `span` as a component of kind `kind`; a failure carries Typst's
/// cast hint (a decimal is cast to a float explicitly).
fn cast_at(value: Value, kind: Kind, span: Span) -> SourceResult<f32> {
    cast(value.clone(), kind).map_err(|message| ecow::eco_vec![hinted(span, message, &value)])
}

/// An error at `span` with Typst's cast hint about the value that failed, if any.
fn hinted(span: Span, message: EcoString, culprit: &Value) -> SourceDiagnostic {
    let hint = cast_hint(&message, culprit);
    let error = SourceDiagnostic::error(span, message);
    match hint {
        Some(hint) => error.with_hint(hint),
        None => error,
    }
}

/// A value as a component of kind `kind`.
fn cast(value: Value, kind: Kind) -> StrResult<f32> {
    let ratio = |r: Ratio| {
        if (0.0..=1.0).contains(&r.get()) {
            Ok(r.get() as f32)
        } else {
            Err("ratio must be between 0% and 100%".into())
        }
    };
    match (kind, value) {
        (Kind::Component, Value::Int(i)) => {
            if (0..=255).contains(&i) {
                Ok(i as f32 / 255.0)
            } else {
                Err("number must be between 0 and 255".into())
            }
        }
        (Kind::Chroma, Value::Float(f)) => Ok(f as f32),
        (Kind::Chroma, Value::Int(i)) => Ok(i as f32),
        // Typst does not bound chroma ratios: 100% stands for 0.4.
        (Kind::Chroma, Value::Ratio(r)) => Ok(r.get() as f32 * 0.4),
        (_, Value::Ratio(r)) => ratio(r),
        (Kind::Component, v) => Err(mismatch("integer or ratio", &v)),
        (Kind::Ratio, v) => Err(mismatch("ratio", &v)),
        (Kind::Chroma, v) => Err(mismatch("float or ratio", &v)),
    }
}

/// An optional trailing alpha component (default opaque).
fn alpha(args: &mut Args, kind: Kind) -> SourceResult<f32> {
    match next(args) {
        Some((value, span)) => cast_at(value, kind, span),
        None => Ok(1.0),
    }
}

/// A hue angle, which must be there.
fn hue(args: &mut Args) -> SourceResult<f32> {
    match next(args) {
        Some((Value::Angle(a), _)) => Ok(a.to_deg() as f32),
        Some((v, span)) => Err(mismatch("angle", &v)).at(span),
        None => crate::bail!(args.span, "missing argument: hue component"),
    }
}

/// A color given instead of components, converted to `space`.
fn converted(args: &mut Args, space: ColorSpace) -> SourceResult<Option<Value>> {
    Ok(args.find::<Color>()?.map(|c| Value::Color(c.to_space(space))))
}

fn rgb_parts(args: &mut Args) -> SourceResult<Value> {
    let hex_span = args
        .items
        .iter()
        .find(|a| a.name.is_none() && matches!(a.value, Value::Str(_)))
        .map(|a| a.span);
    if let Some(hex) = args.find::<Str>()? {
        return Color::from_hex(&hex).map(Value::Color).at(hex_span.unwrap_or(args.span));
    }
    if let Some(color) = converted(args, ColorSpace::Rgb)? {
        return Ok(color);
    }
    let r = component(args, "red component", Kind::Component)?;
    let g = component(args, "green component", Kind::Component)?;
    let b = component(args, "blue component", Kind::Component)?;
    let a = alpha(args, Kind::Component)?;
    Ok(Value::Color(Color::Rgb([r, g, b, a])))
}

fn linear_rgb_parts(args: &mut Args) -> SourceResult<Value> {
    if let Some(color) = converted(args, ColorSpace::LinearRgb)? {
        return Ok(color);
    }
    let r = component(args, "red component", Kind::Component)?;
    let g = component(args, "green component", Kind::Component)?;
    let b = component(args, "blue component", Kind::Component)?;
    let a = alpha(args, Kind::Component)?;
    Ok(Value::Color(Color::LinearRgb([r, g, b, a])))
}

fn luma_parts(args: &mut Args) -> SourceResult<Value> {
    if let Some(color) = converted(args, ColorSpace::Luma)? {
        return Ok(color);
    }
    // Typst takes a lightness it cannot read as full lightness.
    let lightness = match next(args) {
        Some((value, _)) => cast(value, Kind::Component).unwrap_or(1.0),
        None => 1.0,
    };
    let alpha = alpha(args, Kind::Ratio)?;
    Ok(Value::Color(Color::Luma { lightness, alpha }))
}

fn cmyk_parts(args: &mut Args) -> SourceResult<Value> {
    if let Some(color) = converted(args, ColorSpace::Cmyk)? {
        return Ok(color);
    }
    let c = component(args, "cyan component", Kind::Ratio)?;
    let m = component(args, "magenta component", Kind::Ratio)?;
    let y = component(args, "yellow component", Kind::Ratio)?;
    let k = component(args, "key/black component", Kind::Ratio)?;
    Ok(Value::Color(Color::Cmyk([c, m, y, k])))
}

fn oklab_parts(args: &mut Args) -> SourceResult<Value> {
    if let Some(color) = converted(args, ColorSpace::Oklab)? {
        return Ok(color);
    }
    let l = component(args, "lightness component", Kind::Ratio)?;
    let a = component(args, "A component", Kind::Chroma)?;
    let b = component(args, "B component", Kind::Chroma)?;
    let alpha = alpha(args, Kind::Ratio)?;
    Ok(Value::Color(Color::Oklab([l, a, b, alpha])))
}

fn oklch_parts(args: &mut Args) -> SourceResult<Value> {
    if let Some(color) = converted(args, ColorSpace::Oklch)? {
        return Ok(color);
    }
    let l = component(args, "lightness component", Kind::Ratio)?;
    let chroma = component(args, "chroma component", Kind::Chroma)?;
    let hue = hue(args)?;
    let alpha = alpha(args, Kind::Ratio)?;
    Ok(Value::Color(Color::from_vec4(ColorSpace::Oklch, [l, chroma, hue, alpha])))
}

fn hsl_parts(args: &mut Args) -> SourceResult<Value> {
    hue_space(args, ColorSpace::Hsl, "lightness component")
}

fn hsv_parts(args: &mut Args) -> SourceResult<Value> {
    hue_space(args, ColorSpace::Hsv, "value component")
}

fn hue_space(args: &mut Args, space: ColorSpace, last: &str) -> SourceResult<Value> {
    if let Some(color) = converted(args, space)? {
        return Ok(color);
    }
    let hue = hue(args)?;
    let s = component(args, "saturation component", Kind::Component)?;
    let l = component(args, last, Kind::Component)?;
    let a = alpha(args, Kind::Component)?;
    Ok(Value::Color(Color::from_vec4(space, [hue, s, l, a])))
}

/// Runs a constructor whose every error is one of reading its arguments, as Typst's
/// argument casts are: such errors are reported before any leftover argument.
fn cast_time(args: &mut Args, parts: fn(&mut Args) -> SourceResult<Value>) -> SourceResult<Value> {
    let result = parts(args);
    args.failed |= result.is_err();
    result
}

fn rgb(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    cast_time(args, rgb_parts)
}

fn linear_rgb(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    cast_time(args, linear_rgb_parts)
}

fn luma(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    cast_time(args, luma_parts)
}

fn cmyk(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    cast_time(args, cmyk_parts)
}

fn oklab(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    cast_time(args, oklab_parts)
}

fn oklch(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    cast_time(args, oklch_parts)
}

fn hsl(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    cast_time(args, hsl_parts)
}

fn hsv(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    cast_time(args, hsv_parts)
}

/// `color.mix(..colors, space: oklab)`.
fn mix(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    mix_with(args, None)
}

/// Mixes the positional colors (after `first`, for the method form) in the `space`
/// argument's space.
pub fn mix_with(args: &mut Args, first: Option<Color>) -> SourceResult<Value> {
    let mut colors: Vec<(Color, f32)> = first.map(|c| (c, 1.0)).into_iter().collect();
    // Every bad color is reported, not just the first.
    let mut errors = ecow::EcoVec::new();
    while let Some((value, span)) = next(args) {
        match weighted(value.clone()) {
            Ok(color) => colors.push(color),
            Err(message) => {
                // The hint is about the weight of a pair (`(red, decimal("0.5"))`).
                let culprit = match &value {
                    Value::Array(pair) => pair.as_slice().get(1).unwrap_or(&value),
                    _ => &value,
                };
                errors.push(hinted(span, message, culprit));
            }
        }
    }
    if !errors.is_empty() {
        args.failed = true;
        return Err(errors);
    }
    let space = space_arg_or_auto(args, false)?;
    args.take().finish()?;
    match Color::mix(&colors, space) {
        Ok(color) => Ok(Value::Color(color)),
        Err(error) => error.at(args.span),
    }
}

/// A color with weight 1, or a `(color, weight)` pair.
fn weighted(value: Value) -> StrResult<(Color, f32)> {
    match value {
        Value::Color(c) => Ok((c, 1.0)),
        Value::Array(array) => {
            let [color, weight] = array.0.as_slice() else {
                return Err("expected a color or color-weight pair".into());
            };
            let Value::Color(color) = color else {
                return Err(mismatch("color", color));
            };
            let weight = match weight {
                Value::Int(i) => *i as f32,
                Value::Float(f) => *f as f32,
                Value::Ratio(r) => r.get() as f32,
                v => return Err(mismatch("float or ratio", v)),
            };
            Ok((*color, weight))
        }
        v => Err(mismatch("color or array", &v)),
    }
}
