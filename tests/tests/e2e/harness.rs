//! The real bot against the stand-in: a [`Harness`] owns a [`FakeDiscord`], a database (a SQLite
//! file in a temporary directory, or a PostgreSQL database on the tests' throwaway server), the
//! service's hand-moved clock, and the running bot, which it can stop and start again over the
//! same database.

use std::sync::Arc;
use std::time::Duration;

use dama_bot::config::Config;
use dama_bot::{Bot, BotOptions, Stopper};
use dama_rules::{Position, Role};
use dama_service::clock::{Clock, ManualClock, SystemClock};
use dama_service::ids::GameId;
use dama_service::service::{GameService, GameView, ServiceConfig};
use dama_tests::interactions::FakeUser;
use dama_tests::oauth::CLIENT_SECRET;
use dama_tests::{FakeDiscord, Origin, Recorded, SlashCommand, eventually};
use image::RgbaImage;
use serde_json::Value;
use serenity::all::{ChannelId, InteractionId, MessageId};
use tempfile::TempDir;
use tokio::task::JoinHandle;

/// Upper bound for every wait; generous because two cores run the whole suite in debug.
pub const WAIT: Duration = Duration::from_secs(20);

/// The service's settings in tests: two searches at once, as on a machine with three cores;
/// reviews searching 3 000 nodes a position rather than 300 000, mining 3 000 a search; a
/// member on the puzzle leaderboard after one try rather than three.
fn service_config() -> ServiceConfig {
    ServiceConfig {
        engine_searches: 2,
        puzzle_leaderboard_min_tries: 1,
        review_budget: dama_engine::review::ReviewBudget::nodes(3_000),
        mining_budget: dama_engine::puzzle::MiningBudget::nodes(3_000),
        ..ServiceConfig::default()
    }
}

/// A running bot and the way to stop it.
struct Running {
    stopper: Stopper,
    task: JoinHandle<Result<(), serenity::Error>>,
    /// Where it serves the games' web pages, when it does.
    web_addr: Option<std::net::SocketAddr>,
}

impl Running {
    /// Stops it as SIGTERM would, and waits for `run` to return.
    async fn stop(self) {
        self.stopper.stop().await;
        let ended = tokio::time::timeout(WAIT, self.task)
            .await
            .expect("the bot stops in time")
            .expect("the bot's task did not panic");
        ended.expect("the bot stops without an error");
    }
}

/// The stand-in, the database and the bot.
pub struct Harness {
    pub discord: FakeDiscord,
    pub clock: Arc<ManualClock>,
    _dir: TempDir,
    url: String,
    bot: Option<Running>,
    /// Instances receiving interactions over HTTP (see [`start_http_bots`](Self::start_http_bots)).
    http_bots: Vec<Running>,
    /// How often the bot's sweeper runs.
    sweep_every: Duration,
    /// Whether the bot serves `/metrics`, `/healthz` and `/readyz` (`DAMA_METRICS_ADDR`), and
    /// where it does once started.
    monitored: bool,
    monitor_addr: Option<String>,
    /// Whether the bot serves the games' web pages (`DAMA_WEB_ADDR`), and where it does once
    /// started.
    web: Pages,
    web_addr: Option<std::net::SocketAddr>,
    /// The service over the same file, for checking what the bot stored.
    pub service: GameService,
    /// How the bot reaches the stand-in.
    reach: Reach,
}

/// How the bot reaches the stand-in's REST API.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reach {
    /// `DISCORD_API_BASE`: serenity sends to the stand-in's plain port as to a proxy, its rate
    /// limiter off.
    Proxy,
    /// As production reaches Discord: `https://discord.com`, the rate limiter on.
    AsDiscord,
}

/// Whether a harness's bot serves the games' web pages, and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pages {
    /// No pages.
    Off,
    /// Pages to watch, links under `http://dama.test`.
    Watch,
    /// Pages where players sign in with Discord (`DISCORD_CLIENT_SECRET`) and play; links
    /// under the pages' own address, so that the browser follows Discord's redirect back.
    Play,
    /// As `Play`, with the board inside Discord too (`DAMA_ACTIVITY=on`).
    Activity,
}

