//! Numbers as each language writes them, in one place for every face: the numbers inside the
//! catalogs' messages (the bundles format every Fluent number here), the tables' ratings and
//! tie-breaks, the computer's evaluations and the clocks.
//!
//! The digits, separators and signs come from ICU4X's decimal formatter (`icu_decimal`,
//! Unicode's CLDR data compiled in), so a language's conventions are the library's, not ours.
//! Two choices are ours, and written in `words/locales/GLOSSARY.md`:
//! - A four-digit number is written without grouping (`1500`, as ratings and years always
//!   are), a longer one grouped as its language groups it: `300,000`, `300.000`, `300 000`
//!   (ICU4X's `Min2` strategy, which Spanish uses anyway).
//! - Spanish writes its decimals with the point (`0.20`), as Latin America does and the RAE
//!   accepts, and groups as Spain does (`300.000`): its decimals are formatted with the data of
//!   `es-419`, its whole numbers with the data of `es`.
//!
//! A number that names something (a game, a puzzle, a challenge, a tournament) is not a
//! quantity: it is never grouped (`#12345`). Pass it to a message through [`label`].
//!
//! ```
//! use dama_words::Language;
//! use dama_words::numbers;
//!
//! assert_eq!(numbers::integer(Language::En, 300_000), "300,000");
//! assert_eq!(numbers::integer(Language::Tr, 300_000), "300.000");
//! assert_eq!(numbers::integer(Language::Es, 1_500), "1500");
//! assert_eq!(numbers::signed_hundredths(Language::Tr, 35), "+0,35");
//! assert_eq!(numbers::clock(Language::En, 65_000), "1:05");
//! ```

use std::sync::LazyLock;

use fluent_bundle::FluentValue;
use fluent_bundle::types::{FluentNumber, FluentNumberOptions};
use icu_decimal::input::Decimal;
use icu_decimal::options::{DecimalFormatterOptions, GroupingStrategy};
use icu_decimal::{DecimalFormatter, DecimalFormatterPreferences};
use icu_locale_core::{Locale, locale};

use crate::i18n::Language;

/// One language's formatters.
struct Formatters {
    /// Whole numbers, grouped from five digits.
    whole: DecimalFormatter,
    /// Numbers with decimals.
    decimals: DecimalFormatter,
    /// Numbers never grouped (what [`label`] passes, and the clocks' parts).
    plain: DecimalFormatter,
}

impl Formatters {
    fn new(whole: &Locale, decimals: &Locale) -> Formatters {
        let with = |locale: &Locale, grouping| {
            let mut options = DecimalFormatterOptions::default();
            options.grouping_strategy = Some(grouping);
            DecimalFormatter::try_new(DecimalFormatterPreferences::from(locale), options)
                // The data is compiled in: a language it lacks is a build that never passes
                // its tests, not a run-time failure. Fall back to the root locale regardless.
                .or_else(|_| {
                    DecimalFormatter::try_new(DecimalFormatterPreferences::default(), options)
                })
                .expect("ICU4X's compiled data has the root locale")
        };
        Formatters {
            whole: with(whole, GroupingStrategy::Min2),
            decimals: with(decimals, GroupingStrategy::Min2),
            plain: with(whole, GroupingStrategy::Never),
        }
    }
}

/// The formatters of each language, in [`Language::ALL`]'s order, made once.
static FORMATTERS: LazyLock<Vec<(Language, Formatters)>> = LazyLock::new(|| {
    Language::ALL
        .into_iter()
        .map(|lang| {
            let formatters = match lang {
                Language::En => Formatters::new(&locale!("en"), &locale!("en")),
                Language::Tr => Formatters::new(&locale!("tr"), &locale!("tr")),
                Language::Es => Formatters::new(&locale!("es"), &locale!("es-419")),
                Language::Sv => Formatters::new(&locale!("sv"), &locale!("sv")),
            };
            (lang, formatters)
        })
        .collect()
});

fn formatters(lang: Language) -> &'static Formatters {
    FORMATTERS
        .iter()
        .find(|(l, _)| *l == lang)
        .map_or(&FORMATTERS[0].1, |(_, f)| f)
}

