//! The laid-out document: what layout produces and exporters consume. Pages of frames whose
//! items are positioned text runs, shapes, images and links — no `Content`, no styles, no
//! syntax. Everything here is cheap to clone and deterministic to compare.

mod document;
mod frame;
mod image;
mod text;
mod visual;

pub use self::document::{
    DocumentDate, DocumentInfo, OutlineItem, Page, PageFill, PagedDocument, Timestamp,
};
pub use self::frame::{Destination, Frame, FrameItem, GroupItem};
pub use self::image::{Image, ImageFormat};
pub use self::text::{Glyph, TextItem};
pub use self::visual::{
    Color, Curve, CurveItem, DashPattern, FillRule, FixedStroke, Geometry, Ink, InkName, LineCap,
    LineJoin, Paint, Shape, Spot,
};
