// @ts-check
// Playing on the page, for a signed-in player of the game: a tap (or Enter on the keyboard's
// square) on a piece that can move lights up its targets; a tap on a target plays the move, and
// so does dragging the piece onto it (the board, board.js, turns pointers into squares). In a
// live game, in the opponent's turn, the same gestures queue a premove: it is sent the moment
// the server's state says the turn has come, if it is then one of the moves allowed (else it is
// dropped, and the player is told); a tap cancels it.
// What the player may do is the server's (the state's `may` for their side: the moves they may
// play, and which of the draw, takeback and resign controls apply): the script decides no rule,
// and the server checks every action again (the turn, the rules, that the game has not moved on).
//
// In the shape of analysis.js: the controller is a pure `update(state, message)`; the action
// it decides to send is in the state it returns (`send`), and the page sends it; `view(state,
// root)` draws the controls from the state alone, finding them inside the page's root.
// `createController` drives it from the board's input and keyboard; the game's page and the
// Activity use it through `setupPlay` (game.js), the puzzle's page (puzzle.js) directly.

import { destsOf, isDest, movesLanding, premoveDests, squareName } from "./board.js";
import { $, listeners, postJson, refusalWords, say } from "./common.js";

/**
 * @typedef {{ alg: string, path: number[] }} Move
 * @typedef {{
 *   moves: Move[], offer_draw: boolean, answer_draw: boolean, ask_takeback: boolean,
 *   answer_takeback: boolean, resign: boolean, save_conditional: boolean, evaluate: boolean,
 * }} May
 * @typedef {{ moves: unknown[], version: number, deadline: number | null, may: Record<string, May> | null, may_late: Record<string, May> | null, clock?: unknown, over?: boolean, turn?: string, positions?: string[] }} PlayState
 * @typedef {"resign" | "offer-draw" | "accept-draw" | "decline-draw" | "ask-takeback" | "allow-takeback" | "refuse-takeback" | "claim-win" | "claim-draw"} Control
 * @typedef {{ body: Record<string, unknown>, text: string, yes: string, no: string }} Confirm
 * @typedef {{
 *   version: number,
 *   ply: number,
 *   may: May,
 *   latest: boolean,
 *   selected: number | null,
 *   paths: Move[] | null,
 *   cursor: number | null,
 *   busy: boolean,
 *   send: Record<string, unknown> | null,
 *   error: string,
 *   confirm: Confirm | null,
 *   armed: Control | null,
 *   claimable: boolean,
 *   side: "white" | "black" | null,
 *   position: string,
 *   live: boolean,
 *   mine: boolean,
 *   premove: { from: number, to: number } | null,
 *   dropped: boolean,
 *   seen: number,
 * }} Controller
 * `live`: a live game in play; `mine`: the player is to move; `premove`: the move queued in the
 * opponent's turn; `dropped`: the last premove was not a legal move when the turn came;
 * `seen`: how many times the opponent has been seen moving (the claims wait again after each).
 * @typedef {{ type: "game", version: number, ply: number, may: May, latest: boolean,
 *     side?: "white" | "black", position?: string, live?: boolean, mine?: boolean }
 *   | { type: "pick", square: number | null }
 *   | { type: "drop", from: number, to: number }
 *   | { type: "choose", alg: string }
 *   | { type: "key", key: string, bottom: "white" | "black" }
 *   | { type: "clear" }
 *   | { type: "control", control: Control }
 *   | { type: "disarm" }
 *   | { type: "sent", ok: boolean, error?: string, confirm?: { error: string, confirm: string, cancel: string } }
 *   | { type: "confirm", yes: boolean }
 *   | { type: "reset" }
 *   | { type: "presence", claimable: boolean }} PlayMessage
 */

/** @type {May} Nothing allowed: a spectator's, or before the first state. */
export const NOTHING = {
  moves: [], offer_draw: false, answer_draw: false, ask_takeback: false, answer_takeback: false, resign: false,
  save_conditional: false, evaluate: false,
};

/** The longest wait `setTimeout` takes (a longer one fires at once). */
const LONGEST_WAIT = 2 ** 31 - 1;

