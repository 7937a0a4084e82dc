//! Slips a native reader finds on every face: the formal *you* where a language uses the
//! informal one, a command or option name typed into a message instead of referred to, a number
//! written with another language's separator or sign, and a sentence of the web face written in
//! its code rather than taken from a catalog. Each check is a plain function, tried on the
//! catalogs (or the code) and on a slip written for the test.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use fluent_syntax::ast;
use regex::Regex;

use super::{Glossary, Language, glossary, lower, message, messages, render, sources};
use crate::numbers::{decimal_separator, signed_hundredths};

/// The formal forms of `glossary`'s *Register* that `text` uses.
fn formal_in<'a>(glossary: &'a Glossary, text: &str) -> Vec<&'a str> {
    let text = lower(text);
    glossary
        .formal
        .iter()
        .filter(|form| form.occurs_in(&text, ""))
        .map(|form| form.text.as_str())
        .collect()
}

#[test]
fn no_message_addresses_the_reader_in_the_register_its_language_does_not_use() {
    let mut failures = Vec::new();
    for lang in Language::ALL {
        let glossary = glossary(lang);
        if lang != Language::En {
            assert!(glossary.formal.len() >= 4, "{}: {glossary:?}", lang.name());
        }
        for (key, vars) in messages(lang) {
            let (text, _) = render(lang, &key, &vars, 2);
            let found = formal_in(&glossary, &text);
            if !found.is_empty() {
                failures.push(format!("{} `{key}` says {found:?}: {text}", lang.name()));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "the register GLOSSARY.md rules out:\n{}",
        failures.join("\n")
    );
}

#[test]
fn the_register_check_catches_a_formal_form() {
    let tr = glossary(Language::Tr);
    assert_eq!(formal_in(&tr, "Sıra sizde"), ["sizde"]);
    assert_eq!(formal_in(&tr, "**Oyunlarınız**"), ["ınız"]);
    assert_eq!(formal_in(&tr, "Etkinliği yeniden açın."), ["açın"]);
    assert!(formal_in(&tr, "Sıra sende. Oyunların, denizde taşın.").is_empty());
    let es = glossary(Language::Es);
    assert_eq!(formal_in(&es, "Elija un color, por favor."), ["elija"]);
    assert_eq!(formal_in(&es, "¿Quiere usted abandonar?"), ["usted"]);
    assert_eq!(formal_in(&es, "Ya podéis jugar."), ["éis"]);
    assert!(formal_in(&es, "Elige un color: te toca.").is_empty());
    let sv = glossary(Language::Sv);
    assert_eq!(formal_in(&sv, "Ni kan välja er färg."), ["ni", "er"]);
    assert!(formal_in(&sv, "Du kan välja din färg, nio gånger.").is_empty());
}

/// What stands for a placeable (a reference or a variable) in a message's literal text.
const PLACEABLE: char = '\u{1}';

/// The text a message's pattern writes itself: its text, the text of each variant in turn, and
/// `PLACEABLE` for each reference or variable.
fn literal(pattern: &ast::Pattern<&str>, out: &mut String) {
    for element in &pattern.elements {
        match element {
            ast::PatternElement::TextElement { value } => out.push_str(value),
            ast::PatternElement::Placeable {
                expression: ast::Expression::Select { variants, .. },
            } => {
                for variant in variants {
                    literal(&variant.value, out);
                    out.push(PLACEABLE);
                }
            }
            ast::PatternElement::Placeable {
                expression: ast::Expression::Inline(ast::InlineExpression::StringLiteral { value }),
            } => out.push_str(value),
            ast::PatternElement::Placeable { .. } => out.push(PLACEABLE),
        }
    }
}

/// Whether `key` is a message that gives a command or an option its name.
fn is_name(key: &str) -> bool {
    (key.starts_with("cmd-") || key.starts_with("opt-")) && key.ends_with("-name")
}

/// The names of `lang`'s commands and options: the `cmd-…-name` and `opt-…-name` of its
/// `commands.ftl`.
fn command_names(lang: Language) -> BTreeSet<String> {
    messages(lang)
        .into_keys()
        .filter(|key| is_name(key))
        .map(|key| message(lang, &key, None))
        .collect()
}

/// The command and option names (of `names`) that the messages of a catalog file (`source`)
/// type by hand instead of referring to `commands.ftl`, as (key, name): a name after `/`, in
/// backticks, before `:value`, or, for a name of several words (`puzzle-channel`), anywhere.
fn typed_names(source: &str, names: &BTreeSet<String>) -> Vec<(String, String)> {
    let resource = fluent_syntax::parser::parse(source).unwrap_or_else(|(_, e)| panic!("{e:?}"));
    let mut found = Vec::new();
    for entry in resource.body {
        let ast::Entry::Message(m) = entry else {
            continue;
        };
        let Some(value) = &m.value else { continue };
        if is_name(m.id.name) {
            continue;
        }
        let mut text = String::new();
        literal(value, &mut text);
        let is_word = |c: char| c.is_alphanumeric() || c == '-' || c == '_';
        let mut start = None;
        for (at, c) in text.char_indices().chain([(text.len(), ' ')]) {
            match (start, is_word(c)) {
                (None, true) => start = Some(at),
                (Some(from), false) => {
                    start = None;
                    let word = &text[from..at];
                    if !names.contains(word) {
                        continue;
                    }
                    let before = text[..from].chars().next_back();
                    let mut after = text[at..].chars();
                    let quoted = text[..from].matches('`').count() % 2 == 1;
                    let option = after.next() == Some(':')
                        && after.next().is_some_and(|c| !c.is_whitespace());
                    let several = word.contains(['-', '_']);
                    if before == Some('/') || quoted || option || several {
                        found.push((m.id.name.to_owned(), word.to_owned()));
                    }
                }
                _ => {}
            }
        }
    }
    found
}

#[test]
fn no_message_types_a_command_or_option_name_by_hand() {
    let mut failures = Vec::new();
    for lang in Language::ALL {
        let names = command_names(lang);
        assert!(names.len() > 40, "{}: {names:?}", lang.name());
        for (file, text) in sources(lang) {
            for (key, name) in typed_names(text, &names) {
                failures.push(format!("{file} `{key}` types `{name}`"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "names to write as `{{ cmd-… }}` or `{{ opt-… }}` (see the top of commands.ftl):\n{}",
        failures.join("\n")
    );
}

#[test]
fn a_name_typed_into_a_message_is_caught_and_a_reference_is_not() {
    let names = command_names(Language::En);
    let typed = "\
by-hand = Solve it with `/dama puzzle daily:true`, or choose `puzzle-channel`.
in-prose = Choose a channel (in puzzle-channel) for the daily puzzle: a daily: thing.
referred = Solve it with `/{ cmd-dama-name } { cmd-puzzle-name } { opt-daily-name }:true`.
words = The puzzle of the day, daily, in a channel: move on.
";
    let found = typed_names(typed, &names);
    let pairs: Vec<(&str, &str)> = found.iter().map(|(k, n)| (&**k, &**n)).collect();
    assert_eq!(
        pairs,
        [
            ("by-hand", "dama"),
            ("by-hand", "puzzle"),
            ("by-hand", "daily"),
            ("by-hand", "puzzle-channel"),
            ("in-prose", "puzzle-channel"),
        ]
    );
}

/// The numbers in `text` written against `glossary`'s *Numbers*: a decimal with a separator
/// it rules out (`0.20` in Turkish), or a number after a sign it rules out (`#12` in Spanish).
fn misnumbered(glossary: &Glossary, text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (what, _, never) in &glossary.numbers {
        for mark in never {
            let pattern = if what.starts_with("decimal separator") {
                format!(r"\d{}\d+", regex::escape(mark))
            } else {
                format!(r"(?:^|[^\p{{L}}]){}\s?\d+", regex::escape(mark))
            };
            let pattern = Regex::new(&pattern).expect("a pattern");
            found.extend(
                pattern
                    .find_iter(text)
                    .map(|m| m.as_str().trim().to_owned()),
            );
        }
    }
    found
}

/// What `glossary`'s *Numbers* row `what` says is written: the decimal separator, the sign.
fn written<'a>(glossary: &'a Glossary, what: &str) -> &'a str {
    glossary
        .numbers
        .iter()
        .find(|(row, _, _)| row.starts_with(what))
        .map_or_else(|| panic!("no `{what}` row: {glossary:?}"), |(_, w, _)| w)
}

#[test]
fn every_number_is_written_with_its_languages_separator_and_sign() {
    let mut failures = Vec::new();
    for lang in Language::ALL {
        let glossary = glossary(lang);
        assert!(!written(&glossary, "decimal separator").is_empty());
        assert!(!written(&glossary, "number sign").is_empty());
        for (key, vars) in messages(lang) {
            let (text, _) = render(lang, &key, &vars, 2);
            let found = misnumbered(&glossary, &text);
            if !found.is_empty() {
                failures.push(format!("{} `{key}` writes {found:?}: {text}", lang.name()));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "numbers against GLOSSARY.md:\n{}",
        failures.join("\n")
    );
}

#[test]
fn evaluations_are_formatted_with_the_languages_separator() {
    for lang in Language::ALL {
        let glossary = glossary(lang);
        let separator = written(&glossary, "decimal separator");
        assert_eq!(
            decimal_separator(lang).to_string(),
            separator,
            "{}",
            lang.name()
        );
        let shown = signed_hundredths(lang, 35);
        assert_eq!(shown, format!("+0{separator}35"), "{}", lang.name());
        assert!(misnumbered(&glossary, &shown).is_empty(), "{shown}");
        // The minus sign is the language's own: Swedish writes U+2212.
        let minus = signed_hundredths(lang, -105);
        assert!(
            ["-", "\u{2212}"]
                .iter()
                .any(|sign| minus == format!("{sign}1{separator}05")),
            "{}: {minus}",
            lang.name()
        );
    }
}

#[test]
fn a_number_written_the_other_way_is_caught() {
    let tr = glossary(Language::Tr);
    assert_eq!(misnumbered(&tr, "0.20'nin altı iyi"), ["0.20"]);
    assert_eq!(misnumbered(&tr, "(+0.35 → -1.05)"), ["0.35", "1.05"]);
    assert!(misnumbered(&tr, "0,20'nin altı iyi, Oyun #12, 2. ve 3. sıra, 14:00").is_empty());
    let sv = glossary(Language::Sv);
    assert_eq!(misnumbered(&sv, "bra under 0.20"), ["0.20"]);
    assert!(misnumbered(&sv, "bra under 0,20 i parti #3").is_empty());
    let es = glossary(Language::Es);
    assert_eq!(misnumbered(&es, "Problema #3"), ["#3"]);
    assert_eq!(misnumbered(&es, "buena por debajo de 0,20"), ["0,20"]);
    assert!(misnumbered(&es, "Partida n.º 3: por debajo de 0.20 -# nota").is_empty());
}

/// The words of `glossary`'s *Keys* rows that the message `key` (saying `text`) never uses.
fn scoped_words<'a>(glossary: &'a Glossary, key: &str, text: &str) -> Vec<&'a str> {
    let text = lower(text);
    let applies = |pattern: &String| match pattern.strip_suffix('*') {
        Some(start) => key.starts_with(start),
        None => key == pattern,
    };
    glossary
        .scoped
        .iter()
        .filter(|(keys, _)| keys.iter().any(applies))
        .flat_map(|(_, words)| words)
        .filter(|word| word.occurs_in(&text, ""))
        .map(|word| word.text.as_str())
        .collect()
}

#[test]
fn no_message_uses_a_word_its_group_of_messages_never_uses() {
    let mut failures = Vec::new();
    for lang in Language::ALL {
        let glossary = glossary(lang);
        for (key, vars) in messages(lang) {
            let (text, _) = render(lang, &key, &vars, 2);
            let found = scoped_words(&glossary, &key, &text);
            if !found.is_empty() {
                failures.push(format!("{} `{key}` says {found:?}: {text}", lang.name()));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let es = glossary(Language::Es);
    let swiss = "Sistema suizo (se enfrentan los de igual puntuación)";
    assert_eq!(
        scoped_words(&es, "choice-format-swiss", swiss),
        ["puntuación"]
    );
    assert!(scoped_words(&es, "community-provisional", swiss).is_empty());
}

/// The string literals of a Rust file, each with whether it is quiet: bytes, in an item under
/// `#[cfg(test)]`, in an attribute, or an argument of a log, a panic, an `expect` or a metric's
/// registration (its help text is for operators, in English, like the logs).
fn literals(source: &str) -> Vec<(String, bool)> {
    const QUIET: &[&str] = &[
        "trace!",
        "debug!",
        "info!",
        "warn!",
        "error!",
        "panic!",
        "unreachable!",
        "todo!",
        "assert!",
        "assert_eq!",
        "assert_ne!",
        "debug_assert!",
        "expect",
        "include_str!",
        "register",
    ];
    let chars: Vec<char> = source.chars().collect();
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    let mut out = Vec::new();
    // The name just before each open bracket, innermost last ("" for none).
    let mut open: Vec<String> = Vec::new();
    let mut last = String::new();
    let mut test_item = false;
    let mut test_depth: Option<usize> = None;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let quiet = test_depth.is_some() || open.iter().any(|name| QUIET.contains(&&**name));
        // A string from `i` (its opening quote) with `hashes` after its closing quote; bytes
        // are never shown as text.
        let mut string = |i: usize, hashes: usize, raw: bool, bytes: bool| -> usize {
            let mut j = i + 1;
            let mut text = String::new();
            while j < chars.len() {
                if !raw && chars[j] == '\\' {
                    text.push(chars[j]);
                    text.push(at(j + 1));
                    j += 2;
                    continue;
                }
                if chars[j] == '"' && (0..hashes).all(|h| at(j + 1 + h) == '#') {
                    break;
                }
                text.push(chars[j]);
                j += 1;
            }
            out.push((text, quiet || bytes));
            j + 1 + hashes
        };
        if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            while i < chars.len() && !(chars[i] == '*' && at(i + 1) == '/') {
                i += 1;
            }
            i += 2;
        } else if c == '"' {
            i = string(i, 0, false, false);
            last.clear();
        } else if c == '\'' {
            // A character ('a', '\n') or a lifetime ('a).
            i += if at(i + 1) == '\\' {
                (i + 2..chars.len())
                    .find(|&j| chars[j] == '\'')
                    .map_or(chars.len(), |j| j + 1 - i)
            } else if at(i + 2) == '\'' {
                3
            } else {
                1
            };
        } else if c == '#' && at(i + 1) == '[' {
            let mut depth = 0;
            let mut attribute = String::from('#');
            i += 1;
            while i < chars.len() {
                attribute.push(chars[i]);
                match chars[i] {
                    '[' => depth += 1,
                    ']' => depth -= 1,
                    _ => {}
                }
                i += 1;
                if depth == 0 {
                    break;
                }
            }
            if attribute.replace(' ', "") == "#[cfg(test)]" {
                test_item = true;
            }
        } else if c.is_alphabetic() || c == '_' {
            let from = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let word: String = chars[from..i].iter().collect();
            let hashes = (i..chars.len()).take_while(|&j| chars[j] == '#').count();
            if matches!(&*word, "r" | "br") && at(i + hashes) == '"' {
                i = string(i + hashes, hashes, true, word == "br");
                last.clear();
            } else if word == "b" && at(i) == '"' {
                i = string(i, 0, false, true);
                last.clear();
            } else if at(i) == '!' {
                last = format!("{word}!");
                i += 1;
            } else {
                last = word;
            }
        } else {
            match c {
                '(' | '[' | '{' => {
                    open.push(if c == '(' {
                        std::mem::take(&mut last)
                    } else {
                        String::new()
                    });
                    if c == '{' && test_item {
                        test_item = false;
                        test_depth = Some(open.len());
                    }
                }
                ')' | ']' | '}' => {
                    if test_depth == Some(open.len()) {
                        test_depth = None;
                    }
                    open.pop();
                }
                ';' if test_item && test_depth.is_none() => test_item = false,
                _ => {}
            }
            if c != ':' && !c.is_whitespace() {
                last.clear();
            }
            i += 1;
        }
    }
    out
}

/// The sentences a Rust file of the web face writes itself: three or more words in a row in a
/// string literal that is not quiet (see [`literals`]), once HTML tags, format arguments,
/// entities and escapes are taken out.
fn sentences_in_code(source: &str) -> Vec<String> {
    let markup =
        Regex::new(r"\\\n\s*|<[^>]*>|<[^>]*$|^[^<]*>|\{[^}]*\}|&[a-z]+;|\\.").expect("markup");
    let words = Regex::new(r"[A-Za-z]+(?:'[a-z]+)?(?: [A-Za-z]+(?:'[a-z]+)?){2,}").expect("words");
    literals(source)
        .into_iter()
        .filter(|(_, quiet)| !quiet)
        .flat_map(|(text, _)| {
            let bare = markup.replace_all(&text, " ").into_owned();
            words
                .find_iter(&bare)
                .map(|m| m.as_str().to_owned())
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The Rust files under `dir`, tests apart (a `tests.rs`, or anything under a `tests` folder).
fn code_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n != "tests") {
                code_files(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs")
            && path.file_name().is_some_and(|n| n != "tests.rs")
        {
            out.push(path);
        }
    }
}

#[test]
fn the_web_face_takes_every_sentence_it_shows_from_a_catalog() {
    let web = Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/src");
    let mut files = Vec::new();
    code_files(&web, &mut files);
    assert!(files.len() >= 10, "{files:?}");
    let mut failures = Vec::new();
    for file in files {
        let source = std::fs::read_to_string(&file).expect("a source file");
        for sentence in sentences_in_code(&source) {
            failures.push(format!("{}: {sentence:?}", file.display()));
        }
    }
    assert!(
        failures.is_empty(),
        "words a reader sees, written in the code instead of a catalog:\n{}",
        failures.join("\n")
    );
}

#[test]
fn a_sentence_in_the_code_is_caught_and_markup_logs_and_tests_are_not() {
    let code = r####"
/// A page "with a quoted doc".
fn page(lang: Language) -> Response {
    // "a comment that is not shown"
    tracing::warn!(error = %e, "cannot learn the application's id for the Activity");
    let html = format!(
        "<main><h1>{title}</h1>\
         <p class=\"plain wide\">{sentence}</p></main>",
    );
    let head = r#"<title>Dama</title><link rel="stylesheet" href="{css}">"#;
    let c = 'x';
    let key = Sha512::new_with_prefix(b"dama web sessions");
    let ok = words::word(lang, "web-busy");
    (StatusCode::SERVICE_UNAVAILABLE, "Discord cannot be reached").into_response()
}

#[cfg(test)]
mod tests {
    fn t() {
        assert_eq!(body, "too many requests at once");
        let said = "a sentence in a test";
    }
}

fn after<'a>(x: &'a str) -> &'static str {
    "too many pages open at once"
}
"####;
    assert_eq!(
        sentences_in_code(code),
        ["Discord cannot be reached", "too many pages open at once"]
    );
}

/// The numbers a Rust file formats by hand for a reader: a format argument with fixed decimals
/// (`{:.0}`, `{x:.2}`), a forced sign (`{:+}`) or zero padding (`{:02}`), outside
/// `numbers.rs`, the one place numbers are written, and outside the file's own tests. `allowed`
/// lists (file name, argument) pairs that are not for a reader.
fn numbers_by_hand(file: &str, source: &str, allowed: &[(&str, &str)]) -> Vec<String> {
    if file == "numbers.rs" {
        return Vec::new();
    }
    let code = source.split("#[cfg(test)]").next().unwrap_or_default();
    let spec = Regex::new(r"\{[A-Za-z_0-9.]*:(?:[<>^]?\+[0-9.]*|0[0-9]+|[<>^]?[0-9]*\.[0-9]+)\}")
        .expect("a pattern");
    spec.find_iter(code)
        .map(|m| m.as_str().to_owned())
        .filter(|found| {
            !allowed
                .iter()
                .any(|(f, arg)| *f == file && found.contains(arg))
        })
        .collect()
}

#[test]
fn every_number_a_reader_sees_is_formatted_in_the_one_place() {
    // Not for a reader: the rating graph's coordinates (SVG geometry), and the page's UTC
    // timestamp, a date and time rather than a number.
    let allowed = [("graph.rs", ".1}"), ("game.rs", ":0")];
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["src", "../web/src", "../discord/src"] {
        code_files(&root.join(dir), &mut files);
    }
    assert!(files.len() >= 40, "{files:?}");
    let mut failures = Vec::new();
    for file in files {
        let source = std::fs::read_to_string(&file).expect("a source file");
        let name = file
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        for found in numbers_by_hand(name, &source, &allowed) {
            failures.push(format!("{}: {found}", file.display()));
        }
    }
    assert!(
        failures.is_empty(),
        "numbers formatted by hand (use dama_words::numbers):\n{}",
        failures.join("\n")
    );
}

#[test]
fn a_number_formatted_by_hand_is_caught() {
    let slips = r#"
        let rating = format!("{:.0}", r.rating);
        let change = format!("({:+.0})", after - before);
        let sb = format!("{}.{:02}", q / 4, q % 4 * 25);
        let eval = format!("{value:.2}");
    "#;
    assert_eq!(
        numbers_by_hand("info.rs", slips, &[]),
        ["{:.0}", "{:+.0}", "{:02}", "{value:.2}"]
    );
    assert!(numbers_by_hand("numbers.rs", slips, &[]).is_empty());
    let fine = r#"format!("{who} {} → {}", a, b); format!("{:>6}", x); format!("{n:>3}")"#;
    assert!(numbers_by_hand("info.rs", fine, &[]).is_empty());
    let tests = "fn f() {}\n#[cfg(test)]\nmod tests { fn g() { format!(\"{:.1}\", 1.0); } }";
    assert!(numbers_by_hand("info.rs", tests, &[]).is_empty());
}

/// The page scripts (`web/front/*.js`, without their checks).
fn scripts() -> Vec<(String, String)> {
    let front = Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/front");
    let mut out: Vec<(String, String)> = std::fs::read_dir(&front)
        .expect("web/front")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "js"))
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("a script");
            (path.display().to_string(), text)
        })
        .collect();
    out.sort();
    out
}

/// What a script shows a reader that no catalog wrote: the browser's own status text of a
/// refusal (English whatever the reader's language), and text that is only a symbol before a
/// value (`` `* ${premove}` ``).
fn shown_without_words(script: &str) -> Vec<String> {
    let status = Regex::new(r"\.statusText\b").expect("a pattern");
    let symbol = Regex::new(r"textContent\s*=\s*`([^`$]*)\$\{").expect("a pattern");
    let mut found: Vec<String> = status
        .find_iter(script)
        .map(|m| m.as_str().to_owned())
        .collect();
    found.extend(
        symbol
            .captures_iter(script)
            .filter_map(|c| c.get(1))
            .map(|m| m.as_str())
            .filter(|text| !text.trim().is_empty() && !text.chars().any(char::is_alphabetic))
            .map(|text| format!("`{text}${{…}}`")),
    );
    found
}

#[test]
fn no_script_shows_a_reader_the_browsers_words_or_a_bare_symbol() {
    let scripts = scripts();
    assert!(scripts.len() >= 8, "{scripts:?}");
    let mut failures = Vec::new();
    for (name, text) in &scripts {
        for found in shown_without_words(text) {
            failures.push(format!("{name}: {found}"));
        }
    }
    assert!(
        failures.is_empty(),
        "shown to a reader without a catalog's words:\n{}",
        failures.join("\n")
    );
}

#[test]
fn the_browsers_status_text_and_a_bare_symbol_are_caught() {
    let slips =
        "text: answer.error || response.statusText });\nli.textContent = `* ${lines.premove}`;";
    assert_eq!(shown_without_words(slips), [".statusText", "`* ${…}`"]);
    let fine = "li.textContent = lines.premove_words;\nn.textContent = `${ply}.`;\nb.textContent = `Move ${n}`;";
    assert!(shown_without_words(fine).is_empty());
}
