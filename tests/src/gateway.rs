//! The gateway WebSocket: HELLO, IDENTIFY/RESUME, READY, heartbeats and dispatches.
//!
//! One connection at a time receives dispatches. Events dispatched while no session is ready are
//! queued and delivered, in order, right after the next READY. Sequence numbers increase within a
//! session, start again at 1 on a new IDENTIFY and carry on across a RESUME. As on Discord, a
//! RESUME first replays every dispatch of the session numbered after the client's `seq`, so an
//! event written to a connection that was already going away is not lost.

use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::StreamExt;
use serde_json::{Value, json};
use serenity::model::id::InteractionId;
use tokio::sync::{mpsc, watch};
use tracing::{debug, info, warn};

use crate::state::Shared;

/// How long a new connection may take to IDENTIFY or RESUME before it is closed.
const IDENTIFY_TIMEOUT: Duration = Duration::from_secs(30);

/// How many of a session's dispatches are kept for a RESUME to replay.
const REPLAY_LIMIT: usize = 10_000;

/// What the gateway has seen so far, for tests to inspect.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GatewayStatus {
    /// WebSocket connections accepted.
    pub connections: u32,
    /// The `d` of the last IDENTIFY received.
    pub identify: Option<Value>,
    /// READY dispatches sent.
    pub readies: u32,
    /// RESUMEs accepted: the missed dispatches and RESUMED are queued and the connection is ready.
    pub resumes: u32,
    /// Heartbeats received (each answered with op 11).
    pub heartbeats: u64,
    /// The current session, if any.
    pub session_id: Option<String>,
    /// The last sequence number sent.
    pub seq: u64,
}

/// A frame queued for the connected session.
#[derive(Clone, Debug)]
pub(crate) enum Outgoing {
    /// A dispatch (op 0) with event name `t` and data `d`.
    Dispatch { event: String, data: Value },
    /// Op 7: asks the client to reconnect and resume.
    Reconnect,
    /// Op 9 with `d: false`: the session is gone, the client must identify again.
    InvalidSession,
    /// A dispatch sent before, numbered `seq`, sent again on a RESUME.
    Replay(Numbered),
    /// Closes the connection with this close code; the session stays resumable.
    Close(u16),
}

/// A dispatch with its sequence number in the session.
#[derive(Clone, Debug)]
pub(crate) struct Numbered {
    seq: u64,
    event: String,
    data: Value,
}

/// Routes queued frames to the ready connection and tracks [`GatewayStatus`].
#[derive(Debug)]
pub(crate) struct Gateway {
    route: Mutex<Route>,
    status: watch::Sender<GatewayStatus>,
    session_counter: std::sync::atomic::AtomicU64,
    /// While `true` the gateway is out of reach: connections are closed and new ones refused.
    unreachable: watch::Sender<bool>,
}

#[derive(Debug, Default)]
struct Route {
    /// The ready connection's queue.
    live: Option<mpsc::UnboundedSender<Outgoing>>,
    /// Frames waiting for a ready connection.
    pending: Vec<Outgoing>,
    /// The session's dispatches, oldest first, for a RESUME to replay.
    sent: std::collections::VecDeque<Numbered>,
}

impl Route {
    fn is_live(&self, sender: &mpsc::UnboundedSender<Outgoing>) -> bool {
        self.live
            .as_ref()
            .is_some_and(|live| live.same_channel(sender))
    }

    /// Makes `sender` the ready connection, handing it every queued frame first.
    fn go_live(&mut self, sender: &mpsc::UnboundedSender<Outgoing>) {
        for frame in self.pending.drain(..) {
            // The receiver is alive: the caller holds it.
            let _ = sender.send(frame);
        }
        self.live = Some(sender.clone());
    }
}

impl Gateway {
    pub(crate) fn new() -> Self {
        Self {
            route: Mutex::new(Route::default()),
            status: watch::Sender::new(GatewayStatus::default()),
            session_counter: std::sync::atomic::AtomicU64::new(0),
            unreachable: watch::Sender::new(false),
        }
    }

    /// Puts the gateway out of reach (`true`: the open connection is closed, new ones are
    /// refused with 503) or back.
    pub(crate) fn set_unreachable(&self, unreachable: bool) {
        self.unreachable.send_replace(unreachable);
    }