/// A whole number as `lang` writes it: `300,000`, `300.000`, `300 000`; `1500` (four digits
/// are not grouped).
#[must_use]
pub fn integer(lang: Language, n: i64) -> String {
    formatters(lang).whole.format(&Decimal::from(n)).to_string()
}

/// `n` hundredths (`235` is 2.35) with two decimals: `2.35`, `2,35`.
#[must_use]
pub fn hundredths(lang: Language, n: i64) -> String {
    let mut d = Decimal::from(n);
    d.multiply_pow10(-2);
    d.absolute.pad_end(-2);
    formatters(lang).decimals.format(&d).to_string()
}

/// `n` hundredths with its sign always written: `+0.35`, `-1,05`, `+0,00`.
#[must_use]
pub fn signed_hundredths(lang: Language, n: i32) -> String {
    let mut d = Decimal::from(i64::from(n));
    d.multiply_pow10(-2);
    d.absolute.pad_end(-2);
    d.apply_sign_display(icu_decimal::input::SignDisplay::Always);
    formatters(lang).decimals.format(&d).to_string()
}

/// The mark between the whole part of a number and its decimals in `lang`, as
/// [`hundredths`] writes it: a comma in Turkish and Swedish, a point in English and Spanish.
#[must_use]
pub fn decimal_separator(lang: Language) -> char {
    hundredths(lang, 150)
        .chars()
        .find(|c| !c.is_ascii_digit())
        .unwrap_or('.')
}

/// A rating as the tables and messages write it: rounded to a whole number (`1500`, `1523`).
#[must_use]
pub fn rating(lang: Language, rating: f64) -> String {
    // Ratings live between a few hundred and a few thousand: the cast cannot truncate.
    #[allow(clippy::cast_possible_truncation)]
    integer(lang, rating.round() as i64)
}

/// A change of rating with its sign always written: `+12`, `-8`, `+0`.
#[must_use]
pub fn rating_change(lang: Language, change: f64) -> String {
    #[allow(clippy::cast_possible_truncation)]
    let mut d = Decimal::from(change.round() as i64);
    d.apply_sign_display(icu_decimal::input::SignDisplay::Always);
    formatters(lang).whole.format(&d).to_string()
}

/// A clock's reading: `m:ss` from ten seconds up (`4:05`, `12:00`, `1:00:00` past an hour),
/// and seconds with tenths below ten seconds (`9.3`, `9,3`), as live clocks show them.
#[must_use]
pub fn clock(lang: Language, millis: u64) -> String {
    let plain = &formatters(lang).plain;
    if millis < 10_000 {
        let mut d = Decimal::from(millis / 100);
        d.multiply_pow10(-1);
        d.absolute.pad_end(-1);
        return formatters(lang).decimals.format(&d).to_string();
    }
    let seconds = millis / 1000;
    let two = |n: u64| {
        let mut d = Decimal::from(n);
        d.absolute.pad_start(2);
        plain.format(&d).to_string()
    };
    let (hours, minutes, seconds) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if hours > 0 {
        format!(
            "{}:{}:{}",
            plain.format(&Decimal::from(hours)),
            two(minutes),
            two(seconds)
        )
    } else {
        format!("{}:{}", plain.format(&Decimal::from(minutes)), two(seconds))
    }
}

/// A number that names something (a game, a puzzle, a challenge, a tournament), for a
/// message's arguments: still a number to the catalogs' selectors, never grouped when written.
#[must_use]
pub fn label(n: i64) -> FluentValue<'static> {
    // Identifiers stay far below 2^53, where an f64 is exact.
    #[allow(clippy::cast_precision_loss)]
    let value = n as f64;
    FluentValue::Number(FluentNumber::new(
        value,
        FluentNumberOptions {
            use_grouping: false,
            ..FluentNumberOptions::default()
        },
    ))
}