/** How often a player's open page of a live game tells the server it is there (ms). */
export const SIGHTING_EVERY = 5000;

/** The controls that ask before they act (a second press within a while acts). */
const ARMED = new Set(["resign"]);

/**
 * What the player of `me` ("spectator" for a reader who does not play) may do in `state` at
 * `now` (milliseconds), as the server said: its `may`, or from the `deadline` on its `may_late`
 * (the server says what is left then).
 * @param {PlayState | null} state @param {string} me @param {number} now
 * @returns {May}
 */
export function allowed(state, me, now) {
  if (!state) return NOTHING;
  const late = state.may_late && state.deadline !== null && now >= state.deadline;
  return (late ? state.may_late : state.may)?.[me] || NOTHING;
}

/** @returns {Controller} Before the first state: nothing allowed, nothing chosen. */
export function initial() {
  return {
    version: -1,
    ply: 0,
    may: NOTHING,
    latest: false,
    selected: null,
    paths: null,
    cursor: null,
    busy: false,
    send: null,
    error: "",
    confirm: null,
    armed: null,
    claimable: false,
    side: null,
    position: "",
    live: false,
    mine: false,
    premove: null,
    dropped: false,
    seen: 0,
  };
}

/** @param {Controller} s Whether a move may be chosen now. */
export function playable(s) {
  return s.latest && s.may.moves.length > 0 && !s.busy;
}

/**
 * Whether a premove may be chosen now: the opponent's turn in a live game in play, the latest
 * position shown, nothing on its way.
 * @param {Controller} s
 */
export function premoving(s) {
  return s.live && !s.mine && s.side !== null && s.latest && !s.busy;
}

/** @param {Controller} s The squares a premove's piece might go to. */
function premoveTargets(s) {
  return s.side ? premoveDests(s.position, s.side) : new Map();
}

/**
 * A pick in the opponent's turn: a queued premove is cancelled; a target of the selected piece
 * queues one; else the piece picked (if it is the player's) is selected.
 * @param {Controller} s @param {number} sq
 * @returns {Controller}
 */
function pickPremove(s, sq) {
  if (s.premove) return { ...s, premove: null, selected: null };
  const dests = premoveTargets(s);
  if (s.selected !== null && isDest(dests, s.selected, sq)) {
    return { ...s, premove: { from: s.selected, to: sq }, selected: null, dropped: false };
  }
  return { ...s, selected: dests.has(sq) ? sq : null, dropped: false };
}

/**
 * The turn has come (the state `next`) with `premove` queued: the move it names is sent if it
 * is the only one allowed from its square to its target; several (captures by different
 * paths) are offered to choose from; none drops it, and says so.
 * @param {Controller} next @param {{ from: number, to: number }} premove
 * @returns {Controller}
 */
function playPremove(next, premove) {
  const s = { ...next, premove: null };
  const landing = movesLanding(s.may.moves, premove.from, premove.to);
  if (landing.length === 1) return sending(s, { act: "move", move: landing[0].alg, ply: s.ply });
  if (landing.length > 1) return { ...s, selected: premove.from, paths: landing };
  return { ...s, dropped: true };
}

/** @param {Controller} s @param {Record<string, unknown>} body The state that sends `body`. */
function sending(s, body) {
  return { ...s, selected: null, paths: null, confirm: null, armed: null, busy: true, error: "", send: body };
}

/** @param {Controller} s @param {number} from @param {number} to */
function choose(s, from, to) {
  const landing = movesLanding(s.may.moves, from, to);
  if (landing.length === 1) return sending(s, { act: "move", move: landing[0].alg, ply: s.ply });
  if (landing.length > 1) return { ...s, selected: from, paths: landing };
  return null;
}

/**
 * The state after `message`: pure, `s` is left as it was (and is what comes back when the
 * message changes nothing: a pick while the player may not move, an older state).
 * @param {Controller} s
 * @param {PlayMessage} message
 * @returns {Controller}
 */
