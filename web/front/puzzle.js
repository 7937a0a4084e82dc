// A server's puzzle on the web (/puzzle/{guild}): the signed-in member's try, the same one as in
// Discord. A click on a piece that can move lights up its targets, a click on a target sends the
// answer; the server says whether it was right and replies. The script decides no rule: the
// answers offered are the server's `legal` list, and the server checks every one again.

import { drawBoard, markChoice, setBottom, setTheme, squareOf } from "./board.js";

const page = document.getElementById("puzzle");
const $ = (id) => document.getElementById(id);
const csrf = document.querySelector('meta[name="dama-csrf"]')?.content || "";
const act = `/puzzle/${page.dataset.guild}/act`;
const view = { state: null, selected: null, busy: false, frame: 0 };

setTheme(page.dataset.theme);

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
  // The side the server puts at the bottom for this solver.
  setBottom(s.bottom);
  document.title = s.title;
  $("title").textContent = s.title;
  $("heading").textContent = s.heading;
  const svg = drawBoard(s.position, s.last && s.last.path.length ? s.last : null, s.previous, s.heading);
  svg.dataset.played = s.played;
  if (playable()) {
    const selected = view.selected;
    const targets = selected === null ? [] : movesFrom(selected).map((m) => m.path[m.path.length - 1]);
    const movable = selected === null ? [...new Set(s.legal.map((m) => m.path[0]))] : [];
    markChoice(svg, { selected, targets, movable, cursor: null });
  }
  $("board").replaceChildren(svg);
  if (controls) say("prompt", playable() ? controls.dataset.yourMove : "");
  page.classList.toggle("solved", s.solved === true);
  page.classList.toggle("failed", s.solved === false);
}

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
    say("error", page.dataset.offline);
  } finally {
    view.busy = false;
    redraw();
  }
}

function choosePath(moves) {
  const box = $("paths");
  const p = document.createElement("p");
  p.textContent = $("controls").dataset.choosePath;
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

function pick(sq) {
  if (!playable() || sq === null) return;
  if (view.selected !== null) {
    const landing = movesFrom(view.selected).filter((m) => m.path[m.path.length - 1] === sq);
    if (landing.length === 1) return send({ act: "move", move: landing[0].alg });
    if (landing.length > 1) return choosePath(landing);
  }
  view.selected = movesFrom(sq).length ? sq : null;
  redraw();
}

$("board").addEventListener("click", (e) => {
  const square = e.target.closest("[data-square]");
  if (square) pick(squareOf(square.dataset.square));
});
$("next-puzzle")?.addEventListener("click", () => send({ act: "start" }));

try {
  view.state = JSON.parse($("initial-state").textContent);
} catch {
  view.state = null;
}
render();
