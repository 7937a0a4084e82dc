// @ts-check
// The move sound: off unless the reader turns it on, remembered per browser (localStorage); a
// short knock made with the Web Audio API on each move shown (no sound file, nothing fetched).
// Browsers start audio only after a gesture of the reader's: the toggle itself is one, and
// with the sound on from an earlier visit the first press anywhere on the page wakes it.

/** The key the choice is kept under in the browser's storage. */
export const KEY = "dama-move-sound";

/**
 * Whether the sound is on, as `storage` remembers it (off when it remembers nothing or cannot
 * be read).
 * @param {Pick<Storage, "getItem"> | null} storage
 */
export function soundOn(storage) {
  try {
    return storage?.getItem(KEY) === "on";
  } catch {
    return false;
  }
}

/**
 * Remembers the choice in `storage` (forgetting it means off).
 * @param {Pick<Storage, "setItem" | "removeItem"> | null} storage @param {boolean} on
 */
export function remember(storage, on) {
  try {
    if (on) storage?.setItem(KEY, "on");
    else storage?.removeItem(KEY);
  } catch {
    // Storage refused (a private window's, a framed page's): on for this page only.
  }
}

/** The browser's storage, or null where reading it throws. */
function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The toggle (a checkbox labelled `label`) added at the end of `parent`, and what plays the
 * sound. Returns `move()`, to call on each move shown (silent while off), and `destroy()`.
 * @param {HTMLElement} parent @param {string} label
 * @returns {{ move: () => void, destroy: () => void }}
 */
export function createSound(parent, label) {
  let on = soundOn(storage());
  /** @type {AudioContext | null} */
  let audio = null;
  const wrap = document.createElement("label");
  wrap.className = "sound";
  const box = document.createElement("input");
  box.type = "checkbox";
  box.id = "sound";
  box.checked = on;
  wrap.append(box, " ", label);
  parent.append(wrap);

  function wake() {
    if (!on) return;
    try {
      audio = audio || new AudioContext();
      if (audio.state === "suspended") audio.resume().catch(() => {});
    } catch {
      audio = null;
    }
  }
  function onChange() {
    on = box.checked;
    remember(storage(), on);
    wake();
  }
  box.addEventListener("change", onChange);
  document.addEventListener("pointerdown", wake, true);
  document.addEventListener("keydown", wake, true);

  return {
    move() {
      if (!on) return;
      wake();
      if (!audio || audio.state !== "running") return;
      // A wooden knock: a low tone falling fast, loud at once and gone in a tenth of a second.
      const t = audio.currentTime;
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.type = "triangle";
      tone.frequency.setValueAtTime(420, t);
      tone.frequency.exponentialRampToValueAtTime(140, t + 0.08);
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(0.35, t + 0.005);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.1);
      tone.connect(gain).connect(audio.destination);
      tone.start(t);
      tone.stop(t + 0.12);
    },
    destroy() {
      box.removeEventListener("change", onChange);
      document.removeEventListener("pointerdown", wake, true);
      document.removeEventListener("keydown", wake, true);
      wrap.remove();
      if (audio) audio.close().catch(() => {});
      audio = null;
    },
  };
}
