//! Line breaking: shaped paragraph + width → line ranges, by first fit or by Knuth–Plass
//! optimisation, with hyphenation.
//!
//! Break opportunities come from UAX #14 (`icu_segmenter`); forced breaks are the
//! mandatory ones. Where a run allows hyphenation, `hypher` adds the syllable boundaries
//! of each word's alphabetic core for the run's language (at least two letters before and
//! three after a hyphen).
//!
//! Lines are measured without shaping again: the glyphs whose clusters start inside the
//! line count, trailing spaces and weak spacing are trimmed, and a hyphenated line adds the
//! run's hyphen. Justification may stretch spaces by half their width at badness 100 and
//! shrink them to two thirds; a line that would need more shrinking is overfull. Costs
//! follow TeX's shape: demerits are (line penalty + badness)² + penalty², plus extra for
//! consecutive hyphenated lines and for a last line of a single word (a runt). When no
//! feasible choice exists, overfull lines are taken, the shortest first, so a zero or
//! negative width takes every break.

use std::ops::Range;

use icu_segmenter::LineSegmenter;
use icu_segmenter::options::LineBreakOptions;

use crate::base::Abs;

use super::shape::{Item, Prepared, SOFT_HYPHEN};
use super::{Linebreaks, ParStyle};

/// Why a line ends where it does.
#[derive(Debug, Copy, Clone, PartialEq, Eq)]
pub(super) enum BreakKind {
    /// A break opportunity between words.
    Normal,
    /// Inside a word, with a hyphen added.
    Hyphen,
    /// A forced break; `justify` justifies the line before it.
    Mandatory { justify: bool },
    /// The end of the paragraph.
    End,
}

/// A place where a line may end.
#[derive(Debug, Copy, Clone, PartialEq, Eq)]
pub(super) struct Break {
    pub pos: usize,
    pub kind: BreakKind,
}

/// A chosen line: the text from `start` to `end` (before trimming).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct LineSpec {
    pub start: usize,
    pub end: usize,
    pub kind: BreakKind,
}

impl LineSpec {
    /// Whether the line is justified: every line but the last and those before plain
    /// forced breaks, when the paragraph is justified.
    pub fn justified(&self, par: &ParStyle) -> bool {
        match self.kind {
            BreakKind::End => false,
            BreakKind::Mandatory { justify } => justify,
            BreakKind::Normal | BreakKind::Hyphen => par.justify,
        }
    }
}

/// How much a space may grow (as a share of its width) at badness 100.
const STRETCH: f64 = 0.5;
/// How much a space may shrink, as a share of its width.
pub(super) const SHRINK: f64 = 1.0 / 3.0;
/// The badness of a line that cannot stretch at all; stretching beyond it costs no more.
const MAX_BADNESS: f64 = 1_000_000.0;
/// Added to every line's badness before squaring, so that fewer lines are preferred.
const LINE_PENALTY: f64 = 10.0;
/// The penalty of a hyphenated break.
const HYPHEN_PENALTY: f64 = 50.0;
/// Extra demerits for two hyphenated lines in a row.
const CONSECUTIVE_HYPHENS: f64 = 10_000.0;
/// Extra demerits for a last line of a single word.
const RUNT: f64 = 1_000_000.0;
/// Demerits of an overfull line, plus its overflow in points squared; more than any
/// number of feasible lines can reach.
const OVERFULL: f64 = 1e20;

/// Chooses the lines of a paragraph.
pub(super) fn linebreak(p: &Prepared, par: &ParStyle) -> Vec<LineSpec> {
    if p.text.is_empty() {
        return Vec::new();
    }
    let breaks = opportunities(p);
    let optimized = match par.linebreaks {
        Some(Linebreaks::Optimized) => true,
        Some(Linebreaks::Simple) => false,
        None => par.justify,
    };
    if optimized { knuth_plass(p, par, &breaks) } else { first_fit(p, par, &breaks) }
}

