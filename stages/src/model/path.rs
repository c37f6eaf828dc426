//! `FilePath`: Typst's `path` value (`path("data.json")`), a path string already resolved
//! against the file that wrote it, so that it names the same file wherever it is used
//! later (in another file, or passed into a package); its `repr` (`path("/data.json")`).

use ecow::{EcoString, eco_format};

use super::repr_str;

/// A resolved path: the file id path it names, rooted in the project (`/data/x.json`) or
/// in a package (`@preview/pkg:1.0.0/x.json`).
#[derive(Debug, Clone, Eq, PartialEq, Hash)]
pub struct FilePath(pub EcoString);

impl FilePath {
    /// The path within its root, with a leading slash (`/data/x.json`).
    pub fn within_root(&self) -> &str {
        let path = self.0.as_str();
        let Some(package) = path.strip_prefix('@') else { return path };
        // A package's files are `@namespace/name:version/within`.
        let colon = package.find(':').unwrap_or(package.len());
        package[colon..].find('/').map_or("/", |slash| &package[colon + slash..])
    }

    /// The path as Typst's `repr` writes it: `path("/data/x.json")` (the package root is
    /// not shown).
    pub fn repr(&self) -> EcoString {
        eco_format!("path({})", repr_str(self.within_root()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repr_shows_the_path_within_its_root() {
        assert_eq!(FilePath("/data/x.json".into()).repr(), "path(\"/data/x.json\")");
        assert_eq!(FilePath("/".into()).repr(), "path(\"/\")");
        let packaged = FilePath("@preview/pkg:1.0.0/lib/a.typ".into());
        assert_eq!(packaged.repr(), "path(\"/lib/a.typ\")");
        assert_eq!(FilePath("@preview/pkg:1.0.0".into()).repr(), "path(\"/\")");
    }
}
