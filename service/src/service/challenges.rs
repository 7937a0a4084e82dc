//! Challenges and games against the computer.

use dama_engine::Level;
use dama_rules::{Color, Position, Rules};

use super::live;
use super::outbox::{self, Line, Notice};
use super::tx::WriteTx;
use super::{GameService, GameView, ServiceError};
use crate::clock::Timestamp;
use crate::ids::{ChallengeId, GameId, Place, UserId};
use crate::model::{
    Challenge, ChallengeOptions, ChallengeStatus, Clocks, ColourChoice, EngineGame, LiveClock,
    Participant, Player, Seats, TimeControl,
};
use crate::store::{self, Conn, NewChallenge, NewGame, RematchState};

/// What a player asked for when challenging someone or starting a game against the computer:
/// what they left out, the service chooses.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Asked {
    /// The asker's colour (random when left out).
    pub colour: Option<ColourChoice>,
    /// Time per move (the default one when left out).
    pub time_control: Option<TimeControl>,
    /// A live clock: the game is live, with no time per move (correspondence when left out).
    pub live: Option<LiveClock>,
    /// Whether the game counts for ratings (it does when left out).
    pub rated: Option<bool>,
    /// The rule set (the server's default when left out, the standard rules in DMs).
    pub rules: Option<Rules>,
    /// The computer's strength, for a game against it (the default level when left out).
    pub level: Option<Level>,
}

/// Whether the bot can post by itself where a game is asked for. It cannot in a group DM or
/// in a server reached only through a member's own install of the app: it could deliver no
/// reminder and no loss on time there, so games there have no clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// The bot posts in the channel by itself.
    Posts,
    /// The bot can only answer the commands used there.
    AnswersOnly,
}

/// The live clock `asked` for where the bot has `reach`: refused with
/// [`ServiceError::NoClockHere`] where the bot cannot post (it could announce no flag there).
fn live_here(reach: Reach, asked: Option<LiveClock>) -> Result<Option<LiveClock>, ServiceError> {
    match (reach, asked) {
        (Reach::AnswersOnly, Some(_)) => Err(ServiceError::NoClockHere),
        _ => Ok(asked),
    }
}

/// The time per move and the live clocks of a game starting at `now` with `time_control`, or on
/// `live` if set: a live game has no time per move, and both clocks at the base.
fn start_clock(
    time_control: TimeControl,
    live: Option<LiveClock>,
    now: Timestamp,
) -> (TimeControl, Option<(LiveClock, Clocks)>) {
    match live {
        Some(clock) => (
            TimeControl::Unlimited,
            Some((
                clock,
                Clocks::start(clock, now, live::ms(live::LAG_QUOTA_START)),
            )),
        ),
        None => (time_control, None),
    }
}

/// White's first deadline in a game starting at `now`: the abort in a live game, else the
/// time per move.
fn first_deadline(
    time_control: TimeControl,
    live: Option<(LiveClock, Clocks)>,
    now: Timestamp,
) -> Option<Timestamp> {
    match live {
        Some(_) => Some(now + live::ABORT_AFTER),
        None => time_control.per_move().map(|d| now + d),
    }
}

/// How an open challenge is closed without a game: see [`GameService::close_challenge`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Closing {
    /// The challenged player declines it.
    Declined,
    /// The challenger withdraws it.
    Withdrawn,
}

impl GameService {
    /// The options of a challenge `asked` for in `place`, where the bot has `reach`: what was
    /// left out filled in. A clock asked for where the bot cannot post is refused with
    /// [`ServiceError::NoClockHere`]; left out there, the game has none.
    pub async fn challenge_options(
        &self,
        place: Place,
        reach: Reach,
        asked: Asked,
    ) -> Result<ChallengeOptions, ServiceError> {
        let defaults = ChallengeOptions::default();
        Ok(ChallengeOptions {
            colour: asked.colour.unwrap_or(defaults.colour),
            time_control: self.time_control(reach, asked.time_control, defaults.time_control)?,
            live: live_here(reach, asked.live)?,
            rated: asked.rated.unwrap_or(defaults.rated),
            rules: self.rules_in(place, asked.rules).await?,
        })
    }

