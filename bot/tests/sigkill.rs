//! The real `dama-bot` binary, killed with SIGKILL right after a move is acknowledged while
//! Discord refuses every post in the game's thread, then started again over the same database:
//! the move's board appears in the thread, once.
//!
//! Killed while the computer thinks, the restarted bot plays the computer's move without waiting
//! for the killed life's lease: its first beat finds its previous life gone and takes its leases
//! over. Killed while
//! its answer to a move is on the way, the restarted bot looks the answer up and does not post
//! the board a second time.
//!
//! And two instances of the binary in HTTP mode over one PostgreSQL database, interactions
//! spread over both: one is killed mid-game, the other carries on and nothing is lost; killed
//! while it sends a board, the other takes the board over without waiting for its lease.
//!
//! Discord is the local stand-in ([`FakeDiscord`]) in this process; the bot is a child process
//! configured through its environment, as in production.

#![cfg(unix)]

mod common;

use std::time::{Duration, Instant};

use dama_tests::{Cut, FakeDiscord, FakeUser, Recorded, eventually};
use serenity::all::{ChannelId, InteractionId};
use sqlx::Connection;

use common::{
    Bot, WAIT, answer, board_with, dama, is_board, is_registration, shows, started_game,
    started_game_with,
};

/// Killed right after the move's answer: the board is in the outbox, not yet sent.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_right_after_a_move_is_acknowledged_the_bot_posts_its_board_once_after_a_restart() {
    let _alone = one_at_a_time().await;
    killed_and_restarted(Kill::AfterTheAnswer).await;
}

/// Killed after Discord refused the board (the move's interaction tried, then the delivery
/// worker), while the worker waits to try again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_while_its_posts_fail_the_bot_posts_the_board_once_after_a_restart() {
    let _alone = one_at_a_time().await;
    killed_and_restarted(Kill::AfterARefusal).await;
}

/// Each test has the machine to itself: several bots, PostgreSQL and the stand-in at once on
/// two cores would time out waits that are no part of what is tested.
async fn one_at_a_time() -> tokio::sync::MutexGuard<'static, ()> {
    static ALONE: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
    ALONE.lock().await
}

/// When the bot is killed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kill {
    /// As soon as the move's ephemeral answer arrives.
    AfterTheAnswer,
    /// Once the outbox has counted a failed attempt at the board and no sender holds it (the
    /// worker's backoff of 1 s).
    AfterARefusal,
}

