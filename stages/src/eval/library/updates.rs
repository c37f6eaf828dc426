//! States and counter changes: `state(key, init)` with its methods (`get`, `at`,
//! `final`, `update`), the counter methods that place changes (`step`, `update`), and the
//! value of a state or counter at a place, folded from the changes that the previous
//! layout placed before it.
//!
//! A change is an invisible element (`model::state`) whose tag the previous layout left
//! in document order. The value of a state at a place is its initial value with every
//! update before the place applied in order (functions called with the old value); that
//! of a counter is `(0,)` with every step, set or function applied, where the counter of
//! a selector also steps at each matching element (a numbered heading at its level, a
//! numbered figure or equation, any other element by one).
//!
//! Each value is a recorded read (`Introspection::Custom`) whose answer is a hash of the
//! changes that decide it: from the last plain value on (a later function may still
//! change it), so a value that settles converges even if earlier updates keep changing.

use std::hash::{Hash, Hasher};

use ecow::{EcoString, eco_format};

use crate::base::{
    Asked, FxHasher64, Introspection, Introspector, Location, Point, Question, Record,
    SourceResult, Span, TagInfo, update_indices,
};
use crate::eval::Engine;
use crate::model::{
    Args, Content, Counter, CounterKey, CounterState, CounterUpdate, EQUATION, FIGURE, FromValue,
    Func, HEADING, Selector, State, Value, fingerprint, read_counter_update, read_state_update,
};

/// The methods of states, for method dispatch.
pub const STATE_METHODS: &[&str] = &["get", "at", "final", "update"];

/// `state(key, init)`.
pub fn construct_state(args: &mut Args) -> SourceResult<Value> {
    if let Some(arg) = args.items.iter().find(|arg| arg.name.as_deref() == Some("key")) {
        crate::bail!(arg.span, "the argument `key` is positional"; hint: "try removing `key:`");
    }
    let (key, key_span) = super::introspection::take_positional(args, "key")?;
    let key = match key {
        Value::Str(key) => key.0,
        value => {
            let message = eco_format!("expected string, found {}", value.ty().long_name());
            crate::bail!(key_span, "{message}");
        }
    };
    let init = match args.items.iter().position(|arg| arg.name.is_none()) {
        Some(i) => args.items.remove(i).value,
        None => Value::None,
    };
    Ok(Value::State(State::new(key, init).into()))
}

/// Calls `state.name(args)`.
pub fn state_method(
    engine: &mut Engine,
    state: &State,
    name: &str,
    args: &mut Args,
    span: Span,
) -> SourceResult<Value> {
    match name {
        "get" | "final" => {
            args.take().finish()?;
            super::introspection::require_context(engine, span)?;
            let cutoff = if name == "get" { Cutoff::here(engine) } else { Cutoff::End };
            state_value(engine, state, cutoff, span)
        }
        "at" => {
            let target = super::introspection::take_positional(args, "selector")?;
            args.take().finish()?;
            super::introspection::check_locatable(&target)?;
            super::introspection::require_context(engine, span)?;
            let label = state_label(state);
            match super::introspection::resolve(engine, target, span, &label)? {
                Some(location) => state_value(engine, state, Cutoff::Through(location), span),
                None => Ok(state.init().clone()),
            }
        }
        "update" => {
            let (update, _) = super::introspection::take_positional(args, "update")?;
            args.take().finish()?;
            Ok(Value::Content(state.update(update).spanned(span)))
        }
        _ => crate::bail!(span, "type state has no method `{name}`"),
    }
}

/// `counter.step(level: ..)`: the element that steps the counter.
pub fn counter_step(counter: &Counter, args: &mut Args) -> SourceResult<Value> {
    let level = match args.named_spanned::<i64>("level")? {
        Some((level, _)) if level > 0 => level as usize,
        Some((_, level_span)) => crate::bail!(level_span, "number must be positive"),
        None => 1,
    };
    args.take().finish()?;
    let update = CounterUpdate::Step(level);
    Ok(Value::Content(crate::model::counter_update(counter, key_value(counter), update)))
}