    /// The options of a game against the computer `asked` for in `place`, where the bot has
    /// `reach` (see [`challenge_options`](Self::challenge_options)): the default level, random
    /// colours and the computer games' time per move when left out.
    pub async fn engine_game_options(
        &self,
        place: Place,
        reach: Reach,
        asked: Asked,
    ) -> Result<EngineGame, ServiceError> {
        Ok(EngineGame {
            level: asked.level.unwrap_or(self.config.default_engine_level),
            colour: asked.colour.unwrap_or(ColourChoice::Random),
            time_control: self.time_control(
                reach,
                asked.time_control,
                self.config.engine_time_control,
            )?,
            live: live_here(reach, asked.live)?,
            rules: self.rules_in(place, asked.rules).await?,
        })
    }

    /// The time per move of a game asked for with `asked` (`default` when left out) where the
    /// bot has `reach`.
    fn time_control(
        &self,
        reach: Reach,
        asked: Option<TimeControl>,
        default: TimeControl,
    ) -> Result<TimeControl, ServiceError> {
        match reach {
            Reach::Posts => Ok(asked.unwrap_or(default)),
            Reach::AnswersOnly if asked.is_some_and(|tc| tc.per_move().is_some()) => {
                Err(ServiceError::NoClockHere)
            }
            Reach::AnswersOnly => Ok(TimeControl::Unlimited),
        }
    }

    /// The rule set `asked` for in `place`, else the server's default (the standard rules in
    /// DMs).
    async fn rules_in(&self, place: Place, asked: Option<Rules>) -> Result<Rules, ServiceError> {
        if let Some(rules) = asked {
            return Ok(rules);
        }
        match place.guild {
            Some(guild) => self.server_rules(guild).await,
            None => Ok(Rules::default()),
        }
    }

    /// `challenger` challenges `challenged` (or, with `None`, anyone in the channel) to a game.
    /// The challenge expires after [`ServiceConfig::challenge_ttl`](super::ServiceConfig).
    /// Refused with [`ServiceError::TooManyChallenges`] when the challenger has
    /// [`max_open_challenges`](super::ServiceConfig::max_open_challenges) open already, and with
    /// [`ServiceError::TooManyChallengesToPlayer`] when
    /// [`max_challenges_per_opponent`](super::ServiceConfig::max_challenges_per_opponent) of
    /// them are to `challenged`, and with [`ServiceError::DeclinedRecently`] when `challenged`
    /// declined the challenger's last challenge to them too recently (see
    /// [`decline_cooldown`](super::ServiceConfig::decline_cooldown)).
    pub async fn create_challenge(
        &self,
        challenger: &Player,
        challenged: Option<&Player>,
        place: Place,
        options: ChallengeOptions,
    ) -> Result<Challenge, ServiceError> {
        self.make_challenge(challenger, challenged, place, options, None)
            .await
    }

