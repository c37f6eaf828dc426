//! Math nodes: text, identifiers, shorthands, alignment points, matched delimiters,
//! attachments, primes, fractions and roots, each with its parts.

use ecow::EcoString;

use super::base::{AstNode, after, first, last, leaf_text, node};
use super::expr::Expr;
use super::markup::lookup;
use crate::syntax::SyntaxKind;

node! {
    /// Math: a sequence of math nodes.
    Math
}

impl<'a> Math<'a> {
    /// The expressions of the math, spaces included (they matter for spacing).
    pub fn exprs(self) -> impl DoubleEndedIterator<Item = Expr<'a>> {
        self.0.children().filter_map(Expr::cast_with_space)
    }
}

node! {
    /// Text in math: a number or a single character / grapheme.
    MathText
}

/// What a piece of math text holds.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Hash)]
pub enum MathTextKind<'a> {
    /// A single character, shown as a math symbol.
    Character(char),
    /// A number, or a grapheme made of several characters: shown as text.
    Number(&'a EcoString),
}

impl<'a> MathText<'a> {
    /// The text, classified.
    pub fn get(self) -> MathTextKind<'a> {
        let text = self.0.text();
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(c), Option::None) if !c.is_ascii_digit() => MathTextKind::Character(c),
            _ => MathTextKind::Number(text),
        }
    }
}

node! {
    /// An identifier in math: `pi`.
    MathIdent
}

impl<'a> MathIdent<'a> {
    /// The identifier's name.
    pub fn get(self) -> &'a EcoString {
        self.0.text()
    }

    /// The identifier's name as a string slice.
    pub fn as_str(self) -> &'a str {
        self.0.text().as_str()
    }
}

node! {
    /// A math shorthand for a symbol: `->`, `<=`, `!=`.
    MathShorthand
}

impl MathShorthand<'_> {
    /// The math shorthands and the symbols they stand for (Typst's `sym` shorthands).
    pub const LIST: &'static [(&'static str, char)] = &[
        ("...", '…'),
        ("-", '−'),
        ("*", '∗'),
        ("~", '∼'),
        ("!=", '≠'),
        (":=", '≔'),
        ("::=", '⩴'),
        ("=:", '≕'),
        ("<<", '≪'),
        ("<<<", '⋘'),
        (">>", '≫'),
        (">>>", '⋙'),
        ("<=", '≤'),
        (">=", '≥'),
        ("->", '→'),
        ("-->", '⟶'),
        ("|->", '↦'),
        (">->", '↣'),
        ("->>", '↠'),
        ("<-", '←'),
        ("<--", '⟵'),
        ("<-<", '↢'),
        ("<<-", '↞'),
        ("<->", '↔'),
        ("<-->", '⟷'),
        ("~>", '⇝'),
        ("~~>", '⟿'),
        ("<~", '⇜'),
        ("<~~", '⬳'),
        ("=>", '⇒'),
        ("|=>", '⤇'),
        ("==>", '⟹'),
        ("<==", '⟸'),
        ("<=>", '⇔'),
        ("<==>", '⟺'),
        ("[|", '⟦'),
        ("|]", '⟧'),
        ("||", '‖'),
    ];

    /// The symbol the shorthand stands for (the replacement character if unknown).
    pub fn get(self) -> char {
        lookup(Self::LIST, self.0.text())
    }
}

node! {
    /// An alignment point in math: `&`.
    MathAlignPoint
}

node! {
    /// Matched delimiters in math: `(x + y)`, `[|x|]`.
    MathDelimited
}

impl<'a> MathDelimited<'a> {
    /// The opening delimiter.
    pub fn open(self) -> Expr<'a> {
        first(self.0).unwrap_or_default()
    }

    /// The math between the delimiters.
    pub fn body(self) -> Math<'a> {
        first(self.0).unwrap_or_default()
    }

    /// The closing delimiter.
    pub fn close(self) -> Expr<'a> {
        self.0
            .children()
            .skip_while(|child| child.kind() != SyntaxKind::Math)
            .skip(1)
            .find_map(Expr::from_untyped)
            .unwrap_or_default()
    }
}

node! {
    /// A base with attachments in math: `a_1^2`, `f'`.
    MathAttach
}

impl<'a> MathAttach<'a> {
    /// The base the attachments are attached to.
    pub fn base(self) -> Expr<'a> {
        first(self.0).unwrap_or_default()
    }

    /// The bottom attachment, after `_`.
    pub fn bottom(self) -> Option<Expr<'a>> {
        after(self.0, SyntaxKind::Underscore)
    }

    /// The top attachment, after `^`.
    pub fn top(self) -> Option<Expr<'a>> {
        after(self.0, SyntaxKind::Hat)
    }

    /// The primes directly after the base.
    pub fn primes(self) -> Option<MathPrimes<'a>> {
        self.0
            .children()
            .skip_while(|child| Expr::from_untyped(child).is_none())
            .skip(1)
            .find(|child| !child.kind().is_trivia() && !child.kind().is_error())
            .and_then(MathPrimes::from_untyped)
    }
}

node! {
    /// Primes in math: `'''`.
    MathPrimes
}

impl MathPrimes<'_> {
    /// The number of primes.
    pub fn count(self) -> usize {
        self.0.children().filter(|child| child.kind() == SyntaxKind::Prime).count()
    }
}

node! {
    /// A fraction in math: `x/2`.
    MathFrac
}

impl<'a> MathFrac<'a> {
    /// The numerator.
    pub fn num(self) -> Expr<'a> {
        first(self.0).unwrap_or_default()
    }

    /// The denominator.
    pub fn denom(self) -> Expr<'a> {
        after(self.0, SyntaxKind::Slash).unwrap_or_default()
    }
}

node! {
    /// A root in math: `√x`, `∛x`, `∜x`.
    MathRoot
}

impl<'a> MathRoot<'a> {
    /// The root's index: `None` for a square root, 3 for `∛` and 4 for `∜`.
    pub fn index(self) -> Option<u8> {
        match leaf_text(self.0, SyntaxKind::Root).chars().next() {
            Some('∛') => Some(3),
            Some('∜') => Some(4),
            _ => Option::None,
        }
    }

    /// The expression under the root.
    pub fn radicand(self) -> Expr<'a> {
        last(self.0).unwrap_or_default()
    }
}
