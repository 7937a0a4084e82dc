//! Draw offers and takeback requests: asked in public, answered by the opponent.

use serenity::all::{ButtonStyle, CreateActionRow, CreateButton};

use crate::discord::app::{App, game_channel};
use crate::discord::args::Args;
use crate::discord::board::Post;
use crate::discord::commands::{Answer, Subcommand, opt};
use crate::discord::custom_id::Action;
use crate::discord::interaction::{Failure, Source};
use crate::discord::story::Story;
use crate::discord::text;
use crate::ids::GameId;
use crate::service::{DrawOffer, GameView, TakebackRequest};

/// A yes/no question put to a player's opponent: what was asked, the prompt after the ping, and
/// the two buttons (action, label).
struct Question {
    asks: String,
    prompt: &'static str,
    yes: (Action, &'static str),
    no: (Action, &'static str),
}

impl App {
    pub(super) async fn draw_command(
        &self,
        src: &Source<'_>,
        args: &Args<'_>,
    ) -> Result<(), Failure> {
        let answer = answer(Subcommand::Draw, args)?;
        let view = self.chosen_game(src, args.int(opt::GAME)).await?;
        match answer {
            Answer::Ask => self.offer_draw(src, view.id).await,
            Answer::Accept => self.accept_draw(src, view.id).await,
            Answer::Decline => self.decline_draw(src, view.id).await,
        }
    }

    /// `src`'s user offers a draw in game `id` (accepting the opponent's pending offer).
    pub(crate) async fn offer_draw(&self, src: &Source<'_>, id: GameId) -> Result<(), Failure> {
        let who = &src.player().name;
        match self.service.offer_draw(id, src.user_id()).await? {
            DrawOffer::Offered(view) => {
                let question = Question {
                    asks: text::offers_draw(who),
                    prompt: text::DRAW_PROMPT,
                    yes: (Action::Draw(id), "Accept draw"),
                    no: (Action::DeclineDraw(id), "Decline"),
                };
                self.ask_opponent(src, &view, question).await
            }
            DrawOffer::Agreed(ended) => {
                let note = text::accepts_draw(who);
                self.after_end(src, ended.game, ended.end, note).await
            }
            DrawOffer::Declined(_) => Ok(src.tell(text::COMPUTER_DECLINES_DRAW).await?),
        }
    }

    /// `src`'s user accepts the opponent's draw offer in game `id`.
    pub(crate) async fn accept_draw(&self, src: &Source<'_>, id: GameId) -> Result<(), Failure> {
        let ended = self.service.accept_draw(id, src.user_id()).await?;
        let note = text::accepts_draw(&src.player().name);
        self.after_end(src, ended.game, ended.end, note).await
    }

    /// `src`'s user declines the opponent's draw offer in game `id`.
    pub(crate) async fn decline_draw(&self, src: &Source<'_>, id: GameId) -> Result<(), Failure> {
        let view = self.service.decline_draw(id, src.user_id()).await?;
        let post = Post::text(text::declines_draw(&view, &src.player().name));
        self.publish(src, game_channel(&view), false, async { Ok(post) })
            .await
    }

    pub(super) async fn takeback_command(
        &self,
        src: &Source<'_>,
        args: &Args<'_>,
    ) -> Result<(), Failure> {
        let answer = answer(Subcommand::Takeback, args)?;
        let view = self.chosen_game(src, args.int(opt::GAME)).await?;
        match answer {
            Answer::Ask => self.request_takeback(src, view.id).await,
            Answer::Accept => self.accept_takeback(src, view.id).await,
            Answer::Decline => self.decline_takeback(src, view.id).await,
        }
    }

    async fn request_takeback(&self, src: &Source<'_>, id: GameId) -> Result<(), Failure> {
        let who = &src.player().name;
        match self.service.request_takeback(id, src.user_id()).await? {
            TakebackRequest::Requested(view) => {
                let question = Question {
                    asks: text::asks_takeback(who),
                    prompt: text::TAKEBACK_PROMPT,
                    yes: (Action::AcceptTakeback(id), "Allow takeback"),
                    no: (Action::DeclineTakeback(id), "Refuse"),
                };
                self.ask_opponent(src, &view, question).await
            }
            TakebackRequest::TakenBack(taken) => {
                let note = text::takes_back(who, taken.undone.len());
                self.after_change(src, taken.game, Story::note(note)).await
            }
        }
    }

    /// `src`'s user allows the opponent's takeback in game `id`.
    pub(crate) async fn accept_takeback(
        &self,
        src: &Source<'_>,
        id: GameId,
    ) -> Result<(), Failure> {
        let taken = self.service.accept_takeback(id, src.user_id()).await?;
        let note = text::allows_takeback(&src.player().name, taken.undone.len());
        self.after_change(src, taken.game, Story::note(note)).await
    }

    /// `src`'s user refuses the opponent's takeback in game `id`.
    pub(crate) async fn decline_takeback(
        &self,
        src: &Source<'_>,
        id: GameId,
    ) -> Result<(), Failure> {
        let view = self.service.decline_takeback(id, src.user_id()).await?;
        let post = Post::text(text::refuses_takeback(&view, &src.player().name));
        self.publish(src, game_channel(&view), false, async { Ok(post) })
            .await
    }

    /// Posts `question` in the game's place, pinging the asker's opponent, with a button to say
    /// yes and one to say no.
    async fn ask_opponent(
        &self,
        src: &Source<'_>,
        view: &GameView,
        question: Question,
    ) -> Result<(), Failure> {
        let opponent = view
            .color_of(src.user_id())
            .map(|c| view.participant(c.opposite()).clone());
        let (yes, yes_label) = question.yes;
        let (no, no_label) = question.no;
        let buttons = vec![
            CreateButton::new(yes.to_string())
                .label(yes_label)
                .style(ButtonStyle::Success),
            CreateButton::new(no.to_string())
                .label(no_label)
                .style(ButtonStyle::Secondary),
        ];
        let post = Post {
            content: text::question(view, &question.asks, opponent.as_ref(), question.prompt),
            components: vec![CreateActionRow::Buttons(buttons)],
            pings: opponent.and_then(|p| p.user()).into_iter().collect(),
            ..Post::default()
        };
        self.publish(src, game_channel(view), false, async { Ok(post) })
            .await
    }
}

/// The `action` option of `/dama draw` or `/dama takeback`.
fn answer(sub: Subcommand, args: &Args<'_>) -> Result<Answer, Failure> {
    let word = args.str(opt::ACTION);
    Answer::of(sub, word).ok_or_else(|| Failure::refused(text::unknown_action(word)))
}
