//! Whole games through the service: moves, rule endings, resignation, draws, takebacks, PDN,
//! games against the computer, and finding a player's game.

mod common;

use dama_test_stores::on_both_stores;
use std::sync::Arc;

use common::{Env, place, player, rng};
use dama_engine::Level;
use dama_rules::notation::{Notation, ResolveError};
use dama_rules::{Color, DrawReason, Outcome, WinReason, pdn};
use dama_service::coin::FixedCoin;
use dama_service::ids::ChannelId;
use dama_service::model::{
    Actor, ChallengeOptions, ColourChoice, Notify, Participant, PlayerSettings, SettingsUpdate,
    Theme, TimeControl,
};
use dama_service::service::{ComputerTurn, GameFilter, Question, Reply, ServiceError};

#[on_both_stores]
async fn a_game_played_to_its_end_stops_with_the_rules_outcome_and_exports_as_pdn() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.rated(&a, &b).await;
    let last = env.play_out(game.id, &mut rng(7)).await;

    let end = last.ended.expect("the last move ended the game");
    assert!(last.game.is_over());
    assert_eq!(last.game.outcome, Some(end.outcome));
    assert!(last.game.deadline.is_none() && last.game.user_to_move().is_none());
    let ratings = end.ratings.expect("a rated game changes ratings");
    assert_eq!(ratings[0].user, a.id);
    assert_eq!(ratings[1].user, b.id);

    // The stored game replays to the same result, and PDN carries it.
    let text = env.service.export_pdn(game.id).await.unwrap();
    let read = pdn::read(&text).unwrap();
    assert_eq!(read.game.outcome(), Some(end.outcome));
    assert_eq!(read.game.moves().len(), last.game.ply as usize);
    assert_eq!(read.tag("White"), Some("player 1"));
    assert_eq!(read.tag("Date"), Some("2025.06.15"));

    assert!(matches!(
        env.play(game.id, &a, "a3-a4").await,
        Err(ServiceError::GameOver)
    ));
    assert!(
        env.service
            .active_games(a.id, GameFilter::Anywhere)
            .await
            .unwrap()
            .is_empty()
    );
}

#[on_both_stores]
async fn the_third_occurrence_of_a_position_draws_and_rates_the_game() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.rated(&a, &b).await;
    env.play_all(game.id, &["d3-d4", "e6-e5"]).await;
    let shuffle = ["d4-c4", "e5-f5", "c4-d4", "f5-e5"];
    let first = env.play_all(game.id, &shuffle).await;
    assert!(first.ended.is_none(), "two occurrences do not draw");
    let last = env.play_all(game.id, &shuffle).await;
    let end = last.ended.expect("third occurrence");
    assert_eq!(end.outcome, Outcome::Draw(DrawReason::Repetition));
    let [w, b] = end.ratings.expect("rated");
    assert!((w.after.rating - 1500.0).abs() < 1e-6 && (b.after.rating - 1500.0).abs() < 1e-6);
    assert!(w.after.deviation < w.before.deviation);
}

#[on_both_stores]
async fn a_move_that_ignores_a_compulsory_capture_is_refused_with_the_capture_named() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.casual(&a, &b).await;
    env.play_all(game.id, &["d3-d4", "e6-e5", "d4-d5"]).await;
    let refused = env.play(game.id, &b, "a6-a5").await;
    let Err(ServiceError::Move(ResolveError::CaptureRequired { count, example })) = refused else {
        panic!("expected a compulsory capture, got {refused:?}");
    };
    assert_eq!(count, 1);
    assert!(example.is_capture());
    assert!(refused_text_mentions_capture(&format!(
        "{}",
        ServiceError::Move(ResolveError::CaptureRequired { count, example })
    )));
    // Nothing was written: still Black to move at ply 3.
    let view = env.service.game(game.id).await.unwrap();
    assert_eq!((view.ply, view.user_to_move()), (3, Some(b.id)));
    let syntax = env.play(game.id, &b, "d6xd4").await.unwrap();
    assert_eq!(syntax.text, "d6xd4");
    assert_eq!(syntax.position_before, view.position);
}

fn refused_text_mentions_capture(text: &str) -> bool {
    text.contains("captur") || text.contains("take")
}

