//! `Regex`: a compiled regular expression (`regex("a+")`), used by string methods and
//! show rules. Two regexes are equal when their patterns are.

use std::sync::Arc;

use ecow::EcoString;

use super::repr_str;

/// A compiled regular expression.
#[derive(Debug, Clone)]
pub struct Regex(pub Arc<regex::Regex>);

impl Regex {
    /// Compiles a pattern, with the regex crate's error as the message.
    pub fn new(pattern: &str) -> Result<Self, EcoString> {
        regex::Regex::new(pattern).map(|re| Self(Arc::new(re))).map_err(|e| e.to_string().into())
    }

    /// The regex as Typst's `repr` writes it: `regex("a+")`.
    pub fn repr(&self) -> EcoString {
        ecow::eco_format!("regex({})", repr_str(self.0.as_str()))
    }
}

impl PartialEq for Regex {
    fn eq(&self, other: &Self) -> bool {
        self.0.as_str() == other.0.as_str()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalid_pattern_message() {
        let err = Regex::new("(").unwrap_err();
        assert_eq!(err, "regex parse error:\n    (\n    ^\nerror: unclosed group");
    }

    #[test]
    fn repr_and_equality() {
        assert_eq!(Regex::new("a+").unwrap().repr(), "regex(\"a+\")");
        assert!(Regex::new("a").unwrap() == Regex::new("a").unwrap());
    }
}
