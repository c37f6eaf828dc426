//! End-to-end tests of realization: Typst source → evaluated → realized, written out as a
//! compact dump and compared (through `check`), plus a few direct looks at the styles of
//! the items.
//!
//! The dump writes one line per flow item: `par "text" "more text"` (text pieces in
//! quotes, `|` a line break, `h` spacing, `box(elem)` a box, `#tag` a tag), `block(elem)`,
//! `v`, `colbreak`, `tag heading 1 [1.2] Title` / `tag context` / `tag label name`; page
//! runs start with `run N` (and `odd`/`even` for their parity).

use ecow::EcoString;

use super::{FlowItem, InlinePiece, PageRun, Parity, realize_document, realize_flow};
use crate::base::{
    Abs, EmptyIntrospector, Introspector, Location, Locator, Point, Record, SourceResult, Tag,
    TagInfo,
};
use crate::doc::DocumentInfo;
use crate::eval::{Engine, MemoryWorld};
use crate::model::{Content, StyleChain, Styles, TEXT, Value};

/// Evaluates `source` and realizes it as a document: the runs and the metadata.
pub(super) fn realize(source: &str) -> SourceResult<(Vec<PageRun>, DocumentInfo)> {
    // A first iteration: errors that wait for a layout are not errors yet.
    let (mut runs, info) = realize_with(source, &EmptyIntrospector, false)?;
    runs.iter_mut().for_each(|run| strip_elements(&mut run.items));
    Ok((runs, info))
}

/// The text of the paragraphs `source` realizes to, one string per paragraph.
pub(super) fn paragraph_texts(source: &str) -> Vec<String> {
    let (runs, _) = realize(source).expect("realization");
    let mut out = Vec::new();
    for item in runs.iter().flat_map(|run| &run.items) {
        if let FlowItem::Par(par) = item {
            let text = par.items.iter().map(|piece| match piece {
                InlinePiece::Text { text, .. } => text.as_str(),
                _ => "",
            });
            out.push(text.collect());
        }
    }
    out
}

/// Drops the element tags (for queries) from `items`: they stand next to the heading,
/// figure and label tags that the other tests look at, and `element_tags` checks them.
fn strip_elements(items: &mut Vec<FlowItem>) {
    let element = |tag: &Tag| matches!(tag.info, TagInfo::Element(_));
    items.retain(|item| !matches!(item, FlowItem::Tag(tag) if element(tag)));
    for item in items {
        if let FlowItem::Par(par) = item {
            par.items.retain(|piece| !matches!(piece, InlinePiece::Tag(tag) if element(tag)));
        }
    }
}

/// Like `realize`, with what a previous layout found, as the last iteration: delayed
/// errors count.
fn realize_after(
    source: &str,
    introspector: &dyn Introspector,
) -> SourceResult<(Vec<PageRun>, DocumentInfo)> {
    let (mut runs, info) = realize_with(source, introspector, true)?;
    runs.iter_mut().for_each(|run| strip_elements(&mut run.items));
    Ok((runs, info))
}

/// Realizes `source` against `introspector`; with `last`, delayed errors are errors.
fn realize_with(
    source: &str,
    introspector: &dyn Introspector,
    last: bool,
) -> SourceResult<(Vec<PageRun>, DocumentInfo)> {
    let world = MemoryWorld::new(source);
    let module = crate::eval::eval(&world, world.main_source())?;
    let mut engine = Engine::with_introspector(&world, introspector);
    let mut runs = Vec::new();
    let info = realize_document(
        &mut engine,
        module.content(),
        &Styles::new(),
        Locator::root(),
        &mut |run| runs.push(run),
    )?;
    if last && !engine.delayed.is_empty() {
        return Err(engine.delayed);
    }
    Ok((runs, info))
}

/// Realizes `source` and compares the dump of its runs with `expected` (lines trimmed).
#[track_caller]
fn check(source: &str, expected: &str) {
    let (runs, _) = realize(source).unwrap_or_else(|e| panic!("realization failed: {e:?}"));
    let got = dump(&runs);
    let expected: Vec<&str> = expected.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    assert_eq!(got, expected.join("\n"), "\nsource: {source}");
}