#[on_both_stores]
async fn resignation_ends_the_game_for_the_resigner_at_any_turn() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.rated(&a, &b).await;
    env.play_all(game.id, &["d3-d4"]).await;
    // It is Black's turn, but White resigns.
    let ended = env.service.resign(game.id, a.id).await.unwrap();
    assert_eq!(
        ended.end.outcome,
        Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Resignation
        }
    );
    let [w, bl] = ended.end.ratings.unwrap();
    assert!(w.delta() < 0.0 && bl.delta() > 0.0);
    assert_eq!(ended.game.ended_at, Some(env.service.now()));
}

#[on_both_stores]
async fn a_draw_offer_lapses_when_the_opponent_moves_instead() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.casual(&a, &b).await;
    // White offers, then moves: the offer stands until Black moves.
    let Reply::Pending(view) = env
        .service
        .ask(game.id, a.id, Question::Draw)
        .await
        .unwrap()
    else {
        panic!("no pending offer yet");
    };
    assert_eq!(view.draw_offer, Some(Color::White));
    let after_own_move = env.play(game.id, &a, "d3-d4").await.unwrap();
    assert_eq!(after_own_move.game.draw_offer, Some(Color::White));
    let after_reply = env.play(game.id, &b, "e6-e5").await.unwrap();
    assert_eq!(after_reply.game.draw_offer, None);
    assert!(matches!(
        env.service
            .answer(game.id, b.id, Question::Draw, true, None)
            .await,
        Err(ServiceError::NoDrawOffer)
    ));
}

#[on_both_stores]
async fn a_declined_draw_goes_on_and_an_accepted_one_ends_the_game() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.rated(&a, &b).await;
    env.service
        .ask(game.id, b.id, Question::Draw)
        .await
        .unwrap();
    let Reply::Declined(declined) = env
        .service
        .answer(game.id, a.id, Question::Draw, false, None)
        .await
        .unwrap()
    else {
        panic!("a no leaves the game as it was");
    };
    assert_eq!((declined.draw_offer, declined.outcome), (None, None));

    env.service
        .ask(game.id, b.id, Question::Draw)
        .await
        .unwrap();
    let Reply::Drawn(ended) = env
        .service
        .answer(game.id, a.id, Question::Draw, true, None)
        .await
        .unwrap()
    else {
        panic!("a yes draws the game");
    };
    assert_eq!(ended.end.outcome, Outcome::Draw(DrawReason::Agreement));
    assert!(ended.end.ratings.is_some());
}

#[on_both_stores]
async fn offering_a_draw_while_the_opponent_offers_one_agrees() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.casual(&a, &b).await;
    env.service
        .ask(game.id, a.id, Question::Draw)
        .await
        .unwrap();
    let Reply::Drawn(ended) = env
        .service
        .ask(game.id, b.id, Question::Draw)
        .await
        .unwrap()
    else {
        panic!("crossing offers agree");
    };
    assert_eq!(ended.end.outcome, Outcome::Draw(DrawReason::Agreement));
    assert!(ended.end.ratings.is_none(), "casual games are not rated");
}

#[on_both_stores]
async fn a_takeback_undoes_the_requesters_move_and_the_reply_to_it() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.casual(&a, &b).await;
    env.play_all(game.id, &["d3-d4", "e6-e5"]).await;
    let before = env.service.game(game.id).await.unwrap();

    // White just moved: only White's move goes.
    env.play(game.id, &a, "d4-d5").await.unwrap();
    let Reply::Pending(_) = env
        .service
        .ask(game.id, a.id, Question::Takeback)
        .await
        .unwrap()
    else {
        panic!("a person must agree");
    };
    let Reply::TakenBack(back) = env
        .service
        .answer(game.id, b.id, Question::Takeback, true, None)
        .await
        .unwrap()
    else {
        panic!("a yes takes back");
    };
    assert_eq!(back.undone.len(), 1);
    assert_eq!(back.game.position, before.position);
    assert_eq!((back.game.ply, back.game.user_to_move()), (2, Some(a.id)));

    // Black already replied to White's move: both go, and White is to move again.
    env.play_all(game.id, &["a3-a4", "a6-a5"]).await;
    env.service
        .ask(game.id, a.id, Question::Takeback)
        .await
        .unwrap();
    let Reply::TakenBack(back) = env
        .service
        .answer(game.id, b.id, Question::Takeback, true, None)
        .await
        .unwrap()
    else {
        panic!("a yes takes back");
    };
    assert_eq!(back.undone.len(), 2);
    assert_eq!(back.game.position, before.position);
    assert_eq!(back.game.ply, 2);
    let pdn = env.service.export_pdn(game.id).await.unwrap();
    assert_eq!(
        pdn::read(&pdn).unwrap().game.moves().len(),
        2,
        "undone moves are deleted"
    );
}

