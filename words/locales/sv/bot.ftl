# Botens ord på svenska.

pieces = { $count ->
    [one] { $count } pjäs
   *[other] { $count } pjäser
}
