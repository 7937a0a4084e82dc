use crate::{Color, MissedCapture, Move, PlayError, Position, Rules, movegen};

/// Plies in a row without a capture or a man stepping forward after which the game is drawn
/// (docs/rules.md#decisions: 50 moves by each side).
pub const NO_PROGRESS_LIMIT: u16 = 100;

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One side won.
    Win {
        /// The winner.
        winner: Color,
        /// Why.
        reason: WinReason,
    },
    /// Nobody won.
    Draw(DrawReason),
    /// The game was called off before both sides had moved (a live game whose player did not
    /// make a first move in time): no result, and it counts for nothing.
    Aborted,
}

/// Why a side won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// The loser had no pieces left.
    NoPieces,
    /// The loser, to move, had no legal move.
    NoMoves,
    /// The loser resigned.
    Resignation,
    /// The loser let the move deadline pass.
    Time,
    /// The loser left a live game (no page, no Activity and no move for a while), and the
    /// winner claimed the win.
    Abandoned,
    /// The loser, in strict mode ([`MissedCapture::Loses`]), played a move that took fewer
    /// pieces than the most that could be taken (or did not capture when a capture was
    /// compulsory).
    MissedCapture {
        /// A largest capture that was available.
        available: Move,
    },
}

/// Why the game was drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// Both players agreed.
    Agreement,
    /// The same position, with the same side to move, occurred for the third time.
    Repetition,
    /// [`NO_PROGRESS_LIMIT`] plies passed without a capture or a man stepping forward.
    NoProgress,
    /// A player left a live game, and the other claimed a draw.
    Abandoned,
}

impl WinReason {
    /// Why the loser lost, as words that follow the loser's name: `"{loser} has no legal move"`.
    /// A missed capture names the capture that was available.
    ///
    /// ```
    /// use dama_rules::{Color, WinReason};
    ///
    /// let loser = Color::Black;
    /// assert_eq!(format!("{loser} {}", WinReason::Time.phrase()), "black ran out of time");
    /// ```
    #[must_use]
    pub fn phrase(self) -> String {
        match self {
            WinReason::NoPieces => "has no pieces left".to_owned(),
            WinReason::NoMoves => "has no legal move".to_owned(),
            WinReason::Resignation => "resigned".to_owned(),
            WinReason::Time => "ran out of time".to_owned(),
            WinReason::Abandoned => "left the game".to_owned(),
            WinReason::MissedCapture { available } => {
                let n = available.capture_count();
                let s = if n == 1 { "" } else { "s" };
                format!("missed a compulsory capture ({available} takes {n} piece{s})")
            }
        }
    }
}

impl DrawReason {
    /// Why the game was drawn, as words that can follow "draw": `"by agreement"`.
    ///
    /// ```
    /// use dama_rules::DrawReason;
    ///
    /// assert_eq!(DrawReason::Repetition.phrase(), "the same position occurred three times");
    /// ```
    #[must_use]
    pub const fn phrase(self) -> &'static str {
        match self {
            DrawReason::Agreement => "by agreement",
            DrawReason::Repetition => "the same position occurred three times",
            DrawReason::NoProgress => "50 moves each without a capture or a man moving forward",
            DrawReason::Abandoned => "claimed when a player left the game",
        }
    }
}

impl Outcome {
    /// The winner, if any.
    #[must_use]
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw(_) | Outcome::Aborted => None,
        }
    }

    /// The PDN result token: `1-0`, `0-1` or `1/2-1/2`; `*` (no result) for an aborted game.
    #[must_use]
    pub const fn result_token(self) -> &'static str {
        match self {
            Outcome::Win {
                winner: Color::White,
                ..
            } => "1-0",
            Outcome::Win {
                winner: Color::Black,
                ..
            } => "0-1",
            Outcome::Draw(_) => "1/2-1/2",
            Outcome::Aborted => "*",
        }
    }

    /// A short English description, e.g. `"white wins: black has no legal move"`, built from
    /// [`WinReason::phrase`] and [`DrawReason::phrase`].
    ///
    /// ```
    /// use dama_rules::{Color, DrawReason, Outcome, WinReason};
    ///
    /// let win = Outcome::Win { winner: Color::White, reason: WinReason::NoMoves };
    /// assert_eq!(win.describe(), "white wins: black has no legal move");
    /// assert_eq!(Outcome::Draw(DrawReason::Agreement).describe(), "draw by agreement");
    /// ```
    #[must_use]
    pub fn describe(self) -> String {
        match self {
            Outcome::Win { winner, reason } => {
                format!("{winner} wins: {} {}", winner.opposite(), reason.phrase())
            }
            // "Draw by agreement" reads as one phrase; the other reasons follow a colon.
            Outcome::Draw(DrawReason::Agreement) => {
                format!("draw {}", DrawReason::Agreement.phrase())
            }
            Outcome::Draw(reason) => format!("draw: {}", reason.phrase()),
            Outcome::Aborted => "game aborted".to_owned(),
        }
    }
}

