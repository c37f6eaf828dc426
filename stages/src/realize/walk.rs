//! The walk: content and the styles in effect → flow items, through show rules and the
//! built-in looks. Sequences are visited child by child (list items gathered into
//! lists), `styled` nodes push their styles, every other element first meets the show
//! rules (`show.rs`) and then its built-in look (`builtin.rs`). Under text show rules, a
//! run of sibling texts is handed to `show.rs` whole, as the rules see it as one text.
//! A `context` that fails delays its error (Typst's), as it may pass once laid out.
//!
//! Styles travel *flattened*: the `Styles` handed down is the full list in effect,
//! outermost first, and a `styled` node makes a new list by appending its own. Siblings
//! share one list, so the items they produce share it too.
//!
//! Every child's `Locator` is its parent's `child(index)`: locations depend on the place
//! in the tree only, never on the order in which things were realized.

use super::document::Runs;
use super::marks::{self, Counters};
use super::par::ParBuilder;
use super::show::RecipeCache;
use super::{FlowItem, InlinePiece, Spacing, builtin, quotes, show};
use crate::base::{Location, Locator, SourceResult, Span, Tag};
use crate::doc::{Destination, DocumentDate, DocumentInfo, Timestamp};
use crate::eval::Engine;
use crate::model::{
    Array, CONTEXT, Content, DOCUMENT, ENUM, ENUM_ITEM, Element, H, LINEBREAK, LIST, LIST_ITEM,
    MATH_STYLE, PAGE, PAR, PARBREAK, Property, QUOTE, SEQUENCE, SMARTQUOTE, SPACE, STYLED, Style,
    StyleChain, Styles, TERM_ITEM, TERMS, Value,
};

/// The realization of one flow: the document's (split into runs) or a nested one.
pub(super) struct Realizer<'a, 'w> {
    pub engine: &'a mut Engine<'w>,
    /// The page runs, when realizing the document; `None` for nested content.
    pub runs: Option<Runs<'a>>,
    /// The flow so far (of the current run, in a document).
    pub items: Vec<FlowItem>,
    /// The paragraph being built.
    pub par: ParBuilder,
    /// The destination of the link whose body is being realized.
    pub link: Option<Destination>,
    /// Heading and figure numbers so far.
    pub counters: Counters,
    /// What `set document(..)` rules said.
    pub info: DocumentInfo,
    /// The recipes of the styles last seen.
    pub recipes: RecipeCache,
    /// The locations of the tags so far, in order.
    tag_log: Vec<Location>,
    /// The elements being realized, outermost first: where their tags start in
    /// `tag_log` and, once their content is being realized, where their own tags end.
    open: Vec<(usize, Option<usize>)>,
    /// Whether the tags of the element being prepared join the paragraph even before it
    /// has content (the element is inline: its tags mark where its content starts).
    inline_tags: bool,
    /// Whether paragraphs are finished as they are, without `show par` rules: inside a
    /// `par` element's body, which is one paragraph already.
    in_par: bool,
    /// The bodies of the paragraphs that `show par` rules were given: their pieces are
    /// realized already, so they meet no show rules again.
    grouped: Vec<Content>,
    /// Whether the content being visited is such a body.
    pub realized: bool,
    /// Where the paragraph being built started (its first element's place).
    par_start: Option<Locator>,
    /// The span of the element visited last (what ends a paragraph, for errors).
    pub last_span: Span,
    /// Whether `show par` rules already failed by looping (Typst stops at the first
    /// such error; the paragraphs after it are kept as they are).
    par_loop: bool,
    /// How many lists gathered from items are being realized inside each other (a show
    /// rule on lists that gives list items again nests them without end).
    lists: usize,
}

