//! Parser: source text → concrete syntax tree, recovering from every error. This file holds
//! the entry points and the token machinery (lookahead, trivia, markers, newline modes,
//! errors, depth limit, backtracking); the grammar lives in `markup.rs`, `code.rs` and
//! `math.rs`.
//!
//! The parser keeps one token of lookahead. Trivia before it is already in the node list, so
//! that wrapping a marker's nodes into an inner node leaves trailing trivia outside. Newline
//! modes let a newline end an expression: at such a newline the current token reads as
//! `End` until the mode that stops there is left.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use std::collections::HashMap;
use std::ops::Range;

use ecow::{EcoString, eco_format};

use super::code::code_exprs;
use super::markup::markup_exprs;
use super::math::math_exprs;
use super::{LexMode, Lexer, SyntaxError, SyntaxKind, SyntaxNode, is_newline};

/// How deeply constructs may nest before the parser gives up on the rest of the group.
const MAX_DEPTH: usize = 256;

/// How many links of a chain (`a + b + c`, `x.f().g()`, `a/b/c`) count as one level of
/// depth. Chains are parsed in a loop, but each link nests the tree one level deeper, and
/// everything that walks the tree recurses; with this weight a tree stays below about 2000
/// levels, which a 2 MiB stack walks comfortably.
const LINKS_PER_LEVEL: usize = 4;

/// Parses a file's text as markup.
pub fn parse(text: &str) -> SyntaxNode {
    let mut p = Parser::new(text, LexMode::Markup);
    markup_exprs(&mut p, true, kinds!(End));
    p.finish(SyntaxKind::Markup)
}

/// Parses text as code (for `eval(mode: "code")`).
pub fn parse_code(text: &str) -> SyntaxNode {
    let mut p = Parser::new(text, LexMode::Code);
    code_exprs(&mut p, kinds!(End));
    p.finish(SyntaxKind::Code)
}

/// Parses text as math (for `eval(mode: "math")`).
pub fn parse_math(text: &str) -> SyntaxNode {
    let mut p = Parser::new(text, LexMode::Math);
    math_exprs(&mut p, kinds!(End));
    p.finish(SyntaxKind::Math)
}

/// A set of syntax kinds, for stop conditions.
#[derive(Debug, Copy, Clone, Default)]
pub(super) struct KindSet {
    low: u128,
    high: u128,
}

impl KindSet {
    /// The empty set.
    pub const fn new() -> Self {
        Self { low: 0, high: 0 }
    }

    /// This set with `kind` added.
    pub const fn with(self, kind: SyntaxKind) -> Self {
        let bit = kind as u32;
        if bit < 128 {
            Self { low: self.low | (1 << bit), high: self.high }
        } else {
            Self { low: self.low, high: self.high | (1 << (bit - 128)) }
        }
    }

    /// This set without `kind`.
    pub const fn without(self, kind: SyntaxKind) -> Self {
        let bit = kind as u32;
        if bit < 128 {
            Self { low: self.low & !(1 << bit), high: self.high }
        } else {
            Self { low: self.low, high: self.high & !(1 << (bit - 128)) }
        }
    }

    /// The union of two sets.
    pub const fn union(self, other: Self) -> Self {
        Self { low: self.low | other.low, high: self.high | other.high }
    }

    /// Whether the set holds `kind`.
    pub const fn has(self, kind: SyntaxKind) -> bool {
        let bit = kind as u32;
        if bit < 128 { self.low & (1 << bit) != 0 } else { self.high & (1 << (bit - 128)) != 0 }
    }
}

/// A `KindSet` of the listed kinds.
macro_rules! kinds {
    ($($kind:ident),* $(,)?) => {
        $crate::syntax::parser::KindSet::new() $(.with($crate::syntax::SyntaxKind::$kind))*
    };
}
pub(super) use kinds;

