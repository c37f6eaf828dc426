//! References: a `ref` element (`@label`) and the previous layout's records → the content
//! it shows, linked to the target's place: "Section 2.1" for a numbered heading (the
//! supplement, a no-break space, the number without its pattern's prefix and suffix), or
//! "page 3" for `form: "page"`.
//!
//! Before the first layout nothing is known: a reference shows a placeholder and asks for
//! the page count, which makes the next iteration run. A label still missing once a layout
//! exists is Typst's "does not exist" error; one on several elements, its "occurs multiple
//! times" error.
//!
//! The records do not tell yet which element carries a label unless it is a heading (its
//! record sits at the very place of the label's) or a numbered figure or block equation
//! (likewise), or an element that queries find (a footnote, an equation: "Equation 1",
//! or Typst's error for one without numbering), so a reference to any other element
//! (a paragraph) shows its supplement or else the label's name. The words
//! ("Section") are those of the language at the reference; Typst takes the target's.

use ecow::{EcoString, eco_format};

use super::builtin::get;
use crate::base::{Introspection, Record, SourceResult, Span, TagInfo, target_record};
use crate::eval::{Engine, Here};
use crate::model::{
    Args, CITE, Content, Counter, CounterKey, Dict, EQUATION, FIGURE, FOOTNOTE, HEADING, LINK,
    Length, PAGE, Selector, Str, StyleChain, Styles, TEXT, Value,
};

/// What a reference shows while the document has not been laid out yet.
pub(super) const PLACEHOLDER: &str = "??";

/// Realizes a `ref` element: its text, linked to the target when the target's place is
/// known.
pub(super) fn reference(
    engine: &mut Engine,
    elem: &Content,
    styles: &Styles,
) -> SourceResult<Content> {
    let Some(Value::Label(label)) = elem.field("target") else { return Ok(Content::empty()) };
    let span = elem.span();
    let label = label.0.as_str();
    let Some(labelled) = find(engine, label, span)? else {
        return Ok(Content::text(PLACEHOLDER).spanned(span));
    };
    let mut target = target_of(engine, &labelled, label, span);
    if matches!(target, Target::Figure { .. } | Target::Other)
        && let Some(equation) = equation_at(engine, &labelled, label, span)
    {
        target = equation_target(engine, &equation, target, labelled.location, styles, span)?;
    }
    if target == Target::Other
        && let Some(note) = footnote_at(engine, &labelled, label, span)
    {
        // As in Typst, a reference to a footnote is a footnote that refers to it.
        let mut shown = Content::new(FOOTNOTE);
        if let Some(numbering) = note.field("numbering") {
            shown = shown.with_field("numbering", numbering.clone());
        }
        let target = Value::Label(crate::model::Label(label.into()));
        return Ok(shown.with_field("body", target).spanned(span));
    }
    let body = match get(elem, styles, "form") {
        Value::Str(form) if form.0 == "page" => page_form(engine, elem, styles, &labelled)?,
        _ => normal_form(engine, elem, styles, &target, label)?,
    };
    Ok(link_to(&labelled, body.spanned(span)))
}

/// The record of the element labelled `label`, if the previous layout placed it; reads
/// its position (the link's destination). A label that is missing, or placed several
/// times, is a delayed error: it holds only if the document settles that way.
fn find(engine: &mut Engine, label: &str, span: Span) -> SourceResult<Option<Record>> {
    let what = eco_format!("reference to <{label}>");
    let introspector = engine.introspect(Introspection::Label(label.into()), span, what.clone());
    if let Some(record) = introspector.label(label) {
        let record = record.clone();
        engine.introspect(Introspection::PositionOf(record.location), span, what);
        return Ok(Some(record));
    }
    engine.delay(crate::base::missing_label(introspector, label, span));
    Ok(None)
}

/// What a label marks, as far as the records tell.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Target {
    /// A heading: its level, its number as displayed (if numbered) and its title.
    Heading { level: usize, numbers: Option<EcoString>, title: EcoString },
    /// A figure: its supplement and its number as displayed (if numbered).
    Figure { supplement: Option<EcoString>, numbers: Option<EcoString> },
    /// A numbered equation: its supplement and its number as displayed.
    Equation { supplement: Option<EcoString>, numbers: EcoString },
    /// Any other element.
    Other,
}

