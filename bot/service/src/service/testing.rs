//! Helpers for the service's unit tests: a service over a fresh database file, a place.

use super::{GameService, ServiceConfig};
use crate::ids::{ChannelId, Place};

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
