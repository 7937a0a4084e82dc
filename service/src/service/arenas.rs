//! Arena tournaments: a fixed time on a live clock, every member paired again as soon as they
//! are free (the pure rules are in [`crate::tournament::arena`]). The arena worker starts
//! arenas at their time, pairs their free members and ends them; any instance may run it.
//!
//! - Several instances pair each member once: pairing an arena happens in one write
//!   transaction that locks the arena's row (PostgreSQL) and seats each member only if they are
//!   still free, so a second instance pairing at the same moment finds them taken and gives up
//!   its whole transaction.
//! - A game's end frees both players and records how it counted, in the transaction that ends
//!   the game (so a crash loses no result and frees nobody twice).
//! - **The end.** When the time is up no game is paired any more and the table is final at
//!   once. Games still in play go on as ordinary live games (rated if the arena was), but do
//!   not count for the arena, as on lichess.
//! - A member who lets a game be aborted (no first move in time) is paused.
//! - Leaving before the start removes the member; after it they are no longer paired, their
//!   score stays in the table, and joining again brings them back. A member may pause (not
//!   paired; a game in play is finished first) and come back by joining again.
//! - Berserk: before their first move, a player halves their own clock; a win of at least
//!   [`BERSERK_MIN_OWN_MOVES`](crate::tournament::arena::BERSERK_MIN_OWN_MOVES) own moves then
//!   earns one point more.

use std::time::Duration;

use dama_rules::{Color, Outcome, Position};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tracing::Instrument;

use super::champions::{self, ChampionTitle};
use super::outbox::{self, Line, Notice};
use super::scheduled_events::{self, EventOf};
use super::{GameService, ServiceError, live};
use crate::clock::Timestamp;
use crate::ids::{ArenaId, GameId, GuildId, Place, UserId};
use crate::model::{Clocks, Participant, Player, Seats, TimeControl};
use crate::store::{self, Conn, GameRecord, NewArena, NewGame};
use crate::tournament::arena::{
    self, Arena, ArenaOptions, ArenaOutcome, ArenaPair, ArenaStandings, Free,
};
use crate::tournament::{MAX_NAME, Status};

/// The longest the arena worker sleeps without looking again: another instance's game ends
/// do not ring this one's bell.
pub const ARENA_RECHECK: Duration = Duration::from_millis(500);

/// The least time between two edits of an arena's standings message: a burst of results makes
/// one edit, well within Discord's pace of 5 edits per 5 seconds in a channel.
pub const ARENA_STANDINGS_PACE: Duration = Duration::from_secs(3);

/// The longest the arena worker sleeps while no arena is open or running.
pub const ARENA_IDLE_RECHECK: Duration = Duration::from_secs(5);

/// What the arena worker did in one pass.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ArenaPass {
    /// Arenas started.
    pub started: Vec<ArenaId>,
    /// Games paired, with their arena.
    pub paired: Vec<(ArenaId, GameId)>,
    /// Arenas ended.
    pub ended: Vec<ArenaId>,
}

