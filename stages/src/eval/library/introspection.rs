//! Introspection: `counter(key)` with its methods (`get`, `display`, `final`, `at`,
//! `step`, `update`), `here()`, `locate(..)`, `query(..)`, `metadata`, the methods of
//! locations (`page`, `position`, `page-numbering`) and the selector type's functions
//! (`selector.or(..)`). Values come
//! from the previous iteration's layout (`engine.introspector`) and from what `context`
//! knows about its place (`engine.here`).
//!
//! Every question to the introspector goes through `Engine::introspect`, labelled with the
//! call as the user wrote it (`counter(page).final()`), so that the pipeline can replay it
//! to check convergence. Outside `context` nothing is known, and these functions fail with
//! Typst's `can only be used when context is known`.
//!
//! Queries (`query`, and `locate` or `counter.at` of a selector) read the element records
//! that realization leaves for headings, figures, labelled content and inline locatable
//! elements (`TagInfo::Element`, see `realize::show`), in document order; `before` and
//! `after` split them at the first match of their other selector. `within` is refused.
//! This file is longer than most because counters, locations and queries share these
//! lookups and their fake-introspector tests.
//!
//! Counter values, `step`/`update` and states live in `updates.rs`: a counter is folded
//! from the changes the previous layout placed (its updates, and for the counter of a
//! selector the matching elements); the page counter is the physical page number unless
//! the document updates it. `metadata` is defined here too.

use ecow::{EcoString, eco_format};

use super::native;
use super::updates;
pub use super::updates::{STATE_METHODS, construct_state, state_method};
use std::hash::{Hash, Hasher};

use crate::base::{
    Asked, FxHasher64, Introspection, Introspector, Location, Locator, Record, SourceResult, Span,
    TagInfo,
};
pub(super) use crate::eval::require_context;
use crate::eval::{Engine, Here};
use crate::model::{
    Args, Content, Counter, CounterKey, CounterState, Dict, FromValue, Func, Label, Length,
    PageMark, Scope, Selector, Type, Value,
};

native!(HERE, "here", here);
native!(LOCATE, "locate", locate);
native!(QUERY, "query", query);

/// The methods of counters, for method dispatch.
pub const COUNTER_METHODS: &[&str] = &["get", "display", "final", "at", "step", "update"];

/// The methods of locations, for method dispatch.
pub const LOCATION_METHODS: &[&str] = &["page", "position", "page-numbering"];

/// Adds `here`, `locate` and `query` to the global scope (`counter` and `location` are
/// types).
pub fn define(scope: &mut Scope) {
    for native in [&HERE, &LOCATE, &QUERY] {
        scope.define(native.name, Func::from(native));
    }
    scope.define("metadata", Func::from(crate::model::METADATA));
}

native!(SELECTOR_OR, "or", selector_or);
native!(SELECTOR_AND, "and", selector_and);
native!(SELECTOR_BEFORE, "before", selector_before);
native!(SELECTOR_AFTER, "after", selector_after);
native!(SELECTOR_WITHIN, "within", selector_within);

/// The functions reachable through the selector type (`selector.or(a, b)`): its methods
/// with the selector as the first argument.
pub fn type_scope(ty: Type, name: &str) -> Option<Value> {
    if ty != Type::Selector {
        return None;
    }
    let natives =
        [&SELECTOR_OR, &SELECTOR_AND, &SELECTOR_BEFORE, &SELECTOR_AFTER, &SELECTOR_WITHIN];
    let native = natives.into_iter().find(|n| n.name == name)?;
    Some(Value::Func(Func::from(native)))
}

/// `selector(target)`: an element function, label, string, symbol, regex, location or
/// selector as a selector.
pub fn construct_selector(args: &mut Args) -> SourceResult<Value> {
    let (target, span) = args.expect_spanned::<Value>("target")?;
    let selector = Selector::from_value(target).map_err(|e| error(span, e))?;
    Ok(Value::Selector(std::sync::Arc::new(selector)))
}

/// Calls the selector method `name` with the `self` argument as its target.
fn selector_method(args: &mut Args, name: &str) -> SourceResult<Value> {
    let (target, span) = take_positional(args, "self")?;
    let selector = Selector::from_value(target).map_err(|e| error(span, e))?;
    Ok(Value::Selector(std::sync::Arc::new(selector.method(name, args)?)))
}

fn selector_or(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    selector_method(args, "or")
}

fn selector_and(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    selector_method(args, "and")
}

fn selector_before(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    selector_method(args, "before")
}

fn selector_after(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    selector_method(args, "after")
}

fn selector_within(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    selector_method(args, "within")
}

/// `counter(key)`: a page, element or selector, label, location, or name.
pub fn construct_counter(args: &mut Args) -> SourceResult<Value> {
    let (key, key_span) = take_positional(args, "key")?;
    let counter = match key {
        Value::Str(name) => Counter::new(CounterKey::Str(name.0)),
        Value::Symbol(symbol) => Counter::new(CounterKey::Str(symbol.get().into())),
        Value::Location(location) => Counter::new(CounterKey::Location(location)),
        Value::Label(label) => Counter::new(CounterKey::Selector(Selector::Label(label))),
        // A type stands for its constructor, which is no element function.
        Value::Type(ty) => {
            let message = match Func::from_value(Value::Type(ty)) {
                Ok(_) => "expected element".into(),
                Err(message) => message,
            };
            return Err(error(key_span, message));
        }
        // Typst casts a function key to an element first.
        Value::Func(func) if func.element().is_none_or(|elem| elem.is_function_only()) => {
            return Err(error(key_span, EcoString::from("expected element")));
        }
        value @ (Value::Func(_) | Value::Selector(_) | Value::Regex(_)) => {
            let selector = crate::eval::selector_of(value).map_err(|e| error(key_span, e))?;
            Counter::of_selector(selector).map_err(|e| error(key_span, e))?
        }
        value => {
            return Err(error(
                key_span,
                eco_format!(
                    "expected string, label, function, location, or selector, found {}",
                    value.ty().long_name()
                ),
            ));
        }
    };
    Ok(Value::Counter(counter.into()))
}

/// Takes the next positional argument with its span (where type errors point).
pub(super) fn take_positional(args: &mut Args, what: &str) -> SourceResult<(Value, Span)> {
    match args.items.iter().position(|arg| arg.name.is_none()) {
        Some(i) => {
            let arg = args.items.remove(i);
            Ok((arg.value, arg.span))
        }
        None => Err(ecow::eco_vec![args.missing_argument(what)]),
    }
}

/// How warnings name a counter whose value did not settle, as Typst does: the page
/// counter in words, others as written (`counter(heading)`).
fn counter_label(counter: &Counter) -> EcoString {
    if counter.is_page() { "the page counter".into() } else { counter.repr() }
}

