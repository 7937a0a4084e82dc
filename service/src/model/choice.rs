//! Choices named by words (option values, stored values, command names): one way to declare
//! them, [`named_choice!`](crate::named_choice), and what a word that names none of them says.

use thiserror::Error;

/// Declares an enum whose variants are named by words: the enum as written, `ALL` (every
/// variant, in the order written), `name` (a variant's word), `of` (the variant a word names,
/// to the letter) and `Display` (the word). In this crate, with `#[parse_as("what")]` first,
/// also `FromStr` for option values typed by people: case and surrounding spaces are ignored, and a word
/// that names no variant is a [`ParseOptionError`] about `what`.
///
/// ```
/// dama_service::named_choice! {
///     /// A fruit.
///     #[derive(Debug, Clone, Copy, PartialEq, Eq)]
///     pub enum Fruit {
///         /// An apple.
///         Apple = "apple",
///         /// A pear.
///         Pear = "pear",
///     }
/// }
///
/// assert_eq!(Fruit::ALL.map(Fruit::name), ["apple", "pear"]);
/// assert_eq!(Fruit::of("pear"), Some(Fruit::Pear));
/// assert_eq!(Fruit::of("Pear"), None);
/// assert_eq!(Fruit::Apple.to_string(), "apple");
/// ```
#[macro_export]
macro_rules! named_choice {
    (
        #[parse_as($what:literal)]
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $($(#[$variant_meta:meta])* $variant:ident = $word:literal,)+
        }
    ) => {
        $crate::named_choice! {
            $(#[$meta])*
            $vis enum $name {
                $($(#[$variant_meta])* $variant = $word,)+
            }
        }

        impl ::std::str::FromStr for $name {
            type Err = $crate::model::ParseOptionError;

            fn from_str(s: &str) -> ::std::result::Result<$name, $crate::model::ParseOptionError> {
                $crate::model::ParseOptionError::parse($what, s, $name::ALL, $name::name)
            }
        }
    };
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $($(#[$variant_meta:meta])* $variant:ident = $word:literal,)+
        }
    ) => {
        $(#[$meta])*
        $vis enum $name {
            $($(#[$variant_meta])* $variant,)+
        }

        // Not every choice uses every part.
        #[allow(dead_code)]
        impl $name {
            /// Every variant, in the order declared.
            pub const ALL: [$name; [$($name::$variant),+].len()] = [$($name::$variant),+];

            /// Its word.
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $word,)+
                }
            }

            /// The variant `word` names, to the letter.
            #[must_use]
            pub fn of(word: &str) -> ::std::option::Option<$name> {
                $name::ALL.into_iter().find(|v| v.name() == word)
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

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

    /// The one of `choices` whose `name` is `text`, ignoring case and surrounding spaces, as
    /// people type option values; else the error about `what`.
    pub(crate) fn parse<T: Copy, const N: usize>(
        what: &'static str,
        text: &str,
        choices: [T; N],
        name: fn(T) -> &'static str,
    ) -> Result<T, ParseOptionError> {
        choices
            .into_iter()
            .find(|&c| name(c).eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| ParseOptionError::new(what, text))
    }
}

#[cfg(test)]
mod tests {
    use crate::model::{ColourChoice, Notify, Theme, TimeControl};
    use crate::service::Language;
    use crate::tournament::Format;

    // Stored values, custom ids and option values depend on these words.
    #[test]
    fn named_choices_keep_their_words_and_round_trip() {
        assert_eq!(
            TimeControl::ALL.map(TimeControl::name),
            ["none", "1h", "1d", "3d", "7d"]
        );
        assert_eq!(
            ColourChoice::ALL.map(ColourChoice::name),
            ["white", "black", "random"]
        );
        assert_eq!(Theme::ALL.map(Theme::name), ["traditional", "checkered"]);
        assert_eq!(Notify::ALL.map(Notify::name), ["channel", "dm", "both"]);
        assert_eq!(
            Format::ALL.map(Format::name),
            ["round-robin", "double-round-robin", "swiss"]
        );
        assert_eq!(Language::ALL.map(Language::name), ["en", "tr", "es", "sv"]);
        for tc in TimeControl::ALL {
            assert_eq!(TimeControl::of(tc.name()), Some(tc));
            assert_eq!(tc.to_string().parse::<TimeControl>(), Ok(tc));
        }
        for notify in Notify::ALL {
            assert_eq!(format!(" {notify} ").to_uppercase().parse(), Ok(notify));
        }
        for format in Format::ALL {
            assert_eq!(format.name().replace('-', "_").parse(), Ok(format));
        }
        assert_eq!(Theme::of("Checkered"), None);
    }

    #[test]
    fn a_word_that_names_no_choice_says_what_it_is_not() {
        let error = |e: crate::model::ParseOptionError| e.to_string();
        assert_eq!(
            error("2d".parse::<TimeControl>().unwrap_err()),
            "unknown time control `2d`"
        );
        assert_eq!(
            error(" purple".parse::<ColourChoice>().unwrap_err()),
            "unknown colour ` purple`"
        );
        assert_eq!(
            error("dark".parse::<Theme>().unwrap_err()),
            "unknown theme `dark`"
        );
        assert_eq!(
            error("email".parse::<Notify>().unwrap_err()),
            "unknown notify `email`"
        );
        assert_eq!(
            error(" knock_out ".parse::<Format>().unwrap_err()),
            "unknown tournament format `knock-out`"
        );
    }
}
