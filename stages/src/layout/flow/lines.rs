//! Line numbers (`par.line(numbering: ..)`): the lines of paragraphs whose styles number
//! them carry an invisible marker at their baseline (set in `collect`, in nested flows
//! too); a page's flow finds the markers in each finished region, numbers them from top
//! to bottom and puts the numbers into the margin beside them, then drops the markers.
//!
//! As in Typst, markers closer than a number's height to the one before share its
//! number, numbers are right-aligned in the left margin (left-aligned in the right one)
//! unless `number-align` says otherwise, and the clearance defaults to 2.6% of the page
//! width, between 0.75em and 2.5em. Numbers count on through a page run (or start anew
//! on each page with `numbering-scope: "page"`).

use std::hash::{Hash, Hasher};

use crate::base::{
    Abs, Em, FxHasher64, Locator, Payload, Point, Size, SourceResult, Span, Tag, TagInfo,
};
use crate::doc::{Frame, FrameItem};
use crate::layout::props::Props;
use crate::layout::{LayoutContext, Regions};
use crate::model::{Alignment, Args, Content, HAlign, PAR_LINE, StyleChain, Styles, Value};

use super::layout::layout_content;

/// The locator key of line numbers' content.
const NUMBER_KEY: u64 = 0x6c6e_756d_0000_0000;

/// What a line's marker carries: the `par.line` settings of its paragraph.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Marker {
    numbering: Value,
    align: Value,
    margin: Value,
    clearance: Value,
}

impl Marker {
    /// The marker for the lines of a paragraph with `styles`, if they are numbered.
    pub fn of(styles: &Styles) -> Option<Self> {
        let line = Content::new(PAR_LINE);
        let props = Props::new(&line, styles);
        let numbering = props.value("numbering");
        if numbering == Value::None {
            return None;
        }
        Some(Self {
            numbering,
            align: props.value("number-align"),
            margin: props.value("number-margin"),
            clearance: props.value("number-clearance"),
        })
    }

    /// The tag that marks a line with this marker.
    pub fn tag(&self) -> Tag {
        let mut hasher = FxHasher64::default();
        self.numbering.repr().hash(&mut hasher);
        self.align.repr().hash(&mut hasher);
        let location = Locator::root().child(NUMBER_KEY).location();
        Tag { location, info: TagInfo::Element(Payload::new(self.clone(), hasher.finish())) }
    }

    /// Whether the numbers go into the right margin.
    fn right(&self) -> bool {
        matches!(
            &self.margin,
            Value::Alignment(Alignment { x: Some(HAlign::Right | HAlign::End), .. })
        )
    }
}

/// The numbering of a page's lines.
pub(super) struct LineNumbers {
    /// The number of the last numbered line.
    count: usize,
    /// Whether numbers start anew on each page.
    per_page: bool,
}

impl LineNumbers {
    /// Line numbering for a run with `styles`.
    pub fn new(styles: &Styles) -> Self {
        let scope = StyleChain::new(styles).get(PAR_LINE, "numbering-scope").cloned();
        let per_page = matches!(scope, Some(Value::Str(s)) if s.0 == "page");
        Self { count: 0, per_page }
    }

