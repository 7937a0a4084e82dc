//! Every legal move typed back with its full path resolves to that move, and a capture that
//! several sequences make is reached by typing any one of them (docs/rules.md#identity-of-a-move).

mod common;

use dama_rules::Rules;
use std::collections::BTreeMap;

use common::{Crowning, MoveKey, Play, Rng, random_board, random_positions, reference_moves};
use dama_rules::{
    Position,
    notation::{self, Notation},
};

fn positions() -> Vec<Position> {
    let mut rng = Rng::new(0x9a7e);
    let mut out = random_positions(300, Play::default());
    out.extend((0..20_000).map(|_| random_board(&mut rng, 10)));
    out
}

#[test]
fn every_legal_move_typed_with_its_full_path_resolves_to_itself() {
    let mut checked = 0;
    for pos in positions() {
        for m in pos.legal_moves_under(Rules::STANDARD).iter() {
            for notation in [Notation::Algebraic, Notation::Numeric] {
                let text = notation::format(m, notation);
                let back = notation::resolve_str(&pos, &text)
                    .unwrap_or_else(|e| panic!("{text} in {pos}: {e}"));
                assert_eq!(back, *m, "{text} in {pos}");
                assert_eq!(back.landings(), m.landings(), "{text} in {pos}");
                checked += 1;
            }
        }
    }
    println!("{checked} move texts resolved");
    assert!(checked > 100_000, "only {checked} moves");
}

#[test]
fn every_path_of_a_capture_resolves_to_the_same_move() {
    let mut several_paths = 0;
    for pos in positions() {
        let reference = reference_moves(&pos, Crowning::AtOnce);
        let mut paths_of: BTreeMap<MoveKey, Vec<String>> = BTreeMap::new();
        for path in reference.paths.iter().filter(|p| p.captured != 0) {
            paths_of.entry(path.key()).or_default().push(path.text());
        }
        for (key, texts) in &paths_of {
            for text in texts {
                let m = notation::resolve_str(&pos, text)
                    .unwrap_or_else(|e| panic!("{text} in {pos}: {e}"));
                assert_eq!(MoveKey::of(&m), *key, "{text} in {pos}");
                assert_eq!(m.landings().len(), text.split('x').count() - 1);
            }
            several_paths += usize::from(texts.len() > 1);
        }
    }
    println!("{several_paths} captures with several paths");
    // Kings make them common; the test means nothing without them.
    assert!(
        several_paths > 500,
        "only {several_paths} moves with several paths"
    );
}

#[test]
fn a_circular_capture_is_one_move_reached_by_either_direction() {
    // The king on a1 takes the four pieces on the middle of the board's edges, clockwise or
    // anticlockwise, and may end on the square it started from (docs/rules.md#identity-of-a-move).
    let pos: Position = "3b4/8/8/7b/b7/8/8/W3B3 w".parse().unwrap();
    let moves = pos.legal_moves_under(Rules::STANDARD);
    let names: Vec<String> = moves.iter().map(ToString::to_string).collect();
    assert_eq!(moves.len(), 6, "{names:?}");
    let circular: Vec<_> = moves.iter().filter(|m| m.from() == m.to()).collect();
    assert_eq!(circular.len(), 1, "{names:?}");
    let clockwise = notation::resolve_str(&pos, "a1xa8xh8xh1xa1").unwrap();
    let anticlockwise = notation::resolve_str(&pos, "a1xh1xh8xa8xa1").unwrap();
    assert_eq!(clockwise, *circular[0]);
    assert_eq!(anticlockwise, *circular[0]);
    assert_eq!(clockwise.capture_count(), 4);
    let reference = reference_moves(&pos, Crowning::AtOnce);
    let paths = reference
        .paths
        .iter()
        .filter(|p| p.key() == MoveKey::of(circular[0]))
        .count();
    assert_eq!(paths, 2);
}

/// Strict mode: wherever a capture is compulsory, every plain move a piece could otherwise make
/// resolves as a missed capture and, played, loses the game naming a largest capture; under the
/// other rule sets it is refused as before.
#[test]
fn in_strict_mode_every_move_ignoring_a_compulsory_capture_loses() {
    use dama_rules::{
        Game, Outcome, Rules, WinReason,
        notation::{Resolved, resolve_str_under},
    };
    let mut checked = 0;
    for pos in positions().into_iter().filter(Position::has_capture) {
        let most = pos.legal_moves_under(Rules::STANDARD)[0].capture_count();
        for sq in
            dama_rules::Square::all().filter(|s| pos.board().by_color(pos.turn()).contains(*s))
        {
            for to in
                dama_rules::Square::all().filter(|t| t.file() == sq.file() || t.rank() == sq.rank())
            {
                let text = format!("{sq}-{to}");
                let Ok(Resolved::MissedCapture { played, available }) =
                    resolve_str_under(&pos, &text, Rules::STRICT)
                else {
                    continue;
                };
                assert!(
                    !played.is_capture() && available.capture_count() == most,
                    "{text} in {pos}"
                );
                assert!(resolve_str_under(&pos, &text, Rules::STANDARD).is_err());
                let mut game = Game::with_rules(pos, Rules::STRICT);
                game.play_missed_capture(&played, &available).unwrap();
                assert_eq!(
                    game.outcome(),
                    Some(Outcome::Win {
                        winner: pos.turn().opposite(),
                        reason: WinReason::MissedCapture { available }
                    })
                );
                checked += 1;
            }
        }
    }
    println!("{checked} missed captures played");
    assert!(checked > 1_000, "only {checked}");
}
