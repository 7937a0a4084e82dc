# The bot's words in English, the language every other catalog follows: the same keys, and no
# argument a message here does not pass.

pieces = { $count ->
    [one] { $count } piece
   *[other] { $count } pieces
}
