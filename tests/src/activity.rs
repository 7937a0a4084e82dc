//! The Discord client's side of an Activity, as a browser test needs it: Discord
//! frames the Activity on `https://{application id}.discordsays.com/`, whose every path goes
//! through its proxy to the app's URL mapping, and the client around the frame answers the
//! Embedded App SDK's messages.
//!
//! [`ActivityHost`] is that origin on `127.0.0.1`:
//!
//! - `GET /__discord/client?user=…&guild_id=…&channel_id=…&instance_id=…&platform=…`: a page
//!   that plays the client: it frames the Activity (`/`) with the query parameters Discord adds
//!   (`frame_id`, `instance_id`, `platform`, `guild_id`, `channel_id`) and answers the SDK over
//!   `postMessage` as the SDK's source (`Discord.mjs`, `schema/*.mjs`) expects: the HANDSHAKE
//!   (opcode 0) with the READY dispatch, then each FRAME (opcode 1) command by its nonce:
//!   AUTHORIZE with a fresh OAuth2 code for the page's user, AUTHENTICATE with the user the
//!   access token belongs to, SUBSCRIBE and UNSUBSCRIBE with nothing; any other command gets an
//!   ERROR frame. Every message both ways is kept in `window.damaRpc` for the test to read.
//! - `POST /__discord/authorize`, `POST /__discord/authenticate`: the client page's own calls
//!   to "Discord" for those two answers (the stand-in's OAuth2 codes and tokens, which the bot
//!   exchanges at `POST /api/v10/oauth2/token` as it would at Discord).
//! - Everything else is the proxy: `/` goes to the URL mapping's target, `/.proxy/{path}` to the
//!   target followed by `/{path}`, as Discord forwards them, streaming the answer back (event
//!   streams included).
//!
//! The client page and the Activity share this one origin, as the SDK's origin check allows
//! (`window.location.origin`); in Discord they are `discord.com` and `discordsays.com`.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderMap, HeaderName, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};
use tokio::net::TcpListener;
use tracing::warn;

use crate::state::Shared;

/// The stand-in's origin for an Activity: the client page and Discord's proxy.
#[derive(Debug)]
pub struct ActivityHost {
    base_url: String,
    server: tokio::task::JoinHandle<()>,
}

impl Drop for ActivityHost {
    fn drop(&mut self) {
        self.server.abort();
    }
}

/// What the host's routes share.
struct Host {
    discord: Arc<Shared>,
    /// The URL mapping's target, e.g. `http://127.0.0.1:PORT/activity`.
    target: String,
    client: reqwest::Client,
    frames: AtomicU64,
}

impl ActivityHost {
    /// Serves the Activity whose URL mapping points at `target` (the bot's public URL followed
    /// by `/activity`), for the users of `discord`.
    pub(crate) async fn start(discord: Arc<Shared>, target: &str) -> std::io::Result<Self> {
        let listener = TcpListener::bind("127.0.0.1:0").await?;
        let base_url = format!("http://{}", listener.local_addr()?);
        let host = Arc::new(Host {
            discord,
            target: target.trim_end_matches('/').to_owned(),
            client: reqwest::Client::new(),
            frames: AtomicU64::new(0),
        });
        let app = Router::new()
            .route("/__discord/client", get(client_page))
            .route("/__discord/client.js", get(client_script))
            .route("/__discord/authorize", post(authorize))
            .route("/__discord/authenticate", post(authenticate))
            .fallback(proxy)
            .with_state(host);
        let server = tokio::spawn(async move {
            if let Err(e) = axum::serve(listener, app).await {
                warn!("fake discord: activity host stopped: {e}");
            }
        });
        Ok(ActivityHost { base_url, server })
    }

    /// `http://127.0.0.1:PORT`, the host's origin.
    #[must_use]
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    /// The address of the client page that opens the Activity for `user` in `channel` of
    /// `guild`, on a phone (`mobile`) or a computer (`desktop`).
    #[must_use]
    pub fn client_url(
        &self,
        user: serenity::model::id::UserId,
        guild: Option<serenity::model::id::GuildId>,
        channel: serenity::model::id::ChannelId,
        platform: &str,
    ) -> String {
        let mut query = form_urlencoded::Serializer::new(String::new());
        query.append_pair("user", &user.to_string());
        if let Some(guild) = guild {
            query.append_pair("guild_id", &guild.to_string());
        }
        query.append_pair("channel_id", &channel.to_string());
        query.append_pair("platform", platform);
        format!("{}/__discord/client?{}", self.base_url, query.finish())
    }
}

/// The pairs of a query.
fn pairs(text: &str) -> Vec<(String, String)> {
    form_urlencoded::parse(text.as_bytes())
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect()
}

