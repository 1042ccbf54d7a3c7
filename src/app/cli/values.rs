//! The values typed after options, parsed and checked: each refusal is a [`ValueError`],
//! English in its `Display` and Russian in `cli.ftl`, so that the Russian never has
//! to be read back out of an English sentence.

use std::ffi::OsStr;
use std::fmt;

use crate::app::console::{TimeControl, TimeControlError};
use crate::app::hub::{MoveNumbering, UnknownNumbering};
use crate::app::vocabulary::{level_named, unknown_level};
use clap::builder::TypedValueParser;
use shashki::book::parse_men;
use shashki::engine::{Level, NumberError, Setting, read_number};
use shashki::search::Score;
use shashki::tablebase::{BadMaterial, Material};
use shashki::words::Message;
use shashki::{FenError, Position};

use shashki::msg;

/// Why a value typed on the command line is refused.
#[derive(Clone, Debug, PartialEq)]
pub enum ValueError {
    /// Not a number at all: `--depth x`.
    NotANumber(String),
    /// A whole number outside its range: `--depth 0`.
    OutOfRange { number: String, min: u64, max: u64 },
    /// A position string that does not parse.
    Position(FenError),
    /// Not a material balance like `w1m2k-b0m1k`.
    Material(BadMaterial),
    /// No level of that name in either language.
    UnknownLevel(String),
    /// No square numbering of that name (`hub --numbering`).
    UnknownNumbering(UnknownNumbering),
    /// Not `MINUTES` or `MINUTES+SECONDS` within the limits.
    TimeControl(TimeControlError),
    /// A player's name that is empty or not one line of printable text.
    Name,
    /// A hash table size outside 1 to `MAX_HASH_MB`.
    HashRange,
    /// Not a slice `K/M` with 1 ≤ K ≤ M (`kb book --slice`).
    Slice(String),
    /// Not a margin in men from 0 to 100 with at most two decimals (`kb book --margin`).
    Margin(String),
    /// A hash table size larger than the memory available now.
    HashTooLarge { megabytes: usize, available: usize },
    /// Not two Elo values ELO0,ELO1 with ELO0 below ELO1 (`match --sprt`).
    EloPair(String),
    /// Not a probability strictly between 0 and 0.5 (`match --alpha`).
    Probability(String),
}

impl fmt::Display for ValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        shashki::words::english(&self.message(), f)
    }
}

impl std::error::Error for ValueError {}

impl ValueError {
    /// The refusal, to be worded in the player's language.
    pub fn message(&self) -> Message {
        match self {
            ValueError::NotANumber(text) => msg!("value-not-a-number", text = text.as_str()),
            ValueError::OutOfRange { number, min, max } => msg!(
                "value-out-of-range",
                number = number.as_str(),
                // As text: a number as large as `u64::MAX` is no Fluent number.
                min = min.to_string(),
                max = max.to_string()
            ),
            ValueError::Position(error) => error.message(),
            ValueError::Material(error) => error.message(),
            ValueError::UnknownLevel(text) => unknown_level(text),
            ValueError::UnknownNumbering(error) => error.message(),
            ValueError::TimeControl(error) => error.message(),
            ValueError::Name => msg!("value-name"),
            ValueError::HashRange => Setting::HashMb.refusal(),
            ValueError::Slice(text) => msg!("value-slice", text = text.as_str()),
            ValueError::Margin(text) => msg!("value-margin", text = text.as_str()),
            ValueError::HashTooLarge {
                megabytes,
                available,
            } => msg!(
                "value-hash-too-large",
                megabytes = *megabytes,
                available = *available
            ),
            ValueError::EloPair(text) => msg!("value-elo-pair", text = text.as_str()),
            ValueError::Probability(text) => msg!("value-probability", text = text.as_str()),
        }
    }
}

/// A whole number from `min` to `max`: the parser of every counted option, refusing
/// what is out of range with the range rather than taking another number.
#[derive(Debug)]
pub struct Ranged<T> {
    min: u64,
    max: u64,
    number: std::marker::PhantomData<fn() -> T>,
}

