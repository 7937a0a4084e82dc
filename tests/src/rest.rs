//! The REST API: every request is parsed, recorded and answered the way Discord would.
//!
//! One catch-all handler reads the method, path and body (JSON, or multipart with
//! `payload_json` and `files[n]`), applies an injected fault if one is pending, otherwise routes
//! the request, then records it together with the status it answered before replying (so a
//! test woken by the record sees the stand-in's state already updated). Unknown routes are
//! answered 404 with a Discord-style error and logged at `warn` level.
//!
//! The routes check what Discord checks and what a bot most easily gets wrong: the bot token,
//! unknown channels, messages and interactions, answering an interaction twice or with a type
//! not valid for it, follow-ups before the first answer, message limits (2,000 characters,
//! 10 embeds, 5 action rows, 5 buttons or one select per row, 25 options, unique `custom_id`s
//! of 1–100 characters), 25 autocomplete choices, command name rules, upload size, the bot's
//! channel permissions and users who do not accept DMs.
//!
//! And what durable delivery meets: a first answer after the interaction's 3 s (404, 10062), its
//! token used after 15 min (401, 50027), `nonce` with `enforce_nonce` on channel messages
//! (`nonce` module), channels the bot cannot see (403, 50001) or that were deleted (404, 10003),
//! and injected outages and cut connections (`faults`).

use std::collections::HashSet;
use std::convert::Infallible;
use std::num::NonZeroU64;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use serenity::model::Permissions;
use serenity::model::id::{ApplicationId, ChannelId, GuildId, InteractionId, MessageId, UserId};
use tracing::{debug, warn};

use crate::faults::Cut;
use crate::interactions::FakeUser;
use crate::nonce;
use crate::payloads::{self, Channel, NewMessage, Thread};
use crate::rate_limits::Verdict;
use crate::recorder::{Recorded, RecordedFile, api_relative};
use crate::state::{Shared, Store};

/// Message flag of a deferred response still "thinking".
const LOADING: u64 = 1 << 7;

/// An answer to a REST request.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Reply {
    pub status: u16,
    /// JSON body; `Null` sends no body.
    pub body: Value,
    pub headers: Vec<(&'static str, String)>,
    /// Why the request was refused, for the log.
    pub note: Option<String>,
}

impl Reply {
    pub(crate) fn json(status: u16, body: Value) -> Self {
        Self {
            status,
            body,
            headers: Vec::new(),
            note: None,
        }
    }

    pub(crate) fn ok(body: Value) -> Self {
        Self::json(200, body)
    }

    pub(crate) fn no_content() -> Self {
        Self::json(204, Value::Null)
    }

    /// A Discord JSON error (`{"code", "message"}`).
    pub(crate) fn error(status: u16, code: u32, message: &str) -> Self {
        Self::json(status, json!({"code": code, "message": message}))
    }

    /// `400 Invalid Form Body` with one error at `path`.
    pub(crate) fn invalid_form(path: &str, code: &str, message: &str) -> Self {
        let mut errors = json!({});
        errors[path] = json!({"_errors": [{"code": code, "message": message}]});
        Self::json(
            400,
            json!({"code": 50035, "message": "Invalid Form Body", "errors": errors}),
        )
        .note(format!("{path}: {message}"))
    }

    pub(crate) fn header(mut self, name: &'static str, value: String) -> Self {
        self.headers.push((name, value));
        self
    }

    /// Adds `headers` (a rate limit's), unless the answer already has one of that name.
    fn with_headers(mut self, headers: Vec<(&'static str, String)>) -> Self {
        for (name, value) in headers {
            if !self.headers.iter().any(|(n, _)| *n == name) {
                self.headers.push((name, value));
            }
        }
        self
    }

    pub(crate) fn note(mut self, note: impl Into<String>) -> Self {
        self.note = Some(note.into());
        self
    }

    /// Adds `note` to an error answer (status 400 or more) only.
    fn note_if_error(self, note: &str) -> Self {
        if self.status >= 400 {
            self.note(note)
        } else {
            self
        }
    }

    fn unknown_channel() -> Self {
        Self::error(404, 10003, "Unknown Channel")
    }

    fn unknown_message() -> Self {
        Self::error(404, 10008, "Unknown Message")
    }

    fn unknown_webhook() -> Self {
        Self::error(404, 10015, "Unknown Webhook")
    }

    pub(crate) fn missing_permissions(missing: Permissions) -> Self {
        Self::error(403, 50013, "Missing Permissions").note(format!("bot lacks {missing:?}"))
    }
}

impl IntoResponse for Reply {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let mut response = if self.body.is_null() {
            status.into_response()
        } else {
            let mut response = (status, self.body.to_string()).into_response();
            response.headers_mut().insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            );
            response
        };
        for (name, value) in self.headers {
            if let Ok(value) = HeaderValue::from_str(&value) {
                response.headers_mut().insert(name, value);
            }
        }
        response
    }
}

/// The catch-all REST handler.
pub(crate) async fn handle(
    State(shared): State<Arc<Shared>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let received = std::time::Instant::now();
    let path = uri.path().to_owned();
    let (body, files, reply) = match parse_body(&headers, body).await {
        Ok((body, files)) => (body, files, None),
        Err(why) => {
            let reply = Reply::error(400, 50109, "The request body contains invalid JSON.");
            (Value::Null, Vec::new(), Some(reply.note(why)))
        }
    };
    // A body that does not parse is refused before any fault applies.
    let fault = if reply.is_none() {
        shared.faults.take(&path)
    } else {
        None
    };
    let cut = fault.as_ref().and_then(|f| f.cut);
    let stall = fault.as_ref().map_or(Duration::ZERO, |f| f.stall);
    let reply = match (reply, fault) {
        (Some(reply), _) => reply,
        (None, Some(fault)) if fault.cut != Some(Cut::AfterHandling) => {
            fault.reply().note("injected fault")
        }
        // Past a rate limit nothing is looked at; an oversized upload is refused before
        // anything else is.
        (None, _) => match shared.rate_limits.check(method.as_str(), &path, received) {
            Verdict::Refused(refused) => refused,
            Verdict::Pass(limit_headers) => match shared.limits.check_upload(&files) {
                Err(refused) => refused,
                Ok(()) => {
                    let authorization = headers
                        .get(header::AUTHORIZATION)
                        .and_then(|v| v.to_str().ok());
                    let request = Request {
                        method: method.as_str(),
                        segments: api_relative(&path).trim_matches('/').split('/').collect(),
                        body: &body,
                        files: &files,
                        authorized: authorization == Some(&format!("Bot {}", shared.config.token)),
                    };
                    route(&shared, &request)
                }
            }
            .with_headers(limit_headers),
        },
    };
    if !stall.is_zero() {
        tokio::time::sleep(stall).await;
    }
    match (&reply.note, cut) {
        (_, Some(cut)) => warn!("fake discord: {method} {path} -> connection cut ({cut:?})"),
        (Some(note), None) => warn!("fake discord: {method} {path} -> {}: {note}", reply.status),
        (None, None) => debug!("fake discord: {method} {path} -> {}", reply.status),
    }
    shared.recorder.push(Recorded {
        index: 0,
        received,
        method: method.to_string(),
        path,
        query: uri.query().map(str::to_owned),
        body,
        files,
        // The client got no status at all.
        status: if cut.is_some() { 0 } else { reply.status },
        response: reply.body.clone(),
        response_headers: reply
            .headers
            .iter()
            .map(|(name, value)| ((*name).to_owned(), value.clone()))
            .collect(),
    });
    if cut.is_some() {
        cut_connection()
    } else {
        reply.into_response()
    }
}

