// @ts-check
// What every page's script shares: finding a part of the page inside its root, listeners that
// stop together, a line of words shown or hidden, JSON sent and read (with the server's words
// of a refusal), the narrow screens' query, the state a page came with, and the move list's
// rows. Nothing here decides a rule.

/** The screens narrow enough for the board's coordinates to go inside its edge squares. */
export const NARROW = "(max-width: 600px)";

/**
 * The part of the page named `id` inside `root` (the whole document by default): the ids stay
 * in the page, and a script given a root finds its own parts in it, so that two of them may
 * live on one page.
 * @param {string} id @param {ParentNode} [root]
 * @returns {HTMLElement}
 */
export function $(id, root = document) {
  return /** @type {HTMLElement} */ (root.querySelector(`#${id}`));
}

/**
 * Listeners set up together and stopped together (`stop()`, at a script's `destroy()`).
 * @returns {{ on: (target: EventTarget | null | undefined, type: string, listener: (e: any) => void) => void, stop: () => void }}
 */
export function listeners() {
  /** @type {(() => void)[]} */
  const off = [];
  return {
    on(target, type, listener) {
      if (!target) return;
      target.addEventListener(type, listener);
      off.push(() => target.removeEventListener(type, listener));
    },
    stop() {
      for (const unlisten of off.splice(0)) unlisten();
    },
  };
}

/**
 * Shows `text` in `element`, hidden when there is none.
 * @param {HTMLElement | null | undefined} element @param {string | null | undefined} text
 */
export function say(element, text) {
  if (!element) return;
  element.textContent = text || "";
  element.hidden = !text;
}

/**
 * The reader's words of a refusal: the server's `error` (every refusal the server sends a
 * script is `{ "error": … }` in the reader's language), else `failed`, the page's own words for
 * a failure; never the browser's status text, which is English.
 * @param {unknown} answer the refusal's body, as read (`{}` when it was not JSON)
 * @param {string} failed
 * @returns {string}
 */
export function refusalWords(answer, failed) {
  const error = answer && typeof answer === "object" && "error" in answer ? answer.error : undefined;
  return typeof error === "string" && error ? error : failed;
}

/**
 * A server's answer, read: whether it was a success, and its body as JSON (`{}` when the body
 * was not JSON: a proxy's page, an empty answer).
 * @typedef {{ ok: boolean, status: number, answer: any }} Answer
 */

/** @param {Response} response @returns {Promise<Answer>} */
async function read(response) {
  const answer = await response.json().catch(() => ({}));
  return { ok: response.ok, status: response.status, answer: answer ?? {} };
}

/**
 * Posts `body` as JSON to `url` with `headers` (who sends it); rejects only when no answer came
 * (offline).
 * @param {string} url @param {unknown} body @param {Record<string, string>} [headers]
 * @returns {Promise<Answer>}
 */
export async function postJson(url, body, headers = {}) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  return read(response);
}

/**
 * Reads `url` as JSON with `headers`; rejects only when no answer came (offline).
 * @param {string} url @param {Record<string, string>} [headers] @param {RequestCache} [cache]
 * @returns {Promise<Answer>}
 */
export async function getJson(url, headers = {}, cache = "default") {
  return read(await fetch(url, { headers, credentials: "same-origin", cache }));
}

/**
 * The words of a failed answer, or of none (`null`: offline), in the reader's language: the
 * server's, else the page's `failed`, else (no words on the page) the `offline` ones.
 * @param {Answer | null} reply @param {{ failed?: string, offline?: string }} words
 */
export function failureWords(reply, words) {
  if (!reply) return words.offline || "";
  return refusalWords(reply.answer, words.failed || "");
}

/**
 * Follows whether the screen is narrow: `coords()` says where the board's coordinates go
 * ("inside" on a phone), `onChange` hears each change, `stop()` stops following.
 * @param {(coords: "inside" | "outside") => void} onChange
 */
export function watchNarrow(onChange) {
  const query = window.matchMedia(NARROW);
  /** @returns {"inside" | "outside"} */
  const coords = () => (query.matches ? "inside" : "outside");
  const listener = () => onChange(coords());
  query.addEventListener("change", listener);
  return { coords, stop: () => query.removeEventListener("change", listener) };
}

/**
 * The state the page came with (its `#initial-state` JSON: inside `root`, else just after
 * it, else anywhere in the document), or null when there is none or it does not read.
 * @param {ParentNode} root
 * @returns {any}
 */
export function initialState(root) {
  const next = "nextElementSibling" in root ? /** @type {Element} */ (root).nextElementSibling : null;
  const element = root.querySelector("#initial-state")
    || (next && next.id === "initial-state" ? next : null)
    || (root.ownerDocument || document).getElementById("initial-state");
  if (!element) return null;
  try {
    return JSON.parse(element.textContent || "");
  } catch {
    return null;
  }
}

/**
 * One move of a move list: its words, the data it carries (`data-ply`, `data-step`), whether it
 * is the one shown, and a class and title when it is marked (a review's mistake).
 * @typedef {{ text: string, data: Record<string, string>, current: boolean, mark?: string, title?: string }} ListedMove
 */

/**
 * The rows of a move list, each move a button: two plies a row numbered by the move, the
 * moves after ply `before`; a list that begins with Black's move leaves White's place empty.
 * @param {Document} doc @param {number} before @param {ListedMove[]} moves
 * @returns {HTMLLIElement[]}
 */
export function moveRows(doc, before, moves) {
  /** @type {HTMLLIElement[]} */
  const rows = [];
  /** @type {HTMLLIElement | null} */
  let row = null;
  moves.forEach((move, i) => {
    const ply = before + i + 1;
    const white = ply % 2 === 1;
    if (white || !row) {
      row = doc.createElement("li");
      const n = doc.createElement("span");
      n.className = "n";
      n.textContent = `${Math.ceil(ply / 2)}.`;
      row.appendChild(n);
      if (!white) row.appendChild(doc.createElement("span")).className = "gap";
      rows.push(row);
    }
    const b = doc.createElement("button");
    b.type = "button";
    for (const [k, v] of Object.entries(move.data)) b.dataset[k] = v;
    b.textContent = move.text;
    if (move.current) b.setAttribute("aria-current", "true");
    if (move.mark) b.classList.add(move.mark);
    if (move.title) b.title = move.title;
    row.appendChild(b);
    if (!white) row = null;
  });
  return rows;
}
