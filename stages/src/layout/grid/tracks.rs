//! Track sizing: the `columns`/`rows`/gutter values → track lists (gutters interleaved
//! between content tracks), column widths from the region's width and the cells' natural
//! widths, and row heights from the laid-out cells.
//!
//! Columns: relative tracks resolve against the region's width; `auto` tracks take the
//! widest cell that spans only them, then grow for wider multi-column cells, and shrink
//! fairly when they do not fit together; fractions share what is left (in an unbounded
//! region they act as `auto`). Rows: relative tracks are fixed; `auto` and fractional
//! rows take their tallest cell, rows spanned by a taller multi-row cell grow at their
//! last `auto` row; fractions grow further in `layout` when the region has room.

use crate::base::{Abs, Size, SourceResult};
use crate::doc::Frame;
use crate::layout::flow::layout_content;
use crate::layout::props::Props;
use crate::layout::{LayoutContext, Regions};
use crate::model::{Fr, FromValue, Rel, Styles, Value};

use super::cells::{Cell, CellGrid};

/// The size of one track.
#[derive(Debug, Copy, Clone, PartialEq)]
pub(super) enum Sizing {
    Auto,
    Rel(Rel),
    Fr(f64),
}

/// The track sizes a `columns`, `rows` or gutter value gives: an integer is that many
/// `auto` tracks, a single size is one track, an array one track per entry.
pub(super) fn sizings(value: &Value) -> Vec<Sizing> {
    match value {
        Value::Int(n) => vec![Sizing::Auto; (*n).clamp(0, 10_000) as usize],
        Value::Array(items) => items.as_slice().iter().filter_map(sizing).collect(),
        Value::None => Vec::new(),
        other => sizing(other).into_iter().collect(),
    }
}

fn sizing(value: &Value) -> Option<Sizing> {
    match value {
        Value::Auto => Some(Sizing::Auto),
        Value::Fraction(Fr(fr)) => Some(Sizing::Fr(*fr)),
        other => Rel::from_value(other.clone()).ok().map(Sizing::Rel),
    }
}

/// Tracks along one axis: content tracks with gutter tracks between them when the
/// grid has gutters (content track `i` is track `2i` then).
#[derive(Debug, Clone)]
pub(super) struct Tracks {
    pub sizes: Vec<Sizing>,
    pub gutter: bool,
}

impl Tracks {
    /// `count` content tracks sized by `content` (its last entry repeating, `auto`
    /// without one), with gutters from `gutter` (its last entry repeating) if it has any.
    pub fn new(content: &[Sizing], count: usize, gutter: &[Sizing]) -> Self {
        let has_gutter = !gutter.is_empty();
        let mut sizes = Vec::with_capacity(count * 2);
        for i in 0..count {
            if has_gutter && i > 0 {
                sizes.push(gutter.get(i - 1).or(gutter.last()).copied().unwrap_or(Sizing::Auto));
            }
            sizes.push(content.get(i).or(content.last()).copied().unwrap_or(Sizing::Auto));
        }
        Self { sizes, gutter: has_gutter }
    }

    /// The track of content track `i`.
    pub fn index(&self, i: usize) -> usize {
        if self.gutter { 2 * i } else { i }
    }

    /// The tracks a span of content tracks covers (gutters between them included).
    pub fn span(&self, start: usize, count: usize) -> std::ops::Range<usize> {
        self.index(start)..self.index(start + count - 1) + 1
    }
}

/// Lays out a cell (its element, which shows its body padded and aligned, or as show
/// rules make it) at `width`, within `height`; with `expand`, the frame fills both.
pub(super) fn layout_cell(
    cx: &mut LayoutContext,
    cell: &Cell,
    styles: &Styles,
    size: Size,
    expand: (bool, bool),
) -> SourceResult<Frame> {
    let pod = Regions::one(size, expand);
    let fragment = layout_content(cx, &cell.body, styles, cell.locator, pod)?;
    Ok(match fragment.0.is_empty() {
        false => fragment.into_frame(),
        true => {
            let fill = |on: bool, length: Abs| {
                if on && length.is_finite() { length } else { Abs::zero() }
            };
            Frame::new(Size::new(fill(expand.0, size.width), fill(expand.1, size.height)))
        }
    })
}

