//! Grid layout: a `grid` or `table` element → one frame per region. Cells are resolved and
//! measured (`cells`, `tracks`), rows are distributed over the regions (a row, or a group
//! of rows tied by a multi-row cell, never splits: it moves to the next region when it
//! does not fit; a repeated header starts and a repeated footer ends every region), and
//! each region's frame gets the cells' fills, their contents (laid out again at their
//! row's height where that grew, so that vertical alignment applies; a repeated header
//! or footer laid out anew in each region) and the strokes on top. A right-to-left grid
//! is laid out from left to right and mirrored.
//!
//! Strokes: every cell has a stroke per side; where two cells meet without a gutter one
//! line is drawn, taking the stroke a cell sets itself over the grid's, and the later
//! cell's over the earlier's. Explicit `hline`s and `vline`s replace the strokes they
//! cover. Lines reach half their thickness past their ends so that corners close.

use std::cmp::Ordering;

use crate::base::{Abs, Locator, Point, Size, SourceResult, Span};
use crate::doc::{FillRule, FixedStroke, Frame, FrameItem, Geometry, Shape};
use crate::layout::props::Props;
use crate::layout::shapes::resolve_stroke;
use crate::layout::{Fragment, LayoutContext, Regions};
use crate::model::{Content, Stroke, Styles};

use super::cells::{Cell, CellGrid, Line, RowSizes, resolve_cells};
use super::tracks::{
    Sizing, Tracks, column_widths, layout_cell, measure_rows, row_gutters, sizings,
};
use crate::layout::shapes::fold_stroke;

/// Lays out a `grid` (or, with `table`, a `table`).
pub(in crate::layout) fn layout_grid(
    cx: &mut LayoutContext,
    content: &Content,
    styles: &Styles,
    locator: Locator,
    regions: Regions,
    table: bool,
) -> SourceResult<Fragment> {
    let props = Props::new(content, styles);
    let col_sizes = sizings(&props.value("columns"));
    let row_sizes = sizings(&props.value("rows"));
    let gutter = sizings(&props.value("gutter"));
    let pick = |field: &str| {
        let own = sizings(&props.value(field));
        if own.is_empty() { gutter.clone() } else { own }
    };
    let (col_gutter, row_gutter) = (pick("column-gutter"), pick("row-gutter"));

    let count = col_sizes.len().max(1);
    let sizes = RowSizes { rows: &row_sizes, gutter: &row_gutter };
    let grid = resolve_cells(cx, &props, count, &sizes, locator, table)?;
    let cols = Tracks::new(&col_sizes, count, &col_gutter);
    let rows = Tracks::new(&row_sizes, grid.rows, &row_gutter);
    let widths = column_widths(cx, &props, &grid, &cols, &regions)?;
    let measured = measure_rows(cx, &props, &grid, &cols, &widths, &rows, &regions)?;
    let gutters = row_gutters(&props, &rows, grid.rows, regions.base().height);
    // Typst refuses to lay out a row that could not be drawn.
    if grid.rows > 0 {
        if !widths.iter().copied().sum::<Abs>().is_finite() {
            crate::bail!(content.span(), "cannot create grid with infinite width");
        }
        if measured.heights.iter().chain(&gutters).any(|h| !h.is_finite()) {
            crate::bail!(content.span(), "cannot create grid with infinite height");
        }
    }

    let fr_rows: Vec<f64> = (0..grid.rows)
        .map(|y| match rows.sizes.get(rows.index(y)) {
            Some(Sizing::Fr(fr)) => *fr,
            _ => 0.0,
        })
        .collect();
    let painter = Painter {
        grid: &grid,
        cols: &cols,
        widths: &widths,
        frames: &measured.frames,
        span: content.span(),
        rtl: crate::layout::text::dir(styles) == crate::layout::inline::Dir::Rtl,
    };
    let layout = RowLayout { heights: &measured.heights, gutters: &gutters, fr: &fr_rows };
    let assigned = distribute(&grid, &layout, regions);
    let mut frames = Vec::with_capacity(assigned.len());
    let mut region = regions;
    let count = assigned.len();
    for (index, rows_in_region) in assigned.iter().enumerate() {
        let place = RegionPlace { rows: rows_in_region, index, last: index + 1 == count };
        frames.push(painter.paint(cx, &props, place, &layout, region.size.height)?);
        region = region.next();
    }
    Ok(Fragment(frames))
}