impl<T> Ranged<T> {
    /// Numbers from `min` to `max`, both included.
    pub const fn new(min: u64, max: u64) -> Ranged<T> {
        Ranged {
            min,
            max,
            number: std::marker::PhantomData,
        }
    }

    /// The numbers the engine's `setting` takes.
    pub const fn setting(setting: Setting) -> Ranged<T> {
        let range = setting.range();
        Ranged::new(*range.start(), *range.end())
    }
}

// Not derived: those would ask `T` to be `Copy` too.
impl<T> Clone for Ranged<T> {
    fn clone(&self) -> Ranged<T> {
        *self
    }
}

impl<T> Copy for Ranged<T> {}

impl<T: TryFrom<u64>> Ranged<T> {
    /// `text` as a number of the range, or why not.
    pub fn check(&self, text: &str) -> Result<T, ValueError> {
        let out_of_range = || ValueError::OutOfRange {
            number: text.trim().to_string(),
            min: self.min,
            max: self.max,
        };
        match read_number(text, self.min..=self.max) {
            Ok(number) => T::try_from(number).map_err(|_| out_of_range()),
            Err(NumberError::OutOfRange) => Err(out_of_range()),
            Err(NumberError::NotANumber) => Err(ValueError::NotANumber(text.to_string())),
        }
    }
}

impl<T> TypedValueParser for Ranged<T>
where
    T: TryFrom<u64> + Clone + Send + Sync + 'static,
{
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<T, clap::Error> {
        // clap words the error and keeps the `ValueError` as its source.
        let range = *self;
        (move |text: &str| range.check(text)).parse_ref(cmd, arg, value)
    }
}

/// `--movetime MS`.
pub fn movetime_ms() -> Ranged<u64> {
    Ranged::setting(Setting::MoveTimeMs)
}

/// `--threads N`.
pub fn threads() -> Ranged<usize> {
    Ranged::setting(Setting::Threads)
}

/// `--depth N`.
pub fn depth() -> Ranged<u32> {
    Ranged::setting(Setting::Depth)
}

/// `--egtb-memory MB`: 1 MB to a terabyte.
pub fn egtb_memory_mb() -> Ranged<u64> {
    Ranged::new(1, 1 << 20)
}

/// `--seed N`: any number.
pub fn seed() -> Ranged<u64> {
    Ranged::new(0, u64::MAX)
}

/// A decimal number, such as `--pattern-l2 0.001`.
pub fn decimal(text: &str) -> Result<f64, ValueError> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|number| number.is_finite())
        .ok_or_else(|| ValueError::NotANumber(text.to_string()))
}

/// `match --sprt ELO0,ELO1`: two Elo differences, the first the lower.
pub fn elo_pair(text: &str) -> Result<(f64, f64), ValueError> {
    let refuse = || ValueError::EloPair(text.to_string());
    let (low, high) = text.trim().split_once(',').ok_or_else(refuse)?;
    let number = |part: &str| part.trim().parse::<f64>().ok().filter(|n| n.is_finite());
    match (number(low), number(high)) {
        (Some(low), Some(high)) if low < high => Ok((low, high)),
        _ => Err(refuse()),
    }
}

/// `match --alpha P`: an error rate above 0 and below 0.5.
pub fn probability(text: &str) -> Result<f64, ValueError> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|p| *p > 0.0 && *p < 0.5)
        .ok_or_else(|| ValueError::Probability(text.to_string()))
}

/// `kb book --slice K/M`: job K of M, 1 <= K <= M.
pub fn slice(text: &str) -> Result<(usize, usize), ValueError> {
    let refuse = || ValueError::Slice(text.to_string());
    let (k, m) = text.trim().split_once('/').ok_or_else(refuse)?;
    let k: usize = k.parse().map_err(|_| refuse())?;
    let m: usize = m.parse().map_err(|_| refuse())?;
    if k == 0 || k > m {
        return Err(refuse());
    }
    Ok((k, m))
}

