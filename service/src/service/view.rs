//! What the service returns: snapshots of games and the results of actions, ready to show.

use dama_engine::Level;
use dama_rules::{Color, Game, LastMove, Move, MoveList, Outcome, Position, Rules};
use serde::{Deserialize, Serialize};

use crate::clock::Timestamp;
use crate::ids::{ChannelId, GameId, Place, UserId};
use crate::model::{
    Challenge, ClockReading, Clocks, LiveClock, Participant, Seats, Speed, TimeControl,
};
use crate::rating::Rating;
use crate::store::GameRecord;

use super::{PendingNotice, ServiceError};

/// A game as it stands: everything needed to draw it and describe it.
#[derive(Debug, Clone, PartialEq)]
pub struct GameView {
    /// The game.
    pub id: GameId,
    /// The guild (or DM) and channel it was started in.
    pub place: Place,
    /// The thread the adapter opened for it, if any (see `GameService::set_thread`).
    pub thread: Option<ChannelId>,
    /// Who plays White and who plays Black.
    pub seats: Seats,
    /// Whether the game counts for ratings.
    pub rated: bool,
    /// Time per move (`Unlimited` in a live game).
    pub time_control: TimeControl,
    /// The live clock, in a live game (read its clocks with [`clock_at`](Self::clock_at)).
    pub live: Option<LiveClock>,
    /// The live clocks as last written, in a live game.
    pub clocks: Option<Clocks>,
    /// The rule set the game is played under.
    pub rules: Rules,
    /// The current position.
    pub position: Position,
    /// The last move and the position it was played in (for last-move highlights).
    pub last_move: Option<LastMove>,
    /// Plies played so far.
    pub ply: u32,
    /// Bumped by every change to the game (a move, an offer, an answer): a question drawn at
    /// one version is answered only while the game is still at it.
    pub version: i64,
    /// When the player to move loses on time, if the game has a deadline now (in a live game:
    /// when the side to move flags, or before both first moves, when the game is aborted).
    pub deadline: Option<Timestamp>,
    /// The side whose draw offer is pending.
    pub draw_offer: Option<Color>,
    /// The side whose takeback request is pending.
    pub takeback_request: Option<Color>,
    /// How the game ended, `None` while it goes on.
    pub outcome: Option<Outcome>,
    /// When it started.
    pub created_at: Timestamp,
    /// When it last changed.
    pub updated_at: Timestamp,
    /// When it ended.
    pub ended_at: Option<Timestamp>,
}

impl GameView {
    /// The view of `record` replayed as `game`. A finished game has no deadline and no draw
    /// offer or takeback request left pending: those belong to a game that goes on.
    pub(super) fn of(record: &GameRecord, game: &Game) -> GameView {
        let last_move = LastMove::of_game(game);
        let live = record.state.outcome.is_none();
        GameView {
            id: record.id,
            place: record.place,
            thread: record.thread,
            seats: record.seats.clone(),
            rated: record.rated,
            time_control: record.time_control,
            live: record.live,
            clocks: record.state.clocks,
            rules: record.rules,
            position: *game.position(),
            last_move,
            ply: record.state.ply,
            version: record.state.version,
            deadline: record.state.deadline.filter(|_| live),
            draw_offer: record.state.draw_offer.filter(|_| live),
            takeback_request: record.state.takeback.filter(|_| live),
            outcome: record.state.outcome,
            created_at: record.created_at,
            updated_at: record.state.updated_at,
            ended_at: record.state.ended_at,
        }
    }

    /// The live clocks read at `at` (the server's time, as `GameService::now` gives it): each
    /// side's time left then, and whose clock runs; `None` in a correspondence game. A
    /// finished game's clocks stand as they were last written.
    #[must_use]
    pub fn clock_at(&self, at: Timestamp) -> Option<ClockReading> {
        let (clock, clocks) = (self.live?, self.clocks?);
        Some(super::live::reading(
            clock,
            &clocks,
            self.ply,
            self.turn(),
            self.is_over(),
            at,
        ))
    }

    /// The side to move (in a finished game: the side that would be to move).
    #[must_use]
    pub fn turn(&self) -> Color {
        self.position.turn()
    }

    /// Who plays `color`.
    #[must_use]
    pub fn participant(&self, color: Color) -> &Participant {
        self.seats.participant(color)
    }

