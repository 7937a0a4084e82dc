//! Server membership: a member seen lately is one without asking Discord; otherwise Discord is
//! asked, only about servers the bot is in, once per server and member while the answer is
//! cached, within a bound per member and a bound at once; a 403 is a no not asked again
//! meanwhile; a failure is a no asked again soon.

mod common;

use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use common::{DAY, Env, place, player};
use dama_rules::Position;
use dama_service::ids::{GuildId, UserId};
use dama_service::model::ChallengeOptions;
use dama_service::service::{
    LOOKUP_WINDOW, LOOKUPS_AT_ONCE, LOOKUPS_PER_MEMBER, LookupError, LookupFuture,
    MEMBERSHIP_CACHED_FOR, MemberLookup, NewPuzzle, PuzzleAnswer, PuzzleChoice, PuzzleError,
    SEEN_FOR, ServiceError, UNAVAILABLE_CACHED_FOR,
};
use dama_test_stores::on_both_stores;

/// The server of `common::place`, where the test players play.
const HOME: GuildId = GuildId(1000);

/// A server the bot is in where the test players never played.
const OTHER: GuildId = GuildId(3000);

/// A stand-in for Discord's member lookup that counts the lookups asked of it.
#[derive(Default)]
struct FakeLookup {
    /// (server, member) pairs Discord would answer yes for.
    members: Mutex<HashSet<(GuildId, UserId)>>,
    /// Servers Discord refuses to answer about (403).
    forbidden: Mutex<HashSet<GuildId>>,
    /// Servers whose lookups fail otherwise.
    failing: Mutex<HashSet<GuildId>>,
    /// Lookups asked.
    calls: AtomicUsize,
    /// When set, every lookup waits for a permit of it before answering.
    gate: Option<tokio::sync::Semaphore>,
}

impl FakeLookup {
    fn with_member(guild: GuildId, user: UserId) -> Arc<FakeLookup> {
        let fake = FakeLookup::default();
        fake.members.lock().expect("lock").insert((guild, user));
        Arc::new(fake)
    }

    fn calls(&self) -> usize {
        self.calls.load(Ordering::SeqCst)
    }
}

impl MemberLookup for FakeLookup {
    fn is_member(&self, guild: GuildId, user: UserId) -> LookupFuture<'_> {
        Box::pin(async move {
            self.calls.fetch_add(1, Ordering::SeqCst);
            if let Some(gate) = &self.gate {
                gate.acquire().await.expect("gate open").forget();
            }
            if self.forbidden.lock().expect("lock").contains(&guild) {
                return Err(LookupError::Forbidden);
            }
            if self.failing.lock().expect("lock").contains(&guild) {
                return Err(LookupError::Unavailable("503".into()));
            }
            Ok(self.members.lock().expect("lock").contains(&(guild, user)))
        })
    }
}

/// An [`Env`] whose service asks `lookup`, and is in [`OTHER`].
async fn env_with(lookup: Arc<FakeLookup>) -> Env {
    let env = Env::new().await;
    env.service.set_member_lookup(lookup);
    env.service.joined_server(OTHER).await.expect("joined");
    env
}

async fn member(env: &Env, guild: GuildId, user: UserId) -> bool {
    env.service.is_member(guild, user).await.expect("answered")
}

#[on_both_stores]
async fn discord_is_asked_once_per_server_and_member_while_the_answer_is_cached() {
    let (ada, bo) = (UserId(1), UserId(2));
    let lookup = FakeLookup::with_member(OTHER, ada);
    let env = env_with(lookup.clone()).await;

    assert!(member(&env, OTHER, ada).await);
    assert!(!member(&env, OTHER, bo).await);
    assert_eq!(lookup.calls(), 2);
    // Both answers, yes and no, are reused.
    env.advance(MEMBERSHIP_CACHED_FOR - Duration::from_secs(1));
    assert!(member(&env, OTHER, ada).await);
    assert!(!member(&env, OTHER, bo).await);
    assert_eq!(lookup.calls(), 2);
    // Then asked again: Ada was kicked meanwhile.
    lookup.members.lock().expect("lock").clear();
    env.advance(Duration::from_secs(1));
    assert!(!member(&env, OTHER, ada).await);
    assert_eq!(lookup.calls(), 3);
}

