//! Downtime is not the players' fault: a stopped bot or a lost gateway connection longer than
//! the grace moves every running deadline and challenge expiry on by the gap, once.

mod common;

use dama_test_stores::on_both_stores;
use std::time::Duration;

use common::{Env, HOUR, START, place, player};
use dama_service::model::{ChallengeOptions, TimeControl};
use dama_service::service::Event;

const MINUTE: Duration = Duration::from_secs(60);

fn hourly() -> ChallengeOptions {
    ChallengeOptions {
        time_control: TimeControl::Hour,
        ..ChallengeOptions::default()
    }
}

#[on_both_stores]
async fn a_two_hour_stop_moves_a_one_hour_deadline_on_by_two_hours() {
    let env = Env::new().await;
    assert_eq!(env.service.recover_downtime().await.unwrap(), None);
    let game = env.start(&player(1), &player(2), hourly()).await;
    assert_eq!(game.deadline, Some(START + HOUR));

    // The bot stops at START (its last beat) and starts again two hours later.
    env.advance(2 * HOUR);
    let restarted = env.reopen().await;
    assert_eq!(restarted.recover_downtime().await.unwrap(), Some(2 * HOUR));
    let after = restarted.game(game.id).await.unwrap();
    assert_eq!(after.deadline, Some(START + 3 * HOUR));
    assert!(restarted.sweep().await.unwrap().is_empty(), "no time-out");
    assert!(!restarted.game(game.id).await.unwrap().is_over());

    // A second start right after applies nothing more.
    let again = env.reopen().await;
    assert_eq!(again.recover_downtime().await.unwrap(), None);
    assert_eq!(
        again.game(game.id).await.unwrap().deadline,
        Some(START + 3 * HOUR)
    );

    // The moved deadline still counts: an hour later the player to move loses on time.
    env.advance(HOUR);
    let events = again.sweep().await.unwrap();
    assert!(
        matches!(events.as_slice(), [Event::TimedOut { .. }]),
        "{events:?}"
    );
}

#[on_both_stores]
async fn without_recovery_the_same_stop_loses_on_time() {
    let env = Env::new().await;
    env.service.recover_downtime().await.unwrap();
    let game = env.start(&player(1), &player(2), hourly()).await;
    env.advance(2 * HOUR);
    let events = env.reopen().await.sweep().await.unwrap();
    assert!(
        matches!(events.as_slice(), [Event::TimedOut { game: g, .. }] if g.id == game.id),
        "{events:?}"
    );
}

#[on_both_stores]
async fn a_gap_within_the_grace_moves_nothing() {
    let env = Env::new().await;
    env.service.recover_downtime().await.unwrap();
    let game = env.start(&player(1), &player(2), hourly()).await;
    env.advance(env.service.config().downtime_grace);
    let restarted = env.reopen().await;
    assert_eq!(restarted.recover_downtime().await.unwrap(), None);
    assert_eq!(
        restarted.game(game.id).await.unwrap().deadline,
        Some(START + HOUR)
    );
}

#[on_both_stores]
async fn beats_keep_a_running_bot_from_counting_as_down() {
    let env = Env::new().await;
    env.service.recover_downtime().await.unwrap();
    let game = env.start(&player(1), &player(2), hourly()).await;
    env.advance(50 * MINUTE);
    assert!(env.service.beat().await.unwrap());
    env.advance(MINUTE);
    let restarted = env.reopen().await;
    assert_eq!(restarted.recover_downtime().await.unwrap(), None);
    assert_eq!(
        restarted.game(game.id).await.unwrap().deadline,
        Some(START + HOUR)
    );
}

#[on_both_stores]
async fn a_long_outage_pauses_the_sweeper_and_moves_deadlines_on_when_it_ends() {
    let env = Env::new().await;
    env.service.recover_downtime().await.unwrap();
    let game = env.start(&player(1), &player(2), hourly()).await;
    env.advance(50 * MINUTE);
    env.service.connection_lost();
    assert_eq!(env.service.outage_since(), Some(START + 50 * MINUTE));

    // Past the old deadline, during the outage: no beat, no judgement.
    env.advance(30 * MINUTE);
    assert!(!env.service.beat().await.unwrap());
    assert!(env.service.sweep().await.unwrap().is_empty());

    assert_eq!(
        env.service.connection_restored().await.unwrap(),
        Some(30 * MINUTE)
    );
    assert_eq!(env.service.outage_since(), None);
    let after = env.service.game(game.id).await.unwrap();
    assert_eq!(after.deadline, Some(START + HOUR + 30 * MINUTE));
    let events = env.service.sweep().await.unwrap();
    assert!(
        events.iter().all(|e| !matches!(e, Event::TimedOut { .. })),
        "{events:?}"
    );
    // Applied once: ending it again, or a restart now, moves nothing.
    assert_eq!(env.service.connection_restored().await.unwrap(), None);
    assert_eq!(
        env.service
            .outage_ended(START + 50 * MINUTE, env.service.now())
            .await
            .unwrap(),
        None
    );
    assert_eq!(env.reopen().await.recover_downtime().await.unwrap(), None);
}

