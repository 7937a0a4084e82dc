// @ts-check
// A game's board, players, status and moves: one state from the server (see live.js), the ply
// shown, and everything drawn from them alone. The script decides no rule: it shows what the
// server sends. The web page (page.js) and the Activity (activity.js) start it on their
// `#game` element, and the Activity ends it (`destroy()`) to show another game.

import { createBoard } from "./board.js";
import { createClocks, lagEstimate } from "./clock.js";
import { follow } from "./live.js";
import { $ as find, getJson, initialState, listeners, moveRows, say, watchNarrow } from "./common.js";
import { allowed, setupPlay } from "./play.js";
/** @typedef {import("./types.js").GameState} GameState */
// The analysis board, conditional moves and the move sound are not needed for the first board:
// they are imported once it is drawn (see `extras`), off the path to it.

/**
 * Starts the game shown in `root`, a page's `#game` element (its data attributes say who reads
 * it: `data-me`, `data-bottom`, `data-notation`, `data-theme`); every part of the game's page is
 * found inside it. `base` is the game's address, under which
 * its `/events` and `/act` are; `headers` go with every action and say who sends it; `events`,
 * when given, is the event stream's address in place of `${base}/events`. Returns what ends it:
 * `destroy()` closes the event stream and stops every timer and listener it set up.
 * @param {{ root: HTMLElement, base: string, headers: Record<string, string>, events?: string }} options
 * @returns {{ destroy: () => void }}
 */
