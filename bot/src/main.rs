//! `dama-bot`: configuration from the environment, logs, the database, the game service, and
//! the Discord client until SIGINT or SIGTERM; or one of the operator's commands (`check`,
//! `backup`, `restore`, `health`: see the `operator` module).

use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::Arc;

use dama_bot::config::Config;
use dama_bot::operator::{self, Command};
use dama_bot::{Bot, BotOptions};
use dama_engine::tables::Tables;
use dama_service::service::{GameService, ServiceConfig};
use tracing_subscriber::EnvFilter;

/// Log lines shown when `RUST_LOG` is not set.
const DEFAULT_LOG_FILTER: &str = "info";

/// How long the runtime waits, once the bot has stopped, for work on blocking threads (the
/// endgame tables being built, say) before the process exits all the same: a stop is prompt.
const BLOCKING_WORK_GRACE: std::time::Duration = std::time::Duration::from_secs(1);

fn main() -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("dama-bot: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let code = runtime.block_on(main_async());
    runtime.shutdown_timeout(BLOCKING_WORK_GRACE);
    code
}

async fn main_async() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match operator::parse(&args) {
        Ok(Command::Run) => {}
        Ok(Command::Help) => {
            println!("{}", operator::USAGE);
            return ExitCode::SUCCESS;
        }
        Ok(Command::Check) => {
            let ready = operator::check(Config::from_env(), &mut std::io::stdout()).await;
            return if ready {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            };
        }
        Ok(Command::Backup(to)) => {
            let url = match Config::database_url_from_env() {
                Ok(url) => url,
                Err(e) => {
                    eprintln!("dama-bot: {e}");
                    return ExitCode::from(2);
                }
            };
            let (mut out, mut err) = (std::io::stdout(), std::io::stderr());
            return if operator::backup(&url, &to, &mut out, &mut err).await {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            };
        }
        Ok(Command::Restore(from)) => {
            let url = match Config::database_url_from_env() {
                Ok(url) => url,
                Err(e) => {
                    eprintln!("dama-bot: {e}");
                    return ExitCode::from(2);
                }
            };
            let (mut out, mut err) = (std::io::stdout(), std::io::stderr());
            return if operator::restore(&url, &from, &mut out, &mut err).await {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            };
        }
        Ok(Command::Health) => {
            let addr = match Config::metrics_addr_from_env() {
                Ok(Some(addr)) => addr,
                Ok(None) => {
                    eprintln!(
                        "dama-bot health: DAMA_METRICS_ADDR is not set, so /healthz is not served"
                    );
                    return ExitCode::from(2);
                }
                Err(e) => {
                    eprintln!("dama-bot: {e}");
                    return ExitCode::from(2);
                }
            };
            return match operator::health(addr).await {
                Ok(()) => ExitCode::SUCCESS,
                Err(why) => {
                    eprintln!("dama-bot health: {why}");
                    ExitCode::FAILURE
                }
            };
        }
        Err(why) => {
            eprintln!("dama-bot: {why}\n\n{}", operator::USAGE);
            return ExitCode::from(2);
        }
    }
    let config = match Config::from_env() {
        Ok(config) => config,
        Err(e) => {
            eprintln!("dama-bot: {e}");
            return ExitCode::from(2);
        }
    };
    init_logs(config.log_filter.as_deref());
    match run(&config).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!("{e}");
            ExitCode::FAILURE
        }
    }
}

fn init_logs(filter: Option<&str>) {
    let filter = filter.unwrap_or(DEFAULT_LOG_FILTER);
    let filter = EnvFilter::try_new(filter).unwrap_or_else(|e| {
        eprintln!(
            "dama-bot: RUST_LOG={filter:?} is not a log filter ({e}); using {DEFAULT_LOG_FILTER:?}"
        );
        EnvFilter::new(DEFAULT_LOG_FILTER)
    });
    // Colour codes only for a person at a terminal, not in a file or the journal.
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::stdout().is_terminal())
        .init();
}

async fn run(config: &Config) -> Result<(), Box<dyn std::error::Error>> {
    // A stop asked while starting (the database slow to answer, say) is honoured at once: as a
    // container's first process the bot has no default action for SIGTERM to fall back on.
    let starting = async {
        let pool = dama_service::connect(config.database_url.expose()).await?;
        tracing::info!(database = %config.database_url, "database ready");
        let service = GameService::new(pool.clone(), ServiceConfig::default());
        load_endgame_tables(&service, config);
        let bot = Bot::new(config, service, BotOptions::default()).await?;
        Ok::<_, Box<dyn std::error::Error>>((pool, bot))
    };
    let (pool, bot) = tokio::select! {
        started = starting => started?,
        () = dama_bot::shutdown_signal() => {
            tracing::info!("stopped while starting");
            return Ok(());
        }
    };
    dama_bot::run_until_signal(bot).await?;
    pool.close().await;
    tracing::info!("stopped");
    Ok(())
}

/// Gives the computer its endgame tables in the background, without delaying the start: up
/// to 3 pieces built in memory (under a second), then the 4-piece tables read from their file,
/// or built into it on the first start. A failure is logged; the computer plays on without.
fn load_endgame_tables(service: &GameService, config: &Config) {
    let pieces = config.endgame_pieces;
    if pieces == 0 {
        return;
    }
    let (service, path) = (service.clone(), config.endgame_tables.clone());
    tokio::task::spawn_blocking(move || {
        let started = std::time::Instant::now();
        match Tables::build(pieces.min(3)) {
            Ok(tables) => service.set_endgame_tables(Arc::new(tables)),
            Err(e) => return tracing::error!(error = %e, "cannot build the endgame tables"),
        }
        tracing::info!(pieces = pieces.min(3), elapsed = ?started.elapsed(), "endgame tables ready");
        if pieces <= 3 {
            return;
        }
        match Tables::load_or_build(&path, pieces) {
            Ok(tables) => {
                service.set_endgame_tables(Arc::new(tables));
                tracing::info!(pieces, %path, elapsed = ?started.elapsed(), "endgame tables ready");
            }
            Err(e) => tracing::error!(%path, error = %e, "cannot load or build the endgame tables"),
        }
    });
}
