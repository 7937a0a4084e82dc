//! Ratings per speed: bullet, blitz, rapid and correspondence games are rated apart, in all
//! time's tables and in seasons'; leaderboards, stats and rating histories read one speed; the
//! ratings from before speeds became correspondence ratings.

mod common;

use common::{Env, place, player};
use dama_service::ids::{GameId, GuildId, UserId};
use dama_service::model::{Actor, ChallengeOptions, LiveClock, Player, Speed};
use dama_service::rating::Rating;
use dama_service::service::{Authority, GameService, HowPlayed, Period};
use dama_test_stores::on_both_stores;

/// A rated live game on `clock` that `winner` (White) wins by `loser`'s resignation once both
/// have made their first move.
async fn beats_live(env: &Env, winner: &Player, loser: &Player, clock: &str) -> GameId {
    let live: LiveClock = clock.parse().expect("a clock");
    let options = ChallengeOptions {
        live: Some(live),
        ..ChallengeOptions::default()
    };
    let game = env.start(winner, loser, options).await;
    for _ in 0..2 {
        let view = env.service.game(game.id).await.expect("game");
        let m = view.position.legal_moves_under(view.rules)[0];
        let text = dama_rules::notation::MoveText::of_move(&m);
        let actor = view.user_to_move().map_or(Actor::Engine, Actor::Player);
        env.service
            .play(game.id, actor, &text, HowPlayed::default())
            .await
            .expect("a first move");
    }
    env.service.resign(game.id, loser.id).await.expect("resign");
    game.id
}

/// A rated correspondence game that `winner` (White) wins by `loser`'s resignation.
async fn beats(env: &Env, winner: &Player, loser: &Player) -> GameId {
    let game = env.rated(winner, loser).await;
    env.service.resign(game.id, loser.id).await.expect("resign");
    game.id
}

fn users(entries: &[dama_service::service::LeaderboardEntry]) -> Vec<UserId> {
    entries.iter().map(|e| e.user).collect()
}

#[test]
fn the_speeds_are_told_apart_by_lichess_estimate() {
    let speed = |text: &str| text.parse::<LiveClock>().expect("a clock").speed();
    // Base + 40 × increment: under 3 minutes bullet, under 8 blitz, else rapid.
    assert_eq!(speed("2+1"), Speed::Bullet);
    assert_eq!(speed("3+0"), Speed::Blitz);
    assert_eq!(speed("5+3"), Speed::Blitz);
    assert_eq!(speed("8+0"), Speed::Rapid);
    assert_eq!(Speed::of(None), Speed::Correspondence);
}

#[on_both_stores]
async fn a_blitz_game_changes_the_blitz_rating_and_not_the_correspondence_one() {
    let env = Env::new().await;
    let (ada, bo) = (player(1), player(2));
    beats(&env, &ada, &bo).await;
    let guild = place().guild;
    let before = env.service.stats(guild, ada.id, None).await.unwrap();
    let correspondence = *before.rating(Speed::Correspondence).expect("rated");
    assert_eq!(before.ratings.len(), 1, "{:?}", before.ratings);

    let game = beats_live(&env, &ada, &bo, "5+3").await;
    let end = env.service.game(game).await.unwrap();
    assert_eq!(Speed::of(end.live), Speed::Blitz);
    let after = env.service.stats(guild, ada.id, None).await.unwrap();
    assert_eq!(
        after.rating(Speed::Correspondence),
        Some(&correspondence),
        "the correspondence rating stays as it was"
    );
    let blitz = after.rating(Speed::Blitz).expect("a blitz rating");
    assert_eq!(blitz.games, 1);
    assert!(
        blitz.rating.rating > Rating::default().rating,
        "won from the default"
    );
    let speeds: Vec<Speed> = after.ratings.iter().map(|r| r.speed).collect();
    assert_eq!(
        speeds,
        [Speed::Blitz, Speed::Correspondence],
        "the fastest first"
    );
    let lost = env.service.stats(guild, bo.id, None).await.unwrap();
    assert!(lost.rating(Speed::Blitz).expect("rated").rating.rating < 1500.0);
    assert_eq!(lost.rating(Speed::Bullet), None);
    assert_eq!(lost.rating(Speed::Rapid), None);

    // The rating history of each speed holds its own games only.
    let home = guild.expect("a server");
    let history = |speed| env.service.rating_history(home, ada.id, speed, 50);
    let blitz_steps = history(Speed::Blitz).await.unwrap();
    assert_eq!(blitz_steps.len(), 1);
    assert_eq!(blitz_steps[0].game, game);
    assert!((blitz_steps[0].after - blitz.rating.rating).abs() < 1e-9);
    assert_eq!(history(Speed::Correspondence).await.unwrap().len(), 1);
    assert!(history(Speed::Bullet).await.unwrap().is_empty());
}

