// @ts-check
// The analysis board: from any position of the game (the one shown when it opens), anyone tries
// moves for either side on a line of their own, shown apart from the game's moves and stepped
// with the same controls. Nothing played here touches the game. The page knows no rule: the
// legal moves of each position, and the position each leaves, come from the server
// (`{base}/analysis?position=…`), and once the game is over a signed-in reader gets the
// computer's evaluation of the position shown (`{base}/evaluation`, asked as the game's ply and
// the line played from it: the server evaluates only the game's own positions), one request at
// a time.
//
// In the shape of chessground: one instance per page with its own state; `update(state,
// message)` is a pure state change; `view` draws the panel from the state alone; the board is
// drawn by the page (game.js) from `boardOf(state)`.

import { destsOf, movesLanding } from "./board.js";
import { $ as find, failureWords, getJson, listeners, moveRows, postJson, say } from "./common.js";
import { NOTHING, pathClicked, viewPaths } from "./play.js";

/**
 * @typedef {{ alg: string, num: string, path: number[], captured: number[], after: string }} LegalMove
 * @typedef {{ position: string, turn: string, moves: LegalMove[], over: string | null }} Legal
 * @typedef {{ alg: string, num: string }} MoveText
 * @typedef {{ position: string, value: number, cap: number, says: string, line: MoveText[], line_title: string }} Evaluation
 * @typedef {{ error: string }} Refusal
 * @typedef {{ path: number[], captured: number[] }} Marked
 * @typedef {{ move: LegalMove, position: string }} Step
 * @typedef {{
 *   open: boolean,
 *   fork: number,
 *   start: string,
 *   startLast: Marked | null,
 *   startBefore: string | null,
 *   line: Step[],
 *   at: number,
 *   selected: number | null,
 *   choices: LegalMove[] | null,
 *   legal: Record<string, Legal>,
 *   evals: Record<string, Evaluation | Refusal>,
 *   error: string,
 * }} AnalysisState
 * @typedef {{ type: "open", fork: number, start: string, last: Marked | null, before: string | null }
 *   | { type: "close" }
 *   | { type: "legal", legal: Legal }
 *   | { type: "evaluation", position: string, answer: Evaluation | Refusal }
 *   | { type: "pick", square: number | null }
 *   | { type: "drop", from: number, to: number }
 *   | { type: "play", move: LegalMove }
 *   | { type: "step", to: number }
 *   | { type: "error", text: string }} Message
 */

/** @returns {AnalysisState} The analysis board closed, knowing nothing. */
export function initial() {
  return {
    open: false,
    fork: 0,
    start: "",
    startLast: null,
    startBefore: null,
    line: [],
    at: 0,
    selected: null,
    choices: null,
    legal: {},
    evals: {},
    error: "",
  };
}

/** @param {AnalysisState} s @returns {string} The position shown. */
export function shown(s) {
  return s.at > 0 ? s.line[s.at - 1].position : s.start;
}

/** @param {AnalysisState} s @returns {Legal | null} The legal moves of the position shown, once known. */
export function legalHere(s) {
  return s.legal[shown(s)] || null;
}

/**
 * What the board shows: the position, and the move that led to it (with the position before,
 * for the captured pieces' ghosts).
 * @param {AnalysisState} s
 * @returns {{ position: string, last: Marked | null, before: string | null }}
 */
export function boardOf(s) {
  if (s.at === 0) return { position: s.start, last: s.startLast, before: s.startBefore };
  const step = s.line[s.at - 1];
  return { position: step.position, last: step.move, before: s.at > 1 ? s.line[s.at - 2].position : s.start };
}

/**
 * The state after `message`: pure, `s` is left as it was.
 * @param {AnalysisState} s
 * @param {Message} message
 * @returns {AnalysisState}
 */
export function update(s, message) {
  switch (message.type) {
    case "open":
      return {
        ...initial(),
        legal: s.legal,
        evals: s.evals,
        open: true,
        fork: message.fork,
        start: message.start,
        startLast: message.last,
        startBefore: message.before,
      };
    case "close":
      return { ...initial(), legal: s.legal, evals: s.evals };
    case "legal":
      return { ...s, legal: { ...s.legal, [message.legal.position]: message.legal } };
    case "evaluation":
      return { ...s, evals: { ...s.evals, [message.position]: message.answer } };
    case "step": {
      const at = Math.max(0, Math.min(message.to, s.line.length));
      return { ...s, at, selected: null, choices: null, error: "" };
    }
    case "play": {
      // A move played where the line had gone on replaces the rest of it.
      const line = [...s.line.slice(0, s.at), { move: message.move, position: message.move.after }];
      return { ...s, line, at: line.length, selected: null, choices: null, error: "" };
    }
    case "pick":
      return pick(s, message.square);
    case "drop":
      // A piece dragged to a square: as if picked, then its target picked.
      return s.open && legalHere(s) ? pick({ ...s, selected: message.from, choices: null }, message.to) : s;
    case "error":
      return { ...s, error: message.text };
  }
  return s;
}

