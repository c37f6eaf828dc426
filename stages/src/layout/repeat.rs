//! Repetition: a `repeat` body → a frame as wide as the region holding as many copies of
//! the body as fit, `gap` apart. With `justify` the gaps grow so that the copies span the
//! whole width; without it (or with a single copy) the copies keep their gap and are
//! aligned in the width by the horizontal alignment in effect, as in Typst. A region of
//! unbounded width is an error: there is nothing to fill.

use crate::base::{Abs, Locator, Point, Size, SourceResult};
use crate::doc::Frame;
use crate::layout::flow::layout_content;
use crate::layout::pad::first_baseline;
use crate::layout::props::Props;
use crate::layout::text::{alignment, dir, x_share};
use crate::layout::{LayoutContext, Regions};
use crate::model::{Content, Length, Styles};

/// The most copies drawn: a vanishingly narrow body would give millions, and a thousand
/// is beyond any page (Typst's limit too).
const MAX_COPIES: usize = 1000;

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
    let mut gap = props.length(props.get("gap", Length::zero()));
    let justify = props.get("justify", true);
    let fill = regions.size.width;
    let pod = Regions::one(Size::new(fill, regions.base().height), (false, false));
    let piece = layout_content(cx, &body, styles, locator.child(0), pod)?.into_frame();
    if !fill.is_finite() {
        crate::bail!(content.span(), "repeat with no size restrictions");
    }

    let mut frame = Frame::new(Size::new(fill, piece.height()));
    if let Some(baseline) = first_baseline(&piece) {
        frame.set_baseline(baseline);
    }
    let width = piece.width();
    if width <= Abs::zero() {
        return Ok(frame);
    }
    // N copies and N - 1 gaps fit when N * width + (N - 1) * gap <= fill.
    let count = ((fill + gap) / (width + gap)).floor().max(0.0);
    let remaining = (fill + gap) - (width + gap) * count;
    if justify && count > 1.0 {
        gap += remaining / (count - 1.0);
    }
    let mut x = Abs::zero();
    if count == 1.0 || !justify {
        let (align, _) = alignment(styles);
        x += remaining * x_share(align, dir(styles));
    }
    for _ in 0..(count as usize).min(MAX_COPIES) {
        frame.push_frame(Point::new(x, Abs::zero()), piece.clone());
        x += width + gap;
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
        // Justified copies spread the 10pt left over across their two gaps.
        let (_, xs) = check("#repeat(rect(width: 30pt, height: 4pt))");
        assert_eq!(xs, [0.0, 35.0, 70.0]);
    }

    #[test]
    fn unjustified_and_single_copies_follow_the_alignment() {
        let (_, xs) =
            check("#set align(right)\n#repeat(justify: false, rect(width: 30pt, height: 4pt))");
        assert_eq!(xs, [10.0, 40.0, 70.0]);
        let (_, xs) = check(
            "#set align(center)\n#repeat(gap: 4pt, justify: false, rect(width: 30pt, height: 4pt))",
        );
        assert_eq!(xs, [1.0, 35.0, 69.0]);
        let (_, xs) = check("#set align(center)\n#repeat(rect(width: 70pt, height: 4pt))");
        assert_eq!(xs, [15.0]);
        let (size, xs) = check("#repeat(rect(width: 170pt, height: 4pt))");
        assert_eq!((pt(size.width), xs.len()), (100.0, 0));
    }

    #[test]
    fn unbounded_width_is_an_error() {
        let world = TestWorld::new("#repeat[.]");
        let errors = world.layout(region(f64::INFINITY, 50.0)).unwrap_err();
        assert_eq!(errors[0].message, "repeat with no size restrictions");
    }
}
