//! The console on a pseudo-terminal, as a person at a keyboard meets it: Ctrl-C while the
//! bot thinks, and bytes that are not text at the prompt.

use crate::common;

use std::io::Write;

use common::Home;
use std::process::Command;
use std::time::{Duration, Instant};

use nix::sys::wait::WaitStatus;
use rexpect::reader::Options;
use rexpect::session::{PtySession, spawn_with_options};

/// Far longer than any step takes, short enough that a broken build fails rather than hangs.
const PATIENCE_MS: u64 = 30_000;
/// The most a stopped search may take to answer: generous, the machine is shared.
const ANSWER_WITHIN: Duration = Duration::from_secs(10);

/// `shashki ARGS` on a fresh pseudo-terminal (it is the session's controlling terminal),
/// in its own directory with an empty knowledge base.
struct Terminal {
    session: PtySession,
    home: Home,
}

impl Terminal {
    /// Plain text (`--no-color`, escape codes stripped) on an xterm of unknown width.
    fn start(args: &[&str]) -> Terminal {
        let mut all = vec!["--no-color"];
        all.extend_from_slice(args);
        Terminal::spawn(&all, &[("TERM", "xterm")], true)
    }

    /// `shashki ARGS` again in the same directory (as `start` does), where the last
    /// session left its files.
    fn restart(home: Home, args: &[&str]) -> Terminal {
        let mut all = vec!["--no-color"];
        all.extend_from_slice(args);
        Terminal::spawn_in(home, &all, &[("TERM", "xterm")], true)
    }

    /// `shashki --seed 1 ARGS` with the variables `env`; the escape codes it writes are
    /// kept unless `strip`.
    fn spawn(args: &[&str], env: &[(&str, &str)], strip: bool) -> Terminal {
        let home = Home::new("terminal");
        home.write("kb/combs.txt", "");
        Terminal::spawn_in(home, args, env, strip)
    }

    fn spawn_in(home: Home, args: &[&str], env: &[(&str, &str)], strip: bool) -> Terminal {
        let mut command = Command::new(env!("CARGO_BIN_EXE_shashki"));
        common::in_english(&mut command)
            .args(["--seed", "1"])
            .args(args)
            .current_dir(&home.dir)
            .env(common::DATA_VARIABLE, home.dir.join("shashki"))
            .env_remove("NO_COLOR")
            .env_remove("COLUMNS")
            .envs(env.iter().copied());
        let options = Options::new()
            .timeout_ms(Some(PATIENCE_MS))
            .strip_ansi_escape_codes(strip);
        let session = spawn_with_options(command, options).expect("shashki on a pty");
        Terminal { session, home }
    }

    /// Waits for `text` and returns what came before it.
    #[track_caller]
    fn expect(&mut self, text: &str) -> String {
        // rexpect turns each byte of the output into a char: UTF-8 text is matched
        // byte for byte the same way.
        let bytes: String = text.bytes().map(char::from).collect();
        match self.session.exp_string(&bytes) {
            Ok(before) => before,
            Err(error) => panic!("waiting for {text:?}: {error}"),
        }
    }

    /// Types `keys` (bytes, not necessarily text) at the keyboard.
    fn press(&mut self, keys: &[u8]) {
        let mut tty = self.session.process().get_file_handle().expect("the pty");
        tty.write_all(keys).expect("typing");
        tty.flush().expect("typing");
    }

    /// Types `command` and Enter.
    fn enter(&mut self, command: &str) {
        self.press(format!("{command}\r").as_bytes());
    }

    /// Presses Ctrl-C once the bot shows it is thinking; the time it was pressed.
    fn interrupt_thinking(&mut self) -> Instant {
        self.expect("thinking: depth");
        self.press(b"\x03");
        Instant::now()
    }

    /// Types `quit` and checks that the program ends with status 0; the directory it
    /// ran in, with what it left there.
    fn quit(self) -> Home {
        self.leave_with("quit")
    }

    /// Types `line` and checks that the program ends with status 0.
    fn leave_with(mut self, line: &str) -> Home {
        self.enter(line);
        self.session.exp_eof().expect("the end of the output");
        let status = self.session.process().wait().expect("the exit status");
        assert!(matches!(status, WaitStatus::Exited(_, 0)), "{status:?}");
        self.home
    }
}

