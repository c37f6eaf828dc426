//! Colors as the language sees them: a color space and its components (`luma`, `oklab`,
//! `oklch`, `rgb`, `linear-rgb`, `cmyk`, `hsl`, `hsv`), conversion between the spaces,
//! parsing of hex strings, the named colors of the standard library, the color
//! operations (`lighten`, `saturate`, `negate`, `rotate`, `mix`, alpha scaling) and `repr`.
//!
//! Components are kept in the space they were given in; `to_doc` turns any color into
//! one of the output spaces (grey, sRGB, CMYK) for layout and the exporters. Conversions
//! go through linear sRGB (Oklab by Björn Ottosson's matrices, luma by the sRGB
//! luminance weights); HSL, HSV and CMYK are derived from gamma-encoded sRGB.

use ecow::{EcoString, eco_format};

use super::repr::format_float;
use crate::doc::Color as DocColor;

/// A color in one of the supported color spaces. Components lie in `0.0..=1.0`, except
/// Oklab's `a` and `b` and Oklch's chroma (floats) and hues (degrees in `0.0..360.0`).
#[derive(Debug, Copy, Clone, PartialEq)]
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

/// sRGB gamma decoding of one component.
fn to_linear(x: f32) -> f32 {
    // Fused multiply-adds, as the colour library Typst uses computes them, so that
    // conversions round the same way.
    if x <= 0.04045 { (1.0 / 12.92) * x } else { x.mul_add(1.0 / 1.055, 0.055 / 1.055).powf(2.4) }
}

/// sRGB gamma encoding of one component.
fn from_linear(x: f32) -> f32 {
    if x <= 0.003_130_8 { 12.92 * x } else { x.powf(1.0 / 2.4).mul_add(1.055, -0.055) }
}

/// A hue in degrees brought into `0.0..360.0`.
fn wrap_hue(degrees: f32) -> f32 {
    let h = degrees.rem_euclid(360.0);
    if h >= 360.0 { 0.0 } else { h }
}

fn clamp01(v: f32) -> f32 {
    v.clamp(0.0, 1.0)
}

/// Linear sRGB → Oklab.
fn oklab_from_linear([r, g, b, a]: [f32; 4]) -> [f32; 4] {
    let l = 0.412_221_46 * r + 0.536_332_55 * g + 0.051_445_995 * b;
    let m = 0.211_903_5 * r + 0.680_699_5 * g + 0.107_396_96 * b;
    let s = 0.088_302_46 * r + 0.281_718_85 * g + 0.629_978_7 * b;
    let (l, m, s) = (l.cbrt(), m.cbrt(), s.cbrt());
    [
        0.210_454_26 * l + 0.793_617_8 * m - 0.004_072_047 * s,
        1.977_998_5 * l - 2.428_592_2 * m + 0.450_593_7 * s,
        0.025_904_037 * l + 0.782_771_77 * m - 0.808_675_77 * s,
        a,
    ]
}

/// A grey (linear luminance `y`) → Oklab by way of CIE XYZ, which leaves Typst's tiny
/// rounding residue in `a` and `b` (so that a grey's Oklch hue is not 0°, as in Typst).
fn oklab_from_luma(y: f32, alpha: f32) -> [f32; 4] {
    // The D65 white point scaled by the luminance.
    let (x, y, z) = (0.95047 * y, y, 1.08883 * y);
    let l = 0.819_022_4 * x + 0.361_906_25 * y + -0.128_873_78 * z;
    let m = 0.032_983_67 * x + 0.929_286_9 * y + 0.036_144_668 * z;
    let s = 0.048_177_2 * x + 0.264_239_53 * y + 0.633_547_8 * z;
    let (l, m, s) = (l.cbrt(), m.cbrt(), s.cbrt());
    [
        0.210_454_26 * l + 0.793_617_8 * m + -0.004_072_047 * s,
        1.977_998_5 * l + -2.428_592_2 * m + 0.450_593_7 * s,
        0.025_904_037 * l + 0.782_771_77 * m + -0.808_675_77 * s,
        alpha,
    ]
}

