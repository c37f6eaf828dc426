//! Control flow: conditionals, `while` and `for` loops, `break`, `continue` and `return`.

use super::base::{after, all, first, node, nth_after};
use super::bindings::Pattern;
use super::expr::Expr;
use crate::syntax::SyntaxKind;

node! {
    /// An if-else conditional: `if x { y } else { z }`.
    Conditional
}

impl<'a> Conditional<'a> {
    /// The condition.
    pub fn condition(self) -> Expr<'a> {
        first(self.0).unwrap_or_default()
    }

    /// The body evaluated when the condition holds.
    pub fn if_body(self) -> Expr<'a> {
        all(self.0).nth(1).unwrap_or_default()
    }

    /// The body after `else`: a block or another conditional.
    pub fn else_body(self) -> Option<Expr<'a>> {
        after(self.0, SyntaxKind::Else)
    }
}

node! {
    /// A while loop: `while x { y }`.
    WhileLoop
}

impl<'a> WhileLoop<'a> {
    /// The condition checked before each iteration.
    pub fn condition(self) -> Expr<'a> {
        first(self.0).unwrap_or_default()
    }

    /// The body evaluated while the condition holds.
    pub fn body(self) -> Expr<'a> {
        all(self.0).nth(1).unwrap_or_default()
    }
}

node! {
    /// A for loop: `for x in y { z }`.
    ForLoop
}

impl<'a> ForLoop<'a> {
    /// The pattern each value is bound to.
    pub fn pattern(self) -> Pattern<'a> {
        first(self.0).unwrap_or_default()
    }

    /// The expression iterated over.
    pub fn iterable(self) -> Expr<'a> {
        after(self.0, SyntaxKind::In).unwrap_or_default()
    }

    /// The body evaluated for each value.
    pub fn body(self) -> Expr<'a> {
        nth_after(self.0, SyntaxKind::In, 1).unwrap_or_default()
    }
}

node! {
    /// A loop break: `break`.
    LoopBreak
}

node! {
    /// A loop continue: `continue`.
    LoopContinue
}

node! {
    /// A return from a function: `return`, `return x + 1`.
    FuncReturn
}

impl<'a> FuncReturn<'a> {
    /// The value returned.
    pub fn body(self) -> Option<Expr<'a>> {
        first(self.0)
    }
}
