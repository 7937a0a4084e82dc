use crate::Color;

/// What a piece is: a man or a (flying) king.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Moves one square forward or sideways.
    Man,
    /// Moves and captures any distance along ranks and files.
    King,
}

/// A piece on the board: a colour and a role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// Man or king.
    pub role: Role,
}

impl Piece {
    /// The letter used in position text: `w`, `W`, `b` or `B`.
    ///
    /// ```
    /// use dama_rules::{Color, Piece, Role};
    /// assert_eq!(Piece { color: Color::Black, role: Role::King }.char(), 'B');
    /// ```
    #[must_use]
    pub const fn char(self) -> char {
        match (self.color, self.role) {
            (Color::White, Role::Man) => 'w',
            (Color::White, Role::King) => 'W',
            (Color::Black, Role::Man) => 'b',
            (Color::Black, Role::King) => 'B',
        }
    }

    /// Parses the letter used in position text.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Piece> {
        let (color, role) = match c {
            'w' => (Color::White, Role::Man),
            'W' => (Color::White, Role::King),
            'b' => (Color::Black, Role::Man),
            'B' => (Color::Black, Role::King),
            _ => return None,
        };
        Some(Piece { color, role })
    }
}
