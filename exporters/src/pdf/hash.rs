//! Stable hashing: bytes → a 128-bit FNV-1a hash that is the same on every run, platform
//! and Rust release (unlike `std`'s hashers), for subset tags and the document ID.

/// FNV-1a with 128-bit state.
#[derive(Debug, Clone)]
pub(super) struct StableHasher(u128);

/// The FNV-1a 128-bit offset basis.
const OFFSET: u128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d;
/// The FNV-1a 128-bit prime.
const PRIME: u128 = 0x0000_0000_0100_0000_0000_0000_0000_013b;

impl StableHasher {
    /// A hasher at the offset basis.
    pub fn new() -> Self {
        Self(OFFSET)
    }

    /// Feeds bytes.
    pub fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 ^ u128::from(byte)).wrapping_mul(PRIME);
        }
    }

    /// Feeds a number (little endian).
    pub fn write_u128(&mut self, value: u128) {
        self.write(&value.to_le_bytes());
    }

    /// The hash of everything fed so far.
    pub fn finish(&self) -> u128 {
        self.0
    }
}

/// The hash of `bytes`.
pub(super) fn hash(bytes: &[u8]) -> u128 {
    let mut hasher = StableHasher::new();
    hasher.write(bytes);
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv_matches_reference_values() {
        // Reference values of FNV-1a 128 for "" and "a".
        assert_eq!(hash(b""), OFFSET);
        assert_eq!(hash(b"a"), 0xd228_cb69_6f1a_8caf_7891_2b70_4e4a_8964);
    }
}