/// The element that carries the label recorded in `labelled`: the heading or figure whose
/// record sits at the same place, if any. Reads just that (its number may change; other
/// headings' pages do not matter here).
fn target_of(engine: &mut Engine, labelled: &Record, label: &str, span: Span) -> Target {
    let what = eco_format!("reference to <{label}>");
    let question = Introspection::TargetOf(labelled.location);
    let introspector = engine.introspect(question, span, what);
    match target_record(introspector, labelled.location).map(|r| &r.info) {
        Some(TagInfo::Heading { level, numbers, title, .. }) => {
            Target::Heading { level: *level, numbers: numbers.clone(), title: title.clone() }
        }
        Some(TagInfo::Figure { supplement, numbers }) => {
            Target::Figure { supplement: supplement.clone(), numbers: numbers.clone() }
        }
        _ => Target::Other,
    }
}

/// The footnote that carries the label recorded in `labelled`, if it is one.
fn footnote_at(engine: &mut Engine, labelled: &Record, label: &str, span: Span) -> Option<Content> {
    recorded_element(engine, label, span, |elem| {
        elem.is(FOOTNOTE) && elem.location() == Some(labelled.location)
    })
}

/// The equation that carries the label recorded in `labelled`, if it is one.
fn equation_at(engine: &mut Engine, labelled: &Record, label: &str, span: Span) -> Option<Content> {
    recorded_element(engine, label, span, |elem| {
        elem.is(EQUATION) && elem.location() == Some(labelled.location)
    })
}

/// The first element of the previous layout that `keep` accepts, read (and recorded as
/// read) for the reference to `label`.
fn recorded_element(
    engine: &mut Engine,
    label: &str,
    span: Span,
    keep: impl Fn(&Content) -> bool,
) -> Option<Content> {
    let what = eco_format!("reference to <{label}>");
    let introspector = engine.introspect(Introspection::Elements, span, what);
    introspector.records().iter().find_map(|record| match &record.info {
        TagInfo::Element(payload) => payload.downcast::<Content>().filter(|e| keep(e)).cloned(),
        _ => None,
    })
}

/// A labelled equation as a target: its supplement and number. A numbered block
/// equation's built-in look records its number beside its label (`found`); one that a
/// show rule replaced is numbered by the equation counter at its place.
fn equation_target(
    engine: &mut Engine,
    equation: &Content,
    found: Target,
    location: crate::base::Location,
    styles: &Styles,
    span: Span,
) -> SourceResult<Target> {
    let numbering = match equation.field("numbering") {
        Some(Value::None) | None => {
            crate::bail!(span, "cannot reference equation without numbering";
                hint: "you can enable equation numbering with \
                       `#set math.equation(numbering: \"1.\")`");
        }
        Some(numbering) => numbering.clone(),
    };
    let supplement = match equation.field("supplement") {
        Some(Value::Content(c)) => Some(c.plain_text()),
        Some(Value::Str(s)) => Some(s.0.clone()),
        Some(Value::None) => None,
        _ => super::builtin::equation_supplement(equation, styles).map(|c| c.plain_text()),
    };
    let numbers = match found {
        Target::Figure { numbers: Some(numbers), .. } => numbers,
        _ => {
            let counter = Counter::new(CounterKey::Selector(Selector::Elem(EQUATION, None)));
            let mut args = Args::new(span, [numbering]);
            args.push_named(span, span, "at".into(), Value::Location(location));
            let here = Here { location: Some(location), page: None, numbering: None };
            let outer = std::mem::replace(&mut engine.here, here);
            let result =
                crate::eval::library::counter_method(engine, &counter, "display", &mut args, span);
            engine.here = outer;
            result?.display().plain_text()
        }
    };
    Ok(Target::Equation { supplement, numbers })
}

