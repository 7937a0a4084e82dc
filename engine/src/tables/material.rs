//! A material signature and the perfect index of its positions.

use std::fmt;

use dama_rules::{Board, Color, Piece, Position, Role, Setup, Square};

/// The squares a man can stand on in a game: ranks 2 to 7 for both colours. A man never moves
/// backward, so it never returns to its own first rank, and on its last rank it is a king.
pub(crate) const MEN_SQUARES: u64 = 0x00ff_ffff_ffff_ff00;
/// How many squares a man can stand on.
const MEN_DOMAIN: u32 = 48;

/// The largest number of pieces the binomial table allows for.
pub(crate) const MAX_SUPPORTED_PIECES: u32 = 8;

/// `BINOMIAL[n][k]` is n choose k, for n up to 64 and k up to [`MAX_SUPPORTED_PIECES`].
const BINOMIAL: [[u64; 9]; 65] = {
    let mut t = [[0u64; 9]; 65];
    let mut n = 0;
    while n <= 64 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= 8 {
            if n > 0 {
                t[n][k] = t[n - 1][k - 1] + t[n - 1][k];
            }
            k += 1;
        }
        n += 1;
    }
    t
};

const fn binomial(n: u32, k: u32) -> u64 {
    BINOMIAL[n as usize][k as usize]
}

/// How many men and kings each side has: the positions of one material form one table.
///
/// ```
/// use dama_engine::tables::Material;
/// use dama_rules::Position;
///
/// let pos: Position = "8/8/8/3B4/8/8/2w5/4W3 w".parse().unwrap();
/// let material = Material::of(&pos);
/// assert_eq!(material.to_string(), "KM-K");
/// assert_eq!(material.pieces(), 3);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    /// White men.
    pub white_men: u8,
    /// White kings.
    pub white_kings: u8,
    /// Black men.
    pub black_men: u8,
    /// Black kings.
    pub black_kings: u8,
}

impl Material {
    /// The material on `pos`'s board.
    #[must_use]
    pub fn of(pos: &Position) -> Material {
        let board = pos.board();
        let count = |color, role| board.pieces(color, role).count() as u8;
        Material {
            white_men: count(Color::White, Role::Man),
            white_kings: count(Color::White, Role::King),
            black_men: count(Color::Black, Role::Man),
            black_kings: count(Color::Black, Role::King),
        }
    }

    /// All pieces of both sides.
    #[must_use]
    pub const fn pieces(self) -> u32 {
        (self.white_men + self.white_kings + self.black_men + self.black_kings) as u32
    }

    /// All men of both sides.
    #[must_use]
    pub const fn men(self) -> u32 {
        (self.white_men + self.black_men) as u32
    }

    /// The same material with the colours exchanged.
    #[must_use]
    pub const fn flipped(self) -> Material {
        Material {
            white_men: self.black_men,
            white_kings: self.black_kings,
            black_men: self.white_men,
            black_kings: self.white_kings,
        }
    }

    /// Of a material and its colour-exchanged twin, only one is stored: the one where White
    /// has at least as much (more pieces, then more kings). The other's positions are read
    /// with the board turned round and the colours exchanged.
    #[must_use]
    pub(crate) fn is_canonical(self) -> bool {
        let key = |m: Material| (m.white_men + m.white_kings, m.white_kings, m.white_men);
        key(self) >= key(self.flipped())
    }

    /// Every material of `2..=max_pieces` pieces in which both sides have a piece, stored
    /// ones only, in an order where each comes after every material a capture or a promotion
    /// can lead to (fewer pieces, then fewer men).
    pub(crate) fn all_canonical(max_pieces: u32) -> Vec<Material> {
        let mut out = Vec::new();
        for total in 2..=max_pieces as u8 {
            for white in 1..total {
                let black = total - white;
                for white_men in 0..=white {
                    for black_men in 0..=black {
                        let m = Material {
                            white_men,
                            white_kings: white - white_men,
                            black_men,
                            black_kings: black - black_men,
                        };
                        if m.is_canonical() {
                            out.push(m);
                        }
                    }
                }
            }
        }
        out.sort_by_key(|m| (m.pieces(), m.men(), *m));
        out
    }

    /// Choices for each group of pieces, in index order: white men, black men, white kings,
    /// black kings. Each group is placed on the squares the earlier groups left free.
    fn group_sizes(self) -> [u64; 4] {
        let (wm, bm) = (u32::from(self.white_men), u32::from(self.black_men));
        let (wk, bk) = (u32::from(self.white_kings), u32::from(self.black_kings));
        [
            binomial(MEN_DOMAIN, wm),
            binomial(MEN_DOMAIN - wm, bm),
            binomial(64 - wm - bm, wk),
            binomial(64 - wm - bm - wk, bk),
        ]
    }

    /// How many positions of this material there are for one side to move.
    #[must_use]
    pub fn positions(self) -> u64 {
        self.group_sizes().iter().product()
    }

