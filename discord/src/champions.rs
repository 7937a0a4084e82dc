//! Champion roles at Discord: the delivery worker takes each
//! [`Notice::Champion`](dama_service::service::Notice::Champion) by giving the title's role to
//! its champion and taking it from whoever held it, one step at a time (`PUT` or `DELETE
//! /guilds/{guild}/members/{user}/roles/{role}`), recording each step.
//!
//! Before each step the bot looks whether it may: it needs Manage Roles, and the role must be
//! below its own highest role (Discord refuses both with the same 403). When it may not, it
//! says exactly which, once, in the channel where the role was named.

use serenity::all::{Http, Permissions, RoleId};
use serenity::http::HttpError;

use super::app::App;
use super::delivery::{Refusal, post_once, refusal};
use super::post::Post;
use super::retry::retrying;
use dama_service::ids::{GuildId, Place};
use dama_service::service::{ChampionStep, ChampionTitle, Delivery};
use dama_words::i18n::Language;
use dama_words::say;

/// The most steps one notice takes: take from the former holder, give to the champion.
const MOST_STEPS: usize = 2;

/// Why the bot may not give a role.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RoleRefusal {
    /// It lacks Manage Roles.
    NoManageRoles,
    /// The role is not below its own highest role.
    Above,
}

impl RoleRefusal {
    /// The words for it in `lang`, naming `role`.
    pub(crate) fn say(self, lang: Language, role: u64) -> String {
        let role = format!("<@&{role}>");
        match self {
            RoleRefusal::NoManageRoles => {
                say!(lang, "champion-role-needs-manage-roles", role = role)
            }
            RoleRefusal::Above => say!(lang, "champion-role-above-mine", role = role),
        }
    }
}

impl App {
    /// Brings `guild`'s `title` role to its champion alone (see the module's doc).
    pub(crate) async fn sync_champion(
        &self,
        http: &Http,
        guild: GuildId,
        title: ChampionTitle,
        notice: i64,
    ) -> Result<(Delivery, Option<u64>), Refusal> {
        for _ in 0..MOST_STEPS {
            let sync = self
                .service
                .champion_step(guild, title)
                .await
                .map_err(|e| Refusal::Passing(e.to_string()))?;
            let (user, role, give) = match sync.step {
                ChampionStep::Nothing => return Ok((Delivery::Channel, None)),
                ChampionStep::Take { user, role } => (user, role, false),
                ChampionStep::Give { user, role } => (user, role, true),
            };
            if let Some(why) = self.cannot_manage(http, guild, role).await {
                self.champion_refused(http, guild, title, sync.channel, role, why, notice)
                    .await;
                return Err(Refusal::Final(format!("{why:?}")));
            }
            let (g, u, r) = (
                serenity::all::GuildId::new(guild.0),
                serenity::all::UserId::new(user.0),
                RoleId::new(role),
            );
            let reason = match title {
                ChampionTitle::Arena => "dama: the arena's winner",
                ChampionTitle::Season => "dama: the season's leader",
            };
            let done = retrying(self.metrics.refusals(), "champion role", || async move {
                if give {
                    http.add_member_role(g, u, r, Some(reason)).await
                } else {
                    http.remove_member_role(g, u, r, Some(reason)).await
                }
            })
            .await;
            match done {
                Ok(()) => {}
                // The member left, or the role was deleted: nothing to give or take.
                Err(e) if is_not_found(&e) => {}
                Err(e) => return Err(refusal(&e)),
            }
            self.service
                .champion_given(guild, title, sync.step)
                .await
                .map_err(|e| Refusal::Passing(e.to_string()))?;
        }
        Ok((Delivery::Channel, None))
    }

    /// Why the bot may not give `role` in `guild`, if it may not: its permissions (from its
    /// roles) lack Manage Roles, or `role` is not below its highest role. `None` when it may, or
    /// when that cannot be read (Discord then answers for itself).
    pub(crate) async fn cannot_manage(
        &self,
        http: &Http,
        guild: GuildId,
        role: u64,
    ) -> Option<RoleRefusal> {
        let g = serenity::all::GuildId::new(guild.0);
        let roles = g
            .roles(http)
            .await
            .inspect_err(|e| self.metrics.refusals().failed(e))
            .ok()?;
        let me = http
            .get_current_user()
            .await
            .inspect_err(|e| self.metrics.refusals().failed(e))
            .ok()?;
        let member = g
            .member(http, me.id)
            .await
            .inspect_err(|e| self.metrics.refusals().failed(e))
            .ok()?;
        let everyone = roles
            .get(&RoleId::new(guild.0))
            .map_or(Permissions::empty(), |r| r.permissions);
        let mine = member.roles.iter().filter_map(|id| roles.get(id));
        let permissions = mine
            .clone()
            .fold(everyone, |all, role| all | role.permissions);
        if !permissions.intersects(Permissions::MANAGE_ROLES | Permissions::ADMINISTRATOR) {
            return Some(RoleRefusal::NoManageRoles);
        }
        let highest = mine.map(|r| r.position).max().unwrap_or(0);
        let position = roles.get(&RoleId::new(role))?.position;
        (position >= highest).then_some(RoleRefusal::Above)
    }

    /// Says why `role` cannot be given, in `channel`, the first time since it last moved.
    #[allow(clippy::too_many_arguments)]
    async fn champion_refused(
        &self,
        http: &Http,
        guild: GuildId,
        title: ChampionTitle,
        channel: Option<dama_service::ids::ChannelId>,
        role: u64,
        why: RoleRefusal,
        notice: i64,
    ) {
        match self.service.champion_refused(guild, title).await {
            Ok(true) => {}
            Ok(false) => return,
            Err(e) => {
                tracing::warn!(%guild, error = %e, "cannot note a refused role");
                return;
            }
        }
        let Some(channel) = channel else { return };
        let place = Place {
            guild: Some(guild),
            channel,
        };
        let lang = self.place_lang(place).await;
        let post = Post::text(why.say(lang, role));
        let told = post_once(
            http,
            self.metrics.refusals(),
            channel,
            &post,
            format!("dama-r{notice}"),
        )
        .await;
        if let Err(e) = told {
            tracing::warn!(%guild, error = ?e, "cannot say that a role is refused");
        }
    }
}

/// 404: Unknown Member (10007) or Unknown Role (10011).
fn is_not_found(e: &serenity::Error) -> bool {
    matches!(
        e,
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response))
            if response.status_code.as_u16() == 404
    )
}
