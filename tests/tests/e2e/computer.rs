//! Games against the computer: its replies go through the same service, store and pictures.

use dama_service::model::Participant;
use serenity::all::ChannelId;

use crate::harness::{Harness, assert_shows, custom_id, dama, game_id_in, keep};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computer_at_level_one_answers_every_move() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let alice = discord.user("alice");
    let start = harness
        .slash(
            &discord.in_guild(&alice),
            &dama("play-bot")
                .option("level", 1_i64)
                .option("color", "white"),
        )
        .await;
    assert!(
        start.content().contains("Computer (level 1) (Black)"),
        "{}",
        start.content()
    );
    let thread = ChannelId::new(harness.original(&start).get());
    let first = harness.board_posted_in(thread, 0).await;
    let game = game_id_in(&custom_id(&first, "dama:resign:"));
    let view = harness.game(game).await;
    assert!(!view.rated);
    assert!(matches!(view.seats.black, Participant::Engine(level) if level.number() == 1));
    // The computer answers a draw offer itself: at the start it plays on.
    let offer = harness
        .click(
            &discord.in_channel(&alice, thread),
            harness.message_of(&first),
            &custom_id(&first, "dama:draw:"),
        )
        .await;
    assert!(offer.callback.is_ephemeral(), "{:?}", offer.callback);
    assert_eq!(
        offer.content(),
        "The computer declines the draw offer. The game goes on."
    );
    assert_eq!(harness.game(game).await.draw_offer, None);

    for ply in 0..3_u32 {
        let view = harness.game(game).await;
        let mv = view.position.legal_moves_under(view.rules)[0];
        let text = dama_rules::notation::format(&mv, dama_rules::notation::Notation::Algebraic);
        let answer = harness
            .slash(
                &discord.in_channel(&alice, thread),
                &dama("move").option("move", text.as_str()),
            )
            .await;
        assert_eq!(
            answer.callback.callback_type(),
            Some(5),
            "deferred while the engine thinks"
        );
        let post = harness.public_post(&answer).await;
        let content = post.content().unwrap_or_default();
        assert!(
            content.contains(&format!("alice played **{text}**.")),
            "{content}"
        );
        assert!(
            content.contains("Computer (level 1) played **"),
            "{content}"
        );
        assert!(
            content.contains(&format!("<@{}> to move (White)", alice.id)),
            "{content}"
        );
        let after = harness.game(game).await;
        assert_eq!(after.ply, 2 * (ply + 1), "the computer replied");
        assert_shows(&post, &after.position, false);
        keep(&post, &format!("6-computer-{ply}"));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computer_moves_first_when_it_plays_white_and_can_be_challenged_by_name() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let bob = discord.user("bob");
    // Challenging the bot itself starts a game against the computer.
    let start = harness
        .slash(
            &discord.in_guild(&bob),
            &dama("challenge")
                .option("opponent", &discord.bot_user())
                .option("color", "black"),
        )
        .await;
    let thread = ChannelId::new(harness.original(&start).get());
    let first = harness.board_posted_in(thread, 0).await;
    let content = first.content().unwrap_or_default();
    assert!(
        content.contains("Computer (level 2) played **"),
        "{content}"
    );
    assert!(
        content.contains(&format!("<@{}> to move (Black)", bob.id)),
        "{content}"
    );
    let game = game_id_in(&custom_id(&first, "dama:pick:"));
    let view = harness.game(game).await;
    assert_eq!(view.ply, 1);
    // Drawn for bob, who is to move: Black at the bottom.
    assert_shows(&first, &view.position, true);

    // A takeback against the computer is granted at once: bob's move and its reply undone.
    let mv = view.position.legal_moves_under(view.rules)[0];
    let text = dama_rules::notation::format(&mv, dama_rules::notation::Notation::Algebraic);
    let answer = harness
        .slash(
            &discord.in_channel(&bob, thread),
            &dama("move").option("move", text.as_str()),
        )
        .await;
    harness.public_post(&answer).await;
    harness.settled(game).await;
    assert_eq!(harness.game(game).await.ply, 3);
    let takeback = harness
        .slash(
            &discord.in_channel(&bob, thread),
            &dama("takeback").option("action", "request"),
        )
        .await;
    let post = harness.public_post(&takeback).await;
    assert!(
        post.content()
            .unwrap_or_default()
            .contains("bob takes back 2 moves."),
        "{:?}",
        post.content()
    );
    assert_eq!(harness.game(game).await.ply, 1);

    // Bob resigns by command: the end has the result and the replay, and no rating change.
    let resign = harness
        .slash(&discord.in_channel(&bob, thread), &dama("resign"))
        .await;
    let end = harness.public_post(&resign).await;
    let content = end.content().unwrap_or_default();
    assert!(
        content.contains("**Computer (level 2) (White) wins**: bob resigned."),
        "{content}"
    );
    assert!(!content.contains('→'), "{content}");
    assert!(end.file(&format!("dama-game-{game}.gif")).is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computer_reply_lost_in_a_restart_is_played_when_the_player_comes_back() {
    let harness = Harness::start().await;
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
    // Carl's move is stored, but the bot stops before the computer replies.
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
    assert!(harness.game(game).await.engine_to_move().is_some());

    // Carl types his next move: the computer's reply comes first, and nothing else is played.
    let answer = harness
        .slash(
            &discord.in_channel(&carl, thread),
            &dama("move").option("move", "e3-e4"),
        )
        .await;
    let post = harness.public_post(&answer).await;
    let content = post.content().unwrap_or_default();
    assert!(content.contains("carl played **d3-d4**."), "{content}");
    assert!(
        content.contains("Computer (level 1) played **"),
        "{content}"
    );
    let view = harness.game(game).await;
    assert_eq!(view.ply, 2);
    assert_eq!(view.user_to_move(), Some(carl_id));
    assert_shows(&post, &view.position, false);
}
