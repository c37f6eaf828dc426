//! Colors as the language sees them: a color space and its components (`luma`, `rgb`,
//! `cmyk` so far; further spaces are further variants), with parsing of hex strings, the
//! named colors of the standard library and `repr`.
//!
//! Components are kept in the space they were given in; conversion to device colors is the
//! exporters' business.

use ecow::{EcoString, eco_format};

use super::repr::format_float;

/// A color in one of the supported color spaces. Components lie in `0.0..=1.0`.
#[derive(Debug, Copy, Clone, PartialEq)]
pub enum Color {
    /// A grey level with alpha.
    Luma { lightness: f32, alpha: f32 },
    /// Red, green, blue and alpha (sRGB).
    Rgb([f32; 4]),
    /// Cyan, magenta, yellow and key (black).
    Cmyk([f32; 4]),
}

impl Color {
    /// Black.
    pub const BLACK: Self = Self::Luma { lightness: 0.0, alpha: 1.0 };

    /// The named colors of the standard library, each as its RGB hex value.
    pub const NAMED: &'static [(&'static str, &'static str)] = &[
        ("black", "#000000"),
        ("gray", "#aaaaaa"),
        ("silver", "#dddddd"),
        ("white", "#ffffff"),
        ("navy", "#001f3f"),
        ("blue", "#0074d9"),
        ("aqua", "#7fdbff"),
        ("teal", "#39cccc"),
        ("eastern", "#239dad"),
        ("purple", "#b10dc9"),
        ("fuchsia", "#f012be"),
        ("maroon", "#85144b"),
        ("red", "#ff4136"),
        ("orange", "#ff851b"),
        ("yellow", "#ffdc00"),
        ("olive", "#3d9970"),
        ("green", "#2ecc40"),
        ("lime", "#01ff70"),
    ];

    /// Parses `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (the `#` is optional).
    pub fn from_hex(hex: &str) -> Result<Self, EcoString> {
        let digits = hex.strip_prefix('#').unwrap_or(hex);
        if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err("color string contains non-hexadecimal letters".into());
        }
        let nibble = |i: usize| u8::from_str_radix(&digits[i..i + 1], 16).unwrap_or(0);
        let byte = |i: usize| u8::from_str_radix(&digits[i..i + 2], 16).unwrap_or(0);
        let values: [u8; 4] = match digits.len() {
            3 => [nibble(0) * 17, nibble(1) * 17, nibble(2) * 17, 255],
            4 => [nibble(0) * 17, nibble(1) * 17, nibble(2) * 17, nibble(3) * 17],
            6 => [byte(0), byte(2), byte(4), 255],
            8 => [byte(0), byte(2), byte(4), byte(6)],
            _ => return Err("color string has wrong length".into()),
        };
        Ok(Self::Rgb(values.map(|v| f32::from(v) / 255.0)))
    }

    /// The named color `name`, if the library has one.
    pub fn named(name: &str) -> Option<Self> {
        let (_, hex) = Self::NAMED.iter().find(|(n, _)| *n == name)?;
        Self::from_hex(hex).ok()
    }

    /// The color as Typst's `repr` writes it: `rgb("#ff4136")`, `luma(50%)`,
    /// `cmyk(10%, 20%, 30%, 40%)`.
    pub fn repr(&self) -> EcoString {
        let percent = |v: f32| eco_format!("{}%", format_float(round(f64::from(v) * 100.0)));
        match *self {
            Self::Luma { lightness, alpha } => {
                if alpha >= 1.0 {
                    eco_format!("luma({})", percent(lightness))
                } else {
                    eco_format!("luma({}, {})", percent(lightness), percent(alpha))
                }
            }
            Self::Rgb(c) => {
                let hex = |v: f32| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
                let mut out =
                    eco_format!("rgb(\"#{:02x}{:02x}{:02x}", hex(c[0]), hex(c[1]), hex(c[2]));
                if c[3] < 1.0 {
                    out.push_str(&eco_format!("{:02x}", hex(c[3])));
                }
                out.push_str("\")");
                out
            }
            Self::Cmyk(c) => eco_format!(
                "cmyk({}, {}, {}, {})",
                percent(c[0]),
                percent(c[1]),
                percent(c[2]),
                percent(c[3])
            ),
        }
    }

    /// The same color with another alpha (CMYK colors have none and stay as they are).
    pub fn with_alpha(self, alpha: f32) -> Self {
        match self {
            Self::Luma { lightness, .. } => Self::Luma { lightness, alpha },
            Self::Rgb([r, g, b, _]) => Self::Rgb([r, g, b, alpha]),
            Self::Cmyk(c) => Self::Cmyk(c),
        }
    }
}

/// Rounds to two decimals, so that `f32` components print as they were written.
fn round(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trips() {
        assert_eq!(Color::from_hex("#ff4136").unwrap().repr(), "rgb(\"#ff4136\")");
        assert_eq!(Color::from_hex("f00a").unwrap().repr(), "rgb(\"#ff0000aa\")");
        assert!(Color::from_hex("#12").is_err());
        assert!(Color::from_hex("#xyz").is_err());
        assert_eq!(Color::named("red"), Color::from_hex("#ff4136").ok());
    }
}