fn value<'a>(pairs: &'a [(String, String)], key: &str) -> Option<&'a str> {
    pairs
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

/// `GET /__discord/client`: the client page, framing the Activity.
async fn client_page(State(host): State<Arc<Host>>, uri: Uri) -> Response {
    let query = pairs(uri.query().unwrap_or_default());
    let Some(user) = value(&query, "user")
        .and_then(|u| u.parse::<u64>().ok())
        .and_then(|id| {
            host.discord
                .store()
                .users
                .get(&serenity::model::id::UserId::new(id))
                .cloned()
        })
    else {
        return (StatusCode::BAD_REQUEST, "no such user").into_response();
    };
    let n = host.frames.fetch_add(1, Ordering::Relaxed);
    let frame_id = format!("frame-{n}");
    let instance_id = value(&query, "instance_id").map_or_else(|| format!("i-{n}"), str::to_owned);
    let mut frame = form_urlencoded::Serializer::new(String::new());
    frame
        .append_pair("frame_id", &frame_id)
        .append_pair("instance_id", &instance_id)
        .append_pair("platform", value(&query, "platform").unwrap_or("desktop"));
    for key in ["guild_id", "channel_id"] {
        if let Some(v) = value(&query, key) {
            frame.append_pair(key, v);
        }
    }
    let config = json!({
        "applicationId": host.discord.config.application_id.to_string(),
        "frameId": frame_id,
        "user": {
            "id": user.id.to_string(),
            "username": user.name,
            "discriminator": "0",
            "avatar": null,
            "global_name": user.global_name,
        },
    });
    let html = format!(
        r#"<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Discord (stand-in)</title>
<style>html, body {{ margin: 0; height: 100%; background: #313338; }} iframe {{ border: 0; width: 100%; height: 100%; display: block; }}</style>
<script type="application/json" id="client-config">{config}</script>
<script src="/__discord/client.js"></script>
</head>
<body><iframe id="activity-frame" title="Activity" src="/?{frame}"></iframe></body>
</html>
"#,
        config = config.to_string().replace('<', "\\u003c"),
        frame = frame.finish(),
    );
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], html).into_response()
}

/// `GET /__discord/client.js`: the client's side of the SDK's protocol.
async fn client_script() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        CLIENT_SCRIPT,
    )
        .into_response()
}

/// The client's side of the SDK's protocol: opcodes HANDSHAKE 0, FRAME 1, CLOSE 2; frames
/// `{cmd, nonce, evt, data}`, a command's answer carrying the command's nonce.
const CLIENT_SCRIPT: &str = r#"
(() => {
  const config = JSON.parse(document.getElementById("client-config").textContent);
  const log = (window.damaRpc = []);
  const frame = () => document.getElementById("activity-frame");
  const send = (message) => {
    log.push({ to: "activity", message });
    frame().contentWindow.postMessage(message, window.location.origin);
  };
  const answer = (cmd, nonce, data) => send([1, { cmd, nonce, evt: null, data }]);
  const refuse = (cmd, nonce, code, text) =>
    send([1, { cmd, nonce, evt: "ERROR", data: { code, message: text } }]);
  const ask = async (path, body) => {
    const response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    return { ok: response.ok, body: await response.json() };
  };
  window.addEventListener("message", async (event) => {
    if (event.source !== frame().contentWindow) return;
    const message = event.data;
    log.push({ from: "activity", message });
    if (!Array.isArray(message)) return;
    const [op, data] = message;
    if (op === 0) {
      if (data.client_id !== config.applicationId || data.frame_id !== config.frameId || data.v !== 1) {
        send([2, { code: 4000, message: "bad handshake" }]);
        return;
      }
      send([1, {
        cmd: "DISPATCH",
        evt: "READY",
        nonce: null,
        data: {
          v: 1,
          config: { cdn_host: "cdn.discordapp.com", api_endpoint: "//discord.com/api", environment: "production" },
          user: { id: config.user.id, username: config.user.username, discriminator: "0" },
        },
      }]);
      return;
    }
    if (op !== 1) return;
    const { cmd, nonce, args } = data;
    switch (cmd) {
      case "AUTHORIZE": {
        const got = await ask("/__discord/authorize", { user: config.user.id, ...args });
        if (got.ok) answer(cmd, nonce, { code: got.body.code });
        else refuse(cmd, nonce, 4002, got.body.message);
        return;
      }
      case "AUTHENTICATE": {
        const got = await ask("/__discord/authenticate", args || {});
        if (got.ok) answer(cmd, nonce, got.body);
        else refuse(cmd, nonce, 4009, got.body.message);
        return;
      }
      case "SUBSCRIBE":
      case "UNSUBSCRIBE":
        answer(cmd, nonce, { evt: data.evt });
        return;
      default:
        refuse(cmd, nonce, 1000, `unsupported command ${cmd}`);
    }
  });
})();
"#;