/// `kb book --margin MEN`: a score in men, such as `0.15`.
pub fn margin(text: &str) -> Result<Score, ValueError> {
    parse_men(text.trim()).ok_or_else(|| ValueError::Margin(text.to_string()))
}

/// Parses a `--fen` value, so that clap reports a bad one with its reason.
pub fn parse_position(text: &str) -> Result<Position, ValueError> {
    text.parse::<Position>().map_err(ValueError::Position)
}

/// Parses an `--only` value: a material balance like `w1m2k-b0m1k`.
pub fn parse_material(text: &str) -> Result<Material, ValueError> {
    text.parse::<Material>().map_err(ValueError::Material)
}

/// `--level NAME`: a level named in English or Russian, in any case, `ё` as `е` too.
pub fn level_name(text: &str) -> Result<Level, ValueError> {
    level_named(text).ok_or_else(|| ValueError::UnknownLevel(text.to_string()))
}

/// `hub --numbering`: auto, standard or from-white.
pub fn numbering(text: &str) -> Result<MoveNumbering, ValueError> {
    text.parse().map_err(ValueError::UnknownNumbering)
}

/// `--time`: a time control, or why not.
pub fn time_control(text: &str) -> Result<TimeControl, ValueError> {
    text.parse().map_err(ValueError::TimeControl)
}

/// `--name`: one line of printable text.
pub fn player_name(text: &str) -> Result<String, ValueError> {
    let name = text.trim();
    if name.is_empty() || name.chars().any(char::is_control) {
        return Err(ValueError::Name);
    }
    Ok(name.to_string())
}

/// Parses `--hash MB`: 1 to `MAX_HASH_MB`, and, where the system says, no more than the
/// memory available now (a larger table would be killed or swapped, not refused).
pub fn parse_hash_mb(text: &str) -> Result<usize, ValueError> {
    let megabytes = Ranged::<usize>::setting(Setting::HashMb)
        .check(text)
        .map_err(|error| match error {
            ValueError::OutOfRange { .. } => ValueError::HashRange,
            other => other,
        })?;
    match available_memory_mb() {
        Some(available) if megabytes > available => Err(ValueError::HashTooLarge {
            megabytes,
            available,
        }),
        _ => Ok(megabytes),
    }
}

/// The memory available for a new table, in megabytes, where the system tells
/// (`MemAvailable` of Linux's `/proc/meminfo`); `None` elsewhere.
fn available_memory_mb() -> Option<usize> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    meminfo_mb(&meminfo, "MemAvailable:")
}

/// The machine's memory in megabytes: Windows' physical memory (`GlobalMemoryStatusEx`).
#[cfg(windows)]
pub fn total_memory_mb() -> Option<usize> {
    use windows_sys::Win32::System::SystemInformation::{GlobalMemoryStatusEx, MEMORYSTATUSEX};
    let mut status = MEMORYSTATUSEX {
        dwLength: std::mem::size_of::<MEMORYSTATUSEX>() as u32,
        ..unsafe { std::mem::zeroed() }
    };
    // SAFETY: the structure is the one the call fills, its length set as it requires.
    let known = unsafe { GlobalMemoryStatusEx(&mut status) } != 0;
    known
        .then(|| usize::try_from(status.ullTotalPhys >> 20).ok())
        .flatten()
}

/// The machine's memory in megabytes: macOS's physical memory (`sysctl hw.memsize`).
#[cfg(target_os = "macos")]
pub fn total_memory_mb() -> Option<usize> {
    let mut bytes: u64 = 0;
    let mut size = std::mem::size_of::<u64>();
    // SAFETY: the name ends with its NUL; `bytes` and `size` are the buffer the call
    // fills and its length, as it requires; no new value is set.
    let status = unsafe {
        libc::sysctlbyname(
            c"hw.memsize".as_ptr(),
            (&raw mut bytes).cast(),
            &mut size,
            std::ptr::null_mut(),
            0,
        )
    };
    (status == 0)
        .then(|| usize::try_from(bytes >> 20).ok())
        .flatten()
}

