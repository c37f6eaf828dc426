//! Fonts: a font at variation coordinates with the glyphs the document draws in it → an
//! embedded subset as a composite font (PDF 1.7, 9.7 Composite fonts): a `Type0` font with
//! `Identity-H` encoding over a CIDFont, a font descriptor, the font program and a
//! ToUnicode CMap (9.10.3) so that text can be extracted and searched.
//!
//! CIDs are the glyph ids of the *original* font, so that content streams can be written
//! before the glyph set is known. The subset renumbers glyphs (`subsetter` packs them from
//! 1), and the CIDFont maps the original ids back to the subset's:
//! - TrueType outlines (`glyf`, also CFF2 fonts, which `subsetter` converts): a
//!   `CIDFontType2` with a `CIDToGIDMap` stream (9.7.4.2) from original to new id.
//! - CFF outlines (e.g. Libertinus Serif, New Computer Modern): a `CIDFontType0` whose
//!   CID-keyed CFF program gets a charset from new glyph to original id (see `cff.rs`),
//!   embedded as `FontFile3` with subtype `CIDFontType0C`.
//!
//! Variable fonts are instanced at the run's coordinates while subsetting, so each
//! (font, coordinates) pair is a font resource of its own.

use std::collections::BTreeMap;

use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Filter, Finish, Name, Pdf, Rect, Ref, Str};
use quire_shaping::{Font, FontStyle, Tag, Variation};

use super::PdfError;
use super::cff::assign_cids;
use super::compress::deflate;
use super::hash::hash;
use super::page::GlyphUse;

/// What makes a font resource: a face and its variation coordinates (as bits, so that the
/// key can be hashed; coordinates are kept in the order the run gave them).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) struct FontKey {
    pub font: Font,
    pub variations: Vec<(Tag, u32)>,
}

impl FontKey {
    /// The key of a face at the given coordinates.
    pub fn new(font: &Font, variations: &[Variation]) -> Self {
        Self {
            font: font.clone(),
            variations: variations.iter().map(|v| (v.tag, v.value.to_bits())).collect(),
        }
    }
}

/// A font resource of the document, with every glyph drawn in it on any page.
#[derive(Debug, Clone)]
pub(super) struct DocFont {
    pub key: FontKey,
    pub glyphs: BTreeMap<u16, GlyphUse>,
}

/// How the subset's outlines are stored.
#[derive(Debug, Copy, Clone, PartialEq, Eq)]
enum Flavour {
    /// `glyf` outlines: `CIDFontType2`, `FontFile2`.
    TrueType,
    /// CFF outlines: `CIDFontType0`, `FontFile3` / `CIDFontType0C`.
    Cff,
}

/// A font subset, ready to be written: the expensive part of embedding a font, done on
/// its own so that fonts can be prepared in parallel.
#[derive(Debug)]
pub(super) struct PreparedFont {
    flavour: Flavour,
    /// `ABCDEF+PostScriptName`.
    base_font: String,
    /// The compressed font program and its uncompressed length.
    program: (Vec<u8>, usize),
    /// The compressed `CIDToGIDMap` (TrueType only).
    cid_to_gid: Option<Vec<u8>>,
    /// The compressed ToUnicode CMap.
    to_unicode: Vec<u8>,
    descriptor: Descriptor,
}

/// The font descriptor's metrics, in thousandths of an em (PDF 1.7, 9.8 Font descriptors).
#[derive(Debug, Clone)]
struct Descriptor {
    /// The `FontFlags` bits.
    flags: u32,
    bbox: Rect,
    italic_angle: f32,
    ascent: f32,
    descent: f32,
    cap_height: f32,
    stem_v: f32,
}

/// How many objects [`write_font`] writes for a prepared font.
pub(super) fn object_count(font: &PreparedFont) -> i32 {
    if font.cid_to_gid.is_some() { 6 } else { 5 }
}

