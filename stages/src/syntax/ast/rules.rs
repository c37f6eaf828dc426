//! Styling and context: `set` rules, `show` rules and `context` expressions.

use super::base::{after, before, first, node};
use super::code::Args;
use super::expr::Expr;
use crate::syntax::SyntaxKind;

node! {
    /// A set rule: `set text(14pt) if cond`.
    SetRule
}

impl<'a> SetRule<'a> {
    /// The function whose defaults are set.
    pub fn target(self) -> Expr<'a> {
        first(self.0).unwrap_or_default()
    }

    /// The arguments with the new defaults.
    pub fn args(self) -> Args<'a> {
        first(self.0).unwrap_or_default()
    }

    /// The condition after `if`, under which the rule applies.
    pub fn condition(self) -> Option<Expr<'a>> {
        after(self.0, SyntaxKind::If)
    }
}

node! {
    /// A show rule: `show heading: it => emph(it.body)`, `show: template`.
    ShowRule
}

impl<'a> ShowRule<'a> {
    /// The selector before the colon; `None` for `show: ..`, which applies to everything
    /// after it.
    pub fn selector(self) -> Option<Expr<'a>> {
        before(self.0, SyntaxKind::Colon)
    }

    /// The transformation after the colon.
    pub fn transform(self) -> Expr<'a> {
        after(self.0, SyntaxKind::Colon).unwrap_or_default()
    }
}

node! {
    /// A context expression: `context text.lang`.
    Contextual
}

impl<'a> Contextual<'a> {
    /// The expression evaluated with context.
    pub fn body(self) -> Expr<'a> {
        first(self.0).unwrap_or_default()
    }
}
