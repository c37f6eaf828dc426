//! Bookmarks: the document's [`OutlineItem`]s (flat, with levels) → the outline tree (PDF
//! 1.7, 12.3.3 Document outline), every item open and jumping to its page at its height.
//!
//! An item is a child of the closest earlier item with a smaller level, so that skipped
//! levels (a level-3 heading right after a level-1 one) still nest. Items keep document
//! order, which is also the tree's pre-order, so item `i` is object `first + 1 + i`.

use pdf_writer::{Finish, Pdf, Ref, TextStr};
use quire_stages::doc::OutlineItem;

/// Where an outline item's page is: its object and its height in points.
pub(super) type PageTarget = (Ref, f32);

/// How many objects [`write_outline`] writes for `items` (none for no items).
pub(super) fn object_count(items: &[OutlineItem]) -> i32 {
    if items.is_empty() { 0 } else { items.len() as i32 + 1 }
}

/// Writes the outline root as `first` and the items after it. `page` finds the target of
/// a page index; items whose page is not in the document get no destination.
pub(super) fn write_outline(
    pdf: &mut Pdf,
    first: Ref,
    items: &[OutlineItem],
    page: impl Fn(usize) -> Option<PageTarget>,
) {
    if items.is_empty() {
        return;
    }
    let tree = build_tree(items);
    let item_ref = |i: usize| Ref::new(first.get() + 1 + i as i32);

    let mut root = pdf.outline(first);
    if let (Some(&head), Some(&tail)) = (tree.roots.first(), tree.roots.last()) {
        root.first(item_ref(head)).last(item_ref(tail));
    }
    root.count(items.len() as i32);
    root.finish();

    for (i, item) in items.iter().enumerate() {
        let node = &tree.nodes[i];
        let mut writer = pdf.outline_item(item_ref(i));
        writer.title(TextStr(&item.title));
        writer.parent(node.parent.map_or(first, item_ref));
        if let Some(prev) = node.prev {
            writer.prev(item_ref(prev));
        }
        if let Some(next) = node.next {
            writer.next(item_ref(next));
        }
        if let (Some(&head), Some(&tail)) = (node.children.first(), node.children.last()) {
            writer.first(item_ref(head)).last(item_ref(tail));
            writer.count(node.descendants as i32);
        }
        if let Some((page_ref, height)) = page(item.page) {
            let top = (height - item.y.to_pt() as f32).clamp(0.0, height);
            writer.dest().page(page_ref).xyz(0.0, top, None);
        }
    }
}

/// The outline as a tree over item indices.
#[derive(Debug, Default, PartialEq)]
struct Tree {
    roots: Vec<usize>,
    nodes: Vec<Node>,
}

#[derive(Debug, Default, Clone, PartialEq)]
struct Node {
    parent: Option<usize>,
    prev: Option<usize>,
    next: Option<usize>,
    children: Vec<usize>,
    /// How many items are below this one (all of them visible: every item is open).
    descendants: usize,
}

/// Nests the items by level.
fn build_tree(items: &[OutlineItem]) -> Tree {
    let mut tree = Tree { roots: Vec::new(), nodes: vec![Node::default(); items.len()] };
    // The chain of open ancestors: (level, index).
    let mut stack: Vec<(usize, usize)> = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let level = item.level.get();
        while stack.last().is_some_and(|&(l, _)| l >= level) {
            stack.pop();
        }
        let parent = stack.last().map(|&(_, parent)| parent);
        let siblings = match parent {
            Some(parent) => &mut tree.nodes[parent].children,
            None => &mut tree.roots,
        };
        let prev = siblings.last().copied();
        siblings.push(i);
        tree.nodes[i].parent = parent;
        tree.nodes[i].prev = prev;
        if let Some(prev) = prev {
            tree.nodes[prev].next = Some(i);
        }
        for &(_, ancestor) in &stack {
            tree.nodes[ancestor].descendants += 1;
        }
        stack.push((level, i));
    }
    tree
}

#[cfg(test)]
mod tests {
    use std::num::NonZeroUsize;

    use quire_stages::base::Abs;

    use super::*;

    fn items(levels: &[usize]) -> Vec<OutlineItem> {
        levels
            .iter()
            .map(|&level| OutlineItem {
                title: "x".into(),
                level: NonZeroUsize::new(level).unwrap(),
                page: 0,
                y: Abs::zero(),
            })
            .collect()
    }

    #[test]
    fn items_nest_by_level() {
        let tree = build_tree(&items(&[1, 2, 3, 2, 1, 3]));
        assert_eq!(tree.roots, vec![0, 4]);
        assert_eq!(tree.nodes[0].children, vec![1, 3]);
        assert_eq!(tree.nodes[1].children, vec![2]);
        assert_eq!(tree.nodes[0].descendants, 3);
        assert_eq!((tree.nodes[3].prev, tree.nodes[1].next), (Some(1), Some(3)));
        assert_eq!((tree.nodes[0].next, tree.nodes[4].prev), (Some(4), Some(0)));
        // A skipped level still nests under the previous shallower item.
        assert_eq!(tree.nodes[5].parent, Some(4));
        assert_eq!(tree.nodes[4].descendants, 1);
    }

    #[test]
    fn a_deeper_first_item_is_a_root() {
        let tree = build_tree(&items(&[2, 1]));
        assert_eq!(tree.roots, vec![0, 1]);
    }
}
