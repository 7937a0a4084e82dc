//! Champion roles through the bot: a manager names a role for the winner of the server's
//! latest arena with `/dama server arena-role:`; the bot gives it to the winner when an arena
//! ends and takes it from them when another member wins the next. A role above the bot's own,
//! or a bot without Manage Roles, is answered with exactly that.

use std::time::Duration;

use dama_service::ids::ArenaId;
use dama_tests::{FakeUser, OptionValue, SlashCommand, eventually};
use serenity::all::{ChannelId, Permissions, RoleId};

use crate::harness::{Harness, custom_id, dama, tournament};

/// `/dama tournament create format:arena` for a 10-minute 3+2 arena named `name`.
fn arena(name: &str) -> SlashCommand {
    tournament("create")
        .option("name", name)
        .option("format", "arena")
        .option("minutes", 10_i64)
        .option("clock", "3+2")
}

/// An arena named `name` in which `winner` beats `loser` (the loser resigns), played to its
/// end.
async fn won(
    harness: &Harness,
    name: &str,
    organiser: &FakeUser,
    winner: &FakeUser,
    loser: &FakeUser,
) {
    let discord = &harness.discord;
    let created = harness
        .slash(&discord.in_guild(organiser), &arena(name))
        .await;
    assert!(!created.callback.is_ephemeral(), "{}", created.content());
    let join = custom_id(&created.callback, "dama:ajoin:");
    let id = ArenaId(join["dama:ajoin:".len()..].parse().expect("an arena id"));
    let announcement = harness.original(&created);
    for person in [winner, loser] {
        harness
            .click(&discord.in_guild(person), announcement, &join)
            .await;
    }
    let game = eventually("the pairing", async || {
        let standings = harness
            .service
            .arena_standings_of(id)
            .await
            .expect("standings");
        standings
            .in_play
            .first()
            .map(|g| g.game)
            .ok_or(standings.rows.len())
    })
    .await;
    let thread = eventually("the game's thread", async || {
        harness.game(game.0).await.thread
    })
    .await;
    let thread = ChannelId::new(thread.0);
    harness.board_posted_in(thread, 0).await;
    let resigned = harness
        .slash(&discord.in_channel(loser, thread), &dama("resign"))
        .await;
    harness.public_post(&resigned).await;
    harness.settled(game.0).await;
    harness.clock.advance(Duration::from_secs(10 * 60 + 1));
    eventually("the arena ends", async || {
        let standings = harness
            .service
            .arena_standings_of(id)
            .await
            .expect("standings");
        (standings.arena.status == dama_service::tournament::Status::Finished)
            .then_some(())
            .ok_or(standings.arena.status)
    })
    .await;
}

/// Waits until `user` holds `roles` exactly.
async fn holds(harness: &Harness, user: &FakeUser, roles: &[RoleId]) {
    eventually(&format!("{} holds {roles:?}", user.name), async || {
        let held = harness.discord.member_roles(user);
        if held == roles { Ok(()) } else { Err(held) }
    })
    .await;
}

/// `admin` in the server, with Manage Server.
fn manager(harness: &Harness, admin: &FakeUser) -> dama_tests::Origin {
    harness
        .discord
        .in_guild(admin)
        .permissions(dama_tests::member_permissions() | Permissions::MANAGE_GUILD)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_arena_role_goes_to_each_arenas_winner_and_is_taken_from_the_one_before() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let admin = discord.user("admin");
    let manager = manager(&harness, &admin);
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let champion = discord.add_role("Arena Champion", 3);

    let named = harness
        .slash(
            &manager,
            &dama("server").option("arena-role", OptionValue::Role(champion)),
        )
        .await;
    assert_eq!(
        named.content(),
        format!("The winner of this server's latest arena gets <@&{champion}>.")
    );

    won(&harness, "First", &admin, &alice, &bob).await;
    holds(&harness, &alice, &[champion]).await;
    holds(&harness, &bob, &[]).await;

    won(&harness, "Second", &admin, &bob, &alice).await;
    holds(&harness, &bob, &[champion]).await;
    holds(&harness, &alice, &[]).await;
    let moves: Vec<(String, String)> = discord
        .requests()
        .into_iter()
        .filter(|r| r.path.contains("/roles/"))
        .map(|r| (r.method.clone(), r.path.clone()))
        .collect();
    assert_eq!(moves.len(), 3, "given, taken, given: {moves:#?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_role_the_bot_may_not_give_is_answered_with_exactly_why() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let admin = discord.user("admin");
    let manager = manager(&harness, &admin);

    let high = discord.add_role("Legend", 20);
    let above = harness
        .slash(
            &manager,
            &dama("server").option("leader-role", OptionValue::Role(high)),
        )
        .await;
    assert_eq!(
        above.content(),
        format!(
            "The leader of this server's season gets <@&{high}>.\n⚠️ I cannot give <@&{high}>: \
             it is not below my highest role. Move my role above it in the server's settings, \
             under Roles."
        )
    );

    let low = discord.add_role("Champion", 2);
    discord.set_bot_permissions(dama_tests::bot_permissions() - Permissions::MANAGE_ROLES);
    let no_permission = harness
        .slash(
            &manager,
            &dama("server").option("arena-role", OptionValue::Role(low)),
        )
        .await;
    assert!(
        no_permission.content().ends_with(&format!(
            "⚠️ I cannot give <@&{low}>: give me the **Manage Roles** permission."
        )),
        "{}",
        no_permission.content()
    );

    // A member without Manage Server names no role.
    let bob = discord.user("bob");
    let refused = harness
        .slash(
            &discord.in_guild(&bob),
            &dama("server").option("arena-role", OptionValue::Role(low)),
        )
        .await;
    assert!(refused.callback.is_ephemeral());
    assert!(!refused.content().contains("gets"), "{}", refused.content());
}