/// Oklab → linear sRGB.
fn linear_from_oklab([ll, aa, bb, alpha]: [f32; 4]) -> [f32; 4] {
    let l = ll + 0.396_337_78 * aa + 0.215_803_76 * bb;
    let m = ll - 0.105_561_346 * aa - 0.063_854_17 * bb;
    let s = ll - 0.089_484_18 * aa - 1.291_485_5 * bb;
    let (l, m, s) = (l * l * l, m * m * m, s * s * s);
    [
        4.076_741_7 * l - 3.307_711_6 * m + 0.230_969_94 * s,
        -1.268_438 * l + 2.609_757_4 * m - 0.341_319_38 * s,
        -0.004_196_086_3 * l - 0.703_418_6 * m + 1.707_614_7 * s,
        alpha,
    ]
}

/// Gamma-encoded sRGB → HSL or HSV (`hsv` chooses).
fn hue_space_from_rgb([r, g, b, a]: [f32; 4], hsv: bool) -> [f32; 4] {
    let max = r.max(g).max(b);
    let min = r.min(g).min(b);
    let chroma = max - min;
    let hue = if chroma == 0.0 {
        0.0
    } else if max == r {
        60.0 * ((g - b) / chroma)
    } else if max == g {
        60.0 * ((b - r) / chroma + 2.0)
    } else {
        60.0 * ((r - g) / chroma + 4.0)
    };
    let hue = wrap_hue(hue);
    if hsv {
        let s = if max == 0.0 { 0.0 } else { chroma / max };
        [hue, s, max, a]
    } else {
        let l = (max + min) / 2.0;
        let s = if chroma == 0.0 { 0.0 } else { chroma / (1.0 - (2.0 * l - 1.0).abs()) };
        [hue, s, l, a]
    }
}

/// HSL or HSV → gamma-encoded sRGB.
fn rgb_from_hue_space([h, s, v, a]: [f32; 4], hsv: bool) -> [f32; 4] {
    let (chroma, base) = if hsv {
        let c = v * s;
        (c, v - c)
    } else {
        let c = (1.0 - (2.0 * v - 1.0).abs()) * s;
        (c, v - c / 2.0)
    };
    let h = wrap_hue(h) / 60.0;
    let x = chroma * (1.0 - (h.rem_euclid(2.0) - 1.0).abs());
    let (r, g, b) = match h as u32 {
        0 => (chroma, x, 0.0),
        1 => (x, chroma, 0.0),
        2 => (0.0, chroma, x),
        3 => (0.0, x, chroma),
        4 => (x, 0.0, chroma),
        _ => (chroma, 0.0, x),
    };
    [r + base, g + base, b + base, a]
}

impl Color {
    /// Black.
    pub const BLACK: Self = Self::Luma { lightness: 0.0, alpha: 1.0 };

