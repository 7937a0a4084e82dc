//! Live games against the clock: charging moves, lag compensation, the flag, the abort and the
//! flag worker, with time moved by hand.

mod common;

use std::time::Duration;

use dama_test_stores::on_both_stores;
use tokio::sync::mpsc;

use common::{DAY, Env, place, player};
use dama_rules::{Color, Outcome, WinReason};
use dama_service::clock::Timestamp;
use dama_service::ids::GameId;
use dama_service::model::{
    Actor, ChallengeOptions, ColourChoice, EngineGame, LiveClock, Player, TimeControl,
};
use dama_service::service::{
    ABORT_AFTER, Event, GameView, HowPlayed, LAG_QUOTA_MAX, MoveOutcome, ServiceError,
};

const SECOND: Duration = Duration::from_secs(1);

fn clock(text: &str) -> LiveClock {
    text.parse().expect("a clock")
}

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

/// A rated live game on `text` between `white` and `black`.
async fn live(env: &Env, white: &Player, black: &Player, text: &str) -> GameView {
    let options = ChallengeOptions {
        live: Some(clock(text)),
        ..ChallengeOptions::default()
    };
    env.start(white, black, options).await
}

/// Plays the first legal move for whoever is to move, as `how` says.
async fn play_any(env: &Env, game: GameId, how: HowPlayed) -> Result<MoveOutcome, ServiceError> {
    let view = env.service.game(game).await.expect("game");
    let m = view.position.legal_moves_under(view.rules)[0];
    let text = dama_rules::notation::MoveText::of_move(&m);
    let actor = view.user_to_move().map_or(Actor::Engine, Actor::Player);
    env.service.play(game, actor, &text, how).await
}

/// Both sides' first moves, at once (they are not timed).
async fn first_moves(env: &Env, game: GameId) {
    play_any(env, game, HowPlayed::default())
        .await
        .expect("white's first");
    play_any(env, game, HowPlayed::default())
        .await
        .expect("black's first");
}

async fn view(env: &Env, game: GameId) -> GameView {
    env.service.game(game).await.expect("game")
}

/// Each side's time left read now, White's first.
async fn left(env: &Env, game: GameId) -> (i64, i64) {
    let read = view(env, game)
        .await
        .clock_at(env.service.now())
        .expect("a live game");
    (read.white_ms, read.black_ms)
}

#[on_both_stores]
async fn a_live_game_starts_with_both_clocks_at_the_base_and_first_moves_free() {
    let env = Env::new().await;
    let game = live(&env, &player(1), &player(2), "3+2").await;
    assert_eq!(game.live, Some(clock("3+2")));
    assert_eq!(game.time_control, TimeControl::Unlimited);
    assert_eq!(game.deadline, Some(common::START + ABORT_AFTER));
    let read = game.clock_at(common::START).expect("a reading");
    assert_eq!((read.white_ms, read.black_ms), (180_000, 180_000));
    assert_eq!(
        (read.running, read.base_ms, read.increment_ms),
        (None, 180_000, 2_000)
    );
    env.advance(20 * SECOND);
    play_any(&env, game.id, HowPlayed::default()).await.unwrap();
    env.advance(20 * SECOND);
    play_any(&env, game.id, HowPlayed::default()).await.unwrap();
    assert_eq!(
        left(&env, game.id).await,
        (180_000, 180_000),
        "no charge, no increment"
    );
    let read = view(&env, game.id)
        .await
        .clock_at(env.service.now())
        .unwrap();
    assert_eq!(read.running, Some(Color::White));
}

#[on_both_stores]
async fn a_move_costs_the_time_from_its_turns_start_and_earns_the_increment() {
    let env = Env::new().await;
    let game = live(&env, &player(1), &player(2), "3+2").await;
    first_moves(&env, game.id).await;
    env.advance(10 * SECOND);
    assert_eq!(
        left(&env, game.id).await,
        (170_000, 180_000),
        "white's clock runs"
    );
    let moved = play_any(&env, game.id, HowPlayed::default()).await.unwrap();
    assert_eq!(left(&env, game.id).await, (172_000, 180_000));
    assert_eq!(
        moved.game.deadline,
        Some(env.service.now() + Duration::from_secs(180)),
        "black flags when its whole time has run"
    );
    env.advance(ms(4_321));
    play_any(&env, game.id, HowPlayed::default()).await.unwrap();
    assert_eq!(
        left(&env, game.id).await,
        (172_000, 180_000 - 4_321 + 2_000)
    );
}

