//! The time a player has for each move.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use super::ParseOptionError;

/// Time per move in a correspondence game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TimeControl {
    /// No deadline.
    Unlimited,
    /// One hour per move.
    Hour,
    /// One day per move (the default).
    #[default]
    Day,
    /// Three days per move.
    ThreeDays,
    /// Seven days per move.
    Week,
}

impl TimeControl {
    /// Every time control, shortest first (`Unlimited` first).
    pub const ALL: [TimeControl; 5] = [
        TimeControl::Unlimited,
        TimeControl::Hour,
        TimeControl::Day,
        TimeControl::ThreeDays,
        TimeControl::Week,
    ];

    /// The time a player has for each move, `None` for no deadline.
    #[must_use]
    pub const fn per_move(self) -> Option<Duration> {
        match self.seconds() {
            Some(s) => Some(Duration::from_secs(s)),
            None => None,
        }
    }

    pub(crate) const fn seconds(self) -> Option<u64> {
        match self {
            TimeControl::Unlimited => None,
            TimeControl::Hour => Some(3_600),
            TimeControl::Day => Some(86_400),
            TimeControl::ThreeDays => Some(3 * 86_400),
            TimeControl::Week => Some(7 * 86_400),
        }
    }

    /// The time control with `seconds` per move, if it is one of the offered ones.
    pub(crate) fn from_seconds(seconds: Option<u64>) -> Option<TimeControl> {
        TimeControl::ALL
            .into_iter()
            .find(|tc| tc.seconds() == seconds)
    }

    /// The option word: `none`, `1h`, `1d`, `3d` or `7d`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            TimeControl::Unlimited => "none",
            TimeControl::Hour => "1h",
            TimeControl::Day => "1d",
            TimeControl::ThreeDays => "3d",
            TimeControl::Week => "7d",
        }
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for TimeControl {
    type Err = ParseOptionError;

    fn from_str(s: &str) -> Result<TimeControl, ParseOptionError> {
        TimeControl::ALL
            .into_iter()
            .find(|tc| tc.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseOptionError::new("time control", s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_round_trip_through_their_names_and_seconds() {
        for tc in TimeControl::ALL {
            assert_eq!(tc.name().parse::<TimeControl>(), Ok(tc));
            assert_eq!(TimeControl::from_seconds(tc.seconds()), Some(tc));
        }
        assert!("2d".parse::<TimeControl>().is_err());
        assert_eq!(TimeControl::from_seconds(Some(5)), None);
    }
}