/**
 * A square picked on the board: a piece that can move is selected; a square its moves land
 * on plays the move (or, reached by several captures, asks which).
 * @param {AnalysisState} s
 * @param {number | null} square
 * @returns {AnalysisState}
 */
function pick(s, square) {
  const legal = legalHere(s);
  if (!s.open || !legal || square === null) return s;
  if (s.selected !== null) {
    const landing = movesLanding(legal.moves, s.selected, square);
    if (landing.length === 1) return update(s, { type: "play", move: landing[0] });
    if (landing.length > 1) return { ...s, choices: landing };
  }
  const movable = legal.moves.some((m) => m.path[0] === square);
  return { ...s, selected: movable ? square : null, choices: null };
}

/**
 * The moves of the line up to the position shown, as the evaluation route reads them.
 * @param {AnalysisState} s
 * @returns {string[]}
 */
export function lineTo(s) {
  return s.line.slice(0, s.at).map((step) => step.move.alg);
}

/**
 * The line to save as conditional moves: the opponent's move and the answer, in pairs, from
 * the game's current position (a last move without its answer is left out).
 * @param {AnalysisState} s
 * @returns {LegalMove[]}
 */
export function pairs(s) {
  const whole = s.line.length - (s.line.length % 2);
  return s.line.slice(0, whole).map((step) => step.move);
}

/**
 * @typedef {{
 *   root: HTMLElement,
 *   base: string,
 *   headers: Record<string, string>,
 *   text: "alg" | "num",
 *   redraw: () => void,
 *   game: () => { over: boolean, plies: number, turn: string } | null,
 *   may: () => import("./play.js").May,
 *   me: string,
 *   signedIn: boolean,
 *   save: ((moves: LegalMove[], ply: number) => Promise<boolean>) | null,
 * }} Options
 */

/**
 * Starts the analysis board of the `#analysis` panel in the game's `root`. `game()` says how the game
 * stands (over, plies played, whose turn), `may()` what the reader may do now (the server's
 * capabilities: saving conditional moves, asking for the evaluation), `me` is the reader's side
 * ("" for a spectator), `save`, for a player, stores a line as conditional moves.
 * @param {Options} options
 */
