//! What the bot's buttons and menus mean: each component's `custom_id` names an [`Action`],
//! the challenge or game it acts on and, for a game, the ply the board or question was drawn
//! at, in far fewer than Discord's 100 characters: `dama:pick:7:12` is the piece menu of game 7
//! drawn after 12 plies. Ids from before plies were named (`dama:pick:7`) still decode, as
//! [`Action::Outdated`].

use std::fmt;
use std::str::FromStr;

use dama_rules::notation::MoveText;

use dama_service::ids::{ArenaId, ChallengeId, GameId, PuzzleId, TournamentId};
use dama_service::service::Question;

/// Every `custom_id` starts with this, so clicks meant for other code are told apart.
const PREFIX: &str = "dama";

/// A click on one of the bot's components. Each game action carries the ply its board was
/// drawn at, or the game's version its question was asked at: pressed after the game moved on,
/// it changes nothing.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Action {
    /// Accept a direct challenge, or join an open one.
    Accept(ChallengeId),
    /// Decline a direct challenge.
    Decline(ChallengeId),
    /// The challenger withdraws their challenge.
    Cancel(ChallengeId),
    /// Resign: asks for confirmation first.
    Resign(GameId, u32),
    /// Resign, confirmed.
    ConfirmResign(GameId, u32),
    /// Offer a draw, or accept the opponent's offer (the board's button).
    Draw(GameId, u32),
    /// Answer the opponent's question, yes if `true`, asked when the game was at this version
    /// (the question's buttons; see `GameView::version`).
    Answer(GameId, Question, bool, i64),
    /// Show the board to the clicker, Black at the bottom if `flip`.
    Flip(GameId, bool, u32),
    /// The first step of the move picker: the piece (a select menu of squares).
    Pick(GameId, u32),
    /// The second step: the move (a select menu of moves of the picked piece).
    Play(GameId, u32),
    /// Under strict rules, play this move (as typed, in full algebraic notation) at this ply
    /// knowing it misses a capture and loses.
    PlayLosing(GameId, u32, MoveText),
    /// Under strict rules, do not play the move that would lose: choose another.
    KeepThinking(GameId),
    /// A rematch of this finished game (the result's button): it names only the game, whose
    /// terms the service reads again, so it works as long as the game is stored.
    Rematch(GameId),
    /// Follow this game: join its thread (the board's button, for anyone who may see the
    /// game). It names only the game: following makes sense at any ply.
    Follow(GameId),
    /// The computer's review of this finished game (the result's button).
    Review(GameId),
    /// Open this game's board in the Activity (the board's button, with `DAMA_ACTIVITY=on`).
    OpenBoard(GameId),
    /// Join this tournament (its announcement's button).
    JoinTournament(TournamentId),
    /// Show this tournament's standings to the clicker.
    Standings(TournamentId),
    /// Join this arena, or come back to it after a pause (its posts' button).
    JoinArena(ArenaId),
    /// Leave this arena: paired no more, the score kept.
    LeaveArena(ArenaId),
    /// Pause in this arena: not paired until joining again.
    PauseArena(ArenaId),
    /// Go berserk in this arena game before one's first move (its starter's button).
    Berserk(GameId),
    /// A game component from before custom ids named the ply: whatever it was, the game has
    /// moved on since.
    Outdated(GameId),
    /// The first step of a puzzle's move picker, drawn after this many plies of its line.
    PuzzlePick(PuzzleId, u32),
    /// The second step: the move.
    PuzzlePlay(PuzzleId, u32),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verb = self.verb();
        match self {
            Action::Accept(c) | Action::Decline(c) | Action::Cancel(c) => {
                write!(f, "{PREFIX}:{verb}:{}", c.0)
            }
            Action::JoinTournament(t) | Action::Standings(t) => {
                write!(f, "{PREFIX}:{verb}:{}", t.0)
            }
            Action::JoinArena(a) | Action::LeaveArena(a) | Action::PauseArena(a) => {
                write!(f, "{PREFIX}:{verb}:{}", a.0)
            }
            Action::PuzzlePick(p, ply) | Action::PuzzlePlay(p, ply) => {
                write!(f, "{PREFIX}:{verb}:{}:{ply}", p.0)
            }
            Action::Outdated(g)
            | Action::KeepThinking(g)
            | Action::Rematch(g)
            | Action::Follow(g)
            | Action::Review(g)
            | Action::Berserk(g)
            | Action::OpenBoard(g) => write!(f, "{PREFIX}:{verb}:{}", g.0),
            Action::PlayLosing(g, ply, text) => write!(f, "{PREFIX}:{verb}:{}:{ply}:{text}", g.0),
            Action::Flip(g, flip, ply) => {
                write!(f, "{PREFIX}:{verb}:{}:{}:{ply}", g.0, u8::from(*flip))
            }
            Action::Answer(g, _, _, v) => write!(f, "{PREFIX}:{verb}:{}:{v}", g.0),
            Action::Resign(g, ply)
            | Action::ConfirmResign(g, ply)
            | Action::Draw(g, ply)
            | Action::Pick(g, ply)
            | Action::Play(g, ply) => write!(f, "{PREFIX}:{verb}:{}:{ply}", g.0),
        }
    }
}

