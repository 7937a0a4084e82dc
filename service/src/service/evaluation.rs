//! The computer's evaluation of a finished game's positions, for the analysis board of every
//! face ([`GameService::evaluate`]).
//!
//! Fair play decides what is evaluated, not the face that asks: only a position of the game
//! named, reached by replaying its own record to a ply and then a line of legal moves under its
//! rule set, and only once that game is over. A position sent by a page is never searched, so a
//! player cannot have the engine judge their game in progress by posting its position to the
//! address of a finished one. Nor may a line lead to the position of a game its asker is playing
//! against a person, or within [`EVALUATION_NEAR_PLIES`] plies of it (a line from an early ply can reach
//! any opening).
//!
//! The bounds are the service's too: a search has a fixed budget ([`EVALUATION_NODES`] nodes
//! and [`EVALUATION_TIME`], on a blocking thread); at most [`EVALUATIONS_AT_ONCE`] search at
//! once, a member has at most [`EVALUATIONS_PER_MEMBER`] under way and everyone [`EVALUATIONS_ADMITTED`] (waiting
//! included), and a member starts at most [`EVALUATIONS_PER_MINUTE`] in a [`EVALUATION_WINDOW`] of
//! the service's clock. The places are held by the blocking task, so a caller that goes away
//! mid-search frees nothing while the search still runs.
//!
//! ```
//! use std::sync::Arc;
//! use dama_service::clock::{ManualClock, Timestamp};
//! use dama_service::ids::{ChannelId, GuildId, Place, UserId};
//! use dama_service::model::{ChallengeOptions, ColourChoice, Player};
//! use dama_service::service::{EvaluationError, GameService, ServiceConfig, ServiceError};
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> Result<(), Box<dyn std::error::Error>> {
//! # let dir = tempfile::tempdir()?;
//! # let url = dir.path().join("dama.db").display().to_string();
//! let pool = dama_service::connect(&url).await?;
//! let clock = Arc::new(ManualClock::new(Timestamp::from_millis(1_750_000_000_000)));
//! let service = GameService::with_clock(pool, ServiceConfig::default(), clock);
//! let place = Place { guild: Some(GuildId(1)), channel: ChannelId(2) };
//! let (ada, bo) = (Player::new(UserId(10), "Ada"), Player::new(UserId(20), "Bo"));
//! let options = ChallengeOptions { colour: ColourChoice::White, ..ChallengeOptions::default() };
//! let challenge = service.create_challenge(&ada, Some(&bo), place, options).await?;
//! let game = service.accept_challenge(&bo, place, challenge.id).await?;
//!
//! // Never during the game, whatever is asked.
//! let refused = service.evaluate(game.id, UserId(30), 0, &[]).await;
//! assert!(matches!(refused, Err(ServiceError::Evaluation(EvaluationError::DuringGame))));
//!
//! service.resign(game.id, bo.id).await?;
//! let found = service.evaluate(game.id, UserId(30), 0, &["d3-d4".parse()?]).await?;
//! assert_eq!(found.position.to_string(), "8/bbbbbbbb/bbbbbbbb/8/3w4/www1wwww/wwwwwwww/8 b");
//! assert!(!found.line.is_empty());
//! # Ok(())
//! # }
//! ```

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use dama_engine::{Budget, Engine, EngineConfig, Level, Score};
use dama_rules::notation::{self, MoveText, Resolved};
use dama_rules::{Color, Game, Move, Position, Rules};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::{GameFilter, GameService, Loaded, ServiceError};
use crate::clock::Timestamp;
use crate::ids::{GameId, UserId};

/// The evaluation's bound either way, in hundredths of a man: a forced win or loss, or an
/// advantage of more than ten men, counts as the cap.
pub const EVALUATION_CAP: i32 = dama_engine::review::EVAL_CAP;

/// The longest line evaluated past the game's ply.
pub const EVALUATION_LINE_MAX: usize = 60;

/// How near, in plies, a line may not come to the position of a game its asker plays against
/// a person: the position itself, one of its moves, and the answer to it.
pub const EVALUATION_NEAR_PLIES: u32 = 2;

/// The nodes one evaluation searches at most.
pub const EVALUATION_NODES: u64 = 400_000;

/// The time one evaluation searches at most (one core).
pub const EVALUATION_TIME: Duration = Duration::from_millis(400);

/// Evaluations searching at once, on the blocking threads.
pub const EVALUATIONS_AT_ONCE: usize = 2;

/// Evaluations under way (searching or waiting to) for one member: one, so that a member never
/// holds both places to search in.
pub const EVALUATIONS_PER_MEMBER: usize = 1;

/// Evaluations one member may start in a [`EVALUATION_WINDOW`].
pub const EVALUATIONS_PER_MINUTE: u32 = 10;

/// The window [`EVALUATIONS_PER_MINUTE`] counts in (fixed, starting at a member's first
/// evaluation after the previous window ended).
pub const EVALUATION_WINDOW: Duration = Duration::from_secs(60);

/// Evaluations under way for everyone.
pub const EVALUATIONS_ADMITTED: usize = 8;

/// The most members whose windows are kept; past it, the windows that ended are forgotten.
const WINDOWS_KEPT: usize = 10_000;

/// The transposition table of an evaluation's engine, in megabytes: a search of this budget
/// fills little of it, and each evaluation has its own.
const HASH_MB: usize = 2;

/// Why an evaluation was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EvaluationError {
    /// The game is still being played: the computer says nothing of it.
    #[error("the game is not over")]
    DuringGame,
    /// The ply is past the game's end, or the line is not legal from it under the game's
    /// rules: the position asked for is not one of this game's.
    #[error("not a position of this game")]
    NotOfTheGame,
    /// The line is longer than [`EVALUATION_LINE_MAX`].
    #[error("line longer than {max} plies")]
    LineTooLong {
        /// [`EVALUATION_LINE_MAX`].
        max: usize,
    },
    /// The position is one of a game the asker is playing against a person, or near it.
    #[error("a position of a game in progress")]
    GameInProgress,
    /// The member has [`EVALUATIONS_PER_MEMBER`] evaluations under way.
    #[error("{limit} evaluations under way")]
    UnderWay {
        /// [`EVALUATIONS_PER_MEMBER`].
        limit: usize,
    },
    /// The member started [`EVALUATIONS_PER_MINUTE`] in this window.
    #[error("{limit} evaluations this minute")]
    Quota {
        /// [`EVALUATIONS_PER_MINUTE`].
        limit: u32,
    },
    /// [`EVALUATIONS_ADMITTED`] evaluations are under way: the site is busy.
    #[error("too many evaluations under way")]
    Busy,
}