#[on_both_stores]
async fn the_lag_quota_refunds_lag_is_spent_grows_and_is_capped() {
    let env = Env::new().await;
    let game = live(&env, &player(1), &player(2), "10+0").await;
    first_moves(&env, game.id).await;
    let lagged = HowPlayed {
        lag: Some(ms(800)),
        ..HowPlayed::default()
    };
    let white_quota = |v: &GameView| v.clocks.expect("clocks").lag_quota(Color::White);
    let mut expected_white = 600_000;
    // A claimed 0.8 s refunds 0.5 s at most, while the quota (1 s, +0.1 s a move) lasts.
    for (refund, quota_after) in [(500, 600), (500, 200), (200, 100), (100, 100)] {
        env.advance(2 * SECOND);
        play_any(&env, game.id, lagged).await.unwrap();
        expected_white -= 2_000 - refund;
        let v = view(&env, game.id).await;
        assert_eq!(v.clocks.unwrap().remaining(Color::White), expected_white);
        assert_eq!(white_quota(&v), quota_after);
        play_any(&env, game.id, HowPlayed::default()).await.unwrap();
    }
    // Without lag the quota grows by 0.1 s a move, up to 2 s.
    for _ in 0..25 {
        play_any(&env, game.id, HowPlayed::default()).await.unwrap();
        play_any(&env, game.id, HowPlayed::default()).await.unwrap();
    }
    let v = view(&env, game.id).await;
    assert!(!v.is_over(), "{:?}", v.outcome);
    let max = i64::try_from(LAG_QUOTA_MAX.as_millis()).unwrap();
    assert_eq!(white_quota(&v), max);
    assert_eq!(v.clocks.unwrap().lag_quota(Color::Black), max);
    // A refund never exceeds the time the move took.
    env.advance(ms(300));
    let before = v.clocks.unwrap().remaining(Color::White);
    play_any(&env, game.id, lagged).await.unwrap();
    let v = view(&env, game.id).await;
    assert_eq!(v.clocks.unwrap().remaining(Color::White), before);
    assert_eq!(white_quota(&v), max - 300 + 100);
}

#[on_both_stores]
async fn a_move_is_charged_up_to_the_moment_it_was_taken_within_its_turn() {
    let env = Env::new().await;
    let game = live(&env, &player(1), &player(2), "5+0").await;
    first_moves(&env, game.id).await;
    let began = env.service.now();
    env.advance(10 * SECOND);
    let taken = |at: Timestamp| HowPlayed {
        taken_at: Some(at),
        ..HowPlayed::default()
    };
    // Taken 6 s into the turn, arrived at 10 s: charged 6 s.
    play_any(&env, game.id, taken(began + 6 * SECOND))
        .await
        .unwrap();
    assert_eq!(left(&env, game.id).await, (294_000, 300_000));
    // Said to be taken before the turn began: charged from the turn's start, nothing more.
    let black_began = env.service.now();
    env.advance(3 * SECOND);
    play_any(
        &env,
        game.id,
        taken(Timestamp::from_millis(black_began.as_millis() - 5_000)),
    )
    .await
    .unwrap();
    assert_eq!(left(&env, game.id).await, (294_000, 300_000));
    // Said to be taken in the future: charged to its arrival.
    env.advance(7 * SECOND);
    play_any(&env, game.id, taken(env.service.now() + DAY))
        .await
        .unwrap();
    assert_eq!(left(&env, game.id).await, (287_000, 300_000));
}