#[on_both_stores]
async fn discord_is_never_asked_about_a_server_the_bot_is_not_in() {
    let ada = UserId(1);
    let elsewhere = GuildId(4000);
    let lookup = FakeLookup::with_member(elsewhere, ada);
    let env = env_with(lookup.clone()).await;

    assert!(!member(&env, elsewhere, ada).await);
    assert_eq!(lookup.calls(), 0);
    env.service.joined_server(elsewhere).await.expect("joined");
    assert!(member(&env, elsewhere, ada).await);
    assert_eq!(lookup.calls(), 1);
    // Once the bot left, the answer is no at once, cached or not.
    env.service.left_server(elsewhere).await.expect("left");
    assert!(!member(&env, elsewhere, ada).await);
    assert_eq!(lookup.calls(), 1);
}

#[on_both_stores]
async fn a_server_an_interaction_came_from_is_one_the_bot_is_in() {
    let (ada, bo) = (player(1), UserId(2));
    let lookup = FakeLookup::with_member(HOME, bo);
    let env = env_with(lookup.clone()).await;
    // Never told of HOME by the gateway: Ada's interaction there says the bot is in it.
    assert!(!member(&env, HOME, bo).await);
    assert_eq!(lookup.calls(), 0);
    env.service.see_player(&ada, place()).await.expect("seen");
    assert!(member(&env, HOME, bo).await);
    assert_eq!(lookup.calls(), 1);
}

#[on_both_stores]
async fn a_member_seen_lately_is_one_without_asking_and_one_seen_long_ago_is_asked_about() {
    let (ada, bo) = (player(1), player(2));
    let lookup = Arc::new(FakeLookup::default());
    let env = env_with(lookup.clone()).await;
    env.casual(&ada, &bo).await;

    assert!(member(&env, HOME, ada.id).await);
    assert_eq!(lookup.calls(), 0);
    // An interaction renews the sighting (written again once an hour at most).
    env.advance(DAY);
    env.service.see_player(&ada, place()).await.expect("seen");
    env.advance(SEEN_FOR - Duration::from_secs(60));
    assert!(member(&env, HOME, ada.id).await);
    assert!(
        !member(&env, HOME, bo.id).await,
        "Bo was last seen over a week ago: Discord says he left"
    );
    assert_eq!(lookup.calls(), 1);
    env.advance(Duration::from_secs(60));
    assert!(!member(&env, HOME, ada.id).await, "Ada left, Discord says");
    assert_eq!(lookup.calls(), 2);
}

#[on_both_stores]
async fn only_the_members_own_actions_on_the_server_renew_their_membership() {
    let (ada, bo, cy) = (player(1), player(2), player(3));
    // Discord says no one is a member: only a sighting makes one.
    let lookup = Arc::new(FakeLookup::default());
    let env = env_with(lookup.clone()).await;
    // Ada challenges Bo, who never acted on the server: Ada is seen, Bo only named.
    env.service
        .create_challenge(&ada, Some(&bo), place(), ChallengeOptions::default())
        .await
        .expect("challenge");
    assert!(member(&env, HOME, ada.id).await);
    assert!(!member(&env, HOME, bo.id).await, "named by Ada, not seen");
    // Bo acts there once; more than a week on, Cy names him: no renewal.
    env.service.see_player(&bo, place()).await.expect("seen");
    assert!(member(&env, HOME, bo.id).await);
    env.advance(SEEN_FOR);
    env.service
        .create_challenge(&cy, Some(&bo), place(), ChallengeOptions::default())
        .await
        .expect("challenge");
    assert!(!member(&env, HOME, bo.id).await, "named by Cy, not seen");
    // A puzzle started from a web page needs membership: it cannot prove it.
    let start = Position::default();
    let solution = ["c3-c4", "a6-a5", "d3-d4"]
        .iter()
        .scan(start, |position, text| {
            let m = dama_rules::notation::resolve_str(position, text).expect("legal");
            *position = position.play(&m).expect("legal");
            Some(m)
        })
        .collect();
    let puzzle = NewPuzzle {
        start,
        solution,
        theme: None,
        difficulty: 1,
        game: None,
        ply: 0,
    };
    env.service.add_puzzle(HOME, puzzle).await.expect("puzzle");
    let asked = env
        .service
        .start_puzzle_away(&bo, HOME, PuzzleChoice::Next)
        .await;
    assert!(
        matches!(asked, Err(ServiceError::Puzzle(PuzzleError::NotMember))),
        "{asked:?}"
    );
    assert!(!member(&env, HOME, bo.id).await, "a web page's start");
    // A member's own command on the server does: Cy's, a week after his challenge.
    env.advance(SEEN_FOR);
    assert!(!member(&env, HOME, cy.id).await);
    env.service
        .start_puzzle(&cy, Some(HOME), PuzzleChoice::Next)
        .await
        .expect("started");
    assert!(member(&env, HOME, cy.id).await, "Cy's own command");
}

