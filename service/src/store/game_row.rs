//! The game row codec: a game as the service sees it ([`GameRecord`], [`GameState`]), the row
//! it is stored as, and the words its columns hold (colours, results, end reasons).

use dama_engine::Level;
use dama_rules::{Color, DrawReason, Move, Outcome, Position, Rules, WinReason};
use sqlx::FromRow;

use super::{Flag, corrupt, from_db, time};
use crate::clock::Timestamp;
use crate::ids::{ChannelId, GameId, GuildId, Place, UserId};
use crate::model::{Clocks, LiveClock, Participant, Player, Seats, TimeControl};

/// A game as stored: what never changes, and its current [`GameState`].
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct GameRecord {
    pub id: GameId,
    pub place: Place,
    pub thread: Option<ChannelId>,
    pub seats: Seats,
    pub rated: bool,
    /// Time per move in a correspondence game (`Unlimited` in a live game).
    pub time_control: TimeControl,
    /// The live clock, in a live game.
    pub live: Option<LiveClock>,
    pub rules: Rules,
    pub start: Position,
    pub created_at: Timestamp,
    /// When White's and Black's running vacations end (as read with the game row: starting
    /// or ending a vacation bumps the version of every game of the player).
    pub vacation_until: [Option<Timestamp>; 2],
    /// The side whose conditional moves (or premove) are stored, as read with the game row:
    /// only the writes of stored answers change it, never [`update_game`](super::update_game).
    pub conditional_by: Option<Color>,
    /// Whether White, and Black, went berserk (an arena game): no increment for that side.
    pub berserk: [bool; 2],
    pub state: GameState,
}

/// The part of a game that moves, draws, takebacks and the clock change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct GameState {
    pub position: Position,
    pub ply: u32,
    /// Bumped on every write; writers check it.
    pub version: i64,
    pub outcome: Option<Outcome>,
    /// The human to move while the game goes on.
    pub to_move: Option<UserId>,
    pub draw_offer: Option<Color>,
    pub takeback: Option<Color>,
    /// When the side to move loses on time (in a live game: flags, or before both first
    /// moves, has the game aborted).
    pub deadline: Option<Timestamp>,
    pub reminded: bool,
    pub updated_at: Timestamp,
    pub ended_at: Option<Timestamp>,
    /// The live clocks, in a live game.
    pub clocks: Option<Clocks>,
}

/// One stored move: the move with its full algebraic path and the position it led to.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub(crate) struct MoveRecord {
    pub ply: i64,
    pub notation: String,
    pub position_after: String,
    pub played_at: i64,
}

pub(super) fn seconds(tc: TimeControl) -> Option<i64> {
    tc.seconds().and_then(|s| i64::try_from(s).ok())
}

#[derive(FromRow)]
pub(super) struct GameRow {
    pub(super) id: i64,
    pub(super) guild_id: Option<i64>,
    pub(super) channel_id: i64,
    pub(super) thread_id: Option<i64>,
    pub(super) white_id: Option<i64>,
    pub(super) black_id: Option<i64>,
    pub(super) white_name: Option<String>,
    pub(super) black_name: Option<String>,
    pub(super) white_vacation_until: Option<i64>,
    pub(super) black_vacation_until: Option<i64>,
    pub(super) engine_level: Option<i64>,
    #[sqlx(try_from = "Flag")]
    pub(super) rated: bool,
    pub(super) move_seconds: Option<i64>,
    pub(super) rules: String,
    pub(super) start_position: String,
    pub(super) position: String,
    pub(super) ply: i64,
    pub(super) version: i64,
    pub(super) result: Option<String>,
    pub(super) end_reason: Option<String>,
    pub(super) to_move_id: Option<i64>,
    pub(super) draw_offer_by: Option<String>,
    pub(super) takeback_by: Option<String>,
    pub(super) deadline: Option<i64>,
    #[sqlx(try_from = "Flag")]
    pub(super) reminded: bool,
    pub(super) created_at: i64,
    pub(super) updated_at: i64,
    pub(super) ended_at: Option<i64>,
    pub(super) conditional_by: Option<String>,
    pub(super) clock_base_ms: Option<i64>,
    pub(super) clock_increment_ms: Option<i64>,
    pub(super) white_clock_ms: Option<i64>,
    pub(super) black_clock_ms: Option<i64>,
    pub(super) turn_started_at: Option<i64>,
    pub(super) white_lag_quota_ms: Option<i64>,
    pub(super) black_lag_quota_ms: Option<i64>,
    #[sqlx(try_from = "Flag")]
    pub(super) white_berserk: bool,
    #[sqlx(try_from = "Flag")]
    pub(super) black_berserk: bool,
}

