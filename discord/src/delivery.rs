//! The delivery worker: sends the outbox's notices that no interaction carried, in order per
//! game, each once. A notice goes to the game's thread or channel with a `nonce` that Discord
//! enforces, so a retry after an ambiguous failure never posts twice. Rate limits, server
//! errors and network failures are retried with backoff (the notice waits in the outbox, across
//! restarts). Where the target is gone for good (missing access, unknown channel), the notice
//! falls back to the channel the game started in, then to a direct message to the player
//! concerned, and the outbox records which way it went. A result Discord refuses as too large
//! goes again without its replay, saying so. A notice an interaction claimed as its answer,
//! left behind by a bot that died before recording it, is first looked up as that answer's
//! message: when the answer went out, it is recorded as delivered, not posted a second time.
//!
//! A game's end does not wait behind the others: each goes at once on its own (up to
//! [`AT_ONCE`] at a time, the next ends first in line), while the rest go one at a time in the order taken, as they were
//! written (a tournament's round is announced after its games' boards, say). The outbox hands
//! out only the first undelivered notice of each stream (a game's), and none of a stream whose
//! first is on its way, so a game's notices still go one after another. Each notice sent takes
//! its slot of the bot's [`Pace`](super::pace::Pace) first, ahead of the live boards.

use std::collections::{HashSet, VecDeque};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use serenity::all::{Http, MessageId, Nonce};
use serenity::http::HttpError;
use tokio::sync::{Notify, mpsc};
use tracing::Instrument;

use super::app::App;
use super::arenas;
use super::interaction::Failure;
use super::notices::Told;
use super::post::Post;
use super::rate_limits::RateLimits;
use super::retry::{is_too_large, is_transient, retrying};
use super::tournaments;
use dama_service::ids::{ArenaId, ChannelId, GameId, Place, TournamentId, UserId};
use dama_service::service::{Delivery, Notice, NoticeId, PendingNotice};
use dama_words::i18n::Language;

/// Notices taken per round.
const BATCH: u32 = 32;
/// Games' ends sent at once, each beside the other notices (more wait their turn ahead of
/// the others). Flags fall in bursts (50 within a second in the load benchmark): most of an
/// end's time is then its wait for a slot of the pace, which several may wait out together.
const AT_ONCE: usize = 8;
/// The least time between two looks for due notices: every move rings the worker, and each
/// look is a write to the outbox (its claims); a game's end waits this long at most for it.
const FETCH_GAP: Duration = Duration::from_millis(10);
/// The most notices waiting in line for the worker before it takes more: the outbox hands them
/// out oldest first, so a game's end is found only once those before it are taken, yet none
/// may wait in line long enough for its lease to run out (30 s). 256 is about a second of
/// boards at 500 live games.
const LINE: u32 = 8 * BATCH;
/// How often the worker looks for due notices when nobody wakes it.
const POLL: Duration = Duration::from_secs(1);
/// The longest wait between two attempts at one notice.
const MAX_BACKOFF: Duration = Duration::from_secs(300);

/// Why a send did not go through.
#[derive(Debug)]
pub(crate) enum Refusal {
    /// Worth trying again later: rate limited, a server error, the network.
    Passing(String),
    /// The target is gone or closed to the bot for good: try another way.
    Gone(String),
    /// Refused for good for another reason (a malformed message): nothing else will do better.
    Final(String),
    /// The files are over Discord's upload limit: the same message without them may go.
    TooLarge(String),
}

/// The span a notice's delivery runs in: the notice, its game and the member it concerns,
/// when it has them.
fn delivery_span(pending: &PendingNotice) -> tracing::Span {
    let span = tracing::info_span!(
        "job",
        job = "notice",
        notice = pending.id.0,
        game = tracing::field::Empty,
        member = tracing::field::Empty,
    );
    if let Some(game) = pending.notice.game() {
        span.record("game", tracing::field::display(game));
    }
    let member = match &pending.notice {
        Notice::Reminder { user, .. } => Some(*user),
        Notice::ReviewReady { by, .. } => Some(*by),
        _ => None,
    };
    if let Some(member) = member {
        span.record("member", tracing::field::display(member));
    }
    span
}

