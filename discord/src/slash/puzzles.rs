//! `/dama puzzle`: a puzzle from the server's own games, for the member alone (ephemeral), and
//! its answers through `/dama move`; `/dama leaderboard period:puzzles`; the daily puzzle's
//! channel in `/dama server`. The words are in the `puzzles` catalogs.

use std::time::Duration;

use dama_rules::notation::MoveText;
#[cfg(test)]
use dama_rules::notation::Notation;
use serenity::all::{CreateAllowedMentions, CreateMessage};

use crate::app::App;
use crate::args::Args;
use crate::commands::{WebSwitch, opt};
use crate::delivery::{Refusal, refusal};
use crate::interaction::{Failure, Source};
use crate::post::Post;
use crate::puzzles::{piece_menu, puzzle_png};
use dama_service::ids::{ChannelId, GuildId};
use dama_service::service::{PuzzleAnswer, PuzzleChoice, PuzzleView};
use dama_words::i18n::Language;
use dama_words::numbers;
use dama_words::puzzles::{answer_lines, line_text, source_line, to_play};
use dama_words::say;
use dama_words::text::{self, Sentence, escape};

/// Members shown on the puzzle leaderboard.
const LEADERBOARD_SIZE: u32 = 10;

impl App {
    /// `/dama puzzle [daily]`: the member's puzzle under way, else a new one near their puzzle
    /// rating (or the server's daily puzzle), for them alone.
    pub(super) async fn puzzle(&self, src: &Source<'_>, args: &Args<'_>) -> Result<(), Failure> {
        let choice = if args.bool(opt::DAILY) == Some(true) {
            PuzzleChoice::Daily
        } else {
            PuzzleChoice::Next
        };
        let started = self
            .service
            .start_puzzle(&src.player(), src.guild_id(), choice)
            .await?;
        let settings = self.service.settings(src.user_id()).await?;
        let notation = settings.notation;
        let lang = src.lang();
        let mut lines = vec![title(lang, &started.puzzle)];
        if started.resumed {
            lines.push(say!(lang, "puzzle-resumed"));
        }
        lines.push(to_play(lang, &started.puzzle));
        if let Some(source) = &started.puzzle.source {
            lines.push(source_line(lang, source));
        }
        if !started.puzzle.played.is_empty() {
            lines.push(say!(
                lang,
                "puzzle-so-far",
                line = line_text(&started.puzzle.played, notation)
            ));
        }
        lines.push(say!(lang, "puzzle-how"));
        let view = started.puzzle;
        let guild = view.guild;
        let post = self
            .puzzle_answer(lines, view, &settings, lang, true)
            .await?;
        let post = self.with_puzzle_link(post, guild, lang);
        Ok(src.respond_with(&post, true).await?)
    }

    /// The puzzle `src`'s member has under way on this server, if any: what `/dama move`
    /// answers when it names no game (a try under way is short and the member's own; a game
    /// is still reached by naming it or by its board's menus).
    pub(super) async fn puzzle_in_hand(
        &self,
        src: &Source<'_>,
    ) -> Result<Option<(GuildId, PuzzleView)>, Failure> {
        let Some(guild) = src.guild_id() else {
            return Ok(None);
        };
        Ok(self
            .service
            .puzzle_under_way(src.user_id(), guild)
            .await?
            .map(|view| (guild, view)))
    }

    /// `/dama move` answering the member's puzzle: right (the reply and the board), solved, or
    /// wrong (the solution and its board), for them alone.
    pub(crate) async fn answer_puzzle(
        &self,
        src: &Source<'_>,
        guild: GuildId,
        text: &MoveText,
    ) -> Result<(), Failure> {
        let answer = self
            .service
            .answer_puzzle(src.user_id(), guild, text)
            .await?;
        let settings = self.service.settings(src.user_id()).await?;
        let notation = settings.notation;
        let lang = src.lang();
        let lines = answer_lines(lang, &answer, notation);
        let (view, goes_on) = match answer {
            PuzzleAnswer::Correct { puzzle, .. } => (puzzle, true),
            PuzzleAnswer::Solved { puzzle, .. } => (puzzle, false),
            PuzzleAnswer::Failed {
                solution, puzzle, ..
            } => {
                // The board shows where the solution leads.
                let mut puzzle = puzzle;
                puzzle.position = solution
                    .iter()
                    .fold(puzzle.start, |p, m| p.play_unchecked(m));
                puzzle.played = solution;
                (puzzle, false)
            }
        };
        let post = self
            .puzzle_answer(lines, view, &settings, lang, goes_on)
            .await?;
        Ok(src.respond_with(&post, true).await?)
    }

    /// The private answer about a puzzle: `lines`, its board as the solver with `settings`
    /// sees it, and, while the try `goes_on`, the menu to pick the next move's piece.
    async fn puzzle_answer(
        &self,
        lines: Vec<String>,
        view: PuzzleView,
        settings: &dama_service::model::PlayerSettings,
        lang: Language,
        goes_on: bool,
    ) -> Result<Post, Failure> {
        let notation = settings.notation;
        let bottom = settings.bottom(Some(view.solver));
        let components = if goes_on {
            piece_menu(&view, notation, lang).into_iter().collect()
        } else {
            Vec::new()
        };
        self.drawn(move |r| Post {
            content: lines.join("\n"),
            files: vec![puzzle_png(r, &view, lang, notation, bottom)],
            components,
            ..Post::default()
        })
        .await
    }

