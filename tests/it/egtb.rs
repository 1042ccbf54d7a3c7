//! The endgame databases: built for up to four pieces once per run, then checked
//! against their own successors, the built-in king endings, known theory, the draw
//! rules, and through the `egtb` subcommands.

use crate::common;

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use shashki::engine::{Engine, EngineConfig, Limits, Stop};
use shashki::eval::Evaluator;
use shashki::search::{self, TranspositionTable};
use shashki::tablebase::{self, Budget, BuildEvent, Material, Tablebase, Value, Verdict, Wait};
use shashki::{Color, DrawCounters, Game, Position, Source};

use common::{run, scratch};

/// The tables of up to four pieces, built once for every test of this file. They
/// live in Cargo's scratch directory for tests (a static is never dropped, so a
/// temporary directory would outlive the run), built afresh each run.
fn tables() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("egtb-4");
        let _ = std::fs::remove_dir_all(&dir);
        tablebase::build(&dir, 4, &mut |_| {}).expect("the build writes its tables");
        dir
    })
}

fn base() -> Tablebase {
    Tablebase::open(tables()).expect("the tables are readable")
}

fn probe(base: &Tablebase, fen: &str) -> Value {
    probe_position(base, fen.parse().unwrap())
}

/// The exact value of `position` with the draw counts starting in it.
fn probe_position(base: &Tablebase, position: Position) -> Value {
    let counters = DrawCounters::starting(&position);
    match base.probe(&position, &counters) {
        Ok(Verdict::Exact(value)) => value,
        other => panic!("{}: {other:?}", position.to_fen()),
    }
}

#[test]
fn every_balance_of_up_to_four_pieces_is_built_and_consistent() {
    let base = base();
    assert_eq!(base.pieces(), 4);
    assert_eq!(base.materials(), Material::all_up_to(4));
    let inconsistent = tablebase::verify(&base, &mut |_| {}).unwrap();
    assert_eq!(inconsistent, 0);
}

#[test]
fn the_files_of_the_king_endings_hold_the_built_in_tables() {
    // One solver makes both; a file must hold what the built-in table holds, at every
    // budget, for every position.
    let base = base();
    let builtin = Tablebase::builtin();
    let mut compared = 0;
    for material in base.materials() {
        if !Tablebase::is_builtin(material) {
            continue;
        }
        let file = base.table(material, Wait::Yes).unwrap();
        let solved = builtin.table(material, Wait::Yes).unwrap();
        for index in 0..material.size() {
            assert_eq!(
                file.record(index),
                solved.record(index),
                "{material} {index}"
            );
        }
        compared += 1;
    }
    assert_eq!(compared, 5);
}

/// Whether `square` lies on the long diagonal a1-h8.
fn on_long_diagonal(square: shashki::Square) -> bool {
    square.file() == square.rank()
}

/// Every quiet position (no capture for either side) of `material`, White to move.
fn quiet_positions(material: &str) -> impl Iterator<Item = Position> {
    let material: Material = material.parse().unwrap();
    (0..material.size())
        .filter_map(move |index| material.position(index))
        .filter(|p| !p.has_capture() && !p.with_side_to_move(Color::Black).has_capture())
}

#[test]
fn three_kings_holding_the_long_diagonal_win_and_a_lone_king_holding_it_draws() {
    let base = base();
    let (mut held, mut shots, mut won) = (0, 0, 0);
    for position in quiet_positions("w0m3k-b0m1k") {
        let lone_on_it = position
            .kings_of(Color::Black)
            .into_iter()
            .any(on_long_diagonal);
        let three_on_it = position
            .kings_of(Color::White)
            .into_iter()
            .any(on_long_diagonal);
        let value = probe_position(&base, position);
        if lone_on_it && !three_on_it {
            // A draw, but for a shot: a king given up to drive the lone king off.
            match value {
                Value::Draw => held += 1,
                Value::Win(plies) if plies <= 9 => shots += 1,
                other => panic!("{}: {other}", position.to_fen()),
            }
        } else if three_on_it && !lone_on_it {
            // Petrov's triangle: holding the long diagonal, three kings always win.
            assert!(matches!(value, Value::Win(_)), "{}", position.to_fen());
            won += 1;
        }
    }
    assert!(
        held > 10_000 && shots < held / 20 && won > 30_000,
        "{held} {shots} {won}"
    );
}

