//! The lossless concrete syntax tree: leaves hold text, inner nodes hold children, error
//! nodes hold the offending text plus a message. Concatenating all leaf texts gives back the
//! source byte for byte.
//!
//! After parsing, `numberize` gives every node a span number in pre-order, so that a span
//! resolves to a byte range by a descent that binary-searches each level (`range_of`).
//!
//! Inner nodes can also carry warnings (Typst's parser warns about `**` with no text, for
//! example): they do not make the tree erroneous and take the node's span.

use std::fmt::{self, Debug, Formatter};
use std::ops::Range;
use std::sync::Arc;

use ecow::{EcoString, EcoVec};

use super::SyntaxKind;
use crate::base::{FileId, Severity, SourceDiagnostic, Span};

/// A node in the concrete syntax tree. Cheap to clone (inner nodes are shared).
#[derive(Clone, Eq, PartialEq, Hash)]
pub struct SyntaxNode(Repr);

#[derive(Clone, Eq, PartialEq, Hash)]
enum Repr {
    Leaf(LeafNode),
    Inner(Arc<InnerNode>),
    Error(Arc<ErrorNode>),
}

#[derive(Clone, Eq, PartialEq, Hash)]
struct LeafNode {
    kind: SyntaxKind,
    text: EcoString,
    span: Span,
}

#[derive(Clone, Eq, PartialEq, Hash)]
struct InnerNode {
    kind: SyntaxKind,
    /// Byte length of the whole subtree.
    len: usize,
    span: Span,
    /// Number of nodes in the subtree, this one included.
    descendants: usize,
    /// Whether the subtree contains an error node.
    erroneous: bool,
    /// Whether the subtree contains a warning.
    warned: bool,
    /// Warnings about this node itself.
    warnings: EcoVec<SyntaxError>,
    children: Vec<SyntaxNode>,
}

#[derive(Clone, Eq, PartialEq, Hash)]
struct ErrorNode {
    text: EcoString,
    error: SyntaxError,
}

/// A syntax error, carried by an error node.
#[derive(Debug, Clone, Eq, PartialEq, Hash)]
pub struct SyntaxError {
    /// The error node's span (set by `numberize`).
    pub span: Span,
    pub message: EcoString,
    pub hints: EcoVec<EcoString>,
    /// For a warning about part of its node: the bytes it is about, relative to the
    /// node's start (`numberize` turns them into the span).
    pub within: Option<Range<usize>>,
    /// Hints about a part of the node: (index into `hints`, bytes relative to the node's
    /// start), and the spans `numberize` makes of them.
    pub hint_ranges: EcoVec<(usize, Range<usize>)>,
    pub hint_spans: EcoVec<(usize, Span)>,
}

impl SyntaxError {
    /// A detached error with a message.
    pub fn new(message: impl Into<EcoString>) -> Self {
        Self {
            span: Span::detached(),
            message: message.into(),
            hints: EcoVec::new(),
            within: None,
            hint_ranges: EcoVec::new(),
            hint_spans: EcoVec::new(),
        }
    }

    /// The diagnostic of this error or warning, spanned hints included.
    pub fn to_diagnostic(&self, severity: Severity) -> SourceDiagnostic {
        let mut diag = match severity {
            Severity::Error => SourceDiagnostic::error(self.span, self.message.clone()),
            Severity::Warning => SourceDiagnostic::warning(self.span, self.message.clone()),
        };
        diag.hints = self.hints.clone();
        diag.hint_spans = self.hint_spans.clone();
        diag
    }
}

/// A tree too large to give every node its own span number.
#[derive(Debug, Copy, Clone, Eq, PartialEq)]
pub struct Unnumberable;

impl SyntaxNode {
    /// A leaf node.
    pub fn leaf(kind: SyntaxKind, text: impl Into<EcoString>) -> Self {
        Self(Repr::Leaf(LeafNode { kind, text: text.into(), span: Span::detached() }))
    }