/// The normal form: supplement and number ("Section 2.1").
fn normal_form(
    engine: &mut Engine,
    elem: &Content,
    styles: &Styles,
    target: &Target,
    label: &str,
) -> SourceResult<Content> {
    let span = elem.span();
    let figure_like = match target {
        Target::Figure { supplement, numbers } => Some((supplement, numbers.as_ref(), FIGURE)),
        Target::Equation { supplement, numbers } => Some((supplement, Some(numbers), EQUATION)),
        _ => None,
    };
    if let Some((own, numbers, kind)) = figure_like {
        let Some(numbers) = numbers else {
            crate::bail!(span, "cannot reference figure without numbering";
                hint: "you can enable figure numbering with `#set figure(numbering: \"1.\")`");
        };
        let supplement = match get(elem, styles, "supplement") {
            Value::None => None,
            Value::Content(supplement) => Some(supplement),
            Value::Func(func) => {
                // Typst hands the figure (or equation) itself; the records know its
                // supplement.
                let mut figure = Content::new(kind);
                if let Some(own) = own {
                    let own = Value::Content(Content::text(own.clone()));
                    figure = figure.with_field("supplement", own);
                }
                let args = Args::new(span, [Value::Content(figure.spanned(span))]);
                Some(func.call(engine, args)?.display())
            }
            _ => own.clone().map(Content::text),
        };
        return Ok(with_supplement(supplement, trim_numbers(numbers)));
    }
    let Target::Heading { level, numbers, title } = target else {
        return Ok(match get(elem, styles, "supplement") {
            Value::Content(supplement) => supplement,
            _ => Content::text(label),
        });
    };
    let Some(numbers) = numbers else {
        crate::bail!(span, "cannot reference heading without numbering";
            hint: "you can enable heading numbering with `#set heading(numbering: \"1.\")`");
    };
    // The reference's own supplement, else the heading's: the records do not carry it,
    // so it is the one `set heading(supplement: ..)` gives where the reference stands.
    let supplement = match get(elem, styles, "supplement") {
        Value::Auto => StyleChain::new(styles).get(HEADING, "supplement").cloned(),
        own => Some(own),
    };
    let supplement = match supplement {
        Some(Value::None) => None,
        Some(Value::Content(supplement)) => Some(supplement),
        Some(Value::Str(supplement)) => Some(Content::text(supplement.0)),
        Some(Value::Func(func)) => {
            // Typst hands the heading itself; the records know its level and title.
            let heading = Content::new(HEADING)
                .with_field("level", Value::Int(*level as i64))
                .with_field("body", Value::Content(Content::text(title.clone())))
                .spanned(span);
            let args = Args::new(span, [Value::Content(heading)]);
            Some(func.call(engine, args)?.display())
        }
        _ => Some(Content::text(heading_supplement(&lang(styles)))),
    };
    Ok(with_supplement(supplement, trim_numbers(numbers)))
}

/// The page form: "page" and the target's page under the page numbering in effect.
fn page_form(
    engine: &mut Engine,
    elem: &Content,
    styles: &Styles,
    labelled: &Record,
) -> SourceResult<Content> {
    let span = elem.span();
    // As in Typst, the numbering and supplement are those of the target's page (those in
    // effect here until the previous layout knows them).
    let at = labelled.location;
    let page_numbering = crate::eval::library::page_numbering_at(engine, at, span);
    let page_supplement = crate::eval::library::page_supplement_at(engine, at, span);
    let known = page_supplement.is_some();
    let numbering =
        page_numbering.or_else(|| StyleChain::new(styles).get(PAGE, "numbering").cloned());
    let numbering = match numbering.as_ref() {
        Some(Value::None) | None => {
            crate::bail!(span, "cannot reference without page numbering";
                hint: "you can enable page numbering with `#set page(numbering: \"1\")`");
        }
        Some(numbering) => numbering.clone(),
    };
    let func = match engine.world.library().get("numbering") {
        Some(Value::Func(func)) => func.clone(),
        _ => crate::bail!(span, "the library has no `numbering` function"),
    };
    // As in Typst, a pattern's prefix and suffix are left out (`"1."` shows `1`).
    let pattern = matches!(numbering, Value::Str(_));
    let args = Args::new(span, [numbering, Value::Int(labelled.page as i64)]);
    let mut number = func.call(engine, args)?.display().plain_text();
    if pattern {
        number = trim_numbers(&number);
    }
    // The reference's own supplement, else the page's (`set page(supplement: ..)`).
    let supplement = match get(elem, styles, "supplement") {
        Value::Auto if known => page_supplement,
        Value::Auto => StyleChain::new(styles).get(PAGE, "supplement").cloned(),
        own => Some(own),
    };
    let supplement = match supplement {
        Some(Value::None) => None,
        Some(Value::Content(supplement)) => Some(supplement),
        Some(Value::Str(supplement)) => Some(Content::text(supplement.0)),
        _ => Some(Content::text("page")),
    };
    Ok(with_supplement(supplement, number))
}

