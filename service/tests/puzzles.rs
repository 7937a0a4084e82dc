//! Puzzles from a server's own games: stored by one call, solved move by move (the opponent
//! replying), failed with the solution shown, illegal answers refused without a change, rated
//! both ways, streaks across days, the leaderboard, the limit per minute, and the daily puzzle
//! posted once through the outbox across instances and restarts.

mod common;

use common::{DAY, Env, HOUR, place, player};
use dama_rules::notation::{self, ResolveError};
use dama_rules::{Color, Move, Position};
use dama_service::ids::{ChannelId, GuildId, PuzzleId, UserId};
use dama_service::model::Participant;
use dama_service::service::{
    Authority, Delivery, GameService, NewPuzzle, Notice, PuzzleAnswer, PuzzleChoice, PuzzleError,
    ServiceError,
};
use dama_test_stores::on_both_stores;

/// The server of the tests (that of `common::place`).
const GUILD: GuildId = GuildId(1000);

/// Another server.
const ELSEWHERE: GuildId = GuildId(3000);

/// The line of every test puzzle, from the start position: White, Black's reply, White.
const LINE: [&str; 3] = ["c3-c4", "a6-a5", "d3-d4"];

/// `texts` played one after the other from `start`, as moves.
fn line(start: Position, texts: &[&str]) -> Vec<Move> {
    let mut position = start;
    texts
        .iter()
        .map(|text| {
            let m = notation::resolve_str(&position, text).expect("legal in the test line");
            position = position.play(&m).expect("legal");
            m
        })
        .collect()
}

/// A puzzle on the start position whose line is [`LINE`], of `difficulty`.
fn new_puzzle(difficulty: u8) -> NewPuzzle {
    let start = Position::default();
    NewPuzzle {
        start,
        solution: line(start, &LINE),
        theme: Some("shot".to_owned()),
        difficulty,
        game: None,
        ply: 0,
    }
}

impl Env {
    /// Adds `n` puzzles to the test server.
    async fn add_puzzles(&self, n: u8) -> Vec<PuzzleId> {
        let mut ids = Vec::new();
        for i in 0..n {
            let id = self
                .service
                .add_puzzle(GUILD, new_puzzle(1 + i % 5))
                .await
                .expect("puzzle stored");
            ids.push(id);
        }
        ids
    }

    /// `user` answers their puzzle with `text`.
    async fn answer(&self, user: UserId, text: &str) -> Result<PuzzleAnswer, ServiceError> {
        let text = text.parse().expect("move syntax");
        self.service.answer_puzzle(user, GUILD, &text).await
    }

    /// `who` starts their next puzzle and fails it at once.
    async fn fail_one(&self, who: &dama_service::model::Player) {
        self.service
            .start_puzzle(who, Some(GUILD), PuzzleChoice::Next)
            .await
            .expect("a puzzle");
        let failed = self.answer(who.id, "a3-a4").await.expect("answered");
        assert!(matches!(failed, PuzzleAnswer::Failed { .. }), "{failed:?}");
    }

    /// `who` starts their next puzzle and solves it.
    async fn solve_one(&self, who: &dama_service::model::Player) {
        self.service
            .start_puzzle(who, Some(GUILD), PuzzleChoice::Next)
            .await
            .expect("a puzzle");
        self.answer(who.id, LINE[0]).await.expect("first move");
        let solved = self.answer(who.id, LINE[2]).await.expect("last move");
        assert!(matches!(solved, PuzzleAnswer::Solved { .. }), "{solved:?}");
    }
}

/// Every notice due now, each recorded as delivered.
async fn drain(service: &GameService) -> Vec<Notice> {
    let mut out = Vec::new();
    loop {
        let due = service.due_notices(50).await.expect("notices");
        if due.is_empty() {
            return out;
        }
        for pending in due {
            service
                .notice_delivered(pending.id, Delivery::Channel, None, None)
                .await
                .expect("recorded");
            out.push(pending.notice);
        }
    }
}

