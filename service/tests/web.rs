//! The web face's needs: each game's link token, the game a token opens, and news of every
//! committed change to a game.

mod common;

use common::{Env, player};
use dama_service::ids::{GameId, WebToken};
use dama_service::model::Actor;
use dama_service::service::{Change, GameChanged, Question, Reply, ServiceError};
use dama_test_stores::on_both_stores;

#[on_both_stores]
async fn a_game_has_one_token_from_its_creation_and_the_token_opens_it() {
    let env = Env::new().await;
    let (ada, bo) = (player(1), player(2));
    let game = env.casual(&ada, &bo).await;
    let token = env.service.web_token(game.id).await.expect("a token");
    assert_eq!(token.as_str().len(), WebToken::LEN);
    assert_eq!(
        env.service.web_token(game.id).await.ok(),
        Some(token.clone())
    );
    let other = env.casual(&bo, &ada).await;
    assert_ne!(
        env.service.web_token(other.id).await.ok(),
        Some(token.clone())
    );

    let opened = env.service.game_by_token(&token).await.expect("read");
    assert_eq!(opened.map(|v| v.id), Some(game.id));
    let wrong = WebToken::generate().expect("randomness");
    assert_eq!(env.service.game_by_token(&wrong).await.expect("read"), None);
    let missing = env.service.web_token(GameId(9_999)).await;
    assert!(
        matches!(missing, Err(ServiceError::NoSuchGame(_))),
        "{missing:?}"
    );
}

#[on_both_stores]
async fn a_game_from_before_links_gets_its_token_when_first_asked_and_keeps_it() {
    let env = Env::new().await;
    let game = env.casual(&player(1), &player(2)).await;
    // As a game created before migration 0018 stands: no token.
    let pool = dama_service::connect(&env.url).await.expect("database");
    sqlx::query("UPDATE games SET web_token = NULL WHERE id = $1")
        .bind(game.id.0)
        .execute(&pool)
        .await
        .expect("cleared");
    let (first, second) = tokio::join!(
        env.service.web_token(game.id),
        env.service.web_token(game.id)
    );
    let (first, second) = (first.expect("a token"), second.expect("a token"));
    assert_eq!(first, second, "two askers agree");
    let reopened = env.reopen().await;
    assert_eq!(reopened.web_token(game.id).await.ok(), Some(first));
}

#[on_both_stores]
async fn games_from_before_links_are_given_their_tokens_when_the_database_opens() {
    let env = Env::new().await;
    let games = [
        env.casual(&player(1), &player(2)).await.id,
        env.casual(&player(3), &player(4)).await.id,
    ];
    let kept = env.service.web_token(games[1]).await.expect("a token");
    let pool = dama_service::connect(&env.url).await.expect("database");
    sqlx::query("UPDATE games SET web_token = NULL WHERE id = $1")
        .bind(games[0].0)
        .execute(&pool)
        .await
        .expect("cleared");
    pool.close().await;

    // Opening the database gives it one; reads then find it without writing one.
    let pool = dama_service::connect(&env.url).await.expect("database");
    let without: i64 = sqlx::query_scalar("SELECT count(*) FROM games WHERE web_token IS NULL")
        .fetch_one(&pool)
        .await
        .expect("counted");
    assert_eq!(without, 0);
    let reopened = env.reopen().await;
    assert!(reopened.web_token(games[0]).await.is_ok());
    assert_eq!(
        reopened.web_token(games[1]).await.ok(),
        Some(kept),
        "a token stays"
    );
}

#[on_both_stores]
async fn every_committed_change_to_a_game_is_announced_with_its_version() {
    let env = Env::new().await;
    let (ada, bo) = (player(1), player(2));
    let game = env.casual(&ada, &bo).await;
    let mut changes = env.service.changes();
    let moved = env.play(game.id, &ada, "d3-d4").await.expect("played");
    assert_eq!(
        changes.try_recv().ok(),
        Some(Change::Game(GameChanged {
            game: game.id,
            version: moved.game.version
        }))
    );
    let refused = env
        .service
        .play_move(game.id, Actor::Player(ada.id), &"d4-d5".parse().unwrap())
        .await;
    assert!(refused.is_err());
    assert!(
        changes.try_recv().is_err(),
        "a refused move changes nothing"
    );
    let Ok(Reply::Pending(asked)) = env.service.ask(game.id, bo.id, Question::Draw).await else {
        panic!("a pending offer");
    };
    assert_eq!(
        changes.try_recv().ok(),
        Some(Change::Game(GameChanged {
            game: game.id,
            version: asked.version
        }))
    );
    let ended = env.service.resign(game.id, ada.id).await.expect("resigned");
    assert_eq!(
        changes.try_recv().ok(),
        Some(Change::Game(GameChanged {
            game: game.id,
            version: ended.game.version
        }))
    );
}

/// How long news from another instance may take in these tests; it takes milliseconds.
const HEARD_WITHIN: std::time::Duration = std::time::Duration::from_secs(10);

