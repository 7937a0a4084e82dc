//! The outbox: every consequence of a change is written with it, waits its grace for the
//! interaction's answer, then goes out in order per game, once.

mod common;

use dama_test_stores::on_both_stores;
use std::time::Duration;

use common::{DAY, Env, HOUR, player};
use dama_service::service::{Carrier, Delivery, HowPlayed, Line, Notice, Question, ServiceConfig};

/// Past the grace in which an interaction may carry a notice itself.
const AFTER_GRACE: Duration = Duration::from_secs(6);

#[on_both_stores]
async fn a_move_writes_its_board_notice_which_an_answer_may_carry_once() {
    let env = Env::new().await;
    let (ada, bo) = (player(1), player(2));
    let game = env.rated(&ada, &bo).await;
    // The first board, written with the game.
    let start = env.service.claim_answer(game.id, None).await.unwrap();
    assert_eq!(start.len(), 1);
    assert_eq!(
        start[0].notice,
        Notice::Board {
            game: game.id,
            ply: 0,
            lines: vec![Line::GameBegins]
        }
    );
    assert!(
        env.service
            .notice_delivered(start[0].id, Delivery::Interaction, Some(77), None)
            .await
            .unwrap()
    );
    assert!(
        !env.service
            .notice_delivered(start[0].id, Delivery::Channel, None, None)
            .await
            .unwrap(),
        "delivered once"
    );

    env.play(game.id, &ada, "d3-d4").await.unwrap();
    let moved = env.service.claim_answer(game.id, None).await.unwrap();
    assert_eq!(moved.len(), 1);
    assert!(matches!(
        moved[0].notice,
        Notice::Board { ply: 1, ref lines, .. } if lines == &[Line::Moved { ply: 1 }]
    ));
    // Claimed by the answer: neither a second answer nor the worker takes it meanwhile.
    assert!(
        env.service
            .claim_answer(game.id, None)
            .await
            .unwrap()
            .is_empty()
    );
    env.advance(AFTER_GRACE);
    assert!(env.service.due_notices(10).await.unwrap().is_empty());
    env.service
        .notice_delivered(moved[0].id, Delivery::Interaction, None, None)
        .await
        .unwrap();
    env.advance(Duration::from_secs(60));
    assert!(env.service.due_notices(10).await.unwrap().is_empty());
}

#[on_both_stores]
async fn unanswered_notices_go_to_the_worker_in_order_one_at_a_time_per_game() {
    let env = Env::new().await;
    let (ada, bo) = (player(1), player(2));
    let game = env.rated(&ada, &bo).await;
    env.play_all(game.id, &["d3-d4", "e6-e5"]).await;
    // Within the grace the worker leaves them to the interaction.
    assert!(env.service.due_notices(10).await.unwrap().is_empty());
    env.advance(AFTER_GRACE);
    let mut plies = Vec::new();
    for _ in 0..3 {
        let due = env.service.due_notices(10).await.unwrap();
        assert_eq!(due.len(), 1, "one notice of a game at a time");
        if let Notice::Board { ply, .. } = due[0].notice {
            plies.push(ply);
        }
        env.service
            .notice_delivered(due[0].id, Delivery::Channel, None, None)
            .await
            .unwrap();
    }
    assert_eq!(plies, [0, 1, 2]);
    assert!(env.service.due_notices(10).await.unwrap().is_empty());
}

#[on_both_stores]
async fn a_failed_notice_waits_its_backoff_and_holds_back_the_ones_after_it() {
    let env = Env::new().await;
    let (ada, bo) = (player(1), player(2));
    let game = env.rated(&ada, &bo).await;
    env.play(game.id, &ada, "d3-d4").await.unwrap();
    env.advance(AFTER_GRACE);
    let first = env.service.due_notices(10).await.unwrap().remove(0);
    env.service
        .notice_failed(first.id, "503 from Discord", Duration::from_secs(30))
        .await
        .unwrap();
    assert!(env.service.due_notices(10).await.unwrap().is_empty());
    // A backlog is not jumped by an interaction's answer either.
    env.play(game.id, &bo, "e6-e5").await.unwrap();
    assert!(
        env.service
            .claim_answer(game.id, None)
            .await
            .unwrap()
            .is_empty()
    );
    env.advance(Duration::from_secs(31));
    let again = env.service.due_notices(10).await.unwrap();
    assert_eq!(again.len(), 1);
    assert_eq!(again[0].id, first.id);
    assert_eq!(again[0].attempts, 1);
}

