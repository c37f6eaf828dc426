//! Layout: realized content → frames. The context and region types come first, then the
//! layouters from the outside in: page runs and finalization (`page`), the flow of a
//! region (`flow`), block- and inline-level elements (`blocks` dispatches to
//! `container`, `pad`, `stack`, `grid`, `list`, `image`, `shapes`), text style resolution
//! (`text`) and paragraphs (`inline`).
//!
//! Layout calls back into realization for nested content (a block's body, a cell) and
//! into evaluation for `context`, always through ordinary function calls.

mod context;

pub mod blocks;
pub mod flow;
pub mod inline;
pub mod page;

mod columns;
mod container;
mod grid;
mod image;
mod list;
mod pad;
mod props;
mod repeat;
mod shapes;
mod sized;
mod stack;
#[cfg(test)]
mod testing;
pub mod text;
mod transform;

pub use self::context::{Fragment, LaidPage, LayoutContext, PageNumber, Regions};
