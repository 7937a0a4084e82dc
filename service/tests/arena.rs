//! Arena tournaments through the service, on both stores, time moved by hand: pairing as
//! members come free (nearest, no immediate rematch, odd numbers), lichess's streak and
//! berserk scoring, pausing, joining late, the end with games in play, and two instances
//! pairing each member once.

mod common;

use std::collections::HashSet;
use std::time::Duration;

use dama_test_stores::on_both_stores;

use common::{Env, place, player};
use dama_rules::notation::MoveText;
use dama_service::ids::{ArenaId, GameId, UserId};
use dama_service::model::{Actor, LiveClock, Player};
use dama_service::service::{
    ARENA_STANDINGS_PACE, ArenaPass, Change, Delivery, GameService, HowPlayed, Notice, Question,
    ServiceError,
};
use dama_service::tournament::Status;
use dama_service::tournament::arena::{ArenaOptions, ArenaStandings, MemberState};
use tokio::sync::mpsc;

const MINUTE: Duration = Duration::from_secs(60);

fn options(minutes: u32) -> ArenaOptions {
    ArenaOptions {
        name: "Friday arena".to_owned(),
        minutes,
        clock: "3+2".parse::<LiveClock>().expect("a clock"),
        rated: true,
        starts_at: None,
    }
}

/// An arena of `minutes` running from now, created by player 100.
async fn arena(env: &Env, minutes: u32) -> ArenaId {
    let found = env
        .service
        .create_arena(&player(100), place(), options(minutes))
        .await
        .expect("arena");
    assert_eq!(found.status, Status::Running);
    found.id
}

async fn join(env: &Env, id: ArenaId, who: &Player) {
    env.service
        .join_arena(who, place(), id)
        .await
        .expect("joins");
}

/// The games paired in one pass of the worker, with their players.
async fn pass(service: &GameService) -> Vec<(GameId, [UserId; 2])> {
    let pass = service.run_arenas().await.expect("a pass");
    let mut games = Vec::new();
    for (_, game) in pass.paired {
        let view = service.game(game).await.expect("game");
        let users = [view.seats.white.user(), view.seats.black.user()].map(|u| u.expect("human"));
        games.push((game, users));
    }
    games
}

fn has(pair: [UserId; 2], a: u64, b: u64) -> bool {
    let mut both = [pair[0].0, pair[1].0];
    both.sort_unstable();
    both == [a.min(b), a.max(b)]
}

async fn resign(env: &Env, game: GameId, loser: u64) {
    env.service
        .resign(game, UserId(loser))
        .await
        .expect("resigns");
}

async fn score(env: &Env, id: ArenaId, user: u64) -> u32 {
    let standings = standings_of(env, id).await;
    standings
        .rows
        .iter()
        .find(|r| r.user == UserId(user))
        .map_or(0, |r| r.score)
}

#[on_both_stores]
async fn three_members_two_paired_at_once_the_third_as_soon_as_a_game_ends() {
    let env = Env::new().await;
    let id = arena(&env, 10).await;
    for n in 1..=3 {
        join(&env, id, &player(n)).await;
        env.advance(Duration::from_millis(10));
    }
    let first = pass(&env.service).await;
    assert_eq!(first.len(), 1, "one pair, one waits");
    assert!(has(first[0].1, 1, 2), "the last to come waits: {first:?}");
    assert!(pass(&env.service).await.is_empty(), "nobody else is free");
    resign(&env, first[0].0, 2).await;
    let second = pass(&env.service).await;
    assert_eq!(second.len(), 1);
    assert!(
        has(second[0].1, 1, 3),
        "the winner (nearest by standing) meets the one waiting, not their last opponent: {second:?}"
    );
}

#[on_both_stores]
async fn free_members_meet_their_nearest_in_the_standings() {
    let env = Env::new().await;
    let id = arena(&env, 30).await;
    for n in 1..=4 {
        join(&env, id, &player(n)).await;
    }
    let first = pass(&env.service).await;
    assert_eq!(first.len(), 2);
    // The winners meet each other, the losers each other (never last opponents).
    let mut winners = Vec::new();
    for (game, [white, black]) in &first {
        resign(&env, *game, black.0).await;
        winners.push(white.0);
    }
    let second = pass(&env.service).await;
    assert_eq!(second.len(), 2);
    assert!(
        second.iter().any(|(_, p)| has(*p, winners[0], winners[1])),
        "{second:?}"
    );
}

