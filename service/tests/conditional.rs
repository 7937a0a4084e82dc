//! Conditional moves and premoves: answers stored in the opponent's turn, played in the write of
//! the opponent's matching move, and cleared by everything that makes them out of date.

mod common;

use std::sync::Arc;

use common::{DAY, Env, player};
use dama_engine::Level;
use dama_rules::notation::MoveText;
use dama_rules::{Color, Rules};
use dama_service::ids::GameId;
use dama_service::model::{Actor, ChallengeOptions, ColourChoice, Player};
use dama_service::service::{
    CONDITIONAL_ANSWERS_MAX, CONDITIONAL_LINES_MAX, Change, ConditionalError, ConditionalLines,
    Line, Notice, Question, ServiceError,
};
use dama_test_stores::on_both_stores;

fn moves(texts: &[&str]) -> Vec<MoveText> {
    texts
        .iter()
        .map(|t| t.parse().expect("move syntax"))
        .collect()
}

fn texts(lines: &ConditionalLines) -> Vec<Vec<String>> {
    lines.texts(Default::default())
}

/// Ada (White) and Bo (Black), a day per move, after Ada's d3-d4: Bo to move.
async fn after_d4(env: &Env) -> (Player, Player, GameId) {
    let (ada, bo) = (player(1), player(2));
    let game = env.rated(&ada, &bo).await;
    env.play(game.id, &ada, "d3-d4").await.expect("d3-d4");
    (ada, bo, game.id)
}

/// As [`after_d4`], with Ada's line stored: Bo's e6-e5 answered by c3-c4.
async fn with_a_line(env: &Env) -> (Player, Player, GameId) {
    let (ada, bo, game) = after_d4(env).await;
    set_line(env, game, &ada, &["e6-e5", "c3-c4"])
        .await
        .expect("stored");
    (ada, bo, game)
}

/// Plays `mv` for `mover` in `game`, and no stored answer follows it.
async fn play_unanswered(env: &Env, game: GameId, mover: &Player, mv: &str) {
    let played = env.play(game, mover, mv).await.unwrap();
    assert_eq!(played.answered, None);
}

/// How many stored answers of `game` the database holds, and whose the game row says they are.
async fn stored(env: &Env, game: GameId) -> (i64, Option<String>) {
    let pool = dama_service::connect(&env.url).await.expect("database");
    let rows: i64 = sqlx::query_scalar("SELECT count(*) FROM conditional_moves WHERE game_id = $1")
        .bind(game.0)
        .fetch_one(&pool)
        .await
        .expect("count");
    let by: Option<String> = sqlx::query_scalar("SELECT conditional_by FROM games WHERE id = $1")
        .bind(game.0)
        .fetch_one(&pool)
        .await
        .expect("game row");
    (rows, by)
}

/// Stores `line` (the opponent's move, `owner`'s answer, and so on) as `owner`'s in `game`.
async fn set_line(
    env: &Env,
    game: GameId,
    owner: &Player,
    line: &[&str],
) -> Result<ConditionalLines, ServiceError> {
    env.service
        .set_conditional(game, owner.id, &moves(line), None)
        .await
}

/// Stores `answer` as `owner`'s premove in `game`.
async fn set_premove(
    env: &Env,
    game: GameId,
    owner: &Player,
    answer: &str,
) -> Result<ConditionalLines, ServiceError> {
    env.service
        .set_premove(game, owner.id, &answer.parse().expect("move syntax"))
        .await
}

/// The lines `user` sees in `game`.
async fn lines_of(env: &Env, game: GameId, user: &Player) -> ConditionalLines {
    env.service
        .conditional_lines(game, user.id)
        .await
        .expect("lines")
}

/// `owner` has no lines left in `game`, and the database holds none.
async fn assert_cleared(env: &Env, game: GameId, owner: &Player) {
    assert!(lines_of(env, game, owner).await.is_empty());
    assert_eq!(stored(env, game).await, (0, None));
}

