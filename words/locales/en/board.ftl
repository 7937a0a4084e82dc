# A board in words, for readers who cannot see the picture: the alt text of every board and
# replay, and the text board of `/dama board text:true`.

alt-to-move = { $colour } to move.
alt-over = Game over: { $result }.
alt-winner = { $colour } wins ({ $token })
alt-drawn = draw ({ $token })
alt-side = { $colour }: { $pieces }.
alt-men = { $count ->
    [one] 1 man
   *[other] { $count } men
} ({ $squares })
alt-kings = { $count ->
    [one] 1 king
   *[other] { $count } kings
} ({ $squares })
alt-no-pieces = no pieces
alt-last-move = Last move ({ $colour }): { $move }.
alt-replay = Replay of game #{ $game }: { $moves ->
    [one] 1 move
   *[other] { $moves } moves
}, result: { $result }.
text-board-legend = w = white man, W = white king, b = black man, B = black king, . = empty square.