#[on_both_stores]
async fn two_wins_then_a_draw_score_two_two_two_and_a_member_alone_may_meet_their_last_opponent() {
    let env = Env::new().await;
    let id = arena(&env, 60).await;
    join(&env, id, &player(1)).await;
    join(&env, id, &player(2)).await;
    for _ in 0..2 {
        let games = pass(&env.service).await;
        assert_eq!(games.len(), 1, "nobody else to wait for: a rematch");
        resign(&env, games[0].0, 2).await;
    }
    let games = pass(&env.service).await;
    let game = games[0].0;
    env.service
        .ask(game, UserId(1), Question::Draw)
        .await
        .expect("offer");
    env.service
        .answer(game, UserId(2), Question::Draw, true, None)
        .await
        .expect("accepted");
    assert_eq!(score(&env, id, 1).await, 6, "lichess's example: 2 + 2 + 2");
    assert_eq!(score(&env, id, 2).await, 1);
    let standings = standings_of(&env, id).await;
    let leader = &standings.rows[0];
    assert_eq!(leader.user, UserId(1));
    let marks: Vec<bool> = leader.sheet.iter().map(|p| p.on_fire).collect();
    assert_eq!(marks, [false, false, true], "the draw was played on fire");
}

/// Plays the first legal move for whoever is to move.
async fn play_any(env: &Env, game: GameId) {
    let view = env.service.game(game).await.expect("game");
    let m = view.position.legal_moves_under(view.rules)[0];
    let text = MoveText::of_move(&m);
    let actor = view.user_to_move().map_or(Actor::Engine, Actor::Player);
    env.service
        .play(game, actor, &text, HowPlayed::default())
        .await
        .expect("a legal move");
}

#[on_both_stores]
async fn a_berserk_win_of_seven_own_moves_scores_three_and_halves_the_clock() {
    let env = Env::new().await;
    let id = arena(&env, 60).await;
    join(&env, id, &player(1)).await;
    join(&env, id, &player(2)).await;
    let games = pass(&env.service).await;
    let (game, [white, black]) = games[0];
    env.service.berserk(game, white).await.expect("berserk");
    assert!(matches!(
        env.service.berserk(game, white).await,
        Err(ServiceError::BerserkRefused)
    ));
    let view = env.service.game(game).await.expect("game");
    let read = view.clock_at(env.service.now()).expect("live");
    assert_eq!(read.white_ms, 90_000, "half of 3 minutes");
    assert_eq!(read.black_ms, 180_000);
    for _ in 0..14 {
        play_any(&env, game).await;
    }
    let view = env.service.game(game).await.expect("game");
    let read = view.clock_at(env.service.now()).expect("live");
    assert_eq!(read.white_ms, 90_000, "no increment for the berserk side");
    assert_eq!(
        read.black_ms,
        180_000 + 6 * 2_000,
        "the increment for the other"
    );
    assert!(
        matches!(
            env.service.berserk(game, black).await,
            Err(ServiceError::BerserkRefused)
        ),
        "too late after one's first move"
    );
    resign(&env, game, black.0).await;
    assert_eq!(
        score(&env, id, white.0).await,
        3,
        "7 own moves: the extra point"
    );
}

#[on_both_stores]
async fn a_berserk_win_of_six_own_moves_scores_two() {
    let env = Env::new().await;
    let id = arena(&env, 60).await;
    join(&env, id, &player(1)).await;
    join(&env, id, &player(2)).await;
    let games = pass(&env.service).await;
    let (game, [white, black]) = games[0];
    env.service.berserk(game, white).await.expect("berserk");
    for _ in 0..12 {
        play_any(&env, game).await;
    }
    resign(&env, game, black.0).await;
    assert_eq!(
        score(&env, id, white.0).await,
        2,
        "6 own moves: no extra point"
    );
}

