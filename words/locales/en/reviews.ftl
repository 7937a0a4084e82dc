# Game reviews: the computer's verdict on every move of a finished game.

button-review = Review
review-progress = 🔍 Reviewing game #{ $game }: { $done } of { $total ->
    [one] { $total } position
   *[other] { $total } positions
} searched…
review-ready-below = 🔍 The review of game #{ $game } is ready in { $link }.
review-for = { $user }, the review you asked for:
review-heading = 🔍 **Review of game #{ $game }**
review-side = **{ $colour }** ({ $name }): { $best } best, { $good } good, { $inaccuracies } { $inaccuracies ->
    [one] inaccuracy
   *[other] inaccuracies
}, { $mistakes } { $mistakes ->
    [one] mistake
   *[other] mistakes
}, { $blunders } { $blunders ->
    [one] blunder
   *[other] blunders
}
review-class-best = best
review-class-good = good
review-class-inaccuracy = inaccuracy
review-class-mistake = mistake
review-class-blunder = blunder
review-no-mistakes = No mistakes and no blunders: well played by both.
review-mistakes = Mistakes and blunders, with the computer's choice:
review-mistake-line = { $number } { $played }: { $class } ({ $before } → { $after }); better { $better }
review-more = …and { $count } more in the annotated PDN.
review-moments = The critical moments, in the pictures (the board before the move, the better move marked):
review-moment-line = { $n }. { $number } { $played } (better { $marked })
review-thresholds = A move is judged by what it lost, in men: good under 0.20, inaccuracy from 0.20, mistake from 0.50, blunder from 1.50. Evaluations are from White's side; the computer searched { $nodes ->
    [one] { $nodes } position
   *[other] { $nodes } positions
} for each move. The graph shows the evaluation after every move; the annotated PDN has all of it.
review-graph-alt = The evaluation graph of game #{ $game }: { $plies ->
    [one] { $plies } move
   *[other] { $plies } moves
}, from White's side, starting at { $start } and ending at { $end } men; dots mark the critical moments.
review-moment-alt = The board before { $number } in game #{ $game }, { $colour } to move: { $played } was played, { $marked } is marked as better. { $position }
review-too-many = You already have { $limit ->
    [one] { $limit } review
   *[other] { $limit } reviews
} waiting: ask for another once one of them is done.
review-failed = 🔍 The review of game #{ $game } could not be done. Ask again to try once more.
