// @ts-check
// The move sound's choice, remembered per browser: off unless turned on.

import { test } from "node:test";
import assert from "node:assert/strict";

import { KEY, remember, soundOn } from "../sound.js";

/** A storage in memory, as the browser's localStorage answers. */
function memory() {
  /** @type {Map<string, string>} */
  const kept = new Map();
  return {
    kept,
    /** @param {string} k */
    getItem: (k) => kept.get(k) ?? null,
    /** @param {string} k @param {string} v */
    setItem: (k, v) => void kept.set(k, v),
    /** @param {string} k */
    removeItem: (k) => void kept.delete(k),
  };
}

test("the move sound is off by default, on once turned on, off again once turned off", () => {
  const storage = memory();
  assert.equal(soundOn(storage), false);
  remember(storage, true);
  assert.equal(storage.kept.get(KEY), "on");
  assert.equal(soundOn(storage), true);
  remember(storage, false);
  assert.equal(soundOn(storage), false);
  assert.equal(storage.kept.size, 0, "off is remembered as nothing");
});

test("a storage that cannot be read or written leaves the sound off, without an error", () => {
  const broken = {
    getItem() { throw new Error("denied"); },
    setItem() { throw new Error("denied"); },
    removeItem() { throw new Error("denied"); },
  };
  assert.equal(soundOn(broken), false);
  assert.doesNotThrow(() => remember(broken, true));
  assert.equal(soundOn(null), false);
});
