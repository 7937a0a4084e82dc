// @ts-check
// The board as SVG, drawn from its state alone (as the PNG renderer draws it: the theme's
// colours, the last move's squares tinted, a capture's path with its landings, the captured
// pieces as ghosts), and the input that chooses a move on it: a tap on a piece and a tap on its
// target, or a drag (mouse, pen, touch) from the piece to the target. Squares are numbered 0
// (a1) to 63 (h8); positions are the rules crate's text: ranks 8 to 1 separated by '/', digits
// for empty squares, w/b men and W/B kings.
//
// In the shape of chessground: `createBoard(element, config)` makes one board per element with
// its own state, `set(partialConfig)` changes it and draws again, `destroy()` lets go of the
// element. The board decides no rule: the squares a piece may go to (`dests`) are the server's
// (or, for a premove in the opponent's turn, the pieces' reach, see `premoveDests`), and a move
// chosen is handed to the page (`events.pick`, `events.drop`).

const NS = "http://www.w3.org/2000/svg";
const SQ = 80;
const MARGIN = 32;
const SIZE = 8 * SQ + 2 * MARGIN;
/** How far (CSS pixels) a pointer goes before a press on a piece becomes a drag. */
const DRAG_START = 4;

/**
 * @typedef {{ square: [string, string], grid: string | null, border: string, label: string, highlight: string, path: string }} Colours
 * @typedef {"white" | "black"} Side
 * @typedef {{ path: number[], captured: number[] }} Marked
 * @typedef {{
 *   pick?: (square: number) => void,
 *   drop?: (from: number, to: number) => void,
 * }} BoardEvents
 * @typedef {{
 *   theme: string,
 *   bottom: Side,
 *   position: string,
 *   last: Marked | null,
 *   before: string | null,
 *   label: string,
 *   className: string,
 *   data: Record<string, string>,
 *   dests: Map<number, number[]>,
 *   selected: number | null,
 *   cursor: number | null,
 *   animate: number[] | null,
 *   premove: [number, number] | null,
 *   premoving: boolean,
 *   coords: "outside" | "inside",
 *   events: BoardEvents,
 * }} BoardConfig
 * @typedef {{ set: (config: Partial<BoardConfig>) => void, destroy: () => void, svg: () => SVGSVGElement | null }} Board
 */

/** @type {Record<string, Colours>} The board's colours in each theme of `/dama settings`, as the PNG renderer has them. */
const THEMES = {
  traditional: {
    square: ["#e8cb9a", "#e8cb9a"],
    grid: "#8a6239",
    border: "#3d2a1c",
    label: "#f0e0c4",
    highlight: "#fff04a",
    path: "#d9480f",
  },
  checkered: {
    // Light, dark: a1 is dark.
    square: ["#dde4be", "#769656"],
    grid: null,
    border: "#2b3325",
    label: "#e4e8d6",
    highlight: "#ffee33",
    path: "#d9480f",
  },
};
const PIECES = {
  w: { top: "#fbf7ee", side: "#cfc4ae", outline: "#4f463c", groove: "#e2d8c4" },
  b: { top: "#3a3a3c", side: "#17171a", outline: "#0b0b0c", groove: "#58585c" },
};
const CROWN = { fill: "#f5c211", outline: "#6e4a00" };

/**
 * The pieces of a position text: square → letter.
 * @param {string | null | undefined} text
 * @returns {Map<number, string>}
 */
export function parsePosition(text) {
  const pieces = new Map();
  const ranks = (text || "").split(" ")[0].split("/");
  ranks.forEach((row, i) => {
    const rank = 7 - i;
    let file = 0;
    for (const c of row) {
      if (c >= "1" && c <= "8") file += Number(c);
      else {
        if (file < 8 && rank >= 0) pieces.set(rank * 8 + file, c);
        file += 1;
      }
    }
  });
  return pieces;
}

/**
 * A square's name, algebraic: 0 → "a1".
 * @param {number} sq
 */
export function squareName(sq) {
  return "abcdefgh"[sq % 8] + String(Math.floor(sq / 8) + 1);
}

/**
 * The square number of a square name ("d3" → 19), or null.
 * @param {string} name
 * @returns {number | null}
 */
