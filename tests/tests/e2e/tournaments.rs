//! Tournaments through the bot: created with `/dama tournament create`, joined with the Join
//! button and the command, started, each round announced with its games in their own threads,
//! the games played (resigned) in those threads, the standings message edited after each
//! result, the winner announced; a withdrawal and a restart of the bot midway. A `join` that
//! does not say which tournament while that is unclear, and a flood of Join presses, are
//! answered with why.

use std::collections::{HashMap, HashSet};

use dama_service::ids::TournamentId;
use dama_service::tournament::{Pairing, Standings, Status};
use dama_tests::{FakeUser, SlashCommand, eventually};
use serenity::all::{ChannelId, MessageId};

use crate::harness::{Harness, custom_id, dama, posted, tournament};

/// Waits for `what` to hold of the tournament's standings, polled from the database.
async fn standings_when(
    harness: &Harness,
    id: TournamentId,
    what: &str,
    holds: impl Fn(&Standings) -> bool,
) -> Standings {
    eventually(what, async || {
        let standings = harness.service.standings_of(id).await.expect("standings");
        if holds(&standings) {
            Ok(standings)
        } else {
            Err(standings)
        }
    })
    .await
}

/// The tournament a create command's answer announces.
fn announced(answer: &crate::harness::Answer) -> TournamentId {
    let join = custom_id(&answer.callback, "dama:tjoin:");
    TournamentId(
        join["dama:tjoin:".len()..]
            .parse()
            .expect("a tournament id"),
    )
}

/// Plays round `round`: in each game's own thread (opened from a message naming the pairing),
/// once its first board is there, the player seeded lower resigns with `/dama resign`.
async fn play_round(harness: &Harness, id: TournamentId, round: u32, people: &[FakeUser]) {
    let standings = standings_when(harness, id, "the round is paired", |s| {
        s.tournament.round == round
    })
    .await;
    let seed: HashMap<u64, u32> = standings
        .tournament
        .entrants
        .iter()
        .map(|e| (e.user.0, e.seed))
        .collect();
    let games: Vec<Pairing> = standings
        .round(round)
        .filter(|p| p.is_pending())
        .copied()
        .collect();
    for p in games {
        let game = p.game.expect("a game");
        let black = p.black.expect("a game has two players");
        let view = wait_for_thread(harness, game.0).await;
        let thread = ChannelId::new(view.thread.expect("a thread").0);
        harness.board_posted_in(thread, 0).await;
        let loser = if seed[&p.white.0] > seed[&black.0] {
            p.white
        } else {
            black
        };
        let loser = people
            .iter()
            .find(|u| u.id.get() == loser.0)
            .expect("a member");
        let answer = harness
            .slash(&harness.discord.in_channel(loser, thread), &dama("resign"))
            .await;
        let end = harness.public_post(&answer).await;
        assert!(
            end.content().unwrap_or_default().contains("resigned"),
            "{:?}",
            end.content()
        );
        harness.settled(game.0).await;
    }
}

/// Game `game` once the bot has opened its thread.
async fn wait_for_thread(harness: &Harness, game: i64) -> dama_service::service::GameView {
    eventually(&format!("game {game}'s thread"), async || {
        Some(harness.game(game).await).filter(|view| view.thread.is_some())
    })
    .await
}

/// The members named `p1`, `p2`, … joining in that order.
fn members(harness: &Harness, n: usize) -> Vec<FakeUser> {
    (1..=n)
        .map(|i| harness.discord.user(&format!("p{i}")))
        .collect()
}

