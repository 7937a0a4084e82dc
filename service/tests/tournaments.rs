//! Correspondence tournaments through the service: a Swiss and a round robin played to the end
//! (pairings, byes, colours, automatic rounds, standings and tie-breaks), a withdrawal, a restart
//! mid-round, a start at a set time, and the refusals.

mod common;

use dama_test_stores::on_both_stores;
use std::collections::{HashMap, HashSet};

use common::{DAY, Env, HOUR, place, player};
use dama_rules::Color;
use dama_service::ids::{ChannelId, GuildId, Place, UserId};
use dama_service::model::{Player, TimeControl};
use dama_service::service::Organising::{Cancel, Start};
use dama_service::service::{Authority, Notice, Question, ServiceError};
use dama_service::tournament::{
    Format, Halves, Options, Pairing, Quarters, Standings, Status, Tournament,
};

impl Env {
    /// A tournament created by player 1 and joined by `players`, not started.
    async fn tournament_of(&self, format: Format, players: &[Player]) -> Tournament {
        self.tournament_with(Options::new("Spring cup", format), players)
            .await
    }

    /// A tournament with `options`, created by player 1 and joined by `players`, not started.
    async fn tournament_with(&self, options: Options, players: &[Player]) -> Tournament {
        let t = self
            .service
            .create_tournament(&player(1), place(), options)
            .await
            .expect("created");
        for p in players {
            self.service
                .join_tournament(p, place(), t.id)
                .await
                .expect("joined");
        }
        t
    }

    /// As [`tournament_with`], started by its creator.
    async fn started_with(&self, options: Options, players: &[Player]) -> Tournament {
        let t = self.tournament_with(options, players).await;
        self.service
            .organise_tournament(Start, player(1).id, Authority::Member, place(), t.id)
            .await
            .expect("started")
    }

    async fn standings(&self, t: &Tournament) -> Standings {
        self.service
            .standings(t.id, place().guild)
            .await
            .expect("standings")
    }

    /// Ends every game of the current round: the player with the lower user id wins, except
    /// that `draws` (pairs of user ids) agree a draw.
    async fn play_round(&self, t: &Tournament, draws: &[(u64, u64)]) {
        let standings = self.standings(t).await;
        let round = standings.tournament.round;
        let games: Vec<Pairing> = standings.round(round).copied().collect();
        for p in games {
            let (Some(black), Some(game), None) = (p.black, p.game, p.result) else {
                continue;
            };
            let pair = (p.white.0.min(black.0), p.white.0.max(black.0));
            if draws.contains(&pair) {
                self.service
                    .ask(game, p.white, Question::Draw)
                    .await
                    .expect("draw offered");
                self.service
                    .answer(game, black, Question::Draw, true, None)
                    .await
                    .expect("draw agreed");
            } else {
                let loser = UserId(p.white.0.max(black.0));
                self.service.resign(game, loser).await.expect("resigned");
            }
        }
    }
}

fn entrants(ids: std::ops::RangeInclusive<u64>) -> Vec<Player> {
    ids.map(player).collect()
}

/// Points, Buchholz and Sonneborn-Berger recomputed from the pairings, the plain way.
fn recomputed(standings: &Standings) -> HashMap<UserId, (u32, u32, u32)> {
    let mut points: HashMap<UserId, u32> = HashMap::new();
    let score = |p: &Pairing, who: UserId| -> Option<u32> {
        match (p.black, p.result) {
            (None, _) => Some(2),
            (Some(_), Some(Some(winner))) => {
                let won = (winner == Color::White) == (p.white == who);
                Some(if won { 2 } else { 0 })
            }
            (Some(_), Some(None)) => Some(1),
            (Some(_), None) => None,
        }
    };
    for p in &standings.pairings {
        for who in [Some(p.white), p.black].into_iter().flatten() {
            *points.entry(who).or_default() += score(p, who).unwrap_or(0);
        }
    }
    let mut out = HashMap::new();
    for e in &standings.tournament.entrants {
        let mut buchholz = 0;
        let mut sb = 0;
        for p in standings.pairings.iter().filter(|p| p.involves(e.user)) {
            let Some(black) = p.black else { continue };
            let opponent = if p.white == e.user { black } else { p.white };
            let (Some(mine), Some(theirs)) = (score(p, e.user), points.get(&opponent)) else {
                continue;
            };
            buchholz += theirs;
            sb += mine * theirs;
        }
        out.insert(e.user, (points[&e.user], buchholz, sb));
    }
    out
}

