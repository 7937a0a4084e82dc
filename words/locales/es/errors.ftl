# Negativas: por qué el bot no hizo lo que pidió un jugador. Casillas y jugadas en la notación
# de quien lee.

generic-failure = Ha habido un problema por mi parte. Vuelve a intentarlo en un momento.
discord-failure = No pude publicar mi respuesta en Discord. Lo que jugaste o cambiaste está guardado: `/{ cmd-dama-name } { cmd-board-name }` muestra la partida.

no-such-game = No existe la partida n.º { $game }.
no-game-here = No tienes ninguna partida en curso aquí. Empieza una con `/{ cmd-dama-name } { cmd-challenge-name }`, `/{ cmd-dama-name } { cmd-open-name }` o `/{ cmd-dama-name } { cmd-play-bot-name }`, o indica una con la opción `{ opt-game-name }`.
several-games-here = Tienes varias partidas aquí ({ $games }): elige una con la opción `{ opt-game-name }`.
not-a-participant = No juegas en esta partida.
not-your-turn = No es tu turno: espera la jugada de tu rival.
game-over = Esta partida ha terminado.
deadline-passed = Se acabó el tiempo para jugar en esta partida: se registrará como perdida por tiempo y ya nada puede cambiarlo.
out-of-time = Tu reloj se agotó antes de esta jugada: la partida está perdida por tiempo.
game-aborted = La primera jugada llegó demasiado tarde: la partida se anula, sin resultado.
nothing-to-claim = Solo se puede reclamar una partida en vivo contra una persona, cuando ambos bandos ya han movido.
opponent-still-here = Tu rival sigue aquí. Si no vuelve, podrás reclamar dentro de { $seconds ->
    [one] { $seconds } segundo
   *[other] { $seconds } segundos
}.
overdue-game = Se te acabó el tiempo en la partida n.º { $game }: se registrará como perdida por tiempo y unas vacaciones no pueden cambiarlo. Inténtalo de nuevo cuando esté registrada.
moved-on = La partida ha avanzado desde entonces, así que no se cambió nada: vuelve a mirar el tablero.
not-visible-here = No puedes ver esta partida desde aquí: las partidas de un servidor se ven desde ese servidor, y una partida por mensaje directo solo la ven sus dos jugadores.
missed-capture-refused = Con reglas estrictas esta jugada perdería la partida: capturar es obligatorio y { $available } { $count ->
    [one] captura { $count } pieza
   *[other] captura { $count } piezas
}.
conflict = La partida cambió mientras actuabas (llegó antes una jugada o una respuesta): vuelve a mirar el tablero.
no-such-challenge = No existe el desafío n.º { $challenge }.
challenge-gone = Este desafío ya no está abierto: ya se respondió o se retiró.
challenge-has-expired = Este desafío ha caducado.
challenge-not-for-you = Este desafío es para otra persona.
own-challenge = No puedes responder a tu propio desafío (puedes retirarlo).
not-your-challenge = Solo quien desafía puede retirar este desafío.
self-challenge = No puedes desafiarte a ti mismo.
game-in-progress = Esta partida sigue en juego: la revancha se puede pedir cuando termine.
rematch-pending = Ya se ha pedido la revancha de esta partida: está esperando respuesta.
rematch-started = La revancha de esta partida ya ha empezado.
no-draw-offer = No hay ninguna oferta de tablas que responder.
draw-already-offered = Ya ofreciste tablas: le toca responder a tu rival.
no-takeback-request = No hay ninguna petición de deshacer que responder.
takeback-pending = Ya hay una petición de deshacer esperando respuesta.
nothing-to-take-back = No tienes ninguna jugada que deshacer.
vacation-exhausted = { $days ->
    [one] Solo te queda { $days } día de vacaciones este año.
   *[other] Solo te quedan { $days } días de vacaciones este año.
}
invalid-vacation-length = Unas vacaciones duran al menos un día.
already-on-vacation = Ya estás de vacaciones hasta el { $until }.
not-on-vacation = No estás de vacaciones.
too-many-challenges = Ya tienes { $limit ->
    [one] { $limit } desafío abierto
   *[other] { $limit } desafíos abiertos
}: retira uno (botón **{ button-withdraw }**) o espera respuestas.
too-many-challenges-to-player = Ya tienes { $limit ->
    [one] { $limit } desafío abierto
   *[other] { $limit } desafíos abiertos
} a este jugador: espera una respuesta o retira uno (botón **{ button-withdraw }**) para enviar otro.
declined-recently = Este jugador rechazó tu último desafío: podrás volver a desafiarlo { $when } ({ $at }).
too-many-games = Ya juegas { $limit ->
    [one] { $limit } partida
   *[other] { $limit } partidas
} a la vez, el máximo permitido: termina una (o abandónala con `/{ cmd-dama-name } { cmd-resign-name }`) antes de empezar otra.
opponent-has-too-many-games = Quien desafía ya juega { $limit ->
    [one] { $limit } partida
   *[other] { $limit } partidas
} a la vez, el máximo permitido: este desafío podrá aceptarse cuando termine alguna.
too-many-computer-games = Ya juegas { $limit ->
    [one] { $limit } partida
   *[other] { $limit } partidas
} contra el bot: termina una (o abandónala con `/{ cmd-dama-name } { cmd-resign-name }`) antes de empezar otra.

