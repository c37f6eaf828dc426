//! Text runs: a [`TextItem`] → `BT … ET` in the page's content stream (PDF 1.7, 9.4 Text
//! objects), recording the glyphs it draws for the font's widths and ToUnicode map.
//!
//! Each run sets its font at size 1 (`/Fi 1 Tf`) and scales by the font size in the text
//! matrix, whose `-size` in y undoes the page's y flip: `Tm = [s 0 0 -s x y]`. One text
//! space unit is then one em, so `TJ` adjustments are in thousandths of an em and vertical
//! glyph offsets are the rise (`Ts`) in em. Glyph codes are two-byte original glyph ids.
//!
//! A glyph's width in `/W` is its advance in the font (at the run's variation coordinates),
//! a function of the font and the glyph alone; every page computes the same value, and `TJ`
//! adjustments move the pen from there to the shaped position.
//!
//! The ToUnicode map gives one text per glyph: the text of the cluster where the page first
//! draws it. A cluster whose glyphs map to other text than its own (a space glyph drawn for
//! a soft hyphen, a glyph reached from two spellings) is wrapped in a `/Span` with
//! `/ActualText` (14.9.4), so that extraction still yields the cluster's text. The
//! `.notdef` glyph (id 0), drawn for characters no font has, never enters the map: its
//! first cluster extracts as nothing, and later clusters with different text as that text.

use std::collections::btree_map::Entry;

use ecow::EcoString;
use pdf_writer::types::TextRenderingMode;
use pdf_writer::{Name, Str, TextStr};
use quire_stages::base::Point;
use quire_stages::doc::{Glyph, TextItem};

use super::font::FontKey;
use super::page::{Encoder, GlyphUse, PageFont, paint_color, pt};

/// Smallest pen correction worth a `TJ` adjustment, in em.
const EPSILON: f64 = 1e-5;

/// A piece of a `TJ` array.
enum Piece {
    /// Glyph codes drawn without adjustment between them.
    Glyphs(Vec<u8>),
    /// A pen adjustment in thousandths of an em (positive moves left).
    Adjust(f32),
}

impl<'a> Encoder<'a> {
    /// A run of glyphs whose baseline starts at `pos`.
    pub(super) fn text(&mut self, pos: Point, item: &'a TextItem) {
        let size = item.size.to_pt();
        if item.glyphs.is_empty() || !size.is_finite() || size <= 0.0 {
            return;
        }
        if self.lang.is_none() && !item.lang.is_empty() {
            self.lang = Some(item.lang.clone());
        }
        let font = self.font_index(item);
        let mut widths = Vec::with_capacity(item.glyphs.len());
        let mut actual = Vec::with_capacity(item.glyphs.len());
        let mut start = 0;
        while start < item.glyphs.len() {
            let range = item.glyphs[start].range.clone();
            let end = item.glyphs[start..]
                .iter()
                .position(|g| g.range != range)
                .map_or(item.glyphs.len(), |n| start + n);
            let text = self.record_cluster(font, item, start..end, &mut widths);
            actual.extend((start..end).map(|i| if i == start { text.clone() } else { None }));
            start = end;
        }

        self.set_fill(item.fill);
        let stroke = item.stroke.as_ref().filter(|s| s.thickness.to_pt() > 0.0);
        if let Some(stroke) = stroke {
            self.set_stroke(stroke);
        }
        self.set_alphas(
            paint_color(item.fill).alpha(),
            stroke.map_or(1.0, |s| paint_color(s.paint).alpha()),
        );
        let mode =
            if stroke.is_some() { TextRenderingMode::FillStroke } else { TextRenderingMode::Fill };

        self.content.begin_text();
        if self.state.render_mode != Some(mode) {
            self.content.set_text_rendering_mode(mode);
            self.state.render_mode = Some(mode);
        }
        if self.state.font != Some(font) {
            self.content.set_font(Name(format!("F{font}").as_bytes()), 1.0);
            self.state.font = Some(font);
        }
        let size = size as f32;
        self.content.set_text_matrix([size, 0.0, 0.0, -size, pt(pos.x), pt(pos.y)]);
        self.show_glyphs(&item.glyphs, &widths, &actual);
        self.content.end_text();
    }

