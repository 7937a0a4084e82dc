# Correspondence tournaments: announcements, rounds, standings, the winner, and refusals.

tournament-format-round-robin = round robin
tournament-format-double-round-robin = double round robin (colours swapped the second time)
tournament-format-swiss = Swiss
tournament-rounds-fixed = { $rounds ->
    [one] 1 round
   *[other] { $rounds } rounds
}
tournament-rounds-default = rounds: ⌈log2 players⌉ + 1
tournament-starts-at = starts { $time }
tournament-starts-by-hand = starts when its creator starts it
tournament-terms = { $format }; { $rated }, { $time }, { $rules }; up to { $max ->
    [one] { $max } player
   *[other] { $max } players
}; { $start }.
tournament-nobody-yet = Nobody has joined yet.
tournament-players = Players ({ $count }/{ $max }): { $names }
tournament-announced = 🏆 **{ $name }** (tournament { $id })
tournament-how-to-join = Press **{ button-join }** or use `/{ cmd-dama-name } { cmd-tournament-name } { cmd-tournament-join-name } { opt-tournament-name }:{ $id }`.
tournament-joined = { $player } joined.
tournament-left = { $player } left the tournament.
tournament-withdrew = { $player } withdrew: their game in progress is lost and their later games are forfeited.
tournament-started = 🏆 **{ $name }** has started: { $players ->
    [one] { $players } player
   *[other] { $players } players
}, { $rounds ->
    [one] 1 round
   *[other] { $rounds } rounds
}. The pairings follow; each game has its own thread.
tournament-cancelled = **{ $name }** was cancelled. Games in progress go on as ordinary games.
tournament-round = 🏆 **{ $name }**, round { $round } of { $rounds }:
tournament-bye = Bye: { $player } (scores a win)
tournament-forfeit = (forfeit)
tournament-round-threads = Each game is in its own thread below. Good luck!
tournament-game-starter = **{ $name }**, round { $round }: { $white } (White) against { $black } (Black)
tournament-column-player = Player
tournament-column-points = Pts
tournament-column-left = Left
tournament-standings-open = 🏆 **{ $name }** has not started yet.
tournament-standings = 🏆 **{ $name }**, standings after round { $round } of { $rounds } (updated after each result):
tournament-standings-final = 🏆 **{ $name }**, final standings:
tournament-table-key = Pts: a win 1, a draw ½. SB: Sonneborn-Berger. Left: games still to play. (Withdrawn players in brackets.)
tournament-table-key-swiss = Pts: a win 1, a draw ½, a bye 1. Bh: Buchholz, then SB: Sonneborn-Berger. Left: games still to play. (Withdrawn players in brackets.)
tournament-current-round = Round { $round }:
tournament-over-announced = 🏆 **{ $name }** is over!
tournament-winner = { $count ->
    [one] Winner: { $names } with { $score ->
        [one] { $points } point
       *[other] { $points } points
    }. Congratulations!
   *[other] Shared first place: { $names } with { $score ->
        [one] { $points } point
       *[other] { $points } points
    } each. Congratulations!
}
button-standings = Standings

