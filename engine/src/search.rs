//! Alpha-beta search: iterative deepening under a [`Budget`], principal variation search with
//! a transposition table, killer and history move ordering, late move reductions, and a
//! quiescence search that plays out every pending capture (captures are compulsory, so a
//! position is only judged once no capture is left).

use std::{
    fmt,
    ops::ControlFlow,
    time::{Duration, Instant},
};

use dama_rules::{Color, Game, Move, NO_PROGRESS_LIMIT, Position, Role, Rules};

use crate::{
    eval::evaluate,
    rng::mix,
    tables::{Tables, Wdl},
    tt::{Bound, Entry, MoveKey, Table},
    zobrist,
};

/// The deepest iteration the search will start, in plies.
pub const MAX_DEPTH: u32 = 64;
/// The longest line the search follows, extensions and captures included.
const MAX_PLY: usize = 128;
const INF: i32 = 32_000;
const MATE: i32 = 30_000;
/// Scores beyond this are forced wins or losses, counted in plies from the root. The margin
/// holds the deepest line plus the longest endgame-table distance found beyond its end.
const MATE_BOUND: i32 = MATE - MAX_PLY as i32 - 256;
/// From this many plies still to search, late moves are reduced by
/// [`SearchShape::deep_reduction`].
const DEEP: i32 = 6;
/// Half the first aspiration window around the previous iteration's score.
const ASPIRATION: i32 = 30;

/// How much a search may spend. The search stops at the first limit reached; a budget without
/// any limit searches to [`MAX_DEPTH`], which in practice never ends, so give at least one.
///
/// Node and depth limits make the result a pure function of the position, the game history and
/// the seed; a time limit does not (the machine's speed decides where it stops), so reproducible
/// play and tests use nodes.
///
/// ```
/// use dama_engine::Budget;
/// use std::time::Duration;
///
/// let budget = Budget::nodes(50_000).with_time(Duration::from_millis(1500));
/// assert_eq!(budget.max_nodes, Some(50_000));
/// assert_eq!(budget.max_depth, None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Budget {
    /// Stop after visiting this many positions (every node counts, quiescence included).
    pub max_nodes: Option<u64>,
    /// Do not start an iteration deeper than this many plies.
    pub max_depth: Option<u32>,
    /// Stop once this much time has passed since the search began.
    pub max_time: Option<Duration>,
}

impl Budget {
    /// At most `n` nodes.
    #[must_use]
    pub const fn nodes(n: u64) -> Budget {
        Budget {
            max_nodes: Some(n),
            max_depth: None,
            max_time: None,
        }
    }

    /// Iterations up to `plies` deep.
    #[must_use]
    pub const fn depth(plies: u32) -> Budget {
        Budget {
            max_nodes: None,
            max_depth: Some(plies),
            max_time: None,
        }
    }

    /// At most `limit` of wall-clock time.
    #[must_use]
    pub const fn time(limit: Duration) -> Budget {
        Budget {
            max_nodes: None,
            max_depth: None,
            max_time: Some(limit),
        }
    }

    /// This budget, also limited to `n` nodes (the smaller limit wins).
    #[must_use]
    pub fn with_nodes(self, n: u64) -> Budget {
        Budget {
            max_nodes: Some(self.max_nodes.map_or(n, |old| old.min(n))),
            ..self
        }
    }

    /// This budget, also limited to `plies` deep (the smaller limit wins).
    #[must_use]
    pub fn with_depth(self, plies: u32) -> Budget {
        Budget {
            max_depth: Some(self.max_depth.map_or(plies, |old| old.min(plies))),
            ..self
        }
    }

    /// This budget, also limited to `limit` of time (the smaller limit wins).
    #[must_use]
    pub fn with_time(self, limit: Duration) -> Budget {
        Budget {
            max_time: Some(self.max_time.map_or(limit, |old| old.min(limit))),
            ..self
        }
    }
}

/// What a search thinks of a position, for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Score {
    /// An estimate in hundredths of a man ([`crate::MAN`] = 100); positive is good.
    Value(i32),
    /// A forced win, this many plies from now.
    Win(u32),
    /// A forced loss, this many plies from now.
    Loss(u32),
}

impl Score {
    fn from_internal(s: i32) -> Score {
        if s > MATE_BOUND {
            Score::Win((MATE - s) as u32)
        } else if s < -MATE_BOUND {
            Score::Loss((MATE + s) as u32)
        } else {
            Score::Value(s)
        }
    }