impl GameService {
    /// `creator` creates an arena on the server of `place`, played under the server's rule set,
    /// starting at once or at the time asked. Refused with
    /// [`ServiceError::TournamentNeedsServer`] in direct messages,
    /// [`ServiceError::TournamentName`] or [`ServiceError::ArenaDuration`] for options out of
    /// range, and [`ServiceError::StartInPast`].
    pub async fn create_arena(
        &self,
        creator: &Player,
        place: Place,
        mut options: ArenaOptions,
    ) -> Result<Arena, ServiceError> {
        let now = self.clock.now();
        let guild = place.guild.ok_or(ServiceError::TournamentNeedsServer)?;
        options.name = options.name.trim().to_owned();
        if options.name.is_empty() || options.name.chars().count() > MAX_NAME {
            return Err(ServiceError::TournamentName { max: MAX_NAME });
        }
        if !arena::duration_allowed(options.minutes) {
            return Err(ServiceError::ArenaDuration {
                min: arena::MIN_MINUTES,
                max: arena::MAX_MINUTES,
            });
        }
        if options.starts_at.is_some_and(|at| at <= now) {
            return Err(ServiceError::StartInPast);
        }
        let starts_at = options.starts_at.unwrap_or(now);
        let rules = self.server_rules(guild).await?;
        let mut tx = self.write().await?;
        store::upsert_player(&mut tx, creator, place.guild, now).await?;
        let new = NewArena {
            guild,
            channel: place.channel,
            creator: creator.id,
            options: &options,
            rules,
            starts_at,
            ends_at: starts_at + arena::duration(options.minutes),
            status: if options.starts_at.is_some() {
                Status::Open
            } else {
                Status::Running
            },
            now,
        };
        let id = store::insert_arena(&mut tx, &new).await?;
        if options.starts_at.is_some() {
            scheduled_events::changed(&mut tx, EventOf::Arena(id), now).await?;
        }
        let found = loaded(&mut tx, id).await?;
        tx.commit().await?;
        Ok(found)
    }

    /// Arena `id`, as seen from `place`: refused with [`ServiceError::NoSuchArena`] from
    /// another server.
    pub async fn arena(&self, id: ArenaId, place: Place) -> Result<Arena, ServiceError> {
        let mut conn = self.pool.acquire().await?;
        let found = loaded(&mut conn, id).await?;
        visible(&found, place.guild)?;
        Ok(found)
    }

    /// The arenas of server `guild` in `statuses`, newest first, at most `limit`.
    pub async fn arenas(
        &self,
        guild: GuildId,
        statuses: &[Status],
        limit: u32,
    ) -> Result<Vec<Arena>, ServiceError> {
        let mut conn = self.pool.acquire().await?;
        let ids = store::arenas_in(&mut conn, guild, statuses, limit).await?;
        let mut found = Vec::with_capacity(ids.len());
        for id in ids {
            found.push(loaded(&mut conn, id).await?);
        }
        Ok(found)
    }

    /// `player` joins arena `id` (or comes back to it, after a pause or leaving) at any time
    /// before its end. Refused with [`ServiceError::TournamentOver`] after it, and with
    /// [`ServiceError::AlreadyJoined`] for a member already in play.
    pub async fn join_arena(
        &self,
        player: &Player,
        place: Place,
        id: ArenaId,
    ) -> Result<Arena, ServiceError> {
        let now = self.clock.now();
        let mut tx = self.write().await?;
        store::lock_arena(&mut tx, id).await?;
        let found = match opened(&mut tx, id, place, now).await {
            Ok(found) => found,
            Err(e) => return Err(tx.abandon(e).await),
        };
        store::upsert_player(&mut tx, player, place.guild, now).await?;
        let joined = match found.member(player.id) {
            None => store::insert_arena_player(&mut tx, id, player.id, now).await?,
            Some(_) => store::return_arena_player(&mut tx, id, player.id, now).await?,
        };
        if !joined {
            return Err(tx.abandon(ServiceError::AlreadyJoined).await);
        }
        standings_changed(&mut tx, id, now).await?;
        let found = loaded(&mut tx, id).await?;
        tx.commit().await?;
        self.arenas.notify_one();
        self.arena_changed(id);
        Ok(found)
    }

    /// `user` leaves arena `id`: before its start as if they had never joined; after it they
    /// are paired no more, their score kept (a game in play is theirs to finish). Refused with
    /// [`ServiceError::NotInTournament`] for someone not in it (or gone already).
    pub async fn leave_arena(
        &self,
        user: UserId,
        place: Place,
        id: ArenaId,
    ) -> Result<Arena, ServiceError> {
        self.step_out(user, place, id, false).await
    }

