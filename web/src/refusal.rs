//! Every refusal the web answers, in one type: [`Refusal`], which handlers return as their
//! error and the layers' bounds (busy, too large, too slow) answer with too. It is worded in
//! the reader's language (see `lang`) and answered as the asker reads it: the pages' scripts
//! read `{"error": "<the reader's words>", "code": "<a stable code>"}` (and nothing else, so a
//! reader never sees the browser's English "Service Unavailable"); a browser that navigates (it
//! asks for HTML) gets a page of a heading and the same sentence.
//!
//! ```json
//! {"error": "The site is busy: try again in a moment.", "code": "busy"}
//! ```

use std::time::Duration;

use axum::Json;
use axum::extract::{FromRequest, Request};
use axum::http::header::{ACCEPT, RETRY_AFTER};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use dama_rules::notation::Notation;
use dama_service::service::{PuzzleError, ServiceError};
use dama_words::Language;
use dama_words::text::{self, Label, Style};
use serde::Serialize;

use super::{assets, game, lang, words};

/// Why a request was not answered as asked, in the reader's words.
#[derive(Debug)]
#[must_use]
pub(crate) struct Refusal {
    status: StatusCode,
    /// What the refusal is, for scripts and tests that tell refusals apart; never translated.
    code: &'static str,
    lang: Language,
    /// The sentence, in `lang`.
    words: String,
    /// The heading of its page, for a browser that navigates (a Fluent key).
    title: &'static str,
    /// How the asker reads it.
    shape: Shape,
    /// A move that misses a capture: the two buttons that confirm or take it back.
    choice: Option<Box<Choice>>,
    /// How long to wait before asking again (`Retry-After`).
    retry_after: Option<Duration>,
}

/// How a refusal is answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// `{"error": …, "code": …}`, for the pages' scripts.
    Json,
    /// A page, for a browser that navigates; gzipped when the browser takes it.
    Page { gzip: bool },
}

/// The buttons of a move that misses a capture under strict rules.
#[derive(Debug)]
struct Choice {
    confirm: String,
    cancel: String,
}

/// A refusal as the scripts read it.
#[derive(Serialize)]
struct Said<'a> {
    error: &'a str,
    code: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    confirm: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cancel: Option<&'a str>,
}

impl Refusal {
    /// A refusal with `status` and `code`, saying `words` (already in `lang`).
    pub(crate) fn saying(
        status: StatusCode,
        code: &'static str,
        lang: Language,
        words: String,
    ) -> Refusal {
        let title = match status {
            StatusCode::NOT_FOUND => "web-no-page-title",
            _ => "web-failed-title",
        };
        Refusal {
            status,
            code,
            lang,
            words,
            title,
            shape: Shape::Json,
            choice: None,
            retry_after: None,
        }
    }

    /// A refusal with `status` and `code`, saying the catalog's message `key` in `lang`.
    pub(crate) fn new(
        status: StatusCode,
        code: &'static str,
        lang: Language,
        key: &'static str,
    ) -> Refusal {
        Refusal::saying(status, code, lang, words::word(lang, key))
    }

    /// No such thing (404): `key` says what.
    pub(crate) fn not_found(lang: Language, key: &'static str) -> Refusal {
        Refusal::new(StatusCode::NOT_FOUND, "not-found", lang, key)
    }

    /// The request is not one the pages send (400): `key` says why.
    pub(crate) fn bad_request(lang: Language, key: &'static str) -> Refusal {
        Refusal::new(StatusCode::BAD_REQUEST, "bad-request", lang, key)
    }

    /// No session, or one that is over (401): `key` asks to sign in.
    pub(crate) fn signed_out(lang: Language, key: &'static str) -> Refusal {
        Refusal::new(StatusCode::UNAUTHORIZED, "signed-out", lang, key)
    }

    /// A web session's request that its page did not send (403).
    pub(crate) fn forged(lang: Language) -> Refusal {
        Refusal::new(StatusCode::FORBIDDEN, "forged", lang, "web-forged")
    }

    /// The site is busy (503): `key` says so.
    pub(crate) fn busy(lang: Language, key: &'static str) -> Refusal {
        Refusal::new(StatusCode::SERVICE_UNAVAILABLE, "busy", lang, key)
            .retry_after(Duration::from_secs(1))
    }

