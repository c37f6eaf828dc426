//! Assembly: encoded pages (in page order) + metadata + outline → the bytes of a PDF 1.7
//! file (PDF 1.7, 7.7 Document structure).
//!
//! 1. Fonts, images and spot inks are merged across pages in order of first use (page by
//!    page, and within a page in the order of its resource names), so that object order
//!    depends only on the pages. Hash maps are used for lookups only, never iterated.
//! 2. Fonts are subset and images encoded in parallel; results are collected in that same
//!    order, and the first error in it is reported.
//! 3. Object numbers are handed out in a fixed order: catalog, page tree, information
//!    dictionary, then per page (page, content stream, link annotations), fonts, images,
//!    separation colour spaces, outline and page labels.

use std::collections::HashMap;
use std::collections::btree_map::Entry;

use pdf_writer::types::{ActionType, AnnotationType};
use pdf_writer::writers::ExtGraphicsState;
use pdf_writer::{Filter, Finish, Name, Pdf, Rect, Ref, Str, TextStr};
use quire_stages::doc::{Destination, DocumentInfo, Image, Ink, OutlineItem};
use rayon::prelude::*;

use super::font::{self, DocFont, FontKey, PreparedFont};
use super::image::{self as images, EncodedImage};
use super::metadata::{file_id, label_ranges, write_info, write_label};
use super::outline::{self, write_outline};
use super::page::EncodedPage;
use super::separation::write_separation;
use super::{PdfError, PdfOptions};

/// Hands out object numbers in sequence.
struct Refs(i32);

impl Refs {
    /// The next `count` numbers; returns the first.
    fn take(&mut self, count: i32) -> Ref {
        let first = Ref::new(self.0);
        self.0 += count;
        first
    }
}

/// Writes the document. `pages` must be sorted by page number.
pub(super) fn assemble(
    pages: &[EncodedPage],
    info: &DocumentInfo,
    outline: &[OutlineItem],
    options: &PdfOptions,
) -> Result<Vec<u8>, PdfError> {
    let resources = merge_resources(pages);
    let prepared_fonts: Vec<PreparedFont> =
        first_error(resources.fonts.par_iter().map(font::prepare_font).collect())?;
    let encoded_images: Vec<EncodedImage> = first_error(
        resources.images.par_iter().map(|image| images::encode_image(image)).collect(),
    )?;

    // Object numbers.
    let mut refs = Refs(1);
    let catalog_ref = refs.take(1);
    let tree_ref = refs.take(1);
    let info_ref = refs.take(1);
    let page_refs: Vec<(Ref, Ref, Ref)> = pages
        .iter()
        .map(|page| (refs.take(1), refs.take(1), refs.take(page.links.len() as i32)))
        .collect();
    let font_refs: Vec<Ref> =
        prepared_fonts.iter().map(|f| refs.take(font::object_count(f))).collect();
    let image_refs: Vec<Ref> =
        encoded_images.iter().map(|i| refs.take(images::object_count(i))).collect();
    let ink_refs: Vec<Ref> = resources.inks.iter().map(|_| refs.take(1)).collect();
    let outline_ref = refs.take(outline::object_count(outline));
    let ranges = label_ranges(pages.iter().map(|p| p.label.as_deref()));
    let label_refs: Vec<Ref> = ranges.iter().map(|_| refs.take(1)).collect();

    let mut pdf = Pdf::new();
    pdf.set_version(1, 7);

    // Where each page number lands, for links and bookmarks.
    let targets: HashMap<usize, (Ref, f32)> = pages
        .iter()
        .zip(&page_refs)
        .map(|(page, &(page_ref, _, _))| {
            (page.number.get(), (page_ref, page.size.height.to_pt() as f32))
        })
        .collect();

    let mut tree = pdf.pages(tree_ref);
    tree.kids(page_refs.iter().map(|&(page_ref, _, _)| page_ref));
    tree.count(pages.len() as i32);
    tree.finish();

    for (i, page) in pages.iter().enumerate() {
        let (page_ref, content_ref, first_annot) = page_refs[i];
        write_page(&mut pdf, page, (page_ref, content_ref, first_annot), tree_ref, |index| {
            match index {
                Resource::Font(local) => font_refs[resources.page_fonts[i][local]],
                Resource::Image(local) => image_refs[resources.page_images[i][local]],
                Resource::Ink(local) => ink_refs[resources.page_inks[i][local]],
            }
        });
        for (j, link) in page.links.iter().enumerate() {
            let annot_ref = Ref::new(first_annot.get() + j as i32);
            let target = match &link.dest {
                Destination::Position { page, .. } => targets.get(&page.get()).copied(),
                Destination::Url(_) => None,
            };
            write_link(&mut pdf, annot_ref, link, target);
        }
    }

    for ((font, prepared), &first) in resources.fonts.iter().zip(&prepared_fonts).zip(&font_refs) {
        font::write_font(&mut pdf, first, font, prepared);
    }
    for (image, &id) in encoded_images.iter().zip(&image_refs) {
        images::write_image(&mut pdf, id, image);
    }
    for (ink, &id) in resources.inks.iter().zip(&ink_refs) {
        write_separation(&mut pdf, id, ink);
    }
    write_outline(&mut pdf, outline_ref, outline, |index| targets.get(&(index + 1)).copied());
    for (range, &id) in ranges.iter().zip(&label_refs) {
        write_label(&mut pdf, id, range);
    }
    write_info(&mut pdf, info_ref, info, options.timestamp);

    let mut catalog = pdf.catalog(catalog_ref);
    catalog.pages(tree_ref);
    if !outline.is_empty() {
        catalog.outlines(outline_ref);
    }
    if let Some(lang) = pages.iter().find_map(|p| p.lang.as_deref()) {
        catalog.lang(TextStr(lang));
    }
    if !ranges.is_empty() {
        let mut labels = catalog.page_labels();
        let mut nums = labels.nums();
        for (range, &id) in ranges.iter().zip(&label_refs) {
            nums.insert(range.start as i32, id);
        }
    }
    catalog.finish();

    let id = file_id(pages.iter().map(|p| p.hash), info);
    pdf.set_file_id((id.clone(), id));
    Ok(pdf.finish())
}