#[on_both_stores]
async fn a_takeback_request_can_be_declined_and_lapses_with_a_move() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.casual(&a, &b).await;
    env.play_all(game.id, &["d3-d4"]).await;
    env.service
        .ask(game.id, a.id, Question::Takeback)
        .await
        .unwrap();
    let Reply::Declined(declined) = env
        .service
        .answer(game.id, b.id, Question::Takeback, false, None)
        .await
        .unwrap()
    else {
        panic!("a no leaves the game as it was");
    };
    assert_eq!((declined.takeback_request, declined.ply), (None, 1));

    env.service
        .ask(game.id, a.id, Question::Takeback)
        .await
        .unwrap();
    env.play(game.id, &b, "e6-e5").await.unwrap();
    assert!(matches!(
        env.service
            .answer(game.id, b.id, Question::Takeback, true, None)
            .await,
        Err(ServiceError::NoTakebackRequest)
    ));
}

#[on_both_stores]
async fn a_game_against_the_computer_takes_engine_moves_through_the_same_path() {
    let env = Env::new().await;
    let a = player(1);
    let level = Level::new(3).unwrap();
    let game = env
        .service
        .start_engine_game(&a, place(), level, ColourChoice::Black, TimeControl::Day)
        .await
        .unwrap();
    assert_eq!(game.engine_to_move(), Some(level));
    assert!(!game.rated);
    assert!(game.deadline.is_none(), "the engine has no deadline");
    assert!(matches!(
        env.play(game.id, &a, "d6-d5").await,
        Err(ServiceError::NotYourTurn)
    ));

    let engine_move = env
        .service
        .play_move(game.id, Actor::Engine, &"d3-d4".parse().unwrap())
        .await
        .unwrap();
    assert_eq!(engine_move.game.user_to_move(), Some(a.id));
    assert_eq!(
        engine_move.game.deadline,
        Some(env.service.now() + common::DAY)
    );
    assert!(matches!(
        env.service
            .play_move(game.id, Actor::Engine, &"e3-e4".parse().unwrap())
            .await,
        Err(ServiceError::NotYourTurn)
    ));
    // The computer answers a draw offer at once; early in the game it plays on.
    let Reply::Declined(declined) = env
        .service
        .ask(game.id, a.id, Question::Draw)
        .await
        .unwrap()
    else {
        panic!("the computer takes no draw in the opening");
    };
    assert_eq!((declined.draw_offer, declined.outcome), (None, None));

    env.play(game.id, &a, "e6-e5").await.unwrap();
    // The computer agrees to takebacks at once.
    let Reply::TakenBack(back) = env
        .service
        .ask(game.id, a.id, Question::Takeback)
        .await
        .unwrap()
    else {
        panic!("the engine does not wait");
    };
    assert_eq!(back.undone.len(), 1);
    assert_eq!(back.game.user_to_move(), Some(a.id));

    let last = env.play_out(game.id, &mut rng(3)).await;
    assert!(last.ended.unwrap().ratings.is_none());
    let pdn = env.service.export_pdn(game.id).await.unwrap();
    assert!(pdn.contains("[White \"Computer (level 3)\"]"));
}

#[on_both_stores]
async fn the_engine_cannot_move_in_a_game_between_people() {
    let env = Env::new().await;
    let game = env.casual(&player(1), &player(2)).await;
    let refused = env
        .service
        .play_move(game.id, Actor::Engine, &"d3-d4".parse().unwrap())
        .await;
    assert!(matches!(refused, Err(ServiceError::NotAParticipant)));
}

#[on_both_stores]
async fn a_command_without_a_game_finds_the_thread_game_or_the_only_one_to_play() {
    let env = Env::new().await;
    let (a, b, c) = (player(1), player(2), player(3));
    let here = place().channel;
    assert!(matches!(
        env.service.game_in_channel(a.id, here).await,
        Err(ServiceError::NoGameHere)
    ));
    let first = env.casual(&a, &b).await;
    assert_eq!(
        env.service.game_in_channel(a.id, here).await.unwrap().id,
        first.id
    );

    // A second game where it is c's turn, not a's: a's only game to play is still the first.
    let second = env.casual(&c, &a).await;
    assert_eq!(
        env.service.game_in_channel(a.id, here).await.unwrap().id,
        first.id
    );
    env.play(second.id, &c, "d3-d4").await.unwrap();
    let Err(ServiceError::SeveralGamesHere(ids)) = env.service.game_in_channel(a.id, here).await
    else {
        panic!("two games to play: ambiguous");
    };
    assert_eq!(ids, vec![first.id, second.id]);

    // Inside a game's thread that game is meant, whoever asks.
    let thread = ChannelId(777);
    env.service.set_thread(second.id, thread).await.unwrap();
    assert_eq!(
        env.service.game_in_channel(b.id, thread).await.unwrap().id,
        second.id
    );
    let in_thread = env
        .service
        .active_games(a.id, GameFilter::Channel(thread))
        .await
        .unwrap();
    assert_eq!(in_thread.len(), 1);
    assert_eq!(in_thread[0].thread, Some(thread));
}

