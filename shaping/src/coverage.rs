//! Coverage: the set of Unicode code points a face maps to glyphs, read once from its
//! `cmap` and stored as sorted ranges for fast membership tests.

/// Which characters a face has glyphs for.
///
/// Stored as sorted, disjoint, non-adjacent inclusive ranges, so that a lookup is a
/// binary search and a typical Latin font takes a few dozen ranges.
#[derive(Debug, Default, Clone, PartialEq, Eq, Hash)]
pub struct Coverage {
    ranges: Vec<(u32, u32)>,
}

impl Coverage {
    /// The coverage of a set of code points, given in any order and with repeats.
    pub fn from_codepoints(codepoints: impl IntoIterator<Item = u32>) -> Self {
        let mut all: Vec<u32> = codepoints.into_iter().collect();
        all.sort_unstable();
        all.dedup();
        let mut ranges: Vec<(u32, u32)> = Vec::new();
        for cp in all {
            match ranges.last_mut() {
                Some((_, end)) if *end + 1 == cp => *end = cp,
                _ => ranges.push((cp, cp)),
            }
        }
        Self { ranges }
    }

    /// The coverage of a parsed face: every code point of its Unicode `cmap` subtables
    /// that maps to a glyph other than `.notdef`.
    pub(crate) fn of_face(face: &ttf_parser::Face) -> Self {
        let mut codepoints = Vec::new();
        if let Some(cmap) = face.tables().cmap {
            for subtable in cmap.subtables {
                if !subtable.is_unicode() {
                    continue;
                }
                subtable.codepoints(|cp| {
                    if subtable.glyph_index(cp).is_some_and(|g| g.0 != 0) {
                        codepoints.push(cp);
                    }
                });
            }
        }
        Self::from_codepoints(codepoints)
    }

    /// Whether the face has a glyph for `c`.
    pub fn contains(&self, c: char) -> bool {
        let cp = u32::from(c);
        let i = self.ranges.partition_point(|&(_, end)| end < cp);
        self.ranges.get(i).is_some_and(|&(start, _)| start <= cp)
    }

    /// The covered ranges, sorted, as inclusive `(first, last)` code points.
    pub fn ranges(&self) -> &[(u32, u32)] {
        &self.ranges
    }

    /// How many code points are covered.
    pub fn len(&self) -> usize {
        self.ranges.iter().map(|&(s, e)| (e - s) as usize + 1).sum()
    }

    /// Whether no code point is covered.
    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(codepoints: &[u32], ranges: &[(u32, u32)], inside: &str, outside: &str) {
        let coverage = Coverage::from_codepoints(codepoints.iter().copied());
        assert_eq!(coverage.ranges(), ranges);
        for c in inside.chars() {
            assert!(coverage.contains(c), "{c:?} should be covered");
        }
        for c in outside.chars() {
            assert!(!coverage.contains(c), "{c:?} should not be covered");
        }
    }

    #[test]
    fn ranges_merge_and_lookup() {
        check(
            &[0x63, 0x61, 0x62, 0x62, 0x7a, 0x3b1],
            &[(0x61, 0x63), (0x7a, 0x7a), (0x3b1, 0x3b1)],
            "abczα",
            "dyβA",
        );
        check(&[], &[], "", "a");
        assert_eq!(Coverage::from_codepoints([1, 2, 3, 10]).len(), 4);
    }
}