    /// The index of a position of this material (with its men on ranks 2 to 7), in
    /// `0..self.positions()`. The side to move is not part of it.
    pub(crate) fn index(self, board: &Board) -> u64 {
        let sizes = self.group_sizes();
        let wm = board.pieces(Color::White, Role::Man).0;
        let bm = board.pieces(Color::Black, Role::Man).0;
        let wk = board.pieces(Color::White, Role::King).0;
        let bk = board.pieces(Color::Black, Role::King).0;
        let r0 = rank_set(wm, MEN_SQUARES, 0);
        let r1 = rank_set(bm, MEN_SQUARES, wm);
        let r2 = rank_set(wk, !0, wm | bm);
        let r3 = rank_set(bk, !0, wm | bm | wk);
        ((r0 * sizes[1] + r1) * sizes[2] + r2) * sizes[3] + r3
    }

    /// The position with `index` and `turn` to move; the inverse of [`Material::index`].
    pub(crate) fn position(self, index: u64, turn: Color) -> Position {
        let sizes = self.group_sizes();
        let r3 = index % sizes[3];
        let rest = index / sizes[3];
        let r2 = rest % sizes[2];
        let rest = rest / sizes[2];
        let r1 = rest % sizes[1];
        let r0 = rest / sizes[1];
        let wm = unrank_set(r0, u32::from(self.white_men), MEN_SQUARES, 0);
        let bm = unrank_set(r1, u32::from(self.black_men), MEN_SQUARES, wm);
        let wk = unrank_set(r2, u32::from(self.white_kings), !0, wm | bm);
        let bk = unrank_set(r3, u32::from(self.black_kings), !0, wm | bm | wk);
        let mut board = Board::empty();
        for (set, color, role) in [
            (wm, Color::White, Role::Man),
            (bm, Color::Black, Role::Man),
            (wk, Color::White, Role::King),
            (bk, Color::Black, Role::King),
        ] {
            place(&mut board, set, Piece { color, role });
        }
        Position::from_setup(Setup { board, turn })
            .expect("a table index places men only on ranks 2 to 7")
    }
}

/// White's pieces, then Black's: `K` for a king and `M` for a man, as in `KKM-K`.
impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |kings: u8, men: u8| "K".repeat(kings.into()) + &"M".repeat(men.into());
        write!(
            f,
            "{}-{}",
            side(self.white_kings, self.white_men),
            side(self.black_kings, self.black_men)
        )
    }
}

/// Puts `piece` on every square of `set`.
pub(crate) fn place(board: &mut Board, set: u64, piece: Piece) {
    let mut bits = set;
    while bits != 0 {
        let sq = Square::new(bits.trailing_zeros() as u8).expect("a bit of a u64");
        board.set_piece_at(sq, Some(piece));
        bits &= bits - 1;
    }
}

/// The rank of `set` among the sets of its size on the free squares (`domain` without
/// `taken`), in the combinatorial number system.
fn rank_set(set: u64, domain: u64, taken: u64) -> u64 {
    let free = domain & !taken;
    let mut rank = 0;
    let mut k = 1;
    let mut bits = set;
    while bits != 0 {
        let below = (1u64 << bits.trailing_zeros()) - 1;
        rank += binomial((free & below).count_ones(), k);
        k += 1;
        bits &= bits - 1;
    }
    rank
}

/// The set of `k` free squares with `rank`: the inverse of [`rank_set`].
fn unrank_set(mut rank: u64, k: u32, domain: u64, taken: u64) -> u64 {
    let free = domain & !taken;
    let mut limit = free.count_ones();
    let mut set = 0;
    for i in (1..=k).rev() {
        // The largest x below `limit` with C(x, i) <= rank.
        let mut x = limit - 1;
        while binomial(x, i) > rank {
            x -= 1;
        }
        rank -= binomial(x, i);
        set |= nth_bit(free, x);
        limit = x;
    }
    set
}

/// The `n`th (from 0) set bit of `bits`, as a one-bit mask.
fn nth_bit(mut bits: u64, n: u32) -> u64 {
    for _ in 0..n {
        bits &= bits - 1;
    }
    bits & bits.wrapping_neg()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_index_of_a_small_material_round_trips() {
        let m = Material {
            white_men: 1,
            white_kings: 1,
            black_men: 0,
            black_kings: 1,
        };
        assert_eq!(m.positions(), 48 * 63 * 62);
        for index in 0..m.positions() {
            let pos = m.position(index, Color::Black);
            assert_eq!(Material::of(&pos), m);
            assert_eq!(m.index(pos.board()), index);
        }
    }

    #[test]
    fn materials_come_after_what_they_lead_to() {
        let all = Material::all_canonical(4);
        let place = |m: Material| {
            let c = if m.is_canonical() { m } else { m.flipped() };
            all.iter().position(|x| *x == c)
        };
        for (i, m) in all.iter().enumerate() {
            // A promotion (one man fewer) and a capture (one piece fewer) lead earlier.
            if m.white_men > 0 {
                let promoted = Material {
                    white_men: m.white_men - 1,
                    white_kings: m.white_kings + 1,
                    ..*m
                };
                assert!(place(promoted).unwrap() < i, "{promoted} after {m}");
            }
            if m.pieces() > 2 && m.black_kings > 0 && m.black_men + m.black_kings > 1 {
                let taken = Material {
                    black_kings: m.black_kings - 1,
                    ..*m
                };
                assert!(place(taken).unwrap() < i, "{taken} after {m}");
            }
            assert!(m.is_canonical());
        }
        // Two pieces: K-K, M-K (or K-M twin), M-M.
        assert_eq!(all.iter().filter(|m| m.pieces() == 2).count(), 3);
    }
}
