//! Sources: a file's text, its numbered syntax tree and its line index; spans resolve to
//! byte ranges and to line/column positions here.

use std::fmt::{self, Debug, Formatter};
use std::ops::Range;
use std::sync::Arc;

use super::{SyntaxKind, SyntaxNode, chars, parse};
use crate::base::{FileId, Span};

/// A parsed source file. Cheap to clone.
#[derive(Clone)]
pub struct Source(Arc<SourceInner>);

struct SourceInner {
    id: FileId,
    text: String,
    root: SyntaxNode,
    lines: Lines,
}

impl Source {
    /// Parses `text` as markup (the mode of a `.typ` file) and numbers its tree for `id`.
    pub fn new(id: FileId, text: String) -> Self {
        let mut root = parse(&text);
        // A tree with more than 2^48 nodes cannot exist for text that fits in memory;
        // if it ever did, its spans would stay detached rather than wrong.
        let _ = root.numberize(id);
        let lines = Lines::new(&text);
        Self(Arc::new(SourceInner { id, text, root, lines }))
    }

    /// A file that is not Typst (a data file) as a source, for diagnostics that point into
    /// it with byte-range spans: its text and lines, not parsed.
    pub fn unparsed(id: FileId, text: String) -> Self {
        let root = SyntaxNode::inner(SyntaxKind::Markup, vec![]);
        let lines = Lines::new(&text);
        Self(Arc::new(SourceInner { id, text, root, lines }))
    }

    /// A source for tests and `eval` strings, under the path `/detached.typ`.
    pub fn detached(text: impl Into<String>) -> Self {
        Self::new(FileId::new("/detached.typ"), text.into())
    }

    /// The file's id.
    pub fn id(&self) -> FileId {
        self.0.id
    }

    /// The whole text.
    pub fn text(&self) -> &str {
        &self.0.text
    }

    /// The root of the syntax tree (a `Markup` node).
    pub fn root(&self) -> &SyntaxNode {
        &self.0.root
    }

    /// The line index.
    pub fn lines(&self) -> &Lines {
        &self.0.lines
    }

    /// The byte range a span of this file points to.
    pub fn range(&self, span: Span) -> Option<Range<usize>> {
        if span.id() != Some(self.id()) {
            return None;
        }
        if let Some(range) = span.range() {
            return self.text().get(range.clone()).map(|_| range);
        }
        self.root().range_of(span, 0)
    }

    /// The 0-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, byte: usize) -> Option<(usize, usize)> {
        self.lines().line_col(self.text(), byte)
    }
}

impl Debug for Source {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        write!(f, "Source({:?})", self.id())
    }
}

/// Byte offsets of the line starts of a text.
#[derive(Debug, Clone, Eq, PartialEq)]
pub struct Lines {
    starts: Vec<usize>,
    len: usize,
}

