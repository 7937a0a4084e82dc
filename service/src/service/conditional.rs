//! Conditional moves and premoves: answers a player stores in the opponent's turn, which the
//! service plays the moment the opponent's move matches, in the very write of that move.
//!
//! A player's stored answers in a game are a tree: each branch is the opponent's move (or any
//! move: a premove), the answer to it, and the branches after the answer. Entered with
//! [`GameService::set_conditional`] (a line: their move, my answer, their move, my answer…) and
//! [`GameService::set_premove`]; read by their owner alone with
//! [`GameService::conditional_lines`] (never in a [`GameView`]); cleared with
//! [`GameService::clear_conditional`].
//!
//! When the opponent's move is written, the branch for that move (else the premove) gives the
//! answer, which is played in the same transaction: one versioned write holds the opponent's
//! move, the answer, the advanced tree and one notice telling both ([`Line::AnsweredAtOnce`]).
//! Two instances racing the opponent's move cannot both play the answer: the second write
//! finds the version moved on and is refused ([`ServiceError::Conflict`]).
//!
//! Cleared (all of the game's stored answers): by an opponent's move that matches no branch
//! (with no premove), by a takeback, by a draw offer answered (declined; accepted ends the
//! game), by the game's end, and by an answer the rules refuse where it is to be played (a
//! premove that has become illegal, or misses a compulsory capture): the owner is then told
//! privately ([`Notice::AnswerDropped`]). An answer is not played either while the opponent's
//! draw offer waits for the owner (their move came with one, or it was made before): the
//! answers are cleared, and the owner answers the offer and moves themself.

use std::time::Duration;

use dama_rules::notation::{self, MoveText, Notation, ResolveError, Resolved};
use dama_rules::{Color, Game, Move, Position};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::games::{Decided, HowPlayed, Written, claim_kept, decide_move};
use super::outbox::{self, Line, Notice, PendingNotice};
use super::{GameEnd, GameService, Loaded, ServiceError};
use crate::clock::Timestamp;
use crate::ids::{GameId, UserId};
use crate::model::Actor;
use crate::store::{self, GameRecord};

/// The most lines a player may store in a game at once: the leaves of their tree, the
/// premove counting as one.
pub const CONDITIONAL_LINES_MAX: usize = 8;

/// The most answers in one line (10 of the player's own plies: 20 plies with the opponent's).
pub const CONDITIONAL_ANSWERS_MAX: usize = 10;

/// Why stored answers were refused (inside [`ServiceError::Conditional`]). Nothing was stored.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ConditionalError {
    /// It is the player's own turn: answers are entered in the opponent's turn; now the player
    /// plays their move.
    #[error("the player is to move: answers are stored in the opponent's turn")]
    OwnTurn,
    /// A game against the computer: it replies at once, so there is nothing to answer ahead.
    #[error("no stored answers against the computer")]
    AgainstComputer,
    /// The line is empty, or ends with the opponent's move: a line is the opponent's move and
    /// the answer to it, in pairs.
    #[error("a line is pairs of the opponent's move and the answer")]
    Unanswered,
    /// Move `at` of the line (0-based: even for the opponent's moves, odd for the answers) is
    /// not legal in the position the line has reached there; the rules' error says why.
    #[error("move {at} of the line: {error}")]
    Illegal {
        /// Its index in the line.
        at: usize,
        /// Why the rules refuse it.
        error: ResolveError,
    },
    /// Under strict rules, answer `at` of the line misses a compulsory capture (or takes fewer
    /// pieces than the most): played, it would lose the game, so it is not stored.
    #[error("move {at} of the line misses a capture: {played} while {available} is available")]
    MissedCapture {
        /// Its index in the line.
        at: usize,
        /// The answer, resolved.
        played: Move,
        /// A capture of the most pieces, which the rules ask for.
        available: Move,
    },
    /// The game would be over after move `at` of the line, which goes on after it (or, under
    /// strict rules, the opponent's move `at` misses a capture, which loses them the game).
    #[error("the game ends at move {at} of the line")]
    GameEnds {
        /// The index in the line of the move that ends the game.
        at: usize,
    },
    /// The line has more answers than [`CONDITIONAL_ANSWERS_MAX`].
    #[error("a line has at most {max} answers")]
    TooDeep {
        /// [`CONDITIONAL_ANSWERS_MAX`].
        max: usize,
    },
    /// With this line the player would store more lines than [`CONDITIONAL_LINES_MAX`].
    #[error("at most {max} lines are stored per game")]
    TooManyLines {
        /// [`CONDITIONAL_LINES_MAX`].
        max: usize,
    },
}