#[on_both_stores]
async fn the_flag_falls_at_zero_and_a_late_move_is_refused_ending_the_game_on_time() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = live(&env, &a, &b, "1+0").await;
    first_moves(&env, game.id).await;
    // One millisecond left is enough.
    env.advance(ms(59_999));
    play_any(&env, game.id, HowPlayed::default()).await.unwrap();
    play_any(&env, game.id, HowPlayed::default()).await.unwrap();
    assert_eq!(left(&env, game.id).await, (1, 60_000));
    let waiting = env.service.undelivered_notices(game.id).await.unwrap();
    env.advance(ms(1));
    assert_eq!(
        env.service.next_flag_due().await.unwrap(),
        Some(env.service.now())
    );
    assert_eq!(left(&env, game.id).await, (0, 60_000));
    let late = play_any(&env, game.id, HowPlayed::default()).await;
    assert!(matches!(late, Err(ServiceError::OutOfTime)), "{late:?}");
    let ended = view(&env, game.id).await;
    assert_eq!(
        ended.outcome,
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Time
        })
    );
    assert_eq!(ended.ply, 4, "the late move was not played");
    assert_eq!(ended.ended_at, Some(env.service.now()));
    assert_eq!(
        env.service.undelivered_notices(game.id).await.unwrap(),
        waiting + 1,
        "the end is announced through the outbox"
    );
    let stats = env.service.stats(place().guild, a.id, None).await.unwrap();
    assert_eq!(
        stats.ratings.iter().map(|r| r.games).sum::<u32>(),
        1,
        "rated once"
    );
    assert!(
        env.service.sweep().await.unwrap().is_empty(),
        "nothing left to end"
    );
    assert_eq!(env.service.next_flag_due().await.unwrap(), None);
}

#[on_both_stores]
async fn a_move_taken_before_the_flag_but_arriving_after_it_is_in_time() {
    let env = Env::new().await;
    let game = live(&env, &player(1), &player(2), "1+0").await;
    first_moves(&env, game.id).await;
    let began = env.service.now();
    env.advance(ms(60_200));
    let how = HowPlayed {
        taken_at: Some(began + ms(59_900)),
        ..HowPlayed::default()
    };
    play_any(&env, game.id, how).await.unwrap();
    assert_eq!(left(&env, game.id).await, (100, 60_000));
}

#[on_both_stores]
async fn two_instances_end_each_flagged_game_exactly_once() {
    let env = Env::new().await;
    let other = env.reopen().await;
    let mut games = Vec::new();
    for n in 0..6 {
        let game = live(&env, &player(2 * n + 1), &player(2 * n + 2), "1+0").await;
        first_moves(&env, game.id).await;
        games.push(game.id);
    }
    assert_eq!(
        env.service.next_flag_due().await.unwrap(),
        Some(env.service.now() + Duration::from_secs(60))
    );
    env.advance(ms(59_999));
    assert!(env.service.end_due_clocks().await.unwrap().is_empty());
    env.advance(ms(1));
    // Boxed: three services' futures side by side outgrow a test thread's stack.
    let (mine, theirs, swept) = tokio::join!(
        Box::pin(env.service.end_due_clocks()),
        Box::pin(other.end_due_clocks()),
        Box::pin(other.sweep())
    );
    let mut ended: Vec<GameId> = mine
        .unwrap()
        .into_iter()
        .chain(theirs.unwrap())
        .chain(swept.unwrap())
        .filter_map(|e| match e {
            Event::TimedOut { game, end, .. } => {
                assert_eq!(end.outcome.winner(), Some(Color::Black));
                Some(game.id)
            }
            _ => None,
        })
        .collect();
    ended.sort();
    assert_eq!(ended, games, "every game once, none twice");
    for n in 0..6 {
        let stats = env
            .service
            .stats(place().guild, player(2 * n + 1).id, None)
            .await
            .unwrap();
        assert_eq!(
            stats.ratings.iter().map(|r| r.games).sum::<u32>(),
            1,
            "rated exactly once"
        );
    }
}

#[on_both_stores]
async fn the_flag_worker_wakes_for_the_due_flag_when_a_move_rings_it() {
    let env = Env::new().await;
    let first = live(&env, &player(1), &player(2), "1+0").await;
    first_moves(&env, first.id).await;
    env.advance(40 * SECOND);
    let second = live(&env, &player(3), &player(4), "1+0").await;
    let (events, mut found) = mpsc::channel(8);
    let worker = env.service.spawn_flag_worker(events);
    // The first game's flag falls; a move in the second rings the worker's bell.
    env.advance(20 * SECOND);
    play_any(&env, second.id, HowPlayed::default())
        .await
        .unwrap();
    let event = tokio::time::timeout(Duration::from_secs(20), found.recv())
        .await
        .expect("the worker ends the game")
        .expect("an event");
    let Event::TimedOut { game, loser, .. } = event else {
        panic!("a loss on time, got {event:?}");
    };
    assert_eq!((game.id, loser), (first.id, player(1).id));
    assert!(!view(&env, second.id).await.is_over());
    worker.abort();
}

