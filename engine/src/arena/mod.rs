//! Matches between two engine configurations: the opening set, one game, a whole match, and
//! the Elo difference its score implies. The `dama-match` binary is a thin command line over
//! this module. Either side may also be an external engine speaking the line protocol of
//! [`crate::protocol`] (`ext:PATH`), such as a fixed older build kept as a yardstick.
//!
//! ```
//! use dama_engine::arena::{Player, Tally, run_match};
//!
//! let strong: Player = "3".parse().unwrap();
//! let weak: Player = "1".parse().unwrap();
//! let tally = run_match(&strong, &weak, 4, 7, 1, |_, _| {});
//! assert_eq!(tally.games(), 4);
//!
//! let even = Tally { wins: 60, draws: 80, losses: 60 };
//! assert_eq!(even.elo().difference, 0.0);
//! ```

mod external;

use std::{
    fmt,
    path::PathBuf,
    str::FromStr,
    sync::{
        Arc, Mutex,
        atomic::{AtomicUsize, Ordering},
    },
    time::Duration,
};

use dama_rules::{Color, DrawReason, Game, Outcome, Position, Rules};

use crate::{
    Budget, Decision, Engine, EngineConfig, Level, LevelError, SearchInfo, SearchShape,
    SearchShapeError,
    engine::{accepts_draw_at, hopeless, offers_draw_at},
    rng::{SplitMix64, mix},
    tables::Tables,
};
use external::External;

/// One side of a match: a level and the budget it searches with, played by this crate's engine
/// or by an external program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    /// The level (style of play, resignation policy).
    pub level: Level,
    /// The search budget per move.
    pub budget: Budget,
    /// An external engine speaking the line protocol, run as a child process; `None` for this
    /// crate's engine. It searches with `go` and the budget's limits, and plays with level 5's
    /// policy on its reported score: it resigns, offers and accepts draws by the same
    /// thresholds as [`Engine::choose`] and [`Engine::accepts_draw`] (judging a draw offer by
    /// its last search).
    pub external: Option<PathBuf>,
    /// The search's selective parts (this crate's engine only).
    pub shape: SearchShape,
}

/// A player description that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayerError {
    /// The level part is wrong.
    #[error(transparent)]
    Level(#[from] LevelError),
    /// The search shape after `/` is wrong.
    #[error(transparent)]
    Shape(#[from] SearchShapeError),
    /// The budget after `@` is wrong.
    #[error(
        "bad budget {0:?}: write a node count (5@200000), a depth (3@d4) or milliseconds (5@t250)"
    )]
    Budget(String),
}

/// `L` (level L with its own budget), `L@N` (level L searching N nodes a move), `L@dD` (level
/// L searching D plies deep) or `L@tMS` (level L searching MS milliseconds a move), the level
/// optionally with a [`SearchShape`] after a slash (`5/r2+threat@200000`); `ext:PATH`
/// (the external engine at `PATH` at level 5 with level 5's budget), `ext:PATH#L` (at level L),
/// either with a budget as above (`ext:PATH#2@d3`).
impl FromStr for Player {
    type Err = PlayerError;

    fn from_str(s: &str) -> Result<Player, PlayerError> {
        if let Some(rest) = s.strip_prefix("ext:") {
            let (path, budget) = match rest.rsplit_once('@') {
                Some((path, budget)) => (path, Some(budget)),
                None => (rest, None),
            };
            let (path, level) = match path.rsplit_once('#') {
                Some((path, level)) => (path, level.parse()?),
                None => (path, Level::MAX),
            };
            return Ok(Player {
                level,
                budget: parse_budget(level, budget)?,
                external: Some(PathBuf::from(path)),
                shape: SearchShape::default(),
            });
        }
        let (level, budget) = match s.split_once('@') {
            Some((level, budget)) => (level, Some(budget)),
            None => (s, None),
        };
        let (level, shape) = match level.split_once('/') {
            Some((level, shape)) => (level, shape.parse()?),
            None => (level, SearchShape::default()),
        };
        let level: Level = level.parse()?;
        Ok(Player {
            level,
            budget: parse_budget(level, budget)?,
            external: None,
            shape,
        })
    }
}

