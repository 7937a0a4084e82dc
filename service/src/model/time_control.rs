//! The time a player has for each move.

use std::time::Duration;

crate::named_choice! {
    #[parse_as("time control")]
    /// Time per move in a correspondence game, named by its option word; `ALL` lists the
    /// shortest first (`Unlimited` first).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
    pub enum TimeControl {
        /// No deadline.
        Unlimited = "none",
        /// One hour per move.
        Hour = "1h",
        /// One day per move (the default).
        #[default]
        Day = "1d",
        /// Three days per move.
        ThreeDays = "3d",
        /// Seven days per move.
        Week = "7d",
    }
}

impl TimeControl {
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