/// A response whose body fails at once: hyper then drops the connection without flushing the
/// status line, so the client sees the connection closed before any answer.
fn cut_connection() -> Response {
    let failing = futures_util::stream::once(async {
        Err::<Bytes, std::io::Error>(std::io::Error::new(
            std::io::ErrorKind::ConnectionReset,
            "injected fault: connection cut",
        ))
    });
    axum::body::Body::from_stream(failing).into_response()
}

/// Reads a JSON body, or a multipart body's `payload_json` and files.
async fn parse_body(
    headers: &HeaderMap,
    body: Bytes,
) -> Result<(Value, Vec<RecordedFile>), String> {
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    if content_type.starts_with("multipart/form-data") {
        return parse_multipart(content_type, body).await;
    }
    if body.is_empty() {
        return Ok((Value::Null, Vec::new()));
    }
    serde_json::from_slice(&body)
        .map(|v| (v, Vec::new()))
        .map_err(|e| format!("invalid JSON: {e}"))
}

async fn parse_multipart(
    content_type: &str,
    body: Bytes,
) -> Result<(Value, Vec<RecordedFile>), String> {
    let boundary = multer::parse_boundary(content_type).map_err(|e| e.to_string())?;
    let stream = futures_util::stream::once(async move { Ok::<Bytes, Infallible>(body) });
    let mut multipart = multer::Multipart::new(stream, boundary);
    let mut payload = Value::Null;
    let mut other_fields = serde_json::Map::new();
    let mut files = Vec::new();
    while let Some(field) = multipart.next_field().await.map_err(|e| e.to_string())? {
        let name = field.name().unwrap_or_default().to_owned();
        let filename = field.file_name().map(str::to_owned);
        let part_type = field.content_type().map(ToString::to_string);
        let bytes = field.bytes().await.map_err(|e| e.to_string())?;
        if name == "payload_json" {
            payload = serde_json::from_slice(&bytes).map_err(|e| format!("payload_json: {e}"))?;
        } else if let Some(filename) = filename {
            files.push(RecordedFile {
                field: name,
                filename,
                content_type: part_type,
                bytes: bytes.to_vec(),
                description: None,
            });
        } else {
            other_fields.insert(name, json!(String::from_utf8_lossy(&bytes)));
        }
    }
    for file in &mut files {
        file.description = described(&payload, &file.field);
    }
    if !other_fields.is_empty() {
        match &mut payload {
            Value::Object(object) => object.extend(other_fields),
            Value::Null => payload = Value::Object(other_fields),
            _ => {}
        }
    }
    Ok((payload, files))
}

/// The `description` the body's `attachments` (those of its `data`, for an interaction
/// response) give the file of multipart field `field` (`files[n]` is the attachment whose `id`
/// is `n`, a number or a string).
fn described(payload: &Value, field: &str) -> Option<String> {
    let n = field.strip_prefix("files[")?.strip_suffix(']')?;
    let message = payload.get("data").unwrap_or(payload);
    array(message, "attachments")
        .iter()
        .find(|a| payloads::id_string(a.get("id")).as_deref() == Some(n))?
        .get("description")?
        .as_str()
        .map(str::to_owned)
}

/// A parsed request.
pub(crate) struct Request<'a> {
    method: &'a str,
    /// Path segments after `/api/v10`.
    segments: Vec<&'a str>,
    pub(crate) body: &'a Value,
    files: &'a [RecordedFile],
    /// Whether `Authorization: Bot <token>` matched.
    authorized: bool,
}

fn route(shared: &Shared, req: &Request<'_>) -> Reply {
    let segments = req.segments.as_slice();
    // Interaction and webhook routes are authorised by their token, the gateway URL by nothing.
    let needs_bot_token = !matches!(
        segments,
        ["interactions", ..] | ["webhooks", ..] | ["gateway", ..]
    );
    if needs_bot_token && !req.authorized {
        return Reply::error(401, 0, "401: Unauthorized").note("missing or wrong bot token");
    }
    let config = &shared.config;
    match (req.method, segments) {
        ("GET", ["gateway"]) => Reply::ok(json!({"url": config.gateway_url})),
        ("GET", ["gateway", "bot"]) => Reply::ok(json!({
            "url": config.gateway_url,
            "shards": 1,
            "session_start_limit": {
                "total": 1000, "remaining": 999, "reset_after": 14_400_000, "max_concurrency": 1,
            },
        })),
        ("GET", ["users", "@me"]) => Reply::ok(payloads::current_user(&config.bot)),
        ("GET", ["users", user]) => get_user(shared, user),
        ("GET", ["guilds", guild, "members", user]) => get_member(shared, guild, user),
        ("GET", ["guilds", guild, "roles"]) => match parse_id::<GuildId>(guild) {
            Some(guild) if guild == config.guild_id => {
                let store = shared.store();
                Reply::ok(crate::roles::roles_json(shared, &store))
            }
            _ => Reply::error(404, 10004, "Unknown Guild"),
        },
        (method @ ("PUT" | "DELETE"), ["guilds", guild, "members", user, "roles", role]) => {
            match (
                parse_id::<GuildId>(guild),
                parse_id::<UserId>(user),
                parse_id::<serenity::model::id::RoleId>(role),
            ) {
                (Some(guild), Some(user), Some(role)) => {
                    crate::roles::member_role(shared, guild, user, role, method == "PUT")
                }
                _ => Reply::error(404, 10011, "Unknown Role"),
            }
        }
        (method, ["guilds", guild, "scheduled-events", rest @ ..]) => {
            match parse_id::<GuildId>(guild) {
                Some(guild) => crate::scheduled_events::route(shared, req, guild, method, rest),
                None => Reply::error(404, 10004, "Unknown Guild"),
            }
        }
        ("POST", ["users", "@me", "channels"]) => create_dm(shared, req.body),
        ("GET", ["applications", "@me"] | ["oauth2", "applications", "@me"]) => {
            Reply::ok(payloads::application_info(
                config.application_id,
                &config.owner,
                &config.bot,
                &shared.endpoint.public_key(),
            ))
        }
        (method, ["applications", app, "commands", rest @ ..]) => {
            commands(shared, req, app, None, method, rest)
        }
        (method, ["applications", app, "guilds", guild, "commands", rest @ ..]) => {
            match parse_id::<GuildId>(guild) {
                Some(guild) => commands(shared, req, app, Some(guild), method, rest),
                None => Reply::error(404, 10004, "Unknown Guild"),
            }
        }
        ("POST", ["interactions", interaction, token, "callback"]) => {
            interaction_callback(shared, req, interaction, token)
        }
        (method, ["webhooks", app, token, rest @ ..]) => {
            webhook(shared, req, app, token, method, rest)
        }
        (method, ["channels", channel, rest @ ..]) => match parse_id::<ChannelId>(channel) {
            Some(channel) => channels(shared, req, channel, method, rest),
            None => Reply::unknown_channel(),
        },
        _ => Reply::error(404, 0, "404: Not Found").note("unknown route: add it to the stand-in"),
    }
}

fn parse_id<T: From<NonZeroU64>>(text: &str) -> Option<T> {
    text.parse::<NonZeroU64>().ok().map(T::from)
}

