//! The players' languages: one Fluent catalog per language and area under `words/locales/`,
//! compiled into the binary. Everything the bot says goes through [`message`]: a key and its
//! arguments in, a sentence in the reader's language out. A key a language lacks falls back
//! to English (logged once); the catalogs' tests keep that from happening.

use std::collections::HashSet;
use std::sync::{LazyLock, Mutex};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

pub use dama_service::service::Language;

/// Discord's locales `language` is registered under in command localizations (none for
/// English, the commands' own language).
#[must_use]
pub const fn discord_locales(language: Language) -> &'static [&'static str] {
    match language {
        Language::En => &[],
        Language::Tr => &["tr"],
        Language::Es => &["es-ES", "es-419"],
        Language::Sv => &["sv-SE"],
    }
}

/// The catalog files of `language`: (file name, text).
fn sources(language: Language) -> &'static [(&'static str, &'static str)] {
    match language {
        Language::En => EN,
        Language::Tr => TR,
        Language::Es => ES,
        Language::Sv => SV,
    }
}

/// The catalog files of each language, one per area.
macro_rules! catalogs {
    ($($lang:ident: $code:literal => [$($area:literal),* $(,)?];)*) => {
        $(
            const $lang: &[(&str, &str)] = &[
                $((
                    concat!($code, "/", $area, ".ftl"),
                    include_str!(concat!("../locales/", $code, "/", $area, ".ftl")),
                )),*
            ];
        )*
    };
}

catalogs! {
    EN: "en" => ["bot", "commands", "game", "board", "errors", "info", "rules", "tournaments", "reviews", "web", "community", "puzzles", "home"];
    TR: "tr" => ["bot", "commands", "game", "board", "errors", "info", "rules", "tournaments", "reviews", "web", "community", "puzzles", "home"];
    ES: "es" => ["bot", "commands", "game", "board", "errors", "info", "rules", "tournaments", "reviews", "web", "community", "puzzles", "home"];
    SV: "sv" => ["bot", "commands", "game", "board", "errors", "info", "rules", "tournaments", "reviews", "web", "community", "puzzles", "home"];
}

/// The bundles of every language, built once.
static BUNDLES: LazyLock<Vec<(Language, FluentBundle<FluentResource>)>> =
    LazyLock::new(|| Language::ALL.into_iter().map(|l| (l, bundle(l))).collect());

/// Keys already reported missing, so each is logged once.
static REPORTED: LazyLock<Mutex<HashSet<(Language, String)>>> = LazyLock::new(Mutex::default);

fn bundle(lang: Language) -> FluentBundle<FluentResource> {
    let id: LanguageIdentifier = lang.name().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Discord shows text as it is: no Unicode isolation marks around arguments.
    bundle.set_use_isolating(false);
    // Every number a message writes, written as its language writes numbers.
    bundle.set_formatter(Some(match lang {
        Language::En => number::<0, _>,
        Language::Tr => number::<1, _>,
        Language::Es => number::<2, _>,
        Language::Sv => number::<3, _>,
    }));
    for (name, text) in sources(lang) {
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

/// The bundles' formatter for the language `Language::ALL[L]` (a plain function each, as
/// Fluent's formatter hook takes no state).
fn number<const L: usize, M>(value: &FluentValue<'_>, _: &M) -> Option<String> {
    crate::numbers::fluent(Language::ALL[L], value)
}

fn bundle_of(lang: Language) -> &'static FluentBundle<FluentResource> {
    // Every language has its bundle, English first.
    BUNDLES
        .iter()
        .find(|(l, _)| *l == lang)
        .map_or(&BUNDLES[0].1, |(_, b)| b)
}

/// The message `key` in `lang` with `args`; in English when `lang` lacks it (logged once).
#[must_use]
pub fn message(lang: Language, key: &str, args: Option<&FluentArgs<'_>>) -> String {
    if let Some(text) = format(lang, key, args) {
        return text;
    }
    let first = REPORTED
        .lock()
        .map(|mut seen| seen.insert((lang, key.to_owned())))
        .unwrap_or(false);
    if first {
        tracing::warn!(
            lang = lang.name(),
            key,
            "a message is missing; saying it in English"
        );
    }
    format(Language::En, key, args).unwrap_or_else(|| {
        tracing::error!(key, "a message is missing in English too");
        key.to_owned()
    })
}

fn format(lang: Language, key: &str, args: Option<&FluentArgs<'_>>) -> Option<String> {
    let bundle = bundle_of(lang);
    let pattern = bundle.get_message(key)?.value()?;
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, args, &mut errors);
    if !errors.is_empty() {
        tracing::warn!(
            lang = lang.name(),
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
pub fn capitalise(lang: Language, text: &str) -> String {
    let mut chars = text.chars();
    let Some(first) = chars.next() else {
        return String::new();
    };
    let rest = chars.as_str();
    match (lang, first) {
        (Language::Tr, 'i') => format!("İ{rest}"),
        (Language::Tr, 'ı') => format!("I{rest}"),
        _ => first.to_uppercase().chain(rest.chars()).collect(),
    }
}

#[cfg(any(test, feature = "testing"))]
pub mod catalog;

#[cfg(test)]
mod tests;