/// The game query, with a `WHERE` clause appended (a literal, so the SQL stays static).
macro_rules! select_game {
    ($where:literal) => {
        concat!(
            "SELECT g.id, g.guild_id, g.channel_id, g.thread_id, g.white_id, g.black_id, ",
            name_in!("g.white_id", "coalesce(g.guild_id, 0)"),
            " AS white_name, ",
            name_in!("g.black_id", "coalesce(g.guild_id, 0)"),
            " AS black_name,
        w.vacation_until AS white_vacation_until, b.vacation_until AS black_vacation_until,
        g.engine_level,
        g.rated, g.move_seconds, g.rules, g.start_position, g.position, g.ply, g.version, g.result,
        g.end_reason, g.to_move_id, g.draw_offer_by, g.takeback_by, g.deadline, g.reminded,
        g.created_at, g.updated_at, g.ended_at, g.conditional_by,
        g.clock_base_ms, g.clock_increment_ms, g.white_clock_ms, g.black_clock_ms,
        g.turn_started_at, g.white_lag_quota_ms, g.black_lag_quota_ms, g.white_berserk,
        g.black_berserk
    FROM games g
    LEFT JOIN players w ON w.user_id = g.white_id
    LEFT JOIN players b ON b.user_id = g.black_id ",
            $where
        )
    };
}
pub(super) use select_game;

impl GameRow {
    /// The record of this row; `missed` is the capture that was available when the game
    /// ended by a missed capture (which the row alone does not hold: see [`missed_capture`]).
    pub(super) fn into_record(self, missed: Option<Move>) -> Result<GameRecord, sqlx::Error> {
        let id = GameId(self.id);
        let engine = self
            .engine_level
            .map(|l| {
                u8::try_from(l)
                    .ok()
                    .and_then(Level::new)
                    .ok_or_else(|| corrupt(format!("game {id}: engine level {l}")))
            })
            .transpose()?;
        let side = |user: Option<i64>, name: Option<String>| match (user, engine) {
            (Some(u), _) => Ok(Participant::Human(Player::new(
                UserId(from_db(u)),
                name.unwrap_or_default(),
            ))),
            (None, Some(level)) => Ok(Participant::Engine(level)),
            (None, None) => Err(corrupt(format!("game {id}: a side has no player"))),
        };
        let outcome = match (self.result.as_deref(), self.end_reason.as_deref()) {
            (Some(result), Some(reason)) => Some(
                decode_outcome(result, reason, missed)
                    .ok_or_else(|| corrupt(format!("game {id}: result {result} by {reason}")))?,
            ),
            _ => None,
        };
        let position = |text: &str| {
            text.parse::<Position>()
                .map_err(|e| corrupt(format!("game {id}: position `{text}`: {e}")))
        };
        let tc_seconds = self.move_seconds.map(|s| u64::try_from(s).unwrap_or(0));
        let live = match (self.clock_base_ms, self.clock_increment_ms) {
            (Some(base), Some(increment)) => Some(
                LiveClock::from_millis(base, increment)
                    .ok_or_else(|| corrupt(format!("game {id}: clock {base}+{increment} ms")))?,
            ),
            _ => None,
        };
        let clocks = match (
            live,
            self.white_clock_ms,
            self.black_clock_ms,
            self.turn_started_at,
            self.white_lag_quota_ms,
            self.black_lag_quota_ms,
        ) {
            (None, ..) => None,
            (
                Some(_),
                Some(white),
                Some(black),
                Some(began),
                Some(white_quota),
                Some(black_quota),
            ) => Some(Clocks {
                remaining_ms: [white, black],
                turn_started_at: time(began),
                lag_quota_ms: [white_quota, black_quota],
            }),
            _ => {
                return Err(corrupt(format!(
                    "game {id}: a live clock without its state"
                )));
            }
        };
        Ok(GameRecord {
            id,
            place: Place {
                guild: self.guild_id.map(|g| GuildId(from_db(g))),
                channel: ChannelId(from_db(self.channel_id)),
            },
            thread: self.thread_id.map(|t| ChannelId(from_db(t))),
            seats: Seats::new(
                side(self.white_id, self.white_name)?,
                side(self.black_id, self.black_name)?,
            ),
            rated: self.rated,
            time_control: TimeControl::from_seconds(tc_seconds)
                .ok_or_else(|| corrupt(format!("game {id}: {tc_seconds:?} s per move")))?,
            live,
            rules: self
                .rules
                .parse()
                .map_err(|e| corrupt(format!("game {id}: {e}")))?,
            start: position(&self.start_position)?,
            created_at: time(self.created_at),
            vacation_until: [
                self.white_vacation_until.map(time),
                self.black_vacation_until.map(time),
            ],
            conditional_by: decode_color(self.conditional_by.as_deref())?,
            berserk: [self.white_berserk, self.black_berserk],
            state: GameState {
                position: position(&self.position)?,
                ply: u32::try_from(self.ply).map_err(|_| corrupt(format!("game {id}: ply")))?,
                version: self.version,
                outcome,
                to_move: self.to_move_id.map(|u| UserId(from_db(u))),
                draw_offer: decode_color(self.draw_offer_by.as_deref())?,
                takeback: decode_color(self.takeback_by.as_deref())?,
                deadline: self.deadline.map(time),
                reminded: self.reminded,
                updated_at: time(self.updated_at),
                ended_at: self.ended_at.map(time),
                clocks,
            },
        })
    }
}

