//! The introspection store: the final pages of each layout iteration → their `Record`s,
//! collected concurrently and frozen into an immutable `Snapshot` (the `Introspector` the
//! next iteration reads); the snapshots of all iterations; the convergence check and, when
//! a document never settles, the warnings that say what kept changing.
//!
//! Records are gathered from the `Tag`s in the page frames, one page per task, into a
//! `DashMap`. When a location is tagged twice (an element that both starts a page and
//! is repeated), the first tag in document order wins, whatever order the tasks ran in,
//! so snapshots are the same for any number of workers.

use std::cmp::Ordering;
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use dashmap::DashMap;
use dashmap::mapref::entry::Entry;
use ecow::{EcoString, eco_format};
use quire_stages::base::{
    EmptyIntrospector, Introspection, Introspector, Location, Point, Read, Record,
    SourceDiagnostic, Span, TagInfo, Transform, observed_hint,
};
use quire_stages::doc::{Frame, FrameItem, Page};
use rayon::prelude::*;

/// How many layout iterations a document gets before it is declared unsettled.
pub const MAX_ITERATIONS: usize = 5;

/// The records of one iteration, frozen: sorted in document order and indexed.
#[derive(Debug, Default)]
pub struct Snapshot {
    pages: usize,
    /// In document order: page, then `y`, then `x`, then location.
    records: Vec<Record>,
    /// Location → index into `records`.
    by_location: HashMap<Location, usize>,
    /// Label → index into `records`, or `None` when several elements carry the label.
    by_label: HashMap<EcoString, Option<usize>>,
    /// The answer to `Introspection::Elements`, once asked: every `query` asks it, and
    /// the convergence check asks again, so it is hashed once per snapshot.
    elements: OnceLock<u64>,
    /// The indices of the records that change a state or counter, in order.
    updates: Vec<usize>,
}

impl Snapshot {
    /// Gathers the records of `pages` (numbered from 1 in order), page-parallel on the
    /// current rayon pool, and freezes them.
    pub fn collect(pages: &[Page]) -> Self {
        let collector = Collector::default();
        pages.par_iter().enumerate().for_each(|(index, page)| collector.add(index, page));
        collector.finish(pages.len())
    }

    /// A snapshot of `records` (in any order) for a document of `pages` pages.
    pub fn freeze(pages: usize, mut records: Vec<Record>) -> Self {
        records.sort_by(document_order);
        Self::frozen(pages, records)
    }

    /// A snapshot of `records`, already in document order.
    fn frozen(pages: usize, records: Vec<Record>) -> Self {
        let by_location =
            records.iter().enumerate().map(|(index, record)| (record.location, index)).collect();
        let mut by_label: HashMap<EcoString, Option<usize>> = HashMap::new();
        for (index, record) in records.iter().enumerate() {
            if let TagInfo::Labelled { label } = &record.info {
                by_label
                    .entry(label.clone())
                    .and_modify(|slot| *slot = None)
                    .or_insert(Some(index));
            }
        }
        let updates = records
            .iter()
            .enumerate()
            .filter(|(_, record)| matches!(&record.info, TagInfo::Element(p) if p.is_update()))
            .map(|(index, _)| index)
            .collect();
        Self { pages, records, by_location, by_label, elements: OnceLock::new(), updates }
    }
}

impl Introspector for Snapshot {
    fn pages(&self) -> usize {
        self.pages
    }

    fn record(&self, location: Location) -> Option<&Record> {
        self.by_location.get(&location).map(|&index| &self.records[index])
    }

    fn records(&self) -> &[Record] {
        &self.records
    }

    fn label(&self, label: &str) -> Option<&Record> {
        let index = (*self.by_label.get(label)?)?;
        Some(&self.records[index])
    }

    fn elements_answer(&self) -> u64 {
        *self.elements.get_or_init(|| Introspection::elements_answer(&self.records))
    }

    fn updates(&self) -> Option<&[usize]> {
        Some(&self.updates)
    }
}

/// The records of the iteration in progress, gathered into a `DashMap` page by page as
/// the pages are finalized (from any thread, in any order).
#[derive(Debug, Default)]
pub struct Collector {
    /// Each location's record, with the number of its tag among those of its page (in
    /// frame order), which orders tags at the same point.
    map: DashMap<Location, (Record, usize)>,
}

impl Collector {
    /// Adds the records of page `index` (from 0).
    pub fn add(&self, index: usize, page: &Page) {
        let mut seq = 0;
        walk(&page.frame, Transform::identity(), &mut |position, location, info| {
            let record = Record { location, page: index + 1, position, info: info.clone() };
            insert(&self.map, (record, seq));
            seq += 1;
        });
    }