/// The widths of the column tracks.
pub(super) fn column_widths(
    cx: &mut LayoutContext,
    props: &Props,
    grid: &CellGrid,
    cols: &Tracks,
    regions: &Regions,
) -> SourceResult<Vec<Abs>> {
    let available = regions.size.width;
    let mut widths = vec![Abs::zero(); cols.sizes.len()];
    let mut auto = vec![false; cols.sizes.len()];
    for (i, sizing) in cols.sizes.iter().enumerate() {
        match sizing {
            Sizing::Rel(rel) => widths[i] = props.rel(*rel, available),
            Sizing::Auto => auto[i] = true,
            Sizing::Fr(_) => auto[i] = !available.is_finite(),
        }
    }
    // Gutter tracks that are `auto` stay empty.
    let is_gutter = |i: usize| cols.gutter && i % 2 == 1;

    // Natural widths of the cells in `auto` columns, single-column cells first.
    let measure_height = Abs::inf();
    let mut spanning = Vec::new();
    for cell in &grid.cells {
        let range = cols.span(cell.x, cell.colspan);
        if !range.clone().any(|i| auto[i] && !is_gutter(i)) {
            continue;
        }
        if cell.colspan > 1 {
            spanning.push(cell);
            continue;
        }
        let size = Size::new(available, measure_height);
        let frame = layout_cell(cx, cell, props.styles, size, (false, false))?;
        let i = range.start;
        widths[i] = widths[i].max(frame.width().min(available));
    }
    // As in Typst, a cell spanning every fractional column leaves the `auto` columns
    // alone in a finite region: the fractions give it the room.
    let fr_tracks: Vec<usize> =
        (0..cols.sizes.len()).filter(|&i| matches!(cols.sizes[i], Sizing::Fr(_))).collect();
    for cell in spanning {
        let range = cols.span(cell.x, cell.colspan);
        if available.is_finite()
            && !fr_tracks.is_empty()
            && fr_tracks.iter().all(|i| range.contains(i))
        {
            continue;
        }
        let size = Size::new(available, measure_height);
        let frame = layout_cell(cx, cell, props.styles, size, (false, false))?;
        let have: Abs = widths[range.clone()].iter().copied().sum();
        let need = frame.width().min(available);
        if need > have
            && let Some(last) = range.clone().rev().find(|&i| auto[i] && !is_gutter(i))
        {
            widths[last] += need - have;
        }
    }

    if available.is_finite() {
        shrink_auto(&mut widths, &auto, &cols.sizes, available);
        let used: Abs = widths.iter().copied().sum();
        let total_fr: f64 =
            cols.sizes.iter().map(|s| if let Sizing::Fr(fr) = s { *fr } else { 0.0 }).sum();
        let free = (available - used).max(Abs::zero());
        if total_fr > 0.0 {
            for (i, sizing) in cols.sizes.iter().enumerate() {
                if let Sizing::Fr(fr) = sizing {
                    widths[i] = free * (fr / total_fr);
                }
            }
        }
    }
    Ok(widths)
}

/// Shrinks `auto` columns that together overflow the space fairly: columns narrower than
/// an equal share keep their width, the others share the rest equally.
fn shrink_auto(widths: &mut [Abs], auto: &[bool], sizes: &[Sizing], available: Abs) {
    let fixed: Abs = widths
        .iter()
        .zip(sizes)
        .zip(auto)
        .filter(|((_, s), a)| !**a && matches!(s, Sizing::Rel(_)))
        .map(|((w, _), _)| *w)
        .sum();
    let autos: Abs = widths.iter().zip(auto).filter(|(_, a)| **a).map(|(w, _)| *w).sum();
    let mut space = available - fixed;
    if autos <= space || space <= Abs::zero() {
        return;
    }
    let mut large: Vec<usize> = (0..widths.len()).filter(|&i| auto[i]).collect();
    loop {
        let share = space / large.len().max(1) as f64;
        let (small, rest): (Vec<usize>, Vec<usize>) =
            large.iter().partition(|&&i| widths[i] <= share);
        if small.is_empty() {
            for &i in &rest {
                widths[i] = share;
            }
            return;
        }
        space -= small.iter().map(|&i| widths[i]).sum::<Abs>();
        large = rest;
        if large.is_empty() {
            return;
        }
    }
}

/// The measured rows: each content row's height and each cell's laid-out frame.
pub(super) struct MeasuredRows {
    pub heights: Vec<Abs>,
    pub frames: Vec<Frame>,
}

/// Lays out every cell at its column width and sizes the rows.
pub(super) fn measure_rows(
    cx: &mut LayoutContext,
    props: &Props,
    grid: &CellGrid,
    cols: &Tracks,
    widths: &[Abs],
    rows: &Tracks,
    regions: &Regions,
) -> SourceResult<MeasuredRows> {
    let base = regions.base().height;
    let fixed: Vec<Option<Abs>> = (0..grid.rows)
        .map(|y| match rows.sizes[rows.index(y)] {
            Sizing::Rel(rel) => Some(props.rel(rel, base)),
            _ => None,
        })
        .collect();
    let mut heights: Vec<Abs> = fixed.iter().map(|h| h.unwrap_or_default()).collect();
    let mut frames = Vec::with_capacity(grid.cells.len());
    for cell in &grid.cells {
        let width: Abs = widths[cols.span(cell.x, cell.colspan)].iter().copied().sum();
        let height =
            if cell.rowspan == 1 { fixed[cell.y].unwrap_or(Abs::inf()) } else { Abs::inf() };
        let frame = layout_cell(cx, cell, props.styles, Size::new(width, height), (true, false))?;
        if cell.rowspan == 1 && fixed[cell.y].is_none() {
            heights[cell.y] = heights[cell.y].max(frame.height());
        }
        frames.push(frame);
    }
    // Taller multi-row cells grow the last `auto` row they span.
    let gutters = row_gutters(props, rows, grid.rows, base);
    for (cell, frame) in grid.cells.iter().zip(&frames) {
        if cell.rowspan == 1 {
            continue;
        }
        let last = cell.y + cell.rowspan - 1;
        let have: Abs = heights[cell.y..=last].iter().copied().sum::<Abs>()
            + gutters[cell.y..last].iter().copied().sum::<Abs>();
        if frame.height() > have
            && let Some(row) = (cell.y..=last).rev().find(|&y| fixed[y].is_none())
        {
            heights[row] += frame.height() - have;
        }
    }
    Ok(MeasuredRows { heights, frames })
}

/// The gutter after each content row (zero without gutters; `auto` and fractional
/// gutters are zero too).
pub(super) fn row_gutters(props: &Props, rows: &Tracks, count: usize, base: Abs) -> Vec<Abs> {
    (0..count)
        .map(|y| {
            if !rows.gutter || y + 1 >= count {
                return Abs::zero();
            }
            match rows.sizes[rows.index(y) + 1] {
                Sizing::Rel(rel) => props.rel(rel, base),
                _ => Abs::zero(),
            }
        })
        .collect()
}
