//! The one error type of the service.

use dama_rules::notation::ResolveError;
use thiserror::Error;

use crate::clock::Timestamp;
use crate::ids::{ChallengeId, GameId};

/// Why the service refused or failed a request. `Display` is a lowercase sentence meant for the
/// player, except for [`ServiceError::Corrupt`] and [`ServiceError::Database`], which are
/// internal: log them and show the player a generic message (see [`ServiceError::is_internal`]).
#[derive(Debug, Error)]
pub enum ServiceError {
    /// No game has this id.
    #[error("there is no game #{0}")]
    NoSuchGame(GameId),
    /// The player has no active game in this channel.
    #[error("you have no game in progress here")]
    NoGameHere,
    /// The player has several active games in this channel and none is clearly meant.
    #[error("you have several games here: choose one with the game option")]
    SeveralGamesHere(Vec<GameId>),
    /// The user does not play in this game.
    #[error("you are not playing in this game")]
    NotAParticipant,
    /// It is the other side's turn.
    #[error("it is not your turn")]
    NotYourTurn,
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// The mover's deadline has passed; the sweeper will record the loss on time.
    #[error("your time for this move ran out")]
    DeadlinePassed,
    /// The move text names no legal move; the rules' error says what is wrong.
    #[error(transparent)]
    Move(#[from] ResolveError),
    /// Someone else changed the game between reading and writing it (a racing move, say).
    #[error("the game changed in the meantime: look again")]
    Conflict,
    /// No challenge has this id.
    #[error("there is no challenge #{0}")]
    NoSuchChallenge(ChallengeId),
    /// The challenge was already accepted, declined or cancelled.
    #[error("this challenge is no longer open")]
    ChallengeGone,
    /// The challenge expired before it was accepted.
    #[error("this challenge has expired")]
    ChallengeExpired,
    /// A direct challenge to someone else.
    #[error("this challenge is for someone else")]
    ChallengeNotForYou,
    /// The challenger tried to accept or decline their own challenge.
    #[error("you cannot answer your own challenge")]
    OwnChallenge,
    /// Only the challenger may cancel a challenge.
    #[error("only the challenger can cancel this challenge")]
    NotYourChallenge,
    /// A challenge to oneself.
    #[error("you cannot challenge yourself")]
    SelfChallenge,
    /// No draw offer from the opponent is pending.
    #[error("there is no draw offer to answer")]
    NoDrawOffer,
    /// The player's own draw offer is already pending.
    #[error("you have already offered a draw")]
    DrawAlreadyOffered,
    /// The computer plays on: it takes no draw offers.
    #[error("the computer does not accept draw offers")]
    EngineDeclinesDraws,
    /// No takeback request from the opponent is pending.
    #[error("there is no takeback request to answer")]
    NoTakebackRequest,
    /// A takeback request is already pending in this game.
    #[error("a takeback request is already pending")]
    TakebackPending,
    /// The player has made no move that could be taken back.
    #[error("you have no move to take back")]
    NothingToTakeBack,
    /// The player asked for more vacation days than they have left this year.
    #[error("you have only {days_left} vacation days left this year")]
    VacationExhausted {
        /// Days still available this calendar year.
        days_left: u32,
    },
    /// A vacation of zero days.
    #[error("a vacation lasts at least one day")]
    InvalidVacationLength,
    /// The player is already on vacation.
    #[error("you are already on vacation")]
    AlreadyOnVacation {
        /// When the running vacation ends.
        until: Timestamp,
    },
    /// The player is not on vacation.
    #[error("you are not on vacation")]
    NotOnVacation,
    /// A stored game does not replay: its moves or position are inconsistent. Internal.
    #[error("game #{game} is damaged: {reason}")]
    Corrupt {
        /// The game.
        game: GameId,
        /// What does not fit.
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
            ServiceError::Corrupt { .. } | ServiceError::Database(_)
        )
    }
}