#[on_both_stores]
async fn each_speeds_leaderboard_lists_only_that_speeds_players() {
    let env = Env::new().await;
    let (ada, bo, cy, dee) = (player(1), player(2), player(3), player(4));
    let guild = place().guild;
    // Ada and Bo play three correspondence games; Cy and Dee three bullet ones.
    for _ in 0..3 {
        beats(&env, &ada, &bo).await;
        beats_live(&env, &cy, &dee, "1+0").await;
    }
    let board = |speed| env.service.leaderboard(guild, Period::AllTime, speed, 10);
    let correspondence = board(Some(Speed::Correspondence)).await.unwrap();
    assert_eq!(correspondence.speed, Speed::Correspondence);
    assert_eq!(users(&correspondence.entries), [ada.id, bo.id]);
    let bullet = board(Some(Speed::Bullet)).await.unwrap();
    assert_eq!(bullet.speed, Speed::Bullet);
    assert_eq!(users(&bullet.entries), [cy.id, dee.id]);
    assert!(board(Some(Speed::Blitz)).await.unwrap().entries.is_empty());
    // As many games of each: without a speed, correspondence.
    assert_eq!(board(None).await.unwrap(), correspondence);

    // A fourth bullet game makes bullet the server's busiest speed: the table shown first.
    beats_live(&env, &cy, &dee, "2+1").await;
    let busiest = board(None).await.unwrap();
    assert_eq!(busiest.speed, Speed::Bullet);
    assert_eq!(users(&busiest.entries), [cy.id, dee.id]);

    // A rank counts the players of the same speed only.
    let stats = env.service.stats(guild, cy.id, None).await.unwrap();
    assert_eq!(stats.rating(Speed::Bullet).expect("rated").rank, Some(1));
    let stats = env.service.stats(guild, bo.id, None).await.unwrap();
    assert_eq!(
        stats.rating(Speed::Correspondence).expect("rated").rank,
        Some(2)
    );
}

#[on_both_stores]
async fn a_season_keeps_a_table_for_each_speed_and_crowns_champions_at_each() {
    let env = Env::new().await;
    let home = place().guild.expect("a server");
    let (ada, bo, cy, dee) = (player(1), player(2), player(3), player(4));
    env.service
        .start_season(home, Authority::Manager)
        .await
        .unwrap();
    for _ in 0..3 {
        beats(&env, &bo, &ada).await;
        beats_live(&env, &dee, &cy, "10+0").await;
    }
    let rapid = env
        .service
        .leaderboard(Some(home), Period::Current, Some(Speed::Rapid), 10)
        .await
        .unwrap();
    assert_eq!(rapid.season.map(|s| s.number), Some(1));
    assert_eq!(users(&rapid.entries), [dee.id, cy.id]);
    let ended = env
        .service
        .end_season(home, Authority::Manager)
        .await
        .unwrap();
    let champions: Vec<(Speed, Vec<UserId>)> = ended
        .champions
        .iter()
        .map(|c| (c.speed, users(&c.entries)))
        .collect();
    assert_eq!(
        champions,
        [
            (Speed::Rapid, vec![dee.id, cy.id]),
            (Speed::Correspondence, vec![bo.id, ada.id]),
        ]
    );
}