tournament-server-only = Tournaments belong to a server: use this in the server.
tournament-name-length = A tournament's name has 1 to { $max ->
    [one] { $max } character
   *[other] { $max } characters
}.
tournament-size = A tournament takes { $min } to { $max ->
    [one] { $max } player
   *[other] { $max } players
}.
tournament-rounds = A Swiss tournament plays 1 to { $max ->
    [one] { $max } round
   *[other] { $max } rounds
}.
tournament-start-in-past = That start time has passed: give a time to come.
tournament-bad-start = Give the start as a time from now (`2h`, `3d`, `1d 12h`) or a UTC date and time (`2026-12-24 18:00`).
arena-duration = An arena lasts { $min } to { $max } minutes.
no-such-arena = This server has no arena { $arena }.
arena-berserk-refused = Berserk is for arena games only, before your first move, once.
no-such-tournament = This server has no tournament { $tournament }.
no-tournament-here = No tournament on this server fits: create one with `/{ cmd-dama-name } { cmd-tournament-name } { cmd-tournament-create-name }`.
tournament-already-started = This tournament has already started.
tournament-over = This tournament is over.
tournament-full = This tournament is full ({ $max ->
    [one] { $max } player
   *[other] { $max } players
}).
tournament-already-joined = You are in this tournament already.
tournament-not-in = You are not playing in this tournament.
tournament-not-organiser = Only the tournament's creator, or a member who may manage this server (Manage Server), can start or cancel it.
tournament-too-few = { $have ->
    [one] Only 1 player has joined: a tournament starts with at least { $min }.
   *[other] Only { $have } players have joined: a tournament starts with at least { $min }.
}
tournament-would-exceed-games = You already play { $limit ->
    [one] { $limit } game
   *[other] { $limit } games
} at once, the most allowed, and each tournament you are in counts as one: finish a game (or leave a tournament with `/{ cmd-dama-name } { cmd-tournament-name } { cmd-tournament-leave-name }`) before joining another.
tournament-too-many-joined = You already play in { $limit ->
    [one] { $limit } tournament
   *[other] { $limit } tournaments
}: wait for one to finish, or leave one with `/{ cmd-dama-name } { cmd-tournament-name } { cmd-tournament-leave-name }`, before joining another.
tournament-too-many-created = You already have { $limit ->
    [one] { $limit } tournament
   *[other] { $limit } tournaments
} waiting to start: start or cancel one before creating another.
tournament-server-too-many = This server already has { $limit ->
    [one] { $limit } tournament
   *[other] { $limit } tournaments
} waiting to start: join one of them, or create yours once one has started.
tournament-several-open = Several tournaments are open on this server ({ $tournaments }): say which one to join with the `{ opt-tournament-name }` option, e.g. `/{ cmd-dama-name } { cmd-tournament-name } { cmd-tournament-join-name } { opt-tournament-name }:{ $first }`, or press **{ button-join }** under its announcement.
tournament-just-created = Tournament { $tournament } was created only a moment ago: to join it, name it (`/{ cmd-dama-name } { cmd-tournament-name } { cmd-tournament-join-name } { opt-tournament-name }:{ $tournament }`) or press **{ button-join }** under its announcement.

# Tournaments in Discord's Events tab (guild scheduled events).
scheduled-event-arena = 🏟️ Turkish draughts arena: { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
}, { $clock }, { $rated }. Join in { $link }
scheduled-event-tournament = 🏆 Turkish draughts tournament ({ $format }): { $time }, { $rated }. Join in { $link }
scheduled-events-refused = ⚠️ I cannot add **{ $name }** to this server's Events tab: give me the **Manage Events** permission. The tournament goes on without it.
# Arenas: a set time on a live clock, members paired again as soon as they are free.
arena-announced = ⚔️ **{ $name }** (arena { $id })
arena-terms = An arena of { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
}: { $clock }, { $rated }, { $rules }; { $start }.
arena-starts-at = starts { $time }
arena-ends-at = ends { $time }
arena-how-to-play = Press **{ button-join }** to play: you are paired again as soon as you are free, until the time is up. **{ button-pause }** to sit out a while, **{ button-leave }** to stop.
arena-you-joined = You are in **{ $name }**: you are paired as soon as it runs and an opponent is free, and each game opens in its own thread here.
arena-you-paused = You are paused in **{ $name }**: nobody is paired with you until you press **{ button-join }** again.
arena-you-left = You left **{ $name }**. Press **{ button-join }** to come back before the end.
arena-column-games = Games
arena-more-rows = { $count ->
    [one] …and { $count } more player.
   *[other] …and { $count } more players.
}
arena-standings-open = ⚔️ **{ $name }** starts { $time }.
arena-standings = ⚔️ **{ $name }**, standings (updated as games end); it ends { $time }, { $playing ->
    [one] { $playing } game in play
   *[other] { $playing } games in play
}:
arena-standings-final = ⚔️ **{ $name }**, final standings:
arena-table-key = Win 2, draw 1. 🔥 after two wins in a row: each win counts 4 and each draw 2 until a game is not won. ⚡ the extra point of a berserk win. ⏸ paused; (left).
arena-over = 🏁 **{ $name }** is over!
arena-podium-place = { $medal } { $player }: { $score ->
    [one] { $score } point
   *[other] { $score } points
}
arena-nobody-played = Nobody finished a game.
arena-game-starter = ⚔️ **{ $name }**: { $white } (White) against { $black } (Black)
button-leave = Leave
button-pause = Pause
button-berserk = Berserk
arena-went-berserk = You went berserk: your clock is halved and has no increment in this game. A win of at least { $moves ->
    [one] { $moves } of your moves
   *[other] { $moves } of your moves
} earns one point more.

# Champion roles (named with /dama server).
champion-role-set-arena = The winner of this server's latest arena gets { $role }.
champion-role-set-season = The leader of this server's season gets { $role }.
champion-role-needs-manage-roles = ⚠️ I cannot give { $role }: give me the **Manage Roles** permission.
champion-role-above-mine = ⚠️ I cannot give { $role }: it is not below my highest role. Move my role above it in the server's settings, under Roles.
