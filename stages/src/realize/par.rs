//! Paragraph building: inline pieces as realization meets them → one `Par`.
//!
//! Spaces collapse the way Typst's do: a space at the start of a paragraph, after another
//! space or before a forced line break disappears, and so does one at the end. A space is
//! held back until the next visible piece arrives, which decides whether it stays.
//! Adjacent text pieces with the same styles (the very same `Styles` list) and the same
//! link merge into one, so that shaping sees long runs of text.

use ecow::EcoString;

use super::quotes::{self, Quoter};
use super::{InlinePiece, Par};
use crate::base::{Span, Tag};
use crate::doc::Destination;
use crate::model::{Content, StyleChain, Styles, TEXT, Value};

/// A paragraph under construction.
#[derive(Debug, Default)]
pub(super) struct ParBuilder {
    pieces: Vec<InlinePiece>,
    /// A space waiting for the next visible piece.
    space: Option<(Styles, Span)>,
    /// Tags that came after the waiting space: they follow it if it stays.
    held: Vec<Tag>,
    /// Whether weak spacing came last (it swallows the spaces around it).
    weak: bool,
    /// The styles of the last piece (the paragraph's `par` properties are read there).
    styles: Option<Styles>,
    /// The span of the first piece.
    span: Option<Span>,
    /// The last character of the paragraph's text so far (for smart quotes).
    last: Option<char>,
    /// The quotations open so far (for smart quotes).
    quoter: Quoter,
}

/// Whether two style lists are the very same list (siblings share one).
fn same(a: &Styles, b: &Styles) -> bool {
    let (a, b) = (a.iter().as_slice(), b.iter().as_slice());
    a.len() == b.len() && std::ptr::eq(a.as_ptr(), b.as_ptr())
}

impl ParBuilder {
    /// Whether the paragraph holds nothing but tags.
    pub fn is_empty(&self) -> bool {
        self.pieces.iter().all(|p| matches!(p, InlinePiece::Tag(_)))
    }

    /// Whether anything at all (a tag included) is pending.
    pub fn has_pieces(&self) -> bool {
        !self.pieces.is_empty() || !self.held.is_empty()
    }

    /// The last character of the text so far; `None` at the paragraph's start or after
    /// a space, a break or spacing.
    pub fn last_char(&self) -> Option<char> {
        if self.space.is_some() { Some(' ') } else { self.last }
    }

    /// Adds a space (kept only if visible content follows).
    pub fn space(&mut self, styles: &Styles, span: Span) {
        if self.is_empty() || self.space.is_some() || self.weak {
            return;
        }
        if matches!(self.pieces.last(), Some(InlinePiece::Linebreak { .. })) {
            return;
        }
        self.space = Some((styles.clone(), span));
    }

    /// Adds text (in upper or lower case where `upper`/`lower` asked for it).
    pub fn text(&mut self, text: &str, styles: &Styles, span: Span, link: Option<&Destination>) {
        if text.is_empty() {
            return;
        }
        let cased = match StyleChain::new(styles).get(TEXT, "case") {
            Some(Value::Str(case)) if case.as_str() == "upper" => Some(text.to_uppercase()),
            Some(Value::Str(case)) if case.as_str() == "lower" => Some(text.to_lowercase()),
            _ => None,
        };
        let text = cased.as_deref().unwrap_or(text);
        self.flush_space(link);
        self.weak = false;
        self.push_text(text, styles, span, link);
        self.last = text.chars().next_back();
    }

    /// Adds a smart quote: its character(s) as the text before it and the quotations
    /// open in the paragraph decide.
    pub fn smartquote(
        &mut self,
        elem: &Content,
        styles: &Styles,
        span: Span,
        link: Option<&Destination>,
    ) {
        let before = self.last_char();
        let text = quotes::smartquote(&mut self.quoter, elem, styles, before);
        self.text(&text, styles, span, link);
    }

    fn push_text(&mut self, text: &str, styles: &Styles, span: Span, link: Option<&Destination>) {
        if let Some(InlinePiece::Text { text: prev, styles: prev_styles, link: prev_link, .. }) =
            self.pieces.last_mut()
            && same(prev_styles, styles)
            && prev_link.as_ref() == link
        {
            prev.push_str(text);
        } else {
            self.begin(span);
            self.pieces.push(InlinePiece::Text {
                text: EcoString::from(text),
                styles: styles.clone(),
                span,
                link: link.cloned(),
            });
        }
        self.styles = Some(styles.clone());
    }

