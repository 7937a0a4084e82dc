//! The computer player: the engine decides its turns and answers draw offers, searching on
//! blocking threads, at most [`ServiceConfig::engine_searches`](super::ServiceConfig) at once.
//!
//! Searches wait their turn per player, and players are served in turn: the waiting player
//! served least recently goes next. So one member's pile of computer games delays another
//! member's reply by at most one search (per other member waiting), not by the whole pile.
//!
//! The engine of a game is kept between its moves (for the [`KEPT_ENGINES`] games played most
//! recently), so each search starts from what the game's earlier searches learnt, as in the
//! matches that measured the engine's strength.

use std::collections::{BTreeSet, HashMap, VecDeque};
use std::sync::{Arc, Mutex, PoisonError, RwLock};
use std::time::Duration;

use dama_engine::tables::Tables;
use dama_engine::{Budget, Decision, Engine, EngineConfig, EngineError, Level};
use dama_rules::notation::MoveText;
use dama_rules::{Color, Game};
use tokio::sync::oneshot;

use super::{ComputerTurn, GameService, HowPlayed, Loaded, ServiceError};
use crate::ids::{GameId, UserId};
use crate::model::{Actor, Seats};

/// Transposition table per search: plenty for the levels' node budgets, cheap to clear.
const HASH_MB: usize = 8;

/// Games whose engine (and so its transposition table, [`HASH_MB`] each) is kept between moves.
/// A game whose engine was dropped starts its next search from an empty table, as every search
/// did before: slower to see deep, never wrong.
const KEPT_ENGINES: usize = 8;

/// Nodes searched to judge a draw offer (a few hundredths of a second).
const DRAW_JUDGEMENT_NODES: u64 = 200_000;

/// Runs engine searches on blocking threads, as many at once as there are turns, so that a
/// crowd of computer games cannot starve the rest of the bot, handing the turns out fairly
/// between players. Clones share the turns.
#[derive(Debug, Clone)]
pub(super) struct Computer {
    turns: Arc<Turns>,
    /// The endgame tables the strong levels probe, once loaded (shared by clones).
    tables: Arc<RwLock<Option<Arc<Tables>>>>,
    /// The engines of the games played most recently (shared by clones).
    kept: Arc<Mutex<Kept>>,
}

/// Engines kept between a game's moves, most recently used first.
#[derive(Debug, Default)]
struct Kept {
    engines: VecDeque<(GameId, Engine)>,
}

impl Kept {
    /// Game `id`'s engine, set to `config`, taken out so that its search holds it alone; a new
    /// engine when none is kept (or another search of the game holds it).
    fn take(&mut self, id: GameId, config: EngineConfig) -> Engine {
        let at = self.engines.iter().position(|(game, _)| *game == id);
        let Some((_, mut engine)) = at.and_then(|at| self.engines.remove(at)) else {
            return Engine::new(config);
        };
        // Each clears the table if it changed (another style judges positions differently).
        engine.set_level(config.level);
        engine.set_seed(config.seed);
        engine
    }

    /// Keeps game `id`'s engine for its next move, dropping the least recently used beyond
    /// [`KEPT_ENGINES`].
    fn put_back(&mut self, id: GameId, engine: Engine) {
        self.engines.retain(|(game, _)| *game != id);
        self.engines.push_front((id, engine));
        self.engines.truncate(KEPT_ENGINES);
    }

    #[cfg(test)]
    fn games(&self) -> Vec<GameId> {
        self.engines.iter().map(|(game, _)| *game).collect()
    }
}

/// Whether a search uses the game's kept engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Memory {
    /// The game's engine, kept for its next move: the computer's own turns.
    Game,
    /// A fresh engine, dropped afterwards: a judgement at another level or budget, which would
    /// clear the game's table.
    Fresh,
}

