//! `Version`: a version number with any number of components (`version(1, 2)`,
//! `sys.version`), compared component-wise with missing components as zero.

use ecow::{EcoString, EcoVec, eco_format};

/// A version: its components in order.
#[derive(Debug, Clone, Default, Eq, Hash)]
pub struct Version(pub EcoVec<u32>);

impl Version {
    /// The version as Typst's `repr` writes it: `version(1, 2)`.
    pub fn repr(&self) -> EcoString {
        let parts: Vec<String> = self.0.iter().map(u32::to_string).collect();
        eco_format!("version({})", parts.join(", "))
    }

    /// The component at `i`, zero past the end.
    pub fn component(&self, i: usize) -> u32 {
        self.0.get(i).copied().unwrap_or(0)
    }
}

impl PartialEq for Version {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == std::cmp::Ordering::Equal
    }
}

impl PartialOrd for Version {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Version {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        let len = self.0.len().max(other.0.len());
        (0..len)
            .map(|i| self.component(i).cmp(&other.component(i)))
            .find(|o| o.is_ne())
            .unwrap_or(std::cmp::Ordering::Equal)
    }
}
