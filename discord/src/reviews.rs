//! Game reviews on Discord: the **Review** button under a result and `/dama review [game]`
//! ask the service for the review; while the computer works, the answer shows its progress;
//! the finished review is posted in the game's thread (from the outbox, so a restart loses
//! nothing) with each side's moves by class, the mistakes with the better move, an evaluation
//! graph, the critical moments as boards with the better move marked, and an annotated PDN.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::time::Instant;

use dama_render::{GraphOptions, Renderer};
use dama_rules::notation::{self, Notation};
use dama_rules::{Color, Game, LastMove, Move};
use dama_service::model::review::{MoveClass, Review};
use serenity::all::{EditInteractionResponse, Http};
use serenity::builder::Builder;

use super::app::App;
use super::args::Args;
use super::board::Viewpoint;
use super::commands::opt;
use super::interaction::{Failure, Source};
use super::notices::{Told, in_game};
use super::post::{ALT_TEXT_LIMIT, Attachment, Post, cut_to};
use dama_service::ids::{GameId, UserId};
use dama_service::service::{GameReview, GameView, Notice, ReviewRun, ReviewState};
use dama_words::alt_text;
use dama_words::i18n::Language;
use dama_words::numbers;
use dama_words::say;
use dama_words::text::{self};

/// Critical moments shown as boards.
const MOMENTS: usize = 3;
/// Mistakes and blunders listed in the message (the PDN has them all).
const LISTED: usize = 8;
/// How often the worker looks for waiting reviews when nobody wakes it.
const POLL: Duration = Duration::from_secs(5);

/// Answers kept up to date per game: the newest of each member's, and a few members' in all.
const WATCHERS_PER_GAME: usize = 5;
/// How long an answer is kept up to date: its interaction token lasts 15 minutes, and an edit
/// sent in the last moment would fail.
const TOKEN_KEPT: Duration = Duration::from_secs(14 * 60);

/// An answer showing a review's progress: the interaction token to edit it with.
#[derive(Debug, Clone)]
struct Watcher {
    user: UserId,
    token: String,
    lang: Language,
    since: Instant,
}

/// The answers showing a review's progress, by game: interaction tokens to edit while the
/// computer works (best effort: a restart forgets them). Bounded however often the Review
/// button is pressed: one answer per member and game (the newest), [`WATCHERS_PER_GAME`] per
/// game (the newest), none older than [`TOKEN_KEPT`]; a game's are dropped when its review is
/// out or has failed.
#[derive(Debug, Default)]
pub(crate) struct Watchers {
    answers: Mutex<HashMap<GameId, Vec<Watcher>>>,
}

impl Watchers {
    /// Keeps `user`'s answer (`token`, in `lang`) to their request at `now` for `game`'s
    /// review up to date, instead of any earlier one of theirs, and instead of the game's
    /// oldest when it has [`WATCHERS_PER_GAME`] already.
    fn watch(&self, game: GameId, user: UserId, token: String, lang: Language, now: Instant) {
        let Ok(mut answers) = self.answers.lock() else {
            return;
        };
        // Every game's stale answers go, so that games whose review never comes keep none.
        answers.retain(|_, watchers| {
            watchers.retain(|w| fresh(w, now));
            !watchers.is_empty()
        });
        let watchers = answers.entry(game).or_default();
        watchers.retain(|w| w.user != user);
        if watchers.len() >= WATCHERS_PER_GAME {
            watchers.remove(0);
        }
        watchers.push(Watcher {
            user,
            token,
            lang,
            since: now,
        });
    }

    /// The answers to keep up to date for `game` at `now`.
    fn of(&self, game: GameId, now: Instant) -> Vec<(String, Language)> {
        self.answers
            .lock()
            .map(|a| shown(a.get(&game).into_iter().flatten(), now))
            .unwrap_or_default()
    }

    /// The answers of `game` still fresh at `now`, to tell them one last thing; `game` keeps
    /// none from then on.
    fn forget(&self, game: GameId, now: Instant) -> Vec<(String, Language)> {
        self.answers
            .lock()
            .map(|mut a| shown(a.remove(&game).iter().flatten(), now))
            .unwrap_or_default()
    }