/// The notices due once every grace has passed, each marked delivered.
async fn notices(env: &Env) -> Vec<Notice> {
    env.advance(env.service.config().answer_grace + std::time::Duration::from_secs(1));
    let mut all = Vec::new();
    loop {
        let due = env.service.due_notices(10).await.expect("due notices");
        if due.is_empty() {
            return all;
        }
        for pending in due {
            env.service
                .notice_delivered(
                    pending.id,
                    dama_service::service::Delivery::Channel,
                    None,
                    None,
                )
                .await
                .expect("delivered");
            all.push(pending.notice);
        }
    }
}

#[on_both_stores]
async fn a_matching_line_is_answered_in_the_write_of_the_opponents_move() {
    let env = Env::new().await;
    let (ada, bo, game) = after_d4(&env).await;
    let lines = set_line(&env, game, &ada, &["e6-e5", "c3-c4"])
        .await
        .expect("stored");
    assert_eq!(texts(&lines), [["e6-e5", "c3-c4"]]);
    let before = env.service.game(game).await.unwrap();
    notices(&env).await;
    let mut changes = env.service.changes();
    env.advance(common::HOUR);
    let now = env.service.now();

    let played = env.play(game, &bo, "e6-e5").await.expect("Bo's move");

    assert_eq!(played.text, "e6-e5");
    assert_eq!(
        played.answered.map(|m| m.to_string()).as_deref(),
        Some("c3-c4")
    );
    let view = played.game;
    assert_eq!(view.ply, before.ply + 2);
    assert_eq!(view.version, before.version + 1, "one versioned write");
    assert_eq!(view.user_to_move(), Some(bo.id));
    assert_eq!(view.deadline, Some(now + DAY), "a fresh deadline");
    assert_eq!(
        view.last_move.map(|l| l.mv.to_string()).as_deref(),
        Some("c3-c4")
    );
    assert_eq!(env.service.game(game).await.unwrap(), view);
    let Ok(Change::Game(change)) = changes.try_recv() else {
        panic!("a change");
    };
    assert_eq!(change.version, view.version);
    assert!(changes.try_recv().is_err(), "one change");
    // One notice tells both moves, the answer marked.
    assert_eq!(
        notices(&env).await,
        [Notice::Board {
            game,
            ply: 3,
            lines: vec![
                Line::Moved { ply: 2 },
                Line::AnsweredAtOnce {
                    ply: 3,
                    by: Color::White,
                    premove: false
                }
            ],
        }]
    );
    assert_cleared(&env, game, &ada).await;
    // Replayed from the store, the game is the same.
    let reopened = env.reopen().await;
    assert_eq!(reopened.game(game).await.unwrap().position, view.position);
}

#[on_both_stores]
async fn a_line_goes_on_after_its_answer_and_the_owner_sees_what_is_left() {
    let env = Env::new().await;
    let (ada, bo, game) = after_d4(&env).await;
    let line = ["e6-e5", "c3-c4", "a6-a5", "h3-h4"];
    set_line(&env, game, &ada, &line).await.expect("stored");
    // A second line sharing the first pair.
    let lines = set_line(&env, game, &ada, &["e6-e5", "c3-c4", "b6-b5", "g3-g4"])
        .await
        .expect("merged");
    assert_eq!(
        texts(&lines),
        [
            ["e6-e5", "c3-c4", "a6-a5", "h3-h4"],
            ["e6-e5", "c3-c4", "b6-b5", "g3-g4"]
        ]
    );
    env.play(game, &bo, "e6-e5").await.expect("answered");
    let left = lines_of(&env, game, &ada).await;
    assert_eq!(left.ply, 3);
    assert_eq!(texts(&left), [["a6-a5", "h3-h4"], ["b6-b5", "g3-g4"]]);
    let played = env.play(game, &bo, "b6-b5").await.expect("answered again");
    assert_eq!(
        played.answered.map(|m| m.to_string()).as_deref(),
        Some("g3-g4")
    );
    assert_eq!(played.game.ply, 5);
    assert_cleared(&env, game, &ada).await;
}

#[on_both_stores]
async fn an_answer_entered_again_differently_replaces_the_old_branch() {
    let env = Env::new().await;
    let (ada, _bo, game) = after_d4(&env).await;
    set_line(&env, game, &ada, &["e6-e5", "c3-c4", "a6-a5", "h3-h4"])
        .await
        .unwrap();
    let lines = set_line(&env, game, &ada, &["e6-e5", "b3-b4"])
        .await
        .unwrap();
    assert_eq!(texts(&lines), [["e6-e5", "b3-b4"]]);
}

