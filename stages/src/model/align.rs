//! Alignments: a horizontal part (`start`, `left`, `center`, `right`, `end`), a vertical
//! part (`top`, `horizon`, `bottom`), or both (`top + left`), with their `repr` and sum.

use ecow::{EcoString, eco_format};

/// A horizontal alignment.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Hash)]
pub enum HAlign {
    Start,
    Left,
    Center,
    Right,
    End,
}

/// A vertical alignment.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Hash)]
pub enum VAlign {
    Top,
    Horizon,
    Bottom,
}

/// An alignment along one or both axes.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Hash)]
pub struct Alignment {
    pub x: Option<HAlign>,
    pub y: Option<VAlign>,
}

impl Alignment {
    /// The alignments of the global scope, by name.
    pub const NAMED: &'static [(&'static str, Alignment)] = &[
        ("start", Self::h(HAlign::Start)),
        ("left", Self::h(HAlign::Left)),
        ("center", Self::h(HAlign::Center)),
        ("right", Self::h(HAlign::Right)),
        ("end", Self::h(HAlign::End)),
        ("top", Self::v(VAlign::Top)),
        ("horizon", Self::v(VAlign::Horizon)),
        ("bottom", Self::v(VAlign::Bottom)),
    ];

    /// A horizontal alignment.
    pub const fn h(x: HAlign) -> Self {
        Self { x: Some(x), y: None }
    }

    /// A vertical alignment.
    pub const fn v(y: VAlign) -> Self {
        Self { x: None, y: Some(y) }
    }

    /// The sum of two alignments on different axes.
    pub fn combine(self, other: Self) -> Result<Self, EcoString> {
        match (self, other) {
            (Self { x: Some(x), y: None }, Self { x: None, y: Some(y) })
            | (Self { x: None, y: Some(y) }, Self { x: Some(x), y: None }) => {
                Ok(Self { x: Some(x), y: Some(y) })
            }
            (Self { x: Some(_), .. }, Self { x: Some(_), .. }) => {
                Err("cannot add two horizontal alignments".into())
            }
            (Self { y: Some(_), .. }, Self { y: Some(_), .. }) => {
                Err("cannot add two vertical alignments".into())
            }
            _ => Err("cannot add these alignments".into()),
        }
    }

    /// The alignment as Typst's `repr` writes it: `left`, `left + top`.
    pub fn repr(self) -> EcoString {
        let name =
            |a: Alignment| Self::NAMED.iter().find(|(_, b)| *b == a).map_or("?", |(n, _)| *n);
        match (self.x, self.y) {
            (Some(x), Some(y)) => eco_format!("{} + {}", name(Self::h(x)), name(Self::v(y))),
            _ => name(self).into(),
        }
    }
}
