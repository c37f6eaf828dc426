//! Markup nodes: text, spacing, escapes, shorthands, quotes, strong/emph, raw text, links,
//! labels, references, headings, list/enum/term items and equations, each with its parts.

use std::num::NonZeroUsize;

use ecow::EcoString;

use super::base::{after, all, first, has, leaf_text, node};
use super::code::ContentBlock;
use super::expr::Expr;
use super::literals::{REPLACEMENT, hex_char};
use super::math::Math;
use crate::syntax::{SyntaxKind, SyntaxNode, is_newline};

node! {
    /// Markup: a sequence of markup nodes and embedded code expressions.
    Markup
}

impl<'a> Markup<'a> {
    /// The expressions of the markup, spaces included. The space directly after an embedded
    /// statement (`#let`, `#set`, `#show`, `#import`, `#include`) is left out, so that the
    /// line break that ends such a statement does not become space in the document.
    pub fn exprs(self) -> impl Iterator<Item = Expr<'a>> {
        let mut after_statement = false;
        self.0.children().filter_map(move |child| {
            let skip = after_statement && child.kind() == SyntaxKind::Space;
            after_statement = is_statement(child);
            if skip { Option::None } else { Expr::cast_with_space(child) }
        })
    }
}

/// Whether `node` is a statement: an expression that produces no content of its own.
fn is_statement(node: &SyntaxNode) -> bool {
    matches!(
        node.kind(),
        SyntaxKind::LetBinding
            | SyntaxKind::SetRule
            | SyntaxKind::ShowRule
            | SyntaxKind::ModuleImport
            | SyntaxKind::ModuleInclude
    )
}

node! {
    /// Plain text without markup.
    Text
}

impl<'a> Text<'a> {
    /// The text.
    pub fn get(self) -> &'a EcoString {
        self.0.text()
    }
}

node! {
    /// Whitespace: in markup at most one newline, in math any amount.
    Space
}

node! {
    /// A forced line break: `\`.
    Linebreak
}

node! {
    /// A paragraph break: a blank line.
    Parbreak
}

node! {
    /// An escape sequence: `\#`, `\u{1F600}`.
    Escape
}

impl Escape<'_> {
    /// The escaped character; an invalid code point gives the replacement character.
    pub fn get(self) -> char {
        let text = self.0.text().as_str();
        let body = text.strip_prefix('\\').unwrap_or(text);
        if let Some(braced) = body.strip_prefix("u{") {
            let hex = braced.strip_suffix('}').unwrap_or(braced);
            return hex_char(hex).unwrap_or(REPLACEMENT);
        }
        body.chars().next().unwrap_or(REPLACEMENT)
    }
}

node! {
    /// A markup shorthand for a character: `~`, `--`, `---`, `-?`, `...`, `-` before a digit.
    Shorthand
}

impl Shorthand<'_> {
    /// The markup shorthands and the characters they stand for.
    pub const LIST: &'static [(&'static str, char)] = &[
        // No-break space.
        ("~", '\u{A0}'),
        // Soft hyphen.
        ("-?", '\u{AD}'),
        // En dash.
        ("--", '\u{2013}'),
        // Em dash.
        ("---", '\u{2014}'),
        // Horizontal ellipsis.
        ("...", '\u{2026}'),
        // Minus sign (a hyphen directly before a number).
        ("-", '\u{2212}'),
    ];

    /// The character the shorthand stands for (the replacement character if unknown).
    pub fn get(self) -> char {
        lookup(Self::LIST, self.0.text())
    }
}

/// The character of `text` in a shorthand table, or the replacement character.
pub(super) fn lookup(list: &[(&str, char)], text: &str) -> char {
    list.iter().find(|(short, _)| *short == text).map_or(REPLACEMENT, |&(_, c)| c)
}

node! {
    /// A smart quote: `'` or `"`.
    SmartQuote
}

impl SmartQuote<'_> {
    /// Whether this is a double quote.
    pub fn double(self) -> bool {
        self.0.text() == "\""
    }
}

node! {
    /// Strong content: `*strong*`.
    Strong
}

impl<'a> Strong<'a> {
    /// The strong content.
    pub fn body(self) -> Markup<'a> {
        first(self.0).unwrap_or_default()
    }
}

node! {
    /// Emphasized content: `_emph_`.
    Emph
}

impl<'a> Emph<'a> {
    /// The emphasized content.
    pub fn body(self) -> Markup<'a> {
        first(self.0).unwrap_or_default()
    }
}

node! {
    /// Raw text: `` `code` `` or a fenced block with an optional language tag.
    Raw
}

