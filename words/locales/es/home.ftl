# La página de inicio del sitio, en la raíz de la dirección pública (DAMA_PUBLIC_URL): qué es
# dama, los enlaces que añaden el bot y los servidores con sus páginas de comunidad abiertas.

home-title = Dama: damas turcas en Discord
home-lead = Juega a las damas turcas con tus amigos o contra el bot sin salir de Discord. Escribe `/{ cmd-dama-name }` en un canal: cada partida tiene su tablero, su propio hilo y una página en vivo como las de este sitio.
home-points = Partidas en vivo, partidas por correspondencia a lo largo de días, torneos, problemas diarios y un análisis de cada partida, en español, inglés, turco y sueco.
home-picture = Una partida en curso: los peones de las blancas avanzan hacia arriba, los de las negras hacia abajo, y capturar es obligatorio.
home-add = Añadir a Discord
home-add-server = Añadir a un servidor
home-add-user = Añadir a mis aplicaciones
home-add-user-note = Añadido a tu propia cuenta, el bot juega también en mensajes directos y chats de grupo.
home-add-unknown = Los enlaces para añadir el bot aparecen aquí en cuanto se conecta a Discord.
home-servers = Páginas de comunidad
home-servers-lead = Estos servidores muestran aquí sus clasificaciones, partidas en curso y torneos:
home-servers-none = Ningún servidor ha abierto aún sus páginas de comunidad. Los administradores de un servidor las abren con la opción `{ opt-web-name }` de `/{ cmd-dama-name } { cmd-server-name }`.
home-server = Servidor { $id }
