//! Images in pixels: encoded bytes (PNG, JPEG, GIF) → a premultiplied tiny-skia pixmap,
//! drawn scaled to the item's size with bilinear filtering.
//!
//! Decoding is the expensive part and the same image often recurs (a logo on every page),
//! so each thread keeps its most recently decoded images, up to [`CACHE_BYTES`] of pixels.

use std::cell::RefCell;
use std::sync::Arc;

use quire_stages::base::Size;
use quire_stages::doc::{Image, ImageFormat};
use tiny_skia::{ColorU8, FilterQuality, IntSize, Pixmap, PixmapPaint};

use super::render::State;

/// How many bytes of decoded pixels a thread keeps cached.
const CACHE_BYTES: usize = 64 * 1024 * 1024;

thread_local! {
    /// Recently decoded images, the most recently used last. `None` records that an
    /// image could not be decoded, so that a broken image is not retried on every page.
    static DECODED: RefCell<Vec<(Image, Option<Arc<Pixmap>>)>> = const { RefCell::new(Vec::new()) };
}

/// Draws `image` stretched to `size`, its top-left corner at the state's origin. An image
/// that cannot be decoded draws nothing.
pub(super) fn render_image(canvas: &mut Pixmap, state: State, image: &Image, size: Size) {
    let Some(pixmap) = decoded(image) else { return };
    let sx = size.width.to_pt() as f32 / pixmap.width() as f32;
    let sy = size.height.to_pt() as f32 / pixmap.height() as f32;
    let paint = PixmapPaint { quality: FilterQuality::Bilinear, ..PixmapPaint::default() };
    canvas.draw_pixmap(0, 0, (*pixmap).as_ref(), &paint, state.ts.pre_scale(sx, sy), state.mask);
}

/// The decoded pixels of `image`, from this thread's cache or decoded now.
fn decoded(image: &Image) -> Option<Arc<Pixmap>> {
    DECODED.with(|cache| {
        let mut cache = cache.borrow_mut();
        if let Some(i) = cache.iter().position(|(cached, _)| cached == image) {
            let entry = cache.remove(i);
            let pixmap = entry.1.clone();
            cache.push(entry);
            return pixmap;
        }
        let pixmap = decode(image).map(Arc::new);
        cache.push((image.clone(), pixmap.clone()));
        // Drop the least recently used images until the rest fit (the newest always stays).
        let bytes =
            |entry: &(Image, Option<Arc<Pixmap>>)| entry.1.as_ref().map_or(0, |p| p.data().len());
        let mut total: usize = cache.iter().map(bytes).sum();
        while total > CACHE_BYTES && cache.len() > 1 {
            total -= bytes(&cache.remove(0));
        }
        pixmap
    })
}

/// Decodes an image into premultiplied RGBA. `None` when the bytes are not a valid image
/// of their format.
fn decode(image: &Image) -> Option<Pixmap> {
    let format = match image.format() {
        ImageFormat::Png => image::ImageFormat::Png,
        ImageFormat::Jpg => image::ImageFormat::Jpeg,
        ImageFormat::Gif => image::ImageFormat::Gif,
    };
    let rgba = image::load_from_memory_with_format(image.data(), format).ok()?.into_rgba8();
    let size = IntSize::from_wh(rgba.width(), rgba.height())?;
    let mut data = rgba.into_raw();
    for px in data.chunks_exact_mut(4) {
        let c = ColorU8::from_rgba(px[0], px[1], px[2], px[3]).premultiply();
        px.copy_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
    }
    Pixmap::from_vec(data, size)
}
