//! Runs the `.typ` test suite.

fn main() {}
