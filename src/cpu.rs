//! Processor features chosen at run time, for the functions that count bits.
//!
//! The ready-made programs are built with no target features: their build sets
//! `RUSTFLAGS` itself, so `.cargo/config.toml`'s `+popcnt` is lost there, and the
//! default x86-64 target counts a set's bits in a dozen instructions instead of
//! one `popcnt`. The evaluations count bits a few dozen times a position, so each
//! is compiled twice, with the instruction and without, and the processor chooses
//! on every call: the standard library caches its answer, and the test is a load
//! and a branch that always goes the same way. A build that has the feature
//! already (`cargo build`) is compiled once. The search's own counts, in functions
//! that call themselves and cannot be compiled twice, take the instruction behind a
//! test of their own ([`count_bits`]). See docs/PERFORMANCE.md.

/// Defines a function whose body is compiled twice, with `popcnt` (run where the
/// processor has the instruction) and without (run elsewhere).
///
/// The body is inlined into both copies, with everything it inlines, so that every
/// bit count in it becomes the instruction in the first copy. Neither copy is
/// inlined into its callers; the function itself, which only chooses, is.
macro_rules! counting_bits_by_processor {
    ($(#[$attribute:meta])* $visibility:vis fn $name:ident($($argument:ident: $type:ty),* $(,)?) -> $output:ty $body:block) => {
        $(#[$attribute])*
        #[inline(always)]
        $visibility fn $name($($argument: $type),*) -> $output {
            #[inline(always)]
            fn portable($($argument: $type),*) -> $output $body

            #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
            {
                #[target_feature(enable = "popcnt")]
                #[inline(never)]
                fn with_popcnt($($argument: $type),*) -> $output {
                    portable($($argument),*)
                }
                if std::arch::is_x86_feature_detected!("popcnt") {
                    // SAFETY: the processor has just said that it has the instruction.
                    return unsafe { with_popcnt($($argument),*) };
                }
            }
            #[inline(never)]
            fn without_popcnt($($argument: $type),*) -> $output {
                portable($($argument),*)
            }
            without_popcnt($($argument),*)
        }
    };
}

pub(crate) use counting_bits_by_processor;

/// The number of bits set in `bits`, in one `popcnt` where the processor has it: for a
/// count in a function that cannot be compiled twice (the search, which calls
/// itself). It costs a test and a branch more than the instruction alone.
#[inline(always)]
pub(crate) fn count_bits(bits: u64) -> u32 {
    #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
    if std::arch::is_x86_feature_detected!("popcnt") {
        let count: u64;
        // SAFETY: the processor has just said that it has the instruction, which
        // reads and writes registers alone.
        unsafe {
            std::arch::asm!(
                "popcnt {count}, {bits}",
                bits = in(reg) bits,
                count = lateout(reg) count,
                options(pure, nomem, nostack),
            );
        }
        return count as u32;
    }
    bits.count_ones()
}

#[cfg(test)]
mod tests {
    counting_bits_by_processor! {
        /// A function made by the macro, with a body that counts bits.
        fn squares_of(men: u32, kings: u32) -> u32 {
            (men | kings).count_ones()
        }
    }

    #[test]
    fn the_instruction_counts_as_the_portable_code() {
        for bits in [
            0,
            1,
            0b1011_0000,
            0x8000_0001,
            u64::MAX,
            0x5555_5555_0000_0001,
        ] {
            assert_eq!(super::count_bits(bits), bits.count_ones());
        }
    }

    #[test]
    fn both_copies_count_as_the_portable_one() {
        for (men, kings) in [
            (0, 0),
            (0b1011, 0b1_0000),
            (u32::MAX, 0),
            (0x8000_0001, 0x10),
        ] {
            assert_eq!(squares_of(men, kings), (men | kings).count_ones());
        }
    }
}