    /// [`create_challenge`](Self::create_challenge), naming the finished game it is a rematch
    /// of, if it is one: checked in the same transaction that no other rematch of it is under
    /// way.
    async fn make_challenge(
        &self,
        challenger: &Player,
        challenged: Option<&Player>,
        place: Place,
        options: ChallengeOptions,
        rematch_of: Option<GameId>,
    ) -> Result<Challenge, ServiceError> {
        if challenged.is_some_and(|p| p.id == challenger.id) {
            return Err(ServiceError::SelfChallenge);
        }
        let now = self.clock.now();
        let mut tx = self.write_to_start(challenger.id, rematch_of, now).await?;
        let limit = self.config.max_open_challenges;
        if store::open_challenge_count(&mut tx, challenger.id, None, now).await? >= limit {
            return Err(tx.abandon(ServiceError::TooManyChallenges { limit }).await);
        }
        if let Some(p) = challenged {
            let limit = self.config.max_challenges_per_opponent;
            if store::open_challenge_count(&mut tx, challenger.id, Some(p.id), now).await? >= limit
            {
                return Err(tx
                    .abandon(ServiceError::TooManyChallengesToPlayer { limit })
                    .await);
            }
            let declines = store::latest_declines(&mut tx, challenger.id, p.id).await?;
            if let Some(until) = self.challenge_again_at(&declines)
                && until > now
            {
                return Err(tx.abandon(ServiceError::DeclinedRecently { until }).await);
            }
        }
        store::upsert_player(&mut tx, challenger, place.guild, now).await?;
        if let Some(p) = challenged {
            // Named by the challenger: no sighting of theirs on the server.
            store::record_player(&mut tx, p, place.guild, now, store::Sighting::Elsewhere).await?;
        }
        let new = NewChallenge {
            place,
            challenger,
            challenged,
            options,
            now,
            expires_at: now + self.config.challenge_ttl,
            rematch_of,
        };
        let challenge = store::insert_challenge(&mut tx, &new).await?;
        tx.commit().await?;
        Ok(challenge)
    }

    /// A write transaction for `user` to start a challenge or a game, holding their limits' lock
    /// (see [`store::lock_limits`]) for the counts that follow; refused when it is a rematch of
    /// `rematch_of` and another rematch of that game is under way (see [`rematch_refused`]).
    async fn write_to_start(
        &self,
        user: UserId,
        rematch_of: Option<GameId>,
        now: Timestamp,
    ) -> Result<WriteTx, ServiceError> {
        let mut tx = self.write().await?;
        store::lock_limits(&mut tx, &[user.0]).await?;
        if let Some(refusal) = rematch_refused(&mut tx, rematch_of, now).await? {
            return Err(tx.abandon(refusal).await);
        }
        Ok(tx)
    }

    /// When a challenger whose challenges a member declined at `declines` (the latest first,
    /// see [`store::latest_declines`]) may challenge that member again:
    /// [`decline_cooldown`](super::ServiceConfig::decline_cooldown) after the last decline, or
    /// [`repeated_decline_cooldown`](super::ServiceConfig::repeated_decline_cooldown) when the
    /// two last came within that long of each other. `None` when they never declined.
    fn challenge_again_at(&self, declines: &[Timestamp]) -> Option<Timestamp> {
        let (&last, before) = declines.split_first()?;
        let repeated = self.config.repeated_decline_cooldown;
        let wait = match before.first() {
            Some(&before) if last.since(before) < repeated => repeated,
            _ => self.config.decline_cooldown,
        };
        Some(last + wait)
    }

