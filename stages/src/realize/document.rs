//! The entry points of realization, and the splitting of the document's flow into page
//! runs.
//!
//! A run ends at a page break and where the page styles change (`set page(..)` at the top
//! level forces a page break, as in Typst). A run is handed on the moment it ends, so
//! layout can start on it while the rest is realized. Typst's page rules, checked against
//! Typst 0.15.1:
//! - a strong `pagebreak()` always ends the page, so a document ending in one has an
//!   empty last page, and two in a row make an empty page between them;
//! - a weak one does nothing on an empty page, and adds no page at the document's end;
//! - `set page(..)` on an empty page only restyles it, so `#pagebreak() #set page(..)`
//!   and a `set page` at the very start add no page;
//! - an empty last page keeps the styles of the last `set page(..)` that left it empty,
//!   even one whose scope ended (`#[#set page(..) A #pagebreak()]`);
//! - a document without content still has one page;
//! - tags before a `set page(..)` or a weak page break on a page without content stand
//!   between the pages: at the very start of the next page, before its header;
//! - tags after a weak page break at the document's end stand at the very end of the
//!   last page, after its footer (the run before the break is held back until it is
//!   known whether only tags follow);
//! - `page(..)[body]` gives the body pages of its own under the call's page styles,
//!   with weak page breaks around it.

use super::marks::Counters;
use super::walk::Realizer;
use super::{FlowItem, PageRun, Parity};
use crate::base::{Locator, SourceResult, Span};
use crate::doc::DocumentInfo;
use crate::eval::Engine;
use crate::model::{Content, Styles};

/// Realizes the document's content into page runs, handing each to `emit` as soon as it
/// is complete; returns the document's metadata from `set document(..)` rules.
///
/// `date: auto` (the default, "now") and `date: none` both leave `DocumentInfo::date`
/// empty: the caller fills in the creation time where it wants one.
pub fn realize_document(
    engine: &mut Engine,
    content: &Content,
    styles: &Styles,
    locator: Locator,
    emit: &mut dyn FnMut(PageRun),
) -> SourceResult<DocumentInfo> {
    let mut realizer = Realizer::new(engine, styles);
    realizer.counters = Counters::default();
    realizer.runs = Some(Runs::new(emit, styles.clone(), locator));
    realizer.visit(content, styles, locator)?;
    realizer.last_span = Span::detached();
    realizer.finish_par();
    let items = std::mem::take(&mut realizer.items);
    if let Some(runs) = realizer.runs.take() {
        runs.finish(items);
    }
    Ok(realizer.info)
}

/// Realizes nested content (a block's body, a cell, a header) into flow items; page
/// breaks are not allowed here. Heading and figure numbers continue from the counter
/// state the document's realization left in `styles`.
pub fn realize_flow(
    engine: &mut Engine,
    content: &Content,
    styles: &Styles,
    locator: Locator,
) -> SourceResult<Vec<FlowItem>> {
    let mut realizer = Realizer::new(engine, styles);
    realizer.visit(content, styles, locator)?;
    realizer.last_span = Span::detached();
    realizer.finish_par();
    Ok(realizer.items)
}

/// The page runs of a document being realized.
pub(super) struct Runs<'a> {
    emit: &'a mut dyn FnMut(PageRun),
    /// The index of the run being filled.
    index: usize,
    /// The styles of the run being filled.
    styles: Styles,
    /// The parity the run being filled must start on.
    parity: Option<Parity>,
    /// Whether the run being filled is emitted even when empty (it follows a strong
    /// page break, or it is the first).
    forced: bool,
    /// Whether the run being filled follows a weak page break.
    weak: bool,
    /// The page styles the run being filled takes if it stays empty: those of the last
    /// `set page(..)` scope that left it empty (after `#pagebreak()` at the end of a
    /// scope, or a `set page` with nothing after it), as Typst styles such a page.
    pending: Option<Styles>,
    /// How many tags at the start of the run being filled stand between pages (see
    /// [`PageRun::lead`]).
    lead: usize,
    /// The document's locator; runs are its children.
    base: Locator,
    /// A run ended by a weak page break, held back until something follows it: tags
    /// alone at the document's end join it (see [`PageRun::tail`]).
    held: Option<PageRun>,
}

/// Keeps run locators apart from the locators of the document's children.
const RUN_KEY: u64 = 1 << 62;

impl<'a> Runs<'a> {
    fn new(emit: &'a mut dyn FnMut(PageRun), styles: Styles, base: Locator) -> Self {
        let (parity, pending) = (None, None);
        let (lead, held) = (0, None);
        Self {
            emit,
            index: 0,
            styles,
            parity,
            forced: true,
            weak: false,
            base,
            pending,
            lead,
            held,
        }
    }