#[on_both_stores]
async fn a_swiss_of_seven_over_three_rounds_pairs_byes_and_colours_and_ranks_by_its_tiebreaks() {
    let env = Env::new().await;
    let players = entrants(11..=17);
    let mut options = Options::new("Swiss seven", Format::Swiss);
    options.rounds = Some(3);
    let started = env.started_with(options, &players).await;
    let t = started.clone();
    assert_eq!(started.status, Status::Running);
    assert_eq!(started.rounds, Some(3));
    assert_eq!(started.round, 1);
    // Equal ratings: seeded in joining order.
    let seeds: Vec<u64> = started.entrants.iter().map(|e| e.user.0).collect();
    assert_eq!(seeds, (11..=17).collect::<Vec<_>>());

    for round in 1..=3 {
        let standings = env.standings(&t).await;
        assert_eq!(standings.tournament.round, round);
        let pairs: Vec<&Pairing> = standings.round(round).collect();
        assert_eq!(pairs.len(), 4, "three games and a bye: {pairs:?}");
        assert_eq!(pairs.iter().filter(|p| p.is_bye()).count(), 1);
        for p in pairs.iter().filter(|p| !p.is_bye()) {
            let view = env
                .service
                .game(p.game.expect("a game"))
                .await
                .expect("game");
            assert_eq!(view.seats.white.user(), Some(p.white));
            assert_eq!(view.seats.black.user(), p.black);
            assert_eq!(view.time_control, TimeControl::Day);
            assert!(view.rated);
        }
        env.play_round(&t, &[(12, 13)]).await;
    }

    let standings = env.standings(&t).await;
    assert_eq!(standings.tournament.status, Status::Finished);
    // No pair twice, a different player on the bye each round, colours balanced.
    let mut met = HashSet::new();
    let mut byes = HashSet::new();
    let mut colours: HashMap<UserId, i32> = HashMap::new();
    for p in &standings.pairings {
        match p.black {
            None => assert!(byes.insert(p.white), "two byes for {}", p.white),
            Some(black) => {
                let pair = (p.white.min(black), p.white.max(black));
                assert!(met.insert(pair), "{pair:?} met twice");
                *colours.entry(p.white).or_default() += 1;
                *colours.entry(black).or_default() -= 1;
            }
        }
    }
    assert_eq!(byes.len(), 3);
    assert!(colours.values().all(|c| c.abs() <= 1), "{colours:?}");
    // The table agrees with the plain recomputation, sorted by points, Buchholz, SB.
    let plain = recomputed(&standings);
    for row in &standings.rows {
        let (points, buchholz, sb) = plain[&row.user];
        assert_eq!(row.points, Halves(points), "{row:?}");
        assert_eq!(row.buchholz, Halves(buchholz), "{row:?}");
        assert_eq!(row.sonneborn_berger, Quarters(sb), "{row:?}");
        assert_eq!(row.games_left, 0);
    }
    let keys: Vec<(Halves, Halves, Quarters)> = standings
        .rows
        .iter()
        .map(|r| (r.points, r.buchholz, r.sonneborn_berger))
        .collect();
    let mut sorted = keys.clone();
    sorted.sort_by(|a, b| b.cmp(a));
    assert_eq!(keys, sorted);
    // Player 11 won every game it played (the lowest id wins): first, alone.
    assert_eq!(standings.rows[0].user, UserId(11));
    assert_eq!(standings.rows[0].rank, 1);
    assert_eq!(standings.rows[1].rank, 2);
}