impl App {
    /// Delivers due notices until the task is aborted (see the module's documentation): the
    /// games' ends each at once on its own (up to [`AT_ONCE`]), the others one at a time in the
    /// order taken. Looks for due notices when `wake` is notified (an interaction handed
    /// notices over, a sweep or the flag worker wrote some), when one was sent, and every
    /// second otherwise; at most once every [`FETCH_GAP`], and not while [`LINE`] of them wait.
    pub(crate) async fn deliver_notices(self: Arc<App>, http: Arc<Http>) {
        // The notices taken and not yet sent (a lease that ran out while one waited or was on
        // its way must not have it taken twice).
        let busy: Arc<Mutex<HashSet<NoticeId>>> = Arc::default();
        // The notices waiting in the lane or on their way in it: no more are taken while
        // LINE of them wait.
        let queued = Arc::new(AtomicUsize::new(0));
        let sent = Arc::new(Notify::new());
        let (in_order, mut lane) = mpsc::unbounded_channel::<PendingNotice>();
        // Aborted with this worker: the lane and the ends on their way.
        let mut tasks = tokio::task::JoinSet::new();
        let mut ends = tokio::task::JoinSet::new();
        // Ends taken beyond AT_ONCE: they go next, never behind the lane.
        let mut next_ends: VecDeque<PendingNotice> = VecDeque::new();
        {
            let (app, http) = (Arc::clone(&self), Arc::clone(&http));
            let (busy, sent, queued) = (Arc::clone(&busy), Arc::clone(&sent), Arc::clone(&queued));
            tasks.spawn(async move {
                while let Some(pending) = lane.recv().await {
                    app.send_one(&http, pending, &busy).await;
                    queued.fetch_sub(1, Ordering::Relaxed);
                    sent.notify_one();
                }
            });
        }
        let mut last = tokio::time::Instant::now();
        loop {
            tokio::time::sleep_until(last + FETCH_GAP).await;
            last = tokio::time::Instant::now();
            let taking = u32::try_from(queued.load(Ordering::Relaxed)).is_ok_and(|n| n < LINE);
            let due = if taking {
                self.service.due_notices(BATCH).await
            } else {
                Ok(Vec::new())
            };
            match due {
                Ok(due) => {
                    for pending in due {
                        stage("taken", &pending.notice);
                        if !busy_lock(&busy).insert(pending.id) {
                            continue;
                        }
                        if is_urgent(&pending.notice) {
                            next_ends.push_back(pending);
                        } else {
                            // Counted before the lane can have it sent and uncounted.
                            queued.fetch_add(1, Ordering::Relaxed);
                            if in_order.send(pending).is_err() {
                                queued.fetch_sub(1, Ordering::Relaxed);
                                tracing::error!("the delivery lane stopped");
                            }
                        }
                    }
                }
                Err(e) => tracing::error!(error = %e, "cannot read the outbox"),
            }
            while ends.len() < AT_ONCE
                && let Some(pending) = next_ends.pop_front()
            {
                let (app, http) = (Arc::clone(&self), Arc::clone(&http));
                let (busy, sent) = (Arc::clone(&busy), Arc::clone(&sent));
                ends.spawn(async move {
                    app.send_one(&http, pending, &busy).await;
                    sent.notify_one();
                });
            }
            tokio::select! {
                Some(done) = ends.join_next(), if !ends.is_empty() => {
                    if let Err(e) = done {
                        tracing::error!(error = %e, "a notice's delivery failed");
                    }
                }
                () = sent.notified() => {}
                () = self.wake.notified() => {}
                () = tokio::time::sleep(POLL) => {}
            }
        }
    }

    /// Delivers `pending` in its span, then forgets it among the `busy`.
    async fn send_one(&self, http: &Http, pending: PendingNotice, busy: &Mutex<HashSet<NoticeId>>) {
        let id = pending.id;
        let span = delivery_span(&pending);
        self.deliver(http, pending).instrument(span).await;
        busy_lock(busy).remove(&id);
    }

