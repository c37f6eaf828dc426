//! Outlines: an `outline` element and the previous layout's heading records → the content
//! it shows: a title (an unnumbered heading that is not outlined itself, "Contents" in
//! English) and one entry per outlined heading, each a block that links to the heading and
//! reads "indent, number, gap, title, space, fill, space, page".
//!
//! Typst 0.15's look, checked against its renderings:
//! - entries are blocks `par.leading` apart, in the text's own weight (no bold level 1);
//! - the numbers of one level are padded to the widest of them plus a 0.5em gap, so the
//!   titles of a level line up; a wrapped title hangs at its first line's title;
//! - `indent: auto` indents each level by what the levels above take (their widest number
//!   plus the gap, 1.2em for a level without numbers among the entries); a relative length
//!   indents level `n` by `n - 1` times it; a function gets `n - 1` and gives the indent;
//! - the fill is Typst's leader, `box(width: 1fr, repeat(gap: 0.15em)[.])` between two
//!   spaces: dots from the title to the page number at the right.
//!
//! One approximation, as realization cannot measure text: a number's width is estimated
//! from its characters with Libertinus Serif's advances (exact for that font's digits and
//! punctuation). Page numbers are the physical ones in arabic digits, and titles are plain
//! text: the records carry no more.
//!
//! In the first iteration no heading is known, so the outline has no entries; reading the
//! headings makes the next iteration run when there are some.

use ecow::EcoString;

use super::builtin::get;
use super::reference::{lang, link_to};
use crate::base::{Em, Introspection, Record, SourceResult, Span, TagInfo};
use crate::eval::{At, Engine};
use crate::model::{
    Args, BLOCK, BOX, Content, FIGURE, Fr, FromValue, H, HEADING, Length, OUTLINE_ENTRY, PAR, Rel,
    SPACE, Selector, StyleChain, Styles, Value, expected,
};

/// The space between an entry's number and its title, in em (Typst's default gap).
const GAP: f64 = 0.5;

/// What a level without any numbered entry adds to the automatic indent, in em.
const UNNUMBERED_INDENT: f64 = 1.2;

/// Realizes an `outline` element into a block of its title and entries.
pub(super) fn outline(
    engine: &mut Engine,
    elem: &Content,
    styles: &Styles,
) -> SourceResult<Content> {
    let span = elem.span();
    let filter = Filter::of(&get(elem, styles, "target"), span)?;
    let depth = match get(elem, styles, "depth") {
        Value::Int(depth) => Some(usize::try_from(depth).unwrap_or(usize::MAX)),
        _ => None,
    };
    let entries: Vec<Entry> = match &filter.figures {
        Some(selector) => {
            let records = engine.introspect(Introspection::Elements, span, "outline").records();
            figure_entries(records, selector)
        }
        None => {
            let records = engine.introspect(Introspection::Headings, span, "outline").records();
            records
                .iter()
                .filter_map(Entry::of)
                .filter(|e| depth.is_none_or(|d| e.level <= d) && filter.admits(e))
                .collect()
        }
    };

    let widths = NumberWidths::of(&entries);
    let indent = get(elem, styles, "indent");
    let leading = match StyleChain::new(styles).get(PAR, "leading") {
        Some(Value::Length(leading)) => *leading,
        _ => Length::em(Em::new(0.65)),
    };
    let mut children = Vec::with_capacity(entries.len() + 1);
    if let Some(title) = title(elem, styles) {
        children.push(title);
    }
    let fill = entry_fill(styles);
    for entry in &entries {
        let indent = indentation(engine, &indent, &widths, entry.level, span)?;
        children.push(entry.realize(indent, &widths, leading, fill.as_ref(), span));
    }
    // Without a title and entries, an outline shows nothing (not even an empty block).
    if children.is_empty() {
        return Ok(Content::empty());
    }
    Ok(Content::new(BLOCK)
        .with_field("body", Value::Content(Content::sequence(children)))
        .spanned(span))
}

/// The outline's title as a heading: the one given, else "Contents" in the language in
/// effect; unnumbered and not outlined (nor bookmarked) itself.
fn title(elem: &Content, styles: &Styles) -> Option<Content> {
    let body = match get(elem, styles, "title") {
        Value::None => return None,
        Value::Content(body) => body,
        _ => Content::text(contents_title(&lang(styles))),
    };
    Some(
        Content::new(HEADING)
            .with_field("numbering", Value::None)
            .with_field("outlined", Value::Bool(false))
            .with_field("body", Value::Content(body))
            .spanned(elem.span()),
    )
}

