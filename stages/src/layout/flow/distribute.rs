//! Distribution: children → one frame per region. Children are taken in order; a line or
//! block that does not fit ends the region (unless the region is still empty or cannot
//! break), breakable blocks continue in the next regions, a column break ends the region,
//! weak spacing collapses and disappears at region edges, and a sticky block (a heading)
//! moves on with the block after it when that one has to go to the next region.
//!
//! In a page's flow, the entries of the footnotes whose markers a region holds take room
//! at its bottom (see `footnotes`): a line or block moves on with its notes when they do
//! not fit, and a breakable block is laid out again with the room its notes need.
//!
//! Each finished region is composed: fractional spacing shares the space left, items
//! aligned to the bottom push the rest down (a ruler that only moves downwards, as in
//! Typst), blocks are aligned horizontally, placed content is positioned by its
//! alignment and offsets without taking space, floats sit at the region's top or
//! bottom, and the footnote separator and entries below everything.

use crate::base::{Abs, Point, Size, SourceResult, Tag};
use crate::doc::{Frame, FrameItem};
use crate::layout::blocks::layout_block_elem;
use crate::layout::text::resolve_rel;
use crate::layout::{Fragment, LayoutContext, Regions};
use crate::model::Styles;
use crate::realize::FlowItem;

use super::collect::{BlockChild, Child, PlaceChild, hide};
use super::footnotes::{Entry, Footnotes};
use super::layout::layout_content;
use super::lines::LineNumbers;

/// What a region holds before it is composed.
#[derive(Debug)]
enum Item {
    /// Spacing, with its weakness (0: hard).
    Abs(Abs, u8),
    Fr(f64),
    Frame {
        frame: Frame,
        x: f64,
        y: f64,
    },
    Tag(Tag),
    /// Placed content: `y: None` means at its position in the flow.
    Placed {
        frame: Frame,
        x: f64,
        y: Option<f64>,
        dx: Abs,
        dy: Abs,
    },
    /// A float at the top (`top`) or bottom of the region, taking its height plus
    /// clearance.
    Float {
        frame: Frame,
        x: f64,
        top: bool,
        clearance: Abs,
        dx: Abs,
        dy: Abs,
    },
}

/// Where to go back to when a sticky block must move on with its successor.
#[derive(Debug, Copy, Clone)]
struct Checkpoint {
    child: usize,
    items: usize,
    entries: usize,
    remaining: Abs,
}

/// The state of distribution.
struct Distributor<'a> {
    /// The regions, the current one first.
    regions: Regions,
    /// The height left in the current region.
    remaining: Abs,
    items: Vec<Item>,
    frames: Vec<Frame>,
    sticky: Option<Checkpoint>,
    /// Floats that did not fit and wait for the next region.
    pending: Vec<Item>,
    /// The footnotes of a page's flow (`None` in nested flows).
    notes: Option<Footnotes<'a>>,
    /// The footnote entries of the current region, in order.
    entries: Vec<Entry>,
    /// The rest of an entry that broke, for the next regions.
    spill: Vec<Frame>,
    /// The note whose entry broke.
    spilled: Option<crate::base::Location>,
}

