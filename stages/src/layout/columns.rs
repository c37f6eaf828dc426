//! Columns: a `columns(n, gutter: ..)` element and the regions it is laid out into → one
//! frame per region used, each holding up to `n` columns of the body side by side.
//!
//! The body is one flow laid out into column-wide regions, the way a page with
//! `columns: n` lays out its run: Typst does not balance columns, it fills them one after
//! the other, each as tall as the region the element is in, and `colbreak` moves on to
//! the next column. In a region of unbounded height (an auto-height page) the first
//! column takes everything that is not moved on by a column break. The element is as wide
//! as its region and as tall as its tallest column (the whole region when it must fill
//! it); with a right-to-left text direction the first column is the rightmost.
//!
//! Deliberately absent: a backlog of region heights. `Regions` knows one height for the
//! current region and one for all further ones, while columns starting partway down a
//! region need `n` regions of the rest and then `n` of the full height. Where the body
//! does not fit the `n` columns of the rest, the element moves on to the next region as a
//! whole (like a breakable block with nothing in the first region) and fills full-height
//! columns there.

use crate::base::{Abs, Locator, Point, Size, SourceResult};
use crate::doc::Frame;
use crate::layout::flow::layout_content;
use crate::layout::inline::Dir;
use crate::layout::props::Props;
use crate::layout::text::dir;
use crate::layout::{Fragment, LayoutContext, Regions};
use crate::model::{Content, Ratio, Rel, Styles, Value};

/// Typst's default number of columns.
const DEFAULT_COUNT: usize = 2;

/// Typst's default gutter: 4% of the width.
const DEFAULT_GUTTER: f64 = 0.04;

/// Lays out a `columns` element into `regions`.
pub(super) fn layout_columns(
    cx: &mut LayoutContext,
    content: &Content,
    styles: &Styles,
    locator: Locator,
    regions: Regions,
) -> SourceResult<Fragment> {
    let props = Props::new(content, styles);
    let count = match props.value("count") {
        Value::Int(n) if n < 1 => crate::bail!(content.span(), "number must be positive"),
        Value::Int(n) => usize::try_from(n).unwrap_or(usize::MAX),
        _ => DEFAULT_COUNT,
    };
    let body = match props.value("body") {
        Value::Content(body) => body,
        _ => Content::empty(),
    };
    let width = regions.size.width;
    let gutter_rel = props.get("gutter", Rel::from(Ratio(DEFAULT_GUTTER)));
    let gutter = if width.is_finite() { props.rel(gutter_rel, width) } else { Abs::zero() };
    if count == 1 || !width.is_finite() {
        return layout_content(cx, &body, styles, locator.child(0), regions);
    }
    // A million columns would only be empty frames: no column is narrower than nothing.
    let count = count.min(width.to_pt().max(1.0) as usize + 1);
    let column = ((width - gutter * (count - 1) as f64) / count as f64).max(Abs::zero());
    let columns = Columns { count, column, gutter, rtl: dir(styles) == Dir::Rtl };

    let rest = regions.size.height;
    let pod = |height: Abs| Regions {
        size: Size::new(column, height),
        full: height,
        expand: (true, false),
        // Column breaks need further regions, also where the element is not breakable
        // itself; what does not fit its columns is stacked below them then.
        breakable: true,
    };
    let frames = layout_content(cx, &body, styles, locator.child(0), pod(rest))?.0;
    let partial = rest < regions.full && regions.breakable;
    if frames.len() <= count || !partial {
        return Ok(columns.compose(frames, &regions));
    }

    // The body needs more than the columns of the rest of this region: move on and fill
    // full-height columns from the next region on.
    let frames = layout_content(cx, &body, styles, locator.child(0), pod(regions.full))?.0;
    let mut out = vec![Frame::new(Size::new(width, Abs::zero()))];
    out.extend(columns.compose(frames, &regions.next()).0);
    Ok(Fragment(out))
}

/// How the columns of one region sit side by side.
struct Columns {
    count: usize,
    column: Abs,
    gutter: Abs,
    rtl: bool,
}

impl Columns {
    /// Puts the column frames side by side, `count` per region: the first region's height
    /// is `regions.size.height`, the others' `regions.full`. Columns beyond the regions
    /// there are (where `regions` is not breakable) are stacked into the last frame.
    fn compose(&self, frames: Vec<Frame>, regions: &Regions) -> Fragment {
        let width = self.column * self.count as f64 + self.gutter * (self.count - 1) as f64;
        let mut out: Vec<Frame> = Vec::new();
        for (i, chunk) in frames.chunks(self.count).enumerate() {
            let tallest = chunk.iter().map(Frame::height).fold(Abs::zero(), Abs::max);
            let region = if i == 0 { regions.size.height } else { regions.full };
            let height =
                if regions.expand.1 && region.is_finite() { region.max(tallest) } else { tallest };
            let mut frame = Frame::new(Size::new(width, height));
            for (c, column) in chunk.iter().enumerate() {
                let mut x = (self.column + self.gutter) * c as f64;
                if self.rtl {
                    x = width - self.column - x;
                }
                frame.push_frame(Point::new(x, Abs::zero()), column.clone());
            }
            match out.last_mut() {
                Some(last) if !regions.breakable => stack(last, frame),
                _ => out.push(frame),
            }
        }
        if out.is_empty() {
            out.push(Frame::new(Size::new(width, Abs::zero())));
        }
        Fragment(out)
    }
}