export function squareOf(name) {
  if (!/^[a-h][1-8]$/.test(name || "")) return null;
  return (Number(name[1]) - 1) * 8 + "abcdefgh".indexOf(name[0]);
}

/**
 * The centre of a square in the picture, `bottom` at the bottom.
 * @param {number} sq
 * @param {Side} bottom
 * @returns {[number, number]}
 */
export function centre(sq, bottom) {
  const flipped = bottom === "black";
  const file = flipped ? 7 - (sq % 8) : sq % 8;
  const row = flipped ? Math.floor(sq / 8) : 7 - Math.floor(sq / 8);
  return [MARGIN + file * SQ + SQ / 2, MARGIN + row * SQ + SQ / 2];
}

/**
 * The part of the picture shown: the squares and the border with the coordinates around them
 * ("outside"), or the squares alone, the coordinates drawn inside the edge squares ("inside",
 * for narrow screens). Its left and top edge and its side, in the picture's units.
 * @param {"outside" | "inside"} coords
 * @returns {[number, number]}
 */
export function frameOf(coords) {
  return coords === "inside" ? [MARGIN, 8 * SQ] : [0, SIZE];
}

/**
 * The square under a pointer at (`x`, `y`), in pixels from the top left corner of the board's
 * box (`width` × `height`, the square picture centred in it), `bottom` at the bottom; null
 * off the squares (the border, the coordinates). `coords` says which part of the picture the
 * box shows (see `frameOf`).
 * @param {number} x @param {number} y @param {number} width @param {number} height @param {Side} bottom
 * @param {"outside" | "inside"} [coords]
 * @returns {number | null}
 */
export function squareAt(x, y, width, height, bottom, coords = "outside") {
  const side = Math.min(width, height);
  if (!(side > 0)) return null;
  const [edge, shown] = frameOf(coords);
  const scale = shown / side;
  const bx = (x - (width - side) / 2) * scale + edge - MARGIN;
  const by = (y - (height - side) / 2) * scale + edge - MARGIN;
  const file = Math.floor(bx / SQ);
  const row = Math.floor(by / SQ);
  if (file < 0 || file > 7 || row < 0 || row > 7) return null;
  return bottom === "black" ? row * 8 + (7 - file) : (7 - row) * 8 + file;
}

/**
 * The squares each piece may go to, from the server's moves (their paths): from → last squares.
 * @param {{ path: number[] }[]} moves
 * @returns {Map<number, number[]>}
 */
export function destsOf(moves) {
  /** @type {Map<number, number[]>} */
  const dests = new Map();
  for (const m of moves) {
    const from = m.path[0];
    const to = m.path[m.path.length - 1];
    const list = dests.get(from) || [];
    if (!list.includes(to)) list.push(to);
    dests.set(from, list);
  }
  return dests;
}

/**
 * Whether a piece dragged from `from` and dropped on `to` makes a move (else it goes back).
 * @param {Map<number, number[]>} dests @param {number} from @param {number | null} to
 */
export function isDest(dests, from, to) {
  return to !== null && to !== from && (dests.get(from) || []).includes(to);
}

/**
 * The moves from `from` ending on `to`: one is played, several (captures by different paths)
 * are offered by name, none is no move.
 * @template {{ path: number[] }} M
 * @param {M[]} moves @param {number} from @param {number} to
 * @returns {M[]}
 */
export function movesLanding(moves, from, to) {
  return moves.filter((m) => m.path[0] === from && m.path[m.path.length - 1] === to);
}

/**
 * Where each of `side`'s pieces might go once the opponent has moved: the targets a premove
 * may be queued on, in the opponent's turn. Geometry only, never a rule: whether the premove
 * is a legal move is the server's answer when the turn comes. A man steps one square forward
 * or sideways, or lands after captures, each two squares forward or sideways (so an even
 * number of files and ranks away, never behind it); a king, which flies and turns between
 * captures, may land anywhere. Squares the side's own pieces stand on are left out.
 * @param {string | null | undefined} position @param {Side} side
 * @returns {Map<number, number[]>}
 */
