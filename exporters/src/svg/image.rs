//! Images in SVG: the encoded bytes → a `data:` URL (base64, in the image's own format) on
//! an `<image id="i…">` defined once per page as a unit square with
//! `preserveAspectRatio="none"`, and a `<use>` per occurrence that scales the square to the
//! item's size and places it.

use std::fmt::Write;

use base64::Engine;
use quire_stages::base::{Point, Size, Transform};
use quire_stages::doc::{Image, ImageFormat};

use super::render::Svg;
use super::write::transform_attr;

/// Writes `image` stretched to `size`, its top-left corner at `pos`.
pub(super) fn write_image(svg: &mut Svg, pos: Point, image: &Image, size: Size) {
    let id = image_def(svg, image);
    let _ = write!(svg.body, "<use xlink:href=\"#i{id}\"");
    let scale = Transform::scale(size.width.to_pt(), size.height.to_pt());
    transform_attr(&mut svg.body, pos, scale);
    svg.body.push_str("/>\n");
}

/// The index of the definition of `image`, defining it on first use.
fn image_def(svg: &mut Svg, image: &Image) -> usize {
    if let Some(&id) = svg.images.get(image) {
        return id;
    }
    let id = svg.images.len();
    let mime = match image.format() {
        ImageFormat::Png => "image/png",
        ImageFormat::Jpg => "image/jpeg",
        ImageFormat::Gif => "image/gif",
    };
    let _ = write!(
        svg.defs,
        "<image id=\"i{id}\" width=\"1\" height=\"1\" preserveAspectRatio=\"none\" \
         xlink:href=\"data:{mime};base64,"
    );
    base64::engine::general_purpose::STANDARD.encode_string(image.data(), &mut svg.defs);
    svg.defs.push_str("\"/>\n");
    svg.images.insert(image.clone(), id);
    id
}
