//! The stand-in as Discord's own host: HTTPS for `discord.com` with a certificate of a test
//! certificate authority made at start, so that a client which trusts that authority and finds
//! `discord.com` at the stand-in's address ([`FakeDiscord::discord_client`]) sends exactly what
//! it would send to Discord: serenity's rate limiter on, its URLs unchanged
//! (`https://discord.com/api/v10/…`), no proxy.
//!
//! [`FakeDiscord::discord_client`]: crate::FakeDiscord::discord_client

use std::net::SocketAddr;
use std::sync::Arc;

use rcgen::{BasicConstraints, CertificateParams, IsCa, Issuer, KeyPair};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_rustls::TlsAcceptor;
use tokio_rustls::rustls::ServerConfig;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
use tokio_rustls::server::TlsStream;
use tracing::{debug, warn};

/// The host name the stand-in serves HTTPS for: the one serenity's URLs name.
pub const DISCORD_HOST: &str = "discord.com";

/// A certificate authority made for one stand-in, and the server configuration with its
/// certificate for [`DISCORD_HOST`].
pub(crate) struct Identity {
    /// The authority's certificate (PEM), for the client to trust.
    pub ca_pem: String,
    pub server: Arc<ServerConfig>,
}

impl std::fmt::Debug for Identity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Identity").finish_non_exhaustive()
    }
}

fn tls_error(e: impl std::fmt::Display) -> std::io::Error {
    std::io::Error::other(format!("test certificates: {e}"))
}

impl Identity {
    /// A new authority and a certificate for [`DISCORD_HOST`] it signed.
    pub(crate) fn new() -> std::io::Result<Identity> {
        let mut ca = CertificateParams::new(Vec::<String>::new()).map_err(tls_error)?;
        ca.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        ca.distinguished_name
            .push(rcgen::DnType::CommonName, "dama tests' Discord authority");
        let ca_key = KeyPair::generate().map_err(tls_error)?;
        let ca_pem = ca.self_signed(&ca_key).map_err(tls_error)?.pem();
        let issuer = Issuer::new(ca, ca_key);
        let leaf = CertificateParams::new(vec![DISCORD_HOST.to_owned()]).map_err(tls_error)?;
        let key = KeyPair::generate().map_err(tls_error)?;
        let cert = leaf.signed_by(&key, &issuer).map_err(tls_error)?;
        let chain: Vec<CertificateDer<'static>> = vec![cert.der().clone()];
        let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(key.serialize_der()));
        let provider = Arc::new(tokio_rustls::rustls::crypto::ring::default_provider());
        let server = ServerConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(tls_error)?
            .with_no_client_auth()
            .with_single_cert(chain, key)
            .map_err(tls_error)?;
        Ok(Identity {
            ca_pem,
            server: Arc::new(server),
        })
    }
}

/// A listener handing axum the connections whose TLS handshake succeeded; each handshake runs
/// in its own task, so a stuck client holds up no other.
pub(crate) struct TlsListener {
    accepted: mpsc::Receiver<(TlsStream<TcpStream>, SocketAddr)>,
    addr: SocketAddr,
    accepting: tokio::task::JoinHandle<()>,
}

impl TlsListener {
    /// Accepts on `listener`, handshaking as `identity`'s server.
    pub(crate) fn new(listener: TcpListener, identity: &Identity) -> std::io::Result<Self> {
        let addr = listener.local_addr()?;
        let acceptor = TlsAcceptor::from(Arc::clone(&identity.server));
        let (send, accepted) = mpsc::channel(64);
        let accepting = tokio::spawn(async move {
            loop {
                let (tcp, peer) = match listener.accept().await {
                    Ok(accepted) => accepted,
                    Err(e) => {
                        warn!("fake discord (TLS): accept failed: {e}");
                        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
                        continue;
                    }
                };
                // As on the plain port: no wait for the client's delayed ACK.
                if let Err(e) = tcp.set_nodelay(true) {
                    warn!("fake discord (TLS): cannot set TCP_NODELAY: {e}");
                }
                let acceptor = acceptor.clone();
                let send = send.clone();
                tokio::spawn(async move {
                    match acceptor.accept(tcp).await {
                        Ok(tls) => {
                            let _ = send.send((tls, peer)).await;
                        }
                        Err(e) => debug!("fake discord (TLS): handshake with {peer} failed: {e}"),
                    }
                });
            }
        });
        Ok(Self {
            accepted,
            addr,
            accepting,
        })
    }
}

impl Drop for TlsListener {
    fn drop(&mut self) {
        self.accepting.abort();
    }
}

impl axum::serve::Listener for TlsListener {
    type Io = TlsStream<TcpStream>;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        match self.accepted.recv().await {
            Some(accepted) => accepted,
            // The accepting task ended (aborted with the stand-in): nothing more comes.
            None => std::future::pending().await,
        }
    }

    fn local_addr(&self) -> std::io::Result<Self::Addr> {
        Ok(self.addr)
    }
}