/// What a newline in the trivia before a token means.
#[derive(Debug, Copy, Clone, Eq, PartialEq)]
pub(super) enum AtNewline {
    /// Newlines mean nothing.
    Continue,
    /// Any newline ends the construct.
    Stop,
    /// A newline ends the construct unless the next token is `else` or `.` (code).
    ContextualContinue,
    /// Only a paragraph break ends the construct (markup).
    StopParbreak,
    /// A newline ends the construct unless the next line is indented further than this
    /// column (markup list items).
    RequireColumn(usize),
}

impl AtNewline {
    /// Whether a newline described by `newline` before a token of `kind` ends the construct.
    fn stops(self, newline: Newline, kind: SyntaxKind) -> bool {
        match self {
            Self::Continue => false,
            Self::Stop => true,
            Self::ContextualContinue => !matches!(kind, SyntaxKind::Else | SyntaxKind::Dot),
            Self::StopParbreak => newline.parbreak,
            // Outside markup there is no column, and the construct goes on.
            Self::RequireColumn(min) => newline.column.is_some_and(|column| column <= min),
        }
    }
}

/// The newlines in the trivia before a token.
#[derive(Debug, Copy, Clone)]
struct Newline {
    /// The column the token starts at (markup only).
    column: Option<usize>,
    /// Whether the trivia held a paragraph break.
    parbreak: bool,
}

/// The lookahead token.
#[derive(Debug, Clone)]
struct Token {
    /// Its kind, or `End` where a newline ends the current construct.
    kind: SyntaxKind,
    /// Its node (with its real kind).
    node: SyntaxNode,
    /// How many trivia nodes precede it at the end of the node list.
    trivia: usize,
    /// The newlines in that trivia, if any.
    newline: Option<Newline>,
    /// Its start offset.
    start: usize,
    /// The end offset of the node before the trivia.
    prev_end: usize,
}

/// A position in the node list, for wrapping the nodes after it.
#[derive(Debug, Copy, Clone, Eq, PartialEq)]
pub(super) struct Marker(usize);

/// Enough state to go back to an earlier point.
#[derive(Debug, Clone)]
pub(super) struct Checkpoint {
    nodes: usize,
    state: State,
}

#[derive(Debug, Clone)]
struct State {
    cursor: usize,
    mode: LexMode,
    token: Token,
}

/// The column of a recent offset, so that columns cost no rescans of long lines.
#[derive(Debug, Copy, Clone, Default)]
struct ColumnCache {
    offset: usize,
    column: usize,
}

/// The parser state shared by the grammar functions.
pub(super) struct Parser<'s> {
    text: &'s str,
    lexer: Lexer<'s>,
    nl_mode: AtNewline,
    token: Token,
    nodes: Vec<SyntaxNode>,
    /// The recursion depth of the grammar functions.
    depth: usize,
    /// The chain links around the current position (see `LINKS_PER_LEVEL`).
    links: usize,
    columns: ColumnCache,
    /// Results of parenthesized expressions that were parsed a second time after a wrong
    /// guess, by start offset, so that no position is reparsed more than once.
    memo: HashMap<usize, (Range<usize>, State)>,
    memo_nodes: Vec<SyntaxNode>,
}

impl<'s> Parser<'s> {
    /// A parser at the start of `text` in `mode`.
    pub fn new(text: &'s str, mode: LexMode) -> Self {
        let mut lexer = Lexer::new(text, mode);
        let mut nodes = Vec::new();
        let mut columns = ColumnCache::default();
        let token = lex(&mut nodes, &mut lexer, AtNewline::Continue, &mut columns);
        Self {
            text,
            lexer,
            nl_mode: AtNewline::Continue,
            token,
            nodes,
            depth: 0,
            links: 0,
            columns,
            memo: HashMap::new(),
            memo_nodes: Vec::new(),
        }
    }

    /// Wraps everything into a root of `kind`. Anything left (only after a grammar bug)
    /// becomes an error, so that the tree always holds the whole text.
    pub fn finish(mut self, kind: SyntaxKind) -> SyntaxNode {
        self.nl_mode = AtNewline::Continue;
        while self.token.node.kind() != SyntaxKind::End {
            self.token.kind = self.token.node.kind();
            self.unexpected();
        }
        SyntaxNode::inner(kind, self.nodes)
    }

