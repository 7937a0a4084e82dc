//! The `/dama` command and its subcommands, as registered with Discord. [`Subcommand`] and
//! [`opt`] are the one list of names that registering and dispatching share; the choices of
//! the colour, time, rules and theme options come from the model's own lists. What Discord
//! shows (names, descriptions, choice labels) comes from the `commands` catalogs: English is
//! registered, every other language as Discord's localizations under its locales. Those are
//! only what a client shows and types: an interaction carries the English names.

use std::str::FromStr;

use dama_rules::Rules;
use dama_rules::notation::Notation;
use serenity::all::{
    ChannelType, CommandOptionType, CommandType, CreateCommand, CreateCommandOption,
    EntryPointHandlerType, InstallationContext, InteractionContext,
};

use dama_service::model::{ColourChoice, Notify, Speed, Theme, TimeControl};
use dama_service::service::ServiceConfig;
use dama_service::tournament::arena::{MAX_MINUTES, MIN_MINUTES};
use dama_service::tournament::{Format, MAX_PLAYERS, MIN_PLAYERS};
use dama_words::i18n::{self, Language};

/// The one top-level command.
pub const COMMAND: &str = "dama";

/// The `format` of `/dama tournament create` that makes an arena rather than a tournament of
/// rounds (the service's [`Format`]s).
pub const ARENA: &str = "arena";

/// Option names, as registered and as read back from an interaction.
pub mod opt {
    /// A game number (autocompleted from the player's games).
    pub const GAME: &str = "game";
    /// The colour a challenger plays.
    pub const COLOR: &str = "color";
    /// The time per move.
    pub const TIME: &str = "time";
    /// A live game's clock, `5+3` (autocompleted from the presets).
    pub const CLOCK: &str = "clock";
    /// Whether a challenge is rated.
    pub const RATED: &str = "rated";
    /// The person challenged.
    pub const OPPONENT: &str = "opponent";
    /// The computer's level.
    pub const LEVEL: &str = "level";
    /// A move's text (autocompleted from the legal moves).
    pub const MOVE: &str = "move";
    /// What to do about a draw or a takeback, a season, or one's conditional moves; what a
    /// claim claims.
    pub const ACTION: &str = "action";
    /// A line of conditional moves: the opponent's move, the answer, and so on.
    pub const LINE: &str = "line";
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
    /// Where turn notices go.
    pub const NOTIFY: &str = "notify";
    /// Vacation length.
    pub const DAYS: &str = "days";
    /// The rule set of a game, or a server's default one.
    pub const RULES: &str = "rules";
    /// A player's or a server's language.
    pub const LANGUAGE: &str = "language";
    /// The board as text for a screen reader rather than a picture.
    pub const TEXT: &str = "text";
    /// Which leaderboard: a season's or all time's.
    pub const PERIOD: &str = "period";
    /// A season's number.
    pub const SEASON: &str = "season";
    /// The speed whose ratings a leaderboard or stats show.
    pub const SPEED: &str = "speed";
    /// A tournament (autocompleted from the server's tournaments).
    pub const TOURNAMENT: &str = "tournament";
    /// A tournament's name.
    pub const NAME: &str = "name";
    /// A tournament's format.
    pub const FORMAT: &str = "format";
    /// An arena's length in minutes.
    pub const MINUTES: &str = "minutes";
    /// A Swiss tournament's rounds.
    pub const ROUNDS: &str = "rounds";
    /// The most players a tournament takes.
    pub const MAX_PLAYERS: &str = "max-players";
    /// When a tournament starts by itself.
    pub const STARTS: &str = "starts";
    /// Whether a server's community pages are on.
    pub const WEB: &str = "web";
    /// The server's daily puzzle rather than the member's next one.
    pub const DAILY: &str = "daily";
    /// Where a server's daily puzzle is posted.
    pub const PUZZLE_CHANNEL: &str = "puzzle-channel";
    /// The hour (UTC) a server's daily puzzle is posted at.
    pub const PUZZLE_HOUR: &str = "puzzle-hour";
    /// Whether a server's daily puzzle is posted.
    pub const DAILY_PUZZLE: &str = "daily-puzzle";
    /// `/dama server`: the role of the winner of the server's latest arena.
    pub const ARENA_ROLE: &str = "arena-role";
    /// `/dama server`: the role of the leader of the server's season.
    pub const LEADER_ROLE: &str = "leader-role";
}

