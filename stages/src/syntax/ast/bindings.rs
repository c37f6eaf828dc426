//! Bindings: closures and their parameters, patterns (plain, placeholder, parenthesized,
//! destructuring) with the identifiers they bind, `let` bindings and destructuring
//! assignments.

use super::base::{AstNode, after, all, before, first, node};
use super::code::{Named, Parenthesized, Spread};
use super::expr::Expr;
use super::literals::Ident;
use crate::syntax::{SyntaxKind, SyntaxNode};

node! {
    /// A closure: `(x, y) => z`, or the `f(x) = ..` of `let f(x) = ..`.
    Closure
}

impl<'a> Closure<'a> {
    /// The name, for a closure defined with `let f(..) = ..`.
    pub fn name(self) -> Option<Ident<'a>> {
        before(self.0, SyntaxKind::Params)
    }

    /// The parameters.
    pub fn params(self) -> Params<'a> {
        first(self.0).unwrap_or_default()
    }

    /// The body, after `=>` (or `=` for a named closure).
    pub fn body(self) -> Expr<'a> {
        after(self.0, SyntaxKind::Params).unwrap_or_default()
    }
}

node! {
    /// Closure parameters: `(x, y: 1, ..rest)`, or `x` in `x => ..`.
    Params
}

impl<'a> Params<'a> {
    /// The parameters in order.
    pub fn children(self) -> impl DoubleEndedIterator<Item = Param<'a>> {
        all(self.0)
    }
}

/// A closure parameter.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Hash)]
pub enum Param<'a> {
    /// A positional parameter: `x`, or a destructuring `(a, b)`.
    Pos(Pattern<'a>),
    /// A named parameter with its default: `draw: false`.
    Named(Named<'a>),
    /// An argument sink: `..args`, `..`.
    Spread(Spread<'a>),
}

impl<'a> AstNode<'a> for Param<'a> {
    fn from_untyped(node: &'a SyntaxNode) -> Option<Self> {
        match node.kind() {
            SyntaxKind::Named => Named::from_untyped(node).map(Self::Named),
            SyntaxKind::Spread => Spread::from_untyped(node).map(Self::Spread),
            _ => Pattern::from_untyped(node).map(Self::Pos),
        }
    }

    fn to_untyped(self) -> &'a SyntaxNode {
        match self {
            Self::Pos(pattern) => pattern.to_untyped(),
            Self::Named(named) => named.to_untyped(),
            Self::Spread(spread) => spread.to_untyped(),
        }
    }
}

/// A pattern: what a `let`, a `for` loop, a parameter or a destructuring assignment binds
/// values to.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Hash)]
pub enum Pattern<'a> {
    /// An identifier (`x`), or any expression as the target of a destructuring assignment
    /// (`dict.field`).
    Normal(Expr<'a>),
    /// A placeholder that binds nothing: `_`.
    Placeholder(Underscore<'a>),
    /// A pattern in parentheses: `(x)`.
    Parenthesized(Parenthesized<'a>),
    /// A destructuring pattern: `(x, _, ..rest)`.
    Destructuring(Destructuring<'a>),
}

impl<'a> Pattern<'a> {
    /// The identifiers the pattern binds, in source order.
    pub fn bindings(self) -> Vec<Ident<'a>> {
        let mut out = Vec::new();
        self.collect_bindings(&mut out);
        out
    }

    fn collect_bindings(self, out: &mut Vec<Ident<'a>>) {
        match self {
            Self::Normal(Expr::Ident(ident)) => out.push(ident),
            Self::Normal(_) | Self::Placeholder(_) => {}
            Self::Parenthesized(parenthesized) => parenthesized.pattern().collect_bindings(out),
            Self::Destructuring(destructuring) => destructuring.collect_bindings(out),
        }
    }
}

impl<'a> AstNode<'a> for Pattern<'a> {
    fn from_untyped(node: &'a SyntaxNode) -> Option<Self> {
        match node.kind() {
            SyntaxKind::Underscore => Underscore::from_untyped(node).map(Self::Placeholder),
            SyntaxKind::Parenthesized => Parenthesized::from_untyped(node).map(Self::Parenthesized),
            SyntaxKind::Destructuring => Destructuring::from_untyped(node).map(Self::Destructuring),
            _ => Expr::from_untyped(node).map(Self::Normal),
        }
    }

    fn to_untyped(self) -> &'a SyntaxNode {
        match self {
            Self::Normal(expr) => expr.to_untyped(),
            Self::Placeholder(underscore) => underscore.to_untyped(),
            Self::Parenthesized(parenthesized) => parenthesized.to_untyped(),
            Self::Destructuring(destructuring) => destructuring.to_untyped(),
        }
    }
}

