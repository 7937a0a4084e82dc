//! The outbox: what must reach people after a change, written in the same transaction as the
//! change, so that no board, result, question or reminder is lost to a crash, a restart or an
//! outage of Discord.
//!
//! The service writes [`Notice`]s; the adapter delivers them. A notice written while a player
//! acts waits a short grace ([`ServiceConfig::answer_grace`](super::ServiceConfig)) in which the
//! interaction may carry it as its own answer ([`GameService::claim_answer`]); after that, or
//! when the answer fails, the delivery worker sends it ([`GameService::due_notices`]). Notices
//! of one stream (a game, or a channel for challenge expiries) go out in the order they were
//! written; a sender holds a lease on a notice while it sends, and marks it delivered once
//! ([`GameService::notice_delivered`]).

use std::sync::Arc;
use std::time::Duration;

use dama_rules::Color;
use serde::{Deserialize, Serialize};

use super::{ChampionTitle, EventOf, GameService, Question, RatingChange, ServiceError};
use crate::clock::Timestamp;
use crate::ids::{
    ArenaId, ChallengeId, ChannelId, GameId, GuildId, PuzzleId, TournamentId, UserId,
};
use crate::store::{self, Conn, OutboxRow};

/// How long a sender may take to send a notice before another may take it over (sooner, when
/// the sender is found dead: see [`GameService::beat_instance`]).
pub(super) const SEND_LEASE: Duration = Duration::from_secs(30);

/// How long after an interaction claimed a notice its answer can still be looked up: Discord
/// keeps an interaction's token 15 minutes; a minute is left for the look-up itself.
const ANSWER_LOOKUP: Duration = Duration::from_secs(14 * 60);

/// An outbox row's id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NoticeId(pub i64);

/// What must reach people.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Notice {
    /// The board of `game` as it stood after `ply` plies, under what happened (`lines`), with a
    /// ping for the player to move.
    Board {
        /// The game.
        game: GameId,
        /// Plies played when the board is drawn.
        ply: u32,
        /// What happened since the last board.
        lines: Vec<Line>,
    },
    /// The end of `game`: what happened, the result, the rating changes and the replay.
    Ended {
        /// The game.
        game: GameId,
        /// What happened last.
        lines: Vec<Line>,
        /// Both players' ratings before and after, for a rated game.
        ratings: Option<[RatingChange; 2]>,
    },
    /// A player asks the opponent a question: the opponent is asked, with buttons.
    Asked {
        /// The game.
        game: GameId,
        /// What is asked.
        question: Question,
        /// Who asks.
        #[serde(with = "side")]
        by: Color,
    },
    /// A player said no to the opponent's question.
    Declined {
        /// The game.
        game: GameId,
        /// What was asked.
        question: Question,
        /// Who said no.
        #[serde(with = "side")]
        by: Color,
    },
    /// `user`'s deadline in `game` is near.
    Reminder {
        /// The game.
        game: GameId,
        /// The player to move.
        user: UserId,
        /// When they lose on time.
        deadline: Timestamp,
    },
    /// The review of `game` that `by` asked for is done: it is posted in the game's thread.
    ReviewReady {
        /// The game.
        game: GameId,
        /// Who asked first.
        by: UserId,
    },
    /// A round of a tournament was paired: its pairings are announced in the tournament's
    /// channel (each game's first board follows in the game's own thread).
    RoundStarted {
        /// The tournament.
        tournament: TournamentId,
        /// The round, from 1.
        round: u32,
    },
    /// A tournament's table changed: its standings message is edited (posted the first time).
    Standings {
        /// The tournament.
        tournament: TournamentId,
    },
    /// A tournament's last round is over: the final table and the winner are announced.
    TournamentEnded {
        /// The tournament.
        tournament: TournamentId,
    },
    /// A tournament was called off (by its creator or a manager, or at its start time with too
    /// few players).
    TournamentCancelled {
        /// The tournament.
        tournament: TournamentId,
    },
    /// A tournament with a start time changed: its guild scheduled event is brought to where
    /// it should be (see [`GameService::scheduled_event_step`]).
    ScheduledEvent {
        /// The tournament.
        of: EventOf,
    },
    /// Who should hold a server's champion role may have changed: the role is given to the
    /// champion and taken from whoever held it (see [`GameService::champion_step`]).
    Champion {
        /// The server.
        guild: GuildId,
        /// Which title.
        title: ChampionTitle,
    },
    /// An arena's table or members changed: its standings message is edited (posted the first
    /// time). Written at most once per pace: a change while one waits unsent rides on it.
    ArenaStandings {
        /// The arena.
        arena: ArenaId,
    },
    /// An arena's time is up: its standings message shows the final table, and the podium is
    /// posted in its channel.
    ArenaEnded {
        /// The arena.
        arena: ArenaId,
    },
    /// A server's puzzle of the day: posted in its puzzle channel.
    DailyPuzzle {
        /// The server.
        guild: GuildId,
        /// The puzzle.
        puzzle: PuzzleId,
        /// The server's puzzle channel.
        channel: ChannelId,
    },
    /// The solution of a server's earlier daily puzzle, and who solved it first.
    DailySolution {
        /// The server.
        guild: GuildId,
        /// The puzzle.
        puzzle: PuzzleId,
        /// The server's puzzle channel.
        channel: ChannelId,
        /// Who solved it first, if anyone did.
        first: Option<UserId>,
    },
    /// A stored answer of `user`'s (a conditional move or a premove, see
    /// [`GameService::set_conditional`]) could not be played after the opponent's move of ply
    /// `ply`: the rules refuse it in the position that move left (a premove that has become
    /// illegal, or one that misses a compulsory capture). It was dropped with the rest of
    /// `user`'s stored answers, and `user` is to move.
    ///
    /// Private: tell `user` alone (a direct message), never in the game's channel. It goes in a
    /// stream of its own, so no interaction's answer carries it, and is due at once.
    AnswerDropped {
        /// The game.
        game: GameId,
        /// Whose answer it was.
        user: UserId,
        /// The opponent's move it was to answer.
        ply: u32,
        /// The answer as stored (algebraic notation).
        answer: String,
        /// Whether it was a premove (an answer to any move) rather than a conditional move.
        premove: bool,
    },
    /// Nobody accepted a challenge in time.
    ChallengeExpired {
        /// The challenge.
        challenge: ChallengeId,
        /// Where it was made.
        channel: ChannelId,
    },
}

