//! Names per place: a member's name is kept per server (and one for DMs), and what a server
//! shows (its leaderboard, its games, their PDN, its stats, its challenges) uses that server's.

mod common;

use common::{Env, START};
use dama_engine::Level;
use dama_service::ids::{ChannelId, GameId, GuildId, Place, UserId};
use dama_service::model::{ChallengeOptions, ColourChoice, Participant, Player, TimeControl};
use dama_service::service::{GameView, Period, ServiceConfig};
use dama_test_stores::on_both_stores;

fn server(n: u64) -> Place {
    Place {
        guild: Some(GuildId(n)),
        channel: ChannelId(100 + n),
    }
}

fn dms() -> Place {
    Place {
        guild: None,
        channel: ChannelId(999),
    }
}

/// Ada as seen at a place, where she goes by `name`; her global name is Ada.
fn ada(name: &str) -> Player {
    Player::new(UserId(1), name).with_global_name("Ada")
}

fn bo() -> Player {
    Player::new(UserId(2), "Bo").with_global_name("Bo")
}

/// A service that ranks players from their first rated game.
async fn env() -> Env {
    Env::with_config(ServiceConfig {
        leaderboard_min_games: 1,
        ..ServiceConfig::default()
    })
    .await
}

/// `white` challenges `black` at `place` and `black` accepts there: the game.
async fn game_at(env: &Env, place: Place, white: &Player, black: &Player) -> GameView {
    let options = ChallengeOptions {
        colour: ColourChoice::White,
        ..ChallengeOptions::default()
    };
    let challenge = env
        .service
        .create_challenge(white, Some(black), place, options)
        .await
        .unwrap();
    env.service
        .accept_challenge(black, place, challenge.id)
        .await
        .unwrap()
}

/// A rated game at `place` that `winner` (White) wins by `loser`'s resignation.
async fn won_at(env: &Env, place: Place, winner: &Player, loser: &Player) -> GameId {
    let game = game_at(env, place, winner, loser).await;
    env.service.resign(game.id, loser.id).await.unwrap();
    game.id
}

async fn white_name(env: &Env, game: GameId) -> String {
    env.service
        .game(game)
        .await
        .unwrap()
        .seats
        .white
        .name()
        .into_owned()
}

async fn leaders(env: &Env, place: Place) -> Vec<String> {
    env.service
        .leaderboard(place.guild, Period::AllTime, None, 10)
        .await
        .unwrap()
        .entries
        .into_iter()
        .map(|e| e.name)
        .collect()
}

#[on_both_stores]
async fn each_server_and_dms_show_the_name_seen_there() {
    let env = env().await;
    let (one, two) = (server(1), server(2));
    // Ada plays on server 1 as Ada-A, then on server 2 as Ada-B, then in DMs as Ada.
    let first = won_at(&env, one, &ada("Ada-A"), &bo()).await;
    let open = env
        .service
        .create_challenge(&ada("Ada-A"), None, one, ChallengeOptions::default())
        .await
        .unwrap();
    let second = won_at(&env, two, &ada("Ada-B"), &bo()).await;
    let private = won_at(&env, dms(), &ada("Ada"), &bo()).await;

    assert_eq!(leaders(&env, one).await, ["Ada-A", "Bo"]);
    assert_eq!(leaders(&env, two).await, ["Ada-B", "Bo"]);
    assert_eq!(leaders(&env, dms()).await, ["Ada", "Bo"]);
    for (game, name) in [(first, "Ada-A"), (second, "Ada-B"), (private, "Ada")] {
        assert_eq!(white_name(&env, game).await, name);
        let pdn = env.service.export_pdn(game).await.unwrap();
        assert!(pdn.contains(&format!("[White \"{name}\"]")), "{pdn}");
        assert!(pdn.contains("[Black \"Bo\"]"), "{pdn}");
    }
    let stats = env.service.stats(one.guild, UserId(1), Some(bo().id)).await;
    let stats = stats.unwrap();
    assert_eq!(stats.name.as_deref(), Some("Ada-A"));
    assert_eq!(
        stats.head_to_head.unwrap().opponent_name.as_deref(),
        Some("Bo")
    );
    let stats = env.service.stats(two.guild, bo().id, Some(UserId(1))).await;
    assert_eq!(
        stats
            .unwrap()
            .head_to_head
            .unwrap()
            .opponent_name
            .as_deref(),
        Some("Ada-B")
    );
    let challenge = env.service.challenge(open.id).await.unwrap();
    assert_eq!(challenge.challenger.name, "Ada-A");

    // A game against the computer in DMs shows the DM name too.
    let computer = env
        .service
        .start_engine_game(
            &ada("Ada"),
            dms(),
            Level::MIN,
            ColourChoice::White,
            TimeControl::Day,
        )
        .await
        .unwrap();
    assert_eq!(white_name(&env, computer.id).await, "Ada");
}

