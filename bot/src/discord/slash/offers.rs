//! Draw offers and takeback requests: asked in public, answered by the opponent.

use crate::discord::app::App;
use crate::discord::args::Args;
use crate::discord::commands::{Answer, Subcommand, opt};
use crate::discord::interaction::{Failure, Source};
use crate::discord::text::{self, Sentence};
use dama_service::ids::GameId;
use dama_service::service::{DrawOffer, TakebackRequest};

impl App {
    pub(super) async fn draw_command(
        &self,
        src: &Source<'_>,
        args: &Args<'_>,
    ) -> Result<(), Failure> {
        let answer = answer(src, Subcommand::Draw, args)?;
        let view = self.chosen_game(src, args.int(opt::GAME)).await?;
        match answer {
            Answer::Ask => self.offer_draw(src, view.id).await,
            Answer::Accept => self.accept_draw(src, view.id, None).await,
            Answer::Decline => self.decline_draw(src, view.id, None).await,
        }
    }

    /// `src`'s user offers a draw in game `id` (accepting the opponent's pending offer).
    pub(crate) async fn offer_draw(&self, src: &Source<'_>, id: GameId) -> Result<(), Failure> {
        match self.service.offer_draw(id, src.user_id()).await? {
            DrawOffer::Offered(view) => self.after_change(src, &view).await,
            DrawOffer::Agreed(ended) => self.after_end(src, &ended.game).await,
            DrawOffer::Declined(_) => Ok(src
                .tell(&Sentence::ComputerDeclinesDraw.say(src.lang()))
                .await?),
        }
    }

    /// `src`'s user accepts the opponent's draw offer in game `id` (the one asked at version `asked_at`
    /// when answering its question; see `GameService::accept_draw`).
    pub(crate) async fn accept_draw(
        &self,
        src: &Source<'_>,
        id: GameId,
        asked_at: Option<i64>,
    ) -> Result<(), Failure> {
        let ended = self
            .service
            .accept_draw(id, src.user_id(), asked_at)
            .await?;
        self.after_end(src, &ended.game).await
    }

    /// `src`'s user declines the opponent's draw offer in game `id`.
    pub(crate) async fn decline_draw(
        &self,
        src: &Source<'_>,
        id: GameId,
        asked_at: Option<i64>,
    ) -> Result<(), Failure> {
        let view = self
            .service
            .decline_draw(id, src.user_id(), asked_at)
            .await?;
        self.after_change(src, &view).await
    }

    pub(super) async fn takeback_command(
        &self,
        src: &Source<'_>,
        args: &Args<'_>,
    ) -> Result<(), Failure> {
        let answer = answer(src, Subcommand::Takeback, args)?;
        let view = self.chosen_game(src, args.int(opt::GAME)).await?;
        match answer {
            Answer::Ask => self.request_takeback(src, view.id).await,
            Answer::Accept => self.accept_takeback(src, view.id, None).await,
            Answer::Decline => self.decline_takeback(src, view.id, None).await,
        }
    }

    async fn request_takeback(&self, src: &Source<'_>, id: GameId) -> Result<(), Failure> {
        match self.service.request_takeback(id, src.user_id()).await? {
            TakebackRequest::Requested(view) => self.after_change(src, &view).await,
            TakebackRequest::TakenBack(taken) => self.after_change(src, &taken.game).await,
        }
    }

    /// `src`'s user allows the opponent's takeback in game `id`.
    pub(crate) async fn accept_takeback(
        &self,
        src: &Source<'_>,
        id: GameId,
        asked_at: Option<i64>,
    ) -> Result<(), Failure> {
        let taken = self
            .service
            .accept_takeback(id, src.user_id(), asked_at)
            .await?;
        self.after_change(src, &taken.game).await
    }

    /// `src`'s user refuses the opponent's takeback in game `id`.
    pub(crate) async fn decline_takeback(
        &self,
        src: &Source<'_>,
        id: GameId,
        asked_at: Option<i64>,
    ) -> Result<(), Failure> {
        let view = self
            .service
            .decline_takeback(id, src.user_id(), asked_at)
            .await?;
        self.after_change(src, &view).await
    }
}

/// The `action` option of `/dama draw` or `/dama takeback`.
fn answer(src: &Source<'_>, sub: Subcommand, args: &Args<'_>) -> Result<Answer, Failure> {
    let word = args.str(opt::ACTION);
    Answer::of(sub, word).ok_or_else(|| Failure::refused(text::unknown_action(src.lang(), word)))
}
