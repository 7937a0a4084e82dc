//! Rating a finished game, inside the transaction that ends it.

use dama_rules::{Color, Outcome};

use super::{RatingChange, ServiceError};
use crate::clock::Timestamp;
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
    let current = |r: Option<RatingRecord>| {
        r.unwrap_or(RatingRecord {
            rating: Rating::default(),
            games: 0,
        })
    };
    let w = current(store::rating(conn, scope, white).await?);
    let b = current(store::rating(conn, scope, black).await?);
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
