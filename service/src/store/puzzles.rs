//! Puzzles: each server's puzzles, its members' tries and puzzle ratings, and its daily puzzle.

use sqlx::FromRow;

use super::{Conn, from_db, time, to_db};
use crate::clock::Timestamp;
use crate::ids::{ChannelId, GameId, GuildId, UserId};
use crate::rating::Rating;

/// A puzzle to store.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct PuzzleInsert<'a> {
    pub guild: GuildId,
    pub game: Option<GameId>,
    pub ply: u32,
    pub rules: &'a str,
    pub start_position: &'a str,
    pub solution: &'a str,
    pub theme: Option<&'a str>,
    pub difficulty: u8,
    pub rating: Rating,
}

/// A puzzle as stored.
#[derive(Debug, Clone, PartialEq, FromRow)]
pub(crate) struct PuzzleRow {
    pub id: i64,
    pub guild_id: i64,
    pub game_id: Option<i64>,
    pub ply: i64,
    pub rules: String,
    pub start_position: String,
    pub solution: String,
    pub theme: Option<String>,
    pub difficulty: i64,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub tries: i64,
}

impl PuzzleRow {
    /// The puzzle's own rating.
    pub(crate) fn rating(&self) -> Rating {
        Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }
}

/// Stores a puzzle; its id, whether it was new or was stored already (the same position of the
/// same game).
pub(crate) async fn insert_puzzle(
    conn: &mut Conn,
    puzzle: &PuzzleInsert<'_>,
    now: Timestamp,
) -> Result<(i64, bool), sqlx::Error> {
    let guild = to_db(puzzle.guild.0);
    let inserted: Option<i64> = sqlx::query_scalar(
        "INSERT INTO puzzles (guild_id, game_id, ply, rules, start_position, solution, theme,
             difficulty, rating, deviation, volatility, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         ON CONFLICT DO NOTHING
         RETURNING id",
    )
    .bind(guild)
    .bind(puzzle.game.map(|g| g.0))
    .bind(i64::from(puzzle.ply))
    .bind(puzzle.rules)
    .bind(puzzle.start_position)
    .bind(puzzle.solution)
    .bind(puzzle.theme)
    .bind(i64::from(puzzle.difficulty))
    .bind(puzzle.rating.rating)
    .bind(puzzle.rating.deviation)
    .bind(puzzle.rating.volatility)
    .bind(now.as_millis())
    .fetch_optional(&mut *conn)
    .await?;
    if let Some(id) = inserted {
        return Ok((id, true));
    }
    let existing: i64 = sqlx::query_scalar(
        "SELECT id FROM puzzles WHERE guild_id = $1 AND game_id = $2 AND ply = $3",
    )
    .bind(guild)
    .bind(puzzle.game.map(|g| g.0))
    .bind(i64::from(puzzle.ply))
    .fetch_one(conn)
    .await?;
    Ok((existing, false))
}

/// The columns of a puzzle row.
const PUZZLE_COLUMNS: &str = "SELECT id, guild_id, game_id, ply, rules, start_position, solution,
     theme, difficulty, rating, deviation, volatility, tries FROM puzzles";

/// Puzzle `id`, if there is one.
pub(crate) async fn puzzle(conn: &mut Conn, id: i64) -> Result<Option<PuzzleRow>, sqlx::Error> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{PUZZLE_COLUMNS} WHERE id = $1"
    )))
    .bind(id)
    .fetch_optional(conn)
    .await
}

/// The nearest puzzle of a server at or above a rating that a member has not tried: it walks
/// `puzzles_by_rating` up from the rating and stops at the first untried one (each a key
/// lookup in the tries).
const UNTRIED_ABOVE: &str = "SELECT p.id, p.rating FROM puzzles p
     WHERE p.guild_id = $1 AND p.rating >= $3 AND NOT EXISTS (
         SELECT 1 FROM puzzle_attempts a WHERE a.puzzle_id = p.id AND a.user_id = $2)
     ORDER BY p.rating, p.id
     LIMIT 1";