/// Subsets a font to its glyphs and prepares every stream of its embedding.
pub(super) fn prepare_font(font: &DocFont) -> Result<PreparedFont, PdfError> {
    let error = |message: String| PdfError::Font { family: font.key.font.family().into(), message };
    let data = font.key.font.data().as_bytes();
    let index = font.key.font.index();
    let face = ttf_parser::Face::parse(data, index).map_err(|e| error(e.to_string()))?;
    let count = face.number_of_glyphs();

    let mut remapper = subsetter::GlyphRemapper::new();
    for &glyph in font.glyphs.keys().filter(|&&g| g < count) {
        remapper.remap(glyph);
    }
    let coords: Vec<(subsetter::Tag, f32)> = font
        .key
        .variations
        .iter()
        .map(|&(tag, bits)| (subsetter::Tag::new(&tag.to_bytes()), f32::from_bits(bits)))
        .collect();
    let subset = subsetter::subset_with_variations(data, index, &coords, &remapper)
        .map_err(|e| error(e.to_string()))?;

    let raw = ttf_parser::RawFace::parse(&subset, 0).map_err(|e| error(e.to_string()))?;
    let (flavour, program) = if raw.table(ttf_parser::Tag::from_bytes(b"glyf")).is_some() {
        (Flavour::TrueType, subset.clone())
    } else if let Some(cff) = raw.table(ttf_parser::Tag::from_bytes(b"CFF ")) {
        let cids: Vec<u16> = remapper.remapped_gids().collect();
        let program = assign_cids(cff, &cids)
            .ok_or_else(|| error("the subset's cff table is malformed".into()))?;
        (Flavour::Cff, program)
    } else {
        return Err(error("the font has neither truetype nor cff outlines".into()));
    };

    let cid_to_gid = (flavour == Flavour::TrueType).then(|| {
        let max = font.glyphs.keys().next_back().copied().unwrap_or(0);
        let mut map = Vec::with_capacity(2 * (usize::from(max) + 1));
        for cid in 0..=max {
            map.extend(remapper.get(cid).unwrap_or(0).to_be_bytes());
        }
        deflate(&map)
    });

    Ok(PreparedFont {
        flavour,
        base_font: format!(
            "{}+{}",
            subset_tag(hash(&subset)),
            postscript_name(&face, &font.key.font)
        ),
        program: (deflate(&program), program.len()),
        cid_to_gid,
        to_unicode: deflate(&to_unicode(&font.glyphs)),
        descriptor: descriptor(&face, &font.key.font),
    })
}

/// Writes a prepared font's objects, numbered from `first`; the `Type0` font, which pages
/// refer to, is `first` itself.
pub(super) fn write_font(pdf: &mut Pdf, first: Ref, font: &DocFont, prepared: &PreparedFont) {
    let type0 = first;
    let cid_ref = Ref::new(first.get() + 1);
    let descriptor_ref = Ref::new(first.get() + 2);
    let program_ref = Ref::new(first.get() + 3);
    let cmap_ref = Ref::new(first.get() + 4);
    let map_ref = Ref::new(first.get() + 5);
    let base_font = prepared.base_font.as_bytes();
    let system_info =
        SystemInfo { registry: Str(b"Adobe"), ordering: Str(b"Identity"), supplement: 0 };

    // A Type0 font over a CIDFontType0 is named after the CIDFont and the CMap (9.7.6.1).
    let type0_name = match prepared.flavour {
        Flavour::TrueType => prepared.base_font.clone(),
        Flavour::Cff => format!("{}-Identity-H", prepared.base_font),
    };
    pdf.type0_font(type0)
        .base_font(Name(type0_name.as_bytes()))
        .encoding_predefined(Name(b"Identity-H"))
        .descendant_font(cid_ref)
        .to_unicode(cmap_ref);

    let mut cid = pdf.cid_font(cid_ref);
    cid.subtype(match prepared.flavour {
        Flavour::TrueType => CidFontType::Type2,
        Flavour::Cff => CidFontType::Type0,
    });
    cid.base_font(Name(base_font));
    cid.system_info(system_info);
    cid.font_descriptor(descriptor_ref);
    cid.default_width(0.0);
    if prepared.cid_to_gid.is_some() {
        cid.cid_to_gid_map_stream(map_ref);
    }
    let mut widths = cid.widths();
    for (start, run) in width_runs(&font.glyphs) {
        widths.consecutive(start, run);
    }
    widths.finish();
    cid.finish();

    let d = &prepared.descriptor;
    let mut descriptor = pdf.font_descriptor(descriptor_ref);
    descriptor
        .name(Name(base_font))
        .flags(FontFlags::from_bits_truncate(d.flags))
        .bbox(d.bbox)
        .italic_angle(d.italic_angle)
        .ascent(d.ascent)
        .descent(d.descent)
        .cap_height(d.cap_height)
        .stem_v(d.stem_v);
    match prepared.flavour {
        Flavour::TrueType => descriptor.font_file2(program_ref),
        Flavour::Cff => descriptor.font_file3(program_ref),
    };
    descriptor.finish();

    let (program, length) = &prepared.program;
    let mut stream = pdf.stream(program_ref, program);
    stream.filter(Filter::FlateDecode);
    match prepared.flavour {
        Flavour::TrueType => stream.pair(Name(b"Length1"), *length as i32),
        Flavour::Cff => stream.pair(Name(b"Subtype"), Name(b"CIDFontType0C")),
    };
    stream.finish();

    pdf.cmap(cmap_ref, &prepared.to_unicode).filter(Filter::FlateDecode);
    if let Some(map) = &prepared.cid_to_gid {
        pdf.stream(map_ref, map).filter(Filter::FlateDecode);
    }
}

