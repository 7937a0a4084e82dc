// @ts-check
// A server's puzzle on the web (/puzzle/{guild}): the signed-in member's try, the same one as in
// Discord. A tap on a piece that can move lights up its targets, a tap on a target (or dragging
// the piece onto it, or the keyboard on the board: arrows, then Enter or space on the piece and
// on its target) sends the answer; the server says whether it was right and replies. The script
// decides no rule: the answers offered are the server's `legal` list, and the server checks
// every one again.
//
// On the game's controller (play.js `createController`): each puzzle state is a new version
// whose moves are the answers offered; the board and the controls are found inside the page's
// `#puzzle` root, and drawn from the state alone.

import { createBoard } from "./board.js";
import { $ as find, failureWords, initialState, postJson, say, watchNarrow } from "./common.js";
import { NOTHING, createController, promptOf, viewPaths } from "./play.js";

/**
 * @typedef {{ alg: string, path: number[] }} Move
 * @typedef {{
 *   title: string, heading: string, position: string, previous: string | null,
 *   last: { path: number[], captured: number[] } | null, legal: Move[], bottom: "white" | "black",
 *   played: string, over: boolean, solved: boolean | null,
 * }} PuzzleState
 * @typedef {import("./play.js").PlayMessage} PlayMessage
 * @typedef {(url: string, body: unknown, headers: Record<string, string>) => Promise<import("./common.js").Answer>} Post
 */

/**
 * The puzzle page in `root` (its `#puzzle` element): `post` sends an answer (the server's, by
 * default), `frame` draws at the next frame. Returns `destroy()`, which stops it all.
 * @param {HTMLElement} root
 * @param {{ post?: Post, frame?: (draw: () => void) => number, csrf?: string }} [deps]
 */
export function createPuzzle(root, deps = {}) {
  const post = deps.post || postJson;
  const frame = deps.frame || ((draw) => requestAnimationFrame(draw));
  /** @param {string} id */
  const $ = (id) => find(id, root);
  const doc = root.ownerDocument;
  const csrf = deps.csrf ?? (doc.querySelector('meta[name="dama-csrf"]')?.getAttribute("content") || "");
  const act = `/puzzle/${root.dataset.guild}/act`;
  /** The puzzle from the server, told to the controller as a new version each time. */
  /** @type {PuzzleState | null} */
  let puzzle = null;
  let version = 0;
  /** Whether a drawing waits for the next frame. */
  let pending = false;
  let ended = false;

  const controller = createController({
    root,
    bottom: () => (puzzle ? puzzle.bottom : "white"),
    game: () => puzzle && {
      type: "game", version, ply: 0, may: { ...NOTHING, moves: puzzle.legal }, latest: !puzzle.over,
    },
    send: (body) => send(String(body.move)),
    redraw,
  });

  /** Narrow screens (phones): the coordinates inside the board's edge squares, as on a game's page. */
  const narrow = watchNarrow((coords) => board.set({ coords }));
  const board = createBoard($("board"), {
    theme: root.dataset.theme || "traditional",
    coords: narrow.coords(),
    events: { pick: controller.pick, drop: controller.drop },
  });

  /** @param {PuzzleState | null} state A new state from the server. */
  function receive(state) {
    puzzle = state;
    version += 1;
  }

  function redraw() {
    if (pending || ended) return;
    pending = true;
    frame(() => {
      pending = false;
      if (!ended) view();
    });
  }

  /** Draws the page from the puzzle and the controller's state alone. */
  function view() {
    const s = puzzle;
    if (!s) {
      $("board").replaceChildren();
      return;
    }
    const play = controller.state();
    doc.title = s.title;
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
      ...controller.choice(),
    });
    const controls = $("controls");
    if (controls) {
      say($("prompt"), promptOf(controller.state(), controls.dataset.yourMove || ""));
      viewPaths($("paths"), play.paths, controls.dataset.choosePath || "");
    }
    root.classList.toggle("solved", s.solved === true);
    root.classList.toggle("failed", s.solved === false);
  }

  /**
   * Sends the answer `move` (or, without one, asks for the next puzzle); resolves to the
   * controller's message of the answer.
   * @param {string | null} move
   * @returns {Promise<PlayMessage>}
   */
  async function send(move) {
    say($("error"), "");
    const reply = await post(act, move === null ? { act: "start" } : { act: "move", move }, { "X-Dama-Csrf": csrf })
      .catch(() => null);
    if (ended) return { type: "sent", ok: false };
    if (!reply || !reply.ok) {
      const error = failureWords(reply, root.dataset);
      say($("error"), error);
      redraw();
      return { type: "sent", ok: false, error };
    }
    receive(reply.answer.state);
    say($("message"), reply.answer.message);
    redraw();
    return { type: "sent", ok: true };
  }

  controller.listen($("next-puzzle"), "click", () => send(null));
  receive(initialState(root));
  view();

  return {
    destroy() {
      ended = true;
      controller.destroy();
      narrow.stop();
      board.destroy();
    },
  };
}

// Started on the page; imported by the tests, where there is no document.
if (typeof document !== "undefined") {
  const root = document.getElementById("puzzle");
  if (root) createPuzzle(root);
}
