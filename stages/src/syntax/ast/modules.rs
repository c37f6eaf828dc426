//! Modules: `import` with its renaming and item lists, and `include`.

use super::base::{AstNode, after, all, first, last, node};
use super::expr::Expr;
use super::literals::Ident;
use crate::syntax::{SyntaxKind, SyntaxNode};

node! {
    /// A module import: `import "utils.typ": a, b.c as d`.
    ModuleImport
}

impl<'a> ModuleImport<'a> {
    /// The module or path imported from.
    pub fn source(self) -> Expr<'a> {
        first(self.0).unwrap_or_default()
    }

    /// The name the module itself is bound to: `u` in `import "utils.typ" as u`.
    pub fn new_name(self) -> Option<Ident<'a>> {
        after(self.0, SyntaxKind::As)
    }

    /// The items imported after the colon, if any.
    pub fn imports(self) -> Option<Imports<'a>> {
        self.0.children().skip_while(|child| child.kind() != SyntaxKind::Colon).find_map(|child| {
            match child.kind() {
                SyntaxKind::Star => Some(Imports::Wildcard),
                SyntaxKind::ImportItems => ImportItems::from_untyped(child).map(Imports::Items),
                _ => None,
            }
        })
    }
}

/// The items of an import.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Hash)]
pub enum Imports<'a> {
    /// Everything: `*`.
    Wildcard,
    /// A list of items: `a, b.c as d`.
    Items(ImportItems<'a>),
}

node! {
    /// The list of imported items: `a, b.c as d`, possibly in parentheses.
    ImportItems
}

impl<'a> ImportItems<'a> {
    /// The items in order.
    pub fn iter(self) -> impl DoubleEndedIterator<Item = ImportItem<'a>> {
        all(self.0)
    }
}

/// An imported item.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Hash)]
pub enum ImportItem<'a> {
    /// An item imported under its own name: `a`, `b.c`.
    Simple(ImportItemPath<'a>),
    /// An item imported under a new name: `b.c as d`.
    Renamed(RenamedImportItem<'a>),
}

impl<'a> ImportItem<'a> {
    /// The path to the item.
    pub fn path(self) -> ImportItemPath<'a> {
        match self {
            Self::Simple(path) => path,
            Self::Renamed(renamed) => renamed.path(),
        }
    }

    /// The item's name in its module (the last segment of its path).
    pub fn original_name(self) -> Ident<'a> {
        self.path().name()
    }

    /// The name the item is bound to.
    pub fn bound_name(self) -> Ident<'a> {
        match self {
            Self::Simple(path) => path.name(),
            Self::Renamed(renamed) => renamed.new_name(),
        }
    }
}

impl<'a> AstNode<'a> for ImportItem<'a> {
    fn from_untyped(node: &'a SyntaxNode) -> Option<Self> {
        match node.kind() {
            SyntaxKind::ImportItemPath => ImportItemPath::from_untyped(node).map(Self::Simple),
            SyntaxKind::RenamedImportItem => {
                RenamedImportItem::from_untyped(node).map(Self::Renamed)
            }
            _ => None,
        }
    }

    fn to_untyped(self) -> &'a SyntaxNode {
        match self {
            Self::Simple(path) => path.to_untyped(),
            Self::Renamed(renamed) => renamed.to_untyped(),
        }
    }
}

node! {
    /// The path to an imported item: `a`, `b.c`.
    ImportItemPath
}

impl<'a> ImportItemPath<'a> {
    /// The path's segments.
    pub fn iter(self) -> impl DoubleEndedIterator<Item = Ident<'a>> {
        all(self.0)
    }

    /// The last segment: the item's name.
    pub fn name(self) -> Ident<'a> {
        last(self.0).unwrap_or_default()
    }
}

node! {
    /// An item imported under a new name: `b.c as d`.
    RenamedImportItem
}

impl<'a> RenamedImportItem<'a> {
    /// The path to the item.
    pub fn path(self) -> ImportItemPath<'a> {
        first(self.0).unwrap_or_default()
    }

    /// The item's name in its module.
    pub fn original_name(self) -> Ident<'a> {
        self.path().name()
    }

    /// The name the item is bound to.
    pub fn new_name(self) -> Ident<'a> {
        after(self.0, SyntaxKind::As).unwrap_or_default()
    }
}

node! {
    /// A module include: `include "chapter1.typ"`.
    ModuleInclude
}

impl<'a> ModuleInclude<'a> {
    /// The path of the included file.
    pub fn source(self) -> Expr<'a> {
        first(self.0).unwrap_or_default()
    }
}
