//! FNV-1a, 64 bits: the one checksum of what the program writes (table files, the
//! fingerprint of a knowledge base in a book job). Stable across machines and
//! versions, unlike the standard library's hasher.

/// An FNV-1a hash being fed.
#[derive(Clone, Copy, Debug)]
pub struct Fnv1a(u64);

impl Default for Fnv1a {
    fn default() -> Fnv1a {
        Fnv1a(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv1a {
    /// The hash of `bytes` alone.
    pub fn of(bytes: &[u8]) -> u64 {
        let mut hash = Fnv1a::default();
        hash.add(bytes);
        hash.value()
    }

    /// Feeds `bytes`.
    pub fn add(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    /// The hash of what was fed.
    pub fn value(self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values_and_feeding_in_parts_agree() {
        // The published FNV-1a 64 test vectors.
        assert_eq!(Fnv1a::of(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(Fnv1a::of(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(Fnv1a::of(b"foobar"), 0x8594_4171_f739_67e8);
        let mut parts = Fnv1a::default();
        parts.add(b"foo");
        parts.add(b"bar");
        assert_eq!(parts.value(), Fnv1a::of(b"foobar"));
    }
}
