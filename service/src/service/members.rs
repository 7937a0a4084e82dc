//! Who is a member of which server: the directory the faces ask before they show a server's
//! games to someone whose membership only an address claims (the Activity's frame, a puzzle
//! page's link).
//!
//! The rules are [`GameService::is_member`]'s.

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError, RwLock};
use std::time::Duration;

use super::{GameService, ServiceError};
use crate::clock::Timestamp;
use crate::ids::{GuildId, UserId};
use crate::store;

/// How long a sighting of a member on a server counts as proof of their membership.
pub const SEEN_FOR: Duration = Duration::from_secs(7 * 24 * 60 * 60);

/// How long an answer from Discord (yes, no, or 403) is reused.
pub const MEMBERSHIP_CACHED_FOR: Duration = Duration::from_secs(5 * 60);

/// How long a failed lookup's "no" is reused before Discord is asked again.
pub const UNAVAILABLE_CACHED_FOR: Duration = Duration::from_secs(30);

/// The most answers kept in memory; past it, lapsed ones are dropped, and if none lapsed, all.
pub const CACHED_ANSWERS_MAX: usize = 10_000;

/// The most lookups in flight at once in one process.
pub const LOOKUPS_AT_ONCE: usize = 4;

/// The most lookups about one member per [`LOOKUP_WINDOW`].
pub const LOOKUPS_PER_MEMBER: u32 = 10;

/// The window [`LOOKUPS_PER_MEMBER`] counts in (fixed windows, starting at a member's first
/// lookup after the previous one ended).
pub const LOOKUP_WINDOW: Duration = Duration::from_secs(60);

/// How long a lookup may take before it counts as failed.
pub const LOOKUP_TIMEOUT: Duration = Duration::from_secs(5);

/// The most members whose lookups are counted at once; past it, a member not counted yet is
/// answered no without a lookup until some window ends.
const COUNTED_MEMBERS_MAX: usize = 10_000;

/// A lookup's answer, on its way.
pub type LookupFuture<'a> = Pin<Box<dyn Future<Output = Result<bool, LookupError>> + Send + 'a>>;

/// Asks the platform whether someone is a member of a server: the Discord side implements it
/// (its `GET /guilds/{guild}/members/{user}`, 404 meaning no).
pub trait MemberLookup: Send + Sync + 'static {
    /// Whether `user` is a member of `guild`.
    fn is_member(&self, guild: GuildId, user: UserId) -> LookupFuture<'_>;
}

/// Why a lookup gave no answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LookupError {
    /// The platform refused to say (Discord's 403: the bot may not see that server's members):
    /// counts as no, and is not asked again while cached.
    #[error("the platform refused to say whether the member is in the server")]
    Forbidden,
    /// Anything else: the platform could not be reached, or answered with an error.
    #[error("the membership lookup failed: {0}")]
    Unavailable(String),
}

/// The directory's memory: the lookup to ask, answers given a moment ago, and how many
/// lookups each member has cost lately. Shared by a service's clones.
pub(super) struct MemberDirectory {
    lookup: RwLock<Option<Arc<dyn MemberLookup>>>,
    at_once: tokio::sync::Semaphore,
    memory: Mutex<Memory>,
}

#[derive(Default)]
struct Memory {
    answers: HashMap<(GuildId, UserId), Cached>,
    counted: HashMap<UserId, Counted>,
}

#[derive(Clone, Copy)]
struct Cached {
    member: bool,
    until: Timestamp,
}

#[derive(Clone, Copy)]
struct Counted {
    since: Timestamp,
    lookups: u32,
}

impl Default for MemberDirectory {
    fn default() -> MemberDirectory {
        MemberDirectory {
            lookup: RwLock::new(None),
            at_once: tokio::sync::Semaphore::new(LOOKUPS_AT_ONCE),
            memory: Mutex::default(),
        }
    }
}

impl std::fmt::Debug for MemberDirectory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MemberDirectory").finish_non_exhaustive()
    }
}

impl MemberDirectory {
    fn memory(&self) -> std::sync::MutexGuard<'_, Memory> {
        self.memory.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn recall(&self, guild: GuildId, user: UserId, now: Timestamp) -> Option<bool> {
        self.memory()
            .answers
            .get(&(guild, user))
            .filter(|c| c.until > now)
            .map(|c| c.member)
    }

    fn remember(
        &self,
        guild: GuildId,
        user: UserId,
        member: bool,
        until: Timestamp,
        now: Timestamp,
    ) {
        let mut memory = self.memory();
        if memory.answers.len() >= CACHED_ANSWERS_MAX {
            memory.answers.retain(|_, c| c.until > now);
            if memory.answers.len() >= CACHED_ANSWERS_MAX {
                memory.answers.clear();
            }
        }
        memory
            .answers
            .insert((guild, user), Cached { member, until });
    }

    /// Counts a lookup about `user` now, unless their lookups this window are spent (or too
    /// many members are counted already): whether it may go ahead.
    fn charge(&self, user: UserId, now: Timestamp) -> bool {
        let mut memory = self.memory();
        let lapsed = |c: &Counted| now.since(c.since) >= LOOKUP_WINDOW;
        if !memory.counted.contains_key(&user) && memory.counted.len() >= COUNTED_MEMBERS_MAX {
            memory.counted.retain(|_, c| !lapsed(c));
            if memory.counted.len() >= COUNTED_MEMBERS_MAX {
                return false;
            }
        }
        let counted = memory.counted.entry(user).or_insert(Counted {
            since: now,
            lookups: 0,
        });
        if lapsed(counted) {
            *counted = Counted {
                since: now,
                lookups: 0,
            };
        }
        if counted.lookups >= LOOKUPS_PER_MEMBER {
            return false;
        }
        counted.lookups += 1;
        true
    }

