//! Looking things up: the player's games, the leaderboard, stats, a game as PDN.

use crate::app::App;
use crate::args::{Args, display_name};
use crate::commands::{PeriodChoice, SeasonAction, opt};
use crate::interaction::{Failure, Source};
use crate::post::{Attachment, Post};
use crate::watch_link::CommunityLink;
use dama_service::ids::UserId;
use dama_service::model::Speed;
use dama_service::service::{GameFilter, LIVE_GAMES_MAX, Period};
use dama_words::text::{self, Sentence};

/// Players shown on a leaderboard.
const LEADERBOARD_SIZE: u32 = 10;

impl App {
    pub(super) async fn games(&self, src: &Source<'_>) -> Result<(), Failure> {
        let me = src.user_id();
        let games = self.service.active_games(me, GameFilter::Anywhere).await?;
        let post = Post::text(text::games(src.lang(), &games, me));
        Ok(src.respond_with(&post, true).await?)
    }

    /// The server's games in progress. Privately: the list is a snapshot that the next move
    /// outdates, which a public post would go on showing to everyone in the channel; the
    /// member who asked gets the links, and each board's Follow button joins its thread.
    pub(super) async fn live(&self, src: &Source<'_>) -> Result<(), Failure> {
        let Some(guild) = src.guild_id() else {
            return Err(Failure::refused(Sentence::LiveServerOnly.say(src.lang())));
        };
        let live = self.service.live_games(guild, LIVE_GAMES_MAX).await?;
        let post = Post::text(text::live_games(src.lang(), &live.games, live.total));
        let post = self
            .with_community_link(post, Some(guild), CommunityLink::Live, src.lang())
            .await;
        Ok(src.respond_with(&post, true).await?)
    }

    /// `/dama leaderboard [period] [season] [speed]`: a season's number names its table; else
    /// `period` chooses the latest season's or the all-time table; else the service's default
    /// (the open season's, else all time's). The table is of `speed`, else of the service's
    /// default (the speed with the most rated games in it).
    pub(super) async fn leaderboard(
        &self,
        src: &Source<'_>,
        args: &Args<'_>,
    ) -> Result<(), Failure> {
        let number = args.int(opt::SEASON).map(|n| u32::try_from(n).unwrap_or(0));
        let period = match (number, args.str(opt::PERIOD)) {
            (Some(number), _) => Period::Season(number),
            (None, None) => Period::Current,
            (None, Some(word)) => match PeriodChoice::of(word) {
                Some(PeriodChoice::Season) => Period::LatestSeason,
                Some(PeriodChoice::AllTime) => Period::AllTime,
                Some(PeriodChoice::Puzzles) => return self.puzzle_leaderboard(src).await,
                None => return Err(Failure::refused(text::unknown_choice(src.lang(), word))),
            },
        };
        let speed = speed_of(src, args)?;
        let board = self
            .service
            .leaderboard(src.guild_id(), period, speed, LEADERBOARD_SIZE)
            .await?;
        let lang = src.public_lang();
        let content = text::leaderboard(
            lang,
            &board,
            src.guild_id().is_some(),
            self.service.config().leaderboard_min_games,
        );
        let link = CommunityLink::Leaderboard(board.season.map(|s| s.number));
        let post = self
            .with_community_link(Post::text(content), src.guild_id(), link, lang)
            .await;
        Ok(src.respond_with(&post, false).await?)
    }

    /// `/dama stats [user] [versus] [speed]`: the rating at `speed`, else at each speed the
    /// player has one in.
    pub(super) async fn stats(&self, src: &Source<'_>, args: &Args<'_>) -> Result<(), Failure> {
        let speed = speed_of(src, args)?;
        let (user, shown_name) = match args.user(opt::USER) {
            Some((user, member)) => (UserId(user.id.get()), display_name(user, member)),
            None => (src.user_id(), src.player().name),
        };
        let versus = args.user(opt::VERSUS).map(|(u, _)| UserId(u.id.get()));
        let stats = self.service.stats(src.guild_id(), user, versus).await?;
        let content = text::stats(
            src.public_lang(),
            &stats,
            speed,
            &shown_name,
            self.service.config().leaderboard_min_games,
        );
        Ok(src.respond_with(&Post::text(content), false).await?)
    }

    /// `/dama season action:<start|end>`, for those who may manage the server: the start,
    /// or the end with its champions, is posted for everyone to see.
    pub(super) async fn season(&self, src: &Source<'_>, args: &Args<'_>) -> Result<(), Failure> {
        let guild = src
            .guild_id()
            .ok_or_else(|| Failure::refused(Sentence::SeasonServerOnly.say(src.lang())))?;
        let word = args.str(opt::ACTION).unwrap_or_default();
        let content = match SeasonAction::of(word) {
            Some(SeasonAction::Start) => {
                let season = self.service.start_season(guild, src.authority()).await?;
                text::season_started(src.public_lang(), &season)
            }
            Some(SeasonAction::End) => {
                let ended = self.service.end_season(guild, src.authority()).await?;
                text::season_ended(
                    src.public_lang(),
                    &ended,
                    self.service.config().leaderboard_min_games,
                )
            }
            None => return Err(Failure::refused(text::unknown_choice(src.lang(), word))),
        };
        Ok(src.respond_with(&Post::text(content), false).await?)
    }

    pub(super) async fn export(&self, src: &Source<'_>, args: &Args<'_>) -> Result<(), Failure> {
        let view = self.chosen_game(src, args.int(opt::GAME)).await?;
        let pdn = self.service.export_pdn(view.id).await?;
        let post = Post {
            content: text::exported(src.lang(), &view),
            files: vec![Attachment::file(
                format!("dama-game-{}.pdn", view.id),
                pdn.into_bytes(),
            )],
            ..Post::default()
        };
        Ok(src.respond_with(&post, true).await?)
    }
}

/// The `speed` option, if given; a word that names no speed (an old registration) is refused.
fn speed_of(src: &Source<'_>, args: &Args<'_>) -> Result<Option<Speed>, Failure> {
    args.str(opt::SPEED)
        .map(|word| {
            word.parse()
                .map_err(|_| Failure::refused(text::unknown_choice(src.lang(), word)))
        })
        .transpose()
}
