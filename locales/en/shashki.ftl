# The console's messages in English. Every id here is also in ../ru/shashki.ftl (a test
# compares them). $side, $winner and $owner are "white" or "black"; counts are numbers.

## Counts

# Words that need no translating (a name, a number), where a message is expected.
as-is = { $text }
plies = { $count ->
    [one] { $count } ply
   *[other] { $count } plies
}

## Start, prompts and questions

window-close = Press Enter to close this window.
welcome = shashki: Russian draughts. Type a move like c3-d4, or help.
prompt-side = { $side ->
    [white] White
   *[black] Black
}
prompt-back = (back)
ask-resume = resume it? (y/n)
ask-replace = { $path } exists: replace it? (y/n)
ask-draw = accept the draw? (y/n)
ask-new-game = new game? (y/n)
ask-quit = quit? (y/n)
ask-branch = start the new line? (y/n)
ask-which-one = did you mean { $choice }? (y/n)
ask-side = which side do you take? (w/b)
answer-side = please answer w for White or b for Black, or type another command
side-first = this is a record of others' game: first say which side you take (w or b)
read-as-layout-illegal = { $typed } on the Russian layout is { $reading }, which is no move here: { $reason }
which-declined = nothing done
ask-which = { $typed } can be read as { $choices }: which? (1-{ $count })
answer-which = please answer with the number of the move, or type another command
answer-please = please answer y or n
# The words that answer the questions, and (.also) their other forms; either language's
# are taken whichever is spoken, so no word may answer two ways.
answer-yes = yes
    .also = y
answer-no = no
    .also = n
answer-white = white
    .also = w
answer-black = black
    .also = b
line-cleared = (line cleared; Ctrl-C again to quit, Ctrl-D quits)
input-error = input error: { $error }; type quit to leave
input-gone = input error: { $error }; the input seems gone, leaving
input-not-utf8 = what was typed is not UTF-8 text
typed-ahead-set-aside = not run, typed before the question: { $lines } (the up arrow brings it back)

## What a typed line means

line-empty = type a move like c3-d4, or help
line-unknown = unknown command '{ $word }'; type help for the commands
line-unknown-near = unknown command '{ $word }'; did you mean '{ $near }'?
line-bad-argument = { $command }: { $reason }; usage: { $usage }
arg-none = takes no argument, got '{ $got }'
arg-move-number = needs a move number from 1
arg-plies = needs a number of plies from 1
arg-position = needs a position string
arg-file = needs a file name
arg-game-number = games are numbered from 1
arg-move = needs a move
arg-kb-word = needs reload or check
arg-kb-unknown = '{ $word }' is neither reload nor check
arg-not-ms = '{ $text }' is not a number of milliseconds
arg-not-strength = '{ $text }' is not a number of milliseconds or a level (beginner, novice, casual, club, easy, normal, hard)

## Help

help-intro =
    Type a move: c3-d4, a capture c3:e5 or c3:e5:c7 (every landing square), or
    just its ends c3:c7 when that names one move; C3D4, c3 d4 and c3xe5 work too,
    and so does short notation, cd4 or g:e3 (the file left and the square
    reached), Cyrillic look-alike letters (с3-d4) and marks after a move (cd4!?).
    Tab completes. Ctrl-C while the bot thinks makes it play the best move it has
    found so far. Commands work in English and in Russian (help or помощь);
    --lang ru speaks Russian.
help-commands = Commands:
help-rules =
    Rules (Russian draughts): men move one square diagonally forward and capture
    forward and backward; capturing is compulsory, but you may choose any capture,
    and a capture goes on while it can. A man reaching the far rank becomes a king,
    even in the middle of a capture. Kings fly along diagonals, moving and
    capturing at any distance. Captured pieces leave the board only when the move
    ends (Turkish strike). A side that cannot move loses; a threefold repetition
    and the endgame counts are draws.

cmd-help = these commands and a short summary of the rules
    .names = help, ?
cmd-board = show the board again
    .names = board
cmd-moves = list your legal moves
    .names = moves
cmd-history = the numbered moves of the game
    .names = history
cmd-back = show the position N plies earlier (1 unless given)
    .usage = [N]
    .names = back
cmd-forward = show the position N plies later; a move typed there starts a new line
    .usage = [N]
    .names = forward
cmd-goto = show the position before move N
    .usage = N
    .names = goto
cmd-hint = ask the bot what it would play in your place
    .names = hint
cmd-analyze = the best three lines of the position shown, ever deeper until Enter or Ctrl-C
    .names = analyze, analyse
