//! The real `dama-bot` binary on PostgreSQL, the database restarted under it (`pg_ctl restart
//! -m fast`, as an operator or a managed database's maintenance does) between two moves: the
//! next move is answered and played, once, over the gateway and over the HTTP interactions
//! endpoint alike, and the delivery worker goes on by itself. And the database stopped for a
//! while: a move meanwhile is answered (something went wrong) and not played, and the first move
//! after the database is back is played, without restarting the bot. And a silent failover:
//! every connection the bot holds stops carrying anything without being closed (a primary that
//! vanished, a cut network), new connections reach the server as before: the next move is
//! answered and played, once.
//!
//! Each test has a PostgreSQL server of its own (restarting the shared one would cut the other
//! tests' connections). The figures it prints (`--nocapture`) are docs/running.md's "When things
//! go away".

#![cfg(unix)]

mod common;

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use dama_test_postgres::Server;
use dama_tests::{FakeDiscord, FakeUser, eventually};
use serenity::all::{ChannelId, InteractionId};
use sqlx::Connection;

use common::{Bot, WAIT, answer, dama, is_registration, shows, started_game};

/// The bot over the gateway, or over HTTP when `http` (the endpoint's URL comes back).
fn spawn(discord: &FakeDiscord, database: &str, dir: &Path, http: bool) -> (Bot, Option<String>) {
    if http {
        let (bot, url) = Bot::spawn_http(discord, database, dir, "bot.log");
        (bot, Some(url))
    } else {
        (Bot::spawn(discord, database, dir, "bot.log"), None)
    }
}

