# What the command line's subcommands report: the lines of `kb check`, `pdn check`,
# `egtb build` and `verify`, `kb learn`, `kb book`, `bestmove`, `match` and `tune`.
# Programs and scripts read them, so they are English whatever the locale, and have no
# Russian file.
# Numbers with decimals come already written ($seconds, $loss).

## kb check

report-kb-counts = { $name }: { $facts } facts ({ $exact } exact, { $patterns } patterns, { $lines } lines{ $rules ->
    [0] {""}
    [one] , 1 rule
   *[other] , { $rules } rules
})
report-kb-ok = { $counts } OK
report-kb-shadowed = { $name }:{ $line }: warning: "{ $fact }" ({ $origin }:{ $played }) has this position with other moves, and it is the one played: its file is read first
report-kb-left-out = { $counts } in use, { $left } left out
report-kb-not-proven = { $name }:{ $line }: warning: fact "{ $fact }" is not proven: { $why }
report-kb-proven = { $name }: proven: { $lines } of { $line_facts } facts with lines, { $safe } of { $move_facts } facts of single moves safe{ $all ->
    [yes] {""}
   *[no] { " " }(see above)
}

## pdn check

report-pdn-ok = { $name }: { $games } games, { $moves } moves OK
report-pdn-no-game = no game in the file

## egtb build and verify

report-egtb-solving = solving
report-egtb-verifying = verifying
report-egtb-building-only = building { $tables } tables of { $material } in { $dir }
report-egtb-building = building { $tables } tables of 2 to { $pieces } pieces in { $dir }
report-egtb-solved = { $material }: { $positions } positions: { $wins } wins, { $losses } losses, { $draws } draws{ $open ->
    [0] {""}
   *[other] , { $open } open
}, longest { $longest } plies ({ $seconds } s)
report-egtb-kept = { $material }: kept from an earlier build
report-egtb-built = { $tables } tables, { $positions } positions solved now, { $bytes } bytes, in { $seconds } s
report-egtb-consistent = { $material }: { $checked } positions consistent
report-egtb-inconsistent = { $material }: { $inconsistent } of { $checked } positions inconsistent
report-egtb-wrong = { $fen } { $budget ->
    [none] beyond the counts
   *[some] with { $plies } plies left
}: stored { $stored }, its moves give { $expected }
report-egtb-all-consistent = { $tables } tables, { $positions } positions, all consistent
report-egtb-some-inconsistent = { $tables } tables, { $positions } positions, { $inconsistent } inconsistent

## kb learn

report-learn-selfplay = self-play
report-learn-searching = searching
report-learn-generalising = generalising
report-learn-skipped = { $file }: game { $game }: skipped: { $error }
report-learn-finding = { $source }, move { $number } ({ $side }): { $line }; wins { $won }; { $verdict ->
    [unplayed] not played (the record ends)
    [found] found
   *[missed] missed
}; { $deep ->
    [same] the deep search plays it too
    [none] the deep search has no move
   *[other] the deep search plays { $deep_move }
}
report-learn-findings = combinations: { $all } in { $games } games ({ $found } found by the player, { $missed } missed; { $confirmed } played by a { $depth }-ply search too)
report-learn-learned = learned: { $count } facts ({ $patterns } patterns, { $exact } exact) from { $confirmed } combinations played by the deep search ({ $not_proven } not proven, { $known } already known), { $written ->
    [yes] written to { $target }
   *[no] { $target } unchanged
}

## kb book

report-book-job = book job { $selection } of { $roots } roots ({ $settings }); { $path }: { $done } positions done before
report-book-stopped = stopped after { $new } new positions in { $time } ({ $done } in the job); the same command goes on
report-book-complete = complete: { $done } positions, searched in { $total } in all ({ $new } new in { $time })
report-book-wrote = wrote { $path }: { $facts } facts
report-book-position = { $root }: after { $line }: { $best } (depth { $depth }, { $time }, { $nodes }M nodes)
report-book-merged = merged { $jobs } jobs: { $positions } positions ({ $repeated } repeated left out), searched in { $time }; roots walked to the end: { $complete } of { $roots }{ $unfinished ->
    [none] {""}
   *[some] { " " }(not: { $list })
}
report-book-wrote-merged = wrote { $path }: { $facts } facts (settings: { $settings }; alternatives within { $margin })
report-seconds = { $seconds } s
report-minutes = { $minutes } min { $seconds } s
report-hours = { $hours } h { $minutes } min

