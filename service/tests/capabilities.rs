//! What a side may do now ([`GameView::capabilities`]) is exactly what the service's actions
//! allow: in each situation, every flag is checked against the real call, made on a game set
//! up the same way (each call changes its game, so each gets its own).

mod common;

use common::{DAY, Env, place, player};
use dama_engine::Level;
use dama_rules::Color;
use dama_rules::notation::MoveText;
use dama_service::clock::Timestamp;
use dama_service::ids::GameId;
use dama_service::model::{Actor, ColourChoice, Player, TimeControl};
use dama_service::service::{Capabilities, GameView, HowPlayed, Question};
use dama_test_stores::on_both_stores;

/// A game set up for the trials.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Situation {
    /// A rated game between people, a day per move, no move yet.
    Fresh,
    /// White has moved once.
    OneMove,
    /// Both sides have moved once.
    TwoMoves,
    /// White moved and offered a draw.
    DrawOfferedBy(Color),
    /// Both moved, then one asked to take back.
    TakebackAskedBy(Color),
    /// White moved and offered a draw, and Black's day passed.
    LateWithDrawOffer,
    /// Both moved, Black asked to take back, and White's day passed.
    LateWithTakeback,
    /// A casual game without deadline, a month after its first move.
    UnlimitedMonthLater,
    /// White moved, then Black resigned.
    Resigned,
    /// A game against the computer: the person plays White and is to move.
    ComputerFresh,
    /// Against the computer: the person (White) moved and the computer replied.
    ComputerReplied,
    /// Against the computer: the person plays Black and the computer is to move.
    ComputerToMove,
    /// Against the computer: it moved as White and offered a draw with its move.
    ComputerOfferedDraw,
}

/// One call a side may make.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Action {
    Move,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    AskTakeback,
    AcceptTakeback,
    DeclineTakeback,
    Resign,
    SaveConditional,
    Evaluate,
}

const ACTIONS: [Action; 10] = [
    Action::Move,
    Action::OfferDraw,
    Action::AcceptDraw,
    Action::DeclineDraw,
    Action::AskTakeback,
    Action::AcceptTakeback,
    Action::DeclineTakeback,
    Action::Resign,
    Action::SaveConditional,
    Action::Evaluate,
];

async fn play(env: &Env, game: GameId, actor: Actor, text: &str) {
    let text = text.parse().expect("move syntax");
    env.service
        .play_move(game, actor, &text)
        .await
        .unwrap_or_else(|e| panic!("{text}: {e}"));
}

async fn ask(env: &Env, game: GameId, who: &Player, question: Question) {
    env.service
        .ask(game, who.id, question)
        .await
        .unwrap_or_else(|e| panic!("{question:?} by {}: {e}", who.id));
}

/// Sets up `situation` with `white` and `black` (people who have no other game, so that no
/// limit gets in the way); in a game against the computer the person is the one of their
/// colour.
async fn set_up(env: &Env, situation: Situation, white: &Player, black: &Player) -> GameId {
    let (w, b) = (Actor::Player(white.id), Actor::Player(black.id));
    let computer = async |person: &Player, colour| {
        env.service
            .start_engine_game(person, place(), Level::MIN, colour, TimeControl::Day)
            .await
            .expect("game starts")
            .id
    };
    match situation {
        Situation::Fresh => env.rated(white, black).await.id,
        Situation::OneMove => {
            let game = env.rated(white, black).await.id;
            play(env, game, w, "d3-d4").await;
            game
        }
        Situation::TwoMoves => {
            let game = env.rated(white, black).await.id;
            play(env, game, w, "d3-d4").await;
            play(env, game, b, "e6-e5").await;
            game
        }
        Situation::DrawOfferedBy(colour) => {
            let game = env.rated(white, black).await.id;
            play(env, game, w, "d3-d4").await;
            let by = if colour == Color::White { white } else { black };
            ask(env, game, by, Question::Draw).await;
            game
        }
        Situation::TakebackAskedBy(colour) => {
            let game = env.rated(white, black).await.id;
            play(env, game, w, "d3-d4").await;
            play(env, game, b, "e6-e5").await;
            let by = if colour == Color::White { white } else { black };
            ask(env, game, by, Question::Takeback).await;
            game
        }
        Situation::LateWithDrawOffer => {
            let game = env.rated(white, black).await.id;
            play(env, game, w, "d3-d4").await;
            ask(env, game, white, Question::Draw).await;
            env.advance(DAY);
            game
        }
        Situation::LateWithTakeback => {
            let game = env.rated(white, black).await.id;
            play(env, game, w, "d3-d4").await;
            play(env, game, b, "e6-e5").await;
            ask(env, game, black, Question::Takeback).await;
            env.advance(DAY);
            game
        }
        Situation::UnlimitedMonthLater => {
            let game = env.casual(white, black).await.id;
            play(env, game, w, "d3-d4").await;
            env.advance(30 * DAY);
            game
        }
        Situation::Resigned => {
            let game = env.rated(white, black).await.id;
            play(env, game, w, "d3-d4").await;
            env.service.resign(game, black.id).await.expect("resigns");
            game
        }
        Situation::ComputerFresh => computer(white, ColourChoice::White).await,
        Situation::ComputerReplied => {
            let game = computer(white, ColourChoice::White).await;
            play(env, game, w, "d3-d4").await;
            env.service
                .play_computer_turn(game)
                .await
                .expect("the computer replies");
            game
        }
        Situation::ComputerToMove => computer(black, ColourChoice::Black).await,
        Situation::ComputerOfferedDraw => {
            let game = computer(black, ColourChoice::Black).await;
            let how = HowPlayed {
                offer_draw: true,
                ..HowPlayed::default()
            };
            let text = "d3-d4".parse().expect("move syntax");
            env.service
                .play(game, Actor::Engine, &text, how)
                .await
                .expect("the computer moves");
            game
        }
    }
}

