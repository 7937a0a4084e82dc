//! Champion roles through the service, on both stores: the season's leader is whoever tops
//! its table as rated games end (a notice each time), and the role is taken from the one
//! before before it goes to the new one; only managers name a role.

mod common;

use common::{Env, place, player};
use dama_service::model::Player;
use dama_service::service::{
    Authority, ChampionStep, ChampionTitle, Delivery, Notice, ServiceConfig, ServiceError,
};
use dama_test_stores::on_both_stores;

/// A rated game at the usual place that `winner` (White) wins by `loser`'s resignation.
async fn beats(env: &Env, winner: &Player, loser: &Player) {
    let game = env.rated(winner, loser).await;
    env.service.resign(game.id, loser.id).await.expect("resign");
}

/// The champion notices waiting (each taken and recorded as delivered).
async fn champion_notices(env: &Env) -> usize {
    let mut found = 0;
    for pending in env.service.due_notices(100).await.expect("the outbox") {
        if matches!(pending.notice, Notice::Champion { .. }) {
            found += 1;
        }
        env.service
            .notice_delivered(pending.id, Delivery::Channel, None, None)
            .await
            .expect("recorded");
    }
    found
}

/// Takes the steps for `title` as a face would, Discord doing each as asked.
async fn follow(env: &Env, title: ChampionTitle) -> Vec<ChampionStep> {
    let guild = place().guild.expect("a server");
    let mut taken = Vec::new();
    loop {
        let sync = env
            .service
            .champion_step(guild, title)
            .await
            .expect("a step");
        if sync.step == ChampionStep::Nothing {
            return taken;
        }
        env.service
            .champion_given(guild, title, sync.step)
            .await
            .expect("recorded");
        taken.push(sync.step);
    }
}

#[on_both_stores]
async fn the_seasons_leader_role_follows_the_top_of_its_table() {
    let env = Env::with_config(ServiceConfig {
        leaderboard_min_games: 1,
        ..ServiceConfig::default()
    })
    .await;
    let guild = place().guild.expect("a server");
    let (ada, bea) = (player(1), player(2));
    env.service
        .start_season(guild, Authority::Manager)
        .await
        .expect("a season");
    let refused = env
        .service
        .set_champion_role(
            guild,
            Authority::Member,
            ChampionTitle::Season,
            Some(9),
            place().channel,
        )
        .await;
    assert!(
        matches!(refused, Err(ServiceError::ManagersOnly(_))),
        "{refused:?}"
    );
    env.service
        .set_champion_role(
            guild,
            Authority::Manager,
            ChampionTitle::Season,
            Some(9),
            place().channel,
        )
        .await
        .expect("named");
    assert_eq!(champion_notices(&env).await, 1, "naming it brings it along");
    assert_eq!(
        follow(&env, ChampionTitle::Season).await,
        [],
        "nobody leads yet"
    );

    beats(&env, &ada, &bea).await;
    assert_eq!(
        champion_notices(&env).await,
        1,
        "a rated game moved the table"
    );
    assert_eq!(
        follow(&env, ChampionTitle::Season).await,
        [ChampionStep::Give {
            user: ada.id,
            role: 9
        }]
    );
    for _ in 0..2 {
        beats(&env, &bea, &ada).await;
        assert_eq!(champion_notices(&env).await, 1, "each rated game");
    }
    assert_eq!(
        follow(&env, ChampionTitle::Season).await,
        [
            ChampionStep::Take {
                user: ada.id,
                role: 9
            },
            ChampionStep::Give {
                user: bea.id,
                role: 9
            },
        ]
    );
    // Another role named: taken back, and the new one given.
    env.service
        .set_champion_role(
            guild,
            Authority::Manager,
            ChampionTitle::Season,
            Some(10),
            place().channel,
        )
        .await
        .expect("named");
    assert_eq!(
        follow(&env, ChampionTitle::Season).await,
        [
            ChampionStep::Take {
                user: bea.id,
                role: 9
            },
            ChampionStep::Give {
                user: bea.id,
                role: 10
            },
        ]
    );
    // A refusal is told once, until the role moves again.
    assert!(
        env.service
            .champion_refused(guild, ChampionTitle::Season)
            .await
            .expect("noted")
    );
    assert!(
        !env.service
            .champion_refused(guild, ChampionTitle::Season)
            .await
            .expect("noted")
    );
}