    /// `user` pauses in arena `id`: not paired until they join again. Refused as
    /// [`leave_arena`](Self::leave_arena) is, and for a member paused already.
    pub async fn pause_arena(
        &self,
        user: UserId,
        place: Place,
        id: ArenaId,
    ) -> Result<Arena, ServiceError> {
        self.step_out(user, place, id, true).await
    }

    async fn step_out(
        &self,
        user: UserId,
        place: Place,
        id: ArenaId,
        pause: bool,
    ) -> Result<Arena, ServiceError> {
        let now = self.clock.now();
        let mut tx = self.write().await?;
        store::lock_arena(&mut tx, id).await?;
        let found = match opened(&mut tx, id, place, now).await {
            Ok(found) => found,
            Err(e) => return Err(tx.abandon(e).await),
        };
        let done = if pause {
            store::pause_arena_player(&mut tx, id, user).await?
        } else if found.status == Status::Open {
            store::remove_arena_player(&mut tx, id, user).await?
        } else {
            store::leave_arena_player(&mut tx, id, user, now).await?
        };
        if !done {
            return Err(tx.abandon(ServiceError::NotInTournament).await);
        }
        standings_changed(&mut tx, id, now).await?;
        let found = loaded(&mut tx, id).await?;
        tx.commit().await?;
        self.arena_changed(id);
        Ok(found)
    }

    /// `user` goes berserk in arena game `game` before their first move: their clock is halved
    /// now, and a win of enough moves scores one point more. Refused with
    /// [`ServiceError::BerserkRefused`] in a game of no arena, after their first move, or twice.
    pub async fn berserk(&self, game: GameId, user: UserId) -> Result<(), ServiceError> {
        let mut tx = self.write().await?;
        let Some(record) = store::game(&mut tx, game).await? else {
            return Err(tx.abandon(ServiceError::NoSuchGame(game)).await);
        };
        let Some(color) = record.seats.color_of(user) else {
            return Err(tx.abandon(ServiceError::NotAParticipant).await);
        };
        let own_first_ply = u32::from(color == Color::Black);
        let in_arena = store::arena_game(&mut tx, game).await?.is_some();
        let fresh = record.state.outcome.is_none() && record.state.ply <= own_first_ply;
        let Some((clock, mut clocks)) = record.live.zip(record.state.clocks) else {
            return Err(tx.abandon(ServiceError::BerserkRefused).await);
        };
        if !in_arena || !fresh || !store::set_berserk(&mut tx, game, color).await? {
            return Err(tx.abandon(ServiceError::BerserkRefused).await);
        }
        clocks.remaining_ms[usize::from(color == Color::Black)] = clock.base_ms() / 2;
        let mut state = record.state.clone();
        state.version += 1;
        state.clocks = Some(clocks);
        if !store::update_game(&mut tx, game, record.state.version, &state, false).await? {
            return Err(tx.abandon(ServiceError::Conflict).await);
        }
        tx.commit().await?;
        self.flags.notify_one();
        Ok(())
    }

    /// The arena game `game` is played in, if it is an arena game.
    pub async fn arena_of_game(&self, game: GameId) -> Result<Option<Arena>, ServiceError> {
        let mut conn = self.pool.acquire().await?;
        let Some((id, _)) = store::arena_game(&mut conn, game).await? else {
            return Ok(None);
        };
        Ok(Some(loaded(&mut conn, id).await?))
    }

    /// The table of arena `id`, its games in play, as seen from server `guild`.
    pub async fn arena_standings(
        &self,
        id: ArenaId,
        guild: Option<GuildId>,
    ) -> Result<ArenaStandings, ServiceError> {
        let standings = self.arena_standings_of(id).await?;
        visible(&standings.arena, guild)?;
        Ok(standings)
    }

