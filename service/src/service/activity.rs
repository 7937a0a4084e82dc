//! What the Activity needs of the service beyond the web pages': which game a
//! member's "Open board" press meant, and the games it offers to choose from
//! ([`GameService::activity_choices`]). Discord answers the press by opening the Activity in the
//! channel, telling it nothing of the game; the Activity asks here, with the member and the
//! channel it learns once the member is signed in.

use std::time::Duration;

use super::{GameFilter, GameService, GameView, ServiceError};
use crate::ids::{ChannelId, GameId, GuildId, UserId, WebToken};
use crate::store;
use crate::tournament::Status;
use crate::tournament::arena::{Arena, MemberState};

/// The arenas of a server the Activity looks through for one the member joined, the newest
/// first.
const ACTIVITY_ARENAS_SEEN: u32 = 10;

/// The most live games of a server the Activity offers.
pub const ACTIVITY_LIVE_LISTED: u32 = 10;

/// What the Activity opens, and what it offers to choose from.
#[derive(Debug, Clone, PartialEq)]
pub struct ActivityChoices {
    /// The game to open at once, if any.
    pub open: Option<ActivityGame>,
    /// The member's games in progress on the server, each marked when it is their move.
    pub mine: Vec<ActivityGame>,
    /// The server's live games that are not the member's (at most
    /// [`ACTIVITY_LIVE_LISTED`]), for a member of that server only.
    pub live: Vec<ActivityGame>,
    /// The arena of the server the member is in (open or running, not left), listed first.
    pub arena: Option<ActivityArena>,
}

/// An arena the member joined, as the Activity lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct ActivityArena {
    /// The arena.
    pub arena: Arena,
    /// Where the member stands in it.
    pub state: MemberState,
    /// Their place in its table and their score.
    pub rank: u32,
    /// Their score.
    pub score: u32,
    /// The link token of the arena game they are playing, if any.
    pub game: Option<WebToken>,
    /// Whether the server's community pages, and so the arena's page, are on.
    pub page: bool,
}

/// A game the Activity opens or offers.
#[derive(Debug, Clone, PartialEq)]
pub struct ActivityGame {
    /// The game.
    pub view: GameView,
    /// Its web link's token (the Activity opens games by it).
    pub token: WebToken,
    /// Whether it is the member's move in it.
    pub your_move: bool,
}

/// Whether it is `user`'s move in `view`.
#[must_use]
pub fn your_move(view: &GameView, user: UserId) -> bool {
    view.user_to_move() == Some(user)
}

/// How long a press opens its game: an Activity that starts later than this after the press
/// offers the member's games instead.
pub const LAUNCH_WINDOW: Duration = Duration::from_secs(15 * 60);

/// Presses older than this are dropped when the member presses again.
const FORGOTTEN_AFTER: Duration = Duration::from_secs(24 * 60 * 60);

