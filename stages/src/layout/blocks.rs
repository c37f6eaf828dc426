//! Block- and inline-level elements: a realized element (after show rules) and the space
//! it may take → its frames, by dispatching on the element kind to its layouter
//! (`container`, `pad`, `columns`, `stack`, `grid`, `list`, `image`, `shapes`,
//! `transform`, `repeat`). Elements no layouter here knows show their body, or nothing.
//!
//! Boxes with a fractional width are laid out by `layout_par_lines` once their line's
//! remaining space is known.
//!
//! Both entry points take every element either way: an inline box asked for as a block is
//! laid out as one frame, and a block-level element asked for inline (inside a paragraph)
//! takes the first region's frame.

use crate::base::{Abs, Locator, Point, Size, SourceResult};
use crate::doc::{Frame, FrameItem};
use crate::layout::columns::layout_columns;
use crate::layout::container::{layout_block, layout_box};
use crate::layout::flow::layout_content;
use crate::layout::grid::layout_grid;
use crate::layout::image::layout_image;
use crate::layout::inline::{InlineItem, Line, ParStyle, layout_lines_with};
use crate::layout::list::{ListKind, layout_list};
use crate::layout::pad::layout_pad;
use crate::layout::props::Props;
use crate::layout::repeat::layout_repeat;
use crate::layout::shapes::{ShapeKind, layout_curve, layout_line, layout_polygon, layout_shape};
use crate::layout::stack::layout_stack;
use crate::layout::transform::layout_transform;
use crate::layout::{Fragment, LayoutContext, Regions};
use crate::model::{
    BLOCK, BOX, CIRCLE, COLUMNS, CURVE, Content, ELLIPSE, ENUM, Element, Fr, GRID, IMAGE, LAYOUT,
    LINE, LIST, MOVE, PAD, POLYGON, RECT, REPEAT, ROTATE, SCALE, SKEW, SQUARE, STACK, Styles,
    TABLE, TERMS, Value,
};
use crate::realize::InlinePiece;

/// Whether `elem` is one of the elements laid out here.
pub fn is_layout_elem(elem: Element) -> bool {
    [
        BLOCK, BOX, PAD, STACK, GRID, TABLE, LIST, ENUM, TERMS, IMAGE, RECT, SQUARE, CIRCLE,
        ELLIPSE, LINE, POLYGON, CURVE, MOVE, ROTATE, SCALE, SKEW, REPEAT, COLUMNS,
    ]
    .contains(&elem)
}

/// Lays out a block-level element (block, pad, stack, grid, table, list, enum, terms,
/// image, shapes, …) into regions.
pub fn layout_block_elem(
    cx: &mut LayoutContext,
    content: &Content,
    styles: &Styles,
    locator: Locator,
    regions: Regions,
) -> SourceResult<Fragment> {
    let elem = content.elem();
    let frame = if elem == BLOCK {
        return layout_block(cx, content, styles, locator, regions);
    } else if elem == PAD {
        return layout_pad(cx, content, styles, locator, regions);
    } else if elem == COLUMNS {
        return layout_columns(cx, content, styles, locator, regions);
    } else if elem == STACK {
        return layout_stack(cx, content, styles, locator, regions);
    } else if elem == GRID || elem == TABLE {
        return layout_grid(cx, content, styles, locator, regions, elem == TABLE);
    } else if let Some(kind) = list_kind(elem) {
        return layout_list(cx, content, styles, locator, regions, kind);
    } else if elem == LAYOUT {
        return super::sized::layout_sized(cx, content, styles, locator, regions);
    } else if elem == BOX {
        layout_box(cx, content, styles, locator, regions.size)?
    } else if is_layout_elem(elem) {
        layout_single(cx, content, styles, locator, regions)?
    } else {
        return layout_unknown(cx, content, styles, locator, regions);
    };
    Ok(Fragment::frame(frame))
}

