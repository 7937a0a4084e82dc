//! Game reviews through the bot: the Review button under a result (and `/dama review`) shows
//! the computer's progress, then the review arrives in the game's thread with each side's moves
//! by class, an evaluation graph, the critical boards and an annotated PDN; asked again, it is
//! answered at once from the store; a review asked while the bot is down is done after it
//! starts again. A flood of Review presses keeps a few answers up to date, not every one, and a
//! member with as many reviews waiting as allowed is told so.

use std::time::Duration;

use dama_service::ids::{GameId, UserId};
use dama_service::service::ReviewState;
use dama_tests::recorder::Recorded;
use serenity::all::ChannelId;

use crate::harness::{Harness, WAIT, custom_id, dama, keep};
use crate::refusals::started_game;

/// The review post in `channel`, once it is there.
async fn review_in(harness: &Harness, channel: ChannelId) -> Recorded {
    let path = format!("/channels/{channel}/messages");
    harness
        .discord
        .wait_for_nth_request("the review", 0, |r| {
            r.succeeded()
                && r.method == "POST"
                && r.api_path() == path
                && r.content().is_some_and(|c| c.contains("Review of game"))
        })
        .await
        .unwrap_or_else(|e| panic!("{e}"))
}

/// What a review post must carry: the graph (a PNG with alt text), the annotated PDN that the
/// rules read back with `plies` moves.
fn assert_a_review(post: &Recorded, game: i64, plies: usize) {
    let text = post.content().unwrap_or_default();
    assert!(
        text.contains(&format!("**Review of game #{game}**")),
        "{text}"
    );
    assert!(text.contains("**White** (alice):"), "{text}");
    assert!(text.contains("**Black** (bob):"), "{text}");
    assert!(text.contains("blunder from 1.50"), "{text}");
    let graph = post
        .file(&format!("dama-game-{game}-graph.png"))
        .expect("the evaluation graph");
    let picture = image::load_from_memory(&graph.bytes).expect("the graph decodes");
    assert_eq!((picture.width(), picture.height()), (800, 300));
    let pdn = post
        .file(&format!("dama-game-{game}-review.pdn"))
        .expect("the annotated PDN");
    let read =
        dama_rules::pdn::read(std::str::from_utf8(&pdn.bytes).expect("text")).expect("PDN reads");
    assert_eq!(read.game.moves().len(), plies);
    let described = post.message()["attachments"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .filter(|a| a["filename"].as_str().is_some_and(|f| f.ends_with(".png")))
        .all(|a| a["description"].as_str().is_some_and(|d| !d.is_empty()));
    assert!(
        described,
        "every picture has alt text: {:?}",
        post.message()["attachments"]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_review_button_shows_progress_then_the_review_arrives_in_the_thread() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, game) = started_game(&harness, &alice, &bob).await;
    let at = |user| discord.in_channel(user, thread);
    for (who, mv) in [
        (&alice, "c3-c4"),
        (&bob, "f6-f5"),
        (&alice, "h3-h4"),
        (&bob, "a6-a5"),
    ] {
        let moved = harness
            .slash(&at(who), &dama("move").option("move", mv))
            .await;
        harness.public_post(&moved).await;
    }
    let resigned = harness.slash(&at(&alice), &dama("resign")).await;
    let result = harness.public_post(&resigned).await;
    let review = custom_id(&result, "dama:review:");
    assert_eq!(review, format!("dama:review:{game}"));
    harness.settled(game).await;

    // Bob presses Review: the answer shows the progress, then points to the review.
    let asked = harness
        .click(&at(&bob), harness.original(&resigned), &review)
        .await;
    assert!(!asked.callback.is_ephemeral());
    assert!(
        asked
            .content()
            .starts_with(&format!("🔍 Reviewing game #{game}: ")),
        "{}",
        asked.content()
    );
    let posted = review_in(&harness, thread).await;
    keep(&posted, "review");
    assert_a_review(&posted, game, 4);
    assert!(
        posted
            .content()
            .unwrap_or_default()
            .starts_with(&format!("<@{}>, the review you asked for", bob.id)),
        "{:?}",
        posted.content()
    );
    let pointed = discord
        .wait_for_original_edit(asked.id, |r| {
            r.content().is_some_and(|c| c.contains("is ready in"))
        })
        .await
        .expect("the progress answer points to the review");
    assert!(
        pointed
            .content()
            .unwrap_or_default()
            .contains(&format!("<#{thread}>"))
    );

    // Asked again, by the other player with the command: answered at once, from the store.
    let again = harness.slash(&at(&alice), &dama("review")).await;
    assert_eq!(again.callback.callback_type(), Some(4));
    assert_a_review(&again.callback, game, 4);
    let stored = harness
        .service
        .request_review(
            GameId(game),
            UserId(alice.id.get()),
            dama_service::ids::Place {
                guild: Some(dama_service::ids::GuildId(discord.guild_id().get())),
                channel: dama_service::ids::ChannelId(thread.get()),
            },
        )
        .await
        .expect("the review");
    assert!(
        matches!(stored, ReviewState::Ready(_)),
        "computed once: {stored:?}"
    );

    // Before a game ends there is nothing to review.
    let (other_thread, _) = started_game(&harness, &alice, &bob).await;
    let early = harness
        .slash(&discord.in_channel(&alice, other_thread), &dama("review"))
        .await;
    assert!(early.callback.is_ephemeral());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_review_asked_while_the_bot_is_down_is_done_when_it_starts_again() {
    let mut harness = Harness::start().await;
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, game) = started_game(&harness, &alice, &bob).await;
    harness
        .service
        .resign(GameId(game), UserId(bob.id.get()))
        .await
        .expect("bob resigns");
    harness.clock.advance(Duration::from_secs(10));
    harness.settled(game).await;
    harness.stop_bot().await;
    let place = dama_service::ids::Place {
        guild: Some(dama_service::ids::GuildId(harness.discord.guild_id().get())),
        channel: dama_service::ids::ChannelId(thread.get()),
    };
    let queued = harness
        .service
        .request_review(GameId(game), UserId(alice.id.get()), place)
        .await
        .expect("queued");
    assert!(
        matches!(queued, ReviewState::Pending { queued: true, .. }),
        "{queued:?}"
    );
    harness.start_bot().await;
    let posted = tokio::time::timeout(WAIT, review_in(&harness, thread))
        .await
        .expect("the review after the restart");
    assert_a_review(&posted, game, 0);
}

/// A finished game between alice and bob: its thread, its id, the result message and the
/// Review button's custom id.
async fn finished_game(
    harness: &Harness,
    alice: &dama_tests::FakeUser,
    bob: &dama_tests::FakeUser,
) -> (ChannelId, i64, serenity::all::MessageId, String) {
    let (thread, game) = started_game(harness, alice, bob).await;
    let resigned = harness
        .slash(&harness.discord.in_channel(bob, thread), &dama("resign"))
        .await;
    let result = harness.public_post(&resigned).await;
    let review = custom_id(&result, "dama:review:");
    harness.settled(game).await;
    (thread, game, harness.original(&resigned), review)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_review_presses_keeps_a_few_answers_and_a_fourth_review_is_refused() {
    let mut harness = Harness::start().await;
    let (alice, bob) = (harness.discord.user("alice"), harness.discord.user("bob"));
    let mut games = Vec::new();
    for _ in 0..4 {
        games.push(finished_game(&harness, &alice, &bob).await);
    }
    // Alice's first three reviews are under way on another instance (the test's own service,
    // alive: it has beaten, and the clock stands still), which holds them.
    harness.stop_bot().await;
    harness.service.beat_instance().await.expect("a beat");
    for &(thread, game, ..) in &games[..3] {
        let place = dama_service::ids::Place {
            guild: Some(dama_service::ids::GuildId(harness.discord.guild_id().get())),
            channel: dama_service::ids::ChannelId(thread.get()),
        };
        harness
            .service
            .request_review(GameId(game), UserId(alice.id.get()), place)
            .await
            .expect("queued");
    }
    let pool = dama_service::connect(harness.database_url())
        .await
        .expect("the database");
    sqlx::query("UPDATE reviews SET status = 'running', worker = $1, lease_until = $2")
        .bind(harness.service.instance_id())
        .bind(i64::MAX)
        .execute(&pool)
        .await
        .expect("held elsewhere");
    harness.start_bot().await;
    let discord = &harness.discord;

    let (thread, _, message, review) = &games[3];
    let refused = harness
        .click(&discord.in_channel(&alice, *thread), *message, review)
        .await;
    assert!(refused.callback.is_ephemeral(), "{:?}", refused.callback);
    assert_eq!(
        refused.content(),
        "You already have 3 reviews waiting: ask for another once one of them is done."
    );

    // Eight members press Review on the first game once, then bob 20 times; then the other
    // instance lets the first review go.
    let (thread, game, message, review) = &games[0];
    let mut others = Vec::new();
    for n in 1..=8 {
        let member = discord.user(&format!("m{n}"));
        let at = discord.in_channel(&member, *thread);
        others.push(harness.click(&at, *message, review).await);
    }
    let at_bob = discord.in_channel(&bob, *thread);
    let mut bobs = Vec::new();
    for _ in 0..20 {
        bobs.push(harness.click(&at_bob, *message, review).await);
    }
    // Let go only now: a worker that looked in earlier could finish the review before a press
    // was answered, and that press would be answered with the review itself. This instance's
    // worker finds it at its next look.
    sqlx::query("UPDATE reviews SET lease_until = 0 WHERE game_id = $1")
        .bind(*game)
        .execute(&pool)
        .await
        .expect("the other instance lets it go");
    for answer in others.iter().chain(&bobs) {
        assert!(
            answer
                .content()
                .starts_with(&format!("🔍 Reviewing game #{game}: ")),
            "{}",
            answer.content()
        );
    }
    review_in(&harness, *thread).await;

    // The answers kept up to date: bob's newest, and the four newest of the others'.
    let ready = |r: &Recorded| r.content().is_some_and(|c| c.contains("is ready in"));
    let kept: Vec<_> = others[4..]
        .iter()
        .chain(bobs.last())
        .map(|a| a.id)
        .collect();
    for &id in &kept {
        discord
            .wait_for_original_edit(id, ready)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
    }
    let pointed = discord
        .requests()
        .iter()
        .filter(|r| r.succeeded() && r.method == "PATCH" && ready(r))
        .count();
    assert_eq!(pointed, kept.len(), "no other answer was edited");
}