dama_service::named_choice! {
    /// The subcommands of `/dama`, named as typed after `/dama`, in the order Discord lists
    /// them.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub enum Subcommand {
        /// Challenge someone.
        Challenge = "challenge",
        /// An open challenge anyone in the channel can take.
        Open = "open",
        /// A game against the computer.
        PlayBot = "play-bot",
        /// Play a move.
        Move = "move",
        /// Store the answer to whatever the opponent plays next.
        Premove = "premove",
        /// Store answers to the opponent's next moves, or list or clear them.
        Conditional = "conditional",
        /// Show the board.
        Board = "board",
        /// Resign.
        Resign = "resign",
        /// Offer or answer a draw.
        Draw = "draw",
        /// Ask for or answer a takeback.
        Takeback = "takeback",
        /// Claim the win or a draw in a live game the opponent has left.
        Claim = "claim",
        /// The player's games in progress.
        Games = "games",
        /// The server's games in progress, for spectators.
        Live = "live",
        /// The server's ratings.
        Leaderboard = "leaderboard",
        /// A player's rating and record.
        Stats = "stats",
        /// A game as PDN.
        Export = "export",
        /// The computer's review of a finished game.
        Review = "review",
        /// A puzzle from the server's own games.
        Puzzle = "puzzle",
        /// The rules in one minute.
        Rules = "rules",
        /// Notation, theme, orientation.
        Settings = "settings",
        /// Stop the clocks for some days.
        Vacation = "vacation",
        /// Come back from vacation early.
        VacationEnd = "vacation-end",
        /// The server's own settings (for those who manage it).
        Server = "server",
        /// Start or end the server's season (for those who manage it).
        Season = "season",
        /// The server's correspondence tournaments (a group of subcommands: see
        /// [`TournamentAction`]).
        Tournament = "tournament",
    }
}

impl Subcommand {
    /// The subcommand with its options, as registered under `config`.
    fn option(self, config: &ServiceConfig) -> CreateCommandOption {
        let kind = match self {
            Subcommand::Tournament => CommandOptionType::SubCommandGroup,
            _ => CommandOptionType::SubCommand,
        };
        let options = match self {
            Subcommand::Tournament => TournamentAction::ALL
                .into_iter()
                .map(TournamentAction::option)
                .collect(),
            _ => self.options(config),
        };
        subcommand(kind, self.name(), options)
    }

