//! Nothing is lost: reopening the database gives the same state, and moves acknowledged
//! before the process is killed (SIGKILL) are all there afterwards.

mod common;

use dama_test_stores::on_both_stores;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use common::{Env, place, player, rng};
use dama_rules::notation::MoveText;
use dama_service::ids::{ChallengeId, ChannelId, GameId};
use dama_service::model::{Actor, ChallengeOptions, SettingsUpdate, Theme};
use dama_service::service::{GameFilter, GameService, Period, Question};

/// Everything the service shows about the players and games of a test, to compare.
async fn snapshot(service: &GameService, games: &[GameId], challenges: &[ChallengeId]) -> String {
    let mut out = String::new();
    for &id in games {
        out += &format!(
            "{:?}\n{}\n",
            service.game(id).await.unwrap(),
            service.export_pdn(id).await.unwrap()
        );
    }
    for &id in challenges {
        out += &format!("{:?}\n", service.challenge(id).await.unwrap());
    }
    for n in 1..=4 {
        let user = player(n).id;
        out += &format!(
            "{:?}\n",
            service
                .stats(place().guild, user, Some(player(1).id))
                .await
                .unwrap()
        );
        out += &format!(
            "{:?}\n",
            service
                .active_games(user, GameFilter::Anywhere)
                .await
                .unwrap()
        );
        out += &format!("{:?}\n", service.settings(user).await.unwrap());
        out += &format!("{:?}\n", service.vacation(user).await.unwrap());
    }
    out += &format!(
        "{:?}\n",
        service
            .leaderboard(place().guild, Period::AllTime, None, 10)
            .await
            .unwrap()
            .entries
    );
    out
}

#[on_both_stores]
async fn reopening_the_database_gives_identical_state() {
    let env = Env::new().await;
    let (a, b, c, d) = (player(1), player(2), player(3), player(4));
    let finished = env.rated(&a, &b).await.id;
    env.play_out(finished, &mut rng(11)).await;
    let resigned = env.rated(&c, &a).await.id;
    env.play_all(resigned, &["d3-d4", "e6-e5"]).await;
    env.service.resign(resigned, c.id).await.unwrap();
    let running = env.rated(&a, &d).await.id;
    env.play_all(running, &["c3-c4", "f6-f5", "c4-c5"]).await;
    env.service
        .ask(running, d.id, Question::Draw)
        .await
        .unwrap();
    env.service
        .set_thread(running, ChannelId(31))
        .await
        .unwrap();
    let open = env
        .service
        .create_challenge(&b, None, place(), ChallengeOptions::default())
        .await
        .unwrap()
        .id;
    let update = SettingsUpdate {
        theme: Some(Theme::Checkered),
        ..SettingsUpdate::default()
    };
    env.service
        .update_settings(&b, place(), update)
        .await
        .unwrap();
    env.service.start_vacation(&c, place(), 2).await.unwrap();

    let games = [finished, resigned, running];
    let before = snapshot(&env.service, &games, &[open]).await;
    let Env {
        dir,
        url,
        clock,
        service,
    } = env;
    let config = *service.config();
    drop(service);
    let pool = dama_service::connect(&url).await.unwrap();
    let reopened = GameService::with_clock(pool, config, clock);
    assert_eq!(snapshot(&reopened, &games, &[open]).await, before);
    drop(dir);
}

/// Where the child test writes, and how many games it may start.
const STREAM_DB: &str = "DAMA_MOVE_STREAM_DB";

/// Run by `acknowledged_moves_survive_sigkill` in a child process: plays moves as fast as it
/// can, printing `ack <game> <ply> <move>` after each commit, until it is killed.
#[tokio::test]
#[ignore = "a child process of acknowledged_moves_survive_sigkill"]
async fn move_stream_child() {
    let Ok(url) = std::env::var(STREAM_DB) else {
        return;
    };
    let pool = dama_service::connect(&url).await.unwrap();
    let service = GameService::new(pool, Default::default());
    let mut pick = rng(5);
    for round in 0_u64.. {
        let (a, b) = (player(2 * round + 1), player(2 * round + 2));
        let options = ChallengeOptions {
            rated: true,
            time_control: dama_service::model::TimeControl::Unlimited,
            ..ChallengeOptions::default()
        };
        let challenge = service
            .create_challenge(&a, Some(&b), place(), options)
            .await
            .unwrap();
        let game = service
            .accept_challenge(&b, place(), challenge.id)
            .await
            .unwrap();
        let mut view = game;
        while !view.is_over() {
            let moves = view.position.legal_moves_under(view.rules);
            let m = moves[pick(moves.len())];
            let user = view.user_to_move().unwrap();
            let outcome = service
                .play_move(view.id, Actor::Player(user), &MoveText::of_move(&m))
                .await
                .unwrap();
            // println! flushes at each newline only on a terminal: flush explicitly.
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            writeln!(out, "ack {} {} {}", view.id, outcome.game.ply, outcome.text).unwrap();
            out.flush().unwrap();
            view = outcome.game;
        }
    }
}