export function startGame({ root, base, headers, events }) {
  /** @param {string} id */
  const $ = (id) => find(id, root);
  const page = root;
  const lang = document.documentElement.lang || "en";

  /**
   * What the page shows: the server's state and the ply looked at (`null`: the latest).
   * @type {{ state: GameState | null, ply: number | null }}
   */
  const view = { state: null, ply: null };
  let frame = 0;
  /** The performance mark set when the first board is drawn. */
  const FIRST_BOARD = "dama-first-board";

  /** @type {"alg" | "num"} Which of a move's texts to show: the signed-in reader's notation, else algebraic. */
  const text = page.dataset.notation === "numeric" ? "num" : "alg";

  /** The side the signed-in reader plays here ("white", "black"), or "" for a spectator. */
  const me = page.dataset.me || "";
  /** @type {"white" | "black"} The side at the bottom of the board, as the server decided for this reader. */
  const bottom = page.dataset.bottom === "black" ? "black" : "white";
  /** Narrow screens (phones): the coordinates drawn inside the board's edge squares. */
  const narrow = watchNarrow((coords) => board.set({ coords }));
  /** The board: the game's position shown, or the analysis board's. */
  const board = createBoard($("board"), {
    theme: page.dataset.theme || "traditional",
    bottom,
    coords: narrow.coords(),
    events: {
      pick: (square) => (analysing() ? analysis?.pick(square) : play?.pick(square)),
      drop: (from, to) => (analysing() ? analysis?.drop(from, to) : play?.drop(from, to)),
    },
  });
  page.classList.toggle("flipped", bottom === "black");
  /** The move sound's toggle (off unless the reader turned it on in this browser), at the panel's end. */
  /** @type {ReturnType<typeof import("./sound.js").createSound> | null} */
  let sound = null;
  /** A player's conditional moves, shown to them alone (while their game goes on). */
  /** @type {ReturnType<typeof import("./conditional.js").createConditional> | null} */
  let conditional = null;
  /** The analysis board: moves tried from the position shown, apart from the game's. */
  /** @type {ReturnType<typeof import("./analysis.js").createAnalysis> | null} */
  let analysis = null;
  /** Whether `destroy()` has been called (the extras arriving later are then not set up). */
  let ended = false;
  const analysing = () => Boolean(analysis && analysis.isOpen());
  /** @param {string} error */
  function analysisError(error) {
    say($("analysis-error"), error);
  }
  /** A live game's clocks (none shown in a correspondence game); the alarm is the move sound. */
  const clocks = createClocks(page, me, () => sound?.move());
  /** The game's state, fetched when the page needs the server's reading again. */
  const stateUrl = (events || `${base}/events`).replace(/\/events(\?|$)/, "/state$1");
  const play = me && $("controls")
    ? setupPlay({
      root,
      me,
      bottom,
      current: () => ({ state: view.state, latest: view.state !== null && view.ply === null && !analysing() }),
      redraw,
      server: {
        act: `${base}/act`,
        headers,
        lag: () => lagEstimate(clocks.roundTrip()),
        measured: (ms) => clocks.measured(ms),
      },
    })
    : null;

  function shownPly() {
    const s = view.state;
    if (!s) return 0;
    return view.ply === null ? s.moves.length : Math.max(0, Math.min(view.ply, s.moves.length));
  }

  /**
   * Applies a new state from the server; a move just made slides into place. `roundTrip` is
   * the time the fetch that brought it took (`null` from the event stream).
   * @param {GameState} state @param {number | null} [roundTrip]
   */
  function receive(state, roundTrip = null) {
    const old = view.state;
    if (old && state.version < old.version) return;
    clocks.set(state.clock, roundTrip);
    const following = view.ply === null;
    // A move played since the state shown, heard when the page follows the game.
    if (old && following && state.moves.length > old.moves.length && sound) sound.move();
    if (play && (!old || old.version !== state.version)) play.reset();
    // An answer stored may have been played, or the lines cleared with the game's end.
    if (conditional && (!old || old.version !== state.version)) conditional.refresh();
    view.state = state;
    if (play) play.heard();
    redraw();
  }

  /** @param {number} ply */
  function go(ply) {
    const s = view.state;
    if (!s || analysing()) return;
    const n = s.moves.length;
    const target = Math.max(0, Math.min(ply, n));
    if (target === shownPly() + 1 && sound) sound.move();
    view.ply = target >= n ? null : target;
    redraw();
  }

  /** One redraw per animation frame, whatever asked for it. */
  function redraw() {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      render();
    });
  }

  function render() {
    const s = view.state;
    if (!s) return;
    const ply = shownPly();
    const latest = ply === s.moves.length;
    const last = ply > 0 ? s.moves[ply - 1] : null;
    const label = latest ? s.alt : `${s.title}: ${ply}/${s.moves.length}`;
    const version = String(s.version);
    if (analysis && analysing()) {
      // The analysis board's own position, marked as not the game's.
      const shown = analysis.board();
      const choice = analysis.choice();
      board.set({
        ...shown,
        label: $("analysis").dataset.label || "",
        className: "analysis-board",
        data: { ...choice.data, version },
        dests: choice.dests,
        selected: choice.selected,
        cursor: null,
        premove: null,
        premoving: false,
      });
    } else {
      const choice = play ? play.choice() : { dests: new Map(), selected: null, cursor: null, premove: null, premoving: false };
      board.set({
        position: s.positions[ply],
        last,
        before: ply > 0 ? s.positions[ply - 1] : null,
        label,
        className: "",
        data: { ply: String(ply), version },
        ...choice,
      });
    }
    // The first board drawn, for the first-load benchmark (tests/benches/web_first_load.rs).
    if (!performance.getEntriesByName(FIRST_BOARD).length) performance.mark(FIRST_BOARD);
    if (play) play.render(s);
    if (analysis) analysis.render();

    document.title = s.title;
    $("title").textContent = s.title;
    $("status").textContent = s.status;
    /** @param {string} id */
    const button = (id) => /** @type {HTMLButtonElement} */ ($(id));
    if (analysis && analysing()) {
      const { at, length } = analysis.where();
      $("ply").textContent = `${at}/${length}`;
      button("first").disabled = button("previous").disabled = at === 0;
      button("next").disabled = button("last").disabled = at === length;
    } else {
      $("ply").textContent = `${ply}/${s.moves.length}`;
      button("first").disabled = button("previous").disabled = ply === 0;
      button("next").disabled = button("last").disabled = latest;
    }
    const analyse = $("analyse");
    if (analyse) analyse.hidden = analysing();
    for (const side of /** @type {import("./types.js").Side[]} */ (["white", "black"])) {
      const li = /** @type {HTMLElement} */ (root.querySelector(`.player.${side}`));
      li.classList.toggle("to-move", !s.over && s.turn === side);
      /** @type {HTMLElement} */ (li.querySelector(".who")).textContent = s[side];
    }
    renderDeadline(s);
    renderMoves(s, ply);
    renderReview(s, ply);
  }

  const SVG = "http://www.w3.org/2000/svg";

  /** @param {string} name @param {Record<string, string | number>} attrs @param {Element} parent */
  function svgEl(name, attrs, parent) {
    const node = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    parent.appendChild(node);
    return node;
  }

  /** The review's evaluation graph (White up), the ply shown marked; a click goes to a ply. */
  /** @param {GameState} s @param {number} ply */
  function renderReview(s, ply) {
    const section = $("review");
    const r = s.review;
    if (!r || !r.evals.length) {
      section.hidden = true;
      return;
    }
    section.hidden = false;
    $("review-title").textContent = r.title;
    const W = 300;
    const H = 90;
    const n = Math.max(1, r.evals.length - 1);
    /** @param {number} i */
    const x = (i) => (i / n) * W;
    /** @param {number} e */
    const y = (e) => H / 2 - (Math.max(-r.cap, Math.min(r.cap, e)) / r.cap) * (H / 2 - 4);
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", r.graph);
    svg.setAttribute("preserveAspectRatio", "none");
    svgEl("rect", { x: 0, y: 0, width: W, height: H, class: "graph-bg" }, svg);
    const points = r.evals.map((/** @type {number} */ e, /** @type {number} */ i) => `${x(i).toFixed(1)},${y(e).toFixed(1)}`);
    svgEl("polygon", { points: `0,${H} ${points.join(" ")} ${W},${H}`, class: "graph-white" }, svg);
    svgEl("line", { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: "graph-mid" }, svg);
    svgEl("line", { x1: x(ply), y1: 0, x2: x(ply), y2: H, class: "graph-now" }, svg);
    r.classes.forEach((/** @type {string} */ c, /** @type {number} */ i) => {
      if (c === "mistake" || c === "blunder") {
        svgEl("circle", { cx: x(i + 1), cy: y(r.evals[i + 1]), r: 3.5, class: `graph-dot c-${c}` }, svg);
      }
    });
    svg.addEventListener("click", (e) => {
      const box = svg.getBoundingClientRect();
      go(Math.round(((e.clientX - box.left) / box.width) * n));
    });
    $("graph").replaceChildren(svg);
  }

  /** @param {GameState} s @param {number} ply */
  function renderMoves(s, ply) {
    const list = $("moves");
    list.replaceChildren(...moveRows(root.ownerDocument, 0, s.moves.map((m, /** @type {number} */ j) => {
      const c = s.review && s.review.classes[j];
      const marked = c && c !== "best" && c !== "good";
      return {
        text: m[text],
        data: { ply: String(j + 1) },
        current: j + 1 === ply,
        mark: marked ? `c-${c}` : undefined,
        title: marked ? /** @type {import("./types.js").Review} */ (s.review).words[c] : undefined,
      };
    })));
    const current = list.querySelector("[aria-current]");
    if (current && current.scrollIntoView) current.scrollIntoView({ block: "nearest" });
  }

  /** @param {GameState} s */
  function renderDeadline(s) {
    const p = $("deadline");
    // A running live clock says it better, counted from the server's time.
    if (!s.deadline || s.over || (s.clock && s.clock.running)) {
      p.hidden = true;
      return;
    }
    let time = p.querySelector("time");
    if (!time) {
      time = document.createElement("time");
      p.append(" ", time);
    }
    p.hidden = false;
    time.dateTime = new Date(s.deadline).toISOString();
    time.title = new Date(s.deadline).toLocaleString(lang);
    time.textContent = relative(s.deadline);
  }

  /** @param {number} ms */
  function relative(ms) {
    const seconds = Math.round((ms - Date.now()) / 1000);
    /** @type {[Intl.RelativeTimeFormatUnit, number][]} */
    const units = [["day", 86400], ["hour", 3600], ["minute", 60], ["second", 1]];
    const [unit, size] = units.find(([, size]) => Math.abs(seconds) >= size) || units[3];
    try {
      return new Intl.RelativeTimeFormat(lang, { numeric: "auto" }).format(Math.round(seconds / size), unit);
    } catch {
      return new Date(ms).toLocaleString();
    }
  }

  /** Reads the state again, timing the round trip (for the clocks' offset to the server). */
  async function refetch() {
    const sent = Date.now();
    try {
      const { ok, answer } = await getJson(stateUrl, headers, "no-store");
      if (ok && !ended) receive(answer, Date.now() - sent);
    } catch {
      // The event stream brings the state when the page is back online.
    }
  }

  /** @param {boolean} live */
  function link(live) {
    const badge = $("live");
    badge.hidden = false;
    badge.textContent = (live ? badge.dataset.live : page.dataset.offline) || "";
    badge.classList.toggle("offline", !live);
  }

  /**
   * A step of the controls: through the analysis line while it is open, else the game.
   * @param {"first" | "previous" | "next" | "last"} where
   */
  function step(where) {
    if (analysis && analysing()) return analysis.step(where);
    const to = { first: 0, previous: shownPly() - 1, next: shownPly() + 1, last: Infinity }[where];
    go(to);
  }
  /** What stops each listener set up here. */
  const on = listeners();
  const listen = on.on;
  listen($("first"), "click", () => step("first"));
  listen($("previous"), "click", () => step("previous"));
  listen($("next"), "click", () => step("next"));
  listen($("last"), "click", () => step("last"));
  if ($("analyse")) {
    // A click before the analysis board has arrived opens it when it does.
    listen($("analyse"), "click", () => extrasReady.then(() => {
      const s = view.state;
      if (!s || !analysis || ended) return;
      const ply = shownPly();
      analysis.open(ply, s.positions[ply], ply > 0 ? s.moves[ply - 1] : null, ply > 0 ? s.positions[ply - 1] : null);
    }));
  }
  listen($("moves"), "click", (e) => {
    const b = e.target.closest("button[data-ply]");
    if (!b) return;
    // A move of the game leaves the analysis for the game at that move.
    if (analysis && analysing()) analysis.close();
    go(Number(b.dataset.ply));
  });
  listen(document, "keydown", (e) => {
    const typing = e.target instanceof Element && e.target.closest("input, textarea, select");
    if (e.altKey || e.ctrlKey || e.metaKey || typing) return;
    /** @type {Record<string, () => unknown>} */
    const keys = {
      ArrowLeft: () => step("previous"),
      ArrowRight: () => step("next"),
      Home: () => step("first"),
      End: () => step("last"),
      Escape: () => analysis && analysing() && analysis.close(),
    };
    if (keys[e.key]) {
      e.preventDefault();
      keys[e.key]();
    }
  });
  const ticking = window.setInterval(() => view.state && renderDeadline(view.state), 30000);
  // A page coming back (from another tab, or from sleep) shows the time at once from the last
  // reading, and asks the server for a new one.
  listen(document, "visibilitychange", () => {
    if (document.visibilityState !== "visible") return;
    clocks.tick();
    if (view.state && view.state.clock && !view.state.over) refetch();
  });

  $("live").dataset.live = $("live").textContent;
  // The state the page came with draws the first board at once; the stream brings the rest.
  // Drawn now rather than at the next animation frame, which may come a frame or more later.
  // Without it, the stream's first event brings it all the same.
  const initial = initialState(root);
  if (initial) {
    receive(initial);
    cancelAnimationFrame(frame);
    frame = 0;
    render();
  }
  const stop = follow(events || `${base}/events`, (state) => receive(state), link);
  // A live game's page times one fetch of its state, to know its offset to the server's clock.
  if (view.state && view.state.clock && !view.state.over) refetch();
  // Without them the game is still shown and played; a reload tries again.
  const extrasReady = extras().catch(() => {});

  /** Sets up the analysis board, the conditional moves and the move sound, once imported. */
  async function extras() {
    const [analysisModule, conditionalModule, soundModule] = await Promise.all([
      import("./analysis.js"),
      import("./conditional.js"),
      import("./sound.js"),
    ]);
    if (ended) return;
    const panel = /** @type {HTMLElement | null} */ (page.querySelector(".side-panel"));
    if (page.dataset.sound && panel) sound = soundModule.createSound(panel, page.dataset.sound);
    if (me && $("conditional")) {
      conditional = conditionalModule.createConditional({
        root,
        base,
        headers,
        text,
        onError: (error) => analysisError(error),
      });
      conditional.refresh();
    }
    if ($("analysis")) {
      const saving = conditional;
      analysis = analysisModule.createAnalysis({
        root,
        base,
        headers,
        text,
        redraw,
        me,
        signedIn: Boolean(page.dataset.signedIn),
        game: () => view.state && { over: view.state.over, plies: view.state.moves.length, turn: view.state.turn },
        may: () => allowed(view.state, me || "spectator", Date.now()),
        save: saving ? (moves, ply) => saving.save(moves, ply) : null,
      });
    }
    redraw();
  }
  return {
    destroy() {
      ended = true;
      stop();
      clearInterval(ticking);
      clocks.destroy();
      cancelAnimationFrame(frame);
      frame = 0;
      on.stop();
      narrow.stop();
      if (play) play.destroy();
      if (analysis) analysis.destroy();
      board.destroy();
      if (sound) sound.destroy();
    },
  };
}