/// What the computer found in a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evaluation {
    /// The position searched.
    pub position: Position,
    /// The evaluation, White's side, in hundredths of a man, within ±[`EVALUATION_CAP`].
    pub value: i32,
    /// A forced win found: the winner and in how many plies.
    pub win: Option<(Color, u32)>,
    /// The line expected, the best move first (empty where the game is over).
    pub line: Vec<Move>,
    /// The game is over in this position: its winner, or none for a draw.
    pub over: Option<Option<Color>>,
}

impl GameService {
    /// The computer's evaluation, for `member`, of game `id`'s position after `ply` plies of its
    /// record and then `line` (moves for either side, each legal under the game's rules): once
    /// the game is over, within the bounds above (see the module's documentation).
    ///
    /// # Errors
    ///
    /// [`ServiceError::Evaluation`] says why it was refused; [`ServiceError::NoSuchGame`];
    /// [`ServiceError::Engine`] when the search failed, and the database's errors.
    pub async fn evaluate(
        &self,
        id: GameId,
        member: UserId,
        ply: u32,
        line: &[MoveText],
    ) -> Result<Evaluation, ServiceError> {
        if line.len() > EVALUATION_LINE_MAX {
            return Err(EvaluationError::LineTooLong {
                max: EVALUATION_LINE_MAX,
            }
            .into());
        }
        let Loaded { record, game } = self.load(id).await?;
        if record.state.outcome.is_none() {
            return Err(EvaluationError::DuringGame.into());
        }
        let position = position_of(&game, record.rules, ply, line)?;
        for playing in self.active_games(member, GameFilter::Anywhere).await? {
            let against_a_person = [Color::White, Color::Black]
                .iter()
                .all(|&c| playing.participant(c).user().is_some());
            if against_a_person
                && near(
                    &playing.position,
                    playing.rules,
                    &position,
                    EVALUATION_NEAR_PLIES,
                )
            {
                return Err(EvaluationError::GameInProgress.into());
            }
        }
        let place = self.evaluations.enter(member, self.now())?;
        let rules = record.rules;
        let budget = Budget::nodes(EVALUATION_NODES).with_time(EVALUATION_TIME);
        place
            .search(position, rules, budget)
            .await
            .ok_or_else(|| ServiceError::Engine {
                game: id,
                reason: "an evaluation's search did not finish".to_owned(),
            })
    }
}

