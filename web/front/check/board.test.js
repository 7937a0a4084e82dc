// @ts-check
// The board's pure parts: reading a position text, naming squares.

import { test } from "node:test";
import assert from "node:assert/strict";

import { parsePosition, premoveDests, squareName, squareOf } from "../board.js";

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

test("a premove's targets: a man's step forward or sideways and its captures' landings, a king's anywhere", () => {
  // White man on d3 (19), a white man on e3 (20), black men on d5 (35) and f4 (29), a white king on h8 (63).
  const position = "7W/8/8/3b4/5b2/3ww3/8/8 b";
  const white = premoveDests(position, "white");
  const names = (/** @type {number[] | undefined} */ list) => (list || []).map(squareName).sort();
  const d3 = names(white.get(19));
  for (const sq of ["d4", "c3", "d5", "b3", "d7", "b5", "f5", "h7"]) assert.ok(d3.includes(sq), `d3 may aim at ${sq}: ${d3}`);
  for (const sq of ["d2", "c4", "e4", "d6", "e3", "d3", "c2"]) assert.ok(!d3.includes(sq), `d3 never reaches ${sq}`);
  assert.equal(names(white.get(63)).length, 63 - 2, "a king: every square but its own and its side's");
  assert.ok(!white.has(35), "an opponent's piece is not the player's to premove");
  // Black moves down the board.
  const black = names(premoveDests(position, "black").get(35));
  assert.ok(black.includes("d4") && black.includes("c5") && black.includes("d1"), `${black}`);
  assert.ok(!black.includes("d6") && !black.includes("d7"), `${black}`);
  assert.equal(premoveDests("", "white").size, 0);
});