    /// An inner node with children.
    pub fn inner(kind: SyntaxKind, children: Vec<SyntaxNode>) -> Self {
        let mut len = 0;
        let mut descendants = 1;
        let mut erroneous = false;
        let mut warned = false;
        for child in &children {
            len += child.len();
            descendants += child.descendants();
            erroneous |= child.erroneous();
            warned |= child.warned();
        }
        Self(Repr::Inner(Arc::new(InnerNode {
            kind,
            len,
            span: Span::detached(),
            descendants,
            erroneous,
            warned,
            warnings: EcoVec::new(),
            children,
        })))
    }

    /// An error node holding `text` that failed with `error`.
    pub fn error(error: SyntaxError, text: impl Into<EcoString>) -> Self {
        Self(Repr::Error(Arc::new(ErrorNode { text: text.into(), error })))
    }

    /// A placeholder for tests and defaults: an empty `Markup` node.
    pub fn placeholder() -> Self {
        Self::inner(SyntaxKind::Markup, Vec::new())
    }

    /// The node's kind.
    pub fn kind(&self) -> SyntaxKind {
        match &self.0 {
            Repr::Leaf(leaf) => leaf.kind,
            Repr::Inner(inner) => inner.kind,
            Repr::Error(_) => SyntaxKind::Error,
        }
    }

    /// Whether the node has the given kind.
    pub fn is(&self, kind: SyntaxKind) -> bool {
        self.kind() == kind
    }

    /// Whether this is an inner node (even one without children), not a leaf or an error.
    pub fn is_inner(&self) -> bool {
        matches!(self.0, Repr::Inner(_))
    }

    /// Whether this is an empty node (zero bytes).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The byte length of the node's source text.
    pub fn len(&self) -> usize {
        match &self.0 {
            Repr::Leaf(leaf) => leaf.text.len(),
            Repr::Inner(inner) => inner.len,
            Repr::Error(node) => node.text.len(),
        }
    }

    /// The node's span.
    pub fn span(&self) -> Span {
        match &self.0 {
            Repr::Leaf(leaf) => leaf.span,
            Repr::Inner(inner) => inner.span,
            Repr::Error(node) => node.error.span,
        }
    }

    /// The text of a leaf or error node; empty for inner nodes (see `to_text`).
    pub fn text(&self) -> &EcoString {
        static EMPTY: EcoString = EcoString::new();
        match &self.0 {
            Repr::Leaf(leaf) => &leaf.text,
            Repr::Inner(_) => &EMPTY,
            Repr::Error(node) => &node.text,
        }
    }

    /// The whole source text of the subtree.
    pub fn to_text(&self) -> EcoString {
        let mut out = EcoString::new();
        self.write_text(&mut out);
        out
    }

    fn write_text(&self, out: &mut EcoString) {
        match &self.0 {
            Repr::Inner(inner) => inner.children.iter().for_each(|c| c.write_text(out)),
            _ => out.push_str(self.text()),
        }
    }

