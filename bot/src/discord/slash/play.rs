//! Moving, looking at the board, resigning.

use std::str::FromStr;

use dama_rules::notation::MoveText;

use crate::discord::app::App;
use crate::discord::args::Args;
use crate::discord::board;
use crate::discord::commands::opt;
use crate::discord::interaction::{Failure, Source};
use crate::discord::text;
use crate::model::Actor;
use crate::service::{GameEnded, GameView};

impl App {
    pub(super) async fn move_command(
        &self,
        src: &Source<'_>,
        args: &Args<'_>,
    ) -> Result<(), Failure> {
        let typed = args.str(opt::MOVE).unwrap_or_default();
        let text = MoveText::from_str(typed.trim())
            .map_err(|e| Failure::refused(text::not_a_move(typed, &e)))?;
        let game = self.chosen_game(src, args.int(opt::GAME)).await?;
        if game.computer_waits_for(src.user_id()) {
            return self.resume_computer(src, game).await;
        }
        let outcome = self
            .service
            .play_move(game.id, Actor::Player(src.user_id()), &text)
            .await?;
        self.after_move(src, outcome).await
    }

    /// The computer is to move but its reply never came (the bot stopped while it was
    /// thinking): it moves now, and the player sees the board before choosing their move.
    async fn resume_computer(&self, src: &Source<'_>, view: GameView) -> Result<(), Failure> {
        tracing::info!(game = %view.id, "the computer's turn was interrupted; playing it now");
        self.after_change(src, &view).await
    }

    pub(super) async fn board(&self, src: &Source<'_>, args: &Args<'_>) -> Result<(), Failure> {
        let view = self.chosen_game(src, args.int(opt::GAME)).await?;
        if view.computer_waits_for(src.user_id()) {
            return self.resume_computer(src, view).await;
        }
        let viewpoint = self.viewpoint_of(Some(src.user_id()), &view).await?;
        let post = self
            .drawn(move |r| board::private_board(r, &view, viewpoint))
            .await?;
        Ok(src.respond_with(&post, true).await?)
    }

    pub(super) async fn resign_command(
        &self,
        src: &Source<'_>,
        args: &Args<'_>,
    ) -> Result<(), Failure> {
        let view = self.chosen_game(src, args.int(opt::GAME)).await?;
        let ended = self.service.resign(view.id, src.user_id()).await?;
        self.announce_resignation(src, ended).await
    }

    /// Publishes the end of a game `src`'s user has just resigned.
    pub(crate) async fn announce_resignation(
        &self,
        src: &Source<'_>,
        ended: GameEnded,
    ) -> Result<(), Failure> {
        self.after_end(src, &ended.game).await
    }
}