/// The position after `ply` plies of `game`'s record and then `line` under `rules`, or
/// [`EvaluationError::NotOfTheGame`].
fn position_of(
    game: &Game,
    rules: Rules,
    ply: u32,
    line: &[MoveText],
) -> Result<Position, EvaluationError> {
    let at = usize::try_from(ply).map_err(|_| EvaluationError::NotOfTheGame)?;
    let mut position = *game
        .positions()
        .get(at)
        .ok_or(EvaluationError::NotOfTheGame)?;
    for text in line {
        match notation::resolve_under(&position, text, rules) {
            Ok(Resolved::Legal(m)) => position = position.play_unchecked(&m),
            Ok(Resolved::MissedCapture { .. }) | Err(_) => {
                return Err(EvaluationError::NotOfTheGame);
            }
        }
    }
    Ok(position)
}

/// Whether `target` is `from` or a position at most `plies` legal moves on from it.
fn near(from: &Position, rules: Rules, target: &Position, plies: u32) -> bool {
    if from == target {
        return true;
    }
    plies > 0
        && from
            .legal_moves_under(rules)
            .iter()
            .any(|m| near(&from.play_unchecked(m), rules, target, plies - 1))
}

/// Searches `position` under `rules` within `budget` (blocking: call off the runtime).
pub(super) fn search(position: Position, rules: Rules, budget: Budget) -> Evaluation {
    let game = Game::with_rules(position, rules);
    let turn = position.turn();
    let white_side = |v: i32| if turn == Color::White { v } else { -v };
    if let Some(outcome) = game.outcome() {
        let value = match outcome.winner() {
            Some(Color::White) => EVALUATION_CAP,
            Some(Color::Black) => -EVALUATION_CAP,
            None => 0,
        };
        return Evaluation {
            position,
            value,
            win: None,
            line: Vec::new(),
            over: Some(outcome.winner()),
        };
    }
    let mut engine = Engine::new(EngineConfig {
        hash_mb: HASH_MB,
        ..EngineConfig::at_level(Level::MAX)
    });
    match engine.analyse(&game, budget, |_| {}) {
        Ok(info) => {
            let win = match info.score {
                Score::Win(plies) => Some((turn, plies)),
                Score::Loss(plies) => Some((turn.opposite(), plies)),
                Score::Value(_) => None,
            };
            Evaluation {
                position,
                value: white_side(info.score.as_value()).clamp(-EVALUATION_CAP, EVALUATION_CAP),
                win,
                line: info.pv,
                over: None,
            }
        }
        // A game from a position that is not over has a move: never reached.
        Err(_) => Evaluation {
            position,
            value: white_side(-EVALUATION_CAP),
            win: None,
            line: Vec::new(),
            over: Some(Some(turn.opposite())),
        },
    }
}

/// The evaluations under way, by member, each member's window, and the places to search in.
#[derive(Debug)]
pub(super) struct Evaluations {
    under_way: Mutex<HashMap<UserId, usize>>,
    /// Each member's window: when it started, and the evaluations started in it.
    windows: Mutex<HashMap<UserId, (Timestamp, u32)>>,
    searching: Arc<Semaphore>,
    per_member: usize,
    admitted: usize,
}

impl Default for Evaluations {
    fn default() -> Evaluations {
        Evaluations::bounded(
            EVALUATIONS_PER_MEMBER,
            EVALUATIONS_ADMITTED,
            EVALUATIONS_AT_ONCE,
        )
    }
}

