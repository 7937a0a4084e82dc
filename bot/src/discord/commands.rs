//! The `/dama` command and its subcommands, as registered with Discord. [`Subcommand`] and
//! [`opt`] are the one list of names that registering and dispatching share; the choices of
//! the colour, time and theme options come from the model's own lists.

use std::str::FromStr;

use dama_rules::Rules;
use dama_rules::notation::Notation;
use serenity::all::{
    CommandOptionType, CreateCommand, CreateCommandOption, InstallationContext, InteractionContext,
};

use super::text;
use crate::model::{ColourChoice, Theme, TimeControl};
use crate::service::ServiceConfig;

/// The one top-level command.
pub const COMMAND: &str = "dama";

/// Option names, as registered and as read back from an interaction.
pub mod opt {
    /// A game number (autocompleted from the player's games).
    pub const GAME: &str = "game";
    /// The colour a challenger plays.
    pub const COLOR: &str = "color";
    /// The time per move.
    pub const TIME: &str = "time";
    /// Whether a challenge is rated.
    pub const RATED: &str = "rated";
    /// The person challenged.
    pub const OPPONENT: &str = "opponent";
    /// The computer's level.
    pub const LEVEL: &str = "level";
    /// A move's text (autocompleted from the legal moves).
    pub const MOVE: &str = "move";
    /// What to do about a draw or a takeback.
    pub const ACTION: &str = "action";
    /// Whose stats.
    pub const USER: &str = "user";
    /// Head-to-head opponent in the stats.
    pub const VERSUS: &str = "versus";
    /// Move notation setting.
    pub const NOTATION: &str = "notation";
    /// Board theme setting.
    pub const THEME: &str = "theme";
    /// Board orientation setting.
    pub const FLIP: &str = "flip";
    /// Vacation length.
    pub const DAYS: &str = "days";
    /// The rule set of a game, or a server's default one.
    pub const RULES: &str = "rules";
}

/// The subcommands of `/dama`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Subcommand {
    /// Challenge someone.
    Challenge,
    /// An open challenge anyone in the channel can take.
    Open,
    /// A game against the computer.
    PlayBot,
    /// Play a move.
    Move,
    /// Show the board.
    Board,
    /// Resign.
    Resign,
    /// Offer or answer a draw.
    Draw,
    /// Ask for or answer a takeback.
    Takeback,
    /// The player's games in progress.
    Games,
    /// The server's ratings.
    Leaderboard,
    /// A player's rating and record.
    Stats,
    /// A game as PDN.
    Export,
    /// The rules in one minute.
    Rules,
    /// Notation, theme, orientation.
    Settings,
    /// Stop the clocks for some days.
    Vacation,
    /// Come back from vacation early.
    VacationEnd,
    /// The server's own settings (for those who manage it).
    Server,
}

impl Subcommand {
    /// Every subcommand, in the order Discord lists them.
    pub const ALL: [Subcommand; 17] = [
        Subcommand::Challenge,
        Subcommand::Open,
        Subcommand::PlayBot,
        Subcommand::Move,
        Subcommand::Board,
        Subcommand::Resign,
        Subcommand::Draw,
        Subcommand::Takeback,
        Subcommand::Games,
        Subcommand::Leaderboard,
        Subcommand::Stats,
        Subcommand::Export,
        Subcommand::Rules,
        Subcommand::Settings,
        Subcommand::Vacation,
        Subcommand::VacationEnd,
        Subcommand::Server,
    ];