    /// The table of arena `id`, its games in play, for the adapter's notices (no visibility
    /// check).
    pub async fn arena_standings_of(&self, id: ArenaId) -> Result<ArenaStandings, ServiceError> {
        let mut tx = self.pool.begin().await?;
        let found = loaded(&mut tx, id).await?;
        let games = store::arena_games(&mut tx, id).await?;
        tx.commit().await?;
        let users: Vec<UserId> = found.members.iter().map(|m| m.user).collect();
        let rows = arena::table(&arena::records(&users, &games));
        let in_play = games.into_iter().filter(|g| g.outcome.is_none()).collect();
        Ok(ArenaStandings {
            arena: found,
            rows,
            in_play,
        })
    }

    /// Records the message that shows arena `id`'s standings.
    pub async fn set_arena_standings_message(
        &self,
        id: ArenaId,
        message: u64,
    ) -> Result<(), ServiceError> {
        let mut tx = self.write().await?;
        store::set_arena_standings_message(&mut tx, id, message).await?;
        tx.commit().await?;
        Ok(())
    }

    /// One pass of the arena worker at the service clock's time: see
    /// [`run_arenas_at`](Self::run_arenas_at).
    pub async fn run_arenas(&self) -> Result<ArenaPass, ServiceError> {
        self.run_arenas_at(self.clock.now()).await
    }

    /// One pass of the arena worker at `now`: starts the arenas whose time has come, ends those
    /// whose time is up, and pairs the free members of the others, each arena in its own
    /// transaction.
    pub async fn run_arenas_at(&self, now: Timestamp) -> Result<ArenaPass, ServiceError> {
        let ids = {
            let mut conn = self.pool.acquire().await?;
            store::arenas_to_run(&mut conn, now).await?
        };
        let mut pass = ArenaPass::default();
        for id in ids {
            match self.run_arena(id, now, &mut pass).await {
                Ok(()) | Err(ServiceError::Conflict) => {}
                Err(e) => return Err(e),
            }
        }
        if !pass.paired.is_empty() {
            self.flags.notify_one();
        }
        Ok(pass)
    }

    async fn run_arena(
        &self,
        id: ArenaId,
        now: Timestamp,
        pass: &mut ArenaPass,
    ) -> Result<(), ServiceError> {
        let mut tx = self.write().await?;
        store::lock_arena(&mut tx, id).await?;
        let found = loaded(&mut tx, id).await?;
        let status = found.status;
        if status == Status::Open && found.starts_at <= now {
            if !store::set_arena_status(&mut tx, id, Status::Open, Status::Running).await? {
                return Err(tx.abandon(ServiceError::Conflict).await);
            }
            scheduled_events::changed(&mut tx, EventOf::Arena(id), now).await?;
            standings_changed(&mut tx, id, now).await?;
            pass.started.push(id);
        } else if status != Status::Running {
            return Err(tx.abandon(ServiceError::Conflict).await);
        }
        if found.ends_at <= now {
            if !store::set_arena_status(&mut tx, id, Status::Running, Status::Finished).await? {
                return Err(tx.abandon(ServiceError::Conflict).await);
            }
            scheduled_events::changed(&mut tx, EventOf::Arena(id), now).await?;
            champions::changed(&mut tx, found.guild, ChampionTitle::Arena, now).await?;
            let ended = Notice::ArenaEnded { arena: id };
            outbox::push(&mut tx, &ended, now, Duration::ZERO).await?;
            tx.commit().await?;
            pass.ended.push(id);
            self.arena_changed(id);
            return Ok(());
        }
        let free = store::free_arena_players(&mut tx, id).await?;
        let coming_back = store::arena_players_coming_back(&mut tx, id).await?;
        let free: Vec<Free<UserId>> = free
            .iter()
            .zip(0..)
            .map(|(row, standing)| Free {
                user: UserId(store::from_db(row.user_id)),
                standing,
                last_opponent: row.last_opponent_id.map(|u| UserId(store::from_db(u))),
                whites_over_blacks: i32::try_from(row.whites_over_blacks).unwrap_or(0),
                free_since: row.free_since,
            })
            .collect();
        let pairs = arena::pair_free(&free, coming_back);
        let mut paired = Vec::with_capacity(pairs.len());
        for pair in pairs {
            match paired_game(&mut tx, &found, pair, now).await {
                Ok(game) => paired.push((id, game)),
                Err(e) => return Err(tx.abandon(e).await),
            }
        }
        tx.commit().await?;
        if !paired.is_empty() || pass.started.contains(&id) {
            self.arena_changed(id);
        }
        pass.paired.extend(paired);
        Ok(())
    }

