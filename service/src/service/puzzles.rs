//! Puzzles from a server's own games: stored by one call ([`GameService::add_puzzle`], what
//! mining feeds), solved by its members move by move, rated both ways (Glicko-2: the member
//! against the puzzle's own rating, as lichess does), with streaks of days solved and a
//! leaderboard; and a daily puzzle posted in the server's puzzle channel (see
//! [`GameService::post_daily_puzzles`]).
//!
//! Rules decided here:
//! - A puzzle belongs to one server and comes from that server's games; its source game and
//!   players are shown there only, by that server's names.
//! - A member has one try at each puzzle, rated when it ends: a correct move is answered by the
//!   opponent's reply until the line ends (solved); a wrong move ends the try, and the solution
//!   is shown. An illegal move is refused with the rules' explanation and changes nothing.
//!   Asking for a puzzle while a try is under way gives that try back.
//! - A member's next puzzle is the untried one rated nearest their puzzle rating.
//! - Streaks count consecutive days (UTC) with at least one puzzle solved.
//! - A member starts at most [`max_puzzles_per_minute`](super::ServiceConfig) tries a minute.

use std::time::Duration;

use dama_rules::notation::{self, MoveText, Resolved};
use dama_rules::{Color, LastMove, MissedCapture, Move, Position, Rules};
use thiserror::Error;

use super::outbox::{self, Notice};
use super::{Authority, GameService, Managed, ServiceError};
use crate::clock::Timestamp;
use crate::ids::{ChannelId, GameId, GuildId, PuzzleId, UserId};
use crate::model::{Participant, Player};
use crate::rating::{GameScore, Rating};
use crate::store::{self, PuzzleRatingRecord, PuzzleRow};

/// The longest solution line stored, in plies.
pub const MAX_SOLUTION_PLIES: usize = 31;

/// The longest theme key.
const MAX_THEME: usize = 32;

/// A day in milliseconds: streaks and daily puzzles count days from 1970-01-01 UTC.
const DAY_MILLIS: i64 = 86_400_000;

/// Why a puzzle request was refused (inside [`ServiceError::Puzzle`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// Puzzles come from a server's games and are solved there, not in direct messages.
    #[error("puzzles need a server")]
    NeedsServer,
    /// The server has no puzzle yet: none was found in its games so far.
    #[error("no puzzle yet")]
    NoPuzzlesYet,
    /// The member has tried every puzzle of the server.
    #[error("no puzzle left to try")]
    NoneLeft,
    /// An answer came while the member has no try under way on the server.
    #[error("no puzzle under way")]
    NotSolving,
    /// Asked from outside the server (a web page) by someone who is not its member: only its
    /// members solve its puzzles.
    #[error("not a member of the server")]
    NotMember,
    /// No puzzle of the server has this id.
    #[error("no puzzle {0}")]
    NoSuchPuzzle(PuzzleId),
    /// The server has posted no daily puzzle yet.
    #[error("no daily puzzle yet")]
    NoDailyPuzzle,
    /// The member tried this puzzle before: a puzzle is tried once.
    #[error("puzzle {0} tried already")]
    AlreadyTried(PuzzleId),
    /// The member started as many puzzles in the last minute as allowed.
    #[error("too many puzzles asked (limit {limit} a minute)")]
    TooMany {
        /// [`ServiceConfig::max_puzzles_per_minute`](super::ServiceConfig::max_puzzles_per_minute).
        limit: u32,
    },
    /// An hour of the day outside 0–23.
    #[error("hour {0} is not an hour of the day (0 to 23)")]
    BadHour(u8),
    /// A puzzle to add does not hold together (its caller's fault, not a member's). Internal.
    #[error("invalid puzzle: {0}")]
    Invalid(String),
    /// A stored puzzle does not replay. Internal.
    #[error("puzzle {puzzle} corrupt: {reason}")]
    Corrupt {
        /// The puzzle.
        puzzle: PuzzleId,
        /// What does not fit.
        reason: String,
    },
}

impl PuzzleError {
    /// Whether this is an internal failure rather than a refusal to explain.
    #[must_use]
    pub fn is_internal(&self) -> bool {
        matches!(self, PuzzleError::Invalid(_) | PuzzleError::Corrupt { .. })
    }
}

/// A puzzle to store, as mining finds it: the position (the solver to move) and its line.
#[derive(Debug, Clone, PartialEq)]
pub struct NewPuzzle {
    /// The position, the solver to move.
    pub start: Position,
    /// The solver's move, the reply, the solver's move, …, ending with a solver's move.
    pub solution: Vec<Move>,
    /// The theme's key (`shot`, `two-for-one`, `crowning`, `king-trap`, `endgame-win`).
    pub theme: Option<String>,
    /// 1 (easy) to 5.
    pub difficulty: u8,
    /// The server's game it comes from (its rules are the puzzle's), if any.
    pub game: Option<GameId>,
    /// The ply of that game the position stood before.
    pub ply: u32,
}

