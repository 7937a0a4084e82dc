//! Tournaments in the server's Events tab: the delivery worker takes each
//! [`Notice::ScheduledEvent`](dama_service::service::Notice::ScheduledEvent) by bringing the
//! tournament's guild scheduled event to where the service says it should be, one step at a
//! time (`POST` then `PATCH /guilds/{guild}/scheduled-events/{event}`), recording each step.
//!
//! The events are external ones (Discord's type 3): they happen in the tournament's channel,
//! whose link is their location, and their description links to the tournament's page (or the
//! channel, with the web pages off). Without the permission to make events, the bot says so in
//! the tournament's channel once (until an event is made there again), and the tournament goes
//! on without one.

use serenity::all::{
    CreateScheduledEvent, EditScheduledEvent, Http, ScheduledEventStatus, ScheduledEventType,
};
use serenity::http::HttpError;

use super::app::App;
use super::delivery::{Refusal, post_once, refusal};
use super::post::Post;
use super::retry::retrying;
use dama_service::clock::Timestamp;
use dama_service::ids::{ChannelId, GuildId, Place};
use dama_service::links::CommunityPage;
use dama_service::service::{
    Delivery, EventDraft, EventKind, EventOf, EventStatus, EventStep, EventSync,
};
use dama_words::i18n::Language;
use dama_words::say;
use dama_words::text::{per_move, rated_word};
use dama_words::tournaments::format_in;

/// Discord's longest event description.
const MAX_DESCRIPTION: usize = 1000;

/// The most steps one notice takes: create, start, complete.
const MOST_STEPS: usize = 3;

impl App {
    /// Brings `of`'s scheduled event to where the service wants it (see the module's doc);
    /// `notice` is the outbox row, whose nonce a refusal's message carries.
    pub(crate) async fn sync_scheduled_event(
        &self,
        http: &Http,
        of: EventOf,
        notice: i64,
    ) -> Result<(Delivery, Option<u64>), Refusal> {
        for _ in 0..MOST_STEPS {
            let sync = self
                .service
                .scheduled_event_step(of)
                .await
                .map_err(|e| Refusal::Passing(e.to_string()))?;
            let guild = serenity::all::GuildId::new(sync.guild.0);
            let made = match &sync.step {
                EventStep::Nothing => return Ok((Delivery::Channel, None)),
                EventStep::Create(draft) => {
                    let event = self
                        .event_to_create(of, sync.guild, sync.channel, draft)
                        .await;
                    retrying(self.metrics.refusals(), "scheduled event", || {
                        guild.create_scheduled_event(http, event.clone())
                    })
                    .await
                    .map(|made| (made.id.get(), EventStatus::Scheduled))
                }
                &EventStep::SetStatus { event, status } => {
                    let edit = EditScheduledEvent::new().status(serenity_status(status));
                    retrying(self.metrics.refusals(), "scheduled event", || {
                        guild.edit_scheduled_event(http, event, edit.clone())
                    })
                    .await
                    .map(|_| (event, status))
                }
            };
            let (event, status) = match made {
                Ok(made) => made,
                // Someone deleted it in Discord: left deleted.
                Err(e) if unknown_event(&e) => match &sync.step {
                    EventStep::SetStatus { event, .. } => (*event, EventStatus::Gone),
                    _ => return Err(refusal(&e)),
                },
                Err(e) if missing_permissions(&e) => {
                    self.events_refused(http, &sync, notice).await;
                    return Err(Refusal::Final(e.to_string()));
                }
                Err(e) => return Err(refusal(&e)),
            };
            self.service
                .scheduled_event_made(of, sync.guild, event, status)
                .await
                .map_err(|e| Refusal::Passing(e.to_string()))?;
        }
        Ok((Delivery::Channel, None))
    }

