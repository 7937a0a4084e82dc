//! The adapter's state, and how a reader sees a game. The flows every interaction shares live
//! beside it: [`report`](super::report) answers failures, [`publish`](super::publish) sends a
//! game's messages where the game lives, [`story`](super::story) writes what happened (the
//! computer's reply included), and [`threads`](super::threads) starts games in their threads.

use std::sync::Arc;

use tokio::sync::Notify;

use super::board::Viewpoint;
use super::interaction::Failure;
use crate::ids::{ChannelId, UserId};
use crate::model::PlayerSettings;
use crate::service::{GameService, GameView};

/// What the adapter holds: the service (the computer player included), and the bell that
/// wakes the delivery worker.
#[derive(Debug)]
pub(crate) struct App {
    /// Every product rule lives here.
    pub service: GameService,
    /// Rung when notices are ready for the worker now.
    pub wake: Arc<Notify>,
}

/// Where a game's public messages go: its thread, or the channel it started in.
pub(crate) fn game_channel(view: &GameView) -> ChannelId {
    view.thread.unwrap_or(view.place.channel)
}

impl App {
    /// How a public message about `view` is drawn: for the person to move (or, when nobody is,
    /// for a person playing), with their notation, theme and orientation.
    pub(crate) async fn public_viewpoint(&self, view: &GameView) -> Result<Viewpoint, Failure> {
        let reader = view
            .user_to_move()
            .or_else(|| view.seats.white.user())
            .or_else(|| view.seats.black.user());
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
}
