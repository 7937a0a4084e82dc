//! Live games in Discord: a challenge on a clock, the clocks on the board post, and the flag
//! falling in the game's thread.

use std::time::Duration;

use dama_service::ids::{GameId, UserId};
use dama_service::model::Actor;
use dama_service::service::{HowPlayed, Origin, Pressed};
use dama_tests::{FakeUser, global_rate, most_channel_writes};
use serde_json::Value;
use serenity::all::ChannelId;

use crate::harness::{Harness, dama};
use crate::refusals::started_game_with;

/// A game of alice's (White) against bob on `clock`, challenged and accepted in Discord: its
/// thread and its number.
pub async fn live_game(
    harness: &Harness,
    alice: &FakeUser,
    bob: &FakeUser,
    clock: &str,
) -> (ChannelId, i64) {
    let challenge = dama("challenge")
        .option("opponent", bob)
        .option("color", "white")
        .option("clock", clock);
    started_game_with(harness, alice, bob, &challenge).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bullet_game_is_lost_on_time_and_the_thread_is_told() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));

    // The clock option suggests the presets, with their speed, and a clock of one's own.
    let harness = &harness;
    let suggest = |typed: &str| {
        let id = discord.dispatch_autocomplete(
            &discord.in_guild(&alice),
            &dama("challenge").focused("clock", typed),
        );
        async move { harness.answer(id).await.callback.choices() }
    };
    let bullet = suggest("1").await;
    assert_eq!(bullet[0], ("1+0 (bullet)".to_owned(), Value::from("1+0")));
    let own = suggest("7+2").await;
    assert_eq!(own, [("7+2 (rapid)".to_owned(), Value::from("7+2"))]);

    // A clock that is none is refused with the reason, and nothing is challenged.
    let refused = harness
        .slash(
            &discord.in_guild(&alice),
            &dama("challenge")
                .option("opponent", &bob)
                .option("clock", "45+0"),
        )
        .await;
    let said = refused.content().to_owned();
    assert!(said.contains("`45+0` is out of range"), "{said}");

    let (thread, game) = live_game(harness, &alice, &bob, "1+0").await;
    let invitation = discord
        .requests()
        .into_iter()
        .filter_map(|r| r.content().map(str::to_owned))
        .find(|c| c.contains("challenges"))
        .unwrap_or_default();
    assert!(invitation.contains("1+0 (bullet)"), "{invitation}");
    assert!(
        invitation.contains("web page or in the Activity"),
        "{invitation}"
    );

    // Both first moves are free; the board posts show both clocks, the running one in bold.
    let first = harness.moved(&alice, thread, "c3-c4").await;
    let text = first.content().unwrap_or_default();
    assert!(text.contains("⏱ White 1:00 · Black **1:00**"), "{text}");
    harness.moved(&bob, thread, "f6-f5").await;
    let view = harness.game(game).await;
    assert!(view.live.is_some());
    assert_eq!(view.ply, 2);

    // Alice lets her minute run out: she loses on time, and the thread is told.
    harness.clock.advance(Duration::from_secs(61));
    let end = discord
        .wait_for_channel_message(thread, |r| {
            r.content().is_some_and(|c| c.contains("ran out of time"))
        })
        .await
        .expect("the loss on time");
    let text = end.content().unwrap_or_default();
    assert!(
        text.contains("**bob (Black) wins**: alice ran out of time."),
        "{text}"
    );
    assert!(harness.game(game).await.is_over());

    // A move after the flag is refused with the reason, and the game stays as it ended.
    let late = harness
        .slash(
            &discord.in_channel(&alice, thread),
            &dama("move").option("move", "d3-d4"),
        )
        .await;
    let said = late.content();
    assert!(!said.is_empty());
    assert_eq!(harness.game(game).await.ply, 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fast_game_keeps_within_discords_five_messages_in_five_seconds_per_channel() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, game) = live_game(&harness, &alice, &bob, "3+2").await;
    let id = GameId(game);
    // Both play as fast as the page lets them: a move every few milliseconds.
    let moves = [
        "c3-c4", "f6-f5", "d3-d4", "e6-e5", "b3-b4", "g6-g5", "h3-h4", "a6-a5", "c2-c3", "f7-f6",
        "d2-d3", "e7-e6",
    ];
    for (ply, text) in moves.iter().enumerate() {
        let player = if ply % 2 == 0 { &alice } else { &bob };
        let pressed = Pressed {
            origin: Origin::Member,
            at: u32::try_from(ply).expect("a ply"),
        };
        harness
            .service
            .play(
                id,
                Actor::Player(UserId(player.id.get())),
                &text.parse().expect("a move"),
                HowPlayed {
                    pressed: Some(pressed),
                    ..HowPlayed::default()
                },
            )
            .await
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // The thread's live board ends up showing the position after the last move, written in
    // one post edited in place rather than a post a move.
    let messages = format!("/channels/{thread}/messages");
    let last = discord
        .wait_for_request("the last move's board", |r| {
            r.succeeded()
                && r.api_path().starts_with(&messages)
                && r.content().is_some_and(|c| c.contains("**e7-e6**"))
        })
        .await
        .expect("the last move's board");
    assert!(last.file("board.png").is_some(), "{last}: {:?}", last.body);
    let boards = discord
        .requests()
        .iter()
        .filter(|r| r.api_path().starts_with(&messages) && r.file("board.png").is_some())
        .count();
    assert!(
        boards < moves.len(),
        "{boards} boards for {} moves",
        moves.len()
    );
    harness.settled(game).await;
    let most = most_channel_writes(&discord.requests(), Duration::from_secs(5));
    assert!(
        most <= 5,
        "{most} messages created or edited in 5 s in one channel"
    );
    // And the bot keeps within Discord's 50 requests a second in all.
    let global = global_rate(&discord.requests());
    assert!(global.peak > 0);
    assert!(global.peak <= 50, "{global:?}");
    assert_eq!(global.seconds_over, 0, "{global:?}");
}