/// One test at a time: a bot, PostgreSQL and the stand-in at once on two cores are enough.
async fn one_at_a_time() -> tokio::sync::MutexGuard<'static, ()> {
    static ALONE: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
    ALONE.lock().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn restarted_between_two_moves_over_the_gateway_the_next_move_is_answered_and_played_once() {
    let _alone = one_at_a_time().await;
    restarted_between_two_moves(false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn restarted_between_two_moves_over_http_the_next_move_is_answered_and_played_once() {
    let _alone = one_at_a_time().await;
    restarted_between_two_moves(true).await;
}

/// A bot (over HTTP when `http`) on a PostgreSQL server of its own, a game between alice and
/// bob; alice moves, the server restarts, bob moves: answered with his board, played once. Then
/// the thread refuses posts, alice moves from the server's main channel (her board waits in the
/// outbox for the delivery worker), the server restarts again, the thread takes posts again: the
/// worker posts her board, once.
async fn restarted_between_two_moves(http: bool) {
    let Some(server) = server() else { return };
    let database = server.fresh_database().expect("a database");
    let OneMoveIn {
        discord,
        bot,
        _dir,
        alice,
        bob,
        thread,
        game,
    } = one_move_in(&database, &database, http).await;
    let db = Database(&database);

    let restart = restarted(&server).await;
    let took = bob_answered(&discord, &bob, thread, "restart").await;
    assert_eq!(
        db.ply(game).await,
        2,
        "the move after the restart is played"
    );

    // The delivery worker's turn: the thread refuses posts, so alice's board waits for it.
    db.wait_until_delivered().await;
    discord.fail_until_cleared(500, &format!("/channels/{thread}/messages"));
    let third = discord.dispatch_slash_command(
        &discord.in_guild(&alice),
        &dama("move").option("move", "h3-h4").option("game", game),
    );
    let ack = answer(&discord, third).await;
    assert!(ack.is_ephemeral(), "{:?}", ack.content());
    db.wait_until(
        "a refused attempt at the board",
        |rows| matches!(rows, [(_, attempts)] if *attempts > 0),
    )
    .await;
    restarted(&server).await;
    discord.clear_faults();
    db.wait_until_delivered().await;
    drop(bot);

    for (player, text) in [(&alice, "c3-c4"), (&bob, "f6-f5"), (&alice, "h3-h4")] {
        let words = format!("{} played **{text}**.", player.name);
        let shown = discord
            .requests()
            .iter()
            .filter(|r| shows(r, &words))
            .count();
        assert_eq!(shown, 1, "the board of {text}, once");
    }
    assert_eq!(db.ply(game).await, 3, "every move is stored, once");
    assert_nobody_told_something_went_wrong(&discord);
    if http {
        let replies = discord.endpoint_replies();
        assert!(replies.iter().all(|r| r.status == 202), "{replies:?}");
    }
    assert_eq!(discord.spec_problems(), Vec::<String>::new());
    eprintln!(
        "{}: PostgreSQL restarted in {restart:?}; the next move was answered {took:?} after it \
         was sent",
        if http { "HTTP" } else { "gateway" }
    );
}

/// The server stopped (`pg_ctl stop -m fast`) under a running bot for a while: a move meanwhile
/// is answered that something went wrong, and is not played; once the server is started again,
/// the same move is played, with no restart of the bot.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stopped_for_a_while_a_move_meanwhile_is_refused_and_the_first_move_after_is_played() {
    let _alone = one_at_a_time().await;
    let Some(server) = server() else { return };
    let database = server.fresh_database().expect("a database");
    let discord = FakeDiscord::start().await.expect("the stand-in binds");
    discord.set_wait_timeout(WAIT);
    let dir = tempfile::tempdir().expect("a temporary directory");
    let (bot, url) = spawn(&discord, &database, dir.path(), false);
    ready(&discord, url).await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, game) = started_game(&discord, &alice, &bob).await;
    let db = Database(&database);
    db.wait_until_delivered().await;

    let stopping = Arc::clone(&server);
    tokio::task::spawn_blocking(move || stopping.stop())
        .await
        .expect("pg_ctl stop ran")
        .expect("the server stops");
    let sent = Instant::now();
    let refused = play(&discord, &alice, thread, "c3-c4");
    let answered = answer(&discord, refused).await;
    let told = sent.elapsed();
    assert!(answered.is_ephemeral());
    let words = answered.content().unwrap_or_default();
    assert!(words.contains("Something went wrong"), "{words}");

    let starting = Arc::clone(&server);
    tokio::task::spawn_blocking(move || starting.start_again())
        .await
        .expect("pg_ctl start ran")
        .expect("the server starts");
    let back = Instant::now();
    let played = play(&discord, &alice, thread, "c3-c4");
    assert!(shows(
        &answer(&discord, played).await,
        "alice played **c3-c4**."
    ));
    let first_move = back.elapsed();
    db.wait_until_delivered().await;
    drop(bot);

    assert_eq!(
        db.ply(game).await,
        1,
        "the move is played once, after the server is back"
    );
    assert_eq!(discord.spec_problems(), Vec::<String>::new());
    eprintln!(
        "PostgreSQL down: the move was answered (something went wrong) {told:?} after it was \
         sent; the first move after the start was answered {first_move:?} after it"
    );
}

/// A silent failover between two moves: the connections the bot holds go quiet, both ends open
/// (a ping then gets no answer), and new ones reach the same server through the same address,
/// as a managed database's failover behind one name does. The next move is answered with its
/// board and played once; no member is told something went wrong.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_silent_failover_the_next_move_is_answered_and_played_once() {
    let _alone = one_at_a_time().await;
    let Some(server) = server() else { return };
    let database = server.fresh_database().expect("a database");
    let relay = Relay::start(&database).await;
    let OneMoveIn {
        discord,
        bot,
        _dir,
        bob,
        thread,
        game,
        ..
    } = one_move_in(&relay.url, &database, false).await;
    let db = Database(&database);

    let quiet = relay.fail_over();
    let took = bob_answered(&discord, &bob, thread, "failover").await;
    db.wait_until_delivered().await;
    drop(bot);

    assert_eq!(db.ply(game).await, 2, "each move is stored, once");
    let shown = discord
        .requests()
        .iter()
        .filter(|r| shows(r, "bob played **f6-f5**."))
        .count();
    assert_eq!(shown, 1, "the board of the move after the failover, once");
    assert_nobody_told_something_went_wrong(&discord);
    assert_eq!(discord.spec_problems(), Vec::<String>::new());
    eprintln!(
        "silent failover: {quiet} connections went quiet; the next move was answered {took:?} \
         after it was sent"
    );
}

