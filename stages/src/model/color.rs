//! Colors as the language sees them: a color space and its components (`luma`, `oklab`,
//! `oklch`, `rgb`, `linear-rgb`, `cmyk`, `hsl`, `hsv`), conversion between the spaces,
//! parsing of hex strings, the named colors of the standard library, the color
//! operations (`lighten`, `saturate`, `negate`, `rotate`, `mix`, alpha scaling) and `repr`.
//! Tints of spot colorants (`spot.rs`) are colors too; the operations act on their tint,
//! and a conversion to a process space goes through the tinted fallback.
//!
//! Components are kept in the space they were given in (hues as given, not wrapped);
//! `to_doc` turns any color into one of the output spaces (grey, sRGB, CMYK) for layout
//! and the exporters. Conversions between the process spaces go through the `palette`
//! crate with the same float functions (`libm`) and along the same routes as Typst, so
//! that reprs agree to the last printed digit. CMYK becomes sRGB through the ICC profile
//! Typst ships (typst-assets' `CMYK_TO_XYZ`, 8 bits per channel, perceptual intent); the
//! way back is the naive formula, as in Typst.

use std::sync::{Arc, LazyLock};

use ecow::{EcoString, eco_format};
use palette::encoding::{Linear, Srgb};
use palette::{Darken, Desaturate, FromColor, Lighten, Saturate, ShiftHue};

use super::repr::{format_float, repr_float, round_with_precision};
use super::{ColorError, Colorant, Ratio, SpotColor, Value};
use crate::base::Angle;
use crate::doc::Color as DocColor;

type PLuma = palette::luma::Lumaa<Srgb, f32>;
type POklab = palette::oklab::Oklaba<f32>;
type POklch = palette::oklch::Oklcha<f32>;
type PRgb = palette::rgb::Rgba<Srgb, f32>;
type PLinear = palette::rgb::Rgba<Linear<Srgb>, f32>;
type PHsl = palette::hsl::Hsla<Srgb, f32>;
type PHsv = palette::hsv::Hsva<Srgb, f32>;

/// A color in one of the supported color spaces. Components lie in `0.0..=1.0`, except
/// Oklab's `a` and `b` and Oklch's chroma (floats) and hues (degrees as given).
#[derive(Debug, Copy, Clone)]
pub enum Color {
    /// A grey level (gamma-encoded) with alpha.
    Luma { lightness: f32, alpha: f32 },
    /// Red, green, blue and alpha (sRGB).
    Rgb([f32; 4]),
    /// Cyan, magenta, yellow and key (black); no alpha.
    Cmyk([f32; 4]),
    /// Lightness, `a`, `b` and alpha (Oklab).
    Oklab([f32; 4]),
    /// Lightness, chroma, hue in degrees and alpha (Oklch).
    Oklch([f32; 4]),
    /// Red, green, blue and alpha without gamma encoding.
    LinearRgb([f32; 4]),
    /// Hue in degrees, saturation, lightness and alpha.
    Hsl([f32; 4]),
    /// Hue in degrees, saturation, value and alpha.
    Hsv([f32; 4]),
    /// A tint of a spot colorant; no alpha.
    Spot(SpotColor),
}

/// A color space, as named by its constructor function.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Hash)]
pub enum ColorSpace {
    Luma,
    Oklab,
    Oklch,
    Rgb,
    LinearRgb,
    Cmyk,
    Hsl,
    Hsv,
    /// The tints of a spot colorant.
    Spot(Colorant),
}

impl ColorSpace {
    /// The spaces with a hue component, with its index among the components.
    fn hue_index(self) -> Option<usize> {
        match self {
            Self::Oklch => Some(2),
            Self::Hsl | Self::Hsv => Some(0),
            _ => None,
        }
    }
}

/// The 8-bit CMYK → sRGB transform of Typst's CMYK profile (CGATS TR 001, only
/// perceptual intent), built once.
static CMYK_TO_SRGB: LazyLock<Arc<moxcms::Transform8BitExecutor>> = LazyLock::new(|| {
    let cmyk = moxcms::ColorProfile::new_from_slice(typst_assets::icc::CMYK_TO_XYZ)
        .expect("the bundled CMYK profile parses");
    let options = moxcms::TransformOptions {
        rendering_intent: moxcms::RenderingIntent::Perceptual,
        ..moxcms::TransformOptions::default()
    };
    cmyk.create_transform_8bit(
        moxcms::Layout::Rgba,
        &moxcms::ColorProfile::new_srgb(),
        moxcms::Layout::Rgb,
        options,
    )
    .expect("the CMYK profile converts to sRGB")
});

/// CMYK → sRGB through the profile: components quantized to 8 bits, as Typst does.
fn cmyk_to_rgb([c, m, y, k]: [f32; 4]) -> PRgb {
    let byte = |v: f32| (v * 255.0).round() as u8;
    let mut out = [0u8; 3];
    if CMYK_TO_SRGB.transform(&[byte(c), byte(m), byte(y), byte(k)], &mut out).is_err() {
        // One pixel in, one pixel out: the transform cannot fail on these lengths.
        out = [0; 3];
    }
    let [r, g, b] = out.map(|v| f32::from(v) / 255.0);
    PRgb::new(r, g, b, 1.0)
}

