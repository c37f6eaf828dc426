//! Strokes, paints and directions, small layout values of the language: a `Paint` (a
//! color, gradient or tiling), a `Stroke` (paint, thickness, cap, join, dash pattern and
//! miter limit, built by `1pt + red`, from a dictionary or by `stroke(..)`) with its
//! fields and `repr`, and a `Dir` (`ltr`, `rtl`, `ttb`, `btt`).

use std::sync::Arc;

use ecow::{EcoString, eco_format};

use super::{Array, Color, Dict, FromValue, Gradient, Length, StrResult, Tiling, Value, mismatch};
use crate::base::Abs;

/// What a shape or line is painted with.
#[derive(Debug, Clone)]
pub enum Paint {
    Color(Color),
    Gradient(Gradient),
    Tiling(Tiling),
}

/// Paints inside strokes compare as Typst compares them there, unlike gradient and tiling
/// values with `==` (never equal): gradients by what they are made of, so
/// `stroke(gradient.linear(red, blue)) == stroke(gradient.linear(red, blue))`, and a
/// tiling only with itself, as Typst's laid-out tiles of two `tiling[x]` differ.
impl PartialEq for Paint {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Self::Color(a), Self::Color(b)) => a == b,
            (Self::Gradient(a), Self::Gradient(b)) => Arc::ptr_eq(&a.0, &b.0) || a.0 == b.0,
            (Self::Tiling(a), Self::Tiling(b)) => Arc::ptr_eq(&a.0, &b.0),
            _ => false,
        }
    }
}

impl Paint {
    /// The paint as a value.
    pub fn to_value(&self) -> Value {
        match self {
            Self::Color(c) => Value::Color(*c),
            Self::Gradient(g) => Value::Gradient(g.clone()),
            Self::Tiling(t) => Value::Tiling(t.clone()),
        }
    }

    /// A flat color standing in for the paint where only flat colors can be drawn: a
    /// gradient's first stop, black for a tiling.
    pub fn fallback_color(&self) -> Color {
        match self {
            Self::Color(c) => *c,
            Self::Gradient(g) => g.first_color(),
            Self::Tiling(_) => Color::BLACK,
        }
    }

    /// The paint as Typst's `repr` writes it.
    pub fn repr(&self) -> EcoString {
        self.to_value().repr()
    }
}

impl FromValue for Paint {
    fn from_value(value: Value) -> StrResult<Self> {
        match value {
            Value::Color(c) => Ok(Self::Color(c)),
            Value::Gradient(g) => Ok(Self::Gradient(g)),
            Value::Tiling(t) => Ok(Self::Tiling(t)),
            v => Err(mismatch("color, gradient, or tiling", &v)),
        }
    }
}

/// One element of a dash pattern: a dot or a length.
#[derive(Debug, Clone, PartialEq)]
pub enum DashItem {
    Dot,
    Length(Length),
}

/// A dash pattern: alternating dash and gap lengths, and where the pattern starts.
#[derive(Debug, Clone, PartialEq)]
pub struct DashPattern {
    pub array: Vec<DashItem>,
    pub phase: Length,
}

/// The named dash patterns, as (dash or dot, gap, …) in points.
const DASHES: &[(&str, &[f64])] = &[
    ("solid", &[]),
    ("dotted", &[-1.0, 2.0]),
    ("densely-dotted", &[-1.0, 1.0]),
    ("loosely-dotted", &[-1.0, 4.0]),
    ("dashed", &[3.0, 3.0]),
    ("densely-dashed", &[3.0, 2.0]),
    ("loosely-dashed", &[3.0, 6.0]),
    ("dash-dotted", &[3.0, 2.0, -1.0, 2.0]),
    ("densely-dash-dotted", &[3.0, 1.0, -1.0, 1.0]),
    ("loosely-dash-dotted", &[3.0, 4.0, -1.0, 4.0]),
];

impl DashPattern {
    /// The dash pattern as a value (a dictionary of `array` and `phase`).
    pub fn to_value(&self) -> Value {
        let array: Array = self
            .array
            .iter()
            .map(|item| match item {
                DashItem::Dot => Value::str("dot"),
                DashItem::Length(l) => Value::Length(*l),
            })
            .collect();
        let mut dict = Dict::new();
        dict.insert("array".into(), Value::Array(array));
        dict.insert("phase".into(), Value::Length(self.phase));
        Value::Dict(dict)
    }

