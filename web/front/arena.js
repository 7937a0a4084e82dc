// @ts-check
// An arena's live page (community/arena.rs). The page is whole without this script; the script
// counts the tournament's clock down from the server's reading (corrected for the page's offset
// to the server's clock, as the game's clocks are) and follows the arena's event stream: each
// update carries the table, the games being played and the reader's own line as the server
// drew them, and the page shows them as they come. Nothing is decided here.
//
// The pure part (which moment the clock counts to, the time left) is tested with node:test
// (check/arena.test.js).

import { estimateOffset, formatClock } from "./clock.js";

/**
 * What the arena's stream sends (community/arena.rs's `ArenaUpdate`).
 * @typedef {{
 *   now: number, starts_at: number, ends_at: number, phase: "open" | "running" | "over",
 *   clock_label: string, table: string, games: string, me: string,
 * }} ArenaUpdate
 */

/** The fields every update has, as the server names them (the contract test reads this). */
export const UPDATE_FIELDS = ["now", "starts_at", "ends_at", "phase", "clock_label", "table", "games", "me"];

/**
 * The moment the clock counts down to: the start while the arena is open, its end while it
 * runs, none once over.
 * @param {ArenaUpdate} update
 * @returns {number | null}
 */
export function clockTarget(update) {
  if (update.phase === "open") return update.starts_at;
  if (update.phase === "running") return update.ends_at;
  return null;
}

/**
 * The time left (ms) on the arena's clock at the page's `localNow`, `offset` being the
 * server's time less the page's; never below zero, `null` once over.
 * @param {ArenaUpdate} update @param {number} offset @param {number} localNow
 * @returns {number | null}
 */
export function timeLeft(update, offset, localNow) {
  const target = clockTarget(update);
  if (target === null) return null;
  return Math.max(0, target - (localNow + offset));
}

/**
 * Whether `value` reads as an update (a stream's event that does not is ignored).
 * @param {unknown} value
 * @returns {value is ArenaUpdate}
 */
export function isUpdate(value) {
  if (typeof value !== "object" || value === null) return false;
  const v = /** @type {Record<string, unknown>} */ (value);
  return (
    typeof v.now === "number" &&
    typeof v.starts_at === "number" &&
    typeof v.ends_at === "number" &&
    (v.phase === "open" || v.phase === "running" || v.phase === "over") &&
    ["clock_label", "table", "games", "me"].every((k) => typeof v[k] === "string")
  );
}

/**
 * The arena page in `root` (its `#arena` element): `set(update)` shows an update, `destroy()`
 * stops the clock and the stream.
 * @param {HTMLElement} root
 */
export function createArena(root) {
  const decimal = root.dataset.decimal || ".";
  const label = root.querySelector("#arena-clock-label");
  const time = root.querySelector("#arena-clock-time");
  /** @type {ArenaUpdate | null} */
  let shown = null;
  let offset = 0;
  let timer = 0;

  function tick() {
    if (!shown || !(time instanceof HTMLElement)) return;
    const left = timeLeft(shown, offset, Date.now());
    time.hidden = left === null;
    if (left !== null) {
      const text = formatClock(left, decimal);
      if (time.textContent !== text) time.textContent = text;
    }
  }

  /** @param {string} id @param {string} html */
  function replace(id, html) {
    const element = root.querySelector(`#${id}`);
    if (element instanceof HTMLElement && element.innerHTML !== html) element.innerHTML = html;
  }

  /** @param {ArenaUpdate} update */
  function set(update) {
    offset = estimateOffset(update.now, Date.now(), 0);
    shown = update;
    if (label instanceof HTMLElement && label.textContent !== update.clock_label) {
      label.textContent = update.clock_label;
    }
    replace("arena-table", update.table);
    replace("arena-games", update.games);
    replace("arena-me", update.me);
    root.dataset.phase = update.phase;
    tick();
    clearInterval(timer);
    timer = update.phase === "over" ? 0 : window.setInterval(tick, 250);
  }

  // The server's first reading, drawn with the page.
  const first = {
    now: Number(root.dataset.now),
    starts_at: Number(root.dataset.starts),
    ends_at: Number(root.dataset.ends),
    phase: root.dataset.phase,
    clock_label: label instanceof HTMLElement ? label.textContent ?? "" : "",
    table: root.querySelector("#arena-table")?.innerHTML ?? "",
    games: root.querySelector("#arena-games")?.innerHTML ?? "",
    me: root.querySelector("#arena-me")?.innerHTML ?? "",
  };
  if (isUpdate(first)) set(first);

  const source = root.dataset.events ? new EventSource(root.dataset.events) : null;
  source?.addEventListener("arena", (event) => {
    let update;
    try {
      update = JSON.parse(/** @type {MessageEvent} */ (event).data);
    } catch {
      return;
    }
    if (isUpdate(update)) set(update);
  });

  return {
    set,
    destroy() {
      clearInterval(timer);
      timer = 0;
      source?.close();
      shown = null;
    },
  };
}

// Started on the page; imported by the tests, where there is no document.
if (typeof document !== "undefined") {
  const root = document.getElementById("arena");
  if (root instanceof HTMLElement) createArena(root);
}