    /// Freezes the records of a document of `pages` pages.
    pub fn finish(self, pages: usize) -> Snapshot {
        let mut records: Vec<(Record, usize)> = self.map.into_iter().map(|(_, r)| r).collect();
        records.sort_by(frame_order);
        Snapshot::frozen(pages, records.into_iter().map(|(record, _)| record).collect())
    }
}

/// Keeps the record that comes first in document order for its location.
fn insert(map: &DashMap<Location, (Record, usize)>, record: (Record, usize)) {
    match map.entry(record.0.location) {
        Entry::Vacant(slot) => {
            slot.insert(record);
        }
        Entry::Occupied(mut slot) => {
            if frame_order(&record, slot.get()) == Ordering::Less {
                slot.insert(record);
            }
        }
    }
}

/// Document order for the records of one layout: page, then top to bottom, then, for
/// tags at the same height, the order of the tags in the page's frames (a line's tags in
/// logical order even in right-to-left text, a `context` before the `*strong*` that
/// follows it, an element's tag before those of the elements inside it), then as
/// `document_order`.
fn frame_order((a, i): &(Record, usize), (b, j): &(Record, usize)) -> Ordering {
    a.page
        .cmp(&b.page)
        .then_with(|| a.position.y.to_pt().total_cmp(&b.position.y.to_pt()))
        .then_with(|| i.cmp(j))
        .then_with(|| document_order(a, b))
}

/// Page, then top to bottom, then left to right, then location (and, for two tags of
/// one location at one point, their contents), so that the order is total.
fn document_order(a: &Record, b: &Record) -> Ordering {
    a.page
        .cmp(&b.page)
        .then_with(|| a.position.y.to_pt().total_cmp(&b.position.y.to_pt()))
        .then_with(|| a.position.x.to_pt().total_cmp(&b.position.x.to_pt()))
        .then_with(|| a.location.cmp(&b.location))
        .then_with(|| format!("{:?}", a.info).cmp(&format!("{:?}", b.info)))
}

/// Calls `found` for every tag in `frame` with its position on the page (`ts` maps the
/// frame's coordinates to the page's).
fn walk(frame: &Frame, ts: Transform, found: &mut dyn FnMut(Point, Location, &TagInfo)) {
    for (pos, item) in frame.items() {
        match item {
            FrameItem::Tag(tag) => found(pos.transform(ts), tag.location, &tag.info),
            FrameItem::Group(group) => {
                let inner =
                    ts.pre_concat(Transform::translate(pos.x, pos.y)).pre_concat(group.transform);
                walk(&group.frame, inner, found);
            }
            FrameItem::Text(_)
            | FrameItem::Shape(..)
            | FrameItem::Image(..)
            | FrameItem::Link(..) => {}
        }
    }
}

/// The snapshots of every iteration so far: snapshot 0 is empty, snapshot N is
/// iteration N's result. Snapshots are shared (`Arc`) so that an iteration can read one
/// while the store grows.
#[derive(Debug)]
pub struct Store {
    snapshots: Vec<Arc<Snapshot>>,
}

impl Default for Store {
    fn default() -> Self {
        Self::new()
    }
}

impl Store {
    /// A store holding only the empty snapshot 0.
    pub fn new() -> Self {
        Self { snapshots: vec![Arc::new(Snapshot::default())] }
    }

    /// The latest snapshot (what the next iteration reads).
    pub fn latest(&self) -> Arc<Snapshot> {
        // The store is never empty: snapshot 0 is there from the start.
        self.snapshots.last().cloned().unwrap_or_default()
    }

    /// Adds the snapshot of the next iteration.
    pub fn push(&mut self, snapshot: Snapshot) {
        self.snapshots.push(Arc::new(snapshot));
    }

    /// How many iterations have been stored.
    pub fn iterations(&self) -> usize {
        self.snapshots.len() - 1
    }

    /// Snapshot `n` (0 is the empty one).
    pub fn get(&self, n: usize) -> Option<&Snapshot> {
        self.snapshots.get(n).map(|snapshot| &**snapshot)
    }
}

/// Whether every read gives the same answer against `snapshot` as when it was made.
pub fn converged(reads: &[Read], snapshot: &dyn Introspector) -> bool {
    reads.iter().all(|read| read.what.answer(snapshot) == read.answer)
}