/// The same below the rating, walking the index down.
const UNTRIED_BELOW: &str = "SELECT p.id, p.rating FROM puzzles p
     WHERE p.guild_id = $1 AND p.rating < $3 AND NOT EXISTS (
         SELECT 1 FROM puzzle_attempts a WHERE a.puzzle_id = p.id AND a.user_id = $2)
     ORDER BY p.rating DESC, p.id DESC
     LIMIT 1";

/// The puzzle of `guild` that `user` has not tried whose rating is nearest `rating` (the one
/// above of two as near).
pub(crate) async fn next_puzzle_for(
    conn: &mut Conn,
    guild: GuildId,
    user: UserId,
    rating: f64,
) -> Result<Option<i64>, sqlx::Error> {
    let mut nearest: Option<(i64, f64)> = None;
    for statement in [UNTRIED_ABOVE, UNTRIED_BELOW] {
        let found: Option<(i64, f64)> = sqlx::query_as(statement)
            .bind(to_db(guild.0))
            .bind(to_db(user.0))
            .bind(rating)
            .fetch_optional(&mut *conn)
            .await?;
        if let Some((id, at)) = found
            && nearest.is_none_or(|(_, best)| (at - rating).abs() < (best - rating).abs())
        {
            nearest = Some((id, at));
        }
    }
    Ok(nearest.map(|(id, _)| id))
}

/// Whether `guild` has any puzzle.
pub(crate) async fn has_puzzles(conn: &mut Conn, guild: GuildId) -> Result<bool, sqlx::Error> {
    let (found,): (i64,) = sqlx::query_as(
        "SELECT count(*) FROM (SELECT 1 FROM puzzles WHERE guild_id = $1 LIMIT 1) AS any_puzzle",
    )
    .bind(to_db(guild.0))
    .fetch_one(conn)
    .await?;
    Ok(found > 0)
}

/// Writes a puzzle's rating after a try, with one more try.
pub(crate) async fn put_puzzle_rating(
    conn: &mut Conn,
    id: i64,
    rating: &Rating,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE puzzles SET rating = $2, deviation = $3, volatility = $4, tries = tries + 1
         WHERE id = $1",
    )
    .bind(id)
    .bind(rating.rating)
    .bind(rating.deviation)
    .bind(rating.volatility)
    .execute(conn)
    .await?;
    Ok(())
}

/// Locks puzzle `id` (PostgreSQL) until the transaction ends: tries that end at once rate it
/// one after the other.
pub(crate) async fn lock_puzzle(conn: &mut Conn, id: i64) -> Result<(), sqlx::Error> {
    super::lock(
        conn,
        "SELECT id FROM puzzles WHERE id = $1 FOR UPDATE",
        &[id],
    )
    .await
}

/// A member's try at a puzzle.
#[derive(Debug, Clone, PartialEq, FromRow)]
pub(crate) struct AttemptRow {
    pub puzzle_id: i64,
    pub status: String,
    pub progress: i64,
}

/// The try `user` has under way on `guild`, if any.
pub(crate) async fn open_attempt(
    conn: &mut Conn,
    guild: GuildId,
    user: UserId,
) -> Result<Option<AttemptRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT puzzle_id, status, progress FROM puzzle_attempts
         WHERE guild_id = $1 AND user_id = $2 AND status = 'open'",
    )
    .bind(to_db(guild.0))
    .bind(to_db(user.0))
    .fetch_optional(conn)
    .await
}

/// Whether `user` tried puzzle `puzzle` (or has it under way).
pub(crate) async fn tried(conn: &mut Conn, puzzle: i64, user: UserId) -> Result<bool, sqlx::Error> {
    let n: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM puzzle_attempts WHERE puzzle_id = $1 AND user_id = $2",
    )
    .bind(puzzle)
    .bind(to_db(user.0))
    .fetch_one(conn)
    .await?;
    Ok(n > 0)
}

