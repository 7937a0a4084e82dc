//! Who may see and touch a game from where; boards, menus and questions that the game has left
//! behind; deadlines that are final once passed.

use std::time::Duration;

use dama_tests::{FakeUser, Origin, SlashCommand};

use crate::harness::{Answer, Harness, assert_shows, custom_id, dama, game_id_in, select_values};
use crate::refusals::started_game;

const NOT_VISIBLE: &str = "You cannot see this game from here";
const LATE: &str = "The time for the move in this game ran out";

/// How many messages the bot has posted in channels so far (answers to interactions aside).
fn channel_posts(harness: &Harness) -> usize {
    harness
        .discord
        .requests()
        .iter()
        .filter(|r| r.method == "POST" && r.api_path().starts_with("/channels/") && r.succeeded())
        .count()
}

/// Asserts that `answer` is a private refusal starting with `words`.
fn assert_refused(answer: &Answer, words: &str) {
    assert!(answer.callback.is_ephemeral(), "{:?}", answer.callback);
    assert!(
        answer.content().starts_with(words),
        "wanted {words:?}, got {:?}",
        answer.content()
    );
    assert!(answer.callback.files.is_empty(), "nothing is shown");
}

/// A game dave plays against the computer in his DMs with the bot: its id.
async fn dm_game(harness: &Harness, dave: &FakeUser) -> i64 {
    let started = harness
        .slash(
            &harness.discord.in_dm(dave),
            &dama("play-bot")
                .option("level", 1_i64)
                .option("color", "white"),
        )
        .await;
    let board = harness.public_post(&started).await;
    let game = game_id_in(&custom_id(&board, "dama:pick:"));
    harness.settled(game).await;
    game
}

/// The commands that act on `game`.
fn acting(game: i64) -> Vec<SlashCommand> {
    vec![
        dama("move").option("game", game).option("move", "d3-d4"),
        dama("resign").option("game", game),
        dama("draw").option("game", game).option("action", "offer"),
        dama("takeback")
            .option("game", game)
            .option("action", "request"),
    ]
}

/// The commands that act on `game`, and those that look at it.
fn acting_and_looking(game: i64) -> Vec<SlashCommand> {
    let mut commands = acting(game);
    commands.push(dama("board").option("game", game));
    commands.push(dama("export").option("game", game));
    commands
}