    /// The name typed after `/dama`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Subcommand::Challenge => "challenge",
            Subcommand::Open => "open",
            Subcommand::PlayBot => "play-bot",
            Subcommand::Move => "move",
            Subcommand::Board => "board",
            Subcommand::Resign => "resign",
            Subcommand::Draw => "draw",
            Subcommand::Takeback => "takeback",
            Subcommand::Games => "games",
            Subcommand::Leaderboard => "leaderboard",
            Subcommand::Stats => "stats",
            Subcommand::Export => "export",
            Subcommand::Rules => "rules",
            Subcommand::Settings => "settings",
            Subcommand::Vacation => "vacation",
            Subcommand::VacationEnd => "vacation-end",
            Subcommand::Server => "server",
        }
    }

    const fn description(self) -> &'static str {
        match self {
            Subcommand::Challenge => "Challenge someone to a game",
            Subcommand::Open => "Post an open challenge anyone here can take",
            Subcommand::PlayBot => "Play against the computer",
            Subcommand::Move => "Make a move, like d3-d4 or d4xd6xf6",
            Subcommand::Board => "Show the board of your game",
            Subcommand::Resign => "Resign your game",
            Subcommand::Draw => "Offer, accept or decline a draw",
            Subcommand::Takeback => "Ask to take back your last move, or answer such a request",
            Subcommand::Games => "List your active games",
            Subcommand::Leaderboard => "This server's ratings",
            Subcommand::Stats => "Rating and record of a player",
            Subcommand::Export => "Download a game as PDN",
            Subcommand::Rules => "How Turkish draughts is played",
            Subcommand::Settings => "Your notation, board theme and orientation",
            Subcommand::Vacation => "Pause the clocks of all your games",
            Subcommand::VacationEnd => "End your vacation early and restart your clocks",
            Subcommand::Server => "This server's default rules (needs Manage Server)",
        }
    }

    /// The subcommand with its options, as registered under `config`.
    fn option(self, config: &ServiceConfig) -> CreateCommandOption {
        let sub = CreateCommandOption::new(
            CommandOptionType::SubCommand,
            self.name(),
            self.description(),
        );
        self.options(config)
            .into_iter()
            .fold(sub, CreateCommandOption::add_sub_option)
    }

    /// The options of this subcommand, in order.
    fn options(self, config: &ServiceConfig) -> Vec<CreateCommandOption> {
        match self {
            Subcommand::Challenge => vec![
                option(
                    CommandOptionType::User,
                    opt::OPPONENT,
                    "Who you want to play",
                )
                .required(true),
                colour_option(),
                time_option(),
                rated_option(),
                rules_option("The rules (default: this server's)"),
            ],
            Subcommand::Open => vec![
                colour_option(),
                time_option(),
                rated_option(),
                rules_option("The rules (default: this server's)"),
            ],
            Subcommand::PlayBot => vec![
                level_option(),
                colour_option(),
                rules_option("The rules (default: this server's)"),
            ],
            Subcommand::Server => {
                vec![rules_option("The rules of games that name none").required(true)]
            }
            Subcommand::Move => vec![move_option(), game_option()],
            Subcommand::Board | Subcommand::Resign | Subcommand::Export => vec![game_option()],
            Subcommand::Draw | Subcommand::Takeback => vec![self.answer_option(), game_option()],
            Subcommand::Stats => vec![
                option(
                    CommandOptionType::User,
                    opt::USER,
                    "Whose stats (default: yours)",
                ),
                option(
                    CommandOptionType::User,
                    opt::VERSUS,
                    "Head-to-head against this player",
                ),
            ],
            Subcommand::Settings => settings_options(),
            Subcommand::Vacation => vec![
                option(CommandOptionType::Integer, opt::DAYS, "How many days")
                    .required(true)
                    .min_int_value(1)
                    .max_int_value(u64::from(config.vacation_days_per_year.max(1))),
            ],
            Subcommand::Games
            | Subcommand::Leaderboard
            | Subcommand::Rules
            | Subcommand::VacationEnd => Vec::new(),
        }
    }

    /// The `action` option of `draw` and `takeback`.
    fn answer_option(self) -> CreateCommandOption {
        Answer::ALL.into_iter().fold(
            option(CommandOptionType::String, opt::ACTION, "What to do").required(true),
            |o, answer| o.add_string_choice(answer.label(self), answer.word(self)),
        )
    }
}