/// Calls `counter.name(args)`.
pub fn counter_method(
    engine: &mut Engine,
    counter: &Counter,
    name: &str,
    args: &mut Args,
    span: Span,
) -> SourceResult<Value> {
    let label = counter_label(counter);
    // Arguments are checked before the context, as in Typst.
    match name {
        "get" | "final" => {
            args.take().finish()?;
            require_context(engine, span)?;
            let state = if name == "get" {
                state_here(engine, counter, span, &label)?
            } else {
                final_state(engine, counter, span, &label)?
            };
            Ok(state.to_value())
        }
        "at" => {
            let target = take_positional(args, "selector")?;
            args.take().finish()?;
            check_locatable(&target)?;
            require_context(engine, span)?;
            Ok(match resolve(engine, target, span, &label)? {
                Some(location) => state_at(engine, counter, location, span, &label)?.to_value(),
                None => CounterState::new().to_value(),
            })
        }
        "display" => {
            let numbering = numbering_arg(args)?;
            let both: bool = args.named("both")?.unwrap_or(false);
            let at = args.named_spanned::<Value>("at")?.filter(|(v, _)| *v != Value::Auto);
            args.take().finish()?;
            // A target that is no locatable selector fails before the context is asked.
            if let Some((target, target_span)) = &at {
                crate::model::locatable_selector(target.clone()).map_err(|e| {
                    // `at` takes `auto` too, so Typst's wording lists it.
                    let e = e.replace("location, or selector", "location, selector, or auto");
                    error(*target_span, e)
                })?;
            }
            require_context(engine, span)?;
            let at = match at {
                Some(target) => Some(resolve(engine, target, span, &label)?),
                None => None,
            };
            display(engine, counter, numbering, both, at, span, &label)
        }
        "step" => super::updates::counter_step(counter, args),
        "update" => super::updates::counter_set(counter, args, span),
        _ => crate::bail!(span, "type counter has no method `{name}`"),
    }
}

/// Calls `location.name(args)`.
pub fn location_method(
    engine: &mut Engine,
    location: Location,
    name: &str,
    args: &mut Args,
    span: Span,
) -> SourceResult<Value> {
    args.take().finish()?;
    Ok(match name {
        "page" => Value::Int(page_of(engine, location, span, "location.page()") as i64),
        "position" => {
            let introspector =
                engine.introspect(Introspection::PositionOf(location), span, "location.position()");
            let (page, x, y) = match introspector.record(location) {
                Some(record) => (record.page, record.position.x, record.position.y),
                None => (1, Default::default(), Default::default()),
            };
            let mut dict = Dict::new();
            dict.insert("page".into(), Value::Int(page as i64));
            dict.insert("x".into(), Value::Length(Length::abs(x)));
            dict.insert("y".into(), Value::Length(Length::abs(y)));
            Value::Dict(dict)
        }
        // The numbering of the page the location landed on (in headers and footers,
        // `here()`'s is that of their own page).
        "page-numbering" => {
            let own = engine.here.page.is_some() && engine.here.location == Some(location);
            let known = if own { None } else { page_numbering_at(engine, location, span) };
            // Until the previous layout knows the page: the numbering where `context`
            // stands.
            known.unwrap_or_else(|| engine.here.numbering.clone().unwrap_or(Value::None))
        }
        _ => crate::bail!(span, "type location has no method `{name}`"),
    })
}

/// `here()`: the location of the enclosing `context`.
fn here(engine: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let span = args.span;
    require_context(engine, span)?;
    match engine.here.location {
        Some(location) => Ok(Value::Location(location)),
        None => crate::bail!(span, "the location of this context is not known"),
    }
}

/// `locate(target)`: the location of the one element a label or selector names, or a
/// location itself.
fn locate(engine: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let span = args.span;
    let target = take_positional(args, "selector")?;
    // The selector is checked before the context is (`locate(loc => ..)`, the form
    // before context expressions, fails as a selector).
    crate::model::locatable_selector(target.0.clone()).map_err(|e| error(target.1, e))?;
    require_context(engine, span)?;
    let label = eco_format!("locate({})", target.0.repr());
    // Before the first layout nothing can be located yet; the next iteration (which the
    // recorded read guarantees) gives the real location, so any stable stand-in serves.
    let location = resolve(engine, target, span, &label)?
        .or(engine.here.location)
        .unwrap_or_else(|| Locator::root().location());
    Ok(Value::Location(location))
}

/// `query(target)`: the elements a selector matches, in document order, as the
/// previous layout placed them.
fn query(engine: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let span = args.span;
    let (target, target_span) = take_positional(args, "target")?;
    args.take().finish()?;
    let label = eco_format!("query({})", target.repr());
    let selector = crate::model::locatable_selector(target).map_err(|e| error(target_span, e))?;
    require_context(engine, span)?;
    let found = select(engine, &selector, false, span, &label)?;
    Ok(Value::Array(found.into_iter().map(Value::Content).collect()))
}

/// Fails unless `target` (an argument with its span) can name one element: the check
/// `at` makes before it asks for the context, as in Typst.
pub(super) fn check_locatable((target, span): &(Value, Span)) -> SourceResult<()> {
    crate::model::locatable_selector(target.clone()).map_err(|e| error(*span, e))?;
    Ok(())
}

/// An error at `span`.
fn error(span: Span, message: impl Into<EcoString>) -> ecow::EcoVec<crate::base::SourceDiagnostic> {
    ecow::eco_vec![crate::base::SourceDiagnostic::error(span, message)]
}

/// The location a label, selector or location argument names. `None` before the first
/// layout, when nothing is known yet (the recorded read makes sure another iteration
/// follows), and while the target matches no element or several: that error is delayed,
/// as the document may yet settle.
pub(super) fn resolve(
    engine: &mut Engine,
    (target, target_span): (Value, Span),
    span: Span,
    label: &str,
) -> SourceResult<Option<Location>> {
    let selector = crate::model::locatable_selector(target).map_err(|e| error(target_span, e))?;
    let name = match selector {
        Selector::Location(location) => return Ok(Some(location)),
        Selector::Label(Label(name)) => name,
        selector => {
            let found = select(engine, &selector, true, span, label)?;
            let message = match found.as_slice() {
                [elem] => return Ok(elem.location()),
                [] => "selector does not match any element",
                _ => "selector matches multiple elements",
            };
            engine.delay(crate::base::SourceDiagnostic::error(span, message));
            return Ok(None);
        }
    };
    let introspector = engine.introspect(Introspection::Label(name.clone()), span, label);
    if let Some(record) = introspector.label(&name) {
        return Ok(Some(labelled_location(introspector, record, &name)));
    }
    // The label may yet appear (or become unique) when the document settles.
    engine.delay(crate::base::missing_label(introspector, &name, span));
    Ok(None)
}

/// The location of the element whose label tag is `record`: that of the element itself
/// (a labelled heading's is the heading's, as `query` and show rules give it), found
/// among the element records at the same place.
fn labelled_location(introspector: &dyn Introspector, record: &Record, name: &str) -> Location {
    records_beside(introspector, record)
        .find_map(|r| match &r.info {
            TagInfo::Element(payload) => payload
                .downcast::<Content>()
                .filter(|elem| elem.label().is_some_and(|l| l.0 == name))
                .and_then(Content::location),
            _ => None,
        })
        .unwrap_or(record.location)
}

/// The elements of the previous layout that `selector` matches, in document order, as a
/// recorded read (`unique` when the one match is wanted, as `locate` wants it).
/// `before` and `after` split the matches at the first match of their other selector
/// (including it when inclusive), or keep them all when that matches nothing, as in
/// Typst.
fn select(
    engine: &mut Engine,
    selector: &Selector,
    unique: bool,
    span: Span,
    label: &str,
) -> SourceResult<Vec<Content>> {
    let mut hasher = FxHasher64::default();
    ("query", unique, selector_repr(selector)).hash(&mut hasher);
    let question = QueryCount { selector: selector.clone(), unique };
    let asked = Introspection::Custom(Asked::new(hasher.finish(), question));
    let introspector = engine.introspect(asked, span, label);
    let elements = query::Elements::new(introspector.records());
    let found = elements.select(selector).map_err(|e| error(span, e))?;
    // A `context` is an element too (`query(here())`), though queries keep no record
    // of its contents.
    if found.is_empty()
        && let Selector::Location(location) = selector
        && introspector.record(*location).is_some_and(|r| r.info == TagInfo::Context)
    {
        return Ok(vec![Content::new(crate::model::CONTEXT).located(*location)]);
    }
    Ok(found.into_iter().map(|i| elements.content(i).clone()).collect())
}

