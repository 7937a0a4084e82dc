// @ts-check
// Playing on the page, for a signed-in player of the game: a tap (or Enter on the keyboard's
// square) on a piece that can move lights up its targets; a tap on a target plays the move, and
// so does dragging the piece onto it (the board, board.js, turns pointers into squares).
// What the player may do is the server's (the state's `may` for their side: the moves they may
// play, and which of the draw, takeback and resign controls apply): the script decides no rule,
// and the server checks every action again (the turn, the rules, that the game has not moved on).

import { destsOf, movesLanding, squareName } from "./board.js";

/**
 * @typedef {{ alg: string, path: number[] }} Move
 * @typedef {{
 *   moves: Move[], offer_draw: boolean, answer_draw: boolean, ask_takeback: boolean,
 *   answer_takeback: boolean, resign: boolean,
 * }} May
 * @typedef {{ moves: unknown[], version: number, deadline: number | null, may: Record<string, May> | null, may_late: Record<string, May> | null }} PlayState
 */

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @type {May} Nothing allowed: a spectator's, or before the first state. */
const NOTHING = {
  moves: [], offer_draw: false, answer_draw: false, ask_takeback: false, answer_takeback: false, resign: false,
};

/** The longest wait `setTimeout` takes (a longer one fires at once). */
const LONGEST_WAIT = 2 ** 31 - 1;

/**
 * What the player of `me` may do in `state` at `now` (milliseconds), as the server said: its
 * `may`, or from the `deadline` on its `may_late` (the server says what is left then).
 * @param {PlayState | null} state @param {string} me @param {number} now
 * @returns {May}
 */
export function allowed(state, me, now) {
  if (!state) return NOTHING;
  const late = state.may_late && state.deadline !== null && now >= state.deadline;
  return (late ? state.may_late : state.may)?.[me] || NOTHING;
}

/**
 * Sets up the controls. `me` is "white" or "black", `bottom` the side the board has at the
 * bottom (for the keyboard's arrows); `current()` gives `{ state, latest }`,
 * the server's state and whether the page shows its latest position; `redraw()` draws again.
 * `server` says where actions go: `{ act, headers }`, the action's address and the headers
 * that say who sends it (the web page's CSRF token, the Activity's session).
 * Returns what the page calls: `choice()` for the board, `pick` and `drop` for its input,
 * `render(state)` after each drawing, `reset()` when the game changes, `destroy()` at the end.
 * @param {string} me
 * @param {"white" | "black"} bottom
 * @param {() => { state: PlayState | null, latest: boolean }} current
 * @param {() => void} redraw
 * @param {{ act: string, headers: Record<string, string> }} server
 */
