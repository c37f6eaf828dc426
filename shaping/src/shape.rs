//! Shaping: text + font + size-independent settings (direction, script, language,
//! features, variation coordinates) → positioned glyphs in em.
//!
//! The [`Shaper`] trait is the whole interface the layout sees, so the engine behind it
//! can change (rustybuzz today; harfrust is its maintained successor) without touching
//! callers. [`ShapingContext`] is the rustybuzz implementation: it caches one parsed face
//! per (font, coordinates) and one shape plan per (font, coordinates, direction, script,
//! language, features), because building a plan costs far more than shaping a word.
//!
//! Concurrency: one context is meant to be shared by all layout threads. Its caches sit
//! behind a `Mutex` that is held only for lookups and inserts, never while a face or plan
//! is built or text is shaped; a miss builds outside the lock, and when two threads miss
//! at once the first insert wins and both use an equivalent value. A context is
//! therefore `Sync`, and per-thread contexts are equally valid when contention shows.

use std::str::FromStr;
use std::sync::{Arc, Mutex, PoisonError};

use unicode_script::{Script, UnicodeScript};

use crate::cache::BoundedCache;
use crate::font::{FaceYoke, Font};
use crate::variation::{Tag, Variation};

/// The direction glyphs are laid out in.
#[derive(Debug, Default, Copy, Clone, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Left to right.
    #[default]
    Ltr,
    /// Right to left; glyphs come back in visual order (the last character first).
    Rtl,
}

/// An OpenType feature setting for the whole run, e.g. `liga` = 0 to turn ligatures off.
#[derive(Debug, Copy, Clone, PartialEq, Eq, Hash)]
pub struct Feature {
    /// The feature tag.
    pub tag: Tag,
    /// 0 turns the feature off, 1 on; larger values pick an alternate.
    pub value: u32,
}

impl Feature {
    /// The feature `tag` turned on.
    pub fn on(tag: Tag) -> Self {
        Self { tag, value: 1 }
    }

    /// The feature `tag` turned off.
    pub fn off(tag: Tag) -> Self {
        Self { tag, value: 0 }
    }
}

/// Everything about a shaping call except the text and the font; none of it depends on
/// the font size.
#[derive(Debug, Default, Clone, PartialEq, Eq, Hash)]
pub struct ShapeSettings {
    /// The direction of the run.
    pub direction: Direction,
    /// The script of the run; `None`, `Common`, `Inherited` or `Unknown` let the shaper
    /// take the first specific script found in the text.
    pub script: Option<Script>,
    /// The language as a BCP 47 tag (`"en"`, `"de-CH"`), which selects language-specific
    /// forms; `None` or empty for the default.
    pub language: Option<String>,
    /// Feature settings on top of the shaper's defaults (which include `kern`, `liga`,
    /// `calt`).
    pub features: Vec<Feature>,
    /// Variation coordinates in user space, e.g. from
    /// [`instance_variations`](crate::instance_variations); empty for the default
    /// instance.
    pub variations: Vec<Variation>,
}

/// One positioned glyph. Lengths are in em: multiply by the font size.
#[derive(Debug, Copy, Clone, PartialEq)]
pub struct ShapedGlyph {
    /// The glyph in the font.
    pub glyph_id: u16,
    /// Byte offset in the shaped text of the first character of this glyph's cluster.
    pub cluster: usize,
    /// How far the pen moves horizontally after this glyph.
    pub x_advance: f64,
    /// How far the pen moves vertically after this glyph.
    pub y_advance: f64,
    /// Horizontal displacement of the glyph from the pen position.
    pub x_offset: f64,
    /// Vertical displacement of the glyph from the pen position.
    pub y_offset: f64,
    /// Whether the text may be split before this glyph's cluster without reshaping
    /// either side.
    pub safe_to_break: bool,
}

/// Turns text into positioned glyphs.
pub trait Shaper {
    /// Shapes `text` with `font` and appends the glyphs, in visual order, to `out`.
    fn shape_into(
        &self,
        text: &str,
        font: &Font,
        settings: &ShapeSettings,
        out: &mut Vec<ShapedGlyph>,
    );