/// Waits for news on `changes` that `wanted` accepts, skipping other news; what came before it
/// when none comes within [`HEARD_WITHIN`].
async fn heard(
    changes: &mut tokio::sync::broadcast::Receiver<Change>,
    what: &str,
    wanted: impl Fn(&Change) -> bool,
) {
    let mut others = Vec::new();
    let waited = tokio::time::timeout(HEARD_WITHIN, async {
        loop {
            match changes.recv().await {
                Ok(change) if wanted(&change) => return,
                Ok(change) => others.push(format!("{change:?}")),
                Err(e) => others.push(e.to_string()),
            }
        }
    })
    .await;
    assert!(
        waited.is_ok(),
        "{what}: not heard within {HEARD_WITHIN:?}; heard {others:?}"
    );
}

/// Two instances over one PostgreSQL database, each with its own pool: the moves played
/// through the first reach the changes of the second, with the game's new version, while the
/// first announces its changes and the second follows the others; also after the connection
/// the second hears them on is cut, once it has said that changes may have been missed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_change_committed_on_one_instance_reaches_the_changes_of_another_on_postgresql() {
    common::on_store(common::Store::Postgres, async {
        let env = Env::new().await;
        let (ada, bo) = (player(1), player(2));
        let game = env.casual(&ada, &bo).await;
        let announcing = env.service.announce_changes_to_other_instances();
        let second = env.reopen().await;
        let mut changes = second.changes();
        let following = second.follow_other_instances();
        heard(&mut changes, "connected", |c| *c == Change::Missed).await;

        let moved = env.play(game.id, &ada, "d3-d4").await.expect("played");
        let news = Change::Game(GameChanged {
            game: game.id,
            version: moved.game.version,
        });
        heard(&mut changes, "the first move", |c| *c == news).await;

        // The connection the second instance hears on is cut, as a restart of the server or a
        // firewall would: it is made again, and the second says what it may have missed.
        let pool = dama_service::connect(&env.url).await.expect("database");
        let cut: Vec<bool> = sqlx::query_scalar(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
             WHERE datname = current_database() AND query LIKE 'LISTEN%'",
        )
        .fetch_all(&pool)
        .await
        .expect("the listening connection cut");
        assert_eq!(cut, [true], "one instance listens");
        heard(&mut changes, "connected again", |c| *c == Change::Missed).await;
        let moved = env.play(game.id, &bo, "e6-e5").await.expect("played");
        let news = Change::Game(GameChanged {
            game: game.id,
            version: moved.game.version,
        });
        heard(&mut changes, "the move after the cut", |c| *c == news).await;
        following.abort();
        announcing.abort();
    })
    .await;
}

/// An arena's change (a member joining) made on one instance reaches the changes of another
/// over the same PostgreSQL database, so that its page follows it on either.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_arena_s_change_on_one_instance_reaches_the_changes_of_another_on_postgresql() {
    common::on_store(common::Store::Postgres, async {
        let env = Env::new().await;
        let options = dama_service::tournament::arena::ArenaOptions {
            name: "Friday arena".to_owned(),
            minutes: 30,
            clock: "3+2".parse().expect("a clock"),
            rated: false,
            starts_at: None,
        };
        let arena = env
            .service
            .create_arena(&player(1), common::place(), options)
            .await
            .expect("an arena")
            .id;
        let announcing = env.service.announce_changes_to_other_instances();
        let second = env.reopen().await;
        let mut changes = second.changes();
        let following = second.follow_other_instances();
        heard(&mut changes, "connected", |c| *c == Change::Missed).await;
        env.service
            .join_arena(&player(2), common::place(), arena)
            .await
            .expect("joins");
        heard(&mut changes, "the join", |c| *c == Change::Arena(arena)).await;
        following.abort();
        announcing.abort();
    })
    .await;
}

/// On SQLite one process holds the database: there is nothing to tell or to follow.
#[tokio::test]
async fn announcing_and_following_other_instances_on_sqlite_end_at_once_and_send_nothing() {
    let env = Env::new().await;
    let mut changes = env.service.changes();
    env.service
        .announce_changes_to_other_instances()
        .await
        .expect("the task ends without a panic");
    env.service
        .follow_other_instances()
        .await
        .expect("the task ends without a panic");
    assert!(changes.try_recv().is_err(), "no news");
}

#[on_both_stores]
async fn the_session_key_is_made_once_and_shared_by_every_instance() {
    let env = Env::new().await;
    let other = env.reopen().await;
    let (first, second) = tokio::join!(env.service.web_session_key(), other.web_session_key());
    let (first, second) = (first.expect("a key"), second.expect("a key"));
    assert_eq!(first, second, "two instances making it at once agree");
    assert_ne!(first, [0; 64]);
    let later = env.reopen().await;
    assert_eq!(later.web_session_key().await.expect("a key"), first);
}

#[on_both_stores]
async fn signing_out_everywhere_voids_the_sessions_issued_before() {
    let env = Env::new().await;
    let ada = player(1);
    assert_eq!(
        env.service.sessions_void_before(ada.id).await.unwrap(),
        None
    );
    let first = env.service.sign_out_everywhere(ada.id).await.unwrap();
    assert_eq!(
        env.service.sessions_void_before(ada.id).await.unwrap(),
        Some(first)
    );
    env.advance(std::time::Duration::from_secs(60));
    let second = env.service.sign_out_everywhere(ada.id).await.unwrap();
    assert!(second > first);
    let other = env.reopen().await;
    assert_eq!(
        other.sessions_void_before(ada.id).await.unwrap(),
        Some(second)
    );
    assert_eq!(
        other.sessions_void_before(player(2).id).await.unwrap(),
        None
    );
}
