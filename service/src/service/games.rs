//! Playing: moves, resignation, draws, takebacks, and reading games.

use std::time::Duration;

use dama_rules::notation::{self, MoveText, Resolved};
use dama_rules::{Color, Game, Move, Outcome, Position, WinReason, pdn};
use serde::{Deserialize, Serialize};

use super::live::{self, Charge, MoveTiming};
use super::outbox::{self, Line, Notice, PendingNotice};
use super::{
    GameEnd, GameEnded, GameService, GameView, Loaded, MoveOutcome, Reply, ServiceError, TakenBack,
};
use crate::clock::Timestamp;
use crate::ids::{ChannelId, GameId, GuildId, Place, UserId};
use crate::model::{Actor, LiveClock};
use crate::store::{self, GameRecord, GameState};

/// Which of a player's games to list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum GameFilter {
    /// All of them.
    #[default]
    Anywhere,
    /// Those of one guild.
    Guild(GuildId),
    /// Those started in a channel or played in it as a thread.
    Channel(ChannelId),
}

/// The most games [`GameService::live_games`] lists at once.
pub const LIVE_GAMES_MAX: u32 = 25;

/// A server's games in progress (see [`GameService::live_games`]).
#[derive(Debug, Clone, PartialEq)]
pub struct LiveGames {
    /// The most recently moved first.
    pub games: Vec<GameView>,
    /// How many games are in progress there in all, listed or not.
    pub total: u32,
}

/// A question a player puts to the opponent, who answers yes or no.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Question {
    /// A draw offer: may the game be drawn?
    Draw,
    /// A takeback request: may the asker take back their last move (and the reply, if made)?
    Takeback,
}

impl Question {
    /// Every question.
    pub const ALL: [Question; 2] = [Question::Draw, Question::Takeback];

    /// Who asked this question in `state`, if it waits for an answer.
    fn asker(self, state: &store::GameState) -> Option<Color> {
        match self {
            Question::Draw => state.draw_offer,
            Question::Takeback => state.takeback,
        }
    }

    /// Records in `state` that `asker` asked this question (`None`: it waits no more).
    fn set_asker(self, state: &mut store::GameState, asker: Option<Color>) {
        match self {
            Question::Draw => state.draw_offer = asker,
            Question::Takeback => state.takeback = asker,
        }
    }

    /// The refusal of an answer when the opponent has not asked this question.
    fn not_asked(self) -> ServiceError {
        match self {
            Question::Draw => ServiceError::NoDrawOffer,
            Question::Takeback => ServiceError::NoTakebackRequest,
        }
    }
}

/// How a move is played: with a draw offer, from a board drawn at some ply, knowing it loses.
/// The default is a move typed as a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct HowPlayed {
    /// The mover offers a draw along with the move (the computer does; the offer is written
    /// with the move).
    pub offer_draw: bool,
    /// Where the board or confirmation the move was chosen on was pressed, and its ply: the
    /// move is refused with [`ServiceError::NotVisibleHere`] where the game cannot be seen,
    /// and with [`ServiceError::MovedOn`] if the game has moved on since (the check and the
    /// move are one versioned write, so no move can slip in between).
    pub pressed: Option<Pressed<u32>>,
    /// The mover knows the move loses: under strict rules a move that misses a capture (or
    /// takes fewer pieces than the most) is refused with [`ServiceError::MissedCapture`];
    /// confirmed, it is played and the mover loses, the result naming the capture that was
    /// available. A move that is legal is simply played.
    pub losing: bool,
    /// When the move was taken, if the face knows (a Discord interaction's id holds the moment
    /// it was made). In a live game the move is charged up to that moment rather than to its
    /// arrival, provided it is neither before the turn began nor after the move arrived;
    /// otherwise it is ignored.
    pub taken_at: Option<Timestamp>,
    /// The network lag the move suffered, if the face measured it (a page's round trip, say).
    /// In a live game it is refunded within the mover's lag quota (see
    /// [`LAG_QUOTA_START`](super::LAG_QUOTA_START)); ignored in a correspondence game.
    pub lag: Option<Duration>,
}

/// The interaction that is to answer with a move's news (see
/// [`GameService::play_answered`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Carrier<'a> {
    /// The channel (or thread) it was used in.
    pub channel: ChannelId,
    /// Its token, kept with the claim: should this instance die before recording the
    /// delivery, the answer is looked up before the news is posted again.
    pub token: &'a str,
}

/// A control pressed on a board or question drawn when the game was at `at` (a ply for a
/// board, a version for a question), from `origin`. Commands have none: they act on the game as
/// it stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pressed<T> {
    /// Where it was pressed.
    pub origin: Origin,
    /// The state of the game the message was drawn at.
    pub at: T,
}

/// Where an action on a game comes from: which face, and what the service must check and do
/// for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// A button or menu of a message in a Discord place: refused with
    /// [`ServiceError::NotVisibleHere`] where the game cannot be seen. The interaction answers
    /// with the action's news.
    Discord(Place),
    /// A member signed in on the web pages or in the Activity, acting as themselves: no place to
    /// check. No interaction carries the news, so the same call hands the action's notices to
    /// the delivery worker (see [`GameService::delivery_bell`]).
    Member,
}

impl Origin {
    /// The Discord place the action came from, if it came from one.
    #[must_use]
    pub const fn place(self) -> Option<Place> {
        match self {
            Origin::Discord(place) => Some(place),
            Origin::Member => None,
        }
    }

    /// Whether it came from a signed-in member outside Discord.
    const fn is_member(origin: Option<Self>) -> bool {
        matches!(origin, Some(Origin::Member))
    }
}

