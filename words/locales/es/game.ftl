# Una partida tal como la leen todos: títulos, turnos, jugadas, resultados, desafíos,
# preguntas al rival y las etiquetas de los botones y menús bajo el tablero. Términos: peón
# (man), dama (king), captura obligatoria, tablas, abandonar.

colour-white = Blancas
colour-black = Negras
computer-name = Bot (nivel { $level })

game-title = Partida n.º { $game }: { $white } (Blancas) contra { $black } (Negras)
thread-players = { $white } contra { $black }

rules-standard = reglas estándar
rules-federation = reglas de la federación (coronación al terminar la captura)
rules-strict = reglas estrictas (quien omite una captura pierde)
rules-federation-strict = reglas estrictas de la federación (se corona al acabar la captura; quien omite una captura pierde)

played = { $name } jugó { $move }.
you-played = Has jugado { $move }.
answered-at-once = { $name } respondió al instante con { $move }, { $premove ->
    [yes] una jugada anticipada
   *[no] una jugada condicional
}.
answer-dropped = Tu { $premove ->
    [yes] jugada anticipada
   *[no] jugada condicional
} { $move } de la partida n.º { $game } no se pudo jugar: las reglas no la permitían cuando llegó tu turno. Tus demás respuestas guardadas para esa partida se han borrado; ahora te toca jugar a ti.
# Jugadas condicionales y jugada anticipada, solo para quien las guarda (`/dama conditional`, `/dama premove`).
conditional-saved = Guardado.
premove-saved = Jugada anticipada guardada: { $move }. Se juega en cuanto tu rival mueva, salvo que una línea responda a su jugada. Entonces se comprueba si las reglas la permiten: si no, se te avisa y juegas tú.
conditional-listed = Tus respuestas guardadas en la partida n.º { $game } (jugada de tu rival → tu respuesta, que se juega al instante):
premove-listed = Jugada anticipada (respuesta a cualquier otra jugada): { $move }
conditional-none = No tienes respuestas guardadas en la partida n.º { $game }. Durante el turno de tu rival, guarda una línea con `/{ cmd-dama-name } { cmd-conditional-name } { opt-line-name }:…` (la jugada de tu rival, tu respuesta, y así sucesivamente) o una jugada anticipada con `/{ cmd-dama-name } { cmd-premove-name }`.
conditional-cleared = Tus respuestas guardadas en la partida n.º { $game } se han borrado: ni jugadas condicionales ni jugada anticipada.
turn = Juega { $who } ({ $colour }).
turn-until = Juega { $who } ({ $colour }); el tiempo se agota { $deadline }.
turn-draw-offer = { $name } ofrece tablas.

result-win-head = Gana { $winner } ({ $colour })
result-win = { $head }: { $reason }. Resultado { $token }.
result-draw-head = Tablas
result-draw = { $head }: { $reason }. Resultado { $token }.
result-aborted-head = Anulada
result-aborted = { $head }: un bando no hizo su primera jugada a tiempo. Sin resultado, no puntúa.
win-no-pieces = { $loser } se quedó sin piezas
win-no-moves = { $loser } no tiene ninguna jugada legal
win-resignation = { $loser } abandonó
win-time = a { $loser } se le acabó el tiempo
win-abandoned = { $loser } abandonó la partida
win-missed-capture = { $loser } omitió una captura obligatoria ({ $capture } { $count ->
    [one] captura { $count } pieza
   *[other] captura { $count } piezas
})
draw-agreement = de mutuo acuerdo
draw-repetition = la misma posición se repitió tres veces
draw-no-progress = 50 jugadas de cada bando sin capturas ni avances de peón
draw-abandoned = reclamadas al abandonar un jugador la partida

game-begins = Empieza la partida. ¡Suerte!
engine-game-starts = Empieza **{ $title }**. ¡Suerte!
game-has-started = Ha empezado **{ $title }**.
game-goes-on-in = Listo. La partida sigue en { $channel }.
rematch-challenge-in = Listo. Tu desafío de revancha está en { $channel }.
follow-done = Ahora sigues la partida n.º { $game }: su hilo es { $thread }.
follow-no-thread = La partida n.º { $game } no tiene hilo que seguir: se juega en { $channel }.
board-follows = Listo. El tablero aparecerá en un momento.
replay-too-large = La reproducción era demasiado grande para Discord, así que no se incluye; `/{ cmd-dama-name } { cmd-export-name }` da la partida completa.
game-moved-on = La partida ha avanzado desde que se mostró ese tablero, así que no se cambió nada. Así está ahora:
exported = **{ $title }** en PDN.
reminder = { $who }, te toca jugar en **{ $title }**: el tiempo se agota { $deadline }.
dms-closed = { $who }, no puedo enviarte mensajes directos, así que los avisos de tu turno vuelven a llegar aquí. Para recibirlos por MD, permite los mensajes directos de los miembros de este servidor y vuelve a elegir *{ choice-notify-dm }* con `/{ cmd-dama-name } { cmd-settings-name } { opt-notify-name }:`.

