//! Each reader in their language: on a Turkish server the boards, moves and result are in
//! Turkish for everyone, while what only one player sees follows that player's own Discord
//! locale (Turkish, English, Spanish, Swedish).

use dama_tests::{FakeUser, Origin};
use serenity::all::ChannelId;

use crate::harness::{Answer, Harness, custom_id, dama, game_id_in};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turkish_server_plays_in_turkish_and_each_player_is_answered_in_their_own_language() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    discord.set_guild_locale(discord.guild_id(), "tr");
    // Bob's client is in English (the stand-in's default); Ayşe's in Turkish.
    let (bob, ayse) = (discord.user("bob"), discord.user("ayşe"));
    let thread = bob_challenges_ayse_in_turkish(&harness, &bob, &ayse).await;
    let bob_here = discord.in_channel(&bob, thread);
    let ayse_here = discord.in_channel(&ayse, thread).locale("tr");

    // Ayşe (Black) moves first: not her turn, in Turkish.
    let early = refused(&harness, &ayse_here, "e6-e5").await;
    assert_eq!(early, "Sıra sende değil: rakibinin hamlesini bekle.");
    let moved = played(&harness, &bob_here, "d3-d4").await;
    assert!(moved.contains("bob **d3-d4** oynadı."), "{moved}");
    assert!(
        moved.contains(&format!("Hamle sırası: <@{}> (Siyah), süre <t:", ayse.id)),
        "{moved}"
    );
    // Bob's own refusal is in English, on the same Turkish server.
    let again = refused(&harness, &bob_here, "d4-d5").await;
    assert_eq!(again, "It is not your turn: wait for your opponent's move.");
    let illegal = refused(&harness, &ayse_here, "e6-e4").await;
    assert_eq!(illegal, "**e6-e4** kurallara uygun bir hamle değil.");

    played(&harness, &ayse_here, "e6-e5").await;
    played(&harness, &bob_here, "d4-d5").await;
    // Black's e5 man must take d5: the compulsory capture, with its count.
    let capture = refused(&harness, &ayse_here, "a6-a5").await;
    assert_eq!(
        capture,
        "Alma zorunluluğu var: 1 taş almalısın, örneğin e5xc5."
    );
    let took = played(&harness, &ayse_here, "e5xc5").await;
    assert!(took.contains("ayşe **e5xc5** oynadı."), "{took}");

    // Bob resigns in English; everyone reads the result in Turkish.
    let resigned = harness.slash(&bob_here, &dama("resign")).await;
    let end = harness.public_post(&resigned).await;
    let text = end.content().unwrap_or_default();
    assert!(text.contains("bob terk etti."), "{text}");
    assert!(
        text.contains("**ayşe (Siyah) kazandı**: bob terk etti. Sonuç 0-1."),
        "{text}"
    );

    // A Spanish and a Swedish onlooker are told, each in their language, that they do not play.
    let carol = discord.user("carol");
    let spanish = refused(
        &harness,
        &discord
            .in_channel(&carol, discord.channel_id())
            .locale("es-ES"),
        "d3-d4",
    )
    .await;
    assert_eq!(
        spanish,
        "No tienes ninguna partida en curso aquí. Empieza una con `/dama desafiar`, \
         `/dama desafío-abierto` o `/dama jugar-contra-bot`, o indica una con la opción \
         `partida`."
    );
    let swedish = refused(
        &harness,
        &discord
            .in_channel(&carol, discord.channel_id())
            .locale("sv-SE"),
        "d3-d4",
    )
    .await;
    assert!(
        swedish.starts_with("Du har inget pågående parti här."),
        "{swedish}"
    );
    assert!(
        discord.unknown_routes().is_empty(),
        "{:?}",
        discord.unknown_routes()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_reader_is_told_the_commands_and_options_by_the_names_their_discord_shows() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let registered = discord.registered_commands(None);
    let command = registered.first().expect("the /dama command");
    let carol = discord.user("carol");
    for (locale, challenge) in [
        ("en-US", "challenge"),
        ("tr", "davet-et"),
        ("es-ES", "desafiar"),
        ("es-419", "desafiar"),
        ("sv-SE", "utmana"),
    ] {
        // No game here: the refusal names the commands that start one, and the game option.
        let origin = discord.in_guild(&carol).locale(locale);
        let refusal = refused(&harness, &origin, "d3-d4").await;
        assert!(
            refusal.contains(&format!("`/dama {challenge}`")),
            "{locale}: {refusal}"
        );
        let spans: Vec<&str> = refusal.split('`').skip(1).step_by(2).collect();
        assert_eq!(spans.len(), 4, "{locale}: {refusal}");
        for span in &spans[..3] {
            let sub = span.strip_prefix("/dama ").expect("a command");
            assert!(
                shown_name(command["options"].as_array(), locale, sub),
                "{locale}: `{sub}` is not a subcommand registered for {locale}"
            );
        }
        let move_options = command["options"]
            .as_array()
            .and_then(|subs| subs.iter().find(|s| s["name"] == "move"))
            .and_then(|sub| sub["options"].as_array());
        assert!(
            shown_name(move_options, locale, spans[3]),
            "{locale}: `{}` is not an option of /dama move registered for {locale}",
            spans[3]
        );
    }
}