/// The supplement (if any), a no-break space, the number.
fn with_supplement(supplement: Option<Content>, number: EcoString) -> Content {
    match supplement {
        Some(supplement) if !supplement.is_empty() => {
            Content::sequence([supplement, Content::text("\u{A0}"), Content::text(number)])
        }
        _ => Content::text(number),
    }
}

/// A number as references show it: without the numbering pattern's prefix and suffix
/// ("2." → "2", "(1.a)" → "1.a"), as Typst's trimmed numbering does.
pub(super) fn trim_numbers(numbers: &str) -> EcoString {
    numbers.trim_matches(|c: char| !c.is_alphanumeric()).into()
}

/// `body` linked to where `record` landed (a position on a page).
pub(super) fn link_to(record: &Record, body: Content) -> Content {
    if record.page == 0 {
        return body;
    }
    let mut dest = Dict::new();
    dest.insert(Str("page".into()), Value::Int(record.page as i64));
    dest.insert(Str("x".into()), Value::Length(Length::abs(record.position.x)));
    dest.insert(Str("y".into()), Value::Length(Length::abs(record.position.y)));
    let span = body.span();
    Content::new(LINK)
        .with_field("dest", Value::Dict(dest))
        .with_field("body", Value::Content(body))
        .spanned(span)
}

/// The language in effect (`text.lang`), English by default.
pub(super) fn lang(styles: &Styles) -> EcoString {
    match StyleChain::new(styles).get(TEXT, "lang") {
        Some(Value::Str(s)) => s.0.clone(),
        _ => "en".into(),
    }
}

/// The word for a section in `lang` (Typst 0.15's heading supplement), English for
/// languages without one here.
pub(super) fn heading_supplement(lang: &str) -> &'static str {
    match lang {
        "de" => "Abschnitt",
        "fr" => "Chapitre",
        "es" => "Sección",
        "it" => "Sezione",
        "pt" => "Seção",
        "nl" => "Hoofdstuk",
        "ru" => "Раздел",
        "zh" => "小节",
        "ja" => "節",
        "pl" => "Rozdział",
        "sv" => "Avsnitt",
        "da" => "Afsnit",
        "nb" => "Kapittel",
        "cs" => "Kapitola",
        "fi" => "Osio",
        _ => "Section",
    }
}

/// What the tests of references and outlines share: a world of one source, a layout of
/// hand-written records, and the element a source evaluates to.
#[cfg(test)]
pub(super) mod testing {
    use crate::base::{Abs, Introspector, Location, Locator, Point, Record, TagInfo};
    use crate::model::{Content, Element, STYLED, Styles, Value};

    /// The test world: one source file and the standard library, in memory.
    pub use crate::eval::MemoryWorld as TestWorld;

    /// What the reference and outline tests do with a world.
    impl TestWorld {
        /// The first element of kind `elem` that the source evaluates to, with the styles
        /// of the `set` rules around it.
        pub fn find(&self, elem: Element) -> (Content, Styles) {
            let module = crate::eval::eval(self, self.main_source()).expect("evaluation");
            search(module.content(), &Styles::new(), elem).expect("no such element")
        }
    }

    fn search(content: &Content, styles: &Styles, elem: Element) -> Option<(Content, Styles)> {
        if content.is(elem) {
            return Some((content.clone(), styles.clone()));
        }
        if content.is(STYLED) {
            let (Some(Value::Content(child)), Some(Value::Styles(own))) =
                (content.field("child"), content.field("styles"))
            else {
                return None;
            };
            return search(child, &super::super::walk::concat(styles, own), elem);
        }
        content.children().find_map(|child| search(child, styles, elem))
    }

