//! The correspondence clock: deadlines, reminders, losses on time, expiring challenges and
//! vacations, with time moved by hand.

mod common;

use dama_test_stores::on_both_stores;
use std::time::Duration;

use common::{DAY, Env, HOUR, place, player};
use dama_rules::{Color, Outcome, WinReason};
use dama_service::model::{ChallengeOptions, TimeControl};
use dama_service::service::{Event, ServiceError};

#[on_both_stores]
async fn each_move_gives_the_opponent_a_fresh_deadline() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.rated(&a, &b).await;
    assert_eq!(game.deadline, Some(common::START + DAY));
    env.advance(5 * HOUR);
    let moved = env.play(game.id, &a, "d3-d4").await.unwrap();
    assert_eq!(moved.game.deadline, Some(env.service.now() + DAY));
}

#[on_both_stores]
async fn a_game_without_time_control_has_no_deadline() {
    let env = Env::new().await;
    let game = env.casual(&player(1), &player(2)).await;
    assert_eq!(game.deadline, None);
    env.advance(365 * DAY);
    assert!(env.service.sweep().await.unwrap().is_empty());
}

#[on_both_stores]
async fn a_passed_deadline_loses_on_time_once_and_refuses_late_moves() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.rated(&a, &b).await;
    env.play(game.id, &a, "d3-d4").await.unwrap();
    env.advance(DAY);
    // Exactly at the deadline the time is up, even before the sweeper runs.
    assert!(matches!(
        env.play(game.id, &b, "e6-e5").await,
        Err(ServiceError::DeadlinePassed)
    ));
    let events = env.service.sweep().await.unwrap();
    let [
        Event::TimedOut {
            game: ended,
            loser,
            end,
        },
    ] = events.as_slice()
    else {
        panic!("one loss on time, got {events:?}");
    };
    assert_eq!(*loser, b.id);
    assert_eq!(
        end.outcome,
        Outcome::Win {
            winner: Color::White,
            reason: WinReason::Time
        }
    );
    assert!(end.ratings.is_some());
    assert_eq!(ended.outcome, Some(end.outcome));
    assert!(
        env.service.sweep().await.unwrap().is_empty(),
        "ended once only"
    );
    let pdn = env.service.export_pdn(game.id).await.unwrap();
    assert!(pdn.contains("1-0"));
}

#[on_both_stores]
async fn two_sweepers_at_once_end_an_overdue_game_exactly_once() {
    let env = Env::new().await;
    let other = env.reopen().await;
    let mut games = Vec::new();
    for n in 0..10 {
        games.push(env.rated(&player(2 * n + 1), &player(2 * n + 2)).await.id);
    }
    env.advance(DAY + HOUR);
    let (mine, theirs) = tokio::join!(env.service.sweep(), other.sweep());
    let mut timed_out: Vec<_> = mine
        .unwrap()
        .into_iter()
        .chain(theirs.unwrap())
        .filter_map(|e| match e {
            Event::TimedOut { game, .. } => Some(game.id),
            _ => None,
        })
        .collect();
    timed_out.sort();
    assert_eq!(timed_out, games, "every game once, none twice");
    for n in 0..10 {
        let stats = env
            .service
            .stats(place().guild, player(2 * n + 1).id, None)
            .await
            .unwrap();
        assert_eq!(
            stats.ratings.iter().map(|r| r.games).sum::<u32>(),
            1,
            "rated exactly once"
        );
    }
}

#[on_both_stores]
async fn a_reminder_comes_once_when_a_quarter_of_the_time_is_left() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let options = ChallengeOptions {
        time_control: TimeControl::Hour,
        ..ChallengeOptions::default()
    };
    let game = env.start(&a, &b, options).await;
    env.advance(Duration::from_secs(44 * 60));
    assert!(
        env.service.sweep().await.unwrap().is_empty(),
        "16 minutes left: too early"
    );
    env.advance(Duration::from_secs(60));
    let events = env.service.sweep().await.unwrap();
    let [
        Event::Reminder {
            game: g,
            user,
            deadline,
        },
    ] = events.as_slice()
    else {
        panic!("one reminder, got {events:?}");
    };
    assert_eq!(
        (g.id, *user, *deadline),
        (game.id, a.id, game.deadline.unwrap())
    );
    assert!(
        env.service.sweep().await.unwrap().is_empty(),
        "once per move"
    );

    // The next move has its own deadline and its own reminder.
    env.play(game.id, &a, "d3-d4").await.unwrap();
    env.advance(Duration::from_secs(46 * 60));
    let events = env.service.sweep().await.unwrap();
    assert!(matches!(events.as_slice(), [Event::Reminder { user, .. }] if *user == b.id));
}

#[on_both_stores]
async fn long_time_controls_remind_six_hours_before_the_deadline() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let options = ChallengeOptions {
        time_control: TimeControl::Week,
        ..ChallengeOptions::default()
    };
    env.start(&a, &b, options).await;
    env.advance(7 * DAY - 7 * HOUR);
    assert!(env.service.sweep().await.unwrap().is_empty());
    env.advance(HOUR);
    assert_eq!(env.service.sweep().await.unwrap().len(), 1);
}

