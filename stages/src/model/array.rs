//! Arrays: an `EcoVec<Value>` with the index arithmetic of the language (negative indices
//! count from the end) and Typst's error wording for out-of-bounds access.

use ecow::{EcoString, EcoVec, eco_format};

use super::Value;

/// An array of values. Cheap to clone (copy-on-write).
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Array(pub EcoVec<Value>);

impl Array {
    /// An empty array.
    pub fn new() -> Self {
        Self(EcoVec::new())
    }

    /// The number of items.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether the array is empty.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The items.
    pub fn as_slice(&self) -> &[Value] {
        &self.0
    }

    /// The position of `index` (negative from the end) if it lies in `0..len` (or
    /// `0..=len` with `allow_end`).
    pub fn locate(&self, index: i64, allow_end: bool) -> Option<usize> {
        let len = self.0.len() as i64;
        let i = if index < 0 { len.checked_add(index)? } else { index };
        (i >= 0 && (i < len || (allow_end && i == len))).then_some(i as usize)
    }

    /// Like `locate`, with Typst's error for an index out of bounds.
    pub fn locate_or_err(&self, index: i64, allow_end: bool) -> Result<usize, EcoString> {
        self.locate(index, allow_end).ok_or_else(|| Self::out_of_bounds_err(index, self.len()))
    }

    /// Typst's error for an array index out of bounds.
    pub fn out_of_bounds_err(index: i64, len: usize) -> EcoString {
        eco_format!("array index out of bounds (index: {index}, len: {len})")
    }

    /// The item at `index`.
    pub fn at(&self, index: i64) -> Result<&Value, EcoString> {
        let i = self.locate_or_err(index, false)?;
        Ok(&self.0[i])
    }

    /// The item at `index`, mutably.
    pub fn at_mut(&mut self, index: i64) -> Result<&mut Value, EcoString> {
        let i = self.locate_or_err(index, false)?;
        Ok(&mut self.0.make_mut()[i])
    }

    /// The array repeated `n` times.
    pub fn repeat(&self, n: usize) -> Result<Self, EcoString> {
        // Beyond Typst's error (the length overflows), a length past the memory limit
        // fails with the same message rather than aborting.
        let count = self
            .len()
            .checked_mul(n)
            .filter(|&c| fits_in_memory::<Value>(c))
            .ok_or_else(|| eco_format!("cannot repeat this array {n} times"))?;
        // `cycle().take(count)` stops at once for an empty array, however large `n` is.
        Ok(self.0.iter().cloned().cycle().take(count).collect())
    }
}

/// The most bytes one string, array or sequence may take. Typst grows values until the
/// allocator fails and the process aborts; quire refuses a value past this size with an
/// error instead, so that runaway programs end with a diagnostic.
pub const MAX_VALUE_BYTES: usize = 1 << 30;

/// Whether `count` items of type `T` stay within `MAX_VALUE_BYTES`.
pub fn fits_in_memory<T>(count: usize) -> bool {
    count.checked_mul(size_of::<T>().max(1)).is_some_and(|bytes| bytes <= MAX_VALUE_BYTES)
}

impl FromIterator<Value> for Array {
    fn from_iter<I: IntoIterator<Item = Value>>(iter: I) -> Self {
        Self(iter.into_iter().collect())
    }
}

impl IntoIterator for Array {
    type Item = Value;
    type IntoIter = ecow::vec::IntoIter<Value>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}
