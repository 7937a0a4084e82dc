# Problemas de las partidas del propio servidor: el problema del día, su solución y rechazos.

puzzle-to-play = Juegan { $colour } y ganan.
puzzle-source = De la partida #{ $game }, { $white } – { $black }, jugada { $move }.
puzzle-daily-title = 🧩 **Problema del día** (#{ $puzzle })
puzzle-daily-how = Resuélvelo con `/dama puzzle daily:true`: un intento cada uno; mañana se nombra a quien lo resolvió primero.
puzzle-daily-solution = 🧩 Solución del problema #{ $puzzle }: { $line }
puzzle-daily-first = Lo resolvió primero { $member }.
puzzle-daily-nobody = Nadie lo resolvió.
puzzle-needs-server = Los problemas salen de las partidas de un servidor: pide uno en un servidor.
puzzle-none-left = Ya has intentado todos los problemas de este servidor. Llegarán más a medida que se jueguen partidas.
puzzle-not-solving = No tienes ningún problema en curso: pide uno con `/dama puzzle`.
puzzle-no-such = No hay ningún problema #{ $puzzle } en este servidor.
puzzle-no-daily = Este servidor aún no ha tenido problema del día.
puzzle-already-tried = Ya intentaste el problema #{ $puzzle }: cada problema se intenta una vez.
puzzle-too-many = Has pedido { $limit } problemas en el último minuto: respira y vuelve a intentarlo en un momento.
puzzle-bad-hour = { $hour } no es una hora del día: elige de 0 a 23 (UTC).
