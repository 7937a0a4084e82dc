//! Seasons: started and ended per server, one open at a time; rated games count in the season
//! open when they end as well as for all time; an ended season's table stays as it was.

mod common;

use common::{Env, player};
use dama_service::ids::GuildId;
use dama_service::model::{Player, Speed};
use dama_service::rating::{GameScore, Rating};
use dama_service::service::{Authority, Leaderboard, Period, ServiceConfig, ServiceError};
use dama_test_stores::on_both_stores;

const HOME: GuildId = GuildId(1000);

/// A rated game at the usual place that `winner` (White) wins by `loser`'s resignation.
async fn beats(env: &Env, winner: &Player, loser: &Player) {
    let game = env.rated(winner, loser).await;
    env.service.resign(game.id, loser.id).await.expect("resign");
}

fn games_of(board: &Leaderboard, who: &Player) -> Option<u32> {
    board
        .entries
        .iter()
        .find(|e| e.user == who.id)
        .map(|e| e.games)
}

fn order(board: &Leaderboard) -> Vec<u64> {
    board.entries.iter().map(|e| e.user.0).collect()
}

#[on_both_stores]
async fn a_server_has_one_open_season_at_a_time_numbered_from_one() {
    let env = Env::new().await;
    assert_eq!(env.service.current_season(HOME).await.unwrap(), None);
    assert!(matches!(
        env.service.end_season(HOME, Authority::Manager).await,
        Err(ServiceError::NoOpenSeason)
    ));
    let first = env
        .service
        .start_season(HOME, Authority::Manager)
        .await
        .unwrap();
    assert_eq!((first.number, first.ended_at), (1, None));
    assert!(matches!(
        env.service.start_season(HOME, Authority::Manager).await,
        Err(ServiceError::SeasonOpen { number: 1 })
    ));
    // Another server's seasons are its own.
    let elsewhere = env
        .service
        .start_season(GuildId(7), Authority::Manager)
        .await
        .unwrap();
    assert_eq!(elsewhere.number, 1);
    assert_eq!(env.service.current_season(HOME).await.unwrap(), Some(first));

    env.advance(common::DAY);
    let ended = env
        .service
        .end_season(HOME, Authority::Manager)
        .await
        .unwrap();
    assert_eq!(ended.season.number, 1);
    assert_eq!(ended.season.ended_at, Some(env.service.now()));
    assert!(ended.champions.is_empty(), "nobody played: no champions");
    assert_eq!(env.service.current_season(HOME).await.unwrap(), None);
    assert!(matches!(
        env.service.end_season(HOME, Authority::Manager).await,
        Err(ServiceError::NoOpenSeason)
    ));
    let second = env
        .reopen()
        .await
        .start_season(HOME, Authority::Manager)
        .await
        .unwrap();
    assert_eq!(second.number, 2);
}

