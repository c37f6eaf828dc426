//! Raster images: an `image` element → a frame with the image fitted into it. The data
//! is given as bytes or read through the world from a file (its path relative to the file
//! the element was written in; evaluation already checked that it can be read), its format sniffed (or taken from `format`) and its header decoded for the pixel size;
//! the bytes go into the frame undecoded (exporters decode them).
//!
//! The natural size is the pixel size at the image's density (a PNG's `pHYs` chunk or a
//! JPEG's JFIF header, else 72 dpi), bounded by the space. A given width or height keeps
//! the aspect ratio; both given, `fit` decides: `cover` (cropped by a clip), `contain`
//! or `stretch`.

use std::io::Cursor;
use std::sync::Arc;

use ecow::{EcoString, eco_format};

use crate::base::{Abs, FileId, Point, Size, SourceDiagnostic, SourceResult};
use crate::doc::{Curve, Frame, FrameItem, GroupItem, Image, ImageFormat};
use crate::eval::resolve_path;
use crate::layout::props::Props;
use crate::layout::shapes::sized_region;
use crate::layout::{LayoutContext, Regions};
use crate::model::{Content, Dict, Styles, Value};

/// How an image fills a box of another aspect ratio.
#[derive(Debug, Copy, Clone, Eq, PartialEq)]
enum Fit {
    Cover,
    Contain,
    Stretch,
}

/// Lays out an `image` in `regions` (the first region only; images do not break).
pub(super) fn layout_image(
    cx: &mut LayoutContext,
    content: &Content,
    styles: &Styles,
    regions: Regions,
) -> SourceResult<Frame> {
    let props = Props::new(content, styles);
    let span = content.span();
    let image = load(cx, &props)?;
    let (region, expand) = sized_region(&props, &regions);

    let (pxw, pxh) = (f64::from(image.width().max(1)), f64::from(image.height().max(1)));
    let px_ratio = pxw / pxh;
    let target = match expand {
        (true, true) => region,
        (true, false) => Size::new(region.width, region.height.min(region.width / px_ratio)),
        (false, true) => Size::new(region.width.min(region.height * px_ratio), region.height),
        (false, false) => {
            let dpi = density(image.data(), image.format()).unwrap_or(72.0);
            let natural = Size::new(Abs::inches(pxw / dpi), Abs::inches(pxh / dpi));
            Size::new(
                natural.width.min(region.width).min(region.height * px_ratio),
                natural.height.min(region.height).min(region.width / px_ratio),
            )
        }
    };

    let fit = match props.value("fit") {
        Value::Str(s) if s.as_str() == "contain" => Fit::Contain,
        Value::Str(s) if s.as_str() == "stretch" => Fit::Stretch,
        _ => Fit::Cover,
    };
    let wide = target.height.is_zero() || px_ratio > target.width / target.height;
    let fitted = match fit {
        Fit::Stretch => target,
        _ if wide == (fit == Fit::Contain) => Size::new(target.width, target.width / px_ratio),
        _ => Size::new(target.height * px_ratio, target.height),
    };

    // The image is centred in the target box; `cover` crops what sticks out.
    let mut frame = Frame::new(target);
    let pos =
        Point::new((target.width - fitted.width) / 2.0, (target.height - fitted.height) / 2.0);
    let item = FrameItem::Image(image, fitted, span);
    let crops = fitted.width > target.width + Abs::pt(1e-6)
        || fitted.height > target.height + Abs::pt(1e-6);
    if fit == Fit::Cover && crops {
        let mut inner = Frame::new(target);
        inner.push(pos, item);
        let group = GroupItem { clip: Some(Curve::rect(target)), ..GroupItem::new(inner) };
        frame.push(Point::zero(), FrameItem::Group(group));
    } else {
        frame.push(pos, item);
    }
    Ok(frame)
}