    fn forget_server(&self, guild: GuildId) {
        self.memory().answers.retain(|(g, _), _| *g != guild);
    }
}

impl GameService {
    /// From now on, [`is_member`](GameService::is_member) asks `lookup` about members it
    /// has not seen lately, within its bounds. Clones share it.
    pub fn set_member_lookup(&self, lookup: Arc<dyn MemberLookup>) {
        *self
            .members
            .lookup
            .write()
            .unwrap_or_else(PoisonError::into_inner) = Some(lookup);
    }

    /// Whether `user` is a member of `guild`, in this order:
    ///
    /// 1. **Seen there lately: yes.** A member whose own command or interaction came from the
    ///    server within [`SEEN_FOR`] is a member, without asking. Being named there by someone
    ///    else (a challenge's opponent) is no sighting, nor is an action from outside the server
    ///    (a puzzle started on the web, which needs membership and so cannot prove it).
    /// 2. **A server the bot is not in: no**, without asking. The bot is in a server from the
    ///    gateway's word ([`GameService::joined_server`], [`GameService::left_server`]) and from
    ///    any interaction that came from it (kept in the `joined_servers` table).
    /// 3. **An answer given a moment ago**, yes or no, cached in memory for
    ///    [`MEMBERSHIP_CACHED_FOR`] (a failure's for less, see below), at most
    ///    [`CACHED_ANSWERS_MAX`] answers.
    /// 4. **Else Discord is asked**, through the [`MemberLookup`] the Discord side sets with
    ///    [`GameService::set_member_lookup`] (without one: no), within two bounds, past which the
    ///    answer is no at once, not cached, without asking:
    ///    - at most [`LOOKUPS_AT_ONCE`] lookups at once in this process (no waiting for a turn: a
    ///      page is better answered "not a member" now than late);
    ///    - at most [`LOOKUPS_PER_MEMBER`] lookups per member per [`LOOKUP_WINDOW`]. A member who
    ///      asks about 1,000 servers within a minute, the bot's or not, costs exactly as many
    ///      lookups as there are servers of the bot's among them, up to 10: never more than 10 a
    ///      minute, whatever they ask.
    ///
    /// Discord's 403 ([`LookupError::Forbidden`]) is a no, cached as long as any answer and so not
    /// asked again meanwhile. Any other failure ([`LookupError::Unavailable`], or no answer within
    /// [`LOOKUP_TIMEOUT`]) is a no for now, cached only for [`UNAVAILABLE_CACHED_FOR`], so that a
    /// Discord in trouble is not asked again at once and is asked again soon.
    ///
    /// A member who leaves or is kicked is no longer one once their last sighting is older than
    /// [`SEEN_FOR`] and the cached answer lapsed.
    ///
    /// # Errors
    /// The database's.
    pub async fn is_member(&self, guild: GuildId, user: UserId) -> Result<bool, ServiceError> {
        let now = self.clock.now();
        let (seen_at, joined) = {
            let mut conn = self.pool.acquire().await?;
            store::membership_facts(&mut conn, guild, user).await?
        };
        if seen_at.is_some_and(|at| now.since(Timestamp::from_millis(at)) < SEEN_FOR) {
            return Ok(true);
        }
        if !joined {
            return Ok(false);
        }
        let directory = &self.members;
        if let Some(member) = directory.recall(guild, user, now) {
            return Ok(member);
        }
        let lookup = directory
            .lookup
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        let Some(lookup) = lookup else {
            return Ok(false);
        };
        // No waiting for a turn: when every lookup is taken, "no" now.
        let Ok(_permit) = directory.at_once.try_acquire() else {
            return Ok(false);
        };
        if !directory.charge(user, now) {
            return Ok(false);
        }
        let answer = tokio::time::timeout(LOOKUP_TIMEOUT, lookup.is_member(guild, user))
            .await
            .unwrap_or_else(|_| Err(LookupError::Unavailable("no answer in time".into())));
        let (member, kept) = match answer {
            Ok(member) => (member, MEMBERSHIP_CACHED_FOR),
            Err(LookupError::Forbidden) => (false, MEMBERSHIP_CACHED_FOR),
            Err(LookupError::Unavailable(why)) => {
                tracing::warn!(%guild, error = %why, "cannot learn whether a member is in a server");
                (false, UNAVAILABLE_CACHED_FOR)
            }
        };
        directory.remember(guild, user, member, now + kept, now);
        Ok(member)
    }

    /// The bot is in `guild` (the gateway said it joined, or listed it on connecting).
    ///
    /// # Errors
    /// The database's.
    pub async fn joined_server(&self, guild: GuildId) -> Result<(), ServiceError> {
        let now = self.clock.now();
        let mut tx = self.write().await?;
        store::join_server(&mut tx, guild, now.as_millis()).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The bot left `guild`, or was removed from it: Discord is no longer asked about its
    /// members, and this process forgets the answers it had about them. (A later interaction
    /// from there counts as the bot being in it again.)
    ///
    /// # Errors
    /// The database's.
    pub async fn left_server(&self, guild: GuildId) -> Result<(), ServiceError> {
        let mut tx = self.write().await?;
        store::leave_server(&mut tx, guild).await?;
        tx.commit().await?;
        self.members.forget_server(guild);
        Ok(())
    }
}