#[on_both_stores]
async fn a_puzzle_is_solved_move_by_move_each_move_answered_by_the_reply() {
    let env = Env::new().await;
    env.add_puzzles(1).await;
    let ada = player(1);
    let started = env
        .service
        .start_puzzle(&ada, Some(GUILD), PuzzleChoice::Next)
        .await
        .expect("a puzzle");
    assert!(!started.resumed);
    let puzzle = started.puzzle;
    assert_eq!(puzzle.solver, Color::White);
    assert_eq!(puzzle.position, Position::default());
    assert_eq!(puzzle.plies, 3);
    assert_eq!(puzzle.theme.as_deref(), Some("shot"));

    let expected = line(Position::default(), &LINE);
    let PuzzleAnswer::Correct {
        played,
        reply,
        puzzle,
    } = env.answer(ada.id, LINE[0]).await.expect("answered")
    else {
        panic!("the first move is right and the line goes on");
    };
    assert_eq!((played, reply), (expected[0], expected[1]));
    assert_eq!(puzzle.played, expected[..2]);
    assert_eq!(puzzle.position.turn(), Color::White, "the solver to move");

    // Asking again gives the try under way back, where it stands.
    let again = env
        .service
        .start_puzzle(&ada, Some(GUILD), PuzzleChoice::Next)
        .await
        .expect("the same puzzle");
    assert!(again.resumed);
    assert_eq!(again.puzzle.position, puzzle.position);

    // Numeric notation is read as well.
    let d3_d4 = notation::format(&expected[2], notation::Notation::Numeric);
    let PuzzleAnswer::Solved {
        played,
        puzzle,
        rating,
    } = env.answer(ada.id, &d3_d4).await.expect("answered")
    else {
        panic!("the last move solves it");
    };
    assert_eq!(played, expected[2]);
    assert_eq!(puzzle.played, expected);
    assert!(rating.after.rating > rating.before.rating);
    assert_eq!(rating.streak, 1);

    let done = env.answer(ada.id, "a3-a4").await;
    assert!(
        matches!(done, Err(ServiceError::Puzzle(PuzzleError::NotSolving))),
        "{done:?}"
    );
    // One try per puzzle: none is left for Ada.
    let next = env
        .service
        .start_puzzle(&ada, Some(GUILD), PuzzleChoice::Next)
        .await;
    assert!(
        matches!(next, Err(ServiceError::Puzzle(PuzzleError::NoneLeft))),
        "{next:?}"
    );
}

#[on_both_stores]
async fn a_wrong_move_ends_the_try_and_shows_the_solution() {
    let env = Env::new().await;
    env.add_puzzles(1).await;
    let bo = player(2);
    env.service
        .start_puzzle(&bo, Some(GUILD), PuzzleChoice::Next)
        .await
        .expect("a puzzle");
    env.answer(bo.id, LINE[0]).await.expect("right");
    let PuzzleAnswer::Failed {
        played,
        expected,
        solution,
        puzzle,
        rating,
    } = env.answer(bo.id, "a3-a4").await.expect("answered")
    else {
        panic!("a legal move off the line fails");
    };
    let whole = line(Position::default(), &LINE);
    assert_eq!(played.to_string(), "a3-a4");
    assert_eq!(expected, whole[2]);
    assert_eq!(solution, whole);
    assert_eq!(puzzle.played, whole[..2], "shown where it went wrong");
    assert!(rating.after.rating < rating.before.rating);
    assert_eq!(rating.streak, 0);
    let stats = env.service.puzzle_stats(bo.id, GUILD).await.expect("stats");
    assert_eq!((stats.tries, stats.solved, stats.streak), (1, 0, 0));
}

#[on_both_stores]
async fn an_illegal_move_is_refused_and_changes_nothing() {
    let env = Env::new().await;
    env.add_puzzles(1).await;
    let cy = player(3);
    let started = env
        .service
        .start_puzzle(&cy, Some(GUILD), PuzzleChoice::Next)
        .await
        .expect("a puzzle");
    for illegal in ["d4-d5", "c6-c5", "c3-c5"] {
        let refused = env.answer(cy.id, illegal).await;
        assert!(
            matches!(refused, Err(ServiceError::Move(_))),
            "{illegal}: {refused:?}"
        );
    }
    let refused = env.answer(cy.id, "d4-d5").await;
    assert!(
        matches!(refused, Err(ServiceError::Move(ResolveError::NoPiece(_)))),
        "{refused:?}"
    );
    let now = env
        .service
        .puzzle_under_way(cy.id, GUILD)
        .await
        .expect("read")
        .expect("still under way");
    assert_eq!(now, started.puzzle);
    let stats = env.service.puzzle_stats(cy.id, GUILD).await.expect("stats");
    assert_eq!(stats.tries, 0, "nothing rated");
    // The right move still counts.
    assert!(matches!(
        env.answer(cy.id, LINE[0]).await,
        Ok(PuzzleAnswer::Correct { .. })
    ));
}