impl Lines {
    /// Indexes the lines of `text` (any Unicode line terminator ends a line).
    pub fn new(text: &str) -> Self {
        let mut starts = vec![0];
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            // Fast path: all terminators start with a byte < 0x80 or a multi-byte lead.
            let b = bytes[i];
            if (0x20..0x80).contains(&b) {
                i += 1;
                continue;
            }
            match chars::newline_len(&text[i..]) {
                Some(len) => {
                    i += len;
                    starts.push(i);
                }
                None => i += text[i..].chars().next().map_or(1, char::len_utf8),
            }
        }
        Self { starts, len: text.len() }
    }

    /// The number of lines (an empty text has one).
    pub fn count(&self) -> usize {
        self.starts.len()
    }

    /// The 0-based line holding byte `byte` (the end of the text counts as on the last line).
    pub fn line_of(&self, byte: usize) -> Option<usize> {
        (byte <= self.len).then(|| self.starts.partition_point(|&s| s <= byte) - 1)
    }

    /// The byte range of a 0-based line, its terminator included.
    pub fn line_range(&self, line: usize) -> Option<Range<usize>> {
        let start = *self.starts.get(line)?;
        let end = self.starts.get(line + 1).copied().unwrap_or(self.len);
        Some(start..end)
    }

    /// The 0-based line and character column of byte `byte` in `text`.
    pub fn line_col(&self, text: &str, byte: usize) -> Option<(usize, usize)> {
        let line = self.line_of(byte)?;
        let start = self.starts[line];
        let col = text.get(start..byte)?.chars().count();
        Some((line, col))
    }

    /// The byte offset of a 0-based line and character column in `text`.
    pub fn byte_of(&self, text: &str, line: usize, col: usize) -> Option<usize> {
        let range = self.line_range(line)?;
        let line_text = &text[range.clone()];
        if col == 0 {
            return Some(range.start);
        }
        let mut chars = line_text.char_indices();
        match chars.nth(col) {
            Some((offset, _)) => Some(range.start + offset),
            None if line_text.chars().count() == col => Some(range.end),
            None => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_index() {
        let text = "ab\r\nçd\né\u{2028}x";
        let lines = Lines::new(text);
        assert_eq!(lines.count(), 4);
        assert_eq!(lines.line_col(text, 0), Some((0, 0)));
        assert_eq!(lines.line_col(text, 4), Some((1, 0)));
        assert_eq!(lines.line_col(text, 6), Some((1, 1)));
        assert_eq!(lines.line_col(text, text.len()), Some((3, 1)));
        assert_eq!(lines.byte_of(text, 1, 1), Some(6));
        assert_eq!(lines.byte_of(text, 3, 1), Some(text.len()));
        assert_eq!(lines.line_range(0), Some(0..4));
        assert_eq!(lines.line_of(text.len() + 1), None);
    }

    /// Checks the parser's warnings of `text` as `start-end message` strings.
    #[track_caller]
    fn check_warnings(text: &str, expected: &[&str]) {
        let source = Source::detached(text);
        let found: Vec<String> = source
            .root()
            .warnings()
            .iter()
            .map(|w| {
                let range = source.range(w.span).unwrap_or(0..0);
                format!("{}-{} {}", range.start, range.end, w.message)
            })
            .collect();
        assert_eq!(found, expected, "warnings of {text:?}");
        assert!(!source.root().erroneous());
    }

    #[test]
    fn parser_warnings_as_typst() {
        check_warnings(
            "a ** b __",
            &["2-4 no text within stars", "7-9 no text within underscores"],
        );
        check_warnings("* * _ _ *a*", &[]);
        check_warnings("```rust```", &["0-10 empty raw text"]);
        check_warnings("```rust;x```", &["3-9 no whitespace between language tag and raw text"]);
        check_warnings("a ```++C```", &["5-8 no whitespace before raw text"]);
        check_warnings("```C++ x```", &["3-6 no whitespace between language tag and raw text"]);
        check_warnings("```rust x``` ``` ``` `x` ```a`b```", &[]);
        let source = Source::detached("```rust;x```");
        let hints = source.root().warnings()[0].hints.clone();
        assert_eq!(
            hints.as_slice(),
            [
                "currently, Typst is treating `rust` as the language tag",
                "in the next version of Typst, this will change and we will treat all text until \
                 the first whitespace as the language tag",
                "if the current behavior is correct, please add a space after `rust`",
                "otherwise, add a space or newline after the initial backticks"
            ]
        );
        // The last two hints point at the tag (Typst's spanned hints).
        let at = |source: &Source| -> Vec<_> {
            let warning = &source.root().warnings()[0];
            warning.hint_spans.iter().map(|&(i, span)| (i, source.range(span))).collect()
        };
        assert_eq!(at(&source), [(2, Some(3..7)), (3, Some(3..7))]);
        assert_eq!(at(&Source::detached("```rust```")), [(1, Some(3..7))]);
    }

    #[test]
    fn source_round_trips() {
        let source = Source::detached("Hello *world*");
        assert_eq!(source.root().to_text(), source.text());
        assert_eq!(source.range(source.root().span()), Some(0..13));
    }
}