/// Each of `commands` from `origin` is refused with `words`; nothing is posted or changed.
async fn refused_all(
    harness: &Harness,
    origin: &Origin,
    game: i64,
    commands: Vec<SlashCommand>,
    words: &str,
) {
    let before = harness.game(game).await;
    let posts = channel_posts(harness);
    for command in commands {
        let answer = harness.slash(origin, &command).await;
        assert_refused(&answer, words);
    }
    let after = harness.game(game).await;
    assert_eq!(
        (after.ply, after.version, after.outcome, after.draw_offer),
        (
            before.ply,
            before.version,
            before.outcome,
            before.draw_offer
        ),
        "the game is as it was"
    );
    assert_eq!(channel_posts(harness), posts, "nothing was posted");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn strangers_cannot_see_or_touch_another_servers_game_or_a_dm_game() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let [alice, bob, carol, dave] = ["alice", "bob", "carol", "dave"].map(|n| discord.user(n));
    let (_, game) = started_game(&harness, &alice, &bob).await;
    let private = dm_game(&harness, &dave).await;
    let (_, other_server) = discord.add_guild();
    let far = discord.in_channel(&carol, other_server);

    // From another server, neither game; from carol's DMs neither; from the first server, not
    // dave's DM game.
    for target in [game, private] {
        refused_all(
            &harness,
            &far,
            target,
            acting_and_looking(target),
            NOT_VISIBLE,
        )
        .await;
        let dm = discord.in_dm(&carol);
        refused_all(
            &harness,
            &dm,
            target,
            acting_and_looking(target),
            NOT_VISIBLE,
        )
        .await;
    }
    let home = discord.in_guild(&carol);
    refused_all(
        &harness,
        &home,
        private,
        acting_and_looking(private),
        NOT_VISIBLE,
    )
    .await;

    // A member of the game's server may look, but not act.
    let look = harness
        .slash(
            &discord.in_guild(&carol),
            &dama("board").option("game", game),
        )
        .await;
    assert!(look.callback.is_ephemeral());
    assert!(
        look.callback.file("board.png").is_some(),
        "{}",
        look.content()
    );
    refused_all(
        &harness,
        &home,
        game,
        acting(game),
        "You are not playing in this game",
    )
    .await;

    // Custom ids are only text: one naming a game elsewhere, sent from a message on carol's
    // server, reaches nothing.
    let open = harness.slash(&far, &dama("open")).await;
    let message = harness.original(&open);
    let ply = harness.game(game).await.ply;
    let theirs = harness
        .slash(&discord.in_guild(&alice), &dama("open"))
        .await;
    let join = custom_id(&theirs.callback, "dama:accept:");
    for forged in [
        join,
        format!("dama:flip:{game}:1:{ply}"),
        format!("dama:resign:{game}:{ply}"),
        format!("dama:draw:{game}:{ply}"),
        format!("dama:flip:{private}:0:0"),
    ] {
        let posts = channel_posts(&harness);
        let id = discord
            .dispatch_forged_button(&far, message, &forged)
            .expect("the message exists");
        let answer = harness.answer(id).await;
        assert_refused(&answer, NOT_VISIBLE);
        assert_eq!(
            channel_posts(&harness),
            posts,
            "{forged}: nothing was posted"
        );
    }
    assert_eq!(harness.game(game).await.ply, ply);
    let challenge = game_id_in(&custom_id(&theirs.callback, "dama:accept:"));
    let still = harness
        .service
        .challenge(dama_service::ids::ChallengeId(challenge))
        .await
        .expect("the challenge exists");
    assert_eq!(still.status, dama_service::model::ChallengeStatus::Open);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_picked_from_an_old_menu_changes_nothing_and_shows_the_board_as_it_is() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, game) = started_game(&harness, &alice, &bob).await;
    let at = |user| discord.in_channel(user, thread);
    let first = harness.board_posted_in(thread, 0).await;
    let first_message = harness.message_of(&first);

    // Alice opens the picker on the first board and keeps the menu of one piece's moves.
    let pick = custom_id(&first, "dama:pick:");
    let square = select_values(&first, &pick)[0].clone();
    let picked = harness
        .select(&at(&alice), first_message, &pick, &square)
        .await;
    let play = custom_id(&picked.callback, "dama:play:");
    let old_move = select_values(&picked.callback, &play)[0].clone();
    let menu = harness.original(&picked);

    // Then the game goes on by command: alice, then bob.
    for (user, text) in [(&alice, "d3-d4"), (&bob, "e6-e5")] {
        let moved = harness
            .slash(&at(user), &dama("move").option("move", text))
            .await;
        assert!(!moved.callback.is_ephemeral(), "{}", moved.content());
        harness.public_post(&moved).await;
        harness.settled(game).await;
    }
    let now = harness.game(game).await;
    assert_eq!(now.ply, 2);

    // The old menu, and the first board's picker, change nothing and show the board now.
    let stale = [
        harness.select(&at(&alice), menu, &play, &old_move).await,
        harness
            .select(&at(&alice), first_message, &pick, &square)
            .await,
    ];
    // The menu was private: it is replaced; the board was public: a private answer.
    assert_eq!(stale[0].callback.callback_type(), Some(7));
    assert!(stale[1].callback.is_ephemeral(), "{:?}", stale[1].callback);
    for answer in &stale {
        assert!(
            answer
                .content()
                .starts_with("The game moved on since that board was drawn"),
            "{}",
            answer.content()
        );
        assert_shows(&answer.callback, &now.position, false);
    }
    let after = harness.game(game).await;
    assert_eq!((after.ply, after.version), (now.ply, now.version));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_old_question_does_not_answer_a_newer_request() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, game) = started_game(&harness, &alice, &bob).await;
    let at = |user| discord.in_channel(user, thread);

    let offer = || async {
        let asked = harness
            .slash(&at(&alice), &dama("draw").option("action", "offer"))
            .await;
        let question = harness.public_post(&asked).await;
        harness.settled(game).await;
        let accept = custom_id(&question, "dama:draw-yes:");
        (harness.original(&asked), accept)
    };
    let (first_question, first_accept) = offer().await;
    let declined = harness
        .slash(&at(&bob), &dama("draw").option("action", "decline"))
        .await;
    assert!(!declined.callback.is_ephemeral(), "{}", declined.content());
    harness.settled(game).await;
    let (_, second_accept) = offer().await;
    assert_ne!(
        first_accept, second_accept,
        "each question names its request"
    );

    // Bob presses Accept on the first question: the second offer stands, the game goes on.
    let old = harness
        .click(&at(&bob), first_question, &first_accept)
        .await;
    assert!(old.callback.is_ephemeral(), "{:?}", old.callback);
    assert!(
        old.content()
            .starts_with("The game moved on since that board was drawn"),
        "{}",
        old.content()
    );
    let view = harness.game(game).await;
    assert_eq!(view.outcome, None);
    assert!(view.draw_offer.is_some(), "the newer offer still stands");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_the_deadline_vacation_draw_and_takeback_are_refused_and_the_loss_is_recorded() {
    // The sweeper waits: the test sweeps once the refusals are checked.
    let harness = Harness::start_sweeping_every(Duration::from_secs(3600)).await;
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, game) = started_game(&harness, &alice, &bob).await;
    let at = |user| discord.in_channel(user, thread);
    let moved = harness
        .slash(&at(&alice), &dama("move").option("move", "d3-d4"))
        .await;
    harness.public_post(&moved).await;
    harness.settled(game).await;

    // Bob's day runs out before the sweeper comes round.
    harness.clock.advance(Duration::from_secs(24 * 3600 + 60));
    let before = harness.game(game).await;
    let posts = channel_posts(&harness);
    let tries: [(&FakeUser, _, &str); 5] = [
        (
            &bob,
            dama("vacation").option("days", 3_i64),
            "Your time ran out in game",
        ),
        (&bob, dama("draw").option("action", "offer"), LATE),
        (&alice, dama("draw").option("action", "offer"), LATE),
        (&bob, dama("takeback").option("action", "request"), LATE),
        (&alice, dama("takeback").option("action", "request"), LATE),
    ];
    for (user, command, words) in tries {
        let answer = harness.slash(&at(user), &command).await;
        assert_refused(&answer, words);
    }
    let after = harness.game(game).await;
    assert_eq!(
        (
            after.version,
            after.outcome,
            after.draw_offer,
            after.takeback_request
        ),
        (before.version, None, None, None)
    );
    assert_eq!(channel_posts(&harness), posts, "nothing was posted");

    // The sweeper records the loss, and the bot posts it.
    harness.service.sweep().await.expect("the sweep runs");
    let end = discord
        .wait_for_channel_message(thread, |r| {
            r.content().is_some_and(|c| c.contains("ran out of time"))
        })
        .await
        .expect("the loss on time");
    assert!(
        end.content()
            .unwrap_or_default()
            .contains("**alice (White) wins**: bob ran out of time."),
        "{:?}",
        end.content()
    );
    assert!(harness.game(game).await.is_over());
}