/// How many tries `user` started at or after `since`, on any server.
pub(crate) async fn attempts_started_since(
    conn: &mut Conn,
    user: UserId,
    since: Timestamp,
) -> Result<u32, sqlx::Error> {
    let n: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM puzzle_attempts WHERE user_id = $1 AND started_at >= $2",
    )
    .bind(to_db(user.0))
    .bind(since.as_millis())
    .fetch_one(conn)
    .await?;
    Ok(u32::try_from(n).unwrap_or(u32::MAX))
}

/// Starts `user`'s try at `puzzle` on `guild`; false when they tried it before, or have another
/// try under way there.
pub(crate) async fn insert_attempt(
    conn: &mut Conn,
    puzzle: i64,
    guild: GuildId,
    user: UserId,
    now: Timestamp,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO puzzle_attempts (puzzle_id, user_id, guild_id, started_at)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING",
    )
    .bind(puzzle)
    .bind(to_db(user.0))
    .bind(to_db(guild.0))
    .bind(now.as_millis())
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Moves `user`'s open try at `puzzle` on from `from` plies of the line to `to`; false when it
/// is no longer open at `from` (another answer came first).
pub(crate) async fn advance_attempt(
    conn: &mut Conn,
    puzzle: i64,
    user: UserId,
    from: u32,
    to: u32,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE puzzle_attempts SET progress = $4
         WHERE puzzle_id = $1 AND user_id = $2 AND progress = $3 AND status = 'open'",
    )
    .bind(puzzle)
    .bind(to_db(user.0))
    .bind(i64::from(from))
    .bind(i64::from(to))
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// How a try ended, as stored.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct AttemptEnd {
    pub solved: bool,
    /// Plies of the line played when it ended.
    pub progress: u32,
    pub rating_before: f64,
    pub rating_after: f64,
}

/// Ends `user`'s open try at `puzzle`, at `from` plies of the line; false when it is no longer
/// open at `from`.
pub(crate) async fn finish_attempt(
    conn: &mut Conn,
    puzzle: i64,
    user: UserId,
    from: u32,
    end: &AttemptEnd,
    now: Timestamp,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE puzzle_attempts SET status = $4, progress = $5, finished_at = $6,
             rating_before = $7, rating_after = $8
         WHERE puzzle_id = $1 AND user_id = $2 AND progress = $3 AND status = 'open'",
    )
    .bind(puzzle)
    .bind(to_db(user.0))
    .bind(i64::from(from))
    .bind(if end.solved { "solved" } else { "failed" })
    .bind(i64::from(end.progress))
    .bind(now.as_millis())
    .bind(end.rating_before)
    .bind(end.rating_after)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Who solved `puzzle` first at or after `since`, if anyone did.
pub(crate) async fn first_solver(
    conn: &mut Conn,
    puzzle: i64,
    since: Timestamp,
) -> Result<Option<UserId>, sqlx::Error> {
    let user: Option<i64> = sqlx::query_scalar(
        "SELECT user_id FROM puzzle_attempts
         WHERE puzzle_id = $1 AND status = 'solved' AND finished_at >= $2
         ORDER BY finished_at, user_id
         LIMIT 1",
    )
    .bind(puzzle)
    .bind(since.as_millis())
    .fetch_optional(conn)
    .await?;
    Ok(user.map(|u| UserId(from_db(u))))
}

/// A member's puzzle rating on a server, with their tries and streaks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct PuzzleRatingRecord {
    pub rating: Rating,
    pub tries: u32,
    pub solved: u32,
    pub last_solved_day: Option<i64>,
    pub streak: u32,
    pub best_streak: u32,
}

impl Default for PuzzleRatingRecord {
    /// A member before their first try.
    fn default() -> PuzzleRatingRecord {
        PuzzleRatingRecord {
            rating: Rating::default(),
            tries: 0,
            solved: 0,
            last_solved_day: None,
            streak: 0,
            best_streak: 0,
        }
    }
}

