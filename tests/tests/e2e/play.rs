//! Two people play a whole game through the bot: challenge, thread, moves by command and by
//! the picker, a draw offer, the flipped board, resignation with its replay and ratings.

use dama_rules::notation;
use dama_tests::{FakeUser, Origin, Recorded};
use serenity::all::{ChannelId, MessageId};

use crate::harness::{
    Harness, assert_shows, custom_id, dama, expected, game_id_in, keep, message_json, read_board,
    select_values,
};
use crate::refusals::started_game;

/// The side a posted board has at the bottom, read from its picture: the one orientation in
/// which every square shows what `position` holds.
fn side_at_bottom(recorded: &Recorded, position: &dama_rules::Position) -> dama_rules::Color {
    let png = &recorded.file("board.png").expect("a board.png").bytes;
    let wanted = expected(position);
    let reads_as = |flip| read_board(png, flip) == wanted;
    match (reads_as(false), reads_as(true)) {
        (true, false) => dama_rules::Color::White,
        (false, true) => dama_rules::Color::Black,
        readings => {
            panic!("the board of {position} reads {readings:?} (White, Black at the bottom)")
        }
    }
}

/// Resolves `text` in the game's current position, as the bot would.
async fn position_after(harness: &Harness, game: i64) -> dama_rules::Position {
    harness.game(game).await.position
}

/// The people of the first scenario, and the game's thread once it has one.
struct Table<'a> {
    harness: &'a Harness,
    alice: FakeUser,
    bob: FakeUser,
    carol: FakeUser,
}

impl Table<'_> {
    fn in_thread(&self, user: &FakeUser, thread: ChannelId) -> Origin {
        self.harness.discord.in_channel(user, thread)
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_play_from_challenge_to_resignation() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let table = Table {
        harness: &harness,
        alice: discord.user("alice"),
        bob: discord.user("bob"),
        carol: discord.user("carol"),
    };
    let (challenge_message, accept) = alice_challenges_bob(&table).await;
    only_bob_may_accept(&table, challenge_message, &accept).await;
    let (game, thread) = bob_accepts_and_a_thread_opens(&table, challenge_message, &accept).await;
    let board = the_first_moves_by_command_and_picker(&table, game, thread).await;
    let after_two = position_after(&harness, game).await;
    a_draw_offer_is_declined_and_bob_flips_the_board(&table, thread, &board, &after_two).await;
    bob_resigns_with_confirmation(&table, thread, &board, &after_two).await;
    the_finished_game_refuses_moves_and_exports(&table, thread).await;
    assert!(
        discord.unknown_routes().is_empty(),
        "{:?}",
        discord.unknown_routes()
    );
}

/// The challenge: public, pings bob, with Accept / Decline / Withdraw.
async fn alice_challenges_bob(table: &Table<'_>) -> (MessageId, String) {
    let (harness, bob) = (table.harness, &table.bob);
    let challenge = harness
        .slash(
            &harness.discord.in_guild(&table.alice),
            &dama("challenge")
                .option("opponent", bob)
                .option("color", "white"),
        )
        .await;
    assert_eq!(challenge.callback.callback_type(), Some(4));
    assert!(!challenge.callback.is_ephemeral());
    assert!(
        challenge.content().starts_with(&format!("<@{}>", bob.id)),
        "{}",
        challenge.content()
    );
    assert_eq!(
        challenge.callback.message()["allowed_mentions"]["users"],
        serde_json::json!([bob.id.to_string()]),
        "only bob is pinged"
    );
    assert_eq!(challenge.callback.custom_ids().len(), 3);
    let accept = custom_id(&challenge.callback, "dama:accept:");
    (harness.original(&challenge), accept)
}

/// Neither a stranger nor the challenger can accept.
async fn only_bob_may_accept(table: &Table<'_>, challenge_message: MessageId, accept: &str) {
    let (harness, discord) = (table.harness, &table.harness.discord);
    let intruder = harness
        .click(&discord.in_guild(&table.carol), challenge_message, accept)
        .await;
    assert!(intruder.callback.is_ephemeral());
    assert_eq!(
        intruder.content(),
        format!("This challenge is for <@{}>.", table.bob.id)
    );
    let own = harness
        .click(&discord.in_guild(&table.alice), challenge_message, accept)
        .await;
    assert!(own.callback.is_ephemeral());
    assert!(
        own.content().contains("your own challenge"),
        "{}",
        own.content()
    );
}

