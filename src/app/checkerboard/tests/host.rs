//! The engine as CheckerBoard uses it: the built library (the DLL on Windows, run under
//! Wine by `.ci/windows`; the `.so` on Linux, the `.dylib` on macOS) loaded at run time, its three functions
//! found by name and called with CheckerBoard's types, declared here from
//! `cb_interface.h` and not taken from the crate. Every move it returns is checked by
//! the rules of the shashki library, and the board by the header's own square formula.
//!
//! `SHASHKI_CHECKERBOARD_DLL` names another build of the library to load (the release
//! DLL, say); by default it is the one cargo built beside this test.

use std::ffi::{CStr, CString, c_char, c_int};
use std::path::PathBuf;
use std::sync::OnceLock;

use shashki::notation::Numbering;
use shashki::{Color, Game, Position, Role, Square};

type Board = [[c_int; 8]; 8];

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Coor {
    x: c_int,
    y: c_int,
}

/// `struct CBmove` of `cb_interface.h`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
struct CbMove {
    jumps: c_int,
    newpiece: c_int,
    oldpiece: c_int,
    from: Coor,
    to: Coor,
    path: [Coor; 12],
    del: [Coor; 12],
    delpiece: [c_int; 12],
}

type GetMove = unsafe extern "system" fn(
    *mut Board,
    c_int,
    f64,
    *mut c_char,
    *const c_int,
    c_int,
    c_int,
    *mut CbMove,
) -> c_int;
type EngineCommand = unsafe extern "system" fn(*const c_char, *mut c_char) -> c_int;
type IsLegal = unsafe extern "system" fn(*mut Board, c_int, c_int, c_int, *mut CbMove) -> c_int;

const WHITE: c_int = 1;
const BLACK: c_int = 2;
const MAN: c_int = 4;
const KING: c_int = 8;
const EXACT_TIME: c_int = 2;

/// The engine's three functions, from the library loaded once for the whole test.
struct Engine {
    getmove: GetMove,
    enginecommand: EngineCommand,
    islegal: IsLegal,
}

fn library_path() -> PathBuf {
    if let Some(path) = std::env::var_os("SHASHKI_CHECKERBOARD_DLL") {
        return PathBuf::from(path);
    }
    use std::env::consts::{DLL_PREFIX, DLL_SUFFIX};
    let name = format!("{DLL_PREFIX}shashki_checkerboard{DLL_SUFFIX}");
    // The test runs from target/<profile>/deps, where cargo put the library too.
    let exe = std::env::current_exe().expect("the test's path");
    let deps = exe.parent().expect("its folder");
    [deps.join(&name), deps.join("..").join(&name)]
        .into_iter()
        .find(|path| path.exists())
        .unwrap_or_else(|| panic!("no {name} beside {}", deps.display()))
}

fn engine() -> &'static Engine {
    static ENGINE: OnceLock<Engine> = OnceLock::new();
    ENGINE.get_or_init(|| {
        let library = system::Library::open(&library_path());
        // SAFETY: the names are the engine's exports, with the types declared above
        // (CheckerBoard's); the library stays loaded for the whole test.
        unsafe {
            Engine {
                getmove: std::mem::transmute::<usize, GetMove>(library.symbol(c"getmove")),
                enginecommand: std::mem::transmute::<usize, EngineCommand>(
                    library.symbol(c"enginecommand"),
                ),
                islegal: std::mem::transmute::<usize, IsLegal>(library.symbol(c"islegal")),
            }
        }
    })
}

#[cfg(windows)]
mod system {
    use std::os::windows::ffi::OsStrExt;
    use windows_sys::Win32::System::LibraryLoader::{GetProcAddress, LoadLibraryW};

    pub struct Library(windows_sys::Win32::Foundation::HMODULE);

