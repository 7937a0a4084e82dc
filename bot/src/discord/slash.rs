//! The `/dama` subcommands: read the options, call the service, answer.

use std::str::FromStr;

use dama_rules::notation::{MoveText, Notation};
use serenity::all::{
    ButtonStyle, CommandInteraction, CreateActionRow, CreateButton, PartialMember, ResolvedOption,
    ResolvedValue, User,
};

use super::app::{App, Story, game_channel};
use super::board::{self, Post};
use super::custom_id::Action;
use super::interaction::{Failure, Source};
use super::text;
use crate::ids::{GameId, UserId};
use crate::model::{
    Challenge, ChallengeOptions, ColourChoice, EngineLevel, Player, SettingsUpdate, Theme,
    TimeControl,
};
use crate::service::{
    DrawOffer, GameEnded, GameFilter, GameView, PlayerStats, ServiceError, Streak, TakebackRequest,
};

/// The computer's level when none is chosen: a fair opponent for a newcomer.
pub(crate) const DEFAULT_LEVEL: EngineLevel = match EngineLevel::new(2) {
    Some(level) => level,
    None => EngineLevel::MIN,
};

/// Players shown on a leaderboard.
const LEADERBOARD_SIZE: u32 = 10;

/// The subcommand and its options.
#[derive(Debug)]
pub(crate) struct Args<'a> {
    /// The subcommand's name.
    pub sub: &'a str,
    options: Vec<ResolvedOption<'a>>,
}

impl<'a> Args<'a> {
    /// The subcommand of `/dama …` and its options; `None` for anything else.
    pub(crate) fn of(command: &'a CommandInteraction) -> Option<Args<'a>> {
        command
            .data
            .options()
            .into_iter()
            .find_map(|option| match option.value {
                ResolvedValue::SubCommand(options) => Some(Args {
                    sub: option.name,
                    options,
                }),
                _ => None,
            })
    }

    fn value(&self, name: &str) -> Option<&ResolvedValue<'a>> {
        self.options
            .iter()
            .find(|o| o.name == name)
            .map(|o| &o.value)
    }

    /// A string option.
    pub(crate) fn str(&self, name: &str) -> Option<&'a str> {
        match self.value(name)? {
            ResolvedValue::String(s) => Some(s),
            _ => None,
        }
    }

    /// An integer option.
    pub(crate) fn int(&self, name: &str) -> Option<i64> {
        match self.value(name)? {
            ResolvedValue::Integer(i) => Some(*i),
            _ => None,
        }
    }

    fn bool(&self, name: &str) -> Option<bool> {
        match self.value(name)? {
            ResolvedValue::Boolean(b) => Some(*b),
            _ => None,
        }
    }

    fn user(&self, name: &str) -> Option<(&'a User, Option<&'a PartialMember>)> {
        match self.value(name)? {
            ResolvedValue::User(user, member) => Some((user, *member)),
            _ => None,
        }
    }

    /// A word option parsed as `T` (colour, time control, …), with a sentence if it is not
    /// one of the accepted words.
    fn parsed<T: FromStr>(&self, name: &str) -> Result<Option<T>, Failure>
    where
        T::Err: std::fmt::Display,
    {
        self.str(name)
            .map(|raw| {
                raw.parse::<T>()
                    .map_err(|e| Failure::refused(text::sentence_case(&e.to_string())))
            })
            .transpose()
    }
}

/// The name a user goes by here: their server nickname, else their display name.
fn display_name(user: &User, member: Option<&PartialMember>) -> String {
    member
        .and_then(|m| m.nick.clone())
        .unwrap_or_else(|| user.display_name().to_owned())
}

impl App {
    /// Handles a `/dama` command.
    pub(crate) async fn command(&self, src: &Source<'_>, command: &CommandInteraction) {
        let Some(args) = Args::of(command) else {
            self.report(src, "command", Failure::refused("Unknown command."))
                .await;
            return;
        };
        let result = match args.sub {
            "challenge" => self.challenge(src, &args).await,
            "open" => self.open(src, &args).await,
            "play-bot" => self.play_bot(src, &args).await,
            "move" => self.move_command(src, &args).await,
            "board" => self.board(src, &args).await,
            "resign" => self.resign_command(src, &args).await,
            "draw" => self.draw_command(src, &args).await,
            "takeback" => self.takeback_command(src, &args).await,
            "games" => self.games(src).await,
            "leaderboard" => self.leaderboard(src).await,
            "stats" => self.stats(src, &args).await,
            "export" => self.export(src, &args).await,
            "rules" => src
                .respond_with(&Post::text(text::RULES), true)
                .await
                .map_err(Failure::from),
            "settings" => self.settings(src, &args).await,
            "vacation" => self.vacation(src, &args).await,
            _ => Err(Failure::refused("Unknown command.")),
        };
        if let Err(failure) = result {
            self.report(src, args.sub, failure).await;
        }
    }

