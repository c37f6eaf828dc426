//! Footnotes: a `footnote` element → its marker (the note's number, raised and linked to
//! its entry), and a `footnote.entry` → the entry's look (indent, raised number linked
//! back to the marker, body). Flow layout makes an entry for each note it places (see
//! `layout::flow`), realized with the page run's styles, so `footnote.entry` set and
//! show rules apply to it as in Typst.
//!
//! A note's number is the footnote counter's value at the note, read from the previous
//! layout's records, displayed with the note's `numbering`. A footnote whose body is a
//! label (`footnote(<note>)`, or `@note` for a labelled footnote) shows the number of
//! the note it names and gets no entry; it does not step the counter.

use std::hash::{Hash, Hasher};

use ecow::eco_format;

use super::Spacing;
use super::builtin::get;
use super::walk::Realizer;
use crate::base::{
    Em, FxHasher64, Introspection, Location, Locator, SourceResult, Span, Tag, TagInfo,
};
use crate::doc::Destination;
use crate::eval::Here;
use crate::model::{
    Args, Content, Counter, CounterKey, FOOTNOTE, FOOTNOTE_ENTRY, Label, Length, Rel, SUPER,
    Selector, Styles, Value,
};

/// The locator key of the entry among the places derived from its note's location.
const ENTRY_KEY: u64 = 0x666e_656e_7472_7900;

/// The gap between an entry's number and its body (Typst's weak `h(0.05em)`).
const NUMBER_GAP: f64 = 0.05;

/// The place of the entry of the note at `note`: derived from the note's location, so
/// that the marker can link to the entry without looking for it.
pub fn entry_locator(note: Location) -> Locator {
    Locator::root().child(note.as_u64()).child(ENTRY_KEY)
}

/// The entry of `note` (a located footnote whose body is content), as flow layout lays
/// it out at the bottom of the region where the note's marker landed.
pub fn footnote_entry(note: &Content) -> Content {
    let span = note.span();
    let mut entry =
        Content::new(FOOTNOTE_ENTRY).with_field("note", Value::Content(note.clone())).spanned(span);
    if let Some(location) = note.location() {
        entry = entry.located(entry_locator(location).location());
    }
    entry
}

/// Whether `content` is a footnote that refers to another one by label.
pub fn is_reference(content: &Content) -> bool {
    content.is(FOOTNOTE) && matches!(content.field("body"), Some(Value::Label(_)))
}

/// Shows a footnote: a weak zero space (which removes the space before it, as Typst's
/// `h(0pt, weak: true)` does) and the note's number raised, linked to its entry.
pub(super) fn footnote(
    r: &mut Realizer,
    elem: &Content,
    styles: &Styles,
    loc: Locator,
) -> SourceResult<()> {
    let span = elem.span();
    let own = elem.location().unwrap_or_else(|| loc.location());
    let declared = match elem.field("body") {
        Some(Value::Label(label)) => match declaration(r, label, own, span)? {
            Some(location) => location,
            // Not known yet: the delayed error or the next iteration decides.
            None => own,
        },
        _ => own,
    };
    let numbering = get(elem, styles, "numbering");
    let number = number(r, declared, numbering, styles, span)?;
    r.h(Spacing::Rel(Rel::default()), true, styles, span);
    let dest = position(r, entry_locator(declared).location(), span);
    raised(r, number, dest, styles, loc.child(1))
}

/// Shows a footnote entry: its indent, the note's number raised and linked to the note,
/// a small weak gap and the note's body. An entry whose note was never placed (one made
/// by hand) has no number to show: Typst's error.
pub(super) fn entry(
    r: &mut Realizer,
    elem: &Content,
    styles: &Styles,
    loc: Locator,
) -> SourceResult<()> {
    let span = elem.span();
    let note = match elem.field("note") {
        Some(Value::Content(note)) => note.clone(),
        _ => Content::empty(),
    };
    let Some(declared) = note.location() else {
        crate::bail!(span, "footnote entry must have a location";
            hint: "try using a query or a show rule to customize the footnote instead");
    };
    let numbering = note.field("numbering").cloned().unwrap_or_else(|| Value::str("1"));
    let number = number(r, declared, numbering, styles, span)?;
    if let Value::Length(indent) = get(elem, styles, "indent") {
        r.h(Spacing::Rel(Rel::from(indent)), false, styles, span);
    }
    let dest = position(r, declared, span);
    raised(r, number, dest, styles, loc.child(1))?;
    let gap = Rel::from(Length::em(Em::new(NUMBER_GAP)));
    r.h(Spacing::Rel(gap), true, styles, span);
    if let Some(Value::Content(body)) = note.field("body") {
        r.visit(body, styles, loc.child(2))?;
    }
    Ok(())
}

