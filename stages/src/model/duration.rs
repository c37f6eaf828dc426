//! `Duration`: a span of time (`duration(hours: 1)`, the difference of two datetimes),
//! kept exactly as whole seconds and nanoseconds.

use ecow::{EcoString, eco_format};

/// A signed span of time: `secs` seconds plus `nanos` nanoseconds (same sign as `secs`).
#[derive(Debug, Copy, Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Duration {
    pub secs: i64,
    pub nanos: i32,
}

impl Duration {
    /// The duration as Typst's `repr` writes it.
    pub fn repr(&self) -> EcoString {
        eco_format!("duration(seconds: {})", self.secs)
    }
}
