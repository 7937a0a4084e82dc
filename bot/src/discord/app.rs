//! The adapter's state and the flows every interaction shares: answering failures, publishing
//! a game's messages where the game lives, starting games (with their threads), and the
//! messages after a move, the computer's reply included.

use std::future::Future;
use std::sync::Arc;

use dama_render::Renderer;
use dama_rules::Move;
use serenity::all::{AutoArchiveDuration, CreateThread, MessageId};

use super::board::{self, Post, Viewpoint};
use super::computer::{Computer, Turn};
use super::interaction::{Failure, Source};
use super::retry::retrying;
use super::text;
use crate::ids::{ChannelId, UserId};
use crate::model::{Participant, PlayerSettings};
use crate::service::{GameEnd, GameService, GameView, MoveOutcome};

/// What the adapter holds: the service, the computer player and the board renderer.
#[derive(Debug)]
pub(crate) struct App {
    /// Every product rule lives here.
    pub service: GameService,
    /// Plays the computer's turns.
    pub computer: Computer,
    /// Draws boards and replays, keeping its tiles (shared with the threads that draw replays).
    pub renderer: Arc<Renderer>,
}

/// Where a game's public messages go: its thread, or the channel it started in.
pub(crate) fn game_channel(view: &GameView) -> ChannelId {
    view.thread.unwrap_or(view.place.channel)
}

fn serenity_channel(id: ChannelId) -> serenity::all::ChannelId {
    serenity::all::ChannelId::new(id.0)
}

/// What happened on a game since its last message, to write under its title in the reader's
/// notation.
#[derive(Debug, Default)]
pub(crate) struct Story {
    moves: Vec<(Participant, Move)>,
    notes: Vec<String>,
}

impl Story {
    /// A story that starts with `note`.
    pub(crate) fn note(note: impl Into<String>) -> Story {
        Story {
            moves: Vec::new(),
            notes: vec![note.into()],
        }
    }

    /// The story of a move just played.
    pub(crate) fn moved(outcome: &MoveOutcome) -> Story {
        let mover = outcome
            .game
            .participant(outcome.position_before.turn())
            .clone();
        Story {
            moves: vec![(mover, outcome.played)],
            notes: Vec::new(),
        }
    }

    fn lines(&self, notation: dama_rules::notation::Notation) -> Vec<String> {
        self.notes
            .iter()
            .cloned()
            .chain(
                self.moves
                    .iter()
                    .map(|(who, m)| text::played(who, m, notation)),
            )
            .collect()
    }
}

impl App {
    /// Answers a failed interaction: the reason for a refusal, a generic sentence (and a log
    /// line) for the bot's own failures.
    pub(crate) async fn report(&self, src: &Source<'_>, what: &str, failure: Failure) {
        let words = match &failure {
            Failure::Refused(words) => words.clone(),
            Failure::Service(e) if !e.is_internal() => text::explain(e),
            // Discord calls come after the service's: what the player did is already saved.
            Failure::Discord(e) => {
                tracing::error!(error = %e, action = what, user = %src.user_id(), "discord refused an answer");
                text::DISCORD_FAILURE.to_owned()
            }
            internal => {
                tracing::error!(error = %internal, action = what, user = %src.user_id(), "interaction failed");
                text::GENERIC_FAILURE.to_owned()
            }
        };
        if !failure.is_internal() {
            tracing::debug!(action = what, user = %src.user_id(), reason = %words, "refused");
        }
        // A public "thinking…" that will never be filled in is removed before explaining.
        if src.deferred()
            && let Err(e) = src.delete_original().await
        {
            tracing::warn!(error = %e, "cannot remove a deferred answer");
        }
        if let Err(e) = src.tell(&words).await {
            tracing::warn!(error = %e, action = what, "cannot answer an interaction");
        }
    }

    /// Sends the public message of an action on a game. In the game's channel it is the answer
    /// to the interaction (deferred first when `slow`: an engine search or a replay); anywhere
    /// else the actor is told where the game is and the message goes there.
    pub(crate) async fn publish(
        &self,
        src: &Source<'_>,
        channel: ChannelId,
        slow: bool,
        make: impl Future<Output = Result<Post, Failure>>,
    ) -> Result<(), Failure> {
        if src.channel_id() == channel {
            if src.responded() {
                let post = make.await?;
                src.followup(post.followup(false)).await?;
            } else if slow {
                src.defer().await?;
                let post = make.await?;
                src.edit(post.edit()).await?;
            } else {
                let post = make.await?;
                src.respond_with(&post, false).await?;
            }
        } else {
            if !src.responded() {
                src.tell(&format!("Done. The game goes on in <#{channel}>."))
                    .await?;
            }
            let post = make.await?;
            retrying("game message", || {
                serenity_channel(channel).send_message(src.http(), post.message())
            })
            .await?;
        }
        Ok(())
    }