impl GameService {
    /// Plays the move `text` in game `id` for `actor`, typed as a command: see
    /// [`play`](Self::play).
    pub async fn play_move(
        &self,
        id: GameId,
        actor: Actor,
        text: &MoveText,
    ) -> Result<MoveOutcome, ServiceError> {
        self.play(id, actor, text, HowPlayed::default()).await
    }

    /// Plays the move `text` in game `id` for `actor`, played as `how` says: a player on their
    /// turn, or the engine on its turn in a game against the computer. The move, the new
    /// position, the clock and the game row are written in one transaction; if another write
    /// got in first the move is refused with [`ServiceError::Conflict`] and nothing is written.
    pub async fn play(
        &self,
        id: GameId,
        actor: Actor,
        text: &MoveText,
        how: HowPlayed,
    ) -> Result<MoveOutcome, ServiceError> {
        let played = self.play_carried(id, actor, text, how, None).await?;
        self.hand_over_for(id, how.pressed.map(|p| p.origin)).await;
        Ok(played)
    }

    /// [`play`](Self::play) for an interaction whose answer is to carry the move's news,
    /// `carrier`: when the interaction came from the game's own channel (or thread), the move
    /// neither ends the game nor leaves the computer to move, and no older news of the game
    /// waits to be sent, the move's notice is claimed for that answer in the move's own
    /// transaction and comes back in [`MoveOutcome::answering`] (no second write to claim it).
    /// Otherwise the outcome carries none and the news goes out as after [`play`](Self::play).
    pub async fn play_answered(
        &self,
        id: GameId,
        actor: Actor,
        text: &MoveText,
        how: HowPlayed,
        carrier: Carrier<'_>,
    ) -> Result<MoveOutcome, ServiceError> {
        self.play_carried(id, actor, text, how, Some(carrier)).await
    }

    async fn play_carried(
        &self,
        id: GameId,
        actor: Actor,
        text: &MoveText,
        how: HowPlayed,
        carrier: Option<Carrier<'_>>,
    ) -> Result<MoveOutcome, ServiceError> {
        let now = self.clock.now();
        let mut loaded = self.load(id).await?;
        // Whether the move was written once already and the server answered that it had ended
        // the session instead (see below).
        let mut lost = false;
        loop {
            let Loaded { mut record, game } = loaded;
            let version = record.state.version;
            let decided = match decide_move(&record, game, actor, text, how, now) {
                // The flag fell (or the first move came too late) before the move was taken:
                // the game ends now, in this request's one write.
                Err(refusal @ (ServiceError::OutOfTime | ServiceError::GameAborted)) => {
                    return Err(self.end_on_clock_refusing(id, now, refusal).await);
                }
                decided => decided?,
            };
            let here =
                carrier.filter(|c| record.thread.unwrap_or(record.place.channel) == c.channel);
            let claim = here.map(|c| store::AnswerClaim {
                holder: &self.worker,
                token: c.token,
                until: now + outbox::SEND_LEASE,
            });
            // A move that ends the game, or one an answer may be stored for, is written in a
            // transaction of its own (see `conditional`); the rest, the hot path, in one round
            // trip, and only while the game has no stored answers.
            let answerable = decided.state.outcome.is_some() || record.conditional_by.is_some();
            let (played, before) = (decided.played, decided.before);
            let text = played.to_string();
            let written = if answerable {
                self.write_move_answered(&record, decided, &text, claim, now)
                    .await
            } else {
                self.write_plain_move(&record, &decided.state, &text, claim, now)
                    .await
                    .map(|answering| Written {
                        game: decided.game,
                        state: decided.state,
                        ended: None,
                        answering,
                        answered: None,
                    })
            };
            match written {
                Err(ServiceError::Conflict) if !answerable => {
                    // Answers stored since the game was read (the only change that leaves its
                    // version as it was): play the move again, with them.
                    let fresh = self.load(id).await?;
                    if fresh.record.state.version != version
                        || fresh.record.conditional_by.is_none()
                    {
                        return Err(ServiceError::Conflict);
                    }
                    loaded = fresh;
                }
                // The database went away as the move was written, and said so in its answer:
                // nothing was written, so the move is played again, once, on a new connection,
                // from the game as it is now (another move may have come in meanwhile). A write
                // whose answer was lost instead (an I/O error) may have committed: it is not
                // played again blind (the member is told something went wrong; if it
                // committed, its board is in the outbox and goes out as ever).
                Err(ServiceError::Database(e)) if store::not_committed(&e) && !lost => {
                    tracing::warn!(game = %id, error = %e, "lost the database connection writing a move: playing it again");
                    lost = true;
                    loaded = self.load(id).await?;
                }
                Err(e) => return Err(e),
                Ok(written) => {
                    self.counters.moved(actor);
                    let view = self.moved(&mut record, written.state, &written.game);
                    return Ok(MoveOutcome {
                        game: view,
                        played,
                        text,
                        position_before: before,
                        ended: written.ended,
                        answering: written.answering,
                        answered: written.answered,
                    });
                }
            }
        }
    }

    /// Writes a move that leaves `record`'s game going on at `state`, in a game with no stored
    /// answers, with its notice (claimed for `claim`'s answer when a person is to move): one
    /// round trip. The notice when it was claimed. Refused with [`ServiceError::Conflict`] when
    /// the game changed or has stored answers now.
    async fn write_plain_move(
        &self,
        record: &GameRecord,
        state: &GameState,
        text: &str,
        claim: Option<store::AnswerClaim<'_>>,
        now: Timestamp,
    ) -> Result<Option<Box<PendingNotice>>, ServiceError> {
        let id = record.id;
        let claim = claim_kept(claim, record, state);
        let notice = Notice::Board {
            game: id,
            ply: state.ply,
            lines: vec![Line::Moved { ply: state.ply }],
        };
        let version = record.state.version;
        let (notice_id, claimed) = self
            .write_move(id, version, state, text, &notice, now, claim)
            .await?;
        Ok(PendingNotice::claimed(notice_id, notice, claimed))
    }