    /// When the arena worker has something to do next by the clock: the next start or end.
    pub async fn next_arena_change(&self) -> Result<Option<Timestamp>, ServiceError> {
        let mut conn = self.pool.acquire().await?;
        Ok(store::next_arena_change(&mut conn).await?)
    }

    /// Spawns the arena worker: it runs a pass ([`run_arenas`](Self::run_arenas)) whenever a
    /// member joins or comes back, or an arena game ends on this instance, or an arena starts or
    /// ends by the clock, and every [`ARENA_RECHECK`] at most; each pass's report goes to
    /// `passes`. It stops when the receiver is dropped; errors are logged and it looks again.
    pub fn spawn_arena_worker(&self, passes: mpsc::Sender<ArenaPass>) -> JoinHandle<()> {
        let service = self.clone();
        tokio::spawn(async move {
            loop {
                if passes.is_closed() {
                    return;
                }
                let pass = service
                    .run_arenas()
                    .instrument(tracing::info_span!("arenas"))
                    .await;
                match pass {
                    Ok(pass) => {
                        let busy = pass != ArenaPass::default();
                        if busy && passes.send(pass).await.is_err() {
                            return;
                        }
                    }
                    Err(e) => tracing::error!(error = %e, "cannot run the arenas"),
                }
                // With no arena open or running, only a bell (a new arena's first join on this
                // instance) or the idle recheck brings work.
                let wait = match service.next_arena_change().await {
                    Ok(Some(at)) => at.since(service.clock.now()).min(ARENA_RECHECK),
                    Ok(None) => ARENA_IDLE_RECHECK,
                    Err(e) => {
                        tracing::error!(error = %e, "cannot read the next arena change");
                        ARENA_RECHECK
                    }
                };
                if !wait.is_zero() {
                    tokio::select! {
                        () = tokio::time::sleep(wait) => {}
                        () = service.arenas.notified() => {}
                    }
                }
            }
        })
    }
}

/// Records the end of `record` by `outcome` in its arena, if it is an arena game, inside the
/// transaction that ends it: how it counted (nothing after the arena's end, or when aborted),
/// both players freed, their scores brought up to date. Returns its arena, if it is an arena
/// game (to be told of its change once committed: see [`GameService::arena_changed`]).
pub(super) async fn record_result(
    conn: &mut Conn,
    record: &GameRecord,
    outcome: Outcome,
    now: Timestamp,
) -> Result<Option<ArenaId>, ServiceError> {
    let Some((id, game)) = store::arena_game(conn, record.id).await? else {
        return Ok(None);
    };
    store::lock_arena(conn, id).await?;
    let found = loaded(conn, id).await?;
    let counts = found.status == Status::Running && now < found.ends_at;
    let counted = match outcome {
        _ if !counts => ArenaOutcome::Void,
        Outcome::Aborted => ArenaOutcome::Void,
        Outcome::Win { winner, .. } => ArenaOutcome::Won(winner),
        Outcome::Draw(_) => ArenaOutcome::Drawn,
    };
    // The plies as the ending write left them (`record` may be from before a last move).
    let plies = store::game(conn, record.id)
        .await?
        .map_or(record.state.ply, |after| after.state.ply);
    if !store::end_arena_game(conn, record.id, counted, plies, now).await? {
        return Ok(Some(id));
    }
    for user in [game.white, game.black] {
        let games = store::arena_games_of(conn, id, user).await?;
        let row = arena::table(&arena::records(&[user], &games));
        let sheet = row.first().map_or([0; 3], |r| [r.score, r.wins, r.games]);
        store::free_arena_player(conn, id, user, now, sheet).await?;
    }
    if counted != ArenaOutcome::Void {
        standings_changed(conn, id, now).await?;
    }
    // Whoever let the game be aborted (no first move) is away: paused, as lichess does, so
    // that they do not abort game after game; joining again brings them back.
    if outcome == Outcome::Aborted
        && let Some(away) = record.state.to_move
    {
        store::pause_arena_player(conn, id, away).await?;
    }
    Ok(Some(id))
}

