//! Learning the evaluation from games ("Texel" tuning): self-play that writes quiet positions
//! labelled with the game's result, and the logistic fit of the evaluation's weights to them.
//! The `dama-tune` binary is the command line over this module; `eval/weights.rs` is its
//! output.
//!
//! ```
//! use dama_engine::texel::Sample;
//!
//! // Black won; Black is to move.
//! let sample = Sample::parse("8/bbbbbbbb/bbbbbbbb/8/8/wwwwwwww/wwwwwwww/8 b 0").unwrap();
//! assert_eq!(sample.result, 1.0);
//! assert!(Sample::parse("8/8 w 2").is_none());
//! ```

use std::{
    collections::BTreeMap,
    sync::{
        Arc, Mutex,
        atomic::{AtomicUsize, Ordering},
    },
};

use dama_rules::{Color, DrawReason, Game, Outcome, Position, Rules};

use crate::{
    Budget, Decision, Engine, EngineConfig,
    eval::{self, FEATURES, Features},
    rng::{SplitMix64, mix},
    tables::{Tables, Wdl},
};

/// How to generate training positions.
#[derive(Debug, Clone)]
pub struct SelfPlay {
    /// Games to play.
    pub games: usize,
    /// Fixes every opening.
    pub seed: u64,
    /// Nodes a move for the engine.
    pub nodes: u64,
    /// Games played at once.
    pub threads: usize,
    /// Endgame tables: endings they know are scored from them at once.
    pub tables: Option<Arc<Tables>>,
}

/// What the generated games came to.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SelfPlayStats {
    /// Games played.
    pub games: usize,
    /// Won by White.
    pub white: usize,
    /// Drawn.
    pub draws: usize,
    /// Won by Black.
    pub black: usize,
}

/// Finished games waiting for the ones before them, the next game to write, the tally.
type Pending = (BTreeMap<usize, (Vec<String>, f32)>, usize, SelfPlayStats);

/// Plays `config.games` games and passes each game's lines (`POSITION RESULT`) to `out`, in
/// the order of the games whatever the number of threads.
pub fn self_play(config: &SelfPlay, mut out: impl FnMut(usize, &[String]) + Send) -> SelfPlayStats {
    let next = AtomicUsize::new(0);
    // Finished games waiting for the ones before them, and the next game to hand out.
    let pending: Mutex<Pending> = Mutex::new((BTreeMap::new(), 0, SelfPlayStats::default()));
    let out = Mutex::new(&mut out);
    std::thread::scope(|scope| {
        for _ in 0..config.threads.max(1) {
            scope.spawn(|| {
                let engine_config = EngineConfig::default();
                let mut engine = match &config.tables {
                    Some(t) => Engine::with_tables(engine_config, Arc::clone(t)),
                    None => Engine::new(engine_config),
                };
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= config.games {
                        break;
                    }
                    let played = play_one(&mut engine, config, i);
                    let Ok(mut guard) = pending.lock() else { break };
                    let (waiting, next_out, stats) = &mut *guard;
                    waiting.insert(i, played);
                    while let Some((lines, result)) = waiting.remove(next_out) {
                        stats.games += 1;
                        if result == 1.0 {
                            stats.white += 1;
                        } else if result == 0.0 {
                            stats.black += 1;
                        } else {
                            stats.draws += 1;
                        }
                        if let Ok(mut out) = out.lock() {
                            out(*next_out, &lines);
                        }
                        *next_out += 1;
                    }
                }
            });
        }
    });
    pending.into_inner().map(|p| p.2).unwrap_or_default()
}