/// One thing that happened, told above a board or a result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "line", rename_all = "snake_case")]
pub enum Line {
    /// The game has just started.
    GameBegins,
    /// The move of ply `ply` (1-based) was played.
    Moved {
        /// Which ply.
        ply: u32,
    },
    /// A player resigned.
    Resigned {
        /// Who.
        #[serde(with = "side")]
        by: Color,
    },
    /// A player accepted the opponent's draw offer.
    DrawAgreed {
        /// Who accepted.
        #[serde(with = "side")]
        by: Color,
    },
    /// A player took back `plies` plies (the computer agreed at once).
    TookBack {
        /// Who asked.
        #[serde(with = "side")]
        by: Color,
        /// Plies undone.
        plies: u32,
    },
    /// A player allowed the opponent's takeback: `plies` plies undone.
    TakebackAllowed {
        /// Who allowed it.
        #[serde(with = "side")]
        by: Color,
        /// Plies undone.
        plies: u32,
    },
    /// The move of ply `ply` (1-based) was played at once by `by`'s stored answer to the move
    /// before it (entered in the opponent's turn, see
    /// [`GameService::set_conditional`]): it follows that move's [`Line::Moved`] in the same
    /// notice, and stands for the move's own `Moved` line. "Answered at once by a conditional
    /// move" (or "by a premove").
    AnsweredAtOnce {
        /// Which ply.
        ply: u32,
        /// Who answered.
        #[serde(with = "side")]
        by: Color,
        /// Whether the answer was a premove (an answer to any move) rather than a conditional
        /// move (an answer to that move).
        premove: bool,
    },
}

impl Notice {
    /// The game the notice is about, if any.
    #[must_use]
    pub fn game(&self) -> Option<GameId> {
        match self {
            Notice::Board { game, .. }
            | Notice::Ended { game, .. }
            | Notice::Asked { game, .. }
            | Notice::Declined { game, .. }
            | Notice::Reminder { game, .. }
            | Notice::ReviewReady { game, .. }
            | Notice::AnswerDropped { game, .. } => Some(*game),
            Notice::ChallengeExpired { .. }
            | Notice::DailyPuzzle { .. }
            | Notice::DailySolution { .. }
            | Notice::RoundStarted { .. }
            | Notice::Standings { .. }
            | Notice::TournamentEnded { .. }
            | Notice::TournamentCancelled { .. }
            | Notice::ScheduledEvent { .. }
            | Notice::Champion { .. }
            | Notice::ArenaStandings { .. }
            | Notice::ArenaEnded { .. } => None,
        }
    }