    /// The options of this subcommand, in order.
    fn options(self, config: &ServiceConfig) -> Vec<CreateCommandOption> {
        match self {
            Subcommand::Challenge => vec![
                option(CommandOptionType::User, opt::OPPONENT).required(true),
                colour_option(),
                time_option(),
                clock_option(),
                rated_option(),
                rules_option("opt-rules-description"),
            ],
            Subcommand::Open => vec![
                colour_option(),
                time_option(),
                clock_option(),
                rated_option(),
                rules_option("opt-rules-description"),
            ],
            Subcommand::PlayBot => vec![
                level_option(),
                colour_option(),
                clock_option(),
                rules_option("opt-rules-description"),
            ],
            Subcommand::Server => vec![
                rules_option("opt-rules-server-description"),
                language_option("opt-language-server-description"),
                with_choices(
                    option(CommandOptionType::String, opt::WEB),
                    "choice-web",
                    WebSwitch::ALL.map(WebSwitch::name),
                ),
                // A channel the puzzle can be posted in: text or announcements.
                option(CommandOptionType::Channel, opt::PUZZLE_CHANNEL)
                    .channel_types(vec![ChannelType::Text, ChannelType::News]),
                option(CommandOptionType::Integer, opt::PUZZLE_HOUR)
                    .min_int_value(0)
                    .max_int_value(23),
                with_choices(
                    option(CommandOptionType::String, opt::DAILY_PUZZLE),
                    "choice-daily-puzzle",
                    WebSwitch::ALL.map(WebSwitch::name),
                ),
                option(CommandOptionType::Role, opt::ARENA_ROLE),
                option(CommandOptionType::Role, opt::LEADER_ROLE),
            ],
            Subcommand::Puzzle => vec![option(CommandOptionType::Boolean, opt::DAILY)],
            Subcommand::Move => vec![move_option(), game_option()],
            // Not autocompleted: it is the opponent's turn, and the move is checked when it
            // comes.
            Subcommand::Premove => vec![
                described_option(
                    CommandOptionType::String,
                    opt::MOVE,
                    "opt-move-premove-description",
                )
                .required(true)
                .max_length(100),
                game_option(),
            ],
            Subcommand::Conditional => vec![
                // Ten answers and their ten moves, with room for long captures.
                option(CommandOptionType::String, opt::LINE).max_length(400),
                with_choices(
                    option(CommandOptionType::String, opt::ACTION),
                    "choice-conditional",
                    ConditionalAction::ALL.map(ConditionalAction::name),
                ),
                game_option(),
            ],
            Subcommand::Board => vec![game_option(), option(CommandOptionType::Boolean, opt::TEXT)],
            Subcommand::Resign | Subcommand::Export | Subcommand::Review => vec![game_option()],
            Subcommand::Draw | Subcommand::Takeback => vec![self.answer_option(), game_option()],
            Subcommand::Claim => vec![
                with_choices(
                    option(CommandOptionType::String, opt::ACTION).required(true),
                    "choice-claim",
                    ClaimChoice::ALL.map(ClaimChoice::name),
                ),
                game_option(),
            ],
            Subcommand::Stats => vec![
                option(CommandOptionType::User, opt::USER),
                option(CommandOptionType::User, opt::VERSUS),
                speed_option(),
            ],
            Subcommand::Settings => settings_options(),
            Subcommand::Vacation => vec![
                option(CommandOptionType::Integer, opt::DAYS)
                    .required(true)
                    .min_int_value(1)
                    .max_int_value(u64::from(config.vacation_days_per_year.max(1))),
            ],
            Subcommand::Leaderboard => vec![
                with_choices(
                    option(CommandOptionType::String, opt::PERIOD),
                    "choice-period",
                    PeriodChoice::ALL.map(PeriodChoice::name),
                ),
                option(CommandOptionType::Integer, opt::SEASON).min_int_value(1),
                speed_option(),
            ],
            Subcommand::Season => vec![with_choices(
                option(CommandOptionType::String, opt::ACTION).required(true),
                "choice-season",
                SeasonAction::ALL.map(SeasonAction::name),
            )],
            Subcommand::Games
            | Subcommand::Live
            | Subcommand::Rules
            | Subcommand::VacationEnd
            | Subcommand::Tournament => Vec::new(),
        }
    }

    /// The `action` option of `draw` and `takeback`, its choices labelled by
    /// `choice-<subcommand>-<word>`.
    fn answer_option(self) -> CreateCommandOption {
        with_choices(
            option(CommandOptionType::String, opt::ACTION).required(true),
            &format!("choice-{}", self.name()),
            Answer::ALL.map(|answer| answer.word(self)),
        )
    }
}

impl FromStr for Subcommand {
    type Err = UnknownSubcommand;

    fn from_str(name: &str) -> Result<Subcommand, UnknownSubcommand> {
        Subcommand::of(name).ok_or(UnknownSubcommand)
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

    /// The answer `word` names under `sub`; asking when no word was given.
    pub(crate) fn of(sub: Subcommand, word: Option<&str>) -> Option<Answer> {
        match word {
            None => Some(Answer::Ask),
            Some(word) => Answer::ALL.into_iter().find(|a| a.word(sub) == word),
        }
    }
}

/// The subcommand `name` (or group, by `kind`) with `options`, named and described by the
/// catalog's `cmd-<name>-name` and `cmd-<name>-description`.
fn subcommand(
    kind: CommandOptionType,
    name: &str,
    options: Vec<CreateCommandOption>,
) -> CreateCommandOption {
    let description = format!("cmd-{name}-description");
    let sub = CreateCommandOption::new(kind, name, english(&description))
        .localized(&format!("cmd-{name}-name"), &description);
    options
        .into_iter()
        .fold(sub, CreateCommandOption::add_sub_option)
}

dama_service::named_choice! {
    /// The subcommands of `/dama tournament`, named as typed after `/dama tournament`, in the
    /// order Discord lists them.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub enum TournamentAction {
        /// Create a tournament in this channel.
        Create = "create",
        /// Join one.
        Join = "join",
        /// Leave one (withdraw, once it has started).
        Leave = "leave",
        /// Start one (its creator or a manager).
        Start = "start",
        /// Its table and the current round's pairings.
        Standings = "standings",
        /// Call one off (its creator or a manager).
        Cancel = "cancel",
    }
}