#[on_both_stores]
async fn a_paused_member_is_not_paired_until_they_come_back() {
    let env = Env::new().await;
    let id = arena(&env, 30).await;
    join(&env, id, &player(1)).await;
    join(&env, id, &player(2)).await;
    env.service
        .pause_arena(UserId(2), place(), id)
        .await
        .expect("pauses");
    assert!(pass(&env.service).await.is_empty());
    join(&env, id, &player(2)).await;
    assert_eq!(pass(&env.service).await.len(), 1, "back and paired");
}

#[on_both_stores]
async fn a_late_joiner_is_paired_and_one_who_left_keeps_their_score() {
    let env = Env::new().await;
    let id = arena(&env, 30).await;
    join(&env, id, &player(1)).await;
    join(&env, id, &player(2)).await;
    let games = pass(&env.service).await;
    resign(&env, games[0].0, 2).await;
    env.service
        .leave_arena(UserId(1), place(), id)
        .await
        .expect("leaves");
    env.advance(20 * MINUTE);
    join(&env, id, &player(3)).await;
    let games = pass(&env.service).await;
    assert_eq!(games.len(), 1);
    assert!(has(games[0].1, 2, 3), "{games:?}");
    assert_eq!(score(&env, id, 1).await, 2, "gone, their score stays");
}

#[on_both_stores]
async fn at_the_end_games_in_play_go_on_but_count_for_nothing() {
    let env = Env::new().await;
    let id = arena(&env, 10).await;
    join(&env, id, &player(1)).await;
    join(&env, id, &player(2)).await;
    let games = pass(&env.service).await;
    let game = games[0].0;
    env.advance(10 * MINUTE);
    let ended = env.service.run_arenas().await.expect("a pass");
    assert_eq!(ended.ended, [id]);
    assert!(ended.paired.is_empty());
    let over = env.service.arena(id, place()).await.expect("arena");
    assert_eq!(over.status, Status::Finished);
    let view = env.service.game(game).await.expect("game");
    assert!(view.outcome.is_none(), "the game goes on");
    resign(&env, game, 2).await;
    assert_eq!(score(&env, id, 1).await, 0, "ended after the arena");
    assert!(matches!(
        env.service.join_arena(&player(3), place(), id).await,
        Err(ServiceError::TournamentOver)
    ));
}

#[on_both_stores]
async fn an_arena_set_for_later_starts_by_the_clock() {
    let env = Env::new().await;
    let later = ArenaOptions {
        starts_at: Some(env.service.now() + 5 * MINUTE),
        ..options(45)
    };
    let found = env
        .service
        .create_arena(&player(100), place(), later)
        .await
        .expect("arena");
    assert_eq!(found.status, Status::Open);
    join(&env, found.id, &player(1)).await;
    join(&env, found.id, &player(2)).await;
    let early = env.service.run_arenas().await.expect("a pass");
    assert!(early.started.is_empty() && early.paired.is_empty());
    env.advance(5 * MINUTE);
    let start = env.service.run_arenas().await.expect("a pass");
    assert_eq!(start.started, [found.id]);
    assert_eq!(start.paired.len(), 1);
    let too_short = ArenaOptions {
        minutes: 9,
        ..options(9)
    };
    assert!(matches!(
        env.service
            .create_arena(&player(100), place(), too_short)
            .await,
        Err(ServiceError::ArenaDuration { min: 10, max: 180 })
    ));
}

#[on_both_stores(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_pair_each_member_once() {
    let env = Env::new().await;
    let other = env.reopen().await;
    let id = arena(&env, 60).await;
    for round in 0..3 {
        for n in 1..=8 {
            if round == 0 {
                join(&env, id, &player(n)).await;
            }
        }
        let (a, b) = tokio::join!(pass(&env.service), pass(&other));
        let mut seen = HashSet::new();
        for (_, [white, black]) in a.iter().chain(&b) {
            assert!(seen.insert(*white) && seen.insert(*black), "paired twice");
        }
        assert_eq!(a.len() + b.len(), 4, "everyone paired once");
        for (game, [_, black]) in a.iter().chain(&b) {
            resign(&env, *game, black.0).await;
        }
    }
    let standings = standings_of(&env, id).await;
    let games: u32 = standings.rows.iter().map(|r| r.games).sum();
    assert_eq!(games, 24);
    assert!(standings.in_play.is_empty());
    let finished = standings
        .arena
        .members
        .iter()
        .filter(|m| !m.playing)
        .count();
    assert_eq!(finished, 8);
}