/// Distributes the children into regions; `page` holds the page run's styles and items
/// when this is a page's flow, which places footnote entries.
pub(super) fn distribute(
    cx: &mut LayoutContext,
    children: &[Child],
    regions: Regions,
    page: Option<(&Styles, &[FlowItem])>,
) -> SourceResult<Fragment> {
    let mut d = Distributor {
        regions,
        remaining: regions.size.height,
        items: Vec::new(),
        frames: Vec::new(),
        sticky: None,
        pending: Vec::new(),
        notes: page.map(|(styles, items)| Footnotes::new(styles, items)),
        entries: Vec::new(),
        spill: Vec::new(),
        spilled: None,
    };
    let mut i = 0;
    while i < children.len() {
        match &children[i] {
            Child::Rel { amount, ratio, weakness } => {
                let base = d.regions.full;
                let ratio_part = if base.is_finite() { base * *ratio } else { Abs::zero() };
                d.spacing(*amount + ratio_part, *weakness);
            }
            Child::Fr(fr) => {
                d.trim_weak();
                d.items.push(Item::Fr(*fr));
            }
            Child::Tag(tag) => d.items.push(Item::Tag(tag.clone())),
            Child::Colbreak { weak } => {
                if d.regions.breakable && (!*weak || d.has_content()) {
                    d.finish_region();
                }
            }
            Child::Line(line) => {
                let (mut entries, mut need) = d.notes_in(cx, &line.frame)?;
                if !d.fits(line.need + need) && d.may_break() {
                    // The line stays with the start of its last note's entry if that
                    // entry can break; the rest of it goes on to the next regions.
                    if let Some((kept, rest)) = d.split_last(cx, &entries, need, line.need)? {
                        if let Some(last) = entries.last_mut() {
                            need = need - last.1.height() + kept.height();
                            last.1 = kept;
                        }
                        d.push_frame(line.frame.clone(), line.x, line.y);
                        d.add_notes(entries, need);
                        d.spill = rest;
                        d.sticky = None;
                        i += 1;
                        continue;
                    }
                    if let Some(restart) = d.restart_sticky() {
                        i = restart;
                        continue;
                    }
                    d.finish_region();
                    (entries, need) = d.notes_in(cx, &line.frame)?;
                }
                d.push_frame(line.frame.clone(), line.x, line.y);
                d.add_notes(entries, need);
                d.sticky = None;
            }
            Child::Block(block) => {
                if let Some(restart) = d.block(cx, i, block)? {
                    i = restart;
                    continue;
                }
            }
            Child::Place(place) => d.place(cx, place)?,
        }
        i += 1;
    }
    // Floats that are still waiting get regions of their own.
    loop {
        let more = (!d.pending.is_empty() || !d.spill.is_empty()) && d.regions.breakable;
        d.finish(more);
        if !more {
            break;
        }
    }
    // A page's numbered lines get their numbers, region by region.
    if let (Some((run, _)), Some(notes)) = (page, &mut d.notes) {
        let styles = notes.styles();
        let page_width = crate::layout::page::Geometry::resolve(run, None).size.width;
        let mut numbers = LineNumbers::new(&styles);
        for frame in &mut d.frames {
            numbers.number(cx, frame, &styles, page_width)?;
        }
    }
    Ok(Fragment(d.frames))
}

