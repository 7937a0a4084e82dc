//! The engine a program plays against: a [`Level`], a seed, and a policy for moving,
//! resigning and draws on top of the search.

use std::{fmt, str::FromStr, sync::Arc, time::Duration};

use dama_rules::{Color, Game, Move, Outcome, Position, Role};

use crate::{
    Budget, KING, MAN, Score, SearchInfo,
    search::{Search, SearchShape, Style},
    tables::{Probe, Tables, Wdl},
    tt::Table,
};

/// A playing strength from 1 (beginner) to 5 (as strong as the budget allows).
///
/// | level | search | misjudgement | resigns | endgame tables |
/// |---|---|---|---|---|
/// | 1 | 1 ply, captures played out | ±1.2 men per position | no | no |
/// | 2 | 3 plies | ±1.1 men | no | no |
/// | 3 | 5 plies | ±0.2 men | no | no |
/// | 4 | 30 000 nodes | none | when hopeless | if given |
/// | 5 | 1 500 000 nodes | none | when hopeless | if given |
///
/// ```
/// use dama_engine::Level;
///
/// let level: Level = "3".parse().unwrap();
/// assert_eq!(level.number(), 3);
/// assert!("6".parse::<Level>().is_err());
/// assert_eq!(Level::all().count(), 5);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Level(u8);

/// A level outside 1 to 5, or not a number.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the level must be a number from 1 to 5, not {0:?}")]
pub struct LevelError(pub String);

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// The strongest level.
    pub const MAX: Level = Level(5);

    /// The time cap [`Level::interactive_budget`] adds: well inside Discord's three seconds.
    pub const INTERACTIVE_TIME_LIMIT: Duration = Duration::from_millis(1500);

    /// The level with this number, if it is 1 to 5.
    #[must_use]
    pub const fn new(n: u8) -> Option<Level> {
        if n >= 1 && n <= 5 {
            Some(Level(n))
        } else {
            None
        }
    }

    /// 1 to 5.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0
    }

    /// Every level, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (1..=5).map(Level)
    }

    /// The level's own search budget: nodes or depth only, so play at a level is reproducible.
    #[must_use]
    pub const fn budget(self) -> Budget {
        match self.0 {
            1 => Budget::depth(1),
            2 => Budget::depth(3),
            3 => Budget::depth(5),
            4 => Budget::nodes(30_000),
            _ => Budget::nodes(1_500_000),
        }
    }

    /// [`Level::budget`] with [`Level::INTERACTIVE_TIME_LIMIT`] on top, for a player waiting
    /// for a reply. On a normal machine the node budget ends the search long before the clock;
    /// the cap only matters when the machine is overloaded (or the engine built without
    /// optimisations).
    #[must_use]
    pub fn interactive_budget(self) -> Budget {
        self.budget().with_time(Self::INTERACTIVE_TIME_LIMIT)
    }

    /// [`Level::interactive_budget`] for a move in a live game where the computer has `own`
    /// time left, its opponent `opponent`, and `increment` comes back after each move: the
    /// search may take at most [`think_time`] of it.
    #[must_use]
    pub fn live_budget(self, own: Duration, opponent: Duration, increment: Duration) -> Budget {
        self.interactive_budget()
            .with_time(think_time(own, opponent, increment))
    }

    /// How far the level's judgement of a position may be off, in hundredths of a man. Level
    /// 2's is set so that it plays as well as it did before the evaluation was tuned (a match
    /// against the old level 2 scores about even, see engine/STRENGTH.md): beginners keep an
    /// opponent they can beat.
    const fn noise(self) -> i32 {
        match self.0 {
            1 => 120,
            2 => 110,
            3 => 20,
            _ => 0,
        }
    }

    /// How much the level dislikes drawing by repetition or the no-progress rule, in
    /// hundredths of a man: the strong levels play on in a level position.
    const fn contempt(self) -> i32 {
        if self.0 >= 4 { CONTEMPT } else { 0 }
    }

    /// Only the strong levels give up; a beginner-level opponent plays on to the end.
    pub(crate) const fn resigns(self) -> bool {
        self.0 >= 4
    }

    /// Whether the level plays endgames from the tables, when the engine has them
    /// ([`Engine::with_tables`]). The weak levels misjudge on purpose, endgames included.
    #[must_use]
    pub const fn uses_tables(self) -> bool {
        self.0 >= 4
    }
}

