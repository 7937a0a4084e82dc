// @ts-check
// The shared pieces (common.js): a refusal read in the reader's words whatever the body, and
// the move list's rows.

import { test } from "node:test";
import assert from "node:assert/strict";

import { failureWords, moveRows, postJson } from "../common.js";
import { FakeDocument } from "./fake-dom.js";

/** Answers every fetch with `body` and `status`, and records what was asked. @param {string} body @param {number} status @param {string} type */
function answering(body, status, type) {
  /** @type {{ url: string, init: RequestInit }[]} */
  const asked = [];
  globalThis.fetch = async (url, init) => {
    asked.push({ url: String(url), init: init || {} });
    return new Response(body, { status, headers: { "Content-Type": type } });
  };
  return asked;
}

const WORDS = { failed: "Das hat nicht geklappt.", offline: "Offline." };

test("a refusal in JSON is shown in the server's words; a plain-text one in the page's, never the status text", async () => {
  const asked = answering(JSON.stringify({ error: "Nicht dein Zug." }), 409, "application/json");
  const refused = await postJson("/game/x/act", { act: "move" }, { "X-Dama-Csrf": "t" });
  assert.equal(refused.ok, false);
  assert.equal(failureWords(refused, WORDS), "Nicht dein Zug.");
  assert.deepEqual(asked[0].init.headers, { "Content-Type": "application/json", "X-Dama-Csrf": "t" });
  assert.equal(asked[0].init.body, JSON.stringify({ act: "move" }));
  answering("Service Unavailable", 503, "text/plain");
  const busy = await postJson("/game/x/act", {});
  assert.deepEqual(busy, { ok: false, status: 503, answer: {} });
  assert.equal(failureWords(busy, WORDS), WORDS.failed);
  assert.equal(failureWords(null, WORDS), WORDS.offline, "no answer at all: offline");
});

test("the move list numbers two plies a row, a list from Black's move leaving White's place empty", () => {
  const doc = new FakeDocument();
  const moves = ["c3-c4", "f6-f5", "d3-d4"].map((text, i) => ({ text, data: { ply: String(i + 1) }, current: i === 1 }));
  const rows = moveRows(/** @type {any} */ (doc), 0, moves);
  assert.deepEqual(rows.map((r) => r.textContent), ["1.c3-c4f6-f5", "2.d3-d4"]);
  assert.equal(rows[0].querySelector("[aria-current]")?.textContent, "f6-f5");
  const fromBlack = moveRows(/** @type {any} */ (doc), 5, moves.slice(0, 2));
  assert.deepEqual(fromBlack.map((r) => r.textContent), ["3.c3-c4", "4.f6-f5"], "Black's ply 6, then White's 7");
  assert.ok(fromBlack[0].querySelector(".gap"), "White's place left empty");
  assert.equal(fromBlack[0].querySelector(".n")?.textContent, "3.");
});
