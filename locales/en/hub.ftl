# The Hub protocol's words: what the engine tells the GUI in `error message=...` and
# `info message=...`. The protocol is read by programs, so it speaks English whatever
# the locale, and has no Russian file. pydraughts splits an `info` line at every `=`,
# so a note (hub-note-*) holds none.

## Commands and parameters

hub-unknown-command = unknown command '{ $command }'
hub-set-param-needs = set-param needs name=... and value=...
hub-param-busy = { $name } cannot change during a search
hub-variant = variant { $value } is not played here; shashki plays russian
# A number a setting does not take: the setting, the value sent, and the setting's
# own message (setting-* in shashki.ftl).
hub-setting = { $name } { $value }: { $refusal }
hub-kb = kb { $value }: the value is true or false
hub-unknown-param = unknown parameter '{ $name }'
hub-tt-size = tt-size { $value }: Scan's table of 2^N entries of 16 bytes, N from 16 to { $most }
hub-note-tt-size = tt-size { $power } is Scan's table of 2^{ $power } entries of 16 bytes: a hash of { $megabytes } MB here
hub-kb-errors = the knowledge base has errors and is not used: { $problems }
hub-hash-fallback = { $error }; using { $megabytes } MB
hub-line-unterminated = the value of { $name } opens a quote that is never closed
hub-line-no-name = an argument at character { $at } has a value but no name

## Positions and moves

hub-pos-needs = pos needs pos=<W or B and 32 squares>
hub-pos = pos { $text }: { $error }
hub-moves = moves: { $error }
hub-move = move { $number } ({ $played }): { $error }
hub-already-over = the game is already over ({ $outcome })
hub-other-numbering = { $error }; the moves are legal in { $other } numbering (c3-d4 is { $example }): hub --numbering { $other } or auto
hub-note-numbering-shown = numbering: the moves are legal only in { $numbering } numbering (c3-d4 is { $example }); the answers use it
hub-note-numbering-undecided = numbering: no move so far tells standard (22-18) from from-white (10-14); the answers are in { $numbering }{ $bridge ->
    [yes] { " " }(the client sends the lidraughts bridge's initial-time)
   *[no] {""}
} until one does (hub --numbering sets it)

## Levels

hub-level-depth = depth={ $depth }: { $refusal }
hub-level-nodes = nodes={ $nodes }: the node count must be a whole number from 1
hub-level-move-time = move-time={ $time }: the time must be more than 0 and at most { $max } seconds
hub-level-moves = moves={ $moves }: the moves to go must be 1 or more
hub-level-seconds = { $name }={ $text }: a time is a number of seconds, 0 or more
hub-level-signed-seconds = { $name }={ $text }: a time is a number of seconds
hub-level-needs = level needs depth=N, move-time=S, time=S [inc=S] [moves=N], nodes=N or infinite

## Another engine driven as a client (`match --b-hub`)

hub-client-no-folder = { $program }: no folder to run it in: { $error }
hub-client-cannot-start = { $program }: cannot start it: { $error }
hub-client-no-pipes = { $program }: no standard input or output to talk to it through
hub-client-no-limit = a game move needs a limit
hub-client-error = { $name }: { $error }
hub-client-unreadable = cannot read '{ $line }'
hub-client-no-move = no move in '{ $line }'
hub-client-cannot-write = cannot write to it: { $error }
hub-client-complaint = { $line }
hub-client-timeout = no '{ $command }' within { $seconds } s
hub-client-ended = it ended before '{ $command }'

## Searches

hub-searching = already searching; send stop first
hub-go-needs = go needs think, ponder or analyze
hub-no-position = no position to search; send pos first
hub-no-move = no move to search: { $outcome }
hub-note-game-over = the game is over here ({ $outcome }); searching its position all the same
hub-search-failed = the search failed; playing the first legal move