    fn route(&self) -> MutexGuard<'_, Route> {
        self.route.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Sends `frame` to the ready connection, or queues it until there is one.
    pub(crate) fn send(&self, frame: Outgoing) {
        let mut route = self.route();
        let undelivered = match &route.live {
            Some(live) => live
                .send(frame)
                .err()
                .map(|mpsc::error::SendError(frame)| frame),
            None => Some(frame),
        };
        if let Some(frame) = undelivered {
            // A closed queue means its connection is gone: wait for the next one.
            route.live = None;
            route.pending.push(frame);
        }
    }

    /// Makes `sender` the ready connection, handing it every queued frame first.
    fn go_live(&self, sender: &mpsc::UnboundedSender<Outgoing>) {
        self.route().go_live(sender);
    }

    /// Forgets `sender` if it is the ready connection.
    fn go_dead(&self, sender: &mpsc::UnboundedSender<Outgoing>) {
        let mut route = self.route();
        if route.is_live(sender) {
            route.live = None;
        }
    }

    /// Gives a dispatch the session's next sequence number and keeps it for a RESUME.
    fn number(&self, route: &mut Route, event: String, data: Value) -> Numbered {
        let mut seq = 0;
        self.update(|s| {
            s.seq += 1;
            seq = s.seq;
        });
        let numbered = Numbered { seq, event, data };
        if route.sent.len() == REPLAY_LIMIT {
            route.sent.pop_front();
        }
        route.sent.push_back(numbered.clone());
        numbered
    }

    /// Numbers a dispatch for the connection of `sender` if it is still the ready one; otherwise
    /// routes it again (to the connection that replaced it, or to the queue).
    fn number_if_live(
        &self,
        sender: &mpsc::UnboundedSender<Outgoing>,
        event: String,
        data: Value,
    ) -> Option<Numbered> {
        let mut route = self.route();
        if route.is_live(sender) {
            return Some(self.number(&mut route, event, data));
        }
        drop(route);
        self.send(Outgoing::Dispatch { event, data });
        None
    }

    /// Starts a new session: numbering starts again at 1 and nothing is left to replay.
    fn start_session(&self, session_id: &str, identify: Value) {
        let mut route = self.route();
        route.sent.clear();
        self.update(|s| {
            s.identify = Some(identify);
            s.session_id = Some(session_id.to_owned());
            s.seq = 0;
        });
    }

    /// Resumes the session on the connection of `sender`: queues every dispatch numbered after
    /// `seen`, then RESUMED, then makes the connection the ready one.
    fn resume(&self, sender: &mpsc::UnboundedSender<Outgoing>, seen: u64) {
        let mut route = self.route();
        let missed: Vec<Numbered> = route
            .sent
            .iter()
            .filter(|frame| frame.seq > seen)
            .cloned()
            .collect();
        debug!("fake gateway: RESUME replays {} dispatches", missed.len());
        for frame in missed {
            // The receiver is alive: the caller holds it.
            let _ = sender.send(Outgoing::Replay(frame));
        }
        let resumed = self.number(
            &mut route,
            "RESUMED".to_owned(),
            json!({"_trace": ["fake-discord"]}),
        );
        let _ = sender.send(Outgoing::Replay(resumed));
        route.go_live(sender);
        self.update(|s| s.resumes += 1);
    }

    pub(crate) fn status(&self) -> GatewayStatus {
        self.status.borrow().clone()
    }

    pub(crate) fn subscribe(&self) -> watch::Receiver<GatewayStatus> {
        self.status.subscribe()
    }

    fn update(&self, change: impl FnOnce(&mut GatewayStatus)) {
        self.status.send_modify(change);
    }
}

/// State of one connection.
struct Connection<'a> {
    shared: &'a Shared,
    socket: WebSocket,
    queue_tx: mpsc::UnboundedSender<Outgoing>,
    /// Set once IDENTIFY or RESUME succeeded.
    session: Option<String>,
}

/// The axum handler of the gateway path: upgrades to a WebSocket served by [`run`].
pub(crate) async fn upgrade(
    axum::extract::State(shared): axum::extract::State<std::sync::Arc<Shared>>,
    ws: axum::extract::ws::WebSocketUpgrade,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    if *shared.gateway.unreachable.borrow() {
        return axum::http::StatusCode::SERVICE_UNAVAILABLE.into_response();
    }
    ws.on_upgrade(move |socket| run(shared, socket))
}

