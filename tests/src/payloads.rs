//! JSON payloads in the shapes Discord sends, complete enough for serenity 0.12.5's models.
//!
//! Every builder here is checked in this module's tests by deserialising its output into the
//! serenity type that will read it (`Interaction`, `Message`, `GuildChannel`, `Ready`, …):
//! serenity drops a gateway event it cannot parse with only a log line, so a missing field would
//! otherwise show up as a test that times out.

use serde_json::{Map, Value, json};
use serenity::model::Permissions;
use serenity::model::id::{ApplicationId, ChannelId, GuildId, InteractionId, MessageId, UserId};

use crate::interactions::{FakeUser, OptionValue, Origin, SlashCommand};

/// Largest upload Discord accepts by default (10 MiB), also sent as `attachment_size_limit`
/// (tests may lower it: [`FakeDiscord::set_upload_limit`](crate::FakeDiscord::set_upload_limit)).
pub const ATTACHMENT_SIZE_LIMIT: usize = 10 * 1024 * 1024;

/// A fixed, valid RFC 3339 time used for `joined_at` and similar past moments.
const JOINED_AT: &str = "2024-03-01T12:00:00.000000+00:00";

/// The `guild_locale` of a server whose language no test set: English, as the tests read it.
pub(crate) const DEFAULT_GUILD_LOCALE: &str = "en-US";

/// The current time in RFC 3339, as Discord formats timestamps.
pub(crate) fn now() -> String {
    serenity::model::Timestamp::now().to_string()
}

/// A channel the stand-in knows.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Channel {
    /// A guild text channel (type 0).
    Text {
        id: ChannelId,
        guild_id: GuildId,
        name: String,
        topic: Option<String>,
    },
    /// A public (11) or private (12) thread.
    Thread(Thread),
    /// A DM with the bot (type 1).
    Dm { id: ChannelId, recipient: FakeUser },
    /// A group DM among people (type 3): the bot is not in it, and is reached there only
    /// through a member's user install.
    GroupDm {
        id: ChannelId,
        recipients: Vec<FakeUser>,
    },
}

/// A thread's state.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Thread {
    pub id: ChannelId,
    pub guild_id: GuildId,
    pub parent_id: ChannelId,
    pub owner_id: UserId,
    pub name: String,
    /// 11 public, 12 private.
    pub kind: u8,
    pub archived: bool,
    pub locked: bool,
    pub auto_archive_duration: u64,
    pub created_at: String,
    pub message_count: u64,
}

impl Channel {
    pub(crate) fn id(&self) -> ChannelId {
        match self {
            Self::Text { id, .. } | Self::Dm { id, .. } | Self::GroupDm { id, .. } => *id,
            Self::Thread(thread) => thread.id,
        }
    }

    pub(crate) fn guild_id(&self) -> Option<GuildId> {
        match self {
            Self::Text { guild_id, .. } => Some(*guild_id),
            Self::Thread(thread) => Some(thread.guild_id),
            Self::Dm { .. } | Self::GroupDm { .. } => None,
        }
    }

    /// The full channel object (`GET /channels/{id}`).
    pub(crate) fn to_json(&self) -> Value {
        match self {
            Self::Text {
                id,
                guild_id,
                name,
                topic,
            } => json!({
                "id": id.to_string(),
                "type": 0,
                "guild_id": guild_id.to_string(),
                "name": name,
                "position": 0,
                "permission_overwrites": [],
                "topic": topic,
                "nsfw": false,
                "last_message_id": null,
                "rate_limit_per_user": 0,
                "parent_id": null,
                "default_auto_archive_duration": 1440,
                "flags": 0,
            }),
            Self::Thread(thread) => json!({
                "id": thread.id.to_string(),
                "type": thread.kind,
                "guild_id": thread.guild_id.to_string(),
                "parent_id": thread.parent_id.to_string(),
                "owner_id": thread.owner_id.to_string(),
                "name": thread.name,
                "last_message_id": null,
                "message_count": thread.message_count,
                "member_count": 1,
                "total_message_sent": thread.message_count,
                "rate_limit_per_user": 0,
                "flags": 0,
                "thread_metadata": {
                    "archived": thread.archived,
                    "auto_archive_duration": thread.auto_archive_duration,
                    "archive_timestamp": thread.created_at,
                    "locked": thread.locked,
                    "create_timestamp": thread.created_at,
                    "invitable": thread.kind == 12,
                },
            }),
            Self::Dm { id, recipient } => json!({
                "id": id.to_string(),
                "type": 1,
                "last_message_id": null,
                "recipients": [user(recipient)],
                "flags": 0,
            }),
            Self::GroupDm { id, recipients } => json!({
                "id": id.to_string(),
                "type": 3,
                "last_message_id": null,
                "recipients": recipients.iter().map(user).collect::<Vec<_>>(),
                "flags": 0,
            }),
        }
    }

    /// The `CHANNEL_DELETE` (or, for a thread, `THREAD_DELETE`) dispatch announcing this
    /// channel's deletion; `None` for a DM channel, whose closing Discord announces to nobody.
    pub(crate) fn delete_event(&self) -> Option<(&'static str, Value)> {
        match self {
            Self::Thread(thread) => Some((
                "THREAD_DELETE",
                json!({
                    "id": thread.id.to_string(),
                    "guild_id": thread.guild_id.to_string(),
                    "parent_id": thread.parent_id.to_string(),
                    "type": thread.kind,
                }),
            )),
            Self::Text { .. } => Some(("CHANNEL_DELETE", self.to_json())),
            Self::Dm { .. } | Self::GroupDm { .. } => None,
        }
    }