impl Evaluations {
    /// At most `per_member` under way for a member, `admitted` for everyone, `at_once`
    /// searching.
    pub(super) fn bounded(per_member: usize, admitted: usize, at_once: usize) -> Evaluations {
        Evaluations {
            under_way: Mutex::new(HashMap::new()),
            windows: Mutex::new(HashMap::new()),
            searching: Arc::new(Semaphore::new(at_once)),
            per_member,
            admitted,
        }
    }

    /// A place at `now` for one more evaluation of `user`'s, unless they or everyone have as
    /// many under way as allowed, or they started their window's share.
    pub(super) fn enter(
        self: &Arc<Self>,
        user: UserId,
        now: Timestamp,
    ) -> Result<Place, EvaluationError> {
        let mut under_way = self
            .under_way
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let total: usize = under_way.values().sum();
        let mine = under_way.get(&user).copied().unwrap_or(0);
        if mine >= self.per_member {
            return Err(EvaluationError::UnderWay {
                limit: self.per_member,
            });
        }
        if total >= self.admitted {
            return Err(EvaluationError::Busy);
        }
        self.charge(user, now)?;
        *under_way.entry(user).or_insert(0) += 1;
        Ok(Place {
            evaluations: Arc::clone(self),
            user,
        })
    }

    /// Counts one evaluation of `user`'s started at `now` in their window, unless it is full.
    fn charge(&self, user: UserId, now: Timestamp) -> Result<(), EvaluationError> {
        let mut windows = self.windows.lock().unwrap_or_else(PoisonError::into_inner);
        let ended = |started: Timestamp| now.since(started) >= EVALUATION_WINDOW;
        if windows.len() >= WINDOWS_KEPT && !windows.contains_key(&user) {
            windows.retain(|_, (started, _)| !ended(*started));
        }
        let window = windows.entry(user).or_insert((now, 0));
        if ended(window.0) {
            *window = (now, 0);
        }
        if window.1 >= EVALUATIONS_PER_MINUTE {
            return Err(EvaluationError::Quota {
                limit: EVALUATIONS_PER_MINUTE,
            });
        }
        window.1 += 1;
        Ok(())
    }

    /// The evaluations under way for `user`.
    #[cfg(test)]
    fn of(&self, user: UserId) -> usize {
        self.under_way
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&user)
            .copied()
            .unwrap_or(0)
    }
}

/// One evaluation's place, given back when it is dropped (by the search, once it ends).
#[derive(Debug)]
pub(super) struct Place {
    evaluations: Arc<Evaluations>,
    user: UserId,
}

