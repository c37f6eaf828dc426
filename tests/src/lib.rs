//! The `.typ` test suite runner.
