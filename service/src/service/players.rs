//! Players: settings, vacations, statistics and leaderboards.

use std::time::Duration;

use dama_rules::Color;

use super::{
    GameService, GameView, HeadToHead, PlayerStats, RatingSummary, Record, ServiceError, Streak,
    VacationStatus,
};
use crate::clock::Timestamp;
use crate::ids::{GuildId, Place, UserId};
use crate::model::{Player, PlayerSettings, SettingsUpdate, Speed};
use crate::store::{self, FinishedGame, RatingTable, VacationRecord};

const DAY: Duration = Duration::from_secs(86_400);
const DAY_MS: i64 = 86_400_000;

impl GameService {
    /// Records `player`'s name as seen at `place` (the games, leaderboards and PDN exports of
    /// that server, or of DMs, show it). Calls that take a [`Player`] do this themselves; the
    /// adapter may call it on any interaction.
    pub async fn see_player(&self, player: &Player, place: Place) -> Result<(), ServiceError> {
        let now = self.clock.now();
        let mut tx = self.write().await?;
        store::upsert_player(&mut tx, player, place.guild, now).await?;
        tx.commit().await?;
        Ok(())
    }

    /// `user`'s settings (the defaults for someone who never changed them).
    pub async fn settings(&self, user: UserId) -> Result<PlayerSettings, ServiceError> {
        if let Some(settings) = self.settings.recall(user) {
            return Ok(settings);
        }
        let mut conn = self.pool.acquire().await?;
        let settings = store::settings(&mut conn, user).await?.unwrap_or_default();
        self.settings.remember(user, &settings);
        Ok(settings)
    }

    /// The side at the bottom of `game`'s board for `viewer` (`None`: someone not signed in):
    /// a player's own side unless they chose White always
    /// ([`PlayerSettings::white_below`]), White for a spectator (see
    /// [`PlayerSettings::bottom`]). Every face draws a game's board this way; a spectator's
    /// settings are not read.
    pub async fn orientation(
        &self,
        game: &GameView,
        viewer: Option<UserId>,
    ) -> Result<Color, ServiceError> {
        let side = viewer.and_then(|user| Some((user, game.color_of(user)?)));
        let Some((user, side)) = side else {
            return Ok(PlayerSettings::default().bottom(None));
        };
        Ok(self.settings(user).await?.bottom(Some(side)))
    }

    /// Changes some of `player`'s settings (asked at `place`) and returns them all.
    pub async fn update_settings(
        &self,
        player: &Player,
        place: Place,
        update: SettingsUpdate,
    ) -> Result<PlayerSettings, ServiceError> {
        let now = self.clock.now();
        let mut tx = self.write().await?;
        store::upsert_player(&mut tx, player, place.guild, now).await?;
        let current = store::settings(&mut tx, player.id)
            .await?
            .unwrap_or_default();
        let settings = update.apply(current);
        store::put_settings(&mut tx, player.id, &settings, now).await?;
        tx.commit().await?;
        self.settings.remember(player.id, &settings);
        Ok(settings)
    }

    /// Discord refused `user` a direct message (they closed their DMs): their turn notices go
    /// to the game's channel again. Whether they went elsewhere until now: the adapter then
    /// tells them so, once however many notices found their DMs closed.
    pub async fn dms_closed(&self, user: UserId) -> Result<bool, ServiceError> {
        let now = self.clock.now();
        let mut tx = self.write().await?;
        let changed = store::notify_in_channel(&mut tx, user, now).await?;
        tx.commit().await?;
        self.settings.forget(user);
        Ok(changed)
    }

    /// `user`'s vacation allowance and whether they are on vacation.
    pub async fn vacation(&self, user: UserId) -> Result<VacationStatus, ServiceError> {
        let now = self.clock.now();
        let mut conn = self.pool.acquire().await?;
        let record = store::vacation(&mut conn, user).await?;
        Ok(self.vacation_status(record.as_ref(), now))
    }

    /// `player` (asking at `place`) goes on vacation for `days` days from now: the clocks of
    /// their games stop (each deadline where they are to move moves `days` later, and moves made
    /// meanwhile give them a deadline counted from the vacation's end). The days count against
    /// this calendar year's allowance.
    pub async fn start_vacation(
        &self,
        player: &Player,
        place: Place,
        days: u32,
    ) -> Result<VacationStatus, ServiceError> {
        if days == 0 {
            return Err(ServiceError::InvalidVacationLength);
        }
        let now = self.clock.now();
        let mut tx = self.write().await?;
        store::upsert_player(&mut tx, player, place.guild, now).await?;
        let record = store::vacation(&mut tx, player.id)
            .await?
            .unwrap_or(VacationRecord {
                current: None,
                year: 0,
                days_used: 0,
            });
        if let Some((_, until)) = record.current.filter(|&(_, until)| until > now) {
            return Err(ServiceError::AlreadyOnVacation { until });
        }
        // A deadline that has passed is final: a vacation must not move it (the sweeper
        // records the loss).
        if let Some(game) = store::overdue_game_of(&mut tx, player.id, now).await? {
            return Err(tx.abandon(ServiceError::OverdueGame(game)).await);
        }
        let status = self.vacation_status(Some(&record), now);
        if days > status.days_left {
            return Err(ServiceError::VacationExhausted {
                days_left: status.days_left,
            });
        }
        let until = now + DAY * days;
        let record = VacationRecord {
            current: Some((now, until)),
            year: now.date().year,
            days_used: status.days_used + days,
        };
        store::put_vacation(&mut tx, player.id, &record, now).await?;
        store::shift_deadlines(&mut tx, player.id, until.as_millis() - now.as_millis(), now)
            .await?;
        tx.commit().await?;
        Ok(self.vacation_status(Some(&record), now))
    }

