//! PDN game records for Turkish draughts (`[GameType "30"]`), with algebraic moves.
//!
//! A game that does not start from the start position carries a `[FEN "…"]` tag holding the
//! position text (docs/rules.md#position-text), and a game not played under the standard rules
//! (docs/rules.md) a `[Rules "…"]` tag naming its rule set ([`Rules::name`]: `federation`,
//! `strict`, `federation-strict`; no tag means `standard`). A result that the moves alone do not
//! explain (resignation, time, agreement) is kept in a `[Termination "…"]` tag, so a game written
//! and read back is the same. A strict game lost by a missed capture ends with that move, and its
//! `Termination` tag names the capture that was available.
//!
//! A move may carry numeric annotation glyphs (`$2`; the suffixes `!`, `?`, `!!`, `??`, `!?` and
//! `?!` read as `$1` to `$6`) and `{…}` comments: [`write_annotated`] writes them, and [`read`]
//! keeps them in [`PdnGame::annotations`].
//!
//! ```
//! use dama_rules::{Color, Game, notation, pdn};
//!
//! let mut game = Game::new();
//! let m = notation::resolve_str(game.position(), "c3-c4").unwrap();
//! game.play(&m).unwrap();
//! game.resign(Color::Black).unwrap();
//! let text = pdn::write(&game, &[("White", "ayse"), ("Black", "mehmet")]);
//! assert!(text.contains("[GameType \"30\"]") && text.contains("1. c3-c4 1-0"));
//! let back = pdn::read(&text).unwrap();
//! assert_eq!(back.game, game);
//! assert_eq!(back.tag("White"), Some("ayse"));
//! ```

use std::fmt::Write as _;

use crate::{
    Color, DrawReason, Game, GameError, Move, Outcome, ParseRulesError, Position, PositionError,
    Rules, WinReason,
    notation::{self, ResolveError, Resolved},
};

/// A game read from PDN, with its tags.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PdnGame {
    /// Every tag, in file order.
    pub tags: Vec<(String, String)>,
    /// The game the moves and result describe.
    pub game: Game,
    /// What the file says about each move, one entry per move of [`PdnGame::game`] (empty
    /// annotations for moves without any). Comments before the first move are not kept.
    pub annotations: Vec<Annotation>,
}

/// What a PDN file says about one move besides the move itself.
///
/// ```
/// use dama_rules::{Game, notation, pdn::{self, Annotation}};
///
/// let mut game = Game::new();
/// game.play(&notation::resolve_str(game.position(), "c3-c4").unwrap()).unwrap();
/// let note = Annotation { nags: vec![Annotation::MISTAKE], comments: vec!["better d3-d4".into()] };
/// let text = pdn::write_annotated(&game, &[], &[note.clone()]);
/// assert!(text.contains("1. c3-c4 $2 {better d3-d4} *"), "{text}");
/// assert_eq!(pdn::read(&text).unwrap().annotations, vec![note]);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Annotation {
    /// Numeric annotation glyphs, in file order: [`Annotation::GOOD`], [`Annotation::MISTAKE`],
    /// [`Annotation::BLUNDER`], [`Annotation::DUBIOUS`], or any other PGN number.
    pub nags: Vec<u8>,
    /// The comments after the move, in file order, without their braces and trimmed.
    pub comments: Vec<String>,
}

impl Annotation {
    /// `$1`: a good move (`!`).
    pub const GOOD: u8 = 1;
    /// `$2`: a mistake (`?`).
    pub const MISTAKE: u8 = 2;
    /// `$4`: a blunder (`??`).
    pub const BLUNDER: u8 = 4;
    /// `$6`: a dubious move, an inaccuracy (`?!`).
    pub const DUBIOUS: u8 = 6;

    /// Whether there is nothing to write.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.nags.is_empty() && self.comments.is_empty()
    }
}

/// The move suffixes that stand for NAGs `$1` to `$6`, in PGN's order.
const SUFFIXES: [&str; 6] = ["!", "?", "!!", "??", "!?", "?!"];

impl PdnGame {
    /// The value of a tag, if present.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag_value(&self.tags, name)
    }
}

