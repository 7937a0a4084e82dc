// @ts-check
// The play controller's transitions (play.js `update`): pure, no page and no server.

import { test } from "node:test";
import assert from "node:assert/strict";

import { NOTHING, boardOf, controlsOf, initial, playable, promptOf, refusalWords, update } from "../play.js";

/** c3-d4 and c3-b4 from c3 (18); two captures from e3 (20) both ending on e7 (52). */
const MOVES = [
  { alg: "c3-d4", path: [18, 19] },
  { alg: "c3-c4", path: [18, 26] },
  { alg: "e3xe5xc5xc7xe7", path: [20, 36, 34, 50, 52] },
  { alg: "e3xg3xg5xg7xe7", path: [20, 22, 38, 54, 52] },
];

/** @param {Partial<import("../play.js").May>} [may] */
function game(may = { moves: MOVES }, version = 3, latest = true) {
  return update(initial(), { type: "game", version, ply: 7, may: { ...NOTHING, ...may }, latest });
}

test("picking a piece that may move selects it and lights its targets", () => {
  const s = update(game(), { type: "pick", square: 18 });
  assert.equal(s.selected, 18);
  assert.equal(s.send, null);
  const { dests, selected } = boardOf(s);
  assert.equal(selected, 18);
  assert.deepEqual(dests.get(18), [19, 26]);
});

test("picking a square with no move selects nothing", () => {
  const s = update(update(game(), { type: "pick", square: 18 }), { type: "pick", square: 40 });
  assert.equal(s.selected, null);
});

test("picking a target of the selected piece gives the move to send, with the ply it answers", () => {
  const s = update(update(game(), { type: "pick", square: 18 }), { type: "pick", square: 19 });
  assert.deepEqual(s.send, { act: "move", move: "c3-d4", ply: 7 });
  assert.equal(s.busy, true);
  assert.equal(s.selected, null);
  assert.equal(playable(s), false, "nothing more is chosen while it is on its way");
  assert.equal(boardOf(s).dests.size, 0);
  const done = update(s, { type: "sent", ok: true });
  assert.equal(done.send, null);
  assert.equal(done.busy, false);
});

test("a drop on a target sends the move at once", () => {
  const s = update(game(), { type: "drop", from: 18, to: 26 });
  assert.deepEqual(s.send, { act: "move", move: "c3-c4", ply: 7 });
});

test("a drop on no target changes nothing", () => {
  const before = game();
  assert.equal(update(before, { type: "drop", from: 18, to: 27 }), before);
});

test("an ambiguous capture asks which path, and the path chosen is sent", () => {
  const s = update(update(game(), { type: "pick", square: 20 }), { type: "pick", square: 52 });
  assert.equal(s.send, null);
  assert.deepEqual(s.paths?.map((m) => m.alg), ["e3xe5xc5xc7xe7", "e3xg3xg5xg7xe7"]);
  const chosen = update(s, { type: "choose", alg: "e3xg3xg5xg7xe7" });
  assert.deepEqual(chosen.send, { act: "move", move: "e3xg3xg5xg7xe7", ply: 7 });
  assert.equal(chosen.paths, null);
  const dropped = update(game(), { type: "drop", from: 20, to: 52 });
  assert.equal(dropped.paths?.length, 2, "a drag ending there asks the same");
});

test("an older state, or a pick while the player may not move, changes nothing", () => {
  const s = update(game(), { type: "pick", square: 18 });
  assert.equal(update(s, { type: "game", version: 2, ply: 6, may: NOTHING, latest: true }), s, "an older version");
  const earlier = game({ moves: MOVES }, 3, false);
  assert.equal(update(earlier, { type: "pick", square: 18 }), earlier, "looking at an earlier move");
  const theirs = game({ moves: [] });
  assert.equal(update(theirs, { type: "pick", square: 18 }), theirs, "the other side's turn");
  const sending = update(game(), { type: "drop", from: 18, to: 19 });
  assert.equal(update(sending, { type: "pick", square: 20 }), sending, "a move already on its way");
  assert.equal(update(game(), { type: "sent", ok: true }).send, null, "an answer to nothing sent");
});

test("a new version forgets the piece selected and the paths offered", () => {
  const s = update(update(game(), { type: "pick", square: 20 }), { type: "pick", square: 52 });
  const next = update(s, { type: "game", version: 4, ply: 8, may: { ...NOTHING, moves: MOVES }, latest: true });
  assert.equal(next.selected, null);
  assert.equal(next.paths, null);
  assert.equal(next.ply, 8);
});