    /// A single number for comparisons and thresholds: forced results map far beyond any
    /// estimate, the quicker the further.
    #[must_use]
    pub fn as_value(self) -> i32 {
        match self {
            Score::Value(v) => v,
            Score::Win(plies) => MATE - plies as i32,
            Score::Loss(plies) => -MATE + plies as i32,
        }
    }
}

/// The protocol form: `cp 35`, `win 7`, `loss 4`.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Value(v) => write!(f, "cp {v}"),
            Score::Win(plies) => write!(f, "win {plies}"),
            Score::Loss(plies) => write!(f, "loss {plies}"),
        }
    }
}

/// The result of one completed search iteration (or of the whole search: its last one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchInfo {
    /// Nominal depth of the iteration, in plies.
    pub depth: u32,
    /// The score of the best move, for the side to move.
    pub score: Score,
    /// Nodes visited so far in this search.
    pub nodes: u64,
    /// The expected line, the best move first.
    pub pv: Vec<Move>,
}

/// Knobs a playing level sets on the search itself.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Style {
    /// Each judged position gets a pseudo-random offset in `-noise..=noise`, fixed per position
    /// and seed: the engine misjudges like a human would, consistently.
    pub(crate) noise: i32,
    pub(crate) seed: u64,
    /// How much worse than level a draw by repetition or the no-progress rule is for the side
    /// searching, in hundredths of a man: it plays on in a level position rather than repeat.
    pub(crate) contempt: i32,
    pub(crate) shape: SearchShape,
}

/// The search's selective parts, each of which can be switched for measuring it against the
/// others. [`SearchShape::default`] is what every level plays with.
///
/// ```
/// use dama_engine::SearchShape;
///
/// let plain = SearchShape { reduction: 0, deep_reduction: 0, ..SearchShape::default() };
/// let deep: SearchShape = "d2".parse().unwrap();
/// assert_eq!(deep, SearchShape::default());
/// assert_eq!("r0".parse::<SearchShape>(), Ok(plain));
/// assert_eq!(SearchShape::default().to_string(), "r1+d2");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchShape {
    /// How many plies less deeply late quiet moves are searched first (0: not reduced), with 3
    /// to 5 plies still to search.
    pub reduction: u8,
    /// The same with 6 or more plies still to search.
    pub deep_reduction: u8,
    /// A forced reply (the only legal move) costs no depth.
    pub extend_forced: bool,
    /// A man stepping to the row before crowning costs no depth.
    pub extend_crowning_threat: bool,
}

impl Default for SearchShape {
    fn default() -> SearchShape {
        SearchShape {
            reduction: 1,
            // Two plies measured better than one where 6 or more are left: +27 Elo (95%: +3 to
            // +52) over 500 games at 100 000 and 300 000 nodes (engine/STRENGTH.md).
            deep_reduction: 2,
            extend_forced: true,
            extend_crowning_threat: false,
        }
    }
}

/// A shape description that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "bad search shape {0:?}: write parts separated by '+': rN (late moves N plies less deep), \
     dN (the same only where 6 or more plies are left), noforced (no extension for a forced \
     reply), threat (extend a man's step before crowning)"
)]
pub struct SearchShapeError(String);

/// Parts joined by `+`, each changing the default: `rN` (reduce late quiet moves by N plies),
/// `dN` (by N plies where 6 or more are left; after `rN`), `noforced`, `threat`; for
/// example `r2+threat` or `d2`.
impl std::str::FromStr for SearchShape {
    type Err = SearchShapeError;

    fn from_str(s: &str) -> Result<SearchShape, SearchShapeError> {
        let mut shape = SearchShape::default();
        for part in s.split('+') {
            match part {
                "noforced" => shape.extend_forced = false,
                "threat" => shape.extend_crowning_threat = true,
                _ => {
                    let bad = || SearchShapeError(s.to_owned());
                    let plies = |n: &str| n.parse().ok().filter(|n| *n <= 3).ok_or_else(bad);
                    if let Some(n) = part.strip_prefix('r') {
                        shape.reduction = plies(n)?;
                        shape.deep_reduction = shape.reduction;
                    } else if let Some(n) = part.strip_prefix('d') {
                        shape.deep_reduction = plies(n)?;
                    } else {
                        return Err(bad());
                    }
                }
            }
        }
        Ok(shape)
    }
}

