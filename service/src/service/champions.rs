//! A server's champion roles: an administrator names a role for the winner of the server's
//! latest arena and one for the leader of its season, and the bot gives each to whoever holds
//! the title and takes it from whoever held it before.
//!
//! The service says who should hold each role and the next step towards it
//! ([`GameService::champion_step`]): take the role from its holder, or give it to the
//! champion. The face takes that step at Discord and records it
//! ([`GameService::champion_given`]), then asks again. A [`Notice::Champion`] is written when an
//! arena ends, when a rated game moves a season's table, and when a role is named.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::servers::{Authority, Managed};
use super::{GameService, Notice, Period, ServiceError};
use crate::ids::{ChannelId, GuildId, UserId};
use crate::store::{self, Conn};
use crate::tournament::Status;

/// A title with a role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChampionTitle {
    /// The winner of the server's latest arena.
    Arena,
    /// The leader of the server's season.
    Season,
}

impl ChampionTitle {
    /// The stored value.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            ChampionTitle::Arena => "arena",
            ChampionTitle::Season => "season",
        }
    }
}

/// A server's champion role as recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ChampionRole {
    pub role: u64,
    pub channel: ChannelId,
    /// Who the bot gave a role to, and which.
    pub held: Option<(UserId, u64)>,
}

/// The next step towards the role's rightful holder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChampionStep {
    /// Take role `role` from `user` (they hold it no more, or it is not the title's role now).
    Take {
        /// Who holds it.
        user: UserId,
        /// The role they were given.
        role: u64,
    },
    /// Give role `role` to `user`.
    Give {
        /// The champion.
        user: UserId,
        /// The title's role.
        role: u64,
    },
    /// The role is where it belongs (or no role is named).
    Nothing,
}

/// The next step for one title's role, with where to say what went wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChampionSync {
    /// The channel the role was named in.
    pub channel: Option<ChannelId>,
    /// What to do.
    pub step: ChampionStep,
}

/// The next step from `held` towards `champion` holding `role`.
fn next_step(role: u64, held: Option<(UserId, u64)>, champion: Option<UserId>) -> ChampionStep {
    match held {
        Some((user, given)) if Some(user) != champion || given != role => {
            ChampionStep::Take { user, role: given }
        }
        Some(_) => ChampionStep::Nothing,
        None => match champion {
            Some(user) => ChampionStep::Give { user, role },
            None => ChampionStep::Nothing,
        },
    }
}

/// Writes the notice that brings `guild`'s `title` role along, when a role is named for it.
pub(super) async fn changed(
    conn: &mut Conn,
    guild: GuildId,
    title: ChampionTitle,
    now: crate::clock::Timestamp,
) -> Result<(), ServiceError> {
    if store::champion_role(conn, guild, title).await?.is_some() {
        let notice = Notice::Champion { guild, title };
        super::outbox::push(conn, &notice, now, Duration::ZERO).await?;
    }
    Ok(())
}

impl GameService {
    /// Names `role` (`None`: none) for `guild`'s `title`, for a member with `authority` in
    /// `channel` (only managers may); the role then goes to the title's holder.
    pub async fn set_champion_role(
        &self,
        guild: GuildId,
        authority: Authority,
        title: ChampionTitle,
        role: Option<u64>,
        channel: ChannelId,
    ) -> Result<(), ServiceError> {
        authority.ensure_manages(Managed::Settings)?;
        let now = self.clock.now();
        let mut tx = self.write().await?;
        match role {
            Some(role) => {
                store::set_champion_role(&mut tx, guild, title, role, channel, now).await?;
                changed(&mut tx, guild, title, now).await?;
            }
            None => store::clear_champion_role(&mut tx, guild, title).await?,
        }
        tx.commit().await?;
        Ok(())
    }

    /// Who holds `guild`'s `title` now: the winner of its latest finished arena (first in its
    /// table, with a game played), or the leader of its open season's table (of its latest
    /// season once none is open).
    pub async fn champion(
        &self,
        guild: GuildId,
        title: ChampionTitle,
    ) -> Result<Option<UserId>, ServiceError> {
        match title {
            ChampionTitle::Arena => {
                let Some(latest) = self
                    .arenas(guild, &[Status::Finished], 1)
                    .await?
                    .into_iter()
                    .next()
                else {
                    return Ok(None);
                };
                let standings = self.arena_standings_of(latest.id).await?;
                Ok(standings
                    .rows
                    .first()
                    .filter(|row| row.games > 0 && row.score > 0)
                    .map(|row| row.user))
            }
            ChampionTitle::Season => {
                let period = if self.current_season(guild).await?.is_some() {
                    Period::Current
                } else {
                    Period::LatestSeason
                };
                match self.leaderboard(Some(guild), period, None, 1).await {
                    Ok(table) => Ok(table.entries.first().map(|e| e.user)),
                    Err(ServiceError::NoOpenSeason) => Ok(None),
                    Err(e) => Err(e),
                }
            }
        }
    }

    /// The next step towards `guild`'s `title` role being held by its champion alone.
    pub async fn champion_step(
        &self,
        guild: GuildId,
        title: ChampionTitle,
    ) -> Result<ChampionSync, ServiceError> {
        let recorded = {
            let mut conn = self.pool.acquire().await?;
            store::champion_role(&mut conn, guild, title).await?
        };
        let Some(recorded) = recorded else {
            return Ok(ChampionSync {
                channel: None,
                step: ChampionStep::Nothing,
            });
        };
        let champion = self.champion(guild, title).await?;
        Ok(ChampionSync {
            channel: Some(recorded.channel),
            step: next_step(recorded.role, recorded.held, champion),
        })
    }

    /// The face took `step` for `guild`'s `title`: recorded (and a refusal forgotten).
    pub async fn champion_given(
        &self,
        guild: GuildId,
        title: ChampionTitle,
        step: ChampionStep,
    ) -> Result<(), ServiceError> {
        let held = match step {
            ChampionStep::Nothing => return Ok(()),
            ChampionStep::Take { .. } => None,
            ChampionStep::Give { user, role } => Some((user, role)),
        };
        let now = self.clock.now();
        let mut tx = self.write().await?;
        store::set_champion_holder(&mut tx, guild, title, held, now).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Discord refused to give or take `guild`'s `title` role: whether to say so now (the first
    /// refusal since the role last moved).
    pub async fn champion_refused(
        &self,
        guild: GuildId,
        title: ChampionTitle,
    ) -> Result<bool, ServiceError> {
        let now = self.clock.now();
        let mut tx = self.write().await?;
        let first = store::note_champion_refused(&mut tx, guild, title, now).await?;
        tx.commit().await?;
        Ok(first)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_role_is_taken_from_a_former_holder_before_it_goes_to_the_champion() {
        let (ada, bea) = (UserId(1), UserId(2));
        assert_eq!(
            next_step(7, None, Some(ada)),
            ChampionStep::Give { user: ada, role: 7 }
        );
        assert_eq!(
            next_step(7, Some((ada, 7)), Some(ada)),
            ChampionStep::Nothing
        );
        assert_eq!(
            next_step(7, Some((ada, 7)), Some(bea)),
            ChampionStep::Take { user: ada, role: 7 }
        );
        // Another role named meanwhile: the old one is taken, then the new one given.
        assert_eq!(
            next_step(8, Some((ada, 7)), Some(ada)),
            ChampionStep::Take { user: ada, role: 7 }
        );
        assert_eq!(
            next_step(7, Some((ada, 7)), None),
            ChampionStep::Take { user: ada, role: 7 }
        );
        assert_eq!(next_step(7, None, None), ChampionStep::Nothing);
    }
}