export function premoveDests(position, side) {
  const pieces = parsePosition(position);
  const own = side === "white" ? "w" : "b";
  const ahead = side === "white" ? 1 : -1;
  /** @type {Map<number, number[]>} */
  const dests = new Map();
  for (const [from, letter] of pieces) {
    if (letter.toLowerCase() !== own) continue;
    const king = letter !== own;
    const [file, rank] = [from % 8, Math.floor(from / 8)];
    const targets = [];
    for (let to = 0; to < 64; to++) {
      if (to === from || pieces.get(to)?.toLowerCase() === own) continue;
      const df = (to % 8) - file;
      const forward = (Math.floor(to / 8) - rank) * ahead;
      const step = (Math.abs(df) === 1 && forward === 0) || (df === 0 && forward === 1);
      const jumps = forward >= 0 && df % 2 === 0 && forward % 2 === 0;
      if (king || step || jumps) targets.push(to);
    }
    if (targets.length) dests.set(from, targets);
  }
  return dests;
}

/**
 * @param {string} name @param {Record<string, string | number>} attrs @param {Element | null} [parent]
 * @returns {SVGElement}
 */
function el(name, attrs, parent) {
  const node = /** @type {SVGElement} */ (document.createElementNS(NS, name));
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (parent) parent.appendChild(node);
  return node;
}

/** @param {string} a @param {string} b @param {number} t */
function mix(a, b, t) {
  const pa = parseInt(a.slice(1), 16);
  const pb = parseInt(b.slice(1), 16);
  let out = "#";
  for (const shift of [16, 8, 0]) {
    const x = (pa >> shift) & 255;
    const y = (pb >> shift) & 255;
    out += Math.round(x + (y - x) * t).toString(16).padStart(2, "0");
  }
  return out;
}

/** @returns {BoardConfig} */
function defaults() {
  return {
    theme: "traditional",
    bottom: "white",
    position: "",
    last: null,
    before: null,
    label: "",
    className: "",
    data: {},
    dests: new Map(),
    selected: null,
    cursor: null,
    animate: null,
    premove: null,
    premoving: false,
    coords: "outside",
    events: {},
  };
}

/**
 * Makes a board in `element` (its SVG is the element's only child), drawn from `config`.
 * @param {HTMLElement} element
 * @param {Partial<BoardConfig>} config
 * @returns {Board}
 */