impl fmt::Display for SearchShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}", self.reduction)?;
        if self.deep_reduction != self.reduction {
            write!(f, "+d{}", self.deep_reduction)?;
        }
        if !self.extend_forced {
            f.write_str("+noforced")?;
        }
        if self.extend_crowning_threat {
            f.write_str("+threat")?;
        }
        Ok(())
    }
}

/// A position inside the search, with how deep to search it and where it stands.
struct Node<'p> {
    pos: &'p Position,
    hash: u64,
    /// Plies still to search.
    depth: i32,
    /// Plies from the root.
    ply: usize,
    /// Plies since the last capture or forward step of a man.
    quiet: u16,
}

/// A move with its ordering (or, at the root, its last) score.
#[derive(Clone, Copy)]
struct Scored {
    mv: Move,
    score: i32,
}

/// One search: the counters, heuristics and stacks that live while it runs.
pub(crate) struct Search<'t> {
    table: &'t mut Table,
    /// Endgame tables to probe, if any (and only under the rules they were built for).
    endgames: Option<&'t Tables>,
    style: Style,
    /// The game's rules: every move searched is legal under them. Strict mode changes nothing
    /// here, since the search only ever plays legal (largest) captures.
    rules: Rules,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    stopped: bool,
    root_depth: i32,
    /// The side the search is for (contempt counts against it).
    root_turn: Color,
    killers: Vec<[Option<MoveKey>; 2]>,
    /// Success of quiet moves, by side, from and to square.
    history: Vec<i32>,
    /// Hashes of the positions before the current one: the game's, then the search line's.
    line: Vec<u64>,
    /// One move buffer per ply, reused so the search does not allocate.
    buffers: Vec<Vec<Scored>>,
    /// Root moves left out of the search (to find the best of the others).
    excluded: Vec<Move>,
}

