//! The SQL of the web pages: each game's link token (see [`WebToken`]), and, on PostgreSQL,
//! the announcements by which each instance tells the others of the changes it commits.

use sqlx::Executor;
use sqlx::postgres::{PgConnectOptions, PgListener, PgPool, PgPoolOptions};

use super::{Conn, to_db};
use crate::clock::Timestamp;
use crate::ids::{ArenaId, GameId, UserId, WebToken};

/// Gives game `id` the token `token` unless it has one already (two instances asking at once
/// agree: the first write wins, and both read it back with [`web_token`]).
pub(crate) async fn set_web_token_if_none(
    conn: &mut Conn,
    id: GameId,
    token: &WebToken,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE games SET web_token = $1 WHERE id = $2 AND web_token IS NULL")
        .bind(token.as_str())
        .bind(id.0)
        .execute(conn)
        .await?;
    Ok(())
}

/// Gives every game made before links existed its token, so that no page or list ever has to
/// write one while it reads. Returns how many were given one.
pub(crate) async fn give_missing_web_tokens(pool: &super::Pool) -> Result<u64, sqlx::Error> {
    let missing: Vec<i64> = sqlx::query_scalar("SELECT id FROM games WHERE web_token IS NULL")
        .fetch_all(pool)
        .await?;
    if missing.is_empty() {
        return Ok(0);
    }
    let mut tx = pool.begin().await?;
    let mut given = 0;
    for id in missing {
        let token = WebToken::generate()
            .map_err(|e| sqlx::Error::Io(std::io::Error::other(e.to_string())))?;
        given += sqlx::query("UPDATE games SET web_token = $1 WHERE id = $2 AND web_token IS NULL")
            .bind(token.as_str())
            .bind(id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
    }
    tx.commit().await?;
    Ok(given)
}

/// Game `id`'s token: `None` when there is no such game, `Some(None)` when it has none yet.
pub(crate) async fn web_token(
    conn: &mut Conn,
    id: GameId,
) -> Result<Option<Option<String>>, sqlx::Error> {
    sqlx::query_scalar("SELECT web_token FROM games WHERE id = $1")
        .bind(id.0)
        .fetch_optional(conn)
        .await
}

/// The web's secret named `name` (hex digits), if made.
pub(crate) async fn web_secret(conn: &mut Conn, name: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT value FROM web_secrets WHERE name = $1")
        .bind(name)
        .fetch_optional(conn)
        .await
}

/// Keeps `value` as the web's secret `name` unless one is kept already (two instances making
/// it at once agree: the first write wins, and both read it back with [`web_secret`]).
pub(crate) async fn keep_web_secret_if_none(
    conn: &mut Conn,
    name: &str,
    value: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO web_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
    )
    .bind(name)
    .bind(value)
    .execute(conn)
    .await?;
    Ok(())
}

/// Voids every web session of `user` issued before `before` (unix ms).
pub(crate) async fn void_sessions(
    conn: &mut Conn,
    user: UserId,
    before: Timestamp,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO web_sessions_void (user_id, before) VALUES ($1, $2) \
         ON CONFLICT (user_id) DO UPDATE SET before = excluded.before",
    )
    .bind(to_db(user.0))
    .bind(before.as_millis())
    .execute(conn)
    .await?;
    Ok(())
}

/// The moment before which `user`'s web sessions are void, if they signed out everywhere.
pub(crate) async fn sessions_void_before(
    conn: &mut Conn,
    user: UserId,
) -> Result<Option<Timestamp>, sqlx::Error> {
    let before: Option<i64> =
        sqlx::query_scalar("SELECT before FROM web_sessions_void WHERE user_id = $1")
            .bind(to_db(user.0))
            .fetch_optional(conn)
            .await?;
    Ok(before.map(Timestamp::from_millis))
}

/// The game whose token is `token`, if any.
pub(crate) async fn game_by_web_token(
    conn: &mut Conn,
    token: &WebToken,
) -> Result<Option<GameId>, sqlx::Error> {
    let id: Option<i64> = sqlx::query_scalar("SELECT id FROM games WHERE web_token = $1")
        .bind(token.as_str())
        .fetch_optional(conn)
        .await?;
    Ok(id.map(GameId))
}

/// The PostgreSQL channel on which each instance announces the changes it commits to games
/// (see [`announce`]).
const CHANGES_CHANNEL: &str = "dama_games";

/// The most bytes of one announcement (PostgreSQL takes up to 8,000).
const ANNOUNCEMENT_BYTES: usize = 7_800;

/// What an announcement says, item by item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Announced {
    /// Game `0` is now at version `1`.
    Changed(GameId, i64),
    /// Arena `0` changed.
    Arena(ArenaId),
    /// Changes went unannounced: every game may have changed.
    Missed,
}

/// The text of one announcement: items separated by spaces, each `{id}:{version}` for a game,
/// `a{id}` for an arena, or `*` for [`Announced::Missed`] (a build that reads no arenas takes
/// an announcement with one as unreadable, and reads everything again). Room for about 180 changes.
#[derive(Debug, Default)]
pub(crate) struct Announcement(String);

