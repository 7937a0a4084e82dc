//! The public side of an action on a game. The service has already written what must be said
//! (its notices, in the outbox); here the interaction carries those notices as its own answer
//! when the actor is in the game's channel and nothing older is still waiting. Otherwise, or
//! when the answer fails or comes too late, the delivery worker posts them in order. Either
//! way, a result Discord refuses as too large goes again without its replay.

use super::app::{App, game_channel};
use super::interaction::{Failure, Source};
use super::post::Post;
use super::retry::is_too_large;
use dama_service::service::{Delivery, GameView, MoveOutcome, NoticeId, PendingNotice};
use dama_words::i18n::Language;
use dama_words::text::{self, Sentence};

impl App {
    /// Tells what the last action on `view` caused: the computer replies first when it is to
    /// move; then the game's new notices go out as the interaction's answer (deferred first
    /// when `slow`: an engine search or a replay), or through the delivery worker.
    pub(crate) async fn publish(
        &self,
        src: &Source<'_>,
        view: &GameView,
        slow: bool,
    ) -> Result<(), Failure> {
        self.publish_claimed(src, view, slow, None).await
    }

    /// [`publish`](Self::publish), with the news the action claimed for its answer as it was
    /// written, if it did (`answering`): no second write to claim it.
    async fn publish_claimed(
        &self,
        src: &Source<'_>,
        view: &GameView,
        slow: bool,
        answering: Option<Box<PendingNotice>>,
    ) -> Result<(), Failure> {
        let channel = game_channel(view);
        let here = src.channel_id() == channel;
        if !here && !src.responded() {
            src.tell(&text::game_goes_on_in(src.lang(), channel))
                .await?;
        } else if here && slow && !src.responded() {
            src.defer().await?;
        }
        self.service.computer_reply(view).await?;
        // The answer message itself carries the news (not a follow-up): its token goes with
        // the claim, so that should this bot die before recording it, the answer is looked up
        // before the news is posted again.
        let notices = match answering {
            Some(claimed) => vec![*claimed],
            None => {
                let carrier = (here && (src.deferred() || !src.responded())).then(|| src.token());
                self.service.claim_answer(view.id, carrier).await?
            }
        };
        let ids: Vec<NoticeId> = notices.iter().map(|n| n.id).collect();
        let Some(&last) = ids.last() else {
            // Older notices wait for the worker: they go first, in order, and these after them.
            self.hand_over(view).await?;
            return if here { self.done(src).await } else { Ok(()) };
        };
        let told = match self
            .tell_notices(
                &notices.iter().map(|n| &n.notice).collect::<Vec<_>>(),
                Some(src.public_lang()),
            )
            .await
        {
            Ok(Some(told)) => told,
            other => {
                if let Err(e) = other {
                    tracing::error!(game = %view.id, error = %e, "cannot tell a game's news; the worker tries again");
                }
                self.give_back(&ids).await?;
                return if here { self.done(src).await } else { Ok(()) };
            }
        };
        let sent = if here {
            self.answer_fitting(src, &told.post, told.lang)
                .await
                .map(|m| (Delivery::Interaction, m))
        } else {
            // Posted at once in the game's channel, by the worker's own path.
            self.send_told(src.http(), &told, last.0, None)
                .await
                .map_err(|_| Failure::refused(Sentence::BoardFollows.say(src.lang())))
        };
        match sent {
            Ok((via, message)) => {
                self.service.notices_delivered(&ids, via, message).await?;
                // The player to move hears of their turn by DM too, after the public post.
                if via != Delivery::DirectMessage
                    && let Some(news) = notices.last()
                {
                    self.turn_by_dm(src.http(), &news.notice, last.0, Some(view))
                        .await;
                }
                Ok(())
            }
            Err(e) => {
                // Too late (Discord's 3 seconds), or Discord failed: the worker posts it.
                tracing::warn!(game = %view.id, error = %e, "the news of a game goes out through the outbox");
                self.give_back(&ids).await?;
                if here { Err(e) } else { Ok(()) }
            }
        }
    }

    /// [`answer`](Self::answer); when Discord refuses `post` as too large, again without its
    /// replay, saying so in `lang`.
    async fn answer_fitting(
        &self,
        src: &Source<'_>,
        post: &Post,
        lang: Language,
    ) -> Result<Option<u64>, Failure> {
        match self.answer(src, post).await {
            Err(Failure::Discord(e)) if is_too_large(&e) => {
                let Some(smaller) = post.without_replay(lang) else {
                    return Err(Failure::Discord(e));
                };
                tracing::warn!(error = %e, "discord refused a replay as too large; the result goes without it");
                self.answer(src, &smaller).await
            }
            other => other,
        }
    }

    /// Answers the interaction with `post` (filling in a deferred answer, or following up one
    /// already given); the message id when Discord says it.
    async fn answer(&self, src: &Source<'_>, post: &Post) -> Result<Option<u64>, Failure> {
        Ok(if src.deferred() {
            Some(src.edit(post.edit()).await?.id.get())
        } else if src.responded() {
            Some(src.followup(post.followup(false)).await?.id.get())
        } else {
            src.respond_with(post, false).await?;
            None
        })
    }

    /// Gives notices back to the delivery worker, and wakes it.
    async fn give_back(&self, ids: &[NoticeId]) -> Result<(), Failure> {
        self.service.release_notices(ids).await?;
        self.wake.notify_one();
        Ok(())
    }

    /// After a move: its board (after the computer's reply, if it is to move), or the end.
    pub(crate) async fn after_move(
        &self,
        src: &Source<'_>,
        outcome: MoveOutcome,
    ) -> Result<(), Failure> {
        let slow = outcome.ended.is_some() || outcome.game.engine_to_move().is_some();
        self.publish_claimed(src, &outcome.game, slow, outcome.answering)
            .await
    }

    /// After a game ended without a move (resignation, agreed draw): its result and replay.
    pub(crate) async fn after_end(&self, src: &Source<'_>, view: &GameView) -> Result<(), Failure> {
        self.publish(src, view, true).await
    }

    /// After a change that is no move (a takeback, an offer and its answer).
    pub(crate) async fn after_change(
        &self,
        src: &Source<'_>,
        view: &GameView,
    ) -> Result<(), Failure> {
        self.publish(src, view, view.engine_to_move().is_some())
            .await
    }

    /// Leaves the game's notices to the delivery worker, at once.
    async fn hand_over(&self, view: &GameView) -> Result<(), Failure> {
        self.service.hand_over(view.id).await?;
        self.wake.notify_one();
        Ok(())
    }

    /// Nothing for the answer to carry (the worker has it): a short word for the actor.
    async fn done(&self, src: &Source<'_>) -> Result<(), Failure> {
        let deferred = src.deferred();
        if deferred {
            src.delete_original().await?;
        }
        if deferred || !src.responded() {
            src.tell(&Sentence::BoardFollows.say(src.lang())).await?;
        }
        Ok(())
    }
}
