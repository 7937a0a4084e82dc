//! `/dama tournament create|join|leave|start|standings|cancel`, and the Join and Standings
//! buttons of a tournament's messages.

use std::time::Duration;

use crate::app::App;
use crate::arenas;
use crate::args::Args;
use crate::commands::{ARENA, TournamentAction, opt};
use crate::custom_id::Action;
use crate::interaction::{Failure, Source};
use crate::post::Post;
use crate::tournaments;
use crate::watch_link::CommunityLink;
use dama_service::clock::Timestamp;
use dama_service::ids::{ArenaId, TournamentId};
use dama_service::model::TimeControl;
use dama_service::service::{MeantFor, Organising};
use dama_service::tournament::arena::ArenaOptions;
use dama_service::tournament::{Options, Tournament};
use dama_words::i18n::Language;
use dama_words::say;
use dama_words::text::{self, Sentence};

impl App {
    /// `/dama tournament <action>`.
    pub(super) async fn tournament(
        &self,
        src: &Source<'_>,
        args: &Args<'_>,
    ) -> Result<(), Failure> {
        let word = args.action.unwrap_or_default();
        let Some(action) = TournamentAction::of(word) else {
            return Err(Failure::refused(Sentence::UnknownCommand.say(src.lang())));
        };
        let named = args.int(opt::TOURNAMENT).map(TournamentId);
        match action {
            TournamentAction::Create => self.create_tournament(src, args).await,
            TournamentAction::Join => {
                let t = self
                    .service
                    .tournament_meant(named, src.place(), MeantFor::Joining(src.user_id()))
                    .await?;
                self.join_tournament(src, t.id).await
            }
            TournamentAction::Leave => {
                let meant_for = MeantFor::Leaving(src.user_id());
                let t = self
                    .service
                    .tournament_meant(named, src.place(), meant_for)
                    .await?;
                let left = self
                    .service
                    .leave_tournament(src.user_id(), src.place(), t.id)
                    .await?;
                let lang = src.public_lang();
                let name = text::escape(&src.player().name);
                let news = if left.withdrew {
                    say!(lang, "tournament-withdrew", player = name)
                } else {
                    say!(lang, "tournament-left", player = name)
                };
                let post = tournaments::announcement(lang, &left.tournament, Some(news));
                let post = self
                    .with_tournament_link(post, &left.tournament, lang)
                    .await;
                Ok(src.respond_with(&post, false).await?)
            }
            TournamentAction::Start => {
                let t = self
                    .service
                    .tournament_meant(named, src.place(), MeantFor::Starting)
                    .await?;
                let started = self
                    .service
                    .organise_tournament(
                        Organising::Start,
                        src.user_id(),
                        src.authority(),
                        src.place(),
                        t.id,
                    )
                    .await?;
                let lang = src.public_lang();
                let post = tournaments::started(lang, &started);
                let post = self.with_tournament_link(post, &started, lang).await;
                Ok(src.respond_with(&post, false).await?)
            }
            TournamentAction::Standings => {
                let t = self
                    .service
                    .tournament_meant(named, src.place(), MeantFor::Standings)
                    .await?;
                self.show_standings(src, t.id).await
            }
            TournamentAction::Cancel => {
                let t = self
                    .service
                    .tournament_meant(named, src.place(), MeantFor::Cancelling)
                    .await?;
                let cancelled = self
                    .service
                    .organise_tournament(
                        Organising::Cancel,
                        src.user_id(),
                        src.authority(),
                        src.place(),
                        t.id,
                    )
                    .await?;
                let post = tournaments::cancelled(src.public_lang(), &cancelled);
                Ok(src.respond_with(&post, false).await?)
            }
        }
    }

    async fn create_tournament(&self, src: &Source<'_>, args: &Args<'_>) -> Result<(), Failure> {
        let starts_at = self.starts_at(src, args)?;
        if args.str(opt::FORMAT) == Some(ARENA) {
            return self.create_arena(src, args, starts_at).await;
        }
        let name = args.str(opt::NAME).unwrap_or_default();
        // What is not given is the service's default; a number out of range becomes 0, which
        // the service refuses.
        let defaults = Options::new(name, args.parsed(opt::FORMAT)?.unwrap_or_default());
        let options = Options {
            rounds: args.int(opt::ROUNDS).map(|r| u32::try_from(r).unwrap_or(0)),
            time_control: args
                .parsed::<TimeControl>(opt::TIME)?
                .unwrap_or(defaults.time_control),
            rated: args.bool(opt::RATED).unwrap_or(defaults.rated),
            max_players: args
                .int(opt::MAX_PLAYERS)
                .map_or(defaults.max_players, |m| u32::try_from(m).unwrap_or(0)),
            starts_at,
            ..defaults
        };
        let created = self
            .service
            .create_tournament(&src.player(), src.place(), options)
            .await?;
        let lang = src.public_lang();
        let post = tournaments::announcement(lang, &created, None);
        let post = self.with_tournament_link(post, &created, lang).await;
        Ok(src.respond_with(&post, false).await?)
    }

    /// The `starts` option read: `None` to start at once (an arena) or by hand.
    fn starts_at(&self, src: &Source<'_>, args: &Args<'_>) -> Result<Option<Timestamp>, Failure> {
        let Some(words) = args.str(opt::STARTS) else {
            return Ok(None);
        };
        start_time(words, self.service.now())
            .map(Some)
            .ok_or_else(|| Failure::refused(Sentence::BadStartTime.say(src.lang())))
    }

