//! Arena tournaments, their members and their games.

use dama_rules::Color;
use sqlx::FromRow;

use super::{Conn, Flag, corrupt, from_db, lock, time, to_db};
use crate::clock::Timestamp;
use crate::ids::{ArenaId, ChannelId, GameId, GuildId, UserId};
use crate::model::LiveClock;
use crate::tournament::Status;
use crate::tournament::arena::{Arena, ArenaGame, ArenaMember, ArenaOptions, ArenaOutcome};

/// An arena to store.
pub(crate) struct NewArena<'a> {
    pub guild: GuildId,
    pub channel: ChannelId,
    pub creator: UserId,
    pub options: &'a ArenaOptions,
    pub rules: dama_rules::Rules,
    pub starts_at: Timestamp,
    pub ends_at: Timestamp,
    pub status: Status,
    pub now: Timestamp,
}

/// Stores a new arena.
pub(crate) async fn insert_arena(
    conn: &mut Conn,
    new: &NewArena<'_>,
) -> Result<ArenaId, sqlx::Error> {
    let o = new.options;
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO arenas (guild_id, channel_id, creator_id, name, minutes, clock_base_ms,
             clock_increment_ms, rated, rules, starts_at, ends_at, status, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
         RETURNING id",
    )
    .bind(to_db(new.guild.0))
    .bind(to_db(new.channel.0))
    .bind(to_db(new.creator.0))
    .bind(&o.name)
    .bind(i64::from(o.minutes))
    .bind(o.clock.base_ms())
    .bind(o.clock.increment_ms())
    .bind(o.rated)
    .bind(new.rules.name())
    .bind(new.starts_at.as_millis())
    .bind(new.ends_at.as_millis())
    .bind(new.status.name())
    .bind(new.now.as_millis())
    .fetch_one(conn)
    .await?;
    Ok(ArenaId(id))
}

#[derive(FromRow)]
struct ArenaRow {
    id: i64,
    guild_id: i64,
    channel_id: i64,
    creator_id: i64,
    name: String,
    minutes: i64,
    clock_base_ms: i64,
    clock_increment_ms: i64,
    #[sqlx(try_from = "Flag")]
    rated: bool,
    rules: String,
    starts_at: i64,
    ends_at: i64,
    status: String,
    standings_message_id: Option<i64>,
    created_at: i64,
}

impl ArenaRow {
    fn into_arena(self, members: Vec<ArenaMember>) -> Result<Arena, sqlx::Error> {
        let id = self.id;
        let bad = |what: &str| corrupt(format!("arena {id}: {what}"));
        Ok(Arena {
            id: ArenaId(id),
            guild: GuildId(from_db(self.guild_id)),
            channel: ChannelId(from_db(self.channel_id)),
            creator: UserId(from_db(self.creator_id)),
            name: self.name,
            minutes: u32::try_from(self.minutes).map_err(|_| bad("minutes"))?,
            clock: LiveClock::from_millis(self.clock_base_ms, self.clock_increment_ms)
                .ok_or_else(|| bad("clock"))?,
            rated: self.rated,
            rules: self.rules.parse().map_err(|_| bad("rules"))?,
            starts_at: time(self.starts_at),
            ends_at: time(self.ends_at),
            status: Status::from_name(&self.status).ok_or_else(|| bad("status"))?,
            standings_message: self.standings_message_id.map(from_db),
            created_at: time(self.created_at),
            members,
        })
    }
}

/// Arena `id` with its members, if it exists.
pub(crate) async fn arena(conn: &mut Conn, id: ArenaId) -> Result<Option<Arena>, sqlx::Error> {
    let row: Option<ArenaRow> = sqlx::query_as(
        "SELECT id, guild_id, channel_id, creator_id, name, minutes, clock_base_ms,
             clock_increment_ms, rated, rules, starts_at, ends_at, status, standings_message_id,
             created_at
         FROM arenas WHERE id = $1",
    )
    .bind(id.0)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(row) = row else {
        return Ok(None);
    };
    let members = arena_members(conn, id, GuildId(from_db(row.guild_id))).await?;
    row.into_arena(members).map(Some)
}

#[derive(FromRow)]
struct MemberRow {
    user_id: i64,
    display_name: Option<String>,
    #[sqlx(try_from = "Flag")]
    playing: bool,
    #[sqlx(try_from = "Flag")]
    paused: bool,
    #[sqlx(try_from = "Flag")]
    gone: bool,
    score: i64,
}

const MEMBERS: &str = concat!(
    "SELECT p.user_id, ",
    name_in!("p.user_id", "$1"),
    " AS display_name, p.playing, p.paused, p.left_at IS NOT NULL AS gone, p.score
     FROM arena_players p WHERE p.arena_id = $2 ORDER BY p.joined_at, p.user_id",
);