/// A selector as `repr` writes it.
fn selector_repr(selector: &Selector) -> EcoString {
    Value::Selector(selector.clone().into()).repr()
}

/// Which elements a query finds, as convergence compares it: their fingerprints and
/// pages.
struct QueryCount {
    selector: Selector,
    unique: bool,
}

impl QueryCount {
    /// The matches among the records of `introspector`, as record indices: a
    /// `context`'s own record when the selector is its location.
    fn matches(&self, introspector: &dyn Introspector) -> Vec<usize> {
        let records = introspector.records();
        let elements = query::Elements::new(records);
        let found = elements.select(&self.selector).unwrap_or_default();
        if found.is_empty()
            && let Selector::Location(location) = &self.selector
        {
            return records.iter().position(|r| r.location == *location).into_iter().collect();
        }
        found.into_iter().map(|i| elements.record(i)).collect()
    }

    /// How warnings name what the query looks for: `heading elements`, `elements
    /// labelled `<x>``, or, for `locate`, `a unique heading element`.
    fn phrase(&self) -> EcoString {
        let repr = selector_repr(&self.selector);
        match (&self.selector, self.unique) {
            (Selector::Elem(elem, None), false) => eco_format!("{} elements", elem.short_name()),
            (Selector::Elem(elem, None), true) => {
                eco_format!("a unique {} element", elem.short_name())
            }
            (Selector::Elem(elem, Some(_)), false) => {
                eco_format!("matching {} elements", elem.short_name())
            }
            (Selector::Elem(elem, Some(_)), true) => {
                eco_format!("a unique matching {} element", elem.short_name())
            }
            (Selector::Label(_), false) => eco_format!("elements labelled `{repr}`"),
            (Selector::Label(_), true) => eco_format!("a unique element labelled `{repr}`"),
            (_, false) => eco_format!("elements matching `{repr}`"),
            (_, true) => eco_format!("a unique element matching `{repr}`"),
        }
    }
}

impl crate::base::Question for QueryCount {
    fn answer(&self, introspector: &dyn Introspector) -> u64 {
        let mut hasher = FxHasher64::default();
        let records = introspector.records();
        for index in self.matches(introspector) {
            let record = &records[index];
            match &record.info {
                TagInfo::Element(payload) => payload.fingerprint().hash(&mut hasher),
                _ => record.location.hash(&mut hasher),
            }
            record.page.hash(&mut hasher);
        }
        hasher.finish()
    }

    fn describe(&self, introspector: &dyn Introspector) -> EcoString {
        eco_format!("{}", self.matches(introspector).len())
    }

    fn unsettled(&self, _: &str, observed: &[EcoString]) -> Option<crate::base::Unsettled> {
        let phrase = self.phrase();
        let counts = || {
            crate::base::observed_hint("the following numbers of elements were observed:", observed)
        };
        // When the last two runs found as many elements, the counts would not help.
        let same = match observed {
            [.., a, b] => a == b,
            _ => true,
        };
        let hints = if same { Vec::new() } else { vec![counts()] };
        let message = if self.unique || same {
            eco_format!("query for {phrase} did not stabilize")
        } else {
            eco_format!("number of {phrase} did not stabilize")
        };
        Some((message, hints))
    }
}

/// The numbering of the page `location` landed on (`none` for an unnumbered page;
/// `None` while the page is not known), as a recorded read.
pub fn page_numbering_at(engine: &mut Engine, location: Location, span: Span) -> Option<Value> {
    page_mark_at(engine, location, span, PagePart::Numbering).map(|mark| mark.numbering)
}

/// The supplement of the page `location` landed on (`auto` for the language's word,
/// `None` while unknown), as a recorded read.
pub fn page_supplement_at(engine: &mut Engine, location: Location, span: Span) -> Option<Value> {
    page_mark_at(engine, location, span, PagePart::Supplement).map(|mark| mark.supplement)
}

/// What finalization said about the page `location` landed on, as a recorded read of
/// one of its parts.
fn page_mark_at(
    engine: &mut Engine,
    location: Location,
    span: Span,
    part: PagePart,
) -> Option<PageMark> {
    let kind = element_kind(engine.introspector, location);
    let mut hasher = FxHasher64::default();
    ("page-mark", location, part).hash(&mut hasher);
    let question = PageMarkOf { location, part, kind };
    let label = match part {
        PagePart::Numbering => "location.page-numbering()",
        PagePart::Supplement => "page supplement",
    };
    let introspector = engine.introspect(
        Introspection::Custom(Asked::new(hasher.finish(), question)),
        span,
        label,
    );
    find_page_mark(introspector, location).cloned()
}

/// The records at the same place as `record` (itself included), as the records of an
/// element and of its label stand.
fn records_beside<'a>(
    introspector: &'a dyn Introspector,
    record: &'a Record,
) -> impl Iterator<Item = &'a Record> + 'a {
    let records = introspector.records();
    let start = records.partition_point(|r| r.page < record.page);
    records[start..]
        .iter()
        .take_while(|r| r.page == record.page)
        .filter(|r| r.position == record.position)
}

/// How warnings name the element at `location` (`heading`; a label names the element
/// it is attached to, which stands at the same place).
fn element_kind(introspector: &dyn Introspector, location: Location) -> &'static str {
    let kind = |record: &Record| match &record.info {
        TagInfo::Heading { .. } => Some("heading"),
        TagInfo::Figure { .. } => Some("figure"),
        TagInfo::Element(payload) => payload.downcast::<Content>().map(|c| c.elem().name()),
        _ => None,
    };
    let Some(record) = introspector.record(location) else { return "element" };
    kind(record)
        .or_else(|| records_beside(introspector, record).find_map(kind))
        .unwrap_or("element")
}

/// The mark of the page `location` landed on, among the records of `introspector`.
fn find_page_mark(introspector: &dyn Introspector, location: Location) -> Option<&PageMark> {
    let page = introspector.record(location)?.page;
    let records = introspector.records();
    // Records are sorted by page first.
    let start = records.partition_point(|r| r.page < page);
    records[start..].iter().take_while(|r| r.page == page).find_map(|r| match &r.info {
        TagInfo::Element(payload) => payload.downcast::<PageMark>(),
        _ => None,
    })
}

/// Which part of a page's mark a read asks for.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Hash)]
enum PagePart {
    Numbering,
    Supplement,
}

/// The numbering or supplement of the page an element is on, as convergence compares
/// it; `kind` names the element in warnings (`heading`).
struct PageMarkOf {
    location: Location,
    part: PagePart,
    kind: &'static str,
}

impl crate::base::Question for PageMarkOf {
    fn answer(&self, introspector: &dyn Introspector) -> u64 {
        let mut hasher = FxHasher64::default();
        find_page_mark(introspector, self.location)
            .map(|mark| match self.part {
                PagePart::Numbering => mark.numbering.repr(),
                PagePart::Supplement => mark.supplement.repr(),
            })
            .hash(&mut hasher);
        hasher.finish()
    }

