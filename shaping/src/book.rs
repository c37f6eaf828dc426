//! The font book: every face quire can use — embedded defaults, `--font-path`
//! directories, extra font data, and (lazily) the system's fonts — with family lookup,
//! variant selection and fallback for characters the chosen families lack.
//!
//! Faces are known by their [`FontInfo`] from the start; a face's bytes are read only when
//! it is first used ([`FontBook::font`]). System fonts are scanned on first need: when a
//! family is not among the eager faces (extra data, font paths, embedded), when no eager
//! face covers a fallback character, or when the family list is asked for. With
//! `ignore_system_fonts` they are never scanned.
//!
//! Every answer is deterministic: a family present among the eager faces is served only
//! by them (whether or not the system has been scanned yet), families are walked in
//! sorted order, and ties go to the face found first (extra data, then font paths in
//! order with files sorted by path, then embedded, then system fonts sorted by path).

use std::collections::BTreeMap;
use std::fmt;
use std::num::NonZeroU32;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use crate::error::FontError;
use crate::font::{Font, FontData, FontInfo, face_count};
use crate::matching::match_key;
use crate::variant::FontVariant;

/// The families tried first, in order, when a character needs a fallback font (Typst's
/// list: the default text font, then the usual colour emoji fonts).
pub const DEFAULT_FALLBACKS: [&str; 5] = [
    "libertinus serif",
    "twitter color emoji",
    "noto color emoji",
    "apple color emoji",
    "segoe ui emoji",
];

/// Where a font book finds its faces.
#[derive(Debug, Clone, Default)]
pub struct FontOptions {
    /// Font files given as bytes (by a test or an embedding application); they take
    /// precedence over everything else.
    pub extra: Vec<FontData>,
    /// Directories searched recursively for `.ttf`, `.otf`, `.ttc` and `.otc` files
    /// (`--font-path`), in priority order.
    pub font_paths: Vec<PathBuf>,
    /// Never scan the system's fonts (`--ignore-system-fonts`).
    pub ignore_system_fonts: bool,
    /// Leave out the embedded default fonts (`--ignore-embedded-fonts`).
    pub ignore_embedded_fonts: bool,
}

/// A face in a [`FontBook`]: 4 bytes with a niche, valid only for the book that handed
/// it out.
#[derive(Debug, Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FontId(NonZeroU32);

/// System faces carry this bit in their id so that eager ids never move.
const SYSTEM_BIT: u32 = 1 << 31;

impl FontId {
    /// The id of slot `index` among the eager faces, or among the system's.
    fn new(index: u32, system: bool) -> Self {
        let raw = (index & !SYSTEM_BIT) | if system { SYSTEM_BIT } else { 0 };
        Self(NonZeroU32::MIN.saturating_add(raw))
    }

    /// The slot index and whether it is a system face.
    fn get(self) -> (usize, bool) {
        let raw = self.0.get() - 1;
        ((raw & !SYSTEM_BIT) as usize, raw & SYSTEM_BIT != 0)
    }
}

/// A family and the variants of its faces, for listings such as `quire fonts`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FamilyInfo {
    /// The family name as the first of its faces spells it.
    pub name: String,
    /// The variants of its faces, sorted, without repeats.
    pub variants: Vec<FontVariant>,
}

/// All faces available to a compilation.
pub struct FontBook {
    eager: Faces,
    system: OnceLock<Faces>,
    system_allowed: bool,
}

/// One group of faces and its family index.
#[derive(Default)]
struct Faces {
    slots: Vec<Slot>,
    /// Lowercase family name → indices into `slots`, ascending.
    families: BTreeMap<String, Vec<u32>>,
}

/// A face known by its info, loaded on first use.
struct Slot {
    info: Arc<FontInfo>,
    source: Source,
    index: u32,
    font: OnceLock<Result<Font, FontError>>,
}

/// Where a face's bytes come from.
enum Source {
    /// Bytes in memory (embedded or given).
    Data(Arc<FontData>),
    /// A file, read on first use and shared by the faces of a collection.
    File(Arc<FileSlot>),
}

struct FileSlot {
    path: Arc<PathBuf>,
    data: OnceLock<Result<Arc<FontData>, FontError>>,
}

