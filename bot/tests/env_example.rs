//! `.env.example` names every variable the configuration reads, and no other; and the table
//! of docs/running.md names each of them too. The variables the code reads are the string
//! literals of `bot/src/config.rs` that look like one (`DISCORD_…`, `DAMA_…`, `DATABASE_URL`,
//! `RUST_LOG`): the module is the only place the bot reads its environment.

use std::collections::BTreeSet;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The quoted words of `text` that are variables' names.
fn quoted_variables(text: &str) -> BTreeSet<String> {
    text.split('"')
        .skip(1)
        .step_by(2)
        .filter(|word| is_variable(word))
        .map(str::to_owned)
        .collect()
}

fn is_variable(word: &str) -> bool {
    let ours = ["DISCORD_", "DAMA_"]
        .iter()
        .any(|prefix| word.starts_with(prefix))
        || matches!(word, "DATABASE_URL" | "RUST_LOG");
    ours && word
        .chars()
        .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
}

/// The variables `.env.example` sets or shows commented out (`NAME=` at a line's start).
fn example_variables(text: &str) -> BTreeSet<String> {
    text.lines()
        .map(|line| line.trim_start_matches('#'))
        .filter_map(|line| line.split_once('=').map(|(name, _)| name))
        .filter(|name| is_variable(name))
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_example_names_every_variable_the_configuration_reads_and_no_other() {
    let config = std::fs::read_to_string(root().join("bot/src/config.rs")).unwrap();
    // Before the tests: what they pretend to read is not read.
    let code = config.split("#[cfg(test)]").next().unwrap_or_default();
    let read = quoted_variables(code);
    assert!(
        read.len() >= 15 && read.contains("DISCORD_TOKEN") && read.contains("RUST_LOG"),
        "{read:?}"
    );
    let example = std::fs::read_to_string(root().join(".env.example")).unwrap();
    let shown = example_variables(&example);
    let missing: Vec<_> = read.difference(&shown).collect();
    let unknown: Vec<_> = shown.difference(&read).collect();
    assert!(missing.is_empty(), ".env.example lacks {missing:?}");
    assert!(
        unknown.is_empty(),
        ".env.example names {unknown:?}, which nothing reads"
    );
}

#[test]
fn the_configuration_table_names_every_variable() {
    let config = std::fs::read_to_string(root().join("bot/src/config.rs")).unwrap();
    let code = config.split("#[cfg(test)]").next().unwrap_or_default();
    let running = std::fs::read_to_string(root().join("docs/running.md")).unwrap();
    let missing: Vec<_> = quoted_variables(code)
        .into_iter()
        .filter(|name| !running.contains(&format!("`{name}`")))
        .collect();
    assert!(missing.is_empty(), "docs/running.md lacks {missing:?}");
}

#[test]
fn a_word_that_is_no_variable_is_not_taken_for_one() {
    assert!(is_variable("DAMA_WEB_ADDR"));
    assert!(!is_variable("DAMA_web"));
    assert!(!is_variable("HOME"));
    assert_eq!(
        example_variables("#DAMA_X=1\nDISCORD_TOKEN=\n# the DAMA_Y= way\n"),
        BTreeSet::from(["DAMA_X".to_owned(), "DISCORD_TOKEN".to_owned()])
    );
}