impl<'a, 'w> Realizer<'a, 'w> {
    /// A realizer for a nested flow under `styles` (counting on from their counters).
    pub fn new(engine: &'a mut Engine<'w>, styles: &Styles) -> Self {
        Self {
            engine,
            runs: None,
            items: Vec::new(),
            par: ParBuilder::default(),
            link: None,
            counters: Counters::from_styles(styles),
            info: DocumentInfo::default(),
            recipes: RecipeCache::default(),
            tag_log: Vec::new(),
            open: Vec::new(),
            inline_tags: false,
            in_par: false,
            grouped: Vec::new(),
            realized: false,
            par_start: None,
            last_span: Span::detached(),
            par_loop: false,
            lists: 0,
        }
    }

    /// Realizes `content` under `styles` at the place `loc`.
    pub fn visit(&mut self, content: &Content, styles: &Styles, loc: Locator) -> SourceResult<()> {
        self.par_start.get_or_insert(loc);
        self.last_span = content.span();
        if let Some(body) = content.page_body()
            && !self.realized
        {
            return self.visit_page(body, &Styles::new(), styles, loc);
        }
        if content.is(SEQUENCE) && content.label().is_none() {
            return self.visit_sequence(content, styles, loc);
        }
        // Styled content with a label is an element to show rules (`show <l>: ..` applies
        // to `text(red)[a] <l>`, as in Typst); its built-in look is `visit_styled`.
        if content.is(STYLED) && content.label().is_none() {
            return self.visit_styled(content, styles, loc);
        }
        if content.is(CONTEXT) {
            // As in Typst, a `context` that fails does not end the compilation: its
            // error holds only if it is still there once the document has settled
            // (`query(heading).first()` fails before the first layout).
            if let Err(errors) = self.visit_element(content, styles, loc) {
                errors.into_iter().for_each(|error| self.engine.delay(error));
            }
            return Ok(());
        }
        self.visit_element(content, styles, loc)
    }

    /// Realizes an element (neither a sequence nor a styled node): its show rules, else
    /// its built-in look.
    fn visit_element(
        &mut self,
        content: &Content,
        styles: &Styles,
        loc: Locator,
    ) -> SourceResult<()> {
        let outer =
            std::mem::replace(&mut self.inline_tags, INLINE.contains(&content.elem().name()));
        let result = self.visit_tracked(content, styles, loc);
        self.inline_tags = outer;
        result
    }

    /// Realizes an element, noting in a document which tags belong to elements still
    /// open.
    fn visit_tracked(
        &mut self,
        content: &Content,
        styles: &Styles,
        loc: Locator,
    ) -> SourceResult<()> {
        if self.realized {
            return self.builtin(content, styles, loc, None);
        }
        // Note which tags belong to elements still open: for page breaks inside them
        // (see `pagebreak`) and for paragraphs that start inside them.
        let seq = self.tag_log.len();
        if let Some((_, own)) = self.open.last_mut() {
            own.get_or_insert(seq);
        }
        self.open.push((seq, None));
        // Elements nested this deep come from a show rule matching its own output or
        // from runaway nesting; as in Typst, that is an error (and it bounds the work).
        if self.open.len() > show::MAX_SHOW_DEPTH + 1 {
            self.open.pop();
            crate::bail!(content.span(), "maximum show rule depth exceeded";
                hint: "maybe a show rule matches its own output";
                hint: "maybe there are too deeply nested elements");
        }
        let result = match show::visit_show(self, content, styles, loc) {
            Ok(true) => Ok(()),
            Ok(false) => self.builtin(content, styles, loc, None),
            Err(errors) => Err(errors),
        };
        if let Some((seq, own)) = self.open.pop() {
            let own = own.unwrap_or(self.tag_log.len());
            if let Some(&first) = self.tag_log.get(seq..own).and_then(|tags| tags.first()) {
                self.join_par(first);
            }
        }
        result
    }

