// @ts-check
// The game's live state: an EventSource on `/game/{token}/events`, whose first event on every
// (re)connection is the whole state, and then one after every change. The browser reconnects
// by itself; `onLink(true|false)` says whether the page is live.

import { getJson } from "./common.js";

/**
 * Follows the game at `url`, calling `onState` with every state and `onLink` with whether the
 * page is live; returns what stops following (the stream closed, nothing called after).
 * @param {string} url
 * @param {(state: import("./types.js").GameState) => void} onState
 * @param {(live: boolean) => void} onLink
 * @returns {() => void}
 */
export function follow(url, onState, onLink) {
  let stopped = false;
  if (!window.EventSource) {
    getJson(url.replace(/\/events(\?|$)/, "/state$1"))
      .then(({ ok, answer }) => ok && !stopped && onState(answer))
      .catch(() => !stopped && onLink(false));
    return () => {
      stopped = true;
    };
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
  return () => {
    stopped = true;
    source.close();
  };
}