/// Which headings an outline lists: all outlined ones, or those of one level
/// (`heading.where(level: 2)`); or which figures (`figure.where(kind: table)`).
#[derive(Debug, Default, Clone, PartialEq)]
pub(super) struct Filter {
    level: Option<usize>,
    figures: Option<Selector>,
}

impl Filter {
    /// The filter a `target` value asks for.
    fn of(target: &Value, span: Span) -> SourceResult<Self> {
        let unsupported = |what: &str| -> SourceResult<Self> {
            crate::bail!(span, "outlines of {what} are not supported yet";
                hint: "use `heading` or `heading.where(level: ..)` as the target")
        };
        match target {
            Value::None | Value::Auto => Ok(Self::default()),
            Value::Func(func) => match func.element() {
                Some(elem) if elem == HEADING => Ok(Self::default()),
                Some(elem) if elem == FIGURE => {
                    Ok(Self { figures: Some(Selector::Elem(FIGURE, None)), ..Self::default() })
                }
                Some(elem) if !outlinable(elem) => {
                    crate::bail!(span, "cannot outline {}", elem.short_name())
                }
                Some(elem) => unsupported(elem.name()),
                None => unsupported("function results"),
            },
            Value::Selector(selector) => match &**selector {
                Selector::Elem(elem, None) if *elem == HEADING => Ok(Self::default()),
                Selector::Elem(elem, Some(fields)) if *elem == HEADING => {
                    match (fields.len(), fields.get("level")) {
                        (1, Some(Value::Int(level))) => {
                            let level = Some(usize::try_from(*level).unwrap_or(0));
                            Ok(Self { level, ..Self::default() })
                        }
                        _ => unsupported("headings selected by fields other than the level"),
                    }
                }
                Selector::Elem(elem, _) if *elem == FIGURE => {
                    Ok(Self { figures: Some((**selector).clone()), ..Self::default() })
                }
                Selector::Elem(elem, _) if !outlinable(*elem) => {
                    crate::bail!(span, "cannot outline {}", elem.short_name())
                }
                Selector::Elem(elem, _) => unsupported(elem.name()),
                _ => unsupported("this selector"),
            },
            other => unsupported(other.ty().long_name()),
        }
    }

    /// Whether the outline lists `entry`.
    fn admits(&self, entry: &Entry) -> bool {
        self.level.is_none_or(|level| entry.level == level)
    }
}

/// The entries of the figures that `selector` matches among the element records: those
/// outlined and numbered, each "supplement number" and caption, all at level 1.
fn figure_entries(records: &[Record], selector: &Selector) -> Vec<Entry> {
    let mut entries = Vec::new();
    for record in records {
        let TagInfo::Element(payload) = &record.info else { continue };
        let Some(figure) = payload.downcast::<Content>() else { continue };
        if !figure.is(FIGURE)
            || !selector.matches(figure)
            || matches!(figure.field("outlined"), Some(Value::Bool(false)))
        {
            continue;
        }
        let Some(location) = figure.location() else { continue };
        let numbered = records.iter().find_map(|r| match &r.info {
            TagInfo::Figure { supplement, numbers: Some(numbers) } if r.location == location => {
                Some((supplement.clone(), numbers.clone(), r.clone()))
            }
            _ => None,
        });
        let Some((supplement, numbers, place)) = numbered else { continue };
        let numbers = match supplement {
            Some(supplement) if !supplement.is_empty() => {
                ecow::eco_format!("{supplement}\u{a0}{numbers}")
            }
            _ => numbers,
        };
        let title = match figure.field("caption") {
            Some(Value::Content(caption)) => match caption.field("body") {
                Some(Value::Content(body)) => body.plain_text(),
                _ => caption.plain_text(),
            },
            _ => EcoString::new(),
        };
        entries.push(Entry { level: 1, numbers: Some(numbers), title, record: place });
    }
    entries
}

/// Whether Typst can outline elements of this kind (headings, figures, equations).
fn outlinable(elem: crate::model::Element) -> bool {
    matches!(elem.name(), "heading" | "figure" | "math.equation")
}

/// One outlined heading, as its record tells.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Entry {
    pub level: usize,
    pub numbers: Option<EcoString>,
    pub title: EcoString,
    pub record: Record,
}