/// A player who plays from Discord alone claims the game their opponent left with
/// `/dama claim`: refused (to them alone, in their language, with the wait) while the opponent
/// has not been gone blitz's 30 s by the server's clock, then the win, told in the thread.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_whose_opponent_left_claims_the_win_from_discord() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, game) = live_game(&harness, &alice, &bob, "3+2").await;
    let here = discord.in_channel(&alice, thread);

    // Before both first moves nothing can be claimed: an empty seat aborts the game then.
    harness.moved(&alice, thread, "d3-d4").await;
    let early = harness
        .slash(&here, &dama("claim").option("action", "win"))
        .await;
    assert!(early.callback.is_ephemeral());
    assert!(
        early.content().contains("once both sides have moved"),
        "{}",
        early.content()
    );

    // Bob moves, then is seen no more: he has not been gone long enough yet.
    harness.moved(&bob, thread, "e6-e5").await;
    harness.moved(&alice, thread, "c3-c4").await;
    harness.clock.advance(Duration::from_secs(10));
    let refused = harness
        .slash(
            &here.clone().locale("tr"),
            &dama("claim").option("action", "win"),
        )
        .await;
    assert!(refused.callback.is_ephemeral());
    assert!(
        refused
            .content()
            .contains("Rakibin hâlâ burada. Uzak kalırsa 20 saniye sonra"),
        "{}",
        refused.content()
    );
    let refused = harness
        .slash(&here, &dama("claim").option("action", "draw"))
        .await;
    assert!(
        refused.content().contains("you can claim in 20 seconds"),
        "{}",
        refused.content()
    );
    assert!(!harness.game(game).await.is_over());

    // Thirty-one seconds after his move bob has left.
    harness.clock.advance(Duration::from_secs(21));
    // Alice's claim ends the game.
    let claimed = harness
        .slash(&here, &dama("claim").option("action", "win"))
        .await;
    assert!(!claimed.callback.is_ephemeral());
    let end = harness.public_post(&claimed).await;
    let text = end.content().unwrap_or_default();
    assert!(
        text.contains("**alice (White) wins**: bob left the game."),
        "{text}"
    );
    let view = harness.game(game).await;
    assert_eq!(
        view.outcome,
        Some(dama_rules::Outcome::Win {
            winner: dama_rules::Color::White,
            reason: dama_rules::WinReason::Abandoned,
        })
    );
    harness.settled(game).await;
    assert_eq!(discord.spec_problems(), Vec::<String>::new());
}