    /// The current token's kind.
    pub fn current(&self) -> SyntaxKind {
        self.token.kind
    }

    /// Whether the current token has `kind`.
    pub fn at(&self, kind: SyntaxKind) -> bool {
        self.token.kind == kind
    }

    /// Whether the current token's kind is in `set`.
    pub fn at_set(&self, set: KindSet) -> bool {
        set.has(self.token.kind)
    }

    /// Whether the parser is at the end (real, or a newline that ends the construct).
    pub fn end(&self) -> bool {
        self.at(SyntaxKind::End)
    }

    /// Whether the current token has `kind` and no trivia precedes it.
    pub fn directly_at(&self, kind: SyntaxKind) -> bool {
        self.at(kind) && !self.had_trivia()
    }

    /// Whether trivia precedes the current token.
    pub fn had_trivia(&self) -> bool {
        self.token.trivia > 0
    }

    /// Whether a newline precedes the current token.
    pub fn had_newline(&self) -> bool {
        self.token.newline.is_some()
    }

    /// The current token's text.
    pub fn current_text(&self) -> &'s str {
        self.text.get(self.token.start..self.lexer.cursor()).unwrap_or("")
    }

    /// The current token's start offset.
    pub fn current_start(&self) -> usize {
        self.token.start
    }

    /// The whole source text.
    pub fn text(&self) -> &'s str {
        self.text
    }

    /// The column (in characters) the current token starts at.
    pub fn current_column(&mut self) -> usize {
        match self.token.newline.and_then(|newline| newline.column) {
            Some(column) => column,
            None => column_at(self.text, self.token.start, &mut self.columns),
        }
    }

    /// A marker at the current token (after its trivia).
    pub fn marker(&self) -> Marker {
        Marker(self.nodes.len())
    }

    /// A marker before the trivia that precedes the current token.
    pub fn before_trivia(&self) -> Marker {
        Marker(self.nodes.len().saturating_sub(self.token.trivia))
    }

    /// The node at a marker.
    pub fn node_mut(&mut self, m: Marker) -> Option<&mut SyntaxNode> {
        self.nodes.get_mut(m.0)
    }

    /// The kind of the node at a marker (`End` if there is none).
    pub fn kind_at(&self, m: Marker) -> SyntaxKind {
        self.nodes.get(m.0).map_or(SyntaxKind::End, SyntaxNode::kind)
    }

    /// Eats the current token (the real end is never eaten).
    pub fn eat(&mut self) {
        if self.token.node.kind() == SyntaxKind::End {
            return;
        }
        self.nodes.push(std::mem::take(&mut self.token.node));
        self.token = lex(&mut self.nodes, &mut self.lexer, self.nl_mode, &mut self.columns);
    }

    /// Eats the current token if it has `kind`.
    pub fn eat_if(&mut self, kind: SyntaxKind) -> bool {
        let at = self.at(kind);
        if at {
            self.eat();
        }
        at
    }

    /// Eats the current token if it has `kind` and no trivia precedes it.
    pub fn eat_if_direct(&mut self, kind: SyntaxKind) -> bool {
        let at = self.directly_at(kind);
        if at {
            self.eat();
        }
        at
    }

    /// Eats the current token as a node of `kind`.
    pub fn convert_and_eat(&mut self, kind: SyntaxKind) {
        self.token.node.convert_to_kind(kind);
        self.eat();
    }

    /// Eats the current token and returns its node.
    pub fn eat_and_get(&mut self) -> Option<&mut SyntaxNode> {
        let index = self.nodes.len();
        self.eat();
        self.nodes.get_mut(index)
    }

    /// Replaces the current token by a leaf of `kind` that ends at `end` (re-cutting the
    /// text the lexer saw in another way).
    pub fn recut_current(&mut self, kind: SyntaxKind, end: usize) {
        let text = self.text.get(self.token.start..end).unwrap_or("");
        self.token.node = SyntaxNode::leaf(kind, text);
        self.token.kind = kind;
        self.lexer.jump(end);
    }

    /// Wraps the nodes from `from` up to the current trivia into an inner node of `kind`.
    pub fn wrap(&mut self, from: Marker, kind: SyntaxKind) {
        let to = self.before_trivia().0;
        let from = from.0.min(to);
        let children: Vec<SyntaxNode> = self.nodes.drain(from..to).collect();
        self.nodes.insert(from, SyntaxNode::inner(kind, children));
    }

    /// Wraps the nodes from `from` up to the current trivia into an error node.
    pub fn wrap_error(&mut self, from: Marker, message: impl Into<EcoString>) {
        let to = self.before_trivia().0;
        let from = from.0.min(to);
        let len: usize = self.nodes.drain(from..to).map(|node| node.len()).sum();
        let end = self.token.prev_end;
        let text = self.text.get(end.saturating_sub(len)..end).unwrap_or("");
        self.nodes.insert(from, SyntaxNode::error(SyntaxError::new(message), text));
    }

    /// Lets the trivia before the current token count as already parsed, so that the next
    /// wrap includes it.
    pub fn flush_trivia(&mut self) {
        self.token.trivia = 0;
        self.token.prev_end = self.token.start;
    }

    /// Runs `f` with the lexer in `mode` and newlines meaning `nl_mode`; afterwards the
    /// current token is lexed again in the outer mode.
    pub fn enter_modes(&mut self, mode: LexMode, nl_mode: AtNewline, f: impl FnOnce(&mut Self)) {
        let previous = self.lexer.mode();
        self.lexer.set_mode(mode);
        self.with_nl_mode(nl_mode, f);
        if mode != previous {
            self.lexer.set_mode(previous);
            self.lexer.jump(self.token.prev_end);
            let keep = self.nodes.len().saturating_sub(self.token.trivia);
            self.nodes.truncate(keep);
            self.token = lex(&mut self.nodes, &mut self.lexer, self.nl_mode, &mut self.columns);
        }
    }

    /// Runs `f` with newlines meaning `nl_mode`; afterwards the current token is judged
    /// again under the outer meaning.
    pub fn with_nl_mode(&mut self, nl_mode: AtNewline, f: impl FnOnce(&mut Self)) {
        let previous = self.nl_mode;
        self.nl_mode = nl_mode;
        f(self);
        self.nl_mode = previous;
        if let Some(newline) = self.token.newline
            && nl_mode != previous
        {
            let kind = self.token.node.kind();
            self.token.kind = if previous.stops(newline, kind) { SyntaxKind::End } else { kind };
        }
    }
}