    /// After a move's write committed: `state` is taken as `record`'s (see
    /// [`committed`](Self::committed)) and the computer's reply started if it is to move now.
    /// The game's view after the move.
    pub(super) fn moved(&self, record: &mut GameRecord, state: GameState, game: &Game) -> GameView {
        self.committed(record, state, game);
        let view = GameView::of(record, game);
        self.start_reply(&view);
        view
    }

    /// Game `id`, if `user` may resign it now from a board `pressed` (they may see it from
    /// there, play in it, it goes on, and it is still at the board's ply): for asking them to
    /// confirm before [`resign_at`](Self::resign_at).
    pub async fn resignable(
        &self,
        id: GameId,
        user: UserId,
        pressed: Pressed<u32>,
    ) -> Result<GameView, ServiceError> {
        let view = self.game_to_play(id, user, pressed).await?;
        if view.is_over() {
            return Err(ServiceError::GameOver);
        }
        Ok(view)
    }

    /// Game `id` for `user` to act on as a player from a board `pressed`: refused unless they
    /// may see it from there, play in it, and it is still at the board's ply.
    pub async fn game_to_play(
        &self,
        id: GameId,
        user: UserId,
        pressed: Pressed<u32>,
    ) -> Result<GameView, ServiceError> {
        let loaded = self.load(id).await?;
        loaded.record.acting(user, pressed.origin.place())?;
        loaded.record.ensure_drawn_at(Some(pressed.at))?;
        Ok(GameView::of(&loaded.record, &loaded.game))
    }

    /// `user` resigns game `id` (at any time, on either turn).
    pub async fn resign(&self, id: GameId, user: UserId) -> Result<GameEnded, ServiceError> {
        self.resign_drawn_at(id, user, None).await
    }

    /// [`resign`](Self::resign) from a board drawn at `ply`, pressed in `place`: refused with
    /// [`ServiceError::NotVisibleHere`] where the game cannot be seen, and with
    /// [`ServiceError::MovedOn`] if the game has moved on since (the check and the result are
    /// one versioned write).
    pub async fn resign_at(
        &self,
        id: GameId,
        user: UserId,
        pressed: Pressed<u32>,
    ) -> Result<GameEnded, ServiceError> {
        let ended = self.resign_drawn_at(id, user, Some(pressed)).await?;
        self.hand_over_for(id, Some(pressed.origin)).await;
        Ok(ended)
    }

    async fn resign_drawn_at(
        &self,
        id: GameId,
        user: UserId,
        pressed: Option<Pressed<u32>>,
    ) -> Result<GameEnded, ServiceError> {
        let now = self.clock.now();
        let loaded = self.load(id).await?;
        let color = loaded
            .record
            .acting(user, pressed.and_then(|p| p.origin.place()))?;
        loaded.record.ensure_drawn_at(pressed.map(|p| p.at))?;
        loaded.record.ensure_active()?;
        let outcome = Outcome::Win {
            winner: color.opposite(),
            reason: WinReason::Resignation,
        };
        let lines = vec![Line::Resigned { by: color }];
        self.finish(loaded, outcome, now, lines, self.config.answer_grace)
            .await
    }

    /// `user` asks the opponent `question`: offers a draw, or asks to take back their last
    /// move (and the opponent's reply, if made). The opponent answers with
    /// [`answer`](Self::answer); the computer answers at once. Offering a draw while the
    /// opponent's offer is pending accepts it. A draw offer lapses when the opponent moves
    /// instead of answering; a takeback request lapses when either side moves.
    pub async fn ask(
        &self,
        id: GameId,
        user: UserId,
        question: Question,
    ) -> Result<Reply, ServiceError> {
        match question {
            Question::Draw => self.offer_draw(id, user, None, None).await,
            Question::Takeback => self.request_takeback(id, user, None).await,
        }
    }

    /// [`ask`](Self::ask) from `origin`: refused with [`ServiceError::NotVisibleHere`] from a
    /// Discord place where the game cannot be seen; a member's question is handed to delivery
    /// at once.
    pub async fn ask_from(
        &self,
        id: GameId,
        user: UserId,
        question: Question,
        origin: Origin,
    ) -> Result<Reply, ServiceError> {
        let reply = match question {
            Question::Draw => self.offer_draw(id, user, Some(origin), None).await?,
            Question::Takeback => self.request_takeback(id, user, Some(origin)).await?,
        };
        self.hand_over_for(id, Some(origin)).await;
        Ok(reply)
    }

    /// After an action from `origin` was written: a member's news goes to the delivery worker
    /// now, since no interaction will carry it. A failure is logged: the notices wait their
    /// grace and go out anyway.
    pub(super) async fn hand_over_for(&self, id: GameId, origin: Option<Origin>) {
        if !Origin::is_member(origin) {
            return;
        }
        if let Err(e) = self.hand_over(id).await {
            tracing::warn!(error = %e, game = %id, "cannot hand a member's news over to delivery");
        }
        self.deliveries.notify_one();
    }

    /// [`ask`](Self::ask) a draw from a board `pressed` at some ply in some place: refused with
    /// [`ServiceError::NotVisibleHere`] where the game cannot be seen, and with
    /// [`ServiceError::MovedOn`] when the game has moved on since (the check and the offer are
    /// one versioned write).
    pub async fn offer_draw_at(
        &self,
        id: GameId,
        user: UserId,
        pressed: Pressed<u32>,
    ) -> Result<Reply, ServiceError> {
        let reply = self
            .offer_draw(id, user, Some(pressed.origin), Some(pressed.at))
            .await?;
        self.hand_over_for(id, Some(pressed.origin)).await;
        Ok(reply)
    }