    /// Moves the tag of an element that ends now into the paragraph being built, when the
    /// paragraph started inside the element and only tags stand between the two.
    ///
    /// As in Typst, an element's start tag before a paragraph belongs to the paragraph
    /// when the element ends within it (`#context [Text]` is located on the text's
    /// line); one that ended before the paragraph's first piece stays in the flow.
    fn join_par(&mut self, first: Location) {
        if self.par.is_empty() {
            return;
        }
        let run = self.items.iter().rposition(|item| !matches!(item, FlowItem::Tag(_)));
        let run = run.map_or(0, |i| i + 1);
        let found = self.items[run..]
            .iter()
            .position(|item| matches!(item, FlowItem::Tag(tag) if tag.location == first));
        let Some(at) = found else { return };
        let tags = self.items.drain(run + at..).filter_map(|item| match item {
            FlowItem::Tag(tag) => Some(tag),
            _ => None,
        });
        self.par.prepend_tags(tags.collect::<Vec<_>>());
    }

    /// Shows an element by its built-in look (`numbers`: what preparation counted for a
    /// heading or figure). Smart quotes are decided here, as they depend on the
    /// quotations open in the paragraph so far, and a quotation's marks are added to its
    /// body here (`quotes.rs`).
    pub fn builtin(
        &mut self,
        content: &Content,
        styles: &Styles,
        loc: Locator,
        numbers: Option<&str>,
    ) -> SourceResult<()> {
        if content.is(SMARTQUOTE) {
            self.par.smartquote(content, styles, content.span(), self.link.as_ref());
            return Ok(());
        }
        if content.is(QUOTE)
            && let Some((quote, styles)) = quotes::quotation(content, styles)
        {
            return builtin::show(self, &quote, &styles, loc, numbers);
        }
        builtin::show(self, content, styles, loc, numbers)
    }

    /// Visits the children of a sequence, gathering list items into lists.
    pub fn visit_sequence(
        &mut self,
        content: &Content,
        styles: &Styles,
        loc: Locator,
    ) -> SourceResult<()> {
        // Nested sequences (markup keeps them, as Typst does) are one stream here, so that
        // list items, text runs and paragraphs group across them.
        let mut children: Vec<&Content> = Vec::new();
        flatten(content, &mut children);
        let text_rules = !self.realized && show::has_text_rules(self, styles);
        let mut i = 0;
        while i < children.len() {
            let child = children[i];
            if text_rules && show::textual(child) {
                // Text rules see a run of sibling texts as one text.
                let end = i + children[i..].iter().take_while(|c| show::textual(c)).count();
                if end - i > 1 {
                    let run: Vec<(Content, Locator)> =
                        (i..end).map(|k| (children[k].clone(), loc.child(k as u64))).collect();
                    show::visit_textual_run(self, &run, styles)?;
                    i = end;
                    continue;
                }
            }
            // As in Typst, show rules apply to list items before they are gathered: an
            // item that a rule transforms is shown alone.
            if let Some(list) = list_of(child.elem())
                && (self.realized || !show::transforms(self, child, styles))
            {
                let transformed = |item: &Content| show::transforms(self, item, styles);
                let (list, end) = gather(&children, i, child.elem(), list, transformed);
                self.visit_gathered(&list, styles, loc.child(i as u64))?;
                i = end;
            } else {
                self.visit(child, styles, loc.child(i as u64))?;
                i += 1;
            }
        }
        Ok(())
    }

    /// Visits a list, enum or term list gathered from items. As in Typst, runaway
    /// grouping (`show list: [- b]`) is its own error, without a place.
    pub(super) fn visit_gathered(
        &mut self,
        list: &Content,
        styles: &Styles,
        loc: Locator,
    ) -> SourceResult<()> {
        // Each round of such a rule nests two elements (the list and its item), so
        // this limit comes before that of show rules.
        if self.lists + 1 >= show::MAX_SHOW_DEPTH / 2 {
            crate::bail!(Span::detached(), "maximum grouping depth exceeded");
        }
        self.lists += 1;
        let result = self.visit(list, styles, loc);
        self.lists -= 1;
        result
    }

