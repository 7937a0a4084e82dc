//! Smoke test of the Discord stand-in with a real serenity client.
//!
//! The client is a minimal `EventHandler` defined here (not the project's bot), wired exactly as
//! `DISCORD.md` says: `HttpBuilder::new(token).proxy(url).ratelimiter_disabled(true)` and
//! `ClientBuilder::new_with_http`. That serenity receives READY and each interaction and that
//! its replies parse proves the stand-in's payloads and answers are complete.

use std::time::Duration;

use dama_tests::{Cut, FakeDiscord, FakeUser, SlashCommand, eventually};
use serenity::all::{
    ChannelId, CommandInteraction, CommandOptionType, ComponentInteraction,
    ComponentInteractionDataKind, Context, CreateActionRow, CreateAttachment,
    CreateAutocompleteResponse, CreateButton, CreateCommand, CreateCommandOption,
    CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    CreateMessage, CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption, CreateThread,
    EditInteractionResponse, EventHandler, GatewayIntents, Interaction, Nonce, Ready,
    ResolvedValue,
};
use serenity::async_trait;
use serenity::client::{Client, ClientBuilder};
use serenity::http::{HttpBuilder, HttpError};
use serenity::model::application::Command;
use tokio::sync::mpsc;
use tokio::time::timeout;

/// A tiny valid PNG header (what matters is that the bytes arrive unchanged).
const PNG: &[u8] =
    b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x08\0\0\0\x08\x08\x06\0\0\0\xc4\x0f\xbe\x8b";

/// Upper bound for every wait in this file.
const WAIT: Duration = Duration::from_secs(15);

/// What the handler saw or did, reported to the test.
#[derive(Debug)]
enum Report {
    Ready {
        user: String,
        guilds: usize,
    },
    CommandsRegistered(Vec<String>),
    Command {
        name: String,
        opponent: Option<String>,
        in_guild: bool,
    },
    ThreadCreated(ChannelId),
    Failed(String),
}

struct Handler {
    reports: mpsc::UnboundedSender<Report>,
}

impl Handler {
    fn report(&self, report: Report) {
        // The test may be over already; then nobody listens.
        let _ = self.reports.send(report);
    }

    fn check<T>(&self, what: &str, result: serenity::Result<T>) -> Option<T> {
        result
            .map_err(|e| self.report(Report::Failed(format!("{what}: {e}"))))
            .ok()
    }

    async fn command(&self, ctx: &Context, command: &CommandInteraction) {
        let options = command.data.options();
        let (sub, sub_options) = match options.first().map(|o| (o.name, &o.value)) {
            Some((name, ResolvedValue::SubCommand(options))) => (name, options.as_slice()),
            _ => ("", &[][..]),
        };
        let opponent = sub_options.iter().find_map(|o| match o.value {
            ResolvedValue::User(user, _) => Some(user.name.clone()),
            _ => None,
        });
        self.report(Report::Command {
            name: format!("{} {sub}", command.data.name),
            opponent: opponent.clone(),
            in_guild: command.guild_id.is_some(),
        });
        match sub {
            "play" => {
                let buttons = CreateActionRow::Buttons(vec![
                    CreateButton::new("resign").label("Resign"),
                    CreateButton::new("thread").label("Open a thread"),
                ]);
                let select = CreateActionRow::SelectMenu(CreateSelectMenu::new(
                    "move",
                    CreateSelectMenuKind::String {
                        options: vec![
                            CreateSelectMenuOption::new("c3-d4", "c3d4"),
                            CreateSelectMenuOption::new("e3-f4", "e3f4"),
                        ],
                    },
                ));
                let message = CreateInteractionResponseMessage::new()
                    .content(format!(
                        "{} vs {}",
                        command.user.name,
                        opponent.as_deref().unwrap_or("?")
                    ))
                    .add_file(CreateAttachment::bytes(PNG, "board.png"))
                    .components(vec![buttons, select]);
                let response = CreateInteractionResponse::Message(message);
                self.check(
                    "play response",
                    command.create_response(&ctx.http, response).await,
                );
            }
            "stats" => {
                // Defer (ephemeral), edit the original, then a follow-up.
                let defer = CreateInteractionResponse::Defer(
                    CreateInteractionResponseMessage::new().ephemeral(true),
                );
                self.check("defer", command.create_response(&ctx.http, defer).await);
                let edit = EditInteractionResponse::new().content("0 games played");
                self.check("edit", command.edit_response(&ctx.http, edit).await);
                let followup = CreateInteractionResponseFollowup::new()
                    .content("Play one with /dama play")
                    .ephemeral(true);
                self.check(
                    "followup",
                    command.create_followup(&ctx.http, followup).await,
                );
            }
            _ => {}
        }
    }

    async fn autocomplete(&self, ctx: &Context, command: &CommandInteraction) {
        let typed = command
            .data
            .autocomplete()
            .map(|o| o.value.to_owned())
            .unwrap_or_default();
        let choices = ["italian", "russian", "turkish"]
            .into_iter()
            .filter(|name| name.starts_with(&typed))
            .fold(CreateAutocompleteResponse::new(), |response, name| {
                response.add_string_choice(name, name)
            });
        let response = CreateInteractionResponse::Autocomplete(choices);
        self.check(
            "autocomplete",
            command.create_response(&ctx.http, response).await,
        );
    }