/// Reads and sniffs the image file named by the element's `source`.
fn load(cx: &mut LayoutContext, props: &Props) -> SourceResult<Image> {
    let span = props.content.span();
    let error = |message: EcoString| ecow::eco_vec![SourceDiagnostic::error(span, message)];
    let file_error = |e: crate::eval::FileError| ecow::eco_vec![e.diagnostic(span)];
    let data: Arc<[u8]> = match props.value("source") {
        Value::Path(path) => cx.engine.world.file(FileId::new(&path.0)).map_err(file_error)?,
        Value::Str(path) => {
            let resolved = resolve_path(span.id(), path.as_str()).map_err(file_error)?;
            cx.engine.world.file(FileId::new(&resolved)).map_err(file_error)?
        }
        // The image's data itself (`image(read("x.png", encoding: none))`).
        Value::Bytes(bytes) => Arc::from(bytes.as_slice()),
        _ => return Err(error("expected path, string, or bytes, found none".into())),
    };

    let format = match props.value("format") {
        Value::Dict(pixmap) => {
            let (data, width, height) = encode_pixmap(&data, &pixmap).map_err(error)?;
            let alt = match props.value("alt") {
                Value::Str(alt) => Some(alt.0),
                _ => None,
            };
            return Ok(Image::new(data, ImageFormat::Png, width, height, alt));
        }
        Value::Str(name) => match name.as_str() {
            "png" => ImageFormat::Png,
            "jpg" | "jpeg" => ImageFormat::Jpg,
            "gif" => ImageFormat::Gif,
            "svg" => return Err(error("svg images are not supported yet".into())),
            other => return Err(error(eco_format!("unknown image format: {other}"))),
        },
        _ => sniff(&data).ok_or_else(|| {
            if looks_like_svg(&data) {
                error("svg images are not supported yet".into())
            } else {
                error("unknown image format".into())
            }
        })?,
    };
    let (width, height) = dimensions(&data, format)
        .map_err(|e| error(eco_format!("failed to decode image ({e})")))?;
    let alt = match props.value("alt") {
        Value::Str(alt) => Some(alt.0),
        _ => None,
    };
    Ok(Image::new(Arc::clone(&data), format, width, height, alt))
}

/// Raw pixels (`format: (encoding: "rgb8", width: .., height: ..)`) encoded as a PNG,
/// which the exporters know how to embed; with the pixel size. The dictionary's keys
/// were checked when the element was made.
fn encode_pixmap(data: &[u8], format: &Dict) -> Result<(Arc<[u8]>, u32, u32), EcoString> {
    let int = |key: &str| match format.get(key) {
        Some(Value::Int(n)) => u32::try_from(*n).unwrap_or(0),
        _ => 0,
    };
    let (width, height) = (int("width"), int("height"));
    let (color, channels) = match format.get("encoding") {
        Some(Value::Str(name)) if name.as_str() == "rgba8" => (image::ExtendedColorType::Rgba8, 4),
        Some(Value::Str(name)) if name.as_str() == "luma8" => (image::ExtendedColorType::L8, 1),
        Some(Value::Str(name)) if name.as_str() == "lumaa8" => (image::ExtendedColorType::La8, 2),
        _ => (image::ExtendedColorType::Rgb8, 3),
    };
    if width == 0 || height == 0 {
        return Err("zero-sized images are not allowed".into());
    }
    let expected = u64::from(width) * u64::from(height) * channels;
    if data.len() as u64 != expected {
        return Err("pixel dimensions and pixel data do not match".into());
    }
    let mut png = Vec::new();
    let encoder = image::codecs::png::PngEncoder::new(&mut png);
    image::ImageEncoder::write_image(encoder, data, width, height, color)
        .map_err(|e| eco_format!("failed to encode image ({})", decode_message(&e)))?;
    Ok((Arc::from(png), width, height))
}

/// The format of encoded image bytes, from their magic number.
fn sniff(data: &[u8]) -> Option<ImageFormat> {
    match image::guess_format(data).ok()? {
        image::ImageFormat::Png => Some(ImageFormat::Png),
        image::ImageFormat::Jpeg => Some(ImageFormat::Jpg),
        image::ImageFormat::Gif => Some(ImageFormat::Gif),
        _ => None,
    }
}

/// Whether the bytes look like an SVG document.
fn looks_like_svg(data: &[u8]) -> bool {
    let head = &data[..data.len().min(512)];
    String::from_utf8_lossy(head).contains("<svg")
}

/// The pixel size from the image's header.
fn dimensions(data: &[u8], format: ImageFormat) -> Result<(u32, u32), String> {
    let format = match format {
        ImageFormat::Png => image::ImageFormat::Png,
        ImageFormat::Jpg => image::ImageFormat::Jpeg,
        ImageFormat::Gif => image::ImageFormat::Gif,
    };
    let reader = image::ImageReader::with_format(Cursor::new(data), format);
    let (width, height) = reader.into_dimensions().map_err(|e| decode_message(&e))?;
    if width == 0 || height == 0 {
        return Err("image has zero size".into());
    }
    Ok((width, height))
}