#[on_both_stores]
async fn a_move_that_matches_no_line_clears_them() {
    let env = Env::new().await;
    let (ada, bo, game) = with_a_line(&env).await;
    let played = env.play(game, &bo, "a6-a5").await.unwrap();
    assert_eq!(played.answered, None);
    assert_eq!(played.game.ply, 2);
    assert_eq!(played.game.user_to_move(), Some(ada.id));
    assert_eq!(stored(&env, game).await, (0, None));
    // Back at Bo's turn, nothing is played for him either.
    env.play(game, &ada, "h3-h4").await.unwrap();
    play_unanswered(&env, game, &bo, "e6-e5").await;
}

#[on_both_stores]
async fn a_premove_answers_any_move_and_a_line_comes_first() {
    let env = Env::new().await;
    let (ada, bo, game) = with_a_line(&env).await;
    let lines = set_premove(&env, game, &ada, "h3-h4").await.unwrap();
    assert_eq!(lines.premove, Some("h3-h4".parse().unwrap()));
    assert_eq!(texts(&lines), [["e6-e5", "c3-c4"]]);
    // A premove entered again replaces the first.
    let lines = set_premove(&env, game, &ada, "g3-g4").await.unwrap();
    assert_eq!(lines.premove, Some("g3-g4".parse().unwrap()));
    notices(&env).await;
    let played = env.play(game, &bo, "a6-a5").await.unwrap();
    assert_eq!(
        played.answered.map(|m| m.to_string()).as_deref(),
        Some("g3-g4")
    );
    assert_eq!(played.game.user_to_move(), Some(bo.id));
    assert!(matches!(
        &notices(&env).await[..],
        [Notice::Board { lines, .. }]
            if lines[1] == Line::AnsweredAtOnce { ply: 3, by: Color::White, premove: true }
    ));
    // Used once: the next move is Ada's to play.
    play_unanswered(&env, game, &bo, "e6-e5").await;
}

#[on_both_stores]
async fn a_premove_that_has_become_illegal_is_dropped_and_its_owner_told() {
    let env = Env::new().await;
    let (ada, bo, game) = after_d4(&env).await;
    set_premove(&env, game, &ada, "c3-c4").await.unwrap();
    notices(&env).await;
    // d6-d5 offers d4 a capture, which is compulsory: c3-c4 is refused now.
    let played = env.play(game, &bo, "d6-d5").await.unwrap();
    assert_eq!(played.answered, None);
    assert_eq!(played.game.ply, 2);
    assert_eq!(played.game.user_to_move(), Some(ada.id));
    assert_eq!(stored(&env, game).await, (0, None));
    // The owner's notice is due at once, before the move's grace is over.
    let due = env.service.due_notices(10).await.unwrap();
    assert_eq!(
        due.iter().map(|p| p.notice.clone()).collect::<Vec<_>>(),
        [Notice::AnswerDropped {
            game,
            user: ada.id,
            ply: 2,
            answer: "c3-c4".to_owned(),
            premove: true
        }]
    );
    // Never carried by an interaction's answer in the game: it is not in the game's stream.
    let carried = env.service.claim_answer(game, None).await.unwrap();
    assert!(
        carried
            .iter()
            .all(|p| !matches!(p.notice, Notice::AnswerDropped { .. }))
    );
}

#[on_both_stores]
async fn an_illegal_line_is_refused_when_entered_and_nothing_is_stored() {
    let env = Env::new().await;
    let (ada, _bo, game) = with_a_line(&env).await;
    let refused = set_line(&env, game, &ada, &["a6-a5", "d4-d6"]).await;
    assert!(
        matches!(
            refused,
            Err(ServiceError::Conditional(ConditionalError::Illegal {
                at: 1,
                ..
            }))
        ),
        "{refused:?}"
    );
    let refused = set_line(&env, game, &ada, &["e6-e4", "c3-c4"]).await;
    assert!(matches!(
        refused,
        Err(ServiceError::Conditional(ConditionalError::Illegal {
            at: 0,
            ..
        }))
    ));
    // Answers must be played under the compulsory capture (standard rules: refused as such).
    let refused = set_line(&env, game, &ada, &["d6-d5", "c3-c4"]).await;
    assert!(matches!(
        refused,
        Err(ServiceError::Conditional(ConditionalError::Illegal {
            at: 1,
            ..
        }))
    ));
    let refused = set_line(&env, game, &ada, &["e6-e5"]).await;
    assert!(matches!(
        refused,
        Err(ServiceError::Conditional(ConditionalError::Unanswered))
    ));
    let lines = lines_of(&env, game, &ada).await;
    assert_eq!(texts(&lines), [["e6-e5", "c3-c4"]], "as before");
}

