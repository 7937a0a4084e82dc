//! The adapter's state, and how a reader sees a game. The flows every interaction shares live
//! beside it: [`report`](super::report) answers failures, [`publish`](super::publish) sends a
//! game's messages where the game lives, [`story`](super::story) writes what happened (the
//! computer's reply included), and [`threads`](super::threads) starts games in their threads.

use std::sync::Arc;

use dama_render::Renderer;
use tokio::sync::Notify;

use super::board::Viewpoint;
use super::i18n::Lang;
use super::interaction::Failure;
use crate::ids::{ChannelId, Place, UserId};
use crate::model::PlayerSettings;
use crate::service::{GameService, GameView};

/// What the adapter holds: the service (the computer player included), the bell that wakes
/// the delivery worker, and the board renderer.
#[derive(Debug)]
pub(crate) struct App {
    /// Every product rule lives here.
    pub service: GameService,
    /// Rung when notices are ready for the worker now.
    pub wake: Arc<Notify>,
    /// Draws boards and replays, keeping its tiles (shared with the threads that draw replays).
    pub renderer: Arc<Renderer>,
}

/// Where a game's public messages go: its thread, or the channel it started in.
pub(crate) fn game_channel(view: &GameView) -> ChannelId {
    view.thread.unwrap_or(view.place.channel)
}

impl App {
    /// Runs `draw` with the renderer on a blocking thread: a board takes about a millisecond of
    /// CPU (a replay far more), which must not hold up the tasks answering interactions.
    pub(crate) async fn drawn<T: Send + 'static>(
        &self,
        draw: impl FnOnce(&Renderer) -> T + Send + 'static,
    ) -> Result<T, Failure> {
        let renderer = Arc::clone(&self.renderer);
        Ok(tokio::task::spawn_blocking(move || draw(&renderer)).await?)
    }

    /// How a public message about `view` is drawn: for the person to move (or, when nobody is,
    /// for a person playing), with their notation, theme and orientation, in `lang` (the
    /// place's language).
    pub(crate) async fn public_viewpoint(
        &self,
        view: &GameView,
        lang: Lang,
    ) -> Result<Viewpoint, Failure> {
        let reader = view
            .user_to_move()
            .or_else(|| view.seats.white.user())
            .or_else(|| view.seats.black.user());
        self.viewpoint_of(reader, view, lang).await
    }

    /// The language of posts made in `place` without an interaction to take it from (the
    /// delivery worker's): the server's language for a server, English until one is known.
    pub(crate) async fn place_lang(&self, place: Place) -> Lang {
        let _ = place;
        Lang::En
    }

    /// How `user` sees `view`, reading `lang`.
    pub(crate) async fn viewpoint_of(
        &self,
        user: Option<UserId>,
        view: &GameView,
        lang: Lang,
    ) -> Result<Viewpoint, Failure> {
        let Some(user) = user else {
            return Ok(Viewpoint::of(PlayerSettings::default(), None, lang));
        };
        let settings = self.service.settings(user).await?;
        Ok(Viewpoint::of(settings, view.color_of(user), lang))
    }
}