    /// The stream it is delivered in, in order.
    fn stream(&self) -> String {
        match self {
            Notice::ChallengeExpired { channel, .. } => format!("channel:{channel}"),
            // Private: never in the game's stream, which interactions' answers carry.
            Notice::AnswerDropped { user, .. } => format!("answers:{user}"),
            Notice::DailyPuzzle { guild, .. } | Notice::DailySolution { guild, .. } => {
                format!("puzzles:{guild}")
            }
            Notice::RoundStarted { tournament, .. }
            | Notice::Standings { tournament }
            | Notice::TournamentEnded { tournament }
            | Notice::TournamentCancelled { tournament } => format!("tournament:{tournament}"),
            // Its own stream: an event Discord refuses holds no post back.
            Notice::ScheduledEvent { of } => format!("event:{of}"),
            Notice::Champion { guild, title } => format!("champion:{guild}:{}", title.name()),
            Notice::ArenaStandings { arena } | Notice::ArenaEnded { arena } => {
                format!("arena:{arena}")
            }
            _ => self
                .game()
                .map_or_else(String::new, |g| format!("game:{g}")),
        }
    }
}

/// An undelivered notice, as taken by a sender.
#[derive(Debug, Clone, PartialEq)]
pub struct PendingNotice {
    /// Its row.
    pub id: NoticeId,
    /// What to say.
    pub notice: Notice,
    /// Failed attempts so far.
    pub attempts: u32,
    /// The token of an interaction that claimed the notice as its answer within the last 14
    /// minutes and neither recorded it nor gave it up (its instance died): look its answer up
    /// (`GET /webhooks/{application}/{token}/messages/@original`) before sending the notice
    /// again, since the answer may have carried it.
    pub answered_by: Option<String>,
}

impl PendingNotice {
    /// `notice`, written just now as row `id`, for the answer of the interaction whose move it
    /// announces to carry: when it was `claimed` for that answer.
    pub(super) fn claimed(id: NoticeId, notice: Notice, claimed: bool) -> Option<Box<Self>> {
        claimed.then(|| {
            Box::new(PendingNotice {
                id,
                notice,
                attempts: 0,
                answered_by: None,
            })
        })
    }
}

/// How a notice reached people.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Delivery {
    /// As the answer to the interaction that caused it.
    Interaction,
    /// Posted in the game's thread or channel.
    Channel,
    /// The thread was gone or closed: posted in the channel the game started in.
    FallbackChannel,
    /// The channels were gone or closed: sent to the player concerned in a DM.
    DirectMessage,
    /// Every way was refused for good; the error is kept.
    Undeliverable,
}

impl Delivery {
    const fn name(self) -> &'static str {
        match self {
            Delivery::Interaction => "interaction",
            Delivery::Channel => "channel",
            Delivery::FallbackChannel => "fallback_channel",
            Delivery::DirectMessage => "direct_message",
            Delivery::Undeliverable => "undeliverable",
        }
    }
}

/// Serde for a colour as `"white"` or `"black"`.
mod side {
    use dama_rules::Color;
    use serde::{Deserialize, Deserializer, Serializer};

    pub(super) fn serialize<S: Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match c {
            Color::White => "white",
            Color::Black => "black",
        })
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        match <&str>::deserialize(d)? {
            "white" => Ok(Color::White),
            "black" => Ok(Color::Black),
            other => Err(serde::de::Error::unknown_variant(
                other,
                &["white", "black"],
            )),
        }
    }
}

/// Writes `notice` in the transaction of the change that causes it; it waits `grace` for the
/// interaction's answer to carry it.
pub(super) async fn push(
    conn: &mut Conn,
    notice: &Notice,
    now: Timestamp,
    grace: Duration,
) -> Result<(), ServiceError> {
    let json = encode(notice)?;
    store::push_notice(conn, &notice.stream(), &json, now, now + grace).await?;
    Ok(())
}

