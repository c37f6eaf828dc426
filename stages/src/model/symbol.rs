//! `Symbol`: a character with named variants (`sym.arrow.r`, `emoji.face`, `symbol("a",
//! ("b", "c"))`). A symbol holds its variant list and the modifiers applied so far; its
//! text is the variant that best matches them, as codex chooses it: among the variants
//! that carry every applied modifier, the first with the fewest modifiers.

use std::sync::Arc;

use codex::ModifierSet;
use ecow::{EcoString, eco_format};

use super::{Str, Value, repr_str};

/// A symbol value. Cheap to clone.
#[derive(Debug, Clone)]
pub struct Symbol(Arc<Inner>);

#[derive(Debug)]
struct Inner {
    variants: Variants,
    /// The modifiers applied so far, separated by dots, in the order they were given.
    modifiers: EcoString,
    /// The deprecation message to report for the modifier applied last: that of the
    /// selected variant, unless an earlier modifier of the chain was already reported
    /// (`sym.gt.tri.eq` warns once, about `gt.tri`, as in Typst).
    deprecation: Option<&'static str>,
    /// Whether a modifier applied so far selected a deprecated variant.
    reported: bool,
}

/// Where a symbol's variants come from.
#[derive(Debug)]
enum Variants {
    /// A symbol of the `sym` or `emoji` module.
    Codex(codex::Symbol),
    /// A symbol made with `symbol(..)`: (dotted modifiers, text) pairs.
    Runtime(Vec<(EcoString, EcoString)>),
}

/// The modifiers of a dotted list.
fn split(dotted: &str) -> impl Iterator<Item = &str> {
    dotted.split('.').filter(|m| !m.is_empty())
}

impl Symbol {
    /// A symbol of a codex module.
    pub fn codex(symbol: codex::Symbol) -> Self {
        Self::build(Variants::Codex(symbol), EcoString::new())
    }

    /// A symbol from `(dotted modifiers, text)` variants, which the caller has checked.
    pub fn runtime(variants: Vec<(EcoString, EcoString)>) -> Self {
        Self::build(Variants::Runtime(variants), EcoString::new())
    }

    fn build(variants: Variants, modifiers: EcoString) -> Self {
        Self(Arc::new(Inner { variants, modifiers, deprecation: None, reported: false }))
    }

    /// Every variant as (modifiers, text, deprecation), in definition order.
    fn variants(&self) -> Vec<(ModifierSet<&str>, &str, Option<&'static str>)> {
        match &self.0.variants {
            Variants::Codex(symbol) => symbol.variants().collect(),
            Variants::Runtime(list) => list
                .iter()
                .map(|(m, t)| (ModifierSet::from_raw_dotted(m.as_str()), t.as_str(), None))
                .collect(),
        }
    }

    /// The applied modifiers, separated by dots.
    pub fn modifiers(&self) -> &str {
        &self.0.modifiers
    }

    /// The variant chosen by the applied modifiers: its text and deprecation message.
    fn selected(&self) -> Option<(&str, Option<&'static str>)> {
        let current = ModifierSet::from_raw_dotted(self.0.modifiers.as_str());
        current.best_match_in(self.variants().into_iter().map(|(m, t, d)| (m, (t, d))))
    }

    /// The symbol's text: the selected variant.
    pub fn get(&self) -> &str {
        self.selected().map_or("", |(text, _)| text)
    }