impl GameService {
    /// Notes that `user` pressed `game`'s "Open board" in `channel`, now.
    ///
    /// # Errors
    /// The database's (a game that does not exist is refused by its foreign key).
    pub async fn record_launch(
        &self,
        user: UserId,
        channel: ChannelId,
        game: GameId,
    ) -> Result<(), ServiceError> {
        let now = self.clock.now();
        let forget_before = now.as_millis() - millis(FORGOTTEN_AFTER);
        let mut tx = self.write().await?;
        store::record_launch(&mut tx, user, channel, game, now.as_millis(), forget_before).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The game of `user`'s latest "Open board" press in `channel`, if it came within
    /// [`LAUNCH_WINDOW`].
    ///
    /// # Errors
    /// The database's.
    pub async fn launched_game(
        &self,
        user: UserId,
        channel: ChannelId,
    ) -> Result<Option<GameId>, ServiceError> {
        let since = self.clock.now().as_millis() - millis(LAUNCH_WINDOW);
        let mut conn = self.pool.acquire().await?;
        Ok(store::launched_game(&mut conn, user, channel, since).await?)
    }

    /// Whether `user` has been seen in `guild`: they played, challenged or were challenged
    /// there, or used a command there. The Activity shows a server's live games only to its
    /// members, and knows of the server only what the frame's address says.
    ///
    /// # Errors
    /// The database's.
    pub async fn seen_in(&self, user: UserId, guild: GuildId) -> Result<bool, ServiceError> {
        let mut conn = self.pool.acquire().await?;
        Ok(store::seen_in(&mut conn, user, guild).await?)
    }
}

impl GameService {
    /// What the Activity opened by `user` in `channel` on `guild` (both as the frame's address
    /// says, which anyone may write) opens and offers:
    ///
    /// - it opens the game of the member's latest "Open board" press in `channel` within
    ///   [`LAUNCH_WINDOW`]; else, when `channel` is a game's thread, that game if they may
    ///   watch it ([`may_watch`](GameService::may_watch));
    /// - it offers the member's games in progress on `guild` (marked when it is their move),
    ///   and, to a member of `guild` ([`is_member`](GameService::is_member)), its live games
    ///   that are not theirs (at most [`ACTIVITY_LIVE_LISTED`]). Without a server, nothing.
    ///
    /// # Errors
    /// The database's.
    pub async fn activity_choices(
        &self,
        user: UserId,
        channel: Option<ChannelId>,
        guild: Option<GuildId>,
    ) -> Result<ActivityChoices, ServiceError> {
        let mut open = None;
        if let Some(channel) = channel {
            let game = match self.launched_game(user, channel).await? {
                Some(game) => Some(self.game(game).await?),
                // Opened from a game's thread (its entry point, or a board there), by one of
                // its players or a member of its server.
                None => match self.game_in_channel(user, channel).await {
                    Ok(view)
                        if view.thread == Some(channel) && self.may_watch(user, &view).await? =>
                    {
                        Some(view)
                    }
                    Ok(_) | Err(ServiceError::NoGameHere | ServiceError::SeveralGamesHere(_)) => {
                        None
                    }
                    Err(e) => return Err(e),
                },
            };
            if let Some(view) = game {
                open = Some(self.activity_game(view, Some(user)).await?);
            }
        }
        let Some(guild) = guild else {
            return Ok(ActivityChoices {
                open,
                mine: Vec::new(),
                live: Vec::new(),
                arena: None,
            });
        };
        let mut mine = Vec::new();
        for view in self.active_games(user, GameFilter::Guild(guild)).await? {
            mine.push(self.activity_game(view, Some(user)).await?);
        }
        let mut live = Vec::new();
        if self.is_member(guild, user).await? {
            let games = self.live_games(guild, ACTIVITY_LIVE_LISTED).await?.games;
            for view in games
                .into_iter()
                .filter(|v| v.seats.color_of(user).is_none())
            {
                live.push(self.activity_game(view, None).await?);
            }
        }
        let arena = self.activity_arena(user, guild).await?;
        Ok(ActivityChoices {
            open,
            mine,
            live,
            arena,
        })
    }

    /// The newest arena of `guild`, open or running, that `user` joined and did not leave.
    async fn activity_arena(
        &self,
        user: UserId,
        guild: GuildId,
    ) -> Result<Option<ActivityArena>, ServiceError> {
        let statuses = [Status::Open, Status::Running];
        let arenas = self.arenas(guild, &statuses, ACTIVITY_ARENAS_SEEN).await?;
        let Some(joined) = arenas
            .into_iter()
            .find(|a| a.member(user).is_some_and(|m| !m.left))
        else {
            return Ok(None);
        };
        let standings = self.arena_standings(joined.id, Some(guild)).await?;
        let Some(state) = standings.member_state(user) else {
            return Ok(None);
        };
        let row = standings.rows.iter().find(|r| r.user == user);
        let game = match state {
            MemberState::Playing(game) => Some(self.web_token(game).await?),
            _ => None,
        };
        Ok(Some(ActivityArena {
            rank: row.map_or(0, |r| r.rank),
            score: row.map_or(0, |r| r.score),
            arena: standings.arena,
            state,
            game,
            page: self.community_pages(guild).await?,
        }))
    }

    /// Whether `user` may open `view` where only an address names its server (the Activity's
    /// frame): [`GameView::visible_to`] (its players anywhere, others from its server), with
    /// a spectator's membership of that server confirmed by [`is_member`](GameService::is_member).
    ///
    /// # Errors
    /// The database's.
    pub async fn may_watch(&self, user: UserId, view: &GameView) -> Result<bool, ServiceError> {
        let member = match view.place.guild {
            Some(guild) if view.seats.color_of(user).is_none() => {
                self.is_member(guild, user).await?
            }
            _ => true,
        };
        Ok(member && view.visible_to(user, view.place))
    }

    /// `view` as the Activity lists it, for `player` (none for a spectator).
    async fn activity_game(
        &self,
        view: GameView,
        player: Option<UserId>,
    ) -> Result<ActivityGame, ServiceError> {
        let token = self.web_token(view.id).await?;
        let your_move = player.is_some_and(|p| your_move(&view, p));
        Ok(ActivityGame {
            view,
            token,
            your_move,
        })
    }
}

/// `duration` in whole milliseconds.
fn millis(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}