    /// Visits a styled node: page styles start a new run, document styles fill in the
    /// document's metadata.
    pub(super) fn visit_styled(
        &mut self,
        content: &Content,
        styles: &Styles,
        loc: Locator,
    ) -> SourceResult<()> {
        let (Some(Value::Content(child)), Some(Value::Styles(own))) =
            (content.field("child"), content.field("styles"))
        else {
            return Ok(());
        };
        let page = own.iter().find_map(|s| match s {
            Style::Property(p) if p.elem == PAGE => Some(p.span),
            _ => None,
        });
        let document = own.iter().find_map(|s| match s {
            Style::Property(p) if p.elem == DOCUMENT => Some(p.span),
            _ => None,
        });
        if self.runs.is_none() {
            if let Some(span) = page {
                crate::bail!(span, "page configuration is not allowed inside of containers");
            }
            if let Some(span) = document {
                crate::bail!(span, "document set rules are not allowed inside of containers");
            }
        }
        // Only a bundle has documents with formats of their own.
        let format = DOCUMENT.field_index("format");
        if let Some(span) = own.iter().find_map(|s| match s {
            Style::Property(p) if p.elem == DOCUMENT && Some(p.field) == format => Some(p.span),
            _ => None,
        }) {
            crate::bail!(
                span,
                "setting the document format is only supported in the bundle target"
            );
        }
        // A `page(..)[body]` call: its fields style the pages of its body.
        if let Some(body) = child.page_body()
            && !self.realized
            && own.iter().all(|s| matches!(s, Style::Property(p) if p.elem == PAGE))
        {
            return self.visit_page(body, own, styles, loc);
        }
        if document.is_some() {
            self.document_info(own);
        }
        let flat = concat(styles, own);
        if page.is_some()
            && let Some(runs) = &mut self.runs
            && child.is_empty()
        {
            runs.restyle_empty(&self.items, &flat);
            return Ok(());
        }
        if page.is_some() && self.runs.is_some() {
            self.finish_par();
            self.restyle_run(&flat);
            self.visit(child, &flat, loc)?;
            self.finish_par();
            if let Some(runs) = &mut self.runs {
                runs.leave(&mut self.items, styles);
            }
            return Ok(());
        }
        self.visit(child, &flat, loc)
    }

    /// Visits a `page(..)[body]` call: as in Typst, the body gets pages of its own (at
    /// least one, even when empty) styled by the call's fields, and what follows goes
    /// on a new page under the page styles from before.
    fn visit_page(
        &mut self,
        body: &Content,
        own: &Styles,
        styles: &Styles,
        loc: Locator,
    ) -> SourceResult<()> {
        if self.runs.is_none() {
            // Typst's page call is a weak page break first, so that is the error.
            crate::bail!(Span::detached(), "pagebreaks are not allowed inside of containers";
                hint: "try using a `#colbreak()` instead");
        }
        let flat = concat(styles, own);
        self.finish_par();
        if let Some(runs) = &mut self.runs {
            runs.open_page(&mut self.items, &flat);
        }
        self.visit(body, &flat, loc.child(0))?;
        self.finish_par();
        if let Some(runs) = &mut self.runs {
            runs.close_page(&mut self.items, styles);
        }
        Ok(())
    }

    /// Takes the document's metadata from `set document(..)` properties.
    fn document_info(&mut self, own: &Styles) {
        for style in own.iter() {
            let Style::Property(p) = style else { continue };
            if p.elem != DOCUMENT {
                continue;
            }
            let strings = |value: &Value| match value {
                Value::Str(s) => vec![s.0.clone()],
                Value::Array(items) => items
                    .as_slice()
                    .iter()
                    .filter_map(|v| match v {
                        Value::Str(s) => Some(s.0.clone()),
                        _ => None,
                    })
                    .collect(),
                _ => Vec::new(),
            };
            let text = |value: &Value| match value {
                Value::Content(c) => Some(c.plain_text()),
                Value::Str(s) => Some(s.0.clone()),
                _ => None,
            };
            match DOCUMENT.fields()[p.field as usize].name {
                "title" => self.info.title = text(&p.value),
                "description" => self.info.description = text(&p.value),
                "author" => self.info.author = strings(&p.value),
                "keywords" => self.info.keywords = strings(&p.value),
                "date" => self.info.date = document_date(&p.value),
                _ => {}
            }
        }
    }

