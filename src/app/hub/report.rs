//! What the engine tells the GUI: `id` and `param` lines, `info` while thinking and
//! notes, `done`.

use shashki::engine::Setting;
use shashki::engine::{Decision, LEVELS, Progress, Source};
use shashki::notation::Numbering;
use shashki::notation::hub::move_text;
use shashki::search::Score;
use shashki::{Move, Position};

use super::Settings;
use super::line::quote;
use super::numbering::MoveNumbering;

/// The answer to `hub`: who the engine is and its parameters, then `wait`.
pub fn introduction(settings: &Settings) -> Vec<String> {
    let levels: Vec<&str> = LEVELS.iter().map(|level| level.name).collect();
    let kb_file = settings
        .kb_file
        .as_ref()
        .map_or(String::new(), |path| path.display().to_string());
    vec![
        format!(
            "id name=shashki version={} author={} country=Russia",
            env!("CARGO_PKG_VERSION"),
            quote("the shashki developers")
        ),
        "param name=variant value=russian type=enum values=russian".to_string(),
        int_param("hash", settings.config.hash_mb, Setting::HashMb),
        int_param("threads", settings.config.threads, Setting::Threads),
        format!("param name=kb value={} type=bool", settings.config.use_kb),
        format!("param name=kb-file value={} type=string", quote(&kb_file)),
        format!(
            "param name=level value={} type=enum values={}",
            settings.level.name,
            quote(&levels.join(" "))
        ),
        format!(
            "param name=numbering value={} type=enum values={}",
            settings.numbering,
            quote(MoveNumbering::NAMES)
        ),
        "wait".to_string(),
    ]
}

/// `param name=NAME value=V type=int min=.. max=..`: a number the GUI may set, with
/// the range the engine takes.
fn int_param(name: &str, value: usize, setting: Setting) -> String {
    let range = setting.range();
    format!(
        "param name={name} value={value} type=int min={} max={}",
        range.start(),
        range.end()
    )
}

/// `info depth=... score=... nodes=... time=... nps=... pv="..."` after an iteration;
/// the score in men, the time in seconds and the speed in millions of nodes a second,
/// as Scan writes them; the line's moves in `numbering`.
pub fn info(progress: &Progress, numbering: Numbering) -> String {
    let seconds = progress.elapsed.as_secs_f64();
    let mnps = progress.nodes as f64 / seconds.max(1e-6) / 1e6;
    format!(
        "info depth={} score={} nodes={} time={seconds:.3} nps={mnps:.2} pv={}",
        progress.depth,
        score(progress.score),
        progress.nodes,
        quote(&line(&progress.pv, numbering))
    )
}

/// `info message="..."`: something the client should know that is no search's progress.
/// pydraughts splits an `info` line at every `=`, so `text` must hold none.
pub fn note(text: &str) -> String {
    debug_assert!(!text.contains('='), "{text}");
    format!("info message={}", quote(text))
}

/// `done move=... [ponder=...]`: the move, and the reply the search expects if it has one,
/// in `numbering`.
pub fn done(decision: &Decision, position: &Position, numbering: Numbering) -> String {
    let mut text = format!("done move={}", move_text(decision.mv, numbering));
    if let Source::Search { pv, .. } = &decision.source
        && let [first, reply, ..] = pv.as_slice()
        && *first == decision.mv
        && position
            .play_unchecked(decision.mv)
            .legal_moves()
            .contains(reply)
    {
        text.push_str(&format!(" ponder={}", move_text(*reply, numbering)));
    }
    text
}

/// A score in men with two decimals; a found win in N plies is `99.NN` (minus for a
/// loss), Scan's "the end of the game is near", which pydraughts reads as a win.
pub fn score(score: Score) -> String {
    match score.plies_to_end() {
        Some(plies) => {
            let men = f64::from(10_000 - plies.min(99)) / 100.0;
            let sign = if score.is_win() { "" } else { "-" };
            format!("{sign}{men:.2}")
        }
        None => format!("{:.2}", f64::from(score.0) / 100.0),
    }
}

/// Moves in Hub form separated by spaces.
fn line(moves: &[Move], numbering: Numbering) -> String {
    let words: Vec<String> = moves.iter().map(|&mv| move_text(mv, numbering)).collect();
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_men_and_found_ends_are_99_point_plies() {
        assert_eq!(score(Score(0)), "0.00");
        assert_eq!(score(Score(-135)), "-1.35");
        assert_eq!(score(Score(7)), "0.07");
        assert_eq!(score(Score::win_in(5)), "99.95");
        assert_eq!(score(Score::loss_in(2)), "-99.98");
        assert_eq!(score(Score::win_in(400)), "99.01");
    }
}
