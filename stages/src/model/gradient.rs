//! `Gradient` and `Tiling`: paints other than a flat color, as values. A gradient
//! (`gradient.linear(..)`, `.radial(..)`, `.conic(..)`) holds color stops converted to its
//! mixing space, its geometry and what it is relative to; it can be sampled, made sharp
//! or repeated, and prints as Typst's `repr` does. A tiling (`tiling(..)[..]`) holds the
//! content of one tile with its size and spacing.
//!
//! Layout does not paint gradients or tilings yet: where a flat color is needed, a
//! gradient stands in with its first stop (`Paint::fallback_color`).

use std::f64::consts::{FRAC_PI_2, PI, TAU};
use std::sync::Arc;

use ecow::{EcoString, eco_format};

use super::{Color, ColorSpace, Content, Length, Ratio, Rel, Value};
use crate::base::Angle;

/// A color gradient.
#[derive(Debug, Clone)]
pub struct Gradient(pub Arc<GradientData>);

/// Typst never considers two gradients equal, not even a gradient and itself.
impl PartialEq for Gradient {
    fn eq(&self, _: &Self) -> bool {
        false
    }
}

/// The shape of a gradient with its parameters.
#[derive(Debug, Clone, PartialEq)]
pub enum GradientKind {
    Linear {
        angle: Angle,
    },
    Radial {
        center: (Ratio, Ratio),
        radius: Ratio,
        focal_center: (Ratio, Ratio),
        focal_radius: Ratio,
    },
    Conic {
        angle: Angle,
        center: (Ratio, Ratio),
    },
}

/// What a gradient is made of.
#[derive(Debug, Clone, PartialEq)]
pub struct GradientData {
    pub kind: GradientKind,
    /// The color stops (in `space`), each with its offset from 0% to 100%.
    pub stops: Vec<(Color, Ratio)>,
    /// The space colors are mixed in.
    pub space: ColorSpace,
    /// `None` for `auto`, else `self` or `parent`.
    pub relative: Option<EcoString>,
}

/// The constructor name of a space (or a colorant), as `repr` writes it in a gradient.
fn space_name(space: ColorSpace) -> EcoString {
    EcoString::from(match space {
        ColorSpace::Spot(colorant) => return colorant.repr(),
        ColorSpace::Luma => "luma",
        ColorSpace::Oklab => "oklab",
        ColorSpace::Oklch => "oklch",
        ColorSpace::Rgb => "rgb",
        ColorSpace::LinearRgb => "linear-rgb",
        ColorSpace::Cmyk => "cmyk",
        ColorSpace::Hsl => "hsl",
        ColorSpace::Hsv => "hsv",
    })
}

fn ratio_repr(r: Ratio) -> EcoString {
    Value::Ratio(r).repr()
}

fn pair_repr((x, y): (Ratio, Ratio)) -> EcoString {
    eco_format!("({}, {})", ratio_repr(x), ratio_repr(y))
}

const MIDDLE: (Ratio, Ratio) = (Ratio(0.5), Ratio(0.5));

impl Gradient {
    /// A gradient from its parts.
    pub fn new(data: GradientData) -> Self {
        Self(Arc::new(data))
    }

    /// The color of the first stop.
    pub fn first_color(&self) -> Color {
        self.0.stops.first().map_or(Color::BLACK, |(c, _)| *c)
    }

