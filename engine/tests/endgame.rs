//! The engine with endgame tables: it converts won endings, resigns lost ones and treats table
//! draws as draws.

mod common;

use std::sync::{Arc, OnceLock};

use dama_engine::{
    Budget, Decision, Engine, EngineConfig, Level, Score,
    tables::{Tables, Wdl},
};
use dama_rules::{Color, Game, Outcome, Rules};

fn tables() -> Arc<Tables> {
    static TABLES: OnceLock<Arc<Tables>> = OnceLock::new();
    TABLES
        .get_or_init(|| Arc::new(Tables::build(3).unwrap()))
        .clone()
}

fn engine(level: u8, with_tables: bool) -> Engine {
    let config = EngineConfig::at_level(Level::new(level).unwrap());
    if with_tables {
        Engine::with_tables(config, tables())
    } else {
        Engine::new(config)
    }
}

/// Plays `game` out between `white` and `black` (no resigning, no draws by agreement) for at
/// most `max_plies`.
fn play_out(game: &mut Game, white: &mut Engine, black: &mut Engine, max_plies: usize) {
    for _ in 0..max_plies {
        if game.outcome().is_some() {
            return;
        }
        let engine = match game.turn() {
            Color::White => &mut *white,
            Color::Black => &mut *black,
        };
        let info = engine.analyse(game, Budget::nodes(3_000), |_| {}).unwrap();
        game.play(&info.pv[0]).unwrap();
    }
}

/// King and man against king, White to move: the longest win of that material, 53 plies.
const LONG_WIN: &str = "8/6W1/8/8/8/8/w7/B7 w";

#[test]
fn the_engine_wins_a_table_ending_in_the_plies_the_table_gives_against_the_best_defence() {
    let mut game = Game::from_position(LONG_WIN.parse().unwrap());
    let mut winner = engine(5, true);
    let verdict = winner.table_verdict(&game).unwrap();
    assert_eq!((verdict.wdl, verdict.plies), (Wdl::Win, 53));
    let mut defender = engine(5, true);
    play_out(&mut game, &mut winner, &mut defender, 200);
    assert_eq!(game.outcome().and_then(Outcome::winner), Some(Color::White));
    assert_eq!(game.moves().len(), 53);
}

#[test]
fn the_engine_wins_a_table_ending_against_a_defender_without_tables_within_the_distance() {
    for level in [4, 5] {
        let mut game = Game::from_position(LONG_WIN.parse().unwrap());
        let mut winner = engine(level, true);
        let mut defender = engine(5, false);
        play_out(&mut game, &mut winner, &mut defender, 200);
        assert_eq!(game.outcome().and_then(Outcome::winner), Some(Color::White));
        assert!(
            game.moves().len() <= 53,
            "level {level}: {} plies",
            game.moves().len()
        );
    }
}

#[test]
fn without_tables_the_same_ending_is_not_known_exactly() {
    let game = Game::from_position(LONG_WIN.parse().unwrap());
    let decision = engine(5, false)
        .choose(&game, Budget::nodes(3_000))
        .unwrap();
    assert!(matches!(decision.info().score, Score::Value(_)));
    let decision = engine(5, true).choose(&game, Budget::nodes(3_000)).unwrap();
    assert_eq!(decision.info().score, Score::Win(53));
    // The weak levels play without them even when given them.
    let decision = engine(3, true).choose(&game, Budget::nodes(3_000)).unwrap();
    assert!(matches!(decision.info().score, Score::Value(_)));
}

#[test]
fn a_table_loss_is_resigned_and_the_winner_never_accepts_a_draw() {
    // Black's cornered king loses in 2 whatever it does.
    let game = Game::from_position("W7/8/8/8/8/8/8/B6W b".parse().unwrap());
    let mut e = engine(4, true);
    assert!(matches!(
        e.choose(&game, Budget::nodes(1_000)).unwrap(),
        Decision::Resign { .. }
    ));
    assert!(
        e.accepts_draw(&game, Color::Black, Budget::nodes(1_000))
            .unwrap()
    );
    assert!(
        !e.accepts_draw(&game, Color::White, Budget::nodes(1_000))
            .unwrap()
    );
}

#[test]
fn a_table_draw_is_offered_at_once_and_accepted() {
    // Two kings with nothing to take and nothing forced.
    let game = Game::from_position("8/8/8/3B4/8/8/8/W7 w".parse().unwrap());
    let mut e = engine(5, true);
    let Decision::Play {
        offer_draw, info, ..
    } = e.choose(&game, Budget::nodes(2_000)).unwrap()
    else {
        panic!("resigned a draw");
    };
    assert!(offer_draw);
    assert_eq!(info.score, Score::Value(0));
    assert!(
        e.accepts_draw(&game, Color::White, Budget::nodes(1_000))
            .unwrap()
    );
    // Without tables the engine waits for 20 quiet plies before offering.
    let Decision::Play { offer_draw, .. } = engine(5, false)
        .choose(&game, Budget::nodes(2_000))
        .unwrap()
    else {
        panic!("resigned a draw");
    };
    assert!(!offer_draw);
}