/// A decoding error as a short lowercase phrase.
fn decode_message(error: &image::ImageError) -> String {
    match error {
        image::ImageError::Decoding(_) => "image is not valid".into(),
        image::ImageError::Unsupported(_) => "image format is not supported".into(),
        image::ImageError::Limits(_) => "image is too large".into(),
        other => other.to_string().to_lowercase(),
    }
}

/// The density in dots per inch recorded in the image, if any.
fn density(data: &[u8], format: ImageFormat) -> Option<f64> {
    let dpi = match format {
        ImageFormat::Png => png_density(data)?,
        ImageFormat::Jpg => jfif_density(data)?,
        ImageFormat::Gif => return None,
    };
    (dpi.is_finite() && dpi > 1.0).then_some(dpi)
}

/// The horizontal density of a PNG's `pHYs` chunk (pixels per metre → per inch).
fn png_density(data: &[u8]) -> Option<f64> {
    let mut pos = 8;
    while pos + 8 <= data.len() {
        let len = u32::from_be_bytes(data[pos..pos + 4].try_into().ok()?) as usize;
        let kind = &data[pos + 4..pos + 8];
        let body = data.get(pos + 8..pos + 8 + len)?;
        match kind {
            b"pHYs" if len >= 9 => {
                let ppu = u32::from_be_bytes(body[0..4].try_into().ok()?);
                return (body[8] == 1).then(|| f64::from(ppu) * 0.0254);
            }
            b"IDAT" | b"IEND" => return None,
            _ => pos += 12 + len,
        }
    }
    None
}

/// The horizontal density of a JPEG's JFIF `APP0` segment.
fn jfif_density(data: &[u8]) -> Option<f64> {
    let app0 = data.get(2..20)?;
    if app0[0..2] != [0xFF, 0xE0] || &app0[4..9] != b"JFIF\0" {
        return None;
    }
    let unit = app0[11];
    let x = f64::from(u16::from_be_bytes([app0[12], app0[13]]));
    match unit {
        1 => Some(x),
        2 => Some(x * 2.54),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::testing::{TestWorld, pt, region};

    /// A PNG of `width` × `height` black pixels.
    fn png(width: u32, height: u32) -> Vec<u8> {
        use image::ImageEncoder;
        let mut out = Vec::new();
        let pixels = vec![0u8; (width * height * 3) as usize];
        image::codecs::png::PngEncoder::new(&mut out)
            .write_image(&pixels, width, height, image::ExtendedColorType::Rgb8)
            .unwrap();
        out
    }

    /// Lays out the image in `src` (with `/img.png` of 40 × 20 pixels).
    fn check(src: &str) -> SourceResult<Frame> {
        let world = TestWorld::new(src).with_file("/img.png", png(40, 20));
        world.layout(region(100.0, 100.0)).map(|f| f.into_frame())
    }

    #[test]
    fn images_keep_their_aspect_ratio() {
        let frame = check("#image(\"img.png\")").unwrap();
        assert_eq!((pt(frame.width()), pt(frame.height())), (40.0, 20.0));
        let frame = check("#image(\"img.png\", width: 80pt)").unwrap();
        assert_eq!((pt(frame.width()), pt(frame.height())), (80.0, 40.0));
        let Some((_, FrameItem::Image(image, size, _))) = frame.items().next() else {
            panic!("no image")
        };
        assert_eq!((image.width(), image.height(), image.format()), (40, 20, ImageFormat::Png));
        assert_eq!(pt(size.width), 80.0);
    }

    #[test]
    fn fit_decides_between_cropping_and_letterboxing() {
        let cover = check("#image(\"/img.png\", width: 20pt, height: 20pt)").unwrap();
        assert!(matches!(cover.items().next(), Some((_, FrameItem::Group(g))) if g.clip.is_some()));
        let contain =
            check("#image(\"img.png\", width: 20pt, height: 20pt, fit: \"contain\")").unwrap();
        let Some((pos, FrameItem::Image(_, size, _))) = contain.items().next() else {
            panic!("no image")
        };
        assert_eq!((pt(pos.y), pt(size.height)), (5.0, 10.0));
    }

    /// A missing file is an error of evaluation already (`eval/library/files.rs`); one
    /// that cannot be decoded is found here.
    #[test]
    fn broken_files_are_diagnosed() {
        let world = TestWorld::new("#image(\"bad.png\")")
            .with_file("/bad.png", b"\x89PNG\r\n\x1a\nbroken".to_vec());
        let error = world.layout(region(50.0, 50.0)).unwrap_err();
        assert!(error[0].message.starts_with("failed to decode image ("), "{}", error[0].message);
    }
}
