//! The line protocol of the `dama-engine` binary, for GUIs, tournament managers and referees.
//!
//! One command per line on standard input; answers on standard output, one per line. Words are
//! separated by spaces. Unknown or malformed commands are answered with a single
//! `error <reason>` line and change nothing; the engine never exits on bad input.
//!
//! | command | effect | answer |
//! |---|---|---|
//! | `position POSITION` | set the start position: position text (docs/rules.md#position-text) (`8/bbbbbbbb/bbbbbbbb/8/8/wwwwwwww/wwwwwwww/8 w`) or `startpos`; clears the moves | none |
//! | `moves M1 M2 …` | the moves played from that position, replacing earlier ones (algebraic `d3-d4`, `d4xd6xf6`, numeric `44-36`, or `fromxto` when unambiguous); they give the game history, so repetition and the no-progress rule are known | none |
//! | `go depth N` / `go nodes N` / `go movetime MS` | search the current position; limits can be combined (`go depth 8 nodes 100000`); plain `go` uses the level's own budget | `info` lines, then `bestmove` |
//! | `rules NAME` | the rule set: `standard` (docs/rules.md, the default), `federation` (a man reaching the far rank mid-capture finishes it as a man), `strict` or `federation-strict` (a missed capture loses); keeps the start position, clears the moves | none |
//! | `level N` | play at level 1–5 (default 5): sets the style, and the budget of a plain `go` | none |
//! | `seed N` | seed for the levels' pseudo-random judgement (default 0) | none |
//! | `isready` | synchronise | `readyok` |
//! | `quit` | exit | none |
//!
//! After each completed iteration a search prints
//! `info depth D score SCORE nodes N pv M1 M2 …`, where `SCORE` is `cp V` (hundredths of a man,
//! for the side to move), `win P` or `loss P` (a forced result in P plies). It ends with exactly
//! one `bestmove M` (algebraic, full path), or `bestmove none` after an `info string` line when
//! the game is already over. A search runs to its end before the next command is read.
//!
//! ```
//! use dama_engine::protocol::{Control, Session};
//!
//! let mut session = Session::new();
//! let mut out = Vec::new();
//! for line in ["position startpos", "moves d3-d4 e6-e5", "go depth 3", "isready", "bogus"] {
//!     session.handle(line, &mut |reply| out.push(reply.to_owned()));
//! }
//! assert!(out.iter().any(|l| l.starts_with("info depth 3 score cp ")));
//! assert!(out.iter().any(|l| l.starts_with("bestmove ")));
//! assert_eq!(out[out.len() - 2], "readyok");
//! assert!(out[out.len() - 1].starts_with("error"));
//! assert_eq!(session.handle("quit", &mut |_| {}), Control::Quit);
//! ```

use std::{fmt::Write as _, time::Duration};

use dama_rules::{
    Game, GameError, ParseRulesError, Position, PositionError, Rules,
    notation::{self, Resolved},
};

use crate::{Budget, Engine, EngineConfig, Level, LevelError, MAX_DEPTH, SearchInfo};

/// Whether to keep reading commands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Control {
    /// Read the next command.
    Continue,
    /// `quit` was received.
    Quit,
}