/// A player's stored answers in a game, as their owner sees them (see
/// [`GameService::conditional_lines`]).
#[derive(Debug, Clone, PartialEq)]
pub struct ConditionalLines {
    /// The game.
    pub game: GameId,
    /// The plies played: every line starts with the opponent's move of ply `ply + 1`.
    pub ply: u32,
    /// The position the lines start in (the opponent to move).
    pub position: Position,
    /// Each line, first move first: the opponent's move, the answer, the opponent's next move,
    /// the answer to it… (the lines sharing a start share those moves). A premove is not here.
    pub lines: Vec<Vec<Move>>,
    /// The premove, as entered: the answer to whatever the opponent plays next. Whether it is
    /// legal is known once they have moved.
    pub premove: Option<MoveText>,
}

impl ConditionalLines {
    /// No line and no premove.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty() && self.premove.is_none()
    }

    /// Each line's moves as text in `notation` (the owner's), with their full paths.
    #[must_use]
    pub fn texts(&self, notation: Notation) -> Vec<Vec<String>> {
        self.lines
            .iter()
            .map(|line| line.iter().map(|m| notation::format(m, notation)).collect())
            .collect()
    }
}

/// A branch of a stored tree: the opponent's move (with its full path; none for a premove,
/// which answers any move), the answer, and what follows the answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Branch {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    their: Option<String>,
    mine: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    next: Vec<Branch>,
}

/// The key of a move in a tree: its full path, in algebraic notation.
fn key(m: &Move) -> String {
    MoveText::of_move(m).to_string()
}

/// A branch of pairs (their move, my answer), one under the other. `None` for no pairs.
fn chain(pairs: &[(String, String)]) -> Option<Branch> {
    let ((their, mine), rest) = pairs.split_first()?;
    Some(Branch {
        their: Some(their.clone()),
        mine: mine.clone(),
        next: chain(rest).into_iter().collect(),
    })
}

/// Adds the line `pairs` to `branches`: the moves it shares with a stored line from the start
/// are merged with them; where it answers an opponent's move otherwise than a stored line does,
/// it replaces that stored branch (the answer entered last is the player's mind now).
fn merge(branches: &mut Vec<Branch>, pairs: &[(String, String)]) {
    let Some(((their, mine), rest)) = pairs.split_first() else {
        return;
    };
    match branches
        .iter_mut()
        .find(|b| b.their.as_deref() == Some(their.as_str()))
    {
        Some(branch) if branch.mine == *mine => merge(&mut branch.next, rest),
        Some(branch) => *branch = chain(pairs).unwrap_or_else(|| branch.clone()),
        None => branches.extend(chain(pairs)),
    }
}

/// The lines of `branches`: a leaf each (a premove is one).
fn count_lines(branches: &[Branch]) -> usize {
    branches
        .iter()
        .map(|b| {
            if b.next.is_empty() {
                1
            } else {
                count_lines(&b.next)
            }
        })
        .sum()
}

/// Each line of `branches` from its start, as stored texts: their move, my answer…
/// The premove is left out.
fn paths(branches: &[Branch]) -> Vec<Vec<&str>> {
    let mut lines = Vec::new();
    for b in branches {
        let Some(their) = b.their.as_deref() else {
            continue;
        };
        let head = [their, b.mine.as_str()];
        if b.next.is_empty() {
            lines.push(head.to_vec());
        }
        for tail in paths(&b.next) {
            lines.push(head.iter().copied().chain(tail).collect());
        }
    }
    lines
}

/// The branch answering the opponent's move `their` (its [`key`]): the one for that move,
/// else the premove.
fn answer_to(branches: Vec<Branch>, their: &str) -> Option<Branch> {
    let (premove, lines): (Vec<Branch>, Vec<Branch>) =
        branches.into_iter().partition(|b| b.their.is_none());
    lines
        .into_iter()
        .find(|b| b.their.as_deref() == Some(their))
        .or_else(|| premove.into_iter().next())
}