    /// How many answers are kept, for all games.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.answers
            .lock()
            .map(|a| a.values().map(Vec::len).sum())
            .unwrap_or_default()
    }
}

/// Whether `watcher`'s token may still be used at `now`.
fn fresh(watcher: &Watcher, now: Instant) -> bool {
    now.saturating_duration_since(watcher.since) < TOKEN_KEPT
}

/// The tokens and languages of `watchers` still fresh at `now`.
fn shown<'a>(watchers: impl Iterator<Item = &'a Watcher>, now: Instant) -> Vec<(String, Language)> {
    watchers
        .filter(|w| fresh(w, now))
        .map(|w| (w.token.clone(), w.lang))
        .collect()
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
                self.reviews.watch(
                    game,
                    src.user_id(),
                    src.token().to_owned(),
                    src.lang(),
                    Instant::now(),
                );
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
                for (token, lang) in shown.reviews.of(game, Instant::now()) {
                    let edit =
                        EditInteractionResponse::new().content(progress(lang, game, done, total));
                    let http = Arc::clone(&edits);
                    let refusals = shown.metrics.refusals().clone();
                    tokio::spawn(async move {
                        if let Err(e) = edit.execute(&http, &token).await {
                            refusals.failed(&e);
                            tracing::debug!(%game, error = %e, "cannot show a review's progress");
                        }
                    });
                }
            };
            match self.service.run_next_review(progress).await {
                Ok(Some(ReviewRun::Done(game))) => {
                    tracing::info!(%game, "reviewed");
                    self.wake.notify_one();
                    continue;
                }
                Ok(Some(ReviewRun::Failed(game))) => {
                    self.review_failed(&http, game).await;
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

    /// The finished review of the game of `notice` ([`Notice::ReviewReady`]), told in its
    /// thread, for whom the service says it is (the member who asked first, pinged).
    pub(crate) async fn tell_review(
        &self,
        notice: &Notice,
        lang: Option<Language>,
    ) -> Result<Told, Failure> {
        let Notice::ReviewReady { game, by } = *notice else {
            return Err(Failure::refused("not a review's notice"));
        };
        let read = self
            .service
            .game_notice(notice)
            .await?
            .ok_or_else(|| Failure::refused("the notice is not about a game"))?;
        let lang = match lang {
            Some(lang) => lang,
            None => self.place_lang(read.view.place).await,
        };
        let review = self.service.review(game).await?.ok_or(Failure::Service(
            dama_service::service::ServiceError::NoSuchGame(game),
        ))?;
        let mut post = self.review_post(&read.view, &review, lang).await?;
        post.content = format!(
            "{}\n{}",
            say!(lang, "review-for", user = format!("<@{by}>")),
            post.content
        );
        Ok(in_game(&read, lang, post))
    }

    /// The review of `game` failed: the answers that showed its progress say so, and are
    /// kept no more.
    async fn review_failed(&self, http: &Http, game: GameId) {
        for (token, lang) in self.reviews.forget(game, Instant::now()) {
            let words = say!(lang, "review-failed", game = numbers::label(game.0));
            let edit = EditInteractionResponse::new().content(words);
            if let Err(e) = edit.execute(http, &token).await {
                self.metrics.refusals().failed(&e);
                tracing::debug!(%game, error = %e, "cannot tell of a failed review");
            }
        }
    }

    /// The review of `game` went out in `channel`: the answers that showed its progress now
    /// point there.
    pub(crate) async fn review_delivered(&self, http: &Http, game: GameId, channel: u64) {
        for (token, lang) in self.reviews.forget(game, Instant::now()) {
            let link = format!("<#{channel}>");
            let words = say!(
                lang,
                "review-ready-below",
                game = numbers::label(game.0),
                link = link
            );
            let edit = EditInteractionResponse::new().content(words);
            if let Err(e) = edit.execute(http, &token).await {
                self.metrics.refusals().failed(&e);
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
        game = numbers::label(game.0),
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

/// An evaluation in men, White's side, as `lang` writes it: `+0.35`, `+0,35`.
fn men(lang: Language, value: i32) -> String {
    dama_words::numbers::signed_hundredths(lang, value)
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
        say!(lang, "review-heading", game = numbers::label(view.id.0)),
        side_line(lang, review, view, Color::White),
        side_line(lang, review, view, Color::Black),
    ];
    let bad: Vec<(usize, &dama_service::model::review::ReviewedMove)> = review
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
                before = men(lang, m.before),
                after = men(lang, m.after),
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
                    game = numbers::label(view.id.0),
                    plies = review.moves.len(),
                    start = men(lang, review.moves.first().map_or(0, |m| m.before)),
                    end = men(lang, review.moves.last().map_or(0, |m| m.after)),
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
                game = numbers::label(view.id.0),
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

    fn watching(watchers: &Watchers, game: u64, user: u64, token: &str, at: Instant) {
        let (game, user) = (GameId(i64::try_from(game).unwrap_or(0)), UserId(user));
        watchers.watch(game, user, token.to_owned(), Language::En, at);
    }

    fn tokens(shown: Vec<(String, Language)>) -> Vec<String> {
        shown.into_iter().map(|(token, _)| token).collect()
    }

    #[test]
    fn a_member_pressing_review_again_and_again_keeps_one_answer_their_newest() {
        let watchers = Watchers::default();
        let now = Instant::now();
        for n in 0..100 {
            watching(&watchers, 1, 7, &format!("click {n}"), now);
        }
        watching(&watchers, 1, 8, "another member", now);
        assert_eq!(
            tokens(watchers.of(GameId(1), now)),
            ["click 99", "another member"]
        );
        assert_eq!(watchers.len(), 2);
    }

    #[test]
    fn a_game_keeps_the_answers_of_a_few_members_the_newest() {
        let watchers = Watchers::default();
        let now = Instant::now();
        for member in 0..50 {
            watching(&watchers, 1, member, &format!("member {member}"), now);
        }
        assert_eq!(
            tokens(watchers.of(GameId(1), now)),
            [
                "member 45",
                "member 46",
                "member 47",
                "member 48",
                "member 49"
            ]
        );
        watching(&watchers, 2, 1, "another game", now);
        assert_eq!(watchers.len(), WATCHERS_PER_GAME + 1);
    }

    #[test]
    fn answers_older_than_fourteen_minutes_are_dropped_from_every_game() {
        let watchers = Watchers::default();
        let start = Instant::now();
        watching(&watchers, 1, 7, "old", start);
        watching(&watchers, 2, 7, "old elsewhere", start);
        let later = start + Duration::from_secs(13 * 60);
        watching(&watchers, 1, 8, "newer", later);
        assert_eq!(tokens(watchers.of(GameId(1), later)), ["old", "newer"]);
        let stale = start + TOKEN_KEPT;
        assert_eq!(tokens(watchers.of(GameId(1), stale)), ["newer"]);
        assert_eq!(
            tokens(watchers.forget(GameId(2), stale)),
            Vec::<String>::new()
        );
        // Watching anything prunes every game's stale answers.
        watching(&watchers, 3, 9, "fresh", stale);
        assert_eq!(watchers.len(), 2, "game 1's newer answer and game 3's");
    }

    #[test]
    fn a_game_forgotten_keeps_nothing() {
        let watchers = Watchers::default();
        let now = Instant::now();
        watching(&watchers, 1, 7, "a", now);
        watching(&watchers, 1, 8, "b", now);
        assert_eq!(tokens(watchers.forget(GameId(1), now)), ["a", "b"]);
        assert_eq!(watchers.len(), 0);
        assert!(watchers.forget(GameId(1), now).is_empty());
    }

    #[test]
    fn moves_are_numbered_as_in_a_score_sheet() {
        assert_eq!(numbered(0), "1.");
        assert_eq!(numbered(1), "1…");
        assert_eq!(numbered(26), "14.");
        assert_eq!(men(Language::En, -105), "-1.05");
        assert_eq!(men(Language::En, 35), "+0.35");
        assert_eq!(men(Language::Sv, 35), "+0,35");
    }
}
