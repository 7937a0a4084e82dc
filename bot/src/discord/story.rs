//! What happened on a game since its last message, and the public message that tells it: the
//! computer replies first when it is to move, and a finished game gets its result, rating
//! changes and replay.

use dama_rules::Move;
use dama_rules::notation::Notation;

use super::app::{App, game_channel};
use super::board::{self, Post, Viewpoint};
use super::interaction::{Failure, Source};
use super::text;
use crate::model::Participant;
use crate::service::{ComputerTurn, GameEnd, GameView, MoveOutcome};

/// What happened on a game since its last message, to write under its title in the reader's
/// notation.
#[derive(Debug, Default)]
pub(crate) struct Story {
    moves: Vec<(Participant, Move)>,
    notes: Vec<String>,
}

impl Story {
    /// A story that starts with `note`.
    pub(crate) fn note(note: impl Into<String>) -> Story {
        Story {
            moves: Vec::new(),
            notes: vec![note.into()],
        }
    }

    /// The story of a move just played.
    pub(crate) fn moved(outcome: &MoveOutcome) -> Story {
        let mover = outcome
            .game
            .participant(outcome.position_before.turn())
            .clone();
        Story {
            moves: vec![(mover, outcome.played)],
            notes: Vec::new(),
        }
    }

    fn lines(&self, notation: Notation) -> Vec<String> {
        self.notes
            .iter()
            .cloned()
            .chain(
                self.moves
                    .iter()
                    .map(|(who, m)| text::played(who, m, notation)),
            )
            .collect()
    }
}

impl App {
    /// The public message after `story` on `view`: the computer replies first when it is to
    /// move; a finished game gets its result, rating changes and replay.
    pub(crate) async fn story_post(
        &self,
        mut story: Story,
        mut view: GameView,
        mut ended: Option<GameEnd>,
    ) -> Result<Post, Failure> {
        if ended.is_none() && view.engine_to_move().is_some() {
            let computer = view.participant(view.turn()).clone();
            match self.service.play_computer_turn(view.id).await? {
                ComputerTurn::Moved(outcome) => {
                    story.moves.push((computer, outcome.played));
                    view = outcome.game;
                    ended = outcome.ended;
                }
                ComputerTurn::Resigned(resigned) => {
                    view = resigned.game;
                    ended = Some(resigned.end);
                }
            }
        }
        let viewpoint = self.public_viewpoint(&view).await?;
        let lines = story.lines(viewpoint.notation);
        match ended {
            Some(end) => self.end_post(&view, &end, viewpoint, &lines).await,
            None => Ok(board::game_post(&view, viewpoint, &lines)),
        }
    }

    /// The message of a finished game, with its replay GIF drawn on a blocking thread (a
    /// replay that cannot be drawn is logged and left out).
    pub(crate) async fn end_post(
        &self,
        view: &GameView,
        end: &GameEnd,
        viewpoint: Viewpoint,
        lines: &[String],
    ) -> Result<Post, Failure> {
        let game = self.service.history(view.id).await?;
        let replay =
            tokio::task::spawn_blocking(move || board::replay_gif(&game, viewpoint)).await?;
        let replay = replay
            .inspect_err(|e| tracing::warn!(game = %view.id, error = %e, "no replay"))
            .ok();
        Ok(board::end_post(view, end, viewpoint, lines, replay))
    }

    /// Publishes the messages after a move: the board (after the computer's reply, if it is
    /// to move), or the end of the game.
    pub(crate) async fn after_move(
        &self,
        src: &Source<'_>,
        outcome: MoveOutcome,
    ) -> Result<(), Failure> {
        let channel = game_channel(&outcome.game);
        let slow = outcome.ended.is_some() || outcome.game.engine_to_move().is_some();
        let story = Story::moved(&outcome);
        self.publish(
            src,
            channel,
            slow,
            self.story_post(story, outcome.game, outcome.ended),
        )
        .await
    }

    /// Publishes the end of a game that ended without a move (resignation, agreed draw).
    pub(crate) async fn after_end(
        &self,
        src: &Source<'_>,
        view: GameView,
        end: GameEnd,
        note: String,
    ) -> Result<(), Failure> {
        let channel = game_channel(&view);
        self.publish(src, channel, true, async {
            let viewpoint = self.public_viewpoint(&view).await?;
            self.end_post(&view, &end, viewpoint, &[note]).await
        })
        .await
    }

    /// Publishes the board of a game in progress after `story` (a takeback, say).
    pub(crate) async fn after_change(
        &self,
        src: &Source<'_>,
        view: GameView,
        story: Story,
    ) -> Result<(), Failure> {
        let channel = game_channel(&view);
        let slow = view.engine_to_move().is_some();
        self.publish(src, channel, slow, self.story_post(story, view, None))
            .await
    }
}