/// Realizes `source` and gives the first error's message.
#[track_caller]
fn error(source: &str) -> EcoString {
    // Errors of show rules are delayed, as in Typst: they count in the last iteration.
    match realize_after(source, &EmptyIntrospector) {
        Ok(_) => panic!("expected an error for {source}"),
        Err(errors) => errors[0].message.clone(),
    }
}

/// Realizes `source`, then the body of its first block, and gives the first error.
#[track_caller]
fn nested_error(source: &str) -> EcoString {
    let (runs, _) = realize(source).expect("realization");
    match try_nested(&runs[0].items[0]) {
        Ok(_) => panic!("expected an error inside the block of {source}"),
        Err(errors) => errors[0].message.clone(),
    }
}

fn dump(runs: &[PageRun]) -> String {
    let mut lines = Vec::new();
    for run in runs {
        let parity = match run.parity {
            Some(Parity::Odd) => " odd",
            Some(Parity::Even) => " even",
            None => "",
        };
        lines.push(format!("run {}{parity}", run.index));
        dump_items(&run.items, &mut lines);
    }
    lines.join("\n")
}

fn dump_items(items: &[FlowItem], lines: &mut Vec<String>) {
    for item in items {
        lines.push(match item {
            FlowItem::Par(par) => {
                let pieces: Vec<String> = par
                    .items
                    .iter()
                    .map(|p| match p {
                        InlinePiece::Text { text, .. } => format!("{text:?}"),
                        InlinePiece::Spacing { .. } => "h".into(),
                        InlinePiece::Linebreak { .. } => "|".into(),
                        InlinePiece::Box { content, .. } => {
                            format!("box({})", content.elem().name())
                        }
                        InlinePiece::Tag(_) => "#tag".into(),
                    })
                    .collect();
                format!("par {}", pieces.join(" "))
            }
            FlowItem::Spacing { .. } => "v".into(),
            FlowItem::Block { content, .. } => format!("block({})", content.elem().name()),
            FlowItem::Colbreak { .. } => "colbreak".into(),
            FlowItem::Tag(tag) => dump_tag(tag),
        });
    }
}

fn dump_tag(tag: &Tag) -> String {
    match &tag.info {
        TagInfo::Heading { level, numbers, title, .. } => {
            let numbers = numbers.as_ref().map(|n| format!(" [{n}]")).unwrap_or_default();
            format!("tag heading {level}{numbers} {title}")
        }
        TagInfo::Figure { supplement, numbers } => {
            let numbers = numbers.as_ref().map(|n| format!(" [{n}]")).unwrap_or_default();
            format!("tag figure {}{numbers}", supplement.as_deref().unwrap_or("-"))
        }
        TagInfo::Context => "tag context".into(),
        TagInfo::Labelled { label } => format!("tag label {label}"),
        TagInfo::Element(payload) => match payload.downcast::<Content>() {
            Some(elem) => {
                let label = elem.label().map(|l| format!(" <{}>", l.0)).unwrap_or_default();
                let text = match elem.field("body") {
                    Some(Value::Content(body)) => body.plain_text(),
                    _ => elem.plain_text(),
                };
                format!("tag element {} {text}{label}", elem.elem().name())
            }
            None => "tag element ?".into(),
        },
    }
}

/// The tags of `source`'s first run (those in paragraphs too), element tags included.
fn all_tags(source: &str) -> Vec<Tag> {
    let (runs, _) = realize_with(source, &EmptyIntrospector, false).expect("realization");
    let mut tags = Vec::new();
    for item in &runs[0].items {
        match item {
            FlowItem::Tag(tag) => tags.push(tag.clone()),
            FlowItem::Par(par) => tags.extend(par.items.iter().filter_map(|p| match p {
                InlinePiece::Tag(tag) => Some(tag.clone()),
                _ => None,
            })),
            _ => {}
        }
    }
    tags
}

/// The flow items of a block's body, realized as layout would.
fn nested(item: &FlowItem) -> Vec<FlowItem> {
    try_nested(item).expect("nested realization")
}

/// Like `nested`, keeping the errors.
fn try_nested(item: &FlowItem) -> SourceResult<Vec<FlowItem>> {
    let FlowItem::Block { content, styles, locator } = item else {
        panic!("expected a block, found {item:?}")
    };
    let world = MemoryWorld::new("");
    let mut engine = Engine::new(&world);
    let Some(Value::Content(body)) = content.field("body") else { panic!("block without body") };
    let mut items = realize_flow(&mut engine, body, styles, *locator)?;
    strip_elements(&mut items);
    Ok(items)
}

