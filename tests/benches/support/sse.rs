//! Reading a page's event stream as `EventSource` does, for the benchmarks of the live pages.

/// The JSON of a server-sent `state` event (`event: state` and `data:` lines), if it is one.
pub fn state_event(event: &str) -> Option<serde_json::Value> {
    let mut state = false;
    let mut data = String::new();
    for line in event.lines() {
        if line.strip_prefix("event:").map(str::trim) == Some("state") {
            state = true;
        } else if let Some(d) = line.strip_prefix("data:") {
            data.push_str(d.strip_prefix(' ').unwrap_or(d));
        }
    }
    if !state {
        return None;
    }
    serde_json::from_str(&data).ok()
}