/// A `custom_id` that is not one of the bot's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a dama component: {0:?}")]
pub(crate) struct UnknownAction(String);

impl FromStr for Action {
    type Err = UnknownAction;

    fn from_str(s: &str) -> Result<Action, UnknownAction> {
        let unknown = || UnknownAction(s.to_owned());
        let parts: Vec<&str> = s.split(':').collect();
        let (&prefix, &verb, &id) = match parts.as_slice() {
            [prefix, verb, id, ..] => (prefix, verb, id),
            _ => return Err(unknown()),
        };
        if prefix != PREFIX {
            return Err(unknown());
        }
        let id: i64 = id.parse().map_err(|_| unknown())?;
        let (challenge, game) = (ChallengeId(id), GameId(id));
        let rest = &parts[3..];
        let flip = |word: &str| match word {
            "0" => Ok(false),
            "1" => Ok(true),
            _ => Err(unknown()),
        };
        let ply = |word: &str| word.parse::<u32>().map_err(|_| unknown());
        let version = |word: &str| match word.parse::<i64>() {
            Ok(v) if v >= 0 => Ok(v),
            _ => Err(unknown()),
        };
        if let (Some((question, accept)), [v]) = (answer_of(verb), rest) {
            return Ok(Action::Answer(game, question, accept, version(v)?));
        }
        let action = match (verb, rest) {
            ("accept", []) => Action::Accept(challenge),
            ("decline", []) => Action::Decline(challenge),
            ("cancel", []) => Action::Cancel(challenge),
            ("board", []) => Action::Outdated(game),
            ("flip", [f]) => {
                flip(f)?;
                Action::Outdated(game)
            }
            ("flip", [f, p]) => Action::Flip(game, flip(f)?, ply(p)?),
            (
                "resign" | "resign-yes" | "draw" | "draw-no" | "takeback-yes" | "takeback-no"
                | "pick" | "play",
                [],
            ) => Action::Outdated(game),
            ("resign", [p]) => Action::Resign(game, ply(p)?),
            ("resign-yes", [p]) => Action::ConfirmResign(game, ply(p)?),
            ("draw", [p]) => Action::Draw(game, ply(p)?),
            ("pick", [p]) => Action::Pick(game, ply(p)?),
            ("play", [p]) => Action::Play(game, ply(p)?),
            ("keep", []) => Action::KeepThinking(game),
            ("rematch", []) => Action::Rematch(game),
            ("follow", []) => Action::Follow(game),
            ("review", []) => Action::Review(game),
            ("open", []) => Action::OpenBoard(game),
            ("tjoin", []) => Action::JoinTournament(TournamentId(id)),
            ("tstand", []) => Action::Standings(TournamentId(id)),
            ("ajoin", []) => Action::JoinArena(ArenaId(id)),
            ("aleave", []) => Action::LeaveArena(ArenaId(id)),
            ("apause", []) => Action::PauseArena(ArenaId(id)),
            ("berserk", []) => Action::Berserk(game),
            ("ppick", [p]) => Action::PuzzlePick(PuzzleId(id), ply(p)?),
            ("pplay", [p]) => Action::PuzzlePlay(PuzzleId(id), ply(p)?),
            ("lose", [p, text]) => {
                let text = text.parse::<MoveText>().map_err(|_| unknown())?;
                Action::PlayLosing(game, ply(p)?, text)
            }
            _ => return Err(unknown()),
        };
        Ok(action)
    }
}

