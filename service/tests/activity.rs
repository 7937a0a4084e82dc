//! The Activity's needs: which game a member's "Open board" press in a channel meant, for how
//! long, and whether a member was seen in a server.

mod common;

use std::time::Duration;

use common::{Env, player};
use dama_service::ids::{ChannelId, GuildId, UserId};
use dama_service::service::LAUNCH_WINDOW;
use dama_test_stores::on_both_stores;

#[on_both_stores]
async fn a_press_opens_its_game_in_its_channel_for_its_member_until_the_window_closes() {
    let env = Env::new().await;
    let (ada, bo) = (player(1), player(2));
    let first = env.casual(&ada, &bo).await;
    let second = env.casual(&bo, &ada).await;
    let (here, there) = (ChannelId(500), ChannelId(501));
    let service = &env.service;
    assert_eq!(service.launched_game(ada.id, here).await.ok(), Some(None));

    service
        .record_launch(ada.id, here, first.id)
        .await
        .expect("noted");
    assert_eq!(
        service.launched_game(ada.id, here).await.ok(),
        Some(Some(first.id))
    );
    // Only for her, only in that channel.
    assert_eq!(service.launched_game(bo.id, here).await.ok(), Some(None));
    assert_eq!(service.launched_game(ada.id, there).await.ok(), Some(None));
    // Her latest press in the channel wins.
    service
        .record_launch(ada.id, here, second.id)
        .await
        .expect("noted");
    assert_eq!(
        service.launched_game(ada.id, here).await.ok(),
        Some(Some(second.id))
    );
    // Past the window, the Activity offers her games instead.
    env.advance(LAUNCH_WINDOW + Duration::from_secs(1));
    assert_eq!(service.launched_game(ada.id, here).await.ok(), Some(None));
}

#[on_both_stores]
async fn a_member_is_seen_in_a_server_once_they_played_there() {
    let env = Env::new().await;
    let (ada, bo) = (player(1), player(2));
    env.casual(&ada, &bo).await;
    let guild = common::place().guild.expect("a server game");
    assert_eq!(env.service.seen_in(ada.id, guild).await.ok(), Some(true));
    assert_eq!(
        env.service.seen_in(UserId(77), guild).await.ok(),
        Some(false)
    );
    assert_eq!(
        env.service.seen_in(ada.id, GuildId(9_999)).await.ok(),
        Some(false)
    );
}