#[on_both_stores]
async fn a_player_can_play_several_games_at_once() {
    let env = Env::new().await;
    let a = player(1);
    let mut ids = Vec::new();
    for n in 2..6 {
        ids.push(env.casual(&a, &player(n)).await.id);
    }
    for &id in &ids {
        env.play(id, &a, "d3-d4").await.unwrap();
    }
    let games = env
        .service
        .active_games(a.id, GameFilter::Anywhere)
        .await
        .unwrap();
    assert_eq!(games.iter().map(|g| g.id).collect::<Vec<_>>(), ids);
    assert!(
        games
            .iter()
            .all(|g| g.ply == 1 && g.user_to_move() != Some(a.id))
    );
    let elsewhere = env
        .service
        .active_games(a.id, GameFilter::Channel(ChannelId(1)))
        .await
        .unwrap();
    assert!(elsewhere.is_empty());
}

#[on_both_stores]
async fn legal_moves_are_offered_only_to_the_player_to_move() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.casual(&a, &b).await;
    let moves = env.service.legal_moves_for(game.id, a.id).await.unwrap();
    assert_eq!(moves.len() as u64, game.position.count_legal_moves());
    assert!(matches!(
        env.service.legal_moves_for(game.id, b.id).await,
        Err(ServiceError::NotYourTurn)
    ));
    assert!(matches!(
        env.service.legal_moves_for(game.id, player(9).id).await,
        Err(ServiceError::NotAParticipant)
    ));
}

#[on_both_stores]
async fn game_views_give_move_numbers_turns_and_the_last_move() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.rated(&a, &b).await;
    assert_eq!(
        (game.move_number(), game.ply, game.turn()),
        (1, 0, Color::White)
    );
    assert!(game.last_move.is_none());
    assert_eq!(game.seats.white, Participant::Human(a.clone()));
    let played = env.play_all(game.id, &["d3-d4", "e6-e5"]).await.game;
    assert_eq!((played.move_number(), played.turn()), (2, Color::White));
    let last = played.last_move.unwrap();
    assert_eq!(last.mv.to_string(), "e6-e5");
    assert_eq!(last.before.turn(), Color::Black);
    assert_eq!(played.color_of(b.id), Some(Color::Black));
}

#[on_both_stores]
async fn settings_start_at_the_defaults_and_keep_what_is_changed() {
    let env = Env::new().await;
    let a = player(1);
    let defaults = env.service.settings(a.id).await.unwrap();
    assert_eq!(defaults.notation, Notation::Algebraic);
    let update = SettingsUpdate {
        notation: Some(Notation::Numeric),
        white_below: Some(true),
        ..SettingsUpdate::default()
    };
    env.service
        .update_settings(&a, place(), update)
        .await
        .unwrap();
    let update = SettingsUpdate {
        theme: Some(Theme::Checkered),
        ..SettingsUpdate::default()
    };
    let changed = env
        .service
        .update_settings(&a, place(), update)
        .await
        .unwrap();
    assert_eq!(changed, env.service.settings(a.id).await.unwrap());
    assert_eq!(
        (changed.notation, changed.theme, changed.white_below),
        (Notation::Numeric, Theme::Checkered, true)
    );
}

