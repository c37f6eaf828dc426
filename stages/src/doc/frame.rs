//! Frames: a fixed-size box of positioned items (text, shapes, images, links, nested
//! groups). Coordinates are from the frame's top-left corner, `y` downwards.

use std::num::NonZeroUsize;
use std::sync::Arc;

use ecow::EcoString;

use crate::base::{Abs, Point, Size, Span, Tag, Transform};
use crate::doc::{Curve, Image, Shape, TextItem};

/// A laid-out box with positioned items. Cloning shares the items.
#[derive(Debug, Default, Clone, Eq, PartialEq, Hash)]
pub struct Frame {
    size: Size,
    baseline: Option<Abs>,
    items: Arc<Vec<(Point, FrameItem)>>,
}

/// One thing placed in a frame.
#[derive(Debug, Clone, Eq, PartialEq, Hash)]
pub enum FrameItem {
    /// A nested frame, transformed and optionally clipped.
    Group(GroupItem),
    /// A run of glyphs; the position is the baseline origin.
    Text(TextItem),
    /// A geometric shape.
    Shape(Shape, Span),
    /// An image scaled to the given size.
    Image(Image, Size, Span),
    /// A clickable area of the given size leading to a destination.
    Link(Destination, Size),
    /// An invisible mark: a locatable element starts here (exporters skip it; the
    /// pipeline turns tags into introspection records).
    Tag(Tag),
}

/// A nested frame with a transform (applied around the group's position) and a clip.
#[derive(Debug, Clone, Eq, PartialEq, Hash)]
pub struct GroupItem {
    pub frame: Frame,
    pub transform: Transform,
    /// A clip path in the group's coordinates.
    pub clip: Option<Curve>,
}

impl GroupItem {
    /// A group without transform or clip.
    pub fn new(frame: Frame) -> Self {
        Self { frame, transform: Transform::identity(), clip: None }
    }
}

/// Where a link leads.
#[derive(Debug, Clone, Eq, PartialEq, Hash)]
pub enum Destination {
    /// An external URL.
    Url(EcoString),
    /// A position on a page (1-based page number).
    Position { page: NonZeroUsize, point: Point },
}

impl Frame {
    /// An empty frame of the given size.
    pub fn new(size: Size) -> Self {
        Self { size, baseline: None, items: Arc::new(Vec::new()) }
    }

    /// The frame's size.
    pub fn size(&self) -> Size {
        self.size
    }
    /// The width.
    pub fn width(&self) -> Abs {
        self.size.width
    }
    /// The height.
    pub fn height(&self) -> Abs {
        self.size.height
    }
    /// The baseline from the top (defaults to the bottom edge).
    pub fn baseline(&self) -> Abs {
        self.baseline.unwrap_or(self.size.height)
    }
    /// Sets the baseline.
    pub fn set_baseline(&mut self, baseline: Abs) {
        self.baseline = Some(baseline);
    }
    /// Resizes the frame (items stay where they are).
    pub fn set_size(&mut self, size: Size) {
        self.size = size;
    }
    /// Whether the frame has no items.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
    /// The items in drawing order.
    pub fn items(&self) -> std::slice::Iter<'_, (Point, FrameItem)> {
        self.items.iter()
    }

    /// Adds an item on top.
    pub fn push(&mut self, pos: Point, item: FrameItem) {
        Arc::make_mut(&mut self.items).push((pos, item));
    }

    /// Adds a whole frame on top, as a plain group (its items keep their order).
    pub fn push_frame(&mut self, pos: Point, frame: Frame) {
        if frame.is_empty() {
            return;
        }
        self.push(pos, FrameItem::Group(GroupItem::new(frame)));
    }

    /// Moves every item by `offset`.
    pub fn translate(&mut self, offset: Point) {
        if offset != Point::zero() {
            for (pos, _) in Arc::make_mut(&mut self.items) {
                *pos = *pos + offset;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doc::{Color, Geometry, Paint};

    #[test]
    fn frames_share_and_copy_on_write() {
        let mut a = Frame::new(Size::new(Abs::pt(10.0), Abs::pt(10.0)));
        let shape = Shape {
            geometry: Geometry::Rect(Size::new(Abs::pt(5.0), Abs::pt(5.0))),
            fill: Some(Paint::Solid(Color::BLACK)),
            fill_rule: Default::default(),
            stroke: None,
        };
        a.push(Point::zero(), FrameItem::Shape(shape, Span::detached()));
        let b = a.clone();
        a.translate(Point::new(Abs::pt(1.0), Abs::zero()));
        assert_eq!(b.items().next().unwrap().0, Point::zero());
        assert_eq!(a.items().next().unwrap().0.x, Abs::pt(1.0));
        assert_eq!(a.baseline(), Abs::pt(10.0));
    }
}
