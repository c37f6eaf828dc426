//! A bounded cache: key → value, dropping the least recently used half when full. Used
//! for shape plans, varied faces and glyph outlines, whose values are pure functions of
//! their keys, so eviction never changes a result.

use std::collections::HashMap;
use std::hash::Hash;

/// A map with a size limit and least-recently-used eviction.
pub(crate) struct BoundedCache<K, V> {
    map: HashMap<K, Entry<V>>,
    tick: u64,
    capacity: usize,
}

struct Entry<V> {
    value: V,
    used: u64,
}

impl<K: Hash + Eq, V: Clone> BoundedCache<K, V> {
    /// An empty cache holding at most `capacity` entries (at least 2).
    pub(crate) fn new(capacity: usize) -> Self {
        Self { map: HashMap::new(), tick: 0, capacity: capacity.max(2) }
    }

    /// The value for `key`, marking it as recently used.
    pub(crate) fn get(&mut self, key: &K) -> Option<V> {
        self.tick += 1;
        let entry = self.map.get_mut(key)?;
        entry.used = self.tick;
        Some(entry.value.clone())
    }

    /// Stores `value` unless `key` already has one, and returns the stored value. When
    /// the cache overflows, only the entries used in the last `capacity / 2` ticks stay;
    /// every access takes a tick, so at most that many survive.
    pub(crate) fn insert(&mut self, key: K, value: V) -> V {
        self.tick += 1;
        let tick = self.tick;
        let entry = self.map.entry(key).or_insert(Entry { value, used: tick });
        entry.used = tick;
        let value = entry.value.clone();
        if self.map.len() > self.capacity {
            let cutoff = tick.saturating_sub((self.capacity / 2) as u64);
            self.map.retain(|_, entry| entry.used > cutoff);
        }
        value
    }

    /// How many entries are stored.
    pub(crate) fn len(&self) -> usize {
        self.map.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `ops` (positive: insert k → k * 10, negative: get -k) on a cache of
    /// `capacity` and checks the keys left, sorted.
    fn check(capacity: usize, ops: &[i32], left: &[i32]) {
        let mut cache = BoundedCache::new(capacity);
        for &op in ops {
            if op > 0 {
                assert_eq!(cache.insert(op, op * 10), op * 10);
            } else {
                let _ = cache.get(&-op);
            }
        }
        let mut keys: Vec<i32> = left.iter().copied().filter(|k| cache.get(k).is_some()).collect();
        keys.sort_unstable();
        assert_eq!(keys, left);
        assert_eq!(cache.len(), left.len());
    }

    #[test]
    fn evicts_least_recently_used() {
        check(4, &[1, 2, 3, 4], &[1, 2, 3, 4]);
        check(4, &[1, 2, 3, 4, 5], &[4, 5]);
        check(4, &[1, 2, 3, 4, -1, 5], &[1, 5]);
        check(2, &[1, 1, 1], &[1]);
    }
}