    /// How a public message about `view` is drawn: for the person to move (or, when nobody is,
    /// for a person playing), with their notation, theme and orientation.
    pub(crate) async fn public_viewpoint(&self, view: &GameView) -> Result<Viewpoint, Failure> {
        let reader = view
            .user_to_move()
            .or_else(|| view.white.user())
            .or_else(|| view.black.user());
        self.viewpoint_of(reader, view).await
    }

    /// How `user` sees `view`.
    pub(crate) async fn viewpoint_of(
        &self,
        user: Option<UserId>,
        view: &GameView,
    ) -> Result<Viewpoint, Failure> {
        let Some(user) = user else {
            return Ok(Viewpoint::of(PlayerSettings::default(), None));
        };
        let settings = self.service.settings(user).await?;
        Ok(Viewpoint::of(settings, view.color_of(user)))
    }

    /// The public message after `story` on `view`: the computer replies first when it is to
    /// move; a finished game gets its result, rating changes and replay.
    pub(crate) async fn story_post(
        &self,
        mut story: Story,
        mut view: GameView,
        mut ended: Option<GameEnd>,
    ) -> Result<Post, Failure> {
        if ended.is_none() && view.engine_to_move().is_some() {
            let computer = view.participant(view.turn()).clone();
            match self.computer.play(&self.service, &view).await? {
                Turn::Moved(outcome) => {
                    story.moves.push((computer, outcome.played));
                    view = outcome.game;
                    ended = outcome.ended;
                }
                Turn::Resigned(resigned) => {
                    view = resigned.game;
                    ended = Some(resigned.end);
                }
            }
        }
        let viewpoint = self.public_viewpoint(&view).await?;
        let lines = story.lines(viewpoint.notation);
        match ended {
            Some(end) => self.end_post(&view, &end, viewpoint, &lines).await,
            None => Ok(board::game_post(&self.renderer, &view, viewpoint, &lines)),
        }
    }

    /// The message of a finished game, with its replay GIF drawn on a blocking thread (a
    /// replay that cannot be drawn is logged and left out).
    pub(crate) async fn end_post(
        &self,
        view: &GameView,
        end: &GameEnd,
        viewpoint: Viewpoint,
        lines: &[String],
    ) -> Result<Post, Failure> {
        let game = self.service.history(view.id).await?;
        let renderer = Arc::clone(&self.renderer);
        let replay =
            tokio::task::spawn_blocking(move || board::replay_gif(&renderer, &game, viewpoint))
                .await?;
        let replay = replay
            .inspect_err(|e| tracing::warn!(game = %view.id, error = %e, "no replay"))
            .ok();
        Ok(board::end_post(
            &self.renderer,
            view,
            end,
            viewpoint,
            lines,
            replay,
        ))
    }

    /// Publishes the messages after a move: the board (after the computer's reply, if it is
    /// to move), or the end of the game.
    pub(crate) async fn after_move(
        &self,
        src: &Source<'_>,
        outcome: MoveOutcome,
    ) -> Result<(), Failure> {
        let channel = game_channel(&outcome.game);
        let slow = outcome.ended.is_some() || outcome.game.engine_to_move().is_some();
        let story = Story::moved(&outcome);
        self.publish(
            src,
            channel,
            slow,
            self.story_post(story, outcome.game, outcome.ended),
        )
        .await
    }

    /// Publishes the end of a game that ended without a move (resignation, agreed draw).
    pub(crate) async fn after_end(
        &self,
        src: &Source<'_>,
        view: GameView,
        end: GameEnd,
        note: String,
    ) -> Result<(), Failure> {
        let channel = game_channel(&view);
        self.publish(src, channel, true, async {
            let viewpoint = self.public_viewpoint(&view).await?;
            self.end_post(&view, &end, viewpoint, &[note]).await
        })
        .await
    }

    /// Publishes the board of a game in progress after `story` (a takeback, say).
    pub(crate) async fn after_change(
        &self,
        src: &Source<'_>,
        view: GameView,
        story: Story,
    ) -> Result<(), Failure> {
        let channel = game_channel(&view);
        let slow = view.engine_to_move().is_some();
        self.publish(src, channel, slow, self.story_post(story, view, None))
            .await
    }

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
            Some(message) => self.open_thread(src, message, &view).await,
            None => None,
        };
        let channel = match thread {
            Some(thread) => {
                view.thread = Some(thread);
                thread
            }
            None => src.channel_id(),
        };
        let slow = view.engine_to_move().is_some();
        let story = Story::note("The game begins. Good luck!");
        self.publish(src, channel, slow, self.story_post(story, view, None))
            .await
    }

    /// Opens the game's thread from `message` and records it; `None` (and a log line) when
    /// Discord refuses, and the game goes on in the channel.
    async fn open_thread(
        &self,
        src: &Source<'_>,
        message: MessageId,
        view: &GameView,
    ) -> Option<ChannelId> {
        // Correspondence games are slow: keep the thread visible for a week of silence.
        let builder = CreateThread::new(text::thread_name(view))
            .auto_archive_duration(AutoArchiveDuration::OneWeek);
        let thread = retrying("thread", || {
            src.serenity_channel()
                .create_thread_from_message(src.http(), message, builder.clone())
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
