//! The rule set a game is played under: chosen per challenge or computer game, defaulted per
//! server, stored with the game.

mod common;

use common::{Env, place, player};
use dama_engine::Level;
use dama_rules::Rules;
use dama_service::ids::GuildId;
use dama_service::model::{ChallengeOptions, ColourChoice, EngineGame, TimeControl};
use dama_service::service::{Authority, Origin, Pressed};
use dama_test_stores::on_both_stores;

#[on_both_stores]
async fn a_server_chooses_its_default_rules_and_other_servers_keep_theirs() {
    let env = Env::new().await;
    let (home, other) = (GuildId(1), GuildId(2));
    assert_eq!(
        env.service.server_rules(home).await.unwrap(),
        Rules::STANDARD
    );
    env.service
        .set_server_rules(home, Authority::Manager, Rules::FEDERATION)
        .await
        .unwrap();
    env.service
        .set_server_rules(home, Authority::Manager, Rules::FEDERATION_STRICT)
        .await
        .unwrap();
    assert_eq!(
        env.service.server_rules(home).await.unwrap(),
        Rules::FEDERATION_STRICT
    );
    assert_eq!(
        env.service.server_rules(other).await.unwrap(),
        Rules::STANDARD
    );
    let reopened = env.reopen().await;
    assert_eq!(
        reopened.server_rules(home).await.unwrap(),
        Rules::FEDERATION_STRICT
    );
}

#[on_both_stores]
async fn a_challenges_rules_go_with_it_into_the_game_and_stay() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    for rules in Rules::ALL {
        let options = ChallengeOptions {
            rules,
            time_control: TimeControl::Unlimited,
            ..ChallengeOptions::default()
        };
        let challenge = env
            .service
            .create_challenge(&a, Some(&b), place(), options)
            .await
            .unwrap();
        let read = env.service.challenge(challenge.id).await.unwrap();
        assert_eq!(read.options.rules, rules);
        let game = env
            .service
            .accept_challenge(&b, place(), challenge.id)
            .await
            .unwrap();
        assert_eq!(game.rules, rules);
        assert_eq!(env.reopen().await.game(game.id).await.unwrap().rules, rules);
    }
}

#[on_both_stores]
async fn a_computer_game_keeps_the_rules_it_was_started_with() {
    let env = Env::new().await;
    let options = EngineGame {
        level: Level::MIN,
        colour: ColourChoice::White,
        time_control: TimeControl::Day,
        live: None,
        rules: Rules::STRICT,
    };
    let game = env
        .service
        .start_engine_game_with(&player(1), place(), options)
        .await
        .unwrap();
    assert_eq!(
        env.service.game(game.id).await.unwrap().rules,
        Rules::STRICT
    );
    let plain = env
        .engine_game(&player(2), Level::MIN, ColourChoice::White)
        .await;
    assert_eq!(plain.rules, Rules::STANDARD);
}

#[tokio::test]
async fn the_games_table_is_rebuilt_with_its_moves_and_references_intact() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("old.db").display());
    let options = url
        .parse::<sqlx::sqlite::SqliteConnectOptions>()
        .unwrap()
        .create_if_missing(true)
        .foreign_keys(true);
    let pool = sqlx::SqlitePool::connect_with(options.clone())
        .await
        .unwrap();
    // A database from before rule sets: a finished game with its moves, reached from the
    // challenge that started it.
    dama_service::MIGRATOR.run_to(6, &pool).await.unwrap();
    sqlx::raw_sql(
        "INSERT INTO players (user_id, display_name, created_at, updated_at)
             VALUES (1, 'Ada', 0, 0), (2, 'Bo', 0, 0);
         INSERT INTO games (id, guild_id, channel_id, white_id, black_id, rated, start_position,
                 position, ply, status, result, end_reason, created_at, updated_at, ended_at)
             VALUES (5, 7, 70, 1, 2, 1, 's', 's2', 1, 'finished', '1-0', 'resignation', 0, 0, 1);
         INSERT INTO moves (game_id, ply, notation, position_after, played_at)
             VALUES (5, 1, 'd3-d4', 's2', 1);
         INSERT INTO challenges (guild_id, channel_id, challenger_id, challenged_id, colour,
                 rated, status, created_at, expires_at, game_id)
             VALUES (7, 70, 1, 2, 'white', 1, 'accepted', 0, 0, 5);",
    )
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;

    dama_service::connect(&url).await.unwrap();
    let pool = sqlx::SqlitePool::connect_with(options).await.unwrap();
    let game: (i64, String, String, String) =
        sqlx::query_as("SELECT id, position, end_reason, rules FROM games")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(
        game,
        (5, "s2".into(), "resignation".into(), "standard".into())
    );
    let moves: i64 = sqlx::query_scalar("SELECT count(*) FROM moves WHERE game_id = 5")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(moves, 1);
    let broken: Vec<(String, i64)> =
        sqlx::query_as("SELECT \"table\", rowid FROM pragma_foreign_key_check")
            .fetch_all(&pool)
            .await
            .unwrap_or_default();
    assert!(broken.is_empty(), "{broken:?}");
    let indexes: Vec<String> = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'games'
         AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(
        indexes,
        [
            "games_active_by_deadline",
            "games_active_by_guild",
            "games_by_black",
            "games_by_channel",
            "games_by_rematch",
            "games_by_thread",
            // Migration 0018: the game pages' tokens.
            "games_by_web_token",
            "games_by_white",
            // Migration 0027 (which rebuilt the table again): live games by their next flag.
            "games_live_by_deadline"
        ]
    );
}