/// Why a PDN text could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PdnError {
    /// A tag line is not `[Name "value"]`.
    #[error("line {line}: a tag must look like [Name \"value\"]")]
    Tag {
        /// 1-based line number.
        line: usize,
    },
    /// The game is not Turkish draughts.
    #[error("GameType {0:?} is not Turkish draughts (30)")]
    GameType(String),
    /// The FEN tag is not a legal position.
    #[error("bad FEN tag: {0}")]
    Fen(#[from] PositionError),
    /// The Rules tag names no rule set.
    #[error("bad Rules tag: {0}")]
    Rules(#[from] ParseRulesError),
    /// A move does not fit the position it is played in.
    #[error("move {number} ({text}): {error}")]
    Move {
        /// 1-based ply number.
        number: usize,
        /// The move as written.
        text: String,
        /// What is wrong with it.
        error: ResolveError,
    },
    /// Moves follow the end of the game.
    #[error("move {number} ({text}) comes after the game ended")]
    AfterEnd {
        /// 1-based ply number.
        number: usize,
        /// The move as written.
        text: String,
    },
    /// A `{` comment is never closed.
    #[error("a comment is not closed")]
    Comment,
    /// The result contradicts the moves.
    #[error("the result {0} does not match the game")]
    Result(String),
}

/// The outcomes a player chooses rather than the moves giving them: these are what a
/// `Termination` tag records.
const CHOSEN: [Outcome; 8] = [
    Outcome::Win {
        winner: Color::Black,
        reason: WinReason::Resignation,
    },
    Outcome::Win {
        winner: Color::White,
        reason: WinReason::Resignation,
    },
    Outcome::Win {
        winner: Color::Black,
        reason: WinReason::Time,
    },
    Outcome::Win {
        winner: Color::White,
        reason: WinReason::Time,
    },
    Outcome::Win {
        winner: Color::Black,
        reason: WinReason::Abandoned,
    },
    Outcome::Win {
        winner: Color::White,
        reason: WinReason::Abandoned,
    },
    Outcome::Draw(DrawReason::Agreement),
    Outcome::Draw(DrawReason::Abandoned),
];

/// The `Termination` text of a chosen outcome, in the rules' words ([`WinReason::phrase`],
/// [`Outcome::describe`]): `white resigned`, `black ran out of time`, `draw by agreement`.
fn termination(outcome: Outcome) -> String {
    match outcome {
        Outcome::Win { winner, reason } => format!("{} {}", winner.opposite(), reason.phrase()),
        Outcome::Draw(_) | Outcome::Aborted => outcome.describe(),
    }
}

/// The chosen outcome a `Termination` text names (any case). Files written before the text
/// came from [`WinReason::phrase`] say `white lost on time`; they still read.
fn named_outcome(text: &str) -> Option<Outcome> {
    let text = text.to_lowercase();
    let text = match text.strip_suffix(" lost on time") {
        Some(loser) => format!("{loser} {}", WinReason::Time.phrase()),
        None => text,
    };
    CHOSEN.into_iter().find(|&o| termination(o) == text)
}

fn is_missed_capture(outcome: Outcome) -> bool {
    matches!(
        outcome,
        Outcome::Win {
            reason: WinReason::MissedCapture { .. },
            ..
        }
    )
}

/// Writes `game` as PDN, with `tags` first (for example Event, Site, Date, White, Black).
/// `GameType`, `Result`, and where needed `FEN` and `Termination` are added.
#[must_use]
pub fn write(game: &Game, tags: &[(&str, &str)]) -> String {
    write_annotated(game, tags, &[])
}

/// [`write()`], with `annotations[i]` after the `i`th move (missing entries mean none): its NAGs as
/// `$n`, then its comments in braces. A comment is written on one line, with `}` (which would
/// end it) written as `)`; empty comments are left out.
#[must_use]
pub fn write_annotated(game: &Game, tags: &[(&str, &str)], annotations: &[Annotation]) -> String {
    let mut out = String::new();
    let reserved = ["GameType", "Result", "FEN", "Rules", "Termination"];
    for (k, v) in tags.iter().filter(|(k, _)| !reserved.contains(k)) {
        let _ = writeln!(out, "[{k} \"{}\"]", escape(v));
    }
    let result = game.outcome().map_or("*", Outcome::result_token);
    let _ = writeln!(out, "[GameType \"30\"]");
    if *game.start() != Position::start() {
        let _ = writeln!(out, "[FEN \"{}\"]", game.start());
    }
    if game.rules() != Rules::STANDARD {
        let _ = writeln!(out, "[Rules \"{}\"]", game.rules());
    }
    // A missed capture is explained by the last move, but the tag says which capture was due.
    if let Some(outcome) = game
        .outcome()
        .filter(|o| CHOSEN.contains(o) || is_missed_capture(*o))
    {
        let _ = writeln!(out, "[Termination \"{}\"]", termination(outcome));
    }
    let _ = writeln!(out, "[Result \"{result}\"]\n");

    let mut tokens = Vec::new();
    let mut number = 1;
    let mut annotated = false;
    for (i, m) in game.moves().iter().enumerate() {
        let turn = game.positions()[i].turn();
        if turn == Color::White {
            tokens.push(format!("{number}."));
        } else if i == 0 || annotated {
            // After a comment the reader of the text needs the number again.
            tokens.push(format!("{number}..."));
        }
        tokens.push(m.to_string());
        let note = annotations.get(i);
        annotated = note.is_some_and(|n| !n.is_empty());
        for nag in note.iter().flat_map(|n| &n.nags) {
            tokens.push(format!("${nag}"));
        }
        for comment in note.iter().flat_map(|n| &n.comments) {
            let comment = comment_text(comment);
            if !comment.is_empty() {
                tokens.push(format!("{{{comment}}}"));
            }
        }
        if turn == Color::Black {
            number += 1;
        }
    }
    tokens.push(result.to_owned());
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&t);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// A comment as PDN can hold it: on one line, trimmed, with no `}` to end it early.
fn comment_text(comment: &str) -> String {
    comment
        .chars()
        .map(|c| match c {
            '}' => ')',
            '\n' | '\r' => ' ',
            c => c,
        })
        .collect::<String>()
        .trim()
        .to_owned()
}

/// A tag value as PDN can hold it: on one line, with `\` and `"` escaped.
fn escape(v: &str) -> String {
    v.chars()
        .map(|c| if matches!(c, '\n' | '\r') { ' ' } else { c })
        .collect::<String>()
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
}

fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut out = String::new();
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        out.push(if c == '\\' { chars.next()? } else { c });
    }
    Some((name.to_owned(), out))
}