/// `counter.update(value)`: the element that sets the counter to an integer or an array
/// of them, or to what a function makes of its numbers.
pub fn counter_set(counter: &Counter, args: &mut Args, span: Span) -> SourceResult<Value> {
    let (value, value_span) = super::introspection::take_positional(args, "update")?;
    args.take().finish()?;
    let natural = |value: &Value| match value {
        Value::Int(n) if *n >= 0 => Ok(*n as usize),
        Value::Int(_) => Err(eco_format!("number must be at least zero")),
        other => Err(eco_format!("expected integer, found {}", other.ty().long_name())),
    };
    let update = match value {
        Value::Int(_) => CounterUpdate::Set(vec![natural(&value).map_err(|e| err(value_span, e))?]),
        Value::Array(items) => CounterUpdate::Set(
            items
                .as_slice()
                .iter()
                .map(natural)
                .collect::<Result<_, _>>()
                .map_err(|e| err(value_span, e))?,
        ),
        Value::Func(func) => CounterUpdate::Func(func),
        // Callable symbols and types with a constructor are functions too.
        value @ (Value::Symbol(_) | Value::Type(_)) => {
            CounterUpdate::Func(Func::from_value(value).map_err(|e| err(value_span, e))?)
        }
        other => crate::bail!(
            value_span,
            "expected integer, array, or function, found {}",
            other.ty().long_name()
        ),
    };
    let elem = crate::model::counter_update(counter, key_value(counter), update);
    Ok(Value::Content(elem.spanned(span)))
}

fn err(span: Span, message: EcoString) -> ecow::EcoVec<crate::base::SourceDiagnostic> {
    ecow::eco_vec![crate::base::SourceDiagnostic::error(span, message)]
}

/// A counter's key as its update's `key` field: the page function, a string, or a
/// selector (also for an element function, a label or a location, as in Typst).
fn key_value(counter: &Counter) -> Value {
    match counter.key() {
        CounterKey::Page => Value::Func(crate::model::PAGE.into()),
        CounterKey::Selector(selector) => Value::Selector(selector.clone().into()),
        CounterKey::Location(location) => Value::Selector(Selector::Location(*location).into()),
        CounterKey::Str(name) => Value::str(name.clone()),
    }
}

/// How warnings name a state: `state("key")`.
fn state_label(state: &State) -> EcoString {
    eco_format!("state({})", crate::model::repr_str(state.key()))
}

/// Where a value is asked for.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Hash)]
pub(super) enum Cutoff {
    /// Where `context` stands: through the record of its location (a show rule's
    /// context is its element's, whose own step counts), or, without one (a header),
    /// at the top of its page.
    Here(Option<Location>, Option<usize>),
    /// Through a location: the changes at its place included.
    Through(Location),
    /// At the start or the end of a page (its automatic header or footer).
    Page { page: usize, end: bool },
    /// At the end of the document.
    End,
}

impl Cutoff {
    /// Where the `context` being evaluated stands.
    pub fn here(engine: &Engine) -> Self {
        Self::Here(engine.here.location, engine.here.page)
    }

    /// How many of `records` (in document order) come before the cutoff.
    fn index(self, records: &[Record]) -> usize {
        let find = |location: Location| records.iter().position(|r| r.location == location);
        // The start of a page includes what stands between it and the page before (at
        // its very origin, before the header).
        let start = |page: usize| {
            records.partition_point(|r| {
                r.page < page || (r.page == page && r.position == Point::zero())
            })
        };
        match self {
            Self::End => records.len(),
            Self::Page { page, end: false } => start(page),
            Self::Page { page, end: true } => records.partition_point(|r| r.page <= page),
            Self::Here(location, page) => match (location.and_then(find), page) {
                // A show rule's context stands at its element, whose other tags count.
                (Some(index), _) if records[index].info != TagInfo::Context => {
                    Self::Through(records[index].location).index(records)
                }
                (Some(index), _) => index + 1,
                (None, Some(page)) => start(page),
                (None, None) => 0,
            },
            // The element's other tags at its place (a labelled heading's heading, label
            // and element tags) come with it; the updates placed right after it and the
            // next heading or figure at the same place (after an empty one) do not, except
            // the update a labelled update element makes itself (its element tag comes
            // first): Typst counts an update at its own location.
            Self::Through(location) => match find(location) {
                Some(index) => {
                    let at = &records[index];
                    let same_place = |r: &Record| r.page == at.page && r.position == at.position;
                    // The element at the location (a label's element carries the label's
                    // location) is an update element.
                    let mut own_update = records[index..]
                        .iter()
                        .take_while(|r| same_place(r))
                        .filter_map(element)
                        .filter(|elem| elem.location() == Some(at.location))
                        .any(|elem| {
                            read_state_update(elem).is_some() || read_counter_update(elem).is_some()
                        });
                    index
                        + 1
                        + records[index + 1..]
                            .iter()
                            .take_while(|r| {
                                let next_element = r.location != at.location
                                    && matches!(
                                        r.info,
                                        TagInfo::Heading { .. } | TagInfo::Figure { .. }
                                    );
                                let update =
                                    matches!(&r.info, TagInfo::Element(p) if p.is_update());
                                let own = update && std::mem::take(&mut own_update);
                                same_place(r) && !next_element && (!update || own)
                            })
                            .count()
                }
                None => 0,
            },
        }
    }
}

