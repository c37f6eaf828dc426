//! Introspection: locations of locatable elements, the records layout leaves for them,
//! the read-only `Introspector` trait through which stages ask about the previous
//! iteration, and the `Read`s that convergence checking replays.
//!
//! A `Location` is a hash of an element's place in the content tree (derived through a
//! `Locator`, never from a global counter), so parallel layout gives the same locations in
//! any order. Layout marks where a locatable element lands with a frame `Tag`; the
//! pipeline turns the tags of finished pages into `Record`s, collects them in its store and
//! freezes them into a snapshot that implements `Introspector` for the next iteration.

use std::any::Any;
use std::fmt::{self, Debug, Formatter};
use std::hash::{Hash, Hasher};
use std::num::NonZeroU64;
use std::sync::Arc;

use ecow::EcoString;

use super::{Point, SourceDiagnostic, Span};

/// The identity of a locatable element: 8 bytes with a niche.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash)]
pub struct Location(NonZeroU64);

impl Location {
    /// The raw hash, for diagnostics and sorting.
    pub fn as_u64(self) -> u64 {
        self.0.get()
    }
}

/// Derives locations from places in the content tree: the root, then one step per child
/// index (or other disambiguating key) on the way down.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Hash)]
pub struct Locator(u64);

impl Locator {
    /// The locator of the document's root content.
    pub fn root() -> Self {
        Self(0x5175_6972_6500_0001)
    }

    /// The locator of the child reached by `key` (usually the child's index).
    pub fn child(self, key: u64) -> Self {
        let mut hasher = FxHasher64::default();
        self.0.hash(&mut hasher);
        key.hash(&mut hasher);
        Self(hasher.finish())
    }

    /// The location of the element at this place.
    pub fn location(self) -> Location {
        Location(NonZeroU64::new(self.0).unwrap_or(NonZeroU64::MIN))
    }
}

/// What a tag says about the element it marks.
#[derive(Debug, Clone, Eq, PartialEq, Hash)]
pub enum TagInfo {
    /// A heading.
    Heading {
        level: usize,
        /// The heading's number as displayed (`1.2`), if numbered.
        numbers: Option<EcoString>,
        /// The body as plain text.
        title: EcoString,
        outlined: bool,
        bookmarked: bool,
    },
    /// A figure.
    Figure {
        /// The word references use ("Figure", "Table"), if any.
        supplement: Option<EcoString>,
        /// The figure's number as displayed, if numbered.
        numbers: Option<EcoString>,
    },
    /// A `context` expression's place (its page answers `here()` and `counter(page)`).
    Context,
    /// Labelled content (for links to labels and later queries).
    Labelled { label: EcoString },
    /// A locatable element as queries see it (`query(heading)`): for headings, figures
    /// and labelled content, the realizer's materialized element with its location set.
    Element(Payload),
}

impl TagInfo {
    /// The info of an element tag carrying `value`, identified by `fingerprint`.
    pub fn element<T: Any + Send + Sync>(value: T, fingerprint: u64) -> Self {
        Self::Element(Payload::new(value, fingerprint))
    }
}

/// Something a tag carries for a later stage that the stages in between only move: the
/// realizer puts an element here and evaluation reads it back, while `base`, layout and
/// the store need not know its type. Payloads compare (and hash) by a fingerprint that
/// the maker computes once from the contents, so that equal contents give equal tags.
#[derive(Clone)]
pub struct Payload {
    value: Arc<dyn Any + Send + Sync>,
    fingerprint: u64,
    /// Whether the payload changes a state or counter (snapshots index those, so that
    /// documents without updates pay nothing for them).
    update: bool,
}

impl Payload {
    /// Wraps `value`, identified by `fingerprint` (a hash of everything that matters
    /// about it).
    pub fn new<T: Any + Send + Sync>(value: T, fingerprint: u64) -> Self {
        Self { value: Arc::new(value), fingerprint, update: false }
    }