#[on_both_stores]
async fn under_strict_rules_a_missed_capture_is_refused_until_confirmed_and_then_loses() {
    use dama_rules::{Color, Outcome, WinReason};
    use dama_service::model::Actor;
    use dama_service::service::{HowPlayed, ServiceError};

    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let options = ChallengeOptions {
        rules: Rules::STRICT,
        time_control: TimeControl::Unlimited,
        ..ChallengeOptions::default()
    };
    let game = env.start(&a, &b, options).await;
    env.play_all(game.id, &["d3-d4", "e6-e5", "d4-d5"]).await;
    let text = "e7-e6".parse().unwrap();
    let refused = env
        .service
        .play_move(game.id, Actor::Player(b.id), &text)
        .await;
    assert!(
        matches!(&refused, Err(ServiceError::MissedCapture { available, .. }) if available.is_capture()),
        "{refused:?}"
    );
    assert_eq!(env.service.game(game.id).await.unwrap().ply, 3);
    // Confirmed from a board of another ply, it is refused too.
    assert!(matches!(
        env.service
            .play(
                game.id,
                Actor::Player(b.id),
                &text,
                HowPlayed {
                    pressed: Some(Pressed {
                        origin: Origin::Discord(place()),
                        at: 2,
                    }),
                    losing: true,
                    ..HowPlayed::default()
                }
            )
            .await,
        Err(ServiceError::MovedOn { now: 3 })
    ));
    let lost = env
        .service
        .play(
            game.id,
            Actor::Player(b.id),
            &text,
            HowPlayed {
                pressed: Some(Pressed {
                    origin: Origin::Discord(place()),
                    at: 3,
                }),
                losing: true,
                ..HowPlayed::default()
            },
        )
        .await
        .unwrap();
    let outcome = lost.ended.expect("the game ended").outcome;
    assert!(matches!(
        outcome,
        Outcome::Win {
            winner: Color::White,
            reason: WinReason::MissedCapture { .. }
        }
    ));
    // Read back from the file alone, the game names the same capture.
    let reread = env.reopen().await.game(game.id).await.unwrap();
    assert_eq!(reread.outcome, Some(outcome));
    assert_eq!(reread.ply, 4);
}

#[on_both_stores]
async fn under_standard_rules_the_same_move_is_simply_refused() {
    use dama_service::model::Actor;
    use dama_service::service::{HowPlayed, ServiceError};

    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.casual(&a, &b).await;
    env.play_all(game.id, &["d3-d4", "e6-e5", "d4-d5"]).await;
    let text = "e7-e6".parse().unwrap();
    assert!(matches!(
        env.service
            .play(
                game.id,
                Actor::Player(b.id),
                &text,
                HowPlayed {
                    pressed: Some(Pressed {
                        origin: Origin::Discord(place()),
                        at: 3,
                    }),
                    losing: true,
                    ..HowPlayed::default()
                }
            )
            .await,
        Err(ServiceError::Move(_))
    ));
    assert_eq!(env.service.game(game.id).await.unwrap().outcome, None);
}

