# Consultas y ajustes: partidas en curso, clasificación, estadísticas, ajustes y vacaciones de
# un jugador, reglas de un servidor.

games-none = No tienes partidas en curso. Empieza una con `/{ cmd-dama-name } { cmd-challenge-name }`, `/{ cmd-dama-name } { cmd-open-name }` o `/{ cmd-dama-name } { cmd-play-bot-name }`.
games-heading = **Tus partidas**
games-line = - Partida n.º { $game } { $opponent }: { $state }, jugada { $number } ({ $channel })
games-versus = contra { $name }
games-your-turn = **te toca**
games-your-turn-until = **te toca**, el tiempo se agota { $deadline }
games-their-turn = le toca al rival

# /dama live: las partidas en curso de un servidor, para los espectadores.
live-none = No hay partidas en curso en este servidor. Empieza una con `/{ cmd-dama-name } { cmd-challenge-name }`, `/{ cmd-dama-name } { cmd-open-name }` o `/{ cmd-dama-name } { cmd-play-bot-name }`.
live-heading = **Partidas en curso en este servidor**: { $count }
live-line = - { $title }: jugada { $number }, juega { $who } ({ $colour }) · { $channel }
live-more = -# { $shown ->
    [one] Se muestra la partida con actividad más reciente.
   *[other] Se muestran las { $shown } partidas con actividad más reciente.
}
live-server-only = Esto muestra las partidas de un servidor: úsalo en el servidor.

leaderboard-all-time = **Clasificación** (este servidor, histórica, { $speed })
leaderboard-season = **Clasificación** (este servidor, temporada { $season }, { $speed })
leaderboard-season-final = **Clasificación** (este servidor, temporada { $season }, clasificación final, { $speed })
leaderboard-dms = **Clasificación** (mensajes directos, { $speed })
leaderboard-empty = Nadie ha jugado todavía { $min ->
    [one] la partida puntuable necesaria
   *[other] las { $min } partidas puntuables necesarias
} para aparecer aquí.
leaderboard-line = { $rank }. { $name } { $rating }{ $mark } ({ $games ->
    [one] { $games } partida
   *[other] { $games } partidas
})
leaderboard-provisional = -# ? indica una puntuación provisional.

stats-rating = { $speed }: puntuación { $rating } ± { $deviation }, { $rank }.
stats-rating-provisional = { $speed }: puntuación { $rating } ± { $deviation }, provisional, { $rank }.
stats-rank = puesto { $rank } aquí
stats-unranked = aún sin clasificar ({ $min ->
    [one] hace falta { $min } partida puntuable
   *[other] hacen falta { $min } partidas puntuables
})
stats-no-rating = Aún no hay partidas puntuables aquí.
stats-no-rating-speed = { $speed }: aún no hay partidas puntuables aquí.
stats-record = { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
}: { $wins ->
    [one] { $wins } ganada
   *[other] { $wins } ganadas
}, { $draws } en tablas, { $losses ->
    [one] { $losses } perdida
   *[other] { $losses } perdidas
}.
stats-streak-wins = Racha actual: { $count ->
    [one] { $count } ganada
   *[other] { $count } ganadas seguidas
}.
stats-streak-draws = Racha actual: { $count ->
    [one] { $count } partida en tablas
   *[other] { $count } tablas seguidas
}.
stats-streak-losses = Racha actual: { $count ->
    [one] { $count } perdida
   *[other] { $count } perdidas seguidas
}.
stats-against = Contra { $opponent }: { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
}: { $wins ->
    [one] { $wins } ganada
   *[other] { $wins } ganadas
}, { $draws } en tablas, { $losses ->
    [one] { $losses } perdida
   *[other] { $losses } perdidas
}.

settings = Tus ajustes: jugadas en notación { $notation }, tablero **{ $theme }**, tu lado abajo cuando juegas con negras: **{ $flip }** (no: las blancas siempre abajo), avisos de tu turno { $notify }.
notation-algebraic = **algebraica** (`d3-d4`)
notation-numeric = **numérica** (`44-36`)
theme-traditional = tradicional
theme-checkered = ajedrezado
notify-channel = **en el canal de la partida**
notify-dm = **por mensaje directo**
notify-both = **en el canal de la partida y por mensaje directo**
setting-on = sí
setting-off = no

vacation-started = Estás de vacaciones hasta el { $until }: los relojes de tus partidas están detenidos. { $days ->
    [one] Te queda { $days } día de vacaciones este año.
   *[other] Te quedan { $days } días de vacaciones este año.
}
vacation-started-now = Estás de vacaciones desde ahora: los relojes de tus partidas están detenidos. { $days ->
    [one] Te queda { $days } día de vacaciones este año.
   *[other] Te quedan { $days } días de vacaciones este año.
}
vacation-ended = ¡Hola de nuevo! Tus vacaciones han terminado y los relojes de tus partidas vuelven a correr. { $days ->
    [one] Te queda { $days } día de vacaciones este año.
   *[other] Te quedan { $days } días de vacaciones este año.
}
server-rules-set = Las partidas que se empiecen en este servidor sin indicar reglas usarán ahora **{ $rules }**. Las ya empezadas conservan las suyas.

language-chosen = A partir de ahora te responderé en este idioma.
language-auto = Volveré a responderte en el idioma de tu Discord.
server-language-chosen = Los tableros y resultados de este servidor estarán en este idioma a partir de ahora.
server-language-auto = Los tableros y resultados de este servidor vuelven a seguir el idioma de Discord del servidor.

season-started = Ha empezado la **temporada { $season }** en este servidor: cada partida puntuable que termine a partir de ahora cuenta para su clasificación, y todos empiezan de cero. La puntuación histórica sigue como antes.
season-ended = Ha terminado la **temporada { $season }**. Su clasificación final se queda como está: `/{ cmd-dama-name } { cmd-leaderboard-name } { opt-season-name }:{ $season }`.
season-champions = Campeones de la temporada { $season }, { $speed }:
season-no-champions = Nadie jugó { $min ->
    [one] la partida puntuable de la temporada necesaria
   *[other] las { $min } partidas puntuables de la temporada necesarias
} para clasificarse: esta vez no hay campeones.
