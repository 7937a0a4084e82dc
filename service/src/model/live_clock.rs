//! Live clocks: a base time and an increment per move (Fischer), written as lichess writes
//! them, `"5+3"` (5 minutes, 3 seconds a move), and the speed a time control plays at.
//!
//! ```
//! use std::time::Duration;
//! use dama_service::model::{LiveClock, Speed};
//!
//! let clock: LiveClock = "5+3".parse().unwrap();
//! assert_eq!(clock.base(), Duration::from_secs(300));
//! assert_eq!(clock.increment(), Duration::from_secs(3));
//! assert_eq!(clock.to_string(), "5+3");
//! assert_eq!(clock.speed(), Speed::Blitz);
//! assert!("31+0".parse::<LiveClock>().is_err());
//! assert_eq!(Speed::of(None), Speed::Correspondence);
//! ```

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use dama_rules::Color;
use thiserror::Error;

use crate::clock::Timestamp;

/// A live clock: each side starts with `base` and gains `increment` after each of its moves.
/// From 1+0 to 30+20: whole minutes of base, whole seconds of increment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LiveClock {
    base_minutes: u8,
    increment_seconds: u8,
}

impl LiveClock {
    /// The shortest base, in minutes.
    pub const MIN_BASE_MINUTES: u8 = 1;
    /// The longest base, in minutes.
    pub const MAX_BASE_MINUTES: u8 = 30;
    /// The largest increment, in seconds.
    pub const MAX_INCREMENT_SECONDS: u8 = 20;

    /// The clocks offered by name, shortest first: 1+0 to 30+20, as lichess offers them.
    pub const PRESETS: [LiveClock; 11] = [
        LiveClock::preset(1, 0),
        LiveClock::preset(2, 1),
        LiveClock::preset(3, 0),
        LiveClock::preset(3, 2),
        LiveClock::preset(5, 0),
        LiveClock::preset(5, 3),
        LiveClock::preset(10, 0),
        LiveClock::preset(10, 5),
        LiveClock::preset(15, 10),
        LiveClock::preset(30, 0),
        LiveClock::preset(30, 20),
    ];

    /// A preset, known to be in range.
    const fn preset(base_minutes: u8, increment_seconds: u8) -> LiveClock {
        LiveClock {
            base_minutes,
            increment_seconds,
        }
    }

    /// The clock of `base_minutes` + `increment_seconds`, if it is in range (base 1..=30
    /// minutes, increment 0..=20 seconds).
    #[must_use]
    pub const fn new(base_minutes: u8, increment_seconds: u8) -> Option<LiveClock> {
        if base_minutes < Self::MIN_BASE_MINUTES
            || base_minutes > Self::MAX_BASE_MINUTES
            || increment_seconds > Self::MAX_INCREMENT_SECONDS
        {
            return None;
        }
        Some(LiveClock {
            base_minutes,
            increment_seconds,
        })
    }

    /// The time each side starts with.
    #[must_use]
    pub const fn base(self) -> Duration {
        Duration::from_secs(self.base_minutes as u64 * 60)
    }

    /// The time a side gains after each of its moves.
    #[must_use]
    pub const fn increment(self) -> Duration {
        Duration::from_secs(self.increment_seconds as u64)
    }

    /// The base in whole minutes.
    #[must_use]
    pub const fn base_minutes(self) -> u8 {
        self.base_minutes
    }

    /// The increment in whole seconds.
    #[must_use]
    pub const fn increment_seconds(self) -> u8 {
        self.increment_seconds
    }

    /// The base in milliseconds, as stored.
    #[must_use]
    pub const fn base_ms(self) -> i64 {
        self.base_minutes as i64 * 60_000
    }

    /// The increment in milliseconds, as stored.
    #[must_use]
    pub const fn increment_ms(self) -> i64 {
        self.increment_seconds as i64 * 1_000
    }

    /// The clock stored as `base_ms` and `increment_ms`, if they make one in range.
    #[must_use]
    pub fn from_millis(base_ms: i64, increment_ms: i64) -> Option<LiveClock> {
        if base_ms % 60_000 != 0 || increment_ms % 1_000 != 0 {
            return None;
        }
        let base = u8::try_from(base_ms / 60_000).ok()?;
        let increment = u8::try_from(increment_ms / 1_000).ok()?;
        LiveClock::new(base, increment)
    }