#[test]
fn ctrl_c_at_the_prompt_still_clears_the_line_and_twice_asks_to_quit() {
    let mut terminal = Terminal::start(&[]);
    terminal.expect("White> ");
    terminal.press(b"c3");
    terminal.press(b"\x03");
    terminal.expect("(line cleared; Ctrl-C again to quit, Ctrl-D quits)");
    terminal.press(b"\x03");
    terminal.expect("quit? (y/n) ");
    terminal.leave_with("y");
}

#[test]
fn bytes_that_are_not_text_are_an_input_error_at_the_prompt_not_the_end() {
    let mut terminal = Terminal::start(&[]);
    terminal.expect("White> ");
    terminal.press(b"\xff");
    terminal.expect("input error: what was typed is not UTF-8 text; type quit to leave");
    terminal.expect("White> ");
    terminal.enter("fen");
    terminal.expect("W:W");
    terminal.quit();
}

#[test]
fn save_asks_before_replacing_a_file_at_a_terminal() {
    let mut terminal = Terminal::start(&["--depth", "1"]);
    terminal.home.write("game.pdn", "kept\n");
    let file = terminal.home.dir.join("game.pdn");
    terminal.expect("White> ");
    terminal.enter("save game.pdn");
    terminal.expect("game.pdn exists: replace it? (y/n) ");
    terminal.enter("n");
    terminal.expect("not saved");
    assert_eq!(std::fs::read_to_string(&file).expect("the file"), "kept\n");
    terminal.expect("White> ");
    terminal.enter("save game.pdn");
    terminal.expect("replace it? (y/n) ");
    terminal.enter("y");
    terminal.expect("saved to game.pdn");
    let record = std::fs::read_to_string(&file).expect("the record");
    assert!(record.contains("[GameType \"25\"]"), "{record}");
    terminal.quit();
}

#[test]
fn in_russian_tab_completes_the_russian_words_and_the_bot_thinks_in_russian() {
    let mut terminal = Terminal::start(&["--lang", "ru", "--movetime", "60000"]);
    terminal.expect("1. белые> ");
    terminal.press("подс\t".as_bytes());
    terminal.press(b"\r");
    terminal.expect("думаю: глубина");
    terminal.press(b"\x03");
    terminal.expect("(прервано: лучший из найденных ходов)");
    terminal.expect("подсказка: ");
    terminal.expect("белые> ");
    terminal.leave_with("выход");
}

#[test]
fn in_russian_analysis_with_a_depth_ends_by_itself_and_review_shows_a_blunder() {
    let mut terminal =
        Terminal::start(&["--lang", "ru", "--depth", "5", "--fen", "W:Wa1,f4:Bf6,b8"]);
    terminal.expect("белые> ");
    terminal.enter("анализ");
    terminal.expect("анализ до глубины 5");
    terminal.expect("анализ закончен: глубина 5");
    terminal.enter("f4-e5");
    terminal.expect("shashki играет f6:d4");
    terminal.enter("разбор 6");
    terminal.expect("грубая ошибка превратила");
    terminal.expect("у чёрных 0 ошибок, 0 грубых");
    terminal.enter("выход");
    terminal.session.exp_eof().expect("the end of the output");
}

#[test]
fn ctrl_c_during_an_endless_analysis_returns_to_the_prompt() {
    let mut terminal = Terminal::start(&[]);
    terminal.expect("White> ");
    terminal.enter("analyze");
    terminal.expect("1. depth 3  ");
    terminal.press(b"\x03");
    terminal.expect("analysis stopped at depth ");
    terminal.expect("White> ");
    terminal.quit();
}

#[test]
fn a_dumb_terminal_gets_no_colours_and_no_redrawn_progress_line() {
    let env = [("TERM", "dumb")];
    let mut terminal = Terminal::spawn(&["--black", "--movetime", "1000"], &env, false);
    let before = terminal.expect("shashki plays ");
    assert!(!before.contains('\x1b'), "escape codes: {before:?}");
    assert!(!before.contains("thinking:"), "{before:?}");
    terminal.expect("Black> ");
    terminal.quit();

    // The same on an xterm: colours, which the dumb terminal did not get.
    let mut colourful = Terminal::spawn(&["--black", "--depth", "1"], &[("TERM", "xterm")], false);
    assert!(colourful.expect("shashki plays ").contains("\x1b[48;5;"));
    colourful.quit();
}

