//! Game reviews on Discord: the **Review** button under a result and `/dama review [game]`
//! ask the service for the review; while the computer works, the answer shows its progress;
//! the finished review is posted in the game's thread (from the outbox, so a restart loses
//! nothing) with each side's moves by class, the mistakes with the better move, an evaluation
//! graph, the critical moments as boards with the better move marked, and an annotated PDN.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use dama_engine::review::{MoveClass, Review};
use dama_render::{GraphOptions, Renderer};
use dama_rules::notation::{self, Notation};
use dama_rules::{Color, Game, LastMove, Move};
use serenity::all::{EditInteractionResponse, Http};
use serenity::builder::Builder;

use super::alt_text;
use super::app::{App, game_channel};
use super::args::Args;
use super::board::Viewpoint;
use super::commands::opt;
use super::i18n::Language;
use super::interaction::{Failure, Source};
use super::notices::Told;
use super::post::{ALT_TEXT_LIMIT, Attachment, Post, cut_to};
use super::text::{self, say};
use dama_service::ids::{GameId, UserId};
use dama_service::service::{GameReview, GameView, ReviewState};

/// Critical moments shown as boards.
const MOMENTS: usize = 3;
/// Mistakes and blunders listed in the message (the PDN has them all).
const LISTED: usize = 8;
/// How often the worker looks for waiting reviews when nobody wakes it.
const POLL: Duration = Duration::from_secs(5);

/// The answers showing a review's progress, by game: interaction tokens to edit while the
/// computer works (best effort: a token lasts 15 minutes, and a restart forgets them).
#[derive(Debug, Default)]
pub(crate) struct Watchers {
    answers: Mutex<HashMap<GameId, Vec<(String, Language)>>>,
}

impl Watchers {
    fn watch(&self, game: GameId, token: String, lang: Language) {
        if let Ok(mut answers) = self.answers.lock() {
            answers.entry(game).or_default().push((token, lang));
        }
    }

    fn of(&self, game: GameId) -> Vec<(String, Language)> {
        self.answers
            .lock()
            .map(|a| a.get(&game).cloned().unwrap_or_default())
            .unwrap_or_default()
    }

    fn forget(&self, game: GameId) -> Vec<(String, Language)> {
        self.answers
            .lock()
            .map(|mut a| a.remove(&game).unwrap_or_default())
            .unwrap_or_default()
    }
}

impl App {
    /// `/dama review [game]`: the game named, else the game of this thread.
    pub(crate) async fn review_command(
        &self,
        src: &Source<'_>,
        args: &Args<'_>,
    ) -> Result<(), Failure> {
        let view = self.chosen_game(src, args.int(opt::GAME)).await?;
        self.ask_review(src, view.id).await
    }

    /// `src`'s user asks for the review of `game`: the review itself when it is done, else
    /// its progress, kept up to date while the computer works.
    pub(crate) async fn ask_review(&self, src: &Source<'_>, game: GameId) -> Result<(), Failure> {
        let state = self
            .service
            .request_review(game, src.user_id(), src.place())
            .await?;
        match state {
            ReviewState::Ready(review) => {
                let view = self.service.game(game).await?;
                let post = self.review_post(&view, &review, src.lang()).await?;
                Ok(src.respond_with(&post, false).await?)
            }
            ReviewState::Pending { done, total, .. } => {
                let words = progress(src.lang(), game, done, total);
                src.respond_with(&Post::text(words), false).await?;
                self.reviews.watch(game, src.token().to_owned(), src.lang());
                self.review_bell.notify_one();
                Ok(())
            }
        }
    }

    /// Does the waiting reviews, one at a time, until the task is aborted; woken when a review
    /// is asked for, and every few seconds otherwise (a review left by a restart).
    pub(crate) async fn review_worker(self: Arc<App>, http: Arc<Http>) {
        loop {
            let shown = Arc::clone(&self);
            let edits = Arc::clone(&http);
            let progress = move |game: GameId, done: u32, total: u32| {
                // About every tenth of the way, and at the end.
                if done != total && !done.is_multiple_of((total / 10).max(1)) {
                    return;
                }
                for (token, lang) in shown.reviews.of(game) {
                    let edit =
                        EditInteractionResponse::new().content(progress(lang, game, done, total));
                    let http = Arc::clone(&edits);
                    tokio::spawn(async move {
                        if let Err(e) = edit.execute(&http, &token).await {
                            tracing::debug!(%game, error = %e, "cannot show a review's progress");
                        }
                    });
                }
            };
            match self.service.run_next_review(progress).await {
                Ok(Some(game)) => {
                    tracing::info!(%game, "reviewed");
                    self.wake.notify_one();
                    continue;
                }
                Ok(None) => {}
                Err(e) => tracing::error!(error = %e, "the review worker failed"),
            }
            tokio::select! {
                () = self.review_bell.notified() => {}
                () = tokio::time::sleep(POLL) => {}
            }
        }
    }