    /// Whether this is one of the [`PRESETS`](Self::PRESETS).
    #[must_use]
    pub fn is_preset(self) -> bool {
        LiveClock::PRESETS.contains(&self)
    }

    /// The estimated length of a game for one side (base + 40 × increment, as lichess
    /// estimates it).
    #[must_use]
    pub const fn estimated_duration(self) -> Duration {
        Duration::from_secs(self.base_minutes as u64 * 60 + 40 * self.increment_seconds as u64)
    }

    /// The speed this clock plays at.
    #[must_use]
    pub const fn speed(self) -> Speed {
        let estimate = self.estimated_duration().as_secs();
        if estimate < Speed::BLITZ_FROM_SECONDS {
            Speed::Bullet
        } else if estimate < Speed::RAPID_FROM_SECONDS {
            Speed::Blitz
        } else {
            Speed::Rapid
        }
    }
}

impl fmt::Display for LiveClock {
    /// `"5+3"`: minutes of base, seconds of increment.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}+{}", self.base_minutes, self.increment_seconds)
    }
}

/// A live game's clocks as they stand between two moves: each side's time left as its last
/// turn began (the side to move's runs down from `turn_started_at`), and each side's quota of
/// lag compensation. Colours index the arrays: White first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Clocks {
    /// White's and Black's time left (ms) when their turn last began; the side to move's is
    /// what it had when its current turn began.
    pub remaining_ms: [i64; 2],
    /// When the turn of the side to move began.
    pub turn_started_at: Timestamp,
    /// White's and Black's quota of lag compensation left (ms).
    pub lag_quota_ms: [i64; 2],
}

impl Clocks {
    /// The clocks of a game on `clock` starting at `at`: both sides at the base, White's turn
    /// beginning, each lag quota at its start.
    #[must_use]
    pub fn start(clock: LiveClock, at: Timestamp, lag_quota_ms: i64) -> Clocks {
        Clocks {
            remaining_ms: [clock.base_ms(); 2],
            turn_started_at: at,
            lag_quota_ms: [lag_quota_ms; 2],
        }
    }

    /// `color`'s time left as its turn last began (ms).
    #[must_use]
    pub const fn remaining(&self, color: Color) -> i64 {
        self.remaining_ms[side(color)]
    }

    /// `color`'s quota of lag compensation (ms).
    #[must_use]
    pub const fn lag_quota(&self, color: Color) -> i64 {
        self.lag_quota_ms[side(color)]
    }
}

/// The index of `color` in a pair: White 0, Black 1.
pub(crate) const fn side(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// A reading of a live game's clocks at a known moment, for a face to show and count down
/// from (correcting for its own offset to the server's time).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClockReading {
    /// When the reading was taken (the server's time).
    pub at: Timestamp,
    /// White's time left then (ms), never below zero.
    pub white_ms: i64,
    /// Black's time left then (ms), never below zero.
    pub black_ms: i64,
    /// The side whose clock runs: the side to move once both sides have made a first move;
    /// `None` before that (the first moves are not timed) and once the game is over.
    pub running: Option<Color>,
    /// The base time (ms).
    pub base_ms: i64,
    /// The increment a move (ms).
    pub increment_ms: i64,
}

impl ClockReading {
    /// `color`'s time left at the reading (ms).
    #[must_use]
    pub const fn remaining(&self, color: Color) -> i64 {
        match color {
            Color::White => self.white_ms,
            Color::Black => self.black_ms,
        }
    }

    /// The same clocks read later, at `now`: the running side's time less what has passed
    /// since the reading (never below zero), the other's as it was. A moment before the
    /// reading reads as the reading.
    #[must_use]
    pub fn later(&self, now: Timestamp) -> ClockReading {
        let passed = i64::try_from(now.since(self.at).as_millis()).unwrap_or(i64::MAX);
        let left = |color: Color| {
            let ms = self.remaining(color);
            if self.running == Some(color) {
                ms.saturating_sub(passed).max(0)
            } else {
                ms
            }
        };
        ClockReading {
            at: now.max(self.at),
            white_ms: left(Color::White),
            black_ms: left(Color::Black),
            ..*self
        }
    }
}

