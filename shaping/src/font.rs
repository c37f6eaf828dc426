//! Fonts: font file bytes + a face index → a parsed, cheap-to-clone [`Font`] with its
//! family name, variant, coverage, metrics and variation axes.
//!
//! A `Font` keeps its bytes alive (a `'static` slice for embedded fonts, or shared data
//! behind an `Arc`) together with a parsed face that borrows them; the borrow is tied to
//! the shared bytes with `yoke`, so no `unsafe` code is needed.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use yoke::{Yoke, Yokeable};

use crate::coverage::Coverage;
use crate::error::FontError;
use crate::matching::VariantRange;
use crate::metrics::FontMetrics;
use crate::variant::{FontStretch, FontStyle, FontVariant, FontWeight};
use crate::variation::{Tag, VariationAxis};

/// The bytes of a font file (which may hold several faces).
#[derive(Clone)]
pub enum FontData {
    /// Bytes that live for the whole program, such as embedded fonts.
    Static(&'static [u8]),
    /// Bytes shared behind a reference count: read from a file or memory-mapped by the
    /// caller.
    Shared(Arc<dyn AsRef<[u8]> + Send + Sync>),
}

impl FontData {
    /// The bytes.
    pub fn as_bytes(&self) -> &[u8] {
        match self {
            Self::Static(bytes) => bytes,
            Self::Shared(shared) => shared.as_ref().as_ref(),
        }
    }
}

impl From<&'static [u8]> for FontData {
    fn from(bytes: &'static [u8]) -> Self {
        Self::Static(bytes)
    }
}

impl From<Vec<u8>> for FontData {
    fn from(bytes: Vec<u8>) -> Self {
        Self::Shared(Arc::new(bytes))
    }
}

impl fmt::Debug for FontData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FontData({} bytes)", self.as_bytes().len())
    }
}

/// How many faces a font file holds: the count of a collection (`.ttc`/`.otc`), 1 for a
/// single font, 0 for bytes that are no font.
pub fn face_count(bytes: &[u8]) -> u32 {
    match ttf_parser::fonts_in_collection(bytes) {
        Some(count) => count,
        None => u32::from(ttf_parser::RawFace::parse(bytes, 0).is_ok()),
    }
}

/// Boolean properties of a face.
#[derive(Debug, Default, Copy, Clone, PartialEq, Eq, Hash)]
pub struct FontFlags {
    /// The face declares itself fixed-pitch (`post.isFixedPitch`).
    pub monospace: bool,
    /// The face has an OpenType `MATH` table.
    pub math: bool,
    /// The face has variation axes (`fvar`).
    pub variable: bool,
}

/// What the font book knows of a face without keeping it loaded.
#[derive(Debug, Clone, PartialEq)]
pub struct FontInfo {
    /// The typographic family name (name ID 16, else 1), without a trailing
    /// " Variable", " Var" or " VF".
    pub family: String,
    /// Style, weight and stretch of the default instance.
    pub variant: FontVariant,
    /// The variants the face can take (the axis ranges of a variable face).
    pub range: VariantRange,
    /// Boolean properties.
    pub flags: FontFlags,
    /// The characters the face has glyphs for.
    pub coverage: Coverage,
    /// The variation axes, in `fvar` order; empty for a static face.
    pub axes: Vec<VariationAxis>,
}

impl FontInfo {
    /// Reads the info of face `index` of a font file.
    pub fn new(bytes: &[u8], index: u32) -> Result<Self, FontError> {
        let face =
            ttf_parser::Face::parse(bytes, index).map_err(|_| FontError::Malformed { index })?;
        Ok(Self::of_face(&face))
    }

