//! Repetition: a `repeat` body → a frame as wide as the region holding as many copies of
//! the body as fit, `gap` apart; with `justify` the copies spread over the whole width.
//! In a region of unbounded width the body appears once.

use crate::base::{Abs, Locator, Point, Size, SourceResult};
use crate::doc::Frame;
use crate::layout::flow::layout_content;
use crate::layout::pad::first_baseline;
use crate::layout::props::Props;
use crate::layout::{LayoutContext, Regions};
use crate::model::{Content, Length, Styles};

/// Lays out a `repeat` element in the width of `regions`.
pub(super) fn layout_repeat(
    cx: &mut LayoutContext,
    content: &Content,
    styles: &Styles,
    locator: Locator,
    regions: Regions,
) -> SourceResult<Frame> {
    let props = Props::new(content, styles);
    let body: Content = props.get("body", Content::empty());
    let gap = props.length(props.get("gap", Length::zero()));
    let justify = props.get("justify", true);
    let width = regions.size.width;
    let pod = Regions::one(Size::new(width, Abs::inf()), (false, false));
    let piece = layout_content(cx, &body, styles, locator.child(0), pod)?.into_frame();
    if !width.is_finite() || piece.width() <= Abs::zero() {
        return Ok(piece);
    }

    // A vanishingly narrow body would give millions of copies; a hundred thousand is
    // beyond any page.
    let count = ((width + gap) / (piece.width() + gap)).floor().clamp(0.0, 100_000.0) as usize;
    let mut spacing = gap;
    if justify && count > 1 {
        let rest = width - piece.width() * count as f64 - gap * (count - 1) as f64;
        spacing += rest / (count - 1) as f64;
    }
    let mut frame = Frame::new(Size::new(width, piece.height()));
    if let Some(baseline) = first_baseline(&piece) {
        frame.set_baseline(baseline);
    }
    let mut x = Abs::zero();
    for _ in 0..count {
        frame.push_frame(Point::new(x, Abs::zero()), piece.clone());
        x += piece.width() + spacing;
    }
    Ok(frame)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::testing::{TestWorld, pt, region, shapes};

    /// The size and the x positions of the copies of the repeat in `src`.
    fn check(src: &str) -> (Size, Vec<f64>) {
        let frame = TestWorld::new(src).layout(region(100.0, 50.0)).unwrap().into_frame();
        (frame.size(), shapes(&frame).iter().map(|(p, _)| pt(p.x)).collect())
    }

    #[test]
    fn copies_fill_the_width() {
        let (size, xs) = check("#repeat(gap: 5pt, rect(width: 20pt, height: 4pt))");
        assert_eq!(pt(size.width), 100.0);
        assert_eq!(xs.len(), 4);
        assert_eq!(xs[3], 80.0);
        let (_, xs) = check("#repeat(justify: false, rect(width: 30pt, height: 4pt))");
        assert_eq!(xs, [0.0, 30.0, 60.0]);
    }
}
