//! `Version`: a version number with any number of components (`version(1, 2)`,
//! `sys.version`), compared component-wise with missing components as zero, with its
//! fields (`major`, `minor`, `patch`), `at`, `repr` and display (`1.2.3`).

use ecow::{EcoString, EcoVec, eco_format};

use super::{StrResult, Value};

/// A version: its components in order.
#[derive(Debug, Clone, Default, Eq)]
pub struct Version(pub EcoVec<u32>);

impl Version {
    /// The version as Typst's `repr` writes it: `version(1, 2)`.
    pub fn repr(&self) -> EcoString {
        let parts: Vec<String> = self.0.iter().map(u32::to_string).collect();
        eco_format!("version({})", parts.join(", "))
    }

    /// The version as `str` and markup show it: `1.2`.
    pub fn display(&self) -> EcoString {
        let parts: Vec<String> = self.0.iter().map(u32::to_string).collect();
        parts.join(".").into()
    }

    /// The component at `i`, zero past the end.
    pub fn component(&self, i: usize) -> u32 {
        self.0.get(i).copied().unwrap_or(0)
    }

    /// `version.at(index)`: negative indices count from the end; past the end is zero.
    pub fn at(&self, index: i64) -> StrResult<Value> {
        let len = self.0.len();
        let resolved = if index >= 0 {
            usize::try_from(index).ok()
        } else {
            len.checked_sub(usize::try_from(index.unsigned_abs()).unwrap_or(usize::MAX))
        };
        match resolved {
            Some(i) => Ok(Value::Int(i64::from(self.component(i)))),
            None => Err(eco_format!("component index out of bounds (index: {index}, len: {len})")),
        }
    }

    /// The named components: `major`, `minor` and `patch`, where the version has them.
    pub fn field(&self, name: &str) -> StrResult<Value> {
        let i = match name {
            "major" => 0,
            "minor" => 1,
            "patch" => 2,
            _ => return Err("unknown version component".into()),
        };
        match self.0.get(i) {
            Some(&v) => Ok(Value::Int(i64::from(v))),
            None => Err("unknown version component".into()),
        }
    }
}

impl PartialEq for Version {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == std::cmp::Ordering::Equal
    }
}

impl std::hash::Hash for Version {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        // Trailing zeros do not count, as in equality.
        let len = self.0.iter().rposition(|&c| c != 0).map_or(0, |i| i + 1);
        self.0[..len].hash(state);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn v(parts: &[u32]) -> Version {
        Version(parts.iter().copied().collect())
    }

    #[test]
    fn components() {
        assert_eq!(v(&[1, 2, 3]).at(-1), Ok(Value::Int(3)));
        assert_eq!(v(&[1, 2, 3]).at(7), Ok(Value::Int(0)));
        assert_eq!(
            v(&[1, 2, 3]).at(-5),
            Err("component index out of bounds (index: -5, len: 3)".into())
        );
        assert_eq!(v(&[1, 2]).field("minor"), Ok(Value::Int(2)));
        assert_eq!(v(&[1, 2]).field("patch"), Err("unknown version component".into()));
        assert_eq!(v(&[1, 2]).display(), "1.2");
        assert!(v(&[1, 2]) == v(&[1, 2, 0]));
        assert!(v(&[1, 2]) < v(&[1, 10]));
    }
}
