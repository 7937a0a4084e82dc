//! Live games: what a move costs the mover's clock, lag compensation, the flag and the abort.
//! Pure rules over [`Clocks`]; the service reads the time from its own clock and writes the
//! result with the move.
//!
//! - Each side's first move is untimed (as on lichess): the clocks start running once both
//!   sides have moved. Instead, a side that makes no first move within [`ABORT_AFTER`] (30 s)
//!   of its turn beginning (White from the start, Black from White's first move) has the game
//!   aborted: over, no result, unrated.
//! - From then on a move costs the time from the moment its turn began to the moment it was
//!   taken (the moment it reached the service, or the earlier moment it says it was taken, see
//!   [`HowPlayed::taken_at`](super::HowPlayed::taken_at): never before the turn began, never
//!   after it arrived), less the lag compensation, and then earns the increment.
//! - Lag compensation: each side has a quota, [`LAG_QUOTA_START`] (1 s) at the start. A move
//!   that says how much network lag it suffered ([`HowPlayed::lag`](super::HowPlayed::lag)) is
//!   refunded the least of that lag, the quota, [`LAG_COMPENSATION_MAX`] (0.5 s) and the time
//!   the move took; the refund is spent from the quota, and every timed move then adds
//!   [`LAG_QUOTA_GAIN`] (0.1 s) to it, up to [`LAG_QUOTA_MAX`] (2 s). So a player on a bad
//!   line is refunded up to 0.1 s a move in the long run, with a reserve for bursts; a player who
//!   claims lag that is not there gains at most that much.
//! - The flag: when a move's cost reaches the time left (nothing left: exactly zero counts),
//!   the mover has lost on time at the moment the flag fell, and the move is refused.
//!
//! ```
//! use dama_service::service::{ABORT_AFTER, LAG_COMPENSATION_MAX, LAG_QUOTA_GAIN, LAG_QUOTA_MAX, LAG_QUOTA_START};
//! use std::time::Duration;
//!
//! assert_eq!(ABORT_AFTER, Duration::from_secs(30));
//! assert!(LAG_QUOTA_GAIN < LAG_COMPENSATION_MAX && LAG_QUOTA_START < LAG_QUOTA_MAX);
//! ```

use std::time::Duration;

use dama_rules::Color;

use crate::clock::Timestamp;
use crate::model::{ClockReading, Clocks, LiveClock, side};

/// How long a side has for its first move before the game is aborted.
pub const ABORT_AFTER: Duration = Duration::from_secs(30);
/// Each side's quota of lag compensation at the start.
pub const LAG_QUOTA_START: Duration = Duration::from_millis(1_000);
/// What each timed move adds to the mover's quota.
pub const LAG_QUOTA_GAIN: Duration = Duration::from_millis(100);
/// The most a quota holds.
pub const LAG_QUOTA_MAX: Duration = Duration::from_millis(2_000);
/// The most one move is refunded for lag.
pub const LAG_COMPENSATION_MAX: Duration = Duration::from_millis(500);

/// Plies played before the clocks run: each side's first move is untimed.
pub(crate) const TIMED_FROM_PLY: u32 = 2;

/// `d` in milliseconds, saturating.
pub(crate) fn ms(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

/// When a move reached the service and what it says of its own timing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct MoveTiming {
    /// When it reached the service.
    pub arrived: Timestamp,
    /// When it says it was taken (a Discord interaction's snowflake), if it says.
    pub taken_at: Option<Timestamp>,
    /// The network lag it says it suffered, if it says.
    pub lag: Option<Duration>,
}

/// What a move does to the clocks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Charge {
    /// In time: the clocks after it, the opponent's turn beginning as the move arrived.
    InTime(Clocks),
    /// The mover's time ran out before the move was taken.
    Flagged,
    /// The mover's first move came too late: the game is aborted.
    Aborted,
}

/// What the move of ply `ply` + 1 by `mover`, timed as `timing` says, does to `clocks` in a
/// game on `clock`.
pub(crate) fn charge(
    clock: LiveClock,
    clocks: Clocks,
    ply: u32,
    mover: Color,
    timing: MoveTiming,
) -> Charge {
    let began = clocks.turn_started_at;
    // The moment the move was taken: the one it names, if that is neither before its turn
    // began nor after it arrived; else its arrival.
    let taken = timing
        .taken_at
        .filter(|&t| t <= timing.arrived)
        .map_or(timing.arrived, |t| t.max(began));
    let mut after = clocks;
    after.turn_started_at = timing.arrived;
    if ply < TIMED_FROM_PLY {
        return if taken >= began + ABORT_AFTER {
            Charge::Aborted
        } else {
            Charge::InTime(after)
        };
    }
    let i = side(mover);
    let elapsed = ms(taken.since(began));
    let quota = clocks.lag_quota_ms[i];
    let compensation = ms(timing.lag.unwrap_or(Duration::ZERO))
        .min(quota)
        .min(ms(LAG_COMPENSATION_MAX))
        .min(elapsed)
        .max(0);
    let left = clocks.remaining_ms[i] - (elapsed - compensation);
    if left <= 0 {
        return Charge::Flagged;
    }
    after.remaining_ms[i] = left.saturating_add(clock.increment_ms());
    after.lag_quota_ms[i] = (quota - compensation + ms(LAG_QUOTA_GAIN)).min(ms(LAG_QUOTA_MAX));
    Charge::InTime(after)
}