impl FontBook {
    /// A book with the faces `options` ask for.
    ///
    /// Never fails: files that are not fonts, or that cannot be read, are skipped.
    pub fn new(options: &FontOptions) -> Self {
        let mut eager = Faces::default();
        for data in &options.extra {
            eager.push_data(Arc::new(data.clone()));
        }
        for dir in &options.font_paths {
            eager.push_dir(dir);
        }
        if !options.ignore_embedded_fonts {
            for bytes in typst_assets::fonts() {
                eager.push_data(Arc::new(FontData::Static(bytes)));
            }
        }
        Self { eager, system: OnceLock::new(), system_allowed: !options.ignore_system_fonts }
    }

    /// A book of the embedded default fonts only (no system fonts).
    pub fn embedded() -> Self {
        Self::new(&FontOptions { ignore_system_fonts: true, ..FontOptions::default() })
    }

    /// Selects the face of `family` (compared case-insensitively) that best matches
    /// `variant` by the CSS rules: style first, then stretch, then weight.
    ///
    /// Returns `None` when no face of that family exists.
    pub fn select(&self, family: &str, variant: FontVariant) -> Option<FontId> {
        let family = family.trim().to_lowercase();
        if let Some(ids) = self.eager.families.get(&family) {
            return self.eager.best(ids, variant, |_| true).map(|i| FontId::new(i, false));
        }
        let system = self.system()?;
        let ids = system.families.get(&family)?;
        system.best(ids, variant, |_| true).map(|i| FontId::new(i, true))
    }

    /// Selects a face that covers every character of `text` (typically one grapheme
    /// cluster) when the requested families do not.
    ///
    /// Tries [`DEFAULT_FALLBACKS`], then every other family in sorted order, among the
    /// eager faces first and the system's after; within a family, the face that best
    /// matches `variant` wins. Returns `None` when no face covers the text.
    pub fn select_fallback(&self, variant: FontVariant, text: &str) -> Option<FontId> {
        let covers = |info: &FontInfo| text.chars().all(|c| info.coverage.contains(c));
        if let Some(id) = self.eager.fallback(variant, covers, |_| false) {
            return Some(FontId::new(id, false));
        }
        let system = self.system()?;
        let shadowed = |family: &str| self.eager.families.contains_key(family);
        system.fallback(variant, covers, shadowed).map(|i| FontId::new(i, true))
    }

    /// What is known about a face, without loading it.
    pub fn info(&self, id: FontId) -> Option<&FontInfo> {
        self.slot(id).map(|slot| &*slot.info)
    }

    /// The face `id`, loaded on first use and shared afterwards.
    ///
    /// Fails when the face's file can no longer be read or parsed, or when `id` is not
    /// from this book.
    pub fn font(&self, id: FontId) -> Result<Font, FontError> {
        let slot = self.slot(id).ok_or(FontError::UnknownId)?;
        slot.font.get_or_init(|| slot.load()).clone()
    }

    /// Whether a family of this name (compared case-insensitively) exists, scanning the
    /// system fonts if it is not among the eager ones.
    pub fn contains_family(&self, family: &str) -> bool {
        let family = family.trim().to_lowercase();
        self.eager.families.contains_key(&family)
            || self.system().is_some_and(|s| s.families.contains_key(&family))
    }

    /// Every family with the variants of its faces, sorted by name case-insensitively;
    /// scans the system fonts unless they are ignored.
    pub fn families(&self) -> Vec<FamilyInfo> {
        let mut merged: BTreeMap<&str, FamilyInfo> = BTreeMap::new();
        self.eager.collect_families(&mut merged, |_| false);
        if let Some(system) = self.system() {
            system.collect_families(&mut merged, |family| self.eager.families.contains_key(family));
        }
        merged
            .into_values()
            .map(|mut family| {
                family.variants.sort();
                family.variants.dedup();
                family
            })
            .collect()
    }

    /// How many faces the book holds now (the system's only once scanned).
    pub fn len(&self) -> usize {
        self.eager.slots.len() + self.system.get().map_or(0, |s| s.slots.len())
    }

    /// Whether the book holds no face at all (the system's only once scanned).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether the system fonts have been scanned.
    pub fn system_scanned(&self) -> bool {
        self.system.get().is_some()
    }

    fn slot(&self, id: FontId) -> Option<&Slot> {
        match id.get() {
            (index, false) => self.eager.slots.get(index),
            (index, true) => self.system.get()?.slots.get(index),
        }
    }

    /// The system faces, scanned on the first call; `None` when they are ignored.
    fn system(&self) -> Option<&Faces> {
        if !self.system_allowed {
            return None;
        }
        Some(self.system.get_or_init(|| {
            let mut db = fontdb::Database::new();
            db.load_system_fonts();
            let mut faces = Faces::default();
            faces.push_database(&db);
            faces
        }))
    }
}

