//! The pieces of markup the pages share (written with maud, which escapes every value it is
//! given): the start of every page's head, and the catalogs' code spans.

use dama_words::Language;
use maud::{Markup, PreEscaped, html};

/// `text` for element content, its spans between backticks (a command, as the catalogs write
/// them) set as code: "Type `/dama`" reads "Type <code>/dama</code>".
pub(crate) fn with_code(text: &str) -> Markup {
    let parts: Vec<&str> = text.split('`').collect();
    html! {
        @for (i, part) in parts.iter().enumerate() {
            // Odd parts are between backticks; a lone backtick leaves the rest as text.
            @if i % 2 == 1 && parts.len() > i + 1 {
                code { (part) }
            } @else {
                @if i % 2 == 1 { "`" }
                (part)
            }
        }
    }
}

/// A page's opening up to its `<title>` (`title`, escaped here): the reader's language, the
/// character set, the phone's width, the site's icon, and no search engine (a page's link is
/// its only key). The `<html>` and `<head>` it opens are closed by the page.
pub(crate) fn head(lang: Language, title: &str) -> Markup {
    html! {
        (PreEscaped("<!doctype html>\n<html lang=\""))
        (lang.name())
        (PreEscaped("\">\n<head>\n"))
        meta charset="utf-8"; "\n"
        meta name="viewport" content="width=device-width, initial-scale=1"; "\n"
        meta name="robots" content="noindex"; "\n"
        link rel="icon" href="/favicon.svg" type="image/svg+xml"; "\n"
        title { (title) } "\n"
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn markup_in_a_name_is_shown_not_run() {
        let shown = super::with_code(r#"<img src=x onerror="a('b')">&"#).into_string();
        assert_eq!(shown, "&lt;img src=x onerror=&quot;a('b')&quot;&gt;&amp;");
    }

    #[test]
    fn a_command_between_backticks_is_code_and_a_lone_backtick_stays() {
        let code = |text: &str| super::with_code(text).into_string();
        assert_eq!(
            code("Type `/dama` <here>"),
            "Type <code>/dama</code> &lt;here&gt;"
        );
        assert_eq!(code("a ` b"), "a ` b");
        assert_eq!(code("`<b>`"), "<code>&lt;b&gt;</code>");
    }
}