/// Adds `below` under `frame`, growing it.
fn stack(frame: &mut Frame, below: Frame) {
    let top = frame.height();
    frame.set_size(Size::new(frame.width().max(below.width()), top + below.height()));
    frame.push_frame(Point::new(Abs::zero(), top), below);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::testing::{TestWorld, pages, pt, region, shapes, texts};

    /// A frame's size and the x and y of each rectangle in it.
    type Laid = ((f64, f64), Vec<(f64, f64)>);

    /// Lays out the first element of `src` into `regions`: per frame its size and its
    /// rectangles, from left to right and top to bottom.
    fn check(src: &str, regions: Regions) -> Vec<Laid> {
        let fragment = TestWorld::new(src).layout(regions).unwrap();
        fragment
            .0
            .iter()
            .map(|frame| {
                let mut rects: Vec<(f64, f64)> =
                    shapes(frame).iter().map(|(p, _)| (pt(p.x), pt(p.y))).collect();
                rects.sort_by(|a, b| a.partial_cmp(b).unwrap());
                ((pt(frame.width()), pt(frame.height())), rects)
            })
            .collect()
    }

    const RECTS: &str = "#rect(width: 100%, height: 30pt) #rect(width: 100%, height: 30pt) \
        #rect(width: 100%, height: 30pt)";

    #[test]
    fn columns_fill_one_after_the_other() {
        // Columns of (100 - 4) / 2 = 48pt, 4pt apart; two rects and the 13.2pt block
        // spacing between them fit the first column.
        let got = check(&format!("#columns(2)[{RECTS}]"), region(100.0, 80.0));
        assert_eq!(got, [((100.0, 73.2), vec![(0.0, 0.0), (0.0, 43.2), (52.0, 0.0)])]);
        let got = check(&format!("#columns(3, gutter: 5pt)[{RECTS}]"), region(100.0, 40.0));
        assert_eq!(got[0].1, [(0.0, 0.0), (35.0, 0.0), (70.0, 0.0)]);
    }

    #[test]
    fn column_breaks_move_on_also_without_a_height() {
        let src = "#columns(2)[#rect(height: 5pt) #colbreak() #rect(height: 5pt)]";
        let got = check(src, region(100.0, f64::INFINITY));
        assert_eq!(got, [((100.0, 5.0), vec![(0.0, 0.0), (52.0, 0.0)])]);
        // Without a break, an unbounded first column takes everything.
        let got = check(&format!("#columns(2)[{RECTS}]"), region(100.0, f64::INFINITY));
        assert_eq!(got[0].0, (100.0, 116.4));
    }

    #[test]
    fn columns_continue_in_the_next_regions() {
        let got = check(&format!("#columns(2)[{RECTS} {RECTS}]"), pages(100.0, 80.0));
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].1.len(), 4);
        assert_eq!(got[1].1, [(0.0, 0.0), (0.0, 43.2)]);
        // Starting partway down, a body too long for the rest moves on as a whole.
        let partial =
            Regions { size: Size::new(Abs::pt(100.0), Abs::pt(40.0)), ..pages(100.0, 80.0) };
        let got = check(&format!("#columns(2)[{RECTS} {RECTS}]"), partial);
        assert_eq!(got.len(), 3);
        assert_eq!(got[0], ((100.0, 0.0), vec![]));
        assert_eq!(got[1].1.len(), 4);
    }

    #[test]
    fn right_to_left_columns_start_at_the_right() {
        let src =
            "#set text(dir: rtl)\n#columns(2)[#rect(width: 10pt) #colbreak() #rect(width: 20pt)]";
        let got = check(src, region(100.0, 50.0));
        // The first (10pt) rect ends the right column, the second (20pt) the left one.
        assert_eq!(got[0].1.iter().map(|p| p.0).collect::<Vec<_>>(), [28.0, 90.0]);
    }

    #[test]
    fn one_column_is_the_body() {
        // A count below one is refused when the element is made (`convert::positive`).
        let frame = TestWorld::new("#columns(1)[Hello]").layout(region(100.0, 50.0)).unwrap();
        assert_eq!(texts(&frame.0[0])[0].1, "Hello");
    }
}
