use std::sync::OnceLock;

use dama_rules::{Color, Position, Rules};

use super::*;

fn three() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| Tables::build(3).unwrap())
}

fn probe(text: &str) -> Probe {
    three().probe(&text.parse().unwrap()).unwrap()
}

/// Every position of every material, both sides to move.
fn every_position(tables: &Tables) -> impl Iterator<Item = Position> + '_ {
    tables.materials().flat_map(|m| {
        Color::ALL
            .into_iter()
            .flat_map(move |turn| (0..m.positions()).map(move |i| m.position(i, turn)))
    })
}

#[test]
fn every_position_up_to_three_pieces_agrees_with_its_moves() {
    let tables = three();
    assert_eq!(tables.verify(), Ok(tables.memory_bytes() as u64));
    // A loss: every move loses, and none later than the stored distance.
    for pos in every_position(tables) {
        let stored = tables.probe(&pos).unwrap();
        if stored.wdl == Wdl::Loss {
            for m in pos.legal_moves_under(Rules::STANDARD).iter() {
                let child = tables.probe(&pos.play_unchecked(m)).unwrap();
                assert_eq!(child.wdl, Wdl::Win, "{pos} {m}");
                assert!(child.plies < stored.plies, "{pos} {m}");
            }
        }
    }
}

#[test]
fn a_wrong_value_is_found_by_verify() {
    let mut tables = Tables::build(2).unwrap();
    // K-K, White to move, first index: a king that could take would be told it cannot.
    let entry = &mut tables.entries[0];
    let i = entry.values[0].iter().position(|&v| v != 0).unwrap();
    entry.values[0][i] = 0;
    assert!(tables.verify().is_err());
}

/// Whether the side to move can force a win within `plies`, by plain minimax over the rules
/// crate's moves: independent of the tables.
fn wins_within(pos: &Position, plies: u32) -> bool {
    plies >= 1
        && pos
            .legal_moves_under(Rules::STANDARD)
            .iter()
            .any(|m| loses_within(&pos.play_unchecked(m), plies - 1))
}

/// Whether the side to move loses, against best play, within `plies`.
fn loses_within(pos: &Position, plies: u32) -> bool {
    if pos.is_lost() {
        return true;
    }
    plies >= 2
        && pos
            .legal_moves_under(Rules::STANDARD)
            .iter()
            .all(|m| wins_within(&pos.play_unchecked(m), plies - 1))
}

#[test]
fn a_plain_search_finds_exactly_the_short_wins_and_losses_of_the_tables() {
    let tables = three();
    let depth = 5;
    let mut decisive = 0;
    for (n, pos) in every_position(tables).enumerate() {
        // A sample spread over every material and both sides to move.
        if n % 211 != 0 {
            continue;
        }
        let p = tables.probe(&pos).unwrap();
        let win = (1..=depth).step_by(2).find(|&d| wins_within(&pos, d));
        let loss = (0..=depth - 1).step_by(2).find(|&d| loses_within(&pos, d));
        let table_win = (p.wdl == Wdl::Win && p.plies <= depth).then_some(p.plies);
        let table_loss = (p.wdl == Wdl::Loss && p.plies < depth).then_some(p.plies);
        assert_eq!(win, table_win, "{pos}");
        assert_eq!(loss, table_loss, "{pos}");
        decisive += usize::from(win.is_some() || loss.is_some());
    }
    assert!(decisive > 100, "only {decisive} decided positions sampled");
}

#[test]
fn a_king_cornered_by_two_kings_on_its_lines_loses_at_once() {
    // Black's king on a1 may go along rank 1 or file a; the king on h1 takes it anywhere on
    // rank 1, the one on a8 anywhere on file a, each landing behind it. It cannot take either:
    // both stand on the edge, with no square beyond.
    assert_eq!(
        probe("W7/8/8/8/8/8/8/B6W b"),
        Probe {
            wdl: Wdl::Loss,
            plies: 2
        }
    );
    // A king against a king far from each other's lines: nothing to take, nothing forced.
    assert_eq!(probe("8/8/8/3B4/8/8/8/W7 w").wdl, Wdl::Draw);
}

