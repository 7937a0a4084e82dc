//! The service's notices told in words and pictures: what happened on a game (moves, a
//! resignation, an agreed draw, a takeback) above its board or its result, a question to the
//! opponent, a reminder, an expired challenge. One notice makes one post; the notices an
//! interaction carries at once (a move and the computer's reply) make one post together.

use dama_render::Renderer;
use dama_rules::{Color, Game};
use serenity::all::CreateActionRow;

use super::app::{App, game_channel};
use super::arenas;
use super::board::{self, Controls, Viewpoint};
use super::interaction::Failure;
use super::post::Post;
use super::tournaments;
use super::watch_link::CommunityLink;
use dama_service::ids::{ArenaId, ChallengeId, ChannelId, GameId, Place, TournamentId, UserId};
use dama_service::service::{GameEnd, GameNotice, GameView, Line, Notice, Question, RatingChange};
use dama_service::tournament::Standings;
use dama_service::tournament::arena::ArenaStandings;
use dama_words::i18n::Language;
use dama_words::text::{self, Sentence};

/// A notice made ready to send: where it goes, where else it may go, and to whom a direct
/// message falls back when the channels are gone.
#[derive(Debug)]
pub(crate) struct Told {
    /// The game's thread or channel (or the channel of an expired challenge).
    pub channel: ChannelId,
    /// The channel the game started in, when `channel` is its thread.
    pub fallback: Option<ChannelId>,
    /// The people the notice is for, in order of concern.
    pub concerned: Vec<UserId>,
    /// The message.
    pub post: Post,
    /// The language it is written in.
    pub lang: Language,
}

impl Told {
    /// `post` told in place of this one's, pinging whom this one pings.
    fn carrying(self, post: Post) -> Told {
        Told {
            post: Post {
                pings: self.post.pings,
                ..post
            },
            ..self
        }
    }
}

impl App {
    /// One post telling `notices`: a single notice of any kind, or a run of boards of one game
    /// that may end with its result (told as the last board or the result, with every line).
    /// `None` when the notices do not go together. Written in `lang`, or (`None`) in the
    /// language of the place they go to.
    pub(crate) async fn tell_notices(
        &self,
        notices: &[&Notice],
        lang: Option<Language>,
    ) -> Result<Option<Told>, Failure> {
        let (Some(last), [first, ..]) = (notices.last(), notices) else {
            return Ok(None);
        };
        if notices.len() == 1 {
            return self.tell(first, lang).await.map(Some);
        }
        let mut lines = Vec::new();
        for notice in notices {
            match notice {
                Notice::Board { game, lines: l, .. } | Notice::Ended { game, lines: l, .. }
                    if Some(*game) == last.game() =>
                {
                    lines.extend(l.iter().copied());
                }
                _ => return Ok(None),
            }
        }
        if notices[..notices.len() - 1]
            .iter()
            .any(|n| matches!(n, Notice::Ended { .. }))
        {
            return Ok(None);
        }
        let run = match last {
            Notice::Board { game, ply, .. } => Notice::Board {
                game: *game,
                ply: *ply,
                lines,
            },
            Notice::Ended { game, ratings, .. } => Notice::Ended {
                game: *game,
                lines,
                ratings: *ratings,
            },
            _ => return Ok(None),
        };
        self.tell(&run, lang).await.map(Some)
    }

    /// `lang`, or when none is given the language of `place`: a server's, or in direct
    /// messages the language of `reader` (the person the DM channel is with).
    async fn lang_or_place(
        &self,
        lang: Option<Language>,
        place: Place,
        reader: Option<UserId>,
    ) -> Language {
        match lang {
            Some(lang) => lang,
            None => self.place_lang_for(place, reader).await,
        }
    }

    /// The game `notice` is about, as it shows it, with whom the service says it is for (see
    /// [`GameNotice`]), and the language to tell it in: `lang`, or the language of its place.
    async fn game_notice(
        &self,
        notice: &Notice,
        lang: Option<Language>,
    ) -> Result<(GameNotice, Language), Failure> {
        let read = self
            .service
            .game_notice(notice)
            .await?
            .ok_or_else(|| Failure::refused("the notice is not about a game"))?;
        let lang = self
            .lang_or_place(lang, read.view.place, read.view.reader())
            .await;
        Ok((read, lang))
    }

