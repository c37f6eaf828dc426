//! Parser throughput.

fn main() {}