/// `POST /__discord/authorize` (`{user, client_id, response_type, scope}`): a fresh code for
/// the user, as the client's AUTHORIZE gives the Activity once the user approves.
async fn authorize(State(host): State<Arc<Host>>, body: Bytes) -> Response {
    let Ok(asked) = serde_json::from_slice::<Value>(&body) else {
        return refused("bad request");
    };
    let application = host.discord.config.application_id.to_string();
    if asked["client_id"].as_str() != Some(application.as_str())
        || asked["response_type"].as_str() != Some("code")
    {
        return refused("Invalid OAuth2 application (client_id)");
    }
    let identify = asked["scope"]
        .as_array()
        .is_some_and(|scopes| scopes.iter().any(|s| s.as_str() == Some("identify")));
    if !identify {
        return refused("Invalid OAuth2 scope");
    }
    let Some(user) = asked["user"]
        .as_str()
        .and_then(|u| u.parse::<u64>().ok())
        .map(serenity::model::id::UserId::new)
    else {
        return refused("no user");
    };
    let code = host.discord.oauth.issue_code(user, String::new());
    axum::Json(json!({ "code": code })).into_response()
}

/// `POST /__discord/authenticate` (`{access_token}`): the token's user and the application,
/// as the client's AUTHENTICATE answers.
async fn authenticate(State(host): State<Arc<Host>>, body: Bytes) -> Response {
    let Ok(asked) = serde_json::from_slice::<Value>(&body) else {
        return refused("bad request");
    };
    let user = asked["access_token"]
        .as_str()
        .and_then(|token| host.discord.oauth.user_of(token))
        .and_then(|id| host.discord.store().users.get(&id).cloned());
    let Some(user) = user else {
        return refused("Invalid access token");
    };
    axum::Json(json!({
        "access_token": asked["access_token"],
        "user": {
            "id": user.id.to_string(),
            "username": user.name,
            "discriminator": "0",
            "avatar": null,
            "public_flags": 0,
            "global_name": user.global_name,
        },
        "scopes": ["identify"],
        "expires": "2100-01-01T00:00:00.000000+00:00",
        "application": {
            "id": host.discord.config.application_id.to_string(),
            "name": "dama",
            "description": "",
            "icon": null,
        },
    }))
    .into_response()
}

fn refused(message: &str) -> Response {
    (
        StatusCode::UNAUTHORIZED,
        axum::Json(json!({ "message": message })),
    )
        .into_response()
}

/// Headers not passed through the proxy (hop-by-hop, or the proxy's own).
const DROPPED: [HeaderName; 4] = [
    header::HOST,
    header::CONNECTION,
    header::TRANSFER_ENCODING,
    header::CONTENT_LENGTH,
];

/// Discord's proxy: `/` to the target, `/.proxy/{path}` to the target's `/{path}`; anything
/// else is not mapped (404, as Discord answers).
async fn proxy(
    State(host): State<Arc<Host>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let path = uri.path();
    let mapped = if path == "/" {
        host.target.clone()
    } else if let Some(rest) = path.strip_prefix("/.proxy/") {
        format!("{}/{rest}", host.target)
    } else {
        return (StatusCode::NOT_FOUND, "not mapped").into_response();
    };
    let url = match uri.query() {
        Some(query) => format!("{mapped}?{query}"),
        None => mapped,
    };
    let mut request = host.client.request(method, url).body(body);
    for (name, value) in &headers {
        if !DROPPED.contains(name) {
            request = request.header(name, value);
        }
    }
    let mut answer = match request.send().await {
        Ok(answer) => answer,
        Err(e) => return (StatusCode::BAD_GATEWAY, e.to_string()).into_response(),
    };
    let mut response = Response::builder().status(answer.status().as_u16());
    for (name, value) in answer.headers() {
        if !DROPPED.contains(name) {
            response = response.header(name, value);
        }
    }
    let (tx, rx) = tokio::sync::mpsc::channel::<Result<Bytes, std::io::Error>>(16);
    tokio::spawn(async move {
        loop {
            match answer.chunk().await {
                Ok(Some(chunk)) => {
                    if tx.send(Ok(chunk)).await.is_err() {
                        return;
                    }
                }
                Ok(None) => return,
                Err(e) => {
                    let _ = tx.send(Err(std::io::Error::other(e))).await;
                    return;
                }
            }
        }
    });
    let stream = futures_util::stream::unfold(rx, |mut rx| async move {
        rx.recv().await.map(|item| (item, rx))
    });
    response
        .body(Body::from_stream(stream))
        .unwrap_or_else(|_| StatusCode::BAD_GATEWAY.into_response())
}
