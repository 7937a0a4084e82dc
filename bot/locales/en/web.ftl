# The games' web pages (DAMA_WEB_ADDR): the words around the board, and the link to them under
# a board in Discord.

web-watch-live = Watch live
web-page-title = Game #{ $game }: { $white } vs { $black }
web-description = { $white } (White) vs { $black } (Black), move { $number }. { $status }
web-turn = { $name } to move ({ $colour }).
web-result-win = { $winner } ({ $colour }) wins: { $reason }. Result { $token }.
web-result-draw = Draw: { $reason }. Result { $token }.
web-deadline = Time runs out:
web-moves = Moves
web-start = Start
web-first = First position
web-previous = Previous move
web-next = Next move
web-last = Current position
web-pdn = Download PDN
web-live = Live
web-offline = Reconnecting…
web-review = Review
web-review-graph = The evaluation after each move, from White's side (up: White stands better).
web-not-found-title = No such game
web-not-found = This link does not lead to a game. Check that it was copied whole.
