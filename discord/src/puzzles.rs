//! Puzzles told in words and pictures: the daily puzzle posted in a server's puzzle channel,
//! the next day's solution with who solved it first, and why a puzzle request was refused (the
//! `puzzles` catalogs).

use dama_render::RenderOptions;
use dama_rules::notation::{MoveText, Notation};
use dama_rules::{LastMove, Square};
use serenity::all::CreateActionRow;

use super::app::App;
use super::board;
use super::custom_id::Action;
use super::interaction::{Failure, Source};
use super::notices::Told;
use super::post::{Attachment, Post};
use dama_service::ids::{ChannelId, GuildId, Place, PuzzleId, UserId};
use dama_service::service::PuzzleView;
use dama_words::alt_text;
use dama_words::i18n::Language;
use dama_words::numbers;
use dama_words::puzzles::{line_text, source_line, to_play};
use dama_words::say;
use dama_words::text::{self, Sentence};

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
        let mut lines = vec![say!(
            lang,
            "puzzle-daily-title",
            puzzle = numbers::label(puzzle.0)
        )];
        lines.push(to_play(lang, &view));
        if let Some(source) = &view.source {
            lines.push(source_line(lang, source));
        }
        lines.push(say!(lang, "puzzle-daily-how"));
        self.puzzle_post(channel, lines, view, lang).await
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
        let (mut view, solution) = self.service.puzzle_with_solution(guild, puzzle).await?;
        let mut lines = vec![say!(
            lang,
            "puzzle-daily-solution",
            puzzle = numbers::label(puzzle.0),
            line = line_text(&solution, Notation::Algebraic),
        )];
        lines.push(match first {
            Some(user) => say!(lang, "puzzle-daily-first", member = format!("<@{user}>")),
            None => say!(lang, "puzzle-daily-nobody"),
        });
        // The board where the solution leads.
        view.position = solution.iter().fold(view.start, |p, m| p.play_unchecked(m));
        view.played.clone_from(&solution);
        self.puzzle_post(channel, lines, view, lang).await
    }

    /// A post in the puzzle `channel`: `lines`, and the board of `view`.
    async fn puzzle_post(
        &self,
        channel: ChannelId,
        lines: Vec<String>,
        view: PuzzleView,
        lang: Language,
    ) -> Result<Told, Failure> {
        let post = self
            .drawn(move |r| Post {
                content: lines.join("\n"),
                // Everyone here is a solver: the solver's side at the bottom.
                files: vec![puzzle_png(r, &view, lang, Notation::Algebraic, view.solver)],
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

    /// `lang`, or the language of `guild`.
    pub(crate) async fn puzzle_lang(
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

impl App {
    /// A piece chosen in a puzzle's piece menu (drawn after `ply` plies of the line of
    /// `puzzle`): its moves, in a menu of their own, for the member alone.
    pub(crate) async fn puzzle_pick(
        &self,
        src: &Source<'_>,
        puzzle: PuzzleId,
        ply: u32,
        square: Option<Square>,
    ) -> Result<(), Failure> {
        let lang = src.lang();
        let view = self.puzzle_as_drawn(src, puzzle, ply).await?;
        let square = square.ok_or_else(|| Failure::refused(Sentence::ChoosePiece.say(lang)))?;
        let notation = self.service.settings(src.user_id()).await?.notation;
        let menu = move_menu(&view, square, notation, lang)
            .ok_or_else(|| Failure::refused(text::piece_cannot_move(lang, square, notation)))?;
        let post = Post {
            content: text::moves_of_piece(lang, square, notation),
            components: vec![menu],
            ..Post::default()
        };
        Ok(src.respond_with(&post, true).await?)
    }

    /// A move chosen in a puzzle's move menu (drawn after `ply` plies): the puzzle's answer.
    pub(crate) async fn puzzle_play(
        &self,
        src: &Source<'_>,
        puzzle: PuzzleId,
        ply: u32,
        text: Option<MoveText>,
    ) -> Result<(), Failure> {
        let view = self.puzzle_as_drawn(src, puzzle, ply).await?;
        let text = text.ok_or_else(|| Failure::refused(Sentence::StaleButton.say(src.lang())))?;
        self.answer_puzzle(src, view.guild, &text).await
    }

    /// The member's puzzle under way, if it is `puzzle` at `ply` plies (the menu pressed was
    /// drawn for it as it stands); refused as a stale menu otherwise.
    async fn puzzle_as_drawn(
        &self,
        src: &Source<'_>,
        puzzle: PuzzleId,
        ply: u32,
    ) -> Result<PuzzleView, Failure> {
        let stale = || Failure::refused(Sentence::StaleButton.say(src.lang()));
        let guild = src.guild_id().ok_or_else(stale)?;
        let view = self
            .service
            .puzzle_under_way(src.user_id(), guild)
            .await?
            .ok_or_else(stale)?;
        if view.id != puzzle || u32::try_from(view.played.len()).ok() != Some(ply) {
            return Err(stale());
        }
        Ok(view)
    }
}

/// The first step of a puzzle's move picker, as for games: the squares of the pieces that can
/// move, each with where it can go.
pub(crate) fn piece_menu(
    view: &PuzzleView,
    notation: Notation,
    lang: Language,
) -> Option<CreateActionRow> {
    let ply = u32::try_from(view.played.len()).unwrap_or(u32::MAX);
    board::pieces_menu(
        &view.legal_moves(),
        Action::PuzzlePick(view.id, ply),
        view.solver,
        notation,
        lang,
    )
}

/// The second step: the moves of the piece on `from`, captures first, each with its full path.
fn move_menu(
    view: &PuzzleView,
    from: Square,
    notation: Notation,
    lang: Language,
) -> Option<CreateActionRow> {
    let ply = u32::try_from(view.played.len()).unwrap_or(u32::MAX);
    board::moves_menu(
        &view.legal_moves(),
        from,
        Action::PuzzlePlay(view.id, ply),
        notation,
        lang,
    )
}

/// The puzzle's board as a PNG (`view.position`, reached by `view.played` from its start),
/// `bottom`'s side at the bottom, the last move of the line marked, described in words.
pub(crate) fn puzzle_png(
    renderer: &dama_render::Renderer,
    view: &PuzzleView,
    lang: Language,
    notation: Notation,
    bottom: dama_rules::Color,
) -> Attachment {
    let last = view.played.split_last().map(|(mv, before)| {
        let before = before.iter().fold(view.start, |p, m| p.play_unchecked(m));
        LastMove::new(before, *mv)
    });
    let options = RenderOptions::default()
        .with_flip(bottom == dama_rules::Color::Black)
        .with_last_move(last);
    Attachment::picture(
        "puzzle.png",
        renderer.render_png(&view.position, &options),
        alt_text::board(lang, notation, &view.position, last.as_ref(), None),
    )
}
