//! States and the invisible elements that introspection reads back from the layout:
//! `State` (what `state(key, init)` makes), and the elements `state-update` (a state's
//! new value, or the function that computes it from the old one), `counter-update` (a
//! step or new value of a counter) and `metadata` (a value placed in the document for
//! queries).
//!
//! None of these elements shows anything: realization leaves a tag for each, and the
//! value of a state or counter at a place is the fold of the updates that the previous
//! layout placed before it (see `eval::library::introspection`). Updates are told apart
//! across iterations by a fingerprint of what they do (`fingerprint`), since closures
//! compare by identity and are made anew whenever a `context` runs again.

use std::hash::{Hash, Hasher};

use ecow::{EcoString, eco_format};

use super::content::{ElementData, FieldData as F};
use super::{Content, Counter, Element, FuncRepr, Selector, Value};
use crate::base::FxHasher64;

/// A state: its key and its initial value; the value at a place is asked in context.
#[derive(Debug, Clone, PartialEq)]
pub struct State {
    key: EcoString,
    init: Value,
}

impl State {
    /// The state `key` that starts as `init`.
    pub fn new(key: EcoString, init: Value) -> Self {
        Self { key, init }
    }

    /// The key that identifies the state (states with the same key are one state).
    pub fn key(&self) -> &EcoString {
        &self.key
    }

    /// The value before any update.
    pub fn init(&self) -> &Value {
        &self.init
    }

    /// The state as `repr` writes it: `state("key", 1)`.
    pub fn repr(&self) -> EcoString {
        eco_format!("state({}, {})", super::repr_str(&self.key), self.init.repr())
    }

    /// The update that sets the state to `update` (a value, or a function of the old
    /// value).
    pub fn update(&self, update: Value) -> Content {
        Content::new(STATE_UPDATE)
            .with_field("key", Value::str(self.key.clone()))
            .with_field("update", update)
    }
}

/// `state.update(..)` placed in the document.
pub static STATE_UPDATE: Element = Element(&ElementData {
    name: "state-update",
    title: "State Update",
    fields: &[F::required("key", &[]), F::internal("update")],
    scope: &[],
    styles_body: false,
});

/// `counter.step(..)` or `counter.update(..)` placed in the document. `key` is what
/// `repr` shows (`counter-update(key: heading)`); the counter itself and the change are
/// the compiler's.
pub static COUNTER_UPDATE: Element = Element(&ElementData {
    name: "counter-update",
    title: "Counter Update",
    fields: &[F::required("key", &[]), F::internal("counter"), F::internal("update")],
    scope: &[],
    styles_body: false,
});

/// `metadata(value)`: an invisible value that queries find.
pub static METADATA: Element = Element(&ElementData {
    name: "metadata",
    title: "Metadata",
    fields: &[F::required("value", &[])],
    scope: &[],
    styles_body: false,
});

/// What a counter update does.
#[derive(Debug, Clone, PartialEq)]
pub enum CounterUpdate {
    /// Steps the number at this level (from 1).
    Step(usize),
    /// Sets the numbers (an integer or an array of them).
    Set(Vec<usize>),
    /// Computes the new numbers from the old ones.
    Func(super::Func),
}

impl CounterUpdate {
    /// The update as stored in a `counter-update` element.
    fn to_value(&self) -> Value {
        match self {
            Self::Step(level) => {
                let mut dict = super::Dict::new();
                dict.insert("step".into(), Value::Int(*level as i64));
                Value::Dict(dict)
            }
            Self::Set(numbers) => {
                Value::Array(numbers.iter().map(|&n| Value::Int(n as i64)).collect())
            }
            Self::Func(func) => Value::Func(func.clone()),
        }
    }

    /// The update stored in a `counter-update` element.
    fn from_value(value: &Value) -> Option<Self> {
        Some(match value {
            Value::Dict(dict) => match dict.get("step") {
                Some(Value::Int(level)) => Self::Step(*level as usize),
                _ => return None,
            },
            Value::Array(numbers) => Self::Set(
                numbers
                    .as_slice()
                    .iter()
                    .map(|n| match n {
                        Value::Int(n) => *n as usize,
                        _ => 0,
                    })
                    .collect(),
            ),
            Value::Func(func) => Self::Func(func.clone()),
            _ => return None,
        })
    }
}

/// The element that applies `update` to `counter`; `key` is how `repr` names it.
pub fn counter_update(counter: &Counter, key: Value, update: CounterUpdate) -> Content {
    Content::new(COUNTER_UPDATE)
        .with_field("key", key)
        .with_field("counter", Value::Counter(counter.clone().into()))
        .with_field("update", update.to_value())
}