#[test]
fn paragraphs_split_at_parbreaks() {
    check(
        "Hello  world\n\n  Second *par*",
        r#"run 0
        par "Hello world"
        par "Second " "par""#,
    );
    check("", "run 0");
    check("   ", "run 0");
}

#[test]
fn set_page_in_the_middle_starts_a_run() {
    check(
        "a\n#set page(fill: red)\nb",
        r#"run 0
        par "a"
        run 1
        par "b""#,
    );
    check("#set page(fill: red)\na", "run 0\npar \"a\"");
    check("a #set page(fill: red)", "run 0\npar \"a\"");
}

#[test]
fn pagebreaks_end_runs() {
    check("a #pagebreak() b", "run 0\npar \"a\"\nrun 1\npar \"b\"");
    check("a #pagebreak()", "run 0\npar \"a\"\nrun 1");
    check("#pagebreak(weak: true) a", "run 0\npar \"a\"");
    check("a #pagebreak(to: \"odd\") b", "run 0\npar \"a\"\nrun 1 odd\npar \"b\"");
    check("a #pagebreak() #set page(fill: red)\nb", "run 0\npar \"a\"\nrun 1\npar \"b\"");
    assert_eq!(
        nested_error("#block[#pagebreak()]"),
        "pagebreaks are not allowed inside of containers"
    );
}

#[test]
fn headings_are_numbered_in_document_order() {
    check(
        "#set heading(numbering: \"1.1\")\n= A\n== B\n== C\n= D",
        "run 0
        tag heading 1 [1] A
        block(block)
        tag heading 2 [1.1] B
        block(block)
        tag heading 2 [1.2] C
        block(block)
        tag heading 1 [2] D
        block(block)",
    );
}

#[test]
fn heading_blocks_hold_number_and_body() {
    let (runs, _) = realize("#set heading(numbering: \"1.\")\n= Intro").unwrap();
    let inner = nested(&runs[0].items[1]);
    let FlowItem::Par(par) = &inner[0] else { panic!("expected a paragraph") };
    let texts: Vec<_> = par
        .items
        .iter()
        .map(|p| match p {
            InlinePiece::Text { text, .. } => text.as_str(),
            InlinePiece::Spacing { .. } => "h",
            _ => "?",
        })
        .collect();
    assert_eq!(texts, ["1.", "h", "Intro"]);
    let InlinePiece::Text { styles, .. } = &par.items[0] else { unreachable!() };
    assert_eq!(StyleChain::new(styles).get(TEXT, "weight"), Some(&Value::str("bold")));
}

#[test]
fn show_set_styles_the_heading() {
    let (runs, _) = realize("#show heading: set text(fill: red)\n= A").unwrap();
    let FlowItem::Block { styles, .. } = &runs[0].items[1] else { panic!() };
    let fill = StyleChain::new(styles).get(TEXT, "fill").cloned();
    assert_eq!(fill, Some(Value::Color(crate::model::Color::named("red").unwrap())));
}

#[test]
fn show_rule_returning_its_input_does_not_loop() {
    check("#show heading: it => it\n= A", "run 0\ntag heading 1 A\nblock(block)");
    check(
        "#show heading: it => [(#it)]\n= A",
        r#"run 0
        tag heading 1 A
        par "("
        block(block)
        par ")""#,
    );
    check("#show heading: it => block(it)\n= A", "run 0\ntag heading 1 A\nblock(block)");
}

#[test]
fn show_rule_on_own_output_twice_inside_a_block() {
    // The heading inside the block is realized later by layout: it must neither count
    // again nor go through the rule again.
    let (runs, _) =
        realize("#set heading(numbering: \"1\")\n#show heading: it => block(it)\n= A\n= B")
            .unwrap();
    let inner = nested(&runs[0].items[1]);
    assert_eq!(inner.len(), 1);
    let inner = nested(&inner[0]);
    let FlowItem::Par(par) = &inner[0] else { panic!() };
    assert!(matches!(&par.items[0], InlinePiece::Text { text, .. } if text == "1"));
    assert_eq!(
        dump_tag(match &runs[0].items[2] {
            FlowItem::Tag(t) => t,
            _ => panic!(),
        }),
        "tag heading 1 [2] B"
    );
}