/// Makes `action`'s call for `user` in `game`, as it stands in `view`; whether it succeeded.
async fn call(env: &Env, game: &GameView, user: &Player, action: Action) -> bool {
    let (id, service) = (game.id, &env.service);
    match action {
        Action::Move => {
            // The moves the side may play, else any move of the position: refused.
            let color = game.color_of(user.id).expect("a player");
            let listed = game.capabilities(color, service.now()).moves;
            let any = game.position.legal_moves_under(game.rules);
            let Some(m) = listed.first().or_else(|| any.first()).copied() else {
                return false;
            };
            service
                .play_move(id, Actor::Player(user.id), &MoveText::of_move(&m))
                .await
                .is_ok()
        }
        Action::OfferDraw => service.ask(id, user.id, Question::Draw).await.is_ok(),
        Action::AcceptDraw => answer(env, id, user, Question::Draw, true).await,
        Action::DeclineDraw => answer(env, id, user, Question::Draw, false).await,
        Action::AskTakeback => service.ask(id, user.id, Question::Takeback).await.is_ok(),
        Action::AcceptTakeback => answer(env, id, user, Question::Takeback, true).await,
        Action::DeclineTakeback => answer(env, id, user, Question::Takeback, false).await,
        Action::Resign => service.resign(id, user.id).await.is_ok(),
        Action::SaveConditional => {
            // The first move of the side to move, and the first answer to it.
            let position = game.position;
            let Some(theirs) = position.legal_moves_under(game.rules).first().copied() else {
                return false;
            };
            let after = position.play_unchecked(&theirs);
            let Some(mine) = after.legal_moves_under(game.rules).first().copied() else {
                return false;
            };
            let line = [MoveText::of_move(&theirs), MoveText::of_move(&mine)];
            service
                .set_conditional(id, user.id, &line, Some(game.ply))
                .await
                .is_ok()
        }
        Action::Evaluate => service.evaluate(id, user.id, 0, &[]).await.is_ok(),
    }
}

async fn answer(env: &Env, id: GameId, user: &Player, question: Question, accept: bool) -> bool {
    env.service
        .answer(id, user.id, question, accept, None)
        .await
        .is_ok()
}

/// Whether the deadline of the player to move has passed in `game` at `now`.
fn late(game: &GameView, now: Timestamp) -> bool {
    game.deadline.is_some_and(|d| d <= now)
}

/// For each side and action of `situation`, on a game of its own: the flag the capabilities
/// give for the action is true exactly when the service's call succeeds. (A decline is also
/// accepted after the deadline, when no answer is offered: it changes nothing that matters.)
async fn check(env: &Env, situation: Situation, players: &mut u64) {
    for colour in [Color::White, Color::Black] {
        for action in ACTIONS {
            *players += 2;
            let (white, black) = (player(*players), player(*players + 1));
            let id = set_up(env, situation, &white, &black).await;
            let game = env.service.game(id).await.expect("game");
            let now = env.service.now();
            let may = game.capabilities(colour, now);
            let seated = game.participant(colour).user();
            let Some(user) = seated.map(|u| if u == white.id { &white } else { &black }) else {
                assert_eq!(
                    may,
                    Capabilities::default(),
                    "{situation:?}: the computer's side"
                );
                continue;
            };
            let flag = match action {
                Action::Move => may.may_move(),
                Action::OfferDraw => may.offer_draw,
                Action::AcceptDraw | Action::DeclineDraw => may.answer_draw,
                Action::AskTakeback => may.ask_takeback,
                Action::AcceptTakeback | Action::DeclineTakeback => may.answer_takeback,
                Action::Resign => may.resign,
                Action::SaveConditional => may.save_conditional,
                Action::Evaluate => may.evaluate,
            };
            let done = call(env, &game, user, action).await;
            let what = format!("{situation:?}, {colour:?}, {action:?}: flag {flag}, call {done}");
            match action {
                Action::DeclineDraw | Action::DeclineTakeback if !flag => {
                    assert!(!done || late(&game, now), "{what}");
                }
                _ => assert_eq!(flag, done, "{what}"),
            }
        }
    }
}

