# The /dama command as Discord lists it: every command, subcommand, option and choice. English
# is what is registered; the other languages are registered as Discord's localizations.
# Names: 1-32 characters, lower case, letters, digits, "-" and "_" (no spaces).
# Descriptions and choice labels: at most 100 characters.
# The English names must stay the names the bot reads back from an interaction.
# These names are the only place a command, option, choice or button is named: every message
# that names one refers to it (`/{ cmd-dama-name } { cmd-board-name }`, `{ opt-game-name }`),
# so the reader sees the name their Discord shows.

cmd-dama-name = dama
cmd-dama-description = Play Turkish draughts (Dama)
cmd-launch-name = launch
cmd-launch-description = Open the Dama board inside Discord

## Subcommands

cmd-challenge-name = challenge
cmd-challenge-description = Challenge someone to a game
cmd-open-name = open
cmd-open-description = Post an open challenge anyone here can take
cmd-play-bot-name = play-bot
cmd-play-bot-description = Play against the computer
cmd-move-name = move
cmd-move-description = Make a move, like d3-d4 or d4xd6xf6
cmd-board-name = board
cmd-board-description = Show the board of your game
cmd-resign-name = resign
cmd-resign-description = Resign your game
cmd-draw-name = draw
cmd-draw-description = Offer, accept or decline a draw
cmd-takeback-name = takeback
cmd-takeback-description = Ask to take back your last move, or answer such a request
cmd-claim-name = claim
cmd-claim-description = In a live game your opponent has left: claim the win or a draw
cmd-games-name = games
cmd-games-description = List your active games
cmd-live-name = live
cmd-live-description = Games in progress on this server, to follow
cmd-leaderboard-name = leaderboard
cmd-leaderboard-description = This server's ratings
cmd-stats-name = stats
cmd-stats-description = Rating and record of a player
cmd-export-name = export
cmd-export-description = Download a game as PDN
cmd-rules-name = rules
cmd-rules-description = How Turkish draughts is played
cmd-settings-name = settings
cmd-settings-description = Your language, notation, board theme, orientation and turn notices
cmd-vacation-name = vacation
cmd-vacation-description = Pause the clocks of all your games
cmd-vacation-end-name = vacation-end
cmd-vacation-end-description = End your vacation early and restart your clocks
cmd-server-name = server
cmd-server-description = This server's default rules, language and community pages (needs Manage Server)

## Options