fn parse_budget(level: Level, budget: Option<&str>) -> Result<Budget, PlayerError> {
    let Some(b) = budget else {
        return Ok(level.budget());
    };
    let bad = || PlayerError::Budget(b.to_owned());
    let positive = |n: &str| n.parse::<u64>().ok().filter(|n| *n > 0).ok_or_else(bad);
    Ok(if let Some(depth) = b.strip_prefix('d') {
        Budget::depth(u32::try_from(positive(depth)?).map_err(|_| bad())?)
    } else if let Some(ms) = b.strip_prefix('t') {
        Budget::time(Duration::from_millis(positive(ms)?))
    } else {
        Budget::nodes(positive(b)?)
    })
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.external {
            Some(path) => write!(f, "external engine {} at {}", path.display(), self.level)?,
            None => write!(f, "{}", self.level)?,
        }
        if self.external.is_none() && self.shape != SearchShape::default() {
            write!(f, ", search {}", self.shape)?;
        }
        if let Some(depth) = self.budget.max_depth {
            write!(f, ", {depth} plies")?;
        }
        if let Some(nodes) = self.budget.max_nodes {
            write!(f, ", {nodes} nodes")?;
        }
        if let Some(time) = self.budget.max_time {
            write!(f, ", {} ms a move", time.as_millis())?;
        }
        Ok(())
    }
}

/// `count` distinct opening positions: three moves by each side played at random from the
/// start, kept only when a quick search finds them about level (within half a man), so that
/// neither colour starts with an advantage. The same seed gives the same set.
#[must_use]
pub fn openings(count: usize, seed: u64) -> Vec<Position> {
    const PLIES: usize = 6;
    let mut rng = SplitMix64::new(seed);
    let mut judge = Engine::new(EngineConfig {
        hash_mb: 1,
        ..EngineConfig::default()
    });
    let mut found: Vec<Position> = Vec::with_capacity(count);
    let mut attempts = 0;
    while found.len() < count && attempts < count * 100 {
        attempts += 1;
        let mut pos = Position::start();
        for _ in 0..PLIES {
            let moves = pos.legal_moves_under(Rules::STANDARD);
            if moves.is_empty() {
                break;
            }
            pos = pos.play_unchecked(&moves[rng.below(moves.len())]);
        }
        let game = Game::from_position(pos);
        if game.outcome().is_some() || found.contains(&pos) {
            continue;
        }
        let level = judge
            .analyse(&game, Budget::depth(4), |_| {})
            .is_ok_and(|info| info.score.as_value().abs() <= 50);
        if level {
            found.push(pos);
        }
    }
    found
}

/// Plays one game from `start` between two engines, each with its own budget. A draw offer is
/// put to the other engine at once; the game otherwise ends by the rules or by resignation.
pub fn play_game(
    start: Position,
    white: (&mut Engine, Budget),
    black: (&mut Engine, Budget),
) -> Game {
    let (white, white_budget) = white;
    let (black, black_budget) = black;
    let mut white = Contestant::Local(white);
    let mut black = Contestant::Local(black);
    play_contest(
        start,
        (&mut white, white_budget),
        (&mut black, black_budget),
    )
}

/// A side of a game: this crate's engine or an external one.
enum Contestant<'e> {
    Local(&'e mut Engine),
    External(External),
}

impl Contestant<'_> {
    /// The side's decision, or `None` if it cannot give one (an external engine failed).
    fn choose(&mut self, game: &Game, budget: Budget) -> Option<Decision> {
        match self {
            Contestant::Local(engine) => engine.choose(game, budget).ok(),
            Contestant::External(engine) => {
                let (mv, score) = match engine.choose(game, budget) {
                    Ok(found) => found,
                    Err(e) => {
                        eprintln!("arena: {e}");
                        return None;
                    }
                };
                let score = score.unwrap_or(crate::Score::Value(0));
                let info = SearchInfo {
                    depth: 0,
                    score,
                    nodes: 0,
                    pv: vec![mv],
                };
                if engine.level.resigns() && hopeless(game.position(), score) {
                    return Some(Decision::Resign { info });
                }
                Some(Decision::Play {
                    mv,
                    offer_draw: offers_draw_at(score.as_value(), game.quiet_plies()),
                    info,
                })
            }
        }
    }

    fn accepts_draw(&mut self, game: &Game, me: Color, budget: Budget) -> bool {
        match self {
            Contestant::Local(engine) => engine.accepts_draw(game, me, budget).unwrap_or(false),
            Contestant::External(engine) => engine
                .last_score
                .is_some_and(|s| accepts_draw_at(s.as_value(), game)),
        }
    }
}

