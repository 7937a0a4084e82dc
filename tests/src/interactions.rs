//! What a test says it wants dispatched: users, where they act from, and slash commands.
//!
//! These are plain descriptions; [`FakeDiscord`](crate::FakeDiscord) turns them into complete
//! `INTERACTION_CREATE` payloads.

use serenity::model::Permissions;
use serenity::model::id::{ChannelId, RoleId, UserId};

/// A Discord user as the stand-in knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FakeUser {
    /// The user's id.
    pub id: UserId,
    /// Unique user name (`username`).
    pub name: String,
    /// Display name (`global_name`), if set.
    pub global_name: Option<String>,
    /// Whether the account is a bot.
    pub bot: bool,
}

impl FakeUser {
    /// A human user with this id and name.
    #[must_use]
    pub fn new(id: UserId, name: impl Into<String>) -> Self {
        Self {
            id,
            name: name.into(),
            global_name: None,
            bot: false,
        }
    }

    /// Sets the display name.
    #[must_use]
    pub fn with_global_name(mut self, global_name: impl Into<String>) -> Self {
        self.global_name = Some(global_name.into());
        self
    }
}

/// Who triggers an interaction, and where: a user in a channel (a guild channel, a thread or
/// a DM channel; the stand-in knows which), with the member's roles, permissions and nickname
/// in a guild.
#[derive(Clone, Debug, PartialEq)]
pub struct Origin {
    /// The acting user.
    pub user: FakeUser,
    /// The channel the interaction comes from. For components this is replaced by the channel
    /// of the message clicked.
    pub channel_id: ChannelId,
    /// The user's client locale (`tr`, `en-US`, …).
    pub locale: String,
    /// The member's roles (guild only).
    pub roles: Vec<RoleId>,
    /// The member's permissions in the channel (guild only).
    pub permissions: Permissions,
    /// The member's nickname on the channel's server (guild only; `None`: no nickname).
    pub nick: Option<String>,
}

impl Origin {
    /// `user` acting in `channel_id`, locale `en-US`, no roles, ordinary member permissions.
    #[must_use]
    pub fn new(user: &FakeUser, channel_id: ChannelId) -> Self {
        Self {
            user: user.clone(),
            channel_id,
            locale: "en-US".to_owned(),
            roles: Vec::new(),
            permissions: member_permissions(),
            nick: None,
        }
    }

    /// Sets the locale.
    #[must_use]
    pub fn locale(mut self, locale: impl Into<String>) -> Self {
        self.locale = locale.into();
        self
    }

    /// Sets the channel.
    #[must_use]
    pub fn channel(mut self, channel_id: ChannelId) -> Self {
        self.channel_id = channel_id;
        self
    }

    /// Sets the member's roles.
    #[must_use]
    pub fn roles(mut self, roles: impl IntoIterator<Item = RoleId>) -> Self {
        self.roles = roles.into_iter().collect();
        self
    }

    /// Sets the member's permissions.
    #[must_use]
    pub fn permissions(mut self, permissions: Permissions) -> Self {
        self.permissions = permissions;
        self
    }

    /// Sets the member's nickname on this server (sent as `member.nick`; ignored in DMs).
    #[must_use]
    pub fn nick(mut self, nick: impl Into<String>) -> Self {
        self.nick = Some(nick.into());
        self
    }
}

/// Permissions of an ordinary member of the test guild.
#[must_use]
pub fn member_permissions() -> Permissions {
    Permissions::VIEW_CHANNEL
        | Permissions::SEND_MESSAGES
        | Permissions::SEND_MESSAGES_IN_THREADS
        | Permissions::CREATE_PUBLIC_THREADS
        | Permissions::EMBED_LINKS
        | Permissions::ATTACH_FILES
        | Permissions::READ_MESSAGE_HISTORY
        | Permissions::ADD_REACTIONS
        | Permissions::USE_APPLICATION_COMMANDS
        | Permissions::USE_EXTERNAL_EMOJIS
}

/// Permissions the bot has by default in the test guild's channels.
#[must_use]
pub fn bot_permissions() -> Permissions {
    member_permissions()
        | Permissions::MANAGE_THREADS
        | Permissions::MANAGE_MESSAGES
        | Permissions::CREATE_PRIVATE_THREADS
        | Permissions::MANAGE_EVENTS
        | Permissions::MANAGE_ROLES
}

/// The value of one slash command option.
#[derive(Clone, Debug, PartialEq)]
pub enum OptionValue {
    /// Type 3.
    String(String),
    /// Type 4.
    Integer(i64),
    /// Type 5.
    Boolean(bool),
    /// Type 6; the user (and, in a guild, a member) is put into `resolved`.
    User(FakeUser),
    /// Type 7; a channel the stand-in knows is put into `resolved`.
    Channel(ChannelId),
    /// Type 8.
    Role(RoleId),
    /// Type 10.
    Number(f64),
}

