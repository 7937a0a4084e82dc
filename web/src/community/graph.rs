//! A player's rating graph, drawn here as SVG so that their page needs no script: the rating
//! before their first rated game shown, then after each, on a scale of round numbers. The
//! colours are the style sheet's (classes only: the Content-Security-Policy allows no inline
//! style).

use dama_service::service::RatingStep;
use dama_words::{Language, numbers};

use maud::{Markup, html};

/// The drawing's width, in its own units (it scales to the page's width).
const WIDTH: f64 = 640.0;
/// The drawing's height.
const HEIGHT: f64 = 220.0;
/// The plot's left edge: room on its left for the scale's numbers.
const LEFT: f64 = 60.0;
/// The plot's right edge.
const RIGHT: f64 = 628.0;
/// The plot's top edge.
const TOP: f64 = 12.0;
/// The plot's bottom edge.
const BOTTOM: f64 = 204.0;

/// The smallest span of ratings the scale shows, so that a few points of change do not look
/// like a cliff.
const MIN_SPAN: f64 = 100.0;

/// The scale's steps, the first that draws at most [`MAX_LINES`] lines serving.
const STEPS: [f64; 7] = [25.0, 50.0, 100.0, 200.0, 250.0, 500.0, 1000.0];
/// The most lines the scale draws (about: its ends are rounded out to its step).
const MAX_LINES: f64 = 6.0;

/// The graph of `steps` (the oldest first; at least one) with its numbers in `lang`, labelled
/// `label` for screen readers; `point` names each point after a game (its tooltip). Every
/// element is closed (`<line …></line>`): in an HTML page an SVG element left open would hold
/// the next ones.
pub(super) fn svg(
    lang: Language,
    steps: &[RatingStep],
    label: &str,
    point: impl Fn(&RatingStep) -> String,
) -> Markup {
    let Some(first) = steps.first() else {
        return html! {};
    };
    let values: Vec<f64> = std::iter::once(first.before)
        .chain(steps.iter().map(|s| s.after))
        .collect();
    let scale = Scale::of(&values);
    let mut lines = Vec::new();
    let mut at = scale.low;
    while at <= scale.high + 0.5 {
        lines.push(at);
        at += scale.step;
    }
    let last = values.len() - 1;
    let x = |i: usize| {
        // Counts of rated games are far below 2^52: exact as floats.
        let (i, last) = (i as f64, last.max(1) as f64);
        LEFT + (RIGHT - LEFT) * i / last
    };
    let points: Vec<String> = values
        .iter()
        .enumerate()
        .map(|(i, &v)| format!("{:.1},{:.1}", x(i), scale.y(v)))
        .collect();
    let one = |v: f64| format!("{v:.1}");
    html! {
        svg.rating-graph viewBox={ "0 0 " (WIDTH) " " (HEIGHT) } role="img" aria-label=(label) {
            @for &at in &lines {
                @let y = scale.y(at);
                line.grid x1=(LEFT) y1=(one(y)) x2=(RIGHT) y2=(one(y)) {}
                text.axis x=(one(LEFT - 6.0)) y=(one(y + 4.0)) text-anchor="end" {
                    (numbers::rating(lang, at))
                }
            }
            polyline.rating-line points=(points.join(" ")) {}
            @for (i, &v) in values.iter().enumerate() {
                circle.rating-dot cx=(one(x(i))) cy=(one(scale.y(v))) r="4" {
                    title {
                        @match i.checked_sub(1).and_then(|n| steps.get(n)) {
                            Some(step) => (point(step)),
                            None => (numbers::rating(lang, v)),
                        }
                    }
                }
            }
        }
    }
}

/// The ratings the plot spans, from `low` (its bottom) to `high` (its top), with a line every
/// `step`.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Scale {
    /// The rating at the plot's bottom.
    low: f64,
    /// The rating at its top.
    high: f64,
    /// The ratings between two lines.
    step: f64,
}

impl Scale {
    /// A scale of round numbers around `values` (not empty).
    fn of(values: &[f64]) -> Scale {
        let min = values.iter().copied().fold(f64::INFINITY, f64::min);
        let max = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let (mut min, mut max) = if min.is_finite() && max.is_finite() {
            (min, max)
        } else {
            (1500.0, 1500.0)
        };
        if max - min < MIN_SPAN {
            let middle = f64::midpoint(min, max);
            min = middle - MIN_SPAN / 2.0;
            max = middle + MIN_SPAN / 2.0;
        }
        let step = STEPS
            .into_iter()
            .find(|step| (max - min) / step <= MAX_LINES)
            .unwrap_or(STEPS[STEPS.len() - 1]);
        Scale {
            low: (min / step).floor() * step,
            high: (max / step).ceil() * step,
            step,
        }
    }

    /// Where `rating` is drawn, downwards from the top.
    fn y(self, rating: f64) -> f64 {
        BOTTOM - (BOTTOM - TOP) * (rating - self.low) / (self.high - self.low)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_service::clock::Timestamp;
    use dama_service::ids::GameId;

    fn step(game: i64, before: f64, after: f64) -> RatingStep {
        RatingStep {
            game: GameId(game),
            ended_at: Timestamp::from_millis(0),
            before,
            after,
        }
    }

    #[test]
    fn the_scale_is_of_round_numbers_and_never_flat() {
        let flat = Scale::of(&[1500.0, 1500.0]);
        assert_eq!(
            flat,
            Scale {
                low: 1450.0,
                high: 1550.0,
                step: 25.0
            }
        );
        let wide = Scale::of(&[1180.0, 1720.0]);
        assert_eq!(
            wide,
            Scale {
                low: 1100.0,
                high: 1800.0,
                step: 100.0
            }
        );
        for scale in [flat, wide] {
            assert!((scale.y(scale.low) - BOTTOM).abs() < 1e-9);
            assert!((scale.y(scale.high) - TOP).abs() < 1e-9);
        }
    }

    #[test]
    fn a_graph_has_a_point_before_the_first_game_and_after_each() {
        let steps = [step(3, 1500.0, 1662.3), step(7, 1662.3, 1590.0)];
        let svg = svg(Language::En, &steps, "Rating <graph>", |s| {
            format!("Game #{}", s.game)
        })
        .into_string();
        assert!(svg.starts_with("<svg class=\"rating-graph\""), "{svg}");
        assert!(svg.contains("aria-label=\"Rating &lt;graph&gt;\""), "{svg}");
        assert_eq!(svg.matches("<circle").count(), 3, "{svg}");
        assert!(svg.contains("<title>1500</title>"), "{svg}");
        assert!(svg.contains("<title>Game #3</title>"), "{svg}");
        assert!(svg.contains("<title>Game #7</title>"), "{svg}");
        let polyline = svg
            .split("points=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .unwrap_or_default();
        assert_eq!(polyline.split(' ').count(), 3, "{polyline}");
        assert!(polyline.starts_with(&format!("{LEFT:.1},")), "{polyline}");
        assert!(svg.ends_with("</svg>"));
        let none = super::svg(Language::En, &[], "x", |_| String::new());
        assert_eq!(none.into_string(), "");
    }
}