/// sRGB → CMYK by the naive formula (the profile only goes one way).
fn cmyk_from_rgb(rgb: PRgb) -> [f32; 4] {
    let (r, g, b) = (rgb.red, rgb.green, rgb.blue);
    let k = 1.0 - r.max(g).max(b);
    if k == 1.0 {
        return [0.0, 0.0, 0.0, 1.0];
    }
    let part = |v: f32| (1.0 - v - k) / (1.0 - k);
    [part(r), part(g), part(b), k]
}

/// A grey as a rich black of the same darkness.
fn cmyk_from_luma(luma: PLuma) -> [f32; 4] {
    let l = 1.0 - luma.luma;
    [l * 0.75, l * 0.68, l * 0.67, l * 0.90]
}

/// A color as the library's types: every space but CMYK, which the library lacks.
#[derive(Copy, Clone)]
enum Pal {
    Luma(PLuma),
    Oklab(POklab),
    Oklch(POklch),
    Rgb(PRgb),
    Linear(PLinear),
    Cmyk([f32; 4]),
    Hsl(PHsl),
    Hsv(PHsv),
}

impl Pal {
    /// Like Typst, a conversion to grey starts from the color without its alpha, so the
    /// grey is opaque.
    fn luma(self) -> PLuma {
        match self {
            Self::Luma(c) => c,
            Self::Oklab(c) => PLuma::from_color(c.color),
            Self::Oklch(c) => PLuma::from_color(c.color),
            Self::Rgb(c) => PLuma::from_color(c.color),
            Self::Linear(c) => PLuma::from_color(c.color),
            Self::Cmyk(c) => PLuma::from_color(cmyk_to_rgb(c)),
            Self::Hsl(c) => PLuma::from_color(c.color),
            Self::Hsv(c) => PLuma::from_color(c.color),
        }
    }

    fn oklab(self) -> POklab {
        match self {
            Self::Luma(c) => POklab::from_color(c),
            Self::Oklab(c) => c,
            Self::Oklch(c) => POklab::from_color(c),
            Self::Rgb(c) => POklab::from_color(c),
            Self::Linear(c) => POklab::from_color(c),
            Self::Cmyk(c) => POklab::from_color(cmyk_to_rgb(c)),
            Self::Hsl(c) => POklab::from_color(c),
            Self::Hsv(c) => POklab::from_color(c),
        }
    }

    fn oklch(self) -> POklch {
        match self {
            Self::Luma(c) => POklch::from_color(c),
            Self::Oklab(c) => POklch::from_color(c),
            Self::Oklch(c) => c,
            Self::Rgb(c) => POklch::from_color(c),
            Self::Linear(c) => POklch::from_color(c),
            Self::Cmyk(c) => POklch::from_color(cmyk_to_rgb(c)),
            Self::Hsl(c) => POklch::from_color(c),
            Self::Hsv(c) => POklch::from_color(c),
        }
    }

    fn rgb(self) -> PRgb {
        match self {
            Self::Luma(c) => PRgb::from_color(c),
            Self::Oklab(c) => PRgb::from_color(c),
            Self::Oklch(c) => PRgb::from_color(c),
            Self::Rgb(c) => c,
            Self::Linear(c) => PRgb::from_linear(c),
            Self::Cmyk(c) => cmyk_to_rgb(c),
            Self::Hsl(c) => PRgb::from_color(c),
            Self::Hsv(c) => PRgb::from_color(c),
        }
    }

    fn linear(self) -> PLinear {
        match self {
            Self::Luma(c) => PLinear::from_color(c),
            Self::Oklab(c) => PLinear::from_color(c),
            Self::Oklch(c) => PLinear::from_color(c),
            Self::Rgb(c) => PLinear::from_color(c),
            Self::Linear(c) => c,
            Self::Cmyk(c) => PLinear::from_color(cmyk_to_rgb(c)),
            Self::Hsl(c) => PRgb::from_color(c).into_linear(),
            Self::Hsv(c) => PRgb::from_color(c).into_linear(),
        }
    }

    fn cmyk(self) -> [f32; 4] {
        match self {
            Self::Luma(c) => cmyk_from_luma(c),
            Self::Cmyk(c) => c,
            Self::Linear(c) => cmyk_from_rgb(PRgb::from_linear(c)),
            Self::Rgb(c) => cmyk_from_rgb(c),
            other => cmyk_from_rgb(other.rgb()),
        }
    }

    fn hsl(self) -> PHsl {
        match self {
            Self::Luma(c) => PHsl::from_color(c),
            Self::Oklab(c) => PHsl::from_color(c),
            Self::Oklch(c) => PHsl::from_color(c),
            Self::Rgb(c) => PHsl::from_color(c),
            Self::Linear(c) => PHsl::from_color(PRgb::from_linear(c)),
            Self::Cmyk(c) => PHsl::from_color(cmyk_to_rgb(c)),
            Self::Hsl(c) => c,
            Self::Hsv(c) => PHsl::from_color(c),
        }
    }

