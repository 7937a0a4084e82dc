# Torneos por correspondencia: anuncios, rondas, clasificación, el ganador y las negativas.
# Términos: torneo, ronda, descanso (bye), emparejamientos, clasificación, sistema suizo, todos
# contra todos, por incomparecencia, retirarse.

tournament-format-round-robin = todos contra todos
tournament-format-double-round-robin = doble todos contra todos (con los colores invertidos en la segunda vuelta)
tournament-format-swiss = sistema suizo
tournament-rounds-fixed = { $rounds ->
    [one] 1 ronda
   *[other] { $rounds } rondas
}
tournament-rounds-default = rondas: ⌈log2 jugadores⌉ + 1
tournament-starts-at = empieza el { $time }
tournament-starts-by-hand = empieza cuando lo inicie quien lo creó
tournament-terms = { $format }; { $rated }, { $time }, { $rules }; hasta { $max ->
    [one] { $max } jugador
   *[other] { $max } jugadores
}; { $start }.
tournament-nobody-yet = Todavía no se ha inscrito nadie.
tournament-players = Jugadores ({ $count }/{ $max }): { $names }
tournament-announced = 🏆 **{ $name }** (torneo { $id })
tournament-how-to-join = Haz clic en **{ button-join }** o usa `/{ cmd-dama-name } { cmd-tournament-name } { cmd-tournament-join-name } { opt-tournament-name }:{ $id }`.
tournament-joined = { $player } se ha unido.
tournament-left = { $player } ha dejado el torneo.
tournament-withdrew = { $player } se ha retirado: pierde la partida que tenía en curso, y las siguientes por incomparecencia.
tournament-started = 🏆 **{ $name }** ha empezado: { $players ->
    [one] { $players } jugador
   *[other] { $players } jugadores
}, { $rounds ->
    [one] 1 ronda
   *[other] { $rounds } rondas
}. A continuación, los emparejamientos; cada partida tiene su propio hilo.
tournament-cancelled = **{ $name }** se ha cancelado. Las partidas en curso siguen como partidas normales.
tournament-round = 🏆 **{ $name }**, ronda { $round } de { $rounds }:
tournament-bye = Descansa: { $player } (cuenta como victoria)
tournament-forfeit = (por incomparecencia)
tournament-round-threads = Cada partida está en su propio hilo, aquí debajo. ¡Suerte!
tournament-game-starter = **{ $name }**, ronda { $round }: { $white } (Blancas) contra { $black } (Negras)
tournament-column-player = Jugador
tournament-column-points = Pts
tournament-column-left = Quedan
tournament-standings-open = 🏆 **{ $name }** aún no ha empezado.
tournament-standings = 🏆 **{ $name }**, clasificación tras la ronda { $round } de { $rounds } (se actualiza con cada resultado):
tournament-standings-final = 🏆 **{ $name }**, clasificación final:
tournament-table-key = Pts: victoria 1, tablas ½. SB: Sonneborn-Berger. Quedan: partidas por jugar. (Los jugadores retirados, entre paréntesis.)
tournament-table-key-swiss = Pts: victoria 1, tablas ½, descanso 1. Bh: Buchholz, y después SB: Sonneborn-Berger. Quedan: partidas por jugar. (Los jugadores retirados, entre paréntesis.)
tournament-current-round = Ronda { $round }:
tournament-over-announced = 🏆 ¡**{ $name }** ha terminado!
tournament-winner = { $count ->
    [one] Gana { $names } con { $score ->
        [one] { $points } punto
       *[other] { $points } puntos
    }. ¡Felicidades!
   *[other] Primer puesto compartido: { $names }, con { $score ->
        [one] { $points } punto
       *[other] { $points } puntos
    } cada uno. ¡Felicidades!
}
button-standings = Clasificación

