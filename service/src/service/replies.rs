//! The computer's replies. The write that makes it the computer's turn starts its reply: a task
//! of the service plays it under the game's job lease, so that no other instance or sweep plays
//! it too. Whoever shows the game afterwards waits for that reply with
//! [`computer_reply`](GameService::computer_reply); a turn left by a stopped bot is started
//! there, or by the sweeper.

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tokio::sync::watch;
use tracing::Instrument;

use super::{ComputerTurn, GameService, GameView, ServiceError};
use crate::ids::GameId;

/// How long a computer's turn is held by the worker playing it before another may take it over
/// (its search takes 1.5 s at most): a bot killed mid-reply delays the reply by this much at
/// most, plus a sweep.
const COMPUTER_TURN_LEASE: Duration = Duration::from_secs(10);

/// The replies this service plays.
#[derive(Debug, Default)]
pub(super) struct Replies {
    /// Whether the service plays the computer's replies by itself. The bot turns it on; the
    /// service's own tests play the computer's turns one by one.
    on: AtomicBool,
    /// The replies being played, each with a flag that turns true when it is done.
    running: Mutex<HashMap<GameId, watch::Receiver<bool>>>,
}

impl GameService {
    /// From now on the computer replies by itself whenever a write makes it its turn (the bot
    /// calls this once at start).
    pub fn play_computer_replies(&self) {
        self.replies.on.store(true, Ordering::Relaxed);
    }

    /// Starts the computer's reply in `view`'s game if it is to move there.
    pub(super) fn start_reply(&self, view: &GameView) {
        if view.engine_to_move().is_some() && !view.is_over() {
            self.reply_in(view.id);
        }
    }

    /// Waits until the computer has replied in `view`'s game, when it is to move there. A
    /// reply nobody is playing (the bot stopped while the computer thought) starts now.
    pub async fn computer_reply(&self, view: &GameView) -> Result<(), ServiceError> {
        if !self.replies.on.load(Ordering::Relaxed)
            || view.is_over()
            || view.engine_to_move().is_none()
        {
            return Ok(());
        }
        let running = self.running_reply(view.id);
        let mut done = match running {
            Some(done) => done,
            None => {
                // Played already, or never started: the game as it stands tells which.
                let now = self.game(view.id).await?;
                if now.is_over() || now.engine_to_move().is_none() {
                    return Ok(());
                }
                match self.reply_in(view.id) {
                    Some(done) => done,
                    None => return Ok(()),
                }
            }
        };
        // A dropped sender means the task ended without its word: nothing more to wait for.
        let _ = done.wait_for(|finished| *finished).await;
        Ok(())
    }

    /// Plays the computer's turn in game `id`, left by an instance that is gone, and hands its
    /// news to the delivery worker at once: nobody's interaction waits to carry it.
    pub(super) fn resume_reply(&self, id: GameId) {
        let Some(mut done) = self.reply_in(id) else {
            return;
        };
        let service = self.clone();
        tokio::spawn(async move {
            let _ = done.wait_for(|finished| *finished).await;
            if let Err(e) = service.hand_over(id).await {
                tracing::error!(game = %id, error = %e, "cannot hand the computer's reply to the worker");
            }
        });
    }

    /// The flag of the reply being played in game `id`, if one is.
    fn running_reply(&self, id: GameId) -> Option<watch::Receiver<bool>> {
        let running = self
            .replies
            .running
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        running.get(&id).cloned()
    }

    /// Starts a task playing the computer's turn in game `id` unless one is running; its flag.
    /// `None` while the service does not play replies by itself.
    fn reply_in(&self, id: GameId) -> Option<watch::Receiver<bool>> {
        if !self.replies.on.load(Ordering::Relaxed) {
            return None;
        }
        let mut running = self
            .replies
            .running
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some(done) = running.get(&id) {
            return Some(done.clone());
        }
        let (finished, done) = watch::channel(false);
        running.insert(id, done.clone());
        drop(running);
        let service = self.clone();
        tokio::spawn(async move {
            match service.leased_computer_turn(id).await {
                Ok(Some(Ok(_)) | None) => {}
                Ok(Some(Err(e))) | Err(e) => {
                    if !is_overtaken(&e) {
                        tracing::error!(game = %id, error = %e, "cannot play the computer's turn; the sweeper tries again");
                    }
                }
            }
            service
                .replies
                .running
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .remove(&id);
            finished.send_replace(true);
        });
        Some(done)
    }

    /// The computer's turn in game `id`, played while holding the game's job lease; `None`
    /// when another worker holds it.
    pub(super) async fn leased_computer_turn(
        &self,
        id: GameId,
    ) -> Result<Option<Result<ComputerTurn, ServiceError>>, ServiceError> {
        let job = format!("computer:{id}");
        self.leased_for(&job, COMPUTER_TURN_LEASE, self.play_computer_turn(id))
            .instrument(super::sweep::job_span("computer_turn", id, None))
            .await
    }
}

/// Whether `e` says the computer's turn was taken by something else first: a person's action,
/// another worker, the end of the game.
pub(super) fn is_overtaken(e: &ServiceError) -> bool {
    matches!(
        e,
        ServiceError::Conflict | ServiceError::NotYourTurn | ServiceError::GameOver
    )
}
