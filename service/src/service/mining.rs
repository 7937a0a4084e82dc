//! Puzzle mining as a durable background job: each finished game of a server is searched for
//! puzzles once ([`dama_engine::puzzle::mine`]), and what it gives is stored as the server's
//! puzzles ([`GameService::add_puzzle`]).
//!
//! Rules decided here:
//! - What is mined: a server's games (direct messages have no puzzles) of at least
//!   [`MIN_MINED_PLIES`] plies; shorter games are openings left early, with little to find.
//!   A game is queued in the transaction that ends it, beside its ratings (every end goes
//!   through there), so none is forgotten and a restart loses none.
//! - Games that ended before mining existed: those of the week before (the migration queues
//!   them), so that a server has puzzles from its recent games on the first day; older ones are
//!   not mined, since nobody remembers them and they would keep the engine busy for hours.
//! - Which first: the newest, a game a week old or older is no longer mined
//!   ([`MINING_WINDOW`]). A server whose members finish more games than its cap mines its
//!   freshest games, and the claim never walks more than a week of waiting games.
//! - How much: at most [`DAILY_MINING_CAP`] games per server per day (UTC) (the
//!   [`daily_mining_cap`](super::ServiceConfig::daily_mining_cap)); the rest wait for
//!   the next day (within the window). At the default budget that is some two minutes of one
//!   core per server and day, so a server with a flood of games delays another's by that much
//!   at worst, and never starves it.
//! - Who: one instance at a time holds a game under a lease naming it ([`MINING_LEASE`]), taken
//!   over at once when that instance is found dead (see [`GameService::beat_instance`]), or when
//!   the lease lapses. A game is claimed [`MAX_MINING_ATTEMPTS`] times at most: one whose miner
//!   dies each time is left alone. An engine failure marks the game failed: it is not tried
//!   again.
//! - At what cost: one search at a time per process (whatever the number of workers), on its
//!   own thread, at a node budget ([`ServiceConfig::mining_budget`](super::ServiceConfig)).
//!
//! ```
//! use std::time::Duration;
//! use dama_service::service::{DAILY_MINING_CAP, MINING_WINDOW};
//!
//! assert_eq!(DAILY_MINING_CAP, 50);
//! assert_eq!(MINING_WINDOW, Duration::from_secs(7 * 86_400));
//! ```

use std::time::Duration;

use dama_engine::puzzle::{self, Puzzle};
use tracing::Instrument;

use super::{GameService, NewPuzzle, ServiceError};
use crate::clock::Timestamp;
use crate::ids::{GameId, GuildId};
use crate::store::{self, Conn, MiningClaim};

/// The fewest plies a game needs to be mined.
pub const MIN_MINED_PLIES: u32 = 20;

/// Games mined per server and day (UTC), at most, by default
/// ([`daily_mining_cap`](super::ServiceConfig::daily_mining_cap)).
pub const DAILY_MINING_CAP: u32 = 50;

/// How long after its end a game may still be mined.
pub const MINING_WINDOW: Duration = Duration::from_secs(7 * 86_400);

/// How long an instance holds a game it mines: far longer than mining takes (seconds), since
/// the lease of a dead instance is taken over at once anyway.
pub const MINING_LEASE: Duration = Duration::from_secs(10 * 60);

/// Claims of one game, at most.
pub const MAX_MINING_ATTEMPTS: u32 = 3;

/// A day in milliseconds: the cap counts days from 1970-01-01 UTC.
const DAY_MILLIS: i64 = 86_400_000;

/// What became of the game [`GameService::run_next_mining`] took.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MiningRun {
    /// Mined: `found` puzzles stored (some may have been stored before, by an earlier try).
    Done {
        /// The game mined.
        game: GameId,
        /// Puzzles found in it.
        found: u32,
    },
    /// The engine (or the puzzles it gave) failed: marked so, and not tried again.
    Failed(GameId),
}

/// Queues game `id`, just ended at `now` (its row written), for mining if it qualifies: called
/// in the transaction that ends the game.
pub(super) async fn queue_ended_game(
    conn: &mut Conn,
    id: GameId,
    now: Timestamp,
) -> Result<(), ServiceError> {
    store::queue_mining(conn, id, MIN_MINED_PLIES, now).await?;
    Ok(())
}

