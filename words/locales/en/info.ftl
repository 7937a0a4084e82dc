# Looking things up and settings: games in progress, the leaderboard, stats, a player's
# settings and vacations, a server's rules.

games-none = You have no games in progress. Start one with `/{ cmd-dama-name } { cmd-challenge-name }`, `/{ cmd-dama-name } { cmd-open-name }` or `/{ cmd-dama-name } { cmd-play-bot-name }`.
games-heading = **Your games**
games-line = - Game #{ $game } { $opponent }: { $state }, move { $number } ({ $channel })
games-versus = vs { $name }
games-your-turn = **your turn**
games-your-turn-until = **your turn**, time runs out { $deadline }
games-their-turn = their turn

# /dama live: a server's games in progress, for spectators.
live-none = No games are in progress on this server. Start one with `/{ cmd-dama-name } { cmd-challenge-name }`, `/{ cmd-dama-name } { cmd-open-name }` or `/{ cmd-dama-name } { cmd-play-bot-name }`.
live-heading = **Games in progress on this server**: { $count }
live-line = - { $title }: move { $number }, { $who } ({ $colour }) to move · { $channel }
live-more = -# The { $shown } most recently played are listed.
live-server-only = This lists a server's games: use it in the server.

leaderboard-all-time = **Leaderboard** (this server, all time, { $speed })
leaderboard-season = **Leaderboard** (this server, season { $season }, { $speed })
leaderboard-season-final = **Leaderboard** (this server, season { $season }, final table, { $speed })
leaderboard-dms = **Leaderboard** (direct messages, { $speed })
leaderboard-empty = Nobody has played the { $min ->
    [one] { $min } rated game
   *[other] { $min } rated games
} needed to appear here yet.
leaderboard-line = { $rank }. { $name } { $rating }{ $mark } ({ $games ->
    [one] { $games } game
   *[other] { $games } games
})
leaderboard-provisional = -# ? marks a provisional rating.

stats-rating = { $speed }: rating { $rating } ± { $deviation }, { $rank }.
stats-rating-provisional = { $speed }: rating { $rating } ± { $deviation }, provisional, { $rank }.
stats-rank = #{ $rank } here
stats-unranked = not ranked yet ({ $min ->
    [one] { $min } rated game
   *[other] { $min } rated games
} needed)
stats-no-rating = No rated game here yet.
stats-no-rating-speed = { $speed }: no rated game here yet.
stats-record = { $games ->
    [one] { $games } game
   *[other] { $games } games
}: { $wins } won, { $draws } drawn, { $losses } lost.
stats-streak-wins = Current streak: { $count } won in a row.
stats-streak-draws = Current streak: { $count } drawn in a row.
stats-streak-losses = Current streak: { $count } lost in a row.
stats-against = Against { $opponent }: { $games ->
    [one] { $games } game
   *[other] { $games } games
}: { $wins } won, { $draws } drawn, { $losses } lost.

settings = Your settings: moves in { $notation } notation, the **{ $theme }** board, your own side at the bottom when you play Black: **{ $flip }** (off: White always at the bottom), your turn told { $notify }.
notation-algebraic = **algebraic** (`d3-d4`)
notation-numeric = **numeric** (`44-36`)
theme-traditional = traditional
theme-checkered = checkered
notify-channel = **in the game's channel**
notify-dm = **by direct message**
notify-both = **in the game's channel and by direct message**
setting-on = on
setting-off = off

vacation-started = You are on vacation until { $until }: the clocks of your games are stopped. { $days ->
    [one] { $days } vacation day
   *[other] { $days } vacation days
} left this year.
vacation-started-now = You are on vacation from now: the clocks of your games are stopped. { $days ->
    [one] { $days } vacation day
   *[other] { $days } vacation days
} left this year.
vacation-ended = Welcome back: your vacation is over and the clocks of your games run again. { $days ->
    [one] { $days } vacation day
   *[other] { $days } vacation days
} left this year.
server-rules-set = Games started on this server without naming rules now use **{ $rules }**. Games already started keep theirs.

language-chosen = I will answer you in this language from now on.
language-auto = I will answer you in your Discord language again.
server-language-chosen = This server's boards and results are in this language from now on.
server-language-auto = This server's boards and results follow its Discord language again.

season-started = **Season { $season }** has started on this server: every rated game finished from now on counts for its table, everyone starting afresh. All-time ratings go on as before.
season-ended = **Season { $season }** has ended. Its final table stays as it is: `/{ cmd-dama-name } { cmd-leaderboard-name } { opt-season-name }:{ $season }`.
season-champions = Champions of season { $season }, { $speed }:
season-no-champions = Nobody played the { $min ->
    [one] { $min } rated game
   *[other] { $min } rated games
} of the season needed to be ranked: no champions this time.
