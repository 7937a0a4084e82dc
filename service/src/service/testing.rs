//! Helpers for the service's unit tests: a service over a fresh database file, a place, a
//! game against the computer.

use dama_engine::Level;

use super::{GameService, GameView, ServiceConfig};
use crate::ids::{ChannelId, Place};
use crate::model::{ColourChoice, Player, TimeControl};

/// A service over a new database file in `dir`.
pub(super) async fn service(dir: &tempfile::TempDir) -> GameService {
    let url = dir.path().join("dama.db").display().to_string();
    let pool = crate::store::connect(&url).await.expect("database opens");
    GameService::new(pool, ServiceConfig::default())
}

/// A DM channel.
pub(super) fn place() -> Place {
    Place {
        guild: None,
        channel: ChannelId(5),
    }
}

/// A game at `place()` where `person` plays Black against the computer at `level`, a day per
/// move (so the computer is to move).
pub(super) async fn computer_game(
    service: &GameService,
    person: &Player,
    level: Level,
) -> GameView {
    service
        .start_engine_game(
            person,
            place(),
            level,
            ColourChoice::Black,
            TimeControl::Day,
        )
        .await
        .expect("game starts")
}