opt-opponent-name = opponent
opt-opponent-description = Who you want to play
opt-color-name = color
opt-color-description = Your colour (default: random)
opt-time-name = time
opt-time-description = Time per move (default: 1 day)
opt-rated-name = rated
opt-rated-description = Counts for the leaderboard (default: yes)
opt-rules-name = rules
opt-rules-description = The rules (default: this server's)
# The rules option of /dama server.
opt-rules-server-description = The rules of games that name none
opt-level-name = level
opt-level-description = 1 (beginner) to 5 (very strong)
opt-move-name = move
opt-move-description = Your move (start typing to see the legal ones)
opt-game-name = game
opt-game-description = Which of your games (default: the one in this channel)
opt-action-name = action
opt-action-description = What to do
opt-user-name = user
opt-user-description = Whose stats (default: yours)
opt-versus-name = versus
opt-versus-description = Head-to-head against this player
opt-notation-name = notation
opt-notation-description = How squares are written
opt-theme-name = theme
opt-theme-description = Board look
opt-flip-name = flip
opt-flip-description = Your side at the bottom when you play Black, as by default; off: White always at the bottom
opt-notify-name = notify
opt-notify-description = Where you are told it is your turn
opt-text-name = text
opt-text-description = The board as text, for a screen reader
opt-days-name = days
opt-days-description = How many days

## Choices: choice-<option>-<value>; the values are what the bot reads back and stay English.

choice-color-white = White (moves first)
choice-color-black = Black
choice-color-random = Random
choice-time-none = No limit
choice-time-1h = 1 hour
choice-time-1d = 1 day
choice-time-3d = 3 days
choice-time-7d = 7 days
choice-rules-standard = Standard rules
choice-rules-federation = Federation rules (promotion after a capture)
choice-rules-strict = Strict rules (a missed capture loses)
choice-rules-federation-strict = Federation strict rules (promotion after a capture, a missed capture loses)
choice-notation-algebraic = Algebraic (d3-d4)
choice-notation-numeric = Numeric (44-36)
choice-theme-traditional = Traditional
choice-theme-checkered = Checkered
choice-notify-channel = In the game's channel
choice-notify-dm = By direct message
choice-notify-both = Both
# The action of /dama draw.
choice-draw-offer = Offer a draw
choice-draw-accept = Accept the offer
choice-draw-decline = Decline the offer
# The action of /dama takeback.
choice-takeback-request = Ask for a takeback
choice-takeback-accept = Accept the request
choice-takeback-decline = Decline the request
# The action of /dama claim.
choice-claim-win = Claim the win
choice-claim-draw = Claim a draw

opt-language-name = language
opt-language-description = The language of the bot's answers to you
opt-language-server-description = The language of this server's boards and results
choice-language-auto = Automatic (Discord's language)
choice-language-en = English
choice-language-tr = Türkçe
choice-language-es = Español
choice-language-sv = Svenska
# The web option of /dama server.
opt-web-name = web
opt-web-description = This server's community pages: leaderboard, live games, tournaments, players
choice-web-on = On: publish them on the web
choice-web-off = Off: take them down

cmd-season-name = season
cmd-season-description = Start or end this server's season (needs Manage Server)
# The action of /dama season.
choice-season-start = Start a season
choice-season-end = End the season and announce its champions
# The options of /dama leaderboard.
opt-period-name = period
opt-period-description = Which table (default: the current season, else all time)
choice-period-season = Season
choice-period-all-time = All time
opt-season-name = season
opt-season-description = A season's number, for its table (a past one shows its final table)

cmd-tournament-name = tournament
cmd-tournament-description = Tournaments on this server: correspondence, or a live arena
cmd-tournament-create-name = create
cmd-tournament-create-description = Create a tournament in this channel
cmd-tournament-join-name = join
cmd-tournament-join-description = Join a tournament
cmd-tournament-leave-name = leave
cmd-tournament-leave-description = Leave a tournament (after its start: withdraw, forfeiting your games)
cmd-tournament-start-name = start
cmd-tournament-start-description = Start a tournament (its creator, or Manage Server)
cmd-tournament-standings-name = standings
cmd-tournament-standings-description = A tournament's standings and pairings
cmd-tournament-cancel-name = cancel
cmd-tournament-cancel-description = Cancel a tournament (its creator, or Manage Server)
opt-tournament-name = tournament
opt-tournament-description = Which tournament (default: the newest that fits)
opt-name-name = name
opt-name-description = The tournament's name
opt-format-name = format
opt-format-description = How players are paired
choice-format-round-robin = Round robin (everyone meets everyone)
choice-format-double-round-robin = Double round robin (twice, colours swapped)
choice-format-swiss = Swiss (equal scores meet)
choice-format-arena = Arena (live: paired again as soon as you are free, for a set time)
opt-minutes-name = minutes
opt-minutes-description = An arena's length in minutes, 10 to 180 (default 45)
opt-arena-clock-description = An arena's live clock: minutes + seconds per move, like 5+3 (default 3+2)
opt-rounds-name = rounds
opt-rounds-description = Swiss rounds (default: log2 of the players, rounded up, plus one)
opt-max-players-name = max-players
opt-max-players-description = The most players it takes (default 16)
opt-starts-name = starts
opt-starts-description = Start by itself: in 2h, 3d, or at 2026-12-24 18:00 (UTC)

cmd-review-name = review
cmd-review-description = The computer's review of a finished game: every move judged, a graph, an annotated PDN

# Puzzles.
cmd-puzzle-name = puzzle
cmd-puzzle-description = A puzzle from this server's own games, for you alone: answer it with the move command
opt-daily-name = daily
opt-daily-description = The server's puzzle of the day instead of your next one
opt-puzzle-channel-name = puzzle-channel
opt-puzzle-channel-description = Where the puzzle of the day is posted
opt-puzzle-hour-name = puzzle-hour
opt-puzzle-hour-description = The hour (UTC, 0 to 23) the puzzle of the day is posted at (default 12)
choice-period-puzzles = Puzzles
opt-daily-puzzle-name = daily-puzzle
opt-daily-puzzle-description = Whether the puzzle of the day is posted (in { opt-puzzle-channel-name })
opt-arena-role-name = arena-role
opt-arena-role-description = A role the bot gives to the winner of this server's latest arena (needs Manage Roles)
opt-leader-role-name = leader-role
opt-leader-role-description = A role the bot gives to the leader of this server's season (needs Manage Roles)
choice-daily-puzzle-on = On
choice-daily-puzzle-off = Off: no more puzzles of the day

# Conditional moves and premoves: answers stored in the opponent's turn.
cmd-premove-name = premove
cmd-premove-description = Save your next move now: played as soon as your opponent moves
# The move option of /dama premove.
opt-move-premove-description = Your answer to whatever your opponent plays next, like d3-d4
cmd-conditional-name = conditional
cmd-conditional-description = Save answers to your opponent's next moves, or list or clear them
opt-line-name = line
opt-line-description = Your opponent's move, your answer, and more pairs: e6-e5 d4xd6 f7xd5 c3-c4
# The action of /dama conditional (without one: save the line if given, else list).
choice-conditional-list = List your conditional moves and premove
choice-conditional-clear = Clear your conditional moves and premove

opt-clock-name = clock
opt-clock-description = A live game on a clock: minutes + seconds per move, like 5+3 (leave out to play by the day)
opt-speed-name = speed
opt-speed-description = Which speed's ratings: bullet, blitz, rapid or correspondence
choice-speed-bullet = Bullet
choice-speed-blitz = Blitz
choice-speed-rapid = Rapid
choice-speed-correspondence = Correspondence
