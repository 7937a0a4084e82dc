//! A machine without PostgreSQL's programs: the tests that need them pass without running,
//! one line sums them up, and `DAMA_REQUIRE_POSTGRES` makes their absence a failure.
//!
//! Each case runs this test binary again as a child, with the programs hidden (an empty `PATH`
//! and an empty `DAMA_PG_ROOT`), running one of the helper tests below (ignored, so that a
//! plain run leaves them out). The children's parent is this process, so they share one count.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output};

use dama_test_postgres::{BIN_VARIABLE, REQUIRE_VARIABLE, ROOT_VARIABLE, Server};

/// Runs `helper` in a child with PostgreSQL hidden, its temporary directory `tmp`, and
/// `DAMA_REQUIRE_POSTGRES` as `require` says.
fn hidden(helper: &str, tmp: &Path, require: Option<&str>) -> Output {
    let empty = tmp.join("empty");
    std::fs::create_dir_all(&empty).expect("an empty directory");
    let mut command = Command::new(std::env::current_exe().expect("this test binary"));
    command
        .args(["--ignored", "--exact", helper, "--test-threads=1"])
        .env("PATH", &empty)
        .env(ROOT_VARIABLE, &empty)
        .env("TMPDIR", tmp)
        .env_remove(BIN_VARIABLE)
        .env_remove(REQUIRE_VARIABLE);
    if let Some(value) = require {
        command.env(REQUIRE_VARIABLE, value);
    }
    command.output().expect("the child runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The counts left in `tmp`.
fn counts(tmp: &Path) -> Vec<String> {
    std::fs::read_dir(tmp)
        .expect("the directory")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("dama-postgres-skipped-"))
        .collect()
}

#[test]
fn without_postgresql_its_tests_pass_unrun_and_one_line_counts_them() {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    for _ in 0..2 {
        let run = hidden("needs_postgres", tmp.path(), None);
        let (stdout, stderr) = (text(&run.stdout), text(&run.stderr));
        assert!(run.status.success(), "{stdout}{stderr}");
        assert!(stdout.contains("test needs_postgres ... ok"), "{stdout}");
        // Nothing said per test: the summary says it once.
        assert!(!stderr.contains("PostgreSQL"), "{stderr}");
    }
    // `DAMA_REQUIRE_POSTGRES=0` is as good as unset.
    let run = hidden("needs_postgres", tmp.path(), Some("0"));
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert_eq!(counts(tmp.path()).len(), 1, "one count for the run");

    let summary = hidden("summary", tmp.path(), None);
    assert!(summary.status.success(), "{}", text(&summary.stderr));
    let said = text(&summary.stderr);
    let lines: Vec<&str> = said.lines().filter(|l| l.contains("PostgreSQL")).collect();
    assert_eq!(
        lines,
        [
            "note: 3 PostgreSQL tests were skipped: PostgreSQL's programs (initdb, pg_ctl, \
             postgres, psql) were not found. To include them, install them (Debian: apt-get \
             install postgresql) or set DAMA_PG_BIN to their directory; \
             DAMA_REQUIRE_POSTGRES=1 makes their absence fail."
        ],
        "{said}"
    );
    // Said once: the count is gone, and the next summary says nothing.
    assert_eq!(counts(tmp.path()), Vec::<String>::new());
    let again = hidden("summary", tmp.path(), None);
    assert!(!text(&again.stderr).contains("PostgreSQL"), "{again:?}");
}

#[test]
fn with_dama_require_postgres_a_missing_postgresql_fails_the_test() {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let run = hidden("needs_postgres", tmp.path(), Some("1"));
    let (stdout, stderr) = (text(&run.stdout), text(&run.stderr));
    assert!(!run.status.success(), "{stdout}{stderr}");
    assert!(
        stdout.contains("test needs_postgres ... FAILED"),
        "{stdout}"
    );
    let output = format!("{stdout}{stderr}");
    assert!(
        output.contains("PostgreSQL's programs (initdb, pg_ctl, postgres, psql) were not found")
            && output.contains("DAMA_REQUIRE_POSTGRES is set"),
        "{output}"
    );
    assert_eq!(counts(tmp.path()), Vec::<String>::new(), "nothing skipped");
}

/// A test that needs PostgreSQL, as the both-stores tests are.
#[test]
#[ignore = "run by the tests above, with PostgreSQL hidden"]
fn needs_postgres() {
    if dama_test_postgres::skip() {
        return;
    }
    let url = Server::shared().and_then(|server| server.fresh_database());
    url.expect("a database");
}

/// What the workspace's last test binary does.
#[test]
#[ignore = "run by the tests above, with PostgreSQL hidden"]
fn summary() {
    if let Some(line) = dama_test_postgres::skipped_summary() {
        // Past libtest's capture of `eprintln!`, as the last test binary (no libtest) prints.
        let _ = writeln!(std::io::stderr(), "{line}");
    }
}