/// Alice challenges bob, bob accepts; every post in the thread fails; alice moves, the bot is
/// killed (`when`), the faults cleared and the bot started again: the board appears, once.
async fn killed_and_restarted(when: Kill) {
    let started = Instant::now();
    let discord = FakeDiscord::start().await.expect("the stand-in binds");
    discord.set_wait_timeout(WAIT);
    let dir = tempfile::tempdir().expect("a temporary directory");
    let database = format!("sqlite://{}", dir.path().join("dama.db").display());

    let bot = Bot::spawn(&discord, &database, dir.path(), "bot-1.log");
    connected(&discord).await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, game) = started_game(&discord, &alice, &bob).await;
    // The first board is posted before the bot records it; wait for the record, so that the
    // kill below leaves the move's board alone in the outbox.
    let outbox = Outbox(&database);
    outbox.wait_until_empty().await;

    // Every post in the thread fails; alice moves from the server's main channel, so the
    // board is a channel post (the interaction's answer only says where the game goes on).
    discord.fail_until_cleared(500, &format!("/channels/{thread}/messages"));
    let moved = discord.dispatch_slash_command(
        &discord.in_guild(&alice),
        &dama("move").option("move", "d3-d4").option("game", game),
    );
    let ack = answer(&discord, moved).await;
    assert!(ack.is_ephemeral());
    let words = ack.content().unwrap_or_default();
    assert!(words.starts_with("Done. The game goes on in"), "{words}");
    if when == Kill::AfterARefusal {
        outbox
            .wait_for("a failed attempt, and no lease", |row| {
                row.attempts > 0 && row.lease_until.is_none()
            })
            .await;
    }
    bot.kill();
    let killed = Instant::now();

    assert_eq!(boards(&discord, thread, MOVED), [], "no board got through");
    let refused = discord
        .message_posts_in(thread)
        .iter()
        .filter(|r| r.status == 500)
        .count();
    if when == Kill::AfterARefusal {
        assert!(
            refused >= 2,
            "the answer's and the worker's tries: {refused}"
        );
    }
    let waiting = outbox.undelivered().await;
    assert_eq!(waiting.len(), 1, "the move's board waits: {waiting:?}");
    // Killed while it was sending, the bot holds a lease on the notice: the restarted one
    // takes it over.
    let leased = waiting[0].lease_until.is_some();

    discord.clear_faults();
    let bot = Bot::spawn(&discord, &database, dir.path(), "bot-2.log");
    connected(&discord).await;
    let posted = board_with(&discord, thread, MOVED).await;
    let delay = killed.elapsed();
    // Once the notice is recorded as delivered and the bot has stopped, no post of it is left
    // to come: what the stand-in holds is all there is.
    outbox.wait_until_empty().await;
    bot.kill();

    let posts = boards(&discord, thread, MOVED);
    assert_eq!(posts.len(), 1, "the move's board, posted once: {posts:#?}");
    assert_eq!(posts[0].index, posted.index);
    let shown = discord
        .messages_in(thread)
        .iter()
        .filter(|m| m["attachments"][0]["filename"] == "board.png")
        .count();
    assert_eq!(shown, 2, "the thread holds the first board and the move's");
    assert_eq!(outbox.undelivered().await, [], "nothing is left to send");
    eprintln!(
        "{when:?}: {refused} posts refused; the board appeared {delay:?} after the SIGKILL \
         (the killed bot {} the notice); the test took {:?}",
        if leased { "held" } else { "did not hold" },
        started.elapsed()
    );
}

/// The restarted bot's first beat finds its previous life gone (same machine, its process
/// dead) and plays the computer's turn that life held, rather than waiting for the lease.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_as_play_bot_is_acknowledged_the_restarted_bot_plays_the_computers_move_at_once() {
    let _alone = one_at_a_time().await;
    let discord = FakeDiscord::start().await.expect("the stand-in binds");
    discord.set_wait_timeout(WAIT);
    let dir = tempfile::tempdir().expect("a temporary directory");
    let database = format!("sqlite://{}", dir.path().join("dama.db").display());
    let bot = Bot::spawn(&discord, &database, dir.path(), "bot-1.log");
    connected(&discord).await;
    let alice = discord.user("alice");
    // The strongest level thinks longest: the kill lands while it thinks, holding the turn's
    // lease.
    let started = discord.dispatch_slash_command(
        &discord.in_guild(&alice),
        &dama("play-bot")
            .option("level", 5_i64)
            .option("color", "black"),
    );
    answer(&discord, started).await;
    let db = Outbox(&database);
    let game: i64 = db.scalar("SELECT max(id) FROM games").await;
    let job = format!("computer:{game}");
    let leased = format!("SELECT count(*) FROM job_leases WHERE job = '{job}'");
    eventually("the computer's turn leased", async || {
        let held: i64 = db.scalar(&leased).await;
        if held == 1 { Ok(()) } else { Err(held) }
    })
    .await;
    bot.kill();
    let killed = Instant::now();
    assert_eq!(db.ply(game).await, 0, "killed before the computer moved");
    // The killed life's lease made an hour long: neither its lapse nor a sweep (which leaves a
    // leased turn alone) can play the turn now, only a takeover of the lease.
    db.execute(&format!(
        "UPDATE job_leases SET until = until + 3600000 WHERE job = '{job}'"
    ))
    .await;

    let restarted = Instant::now();
    let bot = Bot::spawn(&discord, &database, dir.path(), "bot-2.log");
    // However long a loaded machine takes to start it: this waits to end a hung test, and
    // says nothing of speed.
    discord.set_wait_timeout(dama_tests::EVENTUALLY);
    let board = discord
        .wait_for_request("the computer's first board", |r| {
            r.succeeded()
                && r.file("board.png").is_some()
                && r.content()
                    .is_some_and(|c| c.contains("Computer (level 5) played"))
        })
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    discord.set_wait_timeout(WAIT);
    let delay = restarted.elapsed();
    db.wait_until_empty().await;
    bot.kill();

    assert_eq!(db.ply(game).await, 1, "the computer moved once");
    let boards = discord
        .requests()
        .iter()
        .filter(|r| r.succeeded() && r.file("board.png").is_some())
        .filter(|r| {
            r.content()
                .is_some_and(|c| c.contains("Computer (level 5) played"))
        })
        .count();
    assert_eq!(boards, 1, "its board, once: {board:?}");
    let left: i64 = db.scalar(&leased).await;
    assert_eq!(
        left, 0,
        "the lease, taken over, was given back once the turn was played"
    );
    // For the record only: how long the restart took.
    eprintln!(
        "the computer's move was posted {delay:?} after the restart ({:?} after the SIGKILL)",
        killed.elapsed(),
    );
}