fn read_tree(id: GameId, json: &str) -> Result<Vec<Branch>, ServiceError> {
    serde_json::from_str(json).map_err(|e| ServiceError::Corrupt {
        game: id,
        reason: format!("stored answers: {e}"),
    })
}

fn write_tree(id: GameId, tree: &[Branch]) -> Result<String, ServiceError> {
    serde_json::to_string(tree).map_err(|e| ServiceError::Corrupt {
        game: id,
        reason: format!("stored answers: {e}"),
    })
}

/// Whether `stored` are `color`'s answers in force in `record`: the game goes on, the
/// opponent is to move, the answers are for this very ply and position, and the game row says
/// they are there.
fn in_force(record: &GameRecord, color: Color, stored: &store::StoredAnswers) -> bool {
    record.conditional_by == Some(color)
        && record.state.outcome.is_none()
        && record.state.position.turn() == color.opposite()
        && stored.ply == i64::from(record.state.ply)
        && stored.position == record.state.position.to_string()
}

/// The colour `user` plays in `record`, if they may store answers now: they play in it, it
/// goes on, against a person, and it is the opponent's turn.
fn may_store(record: &GameRecord, user: UserId, now: Timestamp) -> Result<Color, ServiceError> {
    let color = record.player_color(user)?;
    record.ensure_active()?;
    // A passed deadline is final: nothing but the recording of the loss changes the game.
    record.ensure_in_time(now)?;
    if record.seats.against_engine() {
        return Err(ConditionalError::AgainstComputer.into());
    }
    if record.state.position.turn() == color {
        return Err(ConditionalError::OwnTurn.into());
    }
    Ok(color)
}

/// The moves of `line` from where `game` stands, each legal where it is played under the
/// game's rules: the opponent's moves at even places, the answers at odd ones.
fn check_line(
    record: &GameRecord,
    game: &Game,
    line: &[MoveText],
) -> Result<Vec<Move>, ServiceError> {
    let mut game = game.clone();
    let mut moves = Vec::with_capacity(line.len());
    for (at, text) in line.iter().enumerate() {
        if game.outcome().is_some() {
            return Err(ConditionalError::GameEnds {
                at: at.saturating_sub(1),
            }
            .into());
        }
        let answer = at % 2 == 1;
        let m = match notation::resolve_under(game.position(), text, record.rules) {
            Ok(Resolved::Legal(m)) => m,
            Ok(Resolved::MissedCapture { played, available }) if answer => {
                return Err(ConditionalError::MissedCapture {
                    at,
                    played,
                    available,
                }
                .into());
            }
            // The opponent's missed capture loses them the game: nothing to answer.
            Ok(Resolved::MissedCapture { .. }) => {
                return Err(ConditionalError::GameEnds { at }.into());
            }
            Err(error) => return Err(ConditionalError::Illegal { at, error }.into()),
        };
        game.play(&m).map_err(|e| ServiceError::Corrupt {
            game: record.id,
            reason: format!("a resolved move was refused: {e}"),
        })?;
        moves.push(m);
    }
    Ok(moves)
}

/// The owner's view of `tree`, stored in `record`'s game as it stands (`game`).
fn lines_view(
    record: &GameRecord,
    game: &Game,
    tree: &[Branch],
) -> Result<ConditionalLines, ServiceError> {
    let corrupt = |reason: String| ServiceError::Corrupt {
        game: record.id,
        reason: format!("stored answers: {reason}"),
    };
    let mut lines = Vec::new();
    for path in paths(tree) {
        let texts = path
            .iter()
            .map(|t| t.parse::<MoveText>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| corrupt(e.to_string()))?;
        lines.push(check_line(record, game, &texts).map_err(|e| corrupt(e.to_string()))?);
    }
    let premove = tree
        .iter()
        .find(|b| b.their.is_none())
        .map(|b| b.mine.parse::<MoveText>())
        .transpose()
        .map_err(|e| corrupt(e.to_string()))?;
    Ok(ConditionalLines {
        game: record.id,
        ply: record.state.ply,
        position: record.state.position,
        lines,
        premove,
    })
}

/// What becomes of the owner's stored answers when the opponent's move is written.
enum Answer {
    /// None stored, none in force, or none for this move: the stored answers (if any) go.
    None,
    /// `reply` answers the move, from `branch`.
    Played { reply: Box<Decided>, branch: Branch },
    /// `branch`'s answer is refused by the rules where it would be played: dropped, its owner
    /// told.
    Dropped { branch: Branch },
}

