//! The flow: a region's realized items (paragraphs, spacing, blocks, breaks, tags) →
//! one frame per region. `collect` lays out the paragraphs (in parallel) and resolves
//! spacing, `distribute` breaks the children into regions and composes each region's
//! frame (with `footnotes`, the entries at a page region's bottom, and `lines`, the
//! numbers of numbered lines); `layout` holds the entry points.

mod collect;
mod distribute;
mod footnotes;
mod layout;
mod lines;
#[cfg(test)]
mod tests;

pub use self::layout::{layout_content, layout_flow, layout_page_flow};
