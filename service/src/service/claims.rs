//! Claims in live games: a player whose opponent has left may claim the win or a draw, as on
//! lichess.
//!
//! "Left" is seen this way: a player is *seen* in a game when its page or the Activity shows
//! it to them (an open page says so every [`SIGHTING_EVERY`], see
//! [`GameService::sighted`]), when they move, when they claim (from the page or Discord), and
//! when the game starts. A player not seen for
//! [`left_after`] of the game's speed (15 s in bullet, 30 s in blitz, 60 s in rapid) has left,
//! and from then on their opponent may claim: the win (the one who left loses, and it is
//! rated as any loss) or a draw. A player who plays from Discord only is seen by their moves
//! and claims alone. Correspondence games have deadlines instead; the computer never leaves; before both
//! first moves an empty seat aborts the game instead (see `live`).

use std::time::Duration;

use dama_rules::{Color, DrawReason, Outcome, WinReason};

use super::{GameEnded, GameService, Origin, ServiceError};
use crate::clock::Timestamp;
use crate::ids::{GameId, UserId};
use crate::model::Speed;
use crate::store::{self, GameRecord};

/// How often an open page (or the Activity) of a player in a live game tells the service it
/// is still there.
pub const SIGHTING_EVERY: Duration = Duration::from_secs(5);

/// How long a player of a live game of `speed` must go unseen to count as gone.
#[must_use]
pub const fn left_after(speed: Speed) -> Duration {
    match speed {
        Speed::Bullet => Duration::from_secs(15),
        Speed::Blitz => Duration::from_secs(30),
        Speed::Rapid | Speed::Correspondence => Duration::from_secs(60),
    }
}

/// What a player claims when their opponent has left.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    /// The win: the one who left loses.
    Win,
    /// A draw.
    Draw,
}

/// Where a player's opponent is, as the service sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Presence {
    /// When the opponent was last seen (on a page, in the Activity, by a move, or the game's
    /// start).
    pub opponent_seen: Timestamp,
    /// From when the player may claim, unless the opponent is seen again before.
    pub claimable_from: Timestamp,
}

impl GameService {
    /// `user` is on game `id`'s page (or in the Activity) now: their sighting is recorded, and
    /// their opponent's presence returned. `None` in a game where nothing can be claimed (see
    /// [`claim`](Self::claim)); refused with [`ServiceError::NotAParticipant`] for someone who
    /// does not play.
    pub async fn sighted(
        &self,
        id: GameId,
        user: UserId,
    ) -> Result<Option<Presence>, ServiceError> {
        let now = self.clock.now();
        let loaded = self.load(id).await?;
        let record = &loaded.record;
        let color = record.player_color(user)?;
        let Some(opponent) = claimable_against(record, color) else {
            return Ok(None);
        };
        // A write in its writer's turn: on SQLite a write beside the writer's would wait in
        // SQLite's busy loop, and with every page saying "here" every few seconds, the moves
        // would wait with it.
        let mut write = self.write_once().await?;
        store::record_sighting(&mut write, id, user, now).await?;
        drop(write);
        let mut conn = self.pool.acquire().await?;
        Ok(Some(presence(&mut conn, record, opponent).await?))
    }

    /// `user` claims game `id` (the win or a draw, as `claim` says) from `origin` because
    /// their opponent has left (a member's news is handed to delivery at once): refused with [`ServiceError::NothingToClaim`] in a game that cannot be
    /// claimed (correspondence, against the computer, before both first moves), and with
    /// [`ServiceError::OpponentStillHere`] while the opponent has not been gone long enough.
    pub async fn claim(
        &self,
        id: GameId,
        user: UserId,
        claim: Claim,
        origin: Origin,
    ) -> Result<GameEnded, ServiceError> {
        let now = self.clock.now();
        let loaded = self.load(id).await?;
        let record = &loaded.record;
        let color = record.player_color(user)?;
        record.ensure_active()?;
        let Some(opponent) = claimable_against(record, color) else {
            return Err(ServiceError::NothingToClaim);
        };
        // Whoever claims is here, from wherever they claim (Discord has no page to say so).
        let mut write = self.write_once().await?;
        store::record_sighting(&mut write, id, user, now).await?;
        drop(write);
        let presence = {
            let mut conn = self.pool.acquire().await?;
            presence(&mut conn, record, opponent).await?
        };
        if now < presence.claimable_from {
            return Err(ServiceError::OpponentStillHere {
                wait: presence.claimable_from.since(now),
            });
        }
        let outcome = match claim {
            Claim::Win => Outcome::Win {
                winner: color,
                reason: WinReason::Abandoned,
            },
            Claim::Draw => Outcome::Draw(DrawReason::Abandoned),
        };
        let ended = self
            .finish(loaded, outcome, now, Vec::new(), self.config.answer_grace)
            .await?;
        self.hand_over_for(id, Some(origin)).await;
        Ok(ended)
    }
}

/// The opponent of `color` in `record` when a claim against them can be made at all: an
/// active live game between two people, both of whom have moved.
fn claimable_against(record: &GameRecord, color: Color) -> Option<(Color, UserId)> {
    record.live.as_ref()?;
    if record.state.outcome.is_some() || record.state.ply < super::live::TIMED_FROM_PLY {
        return None;
    }
    let opponent = color.opposite();
    let user = record.seats.participant(opponent).user()?;
    Some((opponent, user))
}

/// Where `opponent` (their colour and id) of `record`'s game is.
async fn presence(
    conn: &mut store::Conn,
    record: &GameRecord,
    (color, user): (Color, UserId),
) -> Result<Presence, ServiceError> {
    // Their moves are the odd plies when they moved first.
    let parity = i64::from(record.start.turn() == color);
    let seen = store::last_seen(conn, record.id, user, parity).await?;
    let opponent_seen = seen.map_or(record.created_at, |seen| seen.max(record.created_at));
    let speed = record
        .live
        .map_or(Speed::Correspondence, |live| live.speed());
    Ok(Presence {
        opponent_seen,
        claimable_from: opponent_seen + left_after(speed),
    })
}
