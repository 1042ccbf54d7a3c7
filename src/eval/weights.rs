//! The fitted weights as data: the file format `shashki tune fit` writes and the
//! evaluation reads, and the two files built into the program.
//!
//! A weights file is text, then (with local patterns) binary:
//!
//! ```text
//! shashki weights 1
//! # how the weights were fitted, any number of lines
//! feature 100 100 men
//! feature 1634 -20 kings
//! ...                                   one line a feature, in the evaluation's order:
//!                                       its opening weight, its ending weight, its name
//! patterns 9 6561                       only with patterns: regions and arrangements,
//! <9 × 6561 little-endian i16>          then every weight, region by region
//! ```
//!
//! The names must be the evaluation's features in its order and the pattern table
//! its shape, so a file fitted for another evaluation is refused rather than misread.
//! A pattern weight lies within ±[`PATTERN_WEIGHT_LIMIT`].

use std::fmt;
use std::sync::LazyLock;

use super::features::{FEATURE_NAMES, FEATURES, FeatureWeights};
use super::patterns::{ARRANGEMENTS, PATTERN_WEIGHT_LIMIT, PatternWeights, REGIONS};

/// The first line of a weights file.
const MAGIC: &str = "shashki weights 1";

/// What may follow the first line.
/// What the weights format has on a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// Any line after the first: a comment, a feature or the patterns.
    NextLine,
    /// A feature or the patterns, where a comment stands.
    NotComment,
    /// `feature OPENING ENDING NAME`.
    Feature,
    /// `patterns REGIONS ARRANGEMENTS`.
    Patterns,
}

impl Expected {
    /// What is expected, to be worded.
    fn message(self) -> crate::words::Message {
        match self {
            Expected::NextLine => crate::msg!("weights-expect-next"),
            Expected::NotComment => crate::msg!("weights-expect-not-comment"),
            Expected::Feature => crate::msg!("weights-expect-feature"),
            Expected::Patterns => crate::msg!("weights-expect-patterns"),
        }
    }
}

/// The fitted features alone (`data/eval/features.weights`).
static FITTED: LazyLock<WeightsFile> = LazyLock::new(|| {
    built_in(include_bytes!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/eval/features.weights"
    )))
});

/// The bot's: the features fitted together with the local patterns, and the patterns
/// (`data/eval/patterns.weights`).
static BOT: LazyLock<WeightsFile> = LazyLock::new(|| {
    built_in(include_bytes!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/eval/patterns.weights"
    )))
});

/// A file built into the program, which the tests read.
fn built_in(bytes: &[u8]) -> WeightsFile {
    WeightsFile::parse(bytes).unwrap_or_else(|e| panic!("a built-in weights file: {e}"))
}

/// The fitted features' weights built into the program (without patterns): the seed
/// of the pattern fit and one of the benchmark's evaluations.
pub fn fitted() -> &'static WeightsFile {
    &FITTED
}

/// The bot's weights built into the program: features and local patterns.
pub fn bot() -> &'static WeightsFile {
    &BOT
}

/// The contents of a weights file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeightsFile {
    /// How the weights were fitted, line by line.
    pub provenance: Vec<String>,
    /// The features' two tables.
    pub features: FeatureWeights,
    /// The local patterns' weights, when they were fitted.
    pub patterns: Option<PatternWeights>,
}