    /// Wraps `value`, a change of a state or counter, identified by `fingerprint`.
    pub fn update<T: Any + Send + Sync>(value: T, fingerprint: u64) -> Self {
        Self { value: Arc::new(value), fingerprint, update: true }
    }

    /// Whether the payload changes a state or counter.
    pub fn is_update(&self) -> bool {
        self.update
    }

    /// The value, if it is a `T`.
    pub fn downcast<T: Any>(&self) -> Option<&T> {
        self.value.downcast_ref()
    }

    /// The fingerprint the payload was made with.
    pub fn fingerprint(&self) -> u64 {
        self.fingerprint
    }
}

impl PartialEq for Payload {
    fn eq(&self, other: &Self) -> bool {
        self.fingerprint == other.fingerprint
    }
}

impl Eq for Payload {}

impl Hash for Payload {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.fingerprint.hash(state);
    }
}

impl Debug for Payload {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        write!(f, "Payload({:016x})", self.fingerprint)
    }
}

/// A mark in a frame: the element at `location` starts here.
#[derive(Debug, Clone, Eq, PartialEq, Hash)]
pub struct Tag {
    pub location: Location,
    pub info: TagInfo,
}

/// Where a tagged element landed in one iteration.
#[derive(Debug, Clone, PartialEq)]
pub struct Record {
    pub location: Location,
    /// The physical page, from 1.
    pub page: usize,
    /// The position on the page, from its top-left corner.
    pub position: Point,
    pub info: TagInfo,
}

/// Read-only answers about the previous iteration's layout.
pub trait Introspector: Send + Sync {
    /// The number of pages (0 before the first iteration).
    fn pages(&self) -> usize;

    /// The record of a location, if it was laid out.
    fn record(&self, location: Location) -> Option<&Record>;

    /// All records in document order (page, then position, then location).
    fn records(&self) -> &[Record];

    /// The record of the element with this label, if exactly one has it.
    fn label(&self, label: &str) -> Option<&Record>;

    /// The answer to [`Introspection::Elements`] (see [`elements_answer`]); snapshots
    /// that are asked often compute it once.
    fn elements_answer(&self) -> u64 {
        Introspection::elements_answer(self.records())
    }

    /// The indices of the records whose payload is an update (see [`Payload::update`]),
    /// in order, if the introspector keeps them; `None` means that any record may be one.
    fn updates(&self) -> Option<&[usize]> {
        None
    }
}

/// The indices among `introspector.records()` of the records that may be updates, in
/// order: all of them unless the introspector keeps an index.
pub fn update_indices(introspector: &dyn Introspector) -> Vec<usize> {
    match introspector.updates() {
        Some(indices) => indices.to_vec(),
        None => (0..introspector.records().len())
            .filter(|&i| {
                matches!(&introspector.records()[i].info, TagInfo::Element(p) if p.is_update())
            })
            .collect(),
    }
}

/// The introspector of iteration 0: nothing is known yet.
#[derive(Debug, Default, Copy, Clone)]
pub struct EmptyIntrospector;

impl Introspector for EmptyIntrospector {
    fn pages(&self) -> usize {
        0
    }

    fn record(&self, _: Location) -> Option<&Record> {
        None
    }

    fn records(&self) -> &[Record] {
        &[]
    }

    fn label(&self, _: &str) -> Option<&Record> {
        None
    }
}

/// One question a document asked an introspector.
#[derive(Debug, Clone, Eq, PartialEq, Hash)]
pub enum Introspection {
    /// The number of pages (`counter(page).final()`).
    PageCount,
    /// The page an element landed on (`here().page()`, `counter(page).get()` in the body).
    PageOf(Location),
    /// Where an element landed (`locate`).
    PositionOf(Location),
    /// The headings and figures in document order (outlines, references).
    Headings,
    /// Which elements carry a label (references, `locate(<label>)`).
    Label(EcoString),
    /// What the element at a location stands for when referenced: the heading or figure
    /// placed where it is, without its page (`@label`; see [`target_record`]).
    TargetOf(Location),
    /// The queryable elements in document order, with their pages (`query(..)`).
    Elements,
    /// A question that a later layer defines (the value of a state or counter at a
    /// place), answered from the records by its own rules.
    Custom(Asked),
}