#[derive(FromRow)]
struct PuzzleRatingRow {
    rating: f64,
    deviation: f64,
    volatility: f64,
    tries: i64,
    solved: i64,
    last_solved_day: Option<i64>,
    streak: i64,
    best_streak: i64,
}

impl From<PuzzleRatingRow> for PuzzleRatingRecord {
    fn from(r: PuzzleRatingRow) -> PuzzleRatingRecord {
        let count = |n: i64| u32::try_from(n).unwrap_or_default();
        PuzzleRatingRecord {
            rating: Rating {
                rating: r.rating,
                deviation: r.deviation,
                volatility: r.volatility,
            },
            tries: count(r.tries),
            solved: count(r.solved),
            last_solved_day: r.last_solved_day,
            streak: count(r.streak),
            best_streak: count(r.best_streak),
        }
    }
}

/// `user`'s puzzle rating on `guild`, `None` before their first try there.
pub(crate) async fn puzzle_rating(
    conn: &mut Conn,
    guild: GuildId,
    user: UserId,
) -> Result<Option<PuzzleRatingRecord>, sqlx::Error> {
    let row: Option<PuzzleRatingRow> = sqlx::query_as(
        "SELECT rating, deviation, volatility, tries, solved, last_solved_day, streak, best_streak
         FROM puzzle_ratings WHERE guild_id = $1 AND user_id = $2",
    )
    .bind(to_db(guild.0))
    .bind(to_db(user.0))
    .fetch_optional(conn)
    .await?;
    Ok(row.map(PuzzleRatingRecord::from))
}

/// Stores `user`'s puzzle rating on `guild`.
pub(crate) async fn put_member_puzzle_rating(
    conn: &mut Conn,
    guild: GuildId,
    user: UserId,
    record: &PuzzleRatingRecord,
    now: Timestamp,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO puzzle_ratings (guild_id, user_id, rating, deviation, volatility, tries,
             solved, last_solved_day, streak, best_streak, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (guild_id, user_id) DO UPDATE SET rating = $3, deviation = $4,
             volatility = $5, tries = $6, solved = $7, last_solved_day = $8, streak = $9,
             best_streak = $10, updated_at = $11",
    )
    .bind(to_db(guild.0))
    .bind(to_db(user.0))
    .bind(record.rating.rating)
    .bind(record.rating.deviation)
    .bind(record.rating.volatility)
    .bind(i64::from(record.tries))
    .bind(i64::from(record.solved))
    .bind(record.last_solved_day)
    .bind(i64::from(record.streak))
    .bind(i64::from(record.best_streak))
    .bind(now.as_millis())
    .execute(conn)
    .await?;
    Ok(())
}

/// One line of a server's puzzle leaderboard.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct PuzzleRanked {
    pub user: UserId,
    pub name: String,
    pub record: PuzzleRatingRecord,
}

#[derive(FromRow)]
struct PuzzleRankedRow {
    user_id: i64,
    display_name: String,
    #[sqlx(flatten)]
    rating: PuzzleRatingRow,
}

/// The members of `guild` with the best puzzle ratings and at least `min_tries` tries, best
/// first, named as the server knows them.
pub(crate) async fn puzzle_leaderboard(
    conn: &mut Conn,
    guild: GuildId,
    min_tries: u32,
    limit: u32,
) -> Result<Vec<PuzzleRanked>, sqlx::Error> {
    // It walks `puzzle_ratings_by_rating` from the top; each name is two key lookups.
    let rows: Vec<PuzzleRankedRow> = sqlx::query_as(concat!(
        "SELECT r.user_id, ",
        name_in!("r.user_id", "r.guild_id"),
        " AS display_name, r.rating, r.deviation, r.volatility, r.tries, r.solved,
             r.last_solved_day, r.streak, r.best_streak
         FROM puzzle_ratings r
         WHERE r.guild_id = $1 AND r.tries >= $2
         ORDER BY r.rating DESC, r.user_id
         LIMIT $3",
    ))
    .bind(to_db(guild.0))
    .bind(i64::from(min_tries))
    .bind(i64::from(limit))
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| PuzzleRanked {
            user: UserId(from_db(r.user_id)),
            name: r.display_name,
            record: r.rating.into(),
        })
        .collect())
}