export function createAnalysis(options) {
  /** @param {string} id */
  const $ = (id) => find(id, options.root);
  const root = $("analysis");
  const on = listeners();
  let state = initial();
  /** Positions whose legal moves are being asked for. */
  const asking = new Set();
  /** The evaluation under way (one at a time), and the one to ask for next. */
  let evaluating = "";
  let evaluateTimer = 0;

  /** @param {Message} message */
  function dispatch(message) {
    state = update(state, message);
    fetchWhatIsMissing();
    options.redraw();
  }

  function fetchWhatIsMissing() {
    if (!state.open) return;
    const position = shown(state);
    if (!state.legal[position] && !asking.has(position)) {
      asking.add(position);
      askLegal(position).finally(() => asking.delete(position));
    }
    if (wantsEvaluation() && !state.evals[position] && !evaluating) {
      clearTimeout(evaluateTimer);
      // Stepping through a line asks only for where it stops.
      evaluateTimer = window.setTimeout(() => evaluate(shown(state), state.fork, lineTo(state)), 250);
    }
  }

  /** Whether the computer evaluates here: the server says the reader may ask, signed in. */
  function wantsEvaluation() {
    return options.signedIn && (options.may() || NOTHING).evaluate;
  }

  /** @param {string} position */
  async function askLegal(position) {
    const reply = await getJson(`${options.base}/analysis?position=${encodeURIComponent(position)}`, options.headers)
      .catch(() => null);
    if (reply && reply.ok) dispatch({ type: "legal", legal: reply.answer });
    else dispatch({ type: "error", text: failureWords(reply, root.dataset) });
  }

  /**
   * Asks for the evaluation of `position`: the game's position at `ply` and then `line`.
   * @param {string} position @param {number} ply @param {string[]} line
   */
  async function evaluate(position, ply, line) {
    if (evaluating || !state.open || state.evals[position]) return;
    evaluating = position;
    options.redraw();
    const reply = await postJson(`${options.base}/evaluation`, { ply, line }, options.headers).catch(() => null);
    /** @type {Evaluation | Refusal} */
    const answer = reply && reply.ok ? reply.answer : { error: failureWords(reply, root.dataset) };
    evaluating = "";
    dispatch({ type: "evaluation", position, answer });
  }

  on.on($("branch"), "click", (/** @type {MouseEvent} */ e) => {
    const b = /** @type {Element} */ (e.target).closest("button[data-step]");
    if (b instanceof HTMLElement) dispatch({ type: "step", to: Number(b.dataset.step) });
  });
  on.on($("analysis-close"), "click", () => api.close());
  on.on($("analysis-paths"), "click", (e) => {
    const alg = pathClicked(e);
    const move = state.choices && state.choices.find((m) => m.alg === alg);
    if (move) dispatch({ type: "play", move });
  });

  async function onSave() {
    if (!options.save) return;
    const ok = await options.save(pairs(state), state.fork);
    if (ok) $("save-note").textContent = root.dataset.saved || "";
  }
  on.on($("save-line"), "click", onSave);

  /** The side panel, drawn from the state alone. */
  function view() {
    root.hidden = !state.open;
    options.root.classList.toggle("analysing", state.open);
    if (!state.open) return;
    renderBranch();
    const legal = legalHere(state);
    const over = $("analysis-over");
    over.hidden = !(legal && legal.over);
    over.textContent = (legal && legal.over) || "";
    renderChoices();
    renderEvaluation();
    renderSave();
    say($("analysis-error"), state.error);
  }

  function renderBranch() {
    $("branch").replaceChildren(...moveRows(root.ownerDocument, state.fork, state.line.map((step, i) => ({
      text: step.move[options.text],
      data: { step: String(i + 1) },
      current: i + 1 === state.at,
    }))));
  }

  function renderChoices() {
    viewPaths($("analysis-paths"), state.choices, root.dataset.choosePath || "", (m) => m[options.text]);
  }

  function renderEvaluation() {
    const box = $("evaluation");
    const game = options.game();
    // Shown once the game is over: to a reader signed out, as the offer to sign in.
    if (!game || !game.over) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    const says = $("evaluation-says");
    const line = $("evaluation-line");
    const bar = $("evaluation-bar");
    if (!options.signedIn) {
      says.textContent = root.dataset.signIn || "";
      line.textContent = "";
      bar.hidden = true;
      return;
    }
    const position = shown(state);
    const answer = state.evals[position];
    box.dataset.position = answer && !("error" in answer) ? answer.position : "";
    if (!answer) {
      says.textContent = root.dataset.evaluating || "";
      line.textContent = "";
      bar.hidden = true;
    } else if ("error" in answer) {
      says.textContent = answer.error;
      line.textContent = "";
      bar.hidden = true;
    } else {
      says.textContent = answer.says;
      line.textContent = answer.line.length
        ? `${answer.line_title} ${answer.line.map((m) => m[options.text]).join(" ")}`
        : "";
      bar.hidden = false;
      // White's share of the bar, from all Black's (−cap) to all White's (+cap).
      const share = (Math.max(-answer.cap, Math.min(answer.cap, answer.value)) + answer.cap) / (2 * answer.cap);
      $("evaluation-white").setAttribute("width", String(Math.round(share * 1000) / 10));
    }
  }

  function renderSave() {
    const box = $("save-box");
    const game = options.game();
    const may = options.may() || NOTHING;
    const open = Boolean(options.save && game && may.save_conditional && state.fork === game.plies);
    box.hidden = !open;
    /** @type {HTMLButtonElement} */ ($("save-line")).disabled = pairs(state).length < 2;
  }

  const api = {
    /** Whether the analysis board is open. */
    isOpen: () => state.open,
    /**
     * Opens it on the game's position at `fork` plies (`last` the move that led there, played
     * in `before`).
     * @param {number} fork @param {string} start @param {Marked | null} last @param {string | null} before
     */
    open(fork, start, last, before) {
      $("save-note").textContent = "";
      dispatch({ type: "open", fork, start, last, before });
    },
    /** Leaves it: the page shows the game again. */
    close() {
      dispatch({ type: "close" });
    },
    /** @param {"first" | "previous" | "next" | "last"} where */
    step(where) {
      const to = { first: 0, previous: state.at - 1, next: state.at + 1, last: state.line.length }[where];
      dispatch({ type: "step", to });
    },
    /** @returns {{ at: number, length: number }} Where the line is shown. */
    where: () => ({ at: state.at, length: state.line.length }),
    /** What the board shows. */
    board: () => boardOf(state),
    /**
     * What the board shows of the choice: the squares each piece may go to, the piece
     * selected, and the position as data (for the page's tests).
     * @returns {{ dests: Map<number, number[]>, selected: number | null, data: Record<string, string> }}
     */
    choice() {
      const legal = legalHere(state);
      const data = { analysis: shown(state) };
      if (!legal) return { dests: new Map(), selected: null, data: {} };
      return { dests: destsOf(legal.moves), selected: state.selected, data };
    },
    /** A square picked on the board (tapped, or Enter on the keyboard's square). @param {number} square */
    pick(square) {
      if (state.open) dispatch({ type: "pick", square });
    },
    /** A piece dragged from `from` and dropped on `to`. @param {number} from @param {number} to */
    drop(from, to) {
      if (state.open) dispatch({ type: "drop", from, to });
    },
    /** Draws the panel (after the page's own drawing). */
    render() {
      view();
      // The game may have ended meanwhile: its evaluation is wanted now.
      fetchWhatIsMissing();
    },
    /** Stops listening. */
    destroy() {
      on.stop();
      clearTimeout(evaluateTimer);
    },
  };
  return api;
}
