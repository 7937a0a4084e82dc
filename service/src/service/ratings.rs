//! Rating a finished game, inside the transaction that ends it.

use dama_rules::{Color, Outcome};

use super::{RatingChange, ServiceError};
use crate::clock::Timestamp;
use crate::ids::UserId;
use crate::model::Speed;
use crate::rating::{GameScore, Rating};
use crate::store::{self, Conn, GameRecord, RatingRecord, RatingTable};

/// Updates both players' ratings at the game's speed (see [`Speed::of`]) for a finished rated
/// game, inside the transaction that ends it: all time's, and the open season's on a server
/// that has one; their ratings at the other speeds stay as they were. `None` for a casual game
/// or one against the computer. The changes returned, and recorded with the game, are all
/// time's.
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
    let score = match outcome.winner() {
        Some(Color::White) => GameScore::Win,
        Some(Color::Black) => GameScore::Loss,
        None => GameScore::Draw,
    };
    let guild = record.place.guild;
    let speed = Speed::of(record.live);
    store::lock_players(conn, [white, black]).await?;
    let changes = rate_in(
        conn,
        RatingTable::AllTime(guild, speed),
        [white, black],
        score,
        now,
    )
    .await?;
    for change in &changes {
        store::insert_rating_change(
            conn,
            record.id,
            speed,
            change.user,
            &change.before,
            &change.after,
        )
        .await?;
    }
    if let Some(guild) = guild
        && let Some(season) = store::season_to_rate_in(conn, guild).await?
    {
        let table = RatingTable::Season(guild, season.number, speed);
        rate_in(conn, table, [white, black], score, now).await?;
        super::champions::changed(conn, guild, super::ChampionTitle::Season, now).await?;
    }
    Ok(Some(changes))
}

/// Rates the game in `table`: the players' ratings there (the default before their first game
/// in it) updated by the result, and one more game each.
async fn rate_in(
    conn: &mut Conn,
    table: RatingTable,
    [white, black]: [UserId; 2],
    score: GameScore,
    now: Timestamp,
) -> Result<[RatingChange; 2], ServiceError> {
    let w = or_new(store::rating(conn, table, white).await?);
    let b = or_new(store::rating(conn, table, black).await?);
    let (w_after, b_after) = w.rating.rate(&b.rating, score);
    for (user, before, after) in [(white, w, w_after), (black, b, b_after)] {
        let record = RatingRecord {
            rating: after,
            games: before.games + 1,
        };
        store::put_rating(conn, table, user, &record, now).await?;
    }
    Ok([
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
    ])
}

/// A stored rating, or the default one with no games behind it.
fn or_new(record: Option<RatingRecord>) -> RatingRecord {
    record.unwrap_or(RatingRecord {
        rating: Rating::default(),
        games: 0,
    })
}
