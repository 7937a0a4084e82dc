//! The real bot with its web pages, for the benchmarks of the pages (`web_live`, `web_soak`):
//! started over a database, its pages at an address, connected to the stand-in's gateway.

use dama_bot::config::Config;
use dama_bot::{BotOptions, Stopper};
use dama_service::service::GameService;
use dama_tests::FakeDiscord;
use dama_tests::oauth::CLIENT_SECRET;

/// The running bot: its stopper, its task, and a service over its database.
pub struct Running {
    pub stopper: Stopper,
    pub task: tokio::task::JoinHandle<()>,
    pub service: GameService,
}

/// The real bot acting through `service`, its web pages at `web` (links under that address,
/// sign-in with the stand-in's OAuth2 pages), with `more` settings besides, once it is
/// connected to the stand-in's gateway and has registered its command.
pub async fn start(
    discord: &FakeDiscord,
    service: GameService,
    web: &str,
    more: Vec<(&'static str, String)>,
) -> Running {
    let mut vars: Vec<(&str, String)> = vec![
        ("DISCORD_TOKEN", discord.token().to_owned()),
        ("DISCORD_API_BASE", discord.base_url().to_owned()),
        ("DISCORD_CLIENT_SECRET", CLIENT_SECRET.to_owned()),
        ("DAMA_WEB_ADDR", web.to_owned()),
        ("DAMA_PUBLIC_URL", format!("http://{web}")),
    ];
    vars.extend(more);
    let config = Config::from_lookup(move |name| {
        vars.iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v.clone())
    })
    .expect("configuration");
    let bot = dama_bot::Bot::new(&config, service.clone(), BotOptions::default())
        .await
        .expect("the bot builds");
    let stopper = bot.stopper();
    let task = tokio::spawn(async move {
        if let Err(e) = bot.run().await {
            eprintln!("the bot stopped: {e}");
        }
    });
    discord.wait_for_ready().await.expect("the bot connects");
    discord
        .wait_for_request("the command registration", |r| {
            r.method == "PUT" && r.api_path().ends_with("/commands")
        })
        .await
        .expect("the bot registers its command");
    Running {
        stopper,
        task,
        service,
    }
}