    impl Library {
        pub fn open(path: &std::path::Path) -> Library {
            let wide: Vec<u16> = path.as_os_str().encode_wide().chain([0]).collect();
            // SAFETY: a path with its end mark.
            let module = unsafe { LoadLibraryW(wide.as_ptr()) };
            assert!(!module.is_null(), "LoadLibraryW {}", path.display());
            Library(module)
        }

        pub fn symbol(&self, name: &std::ffi::CStr) -> usize {
            // SAFETY: a loaded module and a name with its end mark.
            let address = unsafe { GetProcAddress(self.0, name.as_ptr().cast()) };
            address.unwrap_or_else(|| panic!("GetProcAddress {name:?}")) as usize
        }
    }
}

#[cfg(unix)]
mod system {
    use std::os::unix::ffi::OsStrExt;

    pub struct Library(*mut libc::c_void);

    // SAFETY: the handle is only used to look up symbols, which dlsym allows from any thread.
    unsafe impl Send for Library {}
    unsafe impl Sync for Library {}

    impl Library {
        pub fn open(path: &std::path::Path) -> Library {
            let name = std::ffi::CString::new(path.as_os_str().as_bytes()).unwrap();
            // SAFETY: a path with its end mark.
            let handle = unsafe { libc::dlopen(name.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
            assert!(!handle.is_null(), "dlopen {}", path.display());
            Library(handle)
        }

        pub fn symbol(&self, name: &std::ffi::CStr) -> usize {
            // SAFETY: a loaded library and a name with its end mark.
            let address = unsafe { libc::dlsym(self.0, name.as_ptr()) };
            assert!(!address.is_null(), "dlsym {name:?}");
            address as usize
        }
    }
}

/// `enginecommand`'s result and reply.
fn command(text: &str) -> (c_int, String) {
    let command = CString::new(text).unwrap();
    let mut reply = [0x55 as c_char; 1024];
    // SAFETY: a command with its end mark and a reply of CheckerBoard's size.
    let handled = unsafe { (engine().enginecommand)(command.as_ptr(), reply.as_mut_ptr()) };
    // SAFETY: the engine ends its reply with the mark, within the buffer.
    let reply = unsafe { CStr::from_ptr(reply.as_ptr()) };
    (handled, reply.to_string_lossy().into_owned())
}

/// Where `cb_interface.h`'s `numbertocoors` puts square `number` for Russian draughts.
fn coors(number: u8) -> Coor {
    let n = c_int::from(number) - 1;
    let y = n / 4;
    Coor {
        x: 2 * (3 - n % 4) + y % 2,
        y,
    }
}

fn coor_of(square: Square) -> Coor {
    coors(Numbering::Standard.number(square))
}

fn board_of(position: &Position) -> Board {
    let mut board = [[0; 8]; 8];
    for square in Square::all() {
        if let Some(piece) = position.piece_at(square) {
            let at = coor_of(square);
            let color = if piece.color == Color::White {
                WHITE
            } else {
                BLACK
            };
            let role = if piece.role == Role::King { KING } else { MAN };
            board[at.x as usize][at.y as usize] = color | role;
        }
    }
    board
}

/// A position string in CheckerBoard's numbers, as its `board8toFEN` writes them.
fn fen(position: &Position) -> String {
    let list = |color: Color| {
        let pieces: Vec<String> = Square::all()
            .filter_map(|square| {
                let piece = position.piece_at(square)?;
                let number = Numbering::Standard.number(square);
                (piece.color == color).then(|| match piece.role {
                    Role::King => format!("K{number}"),
                    Role::Man => number.to_string(),
                })
            })
            .collect();
        pieces.join(",")
    };
    let side = if position.side_to_move() == Color::White {
        "W"
    } else {
        "B"
    };
    format!("{side}:W{}:B{}", list(Color::White), list(Color::Black))
}

#[test]
fn checkerboard_s_questions_are_answered_as_it_expects() {
    assert_eq!(
        command("get movelist B:W1:B"),
        (1, "movelist 0".to_string())
    );
    assert_eq!(command("get gametype"), (1, "25".to_string()));
    assert_eq!(command("get protocolversion"), (1, "2".to_string()));
    let (handled, name) = command("name");
    assert!(handled == 1 && name.starts_with("shashki"), "{name}");
    assert_eq!(command("set frobnicate 3"), (0, "?".to_string()));
    assert_eq!(command("get allscores"), (0, "?".to_string()));
    let (handled, help) = command("help");
    assert!(handled == 1 && help.ends_with(".html"), "{help}");
    assert_eq!(command("about").0, 1);
    assert_eq!(command("set searchthreads 1"), (1, "1".to_string()));
    assert_eq!(command("get searchthreads"), (1, "1".to_string()));
}

#[test]
fn the_move_list_is_the_rules_core_s() {
    let mut position = Position::start();
    for ply in 0..60 {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        let (handled, reply) = command(&format!("get movelist {}", fen(&position)));
        assert_eq!(handled, 1, "{reply}");
        let listed = reply.strip_prefix("movelist ").expect("the reply's head");
        let count: usize = listed.split(',').next().unwrap().parse().unwrap();
        assert_eq!(count, moves.len().min(28), "{} {reply}", fen(&position));
        for entry in listed
            .split_once(',')
            .map_or("", |(_, rest)| rest)
            .split_terminator(';')
        {
            let fields: Vec<u8> = entry.split(',').map(|f| f.parse().unwrap()).collect();
            let jumps = usize::from(fields[0]);
            let from = Numbering::Standard.square(fields[3]).unwrap();
            let to = Numbering::Standard.square(fields[4]).unwrap();
            let captured: Vec<Square> = (0..jumps)
                .map(|j| Numbering::Standard.square(fields[5 + 3 * j + 1]).unwrap())
                .collect();
            assert!(
                moves.iter().any(|mv| mv.from() == from
                    && mv.to() == to
                    && mv.captured().count() as usize == jumps
                    && captured.iter().all(|&s| mv.captured().contains(s))),
                "{entry} is no legal move of {}",
                fen(&position)
            );
        }
        // A varied line: the moves taken in turn.
        position = position.play(moves[(ply * 7) % moves.len()]).unwrap();
    }
}

#[test]
fn islegal_fills_the_move_it_accepts() {
    let mut board = board_of(&Position::start());
    let mut mv = CbMove::default();
    // SAFETY: CheckerBoard's board and move.
    let legal = unsafe { (engine().islegal)(&mut board, WHITE, 22, 18, &mut mv) };
    assert_eq!(legal, 1);
    assert_eq!((mv.from, mv.to, mv.jumps), (coors(22), coors(18), 0));
    // SAFETY: as above.
    assert_eq!(
        unsafe { (engine().islegal)(&mut board, WHITE, 22, 19, &mut mv) },
        0
    );
    // SAFETY: as above.
    assert_eq!(
        unsafe { (engine().islegal)(&mut board, BLACK, 22, 18, &mut mv) },
        0
    );
}

/// The `set gamehist` CheckerBoard sends before a move: the position after the last
/// move that was not a king's quiet move, then those moves.
fn game_history(game: &Game) -> String {
    let positions: Vec<&Position> = game.positions().collect();
    let moves = game.moves();
    let mut first = moves.len();
    while first > 0 && moves[first - 1].by_king() && !moves[first - 1].is_capture() {
        first -= 1;
    }
    let mut text = format!("set gamehist {}", fen(positions[first]));
    for mv in &moves[first..] {
        let number = |square| Numbering::Standard.number(square);
        text.push_str(&format!(" {}-{}", number(mv.from()), number(mv.to())));
    }
    text
}

/// Plays a game of the engine against itself through `getmove`, as CheckerBoard does,
/// checking every answer; returns the plies played.
fn play_game(start: Position, maxtime: f64, plies: usize) -> usize {
    let mut game = Game::new(start);
    let playnow: c_int = 0;
    for ply in 0..plies {
        if game.outcome().is_some() {
            return ply;
        }
        let before = *game.position();
        assert_eq!(
            command(&game_history(&game)).0,
            1,
            "{}",
            game_history(&game)
        );
        let mut board = board_of(&before);
        let mut status = [0 as c_char; 1024];
        let mut mv = CbMove::default();
        let color = if before.side_to_move() == Color::White {
            WHITE
        } else {
            BLACK
        };
        // SAFETY: CheckerBoard's arguments, each valid through the call.
        let result = unsafe {
            (engine().getmove)(
                &mut board,
                color,
                maxtime,
                status.as_mut_ptr(),
                &playnow,
                EXACT_TIME,
                0,
                &mut mv,
            )
        };
        assert!((0..=3).contains(&result), "result {result}");
        let played = before
            .legal_moves()
            .iter()
            .copied()
            .find(|&legal| board_of(&before.play_unchecked(legal)) == board);
        let played =
            played.unwrap_or_else(|| panic!("no legal move of {} gives the board", fen(&before)));
        assert_eq!(
            (mv.from, mv.to),
            (coor_of(played.from()), coor_of(played.to()))
        );
        assert_eq!(mv.jumps as u32, played.captured().count());
        let mut taken: Vec<Coor> = mv.del[..mv.jumps as usize].to_vec();
        let mut expected: Vec<Coor> = played.captured().into_iter().map(coor_of).collect();
        taken.sort_by_key(|c| (c.x, c.y));
        expected.sort_by_key(|c| (c.x, c.y));
        assert_eq!(taken, expected);
        // SAFETY: the engine ends the status line with the mark.
        let status = unsafe { CStr::from_ptr(status.as_ptr()) };
        assert!(!status.to_bytes().is_empty());
        game.play(played).unwrap();
    }
    plies
}

#[test]
fn whole_games_are_played_through_getmove() {
    assert!(play_game(Position::start(), 0.02, 200) > 10);
    let ending: Position = "W:WKa1,c3,e3:BKh8,f6".parse().unwrap();
    assert!(play_game(ending, 0.02, 120) > 0);
}

mod wall_clock {
    use super::*;
    use std::sync::atomic::{AtomicI32, Ordering};
    use std::time::{Duration, Instant};

