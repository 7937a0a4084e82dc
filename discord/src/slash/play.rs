//! Moving, looking at the board, resigning, claiming a live game the opponent has left.

use std::str::FromStr;

use dama_rules::Move;
use dama_rules::notation::MoveText;
use serenity::all::{ButtonStyle, CreateActionRow, CreateButton};

use crate::app::App;
use crate::args::Args;
use crate::board::{self, Controls};
use crate::commands::{ClaimChoice, opt};
use crate::custom_id::Action;
use crate::interaction::{Failure, Source};
use crate::post::Post;
use dama_service::model::Actor;
use dama_service::service::{Carrier, Claim, GameEnded, GameView, HowPlayed, Origin, ServiceError};
use dama_words::text::{self, Label};

impl App {
    pub(super) async fn move_command(
        &self,
        src: &Source<'_>,
        args: &Args<'_>,
    ) -> Result<(), Failure> {
        let typed = args.str(opt::MOVE).unwrap_or_default();
        let text = MoveText::from_str(typed.trim())
            .map_err(|e| Failure::refused(text::not_a_move(src.lang(), typed, &e)))?;
        if args.int(opt::GAME).is_none()
            && let Some((guild, _)) = self.puzzle_in_hand(src).await?
        {
            return self.answer_puzzle(src, guild, &text).await;
        }
        let game = self.chosen_game(src, args.int(opt::GAME)).await?;
        if game.computer_waits_for(src.user_id()) {
            return self.resume_computer(src, game).await;
        }
        // The answer carries the move's news: claimed with the move itself (see
        // `GameService::play_answered`).
        let carrier = Carrier {
            channel: src.channel_id(),
            token: src.token(),
        };
        let played = self
            .service
            .play_answered(
                game.id,
                Actor::Player(src.user_id()),
                &text,
                HowPlayed {
                    taken_at: Some(src.taken_at()),
                    ..HowPlayed::default()
                },
                carrier,
            )
            .await;
        match played {
            Ok(outcome) => self.after_move(src, outcome).await,
            Err(ServiceError::MissedCapture { played, available }) => {
                self.confirm_losing_move(src, &game, &played, &available)
                    .await
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Under strict rules the typed move misses a capture: nothing is played yet, and the
    /// player alone is asked whether to play it and lose, or think again.
    async fn confirm_losing_move(
        &self,
        src: &Source<'_>,
        game: &GameView,
        played: &Move,
        available: &Move,
    ) -> Result<(), Failure> {
        let notation = self.service.settings(src.user_id()).await?.notation;
        let lose = Action::PlayLosing(game.id, game.ply, MoveText::of_move(played));
        let buttons = vec![
            CreateButton::new(lose.to_string())
                .label(Label::PlayAndLose.say(src.lang()))
                .style(ButtonStyle::Danger),
            CreateButton::new(Action::KeepThinking(game.id).to_string())
                .label(Label::ChooseAnother.say(src.lang()))
                .style(ButtonStyle::Secondary),
        ];
        let post = Post {
            content: text::confirm_missed_capture(src.lang(), played, available, notation),
            components: vec![CreateActionRow::Buttons(buttons)],
            ..Post::default()
        };
        Ok(src.respond_with(&post, true).await?)
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
        let viewpoint = self
            .viewpoint_of(Some(src.user_id()), &view, src.lang())
            .await?;
        if args.bool(opt::TEXT) == Some(true) {
            return Ok(src
                .respond_with(&board::text_board(&view, viewpoint), true)
                .await?);
        }
        let game = view.id;
        let controls = Controls::private(&view, src.user_id(), self.service.now());
        let post = self
            .drawn(move |r| board::private_board(r, &view, viewpoint, &controls))
            .await?;
        let post = self.with_watch_link(post, game, viewpoint.lang).await;
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

    /// `/dama claim`: the win or a draw in a live game whose opponent has left, ended in the
    /// game's thread like any other end; refused with the wait while the opponent is still
    /// around (see `GameService::claim`).
    pub(super) async fn claim_command(
        &self,
        src: &Source<'_>,
        args: &Args<'_>,
    ) -> Result<(), Failure> {
        let word = args.str(opt::ACTION);
        let claim = match word.and_then(ClaimChoice::of) {
            Some(ClaimChoice::Win) => Claim::Win,
            Some(ClaimChoice::Draw) => Claim::Draw,
            None => return Err(Failure::refused(text::unknown_action(src.lang(), word))),
        };
        let view = self.chosen_game(src, args.int(opt::GAME)).await?;
        let ended = self
            .service
            .claim(view.id, src.user_id(), claim, Origin::Discord(src.place()))
            .await?;
        self.after_end(src, &ended.game).await
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