/// The answer to a move reaches Discord, but the bot is killed before it hears back: the
/// restarted bot finds the answer's message (`GET …/messages/@original`) and records the board
/// as delivered by it, instead of posting it again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_while_its_answer_is_on_the_way_the_restarted_bot_does_not_post_the_board_again() {
    let _alone = one_at_a_time().await;
    let discord = FakeDiscord::start().await.expect("the stand-in binds");
    discord.set_wait_timeout(WAIT);
    let dir = tempfile::tempdir().expect("a temporary directory");
    let database = format!("sqlite://{}", dir.path().join("dama.db").display());
    let bot = Bot::spawn(&discord, &database, dir.path(), "bot-1.log");
    connected(&discord).await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, _game) = started_game(&discord, &alice, &bob).await;
    let outbox = Outbox(&database);
    outbox.wait_until_empty().await;

    // Discord takes the answer at once and then hangs: the bot waits for word of it.
    discord.stall_next_matching(
        1,
        Duration::from_secs(60),
        Cut::AfterHandling,
        "/interactions/",
    );
    let moved = discord.dispatch_slash_command(
        &discord.in_channel(&alice, thread),
        &dama("move").option("move", "d3-d4"),
    );
    eventually("the answer", async || discord.original_response_id(moved)).await;
    let answered = discord
        .original_response(moved)
        .expect("the answer's message");
    assert!(
        answered["content"]
            .as_str()
            .is_some_and(|c| c.contains(MOVED))
    );
    bot.kill();
    let waiting = outbox.undelivered().await;
    assert_eq!(
        waiting.len(),
        1,
        "the board's row, claimed by the answer: {waiting:?}"
    );
    assert!(waiting[0].lease_until.is_some(), "{waiting:?}");

    let bot = Bot::spawn(&discord, &database, dir.path(), "bot-2.log");
    outbox.wait_until_empty().await;
    bot.kill();

    let via: String = outbox
        .scalar(&format!(
            "SELECT delivered_via FROM outbox WHERE id = {}",
            waiting[0].id
        ))
        .await;
    assert_eq!(via, "interaction", "recorded as the answer's");
    assert_eq!(
        boards(&discord, thread, MOVED),
        [],
        "no second board in the thread"
    );
    let looked_up = discord
        .requests()
        .iter()
        .filter(|r| r.method == "GET" && r.api_path().ends_with("/messages/@original"))
        .count();
    assert_eq!(looked_up, 1, "the answer was looked up once");
}