/// Why bytes are not a weights file this evaluation can read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightsError {
    /// The first line is not the format's.
    NotWeights,
    /// A line of the text part is not what the format has there (lines count from 1).
    BadLine {
        /// The line's number.
        line: usize,
        /// What the format has there.
        expected: Expected,
    },
    /// A feature's name is not the one the evaluation has at its place.
    WrongFeature {
        /// The feature's place, from 1.
        index: usize,
        /// The name in the file.
        found: String,
    },
    /// The file has fewer features than the evaluation.
    MissingFeatures {
        /// How many it has.
        found: usize,
    },
    /// The pattern table is not of the evaluation's shape.
    WrongShape {
        /// Regions in the file.
        regions: usize,
        /// Arrangements a region in the file.
        arrangements: usize,
    },
    /// The pattern table's bytes are not its size.
    WrongLength {
        /// The bytes the shape takes.
        expected: usize,
        /// The bytes there are.
        found: usize,
    },
    /// A pattern weight beyond the limit.
    WeightTooLarge {
        /// Its region.
        region: usize,
        /// Its arrangement.
        arrangement: usize,
        /// The weight.
        weight: i16,
    },
}

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::words::english(&self.message(), f)
    }
}

impl WeightsError {
    /// What is wrong with the file, to be worded.
    pub fn message(&self) -> crate::words::Message {
        use crate::msg;
        match self {
            WeightsError::NotWeights => msg!("weights-not-weights", magic = MAGIC),
            WeightsError::BadLine { line, expected } => msg!(
                "weights-bad-line",
                line = *line,
                expected = expected.message()
            ),
            WeightsError::WrongFeature { index, found } => msg!(
                "weights-wrong-feature",
                index = *index,
                found = found.as_str(),
                name = FEATURE_NAMES[index - 1]
            ),
            WeightsError::MissingFeatures { found } => msg!(
                "weights-missing-features",
                found = *found,
                features = FEATURES
            ),
            WeightsError::WrongShape {
                regions,
                arrangements,
            } => msg!(
                "weights-wrong-shape",
                regions = *regions,
                arrangements = *arrangements,
                eval_regions = REGIONS,
                eval_arrangements = ARRANGEMENTS
            ),
            WeightsError::WrongLength { expected, found } => {
                msg!("weights-wrong-length", expected = *expected, found = *found)
            }
            WeightsError::WeightTooLarge {
                region,
                arrangement,
                weight,
            } => msg!(
                "weights-too-large",
                weight = i32::from(*weight),
                region = *region,
                arrangement = *arrangement,
                limit = i32::from(PATTERN_WEIGHT_LIMIT)
            ),
        }
    }
}

impl std::error::Error for WeightsError {}

impl WeightsFile {
    /// Reads a weights file.
    ///
    /// # Examples
    ///
    /// ```
    /// use shashki::eval::weights::{WeightsFile, fitted};
    ///
    /// let written = fitted().to_bytes();
    /// assert_eq!(&WeightsFile::parse(&written).unwrap(), fitted());
    /// assert!(WeightsFile::parse(b"weights\n").is_err());
    /// ```
    pub fn parse(bytes: &[u8]) -> Result<WeightsFile, WeightsError> {
        let mut reader = Lines { bytes, line: 0 };
        if reader.next_line() != Some(MAGIC) {
            return Err(WeightsError::NotWeights);
        }
        let mut provenance = Vec::new();
        let mut opening = [0; FEATURES];
        let mut ending = [0; FEATURES];
        let mut features = 0;
        let mut patterns = None;
        while let Some(line) = reader.next_line() {
            let bad = |expected| WeightsError::BadLine {
                line: reader.line,
                expected,
            };
            if let Some(comment) = line.strip_prefix('#') {
                if features > 0 {
                    return Err(bad(Expected::NotComment));
                }
                provenance.push(comment.strip_prefix(' ').unwrap_or(comment).to_string());
            } else if let Some(rest) = line.strip_prefix("feature ") {
                let mut parts = rest.splitn(3, ' ');
                let mut weight = || parts.next().and_then(|w| w.parse::<i32>().ok());
                let (Some(open), Some(end)) = (weight(), weight()) else {
                    return Err(bad(Expected::Feature));
                };
                let name = parts.next().ok_or_else(|| bad(Expected::Feature))?;
                if features == FEATURES || name != FEATURE_NAMES[features] {
                    return Err(WeightsError::WrongFeature {
                        index: features + 1,
                        found: name.to_string(),
                    });
                }
                opening[features] = open;
                ending[features] = end;
                features += 1;
            } else if let Some(shape) = line.strip_prefix("patterns ") {
                if features < FEATURES {
                    return Err(WeightsError::MissingFeatures { found: features });
                }
                let numbers: Vec<usize> = shape
                    .split(' ')
                    .map(str::parse)
                    .collect::<Result<_, _>>()
                    .map_err(|_| bad(Expected::Patterns))?;
                let [regions, arrangements] = numbers[..] else {
                    return Err(bad(Expected::Patterns));
                };
                if (regions, arrangements) != (REGIONS, ARRANGEMENTS) {
                    return Err(WeightsError::WrongShape {
                        regions,
                        arrangements,
                    });
                }
                patterns = Some(read_patterns(reader.bytes)?);
                reader.bytes = &[];
                break;
            } else {
                return Err(bad(Expected::NextLine));
            }
        }
        if !reader.bytes.is_empty() {
            // A last line without its end, or bytes that are not text.
            return Err(WeightsError::BadLine {
                line: reader.line + 1,
                expected: Expected::NextLine,
            });
        }
        if features < FEATURES {
            return Err(WeightsError::MissingFeatures { found: features });
        }
        Ok(WeightsFile {
            provenance,
            features: FeatureWeights { opening, ending },
            patterns,
        })
    }

