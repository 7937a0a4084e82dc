//! Correspondence tournaments: created on a server, joined by its members, started by its
//! creator or someone who manages the server (or by the sweeper at the time set), then played
//! round by round. Each round's games are created with the pairing, in one transaction; the end
//! of a round's last game pairs the next round (or ends the tournament) in the transaction
//! that ends the game, so a crash or restart at any moment loses nothing and pairs nothing
//! twice.
//!
//! - Seeds: at the start, by the players' ratings on the server (best first), then joining order.
//! - A player who leaves after the start is withdrawn: their game in progress is resigned
//!   (after the withdrawal is committed; should a crash come between, leaving again resigns it),
//!   their later round-robin games are forfeited (the opponent scores a win, no game is played;
//!   two withdrawn players score a draw), and a Swiss pairs them no more.
//! - A round whose pairings are all byes or forfeits is over at once.
//! - A Swiss ends early when no pairing without a repeated pair exists, or fewer than two
//!   players remain.
//! - A cancelled tournament pairs nothing more; its games in progress go on as ordinary games.

use std::time::Duration;

use dama_rules::{Color, Position};

use super::outbox::{self, Line, Notice};
use super::scheduled_events::{self, EventOf};
use super::servers::Authority;
use super::tx::WriteTx;
use super::{GameService, ServiceError};
use crate::clock::Timestamp;
use crate::ids::{GameId, GuildId, Place, TournamentId, UserId};
use crate::model::{Participant, Player, Seats};
use crate::store::{self, Conn, NewGame, NewTournament};
use crate::tournament::{
    Format, MAX_NAME, MAX_PLAYERS, MIN_PLAYERS, Options, Pairing, Standings, Status, Tournament,
    pairing,
};

/// The server's tournaments looked through for the one a member plays in, when they leave
/// without naming one.
const LOOKED_AT_FOR_LEAVING: u32 = 25;

/// How long a new tournament is not the one a member means by `join` without a name, unless
/// they created it: someone who types `join` means the tournament they saw announced, and one
/// created since, by someone else, may not be it (or may be made to catch them). They name it,
/// or press Join under its announcement.
const FRESH: Duration = Duration::from_secs(5 * 60);

/// The open tournaments named, newest first, when a `join` without a name could mean several.
const NAMED_WHEN_SEVERAL: u32 = 5;

/// What a command that names no tournament does with one, which decides the tournament it
/// means: the server's newest in the statuses below.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MeantFor {
    /// Joining, by `user`: the server's only open one, unless someone else created it in the
    /// last few minutes (see [`ServiceError::TournamentJustCreated`] and
    /// [`ServiceError::SeveralTournamentsOpen`]).
    Joining(UserId),
    /// Leaving, by `user`: an open or running one they play in (not withdrawn).
    Leaving(UserId),
    /// Starting: an open one.
    Starting,
    /// Showing the standings: a running, open or finished one.
    Standings,
    /// Cancelling: an open or running one.
    Cancelling,
}

impl MeantFor {
    /// The statuses of the tournaments it may mean, in no particular order.
    const fn statuses(self) -> &'static [Status] {
        match self {
            MeantFor::Joining(_) | MeantFor::Starting => &[Status::Open],
            MeantFor::Leaving(_) | MeantFor::Cancelling => &[Status::Open, Status::Running],
            MeantFor::Standings => &[Status::Running, Status::Open, Status::Finished],
        }
    }
}

/// What leaving a tournament did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Left {
    /// The tournament, after.
    pub tournament: Tournament,
    /// Whether the player withdrew from a running tournament (else they left before the
    /// start, and it is as if they had never joined).
    pub withdrew: bool,
    /// Their games in progress, now resigned.
    pub resigned: Vec<GameId>,
}

impl GameService {
    /// Tournament `id`, as seen from `place`: refused with [`ServiceError::NoSuchTournament`]
    /// from another server.
    pub async fn tournament(
        &self,
        id: TournamentId,
        place: Place,
    ) -> Result<Tournament, ServiceError> {
        let mut conn = self.pool.acquire().await?;
        let found = loaded(&mut conn, id).await?;
        visible(&found, place.guild)?;
        Ok(found)
    }