/// The content of an element record.
fn element(record: &Record) -> Option<&Content> {
    match &record.info {
        TagInfo::Element(payload) => payload.downcast::<Content>(),
        _ => None,
    }
}

/// The updates of state `key` before `cutoff`, in order.
fn state_changes<'a>(
    introspector: &'a dyn Introspector,
    key: &str,
    cutoff: Cutoff,
) -> Vec<&'a Value> {
    let records = introspector.records();
    let end = cutoff.index(records);
    update_indices(introspector)
        .into_iter()
        .take_while(|&i| i < end)
        .filter_map(|i| read_state_update(element(&records[i])?))
        .filter(|(k, _)| *k == key)
        .map(|(_, update)| update)
        .collect()
}

/// The value of a state at a cutoff, as a recorded read.
pub(super) fn state_value(
    engine: &mut Engine,
    state: &State,
    cutoff: Cutoff,
    span: Span,
) -> SourceResult<Value> {
    let mut hasher = FxHasher64::default();
    ("state", state.key(), fingerprint(state.init()), cutoff).hash(&mut hasher);
    let question = StateValue { key: state.key().clone(), init: state.init().clone(), cutoff };
    let asked = Asked::new(hasher.finish(), question);
    let introspector = engine.introspect(Introspection::Custom(asked), span, state_label(state));
    // As in Typst, the whole sequence of updates is computed (a failing update function
    // fails every read of the state), and update functions run without context.
    let before = state_changes(introspector, state.key(), cutoff).len();
    let all: Vec<Value> =
        state_changes(introspector, state.key(), Cutoff::End).into_iter().cloned().collect();
    let outer = std::mem::take(&mut engine.here);
    let result = fold_state(engine, state.init().clone(), all, before);
    engine.here = outer;
    result
}

/// Applies state updates to `value` in order; gives the value after the first `before`
/// (later ones still run while functions among them may fail).
fn fold_state(
    engine: &mut Engine,
    mut value: Value,
    changes: Vec<Value>,
    before: usize,
) -> SourceResult<Value> {
    let mut kept = None;
    let check = changes[before.min(changes.len())..].iter().any(|v| matches!(v, Value::Func(_)));
    for (i, change) in changes.into_iter().enumerate() {
        if i == before {
            kept = Some(value.clone());
            if !check {
                break;
            }
        }
        value = match change {
            Value::Func(func) => func.call(engine, Args::new(func.span(), [value]))?,
            plain => plain,
        };
    }
    Ok(kept.unwrap_or(value))
}

/// The value of a state at a cutoff, as convergence compares it.
struct StateValue {
    key: EcoString,
    init: Value,
    cutoff: Cutoff,
}

