//! Paragraph (inline) layout: a sequence of inline items (styled text, spacing, inline
//! boxes, forced line breaks) and paragraph settings → one frame per line.
//!
//! The phases run in this order, one file each:
//! - `collect`: items → the paragraph's text with one segment per item;
//! - `shape`: bidi levels, script runs, font selection with per-cluster fallback and
//!   shaping → logical runs of glyphs;
//! - `linebreak`: break opportunities (UAX #14 and hyphenation) and the choice of breaks
//!   (first fit or Knuth–Plass) → line ranges;
//! - `finalize`: line ranges → frames (reshaping at line ends, hyphens, justification,
//!   alignment, indents, bidi reordering, line box heights), with `deco` drawing the
//!   text decorations of each run.
//!
//! Deliberately absent: content, style chains and the evaluator. Callers resolve styles
//! into [`TextStyle`] and [`ParStyle`] values first, and lay out boxes with a fractional
//! width through a callback once their share of the line is known, so this module can be
//! tested and called without a document.

mod collect;
mod deco;
mod finalize;
mod linebreak;
mod shape;

use ecow::{EcoString, EcoVec};
use quire_shaping::{Feature, FontBook, FontVariant, Shaper};

use crate::base::{Abs, Size, SourceResult, Span, Tag};
use crate::doc::{Color, Destination, Frame, Paint};

pub use self::deco::{DecoLine, DecoStroke, Decoration, Highlight, LineKind};

/// What a paragraph is made of, in logical order.
#[derive(Debug, Clone)]
pub enum InlineItem {
    /// Styled text.
    Text { text: EcoString, style: TextStyle, span: Span },
    /// Horizontal spacing; weak spacing disappears at line starts and ends.
    Spacing { amount: Spacing, weak: bool },
    /// An inline box whose baseline sits on the line's baseline.
    Frame { frame: Frame, span: Span },
    /// An inline box with a fractional width: like fractional spacing it takes its share
    /// of its line's remaining space, and only then is it laid out, by the callback of
    /// [`layout_lines_with`], which gets `id` back with the share.
    FrBox { fr: f64, id: usize, span: Span },
    /// A forced line break; with `justify` the line before it is justified.
    Linebreak { justify: bool },
    /// A locatable element starts here: a zero-width mark that takes no part in shaping
    /// or breaking and becomes a `FrameItem::Tag` at its place in the line.
    Tag(Tag),
}

/// An amount of horizontal spacing.
#[derive(Debug, Copy, Clone, PartialEq)]
pub enum Spacing {
    /// A fixed length.
    Abs(Abs),
    /// A share of the line's remaining space.
    Fr(f64),
}

/// The resolved text properties of one text item.
#[derive(Debug, Clone, PartialEq)]
pub struct TextStyle {
    /// Font families in priority order (case-insensitive names).
    pub families: Vec<EcoString>,
    pub variant: FontVariant,
    pub size: Abs,
    pub fill: Paint,
    /// The ISO 639 language code.
    pub lang: EcoString,
    /// The ISO 3166 region code.
    pub region: Option<EcoString>,
    /// Whether to hyphenate; `None` follows the paragraph's `justify`.
    pub hyphenate: Option<bool>,
    /// Extra space after every cluster.
    pub tracking: Abs,
    /// The width of spaces as a ratio of the font's normal space.
    pub word_spacing: f64,
    /// How far the baseline is shifted down (negative is up).
    pub baseline: Abs,
    pub top_edge: TopEdge,
    pub bottom_edge: BottomEdge,
    /// OpenType features on top of the shaper's defaults.
    pub features: Vec<Feature>,
    /// Whether to fall back to other fonts for characters the families lack.
    pub fallback: bool,
    /// Where the text links to: its lines get a `FrameItem::Link` over the text.
    pub link: Option<Destination>,
    /// Underlines, strikethroughs, overlines and highlights, outermost first.
    pub decos: EcoVec<Decoration>,
    /// Sub- or superscript settings: such text keeps the size around it, and shaping
    /// uses the font's script glyphs or scales and moves the glyphs.
    pub script: Option<Box<ScriptShift>>,
}

/// How text is set as a sub- or superscript (Typst's `sub` and `super`).
#[derive(Debug, Copy, Clone, PartialEq)]
pub struct ScriptShift {
    /// A subscript, else a superscript.
    pub sub: bool,
    /// Whether to use the font's `subs`/`sups` glyphs when it has them all.
    pub typographic: bool,
    /// How far synthesized scripts rise (negative: sink); `None` takes the font's.
    pub rise: Option<Abs>,
    /// The synthesized scripts' size; `None` takes the font's.
    pub size: Option<Abs>,
}

impl Default for TextStyle {
    /// Typst's defaults: Libertinus Serif at 11pt, black, English, no tracking.
    fn default() -> Self {
        Self {
            families: vec!["libertinus serif".into()],
            variant: FontVariant::default(),
            size: Abs::pt(11.0),
            fill: Paint::Solid(Color::BLACK),
            lang: "en".into(),
            region: None,
            hyphenate: None,
            tracking: Abs::zero(),
            word_spacing: 1.0,
            baseline: Abs::zero(),
            top_edge: TopEdge::CapHeight,
            bottom_edge: BottomEdge::Baseline,
            features: Vec::new(),
            fallback: true,
            link: None,
            decos: EcoVec::new(),
            script: None,
        }
    }
}