/// Every test ends with a check that all the bot asked of Discord, and all its HTTP endpoint
/// answered, is as Discord's published description of its API has it.
impl Drop for Harness {
    fn drop(&mut self) {
        if std::thread::panicking() {
            return;
        }
        let problems = self.discord.spec_problems();
        assert!(
            problems.is_empty(),
            "what the bot sent Discord is not as Discord's API description has it:\n{}",
            problems.join("\n")
        );
    }
}

impl Harness {
    /// A stand-in with the bot connected to it and its command registered; its sweeper runs
    /// every 100 ms.
    pub async fn start() -> Harness {
        Harness::start_sweeping_every(Duration::from_millis(100)).await
    }

    /// As [`start`](Self::start), with the sweeper running every `sweep_every` (an hour keeps
    /// it from running during a test: the test then sweeps through [`service`](Self::service)).
    pub async fn start_sweeping_every(sweep_every: Duration) -> Harness {
        Harness::start_with(sweep_every, None, false, Pages::Off).await
    }

    /// As [`start`](Self::start), with the bot serving `/metrics`, `/healthz` and `/readyz` at
    /// an address of its own (see [`monitor_url`](Self::monitor_url)).
    pub async fn start_monitored() -> Harness {
        Harness::start_with(Duration::from_millis(100), None, true, Pages::Off).await
    }

    /// As [`start_monitored`](Self::start_monitored), on PostgreSQL (see
    /// [`start_on_postgres`](Self::start_on_postgres)).
    pub async fn start_monitored_on_postgres() -> Harness {
        Harness::start_with(
            Duration::from_millis(100),
            Some(postgres_database()),
            true,
            Pages::Off,
        )
        .await
    }

    /// The URL of `path` (`/metrics`, `/healthz`, `/readyz`) at the running bot's
    /// `DAMA_METRICS_ADDR`.
    pub fn monitor_url(&self, path: &str) -> String {
        let addr = self.monitor_addr.as_deref().expect("a monitored bot");
        format!("http://{addr}{path}")
    }

    /// As [`start`](Self::start), with the games' web pages on (`DAMA_WEB_ADDR` at a free
    /// port, links under `http://dama.test`): see [`web_url`](Self::web_url).
    pub async fn start_with_web() -> Harness {
        Harness::start_with(Duration::from_millis(100), None, false, Pages::Watch).await
    }

    /// As [`start_with_web`](Self::start_with_web), where players sign in with Discord (the
    /// stand-in's OAuth2 pages) and play on the pages; links are under the pages' own address.
    pub async fn start_with_web_sign_in() -> Harness {
        Harness::start_with(Duration::from_millis(100), None, false, Pages::Play).await
    }

    /// As [`start_with_web_sign_in`](Self::start_with_web_sign_in), with the Activity on
    /// (`DAMA_ACTIVITY=on`): its URL mapping's target is [`web_url`](Self::web_url)`("/activity")`.
    pub async fn start_with_activity() -> Harness {
        Harness::start_with(Duration::from_millis(100), None, false, Pages::Activity).await
    }

    /// As [`start_with_web`](Self::start_with_web), on PostgreSQL (see
    /// [`start_on_postgres`](Self::start_on_postgres)); the instances that
    /// [`start_http_bots`](Self::start_http_bots) adds serve the web pages too.
    pub async fn start_with_web_on_postgres() -> Harness {
        Harness::start_with(
            Duration::from_millis(100),
            Some(postgres_database()),
            false,
            Pages::Watch,
        )
        .await
    }

    /// The URL of `path` at the running bot's web pages.
    pub fn web_url(&self, path: &str) -> String {
        let addr = self.web_addr.expect("a bot serving web pages");
        format!("http://{addr}{path}")
    }

    /// The URL of `path` at the web pages of the `i`-th instance started by
    /// [`start_http_bots`](Self::start_http_bots) (with the web on).
    pub fn http_bot_web_url(&self, i: usize, path: &str) -> String {
        let addr = self.http_bots[i]
            .web_addr
            .expect("an instance serving web pages");
        format!("http://{addr}{path}")
    }