/// A question whose rules live above `base`: how to answer it from the records (as a
/// hash that convergence compares) and how to put that answer in words for a warning.
pub trait Question: Send + Sync {
    /// The answer against `introspector`, as a hash.
    fn answer(&self, introspector: &dyn Introspector) -> u64;

    /// The answer against `introspector` in words, for non-convergence hints.
    fn describe(&self, introspector: &dyn Introspector) -> EcoString;

    /// Further hints for a warning about this question not settling.
    fn hints(&self) -> &'static [&'static str] {
        &[]
    }

    /// The warning about this question not settling, as its message and hints, given
    /// `label` (how the user asked) and the answers in words of every run (the last one
    /// final); `None` for the usual wording (`value of .. did not converge`).
    fn unsettled(&self, _label: &str, _observed: &[EcoString]) -> Option<Unsettled> {
        None
    }
}

/// The message and hints of a warning about a question that did not settle.
pub type Unsettled = (EcoString, Vec<EcoString>);

/// The hint that lists what every run saw: `intro`, then `- run N: ..` per run and
/// `- final: ..` for the last of `observed`.
pub fn observed_hint(intro: &str, observed: &[EcoString]) -> EcoString {
    let mut hint = EcoString::from(intro);
    let last = observed.len().saturating_sub(1);
    for (i, answer) in observed.iter().enumerate() {
        if i == last {
            hint.push_str(&ecow::eco_format!("\n- final: {answer}"));
        } else {
            hint.push_str(&ecow::eco_format!("\n- run {}: {answer}", i + 1));
        }
    }
    hint
}

/// A [`Question`] with its identity: two asked questions are the same when their ids
/// are (the asker hashes everything that makes the question what it is).
#[derive(Clone)]
pub struct Asked {
    id: u64,
    question: Arc<dyn Question>,
}

impl Asked {
    /// The question `question`, identified by `id`.
    pub fn new(id: u64, question: impl Question + 'static) -> Self {
        Self { id, question: Arc::new(question) }
    }

    /// The question itself.
    pub fn question(&self) -> &dyn Question {
        &*self.question
    }
}

impl PartialEq for Asked {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
    }
}

impl Eq for Asked {}

impl Hash for Asked {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.id.hash(state);
    }
}

impl Debug for Asked {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        write!(f, "Asked({:016x})", self.id)
    }
}

impl Introspection {
    /// The hash of the element records among `records` (their fingerprints and pages):
    /// what [`Introspection::Elements`] answers.
    pub fn elements_answer(records: &[Record]) -> u64 {
        let mut hasher = FxHasher64::default();
        for record in records {
            if let TagInfo::Element(payload) = &record.info {
                payload.fingerprint().hash(&mut hasher);
                record.page.hash(&mut hasher);
            }
        }
        hasher.finish()
    }

    /// The answer against `introspector`, as a hash that convergence compares.
    pub fn answer(&self, introspector: &dyn Introspector) -> u64 {
        let mut hasher = FxHasher64::default();
        match self {
            Self::PageCount => introspector.pages().hash(&mut hasher),
            Self::PageOf(loc) => introspector.record(*loc).map(|r| r.page).hash(&mut hasher),
            Self::PositionOf(loc) => introspector
                .record(*loc)
                .map(|r| (r.page, r.position.x.to_pt().to_bits(), r.position.y.to_pt().to_bits()))
                .hash(&mut hasher),
            Self::Headings => {
                for record in introspector.records() {
                    if let TagInfo::Heading { .. } | TagInfo::Figure { .. } = record.info {
                        record.info.hash(&mut hasher);
                        record.page.hash(&mut hasher);
                    }
                }
            }
            Self::Label(name) => {
                for record in introspector.records() {
                    if matches!(&record.info, TagInfo::Labelled { label } if label == name) {
                        record.location.hash(&mut hasher);
                    }
                }
            }
            Self::TargetOf(loc) => {
                target_record(introspector, *loc).map(|r| &r.info).hash(&mut hasher)
            }
            Self::Elements => return introspector.elements_answer(),
            Self::Custom(asked) => return asked.question().answer(introspector),
        }
        hasher.finish()
    }

