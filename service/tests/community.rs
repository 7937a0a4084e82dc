//! What a server's community pages need: the switch its managers turn them on with, its
//! seasons, and a player's page there (how their rating moved, their latest games).

mod common;

use common::{Env, HOUR, player};
use dama_engine::Level;
use dama_service::ids::{ChannelId, GuildId, Place};
use dama_service::model::{ChallengeOptions, ColourChoice, Player, Speed};
use dama_service::service::{Authority, GameView, Managed, ServiceError};
use dama_test_stores::on_both_stores;

const HOME: GuildId = GuildId(1000);

/// A rated game at the usual place that `winner` (White) wins by `loser`'s resignation.
async fn beats(env: &Env, winner: &Player, loser: &Player) -> GameView {
    let game = env.rated(winner, loser).await;
    env.service.resign(game.id, loser.id).await.expect("resign");
    env.advance(HOUR);
    game
}

#[on_both_stores]
async fn community_pages_are_off_until_a_manager_turns_them_on() {
    let env = Env::new().await;
    assert!(!env.service.community_pages(HOME).await.unwrap());
    let refused = env
        .service
        .set_community_pages(HOME, Authority::Member, true)
        .await;
    assert!(
        matches!(refused, Err(ServiceError::ManagersOnly(Managed::Settings))),
        "{refused:?}"
    );
    assert!(!env.service.community_pages(HOME).await.unwrap());

    env.service
        .set_community_pages(HOME, Authority::Manager, true)
        .await
        .unwrap();
    assert!(env.service.community_pages(HOME).await.unwrap());
    assert!(
        !env.service.community_pages(GuildId(7)).await.unwrap(),
        "another server's switch is its own"
    );
    // The server's other settings are untouched, and keep the switch when they change.
    env.service
        .set_server_rules(HOME, Authority::Manager, dama_rules::Rules::FEDERATION)
        .await
        .unwrap();
    assert!(env.service.community_pages(HOME).await.unwrap());
    assert_eq!(
        env.service.server_rules(HOME).await.unwrap(),
        dama_rules::Rules::FEDERATION
    );

    env.service
        .set_community_pages(HOME, Authority::Manager, false)
        .await
        .unwrap();
    assert!(!env.service.community_pages(HOME).await.unwrap());
    let reopened = env.reopen().await;
    assert!(!reopened.community_pages(HOME).await.unwrap());
}

#[on_both_stores]
async fn the_home_page_lists_the_servers_whose_pages_are_on_latest_first() {
    let env = Env::new().await;
    assert!(env.service.community_servers(10).await.unwrap().is_empty());
    for guild in [GuildId(1), GuildId(2), GuildId(3)] {
        env.service
            .set_community_pages(guild, Authority::Manager, true)
            .await
            .unwrap();
        env.advance(HOUR);
    }
    // A server that chose rules but never opened its pages is not listed.
    env.service
        .set_server_rules(
            GuildId(4),
            Authority::Manager,
            dama_rules::Rules::FEDERATION,
        )
        .await
        .unwrap();
    env.service
        .set_community_pages(GuildId(2), Authority::Manager, false)
        .await
        .unwrap();
    assert_eq!(
        env.service.community_servers(10).await.unwrap(),
        [GuildId(3), GuildId(1)]
    );
    assert_eq!(
        env.service.community_servers(1).await.unwrap(),
        [GuildId(3)]
    );
}

#[on_both_stores]
async fn a_servers_seasons_are_listed_first_first() {
    let env = Env::new().await;
    assert!(env.service.seasons(HOME).await.unwrap().is_empty());
    env.service
        .start_season(HOME, Authority::Manager)
        .await
        .unwrap();
    env.advance(HOUR);
    env.service
        .end_season(HOME, Authority::Manager)
        .await
        .unwrap();
    env.service
        .start_season(HOME, Authority::Manager)
        .await
        .unwrap();
    let seasons = env.service.seasons(HOME).await.unwrap();
    let shown: Vec<(u32, bool)> = seasons
        .iter()
        .map(|s| (s.number, s.ended_at.is_some()))
        .collect();
    assert_eq!(shown, [(1, true), (2, false)]);
    assert!(env.service.seasons(GuildId(7)).await.unwrap().is_empty());
}

