//! The `/dama` subcommands: read the options, call the service, answer. One file per family of
//! subcommands; the words are in [`text`](dama_words::text).

mod challenges;
mod conditional;
mod info;
mod offers;
mod play;
mod puzzles;
mod settings;
mod tournaments;

use serenity::all::{CommandInteraction, CommandType, CreateInteractionResponse};

use super::app::App;
use super::args::Args;
use super::commands::Subcommand;
use super::interaction::{Failure, Source};
use super::post::Post;
use dama_service::ids::GameId;
use dama_service::service::{GameView, Question};
use dama_words::text::Sentence;

impl App {
    /// Handles a `/dama` command.
    pub(crate) async fn command(&self, src: &Source<'_>, command: &CommandInteraction) {
        if command.data.kind == CommandType::PrimaryEntryPoint {
            return self.launch(src).await;
        }
        let Some(args) = Args::of(command, src.lang()) else {
            let failure = Failure::refused(Sentence::UnknownCommand.say(src.lang()));
            return self.report(src, "command", failure).await;
        };
        let result = match args.subcommand() {
            Some(sub) => self.subcommand(src, sub, &args).await,
            None => Err(Failure::refused(Sentence::UnknownCommand.say(src.lang()))),
        };
        if let Err(failure) = result {
            self.report(src, args.name, failure).await;
        }
    }

    /// The Activity's entry point: Discord is told to launch the Activity, which opens on the
    /// game of the thread it was launched in, or lists the member's games.
    async fn launch(&self, src: &Source<'_>) {
        let result = if self.activity {
            src.respond(CreateInteractionResponse::LaunchActivity)
                .await
                .map_err(Failure::from)
        } else {
            Err(Failure::refused(Sentence::UnknownCommand.say(src.lang())))
        };
        if let Err(failure) = result {
            self.report(src, "launch", failure).await;
        }
    }

    async fn subcommand(
        &self,
        src: &Source<'_>,
        sub: Subcommand,
        args: &Args<'_>,
    ) -> Result<(), Failure> {
        match sub {
            Subcommand::Challenge => self.challenge(src, args).await,
            Subcommand::Open => self.open(src, args).await,
            Subcommand::PlayBot => self.play_bot(src, args).await,
            Subcommand::Move => self.move_command(src, args).await,
            Subcommand::Premove => self.premove(src, args).await,
            Subcommand::Conditional => self.conditional(src, args).await,
            Subcommand::Board => self.board(src, args).await,
            Subcommand::Resign => self.resign_command(src, args).await,
            Subcommand::Draw => self.question_command(src, Question::Draw, args).await,
            Subcommand::Takeback => self.question_command(src, Question::Takeback, args).await,
            Subcommand::Claim => self.claim_command(src, args).await,
            Subcommand::Games => self.games(src).await,
            Subcommand::Live => self.live(src).await,
            Subcommand::Leaderboard => self.leaderboard(src, args).await,
            Subcommand::Stats => self.stats(src, args).await,
            Subcommand::Export => self.export(src, args).await,
            Subcommand::Review => self.review_command(src, args).await,
            Subcommand::Puzzle => self.puzzle(src, args).await,
            Subcommand::Rules => {
                let rules = Post::text(Sentence::Rules.say(src.lang()));
                Ok(src.respond_with(&rules, true).await?)
            }
            Subcommand::Settings => self.settings(src, args).await,
            Subcommand::Vacation => self.vacation(src, args).await,
            Subcommand::VacationEnd => self.vacation_end(src).await,
            Subcommand::Server => self.server(src, args).await,
            Subcommand::Season => self.season(src, args).await,
            Subcommand::Tournament => self.tournament(src, args).await,
        }
    }

    /// The game a command means: the `game` option (if `src`'s user may see it from here),
    /// else the game of this channel.
    pub(crate) async fn chosen_game(
        &self,
        src: &Source<'_>,
        game: Option<i64>,
    ) -> Result<GameView, Failure> {
        let view = match game {
            Some(id) => {
                self.service
                    .game_for(GameId(id), src.user_id(), src.place())
                    .await?
            }
            None => {
                self.service
                    .game_in_channel(src.user_id(), src.channel_id())
                    .await?
            }
        };
        // The interaction's span names the game from here on.
        tracing::Span::current().record("game", tracing::field::display(view.id));
        Ok(view)
    }
}
