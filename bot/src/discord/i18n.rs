//! The players' languages: one Fluent catalog per language and area under `bot/locales/`,
//! compiled into the binary. Everything the bot says goes through [`message`]: a key and its
//! arguments in, a sentence in the reader's language out. A key a language lacks falls back
//! to English (logged once); the catalogs' tests keep that from happening.

use std::collections::HashSet;
use std::sync::{LazyLock, Mutex};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use unic_langid::LanguageIdentifier;

/// A language the bot speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English, the fallback for every other locale.
    #[default]
    En,
    /// Turkish, the reference for the game's own terms.
    Tr,
    /// Spanish (Discord's `es-ES`, and `es-419`).
    Es,
    /// Swedish.
    Sv,
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 4] = [Lang::En, Lang::Tr, Lang::Es, Lang::Sv];

    /// The language for one of Discord's locales (`tr`, `es-ES`, `sv-SE`, …): English for
    /// any locale the bot does not speak.
    #[must_use]
    pub fn from_discord(locale: &str) -> Lang {
        let primary = locale.split(['-', '_']).next().unwrap_or_default();
        match primary.to_ascii_lowercase().as_str() {
            "tr" => Lang::Tr,
            "es" => Lang::Es,
            "sv" => Lang::Sv,
            _ => Lang::En,
        }
    }

    /// The language's code, as stored and as in `bot/locales/<code>/`: `en`, `tr`, `es`, `sv`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Tr => "tr",
            Lang::Es => "es",
            Lang::Sv => "sv",
        }
    }

    /// The language a code names (see [`code`](Self::code)).
    #[must_use]
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.code() == code)
    }

    /// Discord's locales this language is registered under in command localizations (none
    /// for English, the commands' own language).
    #[must_use]
    pub const fn discord_locales(self) -> &'static [&'static str] {
        match self {
            Lang::En => &[],
            Lang::Tr => &["tr"],
            Lang::Es => &["es-ES", "es-419"],
            Lang::Sv => &["sv-SE"],
        }
    }

    /// The catalog files of this language: (file name, text).
    fn sources(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Lang::En => EN,
            Lang::Tr => TR,
            Lang::Es => ES,
            Lang::Sv => SV,
        }
    }
}

/// The catalog files of each language, one per area.
macro_rules! catalogs {
    ($($lang:ident: $code:literal => [$($area:literal),* $(,)?];)*) => {
        $(
            const $lang: &[(&str, &str)] = &[
                $((
                    concat!($code, "/", $area, ".ftl"),
                    include_str!(concat!("../../locales/", $code, "/", $area, ".ftl")),
                )),*
            ];
        )*
    };
}

catalogs! {
    EN: "en" => ["bot", "commands", "game", "board", "errors", "info", "rules", "tournaments", "reviews"];
    TR: "tr" => ["bot", "commands", "game", "board", "errors", "info", "rules", "tournaments", "reviews"];
    ES: "es" => ["bot", "commands", "game", "board", "errors", "info", "rules", "tournaments", "reviews"];
    SV: "sv" => ["bot", "commands", "game", "board", "errors", "info", "rules", "tournaments", "reviews"];
}

/// The bundles of every language, built once.
static BUNDLES: LazyLock<Vec<(Lang, FluentBundle<FluentResource>)>> =
    LazyLock::new(|| Lang::ALL.into_iter().map(|l| (l, bundle(l))).collect());

/// Keys already reported missing, so each is logged once.
static REPORTED: LazyLock<Mutex<HashSet<(Lang, String)>>> = LazyLock::new(Mutex::default);

fn bundle(lang: Lang) -> FluentBundle<FluentResource> {
    let id: LanguageIdentifier = lang.code().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Discord shows text as it is: no Unicode isolation marks around arguments.
    bundle.set_use_isolating(false);
    for (name, text) in lang.sources() {
        let resource =
            FluentResource::try_new((*text).to_owned()).unwrap_or_else(|(res, errors)| {
                tracing::error!(
                    file = name,
                    ?errors,
                    "a catalog has syntax errors; using what parses"
                );
                res
            });
        if let Err(errors) = bundle.add_resource(resource) {
            tracing::error!(file = name, ?errors, "a catalog repeats keys");
        }
    }
    bundle
}

fn bundle_of(lang: Lang) -> &'static FluentBundle<FluentResource> {
    // Every language has its bundle, English first.
    BUNDLES
        .iter()
        .find(|(l, _)| *l == lang)
        .map_or(&BUNDLES[0].1, |(_, b)| b)
}