/// Reads one PDN game (tags, then movetext).
pub fn read(text: &str) -> Result<PdnGame, PdnError> {
    let (tags, movetext) = split_tags(text)?;
    let tag = |name| tag_value(&tags, name);
    check_game_type(tag("GameType"))?;
    let start = match tag("FEN") {
        Some(fen) => fen.parse::<Position>()?,
        None => Position::start(),
    };
    let rules = tag("Rules")
        .map(str::parse)
        .transpose()?
        .unwrap_or_default();
    let mut game = Game::with_rules(start, rules);
    let mut result = None;
    let mut annotations: Vec<Annotation> = Vec::new();
    for token in tokens(&movetext) {
        let token = match token? {
            Token::Comment(text) => {
                if let Some(note) = annotations.last_mut() {
                    note.comments.push(text.trim().to_owned());
                }
                continue;
            }
            Token::Word(word) => word,
        };
        if RESULTS.contains(&token) {
            result = Some(token);
            continue;
        }
        if let Some(nag) = token.strip_prefix('$').and_then(|n| n.parse().ok()) {
            if let Some(note) = annotations.last_mut() {
                note.nags.push(nag);
            }
            continue;
        }
        // Move numbers: "12." or "12...", possibly glued to the move ("12.d3-d4").
        let token = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        if token.is_empty() {
            continue;
        }
        let (text, suffix) = split_suffix(token);
        let mut note = Annotation::default();
        note.nags.extend(suffix);
        annotations.push(note);
        play_text(&mut game, annotations.len(), text, tag("Termination"))?;
    }
    let result = result.or_else(|| tag("Result")).unwrap_or("*");
    settle(&mut game, result, tag("Termination"))?;
    Ok(PdnGame {
        tags,
        game,
        annotations,
    })
}

/// A move without its `!`/`?` suffix, and the NAG the suffix stands for.
fn split_suffix(token: &str) -> (&str, Option<u8>) {
    let text = token.trim_end_matches(['!', '?']);
    let suffix = &token[text.len()..];
    let nag = SUFFIXES
        .iter()
        .position(|s| *s == suffix)
        .and_then(|i| u8::try_from(i + 1).ok());
    // An unknown run of marks stays on the move, so the move is refused as written.
    match nag {
        Some(nag) => (text, Some(nag)),
        None if suffix.is_empty() => (text, None),
        None => (token, None),
    }
}