    /// The partial channel sent as an interaction's `channel`.
    pub(crate) fn partial_json(&self, permissions: Permissions) -> Value {
        let mut value = self.to_json();
        if self.guild_id().is_some() {
            value["permissions"] = json!(permissions.bits().to_string());
        }
        value
    }
}

/// A user object.
pub(crate) fn user(user: &FakeUser) -> Value {
    json!({
        "id": user.id.to_string(),
        "username": user.name,
        "discriminator": "0",
        "global_name": user.global_name,
        "avatar": null,
        "bot": user.bot,
        "public_flags": 0,
        "avatar_decoration_data": null,
    })
}

/// The bot's own user object (`GET /users/@me`, READY's `user`).
pub(crate) fn current_user(bot: &FakeUser) -> Value {
    let mut value = user(bot);
    value["verified"] = json!(true);
    value["mfa_enabled"] = json!(false);
    value["email"] = Value::Null;
    value["flags"] = json!(0);
    value
}

/// A full guild member (an interaction's `member`, a GUILD_CREATE member).
pub(crate) fn member(
    member_user: &FakeUser,
    roles: &[serenity::model::id::RoleId],
    permissions: Option<Permissions>,
) -> Value {
    let mut value = partial_member(roles, permissions);
    value["user"] = user(member_user);
    value["deaf"] = json!(false);
    value["mute"] = json!(false);
    value
}

/// A member without `user`, `deaf` and `mute`, as in `resolved.members`.
pub(crate) fn partial_member(
    roles: &[serenity::model::id::RoleId],
    permissions: Option<Permissions>,
) -> Value {
    let mut value = json!({
        "nick": null,
        "avatar": null,
        "banner": null,
        "roles": roles.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "joined_at": JOINED_AT,
        "premium_since": null,
        "flags": 0,
        "pending": false,
        "communication_disabled_until": null,
    });
    if let Some(permissions) = permissions {
        value["permissions"] = json!(permissions.bits().to_string());
    }
    value
}

/// The `@everyone` role (its id is the guild's).
pub(crate) fn everyone_role(guild_id: GuildId, permissions: Permissions) -> Value {
    role(guild_id.get(), "@everyone", permissions)
}

/// A role object.
pub(crate) fn role(id: u64, name: &str, permissions: Permissions) -> Value {
    json!({
        "id": id.to_string(),
        "name": name,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
        "hoist": false,
        "icon": null,
        "unicode_emoji": null,
        "position": 0,
        "permissions": permissions.bits().to_string(),
        "managed": false,
        "mentionable": false,
        "flags": 0,
    })
}

/// The test guild as sent in GUILD_CREATE.
pub(crate) fn guild_create(
    guild_id: GuildId,
    name: &str,
    owner: &FakeUser,
    bot: &FakeUser,
    channels: &[Value],
    threads: &[Value],
) -> Value {
    json!({
        "id": guild_id.to_string(),
        "name": name,
        "icon": null,
        "icon_hash": null,
        "splash": null,
        "discovery_splash": null,
        "owner_id": owner.id.to_string(),
        "afk_channel_id": null,
        "afk_timeout": 300,
        "widget_enabled": false,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [everyone_role(guild_id, crate::interactions::member_permissions())],
        "emojis": [],
        "features": [],
        "mfa_level": 0,
        "application_id": null,
        "system_channel_id": null,
        "system_channel_flags": 0,
        "rules_channel_id": null,
        "max_members": 500_000,
        "vanity_url_code": null,
        "description": null,
        "banner": null,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": DEFAULT_GUILD_LOCALE,
        "public_updates_channel_id": null,
        "nsfw_level": 0,
        "stickers": [],
        "premium_progress_bar_enabled": false,
        "safety_alerts_channel_id": null,
        "joined_at": JOINED_AT,
        "large": false,
        "unavailable": false,
        "member_count": 2,
        "voice_states": [],
        "members": [member(bot, &[], None), member(owner, &[], None)],
        "channels": channels,
        "threads": threads,
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
    })
}

/// The READY dispatch's `d`.
pub(crate) fn ready(
    bot: &FakeUser,
    application_id: ApplicationId,
    guilds: &[GuildId],
    session_id: &str,
    resume_gateway_url: &str,
) -> Value {
    json!({
        "v": 10,
        "user": current_user(bot),
        "guilds": guilds
            .iter()
            .map(|id| json!({"id": id.to_string(), "unavailable": true}))
            .collect::<Vec<_>>(),
        "session_id": session_id,
        "resume_gateway_url": resume_gateway_url,
        "shard": [0, 1],
        "application": {"id": application_id.to_string(), "flags": 0},
        "private_channels": [],
        "presences": [],
        "relationships": [],
        "guild_join_requests": [],
        "user_settings": {},
        "geo_ordered_rtc_regions": [],
        "_trace": ["[\"fake-discord\"]"],
    })
}

