//! Turn notices by direct message, for players who chose them (`/dama settings notify:`): once
//! a game's board (or a reminder) has gone out where the game is played, the player to move
//! gets their own board with its move menus in a DM, in their language and notation. This is
//! best effort after the public post, which stays the notice's delivery: a DM that fails never
//! fails or repeats it. When Discord refuses the DM because the player closed their DMs, their
//! turn notices go back to the game's channel, and they are told so there, once.

use serenity::all::Http;

use super::app::{App, game_channel};
use super::board::{self, Controls};
use super::delivery::{Refusal, dm_once, post_once};
use super::interaction::Failure;
use super::post::Post;
use dama_service::ids::UserId;
use dama_service::service::{GameView, Notice, TurnNotice};
use dama_words::text;

impl App {
    /// After `notice` (outbox row `id`) went out in public: the DM turn notice it calls for,
    /// if any. `known` is the game as the caller has it, used instead of reading it again when
    /// it is the state a board notice shows. Failures are logged, never returned.
    pub(crate) async fn turn_by_dm(
        &self,
        http: &Http,
        notice: &Notice,
        id: i64,
        known: Option<&GameView>,
    ) {
        match self.dm_turn(http, notice, id, known).await {
            Ok(()) => {}
            Err(TurnError::DmsClosed(user, view)) => self.dms_closed(http, user, &view, id).await,
            Err(TurnError::Failed(error)) => {
                tracing::warn!(notice = id, %error, "a turn notice by DM did not go out");
            }
        }
    }

    async fn dm_turn(
        &self,
        http: &Http,
        notice: &Notice,
        id: i64,
        known: Option<&GameView>,
    ) -> Result<(), TurnError> {
        let due = self
            .service
            .turn_notice_due(notice, known)
            .await
            .map_err(Failure::from)?;
        let Some(TurnNotice {
            user,
            game: view,
            reminder,
        }) = due
        else {
            return Ok(());
        };
        let lang = self.user_lang(user).await;
        let viewpoint = self.viewpoint_of(Some(user), &view, lang).await?;
        let shown = view.clone();
        let controls = Controls::private(&view, user, self.service.now());
        let mut post = self
            .drawn(move |r| board::private_board(r, &shown, viewpoint, &controls))
            .await?;
        if let Some(deadline) = reminder {
            post.content = format!(
                "{}\n{}",
                text::reminder(lang, &view, user, deadline),
                post.content
            );
        }
        match dm_once(
            http,
            self.metrics.refusals(),
            user,
            &post,
            format!("dama-dm-{id}"),
        )
        .await
        {
            Ok(_) => Ok(()),
            Err(Refusal::Gone(_)) => Err(TurnError::DmsClosed(user, Box::new(view))),
            Err(Refusal::Passing(error) | Refusal::Final(error) | Refusal::TooLarge(error)) => {
                Err(TurnError::Failed(error))
            }
        }
    }

    /// `user` cannot be sent DMs: their turn notices go to the game's channel again, which
    /// tells them so (once, however many DMs found their DMs closed).
    async fn dms_closed(&self, http: &Http, user: UserId, view: &GameView, id: i64) {
        match self.service.dms_closed(user).await {
            Ok(true) => {}
            Ok(false) => return,
            Err(e) => {
                tracing::error!(error = %e, "cannot set a player's turn notices back to the channel");
                return;
            }
        }
        let lang = self.place_lang(view.place).await;
        let post = Post {
            pings: vec![user],
            ..Post::text(text::dms_closed(lang, user))
        };
        if let Err(error) = post_once(
            http,
            self.metrics.refusals(),
            game_channel(view),
            &post,
            format!("dama-dmx-{id}"),
        )
        .await
        {
            tracing::warn!(
                notice = id,
                ?error,
                "cannot say that a player's DMs are closed"
            );
        }
    }
}

/// Why a turn notice did not reach its player by DM.
enum TurnError {
    /// Discord refused it: the player closed their DMs.
    DmsClosed(UserId, Box<GameView>),
    /// Anything else: the board could not be made, Discord failed.
    Failed(String),
}

impl From<Failure> for TurnError {
    fn from(e: Failure) -> TurnError {
        TurnError::Failed(e.to_string())
    }
}