/// The first error of results in order, or all values.
fn first_error<T>(results: Vec<Result<T, PdfError>>) -> Result<Vec<T>, PdfError> {
    results.into_iter().collect()
}

/// Document-wide fonts, images and spot inks, and which of them each page's local names
/// stand for.
struct Resources<'a> {
    fonts: Vec<DocFont>,
    images: Vec<&'a Image>,
    /// Distinct by value: equal inks of different colorants share one colour space.
    inks: Vec<&'static Ink>,
    /// Per page: local font index → index in `fonts`.
    page_fonts: Vec<Vec<usize>>,
    /// Per page: local image index → index in `images`.
    page_images: Vec<Vec<usize>>,
    /// Per page: local ink index → index in `inks`.
    page_inks: Vec<Vec<usize>>,
}

/// Merges the pages' fonts (with their glyphs), images and inks in page order.
fn merge_resources(pages: &[EncodedPage]) -> Resources<'_> {
    let mut fonts: Vec<DocFont> = Vec::new();
    let mut font_lookup: HashMap<&FontKey, usize> = HashMap::new();
    let mut images: Vec<&Image> = Vec::new();
    let mut image_lookup: HashMap<&Image, usize> = HashMap::new();
    let mut inks: Vec<&'static Ink> = Vec::new();
    let mut ink_lookup: HashMap<&'static Ink, usize> = HashMap::new();
    let mut page_fonts = Vec::with_capacity(pages.len());
    let mut page_images = Vec::with_capacity(pages.len());
    let mut page_inks = Vec::with_capacity(pages.len());
    for page in pages {
        let mut locals = Vec::with_capacity(page.fonts.len());
        for used in &page.fonts {
            let index = *font_lookup.entry(&used.key).or_insert_with(|| {
                fonts.push(DocFont { key: used.key.clone(), glyphs: Default::default() });
                fonts.len() - 1
            });
            let glyphs = &mut fonts[index].glyphs;
            for (&glyph, usage) in &used.glyphs {
                match glyphs.entry(glyph) {
                    Entry::Vacant(entry) => {
                        entry.insert(usage.clone());
                    }
                    Entry::Occupied(mut entry) => {
                        if entry.get().text.is_empty() && !usage.text.is_empty() {
                            entry.get_mut().text = usage.text.clone();
                        }
                    }
                }
            }
            locals.push(index);
        }
        page_fonts.push(locals);

        let locals = page
            .images
            .iter()
            .map(|image| {
                *image_lookup.entry(image).or_insert_with(|| {
                    images.push(image);
                    images.len() - 1
                })
            })
            .collect();
        page_images.push(locals);

        let locals = page
            .inks
            .iter()
            .map(|&ink| {
                *ink_lookup.entry(ink).or_insert_with(|| {
                    inks.push(ink);
                    inks.len() - 1
                })
            })
            .collect();
        page_inks.push(locals);
    }
    Resources { fonts, images, inks, page_fonts, page_images, page_inks }
}

