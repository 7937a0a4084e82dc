//! Arenas through the bot: created with `/dama tournament create format:arena`, joined with the
//! announcement's Join button (answered privately), each pairing opened in its own thread from
//! a message pinging both players, the third member paired as soon as a game ends, the one
//! standings message edited at the pace the service sets, and the podium at the end. The
//! service's clock is moved by hand.

use std::time::Duration;

use dama_service::ids::{ArenaId, UserId};
use dama_service::service::ARENA_STANDINGS_PACE;
use dama_service::tournament::Status;
use dama_service::tournament::arena::ArenaStandings;
use dama_tests::{FakeUser, SlashCommand, eventually};
use serenity::all::{ChannelId, MessageId};

use crate::harness::{Harness, custom_id, dama, posted};

/// `/dama tournament create` of a 10-minute arena on `clock`.
fn create(clock: &str) -> SlashCommand {
    SlashCommand::new("dama")
        .group("tournament")
        .subcommand("create")
        .option("name", "Friday arena")
        .option("format", "arena")
        .option("minutes", 10_i64)
        .option("clock", clock)
}

/// Waits for `what` to hold of the arena's standings, read from the service.
async fn standings_when(
    harness: &Harness,
    id: ArenaId,
    what: &str,
    holds: impl Fn(&ArenaStandings) -> bool,
) -> ArenaStandings {
    eventually(what, async || {
        let standings = harness
            .service
            .arena_standings_of(id)
            .await
            .expect("standings");
        if holds(&standings) {
            Ok(standings)
        } else {
            Err(format!("{:?}", standings.in_play))
        }
    })
    .await
}

/// Waits for the arena's standings message to read as `holds` wants; its text and components.
async fn standings_message_when(
    harness: &Harness,
    id: ArenaId,
    what: &str,
    holds: impl Fn(&str) -> bool,
) -> (String, serde_json::Value) {
    eventually(what, async || {
        let standings = harness
            .service
            .arena_standings_of(id)
            .await
            .expect("standings");
        let message = standings
            .arena
            .standings_message
            .and_then(|m| harness.discord.message(MessageId::new(m)))
            .ok_or_else(|| "no standings message yet".to_owned())?;
        let text = message["content"].as_str().unwrap_or_default().to_owned();
        if holds(&text) {
            Ok((text, message["components"].clone()))
        } else {
            Err(text)
        }
    })
    .await
}