impl GameService {
    /// `user` stores `line` in game `id`: alternately the opponent's move and their answer to
    /// it, starting with the opponent's next move (it must be the opponent's turn, in a game
    /// against a person). When the opponent plays the line's move, the answer is played at
    /// once, in the same write; then the line goes on from the opponent's next move.
    ///
    /// Every move is checked when entered: each must be legal in the position the line has
    /// reached (resolved as [`play`](Self::play) resolves a typed move), and under strict
    /// rules an answer that misses a compulsory capture is refused
    /// ([`ConditionalError::MissedCapture`]); a line goes on no further than the game would.
    /// The line is merged with the stored ones: the moves it shares with one from the start
    /// are shared; an answer to the same opponent's move that differs from the stored one
    /// replaces the stored branch from there on. At most [`CONDITIONAL_LINES_MAX`] lines and
    /// [`CONDITIONAL_ANSWERS_MAX`] answers a line ([`ConditionalError::TooManyLines`],
    /// [`ConditionalError::TooDeep`]). A line built on a board (the analysis board of a page)
    /// names the ply it was built at, `built_at`: refused with [`ServiceError::MovedOn`] when
    /// the game is no longer there, and the write is refused ([`ServiceError::Conflict`]) if a
    /// move comes in between; a line typed against the game as it stands names none. Refused,
    /// nothing is stored. Returns the lines now stored.
    ///
    /// ```
    /// # use std::sync::Arc;
    /// # use dama_service::clock::{ManualClock, Timestamp};
    /// # use dama_service::ids::{ChannelId, GuildId, Place, UserId};
    /// # use dama_service::model::{Actor, ChallengeOptions, ColourChoice, Player};
    /// # use dama_service::service::{GameService, ServiceConfig};
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// # let dir = tempfile::tempdir()?;
    /// # let pool = dama_service::connect(&dir.path().join("dama.db").display().to_string()).await?;
    /// # let clock = Arc::new(ManualClock::new(Timestamp::from_millis(1_750_000_000_000)));
    /// # let service = GameService::with_clock(pool, ServiceConfig::default(), clock);
    /// # let place = Place { guild: Some(GuildId(1)), channel: ChannelId(2) };
    /// # let (ada, bo) = (Player::new(UserId(10), "Ada"), Player::new(UserId(20), "Bo"));
    /// # let options = ChallengeOptions { colour: ColourChoice::White, ..ChallengeOptions::default() };
    /// # let challenge = service.create_challenge(&ada, Some(&bo), place, options).await?;
    /// # let game = service.accept_challenge(&bo, place, challenge.id).await?;
    /// service.play_move(game.id, Actor::Player(ada.id), &"d3-d4".parse()?).await?;
    /// // Bo to move. Ada: "if e6-e5, I answer c3-c4".
    /// let line = ["e6-e5".parse()?, "c3-c4".parse()?];
    /// let lines = service.set_conditional(game.id, ada.id, &line, Some(1)).await?;
    /// assert_eq!(lines.texts(Default::default()), [["e6-e5", "c3-c4"]]);
    /// let played = service.play_move(game.id, Actor::Player(bo.id), &"e6-e5".parse()?).await?;
    /// assert_eq!(played.game.ply, 3, "Bo's move and Ada's answer");
    /// assert_eq!(played.answered.map(|m| m.to_string()).as_deref(), Some("c3-c4"));
    /// assert_eq!(played.game.user_to_move(), Some(bo.id));
    /// # Ok(())
    /// # }
    /// ```
    pub async fn set_conditional(
        &self,
        id: GameId,
        user: UserId,
        line: &[MoveText],
        built_at: Option<u32>,
    ) -> Result<ConditionalLines, ServiceError> {
        let Loaded { record, game } = self.load(id).await?;
        let color = may_store(&record, user, self.clock.now())?;
        // The write below is made only while the game is at the version read here.
        record.ensure_drawn_at(built_at)?;
        if line.is_empty() || !line.len().is_multiple_of(2) {
            return Err(ConditionalError::Unanswered.into());
        }
        if line.len() / 2 > CONDITIONAL_ANSWERS_MAX {
            return Err(ConditionalError::TooDeep {
                max: CONDITIONAL_ANSWERS_MAX,
            }
            .into());
        }
        let moves = check_line(&record, &game, line)?;
        let pairs: Vec<(String, String)> = moves
            .chunks_exact(2)
            .map(|pair| (key(&pair[0]), key(&pair[1])))
            .collect();
        let mut tree = self.tree_in_force(&record, color, user).await?;
        merge(&mut tree, &pairs);
        self.store_tree(&record, &game, color, user, &tree).await
    }

