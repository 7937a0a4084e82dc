//! Seeing inside the running bot: `/metrics` in Prometheus' text format counts the
//! interactions and the moves of a game played through the stand-in, and reads the backlog
//! from the database; `/healthz` answers while the process runs; `/readyz` says not ready while
//! the gateway is out of reach or the database is gone, and ready again once they are back.

use dama_tests::eventually;
use std::collections::{BTreeMap, HashMap};

use crate::harness::{Harness, dama};
use crate::refusals::started_game;

/// One sample line: `name{label="value",…} value`.
#[derive(Debug, Clone, PartialEq)]
struct Sample {
    name: String,
    labels: BTreeMap<String, String>,
    value: f64,
}

/// A scrape, checked line by line as Prometheus reads the text format.
#[derive(Debug)]
pub(crate) struct Exposition {
    /// Each family's type, from its `# TYPE` line.
    types: HashMap<String, String>,
    samples: Vec<Sample>,
}

impl Exposition {
    /// Parses `text`, panicking at the first line that is not a `# HELP`, a `# TYPE` or a
    /// sample of a family whose type was given before.
    fn parse(text: &str) -> Exposition {
        let mut types = HashMap::new();
        let mut samples = Vec::new();
        for line in text.lines().filter(|l| !l.is_empty()) {
            if let Some(rest) = line.strip_prefix("# HELP ") {
                let (name, help) = rest.split_once(' ').expect("a help text");
                assert!(is_name(name) && !help.is_empty(), "{line}");
                continue;
            }
            if let Some(rest) = line.strip_prefix("# TYPE ") {
                let (name, kind) = rest.split_once(' ').expect("a type");
                assert!(is_name(name), "{line}");
                let kinds = ["counter", "gauge", "histogram", "summary", "untyped"];
                assert!(kinds.contains(&kind), "{line}");
                types.insert(name.to_owned(), kind.to_owned());
                continue;
            }
            assert!(!line.starts_with('#'), "an unknown comment: {line}");
            let sample = sample(line);
            let family = ["_bucket", "_sum", "_count"]
                .iter()
                .find_map(|suffix| sample.name.strip_suffix(suffix))
                .filter(|family| types.get(*family).is_some_and(|t| t == "histogram"))
                .unwrap_or(&sample.name);
            assert!(
                types.contains_key(family),
                "a sample without a type: {line}"
            );
            samples.push(sample);
        }
        Exposition { types, samples }
    }

    /// The value of the sample `name` with exactly `labels`, if there is one.
    pub(crate) fn value(&self, name: &str, labels: &[(&str, &str)]) -> Option<f64> {
        let labels: BTreeMap<String, String> = labels
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        self.samples
            .iter()
            .find(|s| s.name == name && s.labels == labels)
            .map(|s| s.value)
    }
}

fn is_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == ':')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':')
}

/// One sample line; panics when it is not one.
fn sample(line: &str) -> Sample {
    let (series, value) = line.rsplit_once(' ').expect("a value");
    let value: f64 = match value {
        "+Inf" => f64::INFINITY,
        "-Inf" => f64::NEG_INFINITY,
        v => v.parse().unwrap_or_else(|_| panic!("a number: {line}")),
    };
    let (name, labels) = match series.split_once('{') {
        None => (series, BTreeMap::new()),
        Some((name, rest)) => {
            let body = rest.strip_suffix('}').expect("labels end with }");
            (name, labels(body, line))
        }
    };
    assert!(is_name(name), "{line}");
    Sample {
        name: name.to_owned(),
        labels,
        value,
    }
}

/// `key="value",…` with `\\`, `\"` and `\n` escapes in the values.
fn labels(body: &str, line: &str) -> BTreeMap<String, String> {
    let mut labels = BTreeMap::new();
    let mut rest = body;
    while !rest.is_empty() {
        let (key, after) = rest.split_once("=\"").expect("key=\"value\"");
        assert!(is_name(key), "a label name: {line}");
        let mut value = String::new();
        let mut chars = after.char_indices();
        let end = loop {
            match chars.next() {
                Some((_, '\\')) => match chars.next() {
                    Some((_, 'n')) => value.push('\n'),
                    Some((_, c)) => value.push(c),
                    None => panic!("an unfinished escape: {line}"),
                },
                Some((i, '"')) => break i,
                Some((_, c)) => value.push(c),
                None => panic!("an unfinished label value: {line}"),
            }
        };
        labels.insert(key.to_owned(), value);
        rest = after[end + 1..]
            .strip_prefix(',')
            .unwrap_or(&after[end + 1..]);
    }
    labels
}