/// Serves one gateway WebSocket connection until it closes or the stand-in shuts down.
pub(crate) async fn run(shared: std::sync::Arc<Shared>, socket: WebSocket) {
    let (queue_tx, mut queue_rx) = mpsc::unbounded_channel();
    let mut shutdown = shared.shutdown.subscribe();
    let mut unreachable = shared.gateway.unreachable.subscribe();
    shared.gateway.update(|s| s.connections += 1);
    let mut connection = Connection {
        shared: &shared,
        socket,
        queue_tx,
        session: None,
    };
    // Marks the current value seen, so `changed()` below fires on any later shutdown.
    let already_down = *shutdown.borrow_and_update();
    if already_down {
        connection.close(1001, "stand-in shutting down").await;
        return;
    }

    let hello = json!({"op": 10, "s": null, "t": null, "d": {"heartbeat_interval": shared.heartbeat_interval_ms()}});
    if connection.send_json(&hello).await.is_err() {
        return;
    }
    let identify_deadline = tokio::time::sleep(IDENTIFY_TIMEOUT);
    tokio::pin!(identify_deadline);

    loop {
        tokio::select! {
            frame = connection.socket.next() => {
                let text = match frame {
                    Some(Ok(Message::Text(text))) => text.to_string(),
                    Some(Ok(Message::Binary(_))) => {
                        warn!("fake gateway: binary frame ignored (ETF is not supported)");
                        continue;
                    },
                    Some(Ok(Message::Close(_))) | None => break,
                    Some(Ok(_)) => continue,
                    Some(Err(e)) => {
                        debug!("fake gateway: connection error: {e}");
                        break;
                    },
                };
                match connection.receive(&text).await {
                    Ok(Flow::Continue) => {},
                    Ok(Flow::Close) | Err(_) => break,
                }
            },
            Some(frame) = queue_rx.recv(), if connection.session.is_some() => {
                if connection.send_outgoing(frame).await.is_err() {
                    break;
                }
            },
            () = &mut identify_deadline, if connection.session.is_none() => {
                warn!("fake gateway: no IDENTIFY within {IDENTIFY_TIMEOUT:?}, closing");
                connection.close(4003, "Not authenticated.").await;
                break;
            },
            _ = shutdown.changed() => {
                connection.close(1001, "stand-in shutting down").await;
                break;
            },
            _ = unreachable.changed() => {
                // No close frame: the network is gone, as far as the client can tell.
                if *unreachable.borrow_and_update() {
                    break;
                }
            },
        }
    }
    shared.gateway.go_dead(&connection.queue_tx);
    // Dispatches still queued for this connection go to the next one.
    queue_rx.close();
    while let Ok(frame) = queue_rx.try_recv() {
        if let Outgoing::Dispatch { .. } = frame {
            shared.gateway.send(frame);
        }
    }
}

enum Flow {
    Continue,
    Close,
}

/// The connection is gone; nothing more can be sent.
struct Gone;

