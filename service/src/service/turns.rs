//! Turn notices by direct message: after a board (or a reminder) went out where its game is
//! played, whether the player to move is owed their own board in a DM, and which. The
//! decision is here; the Discord side draws and sends it.

use super::{GameService, GameView, Notice, ServiceError};
use crate::clock::Timestamp;
use crate::ids::UserId;

/// A turn notice by DM that is due.
#[derive(Debug, Clone, PartialEq)]
pub struct TurnNotice {
    /// Who gets it: the player to move, who chose to be told by DM.
    pub user: UserId,
    /// The game as the notice shows it.
    pub game: GameView,
    /// For a reminder, when they lose on time (the DM says so above the board).
    pub reminder: Option<Timestamp>,
}

/// Who `notice` calls a DM turn notice for, given `view` (its game now), whatever their
/// settings: the player to move, for a board that still shows the game as it stands (a board
/// behind later moves is no longer anyone's turn), or for a reminder addressed to the player
/// still to move. Other notices call for none. Returns the player and, for a reminder, their
/// deadline.
#[must_use]
pub fn turn_notice_for(notice: &Notice, view: &GameView) -> Option<(UserId, Option<Timestamp>)> {
    let (game, current, reminder) = match *notice {
        Notice::Board { game, ply, .. } => (game, ply == view.ply, None),
        Notice::Reminder {
            game,
            user,
            deadline,
        } => (game, true, Some((user, deadline))),
        _ => return None,
    };
    if game != view.id || !current {
        return None;
    }
    let user = view.user_to_move()?;
    match reminder {
        Some((reminded, _)) if reminded != user => None,
        Some((_, deadline)) => Some((user, Some(deadline))),
        None => Some((user, None)),
    }
}

impl GameService {
    /// The DM turn notice `notice` calls for, once it went out in public, if any: see
    /// [`turn_notice_for`], for a player whose settings say their turns are told by DM
    /// ([`Notify::by_dm`](crate::model::Notify::by_dm)). `known` is the game as the caller
    /// has it, used instead of reading it again when it is the state a board notice shows.
    ///
    /// # Errors
    /// The database's.
    pub async fn turn_notice_due(
        &self,
        notice: &Notice,
        known: Option<&GameView>,
    ) -> Result<Option<TurnNotice>, ServiceError> {
        let game = match *notice {
            Notice::Board { game, .. } | Notice::Reminder { game, .. } => game,
            _ => return Ok(None),
        };
        let view = match (known, notice) {
            (Some(view), Notice::Board { ply, .. }) if view.id == game && view.ply == *ply => {
                view.clone()
            }
            _ => self.game(game).await?,
        };
        let Some((user, reminder)) = turn_notice_for(notice, &view) else {
            return Ok(None);
        };
        if !self.settings(user).await?.notify.by_dm() {
            return Ok(None);
        }
        Ok(Some(TurnNotice {
            user,
            game: view,
            reminder,
        }))
    }
}
