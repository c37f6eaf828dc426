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

use std::collections::btree_map::Entry;

use ecow::EcoString;
use pdf_writer::types::TextRenderingMode;
use pdf_writer::{Name, Str};
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
        let widths: Vec<f32> = (0..item.glyphs.len()).map(|i| self.record(font, item, i)).collect();

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
        self.show_glyphs(&item.glyphs, &widths);
        self.content.end_text();
    }

    /// Writes the glyphs as `TJ` arrays, split where the rise changes.
    fn show_glyphs(&mut self, glyphs: &[Glyph], widths: &[f32]) {
        let mut rise = 0.0;
        let mut pieces: Vec<Piece> = Vec::new();
        // `pen` is where shaping put the pen, `drawn` where the viewer's pen is.
        let (mut pen, mut drawn) = (0.0f64, 0.0f64);
        for (glyph, &width) in glyphs.iter().zip(widths) {
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

    /// Records that glyph `i` of `item` is drawn in font `font` and returns its `/W`
    /// width.
    fn record(&mut self, font: usize, item: &TextItem, i: usize) -> f32 {
        let glyph = &item.glyphs[i];
        let glyphs = &mut self.fonts[font].glyphs;
        // The first glyph of a cluster stands for its text; later glyphs of the same
        // cluster (which follow it directly) stand for nothing.
        let first_of_cluster = i == 0 || item.glyphs[i - 1].range != glyph.range;
        let text: EcoString = if first_of_cluster {
            item.text.get(glyph.range()).unwrap_or_default().into()
        } else {
            EcoString::new()
        };
        match glyphs.entry(glyph.id) {
            Entry::Occupied(mut entry) => {
                let used = entry.get_mut();
                if used.text.is_empty() && !text.is_empty() {
                    used.text = text;
                }
                used.width
            }
            Entry::Vacant(entry) => {
                let width = self.faces[font]
                    .as_ref()
                    .and_then(|face| {
                        let advance = face.glyph_hor_advance(ttf_parser::GlyphId(glyph.id))?;
                        let upem = f64::from(face.units_per_em().max(1));
                        Some(round((f64::from(advance) / upem * 1000.0) as f32))
                    })
                    .unwrap_or(0.0);
                entry.insert(GlyphUse { width, text });
                width
            }
        }
    }
}

/// Rounds to two decimals, which is far below what any viewer resolves and keeps the
/// numbers short.
fn round(value: f32) -> f32 {
    (value * 100.0).round() / 100.0
}
