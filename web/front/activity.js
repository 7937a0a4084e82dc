// The board inside Discord: the Activity's page. Discord's client frames it and
// speaks to it through the Embedded App SDK (discord-sdk.js, bundled from npm by web/sdk/bundle.sh).
// The page waits for the client (`ready`), asks it for an OAuth2 code (`authorize`, scope
// `identify`), trades the code on the bot's server for the member's access token and a
// session, and hands the token back to the client (`authenticate`). Then it opens the game
// the member pressed "Open board" for, or the game of the thread it was launched in, or lets
// them choose among their games and the server's live ones. The game itself is the web page's
// (game.js): the same board, moves and live updates, its actions sent with the session. All of
// it speaks the member's language, which the sign-in names.
//
// Every request goes through Discord's proxy (`/.proxy/…`), which forwards it to the bot's
// `/activity/…`.

import { DiscordSDK } from "./discord-sdk.js";
import { startGame } from "./game.js";

const PROXY = "/.proxy";
const root = document.getElementById("activity");
const status = document.getElementById("activity-status");
const chooser = document.getElementById("chooser");
const query = new URLSearchParams(location.search);
/** The game this Activity instance shows, kept across a reload of the frame. */
const kept = `dama-activity-game:${query.get("instance_id") || ""}`;

/** Shows why the board did not open: the bot's own words when it gave some (`error.shown`). */
function failed(error) {
  status.hidden = false;
  status.classList.add("failed");
  status.textContent = (error && error.shown) || root.dataset.failed;
}

/** How long Discord's client may take to answer the handshake before the page says so. */
const HANDSHAKE_MS = 15000;

/** A refusal whose words are `shown` as they are. */
function refusal(message, shown) {
  const error = new Error(message);
  error.shown = shown;
  return error;
}

/**
 * Signs in through Discord's client; resolves to the session to send with requests and the
 * language the member reads (as the bot knows it, else the browser's).
 */
async function signIn() {
  // Discord's client frames the page with these; without them it was opened elsewhere.
  if (!query.get("frame_id") || !query.get("instance_id")) {
    throw refusal("not framed by Discord", root.dataset.outside);
  }
  const clientId = root.dataset.clientId;
  const sdk = new DiscordSDK(clientId, { disableConsoleLogOverride: true });
  let timer = 0;
  const silence = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error("no handshake from the client")), HANDSHAKE_MS);
  });
  await Promise.race([sdk.ready(), silence]).finally(() => clearTimeout(timer));
  const { code } = await sdk.commands.authorize({
    client_id: clientId,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const response = await fetch(`${PROXY}/token`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code }),
  });
  if (!response.ok) {
    const words = await response.json().then((answer) => answer.error, () => null);
    throw refusal(`sign-in refused: ${response.status}`, words);
  }
  const signed = await response.json();
  await sdk.commands.authenticate({ access_token: signed.access_token });
  return { session: signed.session, lang: signed.lang || document.documentElement.lang };
}

/** Writes the chooser's words in the member's language (the page came in the browser's). */
function speak(words) {
  if (!words) return;
  document.documentElement.lang = words.lang;
  document.querySelector("#chooser h1").textContent = words.yourGames;
  document.getElementById("live-title").textContent = words.liveGames;
  document.getElementById("no-games").textContent = words.noGames;
  document.getElementById("all-games").textContent = words.allGames;
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

function remember(token) {
  try {
    if (token) sessionStorage.setItem(kept, token);
    else sessionStorage.removeItem(kept);
  } catch {
    // A frame without storage opens the chooser after a reload; nothing else is lost.
  }
}

/** Opens the game whose link token is `token`. */
async function open(token, auth) {
  const lang = encodeURIComponent(auth["Accept-Language"]);
  const response = await fetch(`${PROXY}/game/${encodeURIComponent(token)}?lang=${lang}`, {
    headers: auth,
  });
  if (!response.ok) {
    remember(null);
    throw new Error(`no game: ${response.status}`);
  }
  const game = await response.json();
  remember(token);
  chooser.hidden = true;
  status.hidden = true;
  document.getElementById("game-slot").innerHTML = game.html;
  document.getElementById("activity-nav").hidden = false;
  startGame({ base: game.base, headers: auth, events: game.events });
}

/** One game in the chooser: a button that opens it, marked when it waits for the member. */
function entry(game, auth) {
  const li = document.createElement("li");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "game-choice";
  button.dataset.token = game.token;
  const title = document.createElement("span");
  title.className = "choice-title";
  title.textContent = game.title;
  const line = document.createElement("span");
  line.className = "choice-status";
  line.textContent = game.status;
  button.append(title, line);
  if (game.yourTurn) {
    button.classList.add("your-turn");
    const badge = document.createElement("span");
    badge.className = "badge";
    badge.textContent = root.dataset.yourTurn;
    button.prepend(badge);
  }
  button.addEventListener("click", () => open(game.token, auth).catch(failed));
  li.append(button);
  return li;
}

function choose(choices, auth) {
  const mine = choices.mine || [];
  const live = choices.live || [];
  document.getElementById("my-games").replaceChildren(...mine.map((g) => entry(g, auth)));
  document.getElementById("live-games").replaceChildren(...live.map((g) => entry(g, auth)));
  document.getElementById("no-games").hidden = mine.length > 0;
  document.getElementById("live-title").hidden = live.length === 0;
  status.hidden = true;
  chooser.hidden = false;
}

async function start() {
  const { session, lang } = await signIn();
  document.documentElement.lang = lang;
  // The member's language goes with every request (and as `lang` where the address is ours).
  const auth = { Authorization: `Bearer ${session}`, "Accept-Language": lang };
  document.getElementById("all-games").addEventListener("click", () => {
    remember(null);
    location.reload();
  });
  const again = remembered();
  if (again) {
    try {
      return await open(again, auth);
    } catch {
      // The game is gone: choose again.
    }
  }
  const where = new URLSearchParams();
  for (const key of ["channel_id", "guild_id"]) {
    if (query.get(key)) where.set(key, query.get(key));
  }
  where.set("lang", lang);
  const response = await fetch(`${PROXY}/games?${where}`, { headers: auth });
  if (!response.ok) throw new Error(`no games: ${response.status}`);
  const choices = await response.json();
  speak(choices.words);
  if (choices.open) return open(choices.open, auth);
  choose(choices, auth);
}

start().catch(failed);