    fn describe(&self, introspector: &dyn Introspector) -> EcoString {
        let mark = find_page_mark(introspector, self.location);
        match (self.part, mark) {
            (PagePart::Numbering, Some(mark)) => eco_format!("`{}`", mark.numbering.repr()),
            (PagePart::Numbering, None) => "`none`".into(),
            (PagePart::Supplement, Some(mark)) => match &mark.supplement {
                Value::Auto => "`[page]`".into(),
                Value::None => "`[]`".into(),
                Value::Str(s) => eco_format!("`[{}]`", s.0),
                other => eco_format!("`{}`", other.repr()),
            },
            (PagePart::Supplement, None) => "`[]`".into(),
        }
    }

    fn unsettled(&self, _: &str, observed: &[EcoString]) -> Option<crate::base::Unsettled> {
        let (what, plural) = match self.part {
            PagePart::Numbering => ("numbering", "numberings"),
            PagePart::Supplement => ("supplement", "supplements"),
        };
        let message = eco_format!(
            "{what} of the page on which the {} is located did not stabilize",
            self.kind
        );
        let intro = eco_format!("the following {plural} were observed:");
        Some((message, vec![crate::base::observed_hint(&intro, observed)]))
    }
}

/// The page a location landed on (1 while unknown), as a recorded read.
fn page_of(engine: &mut Engine, location: Location, span: Span, label: &str) -> usize {
    let introspector = engine.introspect(Introspection::PageOf(location), span, label);
    introspector.record(location).map_or(1, |record| record.page)
}

/// The page `context` stands on: known directly in headers and footers, else the page its
/// element landed on in the previous iteration.
fn page_here(engine: &mut Engine, span: Span, label: &str) -> usize {
    match (engine.here.page, engine.here.location) {
        (Some(page), _) => page,
        (None, Some(location)) => page_of(engine, location, span, label),
        (None, None) => 1,
    }
}

/// The counter's value where `context` stands.
fn state_here(
    engine: &mut Engine,
    counter: &Counter,
    span: Span,
    label: &str,
) -> SourceResult<CounterState> {
    if counter.is_page() && !updates::page_counter_updated(engine, span, label) {
        return Ok(CounterState::from_numbers(&[page_here(engine, span, label)]));
    }
    let cutoff = updates::Cutoff::here(engine);
    updates::counter_value(engine, counter, cutoff, span)
}

/// The counter's value at a location: the changes at its place included
/// (`counter(heading).at(<label>)` of a numbered heading is its number).
fn state_at(
    engine: &mut Engine,
    counter: &Counter,
    location: Location,
    span: Span,
    label: &str,
) -> SourceResult<CounterState> {
    if counter.is_page() && !updates::page_counter_updated(engine, span, label) {
        return Ok(CounterState::from_numbers(&[page_of(engine, location, span, label)]));
    }
    updates::counter_value(engine, counter, updates::Cutoff::Through(location), span)
}

/// The counter's value at the end of the document.
fn final_state(
    engine: &mut Engine,
    counter: &Counter,
    span: Span,
    label: &str,
) -> SourceResult<CounterState> {
    if counter.is_page() && !updates::page_counter_updated(engine, span, label) {
        let introspector = engine.introspect(Introspection::PageCount, span, label);
        // A document has at least one page, even before the first layout.
        return Ok(CounterState::from_numbers(&[introspector.pages().max(1)]));
    }
    updates::counter_value(engine, counter, updates::Cutoff::End, span)
}

/// The `numbering` argument of `display`: a pattern, a function or `auto` (`None`).
fn numbering_arg(args: &mut Args) -> SourceResult<Option<Value>> {
    if !args.items.iter().any(|arg| arg.name.is_none()) {
        return Ok(None);
    }
    let (value, value_span) = take_positional(args, "numbering")?;
    match value {
        Value::Auto => Ok(None),
        value @ (Value::Str(_) | Value::Func(_)) => Ok(Some(value)),
        // A type stands for its constructor (`display(str)`).
        Value::Type(ty) => {
            let func = Func::from_value(Value::Type(ty)).map_err(|e| error(value_span, e))?;
            Ok(Some(Value::Func(func)))
        }
        value => Err(error(
            value_span,
            eco_format!("expected string, function, or auto, found {}", value.ty().long_name()),
        )),
    }
}

/// `counter.display(numbering, both: .., at: ..)`: the value formatted by the numbering
/// (without one: the numbering of the element at `at`, else the page numbering in effect
/// for the page counter, else `"1.1"`), with `both` the current and the final top-level
/// number. `at` is `Some(None)` while its target is not known yet (the counter then shows
/// its initial value).
#[allow(clippy::too_many_arguments)]
fn display(
    engine: &mut Engine,
    counter: &Counter,
    numbering: Option<Value>,
    both: bool,
    at: Option<Option<Location>>,
    span: Span,
    label: &str,
) -> SourceResult<Value> {
    // Without a numbering, the element at `at` lends its own; so does, in its show rule,
    // the element being shown (as in Typst, before the styles are asked).
    let located = match (&numbering, at) {
        (None, Some(Some(location))) => located_numbering(engine, counter, location, span),
        (None, None) if !counter.is_page() => match engine.here.location {
            Some(location) => located_numbering(engine, counter, location, span),
            None => None,
        },
        _ => None,
    };
    // The page counter takes the numbering of the page it is displayed for: that of
    // `at`, or of the page `context` stands on (known directly in headers and footers).
    // As in Typst, an unnumbered page shows the number as `"1.1"` would.
    // Until the previous layout knows the page, the numbering where `context` stands.
    let page_at = |engine: &mut Engine, location| match page_numbering_at(engine, location, span) {
        Some(Value::None) => Value::str("1.1"),
        Some(numbering) => numbering,
        None => engine.here.numbering.clone().unwrap_or_else(|| Value::str("1")),
    };
    let located = match (&numbering, at) {
        (None, Some(Some(location))) if counter.is_page() => Some(page_at(engine, location)),
        (None, None) if counter.is_page() && engine.here.page.is_none() => {
            engine.here.location.map(|location| page_at(engine, location))
        }
        _ => located,
    };
    let numbering = numbering.or(located).unwrap_or_else(|| {
        if counter.is_page() {
            engine.here.numbering.clone().unwrap_or_else(|| Value::str("1"))
        } else {
            element_numbering(engine, counter).unwrap_or_else(|| Value::str("1.1"))
        }
    });
    let state = match at {
        None => state_here(engine, counter, span, label)?,
        Some(Some(location)) => state_at(engine, counter, location, span, label)?,
        Some(None) => CounterState::new(),
    };
    let numbers = if both {
        let last = final_state(engine, counter, span, label)?;
        CounterState::from_numbers(&[state.first(), last.first()])
    } else {
        state
    };
    let mut args = Args::new(span, [numbering]);
    for &n in numbers.numbers() {
        args.push(span, Value::Int(n as i64));
    }
    // As in Typst, a numbering displayed `at` a place runs there: `here()` in a numbering
    // function is that place (a figure numbered with its heading's number).
    let outer = match at {
        Some(Some(location)) => {
            let place = Here { location: Some(location), page: None, ..engine.here.clone() };
            Some(std::mem::replace(&mut engine.here, place))
        }
        _ => None,
    };
    let result = Func::from(&super::numbering::NUMBERING).call(engine, args);
    if let Some(outer) = outer {
        engine.here = outer;
    }
    result
}