/// Every place a line may end, in text order; the last is the paragraph's end.
pub(super) fn opportunities(p: &Prepared) -> Vec<Break> {
    let text = p.text.as_str();
    let segmenter = LineSegmenter::new_auto(LineBreakOptions::default());
    let mut breaks = Vec::new();
    let mut prev = 0;
    for pos in segmenter.segment_str(text) {
        if pos == 0 || pos > text.len() {
            continue;
        }
        hyphenations(p, prev..pos, &mut breaks);
        prev = pos;
        if pos == text.len() {
            break;
        }
        let kind = match forced_before(p, pos) {
            Some(justify) => BreakKind::Mandatory { justify },
            // As in Typst, a line ending in a soft hyphen gets a visible one.
            None if text[..pos].ends_with(SOFT_HYPHEN) => BreakKind::Hyphen,
            None => BreakKind::Normal,
        };
        breaks.push(Break { pos, kind });
    }
    // A justified break at the very end justifies the last line.
    let kind = match forced_before(p, text.len()) {
        Some(true) => BreakKind::Mandatory { justify: true },
        _ => BreakKind::End,
    };
    breaks.push(Break { pos: text.len(), kind });
    breaks
}

/// Whether a forced break ends right before `pos`, and if so whether it justifies.
fn forced_before(p: &Prepared, pos: usize) -> Option<bool> {
    let before = p.text[..pos].chars().next_back()?;
    is_forced(before).then(|| {
        matches!(p.items.get(item_at(p, pos - 1)), Some(Item::Linebreak { justify: true, .. }))
    })
}