#[on_both_stores]
async fn a_round_robin_of_four_follows_the_berger_tables_and_announces_each_step() {
    let env = Env::new().await;
    let t = env
        .tournament_of(Format::RoundRobin, &entrants(21..=24))
        .await;
    env.service
        .organise_tournament(Start, player(1).id, Authority::Member, place(), t.id)
        .await
        .expect("started");
    let expected = [
        [(21, 24), (22, 23)],
        [(24, 23), (21, 22)],
        [(22, 24), (23, 21)],
    ];
    for (round, boards) in (1..).zip(expected) {
        let standings = env.standings(&t).await;
        let paired: Vec<(u64, u64)> = standings
            .round(round)
            .map(|p| (p.white.0, p.black.map_or(0, |b| b.0)))
            .collect();
        assert_eq!(paired, boards, "round {round}");
        env.play_round(&t, &[]).await;
    }
    let standings = env.standings(&t).await;
    assert_eq!(standings.tournament.status, Status::Finished);
    let table: Vec<(u64, u32, u32)> = standings
        .rows
        .iter()
        .map(|r| (r.user.0, r.rank, r.points.0))
        .collect();
    // The lower id wins every game: 3, 2, 1 and 0 wins.
    assert_eq!(table, vec![(21, 1, 6), (22, 2, 4), (23, 3, 2), (24, 4, 0)]);
    // What the channel hears comes in order: first the pairings of round 1 (the outbox hands
    // out the oldest notice of each stream).
    let tournament_notices: Vec<Notice> = env
        .service
        .due_notices(500)
        .await
        .expect("outbox")
        .into_iter()
        .map(|n| n.notice)
        .filter(|n| n.game().is_none())
        .collect();
    assert_eq!(
        tournament_notices,
        [Notice::RoundStarted {
            tournament: t.id,
            round: 1
        }]
    );
}

#[on_both_stores]
async fn a_withdrawal_resigns_the_game_in_progress_and_forfeits_the_later_round_robin_games() {
    let env = Env::new().await;
    let t = env
        .tournament_of(Format::RoundRobin, &entrants(31..=34))
        .await;
    env.service
        .organise_tournament(Start, player(1).id, Authority::Member, place(), t.id)
        .await
        .expect("started");
    // Round 1: 31-34, 32-33. 34 withdraws mid-round.
    let left = env
        .service
        .leave_tournament(UserId(34), place(), t.id)
        .await
        .expect("withdrawn");
    assert!(left.withdrew);
    assert_eq!(left.resigned.len(), 1);
    let game = env.service.game(left.resigned[0]).await.expect("game");
    assert_eq!(game.outcome.and_then(|o| o.winner()), Some(Color::White));
    env.play_round(&t, &[]).await;
    // Round 2: 34-33 is given to 33 without play; 31-32 is played.
    let standings = env.standings(&t).await;
    assert_eq!(standings.tournament.round, 2);
    let forfeited: Vec<&Pairing> = standings.round(2).filter(|p| p.forfeit).collect();
    assert_eq!(forfeited.len(), 1);
    assert_eq!(forfeited[0].game, None);
    assert_eq!(
        forfeited[0].result,
        Some(Some(Color::Black)),
        "33 is Black and wins"
    );
    let withdrawn = standings
        .rows
        .iter()
        .find(|r| r.user == UserId(34))
        .expect("row");
    assert!(withdrawn.withdrawn);
    assert_eq!(withdrawn.games_left, 0);
    // Leaving again, or joining a running tournament, is refused.
    let again = env
        .service
        .leave_tournament(UserId(34), place(), t.id)
        .await;
    assert!(
        matches!(again, Err(ServiceError::NotInTournament)),
        "{again:?}"
    );
    let late = env
        .service
        .join_tournament(&player(35), place(), t.id)
        .await;
    assert!(
        matches!(late, Err(ServiceError::TournamentStarted)),
        "{late:?}"
    );
    env.play_round(&t, &[]).await;
    env.play_round(&t, &[]).await;
    let standings = env.standings(&t).await;
    assert_eq!(standings.tournament.status, Status::Finished);
    let points: HashMap<u64, u32> = standings
        .rows
        .iter()
        .map(|r| (r.user.0, r.points.0))
        .collect();
    // 31 beats everyone; 32 beats 33 and wins by forfeit over 34; 33 wins by forfeit over 34.
    assert_eq!(
        [points[&31], points[&32], points[&33], points[&34]],
        [6, 4, 2, 0],
        "{points:?}"
    );
}