#[test]
fn acknowledged_moves_survive_sigkill() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("stream.db").display());
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([
            "--ignored",
            "--exact",
            "move_stream_child",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(STREAM_DB, &url)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    let mut acked: Vec<(i64, u32, String)> = Vec::new();
    for line in stdout.lines() {
        let line = line.unwrap();
        let mut parts = line.split_whitespace();
        if parts.next() != Some("ack") {
            continue;
        }
        let game: i64 = parts.next().unwrap().parse().unwrap();
        let ply: u32 = parts.next().unwrap().parse().unwrap();
        acked.push((game, ply, parts.next().unwrap().to_owned()));
        if acked.len() == 400 {
            // Mid-stream: the child is writing its next move right now.
            child.kill().unwrap();
            break;
        }
    }
    let status = child.wait().unwrap();
    assert!(!status.success(), "the child was killed, not finished");
    assert_eq!(
        acked.len(),
        400,
        "the child acknowledged moves before being killed"
    );

    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let pool = dama_service::connect(&url).await.unwrap();
        let service = GameService::new(pool, Default::default());
        let mut last_ply = std::collections::BTreeMap::new();
        for (game, ply, _) in &acked {
            last_ply.insert(*game, *ply);
        }
        for (&game, &ply) in &last_ply {
            // Loading replays and verifies every stored move.
            let view = service.game(GameId(game)).await.unwrap();
            assert!(
                view.ply >= ply,
                "game {game}: acked ply {ply}, stored {}",
                view.ply
            );
            let pdn = service.export_pdn(GameId(game)).await.unwrap();
            let stored = dama_rules::pdn::read(&pdn).unwrap();
            for (g, p, text) in acked.iter().filter(|(g, _, _)| *g == game) {
                let m = stored.game.moves()[*p as usize - 1];
                assert_eq!(&m.to_string(), text, "game {g} ply {p}");
            }
        }
    });
}

#[tokio::test]
async fn a_tampered_move_is_reported_as_damage_and_the_sweeper_goes_on_with_other_games() {
    let env = Env::new().await;
    let (a, b, c, d) = (player(1), player(2), player(3), player(4));
    let damaged = env.rated(&a, &b).await.id;
    env.play_all(damaged, &["d3-d4", "e6-e5"]).await;
    let healthy = env.rated(&c, &d).await.id;
    let pool = dama_service::connect(&env.url).await.unwrap();
    // A hand edit makes the first stored move disagree with the position stored after it.
    sqlx::query("UPDATE moves SET notation = 'c3-c4' WHERE game_id = ? AND ply = 1")
        .bind(damaged.0)
        .execute(&pool)
        .await
        .unwrap();

    let fresh = env.reopen().await;
    let error = fresh.game(damaged).await.unwrap_err();
    assert!(error.is_internal(), "{error}");
    assert!(
        matches!(error, dama_service::service::ServiceError::Corrupt { game, .. } if game == damaged)
    );

    env.advance(common::DAY);
    let events = fresh.sweep().await.unwrap();
    let timed_out: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            dama_service::service::Event::TimedOut { game, .. } => Some(game.id),
            _ => None,
        })
        .collect();
    assert_eq!(timed_out, vec![healthy]);
}

