//! Stacks: `stack` children (content, relative spacing, fractions) and a direction →
//! frames with the children placed one after another along the main axis.
//!
//! `spacing` goes between content children, fractions share what the region leaves
//! along the main axis (when it is finite), and each child sits on the cross axis where
//! its own `align` puts it (start by default). A vertical stack breaks across regions
//! between children and inside a child that itself breaks; a horizontal one takes the
//! first region. A stack never stretches along its main axis: it is as long as its
//! children (plus what fractions take), as in Typst.

use crate::base::{Abs, Locator, Point, Size, SourceResult};
use crate::doc::Frame;
use crate::layout::flow::layout_content;
use crate::layout::props::Props;
use crate::layout::{Fragment, LayoutContext, Regions};
use crate::model::{
    ALIGN_ELEM, Alignment, Content, Dir, Fr, FromValue, HAlign, Rel, Styles, VAlign, Value,
};

/// One thing in a region of the stack.
enum Item {
    Space(Abs),
    Fr(f64),
    Frame(Frame, Option<Alignment>),
}

/// Lays out a `stack`.
pub(super) fn layout_stack(
    cx: &mut LayoutContext,
    content: &Content,
    styles: &Styles,
    locator: Locator,
    regions: Regions,
) -> SourceResult<Fragment> {
    let props = Props::new(content, styles);
    let dir: Dir = props.get("dir", Dir::Ttb);
    let vertical = matches!(dir, Dir::Ttb | Dir::Btt);
    // As in Typst, a stack never stretches along its main axis (only fractions fill it),
    // so an `rtl` stack is as wide as its children and starts at the left of a wider
    // region; across, it keeps the region's expansion, so that a vertical stack's
    // children align within the whole width.
    let regions = Regions {
        expand: if vertical { (regions.expand.0, false) } else { (false, regions.expand.1) },
        ..regions
    };
    let spacing = match props.value("spacing") {
        Value::Fraction(fr) => Some(Item::Fr(fr.get())),
        Value::None => None,
        value => Rel::from_value(value).ok().map(|rel| {
            let base = if vertical { regions.base().height } else { regions.base().width };
            Item::Space(props.rel(rel, base))
        }),
    };
    let children = match props.value("children") {
        Value::Array(children) => children,
        _ => Default::default(),
    };

    let mut stack = Stacker {
        vertical,
        reversed: matches!(dir, Dir::Btt | Dir::Rtl),
        regions,
        items: Vec::new(),
        used: Abs::zero(),
        frames: Vec::new(),
    };
    let mut after_content = false;
    for (i, child) in children.as_slice().iter().enumerate() {
        match child {
            Value::Fraction(Fr(fr)) => {
                stack.items.push(Item::Fr(*fr));
                after_content = false;
            }
            Value::Content(body) => {
                if after_content && let Some(spacing) = &spacing {
                    stack.push_spacing(match spacing {
                        Item::Space(abs) => Item::Space(*abs),
                        Item::Fr(fr) => Item::Fr(*fr),
                        Item::Frame(..) => unreachable!("spacing is space or fraction"),
                    });
                }
                stack.layout_child(cx, body, styles, locator.child(i as u64))?;
                after_content = true;
            }
            value => {
                if let Ok(rel) = Rel::from_value(value.clone()) {
                    let base = if vertical { regions.base().height } else { regions.base().width };
                    stack.push_spacing(Item::Space(props.rel(rel, base)));
                }
                after_content = false;
            }
        }
    }
    stack.finish_region();
    Ok(Fragment(stack.frames))
}

/// The stack being built, region by region.
struct Stacker {
    vertical: bool,
    reversed: bool,
    regions: Regions,
    items: Vec<Item>,
    /// The main-axis length used by fixed items in the current region.
    used: Abs,
    frames: Vec<Frame>,
}

impl Stacker {
    /// The main-axis length of the current region.
    fn main(&self) -> Abs {
        if self.vertical { self.regions.size.height } else { self.regions.size.width }
    }

    fn push_spacing(&mut self, item: Item) {
        if let Item::Space(abs) = item {
            self.used += abs;
        }
        self.items.push(item);
    }

    fn layout_child(
        &mut self,
        cx: &mut LayoutContext,
        body: &Content,
        styles: &Styles,
        locator: Locator,
    ) -> SourceResult<()> {
        let align = alignment_of(body);
        let remaining = (self.main() - self.used).max(Abs::zero());
        let pod = if self.vertical {
            Regions {
                size: Size::new(self.regions.size.width, remaining),
                expand: (self.regions.expand.0, false),
                ..self.regions
            }
        } else {
            Regions::one(
                Size::new(remaining, self.regions.size.height),
                (false, self.regions.expand.1),
            )
        };
        let fragment = layout_content(cx, body, styles, locator, pod)?;
        for (i, frame) in fragment.0.into_iter().enumerate() {
            let length = if self.vertical { frame.height() } else { frame.width() };
            let overflows = self.vertical
                && self.regions.breakable
                && self.main().is_finite()
                && self.used + length > self.main()
                && self.items.iter().any(|item| matches!(item, Item::Frame(..)));
            if i > 0 || overflows {
                self.finish_region();
            }
            self.used += length;
            self.items.push(Item::Frame(frame, align));
        }
        Ok(())
    }

