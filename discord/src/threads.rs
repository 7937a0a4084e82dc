//! A game's start: the announcement, the game's own thread where the channel allows it, and
//! the first board.

use serenity::all::{AutoArchiveDuration, CreateThread, Http, MessageId};

use super::app::App;
use super::interaction::{Failure, Source};
use super::post::Post;
use super::retry::retrying;
use dama_service::ids::ChannelId;
use dama_service::service::GameView;
use dama_words::i18n::Language;
use dama_words::text;

impl App {
    /// A game has just started from `src` (an accepted challenge, or `/dama play-bot`):
    /// `announcement` replaces the challenge (or answers the command), a thread is opened from
    /// it where the channel allows, and the first board goes there (after the computer's first
    /// move when it plays White).
    pub(crate) async fn game_started(
        &self,
        src: &Source<'_>,
        mut view: GameView,
        announcement: Post,
    ) -> Result<(), Failure> {
        let anchor: Option<MessageId> = match src.message() {
            Some(challenge) if !src.on_ephemeral_message() => {
                src.update_with(&announcement).await?;
                Some(challenge.id)
            }
            _ if src.can_open_thread() => {
                src.respond_with(&announcement, false).await?;
                Some(src.original().await?.id)
            }
            _ => None,
        };
        let thread = match anchor.filter(|_| src.can_open_thread()) {
            Some(message) => {
                self.open_thread(
                    src.http(),
                    src.public_lang(),
                    src.serenity_channel(),
                    message,
                    &view,
                )
                .await
            }
            None => None,
        };
        if let Some(thread) = thread {
            view.thread = Some(thread);
        }
        let slow = view.engine_to_move().is_some();
        self.publish(src, &view, slow).await
    }

    /// A rematch against the computer has just started from the finished game's result, pressed
    /// in `src`: `announcement` is a new message in the game's channel (the result stays), a
    /// thread is opened from it where the channel allows (from the finished game's thread the
    /// channel allowed one), and the first board goes there.
    pub(crate) async fn rematch_started(
        &self,
        src: &Source<'_>,
        mut view: GameView,
        announcement: Post,
    ) -> Result<(), Failure> {
        let channel = view.place.channel;
        let (anchor, threads) = if src.channel_id() == channel || !src.bot_can_post() {
            src.respond_with(&announcement, false).await?;
            (src.original().await?.id, src.can_open_thread())
        } else {
            (self.post_in(src, channel, &announcement).await?, true)
        };
        if threads {
            let parent = serenity::all::ChannelId::new(channel.0);
            if let Some(thread) = self
                .open_thread(src.http(), src.public_lang(), parent, anchor, &view)
                .await
            {
                view.thread = Some(thread);
            }
        }
        self.publish(src, &view, view.engine_to_move().is_some())
            .await
    }

    /// Posts `post` in `channel` by the bot's own hand (not as the interaction's answer).
    pub(crate) async fn post_in(
        &self,
        src: &Source<'_>,
        channel: ChannelId,
        post: &Post,
    ) -> Result<MessageId, Failure> {
        let target = serenity::all::ChannelId::new(channel.0);
        let message = retrying(self.metrics.refusals(), "post", || {
            target.send_message(src.http(), post.message())
        })
        .await?;
        Ok(message.id)
    }

    /// Opens the game's thread from `message` and records it; `None` (and a log line) when
    /// Discord refuses, and the game goes on in the channel.
    pub(crate) async fn open_thread(
        &self,
        http: &Http,
        lang: Language,
        channel: serenity::all::ChannelId,
        message: MessageId,
        view: &GameView,
    ) -> Option<ChannelId> {
        // Correspondence games are slow: keep the thread visible for a week of silence.
        let builder = CreateThread::new(text::thread_name(lang, view))
            .auto_archive_duration(AutoArchiveDuration::OneWeek);
        let thread = retrying(self.metrics.refusals(), "thread", || {
            channel.create_thread_from_message(http, message, builder.clone())
        })
        .await
        .inspect_err(|e| {
                tracing::warn!(game = %view.id, error = %e, "cannot open a thread; playing in the channel");
            })
            .ok()?;
        let thread = ChannelId(thread.id.get());
        match self.service.set_thread(view.id, thread).await {
            Ok(()) => Some(thread),
            Err(e) => {
                tracing::error!(game = %view.id, error = %e, "cannot record the game's thread");
                None
            }
        }
    }
}
