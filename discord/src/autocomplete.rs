//! Autocomplete: the legal moves of the player's game as they type, and their games.

use std::cmp::Reverse;

use dama_rules::Move;
use dama_rules::notation::{self, Notation};
use serenity::all::{
    CommandInteraction, CreateAutocompleteResponse, CreateInteractionResponse, Http,
};

use super::app::App;
use super::args::Args;
use super::commands::opt;
use super::interaction::Failure;
use dama_service::ids::{ChannelId, GameId, GuildId, Place, UserId};
use dama_service::model::LiveClock;
use dama_service::service::{GameFilter, GameView};
use dama_service::tournament::{Status, Tournament};
use dama_words::i18n::Language;
use dama_words::text;

/// Discord shows at most 25 suggestions.
const CHOICES: usize = 25;

/// One suggestion: what is shown, and the option value it fills in.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Choice {
    Text(String),
    /// A word shown for a value: a clock with its speed ("5+3 (blitz)" for "5+3").
    Named {
        label: String,
        value: String,
    },
    /// A game or a tournament, by its number.
    Game {
        label: String,
        id: i64,
    },
}

impl App {
    /// Answers an autocomplete request; a player who cannot move (or any failure) gets no
    /// suggestions, and the command itself then says why.
    pub(crate) async fn autocomplete(&self, http: &Http, command: &CommandInteraction) {
        let choices = match self.suggest(command).await {
            Ok(choices) => choices,
            Err(failure) => {
                if failure.is_internal() {
                    tracing::error!(error = %failure, "autocomplete failed");
                }
                Vec::new()
            }
        };
        let response =
            choices
                .into_iter()
                .fold(
                    CreateAutocompleteResponse::new(),
                    |response, choice| match choice {
                        Choice::Text(text) => response.add_string_choice(text.clone(), text),
                        Choice::Named { label, value } => response.add_string_choice(label, value),
                        Choice::Game { label, id } => response.add_int_choice(label, id),
                    },
                );
        let answer = CreateInteractionResponse::Autocomplete(response);
        if let Err(e) = command.create_response(http, answer).await {
            self.metrics.refusals().failed(&e);
            tracing::warn!(error = %e, "cannot answer an autocomplete");
        }
    }

    /// The language the one typing reads, by the service's rule (the one they chose, else
    /// their client's); their client's when it cannot be read.
    async fn reader_of(&self, command: &CommandInteraction) -> Language {
        let locale = Language::from_locale(&command.locale);
        let user = UserId(command.user.id.get());
        match self.service.reader_language(Some(user), locale).await {
            Ok(language) => language,
            Err(e) => {
                tracing::warn!(error = %e, "cannot read a member's language");
                locale
            }
        }
    }

    async fn suggest(&self, command: &CommandInteraction) -> Result<Vec<Choice>, Failure> {
        // An option is never refused while being typed: the language of refusals is moot.
        let args = Args::of(command, Language::En);
        let (Some(args), Some(focused)) = (args, command.data.autocomplete()) else {
            return Ok(Vec::new());
        };
        let user = UserId(command.user.id.get());
        match focused.name {
            opt::MOVE => {
                let channel = ChannelId(command.channel_id.get());
                let guild = command.guild_id.map(|g| GuildId(g.get()));
                self.suggest_moves(user, channel, guild, args.int(opt::GAME), focused.value)
                    .await
            }
            opt::GAME => {
                let lang = self.reader_of(command).await;
                self.suggest_games(user, focused.value, lang).await
            }
            opt::CLOCK => Ok(clock_choices(self.reader_of(command).await, focused.value)),
            opt::TOURNAMENT => {
                let Some(guild) = command.guild_id else {
                    return Ok(Vec::new());
                };
                let place = Place {
                    guild: Some(GuildId(guild.get())),
                    channel: ChannelId(command.channel_id.get()),
                };
                let statuses = [Status::Open, Status::Running, Status::Finished];
                let found = self
                    .service
                    .tournaments(place.guild, &statuses, u32::try_from(CHOICES).unwrap_or(25))
                    .await?;
                Ok(tournament_choices(&found, focused.value))
            }
            _ => Ok(Vec::new()),
        }
    }

    async fn suggest_moves(
        &self,
        user: UserId,
        channel: ChannelId,
        guild: Option<GuildId>,
        game: Option<i64>,
        typed: &str,
    ) -> Result<Vec<Choice>, Failure> {
        // A puzzle under way takes `/dama move` without a game (see `puzzle_in_hand`).
        if game.is_none()
            && let Some(guild) = guild
            && let Some(puzzle) = self.service.puzzle_under_way(user, guild).await?
        {
            let notation = self.service.settings(user).await?.notation;
            return Ok(move_choices(&puzzle.legal_moves(), notation, typed)
                .into_iter()
                .map(Choice::Text)
                .collect());
        }
        let game = match game {
            Some(id) => GameId(id),
            None => self.service.game_in_channel(user, channel).await?.id,
        };
        let moves = self.service.legal_moves_for(game, user).await?;
        let notation = self.service.settings(user).await?.notation;
        Ok(move_choices(&moves, notation, typed)
            .into_iter()
            .map(Choice::Text)
            .collect())
    }

    async fn suggest_games(
        &self,
        user: UserId,
        typed: &str,
        lang: Language,
    ) -> Result<Vec<Choice>, Failure> {
        let games = self
            .service
            .active_games(user, GameFilter::Anywhere)
            .await?;
        Ok(game_choices(&games, user, typed, lang))
    }
}

