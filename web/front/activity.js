// @ts-check
// The board inside Discord: the Activity's page. Discord's client frames it and
// speaks to it through the Embedded App SDK (discord-sdk.js, bundled from npm by web/sdk/bundle.sh).
// The page waits for the client (`ready`), asks it for an OAuth2 code (`authorize`, scope
// `identify`), trades the code on the bot's server for the member's access token and a
// session, and hands the token back to the client (`authenticate`). Then it opens the game
// the member pressed "Open board" for, or the game of the thread it was launched in, or lets
// them choose among their games and the server's live ones. The game itself is the web page's
// (game.js): the same board, moves and live updates, its actions sent with the session. Going
// back to the list ends the game shown (its stream, timers and listeners) and opens another
// without reloading the frame. All of it speaks the member's language, which the sign-in names.
//
// Every request goes through Discord's proxy (`/.proxy/…`), which forwards it to the bot's
// `/activity/…`.

// @ts-ignore: the SDK is bundled from npm (web/sdk), outside the type check.
import { DiscordSDK } from "./discord-sdk.js";
import { $, getJson, postJson } from "./common.js";
import { startGame } from "./game.js";

/** @typedef {Record<string, string>} Auth */

const PROXY = "/.proxy";
const root = $("activity");
const status = $("activity-status");
const chooser = $("chooser");
/** @type {{ destroy: () => void } | null} The game shown, if any. */
let shown = null;
/** @type {any} Discord's client, once it answered. */
let discord = null;
const query = new URLSearchParams(location.search);
/** The game this Activity instance shows, kept across a reload of the frame. */
const kept = `dama-activity-game:${query.get("instance_id") || ""}`;

/**
 * Shows why the board did not open: the bot's own words when it gave some (`error.shown`).
 * @param {any} error
 */
function failed(error) {
  status.hidden = false;
  status.classList.add("failed");
  status.textContent = (error && error.shown) || root.dataset.failed;
}

/** How long Discord's client may take to answer the handshake before the page says so. */
const HANDSHAKE_MS = 15000;

/**
 * A refusal whose words are `shown` as they are.
 * @param {string} message @param {string | null} words
 */
function refusal(message, words) {
  return Object.assign(new Error(message), { shown: words });
}

/**
 * Signs in through Discord's client; resolves to the session to send with requests and the
 * language the member reads (as the bot knows it, else the browser's).
 */
