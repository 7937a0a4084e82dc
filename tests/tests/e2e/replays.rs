//! Long games: a 1,000-ply game ends with its result and a replay under Discord's upload limit;
//! when Discord refuses the upload anyway, the result is posted without the replay, by the
//! interaction's answer and by the delivery worker alike, and the notice counts as delivered.

use std::io::Cursor;
use std::time::Duration;

use dama_service::ids::{GameId, UserId};
use dama_service::model::Actor;
use dama_service::service::Delivery;
use dama_tests::{ATTACHMENT_SIZE_LIMIT, FakeUser, Recorded, eventually};
use serenity::all::ChannelId;
use sqlx::Connection;

use crate::harness::{Harness, custom_id, keep};
use crate::refusals::started_game;

/// The render crate's long game: 1,000 legal plies from the start that leave the game going on.
const THOUSAND_PLIES: &str = include_str!("../../../render/tests/data/thousand-plies.pdn");

/// An upload limit under the long game's replay (about 2 MB) and over its board (tens of KB).
const LOWERED_LIMIT: usize = 256 * 1024;

/// Words of the line that replaces a refused replay.
const LEFT_OUT: &str = "The replay was too large for Discord";

/// Plays the 1,000 plies in `game` through the service, `white` and `black` in turn. Each
/// move's board counts as the answer to that player's interaction, so nothing piles up for the
/// delivery worker or the next answer.
async fn play_thousand_plies(harness: &Harness, game: i64, white: &FakeUser, black: &FakeUser) {
    let long = dama_rules::pdn::read(THOUSAND_PLIES)
        .expect("the long game reads")
        .game;
    assert_eq!(long.moves().len(), 1000);
    let id = GameId(game);
    let players = [white, black].map(|u| Actor::Player(UserId(u.id.get())));
    for (ply, played) in long.moves().iter().enumerate() {
        let text = played.to_string().parse().expect("a move's own text");
        harness
            .service
            .play_move(id, players[ply % 2], &text)
            .await
            .unwrap_or_else(|e| panic!("ply {}: {played}: {e}", ply + 1));
        answered(harness, id).await;
    }
    // Until the first board's own delivery is recorded, the answers above may have waited.
    eventually("every board counts as answered", async || {
        let left = harness
            .service
            .undelivered_notices(id)
            .await
            .expect("the outbox reads");
        if left == 0 {
            return Ok(());
        }
        answered(harness, id).await;
        Err(format!("{left} notices undelivered"))
    })
    .await;
    let view = harness.game(game).await;
    assert_eq!((view.ply, view.outcome), (1000, None));
}

/// Records `game`'s pending notices as an interaction's answer, when they may be.
async fn answered(harness: &Harness, game: GameId) {
    let pending = harness
        .service
        .claim_answer(game, None)
        .await
        .expect("claim");
    for notice in pending {
        harness
            .service
            .notice_delivered(notice.id, Delivery::Interaction, None, None)
            .await
            .expect("recorded");
    }
}

async fn database(harness: &Harness) -> sqlx::SqliteConnection {
    sqlx::SqliteConnection::connect(harness.database_url())
        .await
        .expect("a second connection")
}

/// How `game`'s result notice was delivered, and in which message.
async fn result_delivery(harness: &Harness, game: i64) -> (Option<String>, Option<i64>) {
    sqlx::query_as(
        "SELECT delivered_via, message_id FROM outbox
         WHERE stream = ? AND json_extract(notice, '$.kind') = 'ended'",
    )
    .bind(format!("game:{game}"))
    .fetch_one(&mut database(harness).await)
    .await
    .expect("one result notice")
}

/// `loser` resigns from the game's first board, confirming; the public post that follows. The
/// first board is 1,000 plies old: pressed, it shows the board as it is, whose button counts.
async fn resigns(harness: &Harness, thread: ChannelId, loser: &FakeUser) -> Recorded {
    let board = harness.board_posted_in(thread, 0).await;
    let at = harness.discord.in_channel(loser, thread);
    let current = harness
        .click(
            &at,
            harness.message_of(&board),
            &custom_id(&board, "dama:resign:"),
        )
        .await;
    assert!(
        current.content().starts_with("The game moved on"),
        "{}",
        current.content()
    );
    let resign = harness
        .click(
            &at,
            harness.original(&current),
            &custom_id(&current.callback, "dama:resign:"),
        )
        .await;
    let confirmed = harness
        .click(
            &at,
            harness.original(&resign),
            &custom_id(&resign.callback, "dama:resign-yes:"),
        )
        .await;
    assert_eq!(confirmed.content(), "You resigned.");
    harness.public_post(&confirmed).await
}