#[on_both_stores]
async fn under_strict_rules_an_answer_missing_a_capture_is_refused_when_entered() {
    let env = Env::new().await;
    let (ada, bo) = (player(1), player(2));
    let options = ChallengeOptions {
        rules: Rules::STRICT,
        ..ChallengeOptions::default()
    };
    let game = env.start(&ada, &bo, options).await.id;
    env.play(game, &ada, "d3-d4").await.unwrap();
    let refused = set_line(&env, game, &ada, &["d6-d5", "c3-c4"]).await;
    let Err(ServiceError::Conditional(ConditionalError::MissedCapture { at, available, .. })) =
        refused
    else {
        panic!("refused as a missed capture: {refused:?}");
    };
    assert_eq!((at, available.to_string()), (1, "d4xd6xd8".to_owned()));
    assert_cleared(&env, game, &ada).await;
    // The capture itself is stored.
    set_line(&env, game, &ada, &["d6-d5", "d4xd6xd8"])
        .await
        .expect("the capture is an answer");
}

#[on_both_stores]
async fn answers_are_stored_only_in_the_opponents_turn_against_a_person() {
    let env = Env::new().await;
    let (ada, bo) = (player(1), player(2));
    let game = env.rated(&ada, &bo).await.id;
    let refused = set_line(&env, game, &ada, &["d3-d4", "e6-e5"]).await;
    assert!(matches!(
        refused,
        Err(ServiceError::Conditional(ConditionalError::OwnTurn))
    ));
    let refused = set_premove(&env, game, &ada, "d3-d4").await;
    assert!(matches!(
        refused,
        Err(ServiceError::Conditional(ConditionalError::OwnTurn))
    ));
    let refused = env
        .service
        .set_conditional(game, player(3).id, &moves(&["e6-e5", "c3-c4"]), None)
        .await;
    assert!(matches!(refused, Err(ServiceError::NotAParticipant)));
    let computer = env
        .engine_game(&player(4), Level::MIN, ColourChoice::Black)
        .await;
    let refused = env
        .service
        .set_premove(computer.id, player(4).id, &"e6-e5".parse().unwrap())
        .await;
    assert!(matches!(
        refused,
        Err(ServiceError::Conditional(ConditionalError::AgainstComputer))
    ));
}

#[on_both_stores]
async fn a_takeback_clears_them() {
    let env = Env::new().await;
    let (ada, bo, game) = with_a_line(&env).await;
    env.service
        .ask(game, ada.id, Question::Takeback)
        .await
        .unwrap();
    env.service
        .answer(game, bo.id, Question::Takeback, true, None)
        .await
        .unwrap();
    assert_eq!(stored(&env, game).await, (0, None));
    // The same position again: the old line is gone for good.
    env.play(game, &ada, "d3-d4").await.unwrap();
    assert!(lines_of(&env, game, &ada).await.is_empty());
    play_unanswered(&env, game, &bo, "e6-e5").await;
}

#[on_both_stores]
async fn a_draw_offer_answered_clears_them() {
    let env = Env::new().await;
    let (ada, bo, game) = with_a_line(&env).await;
    env.service.ask(game, bo.id, Question::Draw).await.unwrap();
    // Asking alone changes nothing.
    assert_eq!(stored(&env, game).await.0, 1);
    env.service
        .answer(game, ada.id, Question::Draw, false, None)
        .await
        .unwrap();
    assert_eq!(stored(&env, game).await, (0, None));
    play_unanswered(&env, game, &bo, "e6-e5").await;
}

