//! Shaping: collected segments → bidi levels and logical items, text shaped into runs of
//! glyphs in one font each.
//!
//! Text segments are split where the bidi level or the script changes (Common and
//! Inherited characters join their neighbours), then shaped with the first family of the
//! style. Clusters that come back as `.notdef` are reshaped with the next family, and
//! after the last family, when fallback is on, with the font the book picks for each
//! grapheme ([`FontBook::select_fallback`]). Clusters no font covers keep the `.notdef`
//! glyphs of the first family, so they still take space.
//!
//! Glyphs are kept in logical order with absolute byte ranges in the paragraph text, so
//! that line breaking can slice runs by position; finalization reverses right-to-left
//! runs into visual order.

use std::ops::Range;

use quire_shaping::{
    Direction, Feature, Font, ShapeSettings, ShapedGlyph, Tag, Variation, instance_variations,
};
use unicode_bidi::{BidiInfo, Level};
use unicode_script::{Script, UnicodeScript};
use unicode_segmentation::UnicodeSegmentation;

use crate::base::{Abs, Em, Span};
use crate::doc::Frame;

use super::collect::{Collected, SegmentKind};
use super::{Dir, InlineContext, ParStyle, TextStyle};

/// The shaped paragraph.
pub(super) struct Prepared<'a> {
    pub text: String,
    /// The bidi level of every byte of the text.
    pub levels: Vec<Level>,
    /// The items in logical order, covering the text.
    pub items: Vec<Item<'a>>,
    /// The tags with their byte positions, in order.
    pub tags: Vec<(usize, &'a crate::base::Tag)>,
    /// Running totals of what the items measure, by position, so that line breaking
    /// measures a candidate line with two lookups (see `Prefix`).
    pub prefix: Vec<Prefix>,
}

/// The totals of everything that starts before `pos`: glyph advances (by cluster start),
/// fixed spacing and inline boxes (by item start), justifiable spaces and fractional
/// spacings.
#[derive(Debug, Default, Copy, Clone)]
pub(super) struct Prefix {
    pub pos: usize,
    pub width: Abs,
    pub spaces: Abs,
    pub fr: u32,
}

/// The running totals of the items, one entry per glyph, spacing and box.
fn prefix_sums(items: &[Item]) -> Vec<Prefix> {
    let mut out = Vec::new();
    let mut total = Prefix::default();
    let mut add = |pos: usize, width: Abs, spaces: Abs, fr: u32| {
        out.push(Prefix { pos, ..total });
        total.width += width;
        total.spaces += spaces;
        total.fr += fr;
    };
    for item in items {
        match item {
            Item::Text(run) => {
                for glyph in &run.glyphs {
                    let advance = glyph.x_advance.at(run.size());
                    let space = if glyph.justifiable { advance } else { Abs::zero() };
                    add(glyph.range.start, advance, space, 0);
                }
            }
            Item::Absolute { range, amount, .. } => add(range.start, *amount, Abs::zero(), 0),
            Item::Fractional { range, .. } => add(range.start, Abs::zero(), Abs::zero(), 1),
            Item::Frame { range, frame } => add(range.start, frame.width(), Abs::zero(), 0),
            Item::Linebreak { .. } => {}
        }
    }
    out.push(Prefix { pos: usize::MAX, ..total });
    out
}

/// One logical piece of the shaped paragraph.
pub(super) enum Item<'a> {
    Text(ShapedRun<'a>),
    Absolute {
        range: Range<usize>,
        amount: Abs,
        weak: bool,
    },
    /// Fractional spacing, or with an `id` a fractional box.
    Fractional {
        range: Range<usize>,
        fr: f64,
        id: Option<usize>,
    },
    Frame {
        range: Range<usize>,
        frame: &'a Frame,
    },
    Linebreak {
        range: Range<usize>,
        justify: bool,
    },
}

