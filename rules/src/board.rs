use crate::{Bitboard, Color, Piece, Role, Square};

/// Which piece stands on which square: one bitboard per colour plus one for kings.
///
/// A `Board` is plain data and may hold anything; [`crate::Position`] is the validated form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Board {
    white: Bitboard,
    black: Bitboard,
    kings: Bitboard,
}

impl Board {
    /// An empty board.
    #[must_use]
    pub const fn empty() -> Board {
        Board {
            white: Bitboard::EMPTY,
            black: Bitboard::EMPTY,
            kings: Bitboard::EMPTY,
        }
    }

    /// The start position: White men on ranks 2 and 3, Black men on ranks 6 and 7.
    #[must_use]
    pub const fn start() -> Board {
        Board {
            white: Bitboard(0x0000_0000_00ff_ff00),
            black: Bitboard(0x00ff_ff00_0000_0000),
            kings: Bitboard::EMPTY,
        }
    }

    /// The piece on `sq`, if any.
    ///
    /// ```
    /// use dama_rules::{Board, Color, Role};
    /// let board = Board::start();
    /// let piece = board.piece_at("e3".parse().unwrap()).unwrap();
    /// assert_eq!((piece.color, piece.role), (Color::White, Role::Man));
    /// assert!(board.piece_at("e4".parse().unwrap()).is_none());
    /// ```
    #[must_use]
    pub const fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = if self.white.contains(sq) {
            Color::White
        } else if self.black.contains(sq) {
            Color::Black
        } else {
            return None;
        };
        let role = if self.kings.contains(sq) {
            Role::King
        } else {
            Role::Man
        };
        Some(Piece { color, role })
    }

    /// Puts `piece` on `sq` (or clears it with `None`).
    pub fn set_piece_at(&mut self, sq: Square, piece: Option<Piece>) {
        self.white = self.white.without(sq);
        self.black = self.black.without(sq);
        self.kings = self.kings.without(sq);
        if let Some(p) = piece {
            match p.color {
                Color::White => self.white = self.white.with(sq),
                Color::Black => self.black = self.black.with(sq),
            }
            if p.role == Role::King {
                self.kings = self.kings.with(sq);
            }
        }
    }

    /// The squares of `color`'s pieces.
    #[must_use]
    pub const fn by_color(&self, color: Color) -> Bitboard {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// The squares of all kings, of both colours.
    #[must_use]
    pub const fn kings(&self) -> Bitboard {
        self.kings
    }

    /// The squares of all men, of both colours.
    #[must_use]
    pub const fn men(&self) -> Bitboard {
        Bitboard((self.white.0 | self.black.0) & !self.kings.0)
    }

    /// Every occupied square.
    #[must_use]
    pub const fn occupied(&self) -> Bitboard {
        Bitboard(self.white.0 | self.black.0)
    }

    /// The squares holding pieces of this colour and role.
    #[must_use]
    pub const fn pieces(&self, color: Color, role: Role) -> Bitboard {
        let side = self.by_color(color).0;
        match role {
            Role::King => Bitboard(side & self.kings.0),
            Role::Man => Bitboard(side & !self.kings.0),
        }
    }

    /// Every piece with its square, a1 first.
    pub fn iter(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied()
            .filter_map(|sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    pub(crate) fn parts_mut(&mut self) -> (&mut Bitboard, &mut Bitboard, &mut Bitboard) {
        (&mut self.white, &mut self.black, &mut self.kings)
    }
}