    /// Ends the run being filled at a page break.
    pub fn pagebreak(
        &mut self,
        items: &mut Vec<FlowItem>,
        weak: bool,
        to: Option<Parity>,
        styles: &Styles,
    ) {
        if weak && !has_content(items) {
            if to.is_some() {
                self.parity = to;
            }
            self.lead = items.len();
            return;
        }
        if weak {
            let run = self.make_run(items);
            self.release();
            self.held = Some(run);
        } else {
            self.emit_run(items);
        }
        self.styles = styles.clone();
        self.parity = to;
        // After a weak break, a page follows only if something is put on it.
        self.forced = !weak;
        self.weak = weak;
    }

    /// Switches to other page styles: the run being filled ends if it has content,
    /// otherwise it only takes the new styles.
    pub fn restyle(&mut self, items: &mut Vec<FlowItem>, styles: &Styles) {
        if has_content(items) {
            self.emit_run(items);
            self.parity = None;
            self.forced = false;
            self.weak = false;
        } else {
            self.lead = items.len();
        }
        self.styles = styles.clone();
        self.pending = None;
    }

    /// Leaves a `set page(..)` scope for the `outer` styles: like [`Self::restyle`], but
    /// a run left empty keeps the scope's styles in case nothing follows.
    pub fn leave(&mut self, items: &mut Vec<FlowItem>, outer: &Styles) {
        if has_content(items) {
            self.restyle(items, outer);
            return;
        }
        let inner = std::mem::replace(&mut self.styles, outer.clone());
        self.pending.get_or_insert(inner);
    }

    /// Starts the pages of a `page(..)` call under `styles`: the run being filled ends
    /// if it has content, and the call's run is kept even if its body shows nothing.
    pub fn open_page(&mut self, items: &mut Vec<FlowItem>, styles: &Styles) {
        self.restyle(items, styles);
        self.forced = true;
    }

    /// Ends the pages of a `page(..)` call: what follows starts a new run under the
    /// `outer` styles, as after a weak page break.
    pub fn close_page(&mut self, items: &mut Vec<FlowItem>, outer: &Styles) {
        let run = self.make_run(items);
        self.release();
        self.held = Some(run);
        self.styles = outer.clone();
        self.parity = None;
        self.forced = false;
        self.weak = true;
    }

    /// A `set page(..)` with nothing in its scope: it styles the run being filled only
    /// if that run stays empty.
    pub fn restyle_empty(&mut self, items: &[FlowItem], styles: &Styles) {
        if !has_content(items) {
            self.pending = Some(styles.clone());
        }
    }

    /// Emits the last run: when it has content, when it must exist, or when the document
    /// would otherwise have no page at all. A last run of nothing but tags (content that
    /// shows nothing, after the page style changed back) is dropped rather than turned
    /// into a blank page; so is an empty one after a weak page break. Tags after a weak
    /// break at the very end join the run before it (Typst puts them at the end of the
    /// last page, after its footer); they get a page of their own only when the break
    /// had nothing to end.
    fn finish(mut self, mut items: Vec<FlowItem>) {
        let tags_after_weak = self.weak && !items.is_empty();
        if tags_after_weak
            && !has_content(&items)
            && let Some(mut held) = self.held.take()
        {
            held.tail = items.len();
            held.items.extend(items);
            (self.emit)(held);
            return;
        }
        if has_content(&items) || self.forced || self.index == 0 || tags_after_weak {
            self.emit_run(&mut items);
        }
        self.release();
    }

    /// Emits the run being filled (after the run held back, if any).
    fn emit_run(&mut self, items: &mut Vec<FlowItem>) {
        let run = self.make_run(items);
        self.release();
        (self.emit)(run);
    }

    /// Emits the run held back after a weak page break, if any.
    fn release(&mut self) {
        if let Some(held) = self.held.take() {
            (self.emit)(held);
        }
    }

    /// The run being filled, made of `items`, as the next run of the document.
    fn make_run(&mut self, items: &mut Vec<FlowItem>) -> PageRun {
        let pending = self.pending.take();
        let styles = match pending {
            Some(styles) if !has_content(items) => styles,
            _ => self.styles.clone(),
        };
        let run = PageRun {
            index: self.index,
            styles,
            parity: self.parity,
            items: std::mem::take(items),
            lead: std::mem::take(&mut self.lead),
            tail: 0,
            locator: self.base.child(RUN_KEY | self.index as u64),
        };
        self.index += 1;
        run
    }
}

/// Whether a run's items would put anything on a page (tags alone do not).
fn has_content(items: &[FlowItem]) -> bool {
    items.iter().any(|item| !matches!(item, FlowItem::Tag(_)))
}