impl Item<'_> {
    /// The item's byte range in the paragraph text.
    pub fn range(&self) -> Range<usize> {
        match self {
            Item::Text(run) => run.range.clone(),
            Item::Absolute { range, .. }
            | Item::Fractional { range, .. }
            | Item::Frame { range, .. }
            | Item::Linebreak { range, .. } => range.clone(),
        }
    }
}

/// Glyphs of one font, style, script and bidi level.
#[derive(Clone)]
pub(super) struct ShapedRun<'a> {
    pub range: Range<usize>,
    pub source: Source<'a>,
    pub font: Font,
    pub variations: Vec<Variation>,
    /// The glyphs in logical order.
    pub glyphs: Vec<RunGlyph>,
    /// The hyphen to add when a line breaks inside this run (at a hyphenation point or
    /// a soft hyphen), or to repeat after a hard hyphen.
    pub hyphen: Option<RunGlyph>,
    /// The glyphs' size as a share of the text size: below 1 for synthesized sub- and
    /// superscripts.
    pub scale: f64,
    /// How far synthesized scripts rise above the baseline (negative: below).
    pub rise: Abs,
}

/// Where a run's text comes from: everything needed to shape (part of) it again.
#[derive(Copy, Clone)]
pub(super) struct Source<'a> {
    pub style: &'a TextStyle,
    pub span: Span,
    /// Where the run's segment starts in the paragraph text, and how far into its text
    /// item that is: together they give each glyph's offset in its source text.
    pub segment_start: usize,
    pub span_offset: usize,
    pub level: Level,
    pub script: Script,
    /// Whether the run may be hyphenated.
    pub hyphenate: bool,
}

/// A glyph with absolute positions in the paragraph text.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct RunGlyph {
    pub id: u16,
    /// The advance including tracking and word spacing.
    pub x_advance: Em,
    pub x_offset: Em,
    pub y_offset: Em,
    /// The cluster's byte range in the paragraph text.
    pub range: Range<usize>,
    pub safe_to_break: bool,
    /// Whether this glyph is a space that justification may stretch or shrink.
    pub justifiable: bool,
}

impl ShapedRun<'_> {
    /// The offset of byte `pos` of the paragraph text in the run's source text item.
    pub fn span_offset(&self, pos: usize) -> usize {
        pos.saturating_sub(self.source.segment_start) + self.source.span_offset
    }

    /// The run's size.
    pub fn size(&self) -> Abs {
        self.source.style.size * self.scale
    }

    /// The glyphs whose clusters start in `range`.
    pub fn glyphs_in(&self, range: Range<usize>) -> &[RunGlyph] {
        // Glyphs are in logical order, so their cluster starts never decrease.
        let from = self.glyphs.partition_point(|g| g.range.start < range.start);
        let to = self.glyphs.partition_point(|g| g.range.start < range.end).max(from);
        &self.glyphs[from..to]
    }

    /// Whether the run can be split at byte `pos` without shaping again.
    pub fn safe_at(&self, pos: usize) -> bool {
        if pos <= self.range.start || pos >= self.range.end {
            return true;
        }
        self.glyphs.iter().find(|g| g.range.start >= pos).is_none_or(|g| g.safe_to_break)
    }
}

