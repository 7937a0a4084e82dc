# El tablero en palabras, para quien no ve la imagen: el texto alternativo de cada tablero y
# reproducción, y el tablero de texto de `/dama board text:true`.

alt-to-move = Turno de las { $colour }.
alt-over = Partida terminada: { $result }.
alt-winner = ganan las { $colour } ({ $token })
alt-drawn = tablas ({ $token })
alt-side = { $colour }: { $pieces }.
alt-men = { $count ->
    [one] 1 peón
   *[other] { $count } peones
} ({ $squares })
alt-kings = { $count ->
    [one] 1 dama
   *[other] { $count } damas
} ({ $squares })
alt-no-pieces = ninguna pieza
alt-last-move = Última jugada ({ $colour }): { $move }.
alt-replay = Reproducción de la partida n.º { $game }: { $moves ->
    [one] 1 jugada
   *[other] { $moves } jugadas
}, resultado: { $result }.
text-board-legend = w = peón blanco, W = dama blanca, b = peón negro, B = dama negra, . = casilla vacía.