#[on_both_stores]
async fn a_swiss_goes_on_without_a_withdrawn_player_and_a_restart_mid_round_loses_nothing() {
    let env = Env::new().await;
    let mut options = Options::new("Four", Format::Swiss);
    options.rounds = Some(3);
    let t = env.started_with(options, &entrants(41..=44)).await;
    env.play_round(&t, &[]).await;
    // Another process takes over in round 2.
    let other = env.reopen().await;
    let standings = other
        .standings(t.id, place().guild)
        .await
        .expect("standings");
    assert_eq!(standings.tournament.round, 2);
    let pending: Vec<&Pairing> = standings.round(2).filter(|p| p.is_pending()).collect();
    assert_eq!(pending.len(), 2);
    other
        .leave_tournament(UserId(44), place(), t.id)
        .await
        .expect("withdrawn");
    env.play_round(&t, &[]).await;
    let standings = env.standings(&t).await;
    assert_eq!(standings.tournament.round, 3);
    assert!(
        standings.round(3).all(|p| !p.involves(UserId(44))),
        "a withdrawn player is not paired: {:?}",
        standings.pairings
    );
    assert_eq!(standings.round(3).filter(|p| p.is_bye()).count(), 1);
}

#[on_both_stores]
async fn a_tournament_starts_by_itself_at_its_time_or_is_cancelled_with_too_few_players() {
    let env = Env::new().await;
    let mut options = Options::new("Timed", Format::RoundRobin);
    options.starts_at = Some(env.service.now() + 2 * HOUR);
    let t = env
        .service
        .create_tournament(&player(1), place(), options.clone())
        .await
        .expect("created");
    let lonely = env
        .service
        .create_tournament(&player(1), place(), options)
        .await
        .expect("created");
    for p in entrants(51..=53) {
        env.service
            .join_tournament(&p, place(), t.id)
            .await
            .expect("joined");
    }
    env.service
        .join_tournament(&player(51), place(), lonely.id)
        .await
        .expect("joined");
    env.service.sweep().await.expect("sweep");
    assert_eq!(env.standings(&t).await.tournament.status, Status::Open);
    env.advance(2 * HOUR);
    env.service.sweep().await.expect("sweep");
    let started = env.standings(&t).await;
    assert_eq!(started.tournament.status, Status::Running);
    assert_eq!(
        started.total_rounds, 3,
        "three players: three rounds, one bye each"
    );
    assert_eq!(
        env.standings(&lonely).await.tournament.status,
        Status::Cancelled
    );
}