impl Entry {
    /// The entry of an outlined heading's record.
    fn of(record: &Record) -> Option<Self> {
        match &record.info {
            TagInfo::Heading { level, numbers, title, outlined: true, .. } => Some(Self {
                level: *level,
                numbers: numbers.clone(),
                title: title.clone(),
                record: record.clone(),
            }),
            _ => None,
        }
    }

    /// The entry's block: indent, number padded to its level's widest, title, fill and
    /// page number, linked to the heading; wrapped lines hang at the title.
    fn realize(
        &self,
        indent: Rel,
        widths: &NumberWidths,
        leading: Length,
        fill: Option<&Content>,
        span: Span,
    ) -> Content {
        let mut pieces = Vec::with_capacity(6);
        if indent != Rel::default() {
            pieces.push(h(Value::Relative(indent), false));
        }
        let mut hang = indent.abs;
        if let Some(numbers) = &self.numbers {
            let widest = widths.widest(self.level);
            pieces.push(Content::text(numbers.clone()));
            let pad = GAP + (widest - estimate_width(numbers)).max(0.0);
            pieces.push(h(Value::Length(Length::em(Em::new(pad))), false));
            hang = hang + Length::em(Em::new(widest + GAP));
        }
        pieces.push(Content::text(self.title.clone()));
        match fill {
            // A word joiner keeps the page number on the line of the fill.
            Some(fill) => {
                pieces.push(Content::new(SPACE));
                pieces.push(leader(fill, span));
                pieces.push(Content::new(SPACE));
                pieces.push(Content::text("\u{2060}"));
            }
            // Without a fill, the page number goes to the end of the line (Typst's
            // `h(1fr)`), joined to it all the same.
            None => {
                pieces.push(h(Value::Fraction(Fr(1.0)), false));
                pieces.push(Content::text("\u{2060}"));
            }
        }
        pieces.push(Content::text(ecow::eco_format!("{}", self.record.page)));
        let line = link_to(&self.record, Content::sequence(pieces).spanned(span));
        let par = Content::new(PAR)
            .with_field("first-line-indent", Value::Length(Length::zero()))
            .with_field("hanging-indent", Value::Length(hang))
            .with_field("body", Value::Content(line));
        Content::new(BLOCK)
            .with_field("above", Value::Length(leading))
            .with_field("below", Value::Length(leading))
            .with_field("body", Value::Content(par))
            .spanned(span)
    }
}

/// The fill of an entry (`outline.entry.fill`, by default dots 0.15em apart), or `None`
/// when it is set to `none`.
fn entry_fill(styles: &Styles) -> Option<Content> {
    match StyleChain::new(styles).get(OUTLINE_ENTRY, "fill") {
        Some(Value::None) => None,
        Some(Value::Content(fill)) => Some(fill.clone()),
        _ => match OUTLINE_ENTRY.fields().iter().find(|f| f.name == "fill") {
            Some(field) => match (field.default)() {
                Value::Content(fill) => Some(fill),
                _ => None,
            },
            None => None,
        },
    }
}

/// An entry's leader: a box taking the rest of the line, holding the fill.
fn leader(fill: &Content, span: Span) -> Content {
    Content::new(BOX)
        .with_field("width", Value::Fraction(Fr(1.0)))
        .with_field("body", Value::Content(fill.clone().spanned(span)))
        .spanned(span)
}

/// Horizontal spacing of `amount`.
fn h(amount: Value, weak: bool) -> Content {
    Content::new(H).with_field("amount", amount).with_field("weak", Value::Bool(weak))
}

/// The estimated width (em) of the widest number at each level among the entries.
#[derive(Debug, Default, Clone, PartialEq)]
pub(super) struct NumberWidths(Vec<f64>);

impl NumberWidths {
    fn of(entries: &[Entry]) -> Self {
        let mut widths = Vec::new();
        for entry in entries {
            let Some(numbers) = &entry.numbers else { continue };
            if widths.len() < entry.level {
                widths.resize(entry.level, 0.0);
            }
            let width = &mut widths[entry.level - 1];
            *width = f64::max(*width, estimate_width(numbers));
        }
        Self(widths)
    }

    /// The widest number at `level` (0 where none is numbered).
    fn widest(&self, level: usize) -> f64 {
        level.checked_sub(1).and_then(|i| self.0.get(i)).copied().unwrap_or(0.0)
    }
}