/// The counter and the change of a `counter-update` element.
pub fn read_counter_update(content: &Content) -> Option<(&Counter, CounterUpdate)> {
    if !content.is(COUNTER_UPDATE) {
        return None;
    }
    let Some(Value::Counter(counter)) = content.field("counter") else { return None };
    let update = CounterUpdate::from_value(content.field("update")?)?;
    Some((counter, update))
}

/// The key and the update of a `state-update` element.
pub fn read_state_update(content: &Content) -> Option<(&str, &Value)> {
    if !content.is(STATE_UPDATE) {
        return None;
    }
    let Some(Value::Str(key)) = content.field("key") else { return None };
    Some((key.as_str(), content.field("update")?))
}

/// Whether `elem` is one of the invisible elements here (which Typst locates).
pub fn is_invisible(elem: Element) -> bool {
    elem == METADATA || elem == STATE_UPDATE || elem == COUNTER_UPDATE
}

/// Fails unless `selector` selects only locatable elements: those that
/// `Selector::check_locatable` accepts, and the invisible elements here.
pub fn check_locatable(selector: &Selector) -> Result<(), EcoString> {
    match selector {
        Selector::Elem(elem, _) if is_invisible(*elem) => Ok(()),
        Selector::Or(list) | Selector::And(list) => list.iter().try_for_each(check_locatable),
        Selector::Before { selector, end: other, .. }
        | Selector::After { selector, start: other, .. }
        | Selector::Within { selector, ancestor: other } => {
            check_locatable(selector)?;
            check_locatable(other)
        }
        other => other.check_locatable(),
    }
}

/// A value as a selector of locatable elements, as `Selector::locatable` takes it, the
/// invisible elements here included (`query(metadata)`).
pub fn locatable_selector(value: Value) -> Result<Selector, EcoString> {
    match Selector::locatable(value.clone()) {
        Ok(selector) => Ok(selector),
        Err(error) => match Selector::from_value(value) {
            Ok(selector) if check_locatable(&selector).is_ok() => Ok(selector),
            _ => Err(error),
        },
    }
}

/// A hash of what a value does as an update, equal across layout iterations for equal
/// updates: closures by where they were written and what they captured, other values
/// by their contents.
pub fn fingerprint(value: &Value) -> u64 {
    let mut hasher = FxHasher64::default();
    hash_value(value, &mut hasher);
    hasher.finish()
}

fn hash_value(value: &Value, hasher: &mut FxHasher64) {
    match value {
        Value::Func(func) => {
            func.span().hash(hasher);
            match func.repr_kind() {
                FuncRepr::Closure(closure) => {
                    for (name, value) in closure.captured.iter() {
                        name.hash(hasher);
                        hash_value(value, hasher);
                    }
                    for value in &closure.defaults {
                        hash_value(value, hasher);
                    }
                }
                FuncRepr::With(with) => {
                    let (inner, args) = &**with;
                    hash_value(&Value::Func(inner.clone()), hasher);
                    for arg in &args.items {
                        arg.name.hash(hasher);
                        hash_value(&arg.value, hasher);
                    }
                }
                _ => func.repr().hash(hasher),
            }
        }
        Value::Array(items) => {
            for item in items.as_slice() {
                hash_value(item, hasher);
            }
        }
        Value::Content(content) => {
            content.repr().hash(hasher);
            for name in ["update", "counter"] {
                if let Some(inner) = content.field(name) {
                    hash_value(inner, hasher);
                }
            }
        }
        other => format!("{other:?}").hash(hasher),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::CounterKey;

    #[test]
    fn state_repr_and_update_fields() {
        let state = State::new("k\"".into(), Value::Int(1));
        assert_eq!(state.repr(), "state(\"k\\\"\", 1)");
        let update = state.update(Value::Int(2));
        assert_eq!(update.repr(), "state-update(key: \"k\\\"\")");
        assert_eq!(read_state_update(&update), Some(("k\"", &Value::Int(2))));
        assert_eq!(read_state_update(&Content::empty()), None);
    }

    #[test]
    fn counter_updates_round_trip() {
        let counter = Counter::new(CounterKey::Str("c".into()));
        for update in [CounterUpdate::Step(3), CounterUpdate::Set(vec![1, 0, 2])] {
            let elem = counter_update(&counter, Value::str("c"), update.clone());
            assert_eq!(elem.repr(), "counter-update(key: \"c\")");
            assert_eq!(read_counter_update(&elem), Some((&counter, update)));
        }
    }

    #[test]
    fn fingerprints_tell_updates_apart() {
        assert_eq!(fingerprint(&Value::Int(2)), fingerprint(&Value::Int(2)));
        assert_ne!(fingerprint(&Value::Int(2)), fingerprint(&Value::Int(3)));
        assert_ne!(fingerprint(&Value::Int(2)), fingerprint(&Value::str("2")));
    }
}