    /// The named colors of the standard library: greys as luma, the rest as RGB hex.
    pub const NAMED: &'static [(&'static str, &'static str)] = &[
        ("black", "luma:0"),
        ("gray", "luma:170"),
        ("silver", "luma:221"),
        ("white", "luma:255"),
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
        let (_, value) = Self::NAMED.iter().find(|(n, _)| *n == name)?;
        match value.strip_prefix("luma:") {
            Some(level) => {
                let level: u8 = level.parse().ok()?;
                Some(Self::Luma { lightness: f32::from(level) / 255.0, alpha: 1.0 })
            }
            None => Self::from_hex(value).ok(),
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
        }
    }

    /// The alpha component (`None` for CMYK, which has none).
    pub fn alpha(&self) -> Option<f32> {
        match *self {
            Self::Luma { alpha, .. } => Some(alpha),
            Self::Cmyk(_) => None,
            Self::Rgb(c)
            | Self::Oklab(c)
            | Self::Oklch(c)
            | Self::LinearRgb(c)
            | Self::Hsl(c)
            | Self::Hsv(c) => Some(c[3]),
        }
    }

    /// The same color with another alpha (CMYK colors have none and stay as they are).
    pub fn with_alpha(self, alpha: f32) -> Self {
        match self {
            Self::Luma { lightness, .. } => Self::Luma { lightness, alpha },
            Self::Cmyk(c) => Self::Cmyk(c),
            Self::Rgb(c) => Self::Rgb([c[0], c[1], c[2], alpha]),
            Self::Oklab(c) => Self::Oklab([c[0], c[1], c[2], alpha]),
            Self::Oklch(c) => Self::Oklch([c[0], c[1], c[2], alpha]),
            Self::LinearRgb(c) => Self::LinearRgb([c[0], c[1], c[2], alpha]),
            Self::Hsl(c) => Self::Hsl([c[0], c[1], c[2], alpha]),
            Self::Hsv(c) => Self::Hsv([c[0], c[1], c[2], alpha]),
        }
    }

    /// The components as four numbers, in the order of the space's constructor (luma
    /// repeats its lightness; CMYK has key where others have alpha).
    pub fn to_vec4(self) -> [f32; 4] {
        match self {
            Self::Luma { lightness, alpha } => [lightness, lightness, lightness, alpha],
            Self::Rgb(c)
            | Self::Cmyk(c)
            | Self::Oklab(c)
            | Self::Oklch(c)
            | Self::LinearRgb(c)
            | Self::Hsl(c)
            | Self::Hsv(c) => c,
        }
    }

    /// A color of `space` from four numbers as `to_vec4` gives them.
    pub fn from_vec4(space: ColorSpace, c: [f32; 4]) -> Self {
        match space {
            ColorSpace::Luma => Self::Luma { lightness: c[0], alpha: c[3] },
            ColorSpace::Rgb => Self::Rgb(c),
            ColorSpace::Cmyk => Self::Cmyk(c),
            ColorSpace::Oklab => Self::Oklab(c),
            ColorSpace::Oklch => Self::Oklch([c[0], c[1], wrap_hue(c[2]), c[3]]),
            ColorSpace::LinearRgb => Self::LinearRgb(c),
            ColorSpace::Hsl => Self::Hsl([wrap_hue(c[0]), c[1], c[2], c[3]]),
            ColorSpace::Hsv => Self::Hsv([wrap_hue(c[0]), c[1], c[2], c[3]]),
        }
    }

    /// The color as gamma-encoded sRGB with alpha (unclamped).
    fn srgb(self) -> [f32; 4] {
        match self {
            Self::Luma { lightness, alpha } => [lightness, lightness, lightness, alpha],
            Self::Rgb(c) => c,
            Self::Cmyk([c, m, y, k]) => {
                [(1.0 - c) * (1.0 - k), (1.0 - m) * (1.0 - k), (1.0 - y) * (1.0 - k), 1.0]
            }
            Self::Hsl(c) => rgb_from_hue_space(c, false),
            Self::Hsv(c) => rgb_from_hue_space(c, true),
            other => {
                let [r, g, b, a] = other.linear();
                [from_linear(r), from_linear(g), from_linear(b), a]
            }
        }
    }

    /// The color as linear sRGB with alpha (unclamped).
    fn linear(self) -> [f32; 4] {
        match self {
            Self::LinearRgb(c) => c,
            Self::Oklab(c) => linear_from_oklab(c),
            Self::Oklch([l, chroma, hue, a]) => {
                let (sin, cos) = hue.to_radians().sin_cos();
                linear_from_oklab([l, chroma * cos, chroma * sin, a])
            }
            other => {
                let [r, g, b, a] = other.srgb();
                [to_linear(r), to_linear(g), to_linear(b), a]
            }
        }
    }

    /// The color in Oklab with alpha (a grey by way of CIE XYZ, as Typst converts it).
    fn oklab(self) -> [f32; 4] {
        match self {
            Self::Luma { lightness, alpha } => oklab_from_luma(to_linear(lightness), alpha),
            other => oklab_from_linear(other.linear()),
        }
    }

    /// The color converted to `space`.
    pub fn to_space(self, space: ColorSpace) -> Self {
        if self.space() == space {
            return self;
        }
        match space {
            ColorSpace::Luma => {
                // Like Typst, a conversion to grey drops the alpha.
                let [r, g, b, _] = self.linear();
                let y = 0.212_672_9 * r + 0.715_152_2 * g + 0.072_175 * b;
                Self::Luma { lightness: clamp01(from_linear(clamp01(y))), alpha: 1.0 }
            }
            ColorSpace::Rgb => Self::Rgb(self.srgb().map(clamp01)),
            ColorSpace::LinearRgb => Self::LinearRgb(self.linear().map(clamp01)),
            ColorSpace::Oklab => {
                let [l, a, b, alpha] = self.oklab();
                Self::Oklab([clamp01(l), a, b, alpha])
            }
            ColorSpace::Oklch => {
                let [l, a, b, alpha] = self.oklab();
                let hue = wrap_hue(b.atan2(a).to_degrees());
                Self::Oklch([clamp01(l), a.hypot(b), hue, alpha])
            }
            ColorSpace::Hsl => {
                Self::Hsl(clamp_hue_space(hue_space_from_rgb(self.srgb().map(clamp01), false)))
            }
            ColorSpace::Hsv => {
                Self::Hsv(clamp_hue_space(hue_space_from_rgb(self.srgb().map(clamp01), true)))
            }
            ColorSpace::Cmyk => {
                if let Self::Luma { lightness, .. } = self {
                    // A grey becomes a rich black of the same darkness.
                    let k = 1.0 - lightness;
                    return Self::Cmyk([k * 0.75, k * 0.68, k * 0.67, k * 0.90]);
                }
                let [r, g, b, _] = self.srgb().map(clamp01);
                let k = 1.0 - r.max(g).max(b);
                if k >= 1.0 {
                    return Self::Cmyk([0.0, 0.0, 0.0, 1.0]);
                }
                let part = |v: f32| (1.0 - v - k) / (1.0 - k);
                Self::Cmyk([part(r), part(g), part(b), k])
            }
        }
    }

    /// The color in an output space for layout and the exporters: grey, sRGB and CMYK
    /// stay as they are, the other spaces become sRGB.
    pub fn to_doc(self) -> DocColor {
        match self {
            Self::Luma { lightness, alpha } => DocColor::Luma { l: lightness, a: alpha },
            Self::Cmyk([c, m, y, k]) => DocColor::Cmyk { c, m, y, k },
            other => {
                let [r, g, b, a] = other.srgb().map(clamp01);
                DocColor::Rgb { r, g, b, a }
            }
        }
    }

    /// The color as 8-bit sRGB components, rounding halves to even as Typst does
    /// (`rgb(10%, 20%, 30%)` is `#1a334c`).
    pub fn to_rgba8(self) -> [u8; 4] {
        // Adding 2^23 leaves no fraction bits, so the addition rounds to nearest-even.
        const SHIFT: f32 = 8_388_608.0;
        self.srgb().map(|v| ((clamp01(v) * 255.0 + SHIFT) - SHIFT) as u8)
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

    /// The color as Typst's `repr` writes it: `rgb("#ff4136")`, `luma(50%)`,
    /// `oklab(50%, 0.1, 0.1)`, `color.hsl(90deg, 50%, 50%)`.
    pub fn repr(&self) -> EcoString {
        let percent = |v: f32| ratio_repr(f64::from(v));
        let with_alpha = |name: &str, parts: [EcoString; 3], alpha: f32| {
            if alpha == 1.0 {
                eco_format!("{name}({}, {}, {})", parts[0], parts[1], parts[2])
            } else {
                eco_format!("{name}({}, {}, {}, {})", parts[0], parts[1], parts[2], percent(alpha))
            }
        };
        match *self {
            Self::Luma { lightness, alpha } => {
                if alpha == 1.0 {
                    eco_format!("luma({})", percent(lightness))
                } else {
                    eco_format!("luma({}, {})", percent(lightness), percent(alpha))
                }
            }
            Self::Rgb(_) => eco_format!("rgb(\"{}\")", self.to_hex()),
            Self::Cmyk(c) => eco_format!(
                "cmyk({}, {}, {}, {})",
                percent(c[0]),
                percent(c[1]),
                percent(c[2]),
                percent(c[3])
            ),
            Self::LinearRgb(c) => {
                with_alpha("color.linear-rgb", [percent(c[0]), percent(c[1]), percent(c[2])], c[3])
            }
            Self::Oklab(c) => {
                with_alpha("oklab", [percent(c[0]), float_repr(c[1]), float_repr(c[2])], c[3])
            }
            Self::Oklch(c) => {
                with_alpha("oklch", [percent(c[0]), float_repr(c[1]), hue_repr(c[2])], c[3])
            }
            Self::Hsl(c) => {
                with_alpha("color.hsl", [hue_repr(c[0]), percent(c[1]), percent(c[2])], c[3])
            }
            Self::Hsv(c) => {
                with_alpha("color.hsv", [hue_repr(c[0]), percent(c[1]), percent(c[2])], c[3])
            }
        }
    }

    /// Lightens (a positive factor) or darkens (negative) relative to the extreme: only
    /// the lightness of spaces that have one, every component of RGB.
    pub fn lighten(self, factor: f32) -> Self {
        let toward = |v: f32, max: f32| {
            let delta = if factor >= 0.0 { (max - v).max(0.0) } else { v.max(0.0) };
            (v + delta * factor).clamp(0.0, max)
        };
        match self {
            Self::Luma { lightness, alpha } => {
                Self::Luma { lightness: toward(lightness, 1.0), alpha }
            }
            Self::Oklab([l, a, b, alpha]) => Self::Oklab([toward(l, 1.0), a, b, alpha]),
            Self::Oklch([l, c, h, alpha]) => Self::Oklch([toward(l, 1.0), c, h, alpha]),
            Self::Rgb([r, g, b, a]) => {
                Self::Rgb([toward(r, 1.0), toward(g, 1.0), toward(b, 1.0), a])
            }
            Self::LinearRgb([r, g, b, a]) => {
                Self::LinearRgb([toward(r, 1.0), toward(g, 1.0), toward(b, 1.0), a])
            }
            Self::Hsl([h, s, l, a]) => Self::Hsl([h, s, toward(l, 1.0), a]),
            Self::Hsv([h, s, v, a]) => Self::Hsv([h, s, toward(v, 1.0), a]),
            Self::Cmyk(c) => {
                // Lighter means less ink; darker means more.
                Self::Cmyk(c.map(|v| {
                    if factor >= 0.0 {
                        v * (1.0 - factor)
                    } else {
                        (v - (1.0 - v) * factor).min(1.0)
                    }
                }))
            }
        }
    }

    /// Saturates (positive factor) or desaturates (negative) in HSL or HSV, through HSV
    /// for the other spaces. `None` for a grey.
    pub fn saturate(self, factor: f32) -> Option<Self> {
        let scale = |s: f32| {
            let delta = if factor >= 0.0 { (1.0 - s).max(0.0) } else { s.max(0.0) };
            (s + delta * factor).clamp(0.0, 1.0)
        };
        Some(match self {
            Self::Luma { .. } => return None,
            Self::Hsl([h, s, l, a]) => Self::Hsl([h, scale(s), l, a]),
            Self::Hsv([h, s, v, a]) => Self::Hsv([h, scale(s), v, a]),
            other => {
                let [h, s, v, a] = other.to_space(ColorSpace::Hsv).to_vec4();
                Self::Hsv([h, scale(s), v, a]).to_space(other.space())
            }
        })
    }

    /// The complementary color, computed in `space` and given back in this color's space.
    pub fn negate(self, space: ColorSpace) -> Self {
        let negated = match self.to_space(space) {
            Self::Luma { lightness, alpha } => Self::Luma { lightness: 1.0 - lightness, alpha },
            Self::Oklab([l, a, b, alpha]) => Self::Oklab([1.0 - l, -a, -b, alpha]),
            Self::Oklch([l, c, h, alpha]) => Self::Oklch([1.0 - l, c, wrap_hue(h + 180.0), alpha]),
            Self::Rgb([r, g, b, a]) => Self::Rgb([1.0 - r, 1.0 - g, 1.0 - b, a]),
            Self::LinearRgb([r, g, b, a]) => Self::LinearRgb([1.0 - r, 1.0 - g, 1.0 - b, a]),
            Self::Cmyk([c, m, y, k]) => Self::Cmyk([1.0 - c, 1.0 - m, 1.0 - y, k]),
            Self::Hsl([h, s, l, a]) => Self::Hsl([wrap_hue(h + 180.0), s, l, a]),
            Self::Hsv([h, s, v, a]) => Self::Hsv([wrap_hue(h + 180.0), s, v, a]),
        };
        negated.to_space(self.space())
    }

    /// The hue rotated by `degrees` in `space` (Oklch, HSL or HSV), given back in this
    /// color's space; `None` for a space without hue.
    pub fn rotate(self, degrees: f32, space: ColorSpace) -> Option<Self> {
        let index = space.hue_index()?;
        let mut c = self.to_space(space).to_vec4();
        c[index] = wrap_hue(c[index] + degrees);
        Some(Self::from_vec4(space, c).to_space(self.space()))
    }

    /// Scales the alpha toward opaque (positive factor) or transparent (negative).
    /// `None` for CMYK, which has no alpha.
    pub fn scale_alpha(self, factor: f32) -> Option<Self> {
        let alpha = self.alpha()?;
        let alpha =
            if factor >= 0.0 { alpha + (1.0 - alpha) * factor } else { alpha + alpha * factor };
        Some(self.with_alpha(alpha.clamp(0.0, 1.0)))
    }

    /// The weighted mix of colors in `space`. In a space with hue, at most two colors
    /// mix, and their hues meet the short way round the circle.
    pub fn mix(colors: &[(Self, f32)], space: ColorSpace) -> Result<Self, &'static str> {
        let hue = space.hue_index();
        if hue.is_some() && colors.len() > 2 {
            return Err("cannot mix more than two colors in a hue-based space");
        }
        let total: f32 = colors.iter().map(|(_, w)| w).sum();
        if total <= 0.0 {
            return Err("sum of weights must be positive");
        }
        let mut acc = [0.0f32; 4];
        for (color, weight) in colors {
            let v = color.to_space(space).to_vec4();
            for i in 0..4 {
                acc[i] += weight * v[i];
            }
        }
        let mut mixed = acc.map(|v| v / total);
        if let (Some(i), [(c0, w0), (c1, w1)]) = (hue, colors) {
            let h0 = c0.to_space(space).to_vec4()[i];
            let h1 = c1.to_space(space).to_vec4()[i];
            if (h0 - h1).abs() > 180.0 {
                let (h0, h1) = if h0 < h1 { (h0 + 360.0, h1) } else { (h0, h1 + 360.0) };
                mixed[i] = (w0 * h0 + w1 * h1) / (w0 + w1);
            }
        }
        Ok(Self::from_vec4(space, mixed))
    }
}