    async fn offer_draw(
        &self,
        id: GameId,
        user: UserId,
        origin: Option<Origin>,
        at: Option<u32>,
    ) -> Result<Reply, ServiceError> {
        let loaded = self.load(id).await?;
        let color = loaded.record.acting(user, origin.and_then(Origin::place))?;
        loaded.record.ensure_drawn_at(at)?;
        loaded.record.ensure_active()?;
        loaded.record.ensure_in_time(self.clock.now())?;
        let opponent = loaded.record.seats.participant(color.opposite()).engine();
        let agreed = match (loaded.record.state.draw_offer, opponent) {
            (Some(c), _) if c == color => return Err(ServiceError::DrawAlreadyOffered),
            (Some(_), _) => true,
            (None, Some(_)) => self.engine_accepts_draw(&loaded, color.opposite()).await?,
            (None, None) => {
                let game = self
                    .write_question(loaded, Question::Draw, Some(color), color)
                    .await?;
                return Ok(Reply::Pending(game));
            }
        };
        if !agreed {
            return Ok(Reply::Declined(GameView::of(&loaded.record, &loaded.game)));
        }
        Ok(Reply::Drawn(self.agree_draw(loaded, color).await?))
    }

    async fn request_takeback(
        &self,
        id: GameId,
        user: UserId,
        origin: Option<Origin>,
    ) -> Result<Reply, ServiceError> {
        let loaded = self.load(id).await?;
        let color = loaded.record.acting(user, origin.and_then(Origin::place))?;
        loaded.record.ensure_active()?;
        let moved = loaded.game.positions()[..loaded.game.moves().len()]
            .iter()
            .any(|p| p.turn() == color);
        loaded.record.ensure_in_time(self.clock.now())?;
        if !moved {
            return Err(ServiceError::NothingToTakeBack);
        }
        if loaded.record.state.takeback.is_some() {
            return Err(ServiceError::TakebackPending);
        }
        if loaded.record.seats.against_engine() {
            return Ok(Reply::TakenBack(
                self.take_back(loaded, color, color).await?,
            ));
        }
        let game = self
            .write_question(loaded, Question::Takeback, Some(color), color)
            .await?;
        Ok(Reply::Pending(game))
    }

    /// `user` answers the opponent's pending `question`: yes (`accept`) draws the game, or
    /// undoes the requester's moves (who is then to move again, with a fresh deadline); no
    /// leaves the game as it was.
    ///
    /// `pressed` is where the question's button was pressed and the game's version it was
    /// drawn at ([`GameView::version`]): when given, the answer is refused with
    /// [`ServiceError::NotVisibleHere`] where the game cannot be seen, and with
    /// [`ServiceError::MovedOn`] if the game has changed since (the question it answered is
    /// gone, or was declined and asked again). A command, which answers whatever is pending,
    /// gives `None`.
    pub async fn answer(
        &self,
        id: GameId,
        user: UserId,
        question: Question,
        accept: bool,
        pressed: Option<Pressed<i64>>,
    ) -> Result<Reply, ServiceError> {
        let loaded = self.load(id).await?;
        let color = loaded
            .record
            .acting(user, pressed.and_then(|p| p.origin.place()))?;
        loaded.record.ensure_version(pressed.map(|p| p.at))?;
        loaded.record.ensure_active()?;
        if question.asker(&loaded.record.state) != Some(color.opposite()) {
            return Err(question.not_asked());
        }
        let reply = self.answer_asked(loaded, color, question, accept).await?;
        self.hand_over_for(id, pressed.map(|p| p.origin)).await;
        Ok(reply)
    }

    /// `color`'s answer to `question`, which the opponent asked them in `loaded`'s game going
    /// on: yes (`accept`, while `color` is in time) or no.
    async fn answer_asked(
        &self,
        loaded: Loaded,
        color: Color,
        question: Question,
        accept: bool,
    ) -> Result<Reply, ServiceError> {
        if !accept {
            let game = self.write_question(loaded, question, None, color).await?;
            return Ok(Reply::Declined(game));
        }
        loaded.record.ensure_in_time(self.clock.now())?;
        Ok(match question {
            Question::Draw => Reply::Drawn(self.agree_draw(loaded, color).await?),
            Question::Takeback => {
                Reply::TakenBack(self.take_back(loaded, color.opposite(), color).await?)
            }
        })
    }

    /// The game is drawn by agreement, `accepter` having said yes.
    async fn agree_draw(&self, loaded: Loaded, accepter: Color) -> Result<GameEnded, ServiceError> {
        let now = self.clock.now();
        let outcome = Outcome::Draw(dama_rules::DrawReason::Agreement);
        let lines = vec![Line::DrawAgreed { by: accepter }];
        self.finish(loaded, outcome, now, lines, self.config.answer_grace)
            .await
    }

    /// Writes `question` as asked by `asker`, or (`None`) as answered no, the other question as
    /// it was (no move, same deadline), with the notice that tells the players what `by` did.
    async fn write_question(
        &self,
        loaded: Loaded,
        question: Question,
        asker: Option<Color>,
        by: Color,
    ) -> Result<GameView, ServiceError> {
        let Loaded { mut record, game } = loaded;
        let mut state = record.state.clone();
        state.version += 1;
        question.set_asker(&mut state, asker);
        state.updated_at = self.clock.now();
        let notice = match asker {
            Some(_) => Notice::Asked {
                game: record.id,
                question,
                by,
            },
            None => Notice::Declined {
                game: record.id,
                question,
                by,
            },
        };
        let mut tx = self.write().await?;
        if !store::update_game(&mut tx, record.id, record.state.version, &state, false).await? {
            return Err(tx.abandon(ServiceError::Conflict).await);
        }
        // A draw declined: the game goes on, and stored answers entered before the offer are
        // for the player to think over again.
        if question == Question::Draw && asker.is_none() {
            store::clear_answers(&mut tx, record.id).await?;
        }
        outbox::push(&mut tx, &notice, state.updated_at, self.config.answer_grace).await?;
        tx.commit().await?;
        self.committed(&mut record, state, &game);
        Ok(GameView::of(&record, &game))
    }