    /// A body larger than any page sends (413).
    pub(crate) fn too_large(lang: Language) -> Refusal {
        Refusal::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too-large",
            lang,
            "web-too-large",
        )
    }

    /// A body that did not arrive in time (408).
    pub(crate) fn too_slow(lang: Language) -> Refusal {
        Refusal::new(
            StatusCode::REQUEST_TIMEOUT,
            "too-slow",
            lang,
            "web-slow-request",
        )
    }

    /// A failure on the bot's side (500): logged, never shown.
    pub(crate) fn failed(e: &ServiceError, lang: Language) -> Refusal {
        tracing::error!(error = %e, "a web request failed");
        Refusal::failure(lang)
    }

    /// A failure on the bot's side (500), already logged.
    pub(crate) fn failure(lang: Language) -> Refusal {
        Refusal::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "failed",
            lang,
            "generic-failure",
        )
    }

    /// The service's refusal `e`, in words (409, or 403 for one who does not play here), or
    /// the generic failure (500, logged) for an internal error; moves named in `notation`.
    pub(crate) fn of_service(e: &ServiceError, lang: Language, notation: Notation) -> Refusal {
        if e.is_internal() {
            return Refusal::failed(e, lang);
        }
        let (status, code) = match e {
            ServiceError::NotAParticipant | ServiceError::Puzzle(PuzzleError::NotMember) => {
                (StatusCode::FORBIDDEN, "not-allowed")
            }
            _ => (StatusCode::CONFLICT, "refused"),
        };
        Refusal::saying(
            status,
            code,
            lang,
            text::explain_in(Style::Plain, lang, notation, e),
        )
    }

    /// A move that misses a capture under strict rules (409): the question, and the buttons
    /// that play it and lose or choose another move.
    pub(crate) fn missed_capture(lang: Language, question: String) -> Refusal {
        Refusal {
            choice: Some(Box::new(Choice {
                confirm: Label::PlayAndLose.say(lang),
                cancel: Label::ChooseAnother.say(lang),
            })),
            ..Refusal::saying(StatusCode::CONFLICT, "missed-capture", lang, question)
        }
    }

    /// The same, to be asked again after `wait` (`Retry-After`, in whole seconds, at least one).
    pub(crate) fn retry_after(self, wait: Duration) -> Refusal {
        Refusal {
            retry_after: Some(wait),
            ..self
        }
    }

    /// The same, its page (for a browser that navigates) headed by the message `title`.
    pub(crate) fn titled(self, title: &'static str) -> Refusal {
        Refusal { title, ..self }
    }

    /// The same, its words without the catalogs' marks (`**`, backticks), for a page that shows
    /// them as they are.
    pub(crate) fn unmarked(self) -> Refusal {
        let words = self.words.replace("**", "").replace('`', "");
        Refusal { words, ..self }
    }

    /// The same, answered as the request with `headers` reads it: a page for a browser that
    /// navigates (it asks for HTML), JSON for every script.
    pub(crate) fn shaped_for(self, headers: &HeaderMap) -> Refusal {
        let navigates = headers
            .get(ACCEPT)
            .and_then(|accept| accept.to_str().ok())
            .is_some_and(|accept| accept.contains("text/html"));
        if navigates {
            self.page_for(headers)
        } else {
            Refusal {
                shape: Shape::Json,
                ..self
            }
        }
    }

    /// The same, answered as a page (the request with `headers` navigated to an address).
    pub(crate) fn page_for(self, headers: &HeaderMap) -> Refusal {
        let gzip = assets::accepts_gzip(headers);
        Refusal {
            shape: Shape::Page { gzip },
            ..self
        }
    }
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        let mut response = match self.shape {
            Shape::Json => {
                let said = Said {
                    error: &self.words,
                    code: self.code,
                    confirm: self.choice.as_ref().map(|c| c.confirm.as_str()),
                    cancel: self.choice.as_ref().map(|c| c.cancel.as_str()),
                };
                (self.status, Json(said)).into_response()
            }
            Shape::Page { gzip } => {
                let title = words::word(self.lang, self.title);
                let mut page = game::plain_page_of(self.lang, &title, &self.words, gzip);
                *page.status_mut() = self.status;
                page
            }
        };
        if let Some(wait) = self.retry_after {
            let seconds = wait.as_secs().max(1);
            response
                .headers_mut()
                .insert(RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

/// A `POST`'s body, as a route reads it (at most what the route's `DefaultBodyLimit` allows):
/// a larger one is refused as [`Refusal::too_large`], in the browser's language, like the
/// bodies the face's bound refuses before (see `body`).
#[derive(Debug)]
pub(crate) struct Sent(pub(crate) axum::body::Bytes);

impl<S: Send + Sync> FromRequest<S> for Sent {
    type Rejection = Refusal;

    async fn from_request(request: Request, state: &S) -> Result<Sent, Refusal> {
        let lang = lang::of_request(request.headers());
        match axum::body::Bytes::from_request(request, state).await {
            Ok(bytes) => Ok(Sent(bytes)),
            Err(rejected) if rejected.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                Err(Refusal::too_large(lang))
            }
            Err(_) => Err(Refusal::bad_request(lang, "web-bad-action")),
        }
    }
}
