//! Face matching: a requested variant + a candidate face's variant ranges → an ordering
//! key, smaller is better. Follows the CSS Fonts Level 4 matching algorithm (§5.2):
//! style first, then stretch, then weight.
//!
//! A variable face covers a range of weights and stretches; it is matched at the point of
//! its range closest to the request, so a variable font with `wght` 100–900 matches every
//! weight exactly.

use crate::variant::{FontStretch, FontStyle, FontVariant, FontWeight};

/// The variants a face can take: its style and the ranges of weight and stretch it
/// covers (one point for a static face, the axis range for a variable one).
#[derive(Debug, Copy, Clone, PartialEq, Eq, Hash)]
pub struct VariantRange {
    /// The face's style.
    pub style: FontStyle,
    /// Lightest and heaviest weight the face can take.
    pub weight: (FontWeight, FontWeight),
    /// Narrowest and widest stretch the face can take.
    pub stretch: (FontStretch, FontStretch),
}

impl VariantRange {
    /// The range of a static face: exactly its variant.
    pub fn exact(variant: FontVariant) -> Self {
        Self {
            style: variant.style,
            weight: (variant.weight, variant.weight),
            stretch: (variant.stretch, variant.stretch),
        }
    }
}

/// How well a candidate face fits a request; compare keys, the smallest wins.
///
/// The fields are ordered by priority, so the derived ordering is the CSS ordering.
#[derive(Debug, Copy, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct MatchKey {
    style: u8,
    stretch: (u8, u16),
    weight: (u8, u16),
}

/// The key of `candidate` for the request `wanted`.
pub fn match_key(wanted: FontVariant, candidate: &VariantRange) -> MatchKey {
    // `max` then `min` instead of `clamp`, which would panic on a reversed range.
    let weight = wanted.weight.max(candidate.weight.0).min(candidate.weight.1);
    let stretch = wanted.stretch.max(candidate.stretch.0).min(candidate.stretch.1);
    MatchKey {
        style: style_rank(wanted.style, candidate.style),
        stretch: stretch_rank(wanted.stretch, stretch),
        weight: weight_rank(wanted.weight, weight),
    }
}

/// CSS §5.2 step 4b: italic prefers italic, then oblique, then normal; oblique prefers
/// oblique, then italic, then normal; normal prefers normal, then oblique, then italic.
fn style_rank(wanted: FontStyle, have: FontStyle) -> u8 {
    use FontStyle::*;
    match (wanted, have) {
        (Normal, Normal) | (Italic, Italic) | (Oblique, Oblique) => 0,
        (Italic, Oblique) | (Oblique, Italic) | (Normal, Oblique) => 1,
        (Italic, Normal) | (Oblique, Normal) | (Normal, Italic) => 2,
    }
}

/// The closest stretch wins; on a tie, a request at or below normal width prefers the
/// narrower face and one above normal the wider face (CSS §5.2 step 4a).
fn stretch_rank(wanted: FontStretch, have: FontStretch) -> (u8, u16) {
    let preferred_side =
        if wanted <= FontStretch::NORMAL { have <= wanted } else { have >= wanted };
    (u8::from(!preferred_side), wanted.distance(have))
}

/// CSS §5.2 step 4c: for a request in 400..=500, weights from the request up to 500 come
/// first (ascending), then lighter ones (descending), then heavier ones (ascending); below
/// 400, lighter ones (descending) then heavier ones; above 500, heavier ones (ascending)
/// then lighter ones.
fn weight_rank(wanted: FontWeight, have: FontWeight) -> (u8, u16) {
    let (w, h) = (wanted.to_number(), have.to_number());
    let distance = w.abs_diff(h);
    let band = if (400..=500).contains(&w) {
        if (w..=500).contains(&h) {
            0
        } else if h < w {
            1
        } else {
            2
        }
    } else if w < 400 {
        u8::from(h > w)
    } else {
        u8::from(h < w)
    };
    (band, distance)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Picks the best of `have` (static faces) for `wanted` and checks the winner.
    fn check(wanted: FontVariant, have: &[FontVariant], expected: FontVariant) {
        let best =
            have.iter().min_by_key(|v| match_key(wanted, &VariantRange::exact(**v))).copied();
        assert_eq!(best, Some(expected), "wanted {wanted}");
    }

    fn v(style: FontStyle, weight: u16, stretch: FontStretch) -> FontVariant {
        FontVariant::new(style, FontWeight::from_number(weight), stretch)
    }

    const N: FontStretch = FontStretch::NORMAL;

    #[test]
    fn weight_follows_css_rules() {
        use FontStyle::Normal;
        let faces = [v(Normal, 300, N), v(Normal, 400, N), v(Normal, 600, N), v(Normal, 700, N)];
        // Above 500: heavier first.
        check(v(Normal, 650, N), &faces, v(Normal, 700, N));
        check(v(Normal, 800, N), &faces, v(Normal, 700, N));
        // 400–500: up to 500 first, then lighter before heavier.
        check(v(Normal, 450, N), &faces, v(Normal, 400, N));
        let no_regular = [v(Normal, 300, N), v(Normal, 600, N)];
        check(v(Normal, 400, N), &no_regular, v(Normal, 300, N));
        // Below 400: lighter first.
        check(v(Normal, 350, N), &faces, v(Normal, 300, N));
        check(v(Normal, 200, N), &faces, v(Normal, 300, N));
    }

    #[test]
    fn style_beats_weight_and_stretch_beats_weight() {
        use FontStyle::*;
        let faces = [v(Normal, 700, N), v(Italic, 400, N), v(Oblique, 700, N)];
        check(v(Italic, 700, N), &faces, v(Italic, 400, N));
        check(v(Oblique, 400, N), &faces, v(Oblique, 700, N));
        check(v(Normal, 400, N), &[v(Italic, 400, N), v(Oblique, 400, N)], v(Oblique, 400, N));
        let widths = [v(Normal, 400, FontStretch::CONDENSED), v(Normal, 700, N)];
        check(v(Normal, 400, N), &widths, v(Normal, 700, N));
        let around = [
            v(Normal, 400, FontStretch::SEMI_CONDENSED),
            v(Normal, 400, FontStretch::SEMI_EXPANDED),
        ];
        check(v(Normal, 400, N), &around, v(Normal, 400, FontStretch::SEMI_CONDENSED));
    }

    #[test]
    fn reversed_ranges_do_not_panic() {
        let reversed = VariantRange {
            style: FontStyle::Normal,
            weight: (FontWeight::BLACK, FontWeight::THIN),
            stretch: (FontStretch::EXPANDED, FontStretch::CONDENSED),
        };
        let _ = match_key(FontVariant::default(), &reversed);
    }

    #[test]
    fn variable_face_matches_inside_its_range() {
        let range = VariantRange {
            style: FontStyle::Normal,
            weight: (FontWeight::THIN, FontWeight::BLACK),
            stretch: (FontStretch::NORMAL, FontStretch::NORMAL),
        };
        let wanted = v(FontStyle::Normal, 650, N);
        let exact = match_key(wanted, &VariantRange::exact(wanted));
        assert_eq!(match_key(wanted, &range), exact);
    }
}