/// `text` lower-cased without separators, so "D3d4", "d3-d4" and "d3 d4" compare equal.
fn squeeze(text: &str) -> String {
    text.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// The moves whose text in `notation` starts with what was typed: captures first (the most
/// pieces first), then in board order, at most 25.
fn move_choices(moves: &[Move], notation: Notation, typed: &str) -> Vec<String> {
    let typed = squeeze(typed);
    let mut found: Vec<(Reverse<u32>, String)> = moves
        .iter()
        .map(|m| (Reverse(m.capture_count()), notation::format(m, notation)))
        .filter(|(_, text)| squeeze(text).starts_with(&typed))
        .collect();
    found.sort();
    found.dedup();
    found
        .into_iter()
        .take(CHOICES)
        .map(|(_, text)| text)
        .collect()
}

/// The player's active games matching what was typed (a game number, or part of the
/// opponent's name), their turn first, labelled in `lang`.
fn game_choices(games: &[GameView], user: UserId, typed: &str, lang: Language) -> Vec<Choice> {
    let typed = typed.trim().trim_start_matches('#').to_lowercase();
    let mut found: Vec<(bool, Choice)> = games
        .iter()
        .filter_map(|view| {
            let opponent = view
                .color_of(user)
                .map(|c| view.participant(c.opposite()))
                .map(|p| p.name().into_owned())?;
            let matches = typed.is_empty()
                || view.id.to_string().starts_with(&typed)
                || opponent.to_lowercase().contains(&typed);
            let my_turn = view.user_to_move() == Some(user);
            let label = text::game_choice(lang, view.id, &opponent, my_turn);
            let label: String = label.chars().take(100).collect();
            matches.then_some((
                !my_turn,
                Choice::Game {
                    label,
                    id: view.id.0,
                },
            ))
        })
        .collect();
    found.sort_by_key(|(not_my_turn, _)| *not_my_turn);
    found
        .into_iter()
        .take(CHOICES)
        .map(|(_, choice)| choice)
        .collect()
}

/// The server's tournaments whose number or name matches what was typed, newest first.
fn tournament_choices(found: &[Tournament], typed: &str) -> Vec<Choice> {
    let typed = typed.trim().trim_start_matches('#').to_lowercase();
    found
        .iter()
        .filter(|t| {
            typed.is_empty()
                || t.id.to_string().starts_with(&typed)
                || t.name.to_lowercase().contains(&typed)
        })
        .map(|t| Choice::Game {
            label: format!("#{} {}", t.id, t.name).chars().take(100).collect(),
            id: t.id.0,
        })
        .take(CHOICES)
        .collect()
}

/// The live clocks to offer for `typed`: the one typed first when it is a clock of its own
/// (`7+2`), then the presets that start with what was typed, each with its speed.
fn clock_choices(lang: Language, typed: &str) -> Vec<Choice> {
    let typed = typed.trim();
    let named = |clock: LiveClock| Choice::Named {
        label: text::clock_choice(lang, clock),
        value: clock.to_string(),
    };
    let custom = typed
        .parse::<LiveClock>()
        .ok()
        .filter(|clock| !clock.is_preset());
    custom
        .into_iter()
        .chain(
            LiveClock::PRESETS
                .into_iter()
                .filter(|clock| clock.to_string().starts_with(typed)),
        )
        .map(named)
        .take(CHOICES)
        .collect()
}

#[cfg(test)]
mod tests {
    use dama_rules::{Position, Rules};

    use super::*;

    #[test]
    fn the_clock_suggests_the_presets_and_the_custom_clock_typed() {
        let values = |typed| -> Vec<String> {
            clock_choices(Language::En, typed)
                .into_iter()
                .map(|c| match c {
                    Choice::Named { value, .. } => value,
                    other => panic!("{other:?}"),
                })
                .collect()
        };
        assert_eq!(values("").len(), LiveClock::PRESETS.len());
        assert_eq!(values("3"), ["3+0", "3+2", "30+0", "30+20"]);
        assert_eq!(values("3+"), ["3+0", "3+2"]);
        assert_eq!(values("7+2"), ["7+2"]);
        assert_eq!(values("5+3"), ["5+3"]);
        assert!(values("31+0").is_empty());
        let Some(Choice::Named { label, .. }) = clock_choices(Language::Tr, "5+3").pop() else {
            panic!("a choice");
        };
        assert_eq!(label, "5+3 (blitz)");
    }

    #[test]
    fn typed_text_filters_moves_in_the_players_notation() {
        let start = Position::start();
        let moves = start.legal_moves_under(Rules::STANDARD);
        assert_eq!(move_choices(&moves, Notation::Algebraic, "d3"), ["d3-d4"]);
        assert_eq!(move_choices(&moves, Notation::Algebraic, "D3D"), ["d3-d4"]);
        // d3 is 44 and d4 is 36 in the square numbering (docs/rules.md#square-numbers).
        assert_eq!(move_choices(&moves, Notation::Numeric, "44"), ["44-36"]);
        assert_eq!(
            move_choices(&moves, Notation::Algebraic, "").len(),
            moves.len()
        );
        assert!(move_choices(&moves, Notation::Algebraic, "h8").is_empty());
    }

    #[test]
    fn a_compulsory_capture_is_the_only_suggestion_and_at_most_25_are_offered() {
        // White: a king on a1 with an open board, and a man on d4 that can capture.
        let pos: Position = "8/8/8/3b4/3w4/8/8/W7 w".parse().expect("position");
        let moves = pos.legal_moves_under(Rules::STANDARD);
        let choices = move_choices(&moves, Notation::Algebraic, "");
        // A capture is compulsory, so only the capture is legal.
        assert_eq!(choices, ["d4xd6"]);
        let open: Position = "7b/8/8/8/3W4/8/8/W6W w".parse().expect("position");
        let many = open.legal_moves_under(Rules::STANDARD);
        assert!(many.len() > 25, "{} moves", many.len());
        assert_eq!(move_choices(&many, Notation::Algebraic, "").len(), 25);
    }
}
