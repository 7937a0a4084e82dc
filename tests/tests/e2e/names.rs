//! Names per server: a member's nickname on each server is the name that server shows, in its
//! game titles, its leaderboard and its PDN exports, whatever they are called elsewhere.

use dama_tests::{FakeUser, Origin, Recorded};
use serenity::all::ChannelId;

use crate::harness::{Harness, custom_id, dama, game_id_in};

/// `challenger` challenges `opponent` (acting at `opponent_at`, in the same channel) to a rated
/// game as White, and the opponent accepts: the game's thread, its id and its first board.
async fn started(
    harness: &Harness,
    challenger: &Origin,
    opponent: &FakeUser,
    opponent_at: &Origin,
) -> (ChannelId, i64, Recorded) {
    let challenge = harness
        .slash(
            challenger,
            &dama("challenge")
                .option("opponent", opponent)
                .option("color", "white"),
        )
        .await;
    let message = harness.original(&challenge);
    harness
        .click(
            opponent_at,
            message,
            &custom_id(&challenge.callback, "dama:accept:"),
        )
        .await;
    let thread = ChannelId::new(message.get());
    let first = harness.board_posted_in(thread, 0).await;
    (thread, game_id_in(&custom_id(&first, "dama:pick:")), first)
}

/// The public text of `command` run at `origin`.
async fn said(harness: &Harness, origin: &Origin, command: &str) -> String {
    let answer = harness.slash(origin, &dama(command)).await;
    answer.content().to_owned()
}

/// The PDN `/dama export` gives for `game`, asked at `origin`.
async fn exported(harness: &Harness, origin: &Origin, game: i64) -> String {
    let answer = harness
        .slash(origin, &dama("export").option("game", game))
        .await;
    let file = answer
        .callback
        .file(&format!("dama-game-{game}.pdn"))
        .expect("the PDN file");
    String::from_utf8(file.bytes.clone()).expect("text")
}

/// Asserts that `text` names `name` and not `other`.
fn names(text: &str, name: &str, other: &str) {
    assert!(
        text.contains(name) && !text.contains(other),
        "wanted {name}, not {other}: {text}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_show_their_own_nicknames() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (_, second) = discord.add_guild();
    // Alice is Ada-A on the first server and Ada-B on the second; bob has no nickname.
    let (alice_one, bob_one) = (
        discord.in_guild(&alice).nick("Ada-A"),
        discord.in_guild(&bob),
    );
    let alice_two = discord.in_channel(&alice, second).nick("Ada-B");
    let bob_two = discord.in_channel(&bob, second);

    // Three rated games on each server (enough for the leaderboards), bob resigning each: the
    // first server's games end after alice was last seen on the second.
    let (mut firsts, mut seconds) = (Vec::new(), Vec::new());
    for _ in 0..3 {
        let (thread_one, one, board_one) = started(&harness, &alice_one, &bob, &bob_one).await;
        let (thread_two, two, board_two) = started(&harness, &alice_two, &bob, &bob_two).await;
        for (thread, game, board, name, other) in [
            (thread_one, one, board_one, "Ada-A", "Ada-B"),
            (thread_two, two, board_two, "Ada-B", "Ada-A"),
        ] {
            names(
                board.content().unwrap_or_default(),
                &format!("Game #{game}: {name} (White) vs bob (Black)"),
                other,
            );
            let resigned = harness
                .slash(
                    &discord.in_channel(&bob, thread),
                    &dama("resign").option("game", game),
                )
                .await;
            let end = harness.public_post(&resigned).await;
            let text = end.content().unwrap_or_default();
            names(text, &format!("{name} (White) wins"), other);
        }
        firsts.push(one);
        seconds.push(two);
    }

    // Alice was last seen on the second server: the first still shows Ada-A.
    let board = said(&harness, &discord.in_guild(&bob), "leaderboard").await;
    names(&board, "Ada-A", "Ada-B");
    let pdn = exported(&harness, &bob_one, firsts[0]).await;
    names(&pdn, "[White \"Ada-A\"]", "Ada-B");

    // Seen on the first server again (a settings change), she stays Ada-B on the second.
    harness
        .slash(&alice_one, &dama("settings").option("theme", "checkered"))
        .await;
    let board = said(&harness, &bob_two, "leaderboard").await;
    names(&board, "Ada-B", "Ada-A");
    let pdn = exported(&harness, &bob_two, seconds[0]).await;
    names(&pdn, "[White \"Ada-B\"]", "Ada-A");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_where_a_member_never_played_shows_their_global_name_not_a_nickname() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let alice = discord.user("alice").with_global_name("Alice");
    let bob = discord.user("bob");
    let (_, second) = discord.add_guild();
    let (_, third) = discord.add_guild();
    // Alice plays bob as Ada-A on the first server, then is seen as Ada-B on the second.
    let alice_one = discord.in_guild(&alice).nick("Ada-A");
    started(&harness, &alice_one, &bob, &discord.in_guild(&bob)).await;
    let alice_two = discord.in_channel(&alice, second).nick("Ada-B");
    harness
        .slash(&alice_two, &dama("settings").option("theme", "checkered"))
        .await;

    // On the third server, where she never played, bob's record against her names her by her
    // global name.
    let bob_three = discord.in_channel(&bob, third);
    let stats = harness
        .slash(&bob_three, &dama("stats").option("versus", &alice))
        .await;
    names(stats.content(), "Alice", "Ada-");
}