#[on_both_stores]
async fn a_new_nickname_on_one_server_renames_there_only() {
    let env = env().await;
    let (one, two) = (server(1), server(2));
    let first = won_at(&env, one, &ada("Ada-A"), &bo()).await;
    let second = won_at(&env, two, &ada("Ada-B"), &bo()).await;
    env.service.see_player(&ada("Countess"), two).await.unwrap();
    assert_eq!(white_name(&env, first).await, "Ada-A");
    assert_eq!(white_name(&env, second).await, "Countess");
    assert_eq!(leaders(&env, one).await, ["Ada-A", "Bo"]);
    assert_eq!(leaders(&env, two).await, ["Countess", "Bo"]);
}

#[tokio::test]
async fn where_no_name_was_seen_the_global_name_is_shown() {
    let env = env().await;
    let one = server(1);
    // Bo's open challenge on server 1 is taken by Ada; then server 1 forgets her name, as for a
    // game from before names were kept per server.
    let open = env
        .service
        .create_challenge(&bo(), None, one, ChallengeOptions::default())
        .await
        .unwrap();
    let game = env
        .service
        .accept_challenge(&ada("Ada-A"), one, open.id)
        .await
        .unwrap();
    let pool = sqlx::SqlitePool::connect(&env.url).await.unwrap();
    sqlx::query("DELETE FROM member_names WHERE scope <> 0 AND user_id = 1")
        .execute(&pool)
        .await
        .unwrap();
    let game = env.service.game(game.id).await.unwrap();
    let name = |view: &GameView| match view.seats.participant(view.color_of(UserId(1)).unwrap()) {
        Participant::Human(p) => p.name.clone(),
        Participant::Engine(_) => unreachable!("Ada plays"),
    };
    assert_eq!(name(&game), "Ada");
    // Her nickname on server 2 is not shown on server 1; a new global name is.
    env.service
        .see_player(&ada("Ada-B"), server(2))
        .await
        .unwrap();
    assert_eq!(name(&env.service.game(game.id).await.unwrap()), "Ada");
    let countess = Player::new(UserId(1), "Ada-B").with_global_name("Countess");
    env.service.see_player(&countess, server(2)).await.unwrap();
    assert_eq!(name(&env.service.game(game.id).await.unwrap()), "Countess");
    // Once seen on server 1, her name there is hers to keep.
    env.service.see_player(&ada("Ada-A"), one).await.unwrap();
    env.service
        .see_player(&ada("Ada-C"), server(3))
        .await
        .unwrap();
    assert_eq!(name(&env.service.game(game.id).await.unwrap()), "Ada-A");
}

#[on_both_stores]
async fn a_member_never_seen_on_a_server_shows_there_by_their_global_name_not_a_nickname() {
    let env = env().await;
    // Ada plays as Ada-A on server 1, then as Ada-B on server 2; she never played on server 3.
    won_at(&env, server(1), &ada("Ada-A"), &bo()).await;
    won_at(&env, server(2), &ada("Ada-B"), &bo()).await;
    let stats = env
        .service
        .stats(Some(GuildId(3)), UserId(1), Some(bo().id));
    let stats = stats.await.unwrap();
    assert_eq!(stats.name.as_deref(), Some("Ada"));
    let stats = env
        .service
        .stats(Some(GuildId(3)), bo().id, Some(UserId(1)));
    let opponent = stats.await.unwrap().head_to_head.unwrap().opponent_name;
    assert_eq!(opponent.as_deref(), Some("Ada"));
}

#[on_both_stores]
async fn a_player_seen_on_a_server_without_a_global_name_keeps_the_one_known() {
    let env = env().await;
    // Seen in DMs without a global name: the name there is it. Then seen on server 1 by a
    // caller that knows no global name (a rematch's opponent, read back from a game).
    let dee = |name: &str| Player::new(UserId(4), name);
    env.service.see_player(&dee("Dee"), dms()).await.unwrap();
    env.service
        .see_player(&dee("Dee-A"), server(1))
        .await
        .unwrap();
    let stats = env.service.stats(Some(GuildId(2)), UserId(4), None);
    assert_eq!(stats.await.unwrap().name.as_deref(), Some("Dee"));
    // First seen on a server, with no global name given, the name seen there is all there is.
    let eve = Player::new(UserId(5), "Eve-A");
    env.service.see_player(&eve, server(1)).await.unwrap();
    let stats = env.service.stats(Some(GuildId(2)), UserId(5), None);
    assert_eq!(stats.await.unwrap().name.as_deref(), Some("Eve-A"));
    // The next sighting with a global name sets it.
    let eve = eve.with_global_name("Eve");
    env.service.see_player(&eve, server(1)).await.unwrap();
    let stats = env.service.stats(Some(GuildId(2)), UserId(5), None);
    assert_eq!(stats.await.unwrap().name.as_deref(), Some("Eve"));
}