impl Computer {
    /// A computer player running up to `parallel` searches at once (at least one).
    pub(super) fn new(parallel: usize) -> Computer {
        Computer {
            turns: Arc::new(Turns::new(parallel.max(1))),
            tables: Arc::default(),
            kept: Arc::default(),
        }
    }

    /// The searches running and waiting now.
    pub(super) fn queue(&self) -> super::EngineQueue {
        self.turns.queue()
    }

    /// From now on, searches probe `tables` (at the levels that use them).
    pub(super) fn set_tables(&self, tables: Arc<Tables>) {
        *self.tables.write().unwrap_or_else(PoisonError::into_inner) = Some(tables);
    }

    /// Runs `job` on a blocking thread once `player` has a turn. The place in the queue is taken
    /// when this is called, not when the future is first polled. The turn is held until the job
    /// returns, even if the caller stops waiting for it.
    fn run<T: Send + 'static>(
        &self,
        player: UserId,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> impl Future<Output = Result<T, String>> + Send + 'static {
        let request = self.turns.request(player);
        async move {
            let turn = request.granted().await?;
            tokio::task::spawn_blocking(move || {
                let _turn = turn;
                job()
            })
            .await
            .map_err(|e| e.to_string())
        }
    }

    /// Runs `search` with an engine for game `id` at `level`, on a blocking thread once the
    /// game's person has a turn.
    async fn search<T: Send + 'static>(
        &self,
        id: GameId,
        seats: &Seats,
        game: &Game,
        (level, memory): (Level, Memory),
        search: impl FnOnce(&mut Engine, &Game) -> Result<T, EngineError> + Send + 'static,
    ) -> Result<T, ServiceError> {
        let failed = |reason: String| ServiceError::Engine { game: id, reason };
        let config = EngineConfig {
            level,
            // Varied between games, the same for all of a game's moves (a weak level misjudges a
            // position the same way each time it meets it), and on a replay of the game.
            seed: u64::from_ne_bytes(id.0.to_ne_bytes()),
            hash_mb: HASH_MB,
            ..EngineConfig::default()
        };
        let game = game.clone();
        // A game against the computer has exactly one person; queue under them.
        let player = seats
            .white
            .user()
            .or(seats.black.user())
            .unwrap_or(UserId(0));
        let tables = self
            .tables
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        let kept = Arc::clone(&self.kept);
        self.run(player, move || {
            let lock = || kept.lock().unwrap_or_else(PoisonError::into_inner);
            let mut engine = match memory {
                Memory::Game => lock().take(id, config),
                Memory::Fresh => Engine::new(config),
            };
            engine.set_tables(tables);
            let found = search(&mut engine, &game);
            if memory == Memory::Game {
                lock().put_back(id, engine);
            }
            found
        })
        .await
        .map_err(failed)?
        .map_err(|e| failed(e.to_string()))
    }
}

/// The turns at the engine: `free` of them unused, the others held by running searches, and
/// requests waiting per player. Handing out a turn is decided under the lock, so the order is
/// exactly the order of the rule (no race between waiters).
#[derive(Debug)]
struct Turns {
    state: Mutex<TurnState>,
}

#[derive(Debug, Default)]
struct TurnState {
    /// Turns no search holds (then nobody waits).
    free: usize,
    /// Counts turns handed out and players seen, to order them.
    tick: u64,
    /// Players with a search running or waiting.
    players: HashMap<UserId, Seat>,
    /// Players with requests waiting, in the order they are served: least recently served
    /// first, and players not served since they were last idle first of all, by arrival.
    waiting: BTreeSet<(u64, u64, UserId)>,
}

/// One player's place at the engine.
#[derive(Debug)]
struct Seat {
    /// The tick of their last turn (0: none since they were idle).
    served: u64,
    /// The tick they arrived at, breaking ties between players never served.
    arrived: u64,
    /// Their searches running now.
    running: usize,
    /// Their waiting requests, oldest first (a request given up on stays until its turn comes
    /// and is skipped).
    queue: VecDeque<oneshot::Sender<Turn>>,
}