/// Row heights and what lies between rows.
struct RowLayout<'a> {
    heights: &'a [Abs],
    /// The gutter after each row.
    gutters: &'a [Abs],
    /// Each row's fraction (0 for other rows).
    fr: &'a [f64],
}

/// Assigns the rows to regions: each region's rows in display order, header and footer
/// rows included.
fn distribute(grid: &CellGrid, layout: &RowLayout, regions: Regions) -> Vec<Vec<usize>> {
    let header = grid.header.unwrap_or(0).min(grid.rows);
    let footer_start = grid.footer.unwrap_or(grid.rows).clamp(header, grid.rows);
    let height_of = |rows: &[usize]| -> Abs {
        let mut total = Abs::zero();
        for (i, &y) in rows.iter().enumerate() {
            total += layout.heights[y];
            if i + 1 < rows.len() {
                total += layout.gutters[y];
            }
        }
        total
    };
    let header_rows: Vec<usize> = (0..header).collect();
    let footer_rows: Vec<usize> = (footer_start..grid.rows).collect();

    // Groups of rows tied together by cells spanning several rows.
    let mut groups: Vec<(usize, usize)> = Vec::new();
    let mut y = header;
    while y < footer_start {
        let mut end = y + 1;
        let mut k = y;
        while k < end {
            for x in 0..grid.cols {
                let cell = grid.cell_at(x, k);
                end = end.max((cell.y + cell.rowspan).min(footer_start));
            }
            k += 1;
        }
        groups.push((y, end));
        y = end;
    }

    let mut out = Vec::new();
    let mut current = header_rows.clone();
    let mut has_body = false;
    let mut available = regions.size.height;
    let full = regions.full;
    let reserve = if footer_rows.is_empty() { Abs::zero() } else { height_of(&footer_rows) };
    for (start, end) in groups {
        let rows: Vec<usize> = (start..end).collect();
        let mut candidate = current.clone();
        candidate.extend(&rows);
        let fits = height_of(&candidate) + reserve <= available + Abs::pt(1e-6);
        // A grid whose first rows do not fit where it starts leaves that region empty
        // (the flow then moves it on) when the next region has more room.
        if !fits && !has_body && out.is_empty() && regions.breakable && available < full {
            out.push(Vec::new());
            available = full;
            current = header_rows.clone();
            current.extend(&rows);
        } else if !fits && has_body && regions.breakable {
            current.extend(&footer_rows);
            out.push(std::mem::replace(&mut current, header_rows.clone()));
            available = full;
            current.extend(&rows);
        } else {
            current = candidate;
        }
        has_body = true;
    }
    current.extend(&footer_rows);
    out.push(current);
    out
}

/// The rows of one region (in display order), which region it is and whether it is
/// the grid's last.
#[derive(Copy, Clone)]
struct RegionPlace<'a> {
    rows: &'a [usize],
    index: usize,
    last: bool,
}

/// Draws the regions' frames.
struct Painter<'a> {
    grid: &'a CellGrid,
    cols: &'a Tracks,
    /// The width of every column track (gutters included).
    widths: &'a [Abs],
    /// Each cell's laid-out body.
    frames: &'a [Frame],
    span: Span,
    /// Whether the columns run from right to left: laid out from left to right, then
    /// every position mirrored (as Typst does).
    rtl: bool,
}