resigns = { $name } abandona.
you-resigned = Has abandonado.
confirm-resign = ¿Abandonar **{ $title }**? No se puede deshacer. (Cierra este mensaje para seguir jugando.)
offers-draw = { $name } ofrece tablas.
accepts-draw = { $name } acepta las tablas.
declines-draw = { $name } rechaza las tablas. La partida sigue.
computer-declines-draw = El bot rechaza las tablas. La partida sigue.
asks-takeback = { $name } pide deshacer su última jugada.
takes-back = { $name } deshace { $count ->
    [one] { $count } jugada
   *[other] { $count } jugadas
}.
allows-takeback = { $name } acepta deshacer: { $count ->
    [one] { $count } jugada deshecha
   *[other] { $count } jugadas deshechas
}.
refuses-takeback = { $name } no acepta deshacer. La partida sigue.
question = { $asks } { $opponent }, { $prompt }
draw-prompt = ¿aceptas? (Si juegas, las rechazas.)
takeback-prompt = ¿lo aceptas?

confirm-missed-capture = Con reglas estrictas, { $played } pierde la partida: capturar es obligatorio y { $available } { $count ->
    [one] captura { $count } pieza
   *[other] captura { $count } piezas
}. ¿Jugarla de todos modos?
nothing-played = No se jugó nada: elige otra jugada.
moves-of-piece = Tu jugada con la pieza de **{ $square }**:

challenge-direct = { $opponent }, **{ $challenger }** te desafía a una partida de damas ({ $terms }). El desafío caduca { $expires }.
challenge-open = **{ $challenger }** busca rival para una partida de damas ({ $terms }). Cualquiera de aquí puede unirse; el desafío caduca { $expires }.
challenge-terms = { $rated }, { $time }, { $colour }, { $rules }
challenge-rated = puntuable
challenge-casual = amistosa
challenge-no-time-limit = sin límite de tiempo
challenge-per-move = { $time } por jugada
challenge-plays-white = { $name } juega con blancas
challenge-plays-black = { $name } juega con negras
challenge-colours-random = colores por sorteo
challenge-declined = { $name } rechazó el desafío de { $challenger }.
challenge-withdrawn = { $name } retiró el desafío.
challenge-is-for = Este desafío es para { $who }.
challenge-expired = El desafío de { $challenger } ha caducado.
challenge-to-expired = El desafío de { $challenger } a { $opponent } ha caducado.

time-unlimited = sin límite
time-hour = 1 hora
time-day = 1 día
time-three-days = 3 días
time-week = 7 días

button-resign = Abandonar
button-confirm-resign = Sí, abandonar
button-offer-draw = Ofrecer tablas
button-accept-draw = Aceptar tablas
button-decline-draw = Rechazar
button-flip = Girar tablero
button-allow-takeback = Aceptar deshacer
button-refuse-takeback = No aceptar
button-accept = Aceptar
button-decline = Rechazar
button-withdraw = Retirar
button-join = Unirse
button-play-and-lose = Jugarla y perder
button-choose-another = Elegir otra jugada
button-rematch = Revancha
button-follow = Seguir
menu-piece = Pieza de { $square }
menu-pick-piece = Jugada ({ $colour }): elige una pieza
menu-pick-move = Elige la jugada
menu-takes = { $count ->
    [one] captura { $count } pieza
   *[other] captura { $count } piezas
}

suggest-your-turn = n.º { $game } contra { $opponent }: te toca
suggest-their-turn = n.º { $game } contra { $opponent }: le toca al rival

speed-bullet = bullet
speed-blitz = blitz
speed-rapid = rápida
speed-correspondence = por correspondencia

# One player's rating change after a rated game, and the speed it was rated at.
rating-change = { $who } { $before } → { $after } ({ $change }) · { $speed }
clock-choice = { $clock } ({ $speed })
live-clocks = ⏱ Blancas { $white } · Negras { $black }
live-how-to-play = Partida en vivo: para jugar rápido, abre su página web o la Actividad; las jugadas hechas aquí también cuentan.