#[on_both_stores]
async fn the_end_of_a_game_carries_its_rating_changes() {
    let env = Env::new().await;
    let (ada, bo) = (player(1), player(2));
    let game = env.rated(&ada, &bo).await;
    let ended = env.service.resign(game.id, bo.id).await.unwrap();
    let notices = env.service.claim_answer(game.id, None).await.unwrap();
    let last = notices.last().expect("the end");
    match &last.notice {
        Notice::Ended { lines, ratings, .. } => {
            assert_eq!(
                lines,
                &[Line::Resigned {
                    by: dama_rules::Color::Black
                }]
            );
            assert_eq!(*ratings, ended.end.ratings);
            assert!(ratings.is_some());
        }
        other => panic!("{other:?}"),
    }
}

#[on_both_stores]
async fn draw_offers_and_takeback_requests_are_announced() {
    let env = Env::new().await;
    let (ada, bo) = (player(1), player(2));
    let game = env.casual(&ada, &bo).await;
    env.play(game.id, &ada, "d3-d4").await.unwrap();
    env.service
        .ask(game.id, ada.id, Question::Draw)
        .await
        .unwrap();
    env.service
        .answer(game.id, bo.id, Question::Draw, false, None)
        .await
        .unwrap();
    env.service
        .ask(game.id, ada.id, Question::Takeback)
        .await
        .unwrap();
    env.service
        .answer(game.id, bo.id, Question::Takeback, false, None)
        .await
        .unwrap();
    let kinds: Vec<&'static str> = env
        .service
        .claim_answer(game.id, None)
        .await
        .unwrap()
        .iter()
        .map(|n| match n.notice {
            Notice::Board { .. } => "board",
            Notice::Asked {
                question: Question::Draw,
                ..
            } => "draw offered",
            Notice::Declined {
                question: Question::Draw,
                ..
            } => "draw declined",
            Notice::Asked {
                question: Question::Takeback,
                ..
            } => "takeback asked",
            Notice::Declined {
                question: Question::Takeback,
                ..
            } => "takeback refused",
            _ => "other",
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "board",
            "board",
            "draw offered",
            "draw declined",
            "takeback asked",
            "takeback refused"
        ]
    );
}

#[tokio::test]
async fn one_game_that_cannot_be_written_does_not_hold_up_the_others_time_out() {
    let env = Env::with_config(ServiceConfig::default()).await;
    let (ada, bo, cy, di) = (player(1), player(2), player(3), player(4));
    let broken = env.rated(&ada, &bo).await;
    let fine = env.rated(&cy, &di).await;
    // Every write to the first game fails, as a full disk or a damaged row would make it.
    let pool = dama_service::connect(&env.url).await.unwrap();
    let trigger = format!(
        "CREATE TRIGGER refuse_{0} BEFORE UPDATE ON games WHEN old.id = {0}
         BEGIN SELECT RAISE(ABORT, 'refused for the test'); END",
        broken.id
    );
    sqlx::query(sqlx::AssertSqlSafe(trigger))
        .execute(&pool)
        .await
        .unwrap();
    env.advance(DAY + HOUR);
    let events = env.service.sweep().await.expect("the sweep goes on");
    assert_eq!(events.len(), 1, "{events:?}");
    assert!(env.service.game(fine.id).await.unwrap().outcome.is_some());
    assert!(env.service.game(broken.id).await.unwrap().outcome.is_none());

    let drop = format!("DROP TRIGGER refuse_{}", broken.id);
    sqlx::query(sqlx::AssertSqlSafe(drop))
        .execute(&pool)
        .await
        .unwrap();
    let events = env.service.sweep().await.unwrap();
    assert_eq!(events.len(), 1);
    assert!(env.service.game(broken.id).await.unwrap().outcome.is_some());
    assert!(env.service.sweep().await.unwrap().is_empty(), "once");

    // Each end is announced once: the board of each start, then its end.
    let mut ends = 0;
    for _ in 0..6 {
        for notice in env.service.due_notices(10).await.unwrap() {
            if matches!(notice.notice, Notice::Ended { .. }) {
                ends += 1;
            }
            env.service
                .notice_delivered(notice.id, Delivery::Channel, None, None)
                .await
                .unwrap();
        }
    }
    assert_eq!(ends, 2);
}