    #[test]
    fn play_now_ends_a_ten_second_think_at_once() {
        // The knowledge base would answer the start at once: the search alone here.
        assert_eq!(command("set book 0").0, 1);
        let position: Position = "W:Wa1,c1,e1,b2,f2,c3,g3,d4:Bb6,d6,h6,a7,e7,g7,d8,f8"
            .parse()
            .unwrap();
        let playnow = AtomicI32::new(0);
        let mut board = board_of(&position);
        let mut status = [0 as c_char; 1024];
        let mut mv = CbMove::default();
        let pressed = std::thread::scope(|scope| {
            let think = scope.spawn(|| {
                // SAFETY: CheckerBoard's arguments, valid until the thread is joined.
                unsafe {
                    (engine().getmove)(
                        &mut board,
                        WHITE,
                        10.0,
                        status.as_mut_ptr(),
                        playnow.as_ptr(),
                        EXACT_TIME,
                        0,
                        &mut mv,
                    )
                }
            });
            std::thread::sleep(Duration::from_millis(200));
            playnow.store(1, Ordering::SeqCst);
            let pressed = Instant::now();
            think.join().unwrap();
            pressed.elapsed()
        });
        assert_eq!(command("set book 3").0, 1);
        assert!(
            pressed < Duration::from_millis(500),
            "answered {pressed:?} after Play"
        );
        assert!(
            position
                .legal_moves()
                .iter()
                .any(|&legal| board_of(&position.play_unchecked(legal)) == board),
            "a legal move"
        );
    }
}
