//! Cell resolution: a grid's or table's children → a `CellGrid` where every position is
//! covered by exactly one cell, with each cell's fill, alignment, inset and strokes
//! resolved (the cell's own fields over the grid's, which may be a value, an array by
//! column or a function of `(x, y)`), plus the header and footer rows and explicit lines.
//! Each cell keeps its element (a plain child or a gap becomes one) with the resolved
//! values written into its fields: layout shows that element, so show and set rules on
//! `grid.cell` and `table.cell` apply and read them, as in Typst.
//!
//! Placement follows Typst: a cell without a position takes the next free position in
//! reading order after the previous automatically placed cell (its span must then fit
//! there, or it is an error); a cell with only `x` takes the first row where that column
//! is free, one with only `y` the first free column of that row. Positions no cell covers
//! get empty cells so that their fills and strokes are drawn. A header or footer takes
//! the next empty rows where it is given and grows to hold its cells (never into a row
//! that holds other cells), cells placed automatically later skip its rows, and the
//! footer must end the grid. Explicit lines are checked against the grid's size
//! once it is known. A grid takes only its own cell, header, footer and line elements,
//! a table only its own; headers and footers do not nest (those errors come from the
//! constructors, see `model/convert.rs`).

use ecow::eco_format;

use crate::base::{Abs, Locator, SourceResult, Span};
use crate::doc::Paint;
use crate::layout::LayoutContext;
use crate::layout::props::{Props, Sides, paint, resolve_length};
use crate::layout::shapes::fold_stroke;

use super::tracks::Sizing;
use crate::model::{
    Alignment, Args, Content, FromValue, GRID_CELL, GRID_FOOTER, GRID_HEADER, GRID_HLINE,
    GRID_VLINE, HAlign, Length, Rel, Stroke, Styles, TABLE_CELL, TABLE_FOOTER, TABLE_HEADER,
    TABLE_HLINE, TABLE_VLINE, VAlign, Value,
};

/// The most positions a grid may have.
const MAX_CELLS: usize = 10_000_000;

/// A placed cell.
#[derive(Debug, Clone)]
pub(super) struct Cell {
    /// The cell element with its fields resolved: what is laid out for the cell.
    pub body: Content,
    pub x: usize,
    pub y: usize,
    pub colspan: usize,
    pub rowspan: usize,
    pub fill: Option<Paint>,
    /// The stroke of each side, the grid's with the cell's own folded over it, before
    /// resolving (where two cells meet, one folds over the other).
    pub raw_stroke: Sides<Option<Stroke>>,
    /// The sides whose stroke the cell sets itself (these win over a neighbour's).
    pub own_stroke: Sides<bool>,
    /// The font size strokes resolve with.
    pub font_size: Abs,
    pub locator: Locator,
}

/// An explicit line across the grid (`grid.hline` or `grid.vline`).
#[derive(Debug, Clone)]
pub(super) struct Line {
    /// The boundary: 0 is before the first track, `n` after the last.
    pub index: usize,
    /// The tracks it covers along the other axis.
    pub start: usize,
    pub end: usize,
    /// Unresolved: it folds over the cells' stroke where it is drawn.
    pub stroke: Option<Stroke>,
}

/// The cells of a grid and what surrounds them.
#[derive(Debug, Clone)]
pub(super) struct CellGrid {
    pub cols: usize,
    pub rows: usize,
    /// The cells, in placement order; `at` maps a position to its cell.
    pub cells: Vec<Cell>,
    at: Vec<usize>,
    /// The number of header rows at the top, if there is a repeated header.
    pub header: Option<usize>,
    /// The first row of a repeated footer.
    pub footer: Option<usize>,
    pub hlines: Vec<Line>,
    pub vlines: Vec<Line>,
}

impl CellGrid {
    /// The cell covering position `(x, y)`.
    pub fn cell_at(&self, x: usize, y: usize) -> &Cell {
        &self.cells[self.at[y * self.cols + x]]
    }
}