impl Painter<'_> {
    /// The frame of one region holding `rows` (in display order).
    fn paint(
        &self,
        cx: &mut LayoutContext,
        props: &Props,
        region: RegionPlace,
        layout: &RowLayout,
        region_height: Abs,
    ) -> SourceResult<Frame> {
        let rows = region.rows;
        // Row positions and heights in this region; fractions take what is left.
        let mut heights: Vec<Abs> = rows.iter().map(|&y| layout.heights[y]).collect();
        let gaps: Vec<Abs> = rows
            .iter()
            .enumerate()
            .map(|(i, &y)| if i + 1 < rows.len() { layout.gutters[y] } else { Abs::zero() })
            .collect();
        let total_fr: f64 = rows.iter().map(|&y| layout.fr[y]).sum();
        if total_fr > 0.0 && region_height.is_finite() {
            let fixed: Abs = rows
                .iter()
                .zip(&heights)
                .filter(|(y, _)| layout.fr[**y] == 0.0)
                .map(|(_, h)| *h)
                .sum::<Abs>()
                + gaps.iter().copied().sum::<Abs>();
            let free = (region_height - fixed).max(Abs::zero());
            for (i, &y) in rows.iter().enumerate() {
                if layout.fr[y] > 0.0 {
                    heights[i] = heights[i].max(free * (layout.fr[y] / total_fr));
                }
            }
        }
        let mut tops = Vec::with_capacity(rows.len());
        let mut cursor = Abs::zero();
        for (h, gap) in heights.iter().zip(&gaps) {
            tops.push(cursor);
            cursor += *h + *gap;
        }
        let height = cursor;
        let mut lefts = Vec::with_capacity(self.widths.len());
        let mut x = Abs::zero();
        for w in self.widths {
            lefts.push(x);
            x += *w;
        }
        let mut frame = Frame::new(Size::new(x, height));
        let place = Placement { rows, tops: &tops, heights: &heights, lefts: &lefts };

        // Fills, then contents, of every cell whose first row is in this region.
        let mut visible = Vec::new();
        for (index, cell) in self.grid.cells.iter().enumerate() {
            if let Some(rect) = place.cell_rect(self, cell) {
                visible.push((index, rect));
            }
        }
        for (index, (pos, size)) in &visible {
            if let Some(fill) = self.grid.cells[*index].fill {
                let shape = Shape {
                    geometry: Geometry::Rect(*size),
                    fill: Some(fill),
                    fill_rule: FillRule::NonZero,
                    stroke: None,
                };
                frame.push(self.mirror(*pos, size.width, x), FrameItem::Shape(shape, self.span));
            }
        }
        // As in Typst, the bodies go row by row: first the cells spanning several rows
        // that end at the row, then the row's other cells (which orders their tags).
        visible.sort_by(|(a, (pa, sa)), (b, (pb, sb))| {
            let key = |index: usize, pos: &Point, size: &Size| {
                let cell = &self.grid.cells[index];
                ((pos.y + size.height).to_pt(), cell.rowspan == 1, cell.y, cell.x)
            };
            let (ka, kb) = (key(*a, pa, sa), key(*b, pb, sb));
            ka.0.total_cmp(&kb.0).then((ka.1, ka.2, ka.3).cmp(&(kb.1, kb.2, kb.3)))
        });
        for (index, (pos, size)) in &visible {
            // A cell whose rows grew past its body is laid out again at their height,
            // so that what it aligns vertically moves within it.
            // A repeated header or footer is laid out again (as in Typst), as content
            // of its own: what it counts, it counts once more.
            let cell = &self.grid.cells[*index];
            let measured = &self.frames[*index];
            let repeated = (region.index > 0 && self.grid.header.is_some_and(|h| cell.y < h))
                || (!region.last && self.grid.footer.is_some_and(|f| cell.y >= f));
            let body = if repeated {
                let mut copy = cell.clone();
                copy.locator = cell.locator.child(region.index as u64);
                layout_cell(cx, &copy, props.styles, *size, (true, true))?
            } else if measured.height() == size.height {
                measured.clone()
            } else {
                layout_cell(cx, cell, props.styles, *size, (true, true))?
            };
            frame.push_frame(self.mirror(*pos, size.width, x), body);
        }
        self.paint_lines(&mut frame, &place);
        Ok(frame)
    }

    /// Where something `width` wide at `pos` goes in a grid `total` wide: mirrored in
    /// a right-to-left grid.
    fn mirror(&self, pos: Point, width: Abs, total: Abs) -> Point {
        if self.rtl { Point::new(total - pos.x - width, pos.y) } else { pos }
    }

    /// Draws the vertical lines, then the horizontal ones.
    fn paint_lines(&self, frame: &mut Frame, place: &Placement) {
        if place.rows.is_empty() {
            return;
        }
        let grid = self.grid;
        let (cols, rows) = (grid.cols, place.rows.len());
        // Vertical: boundary `b` lies before column `b`.
        for b in 0..=cols {
            let mut segments: Vec<(Abs, Abs, Abs, Option<FixedStroke>)> = Vec::new();
            for (i, &y) in place.rows.iter().enumerate() {
                let before = (b > 0).then(|| grid.cell_at(b - 1, y));
                let after = (b < cols).then(|| grid.cell_at(b, y));
                if let (Some(a), Some(c)) = (before, after)
                    && std::ptr::eq(a, c)
                {
                    continue;
                }
                let (top, bottom) = (place.tops[i], place.tops[i] + place.heights[i]);
                // Inside a cell spanning rows, the line crosses the row gutter too.
                let bottom = match after.or(before) {
                    Some(cell)
                        if i + 1 < rows
                            && cell.y + cell.rowspan > y + 1
                            && place.rows[i + 1] == y + 1 =>
                    {
                        place.tops[i + 1]
                    }
                    _ => bottom,
                };
                let explicit = |x: usize| {
                    lines_at(
                        grid.vlines.iter().filter(|l| l.index == x && l.start <= y && y < l.end),
                    )
                };
                if self.cols.gutter && b > 0 && b < cols {
                    let (a, c) = (before.expect("b > 0"), after.expect("b < cols"));
                    let right_of_a =
                        place.lefts[self.cols.index(b - 1)] + self.widths[self.cols.index(b - 1)];
                    let stroke = drawn(explicit(b), a.raw_stroke.right.clone(), a.font_size);
                    segments.push((right_of_a, top, bottom, stroke));
                    let stroke = drawn(explicit(b), c.raw_stroke.left.clone(), c.font_size);
                    segments.push((place.lefts[self.cols.index(b)], top, bottom, stroke));
                } else {
                    let x = if b < cols {
                        place.lefts[self.cols.index(b)]
                    } else {
                        place.lefts[self.cols.index(cols - 1)]
                            + self.widths[self.cols.index(cols - 1)]
                    };
                    let size = before.or(after).map_or(Abs::pt(11.0), |c| c.font_size);
                    let meet = choose(
                        before.map(|c| (&c.raw_stroke.right, c.own_stroke.right)),
                        after.map(|c| (&c.raw_stroke.left, c.own_stroke.left)),
                    );
                    let stroke = drawn(explicit(b), meet, size);
                    segments.push((x, top, bottom, stroke));
                }
            }
            draw_segments(frame, segments, true, self.span, self.rtl);
        }
        // Horizontal: boundary `k` lies before the region's `k`-th row.
        for k in 0..=rows {
            let mut segments = Vec::new();
            for c in 0..cols {
                let before = (k > 0).then(|| grid.cell_at(c, place.rows[k - 1]));
                let after = (k < rows).then(|| grid.cell_at(c, place.rows[k]));
                if let (Some(a), Some(b)) = (before, after)
                    && std::ptr::eq(a, b)
                {
                    continue;
                }
                let track = self.cols.index(c);
                let left = place.lefts[track];
                let right = left + self.widths[track];
                // Along a cell spanning columns, the line crosses the column gutter too.
                let spans = |cell: Option<&Cell>| {
                    self.cols.gutter
                        && c + 1 < cols
                        && cell.is_some_and(|cell| cell.x + cell.colspan > c + 1)
                };
                let reach = |cell: Option<&Cell>| {
                    if spans(cell) { place.lefts[self.cols.index(c + 1)] } else { right }
                };
                let row_index = if k < rows { place.rows[k] } else { place.rows[rows - 1] + 1 };
                let explicit = lines_at(
                    grid.hlines
                        .iter()
                        .filter(|l| l.index == row_index && l.start <= c && c < l.end),
                );
                let gap =
                    k > 0 && k < rows && place.tops[k] > place.tops[k - 1] + place.heights[k - 1];
                if gap {
                    let (a, b) = (before.expect("k > 0"), after.expect("k < rows"));
                    let bottom = place.tops[k - 1] + place.heights[k - 1];
                    let stroke = drawn(explicit.clone(), a.raw_stroke.bottom.clone(), a.font_size);
                    segments.push((bottom, left, reach(before), stroke));
                    let stroke = drawn(explicit, b.raw_stroke.top.clone(), b.font_size);
                    segments.push((place.tops[k], left, reach(after), stroke));
                } else {
                    let y = if k < rows {
                        place.tops[k]
                    } else {
                        place.tops[rows - 1] + place.heights[rows - 1]
                    };
                    let size = before.or(after).map_or(Abs::pt(11.0), |c| c.font_size);
                    let meet = choose(
                        before.map(|c| (&c.raw_stroke.bottom, c.own_stroke.bottom)),
                        after.map(|c| (&c.raw_stroke.top, c.own_stroke.top)),
                    );
                    let stroke = drawn(explicit, meet, size);
                    let right = if spans(before) || spans(after) {
                        reach(before).max(reach(after))
                    } else {
                        right
                    };
                    segments.push((y, left, right, stroke));
                }
            }
            draw_segments(frame, segments, false, self.span, self.rtl);
        }
    }
}

