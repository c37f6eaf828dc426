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
use super::footnotes::{Entry, Footnotes, order_nested};
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
    /// A float at the top or bottom of the region (its vertical alignment `top`: below
    /// 0.75 is the top; `None` for `auto` until it is added), taking its height plus
    /// clearance.
    Float {
        frame: Frame,
        x: f64,
        top: Option<f64>,
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
    /// Entries that did not fit beside their markers and wait for the next region.
    queue: Vec<Entry>,
    /// Whether the flow has one child only: as in Typst, that child keeps the vertical
    /// expansion of the regions (a padded grid cell's body fills the cell).
    alone: bool,
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
        queue: Vec::new(),
        alone: children.iter().filter(|c| !matches!(c, Child::Rel { weakness: 1.., .. })).count()
            == 1,
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
            Child::Flush => {
                // Regions end until no float waits (each takes at least one).
                while !d.pending.is_empty() && d.regions.breakable {
                    d.finish_region();
                }
            }
            Child::Colbreak { weak } => {
                if d.regions.breakable && (!*weak || d.has_content()) {
                    d.finish_region();
                }
            }
            Child::Line(line) => {
                let (entries, need) = d.notes_in(cx, &line.frame)?;
                // A line moves on when it does not fit, or when the entry of its first
                // note cannot start beside it; the entries of its other notes that do
                // not fit wait for the next region (see `place_notes`).
                if !d.fits(line.need + need)
                    && d.may_break()
                    && (!d.fits(line.need) || !d.can_start(cx, entries.first(), line.need)?)
                {
                    if let Some(restart) = d.restart_sticky() {
                        i = restart;
                        continue;
                    }
                    // The next region may be taken by floats: try again there.
                    d.finish_region();
                    continue;
                }
                d.push_frame(line.frame.clone(), line.x, line.y);
                d.place_notes(cx, entries)?;
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
        let waiting = !d.pending.is_empty() || !d.spill.is_empty() || !d.queue.is_empty();
        let more = waiting && d.regions.breakable;
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
            expand: (self.regions.expand.0, self.regions.expand.1 && self.alone),
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

    /// The room that the separator (before a region's first entry) and the gap above
    /// an entry take.
    fn entry_spacing(&mut self, cx: &mut LayoutContext) -> SourceResult<(Abs, Abs)> {
        let fresh = self.entries.is_empty();
        let Some(notes) = &mut self.notes else { return Ok((Abs::zero(), Abs::zero())) };
        let (clearance, gap) = notes.spacing();
        let separator = if fresh {
            clearance + notes.separator(cx, &self.regions)?.height()
        } else {
            Abs::zero()
        };
        Ok((separator, gap))
    }

    /// Whether the entry `first` (if any) can start in this region beside content of
    /// height `beside`: whole, or broken with its start here. Entries waiting already
    /// put it behind them, which asks for nothing here.
    fn can_start(
        &mut self,
        cx: &mut LayoutContext,
        first: Option<&Entry>,
        beside: Abs,
    ) -> SourceResult<bool> {
        let Some((location, frame)) = first else { return Ok(true) };
        if !self.queue.is_empty() || !self.spill.is_empty() {
            return Ok(true);
        }
        let (separator, gap) = self.entry_spacing(cx)?;
        let room = self.remaining - beside - separator - gap;
        if frame.height().to_pt() <= room.to_pt() + 1e-6 {
            return Ok(true);
        }
        let Some(notes) = &mut self.notes else { return Ok(true) };
        Ok(room.to_pt() > 0.0 && notes.split(cx, *location, room, &self.regions)?.is_some())
    }

    /// Places the entries of the notes of content just added, in order: each that fits;
    /// the first that does not breaks with its start here if it can (the rest goes on),
    /// and it and those after it wait for the next region, as in Typst.
    fn place_notes(&mut self, cx: &mut LayoutContext, entries: Vec<Entry>) -> SourceResult<()> {
        for (location, frame) in entries {
            let Some(notes) = &mut self.notes else { return Ok(()) };
            notes.place(&[(location, Frame::default())]);
            if !self.queue.is_empty() || !self.spill.is_empty() {
                self.queue.push((location, frame));
                continue;
            }
            let (separator, gap) = self.entry_spacing(cx)?;
            let room = self.remaining - separator - gap;
            if frame.height().to_pt() <= room.to_pt() + 1e-6 {
                self.remaining -= separator + gap + frame.height();
                self.entries.push((location, frame));
                continue;
            }
            let Some(notes) = &mut self.notes else { return Ok(()) };
            let split = match room.to_pt() > 0.0 {
                true => notes.split(cx, location, room, &self.regions)?,
                false => None,
            };
            match split {
                Some(mut frames) => {
                    let kept = frames.remove(0);
                    self.remaining -= separator + gap + kept.height();
                    self.entries.push((location, kept));
                    self.spill = frames;
                    self.spilled = Some(location);
                }
                None => self.queue.push((location, frame)),
            }
        }
        Ok(())
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
        let fragment = self.reserving(cx, &layout)?;
        let misfit = match fragment.0.as_slice() {
            [] => false,
            [only] => {
                let (entries, need) = self.notes_in(cx, only)?;
                !self.fits(only.height() + need)
                    && (!self.fits(only.height())
                        || !self.can_start(cx, entries.first(), only.height())?)
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
            // The next region may be taken by floats: try again there.
            self.finish_region();
            return Ok(Some(index));
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
            let entries = self.notes_in(cx, &frame)?.0;
            self.push_frame(frame, block.x, block.y);
            self.place_notes(cx, entries)?;
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
                let waiting = i == 0 && (!self.queue.is_empty() || !self.spill.is_empty());
                let room = if i == 0 { self.remaining } else { self.regions.full };
                let Some(notes) = &mut self.notes else { break };
                let entries = notes.entries_at(cx, frame, &self.regions)?;
                let need = fitting(notes, cx, &entries, room, fresh, waiting, &self.regions)?;
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
        let entries = self.notes_in(cx, &frame)?.0;
        self.place_notes(cx, entries)?;
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
        let float =
            Item::Float { frame, x: place.x, top: place.y, clearance: place.clearance, dx, dy };
        // A float waits behind the floats already waiting, keeping their order.
        if !self.pending.is_empty() && self.regions.breakable {
            self.pending.push(float);
            return Ok(());
        }
        if let Some(float) = self.add_float(float) {
            self.pending.push(float);
        }
        Ok(())
    }

    /// Adds a float to the region if it fits (or if moving on gains nothing); gives it
    /// back otherwise. Its clearance counts towards fitting only when the region holds
    /// content, as in Typst; `auto` puts it at the edge nearer to the middle of where it
    /// would stand in the flow.
    fn add_float(&mut self, mut float: Item) -> Option<Item> {
        let Item::Float { frame, top, clearance, .. } = &mut float else { return None };
        let height = frame.height() + *clearance;
        let flowing = self.items.iter().any(|item| matches!(item, Item::Frame { .. }));
        let need = if flowing { height } else { frame.height() };
        // Weak spacing at the end may collapse at the float: its room counts as free.
        let weak: Abs = self
            .items
            .iter()
            .rev()
            .take_while(|item| !matches!(item, Item::Frame { .. } | Item::Fr(_)))
            .filter_map(|item| match item {
                Item::Abs(amount, 1..) => Some(*amount),
                _ => None,
            })
            .fold(Abs::zero(), |a, b| a + b);
        if need.to_pt() > (self.remaining + weak).to_pt() + 1e-6 && self.may_break() {
            return Some(float);
        }
        if top.is_none() {
            let base = self.regions.size.height;
            let used = base - self.remaining - weak;
            *top = Some(if (used + need / 2.0).to_pt() <= base.to_pt() / 2.0 { 0.0 } else { 1.0 });
        }
        self.remaining -= height;
        self.items.push(float);
        None
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
                    entries,
                })
            }
            _ => None,
        };
        self.frames.push(compose(items, &self.regions, notes));
        self.regions = self.regions.next();
        self.remaining = self.regions.size.height;
        self.sticky = None;
        self.items = carried;
        // Waiting floats come first, in order, as long as they fit.
        let mut pending = std::mem::take(&mut self.pending).into_iter();
        while let Some(float) = pending.next() {
            if let Some(float) = self.add_float(float) {
                self.pending.push(float);
                self.pending.extend(pending);
                break;
            }
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
        // Then the entries that waited, as long as they fit (the first one in any case
        // when it is the region's first).
        let Some(notes) = &mut self.notes else { return };
        let (clearance, gap) = notes.spacing();
        let separator = notes.separator_frame().map_or(Abs::zero(), |f| f.height());
        let mut queue = std::mem::take(&mut self.queue).into_iter();
        while let Some((location, frame)) = queue.next() {
            let first = self.entries.is_empty();
            let need =
                gap + frame.height() + if first { clearance + separator } else { Abs::zero() };
            if !first && !self.fits(need) {
                self.queue.push((location, frame));
                self.queue.extend(queue);
                break;
            }
            self.remaining -= need;
            self.entries.push((location, frame));
        }
    }
}