impl Connection<'_> {
    async fn send_json(&mut self, value: &Value) -> Result<(), Gone> {
        self.socket
            .send(Message::Text(value.to_string().into()))
            .await
            .map_err(|e| {
                debug!("fake gateway: send failed: {e}");
                Gone
            })
    }

    async fn close(&mut self, code: u16, reason: &'static str) {
        let frame = CloseFrame {
            code,
            reason: reason.into(),
        };
        let _ = self.socket.send(Message::Close(Some(frame))).await;
    }

    /// Sends a dispatch with the session's next sequence number.
    async fn dispatch(&mut self, event: &str, data: Value) -> Result<(), Gone> {
        let gateway = &self.shared.gateway;
        let numbered = gateway.number(&mut gateway.route(), event.to_owned(), data);
        self.send_numbered(numbered).await
    }

    async fn send_numbered(&mut self, frame: Numbered) -> Result<(), Gone> {
        let Numbered { seq, event, data } = frame;
        if event == "INTERACTION_CREATE"
            && let Some(id) = data["id"].as_str().and_then(|id| id.parse().ok())
        {
            // Discord's 3 s start now, not when the test queued the event.
            self.shared.mark_dispatched(InteractionId::new(id));
        }
        debug!("fake gateway: dispatch {event} s={seq}");
        self.send_json(&json!({"op": 0, "s": seq, "t": event, "d": data}))
            .await
    }

    async fn send_outgoing(&mut self, frame: Outgoing) -> Result<(), Gone> {
        match frame {
            Outgoing::Dispatch { event, data } => {
                match self
                    .shared
                    .gateway
                    .number_if_live(&self.queue_tx, event, data)
                {
                    Some(numbered) => self.send_numbered(numbered).await,
                    // Another connection took over: the frame went to it.
                    None => Ok(()),
                }
            }
            Outgoing::Replay(numbered) => self.send_numbered(numbered).await,
            Outgoing::Reconnect => {
                self.send_json(&json!({"op": 7, "s": null, "t": null, "d": null}))
                    .await
            }
            Outgoing::Close(code) => {
                self.close(code, "Closed by the test.").await;
                Err(Gone)
            }
            Outgoing::InvalidSession => {
                self.shared.gateway.update(|s| s.session_id = None);
                self.session = None;
                self.shared.gateway.go_dead(&self.queue_tx);
                self.send_json(&json!({"op": 9, "s": null, "t": null, "d": false}))
                    .await
            }
        }
    }

    async fn receive(&mut self, text: &str) -> Result<Flow, Gone> {
        let Ok(frame) = serde_json::from_str::<Value>(text) else {
            warn!("fake gateway: invalid JSON frame: {text}");
            self.close(4002, "Decode error.").await;
            return Ok(Flow::Close);
        };
        let data = frame.get("d").cloned().unwrap_or(Value::Null);
        match frame.get("op").and_then(Value::as_u64) {
            Some(1) => {
                self.shared.gateway.update(|s| s.heartbeats += 1);
                self.send_json(&json!({"op": 11, "s": null, "t": null, "d": null}))
                    .await?;
            }
            Some(2) => return self.identify(data).await,
            Some(6) => return self.resume(&data).await,
            // Presence updates, voice state updates, member requests: nothing to answer.
            Some(3 | 4 | 8 | 31) => {}
            other => {
                warn!("fake gateway: unknown opcode {other:?}: {text}");
                self.close(4001, "Unknown opcode.").await;
                return Ok(Flow::Close);
            }
        }
        Ok(Flow::Continue)
    }

    fn token_ok(&self, data: &Value) -> bool {
        let sent = data
            .get("token")
            .and_then(Value::as_str)
            .unwrap_or_default();
        strip_bot(sent) == strip_bot(&self.shared.config.token)
    }

    async fn identify(&mut self, data: Value) -> Result<Flow, Gone> {
        if self.session.is_some() {
            self.close(4005, "Already authenticated.").await;
            return Ok(Flow::Close);
        }
        if !self.token_ok(&data) {
            warn!("fake gateway: IDENTIFY with a wrong token");
            self.close(4004, "Authentication failed.").await;
            return Ok(Flow::Close);
        }
        let number = self
            .shared
            .gateway
            .session_counter
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let session_id = format!("fake-session-{number}");
        info!("fake gateway: IDENTIFY accepted, session {session_id}");
        self.shared.gateway.start_session(&session_id, data);
        let config = &self.shared.config;
        let ready = crate::payloads::ready(
            &config.bot,
            config.application_id,
            &[config.guild_id],
            &session_id,
            &config.gateway_url,
        );
        self.dispatch("READY", ready).await?;
        self.shared.gateway.update(|s| s.readies += 1);
        let guild = self.shared.guild_create();
        self.dispatch("GUILD_CREATE", guild).await?;
        self.session = Some(session_id);
        self.shared.gateway.go_live(&self.queue_tx);
        Ok(Flow::Continue)
    }

    async fn resume(&mut self, data: &Value) -> Result<Flow, Gone> {
        let current = self.shared.gateway.status().session_id;
        let asked = data.get("session_id").and_then(Value::as_str);
        if !self.token_ok(data) || current.is_none() || asked != current.as_deref() {
            info!("fake gateway: RESUME of an unknown session, answering INVALID_SESSION");
            self.send_json(&json!({"op": 9, "s": null, "t": null, "d": false}))
                .await?;
            return Ok(Flow::Continue);
        }
        info!("fake gateway: RESUME accepted");
        let seen = data.get("seq").and_then(Value::as_u64).unwrap_or(0);
        self.session = current;
        self.shared.gateway.resume(&self.queue_tx, seen);
        Ok(Flow::Continue)
    }
}

fn strip_bot(token: &str) -> &str {
    token.strip_prefix("Bot ").unwrap_or(token)
}
