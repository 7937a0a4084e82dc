//! A player's settings and vacations, and a server's settings: its default rules and
//! language, and whether its community pages are on.

use dama_rules::Rules;
use dama_rules::notation::Notation;

use crate::app::App;
use crate::args::Args;
use crate::commands::{AUTO_LANGUAGE, WebSwitch, opt};
use crate::interaction::{Failure, Source};
use crate::post::Post;
use dama_service::links::CommunityPage;
use dama_service::model::{Notify, SettingsUpdate, Theme};
use dama_service::service::{ChampionTitle, ServiceError};
use dama_words::i18n::Language;
use dama_words::say;
use dama_words::text::{self, Sentence};

impl App {
    pub(super) async fn settings(&self, src: &Source<'_>, args: &Args<'_>) -> Result<(), Failure> {
        let notation = args
            .str(opt::NOTATION)
            .map(|word| {
                Notation::named(word)
                    .ok_or_else(|| Failure::refused(text::unknown_notation(src.lang(), word)))
            })
            .transpose()?;
        let update = SettingsUpdate {
            notation,
            theme: args.parsed::<Theme>(opt::THEME)?,
            white_below: args.bool(opt::FLIP).map(|own_side| !own_side),
            notify: args.parsed::<Notify>(opt::NOTIFY)?,
        };
        let language = chosen_language(src.lang(), args)?;
        let settings = if update == SettingsUpdate::default() && language.is_none() {
            self.service.settings(src.user_id()).await?
        } else {
            self.service
                .update_settings(&src.player(), src.place(), update)
                .await?
        };
        // The answer is already in the language just chosen.
        let mut lang = src.lang();
        let mut lines = Vec::new();
        if let Some(choice) = language {
            self.service
                .set_player_language(src.user_id(), choice)
                .await?;
            lang = src.lang_choosing(choice);
            lines.push(text::language_set(lang, choice.is_some()));
        }
        lines.push(text::settings(lang, &settings));
        Ok(src
            .respond_with(&Post::text(lines.join("\n")), true)
            .await?)
    }

    /// `/dama server`: a server's default rules and language, and whether its community pages
    /// are on, for those who may manage the server.
    pub(super) async fn server(&self, src: &Source<'_>, args: &Args<'_>) -> Result<(), Failure> {
        let guild = src
            .guild_id()
            .ok_or_else(|| Failure::refused(Sentence::ServerOnly.say(src.lang())))?;
        let rules = args.parsed::<Rules>(opt::RULES)?;
        let language = chosen_language(src.lang(), args)?;
        let web = match args.str(opt::WEB) {
            None => None,
            Some(word) => Some(
                WebSwitch::of(word)
                    .ok_or_else(|| Failure::refused(text::unknown_choice(src.lang(), word)))?,
            ),
        };
        let puzzles_chosen = args.channel(opt::PUZZLE_CHANNEL).is_some()
            || args.int(opt::PUZZLE_HOUR).is_some()
            || args.str(opt::DAILY_PUZZLE).is_some();
        let roles = [
            (ChampionTitle::Arena, args.role(opt::ARENA_ROLE)),
            (ChampionTitle::Season, args.role(opt::LEADER_ROLE)),
        ];
        let roles_chosen = roles.iter().any(|(_, role)| role.is_some());
        if rules.is_none()
            && language.is_none()
            && web.is_none()
            && !puzzles_chosen
            && !roles_chosen
        {
            return Err(Failure::refused(Sentence::ChooseRules.say(src.lang())));
        }
        // The answer is in the server's language as it is now (the one just chosen).
        let mut lang = src.public_lang();
        let mut lines = Vec::new();
        if let Some(choice) = language {
            self.service
                .set_server_language(guild, src.authority(), choice)
                .await?;
            lang = src.public_lang_choosing(choice);
            lines.push(text::server_language_set(lang, choice.is_some()));
        }
        if let Some(rules) = rules {
            self.service
                .set_server_rules(guild, src.authority(), rules)
                .await?;
            lines.push(text::server_rules_set(lang, rules));
        }
        if let Some(switch) = web {
            let on = switch == WebSwitch::On;
            self.service
                .set_community_pages(guild, src.authority(), on)
                .await?;
            let link = self.web_url.as_deref().map(|base| {
                dama_service::links::community_link(
                    base,
                    guild,
                    CommunityPage::Leaderboard { season: None },
                )
            });
            lines.push(text::server_web_set(lang, on, link.as_deref()));
        }
        if let Some(line) = self.set_daily_puzzle(src, guild, args, lang).await? {
            lines.push(line);
        }
        for (title, role) in roles {
            let Some(role) = role else { continue };
            self.service
                .set_champion_role(guild, src.authority(), title, Some(role), src.channel_id())
                .await?;
            let named = format!("<@&{role}>");
            lines.push(match title {
                ChampionTitle::Arena => say!(lang, "champion-role-set-arena", role = named),
                ChampionTitle::Season => say!(lang, "champion-role-set-season", role = named),
            });
            if let Some(why) = self.cannot_manage(src.http(), guild, role).await {
                lines.push(why.say(lang, role));
            }
        }
        Ok(src
            .respond_with(&Post::text(lines.join("\n")), false)
            .await?)
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

/// The `language` option (refused in `lang` when unknown): `Some(None)` to follow Discord's locale again (`auto`),
/// `Some(Some(lang))` for a language, `None` when not given.
fn chosen_language(lang: Language, args: &Args<'_>) -> Result<Option<Option<Language>>, Failure> {
    let Some(word) = args.str(opt::LANGUAGE) else {
        return Ok(None);
    };
    if word == AUTO_LANGUAGE {
        return Ok(Some(None));
    }
    match Language::of(word) {
        Some(lang) => Ok(Some(Some(lang))),
        None => Err(Failure::refused(text::unknown_choice(lang, word))),
    }
}