#[test]
fn a_man_crowned_mid_capture_captures_on_as_a_king() {
    // d6xd8 takes d7 and crowns the man, which goes on to take g8 as a king: Black is left
    // without pieces. The same with the colours exchanged.
    for (text, capture) in [
        ("6B1/3b4/3w4/8/8/8/8/8 w", "d6xd8xh8"),
        ("8/8/8/8/8/3b4/3w4/6W1 b", "d3xd1xh1"),
    ] {
        let pos: Position = text.parse().unwrap();
        let (mv, p) = three().best_move(&pos).unwrap();
        assert_eq!(mv.to_string(), capture);
        assert_eq!(p, probe(text));
        assert_eq!((p.wdl, p.plies), (Wdl::Win, 1));
    }
    // The new king may not turn straight back down the file it came up (docs/rules.md#decisions):
    // d6xd8 stops there instead of going on to take d5, and king against king is a draw.
    let pos: Position = "8/3b4/3w4/3B4/8/8/8/8 w".parse().unwrap();
    let moves = pos.legal_moves_under(Rules::STANDARD);
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].to_string(), "d6xd8");
    assert_eq!(probe("8/3b4/3w4/3B4/8/8/8/8 w").wdl, Wdl::Draw);
}

#[test]
fn a_position_and_its_colour_exchanged_twin_have_one_result() {
    let tables = three();
    for (n, pos) in every_position(tables)
        .enumerate()
        .filter(|(n, _)| n % 97 == 0)
    {
        let twin = flip_position(&pos);
        assert_eq!(
            tables.probe(&pos),
            tables.probe(&twin),
            "{n}: {pos} / {twin}"
        );
    }
}

#[test]
fn positions_outside_the_tables_are_not_answered() {
    let tables = three();
    // Four pieces.
    assert_eq!(
        tables.probe(&"8/8/8/3B4/8/8/1w6/W6W w".parse().unwrap()),
        None
    );
    // A white man on its own first rank, where no game can bring it.
    assert_eq!(tables.probe(&"8/8/8/3B4/8/8/8/w7 w".parse().unwrap()), None);
    // The side not to move has no pieces: the game is already over.
    assert_eq!(
        tables
            .probe(&"8/8/8/3W4/8/8/8/8 b".parse().unwrap())
            .map(|p| p.wdl),
        Some(Wdl::Loss)
    );
    assert_eq!(tables.probe(&"8/8/8/3W4/8/8/8/8 w".parse().unwrap()), None);
}

#[test]
fn tables_survive_a_round_trip_through_their_file_format() {
    let tables = Tables::build(2).unwrap();
    let mut bytes = Vec::new();
    tables.write_to(&mut bytes).unwrap();
    let back = Tables::from_bytes(&bytes).unwrap();
    assert_eq!(back.max_pieces(), 2);
    for (a, b) in tables.entries.iter().zip(&back.entries) {
        assert_eq!(a.material, b.material);
        assert_eq!(a.values, b.values);
    }
    let mut damaged = bytes.clone();
    damaged[40] ^= 1;
    assert!(matches!(
        Tables::from_bytes(&damaged),
        Err(LoadError::Checksum)
    ));
    assert!(matches!(
        Tables::from_bytes(&bytes[..bytes.len() - 3]),
        Err(LoadError::Checksum)
    ));
    assert!(matches!(
        Tables::from_bytes(b"not tables"),
        Err(LoadError::Format)
    ));
}

#[test]
fn load_or_build_builds_once_then_reads_the_cache() {
    let dir = std::env::temp_dir().join(format!("dama-tables-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("tables.bin");
    let built = Tables::load_or_build(&path, 2).unwrap();
    assert!(path.exists());
    let read = Tables::load_or_build(&path, 2).unwrap();
    assert_eq!(read.memory_bytes(), built.memory_bytes());
    // Asking for more pieces than the cache holds builds again.
    let bigger = Tables::load_or_build(&path, 3).unwrap();
    assert_eq!(Tables::load(&path).unwrap().max_pieces(), 3);
    assert_eq!(bigger.max_pieces(), 3);
    std::fs::remove_dir_all(&dir).unwrap();
}
