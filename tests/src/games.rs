//! A game started the way a member starts one, for benchmarks and tests that need a game with
//! a page: a challenge through `/dama challenge`, accepted with its button, and the first board
//! posted in the game's thread with the link to the game's page.

use serenity::all::{ChannelId, MessageId};

use crate::{FakeDiscord, FakeUser, SlashCommand};

impl FakeDiscord {
    /// Starts a game, `white` against `black` with no clock, through the bot; the game's thread
    /// and its page's token, read from the link on the first board (under `public_url`).
    ///
    /// # Panics
    /// When the bot does not answer the challenge, offers no Accept button, or posts no first
    /// board linking to the page.
    pub async fn start_game_with_page(
        &self,
        white: &FakeUser,
        black: &FakeUser,
        public_url: &str,
    ) -> (ChannelId, String) {
        let challenge = SlashCommand::new("dama")
            .subcommand("challenge")
            .option("opponent", black)
            .option("color", "white")
            .option("time", "none");
        let interaction = self.dispatch_slash_command(&self.in_guild(white), &challenge);
        let answer = self
            .wait_for_interaction_response(interaction)
            .await
            .expect("the challenge is answered");
        let accept = answer
            .custom_ids()
            .into_iter()
            .find(|id| id.starts_with("dama:accept:"))
            .expect("an Accept button")
            .to_owned();
        let message: MessageId = self
            .original_response_id(interaction)
            .expect("the challenge message");
        self.dispatch_button(&self.in_guild(black), message, &accept)
            .expect("the Accept button");
        let thread = ChannelId::new(message.get());
        let path = format!("/channels/{thread}/messages");
        let board = self
            .wait_for_request("the first board", |r| {
                r.method == "POST" && r.api_path() == path
            })
            .await
            .expect("the first board");
        let prefix = format!("{}/game/", public_url.trim_end_matches('/'));
        let token = board
            .components()
            .iter()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .filter_map(|c| c["url"].as_str().map(str::to_owned))
            .find_map(|url| url.strip_prefix(&prefix).map(str::to_owned))
            .expect("the first board links to the game's page");
        (thread, token)
    }
}
