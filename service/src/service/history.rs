//! Whole games for the adapter's replays and for the computer opponent: the replayed moves of a
//! game, and the computer resigning.

use dama_rules::{Game, Outcome, WinReason};

use super::{GameEnded, GameService, Line, ServiceError};
use crate::ids::GameId;

impl GameService {
    /// Game `id` replayed from its start: every move and position, and the result once it has
    /// ended. For the replay picture of a finished game, and for the engine, which needs the
    /// positions met before (they count toward repetition).
    pub async fn history(&self, id: GameId) -> Result<Game, ServiceError> {
        Ok(self.load(id).await?.game)
    }

    /// The computer resigns game `id`, a game against it still in progress: the person wins.
    pub async fn engine_resigns(&self, id: GameId) -> Result<GameEnded, ServiceError> {
        let now = self.clock.now();
        let loaded = self.load(id).await?;
        loaded.record.ensure_active()?;
        let engine = loaded
            .record
            .seats
            .engine_color()
            .ok_or(ServiceError::NotAParticipant)?;
        let outcome = Outcome::Win {
            winner: engine.opposite(),
            reason: WinReason::Resignation,
        };
        let lines = vec![Line::Resigned { by: engine }];
        self.finish(loaded, outcome, now, lines, self.config.answer_grace)
            .await
    }
}

#[cfg(test)]
mod tests {
    use dama_engine::Level;
    use dama_rules::Color;

    use super::*;
    use crate::ids::UserId;
    use crate::model::{Actor, ColourChoice, Player, TimeControl};
    use crate::service::testing::{computer_game, place, service};

    #[tokio::test]
    async fn history_has_every_move_in_order() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let service = service(&dir).await;
        let ada = Player::new(UserId(1), "Ada");
        let level = Level::MIN;
        let game = service
            .start_engine_game(&ada, place(), level, ColourChoice::White, TimeControl::Day)
            .await
            .expect("game starts");
        let first = service
            .play_move(
                game.id,
                Actor::Player(ada.id),
                &"d3-d4".parse().expect("syntax"),
            )
            .await
            .expect("legal");
        let second = service
            .play_move(game.id, Actor::Engine, &"e6-e5".parse().expect("syntax"))
            .await
            .expect("legal");
        let history = service.history(game.id).await.expect("replays");
        assert_eq!(history.moves(), [first.played, second.played]);
        assert_eq!(*history.position(), second.game.position);
        assert_eq!(*history.start(), dama_rules::Position::start());
    }

    #[tokio::test]
    async fn the_computer_resigning_makes_the_person_win_once() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let service = service(&dir).await;
        let ada = Player::new(UserId(1), "Ada");
        let game = computer_game(&service, &ada, Level::MAX).await;
        let ended = service.engine_resigns(game.id).await.expect("resigns");
        assert_eq!(ended.end.outcome.winner(), Some(Color::Black));
        assert!(
            ended.end.ratings.is_none(),
            "games against the computer are unrated"
        );
        assert!(
            service
                .history(game.id)
                .await
                .expect("replays")
                .outcome()
                .is_some()
        );
        assert!(matches!(
            service.engine_resigns(game.id).await,
            Err(ServiceError::GameOver)
        ));
    }

    #[tokio::test]
    async fn only_a_game_against_the_computer_can_be_resigned_by_it() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let service = service(&dir).await;
        let (ada, bo) = (Player::new(UserId(1), "Ada"), Player::new(UserId(2), "Bo"));
        let challenge = service
            .create_challenge(&ada, Some(&bo), place(), Default::default())
            .await
            .expect("challenge");
        let game = service
            .accept_challenge(&bo, place(), challenge.id)
            .await
            .expect("accepted");
        assert!(matches!(
            service.engine_resigns(game.id).await,
            Err(ServiceError::NotAParticipant)
        ));
    }
}
