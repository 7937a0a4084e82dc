//! The game service: every rule of the product, over the store, with no Discord type in sight.
//! It takes ids and typed values (parse move text at the edge with
//! [`MoveText`](dama_rules::notation::MoveText)) and returns plain results; its
//! [`ServiceError`] says why a request was refused (the adapter words it for the player).
//!
//! A whole game, from challenge to resignation:
//!
//! ```
//! use std::sync::Arc;
//! use dama_service::clock::{ManualClock, Timestamp};
//! use dama_service::ids::{ChannelId, GuildId, Place, UserId};
//! use dama_service::model::{Actor, ChallengeOptions, ColourChoice, Player};
//! use dama_service::service::{GameService, ServiceConfig, ServiceError};
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> Result<(), Box<dyn std::error::Error>> {
//! # let dir = tempfile::tempdir()?;
//! # let url = dir.path().join("dama.db").display().to_string();
//! let pool = dama_service::connect(&url).await?;
//! let clock = Arc::new(ManualClock::new(Timestamp::from_millis(1_750_000_000_000)));
//! let service = GameService::with_clock(pool, ServiceConfig::default(), clock);
//!
//! let place = Place { guild: Some(GuildId(1)), channel: ChannelId(2) };
//! let (ada, bo) = (Player::new(UserId(10), "Ada"), Player::new(UserId(20), "Bo"));
//! let options = ChallengeOptions { colour: ColourChoice::White, ..ChallengeOptions::default() };
//! let challenge = service.create_challenge(&ada, Some(&bo), place, options).await?;
//! let game = service.accept_challenge(&bo, place, challenge.id).await?;
//! assert_eq!(game.user_to_move(), Some(ada.id));
//!
//! let played = service.play_move(game.id, Actor::Player(ada.id), &"d3-d4".parse()?).await?;
//! assert_eq!(played.text, "d3-d4");
//! // Ada moved: now it is Bo's turn.
//! let refused = service.play_move(game.id, Actor::Player(ada.id), &"d4-d5".parse()?).await;
//! assert!(matches!(refused, Err(ServiceError::NotYourTurn)));
//!
//! let ended = service.resign(game.id, bo.id).await?;
//! assert_eq!(ended.end.outcome.result_token(), "1-0");
//! assert!(ended.end.ratings.is_some(), "a rated game changes both ratings");
//! # Ok(())
//! # }
//! ```
//!
//! # Calls by command
//!
//! | the player wants to… | call |
//! | --- | --- |
//! | challenge someone, or anyone here | [`create_challenge`](GameService::create_challenge) |
//! | answer a challenge | [`accept_challenge`](GameService::accept_challenge), [`close_challenge`](GameService::close_challenge) (declined or withdrawn, as [`Closing`] says) |
//! | play the computer | [`start_engine_game`](GameService::start_engine_game); then, while [`GameView::engine_to_move`] is `Some(level)`, [`play_computer_turn`](GameService::play_computer_turn) |
//! | move | [`play_move`](GameService::play_move), or [`play`](GameService::play) as a [`HowPlayed`] says (from a board, confirmed as losing); [`game_in_channel`](GameService::game_in_channel) when no game is named; [`legal_moves_for`](GameService::legal_moves_for) for autocomplete |
//! | answer the opponent's next moves ahead (conditional moves, a premove) | [`set_conditional`](GameService::set_conditional), [`set_premove`](GameService::set_premove); their own, privately: [`conditional_lines`](GameService::conditional_lines); [`clear_conditional`](GameService::clear_conditional) |
//! | resign, draw, take back | [`resign`](GameService::resign) ([`resign_at`](GameService::resign_at) from a board); [`ask`](GameService::ask) the opponent a [`Question`] (a draw, a takeback; [`offer_draw_at`](GameService::offer_draw_at) from a board), [`answer`](GameService::answer) theirs |
//! | see games | [`game`](GameService::game), [`active_games`](GameService::active_games), [`live_games`](GameService::live_games) (a server's, for spectators), [`export_pdn`](GameService::export_pdn) |
//! | ratings | [`leaderboard`](GameService::leaderboard) (all time's or a season's), [`stats`](GameService::stats), [`rating_history`](GameService::rating_history), [`recent_games`](GameService::recent_games) |
//! | seasons | [`start_season`](GameService::start_season), [`end_season`](GameService::end_season), [`current_season`](GameService::current_season), [`seasons`](GameService::seasons) |
//! | evaluate a finished game's position (the analysis board) | [`evaluate`](GameService::evaluate): a ply of its record and a line from it, never during the game |
//! | review a finished game | [`request_review`](GameService::request_review); a worker runs [`run_next_review`](GameService::run_next_review); [`review`](GameService::review) reads it back |
//! | tournaments | [`create_tournament`](GameService::create_tournament), [`join_tournament`](GameService::join_tournament), [`leave_tournament`](GameService::leave_tournament), [`organise_tournament`](GameService::organise_tournament) (start or cancel, as [`Organising`] says), [`standings`](GameService::standings); [`tournament_meant`](GameService::tournament_meant) when none is named |
//! | see a game (every face) | the controls to show: [`GameView::capabilities`] (or [`capabilities_of`](GameView::capabilities_of) a viewer); the side at the bottom: [`orientation`](GameService::orientation) ([`PlayerSettings::bottom`](crate::model::PlayerSettings::bottom)); the language to write in: [`reader_language`](GameService::reader_language) |
//! | settings, vacation | [`settings`](GameService::settings), [`update_settings`](GameService::update_settings); [`vacation`](GameService::vacation), [`start_vacation`](GameService::start_vacation), [`end_vacation`](GameService::end_vacation) |
//! | puzzles | [`start_puzzle`](GameService::start_puzzle), [`answer_puzzle`](GameService::answer_puzzle), [`puzzle_under_way`](GameService::puzzle_under_way), [`puzzle_stats`](GameService::puzzle_stats), [`puzzle_leaderboard`](GameService::puzzle_leaderboard); mining stores them with [`add_puzzle`](GameService::add_puzzle); the daily puzzle: [`set_puzzle_channel`](GameService::set_puzzle_channel), [`puzzle_with_solution`](GameService::puzzle_with_solution) |
//! | server settings | [`set_server_rules`](GameService::set_server_rules), [`set_server_language`](GameService::set_server_language), [`set_community_pages`](GameService::set_community_pages) (whether [`community_pages`](GameService::community_pages) exist on the web; their reads go through [`community`](GameService::community), `None` while they are off) |
//!
//! The adapter also records game threads with [`set_thread`](GameService::set_thread) and runs
//! [`sweep`](GameService::sweep) on an interval (or [`spawn_sweeper`](GameService::spawn_sweeper)),
//! announcing the [`Event`]s it returns. Events are produced after their change is committed, so
//! an event lost with a crashed process is not produced again (the game stays ended).
//! Around downtime it calls [`recover_downtime`](GameService::recover_downtime) once at start,
//! beats with [`spawn_heartbeat`](GameService::spawn_heartbeat), and reports its gateway
//! connection with [`connection_lost`](GameService::connection_lost) and
//! [`connection_restored`](GameService::connection_restored).
//!
//! # Product rules decided here
//!
//! - Moves: only the player to move (or the engine on its turn) may move; a move after the
//!   deadline is refused ([`ServiceError::DeadlinePassed`]) and the sweeper records the loss.
//!   A passed deadline is final: draw offers and their acceptance, takeback requests and their
//!   acceptance in that game, and a vacation of the late player, are refused likewise.
//!   Illegal moves are refused with the rules' explanation. A move that misses a compulsory
//!   capture (or takes fewer pieces than the most) is refused too, but under a strict rule set
//!   the player may confirm it ([`HowPlayed::losing`]) and loses the game.
//! - Deadlines: each move gives the opponent the full time per move; the engine has none.
//!   A reminder comes once per move, when a quarter of the time per move is left, or 6 hours
//!   before the deadline for longer time controls.
//! - Conditional moves and premoves: in the opponent's turn of a game against a person, a
//!   player may store answers to the opponent's next moves (lines of their move and my answer,
//!   each move checked against the rules when entered; under strict rules an answer that
//!   misses a capture is refused) and a premove (an answer to any move, checked when it is to
//!   be played). At most [`CONDITIONAL_LINES_MAX`] (8) lines, the premove one of them, and
//!   [`CONDITIONAL_ANSWERS_MAX`] (10) answers a line. The answer to the opponent's move is
//!   played in the write of that move, and the opponent is to move again; the answers are
//!   cleared by a move they do not answer, a takeback, a draw offer declined, the game's end,
//!   and an answer the rules refuse when it is due (its owner is told privately). They are
//!   their owner's alone: no view of the game shows them.
//! - Draws: either player may offer; an offer lapses when the offerer's opponent moves instead
//!   of answering; offering while the opponent's offer is pending agrees. The computer answers
//!   an offer at once (the engine's judgement, within its level's interactive budget) and may
//!   offer a draw along with its move, which the person answers like any offer.
//! - Takebacks: a player asks to undo their last move (and the reply, if made); the opponent
//!   accepts or declines; any move cancels the request; rated games too, since both agree. The
//!   computer agrees at once.
//! - Challenges expire after 24 hours; the challenged player (or, for an open challenge,
//!   anyone else) accepts; games against the computer are casual.
//! - Vacation: 14 days per calendar year (UTC), whole days, one vacation at a time; the clocks
//!   of the player's games stop for its length, and coming back early restarts them and returns
//!   whole unused days.
//! - Downtime: while the bot is stopped or cut off from Discord for more than
//!   [`downtime_grace`](ServiceConfig::downtime_grace) (2 minutes), the clocks stop: running
//!   deadlines and open challenges' expiries move on by the whole gap, once.
//! - Ratings: Glicko-2 per guild (DMs share one scope), each rated game its own rating period,
//!   written in the transaction that ends the game. The leaderboard lists players with at least
//!   3 rated games; a deviation above 110 marks a rating provisional.
//! - Seasons: someone who manages a server starts and ends its seasons, one open at a time. A
//!   rated game counts in the season open when it ends, as well as for all time; a season
//!   starts everyone from the default rating, and its table stays as it was when it ended. The
//!   leaderboard shows the open season's table, else the all-time one; the top 3 of a season's
//!   final table are its champions.
//! - Names: a member's name is kept per guild (and one for DMs), as last seen there; a guild's
//!   leaderboard, games, challenges, PDN exports and stats show its names, and a member it has
//!   not seen yet by their global name (never another guild's nickname).
//! - The computer's evaluation ([`evaluate`](GameService::evaluate)): only of a finished game's
//!   own positions (a ply of its record, then a line of legal moves under its rules, at most
//!   [`EVALUATION_LINE_MAX`]), rated or casual alike never during the game, and never of a
//!   position within [`EVALUATION_NEAR_PLIES`] plies of a game its asker plays against a
//!   person; a member has one under way and [`EVALUATIONS_PER_MINUTE`] a minute.
//! - Puzzles from away (a web page): only a server's members start, read or answer its puzzles
//!   ([`PuzzleError::NotMember`]). A server's community pages are read only through
//!   [`community`](GameService::community), `None` while they are off.
//! - What faces show: a side's controls are what it may do now ([`Capabilities`]: in a
//!   finished game only the evaluation, nothing for the computer, a spectator only the
//!   evaluation once the game is over, and only resigning once the deadline has passed); a player sees their own side at the bottom unless they chose White always,
//!   a spectator White; a reader reads the language they chose, else their Discord locale as
//!   last seen, else the language of the request.

mod across_instances;
mod activity;
mod arenas;
mod cache;
mod capabilities;
mod challenges;
mod champions;
mod claims;
mod community;
mod computer;
mod conditional;
mod config;
mod error;
mod evaluation;
mod flags;
mod games;
mod history;
mod instances;
mod languages;
mod live;
mod liveness;
mod members;
mod mining;
mod notices;
mod outbox;
mod players;
mod profiles;
mod puzzles;
mod ratings;
mod replay;
mod replies;
mod reviews;
mod scheduled_events;
mod seasons;
mod servers;
mod sweep;
#[cfg(test)]
mod testing;
mod tournaments;
mod turns;
mod tx;
mod view;
mod vitals;
mod web;

use std::sync::Arc;
use std::time::Duration;

use crate::store::Pool;
use dama_rules::{Color, Game, Outcome};

pub use activity::{
    ACTIVITY_LIVE_LISTED, ActivityArena, ActivityChoices, ActivityGame, LAUNCH_WINDOW, your_move,
};
pub use arenas::{ARENA_IDLE_RECHECK, ARENA_RECHECK, ARENA_STANDINGS_PACE, ArenaPass};
pub use capabilities::Capabilities;
pub use challenges::{Asked, Closing, Reach, Rematch, rematch_level};
pub(crate) use champions::ChampionRole;
pub use champions::{ChampionStep, ChampionSync, ChampionTitle};
pub use claims::{Claim, Presence, SIGHTING_EVERY, left_after};
pub use community::Community;
pub use conditional::{
    CONDITIONAL_ANSWERS_MAX, CONDITIONAL_LINES_MAX, ConditionalError, ConditionalLines,
};
pub use config::ServiceConfig;
pub use error::ServiceError;
pub use evaluation::{
    EVALUATION_CAP, EVALUATION_LINE_MAX, EVALUATION_NEAR_PLIES, EVALUATION_NODES, EVALUATION_TIME,
    EVALUATION_WINDOW, EVALUATIONS_ADMITTED, EVALUATIONS_AT_ONCE, EVALUATIONS_PER_MEMBER,
    EVALUATIONS_PER_MINUTE, Evaluation, EvaluationError,
};
pub use flags::FLAG_RECHECK;
pub use games::{
    Carrier, GameFilter, HowPlayed, LIVE_GAMES_MAX, LiveGames, Origin, Pressed, Question,
};
pub use instances::INSTANCE_STALE;
pub use languages::{Language, Languages};
pub use live::{ABORT_AFTER, LAG_COMPENSATION_MAX, LAG_QUOTA_GAIN, LAG_QUOTA_MAX, LAG_QUOTA_START};
pub use members::{
    CACHED_ANSWERS_MAX, LOOKUP_TIMEOUT, LOOKUP_WINDOW, LOOKUPS_AT_ONCE, LOOKUPS_PER_MEMBER,
    LookupError, LookupFuture, MEMBERSHIP_CACHED_FOR, MemberLookup, SEEN_FOR,
    UNAVAILABLE_CACHED_FOR,
};
pub use mining::{
    DAILY_MINING_CAP, MAX_MINING_ATTEMPTS, MIN_MINED_PLIES, MINING_LEASE, MINING_WINDOW, MiningRun,
};
pub use notices::{Addressing, GameNotice};
pub use outbox::{Delivery, Line, Notice, NoticeId, PendingNotice};
pub use profiles::RatingStep;
pub use puzzles::{
    DailyPosted, MAX_SOLUTION_PLIES, NewPuzzle, PuzzleAnswer, PuzzleChoice, PuzzleError,
    PuzzleLeader, PuzzleRatingChange, PuzzleSettings, PuzzleSource, PuzzleStats, PuzzleView,
    StartedPuzzle,
};
pub use reviews::{GameReview, ReviewRun, ReviewState};
pub(crate) use scheduled_events::RecordedEvent;
pub use scheduled_events::{EventDraft, EventKind, EventOf, EventStatus, EventStep, EventSync};
pub use seasons::{CHAMPIONS, Champions, Leaderboard, Period, Season, SeasonEnded};
pub use servers::{Authority, Managed};
pub use tournaments::{Left, MeantFor, Organising};
pub use turns::{TurnNotice, turn_notice_for};
pub use view::{
    ComputerTurn, Event, GameEnd, GameEnded, GameView, HeadToHead, LeaderboardEntry, MoveOutcome,
    PlayerStats, RatingChange, RatingSummary, Record, Reply, Streak, TakenBack, VacationStatus,
};
pub use vitals::{BACKLOG_FRESH, Backlog, EngineQueue, MovesPlayed, PoolUse};
pub use web::{Change, GameChanged};

use crate::clock::{Clock, SystemClock, Timestamp};
use crate::coin::{Coin, SystemCoin};
use crate::ids::{ArenaId, GameId};
use crate::store::{self, GameRecord, GameState};
use cache::{ReplayCache, SettingsCache};
use computer::Computer;
use replay::replay;

/// The game service. Cheap to clone: clones share the pool, the clock and the caches.
#[derive(Clone)]
pub struct GameService {
    /// The pool reads go through.
    pool: Pool,
    /// The pool writes go through (see [`crate::store::writer_pool`]).
    writes: Pool,
    clock: Arc<dyn Clock>,
    /// Draws colours left to chance.
    coin: Arc<dyn Coin>,
    config: ServiceConfig,
    /// Taken by every write transaction of this process: SQLite has one writer at a time, and
    /// queueing here is fair and prompt where SQLite's busy handler would sleep and retry.
    /// Other processes are still kept out by SQLite's own lock.
    writer: Arc<tokio::sync::Mutex<()>>,
    /// Replayed games, so that a move needs to read only the game row.
    replayed: ReplayCache,
    /// Players' settings read a moment ago.
    settings: SettingsCache,
    /// Plays the computer's turns and answers draw offers made to it.
    computer: Computer,
    /// The computer's evaluations for the analysis board, and their bounds.
    evaluations: Arc<evaluation::Evaluations>,
    /// Whether the connection to the players is down (no beats, no sweeps meanwhile).
    liveness: Arc<liveness::Liveness>,
    /// This process among the instances, and what it knows of the others.
    instances: Arc<instances::Instances>,
    /// This service's name as the holder of leases: its instance's.
    worker: Arc<str>,
    /// When this service was made.
    started_at: Timestamp,
    /// The computer's replies this service is playing.
    replies: Arc<replies::Replies>,
    /// What this service did, for monitoring.
    counters: Arc<vitals::Counters>,
    /// News of every committed change to a game (see [`changes`](GameService::changes)).
    changes: web::Changes,
    /// Held while a game is mined for puzzles: one search at a time per process.
    mining: Arc<tokio::sync::Mutex<()>>,
    /// Rung when this instance ends a game (see [`GameService::game_ended`]).
    ended: Arc<tokio::sync::Notify>,
    /// Who is a member of which server: answers a moment old, and the lookup to ask.
    members: Arc<members::MemberDirectory>,
    /// Rung when notices wait for the delivery worker with no interaction to carry them (see
    /// [`GameService::delivery_bell`]).
    deliveries: Arc<tokio::sync::Notify>,
    /// Rung when a live game's next flag may have moved (a move, a new game): the flag worker
    /// sleeps until the earliest flag or this (see [`GameService::spawn_flag_worker`]).
    flags: Arc<tokio::sync::Notify>,
    /// Rung when an arena may have members to pair (a member joined or came back, an arena
    /// game ended): see [`GameService::spawn_arena_worker`].
    arenas: Arc<tokio::sync::Notify>,
}

impl std::fmt::Debug for GameService {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameService")
            .field("clock", &self.clock)
            .field("coin", &self.coin)
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

/// A game read from the store and replayed from its moves.
#[derive(Debug)]
struct Loaded {
    record: GameRecord,
    game: Game,
}

impl GameService {
    /// A service over `pool` (from [`store::connect`]) on the system clock, with a fair coin.
    #[must_use]
    pub fn new(pool: Pool, config: ServiceConfig) -> GameService {
        GameService::with_clock(pool, config, Arc::new(SystemClock))
    }

    /// A service with its own clock (tests and simulations move time by hand), with a fair coin.
    #[must_use]
    pub fn with_clock(pool: Pool, config: ServiceConfig, clock: Arc<dyn Clock>) -> GameService {
        let instances = Arc::new(instances::Instances::new());
        GameService {
            writes: crate::store::writer_pool(&pool),
            pool,
            coin: Arc::new(SystemCoin),
            config,
            writer: Arc::new(tokio::sync::Mutex::new(())),
            replayed: ReplayCache::default(),
            settings: SettingsCache::default(),
            computer: Computer::new(config.engine_searches),
            evaluations: Arc::default(),
            liveness: Arc::default(),
            worker: Arc::from(instances.id()),
            instances,
            started_at: clock.now(),
            replies: Arc::default(),
            counters: Arc::default(),
            changes: web::Changes::default(),
            mining: Arc::default(),
            ended: Arc::default(),
            members: Arc::default(),
            deliveries: Arc::default(),
            flags: Arc::default(),
            arenas: Arc::default(),
            clock,
        }
    }

    /// This service with `coin` drawing the colours left to chance (tests fix it).
    #[must_use]
    pub fn with_coin(self, coin: Arc<dyn Coin>) -> GameService {
        GameService { coin, ..self }
    }

    /// From now on, the computer's strong levels probe `tables` (endgames known exactly): it
    /// converts won endings, and resigns or offers draws by them. Clones share them.
    pub fn set_endgame_tables(&self, tables: Arc<dama_engine::tables::Tables>) {
        self.computer.set_tables(tables);
    }

    /// The settings in force.
    #[must_use]
    pub fn config(&self) -> &ServiceConfig {
        &self.config
    }

    /// The current time on the service's clock.
    #[must_use]
    pub fn now(&self) -> Timestamp {
        self.clock.now()
    }

    /// Reads game `id` and its replayed moves: from the cache when it holds the game at the
    /// stored version, else by replaying every stored move against the stored positions.
    ///
    /// A read that lost its connection (the database restarted, say) is read again once, on a
    /// new connection: reading changes nothing.
    async fn load(&self, id: GameId) -> Result<Loaded, ServiceError> {
        match self.load_once(id).await {
            Err(ServiceError::Database(e)) if store::connection_lost(&e) => {
                tracing::warn!(game = %id, error = %e, "lost the database connection reading a game: reading it again");
                self.load_once(id).await
            }
            loaded => loaded,
        }
    }

    /// [`load`](Self::load), once.
    async fn load_once(&self, id: GameId) -> Result<Loaded, ServiceError> {
        let mut conn = self.pool.acquire().await?;
        let record = store::game(&mut conn, id)
            .await?
            .ok_or(ServiceError::NoSuchGame(id))?;
        if let Some(game) = self.replayed.recall(id, record.state.version)
            && *game.position() == record.state.position
        {
            return Ok(Loaded { record, game });
        }
        // Moves made since the replay the cache holds (by another instance): only those are
        // read and played on. Should they not lead to the game row read above (a move or a
        // takeback came in between), the whole game is read again below.
        if let Some(earlier) = self.replayed.latest(id)
            && let Ok(ply) = i64::try_from(earlier.moves().len())
            && ply < i64::from(record.state.ply)
        {
            let newer = store::moves_after(&mut conn, id, ply).await?;
            if let Ok(game) = replay::replay_onto(&record, earlier, &newer) {
                self.replayed.remember(&record, &game);
                return Ok(Loaded { record, game });
            }
        }
        drop(conn);
        // One snapshot: the game row and its moves as one commit left them (another instance
        // may write the game between the two reads).
        let mut tx = store::begin_snapshot(&self.pool).await?;
        let record = store::game(&mut tx, id)
            .await?
            .ok_or(ServiceError::NoSuchGame(id))?;
        let moves = store::moves(&mut tx, id).await?;
        tx.commit().await?;
        let game = replay(&record, &moves)?;
        self.replayed.remember(&record, &game);
        Ok(Loaded { record, game })
    }

    /// Takes `state` as `record`'s, once the write that made it the game's has committed: the
    /// replay `game` (at `state`) is kept for the next load, and watchers are told.
    fn committed(&self, record: &mut GameRecord, state: GameState, game: &Game) {
        record.state = state;
        self.replayed.remember(record, game);
        self.changed(record);
        if record.live.is_some() {
            // The next flag may be another one now.
            self.flags.notify_one();
            if record.state.outcome.is_some() {
                // Its players may be free for their arena's next pairing.
                self.arenas.notify_one();
            }
        }
    }

    /// Ends a game by `outcome` (resignation, agreement, time) if nobody changed it since it
    /// was loaded, updating ratings in the same transaction.
    /// The end is announced by an [`Notice::Ended`] under `lines`, written in the same
    /// transaction, waiting `grace` for an interaction to carry it.
    async fn finish(
        &self,
        loaded: Loaded,
        outcome: Outcome,
        now: Timestamp,
        lines: Vec<Line>,
        grace: Duration,
    ) -> Result<GameEnded, ServiceError> {
        let Loaded {
            mut record,
            mut game,
        } = loaded;
        let mut state = record.state.clone();
        state.version += 1;
        state.outcome = Some(outcome);
        state.to_move = None;
        state.deadline = None;
        state.draw_offer = None;
        state.takeback = None;
        state.updated_at = now;
        state.ended_at = Some(now);
        let mut tx = self.write().await?;
        if !store::update_game(&mut tx, record.id, record.state.version, &state, false).await? {
            return Err(tx.abandon(ServiceError::Conflict).await);
        }
        let Settled { ratings, arena } = settle(&mut tx, &record, outcome, now).await?;
        let notice = Notice::Ended {
            game: record.id,
            lines,
            ratings,
        };
        outbox::push(&mut tx, &notice, now, grace).await?;
        tx.commit().await?;
        if let Some(arena) = arena {
            self.arena_changed(arena);
        }
        game.end(outcome).map_err(|_| ServiceError::GameOver)?;
        self.committed(&mut record, state, &game);
        Ok(GameEnded {
            game: GameView::of(&record, &game),
            end: GameEnd { outcome, ratings },
        })
    }
}

/// How game `record` ends when the deadline of the side to move passes: that side loses on
/// time, but a live game where a side has not made its first move yet is aborted.
fn clock_outcome(record: &GameRecord) -> Outcome {
    if record.live.is_some() && record.state.ply < live::TIMED_FROM_PLY {
        Outcome::Aborted
    } else {
        Outcome::Win {
            winner: record.state.position.turn().opposite(),
            reason: dama_rules::WinReason::Time,
        }
    }
}

/// What a game's end changed beside the game.
struct Settled {
    /// Both ratings, for a rated game.
    ratings: Option<[RatingChange; 2]>,
    /// Its arena, for an arena game: to be told of the change once committed.
    arena: Option<ArenaId>,
}

/// What a game's end changes beside the game, in the transaction that ends it: both ratings,
/// its arena's table, its tournament's pairing and rounds, its place in the queue of games to
/// mine for puzzles, and its stored answers (cleared).
async fn settle(
    conn: &mut store::Conn,
    record: &GameRecord,
    outcome: Outcome,
    now: Timestamp,
) -> Result<Settled, ServiceError> {
    store::clear_answers(conn, record.id).await?;
    let arena = arenas::record_result(conn, record, outcome, now).await?;
    // An aborted game counts for nothing: no rating, no result, nothing to mine.
    if outcome == Outcome::Aborted {
        return Ok(Settled {
            ratings: None,
            arena,
        });
    }
    let ratings = ratings::rate(conn, record, outcome, now).await?;
    tournaments::record_result(conn, record.id, outcome.winner(), now).await?;
    mining::queue_ended_game(conn, record.id, now).await?;
    Ok(Settled { ratings, arena })
}

impl GameRecord {
    /// Refuses with [`ServiceError::NotVisibleHere`] unless `viewer` may see the game from
    /// `from` (see [`GameView::visible_to`]).
    fn ensure_visible(
        &self,
        viewer: crate::ids::UserId,
        from: crate::ids::Place,
    ) -> Result<(), ServiceError> {
        if view::visible(&self.seats, self.place, viewer, from) {
            Ok(())
        } else {
            Err(ServiceError::NotVisibleHere)
        }
    }

    /// The colour of `user`, acting as a player from `place` (a button pressed there; `None`
    /// for a command): refused with [`ServiceError::NotVisibleHere`] where the game cannot be
    /// seen, and with [`ServiceError::NotAParticipant`] for someone who does not play.
    fn acting(
        &self,
        user: crate::ids::UserId,
        place: Option<crate::ids::Place>,
    ) -> Result<Color, ServiceError> {
        if let Some(place) = place {
            self.ensure_visible(user, place)?;
        }
        self.player_color(user)
    }

    /// The colour `user` plays here, or [`ServiceError::NotAParticipant`].
    fn player_color(&self, user: crate::ids::UserId) -> Result<Color, ServiceError> {
        self.seats
            .color_of(user)
            .ok_or(ServiceError::NotAParticipant)
    }

    /// The deadline for `color` to move, starting now (or when their vacation ends).
    fn deadline_for(&self, color: Color, now: Timestamp) -> Option<Timestamp> {
        let per_move = self.time_control.per_move()?;
        self.seats.participant(color).user()?;
        let vacation = self.vacation_until[usize::from(color == Color::Black)];
        let start = vacation.filter(|&until| until > now).unwrap_or(now);
        Some(start + per_move)
    }

    /// Refuses with [`ServiceError::DeadlinePassed`] (in a live game
    /// [`ServiceError::OutOfTime`]) once the deadline of the player to move has passed: the
    /// game is then as good as lost on time, and nothing but the recording of the loss may
    /// change it.
    fn ensure_in_time(&self, now: Timestamp) -> Result<(), ServiceError> {
        match self.state.deadline {
            Some(d) if d <= now && self.live.is_some() => Err(ServiceError::OutOfTime),
            Some(d) if d <= now => Err(ServiceError::DeadlinePassed),
            _ => Ok(()),
        }
    }

    /// Refuses with [`ServiceError::MovedOn`] when the game is no longer at `ply` (when given):
    /// the board or question acted on was drawn for an earlier state of the game.
    fn ensure_drawn_at(&self, ply: Option<u32>) -> Result<(), ServiceError> {
        match ply {
            Some(ply) if ply != self.state.ply => Err(ServiceError::MovedOn {
                now: self.state.ply,
            }),
            _ => Ok(()),
        }
    }

    /// Refuses with [`ServiceError::MovedOn`] when the game is no longer at `version` (when
    /// given): the question answered was asked of an earlier state of the game, and the request
    /// pending now (if any) is another one.
    fn ensure_version(&self, version: Option<i64>) -> Result<(), ServiceError> {
        match version {
            Some(version) if version != self.state.version => Err(ServiceError::MovedOn {
                now: self.state.ply,
            }),
            _ => Ok(()),
        }
    }

    fn ensure_active(&self) -> Result<(), ServiceError> {
        if self.state.outcome.is_some() {
            Err(ServiceError::GameOver)
        } else {
            Ok(())
        }
    }
}