/// The most the computer thinks about a move in a live game, when it has `own` time left, its
/// opponent `opponent`, and `increment` comes back after each move: a thirtieth of what is
/// left and three quarters of the increment, plus a tenth of any lead on the opponent's clock
/// (ahead on the clock, it spends more); never more than a fifth of what is left, nor less
/// than 10 ms. With an increment of at least a second it never runs out of time: each move
/// gives back more than the fifth it may take once little is left.
///
/// ```
/// use std::time::Duration;
/// use dama_engine::think_time;
///
/// let s = Duration::from_secs;
/// assert_eq!(think_time(s(300), s(300), s(3)), Duration::from_millis(12_250));
/// assert!(think_time(s(300), s(200), s(3)) > think_time(s(300), s(300), s(3)));
/// assert_eq!(think_time(Duration::from_millis(500), s(60), s(1)), Duration::from_millis(100));
/// ```
#[must_use]
pub fn think_time(own: Duration, opponent: Duration, increment: Duration) -> Duration {
    let lead = own.saturating_sub(opponent);
    let share = own / 30 + increment * 3 / 4 + lead / 10;
    share.min(own / 5).max(Duration::from_millis(10))
}

impl Default for Level {
    fn default() -> Level {
        Level::MAX
    }
}

impl TryFrom<u8> for Level {
    type Error = LevelError;

    fn try_from(n: u8) -> Result<Level, LevelError> {
        Level::new(n).ok_or_else(|| LevelError(n.to_string()))
    }
}

impl FromStr for Level {
    type Err = LevelError;

    fn from_str(s: &str) -> Result<Level, LevelError> {
        s.trim()
            .parse::<u8>()
            .ok()
            .and_then(Level::new)
            .ok_or_else(|| LevelError(s.to_owned()))
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "level {}", self.0)
    }
}

/// How to build an [`Engine`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EngineConfig {
    /// Playing strength.
    pub level: Level,
    /// Fixes every pseudo-random choice; use a different seed per game for variety (for
    /// example derived from the game's id) and the same seed to replay a game exactly.
    pub seed: u64,
    /// Transposition table size in megabytes.
    pub hash_mb: usize,
    /// The search's selective parts; the default is what the levels are measured with.
    pub shape: SearchShape,
}

impl Default for EngineConfig {
    fn default() -> EngineConfig {
        EngineConfig {
            level: Level::MAX,
            seed: 0,
            hash_mb: 16,
            shape: SearchShape::default(),
        }
    }
}

impl EngineConfig {
    /// The default configuration at `level`.
    #[must_use]
    pub fn at_level(level: Level) -> EngineConfig {
        EngineConfig {
            level,
            ..EngineConfig::default()
        }
    }
}

/// What the engine does on its turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    /// Play this move (always legal in the game's position).
    Play {
        /// The move.
        mv: Move,
        /// The engine also offers a draw (see [`Engine::choose`] for when).
        offer_draw: bool,
        /// What the search found.
        info: SearchInfo,
    },
    /// The engine resigns: its position is hopeless.
    Resign {
        /// What the search found.
        info: SearchInfo,
    },
}

impl Decision {
    /// The move to play, unless the engine resigns.
    #[must_use]
    pub fn mv(&self) -> Option<Move> {
        match self {
            Decision::Play { mv, .. } => Some(*mv),
            Decision::Resign { .. } => None,
        }
    }

    /// The search behind the decision.
    #[must_use]
    pub fn info(&self) -> &SearchInfo {
        match self {
            Decision::Play { info, .. } | Decision::Resign { info } => info,
        }
    }
}

/// Why the engine cannot act.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// The game has already ended.
    #[error("the game is over ({})", .0.describe())]
    GameOver(Outcome),
    /// The side to move has no legal move (a game built without its outcome settled).
    #[error("there is no legal move in this position")]
    NoLegalMove,
}

/// Levels 4 and 5 score a draw by the rules this much below level for themselves.
const CONTEMPT: i32 = 15;
/// A score this close to level counts as equal when weighing draws.
const DRAW_MARGIN: i32 = 25;
/// Plies without progress after which an equal position is considered a likely draw.
const DRAWISH_QUIET_PLIES: u16 = 20;
/// Resign when the search sees at least this deficit…
const RESIGN_SCORE: i32 = 2 * KING;
/// …and the material count agrees by at least this much.
const RESIGN_MATERIAL: i32 = KING;

