// The board as SVG, drawn from a position alone (as the PNG renderer draws it: the traditional
// colours, the last move's squares tinted, a capture's path with its landings, the captured
// pieces as ghosts). Squares are numbered 0 (a1) to 63 (h8); positions are the rules crate's
// text: ranks 8 to 1 separated by '/', digits for empty squares, w/b men and W/B kings.

const NS = "http://www.w3.org/2000/svg";
const SQ = 80;
const MARGIN = 32;
const SIZE = 8 * SQ + 2 * MARGIN;

/** The board's colours in each theme of `/dama settings`, as the PNG renderer has them. */
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
let COLOURS = THEMES.traditional;

/** Draws in `name`'s colours from now on (an unknown name: the traditional ones). */
export function setTheme(name) {
  COLOURS = THEMES[name] || THEMES.traditional;
}
const PIECES = {
  w: { top: "#fbf7ee", side: "#cfc4ae", outline: "#4f463c", groove: "#e2d8c4" },
  b: { top: "#3a3a3c", side: "#17171a", outline: "#0b0b0c", groove: "#58585c" },
};
const CROWN = { fill: "#f5c211", outline: "#6e4a00" };

/** The pieces of a position text: square → letter. */
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

/** A square's name, algebraic: 0 → "a1". */
export function squareName(sq) {
  return "abcdefgh"[sq % 8] + String(Math.floor(sq / 8) + 1);
}

/** Whether Black is at the bottom, as the server said for the page's reader. */
let flipped = false;

/** Draws `side` ("white" or "black", as the server says) at the bottom from now on. */
export function setBottom(side) {
  flipped = side === "black";
}

/** The centre of a square in the picture. */
export function centre(sq) {
  const file = flipped ? 7 - (sq % 8) : sq % 8;
  const row = flipped ? Math.floor(sq / 8) : 7 - Math.floor(sq / 8);
  return [MARGIN + file * SQ + SQ / 2, MARGIN + row * SQ + SQ / 2];
}

function el(name, attrs, parent) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (parent) parent.appendChild(node);
  return node;
}

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

/** A piece (letter `w`, `W`, `b`, `B`) on `sq`; a ghost is drawn faint. */
function piece(parent, sq, letter, ghost) {
  const side = letter.toLowerCase();
  const colours = PIECES[side];
  const king = letter !== side;
  const [cx, cy] = centre(sq);
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
 * Draws `position` (text) into a new SVG element, with `last` marked: `{ path, captured }` of
 * the move that led to it, and `before`, the position it was played in (for the ghosts).
 */
export function drawBoard(position, last, before, label) {
  const svg = el("svg", {
    viewBox: `0 0 ${SIZE} ${SIZE}`,
    role: "img",
    "aria-label": label || "",
    class: "board-svg",
    "data-bottom": flipped ? "black" : "white",
  });
  el("rect", { x: 0, y: 0, width: SIZE, height: SIZE, fill: COLOURS.border }, svg);
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
    const [cx, cy] = centre(sq);
    const t = tint.get(sq) || 0;
    const base = COLOURS.square[((sq % 8) + Math.floor(sq / 8)) % 2 === 0 ? 1 : 0];
    el("rect", {
      x: cx - SQ / 2, y: cy - SQ / 2, width: SQ, height: SQ,
      fill: t ? mix(base, COLOURS.highlight, t) : base,
      stroke: COLOURS.grid || "none", "stroke-width": COLOURS.grid ? 2 : 0,
      class: t ? "square marked" : "square",
      "data-square": squareName(sq),
    }, squares);
  }
  for (let i = 0; i < 8; i++) {
    el("text", { x: MARGIN + i * SQ + SQ / 2, y: SIZE - MARGIN / 2 + 6, class: "coord", fill: COLOURS.label }, svg)
      .textContent = "abcdefgh"[flipped ? 7 - i : i];
    el("text", { x: MARGIN / 2, y: MARGIN + i * SQ + SQ / 2 + 6, class: "coord", fill: COLOURS.label }, svg)
      .textContent = String(flipped ? i + 1 : 8 - i);
  }
  const pieces = parsePosition(position);
  if (last && last.captured.length) {
    const earlier = parsePosition(before);
    for (const sq of last.captured) {
      if (!pieces.has(sq) && earlier.has(sq)) piece(svg, sq, earlier.get(sq), true);
    }
    drawPath(svg, last.path, pieces);
  }
  for (const [sq, letter] of pieces) piece(svg, sq, letter, false);
  return svg;
}

/**
 * Marks squares of a drawn board for the player choosing a move: `selected` (a square number
 * or null) ringed, `targets` (square numbers) dotted, `movable` pieces outlined, and the
 * keyboard's `cursor` (a square number or null) framed.
 */
export function markChoice(svg, { selected, targets, movable, cursor }) {
  const g = el("g", { class: "choice" }, svg);
  const ring = (sq, cls, r) => {
    const [cx, cy] = centre(sq);
    el("circle", { cx, cy, r, class: cls, "data-square": squareName(sq) }, g);
  };
  for (const sq of movable || []) ring(sq, "movable", 0.43 * SQ);
  if (selected !== null && selected !== undefined) ring(selected, "selected", 0.45 * SQ);
  for (const sq of targets || []) ring(sq, "target", 0.16 * SQ);
  if (cursor !== null && cursor !== undefined) {
    const [cx, cy] = centre(cursor);
    el("rect", {
      x: cx - SQ / 2 + 3, y: cy - SQ / 2 + 3, width: SQ - 6, height: SQ - 6,
      class: "cursor", "data-square": squareName(cursor),
    }, g);
  }
}

/** The square number of a square name ("d3" → 19), or null. */
export function squareOf(name) {
  if (!/^[a-h][1-8]$/.test(name || "")) return null;
  return (Number(name[1]) - 1) * 8 + "abcdefgh".indexOf(name[0]);
}

/** A capture's path: a line through the landings, dots on them, a ring where it began. */
function drawPath(svg, path, pieces) {
  const g = el("g", { class: "path" }, svg);
  const points = path.map(centre);
  el("polyline", {
    points: points.map(([x, y]) => `${x},${y}`).join(" "),
    fill: "none", stroke: COLOURS.path, "stroke-width": 0.09 * SQ, "stroke-linejoin": "round",
  }, g);
  path.forEach((sq, i) => {
    const [x, y] = points[i];
    if (i === 0) {
      if (!pieces.has(sq)) {
        el("circle", { cx: x, cy: y, r: 0.15 * SQ, fill: COLOURS.square[0], stroke: COLOURS.path, "stroke-width": 0.06 * SQ }, g);
      }
    } else if (!pieces.has(sq)) {
      el("circle", { cx: x, cy: y, r: 0.13 * SQ, fill: COLOURS.path }, g);
    }
  });
}

/**
 * Slides the piece now on the last square of `path` from the first square through every
 * landing, as the move was played.
 */
export function animateMove(svg, path) {
  if (!path || path.length < 2 || !svg.animate) return;
  const target = svg.querySelector(`.piece:not(.ghost)[data-square="${squareName(path[path.length - 1])}"]`);
  if (!target || !target.animate) return;
  const [ex, ey] = centre(path[path.length - 1]);
  const frames = path.map((sq) => {
    const [x, y] = centre(sq);
    return { transform: `translate(${x - ex}px, ${y - ey}px)` };
  });
  const reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  target.animate(frames, { duration: reduce ? 0 : 180 * (path.length - 1), easing: "ease-in-out" });
}