    /// The game a command means: the `game` option, else the game of this channel.
    pub(crate) async fn chosen_game(
        &self,
        src: &Source<'_>,
        game: Option<i64>,
    ) -> Result<GameView, Failure> {
        Ok(match game {
            Some(id) => self.service.game(GameId(id)).await?,
            None => {
                self.service
                    .game_in_channel(src.user_id(), src.channel_id())
                    .await?
            }
        })
    }

    fn challenge_options(args: &Args<'_>) -> Result<ChallengeOptions, Failure> {
        let defaults = ChallengeOptions::default();
        Ok(ChallengeOptions {
            colour: args.parsed("color")?.unwrap_or(defaults.colour),
            time_control: args.parsed("time")?.unwrap_or(defaults.time_control),
            rated: args.bool("rated").unwrap_or(defaults.rated),
        })
    }

    async fn challenge(&self, src: &Source<'_>, args: &Args<'_>) -> Result<(), Failure> {
        let (user, member) = args
            .user("opponent")
            .ok_or_else(|| Failure::refused("Choose whom to challenge."))?;
        let options = Self::challenge_options(args)?;
        if user.id.get() == src.bot_user_id() {
            return self
                .start_engine_game(src, DEFAULT_LEVEL, options.colour, options.time_control)
                .await;
        }
        if user.bot {
            return Err(Failure::refused(
                "Bots cannot play here, except me: use `/dama play-bot` to play the computer.",
            ));
        }
        let opponent = Player::new(UserId(user.id.get()), display_name(user, member));
        let challenge = self
            .service
            .create_challenge(&src.player(), Some(&opponent), src.place(), options)
            .await?;
        let buttons = [
            (Action::Accept(challenge.id), "Accept", ButtonStyle::Success),
            (
                Action::Decline(challenge.id),
                "Decline",
                ButtonStyle::Danger,
            ),
            (
                Action::Cancel(challenge.id),
                "Withdraw",
                ButtonStyle::Secondary,
            ),
        ];
        let post = challenge_post(&challenge, &buttons, vec![opponent.id]);
        Ok(src.respond_with(&post, false).await?)
    }

    async fn open(&self, src: &Source<'_>, args: &Args<'_>) -> Result<(), Failure> {
        let options = Self::challenge_options(args)?;
        let challenge = self
            .service
            .create_challenge(&src.player(), None, src.place(), options)
            .await?;
        let buttons = [
            (Action::Accept(challenge.id), "Join", ButtonStyle::Success),
            (
                Action::Cancel(challenge.id),
                "Withdraw",
                ButtonStyle::Secondary,
            ),
        ];
        let post = challenge_post(&challenge, &buttons, Vec::new());
        Ok(src.respond_with(&post, false).await?)
    }

    async fn play_bot(&self, src: &Source<'_>, args: &Args<'_>) -> Result<(), Failure> {
        let level = match args.int("level") {
            Some(n) => u8::try_from(n)
                .ok()
                .and_then(EngineLevel::new)
                .ok_or_else(|| Failure::refused("The level is a number from 1 to 5."))?,
            None => DEFAULT_LEVEL,
        };
        let colour = args.parsed("color")?.unwrap_or(ColourChoice::Random);
        self.start_engine_game(src, level, colour, TimeControl::default())
            .await
    }

    async fn start_engine_game(
        &self,
        src: &Source<'_>,
        level: EngineLevel,
        colour: ColourChoice,
        time_control: TimeControl,
    ) -> Result<(), Failure> {
        let view = self
            .service
            .start_engine_game(&src.player(), src.place(), level, colour, time_control)
            .await?;
        let announcement = Post::text(format!("**{}** starts. Good luck!", text::title(&view)));
        self.game_started(src, view, announcement).await
    }