/// Shapes the collected paragraph.
pub(super) fn prepare<'a>(
    ctx: &InlineContext,
    collected: &Collected<'a>,
    par: &ParStyle,
) -> Prepared<'a> {
    let text = collected.text.clone();
    let base = if par.dir == Dir::Rtl { Level::rtl() } else { Level::ltr() };
    let levels = if text.is_empty() { Vec::new() } else { BidiInfo::new(&text, Some(base)).levels };
    let mut items = Vec::with_capacity(collected.segments.len());
    for segment in &collected.segments {
        let range = segment.range.clone();
        match segment.kind {
            SegmentKind::Text { style, span, span_offset } => {
                let hyphenate = style.hyphenate.unwrap_or(par.justify);
                for (sub, level, script) in split_runs(&text, &levels, range.clone()) {
                    let source = Source {
                        style,
                        span,
                        segment_start: range.start,
                        span_offset,
                        level,
                        script,
                        hyphenate,
                    };
                    let shaped = shape_range(ctx, &text, sub, source);
                    items.extend(shaped.into_iter().map(Item::Text));
                }
            }
            SegmentKind::Spacing { amount: super::Spacing::Abs(amount), weak } => {
                items.push(Item::Absolute { range, amount, weak })
            }
            SegmentKind::Spacing { amount: super::Spacing::Fr(fr), .. } => {
                items.push(Item::Fractional { range, fr: fr.max(0.0), id: None })
            }
            SegmentKind::FrBox { fr, id } => {
                items.push(Item::Fractional { range, fr: fr.max(0.0), id: Some(id) })
            }
            SegmentKind::Frame { frame } => items.push(Item::Frame { range, frame }),
            SegmentKind::Linebreak { justify } => items.push(Item::Linebreak { range, justify }),
        }
    }
    let prefix = prefix_sums(&items);
    Prepared { text, levels, items, tags: collected.tags.clone(), prefix }
}

/// Splits `range` where the bidi level or the script changes.
fn split_runs(
    text: &str,
    levels: &[Level],
    range: Range<usize>,
) -> Vec<(Range<usize>, Level, Script)> {
    let mut runs: Vec<(Range<usize>, Level, Script)> = Vec::new();
    for (i, c) in text[range.clone()].char_indices() {
        let pos = range.start + i;
        let level = levels.get(pos).copied().unwrap_or_else(Level::ltr);
        let script = c.script();
        let neutral = matches!(script, Script::Common | Script::Inherited | Script::Unknown);
        let end = pos + c.len_utf8();
        if let Some(last) = runs.last_mut()
            && last.1 == level
        {
            if neutral || last.2 == script {
                last.0.end = end;
                continue;
            }
            if matches!(last.2, Script::Common | Script::Inherited | Script::Unknown) {
                last.0.end = end;
                last.2 = script;
                continue;
            }
        }
        runs.push((pos..end, level, script));
    }
    runs
}

/// The shaping settings of a source with `font`.
fn settings(source: &Source, font: &Font) -> ShapeSettings {
    let style = source.style;
    let mut language = style.lang.to_string();
    if let Some(region) = &style.region {
        language.push('-');
        language.push_str(region);
    }
    ShapeSettings {
        direction: if source.level.is_rtl() { Direction::Rtl } else { Direction::Ltr },
        script: Some(source.script),
        language: Some(language),
        features: style.features.clone(),
        variations: instance_variations(font.axes(), style.variant, Some(style.size.to_pt()), &[]),
    }
}

/// Shapes `text[range]` with the fonts of `source`'s style and fallback, returning runs in
/// logical order that cover the range.
pub(super) fn shape_range<'a>(
    ctx: &InlineContext,
    text: &str,
    range: Range<usize>,
    source: Source<'a>,
) -> Vec<ShapedRun<'a>> {
    let mut fonts: Vec<Font> = Vec::new();
    for family in &source.style.families {
        let found =
            ctx.book.select(family, source.style.variant).and_then(|id| ctx.book.font(id).ok());
        if let Some(font) = found
            && !fonts.contains(&font)
        {
            fonts.push(font);
        }
    }
    if fonts.is_empty() {
        // Without a usable family, the fallback font of the first character stands in
        // as "the first family", so that the text is still shaped somewhere.
        let first = text[range.clone()].graphemes(true).next().unwrap_or(" ");
        let found = ctx
            .book
            .select_fallback(source.style.variant, first)
            .or_else(|| ctx.book.select_fallback(source.style.variant, " "))
            .and_then(|id| ctx.book.font(id).ok());
        match found {
            Some(font) => fonts.push(font),
            None => return Vec::new(),
        }
    }
    let shaping = Shaping { ctx, text, source, fonts };
    let mut out = Vec::new();
    shaping.shape(&mut out, range, 0);
    out
}