#[on_both_stores]
async fn an_unanswered_challenge_expires_once() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let challenge = env
        .service
        .create_challenge(&a, Some(&b), place(), ChallengeOptions::default())
        .await
        .unwrap();
    assert_eq!(challenge.expires_at, common::START + DAY);
    env.advance(DAY - HOUR);
    assert!(env.service.sweep().await.unwrap().is_empty());
    env.advance(HOUR);
    let events = env.service.sweep().await.unwrap();
    assert!(matches!(events.as_slice(), [Event::ChallengeExpired(c)] if c.id == challenge.id));
    assert!(env.service.sweep().await.unwrap().is_empty());
    assert!(matches!(
        env.service
            .accept_challenge(&b, place(), challenge.id)
            .await,
        Err(ServiceError::ChallengeExpired)
    ));
}

#[on_both_stores]
async fn a_challenge_past_its_expiry_cannot_be_accepted_before_the_sweeper_runs() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let challenge = env
        .service
        .create_challenge(&a, None, place(), ChallengeOptions::default())
        .await
        .unwrap();
    env.advance(DAY);
    assert!(matches!(
        env.service
            .accept_challenge(&b, place(), challenge.id)
            .await,
        Err(ServiceError::ChallengeExpired)
    ));
}

#[on_both_stores]
async fn a_vacation_pauses_the_clock_of_every_game_where_the_player_is_to_move() {
    let env = Env::new().await;
    let (a, b, c) = (player(1), player(2), player(3));
    let waiting = env.rated(&a, &b).await;
    let other = env.rated(&c, &a).await;
    env.advance(2 * HOUR);
    let status = env.service.start_vacation(&a, place(), 3).await.unwrap();
    assert_eq!(status.until, Some(env.service.now() + 3 * DAY));
    assert_eq!((status.days_used, status.days_left), (3, 11));

    // a's deadline moves 3 days; c's game (c to move) is untouched until c moves.
    let shifted = env.service.game(waiting.id).await.unwrap();
    assert_eq!(shifted.deadline, Some(waiting.deadline.unwrap() + 3 * DAY));
    assert_eq!(
        env.service.game(other.id).await.unwrap().deadline,
        other.deadline
    );
    // c moves during a's vacation: a's day starts when the vacation ends.
    let moved = env.play(other.id, &c, "d3-d4").await.unwrap();
    assert_eq!(moved.game.deadline, Some(status.until.unwrap() + DAY));

    env.advance(2 * DAY);
    assert!(
        env.service.sweep().await.unwrap().is_empty(),
        "no loss on time on vacation"
    );
    assert!(matches!(
        env.service.start_vacation(&a, place(), 1).await,
        Err(ServiceError::AlreadyOnVacation { .. })
    ));
}

#[on_both_stores]
async fn coming_back_early_restarts_the_clocks_and_returns_whole_unused_days() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.rated(&a, &b).await;
    let remaining_before = game.deadline.unwrap().as_millis() - env.service.now().as_millis();
    env.service.start_vacation(&a, place(), 5).await.unwrap();
    env.advance(DAY + HOUR);
    let status = env.service.end_vacation(a.id).await.unwrap();
    // 3 days and 23 hours were unused: 3 whole days come back.
    assert_eq!(
        (status.until, status.days_used, status.days_left),
        (None, 2, 12)
    );
    let deadline = env.service.game(game.id).await.unwrap().deadline.unwrap();
    assert_eq!(
        deadline.as_millis() - env.service.now().as_millis(),
        remaining_before,
        "the time left when the vacation started is left again"
    );
    assert!(matches!(
        env.service.end_vacation(a.id).await,
        Err(ServiceError::NotOnVacation)
    ));
}

#[on_both_stores]
async fn vacation_days_are_limited_per_calendar_year() {
    let env = Env::new().await;
    let a = player(1);
    assert!(matches!(
        env.service.start_vacation(&a, place(), 0).await,
        Err(ServiceError::InvalidVacationLength)
    ));
    env.service.start_vacation(&a, place(), 10).await.unwrap();
    env.advance(10 * DAY);
    assert!(matches!(
        env.service.start_vacation(&a, place(), 5).await,
        Err(ServiceError::VacationExhausted { days_left: 4 })
    ));
    env.service.start_vacation(&a, place(), 4).await.unwrap();
    env.advance(4 * DAY);
    assert_eq!(env.service.vacation(a.id).await.unwrap().days_left, 0);
    // 2025-06-15 + 200 days is in 2026: a new allowance.
    env.advance(200 * DAY);
    let status = env.service.vacation(a.id).await.unwrap();
    assert_eq!(
        (status.until, status.days_used, status.days_left),
        (None, 0, 14)
    );
}

#[on_both_stores]
async fn the_sweeper_task_delivers_events_and_stops_when_nobody_listens() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.rated(&a, &b).await;
    env.advance(DAY);
    let (sender, mut events) = tokio::sync::mpsc::channel(8);
    let task = env.service.spawn_sweeper(Duration::from_millis(5), sender);
    // A generous guard, not a timing assertion: the first round runs at once.
    let event = tokio::time::timeout(Duration::from_secs(30), events.recv())
        .await
        .expect("the sweeper ran")
        .expect("an event");
    assert!(
        matches!(event, Event::TimedOut { game: g, loser, .. } if g.id == game.id && loser == a.id)
    );
    drop(events);
    tokio::time::timeout(Duration::from_secs(30), task)
        .await
        .expect("the task ends once the receiver is gone")
        .unwrap();
}
