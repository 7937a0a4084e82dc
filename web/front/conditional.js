// @ts-check
// A player's conditional moves on their game's page: the lines they stored (their opponent's
// move, their answer, and so on), shown to them alone, saved from the analysis board and
// cleared here. The server stores and plays them (`{base}/act`, `{base}/conditional`); the page
// only shows what it says.

import { $ as find, failureWords, getJson, listeners, postJson } from "./common.js";

/**
 * @typedef {{ alg: string, num: string }} MoveText
 * @typedef {{ ply: number, lines: MoveText[][], premove: string | null, premove_words: string | null }} Lines
 * @typedef {{ lines: Lines | null, error: string }} ConditionalState
 * @typedef {{ type: "lines", lines: Lines } | { type: "error", text: string }} Message
 */

/** @returns {ConditionalState} */
export function initial() {
  return { lines: null, error: "" };
}

/**
 * The state after `message` (pure).
 * @param {ConditionalState} s
 * @param {Message} message
 * @returns {ConditionalState}
 */
export function update(s, message) {
  switch (message.type) {
    case "lines":
      return { lines: message.lines, error: "" };
    case "error":
      return { ...s, error: message.text };
  }
  return s;
}

/** @param {ConditionalState} s Whether there is anything stored to show. */
export function any(s) {
  return Boolean(s.lines && (s.lines.lines.length || s.lines.premove));
}

/**
 * Starts the `#conditional` panel in a player's game page (`root`, its `#game` element).
 * @param {{ root: HTMLElement, base: string, headers: Record<string, string>, text: "alg" | "num", onError: (text: string) => void }} options
 */
export function createConditional(options) {
  /** @param {string} id */
  const $ = (id) => find(id, options.root);
  const root = $("conditional");
  const on = listeners();
  let state = initial();

  /** @param {Message} message */
  function dispatch(message) {
    state = update(state, message);
    if (message.type === "error") options.onError(message.text);
    view();
  }

  /**
   * Sends `body` to the game's actions; the lines the server answers with, or the refusal.
   * @param {object} body
   * @returns {Promise<boolean>}
   */
  async function act(body) {
    const reply = await postJson(`${options.base}/act`, body, options.headers).catch(() => null);
    if (reply && reply.ok && reply.answer.conditional) {
      dispatch({ type: "lines", lines: reply.answer.conditional });
      return true;
    }
    dispatch({ type: "error", text: failureWords(reply, options.root.dataset) });
    return false;
  }

  function view() {
    root.hidden = !any(state);
    const lines = state.lines;
    if (!lines) return;
    const items = lines.lines.map((line) => {
      const li = root.ownerDocument.createElement("li");
      li.textContent = line.map((m) => m[options.text]).join(" ");
      return li;
    });
    if (lines.premove) {
      const li = root.ownerDocument.createElement("li");
      li.textContent = lines.premove_words || lines.premove;
      items.push(li);
    }
    $("conditional-lines").replaceChildren(...items);
  }

  on.on($("conditional-clear"), "click", () => act({ act: "clear-conditional" }));

  return {
    /** Reads the stored lines again (the game changed: an answer may have been played). */
    async refresh() {
      // Unanswered, the next change of the game asks again.
      const reply = await getJson(`${options.base}/conditional`, options.headers).catch(() => null);
      if (reply && reply.ok) dispatch({ type: "lines", lines: reply.answer });
    },
    /**
     * Stores `moves` (the opponent's move and the answer, in pairs) from the game's position
     * at `ply`.
     * @param {{ alg: string }[]} moves
     * @param {number} ply
     */
    save(moves, ply) {
      return act({ act: "conditional", line: moves.map((m) => m.alg), ply });
    },
    destroy() {
      on.stop();
    },
  };
}