/// `GET /applications/@me` and `GET /oauth2/applications/@me`: `verify_key` is the public key
/// the stand-in signs its interactions with (hex), as the developer portal shows it.
pub(crate) fn application_info(
    application_id: ApplicationId,
    owner: &FakeUser,
    bot: &FakeUser,
    verify_key: &str,
) -> Value {
    json!({
        "id": application_id.to_string(),
        "name": bot.name,
        "icon": null,
        "description": "",
        "summary": "",
        "type": null,
        "bot": user(bot),
        "rpc_origins": [],
        "bot_public": true,
        "bot_require_code_grant": false,
        "owner": user(owner),
        "team": null,
        "verify_key": verify_key,
        "flags": 0,
        "hook": true,
        "is_monetized": false,
        "interactions_endpoint_url": null,
        "redirect_uris": [],
    })
}

/// A slash command's or autocomplete's `data`.
pub(crate) struct CommandData<'a> {
    pub command_id: u64,
    pub command: &'a SlashCommand,
    pub guild_id: Option<GuildId>,
    /// Known channels, for resolving channel options.
    pub channels: &'a dyn Fn(ChannelId) -> Option<Channel>,
}

impl CommandData<'_> {
    pub(crate) fn to_json(&self) -> Value {
        let command = self.command;
        let mut resolved = Resolved::default();
        let mut options: Vec<Value> = command
            .options
            .iter()
            .map(|(name, value)| self.option(name, value, &mut resolved))
            .collect();
        if let Some(focused) = &command.focused {
            options.push(json!({
                "name": focused.name,
                "type": focused.kind,
                "value": focused.partial,
                "focused": true,
            }));
        }
        if let Some(subcommand) = &command.subcommand {
            options = vec![json!({"name": subcommand, "type": 1, "options": options})];
        }
        if let Some(group) = &command.group {
            options = vec![json!({"name": group, "type": 2, "options": options})];
        }
        let mut data = json!({
            "id": self.command_id.to_string(),
            "name": command.name,
            "type": command.command_type,
            "options": options,
        });
        if let Some(guild_id) = self.guild_id {
            data["guild_id"] = json!(guild_id.to_string());
        }
        if !resolved.is_empty() {
            data["resolved"] = resolved.to_json();
        }
        data
    }

    fn option(&self, name: &str, value: &OptionValue, resolved: &mut Resolved) -> Value {
        let json_value = match value {
            OptionValue::String(s) => json!(s),
            OptionValue::Integer(i) => json!(i),
            OptionValue::Boolean(b) => json!(b),
            OptionValue::Number(n) => json!(n),
            OptionValue::User(u) => {
                resolved.users.insert(u.id.to_string(), user(u));
                if self.guild_id.is_some() {
                    resolved.members.insert(
                        u.id.to_string(),
                        partial_member(&[], Some(crate::interactions::member_permissions())),
                    );
                }
                json!(u.id.to_string())
            }
            OptionValue::Channel(id) => {
                if let Some(channel) = (self.channels)(*id) {
                    resolved.channels.insert(
                        id.to_string(),
                        channel.partial_json(crate::interactions::member_permissions()),
                    );
                }
                json!(id.to_string())
            }
            OptionValue::Role(id) => {
                resolved.roles.insert(
                    id.to_string(),
                    role(id.get(), "role", crate::interactions::member_permissions()),
                );
                json!(id.to_string())
            }
        };
        json!({"name": name, "type": value.kind(), "value": json_value})
    }
}

#[derive(Default)]
struct Resolved {
    users: Map<String, Value>,
    members: Map<String, Value>,
    channels: Map<String, Value>,
    roles: Map<String, Value>,
}

impl Resolved {
    fn is_empty(&self) -> bool {
        self.users.is_empty()
            && self.members.is_empty()
            && self.channels.is_empty()
            && self.roles.is_empty()
    }

    fn to_json(&self) -> Value {
        let mut out = Map::new();
        for (key, map) in [
            ("users", &self.users),
            ("members", &self.members),
            ("channels", &self.channels),
            ("roles", &self.roles),
        ] {
            if !map.is_empty() {
                out.insert(key.to_owned(), Value::Object(map.clone()));
            }
        }
        Value::Object(out)
    }
}

/// Everything an interaction payload needs besides its type-specific `data`.
pub(crate) struct InteractionEnvelope<'a> {
    pub id: InteractionId,
    pub application_id: ApplicationId,
    pub token: &'a str,
    pub origin: &'a Origin,
    pub channel: &'a Channel,
    pub app_permissions: Permissions,
    /// Whether the app is installed where the interaction happens (the server, or the DM
    /// with the bot); when not, only the acting member's user install reaches it.
    pub installed_here: bool,
    /// The largest upload the stand-in accepts now.
    pub attachment_size_limit: usize,
    /// The server's language, sent as `guild_locale` with interactions from a server.
    pub guild_locale: &'a str,
}

