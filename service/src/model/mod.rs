//! The values the service takes and gives: players, time controls, colours, sides of a game,
//! settings. Plain data with no database or Discord type in it. The computer's strength is
//! the engine's own [`Level`], and a review's words are the engine's ([`review`]): re-exported
//! here so that a face needs no engine of its own.
//!
//! ```
//! use std::time::Duration;
//! use dama_service::model::{ColourChoice, Level, Participant, TimeControl};
//!
//! let tc: TimeControl = "3d".parse().unwrap();
//! assert_eq!(tc.per_move(), Some(Duration::from_secs(3 * 86_400)));
//! assert_eq!(TimeControl::default(), TimeControl::Day);
//! assert_eq!("random".parse::<ColourChoice>(), Ok(ColourChoice::Random));
//! assert_eq!(Participant::Engine(Level::MIN).engine(), Some(Level::MIN));
//! assert_eq!(Participant::Engine(Level::MIN).name(), "Computer (level 1)");
//! ```

mod challenges;
mod choice;
mod live_clock;
mod players;
mod seats;
mod settings;
mod time_control;

pub use challenges::{Challenge, ChallengeOptions, ChallengeStatus, EngineGame};
pub use choice::ParseOptionError;
pub(crate) use live_clock::side;
pub use live_clock::{
    ClockReading, Clocks, LiveClock, ParseLiveClockError, ParseSpeedError, Speed,
};
pub use players::{Actor, Participant, Player};
pub use seats::{ColourChoice, Seats};
pub use settings::{Notify, PlayerSettings, SettingsUpdate, Theme};
pub use time_control::TimeControl;

pub use dama_engine::Level;

/// A finished game's review as the engine makes it (see
/// [`GameService::review`](crate::service::GameService::review)): each move's class and the
/// evaluations, within ±[`EVAL_CAP`](review::EVAL_CAP).
pub mod review {
    pub use dama_engine::review::{EVAL_CAP, MoveClass, Review, ReviewBudget, ReviewedMove};
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_words_round_trip_ignoring_case_and_unknown_words_are_named() {
        for c in [
            ColourChoice::White,
            ColourChoice::Black,
            ColourChoice::Random,
        ] {
            assert_eq!(c.name().to_uppercase().parse::<ColourChoice>(), Ok(c));
        }
        for t in [Theme::Traditional, Theme::Checkered] {
            assert_eq!(format!(" {} ", t.name()).parse::<Theme>(), Ok(t));
        }
        let error = "purple".parse::<ColourChoice>().unwrap_err();
        assert_eq!(error.to_string(), "unknown colour `purple`");
        for junk in ["", " ", "1d1d", "\u{0}", "whitee", "ç"] {
            assert!(junk.parse::<TimeControl>().is_err());
            assert!(junk.parse::<Theme>().is_err());
        }
    }
}