    /// One notice, told in `lang` (or, `None`, in the language of the place it goes to).
    pub(crate) async fn tell(
        &self,
        notice: &Notice,
        lang: Option<Language>,
    ) -> Result<Told, Failure> {
        match notice {
            Notice::Board { game, lines, .. } => self.tell_board(notice, *game, lines, lang).await,
            Notice::Ended {
                game,
                lines,
                ratings,
            } => self.tell_end(notice, *game, lines, *ratings, lang).await,
            Notice::Asked { question, by, .. } => {
                self.tell_game(notice, lang, |read, lang| {
                    question_post(read, lang, *question, *by)
                })
                .await
            }
            Notice::Declined { question, by, .. } => {
                self.tell_game(notice, lang, |read, lang| {
                    declined_post(read, lang, *question, *by)
                })
                .await
            }
            Notice::Reminder { user, deadline, .. } => {
                self.tell_game(notice, lang, |read, lang| {
                    let words = text::reminder(lang, &read.view, *user, *deadline);
                    in_game(read, lang, Post::text(words))
                })
                .await
            }
            Notice::ReviewReady { .. } => self.tell_review(notice, lang).await,
            Notice::RoundStarted { tournament, round } => {
                self.tell_tournament(*tournament, lang, |lang, s| {
                    tournaments::round_started(lang, s, *round)
                })
                .await
            }
            Notice::Standings { tournament } => {
                self.tell_tournament(*tournament, lang, tournaments::standings)
                    .await
            }
            Notice::TournamentEnded { tournament } => {
                self.tell_tournament(*tournament, lang, tournaments::ended)
                    .await
            }
            Notice::TournamentCancelled { tournament } => {
                self.tell_tournament(*tournament, lang, |lang, s| {
                    tournaments::cancelled(lang, &s.tournament)
                })
                .await
            }
            // Not a post: the delivery worker brings the event along (see `scheduled_events`).
            Notice::ScheduledEvent { of } => Err(Failure::refused(format!(
                "the scheduled event of {of} is not told in words"
            ))),
            // Not a post either: the delivery worker gives the role (see `champions`).
            Notice::Champion { guild, title } => Err(Failure::refused(format!(
                "the {} role of {guild} is not told in words",
                title.name()
            ))),
            Notice::ArenaStandings { arena } => {
                self.tell_arena(*arena, lang, arenas::standings).await
            }
            Notice::ArenaEnded { arena } => self.tell_arena(*arena, lang, arenas::podium).await,
            Notice::DailyPuzzle {
                guild,
                puzzle,
                channel,
            } => {
                self.tell_daily_puzzle(*guild, *puzzle, *channel, lang)
                    .await
            }
            Notice::DailySolution {
                guild,
                puzzle,
                channel,
                first,
            } => {
                self.tell_daily_solution(*guild, *puzzle, *channel, *first, lang)
                    .await
            }
            Notice::ChallengeExpired { challenge, channel } => {
                self.tell_expired_challenge(*challenge, *channel, lang)
                    .await
            }
            Notice::AnswerDropped {
                game,
                user,
                answer,
                premove,
                ..
            } => {
                // Private: the game's channel is never tried (see `send_notice`).
                let lang = match lang {
                    Some(lang) => lang,
                    None => self.user_lang(*user).await,
                };
                let (read, _) = self.game_notice(notice, Some(lang)).await?;
                let content = text::answer_dropped(lang, *game, answer, *premove);
                Ok(in_game(&read, lang, Post::text(content)))
            }
        }
    }

    /// A post about the game of `notice`, made by `post` from the game as it stands, in `lang`
    /// (or the language of its place).
    async fn tell_game(
        &self,
        notice: &Notice,
        lang: Option<Language>,
        post: impl FnOnce(&GameNotice, Language) -> Told,
    ) -> Result<Told, Failure> {
        let (read, lang) = self.game_notice(notice, lang).await?;
        Ok(post(&read, lang))
    }

