//! The sequential probability ratio test of `--sprt`, on game pairs (the pentanomial model of
//! fastchess and OpenBench) and logistic Elo.
//!
//! A pair is two games with the same seed and the seats swapped; its score for player A is 0,
//! ½, 1, 1½ or 2 points. With `n` pairs, `x̄` the mean pair score per game (points / 2) and `σ²`
//! its variance per pair, and `s(e) = 1 / (1 + 10^(−e/400))` the score of logistic Elo `e`, the
//! log-likelihood ratio of H1 (`elo = elo1`) against H0 (`elo = elo0`) under the normal
//! approximation is
//!
//! ```text
//! llr = n (s1 − s0) (2x̄ − s0 − s1) / (2σ²)
//! ```
//!
//! and the test stops at `llr <= ln(β / (1 − α))` (H0 accepted) or `llr >= ln((1 − β) / α)` (H1
//! accepted). `x̄` and `σ²` are taken over the pairs played plus one virtual pair of an even
//! match (¼ two losses, ½ one point, ¼ two wins), so that a first few identical pairs, whose
//! variance is zero, cannot decide the test: two equal players whose first pair happens to be
//! two wins would otherwise cross a bound at once.

use crate::runner::command_line::bad_value::BadOptionValue;
use std::str::FromStr;

/// The hypotheses and error rates of a test.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Sprt {
    /// Elo under H0.
    pub(crate) elo0: f64,
    /// Elo under H1 (above `elo0`).
    pub(crate) elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub(crate) alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub(crate) beta: f64,
}

/// What the test concludes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// The lower bound is crossed: A is not `elo1` better.
    H0,
    /// The upper bound is crossed: A is better than `elo0`.
    H1,
    /// Neither bound crossed yet.
    Continue,
}

/// Pair scores counted by outcome: index `k` holds the pairs where A scored `k / 2` points.
pub(crate) type Pentanomial = [u32; 5];

/// The expected score of logistic Elo `elo`.
pub(crate) fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Sprt {
    /// The (lower, upper) bounds of the log-likelihood ratio.
    pub(crate) fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 after these pairs (0 before any).
    pub(crate) fn llr(&self, pairs: &Pentanomial) -> f64 {
        let n: u32 = pairs.iter().sum();
        if n == 0 {
            return 0.0;
        }
        const EVEN_PAIR: [f64; 5] = [0.25, 0.0, 0.5, 0.0, 0.25];
        let counts: Vec<f64> = pairs
            .iter()
            .zip(EVEN_PAIR)
            .map(|(&c, prior)| f64::from(c) + prior)
            .collect();
        let total: f64 = counts.iter().sum();
        let score = |k: usize| k as f64 / 4.0;
        let mean: f64 = (0..5).map(|k| counts[k] / total * score(k)).sum();
        let variance: f64 = (0..5)
            .map(|k| counts[k] / total * (score(k) - mean).powi(2))
            .sum();
        let (s0, s1) = (score_of_elo(self.elo0), score_of_elo(self.elo1));
        f64::from(n) * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }

    /// The verdict at this log-likelihood ratio.
    pub(crate) fn verdict(&self, llr: f64) -> Verdict {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }

    /// `sprt: llr=<x> lower=<a> upper=<b> result=<H0|H1|none>`.
    pub(crate) fn line(&self, pairs: &Pentanomial) -> String {
        let llr = self.llr(pairs);
        let (lower, upper) = self.bounds();
        let result = match self.verdict(llr) {
            Verdict::H0 => "H0",
            Verdict::H1 => "H1",
            Verdict::Continue => "none",
        };
        format!("sprt: llr={llr:.2} lower={lower:.2} upper={upper:.2} result={result}")
    }
}

/// A `--sprt` value that is not `ELO0,ELO1[,ALPHA,BETA]` with `ELO0 < ELO1` and the error rates
/// in (0, 1) summing under 1.
pub(crate) type SprtError = BadOptionValue;

/// What `--sprt` expects, for the message of a [`SprtError`].
const SPRT_SHAPE: &str = "ELO0,ELO1[,ALPHA,BETA] with ELO0 < ELO1 and 0 < ALPHA, BETA and \
                          ALPHA + BETA < 1 (such as 0,10 or 0,10,0.05,0.05)";

impl FromStr for Sprt {
    type Err = SprtError;