#[on_both_stores]
async fn players_see_their_own_side_at_the_bottom_unless_they_chose_white_and_spectators_white() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.rated(&a, &b).await;
    let bottom = async |viewer| env.service.orientation(&game, viewer).await.unwrap();
    // Bo plays Black and chose nothing: Black at the bottom.
    assert_eq!(bottom(Some(b.id)).await, Color::Black);
    assert_eq!(bottom(Some(a.id)).await, Color::White);
    assert_eq!(
        bottom(Some(player(3).id)).await,
        Color::White,
        "a spectator"
    );
    assert_eq!(bottom(None).await, Color::White, "someone not signed in");
    let white_below = SettingsUpdate {
        white_below: Some(true),
        ..SettingsUpdate::default()
    };
    for someone in [&a, &b, &player(3)] {
        env.service
            .update_settings(someone, place(), white_below)
            .await
            .unwrap();
    }
    assert_eq!(
        bottom(Some(b.id)).await,
        Color::White,
        "Bo chose White always"
    );
    assert_eq!(bottom(Some(a.id)).await, Color::White);
    assert_eq!(bottom(Some(player(3).id)).await, Color::White);
}

/// Old rows take the new default whatever their `flip`: on meant "my own side at the bottom",
/// which everyone now sees unless they choose White; off was no choice at all.
#[tokio::test]
async fn the_migration_gives_every_player_their_own_side_at_the_bottom() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("old.db").display());
    let options = url
        .parse::<sqlx::sqlite::SqliteConnectOptions>()
        .unwrap()
        .create_if_missing(true);
    let pool = sqlx::SqlitePool::connect_with(options).await.unwrap();
    dama_service::MIGRATOR.run_to(23, &pool).await.unwrap();
    sqlx::raw_sql(
        "INSERT INTO players (user_id, display_name, flip, theme, created_at, updated_at)
             VALUES (1, 'Ada', 1, 'checkered', 0, 0), (2, 'Bo', 0, 'traditional', 0, 0);",
    )
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;

    let pool = dama_service::connect(&url).await.unwrap();
    let service = dama_service::service::GameService::new(pool, Default::default());
    for (user, theme) in [(1, Theme::Checkered), (2, Theme::Traditional)] {
        let settings = service
            .settings(dama_service::ids::UserId(user))
            .await
            .unwrap();
        assert!(!settings.white_below, "player {user}");
        assert_eq!(settings.theme, theme, "the other settings stay");
        assert_eq!(settings.bottom(Some(Color::Black)), Color::Black);
    }
}

#[on_both_stores]
async fn turn_notices_are_kept_and_closed_dms_set_them_back_to_the_channel_once() {
    let env = Env::new().await;
    let a = player(1);
    assert_eq!(
        env.service.settings(a.id).await.unwrap().notify,
        Notify::Channel
    );
    let update = SettingsUpdate {
        notify: Some(Notify::Dm),
        ..SettingsUpdate::default()
    };
    let changed = env
        .service
        .update_settings(&a, place(), update)
        .await
        .unwrap();
    assert_eq!(changed.notify, Notify::Dm);
    assert_eq!(env.service.settings(a.id).await.unwrap(), changed);

    // Closed DMs: back to the channel, the other settings kept; told once.
    assert!(env.service.dms_closed(a.id).await.unwrap());
    assert!(!env.service.dms_closed(a.id).await.unwrap());
    let after = env.service.settings(a.id).await.unwrap();
    assert_eq!(
        after,
        PlayerSettings {
            notify: Notify::Channel,
            ..changed
        }
    );
    // Someone who never used the bot has nothing to set back.
    assert!(!env.service.dms_closed(player(9).id).await.unwrap());
}

#[on_both_stores]
async fn display_names_are_kept_current() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    let game = env.casual(&a, &b).await;
    let renamed = dama_service::model::Player::new(a.id, "Ada the Great");
    env.service.see_player(&renamed, place()).await.unwrap();
    let view = env.service.game(game.id).await.unwrap();
    assert_eq!(view.seats.white, Participant::Human(renamed));
}

#[on_both_stores]
async fn colours_left_to_chance_follow_the_services_coin() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    for heads in [true, false] {
        let service = env.service.clone().with_coin(Arc::new(FixedCoin(heads)));
        let options = ChallengeOptions {
            colour: ColourChoice::Random,
            ..ChallengeOptions::default()
        };
        let challenge = service
            .create_challenge(&a, Some(&b), place(), options)
            .await
            .unwrap();
        let game = service
            .accept_challenge(&b, place(), challenge.id)
            .await
            .unwrap();
        let challenger = if heads { Color::White } else { Color::Black };
        assert_eq!(game.color_of(a.id), Some(challenger));

        let against_engine = service
            .start_engine_game(
                &a,
                place(),
                Level::MIN,
                ColourChoice::Random,
                TimeControl::Day,
            )
            .await
            .unwrap();
        assert_eq!(against_engine.color_of(a.id), Some(challenger));
    }
}