/// A TCP relay in front of PostgreSQL that fails over silently: the connections made through
/// it before [`fail_over`](Self::fail_over) stop carrying anything, both ends left open, and
/// those made after reach the server as before.
struct Relay {
    /// The database's URL through the relay.
    url: String,
    /// How many failovers so far; each connection goes quiet at the next one.
    failovers: tokio::sync::watch::Sender<u64>,
    /// Connections relayed so far.
    connections: Arc<std::sync::atomic::AtomicUsize>,
    accepting: tokio::task::JoinHandle<()>,
}

impl Relay {
    /// A relay to the server of `database` (a URL on `127.0.0.1`).
    async fn start(database: &str) -> Relay {
        let rest = database
            .split_once("127.0.0.1:")
            .map(|(_, rest)| rest)
            .expect("a database on 127.0.0.1");
        let port: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let upstream = format!("127.0.0.1:{port}");
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("the relay binds");
        let addr = listener.local_addr().expect("the relay's address");
        let url = database.replace(&upstream, &addr.to_string());
        let (failovers, _) = tokio::sync::watch::channel(0);
        let connections = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let (sender, counted) = (failovers.clone(), Arc::clone(&connections));
        let accepting = tokio::spawn(async move {
            while let Ok((mut client, _)) = listener.accept().await {
                let mut failover = sender.subscribe();
                counted.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let upstream = upstream.clone();
                tokio::spawn(async move {
                    let Ok(mut server) = tokio::net::TcpStream::connect(&upstream).await else {
                        return;
                    };
                    tokio::select! {
                        _ = tokio::io::copy_bidirectional(&mut client, &mut server) => {}
                        _ = failover.changed() => {
                            // Quiet from now on: both ends stay open, neither hears a thing.
                            std::future::pending::<()>().await;
                        }
                    }
                });
            }
        });
        Relay {
            url,
            failovers,
            connections,
            accepting,
        }
    }

    /// Fails over: every connection made so far goes quiet; how many were made.
    fn fail_over(&self) -> usize {
        self.failovers.send_modify(|n| *n += 1);
        self.connections.load(std::sync::atomic::Ordering::Relaxed)
    }
}

impl Drop for Relay {
    fn drop(&mut self) {
        self.accepting.abort();
    }
}

/// Bob plays f6-f5 after `what` (a restart, a failover): answered with its board; how long
/// the answer took.
async fn bob_answered(
    discord: &FakeDiscord,
    bob: &FakeUser,
    thread: ChannelId,
    what: &str,
) -> Duration {
    let sent = Instant::now();
    let second = play(discord, bob, thread, "f6-f5");
    let answered = answer(discord, second).await;
    let took = sent.elapsed();
    assert!(
        shows(&answered, "bob played **f6-f5**."),
        "the move after the {what} is answered with its board: {:?}",
        answered.content()
    );
    took
}

/// A bot and a game in which alice has played her first move.
struct OneMoveIn {
    discord: FakeDiscord,
    bot: Bot,
    _dir: tempfile::TempDir,
    alice: FakeUser,
    bob: FakeUser,
    thread: ChannelId,
    game: i64,
}