fn play_contest<'e>(
    start: Position,
    white: (&mut Contestant<'e>, Budget),
    black: (&mut Contestant<'e>, Budget),
) -> Game {
    let (white, white_budget) = white;
    let (black, black_budget) = black;
    let mut game = Game::from_position(start);
    while game.outcome().is_none() {
        let turn = game.turn();
        let ((mover, budget), (other, other_budget)) = match turn {
            Color::White => ((&mut *white, white_budget), (&mut *black, black_budget)),
            Color::Black => ((&mut *black, black_budget), (&mut *white, white_budget)),
        };
        let Some(decision) = mover.choose(&game, budget) else {
            break;
        };
        match decision {
            Decision::Resign { .. } => {
                let _ = game.resign(turn);
            }
            Decision::Play { mv, offer_draw, .. } => {
                if game.play(&mv).is_err() {
                    // Cannot happen: the engine only returns legal moves. Stop rather than loop.
                    break;
                }
                if offer_draw
                    && game.outcome().is_none()
                    && other.accepts_draw(&game, turn.opposite(), other_budget)
                {
                    let _ = game.end(Outcome::Draw(DrawReason::Agreement));
                }
            }
        }
    }
    game
}

/// Results from one side's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

/// An Elo difference with its 95% confidence interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Elo {
    /// The point estimate; infinite when every game was won (or lost).
    pub difference: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

impl Tally {
    /// Games played.
    #[must_use]
    pub const fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The score: 1 per win and ½ per draw, over the games played (0.5 when none).
    #[must_use]
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            0.5
        } else {
            (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(n)
        }
    }

    /// The Elo difference the score implies, with a 95% interval from the per-game variance of
    /// the results (normal approximation). With a perfect score the estimate is infinite and
    /// the bound comes from the rule of three (the true score is above `1 - 3/n` with 95%
    /// confidence).
    #[must_use]
    pub fn elo(&self) -> Elo {
        let n = f64::from(self.games().max(1));
        let s = self.score();
        let (w, d, l) = (
            f64::from(self.wins),
            f64::from(self.draws),
            f64::from(self.losses),
        );
        let variance = (w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2)) / n;
        let margin = 1.96 * (variance / n).sqrt();
        let (low, high) = if s >= 1.0 {
            ((1.0 - 3.0 / n).max(0.0), 1.0)
        } else if s <= 0.0 {
            (0.0, (3.0 / n).min(1.0))
        } else {
            ((s - margin).max(0.0), (s + margin).min(1.0))
        };
        Elo {
            difference: elo_of(s),
            low: elo_of(low),
            high: elo_of(high),
        }
    }
}

/// Elo difference for an expected score `s`.
fn elo_of(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

/// `+81 ± 38`, or `> +412` for a perfect score.
impl fmt::Display for Elo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.difference == f64::INFINITY {
            write!(f, "> {:+.0} (every game won)", self.low)
        } else if self.difference == f64::NEG_INFINITY {
            write!(f, "< {:+.0} (every game lost)", self.high)
        } else if self.low.is_finite() && self.high.is_finite() {
            let margin = (self.high - self.low) / 2.0;
            write!(f, "{:+.0} ± {margin:.0}", self.difference)
        } else {
            write!(
                f,
                "{:+.0} (95%: {:+.0} to {:+.0})",
                self.difference, self.low, self.high
            )
        }
    }
}

/// How one game of a match went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSummary {
    /// Whether the first player had White.
    pub a_was_white: bool,
    /// The outcome (always set).
    pub outcome: Outcome,
    /// Plies played.
    pub plies: usize,
}

impl GameSummary {
    /// The result for the first player: `Some(true)` for a win, `Some(false)` for a loss,
    /// `None` for a draw.
    #[must_use]
    pub fn a_result(&self) -> Option<bool> {
        let a = if self.a_was_white {
            Color::White
        } else {
            Color::Black
        };
        self.outcome.winner().map(|w| w == a)
    }
}