#[on_both_stores]
async fn a_short_outage_moves_nothing_and_the_sweeper_catches_up() {
    let env = Env::new().await;
    env.service.recover_downtime().await.unwrap();
    let game = env.start(&player(1), &player(2), hourly()).await;
    env.advance(59 * MINUTE);
    env.service.connection_lost();
    env.advance(MINUTE);
    assert!(env.service.sweep().await.unwrap().is_empty(), "paused");
    assert_eq!(env.service.connection_restored().await.unwrap(), None);
    let events = env.service.sweep().await.unwrap();
    assert!(
        matches!(events.as_slice(), [Event::TimedOut { game: g, .. }] if g.id == game.id),
        "{events:?}"
    );
}

#[on_both_stores]
async fn a_crash_during_an_outage_counts_the_whole_gap_once() {
    let env = Env::new().await;
    env.service.recover_downtime().await.unwrap();
    let game = env.start(&player(1), &player(2), hourly()).await;
    env.advance(10 * MINUTE);
    assert!(env.service.beat().await.unwrap());
    env.service.connection_lost();
    env.advance(HOUR);
    assert!(!env.service.beat().await.unwrap(), "no beat while down");

    // The process dies in the outage; the next one starts three hours after the last beat.
    env.advance(2 * HOUR);
    let restarted = env.reopen().await;
    assert_eq!(restarted.recover_downtime().await.unwrap(), Some(3 * HOUR));
    assert_eq!(
        restarted.game(game.id).await.unwrap().deadline,
        Some(START + 4 * HOUR)
    );
    // Had the old process lived to see the connection back, the recovered time would not
    // count again.
    assert_eq!(
        restarted
            .outage_ended(START + 10 * MINUTE, restarted.now() + MINUTE)
            .await
            .unwrap(),
        None
    );
    assert_eq!(
        restarted.game(game.id).await.unwrap().deadline,
        Some(START + 4 * HOUR)
    );
}

#[on_both_stores]
async fn a_reminder_given_before_the_downtime_is_given_again_with_the_new_deadline() {
    let env = Env::new().await;
    env.service.recover_downtime().await.unwrap();
    let game = env.start(&player(1), &player(2), hourly()).await;
    env.advance(46 * MINUTE);
    let events = env.service.sweep().await.unwrap();
    assert!(
        matches!(events.as_slice(), [Event::Reminder { deadline, .. }] if *deadline == START + HOUR),
        "{events:?}"
    );
    assert!(env.service.beat().await.unwrap());

    env.advance(2 * HOUR);
    let restarted = env.reopen().await;
    restarted.recover_downtime().await.unwrap();
    let events = restarted.sweep().await.unwrap();
    let new_deadline = START + 3 * HOUR;
    assert!(
        matches!(events.as_slice(),
            [Event::Reminder { game: g, deadline, .. }] if g.id == game.id && *deadline == new_deadline),
        "{events:?}"
    );
    assert!(restarted.sweep().await.unwrap().is_empty(), "once");
}

#[on_both_stores]
async fn open_challenges_expire_later_by_the_gap() {
    let env = Env::new().await;
    env.service.recover_downtime().await.unwrap();
    let (a, b) = (player(1), player(2));
    let challenge = env
        .service
        .create_challenge(&a, Some(&b), place(), hourly())
        .await
        .unwrap();
    assert_eq!(challenge.expires_at, START + 24 * HOUR);
    env.advance(23 * HOUR);
    assert!(env.service.beat().await.unwrap());

    env.advance(3 * HOUR);
    let restarted = env.reopen().await;
    assert_eq!(restarted.recover_downtime().await.unwrap(), Some(3 * HOUR));
    assert_eq!(
        restarted.challenge(challenge.id).await.unwrap().expires_at,
        START + 27 * HOUR
    );
    assert!(restarted.sweep().await.unwrap().is_empty(), "not expired");
    restarted
        .accept_challenge(&b, place(), challenge.id)
        .await
        .expect("still open");
}

#[on_both_stores]
async fn games_without_a_deadline_and_finished_games_are_left_alone() {
    let env = Env::new().await;
    env.service.recover_downtime().await.unwrap();
    let (a, b) = (player(1), player(2));
    let casual = env.casual(&a, &b).await;
    let finished = env.start(&a, &b, hourly()).await;
    let ended = env.service.resign(finished.id, b.id).await.unwrap();
    env.advance(2 * HOUR);
    let restarted = env.reopen().await;
    assert_eq!(restarted.recover_downtime().await.unwrap(), Some(2 * HOUR));
    assert_eq!(restarted.game(casual.id).await.unwrap().deadline, None);
    let still = restarted.game(finished.id).await.unwrap();
    assert_eq!(still.deadline, None);
    assert_eq!(still.updated_at, ended.game.updated_at);
}