/// Resolves the children of a grid or table (`props` is the grid's) into at least one
/// row per explicit row track (as in Typst, even without cells).
pub(super) fn resolve_cells(
    cx: &mut LayoutContext,
    props: &Props,
    cols: usize,
    row_sizes: &RowSizes,
    locator: Locator,
    table: bool,
) -> SourceResult<CellGrid> {
    let children = match props.value("children") {
        Value::Array(children) => children,
        _ => Default::default(),
    };

    let mut placer = Placer {
        cols,
        occupied: Vec::new(),
        cursor: 0,
        group_first: None,
        group_header: false,
        group_range: None,
        group_rows: Vec::new(),
        placed: Vec::new(),
    };
    let mut header = None;
    // The footer's rows, its span and whether it repeats.
    let mut footer: Option<(std::ops::Range<usize>, Span, bool)> = None;
    let mut lines = Lines::default();
    for (i, child) in children.as_slice().iter().enumerate() {
        let Value::Content(child) = child else { continue };
        let loc = locator.child(i as u64);
        let is_header = child.is(GRID_HEADER) || child.is(TABLE_HEADER);
        if is_header || child.is(GRID_FOOTER) || child.is(TABLE_FOOTER) {
            if !is_header && footer.is_some() {
                crate::bail!(child.span(), "cannot have more than one footer");
            }
            let range = placer.place_group(child, loc, props, &mut lines, is_header)?;
            let repeat = Props::new(child, props.styles).get("repeat", true);
            if is_header {
                header = repeat.then_some(range.end);
            } else {
                footer = Some((range, child.span(), repeat));
            }
        } else if !lines.take(child, &placer, props)? {
            placer.place(child, loc, props.styles)?;
        }
    }
    // Explicit row tracks make rows of empty cells.
    let min_rows = row_sizes.rows.len();
    let min_cells = min_rows.min(MAX_CELLS).saturating_mul(cols).min(MAX_CELLS);
    if placer.occupied.len() < min_cells {
        placer.occupied.resize(min_cells, false);
    }
    // A footer stays where it was given and must close the grid.
    let footer = match footer {
        Some((range, span, _)) if range.end != placer.rows() => {
            crate::bail!(span, "footer must end at the last row")
        }
        Some((range, _, repeat)) => repeat.then_some(range.start),
        None => None,
    };

    let rows = placer.rows();
    // Empty cells fill the gaps, each at its own position.
    let mut at = vec![usize::MAX; rows * cols];
    for (index, placed) in placer.placed.iter().enumerate() {
        for y in placed.y..placed.y + placed.rowspan {
            for x in placed.x..placed.x + placed.colspan {
                at[y * cols + x] = index;
            }
        }
    }
    let mut placed = placer.placed;
    for (pos, slot) in at.iter_mut().enumerate() {
        if *slot == usize::MAX {
            *slot = placed.len();
            let (x, y) = (pos % cols, pos / cols);
            let loc = locator.child(u64::MAX - pos as u64);
            placed.push(Placed { content: None, x, y, colspan: 1, rowspan: 1, locator: loc });
        }
    }
    let mut cells = Vec::with_capacity(placed.len());
    for placed in placed {
        cells.push(resolve_cell(cx, props, placed, row_sizes, table)?);
    }
    let (hlines, vlines) = lines.finish(cols, rows)?;
    Ok(CellGrid { cols, rows, cells, at, header, footer, hlines, vlines })
}

/// The explicit lines of a grid, in the order given.
#[derive(Default)]
struct Lines {
    hlines: Vec<PendingLine>,
    vlines: Vec<PendingLine>,
}

impl Lines {
    /// Takes `child` if it is a line (placed after the cells so far); `false` if not.
    fn take(&mut self, child: &Content, placer: &Placer, grid: &Props) -> SourceResult<bool> {
        let cols = placer.cols.max(1);
        if child.is(GRID_HLINE) || child.is(TABLE_HLINE) {
            let row = placer.cursor.div_ceil(cols);
            self.hlines.push(line(child, grid, row)?);
        } else if child.is(GRID_VLINE) || child.is(TABLE_VLINE) {
            let col = match placer.cursor % cols {
                0 if placer.cursor > 0 => cols,
                col => col,
            };
            self.vlines.push(line(child, grid, col)?);
        } else {
            return Ok(false);
        }
        Ok(true)
    }
}

