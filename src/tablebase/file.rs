//! The file of one table: [`Table::save`] and [`Table::load`].
//!
//! A file is a header of 35 bytes: the magic `shashki-egtb`, the format version, the
//! material (men and kings of White, then of Black), the bytes per index, a flag
//! byte (1: the results beyond were solved), the number of indices (8 bytes), the number of records in the palette (4 bytes) and the
//! length of the body (4 bytes), all little-endian. The body holds the palette, each
//! record as its number of steps, each step's budget and value code (two bytes), and
//! a flag and code for its result beyond; then each index's palette number, compressed
//! with deflate (a table's numbers repeat so much that its file is about a quarter of
//! their size; the table is read whole, so the file needs no random access). An
//! FNV-1a checksum of the body ends the file, so that a damaged or foreign file is
//! refused rather than believed. Files of format version 2 (the same, the numbers not
//! compressed) are read as they are; those of version 1 (values without the draw
//! rules) are refused with a word to rebuild them.

use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

use super::value::{Code, Steps};
use super::{Budget, Material, Record, Table};
use crate::files::{Fnv1a, write_atomically};
use crate::msg;
use crate::words::Message;

const MAGIC: &[u8; 12] = b"shashki-egtb";
/// Version 1 held plies to the end without the draw rules; version 2 holds records;
/// version 3 the same with the palette numbers compressed.
const VERSION: u8 = 3;
/// The version whose palette numbers are stored as they are.
const UNCOMPRESSED: u8 = 2;
/// Deflate's level: at 6, a quarter of the size, and reading stays fast.
const LEVEL: u8 = 6;
const HEADER: usize = 12 + 1 + 4 + 1 + 1 + 8 + 4 + 4;
const CHECKSUM: usize = 8;

/// Why a table file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableFileError {
    /// The file.
    pub path: PathBuf,
    /// What is wrong with it.
    pub problem: TableProblem,
}

/// What is wrong with a table file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableProblem {
    /// The system could not read it.
    Unreadable(String),
    /// It is no table file of this program.
    NotATable,
    /// A format version this program does not read.
    OldVersion(u8),
    /// Shorter than its header.
    CutShort,
    /// Another balance's table.
    OtherMaterial {
        /// The balance the file holds.
        found: Material,
        /// The balance it should hold.
        wanted: Material,
    },
    /// The header's fields are impossible.
    DamagedHeader,
    /// Not as long as its header says.
    WrongLength,
    /// The checksum does not match the body.
    Checksum,
    /// The records of the values are not readable.
    DamagedPalette,
    /// Larger than this machine can address.
    TooLarge,
    /// The values do not inflate, or name no record.
    DamagedBody,
}

impl TableProblem {
    /// What is wrong, to be worded.
    pub fn message(&self) -> Message {
        match self {
            TableProblem::Unreadable(error) => msg!("table-unreadable", error = error.as_str()),
            TableProblem::NotATable => msg!("table-not-a-table"),
            TableProblem::OldVersion(version) => msg!(
                "table-old-version",
                version = *version,
                oldest = UNCOMPRESSED,
                newest = VERSION
            ),
            TableProblem::CutShort => msg!("table-cut-short"),
            TableProblem::OtherMaterial { found, wanted } => msg!(
                "table-other-material",
                found = found.to_string(),
                wanted = wanted.to_string()
            ),
            TableProblem::DamagedHeader => msg!("table-damaged-header"),
            TableProblem::WrongLength => msg!("table-wrong-length"),
            TableProblem::Checksum => msg!("table-checksum"),
            TableProblem::DamagedPalette => msg!("table-damaged-palette"),
            TableProblem::TooLarge => msg!("table-too-large"),
            TableProblem::DamagedBody => msg!("table-damaged-body"),
        }
    }
}

impl TableFileError {
    /// Which file and what is wrong with it, to be worded.
    pub fn message(&self) -> Message {
        msg!(
            "table-file",
            path = self.path.display().to_string(),
            problem = self.problem.message()
        )
    }
}

impl fmt::Display for TableFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::words::english(&self.message(), f)
    }
}

impl std::error::Error for TableFileError {}

impl Table {
    /// The bytes of its file.
    pub fn to_bytes(&self) -> Vec<u8> {
        self.encode(VERSION)
    }

