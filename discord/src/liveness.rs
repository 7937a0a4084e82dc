//! Downtime in the adapter: recovers the downtime before the first sweep, beats while the
//! gateway is connected, and tells the service when the connection drops and comes back. The
//! service decides what moves (see `GameService::recover_downtime`).
//!
//! The truth about the connection is the shard manager's table of runners: the shard is
//! connected when its runner is there at stage `Connected`. serenity's stage events alone
//! would miss outages: a shard that restarts (its heartbeat unanswered, its socket closed)
//! leaves the table and dispatches nothing until a new connection's handshake, however long
//! Discord stays unreachable. So a watcher looks at the table every second, and a stage event
//! only wakes it early.

use std::sync::Arc;
use std::time::Duration;

use serenity::all::{ConnectionStage, ShardManager};
use tokio::sync::Notify;

use super::AbortOnDrop;
use dama_service::service::GameService;

/// How often the bot beats while connected: well below the service's downtime grace, since a
/// restart counts the time since the last beat.
const BEAT_EVERY: Duration = Duration::from_secs(15);

/// How often this instance tells the others it is alive (see `GameService::beat_instance`):
/// well below `INSTANCE_STALE`, after which the others take its leases over.
const INSTANCE_BEAT_EVERY: Duration = Duration::from_secs(1);

/// How often the watcher looks at the gateway when no stage event wakes it.
const WATCH_EVERY: Duration = Duration::from_secs(1);

/// The background tasks that keep liveness (the heartbeat and the gateway's watcher); they end
/// when this is dropped.
#[derive(Debug)]
pub(super) struct LivenessTasks {
    _heartbeat: AbortOnDrop,
    _instance: AbortOnDrop,
    _watcher: AbortOnDrop,
}

/// For the HTTP endpoint, which has no gateway: recovers the downtime and beats; the bot counts
/// as connected while it runs.
///
/// # Errors
/// As [`start`].
pub(super) async fn start_without_gateway(
    service: &GameService,
) -> Result<Heartbeat, serenity::Error> {
    recover(service).await?;
    Ok(Heartbeat {
        _beat: AbortOnDrop(service.spawn_heartbeat(BEAT_EVERY)),
        _instance: join(service).await?,
    })
}

/// The heartbeat of a bot without a gateway; it stops when this is dropped.
#[derive(Debug)]
pub(super) struct Heartbeat {
    _beat: AbortOnDrop,
    _instance: AbortOnDrop,
}

/// Joins the instances: the first beat takes over what a previous life of this bot held (and
/// plays the computer's waiting turns), before any worker starts; then beats every second.
async fn join(service: &GameService) -> Result<AbortOnDrop, serenity::Error> {
    match service.beat_instance().await {
        Ok(0) => {}
        Ok(taken) => tracing::warn!(taken, "took over the leases of a stopped bot"),
        Err(e) => {
            tracing::error!(error = %e, "cannot record this instance");
            return Err(serenity::Error::Other("cannot record this instance"));
        }
    }
    tracing::info!(instance = service.instance_id(), "instance started");
    Ok(AbortOnDrop(
        service.spawn_instance_heartbeat(INSTANCE_BEAT_EVERY),
    ))
}

/// Moves the clocks on by the downtime since the last beat (see `GameService::recover_downtime`).
async fn recover(service: &GameService) -> Result<(), serenity::Error> {
    match service.recover_downtime().await {
        Ok(Some(gap)) => tracing::warn!(?gap, "the bot was down; deadlines moved on by the gap"),
        Ok(None) => {}
        Err(e) => {
            tracing::error!(error = %e, "cannot recover the downtime");
            return Err(serenity::Error::Other("cannot recover the downtime"));
        }
    }
    Ok(())
}

/// Moves the clocks on by the downtime since the last beat (before anything is judged), counts
/// the bot as disconnected until its shard is connected, and starts the heartbeat and the
/// gateway watcher. `nudge` wakes the watcher (on each shard stage event).
///
/// # Errors
/// When the database cannot be read: sweeping without recovering would judge deadlines that
/// should have moved, so the bot does not start.
pub(super) async fn start(
    service: &GameService,
    shards: Arc<ShardManager>,
    nudge: Arc<Notify>,
) -> Result<LivenessTasks, serenity::Error> {
    recover(service).await?;
    service.connection_lost();
    Ok(LivenessTasks {
        _heartbeat: AbortOnDrop(service.spawn_heartbeat(BEAT_EVERY)),
        _instance: join(service).await?,
        _watcher: AbortOnDrop(tokio::spawn(watch_gateway(service.clone(), shards, nudge))),
    })
}

/// Reports each change of the gateway connection to the service.
async fn watch_gateway(service: GameService, shards: Arc<ShardManager>, nudge: Arc<Notify>) {
    let mut interval = tokio::time::interval(WATCH_EVERY);
    interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = interval.tick() => {}
            () = nudge.notified() => {}
        }
        let connected = gateway_connected(&shards).await;
        match (connected, service.outage_since()) {
            (false, None) => {
                tracing::warn!("the gateway connection is down; clocks stop after the grace");
                service.connection_lost();
            }
            // On an error the outage stays open and the next look tries again.
            (true, Some(since)) => match service.connection_restored().await {
                Ok(Some(gap)) => {
                    tracing::warn!(
                        ?gap,
                        "the gateway is back after a long outage; deadlines moved on"
                    );
                }
                Ok(None) => tracing::info!(since = since.as_millis(), "the gateway is connected"),
                Err(e) => tracing::error!(error = %e, "cannot end the gateway outage"),
            },
            _ => {}
        }
    }
}

/// Whether every shard the manager runs is connected (the bot runs one).
async fn gateway_connected(shards: &ShardManager) -> bool {
    let runners = shards.runners.lock().await;
    !runners.is_empty()
        && runners
            .values()
            .all(|runner| runner.stage == ConnectionStage::Connected)
}