    fn of_face(face: &ttf_parser::Face) -> Self {
        let axes: Vec<VariationAxis> = face
            .variation_axes()
            .into_iter()
            .map(|axis| VariationAxis {
                tag: Tag::from_u32(axis.tag.0),
                min: f64::from(axis.min_value),
                default: f64::from(axis.def_value),
                max: f64::from(axis.max_value),
                hidden: axis.hidden,
            })
            .collect();
        let variant = read_variant(face);
        let mut range = VariantRange::exact(variant);
        for axis in &axes {
            if axis.tag == Tag::WGHT {
                range.weight = (
                    FontWeight::from_number(axis.min.round() as u16),
                    FontWeight::from_number(axis.max.round() as u16),
                );
            } else if axis.tag == Tag::WDTH {
                range.stretch = (
                    FontStretch::from_ratio(axis.min / 100.0),
                    FontStretch::from_ratio(axis.max / 100.0),
                );
            }
        }
        Self {
            family: read_family(face).unwrap_or_default(),
            variant,
            range,
            flags: FontFlags {
                monospace: face.is_monospaced(),
                math: face.tables().math.is_some(),
                variable: !axes.is_empty(),
            },
            coverage: Coverage::of_face(face),
            axes,
        }
    }
}

/// Suffixes that variable fonts append to their family name.
const VARIABLE_SUFFIXES: [&str; 3] = [" Variable", " Var", " VF"];

/// The typographic family name of a face, English where the font offers a choice.
fn read_family(face: &ttf_parser::Face) -> Option<String> {
    let family = find_name(face, ttf_parser::name_id::TYPOGRAPHIC_FAMILY)
        .or_else(|| find_name(face, ttf_parser::name_id::FAMILY))?;
    Some(normalize_family(&family))
}

/// The family name as documents spell it: trimmed, without a leading dot (some system
/// fonts hide themselves that way) or a variable-font suffix, and with the New Computer
/// Modern families under the names Typst gives them ("NewComputerModern Math" →
/// "New Computer Modern Math").
fn normalize_family(family: &str) -> String {
    let family = family.trim();
    let family = family.strip_prefix('.').unwrap_or(family);
    let family = strip_variable_suffix(family);
    match family.strip_prefix("NewComputerModern") {
        Some(rest) => {
            let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
            format!(
                "New Computer Modern{}",
                if rest.is_empty() || rest.starts_with(' ') {
                    rest.to_string()
                } else {
                    format!(" {rest}")
                }
            )
        }
        None => family.to_string(),
    }
}

/// `family` without a trailing variable-font marker (compared case-insensitively).
fn strip_variable_suffix(family: &str) -> &str {
    for suffix in VARIABLE_SUFFIXES {
        if family.len() > suffix.len() {
            let (head, tail) = family.split_at(family.len() - suffix.len());
            if tail.eq_ignore_ascii_case(suffix) {
                return head.trim_end();
            }
        }
    }
    family
}

/// The first decodable name record with `id`, preferring US English.
pub(crate) fn find_name(face: &ttf_parser::Face, id: u16) -> Option<String> {
    let records = || face.names().into_iter().filter(move |n| n.name_id == id);
    records()
        .filter(|n| n.language() == ttf_parser::Language::English_UnitedStates)
        .chain(records())
        .find_map(|n| n.to_string().filter(|s| !s.trim().is_empty()))
}

/// Style, weight and stretch from OS/2, cross-checked against the style names for fonts
/// whose flags do not tell italic from oblique.
fn read_variant(face: &ttf_parser::Face) -> FontVariant {
    let mut names = String::new();
    for id in [
        ttf_parser::name_id::TYPOGRAPHIC_SUBFAMILY,
        ttf_parser::name_id::SUBFAMILY,
        ttf_parser::name_id::FULL_NAME,
    ] {
        if let Some(name) = find_name(face, id) {
            names.push_str(&name.to_lowercase());
            names.push(' ');
        }
    }
    let named_oblique = names.contains("oblique") || names.contains("slanted");
    let style = match face.style() {
        ttf_parser::Style::Oblique => FontStyle::Oblique,
        ttf_parser::Style::Italic if named_oblique => FontStyle::Oblique,
        ttf_parser::Style::Italic => FontStyle::Italic,
        ttf_parser::Style::Normal if names.contains("italic") => FontStyle::Italic,
        ttf_parser::Style::Normal if named_oblique => FontStyle::Oblique,
        ttf_parser::Style::Normal => FontStyle::Normal,
    };

    // Some old fonts give the weight class on a 1–9 scale.
    let mut weight = face.weight().to_number();
    if (1..10).contains(&weight) {
        weight *= 100;
    }
    let postscript = find_name(face, ttf_parser::name_id::POST_SCRIPT_NAME).unwrap_or_default();
    if let Some(exception) = weight_exception(&postscript) {
        weight = exception;
    }
    FontVariant {
        style,
        weight: FontWeight::from_number(weight),
        stretch: FontStretch::from_width_class(face.width().to_number()),
    }
}