    async fn move_command(&self, src: &Source<'_>, args: &Args<'_>) -> Result<(), Failure> {
        let typed = args.str("move").unwrap_or_default();
        let text = MoveText::from_str(typed.trim()).map_err(|e| {
            Failure::refused(format!(
                "`{}` is not a move ({e}). Write moves like `d3-d4`, or captures with every \
                 landing square like `d4xd6xf6`.",
                text::escape(typed)
            ))
        })?;
        let game = self.chosen_game(src, args.int("game")).await?;
        if game.engine_to_move().is_some() {
            return self.resume_computer(src, game).await;
        }
        let outcome = self
            .service
            .play_move(game.id, crate::model::Actor::Player(src.user_id()), &text)
            .await?;
        self.after_move(src, outcome).await
    }

    /// The computer is to move but its reply never came (the bot stopped while it was
    /// thinking): it moves now, and the player sees the board before choosing their move.
    async fn resume_computer(&self, src: &Source<'_>, view: GameView) -> Result<(), Failure> {
        tracing::info!(game = %view.id, "the computer's turn was interrupted; playing it now");
        let note = "The computer had not replied yet; here is its move. Now choose yours.";
        self.after_change(src, view, Story::note(note)).await
    }

    async fn board(&self, src: &Source<'_>, args: &Args<'_>) -> Result<(), Failure> {
        let view = self.chosen_game(src, args.int("game")).await?;
        if view.engine_to_move().is_some() {
            return self.resume_computer(src, view).await;
        }
        let viewpoint = self.viewpoint_of(Some(src.user_id()), &view).await?;
        let post = board::private_board(&self.renderer, &view, viewpoint);
        Ok(src.respond_with(&post, true).await?)
    }

    async fn resign_command(&self, src: &Source<'_>, args: &Args<'_>) -> Result<(), Failure> {
        let view = self.chosen_game(src, args.int("game")).await?;
        self.resign(src, view.id).await
    }

    /// `src`'s user resigns game `id`; the end goes public.
    async fn resign(&self, src: &Source<'_>, id: GameId) -> Result<(), Failure> {
        let ended = self.service.resign(id, src.user_id()).await?;
        self.announce_resignation(src, ended).await
    }

    /// Publishes the end of a game `src`'s user has just resigned.
    pub(crate) async fn announce_resignation(
        &self,
        src: &Source<'_>,
        ended: GameEnded,
    ) -> Result<(), Failure> {
        let who = text::escape(&src.player().name);
        self.after_end(src, ended.game, ended.end, format!("{who} resigns."))
            .await
    }

    async fn draw_command(&self, src: &Source<'_>, args: &Args<'_>) -> Result<(), Failure> {
        let view = self.chosen_game(src, args.int("game")).await?;
        match args.str("action").unwrap_or("offer") {
            "accept" => self.accept_draw(src, view.id).await,
            "decline" => self.decline_draw(src, view.id).await,
            _ => self.offer_draw(src, view.id).await,
        }
    }

    /// `src`'s user offers a draw in game `id` (accepting the opponent's pending offer).
    pub(crate) async fn offer_draw(&self, src: &Source<'_>, id: GameId) -> Result<(), Failure> {
        let who = text::escape(&src.player().name);
        match self.service.offer_draw(id, src.user_id()).await? {
            DrawOffer::Offered(view) => {
                let question = Question {
                    asks: format!("{who} offers a draw."),
                    prompt: "do you accept? (Moving instead declines it.)",
                    yes: (Action::Draw(id), "Accept draw"),
                    no: (Action::DeclineDraw(id), "Decline"),
                };
                self.ask_opponent(src, &view, question).await
            }
            DrawOffer::Agreed(ended) => {
                let note = format!("{who} accepts the draw offer.");
                self.after_end(src, ended.game, ended.end, note).await
            }
        }
    }

    /// `src`'s user accepts the opponent's draw offer in game `id`.
    pub(crate) async fn accept_draw(&self, src: &Source<'_>, id: GameId) -> Result<(), Failure> {
        let ended = self.service.accept_draw(id, src.user_id()).await?;
        let who = text::escape(&src.player().name);
        let note = format!("{who} accepts the draw offer.");
        self.after_end(src, ended.game, ended.end, note).await
    }