#[test]
fn the_progress_line_is_cut_to_a_narrow_terminal_so_that_it_never_wraps() {
    // The pseudo-terminal has no size of its own: COLUMNS says how wide it is.
    let env = [("TERM", "xterm"), ("COLUMNS", "30")];
    let args = ["--no-color", "--black", "--movetime", "2000"];
    let mut terminal = Terminal::spawn(&args, &env, false);
    let before = terminal.expect("shashki plays ");
    let drawn: Vec<&str> = before
        .split("\x1b[2K")
        .filter(|chunk| chunk.starts_with("thinking: "))
        .map(|chunk| chunk.split('\r').next().unwrap_or(chunk))
        .collect();
    assert!(!drawn.is_empty(), "no progress line: {before:?}");
    for line in &drawn {
        assert!(line.chars().count() <= 29, "{line:?}");
    }
    assert!(drawn.iter().any(|line| line.ends_with("...")), "{drawn:?}");
    terminal.expect("Black> ");
    terminal.quit();
}

#[test]
fn a_move_typed_with_the_russian_layout_on_is_read_every_way_it_can_be_meant() {
    let mut terminal = Terminal::start(&["--depth", "1"]);
    terminal.expect("1. White> ");
    // No way to read it as a legal move: the likeliest reading is explained.
    terminal.enter("в6-с5");
    terminal.expect("в6-с5 read as d6-c5: the piece on d6 is Black's; it is White to move");
    // Two ways: в is the d key on the Russian layout, and the look-alike of B.
    terminal.enter("с3-в4");
    terminal.expect("с3-в4 can be read as 1 c3-d4, 2 c3-b4: which? (1-2) ");
    terminal.enter("2");
    terminal.expect("shashki plays ");
    terminal.expect("2. White> ");
    terminal.enter("undo");
    terminal.expect("took back 2 moves");
    // One way: ф and и are only the a and b keys.
    terminal.enter("ф3-и4");
    terminal.expect("ф3-и4 read as a3-b4");
    terminal.expect("shashki plays ");
    terminal.expect("2. White> ");
    terminal.enter("history");
    terminal.expect("1. a3-b4 ");
    terminal.quit();
}

#[test]
fn lines_pasted_while_the_bot_thinks_all_run_in_order_after_its_move() {
    let mut terminal = Terminal::start(&["--black", "--movetime", "2000"]);
    terminal.expect("thinking: depth");
    terminal.press(b"fen\rmoves\rhistory\r");
    terminal.expect("shashki plays ");
    terminal.expect("Black> fen");
    terminal.expect("B:W");
    terminal.expect("Black> moves");
    terminal.expect("Black can play (7)");
    terminal.expect("Black> history");
    terminal.expect("1. ");
    terminal.quit();
}

#[test]
fn a_question_is_never_answered_by_a_line_typed_before_it_was_asked() {
    let mut terminal = Terminal::start(&["--black", "--movetime", "2000"]);
    terminal.home.write("game.pdn", "kept\n");
    let file = terminal.home.dir.join("game.pdn");
    terminal.expect("thinking: depth");
    terminal.press(b"save game.pdn\ry\r");
    terminal.expect("Black> save game.pdn");
    terminal.expect("not run, typed before the question: y");
    terminal.expect("game.pdn exists: replace it? (y/n) ");
    terminal.enter("n");
    terminal.expect("not saved");
    assert_eq!(std::fs::read_to_string(&file).expect("the file"), "kept\n");
    terminal.quit();
}

#[test]
fn lines_pasted_at_once_never_answer_the_question_one_of_them_raises() {
    // The bot answers at once (the opening book): the lines after the move still wait in
    // the terminal, or in the line editor, when `save` asks.
    let mut terminal = Terminal::start(&["--depth", "1"]);
    terminal.home.write("game.pdn", "kept\n");
    let file = terminal.home.dir.join("game.pdn");
    terminal.expect("1. White> ");
    terminal.press(b"g3-h4\rsave game.pdn\ryes\r");
    terminal.expect("not run, typed before the question: yes");
    terminal.expect("game.pdn exists: replace it? (y/n) ");
    assert_eq!(std::fs::read_to_string(&file).expect("the file"), "kept\n");
    terminal.enter("n");
    terminal.expect("not saved");
    assert_eq!(std::fs::read_to_string(&file).expect("the file"), "kept\n");
    terminal.quit();
}