    /// Ends the paragraph being built, if any, and shows it by the `show par` rules in
    /// effect.
    ///
    /// As in Typst, what a rule gives is grouped into paragraphs again; a rule that
    /// keeps giving loose inline content (`it => it.body`) ends in an error. Errors are
    /// delayed like those of other show rules.
    pub fn finish_par(&mut self) {
        let start = self.par_start.take();
        let span = self.last_span;
        let mut rounds = 0;
        loop {
            match self.par.finish() {
                Ok(par)
                    if !self.in_par && !self.par_loop && show::has_par_rules(self, &par.styles) =>
                {
                    let loc = start.unwrap_or_else(|| Locator::root().child(PAR_KEY));
                    if let Err(errors) = self.show_par(par, loc.child(PAR_KEY + rounds)) {
                        errors.into_iter().for_each(|error| self.engine.delay(error));
                    }
                }
                Ok(par) => self.push_par(par),
                Err(tags) => self.items.extend(tags.into_iter().map(FlowItem::Tag)),
            }
            if !self.par.has_pieces() {
                break;
            }
            rounds += 1;
            if rounds > 512 {
                self.par = ParBuilder::default();
                self.par_loop = true;
                let error =
                    crate::base::SourceDiagnostic::error(span, "maximum grouping depth exceeded");
                self.engine.delay(error);
                break;
            }
        }
    }

    /// Adds a finished paragraph to the flow.
    ///
    /// As in Typst, tags at the paragraph's end are not part of it: they stand in the
    /// flow after it, with whatever comes next (a heading whose show rule gives a block
    /// is located at that block, not at the end of the line before).
    ///
    /// The paragraph's own properties (its leading in `em`, its spacing) are read in the
    /// styles that all its pieces share, as Typst reads them in the paragraph's trunk.
    fn push_par(&mut self, mut par: super::Par) {
        if let Some(trunk) = common_prefix(&piece_styles(&par)) {
            par.styles = trunk;
        }
        let content = par.items.iter().rposition(|p| !matches!(p, InlinePiece::Tag(_)));
        let trailing = par.items.split_off(content.map_or(0, |i| i + 1));
        self.items.push(FlowItem::Par(par));
        self.items.extend(trailing.into_iter().filter_map(|piece| match piece {
            InlinePiece::Tag(tag) => Some(FlowItem::Tag(tag)),
            _ => None,
        }));
    }

