//! The one error type of the service.

use dama_rules::Move;
use dama_rules::notation::ResolveError;
use thiserror::Error;

use super::conditional::ConditionalError;
use super::evaluation::EvaluationError;
use super::puzzles::PuzzleError;
use super::servers::Managed;
use crate::clock::Timestamp;
use crate::ids::{ArenaId, ChallengeId, GameId, TournamentId};

/// Why the service refused or failed a request.
///
/// `Display` is a terse diagnostic for logs and tests, never shown to players: the adapter
/// words each refusal for the player itself. [`ServiceError::Corrupt`] and
/// [`ServiceError::Database`] are internal: log them and show the player a generic message
/// (see [`ServiceError::is_internal`]).
#[derive(Debug, Error)]
pub enum ServiceError {
    /// No game has this id.
    #[error("no game {0}")]
    NoSuchGame(GameId),
    /// The player has no active game in this channel.
    #[error("no active game in the channel")]
    NoGameHere,
    /// The player has several active games in this channel and none is clearly meant.
    #[error("several active games in the channel: {0:?}")]
    SeveralGamesHere(Vec<GameId>),
    /// The user does not play in this game.
    #[error("not a participant")]
    NotAParticipant,
    /// It is the other side's turn.
    #[error("not the player's turn")]
    NotYourTurn,
    /// The game has ended.
    #[error("game over")]
    GameOver,
    /// The mover's deadline has passed; the sweeper will record the loss on time.
    #[error("deadline passed")]
    DeadlinePassed,
    /// In a live game, the mover's clock ran out before the move was taken: the move is
    /// refused, and the game was ended on time (a loss for the mover) by the same request.
    #[error("out of time")]
    OutOfTime,
    /// In a live game, the mover's first move came after the time for it
    /// ([`ABORT_AFTER`](super::ABORT_AFTER)): the move is refused, and the game was aborted
    /// (no result, unrated) by the same request.
    #[error("game aborted")]
    GameAborted,
    /// A claim in a game where none can be made: a correspondence game, a game against the
    /// computer, or a live game before both sides have moved.
    #[error("nothing to claim")]
    NothingToClaim,
    /// A claim while the opponent has not been gone long enough: it can be made after
    /// `wait` if they stay away.
    #[error("the opponent is still here")]
    OpponentStillHere {
        /// How long until the claim can be made.
        wait: std::time::Duration,
    },
    /// The player's time ran out in this game, where they are to move (a vacation cannot
    /// save it); the sweeper will record the loss.
    #[error("deadline passed in game {0}")]
    OverdueGame(GameId),
    /// The game moved on since the board, menu or question acted on was drawn (it names an
    /// earlier ply): nothing was changed.
    #[error("the game moved on: it is at ply {now}")]
    MovedOn {
        /// The game's ply now.
        now: u32,
    },
    /// The game is not visible to this user from here: a game of another server, or a game in
    /// direct messages seen by someone who does not play in it.
    #[error("game not visible here")]
    NotVisibleHere,
    /// The move text names no legal move; the rules' error says what is wrong.
    #[error("unplayable move: {0}")]
    Move(#[from] ResolveError),
    /// Under strict rules, the move misses a capture (or takes fewer pieces than the most):
    /// played, it loses the game. Nothing was played; the player may confirm it (see
    /// [`HowPlayed::losing`](super::HowPlayed::losing)) or play another move.
    #[error("missed capture: {played} while {available} was available")]
    MissedCapture {
        /// The move as typed, resolved.
        played: Move,
        /// A capture of the most pieces, which the rules ask for.
        available: Move,
    },
    /// Someone else changed the game between reading and writing it (a racing move, say).
    #[error("version conflict")]
    Conflict,
    /// No challenge has this id.
    #[error("no challenge {0}")]
    NoSuchChallenge(ChallengeId),
    /// The challenge was already accepted, declined or cancelled.
    #[error("challenge closed")]
    ChallengeGone,
    /// The challenge expired before it was accepted.
    #[error("challenge expired")]
    ChallengeExpired,
    /// A direct challenge to someone else.
    #[error("challenge for another player")]
    ChallengeNotForYou,
    /// The challenger tried to accept or decline their own challenge.
    #[error("own challenge")]
    OwnChallenge,
    /// Only the challenger may cancel a challenge.
    #[error("not the challenger")]
    NotYourChallenge,
    /// A challenge to oneself.
    #[error("self-challenge")]
    SelfChallenge,
    /// A game with a clock was asked for where the bot cannot post by itself: nobody could be
    /// reminded of a move or told of a loss on time there.
    #[error("no clock where the bot cannot post")]
    NoClockHere,
    /// A rematch asked for before the game ended.
    #[error("game in progress")]
    GameInProgress,
    /// A rematch of this game was already asked for: its challenge waits for an answer.
    #[error("rematch pending")]
    RematchPending,
    /// The rematch of this game has already started.
    #[error("rematch started")]
    RematchStarted,
    /// No draw offer from the opponent is pending.
    #[error("no pending draw offer")]
    NoDrawOffer,
    /// The player's own draw offer is already pending.
    #[error("draw already offered")]
    DrawAlreadyOffered,
    /// No takeback request from the opponent is pending.
    #[error("no pending takeback request")]
    NoTakebackRequest,
    /// A takeback request is already pending in this game.
    #[error("takeback request pending")]
    TakebackPending,
    /// The player has made no move that could be taken back.
    #[error("nothing to take back")]
    NothingToTakeBack,
    /// The player asked for more vacation days than they have left this year.
    #[error("vacation exhausted: {days_left} days left")]
    VacationExhausted {
        /// Days still available this calendar year.
        days_left: u32,
    },
    /// A vacation of zero days.
    #[error("vacation of zero days")]
    InvalidVacationLength,
    /// The player is already on vacation.
    #[error("already on vacation until {until:?}")]
    AlreadyOnVacation {
        /// When the running vacation ends.
        until: Timestamp,
    },
    /// The player is not on vacation.
    #[error("not on vacation")]
    NotOnVacation,
    /// The challenger already has this many open challenges.
    #[error("too many open challenges (limit {limit})")]
    TooManyChallenges {
        /// [`ServiceConfig::max_open_challenges`](super::ServiceConfig::max_open_challenges).
        limit: u32,
    },
    /// The challenger already has this many open challenges to the same person.
    #[error("too many open challenges to this player (limit {limit})")]
    TooManyChallengesToPlayer {
        /// [`ServiceConfig::max_challenges_per_opponent`](super::ServiceConfig::max_challenges_per_opponent).
        limit: u32,
    },
    /// The challenged member declined the challenger's last challenge to them not long ago:
    /// they may be challenged by them again from `until` on (see
    /// [`ServiceConfig::decline_cooldown`](super::ServiceConfig::decline_cooldown)).
    #[error("the player declined the last challenge; challenge them again from {until:?}")]
    DeclinedRecently {
        /// When the challenger may challenge them again.
        until: Timestamp,
    },
    /// The player already plays this many active games.
    #[error("too many active games (limit {limit})")]
    TooManyGames {
        /// [`ServiceConfig::max_active_games`](super::ServiceConfig::max_active_games).
        limit: u32,
    },
    /// The challenger of the challenge being accepted already plays this many active games.
    #[error("challenger has too many active games (limit {limit})")]
    OpponentHasTooManyGames {
        /// [`ServiceConfig::max_active_games`](super::ServiceConfig::max_active_games).
        limit: u32,
    },
    /// The player already plays this many active games against the computer.
    #[error("too many active computer games (limit {limit})")]
    TooManyComputerGames {
        /// [`ServiceConfig::max_computer_games`](super::ServiceConfig::max_computer_games).
        limit: u32,
    },
    /// Joining the tournament would take the player past their limit of active games: each
    /// tournament they play in takes one place.
    #[error("joining would exceed the limit of active games ({limit})")]
    TournamentWouldExceedGames {
        /// [`ServiceConfig::max_active_games`](super::ServiceConfig::max_active_games).
        limit: u32,
    },
    /// The player already plays in this many tournaments (open or running).
    #[error("too many tournaments joined (limit {limit})")]
    TooManyTournaments {
        /// [`ServiceConfig::max_tournaments_joined`](super::ServiceConfig::max_tournaments_joined).
        limit: u32,
    },
    /// The creator already has this many tournaments waiting to start.
    #[error("too many open tournaments created (limit {limit})")]
    TooManyOpenTournaments {
        /// [`ServiceConfig::max_open_tournaments_per_creator`](super::ServiceConfig::max_open_tournaments_per_creator).
        limit: u32,
    },
    /// The server already has this many tournaments waiting to start.
    #[error("too many open tournaments on the server (limit {limit})")]
    ServerHasTooManyTournaments {
        /// [`ServiceConfig::max_open_tournaments_per_server`](super::ServiceConfig::max_open_tournaments_per_server).
        limit: u32,
    },
    /// No tournament was named, and several are open on the server (the newest first, a few
    /// at most): which one is meant is for the player to say.
    #[error("several open tournaments: {0:?}")]
    SeveralTournamentsOpen(Vec<TournamentId>),
    /// No tournament was named, and the only open one was created moments ago by someone
    /// else: the player may have meant another, so they name it.
    #[error("tournament {0} is new: name it")]
    TournamentJustCreated(TournamentId),
    /// The player already has this many reviews waiting (queued or under way).
    #[error("too many reviews waiting (limit {limit})")]
    TooManyReviews {
        /// [`ServiceConfig::max_waiting_reviews`](super::ServiceConfig::max_waiting_reviews).
        limit: u32,
    },
    /// A season was to start while one is open on the server.
    #[error("season {number} is open")]
    SeasonOpen {
        /// The open season.
        number: u32,
    },
    /// A season was to end while none is open on the server.
    #[error("no open season")]
    NoOpenSeason,
    /// The server has no season of this number.
    #[error("no season {0}")]
    NoSuchSeason(u32),
    /// Tournaments are played on a server, not in direct messages.
    #[error("tournaments need a server")]
    TournamentNeedsServer,
    /// A tournament's name is empty or too long.
    #[error("tournament name must have 1 to {max} characters")]
    TournamentName {
        /// [`MAX_NAME`](crate::tournament::MAX_NAME).
        max: usize,
    },
    /// A tournament's most players is out of range.
    #[error("tournament size must be {min} to {max}")]
    TournamentSize {
        /// The fewest.
        min: u32,
        /// The most.
        max: u32,
    },
    /// A Swiss tournament's rounds are out of range.
    #[error("tournament rounds must be 1 to {max}")]
    TournamentRounds {
        /// The most.
        max: u32,
    },
    /// A tournament's start time is not in the future.
    #[error("start time in the past")]
    StartInPast,
    /// No arena has this id on this server.
    #[error("no arena {0}")]
    NoSuchArena(ArenaId),
    /// An arena lasts from 10 to 180 minutes.
    #[error("an arena lasts {min} to {max} minutes")]
    ArenaDuration {
        /// The shortest, in minutes.
        min: u32,
        /// The longest, in minutes.
        max: u32,
    },
    /// Berserk only in an arena game, before one's first move, once.
    #[error("berserk refused")]
    BerserkRefused,
    /// No tournament has this id on this server.
    #[error("no tournament {0}")]
    NoSuchTournament(TournamentId),
    /// No tournament was named and none fits on this server.
    #[error("no tournament here")]
    NoTournamentHere,
    /// The tournament has started: nobody joins it, and it starts only once.
    #[error("tournament started")]
    TournamentStarted,
    /// The tournament is finished or cancelled.
    #[error("tournament over")]
    TournamentOver,
    /// The tournament has all the players it takes.
    #[error("tournament full ({max} players)")]
    TournamentFull {
        /// Its most players.
        max: u32,
    },
    /// The player is in the tournament already.
    #[error("already in the tournament")]
    AlreadyJoined,
    /// The player is not in the tournament (or has withdrawn).
    #[error("not in the tournament")]
    NotInTournament,
    /// Only members who may manage the server may change this.
    #[error("only the server's managers may change its {0:?}")]
    ManagersOnly(Managed),
    /// Only the tournament's creator or someone who manages the server may start or cancel it.
    #[error("not the tournament's organiser")]
    NotOrganiser,
    /// A tournament starts with at least two players.
    #[error("{have} players, at least {min} needed")]
    TooFewPlayers {
        /// Players who joined.
        have: u32,
        /// The fewest.
        min: u32,
    },
    /// Stored answers (conditional moves, a premove) were refused: nothing was stored.
    #[error("stored answers: {0}")]
    Conditional(#[from] ConditionalError),
    /// A puzzle request was refused (or, internal, a puzzle does not hold together).
    #[error("puzzle: {0}")]
    Puzzle(#[from] PuzzleError),
    /// An evaluation of a position was refused.
    #[error("evaluation: {0}")]
    Evaluation(#[from] EvaluationError),
    /// A notice of the outbox could not be written or read. Internal.
    #[error("outbox: {0}")]
    Outbox(String),
    /// A stored game does not replay: its moves or position are inconsistent. Internal.
    #[error("game {game} corrupt: {reason}")]
    Corrupt {
        /// The game.
        game: GameId,
        /// What does not fit.
        reason: String,
    },
    /// The engine could not search (it failed or its task panicked). Internal.
    #[error("game {game} engine failed: {reason}")]
    Engine {
        /// The game.
        game: GameId,
        /// What went wrong.
        reason: String,
    },
    /// The database failed. Internal.
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
}

impl ServiceError {
    /// Whether this is an internal failure (log it, show a generic message) rather than a
    /// refusal to explain to the player.
    #[must_use]
    pub fn is_internal(&self) -> bool {
        matches!(
            self,
            ServiceError::Corrupt { .. }
                | ServiceError::Engine { .. }
                | ServiceError::Outbox(_)
                | ServiceError::Database(_)
        ) || matches!(self, ServiceError::Puzzle(e) if e.is_internal())
    }
}
