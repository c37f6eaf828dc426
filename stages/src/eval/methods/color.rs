//! Methods of colors: `components`, `space`, `to-hex`, `lighten`, `darken`, `saturate`,
//! `desaturate`, `negate`, `rotate`, `transparentize`, `opacify` and `mix`. On a spot
//! color, `lighten`, `darken` and `negate` change the tint; the methods of its colorant
//! (`tint`) are in `library::color`.

use crate::base::{Angle, SourceResult, Span};
use crate::eval::library::{color_mix_with, color_space_arg, color_space_value};
use crate::eval::library::{color_space_arg_or_auto, spot_method};
use crate::model::{Args, Color, ColorSpace, Colorant, Ratio, Value};

/// The names of the color methods.
pub(super) const NAMES: &[&str] = &[
    "components",
    "space",
    "to-hex",
    "lighten",
    "darken",
    "saturate",
    "desaturate",
    "negate",
    "rotate",
    "transparentize",
    "opacify",
    "mix",
];

/// The names of the methods of spot colorants.
pub(super) const SPOT_NAMES: &[&str] = crate::eval::library::SPOT_METHODS;

/// Calls a method of a spot colorant.
pub(super) fn call_colorant(
    colorant: Colorant,
    name: &str,
    args: &mut Args,
    span: Span,
) -> SourceResult<Value> {
    spot_method(colorant, name, args, span)
}

/// Calls a color method.
pub(super) fn call(color: Color, name: &str, args: &mut Args, span: Span) -> SourceResult<Value> {
    let factor = |args: &mut Args| -> SourceResult<f64> {
        let ratio: Ratio = args.expect("factor")?;
        Ok(ratio.get())
    };
    let result = match name {
        "components" => {
            let alpha: bool = args.named("alpha")?.unwrap_or(true);
            return Ok(Value::Array(color.components(alpha).into_iter().collect()));
        }
        "space" => return Ok(color_space_value(color.space())),
        "to-hex" => return Ok(Value::str(color.to_hex())),
        // A tint changes in double precision, as the ratio it is.
        "lighten" => Ok(match (color, factor(args)?) {
            (Color::Spot(spot), f) => Color::Spot(spot.lighten(f)),
            (color, f) => color.lighten(f as f32),
        }),
        "darken" => Ok(match (color, factor(args)?) {
            (Color::Spot(spot), f) => Color::Spot(spot.darken(f)),
            (color, f) => color.darken(f as f32),
        }),
        "saturate" | "desaturate" => color.saturate(factor(args)? as f32, name == "desaturate"),
        "negate" => color.negate(color_space_arg_or_auto(args, false)?),
        "rotate" => {
            let angle: Angle = args.expect("angle")?;
            let space = color_space_arg(args, ColorSpace::Oklch, true)?;
            color.rotate(angle.to_deg() as f32, space)
        }
        "transparentize" | "opacify" => {
            let ratio: Ratio = args.expect("scale")?;
            let f = ratio.get() as f32;
            color.scale_alpha(if name == "opacify" { f } else { -f })
        }
        "mix" => return color_mix_with(args, Some(color)),
        _ => crate::bail!(span, "type color has no method `{name}`"),
    };
    match result {
        Ok(color) => Ok(Value::Color(color)),
        Err(error) => error.at(span),
    }
}
