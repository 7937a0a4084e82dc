// A game's web page (/game/{token}): the game, its actions sent with the session's anti-forgery
// token (see session.rs), and signing out.

import { startGame } from "./game.js";

const csrf = document.querySelector('meta[name="dama-csrf"]')?.content || "";

startGame({ base: location.pathname.replace(/\/$/, ""), headers: { "X-Dama-Csrf": csrf } });

const signOut = document.getElementById("sign-out");
if (signOut) {
  signOut.addEventListener("click", async () => {
    await fetch("/signout", { method: "POST", headers: { "X-Dama-Csrf": csrf }, credentials: "same-origin" });
    location.reload();
  });
}