/// A server's daily puzzle setting: the channel (none: no daily puzzle) and the hour (UTC).
pub(crate) async fn puzzle_channel(
    conn: &mut Conn,
    guild: GuildId,
) -> Result<(Option<ChannelId>, u8), sqlx::Error> {
    let row: Option<(Option<i64>, i64)> =
        sqlx::query_as("SELECT puzzle_channel, puzzle_hour FROM servers WHERE guild_id = $1")
            .bind(to_db(guild.0))
            .fetch_optional(conn)
            .await?;
    Ok(row.map_or((None, DEFAULT_PUZZLE_HOUR), |(channel, hour)| {
        (
            channel.map(|c| ChannelId(from_db(c))),
            u8::try_from(hour).unwrap_or(DEFAULT_PUZZLE_HOUR),
        )
    }))
}

/// The hour (UTC) of the daily puzzle on a server that chose none (the column's default).
pub(crate) const DEFAULT_PUZZLE_HOUR: u8 = 12;

/// Sets a server's daily puzzle channel (none: no daily puzzle) and hour.
pub(crate) async fn set_puzzle_channel(
    conn: &mut Conn,
    guild: GuildId,
    channel: Option<ChannelId>,
    hour: u8,
    now: Timestamp,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO servers (guild_id, puzzle_channel, puzzle_hour, updated_at)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (guild_id) DO UPDATE SET puzzle_channel = excluded.puzzle_channel,
             puzzle_hour = excluded.puzzle_hour, updated_at = excluded.updated_at",
    )
    .bind(to_db(guild.0))
    .bind(channel.map(|c| to_db(c.0)))
    .bind(i64::from(hour))
    .bind(now.as_millis())
    .execute(conn)
    .await?;
    Ok(())
}

/// A server whose daily puzzle of a day is not posted yet: its channel and hour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct DailyDue {
    pub guild: GuildId,
    pub channel: ChannelId,
    pub hour: u8,
}

/// The servers with a puzzle channel whose puzzle of `day` is not posted yet.
pub(crate) async fn daily_puzzles_due(
    conn: &mut Conn,
    day: i64,
) -> Result<Vec<DailyDue>, sqlx::Error> {
    let rows: Vec<(i64, i64, i64)> = sqlx::query_as(
        "SELECT s.guild_id, s.puzzle_channel, s.puzzle_hour FROM servers s
         WHERE s.puzzle_channel IS NOT NULL AND NOT EXISTS (
             SELECT 1 FROM daily_puzzles d WHERE d.guild_id = s.guild_id AND d.day = $1)",
    )
    .bind(day)
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(guild, channel, hour)| DailyDue {
            guild: GuildId(from_db(guild)),
            channel: ChannelId(from_db(channel)),
            hour: u8::try_from(hour).unwrap_or(DEFAULT_PUZZLE_HOUR),
        })
        .collect())
}

/// The oldest puzzle of `guild` that was never its daily puzzle.
pub(crate) async fn next_daily_puzzle(
    conn: &mut Conn,
    guild: GuildId,
) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT p.id FROM puzzles p
         WHERE p.guild_id = $1 AND NOT EXISTS (
             SELECT 1 FROM daily_puzzles d WHERE d.guild_id = p.guild_id AND d.puzzle_id = p.id)
         ORDER BY p.id
         LIMIT 1",
    )
    .bind(to_db(guild.0))
    .fetch_optional(conn)
    .await
}

