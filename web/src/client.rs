//! Who a request comes from, for the bounds kept per client (the event streams, the sign-ins):
//! the peer's address, or, when the peer is one of the trusted proxies
//! (`DAMA_TRUSTED_PROXIES`, the loopback by default), the address its `X-Forwarded-For` names,
//! followed from the right past every trusted hop to the first that is not one. A proxy
//! appends the address it was reached from to the header it received, so only the hops it and
//! the other trusted proxies added are believed: whatever a client writes in the header itself
//! sits to the left of them.
//!
//! IPv6 clients are keyed by their /64, the network one subscriber is given: a client holds
//! every address in it, so counting them one by one would count nothing.

use std::convert::Infallible;
use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::str::FromStr;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::HeaderMap;
use axum::http::request::Parts;
use ipnet::{IpNet, Ipv4Net, Ipv6Net};

/// The reverse proxies whose `X-Forwarded-For` is believed: addresses and CIDR ranges, the
/// loopback by default.
///
/// ```
/// use dama_web::TrustedProxies;
///
/// let trusted: TrustedProxies = "127.0.0.1, 172.16.0.0/12, ::1".parse()?;
/// assert!(trusted.trusts("172.17.0.1".parse()?));
/// assert!(!trusted.trusts("203.0.113.9".parse()?));
/// assert!("10.0.0.0/33".parse::<TrustedProxies>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrustedProxies(Vec<IpNet>);

/// The loopback, both families (checked when compiled: `new_assert` runs in a constant).
const LOOPBACK: [IpNet; 2] = [
    IpNet::V4(Ipv4Net::new_assert(Ipv4Addr::new(127, 0, 0, 0), 8)),
    IpNet::V6(Ipv6Net::new_assert(Ipv6Addr::LOCALHOST, 128)),
];

impl Default for TrustedProxies {
    /// The loopback: a reverse proxy on the same machine.
    fn default() -> TrustedProxies {
        TrustedProxies(LOOPBACK.to_vec())
    }
}

impl TrustedProxies {
    /// Whether `addr` is one of the trusted proxies.
    #[must_use]
    pub fn trusts(&self, addr: IpAddr) -> bool {
        let addr = canonical(addr);
        self.0.iter().any(|net| net.contains(&addr))
    }
}

/// A trusted proxies setting that is not a list of addresses and CIDR ranges.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{entry:?} is neither an IP address nor a CIDR range (such as 172.16.0.0/12)")]
pub struct TrustedProxiesError {
    /// The entry that is neither.
    pub entry: String,
}

impl FromStr for TrustedProxies {
    type Err = TrustedProxiesError;

    /// Comma-separated addresses (`127.0.0.1`, `::1`) and CIDR ranges (`172.16.0.0/12`).
    fn from_str(text: &str) -> Result<TrustedProxies, TrustedProxiesError> {
        text.split(',')
            .map(str::trim)
            .filter(|entry| !entry.is_empty())
            .map(|entry| {
                entry
                    .parse::<IpNet>()
                    .map(|net| net.trunc())
                    .or_else(|_| entry.parse::<IpAddr>().map(IpNet::from))
                    .map_err(|_| TrustedProxiesError {
                        entry: entry.to_owned(),
                    })
            })
            .collect::<Result<Vec<_>, _>>()
            .map(TrustedProxies)
    }
}

impl fmt::Display for TrustedProxies {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let nets: Vec<String> = self.0.iter().map(ToString::to_string).collect();
        f.write_str(&nets.join(","))
    }
}

/// The address a request came from, as the server recorded it (none in tests that call the
/// routes directly).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Peer(pub(crate) Option<SocketAddr>);

impl<S: Send + Sync> FromRequestParts<S> for Peer {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Peer, Infallible> {
        Ok(Peer(
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map(|info| info.0),
        ))
    }
}

/// The client a request comes from (see the module's documentation), as the bounds key it: an
/// IPv4 address, or an IPv6 /64.
pub(crate) fn client_of(
    peer: Peer,
    headers: &HeaderMap,
    trusted: &TrustedProxies,
) -> Option<IpAddr> {
    let peer = canonical(peer.0?.ip());
    if !trusted.trusts(peer) {
        return Some(key(peer));
    }
    let mut client = peer;
    let hops: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .collect();
    for hop in hops.into_iter().rev() {
        // A hop a trusted proxy wrote that is no address: nothing to its left is believed.
        let Ok(addr) = hop.trim().parse::<IpAddr>() else {
            break;
        };
        client = canonical(addr);
        if !trusted.trusts(client) {
            break;
        }
    }
    Some(key(client))
}

/// `addr`, an IPv4 address written as IPv6 (`::ffff:a.b.c.d`) as the IPv4 address it is.
fn canonical(addr: IpAddr) -> IpAddr {
    match addr {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(IpAddr::V6(v6), IpAddr::V4),
        v4 @ IpAddr::V4(_) => v4,
    }
}