impl InteractionEnvelope<'_> {
    /// The complete interaction object of type `kind` (2 command, 3 component, 4 autocomplete,
    /// 5 modal submit).
    pub(crate) fn to_json(&self, kind: u8, data: Value, message: Option<Value>) -> Value {
        let origin = self.origin;
        let mut value = json!({
            "id": self.id.to_string(),
            "application_id": self.application_id.to_string(),
            "type": kind,
            "token": self.token,
            "version": 1,
            "data": data,
            "channel_id": self.channel.id().to_string(),
            "channel": self.channel.partial_json(origin.permissions),
            "app_permissions": self.app_permissions.bits().to_string(),
            "locale": origin.locale,
            "entitlements": [],
            "attachment_size_limit": self.attachment_size_limit,
        });
        let user_install = json!({"1": origin.user.id.to_string()});
        if let Some(guild_id) = self.channel.guild_id() {
            value["guild_id"] = json!(guild_id.to_string());
            value["guild_locale"] = json!(self.guild_locale);
            value["member"] = member(&origin.user, &origin.roles, Some(origin.permissions));
            value["member"]["nick"] = json!(origin.nick);
            value["context"] = json!(0);
            value["authorizing_integration_owners"] = if self.installed_here {
                json!({"0": guild_id.to_string()})
            } else {
                user_install
            };
        } else if let Channel::GroupDm { .. } = self.channel {
            value["user"] = user(&origin.user);
            value["context"] = json!(2);
            value["authorizing_integration_owners"] = user_install;
        } else {
            value["user"] = user(&origin.user);
            value["context"] = json!(1);
            value["authorizing_integration_owners"] = json!({"0": "0"});
        }
        if let Some(message) = message {
            value["message"] = message;
        }
        value
    }
}

/// Inputs of a new message object.
pub(crate) struct NewMessage<'a> {
    pub id: MessageId,
    pub channel: &'a Channel,
    pub author: &'a FakeUser,
    /// The request body (content, embeds, components, flags, …).
    pub body: &'a Value,
    /// Attachment objects for the uploaded files.
    pub attachments: Vec<Value>,
    /// 0 default, 20 chat input command response.
    pub kind: u8,
    /// Set on messages sent through an interaction (webhook messages).
    pub application_id: Option<ApplicationId>,
    /// Flags added to those of the body (e.g. 128 loading for a deferred response).
    pub extra_flags: u64,
}

/// A full message object as Discord returns it.
pub(crate) fn message(new: NewMessage<'_>) -> Value {
    let body = new.body;
    let flags = body.get("flags").and_then(Value::as_u64).unwrap_or(0) | new.extra_flags;
    let mut value = json!({
        "id": new.id.to_string(),
        "channel_id": new.channel.id().to_string(),
        "author": user(new.author),
        "content": body.get("content").and_then(Value::as_str).unwrap_or_default(),
        "timestamp": now(),
        "edited_timestamp": null,
        "tts": body.get("tts").and_then(Value::as_bool).unwrap_or(false),
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "components": [],
        "pinned": false,
        "type": new.kind,
        "flags": flags,
    });
    if let Some(guild_id) = new.channel.guild_id() {
        value["guild_id"] = json!(guild_id.to_string());
    }
    // Sent back as given, as Discord does (string or integer).
    if let Some(nonce) = body.get("nonce").filter(|n| !n.is_null()) {
        value["nonce"] = nonce.clone();
    }
    if let Some(application_id) = new.application_id {
        value["application_id"] = json!(application_id.to_string());
        value["webhook_id"] = json!(application_id.to_string());
    }
    apply_edit(&mut value, body, new.attachments, false);
    value
}