export function update(s, message) {
  switch (message.type) {
    case "game": {
      if (message.version < s.version) return s;
      const changed = message.version !== s.version;
      /** @type {Controller} */
      const next = {
        ...s, version: message.version, ply: message.ply, may: message.may, latest: message.latest,
        side: message.side ?? s.side, position: message.position ?? s.position,
        live: Boolean(message.live), mine: Boolean(message.mine),
      };
      if (changed) Object.assign(next, { selected: null, paths: null, cursor: null, confirm: null, error: "", dropped: false });
      // The opponent has just moved: they are here, and the claims wait again.
      if (changed && s.version >= 0 && next.mine && next.ply !== s.ply) {
        Object.assign(next, { claimable: false, seen: s.seen + 1 });
      }
      if (s.premove && changed) {
        if (next.live && next.mine && next.may.moves.length > 0 && !next.busy) return playPremove(next, s.premove);
        // The game ended, or the premove can no longer come (a takeback gave the turn back).
        if (!next.live || next.mine) next.premove = null;
      }
      if (!playable(next) && !premoving(next)) Object.assign(next, { selected: null, paths: null });
      const same = !changed && next.ply === s.ply && next.may === s.may && next.latest === s.latest
        && next.selected === s.selected && next.paths === s.paths && next.side === s.side
        && next.position === s.position && next.live === s.live && next.mine === s.mine
        && next.premove === s.premove;
      return same ? s : next;
    }
    case "pick": {
      if (premoving(s) && message.square !== null) return pickPremove(s, message.square);
      if (!playable(s) || message.square === null) return s;
      const sq = message.square;
      if (s.selected !== null) {
        const chosen = choose(s, s.selected, sq);
        if (chosen) return chosen;
      }
      const selected = s.may.moves.some((m) => m.path[0] === sq) ? sq : null;
      return { ...s, selected, paths: null };
    }
    case "drop":
      if (premoving(s)) {
        if (!isDest(premoveTargets(s), message.from, message.to)) return s;
        return { ...s, premove: { from: message.from, to: message.to }, selected: null, dropped: false };
      }
      if (!playable(s)) return s;
      return choose(s, message.from, message.to) || s;
    case "choose": {
      if (!playable(s) || !s.paths) return s;
      const move = s.paths.find((m) => m.alg === message.alg);
      return move ? sending(s, { act: "move", move: move.alg, ply: s.ply }) : s;
    }
    case "key": {
      if (!playable(s)) return s;
      const flip = message.bottom === "black" ? -1 : 1;
      /** @type {Record<string, number>} */
      const steps = { ArrowUp: 8 * flip, ArrowDown: -8 * flip, ArrowLeft: -1 * flip, ArrowRight: flip };
      if (message.key in steps) {
        const from = s.cursor ?? s.selected ?? (message.bottom === "white" ? 3 : 59);
        const to = from + steps[message.key];
        const wraps = Math.abs((to % 8) - (from % 8)) > 1;
        return { ...s, cursor: to >= 0 && to < 64 && !wraps ? to : from };
      }
      if (message.key === "Enter" || message.key === " ") return update(s, { type: "pick", square: s.cursor });
      if (message.key === "Escape") return update(s, { type: "clear" });
      return s;
    }
    case "clear":
      return s.selected === null && s.paths === null && s.premove === null ? s : { ...s, selected: null, paths: null, premove: null };
    case "control": {
      const c = message.control;
      if (s.busy || !controlsOf(s)[c]) return s;
      if (ARMED.has(c) && s.armed !== c) return { ...s, armed: c };
      /** @type {Record<Control, Record<string, unknown>>} */
      const bodies = {
        resign: { act: "resign", ply: s.ply },
        "offer-draw": { act: "draw", ply: s.ply },
        "accept-draw": { act: "answer", question: "draw", accept: true, version: s.version },
        "decline-draw": { act: "answer", question: "draw", accept: false, version: s.version },
        "ask-takeback": { act: "takeback" },
        "allow-takeback": { act: "answer", question: "takeback", accept: true, version: s.version },
        "refuse-takeback": { act: "answer", question: "takeback", accept: false, version: s.version },
        "claim-win": { act: "claim", claim: "win" },
        "claim-draw": { act: "claim", claim: "draw" },
      };
      return sending(s, bodies[c]);
    }
    case "disarm":
      return s.armed ? { ...s, armed: null } : s;
    case "sent": {
      if (!s.send) return s;
      const done = { ...s, busy: false, send: null };
      if (message.ok) return done;
      const answer = message.confirm;
      if (answer && s.send.act === "move") {
        return { ...done, confirm: { body: { ...s.send, losing: true }, text: answer.error, yes: answer.confirm, no: answer.cancel } };
      }
      return { ...done, error: message.error || "" };
    }
    case "confirm": {
      if (!s.confirm || s.busy) return s;
      return message.yes ? sending(s, s.confirm.body) : { ...s, confirm: null };
    }
    case "reset":
      // The premove waits for the state that follows (see "game").
      return { ...s, selected: null, paths: null, cursor: null, error: "" };
    case "presence":
      return message.claimable === s.claimable ? s : { ...s, claimable: message.claimable };
  }
  return s;
}

