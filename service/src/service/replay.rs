//! Rebuilding a game from its stored moves, checking them as it goes.

use dama_rules::Game;
use dama_rules::notation::{self, Resolved};

use super::ServiceError;
use crate::store::{GameRecord, MoveRecord};

/// Rebuilds a game from its start and stored moves, checking every move against the position
/// stored after it and the result against the game row.
pub(super) fn replay(record: &GameRecord, moves: &[MoveRecord]) -> Result<Game, ServiceError> {
    replay_onto(record, Game::with_rules(record.start, record.rules), moves)
}

/// [`replay`] from `game`, the game replayed up to an earlier ply (`moves` are the ones after
/// it), with the same checks.
pub(super) fn replay_onto(
    record: &GameRecord,
    mut game: Game,
    moves: &[MoveRecord],
) -> Result<Game, ServiceError> {
    let corrupt = |reason: String| ServiceError::Corrupt {
        game: record.id,
        reason,
    };
    let before = game.moves().len();
    for (i, stored) in moves.iter().enumerate() {
        if usize::try_from(stored.ply).ok() != Some(before + i + 1) {
            return Err(corrupt(format!(
                "move {} is stored as ply {}",
                before + i + 1,
                stored.ply
            )));
        }
        let wrong = |e: &dyn std::fmt::Display| {
            corrupt(format!("ply {}: `{}`: {e}", stored.ply, stored.notation))
        };
        // A missed capture (strict rules) ends the game: it can only be the last move.
        match notation::resolve_str_under(game.position(), &stored.notation, record.rules)
            .map_err(|e| wrong(&e))?
        {
            Resolved::Legal(m) => game.play(&m),
            Resolved::MissedCapture { played, available } => {
                game.play_missed_capture(&played, &available)
            }
        }
        .map_err(|e| wrong(&e))?;
        if game.position().to_string() != stored.position_after {
            return Err(corrupt(format!("ply {}: the position differs", stored.ply)));
        }
    }
    if usize::try_from(record.state.ply).ok() != Some(before + moves.len()) {
        return Err(corrupt(format!(
            "{} moves stored for ply {}",
            before + moves.len(),
            record.state.ply
        )));
    }
    if *game.position() != record.state.position {
        return Err(corrupt(
            "the current position differs from the moves".to_owned(),
        ));
    }
    match (game.outcome(), record.state.outcome) {
        (None, Some(outcome)) => game
            .end(outcome)
            .map_err(|e| corrupt(format!("cannot end: {e}")))?,
        (Some(rules), stored) if stored != Some(rules) => {
            return Err(corrupt(format!(
                "the moves give {} but {stored:?} is stored",
                rules.describe()
            )));
        }
        _ => {}
    }
    Ok(game)
}