fn get_user(shared: &Shared, user: &str) -> Reply {
    let store = shared.store();
    match parse_id::<UserId>(user).and_then(|id| store.users.get(&id)) {
        Some(user) => Reply::ok(payloads::user(user)),
        None => Reply::error(404, 10013, "Unknown User"),
    }
}

/// `GET /guilds/{guild}/members/{user}`: every known user is a member of every server the
/// stand-in knows, unless they left it ([`FakeDiscord::leave_guild`](crate::FakeDiscord::leave_guild)).
fn get_member(shared: &Shared, guild: &str, user: &str) -> Reply {
    let store = shared.store();
    let Some(guild) = parse_id::<GuildId>(guild) else {
        return Reply::error(404, 10004, "Unknown Guild");
    };
    let known_guild = guild == shared.config.guild_id
        || store.channels.values().any(|c| c.guild_id() == Some(guild));
    if !known_guild {
        return Reply::error(404, 10004, "Unknown Guild");
    }
    if parse_id::<UserId>(user) == Some(shared.config.bot.id) {
        let roles = crate::roles::roles_of(shared, &store, shared.config.bot.id);
        return Reply::ok(payloads::member(&shared.config.bot, &roles, None));
    }
    match parse_id::<UserId>(user).and_then(|id| store.users.get(&id)) {
        Some(found) if !store.not_members.contains(&(guild, found.id)) => {
            let roles = crate::roles::roles_of(shared, &store, found.id);
            Reply::ok(payloads::member(found, &roles, None))
        }
        _ => Reply::error(404, 10007, "Unknown Member"),
    }
}

fn create_dm(shared: &Shared, body: &Value) -> Reply {
    let recipient = body.get("recipient_id").and_then(|v| match v {
        Value::String(s) => parse_id::<UserId>(s),
        Value::Number(n) => n.as_u64().and_then(NonZeroU64::new).map(UserId::from),
        _ => None,
    });
    let Some(recipient) = recipient else {
        return Reply::invalid_form(
            "recipient_id",
            "BASE_TYPE_REQUIRED",
            "This field is required",
        );
    };
    let channel = dm_channel(shared, &mut shared.store(), recipient);
    Reply::ok(channel.to_json())
}

/// The DM channel with `user`, created on first use.
pub(crate) fn dm_channel(shared: &Shared, store: &mut Store, user: UserId) -> Channel {
    if let Some(channel) = store
        .dm_channels
        .get(&user)
        .and_then(|id| store.channels.get(id))
    {
        return channel.clone();
    }
    let recipient = store
        .users
        .entry(user)
        .or_insert_with(|| FakeUser::new(user, format!("user{user}")))
        .clone();
    let channel = Channel::Dm {
        id: ChannelId::new(shared.snowflake()),
        recipient,
    };
    store.dm_channels.insert(user, channel.id());
    store.channels.insert(channel.id(), channel.clone());
    channel
}

// ---------------------------------------------------------------------------------------------
// Application commands

fn commands(
    shared: &Shared,
    req: &Request<'_>,
    app: &str,
    guild: Option<GuildId>,
    method: &str,
    rest: &[&str],
) -> Reply {
    if parse_id::<ApplicationId>(app) != Some(shared.config.application_id) {
        return Reply::error(404, 10002, "Unknown Application");
    }
    if guild.is_some_and(|g| g != shared.config.guild_id) {
        return Reply::error(404, 10004, "Unknown Guild");
    }
    match (method, rest) {
        ("GET", []) => Reply::ok(json!(
            shared
                .store()
                .commands
                .get(&guild)
                .cloned()
                .unwrap_or_default()
        )),
        ("PUT", []) => {
            let Some(sent) = req.body.as_array() else {
                return Reply::invalid_form("_", "BASE_TYPE_ARRAY", "Must be an array.");
            };
            if sent.len() > 100 {
                return Reply::invalid_form(
                    "_",
                    "BASE_TYPE_MAX_LENGTH",
                    "Must be 100 or fewer in length.",
                );
            }
            for (index, command) in sent.iter().enumerate() {
                if let Err(reply) = validate_command(command, &index.to_string()) {
                    return reply;
                }
            }
            let mut store = shared.store();
            let echoed: Vec<Value> = sent
                .iter()
                .map(|c| register(shared, &mut store, c, guild))
                .collect();
            store.commands.insert(guild, echoed.clone());
            Reply::ok(json!(echoed))
        }
        ("POST", []) => {
            if let Err(reply) = validate_command(req.body, "_") {
                return reply;
            }
            let mut store = shared.store();
            let echoed = register(shared, &mut store, req.body, guild);
            let list = store.commands.entry(guild).or_default();
            list.retain(|c| c["name"] != echoed["name"]);
            list.push(echoed.clone());
            Reply::json(201, echoed)
        }
        ("DELETE", [command]) => {
            let mut store = shared.store();
            let list = store.commands.entry(guild).or_default();
            let before = list.len();
            list.retain(|c| c["id"].as_str() != Some(command));
            if list.len() == before {
                Reply::error(404, 10063, "Unknown application command")
            } else {
                Reply::no_content()
            }
        }
        _ => Reply::error(404, 0, "404: Not Found").note("unknown command route"),
    }
}

/// Echoes a command back with an id, keeping the id of an earlier command of the same name.
fn register(shared: &Shared, store: &mut Store, sent: &Value, guild: Option<GuildId>) -> Value {
    let name = sent["name"].as_str().unwrap_or_default().to_owned();
    let id = *store
        .command_ids
        .entry((guild, name))
        .or_insert_with(|| shared.snowflake());
    payloads::command(sent, id, shared.config.application_id, guild)
}

fn validate_command(command: &Value, path: &str) -> Result<(), Reply> {
    let kind = command.get("type").and_then(Value::as_u64).unwrap_or(1);
    check_name(command, path, kind == 1)?;
    if kind == 1 {
        check_description(command, path)?;
    }
    check_options(command, path)
}

/// Discord's locales: the keys a `name_localizations` or `description_localizations` may use.
const LOCALES: [&str; 32] = [
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "cs", "el", "bg", "ru", "uk", "hi", "th",
    "zh-CN", "ja", "zh-TW", "ko", "tr",
];

/// `value`'s `<field>_localizations`: keyed by Discord's locales, each text checked by `check`
/// as `(localizations, locale, path)`, like the field itself.
fn check_localizations(
    value: &Value,
    field: &str,
    path: &str,
    check: impl Fn(&Value, &str, &str) -> Result<(), Reply>,
) -> Result<(), Reply> {
    let key = format!("{field}_localizations");
    let Some(localizations) = value.get(&key).filter(|l| !l.is_null()) else {
        return Ok(());
    };
    let path = format!("{path}.{key}");
    let Some(map) = localizations.as_object() else {
        return Err(Reply::invalid_form(
            &path,
            "DICT_TYPE_CONVERT",
            "Only dictionaries may be used in a DictType",
        ));
    };
    for locale in map.keys() {
        if !LOCALES.contains(&locale.as_str()) {
            return Err(Reply::invalid_form(
                &format!("{path}.{locale}"),
                "ENUM_TYPE_COERCE",
                &format!("Value \"{locale}\" is not a valid enum value."),
            ));
        }
        check(localizations, locale, &path)?;
    }
    Ok(())
}

/// A description of 1–100 characters, and its localizations.
fn check_description(value: &Value, path: &str) -> Result<(), Reply> {
    check_length(value, "description", path, 1, 100)?;
    check_localizations(value, "description", path, |l, locale, path| {
        check_length(l, locale, path, 1, 100)
    })
}

