# Análisis de partidas: el veredicto del bot sobre cada jugada de una partida terminada.

button-review = Analizar
review-progress = 🔍 Analizando la partida n.º { $game }: { $done } de { $total ->
    [one] { $total } posición examinada
   *[other] { $total } posiciones examinadas
}…
review-ready-below = 🔍 El análisis de la partida n.º { $game } está listo en { $link }.
review-for = { $user }, el análisis que pediste:
review-heading = 🔍 **Análisis de la partida n.º { $game }**
review-side = **{ $colour }** ({ $name }): { $best } { $best ->
    [one] mejor
   *[other] mejores
}, { $good } { $good ->
    [one] buena
   *[other] buenas
}, { $inaccuracies } { $inaccuracies ->
    [one] imprecisión
   *[other] imprecisiones
}, { $mistakes } { $mistakes ->
    [one] error
   *[other] errores
}, { $blunders } { $blunders ->
    [one] error grave
   *[other] errores graves
}
review-class-best = la mejor
review-class-good = buena
review-class-inaccuracy = imprecisión
review-class-mistake = error
review-class-blunder = error grave
review-no-mistakes = Ni errores ni errores graves: ambos bandos jugaron bien.
review-mistakes = Errores y errores graves, con la elección del bot:
review-mistake-line = { $number } { $played }: { $class } ({ $before } → { $after }); mejor { $better }
review-more = …y { $count } más en el PDN anotado.
review-moments = Los momentos críticos, en las imágenes (el tablero antes de la jugada, con la mejor jugada marcada):
review-moment-line = { $n }. { $number } { $played } (mejor { $marked })
review-thresholds = Una jugada se juzga por lo que pierde, en peones: buena por debajo de 0.20, imprecisión desde 0.20, error desde 0.50, error grave desde 1.50. Las evaluaciones son desde el punto de vista de las blancas; el bot examinó { $nodes ->
    [one] { $nodes } posición
   *[other] { $nodes } posiciones
} para cada jugada. El gráfico muestra la evaluación tras cada jugada; el PDN anotado lo tiene todo.
review-graph-alt = Gráfico de evaluación de la partida n.º { $game }: { $plies ->
    [one] { $plies } jugada
   *[other] { $plies } jugadas
}, desde el punto de vista de las blancas, empezando en { $start } y terminando en { $end } peones; los puntos marcan los momentos críticos.
review-moment-alt = El tablero antes de { $number } en la partida n.º { $game }, turno de las { $colour }: se jugó { $played } y { $marked } está marcada como mejor. { $position }
review-too-many = Ya tienes { $limit ->
    [one] { $limit } análisis
   *[other] { $limit } análisis
} en espera: pide otro cuando termine alguno.
review-failed = 🔍 No se pudo analizar la partida n.º { $game }. Pídelo de nuevo para volver a intentarlo.