/// How far entries of `level` are indented under the outline's `indent`.
fn indentation(
    engine: &mut Engine,
    indent: &Value,
    widths: &NumberWidths,
    level: usize,
    span: Span,
) -> SourceResult<Rel> {
    let nesting = level.saturating_sub(1);
    Ok(match indent {
        Value::Func(func) => {
            let args = Args::new(span, [Value::Int(nesting as i64)]);
            let value = func.call(engine, args)?;
            Rel::from_value(value).at(span)?
        }
        Value::Auto | Value::None => {
            // Each level above takes its widest number and the gap, or a fixed step
            // when none of its entries is numbered.
            let em: f64 = (1..level)
                .map(|l| {
                    let widest = widths.widest(l);
                    if widest > 0.0 { widest + GAP } else { UNNUMBERED_INDENT }
                })
                .sum();
            Rel::from(Length::em(Em::new(em)))
        }
        other => match Rel::from_value(other.clone()) {
            Ok(rel) => rel * nesting as f64,
            Err(_) => crate::bail!(
                span,
                "expected {}, found {}",
                expected(&[crate::model::Type::Auto, crate::model::Type::Relative]),
                other.ty().long_name()
            ),
        },
    })
}

/// The width of `text` in em, estimated from Libertinus Serif's advances (Typst's default
/// font): exact for its digits (all 0.465em) and the usual numbering punctuation, near for
/// letters.
pub(super) fn estimate_width(text: &str) -> f64 {
    text.chars()
        .map(|c| match c {
            '0'..='9' => 0.465,
            '.' | ',' | ':' | ';' => 0.22,
            '(' | ')' | '[' | ']' => 0.298,
            '-' | '–' => 0.338,
            ' ' => 0.25,
            'I' | 'J' => 0.297,
            'i' | 'j' | 'l' => 0.271,
            'm' | 'w' | 'M' | 'W' => 0.8,
            c if c.is_ascii_uppercase() => 0.68,
            c if c.is_ascii_lowercase() => 0.46,
            _ => 1.0,
        })
        .sum()
}

/// The title of an outline in `lang` (Typst 0.15's), English for languages without one
/// here.
pub(super) fn contents_title(lang: &str) -> &'static str {
    match lang {
        "de" => "Inhaltsverzeichnis",
        "fr" => "Table des matières",
        "es" => "Índice",
        "it" => "Indice",
        "pt" => "Sumário",
        "nl" => "Inhoudsopgave",
        "ru" => "Содержание",
        "zh" => "目录",
        "ja" => "目次",
        "pl" => "Spis treści",
        "sv" => "Innehåll",
        "da" => "Indhold",
        "nb" => "Innhold",
        "cs" => "Obsah",
        "fi" => "Sisällys",
        _ => "Contents",
    }
}

#[cfg(test)]
mod tests {
    use super::super::reference::testing::{Layout, TestWorld, dest};
    use super::*;
    use crate::base::{EmptyIntrospector, Introspector};
    use crate::model::{LINK, OUTLINE, REPEAT};

    /// Headings over four pages: numbered ones down to level 3, a two-digit one, an
    /// unnumbered appendix and a heading that is not outlined.
    fn layout() -> Layout {
        let mut layout = Layout::default()
            .heading(1, Some("1."), "Intro", (1, 100.0), None)
            .heading(2, Some("1.1."), "Setup", (2, 40.0), None)
            .heading(3, Some("1.1.1."), "Deep", (2, 80.0), None)
            .heading(1, Some("10."), "Ten", (3, 20.0), None);
        let hidden = TagInfo::Heading {
            level: 1,
            numbers: None,
            title: "Hidden".into(),
            outlined: false,
            bookmarked: false,
        };
        layout.push(hidden, 3, 60.0);
        layout.heading(1, None, "Appendix", (4, 30.0), None)
    }

    /// Realizes the first outline in `source` against `introspector`: one line for the
    /// title and one per entry (`dump_entry`), and the questions asked.
    fn realize_with(
        source: &str,
        introspector: &dyn Introspector,
    ) -> SourceResult<(Vec<String>, Vec<Introspection>)> {
        let world = TestWorld::new(source);
        let (elem, styles) = world.find(OUTLINE);
        let mut engine = Engine::with_introspector(&world, introspector);
        let content = outline(&mut engine, &elem, &styles)?;
        assert!(content.is(BLOCK));
        let Some(Value::Content(body)) = content.field("body") else { panic!("no body") };
        // A sequence of one child is that child.
        let lines = match body.is(crate::model::SEQUENCE) {
            true => body.children().map(dump).collect(),
            false => vec![dump(body)],
        };
        let reads = engine.reads.iter().map(|r| r.what.clone()).collect();
        Ok((lines, reads))
    }

