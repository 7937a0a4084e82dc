//! Message nonces: validation, and the memory `enforce_nonce` deduplicates against.
//!
//! Discord takes a `nonce` on `POST /channels/{id}/messages` (a string of at most 25
//! characters or an integer) and sends it back on the created message. With
//! `enforce_nonce: true`, a message created by the same author with the same nonce in the past
//! few minutes is answered (200) instead of a new one; if that message has since been deleted,
//! the answer is 404 `Unknown Message` (10008) and nothing is created, which Discord's staff
//! confirmed is intended (discord-api-docs#6647). Without `enforce_nonce`, a repeated nonce
//! creates a new message.
//!
//! The stand-in compares nonces by their text, so `123` and `"123"` are the same nonce, and,
//! as Discord documents, by author only (not by channel).

use std::collections::HashMap;
use std::time::{Duration, Instant};

use serde_json::Value;
use serenity::model::id::{MessageId, UserId};

use crate::rest::Reply;

/// Longest string nonce Discord accepts.
pub const MAX_NONCE_LENGTH: usize = 25;

/// The nonce of a message body in text form (`None` when absent or `null`), or the
/// `400 Invalid Form Body` Discord answers for a bad one.
pub(crate) fn parse(body: &Value) -> Result<Option<String>, Reply> {
    match body.get("nonce") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) if text.chars().count() > MAX_NONCE_LENGTH => {
            Err(Reply::invalid_form(
                "nonce",
                "BASE_TYPE_MAX_LENGTH",
                &format!("Must be {MAX_NONCE_LENGTH} or fewer in length."),
            ))
        }
        Some(Value::String(text)) => Ok(Some(text.clone())),
        Some(Value::Number(number)) if number.is_i64() || number.is_u64() => {
            Ok(Some(number.to_string()))
        }
        Some(_) => Err(Reply::invalid_form(
            "nonce",
            "NONCE_TYPE_INVALID",
            "Nonce must be a string or an integer.",
        )),
    }
}

/// The text form of a message's (or request body's) `nonce`, without validating it.
pub(crate) fn text(value: &Value) -> Option<String> {
    match value.get("nonce")? {
        Value::String(text) => Some(text.clone()),
        Value::Number(number) => Some(number.to_string()),
        _ => None,
    }
}

/// Whether a body asks for deduplication (`enforce_nonce: true`, or `"true"` as a multipart
/// form field).
pub(crate) fn enforced(body: &Value) -> bool {
    match body.get("enforce_nonce") {
        Some(Value::Bool(enforce)) => *enforce,
        Some(Value::String(enforce)) => enforce == "true",
        _ => false,
    }
}

/// A message created with a nonce.
#[derive(Clone, Copy, Debug)]
struct Remembered {
    message: MessageId,
    at: Instant,
}

/// The messages created with a nonce, by author and nonce, for `enforce_nonce`.
#[derive(Debug, Default)]
pub(crate) struct Nonces(HashMap<(UserId, String), Remembered>);

impl Nonces {
    /// The message `author` created with `nonce` less than `window` before `now`.
    pub(crate) fn recent(
        &self,
        author: UserId,
        nonce: &str,
        window: Duration,
        now: Instant,
    ) -> Option<MessageId> {
        self.0
            .get(&(author, nonce.to_owned()))
            .filter(|r| now.saturating_duration_since(r.at) <= window)
            .map(|r| r.message)
    }

    /// Remembers that `author` created `message` with `nonce` at `now`, unless an earlier
    /// message with that nonce is still within `window` (the one a retry gets back).
    pub(crate) fn remember(
        &mut self,
        author: UserId,
        nonce: String,
        message: MessageId,
        window: Duration,
        now: Instant,
    ) {
        if self.recent(author, &nonce, window, now).is_none() {
            self.0
                .insert((author, nonce), Remembered { message, at: now });
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn form_error(body: Value) -> Option<u64> {
        parse(&body).err().and_then(|r| r.body["code"].as_u64())
    }

    #[test]
    fn nonces_are_strings_of_at_most_25_characters_or_integers() {
        assert_eq!(parse(&json!({})).ok(), Some(None));
        assert_eq!(parse(&json!({"nonce": null})).ok(), Some(None));
        let longest = "n".repeat(25);
        assert_eq!(
            parse(&json!({ "nonce": longest })).ok(),
            Some(Some(longest.clone()))
        );
        assert_eq!(parse(&json!({"nonce": 42})).ok(), Some(Some("42".into())));
        assert_eq!(
            parse(&json!({"nonce": u64::MAX})).ok(),
            Some(Some(u64::MAX.to_string()))
        );
        assert_eq!(form_error(json!({"nonce": "n".repeat(26)})), Some(50035));
        assert_eq!(form_error(json!({"nonce": 1.5})), Some(50035));
        assert_eq!(form_error(json!({"nonce": true})), Some(50035));
        assert_eq!(form_error(json!({"nonce": ["a"]})), Some(50035));
    }

    #[test]
    fn enforce_nonce_reads_json_and_form_fields() {
        assert!(enforced(&json!({"enforce_nonce": true})));
        assert!(enforced(&json!({"enforce_nonce": "true"})));
        assert!(!enforced(&json!({"enforce_nonce": false})));
        assert!(!enforced(&json!({})));
    }

    #[test]
    fn a_nonce_is_remembered_per_author_within_the_window() {
        let mut nonces = Nonces::default();
        let (bot, other) = (UserId::new(1), UserId::new(2));
        let window = Duration::from_secs(300);
        let start = Instant::now();
        nonces.remember(bot, "n".into(), MessageId::new(10), window, start);
        let later = start + Duration::from_secs(60);
        assert_eq!(
            nonces.recent(bot, "n", window, later),
            Some(MessageId::new(10))
        );
        assert_eq!(nonces.recent(other, "n", window, later), None);
        assert_eq!(nonces.recent(bot, "m", window, later), None);

        // A second message with the nonce (no enforcement) does not replace the first.
        nonces.remember(bot, "n".into(), MessageId::new(11), window, later);
        assert_eq!(
            nonces.recent(bot, "n", window, later),
            Some(MessageId::new(10))
        );

        // Past the window it is forgotten, and the next message takes its place.
        let much_later = start + Duration::from_secs(301);
        assert_eq!(nonces.recent(bot, "n", window, much_later), None);
        nonces.remember(bot, "n".into(), MessageId::new(12), window, much_later);
        assert_eq!(
            nonces.recent(bot, "n", window, much_later),
            Some(MessageId::new(12))
        );
    }
}
