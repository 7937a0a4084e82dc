//! What the service keeps of languages: the locales seen, and the languages chosen.

mod common;

use common::{Env, player};
use dama_service::ids::{GuildId, UserId};
use dama_test_stores::on_both_stores;

#[on_both_stores]
async fn locales_are_noted_and_chosen_languages_win() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    env.rated(&a, &b).await;
    let home = GuildId(7);

    let seen = env
        .service
        .languages(a.id, "tr", Some((home, Some("es-ES"))))
        .await
        .unwrap();
    assert_eq!(seen.user.locale.as_deref(), Some("tr"));
    assert_eq!(seen.user.chosen, None);
    assert_eq!(seen.server.unwrap().locale.as_deref(), Some("es-ES"));
    // Read back without an interaction, as the delivery worker does.
    assert_eq!(
        env.service
            .player_language(a.id)
            .await
            .unwrap()
            .locale
            .as_deref(),
        Some("tr")
    );
    assert_eq!(
        env.service
            .server_language(home)
            .await
            .unwrap()
            .locale
            .as_deref(),
        Some("es-ES")
    );

    env.service
        .set_player_language(a.id, Some("sv"))
        .await
        .unwrap();
    env.service
        .set_server_language(home, Some("tr"))
        .await
        .unwrap();
    let now = env
        .service
        .languages(a.id, "en-US", Some((home, Some("en-US"))))
        .await
        .unwrap();
    assert_eq!(
        (now.user.chosen.as_deref(), now.user.locale.as_deref()),
        (Some("sv"), Some("en-US"))
    );
    let server = now.server.unwrap();
    assert_eq!(
        (server.chosen.as_deref(), server.locale.as_deref()),
        (Some("tr"), Some("en-US"))
    );
    // Back to following the clients.
    env.service.set_player_language(a.id, None).await.unwrap();
    assert_eq!(
        env.service.player_language(a.id).await.unwrap().chosen,
        None
    );
    // Someone never seen has nothing known, and is not created by looking.
    let stranger = env.service.languages(UserId(99), "tr", None).await.unwrap();
    assert_eq!(stranger.user.locale, None);
    assert!(stranger.server.is_none());
    // A language the bot does not speak cannot be stored.
    assert!(
        env.service
            .set_server_language(home, Some("xx"))
            .await
            .is_err()
    );
}