impl<'t> Search<'t> {
    pub(crate) fn new(
        table: &'t mut Table,
        endgames: Option<&'t Tables>,
        style: Style,
    ) -> Search<'t> {
        Search {
            table,
            endgames,
            style,
            rules: Rules::STANDARD,
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            stopped: false,
            root_depth: 0,
            root_turn: Color::White,
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; 2 * 64 * 64],
            line: Vec::with_capacity(256),
            buffers: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            excluded: Vec::new(),
        }
    }

    /// The same search with `moves` left out at the root: it finds the best of the other moves.
    pub(crate) fn excluding(mut self, moves: &[Move]) -> Search<'t> {
        self.excluded = moves.to_vec();
        self
    }

    /// Searches the game's current position within `budget`, calling `report` after each
    /// completed iteration. `None` when the side to move has no legal move.
    pub(crate) fn run(
        &mut self,
        game: &Game,
        budget: Budget,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> Option<(Move, SearchInfo)> {
        let started = Instant::now();
        self.node_limit = budget.max_nodes.unwrap_or(u64::MAX);
        self.deadline = budget.max_time.map(|t| started + t);
        self.rules = game.rules();
        if !Tables::hold_under(self.rules) {
            // Crowning at the end of a capture makes other captures legal.
            self.endgames = None;
        }
        let root = *game.position();
        self.root_turn = root.turn();
        let root_hash = zobrist::hash(&root);
        let quiet = game.quiet_plies();
        // Only positions since the last irreversible move can come back.
        let positions = game.positions();
        let earlier = &positions[..positions.len() - 1];
        let reach = earlier.len().min(usize::from(quiet));
        self.line.clear();
        self.line
            .extend(earlier[earlier.len() - reach..].iter().map(zobrist::hash));

        let mut root_moves: Vec<Scored> = Vec::new();
        generate(&root, self.rules, &mut root_moves);
        root_moves.retain(|s| !self.excluded.contains(&s.mv));
        if root_moves.is_empty() {
            return None;
        }
        for s in &mut root_moves {
            s.score = self.order_score(&root, &s.mv, None, 0);
        }
        root_moves.sort_by_key(|s| std::cmp::Reverse(s.score));
        if let Some(found) = self.table_root(&root, quiet, &root_moves) {
            report(&found.1);
            return Some(found);
        }

        let mut max_depth = budget.max_depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        if root_moves.len() == 1 {
            // A forced move is played at once; one ply still gives it a score.
            max_depth = 1;
        }
        let mut best: Option<(Move, SearchInfo)> = None;
        let mut last_score = 0;
        for depth in 1..=max_depth {
            self.root_depth = depth as i32;
            let found = self.aspiration(
                &root,
                root_hash,
                quiet,
                depth as i32,
                last_score,
                &mut root_moves,
            );
            let Some((mv, score)) = found else { break };
            last_score = score;
            let info = SearchInfo {
                depth,
                score: Score::from_internal(score),
                nodes: self.nodes,
                pv: self.principal_variation(&root, root_hash, mv, depth as usize),
            };
            let proven = score.abs() > MATE_BOUND && MATE - score.abs() <= depth as i32;
            // A partial iteration is still used (its moves were searched deeper, the previous
            // best first) but not reported as a finished depth.
            let finished = !self.stopped;
            if finished {
                report(&info);
            }
            best = Some((mv, info));
            if !finished || proven {
                break;
            }
            // On the clock alone (`go movetime`), an iteration takes a few times the one before:
            // one begun after half the time would not finish, so its time is better saved.
            if budget.max_nodes.is_none()
                && let Some(limit) = budget.max_time
                && started.elapsed() * 2 >= limit
            {
                break;
            }
        }
        // Not even one ply fitted the budget: the best-ordered move is a sound guess.
        Some(best.unwrap_or_else(|| {
            let mv = root_moves[0].mv;
            let info = SearchInfo {
                depth: 0,
                score: Score::Value(self.judge(&root, root_hash)),
                nodes: self.nodes,
                pv: vec![mv],
            };
            (mv, info)
        }))
    }

    /// One iteration in a window around the previous iteration's score, widened (to the
    /// whole range at last) when the score falls outside it.
    fn aspiration(
        &mut self,
        root: &Position,
        hash: u64,
        quiet: u16,
        depth: i32,
        previous: i32,
        moves: &mut [Scored],
    ) -> Option<(Move, i32)> {
        if depth < 5 || previous.abs() > MATE_BOUND {
            return self.search_root(root, hash, quiet, depth, -INF, INF, moves);
        }
        let mut delta = ASPIRATION;
        let (mut alpha, mut beta) = (previous - delta, previous + delta);
        loop {
            let found = self.search_root(root, hash, quiet, depth, alpha, beta, moves);
            let (_, score) = found?;
            if self.stopped {
                // Below the window every move only has a bound: nothing to choose between.
                return if score <= alpha { None } else { found };
            }
            if score <= alpha && alpha > -INF {
                alpha = (score - delta).max(-INF);
            } else if score >= beta && beta < INF {
                beta = (score + delta).min(INF);
            } else {
                return found;
            }
            delta *= 4;
            if delta > 4 * crate::MAN {
                (alpha, beta) = (-INF, INF);
            }
        }
    }

    /// One iteration over the root moves, best first. Returns the best move and its score,
    /// or `None` if the budget ran out before the first move was searched.
    #[allow(clippy::too_many_arguments)]
    fn search_root(
        &mut self,
        root: &Position,
        hash: u64,
        quiet: u16,
        depth: i32,
        window_alpha: i32,
        beta: i32,
        moves: &mut [Scored],
    ) -> Option<(Move, i32)> {
        let mut alpha = window_alpha;
        let mut best: Option<(usize, i32)> = None;
        self.line.push(hash);
        for (i, entry) in moves.iter_mut().enumerate() {
            let m = entry.mv;
            let child = root.play_unchecked(&m);
            let child_hash = zobrist::after(root, hash, &m);
            let child_quiet = next_quiet(root, &m, quiet);
            let score = if i == 0 {
                -self.search(&child, child_hash, depth - 1, -beta, -alpha, 1, child_quiet)
            } else {
                let s = -self.search(
                    &child,
                    child_hash,
                    depth - 1,
                    -alpha - 1,
                    -alpha,
                    1,
                    child_quiet,
                );
                if s > alpha && !self.stopped {
                    -self.search(&child, child_hash, depth - 1, -beta, -alpha, 1, child_quiet)
                } else {
                    s
                }
            };
            if self.stopped {
                break;
            }
            entry.score = score;
            if best.is_none_or(|(_, b)| score > b) {
                best = Some((i, score));
                alpha = alpha.max(score);
                if score >= beta {
                    break;
                }
            }
        }
        self.line.pop();
        let (index, score) = best?;
        let mv = moves[index].mv;
        let bound = if score <= window_alpha {
            Bound::Upper
        } else if score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        // With moves left out the score is not the position's: the table must not keep it.
        if !self.stopped && self.excluded.is_empty() {
            self.table.store(Entry {
                key: hash,
                generation: 0,
                best: Some(MoveKey::of(&mv)),
                score,
                depth,
                bound,
            });
        }
        // Best first for the next iteration; the rest by their (bound) scores.
        moves[..=index].rotate_right(1);
        moves[1..].sort_by_key(|s| std::cmp::Reverse(s.score));
        Some((mv, score))
    }

    /// The score of `pos` within the window `alpha..beta`, searched `depth` plies deep: decided
    /// without moves if it can be, else from the table, else from its moves (then stored).
    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        pos: &Position,
        hash: u64,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        quiet: u16,
    ) -> i32 {
        if depth <= 0 {
            return self.quiesce(pos, hash, alpha, beta, ply, quiet);
        }
        let node = Node {
            pos,
            hash,
            depth,
            ply,
            quiet,
        };
        if let Some(score) = self.settled(&node) {
            return score;
        }
        if let Some(score) = self.probe_endgame(pos, ply, quiet) {
            return score;
        }
        let tt_move = match self.probe(&node, alpha, beta) {
            ControlFlow::Break(score) => return score,
            ControlFlow::Continue(tt_move) => tt_move,
        };
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        self.generate_ordered(&node, tt_move, &mut moves);
        if moves.is_empty() {
            self.buffers[ply] = moves;
            return -(MATE - ply as i32);
        }
        let (best_score, best_move) = self.search_moves(&node, &mut moves, alpha, beta);
        self.buffers[ply] = moves;
        if self.stopped {
            return 0;
        }
        self.store(&node, best_score, best_move, alpha, beta);
        best_score
    }

    /// The score of a node known before looking at its moves: 0 once the budget is spent (the
    /// result is then not used) or when the draw rules apply, the evaluation at the deepest ply.
    fn settled(&mut self, node: &Node<'_>) -> Option<i32> {
        if !self.tick() {
            return Some(0);
        }
        // A side without moves loses at once, so a repeated position always has moves: the
        // draw rules can be checked first.
        if node.quiet >= NO_PROGRESS_LIMIT || self.repeated(node.hash, node.quiet) {
            return Some(if node.pos.turn() == self.root_turn {
                -self.style.contempt
            } else {
                self.style.contempt
            });
        }
        if node.ply >= MAX_PLY - 1 {
            return Some(self.judge(node.pos, node.hash));
        }
        None
    }

    /// Looks the node up in the transposition table: `Break` with a stored score deep and
    /// tight enough to use, else `Continue` with the stored best move to try first.
    fn probe(&self, node: &Node<'_>, alpha: i32, beta: i32) -> ControlFlow<i32, Option<MoveKey>> {
        let entry = self.table.probe(node.hash);
        if let Some(e) = entry
            && e.depth >= node.depth
        {
            let s = score_from_table(e.score, node.ply);
            let usable = match e.bound {
                Bound::Exact => true,
                Bound::Lower => s >= beta,
                Bound::Upper => s <= alpha,
            };
            if usable {
                return ControlFlow::Break(s);
            }
        }
        ControlFlow::Continue(entry.and_then(|e| e.best))
    }

    /// Fills `moves` with the node's legal moves, each scored for ordering.
    fn generate_ordered(&self, node: &Node<'_>, tt_move: Option<MoveKey>, moves: &mut Vec<Scored>) {
        generate(node.pos, self.rules, moves);
        for s in moves {
            s.score = self.order_score(node.pos, &s.mv, tt_move, node.ply);
        }
    }

    /// Searches the moves best first within `alpha..beta`: the best score and the move that
    /// gave it. Stops at a cut-off (remembering a quiet move that caused it) or when the budget
    /// runs out.
    fn search_moves(
        &mut self,
        node: &Node<'_>,
        moves: &mut [Scored],
        mut alpha: i32,
        beta: i32,
    ) -> (i32, Option<Move>) {
        // A forced reply costs no depth, within reason.
        let within_reason = (node.ply as i32) < 2 * self.root_depth;
        let extend = self.style.shape.extend_forced && moves.len() == 1 && within_reason;
        let new_depth = if extend { node.depth } else { node.depth - 1 };
        let threats = self.style.shape.extend_crowning_threat && within_reason;
        let mut best_score = -INF;
        let mut best_move: Option<Move> = None;
        self.line.push(node.hash);
        for i in 0..moves.len() {
            let m = pick_next(moves, i);
            let depth = if threats && threatens_crowning(node.pos, &m) {
                node.depth
            } else {
                new_depth
            };
            let score = self.search_child(node, &m, i, depth, alpha, beta);
            if self.stopped {
                break;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        if !m.is_capture() {
                            self.reward(node.pos.turn(), &m, node.depth, node.ply);
                        }
                        break;
                    }
                }
            }
        }
        self.line.pop();
        (best_score, best_move)
    }

    /// The score, from this side, of the child after `m`, the `i`th move in order: the first
    /// with the whole window, the others with a null window first (late quiet moves also less
    /// deeply), searched again only if they might be better.
    fn search_child(
        &mut self,
        node: &Node<'_>,
        m: &Move,
        i: usize,
        new_depth: i32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let child = node.pos.play_unchecked(m);
        let child_hash = zobrist::after(node.pos, node.hash, m);
        let child_quiet = next_quiet(node.pos, m, node.quiet);
        let ply = node.ply + 1;
        // The child searched with a window and depth, seen from this side.
        let child_score = |this: &mut Self, depth: i32, lo: i32, hi: i32| {
            -this.search(&child, child_hash, depth, -hi, -lo, ply, child_quiet)
        };
        if i == 0 {
            return child_score(self, new_depth, alpha, beta);
        }
        // Late quiet moves are rarely best: look at them less deeply first.
        let late = node.depth >= 3
            && i >= 3
            && !m.is_capture()
            && !m.promotes()
            && !self.is_killer(m, node.ply);
        let reduce = if late {
            let shape = self.style.shape;
            let plies = if node.depth >= DEEP {
                shape.deep_reduction
            } else {
                shape.reduction
            };
            i32::from(plies).min(new_depth - 1)
        } else {
            0
        };
        let mut s = child_score(self, new_depth - reduce, alpha, alpha + 1);
        if s > alpha && reduce > 0 && !self.stopped {
            s = child_score(self, new_depth, alpha, alpha + 1);
        }
        if s > alpha && s < beta && !self.stopped {
            s = child_score(self, new_depth, alpha, beta);
        }
        s
    }

    /// Stores a finished node's result; `alpha..beta` is the window it was searched with.
    fn store(
        &mut self,
        node: &Node<'_>,
        best_score: i32,
        best_move: Option<Move>,
        alpha: i32,
        beta: i32,
    ) {
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table.store(Entry {
            key: node.hash,
            generation: 0,
            best: best_move.as_ref().map(MoveKey::of),
            score: score_to_table(best_score, node.ply),
            depth: node.depth,
            bound,
        });
    }

    /// Plays out pending captures; a position without one is judged as it stands (or known
    /// from the endgame tables).
    fn quiesce(
        &mut self,
        pos: &Position,
        hash: u64,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        quiet: u16,
    ) -> i32 {
        if !self.tick() {
            return 0;
        }
        if let Some(score) = self.probe_endgame(pos, ply, quiet) {
            return score;
        }
        if ply >= MAX_PLY - 1 {
            return self.judge(pos, hash);
        }
        if !pos.has_capture() {
            if pos.count_legal_moves_under(self.rules) == 0 {
                return -(MATE - ply as i32);
            }
            return self.judge(pos, hash);
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        generate(pos, self.rules, &mut moves);
        for s in &mut moves {
            s.score = capture_order(pos, &s.mv);
        }
        let mut best = -INF;
        for i in 0..moves.len() {
            let m = pick_next(&mut moves, i);
            let child = pos.play_unchecked(&m);
            let child_hash = zobrist::after(pos, hash, &m);
            // A capture: the no-progress count starts again.
            let score = -self.quiesce(&child, child_hash, -beta, -alpha, ply + 1, 0);
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = moves;
        best
    }

    /// The exact score of a position in the endgame tables, `ply` plies from the root with
    /// `quiet` plies without progress behind it: a draw, or a win or loss the no-progress rule
    /// cannot turn into a draw.
    fn probe_endgame(&self, pos: &Position, ply: usize, quiet: u16) -> Option<i32> {
        let probe = self.endgames?.probe(pos)?;
        if !probe.is_certain(quiet) {
            return None;
        }
        let to_end = ply as i32 + probe.plies as i32;
        Some(match probe.wdl {
            Wdl::Win => MATE - to_end,
            Wdl::Loss => -(MATE - to_end),
            Wdl::Draw => 0,
        })
    }

    /// The move at a root the endgame tables know to be won or lost: the quickest win, or the
    /// slowest loss (ties go to the first in move order). `None` for a draw, which the search
    /// plays (its drawing moves score exactly 0, its losing ones as losses), or a position
    /// outside the tables.
    fn table_root(
        &mut self,
        root: &Position,
        quiet: u16,
        moves: &[Scored],
    ) -> Option<(Move, SearchInfo)> {
        let tables = self.endgames?;
        if !self.excluded.is_empty() {
            // The tables' best move may be one left out: search the others instead.
            return None;
        }
        let probe = tables.probe(root)?;
        if probe.wdl == Wdl::Draw || !probe.is_certain(quiet) {
            return None;
        }
        let (best, _) = tables.best_move_among(root, moves.iter().map(|s| s.mv))?;
        self.nodes += moves.len() as u64;
        let mut pv = vec![best];
        let mut pos = root.play_unchecked(&best);
        while pv.len() < 32 {
            let Some((next, _)) = tables.best_move(&pos) else {
                break;
            };
            pv.push(next);
            pos = pos.play_unchecked(&next);
        }
        let info = SearchInfo {
            depth: 1,
            score: probe.score(),
            nodes: self.nodes,
            pv,
        };
        Some((best, info))
    }

    /// The static evaluation, plus this level's consistent misjudgement.
    fn judge(&self, pos: &Position, hash: u64) -> i32 {
        let noise = self.style.noise;
        let offset = if noise > 0 {
            let span = 2 * noise as u64 + 1;
            (mix(hash ^ self.style.seed) % span) as i32 - noise
        } else {
            0
        };
        evaluate(pos) + offset
    }

    /// Counts a node; `false` once the budget is spent.
    fn tick(&mut self) -> bool {
        if self.stopped {
            return false;
        }
        if self.nodes >= self.node_limit {
            self.stopped = true;
            return false;
        }
        self.nodes += 1;
        // Reading the clock is cheap but not free: every 1024 nodes is well under a millisecond.
        if self.nodes.is_multiple_of(1024)
            && let Some(deadline) = self.deadline
            && Instant::now() >= deadline
        {
            self.stopped = true;
            return false;
        }
        true
    }

    /// Whether the position with `hash` already occurred since the last irreversible move.
    /// One earlier occurrence is scored as a draw: repeating is how a side would force one.
    fn repeated(&self, hash: u64, quiet: u16) -> bool {
        let n = self.line.len();
        let reach = usize::from(quiet).min(n);
        // Same side to move: an even number of plies back.
        (4..=reach)
            .step_by(2)
            .any(|back| self.line[n - back] == hash)
    }

    fn order_score(&self, pos: &Position, m: &Move, tt_move: Option<MoveKey>, ply: usize) -> i32 {
        if tt_move.is_some_and(|k| k.matches(m)) {
            return 1 << 30;
        }
        if m.is_capture() {
            return (1 << 28) + capture_order(pos, m);
        }
        if m.promotes() {
            return 1 << 27;
        }
        let killers = &self.killers[ply];
        if killers[0].is_some_and(|k| k.matches(m)) {
            return 1 << 26;
        }
        if killers[1].is_some_and(|k| k.matches(m)) {
            return 1 << 25;
        }
        self.history[history_index(pos.turn(), m)]
    }

    fn is_killer(&self, m: &Move, ply: usize) -> bool {
        self.killers[ply].iter().flatten().any(|k| k.matches(m))
    }

    /// A quiet move caused a cut-off: remember it as a killer at this ply and in the history.
    fn reward(&mut self, turn: Color, m: &Move, depth: i32, ply: usize) {
        let key = MoveKey::of(m);
        let killers = &mut self.killers[ply];
        if killers[0] != Some(key) {
            killers[1] = killers[0];
            killers[0] = Some(key);
        }
        let slot = &mut self.history[history_index(turn, m)];
        *slot += depth * depth;
        if *slot > 1 << 20 {
            // Keep history below the killer and capture bands; halving keeps the ranking.
            for h in &mut self.history {
                *h /= 2;
            }
        }
    }

    /// The best line from the root, following the table after the chosen move.
    fn principal_variation(
        &self,
        root: &Position,
        hash: u64,
        first: Move,
        max_len: usize,
    ) -> Vec<Move> {
        let mut pv = vec![first];
        let mut seen = vec![hash];
        let mut pos = root.play_unchecked(&first);
        let mut h = zobrist::after(root, hash, &first);
        while pv.len() < max_len.max(1) && !seen.contains(&h) {
            seen.push(h);
            let Some(key) = self.table.probe(h).and_then(|e| e.best) else {
                break;
            };
            let Some(m) = pos
                .legal_moves_under(self.rules)
                .iter()
                .copied()
                .find(|m| key.matches(m))
            else {
                break;
            };
            pv.push(m);
            h = zobrist::after(&pos, h, &m);
            pos = pos.play_unchecked(&m);
        }
        pv
    }
}

impl fmt::Debug for Search<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Search")
            .field("nodes", &self.nodes)
            .field("stopped", &self.stopped)
            .finish_non_exhaustive()
    }
}

