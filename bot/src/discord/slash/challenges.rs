//! Challenges, open challenges and games against the computer.

use dama_engine::Level;
use dama_rules::Rules;
use serenity::all::{ButtonStyle, CreateActionRow, CreateButton};

use crate::discord::app::App;
use crate::discord::args::{Args, display_name};
use crate::discord::commands::opt;
use crate::discord::custom_id::Action;
use crate::discord::i18n::Language;
use crate::discord::interaction::{Failure, Source};
use crate::discord::post::Post;
use crate::discord::text::{self, Label, Sentence};
use dama_service::ids::{GameId, UserId};
use dama_service::model::{
    Challenge, ChallengeOptions, ColourChoice, EngineGame, Player, TimeControl,
};
use dama_service::service::Rematch;

impl App {
    pub(super) async fn challenge(&self, src: &Source<'_>, args: &Args<'_>) -> Result<(), Failure> {
        let (user, member) = args
            .user(opt::OPPONENT)
            .ok_or_else(|| Failure::refused(Sentence::ChooseOpponent.say(src.lang())))?;
        let options = self.challenge_options(src, args).await?;
        if user.id.get() == src.bot_user_id() {
            let game = EngineGame {
                level: self.service.config().default_engine_level,
                colour: options.colour,
                time_control: options.time_control,
                rules: options.rules,
            };
            return self.start_engine_game(src, game).await;
        }
        if user.bot {
            return Err(Failure::refused(Sentence::BotsCannotPlay.say(src.lang())));
        }
        let opponent = Player::new(UserId(user.id.get()), display_name(user, member));
        let challenge = self
            .service
            .create_challenge(&src.player(), Some(&opponent), src.place(), options)
            .await?;
        let post = direct_challenge_post(src.public_lang(), &challenge);
        Ok(src.respond_with(&post, false).await?)
    }

    /// A player of finished game `game` asks for a rematch: against a person, a direct
    /// challenge posted in the game's channel as `/dama challenge` posts one (the presser told
    /// privately where, when they pressed in the game's thread); against the computer, the new
    /// game starts at once.
    pub(crate) async fn rematch(&self, src: &Source<'_>, game: GameId) -> Result<(), Failure> {
        match self.service.rematch(&src.player(), game).await? {
            Rematch::Challenge(challenge) => {
                let post = direct_challenge_post(src.public_lang(), &challenge);
                let channel = challenge.place.channel;
                if src.channel_id() == channel || !src.bot_can_post() {
                    return Ok(src.respond_with(&post, false).await?);
                }
                self.post_in(src, channel, &post).await?;
                src.tell(&text::rematch_challenge_in(src.lang(), channel))
                    .await?;
                Ok(())
            }
            Rematch::Computer(view) => {
                let announcement = Post::text(text::engine_game_starts(src.public_lang(), &view));
                self.rematch_started(src, view, announcement).await
            }
        }
    }

    pub(super) async fn open(&self, src: &Source<'_>, args: &Args<'_>) -> Result<(), Failure> {
        let options = self.challenge_options(src, args).await?;
        let challenge = self
            .service
            .create_challenge(&src.player(), None, src.place(), options)
            .await?;
        let buttons = [
            (
                Action::Accept(challenge.id),
                Label::Join,
                ButtonStyle::Success,
            ),
            (
                Action::Cancel(challenge.id),
                Label::Withdraw,
                ButtonStyle::Secondary,
            ),
        ];
        let post = challenge_post(src.public_lang(), &challenge, &buttons, Vec::new());
        Ok(src.respond_with(&post, false).await?)
    }

