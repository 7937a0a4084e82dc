//! Puzzles through the bot: `/dama puzzle` gives a member a puzzle of the server's own games
//! (privately: the board with alt text and "White to play and win"); `/dama move` answers it,
//! (or its menus, as a game's), each right move answered by the reply until it is solved, a wrong one ending the try with
//! the solution and its board; `/dama leaderboard period:puzzles` shows the puzzle ratings; a
//! manager's `/dama server puzzle-channel:` has the puzzle of the day posted there, once, by
//! several instances and across a restart, and the next day its solution.

use std::time::Duration;

use dama_engine::puzzle::{self, MiningBudget};
use dama_rules::Position;
use dama_rules::Square;
use dama_rules::notation;
use dama_rules::notation::MoveText;
use dama_service::clock::Clock;
use dama_service::ids::{GameId, GuildId, PuzzleId};
use dama_service::model::Actor;
use dama_service::service::{Authority, NewPuzzle};
use dama_tests::recorder::Recorded;
use dama_tests::{OptionValue, Origin, eventually};
use serenity::all::Permissions;

use crate::harness::{Answer, Harness, custom_id, dama, keep, select_values};
use crate::refusals::started_game;

/// The line of the test puzzle, from the start position.
const LINE: [&str; 3] = ["c3-c4", "a6-a5", "d3-d4"];

/// Two shots of the engine's mining tests, as the daily puzzle shows them: White gives a man
/// (d3-d4 c4xe4) and takes two (e3xe5xe7); then the same taking three.
pub(crate) const SHOTS: [(&str, &str, [&str; 3]); 2] = [
    (
        "8/bb4bb/4b3/8/2b5/3ww3/ww2w1ww/8 w",
        "two-for-one",
        ["d3-d4", "c4xe4", "e3xe5xe7"],
    ),
    (
        "8/bb3b2/4b3/8/2b5/3ww3/ww2w1ww/8 w",
        "shot",
        ["d3-d4", "c4xe4", "e3xe5xe7xg7"],
    ),
];

/// Stores the test puzzle on the stand-in's server (again: a new puzzle of the same line).
pub(crate) async fn add_puzzle(harness: &Harness) {
    add_puzzle_from(harness, Position::default(), "shot", &LINE).await;
}

/// Stores on the stand-in's server the puzzle of `line` from `start`, of `theme`.
pub(crate) async fn add_puzzle_from(
    harness: &Harness,
    start: Position,
    theme: &str,
    line: &[&str],
) {
    let mut position = start;
    let solution = line
        .iter()
        .map(|text| {
            let m = notation::resolve_str(&position, text).expect("legal");
            position = position.play_unchecked(&m);
            m
        })
        .collect();
    let puzzle = NewPuzzle {
        start,
        solution,
        theme: Some(theme.to_owned()),
        difficulty: 2,
        game: None,
        ply: 0,
    };
    let guild = GuildId(harness.discord.guild_id().get());
    harness
        .service
        .add_puzzle(guild, puzzle)
        .await
        .expect("the puzzle is stored");
}

/// Asserts that `answer` is private and shows the puzzle's board with its alt text.
fn assert_private_board(answer: &Answer) {
    assert!(answer.callback.is_ephemeral(), "{}", answer.content());
    assert_described_board(&answer.callback);
}