/// Creates a tournament with `options` by `organiser`, and has `people` join it: the first
/// half with the announcement's Join button, the others with the command naming it (a new
/// tournament is nobody's but its creator's default).
async fn created_and_joined(
    harness: &Harness,
    organiser: &FakeUser,
    create: SlashCommand,
    people: &[FakeUser],
) -> TournamentId {
    let discord = &harness.discord;
    let created = harness.slash(&discord.in_guild(organiser), &create).await;
    assert!(!created.callback.is_ephemeral(), "{}", created.content());
    assert!(
        created.content().contains("Nobody has joined yet"),
        "{}",
        created.content()
    );
    let id = announced(&created);
    let message = harness.original(&created);
    let join = custom_id(&created.callback, "dama:tjoin:");
    for (n, person) in people.iter().enumerate() {
        let answer = if n < people.len() / 2 {
            harness
                .click(&discord.in_guild(person), message, &join)
                .await
        } else {
            let join = tournament("join").option("tournament", id.0);
            harness.slash(&discord.in_guild(person), &join).await
        };
        assert!(
            answer.content().contains(&format!("p{} joined", n + 1)),
            "{}",
            answer.content()
        );
    }
    id
}

/// The standings message of the tournament, as it reads now.
fn standings_message(harness: &Harness, standings: &Standings) -> String {
    let id = standings
        .tournament
        .standings_message
        .expect("a standings message");
    harness
        .discord
        .message(MessageId::new(id))
        .and_then(|m| m["content"].as_str().map(str::to_owned))
        .expect("the standings message exists")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_of_seven_is_played_to_the_end_through_the_bot_across_a_restart() {
    let mut harness = Harness::start().await;
    let channel = harness.discord.channel_id();
    let ada = harness.discord.user("ada");
    let people = members(&harness, 7);
    let create = tournament("create")
        .option("name", "Winter Swiss")
        .option("format", "swiss")
        .option("rounds", 3_i64);
    let id = created_and_joined(&harness, &ada, create, &people).await;

    // Only the creator (or a manager) starts it.
    let refused = harness
        .slash(&harness.discord.in_guild(&people[0]), &tournament("start"))
        .await;
    assert!(refused.callback.is_ephemeral());
    assert!(
        refused
            .content()
            .starts_with("Only the tournament's creator"),
        "{}",
        refused.content()
    );
    let started = harness
        .slash(&harness.discord.in_guild(&ada), &tournament("start"))
        .await;
    assert!(
        started
            .content()
            .contains("**Winter Swiss** has started: 7 players, 3 rounds"),
        "{}",
        started.content()
    );

    for round in 1..=3 {
        let announcement = posted(&harness, channel, &format!("round {round} of 3:")).await;
        assert!(announcement.contains("Bye: <@"), "{announcement}");
        if round == 2 {
            // The bot restarts in the middle of the round: nothing is lost.
            harness.stop_bot().await;
            harness.start_bot().await;
        }
        play_round(&harness, id, round, &people).await;
    }
    let done = standings_when(&harness, id, "the tournament ends", |s| {
        s.tournament.status == Status::Finished
    })
    .await;

    // No pair twice, one bye a round to a different player, colours balanced.
    let mut met = HashSet::new();
    let mut byes = Vec::new();
    let mut colours: HashMap<u64, i32> = HashMap::new();
    for p in &done.pairings {
        match p.black {
            None => byes.push(p.white),
            Some(black) => {
                assert!(
                    met.insert((p.white.min(black), p.white.max(black))),
                    "{p:?}"
                );
                *colours.entry(p.white.0).or_default() += 1;
                *colours.entry(black.0).or_default() -= 1;
            }
        }
    }
    assert_eq!(byes.len(), 3);
    assert_eq!(byes.iter().collect::<HashSet<_>>().len(), 3, "{byes:?}");
    assert!(colours.values().all(|c| c.abs() <= 1), "{colours:?}");

    // The final table, computed by hand from the pairings (the lower seed won every game):
    // see the comment below the table.
    let name = |user: u64| {
        people
            .iter()
            .position(|p| p.id.get() == user)
            .map(|i| format!("p{}", i + 1))
            .expect("a member")
    };
    let table: Vec<(u32, String, u32, u32, u32)> = done
        .rows
        .iter()
        .map(|r| {
            (
                r.rank,
                name(r.user.0),
                r.points.0,
                r.buchholz.0,
                r.sonneborn_berger.0,
            )
        })
        .collect();
    let expected: Vec<(u32, String, u32, u32, u32)> = EXPECTED_SWISS
        .iter()
        .map(|&(rank, n, p, b, sb)| (rank, n.to_owned(), p, b, sb))
        .collect();
    assert_eq!(table, expected);

    let over = posted(&harness, channel, "**Winter Swiss** is over!").await;
    assert!(
        over.contains(&format!("Winner: <@{}> with 3 points", people[0].id)),
        "{over}"
    );
    let message = standings_message(&harness, &done);
    assert!(
        message.contains("**Winter Swiss**, final standings:"),
        "{message}"
    );
    assert!(message.contains("Bh"), "{message}");
}

/// The Swiss above, by hand. Seeds p1…p7 (joining order: equal ratings); the lower seed wins
/// every game; a bye scores a win. Points and Buchholz in half points, SB in quarter points
/// (result × opponent's points, both in halves).
///
/// - Round 1, all on 0: bye p7 (the last); top half against bottom half: p1–p4, p2–p5, p3–p6.
///   p1, p2, p3 win.
/// - Round 2: p1, p2, p3, p7 on 1; p4, p5, p6 on 0. Bye p6 (the lowest without one). p1, p2, p3
///   had White and p4, p5 Black: two of the same colour would leave someone two ahead, so the
///   leaders meet p7, p4, p5: p7–p1, p4–p2, p5–p3. p1, p2, p3 win.
/// - Round 3: p1, p2, p3 on 2; p6, p7 on 1; p4, p5 on 0. Bye p5. p1–p2 (equal colours: the
///   higher White in an odd round); p3 floats to p7 (it met p6 in round 1): p3–p7; p6–p4.
///   p1, p3, p4 win.
///
/// | player | results            | pts | opponents (pts)       | Bh | SB            |
/// |--------|--------------------|-----|-----------------------|----|---------------|
/// | p1     | +p4 +p7 +p2        | 6   | p4 2, p7 2, p2 4      | 8  | 4+4+8 = 16    |
/// | p3     | +p6 +p5 +p7        | 6   | p6 2, p5 2, p7 2      | 6  | 4+4+4 = 12    |
/// | p2     | +p5 +p4 −p1        | 4   | p5 2, p4 2, p1 6      | 10 | 4+4 = 8       |
/// | p4     | −p1 −p2 +p6        | 2   | p1 6, p2 4, p6 2      | 12 | 4             |
/// | p7     | bye −p1 −p3        | 2   | p1 6, p3 6            | 12 | 0             |
/// | p5     | −p2 −p3 bye        | 2   | p2 4, p3 6            | 10 | 0             |
/// | p6     | −p3 bye −p4        | 2   | p3 6, p4 2            | 8  | 0             |
///
/// p1 is ahead of p3 on Buchholz; among the players on 1 point, Buchholz then SB.
const EXPECTED_SWISS: [(u32, &str, u32, u32, u32); 7] = [
    (1, "p1", 6, 8, 16),
    (2, "p3", 6, 6, 12),
    (3, "p2", 4, 10, 8),
    (4, "p4", 2, 12, 4),
    (5, "p7", 2, 12, 0),
    (6, "p5", 2, 10, 0),
    (7, "p6", 2, 8, 0),
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_of_four_goes_on_after_a_withdrawal_and_a_restart() {
    let mut harness = Harness::start().await;
    let channel = harness.discord.channel_id();
    let ada = harness.discord.user("ada");
    let people = members(&harness, 4);
    let create = tournament("create")
        .option("name", "Club league")
        .option("format", "round-robin")
        .option("time", "3d");
    let id = created_and_joined(&harness, &ada, create, &people).await;
    let started = harness
        .slash(&harness.discord.in_guild(&ada), &tournament("start"))
        .await;
    assert!(
        started.content().contains("4 players, 3 rounds"),
        "{}",
        started.content()
    );

    // Berger tables for four: 1–4, 2–3; 4–3, 1–2; 2–4, 3–1.
    let seeds = |s: &Standings, round: u32| -> Vec<(usize, usize)> {
        let seat = |u: u64| {
            people
                .iter()
                .position(|p| p.id.get() == u)
                .map_or(0, |i| i + 1)
        };
        s.round(round)
            .map(|p| (seat(p.white.0), p.black.map_or(0, |b| seat(b.0))))
            .collect()
    };
    posted(&harness, channel, "round 1 of 3:").await;
    let first = harness.service.standings_of(id).await.expect("standings");
    assert_eq!(seeds(&first, 1), [(1, 4), (2, 3)]);
    play_round(&harness, id, 1, &people).await;

    // Round 2: p4 withdraws from its game against p3, then the bot restarts mid-round.
    let second = standings_when(&harness, id, "round 2", |s| s.tournament.round == 2).await;
    assert_eq!(seeds(&second, 2), [(4, 3), (1, 2)]);
    let left = harness
        .slash(&harness.discord.in_guild(&people[3]), &tournament("leave"))
        .await;
    assert!(!left.callback.is_ephemeral());
    assert!(
        left.content().starts_with("p4 withdrew"),
        "{}",
        left.content()
    );
    harness.stop_bot().await;
    harness.start_bot().await;
    play_round(&harness, id, 2, &people).await;

    // Round 3: p2–p4 is given to p2 without a game; p3–p1 is played.
    let third = standings_when(&harness, id, "round 3", |s| s.tournament.round == 3).await;
    assert_eq!(seeds(&third, 3), [(2, 4), (3, 1)]);
    let forfeit = third.round(3).find(|p| p.forfeit).expect("a forfeit");
    assert_eq!(forfeit.game, None);
    play_round(&harness, id, 3, &people).await;
    let done = standings_when(&harness, id, "the end", |s| {
        s.tournament.status == Status::Finished
    })
    .await;
    // By hand (halves; SB in quarters, forfeits and byes add nothing to it):
    // p1 beats p4, p2, p3: 6, SB 2·0 + 2·4 + 2·2 = 12. p2 beats p3, loses to p1, wins by
    // forfeit over p4: 4, SB 2·2 = 4. p3 loses to p2, beats p4 (who resigned on withdrawing),
    // loses to p1: 2, SB 2·0 = 0. p4: 0, withdrawn, no games left.
    let table: Vec<(u32, usize, u32, u32, u32, bool)> = done
        .rows
        .iter()
        .map(|r| {
            let seat = people
                .iter()
                .position(|p| p.id.get() == r.user.0)
                .map_or(0, |i| i + 1);
            (
                r.rank,
                seat,
                r.points.0,
                r.sonneborn_berger.0,
                r.games_left,
                r.withdrawn,
            )
        })
        .collect();
    assert_eq!(
        table,
        [
            (1, 1, 6, 12, 0, false),
            (2, 2, 4, 4, 0, false),
            (3, 3, 2, 0, 0, false),
            (4, 4, 0, 0, 0, true),
        ]
    );
    let over = posted(&harness, channel, "**Club league** is over!").await;
    assert!(
        over.contains(&format!("Winner: <@{}> with 3 points", people[0].id)),
        "{over}"
    );
    assert!(
        over.contains("(p4)"),
        "the withdrawn player in brackets: {over}"
    );
    // One standings message, edited after the results rather than posted again.
    let message = done
        .tournament
        .standings_message
        .expect("a standings message");
    let edits = harness
        .discord
        .requests()
        .iter()
        .filter(|r| r.method == "PATCH" && r.api_path().ends_with(&format!("/messages/{message}")))
        .count();
    assert!(edits >= 3, "{edits} edits");
    let text = standings_message(&harness, &done);
    assert!(text.contains("**Club league**, final standings:"), "{text}");
    assert!(!text.contains("Bh"), "no Buchholz in a round robin: {text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn join_without_a_name_asks_for_one_while_the_tournament_is_new_or_not_the_only_one() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let (ada, bob, cy) = (discord.user("ada"), discord.user("bob"), discord.user("cy"));
    let create = |name: &str| tournament("create").option("name", name);
    let spring = announced(
        &harness
            .slash(&discord.in_guild(&ada), &create("Spring cup"))
            .await,
    );
    let refused = harness
        .slash(&discord.in_guild(&bob), &tournament("join"))
        .await;
    assert!(refused.callback.is_ephemeral(), "{:?}", refused.callback);
    assert_eq!(
        refused.content(),
        format!(
            "Tournament {spring} was created only a moment ago: to join it, name it \
             (`/dama tournament join tournament:{spring}`) or press **Join** under its \
             announcement."
        )
    );
    // Its creator means it.
    let own = harness
        .slash(&discord.in_guild(&ada), &tournament("join"))
        .await;
    assert!(own.content().contains("ada joined"), "{}", own.content());

    let summer = announced(
        &harness
            .slash(&discord.in_guild(&cy), &create("Summer cup"))
            .await,
    );
    let refused = harness
        .slash(&discord.in_guild(&bob), &tournament("join"))
        .await;
    assert!(refused.callback.is_ephemeral());
    assert_eq!(
        refused.content(),
        format!(
            "Several tournaments are open on this server ({summer}, {spring}): say which one to \
             join with the `tournament` option, e.g. `/dama tournament join \
             tournament:{summer}`, or press **Join** under its announcement."
        )
    );
    let named = harness
        .slash(
            &discord.in_guild(&bob),
            &tournament("join").option("tournament", spring.0),
        )
        .await;
    assert!(
        named.content().contains("bob joined"),
        "{}",
        named.content()
    );
    let standings = harness
        .service
        .standings_of(spring)
        .await
        .expect("standings");
    assert_eq!(standings.tournament.entrants.len(), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_join_presses_fills_the_tournament_once_and_tells_everyone_else_why() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let ada = discord.user("ada");
    let people = members(&harness, 10);
    let create = |name: &str| {
        tournament("create")
            .option("name", name)
            .option("max-players", 4_i64)
    };
    let created = harness
        .slash(&discord.in_guild(&ada), &create("Flood cup"))
        .await;
    let id = announced(&created);
    let (message, join) = (
        harness.original(&created),
        custom_id(&created.callback, "dama:tjoin:"),
    );
    let mut said = HashMap::new();
    for _ in 0..3 {
        for person in &people {
            let answer = harness
                .click(&discord.in_guild(person), message, &join)
                .await;
            let words = if answer.callback.is_ephemeral() {
                answer.content().to_owned()
            } else {
                "joined".to_owned()
            };
            *said.entry(words).or_insert(0) += 1;
        }
    }
    assert_eq!(
        said,
        HashMap::from([
            ("joined".to_owned(), 4),
            ("You are in this tournament already.".to_owned(), 8),
            ("This tournament is full (4 players).".to_owned(), 18),
        ])
    );
    let standings = harness.service.standings_of(id).await.expect("standings");
    let names: Vec<&str> = standings
        .tournament
        .entrants
        .iter()
        .map(|e| e.name.as_str())
        .collect();
    assert_eq!(names, ["p1", "p2", "p3", "p4"]);

    // One member in five tournaments is told so at the sixth.
    let mut more = Vec::new();
    for (n, creator) in people[5..].iter().enumerate() {
        let created = harness
            .slash(&discord.in_guild(creator), &create(&format!("Cup {n}")))
            .await;
        more.push((
            harness.original(&created),
            custom_id(&created.callback, "dama:tjoin:"),
        ));
    }
    let p1 = &people[0];
    for (message, join) in &more[..4] {
        let answer = harness.click(&discord.in_guild(p1), *message, join).await;
        assert!(
            answer.content().contains("p1 joined"),
            "{}",
            answer.content()
        );
    }
    let (message, join) = &more[4];
    let refused = harness.click(&discord.in_guild(p1), *message, join).await;
    assert!(refused.callback.is_ephemeral());
    assert_eq!(
        refused.content(),
        "You already play in 5 tournaments: wait for one to finish, or leave one with \
         `/dama tournament leave`, before joining another."
    );
}
