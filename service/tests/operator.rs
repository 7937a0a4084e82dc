//! The operator's view of the database: `inspect` reads how it stands without changing it, and
//! `backup` copies a SQLite file consistently while a service writes to it.

mod common;

use common::{Env, player, rng};
use dama_rules::notation::MoveText;
use dama_service::model::Actor;
use dama_service::{Backend, OperatorError, backup, inspect};
use dama_test_stores::on_both_stores;

#[on_both_stores]
async fn a_migrated_database_has_every_migration_applied_and_none_unknown() {
    let env = Env::new().await;
    let report = inspect(&env.url).await.expect("inspected");
    assert!(report.exists);
    let (backend, migrator) = if env.url.starts_with("postgres") {
        (Backend::Postgres, &dama_service::POSTGRES_MIGRATOR)
    } else {
        (Backend::Sqlite, &dama_service::MIGRATOR)
    };
    assert_eq!(report.backend, backend);
    assert_eq!(report.known, migrator.iter().count());
    assert_eq!(report.applied, report.known);
    assert_eq!(report.pending(), 0);
    assert!(report.unknown.is_empty());
}

#[tokio::test]
async fn a_missing_sqlite_file_is_reported_missing_and_not_created() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("new.db");
    let url = format!("sqlite://{}", file.display());
    let report = inspect(&url).await.expect("inspected");
    assert!(!report.exists);
    assert_eq!(report.applied, 0);
    assert_eq!(report.pending(), report.known);
    assert!(!file.exists(), "inspect created the file");
}

#[tokio::test]
async fn a_sqlite_file_in_a_missing_directory_cannot_be_created() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}/no/such/dir/dama.db", dir.path().display());
    let error = inspect(&url).await.expect_err("no directory");
    assert!(matches!(error, OperatorError::NoDirectory(_)), "{error}");
    assert!(error.to_string().contains("no/such/dir"), "{error}");
}

#[tokio::test]
async fn a_migration_this_build_does_not_know_is_named() {
    let env = Env::new().await;
    let pool = dama_service::connect(&env.url).await.unwrap();
    sqlx::query(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES (99999, 'from a newer build', 1, x'00', 0)",
    )
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;
    let report = inspect(&env.url).await.expect("inspected");
    assert_eq!(report.unknown, vec![99999]);
    assert_eq!(report.applied, report.known);
}

#[tokio::test]
async fn a_backup_taken_while_games_are_played_opens_with_every_committed_game() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let first = env.rated(&a, &b).await;
    env.play_out(first.id, &mut rng(3)).await;
    let second = env.rated(&a, &b).await;

    // Moves go on in the second game while the copy is taken.
    let playing = {
        let service = env.service.clone();
        tokio::spawn(async move {
            let mut pick = rng(11);
            let mut played = 0;
            for _ in 0..20 {
                let view = service.game(second.id).await.unwrap();
                let Some(user) = view.user_to_move() else {
                    break;
                };
                let moves = view.position.legal_moves_under(view.rules);
                let m = moves[pick(moves.len()) % moves.len()];
                let text = MoveText::of_move(&m);
                service
                    .play_move(second.id, Actor::Player(user), &text)
                    .await
                    .unwrap();
                played += 1;
            }
            played
        })
    };
    let copy = env.dir.path().join("backup.db");
    let bytes = backup(&env.url, &copy).await.expect("copied");
    assert!(playing.await.unwrap() > 0);
    assert!(bytes > 0);
    assert_eq!(std::fs::metadata(&copy).unwrap().len(), bytes);

    // The copy is a database of its own: the finished game is there whole, and the second
    // game as it stood at some moment (a prefix of its moves).
    let url = format!("sqlite://{}", copy.display());
    let report = inspect(&url).await.unwrap();
    assert_eq!(report.applied, report.known);
    let restored = dama_service::service::GameService::new(
        dama_service::connect(&url).await.unwrap(),
        dama_service::service::ServiceConfig::default(),
    );
    let kept = restored.game(first.id).await.unwrap();
    let original = env.service.game(first.id).await.unwrap();
    assert!(kept.is_over());
    assert_eq!(kept.ply, original.ply);
    let now = env.service.game(second.id).await.unwrap();
    let then = restored.game(second.id).await.unwrap();
    assert!(then.ply <= now.ply);
}

#[cfg(unix)]
#[tokio::test]
async fn a_new_database_and_its_backup_are_readable_by_their_owner_alone() {
    use std::os::unix::fs::PermissionsExt;
    let mode =
        |path: &std::path::Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("new.db");
    let url = format!("sqlite://{}", file.display());
    let pool = dama_service::connect(&url).await.expect("created");
    assert_eq!(mode(&file), 0o600, "the database");
    pool.close().await;
    let copy = dir.path().join("copy.db");
    backup(&url, &copy).await.expect("copied");
    assert_eq!(mode(&copy), 0o600, "its backup");
    // A file that exists keeps the mode its owner gave it.
    let kept = dir.path().join("kept.db");
    std::fs::write(&kept, b"").unwrap();
    std::fs::set_permissions(&kept, std::fs::Permissions::from_mode(0o640)).unwrap();
    let pool = dama_service::connect(&format!("sqlite://{}", kept.display()))
        .await
        .expect("opened");
    pool.close().await;
    assert_eq!(mode(&kept), 0o640);
}

#[tokio::test]
async fn a_backup_never_overwrites_a_file() {
    let env = Env::new().await;
    let copy = env.dir.path().join("taken.db");
    std::fs::write(&copy, b"an earlier backup").unwrap();
    let error = backup(&env.url, &copy).await.expect_err("refused");
    assert!(matches!(error, OperatorError::Exists(_)), "{error}");
    assert_eq!(std::fs::read(&copy).unwrap(), b"an earlier backup");
}

#[tokio::test]
async fn a_backup_of_a_missing_database_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("none.db").display());
    let error = backup(&url, &dir.path().join("copy.db"))
        .await
        .expect_err("nothing to copy");
    assert!(matches!(error, OperatorError::Missing(_)), "{error}");
    assert!(!dir.path().join("none.db").exists());
}

#[tokio::test]
async fn a_backup_of_postgresql_names_pg_dump() {
    let dir = tempfile::tempdir().unwrap();
    let error = backup(
        "postgres://dama:secret@db.example/dama",
        &dir.path().join("dama.dump"),
    )
    .await
    .expect_err("not the bot's to copy");
    let said = error.to_string();
    assert!(said.contains("pg_dump --format=custom --file="), "{said}");
    assert!(!said.contains("secret"), "{said}");
}

#[tokio::test]
async fn a_postgresql_role_that_may_not_create_the_missing_database_is_named() {
    if dama_test_postgres::skip() {
        return;
    }
    let server = dama_test_postgres::Server::shared().expect("the test server starts");
    let role = format!("dama_nocreate_{}", std::process::id());
    server
        .execute(
            "postgres",
            &format!("CREATE ROLE {role} LOGIN NOCREATEDB PASSWORD 'pw'"),
        )
        .expect("the role is made");
    let missing = format!("dama_missing_{}", std::process::id());
    let url = |user: &str| format!("postgres://{user}@127.0.0.1:{}/{missing}", server.port());
    let report = inspect(&url(&format!("{role}:pw"))).await.unwrap();
    assert!(!report.exists);
    let said = report.cannot_write.expect("the role may not create it");
    assert!(said.contains("no CREATEDB"), "{said}");

    // The superuser may: nothing stands in the way.
    let report = inspect(&url("postgres")).await.unwrap();
    assert!(!report.exists);
    assert_eq!(report.cannot_write, None);
}
