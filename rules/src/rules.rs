//! The rule set a game is played under: docs/rules.md by default, with the two readings the clubs
//! also play (the federation's promotion rule and strict mode). A position knows nothing of it;
//! move generation, games and records take it.

use std::fmt;
use std::str::FromStr;

/// When a man that reaches the last rank in the middle of a capture becomes a king.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Promotion {
    /// At once: it is crowned and captures on as a king (docs/rules.md#promotion).
    #[default]
    DuringCapture,
    /// At the end: it finishes the capture as a man and is crowned when it stops (Turkey's
    /// draughts federation, TÜDAF).
    AfterCapture,
}

/// What becomes of a move that captures fewer pieces than the most that can be taken (or does
/// not capture when a capture is compulsory).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum MissedCapture {
    /// It is not a legal move: the player is told and plays another (docs/rules.md#decisions).
    #[default]
    Refused,
    /// It may be played, and the player who plays it loses the game (strict, traditional mode).
    Loses,
}

/// A rule set: a small value passed to whatever needs to know the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Rules {
    /// When promotion in the middle of a capture happens.
    pub promotion: Promotion,
    /// Whether a missed (or smaller) capture is refused or loses.
    pub missed_capture: MissedCapture,
}

impl Rules {
    /// docs/rules.md: promotion during a capture, a missed capture refused.
    pub const STANDARD: Rules = Rules {
        promotion: Promotion::DuringCapture,
        missed_capture: MissedCapture::Refused,
    };
    /// The federation's promotion rule, a missed capture refused.
    pub const FEDERATION: Rules = Rules {
        promotion: Promotion::AfterCapture,
        missed_capture: MissedCapture::Refused,
    };
    /// docs/rules.md's promotion, a missed capture loses.
    pub const STRICT: Rules = Rules {
        promotion: Promotion::DuringCapture,
        missed_capture: MissedCapture::Loses,
    };
    /// The federation's promotion rule, a missed capture loses.
    pub const FEDERATION_STRICT: Rules = Rules {
        promotion: Promotion::AfterCapture,
        missed_capture: MissedCapture::Loses,
    };
    /// Every rule set, the default first.
    pub const ALL: [Rules; 4] = [
        Rules::STANDARD,
        Rules::FEDERATION,
        Rules::STRICT,
        Rules::FEDERATION_STRICT,
    ];

    /// The rule set's word, as in options, records and PDN's `Rules` tag: `standard`,
    /// `federation`, `strict` or `federation-strict`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match (self.promotion, self.missed_capture) {
            (Promotion::DuringCapture, MissedCapture::Refused) => "standard",
            (Promotion::AfterCapture, MissedCapture::Refused) => "federation",
            (Promotion::DuringCapture, MissedCapture::Loses) => "strict",
            (Promotion::AfterCapture, MissedCapture::Loses) => "federation-strict",
        }
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word that names no rule set.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown rule set {0:?}: expected standard, federation, strict or federation-strict")]
pub struct ParseRulesError(pub String);

impl FromStr for Rules {
    type Err = ParseRulesError;

    fn from_str(s: &str) -> Result<Rules, ParseRulesError> {
        Rules::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseRulesError(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_set_round_trips_through_its_name() {
        for rules in Rules::ALL {
            assert_eq!(rules.name().parse::<Rules>(), Ok(rules));
            assert_eq!(rules.to_string().to_uppercase().parse::<Rules>(), Ok(rules));
        }
        assert_eq!(Rules::default(), Rules::STANDARD);
        assert!("tüdaf".parse::<Rules>().is_err());
    }
}