    /// `/dama tournament create format:arena`: an arena of `minutes` on a live `clock`,
    /// announced in the channel with its Join, Pause and Leave buttons.
    async fn create_arena(
        &self,
        src: &Source<'_>,
        args: &Args<'_>,
        starts_at: Option<Timestamp>,
    ) -> Result<(), Failure> {
        let defaults = ArenaOptions::new(args.str(opt::NAME).unwrap_or_default());
        let options = ArenaOptions {
            // Out of range becomes 0, which the service refuses with the range.
            minutes: args
                .int(opt::MINUTES)
                .map_or(defaults.minutes, |m| u32::try_from(m).unwrap_or(0)),
            clock: args.clock(opt::CLOCK)?.unwrap_or(defaults.clock),
            rated: args.bool(opt::RATED).unwrap_or(defaults.rated),
            starts_at,
            ..defaults
        };
        let created = self
            .service
            .create_arena(&src.player(), src.place(), options)
            .await?;
        let post = arenas::announcement(src.public_lang(), &created);
        Ok(src.respond_with(&post, false).await?)
    }

    /// `src`'s user pressed Join, Pause or Leave (`action`) under arena `id`'s messages: the
    /// answer is theirs alone, in their language; the standings message shows the change.
    pub(crate) async fn arena_pressed(
        &self,
        src: &Source<'_>,
        id: ArenaId,
        action: Action,
    ) -> Result<(), Failure> {
        let arena = match action {
            Action::LeaveArena(_) => {
                self.service
                    .leave_arena(src.user_id(), src.place(), id)
                    .await?
            }
            Action::PauseArena(_) => {
                self.service
                    .pause_arena(src.user_id(), src.place(), id)
                    .await?
            }
            _ => {
                self.service
                    .join_arena(&src.player(), src.place(), id)
                    .await?
            }
        };
        let post = arenas::pressed(src.lang(), &arena, &action);
        Ok(src.respond_with(&post, true).await?)
    }

    /// `src`'s user joins tournament `id`. Pressed on the announcement, the announcement
    /// itself shows the new player; by command, the channel hears who joined.
    pub(crate) async fn join_tournament(
        &self,
        src: &Source<'_>,
        id: TournamentId,
    ) -> Result<(), Failure> {
        let joined = self
            .service
            .join_tournament(&src.player(), src.place(), id)
            .await?;
        let lang = src.public_lang();
        let news = say!(
            lang,
            "tournament-joined",
            player = text::escape(&src.player().name)
        );
        let post = tournaments::announcement(lang, &joined, Some(news));
        let post = self.with_tournament_link(post, &joined, lang).await;
        match src.message() {
            Some(_) if !src.on_ephemeral_message() => Ok(src.update_with(&post).await?),
            _ => Ok(src.respond_with(&post, false).await?),
        }
    }

    /// Tournament `id`'s standings, to `src`'s user alone (the channel's standings message is
    /// kept up to date for everyone).
    pub(crate) async fn show_standings(
        &self,
        src: &Source<'_>,
        id: TournamentId,
    ) -> Result<(), Failure> {
        let standings = self.service.standings(id, src.place().guild).await?;
        let post = tournaments::standings(src.lang(), &standings);
        let post = self
            .with_tournament_link(post, &standings.tournament, src.lang())
            .await;
        Ok(src.respond_with(&post, true).await?)
    }

    /// `post` with a link to `t`'s page, when its server's community pages are on.
    async fn with_tournament_link(&self, post: Post, t: &Tournament, lang: Language) -> Post {
        let link = CommunityLink::Tournament(t.id);
        self.with_community_link(post, Some(t.guild), link, lang)
            .await
    }
}

/// When a tournament given `starts:` starts: after a duration (`2h`, `3d`, `1d 12h`) from
/// `now`, or at a UTC date and time (`2026-12-24 18:00`, or a date alone for midnight).
fn start_time(words: &str, now: Timestamp) -> Option<Timestamp> {
    let words = words.trim();
    let words = words.strip_prefix("in ").unwrap_or(words);
    if let Ok(after) = humantime::parse_duration(words) {
        return (after > Duration::ZERO).then(|| now + after);
    }
    let full = match words.len() {
        10 => format!("{words} 00:00:00"),
        16 => format!("{words}:00"),
        _ => words.to_owned(),
    };
    let at = humantime::parse_rfc3339_weak(&full).ok()?;
    let millis = at.duration_since(std::time::UNIX_EPOCH).ok()?.as_millis();
    Some(Timestamp::from_millis(i64::try_from(millis).ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_start_is_a_duration_from_now_or_a_utc_date_and_time() {
        let now = Timestamp::from_millis(1_000_000);
        assert_eq!(
            start_time("2h", now),
            Some(Timestamp::from_millis(1_000_000 + 7_200_000))
        );
        assert_eq!(
            start_time("in 1d 12h", now),
            Some(Timestamp::from_millis(1_000_000 + 129_600_000))
        );
        let christmas = start_time("2026-12-24 18:00", now).map(Timestamp::as_millis);
        assert_eq!(christmas, Some(1_798_135_200_000));
        assert_eq!(
            start_time("2026-12-24", now).map(Timestamp::as_millis),
            Some(1_798_070_400_000)
        );
        assert_eq!(start_time("soon", now), None);
        assert_eq!(start_time("0s", now), None);
    }
}
