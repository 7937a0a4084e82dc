//! Puzzles told in words and pictures: the daily puzzle posted in a server's puzzle channel,
//! the next day's solution with who solved it first, and why a puzzle request was refused (the
//! `puzzles` catalogs).

use dama_render::RenderOptions;
use dama_rules::Move;
use dama_rules::notation::{self, Notation};

use super::alt_text;
use super::app::App;
use super::i18n::Language;
use super::interaction::Failure;
use super::notices::Told;
use super::post::{Attachment, Post};
use super::text::{self, say};
use dama_service::ids::{ChannelId, GuildId, Place, PuzzleId, UserId};
use dama_service::service::{PuzzleError, PuzzleSource, PuzzleView};

impl App {
    /// `guild`'s daily puzzle `puzzle`, for its puzzle `channel`: the board, who plays and
    /// wins, where it comes from, and how to answer.
    pub(crate) async fn tell_daily_puzzle(
        &self,
        guild: GuildId,
        puzzle: PuzzleId,
        channel: ChannelId,
        lang: Option<Language>,
    ) -> Result<Told, Failure> {
        let lang = self.puzzle_lang(guild, channel, lang).await;
        let (view, _) = self.service.puzzle_with_solution(guild, puzzle).await?;
        let mut lines = vec![say!(lang, "puzzle-daily-title", puzzle = puzzle.0)];
        lines.push(to_play(lang, &view));
        if let Some(source) = &view.source {
            lines.push(source_line(lang, source));
        }
        lines.push(say!(lang, "puzzle-daily-how"));
        let post = self
            .drawn(move |r| Post {
                content: lines.join("\n"),
                files: vec![puzzle_png(r, &view, lang, Notation::Algebraic)],
                ..Post::default()
            })
            .await?;
        Ok(Told {
            channel,
            fallback: None,
            concerned: Vec::new(),
            post,
            lang,
        })
    }

    /// The solution of `guild`'s daily puzzle `puzzle`, and who solved it first (named, not
    /// pinged).
    pub(crate) async fn tell_daily_solution(
        &self,
        guild: GuildId,
        puzzle: PuzzleId,
        channel: ChannelId,
        first: Option<UserId>,
        lang: Option<Language>,
    ) -> Result<Told, Failure> {
        let lang = self.puzzle_lang(guild, channel, lang).await;
        let (_, solution) = self.service.puzzle_with_solution(guild, puzzle).await?;
        let mut lines = vec![say!(
            lang,
            "puzzle-daily-solution",
            puzzle = puzzle.0,
            line = line_text(&solution, Notation::Algebraic),
        )];
        lines.push(match first {
            Some(user) => say!(lang, "puzzle-daily-first", member = format!("<@{user}>")),
            None => say!(lang, "puzzle-daily-nobody"),
        });
        Ok(Told {
            channel,
            fallback: None,
            concerned: Vec::new(),
            post: Post::text(lines.join("\n")),
            lang,
        })
    }

    /// `lang`, or the language of `guild`.
    async fn puzzle_lang(
        &self,
        guild: GuildId,
        channel: ChannelId,
        lang: Option<Language>,
    ) -> Language {
        match lang {
            Some(lang) => lang,
            None => {
                let place = Place {
                    guild: Some(guild),
                    channel,
                };
                self.place_lang(place).await
            }
        }
    }
}

/// "White to play and win."
pub(crate) fn to_play(lang: Language, view: &PuzzleView) -> String {
    say!(
        lang,
        "puzzle-to-play",
        colour = text::colour(lang, view.solver)
    )
}

/// Where a puzzle comes from: "From game #12, Ada – Bo, move 14."
pub(crate) fn source_line(lang: Language, source: &PuzzleSource) -> String {
    say!(
        lang,
        "puzzle-source",
        game = source.game.0,
        white = text::name(lang, &source.white),
        black = text::name(lang, &source.black),
        turn = source.ply / 2 + 1,
    )
}

/// A line of moves in `notation`, separated by spaces.
pub(crate) fn line_text(moves: &[Move], notation: Notation) -> String {
    let moves: Vec<String> = moves
        .iter()
        .map(|m| notation::format(m, notation))
        .collect();
    moves.join(" ")
}

/// The puzzle's board as a PNG, the last move of the line marked, described in words.
pub(crate) fn puzzle_png(
    renderer: &dama_render::Renderer,
    view: &PuzzleView,
    lang: Language,
    notation: Notation,
) -> Attachment {
    let options = RenderOptions::default().with_flip(view.solver == dama_rules::Color::Black);
    Attachment::picture(
        "puzzle.png",
        renderer.render_png(&view.position, &options),
        alt_text::board(lang, notation, &view.position, None, None),
    )
}

/// Why a puzzle request was refused, in words for the member.
pub(crate) fn refusal(lang: Language, e: &PuzzleError) -> String {
    match e {
        PuzzleError::NeedsServer => say!(lang, "puzzle-needs-server"),
        PuzzleError::NoneLeft => say!(lang, "puzzle-none-left"),
        PuzzleError::NotSolving => say!(lang, "puzzle-not-solving"),
        PuzzleError::NoSuchPuzzle(id) => say!(lang, "puzzle-no-such", puzzle = id.0),
        PuzzleError::NoDailyPuzzle => say!(lang, "puzzle-no-daily"),
        PuzzleError::AlreadyTried(id) => say!(lang, "puzzle-already-tried", puzzle = id.0),
        PuzzleError::TooMany { limit } => say!(lang, "puzzle-too-many", limit = *limit),
        PuzzleError::BadHour(hour) => say!(lang, "puzzle-bad-hour", hour = *hour),
        PuzzleError::Invalid(_) | PuzzleError::Corrupt { .. } => {
            text::Sentence::GenericFailure.say(lang)
        }
    }
}