#[on_both_stores]
async fn an_answer_waits_for_nothing_while_the_movers_draw_offer_waits() {
    let env = Env::new().await;
    let (_ada, bo, game) = with_a_line(&env).await;
    env.service.ask(game, bo.id, Question::Draw).await.unwrap();
    let played = env.play(game, &bo, "e6-e5").await.unwrap();
    assert_eq!(played.answered, None, "Ada answers the offer herself");
    assert_eq!(played.game.draw_offer, Some(Color::Black));
    assert_eq!(stored(&env, game).await, (0, None));
}

#[on_both_stores]
async fn the_games_end_clears_them() {
    let env = Env::new().await;
    let (ada, bo, game) = with_a_line(&env).await;
    env.service.resign(game, bo.id).await.unwrap();
    assert_cleared(&env, game, &ada).await;
}

#[on_both_stores]
async fn the_owner_sees_their_lines_and_the_opponent_sees_nothing_of_them() {
    let env = Env::new().await;
    let (ada, bo, game) = after_d4(&env).await;
    notices(&env).await;
    let before = env.service.game(game).await.unwrap();
    let mut changes = env.service.changes();
    set_line(&env, game, &ada, &["e6-e5", "c3-c4"])
        .await
        .unwrap();
    set_premove(&env, game, &ada, "h3-h4").await.unwrap();
    let mine = lines_of(&env, game, &ada).await;
    assert_eq!(texts(&mine), [["e6-e5", "c3-c4"]]);
    assert_eq!(mine.premove, Some("h3-h4".parse().unwrap()));
    assert!(lines_of(&env, game, &bo).await.is_empty());
    assert!(matches!(
        env.service.conditional_lines(game, player(3).id).await,
        Err(ServiceError::NotAParticipant)
    ));
    // The game as anyone sees it is as it was: no version step, no change told.
    assert_eq!(env.service.game(game).await.unwrap(), before);
    assert!(changes.try_recv().is_err());
    assert!(notices(&env).await.is_empty());
    // Cleared by their owner.
    env.service.clear_conditional(game, ada.id).await.unwrap();
    assert_cleared(&env, game, &ada).await;
}

#[on_both_stores]
async fn the_bounds_are_refused_with_their_own_errors() {
    let env = Env::new().await;
    let (ada, _bo, game) = after_d4(&env).await;
    let deep: Vec<&str> = ["e6-e5", "c3-c4"]
        .into_iter()
        .cycle()
        .take(2 * (CONDITIONAL_ANSWERS_MAX + 1))
        .collect();
    let refused = set_line(&env, game, &ada, &deep).await;
    assert!(matches!(
        refused,
        Err(ServiceError::Conditional(ConditionalError::TooDeep {
            max: CONDITIONAL_ANSWERS_MAX
        }))
    ));
    // Eight lines: each of Black's first moves, answered.
    for file in ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] {
        let theirs = format!("{file}6-{file}5");
        let mine = if file == 'd' { "d4xd6xd8" } else { "a3-a4" };
        set_line(&env, game, &ada, &[&theirs, mine])
            .await
            .unwrap_or_else(|e| panic!("{theirs}: {e}"));
    }
    assert_eq!(CONDITIONAL_LINES_MAX, 8);
    let refused = set_premove(&env, game, &ada, "h3-h4").await;
    assert!(matches!(
        refused,
        Err(ServiceError::Conditional(ConditionalError::TooManyLines {
            max: CONDITIONAL_LINES_MAX
        }))
    ));
    // A line going on from a stored one is no new line…
    let lines = set_line(&env, game, &ada, &["e6-e5", "a3-a4", "e5-e4", "e3xe5"])
        .await
        .expect("still eight lines");
    assert_eq!(lines.lines.len(), 8);
    // …but one branching off is.
    let refused = set_line(&env, game, &ada, &["e6-e5", "a3-a4", "h6-h5", "h3-h4"]).await;
    assert!(
        matches!(
            refused,
            Err(ServiceError::Conditional(
                ConditionalError::TooManyLines { .. }
            ))
        ),
        "{refused:?}"
    );
    let lines = lines_of(&env, game, &ada).await;
    assert_eq!(lines.lines.len(), 8);
    assert_eq!(lines.premove, None);
}

