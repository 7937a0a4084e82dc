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
