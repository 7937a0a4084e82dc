//! Signing in with Discord on the pages (when `DISCORD_CLIENT_SECRET` is set): OAuth2's
//! authorization-code flow with the `identify` scope, then a session in a signed cookie.
//!
//! - `GET /signin?next=/game/…` sends the browser to Discord's authorize page with a random
//!   `state`, kept beside the page to return to in a short-lived signed cookie (`dama_signin`,
//!   `__Host-dama_signin` when the public URL is https);
//! - `GET /signin/callback?code=…&state=…` (the redirect URL registered in the developer
//!   portal: the public URL followed by `/signin/callback`) checks the state, exchanges the
//!   code for a token, asks Discord who it belongs to (`GET /users/@me`) and sets the session;
//! - `POST /signout` ends it (the cookie is removed with the attributes it was set with, so
//!   that a browser lets a `__Host-` cookie go).
//!
//! The session cookie (`dama_session`, `__Host-dama_session` when the public URL is https)
//! holds what the session is for, the member's id and name, when it expires (30 days), and the
//! page's anti-forgery token. It is signed (HMAC-SHA256, the `cookie` crate's signed jar) with
//! the site's own key, 64 random bytes made once and kept in the database, so that every
//! instance reads the sessions the others set. A member's "sign out everywhere" (`POST
//! /signout/everywhere`) voids every session of theirs issued before it, on every device and
//! instance. The cookie is `HttpOnly`, `SameSite=Lax`, and `Secure` when the public URL is
//! https. A state-changing request must carry the anti-forgery token in the `X-Dama-Csrf`
//! header: the page reads it from its own HTML, which another site cannot read.
//!
//! At most [`MAX_EXCHANGES`] sign-ins (web and Activity) talk to Discord at once, each for at
//! most [`DISCORD_TIMEOUT`]: one more is refused at once rather than queued, so that a flood
//! of made-up codes neither piles up requests here nor spends the application's rate limit at
//! Discord.
//!
//! In three parts: `sign_in` (the routes and the talk with Discord), `cookie` (what a session
//! holds and how it is read back) and `pace` (how many sign-ins may start now, per client and
//! for everyone). Every time they read is the service's clock's (`GameService::now`).

mod cookie;
mod pace;
mod sign_in;

#[cfg(test)]
pub(crate) use cookie::{CSRF_HEADER, test_session, test_session_over};
pub(crate) use cookie::{Viewer, Visitor, carries_credentials};
pub use sign_in::SignIn;
pub(crate) use sign_in::{
    SignInError, callback, query_pairs, query_value, sign_out, sign_out_everywhere, start,
};