/// Where the rows and columns of one region lie.
struct Placement<'a> {
    rows: &'a [usize],
    tops: &'a [Abs],
    heights: &'a [Abs],
    lefts: &'a [Abs],
}

impl Placement<'_> {
    /// The position and size of `cell` in the region, if its first row is there.
    fn cell_rect(&self, painter: &Painter, cell: &Cell) -> Option<(Point, Size)> {
        let first = self.rows.iter().position(|&y| y == cell.y)?;
        let mut last = first;
        while last + 1 < self.rows.len()
            && self.rows[last + 1] == self.rows[last] + 1
            && self.rows[last + 1] < cell.y + cell.rowspan
        {
            last += 1;
        }
        let start = painter.cols.index(cell.x);
        let end = painter.cols.index(cell.x + cell.colspan - 1);
        let left = self.lefts[start];
        let right = self.lefts[end] + painter.widths[end];
        let top = self.tops[first];
        let bottom = self.tops[last] + self.heights[last];
        Some((Point::new(left, top), Size::new(right - left, bottom - top)))
    }
}

/// One cell's stroke on the side where it meets another (unresolved) and whether the
/// cell set it itself.
type Side<'a> = (&'a Option<Stroke>, bool);

/// The stroke where two cells meet: one a cell sets itself wins (the later cell's
/// first), else the later cell's, else the earlier's; the winner takes the parts it
/// leaves unset from the other cell's stroke.
fn choose(before: Option<Side>, after: Option<Side>) -> Option<Stroke> {
    let (winner, other) = match (before, after) {
        (before, Some(after)) if after.1 => (Some(after), before),
        (Some(before), after) if before.1 => (Some(before), after),
        (before, Some(after)) if after.0.is_some() => (Some(after), before),
        (before, after) => (before, after),
    };
    let stroke = winner?.0.clone()?;
    Some(match other {
        Some((Some(other), _)) => fold_stroke(stroke, other),
        _ => stroke,
    })
}

