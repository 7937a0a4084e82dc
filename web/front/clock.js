// @ts-check
// A live game's clocks beside the board. The server's time is the truth: each state carries a
// reading of both clocks taken at the server's `now` (see state.rs), and the page counts the
// running one down from it, corrected for its offset to the server's clock (lichess's
// ClockController does the same). The page never decides a flag: at zero it shows zero and
// waits for the server's state.
//
// The pure part (formatting, the time left, the low-time rule, the offset) is tested with
// node:test (check/clock.test.js); `createClocks` draws it on the page's `.clock` elements.

/**
 * A live game's clocks as the server read them (the state's `clock`).
 * @typedef {{
 *   base_ms: number, increment_ms: number, white_ms: number, black_ms: number,
 *   running: "white" | "black" | null, now: number,
 * }} ClockState
 */

/** The longest lag a page reports with a move (ms). */
export const MAX_LAG_MS = 1000;

/**
 * A time left as the server writes it (`dama_words::numbers::clock`): m:ss (h:mm:ss from an
 * hour), and seconds with tenths under ten seconds, written with `decimal` (`.` or `,`).
 * @param {number} ms @param {string} decimal
 * @returns {string}
 */
export function formatClock(ms, decimal) {
  const left = Math.max(0, Math.floor(ms));
  if (left < 10_000) {
    const tenths = Math.floor(left / 100);
    return `${Math.floor(tenths / 10)}${decimal}${tenths % 10}`;
  }
  const seconds = Math.floor(left / 1000);
  const two = (/** @type {number} */ n) => String(n).padStart(2, "0");
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor(seconds / 60) % 60;
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds % 60)}` : `${minutes}:${two(seconds % 60)}`;
}

/**
 * `side`'s time left (ms) at the page's `localNow`: the reading's, less the time since it was
 * taken if `side`'s clock runs, never below zero. `offset` is the server's time less the page's.
 * @param {ClockState} clock @param {"white" | "black"} side @param {number} offset @param {number} localNow
 * @returns {number}
 */
export function remaining(clock, side, offset, localNow) {
  const read = side === "white" ? clock.white_ms : clock.black_ms;
  if (clock.running !== side) return Math.max(0, read);
  const elapsed = Math.max(0, localNow + offset - clock.now);
  return Math.max(0, read - elapsed);
}

/**
 * Whether `ms` left is low: at most a tenth of the base, or ten seconds, whichever is less.
 * @param {number} ms @param {number} baseMs
 */
export function isLow(ms, baseMs) {
  return ms <= Math.min(baseMs / 10, 10_000);
}

/**
 * The server's time less the page's, from a reading of the server's `serverNow` received at
 * the page's `receivedAt`, `roundTrip` ms after it was asked for (the reading was taken about
 * half-way through).
 * @param {number} serverNow @param {number} receivedAt @param {number} roundTrip
 */
export function estimateOffset(serverNow, receivedAt, roundTrip) {
  return serverNow + Math.max(0, roundTrip) / 2 - receivedAt;
}

/**
 * The lag a move reports (`lag_ms`): half the last round trip measured, at most
 * [`MAX_LAG_MS`]; `undefined` before any was measured.
 * @param {number | null} roundTrip
 * @returns {number | undefined}
 */
export function lagEstimate(roundTrip) {
  if (roundTrip === null || !Number.isFinite(roundTrip) || roundTrip < 0) return undefined;
  return Math.min(MAX_LAG_MS, Math.round(roundTrip / 2));
}

/**
 * The clocks shown in `page` (its `#clock-white` and `#clock-black`, drawn by the server for a
 * live game), counting down from the last reading. `me` is the side the reader plays ("" for a
 * spectator): their own clock going low is heard with `alarm()`. `set(clock, roundTrip)` takes
 * a new reading (the round trip of the fetch that brought it, or `null` for the event stream's:
 * the last round trip measured then stands for it); `roundTrip()` is the last one measured;
 * `measured(ms)` records one (an action's); `destroy()` stops the ticking.
 * @param {HTMLElement} page @param {string} me @param {() => void} alarm
 */
export function createClocks(page, me, alarm) {
  const decimal = page.dataset.decimal || ".";
  /** @type {ClockState | null} */
  let clock = null;
  let offset = 0;
  /** @type {number | null} */
  let lastRoundTrip = null;
  let timer = 0;
  /** Whether the reader's own clock was low at the last tick (the alarm sounds once on the way down). */
  let wasLow = false;

  function tick() {
    if (!clock) return;
    const now = Date.now();
    for (const side of /** @type {const} */ (["white", "black"])) {
      const element = page.querySelector(`#clock-${side}`);
      if (!(element instanceof HTMLElement)) continue;
      const ms = remaining(clock, side, offset, now);
      const low = isLow(ms, clock.base_ms);
      const time = element.querySelector(".time");
      const text = formatClock(ms, decimal);
      if (time && time.textContent !== text) time.textContent = text;
      element.classList.toggle("running", clock.running === side);
      element.classList.toggle("low", low);
      const note = element.querySelector(".low-note");
      if (note instanceof HTMLElement) note.hidden = !low;
      if (side === me) {
        if (low && !wasLow && clock.running === side) alarm();
        wasLow = low;
      }
    }
  }

  function schedule() {
    clearInterval(timer);
    timer = 0;
    // Ten ticks a second while a clock runs, so tenths show as they pass.
    if (clock && clock.running) timer = window.setInterval(tick, 100);
  }

  return {
    /** @param {ClockState | null | undefined} reading @param {number | null} roundTrip */
    set(reading, roundTrip) {
      if (!reading) {
        clock = null;
        schedule();
        return;
      }
      if (roundTrip !== null) lastRoundTrip = roundTrip;
      offset = estimateOffset(reading.now, Date.now(), roundTrip ?? lastRoundTrip ?? 0);
      clock = reading;
      tick();
      schedule();
    },
    /** Draws the clocks now (a page waking up shows the right time at once). */
    tick,
    roundTrip: () => lastRoundTrip,
    /** @param {number} ms */
    measured(ms) {
      lastRoundTrip = ms;
    },
    destroy() {
      clearInterval(timer);
      timer = 0;
      clock = null;
    },
  };
}