impl Distributor<'_> {
    /// Whether `height` fits into what is left of the region.
    fn fits(&self, height: Abs) -> bool {
        height.to_pt() <= self.remaining.to_pt() + 1e-6
    }

    /// Whether the region holds content that takes space.
    fn has_content(&self) -> bool {
        self.items.iter().any(|item| matches!(item, Item::Frame { .. } | Item::Float { .. }))
    }

    /// Whether moving on to the next region is allowed and gains space: the next region
    /// is a full one, so it must be more than what is left here. (An empty first region
    /// that is shorter than the rest may be left empty, and a block whose body does so
    /// moves on as a whole.)
    fn may_break(&self) -> bool {
        self.regions.breakable && self.remaining.to_pt() < self.regions.full.to_pt() - 1e-6
    }

    /// The regions a block is laid out into: what is left of this one, then full ones.
    fn block_regions(&self) -> Regions {
        Regions {
            size: Size::new(self.regions.size.width, self.remaining.max(Abs::zero())),
            full: self.regions.full,
            expand: (self.regions.expand.0, false),
            breakable: self.regions.breakable,
        }
    }

    /// Adds spacing; weak spacing collapses with the weak spacing before it (the less
    /// weak wins, then the larger) and is dropped at the start of a region.
    fn spacing(&mut self, amount: Abs, weakness: u8) {
        if weakness > 0 {
            let mut keep = false;
            for index in (0..self.items.len()).rev() {
                match self.items[index] {
                    Item::Abs(prev, prev_weakness) if prev_weakness > 0 => {
                        if weakness <= prev_weakness && (weakness < prev_weakness || amount > prev)
                        {
                            self.remaining -= amount - prev;
                            self.items[index] = Item::Abs(amount, weakness);
                        }
                        return;
                    }
                    // Placed and floating content is out of the flow: spacing
                    // collapses across it.
                    Item::Tag(_) | Item::Abs(..) | Item::Placed { .. } | Item::Float { .. } => {}
                    Item::Fr(_) => return,
                    Item::Frame { .. } => {
                        keep = true;
                        break;
                    }
                }
            }
            if !keep {
                return;
            }
        }
        self.remaining -= amount;
        self.items.push(Item::Abs(amount, weakness));
    }

    /// Removes the weak spacing before fractional spacing (which takes its place).
    fn trim_weak(&mut self) {
        for index in (0..self.items.len()).rev() {
            match self.items[index] {
                Item::Abs(amount, 1..) => {
                    self.remaining += amount;
                    self.items.remove(index);
                    return;
                }
                Item::Tag(_) | Item::Abs(..) | Item::Placed { .. } | Item::Float { .. } => {}
                _ => return,
            }
        }
    }

    /// Adds a frame to the region.
    fn push_frame(&mut self, frame: Frame, x: f64, y: f64) {
        self.remaining -= frame.height();
        self.items.push(Item::Frame { frame, x, y });
    }

    /// The entries of the footnotes in `frame` not placed yet, and the room they need in
    /// the current region.
    fn notes_in(
        &mut self,
        cx: &mut LayoutContext,
        frame: &Frame,
    ) -> SourceResult<(Vec<Entry>, Abs)> {
        let fresh = self.entries.is_empty();
        let Some(notes) = &mut self.notes else { return Ok((Vec::new(), Abs::zero())) };
        let entries = notes.entries(cx, frame, &self.regions)?;
        let need = notes.need(cx, &entries, fresh, &self.regions)?;
        Ok((entries, need))
    }

    /// The start of the last of `entries` (which take `need`) broken to fit beside a line
    /// that needs `line_need`, and the rest of it; `None` if it cannot break so.
    fn split_last(
        &mut self,
        cx: &mut LayoutContext,
        entries: &[Entry],
        need: Abs,
        line_need: Abs,
    ) -> SourceResult<Option<(Frame, Vec<Frame>)>> {
        let Some((location, frame)) = entries.last() else { return Ok(None) };
        let first = self.remaining - line_need - (need - frame.height());
        let Some(notes) = &mut self.notes else { return Ok(None) };
        if !self.spill.is_empty() || first.to_pt() <= 0.0 {
            return Ok(None);
        }
        let Some(mut frames) = notes.split(cx, *location, first, &self.regions)? else {
            return Ok(None);
        };
        self.spilled = Some(*location);
        let kept = frames.remove(0);
        Ok(Some((kept, frames)))
    }

    /// Places footnote entries in the current region, taking `need` of its room.
    fn add_notes(&mut self, entries: Vec<Entry>, need: Abs) {
        if let Some(notes) = &mut self.notes
            && !entries.is_empty()
        {
            notes.place(&entries);
            self.remaining -= need;
            self.entries.extend(entries);
        }
    }

    /// Goes back to before the pending sticky block and ends the region there; returns
    /// the child to continue with.
    fn restart_sticky(&mut self) -> Option<usize> {
        let checkpoint = self.sticky.take()?;
        self.items.truncate(checkpoint.items);
        if let Some(notes) = &mut self.notes {
            notes.unplace(&self.entries[checkpoint.entries.min(self.entries.len())..]);
        }
        self.entries.truncate(checkpoint.entries);
        self.remaining = checkpoint.remaining;
        self.finish_region();
        Some(checkpoint.child)
    }

    /// Lays out and adds a block; returns a child to restart from after moving a sticky
    /// block on.
    fn block(
        &mut self,
        cx: &mut LayoutContext,
        index: usize,
        block: &BlockChild,
    ) -> SourceResult<Option<usize>> {
        if block.sticky && self.sticky.is_none() && self.may_break() {
            self.sticky = Some(Checkpoint {
                child: index,
                items: self.items.len(),
                entries: self.entries.len(),
                remaining: self.remaining,
            });
        }
        let layout = |cx: &mut LayoutContext, regions| {
            layout_block_elem(cx, block.content, block.styles, block.locator, regions)
        };
        let mut fragment = self.reserving(cx, &layout)?;
        let misfit = match fragment.0.as_slice() {
            [] => false,
            [only] => {
                let need = self.notes_in(cx, only)?.1;
                !self.fits(only.height() + need)
            }
            // A body that left the first region empty moves on as a whole.
            [first, ..] => first.is_empty(),
        };
        if misfit && self.may_break() {
            if !block.sticky
                && let Some(restart) = self.restart_sticky()
            {
                return Ok(Some(restart));
            }
            self.finish_region();
            fragment = self.reserving(cx, &layout)?;
        }
        let count = fragment.0.len();
        let hidden = crate::realize::hidden(block.styles);
        for (i, mut frame) in fragment.0.into_iter().enumerate() {
            if i > 0 {
                self.finish_region();
            }
            if hidden {
                hide(&mut frame);
            }
            let (entries, need) = self.notes_in(cx, &frame)?;
            self.push_frame(frame, block.x, block.y);
            self.add_notes(entries, need);
            if i + 1 < count {
                self.sticky = None;
            }
        }
        if !block.sticky {
            self.sticky = None;
        }
        Ok(None)
    }

    /// Lays out a block into what is left of the region and further full regions; in a
    /// page's flow, again with less room while the entries of the footnotes in its
    /// frames need more than was kept for them (in the first region, and in the further
    /// ones at most).
    fn reserving(
        &mut self,
        cx: &mut LayoutContext,
        layout: &dyn Fn(&mut LayoutContext, Regions) -> SourceResult<Fragment>,
    ) -> SourceResult<Fragment> {
        let mut regions = self.block_regions();
        let mut fragment = layout(cx, regions)?;
        if self.notes.is_none() || !self.regions.breakable {
            return Ok(fragment);
        }
        let (mut first, mut later) = (Abs::zero(), Abs::zero());
        for _ in 0..3 {
            let mut need_first = Abs::zero();
            let mut need_later = Abs::zero();
            for (i, frame) in fragment.0.iter().enumerate() {
                let fresh = i > 0 || self.entries.is_empty();
                let Some(notes) = &mut self.notes else { break };
                let entries = notes.entries(cx, frame, &self.regions)?;
                let need = notes.need(cx, &entries, fresh, &self.regions)?;
                if i == 0 {
                    need_first = need;
                } else {
                    need_later = need_later.max(need);
                }
            }
            if need_first.to_pt() <= first.to_pt() + 1e-6
                && need_later.to_pt() <= later.to_pt() + 1e-6
            {
                break;
            }
            first = first.max(need_first);
            later = later.max(need_later);
            regions.size.height = (self.remaining - first).max(Abs::zero());
            regions.full = (self.regions.full - later).max(Abs::zero());
            fragment = layout(cx, regions)?;
        }
        Ok(fragment)
    }

    /// Lays out placed content and adds it without taking space (or, floating, at the
    /// region's top or bottom).
    fn place(&mut self, cx: &mut LayoutContext, place: &PlaceChild) -> SourceResult<()> {
        let base = Size::new(self.regions.size.width, self.regions.size.height);
        let regions = Regions::one(base, (false, false));
        let mut frame =
            layout_content(cx, &place.body, place.styles, place.locator, regions)?.into_frame();
        if crate::realize::hidden(place.styles) {
            hide(&mut frame);
        }
        let (entries, need) = self.notes_in(cx, &frame)?;
        self.add_notes(entries, need);
        let dx = resolve_rel(place.styles, place.dx, base.width);
        let dy = resolve_rel(
            place.styles,
            place.dy,
            if base.height.is_finite() { base.height } else { Abs::zero() },
        );
        if !place.float {
            self.items.push(Item::Placed { frame, x: place.x, y: place.y, dx, dy });
            return Ok(());
        }
        let top = match place.y {
            Some(y) => y < 0.75,
            // `auto`: the edge nearer to the current position.
            None => self.regions.size.height - self.remaining < self.remaining,
        };
        let float = Item::Float { frame, x: place.x, top, clearance: place.clearance, dx, dy };
        let height = match &float {
            Item::Float { frame, clearance, .. } => frame.height() + *clearance,
            _ => Abs::zero(),
        };
        if !self.fits(height) && self.may_break() {
            self.pending.push(float);
        } else {
            self.remaining -= height;
            self.items.push(float);
        }
        Ok(())
    }

    /// Composes the current region into a frame and moves on to the next region.
    fn finish_region(&mut self) {
        self.finish(true);
    }

    /// Composes the current region; with `carry`, tags at its end (after its last
    /// content) move on to the next region, where the content they mark lands.
    fn finish(&mut self, carry: bool) {
        let mut items = std::mem::take(&mut self.items);
        let mut carried = Vec::new();
        if carry {
            let mut index = items.len();
            while index > 0 && matches!(items[index - 1], Item::Tag(_) | Item::Abs(_, 1..)) {
                index -= 1;
            }
            carried.extend(items.drain(index..).filter(|item| matches!(item, Item::Tag(_))));
        }
        let entries = std::mem::take(&mut self.entries);
        let notes = match &mut self.notes {
            Some(notes) if !entries.is_empty() => {
                let (clearance, gap) = notes.spacing();
                Some(NoteArea {
                    separator: notes.separator_frame().unwrap_or_default(),
                    clearance,
                    gap,
                    entries: entries.into_iter().map(|(_, frame)| frame).collect(),
                })
            }
            _ => None,
        };
        self.frames.push(compose(items, &self.regions, notes));
        self.regions = self.regions.next();
        self.remaining = self.regions.size.height;
        self.sticky = None;
        self.items = carried;
        for float in std::mem::take(&mut self.pending) {
            if let Item::Float { frame, clearance, .. } = &float {
                self.remaining -= frame.height() + *clearance;
            }
            self.items.push(float);
        }
        // The next piece of a broken entry opens the new region's footnotes.
        if !self.spill.is_empty()
            && let (Some(notes), Some(location)) = (&mut self.notes, self.spilled)
        {
            let frame = self.spill.remove(0);
            let (clearance, gap) = notes.spacing();
            let separator = notes.separator_frame().map_or(Abs::zero(), |f| f.height());
            self.remaining -= clearance + separator + gap + frame.height();
            self.entries.push((location, frame));
        }
    }
}