    /// As [`start`](Self::start), over a fresh database on the tests' throwaway PostgreSQL
    /// server instead of a SQLite file.
    pub async fn start_on_postgres() -> Harness {
        Harness::start_with(
            Duration::from_millis(100),
            Some(postgres_database()),
            false,
            Pages::Off,
        )
        .await
    }

    /// As [`start`](Self::start), the bot reaching the stand-in as production reaches Discord:
    /// `https://discord.com` (resolved to the stand-in, whose test authority it trusts), with
    /// serenity's rate limiter on, reading the stand-in's `X-RateLimit-*` and `Retry-After`.
    pub async fn start_as_discord() -> Harness {
        Harness::start_reaching(
            Duration::from_millis(100),
            None,
            true,
            Pages::Off,
            Reach::AsDiscord,
        )
        .await
    }

    /// The stand-in and a bot sweeping every `sweep_every` over the database at `url` (a new
    /// SQLite file when `None`), `monitored` or not, serving the `web` pages or not. Without
    /// pages the bot reaches the stand-in as production reaches Discord (rate limiter on);
    /// with them as a proxy (`DISCORD_API_BASE`), which the pages' sign-in needs to find the
    /// stand-in's OAuth2 routes, so that the proxy's path stays under test too.
    async fn start_with(
        sweep_every: Duration,
        url: Option<String>,
        monitored: bool,
        web: Pages,
    ) -> Harness {
        let reach = if web == Pages::Off {
            Reach::AsDiscord
        } else {
            Reach::Proxy
        };
        Harness::start_reaching(sweep_every, url, monitored, web, reach).await
    }

    /// As [`start_with`](Self::start_with), reaching the stand-in as `reach` says.
    async fn start_reaching(
        sweep_every: Duration,
        url: Option<String>,
        monitored: bool,
        web: Pages,
        reach: Reach,
    ) -> Harness {
        let _ = tracing_subscriber::fmt()
            .with_env_filter(
                tracing_subscriber::EnvFilter::try_from_default_env()
                    .unwrap_or_else(|_| "warn,dama_tests=warn".into()),
            )
            .with_test_writer()
            .try_init();
        let discord = FakeDiscord::start().await.expect("the stand-in binds");
        discord.set_wait_timeout(WAIT);
        if web == Pages::Activity {
            discord.enable_activities();
        }
        let dir = tempfile::tempdir().expect("temporary directory");
        let url =
            url.unwrap_or_else(|| format!("sqlite://{}", dir.path().join("dama.db").display()));
        let clock = Arc::new(ManualClock::new(SystemClock.now()));
        let pool = dama_service::connect(&url).await.expect("database");
        let service = GameService::with_clock(pool, service_config(), clock.clone());
        let mut harness = Harness {
            discord,
            clock,
            _dir: dir,
            url,
            bot: None,
            http_bots: Vec::new(),
            sweep_every,
            monitored,
            monitor_addr: None,
            web,
            web_addr: None,
            service,
            reach,
        };
        harness.start_bot().await;
        harness
    }