/// Writes `notice` due `pace` from now, unless the same notice already waits unsent and untaken
/// in its stream: the one waiting will tell the latest state when it is sent, so a burst of
/// changes makes one delivery, and deliveries come at most once per `pace`.
pub(super) async fn push_coalesced(
    conn: &mut Conn,
    notice: &Notice,
    now: Timestamp,
    pace: Duration,
) -> Result<(), ServiceError> {
    let json = encode(notice)?;
    let waiting = store::pending_in_stream(conn, &notice.stream(), now).await?;
    if waiting.iter().any(|row| !row.leased && row.notice == json) {
        return Ok(());
    }
    store::push_notice(conn, &notice.stream(), &json, now, now + pace).await?;
    Ok(())
}

/// Stores a move and writes its `notice` in one round trip (moves are the hot path), claimed
/// for the answer `claim` names when nothing older of the game's news waits to be sent (see
/// [`store::AnswerClaim`]). The notice's id, and whether it was claimed.
pub(super) async fn push_with_move(
    conn: &mut Conn,
    new_move: &store::NewMove<'_>,
    notice: &Notice,
    now: Timestamp,
    grace: Duration,
    claim: Option<store::AnswerClaim<'_>>,
) -> Result<(NoticeId, bool), ServiceError> {
    let json = encode(notice)?;
    let (id, claimed) = store::insert_move_announced(
        conn,
        new_move,
        now,
        &notice.stream(),
        &json,
        now + grace,
        claim,
    )
    .await?;
    Ok((NoticeId(id), claimed))
}

fn encode(notice: &Notice) -> Result<String, ServiceError> {
    serde_json::to_string(notice).map_err(|e| ServiceError::Outbox(e.to_string()))
}

fn decode(row: OutboxRow) -> Result<PendingNotice, ServiceError> {
    let notice = serde_json::from_str(&row.notice)
        .or_else(|e| from_before_questions(&row.notice).ok_or(e))
        .map_err(|e| ServiceError::Outbox(format!("notice {}: {e}", row.id)))?;
    Ok(PendingNotice {
        id: NoticeId(row.id),
        notice,
        attempts: row.attempts,
        answered_by: None,
    })
}

/// A notice written before draw offers and takeback requests were one [`Question`]: those named
/// the question in their kind (`draw_offered`, `takeback_asked`, `draw_declined`,
/// `takeback_refused`), and are read as the [`Notice::Asked`] or [`Notice::Declined`] they mean.
fn from_before_questions(json: &str) -> Option<Notice> {
    let mut value: serde_json::Value = serde_json::from_str(json).ok()?;
    let fields = value.as_object_mut()?;
    let (kind, question) = match fields.get("kind")?.as_str()? {
        "draw_offered" => ("asked", Question::Draw),
        "takeback_asked" => ("asked", Question::Takeback),
        "draw_declined" => ("declined", Question::Draw),
        "takeback_refused" => ("declined", Question::Takeback),
        _ => return None,
    };
    fields.insert("kind".to_owned(), kind.into());
    fields.insert("question".to_owned(), serde_json::to_value(question).ok()?);
    // Read from a borrowed value: a side is read as a borrowed string.
    Notice::deserialize(&value).ok()
}

impl GameService {
    /// The notices due now, at most one per stream (the oldest undelivered), each claimed for
    /// this sender for a while: send each, then report with
    /// [`notice_delivered`](Self::notice_delivered) or [`notice_failed`](Self::notice_failed).
    /// A notice that cannot be read is logged and set aside as undeliverable.
    pub async fn due_notices(&self, limit: u32) -> Result<Vec<PendingNotice>, ServiceError> {
        let now = self.clock.now();
        let mut tx = self.write().await?;
        let rows = store::due_notices(&mut tx, now, limit).await?;
        let mut claimed = Vec::with_capacity(rows.len());
        for row in rows {
            if store::claim_notice(&mut tx, row.id, &self.worker, None, now, now + SEND_LEASE)
                .await?
            {
                claimed.push(row);
            }
        }
        tx.commit().await?;
        let mut taken = Vec::with_capacity(claimed.len());
        for row in claimed {
            let id = row.id;
            let answered_by = row
                .answer
                .clone()
                .filter(|(_, claimed_at)| now.since(*claimed_at) < ANSWER_LOOKUP)
                .map(|(token, _)| token);
            match decode(row) {
                Ok(pending) => taken.push(PendingNotice {
                    answered_by,
                    ..pending
                }),
                Err(e) => {
                    tracing::error!(notice = id, error = %e, "an unreadable notice is set aside");
                    let reason = e.to_string();
                    self.notice_delivered(
                        NoticeId(id),
                        Delivery::Undeliverable,
                        None,
                        Some(&reason),
                    )
                    .await?;
                }
            }
        }
        Ok(taken)
    }