    /// The tournament a command names (`id`) or, when it names none, the one it means on the
    /// server of `place` (see [`MeantFor`]); refused with [`ServiceError::NoTournamentHere`]
    /// when there is none ([`ServiceError::NotInTournament`] for leaving), and, for joining,
    /// with [`ServiceError::SeveralTournamentsOpen`] or
    /// [`ServiceError::TournamentJustCreated`] when the member is to say which one.
    pub async fn tournament_meant(
        &self,
        id: Option<TournamentId>,
        place: Place,
        meant_for: MeantFor,
    ) -> Result<Tournament, ServiceError> {
        if let Some(id) = id {
            return self.tournament(id, place).await;
        }
        let guild = place.guild.ok_or(ServiceError::TournamentNeedsServer)?;
        if let MeantFor::Joining(user) = meant_for {
            return self.to_join(guild, user).await;
        }
        let (looked_at, none) = match meant_for {
            MeantFor::Leaving(_) => (LOOKED_AT_FOR_LEAVING, ServiceError::NotInTournament),
            _ => (1, ServiceError::NoTournamentHere),
        };
        let mut conn = self.pool.acquire().await?;
        let newest =
            store::tournaments_in(&mut conn, guild, meant_for.statuses(), looked_at).await?;
        for id in newest {
            let found = loaded(&mut conn, id).await?;
            let fits = match meant_for {
                MeantFor::Leaving(user) => found.entrant(user).is_some_and(|e| !e.withdrawn),
                _ => true,
            };
            if fits {
                return Ok(found);
            }
        }
        Err(none)
    }

    /// The open tournament of `guild` that `user` means by `join` without a name: the only
    /// one, unless someone else created it less than [`FRESH`] ago.
    async fn to_join(&self, guild: GuildId, user: UserId) -> Result<Tournament, ServiceError> {
        let mut conn = self.pool.acquire().await?;
        let open =
            store::tournaments_in(&mut conn, guild, &[Status::Open], NAMED_WHEN_SEVERAL).await?;
        let only = match open.as_slice() {
            [] => return Err(ServiceError::NoTournamentHere),
            [only] => loaded(&mut conn, *only).await?,
            several => return Err(ServiceError::SeveralTournamentsOpen(several.to_vec())),
        };
        if only.creator != user && self.clock.now() < only.created_at + FRESH {
            return Err(ServiceError::TournamentJustCreated(only.id));
        }
        Ok(only)
    }

    /// The tournaments of server `guild` in `statuses`, newest first, at most `limit` (for
    /// autocomplete and the community pages); refused outside a server (`None`).
    pub async fn tournaments(
        &self,
        guild: Option<GuildId>,
        statuses: &[Status],
        limit: u32,
    ) -> Result<Vec<Tournament>, ServiceError> {
        let guild = guild.ok_or(ServiceError::TournamentNeedsServer)?;
        let mut conn = self.pool.acquire().await?;
        let ids = store::tournaments_in(&mut conn, guild, statuses, limit).await?;
        let mut found = Vec::with_capacity(ids.len());
        for id in ids {
            found.push(loaded(&mut conn, id).await?);
        }
        Ok(found)
    }

    /// The table of tournament `id` with every pairing so far, asked from server `guild`
    /// (`None`: outside any server): a tournament of another server is not found.
    pub async fn standings(
        &self,
        id: TournamentId,
        guild: Option<GuildId>,
    ) -> Result<Standings, ServiceError> {
        let standings = self.standings_of(id).await?;
        visible(&standings.tournament, guild)?;
        Ok(standings)
    }

    /// The table of tournament `id`, for the adapter's notices (no visibility check).
    pub async fn standings_of(&self, id: TournamentId) -> Result<Standings, ServiceError> {
        let mut tx = self.pool.begin().await?;
        let found = loaded(&mut tx, id).await?;
        let pairings = store::pairings(&mut tx, id).await?;
        tx.commit().await?;
        Ok(table(found, pairings))
    }

    /// The tournament and round game `game` is played for, if it is a tournament game.
    pub async fn tournament_of_game(
        &self,
        game: GameId,
    ) -> Result<Option<(Tournament, u32)>, ServiceError> {
        let mut conn = self.pool.acquire().await?;
        let Some((id, round)) = store::pairing_of_game(&mut conn, game).await? else {
            return Ok(None);
        };
        Ok(Some((loaded(&mut conn, id).await?, round)))
    }

