//! Budgets are respected (counted in nodes, never timed) and results are reproducible.

mod common;

use std::time::Duration;

use dama_engine::{Budget, Decision, Engine, EngineConfig, Level};
use dama_rules::Game;

fn engine(level: u8, seed: u64) -> Engine {
    Engine::new(EngineConfig {
        level: Level::new(level).unwrap(),
        seed,
        hash_mb: 2,
        ..EngineConfig::default()
    })
}

fn playable(count: usize, seed: u64) -> Vec<Game> {
    common::random_positions(count, seed)
        .into_iter()
        .map(Game::from_position)
        .filter(|g| g.outcome().is_none())
        .collect()
}

#[test]
fn the_node_budget_is_never_exceeded() {
    let mut engine = engine(5, 0);
    for (i, game) in playable(60, 1).iter().enumerate() {
        let limit = [1, 10, 100, 1_000, 5_000][i % 5];
        let mut reported = Vec::new();
        let decision = engine
            .choose_reporting(game, Budget::nodes(limit), |info| reported.push(info.nodes))
            .unwrap();
        assert!(
            decision.info().nodes <= limit,
            "{} > {limit}",
            decision.info().nodes
        );
        assert!(reported.iter().all(|n| *n <= limit));
        // Reports come in order of growing effort.
        assert!(reported.windows(2).all(|w| w[0] <= w[1]));
    }
}

#[test]
fn a_larger_node_budget_searches_deeper() {
    let game = Game::new();
    let depth = |nodes| {
        engine(5, 0)
            .choose(&game, Budget::nodes(nodes))
            .unwrap()
            .info()
            .depth
    };
    assert!(depth(200) < depth(20_000));
}

#[test]
fn the_depth_budget_stops_iterating_at_that_depth() {
    let mut engine = engine(5, 0);
    for game in playable(20, 2) {
        let mut depths = Vec::new();
        let decision = engine
            .choose_reporting(&game, Budget::depth(3), |info| depths.push(info.depth))
            .unwrap();
        assert!(decision.info().depth <= 3);
        assert!(depths.iter().all(|d| *d <= 3));
    }
}

#[test]
fn the_same_seed_and_budget_give_the_same_decisions() {
    for level in 1..=5 {
        let mut first = engine(level, 77);
        let mut second = engine(level, 77);
        for game in playable(30, u64::from(level)) {
            first.new_game();
            let a = first.choose(&game, Budget::nodes(2_000)).unwrap();
            // A fresh engine for every move decides exactly as a long-lived one that starts a
            // new game.
            second.new_game();
            let b = second.choose(&game, Budget::nodes(2_000)).unwrap();
            let c = engine(level, 77)
                .choose(&game, Budget::nodes(2_000))
                .unwrap();
            assert_eq!(a, b);
            assert_eq!(a, c);
        }
    }
}

#[test]
fn the_table_kept_from_earlier_moves_does_not_change_a_fixed_depth_decision() {
    // Play a game with one long-lived engine; at nearly every move a fresh engine searching to
    // the same depth agrees on the move (the kept table mostly saves work; where it holds deeper
    // results than the fresh search finds, it may pick another of near-equal moves).
    let mut kept = engine(5, 0);
    let mut game = Game::new();
    let mut agreed = 0;
    for _ in 0..24 {
        let a = kept.choose(&game, Budget::depth(6)).unwrap();
        let b = engine(5, 0).choose(&game, Budget::depth(6)).unwrap();
        agreed += usize::from(a.mv() == b.mv());
        let Some(mv) = a.mv() else { break };
        game.play(&mv).unwrap();
    }
    assert!(agreed >= 18, "only {agreed} of 24 moves agreed");
}

#[test]
fn different_seeds_vary_the_play_of_the_weak_levels_only() {
    let games = playable(40, 3);
    let moves = |level, seed| -> Vec<Option<_>> {
        let mut e = engine(level, seed);
        games
            .iter()
            .map(|g| e.choose(g, Budget::nodes(3_000)).unwrap().mv())
            .collect()
    };
    assert_ne!(moves(1, 1), moves(1, 2));
    assert_eq!(moves(5, 1), moves(5, 2));
}

#[test]
fn the_interactive_budget_keeps_the_level_budget_and_adds_a_time_cap() {
    for level in Level::all() {
        let b = level.interactive_budget();
        assert_eq!(b.max_time, Some(Level::INTERACTIVE_TIME_LIMIT));
        assert_eq!(b.max_nodes, level.budget().max_nodes);
        assert_eq!(b.max_depth, level.budget().max_depth);
        assert!(b.max_nodes.is_some() || b.max_depth.is_some());
    }
}

#[test]
fn a_finished_game_is_refused() {
    let game = Game::from_position("8/8/8/8/8/8/8/B7 w".parse().unwrap());
    let err = engine(3, 0).choose(&game, Budget::nodes(10)).unwrap_err();
    assert!(err.to_string().contains("game is over"), "{err}");
    assert!(matches!(
        engine(3, 0).choose(&Game::new(), Budget::nodes(10)),
        Ok(Decision::Play { .. })
    ));
}

#[test]
fn a_deep_search_fits_in_a_small_thread_stack() {
    // Discord handlers run the engine on worker threads with small stacks (2 MiB in tokio):
    // the search must not keep the rules crate's large move lists in its recursive frames.
    let handle = std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(|| {
            let game = Game::from_position("8/8/2B5/8/5W2/8/1W6/6B1 b".parse().unwrap());
            engine(5, 0)
                .choose(&game, Budget::nodes(100_000).with_depth(40))
                .unwrap()
                .info()
                .depth
        })
        .unwrap();
    assert!(handle.join().unwrap() >= 1);
}

#[test]
fn an_engine_can_move_to_another_thread() {
    fn send<T: Send + 'static>(_: T) {}
    send(engine(1, 0));
}

#[test]
fn a_search_out_of_time_stops_at_the_next_clock_check() {
    // The clock is read every 1024 nodes: with no time left the search stops at the first
    // reading, however slow the machine. How long a search on the clock takes is measured by
    // the `search` benchmark's `clock` group, not here.
    let mut e = engine(5, 0);
    for game in playable(8, 9) {
        let decision = e.choose(&game, Budget::time(Duration::ZERO)).unwrap();
        assert!(decision.info().nodes <= 1024, "{:?}", decision.info());
        assert!(decision.mv().is_some(), "a move, even with no time");
    }
}

#[test]
fn a_single_legal_move_is_played_at_once() {
    // White's only move is the capture d4xd6.
    let game = Game::from_position("8/8/8/3b4/3w4/8/8/8 w".parse().unwrap());
    let decision = engine(5, 0)
        .choose(&game, Budget::time(Duration::from_secs(5)))
        .unwrap();
    assert_eq!(decision.info().depth, 1);
    assert!(decision.info().nodes < 100, "{:?}", decision.info());
}