    /// Who is to move, `None` once the game is over.
    #[must_use]
    pub fn to_move(&self) -> Option<&Participant> {
        if self.is_over() {
            None
        } else {
            Some(self.participant(self.turn()))
        }
    }

    /// The user to move, `None` when the engine is to move or the game is over.
    #[must_use]
    pub fn user_to_move(&self) -> Option<UserId> {
        self.to_move().and_then(Participant::user)
    }

    /// The engine's level when the engine is to move: the adapter should have the computer
    /// play (`GameService::play_computer_turn`).
    #[must_use]
    pub fn engine_to_move(&self) -> Option<Level> {
        self.to_move().and_then(Participant::engine)
    }

    /// The colour `user` plays, if they play in this game.
    #[must_use]
    pub fn color_of(&self, user: UserId) -> Option<Color> {
        self.seats.color_of(user)
    }

    /// The number of the move in progress, counting a White and a Black ply as one move:
    /// 1 at the start, 2 after both sides moved once.
    #[must_use]
    pub fn move_number(&self) -> u32 {
        self.ply / 2 + 1
    }

    /// Whether the game has ended.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Whether `viewer` may look at this game from `place`: its players may, anywhere; other
    /// members only from the server the game is played in. A game in direct messages is seen
    /// by its players alone.
    #[must_use]
    pub fn visible_to(&self, viewer: UserId, place: Place) -> bool {
        visible(&self.seats, self.place, viewer, place)
    }

    /// The colour `user` plays, or [`ServiceError::NotAParticipant`]: for refusing a click on
    /// a game's controls by someone who does not play before looking further.
    pub fn ensure_player(&self, user: UserId) -> Result<Color, ServiceError> {
        self.color_of(user).ok_or(ServiceError::NotAParticipant)
    }

    /// Refuses with [`ServiceError::MovedOn`] unless the game is still at `ply`, the ply a
    /// board, menu or question was drawn at.
    pub fn ensure_at(&self, ply: u32) -> Result<(), ServiceError> {
        if self.ply == ply {
            Ok(())
        } else {
            Err(ServiceError::MovedOn { now: self.ply })
        }
    }

    /// The moves the side to move may play now under the game's rules (only the maximum
    /// captures when a capture is compulsory); none once the game is over.
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        if self.is_over() {
            return MoveList::new();
        }
        self.position.legal_moves_under(self.rules)
    }

    /// Whether the computer is to move and `user` plays in the game: only a player's look at
    /// the board may set the computer thinking on a turn a restart interrupted.
    #[must_use]
    pub fn computer_waits_for(&self, user: UserId) -> bool {
        self.engine_to_move().is_some() && self.color_of(user).is_some()
    }

    /// The person a post about this game is drawn for when it is for nobody in particular: the
    /// human to move, else its first human player.
    #[must_use]
    pub fn reader(&self) -> Option<UserId> {
        self.user_to_move()
            .or_else(|| self.seats.white.user())
            .or_else(|| self.seats.black.user())
    }

    /// Whether the computer plays in this game.
    #[must_use]
    pub fn against_engine(&self) -> bool {
        self.seats.against_engine()
    }
}

/// One player's rating before and after a rated game.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct RatingChange {
    /// The player.
    pub user: UserId,
    /// Before the game.
    pub before: Rating,
    /// After the game.
    pub after: Rating,
}

impl RatingChange {
    /// Points gained (negative: lost).
    #[must_use]
    pub fn delta(&self) -> f64 {
        self.after.rating - self.before.rating
    }
}

/// How a game ended, with the rating changes of a rated game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GameEnd {
    /// The result and why.
    pub outcome: Outcome,
    /// White's and Black's rating changes; `None` for a casual game.
    pub ratings: Option<[RatingChange; 2]>,
}

