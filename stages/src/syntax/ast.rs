//! The typed AST: zero-cost typed views over `SyntaxNode`s (being written: see issue 2).

use super::SyntaxNode;

/// A typed view of a syntax node.
pub trait AstNode<'a>: Sized {
    /// The view, if `node` has the right kind.
    fn from_untyped(node: &'a SyntaxNode) -> Option<Self>;
    /// The underlying node.
    fn to_untyped(self) -> &'a SyntaxNode;
}
