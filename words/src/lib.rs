//! The bot's words in the players' languages: the Fluent catalogs (`words/locales`), the
//! sentences built from the service's values, and the formatters every face shares (names,
//! ratings, points, standings, move lines, a board's description). No face lives here: the
//! Discord adapter and the web pages both read their words from this crate.

pub mod alt_text;
#[cfg(any(test, feature = "testing"))]
pub mod fixtures;
pub mod i18n;
pub mod limits;
pub mod numbers;
pub mod puzzles;
pub mod text;
pub mod tournaments;

pub use i18n::Language;

/// For [`say!`]: the arguments of a message.
#[doc(hidden)]
pub use fluent_bundle;
