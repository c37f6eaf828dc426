//! The `quire` command-line entry point.

fn main() {}