impl Question for StateValue {
    fn answer(&self, introspector: &dyn Introspector) -> u64 {
        let all = state_changes(introspector, &self.key, Cutoff::End);
        let before = state_changes(introspector, &self.key, self.cutoff).len();
        let (changes, later) = all.split_at(before.min(all.len()));
        let start = changes.iter().rposition(|v| !matches!(v, Value::Func(_)));
        let mut hasher = FxHasher64::default();
        match start {
            Some(start) => changes[start..].iter().for_each(|v| fingerprint(v).hash(&mut hasher)),
            None => {
                fingerprint(&self.init).hash(&mut hasher);
                changes.iter().for_each(|v| fingerprint(v).hash(&mut hasher));
            }
        }
        // Later update functions run too (and may fail), so they count as well.
        for change in later.iter().filter(|v| matches!(v, Value::Func(_))) {
            fingerprint(change).hash(&mut hasher);
        }
        hasher.finish()
    }

    fn describe(&self, introspector: &dyn Introspector) -> EcoString {
        let changes = state_changes(introspector, &self.key, self.cutoff);
        match changes.last() {
            None => eco_format!("`{}`", self.init.repr()),
            Some(Value::Func(_)) => "(computed)".into(),
            Some(value) => eco_format!("`{}`", value.repr()),
        }
    }

    fn hints(&self) -> &'static [&'static str] {
        &["see https://typst.app/help/state-convergence for help"]
    }
}

/// What an element that a counter's selector matches does to it: a heading steps it at
/// its level and a figure or equation by one, when numbered; other elements step it by
/// one.
fn count(elem: &Content) -> Option<CounterUpdate> {
    let numbered = || !matches!(elem.field("numbering"), Some(Value::None) | None);
    if elem.is(HEADING) {
        let level = match elem.field("level") {
            Some(Value::Int(level)) => (*level).max(1) as usize,
            _ => 1,
        };
        return numbered().then_some(CounterUpdate::Step(level));
    }
    if elem.is(FIGURE) {
        return numbered().then_some(CounterUpdate::Step(1));
    }
    if elem.is(EQUATION) {
        // Inline equations are never numbered.
        let block = matches!(elem.field("block"), Some(Value::Bool(true)));
        return (block && numbered()).then_some(CounterUpdate::Step(1));
    }
    // A footnote that refers to another one by label shows that one's number.
    if crate::realize::is_reference(elem) {
        return None;
    }
    Some(CounterUpdate::Step(1))
}

/// The changes of a counter (not the page counter) before `cutoff`, in order.
fn counter_changes(
    introspector: &dyn Introspector,
    counter: &Counter,
    cutoff: Cutoff,
) -> Vec<CounterUpdate> {
    let records = introspector.records();
    let end = cutoff.index(records);
    let own = |content: &Content| match read_counter_update(content) {
        Some((c, update)) if c == counter => Some(update),
        _ => None,
    };
    let selector = match counter.key() {
        CounterKey::Selector(selector) => selector,
        // Named counters (and those of a location) change only by their own updates.
        _ => {
            return update_indices(introspector)
                .into_iter()
                .take_while(|&i| i < end)
                .filter_map(|i| own(element(&records[i])?))
                .collect();
        }
    };
    let heading = counter.is_heading();
    let mut changes = Vec::new();
    for record in &records[..end] {
        match &record.info {
            // The heading counter steps at the heading records, which realization
            // writes for numbered headings with their level.
            TagInfo::Heading { level, numbers: Some(_), .. } if heading => {
                changes.push(CounterUpdate::Step(*level));
            }
            TagInfo::Element(payload) => {
                let Some(content) = payload.downcast::<Content>() else { continue };
                if payload.is_update() {
                    changes.extend(own(content));
                } else if !heading && selector.matches(content) {
                    changes.extend(count(content));
                }
            }
            _ => {}
        }
    }
    changes
}

/// Whether the previous layout holds updates of the page counter.
pub(super) fn page_updated(introspector: &dyn Introspector) -> bool {
    let records = introspector.records();
    update_indices(introspector).into_iter().any(|i| {
        element(&records[i])
            .and_then(read_counter_update)
            .is_some_and(|(counter, _)| counter.is_page())
    })
}

