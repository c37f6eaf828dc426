//! Collection: inline items → the paragraph's text and one segment per piece, each with
//! its byte range in that text.
//!
//! Non-text items stand in the text as single characters so that line breaking and bidi
//! see them: spacing as a space (a break opportunity after it), inline boxes as U+FFFC
//! OBJECT REPLACEMENT CHARACTER, forced breaks as a line feed (U+2028 LINE SEPARATOR when
//! the line before is justified). Line feeds inside text become forced breaks too, and
//! adjacent weak spacings collapse into the larger one. Tags take no text: they are kept
//! aside with the byte position they stand at.

use std::ops::Range;

use crate::base::{Span, Tag};
use crate::doc::Frame;

use super::{InlineItem, Spacing, TextStyle};

/// The character standing for spacing.
pub(super) const SPACING_CHAR: char = ' ';
/// The character standing for an inline box.
pub(super) const OBJECT_CHAR: char = '\u{FFFC}';

/// The paragraph's text and its segments, in logical order and covering the text.
pub(super) struct Collected<'a> {
    pub text: String,
    pub segments: Vec<Segment<'a>>,
    /// The tags with the byte position in the text they stand at, in order.
    pub tags: Vec<(usize, &'a Tag)>,
}

/// One piece of the paragraph.
pub(super) struct Segment<'a> {
    pub range: Range<usize>,
    pub kind: SegmentKind<'a>,
}

/// What a segment is.
pub(super) enum SegmentKind<'a> {
    /// Text; `span_offset` is the byte offset of the segment's start inside the text item
    /// it came from.
    Text {
        style: &'a TextStyle,
        span: Span,
        span_offset: usize,
    },
    Spacing {
        amount: Spacing,
        weak: bool,
    },
    Frame {
        frame: &'a Frame,
    },
    /// A box with a fractional width, laid out once its line is known.
    FrBox {
        fr: f64,
        id: usize,
    },
    Linebreak {
        justify: bool,
    },
}

/// Turns the items into text and segments.
pub(super) fn collect(items: &[InlineItem]) -> Collected<'_> {
    let mut out = Collected { text: String::new(), segments: Vec::new(), tags: Vec::new() };
    for item in items {
        match item {
            InlineItem::Text { text, style, span } => push_text(&mut out, text, style, *span),
            InlineItem::Spacing { amount, weak } => push_spacing(&mut out, *amount, *weak),
            InlineItem::Frame { frame, .. } => {
                out.push(OBJECT_CHAR.encode_utf8(&mut [0; 4]), SegmentKind::Frame { frame })
            }
            InlineItem::FrBox { fr, id, .. } => out.push(
                OBJECT_CHAR.encode_utf8(&mut [0; 4]),
                SegmentKind::FrBox { fr: *fr, id: *id },
            ),
            InlineItem::Linebreak { justify } => push_linebreak(&mut out, *justify),
            InlineItem::Tag(tag) => out.tags.push((out.text.len(), tag)),
        }
    }
    out
}

impl<'a> Collected<'a> {
    fn push(&mut self, text: &str, kind: SegmentKind<'a>) {
        let start = self.text.len();
        self.text.push_str(text);
        self.segments.push(Segment { range: start..self.text.len(), kind });
    }
}

/// Adds text, turning its line feeds (and CR LF pairs, U+2028, U+2029) into forced breaks.
fn push_text<'a>(out: &mut Collected<'a>, text: &str, style: &'a TextStyle, span: Span) {
    let mut start = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if !matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}' | '\u{0B}' | '\u{0C}' | '\u{85}') {
            continue;
        }
        if start < i {
            out.push(&text[start..i], SegmentKind::Text { style, span, span_offset: start });
        }
        if c == '\r' && chars.peek().is_some_and(|&(_, next)| next == '\n') {
            chars.next();
        }
        push_linebreak(out, c == '\u{2028}');
        start = chars.peek().map_or(text.len(), |&(j, _)| j);
    }
    if start < text.len() {
        out.push(&text[start..], SegmentKind::Text { style, span, span_offset: start });
    }
}

fn push_spacing(out: &mut Collected, amount: Spacing, weak: bool) {
    if weak
        && let Some(Segment { kind: SegmentKind::Spacing { amount: prev, weak: true }, .. }) =
            out.segments.last_mut()
    {
        *prev = larger(*prev, amount);
        return;
    }
    out.push(SPACING_CHAR.encode_utf8(&mut [0; 4]), SegmentKind::Spacing { amount, weak });
}

fn push_linebreak(out: &mut Collected, justify: bool) {
    let c = if justify { "\u{2028}" } else { "\n" };
    out.push(c, SegmentKind::Linebreak { justify });
}

/// The larger of two weak spacings; fractional spacing beats any fixed amount.
fn larger(a: Spacing, b: Spacing) -> Spacing {
    match (a, b) {
        (Spacing::Abs(x), Spacing::Abs(y)) => Spacing::Abs(x.max(y)),
        (Spacing::Fr(x), Spacing::Fr(y)) => Spacing::Fr(x.max(y)),
        (Spacing::Fr(_), Spacing::Abs(_)) => a,
        (Spacing::Abs(_), Spacing::Fr(_)) => b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::Abs;

    /// Collects `items` and compares the text and a one-letter code per segment
    /// (`t` text, `s` spacing, `f` frame, `b` break).
    fn check(items: &[InlineItem], text: &str, kinds: &str) {
        let collected = collect(items);
        assert_eq!(collected.text, text);
        let got: String = collected
            .segments
            .iter()
            .map(|s| match s.kind {
                SegmentKind::Text { .. } => 't',
                SegmentKind::Spacing { .. } => 's',
                SegmentKind::Frame { .. } | SegmentKind::FrBox { .. } => 'f',
                SegmentKind::Linebreak { .. } => 'b',
            })
            .collect();
        assert_eq!(got, kinds);
        let mut end = 0;
        for s in &collected.segments {
            assert_eq!(s.range.start, end);
            end = s.range.end;
        }
        assert_eq!(end, text.len());
    }

    fn text(s: &str) -> InlineItem {
        InlineItem::Text { text: s.into(), style: TextStyle::default(), span: Span::detached() }
    }

    #[test]
    fn collect_turns_items_into_text() {
        let weak = |pt| InlineItem::Spacing { amount: Spacing::Abs(Abs::pt(pt)), weak: true };
        check(&[], "", "");
        check(&[text("a\r\nb\nc")], "a\nb\nc", "tbtbt");
        check(&[text("ab"), weak(1.0), weak(3.0), text("c")], "ab c", "tst");
        check(
            &[
                text("x"),
                InlineItem::Frame { frame: Frame::default(), span: Span::detached() },
                InlineItem::FrBox { fr: 1.0, id: 0, span: Span::detached() },
                InlineItem::Linebreak { justify: true },
            ],
            "x\u{FFFC}\u{FFFC}\u{2028}",
            "tffb",
        );
    }

    #[test]
    fn collect_merges_weak_spacing_into_the_larger() {
        let items = [
            InlineItem::Spacing { amount: Spacing::Abs(Abs::pt(1.0)), weak: true },
            InlineItem::Spacing { amount: Spacing::Abs(Abs::pt(3.0)), weak: true },
        ];
        let collected = collect(&items);
        assert!(matches!(
            collected.segments[0].kind,
            SegmentKind::Spacing { amount: Spacing::Abs(a), .. } if a == Abs::pt(3.0)
        ));
    }
}