    fn hsv(self) -> PHsv {
        match self {
            Self::Luma(c) => PHsv::from_color(c),
            Self::Oklab(c) => PHsv::from_color(c),
            Self::Oklch(c) => PHsv::from_color(c),
            Self::Rgb(c) => PHsv::from_color(c),
            Self::Linear(c) => PHsv::from_color(PRgb::from_linear(c)),
            Self::Cmyk(c) => PHsv::from_color(cmyk_to_rgb(c)),
            Self::Hsl(c) => PHsv::from_color(c),
            Self::Hsv(c) => c,
        }
    }
}

impl From<Pal> for Color {
    fn from(p: Pal) -> Self {
        match p {
            Pal::Luma(c) => Self::Luma { lightness: c.luma, alpha: c.alpha },
            Pal::Oklab(c) => Self::Oklab([c.l, c.a, c.b, c.alpha]),
            Pal::Oklch(c) => Self::Oklch([c.l, c.chroma, c.hue.into_raw_degrees(), c.alpha]),
            Pal::Rgb(c) => Self::Rgb([c.red, c.green, c.blue, c.alpha]),
            Pal::Linear(c) => Self::LinearRgb([c.red, c.green, c.blue, c.alpha]),
            Pal::Cmyk(c) => Self::Cmyk(c),
            Pal::Hsl(c) => {
                Self::Hsl([c.hue.into_raw_degrees(), c.saturation, c.lightness, c.alpha])
            }
            Pal::Hsv(c) => Self::Hsv([c.hue.into_raw_degrees(), c.saturation, c.value, c.alpha]),
        }
    }
}

/// A hue as an angle value shows it: in degrees from 0 up to 360 (from the signed
/// normalized hue, in double precision, as Typst computes it).
fn hue_degrees(signed: f32) -> f64 {
    f64::from(signed).rem_euclid(360.0)
}

/// Typst compares RGB colors and greys at 8-bit precision (and greys without their
/// alpha); other spaces compare exactly, hues modulo a full turn.
impl PartialEq for Color {
    fn eq(&self, other: &Self) -> bool {
        let byte = |v: f32| (v * 255.0).round() as u8;
        match (self, other) {
            (Self::Spot(a), Self::Spot(b)) => return a == b,
            (Self::Spot(_), _) | (_, Self::Spot(_)) => return false,
            _ => {}
        }
        match (self.pal(), other.pal()) {
            (Pal::Rgb(_), Pal::Rgb(_)) => self.to_vec4().map(byte) == other.to_vec4().map(byte),
            (Pal::Luma(a), Pal::Luma(b)) => byte(a.luma) == byte(b.luma),
            (Pal::Oklab(a), Pal::Oklab(b)) => a == b,
            (Pal::Oklch(a), Pal::Oklch(b)) => a == b,
            (Pal::Linear(a), Pal::Linear(b)) => a == b,
            (Pal::Cmyk(a), Pal::Cmyk(b)) => a == b,
            (Pal::Hsl(a), Pal::Hsl(b)) => a == b,
            (Pal::Hsv(a), Pal::Hsv(b)) => a == b,
            _ => false,
        }
    }
}

impl Color {
    /// Black.
    pub const BLACK: Self = Self::Luma { lightness: 0.0, alpha: 1.0 };

