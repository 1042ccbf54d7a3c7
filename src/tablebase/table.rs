//! One solved table in memory: the record of every index of one material.
//!
//! A table's positions share few distinct records (a handful of values, each from a
//! handful of budgets on), so the table keeps each distinct record once, in its
//! palette, and for each index the number of its record there: one byte while the
//! palette has at most 256 records, else two (or four).

use std::borrow::Cow;
use std::collections::HashMap;

use super::{Budget, Material, Record, Verdict};

/// A solved table: the record of every index of one material, White to move.
#[derive(Clone, Debug)]
pub struct Table {
    material: Material,
    palette: Vec<Record>,
    /// Bytes per index.
    width: usize,
    /// Each index's palette number, little-endian, `width` bytes each.
    numbers: Vec<u8>,
    /// Whether some record is open (has a result beyond its draws).
    open: bool,
    /// Whether the results beyond were solved (where steps may fall short of the truth).
    weighed: bool,
}

/// Builds a palette as records come, numbering each distinct one once.
#[derive(Default)]
pub(crate) struct Palette {
    records: Vec<Record>,
    numbers: HashMap<Record, u32>,
}

impl Palette {
    /// The number of `record`, added if it is new.
    pub fn number(&mut self, record: Record) -> u32 {
        if let Some(&number) = self.numbers.get(&record) {
            return number;
        }
        let number = self.records.len() as u32;
        self.records.push(record.clone());
        self.numbers.insert(record, number);
        number
    }
}

impl Table {
    /// The table of `material` whose index `i` has the record numbered `numbers[i]` in
    /// `palette`; `weighed`: whether the results beyond were solved.
    pub(crate) fn new(
        material: Material,
        palette: Palette,
        numbers: &[u32],
        weighed: bool,
    ) -> Table {
        debug_assert_eq!(numbers.len() as u64, material.size());
        let records = palette.records;
        let width = match records.len() {
            0..=0x100 => 1,
            0x101..=0x1_0000 => 2,
            0x1_0001..=0x100_0000 => 3,
            _ => 4,
        };
        let bytes = numbers
            .iter()
            .flat_map(|number| number.to_le_bytes().into_iter().take(width))
            .collect();
        Table::from_parts(material, records, width, bytes, weighed)
    }

    /// A table from its palette and its numbers as stored, `width` bytes each (four
    /// are held in three where the palette allows).
    pub(crate) fn from_parts(
        material: Material,
        palette: Vec<Record>,
        mut width: usize,
        mut numbers: Vec<u8>,
        weighed: bool,
    ) -> Table {
        if Table::width_in_memory(width, palette.len() as u32) < width {
            // The top byte of every number is zero: drop it, front to back in place.
            let count = numbers.len() / 4;
            for i in 0..count {
                numbers.copy_within(4 * i..4 * i + 3, 3 * i);
            }
            numbers.truncate(3 * count);
            numbers.shrink_to_fit();
            width = 3;
        }
        let open = palette.iter().any(|record| record.beyond().is_some());
        Table {
            material,
            palette,
            width,
            numbers,
            open,
            weighed,
        }
    }

    /// The bytes the table holds in memory: its numbers and its palette.
    pub fn memory(&self) -> u64 {
        Table::memory_for(self.material.size(), self.width, self.palette.len() as u32)
    }

    /// The bytes a table of `count` indices and `records` records, stored `width`
    /// bytes an index, holds in memory.
    pub(crate) fn memory_for(count: u64, width: usize, records: u32) -> u64 {
        // A record's steps are a few bytes on the heap: the allocator's smallest block.
        const RECORD: u64 = std::mem::size_of::<Record>() as u64 + 32;
        count * Table::width_in_memory(width, records) as u64 + u64::from(records) * RECORD
    }

    /// Bytes an index in memory for numbers stored `width` bytes each: three for four
    /// where the palette's numbers fit them (fewer than 2^24 records), a quarter less
    /// memory for the largest six-piece tables, whose palettes have up to a million.
    fn width_in_memory(width: usize, records: u32) -> usize {
        if width == 4 && records <= 1 << 24 {
            3
        } else {
            width
        }
    }

    /// The material this table solves.
    pub fn material(&self) -> Material {
        self.material
    }

    /// The record at `index`.
    #[inline]
    pub fn record(&self, index: u64) -> &Record {
        &self.palette[self.number(index)]
    }

    /// What is known at `index` with `budget` plies left.
    #[inline]
    pub fn verdict(&self, index: u64, budget: Budget) -> Verdict {
        self.record(index).verdict(budget)
    }

    #[inline]
    fn number(&self, index: u64) -> usize {
        let at = index as usize * self.width;
        match self.width {
            1 => usize::from(self.numbers[at]),
            2 => usize::from(u16::from_le_bytes([self.numbers[at], self.numbers[at + 1]])),
            3 => u32::from_le_bytes([
                self.numbers[at],
                self.numbers[at + 1],
                self.numbers[at + 2],
                0,
            ]) as usize,
            _ => u32::from_le_bytes(
                self.numbers[at..at + 4]
                    .try_into()
                    .expect("four bytes an index"),
            ) as usize,
        }
    }

    /// Whether some position's result is open: a win or loss, or a draw (see [`Record`]).
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// Whether the results beyond the steps' draws were solved: in king endings with
    /// men, and where a capture or promotion leads to an open record.
    pub fn is_weighed(&self) -> bool {
        self.weighed
    }

    /// The distinct records.
    pub fn palette(&self) -> &[Record] {
        &self.palette
    }

    /// Bytes per index in memory.
    #[cfg(test)]
    pub(crate) fn width(&self) -> usize {
        self.width
    }

    /// Bytes per index in its file: 1, 2 or 4 (three-byte numbers are written in four).
    pub(crate) fn file_width(&self) -> usize {
        if self.width == 3 { 4 } else { self.width }
    }

    /// Each index's palette number as its file holds it, [`Table::file_width`] bytes each.
    pub(crate) fn file_numbers(&self) -> Cow<'_, [u8]> {
        if self.width != 3 {
            return Cow::Borrowed(&self.numbers);
        }
        Cow::Owned(
            self.numbers
                .chunks(3)
                .flat_map(|number| [number[0], number[1], number[2], 0])
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tablebase::Value;

    #[test]
    fn each_index_finds_its_record_through_the_palette() {
        let material: Material = "w0m1k-b0m1k".parse().unwrap();
        let mut palette = Palette::default();
        let values = [Value::Draw, Value::Win(1), Value::Loss(2)];
        let numbers: Vec<u32> = (0..material.size())
            .map(|i| palette.number(Record::exact(values[i as usize % 3])))
            .collect();
        let table = Table::new(material, palette, &numbers, false);
        assert_eq!(table.palette().len(), 3);
        assert_eq!(table.width(), 1);
        for index in 0..material.size() {
            let expected = Verdict::Exact(values[index as usize % 3]);
            assert_eq!(table.verdict(index, Budget::MAX), expected);
        }
        assert!(!table.is_open());
    }
}
