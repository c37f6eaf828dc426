//! Images: an encoded raster [`Image`] → an image XObject (PDF 1.7, 8.9.5 Image
//! dictionaries), with a soft mask (11.6.5.3) when it has alpha.
//!
//! JPEG data is embedded as it is (`DCTDecode`); only its header is read, for the size and
//! the colour space. PNG and GIF are decoded with the `image` crate and written as
//! 8-bit samples, zlib-compressed (`FlateDecode`).

use std::io::Cursor;

use image::{DynamicImage, ImageFormat as Codec};
use pdf_writer::{Filter, Finish, Pdf, Ref};
use quire_stages::doc::{Image, ImageFormat};

use super::PdfError;
use super::compress::deflate;

/// An image's samples, ready to be written.
#[derive(Debug)]
pub(super) struct EncodedImage {
    width: u32,
    height: u32,
    space: Space,
    /// The samples, compressed with `filter`.
    data: Vec<u8>,
    filter: Filter,
    /// CMYK JPEGs from Adobe software store inverted samples.
    inverted: bool,
    /// The compressed 8-bit alpha channel, if any pixel is not opaque.
    alpha: Option<Vec<u8>>,
}

/// A device colour space of image samples.
#[derive(Debug, Copy, Clone, PartialEq, Eq)]
enum Space {
    Gray,
    Rgb,
    Cmyk,
}

/// How many objects [`write_image`] writes for an encoded image.
pub(super) fn object_count(image: &EncodedImage) -> i32 {
    if image.alpha.is_some() { 2 } else { 1 }
}

/// Prepares an image's samples.
pub(super) fn encode_image(image: &Image) -> Result<EncodedImage, PdfError> {
    let data = image.data();
    match image.format() {
        ImageFormat::Jpg => encode_jpeg(data),
        ImageFormat::Png => encode_decoded(data, Codec::Png),
        ImageFormat::Gif => encode_decoded(data, Codec::Gif),
    }
}

/// Writes the image XObject as `id` (and its soft mask as the next object).
pub(super) fn write_image(pdf: &mut Pdf, id: Ref, image: &EncodedImage) {
    let mask = Ref::new(id.get() + 1);
    let mut xobject = pdf.image_xobject(id, &image.data);
    xobject.filter(image.filter);
    xobject.width(image.width as i32);
    xobject.height(image.height as i32);
    xobject.bits_per_component(8);
    let space = xobject.color_space();
    match image.space {
        Space::Gray => space.device_gray(),
        Space::Rgb => space.device_rgb(),
        Space::Cmyk => space.device_cmyk(),
    };
    if image.inverted {
        xobject.decode([1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0]);
    }
    if image.alpha.is_some() {
        xobject.s_mask(mask);
    }
    xobject.finish();

    if let Some(alpha) = &image.alpha {
        let mut smask = pdf.image_xobject(mask, alpha);
        smask.filter(Filter::FlateDecode);
        smask.width(image.width as i32);
        smask.height(image.height as i32);
        smask.bits_per_component(8);
        smask.color_space().device_gray();
    }
}

/// A JPEG, passed through: its size and colour space from the header.
fn encode_jpeg(data: &[u8]) -> Result<EncodedImage, PdfError> {
    let header = jpeg_header(data)
        .ok_or_else(|| PdfError::Image { message: "the jpeg data is malformed".into() })?;
    let space = match header.components {
        1 => Space::Gray,
        3 => Space::Rgb,
        4 => Space::Cmyk,
        n => {
            return Err(PdfError::Image {
                message: format!("jpeg images with {n} colour components are not supported"),
            });
        }
    };
    Ok(EncodedImage {
        width: header.width,
        height: header.height,
        space,
        data: data.to_vec(),
        filter: Filter::DctDecode,
        inverted: space == Space::Cmyk && header.adobe,
        alpha: None,
    })
}