    /// Starts a bot process-alike: a new pool and service over the same file, a new client.
    pub async fn start_bot(&mut self) {
        assert!(self.bot.is_none(), "a bot is already running");
        let readies = self.discord.gateway_status().readies;
        let registrations = self.registrations();
        let pool = dama_service::connect(&self.url).await.expect("database");
        let service = GameService::with_clock(pool, service_config(), self.clock.clone());
        let mut more = Vec::new();
        if self.monitored {
            let addr = format!("127.0.0.1:{}", free_port());
            more.push(("DAMA_METRICS_ADDR", addr.clone()));
            self.monitor_addr = Some(addr);
        }
        if matches!(self.web, Pages::Play | Pages::Activity) {
            let addr = format!("127.0.0.1:{}", free_port());
            more.push(("DAMA_PUBLIC_URL", format!("http://{addr}")));
            more.push(("DAMA_WEB_ADDR", addr));
            more.push(("DISCORD_CLIENT_SECRET", CLIENT_SECRET.to_owned()));
            if self.web == Pages::Activity {
                more.push(("DAMA_ACTIVITY", "on".to_owned()));
            }
        } else if self.web == Pages::Watch {
            more.push(("DAMA_WEB_ADDR", "127.0.0.1:0".to_owned()));
            more.push(("DAMA_PUBLIC_URL", "http://dama.test".to_owned()));
        }
        let config = self.bot_config(&more);
        let options = BotOptions {
            sweep_every: self.sweep_every,
        };
        // A clone shares the bot's view of its connection (see the wait below).
        let bots_service = service.clone();
        let bot = Bot::new(&config, service, options)
            .await
            .expect("the bot builds");
        self.web_addr = bot.web_addr();
        let web_addr = self.web_addr;
        let stopper = bot.stopper();
        let task = tokio::spawn(bot.run());
        self.discord
            .wait_for_gateway("the bot's READY", |s| s.readies > readies)
            .await
            .expect("the bot connects");
        self.discord
            .wait_for_nth_request("the command registration", registrations, |r| {
                is_registration(r)
            })
            .await
            .expect("the bot registers its command");
        // Until the bot sees its gateway connected, moving the clock would count as an outage.
        eventually(
            "the bot sees its gateway connected",
            async || match bots_service.outage_since() {
                None => Ok(()),
                Some(since) => Err(since),
            },
        )
        .await;
        self.bot = Some(Running {
            stopper,
            task,
            web_addr,
        });
    }

    /// Starts `n` more instances over the same database that receive interactions over HTTP,
    /// each on its own port, and has the stand-in spread interactions over them (signed with
    /// its test key). With the web on, each serves the web pages too (see
    /// [`http_bot_web_url`](Self::http_bot_web_url)). Their URLs, in order.
    pub async fn start_http_bots(&mut self, n: usize) -> Vec<String> {
        let mut urls = Vec::new();
        for _ in 0..n {
            let port = free_port();
            let pool = dama_service::connect(&self.url).await.expect("database");
            let service = GameService::with_clock(pool, service_config(), self.clock.clone());
            let addr = format!("127.0.0.1:{port}");
            let mut more = vec![
                ("DISCORD_PUBLIC_KEY", self.discord.interactions_public_key()),
                ("DAMA_HTTP_ADDR", addr.clone()),
            ];
            if self.web != Pages::Off {
                more.push(("DAMA_WEB_ADDR", "127.0.0.1:0".to_owned()));
                more.push(("DAMA_PUBLIC_URL", "http://dama.test".to_owned()));
            }
            let config = self.bot_config(&more);
            let options = BotOptions {
                sweep_every: self.sweep_every,
            };
            let bot = Bot::new(&config, service, options)
                .await
                .expect("the bot builds");
            let web_addr = bot.web_addr();
            let stopper = bot.stopper();
            let task = tokio::spawn(bot.run());
            // Listening once a connection is accepted.
            eventually(&format!("the HTTP bot listens on {addr}"), async || {
                tokio::net::TcpStream::connect(&addr).await
            })
            .await;
            self.http_bots.push(Running {
                stopper,
                task,
                web_addr,
            });
            urls.push(format!("http://{addr}{}", dama_discord::endpoint::PATH));
        }
        self.discord.deliver_interactions_to(&urls);
        urls
    }

    /// Stops the `i`-th instance started by [`start_http_bots`](Self::start_http_bots), as if
    /// it crashed between two requests; interactions then go to the others.
    pub async fn stop_http_bot(&mut self, i: usize, urls: &mut Vec<String>) {
        let running = self.http_bots.remove(i);
        running.stop().await;
        urls.remove(i);
        self.discord.deliver_interactions_to(urls);
    }