fn check_options(parent: &Value, path: &str) -> Result<(), Reply> {
    let options = array(parent, "options");
    if options.len() > 25 {
        return Err(Reply::invalid_form(
            &format!("{path}.options"),
            "BASE_TYPE_MAX_LENGTH",
            "Must be 25 or fewer in length.",
        ));
    }
    for (index, option) in options.iter().enumerate() {
        let path = format!("{path}.options.{index}");
        check_name(option, &path, true)?;
        check_description(option, &path)?;
        let choices = array(option, "choices");
        if choices.len() > 25 {
            return Err(Reply::invalid_form(
                &format!("{path}.choices"),
                "BASE_TYPE_MAX_LENGTH",
                "Must be 25 or fewer in length.",
            ));
        }
        for (index, choice) in choices.iter().enumerate() {
            let path = format!("{path}.choices.{index}");
            check_length(choice, "name", &path, 1, 100)?;
            check_localizations(choice, "name", &path, |l, locale, path| {
                check_length(l, locale, path, 1, 100)
            })?;
        }
        check_options(option, &path)?;
    }
    Ok(())
}

/// Command and option names, and their localizations: 1–32 characters; for chat input, lower
/// case letters, digits, `-` and `_`.
fn check_name(value: &Value, path: &str, chat_input: bool) -> Result<(), Reply> {
    check_name_at(value, "name", path, chat_input)?;
    check_localizations(value, "name", path, |l, locale, path| {
        check_name_at(l, locale, path, chat_input)
    })
}

/// The name `value[key]`.
fn check_name_at(value: &Value, key: &str, path: &str, chat_input: bool) -> Result<(), Reply> {
    check_length(value, key, path, 1, 32)?;
    let name = value[key].as_str().unwrap_or_default();
    let valid = name
        .chars()
        .all(|c| matches!(c, '-' | '_' | '\'') || (c.is_alphanumeric() && !c.is_uppercase()));
    if chat_input && !valid {
        return Err(Reply::invalid_form(
            &format!("{path}.{key}"),
            "APPLICATION_COMMAND_INVALID_NAME",
            "Command name is invalid",
        ));
    }
    Ok(())
}

fn check_length(value: &Value, key: &str, path: &str, min: usize, max: usize) -> Result<(), Reply> {
    let length = value
        .get(key)
        .and_then(Value::as_str)
        .map_or(0, |s| s.chars().count());
    if (min..=max).contains(&length) {
        Ok(())
    } else {
        let field = if path.is_empty() {
            key.to_owned()
        } else {
            format!("{path}.{key}")
        };
        Err(Reply::invalid_form(
            &field,
            "BASE_TYPE_BAD_LENGTH",
            &format!("Must be between {min} and {max} in length."),
        ))
    }
}

fn array<'a>(value: &'a Value, key: &str) -> &'a [Value] {
    value
        .get(key)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

// ---------------------------------------------------------------------------------------------
// Interactions

/// Callback types valid for each interaction type.
fn allowed_callbacks(interaction_kind: u8) -> &'static [u64] {
    match interaction_kind {
        // 12, LAUNCH_ACTIVITY: a command's or a component's answer (Activities enabled).
        2 => &[4, 5, 9, 12],
        3 => &[4, 5, 6, 7, 9, 12],
        4 => &[8],
        5 => &[4, 5, 6, 7],
        _ => &[],
    }
}

fn interaction_callback(
    shared: &Shared,
    req: &Request<'_>,
    interaction: &str,
    token: &str,
) -> Reply {
    let mut store = shared.store();
    let Some(id) = parse_id::<InteractionId>(interaction) else {
        return Reply::error(404, 10062, "Unknown interaction");
    };
    let Some(entry) = store
        .interactions
        .get(&id)
        .filter(|e| e.token == token)
        .cloned()
    else {
        return Reply::error(404, 10062, "Unknown interaction");
    };
    if let Some(previous) = entry.acknowledged {
        return Reply::error(400, 40060, "Interaction has already been acknowledged.")
            .note(format!("already answered with type {previous}"));
    }
    if let Err(reply) = shared.limits.check_first_callback(entry.age()) {
        return reply;
    }
    let Some(kind) = req.body.get("type").and_then(Value::as_u64) else {
        return Reply::invalid_form("type", "BASE_TYPE_REQUIRED", "This field is required");
    };
    if kind == 12 && !shared.activities.load(std::sync::atomic::Ordering::Relaxed) {
        return Reply::error(400, 50_035, "Invalid Form Body")
            .note("LAUNCH_ACTIVITY needs Activities enabled for the application");
    }
    if !allowed_callbacks(entry.kind).contains(&kind) {
        return Reply::invalid_form(
            "type",
            "INTERACTION_RESPONSE_TYPE_INVALID",
            &format!(
                "Callback type {kind} is not valid for interaction type {}",
                entry.kind
            ),
        );
    }
    let data = req.body.get("data").unwrap_or(&Value::Null);
    let Some(channel) = store.channels.get(&entry.channel_id).cloned() else {
        return Reply::unknown_channel();
    };
    let source = entry.source_message;
    let original = match kind {
        4 | 5 => {
            if kind == 4
                && let Err(reply) = validate_message(data, req.files, true, "data.")
            {
                return reply;
            }
            let message_kind = if entry.kind == 2 { 20 } else { 0 };
            let extra_flags = if kind == 5 { LOADING } else { 0 };
            let message = NewMessageSpec {
                body: data,
                files: req.files,
                kind: message_kind,
                application_id: Some(shared.config.application_id),
                extra_flags,
            };
            Some(create_message(shared, &mut store, &channel, message))
        }
        6 => source,
        7 => {
            if let Err(reply) = validate_message(data, req.files, false, "data.") {
                return reply;
            }
            let Some(source) = source else {
                return Reply::unknown_message();
            };
            if edit_message(shared, &mut store, source, data, req.files).is_none() {
                return Reply::unknown_message();
            }
            Some(source)
        }
        8 => {
            if let Err(reply) = validate_choices(data) {
                return reply;
            }
            None
        }
        9 => {
            if let Err(reply) = validate_modal(data) {
                return reply;
            }
            None
        }
        _ => None,
    };
    if let Some(entry) = store.interactions.get_mut(&id) {
        entry.acknowledged = Some(kind);
        entry.original = original;
        if let Some(original) = original {
            entry.messages.push(original);
        }
    }
    Reply::no_content()
}

fn validate_choices(data: &Value) -> Result<(), Reply> {
    let choices = array(data, "choices");
    if choices.len() > 25 {
        return Err(Reply::invalid_form(
            "data.choices",
            "BASE_TYPE_MAX_LENGTH",
            "Must be 25 or fewer in length.",
        ));
    }
    for (index, choice) in choices.iter().enumerate() {
        let path = format!("data.choices.{index}");
        check_length(choice, "name", &path, 1, 100)?;
        if let Some(value) = choice.get("value").and_then(Value::as_str) {
            if value.chars().count() > 100 {
                return Err(Reply::invalid_form(
                    &format!("{path}.value"),
                    "BASE_TYPE_BAD_LENGTH",
                    "Must be between 1 and 100 in length.",
                ));
            }
        } else if !choice.get("value").is_some_and(Value::is_number) {
            return Err(Reply::invalid_form(
                &format!("{path}.value"),
                "BASE_TYPE_REQUIRED",
                "This field is required",
            ));
        }
    }
    Ok(())
}