impl OptionValue {
    /// Discord's option type number.
    #[must_use]
    pub fn kind(&self) -> u8 {
        match self {
            Self::String(_) => 3,
            Self::Integer(_) => 4,
            Self::Boolean(_) => 5,
            Self::User(_) => 6,
            Self::Channel(_) => 7,
            Self::Role(_) => 8,
            Self::Number(_) => 10,
        }
    }
}

impl From<&str> for OptionValue {
    fn from(value: &str) -> Self {
        Self::String(value.to_owned())
    }
}

impl From<String> for OptionValue {
    fn from(value: String) -> Self {
        Self::String(value)
    }
}

impl From<i64> for OptionValue {
    fn from(value: i64) -> Self {
        Self::Integer(value)
    }
}

impl From<bool> for OptionValue {
    fn from(value: bool) -> Self {
        Self::Boolean(value)
    }
}

impl From<f64> for OptionValue {
    fn from(value: f64) -> Self {
        Self::Number(value)
    }
}

impl From<&FakeUser> for OptionValue {
    fn from(value: &FakeUser) -> Self {
        Self::User(value.clone())
    }
}

/// The option being typed in an autocomplete interaction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Focused {
    /// Option name.
    pub name: String,
    /// Discord's option type (3 string, 4 integer, 10 number); the partial value is always sent
    /// as a string.
    pub kind: u8,
    /// What the user has typed so far.
    pub partial: String,
}

/// A chat input (slash) command invocation: `/name [group] [subcommand] options…`.
#[derive(Clone, Debug, PartialEq)]
pub struct SlashCommand {
    /// Top-level command name.
    pub name: String,
    /// Subcommand group, if any.
    pub group: Option<String>,
    /// Subcommand, if any.
    pub subcommand: Option<String>,
    /// Options given (of the subcommand if there is one), in order.
    pub options: Vec<(String, OptionValue)>,
    /// The option being typed, for autocomplete.
    pub focused: Option<Focused>,
    /// The command's type: 1 a slash command, 4 an Activity's entry point
    /// (PRIMARY_ENTRY_POINT, see [`entry_point`](Self::entry_point)).
    pub command_type: u8,
}

impl SlashCommand {
    /// `/name` with no options.
    #[must_use]
    pub fn new(name: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            group: None,
            subcommand: None,
            options: Vec::new(),
            focused: None,
            command_type: 1,
        }
    }

    /// The app's Activity entry point named `name` (command type 4, PRIMARY_ENTRY_POINT), as
    /// the App Launcher invokes it: no options.
    #[must_use]
    pub fn entry_point(name: impl Into<String>) -> Self {
        Self {
            command_type: 4,
            ..Self::new(name)
        }
    }

    /// Sets the subcommand group.
    #[must_use]
    pub fn group(mut self, group: impl Into<String>) -> Self {
        self.group = Some(group.into());
        self
    }

    /// Sets the subcommand.
    #[must_use]
    pub fn subcommand(mut self, subcommand: impl Into<String>) -> Self {
        self.subcommand = Some(subcommand.into());
        self
    }

    /// Adds an option.
    #[must_use]
    pub fn option(mut self, name: impl Into<String>, value: impl Into<OptionValue>) -> Self {
        self.options.push((name.into(), value.into()));
        self
    }

    /// Marks a string option as being typed, with the text typed so far (autocomplete).
    #[must_use]
    pub fn focused(self, name: impl Into<String>, partial: impl Into<String>) -> Self {
        self.focused_as(name, 3, partial)
    }

    /// Like [`focused`](Self::focused) for an option of another type (4 integer, 10 number).
    #[must_use]
    pub fn focused_as(
        mut self,
        name: impl Into<String>,
        kind: u8,
        partial: impl Into<String>,
    ) -> Self {
        self.focused = Some(Focused {
            name: name.into(),
            kind,
            partial: partial.into(),
        });
        self
    }
}

/// Why a component interaction could not be dispatched: Discord itself would never send it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DispatchError {
    /// No message with this id was created through the stand-in.
    UnknownMessage(u64),
    /// The message has no component with this `custom_id`.
    UnknownComponent(String),
    /// The component is disabled.
    DisabledComponent(String),
    /// The component is not of the kind the helper dispatches (e.g. a select clicked as a button).
    WrongComponentKind {
        /// The `custom_id`.
        custom_id: String,
        /// Its component type.
        found: u64,
    },
    /// Select values outside the menu's options or its `min_values`/`max_values`.
    InvalidSelectValues(String),
}

impl std::fmt::Display for DispatchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::UnknownMessage(id) => write!(f, "no message {id} was created via the stand-in"),
            Self::UnknownComponent(id) => write!(f, "the message has no component `{id}`"),
            Self::DisabledComponent(id) => write!(f, "component `{id}` is disabled"),
            Self::WrongComponentKind { custom_id, found } => {
                write!(f, "component `{custom_id}` has type {found}")
            }
            Self::InvalidSelectValues(why) => write!(f, "invalid select values: {why}"),
        }
    }
}

impl std::error::Error for DispatchError {}