    /// The bot's configuration: the stand-in's token and address, the test database, and
    /// `more` variables.
    fn bot_config(&self, more: &[(&str, String)]) -> Config {
        let mut vars: Vec<(String, String)> = vec![
            ("DISCORD_TOKEN".to_owned(), self.discord.token().to_owned()),
            ("DATABASE_URL".to_owned(), self.url.clone()),
        ];
        if self.reach == Reach::Proxy {
            vars.push((
                "DISCORD_API_BASE".to_owned(),
                self.discord.base_url().to_owned(),
            ));
        }
        vars.extend(more.iter().map(|(k, v)| ((*k).to_owned(), v.clone())));
        let mut config = Config::from_lookup(move |key| {
            vars.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone())
        })
        .expect("configuration");
        if self.reach == Reach::AsDiscord {
            config.discord_client = Some(self.discord.discord_client());
        }
        config
    }

    /// Stops the bot as SIGTERM would: the shards shut down and `run` returns.
    pub async fn stop_bot(&mut self) {
        self.bot.take().expect("a running bot").stop().await;
    }

    /// The bot's database, for tests that act on it from outside (a second connection).
    pub fn database_url(&self) -> &str {
        &self.url
    }

    fn registrations(&self) -> usize {
        self.discord
            .requests()
            .iter()
            .filter(|r| is_registration(r))
            .count()
    }

    /// Dispatches a slash command and waits for its answer (the callback).
    pub async fn slash(&self, origin: &Origin, command: &SlashCommand) -> Answer {
        let id = self.discord.dispatch_slash_command(origin, command);
        self.answer(id).await
    }

    /// Clicks a button and waits for the answer.
    pub async fn click(&self, origin: &Origin, message: MessageId, custom_id: &str) -> Answer {
        let id = self
            .discord
            .dispatch_button(origin, message, custom_id)
            .unwrap_or_else(|e| panic!("cannot click {custom_id}: {e}"));
        self.answer(id).await
    }

    /// Chooses `value` in a select menu and waits for the answer.
    pub async fn select(
        &self,
        origin: &Origin,
        message: MessageId,
        custom_id: &str,
        value: &str,
    ) -> Answer {
        let id = self
            .discord
            .dispatch_select(origin, message, custom_id, &[value])
            .unwrap_or_else(|e| panic!("cannot choose {value} in {custom_id}: {e}"));
        self.answer(id).await
    }

    /// The callback of interaction `id`.
    pub async fn answer(&self, id: InteractionId) -> Answer {
        let callback = self
            .discord
            .wait_for_interaction_response(id)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        Answer { id, callback }
    }

    /// The public message an interaction led to in its own channel: the response itself, the
    /// edit of a deferred response, or (after an update) the first follow-up.
    /// When it is a game's board, this returns once the bot has recorded the game's news as
    /// delivered (see [`settled`](Self::settled)), so that the next action's answer carries its
    /// own board.
    pub async fn public_post(&self, answer: &Answer) -> Recorded {
        let post = match answer.callback.callback_type() {
            Some(4) => answer.callback.clone(),
            Some(5) => self
                .discord
                .wait_for_original_edit(answer.id, |_| true)
                .await
                .unwrap_or_else(|e| panic!("{e}")),
            _ => self
                .discord
                .wait_for_followup(answer.id, 0)
                .await
                .unwrap_or_else(|e| panic!("{e}")),
        };
        self.settle_board(&post).await;
        post
    }

    /// `user` plays `text` with `/dama move` in `thread`: the public post it led to.
    pub async fn moved(&self, user: &FakeUser, thread: ChannelId, text: &str) -> Recorded {
        let origin = self.discord.in_channel(user, thread);
        let answer = self
            .slash(&origin, &dama("move").option("move", text))
            .await;
        self.public_post(&answer).await
    }

    /// Waits for the news of the game whose board `post` is (if it is one) to settle.
    async fn settle_board(&self, post: &Recorded) {
        let game = post
            .custom_ids()
            .into_iter()
            .find(|id| id.starts_with("dama:resign:"))
            .map(game_id_in);
        if let Some(game) = game {
            self.settled(game).await;
        }
    }

    /// The `n`-th (from 0) message with a board posted straight into `channel`, once the bot
    /// has recorded its game's news as delivered (see [`settled`](Self::settled)).
    pub async fn board_posted_in(&self, channel: ChannelId, n: usize) -> Recorded {
        let path = format!("/channels/{channel}/messages");
        let board = self
            .discord
            .wait_for_nth_request(&format!("board #{n} in {channel}"), n, |r| {
                r.succeeded()
                    && r.method == "POST"
                    && r.api_path() == path
                    && r.file("board.png").is_some()
            })
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        self.settle_board(&board).await;
        board
    }

    /// The message a recorded request created or edited, by the id the stand-in answered.
    pub fn message_of(&self, recorded: &Recorded) -> MessageId {
        MessageId::new(recorded.response_id().expect("the request made a message"))
    }

    /// The message id of an interaction's original response.
    pub fn original(&self, answer: &Answer) -> MessageId {
        self.discord
            .original_response_id(answer.id)
            .expect("the interaction has a response message")
    }

    /// Waits until every notice of game `id` has reached people and been recorded so: the
    /// next action's news then goes out as that action's own answer, not after a backlog.
    pub async fn settled(&self, id: i64) {
        eventually(&format!("game {id}'s notices delivered"), async || {
            let left = self
                .service
                .undelivered_notices(GameId(id))
                .await
                .expect("the outbox reads");
            if left == 0 {
                Ok(())
            } else {
                Err(format!("{left} notices still undelivered"))
            }
        })
        .await;
    }

    /// The only game in the database, as it stands.
    pub async fn game(&self, id: i64) -> GameView {
        self.service
            .game(GameId(id))
            .await
            .expect("the game exists")
    }
}