export function createBoard(element, config) {
  /** @type {BoardConfig} */
  const state = { ...defaults(), ...config };
  /** @type {SVGSVGElement | null} */
  let svg = null;
  /**
   * A press on a piece that may move, followed until the pointer lets go: where it began, and
   * where the pointer is (client pixels) once it moved far enough to be a drag.
   * @type {{ from: number, pointer: number, x0: number, y0: number, x: number, y: number, moving: boolean } | null}
   */
  let drag = null;

  /** @param {PointerEvent} e */
  function squareOfEvent(e) {
    if (!svg) return null;
    const box = svg.getBoundingClientRect();
    return squareAt(e.clientX - box.left, e.clientY - box.top, box.width, box.height, state.bottom, state.coords);
  }

  /** @param {PointerEvent} e */
  function onDown(e) {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    const sq = squareOfEvent(e);
    if (sq === null) return;
    const mine = state.dests.has(sq);
    if (mine) {
      // The press is followed on the element, whatever is drawn under it meanwhile.
      e.preventDefault();
      drag = { from: sq, pointer: e.pointerId, x0: e.clientX, y0: e.clientY, x: e.clientX, y: e.clientY, moving: false };
      try {
        element.setPointerCapture(e.pointerId);
      } catch {
        // A pointer already gone: the press is a tap.
      }
    }
    if (state.events.pick) state.events.pick(sq);
  }

  /** @param {PointerEvent} e */
  function onMove(e) {
    if (!drag || e.pointerId !== drag.pointer) return;
    drag.x = e.clientX;
    drag.y = e.clientY;
    if (!drag.moving && Math.hypot(drag.x - drag.x0, drag.y - drag.y0) >= DRAG_START) {
      drag.moving = true;
      element.classList.add("dragging");
    }
    if (drag.moving) follow();
  }

  /** @param {PointerEvent} e */
  function onUp(e) {
    if (!drag || e.pointerId !== drag.pointer) return;
    const { from, moving } = drag;
    const to = squareOfEvent(e);
    end();
    if (moving && isDest(state.dests, from, to) && state.events.drop) {
      state.events.drop(from, /** @type {number} */ (to));
    }
  }

  /** Lets go of the drag: the piece goes back to its square until the page says otherwise. */
  function end() {
    drag = null;
    element.classList.remove("dragging");
    draw();
  }

  /** @param {PointerEvent} e */
  function onCancel(e) {
    if (drag && e.pointerId === drag.pointer) end();
  }

  /** Puts the dragged piece under the pointer, above the others. */
  function follow() {
    if (!svg || !drag || !drag.moving) return;
    const piece = svg.querySelector(`.piece:not(.ghost)[data-square="${squareName(drag.from)}"]`);
    if (!piece) return;
    const box = svg.getBoundingClientRect();
    const scale = frameOf(state.coords)[1] / Math.min(box.width, box.height);
    const dx = (drag.x - drag.x0) * scale;
    const dy = (drag.y - drag.y0) * scale;
    piece.setAttribute("transform", `translate(${dx.toFixed(1)} ${dy.toFixed(1)})`);
    piece.classList.add("dragged");
    if (piece.parentNode && piece !== piece.parentNode.lastChild) piece.parentNode.appendChild(piece);
  }

  element.addEventListener("pointerdown", onDown);
  element.addEventListener("pointermove", onMove);
  element.addEventListener("pointerup", onUp);
  element.addEventListener("pointercancel", onCancel);
  element.addEventListener("lostpointercapture", onCancel);

  function draw() {
    svg = render(state, drag ? drag.from : null);
    element.replaceChildren(svg);
    element.classList.toggle("board-movable", state.dests.size > 0);
    if (state.animate) animateMove(svg, state.animate, state.bottom);
    state.animate = null;
    follow();
  }

  draw();
  return {
    set(config) {
      Object.assign(state, config);
      if (!state.dests.size && drag) {
        drag = null;
        element.classList.remove("dragging");
      }
      draw();
    },
    destroy() {
      element.removeEventListener("pointerdown", onDown);
      element.removeEventListener("pointermove", onMove);
      element.removeEventListener("pointerup", onUp);
      element.removeEventListener("pointercancel", onCancel);
      element.removeEventListener("lostpointercapture", onCancel);
      element.classList.remove("board-movable", "dragging");
      drag = null;
    },
    svg: () => svg,
  };
}

/**
 * The SVG of a board's state; `dragging` is the square whose piece is being dragged (its
 * targets lit as if it were selected).
 * @param {BoardConfig} s @param {number | null} dragging
 * @returns {SVGSVGElement}
 */