/// Plays `games` games between `a` and `b` on `threads` threads and tallies them for `a`.
/// Game `i` starts from opening `i / 2` with `a` White when `i` is even, so every opening is
/// played with both colours; each engine's seed is derived from `seed` and `i`, so the match is
/// reproducible whatever the number of threads. `on_game` sees each finished game (in
/// completion order).
pub fn run_match(
    a: &Player,
    b: &Player,
    games: usize,
    seed: u64,
    threads: usize,
    on_game: impl Fn(usize, &GameSummary) + Sync,
) -> Tally {
    run_match_with_tables(a, b, games, seed, threads, None, on_game)
}

/// [`run_match`], with endgame tables for this crate's engines (at the levels that use them).
/// A game whose external engine fails (it exits or answers nonsense) is counted as a draw and
/// reported on standard error.
pub fn run_match_with_tables(
    a: &Player,
    b: &Player,
    games: usize,
    seed: u64,
    threads: usize,
    tables: Option<Arc<Tables>>,
    on_game: impl Fn(usize, &GameSummary) + Sync,
) -> Tally {
    run_games(a, b, 0..games, seed, threads, tables, on_game)
}

/// Plays only the games numbered `games` (from 0) of a match, exactly as
/// [`run_match_with_tables`] would play them: a long match can be played in parts (in separate
/// runs, on separate days) and the parts' tallies added up.
pub fn run_games(
    a: &Player,
    b: &Player,
    games: std::ops::Range<usize>,
    seed: u64,
    threads: usize,
    tables: Option<Arc<Tables>>,
    on_game: impl Fn(usize, &GameSummary) + Sync,
) -> Tally {
    let starts = openings(games.end.div_ceil(2), seed);
    let next = AtomicUsize::new(games.start);
    let games = games.end;
    let tally = Mutex::new(Tally::default());
    let engine = |player: &Player| {
        let config = EngineConfig {
            level: player.level,
            shape: player.shape,
            ..EngineConfig::default()
        };
        match &tables {
            Some(t) => Engine::with_tables(config, Arc::clone(t)),
            None => Engine::new(config),
        }
    };
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                let mut engine_a = engine(a);
                let mut engine_b = engine(b);
                let external = |player: &Player| {
                    player.external.as_ref().and_then(|path| {
                        External::spawn(path, player.level)
                            .map_err(|e| eprintln!("arena: cannot start {}: {e}", path.display()))
                            .ok()
                    })
                };
                let mut external_a = external(a);
                let mut external_b = external(b);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games {
                        break;
                    }
                    let Some(&start) = starts.get(i / 2 % starts.len().max(1)) else {
                        break;
                    };
                    engine_a.set_seed(mix(seed ^ (2 * i as u64)));
                    engine_b.set_seed(mix(seed ^ (2 * i as u64 + 1)));
                    engine_a.new_game();
                    engine_b.new_game();
                    for (ext, s) in [
                        (&mut external_a, 2 * i as u64),
                        (&mut external_b, 2 * i as u64 + 1),
                    ] {
                        if let Some(ext) = ext
                            && let Err(e) = ext.new_game(mix(seed ^ s))
                        {
                            eprintln!("arena: {e}");
                        }
                    }
                    let a_white = i.is_multiple_of(2);
                    let mut side_a = match external_a.take() {
                        Some(ext) => Contestant::External(ext),
                        None => Contestant::Local(&mut engine_a),
                    };
                    let mut side_b = match external_b.take() {
                        Some(ext) => Contestant::External(ext),
                        None => Contestant::Local(&mut engine_b),
                    };
                    let game = if a_white {
                        play_contest(start, (&mut side_a, a.budget), (&mut side_b, b.budget))
                    } else {
                        play_contest(start, (&mut side_b, b.budget), (&mut side_a, a.budget))
                    };
                    // Keep the external engines running for the next game.
                    if let Contestant::External(ext) = side_a {
                        external_a = Some(ext);
                    }
                    if let Contestant::External(ext) = side_b {
                        external_b = Some(ext);
                    }
                    let summary = GameSummary {
                        a_was_white: a_white,
                        // A game only stops early if an engine failed, which cannot happen
                        // with legal positions; count it as a draw rather than lose it.
                        outcome: game
                            .outcome()
                            .unwrap_or(Outcome::Draw(DrawReason::Agreement)),
                        plies: game.moves().len(),
                    };
                    if let Ok(mut t) = tally.lock() {
                        match summary.a_result() {
                            Some(true) => t.wins += 1,
                            Some(false) => t.losses += 1,
                            None => t.draws += 1,
                        }
                    }
                    on_game(i, &summary);
                }
            });
        }
    });
    tally.into_inner().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_parse_levels_and_budgets() {
        let p: Player = "5@200000".parse().unwrap();
        assert_eq!((p.level.number(), p.budget), (5, Budget::nodes(200_000)));
        let p: Player = "3@d4".parse().unwrap();
        assert_eq!(p.budget, Budget::depth(4));
        let p: Player = "2".parse().unwrap();
        assert_eq!(p.budget, Level::new(2).unwrap().budget());
        assert!("7".parse::<Player>().is_err());
        assert!("5@".parse::<Player>().is_err());
        assert!("5@0".parse::<Player>().is_err());
        assert!("5@dx".parse::<Player>().is_err());
        let p: Player = "5@t250".parse().unwrap();
        assert_eq!(p.budget, Budget::time(Duration::from_millis(250)));
        let p: Player = "ext:/opt/old/dama-engine@t1000".parse().unwrap();
        assert_eq!(p.external, Some(PathBuf::from("/opt/old/dama-engine")));
        assert_eq!(p.budget, Budget::time(Duration::from_millis(1000)));
        let p: Player = "ext:old#2".parse().unwrap();
        assert_eq!(
            (p.level.number(), p.budget),
            (2, Level::new(2).unwrap().budget())
        );
        assert!("ext:x@t".parse::<Player>().is_err());
    }

    #[test]
    fn players_parse_a_search_shape_after_the_level() {
        let p: Player = "5/r2+threat@200000".parse().unwrap();
        assert_eq!(p.budget, Budget::nodes(200_000));
        let expected = SearchShape {
            reduction: 2,
            deep_reduction: 2,
            extend_crowning_threat: true,
            ..SearchShape::default()
        };
        assert_eq!(p.shape, expected);
        assert_eq!(p.to_string(), "level 5, search r2+threat, 200000 nodes");
        let p: Player = "4/noforced".parse().unwrap();
        assert!(!p.shape.extend_forced);
        assert_eq!(p.shape.reduction, 1);
        assert_eq!("5".parse::<Player>().unwrap().shape, SearchShape::default());
        for bad in ["5/", "5/r9", "5/threat+x", "5/r"] {
            assert!(
                matches!(bad.parse::<Player>(), Err(PlayerError::Shape(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn elo_of_a_known_score() {
        // 75% is +191 Elo.
        let t = Tally {
            wins: 150,
            draws: 0,
            losses: 50,
        };
        let elo = t.elo();
        assert!((elo.difference - 190.8).abs() < 0.5, "{elo:?}");
        assert!(elo.low < elo.difference && elo.difference < elo.high);
        // More games, narrower interval.
        let more = Tally {
            wins: 600,
            draws: 0,
            losses: 200,
        }
        .elo();
        assert!(more.high - more.low < elo.high - elo.low);
    }

    #[test]
    fn a_perfect_score_gives_a_finite_lower_bound() {
        let elo = Tally {
            wins: 200,
            draws: 0,
            losses: 0,
        }
        .elo();
        assert_eq!(elo.difference, f64::INFINITY);
        assert!(elo.low.is_finite() && elo.low > 300.0);
        assert!(elo.to_string().starts_with("> +"));
    }

    #[test]
    fn openings_are_distinct_balanced_and_reproducible() {
        let a = openings(6, 11);
        assert_eq!(a.len(), 6);
        assert_eq!(a, openings(6, 11));
        for (i, p) in a.iter().enumerate() {
            assert!(!a[..i].contains(p));
            assert_eq!(p.turn(), Color::White);
        }
    }

    #[test]
    fn a_match_is_reproducible_whatever_the_thread_count() {
        let a: Player = "2".parse().unwrap();
        let b: Player = "1".parse().unwrap();
        assert_eq!(
            run_match(&a, &b, 4, 3, 1, |_, _| {}),
            run_match(&a, &b, 4, 3, 2, |_, _| {})
        );
    }
}