#[test]
fn two_kings_cannot_catch_one_but_by_a_shot() {
    let base = base();
    let (mut drawn, mut shots) = (0, 0);
    for position in quiet_positions("w0m2k-b0m1k") {
        match probe_position(&base, position) {
            Value::Draw => drawn += 1,
            Value::Win(plies) if plies <= 9 => shots += 1,
            other => panic!("{}: {other}", position.to_fen()),
        }
    }
    assert!(drawn > 5_000 && shots < drawn / 10, "{drawn} {shots}");
}

#[test]
fn known_positions_have_their_known_values() {
    let base = base();
    // Two kings cannot catch one that keeps away.
    assert_eq!(probe(&base, "W:WKc1,Ke1:BKb6"), Value::Draw);
    assert_eq!(probe(&base, "B:WKc1,Ke1:BKh8"), Value::Draw);
    // A man against a man far apart: a race both win into a king-against-king draw.
    assert_eq!(probe(&base, "W:Wc3:Bf6"), Value::Draw);
    // Whoever is to move takes: king takes the man and wins at once.
    assert_eq!(probe(&base, "W:WKa1:Bc3"), Value::Win(1));
    // No piece to move: lost now.
    assert_eq!(probe(&base, "W:W:BKh8"), Value::Loss(0));
    // Black to move with its man blocked loses at once.
    assert_eq!(probe(&base, "B:Wa1,Kc1:Bb2"), Value::Loss(0));
}

#[test]
fn a_position_of_more_pieces_than_built_is_not_covered() {
    let base = base();
    let five: Position = "W:WKa1,Kc1,Ke1,Kg1:BKh8".parse().unwrap();
    let counters = DrawCounters::starting(&five);
    assert!(base.probe(&five, &counters).is_err());
    assert_eq!(base.value(&five, &counters, Wait::No), None);
}

#[test]
fn a_probe_that_may_not_wait_has_the_file_read_on_a_thread_of_its_own() {
    // The search never waits for a file to be read: a six-piece table takes a
    // second or more, longer than a move of a fraction of one.
    let base = base();
    let position: Position = "W:Wc3,Kd2:Bf6,Kh8".parse().unwrap();
    let material = Material::of(&position);
    let counters = DrawCounters::starting(&position);
    assert!(!base.is_ready(material));
    assert_eq!(
        base.probe_with(&position, &counters, Wait::No),
        Err(tablebase::ProbeError::NotReady)
    );
    common::wait_until("reading the file", || base.is_ready(material));
    let read = base.probe_with(&position, &counters, Wait::No);
    assert_eq!(
        read,
        Tablebase::open(tables())
            .unwrap()
            .probe(&position, &counters)
    );
    assert!(matches!(read, Ok(Verdict::Exact(_))), "{read:?}");
}

#[test]
fn a_probe_with_a_deadline_reads_a_file_only_if_it_is_expected_in_time() {
    let position: Position = "W:Wc3,Kd2:Bf6,Kh8".parse().unwrap();
    let material = Material::of(&position);
    let counters = DrawCounters::starting(&position);
    let size = std::fs::metadata(Tablebase::path(tables(), material))
        .unwrap()
        .len();
    let expected = std::time::Duration::from_secs_f64(size as f64 / tablebase::READ_RATE as f64);
    let now = std::time::Instant::now;

    let late = base();
    assert_eq!(
        late.probe_with(&position, &counters, Wait::Until(now() + expected / 2)),
        Err(tablebase::ProbeError::NotReady)
    );
    let in_time = base();
    // A second to spare, so that a busy machine cannot make the probe late.
    let deadline = now() + expected + std::time::Duration::from_secs(1);
    let read = in_time.probe_with(&position, &counters, Wait::Until(deadline));
    assert!(matches!(read, Ok(Verdict::Exact(_))), "{read:?}");
    assert_eq!(read, base().probe(&position, &counters));
}