impl FromStr for Subcommand {
    type Err = UnknownSubcommand;

    fn from_str(name: &str) -> Result<Subcommand, UnknownSubcommand> {
        Subcommand::ALL
            .into_iter()
            .find(|s| s.name() == name)
            .ok_or(UnknownSubcommand)
    }
}

/// A name that is not one of `/dama`'s subcommands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("unknown subcommand")]
pub struct UnknownSubcommand;

/// What a player does about a draw or a takeback (the `action` option).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Answer {
    /// Offer a draw, or ask for a takeback (the default).
    Ask,
    /// Accept the opponent's offer or request.
    Accept,
    /// Decline it.
    Decline,
}

impl Answer {
    const ALL: [Answer; 3] = [Answer::Ask, Answer::Accept, Answer::Decline];

    /// The option word under `sub` (draw or takeback).
    const fn word(self, sub: Subcommand) -> &'static str {
        match (self, sub) {
            (Answer::Ask, Subcommand::Draw) => "offer",
            (Answer::Ask, _) => "request",
            (Answer::Accept, _) => "accept",
            (Answer::Decline, _) => "decline",
        }
    }

    const fn label(self, sub: Subcommand) -> &'static str {
        match (self, sub) {
            (Answer::Ask, Subcommand::Draw) => "Offer a draw",
            (Answer::Ask, _) => "Ask for a takeback",
            (Answer::Accept, Subcommand::Draw) => "Accept the offer",
            (Answer::Decline, Subcommand::Draw) => "Decline the offer",
            (Answer::Accept, _) => "Accept the request",
            (Answer::Decline, _) => "Decline the request",
        }
    }

    /// The answer `word` names under `sub`; asking when no word was given.
    pub(crate) fn of(sub: Subcommand, word: Option<&str>) -> Option<Answer> {
        match word {
            None => Some(Answer::Ask),
            Some(word) => Answer::ALL.into_iter().find(|a| a.word(sub) == word),
        }
    }
}

/// The notations a player can choose, the default first.
pub(crate) const NOTATIONS: [Notation; 2] = [Notation::Algebraic, Notation::Numeric];

/// The option word of a notation.
pub(crate) const fn notation_name(n: Notation) -> &'static str {
    match n {
        Notation::Algebraic => "algebraic",
        Notation::Numeric => "numeric",
    }
}

fn notation_label(n: Notation) -> &'static str {
    match n {
        Notation::Algebraic => "Algebraic (d3-d4)",
        Notation::Numeric => "Numeric (44-36)",
    }
}

fn option(kind: CommandOptionType, name: &str, description: &str) -> CreateCommandOption {
    CreateCommandOption::new(kind, name, description)
}

fn game_option() -> CreateCommandOption {
    option(
        CommandOptionType::Integer,
        opt::GAME,
        "Which of your games (default: the one in this channel)",
    )
    .set_autocomplete(true)
}

fn colour_option() -> CreateCommandOption {
    ColourChoice::ALL.into_iter().fold(
        option(
            CommandOptionType::String,
            opt::COLOR,
            "Your colour (default: random)",
        ),
        |o, colour| o.add_string_choice(text::colour_choice(colour), colour.name()),
    )
}

fn time_option() -> CreateCommandOption {
    TimeControl::ALL.into_iter().fold(
        option(
            CommandOptionType::String,
            opt::TIME,
            "Time per move (default: 1 day)",
        ),
        |o, tc| o.add_string_choice(text::capitalise(text::time_words(tc)), tc.name()),
    )
}

fn rules_option(description: &str) -> CreateCommandOption {
    Rules::ALL.into_iter().fold(
        option(CommandOptionType::String, opt::RULES, description),
        |o, rules| o.add_string_choice(text::capitalise(text::rules_words(rules)), rules.name()),
    )
}

fn level_option() -> CreateCommandOption {
    option(
        CommandOptionType::Integer,
        opt::LEVEL,
        "1 (beginner) to 5 (very strong)",
    )
    .min_int_value(1)
    .max_int_value(5)
}