/// When the game ends if the side to move does nothing, with `ply` plies played: the abort
/// before both first moves, the flag after.
pub(crate) fn due(clocks: &Clocks, ply: u32, to_move: Color) -> Timestamp {
    if ply < TIMED_FROM_PLY {
        clocks.turn_started_at + ABORT_AFTER
    } else {
        clocks.turn_started_at
            + Duration::from_millis(clocks.remaining(to_move).max(0).unsigned_abs())
    }
}

/// The clocks of a game on `clock` read at `at`, with `ply` plies played and `to_move` to
/// move; `over` stops them.
pub(crate) fn reading(
    clock: LiveClock,
    clocks: &Clocks,
    ply: u32,
    to_move: Color,
    over: bool,
    at: Timestamp,
) -> ClockReading {
    let running = (!over && ply >= TIMED_FROM_PLY).then_some(to_move);
    let left = |color: Color| {
        let stored = clocks.remaining(color);
        let spent = if running == Some(color) {
            ms(at.since(clocks.turn_started_at))
        } else {
            0
        };
        (stored - spent).max(0)
    };
    ClockReading {
        at,
        white_ms: left(Color::White),
        black_ms: left(Color::Black),
        running,
        base_ms: clock.base_ms(),
        increment_ms: clock.increment_ms(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: Timestamp = Timestamp::from_millis(1_750_000_000_000);

    fn three_two() -> LiveClock {
        LiveClock::new(3, 2).expect("in range")
    }

    fn at(ms: i64) -> Timestamp {
        Timestamp::from_millis(START.as_millis() + ms)
    }

    fn timing(arrived: i64) -> MoveTiming {
        MoveTiming {
            arrived: at(arrived),
            taken_at: None,
            lag: None,
        }
    }

    fn started() -> Clocks {
        Clocks::start(three_two(), START, ms(LAG_QUOTA_START))
    }

    #[test]
    fn first_moves_are_free_but_abort_after_thirty_seconds() {
        let Charge::InTime(after) = charge(three_two(), started(), 0, Color::White, timing(29_999))
        else {
            panic!("in time");
        };
        assert_eq!(after.remaining_ms, [180_000, 180_000]);
        assert_eq!(after.turn_started_at, at(29_999));
        assert_eq!(
            charge(three_two(), started(), 0, Color::White, timing(30_000)),
            Charge::Aborted
        );
        assert_eq!(due(&started(), 1, Color::Black), at(30_000));
    }

    #[test]
    fn a_timed_move_costs_its_time_less_compensation_and_earns_the_increment() {
        let t = MoveTiming {
            lag: Some(Duration::from_millis(300)),
            ..timing(10_000)
        };
        let Charge::InTime(after) = charge(three_two(), started(), 2, Color::White, t) else {
            panic!("in time");
        };
        assert_eq!(after.remaining_ms[0], 180_000 - 10_000 + 300 + 2_000);
        assert_eq!(after.lag_quota_ms[0], 1_000 - 300 + 100);
        assert_eq!(after.remaining_ms[1], 180_000);
    }

    #[test]
    fn the_flag_falls_at_zero_not_a_millisecond_before() {
        let mut clocks = started();
        clocks.remaining_ms[0] = 5_000;
        assert_eq!(
            charge(three_two(), clocks, 4, Color::White, timing(5_000)),
            Charge::Flagged
        );
        assert!(matches!(
            charge(three_two(), clocks, 4, Color::White, timing(4_999)),
            Charge::InTime(c) if c.remaining_ms[0] == 1 + 2_000
        ));
        assert_eq!(due(&clocks, 4, Color::White), at(5_000));
    }

    #[test]
    fn readings_run_only_the_side_to_move_once_clocks_started() {
        let read = reading(three_two(), &started(), 2, Color::White, false, at(1_500));
        assert_eq!((read.white_ms, read.black_ms), (178_500, 180_000));
        assert_eq!(read.running, Some(Color::White));
        let early = reading(three_two(), &started(), 1, Color::Black, false, at(1_500));
        assert_eq!((early.black_ms, early.running), (180_000, None));
        let late = reading(three_two(), &started(), 2, Color::White, false, at(999_999));
        assert_eq!(late.white_ms, 0, "never below zero");
    }
}