    /// `src`'s user declines the opponent's draw offer in game `id`.
    pub(crate) async fn decline_draw(&self, src: &Source<'_>, id: GameId) -> Result<(), Failure> {
        let view = self.service.decline_draw(id, src.user_id()).await?;
        let who = text::escape(&src.player().name);
        let post = Post::text(format!(
            "**{}**\n{who} declines the draw offer. The game goes on.",
            text::title(&view)
        ));
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
        let to = opponent.as_ref().map(text::mention).unwrap_or_default();
        let post = Post {
            content: format!(
                "**{}**\n{} {to}, {}",
                text::title(view),
                question.asks,
                question.prompt
            ),
            components: vec![CreateActionRow::Buttons(buttons)],
            pings: opponent.and_then(|p| p.user()).into_iter().collect(),
            ..Post::default()
        };
        self.publish(src, game_channel(view), false, async { Ok(post) })
            .await
    }

    async fn takeback_command(&self, src: &Source<'_>, args: &Args<'_>) -> Result<(), Failure> {
        let view = self.chosen_game(src, args.int("game")).await?;
        match args.str("action").unwrap_or("request") {
            "accept" => self.accept_takeback(src, view.id).await,
            "decline" => self.decline_takeback(src, view.id).await,
            _ => self.request_takeback(src, view.id).await,
        }
    }

