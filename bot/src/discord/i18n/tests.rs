use std::collections::{BTreeMap, BTreeSet};

use fluent_bundle::FluentValue;
use fluent_syntax::ast;

use super::*;

/// Every message of a language with the variables it uses.
fn messages(lang: Language) -> BTreeMap<String, BTreeSet<String>> {
    let mut out = BTreeMap::new();
    for (name, text) in sources(lang) {
        let resource = fluent_syntax::parser::parse(*text)
            .unwrap_or_else(|(_, errors)| panic!("{name}: {errors:?}"));
        for entry in resource.body {
            if let ast::Entry::Message(m) = entry {
                let mut vars = BTreeSet::new();
                if let Some(value) = &m.value {
                    pattern_variables(value, &mut vars);
                }
                let duplicate = out.insert(m.id.name.to_owned(), vars).is_some();
                assert!(!duplicate, "{name}: `{}` twice", m.id.name);
            }
        }
    }
    out
}

fn pattern_variables(pattern: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_variables(expression, out);
        }
    }
}

fn expression_variables(expression: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            inline_variables(selector, out);
            for variant in variants {
                pattern_variables(&variant.value, out);
            }
        }
        ast::Expression::Inline(inline) => inline_variables(inline, out),
    }
}

fn inline_variables(inline: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_owned());
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for arg in &arguments.positional {
                inline_variables(arg, out);
            }
        }
        ast::InlineExpression::Placeable { expression } => {
            expression_variables(expression, out);
        }
        _ => {}
    }
}

#[test]
fn every_catalog_parses_and_has_exactly_the_english_keys_with_no_new_arguments() {
    let english = messages(Language::En);
    assert!(!english.is_empty());
    for lang in [Language::Tr, Language::Es, Language::Sv] {
        let other = messages(lang);
        let missing: Vec<&String> = english.keys().filter(|k| !other.contains_key(*k)).collect();
        let extra: Vec<&String> = other.keys().filter(|k| !english.contains_key(*k)).collect();
        assert!(missing.is_empty(), "{}: missing {missing:?}", lang.name());
        assert!(
            extra.is_empty(),
            "{}: not in English {extra:?}",
            lang.name()
        );
        for (key, vars) in &other {
            let unknown: Vec<&String> = vars.difference(&english[key]).collect();
            assert!(
                unknown.is_empty(),
                "{}: `{key}` uses {unknown:?}, which English does not pass",
                lang.name()
            );
        }
    }
}

#[test]
fn discord_locales_map_to_the_languages() {
    assert_eq!(Language::from_locale("tr"), Language::Tr);
    assert_eq!(Language::from_locale("es-ES"), Language::Es);
    assert_eq!(Language::from_locale("es-419"), Language::Es);
    assert_eq!(Language::from_locale("sv-SE"), Language::Sv);
    assert_eq!(Language::from_locale("en-US"), Language::En);
    assert_eq!(Language::from_locale("ja"), Language::En);
    for lang in Language::ALL {
        assert_eq!(Language::of(lang.name()), Some(lang));
        for locale in discord_locales(lang) {
            assert_eq!(Language::from_locale(locale), lang);
        }
    }
}

#[test]
fn turkish_capitals_keep_the_dot() {
    assert_eq!(capitalise(Language::Tr, "iyi oyunlar"), "İyi oyunlar");
    assert_eq!(capitalise(Language::Tr, "ılık"), "Ilık");
    assert_eq!(capitalise(Language::En, "it is"), "It is");
    assert_eq!(capitalise(Language::Tr, ""), "");
}

#[test]
fn a_message_is_formatted_with_its_arguments_and_falls_back_to_english() {
    let mut args = FluentArgs::new();
    args.set("count", 3);
    let tr = message(Language::Tr, "pieces", Some(&args));
    assert_eq!(tr, "3 taş");
    assert_eq!(message(Language::En, "pieces", Some(&args)), "3 pieces");
    args.set("count", 1);
    assert_eq!(message(Language::En, "pieces", Some(&args)), "1 piece");
    assert_eq!(message(Language::Tr, "no-such-key", None), "no-such-key");
}