/// Bob accepts: the challenge message becomes the start notice, a thread opens from it and the
/// first board there pings alice (White, to move).
async fn bob_accepts_and_a_thread_opens(
    table: &Table<'_>,
    challenge_message: MessageId,
    accept: &str,
) -> (i64, ChannelId) {
    let (harness, discord) = (table.harness, &table.harness.discord);
    let accepted = harness
        .click(&discord.in_guild(&table.bob), challenge_message, accept)
        .await;
    assert_eq!(accepted.callback.callback_type(), Some(7));
    assert!(
        accepted.content().contains("has started"),
        "{}",
        accepted.content()
    );
    let thread = ChannelId::new(challenge_message.get());
    let first = harness.board_posted_in(thread, 0).await;
    let thread_json = discord
        .channel(thread)
        .expect("a thread from the challenge message");
    assert_eq!(thread_json["name"], "alice vs bob (#1)");
    assert!(
        message_json(harness, challenge_message)["components"]
            .as_array()
            .is_none_or(Vec::is_empty)
    );
    let game = game_id_in(&custom_id(&first, "dama:pick:"));
    assert!(
        first
            .content()
            .unwrap_or_default()
            .contains(&format!("<@{}> to move (White)", table.alice.id))
    );
    assert_shows(&first, &dama_rules::Position::start(), false);
    keep(&first, "1-start");
    assert_eq!(
        harness.game(game).await.thread.map(|t| t.0),
        Some(thread.get())
    );
    (game, thread)
}

/// Alice moves with the command in the thread; bob answers with the picker (piece on e6, then
/// e6-e5). Returns the board posted after bob's move.
async fn the_first_moves_by_command_and_picker(
    table: &Table<'_>,
    game: i64,
    thread: ChannelId,
) -> Recorded {
    let harness = table.harness;
    let moved = harness
        .slash(
            &table.in_thread(&table.alice, thread),
            &dama("move").option("move", "d3-d4"),
        )
        .await;
    assert_eq!(moved.callback.callback_type(), Some(4));
    assert!(!moved.callback.is_ephemeral());
    let text = moved.content();
    assert!(text.contains("alice played **d3-d4**."), "{text}");
    assert!(
        text.contains(&format!("<@{}> to move (Black)", table.bob.id)),
        "{text}"
    );
    assert!(text.contains("time runs out <t:"), "{text}");
    // Drawn for bob, who is to move: Black at the bottom.
    assert_shows(&moved.callback, &position_after(harness, game).await, true);
    keep(&moved.callback, "2-after-d3-d4");

    let bob = table.in_thread(&table.bob, thread);
    let pick = custom_id(&moved.callback, "dama:pick:");
    let e6 = "e6".parse::<dama_rules::Square>().expect("square");
    let picked = harness
        .select(
            &bob,
            harness.original(&moved),
            &pick,
            &e6.index().to_string(),
        )
        .await;
    assert!(picked.callback.is_ephemeral());
    let play = custom_id(&picked.callback, "dama:play:");
    assert_eq!(select_values(&picked.callback, &play), ["e6-e5"]);
    let played = harness
        .select(&bob, harness.original(&picked), &play, "e6-e5")
        .await;
    assert_eq!(played.callback.callback_type(), Some(7));
    assert_eq!(played.content(), "You played **e6-e5**.");
    let board = harness.public_post(&played).await;
    assert!(!board.is_ephemeral());
    assert!(
        board
            .content()
            .unwrap_or_default()
            .contains("bob played **e6-e5**.")
    );
    let after_two = position_after(harness, game).await;
    assert_eq!(
        after_two.to_string(),
        "8/bbbbbbbb/bbbb1bbb/4b3/3w4/www1wwww/wwwwwwww/8 w"
    );
    assert_shows(&board, &after_two, false);
    board
}