    /// `user` stores `mv` in game `id` as their premove: the answer to whatever the opponent
    /// plays next (it must be the opponent's turn, in a game against a person), played the
    /// moment the opponent has moved, unless a stored line answers that move. It replaces the
    /// premove stored before, and counts as one of the [`CONDITIONAL_LINES_MAX`] lines. Only its
    /// notation is checked now: whether it is legal is known once the opponent has moved; if
    /// not, it is dropped with the rest of the stored answers and its owner told
    /// ([`Notice::AnswerDropped`]). Returns the lines now stored.
    pub async fn set_premove(
        &self,
        id: GameId,
        user: UserId,
        mv: &MoveText,
    ) -> Result<ConditionalLines, ServiceError> {
        let Loaded { record, game } = self.load(id).await?;
        let color = may_store(&record, user, self.clock.now())?;
        let mut tree = self.tree_in_force(&record, color, user).await?;
        tree.retain(|b| b.their.is_some());
        tree.push(Branch {
            their: None,
            mine: mv.to_string(),
            next: Vec::new(),
        });
        self.store_tree(&record, &game, color, user, &tree).await
    }

    /// `user`'s stored answers in game `id`, for them alone (empty when none are in force:
    /// nothing stored, or it is their turn, or the game is over). Refused with
    /// [`ServiceError::NotAParticipant`] for anyone who does not play in it.
    pub async fn conditional_lines(
        &self,
        id: GameId,
        user: UserId,
    ) -> Result<ConditionalLines, ServiceError> {
        let Loaded { record, game } = self.load(id).await?;
        let color = record.player_color(user)?;
        let tree = self.tree_in_force(&record, color, user).await?;
        lines_view(&record, &game, &tree)
    }

    /// Clears `user`'s stored answers in game `id` (lines and premove).
    pub async fn clear_conditional(&self, id: GameId, user: UserId) -> Result<(), ServiceError> {
        let Loaded { record, .. } = self.load(id).await?;
        let color = record.player_color(user)?;
        let mut tx = self.write().await?;
        // After a move being written with them (PostgreSQL), which may advance them.
        store::lock(&mut tx, LOCK_GAME, &[id.0]).await?;
        store::delete_answers(&mut tx, id, user, color).await?;
        tx.commit().await?;
        Ok(())
    }

    /// `user`'s (playing `color`) stored answers in force in `record`'s game; none otherwise.
    async fn tree_in_force(
        &self,
        record: &GameRecord,
        color: Color,
        user: UserId,
    ) -> Result<Vec<Branch>, ServiceError> {
        if record.conditional_by != Some(color) {
            return Ok(Vec::new());
        }
        let stored = {
            let mut conn = self.pool.acquire().await?;
            store::stored_answers(&mut conn, record.id, user).await?
        };
        match stored {
            Some(stored) if in_force(record, color, &stored) => read_tree(record.id, &stored.tree),
            _ => Ok(Vec::new()),
        }
    }

    /// Writes `tree` as `user`'s (playing `color`) answers in `record`'s game (replayed:
    /// `game`), provided the game is still as read (its version): else
    /// [`ServiceError::Conflict`], nothing written. Refused with
    /// [`ConditionalError::TooManyLines`] beyond [`CONDITIONAL_LINES_MAX`] lines. Returns the
    /// lines now stored.
    async fn store_tree(
        &self,
        record: &GameRecord,
        game: &Game,
        color: Color,
        user: UserId,
        tree: &[Branch],
    ) -> Result<ConditionalLines, ServiceError> {
        if count_lines(tree) > CONDITIONAL_LINES_MAX {
            return Err(ConditionalError::TooManyLines {
                max: CONDITIONAL_LINES_MAX,
            }
            .into());
        }
        let json = write_tree(record.id, tree)?;
        let mut tx = self.write().await?;
        if !store::mark_answers(&mut tx, record.id, record.state.version, color).await? {
            return Err(tx.abandon(ServiceError::Conflict).await);
        }
        let at = (record.state.ply, &record.state.position);
        store::save_answers(&mut tx, record.id, user, at, &json, self.clock.now()).await?;
        tx.commit().await?;
        lines_view(record, game, tree)
    }