#[on_both_stores]
async fn refusals_name_what_is_wrong_and_change_nothing() {
    let env = Env::new().await;
    let dm = Place {
        guild: None,
        channel: ChannelId(9),
    };
    let options = Options::new("Cup", Format::Swiss);
    let refused = env
        .service
        .create_tournament(&player(1), dm, options.clone())
        .await;
    assert!(
        matches!(refused, Err(ServiceError::TournamentNeedsServer)),
        "{refused:?}"
    );
    let unnamed = env
        .service
        .create_tournament(&player(1), place(), Options::new("  ", Format::Swiss))
        .await;
    assert!(
        matches!(unnamed, Err(ServiceError::TournamentName { max: 100 })),
        "{unnamed:?}"
    );
    let mut huge = options.clone();
    huge.max_players = 65;
    let refused = env
        .service
        .create_tournament(&player(1), place(), huge)
        .await;
    assert!(matches!(
        refused,
        Err(ServiceError::TournamentSize { min: 2, max: 64 })
    ));
    let mut past = options.clone();
    past.starts_at = Some(env.service.now());
    let refused = env
        .service
        .create_tournament(&player(1), place(), past)
        .await;
    assert!(matches!(refused, Err(ServiceError::StartInPast)));

    let mut small = options;
    small.max_players = 2;
    let t = env
        .service
        .create_tournament(&player(1), place(), small)
        .await
        .expect("created");
    let early = env
        .service
        .organise_tournament(Start, player(1).id, Authority::Member, place(), t.id)
        .await;
    assert!(
        matches!(early, Err(ServiceError::TooFewPlayers { have: 0, min: 2 })),
        "{early:?}"
    );
    env.service
        .join_tournament(&player(2), place(), t.id)
        .await
        .expect("joined");
    let twice = env.service.join_tournament(&player(2), place(), t.id).await;
    assert!(
        matches!(twice, Err(ServiceError::AlreadyJoined)),
        "{twice:?}"
    );
    env.service
        .join_tournament(&player(3), place(), t.id)
        .await
        .expect("joined");
    let full = env.service.join_tournament(&player(4), place(), t.id).await;
    assert!(
        matches!(full, Err(ServiceError::TournamentFull { max: 2 })),
        "{full:?}"
    );
    let elsewhere = Place {
        guild: Some(GuildId(7)),
        channel: ChannelId(8),
    };
    let hidden = env
        .service
        .join_tournament(&player(4), elsewhere, t.id)
        .await;
    assert!(
        matches!(hidden, Err(ServiceError::NoSuchTournament(_))),
        "{hidden:?}"
    );
    let stranger = env
        .service
        .organise_tournament(Start, player(2).id, Authority::Member, place(), t.id)
        .await;
    assert!(
        matches!(stranger, Err(ServiceError::NotOrganiser)),
        "{stranger:?}"
    );
    assert_eq!(env.standings(&t).await.tournament.status, Status::Open);
    // Someone who manages the server may start it.
    env.service
        .organise_tournament(Start, player(2).id, Authority::Manager, place(), t.id)
        .await
        .expect("a manager starts it");
    let cancelled = env
        .service
        .organise_tournament(Cancel, player(1).id, Authority::Member, place(), t.id)
        .await
        .expect("cancelled");
    assert_eq!(cancelled.status, Status::Cancelled);
    // Its game goes on as an ordinary game; its end pairs nothing.
    let standings = env.standings(&t).await;
    let game = standings.pairings[0].game.expect("a game");
    env.advance(DAY / 2);
    env.service.resign(game, UserId(3)).await.expect("resigned");
    let after = env.standings(&t).await;
    assert_eq!(after.tournament.status, Status::Cancelled);
    assert_eq!(after.pairings.len(), 1);
}

#[on_both_stores]
async fn a_loss_on_time_counts_like_any_result_and_the_next_round_starts() {
    let env = Env::new().await;
    let mut options = Options::new("Blitz by mail", Format::DoubleRoundRobin);
    options.time_control = TimeControl::Hour;
    let t = env.started_with(options, &entrants(61..=62)).await;
    let first = env.standings(&t).await;
    assert_eq!(first.total_rounds, 2, "two players, twice");
    let game = first.pairings[0].game.expect("a game");
    assert_eq!(first.pairings[0].white, UserId(61));
    // White lets the hour pass: the sweeper records the loss, and the return game starts with
    // the colours swapped.
    env.advance(2 * HOUR);
    env.service.sweep().await.expect("sweep");
    let second = env.standings(&t).await;
    assert_eq!(second.tournament.round, 2);
    assert_eq!(second.pairings[0].game, Some(game));
    assert_eq!(second.pairings[0].result, Some(Some(Color::Black)));
    let rematch = second.round(2).next().expect("the return game");
    assert_eq!(
        (rematch.white, rematch.black),
        (UserId(62), Some(UserId(61)))
    );
    assert!(rematch.is_pending());
}

#[on_both_stores]
async fn a_withdrawal_cut_short_by_a_crash_is_finished_by_leaving_again() {
    let env = Env::new().await;
    let t = env
        .started_with(
            Options::new("Crash", Format::RoundRobin),
            &entrants(71..=74),
        )
        .await;
    // The withdrawal was committed, then the process died before resigning the game.
    let pool = dama_service::connect(&env.url).await.expect("database");
    sqlx::query("UPDATE tournament_players SET withdrawn_at = 1 WHERE user_id = 72")
        .execute(&pool)
        .await
        .expect("withdrawn by hand");
    let left = env
        .service
        .leave_tournament(UserId(72), place(), t.id)
        .await
        .expect("the withdrawal is finished");
    assert_eq!(left.resigned.len(), 1);
    let again = env
        .service
        .leave_tournament(UserId(72), place(), t.id)
        .await;
    assert!(
        matches!(again, Err(ServiceError::NotInTournament)),
        "{again:?}"
    );
}