/// The fonts tried for one piece of text.
struct Shaping<'a, 'b> {
    ctx: &'b InlineContext<'b>,
    text: &'b str,
    source: Source<'a>,
    fonts: Vec<Font>,
}

impl<'a> Shaping<'a, '_> {
    /// Shapes `range` with font number `index` (or the fallback after the last) and
    /// reshapes the `.notdef` clusters with the next.
    fn shape(&self, out: &mut Vec<ShapedRun<'a>>, range: Range<usize>, index: usize) {
        if range.is_empty() {
            return;
        }
        let Some(font) = self.fonts.get(index) else {
            self.shape_fallback(out, range);
            return;
        };
        let run = self.run(font, range);
        if run.glyphs.is_empty() {
            out.push(run);
            return;
        }
        for (sub, covered) in split_notdef(&run) {
            if covered {
                out.push(run.slice_clusters(sub));
            } else {
                self.shape(out, sub, index + 1);
            }
        }
    }

    /// Shapes `range` grapheme by grapheme with the book's fallback fonts, or with the
    /// first family's `.notdef` glyphs where nothing covers a grapheme.
    fn shape_fallback(&self, out: &mut Vec<ShapedRun<'a>>, range: Range<usize>) {
        let first = &self.fonts[0];
        if !self.source.style.fallback {
            out.push(self.run(first, range));
            return;
        }
        let variant = self.source.style.variant;
        let mut groups: Vec<(Range<usize>, Option<Font>)> = Vec::new();
        for (i, grapheme) in self.text[range.clone()].grapheme_indices(true) {
            let start = range.start + i;
            let end = start + grapheme.len();
            let font = self
                .ctx
                .book
                .select_fallback(variant, grapheme)
                .and_then(|id| self.ctx.book.font(id).ok())
                .filter(|font| !self.fonts.contains(font));
            match groups.last_mut() {
                Some((last, last_font)) if *last_font == font => last.end = end,
                _ => groups.push((start..end, font)),
            }
        }
        for (sub, font) in groups {
            out.push(self.run(font.as_ref().unwrap_or(first), sub));
        }
    }

    /// Shapes `range` with `font` into a run, glyphs in logical order.
    fn run(&self, font: &Font, range: Range<usize>) -> ShapedRun<'a> {
        let mut settings = settings(&self.source, font);
        let (scale, rise, nudge) = self.script(font, &self.text[range.clone()], &mut settings);
        let mut shaped = self.ctx.shaper.shape(&self.text[range.clone()], font, &settings);
        if self.source.level.is_rtl() {
            shaped.reverse();
        }
        let mut glyphs = convert(self.text, &range, &shaped, self.source.style);
        if nudge != 0.0 {
            for glyph in &mut glyphs {
                glyph.x_offset = glyph.x_offset + Em::new(nudge);
            }
        }
        // Every run gets one: soft hyphens break with a hyphen even where hyphenation is
        // off, and the text after a break decides whether a word may break there.
        let hyphen = self.hyphen(font, &settings);
        ShapedRun {
            range,
            source: self.source,
            font: font.clone(),
            variations: settings.variations,
            glyphs,
            hyphen,
            scale,
            rise,
        }
    }

    /// The glyph scale and rise of sub- or superscript text in `font`: as in Typst,
    /// typographic scripts use the font's `subs`/`sups` feature (added to `settings`)
    /// when it has a script glyph for every character; otherwise scripts are synthesized
    /// at the size and rise given, else those of the font's metrics, else 0.6 em and
    /// 0.5 em up (0.2 em down for subscripts).
    ///
    /// Also returns how far (in em of the glyphs) synthesized glyphs move right, by the
    /// font's script offset (which compensates for italics).
    fn script(&self, font: &Font, text: &str, settings: &mut ShapeSettings) -> (f64, Abs, f64) {
        let Some(script) = &self.source.style.script else { return (1.0, Abs::zero(), 0.0) };
        let feature = if script.sub { b"subs" } else { b"sups" };
        if script.typographic && font.substitutes_all(feature, text) {
            settings.features.push(Feature { tag: Tag::new(feature), value: 1 });
            return (1.0, Abs::zero(), 0.0);
        }
        let size = self.source.style.size;
        let metrics =
            if script.sub { font.metrics().subscript } else { font.metrics().superscript };
        let fallback = if script.sub { -0.2 } else { 0.5 };
        let rise = script.rise.unwrap_or_else(|| metrics.map_or(fallback, |m| m.rise) * size);
        let scaled = script.size.unwrap_or_else(|| metrics.map_or(0.6, |m| m.size) * size);
        let scale = if size > Abs::zero() { scaled.to_pt() / size.to_pt() } else { 1.0 };
        (scale, rise, metrics.map_or(0.0, |m| m.x_offset))
    }

    /// The hyphen glyph of `font`: as in Typst, the glyph of the hyphen-minus, which
    /// stands for a soft hyphen (U+00AD) in the text (so copied text has no hyphen).
    fn hyphen(&self, font: &Font, settings: &ShapeSettings) -> Option<RunGlyph> {
        let settings = ShapeSettings { direction: Direction::Ltr, ..settings.clone() };
        let glyph = *self.ctx.shaper.shape("-", font, &settings).first()?;
        (glyph.glyph_id != 0).then(|| RunGlyph {
            id: glyph.glyph_id,
            x_advance: Em::new(glyph.x_advance),
            x_offset: Em::new(glyph.x_offset),
            y_offset: Em::new(glyph.y_offset),
            range: 0..SOFT_HYPHEN.len_utf8(),
            safe_to_break: true,
            justifiable: false,
        })
    }
}