/// Realizes `number` as a superscript, linked to `dest` when known.
fn raised(
    r: &mut Realizer,
    number: Content,
    dest: Option<Destination>,
    styles: &Styles,
    loc: Locator,
) -> SourceResult<()> {
    let span = number.span();
    let sup = Content::new(SUPER).with_field("body", Value::Content(number)).spanned(span);
    let dest = dest.or_else(|| r.link.clone());
    let outer = std::mem::replace(&mut r.link, dest);
    let result = r.visit(&sup, styles, loc);
    r.link = outer;
    result
}

/// The location of the note that a footnote refers to by `label`: the labelled
/// element's, which must be a footnote other than this one (followed further if it
/// refers on). `None` while the label is not known (a delayed error if it stays so).
fn declaration(
    r: &mut Realizer,
    label: &Label,
    own: Location,
    span: Span,
) -> SourceResult<Option<Location>> {
    let name = label.as_str();
    let what = eco_format!("footnote(<{name}>)");
    let introspector = r.engine.introspect(Introspection::Label(name.into()), span, what.clone());
    let Some(record) = introspector.label(name) else {
        r.engine.delay(crate::base::missing_label(introspector, name, span));
        return Ok(None);
    };
    let location = record.location;
    let introspector = r.engine.introspect(Introspection::Elements, span, what);
    let target = introspector.records().iter().find_map(|record| match &record.info {
        TagInfo::Element(payload) => {
            payload.downcast::<Content>().filter(|elem| elem.location() == Some(location))
        }
        _ => None,
    });
    let Some(target) = target.filter(|elem| elem.is(FOOTNOTE)).cloned() else {
        crate::bail!(span, "referenced element should be a footnote");
    };
    if location == own {
        crate::bail!(span, "footnote cannot reference itself");
    }
    match target.field("body") {
        Some(Value::Label(next)) => declaration(r, next, location, span),
        _ => Ok(Some(location)),
    }
}

/// The footnote counter at the note at `declared`, displayed with `numbering`.
fn number(
    r: &mut Realizer,
    declared: Location,
    numbering: Value,
    styles: &Styles,
    span: Span,
) -> SourceResult<Content> {
    let counter = Counter::new(CounterKey::Selector(Selector::Elem(FOOTNOTE, None)));
    let mut args = Args::new(span, [numbering]);
    args.push_named(span, span, "at".into(), Value::Location(declared));
    let here = Here { location: Some(declared), page: r.engine.here.page, numbering: None };
    let outer = std::mem::replace(&mut r.engine.here, here);
    let outer_styles = std::mem::replace(&mut r.engine.styles, styles.clone());
    let result =
        crate::eval::library::counter_method(r.engine, &counter, "display", &mut args, span);
    r.engine.here = outer;
    r.engine.styles = outer_styles;
    Ok(result?.display().spanned(span))
}

/// Where the element at `location` stood in the previous layout, as a link destination.
fn position(r: &mut Realizer, location: Location, span: Span) -> Option<Destination> {
    let question = Introspection::PositionOf(location);
    let introspector = r.engine.introspect(question, span, "footnote link");
    let record = introspector.record(location)?;
    let page = std::num::NonZeroUsize::new(record.page)?;
    Some(Destination::Position { page, point: record.position })
}

/// The tag through which queries find an entry (made by [`footnote_entry`]): layout
/// puts it into the entry's frame, whatever show rules made of the entry.
pub fn entry_tag(entry: &Content) -> Option<Tag> {
    let location = entry.location()?;
    let mut hasher = FxHasher64::default();
    location.as_u64().hash(&mut hasher);
    entry.repr().hash(&mut hasher);
    Some(Tag { location, info: TagInfo::element(entry.clone(), hasher.finish()) })
}
