//! The sweeper: losses on time, reminders, expired challenges.

use std::future::Future;
use std::ops::ControlFlow;
use std::time::Duration;

use dama_rules::Outcome;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tracing::Instrument;

use super::outbox::{self, Notice};
use super::replies::is_overtaken;
use super::{Event, GameService, GameView, Loaded, ServiceError};
use crate::clock::Timestamp;
use crate::ids::{GameId, UserId};
use crate::model::{Challenge, ChallengeStatus};
use crate::store;

/// How long a worker may hold a job before another may take it over (longer than any job: the
/// longest is a computer's search, 1.5 s at most).
const JOB_LEASE: Duration = Duration::from_secs(60);

/// How long the computer's turn may wait for the interaction that caused it before a sweep
/// plays it instead.
const COMPUTER_TURN_PATIENCE: Duration = Duration::from_secs(3);

impl GameService {
    /// Runs the sweeper once at the service clock's current time; see [`sweep_at`](Self::sweep_at).
    pub async fn sweep(&self) -> Result<Vec<Event>, ServiceError> {
        self.sweep_at(self.clock.now()).await
    }

    /// Ends the games whose deadline is at or before `now` (the player to move loses on time,
    /// ratings updated), produces reminders for deadlines that are near (a quarter of the time
    /// per move left, at most [`max_reminder_lead`](super::ServiceConfig) before), expires
    /// lapsed challenges, starts the tournaments whose start time has come, posts the daily
    /// puzzles due (see [`post_daily_puzzles`](Self::post_daily_puzzles)), and plays the computer's turns that nobody is waiting on (a turn
    /// left by a restart, say). Everything the players must learn is in the outbox already;
    /// the events say what was done.
    ///
    /// Safe to run from several places at once: each game ends, each reminder is produced,
    /// and each challenge expires exactly once (every change is a versioned write). A game
    /// that cannot be read is logged and skipped.
    pub async fn sweep_at(&self, now: Timestamp) -> Result<Vec<Event>, ServiceError> {
        if self.judging_paused() {
            return Ok(Vec::new());
        }
        let mut events = self.expire_challenges(now).await?;
        // Boxed: the time-outs' future is large, and a sweep's would grow by all of it.
        events.extend(Box::pin(self.time_out_games(now)).await?);
        events.extend(self.remind_players(now).await?);
        events.extend(self.play_waiting_computer_turns(now).await?);
        self.start_due_tournaments(now).await?;
        self.post_daily_puzzles_at(now).await?;
        Ok(events)
    }

    /// Plays the computer's turn in the games where it has been to move for a while with no
    /// interaction playing it (the bot stopped while it was thinking): after a restart the
    /// computer moves within a sweep, nobody has to come back first.
    async fn play_waiting_computer_turns(
        &self,
        now: Timestamp,
    ) -> Result<Vec<Event>, ServiceError> {
        let before = Timestamp::from_millis(
            now.as_millis() - i64::try_from(COMPUTER_TURN_PATIENCE.as_millis()).unwrap_or(i64::MAX),
        );
        let waiting = {
            let mut conn = self.pool.acquire().await?;
            store::waiting_engine_game_ids(&mut conn, before).await?
        };
        let mut events = Vec::new();
        for id in waiting {
            let Some(played) = self.leased_computer_turn(id).await? else {
                continue;
            };
            match played {
                Ok(_) => {
                    // Nobody's interaction will carry it: the delivery worker posts it now.
                    self.hand_over(id).await?;
                    events.push(Event::ComputerPlayed(id));
                }
                // A person's action or another sweeper got there first.
                Err(e) if is_overtaken(&e) => {}
                Err(e) => {
                    tracing::error!(game = %id, error = %e, "cannot play the computer's turn; retried at the next sweep");
                }
            }
        }
        Ok(events)
    }

    /// Expires the challenges that lapsed at or before `now`.
    async fn expire_challenges(&self, now: Timestamp) -> Result<Vec<Event>, ServiceError> {
        let lapsed = {
            let mut conn = self.pool.acquire().await?;
            store::lapsed_challenges(&mut conn, now).await?
        };
        let mut events = Vec::new();
        for mut challenge in lapsed {
            let job = format!("expire:{}", challenge.id);
            let span = tracing::info_span!(
                "job",
                job = "challenge_expiry",
                challenge = %challenge.id,
                member = %challenge.challenger.id,
            );
            let Some(expired) = self
                .leased(&job, self.expire_challenge(&challenge, now))
                .instrument(span)
                .await?
            else {
                continue;
            };
            let expired = match expired {
                Ok(expired) => expired,
                Err(e) => {
                    tracing::error!(challenge = %challenge.id, error = %e, "cannot expire a challenge; retried at the next sweep");
                    continue;
                }
            };
            if expired {
                challenge.status = ChallengeStatus::Expired;
                events.push(Event::ChallengeExpired(challenge));
            }
        }
        Ok(events)
    }