    /// `creator` creates a tournament on the server of `place`, announced in its channel and
    /// played under the server's rule set. Refused with [`ServiceError::TournamentNeedsServer`]
    /// in direct messages, with the `Tournament…` refusals for options out of range, and with
    /// [`ServiceError::TooManyOpenTournaments`] or [`ServiceError::ServerHasTooManyTournaments`]
    /// when the creator or the server has as many tournaments waiting to start as allowed.
    pub async fn create_tournament(
        &self,
        creator: &Player,
        place: Place,
        mut options: Options,
    ) -> Result<Tournament, ServiceError> {
        let now = self.clock.now();
        let guild = place.guild.ok_or(ServiceError::TournamentNeedsServer)?;
        options.name = options.name.trim().to_owned();
        if options.name.is_empty() || options.name.chars().count() > MAX_NAME {
            return Err(ServiceError::TournamentName { max: MAX_NAME });
        }
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&options.max_players) {
            return Err(ServiceError::TournamentSize {
                min: MIN_PLAYERS,
                max: MAX_PLAYERS,
            });
        }
        let most_rounds = MAX_PLAYERS - 1;
        if options.format != Format::Swiss {
            options.rounds = None;
        } else if options.rounds.is_some_and(|r| r == 0 || r > most_rounds) {
            return Err(ServiceError::TournamentRounds { max: most_rounds });
        }
        if options.starts_at.is_some_and(|at| at <= now) {
            return Err(ServiceError::StartInPast);
        }
        let rules = self.server_rules(guild).await?;
        let mut tx = self.write().await?;
        store::lock_limits(&mut tx, &[guild.0, creator.id.0]).await?;
        let (created, here) = store::open_tournament_counts(&mut tx, creator.id, guild).await?;
        let limit = self.config.max_open_tournaments_per_creator;
        if created >= limit {
            return Err(tx
                .abandon(ServiceError::TooManyOpenTournaments { limit })
                .await);
        }
        let limit = self.config.max_open_tournaments_per_server;
        if here >= limit {
            return Err(tx
                .abandon(ServiceError::ServerHasTooManyTournaments { limit })
                .await);
        }
        store::upsert_player(&mut tx, creator, place.guild, now).await?;
        let new = NewTournament {
            guild,
            channel: place.channel,
            creator: creator.id,
            options: &options,
            rules,
            now,
        };
        let id = store::insert_tournament(&mut tx, &new).await?;
        if options.starts_at.is_some() {
            scheduled_events::changed(&mut tx, EventOf::Tournament(id), now).await?;
        }
        committed(tx, id).await
    }

    /// `player` joins tournament `id` while it is open and not full. Refused with
    /// [`ServiceError::TooManyTournaments`] when they play in as many tournaments as allowed,
    /// and with [`ServiceError::TournamentWouldExceedGames`] when they play as many games as
    /// allowed: the tournament would take one place more (see
    /// [`max_active_games`](super::ServiceConfig::max_active_games)).
    pub async fn join_tournament(
        &self,
        player: &Player,
        place: Place,
        id: TournamentId,
    ) -> Result<Tournament, ServiceError> {
        let now = self.clock.now();
        let (mut tx, found) = self.opened(id, place).await?;
        store::lock_limits(&mut tx, &[player.id.0]).await?;
        let refused = match joinable(&found, player.id) {
            Ok(()) => self.over_limits(&mut tx, player.id).await?,
            Err(refusal) => Some(refusal),
        };
        if let Some(refusal) = refused {
            return Err(tx.abandon(refusal).await);
        }
        store::upsert_player(&mut tx, player, place.guild, now).await?;
        let seed = found.entrants.iter().map(|e| e.seed).max().unwrap_or(0) + 1;
        if !store::insert_entrant(&mut tx, id, player.id, seed, now).await? {
            return Err(tx.abandon(ServiceError::AlreadyJoined).await);
        }
        committed(tx, id).await
    }

    /// `user` leaves tournament `id`: before the start as if they had never joined; after it
    /// they are withdrawn (see the module's rules) and their games in progress resigned.
    pub async fn leave_tournament(
        &self,
        user: UserId,
        place: Place,
        id: TournamentId,
    ) -> Result<Left, ServiceError> {
        let now = self.clock.now();
        let (mut tx, found) = self.opened(id, place).await?;
        if let Err(refusal) = not_over(&found) {
            return Err(tx.abandon(refusal).await);
        }
        let withdrew = found.status == Status::Running;
        let done = if withdrew {
            store::withdraw_entrant(&mut tx, id, user, now).await?
        } else {
            store::remove_entrant(&mut tx, id, user).await?
        };
        let in_progress: Vec<GameId> = if withdrew {
            store::pairings(&mut tx, id)
                .await?
                .iter()
                .filter(|p| p.is_pending() && p.involves(user))
                .filter_map(|p| p.game)
                .collect()
        } else {
            Vec::new()
        };
        // A withdrawal that a crash cut short (withdrawn, a game not resigned yet) is finished
        // by leaving again.
        let cut_short = !in_progress.is_empty() && found.entrant(user).is_some_and(|e| e.withdrawn);
        if !done && !cut_short {
            return Err(tx.abandon(ServiceError::NotInTournament).await);
        }
        if withdrew && in_progress.is_empty() {
            outbox::push(
                &mut tx,
                &Notice::Standings { tournament: id },
                now,
                Duration::ZERO,
            )
            .await?;
        }
        tx.commit().await?;
        // Withdrawn first, so that the round these resignations may end does not pair them.
        let mut resigned = Vec::new();
        for game in in_progress {
            match self.resign(game, user).await {
                Ok(_) => resigned.push(game),
                Err(ServiceError::GameOver | ServiceError::DeadlinePassed) => {}
                Err(e) => return Err(e),
            }
        }
        let mut conn = self.pool.acquire().await?;
        Ok(Left {
            tournament: loaded(&mut conn, id).await?,
            withdrew,
            resigned,
        })
    }

    /// `user` starts or cancels tournament `id` as `action` says (its creator, or a manager of
    /// the server by their `authority`): refused with [`ServiceError::NotOrganiser`] otherwise.
    /// Started, the players are seeded and the first round is paired, its games created.
    pub async fn organise_tournament(
        &self,
        action: Organising,
        user: UserId,
        authority: Authority,
        place: Place,
        id: TournamentId,
    ) -> Result<Tournament, ServiceError> {
        let now = self.clock.now();
        let (mut tx, found) = self.opened(id, place).await?;
        let allowed = if found.creator != user && authority != Authority::Manager {
            Err(ServiceError::NotOrganiser)
        } else {
            match action {
                Organising::Start => startable(&found),
                Organising::Cancel => not_over(&found),
            }
        };
        if let Err(refusal) = allowed {
            return Err(tx.abandon(refusal).await);
        }
        match action {
            Organising::Start => start(&mut tx, found, now).await?,
            Organising::Cancel => cancel(&mut tx, &found, now).await?,
        }
        committed(tx, id).await
    }

    /// Records the message that shows tournament `id`'s standings (edited after each result).
    pub async fn set_standings_message(
        &self,
        id: TournamentId,
        message: u64,
    ) -> Result<(), ServiceError> {
        let mut tx = self.write().await?;
        store::set_standings_message(&mut tx, id, message).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Why `user` may not join one more tournament, if they may not: they play in as many
    /// tournaments, or as many games (a tournament taking one place), as allowed.
    async fn over_limits(
        &self,
        conn: &mut Conn,
        user: UserId,
    ) -> Result<Option<ServiceError>, ServiceError> {
        let playing = store::playing(conn, user).await?;
        let tournaments = self.config.max_tournaments_joined;
        let games = self.config.max_active_games;
        Ok(if playing.tournaments >= tournaments {
            Some(ServiceError::TooManyTournaments { limit: tournaments })
        } else if playing.places() >= games {
            Some(ServiceError::TournamentWouldExceedGames { limit: games })
        } else {
            None
        })
    }

    /// A write transaction and tournament `id` as seen from `place` (refused, and the
    /// transaction given up, from another server). Its row stays locked until the transaction
    /// ends (PostgreSQL), so that joining, leaving, starting and cancelling it happen one after
    /// the other: a join cannot slip in while it starts.
    async fn opened(
        &self,
        id: TournamentId,
        place: Place,
    ) -> Result<(WriteTx, Tournament), ServiceError> {
        let mut tx = self.write().await?;
        store::lock_tournament(&mut tx, id).await?;
        let found = loaded(&mut tx, id).await;
        match found.and_then(|t| visible(&t, place.guild).map(|()| t)) {
            Ok(found) => Ok((tx, found)),
            Err(e) => Err(tx.abandon(e).await),
        }
    }

    /// Starts the open tournaments whose start time has come (cancels those with too few
    /// players), each in its own transaction.
    pub(super) async fn start_due_tournaments(&self, now: Timestamp) -> Result<(), ServiceError> {
        let due = {
            let mut conn = self.pool.acquire().await?;
            store::tournaments_due(&mut conn, now).await?
        };
        for id in due {
            let mut tx = self.write().await?;
            store::lock_tournament(&mut tx, id).await?;
            let found = loaded(&mut tx, id).await?;
            if found.status != Status::Open {
                tx.abandon(ServiceError::Conflict).await;
                continue;
            }
            match startable(&found) {
                Ok(()) => start(&mut tx, found, now).await?,
                Err(_) => cancel(&mut tx, &found, now).await?,
            }
            tx.commit().await?;
        }
        Ok(())
    }
}