fn validate_modal(data: &Value) -> Result<(), Reply> {
    check_length(data, "custom_id", "data", 1, 100)?;
    check_length(data, "title", "data", 1, 45)?;
    let rows = array(data, "components").len();
    if !(1..=5).contains(&rows) {
        return Err(Reply::invalid_form(
            "data.components",
            "BASE_TYPE_BAD_LENGTH",
            "Must be between 1 and 5 in length.",
        ));
    }
    Ok(())
}

/// The interaction that owns webhook `token`, if the application id is right.
fn interaction_by_token(
    shared: &Shared,
    store: &Store,
    app: &str,
    token: &str,
) -> Option<InteractionId> {
    if parse_id::<ApplicationId>(app) != Some(shared.config.application_id) {
        return None;
    }
    store.tokens.get(token).copied()
}

fn webhook(
    shared: &Shared,
    req: &Request<'_>,
    app: &str,
    token: &str,
    method: &str,
    rest: &[&str],
) -> Reply {
    let mut store = shared.store();
    let Some(interaction) = interaction_by_token(shared, &store, app, token) else {
        return Reply::unknown_webhook().note("no interaction with this token");
    };
    let Some(entry) = store.interactions.get(&interaction).cloned() else {
        return Reply::unknown_webhook();
    };
    if let Err(reply) = shared.limits.check_token(entry.age()) {
        return reply;
    }
    if entry.acknowledged.is_none() {
        return Reply::unknown_webhook().note("the interaction has not been answered yet");
    }
    match (method, rest) {
        ("POST", []) => {
            if let Err(reply) = validate_message(req.body, req.files, true, "") {
                return reply;
            }
            let Some(channel) = store.channels.get(&entry.channel_id).cloned() else {
                return Reply::unknown_channel();
            };
            let spec = NewMessageSpec {
                body: req.body,
                files: req.files,
                kind: if entry.kind == 2 { 20 } else { 0 },
                application_id: Some(shared.config.application_id),
                extra_flags: 0,
            };
            let id = create_message(shared, &mut store, &channel, spec);
            if let Some(entry) = store.interactions.get_mut(&interaction) {
                entry.messages.push(id);
            }
            message_reply(&store, id)
        }
        (method, ["messages", message]) => {
            let target = if *message == "@original" {
                entry.original
            } else {
                parse_id::<MessageId>(message).filter(|id| entry.messages.contains(id))
            };
            let Some(target) = target else {
                return Reply::unknown_message();
            };
            match method {
                "GET" => message_reply(&store, target),
                "PATCH" => {
                    if let Err(reply) = validate_message(req.body, req.files, false, "") {
                        return reply;
                    }
                    match edit_message(shared, &mut store, target, req.body, req.files) {
                        Some(message) => Reply::ok(message),
                        None => Reply::unknown_message(),
                    }
                }
                "DELETE" => delete_message(&mut store, target),
                _ => Reply::error(405, 0, "405: Method Not Allowed"),
            }
        }
        _ => Reply::error(404, 0, "404: Not Found").note("unknown webhook route"),
    }
}

// ---------------------------------------------------------------------------------------------
// Channels and messages

fn channels(
    shared: &Shared,
    req: &Request<'_>,
    channel_id: ChannelId,
    method: &str,
    rest: &[&str],
) -> Reply {
    let mut store = shared.store();
    let Some(channel) = store.channels.get(&channel_id).cloned() else {
        return Reply::unknown_channel();
    };
    if store.inaccessible_channels.contains(&channel_id) {
        return Reply::error(403, 50001, "Missing Access")
            .note("the bot can no longer see this channel");
    }
    match (method, rest) {
        ("GET", []) => Reply::ok(channel.to_json()),
        ("PATCH", []) => edit_channel(&mut store, channel, req.body),
        ("POST", ["typing"]) => Reply::no_content(),
        ("POST", ["messages"]) => post_message(shared, &mut store, channel, req),
        ("GET", ["messages", message]) => {
            match parse_id::<MessageId>(message).filter(|m| in_channel(&store, *m, channel_id)) {
                Some(message) => message_reply(&store, message),
                None => Reply::unknown_message(),
            }
        }
        ("PATCH", ["messages", message]) => {
            let Some(message) =
                parse_id::<MessageId>(message).filter(|m| in_channel(&store, *m, channel_id))
            else {
                return Reply::unknown_message();
            };
            if let Err(reply) = validate_message(req.body, req.files, false, "") {
                return reply;
            }
            match edit_message(shared, &mut store, message, req.body, req.files) {
                Some(message) => Reply::ok(message),
                None => Reply::unknown_message(),
            }
        }
        ("DELETE", ["messages", message]) => {
            match parse_id::<MessageId>(message).filter(|m| in_channel(&store, *m, channel_id)) {
                Some(message) => delete_message(&mut store, message),
                None => Reply::unknown_message(),
            }
        }
        ("POST", ["messages", message, "threads"]) => {
            match parse_id::<MessageId>(message).filter(|m| in_channel(&store, *m, channel_id)) {
                Some(message) => {
                    create_thread(shared, &mut store, &channel, Some(message), req.body)
                }
                None => Reply::unknown_message(),
            }
        }
        ("POST", ["threads"]) => create_thread(shared, &mut store, &channel, None, req.body),
        ("PUT" | "DELETE", ["thread-members", user]) => {
            thread_member(shared, &mut store, &channel, method, user)
        }
        _ => Reply::error(404, 0, "404: Not Found").note("unknown channel route"),
    }
}

/// Adds (`PUT`) or removes (`DELETE`) a member of a thread, as Discord does: 204 whether or not
/// they were in it already; 400 50024 for a channel that is not a thread, 400 50083 for an
/// archived thread, 404 10013 for a user nobody knows (`@me` is the bot).
fn thread_member(
    shared: &Shared,
    store: &mut Store,
    channel: &Channel,
    method: &str,
    user: &str,
) -> Reply {
    let Channel::Thread(thread) = channel else {
        return Reply::error(400, 50024, "Cannot execute action on this channel type");
    };
    if thread.archived {
        return Reply::error(400, 50083, "Thread is archived");
    }
    let bot = shared.config.bot.id;
    let user = match user {
        "@me" => Some(bot),
        id => parse_id::<UserId>(id).filter(|u| *u == bot || store.users.contains_key(u)),
    };
    let Some(user) = user else {
        return Reply::error(404, 10013, "Unknown User");
    };
    let members = store.thread_members.entry(thread.id).or_default();
    if method == "PUT" {
        members.insert(user);
    } else {
        members.remove(&user);
    }
    Reply::no_content()
}

fn in_channel(store: &Store, message: MessageId, channel: ChannelId) -> bool {
    store
        .messages
        .get(&message)
        .is_some_and(|m| m["channel_id"].as_str() == Some(&channel.to_string()))
}

fn message_reply(store: &Store, message: MessageId) -> Reply {
    match store.messages.get(&message) {
        Some(message) => Reply::ok(message.clone()),
        None => Reply::unknown_message(),
    }
}

fn delete_message(store: &mut Store, message: MessageId) -> Reply {
    match store.messages.remove(&message) {
        Some(_) => Reply::no_content(),
        None => Reply::unknown_message(),
    }
}

