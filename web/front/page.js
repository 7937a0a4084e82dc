// A game's web page (/game/{token}): the game, its actions sent with the session's anti-forgery
// token (see session.rs), and signing out (here, or everywhere).

import { startGame } from "./game.js";

const csrf = document.querySelector('meta[name="dama-csrf"]')?.content || "";

const root = document.getElementById("game");
if (root) startGame({ root, base: location.pathname.replace(/\/$/, ""), headers: { "X-Dama-Csrf": csrf } });

// Signing out here, or everywhere (every session of the member, on every device).
for (const [id, path] of [["sign-out", "/signout"], ["sign-out-everywhere", "/signout/everywhere"]]) {
  const button = document.getElementById(id);
  if (button) {
    button.addEventListener("click", async () => {
      await fetch(path, { method: "POST", headers: { "X-Dama-Csrf": csrf }, credentials: "same-origin" });
      location.reload();
    });
  }
}
