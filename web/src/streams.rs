//! The bounds on the pages' event streams, each of which holds a connection (a file
//! descriptor) for as long as its page is open:
//!
//! - at most [`Streams::cap`] open at once, set from the process's limit of open files so that
//!   streams never take the descriptors the database, Discord and new connections need;
//! - at most [`PER_CLIENT`] open at once from one client (the peer's address, or behind a
//!   trusted reverse proxy the one it forwards; an IPv6 /64: see `client`);
//! - at most [`SETTING_UP`] being set up at once (the game looked up, its first state built).
//!
//! Each place is taken before anything else is done for the stream, and given back when the
//! stream ends.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};

use prometheus_client::metrics::gauge::Gauge;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::metrics::WebMetrics;

/// The most streams open at once, whatever the limit of open files.
pub const MAX_STREAMS: usize = 10_000;

/// Descriptors kept for everything but streams: the database's connections, Discord's, the
/// listeners, the endgame tables, and pages' ordinary requests.
const RESERVED_FILES: u64 = 256;

/// The most streams open at once from one client address (a household or an office behind one
/// address opens a few pages each).
pub const PER_CLIENT: usize = 32;

/// The most streams being set up at once.
pub const SETTING_UP: usize = 16;

/// The places streams take.
#[derive(Debug)]
pub(crate) struct Streams {
    open: Arc<Semaphore>,
    #[cfg(test)]
    cap: usize,
    setting_up: Arc<Semaphore>,
    clients: Clients,
    /// Streams open, for `/metrics`.
    gauge: Gauge,
}

/// Streams open per client address.
type Clients = Arc<Mutex<HashMap<IpAddr, usize>>>;

/// Why a stream was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Refused {
    /// As many streams are open as the process may hold.
    Full,
    /// This client has [`PER_CLIENT`] open.
    ClientFull,
    /// [`SETTING_UP`] streams are being set up.
    Busy,
}

impl Refused {
    /// Its name in `/metrics`.
    pub(crate) fn reason(self) -> &'static str {
        match self {
            Refused::Full => "streams_full",
            Refused::ClientFull => "client_full",
            Refused::Busy => "setting_up",
        }
    }
}

/// A stream's places: held while it is open.
#[derive(Debug)]
pub(crate) struct Place {
    _open: OwnedSemaphorePermit,
    client: Option<(IpAddr, Clients)>,
    gauge: Gauge,
}

impl Drop for Place {
    fn drop(&mut self) {
        self.gauge.dec();
        if let Some((ip, clients)) = &self.client {
            let mut clients = clients.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some(n) = clients.get_mut(ip) {
                *n -= 1;
                if *n == 0 {
                    clients.remove(ip);
                }
            }
        }
    }
}

impl Streams {
    /// Bounds for a process that may hold `open_files` descriptors (its soft limit), counted
    /// in `metrics`.
    pub(crate) fn for_open_files(open_files: u64, metrics: &WebMetrics) -> Streams {
        let cap = usize::try_from(open_files.saturating_sub(RESERVED_FILES) * 3 / 4)
            .unwrap_or(MAX_STREAMS)
            .clamp(1, MAX_STREAMS);
        metrics.streams(0, cap);
        Streams {
            open: Arc::new(Semaphore::new(cap)),
            #[cfg(test)]
            cap,
            setting_up: Arc::new(Semaphore::new(SETTING_UP)),
            clients: Arc::default(),
            gauge: metrics.open_gauge(),
        }
    }

    /// Bounds for this process, from its limit of open files.
    pub(crate) fn for_this_process(metrics: &WebMetrics) -> Streams {
        Streams::for_open_files(open_files_limit(), metrics)
    }

    /// The most streams open at once.
    #[cfg(test)]
    pub(crate) fn cap(&self) -> usize {
        self.cap
    }

    /// Streams open now.
    #[cfg(test)]
    pub(crate) fn open(&self) -> usize {
        self.cap - self.open.available_permits()
    }

    /// Takes a place for a new stream from `client`, and one among those being set up (given
    /// back once the first state is sent: drop it then).
    pub(crate) fn enter(
        &self,
        client: Option<IpAddr>,
    ) -> Result<(Place, OwnedSemaphorePermit), Refused> {
        let open = Arc::clone(&self.open)
            .try_acquire_owned()
            .map_err(|_| Refused::Full)?;
        let client = match client {
            Some(ip) => {
                let mut clients = self.clients.lock().unwrap_or_else(PoisonError::into_inner);
                let n = clients.entry(ip).or_insert(0);
                if *n >= PER_CLIENT {
                    return Err(Refused::ClientFull);
                }
                *n += 1;
                Some((ip, Arc::clone(&self.clients)))
            }
            None => None,
        };
        self.gauge.inc();
        let place = Place {
            _open: open,
            client,
            gauge: self.gauge.clone(),
        };
        let setting_up = Arc::clone(&self.setting_up)
            .try_acquire_owned()
            .map_err(|_| Refused::Busy)?;
        Ok((place, setting_up))
    }
}

/// The process's soft limit of open files (1,024 where it cannot be read).
fn open_files_limit() -> u64 {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit writes the limit into the struct it is given, which lives here.
        if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } == 0 {
            return limit.rlim_cur;
        }
    }
    1024
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cap_leaves_descriptors_for_everything_else() {
        assert_eq!(
            Streams::for_open_files(1024, &WebMetrics::default()).cap(),
            576
        );
        assert_eq!(
            Streams::for_open_files(100, &WebMetrics::default()).cap(),
            1
        );
        assert_eq!(
            Streams::for_open_files(1 << 20, &WebMetrics::default()).cap(),
            MAX_STREAMS
        );
        assert!(
            Streams::for_this_process(&WebMetrics::default()).cap()
                < usize::try_from(open_files_limit()).unwrap()
        );
    }

    #[test]
    fn a_client_holds_at_most_its_share_and_gets_it_back() {
        let streams = Streams::for_open_files(1 << 20, &WebMetrics::default());
        let ip: IpAddr = "203.0.113.7".parse().unwrap();
        let mut held: Vec<_> = (0..PER_CLIENT)
            .map(|_| streams.enter(Some(ip)).map(|(place, _)| place).unwrap())
            .collect();
        assert_eq!(streams.enter(Some(ip)).unwrap_err(), Refused::ClientFull);
        let other: IpAddr = "198.51.100.1".parse().unwrap();
        assert!(streams.enter(Some(other)).is_ok());
        held.pop();
        assert!(streams.enter(Some(ip)).is_ok());
        drop(held);
        assert_eq!(streams.open(), 0);
        assert!(streams.clients.lock().unwrap().is_empty());
    }

    #[test]
    fn set_ups_at_once_are_bounded() {
        let streams = Streams::for_open_files(1 << 20, &WebMetrics::default());
        let setting_up: Vec<_> = (0..SETTING_UP)
            .map(|_| streams.enter(None).unwrap())
            .collect();
        assert_eq!(streams.enter(None).unwrap_err(), Refused::Busy);
        assert_eq!(
            streams.open(),
            SETTING_UP,
            "the refused one gave its place back"
        );
        drop(setting_up);
        assert!(streams.enter(None).is_ok());
    }
}