/// Lexes the trivia (pushing it onto `nodes`) and the token after it.
fn lex(
    nodes: &mut Vec<SyntaxNode>,
    lexer: &mut Lexer,
    nl_mode: AtNewline,
    columns: &mut ColumnCache,
) -> Token {
    let prev_end = lexer.cursor();
    let mut start = prev_end;
    let (mut kind, mut node) = lexer.next_token();
    let mut trivia = 0;
    let mut had_newline = false;
    let mut parbreak = false;
    while is_skipped(kind) {
        had_newline |= lexer.newline();
        parbreak |= kind == SyntaxKind::Parbreak;
        trivia += 1;
        nodes.push(node);
        start = lexer.cursor();
        (kind, node) = lexer.next_token();
    }
    let newline = had_newline.then(|| {
        let column =
            (lexer.mode() == LexMode::Markup).then(|| column_at(lexer.source(), start, columns));
        Newline { column, parbreak }
    });
    if let Some(newline) = newline
        && nl_mode.stops(newline, kind)
    {
        kind = SyntaxKind::End;
    }
    Token { kind, node, trivia, newline, start, prev_end }
}

/// Whether the parser passes over tokens of `kind` (whitespace and comments; paragraph
/// breaks are markup nodes, but the parser sees them as whitespace too).
fn is_skipped(kind: SyntaxKind) -> bool {
    kind.is_trivia() || kind == SyntaxKind::Parbreak
}