/// The character a hyphen added at a line break stands for in the text.
pub(super) const SOFT_HYPHEN: char = '\u{ad}';

/// Turns shaped glyphs (logical order, clusters relative to `range`) into run glyphs with
/// absolute cluster ranges, tracking after each cluster and word spacing on spaces.
fn convert(
    text: &str,
    range: &Range<usize>,
    shaped: &[ShapedGlyph],
    style: &TextStyle,
) -> Vec<RunGlyph> {
    let size = style.size.to_pt();
    let tracking = if size > 0.0 { style.tracking.to_pt() / size } else { 0.0 };
    let mut glyphs: Vec<RunGlyph> = Vec::with_capacity(shaped.len());
    for (i, glyph) in shaped.iter().enumerate() {
        let start = range.start + glyph.cluster.min(range.len());
        // The cluster ends where the next cluster in logical order starts.
        let end = shaped[i + 1..]
            .iter()
            .map(|g| range.start + g.cluster.min(range.len()))
            .find(|&s| s > start)
            .unwrap_or(range.end);
        let last_of_cluster =
            shaped.get(i + 1).is_none_or(|next| range.start + next.cluster != start);
        let justifiable = text[start..end].chars().all(|c| c == ' ' || c == '\u{A0}');
        let mut advance = glyph.x_advance;
        if justifiable {
            advance *= style.word_spacing;
        }
        if last_of_cluster {
            advance += tracking;
        }
        glyphs.push(RunGlyph {
            id: glyph.glyph_id,
            x_advance: Em::new(advance),
            x_offset: Em::new(glyph.x_offset),
            y_offset: Em::new(glyph.y_offset),
            range: start..end,
            safe_to_break: glyph.safe_to_break,
            justifiable,
        });
    }
    glyphs
}