/// A computer opponent.
///
/// The engine keeps its transposition table from one call to the next, so on its next move in
/// the same game it starts from what it learnt before: keep one engine per game (and call
/// [`Engine::new_game`] before another game). Every call is a pure function of the
/// configuration, the game (its moves matter: a position met before counts toward repetition),
/// a node or depth budget and the earlier calls since the engine was made or
/// [`Engine::new_game`]; a fresh engine (or one just reset) decides the same every time.
///
/// ```
/// use dama_engine::{Budget, Decision, Engine, EngineConfig, Level};
/// use dama_rules::Game;
///
/// let mut engine = Engine::new(EngineConfig::at_level(Level::new(3).unwrap()));
/// let mut game = Game::new();
/// let decision = engine.choose(&game, Budget::nodes(2_000)).unwrap();
/// let Decision::Play { mv, .. } = decision else { panic!("resigned at the start") };
/// assert!(game.position().is_legal(&mv));
/// game.play(&mv).unwrap();
/// assert!(!engine.accepts_draw(&game, game.turn(), Budget::nodes(2_000)).unwrap());
/// ```
#[derive(Debug)]
pub struct Engine {
    config: EngineConfig,
    table: Table,
    /// Endgame tables, shared between engines.
    endgames: Option<Arc<Tables>>,
}

impl Engine {
    /// An engine with its own transposition table of `config.hash_mb` megabytes.
    #[must_use]
    pub fn new(config: EngineConfig) -> Engine {
        Engine {
            config,
            table: Table::new(config.hash_mb),
            endgames: None,
        }
    }

    /// An engine that also knows the endgames in `tables` (at the levels that use them,
    /// [`Level::uses_tables`]): it plays a won table ending by the quickest win, a lost one by
    /// the slowest loss, resigns a certain table loss and offers or accepts a draw in a table
    /// draw. Share one [`Tables`] between all engines.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use dama_engine::{Budget, Engine, EngineConfig, Level, Score, tables::Tables};
    /// use dama_rules::Game;
    ///
    /// let tables = Arc::new(Tables::build(3).unwrap());
    /// let mut engine = Engine::with_tables(EngineConfig::at_level(Level::MAX), tables);
    /// // A king and a man against a king: the tables know how long the win takes.
    /// let game = Game::from_position("8/8/8/8/1B6/8/5w2/W7 w".parse().unwrap());
    /// let verdict = engine.table_verdict(&game).unwrap();
    /// let decision = engine.choose(&game, Budget::nodes(1_000)).unwrap();
    /// assert_eq!(decision.info().score, Score::Win(verdict.plies));
    /// ```
    #[must_use]
    pub fn with_tables(config: EngineConfig, tables: Arc<Tables>) -> Engine {
        Engine {
            endgames: Some(tables),
            ..Engine::new(config)
        }
    }

    /// Gives the engine endgame tables (or takes them away), for the following calls.
    pub fn set_tables(&mut self, tables: Option<Arc<Tables>>) {
        self.endgames = tables;
    }

    /// The endgame tables the engine has, whether or not its level uses them.
    #[must_use]
    pub fn tables(&self) -> Option<&Tables> {
        self.endgames.as_deref()
    }

    /// What the endgame tables say about the game's position, for the side to move, when it
    /// is certain: the game is played by rules the tables hold under ([`Tables::hold_under`]:
    /// docs/rules.md, or its strict mode), not over, the position
    /// is in the tables, and a win or loss comes before the no-progress rule could draw the
    /// game. `None` otherwise (or without tables). Independent of the level.
    #[must_use]
    pub fn table_verdict(&self, game: &Game) -> Option<Probe> {
        if game.outcome().is_some() || !Tables::hold_under(game.rules()) {
            return None;
        }
        let probe = self.endgames.as_ref()?.probe(game.position())?;
        probe.is_certain(game.quiet_plies()).then_some(probe)
    }

    /// [`Engine::table_verdict`], if the engine's level plays by the tables.
    fn level_verdict(&self, game: &Game) -> Option<Probe> {
        if self.config.level.uses_tables() {
            self.table_verdict(game)
        } else {
            None
        }
    }

    /// Forgets what earlier searches learnt (the transposition table), as before a new game.
    pub fn new_game(&mut self) {
        self.table.clear();
    }

    /// The configuration.
    #[must_use]
    pub const fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// Changes the level (and so the style of play) for the following calls.
    pub fn set_level(&mut self, level: Level) {
        // Another style judges positions differently: what the table holds no longer applies.
        if level != self.config.level {
            self.table.clear();
        }
        self.config.level = level;
    }