    pub(super) async fn play_bot(&self, src: &Source<'_>, args: &Args<'_>) -> Result<(), Failure> {
        let level = match args.int(opt::LEVEL) {
            Some(n) => u8::try_from(n)
                .ok()
                .and_then(Level::new)
                .ok_or_else(|| Failure::refused(Sentence::LevelRange.say(src.lang())))?,
            None => self.service.config().default_engine_level,
        };
        let colour = args.parsed(opt::COLOR)?.unwrap_or(ColourChoice::Random);
        // Where the bot cannot post, nobody could be reminded or told of a loss on time.
        let time_control = if src.bot_can_post() {
            self.service.config().engine_time_control
        } else {
            TimeControl::Unlimited
        };
        let rules = self.chosen_rules(src, args).await?;
        let game = EngineGame {
            level,
            colour,
            time_control,
            rules,
        };
        self.start_engine_game(src, game).await
    }

    async fn start_engine_game(&self, src: &Source<'_>, game: EngineGame) -> Result<(), Failure> {
        let view = self
            .service
            .start_engine_game_with(&src.player(), src.place(), game)
            .await?;
        let announcement = Post::text(text::engine_game_starts(src.public_lang(), &view));
        self.game_started(src, view, announcement).await
    }
}

impl App {
    /// The options of a challenge made from `src`. Where the bot cannot post by itself (a
    /// group DM, a server reached through a member's user install) it could deliver no
    /// reminder and no loss on time, so games there have no clock: a clock asked for is
    /// refused, saying why.
    async fn challenge_options(
        &self,
        src: &Source<'_>,
        args: &Args<'_>,
    ) -> Result<ChallengeOptions, Failure> {
        let defaults = ChallengeOptions::default();
        let asked: Option<TimeControl> = args.parsed(opt::TIME)?;
        let time_control = if src.bot_can_post() {
            asked.unwrap_or(defaults.time_control)
        } else if asked.is_some_and(|tc| tc.per_move().is_some()) {
            return Err(Failure::refused(Sentence::NoClockHere.say(src.lang())));
        } else {
            TimeControl::Unlimited
        };
        Ok(ChallengeOptions {
            colour: args.parsed(opt::COLOR)?.unwrap_or(defaults.colour),
            time_control,
            rated: args.bool(opt::RATED).unwrap_or(defaults.rated),
            rules: self.chosen_rules(src, args).await?,
        })
    }

    /// The rule set a command names, else the server's default (the standard rules in DMs).
    async fn chosen_rules(&self, src: &Source<'_>, args: &Args<'_>) -> Result<Rules, Failure> {
        if let Some(rules) = args.parsed(opt::RULES)? {
            return Ok(rules);
        }
        Ok(match src.guild_id() {
            Some(guild) => self.service.server_rules(guild).await?,
            None => Rules::default(),
        })
    }
}

/// The message that announces direct challenge `challenge` in `lang`, pinging the challenged
/// player, with Accept, Decline and Withdraw.
fn direct_challenge_post(lang: Language, challenge: &Challenge) -> Post {
    let buttons = [
        (
            Action::Accept(challenge.id),
            Label::Accept,
            ButtonStyle::Success,
        ),
        (
            Action::Decline(challenge.id),
            Label::Decline,
            ButtonStyle::Danger,
        ),
        (
            Action::Cancel(challenge.id),
            Label::Withdraw,
            ButtonStyle::Secondary,
        ),
    ];
    let pings = challenge.challenged.iter().map(|p| p.id).collect();
    challenge_post(lang, challenge, &buttons, pings)
}

/// The message that announces a challenge in `lang`, with its buttons (action, label, style).
fn challenge_post(
    lang: Language,
    challenge: &Challenge,
    buttons: &[(Action, Label, ButtonStyle)],
    pings: Vec<UserId>,
) -> Post {
    let buttons = buttons
        .iter()
        .map(|(action, label, style)| {
            CreateButton::new(action.to_string())
                .label(label.say(lang))
                .style(*style)
        })
        .collect();
    Post {
        content: text::challenge(lang, challenge),
        components: vec![CreateActionRow::Buttons(buttons)],
        pings,
        ..Post::default()
    }
}