/**
 * What the board shows of the choice: the squares each piece may go to (none when the player
 * may not move now; in the opponent's turn of a live game, the squares a premove may aim at),
 * the piece selected, the keyboard's square and the premove queued.
 * @param {Controller} s
 * @returns {{ dests: Map<number, number[]>, selected: number | null, cursor: number | null, premove: [number, number] | null, premoving: boolean }}
 */
export function boardOf(s) {
  const premove = s.premove && s.live && !s.mine ? /** @type {[number, number]} */ ([s.premove.from, s.premove.to]) : null;
  if (premoving(s)) return { dests: premoveTargets(s), selected: s.selected, cursor: null, premove, premoving: true };
  if (!playable(s)) return { dests: new Map(), selected: null, cursor: null, premove, premoving: false };
  return { dests: destsOf(s.may.moves), selected: s.selected, cursor: s.cursor, premove: null, premoving: false };
}

/**
 * Which controls show: each that the server allows now (its capabilities), and the panel
 * when any does.
 * @param {Controller} s
 * @returns {Record<Control, boolean> & { any: boolean }}
 */
export function controlsOf(s) {
  const can = s.may;
  const shown = {
    resign: can.resign,
    "offer-draw": can.offer_draw,
    "accept-draw": can.answer_draw,
    "decline-draw": can.answer_draw,
    "ask-takeback": can.ask_takeback,
    "allow-takeback": can.answer_takeback,
    "refuse-takeback": can.answer_takeback,
    // The opponent has left (the server says when): the game may be claimed while it goes on.
    "claim-win": s.claimable && can.resign,
    "claim-draw": s.claimable && can.resign,
  };
  return { ...shown, any: can.moves.length > 0 || Object.values(shown).some(Boolean) };
}

/**
 * The prompt: the square the keyboard is on, else `yourMove` when a move may be chosen; in the
 * opponent's turn, `words.queued` while a premove waits, `words.dropped` when the last one was
 * not a legal move when the turn came.
 * @param {Controller} s @param {string} yourMove
 * @param {{ queued: string, dropped: string }} [words]
 */
export function promptOf(s, yourMove, words = { queued: "", dropped: "" }) {
  if (s.dropped) return words.dropped;
  if (s.premove && s.live && !s.mine) return words.queued;
  if (!playable(s)) return "";
  return s.cursor === null ? yourMove : squareName(s.cursor);
}

/**
 * Draws the controls in `root` from the state alone: the buttons allowed, the one asking to be
 * pressed again, the prompt, the error, the paths to choose between, the question before a
 * losing move.
 * @param {Controller} s @param {ParentNode} root
 */