/// Why a text is no live clock.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseLiveClockError {
    /// Not `minutes+seconds` in digits.
    #[error("`{0}` is not a clock like `5+3` (minutes + seconds a move)")]
    Syntax(String),
    /// Digits, but out of range.
    #[error("`{0}` is out of range: 1 to 30 minutes, and 0 to 20 seconds a move")]
    OutOfRange(String),
}

impl FromStr for LiveClock {
    type Err = ParseLiveClockError;

    /// `"5+3"`, spaces around the parts allowed.
    fn from_str(s: &str) -> Result<LiveClock, ParseLiveClockError> {
        let syntax = || ParseLiveClockError::Syntax(s.to_owned());
        let (base, increment) = s.split_once('+').ok_or_else(syntax)?;
        let number = |part: &str| -> Result<u32, ParseLiveClockError> {
            let part = part.trim();
            // Digits only (no sign); a long number is out of range, not a syntax error.
            if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
                return Err(syntax());
            }
            Ok(part.parse().unwrap_or(u32::MAX))
        };
        let (base, increment) = (number(base)?, number(increment)?);
        let out_of_range = || ParseLiveClockError::OutOfRange(s.trim().to_owned());
        let base = u8::try_from(base).map_err(|_| out_of_range())?;
        let increment = u8::try_from(increment).map_err(|_| out_of_range())?;
        LiveClock::new(base, increment).ok_or_else(out_of_range)
    }
}

/// How fast a game is played, as lichess sorts them: what ratings will be kept apart by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Speed {
    /// A live game estimated under 3 minutes a side.
    Bullet,
    /// A live game estimated under 8 minutes a side.
    Blitz,
    /// A longer live game.
    Rapid,
    /// Days (or hours) per move, or no limit.
    Correspondence,
}

impl Speed {
    /// The estimate (seconds, see [`LiveClock::estimated_duration`]) from which a game is blitz.
    pub const BLITZ_FROM_SECONDS: u64 = 180;
    /// The estimate (seconds) from which a game is rapid.
    pub const RAPID_FROM_SECONDS: u64 = 480;

    /// The speed of a game on the live clock `live`, or of a correspondence game (whatever
    /// its time per move) without one.
    #[must_use]
    pub const fn of(live: Option<LiveClock>) -> Speed {
        match live {
            Some(clock) => clock.speed(),
            None => Speed::Correspondence,
        }
    }

    /// Every speed, the fastest first: the order ratings are listed in.
    pub const ALL: [Speed; 4] = [
        Speed::Bullet,
        Speed::Blitz,
        Speed::Rapid,
        Speed::Correspondence,
    ];

    /// The speed's name as stored and as written in addresses and options: `"bullet"`,
    /// `"blitz"`, `"rapid"` or `"correspondence"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Speed::Bullet => "bullet",
            Speed::Blitz => "blitz",
            Speed::Rapid => "rapid",
            Speed::Correspondence => "correspondence",
        }
    }
}

impl fmt::Display for Speed {
    /// The speed's [`name`](Speed::name).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A text that names no speed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("`{0}` is no speed: bullet, blitz, rapid or correspondence")]
pub struct ParseSpeedError(pub String);

impl FromStr for Speed {
    type Err = ParseSpeedError;

