//! Rating a finished game, inside the transaction that ends it.

use dama_rules::{Color, Outcome};

use super::{RatingChange, ServiceError};
use crate::clock::Timestamp;
use crate::ids::{GuildId, UserId};
use crate::rating::{GameScore, Rating};
use crate::store::{self, Conn, GameRecord, RatingRecord};

/// Updates both ratings for a finished rated game, inside the transaction that ends it; `None`
/// for a casual game or one against the computer.
pub(super) async fn rate(
    conn: &mut Conn,
    record: &GameRecord,
    outcome: Outcome,
    now: Timestamp,
) -> Result<Option<[RatingChange; 2]>, ServiceError> {
    let (true, Some(white), Some(black)) = (
        record.rated,
        record.seats.white.user(),
        record.seats.black.user(),
    ) else {
        return Ok(None);
    };
    let scope = store::scope(record.place.guild);
    store::lock_players(conn, [white, black]).await?;
    let w = or_new(store::rating(conn, scope, white).await?);
    let b = or_new(store::rating(conn, scope, black).await?);
    let score = match outcome.winner() {
        Some(Color::White) => GameScore::Win,
        Some(Color::Black) => GameScore::Loss,
        None => GameScore::Draw,
    };
    let (w_after, b_after) = w.rating.rate(&b.rating, score);
    for (user, before, after) in [(white, &w, w_after), (black, &b, b_after)] {
        let record_after = RatingRecord {
            rating: after,
            games: before.games + 1,
        };
        store::put_rating(conn, scope, user, &record_after, now).await?;
        store::insert_rating_change(conn, record.id, user, &before.rating, &after).await?;
    }
    if let Some(guild) = record.place.guild
        && let Some(season) = store::open_season(conn, guild).await?
    {
        rate_in_season(conn, guild, season.number, [white, black], score, now).await?;
    }
    Ok(Some([
        RatingChange {
            user: white,
            before: w.rating,
            after: w_after,
        },
        RatingChange {
            user: black,
            before: b.rating,
            after: b_after,
        },
    ]))
}

/// Rates the game in `guild`'s open season `season` too: the same result, from the players'
/// ratings within the season (the default before their first game of it).
async fn rate_in_season(
    conn: &mut Conn,
    guild: GuildId,
    season: u32,
    [white, black]: [UserId; 2],
    score: GameScore,
    now: Timestamp,
) -> Result<(), ServiceError> {
    let w = or_new(store::season_rating(conn, guild, season, white).await?);
    let b = or_new(store::season_rating(conn, guild, season, black).await?);
    let (w_after, b_after) = w.rating.rate(&b.rating, score);
    for (user, before, after) in [(white, w, w_after), (black, b, b_after)] {
        let record = RatingRecord {
            rating: after,
            games: before.games + 1,
        };
        store::put_season_rating(conn, guild, season, user, &record, now).await?;
    }
    Ok(())
}

/// A stored rating, or the default one with no games behind it.
fn or_new(record: Option<RatingRecord>) -> RatingRecord {
    record.unwrap_or(RatingRecord {
        rating: Rating::default(),
        games: 0,
    })
}