#[on_both_stores]
async fn the_arena_worker_pairs_members_as_they_join_and_as_games_end() {
    let env = Env::new().await;
    let id = arena(&env, 30).await;
    let (tx, mut rx) = mpsc::channel::<ArenaPass>(8);
    let worker = env.service.spawn_arena_worker(tx);
    join(&env, id, &player(1)).await;
    join(&env, id, &player(2)).await;
    let mut paired = Vec::new();
    while paired.is_empty() {
        paired = rx.recv().await.expect("the worker reports").paired;
    }
    assert_eq!(paired.len(), 1);
    join(&env, id, &player(3)).await;
    join(&env, id, &player(4)).await;
    let mut second = Vec::new();
    while second.is_empty() {
        second = rx.recv().await.expect("the worker reports").paired;
    }
    assert_eq!(second.len(), 1, "the two newcomers");
    resign(&env, paired[0].1, 1).await;
    resign(&env, second[0].1, 3).await;
    let mut again = Vec::new();
    while again.len() < 2 {
        again.extend(rx.recv().await.expect("the worker reports").paired);
    }
    assert_eq!(again.len(), 2, "everyone paired again");
    drop(rx);
    worker.abort();
}

#[on_both_stores]
async fn whoever_lets_a_game_be_aborted_is_paused() {
    let env = Env::new().await;
    let id = arena(&env, 30).await;
    join(&env, id, &player(1)).await;
    join(&env, id, &player(2)).await;
    join(&env, id, &player(3)).await;
    let games = pass(&env.service).await;
    let (_, [white, black]) = games[0];
    env.advance(dama_service::service::ABORT_AFTER);
    env.service.end_due_clocks().await.expect("aborted");
    let found = env.service.arena(id, place()).await.expect("arena");
    let away = found.member(white).expect("a member");
    assert!(away.paused && !away.playing, "White never moved");
    let there = found.member(black).expect("a member");
    assert!(!there.paused && !there.playing);
    let next = pass(&env.service).await;
    assert_eq!(next.len(), 1);
    assert!(!next[0].1.contains(&white), "the one away waits: {next:?}");
    assert_eq!(
        score(&env, id, black.0).await,
        0,
        "an aborted game counts for nothing"
    );
}

/// The arena notices due now, each taken and recorded as delivered (as the delivery worker
/// would).
async fn delivered(env: &Env, id: ArenaId) -> Vec<Notice> {
    let due = env.service.due_notices(64).await.expect("the outbox reads");
    let mut told = Vec::new();
    for pending in due {
        env.service
            .notice_delivered(pending.id, Delivery::Channel, Some(1), None)
            .await
            .expect("recorded");
        if matches!(
            pending.notice,
            Notice::ArenaStandings { arena } | Notice::ArenaEnded { arena } if arena == id
        ) {
            told.push(pending.notice);
        }
    }
    told
}

#[on_both_stores]
async fn a_burst_of_changes_edits_the_standings_once_at_its_pace_and_the_end_tells_the_podium() {
    let env = Env::new().await;
    let id = arena(&env, 10).await;
    let standings = || Notice::ArenaStandings { arena: id };
    for n in 1..=3 {
        join(&env, id, &player(n)).await;
    }
    assert_eq!(delivered(&env, id).await, [], "not before its pace");
    env.advance(ARENA_STANDINGS_PACE);
    assert_eq!(
        delivered(&env, id).await,
        [standings()],
        "three joins, one edit"
    );
    // A game's result after that edit makes the next one, at the pace again.
    let games = pass(&env.service).await;
    resign(&env, games[0].0, games[0].1[1].0).await;
    env.service
        .pause_arena(UserId(3), place(), id)
        .await
        .expect("pauses");
    assert_eq!(delivered(&env, id).await, []);
    env.advance(ARENA_STANDINGS_PACE);
    assert_eq!(delivered(&env, id).await, [standings()]);
    // The time is up: the podium's notice.
    env.advance(10 * MINUTE);
    env.service.run_arenas().await.expect("a pass");
    assert_eq!(
        delivered(&env, id).await,
        [Notice::ArenaEnded { arena: id }]
    );
}