impl Seat {
    fn order(&self, player: UserId) -> (u64, u64, UserId) {
        (self.served, self.arrived, player)
    }
}

/// A request for a turn: granted at once, or waiting for one.
enum TurnRequest {
    Granted(Turn),
    Waiting(oneshot::Receiver<Turn>),
}

impl TurnRequest {
    async fn granted(self) -> Result<Turn, String> {
        match self {
            TurnRequest::Granted(turn) => Ok(turn),
            TurnRequest::Waiting(rx) => rx.await.map_err(|_| "the computer stopped".to_owned()),
        }
    }
}

/// A turn at the engine for a player; dropping it hands it on.
#[derive(Debug)]
struct Turn {
    turns: Arc<Turns>,
    player: UserId,
    /// False for a turn that was never handed out (its waiter had gone): dropping it does
    /// nothing.
    live: bool,
}

impl Drop for Turn {
    fn drop(&mut self) {
        if self.live {
            self.turns.release(self.player);
        }
    }
}

impl Turns {
    fn new(parallel: usize) -> Turns {
        Turns {
            state: Mutex::new(TurnState {
                free: parallel,
                ..TurnState::default()
            }),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, TurnState> {
        // Nothing under the lock panics; should it, the state is still whole.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The searches running and waiting now. A request given up on counts until its turn
    /// comes and is skipped.
    fn queue(&self) -> super::EngineQueue {
        let state = self.lock();
        let mut queue = super::EngineQueue::default();
        for seat in state.players.values() {
            queue.running += seat.running;
            queue.waiting += seat.queue.len();
            if !seat.queue.is_empty() {
                queue.members_waiting += 1;
            }
            queue.longest_member_queue = queue.longest_member_queue.max(seat.queue.len());
        }
        queue
    }

    /// Asks for a turn for `player`: at once if one is free, else behind `player`'s earlier
    /// requests.
    fn request(self: &Arc<Turns>, player: UserId) -> TurnRequest {
        let mut guard = self.lock();
        let state = &mut *guard;
        state.tick += 1;
        let tick = state.tick;
        let seat = state.players.entry(player).or_insert(Seat {
            served: 0,
            arrived: tick,
            running: 0,
            queue: VecDeque::new(),
        });
        if state.free > 0 {
            state.free -= 1;
            seat.served = tick;
            seat.running += 1;
            return TurnRequest::Granted(Turn {
                turns: Arc::clone(self),
                player,
                live: true,
            });
        }
        let (tx, rx) = oneshot::channel();
        if seat.queue.is_empty() {
            state.waiting.insert(seat.order(player));
        }
        seat.queue.push_back(tx);
        TurnRequest::Waiting(rx)
    }

    /// `player`'s search ended: its turn goes to the next waiting request, or back to the free.
    fn release(self: &Arc<Turns>, player: UserId) {
        let mut guard = self.lock();
        let state = &mut *guard;
        if let Some(seat) = state.players.get_mut(&player) {
            seat.running = seat.running.saturating_sub(1);
            if seat.running == 0 && seat.queue.is_empty() {
                state.players.remove(&player);
            }
        }
        while let Some(key) = state.waiting.pop_first() {
            let next = key.2;
            let Some(seat) = state.players.get_mut(&next) else {
                continue;
            };
            let Some(tx) = seat.queue.pop_front() else {
                continue;
            };
            let turn = Turn {
                turns: Arc::clone(self),
                player: next,
                live: true,
            };
            let handed = match tx.send(turn) {
                Ok(()) => {
                    state.tick += 1;
                    seat.served = state.tick;
                    seat.running += 1;
                    true
                }
                Err(mut unwanted) => {
                    // Its waiter has gone; dropping this turn must not release it again.
                    unwanted.live = false;
                    false
                }
            };
            if !seat.queue.is_empty() {
                state.waiting.insert(seat.order(next));
            } else if seat.running == 0 {
                state.players.remove(&next);
            }
            if handed {
                return;
            }
        }
        state.free += 1;
    }
}

impl GameService {
    /// The computer plays its turn in game `id`, a game against it where it is to move: it
    /// moves (offering a draw along with the move when the engine wants one: the person then
    /// answers with [`answer`](Self::answer), or moves instead), or, at levels 4 and 5 in a lost position, resigns. Should the person
    /// take back a move while the engine thinks, its move is refused with
    /// [`ServiceError::Conflict`]: read the game again.
    pub async fn play_computer_turn(&self, id: GameId) -> Result<ComputerTurn, ServiceError> {
        let Loaded { record, game } = self.load(id).await?;
        if !record.seats.against_engine() {
            return Err(ServiceError::NotAParticipant);
        }
        record.ensure_active()?;
        let level = record
            .seats
            .participant(game.turn())
            .engine()
            .ok_or(ServiceError::NotYourTurn)?;
        // The job's span names the person the computer plays against.
        if let Some(person) = record.seats.participant(game.turn().opposite()).user() {
            tracing::Span::current().record("member", tracing::field::display(person));
        }
        // In a live game the computer keeps to its clock (see `dama_engine::think_time`).
        let me = game.turn();
        let budget = match (record.live, record.state.clocks) {
            (Some(clock), Some(clocks)) => {
                let read = super::live::reading(
                    clock,
                    &clocks,
                    record.state.ply,
                    me,
                    false,
                    self.clock.now(),
                );
                let left = |color| {
                    Duration::from_millis(u64::try_from(read.remaining(color)).unwrap_or(0))
                };
                level.live_budget(left(me), left(me.opposite()), clock.increment())
            }
            _ => level.interactive_budget(),
        };
        let decision = self
            .computer
            .search(
                id,
                &record.seats,
                &game,
                (level, Memory::Game),
                move |engine, game| engine.choose(game, budget),
            )
            .await?;
        match decision {
            Decision::Play { mv, offer_draw, .. } => {
                let text = MoveText::of_move(&mv);
                let how = HowPlayed {
                    offer_draw,
                    ..HowPlayed::default()
                };
                let moved = self.play(id, Actor::Engine, &text, how).await?;
                Ok(ComputerTurn::Moved(moved))
            }
            Decision::Resign { .. } => Ok(ComputerTurn::Resigned(self.engine_resigns(id).await?)),
        }
    }

    /// Whether the computer, playing `engine` in `loaded`, agrees to a draw now. The offer is
    /// judged at full strength (without a low level's deliberate noise) on a small budget, so
    /// that no level takes a draw in a level opening or a won position.
    pub(super) async fn engine_accepts_draw(
        &self,
        loaded: &Loaded,
        engine: Color,
    ) -> Result<bool, ServiceError> {
        self.computer
            .search(
                loaded.record.id,
                &loaded.record.seats,
                &loaded.game,
                (Level::MAX, Memory::Fresh),
                move |e, game| e.accepts_draw(game, engine, Budget::nodes(DRAW_JUDGEMENT_NODES)),
            )
            .await
    }
}

#[cfg(test)]
mod tests {
    use dama_rules::{DrawReason, Outcome, Position};

    use super::*;
    use crate::ids::UserId;
    use crate::model::{Participant, Player, Seats, TimeControl};
    use crate::service::testing::{computer_game, place, service};
    use crate::service::{Question, Reply};
    use crate::store::{self, NewGame};

    /// A game from `start` between `person` (White) and the computer at level 4 (Black).
    async fn game_from(service: &GameService, person: &Player, start: &str) -> GameId {
        let now = service.now();
        let seats = Seats::new(
            Participant::Human(person.clone()),
            Participant::Engine(Level::new(4).expect("level")),
        );
        let mut tx = service.write().await.expect("writer");
        store::upsert_player(&mut tx, person, place().guild, now)
            .await
            .expect("player");
        let id = store::insert_game(
            &mut tx,
            &NewGame {
                place: place(),
                seats: &seats,
                rated: false,
                time_control: TimeControl::Unlimited,
                live: None,
                rules: dama_rules::Rules::STANDARD,
                start: start.parse::<Position>().expect("position"),
                to_move: Some(person.id),
                deadline: None,
                now,
                rematch_of: None,
            },
        )
        .await
        .expect("game");
        tx.commit().await.expect("commit");
        id
    }

    /// Queues `jobs` (player, label) on a computer with one search at a time, each job
    /// blocking until the test lets it finish; returns the labels in the order they ran.
    async fn run_order(jobs: &[(u64, &'static str)]) -> Vec<&'static str> {
        let computer = Computer::new(1);
        let (started_tx, mut started) = tokio::sync::mpsc::unbounded_channel();
        let mut gates = HashMap::new();
        let mut tasks = Vec::new();
        for &(player, label) in jobs {
            let (gate, wait) = std::sync::mpsc::channel::<()>();
            gates.insert(label, gate);
            let started_tx = started_tx.clone();
            tasks.push(tokio::spawn(computer.run(UserId(player), move || {
                started_tx.send(label).expect("the test listens");
                wait.recv().expect("the test lets the search end");
            })));
        }
        let mut order = Vec::new();
        for _ in jobs {
            let label = started.recv().await.expect("a search starts");
            order.push(label);
            gates[label].send(()).expect("the search waits");
        }
        for task in tasks {
            task.await.expect("task").expect("search");
        }
        order
    }

    #[tokio::test]
    async fn a_members_reply_waits_for_one_search_not_for_another_members_pile() {
        let a = |label| (1, label);
        let order = run_order(&[a("a1"), a("a2"), a("a3"), a("a4"), a("a5"), (2, "b1")]).await;
        assert_eq!(order, ["a1", "b1", "a2", "a3", "a4", "a5"]);
    }

    #[tokio::test]
    async fn members_with_piles_take_turns_in_order_of_arrival() {
        let order = run_order(&[
            (1, "a1"),
            (1, "a2"),
            (1, "a3"),
            (2, "b1"),
            (2, "b2"),
            (3, "c1"),
            (2, "b3"),
        ])
        .await;
        assert_eq!(order, ["a1", "b1", "c1", "a2", "b2", "a3", "b3"]);
    }

    #[test]
    fn a_request_given_up_on_hands_its_turn_to_the_next() {
        let turns = Arc::new(Turns::new(1));
        let TurnRequest::Granted(first) = turns.request(UserId(1)) else {
            panic!("a free turn is granted at once");
        };
        let TurnRequest::Waiting(gone) = turns.request(UserId(2)) else {
            panic!("no turn is free");
        };
        let TurnRequest::Waiting(mut next) = turns.request(UserId(3)) else {
            panic!("no turn is free");
        };
        drop(gone);
        drop(first);
        let turn = next
            .try_recv()
            .expect("the turn skipped the request given up on");
        assert_eq!(turn.player, UserId(3));
        drop(turn);
        let state = turns.lock();
        assert_eq!(state.free, 1, "the turn is free again");
        assert!(state.players.is_empty() && state.waiting.is_empty());
    }

    #[test]
    fn the_queue_counts_searches_running_and_waiting_per_member() {
        let turns = Arc::new(Turns::new(1));
        let TurnRequest::Granted(running) = turns.request(UserId(1)) else {
            panic!("a free turn is granted at once");
        };
        let _waiting = [
            turns.request(UserId(1)),
            turns.request(UserId(2)),
            turns.request(UserId(2)),
            turns.request(UserId(2)),
        ];
        let queue = turns.queue();
        assert_eq!(
            queue,
            super::super::EngineQueue {
                running: 1,
                waiting: 4,
                members_waiting: 2,
                longest_member_queue: 3,
            }
        );
        drop(running);
        assert_eq!(
            turns.queue().running,
            1,
            "the turn went to the next waiting"
        );
        assert_eq!(turns.queue().waiting, 3);
    }

    #[test]
    fn the_engines_of_the_games_played_last_are_kept_and_the_oldest_dropped() {
        let mut kept = Kept::default();
        let config = EngineConfig {
            hash_mb: 1,
            ..EngineConfig::default()
        };
        for game in 1..=u64::try_from(KEPT_ENGINES).expect("small") + 2 {
            let engine = kept.take(GameId(game.try_into().expect("small")), config);
            kept.put_back(GameId(game.try_into().expect("small")), engine);
        }
        let games = kept.games();
        assert_eq!(games.len(), KEPT_ENGINES);
        assert_eq!(games.first(), Some(&GameId(10)), "the latest first");
        assert!(!games.contains(&GameId(1)) && !games.contains(&GameId(2)));

        // Playing an older game again brings its engine to the front; taking it out leaves
        // it to that search alone.
        let engine = kept.take(GameId(5), config);
        assert!(!kept.games().contains(&GameId(5)));
        kept.put_back(GameId(5), engine);
        assert_eq!(kept.games().first(), Some(&GameId(5)));
        assert_eq!(kept.games().len(), KEPT_ENGINES);
    }

    #[tokio::test]
    async fn the_computer_keeps_its_engine_between_a_games_moves_but_not_for_a_draw_judgement() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let service = service(&dir).await;
        let ada = Player::new(UserId(1), "Ada");
        let game = computer_game(&service, &ada, Level::MIN).await;
        let kept = || {
            service
                .computer
                .kept
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .games()
        };
        let ComputerTurn::Moved(_) = service
            .play_computer_turn(game.id)
            .await
            .expect("the computer moves")
        else {
            panic!("level 1 does not resign at the start");
        };
        assert_eq!(kept(), [game.id]);

        // A draw judgement searches at full strength with an engine of its own.
        let loaded = service.load(game.id).await.expect("game");
        service
            .engine_accepts_draw(&loaded, Color::White)
            .await
            .expect("judged");
        assert_eq!(kept(), [game.id]);
    }

    #[tokio::test]
    async fn the_computer_accepts_a_draw_when_its_position_is_hopeless() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let service = service(&dir).await;
        let ada = Player::new(UserId(1), "Ada");
        // Two white kings against one black man.
        let id = game_from(&service, &ada, "WW6/8/8/8/8/8/7b/8 w").await;
        let Reply::Drawn(ended) = service
            .ask(id, ada.id, Question::Draw)
            .await
            .expect("answered")
        else {
            panic!("a lost position is worth a draw to the computer");
        };
        assert_eq!(ended.end.outcome, Outcome::Draw(DrawReason::Agreement));
        assert!(ended.game.is_over());
    }

    #[tokio::test]
    async fn a_draw_offered_with_the_computers_move_waits_for_the_person() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let service = service(&dir).await;
        let ada = Player::new(UserId(1), "Ada");
        let game = computer_game(&service, &ada, Level::MIN).await;
        // The engine offers only after 20 quiet plies; the offer is written as it would be.
        let moved = service
            .play(
                game.id,
                Actor::Engine,
                &"d3-d4".parse().expect("syntax"),
                HowPlayed {
                    offer_draw: true,
                    ..HowPlayed::default()
                },
            )
            .await
            .expect("legal");
        assert_eq!(moved.game.draw_offer, Some(Color::White));
        assert_eq!(
            service.game(game.id).await.expect("game").draw_offer,
            Some(Color::White)
        );
        let Reply::Drawn(ended) = service
            .answer(game.id, ada.id, Question::Draw, true, None)
            .await
            .expect("accepted")
        else {
            panic!("a yes to a draw draws the game");
        };
        assert_eq!(ended.end.outcome, Outcome::Draw(DrawReason::Agreement));
    }
}