/// Weights that a face's OS/2 table gets wrong, by PostScript name. The "Book" cuts of
/// New Computer Modern declare 400 like their "Regular" cuts; Typst files them at 450,
/// which is also the weight its math font defaults to.
fn weight_exception(postscript: &str) -> Option<u16> {
    let (family, style) = postscript.split_once('-')?;
    let new_cm = family.starts_with("NewCM") || family.starts_with("NewComputerModern");
    (new_cm && style.starts_with("Book")).then_some(450)
}

/// A parsed face borrowing the font bytes; the yoke ties the borrow to the bytes.
#[derive(Clone, Yokeable)]
pub(crate) struct ParsedFace<'a>(pub(crate) rustybuzz::Face<'a>);

/// A parsed face together with the shared bytes it borrows from.
pub(crate) type FaceYoke = Yoke<ParsedFace<'static>, Arc<FontData>>;

/// A loaded face: shared bytes + face index + everything read from it.
///
/// Cloning is a reference-count increment. Two fonts are equal when they are the same
/// face of the same bytes in memory (the data address and the index), which holds for
/// every font the book hands out for one file.
#[derive(Clone)]
pub struct Font(Arc<Repr>);

struct Repr {
    index: u32,
    info: Arc<FontInfo>,
    metrics: FontMetrics,
    face: FaceYoke,
    swash_offset: u32,
    swash_key: swash::CacheKey,
}

impl Font {
    /// Loads face `index` of a font file.
    pub fn new(data: FontData, index: u32) -> Result<Self, FontError> {
        Self::load(Arc::new(data), index, None)
    }

    /// Loads every face of a font file (one for a single font, all of a collection),
    /// skipping faces that fail to parse.
    pub fn all(data: FontData) -> Vec<Self> {
        let count = face_count(data.as_bytes());
        let data = Arc::new(data);
        (0..count).filter_map(|i| Self::load(data.clone(), i, None).ok()).collect()
    }

    /// Loads a face whose info the caller may already have read.
    pub(crate) fn load(
        data: Arc<FontData>,
        index: u32,
        info: Option<Arc<FontInfo>>,
    ) -> Result<Self, FontError> {
        let malformed = FontError::Malformed { index };
        let face: FaceYoke = Yoke::try_attach_to_cart(data, |data: &FontData| {
            rustybuzz::Face::from_slice(data.as_bytes(), index)
                .map(ParsedFace)
                .ok_or(malformed.clone())
        })?;
        let swash = swash::FontRef::from_index(face.backing_cart().as_bytes(), index as usize)
            .ok_or(malformed)?;
        let ttf: &ttf_parser::Face = &face.get().0;
        let info = info.unwrap_or_else(|| Arc::new(FontInfo::of_face(ttf)));
        let metrics = FontMetrics::of_face(ttf);
        Ok(Self(Arc::new(Repr {
            index,
            info,
            metrics,
            swash_offset: swash.offset,
            swash_key: swash.key,
            face,
        })))
    }

    /// The font file's bytes.
    pub fn data(&self) -> &FontData {
        self.0.face.backing_cart()
    }

    /// The index of the face in its file.
    pub fn index(&self) -> u32 {
        self.0.index
    }

    /// What is known about the face.
    pub fn info(&self) -> &FontInfo {
        &self.0.info
    }

    /// The typographic family name.
    pub fn family(&self) -> &str {
        &self.0.info.family
    }

    /// Style, weight and stretch of the default instance.
    pub fn variant(&self) -> FontVariant {
        self.0.info.variant
    }

    /// The vertical metrics, in em.
    pub fn metrics(&self) -> &FontMetrics {
        &self.0.metrics
    }

    /// How many font units make one em.
    pub fn units_per_em(&self) -> f64 {
        self.0.metrics.units_per_em
    }

    /// Converts font units to em.
    pub fn to_em(&self, units: impl Into<f64>) -> f64 {
        self.0.metrics.to_em(units)
    }