impl GameService {
    /// Takes the newest game waiting to be mined (server games of at least 20 plies, ended in
    /// the last week, at most 50 a server a day), mines it on a thread of its own (one search
    /// at a time in this process: a second call waits), and stores its puzzles. Returns what
    /// became of the game taken, `None` when none waits.
    /// A database error leaves the game to be taken again once its lease lapses.
    pub async fn run_next_mining(&self) -> Result<Option<MiningRun>, ServiceError> {
        let _turn = self.mining.lock().await;
        let now = self.clock.now();
        let claim = MiningClaim {
            holder: &self.worker,
            now,
            until: now + MINING_LEASE,
            ended_after: Timestamp::from_millis(
                now.as_millis().saturating_sub(millis(MINING_WINDOW)),
            ),
            day_start: Timestamp::from_millis(
                now.as_millis() - now.as_millis().rem_euclid(DAY_MILLIS),
            ),
            daily_cap: self.config.daily_mining_cap,
            max_attempts: MAX_MINING_ATTEMPTS,
        };
        let mut tx = self.write().await?;
        let claimed = store::claim_mining(&mut tx, &claim).await?;
        tx.commit().await?;
        let Some((id, guild)) = claimed else {
            return Ok(None);
        };
        let span = super::sweep::job_span("mining", id, None);
        match self.mine_game(id, guild).instrument(span).await {
            Ok(found) => Ok(Some(MiningRun::Done { game: id, found })),
            Err(e) if e.is_internal() && !matches!(e, ServiceError::Database(_)) => {
                tracing::error!(game = %id, error = %e, "mining a game failed");
                let mut tx = self.write().await?;
                store::fail_mining(&mut tx, id, &e.to_string(), self.clock.now()).await?;
                tx.commit().await?;
                Ok(Some(MiningRun::Failed(id)))
            }
            Err(e) => Err(e),
        }
    }

    /// Mines game `id` of server `guild` and stores its puzzles; how many it found.
    async fn mine_game(&self, id: GameId, guild: GuildId) -> Result<u32, ServiceError> {
        let loaded = self.load(id).await?;
        let budget = self.config.mining_budget;
        let game = loaded.game;
        let engine_failed = |reason: String| ServiceError::Engine { game: id, reason };
        // A thread of its own rather than the blocking pool's: the search is long, and the
        // pool's threads serve the computer's moves.
        let (sender, answer) = tokio::sync::oneshot::channel();
        std::thread::Builder::new()
            .name("puzzle-mining".to_owned())
            .spawn(move || {
                let _ = sender.send(puzzle::mine(&game, budget));
            })
            .map_err(|e| engine_failed(e.to_string()))?;
        let puzzles = answer
            .await
            .map_err(|_| engine_failed("the mining thread stopped".to_owned()))?
            .map_err(|e| engine_failed(e.to_string()))?;
        let found = u32::try_from(puzzles.len()).unwrap_or(u32::MAX);
        for found in puzzles {
            self.add_puzzle(guild, new_puzzle(id, found)?).await?;
        }
        let mut tx = self.write().await?;
        if !store::finish_mining(&mut tx, id, &self.worker, found, self.clock.now()).await? {
            // Another instance took it over meanwhile (this one was too slow): it finishes it,
            // and the puzzles stored here are stored once all the same.
            return Err(tx.abandon(ServiceError::Conflict).await);
        }
        tx.commit().await?;
        tracing::info!(game = %id, found, "mined a game for puzzles");
        Ok(found)
    }
}

/// The puzzle to store for what mining game `game` found.
fn new_puzzle(game: GameId, found: Puzzle) -> Result<NewPuzzle, ServiceError> {
    let ply = u32::try_from(found.ply).map_err(|_| ServiceError::Engine {
        game,
        reason: format!("a puzzle at ply {}", found.ply),
    })?;
    Ok(NewPuzzle {
        start: found.start,
        solution: found.solution,
        theme: found.theme.map(|theme| theme.key().to_owned()),
        difficulty: found.difficulty,
        game: Some(game),
        ply,
    })
}

fn millis(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}