/// The top of a text's line box (Typst's `text.top-edge`).
#[derive(Debug, Copy, Clone, PartialEq)]
pub enum TopEdge {
    Ascender,
    CapHeight,
    XHeight,
    Baseline,
    /// The top of the glyphs' bounding boxes.
    Bounds,
    /// A fixed distance above the baseline.
    Length(Abs),
}

/// The bottom of a text's line box (Typst's `text.bottom-edge`).
#[derive(Debug, Copy, Clone, PartialEq)]
pub enum BottomEdge {
    Baseline,
    Descender,
    /// The bottom of the glyphs' bounding boxes.
    Bounds,
    /// A fixed distance below the baseline.
    Length(Abs),
}

/// How lines are chosen.
#[derive(Debug, Copy, Clone, PartialEq, Eq)]
pub enum Linebreaks {
    /// Each line takes as much as fits (first fit).
    Simple,
    /// The whole paragraph is optimised (Knuth–Plass).
    Optimized,
}

/// Horizontal alignment of lines.
#[derive(Debug, Default, Copy, Clone, PartialEq, Eq)]
pub enum HAlign {
    #[default]
    Start,
    Left,
    Center,
    Right,
    End,
}

/// The paragraph's writing direction.
#[derive(Debug, Default, Copy, Clone, PartialEq, Eq)]
pub enum Dir {
    #[default]
    Ltr,
    Rtl,
}

/// The resolved paragraph properties.
#[derive(Debug, Clone, PartialEq)]
pub struct ParStyle {
    /// The width lines are broken to (zero or negative: every break is taken).
    pub width: Abs,
    pub justify: bool,
    /// `None` is Typst's `auto`: optimized when justified, simple otherwise.
    pub linebreaks: Option<Linebreaks>,
    /// The space between lines; the flow stacks lines with it.
    pub leading: Abs,
    pub first_line_indent: Abs,
    /// The indent of every line but the first.
    pub hanging_indent: Abs,
    pub align: HAlign,
    pub dir: Dir,
    /// Typst's `text.costs` of hyphenated lines and of runts (a last line of one word),
    /// as factors of their default costs.
    pub hyphenation_cost: f64,
    pub runt_cost: f64,
}

impl Default for ParStyle {
    fn default() -> Self {
        Self {
            width: Abs::pt(100.0),
            justify: false,
            linebreaks: None,
            leading: Abs::pt(0.65 * 11.0),
            first_line_indent: Abs::zero(),
            hanging_indent: Abs::zero(),
            align: HAlign::Start,
            dir: Dir::Ltr,
            hyphenation_cost: 1.0,
            runt_cost: 1.0,
        }
    }
}

/// What paragraph layout needs from the outside world.
#[derive(Copy, Clone)]
pub struct InlineContext<'a> {
    pub book: &'a FontBook,
    /// Shared by the paragraphs of a flow, which are laid out in parallel.
    pub shaper: &'a (dyn Shaper + Sync),
}

impl std::fmt::Debug for InlineContext<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.debug_struct("InlineContext").finish_non_exhaustive()
    }
}

/// One laid-out line with what the flow and tests want to know about it.
#[derive(Debug, Clone)]
pub struct Line {
    /// The line's frame: as wide as the paragraph, with its baseline set.
    pub frame: Frame,
    /// The width of the line's content before justification, trailing spaces excluded.
    pub natural_width: Abs,
    /// The width of the content as placed (after justification and fractional spacing).
    pub width: Abs,
    /// Whether the line ends in an inserted hyphen.
    pub hyphenated: bool,
}

/// Lays out a paragraph into one frame per line.
pub fn layout_inline(ctx: &InlineContext, items: &[InlineItem], par: &ParStyle) -> Vec<Frame> {
    layout_lines(ctx, items, par).into_iter().map(|line| line.frame).collect()
}

/// Lays out a paragraph into lines with their measurements. Fractional boxes stay empty:
/// they only take their share of the line.
pub fn layout_lines(ctx: &InlineContext, items: &[InlineItem], par: &ParStyle) -> Vec<Line> {
    let mut empty = |_: usize, width: Abs| Ok(Frame::new(Size::new(width, Abs::zero())));
    layout_lines_with(ctx, items, par, &mut empty).unwrap_or_default()
}

/// Lays out a paragraph into lines with their measurements, laying out each fractional
/// box (`InlineItem::FrBox`) with `frbox(id, width)` once its width is known.
pub fn layout_lines_with(
    ctx: &InlineContext,
    items: &[InlineItem],
    par: &ParStyle,
    frbox: &mut dyn FnMut(usize, Abs) -> SourceResult<Frame>,
) -> SourceResult<Vec<Line>> {
    let collected = collect::collect(items);
    let prepared = shape::prepare(ctx, &collected, par);
    let breaks = linebreak::linebreak(&prepared, par);
    finalize::finalize(ctx, &prepared, &breaks, par, frbox)
}