    /// Whether the face has a glyph for `c`.
    pub fn has_char(&self, c: char) -> bool {
        self.0.info.coverage.contains(c)
    }

    /// The glyph that `c` maps to, if any.
    pub fn glyph_index(&self, c: char) -> Option<u16> {
        self.ttf().glyph_index(c).map(|g| g.0).filter(|&g| g != 0)
    }

    /// The horizontal advance of a glyph at the default instance, in em.
    pub fn advance(&self, glyph: u16) -> Option<f64> {
        self.ttf().glyph_hor_advance(ttf_parser::GlyphId(glyph)).map(|a| self.to_em(a))
    }

    /// Whether the face's `feature` (a GSUB feature such as `sups`) substitutes the glyph
    /// of every character of `text`: only then can the feature stand in for synthesized
    /// glyphs.
    pub fn substitutes_all(&self, feature: &[u8; 4], text: &str) -> bool {
        let ttf = self.ttf();
        let Some(gsub) = ttf.tables().gsub else { return false };
        let Some(found) = gsub.features.find(ttf_parser::Tag::from_bytes(feature)) else {
            return false;
        };
        text.chars().all(|c| {
            let Some(glyph) = ttf.glyph_index(c) else { return false };
            found.lookup_indices.into_iter().filter_map(|i| gsub.lookups.get(i)).any(|lookup| {
                lookup
                    .subtables
                    .into_iter::<ttf_parser::gsub::SubstitutionSubtable>()
                    .any(|table| table.coverage().contains(glyph))
            })
        })
    }

    /// How many glyphs the face has.
    pub fn glyph_count(&self) -> u16 {
        self.ttf().number_of_glyphs()
    }

    /// Whether the face has variation axes.
    pub fn is_variable(&self) -> bool {
        self.0.info.flags.variable
    }

    /// The variation axes, in `fvar` order.
    pub fn axes(&self) -> &[VariationAxis] {
        &self.0.info.axes
    }

    /// The parsed face at the default instance.
    pub(crate) fn ttf(&self) -> &ttf_parser::Face<'_> {
        &self.0.face.get().0
    }

    /// The parsed face with its bytes, ready to be cloned and set to an instance.
    pub(crate) fn face_yoke(&self) -> &FaceYoke {
        &self.0.face
    }

    /// The face as swash sees it, with a cache key fixed for this font so that swash's
    /// scaler caches hit across calls.
    pub(crate) fn swash(&self) -> swash::FontRef<'_> {
        swash::FontRef {
            data: self.data().as_bytes(),
            offset: self.0.swash_offset,
            key: self.0.swash_key,
        }
    }

    fn identity(&self) -> (usize, usize, u32) {
        let bytes = self.data().as_bytes();
        (bytes.as_ptr() as usize, bytes.len(), self.0.index)
    }
}

impl PartialEq for Font {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.identity() == other.identity()
    }
}

impl Eq for Font {}

impl Hash for Font {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.identity().hash(state);
    }
}

impl fmt::Debug for Font {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Font({:?}, {}, index {})", self.family(), self.variant(), self.index())
    }
}