pub(super) fn encode_color(c: Option<Color>) -> Option<&'static str> {
    c.map(Color::name)
}

pub(super) fn decode_color(text: Option<&str>) -> Result<Option<Color>, sqlx::Error> {
    match text {
        None => Ok(None),
        Some("white") => Ok(Some(Color::White)),
        Some("black") => Ok(Some(Color::Black)),
        Some(other) => Err(corrupt(format!("colour `{other}`"))),
    }
}

pub(super) fn encode_reason(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win { reason, .. } => match reason {
            WinReason::NoPieces => "no_pieces",
            WinReason::NoMoves => "no_moves",
            WinReason::Resignation => "resignation",
            WinReason::Time => "time",
            WinReason::Abandoned => ABANDONED,
            WinReason::MissedCapture { .. } => MISSED_CAPTURE,
        },
        Outcome::Draw(DrawReason::Agreement) => "agreement",
        Outcome::Draw(DrawReason::Repetition) => "repetition",
        Outcome::Draw(DrawReason::NoProgress) => "no_progress",
        Outcome::Draw(DrawReason::Abandoned) => ABANDONED,
        Outcome::Aborted => ABORTED,
    }
}

/// The winner a result token names (`None` inside for a draw); `None` for an unknown token.
/// The inverse of [`Outcome::result_token`].
pub(crate) fn decode_result(result: &str) -> Option<Option<Color>> {
    match result {
        "1-0" => Some(Some(Color::White)),
        "0-1" => Some(Some(Color::Black)),
        "1/2-1/2" => Some(None),
        _ => None,
    }
}

/// The `end_reason` of an aborted game (its result is `*`).
pub(super) const ABORTED: &str = "aborted";

/// The `end_reason` of a live game claimed (won or drawn) when a player had left.
pub(super) const ABANDONED: &str = "abandoned";

/// The status a game with `outcome` has: active, finished, or aborted.
pub(super) fn status(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        None => "active",
        Some(Outcome::Aborted) => "aborted",
        Some(_) => "finished",
    }
}

/// The `end_reason` of a game lost by a missed capture (strict rules).
pub(super) const MISSED_CAPTURE: &str = "missed_capture";

/// The outcome a result token and an end reason name; `missed` is the capture that was
/// available, for a game lost by missing it.
fn decode_outcome(result: &str, reason: &str, missed: Option<Move>) -> Option<Outcome> {
    if (result, reason) == ("*", ABORTED) {
        return Some(Outcome::Aborted);
    }
    let winner = decode_result(result)?;
    let win = |reason| winner.map(|winner| Outcome::Win { winner, reason });
    let draw = |reason| winner.is_none().then_some(Outcome::Draw(reason));
    match reason {
        "no_pieces" => win(WinReason::NoPieces),
        "no_moves" => win(WinReason::NoMoves),
        "resignation" => win(WinReason::Resignation),
        "time" => win(WinReason::Time),
        ABANDONED if winner.is_some() => win(WinReason::Abandoned),
        ABANDONED => draw(DrawReason::Abandoned),
        MISSED_CAPTURE => win(WinReason::MissedCapture { available: missed? }),
        "agreement" => draw(DrawReason::Agreement),
        "repetition" => draw(DrawReason::Repetition),
        "no_progress" => draw(DrawReason::NoProgress),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_outcome_survives_encoding() {
        // Every reason a game row can hold on its own, for both winners.
        let wins = [
            WinReason::NoPieces,
            WinReason::NoMoves,
            WinReason::Resignation,
            WinReason::Time,
            WinReason::Abandoned,
        ]
        .into_iter()
        .flat_map(|reason| Color::ALL.map(|winner| Outcome::Win { winner, reason }));
        let draws = [
            DrawReason::Agreement,
            DrawReason::Repetition,
            DrawReason::NoProgress,
            DrawReason::Abandoned,
        ]
        .map(Outcome::Draw);
        for outcome in wins.chain(draws).chain([Outcome::Aborted]) {
            let decoded = decode_outcome(outcome.result_token(), encode_reason(outcome), None);
            assert_eq!(decoded, Some(outcome));
        }
    }

    #[test]
    fn a_drawn_result_with_a_winning_reason_is_refused() {
        assert_eq!(decode_outcome("1/2-1/2", "time", None), None);
        assert_eq!(decode_outcome("1-0", "agreement", None), None);
        assert_eq!(decode_outcome("2-0", "time", None), None);
        assert_eq!(decode_outcome("*", "time", None), None);
        assert_eq!(decode_outcome("1-0", "aborted", None), None);
    }
}
