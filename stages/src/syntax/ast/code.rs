//! Code structure: code sequences, blocks, parentheses, arrays, dictionaries, named and keyed
//! pairs, spreads, field access and function calls with their arguments.

use super::base::{AstNode, after, all, first, last, node};
use super::bindings::Pattern;
use super::expr::Expr;
use super::literals::Ident;
use super::markup::Markup;
use crate::syntax::{SyntaxKind, SyntaxNode};

node! {
    /// Code: a sequence of expressions.
    Code
}

impl<'a> Code<'a> {
    /// The expressions, in order.
    pub fn exprs(self) -> impl DoubleEndedIterator<Item = Expr<'a>> {
        all(self.0)
    }
}

node! {
    /// A code block: `{ let x = 1; x + 2 }`.
    CodeBlock
}

impl<'a> CodeBlock<'a> {
    /// The code inside the braces.
    pub fn body(self) -> Code<'a> {
        first(self.0).unwrap_or_default()
    }
}

node! {
    /// A content block: `[*Hi* there!]`.
    ContentBlock
}

impl<'a> ContentBlock<'a> {
    /// The markup inside the brackets.
    pub fn body(self) -> Markup<'a> {
        first(self.0).unwrap_or_default()
    }
}

node! {
    /// A parenthesized expression or pattern: `(1 + 2)`, `(x)`.
    Parenthesized
}

impl<'a> Parenthesized<'a> {
    /// The expression inside the parentheses.
    pub fn expr(self) -> Expr<'a> {
        first(self.0).unwrap_or_default()
    }

    /// The pattern inside the parentheses (when used as a pattern).
    pub fn pattern(self) -> Pattern<'a> {
        first(self.0).unwrap_or_default()
    }
}

node! {
    /// An array: `(1, "hi", ..rest)`.
    Array
}

impl<'a> Array<'a> {
    /// The array's items.
    pub fn items(self) -> impl DoubleEndedIterator<Item = ArrayItem<'a>> {
        all(self.0)
    }
}

/// An item of an array.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Hash)]
pub enum ArrayItem<'a> {
    /// A plain value: `12`.
    Pos(Expr<'a>),
    /// Spread values: `..things`.
    Spread(Spread<'a>),
}

impl<'a> AstNode<'a> for ArrayItem<'a> {
    fn from_untyped(node: &'a SyntaxNode) -> Option<Self> {
        match node.kind() {
            SyntaxKind::Spread => Spread::from_untyped(node).map(Self::Spread),
            _ => Expr::from_untyped(node).map(Self::Pos),
        }
    }

    fn to_untyped(self) -> &'a SyntaxNode {
        match self {
            Self::Pos(expr) => expr.to_untyped(),
            Self::Spread(spread) => spread.to_untyped(),
        }
    }
}

node! {
    /// A dictionary: `(thickness: 3pt, "key": 1, ..rest)`, or `(:)`.
    Dict
}

impl<'a> Dict<'a> {
    /// The dictionary's items.
    pub fn items(self) -> impl DoubleEndedIterator<Item = DictItem<'a>> {
        all(self.0)
    }
}

/// An item of a dictionary.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Hash)]
pub enum DictItem<'a> {
    /// A pair with an identifier key: `thickness: 3pt`.
    Named(Named<'a>),
    /// A pair with an expression key: `"spacy key": true`.
    Keyed(Keyed<'a>),
    /// Spread pairs: `..other`.
    Spread(Spread<'a>),
}

impl<'a> AstNode<'a> for DictItem<'a> {
    fn from_untyped(node: &'a SyntaxNode) -> Option<Self> {
        match node.kind() {
            SyntaxKind::Named => Named::from_untyped(node).map(Self::Named),
            SyntaxKind::Keyed => Keyed::from_untyped(node).map(Self::Keyed),
            SyntaxKind::Spread => Spread::from_untyped(node).map(Self::Spread),
            _ => Option::None,
        }
    }

    fn to_untyped(self) -> &'a SyntaxNode {
        match self {
            Self::Named(named) => named.to_untyped(),
            Self::Keyed(keyed) => keyed.to_untyped(),
            Self::Spread(spread) => spread.to_untyped(),
        }
    }
}

node! {
    /// A named pair: `thickness: 3pt`, or `key: pattern` in a destructuring.
    Named
}