/// Which puzzle a member asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PuzzleChoice {
    /// An untried one near their puzzle rating.
    Next,
    /// The server's latest daily puzzle.
    Daily,
}

/// Where a puzzle comes from: a game of the server, its players by the server's names.
#[derive(Debug, Clone, PartialEq)]
pub struct PuzzleSource {
    /// The game.
    pub game: GameId,
    /// The ply the puzzle's position stood before.
    pub ply: u32,
    /// White.
    pub white: Participant,
    /// Black.
    pub black: Participant,
}

/// A puzzle as a solver sees it: where the line stands.
#[derive(Debug, Clone, PartialEq)]
pub struct PuzzleView {
    /// The puzzle.
    pub id: PuzzleId,
    /// Its server.
    pub guild: GuildId,
    /// The side that plays and wins.
    pub solver: Color,
    /// The position it starts from.
    pub start: Position,
    /// The position now (the solver to move while the try is under way).
    pub position: Position,
    /// The moves of the line played so far.
    pub played: Vec<Move>,
    /// The last of them and the position it was played in (for last-move highlights), `None`
    /// before the first.
    pub last_move: Option<LastMove>,
    /// Plies of the line in all.
    pub plies: u32,
    /// The rule set the line is played under.
    pub rules: Rules,
    /// The theme's key, when one was recognised.
    pub theme: Option<String>,
    /// 1 (easy) to 5.
    pub difficulty: u8,
    /// The puzzle's own rating.
    pub rating: Rating,
    /// The game it comes from, if any.
    pub source: Option<PuzzleSource>,
}

impl PuzzleView {
    /// The legal moves now (for move menus and autocomplete).
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        self.position
            .legal_moves_under(self.rules)
            .iter()
            .copied()
            .collect()
    }
}

/// A puzzle given to a member.
#[derive(Debug, Clone, PartialEq)]
pub struct StartedPuzzle {
    /// The puzzle, where the member's try stands.
    pub puzzle: PuzzleView,
    /// Whether this is the try they had under way (asking again gives it back).
    pub resumed: bool,
}

/// A member's puzzle rating before and after a try.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PuzzleRatingChange {
    /// Before.
    pub before: Rating,
    /// After.
    pub after: Rating,
    /// The member's streak of days solved after the try.
    pub streak: u32,
}

/// What came of an answer.
#[derive(Debug, Clone, PartialEq)]
pub enum PuzzleAnswer {
    /// Right, and the line goes on: the opponent replied `reply`; the solver is to move again.
    Correct {
        /// The solver's move.
        played: Move,
        /// The opponent's reply.
        reply: Move,
        /// The puzzle after the reply.
        puzzle: PuzzleView,
    },
    /// Right, and the line is over: solved.
    Solved {
        /// The solver's last move.
        played: Move,
        /// The puzzle at the end of the line.
        puzzle: PuzzleView,
        /// The member's puzzle rating.
        rating: PuzzleRatingChange,
    },
    /// Wrong: the try is over.
    Failed {
        /// The move played.
        played: Move,
        /// The move the line wanted.
        expected: Move,
        /// The whole solution from the start.
        solution: Vec<Move>,
        /// The puzzle where the wrong move was played (before it).
        puzzle: PuzzleView,
        /// The member's puzzle rating.
        rating: PuzzleRatingChange,
    },
}

/// A member's puzzle record on a server.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PuzzleStats {
    /// Their puzzle rating (the default before their first try).
    pub rating: Rating,
    /// Tries ended.
    pub tries: u32,
    /// Puzzles solved.
    pub solved: u32,
    /// Consecutive days (UTC) with a puzzle solved, up to today or yesterday (0 once a day is
    /// missed).
    pub streak: u32,
    /// The longest such streak.
    pub best_streak: u32,
}

/// One line of a server's puzzle leaderboard.
#[derive(Debug, Clone, PartialEq)]
pub struct PuzzleLeader {
    /// The member.
    pub user: UserId,
    /// Their name on the server.
    pub name: String,
    /// Their record.
    pub stats: PuzzleStats,
}

/// A server's daily puzzle setting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PuzzleSettings {
    /// Where the daily puzzle is posted; none: no daily puzzle.
    pub channel: Option<ChannelId>,
    /// The hour (UTC) it is posted at.
    pub hour: u8,
}

/// What [`GameService::post_daily_puzzles`] posted (its notices are in the outbox).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DailyPosted {
    /// A day's puzzle.
    Puzzle {
        /// The server.
        guild: GuildId,
        /// The puzzle.
        puzzle: PuzzleId,
    },
    /// An earlier day's solution.
    Solution {
        /// The server.
        guild: GuildId,
        /// The puzzle.
        puzzle: PuzzleId,
        /// Who solved it first, if anyone did.
        first: Option<UserId>,
    },
}

/// The day (from 1970-01-01, UTC) of `t`.
fn day_of(t: Timestamp) -> i64 {
    t.as_millis().div_euclid(DAY_MILLIS)
}