/// `key` in `lang` with every variable in `vars` set to `value`, and the errors met on the way
/// (a variable not passed, a message referred to that does not exist).
fn render(
    lang: Language,
    key: &str,
    vars: &BTreeSet<String>,
    value: i64,
) -> (String, Vec<fluent_bundle::FluentError>) {
    render_with(lang, key, vars, |_| FluentValue::from(value))
}

/// `key` in `lang` with each variable in `vars` set to `value(variable)`, and the errors met.
fn render_with(
    lang: Language,
    key: &str,
    vars: &BTreeSet<String>,
    value: impl Fn(&str) -> FluentValue<'static>,
) -> (String, Vec<fluent_bundle::FluentError>) {
    let bundle = bundle_of(lang);
    let mut args = FluentArgs::new();
    for var in vars {
        args.set(var.clone(), value(var));
    }
    let mut errors = Vec::new();
    let text = bundle
        .get_message(key)
        .and_then(|m| m.value())
        .map(|pattern| {
            bundle
                .format_pattern(pattern, Some(&args), &mut errors)
                .into_owned()
        })
        .unwrap_or_default();
    (text, errors)
}

#[test]
fn every_message_renders_in_every_language_without_errors() {
    for lang in Language::ALL {
        for (key, vars) in messages(lang) {
            let (text, errors) = render(lang, &key, &vars, 2);
            assert!(errors.is_empty(), "{} `{key}`: {errors:?}", lang.name());
            assert!(!text.trim().is_empty(), "{} `{key}` is empty", lang.name());
        }
    }
}

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
    serde_json::to_value(super::super::commands::dama_command(&config)).expect("json")
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

/// What `bot/locales/GLOSSARY.md` says of one language: the words its messages never use, the
/// forms that cannot follow the number 1 and the numbers 0, 2 and 5, the forms of the register
/// it does not use, how it writes numbers, and words some groups of messages never use.
#[derive(Debug, Default)]
struct Glossary {
    never: Vec<Pattern>,
    after_one: Vec<Pattern>,
    after_other: Vec<Pattern>,
    formal: Vec<Pattern>,
    /// The *Numbers* rows: (what, written, never), the last two in backticks in the file.
    numbers: Vec<(String, String, Vec<String>)>,
    /// The *Keys* rows: the keys (a final `*` for any ending) and the words they never use.
    scoped: Vec<(Vec<String>, Vec<Pattern>)>,
}

/// A word or phrase of the glossary, in lower case: it matches whole words, the start of a
/// word when written with a final `*`, or the end of a word when written with a leading `*`.
#[derive(Debug)]
struct Pattern {
    text: String,
    prefix: bool,
    suffix: bool,
}

impl Pattern {
    /// The patterns of a comma-separated glossary cell.
    fn list(cell: &str) -> Vec<Pattern> {
        cell.split(',')
            .map(str::trim)
            .filter(|word| !word.is_empty())
            .map(|word| Pattern {
                text: lower(word.trim_matches('*')),
                prefix: word.ends_with('*'),
                suffix: word.starts_with('*'),
            })
            .collect()
    }

    /// Whether `lead` followed by this pattern occurs in `text` (in lower case, without
    /// markdown emphasis) at the start of a word (anywhere in one if a suffix), and ending a
    /// word unless a prefix.
    fn occurs_in(&self, text: &str, lead: &str) -> bool {
        let needle = format!("{lead}{}", self.text);
        text.match_indices(&needle).any(|(at, _)| {
            let starts = self.suffix
                || text[..at]
                    .chars()
                    .next_back()
                    .is_none_or(|c| !c.is_alphanumeric() && c != '.');
            let ends = self.prefix
                || text[at + needle.len()..]
                    .chars()
                    .next()
                    .is_none_or(|c| !c.is_alphanumeric());
            starts && ends
        })
    }
}

/// `text` in lower case for matching: a Turkish capital `İ` loses the combining dot that
/// lowering gives it, and markdown's emphasis marks are dropped.
fn lower(text: &str) -> String {
    text.to_lowercase().replace(['\u{307}', '*'], "")
}