    /// The named colors of the standard library with Typst's exact components: greys as
    /// luma (one component), the rest as RGB.
    pub const NAMED: &'static [(&'static str, &'static [f32])] = &[
        ("black", &[0.0]),
        ("gray", &[0.666_666_6]),
        ("silver", &[0.866_666_7]),
        ("white", &[1.0]),
        ("navy", &[0.0, 0.121_569, 0.247_059]),
        ("blue", &[0.0, 0.454_902, 0.850_98]),
        ("aqua", &[0.498_039_2, 0.858_823, 1.0]),
        ("teal", &[0.223_529, 0.8, 0.8]),
        ("eastern", &[0.137_25, 0.615_686, 0.678_431]),
        ("purple", &[0.694_118, 0.050_980, 0.788_235]),
        ("fuchsia", &[0.941_177, 0.070_588, 0.745_098]),
        ("maroon", &[0.521_569, 0.078_431, 0.294_118]),
        ("red", &[1.0, 0.254_902, 0.211_765]),
        ("orange", &[1.0, 0.521_569, 0.105_882]),
        ("yellow", &[1.0, 0.862_745_1, 0.0]),
        ("olive", &[0.239_216, 0.6, 0.439_215_7]),
        ("green", &[0.180_392_2, 0.8, 0.250_980_4]),
        ("lime", &[0.003_921_6, 1.0, 0.439_215_7]),
    ];

    /// Parses `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (the `#` is optional).
    pub fn from_hex(hex: &str) -> Result<Self, EcoString> {
        let digits = hex.strip_prefix('#').unwrap_or(hex);
        if !digits.chars().all(|c| c.is_ascii_hexdigit()) {
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
        let (_, parts) = Self::NAMED.iter().find(|(n, _)| *n == name)?;
        Some(match parts {
            [l] => Self::Luma { lightness: *l, alpha: 1.0 },
            [r, g, b] => Self::Rgb([*r, *g, *b, 1.0]),
            _ => return None,
        })
    }

    /// The color as the library's type.
    fn pal(self) -> Pal {
        match self {
            Self::Luma { lightness, alpha } => Pal::Luma(PLuma::new(lightness, alpha)),
            Self::Rgb([r, g, b, a]) => Pal::Rgb(PRgb::new(r, g, b, a)),
            Self::Cmyk(c) => Pal::Cmyk(c),
            Self::Oklab([l, a, b, alpha]) => Pal::Oklab(POklab::new(l, a, b, alpha)),
            Self::Oklch([l, c, h, a]) => Pal::Oklch(POklch::new(l, c, h, a)),
            Self::LinearRgb([r, g, b, a]) => Pal::Linear(PLinear::new(r, g, b, a)),
            Self::Hsl([h, s, l, a]) => Pal::Hsl(PHsl::new(h, s, l, a)),
            Self::Hsv([h, s, v, a]) => Pal::Hsv(PHsv::new(h, s, v, a)),
            Self::Spot(spot) => spot.fallback().pal(),
        }
    }

    /// The color's space.
    pub fn space(&self) -> ColorSpace {
        match self {
            Self::Luma { .. } => ColorSpace::Luma,
            Self::Rgb(_) => ColorSpace::Rgb,
            Self::Cmyk(_) => ColorSpace::Cmyk,
            Self::Oklab(_) => ColorSpace::Oklab,
            Self::Oklch(_) => ColorSpace::Oklch,
            Self::LinearRgb(_) => ColorSpace::LinearRgb,
            Self::Hsl(_) => ColorSpace::Hsl,
            Self::Hsv(_) => ColorSpace::Hsv,
            Self::Spot(spot) => ColorSpace::Spot(spot.colorant),
        }
    }

    /// The alpha component (`None` for CMYK and spot colors, which have none).
    pub fn alpha(&self) -> Option<f32> {
        match *self {
            Self::Luma { alpha, .. } => Some(alpha),
            Self::Cmyk(_) | Self::Spot(_) => None,
            Self::Rgb(c)
            | Self::Oklab(c)
            | Self::Oklch(c)
            | Self::LinearRgb(c)
            | Self::Hsl(c)
            | Self::Hsv(c) => Some(c[3]),
        }
    }

    /// The same color with another alpha (CMYK and spot colors have none and stay as
    /// they are).
    pub fn with_alpha(self, alpha: f32) -> Self {
        match self {
            Self::Luma { lightness, .. } => Self::Luma { lightness, alpha },
            Self::Cmyk(_) | Self::Spot(_) => self,
            Self::Rgb(c) => Self::Rgb([c[0], c[1], c[2], alpha]),
            Self::Oklab(c) => Self::Oklab([c[0], c[1], c[2], alpha]),
            Self::Oklch(c) => Self::Oklch([c[0], c[1], c[2], alpha]),
            Self::LinearRgb(c) => Self::LinearRgb([c[0], c[1], c[2], alpha]),
            Self::Hsl(c) => Self::Hsl([c[0], c[1], c[2], alpha]),
            Self::Hsv(c) => Self::Hsv([c[0], c[1], c[2], alpha]),
        }
    }

    /// The components as four numbers, in the order of the space's constructor (luma
    /// repeats its lightness; CMYK has key where others have alpha; hues in `0..360`).
    pub fn to_vec4(self) -> [f32; 4] {
        // The hue as the library normalizes it (to -180..180), then brought to 0..360.
        let hue = |h: f32| palette::RgbHue::from_degrees(h).into_degrees().rem_euclid(360.0);
        match self {
            Self::Luma { lightness, alpha } => [lightness, lightness, lightness, alpha],
            Self::Oklch([l, c, h, a]) => [l, c, hue(h), a],
            Self::Hsl([h, s, l, a]) | Self::Hsv([h, s, l, a]) => [hue(h), s, l, a],
            Self::Rgb(c) | Self::Cmyk(c) | Self::Oklab(c) | Self::LinearRgb(c) => c,
            // Mixing goes through single precision, as in Typst.
            Self::Spot(spot) => [spot.tint as f32; 4],
        }
    }

    /// A color of `space` from four numbers as `to_vec4` gives them.
    pub fn from_vec4(space: ColorSpace, c: [f32; 4]) -> Self {
        match space {
            ColorSpace::Luma => Self::Luma { lightness: c[0], alpha: c[3] },
            ColorSpace::Rgb => Self::Rgb(c),
            ColorSpace::Cmyk => Self::Cmyk(c),
            ColorSpace::Oklab => Self::Oklab(c),
            ColorSpace::Oklch => Self::Oklch(c),
            ColorSpace::LinearRgb => Self::LinearRgb(c),
            ColorSpace::Hsl => Self::Hsl(c),
            ColorSpace::Hsv => Self::Hsv(c),
            ColorSpace::Spot(colorant) => {
                Self::Spot(SpotColor { colorant, tint: f64::from(c[0].clamp(0.0, 1.0)) })
            }
        }
    }

    /// The color converted to `space`. Only a tint of a colorant is in that colorant's
    /// space; any other color stays as it is (see `convert` for the checked version).
    pub fn to_space(self, space: ColorSpace) -> Self {
        let p = self.pal();
        Self::from(match space {
            ColorSpace::Spot(_) => return self.convert(space).unwrap_or(self),
            ColorSpace::Luma => Pal::Luma(p.luma()),
            ColorSpace::Oklab => Pal::Oklab(p.oklab()),
            ColorSpace::Oklch => Pal::Oklch(p.oklch()),
            ColorSpace::Rgb => Pal::Rgb(p.rgb()),
            ColorSpace::LinearRgb => Pal::Linear(p.linear()),
            ColorSpace::Cmyk => Pal::Cmyk(p.cmyk()),
            ColorSpace::Hsl => Pal::Hsl(p.hsl()),
            ColorSpace::Hsv => Pal::Hsv(p.hsv()),
        })
    }

    /// The color converted to `space`, failing where a process color would have to become
    /// a spot color, or a tint of one colorant a tint of another.
    pub fn convert(self, space: ColorSpace) -> Result<Self, ColorError> {
        match (space, self) {
            (ColorSpace::Spot(target), Self::Spot(spot)) if spot.colorant == target => Ok(self),
            (ColorSpace::Spot(target), Self::Spot(spot)) => {
                Err(ColorError::between(spot.colorant, target))
            }
            (ColorSpace::Spot(target), _) => Err(ColorError::process_into(target)),
            (space, _) => Ok(self.to_space(space)),
        }
    }

    /// The color in an output space for layout and the exporters: grey, sRGB and CMYK
    /// stay as they are, spot colors stay tints of their ink, the other spaces become
    /// sRGB.
    pub fn to_doc(self) -> DocColor {
        match self {
            Self::Spot(spot) => DocColor::Spot(spot.to_doc()),
            Self::Luma { lightness, alpha } => DocColor::Luma { l: lightness, a: alpha },
            Self::Cmyk([c, m, y, k]) => DocColor::Cmyk { c, m, y, k },
            other => {
                let c = other.pal().rgb();
                DocColor::Rgb { r: c.red, g: c.green, b: c.blue, a: c.alpha }
            }
        }
    }

    /// The color as 8-bit sRGB components, rounded as the colour library rounds them
    /// (`rgb(10%, 20%, 30%)` is `#1a334c`).
    pub fn to_rgba8(self) -> [u8; 4] {
        let c = self.pal().rgb().into_format::<u8, u8>();
        [c.red, c.green, c.blue, c.alpha]
    }

    /// The color as an sRGB hex string: `#rrggbb`, with `aa` when not opaque.
    pub fn to_hex(self) -> EcoString {
        let [r, g, b, a] = self.to_rgba8();
        if a == 255 {
            eco_format!("#{r:02x}{g:02x}{b:02x}")
        } else {
            eco_format!("#{r:02x}{g:02x}{b:02x}{a:02x}")
        }
    }

    /// The components as `components()` gives them: ratios, except Oklab's `a`, `b` and
    /// Oklch's chroma (floats) and hues (degrees); CMYK's key comes where the alpha is.
    fn parts(self) -> [Part; 4] {
        use Part::{Float, Hue, Ratio};
        match self.pal() {
            Pal::Luma(c) => [Ratio(c.luma.into()), Ratio(c.alpha.into()), Ratio(0.0), Ratio(0.0)],
            Pal::Oklab(c) => [Ratio(c.l.into()), Float(c.a), Float(c.b), Ratio(c.alpha.into())],
            Pal::Oklch(c) => [
                Ratio(c.l.into()),
                Float(c.chroma),
                Hue(hue_degrees(c.hue.into_degrees())),
                Ratio(c.alpha.into()),
            ],
            Pal::Rgb(c) => [c.red, c.green, c.blue, c.alpha].map(|v| Ratio(v.into())),
            Pal::Linear(c) => [c.red, c.green, c.blue, c.alpha].map(|v| Ratio(v.into())),
            Pal::Cmyk(c) => c.map(|v| Ratio(v.into())),
            Pal::Hsl(c) => [
                Hue(hue_degrees(c.hue.into_degrees())),
                Ratio(c.saturation.into()),
                Ratio(c.lightness.into()),
                Ratio(c.alpha.into()),
            ],
            Pal::Hsv(c) => [
                Hue(hue_degrees(c.hue.into_degrees())),
                Ratio(c.saturation.into()),
                Ratio(c.value.into()),
                Ratio(c.alpha.into()),
            ],
        }
    }

    /// How many of `parts` the space has, alpha (or key) included.
    fn part_count(self) -> usize {
        if matches!(self, Self::Luma { .. }) { 2 } else { 4 }
    }

    /// The components as `components()` gives them, the alpha last unless `alpha` is
    /// false (CMYK keeps its key).
    pub fn components(self, alpha: bool) -> Vec<Value> {
        if let Self::Spot(spot) = self {
            return vec![Value::Ratio(Ratio(spot.tint))];
        }
        let mut items: Vec<Value> = self.parts()[..self.part_count()]
            .iter()
            .map(|part| match *part {
                Part::Ratio(v) => Value::Ratio(Ratio(v)),
                Part::Float(v) => Value::Float(f64::from(v)),
                Part::Hue(deg) => Value::Angle(Angle::deg(deg)),
            })
            .collect();
        if !alpha && !matches!(self, Self::Cmyk(_)) {
            items.pop();
        }
        items
    }

    /// The color as Typst's `repr` writes it: `rgb("#ff4136")`, `luma(50%)`,
    /// `oklab(50%, 0.1, 0.1)`, `color.hsl(90deg, 50%, 50%)`.
    pub fn repr(&self) -> EcoString {
        match self {
            Self::Rgb(_) => return eco_format!("rgb(\"{}\")", self.to_hex()),
            Self::Spot(spot) => return spot.repr(),
            _ => {}
        }
        let name = match self {
            Self::Luma { .. } => "luma",
            Self::Cmyk(_) => "cmyk",
            Self::Oklab(_) => "oklab",
            Self::Oklch(_) => "oklch",
            Self::LinearRgb(_) => "color.linear-rgb",
            Self::Hsl(_) => "color.hsl",
            Self::Hsv(_) => "color.hsv",
            Self::Rgb(_) | Self::Spot(_) => "rgb",
        };
        let mut parts: Vec<EcoString> =
            self.parts()[..self.part_count()].iter().map(Part::repr).collect();
        // An opaque color leaves its alpha out; CMYK's last part is its key.
        if self.alpha() == Some(1.0) {
            parts.pop();
        }
        eco_format!("{name}({})", parts.join(", "))
    }

    /// Lightens by `factor` relative to the lightest value: the lightness of spaces that
    /// have one, every component of RGB, less of every ink of CMYK.
    pub fn lighten(self, factor: f32) -> Self {
        if let Self::Spot(spot) = self {
            return Self::Spot(spot.lighten(f64::from(factor)));
        }
        Self::from(match self.pal() {
            Pal::Luma(c) => Pal::Luma(c.lighten(factor)),
            Pal::Oklab(c) => Pal::Oklab(c.lighten(factor)),
            Pal::Oklch(c) => Pal::Oklch(c.lighten(factor)),
            Pal::Rgb(c) => Pal::Rgb(c.lighten(factor)),
            Pal::Linear(c) => Pal::Linear(c.lighten(factor)),
            Pal::Hsl(c) => Pal::Hsl(c.lighten(factor)),
            Pal::Hsv(c) => Pal::Hsv(c.lighten(factor)),
            Pal::Cmyk(c) => Pal::Cmyk(c.map(|u| (u - u * factor).clamp(0.0, 1.0))),
        })
    }

    /// Darkens by `factor` relative to the darkest value; more of every ink of CMYK.
    pub fn darken(self, factor: f32) -> Self {
        if let Self::Spot(spot) = self {
            return Self::Spot(spot.darken(f64::from(factor)));
        }
        Self::from(match self.pal() {
            Pal::Luma(c) => Pal::Luma(c.darken(factor)),
            Pal::Oklab(c) => Pal::Oklab(c.darken(factor)),
            Pal::Oklch(c) => Pal::Oklch(c.darken(factor)),
            Pal::Rgb(c) => Pal::Rgb(c.darken(factor)),
            Pal::Linear(c) => Pal::Linear(c.darken(factor)),
            Pal::Hsl(c) => Pal::Hsl(c.darken(factor)),
            Pal::Hsv(c) => Pal::Hsv(c.darken(factor)),
            Pal::Cmyk(c) => Pal::Cmyk(c.map(|u| (u + (1.0 - u) * factor).clamp(0.0, 1.0))),
        })
    }

    /// Saturates (or with `less`, desaturates) by `factor` in HSL or HSV, through HSV for
    /// the other spaces. Greys and spot colors cannot be saturated.
    pub fn saturate(self, factor: f32, less: bool) -> Result<Self, ColorError> {
        fn adjust<C: Saturate<Scalar = f32> + Desaturate<Scalar = f32>>(
            c: C,
            factor: f32,
            less: bool,
        ) -> C {
            if less { c.desaturate(factor) } else { c.saturate(factor) }
        }
        let verb = if less { "desaturate" } else { "saturate" };
        if let Self::Spot(_) = self {
            let mut error = ColorError::new(eco_format!("cannot {verb} spot color"));
            error.hints.push("try using the fallback color instead".into());
            return Err(error);
        }
        Ok(match self.pal() {
            Pal::Luma(_) => {
                let mut error = ColorError::new(eco_format!("cannot {verb} grayscale color"));
                error.hints.push("try converting your color to RGB first".into());
                return Err(error);
            }
            Pal::Hsl(c) => Self::from(Pal::Hsl(adjust(c, factor, less))),
            Pal::Hsv(c) => Self::from(Pal::Hsv(adjust(c, factor, less))),
            other => Self::from(Pal::Hsv(adjust(other.hsv(), factor, less))).to_space(self.space()),
        })
    }

    /// The complementary color, computed in `space` (by default Oklab, or a spot color's
    /// own colorant, whose tint is inverted) and given back in this color's space.
    pub fn negate(self, space: Option<ColorSpace>) -> Result<Self, ColorError> {
        let space = space.unwrap_or(match self {
            Self::Spot(spot) => ColorSpace::Spot(spot.colorant),
            _ => ColorSpace::Oklab,
        });
        let converted = self.convert(space)?;
        if let Self::Spot(spot) = converted {
            return Self::Spot(spot.negate()).convert(self.space());
        }
        let negated = match converted.pal() {
            Pal::Luma(c) => Pal::Luma(PLuma::new(1.0 - c.luma, c.alpha)),
            Pal::Oklab(c) => Pal::Oklab(POklab::new(1.0 - c.l, -c.a, -c.b, c.alpha)),
            Pal::Oklch(c) => {
                Pal::Oklch(POklch::new(1.0 - c.l, c.chroma, c.hue.into_degrees() + 180.0, c.alpha))
            }
            Pal::Rgb(c) => Pal::Rgb(PRgb::new(1.0 - c.red, 1.0 - c.green, 1.0 - c.blue, c.alpha)),
            Pal::Linear(c) => {
                Pal::Linear(PLinear::new(1.0 - c.red, 1.0 - c.green, 1.0 - c.blue, c.alpha))
            }
            Pal::Cmyk([c, m, y, k]) => Pal::Cmyk([1.0 - c, 1.0 - m, 1.0 - y, k]),
            Pal::Hsl(c) => Pal::Hsl(PHsl::new(
                c.hue.into_degrees() + 180.0,
                c.saturation,
                c.lightness,
                c.alpha,
            )),
            Pal::Hsv(c) => {
                Pal::Hsv(PHsv::new(c.hue.into_degrees() + 180.0, c.saturation, c.value, c.alpha))
            }
        };
        Self::from(negated).convert(self.space())
    }

    /// The hue rotated by `degrees` in `space` (Oklch, HSL or HSV), given back in this
    /// color's space (which a spot color's colorant cannot be).
    pub fn rotate(self, degrees: f32, space: ColorSpace) -> Result<Self, ColorError> {
        let p = self.pal();
        let rotated = match space {
            ColorSpace::Oklch => Pal::Oklch(p.oklch().shift_hue(degrees)),
            ColorSpace::Hsl => Pal::Hsl(p.hsl().shift_hue(degrees)),
            ColorSpace::Hsv => Pal::Hsv(p.hsv().shift_hue(degrees)),
            _ => return Err(ColorError::new("this color space does not support hue rotation")),
        };
        Self::from(rotated).convert(self.space())
    }

    /// Scales the alpha toward opaque (positive factor) or transparent (negative). CMYK
    /// and spot colors have no alpha.
    pub fn scale_alpha(self, factor: f32) -> Result<Self, ColorError> {
        let alpha = match self {
            Self::Spot(_) => {
                return Err(ColorError::new("spot colors do not have an alpha component"));
            }
            _ => self
                .alpha()
                .ok_or_else(|| ColorError::new("CMYK does not have an alpha component"))?,
        };
        let room = if factor > 0.0 { 1.0 - alpha } else { alpha };
        Ok(self.with_alpha((alpha + factor * room).clamp(0.0, 1.0)))
    }

    /// The space colors mix in when none is given: their colorant if all are tints of
    /// the same one, Oklab otherwise.
    pub fn mixing_space(colors: impl IntoIterator<Item = Self>) -> ColorSpace {
        let mut space = None;
        for color in colors {
            match (space, color) {
                (None, Self::Spot(spot)) => space = Some(ColorSpace::Spot(spot.colorant)),
                (Some(ColorSpace::Spot(colorant)), Self::Spot(spot))
                    if spot.colorant == colorant => {}
                _ => return ColorSpace::Oklab,
            }
        }
        space.unwrap_or(ColorSpace::Oklab)
    }

    /// The weighted mix of colors in `space` (by default, see `mixing_space`). In a space
    /// with hue, at most two colors mix, and their hues meet the short way round the
    /// circle.
    pub fn mix(colors: &[(Self, f32)], space: Option<ColorSpace>) -> Result<Self, ColorError> {
        let space = space.unwrap_or_else(|| Self::mixing_space(colors.iter().map(|(c, _)| *c)));
        let hue = space.hue_index();
        if hue.is_some() && colors.len() > 2 {
            return Err(ColorError::new("cannot mix more than two colors in a hue-based space"));
        }
        let mixed = if let (Some(i), [(c0, w0), (c1, w1)]) = (hue, colors) {
            let (w0, w1) = (*w0, *w1);
            let c0 = c0.convert(space)?.to_vec4();
            let c1 = c1.convert(space)?.to_vec4();
            if w0 + w1 <= 0.0 {
                return Err(ColorError::new("sum of weights must be positive"));
            }
            let mut m: [f32; 4] = std::array::from_fn(|k| (w0 * c0[k] + w1 * c1[k]) / (w0 + w1));
            if (c0[i] - c1[i]).abs() > 180.0 {
                let (h0, h1) =
                    if c0[i] < c1[i] { (c0[i] + 360.0, c1[i]) } else { (c0[i], c1[i] + 360.0) };
                m[i] = (w0 * h0 + w1 * h1) / (w0 + w1);
            }
            m
        } else {
            let mut total = 0.0f32;
            let mut acc = [0.0f32; 4];
            for (color, weight) in colors {
                let v = color.convert(space)?.to_vec4();
                for (sum, part) in acc.iter_mut().zip(v) {
                    *sum += weight * part;
                }
                total += weight;
            }
            if total <= 0.0 {
                return Err(ColorError::new("sum of weights must be positive"));
            }
            acc.map(|v| v / total)
        };
        Ok(Self::from_vec4(space, mixed))
    }
}