/// A new puzzle's rating, from its difficulty: 1150 for the easiest to 1750 for the hardest,
/// unsure (as a new member's).
fn first_rating(difficulty: u8) -> Rating {
    Rating {
        rating: 1000.0 + 150.0 * f64::from(difficulty),
        ..Rating::default()
    }
}

/// The rules a line is played under: the rule set's promotion, a missed capture refused (a
/// puzzle's answer is a legal move or no answer).
fn puzzle_rules(rules: Rules) -> Rules {
    Rules {
        missed_capture: MissedCapture::Refused,
        ..rules
    }
}

/// A stored puzzle, its line replayed.
#[derive(Debug)]
struct Loaded {
    row: PuzzleRow,
    id: PuzzleId,
    guild: GuildId,
    rules: Rules,
    start: Position,
    solution: Vec<Move>,
}

impl Loaded {
    /// Reads a stored puzzle, replaying its line.
    fn from_row(row: PuzzleRow) -> Result<Loaded, PuzzleError> {
        let id = PuzzleId(row.id);
        let corrupt = |reason: String| PuzzleError::Corrupt { puzzle: id, reason };
        let rules: Rules = row
            .rules
            .parse()
            .map_err(|e| corrupt(format!("rules: {e}")))?;
        let rules = puzzle_rules(rules);
        let start: Position = row
            .start_position
            .parse()
            .map_err(|e| corrupt(format!("position: {e}")))?;
        let mut position = start;
        let mut solution = Vec::new();
        for text in row.solution.split_whitespace() {
            let m = match notation::resolve_str_under(&position, text, rules) {
                Ok(Resolved::Legal(m)) => m,
                Ok(Resolved::MissedCapture { .. }) => {
                    return Err(corrupt(format!("{text} misses a capture")));
                }
                Err(e) => return Err(corrupt(format!("{text}: {e}"))),
            };
            position = position.play_unchecked(&m);
            solution.push(m);
        }
        if solution.is_empty() {
            return Err(corrupt("no solution".to_owned()));
        }
        Ok(Loaded {
            guild: GuildId(store::from_db(row.guild_id)),
            id,
            rules,
            start,
            solution,
            row,
        })
    }

    /// The view after `progress` plies of the line.
    fn view(&self, progress: usize, source: Option<PuzzleSource>) -> PuzzleView {
        let played: Vec<Move> = self.solution.iter().take(progress).copied().collect();
        let mut position = self.start;
        let mut last_move = None;
        for m in &played {
            last_move = Some(LastMove::new(position, *m));
            position = position.play_unchecked(m);
        }
        PuzzleView {
            id: self.id,
            guild: self.guild,
            solver: self.start.turn(),
            start: self.start,
            position,
            played,
            last_move,
            plies: u32::try_from(self.solution.len()).unwrap_or(u32::MAX),
            rules: self.rules,
            theme: self.row.theme.clone(),
            difficulty: u8::try_from(self.row.difficulty).unwrap_or(1),
            rating: self.row.rating(),
            source,
        }
    }
}

