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

    /// How many pieces each group has: white men, black men, white kings, black kings (the
    /// order in which the index places them: men first, on their 48 squares, then kings).
    const fn counts(self) -> [u32; 4] {
        [
            self.white_men as u32,
            self.black_men as u32,
            self.white_kings as u32,
            self.black_kings as u32,
        ]
    }

    /// The group whose piece decides the left-right mirror: the first group of a single piece,
    /// which the index keeps on files a to d. `None` when every group has 0 or 2 or more
    /// pieces; such materials are stored without the mirror.
    fn pivot(self) -> Option<usize> {
        self.counts().iter().position(|&c| c == 1)
    }

    /// The choices for each group after the pivot (if any) is placed, in index order (the pivot
    /// counts as one choice): they depend only on whether the pivot stands on a man's square.
    fn rest_sizes(self, pivot: Option<usize>, pivot_on_men_squares: bool) -> [u64; 4] {
        let counts = self.counts();
        let mut sizes = [1; 4];
        let mut men_taken = u32::from(pivot.is_some() && pivot_on_men_squares);
        let mut all_taken = u32::from(pivot.is_some());
        for g in 0..4 {
            if Some(g) == pivot {
                continue;
            }
            sizes[g] = if g < 2 {
                binomial(MEN_DOMAIN - men_taken, counts[g])
            } else {
                binomial(64 - all_taken, counts[g])
            };
            men_taken += if g < 2 { counts[g] } else { 0 };
            all_taken += counts[g];
        }
        sizes
    }

    /// How many positions of this material there are for one side to move.
    #[must_use]
    pub fn positions(self) -> u64 {
        let Some(pivot) = self.pivot() else {
            return self.rest_sizes(None, false).iter().product();
        };
        let half = GROUP_DOMAINS[pivot] & LEFT_HALF;
        let on = u64::from((half & MEN_SQUARES).count_ones());
        let off = u64::from((half & !MEN_SQUARES).count_ones());
        on * self.rest_sizes(Some(pivot), true).iter().product::<u64>()
            + off * self.rest_sizes(Some(pivot), false).iter().product::<u64>()
    }

    /// The index of a position of this material (with its men on ranks 2 to 7), in
    /// `0..self.positions()`; a position and its mirror image have the same index. The side to
    /// move is not part of it.
    pub(crate) fn index(self, board: &Board) -> u64 {
        let mut sets = [
            board.pieces(Color::White, Role::Man).0,
            board.pieces(Color::Black, Role::Man).0,
            board.pieces(Color::White, Role::King).0,
            board.pieces(Color::Black, Role::King).0,
        ];
        let pivot = self.pivot();
        let mut base = 0;
        let mut taken = 0;
        if let Some(p) = pivot {
            if sets[p] & LEFT_HALF == 0 {
                sets = sets.map(mirror);
            }
            let below = GROUP_DOMAINS[p] & LEFT_HALF & (sets[p] - 1);
            let on = u64::from((below & MEN_SQUARES).count_ones());
            let off = u64::from((below & !MEN_SQUARES).count_ones());
            base = on * self.rest_sizes(pivot, true).iter().product::<u64>()
                + off * self.rest_sizes(pivot, false).iter().product::<u64>();
            taken = sets[p];
        }
        let sizes = self.rest_sizes(pivot, taken & MEN_SQUARES != 0);
        let mut rest = 0;
        for g in 0..4 {
            if Some(g) == pivot {
                continue;
            }
            rest = rest * sizes[g] + rank_set(sets[g], GROUP_DOMAINS[g], taken);
            taken |= sets[g];
        }
        base + rest
    }

    /// The position with `index` and `turn` to move (of a position and its mirror image, the
    /// one with the pivot on files a to d); the inverse of [`Material::index`].
    pub(crate) fn position(self, mut index: u64, turn: Color) -> Position {
        let counts = self.counts();
        let pivot = self.pivot();
        let mut sets = [0u64; 4];
        let mut taken = 0;
        if let Some(p) = pivot {
            let mut half = GROUP_DOMAINS[p] & LEFT_HALF;
            while half != 0 {
                let sq = half & half.wrapping_neg();
                half &= half - 1;
                let block: u64 = self
                    .rest_sizes(pivot, sq & MEN_SQUARES != 0)
                    .iter()
                    .product();
                if index < block {
                    sets[p] = sq;
                    break;
                }
                index -= block;
            }
            taken = sets[p];
        }
        let sizes = self.rest_sizes(pivot, taken & MEN_SQUARES != 0);
        let mut ranks = [0u64; 4];
        for g in (0..4).rev() {
            if Some(g) != pivot {
                ranks[g] = index % sizes[g];
                index /= sizes[g];
            }
        }
        for g in 0..4 {
            if Some(g) != pivot {
                sets[g] = unrank_set(ranks[g], counts[g], GROUP_DOMAINS[g], taken);
                taken |= sets[g];
            }
        }
        let mut board = Board::empty();
        for (g, (color, role)) in [
            (Color::White, Role::Man),
            (Color::Black, Role::Man),
            (Color::White, Role::King),
            (Color::Black, Role::King),
        ]
        .into_iter()
        .enumerate()
        {
            place(&mut board, sets[g], Piece { color, role });
        }
        Position::from_setup(Setup { board, turn })
            .expect("a table index places men only on ranks 2 to 7")
    }
}

