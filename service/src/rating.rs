//! Glicko-2 ratings, computed by the `skillratings` crate: each rated game is its own rating
//! period, so a player's rating moves after every game, as players of a chat bot expect.
//!
//! ```
//! use dama_service::rating::{GameScore, Rating};
//!
//! let (winner, loser) = Rating::default().rate(&Rating::default(), GameScore::Win);
//! assert!(winner.rating > 1500.0 && loser.rating < 1500.0);
//! assert!(winner.deviation < Rating::default().deviation);
//! ```

use serde::{Deserialize, Serialize};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

/// A player's Glicko-2 rating.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The rating, 1500 for a new player.
    pub rating: f64,
    /// The rating deviation: how unsure the rating is (350 for a new player).
    pub deviation: f64,
    /// The volatility: how erratic the player's results are.
    pub volatility: f64,
}

impl Default for Rating {
    /// A new player's rating: 1500 ± 350, volatility 0.06.
    fn default() -> Rating {
        Rating::from(Glicko2Rating::new())
    }
}

/// The result of a game for the player whose rating is updated first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameScore {
    /// They won.
    Win,
    /// Drawn.
    Draw,
    /// They lost.
    Loss,
}

impl Rating {
    /// Both players' ratings after one game between them; `score` is this player's result.
    #[must_use]
    pub fn rate(&self, opponent: &Rating, score: GameScore) -> (Rating, Rating) {
        let outcome = match score {
            GameScore::Win => Outcomes::WIN,
            GameScore::Draw => Outcomes::DRAW,
            GameScore::Loss => Outcomes::LOSS,
        };
        let (me, them) = glicko2(
            &(*self).into(),
            &(*opponent).into(),
            &outcome,
            &Glicko2Config::new(),
        );
        (me.into(), them.into())
    }

    /// Whether the rating is still too unsure to be taken at face value.
    #[must_use]
    pub fn is_provisional(&self, max_deviation: f64) -> bool {
        self.deviation > max_deviation
    }
}

impl From<Glicko2Rating> for Rating {
    fn from(r: Glicko2Rating) -> Rating {
        Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl From<Rating> for Glicko2Rating {
    fn from(r: Rating) -> Glicko2Rating {
        Glicko2Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_draw_between_equals_leaves_ratings_level_but_surer() {
        let (a, b) = Rating::default().rate(&Rating::default(), GameScore::Draw);
        assert!((a.rating - 1500.0).abs() < 1e-9);
        assert!((b.rating - 1500.0).abs() < 1e-9);
        assert!(a.deviation < 350.0);
    }

    #[test]
    fn beating_a_stronger_player_gains_more_than_beating_a_weaker_one() {
        let me = Rating {
            rating: 1500.0,
            deviation: 80.0,
            volatility: 0.06,
        };
        let strong = Rating {
            rating: 1800.0,
            ..me
        };
        let weak = Rating {
            rating: 1200.0,
            ..me
        };
        let gain_strong = me.rate(&strong, GameScore::Win).0.rating - me.rating;
        let gain_weak = me.rate(&weak, GameScore::Win).0.rating - me.rating;
        assert!(gain_strong > gain_weak && gain_weak > 0.0);
    }
}