impl Faces {
    /// Adds every face of a font file in memory.
    fn push_data(&mut self, data: Arc<FontData>) {
        for index in 0..face_count(data.as_bytes()) {
            if let Ok(info) = FontInfo::new(data.as_bytes(), index) {
                self.push(Slot::new(info, Source::Data(data.clone()), index));
            }
        }
    }

    /// Adds the fonts of a directory tree.
    fn push_dir(&mut self, dir: &Path) {
        let mut db = fontdb::Database::new();
        db.load_fonts_dir(dir);
        self.push_database(&db);
    }

    /// Adds the file-backed faces of a fontdb database, sorted by path and index.
    fn push_database(&mut self, db: &fontdb::Database) {
        let mut found: Vec<(PathBuf, u32, fontdb::ID)> = db
            .faces()
            .filter_map(|face| match &face.source {
                fontdb::Source::File(path) | fontdb::Source::SharedFile(path, _) => {
                    Some((path.clone(), face.index, face.id))
                }
                fontdb::Source::Binary(_) => None,
            })
            .collect();
        found.sort_by(|a, b| (&a.0, a.1).cmp(&(&b.0, b.1)));
        found.dedup_by(|a, b| a.0 == b.0 && a.1 == b.1);

        let mut file: Option<Arc<FileSlot>> = None;
        for (path, index, id) in found {
            let Some(Ok(info)) = db.with_face_data(id, FontInfo::new) else {
                continue;
            };
            let shared = match &file {
                Some(slot) if *slot.path == path => slot.clone(),
                _ => {
                    let slot = Arc::new(FileSlot { path: Arc::new(path), data: OnceLock::new() });
                    file = Some(slot.clone());
                    slot
                }
            };
            self.push(Slot::new(info, Source::File(shared), index));
        }
    }

    fn push(&mut self, slot: Slot) {
        if slot.info.family.is_empty() {
            return;
        }
        let id = self.slots.len() as u32;
        self.families.entry(slot.info.family.to_lowercase()).or_default().push(id);
        self.slots.push(slot);
    }

    /// The face among `ids` (ascending) that passes `keep` and best matches `variant`;
    /// the first wins a tie.
    fn best(
        &self,
        ids: &[u32],
        variant: FontVariant,
        keep: impl Fn(&FontInfo) -> bool,
    ) -> Option<u32> {
        ids.iter()
            .filter_map(|&i| Some((i, self.slots.get(i as usize)?)))
            .filter(|(_, slot)| keep(&slot.info))
            .min_by_key(|(i, slot)| (match_key(variant, &slot.info.range), *i))
            .map(|(i, _)| i)
    }

    /// Adds this group's families to a listing, leaving out those for which `skip` holds.
    fn collect_families<'a>(
        &'a self,
        into: &mut BTreeMap<&'a str, FamilyInfo>,
        skip: impl Fn(&str) -> bool,
    ) {
        for (family, ids) in &self.families {
            if skip(family) {
                continue;
            }
            let slots: Vec<&Slot> =
                ids.iter().filter_map(|&i| self.slots.get(i as usize)).collect();
            let Some(first) = slots.first() else { continue };
            let entry = into.entry(family).or_insert_with(|| FamilyInfo {
                name: first.info.family.clone(),
                variants: Vec::new(),
            });
            entry.variants.extend(slots.iter().map(|slot| slot.info.variant));
        }
    }

    /// A covering face: the default fallback families first, then all families in
    /// sorted order, leaving out families for which `skip` holds.
    fn fallback(
        &self,
        variant: FontVariant,
        covers: impl Fn(&FontInfo) -> bool,
        skip: impl Fn(&str) -> bool,
    ) -> Option<u32> {
        let preferred = DEFAULT_FALLBACKS.iter().filter_map(|&f| self.families.get_key_value(f));
        preferred
            .chain(self.families.iter())
            .filter(|(family, _)| !skip(family))
            .find_map(|(_, ids)| self.best(ids, variant, &covers))
    }
}

impl Slot {
    fn new(info: FontInfo, source: Source, index: u32) -> Self {
        Self { info: Arc::new(info), source, index, font: OnceLock::new() }
    }

    fn load(&self) -> Result<Font, FontError> {
        let data = match &self.source {
            Source::Data(data) => data.clone(),
            Source::File(file) => file.data.get_or_init(|| file.read()).clone()?,
        };
        Font::load(data, self.index, Some(self.info.clone()))
    }
}