/// A page-local resource name.
enum Resource {
    Font(usize),
    Image(usize),
    Ink(usize),
}

/// Writes a page object and its content stream.
fn write_page(
    pdf: &mut Pdf,
    page: &EncodedPage,
    (page_ref, content_ref, first_annot): (Ref, Ref, Ref),
    tree_ref: Ref,
    resource: impl Fn(Resource) -> Ref,
) {
    let (width, height) = (page.size.width.to_pt() as f32, page.size.height.to_pt() as f32);
    let mut writer = pdf.page(page_ref);
    writer.media_box(Rect::new(0.0, 0.0, width.max(0.0), height.max(0.0)));
    writer.parent(tree_ref);
    writer.contents(content_ref);
    if !page.links.is_empty() {
        writer.annotations((0..page.links.len()).map(|j| Ref::new(first_annot.get() + j as i32)));
    }
    let mut res = writer.resources();
    if !page.fonts.is_empty() {
        let mut dict = res.fonts();
        for i in 0..page.fonts.len() {
            dict.pair(Name(format!("F{i}").as_bytes()), resource(Resource::Font(i)));
        }
    }
    if !page.images.is_empty() {
        let mut dict = res.x_objects();
        for i in 0..page.images.len() {
            dict.pair(Name(format!("I{i}").as_bytes()), resource(Resource::Image(i)));
        }
    }
    if !page.inks.is_empty() {
        let mut dict = res.color_spaces();
        for i in 0..page.inks.len() {
            dict.pair(Name(format!("S{i}").as_bytes()), resource(Resource::Ink(i)));
        }
    }
    if !page.alphas.is_empty() {
        let mut dict = res.ext_g_states();
        for (i, alphas) in page.alphas.iter().enumerate() {
            dict.insert(Name(format!("G{i}").as_bytes()))
                .start::<ExtGraphicsState>()
                .non_stroking_alpha(alphas.fill)
                .stroking_alpha(alphas.stroke);
        }
    }
    res.finish();
    writer.finish();

    pdf.stream(content_ref, &page.content).filter(Filter::FlateDecode);
}

/// Writes a link annotation (PDF 1.7, 12.5.6.5): a URI action, or a destination on a page
/// of the document (`target`: its object and height); a link to a page that is not in the
/// document has no destination.
fn write_link(pdf: &mut Pdf, id: Ref, link: &super::page::PageLink, target: Option<(Ref, f32)>) {
    let [x0, y0, x1, y1] = link.rect;
    let mut annot = pdf.annotation(id);
    annot.subtype(AnnotationType::Link);
    annot.rect(Rect::new(x0, y0, x1, y1));
    annot.border(0.0, 0.0, 0.0, None);
    match &link.dest {
        Destination::Url(url) => {
            annot.action().action_type(ActionType::Uri).uri(Str(url.as_bytes()));
        }
        Destination::Position { point, .. } => {
            if let Some((page_ref, height)) = target {
                let top = (height - point.y.to_pt() as f32).clamp(0.0, height);
                annot
                    .insert(Name(b"Dest"))
                    .start::<pdf_writer::writers::Destination>()
                    .page(page_ref)
                    .xyz(point.x.to_pt() as f32, top, None);
            }
        }
    }
}
