//! Nothing a player was promised is lost: boards that Discord refused during an outage, a
//! move whose answer came too late, a post that failed before a restart, and a computer's turn
//! cut off by a restart all reach the game's thread, in order, once.

use std::time::Duration;

use dama_tests::{FakeUser, eventually};
use serde_json::Value;
use serenity::all::ChannelId;
use sqlx::Connection;

use crate::harness::{Harness, custom_id, dama, game_id_in};
use crate::refusals::started_game;

/// Past every backoff of the delivery worker (at most five minutes).
const PAST_BACKOFF: Duration = Duration::from_secs(600);

/// The successful board posts in `thread`, in order, with their text.
pub(crate) fn boards_in(harness: &Harness, thread: ChannelId) -> Vec<String> {
    let path = format!("/channels/{thread}/messages");
    harness
        .discord
        .requests()
        .iter()
        .filter(|r| {
            r.succeeded()
                && r.method == "POST"
                && r.api_path() == path
                && r.file("board.png").is_some()
        })
        .map(|r| r.content().unwrap_or_default().to_owned())
        .collect()
}

/// `user` plays `text` in `game` from the server's main channel (away from the game's thread),
/// so the board goes to the thread as a channel message.
pub(crate) async fn move_from_elsewhere(harness: &Harness, user: &FakeUser, game: i64, text: &str) {
    let answer = harness
        .slash(
            &harness.discord.in_guild(user),
            &dama("move").option("move", text).option("game", game),
        )
        .await;
    assert!(answer.callback.is_ephemeral());
    assert!(
        answer.content().starts_with("Done. The game goes on in"),
        "{}",
        answer.content()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn boards_refused_during_an_outage_appear_afterwards_in_order_once() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, game) = started_game(&harness, &alice, &bob).await;
    discord.fail_until_cleared(500, &format!("/channels/{thread}/messages"));
    let moves = [
        (&alice, "d3-d4"),
        (&bob, "e6-e5"),
        (&alice, "h3-h4"),
        (&bob, "a6-a5"),
    ];
    for (user, text) in moves {
        move_from_elsewhere(&harness, user, game, text).await;
    }
    assert_eq!(harness.game(game).await.ply, 4, "every move was played");
    assert_eq!(
        boards_in(&harness, thread).len(),
        1,
        "only the first board got through"
    );

    discord.clear_faults();
    harness.clock.advance(PAST_BACKOFF);
    harness.board_posted_in(thread, 4).await;
    let boards = boards_in(&harness, thread);
    assert_eq!(boards.len(), 5, "{boards:#?}");
    for (board, (user, text)) in boards[1..].iter().zip(moves) {
        assert!(
            board.contains(&format!("{} played **{text}**.", user.name)),
            "{board}"
        );
    }
    // Every post carried its notice's nonce, enforced, so a retry could not post twice.
    let posts: Vec<_> = discord
        .requests()
        .into_iter()
        .filter(|r| r.method == "POST" && r.api_path() == format!("/channels/{thread}/messages"))
        .collect();
    assert!(
        posts
            .iter()
            .all(|r| r.nonce().is_some() && r.enforces_nonce())
    );
    assert!(posts.iter().any(|r| r.status == 500));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_whose_answer_misses_discords_window_is_still_posted_with_its_ping() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, game) = started_game(&harness, &alice, &bob).await;
    let window = Duration::from_millis(400);
    discord.set_interaction_deadline(window);

    // Another connection holds SQLite's writer: the move waits for it, past the window.
    let mut blocker = sqlx::SqliteConnection::connect(harness.database_url())
        .await
        .expect("a second connection");
    sqlx::query("BEGIN IMMEDIATE")
        .execute(&mut blocker)
        .await
        .expect("the writer lock");
    let id = discord.dispatch_slash_command(
        &discord.in_channel(&alice, thread),
        &dama("move").option("move", "d3-d4"),
    );
    eventually("the move's answer window to pass", async || {
        match discord.interaction_age(id) {
            Some(age) if age > window => Ok(()),
            seen => Err(seen),
        }
    })
    .await;
    sqlx::query("ROLLBACK")
        .execute(&mut blocker)
        .await
        .expect("the lock given back");

    let late = discord
        .wait_for_request("the late answer", |r| {
            r.path_starts_with(&format!("/interactions/{id}/"))
        })
        .await
        .expect("the bot answered");
    assert_eq!(
        late.status, 404,
        "Discord refuses an answer after its window"
    );
    let board = harness.board_posted_in(thread, 1).await;
    let text = board.content().unwrap_or_default();
    assert!(text.contains("alice played **d3-d4**."), "{text}");
    assert!(text.contains(&format!("<@{}> to move", bob.id)), "{text}");
    assert_eq!(
        board.message()["allowed_mentions"]["users"],
        Value::from(vec![bob.id.to_string()]),
        "bob is pinged"
    );
    assert_eq!(harness.game(game).await.ply, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_refused_before_a_restart_is_posted_once_after_it() {
    let mut harness = Harness::start().await;
    let (alice, bob) = (harness.discord.user("alice"), harness.discord.user("bob"));
    let (thread, game) = started_game(&harness, &alice, &bob).await;
    harness
        .discord
        .fail_until_cleared(503, &format!("/channels/{thread}/messages"));
    move_from_elsewhere(&harness, &alice, game, "d3-d4").await;
    harness.stop_bot().await;
    harness.discord.clear_faults();
    harness.start_bot().await;
    harness.clock.advance(PAST_BACKOFF);
    let board = harness.board_posted_in(thread, 1).await;
    assert!(
        board
            .content()
            .unwrap_or_default()
            .contains("alice played **d3-d4**.")
    );
    // Past another backoff, with the notice recorded as delivered and the bot stopped, no post
    // of it is left to come: what the stand-in holds is all there is.
    harness.clock.advance(PAST_BACKOFF);
    harness.settled(game).await;
    harness.stop_bot().await;
    assert_eq!(boards_in(&harness, thread).len(), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computer_plays_a_turn_cut_off_by_a_restart_without_anyone_coming_back() {
    let mut harness = Harness::start().await;
    let discord = &harness.discord;
    let carl = discord.user("carl");
    let start = harness
        .slash(
            &discord.in_guild(&carl),
            &dama("play-bot")
                .option("level", 1_i64)
                .option("color", "white"),
        )
        .await;
    let thread = ChannelId::new(harness.original(&start).get());
    let first = harness.board_posted_in(thread, 0).await;
    let game = game_id_in(&custom_id(&first, "dama:resign:"));
    harness.stop_bot().await;
    // Carl's move was stored just before the bot stopped; the computer had not replied.
    let carl_id = dama_service::ids::UserId(carl.id.get());
    harness
        .service
        .play_move(
            dama_service::ids::GameId(game),
            dama_service::model::Actor::Player(carl_id),
            &"d3-d4".parse().expect("a move"),
        )
        .await
        .expect("legal");
    harness.start_bot().await;
    harness.clock.advance(Duration::from_secs(5));
    let board = harness.board_posted_in(thread, 2).await;
    let view = harness.game(game).await;
    assert_eq!(view.ply, 2, "the computer replied");
    assert_eq!(view.user_to_move(), Some(carl_id));
    let text = board.content().unwrap_or_default();
    assert!(text.contains("Computer (level 1) played **"), "{text}");
    assert!(
        text.contains(&format!("<@{}> to move (White)", carl.id)),
        "{text}"
    );
}
