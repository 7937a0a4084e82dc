//! A season: ten players, a hundred games through challenges, played to their end by every
//! kind of ending, then ratings, leaderboard and statistics checked against what happened.

mod common;

use dama_test_stores::on_both_stores;
use std::collections::HashMap;

use common::{DAY, Env, place, player, rng};
use dama_rules::notation::MoveText;
use dama_rules::{Color, Outcome, WinReason};
use dama_service::ids::{GameId, UserId};
use dama_service::model::{Actor, ChallengeOptions, ColourChoice, Player, Speed, TimeControl};
use dama_service::service::{Event, GameView, Period, Question, Reply, Streak};

const PLAYERS: u64 = 10;
const GAMES: usize = 100;
const AT_ONCE: usize = 10;

/// How a game of the season is to end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Plan {
    PlayOut,
    Resign { after: u32 },
    AgreeDraw { after: u32 },
    Abandon { after: u32 },
}

/// A finished game of the season: white, black, the winner's colour, rated.
type Finished = (UserId, UserId, Option<Color>, bool);

/// How many games ended each way: by the rules, resignation, agreement, time.
type Endings = HashMap<&'static str, usize>;

#[on_both_stores(flavor = "multi_thread", worker_threads = 2)]
async fn a_season_of_a_hundred_games_ends_in_consistent_ratings_and_statistics() {
    let env = Env::new().await;
    let mut pick = rng(2025);
    let players: Vec<_> = (1..=PLAYERS).map(player).collect();
    let mut results: HashMap<GameId, Finished> = HashMap::new();
    let mut endings = Endings::new();

    for batch in 0..GAMES / AT_ONCE {
        let mut live = start_batch(&env, &players, batch, &mut pick).await;
        play_batch(&env, &mut live, &mut endings, &mut pick).await;
        time_out_the_abandoned(&env, &mut endings).await;
        record_results(&env, &live, &mut results).await;
    }

    assert_eq!(results.len(), GAMES);
    for kind in ["rules", "resignation", "agreement", "time"] {
        assert!(
            endings.get(kind).copied().unwrap_or(0) > 0,
            "no game ended by {kind}: {endings:?}"
        );
    }
    assert_eq!(endings.values().sum::<usize>(), GAMES);
    check_ratings_and_statistics(&env, &players, &results).await;
}

/// Ten games through challenges (direct and open, every colour choice, mostly rated), each
/// with a plan for how it ends.
async fn start_batch(
    env: &Env,
    players: &[Player],
    batch: usize,
    pick: &mut impl FnMut(usize) -> usize,
) -> Vec<(GameView, Plan)> {
    let mut live = Vec::new();
    for i in 0..AT_ONCE {
        let a = &players[pick(players.len())];
        let mut b = &players[pick(players.len())];
        while b.id == a.id {
            b = &players[pick(players.len())];
        }
        let options = ChallengeOptions {
            colour: ColourChoice::ALL[i % 3],
            time_control: TimeControl::Day,
            rated: pick(5) != 0,
            ..ChallengeOptions::default()
        };
        // Every other game comes from an open challenge taken by b.
        let direct = (batch + i).is_multiple_of(2);
        let challenge = env
            .service
            .create_challenge(a, direct.then_some(b), place(), options)
            .await
            .unwrap();
        let game = env
            .service
            .accept_challenge(b, place(), challenge.id)
            .await
            .unwrap();
        let after = u32::try_from(pick(40)).unwrap();
        let plan = match pick(20) {
            0 | 1 => Plan::Resign { after },
            2 => Plan::AgreeDraw { after },
            3 => Plan::Abandon { after },
            _ => Plan::PlayOut,
        };
        live.push((game, plan));
    }
    live
}

/// Round robin: one move per live game per round, so a player has several games at once, until
/// every game has ended or been abandoned.
async fn play_batch(
    env: &Env,
    live: &mut [(GameView, Plan)],
    endings: &mut Endings,
    pick: &mut impl FnMut(usize) -> usize,
) {
    while live.iter().any(|(g, plan)| {
        !g.is_over() && !matches!(plan, Plan::Abandon { after } if g.ply >= *after)
    }) {
        for (game, plan) in live.iter_mut() {
            if !game.is_over() {
                play_turn(env, game, *plan, endings, pick).await;
            }
        }
    }
}