/// The embedded face with this PostScript name, for tests of the modules that use fonts.
#[cfg(test)]
pub(crate) fn embedded_by_postscript_name(postscript: &str) -> Font {
    typst_assets::fonts()
        .filter_map(|bytes| Font::new(FontData::Static(bytes), 0).ok())
        .find(|font| {
            find_name(font.ttf(), ttf_parser::name_id::POST_SCRIPT_NAME).as_deref()
                == Some(postscript)
        })
        .unwrap_or_else(|| panic!("no embedded {postscript}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The embedded face with this PostScript name (name ID 6).
    fn embedded(postscript: &str) -> Font {
        typst_assets::fonts()
            .flat_map(|bytes| Font::all(FontData::Static(bytes)))
            .find(|font| {
                find_name(font.ttf(), ttf_parser::name_id::POST_SCRIPT_NAME).as_deref()
                    == Some(postscript)
            })
            .unwrap_or_else(|| panic!("no embedded {postscript}"))
    }

    fn check(postscript: &str, family: &str, style: FontStyle, weight: u16, flags: FontFlags) {
        let font = embedded(postscript);
        assert_eq!(font.family(), family, "{postscript}");
        assert_eq!(font.variant().style, style, "{postscript}");
        assert_eq!(font.variant().weight.to_number(), weight, "{postscript}");
        assert_eq!(font.variant().stretch, FontStretch::NORMAL);
        assert_eq!(font.info().flags, flags, "{postscript}");
    }

    const TEXT: FontFlags = FontFlags { monospace: false, math: false, variable: false };

    #[test]
    fn embedded_faces_read_their_variant() {
        let libertinus = "Libertinus Serif";
        check("LibertinusSerif-Regular", libertinus, FontStyle::Normal, 400, TEXT);
        check("LibertinusSerif-BoldItalic", libertinus, FontStyle::Italic, 700, TEXT);
        check("LibertinusSerif-Semibold", libertinus, FontStyle::Normal, 600, TEXT);
        let math = FontFlags { math: true, ..TEXT };
        check("NewCMMath-Regular", "New Computer Modern Math", FontStyle::Normal, 400, math);
        check("NewCMMath-Book", "New Computer Modern Math", FontStyle::Normal, 450, math);
        let mono = FontFlags { monospace: true, ..TEXT };
        check("DejaVuSansMono-Oblique", "DejaVu Sans Mono", FontStyle::Oblique, 400, mono);
        check("DejaVuSansMono-Bold", "DejaVu Sans Mono", FontStyle::Normal, 700, mono);
    }

    #[test]
    fn coverage_and_glyphs_agree() {
        let font = embedded("LibertinusSerif-Regular");
        for c in ['A', 'ß', 'א', 'α'] {
            assert!(font.has_char(c), "{c:?}");
            assert!(font.glyph_index(c).is_some(), "{c:?}");
        }
        assert!(!font.has_char('中'));
        assert_eq!(font.glyph_index('中'), None);
        assert!(!font.is_variable());
        assert!(font.axes().is_empty());
    }

    #[test]
    fn identity_is_data_and_index() {
        let bytes = typst_assets::fonts().next().unwrap();
        let a = Font::new(FontData::Static(bytes), 0).unwrap();
        let b = Font::new(FontData::Static(bytes), 0).unwrap();
        assert_eq!(a, b);
        assert_ne!(a, embedded("DejaVuSansMono"));
        assert_eq!(
            Font::new(FontData::Static(bytes), 3).unwrap_err(),
            FontError::Malformed { index: 3 }
        );
        assert_eq!(
            Font::new(FontData::from(vec![0u8; 12]), 0).unwrap_err(),
            FontError::Malformed { index: 0 }
        );
        assert_eq!(face_count(bytes), 1);
        assert_eq!(face_count(b"nope"), 0);
        // Every face of a collection loads, each with its own index.
        let ttc = font_test_data::ttc::TTC;
        let faces = Font::all(FontData::Static(ttc));
        assert_eq!(faces.len() as u32, face_count(ttc));
        assert_eq!(
            faces.iter().map(Font::index).collect::<Vec<_>>(),
            (0..face_count(ttc)).collect::<Vec<_>>()
        );
        assert!(faces.len() >= 2 && faces[0] != faces[1]);
    }

    #[test]
    fn variable_suffixes_are_dropped() {
        assert_eq!(strip_variable_suffix("Roboto Flex Variable"), "Roboto Flex");
        assert_eq!(strip_variable_suffix("Inter VF"), "Inter");
        assert_eq!(strip_variable_suffix("Source Sans Var"), "Source Sans");
        assert_eq!(strip_variable_suffix("Vary"), "Vary");
        assert_eq!(strip_variable_suffix("VF"), "VF");
        assert_eq!(normalize_family(" NewComputerModern Math"), "New Computer Modern Math");
        assert_eq!(normalize_family("NewComputerModern10"), "New Computer Modern");
        assert_eq!(normalize_family(".SF NS"), "SF NS");
        assert_eq!(weight_exception("NewCMMath-Book"), Some(450));
        assert_eq!(weight_exception("NewCM10-BookItalic"), Some(450));
        assert_eq!(weight_exception("NewCMMath-Regular"), None);
        assert_eq!(weight_exception("Garamond-Book"), None);
    }
}