/// Two instances of the binary answer interactions over HTTP from one PostgreSQL database,
/// each receiving every other interaction; between two moves one is killed (SIGKILL) and
/// interactions go to the other only, as a load balancer's health check would have them: the
/// game goes on, each move is applied once, each board is posted once, and the outbox empties.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_on_postgresql_one_killed_mid_game_the_other_carries_on() {
    let _alone = one_at_a_time().await;
    let Some(TwoInstances {
        discord,
        database,
        _dir,
        first: (first, first_url),
        second: (second, second_url),
    }) = TwoInstances::start().await
    else {
        return;
    };
    discord.deliver_interactions_to(&[first_url, second_url.clone()]);
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, game) = started_game(&discord, &alice, &bob).await;
    let outbox = Outbox(&database);
    let moves = [
        (&alice, "c3-c4"),
        (&bob, "f6-f5"),
        (&alice, "h3-h4"),
        (&bob, "a6-a5"),
    ];
    let play = |(player, text): (&FakeUser, &str)| {
        discord.dispatch_slash_command(
            &discord.in_channel(player, thread),
            &dama("move").option("move", text),
        )
    };

    // The answer to an interaction over the API can come before its HTTP request is answered:
    // an instance killed in between would leave that request unanswered, so each kill waits
    // for those.
    let answered_over_http = async |sent: &[InteractionId]| {
        for &id in sent {
            eventually("the endpoint's answer", async || {
                discord.endpoint_status(id)
            })
            .await;
        }
    };
    let mut sent = Vec::new();
    for &(player, text) in &moves[..2] {
        let id = play((player, text));
        let answered = answer(&discord, id).await;
        assert!(!answered.is_ephemeral(), "{:?}", answered.content());
        sent.push(id);
    }
    outbox.wait_until_empty().await;
    answered_over_http(&sent).await;
    first.kill();
    discord.deliver_interactions_to(&[second_url]);
    for &(player, text) in &moves[2..] {
        let id = play((player, text));
        let answered = answer(&discord, id).await;
        assert!(!answered.is_ephemeral(), "{:?}", answered.content());
        sent.push(id);
    }
    outbox.wait_until_empty().await;
    answered_over_http(&sent).await;
    // With every instance stopped, no post is in flight: what was posted is all there is.
    second.kill();

    for (player, text) in moves {
        let words = format!("{} played **{text}**.", player.name);
        let shown = discord
            .requests()
            .iter()
            .filter(|r| r.succeeded() && r.file("board.png").is_some())
            .filter(|r| r.content().is_some_and(|c| c.contains(&words)))
            .count();
        assert_eq!(shown, 1, "the board of {text}, once");
    }
    assert_eq!(outbox.ply(game).await, 4, "every move is stored, once");
    let replies = discord.endpoint_replies();
    assert!(replies.iter().all(|r| r.status == 202), "{replies:?}");
    assert_eq!(discord.spec_problems(), Vec::<String>::new());
}

/// A live game between two instances over one PostgreSQL database: the instance that answered
/// the first moves is killed, and the flag still falls, once, by the other's flag worker: the
/// loss on time is stored and told in the thread once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_on_postgresql_one_killed_the_other_lets_the_flag_fall_once() {
    let _alone = one_at_a_time().await;
    let Some(TwoInstances {
        discord,
        database,
        _dir,
        first: (first, first_url),
        second: (_second, second_url),
    }) = TwoInstances::start().await
    else {
        return;
    };
    discord.deliver_interactions_to(std::slice::from_ref(&first_url));
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, game) =
        started_game_with(&discord, &alice, &bob, |c| c.option("clock", "1+0")).await;
    let mut sent = Vec::new();
    for (player, text) in [(&alice, "c3-c4"), (&bob, "f6-f5")] {
        let id = discord.dispatch_slash_command(
            &discord.in_channel(player, thread),
            &dama("move").option("move", text),
        );
        let answered = answer(&discord, id).await;
        assert!(!answered.is_ephemeral(), "{:?}", answered.content());
        sent.push(id);
    }
    for id in sent {
        eventually("the endpoint's answer", async || {
            discord.endpoint_status(id)
        })
        .await;
    }
    first.kill();
    discord.deliver_interactions_to(&[second_url]);

    // White's minute is cut to a second and a half from now, as if she had thought that long;
    // the surviving instance's flag worker sees the new deadline at its next look.
    let outbox = Outbox(&database);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970")
        .as_millis();
    outbox
        .execute(&format!(
            "UPDATE games SET white_clock_ms = 1500, turn_started_at = {now},
                 deadline = {now} + 1500
             WHERE id = {game}"
        ))
        .await;
    let lost = |r: &Recorded| {
        r.succeeded()
            && r.api_path().starts_with(&format!("/channels/{thread}/"))
            && r.content().is_some_and(|c| c.contains("ran out of time"))
    };
    discord
        .wait_for_request("the loss on time in the thread", lost)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    outbox.wait_until_empty().await;
    let ended: String = outbox
        .scalar(&format!(
            "SELECT status || ' ' || result || ' ' || end_reason FROM games WHERE id = {game}"
        ))
        .await;
    assert_eq!(ended, "finished 0-1 time");
    let told = discord.requests().iter().filter(|r| lost(r)).count();
    assert_eq!(told, 1, "the flag is told once");
    assert_eq!(discord.spec_problems(), Vec::<String>::new());
}

