# Puzzles from the server's own games: the daily puzzle, its solution, and refusals.

puzzle-to-play = { $colour } to play and win.
puzzle-source = From game #{ $game }, { $white } – { $black }, move { $move }.
puzzle-daily-title = 🧩 **Puzzle of the day** (#{ $puzzle })
puzzle-daily-how = Solve it with `/dama puzzle daily:true`: one try each, the first to solve it is named tomorrow.
puzzle-daily-solution = 🧩 Solution of puzzle #{ $puzzle }: { $line }
puzzle-daily-first = First solved by { $member }.
puzzle-daily-nobody = Nobody solved it.
puzzle-needs-server = Puzzles come from a server's games: ask for one on a server.
puzzle-none-left = You have tried every puzzle of this server. More come as its games are played.
puzzle-not-solving = You have no puzzle under way: ask for one with `/dama puzzle`.
puzzle-no-such = There is no puzzle #{ $puzzle } on this server.
puzzle-no-daily = This server has had no daily puzzle yet.
puzzle-already-tried = You have already tried puzzle #{ $puzzle }: each puzzle is tried once.
puzzle-too-many = You asked for { $limit } puzzles in the last minute: take a breath and try again in a moment.
puzzle-bad-hour = { $hour } is not an hour of the day: choose 0 to 23 (UTC).
