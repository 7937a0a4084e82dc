//! The analysis board in real browsers (headless Chromium, see `web`): moves tried on a line
//! of their own from the position shown, which touch nothing; a player saves such a line as
//! conditional moves in the opponent's turn, and when the opponent plays the move foreseen
//! (in Discord) the answer is played at once; after the game the board shows the computer's
//! evaluation of the position chosen. The Activity runs the same page, its requests through
//! Discord's proxy with its bearer.
//!
//! `DAMA_WEB_SCREENSHOTS=1` writes the analysis board with a saved line at a phone's and a
//! desktop's size to `docs/gallery/analysis-board-phone.png` and `-desktop.png`.

use serde_json::json;

use crate::activity::open_activity;
use crate::harness::{Harness, dama};
use crate::refusals::started_game;
use crate::web::{Browser, page_of, screenshots};
use crate::web_play::{click, shows_ply, sign_in};
use dama_tests::interactions::SlashCommand;

/// Waits until the analysis board shows `position` with its legal moves known (the movable
/// pieces ringed).
async fn analysis_shows(browser: &Browser, position: &str) {
    browser
        .wait_until(
            &format!("the analysis board at {position}"),
            &format!(
                "const svg = document.querySelector('#board svg.analysis-board');
                 return !!svg && svg.dataset.analysis === '{position}'
                   && !!svg.querySelector('.choice .movable');"
            ),
        )
        .await;
}

/// Plays `from`-`to` on the analysis board by clicking the piece, then its target, each once
/// the board drawn last offers it.
async fn try_move(browser: &Browser, from: &str, to: &str) {
    browser
        .wait_until(
            &format!("{from} may move"),
            &format!(
                "return !!document.querySelector('#board svg.analysis-board .choice .movable[data-square=\"{from}\"]');"
            ),
        )
        .await;
    click(
        browser,
        &format!("#board svg .piece[data-square=\"{from}\"]"),
    )
    .await;
    browser
        .wait_until(
            &format!("{from}'s targets"),
            &format!(
                "return !!document.querySelector('#board .choice .target[data-square=\"{to}\"]');"
            ),
        )
        .await;
    click(
        browser,
        &format!("#board .choice .target[data-square=\"{to}\"]"),
    )
    .await;
}