#[on_both_stores(flavor = "multi_thread", worker_threads = 4)]
async fn two_instances_racing_the_opponents_move_play_the_answer_once() {
    let env = Env::new().await;
    let (_ada, bo, game) = with_a_line(&env).await;
    let other = Arc::new(env.reopen().await);
    let this = Arc::new(env.service.clone());
    let mut tasks = Vec::new();
    for i in 0..8 {
        let service = if i % 2 == 0 {
            Arc::clone(&this)
        } else {
            Arc::clone(&other)
        };
        tasks.push(tokio::spawn(async move {
            let text = "e6-e5".parse().unwrap();
            service.play_move(game, Actor::Player(bo.id), &text).await
        }));
    }
    let mut played = Vec::new();
    for task in tasks {
        match task.await.unwrap() {
            Ok(outcome) => played.push(outcome),
            // Refused when its instance read the game after the first landed (Bo to move
            // again, e6 empty).
            Err(ServiceError::Conflict | ServiceError::NotYourTurn | ServiceError::Move(_)) => {}
            Err(e) => panic!("unexpected error: {e}"),
        }
    }
    assert_eq!(played.len(), 1, "one move lands");
    assert!(played[0].answered.is_some());
    // Read back from the store through the other instance: three moves, the answer once.
    let view = other.game(game).await.unwrap();
    assert_eq!(view.ply, 3);
    let pdn = other.export_pdn(game).await.unwrap();
    assert_eq!(pdn.matches("c3-c4").count(), 1, "{pdn}");
    assert_eq!(view.user_to_move(), Some(bo.id));
    assert_eq!(stored(&env, game).await, (0, None));
}

#[on_both_stores(flavor = "multi_thread", worker_threads = 4)]
async fn answers_stored_while_the_opponent_moves_are_played_or_refused_never_passed_over() {
    let env = Env::new().await;
    let other = Arc::new(env.reopen().await);
    let this = Arc::new(env.service.clone());
    for n in 0..8 {
        let (ada, bo) = (player(10 + 2 * n), player(11 + 2 * n));
        let game = env.rated(&ada, &bo).await.id;
        env.play(game, &ada, "d3-d4").await.unwrap();
        // The other instance has read the game before the answers exist.
        other.game(game).await.unwrap();
        let storing = {
            let service = Arc::clone(&this);
            tokio::spawn(async move {
                service
                    .set_conditional(game, ada.id, &moves(&["e6-e5", "c3-c4"]), None)
                    .await
            })
        };
        let moving = {
            let service = Arc::clone(&other);
            tokio::spawn(async move {
                service
                    .play_move(game, Actor::Player(bo.id), &"e6-e5".parse().unwrap())
                    .await
            })
        };
        let (stored_ok, moved) = (storing.await.unwrap(), moving.await.unwrap());
        let moved = moved.expect("Bo's move is played");
        match stored_ok {
            // Stored before the move was written: the move found them.
            Ok(_) => assert!(moved.answered.is_some(), "game {game}: answers passed over"),
            Err(ServiceError::Conflict | ServiceError::Conditional(ConditionalError::OwnTurn)) => {
                assert!(moved.answered.is_none());
            }
            Err(e) => panic!("unexpected error: {e}"),
        }
        let view = this.game(game).await.unwrap();
        assert_eq!(view.ply, moved.game.ply);
        assert_eq!(stored(&env, game).await, (0, None));
    }
}

#[on_both_stores]
async fn a_line_built_on_a_board_the_game_has_left_is_refused_in_its_write() {
    let env = Env::new().await;
    let (ada, _bo, game) = after_d4(&env).await;
    // Built on the board before d3-d4: the game has left it, nothing is stored.
    let stale = env
        .service
        .set_conditional(game, ada.id, &moves(&["e6-e5", "c3-c4"]), Some(0))
        .await;
    assert!(
        matches!(stale, Err(ServiceError::MovedOn { now: 1 })),
        "{stale:?}"
    );
    assert_eq!(stored(&env, game).await, (0, None));
    // Built on the board as it stands: stored.
    let lines = env
        .service
        .set_conditional(game, ada.id, &moves(&["e6-e5", "c3-c4"]), Some(1))
        .await
        .expect("stored");
    assert_eq!(texts(&lines), [["e6-e5", "c3-c4"]]);
}