export function view(s, root) {
  const controls = $("controls", root);
  const shown = controlsOf(s);
  controls.hidden = !shown.any;
  for (const id of /** @type {Control[]} */ (Object.keys(shown).filter((k) => k !== "any"))) {
    const b = $(id, root);
    if (!b) continue;
    b.hidden = !shown[id];
    if (b.dataset.label === undefined) b.dataset.label = b.textContent || "";
    b.dataset.armed = s.armed === id ? "yes" : "";
    b.textContent = (s.armed === id ? b.dataset.confirm : b.dataset.label) || "";
  }
  const prompt = $("prompt", root);
  prompt.textContent = promptOf(s, controls.dataset.yourMove || "", {
    queued: controls.dataset.premoveQueued || "",
    dropped: controls.dataset.premoveDropped || "",
  });
  prompt.classList.toggle("premove-dropped", s.dropped);
  say($("error", root), s.error);
  viewPaths($("paths", root), s.paths, controls.dataset.choosePath || "");
  const box = $("confirm", root);
  if (box) {
    box.hidden = !s.confirm;
    if (s.confirm) {
      $("confirm-text", root).textContent = s.confirm.text;
      $("confirm-yes", root).textContent = s.confirm.yes;
      $("confirm-no", root).textContent = s.confirm.no;
    }
  }
}

/**
 * The paths to choose between (buttons named by the moves' `label`, `data-move` their
 * algebraic text), or nothing; drawn again only when they change, the first focused when they
 * appear.
 * @template {{ alg: string }} M
 * @param {HTMLElement | null} box @param {M[] | null} paths @param {string} question
 * @param {(move: M) => string} [label]
 */
export function viewPaths(box, paths, question, label = (m) => m.alg) {
  if (!box) return;
  const key = paths ? paths.map((m) => m.alg).join(" ") : "";
  if (box.dataset.shown === key) return;
  box.dataset.shown = key;
  if (!paths) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  const doc = box.ownerDocument;
  const p = doc.createElement("p");
  p.textContent = question;
  const buttons = paths.map((m) => {
    const b = doc.createElement("button");
    b.type = "button";
    b.textContent = label(m);
    b.dataset.move = m.alg;
    return b;
  });
  box.replaceChildren(p, ...buttons);
  box.hidden = false;
  buttons[0]?.focus();
}

/**
 * The move named by the button clicked in a box of paths (see `viewPaths`), or null.
 * @param {Event} e
 * @returns {string | null}
 */
export function pathClicked(e) {
  const b = e.target instanceof Element ? e.target.closest("button[data-move]") : null;
  return b instanceof HTMLElement ? b.dataset.move || "" : null;
}

/**
 * Where actions go: the address, the headers that say who sends them, and for a live game's
 * clocks the lag a move reports (`lag()`, see clock.js) and what hears each action's round trip.
 * @typedef {{
 *   act: string, headers: Record<string, string>,
 *   lag?: () => number | undefined, measured?: (ms: number) => void,
 * }} Server
 */

/**
 * The body of `action` as sent: a move carries the lag estimate, when there is one.
 * @param {Record<string, unknown>} action @param {number | undefined} lag
 * @returns {Record<string, unknown>}
 */
export function withLag(action, lag) {
  return action.act === "move" && lag !== undefined ? { ...action, lag_ms: lag } : action;
}

/**
 * Sends an action to the server; resolves to the controller's message of its answer.
 * @param {Server} server @param {Record<string, unknown>} body
 * @param {string} offline @param {string} failed
 * @returns {Promise<PlayMessage>}
 */
export async function post(server, body, offline, failed) {
  try {
    const sent = Date.now();
    const { ok, answer } = await postJson(server.act, withLag(body, server.lag?.()), server.headers);
    server.measured?.(Date.now() - sent);
    if (ok) return { type: "sent", ok: true };
    if (answer.confirm) return { type: "sent", ok: false, confirm: answer };
    return { type: "sent", ok: false, error: refusalWords(answer, failed) };
  } catch {
    return { type: "sent", ok: false, error: offline };
  }
}

/**
 * Tells the server the player's page is open (a live game's sighting); resolves to how long
 * (ms) until the opponent counts as gone, `null` when nothing can be claimed or the answer
 * did not come.
 * @param {Server} server
 * @returns {Promise<number | null>}
 */
export async function here(server) {
  try {
    const { ok, answer } = await postJson(server.act, { act: "here" }, server.headers);
    const wait = ok ? answer?.presence?.claimable_in : null;
    return typeof wait === "number" ? wait : null;
  } catch {
    return null;
  }
}

