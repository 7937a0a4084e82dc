// @ts-check
// The puzzle page on the game's controller (puzzle.js), on a stand-in document (fake-dom.js):
// played with the keyboard on the board, the answer sent is the move chosen.

import { test } from "node:test";
import assert from "node:assert/strict";

import { FakeDocument, h } from "./fake-dom.js";

// The page's narrow-screen query, as the browser gives it.
Object.assign(globalThis, {
  window: { matchMedia: () => ({ matches: false, addEventListener() {}, removeEventListener() {} }) },
});
const { createPuzzle } = await import("../puzzle.js");

/** A white man on d3 (19) may go to d4 (27) or c3 (18); a black man on f6. */
const PUZZLE = {
  title: "Puzzle", heading: "White to play and win.", position: "8/8/5b2/8/8/3w4/8/8 w", previous: null,
  last: null, legal: [{ alg: "d3-d4", path: [19, 27] }, { alg: "d3-c3", path: [19, 18] }], bottom: "white",
  played: "", over: false, solved: null,
};

/** The puzzle's page, as puzzle.rs writes it, with `state` as its initial state. @param {unknown} state */
function page(state) {
  const doc = new FakeDocument();
  const root = h(doc, "main", { id: "puzzle", "data-guild": "7", "data-failed": "It failed." }, [
    h(doc, "h1", { id: "title" }),
    h(doc, "p", { id: "heading" }),
    h(doc, "div", { id: "board" }),
    h(doc, "p", { id: "message" }),
    h(doc, "section", { id: "controls", "data-your-move": "Your move", "data-choose-path": "Which?" }, [
      h(doc, "p", { id: "prompt" }),
      h(doc, "div", { id: "paths", hidden: "" }),
      h(doc, "p", { id: "error", hidden: "" }),
      h(doc, "button", { id: "next-puzzle" }),
    ]),
  ]);
  const initial = h(doc, "script", { id: "initial-state" });
  initial.text = JSON.stringify(state);
  doc.body.append(root, initial);
  return { doc, root };
}

test("the puzzle is played with the keyboard on the board: arrows to the piece, Enter, arrows to its target, Enter", async () => {
  const { root } = page(PUZZLE);
  /** @type {{ url: string, body: unknown }[]} */
  const sent = [];
  const answered = { ...PUZZLE, position: "8/8/5b2/8/3w4/8/8/8 b", legal: [], over: true, solved: true };
  const puzzle = createPuzzle(/** @type {any} */ (root), {
    csrf: "token",
    frame: (draw) => {
      draw();
      return 1;
    },
    post: async (url, body) => {
      sent.push({ url, body });
      return { ok: true, status: 200, answer: { state: answered, message: "d3-d4: solved!" } };
    },
  });
  const board = /** @type {import("./fake-dom.js").FakeElement} */ (root.querySelector("#board"));
  assert.equal(board.tabIndex, 0, "the board takes the keyboard");
  /** @param {string} key */
  const press = (key) => board.dispatchEvent({ type: "keydown", key });
  // The keyboard's square starts on d1: up twice is d3, the man.
  press("ArrowUp");
  press("ArrowUp");
  assert.equal(root.querySelector("#prompt")?.textContent, "d3", "the prompt names the keyboard's square");
  assert.ok(board.querySelector('.cursor[data-square="d3"]'), "the board frames it");
  press("Enter");
  assert.deepEqual(board.querySelectorAll(".target").map((t) => t.getAttribute("data-square")).sort(), ["c3", "d4"]);
  press("ArrowUp");
  press("Enter");
  assert.deepEqual(sent, [{ url: "/puzzle/7/act", body: { act: "move", move: "d3-d4" } }]);
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(root.querySelector("#message")?.textContent, "d3-d4: solved!");
  assert.ok(board.querySelector('.piece.white[data-square="d4"]'), "the answer is on the board");
  assert.equal(board.querySelectorAll(".target").length, 0, "nothing more to choose once solved");
  // Keys once it is over choose nothing, and send nothing.
  press("ArrowDown");
  press("Enter");
  assert.equal(sent.length, 1);
  puzzle.destroy();
  assert.equal(board.listening(), 0, "destroyed, the page hears no key");
});

test("a refused answer shows the server's words, and the keyboard may choose again", async () => {
  const { root } = page(PUZZLE);
  let posts = 0;
  createPuzzle(/** @type {any} */ (root), {
    csrf: "",
    frame: (draw) => {
      draw();
      return 1;
    },
    post: async () => {
      posts += 1;
      return { ok: false, status: 409, answer: { error: "Not your turn." } };
    },
  });
  const board = /** @type {import("./fake-dom.js").FakeElement} */ (root.querySelector("#board"));
  for (const key of ["ArrowUp", "ArrowUp", "Enter", "ArrowLeft", "Enter"]) board.dispatchEvent({ type: "keydown", key });
  assert.equal(posts, 1, "d3-c3 sent");
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(root.querySelector("#error")?.textContent, "Not your turn.");
  // The keyboard's square stayed on c3, where the refused answer went.
  assert.equal(root.querySelector("#prompt")?.textContent, "c3");
  for (const key of ["ArrowRight", "Enter", "ArrowUp", "Enter"]) board.dispatchEvent({ type: "keydown", key });
  assert.equal(posts, 2, "the keyboard chose again");
});