    /// Ends the games whose deadline is at or before `now`: the player to move loses on time
    /// (a live game before both first moves is aborted).
    async fn time_out_games(&self, now: Timestamp) -> Result<Vec<Event>, ServiceError> {
        let overdue = {
            let mut conn = self.pool.acquire().await?;
            store::overdue_game_ids(&mut conn, now).await?
        };
        self.time_out(overdue, now).await
    }

    /// Ends each of the games `overdue` whose deadline is still at or before `now`, as
    /// [`clock_outcome`](super::clock_outcome) says: each in one versioned write under a job
    /// lease, so that several sweepers (and flag workers) end a game exactly once.
    pub(super) async fn time_out(
        &self,
        overdue: Vec<GameId>,
        now: Timestamp,
    ) -> Result<Vec<Event>, ServiceError> {
        let mut events = Vec::new();
        for id in overdue {
            let Some(loaded) = self.load_to_sweep(id, "cannot time out a game").await else {
                continue;
            };
            let record = &loaded.record;
            let state = &record.state;
            let (None, Some(deadline)) = (state.outcome, state.deadline) else {
                continue;
            };
            if deadline > now {
                continue;
            }
            let loser = state.to_move;
            // A correspondence game's computer has no deadline; a live one's may flag.
            if loser.is_none() && record.live.is_none() {
                continue;
            }
            let outcome = super::clock_outcome(record);
            let job = format!("time-out:{id}");
            let finished = self.finish(loaded, outcome, now, Vec::new(), Duration::ZERO);
            let span = job_span("time_out", id, loser);
            let Some(finished) = self.leased(&job, finished).instrument(span).await? else {
                continue;
            };
            match finished {
                Ok(ended) if ended.end.outcome == Outcome::Aborted => {
                    events.push(Event::Aborted(ended.game));
                }
                Ok(ended) => {
                    if let Some(loser) = loser {
                        events.push(Event::TimedOut {
                            game: ended.game,
                            loser,
                            end: ended.end,
                        });
                    }
                }
                // A move, a resignation or another sweeper got there first.
                Err(ServiceError::Conflict) => {}
                // One game's failure does not hold up the others: it is tried again next time.
                Err(e) => {
                    tracing::error!(game = %id, error = %e, "cannot time out a game; retried at the next sweep");
                }
            }
        }
        if !events.is_empty() {
            self.deliveries.notify_one();
        }
        Ok(events)
    }

    /// Reminds the players whose deadline is near at `now`, once per move.
    async fn remind_players(&self, now: Timestamp) -> Result<Vec<Event>, ServiceError> {
        let due = {
            let mut conn = self.pool.acquire().await?;
            let lead = i64::try_from(self.config.max_reminder_lead.as_millis()).unwrap_or(i64::MAX);
            store::reminder_due_game_ids(&mut conn, now, lead).await?
        };
        let mut events = Vec::new();
        for id in due {
            let Some(loaded) = self
                .load_to_sweep(id, "cannot remind a game's player")
                .await
            else {
                continue;
            };
            let state = &loaded.record.state;
            let (None, Some(deadline), Some(user)) = (state.outcome, state.deadline, state.to_move)
            else {
                continue;
            };
            let job = format!("remind:{id}");
            let reminded = self.mark_reminded(id, state.version, user, deadline, now);
            let span = job_span("reminder", id, Some(user));
            let Some(marked) = self.leased(&job, reminded).instrument(span).await? else {
                continue;
            };
            let marked = match marked {
                Ok(marked) => marked,
                Err(e) => {
                    tracing::error!(game = %id, error = %e, "cannot remind a player; retried at the next sweep");
                    continue;
                }
            };
            if marked {
                events.push(Event::Reminder {
                    game: GameView::of(&loaded.record, &loaded.game),
                    user,
                    deadline,
                });
            }
        }
        Ok(events)
    }

    /// Game `id` for the sweeper; `None` when it cannot be read (logged as `what` when that is
    /// the bot's fault), so that one damaged game does not stop the sweep.
    async fn load_to_sweep(&self, id: GameId, what: &str) -> Option<Loaded> {
        match self.load(id).await {
            Ok(loaded) => Some(loaded),
            Err(e) => {
                if e.is_internal() {
                    tracing::error!(game = %id, error = %e, "{what}");
                }
                None
            }
        }
    }

