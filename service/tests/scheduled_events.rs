//! Tournaments' guild scheduled events through the service, on both stores, time moved by
//! hand: a notice at each change of a tournament with a start time, and the next step towards
//! the event it wants, from creation to the end, as the face takes them one by one; a refusal
//! told once per server until an event is made there again.

mod common;

use std::time::Duration;

use dama_test_stores::on_both_stores;

use common::{Env, place, player};
use dama_service::service::{
    Authority, EventKind, EventOf, EventStatus, EventStep, Notice, Organising,
};
use dama_service::tournament::arena::ArenaOptions;
use dama_service::tournament::{Format, Options};

const HOUR: Duration = Duration::from_secs(60 * 60);

/// The scheduled event notices waiting, by tournament.
async fn waiting(env: &Env) -> Vec<EventOf> {
    let due = env.service.due_notices(100).await.expect("the outbox");
    let mut found = Vec::new();
    for pending in due {
        if let Notice::ScheduledEvent { of } = pending.notice {
            found.push(of);
        }
        env.service
            .notice_delivered(
                pending.id,
                dama_service::service::Delivery::Channel,
                None,
                None,
            )
            .await
            .expect("recorded");
    }
    found
}

/// Takes the steps towards `of`'s event as a face would, Discord making each as asked; the
/// statuses set, in order.
async fn follow(env: &Env, of: EventOf) -> Vec<EventStatus> {
    let mut set = Vec::new();
    loop {
        let sync = env.service.scheduled_event_step(of).await.expect("a step");
        let (event, status) = match sync.step {
            EventStep::Nothing => return set,
            EventStep::Create(_) => (77, EventStatus::Scheduled),
            EventStep::SetStatus { event, status } => (event, status),
        };
        env.service
            .scheduled_event_made(of, sync.guild, event, status)
            .await
            .expect("recorded");
        set.push(status);
    }
}

#[on_both_stores]
async fn a_round_robin_with_a_start_time_is_scheduled_then_active_then_completed() {
    let env = Env::new().await;
    let mut options = Options::new("Friday", Format::RoundRobin);
    options.starts_at = Some(env.service.now() + 2 * HOUR);
    let t = env
        .service
        .create_tournament(&player(1), place(), options)
        .await
        .expect("created");
    let of = EventOf::Tournament(t.id);
    assert_eq!(waiting(&env).await, [of]);
    let sync = env.service.scheduled_event_step(of).await.expect("a step");
    let EventStep::Create(draft) = &sync.step else {
        panic!("{sync:?}")
    };
    assert_eq!(draft.name, "Friday");
    assert_eq!(draft.starts_at, t.starts_at.expect("a start"));
    assert!(matches!(
        draft.kind,
        EventKind::Tournament {
            format: Format::RoundRobin,
            ..
        }
    ));
    assert!(draft.ends_at > draft.starts_at, "{draft:?}");
    assert_eq!(follow(&env, of).await, [EventStatus::Scheduled]);
    assert_eq!(follow(&env, of).await, [], "taken twice, nothing twice");

    for n in [2, 3] {
        env.service
            .join_tournament(&player(n), place(), t.id)
            .await
            .expect("joins");
    }
    env.service
        .organise_tournament(
            Organising::Start,
            player(1).id,
            Authority::Member,
            place(),
            t.id,
        )
        .await
        .expect("started");
    assert_eq!(waiting(&env).await, [of]);
    assert_eq!(follow(&env, of).await, [EventStatus::Active]);

    env.service
        .organise_tournament(
            Organising::Cancel,
            player(1).id,
            Authority::Member,
            place(),
            t.id,
        )
        .await
        .expect("cancelled");
    assert_eq!(waiting(&env).await, [of]);
    // An active event cannot be cancelled in Discord: it is completed.
    assert_eq!(follow(&env, of).await, [EventStatus::Completed]);
}

#[on_both_stores]
async fn a_tournament_started_by_hand_has_no_event_and_an_arena_ends_its_own() {
    let env = Env::new().await;
    let t = env
        .service
        .create_tournament(&player(1), place(), Options::new("Now", Format::Swiss))
        .await
        .expect("created");
    assert_eq!(waiting(&env).await, []);
    let sync = env
        .service
        .scheduled_event_step(EventOf::Tournament(t.id))
        .await
        .expect("a step");
    assert_eq!(sync.step, EventStep::Nothing);

    let arena = env
        .service
        .create_arena(
            &player(1),
            place(),
            ArenaOptions {
                name: "Evening".to_owned(),
                minutes: 45,
                clock: "3+2".parse().expect("a clock"),
                rated: true,
                starts_at: Some(env.service.now() + HOUR),
            },
        )
        .await
        .expect("an arena");
    let of = EventOf::Arena(arena.id);
    assert_eq!(waiting(&env).await, [of]);
    assert_eq!(follow(&env, of).await, [EventStatus::Scheduled]);
    // Nobody moved it on: its start and its end both pass before the worker runs.
    env.advance(2 * HOUR);
    env.service.run_arenas().await.expect("a pass");
    env.service.run_arenas().await.expect("a pass");
    assert!(!waiting(&env).await.is_empty());
    assert_eq!(
        follow(&env, of).await,
        [EventStatus::Active, EventStatus::Completed],
        "started, then completed, as Discord lets an event move"
    );
}

#[on_both_stores]
async fn a_servers_refusal_is_told_once_until_an_event_is_made_there() {
    let env = Env::new().await;
    let guild = place().guild.expect("a server");
    assert!(
        env.service
            .scheduled_events_refused(guild)
            .await
            .expect("noted")
    );
    assert!(
        !env.service
            .scheduled_events_refused(guild)
            .await
            .expect("noted")
    );
    let mut options = Options::new("Later", Format::RoundRobin);
    options.starts_at = Some(env.service.now() + HOUR);
    let t = env
        .service
        .create_tournament(&player(1), place(), options)
        .await
        .expect("created");
    env.service
        .scheduled_event_made(EventOf::Tournament(t.id), guild, 5, EventStatus::Scheduled)
        .await
        .expect("recorded");
    assert!(
        env.service
            .scheduled_events_refused(guild)
            .await
            .expect("noted")
    );
}