    /// Sends one notice and records what became of it.
    async fn deliver(&self, http: &Http, pending: PendingNotice) {
        let id = pending.id;
        stage("picked", &pending.notice);
        if let Notice::Board { game, ply: 0, .. } = pending.notice {
            self.open_tournament_thread(http, game, id.0).await;
        }
        let result = match given_answer(
            http,
            self.metrics.refusals(),
            pending.answered_by.as_deref(),
        )
        .await
        {
            Ok(Some(message)) => {
                tracing::info!(
                    notice = id.0,
                    message,
                    "a dead bot's answer carried the notice"
                );
                Ok((Delivery::Interaction, Some(message)))
            }
            Ok(None) => match self.live_board(&pending.notice).await {
                // A live game's board: written in its post at Discord's pace.
                Some(()) => Ok((Delivery::Channel, None)),
                None => {
                    self.pace.take().await;
                    stage("paced", &pending.notice);
                    let sent = self.send_notice(http, &pending).await;
                    stage("sent", &pending.notice);
                    self.after_live_notice(&pending.notice, &sent).await;
                    sent
                }
            },
            Err(refused) => Err(refused),
        };
        if let (Notice::ReviewReady { game, .. }, Ok((_, Some(_)))) = (&pending.notice, &result)
            && let Ok(view) = self.service.game(*game).await
        {
            self.review_delivered(http, *game, super::app::game_channel(&view).0)
                .await;
        }
        // The player to move hears of their turn by DM too (after the public post, never in
        // its place): not when the notice itself reached them by DM.
        let public = matches!(result, Ok((via, _)) if via != Delivery::DirectMessage);
        let recorded = match result {
            Ok((via, message)) => self
                .service
                .notice_delivered(id, via, message, None)
                .await
                .map(drop),
            Err(Refusal::Passing(error)) => {
                let wait = backoff(pending.attempts);
                tracing::warn!(notice = id.0, %error, ?wait, "a notice waits for another try");
                self.service.notice_failed(id, &error, wait).await
            }
            Err(Refusal::Gone(error) | Refusal::Final(error) | Refusal::TooLarge(error)) => {
                tracing::warn!(notice = id.0, %error, "a notice cannot be delivered");
                self.service
                    .notice_delivered(id, Delivery::Undeliverable, None, Some(&error))
                    .await
                    .map(drop)
            }
        };
        if let Err(e) = recorded {
            tracing::error!(notice = id.0, error = %e, "cannot record a delivery");
        }
        if public {
            self.turn_by_dm(http, &pending.notice, id.0, None).await;
        }
    }

    /// Hands a board of a live game in play (after its first) to its post, which is edited
    /// at Discord's pace (see `live_posts`); `None` for any other notice.
    async fn live_board(&self, notice: &Notice) -> Option<()> {
        let Notice::Board { game, ply, .. } = notice else {
            return None;
        };
        if *ply == 0 {
            return None;
        }
        let view = self.service.game(*game).await.ok()?;
        if view.live.is_none() || view.is_over() {
            return None;
        }
        let channel = super::app::game_channel(&view);
        self.live_posts.want(*game, channel, *ply, notice.clone());
        Some(())
    }

    /// Keeps the live posts up to date with what was sent: a live game's first board is the
    /// post its later boards edit; its end posts on its own.
    async fn after_live_notice(
        &self,
        notice: &Notice,
        sent: &Result<(Delivery, Option<u64>), Refusal>,
    ) {
        match (notice, sent) {
            (Notice::Board { game, ply: 0, .. }, Ok((Delivery::Channel, Some(message)))) => {
                if let Ok(view) = self.service.game(*game).await
                    && view.live.is_some()
                {
                    let channel = super::app::game_channel(&view);
                    self.live_posts.posted(*game, channel, *message);
                }
            }
            (Notice::Ended { game, .. }, _) => self.live_posts.ended(*game),
            _ => {}
        }
    }