    /// Changes the seed for the following calls.
    pub fn set_seed(&mut self, seed: u64) {
        if seed != self.config.seed {
            self.table.clear();
        }
        self.config.seed = seed;
    }

    /// Decides the engine's turn in `game` within `budget` (use [`Level::budget`] or
    /// [`Level::interactive_budget`] to play at the level's strength).
    ///
    /// The search plays by the game's rules ([`Game::rules`]): its moves are legal under them.
    /// Strict mode changes nothing: the engine always makes a largest capture.
    ///
    /// - It resigns only at levels 4 and 5, and only when hopeless: the search proves a forced
    ///   loss, or sees it two kings down while the material on the board is at least a king
    ///   short.
    /// - It offers a draw when the search scores the position within a quarter of a man of
    ///   equal after at least 20 plies without a capture or a man moving forward; to avoid
    ///   repeating itself it offers once in every 20 such plies.
    /// - With endgame tables (levels 4 and 5), a position the tables know is played and judged
    ///   exactly: a certain loss is resigned, and a table draw is offered as soon as it is
    ///   reached (then again every 20 plies); a table win is never offered as a draw.
    pub fn choose(&mut self, game: &Game, budget: Budget) -> Result<Decision, EngineError> {
        self.choose_reporting(game, budget, |_| {})
    }

    /// [`Engine::choose`], calling `report` after each completed search iteration.
    pub fn choose_reporting(
        &mut self,
        game: &Game,
        budget: Budget,
        report: impl FnMut(&SearchInfo),
    ) -> Result<Decision, EngineError> {
        let (mv, info) = self.search(game, budget, report)?;
        let value = info.score.as_value();
        let level = self.config.level;
        if level.resigns() && hopeless(game.position(), info.score) {
            return Ok(Decision::Resign { info });
        }
        let quiet = game.quiet_plies();
        let offer_draw = match self.level_verdict(game) {
            Some(probe) => probe.wdl == Wdl::Draw && quiet % DRAWISH_QUIET_PLIES < 2,
            None => offers_draw_at(value, quiet),
        };
        Ok(Decision::Play {
            mv,
            offer_draw,
            info,
        })
    }

    /// Searches the position without any playing policy (no resigning, no draw offers): the
    /// engine's honest opinion, with the level's style.
    pub fn analyse(
        &mut self,
        game: &Game,
        budget: Budget,
        report: impl FnMut(&SearchInfo),
    ) -> Result<SearchInfo, EngineError> {
        self.search(game, budget, report).map(|(_, info)| info)
    }

    /// Whether the engine, playing `me`, agrees to a draw in `game` now. It accepts when it
    /// stands worse by more than a quarter of a man, or when the position is about equal and
    /// either 20 plies have passed without progress or at most eight pieces are left. In a
    /// position the endgame tables know (levels 4 and 5), it accepts exactly when it cannot
    /// win.
    pub fn accepts_draw(
        &mut self,
        game: &Game,
        me: Color,
        budget: Budget,
    ) -> Result<bool, EngineError> {
        if let Some(outcome) = game.outcome() {
            return Err(EngineError::GameOver(outcome));
        }
        if let Some(probe) = self.level_verdict(game) {
            let mine = if game.turn() == me {
                probe.wdl
            } else {
                match probe.wdl {
                    Wdl::Win => Wdl::Loss,
                    Wdl::Loss => Wdl::Win,
                    Wdl::Draw => Wdl::Draw,
                }
            };
            return Ok(mine != Wdl::Win);
        }
        let (_, info) = self.search(game, budget, |_| {})?;
        let value = if game.turn() == me {
            info.score.as_value()
        } else {
            -info.score.as_value()
        };
        Ok(accepts_draw_at(value, game))
    }

    /// [`Engine::analyse`] with the moves in `excluded` left out: the engine's opinion of the
    /// best of the other moves, `None` when every legal move is left out. The transposition
    /// table does not keep the position's restricted score, so later searches are not misled.
    pub(crate) fn analyse_excluding(
        &mut self,
        game: &Game,
        budget: Budget,
        excluded: &[Move],
        report: impl FnMut(&SearchInfo),
    ) -> Result<Option<SearchInfo>, EngineError> {
        match self.search_excluding(game, budget, excluded, report) {
            Ok((_, info)) => Ok(Some(info)),
            Err(EngineError::NoLegalMove) if !excluded.is_empty() => Ok(None),
            Err(e) => Err(e),
        }
    }

