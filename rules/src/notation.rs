//! Move notation: algebraic (`d3-d4`, `d4xd6xf6`) and numeric (`44-36`, `36x20x22`).
//!
//! Parsing ([`MoveText`]) is syntax only. [`resolve`] then finds the legal move a text names in
//! a position, or says precisely why none fits.
//!
//! ```
//! use dama_rules::{Position, notation::{self, Notation, ResolveError}};
//!
//! let pos: Position = "8/8/8/3b4/3w4/8/8/8 w".parse().unwrap();
//! // Capturing is compulsory, so the plain move is refused with the capture to make.
//! let err = notation::resolve_str(&pos, "d4-c4").unwrap_err();
//! assert!(matches!(err, ResolveError::CaptureRequired { count: 1, .. }));
//! let m = notation::resolve_str(&pos, "d4xd6").unwrap();
//! assert_eq!(notation::format(&m, Notation::Numeric), "36x20");
//! ```

use std::{fmt, str::FromStr};

use crate::{MissedCapture, Move, Position, Promotion, Rules, Square, movegen};

/// How squares are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Notation {
    /// `a1`…`h8`.
    #[default]
    Algebraic,
    /// 1 (a8) … 64 (h1).
    Numeric,
}

impl Notation {
    /// Every notation, the default first.
    pub const ALL: [Notation; 2] = [Notation::Algebraic, Notation::Numeric];

    /// Its name, as a player chooses it and as it is stored: `algebraic` or `numeric`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Notation::Algebraic => "algebraic",
            Notation::Numeric => "numeric",
        }
    }

    /// The notation called exactly `name`.
    #[must_use]
    pub fn named(name: &str) -> Option<Notation> {
        Notation::ALL.into_iter().find(|n| n.name() == name)
    }
}

/// A move as typed: its squares in order, and whether it was written as a capture.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MoveText {
    squares: Vec<Square>,
    capture: bool,
}

/// Text that is not move notation at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseMoveError {
    /// Nothing was typed.
    #[error("no move given: type it like d3-d4 or d4xd6xf6")]
    Empty,
    /// A part between separators is not a square.
    #[error("{0:?} is not a square: use a1 to h8, or 1 to 64")]
    BadSquare(String),
    /// Only one square.
    #[error("a move needs at least two squares, like d3-d4")]
    TooShort,
    /// `-` and `x` mixed, or a plain move through several squares.
    #[error("write a plain move as from-to (d3-d4) and a capture with x (d4xd6xf6)")]
    Separators,
}

impl MoveText {
    /// The squares as typed, start first.
    #[must_use]
    pub fn squares(&self) -> &[Square] {
        &self.squares
    }

    /// Whether it was written with `x`.
    #[must_use]
    pub const fn is_capture(&self) -> bool {
        self.capture
    }

    /// The start square.
    #[must_use]
    pub fn from(&self) -> Square {
        self.squares[0]
    }

    /// The last square.
    #[must_use]
    pub fn to(&self) -> Square {
        self.squares[self.squares.len() - 1]
    }

    /// The text of a legal move, with its full path.
    #[must_use]
    pub fn of_move(m: &Move) -> MoveText {
        MoveText {
            squares: m.path().collect(),
            capture: m.is_capture(),
        }
    }

    /// Writes the text in the given notation.
    #[must_use]
    pub fn to_string_in(&self, notation: Notation) -> String {
        let sep = if self.capture { "x" } else { "-" };
        let names: Vec<String> = self
            .squares
            .iter()
            .map(|sq| square_name(*sq, notation))
            .collect();
        names.join(sep)
    }
}

impl FromStr for MoveText {
    type Err = ParseMoveError;

    /// Reads algebraic or numeric squares separated by `-` (plain) or `x`/`:` (capture).
    fn from_str(s: &str) -> Result<MoveText, ParseMoveError> {
        let s = s.trim();
        if s.is_empty() {
            return Err(ParseMoveError::Empty);
        }
        let is_sep = |c: char| matches!(c, '-' | 'x' | 'X' | ':' | '×');
        let capture = s.contains(['x', 'X', ':', '×']);
        if capture && s.contains('-') {
            return Err(ParseMoveError::Separators);
        }
        let squares = s
            .split(is_sep)
            .map(|part| parse_square(part.trim()))
            .collect::<Result<Vec<_>, _>>()?;
        if squares.len() < 2 {
            return Err(ParseMoveError::TooShort);
        }
        if !capture && squares.len() > 2 {
            return Err(ParseMoveError::Separators);
        }
        Ok(MoveText { squares, capture })
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_string_in(Notation::Algebraic))
    }
}