    /// The notices an interaction on `game` may carry as its answer: every undelivered notice
    /// of the game's stream that is not on its way already, claimed for this sender, provided
    /// none of them has failed before or waits for the worker (a backlog goes out through the
    /// worker, in order). A notice on its way as another interaction's answer (sent a moment
    /// before, within Discord's 3 seconds) is not waited for: it was sent first, and each board
    /// says which move it shows. Empty when there is nothing to say or the worker has it. `token` is the
    /// interaction's, when the notices are to be its answer message itself (not a follow-up,
    /// not a post elsewhere): kept with the claim, so that should this instance die before
    /// recording the delivery, the answer is looked up before the notices are posted again.
    pub async fn claim_answer(
        &self,
        game: GameId,
        token: Option<&str>,
    ) -> Result<Vec<PendingNotice>, ServiceError> {
        let now = self.clock.now();
        let stream = format!("game:{game}");
        let mut tx = self.write().await?;
        let rows = store::pending_in_stream(&mut tx, &stream, now).await?;
        // Another interaction's answer, sent a moment ago. A post of the worker's, or one an
        // answer makes elsewhere, may be retrying through an outage: the order waits for it.
        let on_the_way = |r: &OutboxRow| r.leased && r.attempts == 0 && r.answer.is_some();
        let answerable = |r: &OutboxRow| r.attempts == 0 && r.not_before > now && !r.leased;
        let rows: Vec<OutboxRow> = rows.into_iter().filter(|r| !on_the_way(r)).collect();
        if rows.is_empty() || !rows.iter().all(answerable) {
            tx.commit().await?;
            return Ok(Vec::new());
        }
        for row in &rows {
            if !store::claim_notice(&mut tx, row.id, &self.worker, token, now, now + SEND_LEASE)
                .await?
            {
                return Err(tx.abandon(ServiceError::Conflict).await);
            }
        }
        tx.commit().await?;
        rows.into_iter().map(decode).collect()
    }

    /// How many notices of `game` have not reached people yet (sent or not): zero once the
    /// game's news has all gone out.
    pub async fn undelivered_notices(&self, game: GameId) -> Result<u32, ServiceError> {
        let mut conn = self.pool.acquire().await?;
        Ok(store::undelivered_in_stream(&mut conn, &format!("game:{game}")).await?)
    }