fn member(people: &[FakeUser], user: UserId) -> &FakeUser {
    people
        .iter()
        .find(|p| p.id.get() == user.0)
        .expect("a member")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_members_play_a_ten_minute_arena_from_the_first_pairing_to_the_podium() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let channel = discord.channel_id();
    let ada = discord.user("ada");
    let people = [
        discord.user("alice"),
        discord.user("bob"),
        discord.user("carol"),
    ];

    // A clock that is none is refused with the reason, and no arena is made.
    let refused = harness
        .slash(&discord.in_guild(&ada), &create("45+0"))
        .await;
    assert!(refused.callback.is_ephemeral());
    assert!(
        refused.content().contains("`45+0` is out of range"),
        "{}",
        refused.content()
    );

    let created = harness.slash(&discord.in_guild(&ada), &create("3+2")).await;
    assert!(!created.callback.is_ephemeral(), "{}", created.content());
    let said = created.content();
    assert!(said.contains("⚔️ **Friday arena** (arena "), "{said}");
    assert!(
        said.contains("An arena of 10 minutes: 3+2 (blitz)"),
        "{said}"
    );
    let join = custom_id(&created.callback, "dama:ajoin:");
    custom_id(&created.callback, "dama:apause:");
    custom_id(&created.callback, "dama:aleave:");
    let id = ArenaId(join["dama:ajoin:".len()..].parse().expect("an arena id"));
    let announcement = harness.original(&created);

    // Alice and Bob join by button, each answered alone: they are paired at once.
    for person in &people[..2] {
        let answer = harness
            .click(&discord.in_guild(person), announcement, &join)
            .await;
        assert!(answer.callback.is_ephemeral(), "{}", answer.content());
        assert!(
            answer.content().contains("You are in **Friday arena**"),
            "{}",
            answer.content()
        );
    }
    let first = standings_when(&harness, id, "the first pairing", |s| s.in_play.len() == 1)
        .await
        .in_play[0];

    // The game opens as a live game does: a message pinging both, its thread, its board.
    let starter = posted(&harness, channel, "⚔️ **Friday arena**: ").await;
    assert!(
        starter.contains(&format!(
            "<@{}> (White) against <@{}> (Black)",
            first.white, first.black
        )),
        "{starter}"
    );
    // White goes berserk with the starter's button, once.
    let starter_id = discord
        .messages_in(channel)
        .into_iter()
        .find(|m| m["content"].as_str().is_some_and(|c| c == starter))
        .and_then(|m| m["id"].as_str().and_then(|id| id.parse().ok()))
        .map(MessageId::new)
        .expect("the starter message");
    let berserk = format!("dama:berserk:{}", first.game.0);
    let white = member(&people, first.white);
    let answer = harness
        .click(&discord.in_guild(white), starter_id, &berserk)
        .await;
    assert!(answer.callback.is_ephemeral());
    assert!(
        answer.content().starts_with("You went berserk"),
        "{}",
        answer.content()
    );
    let again = harness
        .click(&discord.in_guild(white), starter_id, &berserk)
        .await;
    assert!(
        again
            .content()
            .starts_with("Berserk is for arena games only"),
        "{}",
        again.content()
    );

    let thread = eventually("the first game's thread", async || {
        harness.game(first.game.0).await.thread
    })
    .await;
    let thread = ChannelId::new(thread.0);
    let board = harness.board_posted_in(thread, 0).await;
    let text = board.content().unwrap_or_default();
    assert!(text.contains("⏱ White"), "{text}");
    assert!(text.contains(&format!("<@{}>", first.white)), "{text}");

    // Carol joins while both play: she waits.
    let answer = harness
        .click(&discord.in_guild(&people[2]), announcement, &join)
        .await;
    assert!(answer.callback.is_ephemeral(), "{}", answer.content());

    // The standings message is posted once its pace has passed, naming all three.
    harness.clock.advance(ARENA_STANDINGS_PACE);
    let names: Vec<String> = harness
        .service
        .arena_standings_of(id)
        .await
        .expect("standings")
        .arena
        .members
        .iter()
        .map(|m| m.name.clone())
        .collect();
    assert_eq!(names.len(), 3);
    let (table, _) = standings_message_when(&harness, id, "the three in the table", |t| {
        names.iter().all(|n| t.contains(n.as_str()))
    })
    .await;
    assert!(table.contains("1 game in play"), "{table}");

    // Black resigns in the thread: White wins, and Carol is paired at once.
    let loser = member(&people, first.black);
    let resigned = harness
        .slash(&discord.in_channel(loser, thread), &dama("resign"))
        .await;
    let end = harness.public_post(&resigned).await;
    assert!(
        end.content().unwrap_or_default().contains("resigned"),
        "{:?}",
        end.content()
    );
    let carol = UserId(people[2].id.get());
    let second = standings_when(&harness, id, "Carol's pairing", |s| {
        s.in_play.len() == 1 && [s.in_play[0].white, s.in_play[0].black].contains(&carol)
    })
    .await;
    assert_ne!(second.in_play[0].game, first.game);

    // The standings message is edited (not posted again): the winner leads with 2 points.
    harness.clock.advance(ARENA_STANDINGS_PACE);
    let winner_name = second
        .arena
        .member(first.white)
        .map(|m| m.name.clone())
        .expect("the winner is a member");
    let (table, _) = standings_message_when(&harness, id, "the result in the table", |t| {
        t.lines()
            .any(|l| l.starts_with(" 1.") && l.contains(&winner_name) && l.ends_with("  2"))
    })
    .await;
    assert!(table.contains("Win 2, draw 1. 🔥"), "{table}");
    let standings_id = harness
        .service
        .arena_standings_of(id)
        .await
        .expect("standings")
        .arena
        .standings_message
        .expect("a standings message");
    let edits = discord
        .requests()
        .into_iter()
        .filter(|r| {
            r.succeeded()
                && r.method == "PATCH"
                && r.api_path() == format!("/channels/{channel}/messages/{standings_id}")
        })
        .count();
    assert!(edits >= 1, "the standings message was never edited");

    // The time is up: the table is final, its buttons gone, and the podium is posted.
    harness.clock.advance(Duration::from_secs(10 * 60));
    standings_when(&harness, id, "the end", |s| {
        s.arena.status == Status::Finished
    })
    .await;
    let podium = posted(&harness, channel, "🏁 **Friday arena** is over!").await;
    assert!(
        podium.contains(&format!("🥇 <@{}>: 2 points", first.white)),
        "{podium}"
    );
    assert!(
        podium.contains(&format!("🥈 <@{}>: 0 points", first.black)),
        "{podium}"
    );
    let (_, components) = standings_message_when(&harness, id, "the final table", |t| {
        t.contains("final standings")
    })
    .await;
    assert!(
        components.as_array().is_none_or(Vec::is_empty),
        "{components}"
    );

    // Joining after the end is refused with the reason.
    let late = harness
        .click(&discord.in_guild(&ada), announcement, &join)
        .await;
    assert!(late.callback.is_ephemeral());
    assert!(
        late.content().contains("This tournament is over"),
        "{}",
        late.content()
    );
}