fn edit_channel(store: &mut Store, channel: Channel, body: &Value) -> Reply {
    let updated = match channel {
        Channel::Thread(mut thread) => {
            if let Some(name) = body.get("name").and_then(Value::as_str) {
                thread.name = name.to_owned();
            }
            if let Some(archived) = body.get("archived").and_then(Value::as_bool) {
                thread.archived = archived;
            }
            if let Some(locked) = body.get("locked").and_then(Value::as_bool) {
                thread.locked = locked;
            }
            if let Some(duration) = body.get("auto_archive_duration").and_then(Value::as_u64) {
                thread.auto_archive_duration = duration;
            }
            Channel::Thread(thread)
        }
        Channel::Text {
            id,
            guild_id,
            name,
            topic,
        } => Channel::Text {
            id,
            guild_id,
            name: body
                .get("name")
                .and_then(Value::as_str)
                .map_or(name, str::to_owned),
            topic: match body.get("topic") {
                Some(topic) => topic.as_str().map(str::to_owned),
                None => topic,
            },
        },
        dm @ (Channel::Dm { .. } | Channel::GroupDm { .. }) => dm,
    };
    store.channels.insert(updated.id(), updated.clone());
    Reply::ok(updated.to_json())
}

/// Fails unless the bot has `needed` in `channel` (always passes in DMs).
fn require(store: &Store, channel: &Channel, needed: Permissions) -> Result<(), Reply> {
    if channel.guild_id().is_none() {
        return Ok(());
    }
    let missing = needed - store.bot_permissions;
    if missing.is_empty() {
        Ok(())
    } else {
        Err(Reply::missing_permissions(missing))
    }
}

fn post_message(shared: &Shared, store: &mut Store, channel: Channel, req: &Request<'_>) -> Reply {
    let mut needed = match &channel {
        Channel::Thread(_) => Permissions::SEND_MESSAGES_IN_THREADS,
        _ => Permissions::SEND_MESSAGES,
    } | Permissions::VIEW_CHANNEL;
    if !req.files.is_empty() {
        needed |= Permissions::ATTACH_FILES;
    }
    if !array(req.body, "embeds").is_empty() {
        needed |= Permissions::EMBED_LINKS;
    }
    if let Err(reply) = require(store, &channel, needed) {
        return reply;
    }
    match &channel {
        Channel::Dm { recipient, .. } if store.blocked_dms.contains(&recipient.id) => {
            return Reply::error(403, 50007, "Cannot send messages to this user")
                .note(format!("{} does not accept DMs", recipient.name));
        }
        Channel::Thread(thread) if thread.archived => {
            if thread.locked {
                return Reply::error(400, 50083, "Thread is archived")
                    .note("the thread is archived and locked");
            }
            // Sending to an archived, unlocked thread unarchives it.
            let mut thread = thread.clone();
            thread.archived = false;
            store.channels.insert(thread.id, Channel::Thread(thread));
        }
        _ => {}
    }
    if let Err(reply) = validate_message(req.body, req.files, true, "") {
        return reply;
    }
    let nonce = match nonce::parse(req.body) {
        Ok(nonce) => nonce,
        Err(reply) => return reply,
    };
    let author = shared.config.bot.id;
    let window = shared.limits.nonce_window();
    let now = Instant::now();
    if let Some(nonce) = &nonce
        && nonce::enforced(req.body)
        && let Some(earlier) = store.nonces.recent(author, nonce, window, now)
    {
        // A retry: Discord answers with the message already made and makes no other.
        debug!("fake discord: nonce {nonce} already used by message {earlier}");
        return message_reply(store, earlier)
            .note_if_error("the message with this nonce was deleted since");
    }
    let kind = if req.body.get("message_reference").is_some() {
        19
    } else {
        0
    };
    let spec = NewMessageSpec {
        body: req.body,
        files: req.files,
        kind,
        application_id: None,
        extra_flags: 0,
    };
    let id = create_message(shared, store, &channel, spec);
    if let Some(nonce) = nonce {
        store.nonces.remember(author, nonce, id, window, now);
    }
    message_reply(store, id)
}

fn create_thread(
    shared: &Shared,
    store: &mut Store,
    parent: &Channel,
    from_message: Option<MessageId>,
    body: &Value,
) -> Reply {
    let Channel::Text {
        id: parent_id,
        guild_id,
        ..
    } = parent
    else {
        return Reply::error(400, 50024, "Cannot execute action on this channel type")
            .note("threads can only be created in guild text channels");
    };
    let kind = match from_message {
        Some(_) => 11,
        None => body.get("type").and_then(Value::as_u64).unwrap_or(12),
    };
    let needed = if kind == 12 {
        Permissions::CREATE_PRIVATE_THREADS
    } else {
        Permissions::CREATE_PUBLIC_THREADS
    };
    if let Err(reply) = require(store, parent, needed) {
        return reply;
    }
    if let Err(reply) = check_length(body, "name", "", 1, 100) {
        return reply;
    }
    let auto_archive_duration = body
        .get("auto_archive_duration")
        .and_then(Value::as_u64)
        .unwrap_or(1440);
    if ![60, 1440, 4320, 10080].contains(&auto_archive_duration) {
        return Reply::invalid_form(
            "auto_archive_duration",
            "BASE_TYPE_CHOICES",
            "Value must be one of {60, 1440, 4320, 10080}.",
        );
    }
    // A thread started from a message has the message's id.
    let id = match from_message {
        Some(message) => {
            if store.channels.contains_key(&ChannelId::new(message.get())) {
                return Reply::error(
                    400,
                    160_004,
                    "A thread has already been created for this message",
                );
            }
            ChannelId::new(message.get())
        }
        None => ChannelId::new(shared.snowflake()),
    };
    let thread = Channel::Thread(Thread {
        id,
        guild_id: *guild_id,
        parent_id: *parent_id,
        owner_id: shared.config.bot.id,
        name: body["name"].as_str().unwrap_or_default().to_owned(),
        kind: u8::try_from(kind).unwrap_or(12),
        archived: false,
        locked: false,
        auto_archive_duration,
        created_at: payloads::now(),
        message_count: 0,
    });
    let json = thread.to_json();
    store.channels.insert(id, thread);
    if let Some(message) = from_message.and_then(|m| store.messages.get_mut(&m)) {
        message["thread"] = json.clone();
    }
    Reply::json(201, json)
}

/// What a new message is made of.
struct NewMessageSpec<'a> {
    body: &'a Value,
    files: &'a [RecordedFile],
    kind: u8,
    application_id: Option<ApplicationId>,
    extra_flags: u64,
}

/// Stores a new message by the bot in `channel` and returns its id.
fn create_message(
    shared: &Shared,
    store: &mut Store,
    channel: &Channel,
    spec: NewMessageSpec<'_>,
) -> MessageId {
    let id = MessageId::new(shared.snowflake());
    let attachments = attachments(shared, channel.id(), spec.body, spec.files);
    let message = payloads::message(NewMessage {
        id,
        channel,
        author: &shared.config.bot,
        body: spec.body,
        attachments,
        kind: spec.kind,
        application_id: spec.application_id,
        extra_flags: spec.extra_flags,
    });
    store.messages.insert(id, message);
    if let Some(Channel::Thread(thread)) = store.channels.get_mut(&channel.id()) {
        thread.message_count += 1;
    }
    id
}

