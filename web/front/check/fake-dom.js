// @ts-check
// A small stand-in for the browser's document, enough for the board and the puzzle page to run
// under node: elements with attributes, children, classes, data, listeners and a few selectors,
// and a record of every write made to them (`doc.writes`), so that a test can say what a
// drawing touched.

/** @typedef {{ op: string, node: FakeElement, name?: string }} Write */

export class FakeElement {
  /** @param {FakeDocument} doc @param {string} tag */
  constructor(doc, tag) {
    this.ownerDocument = doc;
    this.tagName = tag.toUpperCase();
    /** @type {FakeElement[]} */
    this.childNodes = [];
    /** @type {FakeElement | null} */
    this.parentNode = null;
    /** @type {Map<string, string>} */
    this.attributes = new Map();
    /** @type {Map<string, Set<(e: any) => void>>} */
    this.listeners = new Map();
    this.text = "";
    this.tabIndex = -1;
    /** @type {{ frames: Keyframe[], options: any, cancelled: boolean }[]} */
    this.animations = [];
    const element = this;
    this.classList = {
      /** @param {string} c */
      contains: (c) => element.classes().includes(c),
      /** @param {string[]} cs */
      add: (...cs) => element.setClasses([...new Set([...element.classes(), ...cs])]),
      /** @param {string[]} cs */
      remove: (...cs) => element.setClasses(element.classes().filter((c) => !cs.includes(c))),
      /** @param {string} c @param {boolean} [on] */
      toggle: (c, on) => {
        const want = on === undefined ? !element.classList.contains(c) : on;
        if (want) element.classList.add(c);
        else element.classList.remove(c);
        return want;
      },
    };
    /** @type {Record<string, string | undefined>} */
    this.dataset = new Proxy({}, {
      get: (_, key) => element.attributes.get(`data-${String(key).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`),
      set: (_, key, value) => {
        element.setAttribute(`data-${String(key).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, String(value));
        return true;
      },
    });
  }

  classes() {
    return (this.attributes.get("class") || "").split(" ").filter(Boolean);
  }

  /** @param {string[]} classes */
  setClasses(classes) {
    const value = classes.join(" ");
    if (value !== (this.attributes.get("class") || "")) this.setAttribute("class", value);
  }

  /** @param {string} op @param {FakeElement} node @param {string} [name] */
  wrote(op, node, name) {
    this.ownerDocument.writes.push({ op, node, name });
  }

  get id() {
    return this.attributes.get("id") || "";
  }

  get hidden() {
    return this.attributes.has("hidden");
  }

  set hidden(on) {
    if (on) this.setAttribute("hidden", "");
    else this.removeAttribute("hidden");
  }

  get className() {
    return this.attributes.get("class") || "";
  }

  set className(value) {
    this.setAttribute("class", value);
  }

  /** @returns {string} */
  get textContent() {
    return this.text + this.childNodes.map((/** @type {FakeElement} */ c) => c.textContent).join("");
  }

  set textContent(value) {
    this.wrote("text", this);
    this.childNodes = [];
    this.text = String(value ?? "");
  }

  get lastChild() {
    return this.childNodes[this.childNodes.length - 1] || null;
  }

  get nextElementSibling() {
    const siblings = this.parentNode ? this.parentNode.childNodes : [];
    return siblings[siblings.indexOf(this) + 1] || null;
  }

  /** @param {string} name */
  getAttribute(name) {
    return this.attributes.has(name) ? /** @type {string} */ (this.attributes.get(name)) : null;
  }

  /** @param {string} name @param {string} value */
  setAttribute(name, value) {
    this.wrote("set", this, name);
    this.attributes.set(name, String(value));
  }

  /** @param {string} name */
  removeAttribute(name) {
    this.wrote("unset", this, name);
    this.attributes.delete(name);
  }

  /** @param {FakeElement} child */
  appendChild(child) {
    this.wrote("append", child);
    if (child.parentNode) child.parentNode.childNodes.splice(child.parentNode.childNodes.indexOf(child), 1);
    child.parentNode = this;
    this.childNodes.push(child);
    return child;
  }

  /** @param {FakeElement[]} children */
  append(...children) {
    for (const child of children) this.appendChild(child);
  }

  /** @param {FakeElement[]} children */
  replaceChildren(...children) {
    this.wrote("replace", this);
    for (const child of this.childNodes) child.parentNode = null;
    this.childNodes = [];
    this.text = "";
    for (const child of children) {
      if (child.parentNode) child.parentNode.childNodes.splice(child.parentNode.childNodes.indexOf(child), 1);
      child.parentNode = this;
      this.childNodes.push(child);
    }
  }

  remove() {
    if (!this.parentNode) return;
    this.wrote("remove", this);
    this.parentNode.childNodes.splice(this.parentNode.childNodes.indexOf(this), 1);
    this.parentNode = null;
  }

  /** @param {string} type @param {(e: any) => void} listener */
  addEventListener(type, listener) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)?.add(listener);
  }

  /** @param {string} type @param {(e: any) => void} listener */
  removeEventListener(type, listener) {
    this.listeners.get(type)?.delete(listener);
  }

  /** How many listeners are set, of every type. */
  listening() {
    return [...this.listeners.values()].reduce((n, set) => n + set.size, 0);
  }

  /** @param {{ type: string } & Record<string, any>} event */
  dispatchEvent(event) {
    const e = { target: this, preventDefault() {}, stopPropagation() {}, ...event };
    for (const listener of [...(this.listeners.get(event.type) || [])]) listener(e);
    return true;
  }

  focus() {}

  /** @param {number} _pointer */
  setPointerCapture(_pointer) {}

  getBoundingClientRect() {
    return { left: 0, top: 0, width: 704, height: 704, right: 704, bottom: 704, x: 0, y: 0 };
  }

  /** @param {Keyframe[]} frames @param {any} options */
  animate(frames, options) {
    const record = { frames, options, cancelled: false };
    this.animations.push(record);
    return {
      onfinish: null,
      cancel() {
        record.cancelled = true;
      },
    };
  }

  /** @returns {FakeElement[]} Every element below this one, in document order. */
  descendants() {
    return this.childNodes.flatMap((c) => [c, ...c.descendants()]);
  }

  /**
   * Whether this element matches `selector`: one compound selector of a tag, `#id`,
   * `.class` and `[attr="value"]` parts.
   * @param {string} selector
   */
  matches(selector) {
    const parts = selector.match(/#[\w-]+|\.[\w-]+|\[[^\]]+\]|^[a-z]+/gi) || [];
    return parts.every((part) => {
      if (part.startsWith("#")) return this.id === part.slice(1);
      if (part.startsWith(".")) return this.classList.contains(part.slice(1));
      if (part.startsWith("[")) {
        const [name, value] = part.slice(1, -1).split("=");
        const got = this.getAttribute(name);
        return value === undefined ? got !== null : got === value.replace(/^"|"$/g, "");
      }
      return this.tagName === part.toUpperCase();
    });
  }

  /** @param {string} selector */
  querySelector(selector) {
    return this.descendants().find((e) => e.matches(selector)) || null;
  }

  /** @param {string} selector */
  querySelectorAll(selector) {
    return this.descendants().filter((e) => e.matches(selector));
  }

  /** @param {string} selector */
  closest(selector) {
    /** @type {FakeElement | null} */
    let e = this;
    while (e && !e.matches(selector)) e = e.parentNode;
    return e;
  }
}

export class FakeDocument {
  constructor() {
    /** @type {Write[]} */
    this.writes = [];
    this.title = "";
    this.body = new FakeElement(this, "body");
    /** @type {{ matchMedia?: (query: string) => { matches: boolean } } | null} */
    this.defaultView = null;
  }

  /** @param {string} tag */
  createElement(tag) {
    return new FakeElement(this, tag);
  }

  /** @param {string} _ns @param {string} tag */
  createElementNS(_ns, tag) {
    return new FakeElement(this, tag);
  }

  /** @param {string} id */
  getElementById(id) {
    return this.body.querySelector(`#${id}`);
  }

  /** @param {string} selector */
  querySelector(selector) {
    return this.body.querySelector(selector);
  }
}

/**
 * An element `tag` with `attrs` and `children`, in `doc`.
 * @param {FakeDocument} doc @param {string} tag @param {Record<string, string>} [attrs] @param {FakeElement[]} [children]
 */
export function h(doc, tag, attrs = {}, children = []) {
  const e = doc.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.attributes.set(k, v);
  for (const child of children) {
    child.parentNode = e;
    e.childNodes.push(child);
  }
  return e;
}

/**
 * The square a written node stands for: its own `data-square`, or the nearest element's
 * above it that has one; null for none.
 * @param {FakeElement} node
 * @returns {string | null}
 */
export function squareOfNode(node) {
  /** @type {FakeElement | null} */
  let e = node;
  while (e) {
    const sq = e.getAttribute("data-square");
    if (sq !== null) return sq;
    e = e.parentNode;
  }
  return null;
}
