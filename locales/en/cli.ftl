# The command line in English: what each command does and each option means (--help),
# and the command line's own errors. clap writes the rest of its pages and refusals in
# English itself; the Russian file has those words too.
#
# A command is the message named by its path (shashki-egtb-probe): its value is what it
# does, its attributes the help of its arguments by id (.fen, .no_egtb). The top level
# plays, so its options are those of shashki-play. An option several commands share
# with the same words is written once, in `options`; a command's own text comes first.
# The possible values of an option are explained in `values`. The program adds the
# defaults and the lists of values itself. A test checks that every command and argument
# has a text in both languages and that every text serves something.

## Commands and their options

shashki = Russian draughts (русские шашки) in the terminal: a bot with an editable knowledge base of openings and combinations, deep search, endgame tables, in English or Russian

options =
    .egtb = Endgame databases to use (default: the data directory's `egtb`, when it has tables)
    .no_egtb = Play without the endgame databases (the built-in exact tables of a lone king against one to three kings stay on)
    .egtb_memory = The most memory the databases' tables may hold at once, in MB (default: half the machine's memory). The table used longest ago is let go to make room, and read again when it is wanted; a table larger than this is not used
    .data_dir = The data directory: your saved game, history, own knowledge base and endgame databases (default: the SHASHKI_DATA_DIR variable, else the system's place; see the README)
    .lang = The language of the console, and of this help and the errors: en or ru (default: from LC_ALL, LC_MESSAGES or LANG, else the system's interface language; Russian for ru*, else English). Commands are accepted in both
    .kb = Knowledge-base file (default: ./kb/combs.txt, else the data directory's, else the built-in one)
    .no_kb = Decide without the knowledge base
    .seed = Seed for the choice among equally good knowledge-base facts
    .hash = Transposition table size in megabytes: 1 to 65536, and no more than the memory available. It is allocated before the clock starts
    .threads = Threads of the search, 1 to 256: the others help the first through the shared hash table. With more than one, a search to a fixed depth does not repeat exactly
    .fen = Position string, e.g. W:Wa1,c1,Ke5:Bb8,Kh2 (default: the start position)

values =
    .full = Every square of the path: c3-d4, e3:c5:e7
    .short = Russian short notation: cd4, e:e7
    .ballots = The 150 three-move ballots of match play (data/ballots150.tsv)
    .named = The 19 named opening lines of `OPENINGS`
    .hand = The hand-set weights (the hand-written evaluation's terms)
    .tuned = The fitted features' weights (`data/eval/features.weights`)

shashki-play = Play a game against the bot at a readline prompt (the default)
    .white = Play White (the default)
    .black = Play Black: the bot moves first
    .fen = Start from this position, e.g. W:Wa1,c1,Ke5:Bb8,Kh2
    .level = The bot's strength: beginner, novice, casual, club, easy, normal (the default) or hard, or the Russian name (новичок ... гроссмейстер; see the README's level table)
    .movetime = The bot's thinking time per move, in milliseconds: 1 to 3600000 (an hour)
    .depth = Search this many plies deep instead of thinking for a time (repeatable results): 1 to 64
    .kb = The knowledge base file (default: ./kb/combs.txt, else your own in the data directory, else the built-in base)
    .threads = Threads the bot searches with, 1 (the default) to 256: more play stronger on a machine with the cores to spare
    .seed = Seed for the bot's choices among equal moves (default: from the clock)
    .no_color = Plain text even on a terminal (so does the NO_COLOR variable)
    .notation = How the bot's moves and hints are written: full (c3-d4, e3:c5:e7) or short (Russian short notation: cd4, e:e7). Both are accepted from you either way
    .time = Play on the clock: minutes for the game + seconds added after each move (5+3; 10 for no increment; fractions allowed). The bot manages its own time; a side whose time runs out loses
    .name = Your name in the game records you save (default: Player)
    .file = A PDN file to open at the start (a file of several games is listed; `open FILE N` opens one)

shashki-moves = Print every legal move, one per line, in full-path notation

shashki-perft = Count the leaves of the move tree DEPTH plies deep (a move-generator test and benchmark)
    .depth = Plies to count: 0 to 20 (perft 20 from the start takes weeks)
    .fen = Position string (default: the start position)
    .divide = List the count under each root move
    .bulk = Count the last ply without making its moves

shashki-bestmove = Let the bot choose a move; prints `source: ...` and the move alone as the last line
    .movetime = Time to think, in milliseconds: 1 to 3600000 (an hour) [default: 1000]
    .depth = Search this many plies deep instead of thinking for a set time: 1 to 64

shashki-match = Self-play between two engine settings, with wins/draws/losses and an Elo estimate
    .games = Games to play, 1 to 10000 (rounded up to an even number: each opening with both colours)
    .first_game = Number the games from N, starting with the opening and colours game N has in a longer match (1 to 10000): a long match can be played in parts, one a core
    .movetime = Time per move in milliseconds for both sides (unless a side has a depth): 1 to 3600000
    .a_movetime = Engine A's time per move in milliseconds, instead of --movetime (time odds)
    .a_depth = Engine A searches to this fixed depth (1 to 64) instead of by time
    .a_level = Engine A plays at this named level (its depth or time, and its knowledge)
    .a_threads = Engine A's search threads, 1 to 256 (see `bestmove --threads`)
    .a_no_kb = Engine A plays without the knowledge base
    .a_no_book = Engine A plays the knowledge base without its opening book
    .a_material_only = Engine A evaluates material only
    .a_no_capture_stage = Engine A without the capture-search stage (captures go to the full search)
    .a_no_egtb = Engine A without the endgame databases
    .a_egtb = Engine A's own endgame databases, instead of those of --egtb (to weigh one set of tables against another; each set then has half of --egtb-memory)
    .a_hub = Engine A is a Hub engine run as a child process: the program and its arguments, e.g. "old/shashki hub". It runs in an empty folder with an empty data directory, with a hash of 16 MB, the side's threads and the tables of the match; the side's depth applies
    .b_movetime = Engine B's time per move in milliseconds, instead of --movetime (time odds)
    .b_depth = Engine B searches to this fixed depth (1 to 64) instead of by time
    .b_level = Engine B plays at this named level (its depth or time, and its knowledge)
    .b_threads = Engine B's search threads, 1 to 256 (see `bestmove --threads`)
    .b_no_kb = Engine B plays without the knowledge base
    .b_no_book = Engine B plays the knowledge base without its opening book
    .b_material_only = Engine B evaluates material only
    .b_no_capture_stage = Engine B without the capture-search stage (captures go to the full search)
    .b_no_egtb = Engine B without the endgame databases
    .b_egtb = Engine B's own endgame databases, instead of those of --egtb (to weigh one set of tables against another; each set then has half of --egtb-memory)
    .b_hub = Engine B is a Hub engine run as a child process: the program and its arguments, e.g. "old/shashki hub". It runs in an empty folder with an empty data directory, with a hash of 16 MB, the side's threads and the tables of the match; the side's depth applies
    .openings = The openings the games start from, each played with both colours in turn
    .seed = Seed for the engines' choices among knowledge-base alternatives
    .kb = Knowledge-base file for the sides that use one (default: ./kb/combs.txt, else the data directory's, else built-in)
    .concurrency = Games played at once, 1 to 256, each pair of games by one worker with engines of its own (a hash table each, and a process each for a Hub side)
    .sprt = Stop as soon as a sequential probability ratio test decides between A being ELO0 and ELO1 Elo better than B (logistic Elo, pentanomial pairs, as fishtest), e.g. 0,10
    .alpha = The test's chance of accepting ELO1 when ELO0 holds (with --sprt)
    .beta = The test's chance of accepting ELO0 when ELO1 holds (with --sprt)
    .verbose = Print every game's moves

shashki-pdn = Work with PDN game records

shashki-pdn-check = Read and replay every game of a PDN file; print every problem, or a summary
    .path = The PDN file

shashki-hub = Speak the Hub protocol (Scan's, version 2) on stdin/stdout, for GUIs and pydraughts
    .level = The strength when the GUI sends no `level`: beginner, novice, casual, club, easy (0.2 s a move), normal (1 s) or hard (5 s); see the README's level table
    .numbering = How the moves number the squares: standard (PDN's: c3-d4 is 22-18; pydraughts 0.5.7 and the lidraughts bridge), from-white (c3-d4 is 10-14; pydraughts 0.6.7), or auto: read off the client's moves; until they tell, from-white, or standard for the lidraughts bridge

shashki-kb = Work with the knowledge base

shashki-kb-check = Parse and check a knowledge-base file and the learned facts and the opening book beside it; print every problem, or a summary line for each file
    .path = The file to check (default: the base the program uses: ./kb/combs.txt, else the player's own in the data directory, else the built-in starter base)
    .prove = Prove every fact of every file again, each by its kind: a line gets the combination proof, a single move the safety check (an exact fact in its position, a pattern in up to 200 of its positions where the first move is legal); what does not hold is a warning

shashki-kb-learn = Find combinations in games and self-play, prove and generalise them, and add them to the learned facts
    .from = PDN files whose every game is searched for combinations (repeatable)
    .selfplay = Self-play games to play and search as well (the bot at depth 6 from the 150 ballots, with 4 random plies after each for variety)
    .out = Where to add the learned facts (default: `learned.txt` beside the knowledge base in use, or in the data directory's `kb/` for the built-in base)
    .games_seed = Seed of the self-play games and of the sampling that widens the facts

shashki-kb-book = Build the opening book by deep analysis, in jobs that resume, and merge them
    .ballot = Walk the tree of ballot N alone (1 to 150): a job of its own
    .slice = Walk slice K of M of the roots (the roots numbered K, K+M, K+2M, ...): one of M jobs
    .depth = Search each position to this depth (1 to 64) [default: 24]
    .time = Search each position for this many seconds instead (1 to 3600); not repeatable: two runs may differ
    .plies = Plies of moves the book gives after each root on its main line (1 to 40)
    .breadth = Moves followed from each position: the best, then the next within the margin (1 to 8)
    .margin = How much worse than the best, in men, a move may score and still be an alternative
    .lines = How many best moves each search ranks (1 to 8; at least the breadth)
    .hash = The hash table of each search, in MB
    .kb = The knowledge base whose exact facts win (the book leaves their positions out and walks through them) and whose named openings are roots (default: the base in use, without its book)
    .job = The job file, kept after every position (default: book-all.job, book-ballot-N.job or book-slice-K-of-M.job in the current directory). A job started again resumes
    .limit = Stop after analysing this many positions; the same command resumes the job
    .out = Once the job is complete, write the book of this job alone to this file

shashki-kb-book-merge = Merge job files into one book: the book one job walking every root would write
    .jobs = The job files
    .out = The book file to write, e.g. kb/book.txt

shashki-egtb = Build, probe and verify the endgame databases

shashki-egtb-build = Solve every balance of at most N pieces (resumes an interrupted build)
    .pieces = The most pieces on the board, men and kings of both sides
    .only = Solve only this balance and its colour-swapped twin (e.g. w1m2k-b0m1k), from the tables of the balances its moves lead to, already in the directory: one job of a build spread over machines
    .dir = Where the tables go (default: the data directory's `egtb`)

shashki-egtb-probe = Print a position's exact value: `win in N`, `loss in N` or `draw` (N in plies)
    .dir = Where the tables are (default: the data directory's `egtb`)
    .fen = The position, e.g. W:WKa1,Kc1,Ke1:BKh8

shashki-egtb-verify = Check that every position's value follows from its successors' values
    .only = Check only this balance and its colour-swapped twin (e.g. w1m2k-b0m1k), from the tables of the balances its moves lead to: one job of a check spread over machines
    .dir = Where the tables are (default: the data directory's `egtb`)

shashki-tune = Fit the evaluation's weights to game results

shashki-tune-data = Play the bot against itself from the 150 ballots and write every position with its game's result (`FEN<TAB>1|0.5|0`, White's result)
    .games = Games to play
    .depth = Search depth of every move
    .random_plies = Random moves after the ballot, for variety
    .games_seed = Seed of the random moves
    .out = Where to write the positions

shashki-tune-fit = Fit the weights to the quiet positions of data files and PDN games; write them as a weights file (`data/eval/features.weights`)
    .data = Data files written by `tune data`
    .pdn = PDN files whose finished games add their positions
    .epochs = Full passes of gradient descent
    .out = Where to write the features' weights file (without `--patterns`)
    .from = The weights the fit starts from: the hand-set ones, or the fitted features' ones
    .patterns = Fit a weight for every arrangement of the local patterns too (starting at zero)
    .pattern_l2 = How strongly each pattern weight is pulled towards zero
    .patterns_out = Where to write the weights file with `--patterns`: the features' weights and the patterns'
    .hold_out = Keep this share (in percent) of each data file's positions, its last ones, out of the fit, and report the loss on them before and after

## Refusals of values

value-not-a-number = '{ $text }' is not a number
value-out-of-range = { $number } is outside the range { $min } to { $max }
value-unknown-level = '{ $text }' is not a level; the levels are { $levels }
value-unknown-numbering = numbering '{ $text }': the choices are auto, standard (c3-d4 is 22-18) and from-white (c3-d4 is 10-14)
value-time-malformed = '{ $text }' is not a time control: write MINUTES+SECONDS (5+3) or MINUTES (10)
value-time-minutes = '{ $text }': the game time must be more than 0 and at most { $max } minutes
value-time-increment = '{ $text }': the increment must be 0 to { $max } seconds
value-name = a name is one line of printable text
value-slice = '{ $text }' is not a slice K/M (K of M jobs, 1 <= K <= M)
value-margin = '{ $text }' is not a margin in men (0 to 100, at most two decimals, e.g. 0.15)
value-elo-pair = '{ $text }' is not two Elo differences ELO0,ELO1 with ELO0 below ELO1, e.g. 0,10
value-probability = '{ $text }' is not a probability above 0 and below 0.5, e.g. 0.05
value-hash-too-large = a hash table of { $megabytes } MB is more than the { $available } MB of memory available

## Refusals the command line words itself (clap words the others)

error-unknown-word = '{ $word }' is neither a command nor an existing file
error-no-such-file = '{ $word }' is not an existing file
tip-command = tip: a similar command exists: '{ $name }'

## Errors of the commands

error = error: { $message }
run-no-home = no home directory to keep the tables in: give --dir
run-missing-directory = no tables in { $dir }: there is no such directory; build them with `{ $build }`
run-not-a-directory = { $dir } is not a directory: give the directory of the tables
run-unreadable = cannot read the tables in { $dir }: { $system }
run-no-tables = no tables in { $dir }: build them with `{ $build }`
run-knowledge-base = the knowledge base has errors:
    { $problems }
run-no-move = no move to choose
run-game-over = no move to choose: { $outcome }
run-nothing-to-learn = nothing to learn from: give --from FILE.pdn or --selfplay N
run-no-learned-file = no data directory to keep the learned facts in; give --out PATH
run-nothing-to-fit = no quiet positions to fit: give --data or --pdn files
run-pairs-split = --sprt counts pairs of games (an opening with both colours): --first-game must be odd, the first of a pair