#[on_both_stores]
async fn a_season_rates_only_its_own_games_from_the_default_and_keeps_its_final_table() {
    let env = Env::new().await;
    let (ada, bo) = (player(1), player(2));
    for _ in 0..3 {
        beats(&env, &ada, &bo).await;
    }
    env.service
        .start_season(HOME, Authority::Manager)
        .await
        .unwrap();
    for _ in 0..3 {
        beats(&env, &bo, &ada).await;
    }

    // The default table is the open season's.
    let season = env
        .service
        .leaderboard(Some(HOME), Period::Current, None, 10)
        .await
        .unwrap();
    assert_eq!(season.season.map(|s| s.number), Some(1));
    assert_eq!(order(&season), [bo.id.0, ada.id.0]);
    assert_eq!(games_of(&season, &ada), Some(3));
    assert_eq!(games_of(&season, &bo), Some(3));
    // Three wins from the default rating against a player also starting from it.
    let (mut won, mut lost) = (Rating::default(), Rating::default());
    for _ in 0..3 {
        (won, lost) = won.rate(&lost, GameScore::Win);
    }
    assert_eq!(season.entries[0].rating, won);
    assert_eq!(season.entries[1].rating, lost);

    let all_time = env
        .service
        .leaderboard(Some(HOME), Period::AllTime, None, 10)
        .await
        .unwrap();
    assert_eq!(all_time.season, None);
    assert_eq!(games_of(&all_time, &ada), Some(6));
    assert_eq!(games_of(&all_time, &bo), Some(6));
    assert_ne!(all_time.entries[0].rating, won);

    let ended = env
        .service
        .end_season(HOME, Authority::Manager)
        .await
        .unwrap();
    assert_eq!(ended.champions.len(), 1, "correspondence games only");
    assert_eq!(ended.champions[0].speed, Speed::Correspondence);
    let champions = &ended.champions[0].entries;
    let ranked: Vec<_> = champions.iter().map(|c| (c.rank, c.user)).collect();
    assert_eq!(ranked, [(1, bo.id), (2, ada.id)]);
    assert_eq!(champions, &season.entries);

    // Later games change the all-time table, not the season's final one.
    beats(&env, &ada, &bo).await;
    let default = env
        .service
        .leaderboard(Some(HOME), Period::Current, None, 10)
        .await
        .unwrap();
    assert_eq!(default.season, None, "no open season: the all-time table");
    assert_eq!(games_of(&default, &ada), Some(7));
    let final_table = env
        .service
        .leaderboard(Some(HOME), Period::Season(1), None, 10)
        .await
        .unwrap();
    assert_eq!(final_table.entries, season.entries);
    assert!(final_table.season.is_some_and(|s| s.ended_at.is_some()));
    assert!(matches!(
        env.service
            .leaderboard(Some(HOME), Period::Season(2), None, 10)
            .await,
        Err(ServiceError::NoSuchSeason(2))
    ));
    assert!(matches!(
        env.service
            .leaderboard(None, Period::Season(1), None, 10)
            .await,
        Err(ServiceError::NoSuchSeason(1))
    ));
}

#[on_both_stores]
async fn a_game_counts_in_the_season_open_when_it_ends() {
    let config = ServiceConfig {
        leaderboard_min_games: 1,
        ..ServiceConfig::default()
    };
    let env = Env::with_config(config).await;
    let (ada, bo, cy) = (player(1), player(2), player(3));
    let started_before = env.rated(&ada, &bo).await;
    env.service
        .start_season(HOME, Authority::Manager)
        .await
        .unwrap();
    let started_during = env.rated(&ada, &cy).await;
    env.service
        .resign(started_before.id, bo.id)
        .await
        .expect("resign");
    env.service
        .end_season(HOME, Authority::Manager)
        .await
        .unwrap();
    env.service
        .resign(started_during.id, cy.id)
        .await
        .expect("resign");

    let season = env
        .service
        .leaderboard(Some(HOME), Period::Season(1), None, 10)
        .await
        .unwrap();
    assert_eq!(order(&season), [ada.id.0, bo.id.0]);
    assert_eq!(games_of(&season, &ada), Some(1));
    let all_time = env
        .service
        .leaderboard(Some(HOME), Period::AllTime, None, 10)
        .await
        .unwrap();
    assert_eq!(games_of(&all_time, &ada), Some(2));
    assert_eq!(games_of(&all_time, &cy), Some(1));
}

#[on_both_stores]
async fn only_a_servers_managers_change_its_seasons_and_settings() {
    use dama_rules::Rules;
    use dama_service::service::{Language, Managed};

    let env = Env::new().await;
    assert!(matches!(
        env.service.start_season(HOME, Authority::Member).await,
        Err(ServiceError::ManagersOnly(Managed::Seasons))
    ));
    assert!(matches!(
        env.service
            .set_server_rules(HOME, Authority::Member, Rules::FEDERATION)
            .await,
        Err(ServiceError::ManagersOnly(Managed::Settings))
    ));
    assert!(matches!(
        env.service
            .set_server_language(HOME, Authority::Member, Some(Language::Tr))
            .await,
        Err(ServiceError::ManagersOnly(Managed::Settings))
    ));
    // Nothing changed.
    assert!(env.service.current_season(HOME).await.unwrap().is_none());
    assert_eq!(
        env.service.server_rules(HOME).await.unwrap(),
        Rules::STANDARD
    );
    env.service
        .start_season(HOME, Authority::Manager)
        .await
        .unwrap();
    assert!(matches!(
        env.service.end_season(HOME, Authority::Member).await,
        Err(ServiceError::ManagersOnly(Managed::Seasons))
    ));
    assert!(env.service.current_season(HOME).await.unwrap().is_some());
}
