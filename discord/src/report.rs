//! Answering a failed interaction: the reason for a refusal, a generic sentence (and a log
//! line) for the bot's own failures.

use dama_rules::notation::Notation;

use super::app::App;
use super::interaction::{Failure, Source};
use super::monitor::Outcome;
use dama_service::service::ServiceError;
use dama_words::text::{self, Sentence};

impl App {
    /// Answers a failed interaction: the reason for a refusal, a generic sentence (and a log
    /// line) for the bot's own failures.
    pub(crate) async fn report(&self, src: &Source<'_>, what: &str, failure: Failure) {
        let lang = src.lang();
        src.set_outcome(if failure.is_internal() {
            Outcome::Failed
        } else {
            Outcome::Refused
        });
        let words = match &failure {
            Failure::Refused(words) => words.clone(),
            Failure::Service(e) if !e.is_internal() => {
                // Only a refused move or line names squares: those need the reader's notation.
                let notation = match e {
                    ServiceError::Move(_)
                    | ServiceError::MissedCapture { .. }
                    | ServiceError::Conditional(_) => self
                        .service
                        .settings(src.user_id())
                        .await
                        .map(|s| s.notation)
                        .unwrap_or_default(),
                    _ => Notation::default(),
                };
                text::explain(lang, notation, e)
            }
            // Discord calls come after the service's: what the player did is already saved.
            Failure::Discord(e) => {
                tracing::error!(error = %e, action = what, user = %src.user_id(), "discord refused an answer");
                Sentence::DiscordFailure.say(lang)
            }
            internal => {
                tracing::error!(error = %internal, action = what, user = %src.user_id(), "interaction failed");
                Sentence::GenericFailure.say(lang)
            }
        };
        if !failure.is_internal() {
            tracing::debug!(action = what, user = %src.user_id(), reason = %words, "refused");
        }
        // A public "thinking…" that will never be filled in is removed before explaining.
        if src.deferred()
            && let Err(e) = src.delete_original().await
        {
            tracing::warn!(error = %e, "cannot remove a deferred answer");
        }
        if let Err(e) = src.tell(&words).await {
            tracing::warn!(error = %e, action = what, "cannot answer an interaction");
        }
    }
}