    /// Numbers the marked lines of a finished region's `frame` (laid out with
    /// `styles` in `regions`), putting the numbers beside them and dropping the markers.
    pub fn number(
        &mut self,
        cx: &mut LayoutContext,
        frame: &mut Frame,
        styles: &Styles,
        page_width: Abs,
    ) -> SourceResult<()> {
        if self.per_page {
            self.count = 0;
        }
        let mut markers = Vec::new();
        find_markers(frame, Abs::zero(), &mut markers);
        if markers.is_empty() {
            return Ok(());
        }
        markers.sort_by(|a, b| a.0.to_pt().total_cmp(&b.0.to_pt()));
        strip_markers(frame);

        let mut numbers = Vec::new();
        let mut bottom: Option<Abs> = None;
        let mut widest = Abs::zero();
        for (y, marker) in markers {
            if bottom.is_some_and(|bottom| y < bottom) {
                continue;
            }
            self.count += 1;
            let number = self.layout_number(cx, &marker, styles)?;
            bottom = Some(y + number.height().max(Abs::pt(1.0)));
            widest = widest.max(number.width());
            numbers.push((y, marker, number));
        }

        let line = Content::new(PAR_LINE);
        let props = Props::new(&line, styles);
        let font_size = props.font_size;
        let default_clearance = (page_width * 0.026)
            .min(Em::new(2.5).at(font_size).max(Abs::zero()))
            .max(Em::new(0.75).at(font_size).max(Abs::zero()));
        let width = frame.width();
        for (y, marker, mut number) in numbers {
            let clearance = match &marker.clearance {
                Value::Length(length) => props.length(*length),
                _ => default_clearance,
            };
            let right = marker.right();
            let x = if right { width + clearance } else { -widest - clearance };
            // Numbers lean towards the text unless aligned otherwise.
            let share = match &marker.align {
                Value::Alignment(Alignment { x: Some(align), .. }) => match align {
                    HAlign::Left | HAlign::Start => 0.0,
                    HAlign::Center => 0.5,
                    HAlign::Right | HAlign::End => 1.0,
                },
                _ if right => 0.0,
                _ => 1.0,
            };
            let shift = (widest - number.width()) * share;
            let baseline = number.baseline();
            number.translate(Point::new(Abs::zero(), -baseline));
            frame.push_frame(Point::new(x + shift, y), number);
        }
        Ok(())
    }

    /// Lays out the current number as `marker` displays it.
    fn layout_number(
        &self,
        cx: &mut LayoutContext,
        marker: &Marker,
        styles: &Styles,
    ) -> SourceResult<Frame> {
        let span = Span::detached();
        let func = match cx.engine.world.library().get("numbering") {
            Some(Value::Func(func)) => func.clone(),
            _ => return Ok(Frame::default()),
        };
        let args = Args::new(span, [marker.numbering.clone(), Value::Int(self.count as i64)]);
        let content = func.call(cx.engine, args)?.display();
        let locator = Locator::root().child(NUMBER_KEY).child(self.count as u64);
        let regions = Regions::one(Size::new(Abs::inf(), Abs::inf()), (false, false));
        let frame = layout_content(cx, &content, styles, locator, regions)?.into_frame();
        // The flow's frame of one line: its baseline is that of the line.
        Ok(first_baseline(frame))
    }
}

/// `frame` with its baseline set to that of its first text line, where it has one.
fn first_baseline(mut frame: Frame) -> Frame {
    fn find(frame: &Frame, offset: Abs) -> Option<Abs> {
        frame.items().find_map(|(pos, item)| match item {
            FrameItem::Text(_) => Some(offset + pos.y),
            FrameItem::Group(group) => find(&group.frame, offset + pos.y),
            _ => None,
        })
    }
    if let Some(baseline) = find(&frame, Abs::zero()) {
        frame.set_baseline(baseline);
    }
    frame
}

/// Collects the markers in `frame` with their height from its top.
fn find_markers(frame: &Frame, offset: Abs, out: &mut Vec<(Abs, Marker)>) {
    for (pos, item) in frame.items() {
        match item {
            FrameItem::Group(group) => find_markers(&group.frame, offset + pos.y, out),
            FrameItem::Tag(Tag { info: TagInfo::Element(payload), .. }) => {
                if let Some(marker) = payload.downcast::<Marker>() {
                    out.push((offset + pos.y, marker.clone()));
                }
            }
            _ => {}
        }
    }
}

/// Removes the markers from `frame` (they are no element's tags).
fn strip_markers(frame: &mut Frame) {
    let marker = |item: &FrameItem| match item {
        FrameItem::Tag(Tag { info: TagInfo::Element(payload), .. }) => {
            payload.downcast::<Marker>().is_some()
        }
        _ => false,
    };
    super::collect::retain(frame, &|item| !marker(item));
}
