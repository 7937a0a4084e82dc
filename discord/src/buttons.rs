//! Clicks on the bot's buttons and choices in its menus.

use dama_rules::Square;
use dama_rules::notation::MoveText;
use serenity::all::{
    ButtonStyle, ComponentInteraction, ComponentInteractionDataKind, CreateActionRow, CreateButton,
    CreateInteractionResponse, EditThread,
};

use super::app::App;
use super::arenas;
use super::board::{self, Controls};
use super::custom_id::Action;
use super::interaction::{Failure, Source};
use super::post::Post;
use super::retry::{is_archived_thread, retrying};
use dama_service::ids::{ChallengeId, GameId};
use dama_service::model::Actor;
use dama_service::service::{Closing, GameView, HowPlayed, ServiceError};
use dama_words::text::{self, Label, Sentence};

impl App {
    /// Handles a click or a menu choice.
    pub(crate) async fn component(&self, src: &Source<'_>, component: &ComponentInteraction) {
        let id = component.data.custom_id.as_str();
        let result = match id.parse::<Action>() {
            Ok(action) => match self.act(src, action.clone(), &component.data.kind).await {
                // Pressed on a board the game has left behind: the current one, privately.
                Err(Failure::Service(ServiceError::MovedOn { .. })) => match action.game() {
                    Some(game) => self.moved_on(src, game).await,
                    None => Err(Failure::refused(Sentence::StaleButton.say(src.lang()))),
                },
                other => other,
            },
            Err(_) => Err(Failure::refused(Sentence::StaleButton.say(src.lang()))),
        };
        if let Err(failure) = result {
            self.report(src, id, failure).await;
        }
    }

    async fn act(
        &self,
        src: &Source<'_>,
        action: Action,
        kind: &ComponentInteractionDataKind,
    ) -> Result<(), Failure> {
        let chosen = match kind {
            ComponentInteractionDataKind::StringSelect { values } => values.first().cloned(),
            _ => None,
        };
        match action {
            Action::Accept(id) => self.accept(src, id).await,
            Action::Decline(id) => self.decline(src, id).await,
            Action::Cancel(id) => self.withdraw(src, id).await,
            Action::Resign(game, ply) => self.confirm_resign(src, game, ply).await,
            Action::ConfirmResign(game, ply) => self.resign(src, game, ply).await,
            Action::Draw(game, ply) => self.offer_draw_at(src, game, ply).await,
            Action::Answer(game, question, accept, version) => {
                self.answer_question(src, game, question, accept, Some(src.pressed(version)))
                    .await
            }
            Action::Flip(game, flip, ply) => self.flip(src, game, flip, ply).await,
            Action::Pick(game, ply) => {
                let square = chosen
                    .and_then(|v| v.parse::<u8>().ok())
                    .and_then(Square::new);
                self.pick(src, game, ply, square).await
            }
            Action::Play(game, ply) => {
                let text = chosen.and_then(|v| v.parse::<MoveText>().ok());
                self.play_chosen(src, game, ply, text).await
            }
            Action::Outdated(game) => self.moved_on(src, game).await,
            Action::PlayLosing(game, ply, text) => {
                self.play_pressed(src, game, ply, &text, true).await
            }
            Action::Rematch(game) => self.rematch(src, game).await,
            Action::Follow(game) => self.follow(src, game).await,
            Action::Review(game) => self.ask_review(src, game).await,
            Action::OpenBoard(game) => self.open_board(src, game).await,
            Action::JoinTournament(id) => self.join_tournament(src, id).await,
            Action::Standings(id) => self.show_standings(src, id).await,
            Action::JoinArena(id) | Action::LeaveArena(id) | Action::PauseArena(id) => {
                self.arena_pressed(src, id, action).await
            }
            Action::Berserk(game) => {
                self.service.berserk(game, src.user_id()).await?;
                let post = Post::text(arenas::went_berserk(src.lang()));
                Ok(src.respond_with(&post, true).await?)
            }
            Action::PuzzlePick(puzzle, ply) => {
                let square = chosen
                    .and_then(|v| v.parse::<u8>().ok())
                    .and_then(Square::new);
                self.puzzle_pick(src, puzzle, ply, square).await
            }
            Action::PuzzlePlay(puzzle, ply) => {
                let text = chosen.and_then(|v| v.parse::<MoveText>().ok());
                self.puzzle_play(src, puzzle, ply, text).await
            }
            Action::KeepThinking(_) => Ok(src
                .update_with(&Post::text(Sentence::NothingPlayed.say(src.lang())))
                .await?),
        }
    }