/// The room at a region's bottom that the entries of a frame of a breakable block take,
/// given with their markers' heights in the frame: as in Typst, the entries that fit
/// below their markers, in order, within `room` (after the separator when the region
/// has no entries yet: `fresh`); none while other entries wait (`waiting`).
fn fitting(
    notes: &mut Footnotes,
    cx: &mut LayoutContext,
    entries: &[(Abs, Entry)],
    room: Abs,
    fresh: bool,
    waiting: bool,
    regions: &Regions,
) -> SourceResult<Abs> {
    if waiting || entries.is_empty() {
        return Ok(Abs::zero());
    }
    let (clearance, gap) = notes.spacing();
    let separator =
        if fresh { clearance + notes.separator(cx, regions)?.height() } else { Abs::zero() };
    let mut used = Abs::zero();
    for (y, (_, frame)) in entries {
        let add = gap + frame.height() + if used == Abs::zero() { separator } else { Abs::zero() };
        if (*y + used + add).to_pt() > room.to_pt() + 1e-6 {
            break;
        }
        used += add;
    }
    Ok(used)
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
    entries: Vec<Entry>,
}

impl NoteArea {
    /// The height the area takes.
    fn height(&self) -> Abs {
        let entries = self.entries.iter().map(|(_, frame)| self.gap + frame.height());
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
        let entries = notes.entries.iter().map(|(_, frame)| frame);
        entries.chain([&notes.separator]).map(Frame::width).fold(Abs::zero(), Abs::max)
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
    if let Some(mut notes) = notes {
        let mut body: Vec<&mut Frame> = items
            .iter_mut()
            .filter_map(|item| match item {
                Item::Frame { frame, .. }
                | Item::Placed { frame, .. }
                | Item::Float { frame, .. } => Some(frame),
                _ => None,
            })
            .collect();
        order_nested(&mut body, &mut notes.entries);
        let mut y = bottom + notes.clearance;
        let separator_height = notes.separator.height();
        out.push_frame(Point::new(Abs::zero(), y), notes.separator);
        y += separator_height;
        for (_, entry) in notes.entries {
            y += notes.gap;
            let h = entry.height();
            out.push_frame(Point::new(Abs::zero(), y), entry);
            y += h;
        }
    }
    // Top floats go down from the top; bottom floats, in order, fill the space above
    // the footnotes, each after its clearance.
    let at_top = |align: &Option<f64>| align.is_some_and(|y| y < 0.75);
    for item in &items {
        if let Item::Float { frame, clearance, top: align, .. } = item
            && !at_top(align)
        {
            bottom -= frame.height() + *clearance;
        }
    }
    for item in &items {
        if let Item::Float { frame, x, top: align, clearance, dx, dy } = item {
            let px = (width - frame.width()) * *x + *dx;
            if at_top(align) {
                out.push_frame(Point::new(px, top + *dy), frame.clone());
                top += frame.height() + *clearance;
            } else {
                bottom += *clearance;
                out.push_frame(Point::new(px, bottom + *dy), frame.clone());
                bottom += frame.height();
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