/// The player to move follows the game's plan: abandon, resign, agree a draw, or move at random.
async fn play_turn(
    env: &Env,
    game: &mut GameView,
    plan: Plan,
    endings: &mut Endings,
    pick: &mut impl FnMut(usize) -> usize,
) {
    let user = game.user_to_move().unwrap();
    let opponent = game.participant(game.turn().opposite()).user().unwrap();
    match plan {
        Plan::Abandon { after } if game.ply >= after => return,
        Plan::Resign { after } if game.ply >= after => {
            let ended = env.service.resign(game.id, user).await.unwrap();
            *endings.entry("resignation").or_default() += 1;
            *game = ended.game;
            return;
        }
        Plan::AgreeDraw { after } if game.ply >= after => {
            env.service
                .ask(game.id, user, Question::Draw)
                .await
                .unwrap();
            let Reply::Drawn(ended) = env
                .service
                .answer(game.id, opponent, Question::Draw, true, None)
                .await
                .unwrap()
            else {
                panic!("a yes draws the game");
            };
            *endings.entry("agreement").or_default() += 1;
            *game = ended.game;
            return;
        }
        _ => {}
    }
    let moves = game.position.legal_moves_under(game.rules);
    let m = moves[pick(moves.len())];
    let played = env
        .service
        .play_move(game.id, Actor::Player(user), &MoveText::of_move(&m))
        .await
        .unwrap();
    if played.ended.is_some() {
        *endings.entry("rules").or_default() += 1;
    }
    *game = played.game;
}

/// The abandoned games lose on time; nothing else is left to time out.
async fn time_out_the_abandoned(env: &Env, endings: &mut Endings) {
    env.advance(DAY);
    for event in env.service.sweep().await.unwrap() {
        match event {
            Event::TimedOut { game, loser, end } => {
                assert_eq!(game.user_to_move(), None);
                assert_eq!(
                    Some(loser),
                    game.participant(end.outcome.winner().unwrap().opposite())
                        .user()
                );
                *endings.entry("time").or_default() += 1;
            }
            Event::Reminder { .. }
            | Event::ChallengeExpired(_)
            | Event::ComputerPlayed(_)
            | Event::Aborted(_) => {}
        }
    }
}

/// Every game of the batch has ended; only abandoned ones on time.
async fn record_results(
    env: &Env,
    live: &[(GameView, Plan)],
    results: &mut HashMap<GameId, Finished>,
) {
    for (game, plan) in live {
        let view = env.service.game(game.id).await.unwrap();
        let outcome = view.outcome.expect("every game of the batch ended");
        let (white, black) = (
            view.seats.white.user().unwrap(),
            view.seats.black.user().unwrap(),
        );
        results.insert(view.id, (white, black, outcome.winner(), view.rated));
        let on_time = matches!(
            outcome,
            Outcome::Win {
                reason: WinReason::Time,
                ..
            }
        );
        assert!(!on_time || matches!(plan, Plan::Abandon { .. }));
    }
}

/// The leaderboard, each player's record, rating and head-to-head against the first player
/// agree with the results.
async fn check_ratings_and_statistics(
    env: &Env,
    players: &[Player],
    results: &HashMap<GameId, Finished>,
) {
    let guild = place().guild;
    let board = env
        .service
        .leaderboard(guild, Period::AllTime, None, 50)
        .await
        .unwrap()
        .entries;
    let min_games = env.service.config().leaderboard_min_games;
    assert!(!board.is_empty());
    assert!(
        board
            .windows(2)
            .all(|w| w[0].rating.rating >= w[1].rating.rating)
    );
    let (mut wins, mut losses) = (0, 0);
    for p in players {
        let mine: Vec<_> = results
            .values()
            .filter(|r| r.0 == p.id || r.1 == p.id)
            .collect();
        let rated = mine.iter().filter(|r| r.3).count();
        let stats = env
            .service
            .stats(guild, p.id, Some(players[0].id))
            .await
            .unwrap();
        assert_eq!(stats.record.games as usize, mine.len(), "{}", p.name);
        assert_eq!(
            stats.record.wins + stats.record.draws + stats.record.losses,
            stats.record.games
        );
        let won = mine
            .iter()
            .filter(|r| {
                r.2 == Some(if r.0 == p.id {
                    Color::White
                } else {
                    Color::Black
                })
            })
            .count();
        assert_eq!(stats.record.wins as usize, won);
        assert!(!matches!(stats.streak, Streak::None) || mine.is_empty());
        wins += stats.record.wins;
        losses += stats.record.losses;
        match stats.rating(Speed::Correspondence) {
            Some(r) => {
                assert_eq!(r.games as usize, rated);
                let on_board = board.iter().find(|e| e.user == p.id);
                assert_eq!(on_board.map(|e| e.rank), r.rank);
                assert_eq!(on_board.is_some(), r.games >= min_games);
                if let Some(e) = on_board {
                    assert_eq!(e.provisional, e.rating.deviation > 110.0);
                }
            }
            None => assert_eq!(rated, 0),
        }
        if p.id != players[0].id {
            // Head to head, seen from both sides, is the same set of games.
            let theirs = env
                .service
                .stats(guild, players[0].id, Some(p.id))
                .await
                .unwrap();
            let (mine, theirs) = (
                stats.head_to_head.unwrap().record,
                theirs.head_to_head.unwrap().record,
            );
            assert_eq!(
                (mine.games, mine.wins, mine.draws),
                (theirs.games, theirs.losses, theirs.draws)
            );
        }
    }
    assert_eq!(wins, losses);
    assert!(board.iter().any(|e| (e.rating.rating - 1500.0).abs() > 1.0));
}
