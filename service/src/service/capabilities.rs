//! What a side may do in a game now, decided once for every face (after the round JSON of
//! lichess, which tells the client whether the player may move, offer a draw or take back).
//! A face shows exactly the controls these allow and sends the choice back; the service's
//! actions enforce the same rules, so a control shown is a call that succeeds (unless the game
//! changes in between, which the call then reports).
//!
//! ```
//! use dama_rules::Color;
//! use dama_service::clock::Timestamp;
//! use dama_service::service::{Capabilities, GameView};
//!
//! /// The buttons under a board for White, as a face would choose them.
//! fn buttons(game: &GameView, now: Timestamp) -> Vec<&'static str> {
//!     let may = game.capabilities(Color::White, now);
//!     let mut shown = Vec::new();
//!     if may.may_move() {
//!         shown.push("move");
//!     }
//!     if may.offer_draw {
//!         shown.push("offer a draw");
//!     }
//!     if may.resign {
//!         shown.push("resign");
//!     }
//!     shown
//! }
//! assert!(!Capabilities::default().any(), "nothing at all: a spectator, or a finished game");
//! ```

use dama_rules::{Color, Move};

use super::GameView;
use crate::clock::Timestamp;
use crate::ids::UserId;

/// What one side may do in a game now ([`GameView::capabilities`]). All empty or false for the
/// computer's side, and in a finished game all but [`evaluate`](Self::evaluate), which is all
/// a spectator may do.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Capabilities {
    /// The moves the side may play now: the legal moves when it is its turn and its deadline
    /// has not passed (only the maximum captures when a capture is compulsory), else none.
    /// Under strict rules a move that misses a capture may still be confirmed as losing
    /// ([`HowPlayed::losing`](super::HowPlayed::losing)); it is not listed here.
    pub moves: Vec<Move>,
    /// Whether the side may offer a draw ([`GameService::ask`](super::GameService::ask) with
    /// [`Question::Draw`](super::Question::Draw)): on either turn, unless its own offer is
    /// pending. While the opponent's offer is pending, offering agrees to it.
    pub offer_draw: bool,
    /// Whether the side may accept or decline the opponent's pending draw offer
    /// ([`GameService::answer`](super::GameService::answer)).
    pub answer_draw: bool,
    /// Whether the side may ask to take back its last move: it has moved, and no takeback
    /// request (its own or the opponent's) is pending. The computer grants it at once.
    pub ask_takeback: bool,
    /// Whether the side may accept or decline the opponent's pending takeback request.
    pub answer_takeback: bool,
    /// Whether the side may resign: always, while the game goes on, even after its deadline.
    pub resign: bool,
    /// Whether the side may store answers to the opponent's next moves
    /// ([`GameService::set_conditional`](super::GameService::set_conditional)): in the
    /// opponent's turn, in time, in a game against a person.
    pub save_conditional: bool,
    /// Whether the reader may ask for the computer's evaluation of the game's positions
    /// ([`GameService::evaluate`](super::GameService::evaluate)): once the game is over, for
    /// its players and signed-in spectators alike. (The call may still refuse a position near
    /// a game the asker is playing, or past their share.) Reading, not acting: not counted by
    /// [`any`](Self::any).
    pub evaluate: bool,
}

impl Capabilities {
    /// Whether the side may play a move now.
    #[must_use]
    pub fn may_move(&self) -> bool {
        !self.moves.is_empty()
    }

    /// Whether the side may do anything at all now.
    #[must_use]
    pub fn any(&self) -> bool {
        self.may_move()
            || self.offer_draw
            || self.answer_draw
            || self.ask_takeback
            || self.answer_takeback
            || self.resign
            || self.save_conditional
    }
}