#[on_both_stores]
async fn what_a_player_leaves_out_the_service_chooses_and_no_clock_runs_where_the_bot_cannot_post()
{
    use dama_service::ids::{ChannelId, Place};
    use dama_service::service::{Asked, Reach, ServiceError};

    let env = Env::new().await;
    let home = place();
    let guild = home.guild.expect("a server");
    env.service
        .set_server_rules(guild, Authority::Manager, Rules::FEDERATION)
        .await
        .unwrap();

    let chosen = env
        .service
        .challenge_options(home, Reach::Posts, Asked::default())
        .await
        .unwrap();
    assert_eq!(
        chosen,
        ChallengeOptions {
            rules: Rules::FEDERATION,
            ..ChallengeOptions::default()
        }
    );
    let dm = Place {
        guild: None,
        channel: ChannelId(9),
    };
    let computer = env
        .service
        .engine_game_options(dm, Reach::Posts, Asked::default())
        .await
        .unwrap();
    assert_eq!(
        computer,
        EngineGame {
            level: env.service.config().default_engine_level,
            colour: ColourChoice::Random,
            time_control: env.service.config().engine_time_control,
            live: None,
            rules: Rules::STANDARD,
        }
    );

    // Where the bot only answers, a clock asked for is refused and none runs otherwise.
    let timed = Asked {
        time_control: Some(TimeControl::Hour),
        ..Asked::default()
    };
    assert!(matches!(
        env.service
            .challenge_options(home, Reach::AnswersOnly, timed)
            .await,
        Err(ServiceError::NoClockHere)
    ));
    assert!(matches!(
        env.service
            .engine_game_options(home, Reach::AnswersOnly, timed)
            .await,
        Err(ServiceError::NoClockHere)
    ));
    let untimed = Asked {
        time_control: Some(TimeControl::Unlimited),
        level: Some(Level::MAX),
        ..Asked::default()
    };
    let game = env
        .service
        .engine_game_options(home, Reach::AnswersOnly, untimed)
        .await
        .unwrap();
    assert_eq!(
        (game.time_control, game.level, game.rules),
        (TimeControl::Unlimited, Level::MAX, Rules::FEDERATION)
    );
    let left_out = env
        .service
        .challenge_options(home, Reach::AnswersOnly, Asked::default())
        .await
        .unwrap();
    assert_eq!(left_out.time_control, TimeControl::Unlimited);
}

#[tokio::test]
async fn a_crash_between_migration_7_and_its_record_neither_stops_the_start_nor_loses_a_row() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("crashed.db").display());
    let options = url
        .parse::<sqlx::sqlite::SqliteConnectOptions>()
        .unwrap()
        .create_if_missing(true)
        .foreign_keys(true);
    let pool = sqlx::SqlitePool::connect_with(options.clone())
        .await
        .unwrap();
    // Migration 0007 committed, with a game under strict rules lost by a missed capture, a
    // challenge under federation rules and a server's default; then the process died before
    // sqlx recorded it.
    dama_service::MIGRATOR.run_to(7, &pool).await.unwrap();
    sqlx::raw_sql(
        "INSERT INTO players (user_id, display_name, created_at, updated_at)
             VALUES (1, 'Ada', 0, 0), (2, 'Bo', 0, 0);
         INSERT INTO games (id, guild_id, channel_id, white_id, black_id, rated, start_position,
                 position, ply, status, result, end_reason, created_at, updated_at, ended_at,
                 rules)
             VALUES (5, 7, 70, 1, 2, 1, 's', 's2', 1, 'finished', '0-1', 'missed_capture', 0,
                 0, 1, 'strict');
         INSERT INTO moves (game_id, ply, notation, position_after, played_at)
             VALUES (5, 1, 'd3-d4', 's2', 1);
         INSERT INTO challenges (guild_id, channel_id, challenger_id, challenged_id, colour,
                 rated, status, created_at, expires_at, game_id, rules)
             VALUES (7, 70, 1, 2, 'white', 1, 'accepted', 0, 0, 5, 'strict'),
                 (7, 70, 2, 1, 'black', 0, 'open', 0, 9, NULL, 'federation');
         INSERT INTO servers (guild_id, rules, updated_at) VALUES (7, 'federation', 3);
         DELETE FROM _sqlx_migrations WHERE version = 7;",
    )
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;

    dama_service::connect(&url)
        .await
        .expect("the next start starts");
    let pool = sqlx::SqlitePool::connect_with(options).await.unwrap();
    let game: (i64, String, String, String) =
        sqlx::query_as("SELECT id, position, end_reason, rules FROM games")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(
        game,
        (5, "s2".into(), "missed_capture".into(), "strict".into())
    );
    let moves: i64 = sqlx::query_scalar("SELECT count(*) FROM moves WHERE game_id = 5")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(moves, 1);
    let challenges: Vec<(String, String)> =
        sqlx::query_as("SELECT status, rules FROM challenges ORDER BY id")
            .fetch_all(&pool)
            .await
            .unwrap();
    assert_eq!(
        challenges,
        [
            ("accepted".into(), "strict".into()),
            ("open".into(), "federation".into())
        ]
    );
    let server: (i64, String) = sqlx::query_as("SELECT guild_id, rules FROM servers")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(server, (7, "federation".into()));
    // 0007 is recorded as sqlx records it, so later starts check it as any other.
    let recorded: Vec<u8> =
        sqlx::query_scalar("SELECT checksum FROM _sqlx_migrations WHERE version = 7")
            .fetch_one(&pool)
            .await
            .unwrap();
    let migration = dama_service::MIGRATOR.iter().find(|m| m.version == 7);
    assert_eq!(recorded, migration.unwrap().checksum.as_ref());
    pool.close().await;
    dama_service::connect(&url)
        .await
        .expect("and the one after");
}