    /// The bytes of its file in format `version` (2 or 3).
    fn encode(&self, version: u8) -> Vec<u8> {
        let mut body = Vec::new();
        for record in self.palette() {
            let steps = record.steps().codes();
            body.push(steps.len() as u8);
            for &(budget, code) in steps {
                body.push(budget.plies() as u8);
                body.extend_from_slice(&code.bits().to_le_bytes());
            }
            match record.beyond_code() {
                Some(code) => {
                    body.push(1);
                    body.extend_from_slice(&code.bits().to_le_bytes());
                }
                None => body.push(0),
            }
        }
        let numbers = self.file_numbers();
        match version {
            UNCOMPRESSED => body.extend_from_slice(&numbers),
            _ => body.extend_from_slice(&miniz_oxide::deflate::compress_to_vec(&numbers, LEVEL)),
        }
        let material = self.material();
        let mut bytes = Vec::with_capacity(HEADER + body.len() + CHECKSUM);
        bytes.extend_from_slice(MAGIC);
        bytes.push(version);
        bytes.extend_from_slice(&[
            material.men[0],
            material.kings[0],
            material.men[1],
            material.kings[1],
        ]);
        bytes.push(self.file_width() as u8);
        bytes.push(u8::from(self.is_weighed()));
        bytes.extend_from_slice(&material.size().to_le_bytes());
        bytes.extend_from_slice(&(self.palette().len() as u32).to_le_bytes());
        bytes.extend_from_slice(&(body.len() as u32).to_le_bytes());
        bytes.extend_from_slice(&body);
        bytes.extend_from_slice(&Fnv1a::of(&body).to_le_bytes());
        bytes
    }

    /// Writes the table to `path` atomically; returns the bytes written.
    pub fn save(&self, path: &Path) -> std::io::Result<u64> {
        let bytes = self.to_bytes();
        write_atomically(path, &bytes)?;
        Ok(bytes.len() as u64)
    }

    /// Reads the table of `material` from `path`, checking that it is whole and is that table.
    pub fn load(path: &Path, material: Material) -> Result<Table, TableFileError> {
        let fail = |problem: TableProblem| TableFileError {
            path: path.to_path_buf(),
            problem,
        };
        let bytes = std::fs::read(path)
            .map_err(|error| fail(TableProblem::Unreadable(error.to_string())))?;
        Table::from_bytes(&bytes, material).map_err(fail)
    }

    /// The bytes the table of `material` in the file at `path` will hold once it is
    /// read ([`Table::memory`]), from the file's header alone.
    pub fn memory_of_file(path: &Path, material: Material) -> Result<u64, TableFileError> {
        let fail = |problem: TableProblem| TableFileError {
            path: path.to_path_buf(),
            problem,
        };
        let mut bytes = Vec::with_capacity(HEADER);
        // A file too short for a header says so the way `load` would.
        std::fs::File::open(path)
            .and_then(|file| file.take(HEADER as u64).read_to_end(&mut bytes))
            .map_err(|error| fail(TableProblem::Unreadable(error.to_string())))?;
        let header = Header::parse(&bytes, material).map_err(fail)?;
        Ok(Table::memory_for(
            header.count,
            header.width,
            header.records,
        ))
    }

    /// The table of `material` from the bytes of its file, or what is wrong with them.
    pub fn from_bytes(bytes: &[u8], material: Material) -> Result<Table, TableProblem> {
        let Header {
            version,
            width,
            weighed,
            count,
            records,
            body_length,
        } = Header::parse(bytes, material)?;
        if bytes.len() != HEADER + body_length as usize + CHECKSUM {
            return Err(TableProblem::WrongLength);
        }
        let body = &bytes[HEADER..HEADER + body_length as usize];
        let stored = u64::from_le_bytes(bytes[HEADER + body.len()..].try_into().expect("8 bytes"));
        if Fnv1a::of(body) != stored {
            return Err(TableProblem::Checksum);
        }
        let mut reader = Reader { body, at: 0 };
        let palette = (0..records)
            .map(|_| reader.record())
            .collect::<Option<Vec<Record>>>()
            .ok_or(TableProblem::DamagedPalette)?;
        let length = usize::try_from(count * width as u64).map_err(|_| TableProblem::TooLarge)?;
        let numbers = match version {
            UNCOMPRESSED => reader.rest().to_vec(),
            _ => miniz_oxide::inflate::decompress_to_vec_with_limit(reader.rest(), length)
                .map_err(|_| TableProblem::DamagedBody)?,
        };
        if numbers.len() != length {
            return Err(TableProblem::DamagedBody);
        }
        let fits = |number: u32| (number as usize) < palette.len();
        if !numbers
            .chunks(width)
            .all(|chunk| fits(chunk.iter().rev().fold(0, |n, &b| n << 8 | u32::from(b))))
        {
            return Err(TableProblem::DamagedBody);
        }
        Ok(Table::from_parts(
            material, palette, width, numbers, weighed,
        ))
    }
}