    /// Writes `decided`, a move in `record`'s game written as `text`, in a transaction, with
    /// the opponent's stored answer to it when there is one (see the module's documentation):
    /// a move that ends the game (settled in the same transaction), or one in a game with
    /// stored answers. Refused with [`ServiceError::Conflict`] when the game changed since it
    /// was read.
    pub(super) async fn write_move_answered(
        &self,
        record: &GameRecord,
        decided: Decided,
        text: &str,
        claim: Option<store::AnswerClaim<'_>>,
        now: Timestamp,
    ) -> Result<Written, ServiceError> {
        let id = record.id;
        let version = record.state.version;
        let (game, state, played) = (decided.game, decided.state, decided.played);
        let mover = decided.before.turn();
        let owner = record.seats.participant(mover.opposite()).user();
        let mut tx = self.write().await?;
        // Held to the end (PostgreSQL): answers being stored are waited for, and read whole.
        store::lock(&mut tx, LOCK_GAME, &[id.0]).await?;
        let stored = match owner {
            Some(owner) if state.outcome.is_none() && record.conditional_by.is_some() => {
                store::stored_answers(&mut tx, id, owner).await?
            }
            _ => None,
        };
        let branch = match stored {
            // Not while the mover's draw offer waits for the owner's answer.
            Some(stored)
                if in_force(record, mover.opposite(), &stored)
                    && state.draw_offer != Some(mover) =>
            {
                answer_to(read_tree(id, &stored.tree)?, &key(&played))
            }
            _ => None,
        };
        let answer = match (branch, owner) {
            (Some(branch), Some(owner)) => {
                let after = GameRecord {
                    state: state.clone(),
                    ..record.clone()
                };
                let reply = branch.mine.parse::<MoveText>().ok().and_then(|text| {
                    let how = HowPlayed::default();
                    decide_move(&after, game.clone(), Actor::Player(owner), &text, how, now).ok()
                });
                match reply {
                    Some(reply) => Answer::Played {
                        reply: Box::new(reply),
                        branch,
                    },
                    None => Answer::Dropped { branch },
                }
            }
            _ => Answer::None,
        };
        let first_after = state.position;
        let first_ply = state.ply;
        let (game, state, answered, dropped) = match answer {
            Answer::Played { mut reply, branch } => {
                // One write, one version step: the move and its answer.
                reply.state.version = version + 1;
                (reply.game, reply.state, Some((reply.played, branch)), None)
            }
            Answer::Dropped { branch } => (game, state, None, Some(branch)),
            Answer::None => (game, state, None, None),
        };
        if !store::update_game(&mut tx, id, version, &state, true).await? {
            return Err(tx.abandon(ServiceError::Conflict).await);
        }
        let mut lines = vec![Line::Moved { ply: first_ply }];
        let last_text = match &answered {
            Some((reply, branch)) => {
                let first = store::NewMove {
                    game: id,
                    ply: first_ply,
                    notation: text,
                    position_after: &first_after,
                };
                store::insert_move(&mut tx, &first, now).await?;
                lines.push(Line::AnsweredAtOnce {
                    ply: state.ply,
                    by: mover.opposite(),
                    premove: branch.their.is_none(),
                });
                reply.to_string()
            }
            None => text.to_owned(),
        };
        let mut arena = None;
        let (ended, notice) = match state.outcome {
            Some(outcome) => {
                let settled = super::settle(&mut tx, record, outcome, now).await?;
                let ratings = settled.ratings;
                arena = settled.arena;
                let notice = Notice::Ended {
                    game: id,
                    lines,
                    ratings,
                };
                (Some(GameEnd { outcome, ratings }), notice)
            }
            None => {
                store::clear_answers(&mut tx, id).await?;
                if let (Some((_, branch)), Some(owner)) = (&answered, owner)
                    && !branch.next.is_empty()
                {
                    let json = write_tree(id, &branch.next)?;
                    store::mark_answers(&mut tx, id, state.version, mover.opposite()).await?;
                    let at = (state.ply, &state.position);
                    store::save_answers(&mut tx, id, owner, at, &json, now).await?;
                }
                let notice = Notice::Board {
                    game: id,
                    ply: state.ply,
                    lines,
                };
                (None, notice)
            }
        };
        let new_move = store::NewMove {
            game: id,
            ply: state.ply,
            notation: &last_text,
            position_after: &state.position,
        };
        let grace = self.config.answer_grace;
        let claim = claim_kept(claim, record, &state);
        let (notice_id, claimed) =
            outbox::push_with_move(&mut tx, &new_move, &notice, now, grace, claim).await?;
        let dropped = dropped
            .zip(owner)
            .map(|(branch, owner)| Notice::AnswerDropped {
                game: id,
                user: owner,
                ply: first_ply,
                premove: branch.their.is_none(),
                answer: branch.mine,
            });
        if let Some(dropped) = &dropped {
            outbox::push(&mut tx, dropped, now, PRIVATE_GRACE).await?;
        }
        tx.commit().await?;
        if let Some(arena) = arena {
            self.arena_changed(arena);
        }
        if dropped.is_some() {
            self.deliveries.notify_one();
        }
        if let (Some(_), Some(owner)) = (&answered, owner) {
            self.counters.moved(Actor::Player(owner));
        }
        Ok(Written {
            game,
            state,
            ended,
            answering: PendingNotice::claimed(notice_id, notice, claimed),
            answered: answered.map(|(reply, _)| reply),
        })
    }
}