/// The numbering of the element at `location` when the counter counts elements of its
/// kind (`counter(heading).display(at: <intro>)` numbers as that heading does), as a
/// recorded read of that numbering alone (a `context` there has none, whatever moves).
fn located_numbering(
    engine: &mut Engine,
    counter: &Counter,
    location: Location,
    span: Span,
) -> Option<Value> {
    let CounterKey::Selector(Selector::Elem(elem, _)) = counter.key() else { return None };
    let elem = *elem;
    let mut hasher = FxHasher64::default();
    ("numbering-of", location, elem.name()).hash(&mut hasher);
    let asked = Asked::new(hasher.finish(), NumberingOf { location, elem });
    let introspector = engine.introspect(Introspection::Custom(asked), span, "location");
    numbering_of(introspector, location, elem)
}

/// The numbering of the element of kind `elem` at `location` among the records.
fn numbering_of(
    introspector: &dyn Introspector,
    location: Location,
    elem: crate::model::Element,
) -> Option<Value> {
    let elements = query::Elements::new(introspector.records());
    let found = elements.select(&Selector::Location(location)).ok()?;
    let content = elements.content(*found.first()?);
    match content.field("numbering") {
        Some(value @ (Value::Str(_) | Value::Func(_))) if content.is(elem) => Some(value.clone()),
        _ => None,
    }
}

/// The numbering of the element at a location, as convergence compares it.
struct NumberingOf {
    location: Location,
    elem: crate::model::Element,
}

impl crate::base::Question for NumberingOf {
    fn answer(&self, introspector: &dyn Introspector) -> u64 {
        let mut hasher = FxHasher64::default();
        numbering_of(introspector, self.location, self.elem).map(|v| v.repr()).hash(&mut hasher);
        hasher.finish()
    }

    fn describe(&self, introspector: &dyn Introspector) -> EcoString {
        match numbering_of(introspector, self.location, self.elem) {
            Some(value) => eco_format!("`{}`", value.repr()),
            None => "`none`".into(),
        }
    }
}

/// The numbering that the styles where `context` stands give the elements a counter
/// counts (`set heading(numbering: "1.a")`), if it counts elements of one kind.
fn element_numbering(engine: &Engine, counter: &Counter) -> Option<Value> {
    let CounterKey::Selector(Selector::Elem(elem, _)) = counter.key() else { return None };
    match crate::model::StyleChain::new(&engine.styles).get(*elem, "numbering") {
        Some(value @ (Value::Str(_) | Value::Func(_))) => Some(value.clone()),
        Some(_) => None,
        None if *elem == crate::model::FIGURE => Some(Value::str("1")),
        None => None,
    }
}

/// Queries over the element records of a layout: which elements a selector matches.
mod query {
    use ecow::EcoString;

    use crate::base::{Record, Span, TagInfo};
    use crate::model::{Content, Element, Selector, Value};

    /// The elements among a layout's records, in document order.
    pub struct Elements<'a> {
        records: &'a [Record],
        /// Each element's index among the records, and the element.
        elems: Vec<(usize, &'a Content)>,
    }

    impl<'a> Elements<'a> {
        /// The elements among `records` (which are in document order).
        pub fn new(records: &'a [Record]) -> Self {
            let elems = records
                .iter()
                .enumerate()
                .filter_map(|(i, record)| match &record.info {
                    TagInfo::Element(payload) => payload.downcast::<Content>().map(|c| (i, c)),
                    _ => None,
                })
                .collect();
            Self { records, elems }
        }

        /// Element number `i`.
        pub fn content(&self, i: usize) -> &'a Content {
            self.elems[i].1
        }

        /// The index among the records of element number `i`.
        pub fn record(&self, i: usize) -> usize {
            self.elems[i].0
        }

        /// The numbers of the elements `selector` matches, ascending.
        pub fn select(&self, selector: &Selector) -> Result<Vec<usize>, EcoString> {
            Ok(match selector {
                Selector::Or(list) => {
                    let mut all = Vec::new();
                    for selector in list {
                        all.extend(self.select(selector)?);
                    }
                    all.sort_unstable();
                    all.dedup();
                    all
                }
                Selector::And(list) => {
                    let mut kept: Option<Vec<usize>> = None;
                    for selector in list {
                        let found = self.select(selector)?;
                        kept = Some(match kept {
                            Some(mut kept) => {
                                kept.retain(|i| found.binary_search(i).is_ok());
                                kept
                            }
                            None => found,
                        });
                    }
                    kept.unwrap_or_default()
                }
                Selector::Before { selector, end, inclusive } => {
                    let mut found = self.select(selector)?;
                    if let Some(split) = self.first(end)? {
                        found.retain(|&i| {
                            let at = self.elems[i].0;
                            at < split || (*inclusive && at == split)
                        });
                    }
                    found
                }
                Selector::After { selector, start, inclusive } => {
                    let mut found = self.select(selector)?;
                    if let Some(split) = self.first(start)? {
                        found.retain(|&i| {
                            let at = self.elems[i].0;
                            at > split || (*inclusive && at == split)
                        });
                    }
                    found
                }
                // Records do not say which element holds which: an element is within an
                // ancestor when the ancestor's content holds an element of its kind
                // from the same place in the source.
                Selector::Within { selector, ancestor } => {
                    let mut found = self.select(selector)?;
                    let mut inside = Vec::new();
                    for i in self.select(ancestor)? {
                        descendants(self.elems[i].1, &mut inside);
                    }
                    found.retain(|&i| {
                        let elem = self.elems[i].1;
                        let span = elem.span();
                        !span.is_detached() && inside.contains(&(elem.elem(), span))
                    });
                    found
                }
                Selector::Regex(_) => return Err("text is not locatable".into()),
                Selector::Elem(..) | Selector::Label(_) | Selector::Location(_) => {
                    (0..self.elems.len()).filter(|&i| selector.matches(self.elems[i].1)).collect()
                }
            })
        }