    /// The pattern as a stroke's repr writes it: like its dictionary, except that the
    /// array lists its items without a trailing comma even when there is only one.
    fn repr(&self) -> EcoString {
        let items: Vec<EcoString> = self
            .array
            .iter()
            .map(|item| match item {
                DashItem::Dot => Value::str("dot").repr(),
                DashItem::Length(l) => Value::Length(*l).repr(),
            })
            .collect();
        eco_format!("(array: ({}), phase: {})", items.join(", "), Value::Length(self.phase).repr())
    }

    /// A dash pattern (or `none` for solid) from a name, an array or a dictionary.
    fn from_value(value: Value) -> StrResult<Option<Self>> {
        const EXPECTED: &str = "expected \"solid\", \"dotted\", \"densely-dotted\", \
            \"loosely-dotted\", \"dashed\", \"densely-dashed\", \"loosely-dashed\", \
            \"dash-dotted\", \"densely-dash-dotted\", \"loosely-dash-dotted\", array, \
            dictionary, none, or auto";
        let zero = Length::abs(Abs::zero());
        match value {
            Value::None => Ok(None),
            Value::Str(name) => {
                let (_, items) =
                    DASHES.iter().find(|(n, _)| *n == name.as_str()).ok_or(EXPECTED)?;
                let array = items
                    .iter()
                    .map(|&v| {
                        if v < 0.0 {
                            DashItem::Dot
                        } else {
                            DashItem::Length(Length::abs(Abs::pt(v)))
                        }
                    })
                    .collect();
                Ok(Some(Self { array, phase: zero }))
            }
            Value::Array(array) => Ok(Some(Self { array: dash_items(array)?, phase: zero })),
            Value::Dict(mut dict) => {
                let array = match dict.remove("array") {
                    Some(Value::Array(a)) => dash_items(a)?,
                    Some(v) => return Err(mismatch("array", &v)),
                    None => return Err("dictionary does not contain key \"array\"".into()),
                };
                let phase = match dict.remove("phase") {
                    Some(Value::Length(l)) => l,
                    Some(v) => return Err(mismatch("length", &v)),
                    None => zero,
                };
                if !dict.is_empty() {
                    return Err(unexpected_keys(&dict, &["array", "phase"]));
                }
                Ok(Some(Self { array, phase }))
            }
            v => Err(eco_format!("{EXPECTED}, found {}", v.ty().long_name())),
        }
    }
}

/// The error for keys left over in a stroke or dash dictionary: every one of them is
/// named, as Typst names them (`unexpected keys "x" and "rest", valid keys are ..`).
fn unexpected_keys(dict: &Dict, valid: &[&str]) -> EcoString {
    let keys: Vec<&str> = dict.iter().map(|(k, _)| k.as_str()).collect();
    super::sides::unexpected_keys(&keys, Some(valid))
}

fn dash_items(array: Array) -> StrResult<Vec<DashItem>> {
    array
        .0
        .into_iter()
        .map(|v| match v {
            Value::Length(l) => Ok(DashItem::Length(l)),
            Value::Str(s) if s.as_str() == "dot" => Ok(DashItem::Dot),
            Value::Str(_) => Err("expected \"dot\" or length".into()),
            v => Err(mismatch("\"dot\" or length", &v)),
        })
        .collect()
}

/// How to draw a line: each part may be left to the default (`None`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Stroke {
    pub paint: Option<Paint>,
    pub thickness: Option<Length>,
    /// `butt`, `round` or `square`.
    pub cap: Option<EcoString>,
    /// `miter`, `round` or `bevel`.
    pub join: Option<EcoString>,
    /// The dash pattern; `Some(None)` is solid (`dash: none`).
    pub dash: Option<Option<DashPattern>>,
    pub miter_limit: Option<f64>,
}

/// The keys of a stroke dictionary and the named arguments of `stroke(..)`.
pub const STROKE_KEYS: [&str; 6] = ["paint", "thickness", "cap", "join", "dash", "miter-limit"];

