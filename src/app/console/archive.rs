//! The games kept in the data directory's `games/`: every finished game the player played,
//! and the newest unfinished ones set aside. Read back for `games` (the list) and `stats`
//! (wins, draws and losses by level and colour).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::clock::TimeControl;
use super::files::players_side;
use super::phrases;
use super::said::{Note, Said};
use super::strength::strength_name;
use shashki::Color;
use shashki::msg;
use shashki::notation::pdn;
use shashki::words::{Message, Text};

/// How many of the newest finished games `stats` counts apart.
pub const RECENT: usize = 20;

/// A game's end as the player saw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Win,
    Draw,
    Loss,
    /// Not finished.
    Unfinished,
    /// Finished, in a game whose player is not known (a record of others kept unfinished).
    Over,
}

/// One kept game, as the list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeptGame {
    pub path: PathBuf,
    /// When it was kept, `2026-11-29 15:22` (UTC), from its file name.
    pub when: String,
    /// The player's side, where the record names the bot on the other.
    pub side: Option<Color>,
    /// The bot's strength as the record keeps it: a level's name, `1500 ms`, `depth 6`.
    pub strength: Option<String>,
    /// The time control, `180+2`, on a clock.
    pub control: Option<String>,
    pub opening: Option<String>,
    pub verdict: Verdict,
    /// The moves played (a move is White's and Black's ply).
    pub moves: usize,
}

/// The games of `dir` the program kept, the newest first; files it cannot read are
/// passed over.
pub fn kept_games(dir: &Path) -> Vec<KeptGame> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut games: Vec<((String, Option<std::time::SystemTime>), KeptGame)> = entries
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter_map(|path| {
            let name = path.file_name()?.to_str()?.to_string();
            let stamp = name.strip_suffix(".pdn")?;
            let stamp = stamp.strip_prefix("unfinished-").unwrap_or(stamp);
            let when = when(stamp)?;
            let record = pdn::read(&std::fs::read_to_string(&path).ok()?).ok()?;
            let modified = std::fs::metadata(&path)
                .and_then(|meta| meta.modified())
                .ok();
            let game = kept_game(path, when, &record);
            // Games kept within the same second: the last written is the newest.
            Some(((stamp.get(..17)?.to_string(), modified), game))
        })
        .collect();
    games.sort_by(|(a, _), (b, _)| b.cmp(a));
    games.into_iter().map(|(_, game)| game).collect()
}

/// `2026-11-29 15:22` from a name that starts `2026-11-29-152230`.
fn when(stamp: &str) -> Option<String> {
    let date = stamp.get(..10)?;
    let time = stamp.get(11..15)?;
    let digits = |text: &str| text.bytes().all(|b| b.is_ascii_digit() || b == b'-');
    (digits(date) && digits(time)).then(|| format!("{date} {}:{}", &time[..2], &time[2..]))
}

fn kept_game(path: PathBuf, when: String, record: &pdn::GameRecord) -> KeptGame {
    let side = players_side(record);
    let tag = |name: &str| record.tag(name).map(str::to_string);
    let winner = match record.tag("Result") {
        Some("2-0") => Some(Some(Color::White)),
        Some("0-2") => Some(Some(Color::Black)),
        Some("1-1") => Some(None),
        _ => None,
    };
    let verdict = match (winner, side) {
        (None, _) => Verdict::Unfinished,
        (Some(_), None) => Verdict::Over,
        (Some(None), Some(_)) => Verdict::Draw,
        (Some(Some(winner)), Some(side)) if winner == side => Verdict::Win,
        (Some(Some(_)), Some(_)) => Verdict::Loss,
    };
    KeptGame {
        path,
        when,
        side,
        strength: tag("BotStrength"),
        control: tag("TimeControl"),
        opening: tag("Opening"),
        verdict,
        moves: record.game.moves().len().div_ceil(2),
    }
}

/// Wins, draws and losses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
}