impl GameView {
    /// What the player of `color` may do in this game at `now` (take it from
    /// [`GameService::now`](super::GameService::now)): exactly what the service's own actions
    /// allow. Nothing in a finished game, nor for the computer's side. Once the deadline of
    /// the player to move has passed, the game is as good as lost on time: neither side may
    /// move, offer, ask, or accept; resigning is still allowed. (A decline of a pending offer
    /// or request is also still allowed then, as it changes nothing that matters, but no
    /// answer is offered: [`answer_draw`](Capabilities::answer_draw) and
    /// [`answer_takeback`](Capabilities::answer_takeback) are false.)
    ///
    /// This reads the game as it stands: a view of an earlier ply
    /// ([`GameService::game_at`](super::GameService::game_at)) does not say what may be done.
    #[must_use]
    pub fn capabilities(&self, color: Color, now: Timestamp) -> Capabilities {
        if self.participant(color).user().is_none() {
            return Capabilities::default();
        }
        if self.is_over() {
            return self.spectator_capabilities();
        }
        // After the deadline only the sweeper's recording of the loss changes the game.
        let in_time = self.deadline.is_none_or(|deadline| deadline > now);
        let opponent = color.opposite();
        let moves = if in_time && self.turn() == color {
            self.legal_moves().to_vec()
        } else {
            Vec::new()
        };
        Capabilities {
            moves,
            offer_draw: in_time && self.draw_offer != Some(color),
            answer_draw: in_time && self.draw_offer == Some(opponent),
            ask_takeback: in_time && self.takeback_request.is_none() && self.has_moved(color),
            answer_takeback: in_time && self.takeback_request == Some(opponent),
            resign: true,
            save_conditional: in_time
                && self.turn() != color
                && self.participant(opponent).user().is_some(),
            evaluate: false,
        }
    }

    /// What a signed-in member who does not play in this game may do: ask for the computer's
    /// evaluation once it is over, nothing else.
    #[must_use]
    pub fn spectator_capabilities(&self) -> Capabilities {
        Capabilities {
            evaluate: self.is_over(),
            ..Capabilities::default()
        }
    }

    /// What `viewer` may do in this game at `now`: their side's
    /// [`capabilities`](Self::capabilities) if they play in it, a spectator's
    /// ([`spectator_capabilities`](Self::spectator_capabilities)) if not, nothing for someone
    /// not signed in (`None`).
    #[must_use]
    pub fn capabilities_of(&self, viewer: Option<UserId>, now: Timestamp) -> Capabilities {
        let Some(user) = viewer else {
            return Capabilities::default();
        };
        match self.color_of(user) {
            Some(color) => self.capabilities(color, now),
            None => self.spectator_capabilities(),
        }
    }

