//! The rule set a game is played under: chosen per challenge or computer game, defaulted per
//! server, stored with the game.

mod common;

use common::{Env, place, player};
use dama_engine::Level;
use dama_rules::Rules;
use dama_service::ids::GuildId;
use dama_service::model::{ChallengeOptions, ColourChoice, EngineGame, TimeControl};

#[tokio::test]
async fn a_server_chooses_its_default_rules_and_other_servers_keep_theirs() {
    let env = Env::new().await;
    let (home, other) = (GuildId(1), GuildId(2));
    assert_eq!(
        env.service.server_rules(home).await.unwrap(),
        Rules::STANDARD
    );
    env.service
        .set_server_rules(home, Rules::FEDERATION)
        .await
        .unwrap();
    env.service
        .set_server_rules(home, Rules::FEDERATION_STRICT)
        .await
        .unwrap();
    assert_eq!(
        env.service.server_rules(home).await.unwrap(),
        Rules::FEDERATION_STRICT
    );
    assert_eq!(
        env.service.server_rules(other).await.unwrap(),
        Rules::STANDARD
    );
    let reopened = env.reopen().await;
    assert_eq!(
        reopened.server_rules(home).await.unwrap(),
        Rules::FEDERATION_STRICT
    );
}

#[tokio::test]
async fn a_challenges_rules_go_with_it_into_the_game_and_stay() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    for rules in Rules::ALL {
        let options = ChallengeOptions {
            rules,
            time_control: TimeControl::Unlimited,
            ..ChallengeOptions::default()
        };
        let challenge = env
            .service
            .create_challenge(&a, Some(&b), place(), options)
            .await
            .unwrap();
        let read = env.service.challenge(challenge.id).await.unwrap();
        assert_eq!(read.options.rules, rules);
        let game = env
            .service
            .accept_challenge(&b, place(), challenge.id)
            .await
            .unwrap();
        assert_eq!(game.rules, rules);
        assert_eq!(env.reopen().await.game(game.id).await.unwrap().rules, rules);
    }
}

#[tokio::test]
async fn a_computer_game_keeps_the_rules_it_was_started_with() {
    let env = Env::new().await;
    let options = EngineGame {
        level: Level::MIN,
        colour: ColourChoice::White,
        time_control: TimeControl::Day,
        rules: Rules::STRICT,
    };
    let game = env
        .service
        .start_engine_game_with(&player(1), place(), options)
        .await
        .unwrap();
    assert_eq!(
        env.service.game(game.id).await.unwrap().rules,
        Rules::STRICT
    );
    let plain = env
        .engine_game(&player(2), Level::MIN, ColourChoice::White)
        .await;
    assert_eq!(plain.rules, Rules::STANDARD);
}