    /// The node's children (empty for leaves and errors).
    pub fn children(&self) -> std::slice::Iter<'_, SyntaxNode> {
        match &self.0 {
            Repr::Inner(inner) => inner.children.iter(),
            _ => [].iter(),
        }
    }

    /// Number of nodes in the subtree, this one included.
    pub fn descendants(&self) -> usize {
        match &self.0 {
            Repr::Inner(inner) => inner.descendants,
            _ => 1,
        }
    }

    /// Whether the subtree contains an error.
    pub fn erroneous(&self) -> bool {
        match &self.0 {
            Repr::Leaf(_) => false,
            Repr::Inner(inner) => inner.erroneous,
            Repr::Error(_) => true,
        }
    }

    /// Whether the subtree contains a warning.
    pub fn warned(&self) -> bool {
        match &self.0 {
            Repr::Inner(inner) => inner.warned,
            _ => false,
        }
    }

    /// Attaches a warning to an inner node (no effect on leaves and errors, which the parser
    /// never warns about).
    pub fn warn(&mut self, message: impl Into<EcoString>, hints: &[&str]) {
        self.warn_within(None, message, hints);
    }

    /// Attaches a warning about the bytes `within` the node (relative to its start) to an
    /// inner node, or about the whole node without `within`.
    pub fn warn_within(
        &mut self,
        within: Option<Range<usize>>,
        message: impl Into<EcoString>,
        hints: &[&str],
    ) {
        if let Repr::Inner(inner) = &mut self.0 {
            let inner = Arc::make_mut(inner);
            let mut warning = SyntaxError::new(message);
            warning.hints.extend(hints.iter().map(|&hint| EcoString::from(hint)));
            warning.within = within;
            inner.warnings.push(warning);
            inner.warned = true;
        }
    }

    /// Adds a hint about the bytes `within` the node (relative to its start) to the
    /// node's last warning.
    pub fn hint_within(&mut self, within: Range<usize>, hint: impl Into<EcoString>) {
        if let Repr::Inner(inner) = &mut self.0
            && let Some(warning) = Arc::make_mut(inner).warnings.make_mut().last_mut()
        {
            warning.hint_ranges.push((warning.hints.len(), within));
            warning.hints.push(hint.into());
        }
    }

    /// All warnings of the subtree, in pre-order.
    pub fn warnings(&self) -> Vec<SyntaxError> {
        let mut out = Vec::new();
        self.collect_warnings(&mut out);
        out
    }

    fn collect_warnings(&self, out: &mut Vec<SyntaxError>) {
        if let Repr::Inner(inner) = &self.0
            && inner.warned
        {
            out.extend(inner.warnings.iter().cloned());
            inner.children.iter().for_each(|c| c.collect_warnings(out));
        }
    }

    /// All errors of the subtree, in source order.
    pub fn errors(&self) -> Vec<SyntaxError> {
        let mut out = Vec::new();
        self.collect_errors(&mut out);
        out
    }

    fn collect_errors(&self, out: &mut Vec<SyntaxError>) {
        match &self.0 {
            Repr::Leaf(_) => {}
            Repr::Inner(inner) if inner.erroneous => {
                inner.children.iter().for_each(|c| c.collect_errors(out))
            }
            Repr::Inner(_) => {}
            Repr::Error(node) => out.push(node.error.clone()),
        }
    }

    /// Adds a hint to an error node (no effect on other nodes).
    pub fn hint(&mut self, hint: impl Into<EcoString>) {
        if let Repr::Error(node) = &mut self.0 {
            Arc::make_mut(node).error.hints.push(hint.into());
        }
    }

    /// Turns this node into an error node with `message`, keeping its text.
    pub fn convert_to_error(&mut self, message: impl Into<EcoString>) {
        if !self.kind().is_error() {
            let text = self.to_text();
            *self = SyntaxNode::error(SyntaxError::new(message), text);
        }
    }

    /// Changes the kind of a leaf or inner node (no effect on error nodes).
    pub fn convert_to_kind(&mut self, kind: SyntaxKind) {
        match &mut self.0 {
            Repr::Leaf(leaf) => leaf.kind = kind,
            Repr::Inner(inner) => Arc::make_mut(inner).kind = kind,
            Repr::Error(_) => {}
        }
    }

    /// Turns this node into an error saying what was expected instead
    /// (`expected expression, found star`).
    pub fn expected(&mut self, expected: &str) {
        let kind = self.kind();
        self.convert_to_error(ecow::eco_format!("expected {expected}, found {}", kind.name()));
        if kind.is_keyword() && matches!(expected, "identifier" | "pattern") {
            self.hint(ecow::eco_format!(
                "keyword `{}` is not allowed as an identifier; try `{}_` instead",
                self.text(),
                self.text()
            ));
        }
    }

    /// Turns this node into an error saying that it was not expected here.
    pub fn unexpected(&mut self) {
        let name = self.kind().name();
        self.convert_to_error(ecow::eco_format!("unexpected {name}"));
    }

    /// Gives every node of the subtree a span in file `id`, numbering in pre-order from
    /// `Span::FIRST`.
    pub fn numberize(&mut self, id: FileId) -> Result<(), Unnumberable> {
        if Span::FIRST + self.descendants() as u64 > Span::LIMIT {
            return Err(Unnumberable);
        }
        self.numberize_from(id, Span::FIRST, 0);
        Ok(())
    }

    /// Numbers the subtree from `number` on; it starts at byte `offset` of its file.
    fn numberize_from(&mut self, id: FileId, number: u64, offset: usize) {
        // Bounds were checked once for the whole tree in `numberize`.
        let span = Span::new(id, number).unwrap_or(Span::detached());
        match &mut self.0 {
            Repr::Leaf(leaf) => leaf.span = span,
            Repr::Error(node) => Arc::make_mut(node).error.span = span,
            Repr::Inner(inner) => {
                let inner = Arc::make_mut(inner);
                inner.span = span;
                let at = |within: &Range<usize>| {
                    Span::from_range(id, offset + within.start..offset + within.end)
                };
                for warning in inner.warnings.make_mut() {
                    warning.span = warning.within.as_ref().map_or(span, at);
                    warning.hint_spans =
                        warning.hint_ranges.iter().map(|(i, within)| (*i, at(within))).collect();
                }
                let (mut next, mut at) = (number + 1, offset);
                for child in &mut inner.children {
                    child.numberize_from(id, next, at);
                    next += child.descendants() as u64;
                    at += child.len();
                }
            }
        }
    }

    /// Gives every node of the subtree the same `span`: text that has no file of its own
    /// (a string given to `eval`) is located where it was written.
    pub fn synthesize(&mut self, span: Span) {
        match &mut self.0 {
            Repr::Leaf(leaf) => leaf.span = span,
            Repr::Error(node) => Arc::make_mut(node).error.span = span,
            Repr::Inner(inner) => {
                let inner = Arc::make_mut(inner);
                inner.span = span;
                for warning in inner.warnings.make_mut() {
                    warning.span = span;
                }
                for child in &mut inner.children {
                    child.synthesize(span);
                }
            }
        }
    }

    /// The byte range of the node with `span` in this (numbered) tree, which starts at byte
    /// `offset` of its file.
    pub fn range_of(&self, span: Span, offset: usize) -> Option<Range<usize>> {
        let mut node = self;
        let mut offset = offset;
        let target = span.number();
        loop {
            let start = node.span().number();
            if target == start {
                return Some(offset..offset + node.len());
            }
            let Repr::Inner(inner) = &node.0 else { return None };
            if target < start || target >= start + inner.descendants as u64 {
                return None;
            }
            // Children are numbered in increasing order: find the last one starting at or
            // before the target.
            let idx = inner.children.partition_point(|c| c.span().number() <= target);
            let idx = idx.checked_sub(1)?;
            offset += inner.children[..idx].iter().map(SyntaxNode::len).sum::<usize>();
            node = &inner.children[idx];
        }
    }

    /// Whether two trees are equal ignoring spans.
    pub fn spanless_eq(&self, other: &Self) -> bool {
        match (&self.0, &other.0) {
            (Repr::Leaf(a), Repr::Leaf(b)) => a.kind == b.kind && a.text == b.text,
            (Repr::Inner(a), Repr::Inner(b)) => {
                a.kind == b.kind
                    && a.len == b.len
                    && a.children.len() == b.children.len()
                    && a.children.iter().zip(&b.children).all(|(x, y)| x.spanless_eq(y))
            }
            (Repr::Error(a), Repr::Error(b)) => {
                a.text == b.text && a.error.message == b.error.message
            }
            _ => false,
        }
    }
}