async fn arena_members(
    conn: &mut Conn,
    id: ArenaId,
    guild: GuildId,
) -> Result<Vec<ArenaMember>, sqlx::Error> {
    let rows: Vec<MemberRow> = sqlx::query_as(MEMBERS)
        .bind(to_db(guild.0))
        .bind(id.0)
        .fetch_all(conn)
        .await?;
    Ok(rows
        .into_iter()
        .map(|r| ArenaMember {
            user: UserId(from_db(r.user_id)),
            name: r
                .display_name
                .unwrap_or_else(|| from_db(r.user_id).to_string()),
            playing: r.playing,
            paused: r.paused,
            left: r.gone,
            score: u32::try_from(r.score).unwrap_or(0),
        })
        .collect())
}

/// Locks arena `id`'s row until the transaction ends (PostgreSQL; SQLite's writer holds the
/// whole database already).
pub(crate) async fn lock_arena(conn: &mut Conn, id: ArenaId) -> Result<(), sqlx::Error> {
    lock(
        conn,
        "SELECT id FROM arenas WHERE id = $1 FOR UPDATE",
        &[id.0],
    )
    .await
}

/// The ids of `guild`'s arenas in `statuses`, newest first, at most `limit`.
pub(crate) async fn arenas_in(
    conn: &mut Conn,
    guild: GuildId,
    statuses: &[Status],
    limit: u32,
) -> Result<Vec<ArenaId>, sqlx::Error> {
    let placeholders: Vec<String> = (0..statuses.len()).map(|i| format!("${}", i + 3)).collect();
    let sql = format!(
        "SELECT id FROM arenas WHERE guild_id = $1 AND status IN ({})
         ORDER BY id DESC LIMIT $2",
        placeholders.join(", ")
    );
    let mut query = sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
        .bind(to_db(guild.0))
        .bind(i64::from(limit));
    for status in statuses {
        query = query.bind(status.name());
    }
    let ids: Vec<i64> = query.fetch_all(conn).await?;
    Ok(ids.into_iter().map(ArenaId).collect())
}

/// The arenas the worker looks after at `now`: running ones, and open ones whose start came.
pub(crate) async fn arenas_to_run(
    conn: &mut Conn,
    now: Timestamp,
) -> Result<Vec<ArenaId>, sqlx::Error> {
    let ids: Vec<i64> = sqlx::query_scalar(
        "SELECT id FROM arenas
         WHERE status = 'running' OR (status = 'open' AND starts_at <= $1)
         ORDER BY id",
    )
    .bind(now.as_millis())
    .fetch_all(conn)
    .await?;
    Ok(ids.into_iter().map(ArenaId).collect())
}

/// When the next open arena starts, or the next running one ends.
pub(crate) async fn next_arena_change(conn: &mut Conn) -> Result<Option<Timestamp>, sqlx::Error> {
    let at: Option<i64> = sqlx::query_scalar(
        "SELECT min(CASE WHEN status = 'open' THEN starts_at ELSE ends_at END) FROM arenas
         WHERE status IN ('open', 'running')",
    )
    .fetch_one(conn)
    .await?;
    Ok(at.map(time))
}