#[on_both_stores]
async fn solving_moves_the_member_up_and_the_puzzle_down_and_failing_the_reverse() {
    let env = Env::new().await;
    let [first, second] = env.add_puzzles(2).await[..] else {
        panic!("two puzzles");
    };
    let rating_of = |id| {
        let service = env.service.clone();
        async move {
            service
                .puzzle_with_solution(GUILD, id)
                .await
                .expect("puzzle")
                .0
                .rating
                .rating
        }
    };
    let (before_1, before_2) = (rating_of(first).await, rating_of(second).await);
    let ada = player(1);
    // Rated 1150 and 1300: the one nearer 1500 comes first.
    env.solve_one(&ada).await;
    let after = env
        .service
        .puzzle_stats(ada.id, GUILD)
        .await
        .expect("stats");
    assert!(after.rating.rating > 1500.0, "{after:?}");
    assert!(
        rating_of(second).await < before_2,
        "the solved puzzle rates lower"
    );
    assert_eq!(rating_of(first).await, before_1, "untouched");

    env.fail_one(&ada).await;
    let failed = env
        .service
        .puzzle_stats(ada.id, GUILD)
        .await
        .expect("stats");
    assert!(failed.rating.rating < after.rating.rating, "{failed:?}");
    assert!(
        rating_of(first).await > before_1,
        "the failed puzzle rates higher"
    );
    assert_eq!((failed.tries, failed.solved), (2, 1));
}

#[on_both_stores]
async fn the_streak_counts_consecutive_days_solved_and_breaks_after_a_missed_day() {
    let env = Env::new().await;
    env.add_puzzles(6).await;
    let ada = player(1);
    let streak = || async {
        env.service
            .puzzle_stats(ada.id, GUILD)
            .await
            .expect("stats")
    };
    env.solve_one(&ada).await;
    env.solve_one(&ada).await;
    assert_eq!((streak().await.streak, streak().await.best_streak), (1, 1));
    env.advance(DAY);
    env.fail_one(&ada).await;
    assert_eq!(streak().await.streak, 1, "today is not over yet");
    env.solve_one(&ada).await;
    assert_eq!((streak().await.streak, streak().await.best_streak), (2, 2));
    env.advance(2 * DAY);
    assert_eq!(streak().await.streak, 0, "a whole day without a solve");
    env.solve_one(&ada).await;
    let stats = streak().await;
    assert_eq!((stats.streak, stats.best_streak), (1, 2));
}

#[on_both_stores]
async fn the_puzzle_leaderboard_ranks_members_by_puzzle_rating_with_enough_tries() {
    let env = Env::new().await;
    env.add_puzzles(10).await;
    let (ada, bo, cy) = (player(1), player(2), player(3));
    for _ in 0..3 {
        env.solve_one(&ada).await;
        env.fail_one(&bo).await;
    }
    env.solve_one(&cy).await;
    env.solve_one(&cy).await;
    let board = env
        .service
        .puzzle_leaderboard(GUILD, 10)
        .await
        .expect("leaderboard");
    let ranked: Vec<(UserId, &str)> = board.iter().map(|l| (l.user, l.name.as_str())).collect();
    assert_eq!(
        ranked,
        [(ada.id, "player 1"), (bo.id, "player 2")],
        "two tries are too few for Cy"
    );
    assert!(board[0].stats.rating.rating > board[1].stats.rating.rating);
    assert_eq!(board[0].stats.solved, 3);
    let elsewhere = env
        .service
        .puzzle_leaderboard(ELSEWHERE, 10)
        .await
        .expect("leaderboard");
    assert!(elsewhere.is_empty());
}

#[on_both_stores]
async fn the_sixth_puzzle_in_a_minute_is_refused_until_the_minute_has_passed() {
    let env = Env::new().await;
    env.add_puzzles(8).await;
    let ada = player(1);
    for _ in 0..5 {
        env.fail_one(&ada).await;
    }
    let refused = env
        .service
        .start_puzzle(&ada, Some(GUILD), PuzzleChoice::Next)
        .await;
    assert!(
        matches!(
            refused,
            Err(ServiceError::Puzzle(PuzzleError::TooMany { limit: 5 }))
        ),
        "{refused:?}"
    );
    // Others are not limited by Ada's puzzles.
    env.fail_one(&player(2)).await;
    env.advance(std::time::Duration::from_secs(61));
    env.fail_one(&ada).await;
}

