# Las palabras del bot en español.

pieces = { $count ->
    [one] { $count } pieza
   *[other] { $count } piezas
}
