//! A season: ten players, a hundred games through challenges, played to their end by every
//! kind of ending, then ratings, leaderboard and statistics checked against what happened.

mod common;

use std::collections::HashMap;

use common::{DAY, Env, place, player, rng};
use dama_bot::ids::{GameId, UserId};
use dama_bot::model::{Actor, ChallengeOptions, ColourChoice, TimeControl};
use dama_bot::service::{Event, GameView, Streak};
use dama_rules::notation::MoveText;
use dama_rules::{Color, Outcome, WinReason};

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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_season_of_a_hundred_games_ends_in_consistent_ratings_and_statistics() {
    let env = Env::new().await;
    let mut pick = rng(2025);
    let players: Vec<_> = (1..=PLAYERS).map(player).collect();
    let mut results: HashMap<GameId, (UserId, UserId, Option<Color>, bool)> = HashMap::new();
    let mut endings: HashMap<&str, usize> = HashMap::new();

    for batch in 0..GAMES / AT_ONCE {
        let mut live: Vec<(GameView, Plan)> = Vec::new();
        for i in 0..AT_ONCE {
            let a = &players[pick(players.len())];
            let mut b = &players[pick(players.len())];
            while b.id == a.id {
                b = &players[pick(players.len())];
            }
            let options = ChallengeOptions {
                colour: [
                    ColourChoice::White,
                    ColourChoice::Black,
                    ColourChoice::Random,
                ][i % 3],
                time_control: TimeControl::Day,
                rated: pick(5) != 0,
            };
            // Every other game comes from an open challenge taken by b.
            let direct = (batch + i) % 2 == 0;
            let challenge = env
                .service
                .create_challenge(a, direct.then_some(b), place(), options)
                .await
                .unwrap();
            let game = env.service.accept_challenge(b, challenge.id).await.unwrap();
            let after = u32::try_from(pick(40)).unwrap();
            let plan = match pick(20) {
                0 | 1 => Plan::Resign { after },
                2 => Plan::AgreeDraw { after },
                3 => Plan::Abandon { after },
                _ => Plan::PlayOut,
            };
            live.push((game, plan));
        }

        // Round robin: one move per live game per round, so a player has several games at once.
        while live.iter().any(|(g, plan)| {
            !g.is_over() && !matches!(plan, Plan::Abandon { after } if g.ply >= *after)
        }) {
            for (game, plan) in &mut live {
                if game.is_over() {
                    continue;
                }
                let user = game.user_to_move().unwrap();
                let opponent = game.participant(game.turn().opposite()).user().unwrap();
                match *plan {
                    Plan::Abandon { after } if game.ply >= after => continue,
                    Plan::Resign { after } if game.ply >= after => {
                        let ended = env.service.resign(game.id, user).await.unwrap();
                        *endings.entry("resignation").or_default() += 1;
                        *game = ended.game;
                        continue;
                    }
                    Plan::AgreeDraw { after } if game.ply >= after => {
                        env.service.offer_draw(game.id, user).await.unwrap();
                        let ended = env.service.accept_draw(game.id, opponent).await.unwrap();
                        *endings.entry("agreement").or_default() += 1;
                        *game = ended.game;
                        continue;
                    }
                    _ => {}
                }
                let moves = game.position.legal_moves();
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
        }
        // The abandoned games lose on time; nothing else is left to time out.
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
                Event::Reminder { .. } | Event::ChallengeExpired(_) => {}
            }
        }
        for (game, _) in &live {
            let view = env.service.game(game.id).await.unwrap();
            let outcome = view.outcome.expect("every game of the batch ended");
            let (white, black) = (
                view.seats.white.user().unwrap(),
                view.seats.black.user().unwrap(),
            );
            results.insert(view.id, (white, black, outcome.winner(), view.rated));
            if matches!(
                outcome,
                Outcome::Win {
                    reason: WinReason::Time,
                    ..
                }
            ) {
                assert!(
                    live.iter()
                        .any(|(g, p)| g.id == view.id && matches!(p, Plan::Abandon { .. }))
                );
            }
        }
    }

    assert_eq!(results.len(), GAMES);
    for kind in ["rules", "resignation", "agreement", "time"] {
        assert!(
            endings.get(kind).copied().unwrap_or(0) > 0,
            "no game ended by {kind}: {endings:?}"
        );
    }
    assert_eq!(endings.values().sum::<usize>(), GAMES);

    let guild = place().guild;
    let board = env.service.leaderboard(guild, 50).await.unwrap();
    let min_games = env.service.config().leaderboard_min_games;
    assert!(!board.is_empty());
    assert!(
        board
            .windows(2)
            .all(|w| w[0].rating.rating >= w[1].rating.rating)
    );
    let (mut wins, mut losses) = (0, 0);
    for p in &players {
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
        match stats.rating {
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
