//! Runs the Discord stand-in on its own, for checking the `dama-bot` binary by hand:
//!
//! ```text
//! cargo run -p dama-tests --example standin          # prints DISCORD_TOKEN=… DISCORD_API_BASE=…
//! DISCORD_TOKEN=… DISCORD_API_BASE=… cargo run --release -p dama-bot   # in another terminal
//! ```
//!
//! Once the bot has connected and registered its command, the stand-in sends it `/dama rules`
//! and `/dama play-bot` and prints the answers, then serves until Ctrl-C (so the bot can be
//! stopped first, and seen to close its connection). It exits with 0 if the bot answered both.

use std::process::ExitCode;
use std::time::Duration;

use dama_tests::{FakeDiscord, SlashCommand};

#[tokio::main]
async fn main() -> ExitCode {
    let discord = match FakeDiscord::start().await {
        Ok(discord) => discord,
        Err(e) => {
            eprintln!("cannot start the stand-in: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "DISCORD_TOKEN={} DISCORD_API_BASE={}",
        discord.token(),
        discord.base_url()
    );
    println!("waiting up to 10 minutes for a bot to connect…");
    discord.set_wait_timeout(Duration::from_secs(600));
    if let Err(e) = discord.wait_for_ready().await {
        eprintln!("{e}");
        return ExitCode::FAILURE;
    }
    let registered = discord
        .wait_for_request("the command registration", |r| {
            r.method == "PUT" && r.api_path().ends_with("/commands")
        })
        .await;
    if let Err(e) = registered {
        eprintln!("{e}");
        return ExitCode::FAILURE;
    }
    println!("the bot connected and registered /dama");
    discord.set_wait_timeout(Duration::from_secs(20));
    let user = discord.user("newcomer");
    let mut answered = true;
    for sub in ["rules", "play-bot"] {
        let command = SlashCommand::new("dama").subcommand(sub);
        let id = discord.dispatch_slash_command(&discord.in_guild(&user), &command);
        match discord.wait_for_interaction_response(id).await {
            Ok(reply) => {
                let first_line = reply.content().and_then(|c| c.lines().next()).unwrap_or("");
                println!(
                    "/dama {sub}: answered (type {:?}): {first_line}",
                    reply.callback_type()
                );
            }
            Err(e) => {
                eprintln!("/dama {sub}: {e}");
                answered = false;
            }
        }
    }
    println!("serving until Ctrl-C");
    let _ = tokio::signal::ctrl_c().await;
    let status = discord.gateway_status();
    println!(
        "gateway: {} connection(s), {} READY, session {}",
        status.connections,
        status.readies,
        if status.session_id.is_some() {
            "open"
        } else {
            "closed"
        }
    );
    if answered {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