/** The keys the board's keyboard play answers. */
const KEYS = ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Enter", " ", "Escape"];

/**
 * @typedef {Extract<PlayMessage, { type: "game" }>} GameMessage
 * @typedef {{
 *   root: ParentNode,
 *   bottom: () => "white" | "black",
 *   game: () => GameMessage | null,
 *   send: (body: Record<string, unknown>) => Promise<PlayMessage>,
 *   redraw: () => void,
 *   settled?: (before: Controller, after: Controller) => void,
 * }} ControllerOptions
 */

/**
 * The controller of a page where moves are chosen on the board (a game's, a puzzle's): the
 * pure `update` driven by the board's input, the keyboard on the board (`#board` in `root`:
 * arrows move a square, Enter or space picks it, Escape lets go) and the paths offered
 * (`#paths`). `game()` gives the controller's view of the server's state shown now, `send` sends
 * an action the controller decided and resolves to the message of its answer, `settled` hears
 * every change. `destroy()` stops listening; answers arriving later are dropped.
 * @param {ControllerOptions} options
 */
export function createController(options) {
  /** @type {Controller} */
  let state = initial();
  let gone = false;
  const on = listeners();

  /** The controller told of the game as the page shows it now (a premove due is sent). */
  function sync() {
    const game = options.game();
    if (!game || gone) return;
    const before = state;
    state = update(state, game);
    settle(before);
  }

  /** @param {Controller} before */
  function settle(before) {
    if (state === before) return;
    const body = state.send;
    if (body && body !== before.send) {
      options.send(body).then((answer) => {
        if (!gone) dispatch(answer);
      });
    }
    options.settled?.(before, state);
  }

  /** @param {PlayMessage} message */
  function dispatch(message) {
    if (gone) return;
    sync();
    const before = state;
    state = update(state, message);
    if (state === before) return;
    settle(before);
    options.redraw();
  }

  const board = $("board", options.root);
  if (board) board.tabIndex = 0;
  // A tap off the board's squares does not reach the board: Escape cancels a premove too.
  on.on(board, "keydown", (/** @type {KeyboardEvent} */ e) => {
    if (e.key === "Escape" && state.premove) {
      e.preventDefault();
      dispatch({ type: "clear" });
      return;
    }
    if (!KEYS.includes(e.key)) return;
    sync();
    if (!playable(state)) return;
    e.preventDefault();
    e.stopPropagation();
    dispatch({ type: "key", key: e.key, bottom: options.bottom() });
  });
  on.on($("paths", options.root), "click", (e) => {
    const alg = pathClicked(e);
    if (alg !== null) dispatch({ type: "choose", alg });
  });

  return {
    /** The controller's state now. */
    state: () => state,
    dispatch,
    sync,
    /** Forgets the piece chosen: the game changed. */
    reset() {
      state = update(state, { type: "reset" });
    },
    /** A new state has come: a premove due is sent now, not at the next drawing. */
    heard() {
      const before = state;
      sync();
      if (state !== before) options.redraw();
    },
    /** What the board shows of the choice. */
    choice() {
      sync();
      return boardOf(state);
    },
    /** @param {number | null} sq */
    pick(sq) {
      dispatch({ type: "pick", square: sq });
    },
    /**
     * A piece dragged from `from` and dropped on one of its targets `to`: the move, or the
     * choice between the paths that end there.
     * @param {number} from @param {number} to
     */
    drop(from, to) {
      dispatch({ type: "drop", from, to });
    },
    /** Listens on `target` until `destroy()`. */
    listen: on.on,
    destroy() {
      gone = true;
      on.stop();
    },
  };
}

/**
 * Sets up a player's controls on a game's page (`root`, its `#game` element). `me` is "white"
 * or "black", `bottom` the side the board has at the bottom (for the keyboard's arrows);
 * `current()` gives `{ state, latest }`, the server's state and whether the page shows its
 * latest position; `redraw()` draws again. `server` says where actions go: `{ act, headers }`,
 * the action's address and the headers that say who sends it (the web page's CSRF token, the
 * Activity's session).
 * Returns what the page calls: `choice()` for the board, `pick` and `drop` for its input,
 * `render(state)` after each drawing, `reset()` when the game changes, `destroy()` at the end.
 * @param {{
 *   root: HTMLElement, me: string, bottom: "white" | "black",
 *   current: () => { state: PlayState | null, latest: boolean }, redraw: () => void, server: Server,
 * }} options
 */