/// The message `key` in `lang` with `args`; in English when `lang` lacks it (logged once).
#[must_use]
pub fn message(lang: Lang, key: &str, args: Option<&FluentArgs<'_>>) -> String {
    if let Some(text) = format(lang, key, args) {
        return text;
    }
    let first = REPORTED
        .lock()
        .map(|mut seen| seen.insert((lang, key.to_owned())))
        .unwrap_or(false);
    if first {
        tracing::warn!(
            lang = lang.code(),
            key,
            "a message is missing; saying it in English"
        );
    }
    format(Lang::En, key, args).unwrap_or_else(|| {
        tracing::error!(key, "a message is missing in English too");
        key.to_owned()
    })
}

fn format(lang: Lang, key: &str, args: Option<&FluentArgs<'_>>) -> Option<String> {
    let bundle = bundle_of(lang);
    let pattern = bundle.get_message(key)?.value()?;
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, args, &mut errors);
    if !errors.is_empty() {
        tracing::warn!(
            lang = lang.code(),
            key,
            ?errors,
            "a message was formatted with errors"
        );
    }
    Some(text.into_owned())
}

/// `text` with its first letter a capital, by the rules of `lang`: in Turkish a dotted `i`
/// becomes `İ` and a dotless `ı` becomes `I`.
#[must_use]
pub fn capitalise(lang: Lang, text: &str) -> String {
    let mut chars = text.chars();
    let Some(first) = chars.next() else {
        return String::new();
    };
    let rest = chars.as_str();
    match (lang, first) {
        (Lang::Tr, 'i') => format!("İ{rest}"),
        (Lang::Tr, 'ı') => format!("I{rest}"),
        _ => first.to_uppercase().chain(rest.chars()).collect(),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use fluent_syntax::ast;

    use super::*;

    /// Every message of a language with the variables it uses.
    fn messages(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
        let mut out = BTreeMap::new();
        for (name, text) in lang.sources() {
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
        let english = messages(Lang::En);
        assert!(!english.is_empty());
        for lang in [Lang::Tr, Lang::Es, Lang::Sv] {
            let other = messages(lang);
            let missing: Vec<&String> =
                english.keys().filter(|k| !other.contains_key(*k)).collect();
            let extra: Vec<&String> = other.keys().filter(|k| !english.contains_key(*k)).collect();
            assert!(missing.is_empty(), "{}: missing {missing:?}", lang.code());
            assert!(
                extra.is_empty(),
                "{}: not in English {extra:?}",
                lang.code()
            );
            for (key, vars) in &other {
                let unknown: Vec<&String> = vars.difference(&english[key]).collect();
                assert!(
                    unknown.is_empty(),
                    "{}: `{key}` uses {unknown:?}, which English does not pass",
                    lang.code()
                );
            }
        }
    }

    #[test]
    fn discord_locales_map_to_the_languages() {
        assert_eq!(Lang::from_discord("tr"), Lang::Tr);
        assert_eq!(Lang::from_discord("es-ES"), Lang::Es);
        assert_eq!(Lang::from_discord("es-419"), Lang::Es);
        assert_eq!(Lang::from_discord("sv-SE"), Lang::Sv);
        assert_eq!(Lang::from_discord("en-US"), Lang::En);
        assert_eq!(Lang::from_discord("ja"), Lang::En);
        for lang in Lang::ALL {
            assert_eq!(Lang::from_code(lang.code()), Some(lang));
            for locale in lang.discord_locales() {
                assert_eq!(Lang::from_discord(locale), lang);
            }
        }
    }

    #[test]
    fn turkish_capitals_keep_the_dot() {
        assert_eq!(capitalise(Lang::Tr, "iyi oyunlar"), "İyi oyunlar");
        assert_eq!(capitalise(Lang::Tr, "ılık"), "Ilık");
        assert_eq!(capitalise(Lang::En, "it is"), "It is");
        assert_eq!(capitalise(Lang::Tr, ""), "");
    }

    #[test]
    fn a_message_is_formatted_with_its_arguments_and_falls_back_to_english() {
        let mut args = FluentArgs::new();
        args.set("count", 3);
        let tr = message(Lang::Tr, "pieces", Some(&args));
        assert_eq!(tr, "3 taş");
        assert_eq!(message(Lang::En, "pieces", Some(&args)), "3 pieces");
        args.set("count", 1);
        assert_eq!(message(Lang::En, "pieces", Some(&args)), "1 piece");
        assert_eq!(message(Lang::Tr, "no-such-key", None), "no-such-key");
    }
}