/// `count` random quiet positions of three or four pieces with at least one king, labelled
/// with the tables' result for White (`POSITION RESULT` lines like [`self_play`]'s): exact
/// labels for the thin endings that self-play reaches too rarely to learn them from.
#[must_use]
pub fn table_positions(tables: &Tables, count: usize, seed: u64) -> Vec<String> {
    use dama_rules::{Board, Piece, Role, Setup, Square};
    let mut rng = SplitMix64::new(mix(seed));
    let mut lines = Vec::with_capacity(count);
    let max = tables.max_pieces().clamp(3, 4) as usize;
    while lines.len() < count {
        let pieces = 3 + rng.below(max - 2);
        let mut board = Board::empty();
        let mut kings = 0;
        for _ in 0..pieces {
            let color = if rng.below(2) == 0 {
                Color::White
            } else {
                Color::Black
            };
            let role = if rng.below(3) == 0 {
                Role::King
            } else {
                Role::Man
            };
            loop {
                let sq = Square::new(rng.below(64) as u8).unwrap_or(Square::A1);
                // Men stand on their second to seventh ranks.
                let rel_rank = match color {
                    Color::White => sq.rank(),
                    Color::Black => 7 - sq.rank(),
                };
                if board.piece_at(sq).is_none()
                    && (role == Role::King || (1..=6).contains(&rel_rank))
                {
                    board.set_piece_at(sq, Some(Piece { color, role }));
                    break;
                }
            }
            kings += usize::from(role == Role::King);
        }
        let turn = if rng.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        let Ok(pos) = Position::from_setup(Setup { board, turn }) else {
            continue;
        };
        let both =
            pos.board().by_color(Color::White).any() && pos.board().by_color(Color::Black).any();
        if kings == 0
            || !both
            || pos.has_capture()
            || pos.legal_moves_under(Rules::STANDARD).is_empty()
        {
            continue;
        }
        let Some(probe) = tables.probe(&pos) else {
            continue;
        };
        let result = match (probe.wdl, turn) {
            (Wdl::Draw, _) => 0.5,
            (Wdl::Win, Color::White) | (Wdl::Loss, Color::Black) => 1.0,
            _ => 0.0,
        };
        lines.push(format!("{pos} {}", result_text(result)));
    }
    lines
}

/// One game: its lines and White's result.
fn play_one(engine: &mut Engine, config: &SelfPlay, i: usize) -> (Vec<String>, f32) {
    let mut rng = SplitMix64::new(mix(config.seed ^ mix(i as u64 + 1)));
    let mut pos = Position::start();
    for _ in 0..4 + rng.below(8) {
        let moves = pos.legal_moves_under(Rules::STANDARD);
        if moves.is_empty() {
            break;
        }
        pos = pos.play_unchecked(&moves[rng.below(moves.len())]);
    }
    engine.new_game();
    let mut game = Game::from_position(pos);
    let budget = Budget::nodes(config.nodes);
    let mut positions = Vec::new();
    let result = loop {
        if let Some(outcome) = game.outcome() {
            break match outcome.winner() {
                Some(Color::White) => 1.0,
                Some(Color::Black) => 0.0,
                None => 0.5,
            };
        }
        if let Some(probe) = engine.table_verdict(&game) {
            let white_to_move = game.turn() == Color::White;
            break match (probe.wdl, white_to_move) {
                (Wdl::Draw, _) => 0.5,
                (Wdl::Win, true) | (Wdl::Loss, false) => 1.0,
                _ => 0.0,
            };
        }
        let known = engine
            .tables()
            .is_some_and(|t| game.position().board().occupied().count() <= t.max_pieces());
        if !game.position().has_capture() && !known {
            positions.push(*game.position());
        }
        let turn = game.turn();
        match engine.choose(&game, budget) {
            Ok(Decision::Play { mv, offer_draw, .. }) => {
                if game.play(&mv).is_err() {
                    break 0.5;
                }
                if offer_draw
                    && game.outcome().is_none()
                    && engine
                        .accepts_draw(&game, turn.opposite(), budget)
                        .unwrap_or(false)
                {
                    let _ = game.end(Outcome::Draw(DrawReason::Agreement));
                }
            }
            Ok(Decision::Resign { .. }) => {
                let _ = game.resign(turn);
            }
            Err(_) => break 0.5,
        }
    };
    let lines = positions
        .iter()
        .map(|p| format!("{p} {}", result_text(result)))
        .collect();
    (lines, result)
}

fn result_text(result: f32) -> &'static str {
    if result == 1.0 {
        "1"
    } else if result == 0.0 {
        "0"
    } else {
        "0.5"
    }
}

/// A training position: its features and the game's result, both for the side to move.
#[derive(Debug, Clone)]
pub struct Sample {
    /// The evaluation's features of the position, for the side to move.
    pub features: Features,
    /// The number of pieces on the board (for the phase).
    pub pieces: u8,
    /// 1 when the side to move won, 0.5 for a draw, 0 when it lost.
    pub result: f32,
}

