//! Playing on the clock through the real binary: `--time`, both clocks shown, the
//! bot's time management and a flag fall.

use crate::common;

use std::time::Duration;

use common::{Home, run, shashki_paced};

fn home() -> Home {
    let home = Home::new("clock");
    home.write("kb/combs.txt", "");
    home
}

#[test]
fn time_controls_are_checked_with_clear_errors() {
    for (time, error) in [
        (
            "5:3",
            "'5:3' is not a time control: write MINUTES+SECONDS (5+3) or MINUTES (10)",
        ),
        (
            "0",
            "'0': the game time must be more than 0 and at most 600 minutes",
        ),
        ("5+900", "'5+900': the increment must be 0 to 600 seconds"),
    ] {
        let session = run(&["--time", time], "");
        assert_eq!(session.code, Some(2), "{time}");
        assert!(session.stderr.contains(error), "{time}: {}", session.stderr);
    }
}

#[test]
fn without_time_there_are_no_clocks() {
    let session = run(&["--seed", "1", "--depth", "2"], "c3-d4\nsave plain.pdn\n");
    assert!(!session.stdout.contains("clocks:"));
}

/// Tests that count on the wall clock (a time limit, a clock, an answer within so long):
/// `.ci/run` runs them apart, one at a time, so that a loaded machine does not fail them.
mod wall_clock {
    use super::*;

    #[test]
    fn a_flag_fall_ends_the_game_and_the_record_says_so() {
        let home = home();
        // Six tenths of a second for the game, and White thinks a second and a half.
        let session = shashki_paced(
            &home.dir,
            &[],
            &["--seed", "1", "--time", "0.01"],
            &[
                (Duration::from_millis(1500), b"c3-d4\n"),
                (Duration::ZERO, b"save game.pdn\nn\n"),
            ],
        );
        assert!(session.success, "{}", session.stderr);
        session.expect("clocks: White 0:00.6, Black 0:00.6");
        session.expect("clocks: White 0:00.0, Black 0:00.6");
        session.expect("game over: Black wins: White ran out of time (shashki wins, 0-2)");
        let record = std::fs::read_to_string(home.dir.join("game.pdn")).expect("the record");
        assert!(record.contains("[TimeControl \"0.6\"]"), "{record}");
        assert!(record.contains("[Result \"0-2\"]"), "{record}");
        assert!(
            record.contains("[Termination \"Black wins: White ran out of time\"]"),
            "{record}"
        );
        assert!(
            record.trim_end().ends_with("0-2"),
            "no move was played: {record}"
        );
    }

    #[test]
    fn a_flag_fall_reads_in_russian() {
        let home = home();
        let session = shashki_paced(
            &home.dir,
            &[],
            &["--seed", "1", "--time", "0.01", "--lang", "ru"],
            &[(Duration::from_millis(1500), b"c3-d4\n")],
        );
        session.expect("часы: у белых 0:00.6, у чёрных 0:00.6");
        session.expect("партия окончена: победа чёрных: у белых кончилось время");
    }

    #[test]
    fn the_bot_plays_on_its_clock_and_both_clocks_are_shown() {
        let session = run(
            &["--seed", "1", "--time", "0.1+1", "--black"],
            "movetime\nfen\nsave timed.pdn\n",
        );
        assert!(session.success, "{}", session.stderr);
        // The bot (White) opened within its time and gained its increment; Black's clock
        // has not started.
        let clocks: Vec<&str> = session
            .stdout
            .lines()
            .filter(|line| line.starts_with("clocks: "))
            .collect();
        assert_eq!(clocks[0], "clocks: White 0:06.0, Black 0:06.0");
        assert!(clocks[1].ends_with(", Black 0:06.0"), "{}", clocks[1]);
        assert_ne!(clocks[1], clocks[0]);
        session.expect("shashki plays ");
        assert_eq!(
            session.answer_to("movetime"),
            "the bot plays on the clock: 0:06 + 1 (the game's time + seconds added a move)"
        );
        assert!(session.answer_to("fen").starts_with("B:"));
    }
}
