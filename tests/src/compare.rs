//! Comparison: expected diagnostics vs emitted ones → what is missing, unexpected or
//! differently hinted; and a body vs its tree's text → the first differing byte.

use quire_stages::base::Severity;

use crate::{Diag, Expected};

/// One difference between what a test expects and what it emitted.
#[derive(Debug, Clone, Eq, PartialEq)]
pub enum Mismatch {
    /// Annotated but not emitted.
    Missing(Expected),
    /// Emitted but not annotated.
    Unexpected(Diag),
    /// Same severity, position and message, different hints.
    Hints { expected: Expected, emitted: Diag },
}

impl Mismatch {
    /// The position the mismatch is sorted by (detached diagnostics first).
    fn key(&self) -> (Option<crate::Pos>, Severity) {
        match self {
            Self::Missing(e) | Self::Hints { expected: e, .. } => (Some(e.range.start), e.severity),
            Self::Unexpected(d) => (d.range.as_ref().map(|r| r.start), d.severity),
        }
    }
}

/// Pairs expected and emitted diagnostics; what stays unpaired is returned, sorted by
/// position. Exact matches pair first, then matches that differ only in their hints.
pub fn compare(expected: &[Expected], emitted: &[Diag]) -> Vec<Mismatch> {
    let same = |e: &Expected, d: &Diag| {
        e.severity == d.severity && d.range.as_ref() == Some(&e.range) && e.message == d.message
    };
    let mut open: Vec<Option<&Diag>> = emitted.iter().map(Some).collect();
    let mut unpaired = Vec::new();
    for e in expected {
        let slot =
            open.iter_mut().find(|slot| slot.is_some_and(|d| same(e, d) && e.hints == d.hints));
        match slot {
            Some(slot) => *slot = None,
            None => unpaired.push(e),
        }
    }
    let mut mismatches = Vec::new();
    for e in unpaired {
        match open.iter_mut().find(|slot| slot.is_some_and(|d| same(e, d))) {
            Some(slot) => {
                let emitted = slot.take().cloned().expect("the slot was just found filled");
                mismatches.push(Mismatch::Hints { expected: e.clone(), emitted });
            }
            None => mismatches.push(Mismatch::Missing(e.clone())),
        }
    }
    mismatches.extend(open.into_iter().flatten().cloned().map(Mismatch::Unexpected));
    mismatches.sort_by_key(Mismatch::key);
    mismatches
}

/// Where a tree's text first departs from the text it was parsed from.
#[derive(Debug, Clone, Eq, PartialEq)]
pub struct RoundTrip {
    /// The first differing byte offset.
    pub byte: usize,
    /// Up to 20 bytes of the original from there (lossily decoded).
    pub expected: String,
    /// Up to 20 bytes of the tree's text from there.
    pub found: String,
}

/// Compares a source text with its tree's text; `None` when they are equal.
pub fn round_trip(text: &str, tree: &str) -> Option<RoundTrip> {
    if text == tree {
        return None;
    }
    let (a, b) = (text.as_bytes(), tree.as_bytes());
    let byte = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let excerpt = |s: &[u8]| String::from_utf8_lossy(&s[byte..s.len().min(byte + 20)]).into_owned();
    Some(RoundTrip { byte, expected: excerpt(a), found: excerpt(b) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Pos;

    fn pos(col: usize) -> std::ops::Range<Pos> {
        Pos { line: 0, col }..Pos { line: 0, col: col + 1 }
    }

    fn expected(col: usize, message: &str, hints: &[&str]) -> Expected {
        Expected {
            severity: Severity::Error,
            range: pos(col),
            message: message.into(),
            hints: hints.iter().map(|&h| h.into()).collect(),
            line: 0,
        }
    }

    fn emitted(col: Option<usize>, message: &str, hints: &[&str]) -> Diag {
        Diag {
            severity: Severity::Error,
            range: col.map(pos),
            message: message.into(),
            hints: hints.iter().map(|&h| h.into()).collect(),
        }
    }

    /// Compares and renders each mismatch as `kind col message`.
    fn check(expected: &[Expected], emitted: &[Diag], found: &[&str]) {
        let rendered: Vec<String> = compare(expected, emitted)
            .iter()
            .map(|m| match m {
                Mismatch::Missing(e) => format!("missing {} {}", e.range.start.col, e.message),
                Mismatch::Unexpected(d) => format!(
                    "unexpected {} {}",
                    d.range.as_ref().map_or("-".into(), |r| r.start.col.to_string()),
                    d.message
                ),
                Mismatch::Hints { expected, emitted } => {
                    format!("hints {:?} vs {:?}", expected.hints, emitted.hints)
                }
            })
            .collect();
        assert_eq!(rendered, found);
    }

    #[test]
    fn exact_matches_pair() {
        check(
            &[expected(1, "a", &["h"]), expected(1, "a", &[])],
            &[emitted(Some(1), "a", &[]), emitted(Some(1), "a", &["h"])],
            &[],
        );
    }

    #[test]
    fn missing_and_unexpected_sorted_by_position() {
        check(
            &[expected(5, "late", &[]), expected(2, "moved", &[])],
            &[emitted(Some(3), "moved", &[]), emitted(None, "elsewhere", &[])],
            &["unexpected - elsewhere", "missing 2 moved", "unexpected 3 moved", "missing 5 late"],
        );
    }

    #[test]
    fn messages_compare_exactly() {
        check(
            &[expected(0, "unclosed string", &[])],
            &[emitted(Some(0), "unclosed string.", &[])],
            &["missing 0 unclosed string", "unexpected 0 unclosed string."],
        );
    }

    #[test]
    fn hints_compare_in_order() {
        check(
            &[expected(0, "m", &["one", "two"])],
            &[emitted(Some(0), "m", &["two", "one"])],
            &["hints [\"one\", \"two\"] vs [\"two\", \"one\"]"],
        );
    }

    #[test]
    fn round_trip_finds_first_difference() {
        assert_eq!(round_trip("abc", "abc"), None);
        let diff = round_trip("abcdef", "abXdef").unwrap();
        assert_eq!((diff.byte, diff.expected.as_str(), diff.found.as_str()), (2, "cdef", "Xdef"));
        let short = round_trip("ab", "abc").unwrap();
        assert_eq!((short.byte, short.expected.as_str(), short.found.as_str()), (2, "", "c"));
    }
}