impl Sample {
    /// Reads a `POSITION RESULT` line written by [`self_play`] (the result for White).
    #[must_use]
    pub fn parse(line: &str) -> Option<Sample> {
        let (text, result) = line.trim().rsplit_once(' ')?;
        let result: f32 = result.parse().ok()?;
        if !(0.0..=1.0).contains(&result) {
            return None;
        }
        let pos: Position = text.parse().ok()?;
        Some(Sample {
            features: eval::features(&pos),
            pieces: pos.board().occupied().count() as u8,
            result: match pos.turn() {
                Color::White => result,
                Color::Black => 1.0 - result,
            },
        })
    }
}

/// The result of [`tune`].
#[derive(Debug, Clone)]
pub struct TuneReport {
    /// Positions used.
    pub positions: usize,
    /// The fitted scale: a score of `s` hundredths of a man predicts `sigmoid(k · s)`.
    pub k: f64,
    /// The mean squared error with the weights before tuning.
    pub error_before: f64,
    /// The mean squared error with the tuned (rounded) weights.
    pub error_after: f64,
    /// Tuned middlegame weights.
    pub middlegame: [i32; FEATURES],
    /// Tuned endgame weights.
    pub endgame: [i32; FEATURES],
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The mean squared error of `sigmoid(k · eval)` against the results.
fn error_of(samples: &[Sample], k: f64, mg: &[f64; FEATURES], eg: &[f64; FEATURES]) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let e = sigmoid(k * eval_f(s, mg, eg)) - f64::from(s.result);
            e * e
        })
        .sum();
    sum / samples.len().max(1) as f64
}

fn phase(s: &Sample) -> f64 {
    f64::from(i32::from(s.pieces).min(eval::PHASE_PIECES)) / f64::from(eval::PHASE_PIECES)
}

fn eval_f(s: &Sample, mg: &[f64; FEATURES], eg: &[f64; FEATURES]) -> f64 {
    let p = phase(s);
    let mut sum = 0.0;
    for i in 0..FEATURES {
        sum += f64::from(s.features[i]) * (mg[i] * p + eg[i] * (1.0 - p));
    }
    sum
}

fn to_f64(w: &[i32; FEATURES]) -> [f64; FEATURES] {
    w.map(f64::from)
}

/// Where tuning starts, so that it gives the same weights whatever `weights.rs` holds now: the
/// former hand-written evaluation mapped onto the features (material, advancement, files,
/// king mobility, formation, runaway men; the other features at 0).
const START_MIDDLEGAME: [i32; FEATURES] = [
    110, 330, 0, 4, 9, 15, 24, 1, 3, 5, 2, 3, 3, 80, 10, 8, 0, 0, 0, 0, 0, 0,
];
const START_ENDGAME: [i32; FEATURES] = [
    140, 420, 0, 4, 9, 15, 24, 1, 3, 5, 2, 3, 3, 80, 10, 8, 0, 0, 0, 0, 0, 0,
];

