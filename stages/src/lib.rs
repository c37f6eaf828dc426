//! quire's compiler stages as plain functions: source text → syntax tree → (later) values,
//! content, realized runs and laid-out frames.
//!
//! Nothing in this crate owns a thread, a channel or a store: the `quire` pipeline crate
//! calls these functions from its stage actors. See `ARCHITECTURE.md` for the crate map.

pub mod base;
pub mod doc;
pub mod eval;
pub mod layout;
pub mod model;
pub mod realize;
pub mod syntax;