    /// A speed's [`name`](Speed::name), in any case.
    fn from_str(s: &str) -> Result<Speed, ParseSpeedError> {
        Speed::ALL
            .into_iter()
            .find(|speed| speed.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseSpeedError(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reading_read_later_runs_only_the_running_clock_and_stops_at_zero() {
        let reading = ClockReading {
            at: Timestamp::from_millis(1_000),
            white_ms: 5_000,
            black_ms: 9_000,
            running: Some(Color::White),
            base_ms: 60_000,
            increment_ms: 0,
        };
        let later = reading.later(Timestamp::from_millis(3_500));
        assert_eq!((later.white_ms, later.black_ms), (2_500, 9_000));
        assert_eq!(later.at, Timestamp::from_millis(3_500));
        assert_eq!(reading.later(Timestamp::from_millis(99_000)).white_ms, 0);
        assert_eq!(reading.later(Timestamp::from_millis(500)), reading);
        let stopped = ClockReading {
            running: None,
            ..reading
        };
        assert_eq!(
            stopped.later(Timestamp::from_millis(50_000)).white_ms,
            5_000
        );
    }

    #[test]
    fn speeds_parse_from_their_names_and_nothing_else() {
        for speed in Speed::ALL {
            assert_eq!(speed.name().parse(), Ok(speed));
            assert_eq!(speed.to_string().to_uppercase().parse(), Ok(speed));
        }
        assert!("classical".parse::<Speed>().is_err());
        assert!("".parse::<Speed>().is_err());
    }

    #[test]
    fn clocks_parse_and_print_as_minutes_plus_seconds() {
        let clock: LiveClock = "5+3".parse().expect("a clock");
        assert_eq!((clock.base_minutes(), clock.increment_seconds()), (5, 3));
        assert_eq!(clock.to_string(), "5+3");
        assert_eq!(" 10 + 5 ".parse(), Ok(LiveClock::preset(10, 5)));
        for preset in LiveClock::PRESETS {
            assert_eq!(preset.to_string().parse(), Ok(preset));
            assert!(preset.is_preset());
            assert_eq!(
                LiveClock::from_millis(preset.base_ms(), preset.increment_ms()),
                Some(preset)
            );
        }
        assert_eq!(
            LiveClock::PRESETS.map(|c| c.to_string()),
            [
                "1+0", "2+1", "3+0", "3+2", "5+0", "5+3", "10+0", "10+5", "15+10", "30+0", "30+20"
            ]
        );
    }

    #[test]
    fn custom_clocks_are_allowed_within_one_to_thirty_minutes_and_twenty_seconds() {
        let custom: LiveClock = "7+4".parse().expect("in range");
        assert!(!custom.is_preset());
        assert_eq!(
            "1+0".parse::<LiveClock>().map(|c| c.base()),
            Ok(Duration::from_secs(60))
        );
        assert_eq!(
            "30+20".parse::<LiveClock>().map(|c| c.increment()),
            Ok(Duration::from_secs(20))
        );
        for out in ["0+5", "31+0", "5+21", "99999999999+0", "0+0"] {
            assert!(
                matches!(
                    out.parse::<LiveClock>(),
                    Err(ParseLiveClockError::OutOfRange(_))
                ),
                "{out}"
            );
        }
        for junk in [
            "", "+", "5", "5+", "+3", "5+-3", "-5+3", "5.5+3", "5+3+1", "a+b", "½+0",
        ] {
            assert!(
                matches!(
                    junk.parse::<LiveClock>(),
                    Err(ParseLiveClockError::Syntax(_))
                ),
                "{junk}"
            );
        }
        assert_eq!(LiveClock::new(0, 0), None);
        assert_eq!(
            LiveClock::from_millis(90_000, 0),
            None,
            "half minutes are not offered"
        );
        assert_eq!(LiveClock::from_millis(60_000, 500), None);
    }

    #[test]
    fn parsing_never_panics_and_round_trips() {
        for base in 0..=40u8 {
            for increment in 0..=25u8 {
                let text = format!("{base}+{increment}");
                match text.parse::<LiveClock>() {
                    Ok(clock) => assert_eq!(clock.to_string(), text),
                    Err(_) => assert!(LiveClock::new(base, increment).is_none()),
                }
            }
        }
    }

    #[test]
    fn speeds_follow_lichess_estimates() {
        let speed = |text: &str| text.parse::<LiveClock>().expect("a clock").speed();
        // Estimates: base + 40 × increment.
        assert_eq!(speed("1+0"), Speed::Bullet); // 60 s
        assert_eq!(speed("2+1"), Speed::Bullet); // 160 s
        assert_eq!(speed("3+0"), Speed::Blitz); // 180 s: bullet ends below 3 minutes
        assert_eq!(speed("1+3"), Speed::Blitz); // 180 s
        assert_eq!(speed("3+2"), Speed::Blitz); // 260 s
        assert_eq!(speed("5+3"), Speed::Blitz); // 420 s
        assert_eq!(speed("7+0"), Speed::Blitz); // 420 s
        assert_eq!(speed("8+0"), Speed::Rapid); // 480 s: blitz ends below 8 minutes
        assert_eq!(speed("10+0"), Speed::Rapid);
        assert_eq!(speed("30+20"), Speed::Rapid);
        assert_eq!(Speed::of(None), Speed::Correspondence);
        assert_eq!(Speed::of(Some(LiveClock::preset(1, 0))), Speed::Bullet);
    }
}
