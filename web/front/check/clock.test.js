// @ts-check
// A live game's clocks, without a browser: the time written as the server writes it, the time
// left from the server's reading, the low-time rule, the offset to the server and the lag.

import { test } from "node:test";
import assert from "node:assert/strict";

import { MAX_LAG_MS, estimateOffset, formatClock, isLow, lagEstimate, remaining } from "../clock.js";
import { withLag } from "../play.js";

test("a clock reads m:ss from ten seconds and seconds with tenths below, in the page's decimals", () => {
  assert.equal(formatClock(245_000, "."), "4:05");
  assert.equal(formatClock(180_000, ","), "3:00");
  assert.equal(formatClock(10_000, "."), "0:10");
  assert.equal(formatClock(9_999, "."), "9.9");
  assert.equal(formatClock(9_300, ","), "9,3");
  assert.equal(formatClock(50, "."), "0.0");
  assert.equal(formatClock(0, ","), "0,0");
  assert.equal(formatClock(-40, "."), "0.0", "never below zero");
  assert.equal(formatClock(3_723_000, "."), "1:02:03");
});

/** @returns {import("../clock.js").ClockState} */
function reading(running = /** @type {"white" | "black" | null} */ ("white")) {
  return { base_ms: 180_000, increment_ms: 2_000, white_ms: 60_000, black_ms: 45_000, running, now: 1_000_000 };
}

test("the running clock counts down from the reading by the server's time that has passed", () => {
  const clock = reading();
  // The page's clock is 5 s behind the server's: at page time 995_000 the server reads 1_000_000.
  const offset = 5_000;
  assert.equal(remaining(clock, "white", offset, 995_000), 60_000);
  assert.equal(remaining(clock, "white", offset, 997_500), 57_500);
  assert.equal(remaining(clock, "black", offset, 997_500), 45_000, "the other clock stands");
  assert.equal(remaining(clock, "white", offset, 2_000_000), 0, "never below zero");
  assert.equal(remaining(clock, "white", offset, 990_000), 60_000, "never up from the reading");
  const stopped = reading(null);
  assert.equal(remaining(stopped, "white", 0, 1_100_000), 60_000, "no clock runs before the first moves");
});

test("a clock is low at a tenth of the base or ten seconds, whichever is less", () => {
  assert.equal(isLow(10_000, 180_000), true, "3+2: ten seconds");
  assert.equal(isLow(10_001, 180_000), false);
  assert.equal(isLow(6_000, 60_000), true, "1+0: six seconds");
  assert.equal(isLow(6_001, 60_000), false);
  assert.equal(isLow(0, 60_000), true);
});

test("the offset to the server counts half the round trip, when the reading was taken", () => {
  // Asked at 1000 (page time), answered at 1200: the server read 5100 about at page time 1100.
  assert.equal(estimateOffset(5_100, 1_200, 200), 4_000);
  assert.equal(estimateOffset(5_100, 1_200, 0), 3_900);
  assert.equal(estimateOffset(5_100, 1_200, -50), 3_900, "a negative round trip counts as none");
});

test("a move reports half the last round trip as its lag, at most a second", () => {
  assert.equal(lagEstimate(null), undefined);
  assert.equal(lagEstimate(180), 90);
  assert.equal(lagEstimate(5_000), MAX_LAG_MS);
  assert.equal(lagEstimate(-3), undefined);
  assert.deepEqual(withLag({ act: "move", move: "d3-d4", ply: 0 }, 90), { act: "move", move: "d3-d4", ply: 0, lag_ms: 90 });
  assert.deepEqual(withLag({ act: "move", move: "d3-d4", ply: 0 }, undefined), { act: "move", move: "d3-d4", ply: 0 });
  assert.deepEqual(withLag({ act: "resign", ply: 3 }, 90), { act: "resign", ply: 3 }, "only a move");
});