    /// The answer against `introspector` in words, for non-convergence hints: the value
    /// the document saw (a page count is at least 1, as `counter(page).final()` answers).
    pub fn describe_answer(&self, introspector: &dyn Introspector) -> EcoString {
        match self {
            Self::PageCount => ecow::eco_format!("{}", introspector.pages().max(1)),
            // An element not laid out yet reads as standing at the top of page 1.
            Self::PageOf(loc) => {
                ecow::eco_format!("page {}", introspector.record(*loc).map_or(1, |r| r.page))
            }
            Self::PositionOf(loc) => match introspector.record(*loc) {
                Some(r) => ecow::eco_format!(
                    "page {} at ({}pt, {}pt)",
                    r.page,
                    round_pt(r.position.x.to_pt()),
                    round_pt(r.position.y.to_pt())
                ),
                None => "page 1 at (0pt, 0pt)".into(),
            },
            Self::Headings => {
                let count = introspector
                    .records()
                    .iter()
                    .filter(|r| matches!(r.info, TagInfo::Heading { .. }))
                    .count();
                ecow::eco_format!("{count} headings")
            }
            Self::Label(name) => ecow::eco_format!("{}", labelled(introspector, name)),
            Self::TargetOf(loc) => match target_record(introspector, *loc).map(|r| &r.info) {
                Some(TagInfo::Heading { numbers: Some(numbers), .. }) => {
                    ecow::eco_format!("heading {numbers}")
                }
                Some(TagInfo::Figure { numbers: Some(numbers), .. }) => {
                    ecow::eco_format!("figure {numbers}")
                }
                Some(TagInfo::Heading { .. } | TagInfo::Figure { .. }) => "unnumbered".into(),
                _ => "unknown".into(),
            },
            Self::Elements => {
                let count = introspector
                    .records()
                    .iter()
                    .filter(|r| matches!(r.info, TagInfo::Element(_)))
                    .count();
                ecow::eco_format!("{count} elements")
            }
            Self::Custom(asked) => asked.question().describe(introspector),
        }
    }

    /// Further hints for a warning about this question not settling.
    pub fn hints(&self) -> &'static [&'static str] {
        match self {
            Self::Custom(asked) => asked.question().hints(),
            _ => &[],
        }
    }

    /// The warning about this question not settling, if it is worded otherwise than
    /// `value of .. did not converge` (see [`Question::unsettled`]); `last` is the last
    /// layout, which names the element whose place kept changing.
    pub fn unsettled(
        &self,
        label: &str,
        observed: &[EcoString],
        last: &dyn Introspector,
    ) -> Option<Unsettled> {
        match self {
            Self::Custom(asked) => asked.question().unsettled(label, observed),
            Self::Label(name) => {
                let same = matches!(observed, [.., a, b] if a == b);
                let hint =
                    observed_hint("the following numbers of elements were observed:", observed);
                Some((
                    ecow::eco_format!(
                        "query for a unique element labelled `<{name}>` did not stabilize"
                    ),
                    if same { Vec::new() } else { vec![hint] },
                ))
            }
            Self::PageOf(_) => Some((
                "page number of the element did not stabilize".into(),
                vec![observed_hint("the following page numbers were observed:", observed)],
            )),
            Self::PositionOf(loc) => {
                let kind = match last.record(*loc).map(|r| &r.info) {
                    Some(TagInfo::Heading { .. }) => "heading",
                    Some(TagInfo::Figure { .. }) => "figure",
                    _ => "element",
                };
                Some((
                    ecow::eco_format!("{kind} position did not stabilize"),
                    vec![observed_hint("the following positions were observed:", observed)],
                ))
            }
            _ => None,
        }
    }
}

