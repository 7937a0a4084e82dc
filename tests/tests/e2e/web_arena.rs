//! An arena's live page in a real browser (see `web` for the browser): three members in a
//! 10-minute arena, the bot's arena worker pairs two of them, and the page, opened once, shows
//! the game being played; when it ends (a resignation in its thread, through the bot) the table
//! and the games change on the page without a reload: the winner scores 2 and the one who
//! waited is paired.
//!
//! `DAMA_WEB_SCREENSHOTS=1` writes the page at a phone's and a desktop's size to
//! `docs/gallery/web-arena-phone.png` and `docs/gallery/web-arena-desktop.png`.

use dama_service::ids::{ArenaId, ChannelId, GameId, GuildId, Place, UserId};
use dama_service::model::{LiveClock, Player};
use dama_tests::FakeUser;
use serde_json::json;
use serenity::all::Permissions;

use dama_tests::eventually;

use crate::harness::{Harness, dama};
use crate::web::{Browser, screenshots};

/// The arena's game in play, with its players, once the bot paired it and opened its thread.
async fn game_in_play(harness: &Harness, arena: ArenaId, guild: GuildId) -> (GameId, [UserId; 2]) {
    let found = eventually("a game paired", async || {
        let standings = harness
            .service
            .arena_standings(arena, Some(guild))
            .await
            .expect("standings");
        match standings.in_play.first() {
            Some(game) => Ok((game.game, [game.white, game.black])),
            None => Err("none yet"),
        }
    })
    .await;
    harness.settled(found.0.0).await;
    found
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_arena_page_follows_games_as_they_end_and_pairs_are_made() {
    let Some((browser, harness)) = Browser::with(Harness::start_with_web()).await else {
        return;
    };
    let discord = &harness.discord;
    let members: Vec<FakeUser> = ["alice", "bob", "carol <b>"]
        .iter()
        .map(|name| discord.user(name))
        .collect();
    let manager = discord
        .in_guild(&discord.user("ada"))
        .permissions(dama_tests::member_permissions() | Permissions::MANAGE_GUILD);
    harness
        .slash(&manager, &dama("server").option("web", "on"))
        .await;
    let guild = GuildId(discord.guild_id().get());
    let place = Place {
        guild: Some(guild),
        channel: ChannelId(discord.channel_id().get()),
    };
    let player = |user: &FakeUser| Player::new(UserId(user.id.get()), user.name.clone());
    let options = dama_service::tournament::arena::ArenaOptions {
        name: "Friday arena".to_owned(),
        minutes: 10,
        clock: "3+2".parse::<LiveClock>().expect("a clock"),
        rated: true,
        starts_at: None,
    };
    let arena = harness
        .service
        .create_arena(&player(&members[0]), place, options)
        .await
        .expect("an arena")
        .id;
    for member in &members {
        harness
            .service
            .join_arena(&player(member), place, arena)
            .await
            .expect("joins");
        harness.clock.advance(std::time::Duration::from_millis(10));
    }
    let (game, [white, black]) = game_in_play(&harness, arena, guild).await;

    browser
        .open(&harness.web_url(&format!("/server/{guild}/arena/{arena}")))
        .await;
    browser
        .wait_until(
            "the game being played, with a link to its page",
            "return document.querySelectorAll('#arena-games li a.game-link').length === 1;",
        )
        .await;
    let scores = browser
        .run("return [...document.querySelectorAll('#arena-table td.score')].map(td => td.textContent);")
        .await;
    assert_eq!(scores, json!(["0", "0", "0"]));
    assert_eq!(
        browser
            .run("return document.querySelector('#arena-table').textContent.includes('carol <b>');")
            .await,
        json!(true),
        "a name with markup shown as text"
    );
    // Kept by the page while it lives: gone after a reload.
    browser
        .run("window.arenaPageOpenedOnce = true; return true;")
        .await;

    // Black resigns where the game is played (its thread, else the arena's channel): White
    // scores 2, and the one who waited is paired.
    let view = harness.service.game(game).await.expect("the game");
    let thread = serenity::all::ChannelId::new(view.thread.unwrap_or(place.channel).0);
    let loser = members
        .iter()
        .find(|m| UserId(m.id.get()) == black)
        .expect("black is a member");
    harness
        .slash(&discord.in_channel(loser, thread), &dama("resign"))
        .await;
    let winner = members
        .iter()
        .find(|m| UserId(m.id.get()) == white)
        .expect("white is a member");
    let waited = members
        .iter()
        .find(|m| ![white, black].contains(&UserId(m.id.get())))
        .expect("the third member");
    browser
        .wait_until(
            "the winner's 2 points on the page",
            "return document.querySelector('#arena-table td.score').textContent === '2';",
        )
        .await;
    let leader = browser
        .run("return document.querySelector('#arena-table td.name a').textContent;")
        .await;
    assert_eq!(leader, json!(winner.name));
    browser
        .wait_until(
            "the next pair on the page, the one who waited in it",
            &format!(
                "const li = [...document.querySelectorAll('#arena-games li')]; \
                 return li.length === 1 && li[0].textContent.includes({});",
                json!(waited.name)
            ),
        )
        .await;
    assert_eq!(
        browser
            .run("return window.arenaPageOpenedOnce === true;")
            .await,
        json!(true),
        "the page changed without a reload"
    );
    let clock = browser
        .run("return document.querySelector('#arena-clock-time').textContent;")
        .await;
    assert!(
        clock
            .as_str()
            .is_some_and(|t| t.starts_with("9:") || t == "10:00"),
        "the time left counts from the server's reading: {clock}"
    );
    if std::env::var("DAMA_WEB_SCREENSHOTS").is_ok_and(|v| v == "1") {
        screenshots(&browser, "web-arena").await;
    }
    assert_eq!(browser.console_errors().await, Vec::<String>::new());
    browser.close().await;
}
