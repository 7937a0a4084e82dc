// @ts-check
// The board's input, its pure parts: the square under a pointer for either side at the bottom,
// whether a drop makes a move, and the moves a drop's square chooses among.

import { test } from "node:test";
import assert from "node:assert/strict";

import { destsOf, isDest, movesLanding, squareAt, squareOf } from "../board.js";

// The picture is 704 units: a 32-unit border, then 8 squares of 80.
const SIDE = 704;
/** The centre of the square `file`, `row` (from the top left) in a 704-pixel box. @param {number} file @param {number} row */
const at = (file, row) => [32 + 80 * file + 40, 32 + 80 * row + 40];

test("a pointer over a square names it, White at the bottom", () => {
  const [x, y] = at(0, 7);
  assert.equal(squareAt(x, y, SIDE, SIDE, "white"), squareOf("a1"));
  const [x2, y2] = at(3, 4);
  assert.equal(squareAt(x2, y2, SIDE, SIDE, "white"), squareOf("d4"));
  const [x3, y3] = at(7, 0);
  assert.equal(squareAt(x3, y3, SIDE, SIDE, "white"), squareOf("h8"));
});

test("with Black at the bottom the same place is the opposite square", () => {
  const [x, y] = at(0, 7);
  assert.equal(squareAt(x, y, SIDE, SIDE, "black"), squareOf("h8"));
  const [x2, y2] = at(3, 4);
  assert.equal(squareAt(x2, y2, SIDE, SIDE, "black"), squareOf("e5"));
});

test("the board drawn smaller, or centred in a wider box, maps the same", () => {
  // Half size: every coordinate halved.
  assert.equal(squareAt(at(2, 5)[0] / 2, at(2, 5)[1] / 2, SIDE / 2, SIDE / 2, "white"), squareOf("c3"));
  // A box 100 pixels wider than tall: the picture sits 50 pixels in.
  assert.equal(squareAt(at(2, 5)[0] + 50, at(2, 5)[1], SIDE + 100, SIDE, "white"), squareOf("c3"));
});

test("the border, the coordinates and outside the board are no square", () => {
  assert.equal(squareAt(10, 10, SIDE, SIDE, "white"), null);
  assert.equal(squareAt(SIDE - 5, 300, SIDE, SIDE, "white"), null);
  assert.equal(squareAt(-20, 300, SIDE, SIDE, "black"), null);
  assert.equal(squareAt(300, SIDE + 1, SIDE, SIDE, "black"), null);
  assert.equal(squareAt(300, 300, 0, 0, "white"), null);
});

const d3 = /** @type {number} */ (squareOf("d3"));
const d4 = /** @type {number} */ (squareOf("d4"));
const c3 = /** @type {number} */ (squareOf("c3"));
const e3 = /** @type {number} */ (squareOf("e3"));
// Two captures from d3 ending on d7 by different paths, one on f5, and a quiet move of c3.
const moves = [
  { alg: "d3xd5xd7", path: [d3, d3 + 16, d3 + 32] },
  { alg: "d3xf3xf5xd5xd7", path: [d3, d3 + 2, d3 + 18, d3 + 16, d3 + 32] },
  { alg: "d3xf3xf5", path: [d3, d3 + 2, d3 + 18] },
  { alg: "c3-c4", path: [c3, c3 + 8] },
];

test("the squares a piece may go to are the last squares of its moves, once each", () => {
  const dests = destsOf(moves);
  assert.deepEqual([...dests.keys()].sort(), [c3, d3].sort());
  assert.deepEqual(dests.get(d3), [d3 + 32, d3 + 18]);
  assert.deepEqual(dests.get(c3), [c3 + 8]);
});

test("a drop on a target makes a move; anywhere else the piece goes back", () => {
  const dests = destsOf(moves);
  assert.equal(isDest(dests, c3, c3 + 8), true);
  assert.equal(isDest(dests, d3, d3 + 18), true);
  assert.equal(isDest(dests, c3, d4), false, "not one of its targets");
  assert.equal(isDest(dests, d3, d3), false, "back on its own square");
  assert.equal(isDest(dests, d3, null), false, "off the board");
  assert.equal(isDest(dests, e3, e3 + 8), false, "a piece that may not move");
});

test("the drop's square chooses the path: one is played, several are offered", () => {
  assert.deepEqual(movesLanding(moves, d3, d3 + 18).map((m) => m.alg), ["d3xf3xf5"]);
  assert.deepEqual(movesLanding(moves, d3, d3 + 32).map((m) => m.alg), ["d3xd5xd7", "d3xf3xf5xd5xd7"]);
  assert.deepEqual(movesLanding(moves, c3, d3 + 32), []);
});

test("with the coordinates inside the edge squares the box holds the squares alone", () => {
  // The same 704 pixels hold the 8 squares only: 88 pixels each, no border.
  /** @param {number} file @param {number} row */
  const inside = (file, row) => [88 * file + 44, 88 * row + 44];
  assert.equal(squareAt(inside(0, 7)[0], inside(0, 7)[1], SIDE, SIDE, "white", "inside"), squareOf("a1"));
  assert.equal(squareAt(inside(3, 4)[0], inside(3, 4)[1], SIDE, SIDE, "white", "inside"), squareOf("d4"));
  assert.equal(squareAt(inside(7, 0)[0], inside(7, 0)[1], SIDE, SIDE, "black", "inside"), squareOf("a1"));
  assert.equal(squareAt(2, 2, SIDE, SIDE, "white", "inside"), squareOf("a8"), "the edge is a square, not a border");
  assert.equal(squareAt(-2, 300, SIDE, SIDE, "white", "inside"), null);
});