impl Default for Pattern<'_> {
    fn default() -> Self {
        Self::Normal(Expr::default())
    }
}

node! {
    /// The placeholder pattern `_`.
    Underscore
}

node! {
    /// A destructuring pattern: `(x, key: y, ..rest)`.
    Destructuring
}

impl<'a> Destructuring<'a> {
    /// The items in order.
    pub fn items(self) -> impl DoubleEndedIterator<Item = DestructuringItem<'a>> {
        all(self.0)
    }

    /// The identifiers the pattern binds, in source order.
    pub fn bindings(self) -> Vec<Ident<'a>> {
        let mut out = Vec::new();
        self.collect_bindings(&mut out);
        out
    }

    fn collect_bindings(self, out: &mut Vec<Ident<'a>>) {
        for item in self.items() {
            match item {
                DestructuringItem::Pattern(pattern) => pattern.collect_bindings(out),
                DestructuringItem::Named(named) => named.pattern().collect_bindings(out),
                DestructuringItem::Spread(spread) => out.extend(spread.sink_ident()),
            }
        }
    }
}

/// An item of a destructuring pattern.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Hash)]
pub enum DestructuringItem<'a> {
    /// A positional pattern: `x`.
    Pattern(Pattern<'a>),
    /// A pattern bound to a key: `key: y`.
    Named(Named<'a>),
    /// A sink for the rest: `..rest`, `..`.
    Spread(Spread<'a>),
}

impl<'a> AstNode<'a> for DestructuringItem<'a> {
    fn from_untyped(node: &'a SyntaxNode) -> Option<Self> {
        match node.kind() {
            SyntaxKind::Named => Named::from_untyped(node).map(Self::Named),
            SyntaxKind::Spread => Spread::from_untyped(node).map(Self::Spread),
            _ => Pattern::from_untyped(node).map(Self::Pattern),
        }
    }

    fn to_untyped(self) -> &'a SyntaxNode {
        match self {
            Self::Pattern(pattern) => pattern.to_untyped(),
            Self::Named(named) => named.to_untyped(),
            Self::Spread(spread) => spread.to_untyped(),
        }
    }
}

node! {
    /// A let binding: `let x = 1`, `let (a, b) = pair`, `let f(x) = x + 1`.
    LetBinding
}

/// What a let binding binds.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Hash)]
pub enum LetBindingKind<'a> {
    /// A pattern: `let x = 1`, `let (a, b) = pair`.
    Normal(Pattern<'a>),
    /// A named closure: `f` in `let f(x) = x + 1`.
    Closure(Ident<'a>),
}

impl<'a> LetBindingKind<'a> {
    /// The identifiers the binding binds, in source order.
    pub fn bindings(self) -> Vec<Ident<'a>> {
        match self {
            Self::Normal(pattern) => pattern.bindings(),
            Self::Closure(ident) => vec![ident],
        }
    }
}

impl<'a> LetBinding<'a> {
    /// What the binding binds.
    pub fn kind(self) -> LetBindingKind<'a> {
        match first::<Pattern>(self.0) {
            Some(Pattern::Normal(Expr::Closure(closure))) => {
                LetBindingKind::Closure(closure.name().unwrap_or_default())
            }
            pattern => LetBindingKind::Normal(pattern.unwrap_or_default()),
        }
    }

    /// The value bound: the expression after `=`, or the closure of `let f(x) = ..`.
    /// `None` for `let x` (which binds `none`).
    pub fn init(self) -> Option<Expr<'a>> {
        match self.kind() {
            LetBindingKind::Closure(_) => first::<Closure>(self.0).map(Expr::Closure),
            LetBindingKind::Normal(_) => after(self.0, SyntaxKind::Eq),
        }
    }
}

node! {
    /// A destructuring assignment: `(x, y) = (y, x)`.
    DestructAssignment
}

impl<'a> DestructAssignment<'a> {
    /// The pattern assigned to.
    pub fn pattern(self) -> Pattern<'a> {
        first(self.0).unwrap_or_default()
    }

    /// The value assigned.
    pub fn value(self) -> Expr<'a> {
        after(self.0, SyntaxKind::Eq).unwrap_or_default()
    }
}