#[test]
fn a_memory_budget_lets_go_of_the_table_used_longest_ago_and_reads_it_again() {
    let positions: Vec<Position> = ["W:Wc3,Kd2:Bf6,Kh8", "W:Wc3,e3:Bf6,h8", "W:Wc3:Bf6,h8,Kb8"]
        .map(|fen| fen.parse().unwrap())
        .into();
    let [a, b, c] = [0, 1, 2].map(|i| Material::of(&positions[i]));
    let unlimited = base();
    let size = |m| unlimited.table(m, Wait::Yes).unwrap().memory();
    let (size_a, size_b, size_c) = (size(a), size(b), size(c));
    // Room for any two of the three, not for all of them.
    let budget = size_a + size_b + size_c - 1;
    let held = Tablebase::open_within(tables(), Some(budget)).unwrap();
    let agrees = |position: &Position| {
        assert_eq!(
            probe_position(&held, *position),
            probe_position(&unlimited, *position)
        );
    };
    agrees(&positions[0]);
    agrees(&positions[1]);
    assert_eq!(held.memory_held(), size_a + size_b);
    // a is used again, so b is the one used longest ago when c needs room.
    agrees(&positions[0]);
    agrees(&positions[2]);
    assert!(held.is_ready(a) && !held.is_ready(b) && held.is_ready(c));
    assert_eq!(held.memory_held(), size_a + size_c);
    // b is read again when it is wanted, and a goes now.
    agrees(&positions[1]);
    assert!(!held.is_ready(a) && held.is_ready(b) && held.is_ready(c));
    assert!(held.memory_held() <= budget);

    // A table larger than the whole budget is never read, and says why.
    let small = Tablebase::open_within(tables(), Some(size_a - 1)).unwrap();
    let counters = DrawCounters::starting(&positions[0]);
    let refused = small.probe(&positions[0], &counters);
    assert!(
        matches!(refused, Err(tablebase::ProbeError::OverBudget { needs, .. }) if needs == size_a),
        "{refused:?}"
    );
    assert_eq!(small.value(&positions[0], &counters, Wait::Yes), None);
    assert_eq!(small.memory_held(), 0);
}

#[test]
fn each_side_of_a_match_can_have_tables_of_its_own() {
    let four = tables().to_str().unwrap();
    let two = scratch("egtb-match-two");
    tablebase::build(&two, 2, &mut |_| {}).unwrap();
    let two = two.to_str().unwrap();
    let args = ["match", "--games", "1", "--a-level", "beginner"];
    let session = run(
        &[
            &args[..],
            &["--b-level", "beginner", "--a-egtb", four, "--b-egtb", two],
        ]
        .concat(),
        "",
    );
    assert!(session.success, "{}", session.stderr);
    let heading = session.stdout.lines().next().unwrap_or_default();
    assert!(heading.contains("egtb 4 pieces) vs B ("), "{heading}");
    assert!(heading.ends_with("egtb 2 pieces)"), "{heading}");
    let clash = run(
        &[&args[..], &["--a-egtb", four, "--a-no-egtb"]].concat(),
        "",
    );
    assert!(!clash.success);
    let missing = run(
        &[&args[..], &["--b-egtb", "/nonexistent/egtb"]].concat(),
        "",
    );
    assert!(!missing.success);
    assert!(
        missing.stderr.contains("/nonexistent/egtb"),
        "{}",
        missing.stderr
    );
}

#[test]
fn probe_prints_the_value_or_says_why_there_is_none() {
    let dir = tables().to_str().unwrap();
    let probe = |fen: &str| run(&["egtb", "probe", "--dir", dir, "--fen", fen], "");
    let win = probe("W:WKa1:Bc3");
    assert!(win.success);
    assert_eq!(win.stdout, "win in 1\n");
    assert_eq!(probe("W:W:BKh8").stdout, "loss in 0\n");
    assert_eq!(probe("W:WKc1,Ke1:BKb6").stdout, "draw\n");
    let five = probe("W:WKa1,Kc1,Ke1,Kg1:BKh8");
    assert!(!five.success);
    assert!(
        five.stderr.contains("no table for w0m4k-b0m1k"),
        "{}",
        five.stderr
    );
    let bad = probe("W:Wz9");
    assert!(!bad.success);
    assert!(bad.stderr.contains("--fen"), "{}", bad.stderr);
    let empty = scratch("egtb-empty");
    let none = run(
        &[
            "egtb",
            "probe",
            "--dir",
            empty.to_str().unwrap(),
            "--fen",
            "W:Wc3:Bf6",
        ],
        "",
    );
    assert!(!none.success);
    assert!(none.stderr.contains("no tables in"), "{}", none.stderr);
}

