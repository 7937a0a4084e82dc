# The games' web pages (DAMA_WEB_ADDR): the words around the board, and the link to them under
# a board in Discord.

web-watch-live = Watch live
web-page-title = Game #{ $game }: { $white } vs { $black }
web-description = { $white } (White) vs { $black } (Black), move { $number }. { $status }
web-turn = { $name } to move ({ $colour }).
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
web-failed-title = Something went wrong
web-busy = Too many requests at once: try again in a moment.
web-slow-request = The request took too long to arrive: try again.
web-too-large = The request was larger than any the page sends: nothing was done.
web-no-page-title = No such page
web-no-page = There is no page at this address. Check that the link was copied whole.
web-discord-unreachable = Discord cannot be reached right now: try again in a moment.

# Signing in with Discord and playing on the page.
web-sign-in = Sign in with Discord
web-signed-in = Signed in as { $name }
web-sign-out = Sign out
web-sign-out-everywhere = Sign out everywhere
web-sign-in-failed = Signing in with Discord did not work. Go back to the game and try again.
web-sign-in-to-play = Sign in with Discord to play this game.
web-forged = This request did not come from this game's page. Reload the page and try again.
web-bad-action = The page sent something the bot cannot read. Reload the page and try again.
web-your-move = Your move: choose a piece, then the square it goes to.
web-choose-path = This capture can go more than one way: choose one.
web-premove-queued = Premove queued: played the moment your turn comes. Tap the board to cancel it.
web-premove-dropped = Your premove was not a legal move after your opponent's: it was dropped, play your move.
web-move-sound = Move sound
web-clock-white = White's clock
web-clock-black = Black's clock
web-clock-low = low on time
web-watching = You are watching: only the two players can move here.

## The Activity: the board inside Discord.
activity-open-board = Open board
activity-connecting = Connecting to Discord…
activity-failed = The board could not be opened here. Close the Activity and open it again.
activity-busy = Too many members are signing in at this moment. Close the Activity and open it again in a minute.
activity-outside = This is the board inside Discord: open it in Discord, from a board's Open board button or the App Launcher.
activity-your-games = Your games
activity-live-games = Games being played here
activity-no-games = You have no game in progress in this server.
activity-all-games = All games
activity-your-turn = Your move
activity-their-turn = Waiting for your opponent

## Solving a server's puzzles on the web.
web-puzzle-title = Puzzles
web-puzzle-number = Puzzle #{ $puzzle }
web-puzzle-next = Next puzzle
web-puzzle-sign-in = Sign in with Discord to solve this server's puzzles.
web-puzzle-not-member = Only the members of this server solve its puzzles.
web-puzzle-solve = Solve on the web

## The analysis board: moves tried on a side line of any position, the computer's evaluation
## once the game is over, and a player's conditional moves.
web-analysis = Analysis board
web-analysis-title = Analysis
web-analysis-hint = Try moves for either side: nothing played here touches the game.
web-analysis-return = Return to the game
web-analysis-bad-position = The page sent a position the bot cannot read. Reload the page and try again.
web-analysis-no-moves = { $colour } has no move left here and loses.
web-evaluation = The computer's evaluation, from White's side: { $value }
web-evaluation-wins = { $colour } wins by force in { $plies ->
    [one] { $plies } move
   *[other] { $plies } moves
}.
web-evaluation-drawn = The game is drawn here.
web-best-line = The computer's line:
web-evaluating = The computer is looking at this position…
web-evaluation-after-game = The computer evaluates positions only once the game is over.
web-evaluation-sign-in = Sign in with Discord to have the computer evaluate positions.
web-evaluation-too-many = You already have { $limit ->
    [one] { $limit } evaluation
   *[other] { $limit } evaluations
} under way: wait for one to finish.
web-evaluation-quota = You asked for { $limit } evaluations in the last minute: wait a moment before asking for another.
web-conditional-title = Your conditional moves
web-conditional-hint = Only you see these. When your opponent plays the first move of a line, your answer to it is played at once.
web-conditional-save = Save as conditional moves
web-conditional-how = To save conditional moves, play your opponent's move and your answer (and more pairs) from the current position.
web-conditional-saved = Saved. Your answer is played as soon as your opponent plays the move you foresaw.
web-conditional-clear = Clear them all
web-claim-win = Your opponent left: claim the win
web-claim-draw = Claim a draw