/// Whatever is logged, even at the most talkative level, names neither the bot's token nor the
/// database's password: the real binary, started over PostgreSQL with a password in its URL
/// (the throwaway server trusts any), logs the URL with the password hidden.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_logs_hold_neither_the_token_nor_the_database_password() {
    let _alone = one_at_a_time().await;
    if dama_test_postgres::skip() {
        return;
    }
    const PASSWORD: &str = "pw-never-logged-9d41";
    let discord = FakeDiscord::start().await.expect("the stand-in binds");
    discord.set_wait_timeout(WAIT);
    let dir = tempfile::tempdir().expect("a temporary directory");
    let database = dama_test_postgres::Server::shared()
        .and_then(|server| server.fresh_database())
        .unwrap_or_else(|e| panic!("no throwaway PostgreSQL server ({e})"));
    let with_password = database.replacen("postgres@", &format!("postgres:{PASSWORD}@"), 1);
    assert_ne!(with_password, database, "a user in {database}");
    let env = [("RUST_LOG", "trace".to_owned())];
    let bot = Bot::spawn_with(&discord, &with_password, dir.path(), "bot.log", &env);
    connected(&discord).await;
    let log_path = bot.log.clone();
    bot.kill();

    let log = std::fs::read_to_string(&log_path).expect("the log");
    assert!(log.contains("database ready"), "the database is logged");
    assert!(!log.contains(PASSWORD), "the password is in the log");
    assert!(!log.contains(discord.token()), "the token is in the log");
    assert!(
        log.lines().count() > 50,
        "trace logs much: {} lines",
        log.lines().count()
    );
}

/// Two instances over one PostgreSQL database; one is killed while it sends a board (Discord
/// hangs on the post). The other's next move is answered at once, and both boards follow at
/// once: the dead instance's process is gone from this machine, so its lease on the board is
/// taken over at the next beat, not when it lapses 30 s later; each board once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_on_postgresql_one_killed_while_sending_the_other_takes_its_board_over() {
    let _alone = one_at_a_time().await;
    taken_over(Stop::Kill).await;
}

/// As above, the instance frozen instead (SIGSTOP: a hung process, or one on another machine,
/// whose pid says nothing here): its beat stands still, and after a few seconds of that its
/// lease is taken over.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_on_postgresql_one_frozen_while_sending_the_other_takes_its_board_over() {
    let _alone = one_at_a_time().await;
    taken_over(Stop::Freeze).await;
}

/// How an instance stops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stop {
    /// SIGKILL.
    Kill,
    /// SIGSTOP (killed at the end of the test).
    Freeze,
}

