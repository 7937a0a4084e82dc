//! Game reviews: the computer goes through every move of a finished game, once per game, as a
//! durable job. Asking queues the review (or answers with it when it is done); a worker
//! ([`GameService::run_next_review`]) takes the oldest waiting review under a lease that it
//! renews as it goes, so a review interrupted by a restart is taken up again after the lease,
//! and stores the result with a [`Notice::ReviewReady`] in one transaction.

use std::time::Duration;

use dama_engine::review::{self, MoveClass, Review, ReviewedMove};
use dama_rules::notation::{self, MoveText, Resolved};
use dama_rules::{Game, Move};
use serde::{Deserialize, Serialize};
use tracing::Instrument;

use super::games::pdn_tags;
use super::outbox::{self, Notice};
use super::{GameService, ServiceError};
use crate::ids::{GameId, Place, UserId};
use crate::store;

/// How long a worker holds a review between two signs of progress.
const REVIEW_LEASE: Duration = Duration::from_secs(60);

/// A finished review of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameReview {
    /// The game reviewed.
    pub game: GameId,
    /// Each ply judged.
    pub review: Review,
    /// The game as PDN, each move annotated (NAGs and comments).
    pub pdn: String,
    /// The nodes searched per position.
    pub nodes: u64,
}

/// Where a review stands for the one who asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReviewState {
    /// Done: here it is.
    Ready(Box<GameReview>),
    /// Waiting or under way: `done` positions of `total` searched; `queued` when this request
    /// queued it.
    Pending {
        /// Positions searched.
        done: u32,
        /// Positions to search (the plies and the start).
        total: u32,
        /// Whether this request queued it.
        queued: bool,
    },
}

/// What became of the review that [`GameService::run_next_review`] took.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReviewRun {
    /// Done and stored, its [`Notice::ReviewReady`] in the outbox.
    Done(GameId),
    /// Failed, and marked so: nobody will be told of it but those waiting now, and asking
    /// again queues it anew.
    Failed(GameId),
}

/// A review as stored: each ply's evaluations, loss and better move; the annotated PDN.
#[derive(Debug, Serialize, Deserialize)]
struct Stored {
    nodes: u64,
    plies: Vec<StoredPly>,
    pdn: String,
}

#[derive(Debug, Serialize, Deserialize)]
struct StoredPly {
    before: i32,
    after: i32,
    loss: i32,
    better: Option<String>,
}

impl GameService {
    /// `user`, at `place`, asks for the review of game `id`: the review when it is done, else
    /// where it stands (queued by this request if nobody had asked). Refused with
    /// [`ServiceError::GameInProgress`] before the game ends, like any look at a game by
    /// someone who may not see it from there, and with [`ServiceError::TooManyReviews`] when
    /// it would queue one more review for a member who has as many waiting as allowed
    /// ([`max_waiting_reviews`](super::ServiceConfig::max_waiting_reviews)).
    pub async fn request_review(
        &self,
        id: GameId,
        user: UserId,
        place: Place,
    ) -> Result<ReviewState, ServiceError> {
        let view = self.game_for(id, user, place).await?;
        if view.outcome.is_none() {
            return Err(ServiceError::GameInProgress);
        }
        if let Some(ready) = self.review(id).await? {
            return Ok(ReviewState::Ready(Box::new(ready)));
        }
        let total = view.ply + 1;
        let now = self.clock.now();
        let mut tx = self.write().await?;
        store::lock_limits(&mut tx, &[user.0]).await?;
        let would_queue = store::review(&mut tx, id)
            .await?
            .is_none_or(|r| r.status == "failed");
        let limit = self.config.max_waiting_reviews;
        if would_queue && store::waiting_reviews_of(&mut tx, user).await? >= limit {
            return Err(tx.abandon(ServiceError::TooManyReviews { limit }).await);
        }
        let queued = store::queue_review(&mut tx, id, user, total, now).await?;
        let stored = store::review(&mut tx, id).await?;
        tx.commit().await?;
        let (done, total) = stored.map_or((0, total), |r| (r.done, r.total));
        Ok(ReviewState::Pending {
            done,
            total,
            queued,
        })
    }

    /// The finished review of game `id`, if there is one.
    pub async fn review(&self, id: GameId) -> Result<Option<GameReview>, ServiceError> {
        let stored = {
            let mut conn = self.pool.acquire().await?;
            store::review(&mut conn, id).await?
        };
        let Some(json) = stored.and_then(|r| r.result) else {
            return Ok(None);
        };
        let stored: Stored = serde_json::from_str(&json).map_err(|e| ServiceError::Corrupt {
            game: id,
            reason: format!("review: {e}"),
        })?;
        let loaded = self.load(id).await?;
        let review = rebuilt(id, &loaded.game, loaded.record.rules, &stored)?;
        Ok(Some(GameReview {
            game: id,
            review,
            pdn: stored.pdn,
            nodes: stored.nodes,
        }))
    }