    /// Compares the dump of the first outline in `source` after `layout()` with
    /// `expected` (lines trimmed).
    #[track_caller]
    fn check(source: &str, expected: &str) {
        let (lines, _) = realize_with(source, &layout()).expect("outline");
        let expected: Vec<&str> =
            expected.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        assert_eq!(lines.join("\n"), expected.join("\n"), "\nsource: {source}");
    }

    /// The first error of the first outline in `source`.
    #[track_caller]
    fn error(source: &str) -> String {
        match realize_with(source, &layout()) {
            Ok(ok) => panic!("expected an error, got {ok:?}"),
            Err(errors) => errors[0].message.to_string(),
        }
    }

    /// One child of an outline: `title[numbering outlined] Body` for the title heading,
    /// `hang=.. -> page/x/y: pieces` for an entry, pieces being text in quotes and
    /// spacing as `h(..)`.
    fn dump(child: &Content) -> String {
        if child.is(HEADING) {
            let field = |name: &str| format!("{:?}", child.field(name));
            return format!(
                "title[{} {}] {}",
                field("numbering"),
                field("outlined"),
                child.plain_text()
            );
        }
        assert!(child.is(BLOCK), "unexpected {child:?}");
        let Some(Value::Content(par)) = child.field("body") else { panic!("empty block") };
        let hang = match par.field("hanging-indent") {
            Some(Value::Length(l)) => length(*l),
            other => panic!("no hanging indent: {other:?}"),
        };
        let Some(Value::Content(link)) = par.field("body") else { panic!("empty par") };
        assert!(link.is(LINK));
        let Some(Value::Content(line)) = link.field("body") else { panic!("empty link") };
        // The word joiner before the page number is left out of the pictures.
        let pieces: Vec<String> =
            line.children().map(piece).filter(|p| *p != format!("{:?}", "\u{2060}")).collect();
        format!("hang={hang} -> {}: {}", dest(link).unwrap(), pieces.join(" "))
    }

    fn piece(content: &Content) -> String {
        if content.is(SPACE) {
            return "_".into();
        }
        if content.is(BOX) {
            let Some(Value::Content(dots)) = content.field("body") else { panic!("no fill") };
            assert!(dots.is(REPEAT));
            assert_eq!(content.field("width"), Some(&Value::Fraction(Fr(1.0))));
            assert_eq!(dots.field("gap"), Some(&Value::Length(Length::em(Em::new(0.15)))));
            return format!("fill[{}]", dots.plain_text());
        }
        if content.is(H) {
            return match content.field("amount") {
                Some(Value::Length(l)) => format!("h({})", length(*l)),
                Some(Value::Relative(r)) if r.rel.0 == 0.0 => format!("h({})", length(r.abs)),
                Some(Value::Fraction(Fr(fr))) => format!("h({fr}fr)"),
                other => format!("h({other:?})"),
            };
        }
        format!("{:?}", content.plain_text())
    }

    /// A length as `1.5em` or `3pt` (rounded to thousandths), `0` when zero.
    fn length(l: Length) -> String {
        let round = |v: f64| (v * 1000.0).round() / 1000.0;
        let (abs, em) = (round(l.abs.to_pt()), round(l.em.get()));
        match (abs == 0.0, em == 0.0) {
            (true, true) => "0".into(),
            (true, false) => format!("{em}em"),
            (false, true) => format!("{abs}pt"),
            (false, false) => format!("{abs}pt+{em}em"),
        }
    }

    #[test]
    fn entries_pad_numbers_per_level_and_indent_by_the_levels_above() {
        // Level 1's widest number is "10." (1.15em), level 2's "1.1." (1.37em).
        check(
            "#outline()",
            r#"title[Some(None) Some(Bool(false))] Contents
            hang=1.65em -> 1/10/100: "1." h(0.965em) "Intro" _ fill[.] _ "1"
            hang=3.52em -> 2/10/40: h(1.65em) "1.1." h(0.5em) "Setup" _ fill[.] _ "2"
            hang=6.075em -> 2/10/80: h(3.52em) "1.1.1." h(0.5em) "Deep" _ fill[.] _ "2"
            hang=1.65em -> 3/10/20: "10." h(0.5em) "Ten" _ fill[.] _ "3"
            hang=0 -> 4/10/30: "Appendix" _ fill[.] _ "4""#,
        );
    }