    /// Sends the notice where it goes.
    async fn send_notice(
        &self,
        http: &Http,
        pending: &PendingNotice,
    ) -> Result<(Delivery, Option<u64>), Refusal> {
        let id = pending.id.0;
        match pending.notice {
            Notice::Standings { tournament } => self.post_standings(http, tournament, id).await,
            Notice::ScheduledEvent { of } => self.sync_scheduled_event(http, of, id).await,
            Notice::Champion { guild, title } => self.sync_champion(http, guild, title, id).await,
            Notice::ArenaStandings { arena } => self.post_arena_standings(http, arena, id).await,
            Notice::ArenaEnded { arena } => {
                self.final_arena_standings(http, arena).await;
                match self.tell(&pending.notice, None).await {
                    Ok(told) => self.send_told(http, &told, id, Some(&pending.notice)).await,
                    Err(e) => Err(failed(&e)),
                }
            }
            // Private to its owner: a direct message, never the game's channel.
            Notice::AnswerDropped { user, .. } => match self.tell(&pending.notice, None).await {
                Ok(told) => direct_message(http, self.metrics.refusals(), user, &told.post, id)
                    .await
                    .map(|message| (Delivery::DirectMessage, Some(message))),
                Err(e) => Err(failed(&e)),
            },
            _ => match self.tell(&pending.notice, None).await {
                Ok(told) => self.send_told(http, &told, id, Some(&pending.notice)).await,
                Err(e) => Err(failed(&e)),
            },
        }
    }

    /// Tries the notice's channel, then the fallback channel, then a DM to each person
    /// concerned (told again in their own language when `what` is given); the first that takes
    /// it wins. A post Discord finds too large goes again without its replay (nothing was
    /// posted, so the notice's nonce is still unused).
    pub(crate) async fn send_told(
        &self,
        http: &Http,
        told: &Told,
        notice: i64,
        what: Option<&Notice>,
    ) -> Result<(Delivery, Option<u64>), Refusal> {
        match self
            .send_anywhere(http, told, &told.post, notice, what)
            .await
        {
            Err(Refusal::TooLarge(error)) => {
                let Some(smaller) = told.post.without_replay(told.lang) else {
                    return Err(Refusal::TooLarge(error));
                };
                tracing::warn!(notice, %error, "discord refused a replay as too large; the result goes without it");
                self.send_anywhere(http, told, &smaller, notice, None).await
            }
            other => other,
        }
    }

    /// [`send_told`](Self::send_told) with `post` in place of the notice's own.
    async fn send_anywhere(
        &self,
        http: &Http,
        told: &Told,
        post: &Post,
        notice: i64,
        what: Option<&Notice>,
    ) -> Result<(Delivery, Option<u64>), Refusal> {
        let gone = match send_in_channels(http, self.metrics.refusals(), told, post, notice).await {
            Ok(sent) => return Ok(sent),
            Err(Refusal::Gone(why)) => why,
            Err(other) => return Err(other),
        };
        let mut gone = gone;
        for &user in &told.concerned {
            let own = match what {
                Some(what) => {
                    self.told_in(what, self.user_lang(user).await, told.lang)
                        .await
                }
                None => None,
            };
            match direct_message(
                http,
                self.metrics.refusals(),
                user,
                own.as_ref().unwrap_or(post),
                notice,
            )
            .await
            {
                Ok(message) => return Ok((Delivery::DirectMessage, Some(message))),
                Err(Refusal::Gone(why)) => gone = why,
                Err(other) => return Err(other),
            }
        }
        Err(Refusal::Gone(gone))
    }

    /// `what` told again in `lang` for one reader, when that is not `already` (the language it
    /// was told in); `None` when it is, or when telling it again fails (logged).
    async fn told_in(&self, what: &Notice, lang: Language, already: Language) -> Option<Post> {
        if lang == already {
            return None;
        }
        match self.tell(what, Some(lang)).await {
            Ok(told) => Some(told.post),
            Err(e) => {
                tracing::warn!(error = %e, "cannot tell a notice in its reader's language");
                None
            }
        }
    }
}

fn busy_lock(busy: &Mutex<HashSet<NoticeId>>) -> std::sync::MutexGuard<'_, HashSet<NoticeId>> {
    busy.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Notes a game's end reaching `stage` of its delivery (`taken` from the outbox, `picked` to
/// be sent, `paced` its slot given, `sent` answered), at debug level under the target
/// `dama_discord::stages`: the load benchmark times the way a flag takes to its thread by them.
fn stage(stage: &'static str, notice: &Notice) {
    if let Notice::Ended { game, .. } = notice {
        tracing::debug!(target: "dama_discord::stages", stage, game = game.0, "a game's end");
    }
}

