//! A live game's board in its thread: one post, edited in place as the game goes, at most one
//! write in a channel every [`GAP`]. Discord lets a channel take at most 5 messages created or
//! edited in 5 seconds; a fast game played on its page or in the Activity moves far more often
//! than that. So the boards of a live game in play are coalesced: each move only marks the post
//! as wanting the newest board, and [`App::live_posts_worker`] writes it when the channel may
//! take a write, skipping the boards that came in between. The end of the game is posted as a
//! message of its own, as for any game.
//!
//! The boards of every live game together also keep to the bot's [`Pace`]: a board is written
//! only when the pace has a slot to spare after the outbox's notices, at most
//! [`BOARDS_PER_SECOND`](super::pace::BOARDS_PER_SECOND). With many live games each post is
//! then edited less often, the one waiting longest first; its board is drawn only once it is
//! sure to go.
//!
//! What is kept here is only for pacing: a restart forgets it, and the next move's board is
//! then posted anew (the game's position is in the service, never here).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use serenity::all::{Http, MessageId};
use tokio::sync::Notify;
use tokio::time::Instant;

use super::app::App;
use super::pace::Pace;
use super::retry::retrying;
use dama_service::ids::{ChannelId, GameId};
use dama_service::service::Notice;

/// The least time between two writes of live boards in one channel: at most 4 in any 5
/// seconds, which leaves room for the end of the game within Discord's 5.
pub(crate) const GAP: Duration = Duration::from_millis(1_300);

/// The live posts of this instance's games, and when each channel was last written.
#[derive(Debug, Default)]
pub(crate) struct LivePosts {
    state: Mutex<State>,
    /// Rung when a board is wanted.
    bell: Notify,
}

#[derive(Debug, Default)]
struct State {
    /// Each live game's post.
    posts: HashMap<GameId, LivePost>,
    /// When a live board was last written in each channel.
    written: HashMap<ChannelId, Instant>,
}

/// A board to write now: its game, channel, post (if there is one yet) and notice.
type Due = (GameId, ChannelId, Option<MessageId>, Notice);

#[derive(Debug, Clone)]
struct LivePost {
    channel: ChannelId,
    /// The post edited in place, once there is one.
    message: Option<MessageId>,
    /// The newest board wanted and not yet written (its notice), with the highest ply seen.
    wanted: Option<Notice>,
    ply: u32,
    /// Since when a board has been wanted (unwritten): the longest waiting goes first.
    since: Instant,
}

impl LivePosts {
    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The game's first board was posted as `message` in `channel`: the post later boards edit.
    pub(crate) fn posted(&self, game: GameId, channel: ChannelId, message: u64) {
        let mut state = self.state();
        state.written.insert(channel, Instant::now());
        state.posts.insert(
            game,
            LivePost {
                channel,
                message: Some(MessageId::new(message)),
                wanted: None,
                ply: 0,
                since: Instant::now(),
            },
        );
    }

    /// `board` (a board notice at `ply`) is wanted in `channel`: kept if it is the newest.
    pub(crate) fn want(&self, game: GameId, channel: ChannelId, ply: u32, board: Notice) {
        self.want_at(game, channel, ply, board, Instant::now());
    }

    /// [`want`](Self::want) at `now`.
    fn want_at(&self, game: GameId, channel: ChannelId, ply: u32, board: Notice, now: Instant) {
        {
            let mut state = self.state();
            let post = state.posts.entry(game).or_insert(LivePost {
                channel,
                message: None,
                wanted: None,
                ply: 0,
                since: now,
            });
            if ply >= post.ply {
                if post.wanted.is_none() {
                    post.since = now;
                }
                post.channel = channel;
                post.ply = ply;
                post.wanted = Some(board);
            }
        }
        self.bell.notify_one();
    }

    /// The game is over: its end is posted on its own, and no board is wanted any more.
    pub(crate) fn ended(&self, game: GameId) {
        self.state().posts.remove(&game);
    }

    /// The board to write now, taken: of the posts whose channel may take a write, the one
    /// waiting longest, provided `pace` has a slot for it. Else how long until one may be
    /// (`None`: no board is wanted).
    fn next(&self, now: Instant, pace: &Pace) -> (Option<Due>, Option<Duration>) {
        let mut state = self.state();
        let State { posts, written } = &mut *state;
        let mut first: Option<(Instant, GameId)> = None;
        let mut next: Option<Duration> = None;
        for (game, post) in posts.iter() {
            if post.wanted.is_none() {
                continue;
            }
            let free_at = written.get(&post.channel).map_or(now, |at| *at + GAP);
            if free_at <= now {
                if first.is_none_or(|f| (post.since, *game) < f) {
                    first = Some((post.since, *game));
                }
            } else {
                let wait = free_at - now;
                next = Some(next.map_or(wait, |n| n.min(wait)));
            }
        }
        let Some((_, game)) = first else {
            return (None, next);
        };
        if let Err(wait) = pace.try_board(now) {
            return (None, Some(wait));
        }
        let Some(post) = posts.get_mut(&game) else {
            return (None, next);
        };
        let Some(board) = post.wanted.take() else {
            return (None, next);
        };
        written.insert(post.channel, now);
        (
            Some((game, post.channel, post.message, board)),
            Some(Duration::ZERO),
        )
    }

    /// The board written in `game`'s post created `message`.
    fn created(&self, game: GameId, message: MessageId) {
        if let Some(post) = self.state().posts.get_mut(&game) {
            post.message = Some(message);
        }
    }
}