#[test]
fn show_rules_replace_and_call() {
    check("#show heading: [X]\n= A", "run 0\npar #tag \"X\"");
    check(
        "#show strong: it => [<#it.body>]\na *b* c",
        r#"run 0
        par "a " "<b>" " c""#,
    );
    check("#show <x>: it => [Y]\na #[b]<x> c", "run 0\npar \"a \" #tag \"Y\" \" c\"");
    check(
        "#show heading.where(level: 2): [two]\n= A\n== B",
        r#"run 0
        tag heading 1 A
        block(block)
        par #tag "two""#,
    );
}

#[test]
fn show_rule_errors_have_spans() {
    assert_eq!(
        error("#show heading: it => heading(it.body + [x])\n= A"),
        "maximum show rule depth exceeded"
    );
    let message = error("#show heading: it => 1 + \"a\"\n= A");
    assert!(message.contains("cannot add"), "{message}");
}

#[test]
fn list_items_gather_into_lists() {
    check(
        "- a\n- b\n\n- c\n\nText\n+ x\n+ y",
        r#"run 0
        block(list)
        par "Text"
        v
        block(enum)"#,
    );
    check(
        "= H\n- a",
        r#"run 0
        tag heading 1 H
        block(block)
        block(list)"#,
    );
    let (runs, _) = realize("- a\n- b\n\n- c\n\nText\n+ x\n+ y").unwrap();
    let FlowItem::Block { content, .. } = &runs[0].items[0] else { panic!() };
    assert_eq!(content.field("tight"), Some(&Value::Bool(false)));
    let Some(Value::Array(children)) = content.field("children") else { panic!() };
    assert_eq!(children.len(), 3);
    let FlowItem::Block { content, .. } = &runs[0].items[3] else { panic!() };
    assert_eq!(content.field("tight"), Some(&Value::Bool(true)));
}

#[test]
fn smart_quotes_follow_the_language() {
    check("\"a\" 'b' it's", "run 0\npar \"“a” ‘b’ it’s\"");
    check("#set text(lang: \"de\")\n\"a\"", "run 0\npar \"„a“\"");
}

#[test]
fn strong_emph_and_raw_style_their_text() {
    let (runs, _) = realize("*a* _b_ `c`").unwrap();
    let FlowItem::Par(par) = &runs[0].items[0] else { panic!() };
    let styles = |i: usize| match &par.items[i] {
        InlinePiece::Text { styles, .. } => StyleChain::new(styles),
        _ => panic!(),
    };
    assert_eq!(styles(0).get(TEXT, "delta"), Some(&Value::Int(300)));
    assert_eq!(styles(2).get(TEXT, "emph"), Some(&Value::Bool(true)));
    assert_eq!(styles(4).get(TEXT, "font"), Some(&Value::str("DejaVu Sans Mono")));
}

