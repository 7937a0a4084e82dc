// @ts-check
// The play controller's transitions (play.js `update`): pure, no page and no server.

import { test } from "node:test";
import assert from "node:assert/strict";

import { refusalWords } from "../common.js";
import { NOTHING, boardOf, controlsOf, initial, playable, premoving, promptOf, update } from "../play.js";

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

/** White's men on c3 (18), d3 (19), e3 (20); Black's on c6 (42), f6 (45). */
const LIVE = "8/8/2b2b2/8/8/2www3/8/8 b";

/**
 * A live game's state for White (the player) at `version` and `ply`: the opponent's turn
 * unless `mine`, when the moves are `moves`.
 * @param {import("../play.js").Controller} s @param {number} version @param {number} ply
 * @param {{ mine?: boolean, moves?: import("../play.js").Move[], live?: boolean }} [opts]
 */
function live(s, version, ply, { mine = false, moves = [], live = true } = {}) {
  return update(s, {
    type: "game", version, ply, may: { ...NOTHING, moves: mine ? moves : [], resign: live }, latest: true,
    side: "white", position: LIVE, live, mine,
  });
}

const WORDS = { queued: "Premove queued", dropped: "Premove dropped" };

test("in the opponent's turn a drag queues a premove, shown on the board, and nothing is sent", () => {
  const waiting = live(initial(), 4, 5);
  assert.equal(playable(waiting), false);
  assert.equal(premoving(waiting), true);
  assert.ok(boardOf(waiting).dests.get(18)?.includes(26), "c3 may aim at c4");
  assert.equal(boardOf(waiting).dests.has(42), false, "the opponent's pieces stay put");
  assert.equal(boardOf(waiting).premoving, true, "drawn as a premove's choice");
  assert.equal(boardOf(game()).premoving, false);
  const queued = update(waiting, { type: "drop", from: 18, to: 26 });
  assert.deepEqual(queued.premove, { from: 18, to: 26 });
  assert.equal(queued.send, null);
  assert.deepEqual(boardOf(queued).premove, [18, 26]);
  assert.equal(promptOf(queued, "Your move", WORDS), "Premove queued");
  assert.equal(update(waiting, { type: "drop", from: 18, to: 10 }), waiting, "a man never goes back");
  // A correspondence game has no premove on the page (the /dama premove command stores one).
  const days = live(initial(), 4, 5, { live: false });
  assert.equal(premoving(days), false);
  assert.equal(update(days, { type: "drop", from: 18, to: 26 }), days);
});

test("the premove is sent the moment the state says the turn has come, with its ply", () => {
  const queued = update(live(initial(), 4, 5), { type: "drop", from: 18, to: 26 });
  const turn = live(queued, 5, 6, { mine: true, moves: MOVES });
  assert.deepEqual(turn.send, { act: "move", move: "c3-c4", ply: 6 });
  assert.equal(turn.premove, null);
  assert.equal(turn.busy, true);
  // A state that says nothing new (a drawing) does not send it twice.
  assert.equal(live(turn, 5, 6, { mine: true, moves: MOVES }).send, turn.send);
});

test("a premove that is no legal move when the turn comes is dropped, and the player told", () => {
  const queued = update(live(initial(), 4, 5), { type: "drop", from: 19, to: 27 });
  const turn = live(queued, 5, 6, { mine: true, moves: MOVES });
  assert.equal(turn.send, null, "d3-d4 is not among the moves");
  assert.equal(turn.premove, null);
  assert.equal(turn.dropped, true);
  assert.equal(promptOf(turn, "Your move", WORDS), "Premove dropped");
  assert.equal(playable(turn), true, "the player moves themselves");
  const picked = update(turn, { type: "pick", square: 18 });
  assert.equal(picked.selected, 18);
  assert.equal(live(picked, 6, 7).dropped, false, "the next state forgets it");
});

test("a premove landing where captures by several paths end offers the paths", () => {
  const queued = update(live(initial(), 4, 5), { type: "drop", from: 20, to: 52 });
  assert.deepEqual(queued.premove, { from: 20, to: 52 });
  const turn = live(queued, 5, 6, { mine: true, moves: MOVES });
  assert.equal(turn.send, null);
  assert.equal(turn.selected, 20);
  assert.deepEqual(turn.paths?.map((m) => m.alg), ["e3xe5xc5xc7xe7", "e3xg3xg5xg7xe7"]);
});

test("a tap cancels the premove; taps on a piece and a target queue one; the game's end drops it", () => {
  const queued = update(live(initial(), 4, 5), { type: "drop", from: 18, to: 26 });
  const cancelled = update(queued, { type: "pick", square: 60 });
  assert.equal(cancelled.premove, null);
  const picked = update(cancelled, { type: "pick", square: 19 });
  assert.equal(picked.selected, 19);
  const tapped = update(picked, { type: "pick", square: 27 });
  assert.deepEqual(tapped.premove, { from: 19, to: 27 });
  assert.equal(update(tapped, { type: "clear" }).premove, null, "Escape");
  // The opponent's draw offer changes the state but not the turn: the premove waits.
  assert.deepEqual(live(tapped, 5, 5).premove, { from: 19, to: 27 });
  const over = live(tapped, 6, 5, { live: false });
  assert.equal(over.premove, null);
  assert.equal(over.send, null);
});

test("the claims go the moment the opponent's move arrives, not at the next sighting", () => {
  const waiting = live(initial(), 4, 5);
  const left = update(waiting, { type: "presence", claimable: true });
  assert.equal(controlsOf(left)["claim-win"], true);
  // Another state in the opponent's turn (an offer, a drawing) leaves them.
  assert.equal(controlsOf(live(left, 5, 5))["claim-win"], true);
  const moved = live(left, 6, 6, { mine: true, moves: MOVES });
  assert.equal(controlsOf(moved)["claim-win"], false);
  assert.equal(controlsOf(moved)["claim-draw"], false);
  assert.equal(moved.seen, left.seen + 1, "the page asks the server again how long to wait");
  // The player's own move is not the opponent's sign of life.
  const mine = update(live(initial(), 4, 6, { mine: true, moves: MOVES }), { type: "presence", claimable: true });
  const after = live(mine, 5, 7);
  assert.equal(controlsOf(after)["claim-win"], true);
  assert.equal(after.seen, mine.seen);
});

test("the controls are drawn inside the root given, so two games may share a page", async () => {
  const { FakeDocument, h } = await import("./fake-dom.js");
  const { view } = await import("../play.js");
  const doc = new FakeDocument();
  /** @param {string} name */
  const game = (name) => h(doc, "main", { id: "game", "data-name": name }, [
    h(doc, "section", { id: "controls", "data-your-move": "Your move" }),
    h(doc, "p", { id: "prompt" }),
    h(doc, "p", { id: "error", hidden: "" }),
    h(doc, "div", { id: "paths", hidden: "" }),
    h(doc, "button", { id: "resign", hidden: "" }),
  ]);
  const first = game("first");
  const second = game("second");
  doc.body.append(first, second);
  const s = { ...game_(), error: "Not your turn." };
  view(s, /** @type {any} */ (second));
  assert.equal(second.querySelector("#error")?.textContent, "Not your turn.");
  assert.equal(second.querySelector("#resign")?.hidden, false, "resigning is allowed");
  assert.equal(second.querySelector("#prompt")?.textContent, "Your move");
  assert.equal(first.querySelector("#error")?.textContent, "", "the other game's controls are untouched");
  assert.equal(first.querySelector("#resign")?.hidden, true);
});

/** A game where the player may move and resign. */
function game_() {
  return game({ moves: MOVES, resign: true });
}