/// The column of byte `offset` in `text`, counted in characters from the start of its line.
/// Moving forward from the cached offset costs the distance moved; moving back costs the
/// distance back (or the part of that line before `offset`, which is shorter).
fn column_at(text: &str, offset: usize, cache: &mut ColumnCache) -> usize {
    let column = if offset >= cache.offset {
        let mut column = cache.column;
        for c in text.get(cache.offset..offset).unwrap_or("").chars() {
            column = if is_newline(c) { 0 } else { column + 1 };
        }
        column
    } else {
        let between = text.get(offset..cache.offset).unwrap_or("");
        if between.chars().any(is_newline) {
            let before = text.get(..offset).unwrap_or("");
            before.chars().rev().take_while(|&c| !is_newline(c)).count()
        } else {
            cache.column.saturating_sub(between.chars().count())
        }
    };
    *cache = ColumnCache { offset, column };
    column
}

/// Errors.
impl Parser<'_> {
    /// Eats the current token if it has `kind`; otherwise records that it was expected.
    pub fn expect(&mut self, kind: SyntaxKind) -> bool {
        if self.eat_if(kind) {
            return true;
        }
        if kind == SyntaxKind::Ident && self.token.kind.is_keyword() {
            self.trim_errors();
            if let Some(node) = self.eat_and_get() {
                node.expected(kind.name());
            }
        } else {
            self.expected(kind.name());
        }
        false
    }

    /// Eats the closing delimiter `kind`, or marks the opening one at `open` as unclosed.
    pub fn expect_closing(&mut self, open: Marker, kind: SyntaxKind) -> bool {
        if self.eat_if(kind) {
            return true;
        }
        if let Some(node) = self.nodes.get_mut(open.0) {
            node.convert_to_error("unclosed delimiter");
        }
        false
    }

    /// Records that `what` was expected here: an erroneous token is eaten (it already says
    /// what is wrong), otherwise an empty error is inserted (unless one just came).
    pub fn expected(&mut self, what: &str) {
        if self.token.kind == SyntaxKind::Error {
            self.trim_errors();
            self.eat();
        } else if !self.after_error() {
            self.expected_at(self.before_trivia(), what);
        }
    }

    /// Inserts an empty "expected" error at `m`.
    pub fn expected_at(&mut self, m: Marker, what: &str) {
        let error = SyntaxError::new(eco_format!("expected {what}"));
        let at = m.0.min(self.nodes.len());
        self.nodes.insert(at, SyntaxNode::error(error, ""));
    }

    /// Whether the last node before the current trivia is an error.
    fn after_error(&self) -> bool {
        let m = self.before_trivia().0;
        m > 0 && self.nodes.get(m - 1).is_some_and(|node| node.kind().is_error())
    }

    /// Adds a hint to the error just before the current trivia.
    pub fn hint(&mut self, hint: &str) {
        let m = self.before_trivia().0;
        if let Some(node) = m.checked_sub(1).and_then(|i| self.nodes.get_mut(i)) {
            node.hint(hint);
        }
    }

    /// Eats the current token as an error saying it was unexpected. At the end, an empty
    /// error says so instead.
    pub fn unexpected(&mut self) {
        if self.token.node.kind() == SyntaxKind::End {
            self.trim_errors();
            let error = SyntaxError::new("unexpected end of tokens");
            self.nodes.push(SyntaxNode::error(error, ""));
            // Like a token eaten, the trivia before the end now lies before the error.
            self.flush_trivia();
            self.token.newline = None;
            return;
        }
        self.trim_errors();
        if let Some(node) = self.eat_and_get() {
            node.unexpected();
        }
    }

    /// Drops empty errors just before the current trivia (a real error replaces them).
    fn trim_errors(&mut self) {
        let end = self.before_trivia().0;
        let mut start = end;
        while start > 0
            && self
                .nodes
                .get(start - 1)
                .is_some_and(|node| node.kind().is_error() && node.is_empty())
        {
            start -= 1;
        }
        self.nodes.drain(start..end);
    }
}