/// The glossary's section of `lang` (`## en`, `## tr`, …): its Concept table's Never column and
/// its Count table.
fn glossary(lang: Language) -> Glossary {
    const FILE: &str = include_str!("../../../locales/GLOSSARY.md");
    let heading = format!("## {}", lang.name());
    let mut out = Glossary::default();
    let mut inside = false;
    // The first heading of the table the line is in.
    let mut table = "";
    for line in FILE.lines() {
        if line.starts_with("## ") {
            inside = line.trim() == heading;
            continue;
        }
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // A table row: "| a | b |" splits into ["", a, b, ""].
        if !inside || cells.len() < 4 {
            table = "";
            continue;
        }
        if cells[1].starts_with("---") {
            continue;
        }
        if table.is_empty() {
            table = cells[1];
            continue;
        }
        match (table, cells.len(), cells[1]) {
            ("Concept", 5, _) => out.never.extend(Pattern::list(cells[3])),
            ("Count", 4, "1") => out.after_one.extend(Pattern::list(cells[2])),
            ("Count", 4, _) => out.after_other.extend(Pattern::list(cells[2])),
            ("Register", 5, _) => out.formal.extend(Pattern::list(cells[3])),
            ("Numbers", 5, what) => out.numbers.push((
                what.to_owned(),
                ticked(cells[2]).into_iter().next().unwrap_or_default(),
                ticked(cells[3]),
            )),
            ("Keys", 4, keys) => out.scoped.push((
                keys.split(',').map(|k| k.trim().to_owned()).collect(),
                Pattern::list(cells[2]),
            )),
            _ => {
                panic!("GLOSSARY.md, {heading}: a row the `{table}` table does not expect: {line}")
            }
        }
    }
    out
}

/// The texts in backticks in a glossary cell.
fn ticked(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

/// The glossary's Never words that `text` uses.
fn never_used<'a>(glossary: &'a Glossary, text: &str) -> Vec<&'a str> {
    let text = lower(text);
    glossary
        .never
        .iter()
        .filter(|word| word.occurs_in(&text, ""))
        .map(|word| word.text.as_str())
        .collect()
}

/// The forms after the number `n` in `text` that the glossary says cannot follow it.
fn disagreeing<'a>(glossary: &'a Glossary, n: i64, text: &str) -> Vec<&'a str> {
    let text = lower(text);
    let forms = if n == 1 {
        &glossary.after_one
    } else {
        &glossary.after_other
    };
    let lead = format!("{n} ");
    forms
        .iter()
        .filter(|form| form.occurs_in(&text, &lead))
        .map(|form| form.text.as_str())
        .collect()
}

/// The checks of the register, of names typed by hand, of numbers and of the web face's words.
mod slips;

#[test]
fn every_language_has_its_glossary_and_counts() {
    for lang in Language::ALL {
        let glossary = glossary(lang);
        assert!(glossary.never.len() >= 12, "{}: {glossary:?}", lang.name());
        assert!(glossary.after_one.len() >= 10, "{}", lang.name());
        assert!(glossary.after_other.len() >= 10, "{}", lang.name());
    }
}

