// @ts-check
// The board's pure parts: reading a position text, naming squares.

import { test } from "node:test";
import assert from "node:assert/strict";

import { parsePosition, squareName, squareOf } from "../board.js";

test("a position text gives each piece its square, a1 = 0 and h8 = 63", () => {
  const start = parsePosition("8/bbbbbbbb/bbbbbbbb/8/8/wwwwwwww/wwwwwwww/8 w");
  assert.equal(start.size, 32);
  assert.equal(start.get(8), "w", "a2 holds a white man");
  assert.equal(start.get(55), "b", "h7 holds a black man");
  assert.equal(start.get(0), undefined, "the first rank is empty");
  const kings = parsePosition("W7/8/8/8/8/8/8/7B b");
  assert.deepEqual([...kings], [[56, "W"], [7, "B"]]);
});

test("a broken position text gives no piece off the board", () => {
  for (const text of ["", "9/9/9", "wwwwwwwwwww/8/8/8/8/8/8/8/8/8 w", "x"]) {
    for (const sq of parsePosition(text).keys()) {
      assert.ok(sq >= 0 && sq < 64, `${text}: ${sq}`);
    }
  }
});

test("square names and numbers are each other's inverse", () => {
  for (let sq = 0; sq < 64; sq += 1) {
    assert.equal(squareOf(squareName(sq)), sq);
  }
  assert.equal(squareName(0), "a1");
  assert.equal(squareName(63), "h8");
  assert.equal(squareOf("d3"), 19);
  for (const bad of ["", "i1", "a9", "a", "d33", null]) {
    assert.equal(squareOf(/** @type {string} */ (bad)), null, String(bad));
  }
});
