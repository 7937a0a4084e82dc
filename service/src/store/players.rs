//! Players: their names (per place), settings, vacations.

use dama_rules::notation::Notation;
use sqlx::FromRow;
use sqlx::any::AnyRow;

use super::{Backend, Conn, Flag, corrupt, lock, scope, time, to_db};
use crate::clock::Timestamp;
use crate::ids::{GuildId, UserId};
use crate::model::{Notify, Player, PlayerSettings, Theme};

/// How stale a member's sighting on a server may grow before an interaction there writes it
/// again: a write per interaction would cost more than the week a sighting counts for needs.
pub(crate) const SEEN_REFRESH_MS: i64 = 60 * 60 * 1000;

/// The statement of [`upsert_player`] that writes the name in `member_names` (`$4` the scope,
/// `$1` the user, `$2` the name, `$3` the time, `$6` the oldest sighting kept as it is, `$7`
/// the sighting to write, 0 for none): the same on both backends, sent after the others on
/// SQLite and as the main statement of the `WITH` on PostgreSQL. A sighting is never moved
/// back.
macro_rules! member_name {
    () => {
        "INSERT INTO member_names (scope, user_id, display_name, updated_at, seen_at)
         VALUES ($4, $1, $2, $3, $7)
         ON CONFLICT (scope, user_id) DO UPDATE SET display_name = excluded.display_name,
             updated_at = CASE WHEN member_names.display_name <> excluded.display_name
                 THEN excluded.updated_at ELSE member_names.updated_at END,
             seen_at = CASE WHEN excluded.seen_at > member_names.seen_at
                 THEN excluded.seen_at ELSE member_names.seen_at END
         WHERE member_names.display_name <> excluded.display_name
             OR member_names.seen_at < $6"
    };
}

/// Whether recording a player is a sighting of them on the server, which proves their
/// membership there for a while (see the service's `is_member`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Sighting {
    /// Their own action there: a command or an interaction they made on the server.
    InServer,
    /// Anything else: named by someone else (a challenge's opponent), or acting from outside
    /// the server (a web page, which needs membership and so cannot prove it).
    Elsewhere,
}

/// Records `player` with the name they have in `guild` (or DMs), creating the player on first
/// sight: the name for that place, and their global name (see [`Player::global_name`]), which
/// the places where they were never seen show. A player first seen on a server without a
/// global name is created with the name seen there, the only one known. Each row is written
/// only when its name changed, except that the sighting on the server (`member_names.seen_at`)
/// is renewed when it is older than [`SEEN_REFRESH_MS`]; and a server this
/// comes from counts as one the bot is in (`joined_servers`). One round trip for all the
/// statements (sent together on SQLite, as a data-modifying `WITH` on PostgreSQL, which
/// prepares one statement at a time).
pub(crate) async fn upsert_player(
    conn: &mut Conn,
    player: &Player,
    guild: Option<GuildId>,
    now: Timestamp,
) -> Result<(), sqlx::Error> {
    record_player(conn, player, guild, now, Sighting::InServer).await
}

/// As [`upsert_player`], as `sighting` says: [`Sighting::Elsewhere`] records the names and
/// leaves the sighting on the server as it was (none, for a member first named now).
pub(crate) async fn record_player(
    conn: &mut Conn,
    player: &Player,
    guild: Option<GuildId>,
    now: Timestamp,
    sighting: Sighting,
) -> Result<(), sqlx::Error> {
    let (seen, stale_before) = match sighting {
        Sighting::InServer => (
            now.as_millis(),
            now.as_millis().saturating_sub(SEEN_REFRESH_MS),
        ),
        Sighting::Elsewhere => (0, i64::MIN),
    };
    let sql = match Backend::of(conn) {
        Backend::Sqlite => concat!(
            "INSERT INTO players (user_id, display_name, created_at, updated_at)
             VALUES ($1, coalesce($5, $2), $3, $3)
             ON CONFLICT (user_id) DO UPDATE SET display_name = excluded.display_name,
                 updated_at = excluded.updated_at
             WHERE $5 IS NOT NULL AND players.display_name <> excluded.display_name; ",
            member_name!(),
            "; INSERT INTO joined_servers (guild_id, joined_at)
             SELECT $4, $3 WHERE $4 <> 0
             ON CONFLICT (guild_id) DO NOTHING;"
        ),
        Backend::Postgres => concat!(
            "WITH player AS (
                 INSERT INTO players (user_id, display_name, created_at, updated_at)
                 VALUES ($1, coalesce($5, $2), $3, $3)
                 ON CONFLICT (user_id) DO UPDATE SET display_name = excluded.display_name,
                     updated_at = excluded.updated_at
                 WHERE $5 IS NOT NULL AND players.display_name <> excluded.display_name),
             server AS (
                 INSERT INTO joined_servers (guild_id, joined_at)
                 SELECT $4, $3 WHERE $4 <> 0
                 ON CONFLICT (guild_id) DO NOTHING) ",
            member_name!()
        ),
    };
    sqlx::query(sql)
        .bind(to_db(player.id.0))
        .bind(&player.name)
        .bind(now.as_millis())
        .bind(scope(guild))
        .bind(player.global_name_seen_in(guild))
        .bind(stale_before)
        .bind(seen)
        .execute(conn)
        .await?;
    Ok(())
}

