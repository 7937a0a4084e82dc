// @ts-check
// The board as SVG, drawn from its state alone (as the PNG renderer draws it: the theme's
// colours, the last move's squares tinted, a capture's path with its landings, the captured
// pieces as ghosts), and the input that chooses a move on it: a tap on a piece and a tap on its
// target, or a drag (mouse, pen, touch) from the piece to the target. Squares are numbered 0
// (a1) to 63 (h8); positions are the rules crate's text: ranks 8 to 1 separated by '/', digits
// for empty squares, w/b men and W/B kings.
//
// In the shape of chessground: `createBoard(element, config)` makes one board per element with
// its own state, `set(partialConfig)` changes it and draws again what changed (a piece that
// moved slides from where it was, found from the two positions), `destroy()` lets go of the
// element and leaves the board inert. The board decides no rule: the squares a piece may go to (`dests`) are the server's
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
 *   animation: boolean,
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
 * A new SVG element `name` with `attrs`, in `parent` when given.
 * @param {Document} doc @param {string} name @param {Record<string, string | number>} attrs @param {Element | null} [parent]
 * @returns {SVGElement}
 */
function el(doc, name, attrs, parent) {
  const node = /** @type {SVGElement} */ (doc.createElementNS(NS, name));
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (parent) parent.appendChild(node);
  return node;
}

/**
 * Gives `node` the attributes `attrs`, writing only those that differ from what it has.
 * @param {Element} node @param {Record<string, string | number>} attrs
 */
function put(node, attrs) {
  for (const [k, v] of Object.entries(attrs)) {
    const value = String(v);
    if (node.getAttribute(k) !== value) node.setAttribute(k, value);
  }
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

/**
 * What changed between two positions (square → letter, see `parsePosition`): the pieces that
 * moved, each from a square it left to a square of its side it now stands on (the nearest, a
 * man crowned on landing included), and the squares whose pieces are gone (captured). Found
 * from the positions alone, as chessground's animation finds its moves, so that any change
 * drawn (a move played, a step back through the game, a takeback) slides as it happened.
 * @param {Map<number, string>} before @param {Map<number, string>} after
 * @returns {{ moved: { from: number, to: number }[], gone: number[] }}
 */
export function changeOf(before, after) {
  const left = [...before].filter(([sq, letter]) => after.get(sq) !== letter);
  const came = [...after].filter(([sq, letter]) => before.get(sq) !== letter);
  /** @param {number} a @param {number} b */
  const distance = (a, b) => Math.hypot((a % 8) - (b % 8), Math.floor(a / 8) - Math.floor(b / 8));
  /** @type {{ from: number, to: number }[]} */
  const moved = [];
  const used = new Set();
  for (const [to, letter] of came) {
    const side = letter.toLowerCase();
    let from = -1;
    for (const [sq, was] of left) {
      if (used.has(sq) || was.toLowerCase() !== side) continue;
      if (from < 0 || distance(sq, to) < distance(from, to)) from = sq;
    }
    if (from >= 0) {
      used.add(from);
      moved.push({ from, to });
    }
  }
  return { moved, gone: left.map(([sq]) => sq).filter((sq) => !used.has(sq) && !after.has(sq)) };
}

/**
 * The squares a moved piece slides through: the last move's path when it is this move (a
 * capture's landings), else straight from `from` to `to`.
 * @param {{ from: number, to: number }} move @param {Marked | null} last
 * @returns {number[]}
 */
export function routeOf(move, last) {
  const path = last ? last.path : [];
  const same = path.length >= 2 && path[0] === move.from && path[path.length - 1] === move.to;
  return same ? path : [move.from, move.to];
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
    animation: true,
    premove: null,
    premoving: false,
    coords: "outside",
    events: {},
  };
}