#[test]
fn the_tables_are_not_used_when_a_man_is_crowned_only_after_its_capture() {
    let pos = LONG_WIN.parse().unwrap();
    let e = engine(5, true);
    assert!(e.table_verdict(&Game::from_position(pos)).is_some());
    // Strict mode has the same legal moves: a missed capture only loses for its maker.
    assert!(
        e.table_verdict(&Game::with_rules(pos, Rules::STRICT))
            .is_some()
    );
    for rules in [Rules::FEDERATION, Rules::FEDERATION_STRICT] {
        let game = Game::with_rules(pos, rules);
        assert!(e.table_verdict(&game).is_none());
        let mut e = engine(5, true);
        let info = e.analyse(&game, Budget::nodes(3_000), |_| {}).unwrap();
        assert!(matches!(info.score, Score::Value(_)), "{rules}");
    }
}

#[test]
fn the_search_knows_a_capture_into_the_tables_exactly() {
    // Four pieces: outside the three-piece tables. White's king must take g6; every landing
    // square gives a position the tables know.
    let game = Game::from_position("8/6W1/6b1/8/8/8/w7/1B6 w".parse().unwrap());
    let tables = tables();
    let pos = game.position();
    assert_eq!(tables.probe(pos), None);
    let quickest = pos
        .legal_moves_under(Rules::STANDARD)
        .iter()
        .filter_map(|m| {
            let child = tables.probe(&pos.play_unchecked(m)).unwrap();
            (child.wdl == Wdl::Loss).then_some(child.plies + 1)
        })
        .min()
        .unwrap();
    let info = engine(5, true)
        .analyse(&game, Budget::nodes(5_000), |_| {})
        .unwrap();
    assert_eq!(info.score, Score::Win(quickest));
}

#[test]
fn a_move_from_the_tables_is_reported_like_a_search_iteration() {
    let game = Game::from_position(LONG_WIN.parse().unwrap());
    let mut reports = Vec::new();
    let info = engine(5, true)
        .analyse(&game, Budget::nodes(3_000), |i| reports.push(i.clone()))
        .unwrap();
    assert_eq!(reports, vec![info.clone()]);
    // The line the tables expect (its first 32 plies) is legal move by move.
    assert_eq!(info.pv.len(), 32);
    let mut g = game.clone();
    for m in &info.pv {
        g.play(m).unwrap();
    }
}

/// Random quiet positions of one king against two men (either side to move) that the tables
/// call won or lost, with the side to move's table result.
fn king_against_two_men(count: usize) -> Vec<(dama_rules::Position, Wdl)> {
    use dama_rules::{Board, Piece, Position, Role, Setup, Square};
    let tables = tables();
    let mut rng = common::Rng::new(31);
    let mut found = Vec::new();
    while found.len() < count {
        let king_side = if rng.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        let men_side = king_side.opposite();
        let mut board = Board::empty();
        let squares: Vec<Square> = Square::all().collect();
        let mut place = |color, role, rng: &mut common::Rng| loop {
            let sq = squares[rng.below(64)];
            // A man never stands on its promotion rank.
            let rank_ok = role == Role::King || sq.rank() != Color::promotion_rank(color);
            if board.piece_at(sq).is_none() && rank_ok {
                board.set_piece_at(sq, Some(Piece { color, role }));
                break;
            }
        };
        place(king_side, Role::King, &mut rng);
        place(men_side, Role::Man, &mut rng);
        place(men_side, Role::Man, &mut rng);
        let turn = if rng.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        let Ok(pos) = Position::from_setup(Setup { board, turn }) else {
            continue;
        };
        if pos.has_capture() || pos.legal_moves_under(Rules::STANDARD).is_empty() {
            continue;
        }
        if let Some(probe) = tables.probe(&pos) {
            found.push((pos, probe.wdl));
        }
    }
    found
}

#[test]
fn the_evaluation_sides_with_two_men_against_a_king_as_the_tables_do() {
    // Most of these endings are drawn; the decisive ones are won by the men (the king can
    // rarely stop both), so a king is no advantage here, whatever it is worth in general.
    let positions = king_against_two_men(400);
    let decisive: Vec<_> = positions.iter().filter(|(_, w)| *w != Wdl::Draw).collect();
    let agreed = decisive
        .iter()
        .filter(|(pos, wdl)| (dama_engine::evaluate(pos) > 0) == (*wdl == Wdl::Win))
        .count();
    assert!(decisive.len() >= 40, "{} decisive", decisive.len());
    assert!(
        agreed * 100 >= decisive.len() * 75,
        "{agreed} of {}",
        decisive.len()
    );
}