export function setupPlay(me, bottom, current, redraw, server) {
  const controls = $("controls");
  /** @type {{ selected: number | null, paths: Move[] | null, cursor: number | null, busy: boolean }} */
  const choice = { selected: null, paths: null, cursor: null, busy: false };
  /** What stops each listener this sets up. @type {(() => void)[]} */
  const off = [];
  /**
   * @template {keyof HTMLElementEventMap} K
   * @param {HTMLElement} target @param {K} type @param {(e: HTMLElementEventMap[K]) => void} listener
   */
  function listen(target, type, listener) {
    target.addEventListener(type, listener);
    off.push(() => target.removeEventListener(type, listener));
  }
  const { act } = server;
  /** Redraws at the deadline, where what the player may do changes. */
  let atDeadline = 0;

  /** What the player may do now. */
  function may() {
    return allowed(current().state, me, Date.now());
  }

  function playable() {
    const { latest } = current();
    return Boolean(latest && may().moves.length && !choice.busy);
  }

  function legal() {
    return may().moves;
  }

  /** @param {number} sq */
  function movesFrom(sq) {
    return legal().filter((m) => m.path[0] === sq);
  }

  /** @param {string} text */
  function say(text) {
    $("prompt").textContent = text || "";
  }

  /** @param {string} text */
  function showError(text) {
    const p = $("error");
    p.textContent = text || "";
    p.hidden = !text;
  }

  /** @param {Record<string, unknown>} body */
  async function send(body) {
    choice.busy = true;
    showError("");
    try {
      const response = await fetch(act, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...server.headers },
        body: JSON.stringify(body),
        credentials: "same-origin",
      });
      const answer = await response.json().catch(() => ({}));
      if (response.ok) return true;
      if (answer.confirm && body.act === "move") {
        confirmLosing(body, answer);
      } else {
        showError(answer.error || response.statusText);
      }
      return false;
    } catch {
      showError($("game").dataset.offline || "");
      return false;
    } finally {
      choice.busy = false;
      redraw();
    }
  }

  /** Strict rules: the move misses a capture. Play it and lose, or choose another. */
  /** @param {Record<string, unknown>} body @param {{ error: string, confirm: string, cancel: string }} answer */
  function confirmLosing(body, answer) {
    const box = $("confirm");
    $("confirm-text").textContent = answer.error;
    const yes = $("confirm-yes");
    const no = $("confirm-no");
    yes.textContent = answer.confirm;
    no.textContent = answer.cancel;
    box.hidden = false;
    yes.onclick = () => {
      box.hidden = true;
      send({ ...body, losing: true });
    };
    no.onclick = () => {
      box.hidden = true;
    };
  }

  /** @param {Move} m */
  function playMove(m) {
    const { state } = current();
    if (!state) return;
    clear();
    send({ act: "move", move: m.alg, ply: state.moves.length });
  }

  function clear() {
    choice.selected = null;
    choice.paths = null;
    $("paths").hidden = true;
    $("paths").replaceChildren();
  }

  /** Several captures from the selected piece end on `sq`: the player picks one by name. */
  /** @param {Move[]} moves */
  function choosePath(moves) {
    choice.paths = moves;
    const box = $("paths");
    const p = document.createElement("p");
    p.textContent = controls.dataset.choosePath || "";
    const buttons = moves.map((m) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = m.alg;
      b.addEventListener("click", () => playMove(m));
      return b;
    });
    box.replaceChildren(p, ...buttons);
    box.hidden = false;
    buttons[0].focus();
  }

  /**
   * A square was picked (tapped, or Enter on the keyboard's square).
   * @param {number | null} sq
   */
  function pick(sq) {
    if (!playable() || sq === null) return;
    if (choice.selected !== null) {
      const landing = movesLanding(legal(), choice.selected, sq);
      if (landing.length === 1) return playMove(landing[0]);
      if (landing.length > 1) {
        choosePath(landing);
        return redraw();
      }
    }
    clear();
    if (movesFrom(sq).length) choice.selected = sq;
    redraw();
  }

  const board = $("board");
  board.tabIndex = 0;
  listen(board, "keydown", (e) => {
    if (!playable()) return;
    const flip = bottom === "black" ? -1 : 1;
    /** @type {Record<string, number>} */
    const steps = { ArrowUp: 8 * flip, ArrowDown: -8 * flip, ArrowLeft: -1 * flip, ArrowRight: flip };
    if (e.key in steps) {
      const from = choice.cursor ?? choice.selected ?? (bottom === "white" ? 3 : 59);
      const to = from + steps[e.key];
      const wraps = Math.abs((to % 8) - (from % 8)) > 1;
      if (to >= 0 && to < 64 && !wraps) choice.cursor = to;
      say(squareName(choice.cursor ?? from));
    } else if (e.key === "Enter" || e.key === " ") {
      pick(choice.cursor);
    } else if (e.key === "Escape") {
      clear();
    } else {
      return;
    }
    e.preventDefault();
    e.stopPropagation();
    redraw();
  });

  /** @type {number[]} */
  const timers = [];
  /**
   * @param {string} id @param {() => Record<string, unknown>} body @param {boolean} [confirm]
   */
  const button = (id, body, confirm) => {
    const b = $(id);
    listen(b, "click", () => {
      if (confirm && b.dataset.armed !== "yes") {
        b.dataset.armed = "yes";
        b.dataset.label = b.textContent;
        b.textContent = b.dataset.confirm || "";
        timers.push(window.setTimeout(() => {
          b.dataset.armed = "";
          b.textContent = b.dataset.label || "";
        }, 5000));
        return;
      }
      b.dataset.armed = "";
      if (b.dataset.label) b.textContent = b.dataset.label;
      send(body());
    });
  };
  const ply = () => current().state?.moves.length ?? 0;
  const version = () => current().state?.version ?? 0;
  button("resign", () => ({ act: "resign", ply: ply() }), true);
  button("offer-draw", () => ({ act: "draw", ply: ply() }));
  button("accept-draw", () => ({ act: "answer", question: "draw", accept: true, version: version() }));
  button("decline-draw", () => ({ act: "answer", question: "draw", accept: false, version: version() }));
  button("ask-takeback", () => ({ act: "takeback" }));
  button("allow-takeback", () => ({ act: "answer", question: "takeback", accept: true, version: version() }));
  button("refuse-takeback", () => ({ act: "answer", question: "takeback", accept: false, version: version() }));

  return {
    /** Forgets the piece chosen: the game changed. */
    reset() {
      clear();
      choice.cursor = null;
      showError("");
    },
    /**
     * What the board shows of the choice: the squares each piece may go to (none when the
     * player may not move now), the piece selected and the keyboard's square.
     * @returns {{ dests: Map<number, number[]>, selected: number | null, cursor: number | null }}
     */
    choice() {
      if (!playable()) {
        clear();
        return { dests: new Map(), selected: null, cursor: null };
      }
      return { dests: destsOf(legal()), selected: choice.selected, cursor: choice.cursor };
    },
    pick,
    /**
     * A piece dragged from `from` and dropped on one of its targets `to`: the move, or the
     * choice between the paths that end there.
     * @param {number} from @param {number} to
     */
    drop(from, to) {
      if (!playable()) return;
      choice.selected = from;
      pick(to);
    },
    /** Stops listening and waiting. */
    destroy() {
      for (const stop of off.splice(0)) stop();
      clearTimeout(atDeadline);
      for (const t of timers.splice(0)) clearTimeout(t);
    },
    /**
     * Shows the controls the server allows the player now in `state`, and no others.
     * @param {PlayState} state
     */
    render(state) {
      const now = Date.now();
      const can = allowed(state, me, now);
      const any = can.moves.length > 0 || can.offer_draw || can.answer_draw || can.ask_takeback
        || can.answer_takeback || can.resign;
      controls.hidden = !any;
      $("offer-draw").hidden = !can.offer_draw;
      $("accept-draw").hidden = $("decline-draw").hidden = !can.answer_draw;
      $("ask-takeback").hidden = !can.ask_takeback;
      $("allow-takeback").hidden = $("refuse-takeback").hidden = !can.answer_takeback;
      $("resign").hidden = !can.resign;
      if (!playable()) say("");
      else if (choice.cursor === null) say(controls.dataset.yourMove || "");
      // Until the deadline: drawn again when it passes, with what is allowed from then on.
      clearTimeout(atDeadline);
      const wait = state.may_late && state.deadline !== null ? state.deadline - now : 0;
      if (wait > 0) atDeadline = window.setTimeout(redraw, Math.min(wait + 10, LONGEST_WAIT));
    },
  };
}