/// A length in points as warnings show it: at most two decimals (`10`, `110.87`).
fn round_pt(pt: f64) -> f64 {
    (pt * 100.0).round() / 100.0
}

/// The heading or figure placed exactly where the element at `location` was (a label
/// marks the element it is attached to with a record of its own at the same place).
pub fn target_record(introspector: &dyn Introspector, location: Location) -> Option<&Record> {
    let marked = introspector.record(location)?;
    let records = introspector.records();
    // Records are sorted by page first.
    let start = records.partition_point(|r| r.page < marked.page);
    records[start..].iter().take_while(|r| r.page == marked.page).find(|r| {
        r.position == marked.position
            && matches!(r.info, TagInfo::Heading { .. } | TagInfo::Figure { .. })
    })
}

/// A question asked during one iteration, with its answer's hash and the code that asked.
#[derive(Debug, Clone, PartialEq)]
pub struct Read {
    pub what: Introspection,
    pub answer: u64,
    /// The expression that asked (for warnings).
    pub span: Span,
    /// What was asked, as the user wrote it (`counter(page).final()`).
    pub label: EcoString,
}

/// A small deterministic hasher (FxHash's 64-bit mix): the same hashes on every platform
/// and run, unlike std's randomly seeded one.
#[derive(Debug, Default, Copy, Clone)]
pub struct FxHasher64 {
    hash: u64,
}

impl Hasher for FxHasher64 {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn finish(&self) -> u64 {
        self.hash
    }
}

/// How many elements carry the label `name`.
pub fn labelled(introspector: &dyn Introspector, name: &str) -> usize {
    introspector
        .records()
        .iter()
        .filter(|r| matches!(&r.info, TagInfo::Labelled { label } if label == name))
        .count()
}

/// The error for a label that no element, or several, carry.
pub fn missing_label(introspector: &dyn Introspector, name: &str, span: Span) -> SourceDiagnostic {
    let message = if labelled(introspector, name) > 1 {
        ecow::eco_format!("label `<{name}>` occurs multiple times in the document")
    } else {
        ecow::eco_format!("label `<{name}>` does not exist in the document")
    };
    SourceDiagnostic::error(span, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locations_depend_on_the_path_only() {
        let a = Locator::root().child(3).child(1).location();
        let b = Locator::root().child(3).child(1).location();
        let c = Locator::root().child(1).child(3).location();
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_ne!(Locator::root().child(3).location(), a);
    }

    #[test]
    fn empty_introspector_answers_nothing() {
        let loc = Locator::root().child(0).location();
        let empty = EmptyIntrospector;
        assert_eq!(empty.pages(), 0);
        assert_eq!(Introspection::PageOf(loc).describe_answer(&empty), "page 1");
        assert_eq!(Introspection::PositionOf(loc).describe_answer(&empty), "page 1 at (0pt, 0pt)");
        assert_eq!(
            Introspection::PageCount.answer(&empty),
            Introspection::PageCount.answer(&EmptyIntrospector)
        );
    }

    #[test]
    fn elements_answer_covers_fingerprints_and_pages_only() {
        let record = |n: u64, page: usize, info: TagInfo| Record {
            location: Locator::root().child(n).location(),
            page,
            position: Point::default(),
            info,
        };
        let answer = |records: &[Record]| Introspection::elements_answer(records);
        let base = [record(1, 1, TagInfo::element("a", 7)), record(2, 1, TagInfo::Context)];
        assert_eq!(answer(&base), answer(&[record(1, 1, TagInfo::element("b", 7))]));
        assert_ne!(answer(&base), answer(&[record(1, 2, TagInfo::element("a", 7))]));
        assert_ne!(answer(&base), answer(&[record(1, 1, TagInfo::element("a", 8))]));
        assert_ne!(answer(&base), answer(&[]));
        let TagInfo::Element(payload) = &base[0].info else { unreachable!() };
        assert_eq!(payload.downcast::<&str>(), Some(&"a"));
        assert_eq!(payload.downcast::<u8>(), None);
        assert_eq!(format!("{payload:?}"), "Payload(0000000000000007)");
    }
}
