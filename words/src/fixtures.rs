//! Values the adapter's unit tests share.

use dama_rules::{Position, Rules};
use dama_service::clock::Timestamp;
use dama_service::ids::{ChannelId, GameId, Place, UserId};
use dama_service::model::{Participant, Player, Seats, TimeControl};
use dama_service::service::GameView;

/// Game `id` in channel 1, rated, a day a move, between alice (user 1, White) and `black`
/// (user 2) at `position`, no move played and no deadline.
pub fn game(id: GameId, black: &str, position: Position) -> GameView {
    GameView {
        id,
        place: Place {
            guild: None,
            channel: ChannelId(1),
        },
        thread: None,
        seats: Seats::new(
            Participant::Human(Player::new(UserId(1), "alice")),
            Participant::Human(Player::new(UserId(2), black)),
        ),
        rated: true,
        live: None,
        clocks: None,
        time_control: TimeControl::Day,
        rules: Rules::STANDARD,
        position,
        last_move: None,
        ply: 0,
        version: 0,
        deadline: None,
        draw_offer: None,
        takeback_request: None,
        outcome: None,
        created_at: Timestamp::from_millis(0),
        updated_at: Timestamp::from_millis(0),
        ended_at: None,
    }
}
