//! What every layouter takes: the `LayoutContext` (engine and fonts), the `Regions` to
//! fill, and what it gives back: a `Fragment` (one frame per region used), or, for a page
//! run, `LaidPage`s waiting for their numbers, headers and footers.

use std::num::NonZeroUsize;

use crate::base::{Abs, Locator, Size};
use crate::doc::Frame;
use crate::eval::Engine;
use crate::layout::inline::InlineContext;
use crate::model::Styles;
use crate::realize::Parity;

/// The engine (for show rules, `context` and calls back into evaluation) and the fonts.
/// Each parallel layout task has its own context, with its own engine and warning sink.
#[derive(Debug)]
pub struct LayoutContext<'a, 'w> {
    pub engine: &'a mut Engine<'w>,
    pub fonts: InlineContext<'a>,
}

/// The space to lay out into: the first region's size, then as many further regions of
/// height `full` as needed (all regions have the first one's width).
///
/// A region height of `Abs::inf()` means "as tall as needed" (one region only).
#[derive(Debug, Copy, Clone, PartialEq)]
pub struct Regions {
    /// The size of the region being filled now.
    pub size: Size,
    /// The full height of the first region and of every further one.
    pub full: Abs,
    /// Whether the frames must fill the regions' width and height (`true`) or may be as
    /// small as their content (`false`).
    pub expand: (bool, bool),
    /// Whether content may continue in further regions (false inside unbreakable blocks).
    pub breakable: bool,
}

impl Regions {
    /// One region of `size`, not breakable, expanding as told.
    pub fn one(size: Size, expand: (bool, bool)) -> Self {
        Self { size, full: size.height, expand, breakable: false }
    }

    /// A sequence of regions of `size` (a page body).
    pub fn repeat(size: Size, expand: (bool, bool)) -> Self {
        Self { size, full: size.height, expand, breakable: true }
    }

    /// The regions after the current one is full.
    pub fn next(&self) -> Self {
        Self { size: Size::new(self.size.width, self.full), ..*self }
    }

    /// The first region's size as a base for relative lengths.
    pub fn base(&self) -> Size {
        Size::new(self.size.width, self.full)
    }
}

/// The frames of a layout that may span several regions, one per region used.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Fragment(pub Vec<Frame>);

impl Fragment {
    /// A fragment of one frame.
    pub fn frame(frame: Frame) -> Self {
        Self(vec![frame])
    }

    /// The only or first frame (an empty one when there is none).
    pub fn into_frame(self) -> Frame {
        self.0.into_iter().next().unwrap_or_default()
    }
}

/// A page of a run: its body laid out, waiting for its number, header and footer.
#[derive(Debug, Clone)]
pub struct LaidPage {
    /// The page at its final size, with the body (and the body's tags) placed within the
    /// margins.
    pub frame: Frame,
    /// The page styles of its run (numbering, header, footer, fill, margins, …).
    pub styles: Styles,
    /// The run it belongs to.
    pub run: usize,
    /// Whether it was inserted to give the next run its parity (it stays empty).
    pub blank: bool,
    /// The parity its run asked for (checked by `paginate` for the run's first page).
    pub parity: Option<Parity>,
    /// Where header and footer content of this page sit in the tree.
    pub locator: Locator,
}

/// A page's physical number, from 1.
pub type PageNumber = NonZeroUsize;