impl TournamentAction {
    fn option(self) -> CreateCommandOption {
        let options = match self {
            TournamentAction::Create => vec![
                option(CommandOptionType::String, opt::NAME)
                    .required(true)
                    .min_length(1)
                    .max_length(100),
                with_choices(
                    option(CommandOptionType::String, opt::FORMAT).required(true),
                    "choice-format",
                    Format::ALL.map(Format::name).into_iter().chain([ARENA]),
                ),
                option(CommandOptionType::Integer, opt::ROUNDS)
                    .min_int_value(1)
                    .max_int_value(u64::from(MAX_PLAYERS - 1)),
                time_option(),
                rated_option(),
                option(CommandOptionType::Integer, opt::MAX_PLAYERS)
                    .min_int_value(u64::from(MIN_PLAYERS))
                    .max_int_value(u64::from(MAX_PLAYERS)),
                option(CommandOptionType::String, opt::STARTS).max_length(40),
                option(CommandOptionType::Integer, opt::MINUTES)
                    .min_int_value(u64::from(MIN_MINUTES))
                    .max_int_value(u64::from(MAX_MINUTES)),
                described_option(
                    CommandOptionType::String,
                    opt::CLOCK,
                    "opt-arena-clock-description",
                )
                .set_autocomplete(true)
                .max_length(10),
            ],
            _ => vec![tournament_option()],
        };
        subcommand(
            CommandOptionType::SubCommand,
            &format!("tournament-{}", self.name()),
            options,
        )
        .name(self.name())
    }
}

fn tournament_option() -> CreateCommandOption {
    option(CommandOptionType::Integer, opt::TOURNAMENT).set_autocomplete(true)
}

dama_service::named_choice! {
    /// What `/dama season` does, named by its option word (the `action` option).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub(crate) enum SeasonAction {
        /// Start the server's next season.
        Start = "start",
        /// End the open season.
        End = "end",
    }
}

dama_service::named_choice! {
    /// What `/dama conditional` does besides saving a line (the `action` option): without one,
    /// it saves the `line` given, or lists.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub(crate) enum ConditionalAction {
        /// List the member's stored lines and premove.
        List = "list",
        /// Clear them.
        Clear = "clear",
    }
}

dama_service::named_choice! {
    /// What `/dama claim` claims in a live game the opponent has left (the `action` option).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub(crate) enum ClaimChoice {
        /// The win: the one who left loses.
        Win = "win",
        /// A draw.
        Draw = "draw",
    }
}

dama_service::named_choice! {
    /// Whether `/dama server` turns the server's community pages on or off (the `web` option),
    /// or its daily puzzle (the `daily-puzzle` option).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub(crate) enum WebSwitch {
        /// On: the pages exist.
        On = "on",
        /// Off: they do not.
        Off = "off",
    }
}

dama_service::named_choice! {
    /// Which table `/dama leaderboard` shows (the `period` option): the member's words, which
    /// the adapter turns into the service's `Period`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub(crate) enum PeriodChoice {
        /// The latest season's.
        Season = "season",
        /// All time's.
        AllTime = "all-time",
        /// The members' puzzle ratings.
        Puzzles = "puzzles",
    }
}

/// Every language but English with each of its Discord locales: what the command is
/// localized under.
fn locales() -> impl Iterator<Item = (Language, &'static str)> {
    Language::ALL.into_iter().flat_map(|lang| {
        dama_words::i18n::discord_locales(lang)
            .iter()
            .map(move |locale| (lang, *locale))
    })
}

/// The `commands` catalog's `key` in `lang`.
fn text(lang: Language, key: &str) -> String {
    i18n::message(lang, key, None)
}

/// The `commands` catalog's `key` in English, what is registered as the default.
fn english(key: &str) -> String {
    text(Language::En, key)
}

