//! The computer player: the engine decides its turns and answers draw offers, searching on
//! blocking threads, at most [`ServiceConfig::engine_searches`](super::ServiceConfig) at once.

use std::sync::Arc;

use dama_engine::{Budget, Decision, Engine, EngineConfig, EngineError, Level};
use dama_rules::notation::MoveText;
use dama_rules::{Color, Game};
use tokio::sync::Semaphore;

use super::{ComputerTurn, GameService, Loaded, ServiceError};
use crate::ids::GameId;
use crate::model::Actor;

/// Transposition table per search: plenty for the levels' node budgets, cheap to clear.
const HASH_MB: usize = 8;

/// Nodes searched to judge a draw offer (a few hundredths of a second).
const DRAW_JUDGEMENT_NODES: u64 = 200_000;

/// Runs engine searches on blocking threads, as many at once as there are permits, so that a
/// crowd of computer games cannot starve the rest of the bot. Clones share the permits.
#[derive(Debug, Clone)]
pub(super) struct Computer {
    searches: Arc<Semaphore>,
}

impl Computer {
    /// A computer player running up to `parallel` searches at once (at least one).
    pub(super) fn new(parallel: usize) -> Computer {
        Computer {
            searches: Arc::new(Semaphore::new(parallel.max(1))),
        }
    }

    /// Runs `search` with an engine for game `id` at `level`, on a blocking thread once a
    /// permit is free.
    async fn search<T: Send + 'static>(
        &self,
        id: GameId,
        game: &Game,
        level: Level,
        search: impl FnOnce(&mut Engine, &Game) -> Result<T, EngineError> + Send + 'static,
    ) -> Result<T, ServiceError> {
        let failed = |reason: String| ServiceError::Engine { game: id, reason };
        let config = EngineConfig {
            level,
            // Varied between games and moves, and the same on a replay of the same game.
            seed: u64::from_ne_bytes(id.0.to_ne_bytes())
                ^ (u64::try_from(game.moves().len()).unwrap_or(0) << 32),
            hash_mb: HASH_MB,
        };
        let game = game.clone();
        let _permit = self
            .searches
            .acquire()
            .await
            .map_err(|e| failed(e.to_string()))?;
        tokio::task::spawn_blocking(move || search(&mut Engine::new(config), &game))
            .await
            .map_err(|e| failed(e.to_string()))?
            .map_err(|e| failed(e.to_string()))
    }
}

impl GameService {
    /// The computer plays its turn in game `id`, a game against it where it is to move: it
    /// moves (offering a draw along with the move when the engine wants one: the person then
    /// answers with [`accept_draw`](Self::accept_draw) or [`decline_draw`](Self::decline_draw),
    /// or moves instead), or, at levels 4 and 5 in a lost position, resigns. Should the person
    /// take back a move while the engine thinks, its move is refused with
    /// [`ServiceError::Conflict`]: read the game again.
    pub async fn play_computer_turn(&self, id: GameId) -> Result<ComputerTurn, ServiceError> {
        let Loaded { record, game } = self.load(id).await?;
        if !record.seats.against_engine() {
            return Err(ServiceError::NotAParticipant);
        }
        record.ensure_active()?;
        let level = record
            .seats
            .participant(game.turn())
            .engine()
            .ok_or(ServiceError::NotYourTurn)?;
        let decision = self
            .computer
            .search(id, &game, level, move |engine, game| {
                engine.choose(game, level.interactive_budget())
            })
            .await?;
        match decision {
            Decision::Play { mv, offer_draw, .. } => {
                let text = MoveText::of_move(&mv);
                let moved = self.play(id, Actor::Engine, &text, offer_draw).await?;
                Ok(ComputerTurn::Moved(moved))
            }
            Decision::Resign { .. } => Ok(ComputerTurn::Resigned(self.engine_resigns(id).await?)),
        }
    }

    /// Whether the computer, playing `engine` in `loaded`, agrees to a draw now. The offer is
    /// judged at full strength (without a low level's deliberate noise) on a small budget, so
    /// that no level takes a draw in a level opening or a won position.
    pub(super) async fn engine_accepts_draw(
        &self,
        loaded: &Loaded,
        engine: Color,
    ) -> Result<bool, ServiceError> {
        self.computer
            .search(
                loaded.record.id,
                &loaded.game,
                Level::MAX,
                move |e, game| e.accepts_draw(game, engine, Budget::nodes(DRAW_JUDGEMENT_NODES)),
            )
            .await
    }
}

#[cfg(test)]
mod tests {
    use dama_rules::{DrawReason, Outcome, Position};

    use super::*;
    use crate::ids::UserId;
    use crate::model::{ColourChoice, Participant, Player, Seats, TimeControl};
    use crate::service::DrawOffer;
    use crate::service::testing::{place, service};
    use crate::store::{self, NewGame};

    /// A game from `start` between `person` (White) and the computer at level 4 (Black).
    async fn game_from(service: &GameService, person: &Player, start: &str) -> GameId {
        let now = service.now();
        let seats = Seats::new(
            Participant::Human(person.clone()),
            Participant::Engine(Level::new(4).expect("level")),
        );
        let mut tx = service.write().await.expect("writer");
        store::upsert_player(&mut tx, person, now)
            .await
            .expect("player");
        let id = store::insert_game(
            &mut tx,
            &NewGame {
                place: place(),
                seats: &seats,
                rated: false,
                time_control: TimeControl::Unlimited,
                start: start.parse::<Position>().expect("position"),
                to_move: Some(person.id),
                deadline: None,
                now,
            },
        )
        .await
        .expect("game");
        tx.commit().await.expect("commit");
        id
    }

    #[tokio::test]
    async fn the_computer_accepts_a_draw_when_its_position_is_hopeless() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let service = service(&dir).await;
        let ada = Player::new(UserId(1), "Ada");
        // Two white kings against one black man.
        let id = game_from(&service, &ada, "WW6/8/8/8/8/8/7b/8 w").await;
        let DrawOffer::Agreed(ended) = service.offer_draw(id, ada.id).await.expect("answered")
        else {
            panic!("a lost position is worth a draw to the computer");
        };
        assert_eq!(ended.end.outcome, Outcome::Draw(DrawReason::Agreement));
        assert!(ended.game.is_over());
    }

    #[tokio::test]
    async fn a_draw_offered_with_the_computers_move_waits_for_the_person() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let service = service(&dir).await;
        let ada = Player::new(UserId(1), "Ada");
        let game = service
            .start_engine_game(
                &ada,
                place(),
                Level::MIN,
                ColourChoice::Black,
                TimeControl::Day,
            )
            .await
            .expect("game starts");
        // The engine offers only after 20 quiet plies; the offer is written as it would be.
        let moved = service
            .play(
                game.id,
                Actor::Engine,
                &"d3-d4".parse().expect("syntax"),
                true,
            )
            .await
            .expect("legal");
        assert_eq!(moved.game.draw_offer, Some(Color::White));
        assert_eq!(
            service.game(game.id).await.expect("game").draw_offer,
            Some(Color::White)
        );
        let ended = service
            .accept_draw(game.id, ada.id)
            .await
            .expect("accepted");
        assert_eq!(ended.end.outcome, Outcome::Draw(DrawReason::Agreement));
    }
}