    /// The event to create for `draft`, in the words of its channel.
    async fn event_to_create(
        &self,
        of: EventOf,
        guild: GuildId,
        channel: ChannelId,
        draft: &EventDraft,
    ) -> CreateScheduledEvent<'static> {
        let place = Place {
            guild: Some(guild),
            channel,
        };
        let lang = self.place_lang(place).await;
        let channel_link = format!("https://discord.com/channels/{guild}/{channel}");
        let page = self.tournament_page(of, guild).await;
        let description = description(lang, draft, page.as_deref().unwrap_or(&channel_link));
        CreateScheduledEvent::new(
            ScheduledEventType::External,
            draft.name.clone(),
            timestamp(draft.starts_at),
        )
        .end_time(timestamp(draft.ends_at))
        .description(description)
        .location(channel_link)
    }

    /// The link to `of`'s page when the web pages and `guild`'s community pages are on.
    async fn tournament_page(&self, of: EventOf, guild: GuildId) -> Option<String> {
        let page = match of {
            EventOf::Tournament(id) => CommunityPage::Tournament(id),
            EventOf::Arena(id) => CommunityPage::Arena(id),
        };
        self.community_page_link(guild, page).await
    }

    /// Discord refused the event of `sync` for want of permission: said in its channel the
    /// first time since an event was last made in its server.
    async fn events_refused(&self, http: &Http, sync: &EventSync, notice: i64) {
        let guild = sync.guild;
        match self.service.scheduled_events_refused(guild).await {
            Ok(true) => {}
            Ok(false) => return,
            Err(e) => {
                tracing::warn!(%guild, error = %e, "cannot note a refused scheduled event");
                return;
            }
        }
        let place = Place {
            guild: Some(guild),
            channel: sync.channel,
        };
        let lang = self.place_lang(place).await;
        let words = say!(
            lang,
            "scheduled-events-refused",
            name = dama_words::text::escape(&sync.name)
        );
        let told = post_once(
            http,
            self.metrics.refusals(),
            sync.channel,
            &Post::text(words),
            format!("dama-e{notice}"),
        )
        .await;
        if let Err(e) = told {
            tracing::warn!(%guild, error = ?e, "cannot say that events are refused");
        }
    }
}

/// The event's description in `lang`, ending with `link` (the tournament's page or channel).
fn description(lang: Language, draft: &EventDraft, link: &str) -> String {
    let rated = rated_word(lang, draft.rated);
    let words = match draft.kind {
        EventKind::Arena { minutes, clock } => say!(
            lang,
            "scheduled-event-arena",
            minutes = minutes,
            clock = clock.to_string(),
            rated = rated,
            link = link,
        ),
        EventKind::Tournament {
            format,
            time_control,
        } => say!(
            lang,
            "scheduled-event-tournament",
            format = format_in(lang, format),
            time = per_move(lang, time_control),
            rated = rated,
            link = link,
        ),
    };
    words.chars().take(MAX_DESCRIPTION).collect()
}

/// `at` as serenity's timestamp.
fn timestamp(at: Timestamp) -> serenity::all::Timestamp {
    serenity::all::Timestamp::from_millis(at.as_millis()).unwrap_or_default()
}

/// Discord's status for `status` (an event is never set to "gone").
fn serenity_status(status: EventStatus) -> ScheduledEventStatus {
    match status {
        EventStatus::Scheduled => ScheduledEventStatus::Scheduled,
        EventStatus::Active => ScheduledEventStatus::Active,
        EventStatus::Completed => ScheduledEventStatus::Completed,
        EventStatus::Canceled | EventStatus::Gone => ScheduledEventStatus::Canceled,
    }
}

/// 404 Unknown Guild Scheduled Event (10070).
fn unknown_event(e: &serenity::Error) -> bool {
    matches!(
        e,
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response))
            if response.status_code.as_u16() == 404 && response.error.code == 10070
    )
}

/// 403 Missing Permissions (50013) or Missing Access (50001).
fn missing_permissions(e: &serenity::Error) -> bool {
    matches!(
        e,
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response))
            if response.status_code.as_u16() == 403
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_service::model::LiveClock;

    #[test]
    fn an_arenas_description_names_its_length_clock_and_link_in_each_language() {
        let draft = EventDraft {
            name: "Friday".into(),
            kind: EventKind::Arena {
                minutes: 45,
                clock: LiveClock::new(3, 2).expect("3+2"),
            },
            rated: true,
            starts_at: Timestamp::from_millis(0),
            ends_at: Timestamp::from_millis(1),
        };
        let link = "https://dama.example/server/1/tournaments";
        let en = description(Language::En, &draft, link);
        assert!(en.contains("45 minutes, 3+2, rated"), "{en}");
        assert!(en.ends_with(link), "{en}");
        let tr = description(Language::Tr, &draft, link);
        assert!(tr.contains("45 dakika") && tr.contains(link), "{tr}");
    }
}
