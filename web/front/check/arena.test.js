// @ts-check
// An arena page's clock, without a browser: which moment it counts to, the time left from the
// server's reading, and which stream events are updates.

import { test } from "node:test";
import assert from "node:assert/strict";

import { clockTarget, isUpdate, timeLeft } from "../arena.js";

/** @param {"open" | "running" | "over"} phase */
function update(phase) {
  return {
    now: 1_000_000,
    starts_at: 1_060_000,
    ends_at: 1_660_000,
    phase,
    clock_label: "Ends in",
    table: "<table></table>",
    games: "",
    me: "",
  };
}

test("an open arena counts to its start, a running one to its end, one over to nothing", () => {
  assert.equal(clockTarget(update("open")), 1_060_000);
  assert.equal(clockTarget(update("running")), 1_660_000);
  assert.equal(clockTarget(update("over")), null);
});

test("the time left is the server's, corrected by the page's offset, and never below zero", () => {
  // The page's clock is 5 s behind the server's: offset +5000.
  assert.equal(timeLeft(update("running"), 5_000, 995_000), 660_000);
  assert.equal(timeLeft(update("running"), 5_000, 1_000_000), 655_000);
  assert.equal(timeLeft(update("running"), 0, 2_000_000), 0, "past the end");
  assert.equal(timeLeft(update("over"), 0, 1_000_000), null);
});

test("only an event with every field of its type is an update", () => {
  assert.ok(isUpdate(update("running")));
  assert.ok(!isUpdate(null));
  assert.ok(!isUpdate({ ...update("running"), phase: "paused" }));
  assert.ok(!isUpdate({ ...update("running"), table: 3 }));
  const { me: _, ...partial } = update("running");
  assert.ok(!isUpdate(partial));
});
