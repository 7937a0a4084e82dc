//! Puzzle mining in the background: a worker mines the finished games of servers for puzzles
//! ([`GameService::run_next_mining`](dama_service::service::GameService::run_next_mining)),
//! one after another while games wait; when none does, it looks again as soon as this
//! instance ends a game, and every few seconds for the games other instances ended. The
//! service decides which games, how many a day, and runs one search at a time per process on
//! a thread of its own, so the computer's moves keep their threads.

use std::sync::Arc;
use std::time::Duration;

use dama_service::service::MiningRun;

use super::app::App;

/// How often the worker looks for games to mine when none waited and no game ended here: a
/// game another instance ended is mined within seconds, and an idle look is one indexed
/// statement.
const POLL: Duration = Duration::from_secs(10);

/// The pause between two games mined back to back: a backlog (after a restart, or a busy
/// evening) is worked through without holding a core for minutes on end.
const BETWEEN_GAMES: Duration = Duration::from_secs(1);

impl App {
    /// Mines waiting games, one at a time, until the task is aborted. Errors are logged and the
    /// next look tries again (a game left half done is taken again after its lease).
    pub(crate) async fn mining_worker(self: Arc<App>) {
        loop {
            match self.service.run_next_mining().await {
                Ok(Some(MiningRun::Done { .. } | MiningRun::Failed(_))) => {
                    tokio::time::sleep(BETWEEN_GAMES).await;
                }
                Ok(None) => {
                    tokio::select! {
                        () = tokio::time::sleep(POLL) => {}
                        () = self.service.game_ended() => {}
                    }
                }
                Err(e) => {
                    tracing::error!(error = %e, "the puzzle mining worker failed");
                    tokio::time::sleep(POLL).await;
                }
            }
        }
    }
}
