//! Interactions over HTTP, as Discord sends them to an application's Interactions Endpoint
//! URL: each interaction POSTed as JSON, signed with Ed25519 over the timestamp and the body
//! (`X-Signature-Ed25519`, `X-Signature-Timestamp`), spread over the endpoints given (several
//! instances behind one URL), instead of an `INTERACTION_CREATE` on the gateway. The key is a
//! fixed test key; its public half is what the bot is configured with.

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use ed25519_dalek::{Signer, SigningKey};
use serenity::all::InteractionId;

/// The test application's signing key (a fixed seed: tests are reproducible).
const SEED: [u8; 32] = [7; 32];

/// What an endpoint answered to one interaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EndpointReply {
    /// The interaction.
    pub interaction: InteractionId,
    /// The endpoint it went to.
    pub url: String,
    /// Its HTTP status (0 when the request failed).
    pub status: u16,
    /// Its body.
    pub body: String,
}

/// Where interactions go over HTTP, if anywhere.
#[derive(Debug)]
pub(crate) struct HttpInteractions {
    urls: Mutex<Vec<String>>,
    next: AtomicUsize,
    key: SigningKey,
    client: reqwest::Client,
    replies: Mutex<Vec<EndpointReply>>,
    /// Each answered interaction's status, to look one up without a scan.
    statuses: Mutex<HashMap<InteractionId, u16>>,
}

impl Default for HttpInteractions {
    fn default() -> Self {
        Self {
            urls: Mutex::default(),
            next: AtomicUsize::new(0),
            key: SigningKey::from_bytes(&SEED),
            client: reqwest::Client::new(),
            replies: Mutex::default(),
            statuses: Mutex::default(),
        }
    }
}

impl HttpInteractions {
    /// Sends interactions to `urls`, in turn; none: over the gateway again.
    pub(crate) fn deliver_to(&self, urls: &[String]) {
        *self.urls.lock().unwrap_or_else(|e| e.into_inner()) = urls.to_vec();
    }

    /// The next endpoint, if interactions go over HTTP.
    pub(crate) fn next_url(&self) -> Option<String> {
        let urls = self.urls.lock().unwrap_or_else(|e| e.into_inner());
        if urls.is_empty() {
            return None;
        }
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        Some(urls[n % urls.len()].clone())
    }

    /// The public key the bot verifies with, as the developer portal shows it (hex).
    pub(crate) fn public_key(&self) -> String {
        hex(self.key.verifying_key().as_bytes())
    }

    /// The signature of `timestamp` and `body`, hex.
    pub(crate) fn sign(&self, timestamp: &str, body: &[u8]) -> String {
        let message = [timestamp.as_bytes(), body].concat();
        hex(&self.key.sign(&message).to_bytes())
    }

    /// POSTs interaction `id` (its JSON `body`) to `url`, signed now, and records the answer.
    pub(crate) async fn post(&self, id: InteractionId, url: String, body: Vec<u8>) {
        let timestamp = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs())
            .to_string();
        let signature = self.sign(&timestamp, &body);
        let sent = self
            .client
            .post(&url)
            .header("Content-Type", "application/json")
            .header("X-Signature-Ed25519", signature)
            .header("X-Signature-Timestamp", timestamp)
            .body(body)
            .send()
            .await;
        let (status, body) = match sent {
            Ok(response) => (
                response.status().as_u16(),
                response.text().await.unwrap_or_default(),
            ),
            Err(e) => (0, e.to_string()),
        };
        self.statuses
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id, status);
        self.replies
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(EndpointReply {
                interaction: id,
                url,
                status,
                body,
            });
    }

    /// The HTTP status interaction `id` was answered with, once it was.
    pub(crate) fn status(&self, id: InteractionId) -> Option<u16> {
        self.statuses
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&id)
            .copied()
    }

    /// Every answer so far, in order.
    pub(crate) fn replies(&self) -> Vec<EndpointReply> {
        self.replies
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