fn move_option() -> CreateCommandOption {
    option(
        CommandOptionType::String,
        opt::MOVE,
        "Your move (start typing to see the legal ones)",
    )
    .required(true)
    .set_autocomplete(true)
    .max_length(100)
}

fn settings_options() -> Vec<CreateCommandOption> {
    vec![
        NOTATIONS.into_iter().fold(
            option(
                CommandOptionType::String,
                opt::NOTATION,
                "How squares are written",
            ),
            |o, n| o.add_string_choice(notation_label(n), notation_name(n)),
        ),
        Theme::ALL.into_iter().fold(
            option(CommandOptionType::String, opt::THEME, "Board look"),
            |o, theme| o.add_string_choice(text::capitalise(theme.name()), theme.name()),
        ),
        option(
            CommandOptionType::Boolean,
            opt::FLIP,
            "Show the board from your side when you play Black",
        ),
    ]
}

fn rated_option() -> CreateCommandOption {
    option(
        CommandOptionType::Boolean,
        opt::RATED,
        "Counts for the leaderboard (default: yes)",
    )
}

/// The `/dama` command with every subcommand, usable in servers, the bot's DMs and group DMs,
/// installable to a server or to a user; its limits (the longest vacation) are the service's
/// `config`.
pub fn dama_command(config: &ServiceConfig) -> CreateCommand {
    Subcommand::ALL.into_iter().fold(
        CreateCommand::new(COMMAND)
            .description("Play Turkish draughts (Dama)")
            .description_localized("tr", "Dama oyna")
            .integration_types(vec![InstallationContext::Guild, InstallationContext::User])
            .contexts(vec![
                InteractionContext::Guild,
                InteractionContext::BotDm,
                InteractionContext::PrivateChannel,
            ]),
        |command, sub| command.add_option(sub.option(config)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_subcommand_name_parses_back() {
        for sub in Subcommand::ALL {
            assert_eq!(sub.name().parse::<Subcommand>(), Ok(sub));
        }
        assert!("play".parse::<Subcommand>().is_err());
    }

    #[test]
    fn the_registered_choices_are_the_models_lists() {
        let command = serde_json::to_value(dama_command(&ServiceConfig::default())).expect("json");
        let sub = |name: &str| {
            command["options"]
                .as_array()
                .and_then(|subs| subs.iter().find(|s| s["name"] == name))
                .cloned()
                .unwrap_or_default()
        };
        let choices = |sub: &serde_json::Value, option: &str| -> Vec<String> {
            sub["options"]
                .as_array()
                .and_then(|o| o.iter().find(|o| o["name"] == option))
                .and_then(|o| o["choices"].as_array())
                .map(|c| {
                    c.iter()
                        .filter_map(|c| c["value"].as_str().map(str::to_owned))
                        .collect()
                })
                .unwrap_or_default()
        };
        let times: Vec<String> = TimeControl::ALL.iter().map(|t| t.to_string()).collect();
        assert_eq!(choices(&sub("challenge"), opt::TIME), times);
        let colours: Vec<String> = ColourChoice::ALL.iter().map(|c| c.to_string()).collect();
        assert_eq!(choices(&sub("open"), opt::COLOR), colours);
        assert_eq!(
            choices(&sub("draw"), opt::ACTION),
            ["offer", "accept", "decline"]
        );
        assert_eq!(
            choices(&sub("takeback"), opt::ACTION),
            ["request", "accept", "decline"]
        );
        assert_eq!(
            Answer::of(Subcommand::Takeback, Some("request")),
            Some(Answer::Ask)
        );
        assert_eq!(Answer::of(Subcommand::Draw, Some("request")), None);
        // No longer a vacation than the service allows in a year.
        assert_eq!(
            sub("vacation")["options"][0]["max_value"],
            ServiceConfig::default().vacation_days_per_year
        );
    }
}
