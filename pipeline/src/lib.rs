//! quire: the pipeline (stage actors, driver, introspection store), the file-system
//! world and the CLI.

pub mod args;
pub mod cli;
pub mod compile;
pub mod diag;
pub mod export;
pub mod parse;
pub mod store;
pub mod world;