/// The result of a move.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveOutcome {
    /// The game after the move.
    pub game: GameView,
    /// The move played.
    pub played: Move,
    /// The move in algebraic notation with its full path, as stored.
    pub text: String,
    /// The position the move was played in.
    pub position_before: Position,
    /// Set when the move ended the game (no pieces, no moves, repetition, no progress).
    pub ended: Option<GameEnd>,
    /// The move's news, claimed in the move's transaction for the answer of the interaction
    /// that played it ([`GameService::play_answered`](super::GameService::play_answered)):
    /// answer with it, then record it with
    /// [`notice_delivered`](super::GameService::notice_delivered) or give it back with
    /// [`release_notices`](super::GameService::release_notices).
    pub answering: Option<Box<PendingNotice>>,
    /// The opponent's stored answer to the move, played at once in the same write (a
    /// conditional move or a premove, see
    /// [`GameService::set_conditional`](super::GameService::set_conditional)): the game is
    /// then two plies on, and the mover is to move again.
    pub answered: Option<Move>,
}

/// A game that has just ended (resignation, agreed draw, loss on time).
#[derive(Debug, Clone, PartialEq)]
pub struct GameEnded {
    /// The finished game.
    pub game: GameView,
    /// How it ended.
    pub end: GameEnd,
}

/// What came of asking a question ([`GameService::ask`](super::GameService::ask)) or answering
/// one ([`GameService::answer`](super::GameService::answer)).
#[derive(Debug, Clone, PartialEq)]
pub enum Reply {
    /// Nobody has answered yet: the question waits for the opponent.
    Pending(GameView),
    /// Yes to a draw (offering one while the opponent's offer is pending says yes too): the
    /// game is drawn by agreement.
    Drawn(GameEnded),
    /// Yes to a takeback (the computer always says yes, at once).
    TakenBack(TakenBack),
    /// No: the game goes on as it was.
    Declined(GameView),
}

/// What the computer did on its turn.
#[derive(Debug, Clone, PartialEq)]
pub enum ComputerTurn {
    /// It moved (and may have offered a draw: see [`GameView::draw_offer`]).
    Moved(MoveOutcome),
    /// It resigned (levels 4 and 5, in a lost position).
    Resigned(GameEnded),
}

/// Moves undone by a takeback.
#[derive(Debug, Clone, PartialEq)]
pub struct TakenBack {
    /// The game after the takeback: the requester is to move.
    pub game: GameView,
    /// The moves undone, last played first.
    pub undone: Vec<Move>,
}

/// Something the sweeper found for the adapter to announce.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// `user`'s deadline in `game` is near: remind them (once per move).
    Reminder {
        /// The game.
        game: GameView,
        /// The player to move.
        user: UserId,
        /// When they lose on time.
        deadline: Timestamp,
    },
    /// `loser` let the deadline pass and lost the game.
    TimedOut {
        /// The finished game.
        game: GameView,
        /// The player who ran out of time.
        loser: UserId,
        /// The result, with rating changes.
        end: GameEnd,
    },
    /// A live game was aborted: a side made no first move in time (no result, unrated).
    Aborted(GameView),
    /// Nobody accepted the challenge in time.
    ChallengeExpired(Challenge),
    /// The computer played the turn a restart had left waiting in this game.
    ComputerPlayed(GameId),
}

/// Wins, draws and losses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Record {
    /// Games played.
    pub games: u32,
    /// Won.
    pub wins: u32,
    /// Drawn.
    pub draws: u32,
    /// Lost.
    pub losses: u32,
}

/// A run of equal results, newest game first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Streak {
    /// No finished game yet.
    #[default]
    None,
    /// This many wins in a row.
    Wins(u32),
    /// This many draws in a row.
    Draws(u32),
    /// This many losses in a row.
    Losses(u32),
}

/// A player's rating in a scope.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatingSummary {
    /// The speed of the games it rates.
    pub speed: Speed,
    /// The Glicko-2 rating.
    pub rating: Rating,
    /// Rated games behind it.
    pub games: u32,
    /// Whether the rating is still provisional (deviation above the configured limit).
    pub provisional: bool,
    /// Place on the leaderboard, `None` below the minimum number of games.
    pub rank: Option<u32>,
}

/// A player's statistics in a guild (or in DMs).
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerStats {
    /// The player.
    pub user: UserId,
    /// Their name in that guild (or DMs), if they have used the bot.
    pub name: Option<String>,
    /// Their rating at each speed they have played a rated game of here, the fastest first
    /// (empty before their first rated game here).
    pub ratings: Vec<RatingSummary>,
    /// Their results in finished games against people here, rated and casual.
    pub record: Record,
    /// Their current streak in those games.
    pub streak: Streak,
    /// Their results against one opponent, when asked for.
    pub head_to_head: Option<HeadToHead>,
}