#[on_both_stores]
async fn puzzles_are_the_servers_own_and_show_its_game_by_its_names() {
    let env = Env::new().await;
    let (ada, bo) = (player(1), player(2));
    let game = env.casual(&ada, &bo).await;
    env.play_all(game.id, &["c3-c4", "a6-a5"]).await;
    let start = Position::default();
    let puzzle = NewPuzzle {
        game: Some(game.id),
        ply: 0,
        ..new_puzzle(2)
    };
    let id = env
        .service
        .add_puzzle(GUILD, puzzle.clone())
        .await
        .expect("stored");
    let again = env
        .service
        .add_puzzle(GUILD, puzzle.clone())
        .await
        .expect("stored already");
    assert_eq!(
        again, id,
        "the same position of the same game is one puzzle"
    );
    let refused = env.service.add_puzzle(ELSEWHERE, puzzle.clone()).await;
    assert!(
        matches!(refused, Err(ServiceError::Puzzle(PuzzleError::Invalid(_)))),
        "{refused:?}"
    );
    let elsewhere_in_the_game = NewPuzzle {
        ply: 1,
        ..puzzle.clone()
    };
    let refused = env.service.add_puzzle(GUILD, elsewhere_in_the_game).await;
    assert!(
        matches!(refused, Err(ServiceError::Puzzle(PuzzleError::Invalid(_)))),
        "the game stood elsewhere before ply 1: {refused:?}"
    );
    let broken = NewPuzzle {
        solution: line(start, &LINE[..2]),
        ..puzzle
    };
    let refused = env.service.add_puzzle(GUILD, broken).await;
    assert!(
        matches!(refused, Err(ServiceError::Puzzle(PuzzleError::Invalid(_)))),
        "a line ending with the opponent's move: {refused:?}"
    );

    let cy = player(3);
    let started = env
        .service
        .start_puzzle(&cy, Some(GUILD), PuzzleChoice::Next)
        .await
        .expect("a puzzle");
    let source = started.puzzle.source.expect("from a game");
    assert_eq!(source.game, game.id);
    let name = |p: &Participant| p.name().into_owned();
    assert_eq!(
        (name(&source.white), name(&source.black)),
        ("player 1".to_owned(), "player 2".to_owned())
    );

    let elsewhere = env
        .service
        .start_puzzle(&cy, Some(ELSEWHERE), PuzzleChoice::Next)
        .await;
    assert!(
        matches!(
            elsewhere,
            Err(ServiceError::Puzzle(PuzzleError::NoPuzzlesYet))
        ),
        "{elsewhere:?}"
    );
    let in_dm = env
        .service
        .start_puzzle(&cy, None, PuzzleChoice::Next)
        .await;
    assert!(
        matches!(in_dm, Err(ServiceError::Puzzle(PuzzleError::NeedsServer))),
        "{in_dm:?}"
    );
    let _ = place();
}

#[on_both_stores]
async fn the_daily_puzzle_is_posted_once_across_instances_and_restarts_then_its_solution() {
    let env = Env::new().await;
    let [first, second] = env.add_puzzles(2).await[..] else {
        panic!("two puzzles");
    };
    let channel = ChannelId(4000);
    let refused = env
        .service
        .set_puzzle_channel(GUILD, Authority::Member, Some(channel), Some(14))
        .await;
    assert!(
        matches!(refused, Err(ServiceError::ManagersOnly(_))),
        "{refused:?}"
    );
    let settings = env
        .service
        .set_puzzle_channel(GUILD, Authority::Manager, Some(channel), Some(14))
        .await
        .expect("set");
    assert_eq!((settings.channel, settings.hour), (Some(channel), 14));

    // 12:00: the hour (14:00) has not come.
    assert!(
        env.service
            .post_daily_puzzles()
            .await
            .expect("run")
            .is_empty()
    );
    let nothing = env
        .service
        .start_puzzle(&player(1), Some(GUILD), PuzzleChoice::Daily)
        .await;
    assert!(
        matches!(
            nothing,
            Err(ServiceError::Puzzle(PuzzleError::NoDailyPuzzle))
        ),
        "{nothing:?}"
    );
    env.advance(2 * HOUR);
    let other = env.reopen().await;
    let (a, b) = tokio::join!(env.service.post_daily_puzzles(), other.post_daily_puzzles());
    let posted = a.expect("one").len() + b.expect("other").len();
    assert_eq!(posted, 1, "one instance posts it");
    // A restart later that day, and a sweep: nothing more.
    let restarted = env.reopen().await;
    restarted.sweep().await.expect("sweep");
    assert!(
        restarted
            .post_daily_puzzles()
            .await
            .expect("run")
            .is_empty()
    );
    let notices = drain(&env.service).await;
    assert_eq!(
        notices,
        [Notice::DailyPuzzle {
            guild: GUILD,
            puzzle: first,
            channel
        }]
    );

    // Bo solves it first, then Ada; Cy fails it; all from the daily choice.
    let (ada, bo, cy) = (player(1), player(2), player(3));
    for who in [&bo, &ada] {
        let started = env
            .service
            .start_puzzle(who, Some(GUILD), PuzzleChoice::Daily)
            .await
            .expect("the daily puzzle");
        assert_eq!(started.puzzle.id, first);
        env.advance(std::time::Duration::from_secs(60));
        env.answer(who.id, LINE[0]).await.expect("right");
        env.answer(who.id, LINE[2]).await.expect("solved");
    }
    env.service
        .start_puzzle(&cy, Some(GUILD), PuzzleChoice::Daily)
        .await
        .expect("the daily puzzle");
    env.answer(cy.id, "a3-a4").await.expect("failed");
    let again = env
        .service
        .start_puzzle(&bo, Some(GUILD), PuzzleChoice::Daily)
        .await;
    assert!(
        matches!(again, Err(ServiceError::Puzzle(PuzzleError::AlreadyTried(id))) if id == first),
        "{again:?}"
    );

    // The next day at the hour: yesterday's solution (Bo first), then today's puzzle, once.
    env.advance(DAY);
    let (a, b) = tokio::join!(restarted.sweep(), other.sweep());
    a.expect("sweep");
    b.expect("sweep");
    env.service.sweep().await.expect("sweep");
    let notices = drain(&env.service).await;
    assert_eq!(
        notices,
        [
            Notice::DailySolution {
                guild: GUILD,
                puzzle: first,
                channel,
                first: Some(bo.id)
            },
            Notice::DailyPuzzle {
                guild: GUILD,
                puzzle: second,
                channel
            }
        ]
    );
    // No puzzle left for the third day: its solution still comes, alone.
    env.advance(DAY);
    env.service.sweep().await.expect("sweep");
    let notices = drain(&env.service).await;
    assert_eq!(
        notices,
        [Notice::DailySolution {
            guild: GUILD,
            puzzle: second,
            channel,
            first: None
        }]
    );
    env.service.sweep().await.expect("sweep");
    assert!(drain(&env.service).await.is_empty());
}