/// Applies an edit body (`PATCH` of a message) to a stored message. `new_attachments` are the
/// objects for files uploaded with the edit.
pub(crate) fn apply_edit(
    message: &mut Value,
    body: &Value,
    new_attachments: Vec<Value>,
    edit: bool,
) {
    if let Some(content) = body.get("content") {
        message["content"] = json!(content.as_str().unwrap_or_default());
    }
    if let Some(components) = body.get("components") {
        message["components"] = if components.is_null() {
            json!([])
        } else {
            components.clone()
        };
    }
    if edit && let Some(flags) = body.get("flags").and_then(Value::as_u64) {
        // Only SUPPRESS_EMBEDS can be changed by an edit; ephemeral and loading stay as they are.
        let kept = message["flags"].as_u64().unwrap_or(0) & !SUPPRESS_EMBEDS;
        message["flags"] = json!(kept | (flags & SUPPRESS_EMBEDS));
    }
    // Attachments: a listed `attachments` array keeps only the listed existing ones (by id);
    // without it, existing ones stay. Uploaded files are added either way.
    let mut attachments: Vec<Value> = message["attachments"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    if let Some(listed) = body.get("attachments").and_then(Value::as_array) {
        let keep: Vec<String> = listed
            .iter()
            .filter_map(|a| id_string(a.get("id")))
            .collect();
        attachments.retain(|a| id_string(a.get("id")).is_some_and(|id| keep.contains(&id)));
    }
    attachments.extend(new_attachments);
    if let Some(embeds) = body.get("embeds") {
        let embeds = embeds.as_array().cloned().unwrap_or_default();
        message["embeds"] = json!(
            embeds
                .into_iter()
                .map(|e| normalise_embed(e, &attachments))
                .collect::<Vec<_>>()
        );
    }
    message["attachments"] = json!(attachments);
    if edit {
        message["edited_timestamp"] = json!(now());
    }
}

const SUPPRESS_EMBEDS: u64 = 1 << 2;

/// An id sent as a string or a number, as a string.
pub(crate) fn id_string(value: Option<&Value>) -> Option<String> {
    match value? {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// Adds `type: rich` and resolves `attachment://name` image URLs to the attachment's URL.
fn normalise_embed(mut embed: Value, attachments: &[Value]) -> Value {
    if embed.get("type").is_none() {
        embed["type"] = json!("rich");
    }
    for key in ["image", "thumbnail"] {
        let Some(url) = embed
            .get(key)
            .and_then(|i| i.get("url"))
            .and_then(Value::as_str)
        else {
            continue;
        };
        if let Some(name) = url.strip_prefix("attachment://") {
            let found = attachments
                .iter()
                .find(|a| a["filename"].as_str() == Some(name));
            if let Some(attachment) = found {
                let mut image = attachment.clone();
                if let Some(fields) = image.as_object_mut() {
                    fields.retain(|k, _| IMAGE_KEYS.contains(&k.as_str()));
                }
                embed[key] = image;
            }
        }
    }
    embed
}

const IMAGE_KEYS: [&str; 4] = ["url", "proxy_url", "width", "height"];

/// An attachment object for an uploaded file.
pub(crate) fn attachment(
    id: u64,
    channel_id: ChannelId,
    base_url: &str,
    filename: &str,
    content_type: Option<&str>,
    bytes: &[u8],
    description: Option<&str>,
) -> Value {
    let url = format!("{base_url}/attachments/{channel_id}/{id}/{filename}");
    let content_type = content_type
        .filter(|c| *c != "application/octet-stream")
        .map(str::to_owned)
        .or_else(|| guess_content_type(filename).map(str::to_owned));
    let mut value = json!({
        "id": id.to_string(),
        "filename": filename,
        "size": bytes.len(),
        "url": url,
        "proxy_url": url,
        "content_type": content_type,
        "description": description,
    });
    if let Some((width, height)) = image_size(bytes) {
        value["width"] = json!(width);
        value["height"] = json!(height);
    }
    value
}

fn guess_content_type(filename: &str) -> Option<&'static str> {
    let extension = filename.rsplit_once('.')?.1.to_ascii_lowercase();
    Some(match extension.as_str() {
        "png" => "image/png",
        "gif" => "image/gif",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "txt" => "text/plain; charset=utf-8",
        "json" => "application/json",
        _ => return None,
    })
}

/// Width and height of a PNG or GIF, read from its header.
pub(crate) fn image_size(bytes: &[u8]) -> Option<(u32, u32)> {
    const PNG: &[u8] = b"\x89PNG\r\n\x1a\n";
    if bytes.starts_with(PNG) && bytes.len() >= 24 && &bytes[12..16] == b"IHDR" {
        let width = u32::from_be_bytes(bytes[16..20].try_into().ok()?);
        let height = u32::from_be_bytes(bytes[20..24].try_into().ok()?);
        return Some((width, height));
    }
    if (bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a")) && bytes.len() >= 10 {
        let width = u16::from_le_bytes([bytes[6], bytes[7]]);
        let height = u16::from_le_bytes([bytes[8], bytes[9]]);
        return Some((width.into(), height.into()));
    }
    None
}

/// A registered application command as Discord echoes it back.
pub(crate) fn command(
    sent: &Value,
    id: u64,
    application_id: ApplicationId,
    guild_id: Option<GuildId>,
) -> Value {
    let mut value = sent.clone();
    let object = value.as_object_mut();
    if let Some(object) = object {
        object.insert("id".into(), json!(id.to_string()));
        object.insert("application_id".into(), json!(application_id.to_string()));
        object.insert("version".into(), json!(id.to_string()));
        object.entry("type").or_insert(json!(1));
        object.entry("description").or_insert(json!(""));
        object
            .entry("default_member_permissions")
            .or_insert(Value::Null);
        object.entry("nsfw").or_insert(json!(false));
        object.entry("options").or_insert(json!([]));
        if let Some(guild_id) = guild_id {
            object.insert("guild_id".into(), json!(guild_id.to_string()));
        } else {
            object.entry("integration_types").or_insert(json!([0]));
            object.entry("contexts").or_insert(Value::Null);
        }
    }
    value
}

#[cfg(test)]
mod tests {
    use serenity::builder::{
        CreateActionRow, CreateAttachment, CreateButton, CreateCommand, CreateCommandOption,
        CreateEmbed, CreateInteractionResponseMessage, CreateSelectMenu, CreateSelectMenuKind,
        CreateSelectMenuOption,
    };
    use serenity::model::application::{
        Command, CommandDataOptionValue, CommandOptionType, ComponentInteractionDataKind,
        CurrentApplicationInfo, Interaction,
    };
    use serenity::model::channel::{ChannelType, GuildChannel, Message, PrivateChannel};
    use serenity::model::event::{Event, GatewayEvent};
    use serenity::model::gateway::Ready;
    use serenity::model::guild::Guild;
    use serenity::model::id::RoleId;
    use serenity::model::user::CurrentUser;

    use super::*;
    use crate::interactions::bot_permissions;

    fn alice() -> FakeUser {
        FakeUser::new(UserId::new(1001), "alice").with_global_name("Alice")
    }

    fn bot() -> FakeUser {
        FakeUser {
            bot: true,
            ..FakeUser::new(UserId::new(1000), "dama")
        }
    }

    fn text() -> Channel {
        Channel::Text {
            id: ChannelId::new(3000),
            guild_id: GuildId::new(2000),
            name: "general".into(),
            topic: None,
        }
    }

    fn thread() -> Thread {
        Thread {
            id: ChannelId::new(3001),
            guild_id: GuildId::new(2000),
            parent_id: ChannelId::new(3000),
            owner_id: UserId::new(1000),
            name: "game".into(),
            kind: 11,
            archived: false,
            locked: false,
            auto_archive_duration: 1440,
            created_at: now(),
            message_count: 0,
        }
    }

    fn dm() -> Channel {
        Channel::Dm {
            id: ChannelId::new(3002),
            recipient: alice(),
        }
    }

    fn parse<T: serde::de::DeserializeOwned>(value: Value) -> T {
        match serde_json::from_value(value.clone()) {
            Ok(parsed) => parsed,
            Err(e) => panic!("serenity rejects payload: {e}\n{value:#}"),
        }
    }

    fn dispatch(t: &str, d: Value) -> Event {
        match parse::<GatewayEvent>(json!({"op": 0, "s": 1, "t": t, "d": d})) {
            GatewayEvent::Dispatch(_, event) => event,
            other => panic!("not a dispatch: {other:?}"),
        }
    }

    #[test]
    fn serenity_reads_channel_and_thread_deletions() {
        let (event, data) = text().delete_event().expect("announced");
        match dispatch(event, data) {
            Event::ChannelDelete(deleted) => assert_eq!(deleted.channel.id, text().id()),
            other => panic!("not a channel deletion: {other:?}"),
        }
        let (event, data) = Channel::Thread(thread()).delete_event().expect("announced");
        match dispatch(event, data) {
            Event::ThreadDelete(deleted) => {
                assert_eq!(deleted.thread.id, thread().id);
                assert_eq!(deleted.thread.parent_id, thread().parent_id);
            }
            other => panic!("not a thread deletion: {other:?}"),
        }
        assert!(dm().delete_event().is_none());
    }

    fn interaction(kind: u8, channel: &Channel, data: Value, message: Option<Value>) -> Value {
        let origin = Origin::new(&alice(), channel.id()).roles([RoleId::new(77)]);
        interaction_from(&origin, kind, channel, data, message)
    }

    fn interaction_from(
        origin: &Origin,
        kind: u8,
        channel: &Channel,
        data: Value,
        message: Option<Value>,
    ) -> Value {
        InteractionEnvelope {
            id: InteractionId::new(5000),
            application_id: ApplicationId::new(1000),
            token: "tok",
            origin,
            channel,
            app_permissions: bot_permissions(),
            installed_here: !matches!(channel, Channel::GroupDm { .. }),
            attachment_size_limit: ATTACHMENT_SIZE_LIMIT,
            guild_locale: DEFAULT_GUILD_LOCALE,
        }
        .to_json(kind, data, message)
    }

    fn slash() -> SlashCommand {
        SlashCommand::new("dama")
            .subcommand("play")
            .option("opponent", &FakeUser::new(UserId::new(1002), "bob"))
            .option("minutes", 5)
            .option("rated", true)
            .option("note", "hi")
    }

    fn command_data(command: &SlashCommand, guild_id: Option<GuildId>) -> Value {
        CommandData {
            command_id: 42,
            command,
            guild_id,
            channels: &|_| Some(text()),
        }
        .to_json()
    }

    fn bot_message(channel: &Channel, body: &Value) -> Value {
        message(NewMessage {
            id: MessageId::new(6000),
            channel,
            author: &bot(),
            body,
            attachments: vec![attachment(
                7000,
                channel.id(),
                "http://x",
                "board.png",
                Some("image/png"),
                b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\x01\0\0\0\x01\0",
                None,
            )],
            kind: 20,
            application_id: Some(ApplicationId::new(1000)),
            extra_flags: 0,
        })
    }

    fn components_body() -> Value {
        let buttons = CreateActionRow::Buttons(vec![
            CreateButton::new("resign").label("Resign"),
            CreateButton::new("draw").label("Draw").disabled(true),
        ]);
        let select = CreateActionRow::SelectMenu(CreateSelectMenu::new(
            "move",
            CreateSelectMenuKind::String {
                options: vec![
                    CreateSelectMenuOption::new("c3-d4", "c3d4"),
                    CreateSelectMenuOption::new("e3-f4", "e3f4"),
                ],
            },
        ));
        let embed = CreateEmbed::new()
            .title("Game")
            .image("attachment://board.png")
            .colour(0x00ff00);
        let response = CreateInteractionResponseMessage::new()
            .content("Your move")
            .components(vec![buttons, select])
            .embed(embed)
            .ephemeral(true);
        serde_json::to_value(&response).expect("serialisable")
    }

    #[test]
    fn slash_command_in_guild_is_accepted() {
        let value = interaction(
            2,
            &text(),
            command_data(&slash(), Some(GuildId::new(2000))),
            None,
        );
        let Event::InteractionCreate(event) = dispatch("INTERACTION_CREATE", value) else {
            panic!("not an interaction event");
        };
        let Interaction::Command(command) = event.interaction else {
            panic!("not a command")
        };
        assert_eq!(command.data.name, "dama");
        assert_eq!(command.guild_id, Some(GuildId::new(2000)));
        let member = command.member.expect("member");
        assert_eq!(member.user.name, "alice");
        assert_eq!(member.roles, [RoleId::new(77)]);
        assert_eq!(
            command.user.id,
            UserId::new(1001),
            "serenity copies member.user"
        );
        let options = command.data.options();
        assert_eq!(options.len(), 1);
        assert_eq!(options[0].name, "play");
        let serenity::model::application::ResolvedValue::SubCommand(sub) = &options[0].value else {
            panic!("not a subcommand: {options:?}");
        };
        let serenity::model::application::ResolvedValue::User(user, member) = sub[0].value else {
            panic!("not a resolved user: {sub:?}");
        };
        assert_eq!(user.name, "bob");
        assert!(member.is_some());
        assert_eq!(command.data.resolved.users.len(), 1);
    }

    #[test]
    fn a_members_nickname_reaches_serenity_in_a_guild_only() {
        let origin = Origin::new(&alice(), text().id()).nick("Ada-A");
        let payload = |channel: &Channel, guild_id| {
            interaction_from(&origin, 2, channel, command_data(&slash(), guild_id), None)
        };
        let command = |value| match dispatch("INTERACTION_CREATE", value) {
            Event::InteractionCreate(event) => match event.interaction {
                Interaction::Command(command) => command,
                other => panic!("not a command: {other:?}"),
            },
            other => panic!("not an interaction event: {other:?}"),
        };
        let in_guild = command(payload(&text(), Some(GuildId::new(2000))));
        let member = in_guild.member.expect("member");
        assert_eq!(member.nick.as_deref(), Some("Ada-A"));
        assert_eq!(member.display_name(), "Ada-A");
        let in_dm = command(payload(&dm(), None));
        assert!(in_dm.member.is_none());
        assert_eq!(in_dm.user.display_name(), "Alice", "the global name");
    }

    #[test]
    fn slash_command_in_dm_is_accepted() {
        let command = SlashCommand::new("stats").option("user", &alice());
        let value = interaction(2, &dm(), command_data(&command, None), None);
        let Interaction::Command(command) = parse::<Interaction>(value) else {
            panic!("not a command")
        };
        assert!(command.guild_id.is_none());
        assert!(command.member.is_none());
        assert_eq!(command.user.name, "alice");
    }

    #[test]
    fn slash_command_in_a_group_dm_comes_through_a_user_install() {
        let group = Channel::GroupDm {
            id: ChannelId::new(3003),
            recipients: vec![alice(), FakeUser::new(UserId::new(1002), "bob")],
        };
        let command = SlashCommand::new("stats");
        let value = interaction(2, &group, command_data(&command, None), None);
        let Interaction::Command(command) = parse::<Interaction>(value) else {
            panic!("not a command")
        };
        assert!(command.guild_id.is_none());
        assert_eq!(
            command.context,
            Some(serenity::all::InteractionContext::PrivateChannel)
        );
        assert!(matches!(
            command.authorizing_integration_owners.0.as_slice(),
            [serenity::all::AuthorizingIntegrationOwner::UserInstall(id)] if id.get() == 1001
        ));
    }

    #[test]
    fn slash_command_in_thread_with_group_and_channel_option() {
        let channel = Channel::Thread(thread());
        let command = SlashCommand::new("admin")
            .group("config")
            .subcommand("set")
            .option("channel", OptionValue::Channel(ChannelId::new(3000)))
            .option("role", OptionValue::Role(RoleId::new(77)))
            .option("komi", 0.5);
        let value = interaction(
            2,
            &channel,
            command_data(&command, Some(GuildId::new(2000))),
            None,
        );
        let Interaction::Command(command) = parse::<Interaction>(value) else {
            panic!("not a command")
        };
        let channel = command.channel.expect("partial channel");
        assert_eq!(channel.kind, ChannelType::PublicThread);
        assert_eq!(command.data.resolved.channels.len(), 1);
        assert_eq!(command.data.resolved.roles.len(), 1);
    }

    #[test]
    fn autocomplete_carries_the_focused_option() {
        let command = SlashCommand::new("dama")
            .subcommand("play")
            .focused("opening", "ita");
        let value = interaction(
            4,
            &text(),
            command_data(&command, Some(GuildId::new(2000))),
            None,
        );
        let Interaction::Autocomplete(autocomplete) = parse::<Interaction>(value) else {
            panic!("not autocomplete")
        };
        let focused = autocomplete.data.autocomplete().expect("focused option");
        assert_eq!(focused.name, "opening");
        assert_eq!(focused.value, "ita");
        let CommandDataOptionValue::SubCommand(sub) = &autocomplete.data.options[0].value else {
            panic!("subcommand")
        };
        assert!(matches!(
            sub[0].value,
            CommandDataOptionValue::Autocomplete { .. }
        ));
    }

    #[test]
    fn bot_message_built_from_serenity_builders_is_accepted() {
        let parsed: Message = parse(bot_message(&text(), &components_body()));
        assert_eq!(parsed.content, "Your move");
        assert_eq!(parsed.components.len(), 2);
        assert_eq!(parsed.attachments[0].filename, "board.png");
        assert_eq!(parsed.attachments[0].width, Some(256));
        let image = parsed.embeds[0].image.as_ref().expect("image");
        assert!(image.url.ends_with("/board.png"), "{}", image.url);
        assert_eq!(parsed.guild_id, Some(GuildId::new(2000)));
    }

    #[test]
    fn component_interactions_are_accepted() {
        let message = bot_message(&text(), &components_body());
        let button = json!({"custom_id": "resign", "component_type": 2});
        let Interaction::Component(click) =
            parse::<Interaction>(interaction(3, &text(), button, Some(message.clone())))
        else {
            panic!("not a component")
        };
        assert_eq!(click.data.custom_id, "resign");
        assert!(matches!(
            click.data.kind,
            ComponentInteractionDataKind::Button
        ));
        assert_eq!(click.message.id, MessageId::new(6000));

        let select = json!({"custom_id": "move", "component_type": 3, "values": ["c3d4"]});
        let Interaction::Component(pick) =
            parse::<Interaction>(interaction(3, &dm(), select, Some(message)))
        else {
            panic!("not a component")
        };
        let ComponentInteractionDataKind::StringSelect { values } = pick.data.kind else {
            panic!("not a string select")
        };
        assert_eq!(values, ["c3d4"]);
    }

    #[test]
    fn modal_submit_is_accepted() {
        let data = json!({"custom_id": "m", "components": [{"type": 1, "components": [
            {"type": 4, "custom_id": "move", "value": "c3-d4"}]}]});
        let parsed = parse::<Interaction>(interaction(5, &text(), data, None));
        assert!(matches!(parsed, Interaction::Modal(_)));
    }

    #[test]
    fn channels_are_accepted() {
        let text_channel: GuildChannel = parse(text().to_json());
        assert_eq!(text_channel.kind, ChannelType::Text);
        let thread_channel: GuildChannel = parse(Channel::Thread(thread()).to_json());
        assert_eq!(thread_channel.kind, ChannelType::PublicThread);
        assert_eq!(thread_channel.parent_id, Some(ChannelId::new(3000)));
        assert!(thread_channel.thread_metadata.is_some());
        let private: PrivateChannel = parse(dm().to_json());
        assert_eq!(private.recipient.name, "alice");
        let any: serenity::model::channel::Channel = parse(dm().to_json());
        assert!(matches!(any, serenity::model::channel::Channel::Private(_)));
    }

    #[test]
    fn ready_and_guild_create_are_accepted() {
        let ready = ready(
            &bot(),
            ApplicationId::new(1000),
            &[GuildId::new(2000)],
            "s",
            "ws://x",
        );
        let Event::Ready(event) = dispatch("READY", ready.clone()) else {
            panic!("not ready")
        };
        assert_eq!(event.ready.user.name, "dama");
        let _: Ready = parse(ready);
        let guild = guild_create(
            GuildId::new(2000),
            "test",
            &alice(),
            &bot(),
            &[text().to_json()],
            &[Channel::Thread(thread()).to_json()],
        );
        let Event::GuildCreate(event) = dispatch("GUILD_CREATE", guild.clone()) else {
            panic!("not guild create")
        };
        assert_eq!(event.guild.channels.len(), 1);
        let _: Guild = parse(guild);
    }

    #[test]
    fn rest_objects_are_accepted() {
        let me: CurrentUser = parse(current_user(&bot()));
        assert!(me.bot);
        let info: CurrentApplicationInfo = parse(application_info(
            ApplicationId::new(1000),
            &alice(),
            &bot(),
            &"0".repeat(64),
        ));
        assert_eq!(info.owner.map(|o| o.name).as_deref(), Some("alice"));

        let sent = CreateCommand::new("dama").description("Play").add_option(
            CreateCommandOption::new(CommandOptionType::SubCommand, "play", "Start a game")
                .add_sub_option(
                    CreateCommandOption::new(CommandOptionType::User, "opponent", "Who")
                        .required(true),
                ),
        );
        let sent = serde_json::to_value(&sent).expect("serialisable");
        let echoed: Command = parse(command(&sent, 42, ApplicationId::new(1000), None));
        assert_eq!(echoed.name, "dama");
        assert_eq!(echoed.options[0].options[0].name, "opponent");
    }

    #[test]
    fn edits_replace_fields_and_keep_listed_attachments() {
        let mut message = bot_message(&text(), &components_body());
        let response = CreateInteractionResponseMessage::new()
            .content("Edited")
            .components(vec![])
            .files([CreateAttachment::bytes(vec![1, 2, 3], "new.png")]);
        let body = serde_json::to_value(&response).expect("serialisable");
        let extra = attachment(
            7001,
            ChannelId::new(3000),
            "http://x",
            "new.png",
            None,
            &[1],
            None,
        );
        apply_edit(&mut message, &body, vec![extra], true);
        let parsed: Message = parse(message);
        assert_eq!(parsed.content, "Edited");
        assert!(parsed.components.is_empty());
        assert!(parsed.edited_timestamp.is_some());
        let names: Vec<&str> = parsed
            .attachments
            .iter()
            .map(|a| a.filename.as_str())
            .collect();
        assert_eq!(
            names,
            ["new.png"],
            "the old attachment was not listed, so it is gone"
        );
        assert_eq!(
            parsed.attachments[0].content_type.as_deref(),
            Some("image/png")
        );
    }

    #[test]
    fn image_size_reads_png_and_gif_headers() {
        let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\x02\0\0\0\x01\x80";
        assert_eq!(image_size(png), Some((512, 384)));
        assert_eq!(image_size(b"GIF89a\x10\x00\x20\x00"), Some((16, 32)));
        assert_eq!(image_size(b"nope"), None);
    }
}
