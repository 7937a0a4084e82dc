//! Tournaments with a start time in the server's Events tab: the guild scheduled event is
//! created with the tournament, made active when it starts, completed when it ends, cancelled
//! with it; without the permission to make events the bot says so once, and the tournament goes
//! on.

use std::time::Duration;

use dama_service::tournament::Status;
use dama_tests::eventually;
use serde_json::Value;
use serenity::all::{ChannelId, Permissions};

use crate::harness::{Harness, custom_id, dama, tournament};

/// Waits until the stand-in holds an event named `name` for which `holds`; returns it.
async fn event_when(
    harness: &Harness,
    name: &str,
    what: &str,
    holds: impl Fn(&Value) -> bool,
) -> Value {
    eventually(&format!("the event {name:?} {what}"), async || {
        let events = harness.discord.scheduled_events();
        events
            .into_iter()
            .find(|e| e["name"] == name && holds(e))
            .ok_or_else(|| harness.discord.scheduled_events())
    })
    .await
}

/// Creates tournament `name` (a round robin starting in `starts`) by `who`; its id.
async fn created(harness: &Harness, who: &dama_tests::FakeUser, name: &str, starts: &str) -> i64 {
    let create = tournament("create")
        .option("name", name)
        .option("format", "round-robin")
        .option("starts", starts);
    let answer = harness.slash(&harness.discord.in_guild(who), &create).await;
    assert!(!answer.callback.is_ephemeral(), "{}", answer.content());
    let join = custom_id(&answer.callback, "dama:tjoin:");
    join["dama:tjoin:".len()..]
        .parse()
        .expect("a tournament id")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_with_a_start_time_is_an_event_created_started_and_completed_and_another_cancelled_with_it()
 {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (ada, p1, p2) = (discord.user("ada"), discord.user("p1"), discord.user("p2"));
    let channel = discord.channel_id();
    let guild = discord.guild_id();

    let id = created(&harness, &ada, "Friday Round", "2h").await;
    let scheduled = event_when(&harness, "Friday Round", "is scheduled", |e| {
        e["status"] == 1
    })
    .await;
    assert_eq!(scheduled["entity_type"], 3, "{scheduled:#}");
    assert_eq!(
        scheduled["entity_metadata"]["location"],
        format!("https://discord.com/channels/{guild}/{channel}"),
        "its place is the tournament's channel"
    );
    let description = scheduled["description"].as_str().unwrap_or_default();
    assert!(
        description.starts_with("🏆 Turkish draughts tournament (round robin)")
            && description.ends_with(&format!("https://discord.com/channels/{guild}/{channel}")),
        "{description}"
    );
    let start = harness
        .service
        .standings_of(dama_service::ids::TournamentId(id))
        .await
        .expect("the tournament")
        .tournament
        .starts_at
        .expect("a start time");
    let told = serenity::all::Timestamp::parse(
        scheduled["scheduled_start_time"]
            .as_str()
            .unwrap_or_default(),
    )
    .expect("a start time");
    assert_eq!(told.unix_timestamp(), start.as_millis() / 1000);

    for who in [&p1, &p2] {
        let join = tournament("join").option("tournament", id);
        let joined = harness.slash(&discord.in_guild(who), &join).await;
        assert!(joined.content().contains("joined"), "{}", joined.content());
    }
    // A second one, called off before its start.
    let other = created(&harness, &ada, "Called Off", "3h").await;
    event_when(&harness, "Called Off", "is scheduled", |e| e["status"] == 1).await;
    let cancel = tournament("cancel").option("tournament", other);
    let cancelled = harness.slash(&discord.in_guild(&ada), &cancel).await;
    assert!(!cancelled.content().is_empty());
    event_when(&harness, "Called Off", "is cancelled", |e| e["status"] == 4).await;

    // Its start time comes: the sweeper starts it, and the event is under way.
    harness.clock.advance(Duration::from_secs(2 * 60 * 60 + 60));
    event_when(&harness, "Friday Round", "is active", |e| e["status"] == 2).await;

    // Its one game ends: the tournament is over, and so is the event.
    let game = eventually("the round is paired", async || {
        let s = harness
            .service
            .standings_of(dama_service::ids::TournamentId(id))
            .await
            .expect("standings");
        let game = s.round(1).next().and_then(|p| p.game);
        game.ok_or(s.tournament.round)
    })
    .await;
    let view = eventually("the game's thread", async || {
        Some(harness.game(game.0).await).filter(|v| v.thread.is_some())
    })
    .await;
    let thread = ChannelId::new(view.thread.expect("a thread").0);
    harness.board_posted_in(thread, 0).await;
    let resigned = harness
        .slash(&discord.in_channel(&p1, thread), &dama("resign"))
        .await;
    harness.public_post(&resigned).await;
    eventually("the tournament is over", async || {
        let s = harness
            .service
            .standings_of(dama_service::ids::TournamentId(id))
            .await
            .expect("standings");
        (s.tournament.status == Status::Finished)
            .then_some(())
            .ok_or(s.tournament.status)
    })
    .await;
    event_when(&harness, "Friday Round", "is completed", |e| {
        e["status"] == 3
    })
    .await;
    assert_eq!(discord.scheduled_events().len(), 2, "one event each");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_permission_to_make_events_the_bot_says_so_once_and_the_tournaments_go_on() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (ada, bea) = (discord.user("ada"), discord.user("bea"));
    let channel = discord.channel_id();
    discord.set_bot_permissions(dama_tests::bot_permissions() - Permissions::MANAGE_EVENTS);

    created(&harness, &ada, "First", "2h").await;
    created(&harness, &ada, "Second", "2h").await;
    let attempts = || {
        discord
            .requests()
            .into_iter()
            .filter(|r| r.method == "POST" && r.path.ends_with("/scheduled-events"))
            .collect::<Vec<_>>()
    };
    eventually("both events are tried", async || {
        let tried = attempts();
        (tried.len() == 2).then_some(()).ok_or(tried.len())
    })
    .await;
    assert!(attempts().iter().all(|r| r.status == 403));
    let told = |discord: &dama_tests::FakeDiscord| {
        discord
            .messages_in(channel)
            .into_iter()
            .filter_map(|m| m["content"].as_str().map(str::to_owned))
            .filter(|c| c.contains("to this server's Events tab"))
            .collect::<Vec<_>>()
    };
    let said = eventually("the bot says why", async || {
        let said = told(discord);
        (!said.is_empty()).then_some(said.clone()).ok_or(said)
    })
    .await;
    assert_eq!(
        said,
        [
            "⚠️ I cannot add **First** to this server's Events tab: give me the **Manage Events** permission. The tournament goes on without it."
        ]
    );
    assert!(discord.scheduled_events().is_empty());

    // Given the permission, the next tournament is an event; taken away again, it is said
    // again.
    discord.set_bot_permissions(dama_tests::bot_permissions());
    created(&harness, &bea, "Third", "2h").await;
    event_when(&harness, "Third", "is scheduled", |e| e["status"] == 1).await;
    discord.set_bot_permissions(dama_tests::bot_permissions() - Permissions::MANAGE_EVENTS);
    created(&harness, &bea, "Fourth", "2h").await;
    let said = eventually("the bot says it again", async || {
        let said = told(discord);
        (said.len() == 2).then_some(said.clone()).ok_or(said)
    })
    .await;
    assert!(said[1].contains("**Fourth**"), "not for Second: {said:#?}");
}
