//! Methods of colors: `components`, `space`, `to-hex`, `lighten`, `darken`, `saturate`,
//! `desaturate`, `negate`, `rotate`, `transparentize`, `opacify` and `mix`.

use crate::base::{Angle, SourceResult, Span};
use crate::eval::library::{color_mix_with, color_space_arg, color_space_value};
use crate::model::{Args, Array, Color, ColorSpace, Ratio, Value};

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
            Value::Array(components(color, alpha))
        }
        "space" => color_space_value(color.space()),
        "to-hex" => Value::str(color.to_hex()),
        "lighten" => Value::Color(color.lighten(factor(args)?)),
        "darken" => Value::Color(color.lighten(-factor(args)?)),
        "saturate" | "desaturate" => {
            let f = factor(args)?;
            let f = if name == "saturate" { f } else { -f };
            match color.saturate(f) {
                Some(c) => Value::Color(c),
                None => crate::bail!(span, "cannot {name} grayscale color"),
            }
        }
        "negate" => Value::Color(color.negate(color_space_arg(args, ColorSpace::Oklab)?)),
        "rotate" => {
            let angle: Angle = args.expect("angle")?;
            let space = color_space_arg(args, ColorSpace::Oklch)?;
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

/// The components in the space's order: ratios, except Oklab's `a`, `b` and Oklch's
/// chroma (floats) and hues (angles); the alpha last unless `alpha` is false.
fn components(color: Color, alpha: bool) -> Array {
    let ratio = |v: f32| Value::Ratio(Ratio(f64::from(v)));
    let float = |v: f32| Value::Float(f64::from(v));
    let angle = |v: f32| Value::Angle(Angle::deg(f64::from(v)));
    let mut items: Vec<Value> = match color {
        Color::Luma { lightness, alpha } => vec![ratio(lightness), ratio(alpha)],
        Color::Oklab([l, a, b, al]) => vec![ratio(l), float(a), float(b), ratio(al)],
        Color::Oklch([l, c, h, al]) => vec![ratio(l), float(c), angle(h), ratio(al)],
        Color::Rgb(c) | Color::LinearRgb(c) | Color::Cmyk(c) => c.map(ratio).to_vec(),
        Color::Hsl([h, s, l, a]) | Color::Hsv([h, s, l, a]) => {
            vec![angle(h), ratio(s), ratio(l), ratio(a)]
        }
    };
    if !alpha && !matches!(color, Color::Cmyk(_)) {
        items.pop();
    }
    items.into_iter().collect()
}