/// The stroke of the explicit lines at one place, if any: each later line's folds over
/// the earlier ones' (`Some(None)` when the last has no stroke).
fn lines_at<'a>(lines: impl Iterator<Item = &'a Line>) -> Option<Option<Stroke>> {
    lines.fold(None, |earlier, line| {
        Some(match (line.stroke.clone(), earlier) {
            (Some(stroke), Some(Some(earlier))) => Some(fold_stroke(stroke, &earlier)),
            (stroke, _) => stroke,
        })
    })
}

/// The stroke drawn along a boundary: an explicit line's (`Some(None)` for a line
/// without stroke) folded over the cells' stroke there, else the cells'.
fn drawn(
    explicit: Option<Option<Stroke>>,
    cells: Option<Stroke>,
    size: Abs,
) -> Option<FixedStroke> {
    let stroke = match (explicit, cells) {
        (Some(None), _) => return None,
        (Some(Some(line)), Some(cells)) => fold_stroke(line, &cells),
        (Some(Some(line)), None) => line,
        (None, cells) => cells?,
    };
    resolve_stroke(&stroke, size)
}

/// Draws line segments `(position, from, to, stroke)` across one boundary, merging
/// neighbours with equal strokes; with `rtl`, mirrored across the frame's width.
fn draw_segments(
    frame: &mut Frame,
    segments: Vec<(Abs, Abs, Abs, Option<FixedStroke>)>,
    vertical: bool,
    span: Span,
    rtl: bool,
) {
    let total = frame.width();
    let mut segments = segments;
    segments.sort_by(|a, b| {
        a.0.partial_cmp(&b.0)
            .unwrap_or(Ordering::Equal)
            .then(a.1.partial_cmp(&b.1).unwrap_or(Ordering::Equal))
    });
    let mut merged: Vec<(Abs, Abs, Abs, FixedStroke)> = Vec::new();
    for (pos, from, to, stroke) in segments {
        let Some(stroke) = stroke else { continue };
        if let Some(last) = merged.last_mut()
            && last.0 == pos
            && last.3 == stroke
            && (last.2 - from).abs() < Abs::pt(1e-6)
        {
            last.2 = to;
            continue;
        }
        merged.push((pos, from, to, stroke));
    }
    for (pos, from, to, stroke) in merged {
        let half = stroke.thickness / 2.0;
        let (start, delta) = match (vertical, rtl) {
            (true, false) => {
                (Point::new(pos, from - half), Point::new(Abs::zero(), to - from + half * 2.0))
            }
            (true, true) => (
                Point::new(total - pos, from - half),
                Point::new(Abs::zero(), to - from + half * 2.0),
            ),
            (false, false) => {
                (Point::new(from - half, pos), Point::new(to - from + half * 2.0, Abs::zero()))
            }
            (false, true) => (
                Point::new(total - to - half, pos),
                Point::new(to - from + half * 2.0, Abs::zero()),
            ),
        };
        let shape = Shape {
            geometry: Geometry::Line(delta),
            fill: None,
            fill_rule: FillRule::NonZero,
            stroke: Some(stroke),
        };
        frame.push(start, FrameItem::Shape(shape, span));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::testing::{TestWorld, pages, pt, region, shapes, texts};

    /// Lays out the first grid or table of `src` into `regions`.
    fn check(src: &str, regions: Regions) -> SourceResult<Vec<Frame>> {
        TestWorld::new(src).layout(regions).map(|f| f.0)
    }

    /// The x positions of the text runs in the frame.
    fn xs(frame: &Frame) -> Vec<f64> {
        texts(frame).iter().map(|(p, _)| pt(p.x)).collect()
    }

    #[test]
    fn auto_and_fractional_columns_share_the_width() {
        let frames =
            check("#grid(columns: (auto, 1fr, 2fr), [a], [b], [c])", region(100.0, 100.0)).unwrap();
        let frame = &frames[0];
        assert_eq!(pt(frame.width()), 100.0);
        let x = xs(frame);
        assert_eq!(x.len(), 3);
        assert_eq!(x[0], 0.0);
        let auto = x[1];
        assert!(auto > 2.0 && auto < 10.0, "auto column is {auto}pt");
        assert!((x[2] - (auto + (100.0 - auto) / 3.0)).abs() < 0.01);
    }

    #[test]
    fn gutters_and_fixed_columns_add_up() {
        let frames = check(
            "#grid(columns: (10pt, 10pt), rows: 8pt, gutter: 5pt, [], [], [], [])",
            region(100.0, 100.0),
        )
        .unwrap();
        assert_eq!((pt(frames[0].width()), pt(frames[0].height())), (25.0, 21.0));
    }

    #[test]
    fn explicit_rows_exist_without_cells() {
        let frames =
            check("#grid(columns: (1fr, 2fr), rows: 10pt, fill: red)", region(90.0, 100.0))
                .unwrap();
        assert_eq!((pt(frames[0].width()), pt(frames[0].height())), (90.0, 10.0));
        assert_eq!(shapes(&frames[0]).len(), 2);
        let frames = check("#grid(rows: (5pt, 5pt, 5pt), [a])", region(90.0, 100.0)).unwrap();
        assert_eq!(pt(frames[0].height()), 15.0);
    }

    #[test]
    fn tables_stroke_every_cell_once() {
        let frames = check("#table(columns: 2, [a], [b], [c], [d])", region(100.0, 100.0)).unwrap();
        let lines: Vec<_> = shapes(&frames[0])
            .into_iter()
            .filter(|(_, s)| matches!(s.geometry, Geometry::Line(_)))
            .collect();
        assert_eq!(lines.len(), 6);
        assert!(lines.iter().all(|(_, s)| s.stroke == Some(FixedStroke::default())));
        let frames = check("#grid(columns: 2, [a], [b])", region(100.0, 100.0)).unwrap();
        assert!(shapes(&frames[0]).is_empty());
    }

    #[test]
    fn rows_move_to_the_next_region_and_headers_repeat() {
        let frames = check("#grid(rows: 30pt, [a], [b], [c], [d])", pages(100.0, 70.0)).unwrap();
        assert_eq!(frames.len(), 2);
        assert_eq!(pt(frames[0].height()), 60.0);
        let src = "#table(rows: 20pt, table.header[H], [a], [b], [c], [d])";
        let frames = check(src, pages(100.0, 50.0)).unwrap();
        assert_eq!(frames.len(), 4);
        for frame in &frames {
            assert_eq!(texts(frame)[0].1, "H");
        }
        let mut late = pages(100.0, 70.0);
        late.size.height = Abs::pt(10.0);
        let frames = check("#grid(rows: 30pt, [a], [b])", late).unwrap();
        assert!(frames[0].is_empty() && frames[0].height().is_zero());
        assert_eq!(pt(frames[1].height()), 60.0);
    }

    #[test]
    fn footers_repeat_and_huge_grids_are_refused() {
        let src = "#grid(rows: 20pt, [a], [b], [c], [d], grid.footer[F])";
        let frames = check(src, pages(100.0, 50.0)).unwrap();
        assert_eq!(frames.len(), 4);
        for frame in &frames {
            assert_eq!(texts(frame).last().map(|t| t.1.as_str()), Some("F"));
        }
        let error = check("#grid(grid.cell(y: 100000000)[a])", region(10.0, 10.0)).unwrap_err();
        assert!(error[0].message.contains("too large"));
    }

    #[test]
    fn cells_are_placed_and_spanned() {
        let src = "#grid(columns: (10pt, 10pt, 10pt), rows: 10pt, grid.cell(x: 2, y: 1)[z], grid.cell(colspan: 2, fill: red)[w], [v])";
        let frames = check(src, region(100.0, 100.0)).unwrap();
        let text = texts(&frames[0]);
        let find = |s: &str| {
            text.iter().find(|(_, t)| t == s).map(|(p, _)| (pt(p.x), p.y < Abs::pt(10.0)))
        };
        assert_eq!(find("z"), Some((20.0, false)));
        assert_eq!(find("w"), Some((0.0, true)));
        assert_eq!(find("v"), Some((20.0, true)));
        let fill = shapes(&frames[0]).into_iter().find(|(_, s)| s.fill.is_some()).unwrap();
        assert_eq!(fill.1.geometry, Geometry::Rect(Size::new(Abs::pt(20.0), Abs::pt(10.0))));
        let error = check(
            "#grid(columns: 2, grid.cell(x: 0, y: 0)[a], grid.cell(x: 0, y: 0)[b])",
            region(100.0, 100.0),
        )
        .unwrap_err();
        assert_eq!(error[0].message, "attempted to place a second cell at column 0, row 0");
        let error =
            check("#grid(columns: 2, grid.cell(colspan: 3)[a])", region(100.0, 100.0)).unwrap_err();
        assert_eq!(
            error[0].message,
            "cell's colspan would cause it to exceed the available column(s)"
        );
    }

    #[test]
    fn fills_and_strokes_may_be_functions() {
        let src = "#table(columns: 2, stroke: none, fill: (x, y) => if y == 0 { red }, [a], [b], [c], [d])";
        let frames = check(src, region(100.0, 100.0)).unwrap();
        let shapes = shapes(&frames[0]);
        assert_eq!(shapes.len(), 2);
        assert!(shapes.iter().all(|(p, s)| s.fill.is_some() && p.y == Abs::zero()));
    }
}