/// The result tokens a movetext may end with (draughts PDN also counts a win as 2 points).
const RESULTS: [&str; 7] = ["1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "*"];

/// The tag pairs at the top of `text`, and the movetext after them.
fn split_tags(text: &str) -> Result<(Vec<(String, String)>, String), PdnError> {
    let mut tags = Vec::new();
    let mut movetext = String::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.starts_with('[') && movetext.trim().is_empty() {
            tags.push(parse_tag(trimmed).ok_or(PdnError::Tag { line: i + 1 })?);
        } else {
            movetext.push_str(line);
            movetext.push('\n');
        }
    }
    Ok((tags, movetext))
}

/// The value of the first tag called `name`.
fn tag_value<'t>(tags: &'t [(String, String)], name: &str) -> Option<&'t str> {
    tags.iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

/// Turkish draughts is PDN game type 30 (possibly followed by board details: "30,8,8,…").
fn check_game_type(kind: Option<&str>) -> Result<(), PdnError> {
    match kind {
        Some(kind) if kind.split(',').next().map(str::trim) != Some("30") => {
            Err(PdnError::GameType(kind.to_owned()))
        }
        _ => Ok(()),
    }
}

/// A piece of movetext.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Token<'t> {
    /// A move number, a move, a NAG or a result.
    Word(&'t str),
    /// The text between `{` and `}`.
    Comment(&'t str),
}

/// The tokens of a movetext (move numbers, moves, NAGs, results, comments).
fn tokens(movetext: &str) -> impl Iterator<Item = Result<Token<'_>, PdnError>> {
    let mut rest = movetext;
    std::iter::from_fn(move || {
        rest = rest.trim_start();
        if let Some(comment) = rest.strip_prefix('{') {
            let Some(end) = comment.find('}') else {
                rest = "";
                return Some(Err(PdnError::Comment));
            };
            rest = &comment[end + 1..];
            return Some(Ok(Token::Comment(&comment[..end])));
        }
        if rest.is_empty() {
            return None;
        }
        let end = rest
            .find(|c: char| c.is_whitespace() || c == '{')
            .unwrap_or(rest.len());
        let (token, after) = rest.split_at(end);
        rest = after;
        Some(Ok(Token::Word(token)))
    })
}

/// Plays the move written `text`, the game's `ply`th, under the game's rules. A missed capture
/// (strict rules) ends the game, naming the available capture that the `termination` tag names,
/// if any, else the one [`notation::resolve_under`] gives.
fn play_text(
    game: &mut Game,
    ply: usize,
    text: &str,
    termination: Option<&str>,
) -> Result<(), PdnError> {
    let after_end = || PdnError::AfterEnd {
        number: ply,
        text: text.to_owned(),
    };
    if game.outcome().is_some() {
        return Err(after_end());
    }
    let bad_move = |error| PdnError::Move {
        number: ply,
        text: text.to_owned(),
        error,
    };
    let pos = *game.position();
    let (m, played) =
        match notation::resolve_str_under(&pos, text, game.rules()).map_err(bad_move)? {
            Resolved::Legal(m) => (m, game.play(&m)),
            Resolved::MissedCapture { played, available } => {
                let available = termination
                    .and_then(|words| named_capture(&pos, game.rules(), words))
                    .unwrap_or(available);
                (played, game.play_missed_capture(&played, &available))
            }
        };
    played.map_err(|e| match e {
        GameError::Over => after_end(),
        _ => bad_move(ResolveError::Illegal(notation::MoveText::of_move(&m))),
    })
}

/// The largest capture of `pos` that a `Termination` text says the mover missed.
fn named_capture(pos: &Position, rules: Rules, words: &str) -> Option<Move> {
    let words = words.to_lowercase();
    pos.legal_moves_under(rules)
        .iter()
        .copied()
        .find(|&available| {
            let outcome = Outcome::Win {
                winner: pos.turn().opposite(),
                reason: WinReason::MissedCapture { available },
            };
            termination(outcome) == words
        })
}

