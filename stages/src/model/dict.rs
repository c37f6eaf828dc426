//! Dictionaries: string keys to values in insertion order, behind an `Arc` (copy on
//! write), with Typst's error wording for missing keys.

use std::sync::Arc;

use ecow::{EcoString, eco_format};
use indexmap::IndexMap;

use super::{Str, Value};

/// A dictionary. Equality ignores the order of the pairs; iteration follows insertion.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Dict(Arc<IndexMap<Str, Value>>);

impl Dict {
    /// An empty dictionary.
    pub fn new() -> Self {
        Self::default()
    }

    /// The number of pairs.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether the dictionary is empty.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Typst's error for a missing key.
    pub fn missing_key_err(key: &str) -> EcoString {
        eco_format!("dictionary does not contain key {}", super::repr::repr_str(key))
    }

    /// The value of `key`.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.0.get(key)
    }

    /// The value of `key`, or Typst's missing-key error.
    pub fn at(&self, key: &str) -> Result<&Value, EcoString> {
        self.get(key).ok_or_else(|| Self::missing_key_err(key))
    }

    /// The value of `key`, mutably, or Typst's missing-key error.
    pub fn at_mut(&mut self, key: &str) -> Result<&mut Value, EcoString> {
        Arc::make_mut(&mut self.0).get_mut(key).ok_or_else(|| Self::missing_key_err(key))
    }

    /// The value of `key`, mutably, inserting `none` first if it is missing.
    pub fn entry(&mut self, key: Str) -> &mut Value {
        Arc::make_mut(&mut self.0).entry(key).or_default()
    }

    /// Whether `key` is present.
    pub fn contains(&self, key: &str) -> bool {
        self.0.contains_key(key)
    }

    /// Inserts or replaces a pair (a replaced key keeps its position).
    pub fn insert(&mut self, key: Str, value: Value) {
        Arc::make_mut(&mut self.0).insert(key, value);
    }

    /// Removes a pair, keeping the order of the others.
    pub fn remove(&mut self, key: &str) -> Option<Value> {
        Arc::make_mut(&mut self.0).shift_remove(key)
    }

    /// The pairs in order.
    pub fn iter(&self) -> indexmap::map::Iter<'_, Str, Value> {
        self.0.iter()
    }

    /// Adds all pairs of `other`, which win over existing ones.
    pub fn extend(&mut self, other: Dict) {
        let map = Arc::make_mut(&mut self.0);
        match Arc::try_unwrap(other.0) {
            Ok(pairs) => map.extend(pairs),
            Err(shared) => map.extend(shared.iter().map(|(k, v)| (k.clone(), v.clone()))),
        }
    }
}

impl FromIterator<(Str, Value)> for Dict {
    fn from_iter<I: IntoIterator<Item = (Str, Value)>>(iter: I) -> Self {
        Self(Arc::new(iter.into_iter().collect()))
    }
}
