//! Shared helpers for the service tests: a fresh database per test (a SQLite file, or a
//! PostgreSQL database on a throwaway server, as `#[on_both_stores]` says), a hand-moved clock,
//! players, places, and quick ways to start and play games.

#![allow(
    dead_code,
    reason = "each test file uses a different part of this module"
)]

use std::sync::Arc;
use std::time::Duration;

use dama_engine::Level;
use dama_service::clock::{ManualClock, Timestamp};
use dama_service::ids::{ChannelId, GameId, GuildId, Place, UserId};
use dama_service::model::{Actor, ChallengeOptions, ColourChoice, Player, TimeControl};
use dama_service::service::{GameService, GameView, MoveOutcome, ServiceConfig, ServiceError};
use tempfile::TempDir;

/// 2025-06-15 12:00:00 UTC: a fixed start so dates in tests are stable.
pub const START: Timestamp = Timestamp::from_millis(1_749_988_800_000);

pub const HOUR: Duration = Duration::from_secs(3600);
pub const DAY: Duration = Duration::from_secs(86_400);

/// The store a test runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Store {
    /// A SQLite file in the test's temporary directory.
    Sqlite,
    /// A fresh database on this test process's throwaway PostgreSQL server.
    Postgres,
}

tokio::task_local! {
    static STORE: Store;
}

/// Runs `test` with [`Env`]s on `store` (what `#[on_both_stores]` calls). On PostgreSQL, on a
/// machine without its programs, the test is skipped instead: it passes without running,
/// counted for the run's summary line (see `dama_test_postgres::skip`).
pub async fn on_store(store: Store, test: impl Future<Output = ()>) {
    if store == Store::Postgres && dama_test_postgres::skip() {
        return;
    }
    STORE.scope(store, test).await
}

/// A new, empty database on the current test's store.
fn new_database(dir: &TempDir) -> String {
    match STORE.try_with(|store| *store).unwrap_or(Store::Sqlite) {
        Store::Sqlite => format!("sqlite://{}", dir.path().join("dama.db").display()),
        Store::Postgres => dama_test_postgres::Server::shared()
            .and_then(|server| server.fresh_database())
            .unwrap_or_else(|e| {
                panic!(
                    "no throwaway PostgreSQL server ({e}); Debian's `postgresql` package has one"
                )
            }),
    }
}

/// A service over a new database (a file in its own temporary directory, or a PostgreSQL
/// database).
pub struct Env {
    pub dir: TempDir,
    pub url: String,
    pub clock: Arc<ManualClock>,
    pub service: GameService,
}

impl Env {
    pub async fn new() -> Env {
        Env::with_config(ServiceConfig::default()).await
    }

    pub async fn with_config(config: ServiceConfig) -> Env {
        let dir = tempfile::tempdir().expect("temporary directory");
        let url = new_database(&dir);
        let pool = dama_service::connect(&url).await.expect("database opens");
        let clock = Arc::new(ManualClock::new(START));
        let service = GameService::with_clock(pool, config, clock.clone());
        Env {
            dir,
            url,
            clock,
            service,
        }
    }

    /// A second service over the same file, as another process would have.
    pub async fn reopen(&self) -> GameService {
        let pool = dama_service::connect(&self.url)
            .await
            .expect("database reopens");
        GameService::with_clock(pool, *self.service.config(), self.clock.clone())
    }

    pub fn advance(&self, d: Duration) {
        self.clock.advance(d);
    }

    /// Starts a game with `white` as White through a direct challenge.
    pub async fn start(
        &self,
        white: &Player,
        black: &Player,
        options: ChallengeOptions,
    ) -> GameView {
        let options = ChallengeOptions {
            colour: ColourChoice::White,
            ..options
        };
        let challenge = self
            .service
            .create_challenge(white, Some(black), place(), options)
            .await
            .expect("challenge");
        self.service
            .accept_challenge(black, place(), challenge.id)
            .await
            .expect("accept")
    }

    /// A rated game with a day per move.
    pub async fn rated(&self, white: &Player, black: &Player) -> GameView {
        self.start(white, black, ChallengeOptions::default()).await
    }

    /// A casual game without deadline.
    pub async fn casual(&self, white: &Player, black: &Player) -> GameView {
        let options = ChallengeOptions {
            rated: false,
            time_control: TimeControl::Unlimited,
            ..ChallengeOptions::default()
        };
        self.start(white, black, options).await
    }

    /// A game between `player` (playing `colour`) and the computer at `level`, a day per move.
    pub async fn engine_game(
        &self,
        player: &Player,
        level: Level,
        colour: ColourChoice,
    ) -> GameView {
        self.service
            .start_engine_game(player, place(), level, colour, TimeControl::Day)
            .await
            .expect("game starts")
    }

    /// Plays `text` for `user`.
    pub async fn play(
        &self,
        game: GameId,
        user: &Player,
        text: &str,
    ) -> Result<MoveOutcome, ServiceError> {
        let text = text.parse().expect("move syntax");
        self.service
            .play_move(game, Actor::Player(user.id), &text)
            .await
    }

    /// Plays a sequence of moves, alternating from whoever is to move.
    pub async fn play_all(&self, game: GameId, texts: &[&str]) -> MoveOutcome {
        let mut last = None;
        for text in texts {
            let view = self.service.game(game).await.expect("game");
            let user = view.user_to_move().expect("a person is to move");
            let parsed = text.parse().expect("move syntax");
            last = Some(
                self.service
                    .play_move(game, Actor::Player(user), &parsed)
                    .await
                    .unwrap_or_else(|e| panic!("{text}: {e}")),
            );
        }
        last.expect("at least one move")
    }

    /// Plays the first legal move (in generation order) for whoever is to move, until the
    /// game ends; returns the last move's outcome.
    pub async fn play_out(
        &self,
        game: GameId,
        pick: &mut impl FnMut(usize) -> usize,
    ) -> MoveOutcome {
        loop {
            let view = self.service.game(game).await.expect("game");
            let moves = view.position.legal_moves_under(view.rules);
            let m = moves[pick(moves.len()) % moves.len()];
            let actor = match view.user_to_move() {
                Some(user) => Actor::Player(user),
                None => Actor::Engine,
            };
            let text = dama_rules::notation::MoveText::of_move(&m);
            let outcome = self
                .service
                .play_move(game, actor, &text)
                .await
                .expect("legal move is accepted");
            if outcome.ended.is_some() {
                return outcome;
            }
        }
    }
}

pub fn place() -> Place {
    Place {
        guild: Some(GuildId(1000)),
        channel: ChannelId(2000),
    }
}

pub fn player(n: u64) -> Player {
    Player::new(UserId(n), format!("player {n}"))
}

/// A tiny deterministic generator (xorshift) so "random" games are reproducible.
pub fn rng(seed: u64) -> impl FnMut(usize) -> usize {
    let mut state = seed.max(1);
    move |n| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        usize::try_from(state % (n as u64).max(1)).unwrap_or(0)
    }
}