impl Announcement {
    /// Adds `item`; `false` (nothing added) when the announcement is full, which it is not
    /// while it [`has_room`](Self::has_room).
    pub(crate) fn push(&mut self, item: Announced) -> bool {
        let text = match item {
            Announced::Changed(game, version) => format!("{}:{version}", game.0),
            Announced::Arena(id) => format!("a{}", id.0),
            Announced::Missed => "*".to_owned(),
        };
        if self.0.len() + 1 + text.len() > ANNOUNCEMENT_BYTES {
            return false;
        }
        if !self.0.is_empty() {
            self.0.push(' ');
        }
        self.0.push_str(&text);
        true
    }

    /// Whether any item of the longest form still fits.
    pub(crate) fn has_room(&self) -> bool {
        // Two i64s, a colon and a space.
        self.0.len() + 42 <= ANNOUNCEMENT_BYTES
    }
}

/// What the announcement `payload` says; `None` when any of it is in a form this build does not
/// read.
pub(crate) fn announced(payload: &str) -> Option<Vec<Announced>> {
    payload
        .split(' ')
        .map(|item| {
            if item == "*" {
                return Some(Announced::Missed);
            }
            if let Some(arena) = item.strip_prefix('a') {
                return Some(Announced::Arena(ArenaId(arena.parse().ok()?)));
            }
            let (id, version) = item.split_once(':')?;
            Some(Announced::Changed(
                GameId(id.parse().ok()?),
                version.parse().ok()?,
            ))
        })
        .collect()
}

/// A pool of one connection to the PostgreSQL database at `url`, made when first used (and
/// again when lost), for [`announce`]. Its commits do not wait for the disk: an announcement
/// lost with a crash of the server is no loss, since every listener reads all again when it
/// connects again.
pub(crate) fn announcer(url: &str) -> Result<PgPool, sqlx::Error> {
    let options: PgConnectOptions = url.parse()?;
    Ok(PgPoolOptions::new()
        .max_connections(1)
        .after_connect(|conn, _| {
            Box::pin(async move {
                conn.execute("SET synchronous_commit = off").await?;
                Ok(())
            })
        })
        .connect_lazy_with(options))
}

/// Sends `announcement` to every instance listening (see [`listen_for_changes`]), on its own:
/// a notification sent inside a writing transaction would hold PostgreSQL's one lock on
/// notifications through that transaction's commit, and so make every writer wait for the
/// others' commits.
pub(crate) async fn announce(
    pool: &PgPool,
    announcement: &Announcement,
) -> Result<(), sqlx::Error> {
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(CHANGES_CHANNEL)
        .bind(announcement.0.as_str())
        .execute(pool)
        .await?;
    Ok(())
}

/// A connection of its own to the PostgreSQL database at `url`, listening for the instances'
/// announcements (read them with [`announced`]). It is made again by itself when lost, and then
/// says so once (`try_recv` gives `None`).
pub(crate) async fn listen_for_changes(url: &str) -> Result<PgListener, sqlx::Error> {
    let mut listener = PgListener::connect(url).await?;
    listener.listen(CHANGES_CHANNEL).await?;
    Ok(listener)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_announcement_reads_back_as_what_was_announced() {
        let items = [
            Announced::Changed(GameId(12), 7),
            Announced::Arena(ArenaId(3)),
            Announced::Missed,
            Announced::Changed(GameId(i64::MAX), i64::MIN),
        ];
        let mut announcement = Announcement::default();
        for item in items {
            assert!(announcement.push(item));
        }
        assert_eq!(
            announcement.0,
            "12:7 a3 * 9223372036854775807:-9223372036854775808"
        );
        assert_eq!(announced(&announcement.0), Some(items.to_vec()));
    }

    #[test]
    fn a_full_announcement_takes_no_more_and_stays_within_the_limit() {
        let mut announcement = Announcement::default();
        let mut pushed = 0;
        while announcement.has_room() {
            assert!(announcement.push(Announced::Changed(GameId(i64::MIN), i64::MIN)));
            pushed += 1;
        }
        assert!(pushed > 150, "{pushed}");
        assert!(announcement.0.len() <= ANNOUNCEMENT_BYTES);
        let mut small = 0;
        while announcement.push(Announced::Changed(GameId(1), 1)) {
            small += 1;
        }
        assert!(small < 20, "{small}");
        assert!(announcement.0.len() <= ANNOUNCEMENT_BYTES);
        assert_eq!(
            announced(&announcement.0).map(|a| a.len()),
            Some(pushed + small)
        );
    }

    #[test]
    fn an_announcement_in_another_form_is_not_read() {
        for junk in [
            "",
            " ",
            ":",
            "12",
            "12:",
            ":7",
            "12:7:1",
            "a:7",
            "12:b",
            " 12:7",
            "12:7 ",
            "12:7  1:1",
            "**",
            "1٢:7",
            "99999999999999999999:1",
            "12;7",
        ] {
            assert_eq!(announced(junk), None, "{junk:?}");
        }
    }
}