/// Moves arena `id` from `from` to `to`; `false` if it was not at `from`.
pub(crate) async fn set_arena_status(
    conn: &mut Conn,
    id: ArenaId,
    from: Status,
    to: Status,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("UPDATE arenas SET status = $3 WHERE id = $1 AND status = $2")
        .bind(id.0)
        .bind(from.name())
        .bind(to.name())
        .execute(conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Records the message that shows arena `id`'s standings.
pub(crate) async fn set_arena_standings_message(
    conn: &mut Conn,
    id: ArenaId,
    message: u64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE arenas SET standings_message_id = $2 WHERE id = $1")
        .bind(id.0)
        .bind(to_db(message))
        .execute(conn)
        .await?;
    Ok(())
}

/// Adds `user` to arena `id`, free from `now`; `false` if they are in it already.
pub(crate) async fn insert_arena_player(
    conn: &mut Conn,
    id: ArenaId,
    user: UserId,
    now: Timestamp,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO arena_players (arena_id, user_id, joined_at, free_since) VALUES ($1, $2, $3, $3)
         ON CONFLICT (arena_id, user_id) DO NOTHING",
    )
    .bind(id.0)
    .bind(to_db(user.0))
    .bind(now.as_millis())
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Brings `user` back into arena `id` (after a pause or leaving): free from `now` unless in a
/// game; `false` if they were neither paused nor gone.
pub(crate) async fn return_arena_player(
    conn: &mut Conn,
    id: ArenaId,
    user: UserId,
    now: Timestamp,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE arena_players SET paused = FALSE, left_at = NULL, free_since = $3
         WHERE arena_id = $1 AND user_id = $2 AND (paused OR left_at IS NOT NULL)",
    )
    .bind(id.0)
    .bind(to_db(user.0))
    .bind(now.as_millis())
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Removes `user` from arena `id` (before its start); `false` if they were not in it.
pub(crate) async fn remove_arena_player(
    conn: &mut Conn,
    id: ArenaId,
    user: UserId,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("DELETE FROM arena_players WHERE arena_id = $1 AND user_id = $2")
        .bind(id.0)
        .bind(to_db(user.0))
        .execute(conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Marks `user` gone from arena `id` at `now`; `false` if they were not in it, or gone already.
pub(crate) async fn leave_arena_player(
    conn: &mut Conn,
    id: ArenaId,
    user: UserId,
    now: Timestamp,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE arena_players SET left_at = $3
         WHERE arena_id = $1 AND user_id = $2 AND left_at IS NULL",
    )
    .bind(id.0)
    .bind(to_db(user.0))
    .bind(now.as_millis())
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Pauses `user` in arena `id`; `false` if they were not in it (or gone, or paused already).
pub(crate) async fn pause_arena_player(
    conn: &mut Conn,
    id: ArenaId,
    user: UserId,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE arena_players SET paused = TRUE
         WHERE arena_id = $1 AND user_id = $2 AND NOT paused AND left_at IS NULL",
    )
    .bind(id.0)
    .bind(to_db(user.0))
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A member free to be paired, with what pairing needs.
#[derive(Debug, FromRow)]
pub(crate) struct FreeRow {
    pub user_id: i64,
    pub last_opponent_id: Option<i64>,
    pub whites_over_blacks: i64,
    pub free_since: i64,
}

/// The members of arena `id` free to be paired, in the order of the table's score (best
/// first; the table's later tie-breaks on its score's columns).
pub(crate) async fn free_arena_players(
    conn: &mut Conn,
    id: ArenaId,
) -> Result<Vec<FreeRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT user_id, last_opponent_id, whites_over_blacks, free_since FROM arena_players
         WHERE arena_id = $1 AND NOT playing AND NOT paused AND left_at IS NULL
         ORDER BY score DESC, wins DESC, games, free_since, user_id",
    )
    .bind(id.0)
    .fetch_all(conn)
    .await
}

/// How many members of arena `id` are in a game and will be free after it (not paused, not
/// gone).
pub(crate) async fn arena_players_coming_back(
    conn: &mut Conn,
    id: ArenaId,
) -> Result<usize, sqlx::Error> {
    let n: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM arena_players
         WHERE arena_id = $1 AND playing AND NOT paused AND left_at IS NULL",
    )
    .bind(id.0)
    .fetch_one(conn)
    .await?;
    Ok(usize::try_from(n).unwrap_or(0))
}

/// Puts free member `user` of arena `id` into a game against `opponent` as `color`; `false` if
/// they were not free (another instance paired them first).
pub(crate) async fn seat_arena_player(
    conn: &mut Conn,
    id: ArenaId,
    user: UserId,
    opponent: UserId,
    color: Color,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE arena_players SET playing = TRUE, last_opponent_id = $3,
             whites_over_blacks = whites_over_blacks + $4
         WHERE arena_id = $1 AND user_id = $2 AND NOT playing AND NOT paused AND left_at IS NULL",
    )
    .bind(id.0)
    .bind(to_db(user.0))
    .bind(to_db(opponent.0))
    .bind(if color == Color::White { 1_i64 } else { -1 })
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Frees `user` of arena `id` after their game, at `now`, with their score as it now stands.
pub(crate) async fn free_arena_player(
    conn: &mut Conn,
    id: ArenaId,
    user: UserId,
    now: Timestamp,
    [score, wins, games]: [u32; 3],
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE arena_players SET playing = FALSE, free_since = $3, score = $4, wins = $5,
             games = $6
         WHERE arena_id = $1 AND user_id = $2",
    )
    .bind(id.0)
    .bind(to_db(user.0))
    .bind(now.as_millis())
    .bind(i64::from(score))
    .bind(i64::from(wins))
    .bind(i64::from(games))
    .execute(conn)
    .await?;
    Ok(())
}

/// Records `game`, just created, as arena `id`'s.
pub(crate) async fn insert_arena_game(
    conn: &mut Conn,
    id: ArenaId,
    game: GameId,
    [white, black]: [UserId; 2],
    now: Timestamp,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO arena_games (game_id, arena_id, white_id, black_id, paired_at)
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(game.0)
    .bind(id.0)
    .bind(to_db(white.0))
    .bind(to_db(black.0))
    .bind(now.as_millis())
    .execute(conn)
    .await?;
    Ok(())
}

