//! Instances know each other: a dead instance's leases are taken over within seconds of its
//! death (at once for a previous life on this machine), not when they lapse.

mod common;

use dama_test_stores::on_both_stores;
use std::time::Duration;

use common::{Env, player};
use dama_engine::Level;
use dama_service::model::ColourChoice;
use dama_service::service::INSTANCE_STALE;

/// Past the grace in which an interaction may carry a notice itself.
const AFTER_GRACE: Duration = Duration::from_secs(6);

const SECOND: Duration = Duration::from_secs(1);

/// Two instances beat; one claims a game's board as its interaction's answer and dies before
/// recording it. The other takes the notice over once the dead one's beat has stood still for
/// [`INSTANCE_STALE`] (not at the end of its 30 s lease), and learns the answer's token so that
/// it can look the answer up before posting again.
#[on_both_stores]
async fn a_silent_instance_has_its_notices_taken_over_within_seconds() {
    let env = Env::new().await;
    let (first, second) = (env.service.clone(), env.reopen().await);
    assert_eq!(first.beat_instance().await.unwrap(), 0);
    assert_eq!(second.beat_instance().await.unwrap(), 0);
    let game = env.rated(&player(1), &player(2)).await;
    let claimed = first.claim_answer(game.id, Some("token-1")).await.unwrap();
    assert_eq!(claimed.len(), 1, "the first board");
    // Past the grace, both alive: the notice is `first`'s.
    for _ in 0..AFTER_GRACE.as_secs() {
        env.advance(SECOND);
        first.beat_instance().await.unwrap();
        assert_eq!(second.beat_instance().await.unwrap(), 0);
    }
    assert!(second.due_notices(10).await.unwrap().is_empty(), "leased");
    // `first` dies here: it beats no more.
    let mut waited = Duration::ZERO;
    while waited < INSTANCE_STALE - SECOND {
        env.advance(SECOND);
        waited += SECOND;
        assert_eq!(
            second.beat_instance().await.unwrap(),
            0,
            "alive at {waited:?}?"
        );
    }
    env.advance(SECOND);
    assert_eq!(second.beat_instance().await.unwrap(), 1, "taken over");
    assert_eq!(second.leases_taken_over(), 1);

    let due = second.due_notices(10).await.unwrap();
    assert_eq!(due.len(), 1, "{due:?}");
    assert_eq!(due[0].id, claimed[0].id);
    assert_eq!(due[0].answered_by.as_deref(), Some("token-1"));
}

/// An instance that beats on is never taken for dead, however long its leases.
#[on_both_stores]
async fn an_instance_that_beats_keeps_its_leases() {
    let env = Env::new().await;
    let (first, second) = (env.service.clone(), env.reopen().await);
    let game = env.rated(&player(1), &player(2)).await;
    first.beat_instance().await.unwrap();
    assert_eq!(
        first.claim_answer(game.id, Some("t")).await.unwrap().len(),
        1
    );
    for _ in 0..20 {
        env.advance(SECOND);
        first.beat_instance().await.unwrap();
        assert_eq!(second.beat_instance().await.unwrap(), 0);
    }
    assert_eq!(second.leases_taken_over(), 0);
}

/// A lease whose holder no instance knows (a process from before instances were recorded) is
/// freed by the first beat, and its notice is due at once; the token of an answer is forgotten once the notice is delivered.
#[on_both_stores]
async fn leases_of_unknown_holders_are_freed_at_the_first_beat() {
    let env = Env::new().await;
    let game = env.rated(&player(1), &player(2)).await;
    let old = env.reopen().await;
    assert_eq!(old.claim_answer(game.id, Some("t")).await.unwrap().len(), 1);
    // `old` never beat: it has no row.
    assert!(env.service.due_notices(10).await.unwrap().is_empty());
    assert_eq!(env.service.beat_instance().await.unwrap(), 1);
    // Due at once, within the grace: the interaction that would have carried it is gone.
    let due = env.service.due_notices(10).await.unwrap();
    assert_eq!(due.len(), 1);
    env.service
        .notice_delivered(
            due[0].id,
            dama_service::service::Delivery::Interaction,
            Some(9),
            None,
        )
        .await
        .unwrap();
    let pool = dama_service::connect(&env.url).await.unwrap();
    let tokens: i64 =
        sqlx::query_scalar("SELECT count(*) FROM outbox WHERE answer_token IS NOT NULL")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(tokens, 0, "no token is kept once delivered");
}

/// A previous life of this instance on this machine (its process is gone) held the computer's
/// turn: the new life's first beat takes it over and plays it, without waiting for the lease
/// or for a sweep.
#[on_both_stores]
async fn a_restart_plays_the_computer_turn_a_killed_life_held() {
    let env = Env::new().await;
    let ada = player(1);
    let view = env
        .engine_game(&ada, Level::new(1).unwrap(), ColourChoice::Black)
        .await;
    assert!(view.engine_to_move().is_some(), "the computer opens");
    env.service.beat_instance().await.unwrap();
    let pool = dama_service::connect(&env.url).await.unwrap();
    // The killed life: this process's row, with a pid no process has (pids stay below 2^22),
    // holding the computer's turn for a minute.
    sqlx::query(
        "INSERT INTO instances (id, host, pid, process_start, label, started_at, beat_at)
         SELECT 'killed', host, 4194305, 1, label, started_at, beat_at FROM instances",
    )
    .execute(&pool)
    .await
    .unwrap();
    let until = env.service.now().as_millis() + 60_000;
    sqlx::query("INSERT INTO job_leases (job, owner, until) VALUES ($1, 'killed', $2)")
        .bind(format!("computer:{}", view.id))
        .bind(until)
        .execute(&pool)
        .await
        .unwrap();

    let restarted = env.reopen().await;
    restarted.play_computer_replies();
    let taken = restarted.beat_instance().await.unwrap();
    let machine_known = std::path::Path::new("/proc/self/ns/pid").exists();
    if !machine_known {
        return; // without /proc only beats tell the dead: covered above
    }
    assert_eq!(taken, 1, "the killed life's lease");
    restarted.computer_reply(&view).await.unwrap();
    let now = restarted.game(view.id).await.unwrap();
    assert_eq!(now.ply, 1, "the computer played");
    assert!(now.user_to_move().is_some());
    let rows: i64 = sqlx::query_scalar("SELECT count(*) FROM instances WHERE id = 'killed'")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(rows, 0, "the dead are forgotten");
}
