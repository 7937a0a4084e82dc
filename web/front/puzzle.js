// @ts-check
// A server's puzzle on the web (/puzzle/{guild}): the signed-in member's try, the same one as in
// Discord. A tap on a piece that can move lights up its targets, a tap on a target (or dragging
// the piece onto it) sends the answer; the server says whether it was right and replies. The script decides no rule: the
// answers offered are the server's `legal` list, and the server checks every one again.

import { createBoard } from "./board.js";
import { NOTHING, boardOf, initial, promptOf, refusalWords, update, viewPaths } from "./play.js";

/**
 * @typedef {{ alg: string, path: number[] }} Move
 * @typedef {{
 *   title: string, heading: string, position: string, previous: string | null,
 *   last: { path: number[], captured: number[] } | null, legal: Move[], bottom: "white" | "black",
 *   played: string, over: boolean, solved: boolean | null,
 * }} PuzzleState
 * @typedef {import("./play.js").PlayMessage} PlayMessage
 */

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const page = $("puzzle");
const csrf = document.querySelector('meta[name="dama-csrf"]')?.getAttribute("content") || "";
const act = `/puzzle/${page.dataset.guild}/act`;
/**
 * The puzzle from the server, and the choice of the answer: the game's controller (play.js),
 * told of each puzzle state as a new version whose moves are the answers offered.
 * @type {{ state: PuzzleState | null, version: number, play: import("./play.js").Controller, frame: number }}
 */
const view = { state: null, version: 0, play: initial(), frame: 0 };

/** Narrow screens (phones): the coordinates inside the board's edge squares, as on a game's page. */
const narrow = window.matchMedia("(max-width: 600px)");
const board = createBoard($("board"), {
  theme: page.dataset.theme || "traditional",
  coords: narrow.matches ? "inside" : "outside",
  events: {
    pick: (square) => dispatch({ type: "pick", square }),
    drop: (from, to) => dispatch({ type: "drop", from, to }),
  },
});

/** @param {string} id @param {string} text */
function say(id, text) {
  const p = $(id);
  if (!p) return;
  p.textContent = text || "";
  p.hidden = !text;
}

/** @param {PuzzleState | null} state A new state from the server: the controller is told. */
function receive(state) {
  view.state = state;
  view.version += 1;
  if (!state) return;
  view.play = update(view.play, {
    type: "game", version: view.version, ply: 0, may: { ...NOTHING, moves: state.legal }, latest: !state.over,
  });
}

/** @param {PlayMessage} message */
function dispatch(message) {
  const before = view.play;
  view.play = update(view.play, message);
  if (view.play === before) return;
  const body = view.play.send;
  if (body && body !== before.send) send(String(body.move));
  redraw();
}

function redraw() {
  if (view.frame) return;
  view.frame = requestAnimationFrame(() => {
    view.frame = 0;
    render();
  });
}

function render() {
  const s = view.state;
  const controls = $("controls");
  if (!s) {
    $("board").replaceChildren();
    return;
  }
  document.title = s.title;
  $("title").textContent = s.title;
  $("heading").textContent = s.heading;
  board.set({
    // The side the server puts at the bottom for this solver.
    bottom: s.bottom,
    position: s.position,
    last: s.last && s.last.path.length ? s.last : null,
    before: s.previous,
    label: s.heading,
    data: { played: String(s.played) },
    ...boardOf(view.play),
  });
  if (controls) {
    say("prompt", promptOf(view.play, controls.dataset.yourMove || ""));
    viewPaths($("paths"), view.play.paths, controls.dataset.choosePath || "");
  }
  page.classList.toggle("solved", s.solved === true);
  page.classList.toggle("failed", s.solved === false);
}

/**
 * Sends the answer `move` (or, without one, asks for the next puzzle).
 * @param {string | null} move
 */
async function send(move) {
  say("error", "");
  /** @type {PlayMessage} */
  let sent = { type: "sent", ok: true };
  try {
    const response = await fetch(act, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Dama-Csrf": csrf },
      body: JSON.stringify(move === null ? { act: "start" } : { act: "move", move }),
      credentials: "same-origin",
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) {
      const error = refusalWords(answer, page.dataset.failed || "");
      say("error", error);
      sent = { type: "sent", ok: false, error };
    } else {
      view.play = update(view.play, sent);
      receive(answer.state);
      say("message", answer.message);
    }
  } catch {
    say("error", page.dataset.offline || "");
    sent = { type: "sent", ok: false, error: page.dataset.offline || "" };
  } finally {
    view.play = update(view.play, sent);
    redraw();
  }
}

narrow.addEventListener("change", () => board.set({ coords: narrow.matches ? "inside" : "outside" }));
$("paths")?.addEventListener("click", (e) => {
  const b = e.target instanceof Element ? e.target.closest("button[data-move]") : null;
  if (b instanceof HTMLElement) dispatch({ type: "choose", alg: b.dataset.move || "" });
});
$("next-puzzle")?.addEventListener("click", () => send(null));

try {
  receive(JSON.parse($("initial-state").textContent || ""));
} catch {
  receive(null);
}
render();