export function setupPlay({ root, me, bottom, current, redraw, server }) {
  /** Redraws at the deadline, where what the player may do changes; undoes an armed button. */
  let atDeadline = 0;
  let disarm = 0;
  /** Shows the claims when the opponent counts as gone (see `sight`). */
  let claimableAt = 0;
  let gone = false;

  const controller = createController({
    root,
    bottom: () => bottom,
    game() {
      const { state: game, latest } = current();
      if (!game) return null;
      const side = me === "white" || me === "black" ? me : undefined;
      return {
        type: "game", version: game.version, ply: game.moves.length, may: allowed(game, me, Date.now()), latest,
        side, position: game.positions?.[game.moves.length], live: Boolean(game.clock) && !game.over,
        mine: !game.over && game.turn === me,
      };
    },
    send: (body) => post(server, body, root.dataset.offline || "", root.dataset.failed || ""),
    redraw,
    // A button armed is disarmed after a while; when the opponent has just moved the claims
    // wait again (the server is asked at once how long).
    settled(before, state) {
      if (state.armed && state.armed !== before.armed) {
        clearTimeout(disarm);
        disarm = window.setTimeout(() => controller.dispatch({ type: "disarm" }), 5000);
      }
      if (state.seen !== before.seen) {
        clearTimeout(claimableAt);
        sight();
      }
    },
  });
  const { dispatch, listen } = controller;

  for (const id of /** @type {Control[]} */ (["resign", "offer-draw", "accept-draw", "decline-draw", "ask-takeback", "allow-takeback", "refuse-takeback", "claim-win", "claim-draw"])) {
    listen($(id, root), "click", () => dispatch({ type: "control", control: id }));
  }
  // In a live game in play, the page says it is open every SIGHTING_EVERY; the answer says
  // from when the opponent counts as gone, and the claims show from then (unless they return).
  function sight() {
    const { state: game } = current();
    if (gone || !game || !game.clock || game.over || !allowed(game, me, Date.now()).resign) return;
    here(server).then((claimableIn) => {
      if (gone) return;
      clearTimeout(claimableAt);
      if (claimableIn === null) {
        dispatch({ type: "presence", claimable: false });
      } else if (claimableIn <= 0) {
        dispatch({ type: "presence", claimable: true });
      } else {
        dispatch({ type: "presence", claimable: false });
        claimableAt = window.setTimeout(() => dispatch({ type: "presence", claimable: true }), Math.min(claimableIn, LONGEST_WAIT));
      }
    });
  }
  const sighting = window.setInterval(sight, SIGHTING_EVERY);
  sight();
  listen($("confirm-yes", root), "click", () => dispatch({ type: "confirm", yes: true }));
  listen($("confirm-no", root), "click", () => dispatch({ type: "confirm", yes: false }));

  return {
    reset: controller.reset,
    heard: controller.heard,
    choice: controller.choice,
    pick: controller.pick,
    drop: controller.drop,
    /** Stops listening and waiting. */
    destroy() {
      gone = true;
      controller.destroy();
      clearTimeout(atDeadline);
      clearTimeout(disarm);
      clearTimeout(claimableAt);
      clearInterval(sighting);
    },
    /**
     * Shows the controls the server allows the player now in `game`, and no others.
     * @param {PlayState} game
     */
    render(game) {
      controller.sync();
      view(controller.state(), root);
      // Until the deadline: drawn again when it passes, with what is allowed from then on.
      clearTimeout(atDeadline);
      const wait = game.may_late && game.deadline !== null ? game.deadline - Date.now() : 0;
      if (wait > 0) atDeadline = window.setTimeout(redraw, Math.min(wait + 10, LONGEST_WAIT));
    },
  };
}
