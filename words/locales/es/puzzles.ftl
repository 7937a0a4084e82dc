# Problemas de las partidas del propio servidor: el problema del día, su solución y rechazos.

puzzle-to-play = Juegan { $colour } y ganan.
puzzle-source = De la partida n.º { $game }, { $white } – { $black }, jugada { $turn }.
puzzle-daily-title = 🧩 **Problema del día** (n.º { $puzzle })
puzzle-daily-how = Resuélvelo con `/{ cmd-dama-name } { cmd-puzzle-name } { opt-daily-name }:true`: un intento cada uno; mañana se nombra a quien lo resolvió primero.
puzzle-daily-solution = 🧩 Solución del problema n.º { $puzzle }: { $line }
puzzle-daily-first = Lo resolvió primero { $member }.
puzzle-daily-nobody = Nadie lo resolvió.
puzzle-needs-server = Los problemas salen de las partidas de un servidor: pide uno en un servidor.
puzzle-none-yet = Este servidor aún no tiene problemas. Se encuentran en las partidas que sus miembros terminan aquí, unos minutos después de que acabe cada una.
puzzle-none-left = Ya has intentado todos los problemas de este servidor. Llegarán más a medida que se jueguen partidas.
puzzle-not-solving = No tienes ningún problema en curso: pide uno con `/{ cmd-dama-name } { cmd-puzzle-name }`.
puzzle-no-such = No hay ningún problema n.º { $puzzle } en este servidor.
puzzle-no-daily = Este servidor aún no ha tenido problema del día.
puzzle-already-tried = Ya has intentado el problema n.º { $puzzle }: cada problema solo se puede intentar una vez.
puzzle-too-many = Has pedido { $limit ->
    [one] { $limit } problema
   *[other] { $limit } problemas
} en el último minuto: tómatelo con calma y vuelve a intentarlo en un momento.
puzzle-bad-hour = { $hour } no es una hora del día: elige de 0 a 23 (UTC).
puzzle-title = 🧩 **Problema n.º { $puzzle }** (puntuación { $rating }){ $theme ->
    [shot] , un golpe
    [two-for-one] , un dos por uno
    [crowning] , una coronación
    [king-trap] , una trampa a la dama
    [endgame-win] , un final ganado
   *[other] {""}
}
puzzle-resumed = Tienes este problema en curso: aquí está de nuevo.
puzzle-so-far = Hasta ahora: { $line }
puzzle-how = Responde con el menú de abajo o con `/{ cmd-dama-name } { cmd-move-name }`. Un solo intento: una jugada equivocada lo termina.
puzzle-correct = ✅ { $move } es correcta. El rival responde { $reply }.
puzzle-your-move = Te toca.
puzzle-solved = 🎉 { $move }: ¡resuelto!
puzzle-failed = ❌ { $move } no es correcta: la jugada era { $expected }.
puzzle-solution = La solución: { $line }
puzzle-rating = Tu puntuación de problemas: { $before } → { $after }. Racha: { $streak ->
    [one] { $streak } día
   *[other] { $streak } días
}.
puzzle-leaderboard = 🧩 **Puntuaciones de problemas**
puzzle-leaderboard-empty = Aún nadie: un miembro aparece aquí tras { $min ->
    [one] { $min } problema
   *[other] { $min } problemas
}.
puzzle-leaderboard-line = { $rank }. { $name }: { $rating } ({ $solved } de { $tries } resueltos; racha { $streak })
puzzle-channel-set = El problema del día se publica en { $channel } a las { $hour }:00 UTC.
puzzle-channel-hello = 🧩 El problema del día se publicará aquí, todos los días a las { $hour }:00 UTC. Resuélvelo con `/{ cmd-dama-name } { cmd-puzzle-name } { opt-daily-name }:true`.
puzzle-channel-cannot-post = ⚠️ No puedo publicar en { $channel }: dame allí los permisos Ver canal, Enviar mensajes y Adjuntar archivos, o elige otro canal.
puzzle-channel-none = No hay canal de problemas; el problema del día se publicaría a las { $hour }:00 UTC.
puzzle-channel-needed = Elige el canal con `{ opt-puzzle-channel-name }` para activar el problema del día.
