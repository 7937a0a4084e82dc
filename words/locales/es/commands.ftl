# El comando /dama en español, un solo texto neutro para es-ES y es-419 (ver GLOSSARY.md). Nombres: 1-32 caracteres, en minúscula,
# sin espacios ("-" en su lugar). Descripciones y nombres de opciones: 100 caracteres como mucho.
# Términos: partida, jugada, peón, dama, captura, tablas, abandonar, deshacer, tablero.
# El nombre de un comando o una opción solo se escribe aquí: los mensajes lo toman de aquí
# (`/{ cmd-dama-name } { cmd-board-name }`, `{ opt-game-name }`).

cmd-dama-name = dama
cmd-dama-description = Juega a las damas turcas (Dama)
cmd-launch-name = abrir
cmd-launch-description = Abre el tablero de Dama dentro de Discord

## Subcomandos

cmd-challenge-name = desafiar
cmd-challenge-description = Desafía a alguien a una partida
cmd-open-name = desafío-abierto
cmd-open-description = Publica un desafío abierto que cualquiera de aquí puede aceptar
cmd-play-bot-name = jugar-contra-bot
cmd-play-bot-description = Juega contra el bot
cmd-move-name = mover
cmd-move-description = Haz una jugada, como d3-d4 o d4xd6xf6
cmd-board-name = tablero
cmd-board-description = Muestra el tablero de tu partida
cmd-resign-name = abandonar
cmd-resign-description = Abandona tu partida
cmd-draw-name = tablas
cmd-draw-description = Ofrece, acepta o rechaza tablas
cmd-takeback-name = deshacer
cmd-takeback-description = Pide deshacer tu última jugada o responde a esa petición
cmd-claim-name = reclamar
cmd-claim-description = En una partida en vivo que tu rival abandonó: reclama la victoria o tablas
cmd-games-name = partidas
cmd-games-description = Lista tus partidas en curso
cmd-live-name = en-curso
cmd-live-description = Partidas en curso en este servidor, para seguirlas
cmd-leaderboard-name = clasificación
cmd-leaderboard-description = La clasificación de este servidor
cmd-stats-name = estadísticas
cmd-stats-description = Puntuación e historial de un jugador
cmd-export-name = exportar
cmd-export-description = Descarga una partida en PDN
cmd-rules-name = reglas
cmd-rules-description = Cómo se juega a las damas turcas
cmd-settings-name = ajustes
cmd-settings-description = Tu idioma, notación, aspecto del tablero, orientación y avisos de turno
cmd-vacation-name = vacaciones
cmd-vacation-description = Detén los relojes de todas tus partidas
cmd-vacation-end-name = fin-vacaciones
cmd-vacation-end-description = Termina antes tus vacaciones y vuelve a poner en marcha tus relojes
cmd-server-name = servidor
cmd-server-description = Reglas por defecto, idioma y páginas de la comunidad (requiere Gestionar servidor)

## Opciones

opt-opponent-name = rival
opt-opponent-description = Con quién quieres jugar
opt-color-name = color
opt-color-description = Tu color (por defecto: al azar)
opt-time-name = tiempo
opt-time-description = Tiempo por jugada (por defecto: 1 día)
opt-rated-name = puntuable
opt-rated-description = Cuenta para la clasificación (por defecto: sí)
opt-rules-name = reglas
opt-rules-description = Las reglas (por defecto: las de este servidor)
opt-rules-server-description = Las reglas de las partidas que no indiquen otras
opt-level-name = nivel
opt-level-description = De 1 (principiante) a 5 (muy fuerte)
opt-move-name = jugada
opt-move-description = Tu jugada (empieza a escribir para ver las legales)
opt-game-name = partida
opt-game-description = Cuál de tus partidas (por defecto: la de este canal)
opt-action-name = acción
opt-action-description = Qué hacer
opt-user-name = jugador
opt-user-description = De quién son las estadísticas (por defecto: las tuyas)
opt-versus-name = contra
opt-versus-description = Enfrentamientos directos con este jugador
opt-notation-name = notación
opt-notation-description = Cómo se escriben las casillas
opt-theme-name = tema
opt-theme-description = Aspecto del tablero
opt-flip-name = girar
opt-flip-description = Tu lado abajo cuando juegas con negras (por defecto); si no, las blancas siempre abajo
opt-notify-name = avisos
opt-notify-description = Dónde se te avisa de que te toca jugar
opt-text-name = texto
opt-text-description = El tablero como texto, para un lector de pantalla
opt-days-name = días
opt-days-description = Cuántos días

