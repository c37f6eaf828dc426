//! The flow: a region's realized items (paragraphs, spacing, blocks, breaks, tags) →
//! one frame per region. `collect` lays out the paragraphs (in parallel) and resolves
//! spacing, `distribute` breaks the children into regions and composes each region's
//! frame; `layout` holds the entry points.

mod collect;
mod distribute;
mod layout;
#[cfg(test)]
mod tests;

pub use self::layout::{layout_content, layout_flow};