    #[test]
    fn depth_and_level_selectors_limit_the_entries() {
        check(
            "#outline(title: none, depth: 1)",
            r#"hang=1.65em -> 1/10/100: "1." h(0.965em) "Intro" _ fill[.] _ "1"
            hang=1.65em -> 3/10/20: "10." h(0.5em) "Ten" _ fill[.] _ "3"
            hang=0 -> 4/10/30: "Appendix" _ fill[.] _ "4""#,
        );
        // Level 1 has no entries here, so it indents by the fixed step, as in Typst.
        check(
            "#outline(title: none, target: heading.where(level: 2))",
            r#"hang=3.07em -> 2/10/40: h(1.2em) "1.1." h(0.5em) "Setup" _ fill[.] _ "2""#,
        );
    }

    #[test]
    fn fixed_and_computed_indents() {
        check(
            "#outline(title: none, indent: 2em, depth: 2)",
            r#"hang=1.65em -> 1/10/100: "1." h(0.965em) "Intro" _ fill[.] _ "1"
            hang=3.87em -> 2/10/40: h(2em) "1.1." h(0.5em) "Setup" _ fill[.] _ "2"
            hang=1.65em -> 3/10/20: "10." h(0.5em) "Ten" _ fill[.] _ "3"
            hang=0 -> 4/10/30: "Appendix" _ fill[.] _ "4""#,
        );
        let (lines, _) =
            realize_with("#outline(title: none, indent: n => n * 3pt)", &layout()).unwrap();
        assert!(lines[2].starts_with("hang=6pt+2.555em -> 2/10/80: h(6pt) \"1.1.1.\""));
        assert_eq!(error("#outline(indent: n => [x])"), "expected relative length, found content");
    }

    #[test]
    fn levels_without_numbers_indent_by_a_fixed_step() {
        let layout = Layout::default()
            .heading(1, None, "One", (1, 10.0), None)
            .heading(2, None, "Two", (1, 20.0), None)
            .heading(3, None, "Three", (1, 30.0), None);
        let (lines, _) = realize_with("#outline(title: none)", &layout).unwrap();
        assert_eq!(
            lines,
            vec![
                r#"hang=0 -> 1/10/10: "One" _ fill[.] _ "1""#,
                r#"hang=1.2em -> 1/10/20: h(1.2em) "Two" _ fill[.] _ "1""#,
                r#"hang=2.4em -> 1/10/30: h(2.4em) "Three" _ fill[.] _ "1""#,
            ]
        );
    }

    #[test]
    fn titles_follow_the_language_or_are_given() {
        let title = |source: &str| realize_with(source, &layout()).unwrap().0.remove(0);
        let heading = "title[Some(None) Some(Bool(false))]";
        assert_eq!(
            title("#set text(lang: \"de\")\n#outline()"),
            format!("{heading} Inhaltsverzeichnis")
        );
        assert_eq!(title("#outline(title: [Overview])"), format!("{heading} Overview"));
    }

    #[test]
    fn the_first_iteration_has_no_entries_and_reads_the_headings() {
        let (lines, reads) = realize_with("#outline()", &EmptyIntrospector).unwrap();
        assert_eq!(lines, vec!["title[Some(None) Some(Bool(false))] Contents"]);
        assert_eq!(reads, vec![Introspection::Headings]);
    }

    #[test]
    fn other_targets_are_errors() {
        let hint = "outlines of math.equation are not supported yet";
        assert_eq!(error("#outline(target: math.equation)"), hint);
        assert_eq!(
            error("#outline(target: heading.where(outlined: true))"),
            "outlines of headings selected by fields other than the level are not supported yet"
        );
    }

    #[test]
    fn number_widths_match_libertinus_serif() {
        // Typst 0.15 measures "10." at 1.15em and "2.1." at 1.37em in Libertinus Serif.
        assert!((estimate_width("10.") - 1.15).abs() < 1e-9);
        assert!((estimate_width("2.1.") - 1.37).abs() < 1e-9);
    }
}