/// A rating, a season rating and a rating change stored before speeds: after the migration,
/// each is a correspondence one.
async fn check_the_old_rating_reads_as_correspondence(service: &GameService) {
    let home = GuildId(7);
    let stats = service.stats(Some(home), UserId(1), None).await.unwrap();
    assert_eq!(stats.ratings.len(), 1, "{:?}", stats.ratings);
    let old = stats.rating(Speed::Correspondence).expect("the old rating");
    assert_eq!((old.rating.rating, old.games), (1620.0, 4));
    assert_eq!(old.rank, Some(1));
    let board = service
        .leaderboard(Some(home), Period::AllTime, None, 10)
        .await
        .unwrap();
    assert_eq!(board.speed, Speed::Correspondence);
    assert_eq!(users(&board.entries), [UserId(1), UserId(2)]);
    let blitz = service
        .leaderboard(Some(home), Period::AllTime, Some(Speed::Blitz), 10)
        .await
        .unwrap();
    assert!(blitz.entries.is_empty());
    let season = service
        .leaderboard(
            Some(home),
            Period::Season(1),
            Some(Speed::Correspondence),
            10,
        )
        .await
        .unwrap();
    assert_eq!(users(&season.entries), [UserId(2)]);
    let history = service
        .rating_history(home, UserId(1), Speed::Correspondence, 10)
        .await
        .unwrap();
    assert_eq!(history.len(), 1);
    assert_eq!((history[0].before, history[0].after), (1600.0, 1620.0));
}

/// Rows as a database from before speeds has them: `$rated` is how the store writes a flag.
fn old_rows(rated: &str) -> String {
    format!(
        "INSERT INTO players (user_id, display_name, created_at, updated_at)
             VALUES (1, 'Ada', 0, 0), (2, 'Bo', 0, 0);
         INSERT INTO ratings (scope, user_id, rating, deviation, volatility, games, updated_at)
             VALUES (7, 1, 1620, 80, 0.06, 4, 0), (7, 2, 1380, 80, 0.06, 4, 0);
         INSERT INTO seasons (guild_id, number, started_at) VALUES (7, 1, 0);
         INSERT INTO season_ratings (guild_id, number, user_id, rating, deviation, volatility,
                 games, updated_at)
             VALUES (7, 1, 2, 1550, 90, 0.06, 3, 0);
         INSERT INTO games (id, guild_id, channel_id, white_id, black_id, rated, start_position,
                 position, status, result, end_reason, created_at, updated_at, ended_at)
             VALUES (1, 7, 70, 1, 2, {rated}, 's', 's', 'finished', '1-0', 'resignation', 0, 5, 5);
         INSERT INTO rating_changes (game_id, user_id, rating_before, rating_after,
                 deviation_after)
             VALUES (1, 1, 1600, 1620, 80);"
    )
}

#[tokio::test]
async fn an_existing_sqlite_rating_is_read_as_correspondence_after_the_migration() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("old.db").display());
    let options = url
        .parse::<sqlx::sqlite::SqliteConnectOptions>()
        .unwrap()
        .create_if_missing(true);
    let pool = sqlx::SqlitePool::connect_with(options).await.unwrap();
    dama_service::MIGRATOR.run_to(27, &pool).await.unwrap();
    sqlx::raw_sql(sqlx::AssertSqlSafe(old_rows("1")))
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;

    let pool = dama_service::connect(&url).await.unwrap();
    let service = GameService::new(pool, Default::default());
    check_the_old_rating_reads_as_correspondence(&service).await;
}

#[tokio::test]
async fn an_existing_postgres_rating_is_read_as_correspondence_after_the_migration() {
    if dama_test_postgres::skip() {
        return;
    }
    let url = dama_test_postgres::Server::shared()
        .and_then(|server| server.fresh_database())
        .expect("a PostgreSQL database");
    let pool = sqlx::PgPool::connect(&url).await.unwrap();
    dama_service::POSTGRES_MIGRATOR
        .run_to(14, &pool)
        .await
        .unwrap();
    sqlx::raw_sql(sqlx::AssertSqlSafe(old_rows("TRUE")))
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;

    let pool = dama_service::connect(&url).await.unwrap();
    let service = GameService::new(pool, Default::default());
    check_the_old_rating_reads_as_correspondence(&service).await;
}