/// Fills `out` with the legal moves of `pos` under `rules`. Kept out of line so the rules
/// crate's large move list lives only in this short frame, not in every frame of the recursive
/// search.
#[inline(never)]
fn generate(pos: &Position, rules: Rules, out: &mut Vec<Scored>) {
    out.clear();
    out.extend(
        pos.legal_moves_under(rules)
            .iter()
            .map(|&mv| Scored { mv, score: 0 }),
    );
}

/// Swaps the best-scored of the remaining moves into place `i` and returns it: sorting lazily
/// wastes nothing when an early move cuts off.
fn pick_next(moves: &mut [Scored], i: usize) -> Move {
    let mut best = i;
    for j in i + 1..moves.len() {
        if moves[j].score > moves[best].score {
            best = j;
        }
    }
    moves.swap(i, best);
    moves[i].mv
}

/// Among captures (all of the same, maximal size): taking kings and crowning come first.
fn capture_order(pos: &Position, m: &Move) -> i32 {
    let kings = (m.captured() & pos.board().kings()).count() as i32;
    16 * kings + 8 * i32::from(m.promotes())
}

fn history_index(turn: Color, m: &Move) -> usize {
    (turn as usize) * 4096 + usize::from(m.from().index()) * 64 + usize::from(m.to().index())
}