/// GETs `url`: the status and the body.
async fn get(url: &str) -> (u16, String) {
    let response = reqwest::get(url).await.expect("the bot answers");
    let status = response.status().as_u16();
    (status, response.text().await.unwrap_or_default())
}

/// Scrapes `/metrics` until `ready` holds of it (the counters move once each interaction's
/// handling ends, a little after its answer), and returns it.
pub(crate) async fn metrics_when(
    harness: &Harness,
    ready: impl Fn(&Exposition) -> bool,
) -> Exposition {
    let url = harness.monitor_url("/metrics");
    eventually("the metrics get there", async || {
        let (status, text) = get(&url).await;
        assert_eq!(status, 200);
        let scraped = Exposition::parse(&text);
        if ready(&scraped) {
            Ok(scraped)
        } else {
            Err(text)
        }
    })
    .await
}

/// GETs `/readyz` until its status is `status`; its body then.
async fn readiness_becomes(harness: &Harness, status: u16) -> String {
    let url = harness.monitor_url("/readyz");
    eventually(&format!("/readyz answers {status}"), async || {
        let (got, body) = get(&url).await;
        if got == status {
            Ok(body)
        } else {
            Err((got, body))
        }
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_played_game_moves_the_interaction_and_move_counters_and_the_metrics_parse() {
    let harness = Harness::start_monitored().await;
    let (alice, bob) = (harness.discord.user("alice"), harness.discord.user("bob"));
    let (thread, game) = started_game(&harness, &alice, &bob).await;
    let at = |user| harness.discord.in_channel(user, thread);
    for (who, text) in [(&alice, "c3-c4"), (&bob, "f6-f5")] {
        let moved = harness
            .slash(&at(who), &dama("move").option("move", text))
            .await;
        harness.public_post(&moved).await;
    }
    // Bob again, out of turn: refused, and counted so.
    let refused = harness
        .slash(&at(&bob), &dama("move").option("move", "f5-f4"))
        .await;
    assert!(refused.callback.is_ephemeral());
    harness.settled(game).await;

    let move_ok = [("kind", "command"), ("name", "move"), ("outcome", "ok")];
    let move_refused = [
        ("kind", "command"),
        ("name", "move"),
        ("outcome", "refused"),
    ];
    let scraped = metrics_when(&harness, |m| {
        m.value("dama_interactions_total", &move_refused) == Some(1.0)
    })
    .await;
    assert_eq!(
        scraped.value("dama_interactions_total", &move_ok),
        Some(2.0)
    );
    assert_eq!(
        scraped.value("dama_moves_total", &[("by", "player")]),
        Some(2.0)
    );
    assert_eq!(
        scraped.value("dama_moves_total", &[("by", "computer")]),
        Some(0.0)
    );
    let challenged = [
        ("kind", "command"),
        ("name", "challenge"),
        ("outcome", "ok"),
    ];
    assert_eq!(
        scraped.value("dama_interactions_total", &challenged),
        Some(1.0)
    );
    let accepted = [("kind", "component"), ("name", "accept"), ("outcome", "ok")];
    assert_eq!(
        scraped.value("dama_interactions_total", &accepted),
        Some(1.0)
    );
    // Each move's handling timed: three observations, the largest bucket holding them all.
    let moves = [("kind", "command"), ("name", "move")];
    assert_eq!(
        scraped.value("dama_interaction_duration_seconds_count", &moves),
        Some(3.0)
    );
    let all = [("kind", "command"), ("name", "move"), ("le", "+Inf")];
    assert_eq!(
        scraped.value("dama_interaction_duration_seconds_bucket", &all),
        Some(3.0)
    );

    for (family, kind) in [
        ("dama_interactions_total", "counter"),
        ("dama_interaction_duration_seconds", "histogram"),
        ("dama_moves_total", "counter"),
        ("dama_leases_taken_over_total", "counter"),
        ("dama_outbox_backlog", "gauge"),
        ("dama_outbox_oldest_age_seconds", "gauge"),
        ("dama_jobs_waiting", "gauge"),
        ("dama_engine_searches", "gauge"),
        ("dama_engine_members_waiting", "gauge"),
        ("dama_engine_longest_member_queue", "gauge"),
        ("dama_db_connections", "gauge"),
        ("dama_db_connections_max", "gauge"),
    ] {
        assert_eq!(
            scraped.types.get(family).map(String::as_str),
            Some(kind),
            "{family}"
        );
    }
    // A lone instance, started after a clean stop of none: nothing to take over.
    assert_eq!(
        scraped.value("dama_leases_taken_over_total", &[]),
        Some(0.0)
    );
    // Read from the database when scraped: every notice of the game was delivered.
    assert_eq!(scraped.value("dama_outbox_backlog", &[]), Some(0.0));
    assert_eq!(
        scraped.value("dama_outbox_oldest_age_seconds", &[]),
        Some(0.0)
    );
    for job in ["review", "computer_turn", "time_out", "challenge_expiry"] {
        assert_eq!(
            scraped.value("dama_jobs_waiting", &[("job", job)]),
            Some(0.0),
            "{job}"
        );
    }
    let open = scraped
        .value("dama_db_connections", &[("state", "idle")])
        .unwrap_or(0.0)
        + scraped
            .value("dama_db_connections", &[("state", "in_use")])
            .unwrap_or(0.0);
    let max = scraped
        .value("dama_db_connections_max", &[])
        .expect("the pool's size");
    assert!(open >= 1.0 && open <= max, "{open} of {max}");
    // Nothing secret: neither the token nor the database's address.
    let (_, text) = get(&harness.monitor_url("/metrics")).await;
    assert!(!text.contains(harness.discord.token()));
    assert!(!text.contains(harness.database_url()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readyz_says_not_ready_while_the_gateway_is_out_of_reach() {
    let harness = Harness::start_monitored().await;
    assert_eq!(
        get(&harness.monitor_url("/healthz")).await,
        (200, "ok\n".to_owned())
    );
    assert_eq!(readiness_becomes(&harness, 200).await, "ready\n");

    harness.discord.set_gateway_reachable(false);
    let why = readiness_becomes(&harness, 503).await;
    assert_eq!(why, "not ready: the gateway is not connected\n");
    assert_eq!(
        get(&harness.monitor_url("/healthz")).await.0,
        200,
        "alive all the same"
    );

    harness.discord.set_gateway_reachable(true);
    assert_eq!(readiness_becomes(&harness, 200).await, "ready\n");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readyz_says_not_ready_while_the_database_is_gone() {
    if dama_test_postgres::skip() {
        return;
    }
    let harness = Harness::start_monitored_on_postgres().await;
    assert_eq!(readiness_becomes(&harness, 200).await, "ready\n");

    // The database refuses connections, and those open are cut.
    let server = dama_test_postgres::Server::shared().expect("the throwaway server");
    let database = harness
        .database_url()
        .rsplit('/')
        .next()
        .expect("a database name")
        .to_owned();
    let allow =
        |allowed: bool| format!("ALTER DATABASE \"{database}\" WITH ALLOW_CONNECTIONS {allowed}");
    server.execute("postgres", &allow(false)).expect("refused");
    let cut = format!(
        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = '{database}'"
    );
    server.execute("postgres", &cut).expect("cut");
    let why = readiness_becomes(&harness, 503).await;
    assert_eq!(why, "not ready: the database does not answer\n");
    assert_eq!(
        get(&harness.monitor_url("/healthz")).await.0,
        200,
        "alive all the same"
    );

    server
        .execute("postgres", &allow(true))
        .expect("allowed again");
    assert_eq!(readiness_becomes(&harness, 200).await, "ready\n");
}