    /// The file's bytes, which [`WeightsFile::parse`] reads back.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut text = format!("{MAGIC}\n");
        for line in &self.provenance {
            text += &format!("# {line}\n").replace("# \n", "#\n");
        }
        for (i, name) in FEATURE_NAMES.iter().enumerate() {
            let (open, end) = (self.features.opening[i], self.features.ending[i]);
            text += &format!("feature {open} {end} {name}\n");
        }
        let mut bytes = text.into_bytes();
        if let Some(patterns) = &self.patterns {
            bytes.extend(format!("patterns {REGIONS} {ARRANGEMENTS}\n").bytes());
            for region in 0..REGIONS {
                for arrangement in 0..ARRANGEMENTS as u16 {
                    bytes.extend(patterns.weight(region, arrangement).to_le_bytes());
                }
            }
        }
        bytes
    }
}

/// The pattern table of a file: every weight, region by region, two bytes each.
fn read_patterns(bytes: &[u8]) -> Result<PatternWeights, WeightsError> {
    let expected = REGIONS * ARRANGEMENTS * 2;
    if bytes.len() != expected {
        return Err(WeightsError::WrongLength {
            expected,
            found: bytes.len(),
        });
    }
    let at = |region: usize, arrangement: usize| {
        let i = 2 * (region * ARRANGEMENTS + arrangement);
        i16::from_le_bytes([bytes[i], bytes[i + 1]])
    };
    for region in 0..REGIONS {
        for arrangement in 0..ARRANGEMENTS {
            let weight = at(region, arrangement);
            if weight.unsigned_abs() > PATTERN_WEIGHT_LIMIT.unsigned_abs() {
                return Err(WeightsError::WeightTooLarge {
                    region,
                    arrangement,
                    weight,
                });
            }
        }
    }
    Ok(PatternWeights::from_fn(|region, arrangement| {
        at(region, usize::from(arrangement))
    }))
}

/// The text lines at the start of a file, one at a time; what is left after them
/// stays in `bytes`.
struct Lines<'a> {
    bytes: &'a [u8],
    /// The number of the line last read, from 1.
    line: usize,
}