# Un texto que no nombra ninguna jugada legal: frases que el bot convierte en oraciones
# (mayúscula, punto) y que también aparecen dentro de otras.
move-empty = no se indicó ninguna jugada: escríbela como d3-d4 o d4xd6xf6
move-bad-square = { $text } no es una casilla: usa de a1 a h8, o de 1 a 64
move-too-short = una jugada necesita al menos dos casillas, como d3-d4
move-separators = escribe una jugada simple como origen-destino (d3-d4) y una captura con x (d4xd6xf6)
move-no-legal-moves = no hay ninguna jugada legal: la partida ha terminado
move-no-piece = no hay ninguna pieza en { $square }
move-not-your-piece = la pieza de { $square } no es tuya
move-capture-required = capturar es obligatorio: debes capturar { $count ->
    [one] { $count } pieza
   *[other] { $count } piezas
}, p. ej. { $example }
move-nothing-to-capture = no hay nada que capturar: { $typed } no es una jugada legal
move-ambiguous = { $typed } puede ser { $count ->
    [one] { $count } jugada
   *[other] { $count } jugadas
}: { $moves }; escribe el recorrido completo
move-illegal = { $typed } no es una jugada legal
not-a-move = { $typed } no es una jugada ({ $why }). Escribe las jugadas como { $plain }, y las capturas con cada casilla de llegada, como { $capture }.

unknown-command = Comando desconocido.
unknown-choice = `{ $word }` no es una de las opciones: elige una de la lista.
unknown-action = Acción desconocida `{ $word }`: elige una de la lista.
unknown-notation = Notación desconocida `{ $word }`: elige *{ choice-notation-algebraic }* o *{ choice-notation-numeric }*.
choose-opponent = Elige a quién desafiar.
bots-cannot-play = Aquí no pueden jugar bots, salvo yo: usa `/{ cmd-dama-name } { cmd-play-bot-name }` para jugar contra mí.
level-range = El nivel es un número del 1 al 5.
no-clock-here = No puedo publicar en este canal por mi cuenta (un MD de grupo, o un servidor donde dama no está instalado), así que nadie podría recibir un recordatorio ni enterarse de una derrota por tiempo. Aquí las partidas no tienen reloj: omite `{ opt-time-name }` o elige *{ choice-time-none }*. Para una partida con tiempo, juega en un servidor que tenga dama, o por mensaje directo con dama.
server-only = Esto fija las reglas de un servidor: úsalo en el servidor.
needs-manage-server = Solo los miembros que pueden gestionar este servidor (Gestionar servidor) pueden cambiar sus ajustes.
choose-rules = Elige las reglas, un idioma, las páginas de la comunidad o varias de estas cosas.
stale-button = Este botón ya no está en uso.
choose-piece = Elige una pieza del menú.
choose-move = Elige una jugada del menú.
piece-cannot-move = La pieza de { $square } no puede moverse ahora: elige otra.
season-open = La temporada { $season } sigue abierta: termínala con `/{ cmd-dama-name } { cmd-season-name }` antes de empezar otra.
no-open-season = No hay ninguna temporada abierta en este servidor: empieza una con `/{ cmd-dama-name } { cmd-season-name }`.
no-such-season = Este servidor no tiene temporada { $season }.
season-server-only = Las temporadas son de un servidor: úsalo en el servidor.
season-needs-manage-server = Solo los miembros que pueden gestionar este servidor (Gestionar servidor) pueden empezar o terminar una temporada.

## Jugadas condicionales: respuestas guardadas de antemano durante el turno del rival.
conditional-own-turn = Te toca: las jugadas condicionales se guardan durante el turno de tu rival.
conditional-against-computer = El bot responde al instante: contra él no hay jugadas condicionales.
conditional-unanswered = Una línea de jugadas condicionales se compone de pares (jugada de tu rival, tu respuesta): termínala con una respuesta tuya.
conditional-illegal = Jugada { $number } de la línea: { $why }.
conditional-missed-capture = Con las reglas estrictas tu respuesta { $played } perdería la partida: quien omite una captura pierde, y { $available } captura más piezas.
conditional-game-ends = La partida terminaría tras la jugada { $number } de la línea: termina la línea ahí.
conditional-too-deep = Una línea tiene como mucho { $max ->
    [one] { $max } respuesta
   *[other] { $max } respuestas
}.
conditional-too-many-lines = Puedes guardar como mucho { $max ->
    [one] { $max } línea
   *[other] { $max } líneas
} de jugadas condicionales por partida: bórralas antes.
conditional-line-or-action = Da una línea para guardar o elige una acción, pero no ambas cosas.

clock-syntax = `{ $text }` no es un reloj: escribe los minutos y luego los segundos que se suman por jugada, como `5+3`.
clock-range = `{ $text }` está fuera de rango: de 1 a 30 minutos y de 0 a 20 segundos por jugada (de 1+0 a 30+20).

evaluation-not-of-game = Esa posición no es de esta partida: el bot evalúa solo posiciones a las que se llega desde las jugadas de la propia partida.
evaluation-line-too-long = Una línea para evaluar tiene como mucho { $max ->
    [one] { $max } jugada
   *[other] { $max } jugadas
}.
evaluation-game-in-progress = Esa posición está en una partida que juegas, o muy cerca de ella: el bot no dice nada de ella hasta que esa partida termine.