    /// A previous layout, written by hand: records in document order.
    #[derive(Debug, Default)]
    pub struct Layout {
        pub pages: usize,
        pub records: Vec<Record>,
    }

    impl Layout {
        /// Adds a heading at `y` on `page` (and its label's record at the same place).
        pub fn heading(
            mut self,
            level: usize,
            numbers: Option<&str>,
            title: &str,
            (page, y): (usize, f64),
            label: Option<&str>,
        ) -> Self {
            let info = TagInfo::Heading {
                level,
                numbers: numbers.map(Into::into),
                title: title.into(),
                outlined: true,
                bookmarked: true,
            };
            self.push(info, page, y);
            if let Some(label) = label {
                self.push(TagInfo::Labelled { label: label.into() }, page, y);
            }
            self
        }

        /// Adds a record of `info` at `y` on `page`.
        pub fn push(&mut self, info: TagInfo, page: usize, y: f64) {
            let location = Locator::root().child(self.records.len() as u64).location();
            let position = Point::new(Abs::pt(10.0), Abs::pt(y));
            self.records.push(Record { location, page, position, info });
            self.pages = self.pages.max(page);
        }
    }

    impl Introspector for Layout {
        fn pages(&self) -> usize {
            self.pages
        }

        fn record(&self, location: Location) -> Option<&Record> {
            self.records.iter().find(|r| r.location == location)
        }

        fn records(&self) -> &[Record] {
            &self.records
        }

        fn label(&self, label: &str) -> Option<&Record> {
            let mut found = self
                .records
                .iter()
                .filter(|r| matches!(&r.info, TagInfo::Labelled { label: l } if l == label));
            let first = found.next()?;
            found.next().is_none().then_some(first)
        }
    }

    /// Where a link made of `content` goes, as `page/x/y` in points; `None` for no link.
    pub fn dest(content: &Content) -> Option<String> {
        if !content.is(crate::model::LINK) {
            return None;
        }
        let Some(Value::Dict(dest)) = content.field("dest") else { return None };
        let coord = |key: &str| match dest.get(key) {
            Some(Value::Length(l)) => l.abs.to_pt(),
            _ => f64::NAN,
        };
        let page = match dest.get("page") {
            Some(Value::Int(page)) => *page,
            _ => 0,
        };
        Some(format!("{page}/{}/{}", coord("x"), coord("y")))
    }
}

#[cfg(test)]
mod tests {
    use super::testing::{Layout, TestWorld, dest};
    use super::*;
    use crate::base::{EmptyIntrospector, Introspector};
    use crate::model::REF;

    /// A layout with a numbered heading `<a>` ("2.1.", page 3) and an unnumbered `<u>`.
    fn layout() -> Layout {
        Layout::default()
            .heading(1, Some("2."), "Methods", (2, 50.0), None)
            .heading(2, Some("2.1."), "Setup", (3, 40.0), Some("a"))
            .heading(1, None, "Appendix", (4, 30.0), Some("u"))
    }

    /// Realizes the first reference in `source` against `introspector`: its link's
    /// destination, its text, and the questions it asked.
    fn check_with(
        source: &str,
        introspector: &dyn Introspector,
    ) -> SourceResult<(Option<String>, String, Vec<Introspection>)> {
        let world = TestWorld::new(source);
        let (elem, styles) = world.find(REF);
        let mut engine = Engine::with_introspector(&world, introspector);
        let content = reference(&mut engine, &elem, &styles)?;
        // Delayed errors count as they would in the last iteration.
        if !engine.delayed.is_empty() {
            return Err(engine.delayed);
        }
        let reads = engine.reads.iter().map(|r| r.what.clone()).collect();
        Ok((dest(&content), content.plain_text().as_str().replace('\u{A0}', "~"), reads))
    }

    /// The text of the first reference in `source` after `layout()`.
    #[track_caller]
    fn text(source: &str) -> String {
        check_with(source, &layout()).expect("reference").1
    }

    /// The first error (message and hints) of the first reference in `source`.
    #[track_caller]
    fn error(source: &str, introspector: &dyn Introspector) -> (String, Vec<String>) {
        match check_with(source, introspector) {
            Ok(ok) => panic!("expected an error, got {ok:?}"),
            Err(errors) => (
                errors[0].message.to_string(),
                errors[0].hints.iter().map(ToString::to_string).collect(),
            ),
        }
    }

