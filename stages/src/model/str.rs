//! Strings and labels: `Str` (an `EcoString` with the language's string operations, which
//! count in grapheme clusters where the language does) and `Label`.

use std::fmt::{self, Display, Formatter};
use std::ops::Deref;

use ecow::{EcoString, eco_format};
use unicode_segmentation::UnicodeSegmentation;

use crate::syntax::is_id_continue;

/// A string value. Cheap to clone.
#[derive(Debug, Default, Clone, Eq, PartialEq, Ord, PartialOrd, Hash)]
pub struct Str(pub EcoString);

impl Str {
    /// The string as a slice.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The grapheme clusters.
    pub fn graphemes(&self) -> impl DoubleEndedIterator<Item = &str> {
        self.0.graphemes(true)
    }

    /// The byte index of `index` (negative from the end), which must lie on a character
    /// boundary; the length itself is allowed when `allow_end`.
    pub fn locate(&self, index: i64, allow_end: bool) -> Result<usize, EcoString> {
        let len = self.0.len();
        let resolved = if index < 0 { (len as i64).checked_add(index) } else { Some(index) };
        let oob = || ecow::eco_format!("string index out of bounds (index: {index}, len: {len})");
        let i = resolved.filter(|&i| i >= 0).ok_or_else(oob)? as usize;
        if i > len || (!allow_end && i == len) {
            return Err(oob());
        }
        if !self.0.is_char_boundary(i) {
            return Err(ecow::eco_format!("string index {index} is not a character boundary"));
        }
        Ok(i)
    }

    /// The string repeated `n` times.
    pub fn repeat(&self, n: usize) -> Result<Self, EcoString> {
        self.0
            .len()
            .checked_mul(n)
            // Beyond Typst's error (the length overflows), a length past the memory limit
            // fails with the same message rather than aborting.
            .filter(|&len| super::array::fits_in_memory::<u8>(len))
            .ok_or_else(|| eco_format!("cannot repeat this string {n} times"))?;
        Ok(Self(self.0.repeat(n)))
    }
}

impl Deref for Str {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl std::borrow::Borrow<str> for Str {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl Display for Str {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<&str> for Str {
    fn from(s: &str) -> Self {
        Self(s.into())
    }
}

impl From<EcoString> for Str {
    fn from(s: EcoString) -> Self {
        Self(s)
    }
}

impl From<String> for Str {
    fn from(s: String) -> Self {
        Self(s.into())
    }
}

/// A label: `<intro>`. Labels name content so that it can be referenced and selected.
#[derive(Debug, Clone, Eq, PartialEq, Ord, PartialOrd, Hash)]
pub struct Label(pub EcoString);

impl Label {
    /// The label's name, without angle brackets.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The label as Typst's `repr` writes it: `<name>` where that is valid label syntax,
    /// `label("name")` otherwise.
    pub fn repr(&self) -> EcoString {
        let literal = !self.0.is_empty()
            && self.0.chars().all(|c| is_id_continue(c) || matches!(c, ':' | '.'));
        if literal {
            ecow::eco_format!("<{}>", self.0)
        } else {
            ecow::eco_format!("label({})", super::repr_str(&self.0))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn label_repr() {
        assert_eq!(Label("a:b.c-d_1".into()).repr(), "<a:b.c-d_1>");
        assert_eq!(Label("a b".into()).repr(), "label(\"a b\")");
    }
}
