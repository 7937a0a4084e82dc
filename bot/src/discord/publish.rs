//! The response protocol of a game's public messages: the interaction's own answer when the
//! actor is in the game's channel (deferred first when drawing takes a while), a channel
//! message anywhere else.

use std::future::Future;

use super::app::App;
use super::board::Post;
use super::interaction::{Failure, Source};
use super::retry::retrying;
use super::text;
use crate::ids::ChannelId;

fn serenity_channel(id: ChannelId) -> serenity::all::ChannelId {
    serenity::all::ChannelId::new(id.0)
}

impl App {
    /// Sends the public message of an action on a game. In the game's channel it is the answer
    /// to the interaction (deferred first when `slow`: an engine search or a replay); anywhere
    /// else the actor is told where the game is and the message goes there.
    pub(crate) async fn publish(
        &self,
        src: &Source<'_>,
        channel: ChannelId,
        slow: bool,
        make: impl Future<Output = Result<Post, Failure>>,
    ) -> Result<(), Failure> {
        if src.channel_id() == channel {
            if src.responded() {
                let post = make.await?;
                src.followup(post.followup(false)).await?;
            } else if slow {
                src.defer().await?;
                let post = make.await?;
                src.edit(post.edit()).await?;
            } else {
                let post = make.await?;
                src.respond_with(&post, false).await?;
            }
        } else {
            if !src.responded() {
                src.tell(&text::game_goes_on_in(channel)).await?;
            }
            let post = make.await?;
            retrying("game message", || {
                serenity_channel(channel).send_message(src.http(), post.message())
            })
            .await?;
        }
        Ok(())
    }
}