tournament-server-only = Los torneos son de un servidor: úsalo en el servidor.
tournament-name-length = El nombre de un torneo debe tener de 1 a { $max ->
    [one] { $max } carácter
   *[other] { $max } caracteres
}.
tournament-size = Un torneo admite de { $min } a { $max ->
    [one] { $max } jugador
   *[other] { $max } jugadores
}.
tournament-rounds = Un torneo por sistema suizo tiene de 1 a { $max ->
    [one] { $max } ronda
   *[other] { $max } rondas
}.
tournament-start-in-past = Esa hora de inicio ya ha pasado: indica una hora futura.
tournament-bad-start = Indica el inicio como un plazo desde ahora (`2h`, `3d`, `1d 12h`; h = horas, d = días) o como fecha y hora UTC (`2026-12-24 18:00`).
arena-duration = Una arena dura de { $min } a { $max } minutos.
no-such-arena = Este servidor no tiene ninguna arena { $arena }.
arena-berserk-refused = El modo berserk solo vale en partidas de arena, antes de tu primera jugada, y una vez.
no-such-tournament = Este servidor no tiene ningún torneo { $tournament }.
no-tournament-here = En este servidor no hay ningún torneo que corresponda: crea uno con `/{ cmd-dama-name } { cmd-tournament-name } { cmd-tournament-create-name }`.
tournament-already-started = Este torneo ya ha empezado.
tournament-over = Este torneo ya ha terminado.
tournament-full = Este torneo está completo ({ $max ->
    [one] { $max } jugador
   *[other] { $max } jugadores
}).
tournament-already-joined = Ya estás en este torneo.
tournament-not-in = No juegas en este torneo.
tournament-not-organiser = Solo quien creó el torneo, o un miembro que pueda gestionar este servidor (Gestionar servidor), puede iniciarlo o cancelarlo.
tournament-too-few = { $have ->
    [one] Solo se ha inscrito 1 jugador: un torneo empieza con al menos { $min }.
   *[other] Solo se han inscrito { $have } jugadores: un torneo empieza con al menos { $min }.
}
tournament-would-exceed-games = Ya juegas { $limit ->
    [one] { $limit } partida
   *[other] { $limit } partidas
} a la vez, el máximo permitido, y cada torneo en el que estás cuenta como una: termina una partida (o deja un torneo con `/{ cmd-dama-name } { cmd-tournament-name } { cmd-tournament-leave-name }`) antes de unirte a otro.
tournament-too-many-joined = Ya juegas en { $limit ->
    [one] { $limit } torneo
   *[other] { $limit } torneos
}: espera a que termine uno, o deja uno con `/{ cmd-dama-name } { cmd-tournament-name } { cmd-tournament-leave-name }`, antes de unirte a otro.
tournament-too-many-created = Ya tienes { $limit ->
    [one] { $limit } torneo
   *[other] { $limit } torneos
} esperando a empezar: inicia o cancela uno antes de crear otro.
tournament-server-too-many = Este servidor ya tiene { $limit ->
    [one] { $limit } torneo
   *[other] { $limit } torneos
} esperando a empezar: únete a uno de ellos, o crea el tuyo cuando alguno haya empezado.
tournament-several-open = Hay varios torneos abiertos en este servidor ({ $tournaments }): indica a cuál te unes con la opción `{ opt-tournament-name }`, por ejemplo `/{ cmd-dama-name } { cmd-tournament-name } { cmd-tournament-join-name } { opt-tournament-name }:{ $first }`, o haz clic en **{ button-join }** bajo su anuncio.
tournament-just-created = El torneo { $tournament } se creó hace un momento: para unirte, indica su número (`/{ cmd-dama-name } { cmd-tournament-name } { cmd-tournament-join-name } { opt-tournament-name }:{ $tournament }`) o haz clic en **{ button-join }** bajo su anuncio.

# Torneos en la pestaña Eventos de Discord (eventos programados del servidor).
scheduled-event-arena = 🏟️ Arena de damas turcas: { $minutes ->
    [one] { $minutes } minuto
   *[other] { $minutes } minutos
}, { $clock }, { $rated }. Únete en { $link }
scheduled-event-tournament = 🏆 Torneo de damas turcas ({ $format }): { $time }, { $rated }. Únete en { $link }
scheduled-events-refused = ⚠️ No puedo añadir **{ $name }** a la pestaña Eventos de este servidor: dame el permiso **Gestionar eventos**. El torneo sigue sin ello.
# Arenas: un tiempo fijo con reloj en vivo; quien queda libre vuelve a emparejarse enseguida.
arena-announced = ⚔️ **{ $name }** (arena { $id })
arena-terms = Una arena de { $minutes ->
    [one] { $minutes } minuto
   *[other] { $minutes } minutos
}: { $clock }, { $rated }, { $rules }; { $start }.
arena-starts-at = empieza el { $time }
arena-ends-at = termina el { $time }
arena-how-to-play = Haz clic en **{ button-join }** para jugar: vuelves a emparejarte en cuanto quedas libre, hasta que se acabe el tiempo. **{ button-pause }** para descansar un rato, **{ button-leave }** para dejarlo.
arena-you-joined = Estás en **{ $name }**: te emparejamos en cuanto esté en marcha y haya un rival libre, y cada partida se abre en su propio hilo aquí.
arena-you-paused = Estás en pausa en **{ $name }**: nadie se empareja contigo hasta que vuelvas a hacer clic en **{ button-join }**.
arena-you-left = Has dejado **{ $name }**. Haz clic en **{ button-join }** para volver antes del final.
arena-column-games = Partidas
arena-more-rows = { $count ->
    [one] …y { $count } jugador más.
   *[other] …y { $count } jugadores más.
}
arena-standings-open = ⚔️ **{ $name }** empieza el { $time }.
arena-standings = ⚔️ **{ $name }**, clasificación (se actualiza al terminar cada partida); termina { $time }, { $playing ->
    [one] { $playing } partida en juego
   *[other] { $playing } partidas en juego
}:
arena-standings-final = ⚔️ **{ $name }**, clasificación final:
arena-table-key = Victoria 2, tablas 1. 🔥 tras dos victorias seguidas: cada victoria vale 4 y cada tablas 2 hasta que una partida no se gane. ⚡ el punto extra de una victoria en berserk. ⏸ en pausa; (se fue).
arena-over = 🏁 ¡**{ $name }** ha terminado!
arena-podium-place = { $medal } { $player }: { $score ->
    [one] { $score } punto
   *[other] { $score } puntos
}
arena-nobody-played = Nadie terminó ninguna partida.
arena-game-starter = ⚔️ **{ $name }**: { $white } (blancas) contra { $black } (negras)
button-leave = Salir
button-pause = Pausa
button-berserk = Berserk
arena-went-berserk = Has entrado en berserk: en esta partida tu reloj queda a la mitad y sin incremento. Una victoria de al menos { $moves ->
    [one] { $moves } jugada tuya
   *[other] { $moves } jugadas tuyas
} vale un punto más.

# Roles de campeón (elegidos con /dama server).
champion-role-set-arena = Quien gane la última arena de este servidor recibe { $role }.
champion-role-set-season = Quien lidere la temporada de este servidor recibe { $role }.
champion-role-needs-manage-roles = ⚠️ No puedo dar { $role }: dame el permiso **Gestionar roles**.
champion-role-above-mine = ⚠️ No puedo dar { $role }: no está por debajo de mi rol más alto. Sube mi rol por encima de él en los ajustes del servidor, en Roles.
