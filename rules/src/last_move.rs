use crate::{Game, Move, Position};

/// A move that was played, with the position it was played in.
///
/// The position before the move is what a picture needs to show the captured pieces where they
/// stood (after the move they are gone, and whether one was a king is known only from before),
/// and what says who played it.
///
/// ```
/// use dama_rules::{Game, LastMove, notation};
///
/// let mut game = Game::new();
/// assert_eq!(LastMove::of_game(&game), None);
/// let m = notation::resolve_str(game.position(), "d3-d4").unwrap();
/// game.play(&m).unwrap();
/// let last = LastMove::of_game(&game).unwrap();
/// assert_eq!(last, LastMove::new(*game.start(), m));
/// assert_eq!(last.before.play(&last.mv).as_ref(), Ok(game.position()));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LastMove {
    /// The position the move was played in.
    pub before: Position,
    /// The move, legal in [`before`](Self::before).
    pub mv: Move,
}

impl LastMove {
    /// The move `mv`, played in `before`.
    #[must_use]
    pub const fn new(before: Position, mv: Move) -> LastMove {
        LastMove { before, mv }
    }

    /// The last move of `game`, or `None` before the first move.
    #[must_use]
    pub fn of_game(game: &Game) -> Option<LastMove> {
        let mv = *game.last_move()?;
        let positions = game.positions();
        let before = *positions.get(positions.len().checked_sub(2)?)?;
        Some(LastMove { before, mv })
    }
}
