//! Methods of alignments (`axis`, `inv`) and directions (`axis`, `start`, `end`, `inv`,
//! `sign`, and `from` and `to`, which Typst 0.15 declares on directions but cannot call).

use crate::base::{SourceResult, Span};
use crate::model::{Alignment, Args, Dir, HAlign, VAlign, Value};

/// The names of the alignment methods.
pub(super) const ALIGNMENT_NAMES: &[&str] = &["axis", "inv"];

/// The names of the direction methods.
pub(super) const DIRECTION_NAMES: &[&str] = &["axis", "start", "end", "inv", "sign", "from", "to"];

/// The axis name of a one-dimensional alignment or a direction, `none` for 2D.
fn axis(name: Option<&str>) -> Value {
    name.map_or(Value::None, Value::str)
}

/// Calls an alignment method.
pub(super) fn call_alignment(align: Alignment, name: &str, _: &mut Args) -> SourceResult<Value> {
    Ok(match name {
        "axis" => axis(align.axis()),
        "inv" => Value::Alignment(align.inv()),
        _ => unreachable!("dispatch only calls listed methods"),
    })
}

/// Calls a direction method.
pub(super) fn call_direction(
    dir: Dir,
    name: &str,
    _: &mut Args,
    span: Span,
) -> SourceResult<Value> {
    let horizontal = matches!(dir, Dir::Ltr | Dir::Rtl);
    let side = |d: Dir| match d {
        Dir::Ltr => Alignment::h(HAlign::Left),
        Dir::Rtl => Alignment::h(HAlign::Right),
        Dir::Ttb => Alignment::v(VAlign::Top),
        Dir::Btt => Alignment::v(VAlign::Bottom),
    };
    let inv = match dir {
        Dir::Ltr => Dir::Rtl,
        Dir::Rtl => Dir::Ltr,
        Dir::Ttb => Dir::Btt,
        Dir::Btt => Dir::Ttb,
    };
    Ok(match name {
        "axis" => axis(Some(if horizontal { "horizontal" } else { "vertical" })),
        "start" => Value::Alignment(side(dir)),
        "end" => Value::Alignment(side(inv)),
        "inv" => Value::Direction(inv),
        "sign" => Value::Int(if matches!(dir, Dir::Ltr | Dir::Ttb) { 1 } else { -1 }),
        // Typst 0.15 lists these on directions, but they expect an alignment as their
        // receiver, so every call fails the same way, at the receiver (`span`).
        _ => crate::bail!(span, "expected alignment, found direction"),
    })
}