/// Depth.
impl Parser<'_> {
    /// Runs `f` one level deeper, or, past the depth limit, turns the current group into a
    /// "maximum parsing depth exceeded" error instead. Returns whether `f` ran.
    pub fn nested(&mut self, f: impl FnOnce(&mut Self)) -> bool {
        if self.level() >= MAX_DEPTH {
            self.depth_exceeded(None);
            return false;
        }
        self.depth += 1;
        f(self);
        self.depth -= 1;
        true
    }

    /// Whether the depth limit is reached. If so, the tokens up to the first of `stop` at
    /// bracket balance become a "maximum parsing depth exceeded" error.
    pub fn too_deep(&mut self, stop: KindSet) -> bool {
        let deep = self.level() >= MAX_DEPTH;
        if deep {
            self.depth_exceeded(Some(stop));
        }
        deep
    }

    /// The nesting level: recursion depth plus the weight of the chain links around.
    fn level(&self) -> usize {
        self.depth + self.links / LINKS_PER_LEVEL
    }

    /// Counts `links` more chain links (constructs that nest the tree without recursion)
    /// until `release` gives them back.
    pub fn deepen(&mut self, links: usize) {
        self.links += links;
    }

    /// Gives back links counted by `deepen`.
    pub fn release(&mut self, links: usize) {
        self.links = self.links.saturating_sub(links);
    }

    /// Turns tokens into one depth error: at least one token (a whole bracketed group if it
    /// opens one), then on until a token of `stop` at bracket balance, or the end. At the
    /// end (or a newline that ends the construct), the error is empty.
    fn depth_exceeded(&mut self, stop: Option<KindSet>) {
        if self.end() {
            let error = SyntaxError::new("maximum parsing depth exceeded");
            let at = self.before_trivia().0;
            self.nodes.insert(at, SyntaxNode::error(error, ""));
            return;
        }
        let m = self.marker();
        self.with_nl_mode(AtNewline::Continue, |p| {
            let mut balance = 0usize;
            loop {
                if p.at_set(kinds!(LeftBrace, LeftBracket, LeftParen)) {
                    balance += 1;
                } else if p.at_set(kinds!(RightBrace, RightBracket, RightParen)) {
                    balance = balance.saturating_sub(1);
                }
                p.eat();
                if p.end() || (balance == 0 && stop.is_none_or(|stop| p.at_set(stop))) {
                    break;
                }
            }
        });
        self.wrap_error(m, "maximum parsing depth exceeded");
    }
}

/// Backtracking.
impl Parser<'_> {
    /// A checkpoint to go back to.
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            nodes: self.nodes.len(),
            state: State {
                cursor: self.lexer.cursor(),
                mode: self.lexer.mode(),
                token: self.token.clone(),
            },
        }
    }

    /// Goes back to a checkpoint, dropping the nodes parsed since.
    pub fn restore(&mut self, checkpoint: &Checkpoint) {
        self.nodes.truncate(checkpoint.nodes);
        self.restore_state(checkpoint.state.clone());
    }

    fn restore_state(&mut self, state: State) {
        self.lexer.jump(state.cursor);
        self.lexer.set_mode(state.mode);
        self.token = state.token;
    }

    /// Replays the remembered result of a reparse at the current position, if there is one.
    pub fn replay(&mut self) -> bool {
        let Some((range, state)) = self.memo.get(&self.token.start).cloned() else {
            return false;
        };
        if let Some(nodes) = self.memo_nodes.get(range) {
            self.nodes.extend_from_slice(nodes);
        }
        self.restore_state(state);
        true
    }

    /// Remembers the nodes parsed since `checkpoint` (a reparse at its position) and the
    /// state after them.
    pub fn remember(&mut self, checkpoint: &Checkpoint) {
        let now = self.checkpoint();
        let first = self.memo_nodes.len();
        if let Some(nodes) = self.nodes.get(checkpoint.nodes..now.nodes) {
            self.memo_nodes.extend_from_slice(nodes);
        }
        let range = first..self.memo_nodes.len();
        self.memo.insert(checkpoint.state.token.start, (range, now.state));
    }
}