impl PlayerStats {
    /// Their rating at `speed`, `None` before their first rated game of that speed here.
    #[must_use]
    pub fn rating(&self, speed: Speed) -> Option<&RatingSummary> {
        self.ratings.iter().find(|r| r.speed == speed)
    }

    /// The speed they have played the most rated games of here (the slower on a tie);
    /// correspondence before their first.
    #[must_use]
    pub fn busiest_speed(&self) -> Speed {
        self.ratings
            .iter()
            .max_by_key(|r| (r.games, r.speed))
            .map_or(Speed::Correspondence, |r| r.speed)
    }
}

/// Results against one opponent, from the player's side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeadToHead {
    /// The opponent.
    pub opponent: UserId,
    /// Their name in that guild (or DMs), if known.
    pub opponent_name: Option<String>,
    /// The player's results against them.
    pub record: Record,
}

/// One line of a leaderboard.
#[derive(Debug, Clone, PartialEq)]
pub struct LeaderboardEntry {
    /// 1 for the best.
    pub rank: u32,
    /// The player.
    pub user: UserId,
    /// Their name in that guild (or DMs).
    pub name: String,
    /// Their rating.
    pub rating: Rating,
    /// Rated games played.
    pub games: u32,
    /// Whether the rating is still provisional.
    pub provisional: bool,
}

/// A player's vacation allowance and state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VacationStatus {
    /// When the running vacation ends, if one is running.
    pub until: Option<Timestamp>,
    /// Days used this calendar year (a started day counts).
    pub days_used: u32,
    /// Days left this calendar year.
    pub days_left: u32,
}

/// Whether `viewer` may look from `from` at a game played by `seats` in `place` (see
/// [`GameView::visible_to`]).
pub(super) fn visible(seats: &Seats, place: Place, viewer: UserId, from: Place) -> bool {
    seats.color_of(viewer).is_some() || (place.guild.is_some() && place.guild == from.guild)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use dama_rules::{DrawReason, WinReason};

    use super::*;
    use crate::model::Player;
    use crate::store::GameState;

    const NOW: Timestamp = Timestamp::from_millis(1_750_000_000_000);

    /// A game row at the start between Ada and Bo with a draw offer and a takeback request
    /// pending and a deadline running, ended as `outcome` says.
    fn record(outcome: Option<Outcome>) -> GameRecord {
        let start = Position::start();
        GameRecord {
            id: GameId(7),
            place: Place {
                guild: None,
                channel: ChannelId(5),
            },
            thread: None,
            seats: Seats::new(
                Participant::Human(Player::new(UserId(1), "Ada")),
                Participant::Human(Player::new(UserId(2), "Bo")),
            ),
            rated: false,
            time_control: TimeControl::Day,
            live: None,
            berserk: [false; 2],
            rules: Rules::STANDARD,
            start,
            created_at: NOW,
            vacation_until: [None, None],
            conditional_by: None,
            state: GameState {
                position: start,
                ply: 0,
                version: 3,
                outcome,
                to_move: Some(UserId(1)),
                draw_offer: Some(Color::Black),
                takeback: Some(Color::Black),
                deadline: Some(NOW + Duration::from_secs(3_600)),
                reminded: false,
                updated_at: NOW,
                ended_at: outcome.map(|_| NOW),
                clocks: None,
            },
        }
    }

    #[test]
    fn a_game_that_goes_on_shows_its_offer_request_and_deadline() {
        let view = GameView::of(&record(None), &Game::new());
        assert_eq!(view.draw_offer, Some(Color::Black));
        assert_eq!(view.takeback_request, Some(Color::Black));
        assert!(view.deadline.is_some());
    }

    #[test]
    fn a_finished_game_shows_no_offer_request_or_deadline_even_if_its_row_kept_them() {
        for outcome in [
            Outcome::Draw(DrawReason::Agreement),
            Outcome::Win {
                winner: Color::Black,
                reason: WinReason::Resignation,
            },
        ] {
            let view = GameView::of(&record(Some(outcome)), &Game::new());
            assert_eq!(view.outcome, Some(outcome));
            assert_eq!(
                (view.draw_offer, view.takeback_request, view.deadline),
                (None, None, None)
            );
        }
    }
}