/** @param {string} key A `data` key as its attribute: `fooBar` → `data-foo-bar`. */
function dataAttribute(key) {
  return `data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/**
 * Makes a board in `element` (its SVG is the element's only child), drawn from `config`.
 * `set()` draws again only what changed: the squares whose marks changed, the pieces that
 * moved (sliding from where they were), the layers whose marks changed; after `destroy()` the
 * board is inert (nothing drawn, nothing heard, no animation left running).
 * @param {HTMLElement} element
 * @param {Partial<BoardConfig>} config
 * @returns {Board}
 */
export function createBoard(element, config) {
  const doc = element.ownerDocument;
  /** @type {BoardConfig} */
  const state = { ...defaults(), ...config };
  let destroyed = false;
  /**
   * A press on a piece that may move, followed until the pointer lets go: where it began, and
   * where the pointer is (client pixels) once it moved far enough to be a drag.
   * @type {{ from: number, pointer: number, x0: number, y0: number, x: number, y: number, moving: boolean } | null}
   */
  let drag = null;

  // The picture, made once: the border, the squares, and a layer for each kind of mark, each
  // drawn again only when what it shows changed.
  const svg = /** @type {SVGSVGElement} */ (el(doc, "svg", { role: "img" }));
  const border = el(doc, "rect", { x: 0, y: 0, width: SIZE, height: SIZE }, svg);
  const squares = el(doc, "g", { class: "squares" }, svg);
  /** @type {SVGElement[]} */
  const squareNodes = [];
  for (let sq = 0; sq < 64; sq++) squareNodes.push(el(doc, "rect", { width: SQ, height: SQ, "data-square": squareName(sq) }, squares));
  const premoved = el(doc, "g", { class: "premoved" }, svg);
  const labels = el(doc, "g", { class: "coords" }, svg);
  const capture = el(doc, "g", { class: "capture" }, svg);
  const piecesLayer = el(doc, "g", { class: "pieces" }, svg);
  const choice = el(doc, "g", { class: "choice" }, svg);
  /** The pieces drawn: square → its letter and its node. @type {Map<number, { letter: string, node: SVGElement }>} */
  const drawn = new Map();
  /** The side at the bottom the pieces were drawn for. @type {Side | null} */
  let drawnBottom = null;
  /** What each layer shows, as last drawn. */
  const shown = { premove: "", coords: "", capture: "", choice: "", data: /** @type {string[]} */ ([]) };
  /** The slides under way. @type {Set<Animation>} */
  const running = new Set();

  /** @param {PointerEvent} e */
  function squareOfEvent(e) {
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
      draw();
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
    if (drag) letGo(drag.from);
    drag = null;
    element.classList.remove("dragging");
    draw();
  }

  /** @param {number} sq The piece on `sq` back on its square. */
  function letGo(sq) {
    const piece = drawn.get(sq);
    if (!piece || !piece.node.classList.contains("dragged")) return;
    piece.node.removeAttribute("transform");
    piece.node.classList.remove("dragged");
  }

  /** @param {PointerEvent} e */
  function onCancel(e) {
    if (drag && e.pointerId === drag.pointer) end();
  }

  /** Puts the dragged piece under the pointer, above the others. */
  function follow() {
    if (!drag || !drag.moving) return;
    const piece = drawn.get(drag.from)?.node;
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

  /**
   * Draws `layer` again with `paint` when what it shows (`key`) changed since it was drawn.
   * @param {SVGElement} layer @param {"premove" | "coords" | "capture" | "choice"} name @param {string} key
   * @param {() => void} paint
   */
  function layerOf(layer, name, key, paint) {
    if (shown[name] === key) return;
    shown[name] = key;
    layer.replaceChildren();
    paint();
  }

  /** Draws what changed since the last drawing. */
  function draw() {
    if (destroyed) return;
    const s = state;
    if (svg.parentNode !== element) element.replaceChildren(svg);
    const colours = THEMES[s.theme] || THEMES.traditional;
    const bottom = s.bottom;
    const [edge, side] = frameOf(s.coords);
    put(svg, {
      viewBox: `${edge} ${edge} ${side} ${side}`,
      "aria-label": s.label || "",
      // Choosing a premove: its marks in the premove's colour, and no piece ringed as if it could move now.
      class: ["board-svg", s.className, s.premoving ? "premoving" : ""].filter(Boolean).join(" "),
      "data-bottom": bottom,
    });
    const data = Object.keys(s.data);
    for (const key of shown.data) if (!data.includes(key)) svg.removeAttribute(dataAttribute(key));
    for (const key of data) put(svg, { [dataAttribute(key)]: s.data[key] });
    shown.data = data;
    put(border, { fill: colours.border });
    drawSquares(s, colours);
    layerOf(premoved, "premove", s.premove ? `${s.premove}|${bottom}` : "", () => {
      // A premove queued: its squares tinted apart from the last move's, under the pieces.
      for (const sq of s.premove || []) {
        const [cx, cy] = centre(sq, bottom);
        el(doc, "rect", { x: cx - SQ / 2, y: cy - SQ / 2, width: SQ, height: SQ, class: "premove", "data-square": squareName(sq) }, premoved);
      }
    });
    layerOf(labels, "coords", `${bottom}|${s.coords}|${s.theme}`, () => drawCoords(doc, labels, s, colours));
    const pieces = parsePosition(s.position);
    const last = s.last;
    const captures = last && last.captured.length ? last : null;
    // The capture's marks depend on the pieces standing on its path.
    const captureKey = captures
      ? JSON.stringify([captures, s.before, bottom, s.theme, captures.path.map((sq) => pieces.get(sq) || "")])
      : "";
    layerOf(capture, "capture", captureKey, () => {
      if (!captures) return;
      const earlier = parsePosition(s.before);
      for (const sq of captures.captured) {
        const letter = earlier.get(sq);
        if (!pieces.has(sq) && letter) piece(doc, capture, sq, letter, true, bottom);
      }
      drawPath(doc, capture, captures.path, pieces, colours, bottom);
    });
    const moved = drawPieces(pieces, bottom);
    const selected = drag ? drag.from : s.selected;
    const marks = s.dests.size || s.cursor !== null
      ? {
        selected,
        targets: selected === null ? [] : s.dests.get(selected) || [],
        movable: selected === null ? [...s.dests.keys()] : [],
        cursor: s.cursor,
        bottom,
      }
      : null;
    layerOf(choice, "choice", marks ? JSON.stringify(marks) : "", () => marks && markChoice(doc, choice, marks));
    const movable = s.dests.size > 0;
    if (element.classList.contains("board-movable") !== movable) element.classList.toggle("board-movable", movable);
    if (s.animation) for (const move of moved) slide(move, last, bottom);
    follow();
  }

  /**
   * The squares' colours: the theme's, the last move's squares tinted; only the squares whose
   * colour changed are written.
   * @param {BoardConfig} s @param {Colours} colours
   */
  function drawSquares(s, colours) {
    /** @type {Map<number, number>} */
    const tint = new Map();
    if (s.last) {
      const path = s.last.path;
      const capture = s.last.captured.length > 0;
      path.forEach((sq, i) => {
        if (i === 0) tint.set(sq, 0.38);
        else if (i === path.length - 1) tint.set(sq, 0.6);
        else if (capture) tint.set(sq, 0.38);
      });
    }
    for (let sq = 0; sq < 64; sq++) {
      const [cx, cy] = centre(sq, s.bottom);
      const t = tint.get(sq) || 0;
      const base = colours.square[((sq % 8) + Math.floor(sq / 8)) % 2 === 0 ? 1 : 0];
      put(squareNodes[sq], {
        x: cx - SQ / 2, y: cy - SQ / 2,
        fill: t ? mix(base, colours.highlight, t) : base,
        stroke: colours.grid || "none", "stroke-width": colours.grid ? 2 : 0,
        class: t ? "square marked" : "square",
      });
    }
  }

  /**
   * The pieces of `pieces`, drawing only those that changed; returns the moves that brought
   * the change (none on the first drawing, or when the board turned).
   * @param {Map<number, string>} pieces @param {Side} bottom
   */
  function drawPieces(pieces, bottom) {
    const turned = drawnBottom !== bottom;
    /** @type {Map<number, string>} */
    const before = new Map([...drawn].map(([sq, p]) => [sq, p.letter]));
    for (const [sq, p] of drawn) {
      if (!turned && pieces.get(sq) === p.letter) continue;
      p.node.remove();
      drawn.delete(sq);
    }
    for (const [sq, letter] of pieces) {
      if (!drawn.has(sq)) drawn.set(sq, { letter, node: piece(doc, piecesLayer, sq, letter, false, bottom) });
    }
    const first = drawnBottom === null;
    drawnBottom = bottom;
    return first || turned ? [] : changeOf(before, pieces).moved;
  }

  /**
   * Slides the piece now on `move.to` from `move.from` (through the landings of the last move
   * when it is this one), as it was played.
   * @param {{ from: number, to: number }} move @param {Marked | null} last @param {Side} bottom
   */
  function slide(move, last, bottom) {
    const target = drawn.get(move.to)?.node;
    if (!target || typeof target.animate !== "function") return;
    const route = routeOf(move, last);
    const [ex, ey] = centre(move.to, bottom);
    const frames = route.map((sq) => {
      const [x, y] = centre(sq, bottom);
      return { transform: `translate(${x - ex}px, ${y - ey}px)` };
    });
    const view = doc.defaultView;
    const reduce = Boolean(view && view.matchMedia && view.matchMedia("(prefers-reduced-motion: reduce)").matches);
    const animation = target.animate(frames, { duration: reduce ? 0 : 180 * (route.length - 1), easing: "ease-in-out" });
    running.add(animation);
    animation.onfinish = () => running.delete(animation);
  }

  draw();
  return {
    set(config) {
      if (destroyed) return;
      Object.assign(state, config);
      if (!state.dests.size && drag) {
        letGo(drag.from);
        drag = null;
        element.classList.remove("dragging");
      }
      draw();
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      element.removeEventListener("pointerdown", onDown);
      element.removeEventListener("pointermove", onMove);
      element.removeEventListener("pointerup", onUp);
      element.removeEventListener("pointercancel", onCancel);
      element.removeEventListener("lostpointercapture", onCancel);
      element.classList.remove("board-movable", "dragging");
      for (const animation of running) animation.cancel();
      running.clear();
      drag = null;
    },
    svg: () => svg,
  };
}

/**
 * The coordinates: around the squares ("outside"), or in the corners of the edge squares
 * ("inside": the files along the bottom row, the ranks along the left column).
 * @param {Document} doc @param {SVGElement} layer @param {BoardConfig} s @param {Colours} colours
 */
function drawCoords(doc, layer, s, colours) {
  const flipped = s.bottom === "black";
  /** @param {number} sq The colour a coordinate is read in on `sq`: the border's, or the light square's on a dark one. */
  const ink = (sq) => {
    const dark = ((sq % 8) + Math.floor(sq / 8)) % 2 === 0 && colours.square[0] !== colours.square[1];
    return dark ? colours.square[0] : colours.border;
  };
  for (let i = 0; i < 8; i++) {
    const file = "abcdefgh"[flipped ? 7 - i : i];
    const rank = String(flipped ? i + 1 : 8 - i);
    if (s.coords === "inside") {
      el(doc, "text", { x: MARGIN + (i + 1) * SQ - 5, y: MARGIN + 8 * SQ - 6, class: "coord inside file", fill: ink(flipped ? 63 - i : i) }, layer)
        .textContent = file;
      el(doc, "text", { x: MARGIN + 5, y: MARGIN + i * SQ + 19, class: "coord inside rank", fill: ink(flipped ? i * 8 + 7 : (7 - i) * 8) }, layer)
        .textContent = rank;
    } else {
      el(doc, "text", { x: MARGIN + i * SQ + SQ / 2, y: SIZE - MARGIN / 2 + 6, class: "coord", fill: colours.label }, layer)
        .textContent = file;
      el(doc, "text", { x: MARGIN / 2, y: MARGIN + i * SQ + SQ / 2 + 6, class: "coord", fill: colours.label }, layer)
        .textContent = rank;
    }
  }
}

/**
 * A piece (letter `w`, `W`, `b`, `B`) on `sq`; a ghost is drawn faint.
 * @param {Document} doc @param {Element} parent @param {number} sq @param {string} letter @param {boolean} ghost @param {Side} bottom
 */
function piece(doc, parent, sq, letter, ghost, bottom) {
  const side = letter.toLowerCase() === "w" ? "w" : "b";
  const colours = PIECES[side];
  const king = letter !== letter.toLowerCase();
  const [cx, cy] = centre(sq, bottom);
  const r = 0.39 * SQ;
  const cls = `piece ${side === "w" ? "white" : "black"} ${king ? "king" : "man"}${ghost ? " ghost" : ""}`;
  const g = el(doc, "g", ghost ? { class: cls, "data-square": squareName(sq), opacity: "0.4" } : { class: cls, "data-square": squareName(sq) });
  el(doc, "ellipse", { cx, cy: cy + 0.06 * r, rx: r, ry: r, fill: colours.side, stroke: colours.outline, "stroke-width": 2 }, g);
  el(doc, "circle", { cx, cy: cy - 0.04 * r, r: 0.94 * r, fill: colours.top, stroke: colours.outline, "stroke-width": 1.5 }, g);
  el(doc, "circle", { cx, cy: cy - 0.04 * r, r: 0.66 * r, fill: "none", stroke: colours.groove, "stroke-width": 2.5 }, g);
  if (king) {
    const s = 0.55 * r;
    const y = cy - 0.04 * r;
    const d = [
      [-1, 0.45], [-1, -0.35], [-0.5, 0.05], [0, -0.6], [0.5, 0.05], [1, -0.35], [1, 0.45],
    ].map(([x, v], i) => `${i ? "L" : "M"}${(cx + x * s).toFixed(1)},${(y + v * s).toFixed(1)}`).join("") + "Z";
    el(doc, "path", { d, fill: CROWN.fill, stroke: CROWN.outline, "stroke-width": 2, "stroke-linejoin": "round" }, g);
  }
  // Put in whole, once drawn.
  parent.appendChild(g);
  return g;
}

/**
 * Marks squares for the player choosing a move: `selected` ringed, `targets` dotted,
 * `movable` pieces outlined, and the keyboard's `cursor` framed.
 * @param {Document} doc @param {SVGElement} g
 * @param {{ selected: number | null, targets: number[], movable: number[], cursor: number | null, bottom: Side }} choice
 */
function markChoice(doc, g, { selected, targets, movable, cursor, bottom }) {
  /** @param {number} sq @param {string} cls @param {number} r */
  const ring = (sq, cls, r) => {
    const [cx, cy] = centre(sq, bottom);
    el(doc, "circle", { cx, cy, r, class: cls, "data-square": squareName(sq) }, g);
  };
  for (const sq of movable) ring(sq, "movable", 0.43 * SQ);
  if (selected !== null) ring(selected, "selected", 0.45 * SQ);
  for (const sq of targets) ring(sq, "target", 0.16 * SQ);
  if (cursor !== null) {
    const [cx, cy] = centre(cursor, bottom);
    el(doc, "rect", {
      x: cx - SQ / 2 + 3, y: cy - SQ / 2 + 3, width: SQ - 6, height: SQ - 6,
      class: "cursor", "data-square": squareName(cursor),
    }, g);
  }
}

/**
 * A capture's path: a line through the landings, dots on them, a ring where it began.
 * @param {Document} doc @param {SVGElement} parent @param {number[]} path @param {Map<number, string>} pieces @param {Colours} colours @param {Side} bottom
 */
function drawPath(doc, parent, path, pieces, colours, bottom) {
  const g = el(doc, "g", { class: "path" }, parent);
  const points = path.map((sq) => centre(sq, bottom));
  el(doc, "polyline", {
    points: points.map(([x, y]) => `${x},${y}`).join(" "),
    fill: "none", stroke: colours.path, "stroke-width": 0.09 * SQ, "stroke-linejoin": "round",
  }, g);
  path.forEach((sq, i) => {
    const [x, y] = points[i];
    if (i === 0) {
      if (!pieces.has(sq)) {
        el(doc, "circle", { cx: x, cy: y, r: 0.15 * SQ, fill: colours.square[0], stroke: colours.path, "stroke-width": 0.06 * SQ }, g);
      }
    } else if (!pieces.has(sq)) {
      el(doc, "circle", { cx: x, cy: y, r: 0.13 * SQ, fill: colours.path }, g);
    }
  });
}