/// The cells of a header or footer.
fn group_children(group: &Content) -> Vec<Content> {
    match group.field("children") {
        Some(Value::Array(children)) => children
            .as_slice()
            .iter()
            .filter_map(|v| match v {
                Value::Content(c) => Some(c.clone()),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// An explicit line as given, before the grid's size is known: its span and whether
/// it sits at the bottom (or end) of its row (or column) rather than at the top.
struct PendingLine {
    line: Line,
    span: Span,
    after: bool,
}

/// An explicit line; `auto` positions take `default`.
fn line(content: &Content, grid: &Props, default: usize) -> SourceResult<PendingLine> {
    let span = content.span();
    let props = Props::new(content, grid.styles);
    let horizontal = content.elem().field_index("y").is_some();
    let index = match props.value(if horizontal { "y" } else { "x" }) {
        Value::Int(i) => usize::try_from(i).unwrap_or(0),
        _ => default,
    };
    let start = props.get::<i64>("start", 0).max(0) as usize;
    let end = match props.value("end") {
        Value::Int(end) => usize::try_from(end).unwrap_or(0),
        _ => usize::MAX,
    };
    if end < start {
        crate::bail!(span, "line cannot end before it starts");
    }
    let rtl = crate::layout::text::dir(grid.styles) == crate::layout::inline::Dir::Rtl;
    let after = match props.value("position") {
        Value::Alignment(align) => match (align.x, align.y) {
            (_, Some(VAlign::Bottom)) | (Some(HAlign::End), _) => true,
            (Some(HAlign::Right), _) => !rtl,
            (Some(HAlign::Left), _) => rtl,
            _ => false,
        },
        _ => false,
    };
    let stroke = match props.content.field("stroke") {
        None => {
            match crate::model::StyleChain::new(grid.styles).get_folded(content.elem(), "stroke") {
                None => Some(Stroke::default()),
                Some(value) => raw_stroke(&value),
            }
        }
        Some(value) => raw_stroke(value),
    };
    Ok(PendingLine { line: Line { index, start, end, stroke }, span, after })
}

impl Lines {
    /// The lines at their boundaries once the grid has `cols` columns and `rows` rows:
    /// a line at the bottom (end) of a track is one at the top (start) of the next.
    fn finish(self, cols: usize, rows: usize) -> SourceResult<(Vec<Line>, Vec<Line>)> {
        let place = |lines: Vec<PendingLine>, count: usize, horizontal: bool| {
            let (kind, track, side, other, axis) = if horizontal {
                ("horizontal", "row", "'bottom' position of the bottom border", "'top'", "'y'")
            } else {
                ("vertical", "column", "'end' position of the end border", "'start'", "'x'")
            };
            lines
                .into_iter()
                .map(|PendingLine { mut line, span, after }| {
                    let i = line.index;
                    if i > count {
                        crate::bail!(span, "cannot place {kind} line at invalid {track} {i}");
                    }
                    if after {
                        if i == count {
                            let at = if horizontal { "y" } else { "x" };
                            crate::bail!(span, "cannot place {kind} line at the {side} ({at} = {i})";
                                hint: "set the line's position to {other} or place it at a smaller {axis} index");
                        }
                        line.index += 1;
                    }
                    line.end = line.end.min(if horizontal { cols } else { rows });
                    Ok(line)
                })
                .collect::<SourceResult<Vec<_>>>()
        };
        Ok((place(self.hlines, rows, true)?, place(self.vlines, cols, false)?))
    }
}

/// A cell placed, before its properties are resolved.
struct Placed {
    /// The cell element or plain content; `None` for a gap.
    content: Option<Content>,
    x: usize,
    y: usize,
    colspan: usize,
    rowspan: usize,
    locator: Locator,
}

/// Places cells in a grid of `cols` columns and growing rows.
struct Placer {
    cols: usize,
    occupied: Vec<bool>,
    /// The position after the last automatically placed cell.
    cursor: usize,
    /// The first row of the header or footer being placed, if one is (the first
    /// empty row when it started).
    group_first: Option<usize>,
    /// Whether that group is a header, and the rows its cells took so far.
    group_header: bool,
    group_range: Option<std::ops::Range<usize>>,
    /// The rows of the headers and footers placed so far, which cells placed
    /// automatically outside of them skip.
    /// (`true` for a header).
    group_rows: Vec<(std::ops::Range<usize>, bool)>,
    placed: Vec<Placed>,
}

impl Placer {
    fn rows(&self) -> usize {
        self.occupied.len().div_ceil(self.cols.max(1))
    }

    fn occupy(&mut self, x: usize, y: usize, colspan: usize, rowspan: usize) {
        let end = (y + rowspan) * self.cols;
        if self.occupied.len() < end {
            self.occupied.resize(end, false);
        }
        for y in y..y + rowspan {
            for x in x..x + colspan {
                self.occupied[y * self.cols + x] = true;
            }
        }
    }

    /// The first row at or after the cursor's row in which no position is taken.
    fn next_empty_row(&self) -> usize {
        let cols = self.cols.max(1);
        let mut y = self.cursor.div_ceil(cols);
        while (0..cols).any(|x| self.occupied.get(y * cols + x).copied().unwrap_or(false)) {
            y += 1;
        }
        y
    }

    /// Places the cells of a header or footer from the next empty row on, and returns
    /// the rows they take (one empty row for a group without cells). What follows
    /// starts on the row after the group.
    fn place_group(
        &mut self,
        group: &Content,
        locator: Locator,
        grid: &Props,
        lines: &mut Lines,
        header: bool,
    ) -> SourceResult<std::ops::Range<usize>> {
        let first = self.next_empty_row();
        self.cursor = first * self.cols;
        self.group_first = Some(first);
        self.group_header = header;
        self.group_range = None;
        let before = self.placed.len();
        for (j, child) in group_children(group).iter().enumerate() {
            if !lines.take(child, self, grid)? {
                self.place(child, locator.child(j as u64), grid.styles)?;
            }
        }
        self.group_first = None;
        let cells = &self.placed[before..];
        let range = match cells.iter().map(|c| c.y).min() {
            Some(start) => start..cells.iter().map(|c| c.y + c.rowspan).max().unwrap_or(start),
            None => {
                let end = (first + 1) * self.cols;
                if self.occupied.len() < end {
                    self.occupied.resize(end, false);
                }
                // The group's row counts as taken, so that a later group cannot
                // grow into it (its empty cell is added as a gap).
                if let Some(slot) = self.occupied.get_mut(first * self.cols) {
                    *slot = true;
                }
                first..first + 1
            }
        };
        self.cursor = self.cursor.max(range.end * self.cols);
        self.group_rows.push((range.clone(), header));
        Ok(range)
    }

    fn place(&mut self, content: &Content, locator: Locator, styles: &Styles) -> SourceResult<()> {
        let span = content.span();
        let is_cell = content.is(GRID_CELL) || content.is(TABLE_CELL);
        let props = Props::new(content, styles);
        let int = |name: &str| match is_cell.then(|| props.value(name)) {
            Some(Value::Int(v)) => Some(v),
            _ => None,
        };
        let colspan = int("colspan").unwrap_or(1).max(1) as usize;
        let rowspan = int("rowspan").unwrap_or(1).max(1) as usize;
        let cols = self.cols;
        let x = int("x").map(|x| checked(x, span, "column")).transpose()?;
        let y = int("y").map(|y| checked(y, span, "row")).transpose()?;
        if let Some(x) = x
            && x >= cols
        {
            crate::bail!(span, "cell could not be placed at invalid column {x}");
        }
        // A grid this large cannot be laid out in memory; say so instead of trying.
        if (y.unwrap_or(0).saturating_add(rowspan)).saturating_mul(cols) > MAX_CELLS {
            crate::bail!(span, "cell could not be placed at row {} because the grid would be too large", y.unwrap_or(0);
                hint: "grids may have at most {} cells", MAX_CELLS);
        }
        // As in Typst, a position is chosen by its origin alone; the span must then fit.
        let occupied = &self.occupied;
        let taken = |x: usize, y: usize| occupied.get(y * cols + x).copied().unwrap_or(false);
        let in_group = self.group_first.is_some();
        let group_rows = &self.group_rows;
        let free = |x: usize, y: usize| {
            !taken(x, y) && (in_group || !group_rows.iter().any(|(rows, _)| rows.contains(&y)))
        };
        // A cell given a row outside of a header or footer must stay out of theirs.
        if let Some(y) = y
            && !in_group
        {
            for (rows, header) in group_rows {
                if let Some(row) = (y..y + rowspan).find(|row| rows.contains(row)) {
                    if *header {
                        crate::bail!(span, "cell would conflict with header also spanning row {row}";
                            hint: "try moving the cell or the header");
                    }
                    crate::bail!(span, "cell would conflict with footer also spanning row {row}";
                        hint: "try reducing the cell's rowspan or moving the footer");
                }
            }
        }
        let mut cursor = self.cursor;
        let (x, y) = match (x, y) {
            (Some(x), Some(y)) => (x, y),
            (Some(x), None) => {
                let y = (self.group_first.unwrap_or(0)..).find(|&y| free(x, y)).unwrap_or(0);
                (x, y)
            }
            (None, Some(y)) => match (0..cols).find(|&x| !taken(x, y)) {
                Some(x) => (x, y),
                None => {
                    crate::bail!(span, "cell could not be placed in row {y} because it was full";
                        hint: "try specifying your cells in a different order")
                }
            },
            (None, None) => {
                let pos = (cursor..).find(|&pos| free(pos % cols, pos / cols)).unwrap_or(0);
                cursor = pos + if colspan == cols { colspan * rowspan } else { colspan };
                (pos % cols, pos / cols)
            }
        };
        if colspan > cols - x {
            crate::bail!(span, "cell's colspan would cause it to exceed the available column(s)";
                hint: "try placing the cell in another position or reducing its colspan");
        }
        if taken(x, y) {
            crate::bail!(span, "attempted to place a second cell at column {x}, row {y}";
                hint: "try specifying your cells in a different order");
        }
        for sy in y..y + rowspan {
            for sx in x..x + colspan {
                if taken(sx, sy) {
                    crate::bail!(span, "cell would span a previously placed cell at column {sx}, row {sy}";
                        hint: "try specifying your cells in a different order or reducing the cell's rowspan or colspan");
                }
            }
        }
        // A header or footer grows to hold its cells, but not into rows that hold
        // other cells, nor above the row it started at.
        if let Some(first) = self.group_first {
            let (start, end) = match &self.group_range {
                Some(range) => (range.start.min(y), range.end.max(y + rowspan)),
                None => (y, y + rowspan),
            };
            let group = if self.group_header { "header" } else { "footer" };
            if start < first {
                crate::bail!(span, "cell would cause {group} to expand to non-empty row {}", first.saturating_sub(1);
                    hint: "try moving its cells to available rows");
            }
            let grown: Vec<usize> = match &self.group_range {
                Some(range) => (start..range.start).chain(range.end..end).collect(),
                None => (start..end).collect(),
            };
            if let Some(row) = grown.into_iter().find(|&row| (0..cols).any(|x| taken(x, row))) {
                crate::bail!(span, "cell would cause {group} to expand to non-empty row {row}";
                    hint: "try moving its cells to available rows");
            }
            self.group_range = Some(start..end);
        }
        self.cursor = cursor;
        self.occupy(x, y, colspan, rowspan);
        self.placed.push(Placed {
            content: Some(content.clone()),
            x,
            y,
            colspan,
            rowspan,
            locator,
        });
        Ok(())
    }
}

/// A cell coordinate that must not be negative.
fn checked(value: i64, span: Span, what: &str) -> SourceResult<usize> {
    usize::try_from(value).map_err(|_| {
        ecow::eco_vec![crate::base::SourceDiagnostic::error(
            span,
            eco_format!("{what} must not be negative")
        )]
    })
}

/// Resolves a placed cell's properties into the fields of its cell element, as Typst
/// does before the cell is shown: its position and spans, `fill` (its own, else the
/// grid's), `align` and `inset` (its own folded over the grid's), `stroke` (every side,
/// lengths resolved) and `breakable` (its own, else whether it spans an `auto` row or
/// gutter). Show rules on the cell read these fields.
fn resolve_cell(
    cx: &mut LayoutContext,
    grid: &Props,
    placed: Placed,
    rows: &RowSizes,
    table: bool,
) -> SourceResult<Cell> {
    let (x, y) = (placed.x, placed.y);
    let kind = if table { TABLE_CELL } else { GRID_CELL };
    let elem = match placed.content {
        Some(content) if content.is(GRID_CELL) || content.is(TABLE_CELL) => content,
        Some(content) => {
            let span = content.span();
            Content::new(kind).with_field("body", Value::Content(content)).spanned(span)
        }
        None => Content::new(kind).with_field("body", Value::Content(Content::empty())),
    };
    let chain = crate::model::StyleChain::new(grid.styles);
    let own = Props::new(&elem, grid.styles);
    let given = |name: &str| match own.value(name) {
        Value::Auto => None,
        value => Some(value),
    };

    // As in Typst, the grid's properties are resolved for every cell, in this order.
    let grid_fill = per_cell(cx, grid, "fill", x, y)?;
    if !matches!(grid_fill, Value::None | Value::Color(_) | Value::Gradient(_) | Value::Tiling(_)) {
        returned(grid, "fill", &grid_fill, "color, gradient, tiling, or none")?;
    }
    let grid_align = per_cell(cx, grid, "align", x, y)?;
    if !matches!(grid_align, Value::Auto | Value::Alignment(_)) {
        returned(grid, "align", &grid_align, "alignment or auto")?;
    }
    let grid_inset = inset_of_cell(cx, grid, x, y)?;
    let folded = match grid.content.field("stroke") {
        Some(value) => Some(chain.get_folded_over(grid.content.elem(), "stroke", value)),
        None => chain.get_folded(grid.content.elem(), "stroke"),
    };
    let stroke_value = match folded {
        Some(Value::Func(func)) => {
            let value = of_cell(cx, grid, Value::Func(func.clone()), x, y)?;
            check_returned_stroke(&func, &value)?;
            value
        }
        Some(value) => of_cell(cx, grid, value, x, y)?,
        None if table => Value::Stroke(std::sync::Arc::new(Stroke::default())),
        None => Value::None,
    };

    let fill_value = match given("fill") {
        Some(value) => value,
        None => match grid_fill {
            value @ (Value::Color(_) | Value::Gradient(_) | Value::Tiling(_)) => value,
            _ => Value::None,
        },
    };
    let fill = match &fill_value {
        Value::Color(color) => Some(paint(*color)),
        _ => None,
    };
    let align = match (given("align"), grid_align) {
        (Some(Value::Alignment(inner)), Value::Alignment(outer)) => {
            Value::Alignment(Alignment { x: inner.x.or(outer.x), y: inner.y.or(outer.y) })
        }
        (Some(value), _) => value,
        (None, value @ Value::Alignment(_)) => value,
        (None, _) => Value::Auto,
    };
    // The inset's sides: the cell's own (given, else set; these do not fold), then
    // the grid's.
    let mut layers = vec![own.value("inset")];
    layers.extend(grid_inset);
    let inset_sides = inset_layers(&layers);

    let mut raw_stroke = stroke_sides(&stroke_value).map(Option::flatten);
    let mut own_stroke = Sides::splat(false);
    let cell_stroke = match elem.field("stroke") {
        Some(value) => Some(chain.get_folded_over(elem.elem(), "stroke", value)),
        None => chain.get_folded(elem.elem(), "stroke"),
    };
    if let Some(value) = cell_stroke {
        // A side the cell sets folds over the grid's stroke for it.
        let sides = stroke_sides(&value);
        let apply = |side: Option<Option<Stroke>>, slot: &mut Option<Stroke>, flag: &mut bool| {
            if let Some(value) = side {
                *slot = match (value, slot.take()) {
                    (Some(inner), Some(outer)) => Some(fold_stroke(inner, &outer)),
                    (value, _) => value,
                };
                *flag = true;
            }
        };
        apply(sides.left, &mut raw_stroke.left, &mut own_stroke.left);
        apply(sides.top, &mut raw_stroke.top, &mut own_stroke.top);
        apply(sides.right, &mut raw_stroke.right, &mut own_stroke.right);
        apply(sides.bottom, &mut raw_stroke.bottom, &mut own_stroke.bottom);
    }
    let breakable = match given("breakable") {
        Some(Value::Bool(breakable)) => breakable,
        _ => rows.breakable(y, placed.rowspan),
    };

    let resolved = |stroke: &Option<Stroke>| match stroke {
        Some(stroke) => {
            let mut stroke = stroke.clone();
            stroke.thickness =
                stroke.thickness.map(|t| Length::abs(resolve_length(t, grid.font_size)));
            Value::Stroke(std::sync::Arc::new(stroke))
        }
        None => Value::None,
    };
    let stroke_field = sides_value(
        [
            ("left", resolved(&raw_stroke.left)),
            ("top", resolved(&raw_stroke.top)),
            ("right", resolved(&raw_stroke.right)),
            ("bottom", resolved(&raw_stroke.bottom)),
        ],
        true,
    );
    let inset_field = sides_value(
        [
            ("left", inset_sides.left.map(Value::Relative)),
            ("top", inset_sides.top.map(Value::Relative)),
            ("right", inset_sides.right.map(Value::Relative)),
            ("bottom", inset_sides.bottom.map(Value::Relative)),
        ]
        .map(|(k, v)| (k, v.unwrap_or(Value::Auto))),
        false,
    );
    let body = elem
        .with_field("x", Value::Int(x as i64))
        .with_field("y", Value::Int(y as i64))
        .with_field("colspan", Value::Int(placed.colspan as i64))
        .with_field("rowspan", Value::Int(placed.rowspan as i64))
        .with_field("inset", inset_field)
        .with_field("align", align)
        .with_field("fill", fill_value)
        .with_field("stroke", stroke_field)
        .with_field("breakable", Value::Bool(breakable));
    Ok(Cell {
        body,
        x,
        y,
        colspan: placed.colspan,
        rowspan: placed.rowspan,
        fill,
        raw_stroke,
        own_stroke,
        font_size: grid.font_size,
        locator: placed.locator,
    })
}

/// The row sizes and row gutters as given, for whether a cell is breakable.
pub(super) struct RowSizes<'a> {
    pub rows: &'a [Sizing],
    pub gutter: &'a [Sizing],
}

impl RowSizes<'_> {
    /// Whether a cell spanning `rowspan` rows from row `y` spans an `auto` row (the
    /// last size given repeats, `auto` without any) or an `auto` gutter between them.
    fn breakable(&self, y: usize, rowspan: usize) -> bool {
        let nth = |sizes: &[Sizing], i: usize, fallback: Sizing| {
            sizes.get(i).or(sizes.last()).copied().unwrap_or(fallback)
        };
        let zero = Sizing::Rel(Rel::default());
        (y..y + rowspan).any(|i| nth(self.rows, i, Sizing::Auto) == Sizing::Auto)
            || (y..y + rowspan - 1).any(|i| nth(self.gutter, i, zero) == Sizing::Auto)
    }
}

/// The sides of an inset from its layers, innermost first: each side from the first
/// layer that sets it (a single value sets all sides, a dictionary those it names).
fn inset_layers(layers: &[Value]) -> Sides<Option<Rel>> {
    let side = |keys: &[&str]| {
        layers.iter().find_map(|layer| match layer {
            Value::Dict(dict) => {
                keys.iter().find_map(|k| dict.get(k).and_then(|v| Rel::from_value(v.clone()).ok()))
            }
            Value::None | Value::Auto => None,
            other => Rel::from_value(other.clone()).ok(),
        })
    };
    Sides {
        left: side(&["left", "x", "rest"]),
        top: side(&["top", "y", "rest"]),
        right: side(&["right", "x", "rest"]),
        bottom: side(&["bottom", "y", "rest"]),
    }
}

/// Four sides as a field value, as Typst shows them: the one value when all are alike,
/// else a dictionary of the sides (`auto` marks a side that is not set, which the
/// dictionary leaves out; with `all`, every side is listed).
fn sides_value(sides: [(&str, Value); 4], all: bool) -> Value {
    let first = &sides[0].1;
    if sides.iter().all(|(_, v)| v == first) && !(matches!(first, Value::Auto)) {
        return first.clone();
    }
    let mut dict = crate::model::Dict::new();
    for (key, value) in sides {
        if all || !matches!(value, Value::Auto) {
            dict.insert(key.into(), value);
        }
    }
    Value::Dict(dict)
}

/// A grid-wide property for the cell at `(x, y)`: the value itself, the array's entry
/// for column `x` (cycling), or the function's result for `(x, y)`.
fn per_cell(
    cx: &mut LayoutContext,
    grid: &Props,
    field: &str,
    x: usize,
    y: usize,
) -> SourceResult<Value> {
    of_cell(cx, grid, grid.value(field), x, y)
}

/// Fails when a function given for the grid's `field` returned `value`, which is not
/// what it must return (`expected`); a value given directly was checked when given.
fn returned(grid: &Props, field: &str, value: &Value, expected: &str) -> SourceResult<()> {
    if let Value::Func(func) = grid.value(field) {
        let found = value.ty().long_name();
        crate::bail!(func.span(), "expected {expected}, found {found}");
    }
    Ok(())
}

/// Fails when the grid's stroke function returned `value`, which no stroke is made of
/// (with Typst's hint for a number without a unit).
fn check_returned_stroke(func: &crate::model::Func, value: &Value) -> SourceResult<()> {
    if matches!(
        value,
        Value::None
            | Value::Auto
            | Value::Length(_)
            | Value::Color(_)
            | Value::Gradient(_)
            | Value::Tiling(_)
            | Value::Dict(_)
            | Value::Stroke(_)
    ) {
        return Ok(());
    }
    let message = crate::model::mismatch(
        "length, color, gradient, tiling, dictionary, stroke, or none",
        value,
    );
    let mut error = crate::base::SourceDiagnostic::error(func.span(), message.clone());
    if let Some(hint) = crate::model::cast_hint(&message, value) {
        error = error.with_hint(hint);
    }
    Err(ecow::eco_vec![error])
}

/// The layers of the grid's inset for the cell at `(x, y)`, innermost first: the inset
/// given, set and by default, which fold side by side while they are plain values (as
/// Typst's do); an array or function stops the folding, its part for the cell the
/// last layer.
fn inset_of_cell(
    cx: &mut LayoutContext,
    grid: &Props,
    x: usize,
    y: usize,
) -> SourceResult<Vec<Value>> {
    let elem = grid.content.elem();
    let mut given: Vec<Value> = grid.content.field("inset").cloned().into_iter().collect();
    if let Some(index) = elem.field_index("inset") {
        given.extend(grid.styles.iter().rev().filter_map(|style| match style {
            crate::model::Style::Property(p) if p.elem == elem && p.field == index => {
                Some(p.value.clone())
            }
            _ => None,
        }));
    }
    if let Some(field) = elem.fields().iter().find(|f| f.name == "inset") {
        given.push((field.default)());
    }
    let mut layers = Vec::new();
    for layer in given {
        if matches!(layer, Value::Func(_) | Value::Array(_)) {
            if layers.is_empty() {
                let part = of_cell(cx, grid, layer, x, y)?;
                let fits = matches!(
                    part,
                    Value::None
                        | Value::Length(_)
                        | Value::Ratio(_)
                        | Value::Relative(_)
                        | Value::Dict(_)
                );
                if !fits {
                    returned(grid, "inset", &part, "relative length or dictionary")?;
                }
                layers.push(part);
            }
            break;
        }
        layers.push(layer);
    }
    Ok(layers)
}

/// The part of a grid-wide `value` for the cell at `(x, y)` (see `per_cell`).
fn of_cell(
    cx: &mut LayoutContext,
    grid: &Props,
    value: Value,
    x: usize,
    y: usize,
) -> SourceResult<Value> {
    Ok(match value {
        Value::Array(items) if !items.is_empty() => items.as_slice()[x % items.len()].clone(),
        Value::Array(_) => Value::None,
        Value::Func(func) => {
            let span = grid.content.span();
            let args = Args::new(span, [Value::Int(x as i64), Value::Int(y as i64)]);
            func.call(cx.engine, args)?
        }
        value => value,
    })
}

/// The strokes of the sides a stroke value gives: a dictionary by side (`left`, `top`,
/// `right`, `bottom`, `x`, `y`, `rest`; the sides it leaves out are `None`) or one
/// stroke for all sides.
fn stroke_sides(value: &Value) -> Sides<Option<Option<Stroke>>> {
    const KEYS: [&str; 7] = ["left", "top", "right", "bottom", "x", "y", "rest"];
    match value {
        Value::Dict(dict)
            if dict.is_empty() || dict.iter().any(|(k, _)| KEYS.contains(&k.as_str())) =>
        {
            let get = |keys: &[&str]| keys.iter().find_map(|k| dict.get(k)).map(raw_stroke);
            Sides {
                left: get(&["left", "x", "rest"]),
                top: get(&["top", "y", "rest"]),
                right: get(&["right", "x", "rest"]),
                bottom: get(&["bottom", "y", "rest"]),
            }
        }
        other => Sides::splat(Some(raw_stroke(other))),
    }
}

/// The stroke a value makes, unresolved (`None` for `none` or `auto`).
fn raw_stroke(value: &Value) -> Option<Stroke> {
    match value {
        Value::None | Value::Auto => None,
        Value::Stroke(stroke) => Some((**stroke).clone()),
        other => Stroke::from_value(other.clone()).ok(),
    }
}
