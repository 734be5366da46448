//! Match statistics: the Elo difference implied by a score, and its 95 % confidence interval.

use crate::runner::stats::tally::{elo_text, Score};

/// Win/draw/loss counts from A's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct HeadToHead {
    pub(crate) a_wins: u32,
    pub(crate) draws: u32,
    pub(crate) b_wins: u32,
}

/// A's score, from A's point of view: its wins, the draws, its losses (B's wins).
impl From<Score> for HeadToHead {
    fn from(score: Score) -> HeadToHead {
        HeadToHead {
            a_wins: score.wins,
            draws: score.draws,
            b_wins: score.losses,
        }
    }
}

impl HeadToHead {
    /// Games counted.
    pub(crate) fn games(&self) -> u32 {
        self.a_wins + self.draws + self.b_wins
    }

    /// A's mean score per game (win 1, draw ½), `None` before any game.
    pub(crate) fn score(&self) -> Option<f64> {
        let games = self.games();
        (games > 0)
            .then(|| (f64::from(self.a_wins) + 0.5 * f64::from(self.draws)) / f64::from(games))
    }

    /// The Elo difference of A over B implied by the score, and the half-width of its 95 %
    /// interval (normal approximation over the per-game scores). Infinite when the score is 0 or
    /// 1 (or the interval reaches them); `None` before any game.
    pub(crate) fn elo(&self) -> Option<(f64, f64)> {
        let score = self.score()?;
        let n = f64::from(self.games());
        let elo = elo_from_score(score);
        if !elo.is_finite() || self.games() < 2 {
            return Some((elo, f64::INFINITY));
        }
        let variance = (f64::from(self.a_wins) * (1.0 - score).powi(2)
            + f64::from(self.draws) * (0.5 - score).powi(2)
            + f64::from(self.b_wins) * score.powi(2))
            / n;
        let margin = 1.96 * (variance / n).sqrt();
        let half_width = (elo_from_score(score + margin) - elo_from_score(score - margin)) / 2.0;
        Some((elo, half_width))
    }

    /// `elo=<±E or ±inf> ci95=<C or inf>`, as the summary line prints it.
    pub(crate) fn elo_text(&self) -> String {
        match self.elo() {
            None => "elo=+0 ci95=inf".to_string(),
            Some((elo, ci)) => format!("elo={} ci95={}", elo_text(elo), unsigned(ci)),
        }
    }
}

/// `-400 log10(1/s - 1)`: infinite at 0 and 1.
pub(crate) fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

fn unsigned(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.0}")
    } else {
        "inf".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(a_wins: u32, draws: u32, b_wins: u32) -> HeadToHead {
        HeadToHead {
            a_wins,
            draws,
            b_wins,
        }
    }

    #[test]
    fn even_score_is_zero_elo() {
        assert_eq!(elo_from_score(0.5), 0.0);
        let t = tally(5, 0, 5);
        let (elo, ci) = t.elo().unwrap();
        assert_eq!(elo, 0.0);
        assert!(ci > 100.0 && ci < 1000.0, "{ci}");
        assert!(t.elo_text().starts_with("elo=+0 ci95="));
    }

    #[test]
    fn known_scores_give_known_elo() {
        // 75 % is about +191 Elo, 25 % about -191.
        assert!((elo_from_score(0.75) - 190.85).abs() < 0.1);
        assert_eq!(
            tally(3, 0, 1).elo_text().split(' ').next(),
            Some("elo=+191")
        );
        assert_eq!(
            tally(1, 0, 3).elo_text().split(' ').next(),
            Some("elo=-191")
        );
    }

    #[test]
    fn perfect_scores_are_infinite() {
        assert_eq!(tally(50, 0, 0).elo_text(), "elo=+inf ci95=inf");
        assert_eq!(tally(0, 0, 50).elo_text(), "elo=-inf ci95=inf");
        assert_eq!(tally(0, 0, 0).elo_text(), "elo=+0 ci95=inf");
    }

    #[test]
    fn interval_narrows_with_more_games() {
        let (_, small) = tally(6, 2, 2).elo().unwrap();
        let (_, large) = tally(60, 20, 20).elo().unwrap();
        assert!(large < small);
    }

    #[test]
    fn draws_count_half() {
        assert_eq!(tally(0, 4, 0).score(), Some(0.5));
        assert_eq!(tally(1, 2, 1).score(), Some(0.5));
    }
}