#[test]
fn in_russian_a_draw_offered_after_the_bots_reply_is_not_taken_by_a_line_pasted_before() {
    // c3-d4 is taken by the black king: a lone king against a lone king, offered drawn.
    let mut terminal =
        Terminal::start(&["--lang", "ru", "--depth", "1", "--fen", "W:WKh2,c3:BKf6"]);
    terminal.expect("1. белые> ");
    terminal.press("c3-d4\rд\r".as_bytes());
    terminal.expect("shashki предлагает ничью");
    terminal.expect("не выполнено, набрано до вопроса: д");
    terminal.expect("согласиться на ничью? (д/н) ");
    terminal.enter("н");
    terminal.expect("играем дальше.");
    terminal.leave_with("выход");
}

#[test]
fn a_which_reading_question_is_not_answered_by_the_line_pasted_with_the_move() {
    let mut terminal = Terminal::start(&["--depth", "1"]);
    terminal.expect("1. White> ");
    terminal.press("с3-в4\r1\r".as_bytes());
    terminal.expect("not run, typed before the question: 1");
    terminal.expect("с3-в4 can be read as 1 c3-d4, 2 c3-b4: which? (1-2) ");
    terminal.enter("2");
    terminal.expect("shashki plays ");
    terminal.enter("history");
    terminal.expect("1. c3-b4 ");
    terminal.quit();
}

#[test]
fn a_line_typed_before_the_resume_question_appears_does_not_answer_it() {
    let mut first = Terminal::start(&["--depth", "1"]);
    first.expect("1. White> ");
    first.enter("c3-d4");
    first.expect("2. White> ");
    let home = first.quit();
    let mut terminal = Terminal::restart(home, &["--depth", "1"]);
    // Typed at once, before the program has even started.
    terminal.press(b"y\r");
    terminal.expect("not run, typed before the question: y");
    terminal.expect("resume it? (y/n) ");
    terminal.enter("n");
    terminal.expect("the unfinished game is kept in");
    terminal.expect("1. White> ");
    terminal.quit();
}

#[test]
fn a_position_asked_for_starts_and_the_unfinished_game_is_set_aside() {
    let mut first = Terminal::start(&["--depth", "1"]);
    first.expect("1. White> ");
    first.enter("c3-d4");
    first.expect("2. White> ");
    let home = first.quit();
    let mut terminal = Terminal::restart(home, &["--depth", "1", "--fen", "W:Wa1:Bh8"]);
    terminal.expect("was kept from last time");
    terminal.expect("the unfinished game is kept in");
    terminal.expect("White> ");
    terminal.enter("fen");
    terminal.expect("W:Wa1:Bh8");
    terminal.quit();
}

#[test]
fn after_the_end_every_question_returns_to_the_new_game_question() {
    let mut terminal = Terminal::start(&["--depth", "1", "--fen", "W:Wc3:Bd4"]);
    terminal.home.write("game.pdn", "kept\n");
    terminal.expect("White> ");
    terminal.enter("c3:e5");
    terminal.expect("new game? (y/n) ");
    terminal.enter("save game.pdn");
    terminal.expect("replace it? (y/n) ");
    terminal.enter("y");
    terminal.expect("saved to game.pdn");
    terminal.expect("new game? (y/n) ");
    terminal.enter("y");
    terminal.expect("new game");
    terminal.expect("1. White> ");
    terminal.quit();
}

/// Tests that count on the wall clock (a time limit, a clock, an answer within so long):
/// `.ci/run` runs them apart, one at a time, so that a loaded machine does not fail them.
mod wall_clock {
    use super::*;

    #[test]
    fn the_clock_shows_at_the_prompt_warns_and_announces_the_flag_with_no_key_pressed() {
        // 33 seconds for the game: a warning after 3 s, another after 23 s, the flag at 33.
        let mut terminal = Terminal::start(&["--time", "0.55"]);
        // The player's time as the prompt was shown: a moment less than the full 33 s.
        terminal.expect("[0:3");
        terminal.expect("] 1. White> ");
        let shown = Instant::now();
        terminal.expect("your clock: 30 seconds left");
        terminal.expect("your clock: 10 seconds left");
        let before = terminal.expect("game over: Black wins: White ran out of time");
        assert!(
            shown.elapsed() >= Duration::from_secs(30),
            "{:?}",
            shown.elapsed()
        );
        assert!(before.contains("clocks: White 0:00.0"), "{before:?}");
        terminal.expect("new game? (y/n) ");
        terminal.enter("clock");
        terminal.expect("clocks (0:33 + 0): White 0:00.0, Black 0:33.0");
        terminal.enter("undo");
        terminal.expect("a game lost on time cannot be taken back");
        terminal.enter("n");
    }