#[test]
fn raw_blocks_are_blocks_of_lines() {
    let (runs, _) = realize("```\nfn a() {}\n  b\n```").unwrap();
    let inner = nested(&runs[0].items[0]);
    let mut lines = Vec::new();
    dump_items(&inner, &mut lines);
    assert_eq!(lines, [r#"par "fn a() {}" | "  b""#]);
}

#[test]
fn links_mark_their_text() {
    let (runs, _) = realize("see https://typst.app now").unwrap();
    let FlowItem::Par(par) = &runs[0].items[0] else { panic!() };
    let links: Vec<_> = par
        .items
        .iter()
        .map(|p| match p {
            InlinePiece::Text { text, link, .. } => (text.as_str(), link.is_some()),
            _ => ("?", false),
        })
        .collect();
    assert_eq!(links, [("see ", false), ("https://typst.app", true), (" now", false)]);
}

#[test]
fn context_is_evaluated_and_tagged() {
    check("a #context [b] c", "run 0\npar \"a \" #tag \"b c\"");
    check("#context [= X]", "run 0\ntag context\ntag heading 1 X\nblock(block)");
}

#[test]
fn block_level_elements_end_paragraphs() {
    check(
        "a #block[b] c #box[d] e #align(center)[f] g",
        r#"run 0
        par "a"
        block(block)
        par "c " box(box) " e"
        par "f"
        par "g""#,
    );
    check("a #v(1em) b", "run 0\npar \"a\"\nv\npar \"b\"");
}

#[test]
fn align_styles_its_paragraphs() {
    let (runs, _) = realize("#align(center)[x]").unwrap();
    let FlowItem::Par(par) = &runs[0].items[0] else { panic!() };
    let align = StyleChain::new(&par.styles).get(crate::model::ALIGN_ELEM, "alignment").cloned();
    assert!(
        matches!(align, Some(Value::Alignment(a)) if a.x == Some(crate::model::HAlign::Center))
    );
}

#[test]
fn labels_leave_tags() {
    check("= A <a>", "run 0\ntag heading 1 A\ntag label a\nblock(block)");
}

#[test]
fn figures_are_counted_per_kind() {
    check("#figure([x], caption: [c])", "run 0\ntag figure Figure [1]\nblock(block)");
    let (runs, _) = realize("#figure(table[x], caption: [t])\n#figure([x], caption: [c])").unwrap();
    let text = |i: usize| {
        let inner = nested(&runs[0].items[i]);
        let mut lines = Vec::new();
        dump_items(&inner, &mut lines);
        lines.join("\n")
    };
    // Each figure is preceded by its tag.
    assert_eq!(text(1), "block(table)\nv\npar \"Table\\u{a0}1: t\"");
    assert_eq!(text(3), "par \"x\"\nv\npar \"Figure\\u{a0}1: c\"");
}

#[test]
fn figures_centre_their_block() {
    let (runs, _) = realize("#figure([x], caption: [c])").unwrap();
    let FlowItem::Block { styles, .. } = &runs[0].items[1] else { panic!() };
    let align = StyleChain::new(styles).get(crate::model::ALIGN_ELEM, "alignment").cloned();
    assert!(
        matches!(align, Some(Value::Alignment(a)) if a.x == Some(crate::model::HAlign::Center))
    );
}

#[test]
fn document_metadata_is_collected() {
    let (_, info) =
        realize("#set document(title: [My *Book*], author: (\"A\", \"B\"), keywords: \"k\")\nx")
            .unwrap();
    assert_eq!(info.title.as_deref(), Some("My Book"));
    assert_eq!(info.author, ["A", "B"]);
    assert_eq!(info.keywords, ["k"]);
    assert_eq!(
        nested_error("#block[#set document(title: [x])\na]"),
        "document set rules are not allowed inside of containers"
    );
}

#[test]
fn document_date_is_auto_none_or_set() {
    use crate::doc::{DocumentDate, Timestamp};
    let date = |src: &str| realize(src).unwrap().1.date;
    assert_eq!(date("x"), DocumentDate::Auto);
    assert_eq!(date("#set document(date: none)\nx"), DocumentDate::None);
    assert_eq!(
        date("#set document(date: datetime(year: 2024, month: 5, day: 17))\nx"),
        DocumentDate::Set(Timestamp {
            year: 2024,
            month: 5,
            day: 17,
            hour: 0,
            minute: 0,
            second: 0
        })
    );
}

#[test]
fn locations_depend_on_the_place_only() {
    let tags = |source: &str| -> Vec<Tag> {
        let (runs, _) = realize(source).unwrap();
        runs.iter()
            .flat_map(|r| r.items.iter())
            .filter_map(|i| match i {
                FlowItem::Tag(t) => Some(t.clone()),
                _ => None,
            })
            .collect()
    };
    let a = tags("= A\n= B");
    let b = tags("= A\n= B");
    assert_eq!(a, b);
    assert_ne!(a[0].location, a[1].location);
}

/// A previous layout that put every top-level tag of `runs` on page 1, each run's tags
/// one point lower than the run before (tags in a row share their place).
struct Layout(Vec<Record>);

impl Layout {
    fn of(runs: &[PageRun]) -> Self {
        let mut records = Vec::new();
        let mut y = 0.0;
        for run in runs {
            for item in &run.items {
                match item {
                    FlowItem::Tag(tag) => records.push(Record {
                        location: tag.location,
                        page: 1,
                        position: Point::new(Abs::zero(), Abs::pt(y)),
                        info: tag.info.clone(),
                    }),
                    _ => y += 1.0,
                }
            }
        }
        Self(records)
    }
}

impl Introspector for Layout {
    fn pages(&self) -> usize {
        1
    }

    fn record(&self, location: Location) -> Option<&Record> {
        self.0.iter().find(|r| r.location == location)
    }

    fn records(&self) -> &[Record] {
        &self.0
    }

    fn label(&self, label: &str) -> Option<&Record> {
        self.0.iter().find(|r| matches!(&r.info, TagInfo::Labelled { label: l } if l == label))
    }
}

#[test]
fn references_name_numbered_headings() {
    let source = "#set heading(numbering: \"1.\")\n= A\n= B <b>\nSee @b.";
    let (runs, _) = realize(source).unwrap();
    // The reference's element tag (stripped here) stands after the space that leads up
    // to it, as in Typst.
    assert_eq!(dump(&runs).lines().last(), Some(r#"par "See " "??.""#));
    let layout = Layout::of(&runs);
    let (runs, _) = realize_after(source, &layout).unwrap();
    let FlowItem::Par(par) = runs[0].items.last().unwrap() else { panic!() };
    let pieces: Vec<_> = par
        .items
        .iter()
        .map(|p| match p {
            InlinePiece::Text { text, link, .. } => (text.as_str(), link.is_some()),
            _ => ("?", false),
        })
        .collect();
    assert_eq!(pieces, [("See ", false), ("Section\u{A0}2", true), (".", false)]);
    let message = realize_after("@nope", &layout).unwrap_err()[0].message.clone();
    assert_eq!(message, "label `<nope>` does not exist in the document");
}

#[test]
fn unnumbered_headings_do_not_count() {
    check(
        "= A\n#set heading(numbering: \"1\")\n= B\n#heading(numbering: none)[C]\n= D",
        "run 0
        tag heading 1 A
        block(block)
        tag heading 1 [1] B
        block(block)
        tag heading 1 C
        block(block)
        tag heading 1 [2] D
        block(block)",
    );
}

#[test]
fn text_show_rules_replace_occurrences() {
    check(
        "#show \"LaTeX\": [TeX]\nI like LaTeX, LaTeX!",
        r#"run 0
        par "I like " "TeX" ", " "TeX" "!""#,
    );
    check(
        "#show \"b\": it => [<#it>]\nabc",
        r#"run 0
        par "a" "<b>" "c""#,
    );
    let (runs, _) = realize("#show \"b\": set text(fill: red)\nabc").unwrap();
    let FlowItem::Par(par) = &runs[0].items[0] else { panic!() };
    let InlinePiece::Text { text, styles, .. } = &par.items[1] else { panic!() };
    assert_eq!(text, "b");
    assert!(StyleChain::new(styles).get(TEXT, "fill").is_some());
}

#[test]
fn headings_in_nested_content_keep_the_count() {
    let source = "#set heading(numbering: \"1\")\n= A\n#block[= B]\n= C";
    let (runs, _) = realize(source).unwrap();
    assert_eq!(
        dump_tag(match &runs[0].items[3] {
            FlowItem::Tag(t) => t,
            _ => panic!(),
        }),
        "tag heading 1 [3] C"
    );
    let inner = nested(&runs[0].items[2]);
    assert_eq!(
        dump_tag(match &inner[0] {
            FlowItem::Tag(t) => t,
            _ => panic!(),
        }),
        "tag heading 1 [2] B"
    );
}

#[test]
fn decorations_and_scripts_style_their_text() {
    let (runs, _) = realize("#underline(stroke: red)[a] #super[b]").unwrap();
    let FlowItem::Par(par) = &runs[0].items[0] else { panic!() };
    let InlinePiece::Text { styles, .. } = &par.items[0] else { panic!() };
    let decos: Vec<_> = super::decorations(styles).collect();
    assert_eq!(decos.len(), 1);
    assert!(decos[0].is(crate::model::UNDERLINE));
    assert!(matches!(decos[0].field("offset"), Some(Value::Auto)));
    let InlinePiece::Text { text, styles, .. } = &par.items[2] else { panic!() };
    assert_eq!(text, "b");
    // A script is marked like a decoration and keeps the text size (shaping scales it).
    let scripts: Vec<_> = super::decorations(styles).collect();
    assert_eq!(scripts.len(), 1);
    assert!(scripts[0].is(crate::model::SUPER));
    assert_eq!(StyleChain::new(styles).get(TEXT, "size"), None);
}

#[test]
fn quotes_are_quoted_or_padded() {
    check(
        "#quote[a b]",
        r#"run 0
        par "“a b”""#,
    );
    check("#quote(block: true, attribution: [X])[a]", "run 0\nblock(pad)");
}

#[test]
fn weak_spacing_swallows_spaces() {
    check(
        "a #h(1em, weak: true) b #h(1em) c",
        r#"run 0
        par "a" h "b " h " c""#,
    );
}

#[test]
fn located_elements_leave_element_tags_for_queries() {
    let tags = all_tags("= A <a>\n#figure([x], caption: [c])\n#[b] <l> *c* <s>\n#[d]");
    let dumped: Vec<String> = tags.iter().map(dump_tag).collect();
    assert_eq!(
        dumped,
        [
            "tag heading 1 A",
            "tag label a",
            "tag element heading A <a>",
            "tag figure Figure [1]",
            "tag element figure x",
            "tag label l",
            "tag element text b <l>",
            "tag label s",
            "tag element strong c <s>",
        ]
    );
    // The element carries the location of its own tag (as `it.location()` gives it),
    // while the element tag has a location of its own.
    let located = |i: usize| match &tags[i].info {
        TagInfo::Element(payload) => payload.downcast::<Content>().and_then(|c| c.location()),
        _ => None,
    };
    assert_eq!(located(2), Some(tags[0].location));
    assert_eq!(located(4), Some(tags[3].location));
    assert_eq!(located(6), Some(tags[5].location));
    assert_ne!(tags[2].location, tags[0].location);
}

#[test]
fn element_tags_change_with_the_element() {
    let payload = |source: &str| {
        all_tags(source).into_iter().find(|t| matches!(t.info, TagInfo::Element(_))).unwrap()
    };
    assert_eq!(payload("= A"), payload("= A"));
    assert_ne!(payload("= A"), payload("= B"));
    assert_ne!(payload("= A"), payload("== A"));
    assert_ne!(payload("= A"), payload("#set heading(numbering: \"1\")\n= A"));
}

#[test]
fn inline_locatable_elements_are_tagged_at_their_own_location() {
    let tags = all_tags("a *b* _c_ d");
    let dumped: Vec<String> = tags.iter().map(dump_tag).collect();
    assert_eq!(dumped, ["tag element strong b", "tag element emph c"]);
    for tag in &tags {
        let TagInfo::Element(payload) = &tag.info else { panic!() };
        let elem = payload.downcast::<Content>().unwrap();
        assert_eq!(elem.location(), Some(tag.location));
    }
    // A show rule sees the same location.
    let shown = all_tags("#show strong: it => it\n*b*");
    assert_eq!(shown.iter().map(dump_tag).collect::<Vec<_>>(), ["tag element strong b"]);
}

#[test]
fn text_rules_match_across_sibling_texts() {
    // `#[b]` and the smart quote are siblings of the texts around them; the rules see
    // one text.
    check("#show \"ab\": [X]\na#[b]c", "run 0\npar \"X\" \"c\"");
    check("#show \"n't\": [X]\ndon't", "run 0\npar \"do\" \"X\"");
    check("#show regex(\"a.c\"): [X]\n1a#[b]c2a#[b]c3", "run 0\npar \"1\" \"X\" \"2\" \"X\" \"3\"");
    // A match inside one sibling is that sibling's, as before.
    check("#show \"ab\": [X]\nab#[c]", "run 0\npar \"X\" \"c\"");
    // Without a match across siblings, smart quotes stay smart.
    check("#show \"xy\": [X]\ndon't", "run 0\npar \"don\u{2019}t\"");
    // The rule sees the joined text (a smart quote as its plain quote).
    let (runs, _) = realize("#show \"n't\": it => it.text.len()\ndon't").unwrap();
    assert_eq!(dump(&runs), "run 0\npar \"do\" \"3\"");
    // Styled siblings are not joined.
    check("#show \"ab\": [X]\n#text(red)[a]b", "run 0\npar \"a\" \"b\"");
}
