//! Seasons: a manager starts one, rated games count for it and for all time, the end announces
//! its champions and keeps its final table, and the leaderboard says which table it shows.

use dama_tests::{FakeUser, Origin, SlashCommand};
use serenity::all::Permissions;

use crate::harness::{Harness, dama};
use crate::refusals::started_game;

/// A rated game, alice White against bob, that `loser` (one of them) resigns in its thread.
async fn rated_game_lost_by(harness: &Harness, alice: &FakeUser, bob: &FakeUser, loser: &FakeUser) {
    let (thread, game) = started_game(harness, alice, bob).await;
    let resigned = harness
        .slash(&harness.discord.in_channel(loser, thread), &dama("resign"))
        .await;
    let end = harness.public_post(&resigned).await;
    assert!(
        end.content().unwrap_or_default().contains("resigned"),
        "{:?}",
        end.content()
    );
    harness.settled(game).await;
}

/// The public answer to `command` at `origin`.
async fn public(harness: &Harness, origin: &Origin, command: &SlashCommand) -> String {
    let answer = harness.slash(origin, command).await;
    assert!(!answer.callback.is_ephemeral(), "{}", answer.content());
    answer.content().to_owned()
}

/// The table's line of `name`.
fn line_of<'a>(table: &'a str, name: &str) -> &'a str {
    table
        .lines()
        .find(|l| l.contains(&format!(" {name} ")))
        .unwrap_or_else(|| panic!("no line for {name}: {table}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_season_of_three_games_crowns_its_champions_and_keeps_its_own_table() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (alice, bob, carol, admin) = (
        discord.user("alice"),
        discord.user("bob"),
        discord.user("carol"),
        discord.user("ada"),
    );
    let manager = discord
        .in_guild(&admin)
        .permissions(dama_tests::member_permissions() | Permissions::MANAGE_GUILD);
    let season = |action: &str| dama("season").option("action", action);

    // Before any season: a rated game that counts for all time only.
    rated_game_lost_by(&harness, &alice, &bob, &bob).await;

    // A member who may not manage the server can neither start nor end one.
    let refused = harness
        .slash(&discord.in_guild(&carol), &season("start"))
        .await;
    assert!(refused.callback.is_ephemeral());
    assert!(
        refused
            .content()
            .starts_with("Only members who may manage this server (Manage Server) can start"),
        "{}",
        refused.content()
    );

    let started = public(&harness, &manager, &season("start")).await;
    assert!(started.contains("**Season 1** has started"), "{started}");
    let again = harness.slash(&manager, &season("start")).await;
    assert!(again.callback.is_ephemeral());
    assert!(
        again.content().starts_with("Season 1 is still open"),
        "{}",
        again.content()
    );

    // Three rated games in the season, bob winning each.
    for _ in 0..3 {
        rated_game_lost_by(&harness, &alice, &bob, &alice).await;
    }

    // The leaderboard shows the open season by default.
    let current = public(&harness, &discord.in_guild(&carol), &dama("leaderboard")).await;
    assert!(
        current.starts_with("**Leaderboard** (this server, season 1, correspondence)"),
        "{current}"
    );
    assert!(current.contains("1. bob "), "{current}");
    assert!(line_of(&current, "bob").ends_with("(3 games)"), "{current}");
    assert!(
        line_of(&current, "alice").ends_with("(3 games)"),
        "{current}"
    );

    let refused = harness
        .slash(&discord.in_guild(&carol), &season("end"))
        .await;
    assert!(refused.callback.is_ephemeral(), "{}", refused.content());
    let ended = public(&harness, &manager, &season("end")).await;
    assert!(ended.contains("**Season 1** has ended"), "{ended}");
    let champions = ended
        .split_once("Champions of season 1, correspondence:\n")
        .map(|(_, table)| table)
        .unwrap_or_else(|| panic!("no champions: {ended}"));
    assert!(champions.starts_with("1. bob "), "{ended}");
    assert!(champions.contains("\n2. alice "), "{ended}");
    assert_eq!(line_of(champions, "bob"), line_of(&current, "bob"));

    // With no season open, the default is all time: four games each, other ratings.
    let all_time = public(&harness, &discord.in_guild(&carol), &dama("leaderboard")).await;
    assert!(
        all_time.starts_with("**Leaderboard** (this server, all time, correspondence)"),
        "{all_time}"
    );
    for name in ["alice", "bob"] {
        let line = line_of(&all_time, name);
        assert!(line.ends_with("(4 games)"), "{all_time}");
        assert_ne!(line, line_of(&current, name));
    }
    let asked = public(
        &harness,
        &discord.in_guild(&carol),
        &dama("leaderboard").option("period", "all-time"),
    )
    .await;
    assert_eq!(asked, all_time);

    // A later game changes all time, not the season's final table.
    rated_game_lost_by(&harness, &alice, &bob, &bob).await;
    let last = public(
        &harness,
        &discord.in_guild(&carol),
        &dama("leaderboard").option("season", 1_i64),
    )
    .await;
    assert!(
        last.starts_with("**Leaderboard** (this server, season 1, final table, correspondence)"),
        "{last}"
    );
    for name in ["alice", "bob"] {
        assert_eq!(line_of(&last, name), line_of(&current, name));
    }
    let latest = public(
        &harness,
        &discord.in_guild(&carol),
        &dama("leaderboard").option("period", "season"),
    )
    .await;
    assert_eq!(latest, last);
    let all_time = public(&harness, &discord.in_guild(&carol), &dama("leaderboard")).await;
    assert!(
        line_of(&all_time, "bob").ends_with("(5 games)"),
        "{all_time}"
    );

    let missing = harness
        .slash(
            &discord.in_guild(&carol),
            &dama("leaderboard").option("season", 2_i64),
        )
        .await;
    assert!(missing.callback.is_ephemeral());
    assert_eq!(missing.content(), "This server has no season 2.");
}