/// A draw offer by button, declined by bob; then bob sees the board from Black's side,
/// privately.
async fn a_draw_offer_is_declined_and_bob_flips_the_board(
    table: &Table<'_>,
    thread: ChannelId,
    board: &Recorded,
    position: &dama_rules::Position,
) {
    let harness = table.harness;
    let (alice, bob) = (
        table.in_thread(&table.alice, thread),
        table.in_thread(&table.bob, thread),
    );
    let latest = harness.message_of(board);
    let offer = harness
        .click(&alice, latest, &custom_id(board, "dama:draw:"))
        .await;
    assert!(
        offer.content().contains("alice offers a draw"),
        "{}",
        offer.content()
    );
    let declined = harness
        .click(
            &bob,
            harness.original(&offer),
            &custom_id(&offer.callback, "dama:draw-no:"),
        )
        .await;
    assert!(
        declined.content().contains("bob declines the draw offer"),
        "{}",
        declined.content()
    );
    let flip = harness
        .click(&bob, latest, &custom_id(board, "dama:flip:"))
        .await;
    assert!(flip.callback.is_ephemeral());
    assert_shows(&flip.callback, position, true);
    keep(&flip.callback, "3-flipped");
}

/// Bob resigns from the board, confirming privately; the end is public with the replay and the
/// rating changes.
async fn bob_resigns_with_confirmation(
    table: &Table<'_>,
    thread: ChannelId,
    board: &Recorded,
    position: &dama_rules::Position,
) {
    let harness = table.harness;
    let bob = table.in_thread(&table.bob, thread);
    let resign = harness
        .click(
            &bob,
            harness.message_of(board),
            &custom_id(board, "dama:resign:"),
        )
        .await;
    assert!(resign.callback.is_ephemeral());
    let confirmed = harness
        .click(
            &bob,
            harness.original(&resign),
            &custom_id(&resign.callback, "dama:resign-yes:"),
        )
        .await;
    assert_eq!(confirmed.content(), "You resigned.");
    let end = harness.public_post(&confirmed).await;
    let text = end.content().unwrap_or_default();
    assert!(text.contains("bob resigns."), "{text}");
    assert!(
        text.contains("**alice (White) wins**: bob resigned. Result 1-0."),
        "{text}"
    );
    assert!(text.contains("alice 1500 → "), "{text}");
    assert!(text.contains("bob 1500 → "), "{text}");
    assert_eq!(
        end.custom_ids(),
        ["dama:rematch:1", "dama:review:1"],
        "no game buttons on a finished game, only Rematch and Review"
    );
    let gif = end.file("dama-game-1.gif").expect("the replay");
    let frames = replay_frames(&gif.bytes);
    assert_eq!(frames, 3, "the start and one frame per move");
    assert_shows(&end, position, false);
    keep(&end, "4-resigned");
}

/// After the end: a move is refused, the export reads back, the stats count the game.
async fn the_finished_game_refuses_moves_and_exports(table: &Table<'_>, thread: ChannelId) {
    let harness = table.harness;
    let alice = table.in_thread(&table.alice, thread);
    let late = harness
        .slash(&alice, &dama("move").option("move", "e3-e4"))
        .await;
    assert!(late.callback.is_ephemeral());
    assert_eq!(late.content(), "This game is over.");
    let export = harness.slash(&alice, &dama("export")).await;
    let pdn = export
        .callback
        .file("dama-game-1.pdn")
        .expect("the PDN file");
    let pdn = String::from_utf8(pdn.bytes.clone()).expect("text");
    assert!(
        pdn.contains("[White \"alice\"]") && pdn.contains("1-0"),
        "{pdn}"
    );
    let parsed = dama_rules::pdn::read(&pdn).expect("the export reads back");
    assert_eq!(parsed.game.moves().len(), 2);
    let stats = harness
        .slash(&harness.discord.in_guild(&table.alice), &dama("stats"))
        .await;
    assert!(
        stats.content().contains("1 game: 1 won, 0 drawn, 0 lost"),
        "{}",
        stats.content()
    );
}