#[on_both_stores]
async fn a_computer_turn_left_by_a_restart_is_played_by_the_sweep_and_announced() {
    let env = Env::new().await;
    let ada = player(1);
    let game = env
        .engine_game(
            &ada,
            dama_engine::Level::MIN,
            dama_service::model::ColourChoice::White,
        )
        .await;
    // Ada's move is stored; the process stops before the computer replies.
    env.play(game.id, &ada, "d3-d4").await.unwrap();
    assert!(
        env.service
            .game(game.id)
            .await
            .unwrap()
            .engine_to_move()
            .is_some()
    );
    // A sweep right away leaves it to the interaction that is still playing it.
    env.service.sweep().await.unwrap();
    assert_eq!(env.service.game(game.id).await.unwrap().ply, 1);
    // Later, a sweep plays it, and its board is ready for the worker at once.
    env.advance(Duration::from_secs(4));
    env.service.sweep().await.unwrap();
    let view = env.service.game(game.id).await.unwrap();
    assert_eq!(view.ply, 2);
    assert_eq!(view.user_to_move(), Some(ada.id));
    let mut plies = Vec::new();
    for _ in 0..4 {
        for notice in env.service.due_notices(10).await.unwrap() {
            if let Notice::Board { ply, .. } = notice.notice {
                plies.push(ply);
            }
            env.service
                .notice_delivered(notice.id, Delivery::Channel, None, None)
                .await
                .unwrap();
        }
    }
    assert_eq!(plies, [0, 1, 2]);
}

#[on_both_stores]
async fn a_job_another_worker_holds_is_left_to_it() {
    let env = Env::new().await;
    let (ada, bo) = (player(1), player(2));
    let game = env.rated(&ada, &bo).await;
    env.advance(DAY + HOUR);
    // Another process took the time-out of this game and is still on it.
    let pool = dama_service::connect(&env.url).await.unwrap();
    let until = env.service.now().as_millis() + 60_000;
    sqlx::query("INSERT INTO job_leases (job, owner, until) VALUES ($1, 'elsewhere', $2)")
        .bind(format!("time-out:{}", game.id))
        .bind(until)
        .execute(&pool)
        .await
        .unwrap();
    assert!(env.service.sweep().await.unwrap().is_empty());
    assert!(env.service.game(game.id).await.unwrap().outcome.is_none());
    // Its lease ran out (it crashed): this worker takes the job over.
    env.advance(Duration::from_secs(61));
    assert_eq!(env.service.sweep().await.unwrap().len(), 1);
    assert!(env.service.game(game.id).await.unwrap().outcome.is_some());
}

/// A quick reply to a board whose answer is still on its way (claimed, not yet recorded) is
/// answered with its own board at once: nothing waits for the other answer's bookkeeping.
#[on_both_stores]
async fn an_answer_carries_its_own_news_while_the_news_before_is_on_its_way() {
    let env = Env::new().await;
    let (ada, bo) = (player(1), player(2));
    let game = env.rated(&ada, &bo).await;
    // The first board: being posted in the thread elsewhere (no answer's token), which the
    // order waits for.
    let start = env.service.claim_answer(game.id, None).await.unwrap();
    env.play(game.id, &ada, "d3-d4").await.unwrap();
    assert!(
        env.service
            .claim_answer(game.id, Some("a"))
            .await
            .unwrap()
            .is_empty()
    );
    env.service
        .notice_delivered(start[0].id, Delivery::Channel, Some(1), None)
        .await
        .unwrap();
    let first = env.service.claim_answer(game.id, Some("a")).await.unwrap();
    assert_eq!(first.len(), 1, "ada's board, on its way");
    env.play(game.id, &bo, "e6-e5").await.unwrap();
    let second = env.service.claim_answer(game.id, Some("b")).await.unwrap();
    assert_eq!(second.len(), 1, "bo's board only");
    assert!(second[0].id > first[0].id);
    assert!(matches!(second[0].notice, Notice::Board { ply: 2, .. }));
    // A backlog still goes first: once ada's board failed, the next answer carries nothing.
    env.service
        .notice_failed(first[0].id, "503", Duration::from_secs(1))
        .await
        .unwrap();
    env.play(game.id, &ada, "c3-c4").await.unwrap();
    assert!(
        env.service
            .claim_answer(game.id, None)
            .await
            .unwrap()
            .is_empty()
    );
}