/// A Fluent number in a message of `lang`, as the bundles' formatter: grouped as [`integer`]
/// unless the number is a [`label`], with the decimals it was given (at least its
/// `minimumFractionDigits`). `None` for values that are not numbers (Fluent writes those).
pub(crate) fn fluent(lang: Language, value: &FluentValue<'_>) -> Option<String> {
    let FluentValue::Number(number) = value else {
        return None;
    };
    let mut d: Decimal = format!("{}", number.value).parse().ok()?;
    let fraction = number.options.minimum_fraction_digits.unwrap_or(0);
    if let Ok(fraction) = i16::try_from(fraction) {
        d.absolute.pad_end(-fraction);
    }
    let formatters = formatters(lang);
    let formatter = if !number.options.use_grouping {
        &formatters.plain
    } else if d.absolute.nonzero_magnitude_end() < 0 {
        &formatters.decimals
    } else {
        &formatters.whole
    };
    Some(formatter.format(&d).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers_are_grouped_from_five_digits_as_each_language_groups_them() {
        let at = |n| Language::ALL.map(|lang| integer(lang, n));
        assert_eq!(
            at(300_000),
            ["300,000", "300.000", "300.000", "300\u{a0}000"]
        );
        assert_eq!(at(12_345), ["12,345", "12.345", "12.345", "12\u{a0}345"]);
        assert_eq!(at(1_500), ["1500"; 4]);
        assert_eq!(at(-7), ["-7", "-7", "-7", "\u{2212}7"]);
    }

    #[test]
    fn decimals_take_each_languages_separator_and_keep_two_places() {
        let at = |n| Language::ALL.map(|lang| hundredths(lang, n));
        assert_eq!(at(225), ["2.25", "2,25", "2.25", "2,25"]);
        assert_eq!(at(200), ["2.00", "2,00", "2.00", "2,00"]);
        assert_eq!(at(5), ["0.05", "0,05", "0.05", "0,05"]);
        assert_eq!(Language::ALL.map(decimal_separator), ['.', ',', '.', ',']);
    }

    #[test]
    fn evaluations_and_rating_changes_always_carry_their_sign() {
        let at = |n| Language::ALL.map(|lang| signed_hundredths(lang, n));
        assert_eq!(at(35), ["+0.35", "+0,35", "+0.35", "+0,35"]);
        assert_eq!(at(0), ["+0.00", "+0,00", "+0.00", "+0,00"]);
        assert_eq!(at(-105), ["-1.05", "-1,05", "-1.05", "\u{2212}1,05"]);
        assert_eq!(rating_change(Language::En, 11.6), "+12");
        assert_eq!(rating_change(Language::Tr, -8.2), "-8");
        assert_eq!(rating(Language::Sv, 1523.4), "1523");
    }

    #[test]
    fn clocks_show_minutes_and_seconds_and_tenths_under_ten_seconds() {
        assert_eq!(clock(Language::En, 300_000), "5:00");
        assert_eq!(clock(Language::Tr, 65_432), "1:05");
        assert_eq!(clock(Language::En, 10_000), "0:10");
        assert_eq!(clock(Language::En, 9_349), "9.3");
        assert_eq!(clock(Language::Sv, 9_349), "9,3");
        assert_eq!(clock(Language::Es, 0), "0.0");
        assert_eq!(clock(Language::En, 3_600_000), "1:00:00");
    }

    #[test]
    fn the_catalogs_numbers_are_written_here() {
        let searched = |lang| crate::say!(lang, "review-thresholds", nodes = 300_000_u64);
        let expected = ["300,000", "300.000", "300.000", "300\u{a0}000"];
        for (lang, number) in Language::ALL.into_iter().zip(expected) {
            let said = searched(lang);
            assert!(said.contains(number), "{}: {said}", lang.name());
        }
        let game = crate::say!(Language::Es, "no-such-game", game = label(12_345));
        assert!(game.contains("n.º 12345"), "{game}");
    }

    #[test]
    fn a_label_is_never_grouped_and_a_quantity_in_a_message_is() {
        let quantity = FluentValue::from(300_000);
        assert_eq!(fluent(Language::Tr, &quantity).as_deref(), Some("300.000"));
        assert_eq!(
            fluent(Language::Tr, &label(123_456)).as_deref(),
            Some("123456")
        );
        let decimal = FluentValue::from(0.5);
        assert_eq!(fluent(Language::Sv, &decimal).as_deref(), Some("0,5"));
        assert_eq!(fluent(Language::En, &FluentValue::from("x")), None);
    }
}