/// A puzzle of three plies from the start: c3-c4, a6-a5, d3-d4.
fn opening_puzzle() -> NewPuzzle {
    let start = Position::default();
    let solution = ["c3-c4", "a6-a5", "d3-d4"]
        .iter()
        .scan(start, |position, text| {
            let m = dama_rules::notation::resolve_str(position, text).expect("legal");
            *position = position.play(&m).expect("legal");
            Some(m)
        })
        .collect();
    NewPuzzle {
        start,
        solution,
        theme: None,
        difficulty: 1,
        game: None,
        ply: 0,
    }
}

#[on_both_stores]
async fn a_servers_puzzle_is_started_read_and_answered_from_away_by_its_members_alone() {
    let (ada, bo) = (player(1), player(2));
    let lookup = FakeLookup::with_member(OTHER, ada.id);
    let env = env_with(lookup.clone()).await;
    env.service
        .add_puzzle(OTHER, opening_puzzle())
        .await
        .expect("puzzle");
    let not_member = |e: &ServiceError| matches!(e, ServiceError::Puzzle(PuzzleError::NotMember));
    // Bo is not a member: he neither starts, nor reads, nor answers.
    let started = env
        .service
        .start_puzzle_away(&bo, OTHER, PuzzleChoice::Next)
        .await;
    assert!(started.as_ref().is_err_and(not_member), "{started:?}");
    let read = env.service.puzzle_under_way_away(bo.id, OTHER).await;
    assert!(read.as_ref().is_err_and(not_member), "{read:?}");
    let c4 = "c3-c4".parse().expect("syntax");
    let answered = env.service.answer_puzzle_away(bo.id, OTHER, &c4).await;
    assert!(answered.as_ref().is_err_and(not_member), "{answered:?}");
    // Ada is: she starts, reads her try, and answers.
    env.service
        .start_puzzle_away(&ada, OTHER, PuzzleChoice::Next)
        .await
        .expect("started");
    let under_way = env.service.puzzle_under_way_away(ada.id, OTHER).await;
    assert!(matches!(under_way, Ok(Some(_))), "{under_way:?}");
    let answered = env.service.answer_puzzle_away(ada.id, OTHER, &c4).await;
    assert!(
        matches!(answered, Ok(PuzzleAnswer::Correct { .. })),
        "{answered:?}"
    );
    // She leaves the server: her try under way is answered from away no more.
    lookup.members.lock().expect("lock").clear();
    env.advance(MEMBERSHIP_CACHED_FOR);
    let d4 = "d3-d4".parse().expect("syntax");
    let answered = env.service.answer_puzzle_away(ada.id, OTHER, &d4).await;
    assert!(answered.as_ref().is_err_and(not_member), "{answered:?}");
}

