# Las páginas web de las partidas (DAMA_WEB_ADDR): las palabras alrededor del tablero y el enlace
# a ellas bajo un tablero en Discord.

web-watch-live = Ver en vivo
web-page-title = Partida n.º { $game }: { $white } contra { $black }
web-description = { $white } (Blancas) contra { $black } (Negras), jugada { $number }. { $status }
web-turn = Juega { $name } ({ $colour }).
web-deadline = El tiempo se acaba:
web-moves = Jugadas
web-start = Inicio
web-first = Posición inicial
web-previous = Jugada anterior
web-next = Jugada siguiente
web-last = Posición actual
web-pdn = Descargar PDN
web-live = En vivo
web-offline = Reconectando…
web-review = Análisis
web-review-graph = La evaluación tras cada jugada, desde el punto de vista de las blancas (arriba: las blancas están mejor).
web-not-found-title = No existe esa partida
web-not-found = Este enlace no lleva a ninguna partida. Comprueba que se copió entero.
web-failed-title = Algo salió mal
web-busy = Hay demasiadas solicitudes a la vez: vuelve a intentarlo en un momento.
web-slow-request = La solicitud tardó demasiado en llegar: vuelve a intentarlo.
web-too-large = La solicitud era más grande que cualquiera que envíe la página: no se ha hecho nada.
web-no-page-title = Esta página no existe
web-no-page = No hay ninguna página en esta dirección. Comprueba que el enlace se copió entero.
web-discord-unreachable = Ahora mismo no se puede conectar con Discord: vuelve a intentarlo en un momento.

# Iniciar sesión con Discord y jugar en la página.
web-sign-in = Iniciar sesión con Discord
web-signed-in = Sesión iniciada como { $name }
web-sign-out = Cerrar sesión
web-sign-out-everywhere = Cerrar sesión en todos los dispositivos
web-sign-in-failed = No se pudo iniciar sesión con Discord. Vuelve a la partida e inténtalo de nuevo.
web-sign-in-to-play = Inicia sesión con Discord para jugar esta partida.
web-forged = Esta solicitud no vino de la página de la partida. Recarga la página e inténtalo de nuevo.
web-bad-action = La página envió algo que el bot no puede leer. Recarga la página e inténtalo de nuevo.
web-your-move = Te toca: elige una pieza y luego la casilla a la que va.
web-choose-path = Esta captura puede hacerse por más de un camino: elige uno.
web-premove-queued = Jugada anticipada en espera: se juega en cuanto llegue tu turno. Toca el tablero para cancelarla.
web-premove-dropped = Tu jugada anticipada no era legal tras la jugada de tu rival: se descartó, haz tu jugada.
web-move-sound = Sonido de las jugadas
web-clock-white = Reloj de las blancas
web-clock-black = Reloj de las negras
web-clock-low = poco tiempo
web-watching = Estás mirando: aquí solo pueden mover los dos jugadores.

## La actividad: el tablero dentro de Discord.
activity-open-board = Abrir tablero
activity-connecting = Conectando con Discord…
activity-failed = No se pudo abrir el tablero aquí. Cierra la actividad y ábrela de nuevo.
activity-busy = Demasiados miembros están iniciando sesión en este momento. Cierra la actividad y ábrela de nuevo en un minuto.
activity-outside = Este es el tablero dentro de Discord: ábrelo en Discord, con el botón Abrir tablero de un tablero o desde el lanzador de aplicaciones.
activity-your-games = Tus partidas
activity-live-games = Partidas en juego aquí
activity-no-games = No tienes ninguna partida en curso en este servidor.
activity-all-games = Todas las partidas
activity-your-turn = Te toca
activity-their-turn = Esperando a tu rival

## Resolver los problemas de un servidor en la web.
web-puzzle-title = Problemas
web-puzzle-number = Problema n.º { $puzzle }
web-puzzle-next = Siguiente problema
web-puzzle-sign-in = Inicia sesión con Discord para resolver los problemas de este servidor.
web-puzzle-not-member = Solo los miembros de este servidor resuelven sus problemas.
web-puzzle-solve = Resolver en la web

## El tablero de análisis: jugadas probadas en una línea aparte desde cualquier posición, la
## evaluación del bot cuando la partida ha terminado y las jugadas condicionales de un jugador.
web-analysis = Tablero de análisis
web-analysis-title = Análisis
web-analysis-hint = Prueba jugadas de los dos bandos: nada de lo que se juegue aquí afecta a la partida.
web-analysis-return = Volver a la partida
web-analysis-bad-position = La página envió una posición que el bot no puede leer. Recarga la página e inténtalo de nuevo.
web-analysis-no-moves = Aquí las { $colour } se quedan sin jugadas y pierden.
web-evaluation = La evaluación del bot, desde el punto de vista de las blancas: { $value }
web-evaluation-wins = Las { $colour } fuerzan la victoria en { $plies ->
    [one] { $plies } jugada
   *[other] { $plies } jugadas
}.
web-evaluation-drawn = Aquí la partida está en tablas.
web-best-line = La línea del bot:
web-evaluating = El bot está analizando esta posición…
web-evaluation-after-game = El bot evalúa posiciones solo cuando la partida ha terminado.
web-evaluation-sign-in = Inicia sesión con Discord para que el bot evalúe posiciones.
web-evaluation-too-many = Ya tienes { $limit ->
    [one] { $limit } evaluación
   *[other] { $limit } evaluaciones
} en curso: espera a que termine una.
web-evaluation-quota = Has pedido { $limit } evaluaciones en el último minuto: espera un momento antes de pedir otra.
web-conditional-title = Tus jugadas condicionales
web-conditional-hint = Solo tú las ves. Cuando tu rival juegue la primera jugada de una línea, tu respuesta se juega al instante.
web-conditional-save = Guardar como jugadas condicionales
web-conditional-how = Para guardar jugadas condicionales, juega desde la posición actual la jugada de tu rival y tu respuesta (y más pares).
web-conditional-saved = Guardado. Tu respuesta se juega en cuanto la jugada de tu rival coincida.
web-conditional-clear = Borrarlas todas
web-claim-win = Tu rival se fue: reclama la victoria
web-claim-draw = Reclamar tablas