impl<'a> Named<'a> {
    /// The name: `thickness`.
    pub fn name(self) -> Ident<'a> {
        first(self.0).unwrap_or_default()
    }

    /// The value after the colon: `3pt`.
    pub fn expr(self) -> Expr<'a> {
        after(self.0, SyntaxKind::Colon).unwrap_or_default()
    }

    /// The pattern after the colon, in a destructuring: `(x, y)` in `(a: (x, y))`.
    pub fn pattern(self) -> Pattern<'a> {
        after(self.0, SyntaxKind::Colon).unwrap_or_default()
    }
}

node! {
    /// A keyed pair: `"spacy key": true`.
    Keyed
}

impl<'a> Keyed<'a> {
    /// The key before the colon: `"spacy key"`.
    pub fn key(self) -> Expr<'a> {
        first(self.0).unwrap_or_default()
    }

    /// The value after the colon: `true`.
    pub fn expr(self) -> Expr<'a> {
        after(self.0, SyntaxKind::Colon).unwrap_or_default()
    }
}

node! {
    /// A spread `..x` (in arguments and collections) or a sink `..rest` / `..` (in
    /// parameters and destructuring).
    Spread
}

impl<'a> Spread<'a> {
    /// The spread expression (for a sink: its identifier, if any).
    pub fn expr(self) -> Expr<'a> {
        first(self.0).unwrap_or_default()
    }

    /// The identifier a sink binds to: `rest` in `..rest`; `None` for a bare `..` or a
    /// spread of something else than an identifier.
    pub fn sink_ident(self) -> Option<Ident<'a>> {
        match first::<Expr>(self.0) {
            Some(Expr::Ident(ident)) => Some(ident),
            _ => Option::None,
        }
    }
}

node! {
    /// A field access: `properties.age`.
    FieldAccess
}

impl<'a> FieldAccess<'a> {
    /// The expression whose field is accessed.
    pub fn target(self) -> Expr<'a> {
        first(self.0).unwrap_or_default()
    }

    /// The field's name.
    pub fn field(self) -> Ident<'a> {
        after(self.0, SyntaxKind::Dot).unwrap_or_default()
    }
}

node! {
    /// A function call: `f(x, y)[body]`.
    FuncCall
}

impl<'a> FuncCall<'a> {
    /// The function being called.
    pub fn callee(self) -> Expr<'a> {
        first(self.0).unwrap_or_default()
    }

    /// The arguments.
    pub fn args(self) -> Args<'a> {
        last(self.0).unwrap_or_default()
    }
}

node! {
    /// Call arguments: `(12pt, fill: red, ..rest)[body]`.
    Args
}

impl<'a> Args<'a> {
    /// The arguments in order, trailing content blocks included (as positional ones).
    pub fn items(self) -> impl DoubleEndedIterator<Item = Arg<'a>> {
        all(self.0)
    }

    /// Whether the parenthesized list ends with a comma: `(1, 2,)`.
    pub fn trailing_comma(self) -> bool {
        self.0
            .children()
            .take_while(|child| child.kind() != SyntaxKind::RightParen)
            .filter(|child| !child.kind().is_trivia() && !child.kind().is_error())
            .last()
            .is_some_and(|child| child.kind() == SyntaxKind::Comma)
    }
}

/// An argument of a function call.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Hash)]
pub enum Arg<'a> {
    /// A positional argument: `12`.
    Pos(Expr<'a>),
    /// A named argument: `draw: false`.
    Named(Named<'a>),
    /// Spread arguments: `..things`.
    Spread(Spread<'a>),
}

impl<'a> AstNode<'a> for Arg<'a> {
    fn from_untyped(node: &'a SyntaxNode) -> Option<Self> {
        match node.kind() {
            SyntaxKind::Named => Named::from_untyped(node).map(Self::Named),
            SyntaxKind::Spread => Spread::from_untyped(node).map(Self::Spread),
            _ => Expr::from_untyped(node).map(Self::Pos),
        }
    }

    fn to_untyped(self) -> &'a SyntaxNode {
        match self {
            Self::Pos(expr) => expr.to_untyped(),
            Self::Named(named) => named.to_untyped(),
            Self::Spread(spread) => spread.to_untyped(),
        }
    }
}
