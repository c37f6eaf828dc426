//! `Gradient` and `Tiling`: paints other than a flat color, as values (`gradient.linear(..)`,
//! `tiling(..)[..]`).

use std::sync::Arc;

use ecow::EcoString;

use super::{Color, Content, Ratio, Value};
use crate::base::Angle;

/// A color gradient.
#[derive(Debug, Clone, PartialEq)]
pub struct Gradient(pub Arc<GradientData>);

/// What a gradient is made of.
#[derive(Debug, Clone, PartialEq)]
pub struct GradientData {
    /// `linear`, `radial` or `conic`.
    pub kind: EcoString,
    /// The color stops, each with its offset.
    pub stops: Vec<(Color, Ratio)>,
    /// The angle of a linear or conic gradient.
    pub angle: Angle,
    /// The remaining arguments as given, by name (e.g. `space`, `relative`, `center`).
    pub named: Vec<(EcoString, Value)>,
}

impl Gradient {
    /// The gradient as Typst's `repr` writes it.
    pub fn repr(&self) -> EcoString {
        let stops: Vec<EcoString> = self
            .0
            .stops
            .iter()
            .map(|(c, r)| ecow::eco_format!("({}, {})", c.repr(), Value::Ratio(*r).repr()))
            .collect();
        ecow::eco_format!("gradient.{}({})", self.0.kind, stops.join(", "))
    }
}

/// A repeating tiling of content.
#[derive(Debug, Clone, PartialEq)]
pub struct Tiling(pub Arc<TilingData>);

/// What a tiling is made of.
#[derive(Debug, Clone, PartialEq)]
pub struct TilingData {
    /// The content of one tile.
    pub body: Content,
    /// The named arguments as given (`size`, `spacing`, `relative`).
    pub named: Vec<(EcoString, Value)>,
}

impl Tiling {
    /// The tiling as Typst's `repr` writes it.
    pub fn repr(&self) -> EcoString {
        ecow::eco_format!("tiling({})", Value::Content(self.0.body.clone()).repr())
    }
}