    /// Arranges the current region's items into a frame and moves to the next region.
    fn finish_region(&mut self) {
        let items = std::mem::take(&mut self.items);
        let main_region = self.main();
        let total_fr: f64 =
            items.iter().map(|i| if let Item::Fr(fr) = i { *fr } else { 0.0 }).sum();
        let expand_main = if self.vertical { self.regions.expand.1 } else { self.regions.expand.0 };
        let main = if (total_fr > 0.0 || expand_main) && main_region.is_finite() {
            main_region.max(self.used)
        } else {
            self.used
        };
        let free = (main - self.used).max(Abs::zero());
        let cross_content = items
            .iter()
            .filter_map(|i| match i {
                Item::Frame(f, _) => Some(if self.vertical { f.width() } else { f.height() }),
                _ => None,
            })
            .fold(Abs::zero(), Abs::max);
        let expand_cross =
            if self.vertical { self.regions.expand.0 } else { self.regions.expand.1 };
        let cross_region =
            if self.vertical { self.regions.size.width } else { self.regions.size.height };
        let cross =
            if expand_cross && cross_region.is_finite() { cross_region } else { cross_content };

        let size = if self.vertical { Size::new(cross, main) } else { Size::new(main, cross) };
        let mut output = Frame::new(size);
        let mut cursor = Abs::zero();
        for item in items {
            match item {
                Item::Space(abs) => cursor += abs,
                Item::Fr(fr) => {
                    if total_fr > 0.0 {
                        cursor += free * (fr / total_fr);
                    }
                }
                Item::Frame(frame, align) => {
                    let length = if self.vertical { frame.height() } else { frame.width() };
                    let extent = if self.vertical { frame.width() } else { frame.height() };
                    let offset = cross_offset(align, self.vertical, cross - extent);
                    let along = if self.reversed { main - cursor - length } else { cursor };
                    let pos = if self.vertical {
                        Point::new(offset, along)
                    } else {
                        Point::new(along, offset)
                    };
                    cursor += length;
                    output.push_frame(pos, frame);
                }
            }
        }
        self.frames.push(output);
        self.used = Abs::zero();
        self.regions = self.regions.next();
    }
}

/// Where a child of `free` spare cross-axis space sits by its alignment.
fn cross_offset(align: Option<Alignment>, vertical: bool, free: Abs) -> Abs {
    let ratio = match align {
        Some(Alignment { x: Some(x), .. }) if vertical => match x {
            HAlign::Start | HAlign::Left => 0.0,
            HAlign::Center => 0.5,
            HAlign::Right | HAlign::End => 1.0,
        },
        Some(Alignment { y: Some(y), .. }) if !vertical => match y {
            VAlign::Top => 0.0,
            VAlign::Horizon => 0.5,
            VAlign::Bottom => 1.0,
        },
        _ => 0.0,
    };
    free.max(Abs::zero()) * ratio
}

/// The alignment a child gives itself with `align(..)`.
fn alignment_of(body: &Content) -> Option<Alignment> {
    if body.is(ALIGN_ELEM) {
        return match body.field("alignment") {
            Some(Value::Alignment(align)) => Some(*align),
            _ => None,
        };
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::testing::{TestWorld, pt, region, shapes};

    /// The positions of the shapes in the first frame of the stack in `src`.
    fn check(src: &str, regions: Regions) -> (Size, Vec<(f64, f64)>) {
        let frame = TestWorld::new(src).layout(regions).unwrap().into_frame();
        let positions = shapes(&frame).iter().map(|(p, _)| (pt(p.x), pt(p.y))).collect();
        (frame.size(), positions)
    }

    #[test]
    fn horizontal_stacks_space_their_children() {
        let (size, pos) = check(
            "#stack(dir: ltr, spacing: 5pt, rect(width: 10pt, height: 5pt), rect(width: 20pt, height: 8pt))",
            region(100.0, 100.0),
        );
        assert_eq!((pt(size.width), pt(size.height)), (35.0, 8.0));
        assert_eq!(pos, [(0.0, 0.0), (15.0, 0.0)]);
        let (_, pos) = check(
            "#stack(dir: rtl, rect(width: 10pt, height: 5pt), rect(width: 20pt, height: 5pt))",
            region(100.0, 100.0),
        );
        assert_eq!(pos, [(20.0, 0.0), (0.0, 0.0)]);
        let expanding = Regions::one(Size::new(Abs::pt(100.0), Abs::pt(100.0)), (true, false));
        let (size, pos) = check(
            "#stack(dir: rtl, rect(width: 10pt, height: 5pt), rect(width: 20pt, height: 5pt))",
            expanding,
        );
        assert_eq!(pt(size.width), 30.0);
        assert_eq!(pos, [(20.0, 0.0), (0.0, 0.0)]);
    }

    #[test]
    fn fractions_fill_the_region() {
        let expanding = Regions::one(Size::new(Abs::pt(50.0), Abs::pt(100.0)), (false, true));
        let (size, pos) = check("#stack(rect(height: 10pt), 1fr, rect(height: 10pt))", expanding);
        assert_eq!(pt(size.height), 100.0);
        assert_eq!(pos[1].1, 90.0);
        let (_, pos) = check(
            "#stack(dir: btt, 4pt, rect(height: 10pt), rect(height: 20pt))",
            region(50.0, 100.0),
        );
        assert_eq!(pos, [(0.0, 20.0), (0.0, 0.0)]);
    }
}