    /// `player`, at `place`, accepts challenge `id`: the game starts. Only the challenged player
    /// may accept a direct challenge; anyone but the challenger may take an open one. If several
    /// accept at once, exactly one starts the game; the others get
    /// [`ServiceError::ChallengeGone`].
    /// Refused with [`ServiceError::TooManyGames`] when `player` already plays
    /// [`max_active_games`](super::ServiceConfig::max_active_games), and with
    /// [`ServiceError::OpponentHasTooManyGames`] when the challenger does.
    pub async fn accept_challenge(
        &self,
        player: &Player,
        place: Place,
        id: ChallengeId,
    ) -> Result<GameView, ServiceError> {
        let now = self.clock.now();
        let challenge = self.open_challenge(id, player.id, place).await?;
        if challenge.challenger.id == player.id {
            return Err(ServiceError::OwnChallenge);
        }
        if challenge
            .challenged
            .as_ref()
            .is_some_and(|p| p.id != player.id)
        {
            return Err(ServiceError::ChallengeNotForYou);
        }
        if challenge.expires_at <= now {
            return Err(ServiceError::ChallengeExpired);
        }
        let seats = self.seat(
            challenge.options.colour,
            Participant::Human(challenge.challenger.clone()),
            Participant::Human(player.clone()),
        );
        let (tc, live) = start_clock(challenge.options.time_control, challenge.options.live, now);
        let mut tx = self.write().await?;
        store::lock_limits(&mut tx, &[player.id.0, challenge.challenger.id.0]).await?;
        let limit = self.config.max_active_games;
        if store::playing(&mut tx, player.id).await?.places() >= limit {
            return Err(tx.abandon(ServiceError::TooManyGames { limit }).await);
        }
        if store::playing(&mut tx, challenge.challenger.id)
            .await?
            .places()
            >= limit
        {
            return Err(tx
                .abandon(ServiceError::OpponentHasTooManyGames { limit })
                .await);
        }
        store::upsert_player(&mut tx, player, place.guild, now).await?;
        let game = store::insert_game(
            &mut tx,
            &NewGame {
                place: challenge.place,
                seats: &seats,
                rated: challenge.options.rated,
                time_control: tc,
                live,
                rules: challenge.options.rules,
                start: Position::start(),
                to_move: seats.white.user(),
                deadline: first_deadline(tc, live, now),
                now,
                rematch_of: challenge.rematch_of,
            },
        )
        .await?;
        if !store::close_challenge(&mut tx, id, ChallengeStatus::Accepted(game), now).await? {
            return Err(tx.abandon(ServiceError::ChallengeGone).await);
        }
        self.announce_start(&mut tx, game, now).await?;
        tx.commit().await?;
        if live.is_some() {
            self.flags.notify_one();
        }
        self.game(game).await
    }

    /// `user` closes challenge `id`, seen from `place`, as `how` says: the challenged player
    /// declines it, or the challenger withdraws it.
    pub async fn close_challenge(
        &self,
        how: Closing,
        user: UserId,
        place: Place,
        id: ChallengeId,
    ) -> Result<Challenge, ServiceError> {
        let challenge = self.open_challenge(id, user, place).await?;
        let status = match how {
            Closing::Declined => {
                if challenge.challenger.id == user {
                    return Err(ServiceError::OwnChallenge);
                }
                if challenge.challenged.as_ref().is_none_or(|p| p.id != user) {
                    return Err(ServiceError::ChallengeNotForYou);
                }
                ChallengeStatus::Declined
            }
            Closing::Withdrawn => {
                if challenge.challenger.id != user {
                    return Err(ServiceError::NotYourChallenge);
                }
                ChallengeStatus::Cancelled
            }
        };
        self.close(challenge, status).await
    }

    /// Challenge `id`, whatever its status.
    pub async fn challenge(&self, id: ChallengeId) -> Result<Challenge, ServiceError> {
        let mut conn = self.pool.acquire().await?;
        store::challenge(&mut conn, id)
            .await?
            .ok_or(ServiceError::NoSuchChallenge(id))
    }

    /// Starts an unrated game between `player` and the engine at `level`; `colour` is the
    /// player's. When the engine is White it is to move at once: see
    /// [`GameView::engine_to_move`]. The engine has no deadline; the player has `time_control`
    /// per move. Should the player take back a move (granted at once) while the engine thinks,
    /// the engine's move is refused with [`ServiceError::Conflict`]: read the game again.
    /// Refused with [`ServiceError::TooManyComputerGames`] when the player already plays
    /// [`max_computer_games`](super::ServiceConfig::max_computer_games) against the computer,
    /// and with [`ServiceError::TooManyGames`] at
    /// [`max_active_games`](super::ServiceConfig::max_active_games) in all.
    pub async fn start_engine_game(
        &self,
        player: &Player,
        place: Place,
        level: Level,
        colour: ColourChoice,
        time_control: TimeControl,
    ) -> Result<GameView, ServiceError> {
        let options = EngineGame {
            level,
            colour,
            time_control,
            live: None,
            rules: Rules::STANDARD,
        };
        self.start_engine_game_with(player, place, options).await
    }