/// The fields of a file's header.
struct Header {
    version: u8,
    width: usize,
    weighed: bool,
    count: u64,
    records: u32,
    body_length: u32,
}

impl Header {
    /// The header at the start of `bytes`, if it is a table file of a version this
    /// program reads and holds `material`.
    fn parse(bytes: &[u8], material: Material) -> Result<Header, TableProblem> {
        if bytes.len() < 13 || &bytes[..12] != MAGIC {
            return Err(TableProblem::NotATable);
        }
        let version = bytes[12];
        if version != VERSION && version != UNCOMPRESSED {
            return Err(TableProblem::OldVersion(version));
        }
        if bytes.len() < HEADER {
            return Err(TableProblem::CutShort);
        }
        let found = Material {
            men: [bytes[13], bytes[15]],
            kings: [bytes[14], bytes[16]],
        };
        if found != material {
            return Err(TableProblem::OtherMaterial {
                found,
                wanted: material,
            });
        }
        let header = Header {
            version,
            width: usize::from(bytes[17]),
            weighed: bytes[18] == 1,
            count: u64::from_le_bytes(bytes[19..27].try_into().expect("8 bytes")),
            records: u32::from_le_bytes(bytes[27..31].try_into().expect("4 bytes")),
            body_length: u32::from_le_bytes(bytes[31..35].try_into().expect("4 bytes")),
        };
        if ![1, 2, 4].contains(&header.width) || bytes[18] > 1 || header.count != material.size() {
            return Err(TableProblem::DamagedHeader);
        }
        Ok(header)
    }
}