#[derive(FromRow)]
struct GameRow {
    game_id: i64,
    arena_id: i64,
    white_id: i64,
    black_id: i64,
    #[sqlx(try_from = "Flag")]
    white_berserk: bool,
    #[sqlx(try_from = "Flag")]
    black_berserk: bool,
    result: Option<String>,
    plies: Option<i64>,
    paired_at: i64,
    ended_at: Option<i64>,
}

impl GameRow {
    fn into_game(self) -> Result<(ArenaId, ArenaGame), sqlx::Error> {
        let outcome = match self.result.as_deref() {
            None => None,
            Some("white") => Some(ArenaOutcome::Won(Color::White)),
            Some("black") => Some(ArenaOutcome::Won(Color::Black)),
            Some("draw") => Some(ArenaOutcome::Drawn),
            Some("void") => Some(ArenaOutcome::Void),
            Some(other) => {
                return Err(corrupt(format!(
                    "arena game {}: result {other}",
                    self.game_id
                )));
            }
        };
        Ok((
            ArenaId(self.arena_id),
            ArenaGame {
                game: GameId(self.game_id),
                white: UserId(from_db(self.white_id)),
                black: UserId(from_db(self.black_id)),
                berserk: [self.white_berserk, self.black_berserk],
                outcome,
                plies: self.plies.and_then(|p| u32::try_from(p).ok()).unwrap_or(0),
                paired_at: time(self.paired_at),
                ended_at: self.ended_at.map(time),
            },
        ))
    }
}

const SELECT_GAME: &str = "SELECT a.game_id, a.arena_id, a.white_id, a.black_id,
    g.white_berserk, g.black_berserk, a.result, a.plies, a.paired_at, a.ended_at
    FROM arena_games a JOIN games g ON g.id = a.game_id";

/// The games of arena `id`, in the order they were paired.
pub(crate) async fn arena_games(
    conn: &mut Conn,
    id: ArenaId,
) -> Result<Vec<ArenaGame>, sqlx::Error> {
    let sql = format!("{SELECT_GAME} WHERE a.arena_id = $1 ORDER BY a.paired_at, a.game_id");
    let rows: Vec<GameRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(id.0)
        .fetch_all(conn)
        .await?;
    rows.into_iter()
        .map(|r| r.into_game().map(|(_, g)| g))
        .collect()
}

/// The games of arena `id` that `user` played, in the order they were paired.
pub(crate) async fn arena_games_of(
    conn: &mut Conn,
    id: ArenaId,
    user: UserId,
) -> Result<Vec<ArenaGame>, sqlx::Error> {
    let sql = format!(
        "{SELECT_GAME} WHERE a.arena_id = $1 AND (a.white_id = $2 OR a.black_id = $2)
         ORDER BY a.paired_at, a.game_id"
    );
    let rows: Vec<GameRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(id.0)
        .bind(to_db(user.0))
        .fetch_all(conn)
        .await?;
    rows.into_iter()
        .map(|r| r.into_game().map(|(_, g)| g))
        .collect()
}

/// Game `game`'s arena and its arena record, if it is an arena game.
pub(crate) async fn arena_game(
    conn: &mut Conn,
    game: GameId,
) -> Result<Option<(ArenaId, ArenaGame)>, sqlx::Error> {
    let sql = format!("{SELECT_GAME} WHERE a.game_id = $1");
    let row: Option<GameRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(game.0)
        .fetch_optional(conn)
        .await?;
    row.map(GameRow::into_game).transpose()
}

/// Records how arena game `game` counted, after `plies` plies, at `now`; `false` if it was
/// recorded already.
pub(crate) async fn end_arena_game(
    conn: &mut Conn,
    game: GameId,
    outcome: ArenaOutcome,
    plies: u32,
    now: Timestamp,
) -> Result<bool, sqlx::Error> {
    let result = match outcome {
        ArenaOutcome::Won(Color::White) => "white",
        ArenaOutcome::Won(Color::Black) => "black",
        ArenaOutcome::Drawn => "draw",
        ArenaOutcome::Void => "void",
    };
    let done = sqlx::query(
        "UPDATE arena_games SET result = $2, plies = $3, ended_at = $4
         WHERE game_id = $1 AND result IS NULL",
    )
    .bind(game.0)
    .bind(result)
    .bind(i64::from(plies))
    .bind(now.as_millis())
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Marks `color` berserk in game `game`; `false` if it was already.
pub(crate) async fn set_berserk(
    conn: &mut Conn,
    game: GameId,
    color: Color,
) -> Result<bool, sqlx::Error> {
    let sql = match color {
        Color::White => "UPDATE games SET white_berserk = TRUE WHERE id = $1 AND NOT white_berserk",
        Color::Black => "UPDATE games SET black_berserk = TRUE WHERE id = $1 AND NOT black_berserk",
    };
    let done = sqlx::query(sql).bind(game.0).execute(conn).await?;
    Ok(done.rows_affected() == 1)
}