    #[test]
    fn ctrl_c_while_the_bot_thinks_plays_its_best_move_so_far_and_the_game_goes_on() {
        // A minute a move: without the interrupt, no move would come within the patience.
        let mut terminal = Terminal::start(&["--black", "--movetime", "60000"]);
        terminal.expect("thinking: depth");
        // Keys typed while it thinks are not echoed then: they start the next prompt's line.
        terminal.press(b"fe");
        terminal.press(b"\x03");
        let pressed = Instant::now();
        let before = terminal.expect("(interrupted: playing the best move found so far)");
        terminal.expect("shashki plays ");
        assert!(pressed.elapsed() < ANSWER_WITHIN, "{:?}", pressed.elapsed());
        assert!(!before.contains("fe"), "typed keys echoed: {before:?}");
        terminal.expect("Black> fe");
        terminal.enter("n");
        terminal.expect("B:W");
        terminal.quit();
    }

    #[test]
    fn ctrl_c_during_a_hint_shows_the_best_move_so_far() {
        let mut terminal = Terminal::start(&["--movetime", "60000"]);
        terminal.expect("White> ");
        terminal.enter("hint");
        let pressed = terminal.interrupt_thinking();
        terminal.expect("(interrupted: the best move found so far)");
        terminal.expect("hint: ");
        assert!(pressed.elapsed() < ANSWER_WITHIN, "{:?}", pressed.elapsed());
        terminal.expect("White> ");
        terminal.enter("fen");
        terminal.expect("W:W");
        terminal.quit();
    }

    #[test]
    fn analyze_redraws_its_lines_until_enter_and_the_game_is_untouched() {
        let mut terminal = Terminal::start(&[]);
        terminal.expect("White> ");
        terminal.enter("analyze");
        terminal.expect("Enter or Ctrl-C stops");
        terminal.expect("3. depth 4  ");
        terminal.press(b"\r");
        let pressed = Instant::now();
        terminal.expect("analysis stopped at depth ");
        assert!(pressed.elapsed() < ANSWER_WITHIN, "{:?}", pressed.elapsed());
        terminal.expect("1. White> ");
        terminal.enter("fen");
        terminal.expect(shashki::START_FEN);
        terminal.quit();
    }

    #[test]
    fn ctrl_c_ends_a_review_early_and_it_concludes_nothing_it_did_not_see() {
        let mut terminal = Terminal::start(&["--depth", "1"]);
        terminal.expect("1. White> ");
        terminal.enter("c3-d4");
        terminal.expect("2. White> ");
        // Thirty plies deep: far longer than the test waits.
        terminal.enter("review 30");
        terminal.expect("review of 2 plies, depth 30 a position (Ctrl-C stops)");
        std::thread::sleep(Duration::from_millis(300));
        terminal.press(b"\x03");
        let pressed = Instant::now();
        terminal.expect("review stopped after 0 of 2 plies: the moves after them were not judged");
        assert!(pressed.elapsed() < ANSWER_WITHIN, "{:?}", pressed.elapsed());
        let rest = terminal.expect("2. White> ");
        assert!(!rest.contains("mistakes"), "{rest}");
        terminal.quit();
    }

    #[test]
    fn a_level_on_the_clock_plays_at_that_level_and_a_resumed_game_keeps_both() {
        let args = ["--black", "--level", "beginner", "--time", "5+3"];
        let mut first = Terminal::start(&args);
        first.expect("the bot plays on the clock: 5:00 + 3");
        // The line is wrapped at 80 columns after "at level".
        first.expect("beginner: at most 1 ply deep, without the knowledge base");
        first.expect("(search: depth 1, ");
        first.expect("Black> ");
        let home = first.quit();
        let mut terminal = Terminal::restart(home, &[]);
        terminal.expect("resume it? (y/n) ");
        terminal.enter("y");
        terminal.expect("resumed: you play Black, level beginner, clock 5:00 + 3");
        // White's clock: five minutes, three seconds more, less what the move took.
        terminal.expect("clocks: White 5:0");
        terminal.expect("Black 4:5");
        terminal.quit();
    }
}