    /// Undoes `requester`'s last move, and the reply to it if one was made; `granter` said yes
    /// (the requester themselves when the computer agrees at once).
    async fn take_back(
        &self,
        loaded: Loaded,
        requester: Color,
        granter: Color,
    ) -> Result<TakenBack, ServiceError> {
        let now = self.clock.now();
        let Loaded {
            mut record,
            mut game,
        } = loaded;
        let plies = if game.turn() == requester { 2 } else { 1 };
        let undone: Vec<Move> = (0..plies).filter_map(|_| game.undo()).collect();
        if undone.len() != plies {
            return Err(ServiceError::NothingToTakeBack);
        }
        let mut state = record.state.clone();
        state.position = *game.position();
        state.ply -= u32::try_from(plies).unwrap_or(0);
        state.version += 1;
        state.takeback = None;
        state.draw_offer = None;
        state.updated_at = now;
        state.to_move = record.seats.participant(requester).user();
        state.deadline = record.deadline_for(requester, now);
        // A live game's clocks keep the time spent; the requester's turn begins now.
        if let Some(clocks) = &mut state.clocks {
            clocks.turn_started_at = now;
            state.deadline = Some(live::due(clocks, state.ply, requester));
        }
        let mut tx = self.write().await?;
        if !store::update_game(&mut tx, record.id, record.state.version, &state, true).await? {
            return Err(tx.abandon(ServiceError::Conflict).await);
        }
        store::delete_moves_after(&mut tx, record.id, state.ply).await?;
        // Stored answers were for a game that is no more.
        store::clear_answers(&mut tx, record.id).await?;
        let undone_plies = u32::try_from(plies).unwrap_or(0);
        let line = if granter == requester {
            Line::TookBack {
                by: requester,
                plies: undone_plies,
            }
        } else {
            Line::TakebackAllowed {
                by: granter,
                plies: undone_plies,
            }
        };
        let notice = Notice::Board {
            game: record.id,
            ply: state.ply,
            lines: vec![line],
        };
        outbox::push(&mut tx, &notice, now, self.config.answer_grace).await?;
        tx.commit().await?;
        self.committed(&mut record, state, &game);
        Ok(TakenBack {
            game: GameView::of(&record, &game),
            undone,
        })
    }

    /// Game `id` as it stands, for `viewer` looking from `place`: refused with
    /// [`ServiceError::NotVisibleHere`] for a game of another server, or a game in direct
    /// messages `viewer` does not play in (see [`GameView::visible_to`]). Everything that
    /// reaches a game by a number the user gave (an option, a button) goes through here.
    pub async fn game_for(
        &self,
        id: GameId,
        viewer: UserId,
        place: Place,
    ) -> Result<GameView, ServiceError> {
        let view = self.game(id).await?;
        if view.visible_to(viewer, place) {
            Ok(view)
        } else {
            Err(ServiceError::NotVisibleHere)
        }
    }

    /// Game `id` as it stands.
    pub async fn game(&self, id: GameId) -> Result<GameView, ServiceError> {
        let loaded = self.load(id).await?;
        Ok(GameView::of(&loaded.record, &loaded.game))
    }

    /// Game `id` as it stood after `ply` plies, with its whole history: for a board whose
    /// notice went out behind later moves. Before the current ply the view has no deadline,
    /// offer, request or result (those belong to the present).
    pub async fn game_at(&self, id: GameId, ply: u32) -> Result<(GameView, Game), ServiceError> {
        let Loaded { record, game } = self.load(id).await?;
        let now = GameView::of(&record, &game);
        if ply >= now.ply {
            return Ok((now, game));
        }
        let mut then = Game::with_rules(*game.start(), game.rules());
        for m in game
            .moves()
            .iter()
            .take(usize::try_from(ply).unwrap_or(usize::MAX))
        {
            then.play(m).map_err(|e| ServiceError::Corrupt {
                game: id,
                reason: format!("a stored move does not replay: {e}"),
            })?;
        }
        let view = GameView {
            ply,
            deadline: None,
            draw_offer: None,
            takeback_request: None,
            outcome: None,
            ended_at: None,
            ..GameView::of(&record, &then)
        };
        Ok((view, game))
    }

    /// The legal moves `user` may play now in game `id` (for autocomplete): refused when it is
    /// not their turn. When a capture is compulsory only the maximum captures are listed.
    pub async fn legal_moves_for(
        &self,
        id: GameId,
        user: UserId,
    ) -> Result<Vec<Move>, ServiceError> {
        let loaded = self.load(id).await?;
        let color = loaded.record.player_color(user)?;
        loaded.record.ensure_active()?;
        if loaded.game.turn() != color {
            return Err(ServiceError::NotYourTurn);
        }
        Ok(loaded
            .game
            .position()
            .legal_moves_under(loaded.record.rules)
            .to_vec())
    }