    /// The deprecation message to warn about after the modifier applied last, if its
    /// variant is deprecated and no earlier modifier's was.
    pub fn deprecation(&self) -> Option<&'static str> {
        self.0.deprecation
    }

    /// The symbol with one more modifier: `sym.arrow` → `sym.arrow.r`. A modifier applied
    /// twice selects what it selected once (but is remembered, as Typst compares applied
    /// modifiers); one that no variant carries is an error.
    pub fn modified(&self, modifier: &str) -> Result<Self, EcoString> {
        let mut modifiers = self.0.modifiers.clone();
        if !modifiers.is_empty() {
            modifiers.push('.');
        }
        modifiers.push_str(modifier);
        let variants = match &self.0.variants {
            Variants::Codex(symbol) => Variants::Codex(*symbol),
            Variants::Runtime(list) => Variants::Runtime(list.clone()),
        };
        let mut symbol = Self::build(variants, modifiers);
        let deprecation = match symbol.selected() {
            Some((_, deprecation)) => deprecation,
            None => return Err("unknown symbol modifier".into()),
        };
        let reported = self.0.reported;
        if let Some(inner) = Arc::get_mut(&mut symbol.0) {
            inner.deprecation = if reported { None } else { deprecation };
            inner.reported = reported || deprecation.is_some();
        }
        Ok(symbol)
    }

    /// The symbol as Typst's `repr` writes it: the variants still reachable, without the
    /// applied modifiers, the selected-by-name one as a bare string.
    pub fn repr(&self) -> EcoString {
        let applied: Vec<&str> = split(&self.0.modifiers).collect();
        let mut parts = Vec::new();
        for (modifiers, text, _) in self.variants() {
            if !applied.iter().all(|a| modifiers.contains(a)) {
                continue;
            }
            let rest: Vec<&str> = modifiers.into_iter().filter(|m| !applied.contains(m)).collect();
            if rest.is_empty() {
                parts.push(repr_str(text));
            } else {
                parts.push(eco_format!("({}, {})", repr_str(&rest.join(".")), repr_str(text)));
            }
        }
        eco_format!("symbol{}", super::repr::pretty_list(&parts, false))
    }
}

impl PartialEq for Symbol {
    fn eq(&self, other: &Self) -> bool {
        let same_variants = match (&self.0.variants, &other.0.variants) {
            (Variants::Codex(a), Variants::Codex(b)) => {
                a.variants().eq(b.variants()) || std::ptr::eq(a, b)
            }
            (Variants::Runtime(a), Variants::Runtime(b)) => a == b,
            _ => false,
        };
        same_variants && self.0.modifiers == other.0.modifiers
    }
}

impl Eq for Symbol {}

impl std::hash::Hash for Symbol {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.modifiers.hash(state);
        self.get().hash(state);
    }
}

/// The operands of a concatenation: a symbol next to a string, a symbol or content stands
/// for its text (`sym.arrow + "a"` is `"→a"`); other operands stay as they are.
pub(super) fn text_operands(lhs: Value, rhs: Value) -> (Value, Value) {
    let is_symbol = |v: &Value| matches!(v, Value::Symbol(_));
    let is_text = |v: &Value| matches!(v, Value::Str(_) | Value::Symbol(_) | Value::Content(_));
    if !(is_symbol(&lhs) || is_symbol(&rhs)) || !(is_text(&lhs) && is_text(&rhs)) {
        return (lhs, rhs);
    }
    let text = |v: Value| match v {
        Value::Symbol(s) => Value::Str(Str::from(s.get())),
        v => v,
    };
    (text(lhs), text(rhs))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn custom() -> Symbol {
        Symbol::runtime(vec![
            ("".into(), "a".into()),
            ("b".into(), "c".into()),
            ("b.d".into(), "e".into()),
        ])
    }

    #[test]
    fn modifiers_select_variants() {
        let s = custom();
        assert_eq!(s.get(), "a");
        assert_eq!(s.modified("b").unwrap().get(), "c");
        assert_eq!(s.modified("d").unwrap().get(), "e");
        assert_eq!(s.modified("b").unwrap().modified("d").unwrap().get(), "e");
        assert_eq!(s.modified("x").unwrap_err(), "unknown symbol modifier");
    }

    #[test]
    fn repr_drops_applied_modifiers() {
        assert_eq!(custom().repr(), r#"symbol("a", ("b", "c"), ("b.d", "e"))"#);
        assert_eq!(custom().modified("b").unwrap().repr(), r#"symbol("c", ("d", "e"))"#);
    }
}