fn is_registration(r: &Recorded) -> bool {
    r.succeeded() && r.method == "PUT" && r.api_path().ends_with("/commands")
}

/// An interaction and its callback.
#[derive(Debug, Clone)]
pub struct Answer {
    pub id: InteractionId,
    pub callback: Recorded,
}

impl Answer {
    /// The callback's text.
    pub fn content(&self) -> &str {
        self.callback.content().unwrap_or_default()
    }
}

/// `/dama <sub>`.
pub fn dama(sub: &str) -> SlashCommand {
    SlashCommand::new("dama").subcommand(sub)
}

/// `/dama tournament <sub>`.
pub fn tournament(sub: &str) -> SlashCommand {
    SlashCommand::new("dama")
        .group("tournament")
        .subcommand(sub)
}

/// Waits for a message in `channel` whose text contains `words`, and returns its text.
pub async fn posted(harness: &Harness, channel: ChannelId, words: &str) -> String {
    let what = format!("a message with {words:?} in {channel}");
    eventually(&what, async || {
        harness
            .discord
            .messages_in(channel)
            .into_iter()
            .filter_map(|m| m["content"].as_str().map(str::to_owned))
            .find(|c| c.contains(words))
    })
    .await
}

/// The custom ids of a message's components whose id starts with `prefix`.
pub fn custom_id(recorded: &Recorded, prefix: &str) -> String {
    recorded
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with(prefix))
        .unwrap_or_else(|| panic!("no {prefix} component in {:?}", recorded.custom_ids()))
        .to_owned()
}

/// The options (`value`s) of the select menu `custom_id` in a recorded message.
pub fn select_values(recorded: &Recorded, custom_id: &str) -> Vec<String> {
    recorded
        .components()
        .iter()
        .filter_map(|row| row["components"].as_array())
        .flatten()
        .filter(|c| c["custom_id"] == custom_id)
        .filter_map(|c| c["options"].as_array())
        .flatten()
        .filter_map(|o| o["value"].as_str().map(str::to_owned))
        .collect()
}

/// The id of the game a component or message belongs to: the number after the verb.
pub fn game_id_in(custom_id: &str) -> i64 {
    custom_id
        .split(':')
        .nth(2)
        .and_then(|id| id.parse().ok())
        .unwrap_or_else(|| panic!("no game id in {custom_id}"))
}

/// What stands on a square of a posted board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seen {
    Empty,
    White(Role),
    Black(Role),
}