    /// `user`'s games in progress, oldest first.
    pub async fn active_games(
        &self,
        user: UserId,
        filter: GameFilter,
    ) -> Result<Vec<GameView>, ServiceError> {
        let (guild, channel) = match filter {
            GameFilter::Anywhere => (None, None),
            GameFilter::Guild(g) => (Some(g), None),
            GameFilter::Channel(c) => (None, Some(c)),
        };
        let ids = {
            let mut conn = self.pool.acquire().await?;
            store::active_game_ids(&mut conn, user, guild, channel).await?
        };
        let mut games = Vec::with_capacity(ids.len());
        for id in ids {
            let loaded = self.load(id).await?;
            games.push(GameView::of(&loaded.record, &loaded.game));
        }
        Ok(games)
    }

    /// `guild`'s games in progress, for spectators: at most `limit` (itself at most
    /// [`LIVE_GAMES_MAX`]), the most recently moved first, with how many there are in all.
    pub async fn live_games(&self, guild: GuildId, limit: u32) -> Result<LiveGames, ServiceError> {
        let limit = limit.min(LIVE_GAMES_MAX);
        let (ids, total) = {
            let mut conn = self.pool.acquire().await?;
            let ids = store::active_guild_game_ids(&mut conn, guild, limit).await?;
            let total = store::active_guild_game_count(&mut conn, guild).await?;
            (ids, total)
        };
        let mut games = Vec::with_capacity(ids.len());
        for id in ids {
            let loaded = self.load(id).await?;
            games.push(GameView::of(&loaded.record, &loaded.game));
        }
        // A game counted between the two reads still shows: the total is never below the list.
        let total = total.max(u32::try_from(games.len()).unwrap_or(u32::MAX));
        Ok(LiveGames { games, total })
    }

    /// The game a command in `channel` means when it names none: the game whose thread
    /// `channel` is; otherwise `user`'s only game in progress there, or among several, the only
    /// one where it is their turn.
    pub async fn game_in_channel(
        &self,
        user: UserId,
        channel: ChannelId,
    ) -> Result<GameView, ServiceError> {
        let thread_game = {
            let mut conn = self.pool.acquire().await?;
            store::game_by_thread(&mut conn, channel).await?
        };
        if let Some(id) = thread_game {
            return self.game(id).await;
        }
        let games = self
            .active_games(user, GameFilter::Channel(channel))
            .await?;
        if games.len() <= 1 {
            return games.into_iter().next().ok_or(ServiceError::NoGameHere);
        }
        let mut my_turn = games.iter().filter(|g| g.user_to_move() == Some(user));
        match (my_turn.next(), my_turn.next()) {
            (Some(game), None) => Ok(game.clone()),
            _ => Err(ServiceError::SeveralGamesHere(
                games.iter().map(|g| g.id).collect(),
            )),
        }
    }

    /// Records the thread the adapter opened for game `id`, so that commands typed in it act
    /// on this game.
    pub async fn set_thread(&self, id: GameId, thread: ChannelId) -> Result<(), ServiceError> {
        let mut tx = self.write().await?;
        let found = store::set_thread(&mut tx, id, Some(thread)).await?;
        tx.commit().await?;
        if found {
            Ok(())
        } else {
            Err(ServiceError::NoSuchGame(id))
        }
    }

    /// Game `id` as PDN, with Event, Site, Date, White and Black tags.
    pub async fn export_pdn(&self, id: GameId) -> Result<String, ServiceError> {
        let loaded = self.load(id).await?;
        Ok(pdn_text(&loaded.record, &loaded.game))
    }
}

/// A move decided by [`decide_move`]: the game with the move played, and the game row to write.
#[derive(Debug)]
pub(super) struct Decided {
    pub(super) game: Game,
    pub(super) state: GameState,
    pub(super) played: Move,
    /// The position the move was played in.
    pub(super) before: Position,
}

/// What a move's write left, for its [`MoveOutcome`]: the game and its state after it (two
/// plies on when the opponent's stored answer was played with it), how it ended, its notice
/// when claimed, and the answer played.
pub(super) struct Written {
    pub(super) game: Game,
    pub(super) state: GameState,
    pub(super) ended: Option<GameEnd>,
    pub(super) answering: Option<Box<PendingNotice>>,
    pub(super) answered: Option<Move>,
}

/// `claim`, kept for a move that leaves `record`'s game at `state`, going on with a person to
/// move; dropped when the move ended the game or left the computer to move (see
/// [`GameService::play_answered`]).
pub(super) fn claim_kept<'a>(
    claim: Option<store::AnswerClaim<'a>>,
    record: &GameRecord,
    state: &GameState,
) -> Option<store::AnswerClaim<'a>> {
    let person_to_move = state.outcome.is_none()
        && record
            .seats
            .participant(state.position.turn())
            .engine()
            .is_none();
    claim.filter(|_| person_to_move)
}

