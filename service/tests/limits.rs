//! One member cannot take more than their share: open challenges, challenges to one person,
//! active games and games against the computer are each limited, and the limit frees up again
//! as soon as one ends.

mod common;

use common::{DAY, Env, place, player};
use dama_engine::Level;
use dama_service::model::{ChallengeOptions, ColourChoice, Player, TimeControl};
use dama_service::service::{GameView, ServiceConfig, ServiceError};
use dama_test_stores::on_both_stores;

impl Env {
    async fn challenge(
        &self,
        from: &Player,
        to: Option<&Player>,
    ) -> Result<dama_service::model::Challenge, ServiceError> {
        self.service
            .create_challenge(from, to, place(), ChallengeOptions::default())
            .await
    }

    async fn computer(&self, who: &Player) -> Result<GameView, ServiceError> {
        self.service
            .start_engine_game(
                who,
                place(),
                Level::MIN,
                ColourChoice::White,
                TimeControl::Day,
            )
            .await
    }
}

#[on_both_stores]
async fn the_eleventh_open_challenge_is_refused_until_one_is_withdrawn_or_lapses() {
    let env = Env::new().await;
    let ada = player(1);
    let mut issued = Vec::new();
    for n in 0..10 {
        let to = player(100 + n);
        issued.push(
            env.challenge(&ada, Some(&to))
                .await
                .expect("under the limit"),
        );
    }
    let refused = env.challenge(&ada, None).await;
    assert!(
        matches!(refused, Err(ServiceError::TooManyChallenges { limit: 10 })),
        "{refused:?}"
    );
    // Others are not limited by Ada's challenges.
    env.challenge(&player(2), None).await.expect("someone else");

    env.service
        .cancel_challenge(ada.id, place(), issued[0].id)
        .await
        .expect("withdrawn");
    env.challenge(&ada, None)
        .await
        .expect("under the limit again");
    assert!(matches!(
        env.challenge(&ada, None).await,
        Err(ServiceError::TooManyChallenges { limit: 10 })
    ));

    // Lapsed challenges count no more, even before the sweeper marks them expired.
    env.advance(DAY);
    env.challenge(&ada, None)
        .await
        .expect("the old ones lapsed");
}

#[on_both_stores]
async fn a_second_challenge_to_the_same_person_waits_for_an_answer_to_the_first() {
    let env = Env::new().await;
    let (ada, bo) = (player(1), player(2));
    let first = env.challenge(&ada, Some(&bo)).await.expect("first");
    let refused = env.challenge(&ada, Some(&bo)).await;
    assert!(
        matches!(
            refused,
            Err(ServiceError::TooManyChallengesToPlayer { limit: 1 })
        ),
        "{refused:?}"
    );
    // Open challenges and challenges to others, or the other way round, are not affected.
    env.challenge(&ada, None).await.expect("open challenge");
    env.challenge(&ada, Some(&player(3))).await.expect("other");
    env.challenge(&bo, Some(&ada)).await.expect("the other way");

    env.service
        .decline_challenge(bo.id, place(), first.id)
        .await
        .expect("declined");
    env.challenge(&ada, Some(&bo))
        .await
        .expect("answered: again");
}

#[on_both_stores]
async fn accepting_is_refused_while_either_player_has_as_many_games_as_allowed() {
    let env = Env::with_config(ServiceConfig {
        max_active_games: 2,
        ..ServiceConfig::default()
    })
    .await;
    let (ada, bo, cy, dee) = (player(1), player(2), player(3), player(4));
    let first = env.casual(&ada, &bo).await;
    env.casual(&ada, &cy).await;

    // Ada, accepting, is at the limit.
    let from_dee = env.challenge(&dee, None).await.expect("challenge");
    let refused = env
        .service
        .accept_challenge(&ada, place(), from_dee.id)
        .await;
    assert!(
        matches!(refused, Err(ServiceError::TooManyGames { limit: 2 })),
        "{refused:?}"
    );
    // Ada, challenging, is at the limit: her challenge waits.
    let from_ada = env
        .challenge(&ada, None)
        .await
        .expect("challenging is allowed");
    let refused = env
        .service
        .accept_challenge(&dee, place(), from_ada.id)
        .await;
    assert!(
        matches!(
            refused,
            Err(ServiceError::OpponentHasTooManyGames { limit: 2 })
        ),
        "{refused:?}"
    );
    // Games against the computer count too.
    assert!(matches!(
        env.computer(&ada).await,
        Err(ServiceError::TooManyGames { limit: 2 })
    ));

    env.service.resign(first.id, bo.id).await.expect("resigned");
    env.service
        .accept_challenge(&dee, place(), from_ada.id)
        .await
        .expect("a game ended: under the limit again");
    // The refused challenge is still open.
    assert!(matches!(
        env.service
            .accept_challenge(&ada, place(), from_dee.id)
            .await,
        Err(ServiceError::TooManyGames { limit: 2 })
    ));
}

#[on_both_stores]
async fn the_fourth_game_against_the_computer_waits_for_one_to_end() {
    let env = Env::new().await;
    let (ada, bo) = (player(1), player(2));
    let mut games = Vec::new();
    for _ in 0..3 {
        games.push(env.computer(&ada).await.expect("under the limit"));
    }
    let refused = env.computer(&ada).await;
    assert!(
        matches!(
            refused,
            Err(ServiceError::TooManyComputerGames { limit: 3 })
        ),
        "{refused:?}"
    );
    env.computer(&bo).await.expect("another member plays on");
    // Games against people are not computer games.
    env.casual(&ada, &bo).await;

    env.service
        .resign(games[0].id, ada.id)
        .await
        .expect("resigned");
    env.computer(&ada).await.expect("under the limit again");
}
