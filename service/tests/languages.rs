//! What the service keeps of languages: the locales seen, and the languages chosen.

mod common;

use common::{Env, player};
use dama_service::ids::{GuildId, UserId};
use dama_service::service::{Authority, Language};
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
    assert!(seen.user_known);
    assert_eq!((seen.user, seen.server), (None, None));
    // Read back without an interaction, as the delivery worker does: the locales seen.
    assert_eq!(
        env.service.player_language(a.id).await.unwrap(),
        Language::Tr
    );
    assert_eq!(
        env.service.server_language(home).await.unwrap(),
        Language::Es
    );

    env.service
        .set_player_language(a.id, Some(Language::Sv))
        .await
        .unwrap();
    env.service
        .set_server_language(home, Authority::Manager, Some(Language::Tr))
        .await
        .unwrap();
    let now = env
        .service
        .languages(a.id, "en-US", Some((home, Some("en-US"))))
        .await
        .unwrap();
    assert_eq!(
        (now.user, now.server),
        (Some(Language::Sv), Some(Language::Tr))
    );
    // The choices win over the locales just seen.
    assert_eq!(
        env.service.player_language(a.id).await.unwrap(),
        Language::Sv
    );
    assert_eq!(
        env.service.server_language(home).await.unwrap(),
        Language::Tr
    );
    // Back to following the clients: the locale last seen.
    env.service.set_player_language(a.id, None).await.unwrap();
    assert_eq!(
        env.service.player_language(a.id).await.unwrap(),
        Language::En
    );
    // Someone never seen has nothing known, and is not created by looking.
    let stranger = env.service.languages(UserId(99), "tr", None).await.unwrap();
    assert!(!stranger.user_known);
    assert!(stranger.server.is_none());
    assert_eq!(
        env.service.player_language(UserId(99)).await.unwrap(),
        Language::En
    );
}

#[test]
fn locales_map_to_the_languages() {
    assert_eq!(Language::from_locale("tr"), Language::Tr);
    assert_eq!(Language::from_locale("es-419"), Language::Es);
    assert_eq!(Language::from_locale("sv-SE"), Language::Sv);
    assert_eq!(Language::from_locale("ja"), Language::En);
    for language in Language::ALL {
        assert_eq!(Language::of(language.name()), Some(language));
    }
    assert_eq!(Language::of("xx"), None);
}

/// The language of the bot's pages: unknown for someone never seen (the page follows the
/// browser), then the locale last seen, and a language chosen wins over it.
#[on_both_stores]
async fn a_pages_language_is_known_once_the_member_was_seen() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    env.rated(&a, &b).await;
    let stranger = UserId(99);
    assert_eq!(
        env.service.known_player_language(stranger).await.unwrap(),
        None
    );
    env.service.languages(a.id, "tr", None).await.unwrap();
    assert_eq!(
        env.service.known_player_language(a.id).await.unwrap(),
        Some(Language::Tr)
    );
    env.service
        .set_player_language(a.id, Some(Language::Es))
        .await
        .unwrap();
    assert_eq!(
        env.service.known_player_language(a.id).await.unwrap(),
        Some(Language::Es)
    );
}

/// The reader's language, one rule for every face: the language chosen, else the Discord
/// locale last seen, else the face's own (the interaction's locale, the browser's).
#[on_both_stores]
async fn a_reader_reads_the_language_chosen_else_the_locale_seen_else_the_faces() {
    let env = Env::new().await;
    let (a, b) = (player(1), player(2));
    env.rated(&a, &b).await;
    let browser = Language::Sv;
    let read = async |reader| env.service.reader_language(reader, browser).await.unwrap();

    // Nobody signed in, and someone never seen: the face's language.
    assert_eq!(read(None).await, Language::Sv);
    assert_eq!(read(Some(UserId(99))).await, Language::Sv);
    // A player whose locale was never seen (they have not used a command yet): the face's too.
    assert_eq!(read(Some(a.id)).await, Language::Sv);

    // The Discord locale last seen.
    env.service.languages(a.id, "tr", None).await.unwrap();
    assert_eq!(read(Some(a.id)).await, Language::Tr);
    env.service.languages(a.id, "en-US", None).await.unwrap();
    assert_eq!(
        read(Some(a.id)).await,
        Language::En,
        "English is a language seen"
    );

    // The language chosen wins over the locale, until it is given up.
    env.service
        .set_player_language(a.id, Some(Language::Es))
        .await
        .unwrap();
    assert_eq!(read(Some(a.id)).await, Language::Es);
    env.service.set_player_language(a.id, None).await.unwrap();
    assert_eq!(read(Some(a.id)).await, Language::En);
}

#[on_both_stores]
async fn a_post_without_an_interaction_reads_its_servers_language_or_in_dms_its_readers() {
    let env = Env::new().await;
    let home = GuildId(1000);
    let a = player(1);
    env.service.see_player(&a, common::place()).await.unwrap();
    env.service
        .languages(a.id, "sv-SE", Some((home, Some("es-ES"))))
        .await
        .unwrap();
    let in_server = dama_service::ids::Place {
        guild: Some(home),
        channel: dama_service::ids::ChannelId(5),
    };
    let in_dms = dama_service::ids::Place {
        guild: None,
        channel: dama_service::ids::ChannelId(6),
    };
    let language = |place, reader| env.service.place_language(place, reader);
    assert_eq!(language(in_server, Some(a.id)).await.unwrap(), Language::Es);
    assert_eq!(language(in_dms, Some(a.id)).await.unwrap(), Language::Sv);
    assert_eq!(language(in_dms, None).await.unwrap(), Language::En);
    env.service
        .set_server_language(home, Authority::Manager, Some(Language::Tr))
        .await
        .unwrap();
    assert_eq!(language(in_server, None).await.unwrap(), Language::Tr);
}