/// Whether one of `nodes` (registered subcommands or options) shows as `name` to a client in
/// `locale`: its localization there, or its own name where it has none.
fn shown_name(nodes: Option<&Vec<serde_json::Value>>, locale: &str, name: &str) -> bool {
    nodes.into_iter().flatten().any(|node| {
        node["name_localizations"][locale]
            .as_str()
            .or_else(|| node["name"].as_str())
            == Some(name)
    })
}

/// Bob challenges Ayşe, who accepts: the challenge, the announcement and the first board are
/// in the server's Turkish, the buttons too. Returns the game's thread.
async fn bob_challenges_ayse_in_turkish(
    harness: &Harness,
    bob: &FakeUser,
    ayse: &FakeUser,
) -> ChannelId {
    let discord = &harness.discord;
    let challenge = dama("challenge")
        .option("opponent", ayse)
        .option("color", "white");
    let challenged = harness.slash(&discord.in_guild(bob), &challenge).await;
    let words = challenged.content();
    assert!(
        words.contains("**bob** seni bir dama oyununa davet ediyor (puanlı"),
        "{words}"
    );
    let labels = labels(&challenged);
    assert_eq!(labels, ["Kabul et", "Reddet", "Geri çek"]);

    let message = harness.original(&challenged);
    let accepted = harness
        .click(
            &discord.in_guild(ayse).locale("tr"),
            message,
            &custom_id(&challenged.callback, "dama:accept:"),
        )
        .await;
    assert!(
        accepted
            .content()
            .ends_with("bob (Beyaz) – ayşe (Siyah)** başladı."),
        "{}",
        accepted.content()
    );
    let thread = ChannelId::new(message.get());
    let first = harness.board_posted_in(thread, 0).await;
    let text = first.content().unwrap_or_default();
    assert!(text.contains("· standart kurallar"), "{text}");
    assert!(text.contains("Oyun başlıyor. Bol şans!"), "{text}");
    let game = game_id_in(&custom_id(&first, "dama:pick:"));
    assert!(text.starts_with(&format!("**Oyun #{game}: ")), "{text}");
    let thread_name = discord.channel(thread).expect("the thread")["name"].clone();
    assert_eq!(thread_name, format!("bob – ayşe (#{game})"));
    thread
}

/// The labels of an answer's buttons.
fn labels(answer: &Answer) -> Vec<String> {
    answer
        .callback
        .components()
        .iter()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter_map(|c| c["label"].as_str().map(str::to_owned))
        .collect()
}

/// `/dama move <text>` from `origin`, refused: the words only they see.
async fn refused(harness: &Harness, origin: &Origin, text: &str) -> String {
    let answer = harness
        .slash(origin, &dama("move").option("move", text))
        .await;
    assert!(
        answer.callback.is_ephemeral(),
        "{text}: {}",
        answer.content()
    );
    answer.content().to_owned()
}

