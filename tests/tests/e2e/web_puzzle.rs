//! Solving a server's puzzle on the web, in a real browser (headless Chromium, see
//! `web`): `/dama puzzle` links to the page; the member signs in with Discord and goes on with
//! the same try by clicks, each answer checked and replied to by the service; a stranger to the
//! server is refused.

use serde_json::json;

use crate::harness::{Harness, dama};
use crate::puzzles::{SHOTS, add_puzzle_from};
use crate::web::{Browser, screenshots};
use crate::web_play::{click, sign_in};

/// Waits until the page's message says `words`.
async fn says(browser: &Browser, words: &str) {
    browser
        .wait_until(
            &format!("the page says {words:?}"),
            &format!(
                "return document.getElementById('message').textContent.includes({});",
                json!(words)
            ),
        )
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_goes_on_with_her_puzzle_on_the_web_by_clicks() {
    let Some((browser, harness)) = Browser::with(Harness::start_with_web_sign_in()).await else {
        return;
    };
    let discord = &harness.discord;
    // The two-for-one: d3-d4 gives a man, c4xe4 takes it, e3xe5xe7 takes two.
    let (start, theme, line) = SHOTS[0];
    add_puzzle_from(&harness, start.parse().expect("a position"), theme, &line).await;
    let alice = discord.user("alice");

    // In Discord: her puzzle, with a link to solve it on the web.
    let answer = harness
        .slash(&discord.in_guild(&alice), &dama("puzzle"))
        .await;
    let link = answer
        .callback
        .components()
        .iter()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .find_map(|c| (c["style"] == 5).then(|| c["url"].as_str().map(str::to_owned))?)
        .expect("a link to the web");
    let path = format!("/puzzle/{}", discord.guild_id());
    assert_eq!(link, harness.web_url(&path));

    // Signed out, the page asks her to sign in; signed in, her try is there.
    browser.open(&link).await;
    sign_in(
        &browser,
        &harness,
        &alice,
        "her puzzle",
        "return !!document.querySelector('#board svg') && document.getElementById('heading').textContent === 'White to play and win.';",
    )
    .await;

    // Two clicks per answer: right, the reply comes; right again, solved.
    click(&browser, "#board svg .piece[data-square=\"d3\"]").await;
    browser
        .wait_until(
            "its targets light up",
            "return [...document.querySelectorAll('#board .choice .target')].map(t => t.dataset.square).sort().join() === 'c3,d4';",
        )
        .await;
    if std::env::var("DAMA_WEB_SCREENSHOTS").is_ok_and(|v| v == "1") {
        screenshots(&browser, "web-puzzle").await;
    }
    click(&browser, "#board .choice .target[data-square=\"d4\"]").await;
    says(&browser, "d3-d4 is right. The reply: c4xe4.").await;
    // The capture's one target is where it ends, two men later (once the reply is drawn).
    browser
        .wait_until(
            "the reply on the board",
            "return !!document.querySelector('#board svg .piece.black:not(.ghost)[data-square=\"e4\"]')
               && !document.querySelector('#board svg .piece:not(.ghost)[data-square=\"d4\"]');",
        )
        .await;
    click(&browser, "#board svg .piece[data-square=\"e3\"]").await;
    browser
        .wait_until(
            "the capture's end lights up",
            "return [...document.querySelectorAll('#board .choice .target')].map(t => t.dataset.square).join() === 'e7';",
        )
        .await;
    click(&browser, "#board .choice .target[data-square=\"e7\"]").await;
    says(&browser, "e3xe5xe7: solved!").await;
    let guild = dama_service::ids::GuildId(discord.guild_id().get());
    let stats = harness
        .service
        .puzzle_stats(dama_service::ids::UserId(alice.id.get()), guild)
        .await
        .expect("her record");
    assert_eq!((stats.tries, stats.solved), (1, 1));

    // No puzzle is left for her: the page says so.
    click(&browser, "#next-puzzle").await;
    browser
        .wait_until(
            "the refusal",
            "return document.getElementById('error').textContent.startsWith('You have tried every puzzle');",
        )
        .await;

    // Someone who is not in the server is refused.
    let stranger = discord.user("stranger");
    discord.leave_guild(discord.guild_id(), stranger.id);
    browser
        .client
        .delete_all_cookies()
        .await
        .expect("signed out");
    browser.open(&harness.web_url(&path)).await;
    sign_in(
        &browser,
        &harness,
        &stranger,
        "the stranger is refused",
        "return (document.getElementById('message')?.textContent || '').startsWith('Only the members');",
    )
    .await;
}

/// Discord's `GET /guilds/{guild}/members/{user}` requests so far.
fn member_lookups(discord: &dama_tests::FakeDiscord) -> Vec<String> {
    discord
        .requests()
        .into_iter()
        .filter(|r| r.method == "GET" && r.path.contains("/members/"))
        .map(|r| r.path)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_members_thousand_page_loads_for_any_servers_cost_discord_one_question() {
    let Some((browser, harness)) = Browser::with(Harness::start_with_web_sign_in()).await else {
        return;
    };
    let discord = &harness.discord;
    // Alice's command: the server is one the bot is in. Bob, a member, never acted there.
    let alice = discord.user("alice");
    harness
        .slash(&discord.in_guild(&alice), &dama("leaderboard"))
        .await;
    let bob = discord.user("bob");
    let own = discord.guild_id().get().to_string();
    browser
        .open(&harness.web_url(&format!("/puzzle/{own}")))
        .await;
    sign_in(
        &browser,
        &harness,
        &bob,
        "bob signed in",
        "return !!document.getElementById('signed-in');",
    )
    .await;
    // A thousand loads of puzzle pages: every other one the server's own, the rest servers
    // the bot is not in (each a different id).
    let loaded = browser
        .client
        .execute_async(
            "const [own, done] = arguments;
             (async () => {
               const statuses = {};
               for (let i = 0; i < 1000; i += 1) {
                 const id = i % 2 === 0 ? own : String(800000000000000000n + BigInt(i));
                 const r = await fetch('/puzzle/' + id, { credentials: 'same-origin' });
                 const key = (i % 2 === 0 ? 'own ' : 'other ') + r.status;
                 statuses[key] = (statuses[key] || 0) + 1;
               }
               done(statuses);
             })();",
            vec![json!(own)],
        )
        .await
        .expect("the loads");
    // Bob's own server's page every time; the others' refused, as he is no member known there.
    assert_eq!(loaded["own 200"], json!(500), "{loaded}");
    assert_eq!(
        loaded
            .as_object()
            .map(|o| o.values().filter_map(|v| v.as_u64()).sum::<u64>()),
        Some(1000),
        "every load answered: {loaded}"
    );
    // One question to Discord: bob in the bot's server, asked once and remembered for five
    // minutes; never a server the bot is not in.
    let asked = member_lookups(discord);
    assert_eq!(
        asked,
        [format!("/api/v10/guilds/{own}/members/{}", bob.id)],
        "{asked:?}"
    );
}