    fn search(
        &mut self,
        game: &Game,
        budget: Budget,
        report: impl FnMut(&SearchInfo),
    ) -> Result<(Move, SearchInfo), EngineError> {
        self.search_excluding(game, budget, &[], report)
    }

    fn search_excluding(
        &mut self,
        game: &Game,
        budget: Budget,
        excluded: &[Move],
        mut report: impl FnMut(&SearchInfo),
    ) -> Result<(Move, SearchInfo), EngineError> {
        if let Some(outcome) = game.outcome() {
            return Err(EngineError::GameOver(outcome));
        }
        self.table.new_search();
        let style = Style {
            noise: self.config.level.noise(),
            seed: self.config.seed,
            contempt: self.config.level.contempt(),
            shape: self.config.shape,
        };
        let endgames = if self.config.level.uses_tables() {
            self.endgames.as_deref()
        } else {
            None
        };
        Search::new(&mut self.table, endgames, style)
            .excluding(excluded)
            .run(game, budget, &mut report)
            .ok_or(EngineError::NoLegalMove)
    }
}

/// The draw offer rule without tables: about level (`value` for the side to move) after 20 plies
/// without progress, once in every 20 such plies.
pub(crate) fn offers_draw_at(value: i32, quiet: u16) -> bool {
    value.abs() <= DRAW_MARGIN && quiet >= DRAWISH_QUIET_PLIES && quiet % DRAWISH_QUIET_PLIES < 2
}

/// The draw acceptance rule without tables, for a side that judges the game `value`: worse, or
/// about level once the game has settled (20 plies without progress, or at most eight pieces).
pub(crate) fn accepts_draw_at(value: i32, game: &Game) -> bool {
    let pieces = game.position().board().occupied().count();
    let settled = game.quiet_plies() >= DRAWISH_QUIET_PLIES || pieces <= 8;
    value < -DRAW_MARGIN || (value.abs() <= DRAW_MARGIN && settled)
}

/// The resignation rule: a proven loss, or a search deficit of two kings confirmed by a
/// material deficit of at least a king.
pub(crate) fn hopeless(pos: &Position, score: Score) -> bool {
    match score {
        Score::Loss(_) => true,
        Score::Win(_) => false,
        Score::Value(v) => {
            v <= -RESIGN_SCORE
                && material(pos, pos.turn().opposite()) - material(pos, pos.turn())
                    >= RESIGN_MATERIAL
        }
    }
}

/// `color`'s material on the board: [`MAN`] a man, [`KING`] a king.
pub(crate) fn material(pos: &Position, color: Color) -> i32 {
    let board = pos.board();
    board.pieces(color, Role::Man).count() as i32 * MAN
        + board.pieces(color, Role::King).count() as i32 * KING
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn with_an_increment_of_a_second_the_computer_never_runs_out_of_time() {
        for base in [60_u64, 180, 300] {
            let mut own = Duration::from_secs(base);
            // Each move costs the thinking and 100 ms of the bot's own work and the network.
            for _ in 0..500 {
                let spent = think_time(own, Duration::from_secs(30), Duration::from_secs(1))
                    + Duration::from_millis(100);
                assert!(spent < own, "{base} s: {own:?} left, {spent:?} spent");
                own = own - spent + Duration::from_secs(1);
            }
        }
    }

    #[test]
    fn the_computer_spends_more_when_ahead_on_the_clock_and_little_when_short() {
        let s = Duration::from_secs;
        let even = think_time(s(120), s(120), s(2));
        assert!(think_time(s(120), s(60), s(2)) > even);
        assert_eq!(think_time(s(120), s(200), s(2)), even);
        assert!(think_time(s(2), s(60), Duration::ZERO) <= Duration::from_millis(400));
        assert_eq!(
            think_time(Duration::ZERO, s(60), Duration::ZERO),
            Duration::from_millis(10)
        );
        // The level's own cap still holds, and a short clock shortens it.
        let long = Level::MAX.live_budget(s(600), s(600), s(20));
        assert_eq!(long.max_time, Some(Level::INTERACTIVE_TIME_LIMIT));
        let short = Level::MAX.live_budget(s(1), s(60), Duration::ZERO);
        assert!(
            short
                .max_time
                .is_some_and(|t| t < Duration::from_millis(50))
        );
    }
}
