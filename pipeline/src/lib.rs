//! quire: the pipeline (stage actors, driver, store), the file-system world and the CLI.
//!
//! For now the pipeline is one stage: the world reads the main file and `parse` turns it
//! into a source or diagnostics, which `diag` renders for the terminal.

pub mod args;
pub mod cli;
pub mod diag;
pub mod parse;
pub mod world;
