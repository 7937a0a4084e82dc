//! `web/front/sdk/bundle.sh`, which makes the committed bundle of Discord's Embedded App SDK again:
//! it names the real cause when it cannot, and fails fast when npm's registry cannot be reached.
//! Building the bot runs none of it (the crate has no build script).

#![cfg(unix)]

use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("front/sdk/bundle.sh")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Where `tool` is on this machine's `PATH`.
fn which(tool: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(tool))
        .find(|candidate| candidate.is_file())
}

#[test]
fn without_node_it_says_node_is_missing_and_that_the_bot_does_not_need_it() {
    // A PATH with the shell's tools and neither node nor npm.
    let bin = tempfile::tempdir().expect("a temporary directory");
    for tool in [
        "bash", "dirname", "mktemp", "cp", "rm", "grep", "cat", "wc", "cmp",
    ] {
        let found = which(tool).unwrap_or_else(|| panic!("{tool} is on PATH"));
        symlink(found, bin.path().join(tool)).expect("a link");
    }
    let output = Command::new(bin.path().join("bash"))
        .arg(script())
        .arg("--check")
        .env("PATH", bin.path())
        .output()
        .expect("bash runs");
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let said = stderr(&output);
    assert!(said.contains("Node.js is not installed"), "{said}");
    assert!(said.contains("never to build the bot"), "{said}");
}

#[test]
fn with_npms_registry_unreachable_it_fails_at_once_naming_the_registry() {
    if which("node").is_none() || which("npm").is_none() {
        assert!(
            std::env::var_os("DAMA_REQUIRE_NODE").is_none(),
            "DAMA_REQUIRE_NODE is set, but node and npm are not on PATH"
        );
        eprintln!("skipped: node and npm are not on PATH");
        return;
    }
    // An empty cache, so nothing is found without the registry; port 1 refuses at once.
    let cache = tempfile::tempdir().expect("a temporary directory");
    let output = Command::new("bash")
        .arg(script())
        .arg("--check")
        .env("npm_config_registry", "http://127.0.0.1:1/")
        .env("npm_config_cache", cache.path())
        .output()
        .expect("bash runs");
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let said = stderr(&output);
    assert!(
        said.contains("npm could not reach its registry (http://127.0.0.1:1/)"),
        "{said}"
    );
}

#[test]
fn an_unknown_argument_is_refused_with_the_usage() {
    let output = Command::new("bash")
        .arg(script())
        .arg("--offline")
        .output()
        .expect("bash runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("usage:"), "{}", stderr(&output));
}

#[test]
fn the_bot_is_built_without_a_build_script_and_embeds_the_real_sdk() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    assert!(!crate_dir.join("build.rs").exists());
    assert!(!crate_dir.join("../bot/build.rs").exists());
    let bundle =
        std::fs::read_to_string(crate_dir.join("front/sdk/discord-sdk.js")).expect("the bundle");
    assert!(bundle.len() > 100_000, "{} bytes", bundle.len());
    assert!(
        bundle.trim_end().ends_with("as DiscordSDK};"),
        "{}",
        &bundle[bundle.len() - 80..]
    );
}