#[on_both_stores]
async fn two_answers_at_once_count_once_and_rate_once() {
    let env = Env::new().await;
    env.add_puzzles(2).await;
    let (ada, bo) = (player(1), player(2));
    for who in [&ada, &bo] {
        env.service
            .start_puzzle(who, Some(GUILD), PuzzleChoice::Next)
            .await
            .expect("a puzzle");
    }
    // Ada sends the same right move twice at once: one is taken, the other refused.
    let (a, b) = tokio::join!(env.answer(ada.id, LINE[0]), env.answer(ada.id, LINE[0]));
    let taken = [&a, &b].iter().filter(|r| r.is_ok()).count();
    assert_eq!(taken, 1, "{a:?} / {b:?}");
    assert!(
        [&a, &b]
            .iter()
            .any(|r| matches!(r, Err(ServiceError::Conflict | ServiceError::Move(_)))),
        "{a:?} / {b:?}"
    );
    // Bo sends a wrong move and the right one at once: whichever is taken ends or moves the
    // try, and the try is rated at most once.
    let (a, b) = tokio::join!(env.answer(bo.id, "a3-a4"), env.answer(bo.id, LINE[0]));
    assert!(a.is_ok() || b.is_ok(), "{a:?} / {b:?}");
    let stats = env.service.puzzle_stats(bo.id, GUILD).await.expect("stats");
    assert!(stats.tries <= 1, "{stats:?}");
}

#[on_both_stores]
async fn a_puzzles_view_carries_its_last_move_and_the_position_before_it() {
    let env = Env::new().await;
    env.add_puzzles(1).await;
    let ada = player(1);
    let started = env
        .service
        .start_puzzle(&ada, Some(GUILD), PuzzleChoice::Next)
        .await
        .expect("a puzzle");
    assert_eq!(started.puzzle.last_move, None, "nothing played yet");

    let expected = line(Position::default(), &LINE);
    let after_first = Position::default().play(&expected[0]).expect("legal");
    let PuzzleAnswer::Correct { puzzle, .. } = env.answer(ada.id, LINE[0]).await.expect("answered")
    else {
        panic!("the first move is right and the line goes on");
    };
    // The last move is the opponent's reply, played after the solver's move.
    let last = puzzle.last_move.expect("a last move");
    assert_eq!(last.mv, expected[1]);
    assert_eq!(last.before, after_first);
    assert_eq!(last.before.play(&last.mv).ok(), Some(puzzle.position));

    let PuzzleAnswer::Solved { puzzle, .. } = env.answer(ada.id, LINE[2]).await.expect("answered")
    else {
        panic!("the last move solves it");
    };
    let last = puzzle.last_move.expect("a last move");
    assert_eq!(last.mv, expected[2]);
    assert_eq!(last.before.play(&last.mv).ok(), Some(puzzle.position));
}