/// Locks the player rows of `users` until the transaction ends (PostgreSQL; see [`lock`]):
/// taken before their ratings are read to be changed, in the order of their ids so that two
/// transactions never wait for each other.
pub(crate) async fn lock_players(conn: &mut Conn, users: [UserId; 2]) -> Result<(), sqlx::Error> {
    let mut keys = users.map(|u| to_db(u.0));
    keys.sort_unstable();
    lock(
        conn,
        "SELECT user_id FROM players WHERE user_id IN ($1, $2) ORDER BY user_id FOR UPDATE",
        &keys,
    )
    .await
}

/// The player's name in `scope` (see [`scope`]), if they have used the bot.
pub(crate) async fn player_name(
    conn: &mut Conn,
    user: UserId,
    scope: i64,
) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar(concat!("SELECT ", name_in!("$1", "$2")))
        .bind(to_db(user.0))
        .bind(scope)
        .fetch_one(conn)
        .await
}

/// `user`'s row of `players` as `sql` selects it (binding the user as `$1`), `None` if they
/// have never used the bot.
async fn player_row<R>(
    conn: &mut Conn,
    sql: &'static str,
    user: UserId,
) -> Result<Option<R>, sqlx::Error>
where
    R: for<'r> FromRow<'r, AnyRow> + Send + Unpin,
{
    sqlx::query_as(sql)
        .bind(to_db(user.0))
        .fetch_optional(conn)
        .await
}

#[derive(FromRow)]
struct SettingsRow {
    notation: String,
    theme: String,
    #[sqlx(try_from = "Flag")]
    white_below: bool,
    notify: String,
}

/// The player's settings, `None` if they have never used the bot.
pub(crate) async fn settings(
    conn: &mut Conn,
    user: UserId,
) -> Result<Option<PlayerSettings>, sqlx::Error> {
    let row: Option<SettingsRow> = player_row(
        conn,
        "SELECT notation, theme, white_below, notify FROM players WHERE user_id = $1",
        user,
    )
    .await?;
    row.map(|r| {
        Ok(PlayerSettings {
            notation: Notation::named(&r.notation)
                .ok_or_else(|| corrupt(format!("notation `{}`", r.notation)))?,
            theme: r
                .theme
                .parse::<Theme>()
                .map_err(|_| corrupt(format!("theme `{}`", r.theme)))?,
            white_below: r.white_below,
            notify: r
                .notify
                .parse::<Notify>()
                .map_err(|_| corrupt(format!("notify `{}`", r.notify)))?,
        })
    })
    .transpose()
}

/// Stores the settings of an existing player.
pub(crate) async fn put_settings(
    conn: &mut Conn,
    user: UserId,
    settings: &PlayerSettings,
    now: Timestamp,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE players SET notation = $2, theme = $3, white_below = $4, notify = $5,
             updated_at = $6
         WHERE user_id = $1",
    )
    .bind(to_db(user.0))
    .bind(settings.notation.name())
    .bind(settings.theme.name())
    .bind(settings.white_below)
    .bind(settings.notify.name())
    .bind(now.as_millis())
    .execute(conn)
    .await?;
    Ok(())
}

/// Sets the player's turn notices back to the channel; whether they went anywhere else (so
/// that of two callers at once, one alone sees the change).
pub(crate) async fn notify_in_channel(
    conn: &mut Conn,
    user: UserId,
    now: Timestamp,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE players SET notify = $2, updated_at = $3 WHERE user_id = $1 AND notify <> $2",
    )
    .bind(to_db(user.0))
    .bind(Notify::Channel.name())
    .bind(now.as_millis())
    .execute(conn)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// A player's vacation bookkeeping.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct VacationRecord {
    /// The running vacation: when it started and when it ends.
    pub current: Option<(Timestamp, Timestamp)>,
    /// The calendar year `days_used` counts for.
    pub year: i32,
    /// Days spent (or booked) in `year`.
    pub days_used: u32,
}

#[derive(FromRow)]
struct VacationRow {
    vacation_started_at: Option<i64>,
    vacation_until: Option<i64>,
    vacation_year: i64,
    vacation_days_used: i64,
}

/// The player's vacation record, `None` if they have never used the bot.
pub(crate) async fn vacation(
    conn: &mut Conn,
    user: UserId,
) -> Result<Option<VacationRecord>, sqlx::Error> {
    let row: Option<VacationRow> = player_row(
        conn,
        "SELECT vacation_started_at, vacation_until, vacation_year, vacation_days_used
         FROM players WHERE user_id = $1",
        user,
    )
    .await?;
    Ok(row.map(|r| VacationRecord {
        current: r
            .vacation_started_at
            .zip(r.vacation_until)
            .map(|(s, u)| (time(s), time(u))),
        year: i32::try_from(r.vacation_year).unwrap_or_default(),
        days_used: u32::try_from(r.vacation_days_used).unwrap_or_default(),
    }))
}

/// Stores the player's vacation record.
pub(crate) async fn put_vacation(
    conn: &mut Conn,
    user: UserId,
    record: &VacationRecord,
    now: Timestamp,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE players SET vacation_started_at = $2, vacation_until = $3, vacation_year = $4,
             vacation_days_used = $5, updated_at = $6
         WHERE user_id = $1",
    )
    .bind(to_db(user.0))
    .bind(record.current.map(|(s, _)| s.as_millis()))
    .bind(record.current.map(|(_, u)| u.as_millis()))
    .bind(record.year)
    .bind(i64::from(record.days_used))
    .bind(now.as_millis())
    .execute(conn)
    .await?;
    Ok(())
}
