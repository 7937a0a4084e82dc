//! A tournament's words that every face shows: its format, points and tie-breaks.

use dama_service::tournament::{Format, Halves, Quarters};

use crate::i18n::Language;
use crate::numbers;
use crate::say;

/// The format in words.
pub fn format_in(lang: Language, format: Format) -> String {
    match format {
        Format::RoundRobin => say!(lang, "tournament-format-round-robin"),
        Format::DoubleRoundRobin => say!(lang, "tournament-format-double-round-robin"),
        Format::Swiss => say!(lang, "tournament-format-swiss"),
    }
}

/// Half points as a table shows them: `2`, `½`, `2½`.
pub fn points(p: Halves) -> String {
    match (p.0 / 2, p.0 % 2) {
        (0, 1) => "½".to_owned(),
        (whole, 1) => format!("{whole}½"),
        (whole, _) => whole.to_string(),
    }
}

/// Quarter points to two decimals, as `lang` writes them: `2.25`, `2,25`.
pub fn quarters(lang: Language, q: Quarters) -> String {
    numbers::hundredths(lang, i64::from(q.0) * 25)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_and_tie_breaks_are_written_as_tables_show_them() {
        assert_eq!(points(Halves(0)), "0");
        assert_eq!(points(Halves(1)), "½");
        assert_eq!(points(Halves(4)), "2");
        assert_eq!(points(Halves(5)), "2½");
        assert_eq!(quarters(Language::En, Quarters(9)), "2.25");
        assert_eq!(quarters(Language::Tr, Quarters(9)), "2,25");
        assert_eq!(quarters(Language::Sv, Quarters(2)), "0,50");
        assert_eq!(quarters(Language::Es, Quarters(2)), "0.50");
    }
}
