//! Helpers shared by the integration tests: reproducible random positions.

#![allow(dead_code)]

use dama_rules::{Board, Color, Piece, Position, Role, Rules, Setup, Square};

/// SplitMix64, so the tests need no random-number crate.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A position reached by `plies` random legal moves from the start (fewer if the game ends).
pub fn random_playout(rng: &mut Rng, plies: usize) -> Position {
    let mut pos = Position::start();
    for _ in 0..plies {
        let moves = pos.legal_moves_under(Rules::STANDARD);
        if moves.is_empty() {
            break;
        }
        pos = pos.play_unchecked(&moves[rng.below(moves.len())]);
    }
    pos
}

/// A random legal arrangement with men and kings of both colours, anywhere they may stand.
pub fn random_setup(rng: &mut Rng) -> Position {
    loop {
        let mut board = Board::empty();
        let density = 4 + rng.below(20);
        for sq in Square::all() {
            if rng.below(64) >= density {
                continue;
            }
            let color = if rng.below(2) == 0 {
                Color::White
            } else {
                Color::Black
            };
            let role = if rng.below(4) == 0 || sq.rank() == color.promotion_rank() {
                Role::King
            } else {
                Role::Man
            };
            board.set_piece_at(sq, Some(Piece { color, role }));
        }
        let turn = if rng.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        if let Ok(pos) = Position::from_setup(Setup { board, turn }) {
            return pos;
        }
    }
}

/// A mix of playouts (opening to endgame) and free setups (kings everywhere).
pub fn random_positions(count: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|i| {
            if i % 2 == 0 {
                let plies = rng.below(90);
                random_playout(&mut rng, plies)
            } else {
                random_setup(&mut rng)
            }
        })
        .collect()
}