        /// Where the first match of `selector` stands among the records: an element, or,
        /// for a location, any record (a `context`'s).
        fn first(&self, selector: &Selector) -> Result<Option<usize>, EcoString> {
            if let Selector::Location(location) = selector {
                let elem = self.elems.iter().find(|(_, c)| c.location() == Some(*location));
                return Ok(match elem {
                    Some(&(at, _)) => Some(at),
                    None => self.records.iter().position(|r| r.location == *location),
                });
            }
            Ok(self.select(selector)?.first().map(|&i| self.elems[i].0))
        }
    }

    /// The kinds and places of the elements nested in `content`'s fields, at any depth.
    fn descendants(content: &Content, out: &mut Vec<(Element, Span)>) {
        for i in 0..content.elem().fields().len() {
            if let Some(value) = content.field_at(i as u8) {
                nested(value, out);
            }
        }
    }

    /// The kinds and places of the elements in `value`, at any depth.
    fn nested(value: &Value, out: &mut Vec<(Element, Span)>) {
        match value {
            Value::Content(child) => {
                out.push((child.elem(), child.span()));
                descendants(child, out);
            }
            Value::Array(items) => items.as_slice().iter().for_each(|item| nested(item, out)),
            Value::Dict(dict) => dict.iter().for_each(|(_, item)| nested(item, out)),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::{Abs, EmptyIntrospector, Introspector, Point, Read};
    use crate::eval::{EvalMode, Here, MemoryWorld, eval_string};
    use crate::model::CounterUpdate::{Set, Step};

    /// A previous iteration's layout, as records in document order.
    struct FakeIntrospector {
        pages: usize,
        records: Vec<Record>,
    }

    impl Introspector for FakeIntrospector {
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
            let mut matches = self.records.iter().filter(
                |r| matches!(&r.info, TagInfo::Labelled { label: l } if l.as_str() == label),
            );
            match (matches.next(), matches.next()) {
                (Some(record), None) => Some(record),
                _ => None,
            }
        }
    }

    fn loc(n: u64) -> Location {
        Locator::root().child(n).location()
    }

    fn record(n: u64, page: usize, y: f64, info: TagInfo) -> Record {
        Record { location: loc(n), page, position: Point { x: Abs::pt(5.0), y: Abs::pt(y) }, info }
    }

    fn heading(n: u64, page: usize, y: f64, level: usize, numbered: bool) -> Record {
        let info = TagInfo::Heading {
            level,
            numbers: numbered.then(|| "n".into()),
            title: "T".into(),
            outlined: true,
            bookmarked: true,
        };
        record(n, page, y, info)
    }

    fn labelled(n: u64, page: usize, y: f64, label: &str) -> Record {
        record(n, page, y, TagInfo::Labelled { label: label.into() })
    }

    /// Three pages: a heading 1 and context 2 on page 1; a level-2 heading 3, an unnumbered
    /// heading 4, context 5 and `<intro>` 6 on page 2; a heading 7, context 8 and two
    /// `<dup>`s on page 3.
    fn document() -> FakeIntrospector {
        FakeIntrospector {
            pages: 3,
            records: vec![
                heading(1, 1, 10.0, 1, true),
                record(2, 1, 20.0, TagInfo::Context),
                heading(3, 2, 10.0, 2, true),
                heading(4, 2, 20.0, 1, false),
                record(5, 2, 30.0, TagInfo::Context),
                labelled(6, 2, 40.0, "intro"),
                heading(7, 3, 10.0, 1, true),
                record(8, 3, 20.0, TagInfo::Context),
                labelled(9, 3, 30.0, "dup"),
                labelled(10, 3, 40.0, "dup"),
            ],
        }
    }

    /// Inside the `context` element recorded at `n`.
    fn at(n: u64) -> Here {
        Here { location: Some(loc(n)), ..Here::default() }
    }

    /// In a header or footer of `page`, which has no record of its own.
    fn on_page(page: usize) -> Here {
        Here { page: Some(page), ..Here::default() }
    }

    /// Evaluates `code` where `here` says, against `introspector`: the value's repr or the
    /// first error's message, and the reads the evaluation recorded.
    fn run(
        introspector: &dyn Introspector,
        here: Here,
        code: &str,
    ) -> (Result<EcoString, EcoString>, Vec<Read>) {
        let world = MemoryWorld::new("");
        let mut engine = Engine::with_introspector(&world, introspector);
        engine.here = here;
        let result = eval_string(&mut engine, code, Span::detached(), EvalMode::Code, Dict::new());
        // Delayed errors count as they would in the last iteration.
        let result = match (result, engine.delayed.first()) {
            (Ok(_), Some(delayed)) => Err(delayed.message.clone()),
            (result, _) => result.map(|v| v.repr()).map_err(|errors| errors[0].message.clone()),
        };
        (result, engine.reads)
    }

    fn check(here: Here, code: &str, expected: &str) {
        let (result, _) = run(&document(), here, code);
        assert_eq!(result.as_deref(), Ok(expected), "{code}");
    }

    fn check_error(here: Here, code: &str, expected: &str) {
        let (result, _) = run(&document(), here, code);
        assert_eq!(result.as_ref().map_err(EcoString::as_str), Err(expected), "{code}");
    }

    /// The recorded reads as `(question, label)`.
    fn reads(
        introspector: &dyn Introspector,
        here: Here,
        code: &str,
    ) -> Vec<(Introspection, String)> {
        let (result, reads) = run(introspector, here, code);
        assert!(result.is_ok(), "{code}: {result:?}");
        reads.into_iter().map(|r| (r.what, r.label.to_string())).collect()
    }

    /// The recorded reads of the page counter, after the first one, which asks whether
    /// the page counter is updated anywhere.
    fn page_reads(here: Here, code: &str) -> Vec<(Introspection, String)> {
        let mut all = reads(&document(), here, code);
        assert!(matches!(all.first(), Some((Introspection::Custom(_), _))), "{all:?}");
        all.remove(0);
        all
    }

    #[test]
    fn page_counter_in_the_body_reads_the_page_of_its_context() {
        check(at(5), "counter(page).get()", "(2,)");
        check(at(8), "counter(page).get()", "(3,)");
        assert_eq!(
            page_reads(at(5), "counter(page).get()"),
            [(Introspection::PageOf(loc(5)), "the page counter".into())]
        );
    }

    #[test]
    fn page_counter_before_the_first_layout_is_one() {
        let (result, reads) = run(&EmptyIntrospector, at(5), "counter(page).get()");
        assert_eq!(result.as_deref(), Ok("(1,)"));
        assert_eq!(reads.len(), 2, "the reads make the next iteration check it");
    }

    #[test]
    fn page_counter_in_headers_takes_the_page_directly() {
        check(on_page(3), "counter(page).get()", "(3,)");
        assert!(page_reads(on_page(3), "counter(page).get()").is_empty());
    }

    #[test]
    fn page_counter_final_is_the_page_count() {
        check(at(2), "counter(page).final()", "(3,)");
        assert_eq!(
            page_reads(at(2), "counter(page).final()"),
            [(Introspection::PageCount, "the page counter".into())]
        );
        let (result, _) = run(&EmptyIntrospector, at(2), "counter(page).final()");
        assert_eq!(result.as_deref(), Ok("(1,)"));
    }

    #[test]
    fn page_counter_display() {
        check(at(5), "counter(page).display()", "\"2\"");
        check(at(5), "counter(page).display(auto)", "\"2\"");
        check(at(5), "counter(page).display(\"i\")", "\"ii\"");
        check(at(5), "counter(page).display(\"1 of 1\", both: true)", "\"2 of 3\"");
        check(at(5), "counter(page).display(n => n * 10)", "20");
        let numbered = Here { numbering: Some(Value::str("i")), ..on_page(4) };
        check(numbered, "counter(page).display()", "\"iv\"");
        let numbered = Here { numbering: Some(Value::str("I")), ..at(8) };
        check(numbered.clone(), "counter(page).display()", "\"III\"");
        check(numbered, "here().page-numbering()", "\"I\"");
        check(at(8), "here().page-numbering()", "none");
    }

    #[test]
    fn heading_counter_counts_numbered_headings_before_here() {
        check(at(2), "counter(heading).get()", "(1,)");
        check(at(5), "counter(heading).get()", "(1, 1)");
        check(at(8), "counter(heading).get()", "(2,)");
        check(on_page(3), "counter(heading).get()", "(1, 1)");
        check(on_page(1), "counter(heading).get()", "(0,)");
        // One read, whose answer covers the headings before this place.
        let read = reads(&document(), at(5), "counter(heading).get()");
        assert!(
            matches!(read.as_slice(), [(Introspection::Custom(_), l)] if l == "counter(heading)")
        );
        let (Introspection::Custom(asked), _) = &read[0] else { unreachable!() };
        let mut fewer = document();
        fewer.records.remove(2);
        assert_ne!(asked.question().answer(&document()), asked.question().answer(&fewer));
        assert_eq!(asked.question().describe(&document()), "1, 1");
        let (result, _) = run(&EmptyIntrospector, at(5), "counter(heading).get()");
        assert_eq!(result.as_deref(), Ok("(0,)"));
    }

    #[test]
    fn heading_counter_display_and_final() {
        check(at(5), "counter(heading).display()", "\"1.1\"");
        check(at(5), "counter(heading).display(\"I.a\")", "\"I.a\"");
        check(at(5), "counter(heading).display(\"1.1\", both: true)", "\"1.2\"");
        check(at(2), "counter(heading).final()", "(2,)");
        check(at(2), "counter(selector(heading)).final()", "(2,)");
    }

    #[test]
    fn counter_at_a_label_or_location() {
        check(at(2), "counter(page).at(<intro>)", "(2,)");
        check(at(2), "counter(heading).at(<intro>)", "(1, 1)");
        check(at(2), "counter(page).at(here())", "(1,)");
        let mut reads = reads(&document(), at(2), "counter(page).at(<intro>)");
        assert!(matches!(reads.remove(1), (Introspection::Custom(_), _)));
        assert_eq!(
            reads,
            [
                (Introspection::Label("intro".into()), "the page counter".into()),
                (Introspection::PageOf(loc(6)), "the page counter".into())
            ]
        );
        check_error(
            at(2),
            "counter(page).at(<nope>)",
            "label `<nope>` does not exist in the document",
        );
        check_error(at(2), "locate(<dup>)", "label `<dup>` occurs multiple times in the document");
        check_error(
            at(2),
            "counter(page).at(1)",
            "expected label, function, location, or selector, found integer",
        );
    }

    #[test]
    fn unknown_labels_are_delayed_errors() {
        // The error is delayed: it holds only if the label is still missing once the
        // document has settled, which the `Label` read lets the driver see.
        let world = MemoryWorld::new("");
        let mut engine = Engine::with_introspector(&world, &EmptyIntrospector);
        engine.here = at(2);
        let code = "counter(page).at(<nope>)";
        let result = eval_string(&mut engine, code, Span::detached(), EvalMode::Code, Dict::new());
        assert_eq!(result.map(|v| v.repr()).ok().as_deref(), Some("(0,)"));
        assert_eq!(engine.reads[0].what, Introspection::Label("nope".into()));
        let delayed: Vec<_> = engine.delayed.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(delayed, ["label `<nope>` does not exist in the document"]);
    }

    #[test]
    fn other_counters_stay_at_zero() {
        check(at(5), "counter(\"x\").get()", "(0,)");
        check(at(5), "counter(<intro>).final()", "(0,)");
        check(at(5), "counter(figure).display()", "\"0\"");
    }

    #[test]
    fn here_and_locations() {
        check(at(5), "here()", "location(..)");
        check(at(5), "here().page()", "2");
        check(at(5), "here().position()", "(page: 2, x: 5pt, y: 30pt)");
        check(at(5), "locate(<intro>).page()", "2");
        check(at(5), "locate(here()).position().y", "30pt");
        check(at(5), "type(here())", "location");
        check_error(on_page(2), "here()", "the location of this context is not known");
        assert_eq!(
            reads(&document(), at(5), "here().page()"),
            [(Introspection::PageOf(loc(5)), "location.page()".into())]
        );
    }

    #[test]
    fn nothing_is_known_outside_context() {
        for code in ["counter(page).get()", "counter(heading).final()", "here()", "locate(<x>)"] {
            check_error(Here::default(), code, "can only be used when context is known");
        }
    }

    #[test]
    fn updates_are_content() {
        check(at(5), "counter(page).step()", "counter-update(key: page)");
        check(at(5), "counter(\"x\").update(3)", "counter-update(key: \"x\")");
        check(at(5), "state(\"s\", 1).update(2)", "state-update(key: \"s\")");
    }

    /// `document()` with updates: state `s` set to 5 after heading 1 (page 1) and doubled
    /// after context 5 (page 2); counter `c` stepped on page 1 and set to `(7,)` on page 3;
    /// the page counter set to 10 on page 2.
    fn updated() -> FakeIntrospector {
        let update = |n: u64, page: usize, y: f64, content: Content| {
            let content = content.located(loc(n));
            record(n, page, y, TagInfo::Element(crate::base::Payload::update(content, n)))
        };
        let state = crate::model::State::new("s".into(), Value::Int(1));
        let double = eval_value("x => x * 2");
        let counter = Counter::new(CounterKey::Str("c".into()));
        let page = Counter::new(CounterKey::Page);
        let mut doc = document();
        let key = Value::str("c");
        let mut extra = vec![
            update(50, 1, 15.0, state.update(Value::Int(5))),
            update(51, 2, 35.0, state.update(double)),
            update(52, 1, 16.0, crate::model::counter_update(&counter, key.clone(), Step(1))),
            update(53, 3, 50.0, crate::model::counter_update(&counter, key, Set(vec![7]))),
            update(54, 2, 5.0, crate::model::counter_update(&page, Value::None, Set(vec![10]))),
        ];
        doc.records.append(&mut extra);
        doc.records.sort_by(|a, b| {
            (a.page, a.position.y.to_pt()).partial_cmp(&(b.page, b.position.y.to_pt())).unwrap()
        });
        doc
    }

    fn eval_value(code: &str) -> Value {
        let world = MemoryWorld::new("");
        let mut engine = Engine::new(&world);
        eval_string(&mut engine, code, Span::detached(), EvalMode::Code, Dict::new()).unwrap()
    }

    fn check_updated(here: Here, code: &str, expected: &str) {
        let (result, _) = run(&updated(), here, code);
        assert_eq!(result.as_deref(), Ok(expected), "{code}");
    }

    #[test]
    fn states_fold_their_updates_in_document_order() {
        check_updated(at(2), "state(\"s\", 1).get()", "5");
        check_updated(at(5), "state(\"s\", 1).get()", "5");
        check_updated(at(8), "state(\"s\", 1).get()", "10");
        check_updated(at(8), "state(\"other\", 3).get()", "3");
        check_updated(at(2), "state(\"s\", 1).final()", "10");
        check_updated(at(2), "state(\"s\", 1).at(<intro>)", "10");
        let (result, _) = run(&EmptyIntrospector, at(2), "state(\"s\", 1).final()");
        assert_eq!(result.as_deref(), Ok("1"));
    }

    #[test]
    fn counters_fold_their_updates_in_document_order() {
        check_updated(at(2), "counter(\"c\").get()", "(1,)");
        check_updated(at(8), "counter(\"c\").get()", "(1,)");
        check_updated(at(2), "counter(\"c\").final()", "(7,)");
        check_updated(at(2), "counter(page).get()", "(1,)");
        check_updated(at(5), "counter(page).get()", "(10,)");
        check_updated(at(8), "counter(page).get()", "(11,)");
        check_updated(at(2), "counter(page).final()", "(11,)");
    }

    #[test]
    fn page_numbers_follow_page_counter_updates() {
        let number = |introspector: &dyn Introspector, page: usize, end: bool| {
            let world = MemoryWorld::new("");
            let mut engine = Engine::with_introspector(&world, introspector);
            updates::page_number(&mut engine, page, end).unwrap()
        };
        // Without updates, the physical number.
        assert_eq!(number(&document(), 2, true), 2);
        // Page 2 sets the counter to 10: its header still shows 2, its footer 10.
        assert_eq!(number(&updated(), 1, true), 1);
        assert_eq!(number(&updated(), 2, false), 2);
        assert_eq!(number(&updated(), 2, true), 10);
        assert_eq!(number(&updated(), 3, false), 11);
    }

    #[test]
    fn state_reads_settle_on_the_last_plain_value() {
        let (_, reads) = run(&updated(), at(8), "state(\"s\", 1).get()");
        let [Read { what: Introspection::Custom(asked), label, .. }] = reads.as_slice() else {
            panic!("{reads:?}")
        };
        assert_eq!(label, "state(\"s\")");
        assert_eq!(asked.question().describe(&document()), "`1`");
        assert_eq!(asked.question().describe(&updated()), "(computed)");
        assert_eq!(
            asked.question().hints(),
            ["see https://typst.app/help/state-convergence for help"]
        );
        assert_ne!(asked.question().answer(&document()), asked.question().answer(&updated()));
    }

    /// Headings as queries find them: `A` (1) on page 1, `B <b>` (3) on page 2 and the
    /// level-2 `C` (5) on page 3, each with its heading and element records; contexts 2
    /// and 4 after `A` and `B`.
    fn queried() -> FakeIntrospector {
        let elem = |n: u64, page: usize, level: i64, body: &str, label: Option<&str>| {
            let mut records = heading_elem(n, page, level, body);
            if let Some(label) = label {
                let TagInfo::Element(payload) = &records[1].info else { unreachable!() };
                let content = payload.downcast::<Content>().unwrap().clone();
                let info = TagInfo::element(content.labelled(Label(label.into())), n);
                records[1].info = info;
            }
            records
        };
        let mut records = Vec::new();
        records.extend(elem(1, 1, 1, "A", None));
        records.push(record(2, 1, 20.0, TagInfo::Context));
        records.extend(elem(3, 2, 1, "B", Some("b")));
        records.push(labelled(33, 2, 10.0, "b"));
        records.push(record(4, 2, 20.0, TagInfo::Context));
        records.extend(elem(5, 3, 2, "C", None));
        FakeIntrospector { pages: 3, records }
    }

    /// The heading and element records of a heading `n` with this level and body.
    fn heading_elem(n: u64, page: usize, level: i64, body: &str) -> Vec<Record> {
        let content = Content::new(crate::model::HEADING)
            .with_field("level", Value::Int(level))
            .with_field("body", Value::Content(Content::text(body)))
            .located(loc(n));
        let info = TagInfo::element(content, n);
        vec![heading(n, page, 10.0, level as usize, true), record(100 + n, page, 10.0, info)]
    }

    fn check_query(here: Here, code: &str, expected: &str) {
        let (result, _) = run(&queried(), here, code);
        assert_eq!(result.as_deref(), Ok(expected), "{code}");
    }

    #[test]
    fn query_finds_elements_in_document_order() {
        let bodies = ".map(h => h.body.text)";
        check_query(at(2), &format!("query(heading){bodies}"), "(\"A\", \"B\", \"C\")");
        check_query(at(2), &format!("query(heading.where(level: 2)){bodies}"), "(\"C\",)");
        check_query(at(2), &format!("query(<b>){bodies}"), "(\"B\",)");
        check_query(at(2), "query(figure)", "()");
        check_query(at(2), "query(heading).map(h => h.location().page())", "(1, 2, 3)");
        check_query(
            at(2),
            "query(<b>).first().location() == locate(heading.where(level: 2))",
            "false",
        );
        check_query(at(2), "locate(heading.where(level: 2)).page()", "3");
        let (result, _) = run(&EmptyIntrospector, at(2), "query(heading)");
        assert_eq!(result.as_deref(), Ok("()"));
    }

    #[test]
    fn query_before_and_after_split_at_the_first_match() {
        let bodies = ".map(h => h.body.text)";
        let q = |selector: &str| format!("query(selector(heading).{selector}){bodies}");
        check_query(at(2), &q("before(<b>)"), "(\"A\", \"B\")");
        check_query(at(2), &q("before(<b>, inclusive: false)"), "(\"A\",)");
        check_query(at(2), &q("after(<b>)"), "(\"B\", \"C\")");
        check_query(at(2), &q("after(<b>, inclusive: false)"), "(\"C\",)");
        check_query(at(2), &q("after(heading.where(level: 2))"), "(\"C\",)");
        // A location that is no element (a context's) splits where it stands.
        check_query(at(2), &q("before(here())"), "(\"A\",)");
        check_query(at(4), &q("before(here())"), "(\"A\", \"B\")");
        check_query(at(4), &q("after(here())"), "(\"C\",)");
        // Without a match, nothing is split off.
        check_query(at(2), &q("before(<nope>)"), "(\"A\", \"B\", \"C\")");
        check_query(at(2), &q("before(figure)"), "(\"A\", \"B\", \"C\")");
        check_query(at(2), "query(selector(heading).or(<b>)).len()", "3");
        check_query(at(2), "query(selector(heading).and(<b>)).len()", "1");
    }

    #[test]
    fn query_reads_which_elements_match() {
        let (result, reads) = run(&queried(), at(4), "query(selector(heading).before(here()))");
        assert!(result.is_ok());
        let [Read { what: Introspection::Custom(asked), .. }] = reads.as_slice() else {
            panic!("{reads:?}")
        };
        let question = asked.question();
        assert_eq!(question.describe(&queried()), "2");
        assert_eq!(question.describe(&EmptyIntrospector), "0");
        // Another heading after `here()` does not change the answer.
        let mut more = queried();
        more.records.extend(heading_elem(9, 3, 1, "D"));
        assert_eq!(question.answer(&queried()), question.answer(&more));
        let observed = ["0".into(), "1".into(), "2".into()];
        let (message, hints) = question.unsettled("", &observed).unwrap();
        assert_eq!(
            message,
            "number of elements matching `heading.before(location(..))` did not stabilize"
        );
        assert_eq!(
            hints,
            [
                "the following numbers of elements were observed:\n- run 1: 0\n- run 2: 1\n- final: 2"
            ]
        );
        let (message, hints) = question.unsettled("", &["2".into(), "2".into()]).unwrap();
        assert_eq!(
            message,
            "query for elements matching `heading.before(location(..))` did not stabilize"
        );
        assert!(hints.is_empty());
    }

    #[test]
    fn query_errors() {
        check_error(Here::default(), "query(heading)", "can only be used when context is known");
        check_error(at(2), "query(\"a\")", "text is not locatable");
        check_error(
            at(2),
            "query(1)",
            "expected label, function, location, or selector, found integer",
        );
        check(at(2), "query(selector(heading).within(table))", "()");
        let error = |code: &str| run(&queried(), at(2), code).0.unwrap_err();
        let within = "query(selector(heading).within(heading))";
        // A heading holds no heading: nothing is within one.
        assert_eq!(run(&queried(), at(2), within).0, Ok("()".into()));
        assert_eq!(error("locate(figure)"), "selector does not match any element");
        assert_eq!(error("locate(heading)"), "selector matches multiple elements");
    }
}