    /// Writes the glyphs as `TJ` arrays, split where the rise changes and around clusters
    /// that need `/ActualText` (`actual` holds it at their first glyph).
    fn show_glyphs(&mut self, glyphs: &[Glyph], widths: &[f32], actual: &[Option<EcoString>]) {
        let mut rise = 0.0;
        let mut pieces: Vec<Piece> = Vec::new();
        // `pen` is where shaping put the pen, `drawn` where the viewer's pen is.
        let (mut pen, mut drawn) = (0.0f64, 0.0f64);
        // The glyph index where the open `/ActualText` span ends, if one is open.
        let mut span_end = None;
        for (i, (glyph, &width)) in glyphs.iter().zip(widths).enumerate() {
            if span_end == Some(i) {
                self.flush(&mut pieces);
                self.content.end_marked_content();
                span_end = None;
            }
            if let Some(text) = &actual[i] {
                self.flush(&mut pieces);
                self.content
                    .begin_marked_content_with_properties(Name(b"Span"))
                    .properties()
                    .actual_text(TextStr(text));
                span_end = Some(
                    glyphs[i..]
                        .iter()
                        .position(|g| g.range != glyph.range)
                        .map_or(glyphs.len(), |n| i + n),
                );
            }
            let y_offset = glyph.y_offset.get();
            if y_offset != rise && y_offset.is_finite() {
                self.flush(&mut pieces);
                self.content.set_rise(y_offset as f32);
                rise = y_offset;
            }
            let target = pen + glyph.x_offset.get();
            let delta = target - drawn;
            if delta.abs() > EPSILON && delta.is_finite() {
                pieces.push(Piece::Adjust(round((-delta * 1000.0) as f32)));
            }
            match pieces.last_mut() {
                Some(Piece::Glyphs(codes)) => codes.extend(glyph.id.to_be_bytes()),
                _ => pieces.push(Piece::Glyphs(glyph.id.to_be_bytes().to_vec())),
            }
            drawn = target + f64::from(width) / 1000.0;
            pen += glyph.x_advance.get();
        }
        self.flush(&mut pieces);
        if span_end.is_some() {
            self.content.end_marked_content();
        }
        if rise != 0.0 {
            self.content.set_rise(0.0);
        }
    }

    /// Writes the pieces as one `TJ` and empties them.
    fn flush(&mut self, pieces: &mut Vec<Piece>) {
        if pieces.is_empty() {
            return;
        }
        let mut show = self.content.show_positioned();
        let mut items = show.items();
        for piece in pieces.drain(..) {
            match piece {
                Piece::Glyphs(codes) => {
                    items.show(Str(&codes));
                }
                Piece::Adjust(amount) => {
                    items.adjust(amount);
                }
            }
        }
    }

    /// The page-local index of the run's font, registering it on first use.
    fn font_index(&mut self, item: &'a TextItem) -> usize {
        let key = FontKey::new(&item.font, &item.variations);
        if let Some(&index) = self.font_lookup.get(&key) {
            return index;
        }
        let index = self.fonts.len();
        let face = ttf_parser::Face::parse(item.font.data().as_bytes(), item.font.index()).ok();
        let face = face.map(|mut face| {
            for v in &item.variations {
                face.set_variation(ttf_parser::Tag::from_bytes(&v.tag.to_bytes()), v.value);
            }
            face
        });
        self.faces.push(face);
        self.font_lookup.insert(key.clone(), index);
        self.fonts.push(PageFont { key, glyphs: Default::default() });
        index
    }

    /// Records the glyphs `cluster` of `item` drawn in font `font`, pushes their `/W`
    /// widths and returns the cluster's text when the glyphs' recorded texts do not spell
    /// it, so that it must be given as `/ActualText`.
    fn record_cluster(
        &mut self,
        font: usize,
        item: &TextItem,
        cluster: std::ops::Range<usize>,
        widths: &mut Vec<f32>,
    ) -> Option<EcoString> {
        let text: EcoString =
            item.text.get(item.glyphs[cluster.start].range()).unwrap_or_default().into();
        // The first glyph of a cluster stands for its text; later glyphs of the same
        // cluster stand for nothing.
        let mut spelled = EcoString::new();
        for i in cluster.clone() {
            let own = if i == cluster.start { text.clone() } else { EcoString::new() };
            let (width, recorded) = self.record(font, item.glyphs[i].id, own);
            widths.push(width);
            spelled.push_str(&recorded);
        }
        (spelled != text).then_some(text)
    }

    /// Records that glyph `id` is drawn in font `font` standing for `text`; returns its
    /// `/W` width and the text the ToUnicode map will hold for it (the first non-empty
    /// text it stood for on this page).
    fn record(&mut self, font: usize, id: u16, text: EcoString) -> (f32, EcoString) {
        let glyphs = &mut self.fonts[font].glyphs;
        match glyphs.entry(id) {
            Entry::Occupied(mut entry) => {
                let used = entry.get_mut();
                if used.text.is_empty() && !text.is_empty() {
                    used.text = text;
                }
                (used.width, used.text.clone())
            }
            Entry::Vacant(entry) => {
                let width = self.faces[font]
                    .as_ref()
                    .and_then(|face| {
                        let advance = face.glyph_hor_advance(ttf_parser::GlyphId(id))?;
                        let upem = f64::from(face.units_per_em().max(1));
                        Some(round((f64::from(advance) / upem * 1000.0) as f32))
                    })
                    .unwrap_or(0.0);
                entry.insert(GlyphUse { width, text: text.clone() });
                (width, text)
            }
        }
    }
}

/// Rounds to two decimals, which is far below what any viewer resolves and keeps the
/// numbers short.
fn round(value: f32) -> f32 {
    (value * 100.0).round() / 100.0
}