## Opciones a elegir

choice-color-white = Blancas (mueven primero)
choice-color-black = Negras
choice-color-random = Al azar
choice-time-none = Sin límite
choice-time-1h = 1 hora
choice-time-1d = 1 día
choice-time-3d = 3 días
choice-time-7d = 7 días
choice-rules-standard = Reglas estándar
choice-rules-federation = Reglas de la federación (coronación al terminar la captura)
choice-rules-strict = Reglas estrictas (quien omite una captura pierde)
choice-rules-federation-strict = Reglas estrictas de la federación (se corona al acabar la captura; quien omite una captura pierde)
choice-notation-algebraic = Algebraica (d3-d4)
choice-notation-numeric = Numérica (44-36)
choice-theme-traditional = Tradicional
choice-theme-checkered = Ajedrezado
choice-notify-channel = En el canal de la partida
choice-notify-dm = Por mensaje directo
choice-notify-both = Ambos
choice-draw-offer = Ofrecer tablas
choice-draw-accept = Aceptar la oferta
choice-draw-decline = Rechazar la oferta
choice-takeback-request = Pedir deshacer la jugada
choice-takeback-accept = Aceptar la petición
choice-takeback-decline = Rechazar la petición
choice-claim-win = Reclamar la victoria
choice-claim-draw = Reclamar tablas

opt-language-name = idioma
opt-language-description = El idioma en que el bot te responde
opt-language-server-description = El idioma de los tableros y resultados de este servidor
choice-language-auto = Automático (el idioma de Discord)
choice-language-en = English
choice-language-tr = Türkçe
choice-language-es = Español
choice-language-sv = Svenska
# La opción web de /dama server.
opt-web-name = web
opt-web-description = Las páginas de la comunidad: clasificación, partidas en curso, torneos, jugadores
choice-web-on = Activadas: publicarlas en la web
choice-web-off = Desactivadas: retirarlas

cmd-season-name = temporada
cmd-season-description = Empieza o termina la temporada de este servidor (requiere Gestionar servidor)
# La acción de /dama season.
choice-season-start = Empezar una temporada
choice-season-end = Terminar la temporada y anunciar a sus campeones
# Las opciones de /dama leaderboard.
opt-period-name = periodo
opt-period-description = Qué clasificación (por defecto: la temporada en curso, si no la histórica)
choice-period-season = Temporada
choice-period-all-time = Histórica
opt-season-name = temporada
opt-season-description = El número de una temporada (una terminada muestra su clasificación final)

