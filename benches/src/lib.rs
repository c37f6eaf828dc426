//! Benchmark support: document generators.