/// Checks a puzzle to add: its line legal from its position, the solver moving first and last.
fn check(puzzle: &NewPuzzle, rules: Rules) -> Result<(), PuzzleError> {
    let invalid = |why: String| PuzzleError::Invalid(why);
    if !(1..=5).contains(&puzzle.difficulty) {
        return Err(invalid(format!(
            "difficulty {} is not 1 to 5",
            puzzle.difficulty
        )));
    }
    if puzzle.solution.is_empty() || puzzle.solution.len() > MAX_SOLUTION_PLIES {
        return Err(invalid(format!(
            "a solution has 1 to {MAX_SOLUTION_PLIES} plies"
        )));
    }
    if puzzle.solution.len().is_multiple_of(2) {
        return Err(invalid(
            "the solution ends with the opponent's move".to_owned(),
        ));
    }
    if let Some(theme) = &puzzle.theme
        && (theme.is_empty()
            || theme.len() > MAX_THEME
            || !theme.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'))
    {
        return Err(invalid(format!("{theme:?} is not a theme key")));
    }
    let mut position = puzzle.start;
    for m in &puzzle.solution {
        position = position
            .play_under(m, rules)
            .map_err(|e| invalid(format!("{m}: {e}")))?;
    }
    Ok(())
}

impl GameService {
    /// Stores a puzzle of server `guild` (mined from one of its games, or added by hand): its
    /// id, the same one when that position of that game is stored already. Refused with
    /// [`PuzzleError::Invalid`] when the line is not legal from the position (under the source
    /// game's rules), does not end with the solver's move, or the game is another server's or
    /// did not stand in that position before that ply.
    ///
    /// A puzzle stored, given to a member and solved:
    ///
    /// ```
    /// use dama_rules::{Position, notation};
    /// use dama_service::ids::{GuildId, UserId};
    /// use dama_service::model::Player;
    /// use dama_service::service::{
    ///     GameService, NewPuzzle, PuzzleAnswer, PuzzleChoice, ServiceConfig,
    /// };
    ///
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// # let dir = tempfile::tempdir()?;
    /// # let url = dir.path().join("dama.db").display().to_string();
    /// let service = GameService::new(dama_service::connect(&url).await?, ServiceConfig::default());
    /// let (server, start) = (GuildId(1), Position::default());
    /// let first = notation::resolve_str(&start, "c3-c4")?;
    /// let puzzle = NewPuzzle {
    ///     start,
    ///     solution: vec![first],
    ///     theme: None,
    ///     difficulty: 1,
    ///     game: None,
    ///     ply: 0,
    /// };
    /// service.add_puzzle(server, puzzle).await?;
    ///
    /// let ada = Player::new(UserId(10), "Ada");
    /// let given = service.start_puzzle(&ada, Some(server), PuzzleChoice::Next).await?;
    /// assert_eq!(given.puzzle.position, start);
    /// let answer = service.answer_puzzle(ada.id, server, &"c3-c4".parse()?).await?;
    /// assert!(matches!(answer, PuzzleAnswer::Solved { .. }));
    /// # Ok(())
    /// # }
    /// ```
    pub async fn add_puzzle(
        &self,
        guild: GuildId,
        puzzle: NewPuzzle,
    ) -> Result<PuzzleId, ServiceError> {
        let rules = match puzzle.game {
            Some(game) => {
                let loaded = self.load(game).await?;
                if loaded.record.place.guild != Some(guild) {
                    return Err(PuzzleError::Invalid(format!(
                        "game {game} is not a game of server {guild}"
                    ))
                    .into());
                }
                let at = usize::try_from(puzzle.ply).unwrap_or(usize::MAX);
                if loaded.game.positions().get(at) != Some(&puzzle.start) {
                    return Err(PuzzleError::Invalid(format!(
                        "the position is not game {game}'s before ply {}",
                        puzzle.ply
                    ))
                    .into());
                }
                loaded.record.rules
            }
            None => Rules::default(),
        };
        let rules = puzzle_rules(rules);
        check(&puzzle, rules)?;
        let start = puzzle.start.to_string();
        let solution: Vec<String> = puzzle.solution.iter().map(ToString::to_string).collect();
        let solution = solution.join(" ");
        let insert = store::PuzzleInsert {
            guild,
            game: puzzle.game,
            ply: puzzle.ply,
            rules: rules.name(),
            start_position: &start,
            solution: &solution,
            theme: puzzle.theme.as_deref(),
            difficulty: puzzle.difficulty,
            rating: first_rating(puzzle.difficulty),
        };
        let now = self.clock.now();
        let mut tx = self.write().await?;
        let (id, _) = store::insert_puzzle(&mut tx, &insert, now).await?;
        tx.commit().await?;
        Ok(PuzzleId(id))
    }

    /// Gives `player` a puzzle of server `guild` (`None`: direct messages, refused): the try
    /// they have under way there if any, else as `choice` says, an untried one near their
    /// puzzle rating or the server's latest daily puzzle. Refused when none is left
    /// ([`PuzzleError::NoneLeft`]), the daily puzzle was tried already
    /// ([`PuzzleError::AlreadyTried`]), or the member started as many tries in the last
    /// minute as allowed ([`PuzzleError::TooMany`]). Asked on the server itself (the member's
    /// own command there), so it counts as a sighting of them there (see
    /// [`is_member`](GameService::is_member)); from elsewhere, call
    /// [`start_puzzle_away`](GameService::start_puzzle_away).
    pub async fn start_puzzle(
        &self,
        player: &Player,
        guild: Option<GuildId>,
        choice: PuzzleChoice,
    ) -> Result<StartedPuzzle, ServiceError> {
        self.start_puzzle_seen(player, guild, choice, store::Sighting::InServer)
            .await
    }

    /// As [`start_puzzle`](GameService::start_puzzle), asked from outside the server (a web
    /// page, which cannot prove membership): refused with [`PuzzleError::NotMember`] unless
    /// `player` is a member of `guild` (see [`is_member`](GameService::is_member)); no sighting
    /// of the member there is recorded, so their membership is not renewed by it.
    pub async fn start_puzzle_away(
        &self,
        player: &Player,
        guild: GuildId,
        choice: PuzzleChoice,
    ) -> Result<StartedPuzzle, ServiceError> {
        self.ensure_member(guild, player.id).await?;
        self.start_puzzle_seen(player, Some(guild), choice, store::Sighting::Elsewhere)
            .await
    }

    /// As [`answer_puzzle`](GameService::answer_puzzle), answered from outside the server (a
    /// web page): refused with [`PuzzleError::NotMember`] unless `user` is a member of `guild`
    /// now (one who left since starting the try answers no more of it).
    pub async fn answer_puzzle_away(
        &self,
        user: UserId,
        guild: GuildId,
        text: &MoveText,
    ) -> Result<PuzzleAnswer, ServiceError> {
        self.ensure_member(guild, user).await?;
        self.answer_puzzle(user, guild, text).await
    }

    /// As [`puzzle_under_way`](GameService::puzzle_under_way), read from outside the server (a
    /// web page): refused with [`PuzzleError::NotMember`] unless `user` is a member of `guild`.
    pub async fn puzzle_under_way_away(
        &self,
        user: UserId,
        guild: GuildId,
    ) -> Result<Option<PuzzleView>, ServiceError> {
        self.ensure_member(guild, user).await?;
        self.puzzle_under_way(user, guild).await
    }

    /// Refuses with [`PuzzleError::NotMember`] unless `user` is a member of `guild`.
    async fn ensure_member(&self, guild: GuildId, user: UserId) -> Result<(), ServiceError> {
        if self.is_member(guild, user).await? {
            Ok(())
        } else {
            Err(PuzzleError::NotMember.into())
        }
    }

    async fn start_puzzle_seen(
        &self,
        player: &Player,
        guild: Option<GuildId>,
        choice: PuzzleChoice,
        sighting: store::Sighting,
    ) -> Result<StartedPuzzle, ServiceError> {
        let guild = guild.ok_or(PuzzleError::NeedsServer)?;
        let user = player.id;
        // The try under way, or the puzzle to give, read beside the writer: the write
        // transaction below only checks and records (a burst of members asking at once waits
        // on the one writer for that alone).
        let chosen = {
            let mut conn = self.pool.acquire().await?;
            if let Some(open) = store::open_attempt(&mut conn, guild, user).await? {
                drop(conn);
                return self.resumed(open).await;
            }
            self.choose(&mut conn, guild, user, choice).await?
        };
        let now = self.clock.now();
        let mut tx = self.write().await?;
        store::lock_limits(&mut tx, &[user.0]).await?;
        let limit = self.config.max_puzzles_per_minute;
        let since = Timestamp::from_millis(now.as_millis() - 60_000);
        if store::attempts_started_since(&mut tx, user, since).await? >= limit {
            return Err(tx.abandon(PuzzleError::TooMany { limit }.into()).await);
        }
        store::record_player(&mut tx, player, Some(guild), now, sighting).await?;
        if !store::insert_attempt(&mut tx, chosen.0, guild, user, now).await? {
            // Another request of the member's came in between: its try is the one under way.
            if let Some(open) = store::open_attempt(&mut tx, guild, user).await? {
                tx.commit().await?;
                return self.resumed(open).await;
            }
            return Err(tx.abandon(PuzzleError::AlreadyTried(chosen).into()).await);
        }
        tx.commit().await?;
        let puzzle = self.puzzle_at(chosen, 0).await?;
        Ok(StartedPuzzle {
            puzzle,
            resumed: false,
        })
    }

    /// The try under way `open`, given back.
    async fn resumed(&self, open: store::AttemptRow) -> Result<StartedPuzzle, ServiceError> {
        let puzzle = self
            .puzzle_at(PuzzleId(open.puzzle_id), progress(open.progress))
            .await?;
        Ok(StartedPuzzle {
            puzzle,
            resumed: true,
        })
    }

    /// The puzzle of `guild` that `choice` gives `user`: refused when it has none yet, none is
    /// left, no daily
    /// puzzle was posted, or the member tried the daily puzzle already.
    async fn choose(
        &self,
        conn: &mut store::Conn,
        guild: GuildId,
        user: UserId,
        choice: PuzzleChoice,
    ) -> Result<PuzzleId, ServiceError> {
        match choice {
            PuzzleChoice::Next => {
                let rating = store::puzzle_rating(conn, guild, user)
                    .await?
                    .unwrap_or_default()
                    .rating
                    .rating;
                match store::next_puzzle_for(conn, guild, user, rating).await? {
                    Some(next) => Ok(PuzzleId(next)),
                    None if store::has_puzzles(conn, guild).await? => {
                        Err(PuzzleError::NoneLeft.into())
                    }
                    None => Err(PuzzleError::NoPuzzlesYet.into()),
                }
            }
            PuzzleChoice::Daily => {
                let daily = store::latest_daily_puzzle(conn, guild)
                    .await?
                    .ok_or(PuzzleError::NoDailyPuzzle)?;
                let id = PuzzleId(daily.puzzle);
                if store::tried(conn, daily.puzzle, user).await? {
                    return Err(PuzzleError::AlreadyTried(id).into());
                }
                Ok(id)
            }
        }
    }

    /// The try `user` has under way on `guild`, where it stands; `None` when they have none.
    pub async fn puzzle_under_way(
        &self,
        user: UserId,
        guild: GuildId,
    ) -> Result<Option<PuzzleView>, ServiceError> {
        let open = {
            let mut conn = self.pool.acquire().await?;
            store::open_attempt(&mut conn, guild, user).await?
        };
        match open {
            Some(open) => Ok(Some(
                self.puzzle_at(PuzzleId(open.puzzle_id), progress(open.progress))
                    .await?,
            )),
            None => Ok(None),
        }
    }

    /// `user` answers the puzzle they have under way on `guild` with `text` (parsed at the edge,
    /// in either notation). Refused with [`ServiceError::Move`] when the text names no legal
    /// move (nothing changes), with [`PuzzleError::NotSolving`] when no try is under way, and
    /// [`ServiceError::Conflict`] when another answer came first.
    pub async fn answer_puzzle(
        &self,
        user: UserId,
        guild: GuildId,
        text: &MoveText,
    ) -> Result<PuzzleAnswer, ServiceError> {
        let open = {
            let mut conn = self.pool.acquire().await?;
            store::open_attempt(&mut conn, guild, user).await?
        }
        .ok_or(PuzzleError::NotSolving)?;
        let loaded = self.load_puzzle(PuzzleId(open.puzzle_id)).await?;
        let at = progress(open.progress);
        let before = loaded.view(at, None);
        let played = match notation::resolve_under(&before.position, text, loaded.rules)? {
            Resolved::Legal(m) => m,
            // Not under the refusing rules a puzzle is played by; refused all the same.
            Resolved::MissedCapture { available, .. } => {
                return Err(notation::ResolveError::CaptureRequired {
                    count: available.capture_count(),
                    example: available,
                }
                .into());
            }
        };
        let from = u32::try_from(at).unwrap_or(u32::MAX);
        let Some(&expected) = loaded.solution.get(at) else {
            return Err(PuzzleError::Corrupt {
                puzzle: loaded.id,
                reason: format!("a try stands at ply {at}, past the line"),
            }
            .into());
        };
        let now = self.clock.now();
        if played != expected {
            let rating = self
                .end_try(&loaded, user, (from, from), false, now)
                .await?;
            let source = self.source_of(&loaded).await?;
            return Ok(PuzzleAnswer::Failed {
                played,
                expected,
                solution: loaded.solution.clone(),
                puzzle: loaded.view(at, source),
                rating,
            });
        }
        if at + 1 >= loaded.solution.len() {
            let rating = self
                .end_try(&loaded, user, (from, from + 1), true, now)
                .await?;
            let source = self.source_of(&loaded).await?;
            return Ok(PuzzleAnswer::Solved {
                played,
                puzzle: loaded.view(at + 1, source),
                rating,
            });
        }
        let reply = loaded.solution[at + 1];
        let mut conn = self.write_once().await?;
        let advanced = store::advance_attempt(&mut conn, loaded.id.0, user, from, from + 2).await?;
        drop(conn);
        if !advanced {
            return Err(ServiceError::Conflict);
        }
        let source = self.source_of(&loaded).await?;
        Ok(PuzzleAnswer::Correct {
            played,
            reply,
            puzzle: loaded.view(at + 2, source),
        })
    }

    /// Ends `user`'s try at `loaded`, open at `from` plies of the line and ending at `to`,
    /// rating the member against the puzzle and the puzzle against the member, and counting
    /// the streak, in one transaction. Refused with [`ServiceError::Conflict`] when the try is
    /// no longer open at `from` (another answer came first).
    async fn end_try(
        &self,
        loaded: &Loaded,
        user: UserId,
        (from, to): (u32, u32),
        solved: bool,
        now: Timestamp,
    ) -> Result<PuzzleRatingChange, ServiceError> {
        let guild = loaded.guild;
        let mut tx = self.write().await?;
        store::lock_puzzle(&mut tx, loaded.id.0).await?;
        let puzzle_rating = store::puzzle(&mut tx, loaded.id.0)
            .await?
            .ok_or(PuzzleError::NoSuchPuzzle(loaded.id))?
            .rating();
        let member = store::puzzle_rating(&mut tx, guild, user)
            .await?
            .unwrap_or_default();
        let score = if solved {
            GameScore::Win
        } else {
            GameScore::Loss
        };
        let (after, puzzle_after) = member.rating.rate(&puzzle_rating, score);
        let end = store::AttemptEnd {
            solved,
            progress: to,
            rating_before: member.rating.rating,
            rating_after: after.rating,
        };
        if !store::finish_attempt(&mut tx, loaded.id.0, user, from, &end, now).await? {
            return Err(tx.abandon(ServiceError::Conflict).await);
        }
        store::put_puzzle_rating(&mut tx, loaded.id.0, &puzzle_after).await?;
        let record = rated(member, after, solved, day_of(now));
        store::put_member_puzzle_rating(&mut tx, guild, user, &record, now).await?;
        tx.commit().await?;
        Ok(PuzzleRatingChange {
            before: member.rating,
            after,
            streak: record.streak,
        })
    }

    /// Puzzle `id` as it stands after `progress` plies of its line.
    async fn puzzle_at(&self, id: PuzzleId, progress: usize) -> Result<PuzzleView, ServiceError> {
        let loaded = self.load_puzzle(id).await?;
        let source = self.source_of(&loaded).await?;
        Ok(loaded.view(progress, source))
    }

    /// Reads puzzle `id`.
    async fn load_puzzle(&self, id: PuzzleId) -> Result<Loaded, ServiceError> {
        let row = {
            let mut conn = self.pool.acquire().await?;
            store::puzzle(&mut conn, id.0).await?
        }
        .ok_or(PuzzleError::NoSuchPuzzle(id))?;
        Ok(Loaded::from_row(row)?)
    }

    /// The game `loaded` comes from, its players by its server's names.
    async fn source_of(&self, loaded: &Loaded) -> Result<Option<PuzzleSource>, ServiceError> {
        let Some(game) = loaded.row.game_id.map(GameId) else {
            return Ok(None);
        };
        let mut conn = self.pool.acquire().await?;
        let Some(record) = store::game(&mut conn, game).await? else {
            return Ok(None);
        };
        // A puzzle is shown on its own server only, where its game was played.
        if record.place.guild != Some(loaded.guild) {
            return Ok(None);
        }
        Ok(Some(PuzzleSource {
            game,
            ply: u32::try_from(loaded.row.ply).unwrap_or(0),
            white: record.seats.white.clone(),
            black: record.seats.black.clone(),
        }))
    }

    /// Puzzle `id` of server `guild` from its start, with its solution: for the daily puzzle's
    /// post and the next day's solution.
    pub async fn puzzle_with_solution(
        &self,
        guild: GuildId,
        id: PuzzleId,
    ) -> Result<(PuzzleView, Vec<Move>), ServiceError> {
        let loaded = self.load_puzzle(id).await?;
        if loaded.guild != guild {
            return Err(PuzzleError::NoSuchPuzzle(id).into());
        }
        let source = self.source_of(&loaded).await?;
        Ok((loaded.view(0, source), loaded.solution))
    }

    /// `user`'s puzzle record on `guild`.
    pub async fn puzzle_stats(
        &self,
        user: UserId,
        guild: GuildId,
    ) -> Result<PuzzleStats, ServiceError> {
        let record = {
            let mut conn = self.pool.acquire().await?;
            store::puzzle_rating(&mut conn, guild, user).await?
        };
        Ok(stats(record.unwrap_or_default(), day_of(self.clock.now())))
    }

    /// The best puzzle ratings of `guild`'s members with at least
    /// [`puzzle_leaderboard_min_tries`](super::ServiceConfig) tries, best first, at most
    /// `limit`, named as the server knows them.
    pub async fn puzzle_leaderboard(
        &self,
        guild: GuildId,
        limit: u32,
    ) -> Result<Vec<PuzzleLeader>, ServiceError> {
        let rows = {
            let mut conn = self.pool.acquire().await?;
            store::puzzle_leaderboard(
                &mut conn,
                guild,
                self.config.puzzle_leaderboard_min_tries,
                limit,
            )
            .await?
        };
        let today = day_of(self.clock.now());
        Ok(rows
            .into_iter()
            .map(|r| PuzzleLeader {
                user: r.user,
                name: r.name,
                stats: stats(r.record, today),
            })
            .collect())
    }

    /// `guild`'s daily puzzle setting.
    pub async fn puzzle_settings(&self, guild: GuildId) -> Result<PuzzleSettings, ServiceError> {
        let mut conn = self.pool.acquire().await?;
        let (channel, hour) = store::puzzle_channel(&mut conn, guild).await?;
        Ok(PuzzleSettings { channel, hour })
    }

    /// Sets where (`channel`, none: nowhere) and at what hour (UTC; `None` keeps the one set)
    /// `guild`'s daily puzzle is posted, for a member with `authority`: only managers may.
    pub async fn set_puzzle_channel(
        &self,
        guild: GuildId,
        authority: Authority,
        channel: Option<ChannelId>,
        hour: Option<u8>,
    ) -> Result<PuzzleSettings, ServiceError> {
        authority.ensure_manages(Managed::Settings)?;
        if let Some(hour) = hour.filter(|h| *h > 23) {
            return Err(PuzzleError::BadHour(hour).into());
        }
        let now = self.clock.now();
        let mut tx = self.write().await?;
        let (_, current) = store::puzzle_channel(&mut tx, guild).await?;
        let hour = hour.unwrap_or(current);
        store::set_puzzle_channel(&mut tx, guild, channel, hour, now).await?;
        tx.commit().await?;
        Ok(PuzzleSettings { channel, hour })
    }

    /// Posts, on each server with a puzzle channel whose hour has come today (UTC, on the
    /// service's clock), the solutions of its earlier daily puzzles not posted yet (with who
    /// solved each first) and then today's puzzle (the oldest never posted), each through the
    /// outbox ([`Notice::DailySolution`], [`Notice::DailyPuzzle`]). Each is posted once, however
    /// many instances run this and across restarts: the day's row and its notice are written in
    /// one transaction, and the row's key lets only one writer through. Run by
    /// [`sweep`](GameService::sweep).
    pub async fn post_daily_puzzles(&self) -> Result<Vec<DailyPosted>, ServiceError> {
        self.post_daily_puzzles_at(self.clock.now()).await
    }

    /// [`post_daily_puzzles`](Self::post_daily_puzzles) at `now`.
    pub(super) async fn post_daily_puzzles_at(
        &self,
        now: Timestamp,
    ) -> Result<Vec<DailyPosted>, ServiceError> {
        let today = day_of(now);
        let due = {
            let mut conn = self.pool.acquire().await?;
            store::daily_puzzles_due(&mut conn, today).await?
        };
        let mut posted = Vec::new();
        for server in due {
            let hour_millis = i64::from(server.hour) * 3_600_000;
            if now.as_millis() < today * DAY_MILLIS + hour_millis {
                continue;
            }
            match self.post_daily(&server, today, now).await {
                Ok(done) => posted.extend(done),
                Err(e) => {
                    tracing::error!(guild = %server.guild, error = %e, "cannot post the daily puzzle; retried at the next sweep");
                }
            }
        }
        Ok(posted)
    }

    /// Posts `server`'s solutions due and its puzzle of `today`, in one transaction.
    async fn post_daily(
        &self,
        server: &store::DailyDue,
        today: i64,
        now: Timestamp,
    ) -> Result<Vec<DailyPosted>, ServiceError> {
        let guild = server.guild;
        let mut posted = Vec::new();
        let mut tx = self.write().await?;
        for daily in store::unsolved_dailies_before(&mut tx, guild, today).await? {
            if !store::mark_daily_solution_posted(&mut tx, guild, daily.day, now).await? {
                continue;
            }
            let first = store::first_solver(&mut tx, daily.puzzle, daily.posted_at).await?;
            let puzzle = PuzzleId(daily.puzzle);
            let notice = Notice::DailySolution {
                guild,
                puzzle,
                channel: server.channel,
                first,
            };
            // Nobody's interaction carries it: the delivery worker posts it at once.
            outbox::push(&mut tx, &notice, now, Duration::ZERO).await?;
            posted.push(DailyPosted::Solution {
                guild,
                puzzle,
                first,
            });
        }
        if let Some(next) = store::next_daily_puzzle(&mut tx, guild).await?
            && store::insert_daily_puzzle(&mut tx, server, today, next, now).await?
        {
            let puzzle = PuzzleId(next);
            let notice = Notice::DailyPuzzle {
                guild,
                puzzle,
                channel: server.channel,
            };
            // Nobody's interaction carries it: the delivery worker posts it at once.
            outbox::push(&mut tx, &notice, now, Duration::ZERO).await?;
            posted.push(DailyPosted::Puzzle { guild, puzzle });
        }
        tx.commit().await?;
        Ok(posted)
    }
}

/// The progress column as an index into the line.
fn progress(stored: i64) -> usize {
    usize::try_from(stored).unwrap_or(0)
}

/// A member's record after a try rated `after`, on day `today`: one more try, and when solved,
/// one more solved and the streak counted (a day after the last day solved goes on with it; a
/// later one starts a new streak).
fn rated(
    member: PuzzleRatingRecord,
    after: Rating,
    solved: bool,
    today: i64,
) -> PuzzleRatingRecord {
    let mut record = PuzzleRatingRecord {
        rating: after,
        tries: member.tries + 1,
        ..member
    };
    if solved {
        record.solved += 1;
        record.streak = match member.last_solved_day {
            Some(day) if day == today => member.streak.max(1),
            Some(day) if day == today - 1 => member.streak + 1,
            _ => 1,
        };
        record.best_streak = record.best_streak.max(record.streak);
        record.last_solved_day = Some(today);
    }
    record
}

/// A stored record as shown on `today`: the streak is 0 once a whole day went by unsolved.
fn stats(record: PuzzleRatingRecord, today: i64) -> PuzzleStats {
    let alive = record.last_solved_day.is_some_and(|day| day >= today - 1);
    PuzzleStats {
        rating: record.rating,
        tries: record.tries,
        solved: record.solved,
        streak: if alive { record.streak } else { 0 },
        best_streak: record.best_streak,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_streak_goes_on_the_next_day_and_starts_again_after_a_gap() {
        let mut record = PuzzleRatingRecord::default();
        let r = Rating::default();
        record = rated(record, r, true, 10);
        assert_eq!((record.streak, record.best_streak), (1, 1));
        record = rated(record, r, true, 10);
        assert_eq!((record.streak, record.best_streak), (1, 1), "same day");
        record = rated(record, r, true, 11);
        assert_eq!((record.streak, record.best_streak), (2, 2));
        record = rated(record, r, false, 12);
        assert_eq!(record.streak, 2, "a failure breaks nothing");
        assert_eq!(stats(record, 12).streak, 2, "alive until the day ends");
        assert_eq!(stats(record, 13).streak, 0, "a whole day missed");
        record = rated(record, r, true, 14);
        assert_eq!((record.streak, record.best_streak), (1, 2));
        assert_eq!((record.tries, record.solved), (5, 4));
    }

    #[test]
    fn days_are_counted_in_utc_from_the_epoch() {
        assert_eq!(day_of(Timestamp::from_millis(0)), 0);
        assert_eq!(day_of(Timestamp::from_millis(DAY_MILLIS - 1)), 0);
        assert_eq!(day_of(Timestamp::from_millis(DAY_MILLIS)), 1);
        assert_eq!(day_of(Timestamp::from_millis(-1)), -1);
    }
}
