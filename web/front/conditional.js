// @ts-check
// A player's conditional moves on their game's page: the lines they stored (their opponent's
// move, their answer, and so on), shown to them alone, saved from the analysis board and
// cleared here. The server stores and plays them (`{base}/act`, `{base}/conditional`); the page
// only shows what it says.

import { refusalWords } from "./play.js";

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
 * Starts the `#conditional` panel of a player's page.
 * @param {{ base: string, headers: Record<string, string>, text: "alg" | "num", onError: (text: string) => void }} options
 */
export function createConditional(options) {
  /** @param {string} id */
  const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
  const root = $("conditional");
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
    try {
      const response = await fetch(`${options.base}/act`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...options.headers },
        body: JSON.stringify(body),
        credentials: "same-origin",
      });
      const answer = await response.json().catch(() => ({}));
      if (response.ok && answer.conditional) {
        dispatch({ type: "lines", lines: answer.conditional });
        return true;
      }
      dispatch({ type: "error", text: refusalWords(answer, document.getElementById("game")?.dataset.failed || "") });
    } catch {
      dispatch({ type: "error", text: document.getElementById("game")?.dataset.offline || "" });
    }
    return false;
  }

  function view() {
    root.hidden = !any(state);
    const lines = state.lines;
    if (!lines) return;
    const items = lines.lines.map((line) => {
      const li = document.createElement("li");
      li.textContent = line.map((m) => m[options.text]).join(" ");
      return li;
    });
    if (lines.premove) {
      const li = document.createElement("li");
      li.textContent = lines.premove_words || lines.premove;
      items.push(li);
    }
    $("conditional-lines").replaceChildren(...items);
  }

  const clear = () => act({ act: "clear-conditional" });
  $("conditional-clear").addEventListener("click", clear);

  return {
    /** Reads the stored lines again (the game changed: an answer may have been played). */
    async refresh() {
      try {
        const response = await fetch(`${options.base}/conditional`, {
          headers: options.headers,
          credentials: "same-origin",
        });
        if (response.ok) dispatch({ type: "lines", lines: await response.json() });
      } catch {
        // The next change of the game asks again.
      }
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
      $("conditional-clear").removeEventListener("click", clear);
    },
  };
}