/// Moves tags that only spacing separates from the frame after them past that spacing:
/// as in Typst, they mark the content they stand before (`v(1em)` in a heading's show
/// rule puts the heading where its text is).
fn stick_tags(items: &mut [Item]) {
    let mut i = 0;
    while i < items.len() {
        if !matches!(items[i], Item::Tag(_)) {
            i += 1;
            continue;
        }
        let tags = i + items[i..].iter().take_while(|item| matches!(item, Item::Tag(_))).count();
        let spacing = tags
            + items[tags..]
                .iter()
                .take_while(|item| matches!(item, Item::Abs(..) | Item::Fr(_)))
                .count();
        if spacing > tags && matches!(items.get(spacing), Some(Item::Frame { .. })) {
            items[i..spacing].rotate_left(tags - i);
        }
        i = spacing.max(i + 1);
    }
}

/// The footnotes at the bottom of a region: the separator after its clearance, then
/// each entry after the gap.
struct NoteArea {
    separator: Frame,
    clearance: Abs,
    gap: Abs,
    entries: Vec<Frame>,
}

impl NoteArea {
    /// The height the area takes.
    fn height(&self) -> Abs {
        let entries = self.entries.iter().map(|frame| self.gap + frame.height());
        entries.fold(self.clearance + self.separator.height(), |a, b| a + b)
    }
}

