//! The engine's settings a person or a program types as whole numbers, each with its
//! range: read and checked here, once, for the command line, the Hub and the console.
//! Each setting has one message saying what its number must be ([`Setting::refusal`]);
//! each interface frames it in its own way (`hash 0: ...`, `review: ...`).

use std::ops::RangeInclusive;

use crate::search::{MAX_DEPTH, MAX_HASH_MB, MAX_MOVETIME_MS, MAX_THREADS};
use crate::words::Message;

/// The deepest review of a game (`review DEPTH` at the console): deeper takes minutes
/// a position.
pub const REVIEW_MAX_DEPTH: u32 = 30;

/// A setting of the engine that takes a whole number from a range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    /// The transposition table, in MB: 1 to [`MAX_HASH_MB`].
    HashMb,
    /// Search threads: 1 (the search alone) to [`MAX_THREADS`].
    Threads,
    /// A fixed depth, in plies: 1 (0 would be no search at all) to [`MAX_DEPTH`].
    Depth,
    /// Thinking time per move, in milliseconds: 1 (0 would be no thought at all) to
    /// [`MAX_MOVETIME_MS`], an hour.
    MoveTimeMs,
    /// The depth of a review of a game, in plies: 1 to [`REVIEW_MAX_DEPTH`].
    ReviewDepth,
}

impl Setting {
    /// The numbers the setting takes.
    pub const fn range(self) -> RangeInclusive<u64> {
        match self {
            Setting::HashMb => 1..=MAX_HASH_MB as u64,
            Setting::Threads => 1..=MAX_THREADS as u64,
            Setting::Depth => 1..=MAX_DEPTH as u64,
            Setting::MoveTimeMs => 1..=MAX_MOVETIME_MS as u64,
            Setting::ReviewDepth => 1..=REVIEW_MAX_DEPTH as u64,
        }
    }

    /// What the setting's number must be, to be worded by an interface after the name
    /// of the setting: `the hash table size must be 1 to 65536 MB`.
    pub fn refusal(self) -> Message {
        let max = self.max();
        match self {
            Setting::HashMb => crate::msg!("setting-hash", max = max),
            Setting::Threads => crate::msg!("setting-threads", max = max),
            Setting::Depth | Setting::ReviewDepth => crate::msg!("setting-depth", max = max),
            Setting::MoveTimeMs => crate::msg!("setting-move-time", max = max),
        }
    }

    /// The largest number the setting takes.
    pub const fn max(self) -> u64 {
        *self.range().end()
    }

    /// Whether the setting takes `number`.
    pub fn takes(self, number: u64) -> bool {
        self.range().contains(&number)
    }

    /// `text` as the setting's number, or why not.
    pub fn read(self, text: &str) -> Result<u64, NumberError> {
        read_number(text, self.range())
    }
}

/// Why a typed whole number is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumberError {
    /// No whole number at all.
    NotANumber,
    /// A whole number outside the range.
    OutOfRange,
}

/// `text`, spaces around it allowed, as a whole number of `range`, or why not. Digits
/// too many for any number are out of range, not "no number".
pub fn read_number(text: &str, range: RangeInclusive<u64>) -> Result<u64, NumberError> {
    let digits = text.trim();
    match digits.parse::<u64>() {
        Ok(number) if range.contains(&number) => Ok(number),
        Ok(_) => Err(NumberError::OutOfRange),
        Err(_) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
            Err(NumberError::OutOfRange)
        }
        Err(_) => Err(NumberError::NotANumber),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_is_read_within_its_range_and_refused_with_the_reason_outside() {
        assert_eq!(Setting::Depth.read(" 12 "), Ok(12));
        assert_eq!(Setting::Depth.read("0"), Err(NumberError::OutOfRange));
        assert_eq!(Setting::Depth.read("65"), Err(NumberError::OutOfRange));
        assert_eq!(
            Setting::MoveTimeMs.read("99999999999999999999999"),
            Err(NumberError::OutOfRange)
        );
        assert_eq!(Setting::Threads.read("four"), Err(NumberError::NotANumber));
        assert_eq!(Setting::HashMb.read("-1"), Err(NumberError::NotANumber));
        assert_eq!(Setting::HashMb.read(""), Err(NumberError::NotANumber));
        assert_eq!(Setting::HashMb.max(), MAX_HASH_MB as u64);
        assert!(Setting::MoveTimeMs.takes(3_600_000) && !Setting::MoveTimeMs.takes(0));
        assert_eq!(
            Setting::ReviewDepth.read("31"),
            Err(NumberError::OutOfRange)
        );
    }

    #[test]
    fn each_setting_says_what_its_number_must_be() {
        let said = |setting: Setting| crate::words::Text::english().render(&setting.refusal());
        assert_eq!(
            said(Setting::HashMb),
            "the hash table size must be 1 to 65536 MB"
        );
        assert_eq!(said(Setting::Threads), "the number must be 1 to 256");
        assert_eq!(said(Setting::Depth), "the depth must be 1 to 64 plies");
        assert_eq!(
            said(Setting::ReviewDepth),
            "the depth must be 1 to 30 plies"
        );
        assert_eq!(
            said(Setting::MoveTimeMs),
            "the time must be 1 to 3600000 milliseconds (an hour)"
        );
    }
}