/// Whether `notice` goes at once, beside the others: a game's end (a flag's above all, due on
/// every face within 100 ms).
fn is_urgent(notice: &Notice) -> bool {
    matches!(notice, Notice::Ended { .. })
}

/// What a failure to tell a notice means for it.
fn failed(e: &Failure) -> Refusal {
    if e.is_internal() {
        Refusal::Passing(e.to_string())
    } else {
        Refusal::Final(e.to_string())
    }
}

impl App {
    /// Edits tournament `id`'s standings message to the table as it stands; posts it (and
    /// records it) the first time, or when the message is gone.
    async fn post_standings(
        &self,
        http: &Http,
        id: TournamentId,
        notice: i64,
    ) -> Result<(Delivery, Option<u64>), Refusal> {
        let standings = self
            .service
            .standings_of(id)
            .await
            .map_err(|e| failed(&e.into()))?;
        let t = &standings.tournament;
        let place = Place {
            guild: Some(t.guild),
            channel: t.channel,
        };
        let post = tournaments::standings(self.place_lang(place).await, &standings);
        let channel = serenity::all::ChannelId::new(t.channel.0);
        if let Some(message) = t.standings_message {
            let edited = retrying(self.metrics.refusals(), "standings", || {
                channel.edit_message(http, MessageId::new(message), post.message_edit())
            })
            .await;
            match edited {
                Ok(_) => return Ok((Delivery::Channel, Some(message))),
                Err(e) if is_transient(&e) => return Err(Refusal::Passing(e.to_string())),
                // Deleted, say: a new one takes its place.
                Err(e) => tracing::warn!(tournament = %id, error = %e, "cannot edit the standings"),
            }
        }
        let message = send(http, self.metrics.refusals(), t.channel, &post, notice).await?;
        self.service
            .set_standings_message(id, message)
            .await
            .map_err(|e| Refusal::Passing(e.to_string()))?;
        Ok((Delivery::Channel, Some(message)))
    }

    /// Before the first board of a tournament or arena game: a message in its channel naming
    /// the pairing (both players pinged), and the game's thread opened from it (where Discord
    /// refuses, the game is played in the channel).
    async fn open_tournament_thread(&self, http: &Http, game: GameId, notice: i64) {
        let tournament = match self.service.tournament_of_game(game).await {
            Ok(found) => found,
            Err(e) => {
                tracing::error!(%game, error = %e, "cannot read a game's tournament");
                return;
            }
        };
        let arena = match tournament {
            Some(_) => None,
            None => match self.service.arena_of_game(game).await {
                Ok(found) => found,
                Err(e) => {
                    tracing::error!(%game, error = %e, "cannot read a game's arena");
                    return;
                }
            },
        };
        if tournament.is_none() && arena.is_none() {
            return;
        }
        let view = match self.service.game(game).await {
            Ok(view) if view.thread.is_none() && view.ply == 0 => view,
            Ok(_) => return,
            Err(e) => {
                tracing::error!(%game, error = %e, "cannot read a tournament game");
                return;
            }
        };
        let lang = self.place_lang(view.place).await;
        let (channel, starter) = match (tournament, arena) {
            (Some((t, round)), _) => (t.channel, tournaments::game_starter(lang, &t, round, &view)),
            (None, Some(a)) => (a.channel, arenas::game_starter(lang, &a, &view)),
            (None, None) => return,
        };
        // Its own nonce: the board that follows carries the notice's.
        let nonce = format!("dama-t{notice}");
        let Ok(message) = post_once(http, self.metrics.refusals(), channel, &starter, nonce).await
        else {
            return;
        };
        let channel = serenity::all::ChannelId::new(channel.0);
        self.open_thread(http, lang, channel, MessageId::new(message), &view)
            .await;
    }