#[on_both_stores]
async fn a_players_rating_history_on_a_server_follows_their_rated_games_there_only() {
    let env = Env::new().await;
    let (ada, bo, cy) = (player(1), player(2), player(3));
    assert!(
        env.service
            .rating_history(HOME, ada.id, Speed::Correspondence, 50)
            .await
            .unwrap()
            .is_empty()
    );
    let first = beats(&env, &ada, &bo).await;
    let second = beats(&env, &cy, &ada).await;
    let third = beats(&env, &ada, &cy).await;
    // Not rated, or on another server: not in the history.
    let casual = env.casual(&ada, &bo).await;
    env.service.resign(casual.id, bo.id).await.unwrap();
    let elsewhere = Place {
        guild: Some(GuildId(7)),
        channel: ChannelId(70),
    };
    let options = ChallengeOptions {
        colour: ColourChoice::White,
        ..ChallengeOptions::default()
    };
    let challenge = env
        .service
        .create_challenge(&ada, Some(&bo), elsewhere, options)
        .await
        .unwrap();
    let away = env
        .service
        .accept_challenge(&bo, elsewhere, challenge.id)
        .await
        .unwrap();
    env.service.resign(away.id, ada.id).await.unwrap();

    let history = env
        .service
        .rating_history(HOME, ada.id, Speed::Correspondence, 50)
        .await
        .unwrap();
    let games: Vec<_> = history.iter().map(|s| s.game).collect();
    assert_eq!(games, [first.id, second.id, third.id], "the oldest first");
    assert!(history[0].after > history[0].before, "won");
    assert!(history[1].after < history[1].before, "lost");
    assert!(history[2].after > history[2].before, "won");
    for pair in history.windows(2) {
        assert!((pair[1].before - pair[0].after).abs() < 1e-9, "{pair:?}");
        assert!(pair[1].ended_at > pair[0].ended_at, "{pair:?}");
    }
    let stats = env.service.stats(Some(HOME), ada.id, None).await.unwrap();
    let now = stats
        .rating(Speed::Correspondence)
        .expect("rated")
        .rating
        .rating;
    assert!((history[2].after - now).abs() < 1e-9);

    let latest = env
        .service
        .rating_history(HOME, ada.id, Speed::Correspondence, 2)
        .await
        .unwrap();
    let games: Vec<_> = latest.iter().map(|s| s.game).collect();
    assert_eq!(games, [second.id, third.id], "the latest, the oldest first");
    let away_history = env
        .service
        .rating_history(GuildId(7), ada.id, Speed::Correspondence, 50)
        .await
        .unwrap();
    assert_eq!(away_history.len(), 1);
}

#[on_both_stores]
async fn a_players_recent_games_on_a_server_are_the_latest_changed_first() {
    let env = Env::new().await;
    let (ada, bo, cy) = (player(1), player(2), player(3));
    let over = beats(&env, &ada, &bo).await;
    let against_computer = env
        .engine_game(&ada, Level::new(1).expect("a level"), ColourChoice::White)
        .await;
    env.advance(HOUR);
    let going = env.casual(&cy, &ada).await;
    env.advance(HOUR);
    let theirs = env.casual(&bo, &cy).await;

    let recent = env.service.recent_games(HOME, ada.id, 10).await.unwrap();
    let ids: Vec<_> = recent.iter().map(|v| v.id).collect();
    assert_eq!(ids, [going.id, against_computer.id, over.id]);
    assert!(!ids.contains(&theirs.id));
    assert!(recent[2].is_over());
    let latest = env.service.recent_games(HOME, ada.id, 1).await.unwrap();
    assert_eq!(latest.iter().map(|v| v.id).collect::<Vec<_>>(), [going.id]);
    assert!(
        env.service
            .recent_games(GuildId(7), ada.id, 10)
            .await
            .unwrap()
            .is_empty()
    );
}

#[on_both_stores]
async fn a_servers_community_reads_exist_only_while_its_pages_are_on() {
    let env = Env::new().await;
    let (ada, bo) = (player(1), player(2));
    beats(&env, &ada, &bo).await;
    assert!(
        env.service.community(HOME).await.unwrap().is_none(),
        "off: no reads at all"
    );
    env.service
        .set_community_pages(HOME, Authority::Manager, true)
        .await
        .unwrap();
    let pages = env.service.community(HOME).await.unwrap().expect("on");
    assert_eq!(pages.guild(), HOME);
    let recent = pages.recent_games(ada.id, 10).await.unwrap();
    assert_eq!(recent.len(), 1);
    assert_eq!(pages.stats(ada.id).await.unwrap().record.wins, 1);
    // Turned off again: the pages are gone, whatever was read before.
    env.service
        .set_community_pages(HOME, Authority::Manager, false)
        .await
        .unwrap();
    assert!(env.service.community(HOME).await.unwrap().is_none());
    assert!(
        env.service.community(GuildId(7)).await.unwrap().is_none(),
        "a server the bot never saw"
    );
}