/// The machine's memory in megabytes, or the container's limit where it is lower,
/// where the system tells (`MemTotal` of Linux's `/proc/meminfo`, the control group's
/// `memory.max` or `memory.limit_in_bytes`); `None` elsewhere.
#[cfg(not(any(windows, target_os = "macos")))]
pub fn total_memory_mb() -> Option<usize> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    let total = meminfo_mb(&meminfo, "MemTotal:")?;
    let limit = [
        "/sys/fs/cgroup/memory.max",
        "/sys/fs/cgroup/memory/memory.limit_in_bytes",
    ]
    .iter()
    .filter_map(|path| std::fs::read_to_string(path).ok())
    .filter_map(|text| limit_mb(&text))
    .min();
    Some(limit.map_or(total, |limit| limit.min(total)))
}

/// A control group's memory limit (`max`, or bytes) in megabytes; `None` for no limit.
#[cfg(not(any(windows, target_os = "macos")))]
fn limit_mb(text: &str) -> Option<usize> {
    let bytes = text.trim().parse::<u64>().ok()?;
    usize::try_from(bytes >> 20).ok()
}

/// The figure of `field` (such as `MemAvailable:`) in a `/proc/meminfo` text, in megabytes.
fn meminfo_mb(meminfo: &str, field: &str) -> Option<usize> {
    let line = meminfo.lines().find_map(|line| line.strip_prefix(field))?;
    let kilobytes = line
        .trim()
        .strip_suffix("kB")?
        .trim()
        .parse::<usize>()
        .ok()?;
    Some(kilobytes / 1024)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shashki::words::Text;

    #[test]
    fn a_test_s_bounds_are_two_rising_elo_differences() {
        assert_eq!(elo_pair("0,10"), Ok((0.0, 10.0)));
        assert_eq!(elo_pair(" -1.5, 3 "), Ok((-1.5, 3.0)));
        for bad in ["10,0", "5,5", "0", "0;10", "a,b", "0,inf"] {
            assert_eq!(elo_pair(bad), Err(ValueError::EloPair(bad.to_string())));
        }
    }

    #[test]
    fn an_error_rate_lies_between_0_and_one_half() {
        assert_eq!(probability("0.05"), Ok(0.05));
        for bad in ["0", "0.5", "-0.1", "x", "NaN"] {
            assert_eq!(
                probability(bad),
                Err(ValueError::Probability(bad.to_string()))
            );
        }
    }

    #[test]
    fn hash_sizes_outside_the_range_are_refused_with_the_range() {
        for text in [
            "0",
            "65537",
            "18446744073709551615",
            "99999999999999999999999",
        ] {
            assert_eq!(parse_hash_mb(text), Err(ValueError::HashRange), "{text}");
        }
        assert_eq!(
            ValueError::HashRange.to_string(),
            "the hash table size must be 1 to 65536 MB"
        );
        assert_eq!(
            parse_hash_mb("-1"),
            Err(ValueError::NotANumber("-1".to_string()))
        );
        assert_eq!(parse_hash_mb("16"), Ok(16));
    }

    #[test]
    fn memory_is_read_from_meminfo_and_a_container_limit() {
        let meminfo = "MemTotal:       24684000 kB\nMemFree:  1 kB\nMemAvailable:   24173568 kB\n";
        assert_eq!(meminfo_mb(meminfo, "MemAvailable:"), Some(23_607));
        assert_eq!(meminfo_mb(meminfo, "MemTotal:"), Some(24_105));
        assert_eq!(meminfo_mb("MemTotal: 5 kB\n", "MemAvailable:"), None);
    }

    #[test]
    #[cfg(not(any(windows, target_os = "macos")))]
    fn a_container_limit_is_read_in_megabytes() {
        // A number of bytes, or none (`max`, or cgroup v1's largest number, which the
        // machine's memory is below).
        assert_eq!(limit_mb("2147483648\n"), Some(2048));
        assert_eq!(limit_mb("max\n"), None);
        assert_eq!(limit_mb("9223372036854771712"), Some(8_796_093_022_207));
    }

    #[test]
    fn the_machines_memory_is_known_here() {
        // Linux's /proc/meminfo, or Windows' GlobalMemoryStatusEx: this machine's memory.
        assert!(total_memory_mb().is_some_and(|megabytes| megabytes > 0));
    }

    #[test]
    fn a_number_out_of_range_is_refused_with_the_range_not_taken_as_another() {
        let depth = depth();
        assert_eq!(depth.check("64"), Ok(64));
        assert_eq!(depth.check(" 1 "), Ok(1));
        for number in ["0", "65", "4294967297", "99999999999999999999999"] {
            assert_eq!(
                depth.check(number),
                Err(ValueError::OutOfRange {
                    number: number.to_string(),
                    min: 1,
                    max: 64
                })
            );
        }
        assert_eq!(
            depth.check("x").unwrap_err().to_string(),
            "'x' is not a number"
        );
        assert_eq!(
            depth.check("0").unwrap_err().to_string(),
            "0 is outside the range 1 to 64"
        );
    }

    #[test]
    fn value_errors_read_in_russian() {
        let russian = Text::new(shashki::words::Lang::Ru);
        let said = |error: ValueError| russian.render(&error.message());
        assert_eq!(
            said(depth().check("0").unwrap_err()),
            "нужно число от 1 до 64, а не 0"
        );
        assert_eq!(said(ValueError::NotANumber("x".into())), "«x» — не число");
        assert_eq!(
            said(parse_position("W:Wc3:Bz9").unwrap_err()),
            "строка позиции, позиция 8: «z9» — не шашка (нужно тёмное поле, например c3, \
             или Kc3 для дамки)"
        );
        assert_eq!(
            said(level_name("nosuch").unwrap_err()),
            "«nosuch» — не уровень; уровни: новичок, ученик, любитель, разрядник, \
             кандидат, мастер, гроссмейстер"
        );
        assert_eq!(
            said(ValueError::HashTooLarge {
                megabytes: 4096,
                available: 1000
            }),
            "таблица в 4096 МБ больше свободной памяти (1000 МБ)"
        );
        for error in [
            "5:3".parse::<TimeControl>().unwrap_err(),
            "0".parse::<TimeControl>().unwrap_err(),
            "5+601".parse::<TimeControl>().unwrap_err(),
        ] {
            let text = said(ValueError::TimeControl(error.clone()));
            assert!(!text.contains("value-"), "{error:?}: {text}");
            // The limits are the console's: the same figures in both languages.
            let english = error.to_string();
            let figures = |text: &str| -> Vec<String> {
                text.split(|c: char| !c.is_ascii_digit())
                    .filter(|part| !part.is_empty())
                    .map(str::to_string)
                    .collect()
            };
            assert_eq!(figures(&text), figures(&english), "{text} / {english}");
        }
        assert_eq!(said(ValueError::Name), "имя — одна строка печатных знаков");
    }

    #[test]
    fn levels_are_named_in_either_language_in_any_case() {
        for (typed, name) in [
            ("hard", "hard"),
            ("Beginner", "beginner"),
            ("новичок", "beginner"),
            ("ЛЁГКИЙ", "easy"),
            ("легкий", "easy"),
            ("Разрядник", "club"),
        ] {
            assert_eq!(
                level_name(typed).map(|level| level.name),
                Ok(name),
                "{typed}"
            );
        }
        assert_eq!(
            level_name("nosuch").unwrap_err().to_string(),
            "'nosuch' is not a level; the levels are beginner, novice, casual, club, easy, \
             normal, hard"
        );
    }
}