/// A bot (over HTTP when `http`) reaching its database at `reach` (`database`, or a relay in
/// front of it), and a game between alice and bob in which alice has played c3-c4, its board
/// delivered.
async fn one_move_in(reach: &str, database: &str, http: bool) -> OneMoveIn {
    let discord = FakeDiscord::start().await.expect("the stand-in binds");
    discord.set_wait_timeout(WAIT);
    let dir = tempfile::tempdir().expect("a temporary directory");
    let (bot, url) = spawn(&discord, reach, dir.path(), http);
    ready(&discord, url).await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let (thread, game) = started_game(&discord, &alice, &bob).await;
    let first = play(&discord, &alice, thread, "c3-c4");
    assert!(shows(
        &answer(&discord, first).await,
        "alice played **c3-c4**."
    ));
    Database(database).wait_until_delivered().await;
    OneMoveIn {
        discord,
        bot,
        _dir: dir,
        alice,
        bob,
        thread,
        game,
    }
}

/// No member was answered that something went wrong.
fn assert_nobody_told_something_went_wrong(discord: &FakeDiscord) {
    let refused = discord
        .requests()
        .into_iter()
        .filter(|r| r.content().is_some_and(|c| c.contains("went wrong")))
        .count();
    assert_eq!(refused, 0, "no member was told something went wrong");
}

/// A PostgreSQL server of the test's own, or `None` when PostgreSQL is missing (and
/// `DAMA_REQUIRE_POSTGRES` does not require it).
fn server() -> Option<Arc<Server>> {
    if dama_test_postgres::skip() {
        return None;
    }
    Some(Arc::new(Server::start().unwrap_or_else(|e| {
        panic!("no throwaway PostgreSQL server ({e})")
    })))
}

/// Restarts `server` (`pg_ctl restart -m fast`); how long that took.
async fn restarted(server: &Arc<Server>) -> Duration {
    let server = Arc::clone(server);
    let started = Instant::now();
    tokio::task::spawn_blocking(move || server.restart())
        .await
        .expect("pg_ctl restart ran")
        .expect("the server restarts");
    started.elapsed()
}

/// Waits until the bot registered its command, and, over HTTP, until its endpoint listens
/// (then the stand-in delivers interactions there).
async fn ready(discord: &FakeDiscord, url: Option<String>) {
    discord
        .wait_for_nth_request("the command registration", 0, is_registration)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    match url {
        Some(url) => {
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
            discord.deliver_interactions_to(&[url]);
        }
        None => {
            discord
                .wait_for_gateway("the bot's READY", |s| s.readies > 0)
                .await
                .unwrap_or_else(|e| panic!("{e}"));
        }
    }
}

/// `player` plays `text` with `/dama move` in the game's thread.
fn play(discord: &FakeDiscord, player: &FakeUser, thread: ChannelId, text: &str) -> InteractionId {
    discord.dispatch_slash_command(
        &discord.in_channel(player, thread),
        &dama("move").option("move", text),
    )
}

/// The bot's database, read through a connection of the test's own.
struct Database<'a>(&'a str);

impl Database<'_> {
    async fn connect(&self) -> sqlx::AnyConnection {
        sqlx::any::install_default_drivers();
        sqlx::AnyConnection::connect(self.0)
            .await
            .expect("the bot's database opens")
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

    /// The outbox's undelivered rows: id and attempts.
    async fn undelivered(&self) -> Vec<(i64, i64)> {
        let mut conn = self.connect().await;
        let rows = sqlx::query_as(
            "SELECT id, attempts FROM outbox WHERE delivered_at IS NULL ORDER BY id",
        )
        .fetch_all(&mut conn)
        .await
        .expect("the outbox reads");
        conn.close().await.expect("the connection closes");
        rows
    }

    async fn wait_until_delivered(&self) {
        self.wait_until("every notice delivered", <[_]>::is_empty)
            .await;
    }

    /// Waits ([`eventually`]) until the undelivered rows satisfy `predicate`.
    async fn wait_until(&self, what: &str, predicate: impl Fn(&[(i64, i64)]) -> bool) {
        eventually(&format!("{what} in the outbox"), async || {
            let rows = self.undelivered().await;
            if predicate(&rows) { Ok(()) } else { Err(rows) }
        })
        .await;
    }
}