fn parse_square(part: &str) -> Result<Square, ParseMoveError> {
    let bad = || ParseMoveError::BadSquare(part.to_owned());
    if part.bytes().all(|b| b.is_ascii_digit()) && !part.is_empty() && part.len() <= 2 {
        let n: u8 = part.parse().map_err(|_| bad())?;
        Square::from_number(n).ok_or_else(bad)
    } else {
        part.parse().map_err(|_| bad())
    }
}

/// A square's name in the given notation.
#[must_use]
pub fn square_name(sq: Square, notation: Notation) -> String {
    match notation {
        Notation::Algebraic => sq.to_string(),
        Notation::Numeric => sq.number().to_string(),
    }
}

/// A move with its full path, in the given notation.
///
/// ```
/// use dama_rules::{Position, Rules, notation::{format, Notation}};
/// let m = Position::default().legal_moves_under(Rules::STANDARD)[0];
/// assert_eq!(format(&m, Notation::Algebraic), m.to_string());
/// ```
#[must_use]
pub fn format(m: &Move, notation: Notation) -> String {
    MoveText::of_move(m).to_string_in(notation)
}

/// Why a text names no legal move in a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResolveError {
    /// The text is not move notation.
    #[error(transparent)]
    Syntax(#[from] ParseMoveError),
    /// The side to move has no legal move: the game is over.
    #[error("there is no legal move: the game is over")]
    NoLegalMoves,
    /// The start square is empty.
    #[error("there is no piece on {0}")]
    NoPiece(Square),
    /// The start square holds the opponent's piece.
    #[error("the piece on {0} is not yours")]
    NotYourPiece(Square),
    /// A plain move (or a shorter capture) was typed while a capture of `count` pieces is
    /// compulsory.
    #[error("a capture is compulsory: you must take {count} piece{}, e.g. {example}", plural(*count))]
    CaptureRequired {
        /// How many pieces the capture must take.
        count: u32,
        /// One legal capture.
        example: Move,
    },
    /// A capture was typed but there is nothing to capture.
    #[error("there is nothing to capture: {0} is not a legal move")]
    NothingToCapture(MoveText),
    /// The text fits several legal moves.
    #[error("{text} could be {} moves: {}; type the full path", candidates.len(), list(candidates))]
    Ambiguous {
        /// What was typed.
        text: MoveText,
        /// The legal moves it fits.
        candidates: Vec<Move>,
    },
    /// The text fits no legal move.
    #[error("{0} is not a legal move")]
    Illegal(MoveText),
}

fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn list(moves: &[Move]) -> String {
    moves
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Parses `text` and resolves it in `pos`.
pub fn resolve_str(pos: &Position, text: &str) -> Result<Move, ResolveError> {
    resolve(pos, &text.parse()?)
}

/// Finds the legal move that `text` names in `pos` under docs/rules.md#identity-of-a-move: its full
/// path (any path of the move), or `fromxto` / `from-to` when that names exactly one legal move.
pub fn resolve(pos: &Position, text: &MoveText) -> Result<Move, ResolveError> {
    resolve_legal(pos, text, Promotion::DuringCapture)
}

/// What a text names under a rule set: a legal move, or (in strict mode only) a move that
/// misses the capture the rules required, which loses the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Resolved {
    /// A legal move.
    Legal(Move),
    /// A move that takes fewer pieces than the most that can be taken (a capture stopped short
    /// or a smaller one), or a plain move while a capture is compulsory. Under
    /// [`MissedCapture::Loses`] it may be played, and the player who plays it loses
    /// ([`crate::Game::play_missed_capture`]).
    MissedCapture {
        /// The move as played.
        played: Move,
        /// One of the legal (largest) captures the player should have made.
        available: Move,
    },
}

/// Parses `text` and resolves it in `pos` under `rules`.
pub fn resolve_str_under(
    pos: &Position,
    text: &str,
    rules: Rules,
) -> Result<Resolved, ResolveError> {
    resolve_under(pos, &text.parse()?, rules)
}