function render(s, dragging) {
  const colours = THEMES[s.theme] || THEMES.traditional;
  const bottom = s.bottom;
  const svg = /** @type {SVGSVGElement} */ (el("svg", {
    viewBox: (() => {
      const [edge, shown] = frameOf(s.coords);
      return `${edge} ${edge} ${shown} ${shown}`;
    })(),
    role: "img",
    "aria-label": s.label || "",
    // Choosing a premove: its marks in the premove's colour, and no piece ringed as if it could move now.
    class: ["board-svg", s.className, s.premoving ? "premoving" : ""].filter(Boolean).join(" "),
    "data-bottom": bottom,
  }));
  for (const [k, v] of Object.entries(s.data)) svg.dataset[k] = v;
  el("rect", { x: 0, y: 0, width: SIZE, height: SIZE, fill: colours.border }, svg);
  const last = s.last;
  /** @type {Map<number, number>} */
  const tint = new Map();
  if (last) {
    const path = last.path;
    const capture = last.captured.length > 0;
    path.forEach((sq, i) => {
      if (i === 0) tint.set(sq, 0.38);
      else if (i === path.length - 1) tint.set(sq, 0.6);
      else if (capture) tint.set(sq, 0.38);
    });
  }
  const squares = el("g", { class: "squares" }, svg);
  for (let sq = 0; sq < 64; sq++) {
    const [cx, cy] = centre(sq, bottom);
    const t = tint.get(sq) || 0;
    const base = colours.square[((sq % 8) + Math.floor(sq / 8)) % 2 === 0 ? 1 : 0];
    el("rect", {
      x: cx - SQ / 2, y: cy - SQ / 2, width: SQ, height: SQ,
      fill: t ? mix(base, colours.highlight, t) : base,
      stroke: colours.grid || "none", "stroke-width": colours.grid ? 2 : 0,
      class: t ? "square marked" : "square",
      "data-square": squareName(sq),
    }, squares);
  }
  if (s.premove) {
    // A premove queued: its squares tinted apart from the last move's, under the pieces.
    const queued = el("g", { class: "premoved" }, svg);
    for (const sq of s.premove) {
      const [cx, cy] = centre(sq, bottom);
      el("rect", {
        x: cx - SQ / 2, y: cy - SQ / 2, width: SQ, height: SQ,
        class: "premove", "data-square": squareName(sq),
      }, queued);
    }
  }
  const flipped = bottom === "black";
  const inside = s.coords === "inside";
  /** @param {number} sq The colour a coordinate is read in on `sq`: the border's, or the light square's on a dark one. */
  const ink = (sq) => {
    const dark = ((sq % 8) + Math.floor(sq / 8)) % 2 === 0 && colours.square[0] !== colours.square[1];
    return dark ? colours.square[0] : colours.border;
  };
  for (let i = 0; i < 8; i++) {
    const file = "abcdefgh"[flipped ? 7 - i : i];
    const rank = String(flipped ? i + 1 : 8 - i);
    if (inside) {
      // In the corners of the edge squares: the files along the bottom row, the ranks along
      // the left column, in the border's colour.
      el("text", { x: MARGIN + (i + 1) * SQ - 5, y: MARGIN + 8 * SQ - 6, class: "coord inside file", fill: ink(flipped ? 63 - i : i) }, svg)
        .textContent = file;
      el("text", { x: MARGIN + 5, y: MARGIN + i * SQ + 19, class: "coord inside rank", fill: ink(flipped ? i * 8 + 7 : (7 - i) * 8) }, svg)
        .textContent = rank;
    } else {
      el("text", { x: MARGIN + i * SQ + SQ / 2, y: SIZE - MARGIN / 2 + 6, class: "coord", fill: colours.label }, svg)
        .textContent = file;
      el("text", { x: MARGIN / 2, y: MARGIN + i * SQ + SQ / 2 + 6, class: "coord", fill: colours.label }, svg)
        .textContent = rank;
    }
  }
  const pieces = parsePosition(s.position);
  if (last && last.captured.length) {
    const earlier = parsePosition(s.before);
    for (const sq of last.captured) {
      const letter = earlier.get(sq);
      if (!pieces.has(sq) && letter) piece(svg, sq, letter, true, bottom);
    }
    drawPath(svg, last.path, pieces, colours, bottom);
  }
  for (const [sq, letter] of pieces) piece(svg, sq, letter, false, bottom);
  const selected = dragging ?? s.selected;
  if (s.dests.size || s.cursor !== null) {
    markChoice(svg, {
      selected,
      targets: selected === null ? [] : s.dests.get(selected) || [],
      movable: selected === null ? [...s.dests.keys()] : [],
      cursor: s.cursor,
      bottom,
    });
  }
  return svg;
}

/**
 * A piece (letter `w`, `W`, `b`, `B`) on `sq`; a ghost is drawn faint.
 * @param {Element} parent @param {number} sq @param {string} letter @param {boolean} ghost @param {Side} bottom
 */
