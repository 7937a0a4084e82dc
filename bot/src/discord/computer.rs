//! The computer's turn: the engine searches on a blocking thread with its level's budget, and
//! its move goes through the service like anyone's.

use std::sync::Arc;

use dama_engine::{Decision, Engine, EngineConfig};
use dama_rules::notation::MoveText;
use tokio::sync::Semaphore;

use super::interaction::Failure;
use crate::model::Actor;
use crate::service::{GameEnded, GameService, GameView, MoveOutcome};

/// Transposition table per search: plenty for the levels' node budgets, cheap to clear.
const HASH_MB: usize = 8;

/// What the computer did on its turn.
#[derive(Debug)]
pub(crate) enum Turn {
    /// It moved.
    Moved(MoveOutcome),
    /// It resigned (levels 4 and 5, in a lost position).
    Resigned(GameEnded),
}

/// Plays the computer's turns, at most as many searches at once as there are permits (one per
/// core, so a crowd of computer games cannot starve the rest of the bot).
#[derive(Debug, Clone)]
pub(crate) struct Computer {
    searches: Arc<Semaphore>,
}

impl Computer {
    /// A computer player running up to `parallel` searches at once.
    pub(crate) fn new(parallel: usize) -> Computer {
        Computer {
            searches: Arc::new(Semaphore::new(parallel.max(1))),
        }
    }

    /// Plays the computer's turn in `view`, a game where it is to move.
    pub(crate) async fn play(
        &self,
        service: &GameService,
        view: &GameView,
    ) -> Result<Turn, Failure> {
        let level = view
            .engine_to_move()
            .ok_or_else(|| Failure::refused("It is not the computer's turn."))?;
        let game = service.history(view.id).await?;
        let config = EngineConfig {
            level,
            // Varied between games and moves, and the same on a replay of the same game.
            seed: u64::from_ne_bytes(view.id.0.to_ne_bytes()) ^ (u64::from(view.ply) << 32),
            hash_mb: HASH_MB,
        };
        let decision = {
            let _permit = self
                .searches
                .acquire()
                .await
                .map_err(|_| Failure::refused("The computer is shutting down."))?;
            tokio::task::spawn_blocking(move || {
                Engine::new(config).choose(&game, level.interactive_budget())
            })
            .await??
        };
        match decision {
            Decision::Play { mv, .. } => {
                let text = MoveText::of_move(&mv);
                Ok(Turn::Moved(
                    service.play_move(view.id, Actor::Engine, &text).await?,
                ))
            }
            Decision::Resign { .. } => Ok(Turn::Resigned(service.engine_resigns(view.id).await?)),
        }
    }
}