/// The changes of the page counter before `cutoff`: a step at the start of every page
/// up to the cutoff's, with the updates on each page after it.
fn page_changes(introspector: &dyn Introspector, cutoff: Cutoff) -> Vec<CounterUpdate> {
    let records = introspector.records();
    let end = cutoff.index(records);
    let find = |location: Location| records.iter().find(|r| r.location == location);
    let last_page = match cutoff {
        Cutoff::End => introspector.pages().max(1),
        Cutoff::Here(location, page) => {
            location.and_then(find).map(|r| r.page).or(page).unwrap_or(1)
        }
        Cutoff::Through(location) => find(location).map_or(1, |r| r.page),
        Cutoff::Page { page, .. } => page,
    };
    let mut updates = update_indices(introspector).into_iter().take_while(|&i| i < end).peekable();
    let mut changes = Vec::new();
    for page in 1..=last_page {
        changes.push(CounterUpdate::Step(1));
        while let Some(&i) = updates.peek() {
            if records[i].page > page {
                break;
            }
            updates.next();
            if let Some((counter, update)) = element(&records[i]).and_then(read_counter_update)
                && counter.is_page()
            {
                changes.push(update);
            }
        }
    }
    changes
}

/// The changes of any counter before `cutoff`.
fn changes(
    introspector: &dyn Introspector,
    counter: &Counter,
    cutoff: Cutoff,
) -> Vec<CounterUpdate> {
    if counter.is_page() {
        page_changes(introspector, cutoff)
    } else {
        counter_changes(introspector, counter, cutoff)
    }
}

/// The value of a counter at a cutoff, as a recorded read.
pub(super) fn counter_value(
    engine: &mut Engine,
    counter: &Counter,
    cutoff: Cutoff,
    span: Span,
) -> SourceResult<CounterState> {
    let mut hasher = FxHasher64::default();
    ("counter", counter.repr(), cutoff).hash(&mut hasher);
    let question = CounterValue { counter: counter.clone(), cutoff };
    let asked = Asked::new(hasher.finish(), question);
    let introspector = engine.introspect(Introspection::Custom(asked), span, counter.repr());
    // As in Typst, the whole sequence is computed: a failing update function fails
    // every read of the counter.
    let before = changes(introspector, counter, cutoff).len();
    let all = changes(introspector, counter, Cutoff::End);
    let outer = std::mem::take(&mut engine.here);
    let result = fold(engine, all, before);
    engine.here = outer;
    // As in Typst, a read of the page counter steps it to the page read (by nothing on
    // the page of its last update), which keeps only the top level: `update((2, 3))`
    // reads back as `(2,)`.
    match result {
        Ok(state) if counter.is_page() => Ok(CounterState::from_numbers(&[state.first()])),
        result => result,
    }
}

/// Applies `changes` to `(0,)` in order; gives the state after the first `before`
/// (later ones still run while functions among them may fail).
fn fold(
    engine: &mut Engine,
    changes: Vec<CounterUpdate>,
    before: usize,
) -> SourceResult<CounterState> {
    let check =
        changes[before.min(changes.len())..].iter().any(|c| matches!(c, CounterUpdate::Func(_)));
    let mut state = CounterState::new();
    let mut kept = None;
    for (i, change) in changes.into_iter().enumerate() {
        if i == before {
            kept = Some(state.clone());
            if !check {
                break;
            }
        }
        state = apply(engine, state, change)?;
    }
    Ok(kept.unwrap_or(state))
}

/// Applies one change.
pub(crate) fn apply(
    engine: &mut Engine,
    mut state: CounterState,
    change: CounterUpdate,
) -> SourceResult<CounterState> {
    match change {
        CounterUpdate::Step(level) => state.step(level),
        CounterUpdate::Set(numbers) => state = CounterState::exactly(&numbers),
        CounterUpdate::Func(func) => {
            let span = func.span();
            let args = state.numbers().iter().map(|&n| Value::Int(n as i64));
            let numbers = match func.call(engine, Args::new(span, args))? {
                Value::Int(n) => vec![n],
                Value::Array(items) => items
                    .as_slice()
                    .iter()
                    .map(|v| match v {
                        Value::Int(n) => Ok(*n),
                        other => {
                            Err(eco_format!("expected integer, found {}", other.ty().long_name()))
                        }
                    })
                    .collect::<Result<_, _>>()
                    .map_err(|e| err(span, e))?,
                other => crate::bail!(
                    span,
                    "expected integer or array, found {}",
                    other.ty().long_name()
                ),
            };
            if numbers.iter().any(|&n| n < 0) {
                crate::bail!(span, "number must be at least zero");
            }
            let numbers: Vec<usize> = numbers.into_iter().map(|n| n as usize).collect();
            state = CounterState::exactly(&numbers);
        }
    }
    Ok(state)
}