    /// Takes the oldest waiting review, if any, and does it: `progress(game, done, total)` is
    /// called after each position searched. The result is stored with a
    /// [`Notice::ReviewReady`]; a review that fails is marked so (asking again queues it anew).
    /// Returns what became of the review taken, `None` when no review waits.
    pub async fn run_next_review(
        &self,
        progress: impl Fn(GameId, u32, u32),
    ) -> Result<Option<ReviewRun>, ServiceError> {
        let now = self.clock.now();
        let mut tx = self.write().await?;
        let claimed = store::claim_review(&mut tx, &self.worker, now, now + REVIEW_LEASE).await?;
        tx.commit().await?;
        let Some(id) = claimed else {
            return Ok(None);
        };
        let span = super::sweep::job_span("review", id, None);
        match self.do_review(id, progress).instrument(span).await {
            Ok(()) => Ok(Some(ReviewRun::Done(id))),
            Err(e) if e.is_internal() => {
                tracing::error!(game = %id, error = %e, "a review failed");
                let mut tx = self.write().await?;
                store::fail_review(&mut tx, id, &e.to_string()).await?;
                tx.commit().await?;
                Ok(Some(ReviewRun::Failed(id)))
            }
            Err(e) => Err(e),
        }
    }

    async fn do_review(
        &self,
        id: GameId,
        progress: impl Fn(GameId, u32, u32),
    ) -> Result<(), ServiceError> {
        let loaded = self.load(id).await?;
        let budget = self.config.review_budget;
        let game = loaded.game.clone();
        let (sender, mut told) = tokio::sync::mpsc::unbounded_channel();
        let search = tokio::task::spawn_blocking(move || {
            review::review(&game, budget, |done, total| {
                let _ = sender.send((done, total));
            })
        });
        while let Some((done, total)) = told.recv().await {
            let (done, total) = (count(done), count(total));
            let until = self.clock.now() + REVIEW_LEASE;
            let mut tx = self.write().await?;
            let held = store::review_progress(&mut tx, id, &self.worker, done, until).await?;
            tx.commit().await?;
            if held {
                progress(id, done, total);
            }
        }
        let engine_failed = |reason: String| ServiceError::Engine { game: id, reason };
        let review = search
            .await
            .map_err(|e| engine_failed(e.to_string()))?
            .map_err(|e| engine_failed(e.to_string()))?;
        let tags = pdn_tags(&loaded.record);
        let tags: Vec<(&str, &str)> = tags.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let stored = Stored {
            nodes: budget.nodes,
            plies: review.moves.iter().map(stored_ply).collect(),
            pdn: review.annotated_pdn(&loaded.game, &tags),
        };
        let json =
            serde_json::to_string(&stored).map_err(|e| ServiceError::Outbox(e.to_string()))?;
        let now = self.clock.now();
        let by = store::review(&mut *self.pool.acquire().await?, id)
            .await?
            .map(|r| r.requested_by);
        if let Some(by) = by {
            tracing::Span::current().record("member", tracing::field::display(by));
        }
        let mut tx = self.write().await?;
        if !store::finish_review(&mut tx, id, &self.worker, &json, now).await? {
            // Another worker took it over meanwhile (this one was too slow): it finishes it.
            return Err(tx.abandon(ServiceError::Conflict).await);
        }
        if let Some(by) = by {
            let notice = Notice::ReviewReady { game: id, by };
            outbox::push(&mut tx, &notice, now, Duration::ZERO).await?;
        }
        tx.commit().await?;
        Ok(())
    }
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

fn stored_ply(m: &ReviewedMove) -> StoredPly {
    StoredPly {
        before: m.before,
        after: m.after,
        loss: m.loss,
        better: m.better.map(|b| b.to_string()),
    }
}

/// The review of `game` from what was stored of it.
fn rebuilt(
    id: GameId,
    game: &Game,
    rules: dama_rules::Rules,
    stored: &Stored,
) -> Result<Review, ServiceError> {
    let corrupt = |reason: String| ServiceError::Corrupt { game: id, reason };
    if stored.plies.len() != game.moves().len() {
        return Err(corrupt(format!(
            "review of {} plies for a game of {}",
            stored.plies.len(),
            game.moves().len()
        )));
    }
    let moves = stored
        .plies
        .iter()
        .zip(game.moves())
        .zip(game.positions())
        .map(|((ply, &mv), before)| {
            let better = match &ply.better {
                None => None,
                Some(text) => Some(
                    resolved(before, text, rules)
                        .ok_or_else(|| corrupt(format!("review: better move {text}")))?,
                ),
            };
            Ok(ReviewedMove {
                mv,
                mover: before.turn(),
                before: ply.before,
                after: ply.after,
                loss: ply.loss,
                class: MoveClass::of_loss(ply.loss),
                better,
            })
        })
        .collect::<Result<Vec<_>, ServiceError>>()?;
    Ok(Review { moves })
}

/// The legal move `text` names in `position`.
fn resolved(position: &dama_rules::Position, text: &str, rules: dama_rules::Rules) -> Option<Move> {
    let typed: MoveText = text.parse().ok()?;
    match notation::resolve_under(position, &typed, rules).ok()? {
        Resolved::Legal(m) => Some(m),
        Resolved::MissedCapture { .. } => None,
    }
}
