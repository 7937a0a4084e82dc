//! Waiting for something to happen: the tests' one polling loop.
//!
//! A test that waits for another task, process or machine asks [`eventually`] with what it waits
//! for and a probe that looks once. The probe is asked again after a short sleep until it
//! answers; the deadline, [`EVENTUALLY`], is generous, since it exists only to end a test that
//! would otherwise hang, never to say how fast anything must be: a loaded machine passes as long
//! as the thing happens at all. When the deadline passes, the test fails naming what it waited
//! for and what the probe saw last.
//!
//! ```
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() {
//! use dama_tests::eventually;
//! let mut polls = 0;
//! let third = eventually("the third poll", async || {
//!     polls += 1;
//!     if polls == 3 { Ok(polls) } else { Err(format!("poll {polls}")) }
//! })
//! .await;
//! assert_eq!(third, 3);
//! # }
//! ```

use std::fmt::Debug;
use std::time::Duration;

/// How long [`eventually`] waits before failing: long enough that only a test that would never
/// finish reaches it.
pub const EVENTUALLY: Duration = Duration::from_secs(120);

/// The sleep between two looks.
const POLL: Duration = Duration::from_millis(20);

/// A probe's answer: ready with a value, or not yet, with what it saw.
pub trait Look {
    /// What the wait returns once ready.
    type Ready;
    /// The value, or what was seen instead (for the failure's message).
    fn ready(self) -> Result<Self::Ready, String>;
}

/// `Some(value)` is ready; `None` is not yet, with nothing more to say.
impl<T> Look for Option<T> {
    type Ready = T;
    fn ready(self) -> Result<T, String> {
        self.ok_or_else(|| "nothing yet".to_owned())
    }
}

/// `Ok(value)` is ready; `Err(seen)` is not yet, and `seen` is what the failure shows.
impl<T, Seen: Debug> Look for Result<T, Seen> {
    type Ready = T;
    fn ready(self) -> Result<T, String> {
        self.map_err(|seen| format!("{seen:?}"))
    }
}

/// Asks `probe` until it is ready and returns its value; panics after [`EVENTUALLY`] naming
/// `what` and the last thing the probe saw.
///
/// # Panics
/// When the probe is not ready within [`EVENTUALLY`].
pub async fn eventually<L: Look>(what: &str, mut probe: impl AsyncFnMut() -> L) -> L::Ready {
    let deadline = tokio::time::Instant::now() + EVENTUALLY;
    loop {
        let seen = match probe().await.ready() {
            Ok(ready) => return ready,
            Err(seen) => seen,
        };
        assert!(
            tokio::time::Instant::now() < deadline,
            "{what}: not within {EVENTUALLY:?}; last seen: {seen}"
        );
        tokio::time::sleep(POLL).await;
    }
}