/// Runs of consecutive glyph ids with their widths, for `/W`.
fn width_runs(glyphs: &BTreeMap<u16, GlyphUse>) -> Vec<(u16, Vec<f32>)> {
    let mut runs: Vec<(u16, Vec<f32>)> = Vec::new();
    for (&glyph, used) in glyphs {
        match runs.last_mut() {
            Some((start, widths)) if usize::from(*start) + widths.len() == usize::from(glyph) => {
                widths.push(used.width);
            }
            _ => runs.push((glyph, vec![used.width])),
        }
    }
    runs
}

/// The ToUnicode CMap: each glyph's code → the text it stands for. The `.notdef` glyph
/// (id 0) stands for no text: it is drawn for whatever no font has.
fn to_unicode(glyphs: &BTreeMap<u16, GlyphUse>) -> Vec<u8> {
    let info = SystemInfo { registry: Str(b"Adobe"), ordering: Str(b"UCS"), supplement: 0 };
    let mut cmap = UnicodeCmap::new(Name(b"Adobe-Identity-UCS"), info);
    for (&glyph, used) in glyphs {
        if glyph != 0 && !used.text.is_empty() {
            cmap.pair_with_multiple(glyph, used.text.chars());
        }
    }
    cmap.finish().into_vec()
}

/// Six uppercase letters derived from the subset's bytes (PDF 1.7, 9.6.4 Font subsets).
fn subset_tag(hash: u128) -> String {
    let mut rest = hash;
    (0..6)
        .map(|_| {
            let letter = b'A' + (rest % 26) as u8;
            rest /= 26;
            char::from(letter)
        })
        .collect()
}

/// The font's PostScript name (name ID 6), else its family name, reduced to characters
/// that are safe in a PDF name.
fn postscript_name(face: &ttf_parser::Face, font: &Font) -> String {
    let name = face
        .names()
        .into_iter()
        .filter(|n| n.name_id == ttf_parser::name_id::POST_SCRIPT_NAME)
        .find_map(|n| n.to_string())
        .unwrap_or_else(|| font.family().to_string());
    let clean: String = name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        .take(100)
        .collect();
    if clean.is_empty() { "Font".into() } else { clean }
}

/// The font descriptor's flags and metrics.
fn descriptor(face: &ttf_parser::Face, font: &Font) -> Descriptor {
    let upem = f64::from(face.units_per_em().max(1));
    let scale = |units: f64| (units / upem * 1000.0).round() as f32;
    let metrics = font.metrics();
    let em = |value: f64| (value * 1000.0).round() as f32;

    // OS/2 sFamilyClass: classes 1–5 and 7 are serif designs, 10 is script.
    let family_class = face
        .raw_face()
        .table(ttf_parser::Tag::from_bytes(b"OS/2"))
        .and_then(|os2| os2.get(30))
        .copied()
        .unwrap_or(0);
    let mut flags = FontFlags::SYMBOLIC;
    if matches!(family_class, 1..=5 | 7) {
        flags |= FontFlags::SERIF;
    }
    if family_class == 10 {
        flags |= FontFlags::SCRIPT;
    }
    if font.info().flags.monospace {
        flags |= FontFlags::FIXED_PITCH;
    }
    if font.variant().style != FontStyle::Normal {
        flags |= FontFlags::ITALIC;
    }

    let bbox = face.global_bounding_box();
    let weight = f32::from(font.variant().weight.to_number());
    Descriptor {
        flags: flags.bits(),
        bbox: Rect::new(
            scale(f64::from(bbox.x_min)),
            scale(f64::from(bbox.y_min)),
            scale(f64::from(bbox.x_max)),
            scale(f64::from(bbox.y_max)),
        ),
        italic_angle: face.italic_angle(),
        ascent: em(metrics.ascender),
        descent: em(metrics.descender),
        cap_height: em(metrics.cap_height),
        // A common estimate of the dominant vertical stem width from the weight.
        stem_v: 10.0 + 0.244 * (weight - 50.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ecow::EcoString;

    fn used(width: f32) -> GlyphUse {
        GlyphUse { width, text: EcoString::new() }
    }

    #[test]
    fn widths_group_consecutive_glyphs() {
        let glyphs: BTreeMap<u16, GlyphUse> =
            [(3, used(1.0)), (4, used(2.0)), (7, used(3.0))].into_iter().collect();
        assert_eq!(width_runs(&glyphs), vec![(3, vec![1.0, 2.0]), (7, vec![3.0])]);
    }

    #[test]
    fn subset_tags_are_six_uppercase_letters() {
        let tag = subset_tag(hash(b"font"));
        assert_eq!(tag.len(), 6);
        assert!(tag.chars().all(|c| c.is_ascii_uppercase()));
        assert_ne!(tag, subset_tag(hash(b"other font")));
    }
}