cmd-tournament-name = torneo
cmd-tournament-description = Torneos en este servidor: por correspondencia o una arena en vivo
cmd-tournament-create-name = crear
cmd-tournament-create-description = Crea un torneo en este canal
cmd-tournament-join-name = unirse
cmd-tournament-join-description = Únete a un torneo
cmd-tournament-leave-name = salir
cmd-tournament-leave-description = Sal de un torneo (si ya empezó, te retiras y pierdes tus partidas)
cmd-tournament-start-name = iniciar
cmd-tournament-start-description = Inicia un torneo (quien lo creó, o con Gestionar servidor)
cmd-tournament-standings-name = clasificación
cmd-tournament-standings-description = La clasificación y los emparejamientos de un torneo
cmd-tournament-cancel-name = cancelar
cmd-tournament-cancel-description = Cancela un torneo (quien lo creó, o con Gestionar servidor)
opt-tournament-name = torneo
opt-tournament-description = Qué torneo (por defecto: el más reciente disponible)
opt-name-name = nombre
opt-name-description = El nombre del torneo
opt-format-name = formato
opt-format-description = Cómo se emparejan los jugadores
choice-format-round-robin = Todos contra todos (cada uno juega con todos)
choice-format-double-round-robin = Doble todos contra todos (dos veces, con los colores invertidos)
choice-format-swiss = Sistema suizo (se enfrentan jugadores con los mismos puntos)
choice-format-arena = Arena (en vivo: vuelves a emparejarte al quedar libre, durante un tiempo fijo)
opt-minutes-name = minutos
opt-minutes-description = La duración de una arena en minutos, de 10 a 180 (por defecto 45)
opt-arena-clock-description = El reloj en vivo de una arena: minutos + segundos por jugada, como 5+3 (por defecto 3+2)
opt-rounds-name = rondas
opt-rounds-description = Rondas del suizo (por defecto: log2 de los jugadores, redondeado hacia arriba, más uno)
opt-max-players-name = máx-jugadores
opt-max-players-description = Cuántos jugadores admite como mucho (por defecto: 16)
opt-starts-name = inicio
opt-starts-description = Que empiece solo: dentro de 2h o 3d, o el 2026-12-24 a las 18:00 (UTC)

cmd-review-name = análisis
cmd-review-description = El análisis del bot de una partida terminada: cada jugada juzgada, un gráfico, un PDN anotado

# Problemas.
cmd-puzzle-name = problema
cmd-puzzle-description = Un problema de las partidas de este servidor, solo para ti: respóndelo con el comando de mover
opt-daily-name = diario
opt-daily-description = El problema del día del servidor en lugar de tu siguiente problema
opt-puzzle-channel-name = canal-problemas
opt-puzzle-channel-description = Dónde se publica el problema del día
opt-puzzle-hour-name = hora-problemas
opt-puzzle-hour-description = La hora (UTC, de 0 a 23) a la que se publica el problema del día (por defecto 12)
choice-period-puzzles = Problemas
opt-daily-puzzle-name = problema-del-día
opt-daily-puzzle-description = Si se publica el problema del día (en el canal de problemas)
opt-arena-role-name = rol-de-arena
opt-arena-role-description = Un rol que el bot da a quien gane la última arena de este servidor (necesita Gestionar roles)
opt-leader-role-name = rol-de-líder
opt-leader-role-description = Un rol que el bot da a quien lidere la temporada de este servidor (necesita Gestionar roles)
choice-daily-puzzle-on = Sí
choice-daily-puzzle-off = No: no más problemas del día

# Jugadas condicionales y jugada anticipada: respuestas guardadas durante el turno del rival.
cmd-premove-name = jugada-anticipada
cmd-premove-description = Guarda ya tu próxima jugada: se juega en cuanto tu rival mueva
opt-move-premove-description = Tu respuesta a lo que juegue tu rival, como d3-d4
cmd-conditional-name = jugadas-condicionales
cmd-conditional-description = Guarda respuestas a las próximas jugadas de tu rival, o consúltalas o bórralas
opt-line-name = línea
opt-line-description = La jugada de tu rival, tu respuesta y más pares: e6-e5 d4xd6 f7xd5 c3-c4
choice-conditional-list = Ver tus jugadas condicionales y tu jugada anticipada
choice-conditional-clear = Borrar tus jugadas condicionales y tu jugada anticipada

opt-clock-name = reloj
opt-clock-description = Partida en vivo con reloj: minutos + segundos por jugada, como 5+3 (sin él, se juega por días)
opt-speed-name = ritmo
opt-speed-description = De qué ritmo son las puntuaciones: bullet, blitz, rápida o por correspondencia
choice-speed-bullet = Bullet
choice-speed-blitz = Blitz
choice-speed-rapid = Rápida
choice-speed-correspondence = Por correspondencia