/// Creates the live game of `pair` in `found`, seating both (refused with
/// [`ServiceError::Conflict`] if either was paired meanwhile), and announces it as a live game
/// is announced.
async fn paired_game(
    conn: &mut Conn,
    found: &Arena,
    pair: ArenaPair<UserId>,
    now: Timestamp,
) -> Result<GameId, ServiceError> {
    let ArenaPair { white, black } = pair;
    if !store::seat_arena_player(conn, found.id, white, black, Color::White).await?
        || !store::seat_arena_player(conn, found.id, black, white, Color::Black).await?
    {
        return Err(ServiceError::Conflict);
    }
    let name_of = |user: UserId| {
        found
            .member(user)
            .map_or_else(|| user.0.to_string(), |m| m.name.clone())
    };
    let human = |user| Participant::Human(Player::new(user, name_of(user)));
    let seats = Seats::new(human(white), human(black));
    let clocks = Clocks::start(found.clock, now, live::ms(live::LAG_QUOTA_START));
    let game = store::insert_game(
        conn,
        &NewGame {
            place: Place {
                guild: Some(found.guild),
                channel: found.channel,
            },
            seats: &seats,
            rated: found.rated,
            time_control: TimeControl::Unlimited,
            live: Some((found.clock, clocks)),
            rules: found.rules,
            start: Position::start(),
            to_move: Some(white),
            deadline: Some(now + live::ABORT_AFTER),
            now,
            rematch_of: None,
        },
    )
    .await?;
    store::insert_arena_game(conn, found.id, game, [white, black], now).await?;
    let notice = Notice::Board {
        game,
        ply: 0,
        lines: vec![Line::GameBegins],
    };
    outbox::push(conn, &notice, now, Duration::ZERO).await?;
    Ok(game)
}

/// Arena `id`'s table or members changed: its standings message is brought up to date, at most
/// once per [`ARENA_STANDINGS_PACE`].
async fn standings_changed(
    conn: &mut Conn,
    id: ArenaId,
    now: Timestamp,
) -> Result<(), ServiceError> {
    let notice = Notice::ArenaStandings { arena: id };
    outbox::push_coalesced(conn, &notice, now, ARENA_STANDINGS_PACE).await
}

/// Arena `id` with its members, or [`ServiceError::NoSuchArena`].
async fn loaded(conn: &mut Conn, id: ArenaId) -> Result<Arena, ServiceError> {
    store::arena(conn, id)
        .await?
        .ok_or(ServiceError::NoSuchArena(id))
}

/// Arena `id` as seen from `place`, refused once over.
async fn opened(
    conn: &mut Conn,
    id: ArenaId,
    place: Place,
    now: Timestamp,
) -> Result<Arena, ServiceError> {
    let found = loaded(conn, id).await?;
    visible(&found, place.guild)?;
    let over = matches!(found.status, Status::Finished | Status::Cancelled) || now >= found.ends_at;
    if over {
        return Err(ServiceError::TournamentOver);
    }
    Ok(found)
}

/// Refused with [`ServiceError::NoSuchArena`] unless `found` belongs to server `guild`.
fn visible(found: &Arena, guild: Option<GuildId>) -> Result<(), ServiceError> {
    if guild == Some(found.guild) {
        Ok(())
    } else {
        Err(ServiceError::NoSuchArena(found.id))
    }
}