/// Records the result of `game` in its tournament, if it is a tournament game, inside the
/// transaction that ends it; when it was the round's last game, pairs the next round or ends
/// the tournament there too.
pub(super) async fn record_result(
    conn: &mut Conn,
    game: GameId,
    winner: Option<Color>,
    now: Timestamp,
) -> Result<(), ServiceError> {
    let Some((id, _)) = store::pairing_of_game(conn, game).await? else {
        return Ok(());
    };
    // The last two games of a round may end at once on two instances: whoever comes second
    // waits here, then sees the first's result and pairs the next round.
    store::lock_tournament(conn, id).await?;
    store::set_pairing_result(conn, game, winner).await?;
    let found = loaded(conn, id).await?;
    if found.status != Status::Running {
        return Ok(());
    }
    outbox::push(
        conn,
        &Notice::Standings { tournament: id },
        now,
        Duration::ZERO,
    )
    .await?;
    advance(conn, found, now).await
}

/// Tournament `id` with its players, or [`ServiceError::NoSuchTournament`].
async fn loaded(conn: &mut Conn, id: TournamentId) -> Result<Tournament, ServiceError> {
    store::tournament(conn, id)
        .await?
        .ok_or(ServiceError::NoSuchTournament(id))
}

/// What the organiser of a tournament does with it: see
/// [`GameService::organise_tournament`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Organising {
    /// Seeds its players and pairs the first round.
    Start,
    /// Calls it off.
    Cancel,
}