    /// The challenged player declines challenge `id`.
    async fn decline(&self, src: &Source<'_>, id: ChallengeId) -> Result<(), Failure> {
        let challenge = match self
            .service
            .close_challenge(Closing::Declined, src.user_id(), src.place(), id)
            .await
        {
            Ok(challenge) => challenge,
            Err(e) => return Err(self.challenge_refusal(src, e, id).await),
        };
        let post = Post::text(text::declined_challenge(
            src.public_lang(),
            &src.player().name,
            &challenge.challenger.name,
        ));
        Ok(src.update_with(&post).await?)
    }

    /// The challenger withdraws challenge `id`.
    async fn withdraw(&self, src: &Source<'_>, id: ChallengeId) -> Result<(), Failure> {
        self.service
            .close_challenge(Closing::Withdrawn, src.user_id(), src.place(), id)
            .await?;
        let post = Post::text(text::withdrew_challenge(
            src.public_lang(),
            &src.player().name,
        ));
        Ok(src.update_with(&post).await?)
    }

    /// The second step of resigning from the board drawn at `ply`: the game ends.
    async fn resign(&self, src: &Source<'_>, game: GameId, ply: u32) -> Result<(), Failure> {
        let ended = self
            .service
            .resign_at(game, src.user_id(), src.pressed(ply))
            .await?;
        src.update_with(&Post::text(Sentence::YouResigned.say(src.lang())))
            .await?;
        self.announce_resignation(src, ended).await
    }

    /// The board of `game` turned over for the clicker alone, while it is still at `ply`.
    async fn flip(
        &self,
        src: &Source<'_>,
        game: GameId,
        flip: bool,
        ply: u32,
    ) -> Result<(), Failure> {
        let view = self.visible(src, game).await?;
        view.ensure_at(ply)?;
        let mut viewpoint = self
            .viewpoint_of(Some(src.user_id()), &view, src.lang())
            .await?;
        viewpoint.flip = flip;
        let controls = Controls::private(&view, src.user_id(), self.service.now());
        let post = self
            .drawn(move |r| board::private_board(r, &view, viewpoint, &controls))
            .await?;
        self.answer_privately(src, &post).await
    }

    /// The move chosen in the move picker drawn at `ply` is played.
    async fn play_chosen(
        &self,
        src: &Source<'_>,
        game: GameId,
        ply: u32,
        chosen: Option<MoveText>,
    ) -> Result<(), Failure> {
        let text = chosen.ok_or_else(|| Failure::refused(Sentence::ChooseMove.say(src.lang())))?;
        self.play_pressed(src, game, ply, &text, false).await
    }

    /// Plays `chosen`, picked on a board or question drawn at `ply` (knowing it loses when
    /// `losing`: a missed capture under strict rules, confirmed): the picker's message says
    /// what was played, then the move is published.
    async fn play_pressed(
        &self,
        src: &Source<'_>,
        game: GameId,
        ply: u32,
        chosen: &MoveText,
        losing: bool,
    ) -> Result<(), Failure> {
        let how = HowPlayed {
            pressed: Some(src.pressed(ply)),
            losing,
            taken_at: Some(src.taken_at()),
            ..HowPlayed::default()
        };
        let outcome = self
            .service
            .play(game, Actor::Player(src.user_id()), chosen, how)
            .await?;
        let notation = self.service.settings(src.user_id()).await?.notation;
        let post = Post::text(text::you_played(src.lang(), &outcome.played, notation));
        src.update_with(&post).await?;
        self.after_move(src, outcome).await
    }

    /// Game `game`, if `src`'s user may see it from where they are.
    async fn visible(&self, src: &Source<'_>, game: GameId) -> Result<GameView, Failure> {
        Ok(self
            .service
            .game_for(game, src.user_id(), src.place())
            .await?)
    }

    /// The game moved on since the pressed board was drawn: nothing was done, and the clicker
    /// sees the board as it stands, privately.
    async fn moved_on(&self, src: &Source<'_>, game: GameId) -> Result<(), Failure> {
        let view = self.visible(src, game).await?;
        let lang = src.lang();
        let viewpoint = self.viewpoint_of(Some(src.user_id()), &view, lang).await?;
        let controls = Controls::private(&view, src.user_id(), self.service.now());
        let mut post = self
            .drawn(move |r| board::private_board(r, &view, viewpoint, &controls))
            .await?;
        post.content = format!("{}\n{}", Sentence::GameMovedOn.say(lang), post.content);
        self.answer_privately(src, &post).await
    }

    /// Answers with `post` for the clicker alone: in place of an ephemeral message clicked,
    /// else as a new ephemeral message.
    async fn answer_privately(&self, src: &Source<'_>, post: &Post) -> Result<(), Failure> {
        if src.on_ephemeral_message() {
            Ok(src.update_with(post).await?)
        } else {
            Ok(src.respond_with(post, true).await?)
        }
    }

