// @ts-check
// The board's drawing (board.js `createBoard`) on a stand-in document (fake-dom.js): a move
// redraws only the squares it involves, a piece slides from the change itself, and a board
// destroyed is inert.

import { test } from "node:test";
import assert from "node:assert/strict";

import { changeOf, createBoard, parsePosition, routeOf, squareOf } from "../board.js";
import { FakeDocument, FakeElement, h, squareOfNode } from "./fake-dom.js";

/** @param {string} name */
const sq = (name) => /** @type {number} */ (squareOf(name));

/** A board on a stand-in document, and its element. */
function board() {
  const doc = new FakeDocument();
  const element = h(doc, "div", { id: "board" });
  doc.body.appendChild(element);
  const made = createBoard(/** @type {any} */ (element), { position: "8/8/8/8/8/3ww3/8/8 w" });
  return { doc, element, board: made };
}

/** @param {FakeElement} element @param {string} name */
function pieceOn(element, name) {
  return element.querySelector(`.piece[data-square="${name}"]`);
}

test("a move redraws only the squares it involves: its two squares and the piece that moved", () => {
  const { doc, element, board: b } = board();
  const e3 = pieceOn(element, "e3");
  assert.ok(e3, "the first drawing has the man on e3");
  const first = doc.writes.length;
  doc.writes = [];
  b.set({ position: "8/8/8/8/3w4/4w3/8/8 b", last: { path: [sq("d3"), sq("d4")], captured: [] } });
  const touched = new Set(doc.writes.map((w) => squareOfNode(w.node)));
  assert.deepEqual([...touched].sort(), ["d3", "d4"], `writes: ${doc.writes.map((w) => `${w.op} ${w.name || ""} ${squareOfNode(w.node)}`).join(", ")}`);
  assert.ok(doc.writes.length < first / 10, `${doc.writes.length} writes against ${first} for the whole board`);
  assert.equal(pieceOn(element, "d3"), null, "d3 is empty");
  assert.ok(pieceOn(element, "d4"), "the man stands on d4");
  assert.equal(pieceOn(element, "e3"), e3, "the man on e3 is the same node, untouched");
  assert.equal(element.querySelector('.square[data-square="d4"]')?.getAttribute("class"), "square marked");
  // The same state again writes nothing at all.
  doc.writes = [];
  b.set({ position: "8/8/8/8/3w4/4w3/8/8 b" });
  assert.deepEqual(doc.writes, []);
});

test("a capture's slide is found from the two positions: the capturer from where it stood, the captured gone", () => {
  // A white man on e3 takes the black men on e4 and e6, landing on e5 and then e7.
  const before = parsePosition("8/8/4b3/8/4b3/4w3/8/8 w");
  const after = parsePosition("8/4w3/8/8/8/8/8/8 b");
  const change = changeOf(before, after);
  assert.deepEqual(change.moved, [{ from: sq("e3"), to: sq("e7") }]);
  assert.deepEqual(change.gone.sort(), [sq("e4"), sq("e6")].sort());
  // A man crowned on its landing is the same piece, moved.
  assert.deepEqual(changeOf(parsePosition("8/8/8/8/8/8/8/b7 b"), parsePosition("8/8/8/8/8/8/8/8 w")).moved, []);
  assert.deepEqual(changeOf(parsePosition("8/3w4/8/8/8/8/8/8 w"), parsePosition("3W4/8/8/8/8/8/8/8 b")).moved, [{ from: sq("d7"), to: sq("d8") }]);
  // The route goes through the last move's landings when it is this move, else straight.
  const last = { path: [sq("e3"), sq("e5"), sq("e7")], captured: [sq("e4"), sq("e6")] };
  assert.deepEqual(routeOf(change.moved[0], last), last.path);
  assert.deepEqual(routeOf({ from: sq("e7"), to: sq("e3") }, last), [sq("e7"), sq("e3")], "a step back slides straight");
});

test("the board slides the capturer through its landings, from the change it draws", () => {
  const doc = new FakeDocument();
  const element = h(doc, "div");
  const b = createBoard(/** @type {any} */ (element), { position: "8/8/4b3/8/4b3/4w3/8/8 w" });
  b.set({
    position: "8/4w3/8/8/8/8/8/8 b",
    before: "8/8/4b3/8/4b3/4w3/8/8 w",
    last: { path: [sq("e3"), sq("e5"), sq("e7")], captured: [sq("e4"), sq("e6")] },
  });
  const piece = /** @type {FakeElement} */ (element.querySelector('.piece.white[data-square="e7"]'));
  assert.equal(piece.animations.length, 1);
  // From e3 (four rows of 80 below e7) through e5, to where it stands.
  assert.deepEqual(piece.animations[0].frames.map((f) => f.transform), [
    "translate(0px, 320px)", "translate(0px, 160px)", "translate(0px, 0px)",
  ]);
  assert.equal(element.querySelectorAll(".piece.ghost").length, 2, "the captured men as ghosts");
});

test("after destroy the board is inert: a set draws nothing, nothing is heard, the slide stops", () => {
  const { doc, element, board: b } = board();
  b.set({ position: "8/8/8/8/3w4/4w3/8/8 b" });
  const slid = /** @type {FakeElement} */ (pieceOn(element, "d4")).animations[0];
  assert.ok(slid && !slid.cancelled, "the man slides to d4");
  b.destroy();
  assert.equal(slid.cancelled, true, "the slide under way is stopped");
  assert.equal(element.listening(), 0, "no listener left on the element");
  doc.writes = [];
  b.set({ position: "8/8/8/8/8/8/8/8 w", dests: new Map([[sq("e3"), [sq("e4")]]]), label: "gone" });
  b.destroy();
  assert.deepEqual(doc.writes, []);
});

test("two boards live on one page: each draws in its own element only", () => {
  const doc = new FakeDocument();
  const left = h(doc, "div", { class: "board" });
  const right = h(doc, "div", { class: "board" });
  doc.body.append(left, right);
  const a = createBoard(/** @type {any} */ (left), { position: "8/8/8/8/8/3w4/8/8 w" });
  createBoard(/** @type {any} */ (right), { position: "8/8/8/8/8/3w4/8/8 w", bottom: "black" });
  doc.writes = [];
  a.set({ position: "8/8/8/8/3w4/8/8/8 b" });
  assert.ok(doc.writes.length > 0);
  const other = new Set([right, ...right.descendants()]);
  assert.ok(doc.writes.every((w) => !other.has(w.node)), "nothing written in the other board");
  assert.ok(pieceOn(right, "d3") && !pieceOn(right, "d4"));
  assert.ok(pieceOn(left, "d4") && !pieceOn(left, "d3"));
});