/// A `postgres://` URL naming a database that does not exist yet: it is created and migrated
/// on start, as a missing SQLite file is, and opening it again changes nothing.
#[tokio::test]
async fn connect_creates_a_missing_postgresql_database_and_migrates_it() {
    if dama_test_postgres::skip() {
        return;
    }
    let server = dama_test_postgres::Server::shared().expect("a throwaway PostgreSQL server");
    let url = server.url(&format!("dama_created_{}", std::process::id()));
    for _ in 0..2 {
        let pool = dama_service::connect(&url)
            .await
            .expect("the database is created and migrated");
        let games: i64 = sqlx::query_scalar("SELECT count(*) FROM games")
            .fetch_one(&pool)
            .await
            .unwrap();
        assert_eq!(games, 0);
        let applied: i64 =
            sqlx::query_scalar("SELECT count(*) FROM _sqlx_migrations WHERE success")
                .fetch_one(&pool)
                .await
                .unwrap();
        let known = dama_service::POSTGRES_MIGRATOR.iter().count();
        assert_eq!(usize::try_from(applied).unwrap(), known);
        pool.close().await;
    }
}

#[tokio::test]
async fn connect_creates_a_migrated_wal_database_with_foreign_keys_and_a_busy_timeout() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("new.db");
    assert!(!path.exists());
    let pool = dama_service::connect(&path.display().to_string())
        .await
        .unwrap();
    assert!(path.exists(), "a plain path works and the file is created");
    let journal: String = sqlx::query_scalar("PRAGMA journal_mode")
        .fetch_one(&pool)
        .await
        .unwrap();
    let foreign_keys: i64 = sqlx::query_scalar("PRAGMA foreign_keys")
        .fetch_one(&pool)
        .await
        .unwrap();
    let busy: i64 = sqlx::query_scalar("PRAGMA busy_timeout")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!((journal.as_str(), foreign_keys), ("wal", 1));
    assert!(busy > 0);
    let applied: i64 = sqlx::query_scalar("SELECT count(*) FROM _sqlx_migrations WHERE success")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(applied as usize, dama_service::MIGRATOR.iter().count());
    // A move for a game that does not exist is refused by the foreign key.
    let orphan = sqlx::query(
        "INSERT INTO moves (game_id, ply, notation, position_after, played_at)
         VALUES (42, 1, 'd3-d4', '8/8/8/8/8/8/8/8 b', 0)",
    )
    .execute(&pool)
    .await;
    assert!(orphan.is_err());
}

/// Two instances over one database take turns at a game: each reads only the moves the other
/// made since it last saw the game, and both always see exactly what one instance alone would.
#[on_both_stores]
async fn two_instances_taking_turns_at_a_game_see_every_move_and_takeback() {
    let env = Env::new().await;
    let other = env.reopen().await;
    let (a, b) = (player(1), player(2));
    let id = env.casual(&a, &b).await.id;
    let instances = [&env.service, &other];
    let texts = ["a3-a4", "h6-h5", "b3-b4", "g6-g5", "d3-d4", "e6-e5"];
    for (i, text) in texts.iter().enumerate() {
        let service = instances[i % 2];
        let user = if i % 2 == 0 { a.id } else { b.id };
        service
            .play_move(id, Actor::Player(user), &text.parse().unwrap())
            .await
            .unwrap_or_else(|e| panic!("{text} on instance {}: {e}", i % 2));
        assert_eq!(
            env.service.export_pdn(id).await.unwrap(),
            other.export_pdn(id).await.unwrap()
        );
    }
    // A takeback on one instance (two plies undone), then a different move on the other: the
    // first instance's replay is ahead of the game and must not be built on.
    other.ask(id, a.id, Question::Takeback).await.unwrap();
    other
        .answer(id, b.id, Question::Takeback, true, None)
        .await
        .unwrap();
    env.service
        .play_move(id, Actor::Player(a.id), &"c3-c4".parse().unwrap())
        .await
        .unwrap();
    other
        .play_move(id, Actor::Player(b.id), &"f6-f5".parse().unwrap())
        .await
        .unwrap();
    let view = env.service.game(id).await.unwrap();
    assert_eq!(view, other.game(id).await.unwrap());
    assert_eq!(view.ply, 6);
    let pdn = env.service.export_pdn(id).await.unwrap();
    assert_eq!(pdn, other.export_pdn(id).await.unwrap());
    assert!(
        pdn.contains("c3-c4") && pdn.contains("f6-f5") && !pdn.contains("d3-d4"),
        "{pdn}"
    );

    // And what a fresh instance replays from nothing is the same.
    let fresh = env.reopen().await;
    assert_eq!(fresh.game(id).await.unwrap(), view);
    assert_eq!(fresh.export_pdn(id).await.unwrap(), pdn);
}