/// The analysis line's moves, as the branch list shows them.
const BRANCH: &str =
    "return [...document.querySelectorAll('#branch button')].map(b => b.textContent);";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_line_built_on_the_analysis_board_is_saved_and_played_when_the_opponent_plays_it() {
    let Some((browser, harness)) = Browser::with(Harness::start_with_activity()).await else {
        return;
    };
    let discord = &harness.discord;
    let [alice, bob] = discord.users(["alice", "bob"]);
    let (thread, game) = started_game(&harness, &alice, &bob).await;
    let page = page_of(&harness, thread).await;

    // Alice signs in and plays d3-d4 on the page; Bob is to move.
    browser.open(&page).await;
    shows_ply(&browser, 0).await;
    sign_in(
        &browser,
        &harness,
        &alice,
        "alice may move",
        "return document.getElementById('prompt')?.textContent.startsWith('Your move');",
    )
    .await;
    click(&browser, "#board svg .piece[data-square=\"d3\"]").await;
    click(&browser, "#board .choice .target[data-square=\"d4\"]").await;
    shows_ply(&browser, 1).await;
    let after_d4 = harness.game(game).await.position.to_string();

    // The analysis board opens on the position shown; she tries Bob's move and her answer.
    click(&browser, "#analyse").await;
    analysis_shows(&browser, &after_d4).await;
    assert_eq!(
        browser
            .run("return [document.getElementById('analysis').hidden, document.getElementById('save-box').hidden, document.getElementById('save-line').disabled];")
            .await,
        json!([false, false, true]),
        "the panel, with saving offered once a pair is on the line"
    );
    try_move(&browser, "e6", "e5").await;
    try_move(&browser, "c3", "c4").await;
    browser
        .wait_until(
            "the line shows both moves",
            "return [...document.querySelectorAll('#branch button')].length === 2;",
        )
        .await;
    assert_eq!(browser.run(BRANCH).await, json!(["e6-e5", "c3-c4"]));
    // Stepping back goes through the line, not the game.
    click(&browser, "#previous").await;
    browser
        .wait_until(
            "one step back on the line",
            "return document.getElementById('ply').textContent === '1/2';",
        )
        .await;
    click(&browser, "#last").await;
    // Nothing touched the game.
    assert_eq!(harness.game(game).await.ply, 1);

    // Saved as conditional moves: shown to her, stored by the service.
    click(&browser, "#save-line").await;
    browser
        .wait_until(
            "the line is saved",
            "return !document.getElementById('conditional').hidden
               && document.getElementById('save-note').textContent.startsWith('Saved');",
        )
        .await;
    assert_eq!(
        browser
            .run("return [...document.querySelectorAll('#conditional-lines li')].map(l => l.textContent);")
            .await,
        json!(["e6-e5 c3-c4"])
    );
    let alice_id = dama_service::ids::UserId(alice.id.get());
    let stored = harness
        .service
        .conditional_lines(dama_service::ids::GameId(game), alice_id)
        .await
        .expect("her lines");
    assert_eq!(stored.texts(Default::default()), [["e6-e5", "c3-c4"]]);
    if std::env::var("DAMA_WEB_SCREENSHOTS").is_ok_and(|v| v == "1") {
        screenshots(&browser, "analysis-board").await;
        browser.client.set_window_size(1280, 800).await.ok();
    }

    // Bob plays the move she foresaw, in Discord: her answer is played at once, and her page
    // shows it once she returns to the game.
    harness.moved(&bob, thread, "e6-e5").await;
    click(&browser, "#analysis-close").await;
    shows_ply(&browser, 3).await;
    let played = harness.game(game).await;
    assert_eq!(played.ply, 3);
    assert_eq!(
        browser
            .run("return [...document.querySelectorAll('#moves button')].map(b => b.textContent);")
            .await,
        json!(["d3-d4", "e6-e5", "c3-c4"])
    );
    // The line is used up: nothing stored is shown any more.
    browser
        .wait_until(
            "no line left",
            "return document.getElementById('conditional').hidden;",
        )
        .await;

    // The Activity runs the same page: Bob tries a move on its analysis board, through
    // Discord's proxy with his bearer.
    let host = discord
        .start_activity_host(&harness.web_url("/activity"))
        .await
        .expect("the Activity's host binds");
    harness
        .slash(
            &discord.in_channel(&bob, thread),
            &SlashCommand::entry_point("launch"),
        )
        .await;
    open_activity(&browser, &harness, &host, &bob, thread).await;
    shows_ply(&browser, 3).await;
    click(&browser, "#analyse").await;
    analysis_shows(&browser, &played.position.to_string()).await;
    try_move(&browser, "f6", "f5").await;
    browser
        .wait_until(
            "the Activity's line",
            "return [...document.querySelectorAll('#branch button')].map(b => b.textContent).join() === 'f6-f5';",
        )
        .await;
    assert_eq!(harness.game(game).await.ply, 3);
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_the_game_the_analysis_board_shows_the_computers_evaluation_of_a_chosen_position() {
    let Some((browser, harness)) = Browser::with(Harness::start_with_web_sign_in()).await else {
        return;
    };
    let discord = &harness.discord;
    let [alice, bob, carol] = discord.users(["alice", "bob", "carol"]);
    let (thread, game) = started_game(&harness, &alice, &bob).await;
    let page = page_of(&harness, thread).await;
    for (who, text) in [(&alice, "d3-d4"), (&bob, "e6-e5"), (&alice, "c3-c4")] {
        harness.moved(who, thread, text).await;
    }

    // Carol watches, signed in: during the game the analysis board has no evaluation.
    browser.open(&page).await;
    sign_in(
        &browser,
        &harness,
        &carol,
        "carol watches",
        "return !!document.getElementById('watching') && !!document.querySelector('#board svg');",
    )
    .await;
    shows_ply(&browser, 3).await;
    click(&browser, "#analyse").await;
    let now = harness.game(game).await.position.to_string();
    analysis_shows(&browser, &now).await;
    assert_eq!(
        browser
            .run("return document.getElementById('evaluation').hidden;")
            .await,
        json!(true)
    );
    click(&browser, "#analysis-close").await;

    // Bob resigns. Carol goes back to move 1 and opens the analysis board there.
    let resigned = harness
        .slash(&discord.in_channel(&bob, thread), &dama("resign"))
        .await;
    harness.public_post(&resigned).await;
    harness.settled(game).await;
    browser
        .wait_until(
            "the page shows the result",
            "return document.getElementById('status').textContent.includes('resigned');",
        )
        .await;
    click(&browser, "#moves button[data-ply=\"1\"]").await;
    shows_ply(&browser, 1).await;
    let after_d4 = "8/bbbbbbbb/bbbbbbbb/8/3w4/www1wwww/wwwwwwww/8 b";
    click(&browser, "#analyse").await;
    analysis_shows(&browser, after_d4).await;
    browser
        .wait_until(
            "the computer's evaluation of move 1",
            &format!(
                "const box = document.getElementById('evaluation');
                 return !box.hidden && box.dataset.position === '{after_d4}'
                   && document.getElementById('evaluation-says').textContent
                        .startsWith(\"The computer's evaluation, from White's side: \")
                   && document.getElementById('evaluation-line').textContent
                        .startsWith(\"The computer's line: \");"
            ),
        )
        .await;
    // A move tried on the line: the position it leaves is evaluated in turn.
    try_move(&browser, "f6", "f5").await;
    let after_f5 = "8/bbbbbbbb/bbbbb1bb/5b2/3w4/www1wwww/wwwwwwww/8 w";
    analysis_shows(&browser, after_f5).await;
    browser
        .wait_until(
            "the evaluation of the line's position",
            &format!(
                "return document.getElementById('evaluation').dataset.position === '{after_f5}';"
            ),
        )
        .await;
    assert_eq!(harness.game(game).await.ply, 3, "nothing touched the game");
    browser.close().await;
}