/// Why a game refused an action.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The game has already ended.
    #[error("the game is over")]
    Over,
    /// The move is not legal in the current position.
    #[error(transparent)]
    Play(#[from] PlayError),
    /// A missed capture was to be played in a game whose rules refuse it.
    #[error("a missed capture is refused, not played, under the {0} rules")]
    MissedCaptureRefused(Rules),
    /// The move played does not miss a capture, or the capture said to be available is not one
    /// of the largest.
    #[error("{played} does not miss the capture {available}")]
    NotAMissedCapture {
        /// The move said to miss a capture.
        played: Move,
        /// The capture said to be available.
        available: Move,
    },
}

/// A whole game: its start, the rules it is played under, every move, and how it ended.
///
/// ```
/// use dama_rules::{Game, notation};
///
/// let mut game = Game::new();
/// for text in ["d3-d4", "e6-e5", "d4-d5"] {
///     let m = notation::resolve_str(game.position(), text).unwrap();
///     game.play(&m).unwrap();
/// }
/// assert_eq!(game.moves().len(), 3);
/// assert_eq!(game.undo().map(|m| m.to_string()), Some("d4-d5".to_owned()));
/// assert!(game.outcome().is_none());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    positions: Vec<Position>,
    quiet_plies: Vec<u16>,
    moves: Vec<Move>,
    outcome: Option<Outcome>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// A game from the start position.
    #[must_use]
    pub fn new() -> Game {
        Game::from_position(Position::start())
    }

    /// A game from any legal position (already decided if the side to move has lost), under
    /// docs/rules.md.
    #[must_use]
    pub fn from_position(start: Position) -> Game {
        Game::with_rules(start, Rules::STANDARD)
    }

    /// A game from any legal position under `rules`.
    ///
    /// ```
    /// use dama_rules::{Game, Rules, notation};
    ///
    /// // Under the federation's rule d6 stops on d8 (and is crowned): g8 stays on the board.
    /// let mut game = Game::with_rules("6B1/b2b4/3w4/8/8/8/w7/8 w".parse().unwrap(), Rules::FEDERATION);
    /// assert_eq!(game.rules(), Rules::FEDERATION);
    /// let m = notation::resolve_str(&"6B1/b2b4/3w4/8/8/8/w7/8 w".parse().unwrap(), "d6xd8xh8").unwrap();
    /// assert!(game.play(&m).is_err());
    /// ```
    #[must_use]
    pub fn with_rules(start: Position, rules: Rules) -> Game {
        let mut game = Game {
            rules,
            positions: vec![start],
            quiet_plies: vec![0],
            moves: Vec::new(),
            outcome: None,
        };
        game.outcome = game.rule_outcome();
        game
    }

    /// The rules the game is played under.
    #[must_use]
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// The position the game started from.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.positions[self.positions.len() - 1]
    }

    /// Every position so far, the start first and the current last.
    #[must_use]
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The moves played, in order.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The last move played, if any.
    #[must_use]
    pub fn last_move(&self) -> Option<&Move> {
        self.moves.last()
    }

    /// The side to move.
    #[must_use]
    pub fn turn(&self) -> Color {
        self.position().turn()
    }

    /// How the game ended, or `None` while it goes on.
    #[must_use]
    pub const fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Plies since the last capture or forward step of a man.
    #[must_use]
    pub fn quiet_plies(&self) -> u16 {
        self.quiet_plies[self.quiet_plies.len() - 1]
    }

    /// How many times the current position has occurred, counting now.
    #[must_use]
    pub fn repetitions(&self) -> usize {
        let now = self.position();
        self.positions.iter().filter(|p| *p == now).count()
    }

    /// Plays a move legal under the game's rules and settles the outcome the rules decide (no
    /// pieces, no moves, threefold repetition, no progress).
    pub fn play(&mut self, m: &Move) -> Result<(), GameError> {
        if self.outcome.is_some() {
            return Err(GameError::Over);
        }
        let before = *self.position();
        let legal = before
            .legal_moves_under(self.rules)
            .iter()
            .find(|legal| *legal == m)
            .copied()
            .ok_or(PlayError::Illegal(*m))?;
        self.push(before, legal);
        self.outcome = self.rule_outcome();
        Ok(())
    }

    /// Plays a move that misses the compulsory capture, in strict mode
    /// ([`MissedCapture::Loses`]): the move is recorded and the player who made it loses, the
    /// result naming `available`. `played` is a capture of fewer pieces than the most that can be
    /// taken (one that stops where it could go on, or a smaller one) or a plain move while a
    /// capture is compulsory, and `available` one of the legal (largest) captures: what
    /// [`crate::notation::resolve_under`] answers with [`Resolved::MissedCapture`].
    ///
    /// ```
    /// use dama_rules::{Color, Game, Outcome, Rules, WinReason, notation::{self, Resolved}};
    ///
    /// let mut game = Game::with_rules("8/3b4/8/3b4/2bw4/8/8/8 w".parse().unwrap(), Rules::STRICT);
    /// let Ok(Resolved::MissedCapture { played, available }) =
    ///     notation::resolve_str_under(game.position(), "d4xb4", game.rules())
    /// else { panic!() };
    /// game.play_missed_capture(&played, &available).unwrap();
    /// let outcome = game.outcome().unwrap();
    /// assert_eq!(outcome.winner(), Some(Color::Black));
    /// assert_eq!(
    ///     outcome.describe(),
    ///     "black wins: white missed a compulsory capture (d4xd6xd8 takes 2 pieces)"
    /// );
    /// ```
    ///
    /// [`Resolved::MissedCapture`]: crate::notation::Resolved::MissedCapture
    pub fn play_missed_capture(
        &mut self,
        played: &Move,
        available: &Move,
    ) -> Result<(), GameError> {
        if self.outcome.is_some() {
            return Err(GameError::Over);
        }
        if self.rules.missed_capture != MissedCapture::Loses {
            return Err(GameError::MissedCaptureRefused(self.rules));
        }
        let before = *self.position();
        let not_missed = || GameError::NotAMissedCapture {
            played: *played,
            available: *available,
        };
        let legal = before.legal_moves_under(self.rules);
        let Some(available) = legal.iter().find(|m| *m == available && m.is_capture()) else {
            return Err(not_missed());
        };
        let most = available.capture_count();
        // The move as generated (it carries its own promotion), with the path the player gave
        // where that is one of the move's paths.
        let missed = if played.is_capture() {
            let paths: Vec<(Move, Vec<crate::Square>)> =
                movegen::every_capture_path(&before, self.rules.promotion)
                    .into_iter()
                    .filter(|(m, _)| m == played && m.capture_count() < most)
                    .collect();
            paths
                .iter()
                .find(|(_, path)| path.as_slice() == played.landings())
                .or(paths.first())
                .map(|(m, _)| *m)
        } else {
            movegen::plain_moves(&before)
                .iter()
                .find(|m| *m == played)
                .copied()
        };
        let Some(missed) = missed else {
            return Err(not_missed());
        };
        self.push(before, missed);
        self.outcome = Some(Outcome::Win {
            winner: before.turn().opposite(),
            reason: WinReason::MissedCapture {
                available: *available,
            },
        });
        Ok(())
    }

    /// Records `m`, played from `before`.
    fn push(&mut self, before: Position, m: Move) {
        let quiet = if before.is_progress(&m) {
            0
        } else {
            self.quiet_plies() + 1
        };
        self.positions.push(before.play_unchecked(&m));
        self.quiet_plies.push(quiet);
        self.moves.push(m);
    }

    fn rule_outcome(&self) -> Option<Outcome> {
        let pos = self.position();
        let loser = pos.turn();
        if pos.board().by_color(loser).is_empty() {
            return Some(Outcome::Win {
                winner: loser.opposite(),
                reason: WinReason::NoPieces,
            });
        }
        if pos.count_legal_moves_under(self.rules) == 0 {
            return Some(Outcome::Win {
                winner: loser.opposite(),
                reason: WinReason::NoMoves,
            });
        }
        if self.repetitions() >= 3 {
            return Some(Outcome::Draw(DrawReason::Repetition));
        }
        if self.quiet_plies() >= NO_PROGRESS_LIMIT {
            return Some(Outcome::Draw(DrawReason::NoProgress));
        }
        None
    }

    /// Takes back the last move (and any result it, or a later resignation, gave).
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        self.quiet_plies.pop();
        self.outcome = None;
        Some(m)
    }

    /// Ends the game by a player's choice: resignation, agreement or loss on time.
    pub fn end(&mut self, outcome: Outcome) -> Result<(), GameError> {
        if self.outcome.is_some() {
            return Err(GameError::Over);
        }
        self.outcome = Some(outcome);
        Ok(())
    }

    /// `color` resigns.
    pub fn resign(&mut self, color: Color) -> Result<(), GameError> {
        self.end(Outcome::Win {
            winner: color.opposite(),
            reason: WinReason::Resignation,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::resolve_str;

    fn play(game: &mut Game, text: &str) {
        let m = resolve_str(game.position(), text).unwrap();
        game.play(&m).unwrap();
    }

    #[test]
    fn threefold_repetition_draws_exactly_on_the_third_occurrence() {
        let mut game = Game::from_position("8/8/8/8/8/8/8/W6B w".parse().unwrap());
        for _ in 0..2 {
            play(&mut game, "a1-a2");
            play(&mut game, "h1-h2");
            play(&mut game, "a2-a1");
            assert!(game.outcome().is_none());
            play(&mut game, "h2-h1");
        }
        assert_eq!(game.repetitions(), 3);
        assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
        assert_eq!(
            game.play(&game.position().legal_moves_under(game.rules())[0]),
            Err(GameError::Over)
        );
    }

    #[test]
    fn no_progress_rule_draws_after_100_quiet_plies() {
        let mut game = Game::from_position("8/8/8/8/8/8/8/W6B w".parse().unwrap());
        // Walk the kings around without repeating a position three times.
        let mut n = 0;
        while game.outcome().is_none() {
            let moves = game.position().legal_moves_under(game.rules());
            let m = moves
                .iter()
                .find(|m| {
                    let next = game.position().play_unchecked(m);
                    game.positions().iter().filter(|p| **p == next).count() < 2
                })
                .copied()
                .unwrap();
            game.play(&m).unwrap();
            n += 1;
        }
        assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::NoProgress)));
        assert_eq!(n, 100);
    }

    #[test]
    fn capturing_the_last_piece_wins() {
        let mut game = Game::from_position("8/8/8/3b4/3w4/8/8/8 w".parse().unwrap());
        play(&mut game, "d4xd6");
        assert_eq!(
            game.outcome(),
            Some(Outcome::Win {
                winner: Color::White,
                reason: WinReason::NoPieces
            })
        );
        assert_eq!(game.undo().map(|m| m.to_string()), Some("d4xd6".to_owned()));
        assert_eq!(game.outcome(), None);
    }

    #[test]
    fn every_outcome_is_described_in_its_own_words() {
        let win = |reason| Outcome::Win {
            winner: Color::White,
            reason,
        };
        let described = [
            (
                win(WinReason::NoPieces),
                "white wins: black has no pieces left",
            ),
            (
                win(WinReason::NoMoves),
                "white wins: black has no legal move",
            ),
            (win(WinReason::Resignation), "white wins: black resigned"),
            (win(WinReason::Time), "white wins: black ran out of time"),
            (
                win(WinReason::MissedCapture {
                    available: resolve_str(&"8/8/8/8/4b3/4w3/8/8 b".parse().unwrap(), "e4xe2")
                        .unwrap(),
                }),
                "white wins: black missed a compulsory capture (e4xe2 takes 1 piece)",
            ),
            (Outcome::Draw(DrawReason::Agreement), "draw by agreement"),
            (
                Outcome::Draw(DrawReason::Repetition),
                "draw: the same position occurred three times",
            ),
            (
                Outcome::Draw(DrawReason::NoProgress),
                "draw: 50 moves each without a capture or a man moving forward",
            ),
        ];
        for (outcome, words) in described {
            assert_eq!(outcome.describe(), words);
        }
    }

    /// d4 can take d5 and d7 (two pieces), or c4 alone.
    const TWO_OR_ONE: &str = "8/3b4/8/3b4/2bw4/8/8/8 w";

    fn missed(game: &Game, text: &str) -> (Move, Move) {
        match crate::notation::resolve_str_under(game.position(), text, game.rules()) {
            Ok(crate::notation::Resolved::MissedCapture { played, available }) => {
                (played, available)
            }
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn in_strict_mode_a_smaller_capture_loses_naming_the_capture_available() {
        for text in ["d4xb4", "d4xd6", "d4-e4"] {
            let mut game = Game::with_rules(TWO_OR_ONE.parse().unwrap(), Rules::STRICT);
            let (played, available) = missed(&game, text);
            game.play_missed_capture(&played, &available).unwrap();
            assert_eq!(game.moves(), [played]);
            assert_eq!(game.moves()[0].to_string(), text);
            assert_eq!(
                game.position(),
                &TWO_OR_ONE
                    .parse::<Position>()
                    .unwrap()
                    .play_unchecked(&played)
            );
            let outcome = game.outcome().unwrap();
            assert_eq!(
                outcome,
                Outcome::Win {
                    winner: Color::Black,
                    reason: WinReason::MissedCapture { available }
                }
            );
            assert_eq!(
                outcome.describe(),
                "black wins: white missed a compulsory capture (d4xd6xd8 takes 2 pieces)"
            );
            assert_eq!(game.play(&available), Err(GameError::Over));
            // Taken back, the game goes on.
            assert_eq!(game.undo(), Some(played));
            assert_eq!(game.outcome(), None);
        }
    }

    #[test]
    fn a_missed_capture_is_refused_outside_strict_mode_and_checked_within() {
        let pos: Position = TWO_OR_ONE.parse().unwrap();
        let strict = Game::with_rules(pos, Rules::STRICT);
        let (played, available) = missed(&strict, "d4xb4");
        let mut game = Game::from_position(pos);
        assert_eq!(
            game.play_missed_capture(&played, &available),
            Err(GameError::MissedCaptureRefused(Rules::STANDARD))
        );
        assert_eq!(
            game.play(&played),
            Err(GameError::Play(PlayError::Illegal(played)))
        );
        // The largest capture does not miss anything, and a smaller one is not "available".
        let mut game = strict.clone();
        for (p, a) in [(available, available), (played, played)] {
            assert_eq!(
                game.play_missed_capture(&p, &a),
                Err(GameError::NotAMissedCapture {
                    played: p,
                    available: a
                })
            );
        }
        assert!(game.moves().is_empty() && game.outcome().is_none());
        game.play(&available).unwrap();
        assert_eq!(game.moves(), [available]);
    }

    #[test]
    fn a_game_under_the_federation_rule_plays_its_own_captures() {
        // PROMO1: d6 takes d7 to d8; crowned at once it would take g8 too.
        let pos: Position = "6B1/b2b4/3w4/8/8/8/w7/8 w".parse().unwrap();
        let standard = pos.legal_moves_under(Rules::STANDARD)[0];
        let federation = pos.legal_moves_under(Rules::FEDERATION)[0];
        let mut game = Game::with_rules(pos, Rules::FEDERATION);
        assert_eq!(
            game.play(&standard),
            Err(GameError::Play(PlayError::Illegal(standard)))
        );
        game.play(&federation).unwrap();
        assert_eq!(
            game.position().to_string(),
            "3W2B1/b7/8/8/8/8/w7/8 b",
            "crowned on d8 at the end, g8 still there"
        );
    }

    #[test]
    fn a_blocked_side_loses() {
        let game = Game::from_position("8/8/8/b7/b7/wbb5/8/8 w".parse().unwrap());
        assert_eq!(
            game.outcome(),
            Some(Outcome::Win {
                winner: Color::Black,
                reason: WinReason::NoMoves
            })
        );
    }
}