    #[test]
    fn references_to_numbered_headings_name_the_section_and_link_to_it() {
        let (dest, text, reads) = check_with("See @a.", &layout()).unwrap();
        assert_eq!(text, "Section~2.1");
        assert_eq!(dest.as_deref(), Some("3/10/40"));
        let label = layout().records[2].location;
        assert_eq!(
            reads,
            vec![
                Introspection::Label("a".into()),
                Introspection::PositionOf(label),
                Introspection::TargetOf(label)
            ]
        );
    }

    #[test]
    fn a_reference_depends_on_its_target_not_on_other_headings() {
        let question = Introspection::TargetOf(layout().records[2].location);
        // Other headings move: the reference reads the same.
        let moved = Layout::default()
            .heading(1, Some("2."), "Methods", (1, 80.0), None)
            .heading(2, Some("2.1."), "Setup", (3, 40.0), Some("a"))
            .heading(1, None, "Appendix", (5, 30.0), Some("u"));
        assert_eq!(question.answer(&layout()), question.answer(&moved));
        // Its target's number changes: it does not.
        let renumbered = Layout::default()
            .heading(1, Some("3."), "Methods", (2, 50.0), None)
            .heading(2, Some("3.1."), "Setup", (3, 40.0), Some("a"))
            .heading(1, None, "Appendix", (4, 30.0), Some("u"));
        assert_ne!(question.answer(&layout()), question.answer(&renumbered));
        assert_eq!(question.describe_answer(&renumbered), "heading 3.1.");
        assert_eq!(question.describe_answer(&EmptyIntrospector), "unknown");
    }

    #[test]
    fn references_before_the_first_layout_are_delayed_errors() {
        let world = TestWorld::new("@a");
        let (elem, styles) = world.find(REF);
        let mut engine = Engine::with_introspector(&world, &EmptyIntrospector);
        let content = reference(&mut engine, &elem, &styles).unwrap();
        assert_eq!((dest(&content), content.plain_text().as_str()), (None, PLACEHOLDER));
        let reads: Vec<_> = engine.reads.iter().map(|r| r.what.clone()).collect();
        assert_eq!(reads, vec![Introspection::Label("a".into())]);
        let message = "label `<a>` does not exist in the document";
        assert_eq!(
            engine.delayed.iter().map(|d| d.message.as_str()).collect::<Vec<_>>(),
            [message]
        );
    }

    #[test]
    fn missing_and_repeated_labels_are_errors_once_laid_out() {
        let message = "label `<nope>` does not exist in the document";
        assert_eq!(error("@nope", &layout()), (message.into(), vec![]));
        let twice = layout().heading(1, Some("3."), "Again", (5, 10.0), Some("a"));
        let message = "label `<a>` occurs multiple times in the document";
        assert_eq!(error("@a", &twice), (message.into(), vec![]));
    }

    #[test]
    fn unnumbered_headings_cannot_be_referenced() {
        let (message, hints) = error("@u", &layout());
        assert_eq!(message, "cannot reference heading without numbering");
        assert_eq!(
            hints,
            vec!["you can enable heading numbering with `#set heading(numbering: \"1.\")`"]
        );
    }

    #[test]
    fn supplements_replace_or_drop_the_word() {
        assert_eq!(text("#ref(<a>, supplement: [Chap.])"), "Chap.~2.1");
        assert_eq!(text("#ref(<a>, supplement: none)"), "2.1");
        assert_eq!(text("@a[Part]"), "Part~2.1");
        assert_eq!(text("@a[]"), "2.1");
        let func = "#ref(<a>, supplement: it => if it.level == 1 [Chapter] else [Sub])";
        assert_eq!(text(func), "Sub~2.1");
    }

    #[test]
    fn the_word_follows_the_language() {
        assert_eq!(text("#set text(lang: \"de\")\n@a"), "Abschnitt~2.1");
        assert_eq!(text("#set text(lang: \"fr\")\n@a"), "Chapitre~2.1");
        assert_eq!(text("#set text(lang: \"xx\")\n@a"), "Section~2.1");
    }

