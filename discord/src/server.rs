//! The bot's HTTP server (the interactions endpoint, the metrics): HTTP/1 connections served
//! by hyper with a header read timeout, which `axum::serve` does not set. A client that sends
//! its request line and headers slowly, or nothing at all (a slowloris), is disconnected after
//! [`HEADER_WAIT`] without its request ever reaching a handler; the body's own deadline is the
//! handler's (see `endpoint`). A connection idle between two requests is closed after the same
//! wait.

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