/// The verb of the button that answers `question` yes (`accept`) or no: the words of the
/// buttons posted before the four answers were one action, which must keep working.
const fn answer_verb(question: Question, accept: bool) -> &'static str {
    match (question, accept) {
        (Question::Draw, true) => "draw-yes",
        (Question::Draw, false) => "draw-no",
        (Question::Takeback, true) => "takeback-yes",
        (Question::Takeback, false) => "takeback-no",
    }
}

/// The answer whose verb is `verb`, if it is one.
fn answer_of(verb: &str) -> Option<(Question, bool)> {
    Question::ALL
        .into_iter()
        .flat_map(|question| [(question, true), (question, false)])
        .find(|&(question, accept)| answer_verb(question, accept) == verb)
}

impl Action {
    /// The word after the prefix in the `custom_id`, which names what the component does
    /// (`pick`, `draw-yes`, `tjoin`…): one of a fixed few.
    pub(crate) const fn verb(&self) -> &'static str {
        match self {
            Action::Accept(_) => "accept",
            Action::Decline(_) => "decline",
            Action::Cancel(_) => "cancel",
            Action::Outdated(_) => "board",
            Action::KeepThinking(_) => "keep",
            Action::Rematch(_) => "rematch",
            Action::Follow(_) => "follow",
            Action::Review(_) => "review",
            Action::OpenBoard(_) => "open",
            Action::JoinTournament(_) => "tjoin",
            Action::Standings(_) => "tstand",
            Action::JoinArena(_) => "ajoin",
            Action::LeaveArena(_) => "aleave",
            Action::PauseArena(_) => "apause",
            Action::Berserk(_) => "berserk",
            Action::PlayLosing(..) => "lose",
            Action::Flip(..) => "flip",
            Action::Answer(_, question, accept, _) => answer_verb(*question, *accept),
            Action::Resign(..) => "resign",
            Action::ConfirmResign(..) => "resign-yes",
            Action::Draw(..) => "draw",
            Action::Pick(..) => "pick",
            Action::Play(..) => "play",
            Action::PuzzlePick(..) => "ppick",
            Action::PuzzlePlay(..) => "pplay",
        }
    }

    /// The game this component acts on, if it acts on one.
    pub(crate) fn game(&self) -> Option<GameId> {
        match self {
            Action::Accept(_)
            | Action::Decline(_)
            | Action::Cancel(_)
            | Action::JoinTournament(_)
            | Action::Standings(_)
            | Action::JoinArena(_)
            | Action::LeaveArena(_)
            | Action::PauseArena(_)
            | Action::PuzzlePick(..)
            | Action::PuzzlePlay(..) => None,
            Action::Resign(g, _)
            | Action::ConfirmResign(g, _)
            | Action::Draw(g, _)
            | Action::Answer(g, ..)
            | Action::Flip(g, _, _)
            | Action::Pick(g, _)
            | Action::Play(g, _)
            | Action::PlayLosing(g, _, _)
            | Action::KeepThinking(g)
            | Action::Rematch(g)
            | Action::Follow(g)
            | Action::Review(g)
            | Action::Berserk(g)
            | Action::OpenBoard(g)
            | Action::Outdated(g) => Some(*g),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every_action(id: i64, ply: u32) -> Vec<Action> {
        let version = i64::from(ply) * 3;
        let (c, g) = (ChallengeId(id), GameId(id));
        vec![
            Action::Accept(c),
            Action::Decline(c),
            Action::Cancel(c),
            Action::Resign(g, ply),
            Action::ConfirmResign(g, ply),
            Action::Draw(g, ply),
            Action::Answer(g, Question::Draw, true, version),
            Action::Answer(g, Question::Draw, false, version),
            Action::Answer(g, Question::Takeback, true, version),
            Action::Answer(g, Question::Takeback, false, version),
            Action::Flip(g, false, ply),
            Action::Flip(g, true, ply),
            Action::Pick(g, ply),
            Action::Play(g, ply),
            Action::Rematch(g),
            Action::Follow(g),
            Action::Review(g),
            Action::JoinTournament(TournamentId(id)),
            Action::Standings(TournamentId(id)),
            Action::JoinArena(ArenaId(id)),
            Action::LeaveArena(ArenaId(id)),
            Action::PauseArena(ArenaId(id)),
            Action::Berserk(g),
            Action::Outdated(g),
            Action::PuzzlePick(PuzzleId(id), ply),
            Action::PuzzlePlay(PuzzleId(id), ply),
        ]
    }

    #[test]
    fn every_action_round_trips_through_its_custom_id() {
        for (id, ply) in [(1, 0), (42, 17), (i64::MAX, u32::MAX)] {
            for action in every_action(id, ply) {
                let text = action.to_string();
                assert_eq!(text.parse::<Action>(), Ok(action), "{text}");
            }
        }
    }

    #[test]
    fn custom_ids_fit_discords_limit_even_for_the_largest_ids() {
        for action in every_action(i64::MAX, u32::MAX) {
            let len = action.to_string().len();
            assert!((1..=100).contains(&len), "{action}: {len} characters");
        }
    }

    #[test]
    fn game_ids_from_before_plies_were_named_decode_as_outdated() {
        for old in [
            "dama:resign:3",
            "dama:resign-yes:3",
            "dama:draw:3",
            "dama:draw-no:3",
            "dama:takeback-yes:3",
            "dama:takeback-no:3",
            "dama:flip:3:1",
            "dama:pick:3",
            "dama:play:3",
        ] {
            assert_eq!(old.parse(), Ok(Action::Outdated(GameId(3))), "{old}");
        }
        assert_eq!("dama:accept:3".parse(), Ok(Action::Accept(ChallengeId(3))));
    }

    #[test]
    fn answers_keep_the_custom_ids_of_buttons_already_posted() {
        for (posted, question, accept) in [
            ("dama:draw-yes:7:12", Question::Draw, true),
            ("dama:draw-no:7:12", Question::Draw, false),
            ("dama:takeback-yes:7:12", Question::Takeback, true),
            ("dama:takeback-no:7:12", Question::Takeback, false),
        ] {
            let action = Action::Answer(GameId(7), question, accept, 12);
            assert_eq!(posted.parse(), Ok(action.clone()), "{posted}");
            assert_eq!(action.to_string(), posted);
        }
    }

    #[test]
    fn a_rematch_names_only_its_finished_game() {
        let id = Action::Rematch(GameId(i64::MAX)).to_string();
        assert_eq!(id, format!("dama:rematch:{}", i64::MAX));
        assert_eq!(id.parse(), Ok(Action::Rematch(GameId(i64::MAX))));
        assert_eq!(
            "dama:rematch:7".parse::<Action>().map(|a| a.game()),
            Ok(Some(GameId(7)))
        );
    }

    #[test]
    fn follow_names_only_its_game() {
        let id = Action::Follow(GameId(i64::MAX)).to_string();
        assert_eq!(id, format!("dama:follow:{}", i64::MAX));
        assert!(id.len() <= 100);
        assert_eq!(id.parse(), Ok(Action::Follow(GameId(i64::MAX))));
        assert_eq!(
            "dama:follow:7".parse::<Action>().map(|a| a.game()),
            Ok(Some(GameId(7)))
        );
    }

    #[test]
    fn foreign_or_damaged_custom_ids_are_refused() {
        for bad in [
            "",
            "dama",
            "dama:accept",
            "dama:accept:x",
            "dama:accept:3:4",
            "dama:explode:3",
            "chess:accept:3",
            "dama:flip:3",
            "dama:flip:3:2",
            "dama:flip:3:1:x",
            "dama:pick:3:-1",
            "dama:pick:3:4:extra",
            "dama:draw-yes:3",
            "dama:draw-yes:3:-2",
            "dama:rematch",
            "dama:rematch:3:4",
            "dama:follow",
            "dama:follow:x",
            "dama:follow:3:4",
            "dama:ajoin",
            "dama:apause:x",
            "dama:aleave:3:4",
        ] {
            assert!(bad.parse::<Action>().is_err(), "{bad:?} parsed");
        }
    }
}
