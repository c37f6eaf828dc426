//! The frame of the typed AST: the `AstNode` trait, the `node!` macro that declares one typed
//! view per syntax kind, and the child lookups every typed accessor is built from.
//!
//! Every lookup skips children that do not cast, so trivia (`Space`, comments) and `Error`
//! nodes between the children of a kind's contract (see `kind.rs`) are never seen by the
//! accessors.

use crate::base::Span;
use crate::syntax::{SyntaxKind, SyntaxNode};

/// A typed view of a syntax node.
pub trait AstNode<'a>: Sized {
    /// The view, if `node` has the right kind.
    fn from_untyped(node: &'a SyntaxNode) -> Option<Self>;

    /// The underlying node.
    fn to_untyped(self) -> &'a SyntaxNode;

    /// The span of the underlying node.
    fn span(self) -> Span {
        self.to_untyped().span()
    }
}

/// Declares a typed view over the nodes of the syntax kind with the same name: a `Copy`
/// newtype over `&SyntaxNode`, its `AstNode` impl, and a `Default` that points at an empty
/// node of that kind (what accessors hand out when a malformed tree lacks a child).
macro_rules! node {
    ($(#[$attr:meta])* $name:ident) => {
        $(#[$attr])*
        #[derive(Debug, Copy, Clone, Eq, PartialEq, Hash)]
        pub struct $name<'a>(&'a $crate::syntax::SyntaxNode);

        impl<'a> $crate::syntax::ast::AstNode<'a> for $name<'a> {
            fn from_untyped(node: &'a $crate::syntax::SyntaxNode) -> Option<Self> {
                (node.kind() == $crate::syntax::SyntaxKind::$name).then_some(Self(node))
            }

            fn to_untyped(self) -> &'a $crate::syntax::SyntaxNode {
                self.0
            }
        }

        impl Default for $name<'_> {
            fn default() -> Self {
                static PLACEHOLDER: std::sync::LazyLock<$crate::syntax::SyntaxNode> =
                    std::sync::LazyLock::new(|| {
                        $crate::syntax::SyntaxNode::inner(
                            $crate::syntax::SyntaxKind::$name,
                            Vec::new(),
                        )
                    });
                Self(&PLACEHOLDER)
            }
        }
    };
}

pub(super) use node;

/// All children of `node` that cast to `T`, in order.
pub(super) fn all<'a, T: AstNode<'a> + 'a>(
    node: &'a SyntaxNode,
) -> impl DoubleEndedIterator<Item = T> + 'a {
    node.children().filter_map(T::from_untyped)
}

/// The first child of `node` that casts to `T`.
pub(super) fn first<'a, T: AstNode<'a>>(node: &'a SyntaxNode) -> Option<T> {
    node.children().find_map(T::from_untyped)
}

/// The last child of `node` that casts to `T`.
pub(super) fn last<'a, T: AstNode<'a>>(node: &'a SyntaxNode) -> Option<T> {
    node.children().rev().find_map(T::from_untyped)
}

/// The first child of `node` that casts to `T` and comes after the first child of `kind`.
pub(super) fn after<'a, T: AstNode<'a>>(node: &'a SyntaxNode, kind: SyntaxKind) -> Option<T> {
    node.children().skip_while(|child| child.kind() != kind).skip(1).find_map(T::from_untyped)
}

/// The `n`-th (from zero) child of `node` that casts to `T` and comes after the first child
/// of `kind`.
pub(super) fn nth_after<'a, T: AstNode<'a>>(
    node: &'a SyntaxNode,
    kind: SyntaxKind,
    n: usize,
) -> Option<T> {
    node.children()
        .skip_while(|child| child.kind() != kind)
        .skip(1)
        .filter_map(T::from_untyped)
        .nth(n)
}

/// The first child of `node` that casts to `T` and comes before the first child of `kind`.
pub(super) fn before<'a, T: AstNode<'a>>(node: &'a SyntaxNode, kind: SyntaxKind) -> Option<T> {
    node.children().take_while(|child| child.kind() != kind).find_map(T::from_untyped)
}

/// Whether `node` has a direct child of `kind`.
pub(super) fn has(node: &SyntaxNode, kind: SyntaxKind) -> bool {
    node.children().any(|child| child.kind() == kind)
}

/// The text of the first child of `node` that has `kind`; empty if there is none.
pub(super) fn leaf_text(node: &SyntaxNode, kind: SyntaxKind) -> &str {
    node.children().find(|child| child.kind() == kind).map_or("", |child| child.text().as_str())
}
