# A server's community pages on the web (/dama server web:on): its leaderboard, live games,
# tournaments and players' pages, and the links to them under the bot's answers in Discord.

## The answer to /dama server web:…, and the link buttons

server-web-on = This server's community pages are on: { $link }
server-web-on-unserved = This server's community pages are on, but this bot has no web address yet: they appear once whoever runs the bot gives it one.
server-web-off = This server's community pages are off: their links lead nowhere now.
community-link-leaderboard = Leaderboard on the web
community-link-live = Live games on the web
community-link-tournament = Tournament on the web

## The pages

community-nav = This server's pages
community-leaderboard = Leaderboard
community-live = Live games
community-tournaments = Tournaments
community-tables = Tables
community-speeds = Speeds
community-all-time = All time
community-season = Season { $season }
community-leaderboard-all-time = Leaderboard, all time
community-leaderboard-season = Leaderboard, season { $season }
community-leaderboard-season-final = Leaderboard, season { $season } (final table)
community-leaderboard-empty = Nobody has played the { $min ->
    [one] { $min } rated game
   *[other] { $min } rated games
} needed to be ranked yet.
community-column-player = Player
community-column-rating = Rating
community-column-games = Rated games
community-provisional = ? marks a provisional rating.
community-live-none = No games are in progress on this server.
community-live-count = { $total ->
    [one] { $total } game in progress.
   *[other] { $total } games in progress.
}
community-live-shown = The { $shown } most recently played are shown.
community-watch = Watch
community-move = move { $number }
community-tournaments-none = This server has no tournaments yet.
community-status-open = taking players
community-status-running = round { $round }
community-status-finished = over
community-status-cancelled = cancelled
community-entrants = { $count ->
    [one] { $count } player
   *[other] { $count } players
}
community-standings = Standings
community-pairings = Pairings
community-round = Round { $round }
community-bye = bye
community-in-progress = in progress
community-recent = Recent games
community-rating-graph = Rating after each rated game
community-rating-graph-alt = The rating over the last { $count ->
    [one] { $count } rated game
   *[other] { $count } rated games
}: from { $before } to { $after }.
community-rating-point = Game #{ $game }: { $rating }
community-won = win
community-lost = loss
community-drawn = draw
community-aborted = aborted
community-versus = against { $name }
community-game-number = #{ $game }

## An arena's page, and the Activity's line for the arena one joined

community-arena-title = Arena: { $name }
community-arena-ends-in = Ends in
community-arena-starts-in = Starts in
community-arena-over = This arena is over.
community-arena-cancelled = This arena was cancelled.
community-arena-terms = { $count ->
    [one] { $count } minute
   *[other] { $count } minutes
} · { $clock } · { $rated }
community-arena-score = Score
community-arena-sheet = Results
community-arena-games = Games
community-arena-nobody = Nobody has joined yet.
community-arena-playing = Games being played
community-arena-no-games = No game is being played now.
community-arena-key = 🔥 on a streak: each win counts double until a game is not won. ⚔ berserk: half the time, one point more for a win of at least 7 moves.
community-arena-fire = on a streak
community-arena-berserk = berserk
community-arena-you-waiting = You are waiting for your next opponent: you are paired as soon as someone is free.
community-arena-you-playing = You are playing game #{ $game }.
community-arena-you-paused = You are paused: join again in Discord to be paired.
community-arena-you-left = You left this arena; your score stays in the table.
community-arena-you-over = The arena is over: your place is final.
community-arena-open-game = Open your game
community-arena-standing = Place { $rank } · score { $score }
community-arena-open = Open the arena