#[on_both_stores]
async fn between_people_each_capability_is_exactly_what_the_service_allows() {
    let env = Env::new().await;
    let mut players = 0;
    for situation in [
        Situation::Fresh,
        Situation::OneMove,
        Situation::TwoMoves,
        Situation::DrawOfferedBy(Color::White),
        Situation::DrawOfferedBy(Color::Black),
        Situation::TakebackAskedBy(Color::White),
        Situation::TakebackAskedBy(Color::Black),
        Situation::UnlimitedMonthLater,
    ] {
        check(&env, situation, &mut players).await;
    }
}

#[on_both_stores]
async fn after_the_deadline_and_at_the_end_each_capability_is_what_the_service_allows() {
    let env = Env::new().await;
    let mut players = 0;
    for situation in [
        Situation::LateWithDrawOffer,
        Situation::LateWithTakeback,
        Situation::Resigned,
    ] {
        check(&env, situation, &mut players).await;
    }
}

#[on_both_stores]
async fn against_the_computer_each_capability_is_exactly_what_the_service_allows() {
    let env = Env::new().await;
    let mut players = 0;
    for situation in [
        Situation::ComputerFresh,
        Situation::ComputerReplied,
        Situation::ComputerToMove,
        Situation::ComputerOfferedDraw,
    ] {
        check(&env, situation, &mut players).await;
    }
}

#[on_both_stores]
async fn the_capabilities_say_what_the_situations_should_allow() {
    // The trials above compare flags with calls; here, that the situations do cover both
    // answers of each flag (a check that is never true proves little).
    let env = Env::new().await;
    let mut n = 100;
    let mut of = async |situation, colour| {
        n += 2;
        let (white, black) = (player(n), player(n + 1));
        let id = set_up(&env, situation, &white, &black).await;
        let game = env.service.game(id).await.expect("game");
        game.capabilities(colour, env.service.now())
    };
    let fresh = of(Situation::Fresh, Color::White).await;
    assert!(fresh.may_move() && fresh.offer_draw && fresh.resign && !fresh.ask_takeback);
    let offered = of(Situation::DrawOfferedBy(Color::White), Color::Black).await;
    assert!(offered.answer_draw && offered.offer_draw && offered.may_move());
    let offerer = of(Situation::DrawOfferedBy(Color::White), Color::White).await;
    assert!(!offerer.offer_draw && !offerer.answer_draw && !offerer.may_move());
    let asked = of(Situation::TakebackAskedBy(Color::Black), Color::White).await;
    assert!(asked.answer_takeback && !asked.ask_takeback);
    let late = of(Situation::LateWithDrawOffer, Color::Black).await;
    assert_eq!(
        late,
        Capabilities {
            resign: true,
            ..Capabilities::default()
        }
    );
    let over = of(Situation::Resigned, Color::White).await;
    assert!(!over.any());
    let computer = of(Situation::ComputerReplied, Color::White).await;
    assert!(computer.ask_takeback && computer.may_move());
    let waiting = of(Situation::ComputerToMove, Color::Black).await;
    assert!(!waiting.may_move() && !waiting.ask_takeback && waiting.offer_draw);
}

#[on_both_stores]
async fn a_finished_games_view_carries_no_offer_request_or_deadline() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    // Resigned while the opponent's draw offer was pending.
    let game = env.rated(&a, &b).await.id;
    play(&env, game, Actor::Player(a.id), "d3-d4").await;
    ask(&env, game, &b, Question::Draw).await;
    let ended = env.service.resign(game, a.id).await.expect("resigns").game;
    let read = env.service.game(game).await.expect("game");
    for view in [&ended, &read] {
        assert!(view.is_over());
        assert_eq!(
            (view.draw_offer, view.takeback_request, view.deadline),
            (None, None, None)
        );
    }
    // Lost on time while a takeback request was pending.
    let (c, d) = (player(3), player(4));
    let game = env.rated(&c, &d).await.id;
    play(&env, game, Actor::Player(c.id), "d3-d4").await;
    play(&env, game, Actor::Player(d.id), "e6-e5").await;
    ask(&env, game, &d, Question::Takeback).await;
    env.advance(2 * DAY);
    env.service.sweep().await.expect("sweeps");
    let view = env.service.game(game).await.expect("game");
    assert!(view.is_over(), "{view:?}");
    assert_eq!(
        (view.draw_offer, view.takeback_request, view.deadline),
        (None, None, None)
    );
}