/// Clamps the saturation and lightness (or value) of an HSL or HSV color.
fn clamp_hue_space([h, s, l, a]: [f32; 4]) -> [f32; 4] {
    [h, clamp01(s), clamp01(l), clamp01(a)]
}

/// A ratio as `repr` writes it: a percentage with at most two decimals.
fn ratio_repr(v: f64) -> EcoString {
    eco_format!("{}%", format_float(round_to(v * 100.0, 2)))
}

/// An unbounded component as `repr` writes it: at most three decimals.
fn float_repr(v: f32) -> EcoString {
    format_float(round_to(f64::from(v), 3))
}

/// A hue as `repr` writes it: degrees with at most two decimals.
fn hue_repr(v: f32) -> EcoString {
    eco_format!("{}deg", format_float(round_to(f64::from(wrap_hue(v)), 2)))
}

/// Rounds to `digits` decimals (without a negative zero).
fn round_to(v: f64, digits: i32) -> f64 {
    let factor = 10f64.powi(digits);
    let rounded = (v * factor).round() / factor;
    if rounded == 0.0 { 0.0 } else { rounded }
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
        assert_eq!(red.lighten(-0.2).to_hex(), "#cc342b");
        assert_eq!(red.saturate(0.2).unwrap().to_hex(), "#ff372b");
        assert_eq!(red.negate(ColorSpace::Rgb).to_hex(), "#00bec9");
        assert_eq!(
            Color::mix(&[(red, 1.0), (blue, 3.0)], ColorSpace::Rgb).unwrap().to_hex(),
            "#4067b0"
        );
        assert_eq!(
            Color::mix(&[(red, 1.0), (blue, 1.0)], ColorSpace::Hsl).unwrap().repr(),
            "color.hsl(285.6deg, 100%, 51.57%)"
        );
        assert!(Color::mix(&[(red, -1.0)], ColorSpace::Rgb).is_err());
    }
}
