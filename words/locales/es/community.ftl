# Las páginas de la comunidad de un servidor en la web (/dama server web:on): su clasificación,
# sus partidas en curso, sus torneos y las páginas de sus jugadores, y los enlaces a ellas bajo
# las respuestas del bot en Discord.

## La respuesta a /dama server web:…, y los botones de enlace

server-web-on = Las páginas de la comunidad de este servidor están activadas: { $link }
server-web-on-unserved = Las páginas de la comunidad de este servidor están activadas, pero este bot aún no tiene dirección web: aparecerán cuando quien lo gestiona le dé una.
server-web-off = Las páginas de la comunidad de este servidor están desactivadas: sus enlaces ya no llevan a ninguna parte.
community-link-leaderboard = Clasificación en la web
community-link-live = Partidas en curso en la web
community-link-tournament = Torneo en la web

## Las páginas

community-nav = Páginas de este servidor
community-leaderboard = Clasificación
community-live = Partidas en curso
community-tournaments = Torneos
community-tables = Clasificaciones
community-speeds = Ritmos
community-all-time = Histórica
community-season = Temporada { $season }
community-leaderboard-all-time = Clasificación histórica
community-leaderboard-season = Clasificación, temporada { $season }
community-leaderboard-season-final = Clasificación, temporada { $season } (clasificación final)
community-leaderboard-empty = Nadie ha jugado todavía { $min ->
    [one] la partida puntuable necesaria
   *[other] las { $min } partidas puntuables necesarias
} para clasificarse.
community-column-player = Jugador
community-column-rating = Puntuación
community-column-games = Partidas puntuables
community-provisional = ? indica una puntuación provisional.
community-live-none = No hay partidas en curso en este servidor.
community-live-count = { $total ->
    [one] { $total } partida en curso.
   *[other] { $total } partidas en curso.
}
community-live-shown = { $shown ->
    [one] Se muestra la partida con actividad más reciente.
   *[other] Se muestran las { $shown } partidas con actividad más reciente.
}
community-watch = Ver
community-move = jugada { $number }
community-tournaments-none = Este servidor aún no tiene torneos.
community-status-open = inscripción abierta
community-status-running = ronda { $round }
community-status-finished = terminado
community-status-cancelled = cancelado
community-entrants = { $count ->
    [one] { $count } jugador
   *[other] { $count } jugadores
}
community-standings = Clasificación
community-pairings = Emparejamientos
community-round = Ronda { $round }
community-bye = descanso
community-in-progress = en curso
community-recent = Partidas recientes
community-rating-graph = Puntuación tras cada partida puntuable
community-rating-graph-alt = La puntuación en { $count ->
    [one] la última partida puntuable
   *[other] las últimas { $count } partidas puntuables
}: de { $before } a { $after }.
community-rating-point = Partida n.º { $game }: { $rating }
community-won = ganada
community-lost = perdida
community-drawn = tablas
community-aborted = anulada
community-versus = contra { $name }
community-game-number = n.º { $game }

## An arena's page, and the Activity's line for the arena one joined

community-arena-title = Arena: { $name }
community-arena-ends-in = Termina en
community-arena-starts-in = Empieza en
community-arena-over = Esta arena ha terminado.
community-arena-cancelled = Esta arena se canceló.
community-arena-terms = { $count ->
    [one] { $count } minuto
   *[other] { $count } minutos
} · { $clock } · { $rated }
community-arena-score = Puntos
community-arena-sheet = Resultados
community-arena-games = Partidas
community-arena-nobody = Todavía no se ha unido nadie.
community-arena-playing = Partidas en juego
community-arena-no-games = Ahora no se juega ninguna partida.
community-arena-key = 🔥 en racha: cada victoria vale el doble hasta que una partida no se gane. ⚔ berserk: la mitad del tiempo, un punto más por una victoria de al menos 7 jugadas.
community-arena-fire = en racha
community-arena-berserk = berserk
community-arena-you-waiting = Esperas a tu próximo rival: se te empareja en cuanto alguien quede libre.
community-arena-you-playing = Juegas la partida n.º { $game }.
community-arena-you-paused = Estás en pausa: vuelve a unirte en Discord para que se te empareje.
community-arena-you-left = Dejaste esta arena; tu puntuación sigue en la tabla.
community-arena-you-over = La arena ha terminado: tu puesto es definitivo.
community-arena-open-game = Abrir tu partida
community-arena-standing = Puesto { $rank } · puntuación { $score }
community-arena-open = Abrir la arena