/// The picture's width and the number of frames of a GIF, every frame decoded.
fn gif_frames(gif: &[u8]) -> (u16, usize) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(Cursor::new(gif)).expect("a GIF");
    let width = decoder.width();
    let mut frames = 0;
    while decoder
        .read_next_frame()
        .expect("every frame decodes")
        .is_some()
    {
        frames += 1;
    }
    (width, frames)
}

/// Refused requests that carried `game`'s replay: the route's first segment (`webhooks` for an
/// interaction's answer, `channels` for a message) and the status.
fn refused_replays(harness: &Harness, game: i64) -> Vec<(String, u16)> {
    let name = format!("dama-game-{game}.gif");
    harness
        .discord
        .requests()
        .iter()
        .filter(|r| r.file(&name).is_some() && !r.succeeded())
        .map(|r| {
            let route = r.api_path().split('/').nth(1).unwrap_or_default();
            (route.to_owned(), r.status)
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_ply_game_ends_with_its_result_and_a_replay_under_the_upload_limit() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, game) = started_game(&harness, &alice, &bob).await;
    play_thousand_plies(&harness, game, &alice, &bob).await;

    let end = resigns(&harness, thread, &bob).await;
    let text = end.content().unwrap_or_default();
    assert!(
        text.contains("**alice (White) wins**: bob resigned. Result 1-0."),
        "{text}"
    );
    assert!(text.contains("alice 1500 → "), "{text}");
    assert!(!text.contains(LEFT_OUT), "{text}");
    let gif = &end
        .file(&format!("dama-game-{game}.gif"))
        .expect("the replay")
        .bytes;
    let total: usize = end.files.iter().map(|f| f.bytes.len()).sum();
    assert!(total <= ATTACHMENT_SIZE_LIMIT, "{total} bytes");
    let (width, frames) = gif_frames(gif);
    assert!(frames > 1, "{frames} frames");
    assert!(width >= 160, "{width} px");
    keep(&end, "thousand-plies");
    assert!(refused_replays(&harness, game).is_empty());
    harness.settled(game).await;
    assert_eq!(
        result_delivery(&harness, game).await.0.as_deref(),
        Some("interaction")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_result_whose_replay_discord_refuses_is_answered_without_it() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (carol, dave) = (discord.user("carol"), discord.user("dave"));
    let (thread, game) = started_game(&harness, &carol, &dave).await;
    play_thousand_plies(&harness, game, &carol, &dave).await;

    discord.set_upload_limit(LOWERED_LIMIT);
    let end = resigns(&harness, thread, &dave).await;
    let text = end.content().unwrap_or_default();
    assert!(
        text.contains("**carol (White) wins**: dave resigned. Result 1-0."),
        "{text}"
    );
    assert!(text.contains("dave 1500 → "), "{text}");
    assert!(text.contains(LEFT_OUT), "{text}");
    assert!(end.file("board.png").is_some());
    assert!(end.file(&format!("dama-game-{game}.gif")).is_none());
    assert_eq!(
        refused_replays(&harness, game),
        [("webhooks".to_owned(), 413)],
        "the answer with the replay was refused once"
    );
    harness.settled(game).await;
    assert_eq!(
        result_delivery(&harness, game).await.0.as_deref(),
        Some("interaction")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_delivery_worker_posts_a_result_without_the_replay_discord_refuses() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (erin, frank) = (discord.user("erin"), discord.user("frank"));
    let (thread, game) = started_game(&harness, &erin, &frank).await;
    play_thousand_plies(&harness, game, &erin, &frank).await;

    // Erin, to move, lets a day pass: the sweeper ends the game and the worker posts the result.
    discord.set_upload_limit(LOWERED_LIMIT);
    harness.clock.advance(Duration::from_secs(25 * 3600));
    let end = discord
        .wait_for_channel_message(thread, |r| {
            r.content().is_some_and(|c| c.contains("ran out of time"))
        })
        .await
        .expect("the loss on time");
    let text = end.content().unwrap_or_default();
    assert!(
        text.contains("**frank (Black) wins**: erin ran out of time. Result 0-1."),
        "{text}"
    );
    assert!(text.contains(LEFT_OUT), "{text}");
    assert!(end.file("board.png").is_some());
    assert!(end.file(&format!("dama-game-{game}.gif")).is_none());
    assert_eq!(
        refused_replays(&harness, game),
        [("channels".to_owned(), 413)]
    );
    // The worker recorded the notice as delivered in that message, so it never comes again.
    let message = harness.message_of(&end);
    let delivered = eventually(
        "the result notice is recorded",
        async || match result_delivery(&harness, game).await {
            (Some(via), Some(id)) => Ok((via, id)),
            seen => Err(seen),
        },
    )
    .await;
    assert_eq!(
        delivered,
        (
            "channel".to_owned(),
            i64::try_from(message.get()).expect("an id")
        )
    );
}
