//! Footnotes in a page's flow: a laid-out frame → the notes whose markers it holds and
//! their entries, and the room those take at the bottom of the region (after
//! `clearance`, the separator; then, after `gap` each, the entries). Each note gets one
//! entry, laid out with the styles that the page run's items share (so `footnote.entry`
//! rules must hold for the whole run, as Typst documents); notes inside entries get
//! entries too.
//!
//! Only the flow of a page places entries: nested flows (block bodies, cells, columns)
//! leave their notes' tags in their frames, where the page's flow finds them once it
//! places those frames. Distribution keeps a note's entry in the region of its marker:
//! a line or block whose entries do not fit moves on with them.

use std::collections::{BTreeMap, BTreeSet};

use crate::base::{Abs, Location, Locator, Point, Size, SourceResult, TagInfo};
use crate::doc::{Frame, FrameItem};
use crate::layout::props::Props;
use crate::layout::{LayoutContext, Regions};
use crate::model::{Content, FOOTNOTE, FOOTNOTE_ENTRY, Styles, Value};
use crate::realize::{
    FlowItem, InlinePiece, entry_locator, entry_tag, footnote_entry, is_reference,
};

use super::layout::layout_content;

/// How far (in pt) the tags of nested notes stand right of their outer marker's tag, one
/// step more for each note (so that each has a place of its own, shared with its label).
const NESTED_NUDGE: f64 = 1e-4;

/// The locator key of the separator's content.
const SEPARATOR_KEY: u64 = 0x666e_7365_7061_7200;

/// The footnote state of a page's flow.
pub(super) struct Footnotes<'a> {
    /// The page run's styles and items, whose shared styles the entries take.
    run: &'a Styles,
    items: &'a [FlowItem],
    /// What the shared styles say, once a note needs it.
    config: Option<Config>,
    /// The separator, once laid out (all regions are equally wide).
    separator_frame: Option<Frame>,
    /// The entries laid out so far, by their note's location.
    laid: BTreeMap<Location, Frame>,
    /// The notes whose entries were placed.
    placed: BTreeSet<Location>,
    /// The notes seen so far, by location (to lay out an entry again across regions).
    notes: BTreeMap<Location, Content>,
}

/// The styles that entries are laid out with and the `footnote.entry` settings in them.
struct Config {
    styles: Styles,
    /// The separator's content (`footnote.entry.separator`).
    separator: Content,
    /// The space above the separator.
    clearance: Abs,
    /// The space above each entry.
    gap: Abs,
}

impl Config {
    /// The settings of a page run: the styles that all its items share (as in Typst,
    /// `footnote.entry` rules must hold for the whole run), the run's own without items.
    fn new(run: &Styles, items: &[FlowItem]) -> Self {
        let styles = trunk(items).unwrap_or_else(|| run.clone());
        let entry = Content::new(FOOTNOTE_ENTRY);
        let props = Props::new(&entry, &styles);
        let length = |name: &str| match props.value(name) {
            Value::Length(length) => props.length(length),
            _ => Abs::zero(),
        };
        let separator = match props.value("separator") {
            Value::Content(content) => content,
            _ => Content::empty(),
        };
        let (clearance, gap) = (length("clearance"), length("gap"));
        Self { styles, separator, clearance, gap }
    }
}

/// The longest common prefix of the styles of `items` (of a paragraph's pieces, whose
/// own styles are its last piece's), if any has styles.
fn trunk(items: &[FlowItem]) -> Option<Styles> {
    let mut lists = items.iter().flat_map(|item| -> Box<dyn Iterator<Item = &Styles>> {
        match item {
            FlowItem::Par(par) => Box::new(par.items.iter().filter_map(|piece| match piece {
                InlinePiece::Text { styles, .. }
                | InlinePiece::Spacing { styles, .. }
                | InlinePiece::Box { styles, .. } => Some(styles),
                InlinePiece::Linebreak { .. } | InlinePiece::Tag(_) => None,
            })),
            FlowItem::Spacing { styles, .. } | FlowItem::Block { styles, .. } => {
                Box::new(std::iter::once(styles))
            }
            FlowItem::Colbreak { .. } | FlowItem::Tag(_) => Box::new(std::iter::empty()),
        }
    });
    let first = lists.next()?.iter().as_slice();
    let len = lists.fold(first.len(), |len, other| {
        first[..len].iter().zip(other.iter()).take_while(|(a, b)| a == b).count()
    });
    let mut out = Styles::new();
    first[..len].iter().for_each(|style| out.push(style.clone()));
    Some(out)
}