    /// Nobody accepted `challenge`, made in `channel`, in time: told to its challenger.
    async fn tell_expired_challenge(
        &self,
        challenge: ChallengeId,
        channel: ChannelId,
        lang: Option<Language>,
    ) -> Result<Told, Failure> {
        let challenge = self.service.challenge(challenge).await?;
        let lang = self
            .lang_or_place(lang, challenge.place, Some(challenge.challenger.id))
            .await;
        Ok(Told {
            channel,
            fallback: None,
            concerned: vec![challenge.challenger.id],
            post: Post::text(text::challenge_expired(lang, &challenge)),
            lang,
        })
    }

    /// A post about `tournament`, made by `post` from its standings, for its channel.
    async fn tell_tournament(
        &self,
        tournament: TournamentId,
        lang: Option<Language>,
        post: impl FnOnce(Language, &Standings) -> Post,
    ) -> Result<Told, Failure> {
        let standings = self.service.standings_of(tournament).await?;
        let t = &standings.tournament;
        let place = Place {
            guild: Some(t.guild),
            channel: t.channel,
        };
        let lang = self.lang_or_place(lang, place, None).await;
        let link = CommunityLink::Tournament(t.id);
        let post = self
            .with_community_link(post(lang, &standings), place.guild, link, lang)
            .await;
        Ok(Told {
            channel: t.channel,
            fallback: None,
            concerned: Vec::new(),
            post,
            lang,
        })
    }

    /// What arena `arena`'s table says as `post` draws it, for its channel.
    async fn tell_arena(
        &self,
        arena: ArenaId,
        lang: Option<Language>,
        post: impl FnOnce(Language, &ArenaStandings) -> Post,
    ) -> Result<Told, Failure> {
        let standings = self.service.arena_standings_of(arena).await?;
        let a = &standings.arena;
        let place = Place {
            guild: Some(a.guild),
            channel: a.channel,
        };
        let lang = self.lang_or_place(lang, place, None).await;
        Ok(Told {
            channel: a.channel,
            fallback: None,
            concerned: Vec::new(),
            post: post(lang, &standings),
            lang,
        })
    }

    /// The board of `game` (`notice`) under `lines`, with the controls, page link and pings
    /// the service gives it (a board behind later moves keeps no buttons or menus: they belong
    /// to the present one).
    async fn tell_board(
        &self,
        notice: &Notice,
        game: GameId,
        lines: &[Line],
        lang: Option<Language>,
    ) -> Result<Told, Failure> {
        let (read, lang) = self.game_notice(notice, lang).await?;
        let told = in_game(&read, lang, Post::default());
        let GameNotice {
            view,
            history,
            addressing,
        } = read;
        let viewpoint = self.public_viewpoint(&view, lang).await?;
        let controls = Controls::public(&view, self.service.now());
        let words = lines_text(&view, &history, lines, viewpoint);
        let mut post = self
            .drawn(move |r| board::game_post(r, &view, viewpoint, &controls, &words))
            .await?;
        if addressing.controls {
            post = self.with_watch_link(post, game, lang).await;
        } else {
            post.components.clear();
        }
        Ok(told.carrying(post))
    }

    /// The end of `game` (`notice`) under `lines`, with the rating changes and the replay.
    async fn tell_end(
        &self,
        notice: &Notice,
        game: GameId,
        lines: &[Line],
        ratings: Option<[RatingChange; 2]>,
        lang: Option<Language>,
    ) -> Result<Told, Failure> {
        let (read, lang) = self.game_notice(notice, lang).await?;
        let told = in_game(&read, lang, Post::default());
        let GameNotice { view, history, .. } = read;
        let outcome = view
            .outcome
            .or_else(|| history.outcome())
            .ok_or_else(|| Failure::refused("the game has not ended"))?;
        let viewpoint = self.public_viewpoint(&view, lang).await?;
        let words = lines_text(&view, &history, lines, viewpoint);
        let end = GameEnd { outcome, ratings };
        let post = self
            .drawn(move |r| end_post(r, &view, &end, viewpoint, &words, &history))
            .await?;
        let post = self.with_watch_link(post, game, lang).await;
        Ok(told.carrying(post))
    }
}

