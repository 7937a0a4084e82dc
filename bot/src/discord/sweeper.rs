//! Delivery of what the service's sweeper finds: deadline reminders, losses on time and
//! expired challenges, as messages in the game's thread or channel.

use std::sync::Arc;

use serenity::all::Http;
use tokio::sync::mpsc;

use super::app::{App, game_channel};
use super::board::Post;
use super::retry::retrying;
use super::text;
use crate::ids::ChannelId;
use crate::service::Event;

impl App {
    /// Posts each event as it arrives, until the sweeper stops.
    pub(crate) async fn deliver_events(
        self: Arc<App>,
        http: Arc<Http>,
        mut events: mpsc::Receiver<Event>,
    ) {
        while let Some(event) = events.recv().await {
            let (channel, post) = match self.event_post(event).await {
                Ok(delivery) => delivery,
                Err(e) => {
                    tracing::error!(error = %e, "cannot prepare a sweeper message");
                    continue;
                }
            };
            let target = serenity::all::ChannelId::new(channel.0);
            let sent = retrying("sweeper message", || {
                target.send_message(&http, post.message())
            });
            if let Err(e) = sent.await {
                // The channel may be gone or closed to the bot; the game itself is settled.
                tracing::warn!(channel = %channel, error = %e, "cannot deliver a sweeper message");
            }
        }
    }

    async fn event_post(
        &self,
        event: Event,
    ) -> Result<(ChannelId, Post), super::interaction::Failure> {
        Ok(match event {
            Event::Reminder {
                game,
                user,
                deadline,
            } => {
                let post = Post {
                    content: text::reminder(&game, user, deadline),
                    pings: vec![user],
                    ..Post::default()
                };
                (game_channel(&game), post)
            }
            Event::TimedOut { game, end, .. } => {
                let viewpoint = self.public_viewpoint(&game).await?;
                let post = self.end_post(&game, &end, viewpoint, &[]).await?;
                (game_channel(&game), post)
            }
            Event::ChallengeExpired(challenge) => {
                let post = Post::text(text::challenge_expired(&challenge));
                (challenge.place.channel, post)
            }
        })
    }
}
