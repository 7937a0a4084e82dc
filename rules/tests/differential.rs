//! Differential test: dama-rules against the `kish` crate and against the slow reference
//! generator of `common`, on positions reached by seeded random play and on random boards,
//! under both promotion rules.
//!
//! kish reads promotion as Turkey's federation does: a man that reaches the far rank in the middle
//! of a capture finishes it as a man ([`Rules::FEDERATION`]). Under that rule the move sets must
//! equal kish's in every position, with no exclusion. Under docs/rules.md (crowned at once,
//! capturing rule 6) they must equal the reference generator's, and kish's wherever no man can
//! reach the far rank in the middle of a capture (the only place the two rules part).

mod common;

use std::{collections::BTreeSet, fmt::Debug};

use common::{
    Crowning, MoveKey, Play, RefMoves, Rng, kish_board, random_board, random_positions,
    reference_moves,
};
use dama_rules::{Move, Position, Rules};
use kish::Board;

/// Seeds of the random games; they give a little over 100,000 distinct positions.
const GAMES: u64 = 2000;
const MIN_POSITIONS: usize = 100_000;
const RANDOM_BOARDS: usize = 100_000;

/// A move as kish can tell it: kish stores a move as the change it makes to the board, so a
/// circular capture (ending where it started) has no visible start or end square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct KishKey {
    ends: Option<(u8, u8)>,
    captured: u64,
    promotes: bool,
}

impl From<MoveKey> for KishKey {
    fn from(k: MoveKey) -> KishKey {
        KishKey {
            ends: (k.from != k.to).then_some((k.from, k.to)),
            captured: k.captured,
            promotes: k.promotes,
        }
    }
}

fn kish_keys(pos: &Position) -> BTreeSet<KishKey> {
    let board = kish_board(pos);
    let us = board.turn.to_usize();
    let ours = board.state.pieces[us];
    board
        .actions()
        .iter()
        .map(|a| {
            let moved = a.delta.pieces[us];
            let (from, to) = (moved & ours, moved & !ours);
            KishKey {
                ends: (moved != 0)
                    .then(|| (from.trailing_zeros() as u8, to.trailing_zeros() as u8)),
                captured: a.delta.pieces[1 - us],
                promotes: moved != 0 && board.state.kings & from == 0 && a.delta.kings & to != 0,
            }
        })
        .collect()
}

fn to_kish(keys: &BTreeSet<MoveKey>) -> BTreeSet<KishKey> {
    keys.iter().map(|k| KishKey::from(*k)).collect()
}

/// Panics with what only one side has, rather than two long sets.
fn assert_same<T: Ord + Debug>(
    ours: &BTreeSet<T>,
    theirs: &BTreeSet<T>,
    what: &str,
    pos: &Position,
) {
    if ours != theirs {
        let only_ours: Vec<&T> = ours.difference(theirs).collect();
        let only_theirs: Vec<&T> = theirs.difference(ours).collect();
        panic!(
            "{what} in {pos}: only dama-rules has {only_ours:?}, only the other has {only_theirs:?}"
        );
    }
}

#[derive(Debug, Default)]
struct Stats {
    positions: usize,
    with_kings: usize,
    with_captures: usize,
    multi_captures: usize,
    crowned_mid_capture: usize,
    crowning_rules_disagree: usize,
    moves: usize,
    federation_moves: usize,
}

/// The legal moves of `pos` under `rules` as keys, after checking that the list, the count and
/// `has_capture` agree with each other and every move plays.
fn our_keys(pos: &Position, rules: Rules) -> BTreeSet<MoveKey> {
    let moves = pos.legal_moves_under(rules);
    let keys: BTreeSet<MoveKey> = moves.iter().map(MoveKey::of).collect();
    assert_eq!(
        keys.len(),
        moves.len(),
        "a move is listed twice in {pos} ({rules})"
    );
    assert_eq!(
        pos.count_legal_moves_under(rules),
        moves.len() as u64,
        "count in {pos} ({rules})"
    );
    let capture = moves.first().is_some_and(Move::is_capture);
    assert_eq!(pos.has_capture(), capture, "has_capture in {pos}");
    keys
}

fn check(pos: &Position, stats: &mut Stats) {
    let keys = our_keys(pos, Rules::STANDARD);
    let moves = pos.legal_moves_under(Rules::STANDARD);
    let capture = moves.first().is_some_and(Move::is_capture);

    let rules: RefMoves = reference_moves(pos, Crowning::AtOnce);
    assert_same(&keys, &rules.keys(), "docs/rules.md reference", pos);

    // The federation's rule: kish and the reference, in every position.
    let federation = our_keys(pos, Rules::FEDERATION);
    let at_end = reference_moves(pos, Crowning::AtEnd);
    let kish = kish_keys(pos);
    assert_same(&federation, &at_end.keys(), "federation reference", pos);
    assert_same(&to_kish(&federation), &kish, "kish (federation)", pos);

    if rules.crowned_mid_capture || at_end.crowned_mid_capture {
        stats.crowned_mid_capture += 1;
        stats.crowning_rules_disagree += usize::from(keys != federation);
    } else {
        assert_same(&to_kish(&keys), &kish, "kish (standard)", pos);
        assert_eq!(
            keys, federation,
            "the rules part only where a man is crowned mid-capture"
        );
    }

    stats.positions += 1;
    stats.federation_moves += federation.len();
    stats.moves += moves.len();
    stats.with_kings += usize::from(pos.board().kings().any());
    stats.with_captures += usize::from(capture);
    stats.multi_captures += usize::from(moves.first().is_some_and(|m| m.capture_count() > 1));
}