/// `(scope, user, name, updated_at)` of every stored name, in key order.
async fn stored_names(url: &str) -> Vec<(i64, i64, String, i64)> {
    let pool = sqlx::SqlitePool::connect(url).await.unwrap();
    sqlx::query_as("SELECT scope, user_id, display_name, updated_at FROM member_names")
        .fetch_all(&pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_name_seen_again_unchanged_is_not_written_again() {
    let env = env().await;
    let one = server(1);
    env.service.see_player(&ada("Ada-A"), one).await.unwrap();
    env.advance(common::HOUR);
    env.service.see_player(&ada("Ada-A"), one).await.unwrap();
    env.service.see_player(&ada("Ada"), dms()).await.unwrap();
    let at = |later: std::time::Duration| (START + later).as_millis();
    assert_eq!(
        stored_names(&env.url).await,
        [
            (0, 1, "Ada".to_owned(), at(common::HOUR)),
            (1, 1, "Ada-A".to_owned(), at(std::time::Duration::ZERO)),
        ]
    );
}

#[tokio::test]
async fn the_migration_keeps_each_players_name_where_they_already_play() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("old.db").display());
    let options = url
        .parse::<sqlx::sqlite::SqliteConnectOptions>()
        .unwrap()
        .create_if_missing(true);
    let pool = sqlx::SqlitePool::connect_with(options).await.unwrap();
    // A database from before names per place: Ada (1) played Bo (2) on server 7 and in DMs,
    // and challenged Cy (3) on server 8; Dee (4) never played.
    dama_service::MIGRATOR.run_to(5, &pool).await.unwrap();
    sqlx::raw_sql(
        "INSERT INTO players (user_id, display_name, created_at, updated_at)
             VALUES (1, 'Ada', 0, 10), (2, 'Bo', 0, 20), (3, 'Cy', 0, 30), (4, 'Dee', 0, 40);
         INSERT INTO games (guild_id, channel_id, white_id, black_id, rated, start_position,
                 position, created_at, updated_at)
             VALUES (7, 70, 1, 2, 1, 's', 's', 0, 0), (NULL, 71, 2, 1, 0, 's', 's', 0, 0),
                 (7, 70, 1, 2, 1, 's', 's', 0, 0);
         INSERT INTO challenges (guild_id, channel_id, challenger_id, challenged_id, colour,
                 rated, created_at, expires_at)
             VALUES (8, 80, 1, 3, 'white', 1, 0, 0), (8, 80, 3, NULL, 'white', 1, 0, 0);",
    )
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;

    dama_service::connect(&url).await.unwrap();
    assert_eq!(
        stored_names(&url).await,
        [
            (0, 1, "Ada".to_owned(), 10),
            (0, 2, "Bo".to_owned(), 20),
            (7, 1, "Ada".to_owned(), 10),
            (7, 2, "Bo".to_owned(), 20),
            (8, 1, "Ada".to_owned(), 10),
            (8, 3, "Cy".to_owned(), 30),
        ]
    );
}

#[tokio::test]
async fn the_migration_to_global_names_takes_the_name_seen_in_dms() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("old.db").display());
    let options = url
        .parse::<sqlx::sqlite::SqliteConnectOptions>()
        .unwrap()
        .create_if_missing(true);
    let pool = sqlx::SqlitePool::connect_with(options).await.unwrap();
    // A database from before global names: Ada (1) was last seen as Ada-B on server 7 after
    // being seen in DMs as Ada; Bo (2) was never seen in DMs.
    dama_service::MIGRATOR.run_to(16, &pool).await.unwrap();
    sqlx::raw_sql(
        "INSERT INTO players (user_id, display_name, created_at, updated_at)
             VALUES (1, 'Ada-B', 0, 10), (2, 'Bo-B', 0, 20);
         INSERT INTO member_names (scope, user_id, display_name, updated_at)
             VALUES (0, 1, 'Ada', 5), (7, 1, 'Ada-B', 10), (7, 2, 'Bo-B', 20);",
    )
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;

    dama_service::connect(&url).await.unwrap();
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    let names: Vec<(i64, String)> =
        sqlx::query_as("SELECT user_id, display_name FROM players ORDER BY user_id")
            .fetch_all(&pool)
            .await
            .unwrap();
    assert_eq!(names, [(1, "Ada".to_owned()), (2, "Bo-B".to_owned())]);
}