/// The client `addr` is counted as: itself for IPv4, its /64 for IPv6.
fn key(addr: IpAddr) -> IpAddr {
    match addr {
        IpAddr::V4(_) => addr,
        IpAddr::V6(v6) => {
            let network = u128::from(v6) & !(u128::from(u64::MAX));
            IpAddr::V6(Ipv6Addr::from(network))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn forwarded(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", value.parse().expect("a header"));
        headers
    }

    fn peer(addr: &str) -> Peer {
        Peer(Some(SocketAddr::new(
            addr.parse().expect("an address"),
            4000,
        )))
    }

    fn ip(addr: &str) -> Option<IpAddr> {
        Some(addr.parse().expect("an address"))
    }

    #[test]
    fn a_peer_in_a_trusted_range_has_its_forwarded_client_used() {
        // Docker's port publishing: the peer is the bridge's gateway.
        let trusted: TrustedProxies = "127.0.0.1/8, 172.16.0.0/12".parse().expect("setting");
        let headers = forwarded("203.0.113.9");
        assert_eq!(
            client_of(peer("172.17.0.1"), &headers, &trusted),
            ip("203.0.113.9")
        );
        // By default only the loopback is trusted: the bridge is the client.
        assert_eq!(
            client_of(peer("172.17.0.1"), &headers, &TrustedProxies::default()),
            ip("172.17.0.1")
        );
        assert_eq!(
            client_of(peer("127.0.0.1"), &headers, &TrustedProxies::default()),
            ip("203.0.113.9")
        );
    }

    #[test]
    fn the_forwarded_chain_is_followed_from_the_right_past_trusted_hops_only() {
        let trusted: TrustedProxies = "10.0.0.0/8, ::1".parse().expect("setting");
        // The client wrote 198.51.100.1 itself; the proxies added 203.0.113.9 and 10.0.0.2.
        let headers = forwarded("198.51.100.1, 203.0.113.9, 10.0.0.2");
        assert_eq!(
            client_of(peer("10.0.0.1"), &headers, &trusted),
            ip("203.0.113.9")
        );
        assert_eq!(
            client_of(peer("::1"), &headers, &trusted),
            ip("203.0.113.9")
        );
        // Every hop trusted: the leftmost is the client.
        assert_eq!(
            client_of(peer("10.0.0.1"), &forwarded("10.0.0.3, 10.0.0.2"), &trusted),
            ip("10.0.0.3")
        );
        // A hop that is no address: the last believed one.
        assert_eq!(
            client_of(
                peer("10.0.0.1"),
                &forwarded("198.51.100.1, junk, 10.0.0.2"),
                &trusted
            ),
            ip("10.0.0.2")
        );
        // No header: the proxy itself.
        assert_eq!(
            client_of(peer("10.0.0.1"), &HeaderMap::new(), &trusted),
            ip("10.0.0.1")
        );
    }

    #[test]
    fn an_untrusted_peers_forwarded_header_is_ignored() {
        let headers = forwarded("10.0.0.1, 203.0.113.9");
        assert_eq!(
            client_of(peer("198.51.100.2"), &headers, &TrustedProxies::default()),
            ip("198.51.100.2")
        );
        assert_eq!(
            client_of(Peer(None), &headers, &TrustedProxies::default()),
            None
        );
    }

    #[test]
    fn two_ipv6_addresses_in_one_64_are_one_client() {
        let trusted = TrustedProxies::default();
        let a = client_of(peer("2001:db8:1:2::1"), &HeaderMap::new(), &trusted);
        let b = client_of(peer("2001:db8:1:2:ffff:1:2:3"), &HeaderMap::new(), &trusted);
        let other = client_of(peer("2001:db8:1:3::1"), &HeaderMap::new(), &trusted);
        assert_eq!(a, b);
        assert_eq!(a, ip("2001:db8:1:2::"));
        assert_ne!(a, other);
        // Forwarded, likewise; an IPv4 address written as IPv6 is the IPv4 address.
        let forwarded_v6 = forwarded("2001:db8:1:2::42");
        assert_eq!(client_of(peer("127.0.0.1"), &forwarded_v6, &trusted), a);
        assert_eq!(
            client_of(peer("::ffff:198.51.100.7"), &HeaderMap::new(), &trusted),
            ip("198.51.100.7")
        );
    }

    #[test]
    fn a_setting_reads_addresses_and_ranges_and_names_what_it_cannot_read() {
        let trusted: TrustedProxies = " 192.0.2.1 ,10.1.2.3/8,fd00::/8, "
            .parse()
            .expect("setting");
        assert_eq!(trusted.to_string(), "192.0.2.1/32,10.0.0.0/8,fd00::/8");
        assert!(trusted.trusts("10.200.0.1".parse().expect("address")));
        assert!(!trusted.trusts("127.0.0.1".parse().expect("address")));
        for bad in ["localhost", "10.0.0.0/33", "1.2.3", "::1/129"] {
            let error = bad.parse::<TrustedProxies>().expect_err(bad);
            assert_eq!(error.entry, bad);
        }
        assert!(TrustedProxies::default().trusts("127.0.0.53".parse().expect("address")));
        assert!(TrustedProxies::default().trusts("::1".parse().expect("address")));
    }
}