impl App {
    /// Writes the live boards wanted, each when its channel may take a write (see the module's
    /// documentation), until dropped.
    pub(crate) async fn live_posts_worker(self: Arc<App>, http: Arc<Http>) {
        loop {
            let (due, next) = self.live_posts.next(Instant::now(), &self.pace);
            if let Some((game, channel, message, board)) = due {
                self.write_live_board(&http, game, channel, message, &board)
                    .await;
                continue;
            }
            let wait = next.unwrap_or(Duration::from_secs(60));
            tokio::select! {
                () = self.live_posts.bell.notified() => {}
                () = tokio::time::sleep(wait) => {}
            }
        }
    }

    /// Writes `board` in `game`'s post: an edit of it, or a new post when there is none (or it
    /// is gone). A game that ended meanwhile is left to its end's own post.
    async fn write_live_board(
        &self,
        http: &Http,
        game: GameId,
        channel: ChannelId,
        message: Option<MessageId>,
        board: &Notice,
    ) {
        match self.service.game(game).await {
            Ok(view) if view.is_over() => return,
            Ok(_) => {}
            Err(e) => {
                tracing::warn!(%game, error = %e, "cannot read a live game for its board");
                return;
            }
        }
        let told = match self.tell(board, None).await {
            Ok(told) => told,
            Err(e) => {
                tracing::warn!(%game, error = %e, "cannot draw a live board");
                return;
            }
        };
        let target = serenity::all::ChannelId::new(channel.0);
        if let Some(message) = message {
            let edit = told.post.message_replacement();
            match retrying(self.metrics.refusals(), "live board", || {
                target.edit_message(http, message, edit.clone())
            })
            .await
            {
                Ok(_) => return,
                Err(e) => {
                    tracing::warn!(%game, error = %e, "cannot edit a live board; posting it anew")
                }
            }
        }
        match retrying(self.metrics.refusals(), "live board", || {
            target.send_message(http, told.post.message())
        })
        .await
        {
            Ok(posted) => self.live_posts.created(game, posted.id),
            Err(e) => tracing::warn!(%game, error = %e, "cannot post a live board"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(game: i64, ply: u32) -> Notice {
        Notice::Board {
            game: GameId(game),
            ply,
            lines: Vec::new(),
        }
    }

    #[test]
    fn the_newest_board_wins_and_a_channel_is_written_once_a_gap() {
        let (posts, pace) = (LivePosts::default(), Pace::default());
        let (game, channel) = (GameId(1), ChannelId(9));
        posts.posted(game, channel, 100);
        for ply in 1..=6 {
            posts.want(game, channel, ply, board(1, ply));
        }
        let start = Instant::now();
        // Just posted: the channel waits out its gap.
        let (due, next) = posts.next(start, &pace);
        assert!(due.is_none());
        assert!(next.is_some_and(|wait| wait <= GAP));
        // Then only the newest board is written, as an edit of the post.
        let (due, _) = posts.next(start + GAP, &pace);
        let (_, _, message, wanted) = due.expect("a board due");
        assert_eq!(message, Some(MessageId::new(100)));
        assert!(matches!(wanted, Notice::Board { ply: 6, .. }));
        let (none, next) = posts.next(start + GAP, &pace);
        assert!(none.is_none() && next.is_none());
        // An older board arriving late is not kept over a newer one.
        posts.want(game, channel, 8, board(1, 8));
        posts.want(game, channel, 7, board(1, 7));
        let (due, _) = posts.next(start + GAP * 2, &pace);
        assert!(matches!(
            due.expect("a board").3,
            Notice::Board { ply: 8, .. }
        ));
        // Once the game ends nothing more is written.
        posts.want(game, channel, 9, board(1, 9));
        posts.ended(game);
        assert!(posts.next(start + GAP * 3, &pace).0.is_none());
    }

    #[test]
    fn the_post_waiting_longest_goes_first_and_only_when_the_pace_allows() {
        let (posts, pace) = (LivePosts::default(), Pace::default());
        let start = Instant::now();
        let ms = Duration::from_millis(1);
        // Three games want a board, game 3 first, then 1, then 2, each in its own channel.
        for (i, game) in [3, 1, 2].into_iter().enumerate() {
            let at = start + ms * u32::try_from(i).expect("small");
            posts.want_at(
                GameId(game),
                ChannelId(10 + game.unsigned_abs()),
                1,
                board(game, 1),
                at,
            );
        }
        let now = start + ms * 10;
        let (first, _) = posts.next(now, &pace);
        assert_eq!(first.expect("a board").0, GameId(3));
        // The boards' own pace: no second board in the same moment, and no drawing meanwhile.
        let (none, wait) = posts.next(now, &pace);
        assert!(none.is_none());
        let wait = wait.expect("a wait");
        assert!(
            wait > Duration::ZERO && wait <= Duration::from_millis(40),
            "{wait:?}"
        );
        // Game 3 wants again: it now waits behind 1 and 2, which waited longer (and for its
        // channel's gap).
        posts.want_at(GameId(3), ChannelId(13), 2, board(3, 2), now);
        let later = now + GAP;
        let order: Vec<GameId> = (0..3u32)
            .filter_map(|k| posts.next(later + wait * k, &pace).0.map(|due| due.0))
            .collect();
        assert_eq!(order, [GameId(1), GameId(2), GameId(3)]);
    }
}
