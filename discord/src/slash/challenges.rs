//! Challenges, open challenges and games against the computer.

use dama_service::model::Level;
use serenity::all::{ButtonStyle, CreateActionRow, CreateButton};

use crate::app::App;
use crate::args::{Args, display_name};
use crate::commands::opt;
use crate::custom_id::Action;
use crate::interaction::{Failure, Source};
use crate::post::Post;
use dama_service::ids::{GameId, UserId};
use dama_service::model::{Challenge, Player};
use dama_service::service::{Asked, Reach, Rematch};
use dama_words::i18n::Language;
use dama_words::text::{self, Label, Sentence};

impl App {
    pub(super) async fn challenge(&self, src: &Source<'_>, args: &Args<'_>) -> Result<(), Failure> {
        let (user, member) = args
            .user(opt::OPPONENT)
            .ok_or_else(|| Failure::refused(Sentence::ChooseOpponent.say(src.lang())))?;
        let asked = asked(args)?;
        if user.id.get() == src.bot_user_id() {
            // Challenged by name, the bot plays as the computer.
            return self.start_engine_game(src, asked).await;
        }
        if user.bot {
            return Err(Failure::refused(Sentence::BotsCannotPlay.say(src.lang())));
        }
        let opponent = Player::new(UserId(user.id.get()), display_name(user, member))
            .with_global_name(user.display_name());
        let options = self
            .service
            .challenge_options(src.place(), reach(src), asked)
            .await?;
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
        let options = self
            .service
            .challenge_options(src.place(), reach(src), asked(args)?)
            .await?;
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
            Some(n) => Some(
                u8::try_from(n)
                    .ok()
                    .and_then(Level::new)
                    .ok_or_else(|| Failure::refused(Sentence::LevelRange.say(src.lang())))?,
            ),
            None => None,
        };
        let asked = Asked {
            level,
            time_control: None,
            ..asked(args)?
        };
        self.start_engine_game(src, asked).await
    }

    /// Starts the game against the computer `asked` for.
    async fn start_engine_game(&self, src: &Source<'_>, asked: Asked) -> Result<(), Failure> {
        let game = self
            .service
            .engine_game_options(src.place(), reach(src), asked)
            .await?;
        let view = self
            .service
            .start_engine_game_with(&src.player(), src.place(), game)
            .await?;
        let announcement = Post::text(text::engine_game_starts(src.public_lang(), &view));
        self.game_started(src, view, announcement).await
    }
}

/// What a command's options ask of a game: what they leave out, the service chooses.
fn asked(args: &Args<'_>) -> Result<Asked, Failure> {
    Ok(Asked {
        colour: args.parsed(opt::COLOR)?,
        time_control: args.parsed(opt::TIME)?,
        live: args.clock(opt::CLOCK)?,
        rated: args.bool(opt::RATED),
        rules: args.parsed(opt::RULES)?,
        level: None,
    })
}

/// Whether the bot can post by itself where `src` came from.
fn reach(src: &Source<'_>) -> Reach {
    if src.bot_can_post() {
        Reach::Posts
    } else {
        Reach::AnswersOnly
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