    async fn component(&self, ctx: &Context, component: &ComponentInteraction) {
        match (&component.data.kind, component.data.custom_id.as_str()) {
            (ComponentInteractionDataKind::Button, "resign") => {
                let update = CreateInteractionResponseMessage::new()
                    .content(format!("{} resigned", component.user.name))
                    .components(vec![]);
                let response = CreateInteractionResponse::UpdateMessage(update);
                self.check(
                    "resign",
                    component.create_response(&ctx.http, response).await,
                );
            }
            (ComponentInteractionDataKind::Button, "thread") => {
                let ack = CreateInteractionResponse::Acknowledge;
                self.check("ack", component.create_response(&ctx.http, ack).await);
                let post = CreateMessage::new()
                    .content("Game board")
                    .add_file(CreateAttachment::bytes(PNG, "board.png"));
                let Some(message) = self.check(
                    "post",
                    component.channel_id.send_message(&ctx.http, post).await,
                ) else {
                    return;
                };
                let thread = CreateThread::new("alice vs bob")
                    .auto_archive_duration(serenity::model::channel::AutoArchiveDuration::OneDay);
                let created = component
                    .channel_id
                    .create_thread_from_message(&ctx.http, message.id, thread)
                    .await;
                if let Some(thread) = self.check("thread", created) {
                    let first = CreateMessage::new().content("Good luck!");
                    self.check(
                        "thread post",
                        thread.id.send_message(&ctx.http, first).await,
                    );
                    self.report(Report::ThreadCreated(thread.id));
                }
            }
            (ComponentInteractionDataKind::StringSelect { values }, "move") => {
                let update = CreateInteractionResponseMessage::new()
                    .content(format!("played {}", values.join(",")));
                let response = CreateInteractionResponse::UpdateMessage(update);
                self.check("move", component.create_response(&ctx.http, response).await);
            }
            (kind, id) => self.report(Report::Failed(format!(
                "unexpected component {id} {kind:?}"
            ))),
        }
    }
}

#[async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, ready: Ready) {
        self.report(Report::Ready {
            user: ready.user.name.clone(),
            guilds: ready.guilds.len(),
        });
        let dama = CreateCommand::new("dama")
            .description("Turkish draughts")
            .add_option(
                CreateCommandOption::new(CommandOptionType::SubCommand, "play", "Start a game")
                    .add_sub_option(
                        CreateCommandOption::new(CommandOptionType::User, "opponent", "Who")
                            .required(true),
                    )
                    .add_sub_option(
                        CreateCommandOption::new(CommandOptionType::String, "opening", "Opening")
                            .set_autocomplete(true),
                    ),
            )
            .add_option(CreateCommandOption::new(
                CommandOptionType::SubCommand,
                "stats",
                "Your games",
            ));
        if let Some(commands) = self.check(
            "register",
            Command::set_global_commands(&ctx.http, vec![dama]).await,
        ) {
            self.report(Report::CommandsRegistered(
                commands.into_iter().map(|c| c.name).collect(),
            ));
        }
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        match &interaction {
            Interaction::Command(command) => self.command(&ctx, command).await,
            Interaction::Autocomplete(command) => self.autocomplete(&ctx, command).await,
            Interaction::Component(component) => self.component(&ctx, component).await,
            other => self.report(Report::Failed(format!("unexpected interaction {other:?}"))),
        }
    }
}

/// Starts the stand-in and a serenity client connected to it; returns the handler's reports.
async fn start() -> (FakeDiscord, mpsc::UnboundedReceiver<Report>) {
    let discord = start_discord().await;
    let reports = connect(&discord).await;
    (discord, reports)
}

/// Starts the stand-in, with logs (`RUST_LOG`) shown for failing tests.
async fn start_discord() -> FakeDiscord {
    let _ = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "warn,dama_tests=info".into()),
        )
        .with_test_writer()
        .try_init();
    FakeDiscord::start().await.expect("bind the stand-in")
}

/// Starts a serenity client against `discord`; returns the handler's reports.
async fn connect(discord: &FakeDiscord) -> mpsc::UnboundedReceiver<Report> {
    let (reports, rx) = mpsc::unbounded_channel();
    // Exactly as DISCORD.md says.
    let http = HttpBuilder::new(discord.token())
        .proxy(discord.base_url())
        .ratelimiter_disabled(true)
        .build();
    let mut client: Client = ClientBuilder::new_with_http(http, GatewayIntents::GUILDS)
        .event_handler(Handler { reports })
        .await
        .expect("build the serenity client");
    tokio::spawn(async move {
        if let Err(e) = client.start().await {
            eprintln!("serenity client stopped: {e}");
        }
    });
    rx
}

async fn next_report(reports: &mut mpsc::UnboundedReceiver<Report>) -> Report {
    match timeout(WAIT, reports.recv()).await {
        Ok(Some(Report::Failed(why))) => panic!("the handler failed: {why}"),
        Ok(Some(report)) => report,
        Ok(None) => panic!("the handler is gone"),
        Err(_) => panic!("no report from the handler within {WAIT:?}"),
    }
}

async fn ready(discord: &FakeDiscord, reports: &mut mpsc::UnboundedReceiver<Report>) {
    timeout(WAIT, discord.wait_for_ready())
        .await
        .expect("outer timeout")
        .expect("READY sent");
    match next_report(reports).await {
        Report::Ready { user, guilds } => {
            assert_eq!(user, "dama");
            assert_eq!(guilds, 1);
        }
        other => panic!("expected READY first, got {other:?}"),
    }
    match next_report(reports).await {
        Report::CommandsRegistered(names) => assert_eq!(names, ["dama"]),
        other => panic!("expected the command registration, got {other:?}"),
    }
}