/// Locks game `$1`'s row until the transaction ends (PostgreSQL; see [`store::lock`]).
const LOCK_GAME: &str = "SELECT id FROM games WHERE id = $1 FOR UPDATE";

/// How long a private notice waits for an interaction to carry it: not at all (none will).
const PRIVATE_GRACE: Duration = Duration::ZERO;

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(texts: &[&str]) -> Vec<(String, String)> {
        texts
            .chunks_exact(2)
            .map(|p| (p[0].to_owned(), p[1].to_owned()))
            .collect()
    }

    fn premove(mine: &str) -> Branch {
        Branch {
            their: None,
            mine: mine.to_owned(),
            next: Vec::new(),
        }
    }

    #[test]
    fn lines_sharing_a_start_share_it_and_a_different_answer_replaces_the_branch() {
        let mut tree = Vec::new();
        merge(&mut tree, &pairs(&["e6-e5", "c3-c4", "a6-a5", "h3-h4"]));
        merge(&mut tree, &pairs(&["e6-e5", "c3-c4", "b6-b5", "g3-g4"]));
        assert_eq!(tree.len(), 1);
        assert_eq!(count_lines(&tree), 2);
        merge(&mut tree, &pairs(&["e6-e5", "b3-b4"]));
        assert_eq!(paths(&tree), [["e6-e5", "b3-b4"]]);
        // A line that is the start of a stored one adds nothing.
        merge(&mut tree, &pairs(&["e6-e5", "b3-b4", "a6-a5", "h3-h4"]));
        merge(&mut tree, &pairs(&["e6-e5", "b3-b4"]));
        assert_eq!(paths(&tree), [["e6-e5", "b3-b4", "a6-a5", "h3-h4"]]);
    }

    #[test]
    fn the_line_for_the_move_comes_before_the_premove_which_answers_the_rest() {
        let mut tree = vec![premove("h3-h4")];
        merge(&mut tree, &pairs(&["e6-e5", "c3-c4"]));
        assert_eq!(count_lines(&tree), 2, "the premove counts as a line");
        let answer = |their| answer_to(tree.clone(), their).map(|b| b.mine);
        assert_eq!(answer("e6-e5").as_deref(), Some("c3-c4"));
        assert_eq!(answer("a6-a5").as_deref(), Some("h3-h4"));
        tree.retain(|b| b.their.is_some());
        assert_eq!(answer_to(tree, "a6-a5"), None);
    }

    #[test]
    fn a_tree_is_stored_as_compact_json_and_read_back() {
        let mut tree = vec![premove("h3-h4")];
        merge(&mut tree, &pairs(&["e6-e5", "c3-c4"]));
        let json = write_tree(GameId(1), &tree).expect("json");
        assert_eq!(
            json,
            r#"[{"mine":"h3-h4"},{"their":"e6-e5","mine":"c3-c4"}]"#
        );
        assert_eq!(read_tree(GameId(1), &json).expect("read"), tree);
    }
}