impl FileSlot {
    fn read(&self) -> Result<Arc<FontData>, FontError> {
        match std::fs::read(&*self.path) {
            Ok(bytes) => Ok(Arc::new(FontData::from(bytes))),
            Err(err) => Err(FontError::Io { path: self.path.clone(), message: err.to_string() }),
        }
    }
}

impl fmt::Debug for FontBook {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FontBook")
            .field("eager_faces", &self.eager.slots.len())
            .field("system_faces", &self.system.get().map(|s| s.slots.len()))
            .field("system_allowed", &self.system_allowed)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{FontStretch, FontStyle, FontWeight};

    fn variant(style: FontStyle, weight: u16) -> FontVariant {
        FontVariant::new(style, FontWeight::from_number(weight), FontStretch::NORMAL)
    }

    /// Selects `family` at `wanted` and checks the family and variant of the face chosen.
    fn check(
        book: &FontBook,
        family: &str,
        wanted: FontVariant,
        expected: Option<(&str, FontVariant)>,
    ) {
        let got = book.select(family, wanted).map(|id| {
            let font = book.font(id).expect("selected face loads");
            assert_eq!(font.info(), book.info(id).unwrap());
            (font.family().to_string(), font.variant())
        });
        let expected = expected.map(|(f, v)| (f.to_string(), v));
        assert_eq!(got, expected, "{family} {wanted}");
    }

    const LIBERTINUS: &str = "Libertinus Serif";

    #[test]
    fn embedded_book_has_the_default_families() {
        let book = FontBook::embedded();
        let families = book.families();
        let find = |name: &str| {
            families.iter().find(|f| f.name == name).unwrap_or_else(|| panic!("{name}"))
        };
        let libertinus = find(LIBERTINUS);
        assert_eq!(
            libertinus.variants,
            [
                variant(FontStyle::Normal, 400),
                variant(FontStyle::Normal, 600),
                variant(FontStyle::Normal, 700),
                variant(FontStyle::Italic, 400),
                variant(FontStyle::Italic, 600),
                variant(FontStyle::Italic, 700),
            ]
        );
        let math = &find("New Computer Modern Math").variants;
        assert_eq!(math.iter().map(|v| v.weight.to_number()).collect::<Vec<_>>(), [400, 450, 700]);
        assert_eq!(find("New Computer Modern").variants.len(), 4);
        assert_eq!(find("DejaVu Sans Mono").variants.len(), 4);
        assert_eq!(families.len(), 4);
        assert_eq!(book.len(), 17);
        assert!(!book.system_scanned());
    }

    #[test]
    fn selection_follows_variant_rules() {
        let book = FontBook::embedded();
        let bold_italic = variant(FontStyle::Italic, 700);
        check(&book, LIBERTINUS, bold_italic, Some((LIBERTINUS, bold_italic)));
        let semibold = variant(FontStyle::Normal, 600);
        check(&book, LIBERTINUS, semibold, Some((LIBERTINUS, semibold)));
        // 650 is above 500, so the heavier face wins over the equally near semibold.
        check(
            &book,
            LIBERTINUS,
            variant(FontStyle::Normal, 650),
            Some((LIBERTINUS, variant(FontStyle::Normal, 700))),
        );
        // Case and surrounding spaces do not matter.
        check(
            &book,
            " libertinus SERIF",
            FontVariant::default(),
            Some((LIBERTINUS, FontVariant::default())),
        );
        // Oblique falls back to italic; DejaVu's oblique serves italic requests.
        check(
            &book,
            LIBERTINUS,
            variant(FontStyle::Oblique, 400),
            Some((LIBERTINUS, variant(FontStyle::Italic, 400))),
        );
        let mono = "DejaVu Sans Mono";
        check(
            &book,
            mono,
            variant(FontStyle::Italic, 700),
            Some((mono, variant(FontStyle::Oblique, 700))),
        );
        check(&book, "Comic Sans", FontVariant::default(), None);
    }