/// Helpers for the grammar modules' tests.
#[cfg(test)]
pub(super) mod testing {
    use super::SyntaxNode;
    use crate::base::FileId;

    /// A compact form of a tree: leaves and errors as `Kind"text"`, inner nodes as
    /// `Kind[children]`, siblings separated by spaces.
    pub fn dump(node: &SyntaxNode) -> String {
        if node.is_inner() {
            let children: Vec<String> = node.children().map(dump).collect();
            format!("{:?}[{}]", node.kind(), children.join(" "))
        } else {
            format!("{:?}{:?}", node.kind(), node.text().as_str())
        }
    }

    /// Checks that `root` holds `text`, that its children dump to `tree`, and that its
    /// errors are `errors`.
    #[track_caller]
    pub fn check(root: SyntaxNode, text: &str, tree: &str, errors: &str) {
        let children: Vec<String> = root.children().map(dump).collect();
        assert_eq!(children.join(" "), tree, "tree of {text:?}");
        check_errors(root, text, errors);
    }

    /// Checks that `root` holds `text` and that its errors are `errors`, written
    /// `start-end message | hint | hint` and joined by "; ".
    #[track_caller]
    pub fn check_errors(mut root: SyntaxNode, text: &str, errors: &str) {
        assert_eq!(root.to_text(), text, "round trip");
        assert!(root.numberize(FileId::new("/t.typ")).is_ok());
        let found: Vec<String> = root
            .errors()
            .iter()
            .map(|error| {
                let range = root.range_of(error.span, 0).unwrap_or(0..0);
                let mut line = format!("{}-{} {}", range.start, range.end, error.message);
                for hint in &error.hints {
                    line.push_str(" | ");
                    line.push_str(hint);
                }
                line
            })
            .collect();
        assert_eq!(found.join("; "), errors, "errors of {text:?}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Parses `text` in `mode`; checks that the tree holds the text and that its errors
    /// are `errors` (see `testing::check_errors`).
    #[track_caller]
    fn check(mode: LexMode, text: &str, errors: &str) {
        let root = match mode {
            LexMode::Markup => parse(text),
            LexMode::Code => parse_code(text),
            LexMode::Math => parse_math(text),
        };
        testing::check_errors(root, text, errors);
    }

    #[test]
    fn round_trips_odd_text() {
        let texts = [
            "",
            "\r",
            "\r\n\r\n",
            "\0",
            "a\u{2028}b",
            "#",
            "$",
            "[",
            "]",
            "}",
            ")",
            "*_`",
            "\\",
            "#{",
            "#(",
            "#[",
            "$(",
            "```",
            "//",
            "/*",
            "*/",
            "#let",
            "= ",
            "- ",
            "+ ",
            "/ ",
            "#f(a:",
            "#x.",
            "<",
            "@",
            "http://",
            "\u{FEFF}x",
            "#\"\\",
            "$\"$",
            "#import",
            "$ a_ $",
            "#(x) =",
            "#show",
            "#set",
            "$√$",
            "$''$",
            "\t- a\n  - b\n- c",
        ];
        for text in texts {
            for mode in [LexMode::Markup, LexMode::Code, LexMode::Math] {
                let root = match mode {
                    LexMode::Markup => parse(text),
                    LexMode::Code => parse_code(text),
                    LexMode::Math => parse_math(text),
                };
                assert_eq!(root.to_text(), text, "{mode:?} {text:?}");
            }
        }
    }

    #[test]
    fn deep_nesting_is_an_error_not_an_overflow() {
        let n = 100_000;
        let cases = [
            (LexMode::Code, "(".repeat(n)),
            (LexMode::Code, "[#".repeat(n)),
            (LexMode::Code, "{".repeat(n)),
            (LexMode::Markup, "$#".repeat(n)),
            (LexMode::Markup, "#[".repeat(n)),
            (LexMode::Markup, "*_".repeat(n)),
            (LexMode::Markup, "#f(".repeat(n)),
            (LexMode::Code, "-".repeat(n)),
            (LexMode::Code, "not ".repeat(n)),
            (LexMode::Code, "context ".repeat(n)),
            (LexMode::Code, "x => ".repeat(n)),
            (LexMode::Code, "1+".repeat(n) + "1"),
            (LexMode::Code, "x".to_string() + &".y".repeat(n)),
            (LexMode::Code, "f".to_string() + &"()".repeat(n)),
            (LexMode::Math, "(".repeat(n)),
            (LexMode::Math, "a^".repeat(n)),
            (LexMode::Math, "a/".repeat(n)),
            (LexMode::Math, "√".repeat(n)),
            (LexMode::Math, "x".to_string() + &"!".repeat(n)),
            (LexMode::Math, "f(".repeat(n)),
            (LexMode::Markup, (0..2000).map(|i| format!("{}- a\n", " ".repeat(i))).collect()),
        ];
        for (mode, text) in cases {
            let root = match mode {
                LexMode::Markup => parse(&text),
                LexMode::Code => parse_code(&text),
                LexMode::Math => parse_math(&text),
            };
            assert_eq!(root.to_text(), text.as_str());
            let errors = root.errors();
            assert!(
                errors.iter().any(|e| e.message == "maximum parsing depth exceeded"),
                "{mode:?} {:?}",
                text.get(..20)
            );
        }
    }

    #[test]
    fn depth_limit_allows_256_levels() {
        let ok = "(".repeat(255) + "()" + &")".repeat(255);
        check(LexMode::Code, &ok, "");
        let deep = "(".repeat(256) + "()" + &")".repeat(256);
        check(LexMode::Code, &deep, "256-258 maximum parsing depth exceeded");
    }

    #[test]
    fn chains_may_be_long_but_not_endless() {
        check(LexMode::Code, &("1+".repeat(1000) + "1"), "");
        check(LexMode::Code, &("x".to_string() + &".f()".repeat(400)), "");
        check(LexMode::Math, &("a/".repeat(1000) + "a"), "");
        let chain = "1+".repeat(1100) + "1";
        check(LexMode::Code, &chain, "2041-2201 maximum parsing depth exceeded");
    }

    #[test]
    fn errors_carry_their_ranges() {
        check(LexMode::Markup, "#", "1-1 expected expression");
        check(LexMode::Markup, "#  hello", "1-1 expected expression");
        check(LexMode::Markup, "*a", "0-1 unclosed delimiter");
        check(
            LexMode::Markup,
            "a]",
            "1-2 unexpected closing bracket | try using a backslash escape: \\]",
        );
        check(LexMode::Code, "(1", "0-1 unclosed delimiter");
    }

    #[test]
    fn column_cache_moves_both_ways() {
        let text = "ab\ncde\nf";
        let mut cache = ColumnCache::default();
        assert_eq!(column_at(text, 5, &mut cache), 2);
        assert_eq!(column_at(text, 8, &mut cache), 1);
        assert_eq!(column_at(text, 4, &mut cache), 1);
        assert_eq!(column_at(text, 1, &mut cache), 1);
    }

    #[test]
    fn kind_sets_cover_every_kind() {
        let set = kinds!(End, DestructAssignment).with(SyntaxKind::Hash);
        assert!(set.has(SyntaxKind::End) && set.has(SyntaxKind::DestructAssignment));
        assert!(set.has(SyntaxKind::Hash) && !set.has(SyntaxKind::Math));
        assert!(!set.without(SyntaxKind::DestructAssignment).has(SyntaxKind::DestructAssignment));
        assert!(KindSet::new().union(set).has(SyntaxKind::End));
    }
}