/// An entry ready to be placed: its note and its frame.
pub(super) type Entry = (Location, Frame);

impl<'a> Footnotes<'a> {
    /// The footnote state of the flow of a page run with `run` styles and `items`.
    pub fn new(run: &'a Styles, items: &'a [FlowItem]) -> Self {
        Self {
            run,
            items,
            config: None,
            separator_frame: None,
            laid: BTreeMap::new(),
            placed: BTreeSet::new(),
            notes: BTreeMap::new(),
        }
    }

    /// The run's settings, worked out once.
    fn config(&mut self) -> &Config {
        self.config.get_or_insert_with(|| Config::new(self.run, self.items))
    }

    /// The styles that the run's items share (those of entries and line numbers).
    pub fn styles(&mut self) -> Styles {
        self.config().styles.clone()
    }

    /// The space above the separator and above each entry.
    pub fn spacing(&mut self) -> (Abs, Abs) {
        let config = self.config();
        (config.clearance, config.gap)
    }

    /// The entries of the notes in `frame` that were not placed yet, each followed by
    /// those of the notes its own entry holds, in order.
    pub fn entries(
        &mut self,
        cx: &mut LayoutContext,
        frame: &Frame,
        regions: &Regions,
    ) -> SourceResult<Vec<Entry>> {
        let entries = self.entries_at(cx, frame, regions)?;
        Ok(entries.into_iter().map(|(_, entry)| entry).collect())
    }

    /// As [`Self::entries`], each with the height in `frame` of the marker that brought
    /// it (a nested note's entry comes with its outer marker's).
    pub fn entries_at(
        &mut self,
        cx: &mut LayoutContext,
        frame: &Frame,
        regions: &Regions,
    ) -> SourceResult<Vec<(Abs, Entry)>> {
        let mut notes = Vec::new();
        find_notes(frame, Abs::zero(), &mut notes);
        let mut out: Vec<(Abs, Entry)> = Vec::new();
        let mut stack: Vec<(Abs, Content)> = notes.into_iter().rev().collect();
        while let Some((y, note)) = stack.pop() {
            let Some(location) = note.location() else { continue };
            if self.placed.contains(&location) || out.iter().any(|(_, (l, _))| *l == location) {
                continue;
            }
            let frame = self.entry(cx, &note, location, regions)?;
            let mut nested = Vec::new();
            find_notes(&frame, Abs::zero(), &mut nested);
            stack.extend(nested.into_iter().rev().map(|(_, note)| (y, note)));
            out.push((y, (location, frame)));
        }
        Ok(out)
    }

    /// The room `entries` take in a region that holds entries already (`fresh: false`)
    /// or none yet (then the separator and its clearance count too).
    pub fn need(
        &mut self,
        cx: &mut LayoutContext,
        entries: &[Entry],
        fresh: bool,
        regions: &Regions,
    ) -> SourceResult<Abs> {
        if entries.is_empty() {
            return Ok(Abs::zero());
        }
        let (clearance, gap) = self.spacing();
        let mut need = Abs::zero();
        for (_, frame) in entries {
            need += gap + frame.height();
        }
        if fresh {
            need += clearance + self.separator(cx, regions)?.height();
        }
        Ok(need)
    }

    /// Marks the notes of `entries` as placed.
    pub fn place(&mut self, entries: &[Entry]) {
        self.placed.extend(entries.iter().map(|(location, _)| *location));
    }

