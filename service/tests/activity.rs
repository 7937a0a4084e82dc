//! The Activity's needs: which game a member's "Open board" press in a channel meant, for how
//! long, and whether a member was seen in a server.

mod common;

use std::time::Duration;

use common::{Env, player};
use dama_service::ids::{ChannelId, GuildId, UserId};
use dama_service::service::{LAUNCH_WINDOW, LookupFuture, MemberLookup};
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

/// Discord's answer to every membership lookup: yes.
struct EveryoneIsAMember;

impl MemberLookup for EveryoneIsAMember {
    fn is_member(&self, _: GuildId, _: UserId) -> LookupFuture<'_> {
        Box::pin(async { Ok(true) })
    }
}

#[on_both_stores]
async fn the_activity_opens_a_pressed_game_else_its_threads_game_for_who_may_watch_it() {
    let env = Env::new().await;
    let (ada, bo, cy) = (player(1), player(2), UserId(3));
    let game = env.casual(&ada, &bo).await;
    let guild = common::place().guild;
    let thread = ChannelId(600);
    env.service
        .set_thread(game.id, thread)
        .await
        .expect("thread");
    let token = env.service.web_token(game.id).await.expect("token");
    let service = &env.service;

    // A player opening it from the game's thread: the game opens, listed among hers, her move;
    // her own game is not among the live ones.
    let ada_sees = service
        .activity_choices(ada.id, Some(thread), guild)
        .await
        .expect("choices");
    let open = ada_sees.open.expect("the thread's game");
    assert_eq!((open.view.id, &open.token), (game.id, &token));
    assert_eq!(
        ada_sees
            .mine
            .iter()
            .map(|g| (g.view.id, g.your_move))
            .collect::<Vec<_>>(),
        [(game.id, true)]
    );
    assert!(ada_sees.live.is_empty());
    let bo_sees = service
        .activity_choices(bo.id, None, guild)
        .await
        .expect("choices");
    assert_eq!(bo_sees.open, None);
    assert_eq!(
        bo_sees
            .mine
            .iter()
            .map(|g| (g.view.id, g.your_move))
            .collect::<Vec<_>>(),
        [(game.id, false)]
    );

    // Someone never seen on the server, whom Discord is not asked about: nothing.
    let cy_sees = service
        .activity_choices(cy, Some(thread), guild)
        .await
        .expect("choices");
    assert_eq!(
        (cy_sees.open, cy_sees.mine, cy_sees.live),
        (None, vec![], vec![])
    );
    // A member as Discord says: the thread's game opens, and the server's live games are his.
    service.set_member_lookup(std::sync::Arc::new(EveryoneIsAMember));
    let cy_sees = service
        .activity_choices(cy, Some(thread), guild)
        .await
        .expect("choices");
    assert_eq!(cy_sees.open.map(|g| g.view.id), Some(game.id));
    assert!(cy_sees.mine.is_empty());
    assert_eq!(
        cy_sees
            .live
            .iter()
            .map(|g| (g.view.id, g.your_move))
            .collect::<Vec<_>>(),
        [(game.id, false)]
    );

    // A press opens its game in the press's channel, with or without a server.
    let elsewhere = ChannelId(700);
    service
        .record_launch(bo.id, elsewhere, game.id)
        .await
        .expect("noted");
    let pressed = service
        .activity_choices(bo.id, Some(elsewhere), None)
        .await
        .expect("choices");
    assert_eq!(pressed.open.map(|g| g.token), Some(token));
    assert!(pressed.mine.is_empty() && pressed.live.is_empty());
}