    fn from_str(text: &str) -> Result<Sprt, SprtError> {
        let bad = || BadOptionValue::new("--sprt", text, SPRT_SHAPE);
        let values = text
            .split(',')
            .map(|v| v.trim().parse::<f64>().ok().filter(|x| x.is_finite()))
            .collect::<Option<Vec<f64>>>()
            .ok_or_else(bad)?;
        let (elo0, elo1, alpha, beta) = match values[..] {
            [elo0, elo1] => (elo0, elo1, 0.05, 0.05),
            [elo0, elo1, alpha, beta] => (elo0, elo1, alpha, beta),
            _ => return Err(bad()),
        };
        let rate = |r: f64| r > 0.0 && r < 1.0;
        if elo0 >= elo1 || !rate(alpha) || !rate(beta) || alpha + beta >= 1.0 {
            return Err(bad());
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() < tolerance
    }

    #[test]
    fn bounds_are_the_textbook_ones() {
        // α = β = 0.05: ln(0.05 / 0.95) = −2.944, ln(0.95 / 0.05) = +2.944 (the ±2.94 that
        // fastchess and OpenBench print for the defaults).
        let sprt: Sprt = "0,10".parse().unwrap();
        let (lower, upper) = sprt.bounds();
        assert!(close(lower, -2.944_439, 1e-6) && close(upper, 2.944_439, 1e-6));
        let sprt: Sprt = "0,5,0.1,0.2".parse().unwrap();
        let (lower, upper) = sprt.bounds();
        // ln(0.2 / 0.9) = −1.504077, ln(0.8 / 0.1) = ln 8 = 2.079442.
        assert!(close(lower, -1.504_077, 1e-6) && close(upper, 2.079_442, 1e-6));
    }

    #[test]
    fn score_of_elo_is_logistic() {
        assert_eq!(score_of_elo(0.0), 0.5);
        // 400 Elo is odds of 10 to 1.
        assert!(close(score_of_elo(400.0), 10.0 / 11.0, 1e-12));
        assert!(close(score_of_elo(-400.0), 1.0 / 11.0, 1e-12));
    }

    #[test]
    fn llr_matches_a_hand_computation() {
        // 115 pairs: 5 × 0, 20 × ½, 50 × 1, 30 × 1½, 10 × 2 points, plus the even virtual pair:
        // 5.25, 20, 50.5, 30, 10.25 of 116. Per-game pair scores 0, ¼, ½, ¾, 1:
        // mean = (5 + 25.25 + 22.5 + 10.25) / 116 = 63 / 116 = 0.543103;
        // variance = Σ p (x − mean)² = 0.0584869.
        // s0 = s(0) = 0.5, s1 = s(10) = 1 / (1 + 10^(−1/40)) = 0.514387.
        // llr = 115 × 0.014387 × (1.086207 − 1.014387) / (2 × 0.0584869) = 1.0158.
        let sprt: Sprt = "0,10".parse().unwrap();
        let llr = sprt.llr(&[5, 20, 50, 30, 10]);
        assert!(close(llr, 1.0158, 1e-3), "{llr}");
        assert_eq!(sprt.verdict(llr), Verdict::Continue);
        // 100 pairs 1 × 0, 10 × ½, 40 × 1, 30 × 1½, 19 × 2 (+ the virtual pair): mean 0.638614,
        // variance 0.0562812; with [0, 5]: llr = 100 × 0.0071951 × (1.277228 − 1.0071951)
        // / 0.1125625 = 1.7261.
        let sprt: Sprt = "0,5".parse().unwrap();
        assert!(close(sprt.llr(&[1, 10, 40, 30, 19]), 1.7261, 1e-3));
    }

    #[test]
    fn a_clearly_better_player_gives_h1_and_a_worse_one_h0() {
        let sprt: Sprt = "0,10".parse().unwrap();
        assert_eq!(sprt.llr(&[0; 5]), 0.0);
        let better = sprt.llr(&[0, 2, 10, 20, 40]);
        assert_eq!(sprt.verdict(better), Verdict::H1, "{better}");
        let worse = sprt.llr(&[40, 20, 10, 2, 0]);
        assert_eq!(sprt.verdict(worse), Verdict::H0, "{worse}");
        // Equal pairs only: the variance stays positive, the mean sits below s1.
        let even = sprt.llr(&[0, 0, 10, 0, 0]);
        assert!(even.is_finite() && even < 0.0, "{even}");
        // A first few pairs of two wins do not decide; a dozen more do.
        assert!(sprt.llr(&[0, 0, 0, 0, 3]) < 0.25);
        assert_eq!(sprt.verdict(sprt.llr(&[0, 0, 0, 0, 12])), Verdict::Continue);
        assert_eq!(sprt.verdict(sprt.llr(&[0, 0, 0, 0, 13])), Verdict::H1);
        assert!(sprt.line(&[0, 2, 10, 20, 40]).ends_with("result=H1"));
        assert!(sprt
            .line(&[0; 5])
            .eq("sprt: llr=0.00 lower=-2.94 upper=2.94 result=none"));
    }

    #[test]
    fn malformed_values_are_refused() {
        for bad in [
            "",
            "0",
            "10,0",
            "0,10,0.05",
            "0,10,0,0.05",
            "0,10,0.6,0.5",
            "a,b",
            "0,inf",
            "0,10,",
            "0,10,0.05,1",
        ] {
            assert!(bad.parse::<Sprt>().is_err(), "{bad}");
        }
        let ok: Sprt = "-5, 5".parse().unwrap();
        assert_eq!(
            (ok.elo0, ok.elo1, ok.alpha, ok.beta),
            (-5.0, 5.0, 0.05, 0.05)
        );
    }
}