/// The number of frames of a GIF.
pub fn replay_frames(gif: &[u8]) -> usize {
    use image::AnimationDecoder;
    let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(gif)).expect("a GIF");
    decoder
        .into_frames()
        .collect_frames()
        .expect("the frames decode")
        .len()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_is_played_to_the_end_the_rules_give() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (ann, ben) = (discord.user("ann"), discord.user("ben"));
    let challenge = harness
        .slash(
            &discord.in_guild(&ann),
            &dama("challenge")
                .option("opponent", &ben)
                .option("color", "white")
                .option("rated", false),
        )
        .await;
    let message = harness.original(&challenge);
    harness
        .click(
            &discord.in_guild(&ben),
            message,
            &custom_id(&challenge.callback, "dama:accept:"),
        )
        .await;
    let thread = ChannelId::new(message.get());
    let first = harness.board_posted_in(thread, 0).await;
    let game = game_id_in(&custom_id(&first, "dama:pick:"));

    // Each side plays a legal move picked by a fixed rule (captures are compulsory, so the
    // pieces soon come off), through the command, until the rules end the game: 39 plies.
    let players = [&ann, &ben];
    let mut last: Option<Recorded> = None;
    for ply in 0..400 {
        let view = harness.game(game).await;
        if view.is_over() {
            break;
        }
        let moves = view.position.legal_moves_under(view.rules);
        let pick = moves[(ply * 5) % moves.len()];
        let text = notation::format(&pick, notation::Notation::Algebraic);
        let mover = players[ply % 2];
        let answer = harness
            .slash(
                &discord.in_channel(mover, thread),
                &dama("move").option("move", text.as_str()),
            )
            .await;
        assert!(
            !answer.callback.is_ephemeral(),
            "{text} refused: {}",
            answer.content()
        );
        last = Some(harness.public_post(&answer).await);
        harness.settled(game).await;
    }
    let view = harness.game(game).await;
    let outcome = view.outcome.expect("the game ended by the rules");
    let end = last.expect("at least one move");
    let text = end.content().unwrap_or_default();
    assert!(
        text.contains(&format!("Result {}.", outcome.result_token())),
        "{text}"
    );
    assert!(
        !text.contains(" → "),
        "a casual game changes no rating: {text}"
    );
    assert_shows(&end, &view.position, false);
    keep(&end, "5-rules-end");
    let gif = end
        .file(&format!("dama-game-{game}.gif"))
        .expect("the replay");
    assert_eq!(
        replay_frames(&gif.bytes),
        usize::try_from(view.ply).expect("small") + 1
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_black_player_gets_black_at_the_bottom_until_choosing_white_always() {
    use dama_rules::Color::{Black, White};

    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, game) = started_game(&harness, &alice, &bob).await;
    let at = |user| discord.in_channel(user, thread);
    let start = dama_rules::Position::start();

    // Bob plays Black and chose nothing: his own board has Black at the bottom, alice's White.
    let his = harness.slash(&at(&bob), &dama("board")).await;
    assert!(his.callback.is_ephemeral());
    assert_eq!(side_at_bottom(&his.callback, &start), Black);
    let hers = harness.slash(&at(&alice), &dama("board")).await;
    assert_eq!(side_at_bottom(&hers.callback, &start), White);
    // The public board drawn when he is to move too.
    let moved = harness
        .slash(&at(&alice), &dama("move").option("move", "d3-d4"))
        .await;
    let board = harness.public_post(&moved).await;
    let position = position_after(&harness, game).await;
    assert_eq!(side_at_bottom(&board, &position), Black);

    // He chooses White always (`flip: false`), and is told what it means.
    let chosen = harness
        .slash(
            &discord.in_guild(&bob),
            &dama("settings").option("flip", false),
        )
        .await;
    assert!(
        chosen.content().contains(
            "your own side at the bottom when you play Black: **off** (off: White always at the bottom)"
        ),
        "{}",
        chosen.content()
    );
    let his = harness.slash(&at(&bob), &dama("board")).await;
    assert_eq!(side_at_bottom(&his.callback, &position), White);
    let mut board = board;
    for (user, text) in [(&bob, "e6-e5"), (&alice, "c3-c4")] {
        let moved = harness
            .slash(&at(user), &dama("move").option("move", text))
            .await;
        board = harness.public_post(&moved).await;
    }
    let position = position_after(&harness, game).await;
    assert_eq!(position.turn(), Black, "bob to move");
    assert_eq!(side_at_bottom(&board, &position), White);
}