/// The value of a counter at a cutoff, as convergence compares it.
struct CounterValue {
    counter: Counter,
    cutoff: Cutoff,
}

impl Question for CounterValue {
    fn answer(&self, introspector: &dyn Introspector) -> u64 {
        let all = changes(introspector, &self.counter, Cutoff::End);
        let before = changes(introspector, &self.counter, self.cutoff).len();
        let (changes, later) = all.split_at(before.min(all.len()));
        let start = changes.iter().rposition(|c| matches!(c, CounterUpdate::Set(_)));
        let mut hasher = FxHasher64::default();
        // Later update functions run too (and may fail), so they count as well.
        let later = later.iter().filter(|c| matches!(c, CounterUpdate::Func(_)));
        for change in changes[start.unwrap_or(0)..].iter().chain(later) {
            match change {
                CounterUpdate::Step(level) => (0u8, *level).hash(&mut hasher),
                CounterUpdate::Set(numbers) => (1u8, numbers).hash(&mut hasher),
                CounterUpdate::Func(func) => {
                    (2u8, fingerprint(&Value::Func(func.clone()))).hash(&mut hasher)
                }
            }
        }
        hasher.finish()
    }

    fn describe(&self, introspector: &dyn Introspector) -> EcoString {
        let mut state = CounterState::new();
        for change in changes(introspector, &self.counter, self.cutoff) {
            match change {
                CounterUpdate::Step(level) => state.step(level),
                CounterUpdate::Set(numbers) => state = CounterState::exactly(&numbers),
                CounterUpdate::Func(_) => return "(computed)".into(),
            }
        }
        let numbers: Vec<String> = state.numbers().iter().map(|n| n.to_string()).collect();
        numbers.join(", ").into()
    }
}

/// The number of physical page `page` as its automatic header (at its start) or footer
/// (at its `end`) shows it: the page counter there, which `counter(page).update(..)`
/// changes; the physical number when the page counter is never updated.
pub fn page_number(engine: &mut Engine, page: usize, end: bool) -> SourceResult<usize> {
    let span = Span::detached();
    if !page_counter_updated(engine, span, "the page counter") {
        return Ok(page);
    }
    let counter = Counter::new(CounterKey::Page);
    let state = counter_value(engine, &counter, Cutoff::Page { page, end }, span)?;
    Ok(state.first())
}

/// The final value of the page counter (the total that `"1 / 1"` page numberings show):
/// the page count when the page counter is never updated.
pub fn page_total(engine: &mut Engine) -> SourceResult<usize> {
    let span = Span::detached();
    if !page_counter_updated(engine, span, "the page counter") {
        let introspector = engine.introspect(Introspection::PageCount, span, "counter(page)");
        // A document has at least one page, even before the first layout.
        return Ok(introspector.pages().max(1));
    }
    let counter = Counter::new(CounterKey::Page);
    Ok(counter_value(engine, &counter, Cutoff::End, span)?.first())
}

/// Whether the previous layout holds updates of the page counter, as a recorded read
/// (without updates, the page counter is the physical page number).
pub(super) fn page_counter_updated(engine: &mut Engine, span: Span, label: &str) -> bool {
    let asked = Asked::new(0x7061_6765_7570_6474, PageUpdated);
    let introspector = engine.introspect(Introspection::Custom(asked), span, label);
    page_updated(introspector)
}

/// Whether the page counter is updated anywhere.
struct PageUpdated;

impl Question for PageUpdated {
    fn answer(&self, introspector: &dyn Introspector) -> u64 {
        page_updated(introspector) as u64
    }

    fn describe(&self, introspector: &dyn Introspector) -> EcoString {
        if page_updated(introspector) { "updated".into() } else { "not updated".into() }
    }
}