    /// The finished review of `game` that `by` asked for, told in its thread, pinging them.
    pub(crate) async fn tell_review(
        &self,
        game: GameId,
        by: UserId,
        lang: Option<Language>,
    ) -> Result<Told, Failure> {
        let view = self.service.game(game).await?;
        let lang = match lang {
            Some(lang) => lang,
            None => self.place_lang(view.place).await,
        };
        let review = self.service.review(game).await?.ok_or(Failure::Service(
            dama_service::service::ServiceError::NoSuchGame(game),
        ))?;
        let mut post = self.review_post(&view, &review, lang).await?;
        post.content = format!(
            "{}\n{}",
            say!(lang, "review-for", user = format!("<@{by}>")),
            post.content
        );
        post.pings = vec![by];
        let channel = game_channel(&view);
        Ok(Told {
            channel,
            fallback: view.thread.map(|_| view.place.channel),
            concerned: vec![by],
            post,
            lang,
        })
    }

    /// The review of `game` went out in `channel`: the answers that showed its progress now
    /// point there.
    pub(crate) async fn review_delivered(&self, http: &Http, game: GameId, channel: u64) {
        for (token, lang) in self.reviews.forget(game) {
            let link = format!("<#{channel}>");
            let words = say!(lang, "review-ready-below", game = game.0, link = link);
            let edit = EditInteractionResponse::new().content(words);
            if let Err(e) = edit.execute(http, &token).await {
                tracing::debug!(%game, error = %e, "cannot point to a review");
            }
        }
    }

    /// The review of `view` as a post in `lang`: words, the graph, the critical boards, the PDN.
    async fn review_post(
        &self,
        view: &GameView,
        review: &GameReview,
        lang: Language,
    ) -> Result<Post, Failure> {
        let (_, history) = self.service.game_at(view.id, view.ply).await?;
        let viewpoint = self.public_viewpoint(view, lang).await?;
        let (view, review) = (view.clone(), review.clone());
        self.drawn(move |r| review_post(r, &view, &review, &history, viewpoint))
            .await
    }
}

/// "Reviewing game #12: 40 of 101 positions searched…"
fn progress(lang: Language, game: GameId, done: u32, total: u32) -> String {
    say!(
        lang,
        "review-progress",
        game = game.0,
        done = done,
        total = total
    )
}

/// The move number and mover of ply `i` (from 0): `14.` for White, `14…` for Black.
fn numbered(i: usize) -> String {
    let number = i / 2 + 1;
    if i.is_multiple_of(2) {
        format!("{number}.")
    } else {
        format!("{number}…")
    }
}

/// An evaluation in men, White's side: `+0.35`.
fn men(value: i32) -> String {
    let sign = if value < 0 { '-' } else { '+' };
    let v = value.unsigned_abs();
    format!("{sign}{}.{:02}", v / 100, v % 100)
}

fn class_word(lang: Language, class: MoveClass) -> String {
    match class {
        MoveClass::Best => say!(lang, "review-class-best"),
        MoveClass::Good => say!(lang, "review-class-good"),
        MoveClass::Inaccuracy => say!(lang, "review-class-inaccuracy"),
        MoveClass::Mistake => say!(lang, "review-class-mistake"),
        MoveClass::Blunder => say!(lang, "review-class-blunder"),
    }
}

/// One side's count of moves by class.
fn side_line(lang: Language, review: &Review, view: &GameView, colour: Color) -> String {
    let count = |class| review.count(colour, class);
    say!(
        lang,
        "review-side",
        colour = text::colour(lang, colour),
        name = text::escape(&view.participant(colour).name()),
        best = count(MoveClass::Best),
        good = count(MoveClass::Good),
        inaccuracies = count(MoveClass::Inaccuracy),
        mistakes = count(MoveClass::Mistake),
        blunders = count(MoveClass::Blunder),
    )
}

fn move_text(m: &Move, notation: Notation) -> String {
    notation::format(m, notation)
}

