//! Paged references: a document → its pages rendered at 1 px/pt and stacked top to bottom
//! into one image (a 1 px grey rule between pages) → compared with the stored reference
//! PNG pixel by pixel.
//!
//! Rendering is deterministic, but anti-aliasing may differ in the last bit between
//! machines, so a pixel counts as different only when a channel differs by more than 2,
//! and an image matches while at most 0.05% of its pixels (at least 1) differ. Any real
//! change to layout moves whole glyphs and exceeds that.

use quire_exporters::png;
use quire_stages::doc::PagedDocument;
use tiny_skia::{Color, IntSize, Pixmap, PixmapPaint, Transform};

/// The largest channel difference that does not count.
const CHANNEL_TOLERANCE: u8 = 2;

/// The share of pixels that may differ.
const PIXEL_TOLERANCE: f64 = 0.0005;

/// Renders the pages and stacks them into one PNG.
pub fn render(document: &PagedDocument) -> Result<Vec<u8>, String> {
    let pages: Vec<Pixmap> = document
        .pages
        .iter()
        .map(|page| png::render_page(page, 1.0).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let width = pages.iter().map(Pixmap::width).max().unwrap_or(1).max(1);
    let rules = u32::try_from(pages.len().saturating_sub(1)).unwrap_or(0);
    let height = pages.iter().map(Pixmap::height).sum::<u32>().saturating_add(rules).max(1);
    let mut canvas = Pixmap::new(width, height).ok_or("the pages are too large to stack")?;
    canvas.fill(Color::from_rgba8(128, 128, 128, 255));
    let mut y = 0;
    for page in &pages {
        let top = i32::try_from(y).map_err(|_| "the pages are too large to stack")?;
        canvas.draw_pixmap(
            0,
            top,
            page.as_ref(),
            &PixmapPaint::default(),
            Transform::identity(),
            None,
        );
        y += page.height() + 1;
    }
    png::encode_png(&canvas).map_err(|e| e.to_string())
}

/// Compares a rendered PNG with the stored one; the error says how they differ.
pub fn compare(stored: &[u8], rendered: &[u8]) -> Result<(), String> {
    let decode = |bytes: &[u8]| Pixmap::decode_png(bytes).map_err(|e| e.to_string());
    let (stored, rendered) = (decode(stored)?, decode(rendered)?);
    let size = |p: &Pixmap| IntSize::from_wh(p.width(), p.height());
    if size(&stored) != size(&rendered) {
        return Err(format!(
            "size differs: reference {}x{}, rendered {}x{}",
            stored.width(),
            stored.height(),
            rendered.width(),
            rendered.height()
        ));
    }
    let differing = stored
        .data()
        .chunks_exact(4)
        .zip(rendered.data().chunks_exact(4))
        .filter(|(a, b)| a.iter().zip(b.iter()).any(|(x, y)| x.abs_diff(*y) > CHANNEL_TOLERANCE))
        .count();
    let total = stored.data().len() / 4;
    let allowed = ((total as f64 * PIXEL_TOLERANCE) as usize).max(1);
    if differing > allowed {
        return Err(format!("{differing} of {total} pixels differ"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A PNG of `width`×`height` filled with one grey level, with one pixel set to `dot`.
    fn image(width: u32, height: u32, dot: u8) -> Vec<u8> {
        let mut pixmap = Pixmap::new(width, height).unwrap();
        pixmap.fill(Color::from_rgba8(200, 200, 200, 255));
        pixmap.data_mut()[..4].copy_from_slice(&[dot, dot, dot, 255]);
        pixmap.encode_png().unwrap()
    }

    fn check(a: &[u8], b: &[u8], expected: Result<(), &str>) {
        assert_eq!(compare(a, b), expected.map_err(str::to_string));
    }

    #[test]
    fn tolerates_only_tiny_differences() {
        check(&image(10, 10, 200), &image(10, 10, 201), Ok(()));
        check(&image(10, 10, 200), &image(10, 10, 0), Ok(()));
        check(
            &image(10, 10, 200),
            &image(10, 11, 200),
            Err("size differs: reference 10x10, rendered 10x11"),
        );
        let mut many = Pixmap::new(10, 10).unwrap();
        many.fill(Color::from_rgba8(0, 0, 0, 255));
        check(&image(10, 10, 200), &many.encode_png().unwrap(), Err("100 of 100 pixels differ"));
    }
}