fn play(opponent: &FakeUser) -> SlashCommand {
    SlashCommand::new("dama")
        .subcommand("play")
        .option("opponent", opponent)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serenity_accepts_ready_slash_command_autocomplete_and_button() {
    let (discord, mut reports) = start().await;
    ready(&discord, &mut reports).await;
    let status = discord.gateway_status();
    let identify = status.identify.expect("IDENTIFY recorded");
    assert_eq!(
        identify["token"]
            .as_str()
            .map(|t| t.trim_start_matches("Bot ")),
        Some(discord.token())
    );
    assert_eq!(discord.registered_commands(None).len(), 1);

    // Slash command in the guild, with a user option resolved to a user and a member.
    let alice = discord.user("alice");
    let bob = discord.user("bob");
    let origin = discord.in_guild(&alice).locale("tr");
    let slash = discord.dispatch_slash_command(&origin, &play(&bob));
    let reply = timeout(WAIT, discord.wait_for_interaction_response(slash))
        .await
        .expect("outer timeout")
        .expect("the play response");
    match next_report(&mut reports).await {
        Report::Command {
            name,
            opponent,
            in_guild,
        } => {
            assert_eq!(name, "dama play");
            assert_eq!(opponent.as_deref(), Some("bob"));
            assert!(in_guild);
        }
        other => panic!("expected the command, got {other:?}"),
    }
    assert_eq!(reply.callback_type(), Some(4));
    assert_eq!(reply.content(), Some("alice vs bob"));
    assert!(!reply.is_ephemeral());
    assert_eq!(reply.custom_ids(), ["resign", "thread", "move"]);
    let file = reply.file("board.png").expect("the board was uploaded");
    assert_eq!(file.bytes, PNG);
    assert_eq!(
        reply.attachments().len(),
        1,
        "payload_json lists the attachment"
    );
    let board = discord
        .original_response(slash)
        .expect("the response is a message");
    assert_eq!(board["attachments"][0]["width"], 8);

    // Autocomplete of the focused `opening` option.
    let typing = play(&bob).focused("opening", "t");
    let autocomplete = discord.dispatch_autocomplete(&origin, &typing);
    let choices = timeout(WAIT, discord.wait_for_interaction_response(autocomplete))
        .await
        .expect("outer timeout")
        .expect("the autocomplete response");
    assert_eq!(choices.callback_type(), Some(8));
    let names: Vec<String> = choices
        .choices()
        .into_iter()
        .map(|(name, _)| name)
        .collect();
    assert_eq!(names, ["turkish"]);

    // Select then button on the board message (component interactions carry the full message).
    let board_id = discord
        .original_response_id(slash)
        .expect("board message id");
    let pick = discord
        .dispatch_select(&origin, board_id, "move", &["c3d4"])
        .expect("valid pick");
    let picked = timeout(WAIT, discord.wait_for_interaction_response(pick))
        .await
        .expect("outer timeout")
        .expect("the select response");
    assert_eq!(picked.callback_type(), Some(7));
    assert_eq!(picked.content(), Some("played c3d4"));

    let click = discord
        .dispatch_button(&origin, board_id, "resign")
        .expect("valid click");
    let clicked = timeout(WAIT, discord.wait_for_interaction_response(click))
        .await
        .expect("outer timeout")
        .expect("the button response");
    assert_eq!(clicked.callback_type(), Some(7));
    let board = discord.message(board_id).expect("board still exists");
    assert_eq!(board["content"], "alice resigned");
    assert_eq!(board["components"], serde_json::json!([]));
    assert!(
        discord
            .dispatch_button(&origin, board_id, "resign")
            .is_err(),
        "the button is gone after the update"
    );

    assert!(
        discord.unknown_routes().is_empty(),
        "unknown routes: {:?}",
        discord.unknown_routes()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serenity_accepts_dm_defer_edit_followup_messages_and_threads() {
    let (discord, mut reports) = start().await;
    ready(&discord, &mut reports).await;

    // A DM: `user` instead of `member`; deferred ephemeral answer, edit, follow-up.
    let carol = discord.user("carol");
    let stats = SlashCommand::new("dama").subcommand("stats");
    let interaction = discord.dispatch_slash_command(&discord.in_dm(&carol), &stats);
    match next_report(&mut reports).await {
        Report::Command { in_guild, .. } => assert!(!in_guild),
        other => panic!("expected the command, got {other:?}"),
    }
    let deferred = timeout(WAIT, discord.wait_for_interaction_response(interaction))
        .await
        .expect("outer timeout")
        .expect("the deferral");
    assert_eq!(deferred.callback_type(), Some(5));
    assert!(deferred.is_ephemeral());
    let edit = timeout(WAIT, discord.wait_for_original_edit(interaction, |_| true))
        .await
        .expect("outer timeout")
        .expect("the edit");
    assert_eq!(edit.content(), Some("0 games played"));
    let followup = timeout(WAIT, discord.wait_for_followup(interaction, 0))
        .await
        .expect("outer timeout")
        .expect("the follow-up");
    assert!(followup.is_ephemeral());
    let original = discord
        .original_response(interaction)
        .expect("original message");
    assert_eq!(original["flags"], 64, "ephemeral, no longer loading");

    // A button that posts a channel message with a file and opens a thread from it; the first
    // post attempt meets an injected 500 and is retried by nobody: the handler reports it.
    let alice = discord.user("alice");
    let bob = discord.user("bob");
    let origin = discord.in_guild(&alice);
    let slash = discord.dispatch_slash_command(&origin, &play(&bob));
    let _ = next_report(&mut reports).await;
    timeout(WAIT, discord.wait_for_interaction_response(slash))
        .await
        .expect("outer timeout")
        .expect("the play response");
    let board = discord.original_response_id(slash).expect("board");
    discord.fail_next_matching(1, 500, "/channels/");
    let click = discord
        .dispatch_button(&origin, board, "thread")
        .expect("valid click");
    match timeout(WAIT, reports.recv()).await.expect("a report") {
        Some(Report::Failed(why)) => assert!(why.starts_with("post:"), "{why}"),
        other => panic!("expected the injected failure, got {other:?}"),
    }
    let acked = discord
        .wait_for_interaction_response(click)
        .await
        .expect("the ack");
    assert_eq!(acked.callback_type(), Some(6));

    // Again, without the fault.
    let click = discord
        .dispatch_button(&origin, board, "thread")
        .expect("valid click");
    let thread = match next_report(&mut reports).await {
        Report::ThreadCreated(thread) => thread,
        other => panic!("expected a thread, got {other:?}"),
    };
    let posted = timeout(
        WAIT,
        discord
            .wait_for_channel_message(discord.channel_id(), |r| r.content() == Some("Game board")),
    )
    .await
    .expect("outer timeout")
    .expect("the board post");
    assert_eq!(
        posted.file("board.png").map(|f| f.bytes.as_slice()),
        Some(PNG)
    );
    assert_eq!(
        posted.response_id(),
        Some(thread.get()),
        "the thread has the message's id"
    );
    let in_thread = timeout(WAIT, discord.wait_for_channel_message(thread, |_| true))
        .await
        .expect("outer timeout")
        .expect("the thread post");
    assert_eq!(in_thread.content(), Some("Good luck!"));
    let thread_json = discord.channel(thread).expect("thread exists");
    assert_eq!(thread_json["type"], 11);
    assert_eq!(thread_json["parent_id"], discord.channel_id().to_string());
    assert_eq!(thread_json["message_count"], 1);
    let acked = discord
        .wait_for_interaction_response(click)
        .await
        .expect("the ack");
    assert_eq!(acked.callback_type(), Some(6));

    let failures: Vec<_> = discord
        .requests()
        .into_iter()
        .filter(|r| !r.succeeded())
        .collect();
    assert_eq!(failures.len(), 1, "only the injected 500: {failures:?}");
    assert!(discord.unknown_routes().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serenity_sees_injected_rate_limits_and_unknown_routes() {
    let discord = start_discord().await;
    let http = discord.http();

    discord.fail_next_matching(1, 429, "/users/@me");
    let limited = timeout(WAIT, http.get_current_user())
        .await
        .expect("outer timeout");
    let Err(serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(error))) = limited
    else {
        panic!("expected a 429 error, got {limited:?}");
    };
    assert_eq!(error.status_code.as_u16(), 429);
    assert_eq!(error.error.message, "You are being rate limited.");
    let recorded = discord.requests().pop().expect("recorded");
    assert_eq!(recorded.status, 429);
    assert_eq!(recorded.response["retry_after"], 0.05);

    let me = timeout(WAIT, http.get_current_user())
        .await
        .expect("outer timeout")
        .expect("no fault left");
    assert_eq!(me.id, discord.bot_user_id());

    let unknown = timeout(WAIT, http.get_emojis(discord.guild_id()))
        .await
        .expect("outer timeout");
    assert!(unknown.is_err());
    let unknown = discord.unknown_routes();
    assert_eq!(unknown.len(), 1);
    assert_eq!(
        unknown[0].api_path(),
        format!("/guilds/{}/emojis", discord.guild_id())
    );

    // Wrong token: 401.
    let stranger = HttpBuilder::new("not-the-token")
        .proxy(discord.base_url())
        .ratelimiter_disabled(true)
        .build();
    let refused = timeout(WAIT, stranger.get_current_user())
        .await
        .expect("outer timeout");
    assert!(refused.is_err());
    assert_eq!(discord.requests().pop().map(|r| r.status), Some(401));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serenity_heartbeats_are_acknowledged_and_a_reconnect_resumes() {
    let discord = start_discord().await;
    // Long enough that a loaded CI machine still acknowledges each beat before the next is due
    // (serenity reconnects when an acknowledgement is late).
    discord.set_heartbeat_interval(Duration::from_millis(400));
    let mut reports = connect(&discord).await;
    ready(&discord, &mut reports).await;

    // Acknowledged heartbeats keep the one connection alive.
    let status = timeout(
        WAIT,
        discord.wait_for_gateway("3 heartbeats", |s| s.heartbeats >= 3),
    )
    .await
    .expect("outer timeout")
    .expect("heartbeats");
    assert_eq!(
        status.connections, 1,
        "an unacknowledged heartbeat would have reconnected"
    );

    // Op 7: serenity reconnects and resumes the session; dispatches go on.
    let seq_before = discord.gateway_status().seq;
    discord.request_reconnect();
    let status = timeout(
        WAIT,
        discord.wait_for_gateway("a RESUME", |s| s.resumes >= 1),
    )
    .await
    .expect("outer timeout")
    .expect("resumed");
    assert_eq!(status.connections, 2);
    assert_eq!(status.readies, 1, "resumed, not identified again");
    assert!(status.seq > seq_before);

    let alice = discord.user("alice");
    let id = discord.dispatch_slash_command(&discord.in_guild(&alice), &play(&alice));
    let _ = next_report(&mut reports).await;
    let reply = timeout(WAIT, discord.wait_for_interaction_response(id))
        .await
        .expect("outer timeout")
        .expect("answered after the resume");
    assert_eq!(reply.callback_type(), Some(4));
}

/// A bare gateway connection: frames as JSON, without serenity's handling.
struct RawGateway(
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>,
);

impl RawGateway {
    async fn open(discord: &FakeDiscord) -> Self {
        let url = format!("{}?v=10&encoding=json", discord.gateway_url());
        let (socket, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("open the gateway");
        let mut gateway = Self(socket);
        assert_eq!(gateway.next().await["op"], 10, "HELLO first");
        gateway
    }

    async fn send(&mut self, frame: serde_json::Value) {
        use futures_util::SinkExt;
        self.0
            .send(tokio_tungstenite::tungstenite::Message::Text(
                frame.to_string(),
            ))
            .await
            .expect("send a frame");
    }

    /// The next text frame, parsed.
    async fn next(&mut self) -> serde_json::Value {
        use futures_util::StreamExt;
        loop {
            let frame = timeout(WAIT, self.0.next())
                .await
                .expect("a frame within the wait")
                .expect("the connection is open")
                .expect("a readable frame");
            if let tokio_tungstenite::tungstenite::Message::Text(text) = frame {
                return serde_json::from_str(&text).expect("JSON frame");
            }
        }
    }

    /// The next dispatch's sequence number and event name.
    async fn next_dispatch(&mut self) -> (u64, String) {
        let frame = self.next().await;
        assert_eq!(frame["op"], 0, "a dispatch: {frame}");
        (
            frame["s"].as_u64().expect("numbered"),
            frame["t"].as_str().expect("named").to_owned(),
        )
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resume_replays_the_dispatches_the_client_missed() {
    let discord = start_discord().await;
    let mut first = RawGateway::open(&discord).await;
    first
        .send(
            serde_json::json!({"op": 2, "d": {"token": discord.token(), "intents": 1,
            "properties": {"os": "linux", "browser": "raw", "device": "raw"}}}),
        )
        .await;
    assert_eq!(first.next_dispatch().await, (1, "READY".to_owned()));
    assert_eq!(first.next_dispatch().await, (2, "GUILD_CREATE".to_owned()));
    let session = discord.gateway_status().session_id.expect("a session");

    // Two events go out on the first connection; the client reads only the first, then the
    // connection is lost with the second unread.
    discord.dispatch_event("TYPING_START", serde_json::json!({"n": 1}));
    discord.dispatch_event("TYPING_START", serde_json::json!({"n": 2}));
    assert_eq!(first.next_dispatch().await, (3, "TYPING_START".to_owned()));
    timeout(WAIT, discord.wait_for_gateway("seq 4", |s| s.seq >= 4))
        .await
        .expect("outer timeout")
        .expect("both written");
    drop(first);

    let mut second = RawGateway::open(&discord).await;
    second
        .send(serde_json::json!({"op": 6, "d": {"token": discord.token(),
            "session_id": session, "seq": 3}}))
        .await;
    let replayed = second.next().await;
    assert_eq!(
        (replayed["s"].as_u64(), replayed["d"]["n"].as_u64()),
        (Some(4), Some(2))
    );
    assert_eq!(second.next_dispatch().await, (5, "RESUMED".to_owned()));

    // Afterwards the session goes on from there.
    discord.dispatch_event("TYPING_START", serde_json::json!({"n": 3}));
    assert_eq!(second.next_dispatch().await, (6, "TYPING_START".to_owned()));
    let status = discord.gateway_status();
    assert_eq!((status.readies, status.resumes), (1, 1));
}

// ---------------------------------------------------------------------------------------------
// What durable delivery meets: Discord's clocks, nonces, outages, cut connections, targets gone.

/// The status and Discord error code of a refused request.
fn discord_error<T: std::fmt::Debug>(result: serenity::Result<T>) -> (u16, isize) {
    match result {
        Err(serenity::Error::Http(HttpError::UnsuccessfulRequest(error))) => {
            (error.status_code.as_u16(), error.error.code)
        }
        other => panic!("expected a Discord error, got {other:?}"),
    }
}

/// Whether a request failed below HTTP (no status at all).
fn is_network_error<T>(result: &serenity::Result<T>) -> bool {
    matches!(result, Err(serenity::Error::Http(HttpError::Request(_))))
}

fn rules() -> SlashCommand {
    SlashCommand::new("dama").subcommand("rules")
}

fn message_reply(content: &str) -> CreateInteractionResponse {
    CreateInteractionResponse::Message(CreateInteractionResponseMessage::new().content(content))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_first_answer_after_the_window_is_unknown_interaction() {
    let discord = start_discord().await;
    let http = discord.http();
    let origin = discord.in_guild(&discord.user("alice"));

    let prompt = discord.dispatch_slash_command(&origin, &rules());
    let token = discord.interaction_token(prompt).expect("token");
    timeout(
        WAIT,
        http.create_interaction_response(prompt, &token, &message_reply("in time"), vec![]),
    )
    .await
    .expect("outer timeout")
    .expect("an answer within 3 s");

    // As if 4 s had passed: refused, and no message was made.
    let late = discord.dispatch_slash_command(&origin, &rules());
    assert!(discord.age_interaction(late, Duration::from_secs(4)));
    let token = discord.interaction_token(late).expect("token");
    let refused = timeout(
        WAIT,
        http.create_interaction_response(late, &token, &message_reply("late"), vec![]),
    )
    .await
    .expect("outer timeout");
    assert_eq!(discord_error(refused), (404, 10062));
    assert_eq!(discord.original_response_id(late), None);
    let recorded = discord.requests().pop().expect("recorded");
    assert_eq!(recorded.status, 404);
    assert_eq!(recorded.response["message"], "Unknown interaction");

    // A shortened window, really waited out.
    discord.set_interaction_deadline(Duration::from_millis(50));
    let slow = discord.dispatch_slash_command(&origin, &rules());
    let token = discord.interaction_token(slow).expect("token");
    older_than(&discord, slow, Duration::from_millis(50)).await;
    let refused = timeout(
        WAIT,
        http.create_interaction_response(slow, &token, &message_reply("slow"), vec![]),
    )
    .await
    .expect("outer timeout");
    assert_eq!(discord_error(refused), (404, 10062));
    assert!(
        !discord.age_interaction(serenity::all::InteractionId::new(1), Duration::ZERO),
        "unknown interaction"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_queued_interaction_starts_its_clock_when_the_gateway_sends_it() {
    let discord = start_discord().await;
    discord.set_interaction_deadline(Duration::from_secs(2));
    let alice = discord.user("alice");
    // Dispatched before any client connects: queued until READY, for longer than the window.
    let id = discord.dispatch_slash_command(&discord.in_guild(&alice), &play(&alice));
    older_than(&discord, id, Duration::from_secs(2)).await;
    let _reports = connect(&discord).await;
    let reply = timeout(WAIT, discord.wait_for_interaction_response(id))
        .await
        .expect("outer timeout")
        .expect("answered in time once delivered");
    assert_eq!(reply.callback_type(), Some(4));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn webhook_requests_after_the_token_life_are_invalid_webhook_token() {
    let discord = start_discord().await;
    let http = discord.http();
    let origin = discord.in_guild(&discord.user("alice"));
    let defer = CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new());

    let id = discord.dispatch_slash_command(&origin, &rules());
    let token = discord.interaction_token(id).expect("token");
    timeout(
        WAIT,
        http.create_interaction_response(id, &token, &defer, vec![]),
    )
    .await
    .expect("outer timeout")
    .expect("deferred");
    let edit = EditInteractionResponse::new().content("first edit");
    timeout(
        WAIT,
        http.edit_original_interaction_response(&token, &edit, vec![]),
    )
    .await
    .expect("outer timeout")
    .expect("the token is alive");

    assert!(discord.expire_interaction_token(id));
    let edit = EditInteractionResponse::new().content("too late");
    let refused = timeout(
        WAIT,
        http.edit_original_interaction_response(&token, &edit, vec![]),
    )
    .await
    .expect("outer timeout");
    assert_eq!(discord_error(refused), (401, 50027));
    let followup = CreateInteractionResponseFollowup::new().content("too late");
    let refused = timeout(
        WAIT,
        http.create_followup_message(&token, &followup, vec![]),
    )
    .await
    .expect("outer timeout");
    assert_eq!(discord_error(refused), (401, 50027));
    let refused = timeout(WAIT, http.delete_original_interaction_response(&token))
        .await
        .expect("outer timeout");
    assert_eq!(discord_error(refused), (401, 50027));
    assert_eq!(
        discord.original_response(id).expect("still there")["content"],
        "first edit"
    );
    assert_eq!(
        discord.requests().pop().map(|r| r.response),
        Some(serde_json::json!({"code": 50027, "message": "Invalid Webhook Token"}))
    );

    // A shortened life, really waited out.
    discord.set_interaction_token_lifetime(Duration::from_millis(200));
    let id = discord.dispatch_slash_command(&origin, &rules());
    let token = discord.interaction_token(id).expect("token");
    timeout(
        WAIT,
        http.create_interaction_response(id, &token, &defer, vec![]),
    )
    .await
    .expect("outer timeout")
    .expect("deferred");
    older_than(&discord, id, Duration::from_millis(200)).await;
    let refused = timeout(
        WAIT,
        http.create_followup_message(&token, &followup, vec![]),
    )
    .await
    .expect("outer timeout");
    assert_eq!(discord_error(refused), (401, 50027));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn enforce_nonce_answers_a_retry_with_the_message_already_made() {
    let discord = start_discord().await;
    let http = discord.http();
    let channel = discord.channel_id();
    let post = |nonce: Nonce, enforce: bool| {
        CreateMessage::new()
            .content("your move")
            .nonce(nonce)
            .enforce_nonce(enforce)
    };

    let first = timeout(
        WAIT,
        channel.send_message(&http, post(Nonce::String("move-1".into()), true)),
    )
    .await
    .expect("outer timeout")
    .expect("created");
    assert!(
        matches!(&first.nonce, Some(Nonce::String(n)) if n == "move-1"),
        "the nonce comes back: {:?}",
        first.nonce
    );
    let retry = timeout(
        WAIT,
        channel.send_message(&http, post(Nonce::String("move-1".into()), true)),
    )
    .await
    .expect("outer timeout")
    .expect("answered");
    assert_eq!(retry.id, first.id, "the message already made");
    assert_eq!(discord.messages_with_nonce("move-1").len(), 1);
    assert_eq!(discord.message_posts_in(channel).len(), 2);
    assert_eq!(
        discord.message_posts_in(channel)[1].nonce().as_deref(),
        Some("move-1")
    );

    // Without enforce_nonce, the same nonce makes another message.
    let again = timeout(
        WAIT,
        channel.send_message(&http, post(Nonce::String("move-1".into()), false)),
    )
    .await
    .expect("outer timeout")
    .expect("created");
    assert_ne!(again.id, first.id);
    assert_eq!(discord.messages_with_nonce("move-1").len(), 2);

    // An integer nonce, and with a file (multipart `payload_json`).
    let with_file = |nonce| post(nonce, true).add_file(CreateAttachment::bytes(PNG, "board.png"));
    let a = timeout(
        WAIT,
        channel.send_message(&http, with_file(Nonce::Number(42))),
    )
    .await
    .expect("outer timeout")
    .expect("created");
    let b = timeout(
        WAIT,
        channel.send_message(&http, with_file(Nonce::Number(42))),
    )
    .await
    .expect("outer timeout")
    .expect("answered");
    assert_eq!(a.id, b.id);
    assert!(matches!(a.nonce, Some(Nonce::Number(42))), "{:?}", a.nonce);
    assert_eq!(discord.messages_with_nonce("42").len(), 1);

    // Past the nonce window, a retry makes a new message.
    discord.set_nonce_window(Duration::ZERO);
    let c = timeout(
        WAIT,
        channel.send_message(&http, with_file(Nonce::Number(42))),
    )
    .await
    .expect("outer timeout")
    .expect("created");
    assert_ne!(c.id, a.id);
    discord.set_nonce_window(dama_tests::NONCE_WINDOW);

    // A deleted message is not made again: Unknown Message.
    let gone = timeout(
        WAIT,
        channel.send_message(&http, post(Nonce::String("gone".into()), true)),
    )
    .await
    .expect("outer timeout")
    .expect("created");
    timeout(WAIT, http.delete_message(channel, gone.id, None))
        .await
        .expect("outer timeout")
        .expect("deleted");
    let refused = timeout(
        WAIT,
        channel.send_message(&http, post(Nonce::String("gone".into()), true)),
    )
    .await
    .expect("outer timeout");
    assert_eq!(discord_error(refused), (404, 10008));
    assert!(discord.messages_with_nonce("gone").is_empty());

    // Nonces are validated: at most 25 characters.
    let long = Nonce::String("n".repeat(26));
    let refused = timeout(WAIT, channel.send_message(&http, post(long, true)))
        .await
        .expect("outer timeout");
    assert_eq!(discord_error(refused), (400, 50035));
    // Discord's API description refuses it too, and only it.
    let problems = discord.spec_problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].contains("(at /nonce)"), "{problems:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_response_lost_on_the_way_leaves_one_message_when_retried_with_a_nonce() {
    let discord = start_discord().await;
    let http = discord.http();
    let channel = discord.channel_id();
    let post = || {
        CreateMessage::new()
            .content("game over")
            .nonce(Nonce::String("end-7".into()))
            .enforce_nonce(true)
    };

    // Cut before handling: an error, and nothing happened.
    discord.cut_next_matching(1, Cut::BeforeHandling, "/channels/");
    let lost = timeout(WAIT, channel.send_message(&http, post()))
        .await
        .expect("outer timeout");
    assert!(is_network_error(&lost), "{lost:?}");
    assert!(discord.messages_in(channel).is_empty());

    // Cut after handling: an error, but the message exists; the retry gets it back.
    discord.cut_next_matching(1, Cut::AfterHandling, "/channels/");
    let lost = timeout(WAIT, channel.send_message(&http, post()))
        .await
        .expect("outer timeout");
    assert!(is_network_error(&lost), "{lost:?}");
    assert_eq!(discord.messages_in(channel).len(), 1);
    let retried = timeout(WAIT, channel.send_message(&http, post()))
        .await
        .expect("outer timeout")
        .expect("answered");
    assert_eq!(discord.messages_with_nonce("end-7").len(), 1);
    let attempts = discord.message_posts_in(channel);
    let statuses: Vec<u16> = attempts.iter().map(|r| r.status).collect();
    assert_eq!(statuses, [0, 0, 200]);
    assert!(attempts[1].was_cut());
    assert_eq!(
        attempts[1].response_id(),
        Some(retried.id.get()),
        "the answer that was lost"
    );

    // An interaction callback (answered 204, no body read) is cut as surely.
    let id = discord.dispatch_slash_command(&discord.in_guild(&discord.user("alice")), &rules());
    let token = discord.interaction_token(id).expect("token");
    discord.cut_next_matching(1, Cut::AfterHandling, "/interactions/");
    let lost = timeout(
        WAIT,
        http.create_interaction_response(id, &token, &message_reply("hi"), vec![]),
    )
    .await
    .expect("outer timeout");
    assert!(is_network_error(&lost), "{lost:?}");
    assert!(discord.original_response_id(id).is_some(), "it was handled");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_outage_lasts_until_cleared() {
    let discord = start_discord().await;
    let http = discord.http();
    let channel = discord.channel_id();
    discord.fail_until_cleared(503, "/channels/");
    for _ in 0..5 {
        let refused = timeout(
            WAIT,
            channel.send_message(&http, CreateMessage::new().content("hello")),
        )
        .await
        .expect("outer timeout");
        assert_eq!(discord_error(refused).0, 503);
    }
    timeout(WAIT, http.get_current_user())
        .await
        .expect("outer timeout")
        .expect("other routes work");
    discord.clear_faults_matching("/channels/");
    timeout(
        WAIT,
        channel.send_message(&http, CreateMessage::new().content("hello")),
    )
    .await
    .expect("outer timeout")
    .expect("the outage is over");
    assert_eq!(discord.messages_in(channel).len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn thread_members_are_recorded_and_only_threads_have_them() {
    let discord = start_discord().await;
    let http = discord.http();
    let carol = discord.user("carol");
    let thread = timeout(
        WAIT,
        discord
            .channel_id()
            .create_thread(&http, CreateThread::new("game")),
    )
    .await
    .expect("outer timeout")
    .expect("thread");
    assert!(discord.thread_members(thread.id).is_empty());
    // Added twice: fine, once a member.
    for _ in 0..2 {
        timeout(WAIT, thread.id.add_thread_member(&http, carol.id))
            .await
            .expect("outer timeout")
            .expect("carol joins");
    }
    assert_eq!(discord.thread_members(thread.id), [carol.id]);
    timeout(WAIT, thread.id.remove_thread_member(&http, carol.id))
        .await
        .expect("outer timeout")
        .expect("carol leaves");
    assert!(discord.thread_members(thread.id).is_empty());

    // Not a thread, an unknown channel, an unknown user: refused as Discord does.
    let refused = timeout(
        WAIT,
        discord.channel_id().add_thread_member(&http, carol.id),
    )
    .await
    .expect("outer timeout");
    assert_eq!(discord_error(refused), (400, 50024));
    let nowhere = serenity::all::ChannelId::new(1);
    let refused = timeout(WAIT, nowhere.add_thread_member(&http, carol.id))
        .await
        .expect("outer timeout");
    assert_eq!(discord_error(refused), (404, 10003));
    let nobody = serenity::all::UserId::new(1);
    let refused = timeout(WAIT, thread.id.add_thread_member(&http, nobody))
        .await
        .expect("outer timeout");
    assert_eq!(discord_error(refused), (404, 10013));
    assert!(discord.thread_members(discord.channel_id()).is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn channels_and_users_that_are_gone_refuse_messages() {
    let discord = start_discord().await;
    let http = discord.http();
    let hello = || CreateMessage::new().content("hello");

    // Inaccessible: Missing Access, for posting and reading; then accessible again.
    let hidden = discord.add_text_channel("hidden");
    discord.set_channel_accessible(hidden, false);
    let refused = timeout(WAIT, hidden.send_message(&http, hello()))
        .await
        .expect("outer timeout");
    assert_eq!(discord_error(refused), (403, 50001));
    let refused = timeout(WAIT, http.get_channel(hidden))
        .await
        .expect("outer timeout");
    assert_eq!(discord_error(refused), (403, 50001));
    discord.set_channel_accessible(hidden, true);
    timeout(WAIT, hidden.send_message(&http, hello()))
        .await
        .expect("outer timeout")
        .expect("accessible again");

    // Deleted, with its threads: Unknown Channel.
    let doomed = discord.add_text_channel("doomed");
    let thread = timeout(WAIT, doomed.create_thread(&http, CreateThread::new("game")))
        .await
        .expect("outer timeout")
        .expect("thread");
    assert!(discord.delete_channel(doomed));
    assert!(!discord.delete_channel(doomed), "already gone");
    for channel in [doomed, thread.id] {
        let refused = timeout(WAIT, channel.send_message(&http, hello()))
            .await
            .expect("outer timeout");
        assert_eq!(discord_error(refused), (404, 10003));
    }

    // Closed DMs: the channel opens, sending fails with 50007, until they open again.
    let carol = discord.user("carol");
    discord.block_dms(carol.id);
    let dm = timeout(WAIT, carol.id.create_dm_channel(&http))
        .await
        .expect("outer timeout")
        .expect("opening a DM channel succeeds");
    let refused = timeout(WAIT, dm.id.send_message(&http, hello()))
        .await
        .expect("outer timeout");
    assert_eq!(discord_error(refused), (403, 50007));
    discord.unblock_dms(carol.id);
    timeout(WAIT, dm.id.send_message(&http, hello()))
        .await
        .expect("outer timeout")
        .expect("DMs open again");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn uploads_over_the_limit_are_request_entity_too_large() {
    let discord = start_discord().await;
    let http = discord.http();
    let channel = discord.add_text_channel("uploads");
    discord.set_upload_limit(100);
    let file = |bytes: usize| CreateAttachment::bytes(vec![7; bytes], "replay.gif");

    // A message: refused whole, then accepted at the limit.
    let refused = timeout(
        WAIT,
        channel.send_message(
            &http,
            CreateMessage::new().content("big").add_file(file(101)),
        ),
    )
    .await
    .expect("outer timeout");
    assert_eq!(discord_error(refused), (413, 40005));
    assert!(discord.messages_in(channel).is_empty());
    timeout(
        WAIT,
        channel.send_message(
            &http,
            CreateMessage::new().content("fits").add_file(file(100)),
        ),
    )
    .await
    .expect("outer timeout")
    .expect("an upload at the limit");

    // An interaction's first answer: refused with no effect, so it can still be answered.
    let prompt =
        discord.dispatch_slash_command(&discord.in_guild(&discord.user("alice")), &rules());
    let token = discord.interaction_token(prompt).expect("token");
    let refused = timeout(
        WAIT,
        http.create_interaction_response(prompt, &token, &message_reply("with"), vec![file(101)]),
    )
    .await
    .expect("outer timeout");
    assert_eq!(discord_error(refused), (413, 40005));
    assert_eq!(discord.original_response_id(prompt), None);
    timeout(
        WAIT,
        http.create_interaction_response(prompt, &token, &message_reply("without"), vec![]),
    )
    .await
    .expect("outer timeout")
    .expect("answered without the file");
    let recorded = discord
        .wait_for_interaction_response(prompt)
        .await
        .expect("answered");
    assert_eq!(recorded.content(), Some("without"));
}

/// Waits until `interaction` is older than `age` by the stand-in's clocks (really waited out,
/// not aged by the test).
async fn older_than(
    discord: &FakeDiscord,
    interaction: serenity::all::InteractionId,
    age: Duration,
) {
    eventually("the interaction to be old enough", async || {
        match discord.interaction_age(interaction) {
            Some(now) if now > age => Ok(()),
            seen => Err(seen),
        }
    })
    .await;
}