/// Whether `actor` may play `text` in `game` (as read: `record`, replayed) now, played as `how`
/// says, and if so the game after it: the refusal, or the move played and the game row to
/// write. No I/O: [`GameService::play`] reads and writes around it.
pub(super) fn decide_move(
    record: &GameRecord,
    mut game: Game,
    actor: Actor,
    text: &MoveText,
    how: HowPlayed,
    now: Timestamp,
) -> Result<Decided, ServiceError> {
    let id = record.id;
    if let (Some(pressed), Actor::Player(user)) = (how.pressed, actor) {
        record.acting(user, pressed.origin.place())?;
    }
    let to_move = record.seats.participant(record.state.position.turn());
    let (plays_here, on_turn) = match actor {
        Actor::Player(user) => (record.seats.color_of(user).is_some(), to_move.is_user(user)),
        Actor::Engine => (record.seats.against_engine(), to_move.engine().is_some()),
    };
    if !plays_here {
        return Err(ServiceError::NotAParticipant);
    }
    record.ensure_drawn_at(how.pressed.map(|p| p.at))?;
    record.ensure_active()?;
    if !on_turn {
        return Err(ServiceError::NotYourTurn);
    }
    let before = *game.position();
    let mover = before.turn();
    let clocks = match (record.live, record.state.clocks) {
        (Some(clock), Some(clocks)) => {
            let timing = MoveTiming {
                arrived: now,
                taken_at: how.taken_at,
                lag: how.lag,
            };
            // A berserk side plays without increment.
            let clock = if record.berserk[usize::from(mover == Color::Black)] {
                LiveClock::new(clock.base_minutes(), 0).unwrap_or(clock)
            } else {
                clock
            };
            match live::charge(clock, clocks, record.state.ply, mover, timing) {
                Charge::InTime(after) => Some(after),
                Charge::Flagged => return Err(ServiceError::OutOfTime),
                Charge::Aborted => return Err(ServiceError::GameAborted),
            }
        }
        _ => {
            record.ensure_in_time(now)?;
            None
        }
    };
    let played = match notation::resolve_under(&before, text, record.rules)? {
        Resolved::Legal(played) => {
            game.play(&played).map_err(|e| ServiceError::Corrupt {
                game: id,
                reason: format!("a resolved move was refused: {e}"),
            })?;
            played
        }
        Resolved::MissedCapture { played, available } if how.losing => {
            game.play_missed_capture(&played, &available)
                .map_err(|e| ServiceError::Corrupt {
                    game: id,
                    reason: format!("a missed capture was refused: {e}"),
                })?;
            played
        }
        Resolved::MissedCapture { played, available } => {
            return Err(ServiceError::MissedCapture { played, available });
        }
    };
    let outcome = game.outcome();
    let mut state = record.state.clone();
    state.position = *game.position();
    state.ply += 1;
    state.version += 1;
    state.outcome = outcome;
    state.takeback = None;
    // A draw offer lapses when the offerer's opponent moves instead of accepting.
    if state.draw_offer == Some(mover.opposite()) {
        state.draw_offer = None;
    }
    if how.offer_draw {
        state.draw_offer = Some(mover);
    }
    state.updated_at = now;
    state.clocks = clocks;
    if outcome.is_some() {
        state.to_move = None;
        state.deadline = None;
        state.draw_offer = None;
        state.ended_at = Some(now);
    } else {
        state.to_move = record.seats.participant(mover.opposite()).user();
        state.deadline = match &clocks {
            Some(clocks) => Some(live::due(clocks, state.ply, mover.opposite())),
            None => record.deadline_for(mover.opposite(), now),
        };
    }
    Ok(Decided {
        game,
        state,
        played,
        before,
    })
}

fn pdn_text(record: &GameRecord, game: &Game) -> String {
    let tags = pdn_tags(record);
    let tags: Vec<(&str, &str)> = tags.iter().map(|(k, v)| (*k, v.as_str())).collect();
    pdn::write(game, &tags)
}

/// The PDN tags of a stored game: event (its number), site, date, players.
pub(super) fn pdn_tags(record: &GameRecord) -> Vec<(&'static str, String)> {
    vec![
        ("Event", format!("Dama game #{}", record.id)),
        ("Site", "Discord".to_owned()),
        ("Date", record.created_at.date().to_string()),
        ("White", record.seats.white.name().into_owned()),
        ("Black", record.seats.black.name().into_owned()),
    ]
}

#[cfg(test)]
mod tests {
    use dama_rules::{Rules, notation::ResolveError};

    use super::*;
    use crate::model::{Participant, Player, Seats, TimeControl};

    const ADA: UserId = UserId(1);
    const BO: UserId = UserId(2);
    const NOW: Timestamp = Timestamp::from_millis(1_750_000_000_000);

    /// A game between Ada (White) and Bo (Black), a day per move, from `start` under `rules`
    /// after `moves`: as read from the store, and replayed.
    fn game_after(start: Position, rules: Rules, moves: &[&str]) -> (GameRecord, Game) {
        let mut game = Game::with_rules(start, rules);
        for text in moves {
            let m = notation::resolve_str(game.position(), text).expect("legal");
            game.play(&m).expect("plays");
        }
        let seats = Seats::new(
            Participant::Human(Player::new(ADA, "Ada")),
            Participant::Human(Player::new(BO, "Bo")),
        );
        let to_move = seats.participant(game.turn()).user();
        let record = GameRecord {
            id: GameId(7),
            place: Place {
                guild: None,
                channel: ChannelId(5),
            },
            thread: None,
            seats,
            rated: false,
            time_control: TimeControl::Day,
            live: None,
            berserk: [false; 2],
            rules,
            start,
            created_at: NOW,
            vacation_until: [None, None],
            conditional_by: None,
            state: GameState {
                position: *game.position(),
                ply: u32::try_from(moves.len()).expect("a few moves"),
                version: 10,
                outcome: None,
                to_move,
                draw_offer: None,
                takeback: None,
                deadline: Some(NOW + Duration::from_secs(3_600)),
                reminded: false,
                updated_at: NOW,
                ended_at: None,
                clocks: None,
            },
        };
        (record, game)
    }

    fn decide(
        (record, game): &(GameRecord, Game),
        user: UserId,
        text: &str,
        how: HowPlayed,
    ) -> Result<Decided, ServiceError> {
        let text = text.parse().expect("syntax");
        decide_move(record, game.clone(), Actor::Player(user), &text, how, NOW)
    }