    /// Shapes `text` with `font` into a new vector.
    fn shape(&self, text: &str, font: &Font, settings: &ShapeSettings) -> Vec<ShapedGlyph> {
        let mut out = Vec::new();
        self.shape_into(text, font, settings, &mut out);
        out
    }
}

/// How many faces and plans a context keeps by default.
pub const DEFAULT_CACHE_CAPACITY: usize = 1024;

/// The rustybuzz shaper with its face and plan caches. See the module docs on sharing it
/// between threads.
pub struct ShapingContext {
    caches: Mutex<Caches>,
    capacity: usize,
}

struct Caches {
    faces: BoundedCache<FaceKey, Arc<FaceYoke>>,
    plans: BoundedCache<PlanKey, Arc<rustybuzz::ShapePlan>>,
}

#[derive(Clone, PartialEq, Eq, Hash)]
struct FaceKey {
    font: Font,
    variations: Vec<Variation>,
}

#[derive(Clone, PartialEq, Eq, Hash)]
struct PlanKey {
    face: FaceKey,
    direction: Direction,
    script: [u8; 4],
    language: Option<String>,
    features: Vec<Feature>,
}

impl ShapingContext {
    /// A context keeping up to [`DEFAULT_CACHE_CAPACITY`] faces and as many plans.
    pub fn new() -> Self {
        Self::with_capacity(DEFAULT_CACHE_CAPACITY)
    }

    /// A context keeping up to `capacity` faces and as many plans (at least 2 each);
    /// when a cache overflows, the least recently used half is dropped.
    pub fn with_capacity(capacity: usize) -> Self {
        let caches =
            Caches { faces: BoundedCache::new(capacity), plans: BoundedCache::new(capacity) };
        Self { caches: Mutex::new(caches), capacity: capacity.max(2) }
    }

