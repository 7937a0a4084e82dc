//! `contrib/dama.service`, the unit docs/running.md installs, is one systemd accepts without a
//! word (`systemd-analyze verify`, with its `ExecStart` pointed at the binary just built), and
//! it runs the bot hardened, from its state directory. Without `systemd-analyze` (Debian's
//! `systemd`) the check is skipped with one line.

use std::path::{Path, PathBuf};
use std::process::Command;

const ANALYZE: &str = "systemd-analyze";

fn unit() -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../contrib/dama.service");
    std::fs::read_to_string(path).expect("contrib/dama.service is there")
}

/// What `systemd-analyze verify` says of `text` as `dama.service`: its exit status and its
/// output; `None` when the program is missing.
fn verify(text: &str) -> Option<(bool, String)> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dama.service");
    std::fs::write(&path, text).unwrap();
    let output = match Command::new(ANALYZE)
        .args(["verify", "--man=no"])
        .arg(&path)
        .output()
    {
        Ok(output) => output,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
        Err(e) => panic!("{ANALYZE} cannot run: {e}"),
    };
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    Some((output.status.success(), said))
}

/// The unit with its `ExecStart` at the binary this build made.
fn unit_for_this_build() -> String {
    let binary = Path::new(env!("CARGO_BIN_EXE_dama-bot"));
    unit().replace("/usr/local/bin/dama-bot", &binary.display().to_string())
}

#[test]
fn the_unit_passes_systemd_analyze_verify_without_a_warning() {
    let Some((ok, said)) = verify(&unit_for_this_build()) else {
        eprintln!("skipped: {ANALYZE} is missing (Debian: apt-get install systemd)");
        return;
    };
    assert!(ok, "{said}");
    assert_eq!(said.trim(), "", "systemd has something to say of the unit");

    // The check would catch a mistake: a value systemd does not know.
    let wrong = unit_for_this_build().replace("ProtectSystem=strict", "ProtectSystem=strictest");
    let (_, said) = verify(&wrong).expect("it ran once");
    assert!(
        said.contains("ProtectSystem") || said.contains("protect system"),
        "{said}"
    );
}

#[test]
fn the_unit_runs_the_bot_hardened_from_its_state_directory() {
    let unit = unit();
    for line in [
        "ExecStart=/usr/local/bin/dama-bot",
        "DynamicUser=yes",
        "StateDirectory=dama",
        "WorkingDirectory=/var/lib/dama",
        "ProtectSystem=strict",
        "NoNewPrivileges=yes",
        "RestartPreventExitStatus=2",
        "Environment=DATABASE_URL=sqlite:///var/lib/dama/dama.db",
        "Environment=DAMA_ENDGAME_TABLES=/var/lib/dama/dama-tables.bin",
        "Environment=DISCORD_TOKEN_FILE=%d/discord_token",
    ] {
        assert!(
            unit.lines().any(|l| l == line),
            "contrib/dama.service lacks {line}"
        );
    }
}