/// A builder Discord lets name and describe in other languages.
trait Localized: Sized {
    /// With `name` as its name under Discord's `locale`.
    fn name_in(self, locale: &str, name: String) -> Self;
    /// With `description` as its description under Discord's `locale`.
    fn description_in(self, locale: &str, description: String) -> Self;

    /// With the catalog's `name` and `description` keys in every language but English, under
    /// each of its locales.
    fn localized(self, name: &str, description: &str) -> Self {
        locales().fold(self, |builder, (lang, locale)| {
            builder
                .name_in(locale, text(lang, name))
                .description_in(locale, text(lang, description))
        })
    }
}

impl Localized for CreateCommand {
    fn name_in(self, locale: &str, name: String) -> Self {
        self.name_localized(locale, name)
    }

    fn description_in(self, locale: &str, description: String) -> Self {
        self.description_localized(locale, description)
    }
}

impl Localized for CreateCommandOption {
    fn name_in(self, locale: &str, name: String) -> Self {
        self.name_localized(locale, name)
    }

    fn description_in(self, locale: &str, description: String) -> Self {
        self.description_localized(locale, description)
    }
}

/// The option `name`, named and described by the catalog's `opt-<name>-name` and
/// `opt-<name>-description`.
fn option(kind: CommandOptionType, name: &str) -> CreateCommandOption {
    described_option(kind, name, &format!("opt-{name}-description"))
}

/// The option `name` described by the catalog's `description` (for an option that says
/// something else in one subcommand).
fn described_option(kind: CommandOptionType, name: &str, description: &str) -> CreateCommandOption {
    CreateCommandOption::new(kind, name, english(description))
        .localized(&format!("opt-{name}-name"), description)
}

/// `option` with a choice for each of `values`, labelled by the catalog's `<prefix>-<value>`
/// in every language; the values stay what the bot reads back.
fn with_choices(
    option: CreateCommandOption,
    prefix: &str,
    values: impl IntoIterator<Item = &'static str>,
) -> CreateCommandOption {
    values.into_iter().fold(option, |option, value| {
        let key = format!("{prefix}-{value}");
        let labels = locales().map(|(lang, locale)| (locale, text(lang, &key)));
        option.add_string_choice_localized(english(&key), value, labels)
    })
}

/// The speed whose ratings are shown: bullet, blitz, rapid or correspondence.
fn speed_option() -> CreateCommandOption {
    with_choices(
        option(CommandOptionType::String, opt::SPEED),
        "choice-speed",
        Speed::ALL.map(Speed::name),
    )
}

fn game_option() -> CreateCommandOption {
    option(CommandOptionType::Integer, opt::GAME).set_autocomplete(true)
}

fn colour_option() -> CreateCommandOption {
    with_choices(
        option(CommandOptionType::String, opt::COLOR),
        "choice-color",
        ColourChoice::ALL.map(ColourChoice::name),
    )
}

fn time_option() -> CreateCommandOption {
    with_choices(
        option(CommandOptionType::String, opt::TIME),
        "choice-time",
        TimeControl::ALL.map(TimeControl::name),
    )
}

/// A live game's clock: typed (`7+2`) or chosen from the presets the autocomplete offers.
fn clock_option() -> CreateCommandOption {
    option(CommandOptionType::String, opt::CLOCK)
        .set_autocomplete(true)
        .max_length(10)
}

/// The `rules` option, described by the catalog's `description`.
fn rules_option(description: &str) -> CreateCommandOption {
    with_choices(
        described_option(CommandOptionType::String, opt::RULES, description),
        "choice-rules",
        Rules::ALL.map(Rules::name),
    )
}

fn level_option() -> CreateCommandOption {
    option(CommandOptionType::Integer, opt::LEVEL)
        .min_int_value(1)
        .max_int_value(5)
}

fn move_option() -> CreateCommandOption {
    option(CommandOptionType::String, opt::MOVE)
        .required(true)
        .set_autocomplete(true)
        .max_length(100)
}