    /// [`start_engine_game`](Self::start_engine_game) with every option, the rule set included.
    pub async fn start_engine_game_with(
        &self,
        player: &Player,
        place: Place,
        options: EngineGame,
    ) -> Result<GameView, ServiceError> {
        self.start_engine(player, place, options, None).await
    }

    /// [`start_engine_game_with`](Self::start_engine_game_with), naming the finished game it
    /// is a rematch of, if it is one (see [`make_challenge`](Self::make_challenge)).
    async fn start_engine(
        &self,
        player: &Player,
        place: Place,
        options: EngineGame,
        rematch_of: Option<GameId>,
    ) -> Result<GameView, ServiceError> {
        let EngineGame {
            level,
            colour,
            time_control,
            live,
            rules,
        } = options;
        let now = self.clock.now();
        let (time_control, live) = start_clock(time_control, live, now);
        let seats = self.seat(
            colour,
            Participant::Human(player.clone()),
            Participant::Engine(level),
        );
        let white = seats.white.user();
        let mut tx = self.write_to_start(player.id, rematch_of, now).await?;
        let limit = self.config.max_computer_games;
        if store::computer_game_count(&mut tx, player.id).await? >= limit {
            return Err(tx
                .abandon(ServiceError::TooManyComputerGames { limit })
                .await);
        }
        let limit = self.config.max_active_games;
        if store::playing(&mut tx, player.id).await?.places() >= limit {
            return Err(tx.abandon(ServiceError::TooManyGames { limit }).await);
        }
        store::upsert_player(&mut tx, player, place.guild, now).await?;
        let game = store::insert_game(
            &mut tx,
            &NewGame {
                place,
                seats: &seats,
                rated: false,
                time_control,
                live,
                rules,
                start: Position::start(),
                to_move: white,
                deadline: match live {
                    Some(_) => first_deadline(time_control, live, now),
                    None => white.and(time_control.per_move()).map(|d| now + d),
                },
                now,
                rematch_of,
            },
        )
        .await?;
        self.announce_start(&mut tx, game, now).await?;
        tx.commit().await?;
        if live.is_some() {
            self.flags.notify_one();
        }
        let view = self.game(game).await?;
        self.start_reply(&view);
        Ok(view)
    }

    /// `player` asks for a rematch of finished game `id`, at the game's place, with colours
    /// swapped and the same time per move and rule set. Against a person it is a direct
    /// challenge to the opponent (rated as the game was), under the challenges' limits; against
    /// the computer the game starts at once, at the same level or, when `player` won, one
    /// level up (see [`rematch_level`]). Refused with [`ServiceError::NotAParticipant`] for
    /// someone who did not play, [`ServiceError::GameInProgress`] before the end, and
    /// [`ServiceError::RematchPending`] or [`ServiceError::RematchStarted`] when a rematch of
    /// the game is already under way.
    pub async fn rematch(&self, player: &Player, id: GameId) -> Result<Rematch, ServiceError> {
        let view = self.game(id).await?;
        let colour = view.ensure_player(player.id)?;
        let Some(outcome) = view.outcome else {
            return Err(ServiceError::GameInProgress);
        };
        let swapped = match colour {
            Color::White => ColourChoice::Black,
            Color::Black => ColourChoice::White,
        };
        match view.seats.participant(colour.opposite()) {
            Participant::Engine(level) => {
                let won = outcome.winner() == Some(colour);
                let options = EngineGame {
                    level: rematch_level(*level, won),
                    colour: swapped,
                    time_control: view.time_control,
                    live: view.live,
                    rules: view.rules,
                };
                let game = self
                    .start_engine(player, view.place, options, Some(id))
                    .await?;
                Ok(Rematch::Computer(game))
            }
            Participant::Human(opponent) => {
                let options = ChallengeOptions {
                    colour: swapped,
                    time_control: view.time_control,
                    live: view.live,
                    rated: view.rated,
                    rules: view.rules,
                };
                let challenge = self
                    .make_challenge(player, Some(opponent), view.place, options, Some(id))
                    .await?;
                Ok(Rematch::Challenge(challenge))
            }
        }
    }