#[test]
fn no_message_uses_a_word_its_glossary_forbids() {
    let mut failures = Vec::new();
    for lang in Language::ALL {
        let glossary = glossary(lang);
        for (key, vars) in messages(lang) {
            let (text, _) = render(lang, &key, &vars, 2);
            let found = never_used(&glossary, &text);
            if !found.is_empty() {
                failures.push(format!("{} `{key}` says {found:?}: {text}", lang.name()));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "words GLOSSARY.md forbids:\n{}",
        failures.join("\n")
    );
}

#[test]
fn the_glossary_catches_its_variants_as_words_not_inside_them() {
    let sv = glossary(Language::Sv);
    assert_eq!(never_used(&sv, "En **onöjaktighet**."), ["onöjaktig"]);
    assert_eq!(never_used(&sv, "Kröningen sker."), ["krön"]);
    assert_eq!(never_used(&sv, "Hon tar emot remi."), ["tar emot"]);
    assert!(never_used(&sv, "en returmatch, tar emotståndet").is_empty());
    let tr = glossary(Language::Tr);
    assert_eq!(never_used(&tr, "Almaları yaz"), ["almalar"]);
    assert_eq!(never_used(&tr, "`/dama meydan-oku`"), Vec::<&str>::new());
    assert_eq!(never_used(&tr, "Birine meydan okudu"), ["meydan oku"]);
    assert_eq!(never_used(&tr, "İstifa etti"), ["istifa"]);
    let en = glossary(Language::En);
    assert!(never_used(&en, "Checkered board, a rematch").is_empty());
    assert_eq!(never_used(&en, "a tie"), ["tie"]);
}

/// The variables the bot passes as numbers: counts, and numbers that name something (a game, a
/// rank, a season). The plural test sets them to 0, 1, 2 and 5.
const NUMBERS: &[&str] = &[
    "best",
    "blunders",
    "challenge",
    "count",
    "days",
    "done",
    "draws",
    "first",
    "game",
    "games",
    "good",
    "have",
    "hour",
    "id",
    "inaccuracies",
    "level",
    "limit",
    "losses",
    "max",
    "min",
    "mistakes",
    "moves",
    "n",
    "nodes",
    "number",
    "players",
    "plies",
    "points",
    "puzzle",
    "rank",
    "round",
    "rounds",
    "score",
    "season",
    "shown",
    "solved",
    "streak",
    "total",
    "tournament",
    "tries",
    "turn",
    "wins",
];

/// The variables the bot passes as text: names, mentions, moves, squares, times, phrases, and
/// text that looks like a number but counts nothing (an evaluation, a rating).
const TEXTS: &[&str] = &[
    "after",
    "asks",
    "at",
    "available",
    "before",
    "better",
    "black",
    "capture",
    "challenger",
    "channel",
    "class",
    "colour",
    "deadline",
    "deviation",
    "end",
    "example",
    "expected",
    "expires",
    "flip",
    "format",
    "line",
    "link",
    "loser",
    "mark",
    "marked",
    "member",
    "move",
    "name",
    "names",
    "notation",
    "notify",
    "opponent",
    "pieces",
    "played",
    "player",
    "position",
    "prompt",
    "rated",
    "rating",
    "reason",
    "reply",
    "result",
    "rules",
    "square",
    "squares",
    "start",
    "state",
    "status",
    "terms",
    "text",
    "theme",
    "thread",
    "time",
    "title",
    "token",
    "tournaments",
    "typed",
    "until",
    "user",
    "when",
    "white",
    "who",
    "why",
    "winner",
    "word",
];

#[test]
fn every_count_agrees_with_its_noun_in_every_language() {
    let mut failures = Vec::new();
    for lang in Language::ALL {
        let glossary = glossary(lang);
        for (key, vars) in messages(lang) {
            for var in &vars {
                assert!(
                    NUMBERS.contains(&var.as_str()) || TEXTS.contains(&var.as_str()),
                    "`{key}` uses ${var}: say in NUMBERS or TEXTS whether the bot passes a number"
                );
            }
            for n in [0, 1, 2, 5] {
                let (text, errors) = render_with(lang, &key, &vars, |var| {
                    if NUMBERS.contains(&var) {
                        FluentValue::from(n)
                    } else {
                        FluentValue::from("x")
                    }
                });
                assert!(errors.is_empty(), "{} `{key}`: {errors:?}", lang.name());
                let wrong = disagreeing(&glossary, n, &text);
                if !wrong.is_empty() {
                    failures.push(format!("{} `{key}`: {n} {wrong:?}: {text}", lang.name()));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_count_check_catches_a_noun_that_does_not_agree() {
    let sv = glossary(Language::Sv);
    assert_eq!(
        disagreeing(&sv, 1, "Du har 1 semesterdagar kvar."),
        ["semesterdagar"]
    );
    assert!(disagreeing(&sv, 1, "Du har 1 semesterdag kvar.").is_empty());
    assert_eq!(disagreeing(&sv, 2, "2 remi, 1 förlust"), ["remi"]);
    let en = glossary(Language::En);
    assert_eq!(
        disagreeing(&en, 1, "1 vacation days left"),
        ["vacation days"]
    );
    assert!(disagreeing(&en, 1, "21 games, 0.1 men").is_empty());
    let tr = glossary(Language::Tr);
    assert_eq!(disagreeing(&tr, 5, "5 oyunlarda"), ["oyunlar"]);
    assert!(disagreeing(&tr, 5, "5 oyun").is_empty());
    let es = glossary(Language::Es);
    assert_eq!(disagreeing(&es, 1, "1 ganadas"), ["ganadas"]);
}