async fn taken_over(stop: Stop) {
    let Some(TwoInstances {
        discord,
        database,
        _dir,
        first: (first, first_url),
        second: (second, second_url),
    }) = TwoInstances::start().await
    else {
        return;
    };
    discord.deliver_interactions_to(std::slice::from_ref(&first_url));
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, _game) = started_game(&discord, &alice, &bob).await;
    let outbox = Outbox(&database);
    outbox.wait_until_empty().await;

    // Alice moves from the server's main channel: the first instance posts her board in the
    // thread itself, and Discord hangs on it (then drops it, unposted).
    let posts = format!("/channels/{thread}/messages");
    discord.stall_next_matching(1, Duration::from_secs(60), Cut::BeforeHandling, &posts);
    let moved = discord.dispatch_slash_command(
        &discord.in_guild(&alice),
        &dama("move").option("move", "d3-d4"),
    );
    answer(&discord, moved).await;
    outbox
        .wait_for("the board, leased by its sender", |row| {
            row.lease_until.is_some()
        })
        .await;
    // The lease is taken before the post is sent: stopped in between, the first instance would
    // leave the stall for the second one's post of the same board.
    discord
        .wait_until_faults_used()
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let frozen = match stop {
        Stop::Kill => {
            first.kill();
            None
        }
        Stop::Freeze => {
            first.signal("STOP");
            Some(first)
        }
    };
    let killed = Instant::now();
    // The stopped instance's lease made an hour long (unless the other has freed it already):
    // only a takeover, not its lapse, can get alice's board out now.
    outbox
        .execute(
            "UPDATE outbox SET lease_until = lease_until + 3600000
             WHERE delivered_at IS NULL AND lease_until IS NOT NULL",
        )
        .await;

    discord.deliver_interactions_to(&[second_url]);
    let replied = discord.dispatch_slash_command(
        &discord.in_channel(&bob, thread),
        &dama("move").option("move", "f6-f5"),
    );
    answer(&discord, replied).await;
    // Bob's board comes as the answer (carrying alice's too, once taken over) or in the thread,
    // after alice's. Waited for as long as a loaded machine may take: the wait only ends a hung
    // test.
    discord.set_wait_timeout(dama_tests::EVENTUALLY);
    let bobs = discord
        .wait_for_request("bob's board", |r| shows(r, "bob played **f6-f5**."))
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    discord.set_wait_timeout(WAIT);
    let delay = killed.elapsed();
    outbox.wait_until_empty().await;
    second.kill();

    let requests = discord.requests();
    for words in [MOVED, "bob played **f6-f5**."] {
        let shown: Vec<_> = requests.iter().filter(|r| shows(r, words)).collect();
        assert_eq!(shown.len(), 1, "{words} once: {shown:#?}");
        assert!(shown[0].index <= bobs.index, "in order");
    }
    drop(frozen);
    eprintln!("{stop:?}: the next board was shown {delay:?} after the other instance stopped");
}

/// Two instances of the binary answering interactions over HTTP from one fresh PostgreSQL
/// database, both registered and listening; `None` (the test skipped) without PostgreSQL.
struct TwoInstances {
    discord: FakeDiscord,
    database: String,
    /// The folder of their logs, kept as long as they run.
    _dir: tempfile::TempDir,
    /// Each instance with its endpoint's URL.
    first: (Bot, String),
    second: (Bot, String),
}

impl TwoInstances {
    async fn start() -> Option<TwoInstances> {
        if dama_test_postgres::skip() {
            return None;
        }
        let discord = FakeDiscord::start().await.expect("the stand-in binds");
        discord.set_wait_timeout(WAIT);
        let dir = tempfile::tempdir().expect("a temporary directory");
        let database = dama_test_postgres::Server::shared()
            .and_then(|server| server.fresh_database())
            .unwrap_or_else(|e| panic!("no throwaway PostgreSQL server ({e})"));
        let first = Bot::spawn_http(&discord, &database, dir.path(), "bot-a.log");
        let second = Bot::spawn_http(&discord, &database, dir.path(), "bot-b.log");
        for n in 0..2 {
            discord
                .wait_for_nth_request("the command registration", n, is_registration)
                .await
                .unwrap_or_else(|e| panic!("{e}"));
        }
        for url in [&first.1, &second.1] {
            listening(url).await;
        }
        Some(TwoInstances {
            discord,
            database,
            _dir: dir,
            first,
            second,
        })
    }
}