/// Tournament `id` as the write transaction `tx` leaves it, once committed.
async fn committed(mut tx: WriteTx, id: TournamentId) -> Result<Tournament, ServiceError> {
    let found = loaded(&mut tx, id).await?;
    tx.commit().await?;
    Ok(found)
}

/// Refused with [`ServiceError::NoSuchTournament`] unless `found` belongs to the server of
/// `place`.
fn visible(found: &Tournament, guild: Option<GuildId>) -> Result<(), ServiceError> {
    if guild == Some(found.guild) {
        Ok(())
    } else {
        Err(ServiceError::NoSuchTournament(found.id))
    }
}

fn entrants(found: &Tournament) -> u32 {
    u32::try_from(found.entrants.len()).unwrap_or(u32::MAX)
}

/// Refused unless `found` is still open: [`ServiceError::TournamentStarted`] once it runs,
/// [`ServiceError::TournamentOver`] once it is over.
fn still_open(found: &Tournament) -> Result<(), ServiceError> {
    match found.status {
        Status::Open => Ok(()),
        Status::Running => Err(ServiceError::TournamentStarted),
        Status::Finished | Status::Cancelled => Err(ServiceError::TournamentOver),
    }
}

/// Refused with [`ServiceError::TournamentOver`] once `found` is finished or cancelled.
fn not_over(found: &Tournament) -> Result<(), ServiceError> {
    match found.status {
        Status::Open | Status::Running => Ok(()),
        Status::Finished | Status::Cancelled => Err(ServiceError::TournamentOver),
    }
}