/// One component as `components()` gives it.
#[derive(Debug, Copy, Clone, PartialEq)]
enum Part {
    /// A ratio (1.0 is 100%).
    Ratio(f64),
    /// A plain float (Oklab's `a`, `b`, Oklch's chroma).
    Float(f32),
    /// A hue in degrees.
    Hue(f64),
}

impl Part {
    /// The part as Typst's `repr` writes it inside a color: a ratio with two decimals of
    /// a percent, a float with three decimals, an angle with two decimals of a degree.
    fn repr(&self) -> EcoString {
        match *self {
            Self::Ratio(v) => with_unit(round_with_precision(v * 100.0, 2), "%"),
            Self::Float(v) => with_unit(round_with_precision(f64::from(v), 3), ""),
            Self::Hue(deg) => {
                // Through an angle value in radians, as Typst's repr of a hue goes.
                let deg = Angle::deg(deg).to_deg();
                with_unit(round_with_precision(deg, 2), "deg")
            }
        }
    }
}

/// A rounded component with its unit; a component that overflowed to infinity (a huge
/// Oklab `a`) reads as Typst writes it, `float.inf` times one unit.
fn with_unit(v: f64, unit: &str) -> EcoString {
    if v.is_finite() {
        return eco_format!("{}{unit}", format_float(v));
    }
    let value = repr_float(v);
    if unit.is_empty() { value } else { eco_format!("{value} * 1{unit}") }
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
        assert_eq!(Color::named("gray").unwrap().repr(), "luma(66.67%)");
    }

    #[test]
    fn conversions() {
        let red = Color::named("red").unwrap();
        assert_eq!(red.to_space(ColorSpace::Oklab).repr(), "oklab(65.95%, 0.2, 0.108)");
        assert_eq!(red.to_space(ColorSpace::Cmyk).repr(), "cmyk(0%, 74.51%, 78.82%, 0%)");
        assert_eq!(red.to_space(ColorSpace::Hsv).repr(), "color.hsv(3.28deg, 78.82%, 100%)");
        assert_eq!(Color::Hsl([90.0, 0.5, 0.5, 1.0]).to_hex(), "#80bf40");
        assert_eq!(Color::Hsv([90.0, 0.5, 0.5, 1.0]).to_hex(), "#608040");
        assert_eq!(Color::LinearRgb([0.5, 0.5, 0.5, 1.0]).to_hex(), "#bcbcbc");
        assert_eq!(Color::Oklch([0.7, 0.1, 200.0, 1.0]).to_hex(), "#40b1b7");
    }

    #[test]
    fn operations() {
        let red = Color::named("red").unwrap();
        let blue = Color::named("blue").unwrap();
        assert_eq!(red.lighten(0.2).to_hex(), "#ff675e");
        assert_eq!(red.darken(0.2).to_hex(), "#cc342b");
        assert_eq!(red.saturate(0.2, false).unwrap().to_hex(), "#ff372b");
        assert_eq!(red.negate(Some(ColorSpace::Rgb)).unwrap().to_hex(), "#00bec9");
        assert_eq!(
            Color::mix(&[(red, 1.0), (blue, 3.0)], Some(ColorSpace::Rgb)).unwrap().to_hex(),
            "#4067b0"
        );
        assert_eq!(
            Color::mix(&[(red, 1.0), (blue, 1.0)], Some(ColorSpace::Hsl)).unwrap().repr(),
            "color.hsl(285.6deg, 100%, 51.57%)"
        );
        assert!(Color::mix(&[(red, -1.0)], Some(ColorSpace::Rgb)).is_err());
    }

    #[test]
    fn spot_colors() {
        let fallback = Color::from_hex("#239dad").unwrap();
        let pantone = Colorant::new(crate::model::ColorantName::Custom("P".into()), fallback);
        let tint = |t: f64| Color::Spot(pantone.tint(Ratio(t)).unwrap());
        assert_eq!(tint(0.7).to_hex(), "#65bac6");
        assert_eq!(tint(0.7).space(), ColorSpace::Spot(pantone));
        assert_eq!(tint(0.7).components(true), vec![Value::Ratio(Ratio(0.7))]);
        assert_eq!(tint(0.25).negate(None), Ok(tint(0.75)));
        assert_eq!(tint(0.5).lighten(0.5), tint(0.25));
        assert_eq!(tint(0.7).to_space(ColorSpace::Rgb), Color::from_hex("#65bac6").unwrap());
        let error = tint(0.7).negate(Some(ColorSpace::Rgb)).unwrap_err();
        assert_eq!(error.message, "cannot convert process color to spot colorant space");
        assert_eq!(Color::mix(&[(tint(0.25), 1.0), (tint(0.75), 1.0)], None), Ok(tint(0.5)));
        assert_eq!(Color::mixing_space([tint(0.1), Color::BLACK]), ColorSpace::Oklab);
        assert!(tint(0.5).scale_alpha(0.5).is_err());
        assert!(tint(0.5).saturate(0.5, false).is_err());
    }
}
