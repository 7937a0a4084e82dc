//! When the engine resigns, offers a draw and accepts one.

use dama_engine::{Budget, Decision, Engine, EngineConfig, Level};
use dama_rules::{Color, Game, Rules};

fn engine(level: u8) -> Engine {
    Engine::new(EngineConfig::at_level(Level::new(level).unwrap()))
}

fn game(text: &str) -> Game {
    Game::from_position(text.parse().unwrap())
}

/// Kings walking along the edge files (they can never take each other there) to positions not
/// seen before, so the no-progress count grows without any repetition.
fn king_walk(plies: usize) -> Game {
    let mut g = game("7B/8/8/8/8/8/8/W7 w");
    for _ in 0..plies {
        let pos = *g.position();
        let m = pos
            .legal_moves_under(Rules::STANDARD)
            .iter()
            .copied()
            .find(|m| {
                m.from().file() == m.to().file() && !g.positions().contains(&pos.play_unchecked(m))
            })
            .unwrap();
        g.play(&m).unwrap();
    }
    assert_eq!(usize::from(g.quiet_plies()), plies);
    g
}

#[test]
fn the_strong_levels_resign_a_hopeless_position_and_the_weak_ones_play_on() {
    // Black to move: one man against three kings.
    let g = game("8/8/8/3b4/8/1W6/4W3/W7 b");
    assert!(matches!(
        engine(5).choose(&g, Budget::nodes(20_000)).unwrap(),
        Decision::Resign { .. }
    ));
    assert!(matches!(
        engine(4).choose(&g, Budget::nodes(20_000)).unwrap(),
        Decision::Resign { .. }
    ));
    assert!(matches!(
        engine(2).choose(&g, Budget::nodes(20_000)).unwrap(),
        Decision::Play { .. }
    ));
}

#[test]
fn a_man_down_is_no_reason_to_resign() {
    let g = game("8/bbbbbbb1/bbbbbbbb/8/8/wwwwwwww/wwwwwwww/8 b");
    assert!(matches!(
        engine(5).choose(&g, Budget::nodes(20_000)).unwrap(),
        Decision::Play { .. }
    ));
}

#[test]
fn a_draw_is_offered_in_a_dead_level_position_once_per_twenty_quiet_plies() {
    let offer = |plies| match engine(5)
        .choose(&king_walk(plies), Budget::nodes(20_000))
        .unwrap()
    {
        Decision::Play { offer_draw, .. } => offer_draw,
        Decision::Resign { .. } => panic!("resigned a level position"),
    };
    assert!(!offer(10), "too early");
    assert!(offer(20));
    assert!(!offer(22), "offered again two plies later");
    assert!(offer(40));
}

#[test]
fn no_draw_is_offered_at_the_start() {
    let Decision::Play { offer_draw, .. } = engine(5)
        .choose(&Game::new(), Budget::nodes(5_000))
        .unwrap()
    else {
        panic!("resigned at the start")
    };
    assert!(!offer_draw);
}

#[test]
fn a_draw_is_accepted_when_worse_or_dead_level_and_refused_when_better() {
    let budget = Budget::nodes(20_000);
    // A man up for White.
    let g = game("8/bbbbbbb1/bbbbbbbb/8/8/wwwwwwww/wwwwwwww/8 b");
    assert!(engine(5).accepts_draw(&g, Color::Black, budget).unwrap());
    assert!(!engine(5).accepts_draw(&g, Color::White, budget).unwrap());
    // Level and settled: accepted by either side, whoever is to move.
    let walk = king_walk(24);
    assert!(engine(5).accepts_draw(&walk, Color::White, budget).unwrap());
    assert!(engine(5).accepts_draw(&walk, Color::Black, budget).unwrap());
    // Level but with the whole game ahead: play on.
    assert!(
        !engine(5)
            .accepts_draw(&Game::new(), Color::Black, budget)
            .unwrap()
    );
}
