//! Accessible boards: every board and replay the bot uploads in a game carries alt text (the
//! attachment's description) within Discord's 1,024 characters, the first board's exactly right
//! for the start position, and `/dama board text:true` answers with a text board.

use dama_tests::RecordedFile;

use crate::harness::{Harness, dama};
use crate::refusals::started_game;

/// The first board's alt text: the start position in English and algebraic notation.
const START: &str = "White to move. \
    White: 16 men (a2, b2, c2, d2, e2, f2, g2, h2, a3, b3, c3, d3, e3, f3, g3, h3). \
    Black: 16 men (a6, b6, c6, d6, e6, f6, g6, h6, a7, b7, c7, d7, e7, f7, g7, h7).";

/// Whether the bot draws this file: a board or a replay.
fn is_picture(file: &RecordedFile) -> bool {
    file.filename.ends_with(".png") || file.filename.ends_with(".gif")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_board_and_replay_has_alt_text_and_the_text_board_reads_well() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, game) = started_game(&harness, &alice, &bob).await;
    let at = |user| discord.in_channel(user, thread);

    let first = harness.board_posted_in(thread, 0).await;
    let board = first.file("board.png").expect("the first board");
    assert_eq!(board.description.as_deref(), Some(START));

    for (who, played) in [(&alice, "a3-a4"), (&bob, "h6-h5"), (&alice, "b3-b4")] {
        let answer = harness
            .slash(&at(who), &dama("move").option("move", played))
            .await;
        harness.public_post(&answer).await;
        harness.settled(game).await;
    }

    // Bob asks for the board as text: privately, no picture, the words and the grid.
    let text = harness
        .slash(&at(&bob), &dama("board").option("text", true))
        .await;
    assert!(text.callback.is_ephemeral());
    assert!(text.callback.files.is_empty(), "no picture");
    let words = text.content();
    assert!(
        words.contains("Black to move.") && words.contains("Last move (White): b3-b4."),
        "{words}"
    );
    // Bob plays Black and chose nothing: his side at the bottom, the files from h to a.
    for line in [
        "  h g f e d c b a",
        "7 b b b b b b b b 7",
        "5 b . . . . . . . 5",
        "4 . . . . . . w w 4",
        "3 w w w w w w . . 3",
    ] {
        assert!(words.lines().any(|l| l == line), "{line:?} in {words}");
    }

    let resigned = harness.slash(&at(&bob), &dama("resign")).await;
    harness.public_post(&resigned).await;
    harness.settled(game).await;

    let uploads: Vec<RecordedFile> = discord
        .requests()
        .into_iter()
        .filter(|r| r.succeeded())
        .flat_map(|r| r.files)
        .filter(is_picture)
        .collect();
    // The first board, one after each move, the final board and the replay.
    assert!(uploads.len() >= 6, "{uploads:?}");
    for file in &uploads {
        let description = file.description.as_deref().unwrap_or_default();
        let length = description.chars().count();
        assert!(
            (1..=1024).contains(&length),
            "{}: {length} characters: {description:?}",
            file.filename
        );
    }
    let replay = uploads
        .iter()
        .find(|f| f.filename.ends_with(".gif"))
        .expect("a replay");
    assert_eq!(
        replay.description.as_deref(),
        Some(format!("Replay of game #{game}: 3 moves, result: White wins (1-0).").as_str())
    );
    let last_board = uploads
        .iter()
        .rev()
        .find(|f| f.filename == "board.png")
        .expect("the final board");
    assert!(
        last_board
            .description
            .as_deref()
            .is_some_and(|d| d.starts_with("Game over: White wins (1-0).")),
        "{last_board:?}"
    );
}
