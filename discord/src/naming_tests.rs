//! Every command and option a message names is the one registered for its reader.

use std::collections::BTreeSet;

use dama_words::i18n::catalog::{messages, render};
use dama_words::i18n::{Language, discord_locales, message};

/// The `/dama` command as registered with Discord, read under one of Discord's locales (`None`
/// for the default, English): what a client in that locale shows and types.
#[derive(Clone, Copy)]
struct Registered<'a> {
    node: &'a serde_json::Value,
    locale: Option<&'a str>,
}

impl<'a> Registered<'a> {
    /// The name this node shows under the locale.
    fn name(self) -> &'a str {
        self.locale
            .and_then(|locale| self.node["name_localizations"][locale].as_str())
            .or_else(|| self.node["name"].as_str())
            .unwrap_or_default()
    }

    /// Whether this node is a subcommand or a group of them (types 1 and 2), not an option.
    fn is_command(self) -> bool {
        matches!(self.node["type"].as_u64(), Some(1 | 2))
    }

    /// Whether this node can be run: the top command or a subcommand (not a group, nor an
    /// option).
    fn runs(self) -> bool {
        matches!(self.node["type"].as_u64(), None | Some(1))
    }

    fn children(self) -> impl Iterator<Item = Registered<'a>> {
        let locale = self.locale;
        self.node["options"]
            .as_array()
            .into_iter()
            .flatten()
            .map(move |node| Registered { node, locale })
    }

    /// Every name in the tree under this node, itself included.
    fn names(self, out: &mut BTreeSet<&'a str>) {
        out.insert(self.name());
        for child in self.children() {
            child.names(out);
        }
    }
}

/// Discord's locales of `lang` (`None` for English, the registered default).
fn locales_of(lang: Language) -> Vec<Option<&'static str>> {
    match discord_locales(lang) {
        [] => vec![None],
        locales => locales.iter().copied().map(Some).collect(),
    }
}

/// What is wrong with the commands and options `text` names for a reader under `command`'s
/// locale. Each `/dama …` in backticks must walk the registered names down to a subcommand,
/// followed only by that subcommand's options (`name:` or `name:value`); any other name in
/// backticks that is registered under some locale (`all`) must be one registered under this
/// one; and `/dama` is only ever written in backticks.
fn misnamed(text: &str, command: Registered<'_>, all: &BTreeSet<&str>) -> Vec<String> {
    let mut here = BTreeSet::new();
    command.names(&mut here);
    let root = format!("/{}", command.name());
    let mut problems = Vec::new();
    let mut outside = String::new();
    for (i, span) in text.split('`').enumerate() {
        if i % 2 == 0 {
            outside.push_str(span);
            continue;
        }
        let mut words = span.split_whitespace();
        if span.starts_with('/') {
            if words.next() != Some(root.as_str()) {
                problems.push(format!("`{span}` does not start with {root}"));
                continue;
            }
            let mut node = command;
            let mut in_options = false;
            for word in words {
                let found = match word.split_once(':') {
                    Some((option, _value)) => {
                        in_options = true;
                        node.children()
                            .find(|c| !c.is_command() && c.name() == option)
                    }
                    None if in_options => None,
                    None => node.children().find(|c| c.is_command() && c.name() == word),
                };
                match found {
                    Some(child) if child.is_command() => node = child,
                    Some(_) => {}
                    None => {
                        problems.push(format!("`{span}`: `{word}` is not registered there"));
                        break;
                    }
                }
            }
            if !node.runs() {
                problems.push(format!("`{span}` names a group, not a command"));
            }
        } else {
            let name = span.trim_end_matches(':');
            if all.contains(name) && !here.contains(name) {
                problems.push(format!("`{span}` is a name of another language"));
            }
        }
    }
    if outside.contains(&format!("{root} ")) {
        problems.push(format!("{root} outside backticks"));
    }
    problems
}

fn registered() -> serde_json::Value {
    let config = dama_service::service::ServiceConfig::default();
    serde_json::to_value(crate::commands::dama_command(&config)).expect("json")
}

/// Every name registered under any locale.
fn every_name(command: &serde_json::Value) -> BTreeSet<&str> {
    let mut all = BTreeSet::new();
    for lang in Language::ALL {
        for locale in locales_of(lang) {
            Registered {
                node: command,
                locale,
            }
            .names(&mut all);
        }
    }
    all
}

#[test]
fn every_command_and_option_a_message_names_is_the_one_registered_for_its_reader() {
    let command = registered();
    let all = every_name(&command);
    let mut mentions = 0;
    for lang in Language::ALL {
        for (key, vars) in messages(lang) {
            let (text, _) = render(lang, &key, &vars, 2);
            for locale in locales_of(lang) {
                let here = Registered {
                    node: &command,
                    locale,
                };
                let problems = misnamed(&text, here, &all);
                assert!(
                    problems.is_empty(),
                    "{} `{key}` under {locale:?}: {problems:?}\n{text}",
                    lang.name()
                );
            }
            mentions += text.matches("`/").count();
        }
    }
    // The messages do name commands: the check above is not empty.
    assert!(mentions > 40, "{mentions}");
}

#[test]
fn a_name_typed_by_hand_in_another_language_is_caught() {
    let command = registered();
    let all = every_name(&command);
    let turkish = Registered {
        node: &command,
        locale: Some("tr"),
    };
    let english = Registered {
        node: &command,
        locale: None,
    };
    let board = message(Language::Tr, "cmd-board-name", None);
    let game = message(Language::Tr, "opt-game-name", None);
    let fine = format!("`/dama {board}` ya da `{game}` ve `d3-d4`");
    assert_eq!(misnamed(&fine, turkish, &all), Vec::<String>::new());
    assert_eq!(misnamed(&fine, english, &all).len(), 2);
    for wrong in [
        "`/dama board`",
        "`game` seçeneği",
        "`/dama tournament join tournament:3`",
        "`/dama tahta oyun`",
        "`/dama turnuva`",
        "/dama tahta",
    ] {
        assert_eq!(
            misnamed(wrong, turkish, &all).len(),
            1,
            "{wrong}: {:?}",
            misnamed(wrong, turkish, &all)
        );
    }
    let leaderboard = "`/dama leaderboard season:4`";
    assert!(misnamed(leaderboard, english, &all).is_empty());
    assert!(!misnamed("`/dama leaderboard game:4`", english, &all).is_empty());
}