function piece(parent, sq, letter, ghost, bottom) {
  const side = letter.toLowerCase() === "w" ? "w" : "b";
  const colours = PIECES[side];
  const king = letter !== letter.toLowerCase();
  const [cx, cy] = centre(sq, bottom);
  const r = 0.39 * SQ;
  const cls = `piece ${side === "w" ? "white" : "black"} ${king ? "king" : "man"}${ghost ? " ghost" : ""}`;
  const g = el("g", { class: cls, "data-square": squareName(sq) }, parent);
  if (ghost) g.setAttribute("opacity", "0.4");
  el("ellipse", { cx, cy: cy + 0.06 * r, rx: r, ry: r, fill: colours.side, stroke: colours.outline, "stroke-width": 2 }, g);
  el("circle", { cx, cy: cy - 0.04 * r, r: 0.94 * r, fill: colours.top, stroke: colours.outline, "stroke-width": 1.5 }, g);
  el("circle", { cx, cy: cy - 0.04 * r, r: 0.66 * r, fill: "none", stroke: colours.groove, "stroke-width": 2.5 }, g);
  if (king) {
    const s = 0.55 * r;
    const y = cy - 0.04 * r;
    const d = [
      [-1, 0.45], [-1, -0.35], [-0.5, 0.05], [0, -0.6], [0.5, 0.05], [1, -0.35], [1, 0.45],
    ].map(([x, v], i) => `${i ? "L" : "M"}${(cx + x * s).toFixed(1)},${(y + v * s).toFixed(1)}`).join("") + "Z";
    el("path", { d, fill: CROWN.fill, stroke: CROWN.outline, "stroke-width": 2, "stroke-linejoin": "round" }, g);
  }
  return g;
}

/**
 * Marks squares for the player choosing a move: `selected` ringed, `targets` dotted,
 * `movable` pieces outlined, and the keyboard's `cursor` framed.
 * @param {SVGElement} svg
 * @param {{ selected: number | null, targets: number[], movable: number[], cursor: number | null, bottom: Side }} choice
 */
function markChoice(svg, { selected, targets, movable, cursor, bottom }) {
  const g = el("g", { class: "choice" }, svg);
  /** @param {number} sq @param {string} cls @param {number} r */
  const ring = (sq, cls, r) => {
    const [cx, cy] = centre(sq, bottom);
    el("circle", { cx, cy, r, class: cls, "data-square": squareName(sq) }, g);
  };
  for (const sq of movable) ring(sq, "movable", 0.43 * SQ);
  if (selected !== null) ring(selected, "selected", 0.45 * SQ);
  for (const sq of targets) ring(sq, "target", 0.16 * SQ);
  if (cursor !== null) {
    const [cx, cy] = centre(cursor, bottom);
    el("rect", {
      x: cx - SQ / 2 + 3, y: cy - SQ / 2 + 3, width: SQ - 6, height: SQ - 6,
      class: "cursor", "data-square": squareName(cursor),
    }, g);
  }
}

/**
 * A capture's path: a line through the landings, dots on them, a ring where it began.
 * @param {SVGElement} svg @param {number[]} path @param {Map<number, string>} pieces @param {Colours} colours @param {Side} bottom
 */
function drawPath(svg, path, pieces, colours, bottom) {
  const g = el("g", { class: "path" }, svg);
  const points = path.map((sq) => centre(sq, bottom));
  el("polyline", {
    points: points.map(([x, y]) => `${x},${y}`).join(" "),
    fill: "none", stroke: colours.path, "stroke-width": 0.09 * SQ, "stroke-linejoin": "round",
  }, g);
  path.forEach((sq, i) => {
    const [x, y] = points[i];
    if (i === 0) {
      if (!pieces.has(sq)) {
        el("circle", { cx: x, cy: y, r: 0.15 * SQ, fill: colours.square[0], stroke: colours.path, "stroke-width": 0.06 * SQ }, g);
      }
    } else if (!pieces.has(sq)) {
      el("circle", { cx: x, cy: y, r: 0.13 * SQ, fill: colours.path }, g);
    }
  });
}

/**
 * Slides the piece now on the last square of `path` from the first square through every
 * landing, as the move was played.
 * @param {SVGSVGElement} svg @param {number[]} path @param {Side} bottom
 */
function animateMove(svg, path, bottom) {
  if (!path || path.length < 2 || !svg.animate) return;
  const target = svg.querySelector(`.piece:not(.ghost)[data-square="${squareName(path[path.length - 1])}"]`);
  if (!target || !target.animate) return;
  const [ex, ey] = centre(path[path.length - 1], bottom);
  const frames = path.map((sq) => {
    const [x, y] = centre(sq, bottom);
    return { transform: `translate(${x - ex}px, ${y - ey}px)` };
  });
  const reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  target.animate(frames, { duration: reduce ? 0 : 180 * (path.length - 1), easing: "ease-in-out" });
}