    async fn request_takeback(&self, src: &Source<'_>, id: GameId) -> Result<(), Failure> {
        let who = text::escape(&src.player().name);
        match self.service.request_takeback(id, src.user_id()).await? {
            TakebackRequest::Requested(view) => {
                let question = Question {
                    asks: format!("{who} asks to take back their last move."),
                    prompt: "do you allow it?",
                    yes: (Action::AcceptTakeback(id), "Allow takeback"),
                    no: (Action::DeclineTakeback(id), "Refuse"),
                };
                self.ask_opponent(src, &view, question).await
            }
            TakebackRequest::TakenBack(taken) => {
                let note = format!("{who} takes back {}.", plies(taken.undone.len()));
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
        let who = text::escape(&src.player().name);
        let note = format!(
            "{who} allows the takeback: {} undone.",
            plies(taken.undone.len())
        );
        self.after_change(src, taken.game, Story::note(note)).await
    }

    /// `src`'s user refuses the opponent's takeback in game `id`.
    pub(crate) async fn decline_takeback(
        &self,
        src: &Source<'_>,
        id: GameId,
    ) -> Result<(), Failure> {
        let view = self.service.decline_takeback(id, src.user_id()).await?;
        let who = text::escape(&src.player().name);
        let post = Post::text(format!(
            "**{}**\n{who} refuses the takeback. The game goes on.",
            text::title(&view)
        ));
        self.publish(src, game_channel(&view), false, async { Ok(post) })
            .await
    }

    async fn games(&self, src: &Source<'_>) -> Result<(), Failure> {
        let me = src.user_id();
        let games = self.service.active_games(me, GameFilter::Anywhere).await?;
        if games.is_empty() {
            let post = Post::text(
                "You have no games in progress. Start one with `/dama challenge`, `/dama open` \
                 or `/dama play-bot`.",
            );
            return Ok(src.respond_with(&post, true).await?);
        }
        let lines: Vec<String> = games
            .iter()
            .map(|view| {
                let mine = view.color_of(me);
                let opponent = mine.map_or_else(
                    || text::title(view),
                    |c| format!("vs {}", text::name(view.participant(c.opposite()))),
                );
                let state = if view.user_to_move() == Some(me) {
                    match view.deadline {
                        Some(deadline) => {
                            format!(
                                "**your turn**, time runs out {}",
                                text::relative_time(deadline)
                            )
                        }
                        None => "**your turn**".to_owned(),
                    }
                } else {
                    "their turn".to_owned()
                };
                format!(
                    "- Game #{} {opponent}: {state}, move {} (<#{}>)",
                    view.id,
                    view.move_number(),
                    game_channel(view)
                )
            })
            .collect();
        let post = Post::text(format!("**Your games**\n{}", lines.join("\n")));
        Ok(src.respond_with(&post, true).await?)
    }

    async fn leaderboard(&self, src: &Source<'_>) -> Result<(), Failure> {
        let entries = self
            .service
            .leaderboard(src.guild_id(), LEADERBOARD_SIZE)
            .await?;
        let scope = if src.guild_id().is_some() {
            "this server"
        } else {
            "direct messages"
        };
        let content = if entries.is_empty() {
            format!(
                "**Leaderboard** ({scope})\nNobody has played the {} rated games needed to \
                 appear here yet.",
                self.service.config().leaderboard_min_games
            )
        } else {
            let lines: Vec<String> = entries
                .iter()
                .map(|e| {
                    let mark = if e.provisional { "?" } else { "" };
                    format!(
                        "{}. {} {:.0}{mark} ({} games)",
                        e.rank,
                        text::escape(&e.name),
                        e.rating.rating,
                        e.games
                    )
                })
                .collect();
            format!(
                "**Leaderboard** ({scope})\n{}\n-# ? marks a provisional rating.",
                lines.join("\n")
            )
        };
        Ok(src.respond_with(&Post::text(content), false).await?)
    }

    async fn stats(&self, src: &Source<'_>, args: &Args<'_>) -> Result<(), Failure> {
        let (user, shown_name) = match args.user("user") {
            Some((user, member)) => (UserId(user.id.get()), display_name(user, member)),
            None => (src.user_id(), src.player().name),
        };
        let versus = args.user("versus").map(|(u, _)| UserId(u.id.get()));
        let stats = self.service.stats(src.guild_id(), user, versus).await?;
        let content = stats_text(
            &stats,
            &shown_name,
            self.service.config().leaderboard_min_games,
        );
        Ok(src.respond_with(&Post::text(content), false).await?)
    }

    async fn export(&self, src: &Source<'_>, args: &Args<'_>) -> Result<(), Failure> {
        let view = self.chosen_game(src, args.int("game")).await?;
        let pdn = self.service.export_pdn(view.id).await?;
        let post = Post {
            content: format!("**{}** as PDN.", text::title(&view)),
            files: vec![(format!("dama-game-{}.pdn", view.id), pdn.into_bytes())],
            ..Post::default()
        };
        Ok(src.respond_with(&post, true).await?)
    }

    async fn settings(&self, src: &Source<'_>, args: &Args<'_>) -> Result<(), Failure> {
        let update = SettingsUpdate {
            notation: match args.str("notation") {
                Some("numeric") => Some(Notation::Numeric),
                Some("algebraic") => Some(Notation::Algebraic),
                Some(other) => {
                    return Err(Failure::refused(format!(
                        "Unknown notation `{}`: choose algebraic or numeric.",
                        text::escape(other)
                    )));
                }
                None => None,
            },
            theme: args.parsed::<Theme>("theme")?,
            flip: args.bool("flip"),
        };
        let settings = if update == SettingsUpdate::default() {
            self.service.settings(src.user_id()).await?
        } else {
            self.service.update_settings(&src.player(), update).await?
        };
        let notation = match settings.notation {
            Notation::Algebraic => "**algebraic** (`d3-d4`)",
            Notation::Numeric => "**numeric** (`44-36`)",
        };
        let flip = if settings.flip { "on" } else { "off" };
        let post = Post::text(format!(
            "Your settings: moves in {notation} notation, the **{}** board, board turned to \
             your side when you play Black: **{flip}**.",
            settings.theme.name()
        ));
        Ok(src.respond_with(&post, true).await?)
    }

    async fn vacation(&self, src: &Source<'_>, args: &Args<'_>) -> Result<(), Failure> {
        let days = args
            .int("days")
            .and_then(|d| u32::try_from(d).ok())
            .ok_or_else(|| Failure::from(ServiceError::InvalidVacationLength))?;
        let status = self.service.start_vacation(&src.player(), days).await?;
        let until = status
            .until
            .map_or_else(|| "now".to_owned(), text::full_time);
        let post = Post::text(format!(
            "You are on vacation until {until}: the clocks of your games are stopped. \
             {} vacation days left this year.",
            status.days_left
        ));
        Ok(src.respond_with(&post, true).await?)
    }
}

/// "1 move" or "2 moves".
fn plies(n: usize) -> String {
    if n == 1 {
        "1 move".to_owned()
    } else {
        format!("{n} moves")
    }
}

/// The `/dama stats` answer.
fn stats_text(stats: &PlayerStats, shown_name: &str, min_games: u32) -> String {
    let name = stats.name.as_deref().unwrap_or(shown_name);
    let mut lines = vec![format!("**{}**", text::escape(name))];
    match &stats.rating {
        Some(r) => {
            let provisional = if r.provisional { ", provisional" } else { "" };
            let rank = match r.rank {
                Some(rank) => format!(", #{rank} here"),
                None => format!(", not ranked yet ({min_games} rated games needed)"),
            };
            lines.push(format!(
                "Rating {:.0} ± {:.0}{provisional}{rank}.",
                r.rating.rating, r.rating.deviation
            ));
        }
        None => lines.push("No rated game here yet.".to_owned()),
    }
    let record = |r: &crate::service::Record| {
        let games = if r.games == 1 { "game" } else { "games" };
        format!(
            "{} {games}: {} won, {} drawn, {} lost",
            r.games, r.wins, r.draws, r.losses
        )
    };
    lines.push(format!("{}.", text::capitalise(&record(&stats.record))));
    let streak = match stats.streak {
        Streak::None => None,
        Streak::Wins(n) => Some(format!("{n} won in a row")),
        Streak::Draws(n) => Some(format!("{n} drawn in a row")),
        Streak::Losses(n) => Some(format!("{n} lost in a row")),
    };
    if let Some(streak) = streak {
        lines.push(format!("Current streak: {streak}."));
    }
    if let Some(h2h) = &stats.head_to_head {
        let opponent = h2h
            .opponent_name
            .as_deref()
            .map_or_else(|| format!("<@{}>", h2h.opponent), text::escape);
        lines.push(format!("Against {opponent}: {}.", record(&h2h.record)));
    }
    lines.join("\n")
}

/// The message that announces a challenge, with its buttons (action, label, style).
fn challenge_post(
    challenge: &Challenge,
    buttons: &[(Action, &str, ButtonStyle)],
    pings: Vec<UserId>,
) -> Post {
    let buttons = buttons
        .iter()
        .map(|(action, label, style)| {
            CreateButton::new(action.to_string())
                .label(*label)
                .style(*style)
        })
        .collect();
    Post {
        content: text::challenge(challenge),
        components: vec![CreateActionRow::Buttons(buttons)],
        pings,
        ..Post::default()
    }
}

/// A yes/no question put to a player's opponent: what was asked, the prompt after the ping, and
/// the two buttons (action, label).
struct Question {
    asks: String,
    prompt: &'static str,
    yes: (Action, &'static str),
    no: (Action, &'static str),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rating::Rating;
    use crate::service::{HeadToHead, RatingSummary, Record};

    #[test]
    fn stats_show_rating_rank_record_streak_and_head_to_head() {
        let stats = PlayerStats {
            user: UserId(1),
            name: Some("alice".into()),
            rating: Some(RatingSummary {
                rating: Rating {
                    rating: 1612.4,
                    deviation: 80.2,
                    ..Rating::default()
                },
                games: 12,
                provisional: false,
                rank: Some(2),
            }),
            record: Record {
                games: 12,
                wins: 7,
                draws: 1,
                losses: 4,
            },
            streak: Streak::Wins(2),
            head_to_head: Some(HeadToHead {
                opponent: UserId(2),
                opponent_name: Some("bob".into()),
                record: Record {
                    games: 3,
                    wins: 2,
                    draws: 0,
                    losses: 1,
                },
            }),
        };
        assert_eq!(
            stats_text(&stats, "ignored", 3),
            "**alice**\nRating 1612 ± 80, #2 here.\n12 games: 7 won, 1 drawn, 4 lost.\n\
             Current streak: 2 won in a row.\nAgainst bob: 3 games: 2 won, 0 drawn, 1 lost."
        );
    }

    #[test]
    fn a_newcomer_has_no_rating_yet() {
        let stats = PlayerStats {
            user: UserId(1),
            name: None,
            rating: None,
            record: Record::default(),
            streak: Streak::None,
            head_to_head: None,
        };
        assert_eq!(
            stats_text(&stats, "carol", 3),
            "**carol**\nNo rated game here yet.\n0 games: 0 won, 0 drawn, 0 lost."
        );
    }
}