/// Whether `m` is a man's plain step onto the row before its crowning row.
fn threatens_crowning(pos: &Position, m: &Move) -> bool {
    let Some(piece) = pos.piece_at(m.from()) else {
        return false;
    };
    let crowning = piece.color.promotion_rank();
    piece.role == Role::Man
        && !m.is_capture()
        && m.to().rank().abs_diff(crowning) == 1
        && m.from().rank().abs_diff(crowning) != 1
}

/// The no-progress counter after `m`.
fn next_quiet(pos: &Position, m: &Move, quiet: u16) -> u16 {
    if pos.is_progress(m) { 0 } else { quiet + 1 }
}

/// Forced-result scores are stored relative to the node, so they stay right when the same
/// position is met at another distance from the root.
fn score_to_table(s: i32, ply: usize) -> i32 {
    if s > MATE_BOUND {
        s + ply as i32
    } else if s < -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

fn score_from_table(s: i32, ply: usize) -> i32 {
    if s > MATE_BOUND {
        s - ply as i32
    } else if s < -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use dama_rules::notation;

    use super::*;

    fn threatens(text: &str, mv: &str) -> bool {
        let pos: Position = text.parse().unwrap();
        threatens_crowning(&pos, &notation::resolve_str(&pos, mv).unwrap())
    }

    #[test]
    fn a_mans_step_to_the_row_before_crowning_is_a_threat() {
        assert!(!threatens("8/8/8/3w4/8/8/8/B7 w", "d5-d6"));
        assert!(threatens("8/8/3w4/8/8/8/8/B7 w", "d6-d7"));
        assert!(threatens("8/8/8/8/8/3b4/8/W7 b", "d3-d2"));
        // Sideways along that row, a king's move there, and a step onto it from the side.
        assert!(!threatens("8/3w4/8/8/8/8/8/B7 w", "d7-e7"));
        assert!(!threatens("8/8/3W4/8/8/8/8/B7 w", "d6-d7"));
        assert!(!threatens("8/8/3w4/8/8/8/8/B7 w", "d6-e6"));
    }

    #[test]
    fn shapes_parse_and_print_each_part() {
        for text in [
            "r0",
            "r2+threat",
            "r1+noforced",
            "r3+noforced+threat",
            "r1+d2",
        ] {
            let shape: SearchShape = text.parse().unwrap();
            assert_eq!(shape.to_string(), text);
        }
        let err = "r1+fast".parse::<SearchShape>().unwrap_err().to_string();
        assert!(err.contains("\"r1+fast\""), "{err}");
        assert!("r4".parse::<SearchShape>().is_err());
        let deep: SearchShape = "d3".parse().unwrap();
        assert_eq!((deep.reduction, deep.deep_reduction), (1, 3));
        assert!("d".parse::<SearchShape>().is_err());
    }
}