/// Lays out an inline-level element (box, inline image or shape) within `region`.
pub fn layout_inline_elem(
    cx: &mut LayoutContext,
    content: &Content,
    styles: &Styles,
    locator: Locator,
    region: Size,
) -> SourceResult<Frame> {
    if content.is(BOX) {
        return layout_box(cx, content, styles, locator, region);
    }
    let regions = Regions::one(region, (false, false));
    if [BLOCK, PAD, STACK, GRID, TABLE, LIST, ENUM, TERMS, COLUMNS, LAYOUT]
        .contains(&content.elem())
    {
        return Ok(layout_block_elem(cx, content, styles, locator, regions)?.into_frame());
    }
    if !is_layout_elem(content.elem()) {
        return Ok(layout_unknown(cx, content, styles, locator, regions)?.into_frame());
    }
    layout_single(cx, content, styles, locator, regions)
}

/// The paragraph item of inline piece number `index` when it is a box with a fractional
/// width: such a box takes its share of its line and is laid out only once that share is
/// known, by [`layout_par_lines`].
pub fn fractional_box(index: usize, piece: &InlinePiece) -> Option<InlineItem> {
    let InlinePiece::Box { content, styles, .. } = piece else { return None };
    if !content.is(BOX) {
        return None;
    }
    match Props::new(content, styles).value("width") {
        Value::Fraction(Fr(fr)) => Some(InlineItem::FrBox { fr, id: index, span: content.span() }),
        _ => None,
    }
}

/// Lays out a paragraph's `items` into lines (made from its `pieces`), laying out each
/// fractional box in its share of its line and the height of `base`.
pub fn layout_par_lines(
    cx: &mut LayoutContext,
    pieces: &[InlinePiece],
    items: &[InlineItem],
    par: &ParStyle,
    base: Size,
) -> SourceResult<Vec<Line>> {
    let fonts = cx.fonts;
    layout_lines_with(&fonts, items, par, &mut |index, width| {
        let Some(InlinePiece::Box { content, styles, locator, link }) = pieces.get(index) else {
            return Ok(Frame::new(Size::new(width, Abs::zero())));
        };
        let mut frame = layout_box(cx, content, styles, *locator, Size::new(width, base.height))?;
        if let Some(dest) = link {
            let size = frame.size();
            frame.push(Point::zero(), FrameItem::Link(dest.clone(), size));
        }
        Ok(frame)
    })
}

/// Lays out an element no layouter here knows (one that realization passes on but whose
/// own layout is not written yet) as its body, or as nothing when it has none.
fn layout_unknown(
    cx: &mut LayoutContext,
    content: &Content,
    styles: &Styles,
    locator: Locator,
    regions: Regions,
) -> SourceResult<Fragment> {
    match content.field("body") {
        Some(Value::Content(body)) => layout_content(cx, body, styles, locator.child(0), regions),
        _ => Ok(Fragment::frame(Frame::default())),
    }
}

/// The kind of list `elem` is, if it is one.
fn list_kind(elem: Element) -> Option<ListKind> {
    if elem == LIST {
        Some(ListKind::List)
    } else if elem == ENUM {
        Some(ListKind::Enum)
    } else if elem == TERMS {
        Some(ListKind::Terms)
    } else {
        None
    }
}

/// Lays out an element that always takes one frame.
fn layout_single(
    cx: &mut LayoutContext,
    content: &Content,
    styles: &Styles,
    locator: Locator,
    regions: Regions,
) -> SourceResult<Frame> {
    let elem = content.elem();
    let kind = [
        (RECT, ShapeKind::Rect),
        (SQUARE, ShapeKind::Square),
        (ELLIPSE, ShapeKind::Ellipse),
        (CIRCLE, ShapeKind::Circle),
    ]
    .into_iter()
    .find(|(e, _)| *e == elem)
    .map(|(_, kind)| kind);
    if let Some(kind) = kind {
        layout_shape(cx, content, styles, locator, regions, kind)
    } else if elem == IMAGE {
        layout_image(cx, content, styles, regions)
    } else if elem == LINE {
        layout_line(content, styles, regions.base())
    } else if elem == POLYGON {
        layout_polygon(content, styles, regions.base())
    } else if elem == CURVE {
        layout_curve(content, styles, regions.base())
    } else if [MOVE, ROTATE, SCALE, SKEW].contains(&elem) {
        layout_transform(cx, content, styles, locator, regions)
    } else if elem == REPEAT {
        layout_repeat(cx, content, styles, locator, regions)
    } else {
        Ok(layout_unknown(cx, content, styles, locator, regions)?.into_frame())
    }
}