impl<'a> Lines<'a> {
    /// The next line without its end (`None` at the end, or where a line is not text).
    fn next_line(&mut self) -> Option<&'a str> {
        if self.bytes.is_empty() {
            return None;
        }
        let end = self.bytes.iter().position(|&b| b == b'\n')?;
        let line = std::str::from_utf8(&self.bytes[..end]).ok()?;
        self.bytes = &self.bytes[end + 1..];
        self.line += 1;
        Some(line.strip_suffix('\r').unwrap_or(line))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_files_have_the_shape_the_evaluation_expects() {
        let fitted = fitted();
        assert!(fitted.patterns.is_none());
        assert_eq!(
            fitted.features.opening[0], 100,
            "the men's weight is the unit"
        );
        assert!(
            fitted.provenance[0].starts_with("Fitted from"),
            "{:?}",
            fitted.provenance
        );
        let bot = bot();
        let patterns = bot.patterns.as_ref().expect("the bot's file has patterns");
        assert!(patterns.set_count() > 1000, "{patterns:?}");
        assert_eq!(bot.features.opening[0], 100);
        assert!(
            bot.provenance
                .iter()
                .any(|line| line.contains("--patterns"))
        );
    }

    #[test]
    fn a_file_reads_back_as_it_was_written() {
        for file in [fitted(), bot()] {
            assert_eq!(&WeightsFile::parse(&file.to_bytes()).unwrap(), file);
        }
    }

    #[test]
    fn the_built_in_files_are_as_the_writer_writes_them() {
        let features = include_bytes!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/data/eval/features.weights"
        ));
        assert_eq!(fitted().to_bytes(), features);
    }

    fn text_with(lines: &[&str]) -> Vec<u8> {
        let mut text = String::new();
        for line in lines {
            text += line;
            text.push('\n');
        }
        text.into_bytes()
    }

    fn features_text() -> Vec<String> {
        FEATURE_NAMES
            .iter()
            .map(|name| format!("feature 1 2 {name}"))
            .collect()
    }

    #[test]
    fn a_file_for_another_evaluation_is_refused_with_its_reason() {
        let lines = features_text();
        let mut all: Vec<&str> = vec![MAGIC];
        all.extend(lines.iter().map(String::as_str));
        assert!(WeightsFile::parse(&text_with(&all)).is_ok());

        assert_eq!(
            WeightsFile::parse(&text_with(&all[1..])),
            Err(WeightsError::NotWeights)
        );
        assert_eq!(
            WeightsFile::parse(&text_with(&all[..20])),
            Err(WeightsError::MissingFeatures { found: 19 })
        );
        let mut swapped = all.clone();
        swapped.swap(2, 3);
        let error = WeightsFile::parse(&text_with(&swapped)).unwrap_err();
        assert_eq!(
            error.to_string(),
            "feature 2 is 'men on rank 2', where the evaluation has 'kings'"
        );
        let mut bad = all.clone();
        bad[5] = "feature x 2 men on rank 4";
        assert_eq!(
            WeightsFile::parse(&text_with(&bad))
                .unwrap_err()
                .to_string(),
            "line 6: expected 'feature OPENING ENDING NAME'"
        );
        let mut shaped = all.clone();
        shaped.push("patterns 9 100");
        assert_eq!(
            WeightsFile::parse(&text_with(&shaped)),
            Err(WeightsError::WrongShape {
                regions: 9,
                arrangements: 100
            })
        );
    }

    #[test]
    fn a_pattern_table_must_be_whole_and_within_the_limit() {
        let mut file = bot().clone();
        let bytes = file.to_bytes();
        let short = WeightsFile::parse(&bytes[..bytes.len() - 1]).unwrap_err();
        assert_eq!(
            short,
            WeightsError::WrongLength {
                expected: REGIONS * ARRANGEMENTS * 2,
                found: REGIONS * ARRANGEMENTS * 2 - 1
            }
        );
        file.patterns = Some(PatternWeights::from_fn(|region, a| {
            if (region, a) == (4, 17) { -20_000 } else { 0 }
        }));
        assert_eq!(
            WeightsFile::parse(&file.to_bytes()),
            Err(WeightsError::WeightTooLarge {
                region: 4,
                arrangement: 17,
                weight: -20_000
            })
        );
    }
}