    #[test]
    fn fallback_is_deterministic() {
        let book = FontBook::embedded();
        let family_of = |text: &str| {
            book.select_fallback(FontVariant::default(), text)
                .map(|id| book.info(id).unwrap().family.clone())
        };
        // Libertinus Serif is first in the fallback list and covers Greek and Hebrew.
        assert_eq!(family_of("α").as_deref(), Some(LIBERTINUS));
        assert_eq!(family_of("שָׁ").as_deref(), Some(LIBERTINUS));
        // Box drawing is only in DejaVu Sans Mono, the first family in sorted order.
        assert_eq!(family_of("┼").as_deref(), Some("DejaVu Sans Mono"));
        // Fraktur capitals are only in the math font.
        assert_eq!(family_of("𝔄").as_deref(), Some("New Computer Modern Math"));
        // No embedded font covers CJK, and system fonts are ignored.
        assert_eq!(family_of("中"), None);
        assert!(!book.system_scanned());
    }

    #[test]
    fn system_fonts_are_scanned_only_when_needed() {
        let book = FontBook::new(&FontOptions::default());
        assert!(book.select(LIBERTINUS, FontVariant::default()).is_some());
        assert!(book.select_fallback(FontVariant::default(), "α").is_some());
        assert!(!book.system_scanned());
        let _ = book.select("quire-no-such-family", FontVariant::default());
        assert!(book.system_scanned());
    }

    #[test]
    fn font_paths_are_loaded_lazily() {
        let dir = std::env::temp_dir().join(format!("quire-shaping-book-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("nested")).unwrap();
        let bytes = typst_assets::fonts()
            .find(|b| FontInfo::new(b, 0).is_ok_and(|i| i.flags.monospace))
            .unwrap();
        let path = dir.join("nested").join("mono.ttf");
        std::fs::write(&path, bytes).unwrap();
        std::fs::write(dir.join("broken.otf"), b"not a font").unwrap();

        let options = FontOptions {
            font_paths: vec![dir.clone()],
            ignore_system_fonts: true,
            ignore_embedded_fonts: true,
            ..FontOptions::default()
        };
        let book = FontBook::new(&options);
        assert_eq!(book.len(), 1);
        let id = book.select("dejavu sans mono", FontVariant::default()).unwrap();
        std::fs::remove_file(&path).unwrap();
        let err = book.font(id).unwrap_err();
        assert!(matches!(&err, FontError::Io { path: p, .. } if **p == path), "{err:?}");

        // A second book reads the file on first use, and keeps the bytes once loaded.
        std::fs::write(&path, bytes).unwrap();
        let book = FontBook::new(&options);
        let id = book.select("DejaVu Sans Mono", FontVariant::default()).unwrap();
        let font = book.font(id).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(book.font(id).unwrap(), font);
        assert_eq!(font.data().as_bytes(), bytes);
    }

    #[test]
    fn variable_faces_match_inside_their_axis_range() {
        let options = FontOptions {
            extra: vec![FontData::Static(font_test_data::CANTARELL_VF_TRIMMED)],
            ignore_system_fonts: true,
            ignore_embedded_fonts: true,
            ..FontOptions::default()
        };
        let book = FontBook::new(&options);
        let bold = variant(FontStyle::Normal, 700);
        let id = book.select("cantarell", bold).unwrap();
        let font = book.font(id).unwrap();
        assert!(font.is_variable());
        let info = book.info(id).unwrap();
        assert_eq!(info.range.weight, (FontWeight::THIN, FontWeight::EXTRABOLD));
        let coords = crate::variation::instance_variations(font.axes(), bold, None, &[]);
        assert_eq!(coords, [crate::variation::Variation::new(crate::variation::Tag::WGHT, 700.0)]);
        // Cantarell only has i–l, so it serves as fallback for `j` but not for `a`.
        assert_eq!(book.select_fallback(bold, "j"), Some(id));
        assert_eq!(book.select_fallback(bold, "a"), None);
    }

    #[test]
    fn extra_data_comes_first() {
        let bytes = typst_assets::fonts().next().unwrap();
        let options =
            FontOptions { extra: vec![FontData::from(bytes.to_vec())], ..FontOptions::default() };
        let book = FontBook::new(&options);
        let id = book.select(LIBERTINUS, FontVariant::default()).unwrap();
        assert_eq!(id, FontId::new(0, false));
        assert!(matches!(book.font(id).unwrap().data(), FontData::Shared(_)));
        assert_eq!(book.font(FontId::new(999, false)), Err(FontError::UnknownId));
        assert_eq!(book.font(FontId::new(0, true)), Err(FontError::UnknownId));
        assert_eq!(FontId::new(7, true).get(), (7, true));
        assert_eq!(std::mem::size_of::<Option<FontId>>(), 4);
        assert_eq!(std::mem::size_of::<Font>(), 8);
    }
}