    /// Forgets that the notes of `entries` were placed (their markers move on).
    pub fn unplace(&mut self, entries: &[Entry]) {
        for (location, _) in entries {
            self.placed.remove(location);
        }
    }

    /// The entry of the note at `location` across regions: what fits into `first`, then
    /// the rest in full regions (less the separator's room); `None` unless it breaks
    /// with some of it in the first region.
    pub fn split(
        &mut self,
        cx: &mut LayoutContext,
        location: Location,
        first: Abs,
        regions: &Regions,
    ) -> SourceResult<Option<Vec<Frame>>> {
        let Some(note) = self.notes.get(&location).cloned() else { return Ok(None) };
        let (clearance, gap) = self.spacing();
        let separator = self.separator_frame.as_ref().map_or(Abs::zero(), Frame::height);
        let pod = Regions {
            size: Size::new(regions.size.width, first),
            full: (regions.full - clearance - separator - gap).max(Abs::zero()),
            expand: (regions.expand.0, false),
            breakable: true,
        };
        let entry = footnote_entry(&note);
        let styles = self.config().styles.clone();
        let mut frames = layout_content(cx, &entry, &styles, entry_locator(location), pod)?.0;
        if frames.len() < 2 || frames[0].is_empty() {
            return Ok(None);
        }
        if let Some(tag) = entry_tag(&entry) {
            frames[0].push(Point::zero(), FrameItem::Tag(tag));
        }
        Ok(Some(frames))
    }

    /// The separator, if it was laid out.
    pub fn separator_frame(&self) -> Option<Frame> {
        self.separator_frame.clone()
    }

    /// The separator, laid out once.
    pub fn separator(&mut self, cx: &mut LayoutContext, regions: &Regions) -> SourceResult<Frame> {
        if let Some(frame) = &self.separator_frame {
            return Ok(frame.clone());
        }
        let locator = Locator::root().child(SEPARATOR_KEY);
        let pod = entry_regions(regions);
        let config = self.config();
        let (separator, styles) = (config.separator.clone(), config.styles.clone());
        let frame = layout_content(cx, &separator, &styles, locator, pod)?.into_frame();
        self.separator_frame = Some(frame.clone());
        Ok(frame)
    }

    /// The entry of `note`, laid out once.
    fn entry(
        &mut self,
        cx: &mut LayoutContext,
        note: &Content,
        location: Location,
        regions: &Regions,
    ) -> SourceResult<Frame> {
        if let Some(frame) = self.laid.get(&location) {
            return Ok(frame.clone());
        }
        self.notes.insert(location, note.clone());
        let entry = footnote_entry(note);
        let locator = entry_locator(location);
        let pod = entry_regions(regions);
        let styles = self.config().styles.clone();
        let mut frame = layout_content(cx, &entry, &styles, locator, pod)?.into_frame();
        if let Some(tag) = entry_tag(&entry) {
            frame.push(Point::zero(), FrameItem::Tag(tag));
        }
        self.laid.insert(location, frame.clone());
        Ok(frame)
    }
}

/// The region an entry or the separator is laid out in: as wide as the flow's, as high
/// as a full region, growing only as high as its content.
fn entry_regions(regions: &Regions) -> Regions {
    Regions::one(Size::new(regions.size.width, regions.full), (regions.expand.0, false))
}

/// Collects the footnotes (not those that refer to another) whose tags `frame` holds,
/// in the order they appear, each with its height in the frame (`top` being the frame's
/// own).
fn find_notes(frame: &Frame, top: Abs, out: &mut Vec<(Abs, Content)>) {
    for (pos, item) in frame.items() {
        match item {
            FrameItem::Group(group) => find_notes(&group.frame, top + pos.y, out),
            FrameItem::Tag(tag) => {
                if let TagInfo::Element(payload) = &tag.info
                    && let Some(elem) = payload.downcast::<Content>()
                    && elem.is(FOOTNOTE)
                    && !is_reference(elem)
                {
                    out.push((top + pos.y, elem.clone()));
                }
            }
            _ => {}
        }
    }
}

