# Refusals: why the bot did not do what a player asked. The service's refusals, moves that
# name no legal move (squares and moves in the reader's notation), and the adapter's own.

generic-failure = Something went wrong on my side. Please try again in a moment.
discord-failure = I could not post my answer on Discord. Anything you played or changed is saved: `/{ cmd-dama-name } { cmd-board-name }` shows the game.

no-such-game = There is no game #{ $game }.
no-game-here = You have no game in progress here. Start one with `/{ cmd-dama-name } { cmd-challenge-name }`, `/{ cmd-dama-name } { cmd-open-name }` or `/{ cmd-dama-name } { cmd-play-bot-name }`, or name one with the `{ opt-game-name }` option.
several-games-here = You have several games here ({ $games }): choose one with the `{ opt-game-name }` option.
not-a-participant = You are not playing in this game.
not-your-turn = It is not your turn: wait for your opponent's move.
game-over = This game is over.
deadline-passed = The time for the move in this game ran out: the game will be recorded as lost on time, and nothing else can change it.
out-of-time = Your clock ran out before this move: the game is lost on time.
game-aborted = The first move came too late: the game is aborted, with no result.
nothing-to-claim = Only a live game against a person can be claimed, once both sides have moved.
opponent-still-here = Your opponent is still here. If they stay away, you can claim in { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
}.
overdue-game = Your time ran out in game #{ $game }: it will be recorded as lost on time, and a vacation cannot change that. Try again once it is recorded.
moved-on = The game moved on since that was drawn, so nothing was changed: look at the board again.
not-visible-here = You cannot see this game from here: a server's games are seen from that server, and a game in direct messages only by its two players.
missed-capture-refused = Under strict rules this move would lose the game: captures are compulsory, and { $available } takes { $count ->
    [one] { $count } piece
   *[other] { $count } pieces
}.
conflict = The game changed while you were acting (a move or an answer came first): look at the board again.
no-such-challenge = There is no challenge #{ $challenge }.
challenge-gone = This challenge is no longer open: it was already answered or withdrawn.
challenge-has-expired = This challenge has expired.
challenge-not-for-you = This challenge is for someone else.
own-challenge = You cannot answer your own challenge (you can cancel it).
not-your-challenge = Only the challenger can cancel this challenge.
self-challenge = You cannot challenge yourself.
game-in-progress = This game is still being played: a rematch can be asked for once it ends.
rematch-pending = A rematch of this game has already been asked for: it is waiting for an answer.
rematch-started = The rematch of this game has already started.
no-draw-offer = There is no draw offer to answer.
draw-already-offered = You have already offered a draw: your opponent has to answer.
no-takeback-request = There is no takeback request to answer.
takeback-pending = A takeback request is already waiting for an answer.
nothing-to-take-back = You have no move to take back.
vacation-exhausted = You have only { $days ->
    [one] { $days } vacation day
   *[other] { $days } vacation days
} left this year.
invalid-vacation-length = A vacation lasts at least one day.
already-on-vacation = You are already on vacation until { $until }.
not-on-vacation = You are not on vacation.
too-many-challenges = You already have { $limit ->
    [one] { $limit } open challenge
   *[other] { $limit } open challenges
}: withdraw one (the **{ button-withdraw }** button) or wait for answers.
too-many-challenges-to-player = You already have { $limit ->
    [one] { $limit } open challenge
   *[other] { $limit } open challenges
} to this player: wait for an answer, or withdraw one (the **{ button-withdraw }** button) to send another.
declined-recently = This player declined your last challenge: you can challenge them again { $when } ({ $at }).
too-many-games = You already play { $limit ->
    [one] { $limit } game
   *[other] { $limit } games
} at once, the most allowed: finish one (or resign it with `/{ cmd-dama-name } { cmd-resign-name }`) before starting another.
opponent-has-too-many-games = The challenger already plays { $limit ->
    [one] { $limit } game
   *[other] { $limit } games
} at once, the most allowed: this challenge can be accepted once one of them ends.
too-many-computer-games = You already play { $limit ->
    [one] { $limit } game
   *[other] { $limit } games
} against the computer: finish one (or resign it with `/{ cmd-dama-name } { cmd-resign-name }`) before starting another.