    /// Edits arena `id`'s standings message to the table as it stands; posts it (and records
    /// it) the first time, or when the message is gone.
    async fn post_arena_standings(
        &self,
        http: &Http,
        id: ArenaId,
        notice: i64,
    ) -> Result<(Delivery, Option<u64>), Refusal> {
        let standings = self
            .service
            .arena_standings_of(id)
            .await
            .map_err(|e| failed(&e.into()))?;
        let a = &standings.arena;
        let place = Place {
            guild: Some(a.guild),
            channel: a.channel,
        };
        let post = arenas::standings(self.place_lang(place).await, &standings);
        if let Some(message) = a.standings_message {
            match self.edit_posted(http, a.channel, message, &post).await {
                Ok(()) => return Ok((Delivery::Channel, Some(message))),
                Err(e) if is_transient(&e) => return Err(Refusal::Passing(e.to_string())),
                // Deleted, say: a new one takes its place.
                Err(e) => tracing::warn!(arena = %id, error = %e, "cannot edit the standings"),
            }
        }
        let message = send(http, self.metrics.refusals(), a.channel, &post, notice).await?;
        self.service
            .set_arena_standings_message(id, message)
            .await
            .map_err(|e| Refusal::Passing(e.to_string()))?;
        Ok((Delivery::Channel, Some(message)))
    }

    /// At arena `id`'s end, before its podium: its standings message shows the final table,
    /// without buttons. A failure is logged; the podium tells the result anyway.
    async fn final_arena_standings(&self, http: &Http, id: ArenaId) {
        let standings = match self.service.arena_standings_of(id).await {
            Ok(standings) => standings,
            Err(e) => {
                tracing::error!(arena = %id, error = %e, "cannot read an arena's standings");
                return;
            }
        };
        let a = &standings.arena;
        let Some(message) = a.standings_message else {
            return;
        };
        let place = Place {
            guild: Some(a.guild),
            channel: a.channel,
        };
        let post = arenas::standings(self.place_lang(place).await, &standings);
        if let Err(e) = self.edit_posted(http, a.channel, message, &post).await {
            tracing::warn!(arena = %id, error = %e, "cannot show an arena's final standings");
        }
    }

    /// Edits message `message` of `channel` to `post`, retrying what is worth it.
    async fn edit_posted(
        &self,
        http: &Http,
        channel: ChannelId,
        message: u64,
        post: &Post,
    ) -> serenity::Result<()> {
        let channel = serenity::all::ChannelId::new(channel.0);
        retrying(self.metrics.refusals(), "standings", || {
            channel.edit_message(http, MessageId::new(message), post.message_edit())
        })
        .await
        .map(drop)
    }
}

/// The message of the interaction answer with `token` (that claimed the notice and never
/// recorded it: its bot died), if it went out and carries the notice. An answer still
/// "thinking" (deferred, never filled in) carries nothing: it is deleted, so that the notice
/// posted instead is the only trace. `None` without a token, or when the answer never went
/// out; a failure to look is worth trying again.
async fn given_answer(
    http: &Http,
    refusals: &RateLimits,
    token: Option<&str>,
) -> Result<Option<u64>, Refusal> {
    let Some(token) = token else {
        return Ok(None);
    };
    let original = match http
        .get_original_interaction_response(token)
        .await
        .inspect_err(|e| refusals.failed(e))
    {
        Ok(message) => message,
        // 10015 unknown webhook (never answered), 10008 unknown message, 50027 invalid token.
        Err(serenity::Error::Http(HttpError::UnsuccessfulRequest(response)))
            if matches!(response.status_code.as_u16(), 401 | 404) =>
        {
            return Ok(None);
        }
        Err(e) => return Err(Refusal::Passing(e.to_string())),
    };
    if original
        .flags
        .is_some_and(|flags| flags.contains(serenity::all::MessageFlags::LOADING))
    {
        if let Err(e) = http
            .delete_original_interaction_response(token)
            .await
            .inspect_err(|e| refusals.failed(e))
        {
            tracing::warn!(error = %e, "cannot delete an answer left thinking");
        }
        return Ok(None);
    }
    Ok(Some(original.id.get()))
}

/// Posts `post` in the notice's channel, then in its fallback channel.
async fn send_in_channels(
    http: &Http,
    refusals: &RateLimits,
    told: &Told,
    post: &Post,
    notice: i64,
) -> Result<(Delivery, Option<u64>), Refusal> {
    let mut gone = match send(http, refusals, told.channel, post, notice).await {
        Ok(message) => return Ok((Delivery::Channel, Some(message))),
        Err(Refusal::Gone(why)) => why,
        Err(other) => return Err(other),
    };
    if let Some(fallback) = told.fallback {
        match send(http, refusals, fallback, post, notice).await {
            Ok(message) => return Ok((Delivery::FallbackChannel, Some(message))),
            Err(Refusal::Gone(why)) => gone = why,
            Err(other) => return Err(other),
        }
    }
    Err(Refusal::Gone(gone))
}