    /// `/dama leaderboard period:puzzles`: the server's best puzzle ratings.
    pub(super) async fn puzzle_leaderboard(&self, src: &Source<'_>) -> Result<(), Failure> {
        let Some(guild) = src.guild_id() else {
            return Err(Failure::refused(Sentence::ServerOnly.say(src.lang())));
        };
        let board = self
            .service
            .puzzle_leaderboard(guild, LEADERBOARD_SIZE)
            .await?;
        let lang = src.lang();
        let mut lines = vec![say!(lang, "puzzle-leaderboard")];
        if board.is_empty() {
            let min = self.service.config().puzzle_leaderboard_min_tries;
            lines.push(say!(lang, "puzzle-leaderboard-empty", min = min));
        }
        for (rank, leader) in (1_u32..).zip(&board) {
            lines.push(say!(
                lang,
                "puzzle-leaderboard-line",
                rank = rank,
                name = escape(&leader.name),
                rating = numbers::rating(lang, leader.stats.rating.rating),
                solved = leader.stats.solved,
                tries = leader.stats.tries,
                streak = leader.stats.streak,
            ));
        }
        Ok(src
            .respond_with(&Post::text(lines.join("\n")), false)
            .await?)
    }

    /// The daily puzzle's channel and hour from `/dama server`'s options, when given: set, and
    /// told in `lang`.
    pub(super) async fn set_daily_puzzle(
        &self,
        src: &Source<'_>,
        guild: GuildId,
        args: &Args<'_>,
        lang: Language,
    ) -> Result<Option<String>, Failure> {
        let channel = args.channel(opt::PUZZLE_CHANNEL).map(ChannelId);
        let hour = args
            .int(opt::PUZZLE_HOUR)
            .map(|h| u8::try_from(h).unwrap_or(u8::MAX));
        let switch = match args.str(opt::DAILY_PUZZLE) {
            None => None,
            Some(word) => Some(
                WebSwitch::of(word)
                    .ok_or_else(|| Failure::refused(text::unknown_choice(lang, word)))?,
            ),
        };
        if channel.is_none() && hour.is_none() && switch.is_none() {
            return Ok(None);
        }
        let current = self.service.puzzle_settings(guild).await?;
        let channel = match switch {
            Some(WebSwitch::Off) => None,
            _ => channel.or(current.channel),
        };
        if switch == Some(WebSwitch::On) && channel.is_none() {
            return Err(Failure::refused(say!(lang, "puzzle-channel-needed")));
        }
        let settings = self
            .service
            .set_puzzle_channel(guild, src.authority(), channel, hour)
            .await?;
        Ok(Some(match settings.channel {
            Some(channel) => {
                let set = say!(
                    lang,
                    "puzzle-channel-set",
                    channel = format!("<#{channel}>"),
                    hour = settings.hour
                );
                if self
                    .greets_puzzle_channel(src, guild, channel, settings.hour)
                    .await
                {
                    set
                } else {
                    let cannot = say!(
                        lang,
                        "puzzle-channel-cannot-post",
                        channel = format!("<#{channel}>")
                    );
                    format!("{set}\n{cannot}")
                }
            }
            None => say!(lang, "puzzle-channel-none", hour = settings.hour),
        }))
    }

    /// Tells `channel`, just chosen for `guild`'s daily puzzle, when the puzzles come: the
    /// proof that the bot may post there. `false` only when Discord says it may not (the
    /// delivery worker's [`Refusal::Gone`]: a channel the bot cannot see or write in); any
    /// other failure, or no answer within [`GREETING_WAIT`], is no sign either way.
    async fn greets_puzzle_channel(
        &self,
        src: &Source<'_>,
        guild: GuildId,
        channel: ChannelId,
        hour: u8,
    ) -> bool {
        let lang = self.puzzle_lang(guild, channel, None).await;
        let message = CreateMessage::new()
            .content(say!(lang, "puzzle-channel-hello", hour = hour))
            .allowed_mentions(CreateAllowedMentions::new());
        let sent = serenity::all::ChannelId::new(channel.0).send_message(src.http(), message);
        let sent = tokio::time::timeout(GREETING_WAIT, sent).await;
        if let Ok(Err(e)) = &sent {
            src.refusals().failed(e);
        }
        match sent {
            Ok(Err(e)) => match refusal(&e) {
                Refusal::Gone(why) => {
                    tracing::info!(%guild, %channel, %why, "the bot may not post in the puzzle channel chosen");
                    false
                }
                other => {
                    tracing::warn!(%guild, %channel, error = ?other, "cannot greet the puzzle channel");
                    true
                }
            },
            Ok(Ok(_)) | Err(_) => true,
        }
    }
}

/// How long choosing the puzzle channel waits for its greeting to be posted, within the three
/// seconds Discord gives the command's answer.
const GREETING_WAIT: Duration = Duration::from_millis(1500);

/// "🧩 Puzzle #12 (rated 1450), a shot."
fn title(lang: Language, view: &PuzzleView) -> String {
    say!(
        lang,
        "puzzle-title",
        puzzle = numbers::label(view.id.0),
        rating = numbers::rating(lang, view.rating.rating),
        theme = view.theme.clone().unwrap_or_else(|| "none".to_owned()),
    )
}

/// "Your puzzle rating: 1500 → 1620. Streak: 3 days."
#[cfg(test)]
mod tests {
    use super::*;
    use dama_rules::Position;
    use dama_rules::notation::resolve_str;

    #[test]
    fn a_line_is_written_move_after_move_in_the_readers_notation() {
        let start = Position::default();
        let first = resolve_str(&start, "c3-c4").expect("legal");
        let second = resolve_str(&start.play_unchecked(&first), "a6-a5").expect("legal");
        assert_eq!(
            line_text(&[first, second], Notation::Algebraic),
            "c3-c4 a6-a5"
        );
        assert_eq!(line_text(&[first], Notation::Numeric), "43-35");
    }
}