/// The warnings for a document that did not settle: `reads` are those of the last
/// iteration, re-answered against every snapshot of `store`; each whose last two answers
/// differ gets a warning listing what every run saw, led by a summary. Empty when every
/// read settled after all.
pub fn convergence_warnings(reads: &[Read], store: &Store) -> Vec<SourceDiagnostic> {
    let last = store.iterations();
    let mut seen: Vec<(&Read, Span)> = Vec::new();
    let mut details = Vec::new();
    for read in reads {
        // The same question asked at the same place is one warning.
        if seen.iter().any(|(other, span)| other.what == read.what && *span == read.span) {
            continue;
        }
        seen.push((read, read.span));
        let answer = |n: usize| match store.get(n) {
            Some(snapshot) => read.what.answer(snapshot),
            None => read.what.answer(&EmptyIntrospector),
        };
        if last == 0 || answer(last - 1) == answer(last) {
            continue;
        }
        let describe = |n: usize| match store.get(n) {
            Some(snapshot) => read.what.describe_answer(snapshot),
            None => read.what.describe_answer(&EmptyIntrospector),
        };
        let observed: Vec<EcoString> = (0..=last).map(describe).collect();
        let final_snapshot: &dyn Introspector = match store.get(last) {
            Some(snapshot) => snapshot,
            None => &EmptyIntrospector,
        };
        let warning = match read.what.unsettled(&read.label, &observed, final_snapshot) {
            Some((message, hints)) => {
                SourceDiagnostic::warning(read.span, message).with_hints(hints)
            }
            None => {
                let hint = observed_hint("the following values were observed:", &observed);
                SourceDiagnostic::warning(read.span, unsettled(&read.label)).with_hint(hint)
            }
        };
        let warning = read.what.hints().iter().fold(warning, |w, hint| w.with_hint(*hint));
        details.push(warning);
    }
    if details.is_empty() {
        return details;
    }
    let count = details.len();
    let plural = if count == 1 { "" } else { "s" };
    let summary = SourceDiagnostic::warning(
        Span::detached(),
        "document did not converge within five attempts",
    )
    .with_hint(eco_format!("see {count} additional warning{plural} for more details"))
    .with_hint("see https://typst.app/help/convergence for help");
    std::iter::once(summary).chain(details).collect()
}

/// The warning for a value that kept changing: code is quoted (`counter("hi")`), a phrase
/// (`the page counter`, as Typst words it) is not.
fn unsettled(label: &str) -> EcoString {
    if label.starts_with("the ") {
        eco_format!("value of {label} did not converge")
    } else {
        eco_format!("value of `{label}` did not converge")
    }
}

#[cfg(test)]
mod tests {
    use quire_stages::base::{Abs, Introspection, Locator, Tag};
    use quire_stages::doc::{GroupItem, PageFill};

    use super::*;

    fn loc(key: u64) -> Location {
        Locator::root().child(key).location()
    }

    fn tag(key: u64, info: TagInfo) -> FrameItem {
        FrameItem::Tag(Tag { location: loc(key), info })
    }

    fn pt(x: f64, y: f64) -> Point {
        Point::new(Abs::pt(x), Abs::pt(y))
    }

    fn page(number: usize, items: Vec<(Point, FrameItem)>) -> Page {
        let mut frame = Frame::new(quire_stages::base::Size::new(Abs::pt(100.0), Abs::pt(100.0)));
        for (pos, item) in items {
            frame.push(pos, item);
        }
        Page {
            frame,
            fill: PageFill::Auto,
            number: std::num::NonZeroUsize::new(number).unwrap_or(std::num::NonZeroUsize::MIN),
            label: None,
        }
    }

    /// A store whose snapshot N has `counts[N - 1]` pages.
    fn store_with_page_counts(counts: &[usize]) -> Store {
        let mut store = Store::new();
        for &count in counts {
            store.push(Snapshot::freeze(count, Vec::new()));
        }
        store
    }

    #[test]
    fn tags_at_one_point_keep_their_frame_order() {
        // Whatever their locations' hashes, tags at the same point come in the order
        // the page's frames hold them (a `context` before the element after it).
        for keys in [[1, 2, 3], [3, 2, 1], [2, 3, 1]] {
            let items = keys.iter().map(|&k| (pt(5.0, 5.0), tag(k, TagInfo::Context))).collect();
            let snapshot = Snapshot::collect(&[page(1, items)]);
            let order: Vec<_> = snapshot.records().iter().map(|r| r.location).collect();
            assert_eq!(order, keys.map(loc));
        }
    }

    #[test]
    fn elements_answer_is_that_of_the_records() {
        let element = |n: u64| tag(n, TagInfo::element(n, n));
        let snapshot = Snapshot::collect(&[page(1, vec![(pt(0.0, 1.0), element(1))])]);
        let answer = Introspection::Elements.answer(&snapshot);
        assert_eq!(answer, Introspection::elements_answer(snapshot.records()));
        assert_eq!(answer, Introspection::Elements.answer(&snapshot));
        let moved =
            Snapshot::collect(&[page(1, vec![]), page(2, vec![(pt(0.0, 1.0), element(1))])]);
        assert_ne!(answer, Introspection::Elements.answer(&moved));
    }