    /// Spawns a task that sweeps every `every` and sends the events to `events`; it stops when
    /// the receiver is dropped. Database errors are logged and the next round tries again.
    pub fn spawn_sweeper(&self, every: Duration, events: mpsc::Sender<Event>) -> JoinHandle<()> {
        self.spawn_every(every, move |service| {
            let events = events.clone();
            async move {
                if events.is_closed() {
                    return ControlFlow::Break(());
                }
                match service
                    .sweep()
                    .instrument(tracing::info_span!("sweep"))
                    .await
                {
                    Ok(found) => {
                        for event in found {
                            if events.send(event).await.is_err() {
                                return ControlFlow::Break(());
                            }
                        }
                    }
                    Err(e) => tracing::error!(error = %e, "sweep failed"),
                }
                ControlFlow::Continue(())
            }
        })
    }

    /// Spawns a task that runs `round` on this service every `every` (a late round delays the
    /// next rather than bunching them up), until a round breaks.
    pub(super) fn spawn_every<Round>(
        &self,
        every: Duration,
        mut round: impl FnMut(GameService) -> Round + Send + 'static,
    ) -> JoinHandle<()>
    where
        Round: Future<Output = ControlFlow<()>> + Send,
    {
        let service = self.clone();
        tokio::spawn(async move {
            let mut interval = tokio::time::interval(every);
            interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                interval.tick().await;
                if round(service.clone()).await.is_break() {
                    return;
                }
            }
        })
    }

    /// Runs `work` while holding the lease on `job`, so that two processes sweeping side by
    /// side never do the same job at once; `None` when another worker holds it.
    pub(super) async fn leased<T>(
        &self,
        job: &str,
        work: impl Future<Output = T>,
    ) -> Result<Option<T>, ServiceError> {
        self.leased_for(job, JOB_LEASE, work).await
    }

    /// [`leased`](Self::leased), with a lease that another worker may take over after `lease`
    /// (should this one die holding it).
    pub(super) async fn leased_for<T>(
        &self,
        job: &str,
        lease: Duration,
        work: impl Future<Output = T>,
    ) -> Result<Option<T>, ServiceError> {
        let now = self.clock.now();
        let mut tx = self.write().await?;
        let taken = store::take_lease(&mut tx, job, &self.worker, now, now + lease).await?;
        tx.commit().await?;
        if !taken {
            return Ok(None);
        }
        let done = work.await;
        let mut tx = self.write().await?;
        store::drop_lease(&mut tx, job, &self.worker).await?;
        tx.commit().await?;
        Ok(Some(done))
    }

    /// Closes an expired challenge and announces it, in one transaction.
    async fn expire_challenge(
        &self,
        challenge: &Challenge,
        now: Timestamp,
    ) -> Result<bool, ServiceError> {
        let mut tx = self.write().await?;
        if !store::close_challenge(&mut tx, challenge.id, ChallengeStatus::Expired, now).await? {
            tx.commit().await?;
            return Ok(false);
        }
        let notice = Notice::ChallengeExpired {
            challenge: challenge.id,
            channel: challenge.place.channel,
        };
        outbox::push(&mut tx, &notice, now, Duration::ZERO).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Records that the reminder for the game's current deadline is made, and announces it, in
    /// one transaction.
    async fn mark_reminded(
        &self,
        id: GameId,
        version: i64,
        user: UserId,
        deadline: Timestamp,
        now: Timestamp,
    ) -> Result<bool, ServiceError> {
        let mut tx = self.write().await?;
        if !store::mark_reminded(&mut tx, id, version).await? {
            tx.commit().await?;
            return Ok(false);
        }
        let notice = Notice::Reminder {
            game: id,
            user,
            deadline,
        };
        outbox::push(&mut tx, &notice, now, Duration::ZERO).await?;
        tx.commit().await?;
        Ok(true)
    }
}

/// The span a job on game `game` runs in: what the job is, the game, and the member it
/// concerns (recorded later with `Span::record("member", …)` when only the job knows it).
pub(super) fn job_span(job: &'static str, game: GameId, member: Option<UserId>) -> tracing::Span {
    let span = tracing::info_span!("job", job, game = %game, member = tracing::field::Empty);
    if let Some(member) = member {
        span.record("member", tracing::field::display(member));
    }
    span
}
