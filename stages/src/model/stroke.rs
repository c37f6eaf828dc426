//! Strokes and directions, two small layout values of the language: a `Stroke` (paint and
//! thickness, built by `1pt + red` or from a dictionary) and a `Dir` (`ltr`, `rtl`, `ttb`,
//! `btt`).

use ecow::{EcoString, eco_format};

use super::{Color, Dict, FromValue, Length, StrResult, Value, mismatch};

/// How to draw a line: its paint and thickness (either may be left to the default).
#[derive(Debug, Clone, PartialEq)]
pub struct Stroke {
    pub paint: Option<Color>,
    pub thickness: Option<Length>,
}

impl FromValue for Stroke {
    /// A stroke from a value a `stroke` field accepts: a length, a color, a stroke or a
    /// dictionary with `paint` and `thickness`.
    fn from_value(value: Value) -> StrResult<Self> {
        Ok(match value {
            Value::Length(thickness) => Self { paint: None, thickness: Some(thickness) },
            Value::Color(paint) => Self { paint: Some(paint), thickness: None },
            Value::Stroke(stroke) => (*stroke).clone(),
            Value::Dict(dict) => Self::from_dict(&dict)?,
            v => return Err(mismatch("length, color, stroke, or dictionary", &v)),
        })
    }
}

impl Stroke {
    fn from_dict(dict: &Dict) -> StrResult<Self> {
        let mut stroke = Self { paint: None, thickness: None };
        for (key, value) in dict.iter() {
            match (key.as_str(), value) {
                ("paint", Value::Color(c)) => stroke.paint = Some(*c),
                ("thickness", Value::Length(l)) => stroke.thickness = Some(*l),
                ("paint" | "thickness" | "cap" | "join" | "dash" | "miter-limit", Value::Auto) => {}
                ("cap" | "join" | "dash" | "miter-limit", _) => {}
                ("paint", v) => return Err(mismatch("color", v)),
                ("thickness", v) => return Err(mismatch("length", v)),
                (other, _) => return Err(eco_format!("unexpected key \"{other}\"")),
            }
        }
        Ok(stroke)
    }

    /// The stroke as Typst's `repr` writes it: `1pt + rgb("#ff4136")`.
    pub fn repr(&self) -> EcoString {
        match (&self.thickness, &self.paint) {
            (Some(t), Some(p)) => eco_format!("{} + {}", Value::Length(*t).repr(), p.repr()),
            (Some(t), None) => Value::Length(*t).repr(),
            (None, Some(p)) => p.repr(),
            (None, None) => "stroke()".into(),
        }
    }
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
