//! An engine in another process, spoken to over the line protocol of [`crate::protocol`]: a
//! fixed opponent for matches (for example an older build of this engine).

use std::{
    io::{self, BufRead, BufReader, Write},
    path::Path,
    process::{Child, ChildStdin, ChildStdout, Command, Stdio},
};

use dama_rules::{Game, Move, notation};

use crate::{Budget, Level, Score};

/// A running external engine.
#[derive(Debug)]
pub(crate) struct External {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    /// The score of its last search, for the side it moved (its own view).
    pub(crate) last_score: Option<Score>,
    /// The level it plays at.
    pub(crate) level: Level,
}

impl External {
    /// Starts the program at `path` at `level` and waits until it answers `isready`.
    pub(crate) fn spawn(path: &Path, level: Level) -> io::Result<External> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let input = child
            .stdin
            .take()
            .ok_or_else(|| io::Error::other("no stdin"))?;
        let output = BufReader::new(
            child
                .stdout
                .take()
                .ok_or_else(|| io::Error::other("no stdout"))?,
        );
        let mut engine = External {
            child,
            input,
            output,
            last_score: None,
            level,
        };
        engine.send(&format!("level {}", level.number()))?;
        engine.send("isready")?;
        engine.read_until(|line| line == "readyok")?;
        Ok(engine)
    }

    /// Starts a game with the engine's pseudo-random judgement (weak levels) fixed by `seed`.
    pub(crate) fn new_game(&mut self, seed: u64) -> io::Result<()> {
        self.last_score = None;
        self.send(&format!("seed {seed}"))?;
        self.send("isready")?;
        self.read_until(|line| line == "readyok").map(drop)
    }

    fn send(&mut self, line: &str) -> io::Result<()> {
        writeln!(self.input, "{line}")?;
        self.input.flush()
    }

    /// Reads lines until `done` accepts one; returns every line read, that one last.
    fn read_until(&mut self, done: impl Fn(&str) -> bool) -> io::Result<Vec<String>> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            if self.output.read_line(&mut line)? == 0 {
                return Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    "the external engine stopped",
                ));
            }
            let line = line.trim_end().to_owned();
            let finished = done(&line);
            lines.push(line);
            if finished {
                return Ok(lines);
            }
        }
    }

    /// The engine's move in `game` within `budget`, with the score of its last reported
    /// iteration.
    pub(crate) fn choose(
        &mut self,
        game: &Game,
        budget: Budget,
    ) -> io::Result<(Move, Option<Score>)> {
        self.send(&format!("position {}", game.start()))?;
        let mut moves = String::from("moves");
        for m in game.moves() {
            moves.push(' ');
            moves.push_str(&m.to_string());
        }
        self.send(&moves)?;
        let mut go = String::from("go");
        if let Some(depth) = budget.max_depth {
            go.push_str(&format!(" depth {depth}"));
        }
        if let Some(nodes) = budget.max_nodes {
            go.push_str(&format!(" nodes {nodes}"));
        }
        if let Some(time) = budget.max_time {
            go.push_str(&format!(" movetime {}", time.as_millis().max(1)));
        }
        self.send(&go)?;
        let lines =
            self.read_until(|line| line.starts_with("bestmove ") || line.starts_with("error"))?;
        let last = lines.last().map(String::as_str).unwrap_or_default();
        let text = last
            .strip_prefix("bestmove ")
            .ok_or_else(|| io::Error::other(format!("the external engine said {last:?}")))?;
        let mv = notation::resolve_str(game.position(), text)
            .map_err(|e| io::Error::other(format!("the external engine played {text:?}: {e}")))?;
        let score = lines.iter().rev().find_map(|l| parse_score(l));
        self.last_score = score;
        Ok((mv, score))
    }
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

/// The score of an `info depth … score cp V …` line.
fn parse_score(line: &str) -> Option<Score> {
    let mut words = line
        .split_whitespace()
        .skip_while(|w| *w != "score")
        .skip(1);
    let kind = words.next()?;
    let n = words.next()?;
    Some(match kind {
        "cp" => Score::Value(n.parse().ok()?),
        "win" => Score::Win(n.parse().ok()?),
        "loss" => Score::Loss(n.parse().ok()?),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_read_from_info_lines() {
        assert_eq!(
            parse_score("info depth 9 score cp -12 nodes 5 pv a3-a4"),
            Some(Score::Value(-12))
        );
        assert_eq!(
            parse_score("info depth 3 score win 7 nodes 5 pv"),
            Some(Score::Win(7))
        );
        assert_eq!(parse_score("bestmove a3-a4"), None);
    }
}