    /// Gives notices back to the delivery worker at once (an answer could not carry them).
    pub async fn release_notices(&self, ids: &[NoticeId]) -> Result<(), ServiceError> {
        let now = self.clock.now();
        let mut tx = self.write().await?;
        for id in ids {
            store::release_notice(&mut tx, id.0, now).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// What the delivery worker waits on besides its own timer: rung by the actions of members
    /// outside Discord ([`Origin::Member`](super::Origin::Member)), whose notices no
    /// interaction carries, once they are handed over. Clones of the service share it.
    #[must_use]
    pub fn delivery_bell(&self) -> Arc<tokio::sync::Notify> {
        Arc::clone(&self.deliveries)
    }

    /// Hands the undelivered notices of `game` to the delivery worker at once (the interaction
    /// will not carry them: its actor is elsewhere).
    pub async fn hand_over(&self, game: GameId) -> Result<(), ServiceError> {
        let now = self.clock.now();
        let mut tx = self.write().await?;
        store::release_stream(&mut tx, &format!("game:{game}"), now).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Records that notice `id` reached people `via` (in `message`, when known). Returns false
    /// if it had already been recorded as delivered.
    pub async fn notice_delivered(
        &self,
        id: NoticeId,
        via: Delivery,
        message: Option<u64>,
        error: Option<&str>,
    ) -> Result<bool, ServiceError> {
        let now = self.clock.now();
        let mut tx = self.write().await?;
        let marked = store::mark_delivered(&mut tx, id.0, now, via.name(), message, error).await?;
        tx.commit().await?;
        Ok(marked)
    }

    /// Writes a move that does not end game `id` with its `notice`, claimed for the answer
    /// `claim` names when it may be (see [`store::write_move`]): one statement on PostgreSQL,
    /// one round trip in a transaction on SQLite. Refused with [`ServiceError::Conflict`] when
    /// the game is no longer at `version` (nothing written).
    #[allow(clippy::too_many_arguments, reason = "the move's parts")]
    pub(super) async fn write_move(
        &self,
        id: GameId,
        version: i64,
        state: &store::GameState,
        notation: &str,
        notice: &Notice,
        now: Timestamp,
        claim: Option<store::AnswerClaim<'_>>,
    ) -> Result<(NoticeId, bool), ServiceError> {
        let json = encode(notice)?;
        let (stream, not_before) = (notice.stream(), now + self.config.answer_grace);
        let written = match store::Backend::of_pool(&self.pool) {
            store::Backend::Sqlite => {
                let mut tx = self.write().await?;
                let written = store::write_move(
                    &mut tx, id, version, state, notation, now, &stream, &json, not_before, claim,
                )
                .await?;
                if written.is_none() {
                    return Err(tx.abandon(ServiceError::Conflict).await);
                }
                tx.commit().await?;
                written
            }
            store::Backend::Postgres => {
                let mut conn = self.write_once().await?;
                store::write_move(
                    &mut conn, id, version, state, notation, now, &stream, &json, not_before, claim,
                )
                .await?
            }
        };
        let (row, claimed) = written.ok_or(ServiceError::Conflict)?;
        Ok((NoticeId(row), claimed))
    }

    /// Records that notices `ids` reached people `via` (in `message`, when known), in one
    /// statement: an answer's news, recorded once the answer is out.
    pub async fn notices_delivered(
        &self,
        ids: &[NoticeId],
        via: Delivery,
        message: Option<u64>,
    ) -> Result<(), ServiceError> {
        let now = self.clock.now();
        let ids: Vec<i64> = ids.iter().map(|id| id.0).collect();
        let mut conn = self.write_once().await?;
        store::mark_all_delivered(&mut conn, &ids, now, via.name(), message).await?;
        Ok(())
    }

    /// Records a failed attempt at notice `id`; it is tried again after `retry_in`.
    pub async fn notice_failed(
        &self,
        id: NoticeId,
        error: &str,
        retry_in: Duration,
    ) -> Result<(), ServiceError> {
        let now = self.clock.now();
        let mut tx = self.write().await?;
        store::mark_failed(&mut tx, id.0, error, now + retry_in).await?;
        tx.commit().await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(notice: &str) -> OutboxRow {
        OutboxRow {
            id: 1,
            stream: "game:7".to_owned(),
            notice: notice.to_owned(),
            not_before: Timestamp::from_millis(0),
            leased: false,
            attempts: 0,
            answer: None,
        }
    }

    #[test]
    fn questions_written_before_they_were_one_kind_are_still_read() {
        let asked = |question| Notice::Asked {
            game: GameId(7),
            question,
            by: Color::White,
        };
        let declined = |question| Notice::Declined {
            game: GameId(7),
            question,
            by: Color::Black,
        };
        for (old, notice) in [
            (
                r#"{"kind":"draw_offered","game":7,"by":"white"}"#,
                asked(Question::Draw),
            ),
            (
                r#"{"kind":"takeback_asked","game":7,"by":"white"}"#,
                asked(Question::Takeback),
            ),
            (
                r#"{"kind":"draw_declined","game":7,"by":"black"}"#,
                declined(Question::Draw),
            ),
            (
                r#"{"kind":"takeback_refused","game":7,"by":"black"}"#,
                declined(Question::Takeback),
            ),
        ] {
            assert_eq!(decode(row(old)).expect(old).notice, notice, "{old}");
        }
    }

    #[test]
    fn a_question_round_trips_through_its_row() {
        let notice = Notice::Declined {
            game: GameId(7),
            question: Question::Takeback,
            by: Color::Black,
        };
        let json = encode(&notice).expect("encoded");
        assert_eq!(
            json,
            r#"{"kind":"declined","game":7,"question":"takeback","by":"black"}"#
        );
        assert_eq!(decode(row(&json)).expect("decoded").notice, notice);
    }

    #[test]
    fn an_unknown_kind_is_still_refused() {
        let unknown = row(r#"{"kind":"draw_pondered","game":7,"by":"white"}"#);
        assert!(decode(unknown).is_err());
    }
}