/// Waits until `url`'s host accepts connections.
async fn listening(url: &str) {
    let addr = url
        .trim_start_matches("http://")
        .split('/')
        .next()
        .unwrap_or_default()
        .to_owned();
    eventually(&format!("something listens on {addr}"), async || {
        tokio::net::TcpStream::connect(&addr).await
    })
    .await;
}

/// The text of the move's board.
const MOVED: &str = "alice played **d3-d4**.";

/// An undelivered row of the outbox.
#[derive(Debug, PartialEq, sqlx::FromRow)]
struct Undelivered {
    id: i64,
    attempts: i64,
    lease_until: Option<i64>,
}

/// The bot's outbox (and games and leases), through a connection of the test's own: read, and
/// a lease lengthened.
struct Outbox<'a>(&'a str);

impl Outbox<'_> {
    /// A connection to the bot's database, SQLite or PostgreSQL.
    async fn connect(&self) -> sqlx::AnyConnection {
        sqlx::any::install_default_drivers();
        sqlx::AnyConnection::connect(self.0)
            .await
            .expect("the bot's database opens")
    }

    /// The one value `sql` reads.
    async fn scalar<T>(&self, sql: &str) -> T
    where
        T: for<'r> sqlx::Decode<'r, sqlx::Any> + sqlx::Type<sqlx::Any> + Send + Unpin,
    {
        let mut conn = self.connect().await;
        sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_owned()))
            .fetch_one(&mut conn)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"))
    }

    /// Runs `sql`, a change.
    async fn execute(&self, sql: &str) {
        let mut conn = self.connect().await;
        sqlx::query(sqlx::AssertSqlSafe(sql.to_owned()))
            .execute(&mut conn)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
        conn.close().await.expect("the connection closes");
    }

    /// How many plies game `id` has.
    async fn ply(&self, id: i64) -> i64 {
        let mut conn = self.connect().await;
        sqlx::query_scalar("SELECT ply FROM games WHERE id = $1")
            .bind(id)
            .fetch_one(&mut conn)
            .await
            .expect("the game reads")
    }

    /// The rows not delivered yet.
    async fn undelivered(&self) -> Vec<Undelivered> {
        let mut conn = self.connect().await;
        let rows = sqlx::query_as(
            "SELECT id, attempts, lease_until FROM outbox WHERE delivered_at IS NULL ORDER BY id",
        )
        .fetch_all(&mut conn)
        .await
        .expect("the outbox reads");
        conn.close().await.expect("the connection closes");
        rows
    }

    /// Waits (at most [`WAIT`]) until every row is delivered.
    async fn wait_until_empty(&self) {
        self.wait_until("every notice delivered", <[_]>::is_empty)
            .await;
    }

    /// Waits (at most [`WAIT`]) until the only undelivered row satisfies `predicate`.
    async fn wait_for(&self, what: &str, predicate: impl Fn(&Undelivered) -> bool) {
        self.wait_until(what, |rows| matches!(rows, [row] if predicate(row)))
            .await;
    }

    /// Waits ([`eventually`]) until the undelivered rows satisfy `predicate`.
    async fn wait_until(&self, what: &str, predicate: impl Fn(&[Undelivered]) -> bool) {
        eventually(&format!("{what} in the outbox"), async || {
            let rows = self.undelivered().await;
            if predicate(&rows) { Ok(()) } else { Err(rows) }
        })
        .await;
    }
}

/// Waits for a new bot's READY on the stand-in's gateway and its command registration.
async fn connected(discord: &FakeDiscord) {
    let readies = discord.gateway_status().readies;
    let registrations = discord
        .requests()
        .iter()
        .filter(|r| is_registration(r))
        .count();
    discord
        .wait_for_gateway("the bot's READY", |s| s.readies > readies)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    discord
        .wait_for_nth_request("the command registration", registrations, is_registration)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
}

/// The boards whose text has `words` posted in `thread` so far, in order.
fn boards(discord: &FakeDiscord, thread: ChannelId, words: &str) -> Vec<Recorded> {
    discord
        .requests()
        .into_iter()
        .filter(|r| is_board(r, thread) && r.content().is_some_and(|c| c.contains(words)))
        .collect()
}
