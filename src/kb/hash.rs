//! A fast hash for the base's own keys (bitboards, counts, positions).
//!
//! The keys come from the base, not from an adversary, so the standard
//! SipHash (a tenth of the loading time of 10,000 facts) buys nothing here.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A hash map keyed with [`WordHasher`].
pub type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<WordHasher>>;

/// A multiply-and-rotate hasher over machine words, like rustc's FxHasher.
#[derive(Clone, Copy, Debug, Default)]
pub struct WordHasher(u64);

impl WordHasher {
    const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(Self::SEED);
    }
}

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    #[inline]
    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }

    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_keys_hash_equal_and_near_keys_apart() {
        let mut map: FastMap<(u32, u32, u32), usize> = FastMap::default();
        for i in 0..1000u32 {
            map.insert((i, i << 1, 7), i as usize);
        }
        assert_eq!(map.len(), 1000);
        assert_eq!(map.get(&(5, 10, 7)), Some(&5));
        assert_eq!(map.get(&(5, 10, 8)), None);
    }
}