impl<'a> Raw<'a> {
    /// The lines of the content, after dedent and trimming.
    pub fn lines(self) -> impl DoubleEndedIterator<Item = Text<'a>> {
        all(self.0)
    }

    /// The language tag of a fenced block.
    pub fn lang(self) -> Option<RawLang<'a>> {
        first(self.0)
    }

    /// Whether this is block raw text: opened by three or more backticks and spanning lines.
    pub fn block(self) -> bool {
        first::<RawDelim>(self.0).is_some_and(|delim| delim.0.text().len() >= 3)
            && self.0.children().any(|child| {
                child.kind() == SyntaxKind::RawTrimmed && child.text().chars().any(is_newline)
            })
    }
}

node! {
    /// The language tag of block raw text: `rust` in ```` ```rust ````.
    RawLang
}

impl<'a> RawLang<'a> {
    /// The language tag.
    pub fn get(self) -> &'a EcoString {
        self.0.text()
    }
}

node! {
    /// The run of backticks that opens or closes raw text.
    RawDelim
}

node! {
    /// An automatic hyperlink: `https://typst.app`.
    Link
}

impl<'a> Link<'a> {
    /// The URL.
    pub fn get(self) -> &'a EcoString {
        self.0.text()
    }
}

node! {
    /// A label: `<intro>`.
    Label
}

impl<'a> Label<'a> {
    /// The label's name, without the angle brackets.
    pub fn get(self) -> &'a str {
        let text = self.0.text().as_str();
        let text = text.strip_prefix('<').unwrap_or(text);
        text.strip_suffix('>').unwrap_or(text)
    }
}

node! {
    /// A reference: `@target`, `@target[supplement]`.
    Ref
}

impl<'a> Ref<'a> {
    /// The referenced label's name, without the `@`.
    pub fn target(self) -> &'a str {
        let marker = leaf_text(self.0, SyntaxKind::RefMarker);
        marker.strip_prefix('@').unwrap_or(marker)
    }

    /// The supplement in brackets after the target.
    pub fn supplement(self) -> Option<ContentBlock<'a>> {
        first(self.0)
    }
}

node! {
    /// A section heading: `= Introduction`.
    Heading
}

impl<'a> Heading<'a> {
    /// The heading's depth: the number of `=`.
    pub fn depth(self) -> NonZeroUsize {
        let marker = leaf_text(self.0, SyntaxKind::HeadingMarker);
        NonZeroUsize::new(marker.chars().filter(|&c| c == '=').count()).unwrap_or(NonZeroUsize::MIN)
    }

    /// The heading's contents.
    pub fn body(self) -> Markup<'a> {
        first(self.0).unwrap_or_default()
    }
}

node! {
    /// A bullet list item: `- item`.
    ListItem
}

impl<'a> ListItem<'a> {
    /// The item's contents.
    pub fn body(self) -> Markup<'a> {
        first(self.0).unwrap_or_default()
    }
}

node! {
    /// A numbered list item: `+ item` or `12. item`.
    EnumItem
}

impl<'a> EnumItem<'a> {
    /// The explicit number (`12` in `12. item`); `None` for `+`.
    pub fn number(self) -> Option<u64> {
        let marker = leaf_text(self.0, SyntaxKind::EnumMarker);
        marker.strip_suffix('.').and_then(|digits| digits.parse().ok())
    }

    /// The item's contents.
    pub fn body(self) -> Markup<'a> {
        first(self.0).unwrap_or_default()
    }
}

node! {
    /// A term list item: `/ Term: description`.
    TermItem
}

impl<'a> TermItem<'a> {
    /// The term being described.
    pub fn term(self) -> Markup<'a> {
        first(self.0).unwrap_or_default()
    }

    /// The description of the term (the markup after the colon).
    pub fn description(self) -> Markup<'a> {
        after(self.0, SyntaxKind::Colon).unwrap_or_default()
    }
}

node! {
    /// A math equation: `$x$`, `$ x^2 $`.
    Equation
}

impl<'a> Equation<'a> {
    /// The equation's contents.
    pub fn body(self) -> Math<'a> {
        first(self.0).unwrap_or_default()
    }

    /// Whether this is a block equation: whitespace follows the opening and precedes the
    /// closing dollar sign.
    pub fn block(self) -> bool {
        if !has(self.0, SyntaxKind::Math) {
            return false;
        }
        // The whitespace may sit inside the `Math` node or next to it, between it and the
        // dollar signs; both count.
        let inner = |node: Option<&SyntaxNode>, from_end: bool| match node {
            Some(node) if node.kind() == SyntaxKind::Math => {
                let mut children = node.children();
                let edge = if from_end { children.next_back() } else { children.next() };
                edge.is_some_and(|child| child.kind() == SyntaxKind::Space)
            }
            Some(node) => node.kind() == SyntaxKind::Space,
            Option::None => false,
        };
        let mut children = self.0.children().filter(|c| c.kind() != SyntaxKind::Dollar);
        let opening = children.next();
        let closing = children.next_back().or(opening);
        inner(opening, false) && inner(closing, true)
    }
}