/// Applies a result that the moves do not already give.
fn settle(game: &mut Game, result: &str, termination: Option<&str>) -> Result<(), PdnError> {
    let bad = || PdnError::Result(result.to_owned());
    if let Some(outcome) = game.outcome() {
        let fits = outcome.result_token() == result || result == "*";
        return if fits { Ok(()) } else { Err(bad()) };
    }
    let named = termination.and_then(named_outcome);
    let outcome = match (result, named) {
        ("*", _) => return Ok(()),
        (_, Some(o)) if o.result_token() == result => o,
        ("1-0" | "2-0", _) => Outcome::Win {
            winner: Color::White,
            reason: WinReason::Resignation,
        },
        ("0-1" | "0-2", _) => Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Resignation,
        },
        ("1/2-1/2" | "1-1", _) => Outcome::Draw(DrawReason::Agreement),
        _ => return Err(bad()),
    };
    game.end(outcome).map_err(|_| bad())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_numbers_glued_to_moves_and_comments() {
        let text = "[GameType \"30\"]\n\n1.d3-d4 {a comment} e6-e5 2. d4-d5 *\n";
        let g = read(text).unwrap();
        assert_eq!(g.game.moves().len(), 3);
        assert_eq!(g.game.outcome(), None);
    }

    #[test]
    fn nags_comments_and_suffixes_are_kept_with_their_moves() {
        let text = "[GameType \"30\"]\n\n{before} 1. d3-d4?! $1 {first} {second} e6-e5?? \
                    2. d4-d5 $4 *\n";
        let g = read(text).unwrap();
        assert_eq!(g.game.moves().len(), 3);
        let nags: Vec<&[u8]> = g.annotations.iter().map(|a| a.nags.as_slice()).collect();
        assert_eq!(nags, [&[6, 1][..], &[4], &[4]]);
        assert_eq!(g.annotations[0].comments, ["first", "second"]);
        assert!(g.annotations[1].comments.is_empty());
        assert!(matches!(
            read("1. d3-d4?!? *"),
            Err(PdnError::Move { number: 1, .. })
        ));
    }

    #[test]
    fn an_annotated_game_is_written_with_numbers_after_comments_and_reads_back() {
        let mut game = Game::new();
        for text in ["d3-d4", "e6-e5", "d4-d5"] {
            let m = notation::resolve_str(game.position(), text).unwrap();
            game.play(&m).unwrap();
        }
        game.resign(Color::Black).unwrap();
        let notes = [
            Annotation {
                nags: vec![Annotation::DUBIOUS],
                comments: vec!["not {quite}\nright".to_owned()],
            },
            Annotation::default(),
            Annotation {
                nags: vec![],
                comments: vec![String::new(), "fine".to_owned()],
            },
        ];
        let text = write_annotated(&game, &[], &notes);
        assert!(
            text.contains("1. d3-d4 $6 {not {quite) right} 1... e6-e5 2. d4-d5 {fine} 1-0"),
            "{text}"
        );
        let back = read(&text).unwrap();
        assert_eq!(back.game, game);
        assert_eq!(back.annotations[0].comments, ["not {quite) right"]);
        assert_eq!(back.annotations[1], Annotation::default());
        assert_eq!(back.annotations[2].comments, ["fine"]);
        // Without annotations the text is what `write` gives.
        assert_eq!(write_annotated(&game, &[], &[]), write(&game, &[]));
    }

    #[test]
    fn rejects_other_game_types_and_bad_moves() {
        assert!(matches!(
            read("[GameType \"20\"]\n1. 32-28 *"),
            Err(PdnError::GameType(_))
        ));
        let err = read("1. d3-d5 *").unwrap_err();
        assert!(err.to_string().starts_with("move 1 (d3-d5)"), "{err}");
        assert!(matches!(
            read("[White \"x]\n"),
            Err(PdnError::Tag { line: 1 })
        ));
        assert_eq!(read("1. d3-d4 {open *"), Err(PdnError::Comment));
        // Moves are read in order: the bad move comes before the unclosed comment.
        assert!(matches!(
            read("1. d3-d5 {open *"),
            Err(PdnError::Move { number: 1, .. })
        ));
    }

    #[test]
    fn a_tag_with_a_line_break_is_written_on_one_line() {
        let text = write(&Game::new(), &[("Event", "spring\ncup")]);
        assert_eq!(read(&text).unwrap().tag("Event"), Some("spring cup"));
    }

    #[test]
    fn black_to_move_start_and_time_loss_round_trip() {
        let start: Position = "8/3b4/8/8/8/8/3w4/8 b".parse().unwrap();
        let mut game = Game::from_position(start);
        let m = notation::resolve_str(game.position(), "d7-d6").unwrap();
        game.play(&m).unwrap();
        game.end(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Time,
        })
        .unwrap();
        let text = write(&game, &[("Event", "a \"quoted\" cup")]);
        assert!(text.contains("1... d7-d6 0-1"), "{text}");
        let back = read(&text).unwrap();
        assert_eq!(back.game, game);
        assert_eq!(back.tag("Event"), Some("a \"quoted\" cup"));
    }

    #[test]
    fn every_chosen_outcome_is_named_by_its_termination_tag() {
        for outcome in CHOSEN {
            let mut game = Game::new();
            game.end(outcome).unwrap();
            let text = write(&game, &[]);
            assert!(text.contains(&termination(outcome)), "{text}");
            assert_eq!(read(&text).unwrap().game.outcome(), Some(outcome));
        }
    }

    #[test]
    fn the_rule_set_is_written_in_a_rules_tag_and_read_back() {
        for rules in Rules::ALL {
            let mut game = Game::with_rules(Position::start(), rules);
            let m = notation::resolve_str(game.position(), "c3-c4").unwrap();
            game.play(&m).unwrap();
            let text = write(&game, &[("Rules", "ignored: the game's own is written")]);
            let tag = format!("[Rules \"{rules}\"]");
            assert_eq!(text.contains(&tag), rules != Rules::STANDARD, "{text}");
            assert!(!text.contains("ignored"), "{text}");
            let back = read(&text).unwrap();
            assert_eq!(back.game.rules(), rules);
            assert_eq!(back.game, game);
        }
        assert!(matches!(
            read("[Rules \"tudaf\"]\n*"),
            Err(PdnError::Rules(_))
        ));
    }

    #[test]
    fn a_missed_capture_loss_round_trips() {
        // d4 can take d5 and d7 (two pieces), or c4 alone; or c4 and then b... (one path each).
        let start: Position = "8/3b4/8/3b4/2bw4/8/8/8 w".parse().unwrap();
        let mut game = Game::with_rules(start, Rules::STRICT);
        let Ok(Resolved::MissedCapture { played, available }) =
            notation::resolve_str_under(game.position(), "d4xb4", game.rules())
        else {
            panic!("a missed capture");
        };
        game.play_missed_capture(&played, &available).unwrap();
        let text = write(&game, &[]);
        assert!(text.contains("[Rules \"strict\"]"), "{text}");
        assert!(
            text.contains(
                "[Termination \"white missed a compulsory capture (d4xd6xd8 takes 2 pieces)\"]"
            ),
            "{text}"
        );
        assert!(text.contains("1. d4xb4 0-1"), "{text}");
        let back = read(&text).unwrap();
        assert_eq!(back.game, game);
        // Without the Rules tag the move is refused, as under docs/rules.md.
        let standard = text.replace("[Rules \"strict\"]\n", "");
        assert!(matches!(
            read(&standard),
            Err(PdnError::Move { number: 1, .. })
        ));
    }

    #[test]
    fn termination_tags_written_before_still_read() {
        let old = [
            (
                "white resigned",
                "0-1",
                Color::Black,
                WinReason::Resignation,
            ),
            (
                "Black resigned",
                "1-0",
                Color::White,
                WinReason::Resignation,
            ),
            ("white lost on time", "0-1", Color::Black, WinReason::Time),
            ("black lost on time", "1-0", Color::White, WinReason::Time),
        ];
        for (tag, result, winner, reason) in old {
            let text = format!("[Termination \"{tag}\"]\n[Result \"{result}\"]\n\n{result}\n");
            let outcome = read(&text).unwrap().game.outcome();
            assert_eq!(outcome, Some(Outcome::Win { winner, reason }), "{tag}");
        }
        let agreed = "[Termination \"draw by agreement\"]\n\n1/2-1/2\n";
        assert_eq!(
            read(agreed).unwrap().game.outcome(),
            Some(Outcome::Draw(DrawReason::Agreement))
        );
    }
}