    /// Adds any other visible piece (spacing, a box).
    pub fn piece(&mut self, piece: InlinePiece, styles: &Styles, span: Span) {
        // Weak spacing swallows the spaces next to it, as in Typst.
        let weak = matches!(piece, InlinePiece::Spacing { weak: true, .. });
        if weak {
            self.space = None;
            self.release();
        } else {
            self.flush_space(None);
        }
        self.weak = weak;
        self.begin(span);
        self.last = match piece {
            InlinePiece::Box { .. } => Some('\u{FFFC}'),
            _ => None,
        };
        self.pieces.push(piece);
        self.styles = Some(styles.clone());
    }

    /// Adds a forced line break (a space before it disappears).
    pub fn linebreak(&mut self, justify: bool, styles: &Styles, span: Span) {
        self.space = None;
        self.release();
        self.weak = false;
        self.begin(span);
        self.last = None;
        self.pieces.push(InlinePiece::Linebreak { justify });
        self.styles = Some(styles.clone());
    }

    /// Adds a tag (invisible: a pending space stays pending, and the tag stays after it,
    /// as in Typst).
    pub fn tag(&mut self, tag: Tag) {
        if self.space.is_some() {
            self.held.push(tag);
        } else {
            self.pieces.push(InlinePiece::Tag(tag));
        }
    }

    /// Adds the tags held behind a space that was added or dropped.
    fn release(&mut self) {
        let held = std::mem::take(&mut self.held);
        self.pieces.extend(held.into_iter().map(InlinePiece::Tag));
    }

    /// Puts tags that stood before the paragraph at its start (the tags of elements that
    /// began before its first piece and end within it).
    pub fn prepend_tags(&mut self, tags: impl IntoIterator<Item = Tag>) {
        let tags: Vec<InlinePiece> = tags.into_iter().map(InlinePiece::Tag).collect();
        self.pieces.splice(0..0, tags);
    }

    fn begin(&mut self, span: Span) {
        if self.span.is_none() || self.is_empty() {
            self.span.get_or_insert(span);
        }
    }

    fn flush_space(&mut self, link: Option<&Destination>) {
        if let Some((styles, span)) = self.space.take() {
            // A space inside a link belongs to it only if the text on both sides does.
            let link = match self.pieces.last() {
                Some(InlinePiece::Text { link: prev, .. }) if prev.as_ref() == link => link,
                _ => None,
            };
            self.push_text(" ", &styles, span, link);
        }
        self.release();
    }

    /// Ends the paragraph: the finished paragraph, or only its tags when it has no
    /// visible content (they then stand in the flow).
    pub fn finish(&mut self) -> Result<Par, Vec<Tag>> {
        self.release();
        let builder = std::mem::take(self);
        if builder.is_empty() {
            return Err(builder
                .pieces
                .into_iter()
                .filter_map(|p| match p {
                    InlinePiece::Tag(tag) => Some(tag),
                    _ => None,
                })
                .collect());
        }
        let styles = builder.styles.unwrap_or_default();
        Ok(Par { items: builder.pieces, styles, span: builder.span.unwrap_or(Span::detached()) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Feeds a paragraph described by one character per piece (`a`–`z` text of that
    /// letter, `_` a space, `|` a line break) and compares the finished paragraph's pieces
    /// written the same way (text pieces in brackets).
    fn check(input: &str, expected: &str) {
        let styles = Styles::new();
        let mut par = ParBuilder::default();
        for c in input.chars() {
            match c {
                '_' => par.space(&styles, Span::detached()),
                '|' => par.linebreak(false, &styles, Span::detached()),
                c => par.text(&c.to_string(), &styles, Span::detached(), None),
            }
        }
        let got: String = match par.finish() {
            Ok(par) => par
                .items
                .iter()
                .map(|p| match p {
                    InlinePiece::Text { text, .. } => format!("[{text}]"),
                    InlinePiece::Linebreak { .. } => "|".into(),
                    _ => "?".into(),
                })
                .collect(),
            Err(tags) => format!("tags {}", tags.len()),
        };
        assert_eq!(got, expected);
    }

    #[test]
    fn spaces_collapse_and_trim() {
        check("a_b", "[a b]");
        check("__a__b__", "[a b]");
        check("a_|_b", "[a]|[b]");
        check("___", "tags 0");
        check("", "tags 0");
    }

    #[test]
    fn text_with_other_styles_stays_apart() {
        let mut par = ParBuilder::default();
        let a = Styles::new();
        let mut b = Styles::new();
        b.push(crate::realize::walk::prop(crate::model::TEXT, "emph", true.into()));
        par.text("x", &a, Span::detached(), None);
        par.text("y", &b, Span::detached(), None);
        par.text("z", &b, Span::detached(), None);
        let par = par.finish().ok().unwrap();
        assert_eq!(par.items.len(), 2);
    }
}