#[on_both_stores]
async fn a_live_game_without_a_first_move_in_thirty_seconds_is_aborted_unrated() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = live(&env, &a, &b, "5+3").await;
    env.advance(ABORT_AFTER - ms(1));
    assert!(env.service.sweep().await.unwrap().is_empty());
    env.advance(ms(1));
    let events = env.service.sweep().await.unwrap();
    let [Event::Aborted(aborted)] = events.as_slice() else {
        panic!("one abort, got {events:?}");
    };
    assert_eq!(aborted.id, game.id);
    assert_eq!(view(&env, game.id).await.outcome, Some(Outcome::Aborted));
    let stats = env.service.stats(place().guild, a.id, None).await.unwrap();
    assert!(stats.ratings.is_empty(), "unrated: {:?}", stats.ratings);
    assert_eq!(stats.record.games, 0, "no result");
    assert!(env.service.export_pdn(game.id).await.unwrap().contains('*'));

    // Black's first move is due 30 s after White's; a late one aborts the game in its write.
    let game = live(&env, &a, &b, "5+3").await;
    play_any(&env, game.id, HowPlayed::default()).await.unwrap();
    env.advance(ABORT_AFTER);
    let late = play_any(&env, game.id, HowPlayed::default()).await;
    assert!(matches!(late, Err(ServiceError::GameAborted)), "{late:?}");
    assert_eq!(view(&env, game.id).await.outcome, Some(Outcome::Aborted));
    let stats = env.service.stats(place().guild, b.id, None).await.unwrap();
    assert!(stats.ratings.is_empty());
}

#[on_both_stores]
async fn a_challenge_carries_its_live_clock_into_the_game() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let options = ChallengeOptions {
        live: Some(clock("15+10")),
        colour: ColourChoice::White,
        ..ChallengeOptions::default()
    };
    let challenge = env
        .service
        .create_challenge(&a, Some(&b), place(), options)
        .await
        .unwrap();
    let stored = env.service.challenge(challenge.id).await.unwrap();
    assert_eq!(stored.options.live, Some(clock("15+10")));
    let game = env
        .service
        .accept_challenge(&b, place(), challenge.id)
        .await
        .unwrap();
    assert_eq!(game.live, Some(clock("15+10")));
    assert!(game.rated);
}

#[on_both_stores]
async fn a_live_game_against_the_computer_charges_the_computer_too() {
    let env = Env::new().await;
    let me = player(1);
    let options = EngineGame {
        level: dama_engine::Level::MIN,
        colour: ColourChoice::White,
        time_control: TimeControl::Day,
        live: Some(clock("3+0")),
        rules: dama_rules::Rules::STANDARD,
    };
    let game = env
        .service
        .start_engine_game_with(&me, place(), options)
        .await
        .unwrap();
    assert_eq!(game.live, Some(clock("3+0")));
    assert_eq!(game.deadline, Some(env.service.now() + ABORT_AFTER));
    play_any(&env, game.id, HowPlayed::default()).await.unwrap();
    env.service.play_computer_turn(game.id).await.unwrap();
    assert_eq!(
        view(&env, game.id).await.ply,
        2,
        "the computer's first move"
    );
    let moved = play_any(&env, game.id, HowPlayed::default()).await.unwrap();
    assert_eq!(
        moved.game.deadline,
        Some(env.service.now() + Duration::from_secs(180)),
        "the computer's flag"
    );
    env.advance(ms(1_500));
    env.service.play_computer_turn(game.id).await.unwrap();
    let v = view(&env, game.id).await;
    assert_eq!(v.ply, 4, "the computer's timed move");
    assert_eq!(left(&env, game.id).await, (180_000, 178_500));
}

#[on_both_stores]
async fn correspondence_games_keep_their_deadlines_and_have_no_clock() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.rated(&a, &b).await;
    assert_eq!((game.live, game.clocks), (None, None));
    assert_eq!(game.clock_at(env.service.now()), None);
    assert_eq!(game.deadline, Some(common::START + DAY));
    assert_eq!(env.service.next_flag_due().await.unwrap(), None);
    env.advance(DAY);
    assert!(env.service.end_due_clocks().await.unwrap().is_empty());
    assert!(matches!(
        env.play(game.id, &a, "d3-d4").await,
        Err(ServiceError::DeadlinePassed)
    ));
}