#[on_both_stores]
async fn the_computer_declines_a_draw_at_the_start_and_the_game_goes_on() {
    let env = Env::new().await;
    let a = player(1);
    let game = env
        .engine_game(&a, Level::new(4).unwrap(), ColourChoice::White)
        .await;
    let Reply::Declined(view) = env
        .service
        .ask(game.id, a.id, Question::Draw)
        .await
        .unwrap()
    else {
        panic!("an even opening is no reason to agree a draw");
    };
    assert_eq!(view, env.service.game(game.id).await.unwrap());
    assert_eq!((view.draw_offer, view.outcome), (None, None));
    env.play(game.id, &a, "d3-d4").await.unwrap();
}

#[on_both_stores]
async fn the_computer_plays_its_turn_through_the_service() {
    let env = Env::new().await;
    let a = player(1);
    let game = env.engine_game(&a, Level::MIN, ColourChoice::Black).await;
    let ComputerTurn::Moved(moved) = env.service.play_computer_turn(game.id).await.unwrap() else {
        panic!("level 1 never resigns");
    };
    assert_eq!(moved.game.ply, 1);
    assert_eq!(moved.game.user_to_move(), Some(a.id));
    assert!(matches!(
        env.service.play_computer_turn(game.id).await,
        Err(ServiceError::NotYourTurn)
    ));
    let people = env.casual(&player(2), &player(3)).await;
    assert!(matches!(
        env.service.play_computer_turn(people.id).await,
        Err(ServiceError::NotAParticipant)
    ));
}

#[on_both_stores]
async fn live_games_are_a_servers_games_in_progress_most_recently_moved_first() {
    use dama_service::ids::{GuildId, Place};
    use dama_service::service::LIVE_GAMES_MAX;

    let env = Env::new().await;
    let guild = place().guild.expect("a server");
    let (a, b, c, d) = (player(1), player(2), player(3), player(4));
    let first = env.casual(&a, &b).await;
    env.advance(common::HOUR);
    let second = env.casual(&c, &d).await;
    env.advance(common::HOUR);
    let third = env.casual(&a, &d).await;
    env.advance(common::HOUR);
    let finished = env.casual(&b, &c).await;
    env.service.resign(finished.id, b.id).await.unwrap();
    // Elsewhere: a game of another server.
    let far = Place {
        guild: Some(GuildId(1001)),
        channel: ChannelId(2001),
    };
    let challenge = env
        .service
        .create_challenge(&c, Some(&a), far, ChallengeOptions::default())
        .await
        .unwrap();
    let elsewhere = env
        .service
        .accept_challenge(&a, far, challenge.id)
        .await
        .unwrap();
    // The first game moves last: it leads the list.
    env.advance(common::HOUR);
    env.play_all(first.id, &["d3-d4"]).await;

    let live = env.service.live_games(guild, LIVE_GAMES_MAX).await.unwrap();
    let ids: Vec<_> = live.games.iter().map(|g| g.id).collect();
    assert_eq!(ids, [first.id, third.id, second.id]);
    assert_eq!(live.total, 3);
    assert_eq!(live.games[0].ply, 1, "as it stands");

    let two = env.service.live_games(guild, 2).await.unwrap();
    let ids: Vec<_> = two.games.iter().map(|g| g.id).collect();
    assert_eq!(ids, [first.id, third.id]);
    assert_eq!(two.total, 3, "the count covers those left out");

    let there = env
        .service
        .live_games(GuildId(1001), u32::MAX)
        .await
        .unwrap();
    assert_eq!(
        there.games.iter().map(|g| g.id).collect::<Vec<_>>(),
        [elsewhere.id]
    );
    let none = env.service.live_games(GuildId(1002), 25).await.unwrap();
    assert!(none.games.is_empty() && none.total == 0);
}

#[on_both_stores]
async fn live_games_list_at_most_the_maximum() {
    use dama_service::service::LIVE_GAMES_MAX;

    let env = Env::with_config(dama_service::service::ServiceConfig {
        max_active_games: 100,
        ..dama_service::service::ServiceConfig::default()
    })
    .await;
    let guild = place().guild.expect("a server");
    let (a, b) = (player(1), player(2));
    for _ in 0..=LIVE_GAMES_MAX {
        env.casual(&a, &b).await;
    }
    let live = env.service.live_games(guild, u32::MAX).await.unwrap();
    assert_eq!(live.games.len(), 25);
    assert_eq!(live.total, LIVE_GAMES_MAX + 1);
}
