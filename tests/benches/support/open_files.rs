//! The open files a benchmark with many connections needs (each connection is a file at both
//! ends, both in the benchmark's process).

/// Raises the soft limit on open files to the hard one, and says when `needed` files (for
/// `what`) may still not fit.
#[cfg(target_os = "linux")]
pub fn raise(needed: u64, what: &str) {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit read and write the one rlimit passed.
    let soft = unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &raw mut limit) != 0 {
            return;
        }
        limit.rlim_cur = limit.rlim_max;
        libc::setrlimit(libc::RLIMIT_NOFILE, &raw const limit);
        libc::getrlimit(libc::RLIMIT_NOFILE, &raw mut limit);
        limit.rlim_cur
    };
    if soft < needed {
        println!(
            "open files limited to {soft}; {what} need about {needed} (raise the hard limit: \
             ulimit -Hn)"
        );
    }
}

#[cfg(not(target_os = "linux"))]
pub fn raise(_needed: u64, _what: &str) {}