#[test]
fn a_build_resumes_from_the_tables_already_there_and_verify_reports_them() {
    let dir = scratch("egtb-resume");
    let path = dir.to_str().unwrap();
    let first = run(&["egtb", "build", "--pieces", "2", "--dir", path], "");
    assert!(first.success, "{}", first.stderr);
    assert!(first.stdout.contains("w0m1k-b0m1k: "), "{}", first.stdout);
    let again = run(&["egtb", "build", "--pieces", "3", "--dir", path], "");
    assert!(again.success, "{}", again.stderr);
    assert!(
        again
            .stdout
            .contains("w0m1k-b0m1k: kept from an earlier build")
    );
    assert!(again.stdout.contains("w0m2k-b0m1k: "), "{}", again.stdout);
    let verify = run(&["egtb", "verify", "--dir", path], "");
    assert!(verify.success);
    assert!(
        verify
            .stdout
            .ends_with("16 tables, 199520 positions, all consistent\n")
    );
    // One material and its twin, as a job of its own.
    let one = run(
        &["egtb", "verify", "--dir", path, "--only", "w1m0k-b0m2k"],
        "",
    );
    assert!(one.success, "{}", one.stderr);
    assert!(one.stdout.contains("w1m0k-b0m2k: "), "{}", one.stdout);
    assert!(one.stdout.contains("w0m2k-b1m0k: "), "{}", one.stdout);
    assert!(one.stdout.ends_with(" all consistent\n"), "{}", one.stdout);
    assert!(one.stdout.contains("\n2 tables, "), "{}", one.stdout);
    let unbuilt = run(
        &["egtb", "verify", "--dir", path, "--only", "w2m0k-b1m1k"],
        "",
    );
    assert!(!unbuilt.success);
    assert!(unbuilt.stderr.contains("w2m0k-b1m1k"), "{}", unbuilt.stderr);
}

#[test]
fn a_damaged_table_is_rebuilt_by_build_and_reported_by_verify() {
    let dir = scratch("egtb-damaged");
    let mut events = Vec::new();
    tablebase::build(&dir, 2, &mut |event| events.push(event)).unwrap();
    let file = Tablebase::path(&dir, "w0m1k-b0m1k".parse().unwrap());
    let mut bytes = std::fs::read(&file).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x40;
    std::fs::write(&file, &bytes).unwrap();
    let path = dir.to_str().unwrap();
    let verify = run(&["egtb", "verify", "--dir", path], "");
    assert!(!verify.success);
    assert!(verify.stderr.contains("checksum"), "{}", verify.stderr);
    let mut rebuilt = Vec::new();
    tablebase::build(&dir, 2, &mut |event| {
        if let BuildEvent::Table(summary) = event {
            rebuilt.push((summary.material.to_string(), summary.solved.is_some()));
        }
    })
    .unwrap();
    assert!(rebuilt.contains(&("w0m1k-b0m1k".to_string(), true)));
    assert!(run(&["egtb", "verify", "--dir", path], "").success);
}

fn engine_with(tablebase: Tablebase) -> Engine {
    let config = EngineConfig {
        tablebase,
        ..EngineConfig::default()
    };
    Engine::new(config, None)
}

