//! The bot's HTTP server, under both faces' routes (the Discord face's interactions endpoint
//! and monitor, the web face's pages), so that neither face serves the other: HTTP/1
//! connections served by hyper with a header read timeout, which `axum::serve` does not set.
//! A client that sends its request line and headers slowly, or nothing at all (a slowloris),
//! is disconnected after [`HEADER_WAIT`] without its request ever reaching a handler; the
//! body's own deadline is the handler's. A connection idle between two requests is closed
//! after the same wait.

use std::future::Future;
use std::io;
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use axum::http::Request;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;

/// How long a client has to send a request's line and headers (from the connection's start, or
/// from the end of its previous request) before it is disconnected.
pub const HEADER_WAIT: Duration = Duration::from_secs(5);

/// How long a stop waits for the requests under way to be answered.
const SHUTDOWN_WAIT: Duration = Duration::from_secs(5);

/// How long the server pauses after failing to accept a connection (out of file descriptors,
/// say) before it tries again.
const ACCEPT_PAUSE: Duration = Duration::from_millis(100);

/// Serves `routes` on `listener` until `stop` completes, then lets the requests under way end
/// (for at most 5 seconds) and returns.
pub async fn serve(listener: TcpListener, routes: Router, stop: impl Future<Output = ()>) {
    let graceful = GracefulShutdown::new();
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(HEADER_WAIT);
    tokio::pin!(stop);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    pause_after(&e).await;
                    continue;
                }
            },
            () = &mut stop => break,
        };
        // Each request knows the address it came from (`ConnectInfo`), as `axum::serve` tells.
        let service = tower::ServiceExt::map_request(
            routes.clone(),
            move |mut request: Request<Incoming>| {
                request.extensions_mut().insert(ConnectInfo(peer));
                request
            },
        );
        let service = TowerToHyperService::new(service);
        let connection = graceful.watch(builder.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                // A client cut off (too slow, or gone) is no fault of the bot's.
                tracing::debug!(error = %e, "an HTTP connection ended with an error");
            }
        });
    }
    drop(listener);
    if tokio::time::timeout(SHUTDOWN_WAIT, graceful.shutdown())
        .await
        .is_err()
    {
        tracing::warn!("HTTP requests were still under way at the stop; they are dropped");
    }
}

/// Logs a failed accept and waits a little: the failure is usually the process's (too many
/// open files), and retrying at once would spin.
async fn pause_after(e: &io::Error) {
    tracing::warn!(error = %e, "cannot accept an HTTP connection");
    tokio::time::sleep(ACCEPT_PAUSE).await;
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use axum::routing::get;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpStream;
    use tokio::sync::Notify;

    use super::*;

    /// A server of one route on a free port, and what stops it.
    async fn started() -> (
        std::net::SocketAddr,
        Arc<Notify>,
        tokio::task::JoinHandle<()>,
    ) {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let routes = Router::new().route(
            "/",
            get(
                |ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>| async move {
                    format!("hello {}", peer.ip())
                },
            ),
        );
        let stop = Arc::new(Notify::new());
        let stopped = Arc::clone(&stop);
        let served = tokio::spawn(serve(listener, routes, async move {
            stopped.notified().await;
        }));
        (addr, stop, served)
    }

    /// Everything the server sends on `stream` until it closes the connection.
    async fn answer(stream: &mut TcpStream) -> String {
        let mut bytes = Vec::new();
        stream.read_to_end(&mut bytes).await.unwrap();
        String::from_utf8_lossy(&bytes).into_owned()
    }

    #[tokio::test]
    async fn a_request_is_answered_knowing_where_it_came_from_and_a_stop_ends_the_server() {
        let (addr, stop, served) = started().await;
        let mut stream = TcpStream::connect(addr).await.unwrap();
        stream
            .write_all(b"GET / HTTP/1.1\r\nHost: dama\r\nConnection: close\r\n\r\n")
            .await
            .unwrap();
        let answer = answer(&mut stream).await;
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
        assert!(answer.ends_with("hello 127.0.0.1"), "{answer}");
        stop.notify_one();
        served.await.unwrap();
        assert!(
            TcpStream::connect(addr).await.is_err(),
            "the listener is closed"
        );
    }

    #[tokio::test(start_paused = true)]
    async fn a_client_that_never_finishes_its_headers_is_cut_off_after_the_wait() {
        let (addr, _stop, _served) = started().await;
        let mut stream = TcpStream::connect(addr).await.unwrap();
        stream
            .write_all(b"GET / HTTP/1.1\r\nHost: da")
            .await
            .unwrap();
        let started = tokio::time::Instant::now();
        let answer = answer(&mut stream).await;
        assert!(!answer.contains("hello"), "the handler never ran: {answer}");
        assert!(
            started.elapsed() >= HEADER_WAIT,
            "cut off after {:?}",
            started.elapsed()
        );
    }
}