/// Decodes a posted board and reads every square as a reader would, without asking the
/// renderer: a square mostly covered by nearly white pixels holds a white piece, nearly black
/// ones a black piece, and a gold centre is a king's crown. Sampling a whole disc keeps the
/// last-move path and the move markers from deceiving it.
pub fn read_board(png: &[u8], flip: bool) -> [Seen; 64] {
    let image: RgbaImage = image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .expect("the board decodes as a PNG")
        .to_rgba8();
    assert_eq!(image.width(), image.height(), "a square picture");
    let geometry = dama_render::Geometry::new(image.width());
    let radius = f64::from(geometry.square_size()) * 0.3;
    let rgb = |x: u32, y: u32| {
        let [r, g, b, _] = image.get_pixel(x, y).0;
        (u32::from(r), u32::from(g), u32::from(b))
    };
    let mut seen = [Seen::Empty; 64];
    for sq in dama_rules::Square::all() {
        let (cx, cy) = geometry.square_center(sq, flip);
        let (mut white, mut black, mut total) = (0, 0, 0);
        for i in -6_i32..=6 {
            for j in -6_i32..=6 {
                let (dx, dy) = (f64::from(i) / 6.0 * radius, f64::from(j) / 6.0 * radius);
                if dx.hypot(dy) > radius {
                    continue;
                }
                let (x, y) = (f64::from(cx) + dx, f64::from(cy) + dy);
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                let (r, g, b) = rgb(x.round() as u32, y.round() as u32);
                total += 1;
                if r > 225 && g > 220 && b > 205 {
                    white += 1;
                } else if r + g + b < 3 * 90 {
                    black += 1;
                }
            }
        }
        let (r, g, b) = rgb(cx, cy);
        let role = if r > 200 && (140..=225).contains(&g) && b < 90 {
            Role::King
        } else {
            Role::Man
        };
        seen[usize::from(sq.index())] = if white * 4 >= total {
            Seen::White(role)
        } else if black * 4 >= total {
            Seen::Black(role)
        } else {
            Seen::Empty
        };
    }
    seen
}

/// What a board picture of `position` must show.
pub fn expected(position: &Position) -> [Seen; 64] {
    let mut seen = [Seen::Empty; 64];
    for (sq, piece) in position.board().iter() {
        seen[usize::from(sq.index())] = match piece.color {
            dama_rules::Color::White => Seen::White(piece.role),
            dama_rules::Color::Black => Seen::Black(piece.role),
        };
    }
    seen
}

/// Asserts that the `board.png` of `recorded` shows `position` (White at the bottom unless
/// `flip`).
pub fn assert_shows(recorded: &Recorded, position: &Position, flip: bool) {
    let png = &recorded.file("board.png").expect("a board.png").bytes;
    let shown = read_board(png, flip);
    let wanted = expected(position);
    let wrong: Vec<String> = dama_rules::Square::all()
        .filter(|sq| shown[usize::from(sq.index())] != wanted[usize::from(sq.index())])
        .map(|sq| {
            format!(
                "{sq}: shows {:?}, should be {:?}",
                shown[usize::from(sq.index())],
                wanted[usize::from(sq.index())]
            )
        })
        .collect();
    assert!(
        wrong.is_empty(),
        "the board of {position} is wrong: {wrong:?}"
    );
}

/// The JSON of a message as the stand-in holds it now.
pub fn message_json(harness: &Harness, id: MessageId) -> Value {
    harness.discord.message(id).expect("the message exists")
}

/// Saves the files of `recorded` as `<name>-<file>`, and its words as `<name>.txt`, in the
/// directory named by `DAMA_E2E_SAVE_DIR`, if set, to look at what the bot posted.
pub fn keep(recorded: &Recorded, name: &str) {
    let Some(dir) = std::env::var_os("DAMA_E2E_SAVE_DIR") else {
        return;
    };
    let dir = std::path::Path::new(&dir);
    let write = |path: std::path::PathBuf, bytes: &[u8]| {
        std::fs::write(&path, bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    };
    for file in &recorded.files {
        write(dir.join(format!("{name}-{}", file.filename)), &file.bytes);
    }
    if let Some(words) = recorded.content() {
        write(dir.join(format!("{name}.txt")), words.as_bytes());
    }
}

/// A port nobody listens on now.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// A fresh database on the tests' throwaway PostgreSQL server.
fn postgres_database() -> String {
    dama_test_postgres::Server::shared()
        .and_then(|server| server.fresh_database())
        .unwrap_or_else(|e| {
            panic!("no throwaway PostgreSQL server ({e}); Debian's `postgresql` package has one")
        })
}
