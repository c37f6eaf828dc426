//! Page runs → laid pages: the page geometry from the run's `page` properties (paper,
//! width, height, flipped, margins, columns), the run's flow laid out into the body
//! regions, each body (one frame per column) placed within the margins on a page-sized
//! frame, with the tags that stand between the pages at the first page's origin.
//! Pagination then joins the runs, adding blank pages where a run asks for a parity.

use crate::base::{Abs, Point, Size, SourceResult};
use crate::doc::{Frame, FrameItem};
use crate::layout::flow::layout_page_flow;
use crate::layout::text::resolve_rel;
use crate::layout::{LaidPage, LayoutContext, Regions};
use crate::model::{PAGE, Rel, Style, StyleChain, Styles, Value};
use crate::realize::{FlowItem, PageRun, Parity};

use super::paper::styled_paper;

/// The size of a page and its margins.
#[derive(Debug, Copy, Clone, PartialEq)]
pub struct Geometry {
    /// The page size; an infinite height grows to fit the content.
    pub size: Size,
    pub left: Abs,
    pub top: Abs,
    pub right: Abs,
    pub bottom: Abs,
}

impl Geometry {
    /// The geometry the page styles give. `height` replaces an `auto` height (a page
    /// that grew to fit) when known.
    pub fn resolve(styles: &Styles, height: Option<Abs>) -> Self {
        let chain = StyleChain::new(styles);
        let paper = styled_paper(&chain);
        // A `width` or `height` set after the paper replaces the paper's (`auto`: unbounded);
        // a paper set after them replaces them, as in Typst, where `paper` sets both.
        let length = |name: &str, default: Abs| match chain.get(PAGE, name) {
            Some(_) if set_later(styles, "paper", name) => default,
            Some(Value::Length(l)) => crate::layout::text::resolve_length(styles, *l),
            Some(Value::Auto) => Abs::inf(),
            _ => default,
        };
        let mut width = length("width", paper.width);
        let mut page_height = length("height", paper.height);
        if chain.get_cast(PAGE, "flipped", false) {
            std::mem::swap(&mut width, &mut page_height);
        }
        if !width.is_finite() {
            width = paper.width;
        }
        if let Some(height) = height {
            page_height = height;
        }
        let size = Size::new(width, page_height);

        let smaller = if page_height.is_finite() { width.min(page_height) } else { width };
        let auto = smaller * (2.5 / 21.0);
        // Margins fold as in Typst: a later rule's sides replace only the sides it
        // gives (`margin: (top: 30pt)` keeps the other sides of an earlier `10pt`).
        let mut rels: [Option<Rel>; 4] = [None; 4];
        let margin = PAGE.field_index("margin");
        for style in styles.iter() {
            let Style::Property(p) = style else { continue };
            if p.elem != PAGE || Some(p.field) != margin {
                continue;
            }
            for (side, given) in rels.iter_mut().zip(margin_sides(&p.value)) {
                if let Some(given) = given {
                    *side = given;
                }
            }
        }
        let mut sides = [Some(auto); 4];
        for (i, rel) in rels.into_iter().enumerate() {
            let base = if i % 2 == 0 { width } else { page_height };
            sides[i] = rel.map(|r| resolve(styles, r, base));
        }
        let [left, top, right, bottom] = sides.map(|side| side.unwrap_or(auto));
        Self { size, left, top, right, bottom }
    }

    /// The size within the margins.
    pub fn body(&self) -> Size {
        Size::new(
            (self.size.width - self.left - self.right).max(Abs::zero()),
            (self.size.height - self.top - self.bottom).max(Abs::zero()),
        )
    }
}

/// The sides (left, top, right, bottom) a `margin` value gives: `Some(None)` for an
/// `auto` side, `None` for a side it leaves to earlier rules.
fn margin_sides(value: &Value) -> [Option<Option<Rel>>; 4] {
    match value {
        Value::Dict(dict) => {
            let side = |keys: &[&str]| keys.iter().find_map(|k| dict.get(k)).map(margin_value);
            let rest = side(&["rest"]);
            let x = side(&["x"]).or(rest);
            let y = side(&["y"]).or(rest);
            [
                side(&["left", "inside"]).or(x),
                side(&["top"]).or(y),
                side(&["right", "outside"]).or(x),
                side(&["bottom"]).or(y),
            ]
        }
        Value::Length(_) | Value::Ratio(_) | Value::Relative(_) => [Some(margin_value(value)); 4],
        _ => [Some(None); 4],
    }
}

/// A margin value: `Some` length, or `None` for `auto`.
fn margin_value(value: &Value) -> Option<Rel> {
    match value {
        Value::Length(l) => Some((*l).into()),
        Value::Ratio(r) => Some((*r).into()),
        Value::Relative(r) => Some(*r),
        _ => None,
    }
}

/// A relative margin against its side of the page (nothing of an unbounded height).
fn resolve(styles: &Styles, rel: Rel, base: Abs) -> Abs {
    resolve_rel(styles, rel, if base.is_finite() { base } else { Abs::zero() })
}

/// The locator key of a run's `i`th page (apart from those of the run's items).
const PAGE_KEY: u64 = 0x7061_6765_0000_0000;

