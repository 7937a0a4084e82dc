//! Whom a notice about a game is for, decided once for every face: the members its post pings,
//! the members it concerns (told directly when the game's channels are gone), and whether its
//! board keeps the game's controls. A face reads the notice's game through
//! [`GameService::game_notice`], draws it, and sends it as the [`Addressing`] says.
//!
//! ```
//! use dama_service::ids::UserId;
//! use dama_service::service::Addressing;
//!
//! /// The mentions a face allows in a post: exactly the members the service pings.
//! fn allowed_mentions(addressing: &Addressing) -> Vec<u64> {
//!     addressing.pinged.iter().map(|user| user.0).collect()
//! }
//! let quiet = Addressing::default();
//! assert!(allowed_mentions(&quiet).is_empty() && !quiet.controls);
//! ```

use dama_rules::{Color, Game};

use super::{GameService, GameView, Notice, Question, ServiceError};
use crate::clock::Timestamp;
use crate::ids::UserId;

/// Whom a notice is for, and what its post offers.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Addressing {
    /// The members its post pings where it is posted: the player to move on a board of their
    /// turn (unless their turns are told by DM alone), the player asked a question, the member
    /// whose review is ready. A result, a declined question, a dropped answer ping nobody.
    pub pinged: Vec<UserId>,
    /// The members it concerns, in order: when the game's thread and channel are gone, it goes
    /// to the first of them a direct message reaches.
    pub concerned: Vec<UserId>,
    /// Whether the post carries the game's controls: for a board, its move menus, buttons and
    /// page link, kept only while it shows the game as it stands and the game goes on (a board
    /// behind later moves, or of a game that has ended since, keeps none); for a question, the
    /// answer buttons, while it may still be answered. False for every other notice.
    pub controls: bool,
}

/// A notice about a game, read for telling.
#[derive(Debug, Clone, PartialEq)]
pub struct GameNotice {
    /// The game as the notice shows it: for a board, as it stood after the board's ply; for
    /// any other notice, as it stands.
    pub view: GameView,
    /// Every move of the game as it stands.
    pub history: Game,
    /// Whom the notice is for.
    pub addressing: Addressing,
}

/// Whom `notice` is for, given `shown` (its game as the notice shows it), `plies` (the plies
/// the game has now), the time `now`, and `in_channel`, whether the board's ping reaches a
/// player where the game is played (their settings). Every notice not about a game is for
/// nobody in particular.
fn addressing(
    notice: &Notice,
    shown: &GameView,
    plies: usize,
    now: Timestamp,
    in_channel: impl Fn(UserId) -> bool,
) -> Addressing {
    let pinged_there = |user: Option<UserId>| user.filter(|&u| in_channel(u)).into_iter().collect();
    match *notice {
        Notice::Board { ply, .. } => {
            let to_move = shown.user_to_move();
            let current = usize::try_from(ply).ok() == Some(plies);
            Addressing {
                pinged: pinged_there(to_move),
                concerned: to_move.into_iter().collect(),
                controls: current && !shown.is_over(),
            }
        }
        Notice::Ended { .. } => Addressing {
            pinged: Vec::new(),
            concerned: players_but(shown, None),
            controls: false,
        },
        Notice::Asked { question, by, .. } => {
            let asked: Vec<UserId> = shown
                .participant(by.opposite())
                .user()
                .into_iter()
                .collect();
            let may_answer = |color| {
                let may = shown.capabilities(color, now);
                match question {
                    Question::Draw => may.answer_draw,
                    Question::Takeback => may.answer_takeback,
                }
            };
            Addressing {
                pinged: asked.clone(),
                concerned: asked,
                controls: may_answer(Color::White) || may_answer(Color::Black),
            }
        }
        Notice::Declined { by, .. } => Addressing {
            pinged: Vec::new(),
            concerned: players_but(shown, Some(by)),
            controls: false,
        },
        Notice::Reminder { user, .. } => Addressing {
            pinged: pinged_there(Some(user)),
            concerned: vec![user],
            controls: false,
        },
        Notice::ReviewReady { by, .. } => Addressing {
            pinged: vec![by],
            concerned: vec![by],
            controls: false,
        },
        // Private: told to its owner alone, by DM, so nobody is pinged.
        Notice::AnswerDropped { user, .. } => Addressing {
            pinged: Vec::new(),
            concerned: vec![user],
            controls: false,
        },
        Notice::ChallengeExpired { .. }
        | Notice::DailyPuzzle { .. }
        | Notice::DailySolution { .. }
        | Notice::RoundStarted { .. }
        | Notice::Standings { .. }
        | Notice::TournamentEnded { .. }
        | Notice::TournamentCancelled { .. }
        | Notice::ScheduledEvent { .. }
        | Notice::Champion { .. }
        | Notice::ArenaStandings { .. }
        | Notice::ArenaEnded { .. } => Addressing::default(),
    }
}

/// The members playing `view`, White first, but the side `but` (when given).
fn players_but(view: &GameView, but: Option<Color>) -> Vec<UserId> {
    [Color::White, Color::Black]
        .into_iter()
        .filter(|&c| Some(c) != but)
        .filter_map(|c| view.participant(c).user())
        .collect()
}

impl GameService {
    /// The game `notice` is about, as the notice shows it, with whom it is for (see
    /// [`Addressing`]); `None` for a notice not about a game.
    ///
    /// # Errors
    /// When the game cannot be read.
    pub async fn game_notice(&self, notice: &Notice) -> Result<Option<GameNotice>, ServiceError> {
        let Some(game) = notice.game() else {
            return Ok(None);
        };
        let ply = match *notice {
            Notice::Board { ply, .. } => ply,
            _ => u32::MAX,
        };
        let (view, history) = self.game_at(game, ply).await?;
        // Only a board's or a reminder's ping depends on the player's settings.
        let pingable = match *notice {
            Notice::Board { .. } => view.user_to_move(),
            Notice::Reminder { user, .. } => Some(user),
            _ => None,
        };
        let told_there = match pingable {
            Some(user) => self.settings(user).await?.notify.in_channel(),
            None => false,
        };
        let addressing = addressing(
            notice,
            &view,
            history.moves().len(),
            self.clock.now(),
            |user| told_there && Some(user) == pingable,
        );
        Ok(Some(GameNotice {
            view,
            history,
            addressing,
        }))
    }
}
