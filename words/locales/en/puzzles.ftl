# Puzzles from the server's own games: the daily puzzle, its solution, and refusals.

puzzle-to-play = { $colour } to play and win.
puzzle-source = From game #{ $game }, { $white } – { $black }, move { $turn }.
puzzle-daily-title = 🧩 **Puzzle of the day** (#{ $puzzle })
puzzle-daily-how = Solve it with `/{ cmd-dama-name } { cmd-puzzle-name } { opt-daily-name }:true`: one try each, the first to solve it is named tomorrow.
puzzle-daily-solution = 🧩 Solution of puzzle #{ $puzzle }: { $line }
puzzle-daily-first = First solved by { $member }.
puzzle-daily-nobody = Nobody solved it.
puzzle-needs-server = Puzzles come from a server's games: ask for one on a server.
puzzle-none-yet = This server has no puzzles yet. They are found in the games its members finish here, a few minutes after each ends.
puzzle-none-left = You have tried every puzzle of this server. More come as its games are played.
puzzle-not-solving = You have no puzzle under way: ask for one with `/{ cmd-dama-name } { cmd-puzzle-name }`.
puzzle-no-such = There is no puzzle #{ $puzzle } on this server.
puzzle-no-daily = This server has had no daily puzzle yet.
puzzle-already-tried = You have already tried puzzle #{ $puzzle }: each puzzle is tried once.
puzzle-too-many = You asked for { $limit ->
    [one] { $limit } puzzle
   *[other] { $limit } puzzles
} in the last minute: take a breath and try again in a moment.
puzzle-bad-hour = { $hour } is not an hour of the day: choose 0 to 23 (UTC).
puzzle-title = 🧩 **Puzzle #{ $puzzle }** (rated { $rating }){ $theme ->
    [shot] , a shot
    [two-for-one] , a two-for-one
    [crowning] , a promotion
    [king-trap] , a king trap
    [endgame-win] , an endgame win
   *[other] {""}
}
puzzle-resumed = You have this puzzle under way: here it is again.
puzzle-so-far = So far: { $line }
puzzle-how = Answer with the menu below or `/{ cmd-dama-name } { cmd-move-name }`. One try: a wrong move ends it.
puzzle-correct = ✅ { $move } is right. The reply: { $reply }.
puzzle-your-move = Your move.
puzzle-solved = 🎉 { $move }: solved!
puzzle-failed = ❌ { $move } is not it: the move was { $expected }.
puzzle-solution = The solution: { $line }
puzzle-rating = Your puzzle rating: { $before } → { $after }. Streak: { $streak ->
    [one] { $streak } day
   *[other] { $streak } days
}.
puzzle-leaderboard = 🧩 **Puzzle ratings**
puzzle-leaderboard-empty = Nobody yet: a member shows here after { $min ->
    [one] { $min } puzzle
   *[other] { $min } puzzles
}.
puzzle-leaderboard-line = { $rank }. { $name }: { $rating } ({ $solved } of { $tries } solved; streak { $streak })
puzzle-channel-set = The puzzle of the day is posted in { $channel } at { $hour }:00 UTC.
puzzle-channel-hello = 🧩 The puzzle of the day will be posted here, every day at { $hour }:00 UTC. Solve it with `/{ cmd-dama-name } { cmd-puzzle-name } { opt-daily-name }:true`.
puzzle-channel-cannot-post = ⚠️ I cannot post in { $channel }: give me View Channel, Send Messages and Attach Files there, or choose another channel.
puzzle-channel-none = No puzzle channel is chosen; the puzzle of the day would be posted at { $hour }:00 UTC.
puzzle-channel-needed = Choose the channel with `{ opt-puzzle-channel-name }` to turn the puzzle of the day on.
