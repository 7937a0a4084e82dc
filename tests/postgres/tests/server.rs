//! The throwaway server: it starts, hands out fresh databases, takes the PostgreSQL schema, and
//! is gone once dropped.

use std::net::TcpStream;
use std::path::Path;
use std::time::Instant;

use dama_test_postgres::Server;

/// The database name at the end of a URL from [`Server::fresh_database`].
fn name(url: &str) -> &str {
    url.rsplit('/').next().expect("a URL has a slash")
}

/// Fails the test with the library's own message when there is no server to be had (the
/// programs are there: each test skips first without them).
fn expect<T>(result: std::io::Result<T>) -> T {
    result.unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn a_server_serves_fresh_databases_and_is_gone_once_dropped() {
    if dama_test_postgres::skip() {
        return;
    }
    let started = Instant::now();
    let server = expect(Server::start());
    eprintln!("started in {:?}", started.elapsed());
    let port = server.port();
    let directory = server.directory().to_path_buf();
    assert!(directory.join("data").join("PG_VERSION").is_file());

    let first = expect(server.fresh_database());
    let second = expect(server.fresh_database());
    assert_ne!(first, second);
    for url in [&first, &second] {
        assert!(
            url.starts_with(&format!("postgres://postgres@127.0.0.1:{port}/")),
            "{url}"
        );
        assert_eq!(expect(server.execute(name(url), "SELECT 1")), "1\n");
        assert_eq!(
            expect(server.execute(name(url), "SELECT current_database()")),
            format!("{}\n", name(url))
        );
    }
    assert_eq!(server.url(name(&first)), first);
    // The settings for tests.
    assert_eq!(
        expect(server.execute(
            name(&first),
            "SHOW max_connections; SHOW fsync; SHOW synchronous_commit; SHOW full_page_writes;
             SHOW listen_addresses"
        )),
        "300\noff\noff\noff\n127.0.0.1\n"
    );
    // A failing statement is an error with PostgreSQL's message.
    let error = server
        .execute(name(&first), "SELECT * FROM no_such_table")
        .unwrap_err();
    assert!(error.to_string().contains("no_such_table"), "{error}");

    let stopping = Instant::now();
    drop(server);
    eprintln!("stopped in {:?}", stopping.elapsed());
    assert!(
        !directory.exists(),
        "{} is left behind",
        directory.display()
    );
    assert!(
        TcpStream::connect(("127.0.0.1", port)).is_err(),
        "port {port} still answers"
    );
}

#[test]
fn the_shared_server_is_one_server() {
    if dama_test_postgres::skip() {
        return;
    }
    let server = expect(Server::shared());
    let again: &Server = expect(Server::shared());
    assert!(std::ptr::eq(server, again));
    let url = expect(server.fresh_database());
    assert_eq!(expect(server.execute(name(&url), "SELECT 1")), "1\n");
}

#[test]
fn the_postgres_schema_applies() {
    if dama_test_postgres::skip() {
        return;
    }
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../migrations/postgres/0001_create_schema.sql");
    let schema = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    let server = expect(Server::shared());
    let database = expect(server.fresh_database());
    let database = name(&database);
    expect(server.execute(database, &schema));

    // The tables of the SQLite schema after its migrations 0001 to 0014.
    let tables = expect(server.execute(
        database,
        "SELECT string_agg(table_name, ' ' ORDER BY table_name) FROM information_schema.tables
         WHERE table_schema = 'public'",
    ));
    assert_eq!(
        tables.trim(),
        "challenges games heartbeat job_leases member_names moves outbox players \
         rating_changes ratings reviews season_ratings seasons servers tournament_pairings \
         tournament_players tournaments"
    );

    // The contracts the code relies on: ids from RETURNING, flags as booleans.
    let game = expect(server.execute(
        database,
        "INSERT INTO players (user_id, display_name, created_at, updated_at)
             VALUES (1, 'a', 0, 0), (2, 'b', 0, 0);
         INSERT INTO games (channel_id, white_id, black_id, rated, start_position, position,
                 created_at, updated_at)
             VALUES (5, 1, 2, TRUE, 'p', 'p', 0, 0)
             RETURNING id, reminded;
         SELECT flip FROM players WHERE user_id = 1;",
    ));
    assert_eq!(game, "1|f\nf\n");
    // A game against the computer is never rated.
    let error = server
        .execute(
            database,
            "INSERT INTO games (channel_id, white_id, engine_level, rated, start_position,
                     position, created_at, updated_at)
                 VALUES (5, 1, 3, TRUE, 'p', 'p', 0, 0)",
        )
        .unwrap_err();
    assert!(
        error.to_string().contains("violates check constraint"),
        "{error}"
    );
}