/// Arena `id`'s standings, as seen from its server.
async fn standings_of(env: &Env, id: ArenaId) -> ArenaStandings {
    env.service
        .arena_standings(id, place().guild)
        .await
        .expect("standings")
}

/// The arenas `changes` told of since it was last read, in order (games' changes left out).
fn arenas_told(changes: &mut tokio::sync::broadcast::Receiver<Change>) -> Vec<ArenaId> {
    let mut told = Vec::new();
    while let Ok(change) = changes.try_recv() {
        if let Change::Arena(id) = change {
            told.push(id);
        }
    }
    told
}

#[on_both_stores]
async fn an_arena_s_pages_are_told_of_joins_pairings_ends_and_pauses_after_each_commit() {
    let env = Env::new().await;
    let id = arena(&env, 10).await;
    let mut changes = env.service.changes();
    join(&env, id, &player(1)).await;
    join(&env, id, &player(2)).await;
    assert_eq!(arenas_told(&mut changes), [id, id], "each join");
    let games = pass(&env.service).await;
    assert_eq!(arenas_told(&mut changes), [id], "the pairing");
    assert!(pass(&env.service).await.is_empty());
    assert!(
        arenas_told(&mut changes).is_empty(),
        "a pass that changed nothing"
    );
    let standings = standings_of(&env, id).await;
    assert_eq!(
        standings.member_state(UserId(1)),
        Some(MemberState::Playing(games[0].0))
    );
    assert_eq!(standings.member_state(UserId(3)), None, "never joined");
    resign(&env, games[0].0, 2).await;
    assert_eq!(arenas_told(&mut changes), [id], "the game's end");
    env.service
        .pause_arena(UserId(2), place(), id)
        .await
        .expect("pauses");
    assert_eq!(arenas_told(&mut changes), [id], "the pause");
    let standings = standings_of(&env, id).await;
    assert_eq!(
        standings.member_state(UserId(1)),
        Some(MemberState::Waiting)
    );
    assert_eq!(standings.member_state(UserId(2)), Some(MemberState::Paused));
    env.advance(10 * MINUTE);
    assert_eq!(env.service.run_arenas().await.expect("a pass").ended, [id]);
    assert_eq!(arenas_told(&mut changes), [id], "the end");
    let standings = standings_of(&env, id).await;
    assert_eq!(standings.member_state(UserId(1)), Some(MemberState::Over));
}

#[on_both_stores]
async fn the_activity_lists_the_arena_a_member_joined_with_their_game() {
    let env = Env::new().await;
    let id = arena(&env, 30).await;
    let guild = place().guild;
    let none = env
        .service
        .activity_choices(UserId(1), None, guild)
        .await
        .expect("choices");
    assert_eq!(none.arena, None, "not joined");
    join(&env, id, &player(1)).await;
    join(&env, id, &player(2)).await;
    let waiting = env
        .service
        .activity_choices(UserId(1), None, guild)
        .await
        .expect("choices")
        .arena
        .expect("the arena joined");
    assert_eq!(
        (waiting.arena.id, waiting.state, waiting.game, waiting.page),
        (id, MemberState::Waiting, None, false)
    );
    let games = pass(&env.service).await;
    let playing = env
        .service
        .activity_choices(UserId(1), None, guild)
        .await
        .expect("choices")
        .arena
        .expect("the arena joined");
    assert_eq!(playing.state, MemberState::Playing(games[0].0));
    let token = env.service.web_token(games[0].0).await.expect("token");
    assert_eq!(playing.game, Some(token));
    env.service
        .leave_arena(UserId(1), place(), id)
        .await
        .expect("leaves");
    let left = env
        .service
        .activity_choices(UserId(1), None, guild)
        .await
        .expect("choices");
    assert_eq!(left.arena, None, "gone from it");
}