    /// Whether `color` has played a move in this game (as it stands after takebacks): sides
    /// alternate, so the first move was the other side's when one ply was played and it is
    /// `color`'s turn.
    fn has_moved(&self, color: Color) -> bool {
        self.ply >= 2 || (self.ply == 1 && self.turn() != color)
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use dama_engine::Level;
    use dama_rules::{DrawReason, Outcome, Rules};

    use super::*;
    use crate::ids::{ChannelId, GameId, Place};
    use crate::model::{Participant, Player, Seats, TimeControl};

    const ADA: UserId = UserId(1);
    const BO: UserId = UserId(2);
    const NOW: Timestamp = Timestamp::from_millis(1_750_000_000_000);

    /// Ada (White) against `black`, at the start, with an hour left to move.
    fn game(black: Participant) -> GameView {
        let position = dama_rules::Position::start();
        GameView {
            id: GameId(7),
            place: Place {
                guild: None,
                channel: ChannelId(5),
            },
            thread: None,
            seats: Seats::new(Participant::Human(Player::new(ADA, "Ada")), black),
            rated: false,
            live: None,
            clocks: None,
            time_control: TimeControl::Day,
            rules: Rules::STANDARD,
            position,
            last_move: None,
            ply: 0,
            version: 1,
            deadline: Some(NOW + Duration::from_secs(3_600)),
            draw_offer: None,
            takeback_request: None,
            outcome: None,
            created_at: NOW,
            updated_at: NOW,
            ended_at: None,
        }
    }

    fn bo() -> Participant {
        Participant::Human(Player::new(BO, "Bo"))
    }

    #[test]
    fn the_side_to_move_may_move_and_the_other_may_not() {
        let fresh = game(bo());
        let white = fresh.capabilities(Color::White, NOW);
        assert_eq!(white.moves, fresh.legal_moves().to_vec());
        assert!(white.may_move() && white.offer_draw && white.resign);
        assert!(!white.ask_takeback, "nothing to take back yet");
        let black = fresh.capabilities(Color::Black, NOW);
        assert!(!black.may_move());
        assert!(black.offer_draw && black.resign);
    }

    #[test]
    fn the_computers_side_spectators_and_finished_games_may_do_nothing() {
        let engine = game(Participant::Engine(Level::MIN));
        assert_eq!(
            engine.capabilities(Color::Black, NOW),
            Capabilities::default()
        );
        assert!(engine.capabilities(Color::White, NOW).any());
        let people = game(bo());
        assert!(!people.capabilities_of(Some(UserId(3)), NOW).any());
        assert!(!people.capabilities_of(None, NOW).any());
        assert_eq!(
            people.capabilities_of(Some(BO), NOW),
            people.capabilities(Color::Black, NOW)
        );
        assert!(!people.capabilities_of(Some(UserId(3)), NOW).evaluate);
        let over = GameView {
            outcome: Some(Outcome::Draw(DrawReason::Agreement)),
            ..people
        };
        assert!(!over.capabilities(Color::White, NOW).any());
        assert!(!over.capabilities(Color::Black, NOW).any());
        // Once it is over, its players and signed-in spectators may ask for the evaluation.
        assert!(over.capabilities(Color::White, NOW).evaluate);
        assert!(over.capabilities_of(Some(UserId(3)), NOW).evaluate);
        assert!(!over.capabilities_of(None, NOW).evaluate);
    }

    #[test]
    fn conditional_moves_are_saved_in_the_opponents_turn_against_a_person_in_time() {
        let fresh = game(bo());
        assert!(
            !fresh.capabilities(Color::White, NOW).save_conditional,
            "own turn"
        );
        assert!(fresh.capabilities(Color::Black, NOW).save_conditional);
        let deadline = fresh.deadline.expect("a deadline");
        assert!(!fresh.capabilities(Color::Black, deadline).save_conditional);
        let engine = game(Participant::Engine(Level::MIN));
        let after_one = GameView {
            ply: 1,
            position: "8/bbbbbbbb/bbbbbbbb/8/3w4/www1wwww/wwwwwwww/8 b"
                .parse()
                .expect("position"),
            ..engine
        };
        assert!(
            !after_one.capabilities(Color::White, NOW).save_conditional,
            "against the computer"
        );
    }

    #[test]
    fn after_the_deadline_only_resigning_is_left() {
        let late = GameView {
            draw_offer: Some(Color::Black),
            ..game(bo())
        };
        let deadline = late.deadline.expect("a deadline");
        let white = late.capabilities(Color::White, deadline);
        assert_eq!(
            white,
            Capabilities {
                resign: true,
                ..Capabilities::default()
            }
        );
        assert!(
            late.capabilities(Color::White, NOW).answer_draw,
            "in time, the offer may be answered"
        );
    }

    #[test]
    fn a_side_has_moved_when_a_ply_of_its_own_was_played() {
        let after_one = GameView {
            ply: 1,
            position: "8/bbbbbbbb/bbbbbbbb/8/8/wwwwwwww/wwwwwwww/8 b"
                .parse()
                .expect("position"),
            ..game(bo())
        };
        assert!(after_one.has_moved(Color::White));
        assert!(!after_one.has_moved(Color::Black));
        let after_two = GameView {
            ply: 2,
            ..game(bo())
        };
        assert!(after_two.has_moved(Color::White) && after_two.has_moved(Color::Black));
    }
}