/// Asserts that `post` carries the puzzle's board, described for a screen reader.
fn assert_described_board(post: &Recorded) {
    let board = post.file("puzzle.png").expect("the puzzle's board");
    image::load_from_memory(&board.bytes).expect("the board decodes");
    let described = post.message()["attachments"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .all(|a| {
            a["description"]
                .as_str()
                .is_some_and(|d| d.contains("White"))
        });
    assert!(described, "{:?}", post.message()["attachments"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_member_solves_a_puzzle_move_by_move_and_another_fails_and_sees_the_solution() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let [alice, bob] = discord.users(["alice", "bob"]);
    let none_yet = harness
        .slash(&discord.in_guild(&alice), &dama("puzzle"))
        .await;
    assert!(none_yet.callback.is_ephemeral());
    assert!(
        none_yet
            .content()
            .starts_with("This server has no puzzles yet."),
        "{}",
        none_yet.content()
    );
    add_puzzle(&harness).await;
    let (alice_here, bob_here) = (discord.in_guild(&alice), discord.in_guild(&bob));
    let answer = |origin, text: &str| {
        let command = dama("move").option("move", text);
        let harness = &harness;
        async move { harness.slash(origin, &command).await }
    };

    let given = harness.slash(&alice_here, &dama("puzzle")).await;
    assert_private_board(&given);
    assert!(
        given.content().contains("White to play and win."),
        "{}",
        given.content()
    );
    assert!(
        given.content().contains("**Puzzle #"),
        "{}",
        given.content()
    );

    let right = answer(&alice_here, "c3-c4").await;
    assert_private_board(&right);
    assert!(
        right
            .content()
            .contains("c3-c4 is right. The reply: a6-a5."),
        "{}",
        right.content()
    );
    let illegal = answer(&alice_here, "d3-d5").await;
    assert!(illegal.callback.is_ephemeral());
    assert!(
        illegal.callback.file("puzzle.png").is_none(),
        "{}",
        illegal.content()
    );
    let solved = answer(&alice_here, "d3-d4").await;
    assert_private_board(&solved);
    assert!(
        solved.content().contains("d3-d4: solved!"),
        "{}",
        solved.content()
    );
    assert!(
        solved.content().contains("Streak: 1 day."),
        "{}",
        solved.content()
    );
    let (before, after) = rating_change(solved.content());
    assert!(
        after > before,
        "a solve raises the rating: {}",
        solved.content()
    );

    harness.slash(&bob_here, &dama("puzzle")).await;
    let failed = answer(&bob_here, "a3-a4").await;
    assert_private_board(&failed);
    keep(&failed.callback, "puzzle-failed");
    let words = failed.content();
    assert!(
        words.contains("a3-a4 is not it: the move was c3-c4."),
        "{words}"
    );
    assert!(words.contains("The solution: c3-c4 a6-a5 d3-d4"), "{words}");
    let (before, after) = rating_change(words);
    assert!(after < before, "a miss lowers the rating: {words}");

    let again = harness.slash(&bob_here, &dama("puzzle")).await;
    assert!(
        again
            .content()
            .starts_with("You have tried every puzzle of this server."),
        "{}",
        again.content()
    );
    solved_with_the_menus(&harness, &discord.in_guild(&discord.user("carol"))).await;
    let table = harness
        .slash(&bob_here, &dama("leaderboard").option("period", "puzzles"))
        .await;
    let lines: Vec<&str> = table.content().lines().collect();
    assert!(lines[0].contains("Puzzle ratings"), "{lines:?}");
    // The two who solved it above the one who failed, whose rating went down.
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert!(lines[3].starts_with("3. bob: "), "{lines:?}");
    assert!(lines[3].contains("(0 of 1 solved; streak 0)"), "{lines:?}");
    assert!(
        lines[1..3]
            .iter()
            .all(|l| l.contains("(1 of 1 solved; streak 1)")),
        "{lines:?}"
    );
    let rating = |line: &str| -> u32 {
        let (_, rest) = line.split_once(": ").expect("a rating");
        rest.split(' ')
            .next()
            .and_then(|r| r.parse().ok())
            .expect("a rating")
    };
    assert!(
        rating(lines[1]) > 1500 && rating(lines[3]) < 1500,
        "{lines:?}"
    );
    assert!(
        discord.unknown_routes().is_empty(),
        "{:?}",
        discord.unknown_routes()
    );
}

/// The puzzle rating before and after, from an answer's "Your puzzle rating: 1500 → 1662."
fn rating_change(words: &str) -> (u32, u32) {
    let (_, rest) = words
        .split_once("Your puzzle rating: ")
        .unwrap_or_else(|| panic!("no rating change: {words}"));
    let mut numbers = rest
        .split(|c: char| !c.is_ascii_digit())
        .filter(|n| !n.is_empty())
        .map(|n| n.parse().expect("a number"));
    (
        numbers.next().expect("before"),
        numbers.next().expect("after"),
    )
}

/// `member` solves the puzzle with its menus, as a game's: the piece, then its move, twice.
async fn solved_with_the_menus(harness: &Harness, member: &Origin) {
    let mut post = harness.slash(member, &dama("puzzle")).await;
    for (square, mv) in [("c3", "c3-c4"), ("d3", "d3-d4")] {
        let square: Square = square.parse().expect("a square");
        let pick = custom_id(&post.callback, "dama:ppick:");
        let moves = harness
            .select(
                member,
                harness.original(&post),
                &pick,
                &square.index().to_string(),
            )
            .await;
        assert!(moves.callback.is_ephemeral(), "{}", moves.content());
        let play = custom_id(&moves.callback, "dama:pplay:");
        assert!(select_values(&moves.callback, &play).contains(&mv.to_owned()));
        post = harness
            .select(member, harness.original(&moves), &play, mv)
            .await;
        assert_private_board(&post);
    }
    assert!(
        post.content().contains("d3-d4: solved!"),
        "{}",
        post.content()
    );
    assert!(post.callback.custom_ids().is_empty(), "no menu once solved");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_managers_puzzle_channel_gets_the_puzzle_of_the_day() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    add_puzzle(&harness).await;
    let channel = discord.add_text_channel("puzzles");
    let admin = discord.user("admin");
    let manager = discord
        .in_guild(&admin)
        .permissions(dama_tests::member_permissions() | Permissions::MANAGE_GUILD);
    let hour = harness.clock.now().as_millis() / 3_600_000 % 24;
    let set = dama("server")
        .option("puzzle-channel", OptionValue::Channel(channel))
        .option("puzzle-hour", hour);
    let member = harness
        .slash(&discord.in_guild(&discord.user("carol")), &set)
        .await;
    assert!(
        !member.content().contains("is posted in"),
        "a member may not: {}",
        member.content()
    );
    let answer = harness.slash(&manager, &set).await;
    assert!(
        answer.content().contains(&format!(
            "The puzzle of the day is posted in <#{channel}> at {hour}:00 UTC."
        )),
        "{}",
        answer.content()
    );
    let path = format!("/channels/{channel}/messages");
    let in_channel = |r: &Recorded| r.succeeded() && r.method == "POST" && r.api_path() == path;
    // The channel is told first when the puzzles come, without a ping.
    let hello = discord
        .wait_for_nth_request("the channel's greeting", 0, in_channel)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        hello.content(),
        Some(
            format!(
                "🧩 The puzzle of the day will be posted here, every day at {hour}:00 UTC. \
                 Solve it with `/dama puzzle daily:true`."
            )
            .as_str()
        )
    );
    assert_eq!(
        hello.body["allowed_mentions"]["parse"],
        serde_json::json!([])
    );
    let posted = discord
        .wait_for_nth_request("the puzzle of the day", 1, in_channel)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let words = posted.content().unwrap_or_default();
    assert!(words.contains("Puzzle of the day"), "{words}");
    assert!(words.contains("White to play and win."), "{words}");
    assert_described_board(&posted);
    keep(&posted, "daily-puzzle");

    // Off: no channel any more; on again needs one.
    let off = harness
        .slash(&manager, &dama("server").option("daily-puzzle", "off"))
        .await;
    assert!(
        off.content().contains("No puzzle channel is chosen"),
        "{}",
        off.content()
    );
    assert_eq!(
        harness
            .service
            .puzzle_settings(GuildId(discord.guild_id().get()))
            .await
            .expect("settings")
            .channel,
        None
    );
    let on = harness
        .slash(&manager, &dama("server").option("daily-puzzle", "on"))
        .await;
    assert!(
        on.content()
            .starts_with("Choose the channel with `puzzle-channel`"),
        "{}",
        on.content()
    );

    // A channel the bot may not write in: the manager is told what to give it.
    let closed = discord.add_text_channel("closed");
    discord.set_bot_permissions(dama_tests::bot_permissions() - Permissions::SEND_MESSAGES);
    let refused = harness
        .slash(
            &manager,
            &dama("server").option("puzzle-channel", OptionValue::Channel(closed)),
        )
        .await;
    assert!(
        refused.content().contains(&format!(
            "⚠️ I cannot post in <#{closed}>: give me View Channel, Send Messages and Attach Files there"
        )),
        "{}",
        refused.content()
    );
}

/// Three instances (the gateway one and two over HTTP) sweep the same database: the puzzle of
/// the day is posted once; Alice solves it, then Bob; after a restart and a day, the solution
/// naming Alice and the next puzzle, once.
async fn posted_once_by_several_instances_and_after_a_restart(mut harness: Harness) {
    for (start, theme, line) in SHOTS {
        let start = start.parse().expect("a position");
        add_puzzle_from(&harness, start, theme, &line).await;
    }
    let mut urls = harness.start_http_bots(2).await;
    let channel = harness.discord.add_text_channel("puzzles");
    let guild = GuildId(harness.discord.guild_id().get());
    let hour = u8::try_from(harness.clock.now().as_millis() / 3_600_000 % 24).expect("an hour");
    harness
        .service
        .set_puzzle_channel(
            guild,
            Authority::Manager,
            Some(dama_service::ids::ChannelId(channel.get())),
            Some(hour),
        )
        .await
        .expect("set");
    let path = format!("/channels/{channel}/messages");
    let in_channel = |r: &Recorded| r.succeeded() && r.method == "POST" && r.api_path() == path;
    harness
        .discord
        .wait_for_nth_request("the puzzle of the day", 0, in_channel)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    // Alice solves it, then Bob: Alice is named tomorrow.
    let (alice, bob) = (harness.discord.user("alice"), harness.discord.user("bob"));
    for member in [&alice, &bob] {
        let here = harness.discord.in_guild(member);
        let given = harness
            .slash(&here, &dama("puzzle").option("daily", true))
            .await;
        assert!(
            given.content().contains("White to play and win."),
            "{}",
            given.content()
        );
        for mv in ["d3-d4", "e3xe5xe7"] {
            harness.slash(&here, &dama("move").option("move", mv)).await;
        }
    }

    harness.stop_http_bot(1, &mut urls).await;
    harness.stop_http_bot(0, &mut urls).await;
    harness.stop_bot().await;
    harness.clock.advance(Duration::from_secs(24 * 3600));
    harness.start_bot().await;
    harness
        .discord
        .wait_for_nth_request("the next puzzle of the day", 2, in_channel)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    // With the bot stopped, no post is in flight: what was posted is all there is.
    harness.stop_bot().await;
    let recorded: Vec<Recorded> = harness
        .discord
        .requests()
        .into_iter()
        .filter(|r| in_channel(r))
        .collect();
    for (post, name) in recorded
        .iter()
        .zip(["daily-1-puzzle", "daily-2-solution", "daily-3-next"])
    {
        assert_described_board(post);
        keep(post, name);
    }
    let posts: Vec<String> = recorded
        .iter()
        .map(|r| r.content().unwrap_or_default().to_owned())
        .collect();
    assert_eq!(posts.len(), 3, "{posts:#?}");
    assert!(posts[0].contains("Puzzle of the day"), "{}", posts[0]);
    assert!(posts[1].contains("Solution of puzzle"), "{}", posts[1]);
    assert!(
        posts[1].contains(&format!("First solved by <@{}>.", alice.id)),
        "{}",
        posts[1]
    );
    assert!(posts[2].contains("Puzzle of the day"), "{}", posts[2]);
    assert_ne!(posts[0], posts[2], "another puzzle");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_puzzle_of_the_day_is_posted_once_by_several_instances_and_after_a_restart() {
    posted_once_by_several_instances_and_after_a_restart(Harness::start().await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_postgresql_the_puzzle_of_the_day_is_posted_once_by_several_instances_and_after_a_restart()
 {
    if dama_test_postgres::skip() {
        return;
    }
    posted_once_by_several_instances_and_after_a_restart(Harness::start_on_postgres().await).await;
}

/// Alice and Bob play 60 plies (picked by a seeded generator, as in the service's mining
/// tests, a game with shots in it) and Bob resigns with `/dama resign`: the bot's mining worker,
/// woken by the end, stores what the engine finds in the game as the server's puzzles, and
/// Carol's `/dama puzzle` gives her one, named by its game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_played_on_the_server_becomes_its_puzzles() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let [alice, bob, carol] = discord.users(["alice", "bob", "carol"]);
    let (thread, game) = started_game(&harness, &alice, &bob).await;
    let id = GameId(game);
    let mut state = 26_u64;
    for _ in 0..60 {
        let view = harness.game(game).await;
        let user = view.user_to_move().expect("the game goes on");
        let moves = view.position.legal_moves_under(view.rules);
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let m = moves[usize::try_from(state % moves.len() as u64).expect("an index")];
        harness
            .service
            .play_move(id, Actor::Player(user), &MoveText::of_move(&m))
            .await
            .expect("a legal move");
    }
    let to_move = harness.game(game).await.user_to_move().expect("to move");
    let resigner = if to_move.0 == bob.id.get() {
        &bob
    } else {
        &alice
    };
    harness
        .slash(&discord.in_channel(resigner, thread), &dama("resign"))
        .await;

    let pdn = harness.service.export_pdn(id).await.expect("PDN");
    let read = dama_rules::pdn::read(&pdn).expect("the PDN reads back");
    let expected = puzzle::mine(&read.game, MiningBudget::nodes(3_000)).expect("mined");
    assert!(!expected.is_empty(), "the game has shots");
    let guild = GuildId(discord.guild_id().get());
    let last = PuzzleId(i64::try_from(expected.len()).expect("a count"));
    let what = format!("the game's {} puzzles stored", expected.len());
    eventually(&what, async || {
        harness.service.puzzle_with_solution(guild, last).await
    })
    .await;
    let (view, _) = harness
        .service
        .puzzle_with_solution(guild, last)
        .await
        .expect("stored");
    assert_eq!(view.source.map(|s| s.game), Some(id));
    let beyond = PuzzleId(last.0 + 1);
    assert!(
        harness
            .service
            .puzzle_with_solution(guild, beyond)
            .await
            .is_err()
    );

    let given = harness
        .slash(&discord.in_guild(&carol), &dama("puzzle"))
        .await;
    assert_private_board(&given);
    let words = given.content();
    assert!(
        words.contains(&format!("From game #{game}, alice – bob, move ")),
        "{words}"
    );
}
