//! Time for the service: unix-millisecond [`Timestamp`]s and an injectable [`Clock`], so tests
//! move time by hand instead of sleeping.
//!
//! ```
//! use std::time::Duration;
//! use dama_service::clock::{Clock, ManualClock, Timestamp};
//!
//! let clock = ManualClock::new(Timestamp::from_millis(1_700_000_000_000));
//! clock.advance(Duration::from_secs(60));
//! assert_eq!(clock.now().as_millis(), 1_700_000_060_000);
//! assert_eq!(clock.now().date().to_string(), "2023.11.14");
//! ```

use std::fmt;
use std::ops::Add;
use std::sync::Mutex;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

/// A moment, in milliseconds since the unix epoch (UTC).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Timestamp(i64);

const MILLIS_PER_DAY: i64 = 86_400_000;

impl Timestamp {
    /// The moment `millis` milliseconds after the unix epoch.
    #[must_use]
    pub const fn from_millis(millis: i64) -> Timestamp {
        Timestamp(millis)
    }

    /// Milliseconds since the unix epoch.
    #[must_use]
    pub const fn as_millis(self) -> i64 {
        self.0
    }

    /// Whole seconds since the unix epoch (for Discord's `<t:…>` timestamps).
    #[must_use]
    pub const fn as_secs(self) -> i64 {
        self.0.div_euclid(1000)
    }

    /// The time from `earlier` to this moment, zero if `earlier` is later.
    #[must_use]
    pub fn since(self, earlier: Timestamp) -> Duration {
        Duration::from_millis(u64::try_from(self.0 - earlier.0).unwrap_or(0))
    }

    /// The calendar date (UTC) this moment falls on.
    #[must_use]
    pub fn date(self) -> Date {
        Date::from_days(self.0.div_euclid(MILLIS_PER_DAY))
    }
}

impl Add<Duration> for Timestamp {
    type Output = Timestamp;

    /// This moment plus `d` (saturating far in the future).
    fn add(self, d: Duration) -> Timestamp {
        let millis = i64::try_from(d.as_millis()).unwrap_or(i64::MAX);
        Timestamp(self.0.saturating_add(millis))
    }
}

/// A calendar date (proleptic Gregorian, UTC); `Display` writes PDN's `YYYY.MM.DD`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    /// The year, e.g. 2025.
    pub year: i32,
    /// 1..=12.
    pub month: u8,
    /// 1..=31.
    pub day: u8,
}

impl Date {
    /// The date `days` days after 1970-01-01 (Howard Hinnant's `civil_from_days`).
    fn from_days(days: i64) -> Date {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = yoe + era * 400 + i64::from(month <= 2);
        Date {
            // Years beyond i32 are ~6 million years away; clamp rather than panic.
            year: i32::try_from(year).unwrap_or(i32::MAX),
            month: u8::try_from(month).unwrap_or(1),
            day: u8::try_from(day).unwrap_or(1),
        }
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}.{:02}.{:02}", self.year, self.month, self.day)
    }
}

/// A source of the current time.
pub trait Clock: Send + Sync + fmt::Debug {
    /// The current moment.
    fn now(&self) -> Timestamp;
}

/// The system's wall clock.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Timestamp {
        let since = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or(Duration::ZERO);
        Timestamp(i64::try_from(since.as_millis()).unwrap_or(i64::MAX))
    }
}

/// A clock that only moves when told to: for tests and simulations.
#[derive(Debug)]
pub struct ManualClock(Mutex<Timestamp>);

impl ManualClock {
    /// A clock standing at `start`.
    #[must_use]
    pub fn new(start: Timestamp) -> ManualClock {
        ManualClock(Mutex::new(start))
    }

    /// Moves the clock forward by `d`.
    pub fn advance(&self, d: Duration) {
        let mut now = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        *now = *now + d;
    }

    /// Sets the clock to `t`.
    pub fn set(&self, t: Timestamp) {
        *self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = t;
    }
}

impl Clock for ManualClock {
    fn now(&self) -> Timestamp {
        *self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_follow_the_gregorian_calendar() {
        let date = |ms| Timestamp::from_millis(ms).date().to_string();
        assert_eq!(date(0), "1970.01.01");
        assert_eq!(date(-1), "1969.12.31");
        // 2024 is a leap year: 29 February exists, and 1 March follows it.
        assert_eq!(date(1_709_164_800_000), "2024.02.29");
        assert_eq!(date(1_709_251_200_000), "2024.03.01");
        assert_eq!(date(1_735_689_599_999), "2024.12.31");
        assert_eq!(date(1_735_689_600_000), "2025.01.01");
    }

    #[test]
    fn since_is_zero_for_a_later_start() {
        let t = Timestamp::from_millis(1_000);
        assert_eq!(t.since(Timestamp::from_millis(4_000)), Duration::ZERO);
        assert_eq!(
            Timestamp::from_millis(4_000).since(t),
            Duration::from_secs(3)
        );
    }
}