impl Tally {
    fn add(&mut self, verdict: Verdict) {
        match verdict {
            Verdict::Win => self.wins += 1,
            Verdict::Draw => self.draws += 1,
            Verdict::Loss => self.losses += 1,
            Verdict::Unfinished | Verdict::Over => {}
        }
    }
}

/// What the bot played at in a kept game, for the statistics: its strength, or its clock.
pub fn opponent(game: &KeptGame) -> String {
    match (&game.strength, &game.control) {
        (Some(strength), _) => strength.clone(),
        (None, Some(control)) => format!("clock {control}"),
        (None, None) => "?".to_string(),
    }
}

/// The player's finished games counted by the bot's strength and the player's colour,
/// over all of `games` and over the newest [`RECENT`] of them: `[all, recent]`.
pub fn tally(games: &[KeptGame]) -> BTreeMap<(String, usize), [Tally; 2]> {
    let mut counted: BTreeMap<(String, usize), [Tally; 2]> = BTreeMap::new();
    let finished = games.iter().filter(|game| {
        game.side.is_some() && !matches!(game.verdict, Verdict::Unfinished | Verdict::Over)
    });
    for (newest, game) in finished.enumerate() {
        let side = game.side.map_or(0, |side| side as usize);
        let tallies = counted.entry((opponent(game), side)).or_default();
        tallies[0].add(game.verdict);
        if newest < RECENT {
            tallies[1].add(game.verdict);
        }
    }
    counted
}

/// `games`: the games kept in `dir`, the newest first, as a table in the player's
/// language.
pub fn games_table(dir: Option<&Path>, text: &Text) -> Said {
    let games = dir.map(kept_games).unwrap_or_default();
    let Some(dir) = dir.filter(|_| !games.is_empty()) else {
        return msg!("games-none").into();
    };
    let words = |message| text.render(&message);
    let rows: Vec<[String; 6]> = games
        .iter()
        .map(|game| {
            let side = match game.side {
                Some(side) => words(msg!("prompt-side", side = phrases::side(side))),
                None => "-".to_string(),
            };
            let level = match (&game.strength, &game.control) {
                (Some(strength), _) => words(strength_name(strength, text.lang())),
                (None, Some(control)) => TimeControl::from_pdn(control)
                    .map_or_else(|| control.clone(), |control| control.to_string()),
                (None, None) => "-".to_string(),
            };
            let verdict = words(msg!("games-verdict", verdict = verdict_id(game.verdict)));
            let moves = words(msg!("games-moves", count = game.moves));
            let opening = game.opening.clone().unwrap_or_else(|| "-".to_string());
            [game.when.clone(), side, level, opening, verdict, moves]
        })
        .collect();
    let lines: Vec<String> = table(&rows)
        .into_iter()
        .enumerate()
        .map(|(at, row)| format!("{:>4}. {row}", at + 1))
        .collect();
    Said::from(msg!("games-title", path = dir.display().to_string()))
        .and(Note::Plain(lines.join("\n")))
}

/// `stats`: wins, draws and losses by the bot's level and the player's colour, over
/// every game kept in `dir` and over the newest of them.
pub fn stats_table(dir: Option<&Path>, text: &Text) -> Said {
    let games = dir.map(kept_games).unwrap_or_default();
    let counted = tally(&games);
    if counted.is_empty() {
        return msg!("stats-none").into();
    }
    let words = |message| text.render(&message);
    let score = |tally: &Tally| [tally.wins, tally.draws, tally.losses];
    let cells = |all: [usize; 3], recent: [usize; 3]| {
        std::array::from_fn::<_, 3, _>(|at| format!("{} ({})", all[at], recent[at]))
    };
    let mut total = [[0; 3]; 2];
    let mut rows = vec![[
        words(msg!("stats-level")),
        words(msg!("stats-side")),
        words(msg!("stats-wins")),
        words(msg!("stats-draws")),
        words(msg!("stats-losses")),
    ]];
    for ((strength, side), tallies) in &counted {
        let side = if *side == Color::White as usize {
            Color::White
        } else {
            Color::Black
        };
        let [all, recent] = tallies.each_ref().map(score);
        for (sum, counts) in total.iter_mut().zip([all, recent]) {
            for (sum, count) in sum.iter_mut().zip(counts) {
                *sum += count;
            }
        }
        let [wins, draws, losses] = cells(all, recent);
        rows.push([
            words(strength_name(strength, text.lang())),
            words(msg!("prompt-side", side = phrases::side(side))),
            wins,
            draws,
            losses,
        ]);
    }
    let [all, recent] = total;
    let [wins, draws, losses] = cells(all, recent);
    rows.push([words(msg!("stats-all")), String::new(), wins, draws, losses]);
    let finished: usize = all.iter().sum();
    let mut lines = vec![words(msg!(
        "stats-title",
        count = finished,
        recent = RECENT
    ))];
    lines.extend(table(&rows).into_iter().map(|row| format!("  {row}")));
    Note::Plain(lines.join("\n")).into()
}