/// Whether a line must end after `c` (UAX #14 classes BK, CR, LF and NL).
fn is_forced(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{0B}' | '\u{0C}' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

/// Adds the hyphenation points of the word in `range` where its runs allow them.
fn hyphenations(p: &Prepared, range: Range<usize>, out: &mut Vec<Break>) {
    let word = &p.text[range.clone()];
    let Some(first) = word.find(char::is_alphabetic) else { return };
    let last = word.rfind(char::is_alphabetic).unwrap_or(first);
    let last_len = word[last..].chars().next().map_or(0, char::len_utf8);
    let core_start = range.start + first;
    let core = &p.text[core_start..range.start + last + last_len];
    if !core.chars().all(char::is_alphabetic) {
        return;
    }
    let Some(Item::Text(run)) = p.items.get(item_at(p, core_start)) else { return };
    let Some(lang) = language(&run.source.style.lang) else { return };
    let mut offset = core_start;
    // The language's own minimum syllable counts at the word's ends, as in Typst.
    let syllables: Vec<&str> = hypher::hyphenate(core, lang).collect();
    for syllable in &syllables[..syllables.len().saturating_sub(1)] {
        offset += syllable.len();
        // As in Typst, the text after the break decides whether it may be hyphenated.
        let allowed = matches!(p.items.get(item_at(p, offset)), Some(Item::Text(run)) if run.source.hyphenate);
        if allowed {
            out.push(Break { pos: offset, kind: BreakKind::Hyphen });
        }
    }
}

/// The hyphenation patterns for an ISO 639-1 code.
fn language(lang: &str) -> Option<hypher::Lang> {
    let bytes = lang.as_bytes();
    if bytes.len() != 2 {
        return None;
    }
    hypher::Lang::from_iso([bytes[0].to_ascii_lowercase(), bytes[1].to_ascii_lowercase()])
}

/// The index of the item containing byte `pos` (the last item for positions past the end).
pub(super) fn item_at(p: &Prepared, pos: usize) -> usize {
    p.items.partition_point(|item| item.range().end <= pos).min(p.items.len().saturating_sub(1))
}

/// Where a line from `start` to `end` ends once trailing spaces, weak spacing and forced
/// breaks are trimmed.
pub(super) fn trim_end(p: &Prepared, start: usize, end: usize) -> usize {
    let mut pos = end;
    while pos > start {
        let Some(c) = p.text[..pos].chars().next_back() else { break };
        match p.items.get(item_at(p, pos - 1)) {
            Some(Item::Text(_)) if c.is_whitespace() && !matches!(c, '\u{A0}' | '\u{202F}') => {
                pos -= c.len_utf8()
            }
            Some(Item::Absolute { range, weak: true, .. } | Item::Linebreak { range, .. }) => {
                pos = range.start.max(start)
            }
            _ => break,
        }
    }
    pos
}

/// The measurements of a line's content.
#[derive(Debug, Default, Copy, Clone)]
pub(super) struct Measure {
    /// The natural width.
    pub width: Abs,
    /// The total width of the justifiable spaces.
    pub spaces: Abs,
    /// Whether the line holds fractional spacing.
    pub fr: bool,
}

/// Measures the content from `start` to `end` (already trimmed), adding a hyphen when
/// `hyphen` is set: the difference of two running totals (weak spacing at the line's
/// start does not count), which keeps Knuth–Plass from measuring every candidate line
/// item by item (that loop took a quarter of a book's layout time).
pub(super) fn measure(p: &Prepared, start: usize, end: usize, hyphen: bool) -> Measure {
    let mut m = Measure::default();
    if start >= end {
        return m;
    }
    let at = |pos: usize| p.prefix[p.prefix.partition_point(|e| e.pos < pos)];
    let (a, b) = (at(start), at(end));
    m.width = b.width - a.width;
    m.spaces = b.spaces - a.spaces;
    m.fr = b.fr > a.fr;
    if let Some(Item::Absolute { range, amount, weak: true }) = p.items.get(item_at(p, start))
        && range.start == start
    {
        m.width -= *amount;
    }
    if hyphen && let Some(Item::Text(run)) = p.items.get(item_at(p, end - 1)) {
        m.width += run.hyphen.as_ref().map_or(Abs::zero(), |h| h.x_advance.at(run.size()));
    }
    m
}

/// The width available to a line starting at `start`.
pub(super) fn available(par: &ParStyle, start: usize) -> Abs {
    par.width - if start == 0 { par.first_line_indent } else { par.hanging_indent }
}

/// The demerits of a line from `start` ending at `brk`, after a line that ended with
/// `prev`.
fn demerits(p: &Prepared, par: &ParStyle, start: usize, brk: Break, prev: BreakKind) -> f64 {
    let hyphen = brk.kind == BreakKind::Hyphen;
    let end = trim_end(p, start, brk.pos);
    let m = measure(p, start, end, hyphen);
    let delta = (available(par, start) - m.width).to_pt();
    let spaces = m.spaces.to_pt();
    let shrink = if par.justify { spaces * SHRINK } else { 0.0 };
    if delta < -shrink - 1e-9 {
        return OVERFULL + (delta + shrink) * (delta + shrink);
    }
    let line = LineSpec { start, end: brk.pos, kind: brk.kind };
    let badness = if delta < 0.0 {
        let ratio = delta / shrink;
        100.0 * (ratio * ratio * ratio).abs()
    } else if matches!(brk.kind, BreakKind::End | BreakKind::Mandatory { .. })
        && !line.justified(par)
    {
        // The last line and lines before plain forced breaks keep their natural width,
        // whatever space is left.
        0.0
    } else if m.fr || delta == 0.0 {
        0.0
    } else if spaces > 0.0 {
        let ratio = delta / (spaces * STRETCH);
        (100.0 * ratio * ratio * ratio).min(MAX_BADNESS)
    } else {
        MAX_BADNESS
    };
    let penalty = if hyphen { HYPHEN_PENALTY * par.hyphenation_cost } else { 0.0 };
    let mut demerits = (LINE_PENALTY + badness).powi(2) + penalty * penalty;
    if hyphen && prev == BreakKind::Hyphen {
        demerits += CONSECUTIVE_HYPHENS;
    }
    if brk.kind == BreakKind::End && start > 0 && !p.text[start..end].contains(char::is_whitespace)
    {
        demerits += RUNT * par.runt_cost;
    }
    demerits
}

/// The total demerits of a choice of lines.
#[cfg(test)]
fn total_demerits(p: &Prepared, par: &ParStyle, lines: &[LineSpec]) -> f64 {
    let mut prev = BreakKind::Normal;
    let mut total = 0.0;
    for line in lines {
        total += demerits(p, par, line.start, Break { pos: line.end, kind: line.kind }, prev);
        prev = line.kind;
    }
    total
}

/// Takes as much as fits on each line.
fn first_fit(p: &Prepared, par: &ParStyle, breaks: &[Break]) -> Vec<LineSpec> {
    let mut lines = Vec::new();
    let mut start = 0;
    let mut last_fit: Option<Break> = None;
    let mut j = 0;
    while j < breaks.len() {
        let brk = breaks[j];
        let end = trim_end(p, start, brk.pos);
        let m = measure(p, start, end, brk.kind == BreakKind::Hyphen);
        let shrink = if par.justify { m.spaces * SHRINK } else { Abs::zero() };
        let fits = m.width - shrink <= available(par, start) + Abs::pt(1e-9);
        if fits {
            if matches!(brk.kind, BreakKind::Mandatory { .. } | BreakKind::End) {
                lines.push(LineSpec { start, end: brk.pos, kind: brk.kind });
                start = brk.pos;
                last_fit = None;
            } else {
                last_fit = Some(brk);
            }
            j += 1;
        } else if let Some(fit) = last_fit.take() {
            // Try the same break again on the next line.
            lines.push(LineSpec { start, end: fit.pos, kind: fit.kind });
            start = fit.pos;
        } else {
            lines.push(LineSpec { start, end: brk.pos, kind: brk.kind });
            start = brk.pos;
            j += 1;
        }
    }
    lines
}

/// Chooses the lines with the least total demerits (Knuth and Plass, 1981), considering
/// only starts from which a line can still fit.
fn knuth_plass(p: &Prepared, par: &ParStyle, breaks: &[Break]) -> Vec<LineSpec> {
    // Node 0 is the paragraph's start; node k + 1 is `breaks[k]`.
    let node = |k: usize| {
        if k == 0 { Break { pos: 0, kind: BreakKind::Normal } } else { breaks[k - 1] }
    };
    let n = breaks.len();
    let mut total = vec![f64::INFINITY; n + 1];
    let mut from = vec![0usize; n + 1];
    total[0] = 0.0;
    let mut active: Vec<usize> = vec![0];
    for j in 1..=n {
        let brk = node(j);
        let mut best = (f64::INFINITY, 0);
        let last_active = active.last().copied();
        active.retain(|&i| {
            let start = node(i);
            let cost = demerits(p, par, start.pos, brk, start.kind);
            let overfull = cost >= OVERFULL;
            // An overfull line only gets longer with later breaks: drop its start, unless
            // it is the newest one, which must stay usable as a last resort.
            if overfull && Some(i) != last_active {
                return false;
            }
            if total[i] + cost < best.0 {
                best = (total[i] + cost, i);
            }
            true
        });
        if best.0.is_finite() {
            total[j] = best.0;
            from[j] = best.1;
            if matches!(brk.kind, BreakKind::Mandatory { .. }) {
                active.clear();
            }
            active.push(j);
        }
    }
    let mut lines = Vec::new();
    let mut j = n;
    while j > 0 {
        let i = from[j];
        lines.push(LineSpec { start: node(i).pos, end: node(j).pos, kind: node(j).kind });
        j = i;
    }
    lines.reverse();
    lines
}

#[cfg(test)]
mod tests {
    use quire_shaping::{FontBook, ShapingContext};

    use super::*;
    use crate::base::Span;
    use crate::layout::inline::collect::collect;
    use crate::layout::inline::shape::prepare;
    use crate::layout::inline::{InlineContext, InlineItem, TextStyle};

    const LOREM: &str = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do \
        eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, \
        quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.";

    /// Breaks `text` with `par` and hands the prepared paragraph and the lines to `f`.
    fn check(text: &str, style: TextStyle, par: ParStyle, f: impl FnOnce(&Prepared, &[LineSpec])) {
        let book = FontBook::embedded();
        let shaper = ShapingContext::new();
        let ctx = InlineContext { book: &book, shaper: &shaper };
        let items = [InlineItem::Text { text: text.into(), style, span: Span::detached() }];
        let collected = collect(&items);
        let prepared = prepare(&ctx, &collected, &par);
        let lines = linebreak(&prepared, &par);
        f(&prepared, &lines);
    }

    fn par(width: f64, justify: bool, linebreaks: Option<Linebreaks>) -> ParStyle {
        ParStyle { width: Abs::pt(width), justify, linebreaks, ..ParStyle::default() }
    }

    fn words(p: &Prepared, line: &LineSpec) -> usize {
        p.text[line.start..trim_end(p, line.start, line.end)].split_whitespace().count()
    }

    #[test]
    fn linebreak_opportunities_follow_uax14() {
        check("a b-c\nd", TextStyle::default(), par(100.0, false, None), |p, _| {
            let breaks = opportunities(p);
            let got: Vec<(usize, BreakKind)> = breaks.iter().map(|b| (b.pos, b.kind)).collect();
            assert_eq!(
                got,
                [
                    (2, BreakKind::Normal),
                    (4, BreakKind::Normal),
                    (6, BreakKind::Mandatory { justify: false }),
                    (7, BreakKind::End)
                ]
            );
        });
    }

    /// Measures item by item, the way running totals must agree with.
    fn measure_by_items(p: &Prepared, start: usize, end: usize) -> (Abs, Abs) {
        let (mut width, mut spaces) = (Abs::zero(), Abs::zero());
        for item in &p.items {
            if let Item::Text(run) = item {
                for glyph in run.glyphs.iter().filter(|g| (start..end).contains(&g.range.start)) {
                    width += glyph.x_advance.at(run.size());
                    if glyph.justifiable {
                        spaces += glyph.x_advance.at(run.size());
                    }
                }
            }
        }
        (width, spaces)
    }

    #[test]
    fn linebreak_measures_by_running_totals() {
        let style = TextStyle { hyphenate: Some(true), ..TextStyle::default() };
        check(LOREM, style, par(120.0, true, None), |p, _| {
            let breaks = opportunities(p);
            let mut starts = vec![0];
            starts.extend(breaks.iter().map(|b| b.pos));
            for &start in &starts {
                for brk in breaks.iter().filter(|b| b.pos > start) {
                    let m = measure(p, start, brk.pos, false);
                    let (width, spaces) = measure_by_items(p, start, brk.pos);
                    assert!((m.width - width).to_pt().abs() < 1e-9, "{start}..{}", brk.pos);
                    assert!((m.spaces - spaces).to_pt().abs() < 1e-9);
                }
            }
        });
    }

    #[test]
    fn linebreak_first_fit_stays_within_width() {
        check(LOREM, TextStyle::default(), par(120.0, false, None), |p, lines| {
            assert!(lines.len() >= 8, "{} lines", lines.len());
            for line in lines {
                let end = trim_end(p, line.start, line.end);
                let m = measure(p, line.start, end, line.kind == BreakKind::Hyphen);
                assert!(m.width <= Abs::pt(120.0), "{:?} is {:?}", &p.text[line.start..end], m);
            }
            assert_eq!(lines.last().unwrap().end, p.text.len());
        });
    }

    #[test]
    fn linebreak_knuth_plass_beats_first_fit() {
        for width in [90.0, 120.0, 150.0, 200.0] {
            let optimal = par(width, true, Some(Linebreaks::Optimized));
            let simple = par(width, true, Some(Linebreaks::Simple));
            check(LOREM, TextStyle::default(), optimal.clone(), |p, kp| {
                let ff = linebreak(p, &simple);
                let (kp_cost, ff_cost) =
                    (total_demerits(p, &optimal, kp), total_demerits(p, &optimal, &ff));
                assert!(kp_cost <= ff_cost, "width {width}: {kp_cost} > {ff_cost}");
            });
        }
    }

    #[test]
    fn linebreak_knuth_plass_avoids_runts() {
        // At this width first fit leaves "consequat." alone on the last line.
        check(LOREM, TextStyle::default(), par(255.0, true, Some(Linebreaks::Simple)), |p, ff| {
            assert_eq!(words(p, ff.last().unwrap()), 1);
            let kp = linebreak(p, &par(255.0, true, None));
            assert_eq!(kp.len(), ff.len());
            assert_eq!(words(p, kp.last().unwrap()), 2);
        });
    }

    #[test]
    fn linebreak_hyphenates_only_when_asked() {
        let text = "extraordinarily incomprehensibilities";
        let hyph = TextStyle { hyphenate: Some(true), ..TextStyle::default() };
        check(text, hyph, par(60.0, false, None), |_, lines| {
            assert!(lines.iter().any(|l| l.kind == BreakKind::Hyphen), "{lines:?}");
        });
        let plain = TextStyle { hyphenate: Some(false), ..TextStyle::default() };
        check(text, plain, par(60.0, false, None), |_, lines| {
            assert!(lines.iter().all(|l| l.kind != BreakKind::Hyphen));
        });
    }

    #[test]
    fn linebreak_takes_every_break_without_width() {
        for width in [0.0, -10.0] {
            for mode in [Linebreaks::Simple, Linebreaks::Optimized] {
                check("aa bb cc", TextStyle::default(), par(width, false, Some(mode)), |p, l| {
                    let ends: Vec<usize> = l.iter().map(|l| l.end).collect();
                    assert_eq!(ends, [3, 6, p.text.len()], "{mode:?}");
                });
            }
        }
    }
}