/// Finds the move that `text` names in `pos` under `rules`: as [`resolve`] does, with the
/// legal moves of `rules`; and under [`MissedCapture::Loses`], where [`resolve`] answers
/// [`ResolveError::CaptureRequired`], the capture stopped short, the smaller capture or the
/// plain move the text names, with a largest capture that was available. Under
/// [`MissedCapture::Refused`] the errors are [`resolve`]'s.
///
/// ```
/// use dama_rules::{Rules, notation::{self, Resolved, ResolveError}};
///
/// // d4 can take d5 and d7 (two pieces), or c4 alone.
/// let pos = "8/3b4/8/3b4/2bw4/8/8/8 w".parse().unwrap();
/// let err = notation::resolve_str_under(&pos, "d4xb4", Rules::STANDARD).unwrap_err();
/// assert!(matches!(err, ResolveError::CaptureRequired { count: 2, .. }));
/// let Ok(Resolved::MissedCapture { played, available }) =
///     notation::resolve_str_under(&pos, "d4xb4", Rules::STRICT)
/// else {
///     panic!("a smaller capture is a missed capture in strict mode");
/// };
/// assert_eq!((played.to_string(), available.to_string()), ("d4xb4".into(), "d4xd6xd8".into()));
/// ```
pub fn resolve_under(
    pos: &Position,
    text: &MoveText,
    rules: Rules,
) -> Result<Resolved, ResolveError> {
    let refused = match resolve_legal(pos, text, rules.promotion) {
        Ok(m) => return Ok(Resolved::Legal(m)),
        Err(e) => e,
    };
    match (rules.missed_capture, &refused) {
        (MissedCapture::Loses, ResolveError::CaptureRequired { example, .. }) => {
            match missed_capture(pos, text, rules.promotion, example.capture_count())? {
                Some(played) => Ok(Resolved::MissedCapture {
                    played,
                    available: *example,
                }),
                None => Err(refused),
            }
        }
        _ => Err(refused),
    }
}

/// The move that misses the compulsory capture (of `most` pieces) which `text` names: a capture
/// of fewer pieces (it may stop where it could go on), or a plain move. `None` if none fits.
fn missed_capture(
    pos: &Position,
    text: &MoveText,
    promotion: Promotion,
    most: u32,
) -> Result<Option<Move>, ResolveError> {
    let landings = &text.squares()[1..];
    let paths: Vec<(Move, Vec<Square>)> = if text.is_capture() {
        movegen::every_capture_path(pos, promotion)
            .into_iter()
            .filter(|(m, _)| m.from() == text.from() && m.capture_count() < most)
            .collect()
    } else {
        movegen::plain_moves(pos)
            .iter()
            .filter(|m| m.from() == text.from())
            .map(|m| (*m, m.landings().to_vec()))
            .collect()
    };
    if let Some((m, _)) = paths.iter().find(|(_, path)| path.as_slice() == landings) {
        return Ok(Some(*m));
    }
    if landings.len() > 1 {
        return Ok(None);
    }
    let mut ends: Vec<Move> = Vec::new();
    for (m, _) in paths.iter().filter(|(m, _)| m.to() == text.to()) {
        if !ends.contains(m) {
            ends.push(*m);
        }
    }
    match ends.as_slice() {
        [] => Ok(None),
        [m] => Ok(Some(*m)),
        _ => Err(ResolveError::Ambiguous {
            text: text.clone(),
            candidates: ends,
        }),
    }
}

