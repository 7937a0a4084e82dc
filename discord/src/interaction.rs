//! One incoming interaction, command or component, behind one face: who acts, where, and the
//! ways to answer it (respond once, then follow up or edit), with what went wrong as a
//! [`Failure`].

use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};

use serenity::all::{
    AuthorizingIntegrationOwner, ChannelType, CommandInteraction, ComponentInteraction,
    CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    EditInteractionResponse, Http, InteractionContext, Message, MessageFlags, Permissions, User,
};

use dama_service::clock::Timestamp;
use dama_service::ids::{ChannelId, GuildId, Place, UserId};
use dama_service::model::Player;
use dama_service::service::{Authority, Languages, Origin, Pressed, ServiceError};

use super::monitor::Outcome;
use super::post::Post;
use super::rate_limits::RateLimits;
use super::retry::retrying;
use dama_words::i18n::Language;

/// Why an interaction could not be carried out.
#[derive(Debug, thiserror::Error)]
pub(crate) enum Failure {
    /// The request makes no sense as given; the words say why (shown to the player).
    #[error("{0}")]
    Refused(String),
    /// The service refused or failed.
    #[error(transparent)]
    Service(#[from] ServiceError),
    /// Discord's API failed (boxed: serenity's error is large and this one is returned a lot).
    #[error("discord: {0}")]
    Discord(Box<serenity::Error>),
    /// A picture could not be made.
    #[error("render: {0}")]
    Render(#[from] dama_render::RenderError),
    /// A blocking task (drawing a board or a replay) panicked or was cancelled.
    #[error("background task: {0}")]
    Task(#[from] tokio::task::JoinError),
}

impl From<serenity::Error> for Failure {
    fn from(e: serenity::Error) -> Failure {
        Failure::Discord(Box::new(e))
    }
}

impl Failure {
    /// A refusal with these words.
    pub(crate) fn refused(words: impl Into<String>) -> Failure {
        Failure::Refused(words.into())
    }

    /// Whether this is the bot's fault (to be logged) rather than a refusal for the player.
    pub(crate) fn is_internal(&self) -> bool {
        match self {
            Failure::Refused(_) => false,
            Failure::Service(e) => e.is_internal(),
            Failure::Discord(_) | Failure::Render(_) | Failure::Task(_) => true,
        }
    }
}

/// Discord's epoch, the first moment of 2015, in unix milliseconds.
const DISCORD_EPOCH_MS: i64 = 1_420_070_400_000;

/// The unix milliseconds a snowflake was made at (its top 42 bits count from Discord's epoch).
fn snowflake_millis(id: u64) -> i64 {
    // 42 bits of milliseconds: always within an i64.
    i64::try_from(id >> 22).unwrap_or(i64::MAX) + DISCORD_EPOCH_MS
}

/// The interaction being handled.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Kind<'a> {
    /// A slash command.
    Command(&'a CommandInteraction),
    /// A click on a button or a choice in a menu.
    Component(&'a ComponentInteraction),
}

/// An interaction with what has been answered so far.
#[derive(Debug)]
pub(crate) struct Source<'a> {
    kind: Kind<'a>,
    http: &'a Http,
    /// Where the requests Discord refuses are counted.
    refusals: &'a RateLimits,
    responded: AtomicBool,
    /// Deferred and not yet filled in by an edit.
    deferred: AtomicBool,
    /// The languages chosen by the acting user and for the server, if any (see
    /// [`lang`](Self::lang) and [`public_lang`](Self::public_lang)).
    chosen: Chosen,
    /// How handling it ended, as an [`Outcome`] (set when a failure is reported).
    outcome: AtomicU8,
}

/// Languages chosen with a command, which win over Discord's locales.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Chosen {
    /// By the acting user, for themselves.
    pub user: Option<Language>,
    /// For the server the interaction comes from.
    pub server: Option<Language>,
}

impl<'a> Source<'a> {
    /// A slash command to answer.
    pub(crate) fn command(
        http: &'a Http,
        refusals: &'a RateLimits,
        command: &'a CommandInteraction,
    ) -> Source<'a> {
        Source {
            kind: Kind::Command(command),
            http,
            refusals,
            responded: AtomicBool::new(false),
            deferred: AtomicBool::new(false),
            chosen: Chosen::default(),
            outcome: AtomicU8::new(Outcome::Ok as u8),
        }
    }

    /// A component interaction to answer.
    pub(crate) fn component(
        http: &'a Http,
        refusals: &'a RateLimits,
        component: &'a ComponentInteraction,
    ) -> Source<'a> {
        Source {
            kind: Kind::Component(component),
            http,
            refusals,
            responded: AtomicBool::new(false),
            deferred: AtomicBool::new(false),
            chosen: Chosen::default(),
            outcome: AtomicU8::new(Outcome::Ok as u8),
        }
    }

