//! A message not yet sent: its text, files, buttons and whom it may ping. A [`Post`] turns
//! into whichever serenity builder the moment needs (interaction response, follow-up, edit,
//! channel message), cut to Discord's limits on the way.

use serenity::all::{
    CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, CreateMessage, EditAttachments, EditInteractionResponse,
    EditMessage,
};

use dama_service::ids::{GameId, UserId};
use dama_words::i18n::Language;
use dama_words::text;

pub(crate) use dama_words::limits::{ALT_TEXT_LIMIT, CONTENT_LIMIT, cut_to};

/// `$builder` with the content, components and mentions of post `$post`: serenity's message
/// builders all have these three, but no trait in common.
macro_rules! filled {
    ($post:expr, $builder:expr) => {
        $builder
            .content($post.content())
            .components($post.components.clone())
            .allowed_mentions($post.mentions())
    };
}

/// A file attached to a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Attachment {
    /// The file's name.
    pub name: String,
    /// Its contents.
    pub bytes: Vec<u8>,
    /// What a picture shows, in words for a screen reader (alt text, at most 1,024
    /// characters); `None` for a file that is not a picture.
    pub description: Option<String>,
}

impl Attachment {
    /// A file without a description.
    pub(crate) fn file(name: impl Into<String>, bytes: Vec<u8>) -> Attachment {
        Attachment {
            name: name.into(),
            bytes,
            description: None,
        }
    }

    /// A picture described by `description` (see [`alt_text`]).
    pub(crate) fn picture(
        name: impl Into<String>,
        bytes: Vec<u8>,
        description: String,
    ) -> Attachment {
        Attachment {
            description: Some(description),
            ..Attachment::file(name, bytes)
        }
    }

    fn create(&self) -> CreateAttachment {
        let file = CreateAttachment::bytes(self.bytes.clone(), self.name.clone());
        match &self.description {
            Some(description) => file.description(description.clone()),
            None => file,
        }
    }
}

/// A message to send.
#[derive(Debug, Clone, Default)]
pub(crate) struct Post {
    /// The text (cut to Discord's 2000 characters when sent).
    pub content: String,
    /// Attached files, each with its alt text if it is a picture.
    pub files: Vec<Attachment>,
    /// Action rows of buttons and menus.
    pub components: Vec<CreateActionRow>,
    /// The users the message may ping; nobody else is notified, whatever the text says.
    pub pings: Vec<UserId>,
}

impl Post {
    /// A text-only message that pings nobody.
    pub(crate) fn text(content: impl Into<String>) -> Post {
        Post {
            content: content.into(),
            ..Post::default()
        }
    }

    /// This post without its replay, saying so in `lang`: what to send instead when Discord
    /// refuses it as too large. `None` when it carries no replay to leave out.
    pub(crate) fn without_replay(&self, lang: Language) -> Option<Post> {
        let files: Vec<Attachment> = self
            .files
            .iter()
            .filter(|file| !is_replay(&file.name))
            .cloned()
            .collect();
        if files.len() == self.files.len() {
            return None;
        }
        Some(Post {
            content: format!(
                "{}\n{}",
                self.content,
                text::Sentence::ReplayTooLarge.say(lang)
            ),
            files,
            ..self.clone()
        })
    }

    fn content(&self) -> String {
        cut_to(&self.content, CONTENT_LIMIT)
    }

    fn mentions(&self) -> CreateAllowedMentions {
        CreateAllowedMentions::new().users(self.pings.iter().map(|u| u.0))
    }

    fn attachments(&self) -> impl Iterator<Item = CreateAttachment> + '_ {
        self.files.iter().map(Attachment::create)
    }

    /// As an interaction response message (type 4, or the data of an update, type 7).
    pub(crate) fn response(&self, ephemeral: bool) -> CreateInteractionResponseMessage {
        filled!(self, CreateInteractionResponseMessage::new())
            .ephemeral(ephemeral)
            .add_files(self.attachments())
    }

    /// As a follow-up message of an interaction.
    pub(crate) fn followup(&self, ephemeral: bool) -> CreateInteractionResponseFollowup {
        filled!(self, CreateInteractionResponseFollowup::new())
            .ephemeral(ephemeral)
            .add_files(self.attachments())
    }

    /// As the edit that fills a deferred response.
    pub(crate) fn edit(&self) -> EditInteractionResponse {
        self.attachments().fold(
            filled!(self, EditInteractionResponse::new()),
            EditInteractionResponse::new_attachment,
        )
    }

    /// As the new content of a message the bot posted (files are not changed).
    pub(crate) fn message_edit(&self) -> EditMessage {
        filled!(self, EditMessage::new())
    }

    /// As the new content and files of a message the bot posted: its files replace the old
    /// ones (a live board's picture).
    pub(crate) fn message_replacement(&self) -> EditMessage {
        let files = self
            .attachments()
            .fold(EditAttachments::new(), EditAttachments::add);
        filled!(self, EditMessage::new()).attachments(files)
    }

    /// As a message posted in a channel.
    pub(crate) fn message(&self) -> CreateMessage {
        filled!(self, CreateMessage::new()).add_files(self.attachments())
    }
}

/// The file name of game `id`'s replay.
pub(crate) fn replay_name(id: GameId) -> String {
    format!("dama-game-{id}.gif")
}

/// Whether an attached file is a replay: the only GIFs the bot posts.
fn is_replay(name: &str) -> bool {
    name.ends_with(".gif")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_post_without_its_replay_keeps_the_rest_and_says_why() {
        let post = Post {
            content: "**alice (White) wins**".to_owned(),
            files: vec![
                Attachment::file("board.png", vec![1]),
                Attachment::file(replay_name(GameId(7)), vec![2; 100]),
            ],
            pings: vec![UserId(1)],
            ..Post::default()
        };
        let smaller = post
            .without_replay(Language::En)
            .expect("a replay to leave out");
        assert_eq!(smaller.files, [Attachment::file("board.png", vec![1])]);
        assert_eq!(
            smaller.content,
            format!(
                "**alice (White) wins**\n{}",
                text::Sentence::ReplayTooLarge.say(Language::En)
            )
        );
        assert_eq!(smaller.pings, post.pings);
        assert!(
            smaller.without_replay(Language::En).is_none(),
            "nothing more to leave out"
        );
    }

    #[test]
    fn long_content_is_cut_to_discords_limit() {
        let post = Post::text("x".repeat(5000));
        assert_eq!(post.content().chars().count(), CONTENT_LIMIT);
    }

    #[test]
    fn text_longer_than_the_limit_is_cut_to_it() {
        let cut = cut_to(&"x".repeat(2000), 1024);
        assert_eq!(cut.chars().count(), 1024);
        assert!(cut.ends_with('…'));
        assert_eq!(cut_to("short", 5), "short");
    }
}