cmd-review = the game's mistakes, the loser's decisive one; yours (SIDE's) become lessons
    .usage = [DEPTH] [SIDE]
    .names = review
cmd-undo = take back your last move and the bot's reply
    .names = undo
cmd-new = start a new game from the start position
    .names = new
cmd-flip = swap colours with the bot
    .names = flip
cmd-movetime = show or set the bot's strength: a level, or a time per move
    .usage = [MS | LEVEL]
    .names = movetime, level
cmd-levels = the levels, and what playing each is like
    .names = levels
cmd-fen = print the position string
    .names = fen
cmd-load = start a new game from a position string
    .usage = FEN
    .names = load
cmd-save = save the game as a PDN record (never over a file without asking)
    .usage = FILE
    .names = save
cmd-save-replace = save the game, replacing the file if it exists
    .usage = FILE
    .names = save!
cmd-open = open game N of a PDN file (the list if it has several) and go on from its end
    .usage = FILE [N]
    .names = open
cmd-kb = reread the knowledge base after editing it, or only check it
    .usage = reload | check
    .names = kb
cmd-remember = add this position and a move to the knowledge base
    .usage = MOVE [NAME]
    .names = remember
cmd-forget = take your own fact for this position out of your facts
    .names = forget
cmd-restore = undo the last change to your files (your facts), from its backup
    .names = restore
cmd-train = practise your lessons: the positions of your mistakes
    .names = train
cmd-learn = find the combinations of the game that the bot misses, to learn them
    .names = learn
cmd-draw = offer a draw
    .names = draw
cmd-resign = give up the game
    .names = resign
cmd-quit = leave (Ctrl-D does too); an unfinished game is kept for the next start
    .names = quit, exit

## The board

legend-color = ● man  ♛ king (white and black);  highlighted: the last move, x: taken
legend-plain = w/b: white/black man  W/B: king  .: empty dark square  [ ]: last move  x: taken
material = material: { $white }; { $black }
clock-warning = your clock: { $seconds } seconds left
clock-flag-press-enter = your time is up: press Enter
clocks-now = clocks ({ $control }): White { $white }, Black { $black }
clocks-none = this game has no clock (--time 5+3 plays on one)
undo-after-flag = a game lost on time cannot be taken back: type new for another
clocks = clocks: White { $white }, Black { $black }
material-side = { $side ->
    [white] White
   *[black] Black
} { $shape ->
    [kings] { $kings ->
        [one] { $kings } king
       *[other] { $kings } kings
    }
    [both] { $men ->
        [one] { $men } man
       *[other] { $men } men
    }, { $kings ->
        [one] { $kings } king
       *[other] { $kings } kings
    }
   *[men] { $men ->
        [one] { $men } man
       *[other] { $men } men
    }
}

## Playing

you-play-now = you now play { $side ->
    [white] White
   *[black] Black
}
not-your-move = it is not your move
move-refused = that move cannot be played now
read-as = { $typed } read as { $reading }
read-as-illegal = { $typed } read as { $reading }: { $reason }
move-after-end = the game is over: answer y for a new game, or type undo, new or quit
moves-none = no moves: the game is over
moves-list = { $side ->
    [white] White
   *[black] Black
} can play ({ $count }): { $moves }
undo-nothing = nothing to undo: you have not moved yet
undo-done = took back { $count ->
    [one] { $count } move
   *[other] { $count } moves
}
new-game = new game
game-already-over = the game is already over
game-over = game over: { $outcome } ({ $verdict }, { $token })
record-over = the game of the record is over: { $outcome } ({ $token })
record-moves-lost = the record's moves break off after { $plies }: the rest of the game is lost, and its result is as the record gives it
game-over-help = answer y for a new game or n to quit; save FILE keeps the record{ $undo ->
    [yes] , undo goes back
   *[no] {""}
}
verdict-you-win = you win
verdict-bot-wins = shashki wins
verdict-draw = a draw
play-on = play on.

## The bot

bot-plays = shashki plays { $mv } ({ $reason })
bot-interrupted = (interrupted: playing the best move found so far)
bot-illegal = shashki: the bot chose an illegal move; your move instead
levels-title = the levels, weakest first (level NAME here, --level NAME at the start):
levels-line = { $en } ({ $ru }): { $limits }; { $means }
level-means-beginner = takes what is offered and misses every threat
level-means-novice = sees your reply, and nothing further
level-means-casual = two moves ahead for each side, and the opening facts
level-means-club = four moves ahead for each side: a club player's tactics
level-means-easy = some six moves ahead: it sees most combinations
level-means-normal = stronger than most club players (the default)
level-means-hard = its full strength
bot-movetime = the bot thinks up to { $ms } ms a move
bot-movetime-set = the bot now thinks up to { $ms } ms a move
bot-level = the bot plays at level { $level }: { $limits }
bot-level-set = the bot now plays at level { $level }: { $limits }
level-depth = { $depth ->
    [one] { $depth } ply
   *[other] { $depth } plies
} deep, { $kb ->
    [yes] with
   *[no] without
} the knowledge base
level-time = { $ms } ms a move, { $kb ->
    [yes] with
   *[no] without
} the knowledge base
bot-depth = the bot searches { $depth ->
    [one] { $depth } ply
   *[other] { $depth } plies
} deep
bot-limits = the bot thinks: { $limits }
bot-clock = the bot plays on the clock: { $control } (the game's time + seconds added a move)
bot-clock-capped = the bot plays on the clock: { $control } (the game's time + seconds added a move), { $named ->
    [yes] at level { $level }: at most { $limits }
   *[no] at most { $limits }
}
progress = thinking: depth { $depth }  { $score }  { $line }
hint = hint: { $mv } ({ $reason })
hint-line = hint: { $mv } ({ $reason }): { $line }
hint-interrupted = (interrupted: the best move found so far)
hint-game-over = no hint: the game is over
hint-no-move = no hint: there is no move
source-kb = knowledge base: "{ $name }", { $origin }:{ $line }
source-book = opening book: { $moves }, searched { $depth } plies deep, { $origin }:{ $line }
source-line = { $combination ->
    [yes] combination
   *[no] knowledge base line
} "{ $name }", { $origin }:{ $line }
won-with-motifs = { $won }; motif: { $motifs }
motif-names = { $en }
review-motifs = { "   " }motif: { $motifs }
puzzle-none-motif = no combination of the knowledge base is a { $motifs }
puzzle-motifs = motif: { $motifs }
puzzle-list-header = the knowledge base's puzzles by motif (puzzle MOTIF poses one):
puzzle-list-motif = { $count }  { $motifs }
puzzle-list-unnamed = { $count }  of no motif named
source-proven = combination "{ $name }", { $origin }:{ $line }, wins { $won }
game-record = { $file } game { $number }{ $detailed ->
    [yes] { " " }({ $details })
   *[no] {""}
}
game-selfplay = self-play game { $number } (seed { $seed })
game-console = the console game { $white } – { $black }, { $date }
game-other = { $place }
learned-place = { $game }{ $known ->
    [yes] , move { $move_number }
   *[no] {""}
}
source-proven-learned = combination "{ $name }", learned from { $from }{ $more ->
    [0] {""}
    [one] {" "}and 1 more game
   *[other] {" "}and { $more } more games
}, wins { $won }
source-only-move = the only move
source-database = endgame database: { $score }
score-men = { $men }
score-win = +win in { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}
score-loss = -loss in { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}
source-capture-search = capture search: { $score }
source-search-stopped = search: stopped before depth 1
source-search = search: depth { $depth }, { $score }

## Draws

draw-offer = shashki offers a draw: king against king, and neither side can force a win
draw-accepted = shashki accepts the draw
draw-declined = shashki declines the draw; play on
draw-interrupted = (interrupted: deciding on what the search saw so far)

## How games end

win-no-pieces = { $winner ->
    [white] { $past ->
        [yes] White won: Black had no pieces left
       *[no] White wins: Black has no pieces left
    }
   *[black] { $past ->
        [yes] Black won: White had no pieces left
       *[no] Black wins: White has no pieces left
    }
}
win-blocked = { $winner ->
    [white] { $past ->
        [yes] White won: Black had no legal move
       *[no] White wins: Black has no legal move
    }
   *[black] { $past ->
        [yes] Black won: White had no legal move
       *[no] Black wins: White has no legal move
    }
}
win-resigned = { $winner ->
    [white] { $past ->
        [yes] White won: Black resigned
       *[no] White wins: Black resigned
    }
   *[black] { $past ->
        [yes] Black won: White resigned
       *[no] Black wins: White resigned
    }
}
win-time = { $winner ->
    [white] { $past ->
        [yes] White won: Black ran out of time
       *[no] White wins: Black ran out of time
    }
   *[black] { $past ->
        [yes] Black won: White ran out of time
       *[no] Black wins: White ran out of time
    }
}
draw-repetition = draw: the same position occurred for the third time
draw-kings-only = draw: for 15 moves both sides moved only kings, without a capture
draw-lone-king = draw: three kings did not catch the lone king within 15 moves
draw-king-ending = draw: the balance of a king ending did not change for { $moves } moves
draw-agreement = draw by agreement

## Moves that cannot be played

move-empty = no move given; type it like c3-d4 or c3:e5
move-not-files = { $typed }: { $count ->
    [one] the letter { $letters } is no file
   *[other] the letters { $letters } are no files
}; a square is a file a-h and a rank 1-8, like c3
move-one-square = only one square ({ $square }); a move needs at least two, like c3-d4
move-unexpected = unexpected '{ $found }' at column { $column }; write moves like c3-d4 or c3:e5:c7
square-malformed = '{ $text }' is not a square (expected a file a-h and a rank 1-8, like c3)
square-light = { $text } is a light square; play uses the dark squares only
illegal-no-moves = there is no legal move: the game is over
illegal-no-piece = there is no piece on { $square }
illegal-not-yours = the piece on { $square } is { $owner ->
    [white] White
   *[black] Black
}'s; it is { $side ->
    [white] White
   *[black] Black
} to move
illegal-capture-compulsory = capture is compulsory; you must play one of: { $moves }
illegal-piece-stuck = the { $role ->
    [man] man
   *[king] king
} on { $square } has no legal move
illegal-no-such-move = no such move for the { $role ->
    [man] man
   *[king] king
} on { $square }; it can play: { $moves }
illegal-no-short-move = no move of a piece on the { $file }-file ends on { $to }; the legal moves are: { $moves }
illegal-ambiguous = that could mean several moves; type one of: { $moves }

## Position strings

fen-empty = position string, column { $column }: empty; expected something like { $start }
fen-bad-side = position string, column { $column }: side to move '{ $text }' should be W or B
fen-bad-color = position string, column { $column }: piece list '{ $text }' should start with W or B
fen-color-twice = position string, column { $column }: { $side ->
    [white] White
   *[black] Black
}'s pieces are listed twice
fen-no-lists = position string, column { $column }: the piece lists are missing; expected the side to move, then :W and White's pieces, then :B and Black's pieces, like W:Wc3,e3:Bd6
fen-missing-list = position string, column { $column }: { $side ->
    [white] White's piece list is missing; write :{ $letter } alone if White has no pieces
   *[black] Black's piece list is missing; write :{ $letter } alone if Black has no pieces
}
fen-no-pieces = position string, column { $column }: there are no pieces at all; a position needs at least one
fen-extra-section = position string, column { $column }: too many ':' sections; expected SIDE:Wpieces:Bpieces
fen-bad-square = position string, column { $column }: '{ $text }' is not a piece (expected a dark square like c3, or Kc3 for a king)
fen-invalid = position string, column { $column }: { $reason }
fen-bad-wrapper = position string, column { $column }: the [FEN "..."] wrapper is not closed

## Stepping through the game

history-empty = no moves yet
history-shown = (shown: the position before move { $number }, { $side ->
    [white] White
   *[black] Black
} to move; forward returns)
view-current = the current position: move { $number }, { $side ->
    [white] White
   *[black] Black
} to move
view-earlier = move { $number }, { $side ->
    [white] White
   *[black] Black
} to move ({ $ply } of { $end } plies; forward or goto returns, a move played here starts a new line)
goto-beyond = the game has reached move { $last }; showing the current position
branch-bot-to-move = here it is the bot's move: step to a position where you are to move
branch-warning = playing here starts a new line and drops the { $plies } after it
branch-declined = the game stays as it was

## Files

saved = saved to { $path }
not-saved = not saved
save-exists = not saved: { $path } exists; save! { $path } replaces it
save-over-kb = not saved: { $path } is the knowledge base { $kb }; choose another file
save-failed = could not save { $path }: { $error }
open-failed = could not open { $path }: { $error }
io-error = { $system }
write-not-a-file = { $path } is not a regular file
write-too-many-links = { $path }: too many levels of symbolic links
read-not-a-file = it is { $what ->
    [directory] a directory
    [pipe] a named pipe (FIFO)
    [device] a device
    [socket] a socket
   *[special] a special file
}, not a regular file
read-too-large = it is { $bytes } bytes long; text files are read only up to { $max } MiB
read-bad-utf8 = { $line }:{ $column }: { $reason }
open-no-game = { $path }: no game in the file
open-out-of-range = { $path } has { $count ->
    [one] 1 game: open one of 1
   *[other] { $count } games: open one of 1 to { $count }
}
opened = opened { $path }: { $plies }
opened-one-of = opened { $path } game { $chosen } of { $count }: { $plies }
open-list = { $path } has { $count } games; open one with: open { $path } N
open-list-game = { $white } - { $black }, { $event }, { $date } ({ $result }, { $plies })
date-unknown = date unknown
open-list-unreadable = unreadable: { $path }:{ $error }

## The game kept between sessions

autosave-failed = (could not keep the game in { $path }: { $error }; save FILE keeps it)
resume-offer = an unfinished game ({ $plies }, move { $number }) was kept from last time
went-on = { $how ->
    [resumed] resumed
   *[opened] restored
}: { $what }
went-on-side = you play { $side ->
    [white] White
   *[black] Black
}
went-on-level = level { $level }
went-on-movetime = { $ms } ms a move
went-on-depth = { $depth } plies a move
went-on-clock = clock { $control } (White { $white }, Black { $black })
opened-others = a game between { $white } and { $black }{ $over ->
    [yes] : look through it, or review it
   *[no] : look through it, review it, or take a side and play on
}
kept-aside = the unfinished game is kept in { $path } (open it to go on)
keep-aside-failed = could not keep the unfinished game in { $path }: { $error }
farewell-kept = the unfinished game is kept in { $path }; shashki offers it at the next start

## The knowledge base

avoided-by-rule = (the rule "{ $name }", { $origin }:{ $line }, avoids { $mv }: this move keeps within a quarter of a man of it)
passed-over = (the { $rule ->
    [yes] rule
   *[no] fact
} "{ $name }", { $origin }:{ $line }, was passed over: { $mv } loses { $lost } to { $reply })
kb-builtin = { $part ->
    [learned] built-in learned base
    [book] built-in book
   *[starter] built-in starter base
}
kb-file = { $path }
# A knowledge base read from several parts: `kb/combs.txt + kb/learned.txt`.
kb-plus = { $first } + { $second }
kb-none = playing without the knowledge base
kb-loaded = { $reloaded ->
    [yes] knowledge base reloaded
   *[no] knowledge base
}: { $origin } ({ $facts ->
    [one] 1 fact
   *[other] { $facts } facts
}{ $left ->
    [0] {""}
    [one] ; 1 left out for its errors, shown above
   *[other] ; { $left } left out for their errors, shown above
})
kb-reload-kept = { $errors ->
    [one] 1 error
   *[other] { $errors } errors
}: the file cannot be read; the knowledge base in use stays as it was
kb-reload-none = { $errors ->
    [one] 1 error
   *[other] { $errors } errors
}: the file cannot be read; still playing without the knowledge base
kb-check-ok = { $origin }: { $facts ->
    [one] 1 fact
   *[other] { $facts } facts
} ({ $exact } exact, { $patterns } patterns, { $lines } lines{ $rules ->
    [0] {""}
    [one] , 1 rule
   *[other] , { $rules } rules
}), { $errors ->
    [0] no errors
    [one] 1 error
   *[other] { $errors } errors
}{ $left ->
    [0] {""}
    [one] : 1 fact left out
   *[other] : { $left } facts left out
}
kb-check-failed = { $origin }: { $errors ->
    [one] 1 error
   *[other] { $errors } errors
}
won = { $game ->
    [yes] the game
   *[no] { $kings ->
        [0] { $pieces ->
            [one] a man
           *[other] { $pieces } men
        }
       *[other] { $pieces ->
            [0] a king
            [one] a man and a king
           *[other] { $pieces } men and a king
        }
    }
}
learn-none = no combination in this game that a 4-ply search misses
learn-found = move { $number } ({ $side ->
    [white] White
   *[black] Black
}): { $line }; wins { $won }; { $found ->
    [yes] found
   *[no] missed
}; { $deep ->
    [same] a { $depth }-ply search plays it too
    [none] a { $depth }-ply search finds no move
   *[other] a { $depth }-ply search plays { $deep }
}
learn-known = { $path } knows { $count ->
    [one] it
   *[other] them
} already: nothing to learn
ask-learn = add { $count ->
    [one] this fact
   *[other] these { $count } facts
} to { $path }? (y/n)
learn-fact = "{ $name }": { $line }
learn-written = learned: { $count ->
    [one] 1 fact
   *[other] { $count } facts
} added to { $path }
learn-declined = nothing learned
learn-unconfirmed = a { $depth }-ply search plays other moves there: nothing to learn
learn-no-data = nothing learned: no data directory; start with --kb FILE
ask-remember = remember it anyway? (y/n)
remember-declined = nothing remembered
remember-loses = { $mv } loses { $lost } to { $reply }
remember-over = yours plays here over "{ $fact }" ({ $origin }:{ $line }): your own facts come first
forgotten = forgotten: { $fact }; the other facts of this position play again
forget-none = none of your own facts is for this position: nothing to forget
restored-file = restored { $path } as it was before its last change (from { $from })
restore-none = no backup to restore: none of your files has changed
restore-failed = nothing restored: { $path }: { $error }
backup-failed = nothing written: the last version of { $path } could not be kept: { $error }
train-none = no lessons yet: review a game you lost, and its mistakes become lessons
train-next = no lesson is due now; the next is due on { $day }. Try a puzzle meanwhile: puzzle
train-next-session = the lessons missed today come back next session. Try a puzzle: puzzle
train-all-learned = all { $count } lessons are learned: each solved on three days
train-posed = lesson: { $side ->
    [white] White
   *[black] Black
} to move; at move { $number } of { $game } you played { $played }. Find a better move
train-right = right: { $line }
train-wrong = not this: { $line }; { $better } keeps the game
train-more = train poses the next lesson
train-learned = this lesson is learned: solved on three days
lessons-looking = looking for lessons in your game (Ctrl-C skips)
lessons-none = no new lesson: no mistake here was punished by force, or it is filed already
lessons-filed = { $count ->
    [one] 1 lesson
   *[other] { $count } lessons
} filed in { $path }; train practises them
lessons-failed = lessons not kept: { $path }: { $error }
fact-name-lesson = Lesson: move { $number }, { $played }
remember-no-data = nothing remembered: no data directory; start with --kb FILE
remember-default-name = remembered at move { $number }: { $mv }
remembered = remembered { $fact }
remember-renamed = the fact "{ $old }" is now called "{ $name }"
remember-unchanged = { $fact } plays { $mv } already: the file is unchanged
remember-updated = updated { $fact }: play { $mv } (was: { $old })

## The names of learned facts (written into the base in its language)

fact-name-strike = Strike from { $from }{ $crowns ->
    [yes] { " " }with a breakthrough to a king
   *[no] {""}
}
fact-name-double-strike = Double strike from { $first } and { $last }{ $crowns ->
    [yes] { " " }with a breakthrough to a king
   *[no] {""}
}
fact-name-crowning = Breakthrough to a king on { $square }
fact-name-game = Combination from { $game ->
    [self-play] self-play game { $number } (seed { $seed })
    [players] the game { $white } – { $black }
    [other] { $file }
   *[record] { $file } game { $number }
}, move { $move_number }

## Game records

pdn-error = { $line }:{ $column }: { $reason }
pdn-unclosed = this '{ $sign }' is never closed
pdn-bad-tag = a tag pair should look like [Event "name"]
pdn-bad-fen = FEN tag: { $reason }
pdn-bad-move = '{ $mv }' is not a move: { $reason }
pdn-numeric-move = '{ $mv }' is not a move in numbered squares: write 22-18, or 9x18 for a capture (squares 1 to 32)
pdn-illegal-move = { $mv }: { $reason }

## Analysis and review

analysis-start = analysis, { $side ->
    [white] White
   *[black] Black
} to move: the best lines, ever deeper; Enter or Ctrl-C stops
analysis-start-depth = analysis to depth { $depth }, { $side ->
    [white] White
   *[black] Black
} to move: the best lines
analysis-exact = analysis, { $side ->
    [white] White
   *[black] Black
} to move: the endgame tables hold every move, exactly
analysis-exact-line = { $rank }. { $score }  { $line }
analysis-line = { $rank }. depth { $depth }  { $score }  { $line }
analysis-stopped = analysis stopped at depth { $depth }
analysis-done = analysis done: depth { $depth }
analysis-none = analysis stopped before depth 1
analysis-no-move = no analysis: there is no move
review-none = nothing to review: no moves yet
review-start = review of { $plies } (Ctrl-C stops)
review-start-depth = review of { $plies }, depth { $depth } a position (Ctrl-C stops)
review-progress = reviewing
review-interrupted = review stopped after { $reviewed } of { $plies } plies: the moves after them were not judged
review-slip = { $number } { $side ->
    [white] White
   *[black] Black
} { $mv }: { $kind ->
    [blunder] a blunder
   *[mistake] a mistake
}, { $cost } ({ $played }; { $best } keeps { $score })
review-line = { "   " }{ $side ->
    [white] White
   *[black] Black
} answers: { $line }{ $more ->
    [yes] {" "}...
   *[no] {""}
}
review-combination = { "   " }{ $side ->
    [white] White
   *[black] Black
} answers with a combination: { $line }, winning { $won }
review-combination-named = { "   " }{ $side ->
    [white] White
   *[black] Black
} answers with the combination "{ $name }": { $line }, winning { $won }
review-marks-plain = { "   " }on the board: [ ] the move played, ( ) the better move
review-marks-color = { "   " }on the board: the move played in yellow, the better move in green
review-position = { "   " }position: { $fen }
review-decisive = { $side ->
    [white] White's
   *[black] Black's
} decisive mistake: { $number } { $mv } ({ $played } after it{ $has_best ->
    [yes] ; { $best } kept { $score }
   *[no] {""}
}), the game lost from then on
review-no-decisive = { $how ->
    [from-start] { $side ->
        [white] White was
       *[black] Black was
    } lost from the first position reviewed
    [unavoidable] no move of { $side ->
        [white] White's
       *[black] Black's
    } was a mistake another move could have mended by this review's reckoning
    [time] no move of { $side ->
        [white] White's
       *[black] Black's
    } lost the game: the flag fell in a position of { $score }
    [resigned] no move of { $side ->
        [white] White's
       *[black] Black's
    } lost the game: resigned in a position of { $score }
   *[board] no single move of { $side ->
        [white] White's
       *[black] Black's
    } lost the game by this review's reckoning ({ $score } at the end)
}
review-cost-men = costs about { $halves ->
    [1] half a man
    [2] a man
    [3] a man and a half
   *[other] { $men } men
}
review-cost-turned = turns { $from ->
    [win] a win
   *[draw] a draw
} into { $to ->
    [draw] a draw
   *[loss] a loss
}
review-summary = { $side ->
    [white] White
   *[black] Black
}: { $mistakes ->
    [one] { $mistakes } mistake
   *[other] { $mistakes } mistakes
}, { $blunders ->
    [one] { $blunders } blunder
   *[other] { $blunders } blunders
}

## Puzzles

cmd-games = your kept games, the newest first; games N opens one
    .usage = [N]
    .names = games
cmd-clock = both sides' time left
    .names = clock
cmd-stats = your wins, draws and losses by level and colour
    .names = stats, statistics
arg-games-number = '{ $text }' is not the number of a game in the list
saved-elsewhere = the current folder cannot be written: saved to { $path }
game-kept = the game is kept with your games: games lists them, stats counts them
keep-game-failed = could not keep the game in { $path }: { $error }
games-none = no games kept yet: every finished game is kept in your data folder
games-title = your games in { $path }, the newest first (times in UTC); games N opens one:
games-verdict = { $verdict ->
    [win] won
    [draw] draw
    [loss] lost
    [unfinished] unfinished
   *[over] over
}
games-moves = { $count ->
    [one] { $count } move
   *[other] { $count } moves
}
games-out-of-range = there is no game { $number }: games lists { $count }
stats-none = no finished games yet: every finished game is kept and counted
stats-title = your finished games: { $count } (in brackets, the last { $recent })
stats-level = level
stats-side = colour
stats-wins = wins
stats-draws = draws
stats-losses = losses
stats-all = all
cmd-layout = moves in Cyrillic letters: russian reads by key (в is d), auto every way
    .usage = [russian | auto]
    .names = layout
arg-layout = '{ $word }' is neither russian nor auto
layout-is = { $layout ->
    [russian] moves in Cyrillic letters are read by their keys on the Russian layout (в is d); layout auto reads them every way
   *[auto] moves in Cyrillic letters are read every way they can be meant, asking when two are moves; layout russian reads them by key
}
settings-not-kept = (could not keep the setting in { $path }: { $error })
word-layout-russian = russian
word-layout-auto = auto
cmd-puzzle = find a combination (of a motif: puzzle turkish strike); list: the motifs
    .usage = [next | off | list | FEN | MOTIF]
    .names = puzzle
arg-puzzle-word = '{ $word }' is not next, off or list, nor a position string, nor a motif
prompt-lesson = lesson,
prompt-puzzle = puzzle,
puzzle-title = { $side ->
    [white] White
   *[black] Black
} to play and win { $gain }
puzzle-how = type the move; hint: the piece, then the move; puzzle off: back to the game
puzzle-gain = { $game ->
    [yes] the game
   *[no] { $king ->
        [yes] { $men ->
            [0] a king
            [one] a man and a king
           *[other] { $men } men and a king
        }
        [crowned] { $men ->
            [0] a king, by crowning a man
            [one] a man and a king, by crowning a man
           *[other] { $men } men and a king, by crowning a man
        }
       *[no] { $men ->
            [0] nothing
            [one] a man
           *[other] { $men } men
        }
    }
}
puzzle-right = { $mv }: right; { $side ->
    [white] White
   *[black] Black
} answers { $reply }; your move
puzzle-gives-up = { $mv } gives up material for nothing; try again
puzzle-wins-nothing = { $mv } wins nothing; try again
puzzle-wins-less = { $mv } wins only { $won }, and { $gain } can be won here; try again
puzzle-solved = solved: { $line } wins { $gain }
puzzle-solved-fact = solved: { $line } wins { $gain } ("{ $name }", { $origin }:{ $place })
puzzle-answer = not solved: the answer was { $line }{ $named ->
    [yes] { " " }("{ $name }", { $origin }:{ $place })
   *[no] {""}
}
puzzle-solved-already = solved: puzzle next poses another, puzzle off goes back to the game
puzzle-hint-piece = hint: the { $king ->
    [yes] king
   *[no] man
} on { $square } moves
puzzle-hint-move = hint: { $mv }
puzzle-score-header = shashki puzzle score (the puzzle command): puzzles solved, attempted,
    hints asked and wrong moves
puzzle-score = score: { $solved } solved of { $attempted } (hints: { $hints }, wrong moves: { $wrong })
puzzle-none = no puzzle: no fact of the knowledge base gave a combination; try puzzle FEN
puzzle-no-kb = no puzzle: no knowledge base is in use; puzzle FEN poses a position
puzzle-no-combination = no puzzle: { $side ->
    [white] White
   *[black] Black
} to move has no combination there
puzzle-not-now = not during a puzzle: puzzle off goes back to the game
puzzle-off = back to the game
puzzle-not-on = no puzzle is being solved
puzzle-score-unreadable = { $path }: { $error }; the puzzle score lasts this session and the file is left as it is
puzzle-score-bad = { $path }:{ $line }: { $reason }; the puzzle score lasts this session and the file is left as it is
puzzle-score-failed = could not keep the puzzle score in { $path }: { $error }
score-unknown-word = '{ $word }' is none of { $words }
score-bad-count = '{ $text }' is not a count

## Knowledge-base problems

kb-severity = { $severity ->
    [warning] warning
   *[error] error
}
kb-syntax = { $shape ->
    [both] unexpected { $unexpected }; expected { $expected }
    [unexpected] unexpected { $unexpected }
    [expected] expected { $expected }
   *[none] unknown parsing error
}
kb-or = { $many ->
    [yes] { $rest }, or { $last }
   *[no] { $rest } or { $last }
}
kb-part = { $part ->
    [end-of-fact] the end of the fact
    [fact] a fact
    [heading] a fact heading like `fact "name" for white`
    [name] a name in double quotes
    [side] `white` or `black`
    [count] a count like `white 3..6`
    [role] `men` or `kings`
    [range] a count like 5 or 3..6
    [row] a board row
    [file-letters] the file letters `a b c d e f g h`
    [keyword] a keyword
    [play] `play` and a move
    [move] a move like c3-d4
    [gives] `gives` and the men a gambit gives up, like `gives 1`
    [priority] a rule's priority, like `priority 2`
    [clause] a clause like `play K-T :- king(K)`
    [condition] a condition like empty(d4)
   *[end-of-line] the end of the line
}
kb-parser-stopped = { $message }
kb-count-too-large = this number is too large for a piece count
kb-gives-too-many = a gambit gives up at most 12 men
kb-priority-too-high = a rule's priority is 1 to 9 (without the line, 0)
kb-board-rows = the board has { $rows } rows; it needs 8, from rank 8 at the top to rank 1
kb-rank-label = this row is rank { $rank }, not { $label }; rows go from rank 8 down to rank 1
kb-row-squares = rank { $rank } has { $squares } squares; a board row needs 8
kb-unknown-symbol = unknown symbol '{ $letter }'; a square is one of { $symbols }
kb-light-square = a light square must be '.': pieces stand on the dark squares only
kb-man-on-last-rank = a { $side ->
    [white] white
   *[black] black
} man cannot stand on { $square }: it would already be a king
kb-range-empty = the range { $min }..{ $max } is empty: no count fits
kb-pieces = { $count } { $side ->
    [white] white
   *[black] black
} { $count ->
    [one] { $role ->
        [men] man
        [kings] king
       *[pieces] piece
    }
   *[other] { $role ->
        [men] men
        [kings] kings
       *[pieces] pieces
    }
}
kb-too-many = { $pieces }: a side has at most 12 pieces
kb-board-demands = the board already demands { $pieces }, more than the range { $min }..{ $max } allows
kb-board-leaves-room = the board leaves room for { $pieces } at most, fewer than the range { $min }..{ $max } needs
kb-invalid-position = this board is not a valid position: { $reason }
kb-position-square-twice = square { $square } is given twice
kb-position-too-many = { $side ->
    [white] White
   *[black] Black
} has { $count } pieces; at most 12 are allowed
kb-illegal-move = { $mv } is not legal here{ $number ->
    [1] {""}
   *[other] {" "}(move { $number } of the line)
}: { $reason }
kb-not-surely-movers = { $mv } starts on { $from }, which the board does not surely give a { $side ->
    [white] white piece (mark it w, W or o)
   *[black] black piece (mark it b, B or x)
}
kb-quiet-two-squares = { $mv }: a quiet move names two squares
kb-not-one-diagonal = { $from } and { $to } are not on one diagonal
kb-man-forward = { $mv }: a man moves one square diagonally forward
kb-may-be-a-man = { $mv }: the piece on { $square } may be a man, which moves one square forward only; write W for a king
kb-count-repeated = these pieces are counted on a line above already: one count line for each
kb-reply-must-capture = { $reply } cannot be the reply: the piece on { $square } surely has a capture, and capturing is compulsory
kb-capture-must-go-on = { $mv } stops short: the piece then surely takes { $square } too, and a capture goes on while it can
kb-counts-together = no position meets the board and these counts together
kb-rule-unknown = no condition is called `{ $name }`; the conditions are: { $known }
kb-rule-arity = `{ $name }` takes { $more ->
    [yes] a move and at least { $wanted } more
   *[no] { $wanted ->
        [one] 1 argument
       *[other] { $wanted } arguments
    }
}, not { $given }
kb-rule-argument = `{ $given }` cannot stand here{ $name ->
    [play] {""}
   *[other] { " " }in `{ $name }`
}: it takes { $wanted ->
    [square] a square like c3, a variable like K, or _
    [square-or-set] a square, a variable, or a set like big_road
    [set] a set of squares: big_road, doubles, triples or edges
    [direction] a direction (ne, nw, se, sw) or a variable
    [side] white or black
    [number] a number from 0 to 32
    [move] a move like K-T or c3:e5
   *[condition] a condition like empty(d4)
}
kb-rule-unbound = { $name ->
    [not] the negated goal would bind { $variable }: bind it by an earlier condition
   *[other] `{ $name }` needs { $variable } bound by an earlier condition
}
kb-heading-without-side = a heading needs the side after the name: `for white` or `for black`
kb-cyrillic-move = { $letters }: Cyrillic letters; a move is written with the Latin letters a to h, like c3-d4
kb-path-not-free = the path of { $mv } is not surely free: { $square } is not marked '.'
kb-jump-not-sure = the jump { $from }:{ $to } of { $mv } does not surely take exactly one { $side ->
    [white] white
   *[black] black
} piece over free squares
kb-landing-not-free = the capture { $mv } lands on { $square }, which is not marked '.'
kb-repeats = this fact repeats the fact on line { $line }
kb-contradicts = this fact contradicts the fact on line { $line }: the same board, other moves; that one plays, as the first in the file
kb-not-utf8 = invalid UTF-8 (byte { $byte }); the file must be saved as UTF-8 text
kb-cannot-read = cannot read the file: { $reason }
kb-cannot-write = cannot write the file: { $reason }
kb-bad-fact-name = a fact name cannot contain '"' or a line break
kb-nothing-remembered = the file has errors, so nothing was remembered: fix them ({ $check }) and try again
kb-check-words = { cmd-kb.names } { word-kb-check }
kb-would-not-answer = { $fact } would still not answer the position with this move; nothing was written

## The words that follow a command

word-kb-reload = reload
word-kb-check = check
word-puzzle-next = next
word-puzzle-off = off
word-puzzle-list = list
word-level-beginner = beginner
word-level-novice = novice
word-level-casual = casual
word-level-club = club
word-level-easy = easy
word-level-normal = normal
word-level-hard = hard

## The endgame databases: why a position has no value

probe-missing = no table for { $material } ({ $pieces } pieces) in the directory
table-file = { $path }: { $problem }
table-unreadable = { $error }
table-not-a-table = not a shashki endgame table
table-old-version = format version { $version } (this program reads versions { $oldest } and { $newest }, whose values count the draw rules): build the tables again
table-cut-short = cut short
table-other-material = holds { $found }, not { $wanted }
table-damaged-header = damaged header
table-wrong-length = cut short or too long
table-checksum = checksum mismatch: the file is damaged
table-damaged-palette = damaged palette
table-too-large = too large to read
table-damaged-body = damaged body
probe-not-ready = the table is still being read or solved
probe-no-game = the side not to move has no pieces: the game is already over
probe-over-budget = the table of { $material } needs { $needs } MB, more than the { $budget } MB the tables may use

## What the library refuses

move-not-legal = { $mv } is not a legal move in this position
# What the number of each of the engine's settings must be (engine::Setting), one
# message a setting: the command line, the Hub and the console each frame it.
setting-hash = the hash table size must be 1 to { $max } MB
setting-threads = the number must be 1 to { $max }
setting-depth = the depth must be 1 to { $max } plies
setting-move-time = the time must be 1 to { $max } milliseconds (an hour)
hash-no-memory = cannot allocate a hash table of { $megabytes } MB: the machine cannot give that much memory
material-malformed = '{ $text }' is not a material balance like w1m2k-b0m1k
egtb-io = { $error }
egtb-needs-first = { $material } needs the table of { $needs } first ({ $path } is missing or unreadable)
refutation-defended = a defence keeps the gain below a man
refutation-too-large = the proof grew past its node limit
unproven-no-line = the fact has no line
unproven-no-sample = { $mv } is legal in none of { $draws } positions drawn from the pattern
unproven-loses = in { $fen }: { $mv } loses { $lost } to { $reply }
unproven-refuted = not proven in { $fen }: { $refutation }
match-no-move = { $player } found no move in { $position }
match-illegal-move = { $player } played an illegal move in { $position }: { $error }
match-player = { $error }
line-bad-word = { $word }: { $reason }
opening-now = opening: { $name }
opening-error = { $place }: { $reason }
opening-no-tab = no tab between name and position

## The Hub's texts (positions and moves as the protocol writes them)

hub-text-length = a position is W or B and 32 squares (e, w, b, W, B): 33 characters, not { $length }
hub-text-side = a position starts with W or B (the side to move), not '{ $found }'
hub-text-square-letter = square { $number } is '{ $found }'; a square is e (empty), w, b (men), W or B (kings)
hub-text-move-form = '{ $text }' is not a move; write from-to (10-14) or a capture from x to x taken (14x23x19)
hub-text-square-number = '{ $text }' is not a square number from 1 to 32
hub-text-illegal = { $text } is not a legal move here; the legal moves are { $legal }

## The opening book's files

book-bad-record = unreadable position record ({ $why }: { $record })
record-not-a-record = not a position record
record-not-a-number = not a number
record-illegal-path = an illegal path
record-bad-position = a bad position
record-path-misses = the path does not reach the position
record-bad-score = a bad score
record-illegal-line = an illegal line
record-bad-root = a bad root
record-bad-depth = a bad depth
job-io = { $path }: { $error }
job-bad-line = { $path }:{ $line }: { $why }
job-other = { $path } holds another job ({ $theirs }), not this one ({ $ours }): give another --job file, or the settings it was started with
job-root-number = bad root number { $text }
job-unknown-line = unknown line { $word }
job-missing = no { $what } line: not a book job file
book-bad-move = opening { $name }: { $word } is not legal there: { $reason }
book-other-position = ballot { $name }: its moves do not reach { $fen }
book-ballots = { $error }
book-bad-settings = unreadable book settings: { $text }
book-mismatch = the jobs were built differently ({ $first } and { $other }): merge only jobs of one book

## The evaluation's weights files

weights-not-weights = not a weights file: the first line is not '{ $magic }'
weights-bad-line = line { $line }: expected { $expected }
weights-expect-next = a comment, a feature or the patterns, each a line of text
weights-expect-not-comment = a feature or the patterns, not a comment
weights-expect-feature = 'feature OPENING ENDING NAME'
weights-expect-patterns = 'patterns REGIONS ARRANGEMENTS'
weights-wrong-feature = feature { $index } is '{ $found }', where the evaluation has '{ $name }'
weights-missing-features = { $found } features, where the evaluation has { $features }
weights-wrong-shape = patterns of { $regions } regions of { $arrangements } arrangements, where the evaluation has { $eval_regions } of { $eval_arrangements }
weights-wrong-length = the pattern table takes { $expected } bytes, and { $found } follow
weights-too-large = pattern weight { $weight } (region { $region }, arrangement { $arrangement }) is beyond ±{ $limit }

## The CheckerBoard engine (src/app/checkerboard): its about box, help file and status line

cb-about = shashki { $version }: Russian draughts, an engine for CheckerBoard
    { $kb }
    { $tables }
    MIT licence. Help: Engine > Engine Help.
cb-about-kb = knowledge base: { $parts } ({ $facts } facts)
cb-about-no-kb = knowledge base: off (book 0)
cb-about-tables = endgame tables: up to { $pieces } pieces, { $dir }
cb-about-builtin-tables = endgame tables: the built-in king endings
cb-help-file = shashki_checkerboard.html
cb-progress = depth { $depth }  { $score }  { $nodes } nodes  { $line }
cb-no-move = no move: the game is over
cb-bad-board = not a position of Russian draughts: { $reason }
cb-bad-color = the side to move is { $code }, neither White (1) nor Black (2)
cb-bad-square = square [{ $x }][{ $y }] holds { $code }, no piece of a dark square
cb-book-values = book takes 0 (off) or 1 to 3 (on)
cb-db-mbytes-values = dbmbytes takes megabytes, 0 for no limit