fn settings_options() -> Vec<CreateCommandOption> {
    vec![
        with_choices(
            option(CommandOptionType::String, opt::NOTATION),
            "choice-notation",
            Notation::ALL.map(Notation::name),
        ),
        with_choices(
            option(CommandOptionType::String, opt::THEME),
            "choice-theme",
            Theme::ALL.map(Theme::name),
        ),
        option(CommandOptionType::Boolean, opt::FLIP),
        with_choices(
            option(CommandOptionType::String, opt::NOTIFY),
            "choice-notify",
            Notify::ALL.map(Notify::name),
        ),
        language_option("opt-language-description"),
    ]
}

/// The word of the `language` option that follows Discord's locale again.
pub(crate) const AUTO_LANGUAGE: &str = "auto";

fn language_option(description: &str) -> CreateCommandOption {
    let values = std::iter::once(AUTO_LANGUAGE).chain(Language::ALL.map(Language::name));
    with_choices(
        described_option(CommandOptionType::String, opt::LANGUAGE, description),
        "choice-language",
        values,
    )
}

fn rated_option() -> CreateCommandOption {
    option(CommandOptionType::Boolean, opt::RATED)
}

/// The `/dama` command with every subcommand, usable in servers, the bot's DMs and group DMs,
/// installable to a server or to a user; its limits (the longest vacation) are the service's
/// `config`.
pub fn dama_command(config: &ServiceConfig) -> CreateCommand {
    Subcommand::ALL.into_iter().fold(
        CreateCommand::new(COMMAND)
            .description(english("cmd-dama-description"))
            .localized("cmd-dama-name", "cmd-dama-description")
            .integration_types(vec![InstallationContext::Guild, InstallationContext::User])
            .contexts(vec![
                InteractionContext::Guild,
                InteractionContext::BotDm,
                InteractionContext::PrivateChannel,
            ]),
        |command, sub| command.add_option(sub.option(config)),
    )
}