/// [`resolve`] with the legal moves of a promotion rule.
fn resolve_legal(
    pos: &Position,
    text: &MoveText,
    promotion: Promotion,
) -> Result<Move, ResolveError> {
    let legal = pos.legal_moves_under(Rules {
        promotion,
        ..Rules::STANDARD
    });
    let Some(first) = legal.first().copied() else {
        return Err(ResolveError::NoLegalMoves);
    };
    match pos.piece_at(text.from()) {
        None => return Err(ResolveError::NoPiece(text.from())),
        Some(p) if p.color != pos.turn() => return Err(ResolveError::NotYourPiece(text.from())),
        Some(_) => {}
    }
    let must_capture = first.is_capture();
    let landings = &text.squares()[1..];

    // The path each move keeps is checked first; only another path of a capture needs every
    // path walked (costly where there are thousands, as in positions built for it).
    if let Some(m) = legal
        .iter()
        .find(|m| m.from() == text.from() && m.landings() == landings)
    {
        return Ok(*m);
    }
    if must_capture && landings.len() > 1 {
        let full = movegen::capture_paths(pos, promotion)
            .into_iter()
            .find(|(m, path)| m.from() == text.from() && path.as_slice() == landings);
        if let Some((m, _)) = full {
            return Ok(m);
        }
    }
    let ends: Vec<Move> = legal
        .iter()
        .filter(|m| m.from() == text.from() && m.to() == text.to())
        .filter(|m| landings.len() == 1 || m.landings() == landings)
        .copied()
        .collect();
    match ends.as_slice() {
        [m] => return Ok(*m),
        [] => {}
        _ => {
            return Err(ResolveError::Ambiguous {
                text: text.clone(),
                candidates: ends,
            });
        }
    }
    if must_capture {
        let too_short = !text.is_capture() || landings.len() < first.landings().len();
        if too_short {
            return Err(ResolveError::CaptureRequired {
                count: first.capture_count(),
                example: first,
            });
        }
    } else if text.is_capture() {
        return Err(ResolveError::NothingToCapture(text.clone()));
    }
    Err(ResolveError::Illegal(text.clone()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(s: &str) -> Position {
        s.parse().unwrap()
    }

    #[test]
    fn each_notation_is_found_by_its_name_and_nothing_else_is() {
        for n in Notation::ALL {
            assert_eq!(Notation::named(n.name()), Some(n));
        }
        assert_eq!(Notation::named("Algebraic"), None);
        assert_eq!(Notation::named(""), None);
    }

    #[test]
    fn numeric_and_algebraic_name_the_same_move() {
        let start = Position::default();
        let a = resolve_str(&start, "d3-d4").unwrap();
        let n = resolve_str(&start, "44-36").unwrap();
        assert_eq!(a, n);
        assert_eq!(format(&a, Notation::Numeric), "44-36");
    }

    #[test]
    fn syntax_errors_are_specific() {
        let e = |s: &str| s.parse::<MoveText>().unwrap_err();
        assert_eq!(e(""), ParseMoveError::Empty);
        assert_eq!(e("d3"), ParseMoveError::TooShort);
        assert_eq!(e("d3-z9"), ParseMoveError::BadSquare("z9".into()));
        assert_eq!(e("d3-d4-d5"), ParseMoveError::Separators);
        assert_eq!(e("d4xd6-f6"), ParseMoveError::Separators);
        assert_eq!(e("65-1"), ParseMoveError::BadSquare("65".into()));
    }

    #[test]
    fn resolve_names_what_is_wrong() {
        let start = Position::default();
        assert_eq!(
            resolve_str(&start, "d4-d5"),
            Err(ResolveError::NoPiece("d4".parse().unwrap()))
        );
        assert_eq!(
            resolve_str(&start, "d6-d5"),
            Err(ResolveError::NotYourPiece("d6".parse().unwrap()))
        );
        assert!(matches!(
            resolve_str(&start, "d3-d5"),
            Err(ResolveError::Illegal(_))
        ));
        assert!(matches!(
            resolve_str(&start, "d3xd5"),
            Err(ResolveError::NothingToCapture(_))
        ));
    }

    #[test]
    fn capture_must_take_the_maximum_number_of_pieces() {
        // d4 can take d5 and then d7 (two pieces), or c4 alone (one piece).
        let p = pos("8/3b4/8/3b4/2bw4/8/8/8 w");
        let err = resolve_str(&p, "d4xb4").unwrap_err();
        assert!(
            matches!(err, ResolveError::CaptureRequired { count: 2, .. }),
            "{err}"
        );
        assert!(
            err.to_string()
                .contains("you must take 2 pieces, e.g. d4xd6xd8"),
            "{err}"
        );
        assert_eq!(resolve_str(&p, "d4xd8").unwrap().capture_count(), 2);
        assert_eq!(resolve_str(&p, "d4xd6xd8").unwrap().capture_count(), 2);
    }

    #[test]
    fn strict_mode_resolves_a_missed_capture_and_refused_mode_gives_the_old_errors() {
        let p = pos("8/3b4/8/3b4/2bw4/8/8/8 w");
        for text in [
            "d4xb4", "d4xd6", "d4-e4", "d4-d5x", "d4xd8", "d4-d6", "a1-a2", "e4xe6",
        ] {
            let old = resolve_str(&p, text);
            for rules in [Rules::STANDARD, Rules::FEDERATION] {
                assert_eq!(
                    resolve_str_under(&p, text, rules),
                    old.clone().map(Resolved::Legal),
                    "{text}"
                );
            }
        }
        let available = resolve_str(&p, "d4xd6xd8").unwrap();
        for (text, played) in [("d4xb4", "d4xb4"), ("d4xd6", "d4xd6"), ("d4-e4", "d4-e4")] {
            let Ok(Resolved::MissedCapture {
                played: m,
                available: a,
            }) = resolve_str_under(&p, text, Rules::STRICT)
            else {
                panic!("{text}");
            };
            assert_eq!((m.to_string().as_str(), a), (played, available), "{text}");
        }
        // A legal move is legal in strict mode too; what fits nothing keeps its error.
        assert_eq!(
            resolve_str_under(&p, "d4xd8", Rules::STRICT),
            Ok(Resolved::Legal(available))
        );
        for text in ["d4-d6", "e4xe6", "a1-a2", "d4xd6xd7"] {
            assert_eq!(
                resolve_str_under(&p, text, Rules::STRICT).map_err(|e| e.to_string()),
                resolve_str(&p, text)
                    .map(Resolved::Legal)
                    .map_err(|e| e.to_string()),
                "{text}"
            );
        }
    }
}
