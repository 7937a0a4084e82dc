//! One pace for the requests the bot's workers make to Discord, under Discord's global limit
//! (50 requests a second per bot; interaction callbacks and webhooks are not counted), with the
//! outbox's notices first.
//!
//! The delivery worker [`take`](Pace::take)s a slot for each notice it sends: it waits for one
//! only when the workers together have used the pace up. The live posts worker asks
//! [`try_board`](Pace::try_board) before it draws and writes a live board: a board goes only
//! when the pace has [`RESERVE`] slots to spare after it, and within a cap of its own
//! ([`BOARDS_PER_SECOND`]). So a live board never holds up a notice (a game's end above all):
//! with 500 live games each game's post is edited less often instead.
//!
//! Both are kept as a "theoretical arrival time" (the generic cell rate algorithm): the moment
//! the pace would be back to full if nothing else were sent. A slot is free when that moment is
//! no further ahead than the burst allows. Reading the moment as `now` makes it testable
//! without waiting.

use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use tokio::time::Instant;

/// Requests a second the workers make at most, after a burst: Discord's global limit is 50, and
/// the requests made while answering interactions (a game's thread, a member lookup) are not
/// paced here, so 5 are left for them.
pub(crate) const PER_SECOND: u32 = 40;
/// Requests the workers may send at once after a quiet moment: with [`PER_SECOND`], at most 45
/// in any second.
pub(crate) const BURST: u32 = 5;
/// Live boards a second at most, of [`PER_SECOND`]: the rest is the notices', and 500 live
/// games' posts are edited each every 20 s or so rather than crowding out a game's end.
pub(crate) const BOARDS_PER_SECOND: u32 = 25;
/// Slots of the burst a live board leaves to the notices: the next notices go at once.
pub(crate) const RESERVE: u32 = 2;

/// The pace of the workers' requests to Discord (see the module's documentation).
#[derive(Debug)]
pub(crate) struct Pace {
    state: Mutex<State>,
}

#[derive(Debug)]
struct State {
    /// When the pace of every request would be full again.
    all: Instant,
    /// When the boards' own pace would be.
    boards: Instant,
}

impl Default for Pace {
    fn default() -> Self {
        let now = Instant::now();
        Pace {
            state: Mutex::new(State {
                all: now,
                boards: now,
            }),
        }
    }
}

/// The time one request takes of a pace of `per_second`.
fn interval(per_second: u32) -> Duration {
    Duration::from_secs(1) / per_second
}

impl Pace {
    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Waits for a slot for one of the outbox's notices: at once unless the pace is used up.
    pub(crate) async fn take(&self) {
        let at = self.reserve(Instant::now());
        tokio::time::sleep_until(at).await;
    }

    /// Takes the next slot at `now` for a notice: the moment it may be sent (`now` when the
    /// burst has one left).
    fn reserve(&self, now: Instant) -> Instant {
        let mut state = self.state();
        let step = interval(PER_SECOND);
        let slack = step * (BURST - 1);
        let at = now.max(state.all.checked_sub(slack).unwrap_or(now));
        state.all = state.all.max(now) + step;
        at
    }

    /// Takes a slot at `now` for a live board if one is free, leaving [`RESERVE`] to the
    /// notices and within [`BOARDS_PER_SECOND`]; else how long until one may be.
    pub(crate) fn try_board(&self, now: Instant) -> Result<(), Duration> {
        let mut state = self.state();
        let step = interval(PER_SECOND);
        // Free when, after it, RESERVE slots of the burst are still there.
        let slack = step * (BURST - 1 - RESERVE);
        let all_free = state.all.checked_sub(slack).unwrap_or(now);
        let free = all_free.max(state.boards);
        if free > now {
            return Err(free - now);
        }
        state.all = state.all.max(now) + step;
        state.boards = state.boards.max(now) + interval(BOARDS_PER_SECOND);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Duration = Duration::from_millis(1);

    /// The most of `times` within any second.
    fn most_in_a_second(times: &[Instant]) -> usize {
        let mut times = times.to_vec();
        times.sort();
        (0..times.len())
            .map(|i| {
                times[i..]
                    .iter()
                    .take_while(|t| t.duration_since(times[i]) < Duration::from_secs(1))
                    .count()
            })
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn a_notice_is_never_held_by_live_boards() {
        let pace = Pace::default();
        let start = Instant::now();
        // Boards take every slot they may, each millisecond for ten seconds; a notice comes
        // every 100 ms and goes at once.
        for ms in 0..10_000 {
            let now = start + MS * ms;
            while pace.try_board(now).is_ok() {}
            if ms % 100 == 0 {
                assert_eq!(pace.reserve(now), now, "a notice at {ms} ms waited");
            }
        }
        // With the boards at their most, the reserve's notices all go at once.
        let now = start + Duration::from_secs(20);
        while pace.try_board(now).is_ok() {}
        for _ in 0..RESERVE {
            assert_eq!(pace.reserve(now), now);
        }
    }

    #[test]
    fn live_boards_keep_under_their_cap_and_everything_under_discords_limit() {
        let pace = Pace::default();
        let start = Instant::now();
        let (mut boards, mut all) = (Vec::new(), Vec::new());
        for ms in 0..10_000 {
            let now = start + MS * ms;
            // A flood of notices for a second in the middle: each waits its slot.
            if (4_000..5_000).contains(&ms) && ms % 10 == 0 {
                all.push(pace.reserve(now));
            }
            while pace.try_board(now).is_ok() {
                boards.push(now);
                all.push(now);
            }
        }
        let most_boards = most_in_a_second(&boards);
        assert!(
            most_boards <= BOARDS_PER_SECOND as usize + 1,
            "{most_boards} boards in a second"
        );
        assert!(boards.len() > 150, "{} boards in 10 s", boards.len());
        let most = most_in_a_second(&all);
        assert!(most <= (PER_SECOND + BURST) as usize, "{most} in a second");
        assert!(most < 50);
        // While the notices flooded, the boards stood aside.
        let during = boards
            .iter()
            .filter(|t| (start + MS * 4_100..start + MS * 4_900).contains(t))
            .count();
        assert_eq!(during, 0, "boards sent while notices waited");
    }

    #[test]
    fn notices_beyond_the_burst_wait_their_turn_at_the_pace() {
        let pace = Pace::default();
        let now = Instant::now();
        let at: Vec<Instant> = (0..BURST + 2).map(|_| pace.reserve(now)).collect();
        assert!(at[..BURST as usize].iter().all(|t| *t == now));
        let step = interval(PER_SECOND);
        assert_eq!(at[BURST as usize], now + step);
        assert_eq!(at[BURST as usize + 1], now + step * 2);
        // The boards wait until the notices are through and the reserve is back.
        let wait = pace.try_board(now).expect_err("no room for a board");
        assert!(wait > step * 2, "{wait:?}");
    }
}