/// Whether `user` may join `found` now: while it is open, not full, and they are not in it.
fn joinable(found: &Tournament, user: UserId) -> Result<(), ServiceError> {
    still_open(found)?;
    if found.entrant(user).is_some() {
        return Err(ServiceError::AlreadyJoined);
    }
    if entrants(found) >= found.max_players {
        return Err(ServiceError::TournamentFull {
            max: found.max_players,
        });
    }
    Ok(())
}

/// Whether `found` may start now: while it is open, with at least [`MIN_PLAYERS`].
fn startable(found: &Tournament) -> Result<(), ServiceError> {
    still_open(found)?;
    if entrants(found) < MIN_PLAYERS {
        return Err(ServiceError::TooFewPlayers {
            have: entrants(found),
            min: MIN_PLAYERS,
        });
    }
    Ok(())
}

/// Seeds the players of open tournament `found`, fixes its rounds and plays its first round.
async fn start(conn: &mut Conn, found: Tournament, now: Timestamp) -> Result<(), ServiceError> {
    // Tournament games are played by correspondence: their players are seeded by that rating.
    let table = store::RatingTable::AllTime(Some(found.guild), crate::model::Speed::Correspondence);
    let mut seeded = Vec::with_capacity(found.entrants.len());
    for entrant in &found.entrants {
        let rating = store::rating(conn, table, entrant.user)
            .await?
            .map_or(crate::rating::Rating::default().rating, |r| r.rating.rating);
        seeded.push((rating, entrant.seed, entrant.user));
    }
    seeded.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let order: Vec<UserId> = seeded.iter().map(|&(_, _, user)| user).collect();
    store::set_seeds(conn, found.id, &order).await?;
    let rounds = found.format.rounds(found.entrants.len(), found.rounds);
    if !store::set_status(
        conn,
        found.id,
        Status::Open,
        Status::Running,
        0,
        Some(rounds),
        now,
    )
    .await?
    {
        return Err(ServiceError::Conflict);
    }
    if found.starts_at.is_some() {
        scheduled_events::changed(conn, EventOf::Tournament(found.id), now).await?;
    }
    let running = loaded(conn, found.id).await?;
    advance(conn, running, now).await
}

/// Calls off `found`, telling its channel.
async fn cancel(conn: &mut Conn, found: &Tournament, now: Timestamp) -> Result<(), ServiceError> {
    if !store::set_status(
        conn,
        found.id,
        found.status,
        Status::Cancelled,
        found.round,
        None,
        now,
    )
    .await?
    {
        return Err(ServiceError::Conflict);
    }
    if found.starts_at.is_some() {
        scheduled_events::changed(conn, EventOf::Tournament(found.id), now).await?;
    }
    let notice = Notice::TournamentCancelled {
        tournament: found.id,
    };
    outbox::push(conn, &notice, now, Duration::ZERO).await
}

/// Moves running tournament `found` on while its current round is over: pairs the next round
/// (a round of byes and forfeits only is over at once) or, after the last, ends it.
async fn advance(
    conn: &mut Conn,
    mut found: Tournament,
    now: Timestamp,
) -> Result<(), ServiceError> {
    let rounds = found.rounds.unwrap_or(0);
    loop {
        let pairings = store::pairings(conn, found.id).await?;
        if pairings
            .iter()
            .any(|p| p.round == found.round && p.is_pending())
        {
            return Ok(());
        }
        let next = found.round + 1;
        let paired = if next <= rounds {
            pair_round(conn, &found, next, &pairings, now).await?
        } else {
            false
        };
        let status = if paired {
            Status::Running
        } else {
            Status::Finished
        };
        let round = if paired { next } else { found.round };
        if !store::set_status(conn, found.id, Status::Running, status, round, None, now).await? {
            return Err(ServiceError::Conflict);
        }
        if !paired {
            if found.starts_at.is_some() {
                scheduled_events::changed(conn, EventOf::Tournament(found.id), now).await?;
            }
            let notice = Notice::TournamentEnded {
                tournament: found.id,
            };
            return outbox::push(conn, &notice, now, Duration::ZERO).await;
        }
        found.round = round;
    }
}