/// A PNG or GIF, decoded and recompressed.
fn encode_decoded(data: &[u8], codec: Codec) -> Result<EncodedImage, PdfError> {
    let error = |e: image::ImageError| PdfError::Image { message: e.to_string() };
    let decoder = image::ImageReader::with_format(Cursor::new(data), codec);
    let decoded: DynamicImage = decoder.decode().map_err(error)?;
    let (width, height) = (decoded.width(), decoded.height());
    let has_alpha = decoded.color().has_alpha();
    let gray = !decoded.color().has_color();

    let (space, samples) = if gray {
        (Space::Gray, decoded.to_luma8().into_raw())
    } else {
        (Space::Rgb, decoded.to_rgb8().into_raw())
    };
    let alpha = has_alpha
        .then(|| decoded.to_luma_alpha8().pixels().map(|p| p.0[1]).collect::<Vec<u8>>())
        .filter(|alpha| alpha.iter().any(|&a| a != u8::MAX))
        .map(|alpha| deflate(&alpha));
    Ok(EncodedImage {
        width,
        height,
        space,
        data: deflate(&samples),
        filter: Filter::FlateDecode,
        inverted: false,
        alpha,
    })
}

/// What the PDF needs from a JPEG's header.
#[derive(Debug, PartialEq)]
struct JpegHeader {
    width: u32,
    height: u32,
    components: u8,
    /// Whether an Adobe `APP14` segment is present (CMYK samples are then inverted).
    adobe: bool,
}

/// Reads the frame header (`SOFn`) of a JPEG, walking its segments (ITU T.81, B.1).
fn jpeg_header(data: &[u8]) -> Option<JpegHeader> {
    if data.get(..2)? != [0xFF, 0xD8] {
        return None;
    }
    let mut adobe = false;
    let mut i = 2;
    loop {
        // Markers may be preceded by fill bytes 0xFF.
        while *data.get(i)? == 0xFF && *data.get(i + 1)? == 0xFF {
            i += 1;
        }
        if *data.get(i)? != 0xFF {
            return None;
        }
        let marker = *data.get(i + 1)?;
        let length = usize::from(u16::from_be_bytes([*data.get(i + 2)?, *data.get(i + 3)?]));
        let segment = data.get(i + 4..i + 2 + length)?;
        match marker {
            0xEE if segment.starts_with(b"Adobe") => adobe = true,
            // Every SOF marker except DHT (C4), JPG (C8) and DAC (CC).
            0xC0..=0xCF if !matches!(marker, 0xC4 | 0xC8 | 0xCC) => {
                let height = u32::from(u16::from_be_bytes([*segment.get(1)?, *segment.get(2)?]));
                let width = u32::from(u16::from_be_bytes([*segment.get(3)?, *segment.get(4)?]));
                let components = *segment.get(5)?;
                return Some(JpegHeader { width, height, components, adobe });
            }
            // Start of scan before a frame header: malformed.
            0xDA => return None,
            _ => {}
        }
        i += 2 + length;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jpeg_headers_are_read() {
        let image = image::RgbImage::from_pixel(5, 3, image::Rgb([200, 10, 10]));
        let mut jpeg = Vec::new();
        image::DynamicImage::ImageRgb8(image)
            .write_to(&mut Cursor::new(&mut jpeg), Codec::Jpeg)
            .unwrap();
        let header = jpeg_header(&jpeg).unwrap();
        assert_eq!(header, JpegHeader { width: 5, height: 3, components: 3, adobe: false });
        assert_eq!(jpeg_header(&jpeg[..20]), None);
        assert_eq!(jpeg_header(b"not a jpeg"), None);
    }

    #[test]
    fn broken_images_are_errors() {
        let bytes: std::sync::Arc<[u8]> = std::sync::Arc::from(&b"\x89PNG broken"[..]);
        let image = Image::new(bytes, ImageFormat::Png, 1, 1, None);
        assert!(matches!(encode_image(&image), Err(PdfError::Image { .. })));
    }
}
