# La respuesta a /dama rules: las reglas del juego, en breve.

rules-summary = **Las damas turcas (Dama) en un minuto**
    - Tablero de 8×8 en el que se usan todas las casillas. Cada bando tiene 16 peones, en las filas 2–3 (blancas) y 6–7 (negras). Empiezan las blancas.
    - Los **peones** avanzan una casilla en línea recta hacia adelante o hacia un lado; nunca hacia atrás ni en diagonal.
    - Se **captura** saltando una pieza rival contigua, hacia adelante o hacia un lado, a la casilla vacía que hay detrás, y capturar es **obligatorio**. La captura continúa mientras la pieza pueda volver a saltar, y hay que capturar el **mayor número de piezas** posible. Las piezas capturadas salen del tablero a medida que se saltan.
    - Un peón que llega a la última fila se convierte en **dama**. Las damas se mueven cualquier número de casillas por filas y columnas, como una torre, y capturan a distancia, cayendo en cualquier casilla tras la pieza saltada; entre dos saltos una dama no puede volver 180° atrás.
    - **Pierdes** si en tu turno no te quedan piezas o no tienes ninguna jugada legal, si abandonas o si se te acaba el tiempo por jugada. **Tablas**: de mutuo acuerdo, por triple repetición o tras 50 jugadas de cada bando sin capturas ni avances de peón.
    - Las **jugadas** se escriben `d3-d4`, y las capturas con cada casilla de llegada: `d4xd6xf6` (basta `d4xf6` cuando no hay ambigüedad). La notación numérica (`44-36`) se elige con `/{ cmd-dama-name } { cmd-settings-name } { opt-notation-name }:`.
    Juega con `/{ cmd-dama-name } { cmd-move-name }` (empieza a escribir para ver tus jugadas legales) o con los menús bajo el tablero.
    - **Reglamentos**: con las **reglas de la federación**, un peón que llega a la última fila en medio de una captura solo corona al terminarla; con las **reglas estrictas**, quien omite una captura o captura menos piezas de las posibles pierde la partida. Cada tablero indica sus reglas.