    /// `linear`, `radial` or `conic`.
    pub fn kind_name(&self) -> &'static str {
        match self.0.kind {
            GradientKind::Linear { .. } => "linear",
            GradientKind::Radial { .. } => "radial",
            GradientKind::Conic { .. } => "conic",
        }
    }

    /// The same gradient with other stops.
    pub fn with_stops(&self, stops: Vec<(Color, Ratio)>) -> Self {
        Self::new(GradientData { stops, ..(*self.0).clone() })
    }

    /// The color at `t` (0 to 1, clamped), mixed between the neighbouring stops.
    pub fn sample(&self, t: f64) -> Color {
        let stops = &self.0.stops;
        let t = t.clamp(0.0, 1.0);
        let mut j = stops.partition_point(|(_, r)| r.get() < t);
        if j == 0 {
            while stops.get(j + 1).is_some_and(|(_, r)| r.get() == 0.0) {
                j += 1;
            }
            return stops[j].0;
        }
        let (c0, p0) = stops[j - 1];
        let (c1, p1) = stops[j];
        let t = (t - p0.get()) / (p1.get() - p0.get());
        let weights = [(c0, (1.0 - t) as f32), (c1, t as f32)];
        Color::mix(&weights, Some(self.0.space)).unwrap_or(c0)
    }

    /// A gradient of `steps` flat bands, each blending into the next over `smoothness`
    /// of its width.
    pub fn sharp(&self, steps: usize, smoothness: f64) -> Self {
        let n = steps as f64;
        let progress = smoothness / (4.0 * n);
        let mut stops: Vec<(Color, Ratio)> = Vec::with_capacity(2 * steps);
        for i in 0..steps {
            let color = self.sample(i as f64 / (n - 1.0));
            let mut start = i as f64 / n;
            if i > 0 {
                start += progress;
            }
            let mut end = (i + 1) as f64 / n;
            if i + 1 < steps {
                end -= progress;
            }
            stops.push((color, Ratio(start)));
            stops.push((color, Ratio(end)));
        }
        stops.dedup();
        self.with_stops(stops)
    }

    /// The gradient repeated `n` times, every other repetition reversed with `mirror`.
    pub fn repeat(&self, n: usize, mirror: bool) -> Self {
        let count = n as f64;
        let mut stops = Vec::new();
        for i in 0..n {
            let flip = mirror && i % 2 == 1;
            let mut part: Vec<(Color, Ratio)> = self
                .0
                .stops
                .iter()
                .map(|&(c, r)| {
                    let offset = if flip { i as f64 + 1.0 - r.get() } else { i as f64 + r.get() };
                    (c, Ratio(offset / count))
                })
                .collect();
            if flip {
                part.reverse();
            }
            stops.extend(part);
        }
        stops.dedup();
        self.with_stops(stops)
    }

    /// The gradient as Typst's `repr` writes it.
    pub fn repr(&self) -> EcoString {
        let data = &*self.0;
        let mut out = eco_format!("gradient.{}(", self.kind_name());
        match &data.kind {
            GradientKind::Linear { angle } => {
                let rad = angle.to_rad().rem_euclid(TAU);
                if rad.abs() < f64::EPSILON {
                } else if (rad - FRAC_PI_2).abs() < f64::EPSILON {
                    out.push_str("dir: rtl, ");
                } else if (rad - PI).abs() < f64::EPSILON {
                    out.push_str("dir: ttb, ");
                } else if (rad - 3.0 * FRAC_PI_2).abs() < f64::EPSILON {
                    out.push_str("dir: btt, ");
                } else {
                    out.push_str(&eco_format!("angle: {}, ", Value::Angle(*angle).repr()));
                }
            }
            GradientKind::Radial { center, radius, focal_center, focal_radius } => {
                if *center != MIDDLE {
                    out.push_str(&eco_format!("center: {}, ", pair_repr(*center)));
                }
                if *radius != Ratio(0.5) {
                    out.push_str(&eco_format!("radius: {}, ", ratio_repr(*radius)));
                }
                if focal_center != center {
                    out.push_str(&eco_format!("focal-center: {}, ", pair_repr(*focal_center)));
                }
                if focal_radius.get() != 0.0 {
                    out.push_str(&eco_format!("focal-radius: {}, ", ratio_repr(*focal_radius)));
                }
            }
            GradientKind::Conic { angle, center } => {
                if angle.to_rad().rem_euclid(TAU).abs() > f64::EPSILON {
                    out.push_str(&eco_format!("angle: {}, ", Value::Angle(*angle).repr()));
                }
                if *center != MIDDLE {
                    out.push_str(&eco_format!("center: {}, ", pair_repr(*center)));
                }
            }
        }
        if data.space != ColorSpace::Oklab {
            out.push_str(&eco_format!("space: {}, ", space_name(data.space)));
        }
        if let Some(relative) = &data.relative {
            out.push_str(&eco_format!("relative: {}, ", Value::str(relative.clone()).repr()));
        }
        let conic = matches!(data.kind, GradientKind::Conic { .. });
        let stops: Vec<EcoString> = data
            .stops
            .iter()
            .map(|(c, r)| {
                let offset = if conic {
                    Value::Angle(Angle::deg(r.get() * 360.0)).repr()
                } else {
                    ratio_repr(*r)
                };
                eco_format!("({}, {offset})", c.repr())
            })
            .collect();
        out.push_str(&stops.join(", "));
        out.push(')');
        out
    }
}

/// A repeating tiling of content.
#[derive(Debug, Clone)]
pub struct Tiling(pub Arc<TilingData>);

/// Typst never considers two tilings equal, like gradients.
impl PartialEq for Tiling {
    fn eq(&self, _: &Self) -> bool {
        false
    }
}

/// What a tiling is made of.
#[derive(Debug, Clone)]
pub struct TilingData {
    /// The content of one tile.
    pub body: Content,
    /// The size of a tile (`None` for `auto`: the body's size, known after layout).
    pub size: Option<(Length, Length)>,
    /// The gap between tiles.
    pub spacing: (Length, Length),
    /// How far the first tile is moved from the origin (a ratio is of the tile size).
    pub offset: (Rel, Rel),
    /// `None` for `auto`, else `self` or `parent`.
    pub relative: Option<EcoString>,
}

impl Tiling {
    /// The tiling as Typst's `repr` writes it: the tile size, the spacing when not zero,
    /// and `..` for the body. Typst prints the measured size of an `auto` tile, which is
    /// only known after layout; it is written `auto` here.
    pub fn repr(&self) -> EcoString {
        let data = &*self.0;
        let pair = |(x, y): (Length, Length)| {
            eco_format!("({}, {})", Value::Length(x).repr(), Value::Length(y).repr())
        };
        let mut out = EcoString::from("tiling(");
        match data.size {
            Some(size) => out.push_str(&pair(size)),
            None => out.push_str("auto"),
        }
        if !data.spacing.0.is_zero() || !data.spacing.1.is_zero() {
            out.push_str(&eco_format!(", spacing: {}", pair(data.spacing)));
        }
        let (x, y) = data.offset;
        if x != Rel::default() || y != Rel::default() {
            let offset = match data.size {
                // A ratio of a known tile size is resolved, as Typst prints it.
                // A ratio is of the tile size plus the spacing, as Typst resolves it.
                Some((w, h)) => pair((
                    Length::abs((w.abs + data.spacing.0.abs) * x.rel.get() + x.abs.abs),
                    Length::abs((h.abs + data.spacing.1.abs) * y.rel.get() + y.abs.abs),
                )),
                None => {
                    eco_format!("({}, {})", Value::Relative(x).repr(), Value::Relative(y).repr())
                }
            };
            out.push_str(&eco_format!(", offset: {offset}"));
        }
        out.push_str(", ..)");
        out
    }
}
