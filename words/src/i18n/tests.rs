use fluent_bundle::FluentValue;

use super::catalog::{messages, render, render_with};
use super::*;

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

/// What `words/locales/GLOSSARY.md` says of one language: the words its messages never use, the
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
    const FILE: &str = include_str!("../../locales/GLOSSARY.md");
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
    // One word for one thing: the premove is "ön hamle", never a second phrase for it.
    assert_eq!(
        never_used(&tr, "önceden girilmiş hamle karşılık verdi"),
        ["önceden gir"]
    );
    assert_eq!(never_used(&tr, "Önceden girdiğin d3-d4"), ["önceden gir"]);
    assert!(never_used(&tr, "ön hamlen oynanamadı").is_empty());
    let en = glossary(Language::En);
    assert!(never_used(&en, "Checkered board, a rematch").is_empty());
    assert_eq!(never_used(&en, "a tie"), ["tie"]);
}

/// The variables the bot passes as numbers: counts, and numbers that name something (a game, a
/// rank, a season). The plural test sets them to 0, 1, 2 and 5.
const NUMBERS: &[&str] = &[
    "arena",
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
    "minutes",
    "mistakes",
    "moves",
    "n",
    "nodes",
    "number",
    "players",
    "playing",
    "plies",
    "points",
    "puzzle",
    "rank",
    "round",
    "rounds",
    "score",
    "seconds",
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
    "change",
    "channel",
    "class",
    "clock",
    "colour",
    "deadline",
    "deviation",
    "end",
    "example",
    "expected",
    "expires",
    "flip",
    "format",
    "head",
    "line",
    "link",
    "loser",
    "mark",
    "marked",
    "medal",
    "member",
    "move",
    "name",
    "names",
    "notation",
    "notify",
    "opponent",
    "pieces",
    "plain",
    "played",
    "player",
    "position",
    "premove",
    "prompt",
    "rated",
    "rating",
    "reason",
    "reply",
    "result",
    "role",
    "rules",
    "speed",
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
    "value",
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