/// Fits the scale K with the starting weights (the former hand-written evaluation), then the
/// weights with K fixed (Adam on the mean squared error, the whole set each iteration), calling
/// `progress` with each iteration's error.
pub fn tune(
    samples: &[Sample],
    iterations: usize,
    mut progress: impl FnMut(usize, f64),
) -> TuneReport {
    let (mg0, eg0) = (to_f64(&START_MIDDLEGAME), to_f64(&START_ENDGAME));
    // K by golden-section search: the error is unimodal in it.
    let (mut lo, mut hi) = (0.0005f64, 0.05f64);
    let golden = 0.618_033_988_75;
    for _ in 0..60 {
        let a = hi - golden * (hi - lo);
        let b = lo + golden * (hi - lo);
        if error_of(samples, a, &mg0, &eg0) < error_of(samples, b, &mg0, &eg0) {
            hi = b;
        } else {
            lo = a;
        }
    }
    let k = (lo + hi) / 2.0;
    let error_before = error_of(samples, k, &mg0, &eg0);
    let (mut mg, mut eg) = (mg0, eg0);
    let n = 2 * FEATURES;
    let (mut m, mut v) = (vec![0.0f64; n], vec![0.0f64; n]);
    let (beta1, beta2, rate) = (0.9f64, 0.999f64, 1.0f64);
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(2);
    for it in 1..=iterations {
        let chunk = samples.len().div_ceil(threads).max(1);
        let parts: Vec<(Vec<f64>, f64)> = std::thread::scope(|scope| {
            let handles: Vec<_> = samples
                .chunks(chunk)
                .map(|part| {
                    let (mg, eg) = (&mg, &eg);
                    scope.spawn(move || {
                        let mut grad = vec![0.0f64; n];
                        let mut err = 0.0;
                        for s in part {
                            let p = phase(s);
                            let y = sigmoid(k * eval_f(s, mg, eg));
                            let diff = y - f64::from(s.result);
                            err += diff * diff;
                            let d = 2.0 * diff * y * (1.0 - y) * k;
                            for i in 0..FEATURES {
                                let f = f64::from(s.features[i]);
                                if f != 0.0 {
                                    grad[i] += d * f * p;
                                    grad[FEATURES + i] += d * f * (1.0 - p);
                                }
                            }
                        }
                        (grad, err)
                    })
                })
                .collect();
            handles.into_iter().filter_map(|h| h.join().ok()).collect()
        });
        let mut grad = vec![0.0f64; n];
        let mut err = 0.0;
        for (g, e) in parts {
            for (a, b) in grad.iter_mut().zip(g) {
                *a += b;
            }
            err += e;
        }
        let count = samples.len().max(1) as f64;
        progress(it, err / count);
        for (i, g) in grad.iter().enumerate() {
            let g = g / count;
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            let mh = m[i] / (1.0 - beta1.powi(it as i32));
            let vh = v[i] / (1.0 - beta2.powi(it as i32));
            let step = rate * mh / (vh.sqrt() + 1e-12);
            if i < FEATURES {
                mg[i] -= step;
            } else {
                eg[i - FEATURES] -= step;
            }
        }
    }
    // Keep the unit: a man is worth 100 on average over the phases (the policy's thresholds,
    // the review's classes and the weak levels' misjudgement are all counted in it).
    let scale = 2.0 * f64::from(crate::MAN) / (mg[0] + eg[0]);
    let k = k / scale;
    let middlegame = mg.map(|w| (w * scale).round() as i32);
    let endgame = eg.map(|w| (w * scale).round() as i32);
    let error_after = error_of(samples, k, &to_f64(&middlegame), &to_f64(&endgame));
    TuneReport {
        positions: samples.len(),
        k,
        error_before,
        error_after,
        middlegame,
        endgame,
    }
}

/// `weights.rs` for `report`, with a header saying how it was made.
#[must_use]
pub fn weights_source(report: &TuneReport, command: &str) -> String {
    let mut s = String::new();
    s.push_str("//! The evaluation's weights, in feature order ([`super::FEATURE_NAMES`]).\n//!\n");
    s.push_str("//! Generated by `dama-tune tune`; do not edit by hand. Made with:\n//!\n");
    s.push_str(&format!("//! ```text\n//! {command}\n//! ```\n//!\n"));
    s.push_str(
        "//! The data files come from `dama-tune gen` and `dama-tune endings`, with the commands\n//! given in engine/STRENGTH.md (\"The evaluation\").\n//!\n",
    );
    s.push_str(&format!(
        "//! {} quiet positions; K = {:.6} (a score of s predicts the result sigmoid(K·s));\n",
        report.positions, report.k
    ));
    s.push_str(&format!(
        "//! mean squared error {:.6} with the weights before, {:.6} after.\n\n",
        report.error_before, report.error_after
    ));
    for (name, doc, w) in [
        (
            "MIDDLEGAME",
            "Weights with [`super::PHASE_PIECES`] or more pieces on the board.",
            &report.middlegame,
        ),
        (
            "ENDGAME",
            "Weights with no pieces on the board (blended in as pieces come off).",
            &report.endgame,
        ),
    ] {
        s.push_str(&format!(
            "/// {doc}\n#[rustfmt::skip]\npub(crate) const {name}: [i32; super::FEATURES] = [\n"
        ));
        for (i, x) in w.iter().enumerate() {
            s.push_str(&format!("    {x}, // {}\n", eval::FEATURE_NAMES[i]));
        }
        s.push_str("];\n\n");
    }
    s.pop();
    s
}
