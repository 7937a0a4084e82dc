//! What the bot's buttons and menus mean: each component's `custom_id` names an [`Action`] and
//! the challenge or game it acts on, in far fewer than Discord's 100 characters.

use std::fmt;
use std::str::FromStr;

use crate::ids::{ChallengeId, GameId};

/// Every `custom_id` starts with this, so clicks meant for other code are told apart.
const PREFIX: &str = "dama";

/// A click on one of the bot's components.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Action {
    /// Accept a direct challenge, or join an open one.
    Accept(ChallengeId),
    /// Decline a direct challenge.
    Decline(ChallengeId),
    /// The challenger withdraws their challenge.
    Cancel(ChallengeId),
    /// Resign: asks for confirmation first.
    Resign(GameId),
    /// Resign, confirmed.
    ConfirmResign(GameId),
    /// Offer a draw, or accept the opponent's offer.
    Draw(GameId),
    /// Decline the opponent's draw offer.
    DeclineDraw(GameId),
    /// Accept the opponent's takeback request.
    AcceptTakeback(GameId),
    /// Decline the opponent's takeback request.
    DeclineTakeback(GameId),
    /// Show the board to the clicker, Black at the bottom if `flip`.
    Flip(GameId, bool),
    /// The first step of the move picker: the piece (a select menu of squares).
    Pick(GameId),
    /// The second step: the move (a select menu of moves of the picked piece).
    Play(GameId),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (verb, id) = match *self {
            Action::Accept(c) => ("accept", c.0),
            Action::Decline(c) => ("decline", c.0),
            Action::Cancel(c) => ("cancel", c.0),
            Action::Resign(g) => ("resign", g.0),
            Action::ConfirmResign(g) => ("resign-yes", g.0),
            Action::Draw(g) => ("draw", g.0),
            Action::DeclineDraw(g) => ("draw-no", g.0),
            Action::AcceptTakeback(g) => ("takeback-yes", g.0),
            Action::DeclineTakeback(g) => ("takeback-no", g.0),
            Action::Flip(g, flip) => return write!(f, "{PREFIX}:flip:{}:{}", g.0, u8::from(flip)),
            Action::Pick(g) => ("pick", g.0),
            Action::Play(g) => ("play", g.0),
        };
        write!(f, "{PREFIX}:{verb}:{id}")
    }
}

/// A `custom_id` that is not one of the bot's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a dama component: {0:?}")]
pub(crate) struct UnknownAction(String);

impl FromStr for Action {
    type Err = UnknownAction;

    fn from_str(s: &str) -> Result<Action, UnknownAction> {
        let unknown = || UnknownAction(s.to_owned());
        let mut parts = s.split(':');
        if parts.next() != Some(PREFIX) {
            return Err(unknown());
        }
        let verb = parts.next().ok_or_else(unknown)?;
        let id: i64 = parts
            .next()
            .and_then(|id| id.parse().ok())
            .ok_or_else(unknown)?;
        let (challenge, game) = (ChallengeId(id), GameId(id));
        let action = match verb {
            "accept" => Action::Accept(challenge),
            "decline" => Action::Decline(challenge),
            "cancel" => Action::Cancel(challenge),
            "resign" => Action::Resign(game),
            "resign-yes" => Action::ConfirmResign(game),
            "draw" => Action::Draw(game),
            "draw-no" => Action::DeclineDraw(game),
            "takeback-yes" => Action::AcceptTakeback(game),
            "takeback-no" => Action::DeclineTakeback(game),
            "flip" => match parts.next() {
                Some("0") => Action::Flip(game, false),
                Some("1") => Action::Flip(game, true),
                _ => return Err(unknown()),
            },
            "pick" => Action::Pick(game),
            "play" => Action::Play(game),
            _ => return Err(unknown()),
        };
        if parts.next().is_some() {
            return Err(unknown());
        }
        Ok(action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every_action(id: i64) -> Vec<Action> {
        let (c, g) = (ChallengeId(id), GameId(id));
        vec![
            Action::Accept(c),
            Action::Decline(c),
            Action::Cancel(c),
            Action::Resign(g),
            Action::ConfirmResign(g),
            Action::Draw(g),
            Action::DeclineDraw(g),
            Action::AcceptTakeback(g),
            Action::DeclineTakeback(g),
            Action::Flip(g, false),
            Action::Flip(g, true),
            Action::Pick(g),
            Action::Play(g),
        ]
    }

    #[test]
    fn every_action_round_trips_through_its_custom_id() {
        for id in [1, 42, i64::MAX] {
            for action in every_action(id) {
                let text = action.to_string();
                assert_eq!(text.parse::<Action>(), Ok(action), "{text}");
            }
        }
    }

    #[test]
    fn custom_ids_fit_discords_limit_even_for_the_largest_ids() {
        for action in every_action(i64::MAX) {
            let len = action.to_string().len();
            assert!((1..=100).contains(&len), "{action}: {len} characters");
        }
    }

    #[test]
    fn foreign_or_damaged_custom_ids_are_refused() {
        for bad in [
            "",
            "dama",
            "dama:accept",
            "dama:accept:x",
            "dama:explode:3",
            "chess:accept:3",
            "dama:flip:3",
            "dama:flip:3:2",
            "dama:pick:3:extra",
        ] {
            assert!(bad.parse::<Action>().is_err(), "{bad:?} parsed");
        }
    }
}
