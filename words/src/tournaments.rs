//! A tournament's words that every face shows: its format, points and tie-breaks.

use dama_service::tournament::{Format, Halves, Quarters};

use crate::i18n::Language;
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

/// Quarter points to two decimals: `2.25`.
pub fn quarters(q: Quarters) -> String {
    let hundredths = match q.0 % 4 {
        0 => "00",
        1 => "25",
        2 => "50",
        _ => "75",
    };
    format!("{}.{hundredths}", q.0 / 4)
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
        assert_eq!(quarters(Quarters(9)), "2.25");
        assert_eq!(quarters(Quarters(2)), "0.50");
    }
}