    #[test]
    fn records_are_in_document_order_with_page_positions() {
        let label = || TagInfo::Labelled { label: "x".into() };
        let mut group = Frame::new(quire_stages::base::Size::zero());
        group.push(pt(1.0, 2.0), tag(4, TagInfo::Context));
        let scaled = GroupItem { transform: Transform::scale(2.0, 2.0), ..GroupItem::new(group) };
        let pages = [
            page(
                1,
                vec![(pt(50.0, 30.0), tag(2, TagInfo::Context)), (pt(5.0, 10.0), tag(1, label()))],
            ),
            page(2, vec![(pt(10.0, 20.0), FrameItem::Group(scaled))]),
        ];
        let snapshot = Snapshot::collect(&pages);
        assert_eq!(snapshot.pages(), 2);
        let order: Vec<_> = snapshot.records().iter().map(|r| (r.location, r.page)).collect();
        assert_eq!(order, [(loc(1), 1), (loc(2), 1), (loc(4), 2)]);
        assert_eq!(snapshot.record(loc(4)).map(|r| r.position), Some(pt(12.0, 24.0)));
        assert_eq!(snapshot.label("x").map(|r| r.location), Some(loc(1)));
        assert_eq!(snapshot.label("y"), None);
    }

    #[test]
    fn a_location_tagged_twice_keeps_its_first_place() {
        let pages = [
            page(1, vec![(pt(0.0, 90.0), tag(7, TagInfo::Context))]),
            page(2, vec![(pt(0.0, 5.0), tag(7, TagInfo::Context))]),
        ];
        for _ in 0..20 {
            let snapshot = Snapshot::collect(&pages);
            assert_eq!(snapshot.record(loc(7)).map(|r| r.page), Some(1));
        }
    }

    #[test]
    fn ambiguous_labels_answer_nothing() {
        let label = || TagInfo::Labelled { label: "twice".into() };
        let snapshot = Snapshot::collect(&[page(
            1,
            vec![(pt(0.0, 0.0), tag(1, label())), (pt(0.0, 9.0), tag(2, label()))],
        )]);
        assert_eq!(snapshot.label("twice"), None);
    }

    #[test]
    fn convergence_compares_with_the_recorded_answers() {
        let store = store_with_page_counts(&[1]);
        let read = |answer_from: &dyn Introspector| Read {
            what: Introspection::PageCount,
            answer: Introspection::PageCount.answer(answer_from),
            span: Span::detached(),
            label: "counter(page).final()".into(),
        };
        let first = store.get(1).map(|s| read(s));
        let stale = read(&EmptyIntrospector);
        assert!(
            first.is_some_and(|r| converged(&[r], store.get(1).unwrap_or(&Snapshot::default())))
        );
        assert!(!converged(&[stale], &Snapshot::freeze(1, Vec::new())));
        assert!(converged(&[], &Snapshot::default()));
    }

    #[test]
    fn unsettled_reads_are_warned_about_with_every_run() {
        let store = store_with_page_counts(&[1, 2, 3, 4, 5]);
        let read = Read {
            what: Introspection::PageCount,
            answer: 0,
            span: Span::detached(),
            label: "counter(page).final()".into(),
        };
        let warnings = convergence_warnings(&[read.clone(), read], &store);
        let messages: Vec<_> = warnings.iter().map(|w| w.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "document did not converge within five attempts",
                "value of `counter(page).final()` did not converge"
            ]
        );
        assert_eq!(
            warnings[0].hints.as_slice(),
            [
                EcoString::from("see 1 additional warning for more details"),
                "see https://typst.app/help/convergence for help".into()
            ]
        );
        assert_eq!(
            warnings[1].hints.as_slice(),
            [EcoString::from(
                "the following values were observed:\n- run 1: 1\n- run 2: 1\n- run 3: 2\n\
                 - run 4: 3\n- run 5: 4\n- final: 5"
            )]
        );
    }

    #[test]
    fn reads_that_settled_late_give_no_warning() {
        let store = store_with_page_counts(&[1, 2, 3, 3, 3]);
        let read = Read {
            what: Introspection::PageCount,
            answer: 0,
            span: Span::detached(),
            label: "counter(page).final()".into(),
        };
        assert!(convergence_warnings(&[read], &store).is_empty());
    }

    #[test]
    fn phrases_are_not_quoted() {
        assert_eq!(unsettled("the page counter"), "value of the page counter did not converge");
        assert_eq!(unsettled("counter(\"hi\")"), "value of `counter(\"hi\")` did not converge");
    }
}