/// `/dama move <text>` from `origin`, played: the public post that tells it.
async fn played(harness: &Harness, origin: &Origin, text: &str) -> String {
    let answer = harness
        .slash(origin, &dama("move").option("move", text))
        .await;
    assert!(
        !answer.callback.is_ephemeral(),
        "{text}: {}",
        answer.content()
    );
    let post = harness.public_post(&answer).await;
    let game = post
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with("dama:resign:"))
        .map(game_id_in);
    if let Some(game) = game {
        harness.settled(game).await;
    }
    post.content().unwrap_or_default().to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_and_a_server_choose_their_languages_and_the_worker_follows_the_server() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let carol = discord.user("carol");
    let here = discord.in_guild(&carol);

    // Carol's client is in English; she chooses Turkish for herself.
    let chosen = harness
        .slash(&here, &dama("settings").option("language", "tr"))
        .await;
    assert!(chosen.callback.is_ephemeral());
    assert!(
        chosen
            .content()
            .starts_with("Artık sana bu dilde cevap vereceğim."),
        "{}",
        chosen.content()
    );
    let refusal = harness
        .slash(&here, &dama("move").option("move", "d3-d4"))
        .await;
    assert!(
        refusal
            .content()
            .starts_with("Burada süren bir oyunun yok."),
        "{}",
        refusal.content()
    );
    // A word that is not one of an option's choices is refused in her language too, not in
    // her client's.
    let theme = harness
        .slash(&here, &dama("settings").option("theme", "plaid"))
        .await;
    assert_eq!(
        theme.content(),
        "`plaid` seçeneklerden biri değil: listeden birini seç."
    );
    let back = harness
        .slash(&here, &dama("settings").option("language", "auto"))
        .await;
    assert!(
        back.content()
            .starts_with("I will answer you in your Discord language again."),
        "{}",
        back.content()
    );

    // The server chooses Spanish (Manage Server only): public posts follow, the worker's too.
    let refused = harness
        .slash(&here, &dama("server").option("language", "es"))
        .await;
    assert!(refused.callback.is_ephemeral(), "{}", refused.content());
    let manager = discord
        .in_guild(&discord.user("ada"))
        .permissions(dama_tests::member_permissions() | serenity::all::Permissions::MANAGE_GUILD);
    let set = harness
        .slash(&manager, &dama("server").option("language", "es"))
        .await;
    assert!(!set.callback.is_ephemeral());
    assert!(
        set.content()
            .starts_with("Los tableros y resultados de este servidor estarán en este idioma"),
        "{}",
        set.content()
    );
    harness.slash(&here, &dama("open")).await;
    harness
        .clock
        .advance(std::time::Duration::from_secs(24 * 3600 + 60));
    let expired = discord
        .wait_for_channel_message(discord.channel_id(), |r| {
            r.content().is_some_and(|c| c.contains("ha caducado"))
        })
        .await
        .expect("the expiry, in Spanish");
    assert_eq!(expired.content(), Some("El desafío de carol ha caducado."));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reminder_in_direct_messages_is_in_its_readers_language() {
    let harness = Harness::start().await;
    let discord = &harness.discord;
    let dave = discord.user("dave");
    let dm = discord.in_dm(&dave).locale("sv-SE");
    let started = harness
        .slash(
            &dm,
            &dama("play-bot")
                .option("level", 1_i64)
                .option("color", "white"),
        )
        .await;
    let board = harness.public_post(&started).await;
    harness
        .settled(game_id_in(&custom_id(&board, "dama:pick:")))
        .await;
    // Eighteen hours later, the sweeper's reminder comes in Swedish, with nobody acting.
    harness
        .clock
        .advance(std::time::Duration::from_secs(18 * 3600 + 60));
    let reminder = discord
        .wait_for_channel_message(discord.dm_channel_id(&dave), |r| {
            r.content().is_some_and(|c| c.contains("det är ditt drag"))
        })
        .await
        .expect("a reminder in Swedish");
    assert!(
        reminder
            .content()
            .is_some_and(|c| c.starts_with(&format!("<@{}>, det är ditt drag i **", dave.id))),
        "{:?}",
        reminder.content()
    );
}
