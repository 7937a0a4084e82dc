# A game as everyone reads it: titles, turns, moves, results, challenges, questions to the
# opponent, and the labels of the buttons and menus under a board.

colour-white = White
colour-black = Black
computer-name = Computer (level { $level })

game-title = Game #{ $game }: { $white } (White) vs { $black } (Black)
thread-players = { $white } vs { $black }

rules-standard = standard rules
rules-federation = federation rules (promotion after a capture)
rules-strict = strict rules (a missed capture loses)
rules-federation-strict = federation strict rules (promotion after a capture, a missed capture loses)

played = { $name } played { $move }.
you-played = You played { $move }.
answered-at-once = { $name } answered at once with { $move }, { $premove ->
    [yes] a premove
   *[no] a conditional move
}.
answer-dropped = Your { $premove ->
    [yes] premove
   *[no] conditional move
} { $move } in game #{ $game } could not be played: the rules did not allow it when your turn came. Your other stored answers for that game are cleared; play your move yourself.
# Conditional moves and premoves, told to their owner alone (`/dama conditional`, `/dama premove`).
conditional-saved = Saved.
premove-saved = Premove saved: { $move }. It is played as soon as your opponent moves, unless a line answers their move. Whether the rules allow it is checked then: if not, you are told and play yourself.
conditional-listed = Your stored answers in game #{ $game } (your opponent's move → your answer, played at once):
premove-listed = Premove (the answer to any other move): { $move }
conditional-none = You have no stored answers in game #{ $game }. During your opponent's turn, save a line with `/{ cmd-dama-name } { cmd-conditional-name } { opt-line-name }:…` (your opponent's move, your answer, and so on) or a premove with `/{ cmd-dama-name } { cmd-premove-name }`.
conditional-cleared = Your stored answers in game #{ $game } are cleared: no conditional moves, no premove.
turn = { $who } to move ({ $colour }).
turn-until = { $who } to move ({ $colour }), time runs out { $deadline }.
turn-draw-offer = { $name } offers a draw.

result-win-head = { $winner } ({ $colour }) wins
result-win = { $head }: { $reason }. Result { $token }.
result-draw-head = Draw
result-draw = { $head }: { $reason }. Result { $token }.
result-aborted-head = Aborted
result-aborted = { $head }: a side made no first move in time. No result, unrated.
win-no-pieces = { $loser } has no pieces left
win-no-moves = { $loser } has no legal move
win-resignation = { $loser } resigned
win-time = { $loser } ran out of time
win-abandoned = { $loser } left the game
win-missed-capture = { $loser } missed a compulsory capture ({ $capture } takes { $count ->
    [one] { $count } piece
   *[other] { $count } pieces
})
draw-agreement = by agreement
draw-repetition = the same position occurred three times
draw-no-progress = 50 moves each without a capture or a man moving forward
draw-abandoned = claimed when a player left the game

game-begins = The game begins. Good luck!
engine-game-starts = **{ $title }** starts. Good luck!
game-has-started = **{ $title }** has started.
game-goes-on-in = Done. The game goes on in { $channel }.
rematch-challenge-in = Done. Your rematch challenge is in { $channel }.
follow-done = You now follow game #{ $game }: its thread is { $thread }.
follow-no-thread = Game #{ $game } has no thread to follow: it is played in { $channel }.
board-follows = Done. The board follows in a moment.
replay-too-large = The replay was too large for Discord, so it is left out; `/{ cmd-dama-name } { cmd-export-name }` gives the whole game.
game-moved-on = The game moved on since that board was drawn, so nothing was changed. Here it is now:
exported = **{ $title }** as PDN.
reminder = { $who }, it is your move in **{ $title }**: time runs out { $deadline }.
dms-closed = { $who }, I cannot send you direct messages, so your turn notices come here again. To get them by DM, open your DMs to this server's members and choose `/{ cmd-dama-name } { cmd-settings-name } { opt-notify-name }:` again.

resigns = { $name } resigns.
you-resigned = You resigned.
confirm-resign = Resign **{ $title }**? This cannot be undone. (Dismiss this message to play on.)
offers-draw = { $name } offers a draw.
accepts-draw = { $name } accepts the draw offer.
declines-draw = { $name } declines the draw offer. The game goes on.
computer-declines-draw = The computer declines the draw offer. The game goes on.
asks-takeback = { $name } asks to take back their last move.
takes-back = { $name } takes back { $count ->
    [one] { $count } move
   *[other] { $count } moves
}.
allows-takeback = { $name } allows the takeback: { $count ->
    [one] { $count } move
   *[other] { $count } moves
} undone.
refuses-takeback = { $name } refuses the takeback. The game goes on.
question = { $asks } { $opponent }, { $prompt }
draw-prompt = do you accept? (Moving instead declines it.)
takeback-prompt = do you allow it?

confirm-missed-capture = Under strict rules { $played } loses the game: captures are compulsory, and { $available } takes { $count ->
    [one] { $count } piece
   *[other] { $count } pieces
}. Play it anyway?
nothing-played = Nothing was played: choose another move.
moves-of-piece = Your move with the piece on **{ $square }**:

challenge-direct = { $opponent }, **{ $challenger }** challenges you to a game of Dama ({ $terms }). The challenge expires { $expires }.
challenge-open = **{ $challenger }** is looking for an opponent for a game of Dama ({ $terms }). Anyone here can join; the challenge expires { $expires }.
challenge-terms = { $rated }, { $time }, { $colour }, { $rules }
challenge-rated = rated
challenge-casual = casual
challenge-no-time-limit = no time limit
challenge-per-move = { $time } per move
challenge-plays-white = { $name } plays White
challenge-plays-black = { $name } plays Black
challenge-colours-random = colours drawn by lot
challenge-declined = { $name } declined the challenge from { $challenger }.
challenge-withdrawn = { $name } withdrew the challenge.
challenge-is-for = This challenge is for { $who }.
challenge-expired = The challenge from { $challenger } has expired.
challenge-to-expired = The challenge from { $challenger } to { $opponent } has expired.

time-unlimited = no limit
time-hour = 1 hour
time-day = 1 day
time-three-days = 3 days
time-week = 7 days

button-resign = Resign
button-confirm-resign = Yes, resign
button-offer-draw = Offer draw
button-accept-draw = Accept draw
button-decline-draw = Decline
button-flip = Flip board
button-allow-takeback = Allow takeback
button-refuse-takeback = Refuse
button-accept = Accept
button-decline = Decline
button-withdraw = Withdraw
button-join = Join
button-play-and-lose = Play it and lose
button-choose-another = Choose another move
button-rematch = Rematch
button-follow = Follow
menu-piece = Piece on { $square }
menu-pick-piece = Move ({ $colour }): choose a piece
menu-pick-move = Choose the move
menu-takes = takes { $count ->
    [one] { $count } piece
   *[other] { $count } pieces
}

suggest-your-turn = #{ $game } vs { $opponent }: your turn
suggest-their-turn = #{ $game } vs { $opponent }: their turn

speed-bullet = bullet
speed-blitz = blitz
speed-rapid = rapid
speed-correspondence = correspondence

# One player's rating change after a rated game, and the speed it was rated at.
rating-change = { $who } { $before } → { $after } ({ $change }) · { $speed }
clock-choice = { $clock } ({ $speed })
live-clocks = ⏱ White { $white } · Black { $black }
live-how-to-play = A live game: play it fast on its web page or in the Activity; moves made here count too.