    /// Shows a finished paragraph by the `show par` rules in effect: as a `par` element
    /// whose body holds its pieces, under the styles they all share.
    fn show_par(&mut self, par: super::Par, loc: Locator) -> SourceResult<()> {
        let trunk = common_prefix(&piece_styles(&par)).unwrap_or_else(|| par.styles.clone());
        // What an earlier paragraph's rule gave is grouped anew (Typst's rule output is
        // not nested in it): the marks of paragraph rules do not count towards the depth
        // of show rules, only the paragraphs being shown inside each other do.
        let trunk = if trunk.iter().any(|style| marks::is_applied_to(style, PAR)) {
            let mut kept = Styles::new();
            for style in trunk.iter().filter(|style| !marks::is_applied_to(style, PAR)) {
                kept.push(style.clone());
            }
            kept
        } else {
            trunk
        };
        let local = |styles: &Styles, content: Content| {
            let mut own = Styles::new();
            styles.iter().skip(trunk.len()).for_each(|style| own.push(style.clone()));
            if own.is_empty() { content } else { content.styled(own) }
        };
        let mut children = Vec::new();
        let mut tags = Vec::new();
        for piece in &par.items {
            let child = match piece {
                InlinePiece::Text { text, styles, span, .. } => {
                    local(styles, Content::text(text.clone()).spanned(*span))
                }
                InlinePiece::Spacing { amount, weak, styles } => {
                    let amount = match amount {
                        Spacing::Rel(rel) => Value::Relative(*rel),
                        Spacing::Fr(fr) => Value::Fraction(*fr),
                    };
                    let mut h = Content::new(H).with_field("amount", amount);
                    if *weak {
                        h = h.with_field("weak", Value::Bool(true));
                    }
                    local(styles, h)
                }
                InlinePiece::Linebreak { justify } => {
                    let mut elem = Content::new(LINEBREAK);
                    if *justify {
                        elem = elem.with_field("justify", Value::Bool(true));
                    }
                    elem
                }
                InlinePiece::Box { content, styles, .. } => local(styles, content.clone()),
                InlinePiece::Tag(tag) => {
                    tags.push(tag.clone());
                    continue;
                }
            };
            children.push(child);
        }
        let body = Content::sequence(children);
        let elem =
            Content::new(PAR).with_field("body", Value::Content(body.clone())).spanned(par.span);
        self.items.extend(tags.into_iter().map(FlowItem::Tag));
        if self.grouped.len() >= show::MAX_SHOW_DEPTH {
            crate::bail!(par.span, "maximum show rule depth exceeded";
                hint: "maybe a show rule matches its own output";
                hint: "maybe there are too deeply nested elements");
        }
        self.grouped.push(body);
        let shown = show::visit_show(self, &elem, &trunk, loc);
        self.grouped.pop();
        if !shown? {
            self.builtin(&elem, &trunk, loc, None)?;
        }
        Ok(())
    }

    /// Realizes the body of a `par` element as one paragraph (`realized`: the body of a
    /// paragraph that `show par` rules were given).
    pub fn visit_par_body(
        &mut self,
        body: &Content,
        styles: &Styles,
        loc: Locator,
    ) -> SourceResult<()> {
        let realized = self.grouped.iter().any(|b| b.is_same(body));
        let outer = (self.in_par, self.realized);
        self.in_par = true;
        self.realized = realized;
        let result = self.visit(body, styles, loc);
        self.finish_par();
        (self.in_par, self.realized) = outer;
        result
    }

    /// Adds a block-level item (ending the paragraph).
    pub fn block(&mut self, item: FlowItem) {
        self.finish_par();
        self.items.push(item);
    }

    /// Adds a block-level element for layout, with the counter state at its start and
    /// the counters stepped past the headings and figures inside it.
    pub fn layout_block(&mut self, content: &Content, styles: &Styles, loc: Locator) {
        let styles = self.with_counters(content, &outside_math(styles));
        self.block(FlowItem::Block { content: content.clone(), styles, locator: loc });
    }

    /// Adds an inline-level element for layout.
    pub fn layout_box(&mut self, content: &Content, styles: &Styles, loc: Locator) {
        let styles = self.with_counters(content, &outside_math(styles));
        let piece = InlinePiece::Box {
            content: content.clone(),
            styles: styles.clone(),
            locator: loc,
            link: self.link.clone(),
        };
        self.par.piece(piece, &styles, content.span());
    }

    /// The styles for content that layout realizes later: `styles` plus the counter
    /// state here, if anything was counted; then counts what the content holds.
    fn with_counters(&mut self, content: &Content, styles: &Styles) -> Styles {
        let before = self.counters.clone();
        builtin::scan_counters(&mut self.counters, content, styles);
        if before.is_empty() && self.counters == before {
            return styles.clone();
        }
        let mut out = styles.clone();
        out.push(before.to_style());
        out
    }

    /// Adds horizontal spacing.
    pub fn h(&mut self, amount: Spacing, weak: bool, styles: &Styles, span: Span) {
        let piece = InlinePiece::Spacing { amount, weak, styles: styles.clone() };
        self.par.piece(piece, styles, span);
    }