/// The words of `lines` on `view` (whose `history` has every move), in the language and
/// notation of `viewpoint`.
fn lines_text(
    view: &GameView,
    history: &Game,
    lines: &[Line],
    viewpoint: Viewpoint,
) -> Vec<String> {
    let (lang, notation) = (viewpoint.lang, viewpoint.notation);
    let name = |c: Color| view.participant(c).name().into_owned();
    lines
        .iter()
        .filter_map(|line| {
            Some(match *line {
                Line::GameBegins => Sentence::GameBegins.say(lang),
                Line::Moved { ply } => {
                    let index = usize::try_from(ply).ok()?.checked_sub(1)?;
                    let played = history.moves().get(index)?;
                    let mover = history.positions().get(index)?.turn();
                    text::played(lang, view.participant(mover), played, notation)
                }
                Line::AnsweredAtOnce { ply, by, premove } => {
                    let index = usize::try_from(ply).ok()?.checked_sub(1)?;
                    let played = history.moves().get(index)?;
                    text::answered_at_once(lang, view.participant(by), played, notation, premove)
                }
                Line::Resigned { by } => text::resigns(lang, &name(by)),
                Line::DrawAgreed { by } => text::accepts_draw(lang, &name(by)),
                Line::TookBack { by, plies } => text::takes_back(lang, &name(by), plies),
                Line::TakebackAllowed { by, plies } => {
                    text::allows_takeback(lang, &name(by), plies)
                }
            })
        })
        .collect()
}

/// The message of a finished game with its replay GIF (a replay that cannot be drawn is logged
/// and left out).
fn end_post(
    renderer: &Renderer,
    view: &GameView,
    end: &GameEnd,
    viewpoint: Viewpoint,
    lines: &[String],
    history: &Game,
) -> Post {
    let replay = board::replay_gif(renderer, view.id, history, viewpoint)
        .inspect_err(|e| tracing::warn!(game = %view.id, error = %e, "no replay"))
        .ok();
    board::end_post(renderer, view, end, viewpoint, lines, replay)
}

/// `post` in the game's place (its thread, else its channel), in `lang`, pinging and
/// concerning whom the service says the notice `read` is for.
pub(crate) fn in_game(read: &GameNotice, lang: Language, post: Post) -> Told {
    let view = &read.view;
    Told {
        channel: game_channel(view),
        fallback: view.thread.map(|_| view.place.channel),
        concerned: read.addressing.concerned.clone(),
        post: Post {
            pings: read.addressing.pinged.clone(),
            ..post
        },
        lang,
    }
}

/// `by`'s `question` on the game, put to the opponent, with a button for each answer while
/// the service says it may still be answered (it may have been answered, or the deadline
/// passed, by the time it is told).
fn question_post(read: &GameNotice, lang: Language, question: Question, by: Color) -> Told {
    let view = &read.view;
    let asker = view.participant(by).name();
    let (asks, prompt) = match question {
        Question::Draw => (text::offers_draw(lang, &asker), Sentence::DrawPrompt),
        Question::Takeback => (text::asks_takeback(lang, &asker), Sentence::TakebackPrompt),
    };
    let components = if read.addressing.controls {
        vec![CreateActionRow::Buttons(
            board::answer_buttons(view, question, lang).into(),
        )]
    } else {
        Vec::new()
    };
    let opponent = view.participant(by.opposite());
    let post = Post {
        content: text::question(lang, view, &asks, Some(opponent), prompt),
        components,
        ..Post::default()
    };
    in_game(read, lang, post)
}

/// `by` said no to the opponent's `question` on the game.
fn declined_post(read: &GameNotice, lang: Language, question: Question, by: Color) -> Told {
    let view = &read.view;
    let decliner = view.participant(by).name();
    let words = match question {
        Question::Draw => text::declines_draw(lang, view, &decliner),
        Question::Takeback => text::refuses_takeback(lang, view, &decliner),
    };
    in_game(read, lang, Post::text(words))
}
