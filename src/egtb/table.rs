//! One solved table in memory and on disk.
//!
//! A value is a code: 0 for a draw (and for the indices that name no position),
//! otherwise the number of plies to the end plus one. The plies say who wins: the
//! side to move wins when the game ends on one of its own moves (an odd count) and
//! loses when it ends on the other side's (an even count; 0 when it has no move
//! now). Codes take one byte while the longest ending fits in 254 plies, else two.
//!
//! The file is a 26-byte header (the magic `shashki-egtb`, the format version, the
//! material, the code width, the number of indices, little-endian), the codes, and
//! an FNV-1a checksum of the codes, so that a damaged or foreign file is refused
//! rather than believed.

use std::fmt;
use std::path::{Path, PathBuf};

use super::Material;
use crate::endgame::Value;
use crate::files::write_atomically;

const MAGIC: &[u8; 12] = b"shashki-egtb";
const VERSION: u8 = 1;
const HEADER: usize = 26;
const CHECKSUM: usize = 8;

/// A solved table: the value of every index of one material balance, White to move.
pub struct Table {
    material: Material,
    width: usize,
    codes: Vec<u8>,
}

/// Why a table file could not be read.
#[derive(Debug)]
pub struct TableFileError {
    /// The file.
    pub path: PathBuf,
    /// What is wrong with it.
    pub problem: String,
}

impl fmt::Display for TableFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.problem)
    }
}

impl std::error::Error for TableFileError {}

/// The code of a value.
pub(super) fn code(value: Value) -> u16 {
    match value {
        Value::Draw => 0,
        Value::Win(plies) | Value::Loss(plies) => plies as u16 + 1,
    }
}

/// The value of a code.
pub(super) fn value(code: u16) -> Value {
    match code {
        0 => Value::Draw,
        _ if code.is_multiple_of(2) => Value::Win(u32::from(code) - 1),
        _ => Value::Loss(u32::from(code) - 1),
    }
}

impl Table {
    /// A table of `codes`, one per index of `material`.
    pub(super) fn new(material: Material, codes: &[u16]) -> Table {
        debug_assert_eq!(codes.len() as u64, material.size());
        let wide = codes.iter().any(|&code| code > u16::from(u8::MAX));
        let codes = if wide {
            codes.iter().flat_map(|code| code.to_le_bytes()).collect()
        } else {
            codes.iter().map(|&code| code as u8).collect()
        };
        Table {
            material,
            width: if wide { 2 } else { 1 },
            codes,
        }
    }

    /// The balance this table solves.
    pub fn material(&self) -> Material {
        self.material
    }

    /// The value at `index`, from White's (the side to move's) view.
    #[inline]
    pub fn value(&self, index: u64) -> Value {
        value(self.code(index))
    }

    #[inline]
    fn code(&self, index: u64) -> u16 {
        let at = index as usize * self.width;
        if self.width == 1 {
            u16::from(self.codes[at])
        } else {
            u16::from_le_bytes([self.codes[at], self.codes[at + 1]])
        }
    }

    /// Bytes of the file.
    pub fn file_size(&self) -> u64 {
        (HEADER + self.codes.len() + CHECKSUM) as u64
    }

    /// Writes the table to `path` atomically.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        let mut bytes = Vec::with_capacity(self.file_size() as usize);
        bytes.extend_from_slice(MAGIC);
        bytes.push(VERSION);
        bytes.extend_from_slice(&[
            self.material.men[0],
            self.material.kings[0],
            self.material.men[1],
            self.material.kings[1],
        ]);
        bytes.push(self.width as u8);
        bytes.extend_from_slice(&self.material.size().to_le_bytes());
        bytes.extend_from_slice(&self.codes);
        bytes.extend_from_slice(&checksum(&self.codes).to_le_bytes());
        write_atomically(path, &bytes)
    }

    /// Reads the table of `material` from `path`, checking that it is whole and is that table.
    pub fn load(path: &Path, material: Material) -> Result<Table, TableFileError> {
        let fail = |problem: String| TableFileError {
            path: path.to_path_buf(),
            problem,
        };
        let bytes = std::fs::read(path).map_err(|error| fail(error.to_string()))?;
        if bytes.len() < HEADER + CHECKSUM || &bytes[..12] != MAGIC {
            return Err(fail("not a shashki endgame table".into()));
        }
        if bytes[12] != VERSION {
            return Err(fail(format!(
                "format version {} (this program reads version {VERSION})",
                bytes[12]
            )));
        }
        let found = Material {
            men: [bytes[13], bytes[15]],
            kings: [bytes[14], bytes[16]],
        };
        if found != material {
            return Err(fail(format!("holds {found}, not {material}")));
        }
        let width = usize::from(bytes[17]);
        let count = u64::from_le_bytes(bytes[18..26].try_into().expect("8 bytes"));
        if !(1..=2).contains(&width) || count != material.size() {
            return Err(fail("damaged header".into()));
        }
        let end = bytes.len() - CHECKSUM;
        if (end - HEADER) as u64 != count * width as u64 {
            return Err(fail("cut short or too long".into()));
        }
        let stored = u64::from_le_bytes(bytes[end..].try_into().expect("8 bytes"));
        if checksum(&bytes[HEADER..end]) != stored {
            return Err(fail("checksum mismatch: the file is damaged".into()));
        }
        Ok(Table {
            material,
            width,
            codes: bytes[HEADER..end].to_vec(),
        })
    }
}

/// FNV-1a, 64 bits.
fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_tell_wins_from_losses() {
        for value in [
            Value::Draw,
            Value::Loss(0),
            Value::Win(1),
            Value::Loss(2),
            Value::Win(301),
        ] {
            assert_eq!(super::value(code(value)), value);
        }
    }

    #[test]
    fn a_saved_table_loads_and_a_damaged_one_is_refused() {
        let material: Material = "w0m1k-b0m1k".parse().unwrap();
        let codes: Vec<u16> = (0..material.size()).map(|i| (i % 300) as u16).collect();
        let table = Table::new(material, &codes);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("w0m1k-b0m1k.egtb");
        table.save(&path).unwrap();
        let loaded = Table::load(&path, material).unwrap();
        assert!((0..material.size()).all(|i| loaded.code(i) == codes[i as usize]));
        let other: Material = "w1m0k-b0m1k".parse().unwrap();
        assert!(Table::load(&path, other).is_err());
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[HEADER + 5] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        let error = Table::load(&path, material).err().unwrap();
        assert!(error.to_string().contains("checksum"), "{error}");
        std::fs::remove_file(&path).unwrap();
    }
}