    /// Adds a tag where the content stands: in the paragraph if one is being built,
    /// else in the flow.
    pub fn tag(&mut self, tag: Tag) {
        self.tag_log.push(tag.location);
        // A paragraph with nothing but tags gives them back to the flow when it ends, so
        // an inline element's tags may start one.
        if self.par.has_pieces() || self.inline_tags {
            self.par.tag(tag);
        } else {
            self.items.push(FlowItem::Tag(tag));
        }
    }

    /// Starts a new run with other page styles (the current one ends if it has content).
    fn restyle_run(&mut self, styles: &Styles) {
        if let Some(runs) = &mut self.runs {
            runs.restyle(&mut self.items, styles);
        }
    }

    /// Handles a page break (an error inside containers).
    pub fn pagebreak(
        &mut self,
        weak: bool,
        to: Option<super::Parity>,
        styles: &Styles,
        span: Span,
    ) -> SourceResult<()> {
        if self.runs.is_none() {
            crate::bail!(span, "pagebreaks are not allowed inside of containers";
                hint: "try using a `#colbreak()` instead");
        }
        self.finish_par();
        // As in Typst, the tags of elements that the break is inside of (a heading whose
        // show rule starts with a page break) move on to the next page when nothing but
        // tags stands between them and the break.
        let open: Vec<Location> = self
            .open
            .iter()
            .flat_map(|&(start, own)| {
                self.tag_log[start..own.unwrap_or(self.tag_log.len())].iter().copied()
            })
            .collect();
        let trailing = self.items.iter().rposition(|item| !matches!(item, FlowItem::Tag(_)));
        let mut moved = Vec::new();
        if !open.is_empty() {
            let mut index = trailing.map_or(0, |i| i + 1);
            while index < self.items.len() {
                match &self.items[index] {
                    FlowItem::Tag(tag) if open.contains(&tag.location) => {
                        moved.push(self.items.remove(index));
                    }
                    _ => index += 1,
                }
            }
        }
        if let Some(runs) = &mut self.runs {
            runs.pagebreak(&mut self.items, weak, to, styles);
        }
        self.items.extend(moved);
        Ok(())
    }
}

/// The inline elements whose tags start a paragraph with them (Typst's tags of an
/// element that shows content stand where its content does; those of metadata, state
/// and counter updates stay in the flow before a paragraph).
const INLINE: &[&str] = &[
    "footnote",
    "link",
    "ref",
    "cite",
    "strong",
    "emph",
    "underline",
    "strike",
    "highlight",
    "overline",
    "smallcaps",
    "sub",
    "super",
    "box",
    "text",
];

/// Keeps the locators of paragraphs shown by `show par` rules apart from others.
const PAR_KEY: u64 = 1 << 58;

/// The styles of a paragraph's styled pieces (text, spacing and boxes), in order.
fn piece_styles(par: &super::Par) -> Vec<&Styles> {
    par.items
        .iter()
        .filter_map(|piece| match piece {
            InlinePiece::Text { styles, .. }
            | InlinePiece::Spacing { styles, .. }
            | InlinePiece::Box { styles, .. } => Some(styles),
            _ => None,
        })
        .collect()
}

/// The longest list of styles that all of `lists` start with; `None` for no lists.
fn common_prefix(lists: &[&Styles]) -> Option<Styles> {
    let (first, rest) = lists.split_first()?;
    let first = first.iter().as_slice();
    let len = rest.iter().fold(first.len(), |len, other| {
        first[..len].iter().zip(other.iter()).take_while(|(a, b)| a == b).count()
    });
    let mut out = Styles::new();
    first[..len].iter().for_each(|style| out.push(style.clone()));
    Some(out)
}

/// The styles `outer` followed by `inner` (which take precedence).
pub(super) fn concat(outer: &Styles, inner: &Styles) -> Styles {
    if outer.is_empty() {
        return inner.clone();
    }
    if inner.is_empty() {
        return outer.clone();
    }
    let mut out = outer.clone();
    out.extend(inner.clone());
    out
}

/// `outer` with one more style.
pub(super) fn with(outer: &Styles, style: Style) -> Styles {
    let mut out = outer.clone();
    out.push(style);
    out
}

