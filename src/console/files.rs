//! Game records on disk: `save` and `open` as PDN, written atomically.

use std::io::{self, Write};
use std::path::Path;

use super::Console;
use crate::Color;
use crate::files::{ReadError, read_text};
use crate::notation::pdn;

impl Console {
    pub(super) fn save(&mut self, path: &Path) {
        let (white, black) = match self.human {
            Color::White => ("Player", "shashki"),
            Color::Black => ("shashki", "Player"),
        };
        let tags = [
            ("Event", "shashki console game".to_string()),
            ("Date", today()),
            ("White", white.to_string()),
            ("Black", black.to_string()),
        ];
        let text = pdn::write(&self.game, &tags);
        match write_atomically(path, &text) {
            Ok(()) => self.say(format!("saved to {}", path.display())),
            Err(error) => self.say(format!("could not save {}: {error}", path.display())),
        }
    }

    pub(super) fn open(&mut self, path: &Path) {
        let text = match read_text(path) {
            Ok(text) => text,
            // `LINE:COL: invalid UTF-8 ...`, placed like the PDN errors below.
            Err(error @ ReadError::BadUtf8(_)) => {
                self.say(format!("{}:{error}", path.display()));
                return;
            }
            Err(error) => {
                self.say(format!("could not open {}: {error}", path.display()));
                return;
            }
        };
        match pdn::read(&text) {
            Ok(record) => {
                self.game = record.game;
                self.engine.new_game();
                self.reset_questions();
                let count = self.game.moves().len();
                self.say(format!("opened {}: {count} plies", path.display()));
                self.show_board();
                self.proceed();
            }
            Err(error) => self.say(format!("{}:{error}", path.display())),
        }
    }
}

/// Writes `text` to a temporary file beside `path`, then renames it into place.
fn write_atomically(path: &Path, text: &str) -> io::Result<()> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?;
    let mut temp_name = std::ffi::OsString::from(".");
    temp_name.push(name);
    temp_name.push(format!(".{}.tmp", std::process::id()));
    let temp = path.with_file_name(temp_name);
    let result = std::fs::File::create(&temp).and_then(|mut file| {
        file.write_all(text.as_bytes())?;
        file.sync_all()
    });
    let result = result.and_then(|()| std::fs::rename(&temp, path));
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}

/// Today's date as PDN writes it, `YYYY.MM.DD` (UTC).
fn today() -> String {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400);
    let (year, month, day) = civil_from_days(days as i64);
    format!("{year:04}.{month:02}.{day:02}")
}

/// The calendar date of a day counted from 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_from_day_numbers() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
        assert_eq!(civil_from_days(20_454), (2026, 1, 1));
    }

    #[test]
    fn saving_replaces_the_file_in_one_step() {
        let dir = std::env::temp_dir().join(format!("shashki-save-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("game.pdn");
        write_atomically(&path, "one").unwrap();
        write_atomically(&path, "two").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "two");
        assert_eq!(
            std::fs::read_dir(&dir).unwrap().count(),
            1,
            "no temp file left"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