impl FromValue for Stroke {
    /// A stroke from a value a `stroke` field accepts: a length, a color, a gradient, a
    /// tiling, a stroke or a dictionary of the stroke's parts.
    fn from_value(value: Value) -> StrResult<Self> {
        Ok(match value {
            Value::Length(thickness) => Self { thickness: Some(thickness), ..Self::default() },
            Value::Color(c) => Self { paint: Some(Paint::Color(c)), ..Self::default() },
            Value::Gradient(g) => Self { paint: Some(Paint::Gradient(g)), ..Self::default() },
            Value::Tiling(t) => Self { paint: Some(Paint::Tiling(t)), ..Self::default() },
            Value::Stroke(stroke) => (*stroke).clone(),
            Value::Dict(dict) => Self::from_dict(dict)?,
            v => {
                return Err(mismatch("length, color, gradient, tiling, dictionary, or stroke", &v));
            }
        })
    }
}

/// The first integer or decimal of a dash array: never a valid item, so the one that
/// failed when the failure names one.
fn first_number(items: &[Value]) -> Option<&Value> {
    items.iter().find(|v| matches!(v, Value::Int(_) | Value::Decimal(_)))
}

impl Stroke {
    /// The hint Typst gives with a failed stroke cast (`message`), found in the value that
    /// failed: `key` is the stroke part it was given for, `None` for a value that makes a
    /// whole stroke. The misplaced integer of `a length needs a unit - did you mean 2pt?`
    /// may sit inside a dictionary or a dash pattern.
    pub fn cast_hint(message: &str, key: Option<&str>, value: &Value) -> Option<EcoString> {
        let culprit = match (key, value) {
            (_, Value::Int(_) | Value::Decimal(_)) => value,
            (None, Value::Dict(dict)) => {
                // The first part that fails holds the culprit, as parts are set in order.
                let (key, part) = STROKE_KEYS.iter().find_map(|key| {
                    let part = dict.get(key)?;
                    Stroke::default().set(key, part.clone()).is_err().then_some((*key, part))
                })?;
                return Self::cast_hint(message, Some(key), part);
            }
            (Some("dash"), Value::Array(items)) => first_number(items.as_slice())?,
            (Some("dash"), Value::Dict(dict)) => match dict.get("array") {
                Some(Value::Array(items)) => {
                    first_number(items.as_slice()).or_else(|| dict.get("phase"))?
                }
                _ => dict.get("phase")?,
            },
            _ => return None,
        };
        // The failure must name the culprit's type (not a boolean beside an integer).
        if !message.ends_with(&*eco_format!("found {}", culprit.ty().long_name())) {
            return None;
        }
        super::cast_hint(message, culprit)
    }

    /// A stroke of `thickness` in `paint`, as `1pt + red` builds it.
    pub fn new(paint: Paint, thickness: Length) -> Self {
        Self { paint: Some(paint), thickness: Some(thickness), ..Self::default() }
    }

    /// The stroke painted with a flat color: the paint's fallback color (a gradient's
    /// first stop), for drawing code that paints flat colors only.
    pub fn color(&self) -> Option<Color> {
        self.paint.as_ref().map(Paint::fallback_color)
    }

    fn from_dict(mut dict: Dict) -> StrResult<Self> {
        let mut stroke = Self::default();
        for key in STROKE_KEYS {
            if let Some(value) = dict.remove(key) {
                stroke.set(key, value)?;
            }
        }
        if !dict.is_empty() {
            return Err(unexpected_keys(&dict, &STROKE_KEYS));
        }
        Ok(stroke)
    }