# A move that names no legal move: phrases, made sentences (capital, full stop) by the bot, and
# also shown inside other sentences.
move-empty = no move given: type it like d3-d4 or d4xd6xf6
move-bad-square = { $text } is not a square: use a1 to h8, or 1 to 64
move-too-short = a move needs at least two squares, like d3-d4
move-separators = write a plain move as from-to (d3-d4) and a capture with x (d4xd6xf6)
move-no-legal-moves = there is no legal move: the game is over
move-no-piece = there is no piece on { $square }
move-not-your-piece = the piece on { $square } is not yours
move-capture-required = a capture is compulsory: you must take { $count ->
    [one] { $count } piece
   *[other] { $count } pieces
}, e.g. { $example }
move-nothing-to-capture = there is nothing to capture: { $typed } is not a legal move
move-ambiguous = { $typed } could be { $count ->
    [one] { $count } move
   *[other] { $count } moves
}: { $moves }; type the full path
move-illegal = { $typed } is not a legal move
not-a-move = { $typed } is not a move ({ $why }). Write moves like { $plain }, or captures with every landing square like { $capture }.

unknown-command = Unknown command.
unknown-choice = `{ $word }` is not one of the choices: choose one from the list.
unknown-action = Unknown action `{ $word }`: choose one from the list.
unknown-notation = Unknown notation `{ $word }`: choose *{ choice-notation-algebraic }* or *{ choice-notation-numeric }*.
choose-opponent = Choose whom to challenge.
bots-cannot-play = Bots cannot play here, except me: use `/{ cmd-dama-name } { cmd-play-bot-name }` to play the computer.
level-range = The level is a number from 1 to 5.
no-clock-here = I cannot post in this channel by myself (a group DM, or a server where dama is not installed), so nobody could be reminded of a move or told of a loss on time. Games here have no clock: leave out `{ opt-time-name }`, or choose *{ choice-time-none }*. For a timed game, play in a server that has dama, or in your DMs with dama.
server-only = This sets a server's rules: use it in the server.
needs-manage-server = Only members who may manage this server (Manage Server) can change its settings.
choose-rules = Choose the rules, a language, the community pages, or several of them.
stale-button = This button is no longer in use.
choose-piece = Choose a piece from the menu.
choose-move = Choose a move from the menu.
piece-cannot-move = The piece on { $square } cannot move now: choose another one.
season-open = Season { $season } is still open: end it with `/{ cmd-dama-name } { cmd-season-name }` before starting another.
no-open-season = No season is open on this server: start one with `/{ cmd-dama-name } { cmd-season-name }`.
no-such-season = This server has no season { $season }.
season-server-only = Seasons belong to a server: use this in the server.
season-needs-manage-server = Only members who may manage this server (Manage Server) can start or end a season.

## Conditional moves: answers stored ahead in the opponent's turn.
conditional-own-turn = It is your move: conditional moves are saved during your opponent's turn.
conditional-against-computer = The computer answers at once: there are no conditional moves against it.
conditional-unanswered = A line of conditional moves is your opponent's move and your answer to it, in pairs: end it with your answer.
conditional-illegal = Move { $number } of the line: { $why }.
conditional-missed-capture = Under strict rules your answer { $played } would lose the game: captures are compulsory, and { $available } takes more.
conditional-game-ends = The game would be over after move { $number } of the line: end the line there.
conditional-too-deep = A line has at most { $max ->
    [one] { $max } answer
   *[other] { $max } answers
}.
conditional-too-many-lines = You can keep at most { $max ->
    [one] { $max } line
   *[other] { $max } lines
} of conditional moves in a game: clear them first.
conditional-line-or-action = Either give a line to save or choose an action, not both.

clock-syntax = `{ $text }` is not a clock: write the minutes, then the seconds added per move, like `5+3`.
clock-range = `{ $text }` is out of range: 1 to 30 minutes, and 0 to 20 seconds added per move (from 1+0 to 30+20).

evaluation-not-of-game = That position is not one of this game's: the computer evaluates only positions reached from the game's own moves.
evaluation-line-too-long = A line to evaluate has at most { $max ->
    [one] { $max } move
   *[other] { $max } moves
}.
evaluation-game-in-progress = That position is in or near a game you are playing: the computer says nothing of it until that game is over.