/// Lays out a page run into pages (bodies only).
pub fn layout_run(cx: &mut LayoutContext, run: &PageRun) -> SourceResult<Vec<LaidPage>> {
    let geometry = Geometry::resolve(&run.styles, None);
    let body = geometry.body();
    let chain = StyleChain::new(&run.styles);
    let columns = chain.get_cast::<i64>(PAGE, "columns", 1).max(1) as usize;
    // Typst's default column gutter: 4% of the body width.
    let gutter = if columns > 1 { body.width * 0.04 } else { Abs::zero() };
    let column = ((body.width - gutter * (columns - 1) as f64) / columns as f64).max(Abs::zero());
    let finite = geometry.size.height.is_finite();
    let regions = if finite {
        Regions::repeat(Size::new(column, body.height), (true, true))
    } else {
        Regions {
            size: Size::new(column, Abs::inf()),
            full: Abs::inf(),
            expand: (true, false),
            breakable: false,
        }
    };
    let lead = run.lead.min(run.items.len());
    let tail = run.items.len() - run.tail.min(run.items.len() - lead);
    let fragment = layout_page_flow(cx, &run.items[lead..tail], regions, &run.styles)?;
    let mut frames = fragment.0;
    if frames.is_empty() {
        frames.push(Frame::new(Size::new(column, if finite { body.height } else { Abs::zero() })));
    }
    let mut pages = Vec::with_capacity(frames.len().div_ceil(columns));
    for (i, chunk) in frames.chunks(columns).enumerate() {
        let height = if finite {
            geometry.size.height
        } else {
            let content = chunk.iter().map(Frame::height).fold(Abs::zero(), Abs::max);
            content + geometry.top + geometry.bottom
        };
        let mut frame = Frame::new(Size::new(geometry.size.width, height));
        if i == 0 {
            // Tags between the pages stand at the very start of the first page.
            for item in &run.items[..lead] {
                if let FlowItem::Tag(tag) = item {
                    frame.push(Point::zero(), FrameItem::Tag(tag.clone()));
                }
            }
        }
        for (c, body) in chunk.iter().enumerate() {
            let x = geometry.left + (column + gutter) * c as f64;
            frame.push_frame(Point::new(x, geometry.top), body.clone());
        }
        pages.push(LaidPage {
            frame,
            styles: run.styles.clone(),
            run: run.index,
            blank: false,
            parity: if i == 0 { run.parity } else { None },
            locator: run.locator.child(PAGE_KEY | i as u64),
        });
    }
    // Tags after a weak page break at the document's end stand after the last page's
    // content, at its very bottom.
    if let Some(last) = pages.last_mut() {
        let bottom = Point::new(Abs::zero(), last.frame.height());
        for item in &run.items[tail..] {
            if let FlowItem::Tag(tag) = item {
                last.frame.push(bottom, FrameItem::Tag(tag.clone()));
            }
        }
    }
    Ok(pages)
}

/// Concatenates the runs' pages in order, inserting a blank page before a run whose
/// first page would otherwise have the wrong parity.
pub fn paginate(runs: Vec<Vec<LaidPage>>) -> Vec<LaidPage> {
    let mut paginator = Paginator::default();
    let mut out: Vec<LaidPage> = Vec::with_capacity(runs.iter().map(Vec::len).sum());
    for run in runs {
        out.extend(paginator.push(run));
    }
    out
}

/// Pagination one run at a time, for pages that stream on to finalization: each run's
/// pages, in order, with a blank page before them when the run's first page would
/// otherwise have the wrong parity. The blank page takes the size and styles of the page
/// before it.
#[derive(Debug, Default)]
pub struct Paginator {
    /// How many pages came out so far.
    count: usize,
    /// The last page that came out, the template for a blank page.
    last: Option<LaidPage>,
}

impl Paginator {
    /// The pages of the next run, preceded by a blank page if its parity needs one.
    pub fn push(&mut self, run: Vec<LaidPage>) -> Vec<LaidPage> {
        let mut out = Vec::with_capacity(run.len() + 1);
        if let Some(first) = run.first()
            && let Some(parity) = first.parity
        {
            let number = self.count + 1;
            let matches = match parity {
                Parity::Odd => !number.is_multiple_of(2),
                Parity::Even => number.is_multiple_of(2),
            };
            if !matches {
                let template = self.last.as_ref().unwrap_or(first);
                out.push(LaidPage {
                    frame: Frame::new(template.frame.size()),
                    styles: template.styles.clone(),
                    run: template.run,
                    blank: true,
                    parity: None,
                    locator: template.locator.child(0xb1a4),
                });
            }
        }
        out.extend(run);
        self.count += out.len();
        if let Some(last) = out.last() {
            self.last = Some(last.clone());
        }
        out
    }

    /// How many pages came out so far.
    pub fn count(&self) -> usize {
        self.count
    }
}

/// Whether page field `a` was set after page field `b` in `styles` by a later set rule
/// (within one rule, `b` wins: `set page(paper: "a5", width: 10cm)` keeps the width).
pub fn set_later(styles: &Styles, a: &str, b: &str) -> bool {
    let (Some(a), Some(b)) = (PAGE.field_index(a), PAGE.field_index(b)) else {
        return false;
    };
    let mut props = styles.iter().rev().filter_map(|style| match style {
        Style::Property(p) if p.elem == PAGE && (p.field == a || p.field == b) => Some(p),
        _ => None,
    });
    let Some(first) = props.next() else { return false };
    first.field == a && !props.any(|p| p.field == b && p.span == first.span)
}
