//! The web face's needs: each game's link token, the game a token opens, and news of every
//! committed change to a game.

mod common;

use common::{Env, player};
use dama_service::ids::{GameId, WebToken};
use dama_service::model::Actor;
use dama_service::service::{GameChanged, Question, Reply, ServiceError};
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
async fn every_committed_change_to_a_game_is_announced_with_its_version() {
    let env = Env::new().await;
    let (ada, bo) = (player(1), player(2));
    let game = env.casual(&ada, &bo).await;
    let mut changes = env.service.changes();
    let moved = env.play(game.id, &ada, "d3-d4").await.expect("played");
    assert_eq!(
        changes.try_recv().ok(),
        Some(GameChanged {
            game: game.id,
            version: moved.game.version
        })
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
        changes.try_recv().ok().map(|c| c.version),
        Some(asked.version)
    );
    let ended = env.service.resign(game.id, ada.id).await.expect("resigned");
    assert_eq!(
        changes.try_recv().ok(),
        Some(GameChanged {
            game: game.id,
            version: ended.game.version
        })
    );
}