    /// How many variation faces and shape plans are cached.
    pub fn cached(&self) -> (usize, usize) {
        let caches = self.lock();
        (caches.faces.len(), caches.plans.len())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Caches> {
        // A panic elsewhere cannot leave the maps inconsistent, so poisoning is ignored.
        self.caches.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The face of `key.font` set to `key.variations`, from the cache or built.
    fn face(&self, key: &FaceKey) -> Arc<FaceYoke> {
        if let Some(face) = self.lock().faces.get(key) {
            return face;
        }
        let mut face = key.font.face_yoke().clone();
        let variations: Vec<rustybuzz::Variation> = key
            .variations
            .iter()
            .map(|v| rustybuzz::Variation { tag: ttf_tag(v.tag), value: v.value })
            .collect();
        face.with_mut(move |face| face.0.set_variations(&variations));
        self.lock().faces.insert(key.clone(), Arc::new(face))
    }

    /// The plan for `key` on `face`, from the cache or built.
    fn plan(
        &self,
        key: &PlanKey,
        face: &rustybuzz::Face,
        script: rustybuzz::Script,
    ) -> Arc<rustybuzz::ShapePlan> {
        if let Some(plan) = self.lock().plans.get(key) {
            return plan;
        }
        let language = key.language.as_deref().and_then(|l| rustybuzz::Language::from_str(l).ok());
        let features: Vec<rustybuzz::Feature> = key
            .features
            .iter()
            .map(|f| rustybuzz::Feature::new(ttf_tag(f.tag), f.value, ..))
            .collect();
        let plan = rustybuzz::ShapePlan::new(
            face,
            rb_direction(key.direction),
            Some(script),
            language.as_ref(),
            &features,
        );
        self.lock().plans.insert(key.clone(), Arc::new(plan))
    }
}

impl Default for ShapingContext {
    fn default() -> Self {
        Self::new()
    }
}

impl std::fmt::Debug for ShapingContext {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (faces, plans) = self.cached();
        f.debug_struct("ShapingContext")
            .field("faces", &faces)
            .field("plans", &plans)
            .field("capacity", &self.capacity)
            .finish()
    }
}

impl Shaper for ShapingContext {
    fn shape_into(
        &self,
        text: &str,
        font: &Font,
        settings: &ShapeSettings,
        out: &mut Vec<ShapedGlyph>,
    ) {
        if text.is_empty() {
            return;
        }
        let script = resolve_script(settings.script, text);
        let rb_script = rustybuzz::Script::from_iso15924_tag(ttf_parser::Tag::from_bytes(&script))
            .unwrap_or(rustybuzz::script::COMMON);
        let face_key = FaceKey {
            font: font.clone(),
            variations: settings.variations.iter().filter(|v| !v.value.is_nan()).copied().collect(),
        };
        let varied = (!face_key.variations.is_empty()).then(|| self.face(&face_key));
        let face: &rustybuzz::Face = match &varied {
            Some(face) => &face.get().0,
            None => &font.face_yoke().get().0,
        };
        let plan_key = PlanKey {
            face: face_key,
            direction: settings.direction,
            script,
            language: settings
                .language
                .as_ref()
                .filter(|l| !l.is_empty())
                .map(|l| l.to_ascii_lowercase()),
            features: settings.features.clone(),
        };
        let plan = self.plan(&plan_key, face, rb_script);

        let mut buffer = rustybuzz::UnicodeBuffer::new();
        buffer.push_str(text);
        buffer.set_direction(rb_direction(settings.direction));
        buffer.set_script(rb_script);
        if let Some(language) =
            plan_key.language.as_deref().and_then(|l| rustybuzz::Language::from_str(l).ok())
        {
            buffer.set_language(language);
        }
        let glyphs = rustybuzz::shape_with_plan(face, &plan, buffer);

        let em = |units: i32| font.to_em(units);
        out.reserve(glyphs.len());
        for (info, pos) in glyphs.glyph_infos().iter().zip(glyphs.glyph_positions()) {
            out.push(ShapedGlyph {
                glyph_id: u16::try_from(info.glyph_id).unwrap_or(0),
                cluster: info.cluster as usize,
                x_advance: em(pos.x_advance),
                y_advance: em(pos.y_advance),
                x_offset: em(pos.x_offset),
                y_offset: em(pos.y_offset),
                safe_to_break: !info.unsafe_to_break(),
            });
        }
    }
}

/// The ISO 15924 tag of the run's script: the given one if specific, else the first
/// specific script in the text, else `Zyyy` (common).
fn resolve_script(given: Option<Script>, text: &str) -> [u8; 4] {
    let generic = |s: Script| matches!(s, Script::Common | Script::Inherited | Script::Unknown);
    let script = given
        .filter(|&s| !generic(s))
        .or_else(|| text.chars().map(|c| c.script()).find(|&s| !generic(s)))
        .unwrap_or(Script::Common);
    let mut tag = [b' '; 4];
    for (slot, byte) in tag.iter_mut().zip(script.short_name().bytes()) {
        *slot = byte;
    }
    tag
}

fn rb_direction(direction: Direction) -> rustybuzz::Direction {
    match direction {
        Direction::Ltr => rustybuzz::Direction::LeftToRight,
        Direction::Rtl => rustybuzz::Direction::RightToLeft,
    }
}

fn ttf_tag(tag: Tag) -> ttf_parser::Tag {
    ttf_parser::Tag::from_bytes(&tag.to_bytes())
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::font::FontData;

    /// The embedded face with this PostScript name.
    fn font(postscript: &str) -> Font {
        crate::font::embedded_by_postscript_name(postscript)
    }

    /// Shapes `text` and checks the clusters and the glyph count; returns the glyphs.
    fn check(
        font: &Font,
        text: &str,
        settings: &ShapeSettings,
        clusters: &[usize],
    ) -> Vec<ShapedGlyph> {
        let glyphs = ShapingContext::new().shape(text, font, settings);
        let got: Vec<usize> = glyphs.iter().map(|g| g.cluster).collect();
        assert_eq!(got, clusters, "{text:?} with {settings:?}");
        glyphs
    }

    fn with_features(features: &[Feature]) -> ShapeSettings {
        ShapeSettings { features: features.to_vec(), ..ShapeSettings::default() }
    }

    const LIGA: Tag = Tag::new(b"liga");
    const KERN: Tag = Tag::new(b"kern");

    #[test]
    fn ligatures_follow_the_liga_feature() {
        let serif = font("LibertinusSerif-Regular");
        let fi = check(&serif, "fi", &ShapeSettings::default(), &[0]);
        assert_ne!(Some(fi[0].glyph_id), serif.glyph_index('f'));
        // Without the ligature the `f` still takes a contextual form before `i`.
        let apart = check(&serif, "fi", &with_features(&[Feature::off(LIGA)]), &[0, 1]);
        assert_ne!(apart[0].glyph_id, fi[0].glyph_id);
        assert_eq!(Some(apart[1].glyph_id), serif.glyph_index('i'));
        assert!(check(&serif, "", &ShapeSettings::default(), &[]).is_empty());
    }

    #[test]
    fn kerning_tightens_av() {
        let serif = font("LibertinusSerif-Regular");
        let isolated: f64 =
            "AV".chars().map(|c| serif.advance(serif.glyph_index(c).unwrap()).unwrap()).sum();
        let sum = |glyphs: &[ShapedGlyph]| glyphs.iter().map(|g| g.x_advance).sum::<f64>();
        let kerned = check(&serif, "AV", &ShapeSettings::default(), &[0, 1]);
        assert!(sum(&kerned) < isolated - 0.05, "{} vs {isolated}", sum(&kerned));
        let plain = check(&serif, "AV", &with_features(&[Feature::off(KERN)]), &[0, 1]);
        assert!((sum(&plain) - isolated).abs() < 1e-9);
        assert!(kerned.iter().all(|g| g.y_advance == 0.0 && g.x_offset == 0.0));
        // The kern pair must not be split: breaking before `V` would lose it.
        let breaks: Vec<bool> = kerned.iter().map(|g| g.safe_to_break).collect();
        assert_eq!(breaks, [true, false]);
    }

    #[test]
    fn right_to_left_runs_come_back_in_visual_order() {
        let rtl = ShapeSettings { direction: Direction::Rtl, ..ShapeSettings::default() };
        // Hebrew letters are two bytes each; the last one comes first.
        let hebrew = check(&font("LibertinusSerif-Regular"), "שלום", &rtl, &[6, 4, 2, 0]);
        assert!(hebrew.iter().all(|g| g.x_advance > 0.0));
        // Arabic joins: two beh letters take initial and final forms, not the isolated one.
        let mono = font("DejaVuSansMono");
        let beh = check(&mono, "بب", &rtl, &[2, 0]);
        let isolated = mono.glyph_index('ب');
        assert!(beh.iter().all(|g| Some(g.glyph_id) != isolated), "{beh:?}");
        assert_ne!(beh[0].glyph_id, beh[1].glyph_id);
    }

    #[test]
    fn variations_change_advances_and_are_cached() {
        let var = Font::new(FontData::Static(font_test_data::VAZIRMATN_VAR), 0).unwrap();
        let ctx = ShapingContext::new();
        let heavy = ShapeSettings {
            variations: vec![Variation::new(Tag::WGHT, 900.0)],
            ..ShapeSettings::default()
        };
        let regular = ctx.shape("A", &var, &ShapeSettings::default());
        let bold = ctx.shape("A", &var, &heavy);
        assert_eq!(regular[0].glyph_id, bold[0].glyph_id);
        assert!(bold[0].x_advance > regular[0].x_advance, "{bold:?} vs {regular:?}");
        assert_eq!(ctx.shape("A", &var, &heavy), bold);
        assert_eq!(ctx.cached(), (1, 2));
    }

    #[test]
    fn caches_stay_bounded() {
        let serif = font("LibertinusSerif-Regular");
        let ctx = ShapingContext::with_capacity(4);
        for value in 0..10 {
            ctx.shape("ffi", &serif, &with_features(&[Feature { tag: Tag::new(b"ss01"), value }]));
            assert!(ctx.cached().1 <= 4);
        }
        assert!(ctx.cached().1 >= 2);
    }

    #[test]
    fn scripts_resolve_from_text() {
        assert_eq!(&resolve_script(None, "12 abc"), b"Latn");
        assert_eq!(&resolve_script(Some(Script::Common), "- שלום"), b"Hebr");
        assert_eq!(&resolve_script(Some(Script::Greek), "abc"), b"Grek");
        assert_eq!(&resolve_script(None, "123"), b"Zyyy");
    }
}