/// Splits a run into ranges of whole clusters that are covered by its font (no glyph is
/// `.notdef`) or not, in logical order.
fn split_notdef(run: &ShapedRun) -> Vec<(Range<usize>, bool)> {
    let mut out: Vec<(Range<usize>, bool)> = Vec::new();
    let mut i = 0;
    while i < run.glyphs.len() {
        let cluster = run.glyphs[i].range.clone();
        let mut covered = true;
        while i < run.glyphs.len() && run.glyphs[i].range.start == cluster.start {
            covered &= run.glyphs[i].id != 0;
            i += 1;
        }
        match out.last_mut() {
            Some((last, c)) if *c == covered && last.end == cluster.start => last.end = cluster.end,
            _ => out.push((cluster, covered)),
        }
    }
    // Characters the shaper dropped entirely stay with their neighbours.
    if let Some(first) = out.first_mut() {
        first.0.start = run.range.start;
    }
    for k in 1..out.len() {
        let prev_end = out[k - 1].0.end;
        out[k].0.start = prev_end;
    }
    if let Some(last) = out.last_mut() {
        last.0.end = run.range.end;
    }
    out
}

impl<'a> ShapedRun<'a> {
    /// The part of the run whose clusters start in `range`, without shaping again.
    pub fn slice_clusters(&self, range: Range<usize>) -> ShapedRun<'a> {
        let glyphs = self.glyphs_in(range.clone()).to_vec();
        ShapedRun { range, glyphs, ..self.clone() }
    }
}

#[cfg(test)]
mod tests {
    use quire_shaping::{FontBook, ShapingContext};

    use super::*;
    use crate::layout::inline::InlineItem;
    use crate::layout::inline::collect::collect;

    /// Shapes one text item and returns, per run, the font family and the run's text.
    fn check(text: &str, style: TextStyle, dir: Dir, expected: &[(&str, &str)]) {
        let book = FontBook::embedded();
        let shaper = ShapingContext::new();
        let ctx = InlineContext { book: &book, shaper: &shaper };
        let items = [InlineItem::Text { text: text.into(), style, span: Span::detached() }];
        let collected = collect(&items);
        let par = ParStyle { dir, ..ParStyle::default() };
        let prepared = prepare(&ctx, &collected, &par);
        let got: Vec<(String, String)> = prepared
            .items
            .iter()
            .map(|item| match item {
                Item::Text(run) => {
                    (run.font.family().to_lowercase(), prepared.text[run.range.clone()].into())
                }
                _ => panic!("only text expected"),
            })
            .collect();
        let expected: Vec<(String, String)> =
            expected.iter().map(|(f, t)| (f.to_lowercase(), t.to_string())).collect();
        assert_eq!(got, expected);
    }

    #[test]
    fn shape_falls_back_per_cluster() {
        check(
            "Hello ∑ שלום 𝔸─",
            TextStyle::default(),
            Dir::Ltr,
            &[
                ("Libertinus Serif", "Hello ∑ "),
                ("Libertinus Serif", "שלום"),
                ("Libertinus Serif", " "),
                ("New Computer Modern Math", "𝔸"),
                ("DejaVu Sans Mono", "─"),
            ],
        );
    }

    #[test]
    fn shape_keeps_notdef_without_fallback() {
        let style = TextStyle { fallback: false, ..TextStyle::default() };
        check(
            "a𝔸b",
            style,
            Dir::Ltr,
            &[("Libertinus Serif", "a"), ("Libertinus Serif", "𝔸"), ("Libertinus Serif", "b")],
        );
    }

    #[test]
    fn shape_splits_scripts_and_levels() {
        let collected = collect(&[]);
        assert!(collected.text.is_empty());
        let text = "abc אבג def";
        let levels = BidiInfo::new(text, Some(Level::ltr())).levels;
        let runs = split_runs(text, &levels, 0..text.len());
        let pieces: Vec<&str> = runs.iter().map(|(r, _, _)| &text[r.clone()]).collect();
        assert_eq!(pieces, ["abc ", "אבג", " def"]);
        assert!(runs[1].1.is_rtl());
    }
}
