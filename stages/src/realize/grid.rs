//! The built-in look of a grid or table cell: its body padded by the cell's `inset` and
//! aligned by its `align`, as the grid's layout resolved them into the cell's fields
//! (see `layout/grid/cells.rs`). Show rules on `grid.cell` and `table.cell` run before
//! this, with those fields readable; a rule that drops `it` drops the padding too.

use super::walk::{Realizer, prop, with};
use crate::base::{Locator, SourceResult};
use crate::model::{ALIGN_ELEM, Content, PAD, Rel, Styles, Value};

/// Shows a cell element: padding only where some side of the inset is not zero (as in
/// Typst), then the alignment as a style on what it holds.
pub(super) fn cell(
    r: &mut Realizer,
    content: &Content,
    styles: &Styles,
    loc: Locator,
) -> SourceResult<()> {
    let Some(Value::Content(body)) = content.field("body") else { return Ok(()) };
    let mut body = body.clone();
    if let Some(inset) = content.field("inset").and_then(padding) {
        let mut pad = Content::new(PAD).with_field("body", Value::Content(body));
        for (side, rel) in inset {
            pad = pad.with_field(side, Value::Relative(rel));
        }
        body = pad.spanned(content.span());
    }
    let styles = match content.field("align") {
        Some(align @ Value::Alignment(_)) => {
            with(styles, prop(ALIGN_ELEM, "alignment", align.clone()))
        }
        _ => styles.clone(),
    };
    r.visit(&body, &styles, loc.child(0))
}

/// The sides of a resolved inset (one relative length, or a dictionary of the sides
/// that are set) that pad, or `None` when every side is zero.
fn padding(inset: &Value) -> Option<Vec<(&'static str, Rel)>> {
    const SIDES: [&str; 4] = ["left", "top", "right", "bottom"];
    let sides: Vec<(&'static str, Rel)> = match inset {
        Value::Relative(rel) => SIDES.iter().map(|side| (*side, *rel)).collect(),
        Value::Length(length) => SIDES.iter().map(|side| (*side, Rel::from(*length))).collect(),
        Value::Dict(dict) => SIDES
            .iter()
            .filter_map(|side| match dict.get(side) {
                Some(Value::Relative(rel)) => Some((*side, *rel)),
                Some(Value::Length(length)) => Some((*side, Rel::from(*length))),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    sides.iter().any(|(_, rel)| *rel != Rel::default()).then_some(sides)
}
