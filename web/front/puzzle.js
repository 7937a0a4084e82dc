// @ts-check
// A server's puzzle on the web (/puzzle/{guild}): the signed-in member's try, the same one as in
// Discord. A tap on a piece that can move lights up its targets, a tap on a target (or dragging
// the piece onto it) sends the answer; the server says whether it was right and replies. The script decides no rule: the
// answers offered are the server's `legal` list, and the server checks every one again.

import { createBoard, destsOf, movesLanding } from "./board.js";

/**
 * @typedef {{ alg: string, path: number[] }} Move
 * @typedef {{
 *   title: string, heading: string, position: string, previous: string | null,
 *   last: { path: number[], captured: number[] } | null, legal: Move[], bottom: "white" | "black",
 *   played: string, over: boolean, solved: boolean | null,
 * }} PuzzleState
 */

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const page = $("puzzle");
const csrf = document.querySelector('meta[name="dama-csrf"]')?.getAttribute("content") || "";
const act = `/puzzle/${page.dataset.guild}/act`;
/** @type {{ state: PuzzleState | null, selected: number | null, busy: boolean, frame: number }} */
const view = { state: null, selected: null, busy: false, frame: 0 };

const board = createBoard($("board"), {
  theme: page.dataset.theme || "traditional",
  events: {
    pick,
    drop(from, to) {
      if (!playable()) return;
      view.selected = from;
      pick(to);
    },
  },
});

/** @param {string} id @param {string} text */
function say(id, text) {
  const p = $(id);
  if (!p) return;
  p.textContent = text || "";
  p.hidden = !text;
}

function playable() {
  const s = view.state;
  return Boolean(s && !s.over && !view.busy);
}

/** @param {number} sq */
function movesFrom(sq) {
  return (view.state?.legal || []).filter((m) => m.path[0] === sq);
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
    dests: playable() ? destsOf(s.legal) : new Map(),
    selected: playable() ? view.selected : null,
  });
  if (controls) say("prompt", playable() ? controls.dataset.yourMove || "" : "");
  page.classList.toggle("solved", s.solved === true);
  page.classList.toggle("failed", s.solved === false);
}

/** @param {Record<string, unknown>} body */
async function send(body) {
  view.busy = true;
  say("error", "");
  try {
    const response = await fetch(act, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Dama-Csrf": csrf },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) {
      say("error", answer.error || response.statusText);
      return;
    }
    view.state = answer.state;
    view.selected = null;
    say("message", answer.message);
  } catch {
    say("error", page.dataset.offline || "");
  } finally {
    view.busy = false;
    redraw();
  }
}

/** @param {Move[]} moves */
function choosePath(moves) {
  const box = $("paths");
  const p = document.createElement("p");
  p.textContent = $("controls").dataset.choosePath || "";
  const buttons = moves.map((m) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = m.alg;
    b.addEventListener("click", () => {
      box.hidden = true;
      send({ act: "move", move: m.alg });
    });
    return b;
  });
  box.replaceChildren(p, ...buttons);
  box.hidden = false;
}

/**
 * A square picked: a piece that can move is selected, one of its targets sends the answer.
 * @param {number} sq
 */
function pick(sq) {
  const s = view.state;
  if (!s || !playable()) return;
  if (view.selected !== null) {
    const landing = movesLanding(s.legal, view.selected, sq);
    if (landing.length === 1) return send({ act: "move", move: landing[0].alg });
    if (landing.length > 1) return choosePath(landing);
  }
  view.selected = movesFrom(sq).length ? sq : null;
  redraw();
}

$("next-puzzle")?.addEventListener("click", () => send({ act: "start" }));

try {
  view.state = JSON.parse($("initial-state").textContent || "");
} catch {
  view.state = null;
}
render();
