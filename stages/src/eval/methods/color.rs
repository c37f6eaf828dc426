//! Methods of colors: `transparentize`, `opacify`.

use crate::base::SourceResult;
use crate::model::{Args, Color, Ratio, Value};

/// The names of the color methods.
pub(super) const NAMES: &[&str] = &["transparentize", "opacify"];

/// Calls a color method.
pub(super) fn call(color: Color, name: &str, args: &mut Args) -> SourceResult<Value> {
    let ratio: Ratio = args.expect("scale")?;
    let alpha = match color {
        Color::Luma { alpha, .. } => alpha,
        Color::Rgb(c) => c[3],
        Color::Cmyk(_) => 1.0,
    };
    let factor = ratio.get() as f32;
    let alpha = if name == "transparentize" {
        alpha - alpha * factor
    } else {
        alpha + (1.0 - alpha) * factor
    };
    Ok(Value::Color(color.with_alpha(alpha.clamp(0.0, 1.0))))
}