    /// `src`'s user follows the game of `view`: they join its thread (Discord answers alike
    /// when they are already in it), told so privately. A game without a thread is played in
    /// its channel, which is all there is to follow.
    async fn follow(&self, src: &Source<'_>, game: GameId) -> Result<(), Failure> {
        let view = self.visible(src, game).await?;
        let lang = src.lang();
        let Some(thread) = view.thread else {
            let words = text::follow_no_thread(lang, view.id, view.place.channel);
            return Err(Failure::refused(words));
        };
        let user = serenity::all::UserId::new(src.user_id().0);
        let channel = serenity::all::ChannelId::new(thread.0);
        let add = || channel.add_thread_member(src.http(), user);
        match retrying(self.metrics.refusals(), "follow", add).await {
            // A quiet game's thread archives itself after a week: open it again, then add.
            Err(e) if is_archived_thread(&e) => {
                let reopen = EditThread::new().archived(false);
                retrying(self.metrics.refusals(), "unarchive", || {
                    channel.edit_thread(src.http(), reopen.clone())
                })
                .await?;
                retrying(self.metrics.refusals(), "follow", add).await?;
            }
            other => other?,
        }
        let post = Post::text(text::follow_done(lang, view.id, thread));
        self.answer_privately(src, &post).await
    }

    /// `src`'s user opens `game`'s board in the Activity: the press is noted (the Activity
    /// asks which game it meant once it knows who opened it, and where), and Discord is told
    /// to launch the Activity. Anyone who may see the game may watch it there.
    async fn open_board(&self, src: &Source<'_>, game: GameId) -> Result<(), Failure> {
        if !self.activity {
            return Err(Failure::refused(Sentence::StaleButton.say(src.lang())));
        }
        let view = self.visible(src, game).await?;
        self.service
            .record_launch(src.user_id(), src.channel_id(), view.id)
            .await?;
        Ok(src
            .respond(CreateInteractionResponse::LaunchActivity)
            .await?)
    }

    /// Someone accepts (or joins) challenge `id`: the game starts.
    async fn accept(&self, src: &Source<'_>, id: ChallengeId) -> Result<(), Failure> {
        let view = match self
            .service
            .accept_challenge(&src.player(), src.place(), id)
            .await
        {
            Ok(view) => view,
            Err(e) => return Err(self.challenge_refusal(src, e, id).await),
        };
        let announcement = Post::text(text::game_has_started(src.public_lang(), &view));
        self.game_started(src, view, announcement).await
    }

    /// A refusal about challenge `id`, naming whom a direct challenge is for.
    async fn challenge_refusal(
        &self,
        src: &Source<'_>,
        e: ServiceError,
        id: ChallengeId,
    ) -> Failure {
        if matches!(e, ServiceError::ChallengeNotForYou)
            && let Ok(challenge) = self.service.challenge(id).await
            && let Some(challenged) = challenge.challenged
        {
            return Failure::refused(text::challenge_is_for(src.lang(), challenged.id));
        }
        Failure::Service(e)
    }

    /// The first step of resigning from the board: an "are you sure?" only the clicker sees.
    async fn confirm_resign(
        &self,
        src: &Source<'_>,
        game: GameId,
        ply: u32,
    ) -> Result<(), Failure> {
        let view = self
            .service
            .resignable(game, src.user_id(), src.pressed(ply))
            .await?;
        let button = CreateButton::new(Action::ConfirmResign(game, ply).to_string())
            .label(Label::ConfirmResign.say(src.lang()))
            .style(ButtonStyle::Danger);
        let post = Post {
            content: text::confirm_resign(src.lang(), &view),
            components: vec![CreateActionRow::Buttons(vec![button])],
            ..Post::default()
        };
        Ok(src.respond_with(&post, true).await?)
    }

    /// The second step of the move picker drawn at `ply`: the moves of the piece chosen, for
    /// the player to move only.
    async fn pick(
        &self,
        src: &Source<'_>,
        game: GameId,
        ply: u32,
        square: Option<Square>,
    ) -> Result<(), Failure> {
        let view = self
            .service
            .game_to_play(game, src.user_id(), src.pressed(ply))
            .await?;
        let lang = src.lang();
        let square = square.ok_or_else(|| Failure::refused(Sentence::ChoosePiece.say(lang)))?;
        let moves = self.service.legal_moves_for(view.id, src.user_id()).await?;
        let notation = self.service.settings(src.user_id()).await?.notation;
        let menu = board::move_menu(&view, square, &moves, notation, lang)
            .ok_or_else(|| Failure::refused(text::piece_cannot_move(lang, square, notation)))?;
        let post = Post {
            content: text::moves_of_piece(lang, square, notation),
            components: vec![menu],
            ..Post::default()
        };
        self.answer_privately(src, &post).await
    }
}