    /// How handling it ended so far: [`Outcome::Ok`] until a failure is reported.
    pub(crate) fn outcome(&self) -> Outcome {
        Outcome::from_u8(self.outcome.load(Ordering::Relaxed))
    }

    /// Handling it ended in `outcome`.
    pub(crate) fn set_outcome(&self, outcome: Outcome) {
        self.outcome.store(outcome as u8, Ordering::Relaxed);
    }

    /// When the user acted: Discord stamps the moment it received the interaction in its id (a
    /// snowflake), so a live game's move is timed by that, not by when it reached the bot.
    pub(crate) fn taken_at(&self) -> Timestamp {
        let id = match self.kind {
            Kind::Command(command) => command.id.get(),
            Kind::Component(component) => component.id.get(),
        };
        Timestamp::from_millis(snowflake_millis(id))
    }

    /// The HTTP client to act with.
    pub(crate) fn http(&self) -> &'a Http {
        self.http
    }

    /// Where the requests Discord refuses are counted (see [`crate::rate_limits`]).
    pub(crate) fn refusals(&self) -> &'a RateLimits {
        self.refusals
    }

    /// The interaction's token (valid 15 minutes), for editing its answer later.
    pub(crate) fn token(&self) -> &'a str {
        match self.kind {
            Kind::Command(c) => &c.token,
            Kind::Component(c) => &c.token,
        }
    }

    /// The clicked message, for a component.
    pub(crate) fn message(&self) -> Option<&'a Message> {
        match self.kind {
            Kind::Command(_) => None,
            Kind::Component(c) => Some(&c.message),
        }
    }

    /// Whether the clicked message is ephemeral (seen only by the clicker).
    pub(crate) fn on_ephemeral_message(&self) -> bool {
        self.message()
            .and_then(|m| m.flags)
            .is_some_and(|f| f.contains(MessageFlags::EPHEMERAL))
    }

    fn user(&self) -> &'a User {
        match self.kind {
            Kind::Command(c) => &c.user,
            Kind::Component(c) => &c.user,
        }
    }

    /// The acting user's id.
    pub(crate) fn user_id(&self) -> UserId {
        UserId(self.user().id.get())
    }

    /// The acting user as the service knows players: id, the name shown here (their server
    /// nickname in a server) and their global name.
    pub(crate) fn player(&self) -> Player {
        let member_name = match self.kind {
            Kind::Command(c) => c.member.as_ref().map(|m| m.display_name().to_owned()),
            Kind::Component(c) => c.member.as_ref().map(|m| m.display_name().to_owned()),
        };
        let global_name = self.user().display_name();
        let name = member_name.unwrap_or_else(|| global_name.to_owned());
        Player::new(self.user_id(), name).with_global_name(global_name)
    }

    /// The acting user's language: the one they chose, else their Discord client's locale.
    /// For the answers only they see.
    pub(crate) fn lang(&self) -> Language {
        self.languages().reader(self.locale())
    }

    /// The acting user's language once they chose `choice` (`None`: their client's again).
    pub(crate) fn lang_choosing(&self, choice: Option<Language>) -> Language {
        let chosen = Languages {
            user: choice,
            ..self.languages()
        };
        chosen.reader(self.locale())
    }

    /// The language of what everyone here reads once `choice` is chosen for the server
    /// (`None`: its Discord locale's again).
    pub(crate) fn public_lang_choosing(&self, choice: Option<Language>) -> Language {
        let chosen = Languages {
            server: choice,
            ..self.languages()
        };
        chosen.public(self.guild_locale(), self.locale())
    }

    /// The language of what everyone here reads (boards, results): in a server, the one chosen
    /// for it, else its `guild_locale`; elsewhere the acting user's.
    pub(crate) fn public_lang(&self) -> Language {
        self.languages().public(self.guild_locale(), self.locale())
    }

    /// The languages chosen that apply here, for the service's rule.
    fn languages(&self) -> Languages {
        Languages {
            user: self.chosen.user,
            server: self.chosen.server,
            user_known: true,
        }
    }

    /// The Discord locale of the acting user's client.
    pub(crate) fn locale(&self) -> &str {
        match self.kind {
            Kind::Command(c) => &c.locale,
            Kind::Component(c) => &c.locale,
        }
    }

    /// The server's Discord locale, in a server.
    pub(crate) fn guild_locale(&self) -> Option<&str> {
        match self.kind {
            Kind::Command(c) => c.guild_locale.as_deref(),
            Kind::Component(c) => c.guild_locale.as_deref(),
        }
    }

    /// Sets the languages chosen by the user and for the server.
    pub(crate) fn set_chosen(&mut self, chosen: Chosen) {
        self.chosen = chosen;
    }

    /// The channel the interaction came from.
    pub(crate) fn channel_id(&self) -> ChannelId {
        ChannelId(self.serenity_channel().get())
    }

    pub(crate) fn serenity_channel(&self) -> serenity::all::ChannelId {
        match self.kind {
            Kind::Command(c) => c.channel_id,
            Kind::Component(c) => c.channel_id,
        }
    }

    /// The guild, `None` in DMs.
    pub(crate) fn guild_id(&self) -> Option<GuildId> {
        let guild = match self.kind {
            Kind::Command(c) => c.guild_id,
            Kind::Component(c) => c.guild_id,
        };
        guild.map(|g| GuildId(g.get()))
    }

    /// Where the interaction happens, as the service sees places.
    pub(crate) fn place(&self) -> Place {
        Place {
            guild: self.guild_id(),
            channel: self.channel_id(),
        }
    }

    /// A button pressed here, on a message drawn when the game was at `at`.
    pub(crate) fn pressed<T>(&self, at: T) -> Pressed<T> {
        Pressed {
            origin: Origin::Discord(self.place()),
            at,
        }
    }

    /// The bot's own user id (the application's id, for every current Discord application).
    pub(crate) fn bot_user_id(&self) -> u64 {
        match self.kind {
            Kind::Command(c) => c.application_id.get(),
            Kind::Component(c) => c.application_id.get(),
        }
    }

    /// Whether the bot may post in this channel by itself (not only answer interactions): a
    /// server that installed the app, or the DM with the bot. In a group DM, or in a server
    /// reached only through a member's user install, it may not.
    pub(crate) fn bot_can_post(&self) -> bool {
        let (context, owners) = match self.kind {
            Kind::Command(c) => (c.context, &c.authorizing_integration_owners),
            Kind::Component(c) => (c.context, &c.authorizing_integration_owners),
        };
        match context {
            Some(InteractionContext::PrivateChannel) => false,
            Some(InteractionContext::Guild) => owners
                .0
                .iter()
                .any(|o| matches!(o, AuthorizingIntegrationOwner::GuildInstall(_))),
            _ => true,
        }
    }

    /// What the acting member may do on the server: a manager's with Manage Server (or
    /// Administrator).
    pub(crate) fn authority(&self) -> Authority {
        let member = match self.kind {
            Kind::Command(c) => c.member.as_deref(),
            Kind::Component(c) => c.member.as_ref(),
        };
        let manages = member
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.intersects(Permissions::MANAGE_GUILD | Permissions::ADMINISTRATOR));
        if manages {
            Authority::Manager
        } else {
            Authority::Member
        }
    }

    /// Whether a game thread may be opened here: a server text channel that installed the app,
    /// where the bot may create public threads and write in them.
    pub(crate) fn can_open_thread(&self) -> bool {
        let (channel, permissions) = match self.kind {
            Kind::Command(c) => (c.channel.as_ref(), c.app_permissions),
            Kind::Component(c) => (c.channel.as_ref(), c.app_permissions),
        };
        let text_channel =
            channel.is_some_and(|c| matches!(c.kind, ChannelType::Text | ChannelType::News));
        let needed = Permissions::CREATE_PUBLIC_THREADS | Permissions::SEND_MESSAGES_IN_THREADS;
        self.guild_id().is_some()
            && self.bot_can_post()
            && text_channel
            && permissions.is_some_and(|p| p.contains(needed))
    }

    /// Whether the interaction has been answered (a response, a deferral or an update).
    pub(crate) fn responded(&self) -> bool {
        self.responded.load(Ordering::Acquire)
    }

    /// Answers the interaction (once).
    pub(crate) async fn respond(
        &self,
        response: CreateInteractionResponse,
    ) -> serenity::Result<()> {
        let result = retrying(self.refusals, "interaction response", || {
            let response = response.clone();
            async move {
                match self.kind {
                    Kind::Command(c) => c.create_response(self.http, response).await,
                    Kind::Component(c) => c.create_response(self.http, response).await,
                }
            }
        })
        .await;
        if result.is_ok() {
            self.responded.store(true, Ordering::Release);
        }
        result
    }

    /// Answers with `post` as a new message.
    pub(crate) async fn respond_with(&self, post: &Post, ephemeral: bool) -> serenity::Result<()> {
        self.respond(CreateInteractionResponse::Message(post.response(ephemeral)))
            .await
    }

    /// Answers a component by replacing the clicked message with `post` (its text, buttons and
    /// menus; new files are added).
    pub(crate) async fn update_with(&self, post: &Post) -> serenity::Result<()> {
        self.respond(CreateInteractionResponse::UpdateMessage(
            post.response(false),
        ))
        .await
    }

    /// Says "thinking…" publicly, to fill in later with [`edit`](Self::edit).
    pub(crate) async fn defer(&self) -> serenity::Result<()> {
        self.respond(CreateInteractionResponse::Defer(
            CreateInteractionResponseMessage::new(),
        ))
        .await?;
        self.deferred.store(true, Ordering::Release);
        Ok(())
    }

    /// Whether a deferred answer still waits to be filled in.
    pub(crate) fn deferred(&self) -> bool {
        self.deferred.load(Ordering::Acquire)
    }

    /// Replaces the (deferred) original response.
    pub(crate) async fn edit(&self, edit: EditInteractionResponse) -> serenity::Result<Message> {
        let message = retrying(self.refusals, "interaction edit", || {
            let edit = edit.clone();
            async move {
                match self.kind {
                    Kind::Command(c) => c.edit_response(self.http, edit).await,
                    Kind::Component(c) => c.edit_response(self.http, edit).await,
                }
            }
        })
        .await?;
        self.deferred.store(false, Ordering::Release);
        Ok(message)
    }

    /// Deletes the original response.
    pub(crate) async fn delete_original(&self) -> serenity::Result<()> {
        match self.kind {
            Kind::Command(c) => c.delete_response(self.http).await,
            Kind::Component(c) => c.delete_response(self.http).await,
        }
        .inspect_err(|e| self.refusals.failed(e))?;
        self.deferred.store(false, Ordering::Release);
        Ok(())
    }

    /// The original response message.
    pub(crate) async fn original(&self) -> serenity::Result<Message> {
        match self.kind {
            Kind::Command(c) => c.get_response(self.http).await,
            Kind::Component(c) => c.get_response(self.http).await,
        }
        .inspect_err(|e| self.refusals.failed(e))
    }

    /// Sends a follow-up message (after the interaction was answered).
    pub(crate) async fn followup(
        &self,
        followup: CreateInteractionResponseFollowup,
    ) -> serenity::Result<Message> {
        retrying(self.refusals, "follow-up", || {
            let followup = followup.clone();
            async move {
                match self.kind {
                    Kind::Command(c) => c.create_followup(self.http, followup).await,
                    Kind::Component(c) => c.create_followup(self.http, followup).await,
                }
            }
        })
        .await
    }

    /// Tells only the acting user `words`: as the response if none was sent yet, else as an
    /// ephemeral follow-up.
    pub(crate) async fn tell(&self, words: &str) -> serenity::Result<()> {
        let post = Post::text(words);
        if self.responded() {
            self.followup(post.followup(true)).await.map(drop)
        } else {
            self.respond_with(&post, true).await
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_snowflake_tells_when_discord_made_it() {
        // Discord's documented example: 175928847299117063 was made at 1462015105796.
        assert_eq!(
            super::snowflake_millis(175_928_847_299_117_063),
            1_462_015_105_796
        );
    }
}
