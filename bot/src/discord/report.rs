//! Answering a failed interaction: the reason for a refusal, a generic sentence (and a log
//! line) for the bot's own failures.

use super::app::App;
use super::interaction::{Failure, Source};
use super::text;

impl App {
    /// Answers a failed interaction: the reason for a refusal, a generic sentence (and a log
    /// line) for the bot's own failures.
    pub(crate) async fn report(&self, src: &Source<'_>, what: &str, failure: Failure) {
        let words = match &failure {
            Failure::Refused(words) => words.clone(),
            Failure::Service(e) if !e.is_internal() => text::explain(e),
            // Discord calls come after the service's: what the player did is already saved.
            Failure::Discord(e) => {
                tracing::error!(error = %e, action = what, user = %src.user_id(), "discord refused an answer");
                text::DISCORD_FAILURE.to_owned()
            }
            internal => {
                tracing::error!(error = %internal, action = what, user = %src.user_id(), "interaction failed");
                text::GENERIC_FAILURE.to_owned()
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
