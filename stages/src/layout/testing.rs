//! Test support for the block layouters: Typst source (plus in-memory files) → the first
//! laid-out element with the styles in effect for it, and a layout context over the
//! embedded fonts to lay it out with.

use std::sync::LazyLock;

use quire_shaping::{FontBook, ShapingContext};

use crate::base::{Abs, Locator, Point, Size, SourceResult};
use crate::doc::{Frame, FrameItem, Shape};
use crate::eval::{Engine, World, eval};
use crate::layout::inline::InlineContext;
use crate::layout::{Fragment, LayoutContext, Regions, blocks};
use crate::model::{Content, STYLED, Styles, Value};

static BOOK: LazyLock<FontBook> = LazyLock::new(FontBook::embedded);

/// The test world: one main file and some named binary files, in memory.
pub(super) use crate::eval::MemoryWorld as TestWorld;

/// What the block layouters' tests do with a world.
impl TestWorld {
    /// Evaluates the main file and finds the first element the block layouters draw,
    /// with the styles of the `styled` wrappers around it.
    pub fn element(&self) -> (Content, Styles) {
        let module =
            eval(self, self.main_source()).unwrap_or_else(|e| panic!("eval failed: {e:?}"));
        let mut styles = Styles::new();
        find(module.content(), &mut styles)
            .unwrap_or_else(|| panic!("no element in {:?}", module.content()))
    }

    /// Lays out the first element in regions `regions`.
    pub fn layout(&self, regions: Regions) -> SourceResult<Fragment> {
        let (content, styles) = self.element();
        with_cx(self, |cx| {
            blocks::layout_block_elem(cx, &content, &styles, Locator::root(), regions)
        })
    }
}

fn find(content: &Content, styles: &mut Styles) -> Option<(Content, Styles)> {
    if content.is(STYLED) {
        let mut inner = styles.clone();
        if let Some(Value::Styles(own)) = content.field("styles") {
            inner.extend(own.clone());
        }
        let Some(Value::Content(child)) = content.field("child") else { return None };
        return find(child, &mut inner);
    }
    if blocks::is_layout_elem(content.elem()) {
        return Some((content.clone(), styles.clone()));
    }
    content.children().find_map(|child| find(child, styles))
}

/// Runs `f` with a layout context over `world` and the embedded fonts.
pub(super) fn with_cx<R>(world: &dyn World, f: impl FnOnce(&mut LayoutContext) -> R) -> R {
    let shaper = ShapingContext::new();
    let mut engine = Engine::new(world);
    let mut cx = LayoutContext {
        engine: &mut engine,
        fonts: InlineContext { book: &BOOK, shaper: &shaper },
    };
    f(&mut cx)
}

/// A region of `width` × `height` points that neither expands nor breaks.
pub(super) fn region(width: f64, height: f64) -> Regions {
    Regions::one(Size::new(Abs::pt(width), Abs::pt(height)), (false, false))
}

/// Every shape in `frame` (groups included), with its position in the frame.
pub(super) fn shapes(frame: &Frame) -> Vec<(Point, Shape)> {
    let mut out = Vec::new();
    collect_shapes(frame, Point::zero(), &mut out);
    out
}

fn collect_shapes(frame: &Frame, offset: Point, out: &mut Vec<(Point, Shape)>) {
    for (pos, item) in frame.items() {
        match item {
            FrameItem::Shape(shape, _) => out.push((offset + *pos, shape.clone())),
            FrameItem::Group(group) => collect_shapes(&group.frame, offset + *pos, out),
            _ => {}
        }
    }
}

/// Points as a plain number, for short assertions.
pub(super) fn pt(abs: Abs) -> f64 {
    (abs.to_pt() * 1000.0).round() / 1000.0
}

/// Every text run in `frame` (groups included): its baseline origin and its text.
pub(super) fn texts(frame: &Frame) -> Vec<(Point, String)> {
    let mut out = Vec::new();
    collect_texts(frame, Point::zero(), &mut out);
    out
}

fn collect_texts(frame: &Frame, offset: Point, out: &mut Vec<(Point, String)>) {
    for (pos, item) in frame.items() {
        match item {
            FrameItem::Text(text) => out.push((offset + *pos, text.text.to_string())),
            FrameItem::Group(group) => collect_texts(&group.frame, offset + *pos, out),
            _ => {}
        }
    }
}

/// Regions of `width` × `height` points that break into further regions of that size.
pub(super) fn pages(width: f64, height: f64) -> Regions {
    Regions::repeat(Size::new(Abs::pt(width), Abs::pt(height)), (false, false))
}