/// Reads records off the body of a file.
struct Reader<'a> {
    body: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn byte(&mut self) -> Option<u8> {
        let byte = *self.body.get(self.at)?;
        self.at += 1;
        Some(byte)
    }

    fn code(&mut self) -> Option<Code> {
        Some(Code::from_bits(u16::from_le_bytes([
            self.byte()?,
            self.byte()?,
        ])))
    }

    fn record(&mut self) -> Option<Record> {
        let count = self.byte()?;
        let mut steps = Vec::with_capacity(usize::from(count));
        for _ in 0..count {
            let budget = self.byte()?;
            let code = self.code()?;
            let previous = steps.last().map(|&(b, c): &(Budget, Code)| (b.plies(), c));
            let rising = previous.is_none_or(|(b, c)| u32::from(budget) > b && code != c);
            let first = previous.is_some() || budget == 0;
            if !rising || !first || u32::from(budget) > Budget::MAX.plies() {
                return None;
            }
            steps.push((Budget::new(u32::from(budget)), code));
        }
        if steps.is_empty() {
            return None;
        }
        let beyond = match self.byte()? {
            0 => None,
            1 => Some(self.code()?),
            _ => return None,
        };
        Some(Record::from_parts(Steps::from_codes(steps), beyond))
    }

    fn rest(&self) -> &[u8] {
        &self.body[self.at..]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tablebase::Value;
    use crate::tablebase::table::Palette;

    fn sample() -> Table {
        let material: Material = "w0m1k-b0m1k".parse().unwrap();
        let mut palette = Palette::default();
        let open = Record::new(Steps::constant(Value::Draw), Some(Value::Win(41)));
        let numbers: Vec<u32> = (0..material.size())
            .map(|i| {
                let record = match i % 4 {
                    0 => Record::exact(Value::Draw),
                    1 => Record::exact(Value::Loss(i as u32)),
                    2 => Record::exact(Value::Win(i as u32)),
                    _ => open.clone(),
                };
                palette.number(record)
            })
            .collect();
        Table::new(material, palette, &numbers, true)
    }

    #[test]
    fn a_saved_table_loads_and_a_damaged_or_old_one_is_refused() {
        let table = sample();
        let material = table.material();
        assert_eq!(table.width(), 2);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("w0m1k-b0m1k.egtb");
        table.save(&path).unwrap();
        let loaded = Table::load(&path, material).unwrap();
        assert!(loaded.is_weighed());
        // What the table will hold is known from the header alone.
        assert_eq!(
            Table::memory_of_file(&path, material).unwrap(),
            loaded.memory()
        );
        for index in 0..material.size() {
            assert_eq!(loaded.record(index), table.record(index));
        }
        let other: Material = "w1m0k-b0m1k".parse().unwrap();
        assert!(Table::load(&path, other).is_err());
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[HEADER + 5] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        let error = Table::load(&path, material).err().unwrap();
        assert!(error.to_string().contains("checksum"), "{error}");
        bytes[12] = 1;
        std::fs::write(&path, &bytes).unwrap();
        let error = Table::load(&path, material).err().unwrap();
        assert!(
            error.to_string().contains("build the tables again"),
            "{error}"
        );
        std::fs::write(&path, &bytes[..20]).unwrap();
        let error = Table::memory_of_file(&path, material).err().unwrap();
        assert!(
            error.to_string().contains("build the tables again"),
            "{error}"
        );
        bytes[12] = VERSION;
        std::fs::write(&path, &bytes[..20]).unwrap();
        let error = Table::memory_of_file(&path, material).err().unwrap();
        assert!(error.to_string().contains("cut short"), "{error}");
    }

    #[test]
    fn a_table_is_stored_compressed_and_an_uncompressed_one_still_loads() {
        // Two thirds draws, as many tables are: the numbers repeat, and deflate sees it.
        let material: Material = "w0m2k-b0m1k".parse().unwrap();
        let mut palette = Palette::default();
        let numbers: Vec<u32> = (0..material.size())
            .map(|i| match i % 3 {
                2 => palette.number(Record::exact(Value::Win((i % 7) as u32))),
                _ => palette.number(Record::exact(Value::Draw)),
            })
            .collect();
        let table = Table::new(material, palette, &numbers, false);
        let compressed = table.to_bytes();
        let uncompressed = table.encode(UNCOMPRESSED);
        assert_eq!(compressed[12], VERSION);
        assert!(
            compressed.len() * 4 < uncompressed.len(),
            "{} bytes compressed, {} not",
            compressed.len(),
            uncompressed.len()
        );
        for bytes in [compressed, uncompressed] {
            let loaded = Table::from_bytes(&bytes, material).unwrap();
            for index in 0..material.size() {
                assert_eq!(loaded.record(index), table.record(index));
            }
        }
    }

    #[test]
    fn four_byte_numbers_are_held_in_three_and_written_in_four() {
        // A file of four-byte numbers whose palette would fit three (the largest
        // six-piece files hold up to a million records).
        let table = sample();
        let material = table.material();
        let wide: Vec<u8> = (0..material.size())
            .flat_map(|index| {
                let number = table
                    .palette()
                    .iter()
                    .position(|r| r == table.record(index));
                (number.unwrap() as u32).to_le_bytes()
            })
            .collect();
        let read = Table::from_parts(material, table.palette().to_vec(), 4, wide.clone(), true);
        assert_eq!(read.width(), 3);
        let records = table.palette().len() as u32;
        assert_eq!(
            read.memory(),
            Table::memory_for(material.size(), 4, records)
        );
        assert_eq!(
            read.memory() - table.memory(),
            material.size(),
            "three bytes an index where the sample's two-byte numbers take two"
        );
        for index in 0..material.size() {
            assert_eq!(read.record(index), table.record(index));
        }
        // Its file holds four bytes an index, as the file it came from.
        let bytes = read.to_bytes();
        assert_eq!(bytes[17], 4);
        let numbers = &bytes[HEADER..bytes.len() - CHECKSUM];
        let deflated = miniz_oxide::deflate::compress_to_vec(&wide, LEVEL);
        assert!(numbers.ends_with(&deflated));
        let again = Table::from_bytes(&bytes, material).unwrap();
        assert_eq!(again.width(), 3);
        assert_eq!(again.to_bytes(), bytes);
    }

    #[test]
    fn a_compressed_body_that_does_not_inflate_to_the_table_is_refused() {
        let table = sample();
        let mut bytes = table.to_bytes();
        // Cut the compressed numbers short and mend the length and checksum, so that
        // only the inflation can tell.
        let body_end = bytes.len() - CHECKSUM;
        bytes.truncate(body_end - 10);
        let body_length = (bytes.len() - HEADER) as u32;
        bytes[31..35].copy_from_slice(&body_length.to_le_bytes());
        let sum = Fnv1a::of(&bytes[HEADER..]);
        bytes.extend_from_slice(&sum.to_le_bytes());
        let error = Table::from_bytes(&bytes, table.material()).err().unwrap();
        assert_eq!(error, TableProblem::DamagedBody);
    }
}