/// Pairs round `round` of `found` after `pairings`, creating its games; `false` when it
/// cannot be paired (a Swiss with fewer than two players left, or no pairing without a
/// repeated pair).
async fn pair_round(
    conn: &mut Conn,
    found: &Tournament,
    round: u32,
    pairings: &[Pairing],
    now: Timestamp,
) -> Result<bool, ServiceError> {
    let pairs = match found.format.system(found.rounds.unwrap_or(0)) {
        pairing::System::RoundRobin { cycles } => {
            let everyone: Vec<u64> = found.entrants.iter().map(|e| e.user.0).collect();
            pairing::round_robin_round(&everyone, cycles, round)
        }
        pairing::System::Swiss { .. } => {
            let active: Vec<u64> = found.active().map(|e| e.user.0).collect();
            if active.len() < 2 {
                return Ok(false);
            }
            let history: Vec<pairing::Played> = pairings.iter().map(Pairing::played).collect();
            match pairing::swiss_round(&active, &history) {
                Some(pairs) => pairs,
                None => return Ok(false),
            }
        }
    };
    if pairs.is_empty() {
        return Ok(false);
    }
    // Announced before its games, whose first boards open their threads under it.
    let notice = Notice::RoundStarted {
        tournament: found.id,
        round,
    };
    outbox::push(conn, &notice, now, Duration::ZERO).await?;
    for (pair, board) in pairs.into_iter().zip(1..) {
        let pairing = match pair {
            pairing::Pair::Bye(user) => Pairing {
                round,
                board,
                white: UserId(user),
                black: None,
                game: None,
                result: None,
                forfeit: false,
            },
            pairing::Pair::Game { white, black } => {
                paired_game(
                    conn,
                    found,
                    round,
                    board,
                    [UserId(white), UserId(black)],
                    now,
                )
                .await?
            }
        };
        store::insert_pairing(conn, found.id, &pairing).await?;
    }
    Ok(true)
}

/// The pairing of `white` and `black` on `board`: their game, created with its first board
/// (which opens its thread), or a result given without play when either has withdrawn.
async fn paired_game(
    conn: &mut Conn,
    found: &Tournament,
    round: u32,
    board: u32,
    [white, black]: [UserId; 2],
    now: Timestamp,
) -> Result<Pairing, ServiceError> {
    let withdrawn = |user| found.entrant(user).is_some_and(|e| e.withdrawn);
    let forfeit = match (withdrawn(white), withdrawn(black)) {
        (false, false) => None,
        (true, false) => Some(Some(Color::Black)),
        (false, true) => Some(Some(Color::White)),
        (true, true) => Some(None),
    };
    let mut pairing = Pairing {
        round,
        board,
        white,
        black: Some(black),
        game: None,
        result: forfeit,
        forfeit: forfeit.is_some(),
    };
    if forfeit.is_some() {
        return Ok(pairing);
    }
    let human = |user| Participant::Human(Player::new(user, found.name_of(user)));
    let seats = Seats::new(human(white), human(black));
    let game = store::insert_game(
        conn,
        &NewGame {
            place: Place {
                guild: Some(found.guild),
                channel: found.channel,
            },
            seats: &seats,
            rated: found.rated,
            time_control: found.time_control,
            live: None,
            rules: found.rules,
            start: Position::start(),
            to_move: Some(white),
            deadline: found.time_control.per_move().map(|d| now + d),
            now,
            rematch_of: None,
        },
    )
    .await?;
    let notice = Notice::Board {
        game,
        ply: 0,
        lines: vec![Line::GameBegins],
    };
    outbox::push(conn, &notice, now, Duration::ZERO).await?;
    pairing.game = Some(game);
    Ok(pairing)
}

/// The table of `found` after `pairings`.
fn table(found: Tournament, pairings: Vec<Pairing>) -> Standings {
    let total_rounds = found
        .rounds
        .unwrap_or_else(|| found.format.rounds(found.entrants.len(), None));
    let players: Vec<(u64, bool)> = found
        .entrants
        .iter()
        .map(|e| (e.user.0, e.withdrawn))
        .collect();
    let history: Vec<pairing::Played> = pairings.iter().map(Pairing::played).collect();
    let rows = pairing::standings(
        &found.format.system(total_rounds),
        &players,
        &history,
        total_rounds,
    )
    .into_iter()
    .map(|s| s.for_user(UserId))
    .collect();
    Standings {
        tournament: found,
        total_rounds,
        pairings,
        rows,
    }
}