/// Posts `post` in `channel` with the notice's nonce, enforced by Discord.
async fn send(
    http: &Http,
    refusals: &RateLimits,
    channel: ChannelId,
    post: &Post,
    notice: i64,
) -> Result<u64, Refusal> {
    post_once(http, refusals, channel, post, format!("dama-{notice}")).await
}

/// Posts `post` in `channel` with `nonce` (at most 25 characters), enforced by Discord: a retry
/// after an ambiguous failure never posts twice.
pub(crate) async fn post_once(
    http: &Http,
    refusals: &RateLimits,
    channel: ChannelId,
    post: &Post,
    nonce: String,
) -> Result<u64, Refusal> {
    let target = serenity::all::ChannelId::new(channel.0);
    let message = post
        .message()
        .nonce(Nonce::String(nonce))
        .enforce_nonce(true);
    retrying(refusals, "notice", || {
        target.send_message(http, message.clone())
    })
    .await
    .map(|m| m.id.get())
    .map_err(|e| refusal(&e))
}

/// Sends `post` to `user` in a direct message.
async fn direct_message(
    http: &Http,
    refusals: &RateLimits,
    user: UserId,
    post: &Post,
    notice: i64,
) -> Result<u64, Refusal> {
    dm_once(http, refusals, user, post, format!("dama-{notice}")).await
}

/// Sends `post` to `user` in a direct message, with `nonce` (see [`post_once`]). A user who
/// closed their DMs (50007) is [`Refusal::Gone`].
pub(crate) async fn dm_once(
    http: &Http,
    refusals: &RateLimits,
    user: UserId,
    post: &Post,
    nonce: String,
) -> Result<u64, Refusal> {
    let dm = serenity::all::UserId::new(user.0)
        .create_dm_channel(http)
        .await
        .map_err(|e| {
            refusals.failed(&e);
            refusal(&e)
        })?;
    post_once(http, refusals, ChannelId(dm.id.get()), post, nonce).await
}

/// What a failed request means for the notice (or for any post the bot makes).
pub(crate) fn refusal(e: &serenity::Error) -> Refusal {
    let words = e.to_string();
    if is_transient(e) {
        return Refusal::Passing(words);
    }
    if is_too_large(e) {
        return Refusal::TooLarge(words);
    }
    match e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) => {
            let status = response.status_code.as_u16();
            // 50001 missing access, 50013 missing permissions, 10003 unknown channel, 50007
            // cannot message the user, 10013 unknown user: the target is gone for the bot.
            let gone = matches!(response.error.code, 50001 | 50013 | 10003 | 50007 | 10013)
                || status == 403
                || status == 404;
            if gone {
                Refusal::Gone(words)
            } else {
                Refusal::Final(words)
            }
        }
        // The network, or an answer that could not be read: the message may have gone through,
        // which the nonce settles on the next try.
        _ => Refusal::Passing(words),
    }
}

/// 1 s after the first failure, doubling, at most 5 minutes.
fn backoff(attempts: u32) -> Duration {
    Duration::from_secs(1u64 << attempts.min(9)).min(MAX_BACKOFF)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_games_end_goes_at_once_and_a_board_in_order() {
        let end = Notice::Ended {
            game: GameId(9),
            lines: Vec::new(),
            ratings: None,
        };
        let board = Notice::Board {
            game: GameId(9),
            ply: 3,
            lines: Vec::new(),
        };
        assert!(is_urgent(&end));
        assert!(!is_urgent(&board));
    }

    #[test]
    fn the_backoff_doubles_up_to_five_minutes() {
        assert_eq!(backoff(0), Duration::from_secs(1));
        assert_eq!(backoff(3), Duration::from_secs(8));
        assert_eq!(backoff(20), MAX_BACKOFF);
    }
}