/// A property style for `field` of `elem` (a field the element must have).
/// The styles for an element that layout lays out on its own (a box, a rectangle): in an
/// equation, its body is not math, so its letters show as they are (as in Typst,
/// `$ rect(x) $` shows an upright x).
fn outside_math(styles: &Styles) -> Styles {
    let inside = StyleChain::new(styles).get(MATH_STYLE, "inside") == Some(&Value::Bool(true));
    if inside {
        let mut out = styles.clone();
        out.push(prop(MATH_STYLE, "inside", Value::Bool(false)));
        out
    } else {
        styles.clone()
    }
}

pub(super) fn prop(elem: Element, field: &str, value: Value) -> Style {
    let index = elem
        .field_index(field)
        .unwrap_or_else(|| panic!("element {} has no field {field}", elem.name()));
    Style::Property(Property { elem, field: index, value, span: Span::detached() })
}

/// The list element that gathers items of kind `item`.
fn list_of(item: Element) -> Option<Element> {
    if item == LIST_ITEM {
        Some(LIST)
    } else if item == ENUM_ITEM {
        Some(ENUM)
    } else if item == TERM_ITEM {
        Some(TERMS)
    } else {
        None
    }
}

/// Gathers the items of kind `item` starting at `start` (separated only by spaces and
/// paragraph breaks) into one `list` element; gives it and the index after the last item.
/// The list is tight unless a paragraph break stands between two items.
fn gather(
    children: &[&Content],
    start: usize,
    item: Element,
    list: Element,
    mut transformed: impl FnMut(&Content) -> bool,
) -> (Content, usize) {
    let mut items = Vec::new();
    let mut tight = true;
    let mut end = start;
    let mut i = start;
    let mut parbreak = false;
    while i < children.len() {
        let child = children[i];
        if child.is(item) {
            if i > start && transformed(child) {
                break;
            }
            if parbreak && !items.is_empty() {
                tight = false;
            }
            items.push(Value::Content(child.clone()));
            parbreak = false;
            end = i + 1;
        } else if child.is(PARBREAK) {
            parbreak = true;
        } else if !child.is(SPACE) {
            break;
        }
        i += 1;
    }
    let span = children[start].span();
    let content = Content::new(list)
        .with_field("tight", Value::Bool(tight))
        .with_field("children", Value::Array(Array::from_iter(items)))
        .spanned(span);
    (content, end)
}

/// The metadata date of `set document(date: ..)`: `auto` means "now", which the exporter
/// knows; a datetime without a time is taken at midnight.
fn document_date(value: &Value) -> DocumentDate {
    match value {
        Value::Datetime(dt) => match dt.date {
            Some((year, month, day)) => {
                let (hour, minute, second) = dt.time.unwrap_or((0, 0, 0));
                DocumentDate::Set(Timestamp { year, month, day, hour, minute, second })
            }
            None => DocumentDate::Auto,
        },
        Value::None => DocumentDate::None,
        _ => DocumentDate::Auto,
    }
}

/// The children of a sequence with unlabelled nested sequences spliced in, in order.
fn flatten<'a>(sequence: &'a Content, out: &mut Vec<&'a Content>) {
    for child in sequence.children() {
        // A page run stays one child: it is realized as a whole.
        if child.is(SEQUENCE) && child.label().is_none() && child.page_body().is_none() {
            flatten(child, out);
        } else {
            out.push(child);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::realize;

    #[test]
    fn runaway_list_grouping_has_its_own_error() {
        let sources = [
            "#show list: [- b]\n- a",
            "#show enum: [+ b]\n#enum[x]",
            "#show terms: [/ a: b]\n/ c: d",
        ];
        for source in sources {
            let errors = realize(source).expect_err("grouping never ends");
            assert_eq!(errors[0].message, "maximum grouping depth exceeded");
            assert!(errors[0].span.is_detached());
            assert!(errors[0].hints.is_empty());
        }
    }
}
