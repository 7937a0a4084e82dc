//! Choices named by words: what a word that names none of them says.

use thiserror::Error;

/// A value that is not one of the accepted words for an option.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown {what} `{text}`")]
pub struct ParseOptionError {
    what: &'static str,
    text: String,
}

impl ParseOptionError {
    pub(crate) fn new(what: &'static str, text: &str) -> ParseOptionError {
        ParseOptionError {
            what,
            text: text.to_owned(),
        }
    }
}