    /// The first board of a new game, written with the game.
    async fn announce_start(
        &self,
        conn: &mut Conn,
        game: GameId,
        now: Timestamp,
    ) -> Result<(), ServiceError> {
        let notice = Notice::Board {
            game,
            ply: 0,
            lines: vec![Line::GameBegins],
        };
        outbox::push(conn, &notice, now, self.config.answer_grace).await?;
        Ok(())
    }

    /// The seats of a game where `chooser` asked for `choice` and `other` takes the other
    /// colour; the service's coin decides [`ColourChoice::Random`].
    fn seat(&self, choice: ColourChoice, chooser: Participant, other: Participant) -> Seats {
        let chooser_white = match choice {
            ColourChoice::White => true,
            ColourChoice::Black => false,
            ColourChoice::Random => self.coin.flip(),
        };
        if chooser_white {
            Seats::new(chooser, other)
        } else {
            Seats::new(other, chooser)
        }
    }

    /// Challenge `id` if it is still open.
    /// Challenge `id` for `user` to answer from `place`: refused with
    /// [`ServiceError::NotVisibleHere`] where they may not see it, and unless it is open.
    async fn open_challenge(
        &self,
        id: ChallengeId,
        user: UserId,
        place: Place,
    ) -> Result<Challenge, ServiceError> {
        let challenge = self.challenge(id).await?;
        if !challenge.visible_to(user, place) {
            return Err(ServiceError::NotVisibleHere);
        }
        match challenge.status {
            ChallengeStatus::Open => Ok(challenge),
            ChallengeStatus::Expired => Err(ServiceError::ChallengeExpired),
            _ => Err(ServiceError::ChallengeGone),
        }
    }

    async fn close(
        &self,
        mut challenge: Challenge,
        status: ChallengeStatus,
    ) -> Result<Challenge, ServiceError> {
        let now = self.clock.now();
        let mut tx = self.write().await?;
        if !store::close_challenge(&mut tx, challenge.id, status, now).await? {
            return Err(tx.abandon(ServiceError::ChallengeGone).await);
        }
        tx.commit().await?;
        challenge.status = status;
        Ok(challenge)
    }
}

/// What a rematch made: a challenge to the opponent, or a game against the computer.
#[derive(Debug, Clone, PartialEq)]
#[allow(
    clippy::large_enum_variant,
    reason = "one value per rematch asked for, returned at once: boxing would only burden its readers"
)]
pub enum Rematch {
    /// The challenge to the person who played the finished game, waiting for their answer.
    Challenge(Challenge),
    /// The new game against the computer, started.
    Computer(GameView),
}

/// The computer's level in a rematch of a game at `level`: one up (at most
/// [`Level::MAX`]) after the person `won`, else the same.
#[must_use]
pub fn rematch_level(level: Level, won: bool) -> Level {
    match won {
        true => Level::new(level.number().saturating_add(1)).unwrap_or(Level::MAX),
        false => level,
    }
}

/// Why a rematch of `rematch_of` (when this is one) cannot be made now: another rematch of the
/// same game is waiting for an answer, or has started.
async fn rematch_refused(
    conn: &mut Conn,
    rematch_of: Option<GameId>,
    now: Timestamp,
) -> Result<Option<ServiceError>, ServiceError> {
    let Some(game) = rematch_of else {
        return Ok(None);
    };
    Ok(match store::rematch_made(conn, game, now).await? {
        Some(RematchState::Pending) => Some(ServiceError::RematchPending),
        Some(RematchState::Started) => Some(ServiceError::RematchStarted),
        None => None,
    })
}
