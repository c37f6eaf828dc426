//! Page rendering: a laid-out page + a resolution → a tiny-skia pixmap. Walks the page's
//! frame tree, concatenating group transforms and intersecting group clips into masks, and
//! hands each item to its drawing module. Links have no pixels and are skipped.
//!
//! Rendering is a pure function of the page: the only state outside it is the per-thread
//! outline and image caches, which hold pure results.

use quire_stages::base::Transform as DocTransform;
use quire_stages::doc::{Frame, FrameItem, GroupItem, Page, PageFill, Paint};
use tiny_skia::{FillRule, Mask, Pixmap, Transform};

use super::encode::PngError;
use super::shape::{curve_path, skia_color};
use super::{image, shape, text};

/// Where and how an item is drawn: the transform from its frame's coordinates (points, from
/// the frame's top-left corner) to pixels, and the clip mask in force, if any.
#[derive(Copy, Clone)]
pub(super) struct State<'a> {
    pub ts: Transform,
    pub mask: Option<&'a Mask>,
}

/// Renders `page` at `pixel_per_pt` pixels per point (144 ppi is 2.0).
///
/// The pixmap measures the page size times `pixel_per_pt`, rounded up, and at least one
/// pixel each way. A page fill of `auto` is white here (it is transparent in PDF and SVG);
/// `none` leaves the pixmap transparent.
///
/// Fails when `pixel_per_pt` is not a positive number or the pixmap would be too large to
/// allocate. An image whose bytes cannot be decoded is drawn as nothing.
pub fn render_page(page: &Page, pixel_per_pt: f32) -> Result<Pixmap, PngError> {
    if !(pixel_per_pt.is_finite() && pixel_per_pt > 0.0) {
        return Err(PngError::InvalidScale(pixel_per_pt));
    }
    let size = page.frame.size();
    let pixels = |pt: f64| {
        let px = (pt * f64::from(pixel_per_pt)).ceil();
        // NaN and negative sizes give one pixel; huge ones saturate and fail below.
        if px >= 1.0 { px.min(f64::from(u32::MAX)) as u32 } else { 1 }
    };
    let (width, height) = (pixels(size.width.to_pt()), pixels(size.height.to_pt()));
    let mut pixmap = Pixmap::new(width, height).ok_or(PngError::TooLarge { width, height })?;

    match &page.fill {
        PageFill::Auto => pixmap.fill(tiny_skia::Color::WHITE),
        PageFill::None => {}
        PageFill::Paint(Paint::Solid(color)) => pixmap.fill(skia_color(*color)),
    }

    let state = State { ts: Transform::from_scale(pixel_per_pt, pixel_per_pt), mask: None };
    render_frame(&mut pixmap, state, &page.frame);
    Ok(pixmap)
}

/// Draws the items of `frame` in order.
fn render_frame(canvas: &mut Pixmap, state: State, frame: &Frame) {
    for (pos, item) in frame.items() {
        let ts = state.ts.pre_translate(pos.x.to_pt() as f32, pos.y.to_pt() as f32);
        let at = State { ts, ..state };
        match item {
            FrameItem::Group(group) => render_group(canvas, at, group),
            FrameItem::Text(run) => text::render_text(canvas, at, run),
            FrameItem::Shape(geometry, _) => shape::render_shape(canvas, at, geometry),
            FrameItem::Image(img, size, _) => image::render_image(canvas, at, img, *size),
            FrameItem::Link(..) | FrameItem::Tag(_) => {}
        }
    }
}

/// Draws a group: its transform applies after its position, and its clip (in the group's
/// own coordinates) narrows the mask for everything inside.
fn render_group(canvas: &mut Pixmap, state: State, group: &GroupItem) {
    let ts = state.ts.pre_concat(skia_transform(group.transform));
    let Some(clip) = &group.clip else {
        render_frame(canvas, State { ts, ..state }, &group.frame);
        return;
    };
    // A clip without any area hides the whole group.
    let Some(path) = curve_path(clip) else { return };
    let mask = match state.mask {
        Some(outer) => {
            let mut mask = outer.clone();
            mask.intersect_path(&path, FillRule::Winding, true, ts);
            mask
        }
        None => {
            let Some(mut mask) = Mask::new(canvas.width(), canvas.height()) else {
                return;
            };
            mask.fill_path(&path, FillRule::Winding, true, ts);
            mask
        }
    };
    render_frame(canvas, State { ts, mask: Some(&mask) }, &group.frame);
}

/// A document transform as tiny-skia's (same coefficient order, points as units).
fn skia_transform(ts: DocTransform) -> Transform {
    let [sx, ky, kx, sy, tx, ty] = ts.to_array().map(|v| v as f32);
    Transform::from_row(sx, ky, kx, sy, tx, ty)
}