#[test]
fn a_move_on_the_clock_waits_only_for_the_files_it_can_read_in_time() {
    let position: Position = "W:WKc1,Ke1:Bh6,f8".parse().unwrap();
    let game = Game::new(position);
    let value = probe_position(&base(), position);
    let decide = |bot: &mut Engine, milliseconds| {
        let limits = Limits::MoveTime(std::time::Duration::from_millis(milliseconds));
        bot.choose(&game, limits, &mut |_| {}).unwrap().source
    };
    // Ten seconds a move: a quarter of it is more than reading the four-piece files
    // takes (a few hundred kilobytes each), and the tables decide the first move at once.
    match decide(&mut engine_with(base()), 10_000) {
        Source::Database(found) => assert_eq!(found, value),
        other => panic!("{other:?}"),
    }

    // A millisecond a move cannot wait for them: the move searches while they are read.
    let tables = base();
    let mut bot = engine_with(tables.clone());
    let first = decide(&mut bot, 1);
    assert!(matches!(first, Source::Search { .. }), "{first:?}");
    // The tables of the positions its moves lead to, White to move.
    let wanted: Vec<Material> = position
        .legal_moves()
        .iter()
        .map(|&mv| {
            let after = position.play_unchecked(mv);
            match after.side_to_move() {
                Color::White => Material::of(&after),
                Color::Black => Material::of(&after).swapped(),
            }
        })
        .collect();
    common::wait_until("reading the files", || {
        wanted.iter().all(|&material| tables.is_ready(material))
    });
    match decide(&mut bot, 1) {
        Source::Database(found) => assert_eq!(found, value),
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_bot_plays_the_quickest_win_and_the_longest_defence_from_the_tables() {
    let base = base();
    for fen in [
        "W:WKa1,Kc1,c3:BKh8",
        "W:WKc1,Ke1:Bh6,f8",
        "B:WKc1,Ke1:Bh6,f8",
    ] {
        let position: Position = fen.parse().unwrap();
        let value = probe_position(&base, position);
        let decision = engine_with(self::base())
            .choose(&Game::new(position), Limits::Depth(1), &mut |_| {})
            .unwrap();
        assert!(
            matches!(decision.source, Source::Database(v) if v == value),
            "{fen}: {:?}",
            decision.source
        );
        // The move keeps that value: the position after it is the same result one ply on.
        let after = position.play(decision.mv).unwrap();
        let counters = DrawCounters::starting(&position).after(&position, decision.mv, &after);
        let after = base.probe(&after, &counters).unwrap();
        let expected = match value {
            Value::Win(plies) => Value::Loss(plies - 1),
            Value::Loss(plies) => Value::Win(plies - 1),
            Value::Draw => Value::Draw,
        };
        assert_eq!(after, Verdict::Exact(expected), "{fen}");
    }
}

#[test]
fn the_search_sees_a_won_ending_beyond_a_capture_into_the_tables() {
    // Five pieces: Ke1 must take f2, and three kings holding the long diagonal win.
    let game = Game::new("W:WKa1,Kc1,Ke1:BKb8,f2".parse().unwrap());
    let base = base();
    let search = |tablebase: Option<&Tablebase>| {
        search::search(
            &game,
            Limits::Depth(3),
            search::Context {
                tt: &mut TranspositionTable::new(1),
                eval: &Evaluator::bot(),
                tablebase,
                stop: &Stop::new(),
            },
            &mut |_| {},
        )
    };
    let with = search(Some(&base));
    assert!(with.score.is_win(), "{}", with.score);
    let without = search(None);
    assert!(!without.score.is_decisive(), "{}", without.score);
}

#[test]
fn the_bot_accepts_a_draw_the_tables_call_a_draw_and_refuses_one_it_wins() {
    let drawn = Game::new("W:WKa1,Kc1:BKh8,Kb8".parse().unwrap());
    assert!(engine_with(base()).accepts_draw(&drawn, Color::White));
    let won = Game::new("W:WKc1,Ke1:Bh6,f8".parse().unwrap());
    assert!(!engine_with(base()).accepts_draw(&won, Color::White));
    assert!(engine_with(base()).accepts_draw(&won, Color::Black));
}

#[test]
fn bestmove_uses_the_tables_given_and_refuses_a_directory_without_any() {
    let dir = tables().to_str().unwrap();
    let fen = "W:WKa1,Kc1,c3:BKh8";
    let with = run(
        &["bestmove", "--fen", fen, "--depth", "2", "--egtb", dir],
        "",
    );
    assert!(with.success, "{}", with.stderr);
    assert!(
        with.stdout
            .starts_with("source: endgame database win in 3\n"),
        "{}",
        with.stdout
    );
    // Then the time the answer took, and the move alone.
    let lines: Vec<&str> = with.stdout.lines().collect();
    let took = lines[1]
        .strip_prefix("time: ")
        .and_then(|t| t.strip_suffix(" ms"));
    assert!(
        took.is_some_and(|ms| ms.parse::<f64>().is_ok()),
        "{}",
        with.stdout
    );
    assert_eq!(lines.len(), 3, "{}", with.stdout);
    let without = run(&["bestmove", "--fen", fen, "--depth", "2", "--no-egtb"], "");
    assert!(
        !without.stdout.contains("endgame database"),
        "{}",
        without.stdout
    );
    let empty = scratch("egtb-none");
    let refused = run(
        &["bestmove", "--fen", fen, "--egtb", empty.to_str().unwrap()],
        "",
    );
    assert!(!refused.success);
    assert!(
        refused.stderr.contains("no tables in"),
        "{}",
        refused.stderr
    );
}

#[test]
fn a_win_longer_than_the_plies_left_holds_where_a_capture_restarts_the_counts() {
    // Somewhere in the four-piece tables a win takes more plies than are left before
    // the counts run out, yet is a win: a capture or promotion on the way restarts
    // them. The engine's verdict with such counters is that win, not a draw.
    let base = base();
    let mut found = None;
    'search: for material in base.materials() {
        let table = base.table(material, Wait::Yes).unwrap();
        for index in 0..material.size() {
            let Some(position) = material.position(index) else {
                continue;
            };
            for (budget, value) in table.record(index).steps().iter() {
                if let Value::Win(plies) = value
                    && plies > budget.plies()
                    && budget < Budget::MAX
                {
                    found = Some((position, budget, plies));
                    break 'search;
                }
            }
        }
    }
    let (position, budget, plies) = found.expect("a win that outlasts its budget");
    let counters = DrawCounters {
        kings_only: 30 - budget.plies(),
        lone_king: None,
        king_ending: None,
    };
    let counters = DrawCounters {
        lone_king: DrawCounters::starting(&position).lone_king.map(|_| 0),
        ..counters
    };
    assert_eq!(
        Budget::of(&position, &counters),
        budget,
        "{}",
        position.to_fen()
    );
    assert_eq!(
        base.probe(&position, &counters),
        Ok(Verdict::Exact(Value::Win(plies))),
        "{}",
        position.to_fen()
    );
    let game_value = engine_with(base).exact_value(&Game::new(position));
    assert!(matches!(game_value, Some(Value::Win(_))), "{game_value:?}");
}

#[test]
fn two_materials_built_as_jobs_of_their_own_match_one_build() {
    // Every file of the build but those of two four-piece materials (and their
    // twins), then each of the two as a job of its own: the same files as the build.
    let jobs = scratch("egtb-jobs");
    let path = jobs.to_str().unwrap();
    let left_out = ["w1m1k-b1m1k", "w0m3k-b0m1k", "w0m1k-b0m3k"].map(|m| m.parse().unwrap());
    for material in Material::all_up_to(4) {
        if !left_out.contains(&material) {
            let name = Tablebase::path(tables(), material);
            std::fs::copy(&name, Tablebase::path(&jobs, material)).unwrap();
        }
    }
    for material in ["w1m1k-b1m1k", "w0m3k-b0m1k"] {
        let job = run(&["egtb", "build", "--only", material, "--dir", path], "");
        assert!(job.success, "{}", job.stderr);
        assert!(
            job.stdout.contains(&format!("{material}: ")),
            "{}",
            job.stdout
        );
    }
    for material in left_out {
        let built = std::fs::read(Tablebase::path(tables(), material)).unwrap();
        let job = std::fs::read(Tablebase::path(&jobs, material)).unwrap();
        assert!(built == job, "{material}");
    }
    let early = scratch("egtb-early");
    let refused = run(
        &[
            "egtb",
            "build",
            "--only",
            "w1m1k-b1m1k",
            "--dir",
            early.to_str().unwrap(),
        ],
        "",
    );
    assert!(!refused.success);
    assert!(
        refused.stderr.contains("w1m1k-b1m1k needs the table of"),
        "{}",
        refused.stderr
    );
}