/// Game `number` (from 1) of the games kept in `dir`, newest first, or why there is none.
pub fn kept_game_path(dir: Option<&Path>, number: usize) -> Result<PathBuf, Message> {
    let games = dir.map(kept_games).unwrap_or_default();
    match games.get(number - 1) {
        Some(game) => Ok(game.path.clone()),
        None => Err(msg!(
            "games-out-of-range",
            number = number,
            count = games.len()
        )),
    }
}

/// The message variant of a kept game's verdict.
fn verdict_id(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Win => "win",
        Verdict::Draw => "draw",
        Verdict::Loss => "loss",
        Verdict::Unfinished => "unfinished",
        Verdict::Over => "over",
    }
}

/// `rows` as lines of columns, each as wide as its widest cell, the last unpadded.
fn table<const N: usize>(rows: &[[String; N]]) -> Vec<String> {
    let widths: Vec<usize> = (0..N)
        .map(|column| {
            rows.iter()
                .map(|row| row[column].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    rows.iter()
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .zip(&widths)
                .map(|(cell, &width)| format!("{cell:<width$}"))
                .collect();
            cells.join("  ").trim_end().to_string()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kept_games_are_read_newest_first_with_the_players_result() {
        let dir = tempfile::tempdir().expect("a scratch folder");
        let record = |white: &str, black: &str, result: &str| {
            format!(
                "[White \"{white}\"]\n[Black \"{black}\"]\n[BotStrength \"club\"]\n\
                 [Result \"{result}\"]\n\n1. c3-d4 f6-g5 2. g3-h4 {result}\n"
            )
        };
        let write = |name: &str, text: String| std::fs::write(dir.path().join(name), text);
        write(
            "2026-11-29-101500-shashki-club.pdn",
            record("Player", "shashki", "0-2"),
        )
        .unwrap();
        write(
            "2026-11-30-090000-shashki-club.pdn",
            record("shashki", "Player", "0-2"),
        )
        .unwrap();
        write(
            "unfinished-2026-11-29-120000.pdn",
            record("Player", "shashki", "*"),
        )
        .unwrap();
        write("notes.txt", "not a game".to_string()).unwrap();
        let games = kept_games(dir.path());
        let seen: Vec<(&str, Option<Color>, Verdict, usize)> = games
            .iter()
            .map(|game| (game.when.as_str(), game.side, game.verdict, game.moves))
            .collect();
        assert_eq!(
            seen,
            [
                ("2026-11-30 09:00", Some(Color::Black), Verdict::Win, 2),
                (
                    "2026-11-29 12:00",
                    Some(Color::White),
                    Verdict::Unfinished,
                    2
                ),
                ("2026-11-29 10:15", Some(Color::White), Verdict::Loss, 2),
            ]
        );
        let counted = tally(&games);
        let win = Tally {
            wins: 1,
            ..Tally::default()
        };
        let loss = Tally {
            losses: 1,
            ..Tally::default()
        };
        assert_eq!(
            counted[&("club".to_string(), Color::Black as usize)],
            [win; 2]
        );
        assert_eq!(
            counted[&("club".to_string(), Color::White as usize)],
            [loss; 2]
        );
    }
}
