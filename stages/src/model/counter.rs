//! Counters as values: `Counter` (what `counter(key)` makes, with the keys Typst accepts:
//! the page, a selector of locatable elements, a location, or a name) and `CounterState`,
//! the numbers of a hierarchical counter with the arithmetic of a step (`(1, 2)` stepped at
//! level 1 gives `(2,)`).
//!
//! Nothing here asks where anything is: a counter's value depends on the previous
//! iteration's layout, which `eval::library::introspection` reads through the engine.
//! Locations are values too (`Value::Location`); they need no type of their own here.

use ecow::{EcoString, EcoVec, eco_format};

use super::{Array, PAGE, Selector, Value};
use crate::base::Location;

/// A counter: only its key; the value is asked for in context.
#[derive(Debug, Clone, PartialEq)]
pub struct Counter(CounterKey);

/// What a counter counts.
#[derive(Debug, Clone, PartialEq)]
pub enum CounterKey {
    /// `counter(page)`: the page number.
    Page,
    /// Elements matching a selector (`counter(heading)`, `counter(<label>)`).
    Selector(Selector),
    /// `counter(location)`: the element at a location.
    Location(Location),
    /// `counter("name")`: a counter changed only by its own updates.
    Str(EcoString),
}

impl Counter {
    /// The counter with this key.
    pub fn new(key: CounterKey) -> Self {
        Self(key)
    }

    /// The counter of a selector; `counter(page)` when it selects page elements.
    pub fn of_selector(selector: Selector) -> Result<Self, EcoString> {
        if let Selector::Elem(elem, None) = &selector
            && *elem == PAGE
        {
            return Ok(Self(CounterKey::Page));
        }
        if let Selector::Location(location) = selector {
            return Ok(Self(CounterKey::Location(location)));
        }
        super::state::check_locatable(&selector)?;
        Ok(Self(CounterKey::Selector(selector)))
    }

    /// What the counter counts.
    pub fn key(&self) -> &CounterKey {
        &self.0
    }

    /// Whether this is the page counter.
    pub fn is_page(&self) -> bool {
        matches!(self.0, CounterKey::Page)
    }

    /// Whether this is the counter of all headings (`counter(heading)`).
    pub fn is_heading(&self) -> bool {
        matches!(&self.0, CounterKey::Selector(Selector::Elem(elem, None)) if *elem == super::HEADING)
    }

    /// The counter as `repr` writes it: `counter(page)`, `counter(<intro>)`.
    pub fn repr(&self) -> EcoString {
        match &self.0 {
            CounterKey::Page => "counter(page)".into(),
            CounterKey::Selector(selector) => {
                eco_format!("counter({})", super::repr::repr_selector(selector))
            }
            CounterKey::Location(_) => "counter(location(..))".into(),
            CounterKey::Str(name) => eco_format!("counter({})", super::repr_str(name)),
        }
    }
}

/// What a page's own tag says about it (finalization leaves one on every page): the
/// page numbering and supplement in effect there, which `location.page-numbering()`,
/// `counter(page).display(at: ..)` and page references read for the page a location
/// landed on, as Typst reads them.
#[derive(Debug, Clone, PartialEq)]
pub struct PageMark {
    /// `page.numbering` (`none` when the page is not numbered).
    pub numbering: Value,
    /// `page.supplement` (`auto` for the language's word).
    pub supplement: Value,
}

impl PageMark {
    /// A hash of what the mark says, as its tag's fingerprint.
    pub fn fingerprint(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = crate::base::FxHasher64::default();
        ("page-mark", self.numbering.repr(), self.supplement.repr()).hash(&mut hasher);
        hasher.finish()
    }
}

/// The numbers of a hierarchical counter: `(1, 2)` for section 1.2. Empty only after an
/// update to `()` (a step then starts again from `(1,)`).
#[derive(Debug, Clone, Eq, PartialEq, Hash)]
pub struct CounterState(EcoVec<usize>);

impl Default for CounterState {
    fn default() -> Self {
        Self::new()
    }
}

impl CounterState {
    /// The state before any step: `(0,)`.
    pub fn new() -> Self {
        Self(ecow::eco_vec![0])
    }

    /// Steps the number at `level` (from 1): deeper levels are dropped, missing
    /// shallower ones are filled with zeros (a level-2 heading first gives `(0, 1)`).
    pub fn step(&mut self, level: usize) {
        let level = level.max(1);
        while self.0.len() < level {
            self.0.push(0);
        }
        self.0.truncate(level);
        if let Some(last) = self.0.make_mut().last_mut() {
            *last = last.saturating_add(1);
        }
    }

    /// The top-level number.
    pub fn first(&self) -> usize {
        self.0.first().copied().unwrap_or(0)
    }

    /// The numbers, outermost first.
    pub fn numbers(&self) -> &[usize] {
        &self.0
    }

    /// A state with these numbers (`(0,)` for none).
    pub fn from_numbers(numbers: &[usize]) -> Self {
        if numbers.is_empty() { Self::new() } else { Self(numbers.iter().copied().collect()) }
    }

    /// A state with exactly these numbers, none included, as an update sets it.
    pub fn exactly(numbers: &[usize]) -> Self {
        Self(numbers.iter().copied().collect())
    }

    /// The state as the array `counter.get()` returns: `(1, 2)`.
    pub fn to_value(&self) -> Value {
        Value::Array(self.0.iter().map(|&n| Value::Int(n as i64)).collect::<Array>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{HEADING, Label, TEXT};

    fn check_steps(levels: &[usize], expected: &[usize]) {
        let mut state = CounterState::new();
        for &level in levels {
            state.step(level);
        }
        assert_eq!(state.numbers(), expected, "steps at {levels:?}");
    }

    #[test]
    fn steps_follow_typst() {
        check_steps(&[], &[0]);
        check_steps(&[1], &[1]);
        check_steps(&[1, 2, 2], &[1, 2]);
        check_steps(&[1, 2, 1], &[2]);
        check_steps(&[2], &[0, 1]);
        check_steps(&[1, 3], &[1, 0, 1]);
    }

    #[test]
    fn keys_and_repr() {
        let page = Counter::of_selector(Selector::Elem(PAGE, None)).unwrap();
        assert!(page.is_page());
        assert_eq!(page.repr(), "counter(page)");
        let heading = Counter::of_selector(Selector::Elem(HEADING, None)).unwrap();
        assert!(heading.is_heading());
        assert_eq!(heading.repr(), "counter(heading)");
        let label = Counter::of_selector(Selector::Label(Label("x".into()))).unwrap();
        assert_eq!(label.repr(), "counter(<x>)");
        assert_eq!(Counter::new(CounterKey::Str("a\"b".into())).repr(), "counter(\"a\\\"b\")");
        assert_eq!(
            Counter::of_selector(Selector::Elem(TEXT, None)).unwrap_err(),
            "text is not locatable"
        );
    }
}