impl Place {
    /// Waits for a place to search in, and searches `position` on a blocking thread, which
    /// holds both places until it ends; `None` if the search failed.
    async fn search(self, position: Position, rules: Rules, budget: Budget) -> Option<Evaluation> {
        let permit: OwnedSemaphorePermit = Arc::clone(&self.evaluations.searching)
            .acquire_owned()
            .await
            .ok()?;
        tokio::task::spawn_blocking(move || {
            let found = search(position, rules, budget);
            drop((permit, self));
            found
        })
        .await
        .ok()
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut under_way = self
            .evaluations
            .under_way
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(n) = under_way.get_mut(&self.user) {
            *n -= 1;
            if *n == 0 {
                under_way.remove(&self.user);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_gives_whites_side_and_the_line() {
        // White to move wins: d4-d5 gives a man, c5xe5 is forced, e4xe6xe8 takes the last two.
        let pos: Position = "8/4b3/8/2b5/3ww3/4w3/8/8 w".parse().expect("position");
        let found = search(pos, Rules::STANDARD, Budget::nodes(20_000));
        assert_eq!(found.value, EVALUATION_CAP);
        assert_eq!(found.win.map(|(c, _)| c), Some(Color::White));
        assert_eq!(
            found.line.first().map(ToString::to_string).as_deref(),
            Some("d4-d5")
        );
        // The same seen with Black to move, mirrored: White's side still, now negative.
        let black: Position = "8/8/4b3/3bb3/2w5/8/4w3/8 b".parse().expect("position");
        let found = search(black, Rules::STANDARD, Budget::nodes(20_000));
        assert_eq!(found.value, -EVALUATION_CAP);
        // The start: about level.
        let found = search(Position::start(), Rules::STANDARD, Budget::nodes(5_000));
        assert!(found.value.abs() < 100, "{found:?}");
        // A lost position is not searched.
        let lost: Position = "8/8/8/8/8/8/8/W7 b".parse().expect("position");
        let found = search(lost, Rules::STANDARD, Budget::nodes(5_000));
        assert_eq!(
            (found.value, found.over),
            (EVALUATION_CAP, Some(Some(Color::White)))
        );
    }

    #[test]
    fn a_position_is_near_another_within_the_plies_given() {
        let start = Position::start();
        let after = |pos: &Position, text: &str| {
            let m = notation::resolve_str(pos, text).expect("legal");
            pos.play_unchecked(&m)
        };
        let one = after(&start, "d3-d4");
        let two = after(&one, "e6-e5");
        let three = after(&two, "c3-c4");
        assert!(near(&start, Rules::STANDARD, &start, 0));
        assert!(near(&start, Rules::STANDARD, &two, EVALUATION_NEAR_PLIES));
        assert!(!near(&start, Rules::STANDARD, &two, 1));
        assert!(!near(
            &start,
            Rules::STANDARD,
            &three,
            EVALUATION_NEAR_PLIES
        ));
    }

    #[test]
    fn a_member_has_at_most_their_share_of_evaluations_under_way() {
        let evaluations = Arc::new(Evaluations::bounded(2, 3, 1));
        let (ada, bo) = (UserId(1), UserId(2));
        let now = Timestamp::from_millis(0);
        let first = evaluations.enter(ada, now).expect("a first");
        let second = evaluations.enter(ada, now).expect("a second");
        assert_eq!(
            evaluations.enter(ada, now).err(),
            Some(EvaluationError::UnderWay { limit: 2 })
        );
        let bos = evaluations.enter(bo, now).expect("another member's");
        // Three under way in all: a third member waits too.
        assert_eq!(
            evaluations.enter(UserId(3), now).err(),
            Some(EvaluationError::Busy)
        );
        drop(first);
        assert_eq!(evaluations.of(ada), 1);
        let third = evaluations.enter(ada, now).expect("a place again");
        drop((second, third, bos));
        assert_eq!((evaluations.of(ada), evaluations.of(bo)), (0, 0));
    }

    #[test]
    fn a_member_holds_one_evaluation_at_once_and_starts_a_minutes_share() {
        let evaluations = Arc::new(Evaluations::default());
        let (ada, bo) = (UserId(1), UserId(2));
        let now = Timestamp::from_millis(1_000);
        let held = evaluations.enter(ada, now).expect("a first");
        assert_eq!(
            evaluations.enter(ada, now).err(),
            Some(EvaluationError::UnderWay {
                limit: EVALUATIONS_PER_MEMBER
            })
        );
        drop(held);
        for _ in 1..EVALUATIONS_PER_MINUTE {
            drop(
                evaluations
                    .enter(ada, now)
                    .expect("within the minute's share"),
            );
        }
        assert_eq!(
            evaluations.enter(ada, now).err(),
            Some(EvaluationError::Quota {
                limit: EVALUATIONS_PER_MINUTE
            })
        );
        assert_eq!(evaluations.of(ada), 0, "a refusal holds nothing");
        // Another member has a share of their own; the first's comes back a minute later.
        drop(evaluations.enter(bo, now).expect("another member's"));
        drop(
            evaluations
                .enter(ada, now + EVALUATION_WINDOW)
                .expect("a new minute"),
        );
    }

    #[tokio::test]
    async fn a_place_is_held_until_its_search_ends() {
        let evaluations = Arc::new(Evaluations::bounded(1, 8, 1));
        let place = evaluations
            .enter(UserId(1), Timestamp::from_millis(0))
            .expect("a place");
        let found = place
            .search(Position::start(), Rules::STANDARD, Budget::nodes(2_000))
            .await
            .expect("searched");
        assert!(!found.line.is_empty());
        assert_eq!(evaluations.of(UserId(1)), 0);
    }
}