    /// Sets the part `key` (one of `STROKE_KEYS`) from a value; `auto` leaves it unset.
    pub fn set(&mut self, key: &str, value: Value) -> StrResult<()> {
        if value == Value::Auto && key != "dash" {
            return Ok(());
        }
        let choice = |value: Value, options: &[&str], expected: &str| match value {
            Value::Str(s) if options.contains(&s.as_str()) => Ok(s.0),
            Value::Str(_) => Err(EcoString::from(expected)),
            v => Err(eco_format!("{expected}, found {}", v.ty().long_name())),
        };
        match key {
            "paint" => match value {
                Value::Color(_) | Value::Gradient(_) | Value::Tiling(_) => {
                    self.paint = Some(Paint::from_value(value)?);
                }
                v => return Err(mismatch("color, gradient, tiling, or auto", &v)),
            },
            "thickness" => match value {
                Value::Length(l) => self.thickness = Some(l),
                v => return Err(mismatch("length or auto", &v)),
            },
            "cap" => {
                let expected = "expected \"butt\", \"round\", \"square\", or auto";
                self.cap = Some(choice(value, &["butt", "round", "square"], expected)?);
            }
            "join" => {
                let expected = "expected \"miter\", \"round\", \"bevel\", or auto";
                self.join = Some(choice(value, &["miter", "round", "bevel"], expected)?);
            }
            "dash" => {
                if value != Value::Auto {
                    self.dash = Some(DashPattern::from_value(value)?);
                } else {
                    self.dash = None;
                }
            }
            _ => match value {
                Value::Int(i) => self.miter_limit = Some(i as f64),
                Value::Float(f) => self.miter_limit = Some(f),
                v => return Err(mismatch("float or auto", &v)),
            },
        }
        Ok(())
    }

    /// The field `name` of the stroke (`auto` for a part left to the default).
    pub fn field(&self, name: &str) -> StrResult<Value> {
        let auto = |v: Option<Value>| v.unwrap_or(Value::Auto);
        Ok(match name {
            "paint" => auto(self.paint.as_ref().map(Paint::to_value)),
            "thickness" => auto(self.thickness.map(Value::Length)),
            "cap" => auto(self.cap.clone().map(Value::str)),
            "join" => auto(self.join.clone().map(Value::str)),
            "dash" => auto(
                self.dash.as_ref().map(|d| d.as_ref().map_or(Value::None, DashPattern::to_value)),
            ),
            "miter-limit" => auto(self.miter_limit.map(Value::Float)),
            _ => return Err(eco_format!("stroke does not contain field \"{name}\"")),
        })
    }

    /// The stroke as Typst's `repr` writes it: `1pt + rgb("#ff4136")` when only paint and
    /// thickness are set, a dictionary of the set parts otherwise.
    pub fn repr(&self) -> EcoString {
        if self.cap.is_none()
            && self.join.is_none()
            && self.dash.is_none()
            && self.miter_limit.is_none()
        {
            return match (&self.thickness, &self.paint) {
                (Some(t), Some(p)) => eco_format!("{} + {}", Value::Length(*t).repr(), p.repr()),
                (Some(t), None) => Value::Length(*t).repr(),
                (None, Some(p)) => p.repr(),
                (None, None) => "1pt + black".into(),
            };
        }
        let mut parts = Vec::new();
        for key in STROKE_KEYS {
            if key == "dash"
                && let Some(Some(pattern)) = &self.dash
            {
                parts.push(eco_format!("dash: {}", pattern.repr()));
            } else if let Ok(value) = self.field(key)
                && value != Value::Auto
            {
                parts.push(eco_format!("{key}: {}", value.repr()));
            }
        }
        eco_format!("({})", parts.join(", "))
    }
}

/// `length + gradient` or `length + tiling` (either order): a stroke; `None` for other
/// operands (`length + color` is the operator's own arm).
pub fn sum(lhs: &Value, rhs: &Value) -> Option<Value> {
    let (thickness, paint) = match (lhs, rhs) {
        (Value::Length(l), p) | (p, Value::Length(l)) => (*l, p),
        _ => return None,
    };
    let paint = match paint {
        Value::Gradient(g) => Paint::Gradient(g.clone()),
        Value::Tiling(t) => Paint::Tiling(t.clone()),
        _ => return None,
    };
    Some(Value::Stroke(std::sync::Arc::new(Stroke::new(paint, thickness))))
}

/// A direction of text or stacking.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Hash)]
pub enum Dir {
    /// Left to right.
    Ltr,
    /// Right to left.
    Rtl,
    /// Top to bottom.
    Ttb,
    /// Bottom to top.
    Btt,
}

impl Dir {
    /// The directions of the global scope, by name.
    pub const NAMED: &'static [(&'static str, Dir)] =
        &[("ltr", Self::Ltr), ("rtl", Self::Rtl), ("ttb", Self::Ttb), ("btt", Self::Btt)];

    /// The direction's name, which is also its `repr`.
    pub fn name(self) -> &'static str {
        Self::NAMED.iter().find(|(_, d)| *d == self).map_or("ltr", |(n, _)| *n)
    }
}