/// The Activity's entry point (`DAMA_ACTIVITY=on`): the command Discord's App Launcher shows
/// for the app. The app handles it (Discord does not launch the Activity by itself), answering
/// with LAUNCH_ACTIVITY, so that the launch goes through the bot like the boards' buttons.
pub fn entry_point_command() -> CreateCommand {
    CreateCommand::new(english("cmd-launch-name"))
        .kind(CommandType::PrimaryEntryPoint)
        .handler(EntryPointHandlerType::AppHandler)
        .description(english("cmd-launch-description"))
        .localized("cmd-launch-name", "cmd-launch-description")
        .integration_types(vec![InstallationContext::Guild, InstallationContext::User])
        .contexts(vec![
            InteractionContext::Guild,
            InteractionContext::PrivateChannel,
        ])
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};
    use std::sync::LazyLock;

    use regex::Regex;
    use serde_json::Value;

    use super::*;

    /// The locales every name and description is localized under.
    const LOCALES: [&str; 4] = ["es-419", "es-ES", "sv-SE", "tr"];

    fn registered() -> Value {
        serde_json::to_value(dama_command(&ServiceConfig::default())).expect("json")
    }

    /// Discord's rule for the name of a slash command, subcommand or option: its pattern, and
    /// lower case wherever a letter has a lower case.
    fn is_discord_name(name: &str) -> bool {
        static PATTERN: LazyLock<Regex> = LazyLock::new(|| {
            Regex::new(r"^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$").expect("pattern")
        });
        PATTERN.is_match(name) && name.to_lowercase() == name
    }

    /// Text that is a catalog key, as `i18n::message` answers for a key no catalog has.
    fn is_a_key(text: &str) -> bool {
        ["cmd-", "opt-", "choice-"]
            .iter()
            .any(|prefix| text.starts_with(prefix))
    }

    /// The localizations of `node`'s `field` (`name` or `description`), by locale.
    fn localizations<'a>(node: &'a Value, field: &str) -> BTreeMap<&'a str, &'a str> {
        node[format!("{field}_localizations")]
            .as_object()
            .map(|map| {
                map.iter()
                    .map(|(locale, text)| (locale.as_str(), text.as_str().unwrap_or_default()))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// `node`'s `field` in English and under each locale: (locale, text), English as "".
    fn every_language<'a>(node: &'a Value, field: &str) -> Vec<(&'a str, &'a str)> {
        let english = node[field].as_str().unwrap_or_default();
        std::iter::once(("", english))
            .chain(localizations(node, field))
            .collect()
    }

    /// The command, its subcommands and their options, each with its path.
    fn nodes(command: &Value) -> Vec<(String, &Value)> {
        fn walk<'a>(node: &'a Value, path: String, out: &mut Vec<(String, &'a Value)>) {
            for child in node["options"].as_array().into_iter().flatten() {
                let child_path = format!("{path} {}", child["name"].as_str().unwrap_or("?"));
                walk(child, child_path, out);
            }
            out.push((path, node));
        }
        let mut out = Vec::new();
        walk(command, format!("/{COMMAND}"), &mut out);
        out
    }

    /// The names of `children` in each language: a repeated one is refused by Discord.
    fn assert_unique_names(path: &str, children: &[Value]) {
        let languages = std::iter::once("").chain(LOCALES);
        for locale in languages {
            let names: Vec<&str> = children
                .iter()
                .map(|child| {
                    if locale.is_empty() {
                        child["name"].as_str().unwrap_or_default()
                    } else {
                        localizations(child, "name")
                            .get(locale)
                            .copied()
                            .unwrap_or_default()
                    }
                })
                .collect();
            let distinct: BTreeSet<&str> = names.iter().copied().collect();
            assert_eq!(
                distinct.len(),
                names.len(),
                "{path}: names repeat in {locale:?}: {names:?}"
            );
        }
    }

    #[test]
    fn every_name_description_and_choice_is_localized_within_discords_limits() {
        let command = registered();
        let locales: BTreeSet<&str> = LOCALES.into_iter().collect();
        let nodes = nodes(&command);
        // The command, 18 subcommands and their options.
        assert!(nodes.len() > 40, "{}", nodes.len());
        let mut choices = 0;
        for (path, node) in &nodes {
            for field in ["name", "description"] {
                let localized: BTreeSet<&str> = localizations(node, field).into_keys().collect();
                assert_eq!(localized, locales, "{path}: the locales of its {field}");
            }
            for (locale, name) in every_language(node, "name") {
                assert!(is_discord_name(name), "{path}: name {name:?} ({locale})");
                assert!(!is_a_key(name), "{path}: name {name:?} ({locale})");
            }
            for (locale, description) in every_language(node, "description") {
                let length = description.chars().count();
                assert!(
                    (1..=100).contains(&length) && !is_a_key(description),
                    "{path}: description {description:?} ({locale}, {length} characters)"
                );
            }
            let children = node["options"].as_array().cloned().unwrap_or_default();
            assert_unique_names(path, &children);
            let options = node["choices"].as_array().cloned().unwrap_or_default();
            for choice in &options {
                let localized: BTreeSet<&str> = localizations(choice, "name").into_keys().collect();
                assert_eq!(localized, locales, "{path}: the locales of {choice}");
                for (locale, label) in every_language(choice, "name") {
                    let length = label.chars().count();
                    assert!(
                        (1..=100).contains(&length) && !is_a_key(label),
                        "{path}: choice {label:?} ({locale}, {length} characters)"
                    );
                }
                choices += 1;
            }
            assert_unique_names(&format!("{path} (choices)"), &options);
        }
        assert!(choices > 20, "{choices}");
    }

    /// Discord takes at most 25 options under a command, a subcommand or a group. `/dama` has
    /// 25 subcommands with `claim`: a new one needs a group (as `tournament` is).
    #[test]
    fn every_node_has_at_most_discords_25_options() {
        let command = registered();
        for (path, node) in nodes(&command) {
            let options = node["options"].as_array().map_or(0, Vec::len);
            assert!(options <= 25, "{path}: {options} options");
        }
    }

    #[test]
    fn discords_name_rule_refuses_capitals_spaces_and_length() {
        assert!(is_discord_name("açık-davet"));
        assert!(is_discord_name("inställningar"));
        assert!(is_discord_name("vacation_end2"));
        assert!(!is_discord_name("Meydan-oku"));
        assert!(!is_discord_name("geri al"));
        assert!(!is_discord_name("x".repeat(33).as_str()));
        assert!(!is_discord_name(""));
    }

    #[test]
    fn english_is_registered_as_before_and_names_what_the_bot_reads_back() {
        let command = registered();
        assert_eq!(english("cmd-dama-name"), COMMAND);
        assert_eq!(command["description"], "Play Turkish draughts (Dama)");
        assert_eq!(command["description_localizations"]["tr"], "Dama oyna");
        for sub in Subcommand::ALL {
            assert_eq!(english(&format!("cmd-{}-name", sub.name())), sub.name());
        }
        for (path, node) in nodes(&command) {
            // Options are three deep (/dama, a subcommand, an option), or four in the group
            // /dama tournament, whose subcommands are three deep.
            let name = node["name"].as_str().unwrap_or_default();
            let grouped = path.starts_with("/dama tournament ");
            match (path.split(' ').count(), grouped) {
                (3, false) | (4, true) => {
                    assert_eq!(english(&format!("opt-{name}-name")), name, "{path}");
                }
                (3, true) => {
                    assert_eq!(
                        english(&format!("cmd-tournament-{name}-name")),
                        name,
                        "{path}"
                    );
                    assert_eq!(
                        TournamentAction::of(name).map(TournamentAction::name),
                        Some(name)
                    );
                }
                _ => {}
            }
        }
        let challenge = &command["options"][0];
        assert_eq!(challenge["name"], "challenge");
        assert_eq!(challenge["description"], "Challenge someone to a game");
        assert_eq!(challenge["name_localizations"]["tr"], "davet-et");
        let time = &challenge["options"][2];
        assert_eq!(time["name"], opt::TIME);
        assert_eq!(time["name_localizations"]["es-419"], "tiempo");
        assert_eq!(time["choices"][2]["name"], "1 day");
        assert_eq!(time["choices"][2]["value"], "1d");
        assert_eq!(time["choices"][2]["name_localizations"]["sv-SE"], "1 dag");
    }

    #[test]
    fn every_subcommand_name_parses_back() {
        for sub in Subcommand::ALL {
            assert_eq!(sub.name().parse::<Subcommand>(), Ok(sub));
        }
        assert!("play".parse::<Subcommand>().is_err());
        assert_eq!(Subcommand::PlayBot.name(), "play-bot");
        assert_eq!(Subcommand::VacationEnd.to_string(), "vacation-end");
        assert_eq!(
            TournamentAction::ALL.map(TournamentAction::name),
            ["create", "join", "leave", "start", "standings", "cancel"]
        );
        assert_eq!(TournamentAction::of("Join"), None);
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
        assert_eq!(choices(&sub("season"), opt::ACTION), ["start", "end"]);
        assert_eq!(choices(&sub("claim"), opt::ACTION), ["win", "draw"]);
        assert_eq!(ClaimChoice::of("draw"), Some(ClaimChoice::Draw));
        assert_eq!(choices(&sub("conditional"), opt::ACTION), ["list", "clear"]);
        let tournament = sub("tournament");
        let create = tournament["options"]
            .as_array()
            .and_then(|o| o.iter().find(|o| o["name"] == "create"))
            .cloned()
            .unwrap_or_default();
        assert_eq!(
            choices(&create, opt::FORMAT),
            ["round-robin", "double-round-robin", "swiss", ARENA]
        );
        assert_eq!(
            ConditionalAction::of("clear"),
            Some(ConditionalAction::Clear)
        );
        assert_eq!(SeasonAction::of("end"), Some(SeasonAction::End));
        assert_eq!(
            choices(&sub("leaderboard"), opt::PERIOD),
            ["season", "all-time", "puzzles"]
        );
        assert_eq!(PeriodChoice::of("all-time"), Some(PeriodChoice::AllTime));
        for subcommand in ["leaderboard", "stats"] {
            assert_eq!(
                choices(&sub(subcommand), opt::SPEED),
                ["bullet", "blitz", "rapid", "correspondence"]
            );
        }
        // The puzzle channel is a text or announcement channel (Discord's types 0 and 5).
        let server = sub("server");
        let channel = server["options"]
            .as_array()
            .and_then(|o| o.iter().find(|o| o["name"] == opt::PUZZLE_CHANNEL))
            .expect("the puzzle channel option");
        assert_eq!(channel["channel_types"], serde_json::json!([0, 5]));
        // No longer a vacation than the service allows in a year.
        assert_eq!(
            sub("vacation")["options"][0]["max_value"],
            ServiceConfig::default().vacation_days_per_year
        );
    }
}