    /// `user` comes back early: their clocks run again from now, and whole unused days return
    /// to the allowance.
    pub async fn end_vacation(&self, user: UserId) -> Result<VacationStatus, ServiceError> {
        let now = self.clock.now();
        let mut tx = self.write().await?;
        let record = store::vacation(&mut tx, user).await?;
        let Some(mut record) = record.filter(|r| r.current.is_some_and(|(_, until)| until > now))
        else {
            return Err(ServiceError::NotOnVacation);
        };
        let until = record.current.map_or(now, |(_, until)| until);
        let unused_ms = until.as_millis() - now.as_millis();
        let unused_days = u32::try_from(unused_ms / DAY_MS).unwrap_or(0);
        if record.year == now.date().year {
            record.days_used = record.days_used.saturating_sub(unused_days);
        }
        record.current = None;
        store::put_vacation(&mut tx, user, &record, now).await?;
        store::shift_deadlines(&mut tx, user, -unused_ms, now).await?;
        tx.commit().await?;
        Ok(self.vacation_status(Some(&record), now))
    }

    fn vacation_status(&self, record: Option<&VacationRecord>, now: Timestamp) -> VacationStatus {
        let this_year = now.date().year;
        let days_used = record
            .filter(|r| r.year == this_year)
            .map_or(0, |r| r.days_used);
        VacationStatus {
            until: record
                .and_then(|r| r.current)
                .map(|(_, until)| until)
                .filter(|&until| until > now),
            days_used,
            days_left: self.config.vacation_days_per_year.saturating_sub(days_used),
        }
    }

    /// `user`'s ratings (one a speed they have played rated games of), results and streak in
    /// `guild` (or DMs), and with `vs` their results against that player; names as known
    /// there.
    pub async fn stats(
        &self,
        guild: Option<GuildId>,
        user: UserId,
        vs: Option<UserId>,
    ) -> Result<PlayerStats, ServiceError> {
        let mut tx = self.pool.begin().await?;
        let scope = store::scope(guild);
        let name = store::player_name(&mut tx, user, scope).await?;
        let min_games = self.config.leaderboard_min_games;
        let mut ratings = Vec::new();
        for speed in Speed::ALL {
            let table = RatingTable::AllTime(guild, speed);
            let Some(r) = store::rating(&mut tx, table, user).await? else {
                continue;
            };
            let rank = if r.games >= min_games {
                Some(store::players_above(&mut tx, table, min_games, r.rating.rating).await? + 1)
            } else {
                None
            };
            ratings.push(RatingSummary {
                speed,
                rating: r.rating,
                games: r.games,
                provisional: r.rating.is_provisional(self.config.provisional_deviation),
                rank,
            });
        }
        let games = store::finished_games(&mut tx, user, guild).await?;
        let head_to_head = match vs {
            Some(opponent) => Some(HeadToHead {
                opponent,
                opponent_name: store::player_name(&mut tx, opponent, scope).await?,
                record: record_of(
                    user,
                    games
                        .iter()
                        .filter(|g| g.white == opponent || g.black == opponent),
                ),
            }),
            None => None,
        };
        tx.commit().await?;
        Ok(PlayerStats {
            user,
            name,
            ratings,
            record: record_of(user, games.iter()),
            streak: streak_of(user, &games),
            head_to_head,
        })
    }
}

/// How a finished game went for `user`: `Some(true)` won, `Some(false)` lost, `None` drawn.
fn won(user: UserId, game: &FinishedGame) -> Option<bool> {
    let mine = if game.white == user {
        Color::White
    } else {
        Color::Black
    };
    game.winner.map(|w| w == mine)
}

fn record_of<'a>(user: UserId, games: impl Iterator<Item = &'a FinishedGame>) -> Record {
    games.fold(Record::default(), |mut r, g| {
        r.games += 1;
        match won(user, g) {
            Some(true) => r.wins += 1,
            Some(false) => r.losses += 1,
            None => r.draws += 1,
        }
        r
    })
}

/// The run of equal results at the head of `games` (newest first).
fn streak_of(user: UserId, games: &[FinishedGame]) -> Streak {
    let Some(first) = games.first() else {
        return Streak::None;
    };
    let kind = won(user, first);
    let n = games.iter().take_while(|g| won(user, g) == kind).count();
    let n = u32::try_from(n).unwrap_or(u32::MAX);
    match kind {
        Some(true) => Streak::Wins(n),
        Some(false) => Streak::Losses(n),
        None => Streak::Draws(n),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::GameId;

    fn game(white: u64, black: u64, winner: Option<Color>) -> FinishedGame {
        FinishedGame {
            id: GameId(0),
            white: UserId(white),
            black: UserId(black),
            winner,
            rated: true,
        }
    }

    #[test]
    fn a_streak_counts_equal_results_from_the_newest_game() {
        let me = UserId(1);
        let games = [
            game(1, 2, Some(Color::White)),
            game(3, 1, Some(Color::Black)),
            game(1, 2, None),
            game(1, 2, Some(Color::White)),
        ];
        assert_eq!(streak_of(me, &games), Streak::Wins(2));
        assert_eq!(streak_of(UserId(2), &games[..1]), Streak::Losses(1));
        assert_eq!(streak_of(me, &games[2..]), Streak::Draws(1));
        assert_eq!(streak_of(me, &[]), Streak::None);
    }

    #[test]
    fn a_record_counts_results_from_the_players_side() {
        let games = [
            game(1, 2, Some(Color::White)),
            game(2, 1, Some(Color::White)),
            game(2, 1, None),
        ];
        let r = record_of(UserId(1), games.iter());
        assert_eq!(
            r,
            Record {
                games: 3,
                wins: 1,
                draws: 1,
                losses: 1
            }
        );
    }
}