    #[test]
    fn page_references_need_page_numbering() {
        assert_eq!(text("#set page(numbering: \"i\")\n#ref(<a>, form: \"page\")"), "page~iii");
        assert_eq!(text("#set page(numbering: \"1\")\n#ref(<u>, form: \"page\")"), "page~4");
        // A pattern's prefix and suffix are left out.
        let source = "#set page(numbering: \"(1.)\", supplement: [p.])\n#ref(<u>, form: \"page\")";
        assert_eq!(text(source), "p.~4");
        let (message, hints) = error("#ref(<a>, form: \"page\")", &layout());
        assert_eq!(message, "cannot reference without page numbering");
        assert_eq!(hints, vec!["you can enable page numbering with `#set page(numbering: \"1\")`"]);
    }

    #[test]
    fn references_to_other_elements_show_their_supplement_or_label() {
        let mut layout = layout();
        layout.push(TagInfo::Labelled { label: "fig".into() }, 1, 300.0);
        let (dest, text, _) = check_with("@fig", &layout).unwrap();
        assert_eq!((dest.as_deref(), text.as_str()), (Some("1/10/300"), "fig"));
        let (_, text, _) = check_with("@fig[Figure 1]", &layout).unwrap();
        assert_eq!(text, "Figure 1");
    }

    #[test]
    fn heading_and_page_supplements_come_from_their_set_rules() {
        assert_eq!(text("#set heading(supplement: [Part])\n@a"), "Part~2.1");
        assert_eq!(text("#set heading(supplement: none)\n@a"), "2.1");
        let func = "#set heading(supplement: it => [L#it.level])\n@a";
        assert_eq!(text(func), "L2~2.1");
        // The reference's own supplement still wins.
        assert_eq!(text("#set heading(supplement: [Part])\n@a[Bit]"), "Bit~2.1");
        let page = "#set page(numbering: \"1\", supplement: \"pg.\")\n#ref(<a>, form: \"page\")";
        assert_eq!(text(page), "pg.~3");
        let none = "#set page(numbering: \"1\", supplement: none)\n#ref(<a>, form: \"page\")";
        assert_eq!(text(none), "3");
    }

    #[test]
    fn figure_supplement_functions_receive_a_figure() {
        let mut layout = Layout::default();
        let supplement = Some("Table".into());
        layout.push(TagInfo::Figure { supplement, numbers: Some("4".into()) }, 1, 200.0);
        layout.push(TagInfo::Labelled { label: "tab".into() }, 1, 200.0);
        let source = "#ref(<tab>, supplement: f => [#repr(f.func())/#f.supplement])";
        let (_, text, _) = check_with(source, &layout).unwrap();
        assert_eq!(text, "figure/Table~4");
    }

    #[test]
    fn numbers_lose_their_pattern_prefix_and_suffix() {
        assert_eq!(trim_numbers("2."), "2");
        assert_eq!(trim_numbers("(1.a)"), "1.a");
        assert_eq!(trim_numbers("I.a"), "I.a");
    }
}

/// A reference with Typst's synthesized fields, as show rules see it: `citation` (the
/// reference as a citation of its label) and `element`, the labelled element (`none`
/// while the label marks none, as before the first layout).
pub(super) fn synthesized(engine: &mut Engine, reference: Content) -> Content {
    let Some(Value::Label(label)) = reference.field("target").cloned() else { return reference };
    let span = reference.span();
    let what = eco_format!("reference to <{}>", label.0);
    let introspector = engine.introspect(Introspection::Label(label.0.clone()), span, what);
    let labelled = introspector.label(&label.0).is_some();
    // The element carrying the label (its element tag, as `query(<label>)` finds it).
    let element = labelled
        .then(|| {
            recorded_element(engine, &label.0, span, |e| e.label().is_some_and(|l| l.0 == label.0))
        })
        .flatten();
    let supplement = match reference.field("supplement") {
        Some(Value::Content(content)) => Value::Content(content.clone()),
        _ => Value::None,
    };
    let citation = Content::new(CITE)
        .with_field("key", Value::Label(label))
        .with_field("supplement", supplement)
        .spanned(span);
    reference
        .with_field("citation", Value::Content(citation))
        .with_field("element", element.map_or(Value::None, Value::Content))
}