/// Orders the notes inside entries as Typst does: an entry's content counts as standing
/// right after its note's marker (Typst's logical parent), so a note nested in an entry
/// comes before the notes that follow the outer marker in the body and is numbered so.
/// The tags of the notes in each entry of `entries` (by their note's location) move next
/// to the outer marker's tag in `body` when the region holds that marker.
pub(super) fn order_nested(body: &mut [&mut Frame], entries: &mut [(Location, Frame)]) {
    for (location, entry) in entries.iter_mut() {
        let (rest, tags) = take_note_tags(entry);
        if tags.is_empty() {
            continue;
        }
        for frame in body.iter_mut() {
            if let Some(new) = insert_after(frame, *location, &tags) {
                **frame = new;
                *entry = rest;
                break;
            }
        }
    }
}

/// `frame` without the tags of the notes it holds (those that do not refer to another)
/// and the tags at their places, and those tags in order.
fn take_note_tags(frame: &Frame) -> (Frame, Vec<(Point, crate::base::Tag)>) {
    let mut out = empty_like(frame);
    let mut tags = Vec::new();
    // A note's label tag stands at the note's place: it goes along.
    let places: Vec<Point> = frame
        .items()
        .filter(|(_, item)| matches!(item, FrameItem::Tag(tag) if is_note_tag(tag)))
        .map(|(pos, _)| *pos)
        .collect();
    for (pos, item) in frame.items() {
        match item {
            FrameItem::Tag(tag) if places.contains(pos) => tags.push((*pos, tag.clone())),
            FrameItem::Group(group) => {
                let (inner, nested) = take_note_tags(&group.frame);
                let mut group = group.clone();
                if !nested.is_empty() {
                    group.frame = inner;
                    tags.extend(nested);
                }
                out.push(*pos, FrameItem::Group(group));
            }
            _ => out.push(*pos, item.clone()),
        }
    }
    (out, tags)
}

/// `frame` with `tags` right after the tag of the element at `location` (at its place),
/// or `None` when the frame does not hold that tag.
fn insert_after(
    frame: &Frame,
    location: Location,
    tags: &[(Point, crate::base::Tag)],
) -> Option<Frame> {
    let mut out = empty_like(frame);
    let mut found = false;
    for (pos, item) in frame.items() {
        match item {
            FrameItem::Tag(tag) if !found && tag.location == location => {
                out.push(*pos, item.clone());
                // A hair to the right: a counter read through the marker's place takes
                // what stands at that very place too, and these come after it.
                let mut step = 0;
                for (i, (place, tag)) in tags.iter().enumerate() {
                    if i == 0 || tags[i - 1].0 != *place {
                        step += 1;
                    }
                    let after = Point::new(Abs::pt(NESTED_NUDGE * step as f64), Abs::zero());
                    out.push(*pos + after, FrameItem::Tag(tag.clone()));
                }
                found = true;
            }
            FrameItem::Group(group) if !found => match insert_after(&group.frame, location, tags) {
                Some(inner) => {
                    let mut group = group.clone();
                    group.frame = inner;
                    out.push(*pos, FrameItem::Group(group));
                    found = true;
                }
                None => out.push(*pos, item.clone()),
            },
            _ => out.push(*pos, item.clone()),
        }
    }
    found.then_some(out)
}

/// Whether `tag` is a note's (one that gets an entry).
fn is_note_tag(tag: &crate::base::Tag) -> bool {
    matches!(&tag.info, TagInfo::Element(payload)
        if payload.downcast::<Content>().is_some_and(|e| e.is(FOOTNOTE) && !is_reference(e)))
}

/// An empty frame of `frame`'s size and baseline.
fn empty_like(frame: &Frame) -> Frame {
    let mut out = Frame::new(frame.size());
    if frame.baseline() != frame.height() {
        out.set_baseline(frame.baseline());
    }
    out
}