impl Default for SyntaxNode {
    fn default() -> Self {
        Self::leaf(SyntaxKind::End, EcoString::new())
    }
}

/// Shows the tree as an indented outline: `Kind: len` for inner nodes, `Kind: "text"` for
/// leaves, `Error: "text" (message)` for errors.
impl Debug for SyntaxNode {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        match &self.0 {
            Repr::Leaf(leaf) => write!(f, "{:?}: {:?}", leaf.kind, leaf.text),
            Repr::Error(node) => {
                write!(f, "Error: {:?} ({})", node.text, node.error.message)
            }
            Repr::Inner(inner) => {
                write!(f, "{:?}: {}", inner.kind, inner.len)?;
                if !inner.children.is_empty() {
                    f.write_str(" ")?;
                    f.debug_list().entries(&inner.children).finish()?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> SyntaxNode {
        // `*a* b` as Markup[Strong[Star, Markup[Text], Star], Space, Text]
        SyntaxNode::inner(
            SyntaxKind::Markup,
            vec![
                SyntaxNode::inner(
                    SyntaxKind::Strong,
                    vec![
                        SyntaxNode::leaf(SyntaxKind::Star, "*"),
                        SyntaxNode::inner(
                            SyntaxKind::Markup,
                            vec![SyntaxNode::leaf(SyntaxKind::Text, "a")],
                        ),
                        SyntaxNode::leaf(SyntaxKind::Star, "*"),
                    ],
                ),
                SyntaxNode::leaf(SyntaxKind::Space, " "),
                SyntaxNode::error(SyntaxError::new("oops"), "b"),
            ],
        )
    }

    #[test]
    fn text_round_trips_and_counts() {
        let node = sample();
        assert_eq!(node.to_text(), "*a* b");
        assert_eq!(node.len(), 5);
        assert_eq!(node.descendants(), 8);
        assert!(node.erroneous());
        assert_eq!(node.errors()[0].message, "oops");
    }

    #[test]
    fn spans_resolve_to_ranges() {
        let id = FileId::new("/node-test.typ");
        let mut node = sample();
        node.numberize(id).unwrap();
        let strong = node.children().next().unwrap().clone();
        let text = strong.children().nth(1).unwrap().children().next().unwrap().clone();
        let error = node.children().nth(2).unwrap().clone();
        assert_eq!(node.range_of(node.span(), 0), Some(0..5));
        assert_eq!(node.range_of(strong.span(), 0), Some(0..3));
        assert_eq!(node.range_of(text.span(), 0), Some(1..2));
        assert_eq!(node.range_of(error.span(), 0), Some(4..5));
        assert_eq!(node.errors()[0].span, error.span());
        assert_eq!(node.range_of(Span::detached(), 0), None);
    }

    #[test]
    fn warnings_take_the_node_span() {
        let id = FileId::new("/node-warn-test.typ");
        let mut strong = SyntaxNode::inner(
            SyntaxKind::Strong,
            vec![SyntaxNode::leaf(SyntaxKind::Star, "*"), SyntaxNode::leaf(SyntaxKind::Star, "*")],
        );
        strong.warn("no text within stars", &["a hint"]);
        let mut root = SyntaxNode::inner(SyntaxKind::Markup, vec![strong]);
        assert!(root.warned() && !root.erroneous());
        root.numberize(id).unwrap();
        let warnings = root.warnings();
        assert_eq!(warnings.len(), 1);
        assert_eq!(warnings[0].message, "no text within stars");
        assert_eq!(warnings[0].hints.as_slice(), ["a hint"]);
        assert_eq!(root.range_of(warnings[0].span, 0), Some(0..2));
        assert!(SyntaxNode::leaf(SyntaxKind::Text, "x").warnings().is_empty());
    }

    #[test]
    fn conversions() {
        let mut node = SyntaxNode::leaf(SyntaxKind::Let, "let");
        node.expected("identifier");
        assert_eq!(node.kind(), SyntaxKind::Error);
        let error = &node.errors()[0];
        assert_eq!(error.message, "expected identifier, found keyword `let`");
        assert_eq!(error.hints.len(), 1);
        assert!(
            SyntaxNode::leaf(SyntaxKind::Text, "x")
                .spanless_eq(&SyntaxNode::leaf(SyntaxKind::Text, "x"))
        );
    }
}
