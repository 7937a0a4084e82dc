//! A player's settings and vacations, and a server's default rules.

use dama_rules::Rules;

use crate::discord::app::App;
use crate::discord::args::Args;
use crate::discord::board::Post;
use crate::discord::commands::{NOTATIONS, notation_name, opt};
use crate::discord::interaction::{Failure, Source};
use crate::discord::text::{self, Sentence};
use crate::model::{SettingsUpdate, Theme};
use crate::service::ServiceError;

impl App {
    pub(super) async fn settings(&self, src: &Source<'_>, args: &Args<'_>) -> Result<(), Failure> {
        let notation = args
            .str(opt::NOTATION)
            .map(|word| {
                NOTATIONS
                    .into_iter()
                    .find(|&n| notation_name(n) == word)
                    .ok_or_else(|| Failure::refused(text::unknown_notation(src.lang(), word)))
            })
            .transpose()?;
        let update = SettingsUpdate {
            notation,
            theme: args.parsed::<Theme>(opt::THEME)?,
            flip: args.bool(opt::FLIP),
        };
        let settings = if update == SettingsUpdate::default() {
            self.service.settings(src.user_id()).await?
        } else {
            self.service
                .update_settings(&src.player(), src.place(), update)
                .await?
        };
        let post = Post::text(text::settings(src.lang(), &settings));
        Ok(src.respond_with(&post, true).await?)
    }

    /// `/dama server`: a server's default rules, for those who may manage the server.
    pub(super) async fn server(&self, src: &Source<'_>, args: &Args<'_>) -> Result<(), Failure> {
        let guild = src
            .guild_id()
            .ok_or_else(|| Failure::refused(Sentence::ServerOnly.say(src.lang())))?;
        if !src.manages_server() {
            return Err(Failure::refused(
                Sentence::NeedsManageServer.say(src.lang()),
            ));
        }
        let rules = args
            .parsed::<Rules>(opt::RULES)?
            .ok_or_else(|| Failure::refused(Sentence::ChooseRules.say(src.lang())))?;
        self.service.set_server_rules(guild, rules).await?;
        let post = Post::text(text::server_rules_set(src.public_lang(), rules));
        Ok(src.respond_with(&post, false).await?)
    }

    pub(super) async fn vacation(&self, src: &Source<'_>, args: &Args<'_>) -> Result<(), Failure> {
        let days = args
            .int(opt::DAYS)
            .and_then(|d| u32::try_from(d).ok())
            .ok_or_else(|| Failure::from(ServiceError::InvalidVacationLength))?;
        let status = self
            .service
            .start_vacation(&src.player(), src.place(), days)
            .await?;
        let post = Post::text(text::vacation_started(src.lang(), &status));
        Ok(src.respond_with(&post, true).await?)
    }

    pub(super) async fn vacation_end(&self, src: &Source<'_>) -> Result<(), Failure> {
        let status = self.service.end_vacation(src.user_id()).await?;
        let post = Post::text(text::vacation_ended(src.lang(), &status));
        Ok(src.respond_with(&post, true).await?)
    }
}