fn random_play(rules: Rules) -> Stats {
    let positions = random_positions(
        GAMES,
        Play {
            rules,
            ..Play::default()
        },
    );
    assert!(
        positions.len() >= MIN_POSITIONS,
        "only {} positions",
        positions.len()
    );
    let mut stats = Stats::default();
    for pos in &positions {
        check(pos, &mut stats);
    }
    println!("random play under {rules}: {stats:#?}");
    // The comparison is only as good as what random play reaches.
    assert!(stats.with_kings >= 10_000, "{stats:?}");
    assert!(stats.with_captures >= 10_000, "{stats:?}");
    assert!(stats.multi_captures >= 5_000, "{stats:?}");
    assert!(stats.crowned_mid_capture >= 10, "{stats:?}");
    stats
}

#[test]
fn move_sets_agree_with_kish_and_the_reference_over_random_standard_play() {
    random_play(Rules::STANDARD);
}

#[test]
fn move_sets_agree_with_kish_and_the_reference_over_random_federation_play() {
    random_play(Rules::FEDERATION);
}

/// Random play rarely crowns a man in the middle of a capture; sparse random boards often do.
#[test]
fn move_sets_agree_with_kish_and_the_rules_reference_on_random_boards() {
    let mut rng = Rng::new(0x0da3a);
    let mut stats = Stats::default();
    for _ in 0..RANDOM_BOARDS {
        check(&random_board(&mut rng, 10), &mut stats);
    }
    println!("random boards: {stats:#?}");
    assert!(stats.multi_captures >= 5_000, "{stats:?}");
    assert!(stats.crowned_mid_capture >= 1_000, "{stats:?}");
    assert!(stats.crowning_rules_disagree >= 800, "{stats:?}");
}

/// More legal moves than a `MoveList` holds inline (1152 maximum captures): none is lost, and
/// the count, the reference generator and kish all agree.
#[test]
fn a_position_with_more_moves_than_fit_inline_agrees_with_kish_and_the_reference() {
    let pos: Position = "2W3B1/1w1W1B1B/WWW1B1b1/BbWW2B1/2b3B1/3W1bwb/3B2B1/4B1B1 w"
        .parse()
        .unwrap();
    let mut stats = Stats::default();
    check(&pos, &mut stats);
    assert_eq!(stats.moves, 1152);
    assert!(stats.moves > dama_rules::MOVE_LIST_CAPACITY);
    assert_eq!(reference_moves(&pos, Crowning::AtOnce).keys().len(), 1152);
    assert_eq!(kish_keys(&pos).len(), 1152);
}

#[test]
fn kish_reads_our_start_position_as_its_own() {
    assert_eq!(kish_board(&Position::start()), Board::new_default());
    assert_eq!(
        kish::Square::D3.to_u8(),
        "d3".parse::<dama_rules::Square>().unwrap().index()
    );
    let keys: BTreeSet<MoveKey> = Position::start()
        .legal_moves_under(Rules::STANDARD)
        .iter()
        .map(MoveKey::of)
        .collect();
    assert_eq!(to_kish(&keys), kish_keys(&Position::start()));
}

/// The positions of docs/rules.md's promotion decisions, where kish and docs/rules.md must
/// disagree, and kish and the federation's rule agree.
#[test]
fn a_man_crowned_mid_capture_goes_on_as_a_king_unlike_kish() {
    // PROMO1 of the perft vectors: d6 takes d7, is crowned on d8 and takes g8 as a king.
    let pos: Position = "6B1/b2b4/3w4/8/8/8/w7/8 w".parse().unwrap();
    let ours: Vec<String> = pos
        .legal_moves_under(Rules::STANDARD)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(ours, ["d6xd8xh8"]);
    let rules = reference_moves(&pos, Crowning::AtOnce);
    assert!(rules.crowned_mid_capture);
    let kish = kish_keys(&pos);
    assert!(
        kish.iter().all(|k| k.captured.count_ones() == 1),
        "{kish:?}"
    );
    assert_eq!(
        to_kish(&reference_moves(&pos, Crowning::AtEnd).keys()),
        kish
    );
    let federation: Vec<String> = pos
        .legal_moves_under(Rules::FEDERATION)
        .iter()
        .map(ToString::to_string)
        .collect();
    // Under the federation's rule it stops on d8 as a man and is crowned there.
    assert_eq!(federation, ["d6xd8"]);
    assert!(pos.legal_moves_under(Rules::FEDERATION)[0].promotes());
}