/// The post: heading, each side's counts, the mistakes and blunders with the better move, the
/// thresholds; the graph, the critical boards and the annotated PDN attached.
fn review_post(
    renderer: &Renderer,
    view: &GameView,
    game: &GameReview,
    history: &Game,
    viewpoint: Viewpoint,
) -> Post {
    let (lang, notation) = (viewpoint.lang, viewpoint.notation);
    let review = &game.review;
    let mut lines = vec![
        say!(lang, "review-heading", game = view.id.0),
        side_line(lang, review, view, Color::White),
        side_line(lang, review, view, Color::Black),
    ];
    let bad: Vec<(usize, &dama_engine::review::ReviewedMove)> = review
        .moves
        .iter()
        .enumerate()
        .filter(|(_, m)| m.class >= MoveClass::Mistake)
        .collect();
    if bad.is_empty() {
        lines.push(say!(lang, "review-no-mistakes"));
    } else {
        lines.push(say!(lang, "review-mistakes"));
        for (i, m) in bad.iter().take(LISTED) {
            let better = m
                .better
                .map_or_else(|| "—".to_owned(), |b| move_text(&b, notation));
            lines.push(say!(
                lang,
                "review-mistake-line",
                number = numbered(*i),
                played = move_text(&m.mv, notation),
                class = class_word(lang, m.class),
                before = men(m.before),
                after = men(m.after),
                better = better,
            ));
        }
        if bad.len() > LISTED {
            lines.push(say!(lang, "review-more", count = bad.len() - LISTED));
        }
    }
    lines.push(say!(lang, "review-thresholds", nodes = game.nodes));

    let moments = review.critical(MOMENTS);
    let mut files = Vec::new();
    let mut evals: Vec<f32> = Vec::with_capacity(review.moves.len() + 1);
    evals.push(
        review
            .moves
            .first()
            .map_or(0.0, |m| m.before as f32 / 100.0),
    );
    evals.extend(review.moves.iter().map(|m| m.after as f32 / 100.0));
    let graph = GraphOptions::default()
        .with_colors(viewpoint.render_options().colors)
        .with_marks(moments.iter().map(|&i| i + 1).collect());
    match renderer.render_eval_graph(&evals, &graph) {
        Ok(png) => {
            let words = cut_to(
                &say!(
                    lang,
                    "review-graph-alt",
                    game = view.id.0,
                    plies = review.moves.len(),
                    start = men(review.moves.first().map_or(0, |m| m.before)),
                    end = men(review.moves.last().map_or(0, |m| m.after)),
                ),
                ALT_TEXT_LIMIT,
            );
            files.push(Attachment::picture(
                format!("dama-game-{}-graph.png", view.id),
                png,
                words,
            ));
        }
        Err(e) => tracing::warn!(game = %view.id, error = %e, "no evaluation graph"),
    }
    if !moments.is_empty() {
        lines.push(say!(lang, "review-moments"));
    }
    for (n, &i) in moments.iter().enumerate() {
        let (Some(m), Some(before)) = (review.moves.get(i), history.positions().get(i)) else {
            continue;
        };
        let shown = m.better.unwrap_or(m.mv);
        let options = viewpoint
            .render_options()
            .with_last_move(LastMove::new(*before, shown));
        let png = renderer.render_png(before, &options);
        let words = cut_to(
            &say!(
                lang,
                "review-moment-alt",
                number = numbered(i),
                game = view.id.0,
                colour = text::colour(lang, m.mover),
                played = move_text(&m.mv, notation),
                marked = move_text(&shown, notation),
                position = alt_text::board(lang, notation, before, None, None),
            ),
            ALT_TEXT_LIMIT,
        );
        files.push(Attachment::picture(
            format!("moment-{}.png", n + 1),
            png,
            words,
        ));
        lines.push(say!(
            lang,
            "review-moment-line",
            n = n + 1,
            number = numbered(i),
            played = move_text(&m.mv, notation),
            marked = move_text(&shown, notation),
        ));
    }
    files.push(Attachment::file(
        format!("dama-game-{}-review.pdn", view.id),
        game.pdn.clone().into_bytes(),
    ));
    Post {
        content: lines.join("\n"),
        files,
        ..Post::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_numbered_as_in_a_score_sheet() {
        assert_eq!(numbered(0), "1.");
        assert_eq!(numbered(1), "1…");
        assert_eq!(numbered(26), "14.");
        assert_eq!(men(-105), "-1.05");
        assert_eq!(men(35), "+0.35");
    }
}
