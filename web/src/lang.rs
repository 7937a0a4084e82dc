//! The reader's language: the service's rule (`GameService::reader_language`: the language a
//! signed-in member chose, else their Discord locale as last seen), with the browser's
//! `Accept-Language` as the language of everyone else: the first of the bot's languages the
//! browser names, by its preference; English when it names none. Every page, state and
//! refusal the web sends is worded by [`Web::language`] or [`Web::request_language`].

use axum::http::HeaderMap;
use axum::http::header::{ACCEPT_LANGUAGE, AUTHORIZATION};
use axum_extra::extract::cookie::SignedCookieJar;
use dama_service::ids::UserId;

use super::Web;
use dama_words::Language;

impl Web {
    /// The language of `reader` (a signed-in member, or `None`) asking with `headers`.
    pub(crate) async fn language(&self, reader: Option<UserId>, headers: &HeaderMap) -> Language {
        let browser = of_request(headers);
        if reader.is_none() {
            return browser;
        }
        match self.service().reader_language(reader, browser).await {
            Ok(lang) => lang,
            Err(e) => {
                tracing::warn!(error = %e, "cannot read a member's language for a page");
                browser
            }
        }
    }

    /// The language of whoever sent `headers`: the member their session names (the Activity's
    /// bearer, else the web's cookie), or the browser's for someone not signed in.
    pub(crate) async fn request_language(&self, headers: &HeaderMap) -> Language {
        let viewer = if headers.contains_key(AUTHORIZATION) {
            self.bearer(headers).await
        } else if headers.contains_key(axum::http::header::COOKIE) {
            self.reader(&SignedCookieJar::from_headers(headers, self.key()))
                .await
        } else {
            None
        };
        self.language(viewer.map(|v| v.user), headers).await
    }
}

/// How much of the header is read: a browser sends a few dozen bytes; the rest of a longer
/// header is ignored rather than parsed.
const MAX_READ: usize = 512;

/// The language of a request's reader.
pub(crate) fn of_request(headers: &HeaderMap) -> Language {
    headers
        .get(ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .map_or(Language::En, preferred)
}

/// The bot's language `accept` (an `Accept-Language` value) prefers: its ranges by weight
/// (`q`), the first listed winning a tie; a range matches by its primary subtag.
pub(crate) fn preferred(accept: &str) -> Language {
    let accept = match accept.char_indices().nth(MAX_READ) {
        Some((cut, _)) => &accept[..cut],
        None => accept,
    };
    let mut best: Option<(u16, Language)> = None;
    for range in accept.split(',') {
        let mut parts = range.split(';');
        let tag = parts.next().unwrap_or_default().trim();
        let weight = parts
            .find_map(|p| p.trim().strip_prefix("q="))
            .map_or(Some(1000), weight);
        let (Some(weight), Some(lang)) = (weight, language(tag)) else {
            continue;
        };
        if weight > 0 && best.is_none_or(|(w, _)| weight > w) {
            best = Some((weight, lang));
        }
    }
    best.map_or(Language::En, |(_, lang)| lang)
}

/// One of the bot's languages by a language range's primary subtag.
fn language(tag: &str) -> Option<Language> {
    let primary = tag.split(['-', '_']).next().unwrap_or_default();
    Language::ALL
        .into_iter()
        .find(|l| l.name().eq_ignore_ascii_case(primary))
}

/// A `q` value in thousandths (`0.8` is 800), if it is one (0 to 1, at most three decimals).
fn weight(q: &str) -> Option<u16> {
    let (whole, fraction) = q.split_once('.').unwrap_or((q, ""));
    if fraction.len() > 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let thousandths = format!("{fraction:0<3}").parse::<u16>().ok()?;
    match whole {
        "0" => Some(thousandths),
        "1" if thousandths == 0 => Some(1000),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_browsers_first_language_the_bot_speaks_wins_by_weight() {
        for (header, lang) in [
            ("tr-TR,tr;q=0.9,en-US;q=0.8,en;q=0.7", Language::Tr),
            ("de-DE,de;q=0.9,es;q=0.5,sv;q=0.4", Language::Es),
            ("en;q=0.5, sv-SE", Language::Sv),
            ("SV", Language::Sv),
            ("es;q=0, tr;q=0.1", Language::Tr),
            ("de, fr", Language::En),
            ("", Language::En),
            ("*", Language::En),
        ] {
            assert_eq!(preferred(header), lang, "{header}");
        }
    }

    #[test]
    fn odd_headers_fall_back_to_english_without_panicking() {
        let long = "x-".repeat(10_000) + ",tr";
        for header in [
            ";;;,,,",
            "tr;q=2",
            "tr;q=0.12345",
            "tr;q=-1",
            "tr;q=",
            "tr;q=.5x",
            "ı;q=0.5",
            long.as_str(),
        ] {
            assert_eq!(preferred(header), Language::En, "{header:.40}");
        }
        assert_eq!(preferred("tr;q=0.5é,sv;q=0.4"), Language::Sv);
    }
}