/// Plays `text` for `user` as a slash command used in `channel`, whose answer (`token`) is to
/// carry the news.
async fn play_answered(
    env: &Env,
    game: dama_service::ids::GameId,
    user: &dama_service::model::Player,
    text: &str,
    channel: dama_service::ids::ChannelId,
    token: &str,
) -> dama_service::service::MoveOutcome {
    env.service
        .play_answered(
            game,
            dama_service::model::Actor::Player(user.id),
            &text.parse().expect("move syntax"),
            HowPlayed::default(),
            Carrier { channel, token },
        )
        .await
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[on_both_stores]
async fn a_move_played_from_the_games_channel_claims_its_news_for_the_answer_as_it_is_written() {
    let env = Env::new().await;
    let (ada, bo) = (player(1), player(2));
    let game = env.rated(&ada, &bo).await;
    let here = game.thread.unwrap_or(game.place.channel);
    let start = env.service.claim_answer(game.id, None).await.unwrap();
    // The first board is being posted elsewhere: a move now waits for it (its news may not
    // overtake it), and goes out as before.
    let waiting = play_answered(&env, game.id, &ada, "d3-d4", here, "a").await;
    assert_eq!(waiting.answering, None, "the board before it is on its way");
    env.service
        .notices_delivered(&[start[0].id], Delivery::Channel, Some(1))
        .await
        .unwrap();
    let told = env.service.claim_answer(game.id, Some("a")).await.unwrap();
    assert_eq!(told.len(), 1);
    env.service
        .notices_delivered(&[told[0].id], Delivery::Interaction, Some(2))
        .await
        .unwrap();

    // Nothing waits: bo's news is claimed with his move.
    let moved = play_answered(&env, game.id, &bo, "e6-e5", here, "b").await;
    let claimed = moved.answering.expect("claimed with the move");
    assert!(matches!(claimed.notice, Notice::Board { ply: 2, .. }));
    assert!(
        env.service
            .claim_answer(game.id, Some("b"))
            .await
            .unwrap()
            .is_empty(),
        "claimed once"
    );
    env.advance(AFTER_GRACE);
    assert!(
        env.service.due_notices(10).await.unwrap().is_empty(),
        "the worker leaves it to the answer"
    );
    // On its way as bo's answer, not recorded yet: ada's next move does not wait for it.
    let next = play_answered(&env, game.id, &ada, "c3-c4", here, "c").await;
    let next = next.answering.expect("not held up by the answer before");
    assert!(next.id > claimed.id);
    env.service
        .notices_delivered(&[claimed.id, next.id], Delivery::Interaction, None)
        .await
        .unwrap();
    assert_eq!(env.service.undelivered_notices(game.id).await.unwrap(), 0);

    // From another channel the answer does not carry the board: nothing is claimed.
    let elsewhere = dama_service::ids::ChannelId(here.0 + 1);
    let away = play_answered(&env, game.id, &bo, "f6-f5", elsewhere, "d").await;
    assert_eq!(away.answering, None);
    assert_eq!(
        env.service.claim_answer(game.id, None).await.unwrap().len(),
        1
    );
}

#[on_both_stores]
async fn a_move_claims_nothing_behind_news_that_failed() {
    let env = Env::new().await;
    let (ada, bo) = (player(1), player(2));
    let game = env.rated(&ada, &bo).await;
    let here = game.thread.unwrap_or(game.place.channel);
    let start = env.service.claim_answer(game.id, None).await.unwrap();
    env.service
        .notice_failed(start[0].id, "503", Duration::from_secs(1))
        .await
        .unwrap();
    let moved = play_answered(&env, game.id, &ada, "d3-d4", here, "a").await;
    assert_eq!(
        moved.answering, None,
        "a backlog goes out through the worker first"
    );
    env.advance(AFTER_GRACE);
    let due = env.service.due_notices(10).await.unwrap();
    assert_eq!(due.len(), 1);
    assert_eq!(due[0].id, start[0].id, "in order");
}
