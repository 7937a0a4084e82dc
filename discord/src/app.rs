//! The adapter's state, and how a reader sees a game. The flows every interaction shares live
//! beside it: [`report`](super::report) answers failures, [`publish`](super::publish) sends a
//! game's messages where the game lives, [`notices`](super::notices) writes what happened (the
//! computer's reply included), and [`threads`](super::threads) starts games in their threads.

use std::sync::Arc;

use dama_render::Renderer;
use tokio::sync::Notify;

use super::board::Viewpoint;
use super::interaction::{Chosen, Failure, Source};
use dama_service::ids::{ChannelId, Place, UserId};
use dama_service::model::PlayerSettings;
use dama_service::service::{GameService, GameView};
use dama_words::i18n::Language;

/// What the adapter holds: the service (the computer player included), the bell that wakes
/// the delivery worker, the board renderer, and the metrics.
#[derive(Debug)]
pub(crate) struct App {
    /// Every product rule lives here.
    pub service: GameService,
    /// Rung when notices are ready for the worker now.
    pub wake: Arc<Notify>,
    /// Draws boards and replays, keeping its tiles (shared with the threads that draw replays).
    pub renderer: Arc<Renderer>,
    /// `DAMA_PUBLIC_URL` when the web pages are on: boards link to their game's page.
    pub web_url: Option<String>,
    /// Signing in is on for the web pages (`DISCORD_CLIENT_SECRET`): members play and solve
    /// puzzles there.
    pub web_sign_in: bool,
    /// `DAMA_ACTIVITY=on`: boards offer "Open board", and the entry-point command launches the
    /// Activity.
    pub activity: bool,
    /// Rung when a review is asked for: the review worker has work.
    pub review_bell: Arc<Notify>,
    /// The answers showing reviews' progress.
    pub reviews: super::reviews::Watchers,
    /// What `/metrics` shows.
    pub metrics: super::monitor::Metrics,
    /// Live games' boards, edited in place at Discord's pace.
    pub live_posts: super::live_posts::LivePosts,
    /// The pace of the workers' requests to Discord, the notices first.
    pub pace: super::pace::Pace,
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
        lang: Language,
    ) -> Result<Viewpoint, Failure> {
        let reader = view.reader();
        self.viewpoint_of(reader, view, lang).await
    }

    /// The language of posts made in `place` without an interaction to take it from (the
    /// delivery worker's): for a server, the one chosen for it, else its Discord locale as last
    /// seen; English when nothing is known (and in direct messages).
    pub(crate) async fn place_lang(&self, place: Place) -> Language {
        self.place_lang_for(place, None).await
    }

    /// The language of posts made in `place` without an interaction, `reader` the person a
    /// direct message goes to: the service's [`place_language`](GameService::place_language),
    /// English when it cannot be read.
    pub(crate) async fn place_lang_for(&self, place: Place, reader: Option<UserId>) -> Language {
        match self.service.place_language(place, reader).await {
            Ok(language) => language,
            Err(e) => {
                tracing::warn!(error = %e, "cannot read a place's language; using English");
                Language::En
            }
        }
    }

    /// The language `user` reads what is sent to them without an interaction (a DM): the one
    /// they chose, else their Discord locale as last seen, else English.
    pub(crate) async fn user_lang(&self, user: UserId) -> Language {
        match self.service.player_language(user).await {
            Ok(language) => language,
            Err(e) => {
                tracing::warn!(error = %e, "cannot read a player's language; using English");
                Language::En
            }
        }
    }

    /// Notes the locales `src` came with, and gives it the languages chosen by its user and
    /// for its server (a failure to read them is logged: the locales serve then). Whether the
    /// user's locale is now known (it is not for someone who is not a player yet).
    pub(crate) async fn learn_languages(&self, src: &mut Source<'_>) -> bool {
        let guild = src.guild_id().map(|g| (g, src.guild_locale()));
        match self
            .service
            .languages(src.user_id(), src.locale(), guild)
            .await
        {
            Ok(languages) => {
                src.set_chosen(Chosen {
                    user: languages.user,
                    server: languages.server,
                });
                languages.user_known
            }
            Err(e) => {
                tracing::warn!(error = %e, "cannot read the languages of an interaction");
                true
            }
        }
    }

    /// How `user` sees `view`, reading `lang`.
    pub(crate) async fn viewpoint_of(
        &self,
        user: Option<UserId>,
        view: &GameView,
        lang: Language,
    ) -> Result<Viewpoint, Failure> {
        let Some(user) = user else {
            return Ok(Viewpoint::of(PlayerSettings::default(), None, lang));
        };
        let settings = self.service.settings(user).await?;
        Ok(Viewpoint::of(settings, view.color_of(user), lang))
    }
}