/// Applies an edit to a stored message and returns the result.
fn edit_message(
    shared: &Shared,
    store: &mut Store,
    id: MessageId,
    body: &Value,
    files: &[RecordedFile],
) -> Option<Value> {
    let channel_id = parse_id::<ChannelId>(store.messages.get(&id)?["channel_id"].as_str()?)?;
    let new_attachments = attachments(shared, channel_id, body, files);
    let message = store.messages.get_mut(&id)?;
    payloads::apply_edit(message, body, new_attachments, true);
    // The first edit of a deferred response ends its "thinking" state.
    if let Some(flags) = message["flags"].as_u64() {
        message["flags"] = json!(flags & !LOADING);
    }
    Some(message.clone())
}

/// Attachment objects for uploaded files, with descriptions from the body's `attachments`.
fn attachments(
    shared: &Shared,
    channel: ChannelId,
    body: &Value,
    files: &[RecordedFile],
) -> Vec<Value> {
    let listed = array(body, "attachments");
    files
        .iter()
        .map(|file| {
            let description = listed
                .iter()
                .find(|a| a["filename"].as_str() == Some(&file.filename))
                .and_then(|a| a["description"].as_str());
            payloads::attachment(
                shared.snowflake(),
                channel,
                &shared.config.base_url,
                &file.filename,
                file.content_type.as_deref(),
                &file.bytes,
                description,
            )
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Message validation

/// Discord's limit on an attachment's description (its alt text).
const DESCRIPTION_LIMIT: usize = 1024;

/// Checks Discord's message limits. `creating` adds the "not empty" rule; `prefix` is put
/// before error paths (`data.` inside interaction callbacks).
fn validate_message(
    body: &Value,
    files: &[RecordedFile],
    creating: bool,
    prefix: &str,
) -> Result<(), Reply> {
    let content = body
        .get("content")
        .and_then(Value::as_str)
        .unwrap_or_default();
    if content.chars().count() > 2000 {
        return Err(Reply::invalid_form(
            &format!("{prefix}content"),
            "BASE_TYPE_MAX_LENGTH",
            "Must be 2000 or fewer in length.",
        ));
    }
    let embeds = array(body, "embeds");
    if embeds.len() > 10 {
        return Err(Reply::invalid_form(
            &format!("{prefix}embeds"),
            "BASE_TYPE_MAX_LENGTH",
            "Must be 10 or fewer in length.",
        ));
    }
    let embed_chars: usize = embeds.iter().map(embed_length).sum();
    if embed_chars > 6000 {
        return Err(Reply::invalid_form(
            &format!("{prefix}embeds"),
            "MAX_EMBED_SIZE_EXCEEDED",
            "Embed size exceeds maximum size of 6000",
        ));
    }
    validate_components(array(body, "components"), prefix)?;
    for (i, attachment) in array(body, "attachments").iter().enumerate() {
        let description = attachment.get("description").and_then(Value::as_str);
        if description.is_some_and(|d| d.chars().count() > DESCRIPTION_LIMIT) {
            return Err(Reply::invalid_form(
                &format!("{prefix}attachments.{i}.description"),
                "BASE_TYPE_MAX_LENGTH",
                "Must be 1024 or fewer in length.",
            ));
        }
    }
    let empty = content.is_empty()
        && embeds.is_empty()
        && array(body, "components").is_empty()
        && files.is_empty()
        && array(body, "sticker_ids").is_empty()
        && body.get("poll").is_none_or(Value::is_null);
    if creating && empty {
        return Err(Reply::error(400, 50006, "Cannot send an empty message"));
    }
    Ok(())
}

/// Characters counted against the 6,000 embed limit.
fn embed_length(embed: &Value) -> usize {
    let text = |v: &Value, key: &str| {
        v.get(key)
            .and_then(Value::as_str)
            .map_or(0, |s| s.chars().count())
    };
    let mut length = text(embed, "title") + text(embed, "description");
    length += embed.get("footer").map_or(0, |f| text(f, "text"));
    length += embed.get("author").map_or(0, |a| text(a, "name"));
    length += array(embed, "fields")
        .iter()
        .map(|f| text(f, "name") + text(f, "value"))
        .sum::<usize>();
    length
}

fn validate_components(rows: &[Value], prefix: &str) -> Result<(), Reply> {
    let path = format!("{prefix}components");
    if rows.len() > 5 {
        return Err(Reply::invalid_form(
            &path,
            "BASE_TYPE_MAX_LENGTH",
            "Must be 5 or fewer in length.",
        ));
    }
    let mut custom_ids = HashSet::new();
    for (r, row) in rows.iter().enumerate() {
        let row_path = format!("{path}.{r}");
        if row.get("type").and_then(Value::as_u64) != Some(1) {
            return Err(Reply::invalid_form(
                &format!("{row_path}.type"),
                "UNION_TYPE_CHOICES",
                "Top-level components must be action rows",
            ));
        }
        let children = array(row, "components");
        let selects = children.iter().filter(|c| is_select(c)).count();
        let too_wide = children.len() > 5 || (selects > 0 && children.len() > 1);
        if children.is_empty() || too_wide {
            return Err(Reply::invalid_form(
                &format!("{row_path}.components"),
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "The specified component exceeds the maximum width",
            ));
        }
        for (c, component) in children.iter().enumerate() {
            validate_component(
                component,
                &format!("{row_path}.components.{c}"),
                &mut custom_ids,
            )?;
        }
    }
    Ok(())
}

fn is_select(component: &Value) -> bool {
    matches!(
        component.get("type").and_then(Value::as_u64),
        Some(3 | 5 | 6 | 7 | 8)
    )
}

fn validate_component(
    component: &Value,
    path: &str,
    custom_ids: &mut HashSet<String>,
) -> Result<(), Reply> {
    let kind = component.get("type").and_then(Value::as_u64).unwrap_or(0);
    let style = component.get("style").and_then(Value::as_u64).unwrap_or(0);
    let is_link = kind == 2 && (style == 5 || style == 6);
    if is_link {
        if style == 5 && component.get("url").and_then(Value::as_str).is_none() {
            return Err(Reply::invalid_form(
                &format!("{path}.url"),
                "BASE_TYPE_REQUIRED",
                "This field is required",
            ));
        }
    } else {
        check_length(component, "custom_id", path, 1, 100)?;
        let custom_id = component["custom_id"].as_str().unwrap_or_default();
        if !custom_ids.insert(custom_id.to_owned()) {
            return Err(Reply::invalid_form(
                &format!("{path}.custom_id"),
                "COMPONENT_CUSTOM_ID_DUPLICATED",
                "Component custom id cannot be duplicated",
            ));
        }
    }
    match kind {
        2 => {
            let label = component
                .get("label")
                .and_then(Value::as_str)
                .map_or(0, |l| l.chars().count());
            if label > 80 {
                return Err(Reply::invalid_form(
                    &format!("{path}.label"),
                    "BASE_TYPE_MAX_LENGTH",
                    "Must be 80 or fewer in length.",
                ));
            }
            if label == 0 && component.get("emoji").is_none_or(Value::is_null) {
                return Err(Reply::invalid_form(
                    &format!("{path}.label"),
                    "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED",
                    "A button needs a label or an emoji",
                ));
            }
        }
        3 => {
            let options = array(component, "options");
            if !(1..=25).contains(&options.len()) {
                return Err(Reply::invalid_form(
                    &format!("{path}.options"),
                    "BASE_TYPE_BAD_LENGTH",
                    "Must be between 1 and 25 in length.",
                ));
            }
            let mut values = HashSet::new();
            for (o, option) in options.iter().enumerate() {
                let option_path = format!("{path}.options.{o}");
                check_length(option, "label", &option_path, 1, 100)?;
                check_length(option, "value", &option_path, 1, 100)?;
                if !values.insert(option["value"].as_str().unwrap_or_default()) {
                    return Err(Reply::invalid_form(
                        &format!("{option_path}.value"),
                        "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                        "Select component option values cannot be duplicated",
                    ));
                }
            }
            let min = component
                .get("min_values")
                .and_then(Value::as_u64)
                .unwrap_or(1);
            let max = component
                .get("max_values")
                .and_then(Value::as_u64)
                .unwrap_or(1);
            let count = u64::try_from(options.len()).unwrap_or(u64::MAX);
            if min > 25 || max == 0 || max > count || min > max {
                return Err(Reply::invalid_form(
                    &format!("{path}.max_values"),
                    "BASE_TYPE_BAD_VALUE",
                    "min_values/max_values do not fit the options",
                ));
            }
        }
        5..=8 => {}
        other => {
            return Err(Reply::invalid_form(
                &format!("{path}.type"),
                "UNION_TYPE_CHOICES",
                &format!("Component type {other} is not valid in a message action row"),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(n_rows: usize, n_buttons: usize) -> Value {
        let rows: Vec<Value> = (0..n_rows)
            .map(|r| {
                let buttons: Vec<Value> = (0..n_buttons)
                    .map(|b| json!({"type": 2, "style": 1, "label": "x", "custom_id": format!("{r}-{b}")}))
                    .collect();
                json!({"type": 1, "components": buttons})
            })
            .collect();
        json!({"content": "board", "components": rows})
    }

    fn code(result: Result<(), Reply>) -> Option<u64> {
        result.err().and_then(|r| r.body["code"].as_u64())
    }

    #[test]
    fn a_5x5_button_grid_passes_but_not_a_6th_row_or_button() {
        assert!(validate_message(&rows(5, 5), &[], true, "").is_ok());
        assert_eq!(
            code(validate_message(&rows(6, 1), &[], true, "")),
            Some(50035)
        );
        assert_eq!(
            code(validate_message(&rows(1, 6), &[], true, "")),
            Some(50035)
        );
    }

    #[test]
    fn alt_text_over_1024_characters_is_refused_like_discord() {
        let with = |description: String| {
            json!({
                "content": "board",
                "attachments": [
                    {"id": 0, "filename": "board.png"},
                    {"id": 1, "filename": "replay.gif", "description": description},
                ],
            })
        };
        assert!(validate_message(&with("x".repeat(1024)), &[], true, "").is_ok());
        let refused =
            validate_message(&with("x".repeat(1025)), &[], true, "data.").expect_err("too long");
        assert_eq!(refused.status, 400);
        assert_eq!(refused.body["code"], 50035);
        assert!(
            refused.body["errors"]
                .get("data.attachments.1.description")
                .is_some(),
            "{}",
            refused.body
        );
    }

    #[test]
    fn each_file_is_described_by_the_attachment_with_its_number() {
        let payload = json!({"attachments": [
            {"id": "1", "filename": "replay.gif", "description": "a replay"},
            {"id": 0, "filename": "board.png", "description": "a board"},
        ]});
        assert_eq!(described(&payload, "files[0]").as_deref(), Some("a board"));
        assert_eq!(described(&payload, "files[1]").as_deref(), Some("a replay"));
        assert_eq!(described(&payload, "files[2]"), None);
        assert_eq!(described(&json!({}), "files[0]"), None);
        let response = json!({"type": 4, "data": payload});
        assert_eq!(
            described(&response, "files[1]").as_deref(),
            Some("a replay")
        );
    }

    #[test]
    fn empty_and_oversized_messages_are_refused() {
        assert_eq!(
            code(validate_message(&json!({"content": ""}), &[], true, "")),
            Some(50006)
        );
        assert!(
            validate_message(&json!({"content": ""}), &[], false, "").is_ok(),
            "edits may clear"
        );
        let long = json!({"content": "x".repeat(2001)});
        assert_eq!(code(validate_message(&long, &[], true, "")), Some(50035));
    }

    #[test]
    fn duplicate_custom_ids_and_bad_selects_are_refused() {
        let duplicate = json!({"content": "x", "components": [
            {"type": 1, "components": [{"type": 2, "style": 1, "label": "a", "custom_id": "same"}]},
            {"type": 1, "components": [{"type": 2, "style": 1, "label": "b", "custom_id": "same"}]},
        ]});
        assert_eq!(
            code(validate_message(&duplicate, &[], true, "")),
            Some(50035)
        );
        let options: Vec<Value> = (0..26)
            .map(|i| json!({"label": format!("o{i}"), "value": format!("v{i}")}))
            .collect();
        let select = json!({"components": [{"type": 1, "components": [
            {"type": 3, "custom_id": "s", "options": options}]}]});
        assert_eq!(code(validate_message(&select, &[], true, "")), Some(50035));
    }

    #[test]
    fn command_names_must_be_lower_case() {
        assert!(validate_command(&json!({"name": "dama", "description": "d"}), "0").is_ok());
        assert!(validate_command(&json!({"name": "oyun-başlat", "description": "d"}), "0").is_ok());
        assert!(validate_command(&json!({"name": "Dama", "description": "d"}), "0").is_err());
        assert!(validate_command(&json!({"name": "dama", "description": ""}), "0").is_err());
        let option = json!({"name": "dama", "description": "d",
            "options": [{"type": 3, "name": "Bad Name", "description": "d"}]});
        assert!(validate_command(&option, "0").is_err());
        assert!(validate_command(&json!({"type": 2, "name": "Show Stats"}), "0").is_ok());
    }

    #[test]
    fn localizations_use_discords_locales_and_the_fields_limits() {
        // The command with `field` set to `value` in the object at `pointer`.
        let with = |pointer: &str, field: &str, value: Value| {
            let mut command = json!({"name": "dama", "description": "d", "options": [
                {"type": 3, "name": "color", "description": "d",
                 "choices": [{"name": "White", "value": "white"}]}]});
            if let Some(object) = command.pointer_mut(pointer).and_then(Value::as_object_mut) {
                object.insert(field.to_owned(), value);
            }
            validate_command(&command, "0")
        };
        let names = "name_localizations";
        assert!(with("", names, json!({"tr": "dama", "es-419": "dama"})).is_ok());
        assert!(with("/options/0", names, json!({"sv-SE": "färg"})).is_ok());
        assert!(with("", names, json!({"es": "dama"})).is_err());
        assert!(with("/options/0", names, json!({"tr": "Renk"})).is_err());
        assert!(with("/options/0", names, json!({"tr": "renk seç"})).is_err());
        let long = "x".repeat(101);
        let descriptions = "description_localizations";
        assert!(with("", descriptions, json!({"tr": long})).is_err());
        assert!(with("/options/0", descriptions, json!({"tr": ""})).is_err());
        let choice = "/options/0/choices/0";
        assert!(with(choice, names, json!({"tr": "Beyaz"})).is_ok());
        assert!(with(choice, names, json!({"tr": long})).is_err());
        assert!(with(choice, "name", json!("")).is_err());
    }

    #[test]
    fn autocomplete_choices_are_limited_to_25() {
        let choices: Vec<Value> = (0..26)
            .map(|i| json!({"name": format!("c{i}"), "value": format!("{i}")}))
            .collect();
        assert!(validate_choices(&json!({"choices": choices[..25]})).is_ok());
        assert!(validate_choices(&json!({"choices": choices})).is_err());
    }
}
