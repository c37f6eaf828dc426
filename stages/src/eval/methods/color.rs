//! Methods of colors: `components`, `space`, `to-hex`, `lighten`, `darken`, `saturate`,
//! `desaturate`, `negate`, `rotate`, `transparentize`, `opacify` and `mix`.

use crate::base::{Angle, SourceResult, Span};
use crate::eval::library::{color_mix_with, color_space_arg, color_space_value};
use crate::model::{Args, Color, ColorSpace, Ratio, Value};

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

/// Calls a color method.
pub(super) fn call(color: Color, name: &str, args: &mut Args, span: Span) -> SourceResult<Value> {
    let factor = |args: &mut Args| -> SourceResult<f32> {
        let ratio: Ratio = args.expect("factor")?;
        Ok(ratio.get() as f32)
    };
    Ok(match name {
        "components" => {
            let alpha: bool = args.named("alpha")?.unwrap_or(true);
            Value::Array(color.components(alpha).into_iter().collect())
        }
        "space" => color_space_value(color.space()),
        "to-hex" => Value::str(color.to_hex()),
        "lighten" => Value::Color(color.lighten(factor(args)?)),
        "darken" => Value::Color(color.darken(factor(args)?)),
        "saturate" | "desaturate" => match color.saturate(factor(args)?, name == "desaturate") {
            Some(c) => Value::Color(c),
            None => crate::bail!(span, "cannot {name} grayscale color";
                hint: "try converting your color to RGB first"),
        },
        "negate" => Value::Color(color.negate(color_space_arg(args, ColorSpace::Oklab, false)?)),
        "rotate" => {
            let angle: Angle = args.expect("angle")?;
            let space = color_space_arg(args, ColorSpace::Oklch, true)?;
            match color.rotate(angle.to_deg() as f32, space) {
                Some(c) => Value::Color(c),
                None => crate::bail!(span, "this color space does not support hue rotation"),
            }
        }
        "transparentize" | "opacify" => {
            let ratio: Ratio = args.expect("scale")?;
            let f = ratio.get() as f32;
            let f = if name == "opacify" { f } else { -f };
            match color.scale_alpha(f) {
                Some(c) => Value::Color(c),
                None => crate::bail!(span, "CMYK does not have an alpha component"),
            }
        }
        "mix" => color_mix_with(args, Some(color))?,
        _ => crate::bail!(span, "type color has no method `{name}`"),
    })
}