/// Builds the frame of a region from its items and footnote entries.
fn compose(mut items: Vec<Item>, regions: &Regions, notes: Option<NoteArea>) -> Frame {
    stick_tags(&mut items);
    // Weak spacing at the end of a region goes.
    if let Some(last) = items
        .iter()
        .rposition(|item| !matches!(item, Item::Abs(_, 1..) | Item::Tag(_) | Item::Placed { .. }))
    {
        let mut index = last + 1;
        while index < items.len() {
            if matches!(items[index], Item::Abs(_, 1..)) {
                items.remove(index);
            } else {
                index += 1;
            }
        }
    } else {
        items.retain(|item| !matches!(item, Item::Abs(_, 1..)));
    }

    let notes_height = notes.as_ref().map_or(Abs::zero(), NoteArea::height);
    let mut used = notes_height;
    let mut fr = 0.0;
    let mut width = notes.as_ref().map_or(Abs::zero(), |notes| {
        notes.entries.iter().chain([&notes.separator]).map(Frame::width).fold(Abs::zero(), Abs::max)
    });
    for item in &items {
        match item {
            Item::Abs(amount, _) => used += *amount,
            Item::Fr(share) => fr += share,
            Item::Frame { frame, .. } => {
                used += frame.height();
                width = width.max(frame.width());
            }
            Item::Float { frame, clearance, .. } => {
                used += frame.height() + *clearance;
                width = width.max(frame.width());
            }
            Item::Tag(_) | Item::Placed { .. } => {}
        }
    }
    let region = regions.size;
    let height = if (regions.expand.1 || fr > 0.0) && region.height.is_finite() {
        region.height
    } else {
        used
    };
    let width = if regions.expand.0 && region.width.is_finite() { region.width } else { width };
    let free = (height - used).max(Abs::zero());
    let (fr_unit, leftover) = if fr > 0.0 { (free / fr, Abs::zero()) } else { (Abs::zero(), free) };

    let mut out = Frame::new(Size::new(width, height));
    let mut top = Abs::zero();
    let mut bottom = height - notes_height;
    if let Some(notes) = notes {
        let mut y = bottom + notes.clearance;
        let separator_height = notes.separator.height();
        out.push_frame(Point::new(Abs::zero(), y), notes.separator);
        y += separator_height;
        for entry in notes.entries {
            y += notes.gap;
            let h = entry.height();
            out.push_frame(Point::new(Abs::zero(), y), entry);
            y += h;
        }
    }
    for item in &items {
        if let Item::Float { frame, x, top: at_top, clearance, dx, dy } = item {
            let px = (width - frame.width()) * *x + *dx;
            if *at_top {
                out.push_frame(Point::new(px, top + *dy), frame.clone());
                top += frame.height() + *clearance;
            } else {
                bottom -= frame.height();
                out.push_frame(Point::new(px, bottom + *dy), frame.clone());
                bottom -= *clearance;
            }
        }
    }
    let mut y = top;
    let mut ruler = 0.0f64;
    for item in items {
        match item {
            Item::Abs(amount, _) => y += amount,
            Item::Fr(share) => y += fr_unit * share,
            Item::Frame { frame, x, y: align } => {
                ruler = ruler.max(align);
                let pos = Point::new((width - frame.width()) * x, y + leftover * ruler);
                y += frame.height();
                out.push_frame(pos, frame);
            }
            Item::Tag(tag) => {
                out.push(Point::new(Abs::zero(), y + leftover * ruler), FrameItem::Tag(tag))
            }
            Item::Placed { frame, x, y: align, dx, dy } => {
                let py = match align {
                    Some(share) => (height - frame.height()) * share,
                    None => y + leftover * ruler,
                };
                out.push_frame(Point::new((width - frame.width()) * x + dx, py + dy), frame);
            }
            Item::Float { .. } => {}
        }
    }
    out
}