#[on_both_stores]
async fn a_members_flood_of_lookups_costs_at_most_ten_a_minute() {
    let flooder = UserId(1);
    let lookup = Arc::new(FakeLookup::default());
    let env = env_with(lookup.clone()).await;
    // The bot is in 50 of the 1,000 servers asked about.
    for id in (20..1_020).step_by(20) {
        env.service
            .joined_server(GuildId(id))
            .await
            .expect("joined");
    }
    for id in 1..=1_000 {
        assert!(!member(&env, GuildId(id), flooder).await);
    }
    assert_eq!(lookup.calls(), 10);
    assert_eq!(lookup.calls(), LOOKUPS_PER_MEMBER as usize);
    // Another member is not held back by the flood.
    lookup
        .members
        .lock()
        .expect("lock")
        .insert((OTHER, UserId(2)));
    assert!(member(&env, OTHER, UserId(2)).await);
    assert_eq!(lookup.calls(), 11);
    // A minute later, ten more; the servers answered before are not asked again while cached.
    env.advance(LOOKUP_WINDOW);
    for id in 1..=1_000 {
        assert!(!member(&env, GuildId(id), flooder).await);
    }
    assert_eq!(lookup.calls(), 21);
}

#[on_both_stores]
async fn a_403_is_a_no_not_asked_again_while_cached() {
    let ada = UserId(1);
    let lookup = FakeLookup::with_member(OTHER, ada);
    lookup.forbidden.lock().expect("lock").insert(OTHER);
    let env = env_with(lookup.clone()).await;

    assert!(!member(&env, OTHER, ada).await);
    env.advance(MEMBERSHIP_CACHED_FOR - Duration::from_secs(1));
    assert!(!member(&env, OTHER, ada).await);
    assert_eq!(lookup.calls(), 1);
    lookup.forbidden.lock().expect("lock").clear();
    env.advance(Duration::from_secs(1));
    assert!(member(&env, OTHER, ada).await);
    assert_eq!(lookup.calls(), 2);
}

#[on_both_stores]
async fn a_failed_lookup_is_a_no_asked_again_soon() {
    let ada = UserId(1);
    let lookup = FakeLookup::with_member(OTHER, ada);
    lookup.failing.lock().expect("lock").insert(OTHER);
    let env = env_with(lookup.clone()).await;

    assert!(!member(&env, OTHER, ada).await);
    assert!(!member(&env, OTHER, ada).await);
    assert_eq!(lookup.calls(), 1, "not asked again at once");
    lookup.failing.lock().expect("lock").clear();
    env.advance(UNAVAILABLE_CACHED_FOR);
    assert!(member(&env, OTHER, ada).await);
    assert_eq!(lookup.calls(), 2);
}

#[on_both_stores]
async fn no_more_than_four_lookups_run_at_once_and_the_fifth_is_a_no_without_asking() {
    let lookup = Arc::new(FakeLookup {
        gate: Some(tokio::sync::Semaphore::new(0)),
        ..FakeLookup::default()
    });
    let env = env_with(lookup.clone()).await;
    let mut waiting = Vec::new();
    for user in 1..=4 {
        let service = env.service.clone();
        waiting.push(tokio::spawn(async move {
            service.is_member(OTHER, UserId(user)).await
        }));
    }
    // Until the four lookups are under way (bounded: a lookup that never starts fails here).
    for _ in 0..1_000 {
        if lookup.calls() == LOOKUPS_AT_ONCE {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(lookup.calls(), LOOKUPS_AT_ONCE);
    assert!(!member(&env, OTHER, UserId(5)).await);
    assert_eq!(lookup.calls(), LOOKUPS_AT_ONCE, "the fifth is not asked");

    lookup
        .gate
        .as_ref()
        .expect("gated")
        .add_permits(LOOKUPS_AT_ONCE);
    for task in waiting {
        assert_eq!(task.await.expect("task").ok(), Some(false));
    }
    // The fifth's no was not cached: asked now that a lookup is free.
    assert!(!member(&env, OTHER, UserId(5)).await);
    assert_eq!(lookup.calls(), LOOKUPS_AT_ONCE + 1);
}
