//! The pace of sign-ins (the per-client bounds): how many may start now, so that a flood of
//! made-up codes neither piles up requests here nor spends the application's rate limit at
//! Discord. Time is the service's clock's, handed in by the caller (`GameService::now`).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use dama_service::clock::Timestamp;

/// Sign-ins that may start each second, on average (each is a token exchange and a question
/// about the member at Discord's OAuth2 API).
pub(crate) const SIGN_INS_PER_SECOND: f64 = 5.0;

/// Sign-ins that may start at once after a quiet while.
pub(crate) const SIGN_IN_BURST: f64 = 10.0;

/// Sign-ins one client (see `client`) may start each second, on average: one in ten seconds.
pub(crate) const CLIENT_SIGN_INS_PER_SECOND: f64 = 1.0 / 10.0;

/// Sign-ins one client may start at once after a quiet while: a household or a club behind one
/// address signing in together, or one member trying again. Fewer than [`SIGN_IN_BURST`], so
/// that one client's junk codes run out its own bucket before they empty everyone's.
pub(crate) const CLIENT_SIGN_IN_BURST: f64 = 8.0;

/// The most clients whose buckets are kept; past it, the full ones (their client quiet for a
/// while) are forgotten, and if none is, all.
const CLIENTS_KEPT: usize = 10_000;

/// Tokens refilled at a steady rate, up to a burst.
#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    at: Timestamp,
}

impl Bucket {
    /// A full bucket of `burst` tokens at `now`.
    fn full(burst: f64, now: Timestamp) -> Bucket {
        Bucket {
            tokens: burst,
            at: now,
        }
    }

    /// Refills the bucket up to `now` at `rate` tokens a second, at most `burst`.
    fn refill(&mut self, now: Timestamp, rate: f64, burst: f64) {
        let refill = now.since(self.at).as_secs_f64() * rate;
        self.tokens = (self.tokens + refill).min(burst);
        self.at = self.at.max(now);
    }
}

/// How many sign-ins may start now: a bucket of [`CLIENT_SIGN_IN_BURST`] tokens per client
/// refilled at [`CLIENT_SIGN_INS_PER_SECOND`], in front of everyone's bucket of
/// [`SIGN_IN_BURST`] tokens refilled at [`SIGN_INS_PER_SECOND`], and a pause while Discord
/// says it is rate limited. A sign-in beyond is refused at once, without a request to Discord;
/// one refused by its client's bucket takes nothing from everyone's, so one client's junk
/// codes lock out no one else.
#[derive(Debug)]
pub(super) struct Pace(Mutex<PaceState>);

#[derive(Debug)]
struct PaceState {
    everyone: Option<Bucket>,
    clients: HashMap<IpAddr, Bucket>,
    paused_until: Option<Timestamp>,
}

impl Default for Pace {
    fn default() -> Pace {
        Pace(Mutex::new(PaceState {
            everyone: None,
            clients: HashMap::new(),
            paused_until: None,
        }))
    }
}

impl Pace {
    /// Takes a sign-in's place at `now` for `client` (none where the address is unknown: only
    /// everyone's bucket then), or says it must wait.
    pub(super) fn start(&self, now: Timestamp, client: Option<IpAddr>) -> Result<(), Throttled> {
        let mut state = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if state.paused_until.is_some_and(|until| now < until) {
            return Err(Throttled);
        }
        let mut everyone = state
            .everyone
            .unwrap_or_else(|| Bucket::full(SIGN_IN_BURST, now));
        everyone.refill(now, SIGN_INS_PER_SECOND, SIGN_IN_BURST);
        state.everyone = Some(everyone);
        if let Some(client) = client {
            if state.clients.len() >= CLIENTS_KEPT && !state.clients.contains_key(&client) {
                state.clients.retain(|_, bucket| {
                    bucket.refill(now, CLIENT_SIGN_INS_PER_SECOND, CLIENT_SIGN_IN_BURST);
                    bucket.tokens < CLIENT_SIGN_IN_BURST
                });
                if state.clients.len() >= CLIENTS_KEPT {
                    state.clients.clear();
                }
            }
            let mine = state
                .clients
                .entry(client)
                .or_insert_with(|| Bucket::full(CLIENT_SIGN_IN_BURST, now));
            mine.refill(now, CLIENT_SIGN_INS_PER_SECOND, CLIENT_SIGN_IN_BURST);
            if mine.tokens < 1.0 {
                return Err(Throttled);
            }
            if everyone.tokens >= 1.0 {
                mine.tokens -= 1.0;
            }
        }
        let everyone = state.everyone.as_mut().ok_or(Throttled)?;
        if everyone.tokens < 1.0 {
            return Err(Throttled);
        }
        everyone.tokens -= 1.0;
        Ok(())
    }

    /// Refuses every sign-in from `now` for `wait`.
    pub(super) fn pause(&self, now: Timestamp, wait: Duration) {
        let mut state = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let until = now + wait;
        state.paused_until = Some(state.paused_until.map_or(until, |before| before.max(until)));
    }
}

/// A sign-in that may not start now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Throttled;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sign_ins_start_at_a_bounded_pace_and_pause_while_discord_limits_them() {
        let pace = Pace::default();
        let start = Timestamp::from_millis(1_750_000_000_000);
        for _ in 0..10 {
            assert!(pace.start(start, None).is_ok(), "a burst of 10");
        }
        assert_eq!(pace.start(start, None), Err(Throttled));
        // A fifth of a second later, one more.
        let later = start + Duration::from_millis(200);
        assert!(pace.start(later, None).is_ok());
        assert!(pace.start(later, None).is_err());
        // A quiet while refills the burst, no more.
        let quiet = later + Duration::from_secs(60);
        for _ in 0..10 {
            assert!(pace.start(quiet, None).is_ok());
        }
        assert!(pace.start(quiet, None).is_err());
        // Discord's 429: nothing starts until its Retry-After has passed.
        let rested = quiet + Duration::from_secs(60);
        pace.pause(rested, Duration::from_secs(30));
        assert!(pace.start(rested + Duration::from_secs(29), None).is_err());
        assert!(pace.start(rested + Duration::from_secs(30), None).is_ok());
    }

    #[test]
    fn one_clients_junk_codes_run_out_its_own_bucket_and_no_one_elses() {
        let pace = Pace::default();
        let now = Timestamp::from_millis(1_750_000_000_000);
        let junk: std::net::IpAddr = "203.0.113.9".parse().expect("address");
        let mut sent = 0;
        while pace.start(now, Some(junk)).is_ok() {
            sent += 1;
            assert!(sent <= 100, "never refused");
        }
        assert_eq!(f64::from(sent), CLIENT_SIGN_IN_BURST);
        // Five a second, for nine seconds: still refused, and everyone's bucket kept.
        for tick in 1..=45 {
            let at = now + Duration::from_millis(200 * tick);
            assert_eq!(pace.start(at, Some(junk)), Err(Throttled));
        }
        let members = now + Duration::from_secs(10);
        for member in 1..=10_u8 {
            let client = std::net::IpAddr::from([198, 51, 100, member]);
            assert!(pace.start(members, Some(client)).is_ok(), "member {member}");
        }
        // Ten seconds after its bucket ran out, the junk client may try once more.
        let later = now + Duration::from_millis(10_500);
        assert!(pace.start(later, Some(junk)).is_ok());
        assert!(pace.start(later, Some(junk)).is_err());
    }
}
