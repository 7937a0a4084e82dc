// The game's live state: an EventSource on `/game/{token}/events`, whose first event on every
// (re)connection is the whole state, and then one after every change. The browser reconnects
// by itself; `onLink(true|false)` says whether the page is live.

export function follow(url, onState, onLink) {
  if (!window.EventSource) {
    fetch(url.replace(/\/events(\?|$)/, "/state$1"))
      .then((r) => (r.ok ? r.json() : null))
      .then((s) => s && onState(s))
      .catch(() => onLink(false));
    return;
  }
  const source = new EventSource(url);
  source.addEventListener("state", (event) => {
    let state;
    try {
      state = JSON.parse(event.data);
    } catch {
      return;
    }
    onLink(true);
    onState(state);
  });
  source.addEventListener("error", () => onLink(false));
}
