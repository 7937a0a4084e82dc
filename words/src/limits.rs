//! Discord's limits on the texts the words are written into, and how a text is cut to one.

/// Discord's limit on a message's content.
pub const CONTENT_LIMIT: usize = 2000;
/// Discord's limit on an attachment's description.
pub const ALT_TEXT_LIMIT: usize = 1024;

/// `text` within `limit` characters: cut, an ellipsis last, when it is longer.
pub fn cut_to(text: &str, limit: usize) -> String {
    if text.chars().count() <= limit {
        return text.to_owned();
    }
    let mut cut: String = text.chars().take(limit - 1).collect();
    cut.push('…');
    cut
}
