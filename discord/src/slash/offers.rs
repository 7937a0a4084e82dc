//! Draw offers and takeback requests: questions asked in public, answered by the opponent.

use crate::app::App;
use crate::args::Args;
use crate::commands::{Answer, Subcommand, opt};
use crate::interaction::{Failure, Source};
use dama_service::ids::GameId;
use dama_service::service::{Pressed, Question, Reply};
use dama_words::text::{self, Sentence};

impl App {
    /// `/dama draw` or `/dama takeback`: asks the opponent `question`, or answers theirs.
    pub(super) async fn question_command(
        &self,
        src: &Source<'_>,
        question: Question,
        args: &Args<'_>,
    ) -> Result<(), Failure> {
        let answer = answer(src, question, args)?;
        let view = self.chosen_game(src, args.int(opt::GAME)).await?;
        match answer {
            Answer::Ask => self.ask_question(src, view.id, question).await,
            Answer::Accept => {
                self.answer_question(src, view.id, question, true, None)
                    .await
            }
            Answer::Decline => {
                self.answer_question(src, view.id, question, false, None)
                    .await
            }
        }
    }

    /// `src`'s user asks the opponent `question` in game `id` (offering a draw accepts the
    /// opponent's pending offer).
    pub(crate) async fn ask_question(
        &self,
        src: &Source<'_>,
        id: GameId,
        question: Question,
    ) -> Result<(), Failure> {
        let reply = self.service.ask(id, src.user_id(), question).await?;
        self.after_asking(src, reply).await
    }

    /// `src`'s user offers a draw from the board of game `id` drawn at `ply`.
    pub(crate) async fn offer_draw_at(
        &self,
        src: &Source<'_>,
        id: GameId,
        ply: u32,
    ) -> Result<(), Failure> {
        let reply = self
            .service
            .offer_draw_at(id, src.user_id(), src.pressed(ply))
            .await?;
        self.after_asking(src, reply).await
    }

    /// Tells what asking led to.
    async fn after_asking(&self, src: &Source<'_>, reply: Reply) -> Result<(), Failure> {
        match reply {
            // Only the computer says no at once: nothing changed, so nothing else is told.
            Reply::Declined(_) => Ok(src
                .tell(&Sentence::ComputerDeclinesDraw.say(src.lang()))
                .await?),
            reply => self.after_reply(src, &reply).await,
        }
    }

    /// `src`'s user answers the opponent's `question` in game `id`: yes if `accept` (the one
    /// asked at version `asked_at` when answering its buttons; see `GameService::answer`).
    pub(crate) async fn answer_question(
        &self,
        src: &Source<'_>,
        id: GameId,
        question: Question,
        accept: bool,
        pressed: Option<Pressed<i64>>,
    ) -> Result<(), Failure> {
        let reply = self
            .service
            .answer(id, src.user_id(), question, accept, pressed)
            .await?;
        self.after_reply(src, &reply).await
    }

    /// Tells what came of a question: the result of a drawn game, else the game as it goes on.
    async fn after_reply(&self, src: &Source<'_>, reply: &Reply) -> Result<(), Failure> {
        match reply {
            Reply::Drawn(ended) => self.after_end(src, &ended.game).await,
            Reply::Pending(view) | Reply::Declined(view) => self.after_change(src, view).await,
            Reply::TakenBack(taken) => self.after_change(src, &taken.game).await,
        }
    }
}

/// The `action` option of `/dama draw` or `/dama takeback`, whose words are the subcommand's.
fn answer(src: &Source<'_>, question: Question, args: &Args<'_>) -> Result<Answer, Failure> {
    let sub = match question {
        Question::Draw => Subcommand::Draw,
        Question::Takeback => Subcommand::Takeback,
    };
    let word = args.str(opt::ACTION);
    Answer::of(sub, word).ok_or_else(|| Failure::refused(text::unknown_action(src.lang(), word)))
}