/// Records `puzzle` as `guild`'s puzzle of `day`, posted in `channel`; false when that day's
/// puzzle is recorded already (another instance posted it).
pub(crate) async fn insert_daily_puzzle(
    conn: &mut Conn,
    due: &DailyDue,
    day: i64,
    puzzle: i64,
    now: Timestamp,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO daily_puzzles (guild_id, day, puzzle_id, channel_id, posted_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT DO NOTHING",
    )
    .bind(to_db(due.guild.0))
    .bind(day)
    .bind(puzzle)
    .bind(to_db(due.channel.0))
    .bind(now.as_millis())
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A daily puzzle as recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct DailyRecord {
    pub day: i64,
    pub puzzle: i64,
    pub channel: ChannelId,
    pub posted_at: Timestamp,
}

/// `guild`'s daily puzzles before `day` whose solution is not posted yet, oldest first.
pub(crate) async fn unsolved_dailies_before(
    conn: &mut Conn,
    guild: GuildId,
    day: i64,
) -> Result<Vec<DailyRecord>, sqlx::Error> {
    let rows: Vec<(i64, i64, i64, i64)> = sqlx::query_as(
        "SELECT day, puzzle_id, channel_id, posted_at FROM daily_puzzles
         WHERE guild_id = $1 AND day < $2 AND solution_posted_at IS NULL
         ORDER BY day",
    )
    .bind(to_db(guild.0))
    .bind(day)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(daily_record).collect())
}

/// `guild`'s latest daily puzzle, if it had one.
pub(crate) async fn latest_daily_puzzle(
    conn: &mut Conn,
    guild: GuildId,
) -> Result<Option<DailyRecord>, sqlx::Error> {
    let row: Option<(i64, i64, i64, i64)> = sqlx::query_as(
        "SELECT day, puzzle_id, channel_id, posted_at FROM daily_puzzles
         WHERE guild_id = $1 ORDER BY day DESC LIMIT 1",
    )
    .bind(to_db(guild.0))
    .fetch_optional(conn)
    .await?;
    Ok(row.map(daily_record))
}

fn daily_record((day, puzzle, channel, posted_at): (i64, i64, i64, i64)) -> DailyRecord {
    DailyRecord {
        day,
        puzzle,
        channel: ChannelId(from_db(channel)),
        posted_at: time(posted_at),
    }
}

/// Records that the solution of `guild`'s puzzle of `day` is posted; false when it was already.
pub(crate) async fn mark_daily_solution_posted(
    conn: &mut Conn,
    guild: GuildId,
    day: i64,
    now: Timestamp,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE daily_puzzles SET solution_posted_at = $3
         WHERE guild_id = $1 AND day = $2 AND solution_posted_at IS NULL",
    )
    .bind(to_db(guild.0))
    .bind(day)
    .bind(now.as_millis())
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Asserts that `sql` reads `puzzles` through `index` from the rating on, with no sort and
    /// no table read whole.
    async fn assert_walks(sql: &str, binds: &[i64], index: &str) {
        let steps = super::super::plan_of(sql, binds).await;
        let uses = |what: &str| steps.iter().filter(|s| s.contains(what)).count();
        assert_eq!(uses(index), 1, "{steps:?}");
        assert_eq!(uses("SCAN"), 0, "no table is read whole: {steps:?}");
        assert_eq!(uses("TEMP B-TREE"), 0, "no sort: {steps:?}");
    }

    #[tokio::test]
    async fn the_next_puzzle_walks_the_rating_index_both_ways() {
        let index = "INDEX puzzles_by_rating (guild_id=? AND rating";
        assert_walks(UNTRIED_ABOVE, &[1, 2, 1500], index).await;
        assert_walks(UNTRIED_BELOW, &[1, 2, 1500], index).await;
    }

    #[tokio::test]
    async fn the_puzzle_leaderboard_walks_the_rating_index() {
        let sql = concat!(
            "SELECT r.user_id, ",
            name_in!("r.user_id", "r.guild_id"),
            " AS display_name FROM puzzle_ratings r
             WHERE r.guild_id = $1 AND r.tries >= $2
             ORDER BY r.rating DESC, r.user_id
             LIMIT $3",
        );
        assert_walks(
            sql,
            &[1, 3, 10],
            "INDEX puzzle_ratings_by_rating (guild_id=?)",
        )
        .await;
    }
}
