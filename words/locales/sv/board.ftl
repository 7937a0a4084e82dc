# Brädet i ord, för den som inte ser bilden: alt-texten till varje bräde och repris, och
# textbrädet i `/dama board text:true`.

alt-to-move = { $colour } drar.
alt-over = Partiet är slut: { $result }.
alt-winner = { $colour } vinner ({ $token })
alt-drawn = remi ({ $token })
alt-side = { $colour }: { $pieces }.
alt-men = { $count ->
    [one] 1 bricka
   *[other] { $count } brickor
} ({ $squares })
alt-kings = { $count ->
    [one] 1 dam
   *[other] { $count } damer
} ({ $squares })
alt-no-pieces = inga pjäser
alt-last-move = Senaste drag ({ $colour }): { $move }.
alt-replay = Uppspelning av parti #{ $game }: { $moves ->
    [one] 1 drag
   *[other] { $moves } drag
}, resultat: { $result }.
text-board-legend = w = vit bricka, W = vit dam, b = svart bricka, B = svart dam, . = tom ruta.
