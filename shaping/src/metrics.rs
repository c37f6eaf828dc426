//! Font metrics: the vertical measures of a face (ascender, cap height, x-height,
//! descender) and its decoration lines, read from `hhea`/`OS/2`/`post` and expressed in
//! em (multiply by the font size to get a length).
//!
//! The MATH table's constants will join here when math layout needs them.

/// Where and how thick a decoration line (underline, strikethrough, overline) is drawn.
#[derive(Debug, Copy, Clone, PartialEq)]
pub struct LineMetrics {
    /// Position of the line's centre above the baseline, in em (negative is below).
    pub position: f64,
    /// Thickness of the line, in em.
    pub thickness: f64,
}

/// The vertical metrics of a face, in em, at its default instance.
#[derive(Debug, Copy, Clone, PartialEq)]
pub struct FontMetrics {
    /// How many font units make one em (`head.unitsPerEm`).
    pub units_per_em: f64,
    /// Height of the ascender above the baseline (the `hhea` ascender, or the OS/2
    /// typographic one when the font sets `USE_TYPO_METRICS`).
    pub ascender: f64,
    /// Height of capital letters (OS/2 `sCapHeight`, else the top of `H`, else the
    /// ascender).
    pub cap_height: f64,
    /// Height of lowercase letters (OS/2 `sxHeight`, else the top of `x`, else half the
    /// ascender).
    pub x_height: f64,
    /// Position of the descender, negative below the baseline.
    pub descender: f64,
    /// Underline position and thickness (`post`).
    pub underline: LineMetrics,
    /// Strikethrough position and thickness (OS/2 strikeout).
    pub strikethrough: LineMetrics,
    /// Overline position and thickness: a tenth of an em above the cap height, as thick
    /// as the underline.
    pub overline: LineMetrics,
    /// How the face wants synthesized subscripts (OS/2), if it says.
    pub subscript: Option<ScriptMetrics>,
    /// How the face wants synthesized superscripts (OS/2), if it says.
    pub superscript: Option<ScriptMetrics>,
}

/// The size and place of synthesized sub- or superscripts, in em of the text around them.
#[derive(Debug, Copy, Clone, PartialEq)]
pub struct ScriptMetrics {
    /// The scripts' font size.
    pub size: f64,
    /// How far the scripts move right.
    pub x_offset: f64,
    /// How far the scripts' baseline rises (negative for subscripts).
    pub rise: f64,
}

/// Underline fallback when `post` gives none: 0.1 em below the baseline.
const DEFAULT_UNDERLINE_POSITION: f64 = -0.1;
/// Line thickness fallback when neither `post` nor `OS/2` gives one.
const DEFAULT_LINE_THICKNESS: f64 = 0.05;

impl FontMetrics {
    /// Reads the metrics of a parsed face.
    pub(crate) fn of_face(face: &ttf_parser::Face) -> Self {
        let upem = f64::from(face.units_per_em().max(1));
        let em = |units: i16| f64::from(units) / upem;

        let ascender = em(face.ascender());
        let descender = em(face.descender());
        // As in Typst, a font without cap or x height (an `OS/2` table older than
        // version 2, as DejaVu Sans Mono's) takes its typographic ascender for both.
        let typo_ascender = em(face.typographic_ascender().unwrap_or(face.ascender()));
        let cap_height = face.capital_height().filter(|&h| h > 0).map_or(typo_ascender, em);
        let x_height = face.x_height().filter(|&h| h > 0).map_or(typo_ascender, em);

        let post = face.underline_metrics();
        let os2 = face.strikeout_metrics();
        let thickness_of =
            |m: Option<ttf_parser::LineMetrics>| m.map(|m| m.thickness).filter(|&t| t > 0).map(em);
        let underline_thickness =
            thickness_of(post).or(thickness_of(os2)).unwrap_or(DEFAULT_LINE_THICKNESS);
        let underline = LineMetrics {
            position: post.map_or(DEFAULT_UNDERLINE_POSITION, |m| em(m.position)),
            thickness: underline_thickness,
        };
        let strikethrough = LineMetrics {
            position: os2.map(|m| m.position).filter(|&p| p > 0).map_or(x_height / 2.0, em),
            thickness: thickness_of(os2).unwrap_or(underline_thickness),
        };
        let overline = LineMetrics { position: cap_height + 0.1, thickness: underline_thickness };

        // OS/2 gives a subscript's offset downwards and a superscript's upwards.
        let script = |m: ttf_parser::ScriptMetrics, sign: f64| ScriptMetrics {
            size: em(m.y_size),
            x_offset: em(m.x_offset),
            rise: sign * em(m.y_offset),
        };
        Self {
            units_per_em: upem,
            ascender,
            cap_height,
            x_height,
            descender,
            underline,
            strikethrough,
            overline,
            subscript: face.subscript_metrics().map(|m| script(m, -1.0)),
            superscript: face.superscript_metrics().map(|m| script(m, 1.0)),
        }
    }

    /// Converts font units to em.
    pub fn to_em(&self, units: impl Into<f64>) -> f64 {
        units.into() / self.units_per_em
    }
}

#[cfg(test)]
mod tests {
    use crate::font::{Font, FontData};

    /// Checks the metrics of the first face of the embedded file whose first face has
    /// this family: `[upem, ascender, cap height, x-height, descender]` and the
    /// underline and strikethrough `(position, thickness)`, all in em.
    fn check(family: &str, vertical: [f64; 5], underline: (f64, f64), strikethrough: (f64, f64)) {
        let font = typst_assets::fonts()
            .filter_map(|bytes| Font::new(FontData::Static(bytes), 0).ok())
            .find(|font| font.family() == family)
            .unwrap();
        let m = font.metrics();
        assert_eq!(
            [m.units_per_em, m.ascender, m.cap_height, m.x_height, m.descender],
            vertical,
            "{family}"
        );
        assert_eq!((m.underline.position, m.underline.thickness), underline, "{family}");
        assert_eq!(
            (m.strikethrough.position, m.strikethrough.thickness),
            strikethrough,
            "{family}"
        );
        assert_eq!(m.overline.position, m.cap_height + 0.1);
        assert_eq!(m.to_em(m.units_per_em / 2.0), 0.5);
    }

    #[test]
    fn metrics_of_embedded_fonts() {
        check(
            "Libertinus Serif",
            [1000.0, 0.894, 0.658, 0.429, -0.246],
            (-0.078, 0.04),
            (0.257, 0.04),
        );
        check(
            "DejaVu Sans Mono",
            [2048.0, 1901.0 / 2048.0, 1556.0 / 2048.0, 1556.0 / 2048.0, -483.0 / 2048.0],
            (-130.0 / 2048.0, 90.0 / 2048.0),
            (530.0 / 2048.0, 102.0 / 2048.0),
        );
    }
}