async function signIn() {
  // Discord's client frames the page with these; without them it was opened elsewhere.
  if (!query.get("frame_id") || !query.get("instance_id")) {
    throw refusal("not framed by Discord", root.dataset.outside || null);
  }
  const clientId = root.dataset.clientId;
  const sdk = new DiscordSDK(clientId, { disableConsoleLogOverride: true });
  let timer = 0;
  const silence = new Promise((_, reject) => {
    // @ts-ignore: a browser's timer is a number
    timer = setTimeout(() => reject(new Error("no handshake from the client")), HANDSHAKE_MS);
  });
  await Promise.race([sdk.ready(), silence]).finally(() => clearTimeout(timer));
  discord = sdk;
  /** @type {{ code: string }} */
  const { code } = await sdk.commands.authorize({
    client_id: clientId,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const { ok, status: refused, answer: signed } = await postJson(`${PROXY}/token`, { code });
  if (!ok) throw refusal(`sign-in refused: ${refused}`, typeof signed.error === "string" ? signed.error : null);
  await sdk.commands.authenticate({ access_token: signed.access_token });
  return { session: signed.session, lang: signed.lang || document.documentElement.lang };
}

/**
 * Writes the chooser's words in the member's language (the page came in the browser's).
 * @param {any} words
 */
function speak(words) {
  if (!words) return;
  document.documentElement.lang = words.lang;
  /** @type {HTMLElement} */ (document.querySelector("#chooser h1")).textContent = words.yourGames;
  $("live-title").textContent = words.liveGames;
  $("no-games").textContent = words.noGames;
  $("all-games").textContent = words.allGames;
  root.dataset.yourTurn = words.yourTurn;
  root.dataset.failed = words.failed;
}

function remembered() {
  try {
    return sessionStorage.getItem(kept);
  } catch {
    return null;
  }
}

/** @param {string | null} token */
function remember(token) {
  try {
    if (token) sessionStorage.setItem(kept, token);
    else sessionStorage.removeItem(kept);
  } catch {
    // A frame without storage opens the chooser after a reload; nothing else is lost.
  }
}

/**
 * Opens the game whose link token is `token`, in place of the one shown.
 * @param {string} token @param {Auth} auth
 */
async function open(token, auth) {
  const lang = encodeURIComponent(auth["Accept-Language"]);
  const { ok, status: code, answer: game } = await getJson(`${PROXY}/game/${encodeURIComponent(token)}?lang=${lang}`, auth);
  if (!ok) {
    remember(null);
    throw new Error(`no game: ${code}`);
  }
  remember(token);
  close();
  chooser.hidden = true;
  status.hidden = true;
  const slot = $("game-slot");
  slot.innerHTML = game.html;
  $("activity-nav").hidden = false;
  const root = $("game", slot);
  if (root) shown = startGame({ root, base: game.base, headers: auth, events: game.events });
}

/** Ends the game shown, if any: its stream, timers and listeners, and its part of the page. */
function close() {
  if (shown) shown.destroy();
  shown = null;
  $("game-slot").replaceChildren();
  $("activity-nav").hidden = true;
}

/**
 * An element `tag` of class `className` saying `text`.
 * @param {string} tag @param {string} className @param {string} text
 */
function made(tag, className, text) {
  const element = document.createElement(tag);
  element.className = className;
  element.textContent = text;
  return element;
}

/**
 * One game in the chooser: a button that opens it, marked when it waits for the member.
 * @param {any} game @param {Auth} auth
 */
function entry(game, auth) {
  const li = document.createElement("li");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "game-choice";
  button.dataset.token = game.token;
  button.append(made("span", "choice-title", game.title), made("span", "choice-status", game.status));
  if (game.yourTurn) {
    button.classList.add("your-turn");
    button.prepend(made("span", "badge", root.dataset.yourTurn || ""));
  }
  button.addEventListener("click", () => open(game.token, auth).catch(failed));
  li.append(button);
  return li;
}

/**
 * The arena the member joined, above their games: its name, where they stand, and a button
 * that opens their game in it here, or its page outside Discord.
 * @param {any} arena @param {Auth} auth
 * @returns {HTMLElement[]}
 */
function arenaEntry(arena, auth) {
  const title = made("p", "arena-name", arena.name);
  const line = made("p", "arena-line", arena.line);
  const standing = made("p", "arena-standing", arena.standing);
  const button = document.createElement("button");
  button.type = "button";
  button.className = "arena-open";
  if (arena.game) {
    button.textContent = arena.openGame;
    button.addEventListener("click", () => open(arena.game, auth).catch(failed));
  } else if (arena.page && discord) {
    button.textContent = arena.openPage;
    button.addEventListener("click", () => {
      discord.commands.openExternalLink({ url: arena.page }).catch(failed);
    });
  } else {
    return [title, line, standing];
  }
  return [title, line, standing, button];
}

/** @param {any} choices @param {Auth} auth */
function choose(choices, auth) {
  const arena = $("my-arena");
  arena.replaceChildren(...(choices.arena ? arenaEntry(choices.arena, auth) : []));
  arena.hidden = !choices.arena;
  /** @type {any[]} */
  const mine = choices.mine || [];
  /** @type {any[]} */
  const live = choices.live || [];
  $("my-games").replaceChildren(...mine.map((g) => entry(g, auth)));
  $("live-games").replaceChildren(...live.map((g) => entry(g, auth)));
  $("no-games").hidden = mine.length > 0;
  $("live-title").hidden = live.length === 0;
  status.hidden = true;
  chooser.hidden = false;
}

async function start() {
  const { session, lang } = await signIn();
  document.documentElement.lang = lang;
  // The member's language goes with every request (and as `lang` where the address is ours).
  const auth = { Authorization: `Bearer ${session}`, "Accept-Language": lang };
  $("all-games").addEventListener("click", () => {
    remember(null);
    close();
    list(auth, false).catch(failed);
  });
  const again = remembered();
  if (again) {
    try {
      return await open(again, auth);
    } catch {
      // The game is gone: choose again.
    }
  }
  return list(auth, true);
}

/**
 * Lists the member's games and the server's live ones; with `follow`, opens the game the launch
 * named instead (the thread's, or the one whose "Open board" was pressed).
 * @param {Auth} auth @param {boolean} follow
 */
async function list(auth, follow) {
  const where = new URLSearchParams();
  for (const key of ["channel_id", "guild_id"]) {
    const value = query.get(key);
    if (value) where.set(key, value);
  }
  where.set("lang", auth["Accept-Language"]);
  const { ok, status: code, answer: choices } = await getJson(`${PROXY}/games?${where}`, auth);
  if (!ok) throw new Error(`no games: ${code}`);
  speak(choices.words);
  if (follow && choices.open) return open(choices.open, auth);
  choose(choices, auth);
}

start().catch(failed);