/// Where each group may stand: men on ranks 2 to 7, kings anywhere.
const GROUP_DOMAINS: [u64; 4] = [MEN_SQUARES, MEN_SQUARES, !0, !0];
/// Files a to d.
const LEFT_HALF: u64 = 0x0f0f_0f0f_0f0f_0f0f;

/// The squares of `set` mirrored left to right (file a becomes file h).
const fn mirror(set: u64) -> u64 {
    let mut b = set;
    b = ((b >> 1) & 0x5555_5555_5555_5555) | ((b & 0x5555_5555_5555_5555) << 1);
    b = ((b >> 2) & 0x3333_3333_3333_3333) | ((b & 0x3333_3333_3333_3333) << 2);
    ((b >> 4) & 0x0f0f_0f0f_0f0f_0f0f) | ((b & 0x0f0f_0f0f_0f0f_0f0f) << 4)
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
    fn every_index_round_trips_and_a_mirror_image_shares_it() {
        let materials = [
            // The white man decides the mirror (24 of its 48 squares).
            (
                Material {
                    white_men: 1,
                    white_kings: 1,
                    black_men: 0,
                    black_kings: 1,
                },
                24 * 63 * 62,
            ),
            // The white king does (24 squares on men's ranks, 8 on ranks 1 and 8).
            (
                Material {
                    white_men: 0,
                    white_kings: 1,
                    black_men: 2,
                    black_kings: 0,
                },
                24 * 1081 + 8 * 1128,
            ),
            // No group of one: no mirror.
            (
                Material {
                    white_men: 0,
                    white_kings: 2,
                    black_men: 0,
                    black_kings: 2,
                },
                2016 * 1891,
            ),
        ];
        for (m, n) in materials {
            assert_eq!(m.positions(), n, "{m}");
            for index in (0..n).step_by(if n > 100_000 { 7 } else { 1 }) {
                let pos = m.position(index, Color::Black);
                assert_eq!(Material::of(&pos), m);
                assert_eq!(m.index(pos.board()), index, "{m} {pos}");
                if m.pivot().is_none() {
                    continue;
                }
                let mut mirrored = Board::empty();
                for (sq, piece) in pos.board().iter() {
                    let to = Square::from_coords(7 - sq.file(), sq.rank()).unwrap();
                    mirrored.set_piece_at(to, Some(piece));
                }
                assert_eq!(m.index(&mirrored), index, "{m} {pos}");
            }
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