## bestmove

report-source-kb = kb { $fact }
report-source-combination = kb combination { $fact } wins { $won }
report-source-line = kb line { $fact }
report-source-only-move = only move
report-source-database = endgame database { $result ->
    [win] win in { $plies }
    [loss] loss in { $plies }
   *[draw] draw
}
report-source-capture-search = capture search score { $score } nodes { $nodes }
report-source-search = search depth { $depth } score { $score } nodes { $nodes } nps { $nps } pv { $pv }
report-fact = "{ $name }" ({ $origin }:{ $line })

## match

report-match-sides = { $a } vs { $b }
report-match-game = game { $number }: { $opening } ({ $moves }), A { $color ->
    [white] White
   *[black] Black
}: { $verdict } after { $plies } plies
report-match-a-wins = A wins ({ $end })
report-match-b-wins = B wins ({ $end })
report-match-king-against-king = draw by agreement: king against king
report-match-ply-cap = draw (adjudicated: { $plies }-ply cap)
report-match-times = { $average } ms a move on average, { $longest } ms at most
report-match-time = time: A { $a }; B { $b }
report-match-sweep = Elo beyond { $elo } (one side won every game)
report-match-elo = Elo { $elo } ± { $margin } (95%)
report-match-tally = A vs B: +{ $wins } ={ $draws } -{ $losses } in { $games } games{ $adjudicated ->
    [0] {""}
   *[other] { " " }({ $adjudicated } drawn at the { $plies }-ply cap)
}, score { $score }%, { $estimate }
report-match-h1 = H1 accepted: A is better than B by more than { $elo } Elo
report-match-h0 = H0 accepted: A is not { $elo } Elo better than B
report-match-undecided = no decision yet
report-match-sprt = SPRT elo0 { $elo0 } elo1 { $elo1 } (alpha { $alpha }, beta { $beta }): LLR { $llr } ({ $lower }, { $upper }) after { $pairs } pairs { $counts }: { $decided }
report-side = { $name } ({ $words })
report-side-hub = { $name } (hub engine { $engine }, { $limits })
report-side-level = level { $level }
report-side-kb = kb { $origin }
report-side-book = book { $facts } facts
report-side-no-book = no book
report-side-no-kb = no kb
report-side-material = material only
report-side-fitted = fitted eval with patterns
report-side-no-capture-stage = no capture stage
report-side-threads = { $threads } threads
report-side-egtb = egtb { $pieces } pieces

## tune

report-tune-bad-line = line { $line }: { $why }
report-tune-no-tab = no tab between the position and the result
report-tune-bad-result = result '{ $result }' is not 1, 0.5 or 0
report-tune-data = { $positions } positions from { $games } games in { $seconds } s: { $path }
report-tune-data-file = { $path }: { $positions } quiet positions
report-tune-pdn-file = { $path }: { $games } games, { $positions } quiet positions
report-tune-epoch = epoch { $epoch }: loss { $loss }
report-tune-hand = the hand-set weights
report-tune-fitted = the fitted weights
report-tune-provenance = Fitted from { $start } by `{ $command }` to { $positions } quiet positions:
report-tune-scale = Scale { $scale }; mean squared error { $before } before, { $after } after.
report-tune-held-out-provenance = On { $positions } positions held out of the fit (none of them in it): { $before } before, { $after } after.
report-tune-held-out = held out: { $positions } quiet positions, loss { $before } -> { $after }
report-tune-fit = { $positions } quiet positions, scale { $scale }, loss { $before } -> { $after }, { $seconds } s: { $path }