test("the capabilities decide which controls show", () => {
  assert.equal(controlsOf(initial()).any, false, "a spectator's: none");
  const shown = controlsOf(game({ moves: [], resign: true, offer_draw: true, answer_takeback: true }));
  assert.equal(shown.any, true);
  assert.equal(shown.resign, true);
  assert.equal(shown["offer-draw"], true);
  assert.equal(shown["accept-draw"], false);
  assert.equal(shown["ask-takeback"], false);
  assert.equal(shown["allow-takeback"], true);
  assert.equal(shown["refuse-takeback"], true);
  assert.equal(controlsOf(game({ moves: MOVES })).any, true, "moves alone show the panel");
});

test("the claims show once the server says the opponent has left, and send the claim", () => {
  const playing = game({ moves: [], resign: true });
  assert.equal(controlsOf(playing)["claim-win"], false, "the opponent is here");
  const left = update(playing, { type: "presence", claimable: true });
  assert.equal(controlsOf(left)["claim-win"], true);
  assert.equal(controlsOf(left)["claim-draw"], true);
  assert.equal(update(left, { type: "presence", claimable: true }), left, "nothing new");
  assert.deepEqual(update(left, { type: "control", control: "claim-win" }).send, { act: "claim", claim: "win" });
  assert.deepEqual(update(left, { type: "control", control: "claim-draw" }).send, { act: "claim", claim: "draw" });
  const back = update(left, { type: "presence", claimable: false });
  assert.equal(controlsOf(back)["claim-win"], false, "the opponent came back");
  const spectator = update(initial(), { type: "presence", claimable: true });
  assert.equal(controlsOf(spectator)["claim-win"], false, "only a player in a game in play claims");
});

test("a control not allowed sends nothing; resign asks once more before it is sent", () => {
  const none = game({ moves: MOVES });
  assert.equal(update(none, { type: "control", control: "offer-draw" }), none);
  const s = game({ moves: MOVES, resign: true, answer_draw: true });
  const armed = update(s, { type: "control", control: "resign" });
  assert.equal(armed.armed, "resign");
  assert.equal(armed.send, null);
  assert.equal(update(armed, { type: "disarm" }).armed, null);
  assert.deepEqual(update(armed, { type: "control", control: "resign" }).send, { act: "resign", ply: 7 });
  assert.deepEqual(update(s, { type: "control", control: "accept-draw" }).send,
    { act: "answer", question: "draw", accept: true, version: 3 });
});

test("a move refused for a missed capture asks, and yes sends it again as losing", () => {
  const s = update(game(), { type: "drop", from: 18, to: 19 });
  const asked = update(s, { type: "sent", ok: false, confirm: { error: "Missed capture", confirm: "Play", cancel: "Back" } });
  assert.equal(asked.confirm?.text, "Missed capture");
  assert.deepEqual(update(asked, { type: "confirm", yes: true }).send, { act: "move", move: "c3-d4", ply: 7, losing: true });
  assert.equal(update(asked, { type: "confirm", yes: false }).confirm, null);
  const refused = update(s, { type: "sent", ok: false, error: "Not your turn" });
  assert.equal(refused.error, "Not your turn");
  assert.equal(refused.busy, false);
});

test("the keyboard moves a cursor, Enter picks its square, and the prompt names it", () => {
  let s = game();
  assert.equal(promptOf(s, "Your move"), "Your move");
  s = update(s, { type: "key", key: "ArrowUp", bottom: "white" });
  assert.equal(s.cursor, 11, "from d1 up to d2");
  assert.equal(promptOf(s, "Your move"), "d2");
  s = update(update(s, { type: "key", key: "ArrowUp", bottom: "white" }), { type: "key", key: "ArrowLeft", bottom: "white" });
  assert.equal(s.cursor, 18);
  s = update(s, { type: "key", key: "Enter", bottom: "white" });
  assert.equal(s.selected, 18);
  assert.equal(update(s, { type: "key", key: "Escape", bottom: "white" }).selected, null);
  const edge = update(initial(), { type: "game", version: 1, ply: 0, may: { ...NOTHING, moves: MOVES }, latest: true });
  const left = update({ ...edge, cursor: 8 }, { type: "key", key: "ArrowLeft", bottom: "white" });
  assert.equal(left.cursor, 8, "no wrapping off the a-file");
  assert.equal(promptOf(game({ moves: [] }), "Your move"), "", "no prompt when no move may be chosen");
});

test("a refusal is shown in the server's words, else the page's own, never the browser's", () => {
  assert.equal(refusalWords({ error: "Şu anda çok fazla istek var" }, "Bir sorun çıktı"), "Şu anda çok fazla istek var");
  assert.equal(refusalWords({}, "Bir sorun çıktı"), "Bir sorun çıktı");
  assert.equal(refusalWords({ error: "" }, "Bir sorun çıktı"), "Bir sorun çıktı");
  assert.equal(refusalWords({ error: 503 }, "Bir sorun çıktı"), "Bir sorun çıktı");
  assert.equal(refusalWords(null, "Bir sorun çıktı"), "Bir sorun çıktı");
});