/// Why a command was refused; its `Display` is what follows `error ` on the reply line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProtocolError {
    /// The first word is no command.
    #[error("unknown command {0:?}")]
    UnknownCommand(String),
    /// `position` without a position.
    #[error(
        "position needs a position: startpos or text like 8/bbbbbbbb/bbbbbbbb/8/8/wwwwwwww/wwwwwwww/8 w"
    )]
    MissingPosition,
    /// The position text is not a legal position.
    #[error("bad position: {0}")]
    Position(#[from] PositionError),
    /// A move in `moves` names no legal move.
    #[error("move {index} ({text}): {reason}")]
    Move {
        /// 1-based place in the list.
        index: usize,
        /// The move as sent.
        text: String,
        /// Why it was refused.
        reason: String,
    },
    /// A `go` limit is not one of `depth`, `nodes`, `movetime`.
    #[error("unknown go limit {0:?}: use depth N, nodes N or movetime MS")]
    UnknownLimit(String),
    /// A number is missing, malformed or out of range.
    #[error("{what} needs a number from {min} to {max}, got {got:?}")]
    Number {
        /// What the number is for.
        what: &'static str,
        /// The smallest accepted value.
        min: u64,
        /// The largest accepted value.
        max: u64,
        /// What was sent (empty when missing).
        got: String,
    },
    /// `level` with a bad level.
    #[error(transparent)]
    Level(#[from] LevelError),
    /// `rules` with an unknown rule set.
    #[error(transparent)]
    Rules(#[from] ParseRulesError),
    /// A command got the wrong number of arguments.
    #[error("{command} takes {expected}")]
    Arguments {
        /// The command.
        command: &'static str,
        /// What it takes, in words.
        expected: &'static str,
    },
}

/// The protocol state: the engine, and the game that `position` and `moves` describe.
#[derive(Debug)]
pub struct Session {
    engine: Engine,
    game: Game,
}

impl Default for Session {
    fn default() -> Session {
        Session::new()
    }
}

impl Session {
    /// A session at level 5, seed 0, from the start position.
    #[must_use]
    pub fn new() -> Session {
        Session {
            engine: Engine::new(EngineConfig::default()),
            game: Game::new(),
        }
    }

    /// Handles one command line, passing each reply line to `out` as soon as it is ready.
    pub fn handle(&mut self, line: &str, out: &mut dyn FnMut(&str)) -> Control {
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else {
            return Control::Continue;
        };
        let args: Vec<&str> = words.collect();
        let result = match command {
            "quit" => return Control::Quit,
            "isready" => no_args("isready", &args).map(|()| out("readyok")),
            "position" => self.position(&args),
            "moves" => self.moves(&args),
            "go" => self.go(&args, out),
            "rules" => one_arg("rules", &args)
                .and_then(|s| Ok(s.parse::<Rules>()?))
                .map(|rules| self.game = Game::with_rules(*self.game.start(), rules)),
            "level" => one_arg("level", &args)
                .and_then(|s| Ok(s.parse::<Level>()?))
                .map(|level| self.engine.set_level(level)),
            "seed" => one_arg("seed", &args)
                .and_then(|s| number("seed", s, 0, u64::MAX))
                .map(|seed| self.engine.set_seed(seed)),
            other => Err(ProtocolError::UnknownCommand(other.to_owned())),
        };
        if let Err(e) = result {
            out(&format!("error {e}"));
        }
        Control::Continue
    }

    fn position(&mut self, args: &[&str]) -> Result<(), ProtocolError> {
        let pos = match args {
            [] => return Err(ProtocolError::MissingPosition),
            ["startpos"] => Position::start(),
            _ => args.join(" ").parse::<Position>()?,
        };
        self.game = Game::with_rules(pos, self.game.rules());
        Ok(())
    }

    /// Replays `args` from the start position; on any error the game stays as it was.
    fn moves(&mut self, args: &[&str]) -> Result<(), ProtocolError> {
        let mut game = Game::with_rules(*self.game.start(), self.game.rules());
        for (i, text) in args.iter().enumerate() {
            let refuse = |reason: String| ProtocolError::Move {
                index: i + 1,
                text: (*text).to_owned(),
                reason,
            };
            let resolved = notation::resolve_str_under(game.position(), text, game.rules())
                .map_err(|e| refuse(e.to_string()))?;
            // In strict mode a missed capture is played and ends the game.
            let played = match resolved {
                Resolved::Legal(m) => game.play(&m),
                Resolved::MissedCapture { played, available } => {
                    game.play_missed_capture(&played, &available)
                }
            };
            played.map_err(|e| match e {
                GameError::Over => refuse(format!(
                    "the game was already over ({})",
                    game.outcome().map(|o| o.describe()).unwrap_or_default()
                )),
                other => refuse(other.to_string()),
            })?;
        }
        self.game = game;
        Ok(())
    }

    fn go(&mut self, args: &[&str], out: &mut dyn FnMut(&str)) -> Result<(), ProtocolError> {
        let budget = parse_limits(args)?.unwrap_or_else(|| self.engine.config().level.budget());
        if let Some(outcome) = self.game.outcome() {
            out(&format!("info string game over: {}", outcome.describe()));
            out("bestmove none");
            return Ok(());
        }
        let searched = self
            .engine
            .analyse(&self.game, budget, |info| out(&info_line(info)));
        match searched.ok().and_then(|info| info.pv.first().copied()) {
            Some(m) => out(&format!("bestmove {m}")),
            None => out("bestmove none"),
        }
        Ok(())
    }
}

/// `None` for a plain `go`.
fn parse_limits(args: &[&str]) -> Result<Option<Budget>, ProtocolError> {
    if args.is_empty() {
        return Ok(None);
    }
    let mut budget = Budget::default();
    let mut rest = args;
    while let [kind, tail @ ..] = rest {
        let value = tail.first().copied().unwrap_or("");
        budget = match *kind {
            "depth" => budget.with_depth(number("depth", value, 1, u64::from(MAX_DEPTH))? as u32),
            "nodes" => budget.with_nodes(number("nodes", value, 1, u64::MAX)?),
            "movetime" => budget.with_time(Duration::from_millis(number(
                "movetime",
                value,
                1,
                24 * 3600 * 1000,
            )?)),
            other => return Err(ProtocolError::UnknownLimit(other.to_owned())),
        };
        rest = &tail[1..];
    }
    Ok(Some(budget))
}

fn number(what: &'static str, text: &str, min: u64, max: u64) -> Result<u64, ProtocolError> {
    text.parse::<u64>()
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| ProtocolError::Number {
            what,
            min,
            max,
            got: text.to_owned(),
        })
}

fn no_args(command: &'static str, args: &[&str]) -> Result<(), ProtocolError> {
    match args {
        [] => Ok(()),
        _ => Err(ProtocolError::Arguments {
            command,
            expected: "no arguments",
        }),
    }
}

fn one_arg<'a>(command: &'static str, args: &[&'a str]) -> Result<&'a str, ProtocolError> {
    match args {
        [one] => Ok(one),
        _ => Err(ProtocolError::Arguments {
            command,
            expected: "one argument",
        }),
    }
}

/// `info depth D score S nodes N pv M1 M2 …`
fn info_line(info: &SearchInfo) -> String {
    let mut line = format!(
        "info depth {} score {} nodes {} pv",
        info.depth, info.score, info.nodes
    );
    for m in &info.pv {
        let _ = write!(line, " {m}");
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(lines: &[&str]) -> Vec<String> {
        let mut session = Session::new();
        let mut out = Vec::new();
        for line in lines {
            session.handle(line, &mut |reply| out.push(reply.to_owned()));
        }
        out
    }

    #[test]
    fn malformed_commands_get_one_error_line_each() {
        let bad = [
            "fly",
            "go depth",
            "go depth 0",
            "go depth x",
            "go nodes -5",
            "go movetime",
            "go sideways 3",
            "level 9",
            "level",
            "seed many",
            "position",
            "position 8/8/8 w",
            "position 9/8/8/8/8/8/8/8 w",
            "moves d3-d9",
            "moves e6-e5",
            "isready now",
        ];
        for line in bad {
            let out = run(&[line]);
            assert_eq!(out.len(), 1, "{line:?} gave {out:?}");
            assert!(out[0].starts_with("error "), "{line:?} gave {out:?}");
        }
    }

    #[test]
    fn the_rules_command_sets_the_rule_set_the_search_uses() {
        let out = run(&[
            "position 6B1/b2b4/3w4/8/8/8/w7/8 w",
            "go depth 2",
            "rules federation",
            "go depth 2",
            "rules tudaf",
        ]);
        let best: Vec<&String> = out.iter().filter(|l| l.starts_with("bestmove")).collect();
        assert_eq!(best, ["bestmove d6xd8xh8", "bestmove d6xd8"]);
        assert!(
            out.last().unwrap().starts_with("error unknown rule set"),
            "{out:?}"
        );
        // Strict mode: a smaller capture ends the game, and the search says so.
        let out = run(&[
            "rules strict",
            "position 8/3b4/8/3b4/2bw4/8/8/8 w",
            "moves d4xb4",
            "go depth 2",
        ]);
        assert_eq!(
            out,
            [
                "info string game over: black wins: white missed a compulsory capture (d4xd6xd8 takes 2 pieces)",
                "bestmove none"
            ]
        );
    }

    #[test]
    fn a_bad_move_list_leaves_the_game_unchanged() {
        let out = run(&["moves d3-d4", "moves e3-e4 e3-e4", "go depth 1"]);
        assert!(out[0].starts_with("error move 2 (e3-e4)"), "{out:?}");
        // Black is to move after d3-d4, so Black's reply is searched.
        let best = out.last().unwrap().strip_prefix("bestmove ").unwrap();
        let pos: Position = "8/bbbbbbbb/bbbbbbbb/8/3w4/www1wwww/wwwwwwww/8 b"
            .parse()
            .unwrap();
        assert!(notation::resolve_str(&pos, best).is_ok(), "{best}");
    }

    #[test]
    fn a_search_prints_an_info_line_per_depth_then_one_bestmove() {
        let out = run(&["position startpos", "go depth 4"]);
        let depths: Vec<&str> = out
            .iter()
            .filter_map(|l| l.strip_prefix("info depth "))
            .map(|l| l.split(' ').next().unwrap())
            .collect();
        assert_eq!(depths, ["1", "2", "3", "4"]);
        assert_eq!(out.iter().filter(|l| l.starts_with("bestmove ")).count(), 1);
        assert!(out.last().unwrap().starts_with("bestmove "));
    }

    #[test]
    fn a_finished_game_answers_bestmove_none() {
        let out = run(&["position 8/8/8/8/8/8/8/B7 w", "go nodes 100"]);
        assert_eq!(out.len(), 2);
        assert!(out[0].starts_with("info string game over: black wins"));
        assert_eq!(out[1], "bestmove none");
    }

    #[test]
    fn the_node_limit_of_go_is_respected() {
        let out = run(&["go nodes 500"]);
        for line in out.iter().filter(|l| l.starts_with("info ")) {
            let nodes: u64 = line
                .split(' ')
                .skip_while(|w| *w != "nodes")
                .nth(1)
                .unwrap()
                .parse()
                .unwrap();
            assert!(nodes <= 500, "{line}");
        }
    }
}