    #[test]
    fn a_move_passes_the_turn_with_a_fresh_deadline() {
        let read = game_after(Position::start(), Rules::STANDARD, &[]);
        let decided = decide(&read, ADA, "d3-d4", HowPlayed::default()).expect("played");
        assert_eq!(decided.played.to_string(), "d3-d4");
        assert_eq!(decided.before, read.0.state.position);
        let state = decided.state;
        assert_eq!(state.position, *decided.game.position());
        assert_eq!((state.ply, state.version), (1, 11));
        assert_eq!(state.to_move, Some(BO));
        assert_eq!(state.deadline, Some(NOW + Duration::from_secs(86_400)));
        assert_eq!((state.outcome, state.ended_at), (None, None));
        assert_eq!(state.updated_at, NOW);
    }

    #[test]
    fn only_the_player_to_move_may_move() {
        let read = game_after(Position::start(), Rules::STANDARD, &[]);
        assert!(matches!(
            decide(&read, BO, "e6-e5", HowPlayed::default()),
            Err(ServiceError::NotYourTurn)
        ));
        assert!(matches!(
            decide(&read, UserId(3), "d3-d4", HowPlayed::default()),
            Err(ServiceError::NotAParticipant)
        ));
        let (record, game) = &read;
        assert!(matches!(
            decide_move(
                record,
                game.clone(),
                Actor::Engine,
                &"d3-d4".parse().expect("syntax"),
                HowPlayed::default(),
                NOW
            ),
            Err(ServiceError::NotAParticipant)
        ));
    }

    #[test]
    fn a_move_chosen_on_an_older_board_is_refused() {
        let read = game_after(Position::start(), Rules::STANDARD, &["d3-d4"]);
        let how = |ply| HowPlayed {
            pressed: Some(Pressed {
                origin: Origin::Discord(read.0.place),
                at: ply,
            }),
            ..HowPlayed::default()
        };
        assert!(matches!(
            decide(&read, BO, "e6-e5", how(0)),
            Err(ServiceError::MovedOn { now: 1 })
        ));
        assert!(decide(&read, BO, "e6-e5", how(1)).is_ok());
    }

    #[test]
    fn nothing_is_played_in_a_finished_game_or_after_the_deadline() {
        let mut over = game_after(Position::start(), Rules::STANDARD, &[]);
        over.0.state.outcome = Some(Outcome::Draw(dama_rules::DrawReason::Agreement));
        assert!(matches!(
            decide(&over, ADA, "d3-d4", HowPlayed::default()),
            Err(ServiceError::GameOver)
        ));
        let mut late = game_after(Position::start(), Rules::STANDARD, &[]);
        late.0.state.deadline = Some(NOW);
        assert!(matches!(
            decide(&late, ADA, "d3-d4", HowPlayed::default()),
            Err(ServiceError::DeadlinePassed)
        ));
    }

    /// Black to move with e5 able to take d5: e7-e6 misses the capture.
    const MISSING: [&str; 3] = ["d3-d4", "e6-e5", "d4-d5"];

    #[test]
    fn a_missed_capture_under_strict_rules_is_refused_unless_the_mover_knows_it_loses() {
        let read = game_after(Position::start(), Rules::STRICT, &MISSING);
        assert!(matches!(
            decide(&read, BO, "e7-e6", HowPlayed::default()),
            Err(ServiceError::MissedCapture { available, .. }) if available.is_capture()
        ));
        let losing = HowPlayed {
            losing: true,
            ..HowPlayed::default()
        };
        let decided = decide(&read, BO, "e7-e6", losing).expect("played");
        assert!(matches!(
            decided.state.outcome,
            Some(Outcome::Win {
                winner: Color::White,
                reason: WinReason::MissedCapture { .. }
            })
        ));
        assert_eq!(decided.state.to_move, None);
        assert_eq!(decided.state.deadline, None);
        assert_eq!(decided.state.ended_at, Some(NOW));
    }

    #[test]
    fn a_missed_capture_under_standard_rules_is_an_unplayable_move_even_knowing_it_loses() {
        let read = game_after(Position::start(), Rules::STANDARD, &MISSING);
        let losing = HowPlayed {
            losing: true,
            ..HowPlayed::default()
        };
        assert!(matches!(
            decide(&read, BO, "e7-e6", losing),
            Err(ServiceError::Move(ResolveError::CaptureRequired { .. }))
        ));
    }

    #[test]
    fn a_move_that_takes_the_last_piece_ends_the_game() {
        let last_piece = "8/8/8/3b4/3w4/8/8/8 w".parse().expect("position");
        let read = game_after(last_piece, Rules::STANDARD, &[]);
        let mut offered = read.clone();
        offered.0.state.draw_offer = Some(Color::Black);
        let decided = decide(&offered, ADA, "d4xd6", HowPlayed::default()).expect("played");
        assert!(matches!(
            decided.state.outcome,
            Some(Outcome::Win {
                winner: Color::White,
                ..
            })
        ));
        assert_eq!(decided.state.outcome, decided.game.outcome());
        assert_eq!(
            (decided.state.to_move, decided.state.deadline),
            (None, None)
        );
        assert_eq!(decided.state.draw_offer, None);
        assert_eq!(decided.state.ended_at, Some(NOW));
    }

    #[test]
    fn moving_lets_the_opponents_draw_offer_lapse_and_may_make_ones_own() {
        let mut read = game_after(Position::start(), Rules::STANDARD, &["d3-d4"]);
        read.0.state.draw_offer = Some(Color::White);
        read.0.state.takeback = Some(Color::White);
        let decided = decide(&read, BO, "e6-e5", HowPlayed::default()).expect("played");
        assert_eq!(decided.state.draw_offer, None);
        assert_eq!(decided.state.takeback, None);
        let offering = HowPlayed {
            offer_draw: true,
            ..HowPlayed::default()
        };
        let decided = decide(&read, BO, "e6-e5", offering).expect("played");
        assert_eq!(decided.state.draw_offer, Some(Color::Black));
    }
}
