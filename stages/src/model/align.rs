//! Alignments: a horizontal part (`start`, `left`, `center`, `right`, `end`), a vertical
//! part (`top`, `horizon`, `bottom`), or both (`top + left`), with their `repr`, sum
//! (and its errors), axis and inverse.

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
        let kind = |a: Self| match (a.x, a.y) {
            (Some(_), Some(_)) => "a 2D",
            (Some(_), None) => "a horizontal",
            _ => "a vertical",
        };
        match (self, other) {
            (Self { x: Some(x), y: None }, Self { x: None, y: Some(y) })
            | (Self { x: None, y: Some(y) }, Self { x: Some(x), y: None }) => {
                Ok(Self { x: Some(x), y: Some(y) })
            }
            (Self { x: Some(_), y: None }, Self { x: Some(_), y: None }) => {
                Err("cannot add two horizontal alignments".into())
            }
            (Self { x: None, y: Some(_) }, Self { x: None, y: Some(_) }) => {
                Err("cannot add two vertical alignments".into())
            }
            (Self { x: Some(_), y: Some(_) }, Self { x: Some(_), y: Some(_) }) => {
                Err("cannot add two 2D alignments".into())
            }
            (a, b) => {
                // One is 2D and the other is not: the 1D one is named first.
                let one = if a.x.is_some() && a.y.is_some() { b } else { a };
                Err(eco_format!("cannot add {} and a 2D alignment", kind(one)))
            }
        }
    }

    /// The axis of a one-dimensional alignment: `"horizontal"` or `"vertical"`.
    pub fn axis(self) -> Option<&'static str> {
        match (self.x, self.y) {
            (Some(_), None) => Some("horizontal"),
            (None, Some(_)) => Some("vertical"),
            _ => None,
        }
    }

    /// The inverse alignment: `left` ↔ `right`, `start` ↔ `end`, `top` ↔ `bottom`;
    /// centers stay.
    pub fn inv(self) -> Self {
        let x = self.x.map(|x| match x {
            HAlign::Start => HAlign::End,
            HAlign::End => HAlign::Start,
            HAlign::Left => HAlign::Right,
            HAlign::Right => HAlign::Left,
            HAlign::Center => HAlign::Center,
        });
        let y = self.y.map(|y| match y {
            VAlign::Top => VAlign::Bottom,
            VAlign::Bottom => VAlign::Top,
            VAlign::Horizon => VAlign::Horizon,
        });
        Self { x, y }
    }

    /// The horizontal part alone, if any.
    pub fn x_part(self) -> Option<Self> {
        self.x.map(Self::h)
    }

    /// The vertical part alone, if any.
    pub fn y_part(self) -> Option<Self> {
        self.y.map(Self::v)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums() {
        let left = Alignment::h(HAlign::Left);
        let top = Alignment::v(VAlign::Top);
        let both = left.combine(top).unwrap();
        assert_eq!(both.repr(), "left + top");
        assert_eq!(both.inv().repr(), "right + bottom");
        assert_eq!(left.combine(left), Err("cannot add two horizontal alignments".into()));
        assert_eq!(both.combine(left), Err("cannot add a horizontal and a 2D alignment".into()));
        assert_eq!(top.combine(both), Err("cannot add a vertical and a 2D alignment".into()));
        assert_eq!(both.combine(both), Err("cannot add two 2D alignments".into()));
        assert_eq!(both.axis(), None);
    }
}
